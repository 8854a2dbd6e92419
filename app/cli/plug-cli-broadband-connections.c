/* plug-cli-broadband-connections.c: plugboardctl broadband add, list, delete, connect, disconnect, unlock
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboardctl"

#include "config.h"

#include <unistd.h>

#include <glib/gi18n.h>

#include "plug-broadband-connection.h"
#include "plug-apn-fallback.h"
#include "plug-broadband-actions.h"
#include "plug-cli.h"
#include "plug-modem-list.h"
#include "plug-provider-database.h"

/*
 * The connection subcommands of `plugboardctl broadband`: what the Mobile
 * Broadband panel's wizard, connection rows and SIM unlock do, on the
 * same core. Values are checked with NetworkManager's rules before it is
 * asked, so a wrong APN or PIN fails (exit 1) without touching anything.
 * Every failure says its cause on standard error: a service not running,
 * no modem, the provider database missing (a manual --apn still works),
 * polkit's refusal, or why activation failed, in plain words.
 */

/* NetworkManager gives up on a modem by itself well before this; it only
 * keeps a wedged daemon from hanging a script forever. */
#define CONNECT_TIMEOUT_SECONDS 120

static int
fail_service_missing (PlugServiceKind  kind,
                      const char      *what)
{
  /* Translators: the first %s is a service, the second says what cannot
   * be done, such as “mobile broadband connections cannot be managed” */
  return plug_cli_fail (_("%s is not running, and %s without it. "
                          "Install the “%s” package, or start its service."),
                        plug_service_kind_get_name (kind), what,
                        plug_service_kind_get_package (kind));
}

/* Loads the clients; returns NULL with the exit code in @exit_code when
 * NetworkManager (or, with @need_modem_manager, ModemManager) is missing. */
static PlugServices *
load_services (gboolean  need_modem_manager,
               int      *exit_code)
{
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(GError) error = NULL;

  services = plug_cli_load_services (PLUG_SERVICES_CLIENTS_NETWORK_MANAGER |
                                     PLUG_SERVICES_CLIENTS_MODEM_MANAGER,
                                     &error);
  if (services == NULL)
    {
      *exit_code = plug_cli_fail (_("Could not reach the system services: %s"), error->message);
      return NULL;
    }

  if (plug_services_get_system_bus_error (services) != NULL)
    {
      *exit_code = plug_cli_fail (_("The system bus cannot be reached: %s"),
                                  plug_services_get_system_bus_error (services));
      return NULL;
    }

  if (plug_services_get_nm_client (services) == NULL ||
      !plug_services_is_running (services, PLUG_SERVICE_KIND_NETWORK_MANAGER))
    {
      *exit_code = fail_service_missing (PLUG_SERVICE_KIND_NETWORK_MANAGER,
                                         _("mobile broadband connections cannot be managed"));
      return NULL;
    }

  if (need_modem_manager && !plug_services_is_running (services, PLUG_SERVICE_KIND_MODEM_MANAGER))
    {
      *exit_code = fail_service_missing (PLUG_SERVICE_KIND_MODEM_MANAGER,
                                         _("modems cannot be used"));
      return NULL;
    }

  return g_steal_pointer (&services);
}

static gboolean
modem_manager_running (PlugServices *services)
{
  return plug_services_get_mm_manager (services) != NULL &&
         plug_services_is_running (services, PLUG_SERVICE_KIND_MODEM_MANAGER);
}

/* The modems with their SIM details read, or NULL without ModemManager. */
static PlugModemList *
load_modems (PlugServices  *services,
             GError       **error)
{
  g_autoptr(PlugModemList) modems = NULL;
  g_autoptr(GAsyncResult) result = NULL;

  if (!modem_manager_running (services))
    return NULL;

  modems = plug_modem_list_new (plug_services_get_nm_client (services),
                                plug_services_get_mm_manager (services));
  plug_modem_list_wait_for_details_async (modems, NULL, plug_cli_store_result_cb, &result);
  plug_cli_wait_for (&result);
  if (!plug_modem_list_wait_for_details_finish (modems, result, error))
    return NULL;

  return g_steal_pointer (&modems);
}

/* --- JSON and text of a connection -------------------------------------- */

static const char *
active_state_get_id (NMActiveConnection *active)
{
  if (active == NULL)
    return "deactivated";

  switch (nm_active_connection_get_state (active))
    {
    case NM_ACTIVE_CONNECTION_STATE_ACTIVATING:
      return "activating";
    case NM_ACTIVE_CONNECTION_STATE_ACTIVATED:
      return "activated";
    case NM_ACTIVE_CONNECTION_STATE_DEACTIVATING:
      return "deactivating";
    case NM_ACTIVE_CONNECTION_STATE_DEACTIVATED:
      return "deactivated";
    case NM_ACTIVE_CONNECTION_STATE_UNKNOWN:
    default:
      return "unknown";
    }
}

/*
 * { "id", "uuid", "type": "gsm" | "cdma", "apn" (GSM) or "number" (CDMA),
 *   "device": the interface it is bound to, or null for any modem,
 *   "roaming": whether it may connect while roaming (null for CDMA, where
 *   the modem decides), "autoconnect", "active": whether it is up,
 *   "state": activated, activating, deactivating or deactivated }
 */
static void
add_connection_json (JsonBuilder        *builder,
                     NMConnection       *connection,
                     NMActiveConnection *active)
{
  NMSettingConnection *setting = nm_connection_get_setting_connection (connection);
  PlugModemFamily family = plug_broadband_connection_get_family (connection);

  json_builder_begin_object (builder);
  plug_cli_json_add_string (builder, "id", nm_connection_get_id (connection));
  plug_cli_json_add_string (builder, "uuid", nm_connection_get_uuid (connection));
  plug_cli_json_add_string (builder, "type", nm_connection_get_connection_type (connection));
  if (family == PLUG_MODEM_FAMILY_GSM)
    plug_cli_json_add_string (builder, "apn", plug_broadband_connection_get_apn (connection));
  else
    plug_cli_json_add_string (builder, "number", plug_broadband_connection_get_number (connection));
  plug_cli_json_add_string (builder, "device", nm_connection_get_interface_name (connection));
  json_builder_set_member_name (builder, "roaming");
  if (family == PLUG_MODEM_FAMILY_GSM)
    json_builder_add_boolean_value (builder, plug_broadband_connection_get_roaming_allowed (connection));
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "autoconnect");
  json_builder_add_boolean_value (builder, setting != NULL && nm_setting_connection_get_autoconnect (setting));
  json_builder_set_member_name (builder, "active");
  json_builder_add_boolean_value (builder,
                                  active != NULL &&
                                  nm_active_connection_get_state (active) == NM_ACTIVE_CONNECTION_STATE_ACTIVATED);
  plug_cli_json_add_string (builder, "state", active_state_get_id (active));
  json_builder_end_object (builder);
}

static const char *
describe_state (NMActiveConnection *active)
{
  if (active == NULL)
    return _("not connected");

  switch (nm_active_connection_get_state (active))
    {
    case NM_ACTIVE_CONNECTION_STATE_ACTIVATING:
      return _("connecting");
    case NM_ACTIVE_CONNECTION_STATE_ACTIVATED:
      return _("connected");
    case NM_ACTIVE_CONNECTION_STATE_DEACTIVATING:
      return _("disconnecting");
    case NM_ACTIVE_CONNECTION_STATE_DEACTIVATED:
    case NM_ACTIVE_CONNECTION_STATE_UNKNOWN:
    default:
      return _("not connected");
    }
}

/* A connection's name, as a terminal can show it: the user chose it. */
static char *
dup_printable_id (NMConnection *connection)
{
  return plug_cli_dup_printable (nm_connection_get_id (connection));
}

static void
print_connection_text (NMConnection       *connection,
                       NMActiveConnection *active)
{
  PlugModemFamily family = plug_broadband_connection_get_family (connection);
  const char *interface = nm_connection_get_interface_name (connection);
  const char *apn = plug_broadband_connection_get_apn (connection);
  g_autofree char *id = dup_printable_id (connection);

  /* Translators: a connection's name and whether it is connected */
  g_print (_("%s (%s)\n"), id, describe_state (active));
  g_print (_("  UUID: %s\n"), nm_connection_get_uuid (connection));
  if (family == PLUG_MODEM_FAMILY_GSM)
    {
      g_print (_("  GSM, APN: %s\n"), apn != NULL && apn[0] != '\0' ? apn : _("the SIM's default"));
      g_print ("  %s\n", plug_broadband_connection_get_roaming_allowed (connection)
                         ? _("Roaming allowed") : _("Roaming not allowed"));
    }
  else
    {
      g_print (_("  CDMA, number: %s\n"), plug_broadband_connection_get_number (connection));
    }
  g_print (_("  Modem: %s\n"), interface != NULL ? interface : _("any"));
}

static void
print_connection (NMClient           *client,
                  NMRemoteConnection *connection,
                  gboolean            json)
{
  NMActiveConnection *active = plug_broadband_find_active_connection (client, connection);

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) node = NULL;

      add_connection_json (builder, NM_CONNECTION (connection), active);
      node = json_builder_get_root (builder);
      plug_cli_print_json (node);
    }
  else
    {
      print_connection_text (NM_CONNECTION (connection), active);
    }
}

/* --- broadband add ------------------------------------------------------ */

static gboolean
name_equal (const char *a,
            const char *b)
{
  g_autofree char *folded_a = NULL;
  g_autofree char *folded_b = NULL;

  if (a == NULL || b == NULL)
    return FALSE;

  folded_a = g_utf8_casefold (a, -1);
  folded_b = g_utf8_casefold (b, -1);

  return g_str_equal (folded_a, folded_b);
}

/* Providers of the SIM's country when its operator code is known, so that
 * “Vodafone” is the Italian one for an Italian SIM; otherwise all. */
static GPtrArray *
candidate_providers (PlugProviderDatabase *database,
                     const char           *sim_operator_code)
{
  if (sim_operator_code != NULL && plug_mcc_mnc_is_valid (sim_operator_code))
    {
      g_autoptr(GPtrArray) networks = plug_provider_database_lookup_mcc_mnc (database, sim_operator_code);

      if (networks != NULL && networks->len > 0)
        return plug_provider_database_lookup_country (database,
                                                      plug_provider_get_country_code (g_ptr_array_index (networks, 0)));
    }

  return g_ptr_array_ref (plug_provider_database_get_providers (database));
}

static PlugProvider *
find_provider (PlugProviderDatabase  *database,
               const char            *name,
               const char            *sim_operator_code,
               GError               **error)
{
  g_autoptr(GPtrArray) candidates = candidate_providers (database, sim_operator_code);
  g_autoptr(GPtrArray) exact = g_ptr_array_new ();
  g_autoptr(GPtrArray) partial = g_ptr_array_new ();
  g_autoptr(GString) choices = g_string_new (NULL);
  GPtrArray *matches;

  for (guint i = 0; candidates != NULL && i < candidates->len; i++)
    {
      PlugProvider *provider = g_ptr_array_index (candidates, i);

      if (name_equal (plug_provider_get_name (provider), name) ||
          name_equal (plug_provider_get_display_name (provider), name))
        g_ptr_array_add (exact, provider);
      else if (plug_provider_matches_text (provider, name))
        g_ptr_array_add (partial, provider);
    }

  matches = exact->len > 0 ? exact : partial;

  /* The same name in several countries: the SIM's network decides. */
  if (matches->len > 1 && sim_operator_code != NULL)
    {
      for (guint i = 0; i < matches->len; i++)
        {
          PlugProvider *provider = g_ptr_array_index (matches, i);

          if (plug_provider_match_mcc_mnc (provider, sim_operator_code) != PLUG_PROVIDER_MATCH_NONE)
            return g_object_ref (provider);
        }
    }

  if (matches->len == 1)
    return g_object_ref (g_ptr_array_index (matches, 0));

  if (matches->len == 0)
    {
      g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NOT_FOUND,
                   _("The provider database lists no provider called “%s”. "
                     "Look for it with “plugboardctl broadband providers --search”, "
                     "or give the APN with --apn"),
                   name);
      return NULL;
    }

  for (guint i = 0; i < matches->len; i++)
    {
      PlugProvider *provider = g_ptr_array_index (matches, i);
      g_autofree char *country = g_ascii_strup (plug_provider_get_country_code (provider), -1);

      g_string_append_printf (choices, "%s%s (%s)", i > 0 ? ", " : "",
                              plug_provider_get_display_name (provider), country);
    }
  g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NOT_FOUND,
               _("More than one provider matches “%s”: %s. Give its full name, "
                 "or plug in the modem with its SIM and give --device"),
               name, choices->str);

  return NULL;
}

static gboolean
apn_matches_plan (PlugProviderApn *apn,
                  const char      *plan)
{
  return name_equal (plug_provider_apn_get_display_name (apn), plan) ||
         name_equal (plug_provider_apn_get_name (apn), plan) ||
         name_equal (plug_provider_apn_get_apn (apn), plan);
}

static char *
describe_plan (PlugProviderApn *apn)
{
  const char *name = plug_provider_apn_get_display_name (apn);

  if (name != NULL)
    return g_strdup_printf ("“%s” (%s)", name, plug_provider_apn_get_apn (apn));

  return g_strdup_printf ("“%s”", plug_provider_apn_get_apn (apn));
}

/* The provider's internet APN for @plan; a GSM provider needs a plan
 * unless it has exactly one internet APN. MMS and WAP APNs give no
 * internet access, so they are never chosen. */
static PlugProviderApn *
find_plan (PlugProvider  *provider,
           const char    *plan,
           GError       **error)
{
  GPtrArray *apns = plug_provider_get_apns (provider);
  g_autoptr(GPtrArray) internet = g_ptr_array_new ();
  g_autoptr(GString) choices = g_string_new (NULL);

  for (guint i = 0; apns != NULL && i < apns->len; i++)
    {
      PlugProviderApn *apn = g_ptr_array_index (apns, i);

      if (plug_provider_apn_is_for_internet (apn))
        g_ptr_array_add (internet, apn);
    }

  /* A plan whose APN NetworkManager would refuse is never saved: asked
   * for by name, it is refused saying why; it is not counted as a choice. */
  for (guint i = 0; plan != NULL && i < internet->len; i++)
    {
      PlugProviderApn *apn = g_ptr_array_index (internet, i);

      if (apn_matches_plan (apn, plan))
        {
          if (!plug_provider_apn_check (apn, error))
            {
              g_prefix_error (error, _("%s, plan %s: "), plug_provider_get_display_name (provider),
                              plan);
              return NULL;
            }
          return apn;
        }
    }

  for (guint i = internet->len; i > 0; i--)
    {
      if (!plug_provider_apn_check (g_ptr_array_index (internet, i - 1), NULL))
        g_ptr_array_remove_index (internet, i - 1);
    }

  if (plan == NULL && internet->len == 1)
    return g_ptr_array_index (internet, 0);

  if (internet->len == 0)
    {
      g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NOT_FOUND,
                   _("The provider database lists no internet APN for %s that NetworkManager accepts: give the APN with --apn"),
                   plug_provider_get_display_name (provider));
      return NULL;
    }

  for (guint i = 0; i < internet->len; i++)
    {
      g_autofree char *description = describe_plan (g_ptr_array_index (internet, i));

      g_string_append_printf (choices, "%s%s", i > 0 ? ", " : "", description);
    }

  if (plan == NULL)
    g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NOT_FOUND,
                 _("%s has more than one plan: choose one with --plan: %s"),
                 plug_provider_get_display_name (provider), choices->str);
  else
    g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NOT_FOUND,
                 _("%s has no plan “%s”: choose one of %s"),
                 plug_provider_get_display_name (provider), plan, choices->str);

  return NULL;
}

static PlugModemFamily
family_of_device (NMDeviceModem *device)
{
  NMDeviceModemCapabilities capabilities = nm_device_modem_get_current_capabilities (device);

  if (capabilities & (NM_DEVICE_MODEM_CAPABILITY_GSM_UMTS | NM_DEVICE_MODEM_CAPABILITY_LTE |
                      NM_DEVICE_MODEM_CAPABILITY_5GNR))
    return PLUG_MODEM_FAMILY_GSM;
  if (capabilities & NM_DEVICE_MODEM_CAPABILITY_CDMA_EVDO)
    return PLUG_MODEM_FAMILY_CDMA;

  return PLUG_MODEM_FAMILY_UNKNOWN;
}

static gboolean
connect_timeout_cb (gpointer user_data)
{
  g_cancellable_cancel (G_CANCELLABLE (user_data));

  return G_SOURCE_REMOVE;
}

/* Says which APN is tried next, when the network refused one. */
static void
trying_apn_cb (const char *refused,
               const char *next,
               gpointer    user_data)
{
  gboolean json = GPOINTER_TO_INT (user_data);
  g_autofree char *refused_text = refused[0] != '\0' ? g_strdup_printf ("“%s”", refused)
                                                      : g_strdup (_("the SIM’s default APN"));
  g_autofree char *next_text = next[0] != '\0' ? g_strdup_printf ("“%s”", next)
                                                : g_strdup (_("the SIM’s default APN"));

  if (!json)
    /* Translators: both are APNs, such as “internet” or “the SIM’s default APN” */
    g_print (_("The mobile network refused %s; trying %s…\n"), refused_text, next_text);
}

/* connect_and_report: connects @connection; with @choices (a new
 * connection's other APNs), tries them in turn while the mobile network
 * refuses the APN, through ModemManager's @mm_manager; @used_apn is then
 * set to the APN the connection has in the end. */
static int
connect_and_report (NMClient           *client,
                    MMManager          *mm_manager,
                    PlugModemList      *modems,
                    NMRemoteConnection *connection,
                    NMDevice           *device,
                    GPtrArray          *choices,
                    gboolean            json,
                    char              **used_apn)
{
  PlugModem *modem;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(NMActiveConnection) active = NULL;
  g_autoptr(GError) error = NULL;
  guint timeout_id;
  guint timeout_s;

  if (device == NULL)
    {
      device = plug_broadband_find_device (client, NM_CONNECTION (connection), &error);
      if (device == NULL)
        return plug_cli_fail (_("Cannot connect “%s”: %s"),
                              nm_connection_get_id (NM_CONNECTION (connection)), error->message);
    }

  /* A missing or locked SIM is said before NetworkManager is asked. */
  modem = modems != NULL ? plug_modem_list_find_by_interface (modems, nm_device_get_iface (device)) : NULL;
  if (modem != NULL && !plug_broadband_modem_check_ready (modem, &error))
    return plug_cli_fail (_("Cannot connect “%s”: %s"),
                          nm_connection_get_id (NM_CONNECTION (connection)), error->message);

  /* Each APN tried has the time one connection has. */
  timeout_s = CONNECT_TIMEOUT_SECONDS * (1 + (choices != NULL ? choices->len : 0));
  timeout_id = g_timeout_add_seconds (timeout_s, connect_timeout_cb, cancellable);
  if (choices != NULL)
    {
      plug_apn_fallback_connect_async (client, mm_manager, connection, device, choices,
                                       trying_apn_cb, GINT_TO_POINTER (json),
                                       cancellable, plug_cli_store_result_cb, &result);
      plug_cli_wait_for (&result);
      active = plug_apn_fallback_connect_finish (result, used_apn, &error);
    }
  else
    {
      plug_broadband_connect_async (client, connection, device, cancellable, plug_cli_store_result_cb, &result);
      plug_cli_wait_for (&result);
      active = plug_broadband_connect_finish (result, &error);
    }
  if (!g_cancellable_is_cancelled (cancellable))
    g_source_remove (timeout_id);

  if (active == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return plug_cli_fail (_("“%s” did not connect within %d seconds"),
                          nm_connection_get_id (NM_CONNECTION (connection)), timeout_s);
  if (active == NULL)
    return plug_cli_fail (_("Could not connect “%s”. %s"),
                          nm_connection_get_id (NM_CONNECTION (connection)), error->message);

  return PLUG_CLI_EXIT_DONE;
}

/* find_modem_device: NetworkManager's device for the modem @name, with
 * its family and its SIM's operator code where ModemManager knows them;
 * %NULL when there is no such modem. */
static NMDevice *
find_modem_device (NMClient         *client,
                   PlugModemList    *modems,
                   const char       *name,
                   PlugModemFamily  *family,
                   const char      **sim_operator_code)
{
  PlugModem *modem = modems != NULL ? plug_modem_list_find_by_interface (modems, name) : NULL;
  NMDevice *device = nm_client_get_device_by_iface (client, name);

  if (device == NULL || !NM_IS_DEVICE_MODEM (device))
    return NULL;

  *family = modem != NULL ? plug_modem_get_family (modem) : PLUG_MODEM_FAMILY_UNKNOWN;
  if (*family == PLUG_MODEM_FAMILY_UNKNOWN)
    *family = family_of_device (NM_DEVICE_MODEM (device));
  if (modem != NULL)
    *sim_operator_code = plug_modem_get_sim_operator_code (modem);

  return device;
}

/* settings_from_provider: @settings from @provider's entry for the
 * modem's family (a GSM plan, or its CDMA settings), keeping a username
 * and password already given; returns the connection's default name, or
 * %NULL with @error set when the provider does not fit the modem. The
 * strings set in @settings belong to @provider. */
static char *
settings_from_provider (PlugProvider                    *provider,
                        const char                      *plan,
                        PlugModemFamily                  device_family,
                        const char                      *device_name,
                        PlugBroadbandConnectionSettings *settings,
                        GError                         **error)
{
  const char *provider_name = plug_provider_get_display_name (provider);

  if (device_family == PLUG_MODEM_FAMILY_CDMA ||
      (device_family == PLUG_MODEM_FAMILY_UNKNOWN && !plug_provider_has_gsm (provider)))
    settings->family = PLUG_MODEM_FAMILY_CDMA;
  else
    settings->family = PLUG_MODEM_FAMILY_GSM;

  if (settings->family == PLUG_MODEM_FAMILY_GSM)
    {
      PlugProviderApn *provider_apn;

      if (!plug_provider_has_gsm (provider))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       _("%s is a CDMA provider, and %s is a GSM (3GPP) modem"), provider_name, device_name);
          return NULL;
        }
      provider_apn = find_plan (provider, plan, error);
      if (provider_apn == NULL)
        return NULL;

      settings->apn = plug_provider_apn_get_apn (provider_apn);
      if (settings->username == NULL)
        settings->username = plug_provider_apn_get_username (provider_apn);
      if (settings->password == NULL)
        settings->password = plug_provider_apn_get_password (provider_apn);
      if (plug_provider_apn_get_display_name (provider_apn) != NULL)
        /* Translators: a connection's name: provider and plan, such as “Vodafone Mobile Internet” */
        return g_strdup_printf (_("%s %s"), provider_name, plug_provider_apn_get_display_name (provider_apn));
    }
  else
    {
      if (!plug_provider_has_cdma (provider))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                       _("%s is a GSM (3GPP) provider, and %s is a CDMA modem"), provider_name,
                       device_name != NULL ? device_name : _("the modem"));
          return NULL;
        }
      if (settings->username == NULL)
        settings->username = plug_provider_get_cdma_username (provider);
      if (settings->password == NULL)
        settings->password = plug_provider_get_cdma_password (provider);
    }

  /* Translators: a connection's name, such as “Verizon connection” */
  return g_strdup_printf (_("%s connection"), provider_name);
}

int
plug_cli_broadband_add (int      argc,
                        char   **argv,
                        gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(PlugModemList) modems = NULL;
  g_autoptr(PlugProviderDatabase) database = NULL;
  g_autoptr(PlugProvider) provider = NULL;
  g_autoptr(NMConnection) connection = NULL;
  g_autoptr(NMRemoteConnection) added = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *device_name = NULL;
  g_autofree char *provider_name = NULL;
  g_autofree char *plan = NULL;
  g_autofree char *apn = NULL;
  g_autofree char *username = NULL;
  g_autoptr(PlugCliSecret) password = NULL;
  g_autofree char *name = NULL;
  g_autofree char *default_name = NULL;
  g_autofree char *unique_name = NULL;
  g_auto(GStrv) taken = NULL;
  gboolean cdma = FALSE;
  gboolean roaming = FALSE;
  gboolean connect = FALSE;
  PlugBroadbandConnectionSettings settings = { 0, };
  PlugModemFamily device_family = PLUG_MODEM_FAMILY_UNKNOWN;
  const char *sim_operator_code = NULL;
  NMDevice *device = NULL;
  NMClient *client;
  int exit_code;
  const GOptionEntry entries[] = {
    { "device", 0, 0, G_OPTION_ARG_STRING, &device_name,
      N_("The modem the connection is for (its interface, as “broadband devices” lists it)"), N_("IFACE") },
    { "provider", 0, 0, G_OPTION_ARG_STRING, &provider_name,
      N_("Take the settings of this provider from the provider database"), N_("NAME") },
    { "plan", 0, 0, G_OPTION_ARG_STRING, &plan,
      N_("The provider's plan (its name or APN), when it has more than one"), N_("NAME") },
    { "apn", 0, 0, G_OPTION_ARG_STRING, &apn,
      N_("Give the APN yourself, for a GSM (3GPP) modem"), N_("APN") },
    { "cdma", 0, 0, G_OPTION_ARG_NONE, &cdma,
      N_("A connection for a CDMA modem (number #777)"), NULL },
    { "username", 0, 0, G_OPTION_ARG_STRING, &username, N_("The username, if the provider wants one"), N_("USER") },
    { "password", 0, 0, G_OPTION_ARG_STRING, &password, N_("The password, if the provider wants one; - reads it from standard input"), N_("PASSWORD") },
    { "name", 0, 0, G_OPTION_ARG_STRING, &name, N_("A name for the connection"), N_("NAME") },
    { "roaming", 0, 0, G_OPTION_ARG_NONE, &roaming, N_("Allow connecting while roaming"), NULL },
    { "connect", 0, 0, G_OPTION_ARG_NONE, &connect, N_("Connect once it is created"), NULL },
    { NULL }
  };

  context = plug_cli_option_context_new ("broadband add", NULL,
                                         _("Create a mobile broadband connection in NetworkManager, "
                                           "from the provider database or with an APN you give. "
                                           "It does not connect by itself."),
                                         &json);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;

  if (argc > 1)
    return plug_cli_usage_error ("broadband add", _("Unexpected argument “%s”"), argv[1]);
  if ((provider_name != NULL) + (apn != NULL) + (cdma != FALSE) != 1)
    return plug_cli_usage_error ("broadband add", _("Give one of --provider, --apn or --cdma"));
  if (plan != NULL && provider_name == NULL)
    return plug_cli_usage_error ("broadband add", _("--plan goes with --provider"));

  /* Checked before any service is asked, so that a wrong APN changes
   * nothing anywhere. */
  if (apn != NULL && !plug_broadband_apn_validate (apn, &error))
    return plug_cli_fail ("%s", error->message);
  if (!plug_cli_read_secret (&password, _("The password:"), FALSE, &error))
    return plug_cli_fail ("%s", error->message);

  services = load_services (FALSE, &exit_code);
  if (services == NULL)
    return exit_code;
  client = plug_services_get_nm_client (services);

  modems = load_modems (services, &error);
  if (modems == NULL && error != NULL)
    return plug_cli_fail (_("Could not read the modems: %s"), error->message);

  if (device_name != NULL)
    {
      device = find_modem_device (client, modems, device_name, &device_family, &sim_operator_code);
      /* A modem NetworkManager does not manage would take the connection
       * and never use it: say why instead. */
      if (device == NULL && modems != NULL && plug_modem_list_find_unmanaged (modems, device_name) != NULL)
        return plug_cli_fail (_("The modem %s cannot be used. %s."), device_name,
                              plug_modem_problem_get_description (PLUG_MODEM_PROBLEM_NOT_MANAGED));
      if (device == NULL)
        return plug_cli_fail (_("There is no modem %s. “plugboardctl broadband devices” lists the modems."),
                              device_name);
    }
  else if (modems != NULL && g_list_model_get_n_items (G_LIST_MODEL (modems)) == 1)
    {
      g_autoptr(PlugModem) modem = g_list_model_get_item (G_LIST_MODEL (modems), 0);

      /* The only modem's SIM still says which country to look in. */
      sim_operator_code = plug_modem_get_sim_operator_code (modem);
    }

  settings.roaming_allowed = roaming;
  settings.interface = device_name;
  settings.username = username;
  settings.password = password;

  if (provider_name != NULL)
    {
      plug_provider_database_get_default_async (NULL, plug_cli_store_result_cb, &result);
      plug_cli_wait_for (&result);
      database = plug_provider_database_get_default_finish (result, &error);
      if (database == NULL)
        return plug_cli_fail (_("The mobile broadband provider database (package %s) cannot be read: %s. "
                                "Give the APN with --apn instead."),
                              "mobile-broadband-provider-info", error->message);

      provider = find_provider (database, provider_name, sim_operator_code, &error);
      if (provider == NULL)
        return plug_cli_fail ("%s", error->message);

      default_name = settings_from_provider (provider, plan, device_family, device_name, &settings, &error);
      if (default_name == NULL)
        return plug_cli_fail ("%s", error->message);
    }
  else if (apn != NULL)
    {
      if (device_family == PLUG_MODEM_FAMILY_CDMA)
        return plug_cli_fail (_("%s is a CDMA modem, which has no APN: use --cdma"), device_name);
      settings.family = PLUG_MODEM_FAMILY_GSM;
      settings.apn = apn;
      default_name = apn[0] != '\0'
                     /* Translators: a connection's name, with its APN */
                     ? g_strdup_printf (_("Mobile broadband %s"), apn)
                     : g_strdup (_("Mobile broadband"));
    }
  else
    {
      if (device_family == PLUG_MODEM_FAMILY_GSM)
        return plug_cli_fail (_("%s is a GSM (3GPP) modem: give --apn or --provider instead of --cdma"),
                              device_name);
      settings.family = PLUG_MODEM_FAMILY_CDMA;
      default_name = g_strdup (_("CDMA connection"));
    }

  /* A second connection for the same provider gets “… 2”; a name given
   * with --name is refused when taken, not changed. */
  taken = plug_broadband_dup_connection_ids (client);
  if (name != NULL && !plug_broadband_connection_id_check (name, (const char * const *) taken, &error))
    return plug_cli_fail ("%s", error->message);
  if (name == NULL)
    unique_name = plug_broadband_connection_unique_id (default_name, (const char * const *) taken);
  settings.id = name != NULL ? name : unique_name;

  connection = plug_broadband_connection_new (&settings, &error);
  if (connection == NULL)
    return plug_cli_fail ("%s", error->message);

  g_clear_object (&result);
  plug_broadband_add_connection_async (client, connection, NULL, plug_cli_store_result_cb, &result);
  plug_cli_wait_for (&result);
  added = plug_broadband_add_connection_finish (result, &error);
  if (added == NULL)
    return plug_cli_fail ("%s", error->message);

  if (!json)
    {
      g_autofree char *id = dup_printable_id (NM_CONNECTION (added));
      g_print (_("Created the connection “%s” (%s)\n"),
               id, nm_connection_get_uuid (NM_CONNECTION (added)));
    }

  exit_code = PLUG_CLI_EXIT_DONE;
  if (connect)
    {
      g_autoptr(GPtrArray) choices = NULL;
      g_autofree char *used_apn = NULL;

      if (settings.family == PLUG_MODEM_FAMILY_GSM)
        choices = plug_apn_fallback_choices (provider, settings.apn, settings.username, settings.password);
      exit_code = connect_and_report (client, plug_services_get_mm_manager (services), modems, added, device,
                                      choices, json, &used_apn);
      if (exit_code == PLUG_CLI_EXIT_DONE && !json)
        {
          if (settings.family != PLUG_MODEM_FAMILY_GSM || g_strcmp0 (used_apn, settings.apn) == 0)
            g_print (_("Connected\n"));
          else if (used_apn != NULL && used_apn[0] != '\0')
            /* Translators: %s is an APN */
            g_print (_("Connected with the APN “%s”, which the connection now uses\n"), used_apn);
          else
            g_print (_("Connected with the SIM’s default APN, which the connection now uses\n"));
        }
    }

  if (json)
    print_connection (client, added, TRUE);

  return exit_code;
}

/* --- broadband list ----------------------------------------------------- */

int
plug_cli_broadband_list (int      argc,
                         char   **argv,
                         gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(GPtrArray) connections = NULL;
  NMClient *client;
  int exit_code;

  context = plug_cli_option_context_new ("broadband list", NULL,
                                         _("List the mobile broadband connections and whether they are connected."),
                                         &json);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;
  if (argc > 1)
    return plug_cli_usage_error ("broadband list", _("Unexpected argument “%s”"), argv[1]);

  services = load_services (FALSE, &exit_code);
  if (services == NULL)
    return exit_code;
  client = plug_services_get_nm_client (services);
  connections = plug_broadband_list_connections (client);

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) node = NULL;

      json_builder_begin_array (builder);
      for (guint i = 0; i < connections->len; i++)
        {
          NMRemoteConnection *connection = g_ptr_array_index (connections, i);

          add_connection_json (builder, NM_CONNECTION (connection),
                               plug_broadband_find_active_connection (client, connection));
        }
      json_builder_end_array (builder);
      node = json_builder_get_root (builder);
      plug_cli_print_json (node);
    }
  else if (connections->len == 0)
    {
      g_print (_("No mobile broadband connection. Create one with “plugboardctl broadband add”.\n"));
    }
  else
    {
      for (guint i = 0; i < connections->len; i++)
        {
          if (i > 0)
            g_print ("\n");
          print_connection (client, g_ptr_array_index (connections, i), FALSE);
        }
    }

  return PLUG_CLI_EXIT_DONE;
}

/* --- broadband delete, connect, disconnect ------------------------------ */

/* Parses `broadband COMMAND NAME|UUID` and finds the connection; returns
 * NULL with the exit code in @exit_code. */
static NMRemoteConnection *
parse_connection_command (const char     *command,
                          const char     *summary,
                          int             argc,
                          char          **argv,
                          gboolean       *json,
                          PlugServices  **services_out,
                          int            *exit_code)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(GError) error = NULL;
  NMRemoteConnection *connection;

  context = plug_cli_option_context_new (command, _("NAME|UUID"), summary, json);
  *exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (*exit_code != PLUG_CLI_EXIT_DONE)
    return NULL;
  if (argc < 2)
    {
      *exit_code = plug_cli_usage_error (command, _("Give the name or UUID of a connection"));
      return NULL;
    }
  if (argc > 2)
    {
      *exit_code = plug_cli_usage_error (command, _("Unexpected argument “%s”"), argv[2]);
      return NULL;
    }

  services = load_services (FALSE, exit_code);
  if (services == NULL)
    return NULL;

  connection = plug_broadband_find_connection (plug_services_get_nm_client (services), argv[1], &error);
  if (connection == NULL)
    {
      *exit_code = plug_cli_fail ("%s", error->message);
      return NULL;
    }

  *services_out = g_steal_pointer (&services);

  return connection;
}

int
plug_cli_broadband_delete (int      argc,
                           char   **argv,
                           gboolean json)
{
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(NMRemoteConnection) connection = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  int exit_code;

  connection = parse_connection_command ("broadband delete",
                                         _("Delete a mobile broadband connection."),
                                         argc, argv, &json, &services, &exit_code);
  if (connection == NULL)
    return exit_code;

  plug_broadband_delete_connection_async (connection, NULL, plug_cli_store_result_cb, &result);
  plug_cli_wait_for (&result);
  if (!plug_broadband_delete_connection_finish (result, &error))
    return plug_cli_fail ("%s", error->message);

  if (!json)
    {
      g_autofree char *id = dup_printable_id (NM_CONNECTION (connection));
      g_print (_("Deleted the connection “%s”\n"), id);
    }

  return PLUG_CLI_EXIT_DONE;
}

int
plug_cli_broadband_connect (int      argc,
                            char   **argv,
                            gboolean json)
{
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(NMRemoteConnection) connection = NULL;
  g_autoptr(PlugModemList) modems = NULL;
  int exit_code;

  connection = parse_connection_command ("broadband connect",
                                         _("Connect a mobile broadband connection, and wait until it is up or has failed."),
                                         argc, argv, &json, &services, &exit_code);
  if (connection == NULL)
    return exit_code;

  /* Without ModemManager NetworkManager has no modem either, and says so. */
  modems = load_modems (services, NULL);
  exit_code = connect_and_report (plug_services_get_nm_client (services), NULL, modems, connection, NULL,
                                  NULL, json, NULL);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;

  if (json)
    print_connection (plug_services_get_nm_client (services), connection, TRUE);
  else
    {
      g_autofree char *id = dup_printable_id (NM_CONNECTION (connection));
      g_print (_("Connected “%s”\n"), id);
    }

  return PLUG_CLI_EXIT_DONE;
}

int
plug_cli_broadband_disconnect (int      argc,
                               char   **argv,
                               gboolean json)
{
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(NMRemoteConnection) connection = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  NMActiveConnection *active;
  NMClient *client;
  int exit_code;

  connection = parse_connection_command ("broadband disconnect",
                                         _("Disconnect a mobile broadband connection."),
                                         argc, argv, &json, &services, &exit_code);
  if (connection == NULL)
    return exit_code;

  client = plug_services_get_nm_client (services);
  active = plug_broadband_find_active_connection (client, connection);

  /* Disconnecting what is not connected leaves it as wanted: done. */
  if (active == NULL)
    {
      if (!json)
        {
          g_autofree char *id = dup_printable_id (NM_CONNECTION (connection));
          g_print (_("“%s” is not connected\n"), id);
        }
    }
  else
    {
      plug_broadband_disconnect_async (client, active, NULL, plug_cli_store_result_cb, &result);
      plug_cli_wait_for (&result);
      if (!plug_broadband_disconnect_finish (result, &error))
        return plug_cli_fail ("%s", error->message);
      if (!json)
        {
          g_autofree char *id = dup_printable_id (NM_CONNECTION (connection));
          g_print (_("Disconnected “%s”\n"), id);
        }
    }

  if (json)
    print_connection (client, connection, TRUE);

  return PLUG_CLI_EXIT_DONE;
}

/* --- broadband unlock --------------------------------------------------- */

static PlugModem *
find_locked_modem (PlugModemList  *modems,
                   const char     *interface,
                   GError        **error)
{
  PlugModem *found = NULL;
  guint n_locked = 0;

  if (interface != NULL)
    {
      found = plug_modem_list_find_by_interface (modems, interface);
      if (found == NULL)
        g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NO_MODEM,
                     _("There is no modem %s. “plugboardctl broadband devices” lists the modems."),
                     interface);
      return found != NULL ? g_object_ref (found) : NULL;
    }

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (modems)); i++)
    {
      g_autoptr(PlugModem) modem = g_list_model_get_item (G_LIST_MODEL (modems), i);

      if (plug_modem_get_sim_state (modem) == PLUG_MODEM_SIM_STATE_LOCKED)
        {
          g_set_object (&found, modem);
          n_locked++;
        }
    }

  if (n_locked == 1)
    return found;

  g_clear_object (&found);
  if (n_locked == 0)
    g_set_error_literal (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NOT_LOCKED,
                         g_list_model_get_n_items (G_LIST_MODEL (modems)) == 0
                         ? _("No modem found. Plug in a mobile broadband modem or USB stick, "
                             "or switch on the built-in modem.")
                         : _("No modem has a locked SIM"));
  else
    g_set_error_literal (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NO_MODEM,
                         _("More than one modem has a locked SIM: choose one with --device"));

  return NULL;
}

/* The codes given as - read from standard input (the PUK before the
 * new PIN), or asked on a terminal; then checked as the SIM would. */
static gboolean
read_codes (PlugCliSecret **pin,
            PlugCliSecret **puk,
            PlugCliSecret **new_pin,
            GError        **error)
{
  if (!plug_cli_read_secret (pin, _("The SIM's PIN:"), FALSE, error) ||
      !plug_cli_read_secret (puk, _("The SIM's PUK:"), FALSE, error) ||
      !plug_cli_read_secret (new_pin, _("A new PIN for the SIM:"), *puk != NULL, error))
    return FALSE;

  if (*puk != NULL && *new_pin == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("--puk needs --new-pin"));
      return FALSE;
    }

  return (*puk == NULL || plug_broadband_puk_validate (*puk, error)) &&
         (*pin == NULL || plug_broadband_pin_validate (*pin, error)) &&
         (*new_pin == NULL || plug_broadband_pin_validate (*new_pin, error));
}

int
plug_cli_broadband_unlock (int      argc,
                           char   **argv,
                           gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(PlugModemList) modems = NULL;
  g_autoptr(PlugModem) modem = NULL;
  g_autoptr(GDBusObject) object = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *device_name = NULL;
  g_autoptr(PlugCliSecret) pin = NULL;
  g_autoptr(PlugCliSecret) puk = NULL;
  g_autoptr(PlugCliSecret) new_pin = NULL;
  gboolean ask;
  int exit_code;
  const GOptionEntry entries[] = {
    { "device", 0, 0, G_OPTION_ARG_STRING, &device_name,
      N_("The modem whose SIM to unlock, when more than one is locked"), N_("IFACE") },
    { "pin", 0, 0, G_OPTION_ARG_STRING, &pin,
      N_("The SIM's PIN; - reads it from standard input"), N_("PIN") },
    { "puk", 0, 0, G_OPTION_ARG_STRING, &puk,
      N_("The SIM's PUK, when it is blocked; - reads it from standard input"), N_("PUK") },
    { "new-pin", 0, 0, G_OPTION_ARG_STRING, &new_pin,
      N_("With --puk: the SIM's new PIN; - reads it from standard input, after the PUK"), N_("PIN") },
    { NULL }
  };

  context = plug_cli_option_context_new ("broadband unlock", NULL,
                                         _("Unlock a modem's SIM with its PIN, or a blocked one with "
                                           "its PUK and a new PIN. A wrong code is never tried again. "
                                           "On a terminal, a code not given is asked for, "
                                           "without showing it."),
                                         &json);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;

  if (argc > 1)
    return plug_cli_usage_error ("broadband unlock", _("Unexpected argument “%s”"), argv[1]);
  /* On a terminal, what is missing is asked once the modem says what
   * its SIM wants. */
  ask = isatty (STDIN_FILENO) && pin == NULL && puk == NULL;
  if (!ask && (pin != NULL) == (puk != NULL))
    return plug_cli_usage_error ("broadband unlock", _("Give --pin, or --puk with --new-pin"));
  if (puk != NULL && new_pin == NULL && !isatty (STDIN_FILENO))
    return plug_cli_usage_error ("broadband unlock", _("--puk needs --new-pin"));
  if (pin != NULL && new_pin != NULL)
    return plug_cli_usage_error ("broadband unlock", _("--new-pin goes with --puk"));

  if (!ask && !read_codes (&pin, &puk, &new_pin, &error))
    return plug_cli_fail ("%s", error->message);

  services = load_services (TRUE, &exit_code);
  if (services == NULL)
    return exit_code;

  modems = load_modems (services, &error);
  if (modems == NULL)
    return plug_cli_fail (_("Could not read the modems: %s"),
                          error != NULL ? error->message : _("ModemManager is not running"));

  modem = find_locked_modem (modems, device_name, &error);
  if (modem == NULL)
    return plug_cli_fail ("%s", error->message);

  object = plug_modem_get_modem_path (modem) != NULL
           ? g_dbus_object_manager_get_object (G_DBUS_OBJECT_MANAGER (plug_services_get_mm_manager (services)),
                                               plug_modem_get_modem_path (modem))
           : NULL;
  if (object == NULL || !MM_IS_OBJECT (object))
    return plug_cli_fail (_("ModemManager does not know the modem %s yet; try again in a moment"),
                          plug_modem_get_interface (modem));

  if (ask)
    {
      if (plug_modem_get_lock (modem) == MM_MODEM_LOCK_SIM_PUK)
        puk = g_strdup ("-");
      else
        pin = g_strdup ("-");
      if (!read_codes (&pin, &puk, &new_pin, &error))
        return plug_cli_fail ("%s", error->message);
    }

  plug_broadband_unlock_async (MM_OBJECT (object), puk, puk != NULL ? new_pin : pin,
                               NULL, plug_cli_store_result_cb, &result);
  plug_cli_wait_for (&result);
  if (!plug_broadband_unlock_finish (result, &error))
    return plug_cli_fail ("%s", error->message);

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) node = NULL;

      json_builder_begin_object (builder);
      plug_cli_json_add_string (builder, "interface", plug_modem_get_interface (modem));
      json_builder_set_member_name (builder, "unlocked");
      json_builder_add_boolean_value (builder, TRUE);
      json_builder_end_object (builder);
      node = json_builder_get_root (builder);
      plug_cli_print_json (node);
    }
  else
    {
      g_print (_("The SIM of %s is unlocked\n"), plug_modem_get_interface (modem));
    }

  return PLUG_CLI_EXIT_DONE;
}
