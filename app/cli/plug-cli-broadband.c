/* plug-cli-broadband.c: plugboardctl broadband
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboardctl"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-cli.h"
#include "plug-provider-database.h"

/*
 * `plugboardctl broadband` is a group of subcommands, one per thing the
 * Mobile Broadband panel does. Each subcommand parses its own options, so
 * that `plugboardctl broadband providers --json` and
 * `plugboardctl --json broadband providers` mean the same.
 */

static int broadband_providers (int argc, char **argv, gboolean json);

static const PlugCliCommand subcommands[] = {
  { "devices", N_("List the modems, with their SIM and network"), plug_cli_broadband_devices },
  { "providers", N_("List mobile broadband providers and their plans"), broadband_providers },
  { "add", N_("Create a mobile broadband connection"), plug_cli_broadband_add },
  { "list", N_("List the mobile broadband connections"), plug_cli_broadband_list },
  { "delete", N_("Delete a mobile broadband connection"), plug_cli_broadband_delete },
  { "connect", N_("Connect a mobile broadband connection"), plug_cli_broadband_connect },
  { "disconnect", N_("Disconnect a mobile broadband connection"), plug_cli_broadband_disconnect },
  { "unlock", N_("Unlock a modem's SIM with its PIN or PUK"), plug_cli_broadband_unlock },
  { "radio", N_("Turn mobile broadband on or off"), plug_cli_broadband_radio },
};

int
plug_cli_broadband (int      argc,
                   char   **argv,
                   gboolean json)
{
  return plug_cli_run_group ("broadband", _("Mobile broadband modems, providers and connections."),
                            subcommands, G_N_ELEMENTS (subcommands),
                            argc, argv, json);
}

/* --- broadband providers ----------------------------------------------- */

/*
 * The JSON is an array of providers:
 *
 *   { "country": "it", "name": "Vodafone",
 *     "gsm": { "mcc_mnc": ["22210"],
 *              "apns": [{ "apn": "mobile.vodafone.it", "name": "Mobile Internet",
 *                         "usage": "internet", "plan": ["postpaid"],
 *                         "username": null, "password": null,
 *                         "authentication": null }] },
 *     "cdma": null }
 *
 * "gsm" is null for a CDMA-only provider and "cdma" for a GSM-only one;
 * "cdma" is { "sid": [numbers], "username", "password" }. "usage" is the
 * database's word for what the APN is for (internet, mms, wap, ia…) or
 * null when it does not say, since an APN has at most one. "plan" is an
 * array, because an APN can serve both prepaid and postpaid plans; it is
 * empty when the database does not say. Strings the database leaves out
 * are null.
 */

static void
add_apn_json (JsonBuilder     *builder,
              PlugProviderApn *apn)
{
  PlugProviderPlan plans = plug_provider_apn_get_plans (apn);

  json_builder_begin_object (builder);
  plug_cli_json_add_string (builder, "apn", plug_provider_apn_get_apn (apn));
  plug_cli_json_add_string (builder, "name", plug_provider_apn_get_name (apn));
  plug_cli_json_add_string (builder, "usage", plug_provider_apn_get_usage (apn));
  json_builder_set_member_name (builder, "plan");
  json_builder_begin_array (builder);
  if (plans & PLUG_PROVIDER_PLAN_PREPAID)
    json_builder_add_string_value (builder, plug_provider_plan_get_id (PLUG_PROVIDER_PLAN_PREPAID));
  if (plans & PLUG_PROVIDER_PLAN_POSTPAID)
    json_builder_add_string_value (builder, plug_provider_plan_get_id (PLUG_PROVIDER_PLAN_POSTPAID));
  json_builder_end_array (builder);
  plug_cli_json_add_string (builder, "username", plug_provider_apn_get_username (apn));
  plug_cli_json_add_string (builder, "password", plug_provider_apn_get_password (apn));
  plug_cli_json_add_string (builder, "authentication", plug_provider_apn_get_authentication (apn));
  json_builder_end_object (builder);
}

static void
add_provider_json (JsonBuilder  *builder,
                   PlugProvider *provider)
{
  json_builder_begin_object (builder);
  plug_cli_json_add_string (builder, "country", plug_provider_get_country_code (provider));
  plug_cli_json_add_string (builder, "name", plug_provider_get_name (provider));

  json_builder_set_member_name (builder, "gsm");
  if (plug_provider_has_gsm (provider))
    {
      const char * const *mcc_mnc = plug_provider_get_mcc_mnc (provider);
      GPtrArray *apns = plug_provider_get_apns (provider);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "mcc_mnc");
      json_builder_begin_array (builder);
      for (guint i = 0; mcc_mnc != NULL && mcc_mnc[i] != NULL; i++)
        json_builder_add_string_value (builder, mcc_mnc[i]);
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "apns");
      json_builder_begin_array (builder);
      for (guint i = 0; apns != NULL && i < apns->len; i++)
        add_apn_json (builder, g_ptr_array_index (apns, i));
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  else
    {
      json_builder_add_null_value (builder);
    }

  json_builder_set_member_name (builder, "cdma");
  if (plug_provider_has_cdma (provider))
    {
      guint n_sids;
      const guint32 *sids = plug_provider_get_cdma_sids (provider, &n_sids);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "sid");
      json_builder_begin_array (builder);
      for (guint i = 0; i < n_sids; i++)
        json_builder_add_int_value (builder, sids[i]);
      json_builder_end_array (builder);
      plug_cli_json_add_string (builder, "username", plug_provider_get_cdma_username (provider));
      plug_cli_json_add_string (builder, "password", plug_provider_get_cdma_password (provider));
      json_builder_end_object (builder);
    }
  else
    {
      json_builder_add_null_value (builder);
    }

  json_builder_end_object (builder);
}

static JsonNode *
build_json (GPtrArray *providers)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_array (builder);
  for (guint i = 0; i < providers->len; i++)
    add_provider_json (builder, g_ptr_array_index (providers, i));
  json_builder_end_array (builder);

  return json_builder_get_root (builder);
}

static char *
describe_plans (PlugProviderPlan plans)
{
  if (plans == (PLUG_PROVIDER_PLAN_PREPAID | PLUG_PROVIDER_PLAN_POSTPAID))
    return g_strdup (_("prepaid and postpaid"));
  if (plans & PLUG_PROVIDER_PLAN_PREPAID)
    return g_strdup (_("prepaid"));
  if (plans & PLUG_PROVIDER_PLAN_POSTPAID)
    return g_strdup (_("postpaid"));

  return NULL;
}

static void
print_apn_text (PlugProviderApn *apn)
{
  const char *name = plug_provider_apn_get_display_name (apn);
  const char *usage = plug_provider_apn_get_usage (apn);
  const char *username = plug_provider_apn_get_username (apn);
  const char *password = plug_provider_apn_get_password (apn);
  const char *authentication = plug_provider_apn_get_authentication (apn);
  g_autofree char *plans = describe_plans (plug_provider_apn_get_plans (apn));
  g_autoptr(GString) details = g_string_new (NULL);

  /* The database's own words for usage (internet, mms…) are what people
   * see in their provider's instructions; they are not translated. */
  if (usage != NULL)
    g_string_append (details, usage);
  if (plans != NULL)
    g_string_append_printf (details, "%s%s", details->len > 0 ? ", " : "", plans);

  g_print ("  %s %s", _("APN"), plug_provider_apn_get_apn (apn));
  if (name != NULL)
    g_print (" — %s", name);
  if (details->len > 0)
    g_print (" (%s)", details->str);
  g_print ("\n");

  if (username != NULL)
    g_print (_("      Username: %s\n"), username);
  if (password != NULL)
    g_print (_("      Password: %s\n"), password);
  if (authentication != NULL)
    g_print (_("      Authentication: %s\n"), authentication);
  if (!plug_provider_apn_check (apn, NULL))
    g_print (_("      Cannot be used: NetworkManager does not accept this APN\n"));
}

static void
print_provider_text (PlugProvider *provider)
{
  g_autofree char *country = g_ascii_strup (plug_provider_get_country_code (provider), -1);

  /* Translators: a provider's name and the ISO code of its country, such
   * as “Vodafone (IT)” */
  g_print (_("%s (%s)\n"), plug_provider_get_display_name (provider), country);

  if (plug_provider_has_gsm (provider))
    {
      const char * const *mcc_mnc = plug_provider_get_mcc_mnc (provider);
      GPtrArray *apns = plug_provider_get_apns (provider);

      if (mcc_mnc != NULL)
        {
          g_autofree char *networks = g_strjoinv (", ", (char **) mcc_mnc);

          g_print (_("  Networks (MCC-MNC): %s\n"), networks);
        }
      if (apns == NULL)
        g_print (_("  No APNs listed\n"));
      for (guint i = 0; apns != NULL && i < apns->len; i++)
        print_apn_text (g_ptr_array_index (apns, i));
    }

  if (plug_provider_has_cdma (provider))
    {
      const char *username = plug_provider_get_cdma_username (provider);
      const char *password = plug_provider_get_cdma_password (provider);
      guint n_sids;
      const guint32 *sids = plug_provider_get_cdma_sids (provider, &n_sids);
      g_autoptr(GString) sid_list = g_string_new (NULL);

      for (guint i = 0; i < n_sids; i++)
        g_string_append_printf (sid_list, "%s%u", i > 0 ? ", " : "", sids[i]);

      g_print (_("  CDMA\n"));
      if (n_sids > 0)
        g_print (_("      System ids (SID): %s\n"), sid_list->str);
      if (username != NULL)
        g_print (_("      Username: %s\n"), username);
      if (password != NULL)
        g_print (_("      Password: %s\n"), password);
    }
}

static char *
describe_query (const char *country_code,
                const char *mcc_mnc,
                const char *text)
{
  g_autoptr(GPtrArray) conditions = g_ptr_array_new_with_free_func (g_free);

  if (country_code != NULL)
    {
      g_autofree char *country = g_ascii_strup (country_code, -1);

      /* Translators: part of “No providers for …” */
      g_ptr_array_add (conditions, g_strdup_printf (_("country %s"), country));
    }
  if (mcc_mnc != NULL)
    /* Translators: part of “No providers for …” */
    g_ptr_array_add (conditions, g_strdup_printf (_("network %s"), mcc_mnc));
  if (text != NULL)
    /* Translators: part of “No providers for …” */
    g_ptr_array_add (conditions, g_strdup_printf (_("names containing “%s”"), text));
  g_ptr_array_add (conditions, NULL);

  return g_strjoinv (", ", (char **) conditions->pdata);
}

static gboolean
is_country_code (const char *text)
{
  return strlen (text) == 2 && g_ascii_isalpha (text[0]) && g_ascii_isalpha (text[1]);
}

static int
broadband_providers (int      argc,
                     char   **argv,
                     gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(PlugProviderDatabase) database = NULL;
  g_autoptr(GPtrArray) providers = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *country_code = NULL;
  g_autofree char *mcc_mnc = NULL;
  g_autofree char *text = NULL;
  int exit_code;
  const GOptionEntry entries[] = {
    { "country", 0, 0, G_OPTION_ARG_STRING, &country_code,
      N_("Only providers of this country (a two-letter ISO 3166 code, such as “it”)"), N_("CC") },
    { "mcc-mnc", 0, 0, G_OPTION_ARG_STRING, &mcc_mnc,
      N_("Only providers of this network (the 5 or 6 digit code a SIM reports, such as “22210”)"), N_("CODE") },
    { "search", 0, 0, G_OPTION_ARG_STRING, &text,
      N_("Only providers whose name contains TEXT, in any case"), N_("TEXT") },
    { NULL }
  };

  context = plug_cli_option_context_new ("broadband providers", NULL,
                                         _("List mobile broadband providers and the APNs of their plans, "
                                           "from the mobile-broadband-provider-info database."),
                                         &json);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;

  if (argc > 1)
    return plug_cli_usage_error ("broadband providers", _("Unexpected argument “%s”"), argv[1]);

  if (country_code != NULL && !is_country_code (country_code))
    return plug_cli_usage_error ("broadband providers",
                                 _("“%s” is not a country code: give two letters, such as “it”"),
                                 country_code);

  if (mcc_mnc != NULL && !plug_mcc_mnc_is_valid (mcc_mnc))
    return plug_cli_usage_error ("broadband providers",
                                 _("“%s” is not an MCC-MNC: give 5 or 6 digits, such as “22210”"),
                                 mcc_mnc);

  if (text != NULL && (text[0] == '\0' || !g_utf8_validate (text, -1, NULL)))
    return plug_cli_usage_error ("broadband providers",
                                 _("Give some text to search for"));

  plug_provider_database_get_default_async (NULL, plug_cli_store_result_cb, &result);
  plug_cli_wait_for (&result);

  database = plug_provider_database_get_default_finish (result, &error);
  if (database == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    return plug_cli_fail (_("The mobile broadband provider database (package %s) is not installed: %s"),
                          "mobile-broadband-provider-info", error->message);
  if (database == NULL)
    return plug_cli_fail (_("The mobile broadband provider database (package %s) cannot be read: %s"),
                          "mobile-broadband-provider-info", error->message);

  providers = plug_provider_database_query (database, country_code, mcc_mnc, text);

  if (json)
    {
      g_autoptr(JsonNode) node = build_json (providers);

      plug_cli_print_json (node);
    }
  else if (providers->len == 0)
    {
      g_autofree char *query = describe_query (country_code, mcc_mnc, text);

      /* Finding nothing is an answer, not a failure: scripts get exit
       * status 0 and an empty list. */
      if (query[0] != '\0')
        g_printerr (_("No providers for %s\n"), query);
      else
        g_printerr (_("The database lists no providers\n"));
    }
  else
    {
      for (guint i = 0; i < providers->len; i++)
        {
          if (i > 0)
            g_print ("\n");
          print_provider_text (g_ptr_array_index (providers, i));
        }
    }

  return PLUG_CLI_EXIT_DONE;
}
