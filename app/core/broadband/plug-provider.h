/* plug-provider.h: A mobile broadband provider from the provider database
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "plug-provider-apn.h"

G_BEGIN_DECLS

/**
 * PlugProviderMatch:
 * @PLUG_PROVIDER_MATCH_NONE: no network of the provider has the code
 * @PLUG_PROVIDER_MATCH_TWO_DIGIT_MNC: the database lists the network
 *   with a two-digit MNC, which the code matches with or without a
 *   leading zero
 * @PLUG_PROVIDER_MATCH_THREE_DIGIT_MNC: the database lists the network
 *   with a three-digit MNC, and the code matches it
 *
 * How well an MCC-MNC matches a provider; a three-digit match is the
 * better one, as in libnma.
 */
typedef enum {
  PLUG_PROVIDER_MATCH_NONE,
  PLUG_PROVIDER_MATCH_TWO_DIGIT_MNC,
  PLUG_PROVIDER_MATCH_THREE_DIGIT_MNC,
} PlugProviderMatch;

#define PLUG_TYPE_PROVIDER (plug_provider_get_type ())

G_DECLARE_FINAL_TYPE (PlugProvider, plug_provider, PLUG, PROVIDER, GObject)

const char         *plug_provider_get_name              (PlugProvider *self);
const char         *plug_provider_get_name_for_language (PlugProvider *self,
                                                         const char   *language);
const char         *plug_provider_get_display_name      (PlugProvider *self);
const char         *plug_provider_get_country_code      (PlugProvider *self);
gboolean            plug_provider_is_primary            (PlugProvider *self);

gboolean            plug_provider_has_gsm               (PlugProvider *self);
const char * const *plug_provider_get_mcc_mnc           (PlugProvider *self);
GPtrArray          *plug_provider_get_apns              (PlugProvider *self);
PlugProviderMatch   plug_provider_match_mcc_mnc         (PlugProvider *self,
                                                         const char   *mcc_mnc);
const char * const *plug_provider_get_gid1              (PlugProvider *self);
guint               plug_provider_match_gid1            (PlugProvider *self,
                                                         const char   *gid1);
gboolean            plug_provider_has_name              (PlugProvider *self,
                                                         const char   *name);

gboolean            plug_provider_has_cdma              (PlugProvider *self);
const guint32      *plug_provider_get_cdma_sids         (PlugProvider *self,
                                                         guint        *n_sids);
const char         *plug_provider_get_cdma_username     (PlugProvider *self);
const char         *plug_provider_get_cdma_password     (PlugProvider *self);
const char * const *plug_provider_get_cdma_dns          (PlugProvider *self);

gboolean            plug_provider_matches_text          (PlugProvider *self,
                                                         const char   *text);

gboolean            plug_mcc_mnc_is_valid               (const char   *mcc_mnc);
gboolean            plug_mcc_mnc_normalize              (const char   *mcc_mnc,
                                                         char          normalized[7]);
gboolean            plug_gid1_is_valid                  (const char   *gid1);

G_END_DECLS
