/* plug-provider-private.h: What the provider database fills in while it parses
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "plug-provider.h"
#include "plug-provider-apn.h"

G_BEGIN_DECLS

/*
 * Providers and APNs are immutable once the database has loaded them, and
 * only the database's parser creates them. Rather than a setter for every
 * field, the parser (plug-provider-database.c) fills the structures in
 * directly; nothing else includes this header.
 *
 * Strings are NULL when the database leaves them out or empty. Arrays that
 * are handed out as string vectors (mcc_mnc, gid1, dns) are NULL-terminated by
 * plug_provider_seal() and plug_provider_apn_seal().
 */

struct _PlugProviderApn
{
  GObject           parent_instance;

  char             *apn;
  char             *name;
  GPtrArray        *translated_names;  /* language, name, language, name… */
  const char       *usage;             /* interned */
  PlugProviderPlan  plans;
  char             *username;
  char             *password;
  const char       *authentication;    /* interned */
  char             *gateway;
  GPtrArray        *dns;
};

struct _PlugProvider
{
  GObject           parent_instance;

  char             *name;
  GPtrArray        *translated_names;  /* language, name, language, name… */
  char             *country_code;      /* lower case, as in the database */
  gboolean          primary;

  gboolean          has_gsm;
  GPtrArray        *mcc_mnc;           /* as listed: MCC then a 2 or 3 digit MNC */
  GPtrArray        *gid1;              /* upper-case hexadecimal */
  GPtrArray        *apns;              /* PlugProviderApn */

  gboolean          has_cdma;
  GArray           *cdma_sids;         /* guint32 */
  char             *cdma_username;
  char             *cdma_password;
  GPtrArray        *cdma_dns;
};

PlugProvider    *plug_provider_new                (const char    *country_code);
void             plug_provider_seal               (PlugProvider  *self);
PlugProviderApn *plug_provider_apn_new            (const char    *apn);
void             plug_provider_apn_seal           (PlugProviderApn *self);

void             plug_translated_names_add        (GPtrArray    **translated_names,
                                                   const char    *language,
                                                   char          *name);
const char      *plug_translated_names_lookup     (GPtrArray     *translated_names,
                                                   const char    *language);
const char      *plug_translated_names_for_locale (GPtrArray     *translated_names,
                                                   const char    *fallback);

gboolean         plug_provider_matches_folded_text (PlugProvider *self,
                                                    const char   *folded_text);

G_END_DECLS
