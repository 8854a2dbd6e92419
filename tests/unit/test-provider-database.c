/* test-provider-database.c: The mobile broadband provider database and plugboardctl broadband providers
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "plug-broadband-connection.h"
#include "plug-provider-database.h"

/*
 * The fixtures in tests/fixtures/providers/ are small made-up databases,
 * valid and broken; the real database (mobile-broadband-provider-info,
 * needed to build Plugboard) is parsed too, for a few facts that have held
 * for years. $XDG_DATA_HOME is a directory of the test's own, empty but
 * while a test puts a user override there. (G_TEST_OPTION_ISOLATE_DIRS
 * would do the same, but leaks the old paths on purpose, which
 * LeakSanitizer reports.)
 */

static char *
fixture_path (const char *name)
{
  return g_build_filename (g_getenv ("PLUG_SOURCE_DIR"), "tests", "fixtures", "providers",
                           name, NULL);
}

static PlugProviderDatabase *
load_fixture (const char *name)
{
  g_autofree char *path = fixture_path (name);
  g_autoptr(GError) error = NULL;
  PlugProviderDatabase *database;

  database = plug_provider_database_load_sync (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (database);
  g_assert_cmpstr (plug_provider_database_get_path (database), ==, path);

  return database;
}

static PlugProvider *
find_provider (PlugProviderDatabase *database,
               const char           *name)
{
  GPtrArray *providers = plug_provider_database_get_providers (database);

  for (guint i = 0; i < providers->len; i++)
    {
      PlugProvider *provider = g_ptr_array_index (providers, i);

      if (g_str_equal (plug_provider_get_name (provider), name))
        return provider;
    }

  g_assert_not_reached ();
}

static PlugProviderApn *
apn_at (PlugProvider *provider,
        guint         index)
{
  GPtrArray *apns = plug_provider_get_apns (provider);

  g_assert_nonnull (apns);
  g_assert_cmpuint (index, <, apns->len);

  return g_ptr_array_index (apns, index);
}

static void
assert_names (GPtrArray  *providers,
              const char *expected)
{
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint i = 0; i < providers->len; i++)
    g_string_append_printf (names, "%s%s", i > 0 ? "," : "",
                            plug_provider_get_name (g_ptr_array_index (providers, i)));

  g_assert_cmpstr (names->str, ==, expected);
}

/* --- the valid fixture ------------------------------------------------- */

static void
test_parse_providers (void)
{
  g_autoptr(PlugProviderDatabase) database = load_fixture ("valid.xml");
  GPtrArray *providers = plug_provider_database_get_providers (database);
  g_auto(GStrv) countries = plug_provider_database_dup_country_codes (database);
  const char * const expected_countries[] = { "de", "pl", "us", NULL };
  PlugProvider *testnet;
  PlugProvider *polish;

  assert_names (providers, "Testnet MVNO,Testnet,Threedigit,Padded,Twodigit,Cdmaonly,Tylko Polski");
  g_assert_cmpstrv (countries, expected_countries);

  testnet = find_provider (database, "Testnet");
  g_assert_cmpstr (plug_provider_get_country_code (testnet), ==, "de");
  g_assert_true (plug_provider_is_primary (testnet));
  g_assert_false (plug_provider_is_primary (find_provider (database, "Testnet MVNO")));
  g_assert_cmpstr (plug_provider_get_name_for_language (testnet, "de"), ==, "Prüfnetz");
  g_assert_null (plug_provider_get_name_for_language (testnet, "fr"));
  g_assert_true (plug_provider_has_gsm (testnet));
  g_assert_false (plug_provider_has_cdma (testnet));
  /* Both spellings of 262/01 are kept as listed; “26x” is not a code. */
  g_assert_cmpstrv (plug_provider_get_mcc_mnc (testnet),
                    ((const char * const[]) { "26201", "262001", NULL }));
  g_assert_cmpuint (plug_provider_get_apns (testnet)->len, ==, 4);

  /* A provider with only a translated name is known by it. */
  polish = find_provider (database, "Tylko Polski");
  g_assert_cmpstr (plug_provider_get_country_code (polish), ==, "pl");
  g_assert_cmpstr (plug_provider_get_name_for_language (polish, "pl"), ==, "Tylko Polski");
}

static void
test_parse_apns (void)
{
  g_autoptr(PlugProviderDatabase) database = load_fixture ("valid.xml");
  PlugProvider *testnet = find_provider (database, "Testnet");
  PlugProviderApn *apn;

  /* Every field, with white space around the APN trimmed. */
  apn = apn_at (testnet, 0);
  g_assert_cmpstr (plug_provider_apn_get_apn (apn), ==, "internet.testnet.example");
  g_assert_cmpstr (plug_provider_apn_get_name (apn), ==, "Internet");
  g_assert_cmpstr (plug_provider_apn_get_name_for_language (apn, "de"), ==, "Netzzugang");
  g_assert_cmpstr (plug_provider_apn_get_usage (apn), ==, "internet");
  g_assert_true (plug_provider_apn_is_for_internet (apn));
  g_assert_cmpint (plug_provider_apn_get_plans (apn), ==, PLUG_PROVIDER_PLAN_POSTPAID);
  g_assert_cmpstr (plug_provider_apn_get_username (apn), ==, "user");
  g_assert_cmpstr (plug_provider_apn_get_password (apn), ==, "secret");
  g_assert_cmpstr (plug_provider_apn_get_authentication (apn), ==, "chap");
  g_assert_cmpstr (plug_provider_apn_get_gateway (apn), ==, "10.0.0.254");
  g_assert_cmpstrv (plug_provider_apn_get_dns (apn),
                    ((const char * const[]) { "10.0.0.1", "10.0.0.2", NULL }));

  apn = apn_at (testnet, 1);
  g_assert_cmpstr (plug_provider_apn_get_apn (apn), ==, "prepaid.testnet.example");
  g_assert_cmpstr (plug_provider_apn_get_name (apn), ==, "Prepaid");
  g_assert_cmpint (plug_provider_apn_get_plans (apn), ==, PLUG_PROVIDER_PLAN_PREPAID);
  g_assert_null (plug_provider_apn_get_username (apn));
  g_assert_null (plug_provider_apn_get_authentication (apn));
  g_assert_null (plug_provider_apn_get_dns (apn));

  /* MMS-only: not offered for internet; <mmsc> and <mmsproxy> skipped. */
  apn = apn_at (testnet, 2);
  g_assert_cmpstr (plug_provider_apn_get_apn (apn), ==, "mms.testnet.example");
  g_assert_cmpstr (plug_provider_apn_get_usage (apn), ==, "mms");
  g_assert_false (plug_provider_apn_is_for_internet (apn));
  g_assert_cmpint (plug_provider_apn_get_plans (apn), ==, PLUG_PROVIDER_PLAN_NONE);

  /* Both plans; no usage, which means internet; empty strings are none. */
  apn = apn_at (testnet, 3);
  g_assert_cmpint (plug_provider_apn_get_plans (apn), ==,
                   PLUG_PROVIDER_PLAN_PREPAID | PLUG_PROVIDER_PLAN_POSTPAID);
  g_assert_null (plug_provider_apn_get_usage (apn));
  g_assert_true (plug_provider_apn_is_for_internet (apn));
  g_assert_null (plug_provider_apn_get_name (apn));
  g_assert_null (plug_provider_apn_get_display_name (apn));
  g_assert_null (plug_provider_apn_get_username (apn));
  g_assert_null (plug_provider_apn_get_password (apn));
  g_assert_cmpstr (plug_provider_apn_get_authentication (apn), ==, "pap");

  g_assert_cmpstr (plug_provider_plan_get_id (PLUG_PROVIDER_PLAN_PREPAID), ==, "prepaid");
  g_assert_cmpstr (plug_provider_plan_get_id (PLUG_PROVIDER_PLAN_POSTPAID), ==, "postpaid");
}

static void
test_parse_cdma (void)
{
  g_autoptr(PlugProviderDatabase) database = load_fixture ("valid.xml");
  PlugProvider *cdma = find_provider (database, "Cdmaonly");
  const guint32 *sids;
  guint n_sids;

  g_assert_false (plug_provider_has_gsm (cdma));
  g_assert_true (plug_provider_has_cdma (cdma));
  g_assert_null (plug_provider_get_mcc_mnc (cdma));
  g_assert_null (plug_provider_get_apns (cdma));

  /* “not a number” is left out. */
  sids = plug_provider_get_cdma_sids (cdma, &n_sids);
  g_assert_cmpuint (n_sids, ==, 2);
  g_assert_cmpuint (sids[0], ==, 4100);
  g_assert_cmpuint (sids[1], ==, 4101);
  g_assert_cmpstr (plug_provider_get_cdma_username (cdma), ==, "cdmauser");
  g_assert_cmpstr (plug_provider_get_cdma_password (cdma), ==, "cdmapass");
  g_assert_cmpstrv (plug_provider_get_cdma_dns (cdma),
                    ((const char * const[]) { "192.0.2.53", NULL }));

  /* A GSM provider has no CDMA details. */
  sids = plug_provider_get_cdma_sids (find_provider (database, "Padded"), &n_sids);
  g_assert_null (sids);
  g_assert_cmpuint (n_sids, ==, 0);
}

static void
test_display_name (void)
{
  g_autoptr(PlugProviderDatabase) database = load_fixture ("valid.xml");
  PlugProvider *testnet = find_provider (database, "Testnet");
  PlugProviderApn *apn = apn_at (testnet, 0);

  /* g_get_language_names() follows $LANGUAGE as it changes. */
  g_setenv ("LANGUAGE", "de_DE", TRUE);
  g_assert_cmpstr (plug_provider_get_display_name (testnet), ==, "Prüfnetz");
  g_assert_cmpstr (plug_provider_apn_get_display_name (apn), ==, "Netzzugang");

  g_setenv ("LANGUAGE", "fr", TRUE);
  g_assert_cmpstr (plug_provider_get_display_name (testnet), ==, "Testnet");
  g_assert_cmpstr (plug_provider_apn_get_display_name (apn), ==, "Internet");
  g_unsetenv ("LANGUAGE");
}

/* --- lookups ----------------------------------------------------------- */

static void
assert_lookup (PlugProviderDatabase *database,
               const char           *mcc_mnc,
               const char           *expected)
{
  g_autoptr(GPtrArray) providers = plug_provider_database_lookup_mcc_mnc (database, mcc_mnc);

  assert_names (providers, expected);
}

static void
test_lookup_mcc_mnc (void)
{
  g_autoptr(PlugProviderDatabase) database = load_fixture ("valid.xml");
  PlugProvider *padded = find_provider (database, "Padded");
  PlugProvider *twodigit = find_provider (database, "Twodigit");

  /* The primary provider first, then the MVNO in the file's order;
   * listing 262/01 twice does not list Testnet twice. */
  assert_lookup (database, "26201", "Testnet,Testnet MVNO");
  assert_lookup (database, "262001", "Testnet,Testnet MVNO");

  /* A three-digit MNC is not a two-digit one with a digit more. */
  assert_lookup (database, "310410", "Threedigit");
  assert_lookup (database, "31041", "Padded,Twodigit");
  assert_lookup (database, "310041", "Padded,Twodigit");

  /* libnma's four cases, and the best match named. */
  g_assert_cmpint (plug_provider_match_mcc_mnc (padded, "310041"), ==, PLUG_PROVIDER_MATCH_THREE_DIGIT_MNC);
  g_assert_cmpint (plug_provider_match_mcc_mnc (padded, "31041"), ==, PLUG_PROVIDER_MATCH_THREE_DIGIT_MNC);
  g_assert_cmpint (plug_provider_match_mcc_mnc (twodigit, "310041"), ==, PLUG_PROVIDER_MATCH_TWO_DIGIT_MNC);
  g_assert_cmpint (plug_provider_match_mcc_mnc (twodigit, "31041"), ==, PLUG_PROVIDER_MATCH_TWO_DIGIT_MNC);
  g_assert_cmpint (plug_provider_match_mcc_mnc (twodigit, "310410"), ==, PLUG_PROVIDER_MATCH_NONE);
  g_assert_cmpint (plug_provider_match_mcc_mnc (twodigit, "3104"), ==, PLUG_PROVIDER_MATCH_NONE);

  assert_lookup (database, "99999", "");
  assert_lookup (database, "2620a", "");
  assert_lookup (database, "2620011", "");
}

static void
test_mcc_mnc_rules (void)
{
  char normalized[7];

  g_assert_true (plug_mcc_mnc_is_valid ("22210"));
  g_assert_true (plug_mcc_mnc_is_valid ("310410"));
  g_assert_false (plug_mcc_mnc_is_valid ("2221"));
  g_assert_false (plug_mcc_mnc_is_valid ("2221000"));
  g_assert_false (plug_mcc_mnc_is_valid ("22x10"));
  g_assert_false (plug_mcc_mnc_is_valid (""));
  g_assert_false (plug_mcc_mnc_is_valid (NULL));

  g_assert_true (plug_mcc_mnc_normalize ("22201", normalized));
  g_assert_cmpstr (normalized, ==, "222001");
  g_assert_true (plug_mcc_mnc_normalize ("310410", normalized));
  g_assert_cmpstr (normalized, ==, "310410");
  g_assert_false (plug_mcc_mnc_normalize ("22", normalized));
}

static void
test_lookup_country (void)
{
  g_autoptr(PlugProviderDatabase) database = load_fixture ("valid.xml");
  g_autoptr(GPtrArray) german = plug_provider_database_lookup_country (database, "de");
  g_autoptr(GPtrArray) upper = plug_provider_database_lookup_country (database, "US");
  g_autoptr(GPtrArray) none = plug_provider_database_lookup_country (database, "fr");

  assert_names (german, "Testnet MVNO,Testnet");
  assert_names (upper, "Threedigit,Padded,Twodigit,Cdmaonly");
  assert_names (none, "");
}

static void
test_search (void)
{
  g_autoptr(PlugProviderDatabase) database = load_fixture ("valid.xml");
  g_autoptr(GPtrArray) by_case = plug_provider_database_search (database, "TESTNET");
  g_autoptr(GPtrArray) by_translation = plug_provider_database_search (database, "prüf");
  g_autoptr(GPtrArray) by_middle = plug_provider_database_search (database, "digit");
  g_autoptr(GPtrArray) nothing = plug_provider_database_search (database, "vodafone");
  g_autoptr(GPtrArray) combined = plug_provider_database_query (database, "us", "31041", "TWO");
  g_autoptr(GPtrArray) disjoint = plug_provider_database_query (database, "de", "31041", NULL);

  assert_names (by_case, "Testnet MVNO,Testnet");
  assert_names (by_translation, "Testnet");
  assert_names (by_middle, "Threedigit,Twodigit");
  assert_names (nothing, "");
  assert_names (combined, "Twodigit");
  assert_names (disjoint, "");
  g_assert_true (plug_provider_matches_text (find_provider (database, "Testnet"), "PRÜFNETZ"));
}

/* --- the provider a modem suggests ------------------------------------ */

static void
test_parse_gid1 (void)
{
  g_autoptr(PlugProviderDatabase) database = load_fixture ("suggest.xml");
  PlugProvider *groupnet = find_provider (database, "Groupnet");

  /* In upper case; an odd number of digits and text that is not
   * hexadecimal are left out. */
  g_assert_cmpstrv (plug_provider_get_gid1 (groupnet),
                    ((const char * const[]) { "BA01", "BA0102", NULL }));
  g_assert_null (plug_provider_get_gid1 (find_provider (database, "Hostnet")));

  /* The longest listed GID1 the SIM's starts with, in any case. */
  g_assert_cmpuint (plug_provider_match_gid1 (groupnet, "BA01FFFF"), ==, 4);
  g_assert_cmpuint (plug_provider_match_gid1 (groupnet, "ba0102ff"), ==, 6);
  g_assert_cmpuint (plug_provider_match_gid1 (groupnet, "BA"), ==, 0);
  g_assert_cmpuint (plug_provider_match_gid1 (groupnet, "FFBA01"), ==, 0);
  g_assert_cmpuint (plug_provider_match_gid1 (groupnet, "BA01F"), ==, 0);
  g_assert_cmpuint (plug_provider_match_gid1 (groupnet, NULL), ==, 0);

  g_assert_true (plug_gid1_is_valid ("BA01"));
  g_assert_true (plug_gid1_is_valid ("ba"));
  g_assert_false (plug_gid1_is_valid ("BA0"));
  g_assert_false (plug_gid1_is_valid ("BG"));
  g_assert_false (plug_gid1_is_valid (""));
  g_assert_false (plug_gid1_is_valid (NULL));
}

static void
test_has_name (void)
{
  g_autoptr(PlugProviderDatabase) database = load_fixture ("suggest.xml");
  PlugProvider *groupnet = find_provider (database, "Groupnet");

  /* The whole name, or a translated one, in any case, spaces around it
   * aside; never a part of it. */
  g_assert_true (plug_provider_has_name (groupnet, "Groupnet"));
  g_assert_true (plug_provider_has_name (groupnet, " GROUPNET "));
  g_assert_true (plug_provider_has_name (groupnet, "gruppennetz"));
  g_assert_false (plug_provider_has_name (groupnet, "Group"));
  g_assert_false (plug_provider_has_name (groupnet, "Groupnet Prepaid"));
  g_assert_false (plug_provider_has_name (groupnet, "  "));
  g_assert_false (plug_provider_has_name (groupnet, NULL));
}

typedef struct
{
  const char       *mcc_mnc;
  const char       *spn;
  const char       *gid1;
  guint             sid;
  const char       *expected;
  PlugProviderHint  expected_hint;
} SuggestCase;

static const SuggestCase suggest_cases[] = {
  /* Several providers share 234/15: without more, the primary one, as
   * the wizard chose before SPN and GID1 were read. */
  { "23415", NULL, NULL, 0, "Hostnet", PLUG_PROVIDER_HINT_MCC_MNC },
  { "234015", NULL, NULL, 0, "Hostnet", PLUG_PROVIDER_HINT_MCC_MNC },
  { "23415", "Plugboard Mobile", NULL, 0, "Hostnet", PLUG_PROVIDER_HINT_MCC_MNC },
  { "23415", "", "", 0, "Hostnet", PLUG_PROVIDER_HINT_MCC_MNC },
  /* The SIM's service provider name names the MVNO, wholly. */
  { "23415", "Lycanet", NULL, 0, "Lycanet", PLUG_PROVIDER_HINT_SPN },
  { "23415", " LYCANET ", NULL, 0, "Lycanet", PLUG_PROVIDER_HINT_SPN },
  { "23415", "Gruppennetz", NULL, 0, "Groupnet", PLUG_PROVIDER_HINT_SPN },
  { "23415", "Lyca", NULL, 0, "Hostnet", PLUG_PROVIDER_HINT_MCC_MNC },
  /* The host's own name is an SPN match too. */
  { "23415", "Hostnet", NULL, 0, "Hostnet", PLUG_PROVIDER_HINT_SPN },
  /* The GID1 decides before the name; the longest listed match wins. */
  { "23415", NULL, "BA01FFFF", 0, "Groupnet", PLUG_PROVIDER_HINT_GID1 },
  { "23415", NULL, "ba0102ff", 0, "Groupnet", PLUG_PROVIDER_HINT_GID1 },
  { "23415", NULL, "BAFF", 0, "Shortgroup", PLUG_PROVIDER_HINT_GID1 },
  { "23415", "Lycanet", "BA01FFFF", 0, "Groupnet", PLUG_PROVIDER_HINT_GID1 },
  { "23415", "Lycanet", "FFFF", 0, "Lycanet", PLUG_PROVIDER_HINT_SPN },
  /* Only among the providers of the SIM's MCC-MNC. */
  { "23415", "Othernet", "C0FF", 0, "Hostnet", PLUG_PROVIDER_HINT_MCC_MNC },
  { "99999", "Lycanet", "BA01", 0, NULL, PLUG_PROVIDER_HINT_NONE },
  /* A CDMA network's SID. */
  { NULL, NULL, NULL, 4142, "Sprintnet", PLUG_PROVIDER_HINT_SID },
  { NULL, NULL, NULL, 5142, "Sprintnet", PLUG_PROVIDER_HINT_SID },
  { NULL, NULL, NULL, 4101, "Veriznet", PLUG_PROVIDER_HINT_SID },
  { NULL, NULL, NULL, 4, "Veriznet", PLUG_PROVIDER_HINT_SID },
  { NULL, NULL, NULL, 32000, NULL, PLUG_PROVIDER_HINT_NONE },
  { NULL, NULL, NULL, 99999, NULL, PLUG_PROVIDER_HINT_NONE },
  /* The SIM's MCC-MNC before the SID; a code the database does not
   * know leaves the SID to decide. */
  { "23415", NULL, NULL, 4142, "Hostnet", PLUG_PROVIDER_HINT_MCC_MNC },
  { "99999", NULL, NULL, 4142, "Sprintnet", PLUG_PROVIDER_HINT_SID },
  { "2341x", NULL, NULL, 0, NULL, PLUG_PROVIDER_HINT_NONE },
  /* No hint, no provider. */
  { NULL, NULL, NULL, 0, NULL, PLUG_PROVIDER_HINT_NONE },
};

static void
test_suggest (void)
{
  g_autoptr(PlugProviderDatabase) database = load_fixture ("suggest.xml");
  g_autoptr(PlugProvider) without_hint = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (suggest_cases); i++)
    {
      const SuggestCase *suggest = &suggest_cases[i];
      g_autoptr(PlugProvider) provider = NULL;
      PlugProviderHint hint = -1;

      provider = plug_provider_database_suggest (database, suggest->mcc_mnc, suggest->spn,
                                                 suggest->gid1, suggest->sid, &hint);
      g_test_message ("MCC-MNC %s, SPN %s, GID1 %s, SID %u: %s by %s",
                      suggest->mcc_mnc, suggest->spn, suggest->gid1, suggest->sid,
                      provider != NULL ? plug_provider_get_name (provider) : "none",
                      plug_provider_hint_get_id (hint));
      g_assert_cmpstr (provider != NULL ? plug_provider_get_name (provider) : NULL, ==, suggest->expected);
      g_assert_cmpint (hint, ==, suggest->expected_hint);
    }

  /* The hint is optional. */
  without_hint = plug_provider_database_suggest (database, "23415", NULL, NULL, 0, NULL);
  g_assert_cmpstr (plug_provider_get_name (without_hint), ==, "Hostnet");

  g_assert_cmpstr (plug_provider_hint_get_id (PLUG_PROVIDER_HINT_SID), ==, "sid");
  g_assert_cmpstr (plug_provider_hint_get_id (PLUG_PROVIDER_HINT_MCC_MNC), ==, "mcc-mnc");
  g_assert_cmpstr (plug_provider_hint_get_id (PLUG_PROVIDER_HINT_SPN), ==, "spn");
  g_assert_cmpstr (plug_provider_hint_get_id (PLUG_PROVIDER_HINT_GID1), ==, "gid1");
  g_assert_null (plug_provider_hint_get_id (PLUG_PROVIDER_HINT_NONE));
}

/* --- broken files ------------------------------------------------------ */

typedef struct
{
  const char *fixture;
  GQuark    (*domain) (void);
  int         code;
  const char *message_part;
} BrokenCase;

static const BrokenCase broken_cases[] = {
  { "truncated.xml", g_markup_error_quark, G_MARKUP_ERROR_PARSE, "ended unexpectedly" },
  { "wrong-nesting.xml", g_markup_error_quark, G_MARKUP_ERROR_INVALID_CONTENT,
    "line 6 char 38: <apn> cannot be inside <provider>" },
  { "mismatched-tags.xml", g_markup_error_quark, G_MARKUP_ERROR_PARSE, "line 6" },
  { "not-utf8.xml", g_markup_error_quark, G_MARKUP_ERROR_BAD_UTF8, "UTF-8" },
  { "huge-attribute.xml", plug_provider_database_error_quark, PLUG_PROVIDER_DATABASE_ERROR_TOO_LARGE,
    "the attribute “value” of <apn> is longer than 1024 bytes" },
  { "huge-text.xml", plug_provider_database_error_quark, PLUG_PROVIDER_DATABASE_ERROR_TOO_LARGE,
    "the text of <username> is longer than 4096 bytes" },
  { "empty.xml", g_markup_error_quark, G_MARKUP_ERROR_EMPTY, "empty" },
  { "missing-attribute.xml", g_markup_error_quark, G_MARKUP_ERROR_MISSING_ATTRIBUTE,
    "<apn> needs a “value” attribute" },
  { "unsupported-format.xml", plug_provider_database_error_quark, PLUG_PROVIDER_DATABASE_ERROR_UNSUPPORTED_FORMAT,
    "format “1.0”" },
  { "not-a-database.xml", g_markup_error_quark, G_MARKUP_ERROR_UNKNOWN_ELEMENT,
    "not a mobile broadband provider database" },
  { "nameless-provider.xml", g_markup_error_quark, G_MARKUP_ERROR_INVALID_CONTENT,
    "a provider of country “it” has no name" },
};

static void
test_broken (gconstpointer data)
{
  const BrokenCase *broken = data;
  g_autofree char *path = fixture_path (broken->fixture);
  g_autoptr(PlugProviderDatabase) database = NULL;
  g_autoptr(GError) error = NULL;

  database = plug_provider_database_load_sync (path, NULL, &error);
  g_assert_null (database);
  g_assert_error (error, broken->domain (), broken->code);
  /* The message names the file, so that a user can find it, and where in
   * it the fault is, when there is a where. */
  g_assert_true (g_str_has_prefix (error->message, path));
  if (broken->domain () == G_MARKUP_ERROR && broken->code != G_MARKUP_ERROR_EMPTY &&
      broken->code != G_MARKUP_ERROR_PARSE)
    g_assert_nonnull (strstr (error->message, ": Error on line "));
  if (strstr (error->message, broken->message_part) == NULL)
    g_error ("“%s” does not contain “%s”", error->message, broken->message_part);
}

static void
test_too_large (void)
{
  gsize length = PLUG_PROVIDER_DATABASE_MAX_SIZE + 1;
  g_autofree char *data = g_malloc (length);
  g_autoptr(PlugProviderDatabase) database = NULL;
  g_autoptr(GError) error = NULL;

  memset (data, ' ', length);
  database = plug_provider_database_new_from_data (data, length, &error);
  g_assert_null (database);
  g_assert_error (error, PLUG_PROVIDER_DATABASE_ERROR, PLUG_PROVIDER_DATABASE_ERROR_TOO_LARGE);
}

/* Every file of the fuzzer's seed corpus gives a database or an error,
 * never both, never neither, and never a crash; ASan checks the rest. */
static void
test_corpus (void)
{
  g_autofree char *corpus = g_build_filename (g_getenv ("PLUG_SOURCE_DIR"), "tests", "fuzz",
                                              "corpus", "provider-database", NULL);
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GError) error = NULL;
  const char *name;
  guint n_files = 0;
  guint n_valid = 0;

  dir = g_dir_open (corpus, 0, &error);
  g_assert_no_error (error);

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (corpus, name, NULL);
      g_autofree char *contents = NULL;
      g_autoptr(PlugProviderDatabase) database = NULL;
      g_autoptr(GError) parse_error = NULL;
      gsize length;

      g_file_get_contents (path, &contents, &length, &error);
      g_assert_no_error (error);

      database = plug_provider_database_new_from_data (contents, length, &parse_error);
      g_assert_true ((database != NULL) != (parse_error != NULL));
      if (parse_error != NULL)
        g_assert_cmpstr (parse_error->message, !=, "");
      else
        n_valid++;
      n_files++;
    }

  g_assert_cmpuint (n_files, >=, G_N_ELEMENTS (broken_cases) + 1);
  g_assert_cmpuint (n_valid, >=, 1);
}

/* --- where the database is --------------------------------------------- */

static void
test_search_path (void)
{
  g_autofree char *user_path = g_build_filename (g_get_user_data_dir (),
                                                 "mobile-broadband-provider-info",
                                                 "serviceproviders.xml", NULL);
  g_auto(GStrv) search_path = NULL;
  g_auto(GStrv) overridden = NULL;

  g_unsetenv ("PLUG_PROVIDER_DATABASE");
  search_path = plug_provider_database_dup_search_path ();
  g_assert_cmpstr (search_path[0], ==, user_path);
  g_assert_true (g_strv_contains ((const char * const *) search_path, PROVIDER_DATABASE_PATH));
  g_assert_cmpstr (search_path[g_strv_length (search_path) - 1], ==, PROVIDER_DATABASE_PATH);

  g_setenv ("PLUG_PROVIDER_DATABASE", "/nonexistent/serviceproviders.xml", TRUE);
  overridden = plug_provider_database_dup_search_path ();
  g_assert_cmpstrv (overridden, ((const char * const[]) { "/nonexistent/serviceproviders.xml", NULL }));
  g_unsetenv ("PLUG_PROVIDER_DATABASE");
}

static char *
put_user_override (const char *fixture)
{
  g_autofree char *source = fixture_path (fixture);
  g_autofree char *directory = g_build_filename (g_get_user_data_dir (),
                                                 "mobile-broadband-provider-info", NULL);
  g_autofree char *path = g_build_filename (directory, "serviceproviders.xml", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  g_assert_cmpint (g_mkdir_with_parents (directory, 0700), ==, 0);
  g_file_get_contents (source, &contents, &length, &error);
  g_assert_no_error (error);
  g_file_set_contents (path, contents, (gssize) length, &error);
  g_assert_no_error (error);

  return g_steal_pointer (&path);
}

static void
test_user_override (void)
{
  g_autoptr(PlugProviderDatabase) database = NULL;
  g_autoptr(GError) error = NULL;

  g_autofree char *path = NULL;

  g_unsetenv ("PLUG_PROVIDER_DATABASE");
  path = put_user_override ("valid.xml");

  database = plug_provider_database_load_sync (NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (plug_provider_database_get_path (database), ==, path);
  g_assert_cmpuint (plug_provider_database_get_providers (database)->len, ==, 7);
  g_assert_cmpint (g_unlink (path), ==, 0);
}

/* A broken override is reported, not silently replaced by the system's
 * database: the user would never learn why their changes do nothing. */
static void
test_broken_user_override (void)
{
  g_autoptr(PlugProviderDatabase) database = NULL;
  g_autoptr(GError) error = NULL;

  g_autofree char *path = NULL;

  g_unsetenv ("PLUG_PROVIDER_DATABASE");
  path = put_user_override ("truncated.xml");

  database = plug_provider_database_load_sync (NULL, NULL, &error);
  g_assert_null (database);
  g_assert_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_cmpint (g_unlink (path), ==, 0);
}

static void
test_missing (void)
{
  g_autoptr(PlugProviderDatabase) database = NULL;
  g_autoptr(GError) error = NULL;

  database = plug_provider_database_load_sync ("/nonexistent/serviceproviders.xml", NULL, &error);
  g_assert_null (database);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "/nonexistent/serviceproviders.xml"));
}

/* --- loading asynchronously -------------------------------------------- */

static void
result_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  GAsyncResult **result_out = user_data;

  g_assert_null (*result_out);
  *result_out = g_object_ref (result);
  g_main_context_wakeup (NULL);
}

static void
test_load_async (void)
{
  g_autofree char *path = fixture_path ("valid.xml");
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GAsyncResult) missing_result = NULL;
  g_autoptr(PlugProviderDatabase) database = NULL;
  g_autoptr(PlugProviderDatabase) missing = NULL;
  g_autoptr(GError) error = NULL;

  plug_provider_database_load_async (path, NULL, result_cb, &result);
  plug_provider_database_load_async ("/nonexistent.xml", NULL, result_cb, &missing_result);
  while (result == NULL || missing_result == NULL)
    g_main_context_iteration (NULL, TRUE);

  database = plug_provider_database_load_finish (result, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (plug_provider_database_get_providers (database)->len, ==, 7);

  missing = plug_provider_database_load_finish (missing_result, &error);
  g_assert_null (missing);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
}

/* The shared database is loaded once: callers that ask while it loads get
 * the same one, and so do callers that ask later. */
static void
test_default (void)
{
  g_autofree char *path = fixture_path ("valid.xml");
  g_autoptr(GAsyncResult) first_result = NULL;
  g_autoptr(GAsyncResult) second_result = NULL;
  g_autoptr(GAsyncResult) later_result = NULL;
  g_autoptr(PlugProviderDatabase) first = NULL;
  g_autoptr(PlugProviderDatabase) second = NULL;
  g_autoptr(PlugProviderDatabase) later = NULL;
  g_autoptr(GError) error = NULL;

  g_setenv ("PLUG_PROVIDER_DATABASE", path, TRUE);

  plug_provider_database_get_default_async (NULL, result_cb, &first_result);
  plug_provider_database_get_default_async (NULL, result_cb, &second_result);
  /* Both answers come from the main loop, never from the call. */
  g_assert_null (first_result);
  g_assert_null (second_result);
  while (first_result == NULL || second_result == NULL)
    g_main_context_iteration (NULL, TRUE);

  first = plug_provider_database_get_default_finish (first_result, &error);
  g_assert_no_error (error);
  second = plug_provider_database_get_default_finish (second_result, &error);
  g_assert_no_error (error);
  g_assert_true (first == second);
  g_assert_cmpstr (plug_provider_database_get_path (first), ==, path);

  /* Even with the file gone, the loaded database stays. */
  g_setenv ("PLUG_PROVIDER_DATABASE", "/nonexistent.xml", TRUE);
  plug_provider_database_get_default_async (NULL, result_cb, &later_result);
  while (later_result == NULL)
    g_main_context_iteration (NULL, TRUE);
  later = plug_provider_database_get_default_finish (later_result, &error);
  g_assert_no_error (error);
  g_assert_true (later == first);

  g_unsetenv ("PLUG_PROVIDER_DATABASE");
}

/* --- the real database ------------------------------------------------- */

static void
test_real_database (void)
{
  g_autoptr(PlugProviderDatabase) database = NULL;
  g_autoptr(GPtrArray) italian = NULL;
  g_autoptr(GPtrArray) vodafone = NULL;
  g_autoptr(GPtrArray) vodafone_six = NULL;
  g_autoptr(GPtrArray) tim = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) countries = NULL;
  PlugProvider *provider;
  PlugProviderApn *apn;
  gboolean found_apn = FALSE;

  database = plug_provider_database_load_sync (PROVIDER_DATABASE_PATH, NULL, &error);
  g_assert_no_error (error);

  countries = plug_provider_database_dup_country_codes (database);
  g_assert_cmpuint (g_strv_length (countries), >, 100);
  g_assert_true (g_strv_contains ((const char * const *) countries, "it"));
  g_assert_cmpuint (plug_provider_database_get_providers (database)->len, >, 500);

  italian = plug_provider_database_lookup_country (database, "it");
  g_assert_cmpuint (italian->len, >=, 3);

  /* Vodafone Italy has been network 222/10 with APN mobile.vodafone.it,
   * an internet APN, for as long as the database has existed. */
  vodafone = plug_provider_database_lookup_mcc_mnc (database, "22210");
  g_assert_cmpuint (vodafone->len, >=, 1);
  provider = g_ptr_array_index (vodafone, 0);
  g_assert_cmpstr (plug_provider_get_name (provider), ==, "Vodafone");
  g_assert_cmpstr (plug_provider_get_country_code (provider), ==, "it");
  for (guint i = 0; i < plug_provider_get_apns (provider)->len; i++)
    {
      apn = g_ptr_array_index (plug_provider_get_apns (provider), i);
      if (g_str_equal (plug_provider_apn_get_apn (apn), "mobile.vodafone.it"))
        {
          found_apn = TRUE;
          g_assert_cmpstr (plug_provider_apn_get_usage (apn), ==, "internet");
        }
    }
  g_assert_true (found_apn);

  /* A six-digit SIM code finds the same network. */
  vodafone_six = plug_provider_database_lookup_mcc_mnc (database, "222010");
  g_assert_true (g_ptr_array_index (vodafone_six, 0) == provider);
  tim = plug_provider_database_lookup_mcc_mnc (database, "222001");
  g_assert_cmpuint (tim->len, >=, 1);
  g_assert_cmpstr (plug_provider_get_name (g_ptr_array_index (tim, 0)), ==, "TIM");
}

/* Sprint's SIDs have been in the database since CDMA was added to it. */
static void
test_real_database_suggest (void)
{
  g_autoptr(PlugProviderDatabase) database = NULL;
  g_autoptr(PlugProvider) sprint = NULL;
  g_autoptr(PlugProvider) vodafone = NULL;
  g_autoptr(GError) error = NULL;
  PlugProviderHint hint;

  database = plug_provider_database_load_sync (PROVIDER_DATABASE_PATH, NULL, &error);
  g_assert_no_error (error);

  sprint = plug_provider_database_suggest (database, NULL, NULL, NULL, 4103, &hint);
  g_assert_nonnull (sprint);
  g_assert_cmpstr (plug_provider_get_name (sprint), ==, "Sprint");
  g_assert_cmpstr (plug_provider_get_country_code (sprint), ==, "us");
  g_assert_cmpint (hint, ==, PLUG_PROVIDER_HINT_SID);

  vodafone = plug_provider_database_suggest (database, "22210", "Plugboard Mobile", NULL, 0, &hint);
  g_assert_nonnull (vodafone);
  g_assert_cmpstr (plug_provider_get_name (vodafone), ==, "Vodafone");
  g_assert_cmpint (hint, ==, PLUG_PROVIDER_HINT_MCC_MNC);
}

/* NetworkManager's own verdict on an APN, from the setting's verify(). */
static gboolean
network_manager_accepts_apn (const char *apn)
{
  g_autoptr(NMSetting) setting = nm_setting_gsm_new ();

  g_object_set (setting, NM_SETTING_GSM_APN, apn, NULL);

  return nm_setting_verify (setting, NULL, NULL);
}

/* Every GSM APN of the installed database is either accepted, with the
 * verdict NetworkManager itself gives, or flagged with a reason; the one
 * entry known to break the rule (Zain BH, in every release since 2014)
 * is flagged, and the one with a trailing space (+7Telecom) is not, as
 * NetworkManager strips it. */
static void
test_real_database_apns (void)
{
  g_autoptr(PlugProviderDatabase) database = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *providers;
  guint n_apns = 0;
  guint n_flagged = 0;
  gboolean found_zain = FALSE;

  database = plug_provider_database_load_sync (PROVIDER_DATABASE_PATH, NULL, &error);
  g_assert_no_error (error);

  providers = plug_provider_database_get_providers (database);
  for (guint i = 0; i < providers->len; i++)
    {
      PlugProvider *provider = g_ptr_array_index (providers, i);
      GPtrArray *apns = plug_provider_get_apns (provider);

      for (guint j = 0; apns != NULL && j < apns->len; j++)
        {
          PlugProviderApn *apn = g_ptr_array_index (apns, j);
          g_autoptr(GError) apn_error = NULL;
          gboolean accepted = plug_provider_apn_check (apn, &apn_error);

          n_apns++;
          g_assert_cmpint (accepted, ==, network_manager_accepts_apn (plug_provider_apn_get_apn (apn)));
          if (accepted)
            {
              g_assert_no_error (apn_error);
              continue;
            }

          n_flagged++;
          g_test_message ("flagged: %s (%s): “%s”", plug_provider_get_name (provider),
                          plug_provider_get_country_code (provider), plug_provider_apn_get_apn (apn));
          g_assert_error (apn_error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_APN);
          g_assert_true (g_str_has_prefix (apn_error->message,
                                           "NetworkManager does not accept the provider database’s APN"));
          g_assert_nonnull (strstr (apn_error->message, plug_provider_apn_get_apn (apn)));
          if (g_str_equal (plug_provider_get_name (provider), "Zain BH") &&
              g_str_equal (plug_provider_apn_get_apn (apn), "http://172.18.83.129"))
            found_zain = TRUE;
        }
    }

  g_test_message ("%u APNs, %u flagged", n_apns, n_flagged);
  g_assert_cmpuint (n_apns, >, 1000);
  g_assert_true (found_zain);
  /* A handful at most: a database where many break the rule is not the
   * one this test was written against. */
  g_assert_cmpuint (n_flagged, <, 10);
}

/* --- plugboardctl broadband providers ---------------------------------- */

static int
run_cli (const char  *database,
         char       **standard_output,
         char       **standard_error,
         ...)
{
  g_autofree char *program = g_build_filename (g_getenv ("PLUG_BUILD_DIR"), "app", "cli",
                                               "plugboardctl", NULL);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) environment = g_get_environ ();
  g_autoptr(GError) error = NULL;
  const char *argument;
  int wait_status;
  va_list args;

  g_ptr_array_add (argv, program);
  va_start (args, standard_error);
  while ((argument = va_arg (args, const char *)) != NULL)
    g_ptr_array_add (argv, (char *) argument);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  environment = g_environ_setenv (environment, "PLUG_PROVIDER_DATABASE", database, TRUE);
  environment = g_environ_setenv (environment, "LC_ALL", "C.UTF-8", TRUE);

  g_spawn_sync (NULL, (char **) argv->pdata, environment, G_SPAWN_DEFAULT, NULL, NULL,
                standard_output, standard_error, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));

  return WEXITSTATUS (wait_status);
}

static JsonArray *
parse_json_array (JsonParser *parser,
                  const char *text)
{
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_ARRAY (json_parser_get_root (parser)));

  return json_node_get_array (json_parser_get_root (parser));
}

static void
test_cli_real_mcc_mnc (void)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *output = NULL;
  g_autofree char *errors = NULL;
  JsonArray *providers;
  JsonObject *vodafone;
  JsonObject *gsm;
  JsonArray *apns;
  gboolean found_apn = FALSE;

  g_assert_cmpint (run_cli (PROVIDER_DATABASE_PATH, &output, &errors,
                            "broadband", "providers", "--mcc-mnc", "22210", "--json", NULL), ==, 0);
  providers = parse_json_array (parser, output);
  g_assert_cmpuint (json_array_get_length (providers), >=, 1);

  vodafone = json_array_get_object_element (providers, 0);
  g_assert_cmpstr (json_object_get_string_member (vodafone, "country"), ==, "it");
  g_assert_cmpstr (json_object_get_string_member (vodafone, "name"), ==, "Vodafone");
  g_assert_true (json_object_get_null_member (vodafone, "cdma"));
  gsm = json_object_get_object_member (vodafone, "gsm");
  g_assert_true (json_array_get_length (json_object_get_array_member (gsm, "mcc_mnc")) >= 1);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (gsm, "mcc_mnc"), 0), ==, "22210");
  apns = json_object_get_array_member (gsm, "apns");
  for (guint i = 0; i < json_array_get_length (apns); i++)
    {
      JsonObject *apn = json_array_get_object_element (apns, i);

      if (g_str_equal (json_object_get_string_member (apn, "apn"), "mobile.vodafone.it"))
        found_apn = TRUE;
    }
  g_assert_true (found_apn);
}

static void
test_cli_fixture_json (void)
{
  g_autofree char *path = fixture_path ("valid.xml");
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *output = NULL;
  g_autofree char *errors = NULL;
  JsonArray *providers;
  JsonObject *provider;
  JsonObject *apn;
  JsonObject *cdma;
  JsonArray *plans;
  g_autoptr(GList) members = NULL;

  g_assert_cmpint (run_cli (path, &output, &errors,
                            "--json", "broadband", "providers", "--country", "DE", NULL), ==, 0);
  providers = parse_json_array (parser, output);
  g_assert_cmpuint (json_array_get_length (providers), ==, 2);

  /* The keys are a contract with scripts: exactly these. */
  provider = json_array_get_object_element (providers, 1);
  members = json_object_get_members (provider);
  g_assert_cmpuint (g_list_length (members), ==, 4);
  g_assert_cmpstr (json_object_get_string_member (provider, "name"), ==, "Testnet");
  g_assert_cmpstr (json_object_get_string_member (provider, "country"), ==, "de");
  g_assert_true (json_object_get_null_member (provider, "cdma"));

  apn = json_array_get_object_element (json_object_get_array_member (json_object_get_object_member (provider, "gsm"), "apns"), 0);
  g_clear_pointer (&members, g_list_free);
  members = json_object_get_members (apn);
  g_assert_cmpuint (g_list_length (members), ==, 7);
  g_assert_cmpstr (json_object_get_string_member (apn, "apn"), ==, "internet.testnet.example");
  g_assert_cmpstr (json_object_get_string_member (apn, "name"), ==, "Internet");
  g_assert_cmpstr (json_object_get_string_member (apn, "usage"), ==, "internet");
  g_assert_cmpstr (json_object_get_string_member (apn, "username"), ==, "user");
  g_assert_cmpstr (json_object_get_string_member (apn, "password"), ==, "secret");
  g_assert_cmpstr (json_object_get_string_member (apn, "authentication"), ==, "chap");
  plans = json_object_get_array_member (apn, "plan");
  g_assert_cmpuint (json_array_get_length (plans), ==, 1);
  g_assert_cmpstr (json_array_get_string_element (plans, 0), ==, "postpaid");

  /* No usage, both plans. */
  apn = json_array_get_object_element (json_object_get_array_member (json_object_get_object_member (provider, "gsm"), "apns"), 3);
  g_assert_true (json_object_get_null_member (apn, "usage"));
  g_assert_true (json_object_get_null_member (apn, "name"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (apn, "plan")), ==, 2);

  /* CDMA only: gsm is null. */
  g_clear_pointer (&output, g_free);
  g_clear_pointer (&errors, g_free);
  g_assert_cmpint (run_cli (path, &output, &errors,
                            "broadband", "providers", "--search", "cdma", "--json", NULL), ==, 0);
  providers = parse_json_array (parser, output);
  g_assert_cmpuint (json_array_get_length (providers), ==, 1);
  provider = json_array_get_object_element (providers, 0);
  g_assert_true (json_object_get_null_member (provider, "gsm"));
  cdma = json_object_get_object_member (provider, "cdma");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (cdma, "sid")), ==, 2);
  g_assert_cmpint (json_array_get_int_element (json_object_get_array_member (cdma, "sid"), 0), ==, 4100);
  g_assert_cmpstr (json_object_get_string_member (cdma, "username"), ==, "cdmauser");
  g_assert_cmpstr (json_object_get_string_member (cdma, "password"), ==, "cdmapass");
}

static void
test_cli_text (void)
{
  g_autofree char *path = fixture_path ("valid.xml");
  g_autofree char *output = NULL;
  g_autofree char *errors = NULL;

  g_assert_cmpint (run_cli (path, &output, &errors,
                            "broadband", "providers", "--mcc-mnc", "262001", NULL), ==, 0);
  g_assert_true (g_str_has_prefix (output, "Testnet (DE)\n  Networks (MCC-MNC): 26201, 262001\n"));
  g_assert_nonnull (strstr (output, "  APN internet.testnet.example — Internet (internet, postpaid)\n"
                                    "      Username: user\n"
                                    "      Password: secret\n"
                                    "      Authentication: chap\n"));
  g_assert_nonnull (strstr (output, "  APN both.testnet.example (prepaid and postpaid)\n"));
  g_assert_nonnull (strstr (output, "\nTestnet MVNO (DE)\n"));
  g_assert_cmpstr (errors, ==, "");
  g_clear_pointer (&output, g_free);
  g_clear_pointer (&errors, g_free);

  /* Finding nothing is an answer: exit status 0, said on stderr. */
  g_assert_cmpint (run_cli (path, &output, &errors,
                            "broadband", "providers", "--country", "it", NULL), ==, 0);
  g_assert_cmpstr (output, ==, "");
  g_assert_cmpstr (errors, ==, "No providers for country IT\n");
  g_clear_pointer (&output, g_free);
  g_clear_pointer (&errors, g_free);

  g_assert_cmpint (run_cli (path, &output, &errors,
                            "broadband", "providers", "--country", "it", "--json", NULL), ==, 0);
  g_assert_cmpstr (g_strstrip (output), ==, "[]");
}

static void
test_cli_errors (void)
{
  g_autofree char *path = fixture_path ("valid.xml");
  g_autofree char *broken = fixture_path ("truncated.xml");
  const char * const usage_errors[][4] = {
    { "broadband", NULL },
    { "broadband", "frobnicate", NULL },
    { "broadband", "providers", "--mcc-mnc", "2221" },
    { "broadband", "providers", "--mcc-mnc", "2221000" },
    { "broadband", "providers", "--mcc-mnc", "22a10" },
    { "broadband", "providers", "--country", "ita" },
    { "broadband", "providers", "--search", "" },
    { "broadband", "providers", "extra", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (usage_errors); i++)
    {
      g_autofree char *output = NULL;
      g_autofree char *errors = NULL;

      g_assert_cmpint (run_cli (path, &output, &errors, usage_errors[i][0], usage_errors[i][1],
                                usage_errors[i][2], usage_errors[i][3], NULL), ==, 2);
      g_assert_cmpstr (output, ==, "");
      g_assert_true (g_str_has_prefix (errors, "plugboardctl broadband"));
      /* The group alone lists the subcommands there are. */
      if (usage_errors[i][1] == NULL)
        g_assert_nonnull (strstr (errors, "  providers "));
    }

  {
    g_autofree char *output = NULL;
    g_autofree char *errors = NULL;

    g_assert_cmpint (run_cli ("/nonexistent/serviceproviders.xml", &output, &errors,
                              "broadband", "providers", NULL), ==, 1);
    g_assert_cmpstr (errors, ==,
                     "plugboardctl: The mobile broadband provider database (package "
                     "mobile-broadband-provider-info) is not installed: "
                     "/nonexistent/serviceproviders.xml does not exist\n");
  }

  {
    g_autofree char *output = NULL;
    g_autofree char *errors = NULL;

    g_assert_cmpint (run_cli (broken, &output, &errors,
                              "broadband", "providers", "--json", NULL), ==, 1);
    g_assert_cmpstr (output, ==, "");
    g_assert_true (g_str_has_prefix (errors, "plugboardctl: The mobile broadband provider database "
                                             "(package mobile-broadband-provider-info) cannot be read: "));
    g_assert_nonnull (strstr (errors, broken));
  }
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data_home = g_dir_make_tmp ("test-provider-database-XXXXXX", &error);
  g_autofree char *override_directory = NULL;
  int status;

  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_unsetenv ("PLUG_PROVIDER_DATABASE");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/provider-database/parse/providers", test_parse_providers);
  g_test_add_func ("/provider-database/parse/apns", test_parse_apns);
  g_test_add_func ("/provider-database/parse/cdma", test_parse_cdma);
  g_test_add_func ("/provider-database/parse/display-name", test_display_name);
  g_test_add_func ("/provider-database/lookup/mcc-mnc", test_lookup_mcc_mnc);
  g_test_add_func ("/provider-database/lookup/mcc-mnc-rules", test_mcc_mnc_rules);
  g_test_add_func ("/provider-database/lookup/country", test_lookup_country);
  g_test_add_func ("/provider-database/lookup/search", test_search);
  g_test_add_func ("/provider-database/suggest/parse-gid1", test_parse_gid1);
  g_test_add_func ("/provider-database/suggest/has-name", test_has_name);
  g_test_add_func ("/provider-database/suggest/hints", test_suggest);
  for (guint i = 0; i < G_N_ELEMENTS (broken_cases); i++)
    {
      g_autofree char *test_path = g_strdup_printf ("/provider-database/broken/%s",
                                                    broken_cases[i].fixture);

      g_test_add_data_func (test_path, &broken_cases[i], test_broken);
    }
  g_test_add_func ("/provider-database/broken/too-large", test_too_large);
  g_test_add_func ("/provider-database/corpus", test_corpus);
  g_test_add_func ("/provider-database/location/search-path", test_search_path);
  g_test_add_func ("/provider-database/location/user-override", test_user_override);
  g_test_add_func ("/provider-database/location/broken-user-override", test_broken_user_override);
  g_test_add_func ("/provider-database/location/missing", test_missing);
  g_test_add_func ("/provider-database/load-async", test_load_async);
  g_test_add_func ("/provider-database/default", test_default);
  g_test_add_func ("/provider-database/real-database", test_real_database);
  g_test_add_func ("/provider-database/real-database-apns", test_real_database_apns);
  g_test_add_func ("/provider-database/real-database-suggest", test_real_database_suggest);
  g_test_add_func ("/provider-database/cli/real-mcc-mnc", test_cli_real_mcc_mnc);
  g_test_add_func ("/provider-database/cli/fixture-json", test_cli_fixture_json);
  g_test_add_func ("/provider-database/cli/text", test_cli_text);
  g_test_add_func ("/provider-database/cli/errors", test_cli_errors);

  status = g_test_run ();

  override_directory = g_build_filename (data_home, "mobile-broadband-provider-info", NULL);
  g_rmdir (override_directory);
  g_rmdir (data_home);

  return status;
}
