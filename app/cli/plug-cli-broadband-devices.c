/* plug-cli-broadband-devices.c: plugboardctl broadband devices and radio
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboardctl"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-broadband-actions.h"
#include "plug-cli.h"
#include "plug-country.h"
#include "plug-modem-list.h"
#include "plug-storage-modem.h"

/*
 * `plugboardctl broadband devices` prints the modems the Mobile Broadband
 * panel lists, from the same PlugModemList. It waits until every modem has
 * read its SIM, so one run prints everything the panel would show.
 *
 * When NetworkManager or ModemManager is not running there is no list to
 * print: it says which service is missing and what to install on standard
 * error, and exits with 1 (PLUG_CLI_EXIT_FAILED), with --json too. An
 * empty list is no failure: it prints "[]", or a sentence saying what to
 * do, and exits with 0.
 *
 * Each modem names the provider it suggests (plug_modem_suggest_provider(),
 * which the Add Connection wizard preselects), and what decided. Without
 * the provider database none is suggested: the list is still printed.
 *
 * NetworkManager lists its modems with mobile broadband turned off, and
 * they cannot connect: the text says so before the modems, and says how
 * to turn it on; with --json each modem's "radio" is "on", "off" or
 * "hardware-off" (the laptop's switch or key), the list staying an array.
 *
 * Modems that cannot be used are listed too, after the others, each with
 * the reason: one ModemManager has and NetworkManager does not manage
 * (its mobile broadband plugin is missing), and one still in its USB
 * storage mode (usb_modeswitch). With --json every entry says
 * "managed_by_networkmanager", and "problem" (an id, or null) and
 * "reason" (a sentence, or null); a modem in storage mode has the keys
 * it can fill ("interface" null, "device" its drive, "usb_id").
 */

typedef struct
{
  PlugProviderDatabase *database;   /* NULL when it cannot be read */
  PlugCountryTable     *countries;  /* NULL when iso-codes cannot be read */
  PlugBroadbandRadio    radio;
} Lookup;

static void
add_retries_member (MMModemLock  lock,
                    guint        count,
                    gpointer     user_data)
{
  JsonBuilder *builder = user_data;

  json_builder_set_member_name (builder, mm_modem_lock_get_string (lock));
  json_builder_add_int_value (builder, count);
}

static gboolean
is_lock (MMModemLock lock)
{
  return lock != MM_MODEM_LOCK_NONE && lock != MM_MODEM_LOCK_UNKNOWN;
}

static void
add_suggested_provider_json (JsonBuilder *builder,
                             PlugModem   *modem,
                             Lookup      *lookup)
{
  g_autoptr(PlugProvider) provider = NULL;
  g_autofree char *country = NULL;
  PlugProviderHint hint = PLUG_PROVIDER_HINT_NONE;

  json_builder_set_member_name (builder, "suggested_provider");

  if (lookup->database != NULL)
    provider = plug_modem_suggest_provider (modem, lookup->database, &hint);
  if (provider == NULL)
    {
      json_builder_add_null_value (builder);
      return;
    }

  country = g_ascii_strup (plug_provider_get_country_code (provider), -1);
  json_builder_begin_object (builder);
  plug_cli_json_add_string (builder, "name", plug_provider_get_name (provider));
  plug_cli_json_add_string (builder, "country", country);
  plug_cli_json_add_string (builder, "matched_by", plug_provider_hint_get_id (hint));
  json_builder_end_object (builder);
}

static void
add_modem_json (JsonBuilder *builder,
                PlugModem   *modem,
                Lookup      *lookup)
{
  MMModemLock lock = plug_modem_get_lock (modem);
  MMUnlockRetries *retries = plug_modem_get_unlock_retries (modem);
  MMModemAccessTechnology technologies = plug_modem_get_access_technologies (modem);

  json_builder_begin_object (builder);
  plug_cli_json_add_string (builder, "interface", plug_modem_get_interface (modem));
  plug_cli_json_add_string (builder, "family", plug_modem_family_get_id (plug_modem_get_family (modem)));
  plug_cli_json_add_string (builder, "model", plug_modem_get_model (modem));
  plug_cli_json_add_string (builder, "manufacturer", plug_modem_get_manufacturer (modem));

  /* The SIM's provider comes from its IMSI; the network's (below) from
   * the registration: they differ while roaming. */
  json_builder_set_member_name (builder, "sim");
  json_builder_begin_object (builder);
  plug_cli_json_add_string (builder, "state", plug_modem_sim_state_get_id (plug_modem_get_sim_state (modem)));
  plug_cli_json_add_string (builder, "lock", is_lock (lock) ? mm_modem_lock_get_string (lock) : NULL);
  json_builder_set_member_name (builder, "retries");
  json_builder_begin_object (builder);
  if (retries != NULL)
    mm_unlock_retries_foreach (retries, add_retries_member, builder);
  json_builder_end_object (builder);
  plug_cli_json_add_string (builder, "operator_code", plug_modem_get_sim_operator_code (modem));
  plug_cli_json_add_string (builder, "operator_name", plug_modem_get_sim_operator_name (modem));
  json_builder_end_object (builder);

  plug_cli_json_add_string (builder, "operator_code", plug_modem_get_operator_code (modem));
  plug_cli_json_add_string (builder, "operator_name", plug_modem_get_operator_name (modem));
  plug_cli_json_add_string (builder, "registration",
                            plug_modem_registration_get_id (plug_modem_get_registration (modem)));
  plug_cli_json_add_string (builder, "access_technology", plug_modem_access_technology_get_id (technologies));
  json_builder_set_member_name (builder, "signal_quality");
  json_builder_add_int_value (builder, plug_modem_get_signal_quality (modem));
  plug_cli_json_add_string (builder, "state", mm_modem_state_get_string (plug_modem_get_state (modem)));
  plug_cli_json_add_string (builder, "modem_path", plug_modem_get_modem_path (modem));
  add_suggested_provider_json (builder, modem, lookup);
  plug_cli_json_add_string (builder, "radio", plug_broadband_radio_get_id (lookup->radio));
  plug_cli_json_add_boolean (builder, "managed_by_networkmanager", plug_modem_is_managed (modem));
  plug_cli_json_add_string (builder, "problem", plug_modem_problem_get_id (plug_modem_get_problem (modem)));
  plug_cli_json_add_string (builder, "reason", plug_modem_problem_get_description (plug_modem_get_problem (modem)));
  json_builder_end_object (builder);
}

static void
add_storage_modem_json (JsonBuilder      *builder,
                        PlugStorageModem *modem)
{
  json_builder_begin_object (builder);
  plug_cli_json_add_string (builder, "interface", NULL);
  plug_cli_json_add_string (builder, "device", plug_storage_modem_get_device (modem));
  plug_cli_json_add_string (builder, "usb_id", plug_storage_modem_get_usb_id (modem));
  plug_cli_json_add_string (builder, "model", plug_storage_modem_get_model (modem));
  plug_cli_json_add_string (builder, "manufacturer", plug_storage_modem_get_vendor (modem));
  plug_cli_json_add_boolean (builder, "managed_by_networkmanager", FALSE);
  plug_cli_json_add_string (builder, "problem", plug_modem_problem_get_id (PLUG_MODEM_PROBLEM_STORAGE_MODE));
  plug_cli_json_add_string (builder, "reason", plug_modem_problem_get_description (PLUG_MODEM_PROBLEM_STORAGE_MODE));
  json_builder_end_object (builder);
}

static JsonNode *
build_json (GListModel *modems,
            GListModel *unmanaged,
            GPtrArray  *storage_modems,
            Lookup     *lookup)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_array (builder);
  for (guint i = 0; i < g_list_model_get_n_items (modems); i++)
    {
      g_autoptr(PlugModem) modem = g_list_model_get_item (modems, i);

      add_modem_json (builder, modem, lookup);
    }
  for (guint i = 0; i < g_list_model_get_n_items (unmanaged); i++)
    {
      g_autoptr(PlugModem) modem = g_list_model_get_item (unmanaged, i);

      add_modem_json (builder, modem, lookup);
    }
  for (guint i = 0; i < storage_modems->len; i++)
    add_storage_modem_json (builder, g_ptr_array_index (storage_modems, i));
  json_builder_end_array (builder);

  return json_builder_get_root (builder);
}

static char *
describe_sim (PlugModem *modem)
{
  MMModemLock lock = plug_modem_get_lock (modem);
  MMUnlockRetries *retries = plug_modem_get_unlock_retries (modem);
  const char *sim_operator_code = plug_modem_get_sim_operator_code (modem);

  switch (plug_modem_get_sim_state (modem))
    {
    case PLUG_MODEM_SIM_STATE_READY:
      if (sim_operator_code != NULL)
        /* Translators: %s is a provider's MCC-MNC, such as 22210 */
        return g_strdup_printf (_("ready, provider %s"), sim_operator_code);
      return g_strdup (_("ready"));

    case PLUG_MODEM_SIM_STATE_LOCKED:
      if (retries != NULL && mm_unlock_retries_get (retries, lock) != MM_UNLOCK_RETRIES_UNKNOWN)
        /* Translators: the first %s is a code, such as PIN */
        return g_strdup_printf (ngettext ("locked, enter the %s (%u try left)",
                                          "locked, enter the %s (%u tries left)",
                                          mm_unlock_retries_get (retries, lock)),
                                plug_modem_lock_get_display_name (lock),
                                mm_unlock_retries_get (retries, lock));
      /* Translators: %s is a code, such as PIN */
      return g_strdup_printf (_("locked, enter the %s"), plug_modem_lock_get_display_name (lock));

    case PLUG_MODEM_SIM_STATE_MISSING:
      return g_strdup (_("missing, insert a SIM"));

    case PLUG_MODEM_SIM_STATE_NOT_USED:
      return g_strdup (_("not needed by this modem"));

    case PLUG_MODEM_SIM_STATE_UNKNOWN:
    default:
      return g_strdup (_("unknown"));
    }
}

static char *
describe_network (PlugModem *modem)
{
  const char *operator_name = plug_modem_get_operator_name (modem);
  const char *operator_code = plug_modem_get_operator_code (modem);
  const char *technology =
    plug_modem_access_technology_get_display_name (plug_modem_get_access_technologies (modem));
  GString *text = g_string_new (NULL);

  if (operator_name != NULL && operator_code != NULL)
    /* Translators: a provider's name and MCC-MNC, such as “Vodafone (26202)” */
    g_string_append_printf (text, _("%s (%s), "), operator_name, operator_code);
  else if (operator_name != NULL || operator_code != NULL)
    g_string_append_printf (text, "%s, ", operator_name != NULL ? operator_name : operator_code);

  g_string_append (text, plug_modem_registration_get_display_name (plug_modem_get_registration (modem)));

  if (technology != NULL)
    g_string_append_printf (text, ", %s", technology);

  return g_string_free (text, FALSE);
}

static const char *
describe_hint (PlugProviderHint hint)
{
  switch (hint)
    {
    case PLUG_PROVIDER_HINT_SID:
      return _("from the network’s SID");
    case PLUG_PROVIDER_HINT_MCC_MNC:
      return _("from the SIM’s network code");
    case PLUG_PROVIDER_HINT_SPN:
      return _("from the SIM’s provider name");
    case PLUG_PROVIDER_HINT_GID1:
      return _("from the SIM’s group identifier");
    case PLUG_PROVIDER_HINT_NONE:
    default:
      g_return_val_if_reached (NULL);
    }
}

static char *
describe_provider (PlugModem *modem,
                   Lookup    *lookup)
{
  g_autoptr(PlugProvider) provider = NULL;
  PlugProviderHint hint = PLUG_PROVIDER_HINT_NONE;
  const char *country_code;
  const char *country = NULL;

  if (lookup->database != NULL)
    provider = plug_modem_suggest_provider (modem, lookup->database, &hint);
  if (provider == NULL)
    return NULL;

  country_code = plug_provider_get_country_code (provider);
  if (lookup->countries != NULL)
    country = plug_country_table_get_name (lookup->countries, country_code);

  /* Translators: the provider a modem suggests, its country and what
   * told, such as “Sprint (United States), from the network’s SID” */
  return g_strdup_printf (_("%s (%s), %s"),
                          plug_provider_get_display_name (provider),
                          country != NULL ? country : country_code,
                          describe_hint (hint));
}

static void
print_modem_text (PlugModem *modem,
                  Lookup    *lookup)
{
  g_autofree char *name = plug_modem_dup_display_name (modem);
  g_autofree char *sim = describe_sim (modem);
  g_autofree char *network = describe_network (modem);
  g_autofree char *provider = describe_provider (modem, lookup);

  /* Translators: a modem: its name, interface and the networks it works
   * with, such as “Sierra EM7455 — cdc-wdm0, GSM, UMTS, LTE or 5G” */
  g_print (_("%s — %s, %s\n"),
           name,
           plug_modem_get_interface (modem) != NULL ? plug_modem_get_interface (modem) : "-",
           plug_modem_family_get_display_name (plug_modem_get_family (modem)));
  if (plug_modem_get_manufacturer (modem) != NULL)
    g_print (_("  Manufacturer: %s\n"), plug_modem_get_manufacturer (modem));
  g_print (_("  SIM: %s\n"), sim);
  g_print (_("  Network: %s\n"), network);
  if (provider != NULL)
    g_print (_("  Provider: %s\n"), provider);
  /* Translators: the signal quality in percent */
  g_print (_("  Signal: %u %%\n"), plug_modem_get_signal_quality (modem));
  if (plug_modem_get_problem (modem) != PLUG_MODEM_PROBLEM_NONE)
    /* Translators: why a modem cannot be used, such as “ModemManager
     * found it, but …” */
    g_print (_("  Cannot be used: %s.\n"),
             plug_modem_problem_get_description (plug_modem_get_problem (modem)));
}

static void
print_storage_modem_text (PlugStorageModem *modem)
{
  g_autofree char *name = plug_storage_modem_dup_display_name (modem);

  /* Translators: a modem still in storage mode: its name, its drive and
   * its USB ids, such as “Huawei Modem — /dev/sr1, USB 12d1:1f01” */
  g_print (_("%s — %s, USB %s\n"),
           name, plug_storage_modem_get_device (modem), plug_storage_modem_get_usb_id (modem));
  if (plug_storage_modem_get_model (modem) != NULL)
    g_print (_("  Model: %s\n"), plug_storage_modem_get_model (modem));
  g_print (_("  Cannot be used: %s.\n"),
           plug_modem_problem_get_description (PLUG_MODEM_PROBLEM_STORAGE_MODE));
}

static void
print_text (GListModel *modems,
            GListModel *unmanaged,
            GPtrArray  *storage_modems,
            Lookup     *lookup)
{
  guint n_modems = g_list_model_get_n_items (modems);
  guint n_unmanaged = g_list_model_get_n_items (unmanaged);

  if (lookup->radio == PLUG_BROADBAND_RADIO_OFF)
    /* Translators: %s is a command, “plugboardctl broadband radio on” */
    g_print (_("Mobile broadband is turned off in NetworkManager: turn it on with “%s”.\n\n"),
             "plugboardctl broadband radio on");
  else if (lookup->radio == PLUG_BROADBAND_RADIO_HARDWARE_OFF)
    g_print (_("Mobile broadband is blocked by the laptop’s wireless switch or key: "
               "use it to turn mobile broadband on.\n\n"));

  if (n_modems + n_unmanaged + storage_modems->len == 0)
    {
      g_print (_("No modem found. Plug in a mobile broadband modem or USB stick, or switch on the built-in modem.\n"));
      return;
    }

  for (guint i = 0; i < n_modems + n_unmanaged; i++)
    {
      g_autoptr(PlugModem) modem = i < n_modems ? g_list_model_get_item (modems, i)
                                                : g_list_model_get_item (unmanaged, i - n_modems);

      if (i > 0)
        g_print ("\n");
      print_modem_text (modem, lookup);
    }

  for (guint i = 0; i < storage_modems->len; i++)
    {
      if (i > 0 || n_modems + n_unmanaged > 0)
        g_print ("\n");
      print_storage_modem_text (g_ptr_array_index (storage_modems, i));
    }
}

/* The provider database and the country names, each read in a thread
 * (both block), while this waits. A failure leaves it out: the modems are
 * listed without a suggested provider, or with the country's code. */
static void
lookup_load (Lookup *lookup)
{
  g_autoptr(GAsyncResult) database_result = NULL;
  g_autoptr(GAsyncResult) countries_result = NULL;
  g_autoptr(GError) error = NULL;

  plug_provider_database_get_default_async (NULL, plug_cli_store_result_cb, &database_result);
  plug_country_table_load_async (NULL, NULL, plug_cli_store_result_cb, &countries_result);
  plug_cli_wait_for (&database_result);
  plug_cli_wait_for (&countries_result);

  lookup->database = plug_provider_database_get_default_finish (database_result, &error);
  if (lookup->database == NULL)
    g_debug ("No provider is suggested: %s", error->message);
  g_clear_error (&error);

  lookup->countries = plug_country_table_load_finish (countries_result, &error);
  if (lookup->countries == NULL)
    g_debug ("Countries are named by their codes: %s", error->message);
}

static void
lookup_clear (Lookup *lookup)
{
  g_clear_object (&lookup->database);
  g_clear_object (&lookup->countries);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Lookup, lookup_clear)

static int
fail_service_missing (PlugServiceKind kind)
{
  return plug_cli_fail (_("%s is not running, and modems cannot be listed without it. "
                          "Install the “%s” package, or start its service."),
                        plug_service_kind_get_name (kind),
                        plug_service_kind_get_package (kind));
}

/**
 * plug_cli_broadband_devices:
 * @argc: the number of arguments, the first of which is "devices"
 * @argv: the arguments
 * @json: whether --json came before the subcommand
 *
 * `plugboardctl broadband devices [--json]`: lists the modems.
 *
 * Returns: a #PlugCliExit: 1 with a message on standard error when
 *   NetworkManager or ModemManager is not running
 */
int
plug_cli_broadband_devices (int      argc,
                            char   **argv,
                            gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(PlugModemList) modems = NULL;
  g_autoptr(GPtrArray) storage_modems = NULL;
  g_autoptr(GAsyncResult) details_result = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(Lookup) lookup = { NULL, NULL, PLUG_BROADBAND_RADIO_ON };
  int exit_code;

  context = plug_cli_option_context_new ("broadband devices", NULL,
                                         _("List mobile broadband modems with their SIM, network and signal."),
                                         &json);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;

  if (argc > 1)
    return plug_cli_usage_error ("broadband devices", _("Unexpected argument “%s”"), argv[1]);

  services = plug_cli_load_services (PLUG_SERVICES_CLIENTS_NETWORK_MANAGER |
                                     PLUG_SERVICES_CLIENTS_MODEM_MANAGER |
                                     PLUG_SERVICES_CLIENTS_UDISKS |
                                     PLUG_SERVICES_CLIENTS_UDEV,
                                     &error);
  if (services == NULL)
    return plug_cli_fail (_("Could not reach the system services: %s"), error->message);

  if (plug_services_get_system_bus_error (services) != NULL)
    return plug_cli_fail (_("The system bus cannot be reached: %s"),
                          plug_services_get_system_bus_error (services));

  /* A modem in storage mode is a drive, which udisks has: without udisks
   * none is found, and the modems are still listed. */
  if (plug_services_get_udisks_client (services) != NULL &&
      plug_services_get_udev_client (services) != NULL &&
      plug_services_is_running (services, PLUG_SERVICE_KIND_UDISKS))
    storage_modems = plug_storage_modem_find_all (plug_services_get_udisks_client (services),
                                                  plug_services_get_udev_client (services));
  else
    storage_modems = g_ptr_array_new_with_free_func (g_object_unref);

  /* NetworkManager first: the modems listed are its devices. */
  if (plug_services_get_nm_client (services) == NULL ||
      !plug_services_is_running (services, PLUG_SERVICE_KIND_NETWORK_MANAGER))
    return fail_service_missing (PLUG_SERVICE_KIND_NETWORK_MANAGER);

  if (plug_services_get_mm_manager (services) == NULL ||
      !plug_services_is_running (services, PLUG_SERVICE_KIND_MODEM_MANAGER))
    return fail_service_missing (PLUG_SERVICE_KIND_MODEM_MANAGER);

  modems = plug_modem_list_new (plug_services_get_nm_client (services),
                                plug_services_get_mm_manager (services));

  plug_modem_list_wait_for_details_async (modems, NULL, plug_cli_store_result_cb, &details_result);
  plug_cli_wait_for (&details_result);
  if (!plug_modem_list_wait_for_details_finish (modems, details_result, &error))
    return plug_cli_fail (_("Could not read the modems: %s"), error->message);

  if (g_list_model_get_n_items (G_LIST_MODEL (modems)) > 0 ||
      g_list_model_get_n_items (plug_modem_list_get_unmanaged (modems)) > 0)
    lookup_load (&lookup);
  lookup.radio = plug_broadband_get_radio (plug_services_get_nm_client (services));

  if (json)
    {
      g_autoptr(JsonNode) node = build_json (G_LIST_MODEL (modems), plug_modem_list_get_unmanaged (modems),
                                             storage_modems, &lookup);

      plug_cli_print_json (node);
    }
  else
    {
      print_text (G_LIST_MODEL (modems), plug_modem_list_get_unmanaged (modems), storage_modems, &lookup);
    }

  return PLUG_CLI_EXIT_DONE;
}

/* --- broadband radio ---------------------------------------------------- */

/**
 * plug_cli_broadband_radio:
 * @argc: the number of arguments, the first of which is "radio"
 * @argv: the arguments
 * @json: whether --json came before the subcommand
 *
 * `plugboardctl broadband radio on|off [--json]`: turns mobile broadband
 * on or off in NetworkManager (its `WwanEnabled`, which polkit allows),
 * and waits until NetworkManager shows it. With --json it prints
 * `{ "radio": "on" }` ("off", "hardware-off") once done.
 *
 * Returns: a #PlugCliExit: 1 with NetworkManager's refusal, or the
 *   laptop's switch or key, in words on standard error
 */
int
plug_cli_broadband_radio (int      argc,
                          char   **argv,
                          gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  NMClient *client;
  gboolean enabled;
  int exit_code;

  context = plug_cli_option_context_new ("broadband radio", "on|off",
                                         _("Turn mobile broadband on or off in NetworkManager."),
                                         &json);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;

  if (argc < 2)
    return plug_cli_usage_error ("broadband radio", _("Give “on” or “off”"));
  if (argc > 2)
    return plug_cli_usage_error ("broadband radio", _("Unexpected argument “%s”"), argv[2]);
  if (g_str_equal (argv[1], "on"))
    enabled = TRUE;
  else if (g_str_equal (argv[1], "off"))
    enabled = FALSE;
  else
    return plug_cli_usage_error ("broadband radio", _("“%s” is neither “on” nor “off”"), argv[1]);

  services = plug_cli_load_services (PLUG_SERVICES_CLIENTS_NETWORK_MANAGER, &error);
  if (services == NULL)
    return plug_cli_fail (_("Could not reach the system services: %s"), error->message);

  if (plug_services_get_system_bus_error (services) != NULL)
    return plug_cli_fail (_("The system bus cannot be reached: %s"),
                          plug_services_get_system_bus_error (services));

  client = plug_services_get_nm_client (services);
  if (client == NULL || !plug_services_is_running (services, PLUG_SERVICE_KIND_NETWORK_MANAGER))
    return plug_cli_fail (_("%s is not running, and mobile broadband cannot be turned on or off without it. "
                            "Install the “%s” package, or start its service."),
                          plug_service_kind_get_name (PLUG_SERVICE_KIND_NETWORK_MANAGER),
                          plug_service_kind_get_package (PLUG_SERVICE_KIND_NETWORK_MANAGER));

  plug_broadband_set_radio_async (client, enabled, NULL, plug_cli_store_result_cb, &result);
  plug_cli_wait_for (&result);
  if (!plug_broadband_set_radio_finish (result, &error))
    return plug_cli_fail ("%s", error->message);

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) node = NULL;

      json_builder_begin_object (builder);
      plug_cli_json_add_string (builder, "radio", plug_broadband_radio_get_id (plug_broadband_get_radio (client)));
      json_builder_end_object (builder);
      node = json_builder_get_root (builder);
      plug_cli_print_json (node);
    }
  else
    {
      g_print ("%s\n", enabled ? _("Mobile broadband is on") : _("Mobile broadband is off"));
    }

  return PLUG_CLI_EXIT_DONE;
}
