/* plug-provider-apn.h: One APN of a provider, with the plan it belongs to
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * PlugProviderPlan:
 * @PLUG_PROVIDER_PLAN_NONE: the database does not say
 * @PLUG_PROVIDER_PLAN_PREPAID: for prepaid (pay as you go) plans
 * @PLUG_PROVIDER_PLAN_POSTPAID: for postpaid (contract) plans
 *
 * The kinds of plan an APN is for; an APN can be for both.
 */
typedef enum {
  PLUG_PROVIDER_PLAN_NONE     = 0,
  PLUG_PROVIDER_PLAN_PREPAID  = 1 << 0,
  PLUG_PROVIDER_PLAN_POSTPAID = 1 << 1,
} PlugProviderPlan;

#define PLUG_TYPE_PROVIDER_APN (plug_provider_apn_get_type ())

G_DECLARE_FINAL_TYPE (PlugProviderApn, plug_provider_apn, PLUG, PROVIDER_APN, GObject)

const char         *plug_provider_apn_get_apn               (PlugProviderApn *self);
const char         *plug_provider_apn_get_name              (PlugProviderApn *self);
const char         *plug_provider_apn_get_name_for_language (PlugProviderApn *self,
                                                             const char      *language);
const char         *plug_provider_apn_get_display_name      (PlugProviderApn *self);
const char         *plug_provider_apn_get_usage             (PlugProviderApn *self);
gboolean            plug_provider_apn_is_for_internet       (PlugProviderApn *self);
gboolean            plug_provider_apn_check                 (PlugProviderApn  *self,
                                                             GError          **error);
PlugProviderPlan    plug_provider_apn_get_plans             (PlugProviderApn *self);
const char         *plug_provider_apn_get_username          (PlugProviderApn *self);
const char         *plug_provider_apn_get_password          (PlugProviderApn *self);
const char         *plug_provider_apn_get_authentication    (PlugProviderApn *self);
const char         *plug_provider_apn_get_gateway           (PlugProviderApn *self);
const char * const *plug_provider_apn_get_dns               (PlugProviderApn *self);

const char         *plug_provider_plan_get_id               (PlugProviderPlan plan);

G_END_DECLS
