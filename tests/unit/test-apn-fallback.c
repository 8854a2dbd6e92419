/* test-apn-fallback.c: Which APNs are tried after a refused one, and which refusals count
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "plug-apn-fallback.h"
#include "plug-provider-database.h"

static PlugProvider *
load_fallnet (PlugProviderDatabase **database)
{
  g_autofree char *path = g_build_filename (g_getenv ("PLUG_SOURCE_DIR"), "tests", "fixtures", "providers",
                                            "apn-fallback.xml", NULL);
  g_autoptr(GError) error = NULL;
  GPtrArray *providers;

  *database = plug_provider_database_load_sync (path, NULL, &error);
  g_assert_no_error (error);
  providers = plug_provider_database_get_providers (*database);
  g_assert_cmpuint (providers->len, ==, 1);

  return g_ptr_array_index (providers, 0);
}

static char *
describe (GPtrArray *choices)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < choices->len; i++)
    {
      PlugApnChoice *choice = g_ptr_array_index (choices, i);

      g_string_append_printf (text, "%s[%s %s/%s]", i > 0 ? " " : "",
                              choice->apn[0] != '\0' ? choice->apn : "(default)",
                              choice->username != NULL ? choice->username : "-",
                              choice->password != NULL ? choice->password : "-");
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The plan's own APN first, then the provider's other internet APNs in
 * the database's order with their logins, never the MMS one, then the
 * SIM's default. */
static void
test_choices_from_provider (void)
{
  g_autoptr(PlugProviderDatabase) database = NULL;
  PlugProvider *provider = load_fallnet (&database);
  g_autoptr(GPtrArray) choices = NULL;
  g_autofree char *text = NULL;

  choices = plug_apn_fallback_choices (provider, "prepaid.fallnet.example", "fall", "net");
  text = describe (choices);
  g_assert_cmpstr (text, ==,
                   "[prepaid.fallnet.example fall/net] [contract.fallnet.example -/-] "
                   "[old.fallnet.example -/-] [(default) -/-]");

  /* The own APN, in another case, is not tried again. */
  g_clear_pointer (&choices, g_ptr_array_unref);
  g_clear_pointer (&text, g_free);
  choices = plug_apn_fallback_choices (provider, "CONTRACT.fallnet.example", NULL, NULL);
  text = describe (choices);
  g_assert_cmpstr (text, ==,
                   "[CONTRACT.fallnet.example -/-] [prepaid.fallnet.example fall/net] "
                   "[old.fallnet.example -/-] [(default) -/-]");
}

/* Without a provider (an APN typed in): only the SIM's default; and
 * nothing after the SIM's default itself. */
static void
test_choices_without_provider (void)
{
  g_autoptr(GPtrArray) typed = plug_apn_fallback_choices (NULL, "typo.example", "me", NULL);
  g_autoptr(GPtrArray) sim_default = plug_apn_fallback_choices (NULL, "", NULL, NULL);
  g_autofree char *typed_text = describe (typed);
  g_autofree char *sim_default_text = describe (sim_default);

  g_assert_cmpstr (typed_text, ==, "[typo.example me/-] [(default) -/-]");
  g_assert_cmpstr (sim_default_text, ==, "[(default) -/-]");
}

/* The network's answers that mean "not this APN", and ones that do not. */
static void
test_refusals (void)
{
  const struct
  {
    GQuark domain;
    int code;
    const char *message;
    gboolean refusal;
  } cases[] = {
    { MM_MOBILE_EQUIPMENT_ERROR, MM_MOBILE_EQUIPMENT_ERROR_MISSING_OR_UNKNOWN_APN, "Missing or unknown APN", TRUE },
    { MM_MOBILE_EQUIPMENT_ERROR, MM_MOBILE_EQUIPMENT_ERROR_SERVICE_OPTION_NOT_SUBSCRIBED, "not subscribed", TRUE },
    { MM_MOBILE_EQUIPMENT_ERROR, MM_MOBILE_EQUIPMENT_ERROR_USER_AUTHENTICATION_FAILED, "auth", TRUE },
    { MM_MOBILE_EQUIPMENT_ERROR, MM_MOBILE_EQUIPMENT_ERROR_UNKNOWN, "Unknown mobile equipment error: 533", TRUE },
    { MM_MOBILE_EQUIPMENT_ERROR, MM_MOBILE_EQUIPMENT_ERROR_UNKNOWN, "Unknown mobile equipment error: 5330", FALSE },
    { MM_MOBILE_EQUIPMENT_ERROR, MM_MOBILE_EQUIPMENT_ERROR_NO_NETWORK, "No network", FALSE },
    { MM_CONNECTION_ERROR, MM_CONNECTION_ERROR_NO_CARRIER, "No carrier", FALSE },
    { MM_CORE_ERROR, MM_CORE_ERROR_FAILED, "Missing or unknown APN", FALSE },
  };

  g_assert_false (plug_apn_fallback_is_refusal (NULL));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = g_error_new_literal (cases[i].domain, cases[i].code, cases[i].message);

      g_test_message ("%s", cases[i].message);
      g_assert_cmpint (plug_apn_fallback_is_refusal (error), ==, cases[i].refusal);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/apn-fallback/choices-from-provider", test_choices_from_provider);
  g_test_add_func ("/apn-fallback/choices-without-provider", test_choices_without_provider);
  g_test_add_func ("/apn-fallback/refusals", test_refusals);

  return g_test_run ();
}
