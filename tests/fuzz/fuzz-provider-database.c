/* fuzz-provider-database.c: Any bytes as a mobile broadband provider database
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "plug-fuzz.h"
#include "plug-provider-database.h"

/*
 * The database is a file any package, or anyone who can write to
 * /usr/share, provides (bad-input items 41–45, tests/RELIABILITY.md).
 * Parsing it must give a database or an error, never both and never
 * neither, and never crash or leak. What it gives must then hold together: every provider is found
 * by its country, each of its network codes and its own name.
 */

static void
assert_found (GPtrArray    *result,
              PlugProvider *provider)
{
  g_assert_nonnull (result);
  g_assert_true (g_ptr_array_find (result, provider, NULL));
}

static void
check_apn (PlugProviderApn *apn)
{
  const char * const *dns = plug_provider_apn_get_dns (apn);

  g_assert_nonnull (plug_provider_apn_get_apn (apn));
  g_assert_true (g_utf8_validate (plug_provider_apn_get_apn (apn), -1, NULL));
  /* A plan's name is optional. */
  if (plug_provider_apn_get_display_name (apn) != NULL)
    g_assert_true (g_utf8_validate (plug_provider_apn_get_display_name (apn), -1, NULL));

  /* Read every field, so that the sanitizers see each one. */
  (void) plug_provider_apn_get_usage (apn);
  (void) plug_provider_apn_is_for_internet (apn);
  (void) plug_provider_apn_get_plans (apn);
  (void) plug_provider_apn_get_username (apn);
  (void) plug_provider_apn_get_password (apn);
  (void) plug_provider_apn_get_authentication (apn);
  (void) plug_provider_apn_get_gateway (apn);
  (void) plug_provider_apn_get_name_for_language (apn, "de");
  for (guint i = 0; dns != NULL && dns[i] != NULL; i++)
    g_assert_true (g_utf8_validate (dns[i], -1, NULL));
}

static void
check_provider (PlugProviderDatabase *database,
                PlugProvider         *provider)
{
  const char *name = plug_provider_get_name (provider);
  const char *country_code = plug_provider_get_country_code (provider);
  const char * const *mcc_mnc = plug_provider_get_mcc_mnc (provider);
  GPtrArray *apns = plug_provider_get_apns (provider);
  const guint32 *sids;
  guint n_sids = 0;
  g_autoptr(GPtrArray) by_country = NULL;
  g_autoptr(GPtrArray) by_name = NULL;

  g_assert_nonnull (name);
  g_assert_true (g_utf8_validate (name, -1, NULL));
  g_assert_nonnull (plug_provider_get_display_name (provider));
  g_assert_nonnull (country_code);

  by_country = plug_provider_database_lookup_country (database, country_code);
  assert_found (by_country, provider);

  by_name = plug_provider_database_search (database, name);
  assert_found (by_name, provider);
  g_assert_true (plug_provider_matches_text (provider, name));

  for (guint i = 0; mcc_mnc != NULL && mcc_mnc[i] != NULL; i++)
    {
      g_autoptr(GPtrArray) by_network = NULL;

      g_assert_true (plug_mcc_mnc_is_valid (mcc_mnc[i]));
      g_assert_cmpint (plug_provider_match_mcc_mnc (provider, mcc_mnc[i]), !=, PLUG_PROVIDER_MATCH_NONE);
      by_network = plug_provider_database_lookup_mcc_mnc (database, mcc_mnc[i]);
      assert_found (by_network, provider);
    }

  for (guint i = 0; apns != NULL && i < apns->len; i++)
    check_apn (g_ptr_array_index (apns, i));

  sids = plug_provider_get_cdma_sids (provider, &n_sids);
  g_assert_true (n_sids == 0 || sids != NULL);
  (void) plug_provider_has_gsm (provider);
  (void) plug_provider_has_cdma (provider);
  (void) plug_provider_get_cdma_username (provider);
  (void) plug_provider_get_cdma_password (provider);
  (void) plug_provider_get_cdma_dns (provider);
  (void) plug_provider_is_primary (provider);
  (void) plug_provider_get_name_for_language (provider, "de");
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(PlugProviderDatabase) database = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) country_codes = NULL;
  g_autoptr(GPtrArray) everything = NULL;
  GPtrArray *providers;

  plug_fuzz_init_once ();

  database = plug_provider_database_new_from_data ((const char *) data, size, &error);
  if (database == NULL)
    {
      g_assert_nonnull (error);
      g_assert_nonnull (error->message);
      g_assert_true (error->domain == PLUG_PROVIDER_DATABASE_ERROR ||
                     error->domain == G_MARKUP_ERROR);
      return 0;
    }
  g_assert_no_error (error);

  providers = plug_provider_database_get_providers (database);
  g_assert_nonnull (providers);
  for (guint i = 0; i < providers->len; i++)
    check_provider (database, g_ptr_array_index (providers, i));

  country_codes = plug_provider_database_dup_country_codes (database);
  g_assert_nonnull (country_codes);
  for (guint i = 0; country_codes[i] != NULL; i++)
    {
      g_autoptr(GPtrArray) by_country = plug_provider_database_lookup_country (database, country_codes[i]);

      g_assert_cmpuint (by_country->len, >, 0);
    }

  everything = plug_provider_database_query (database, NULL, NULL, NULL);
  g_assert_cmpuint (everything->len, ==, providers->len);

  return 0;
}
