/* plug-cli-status.c: plugboardctl status
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboardctl"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-cli.h"

static JsonNode *
build_json (PlugServices *services)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  const char *bus_error = plug_services_get_system_bus_error (services);

  json_builder_begin_object (builder);

  json_builder_set_member_name (builder, "system_bus");
  json_builder_add_boolean_value (builder, bus_error == NULL);
  json_builder_set_member_name (builder, "system_bus_error");
  if (bus_error != NULL)
    json_builder_add_string_value (builder, bus_error);
  else
    json_builder_add_null_value (builder);

  json_builder_set_member_name (builder, "services");
  json_builder_begin_array (builder);
  for (guint i = 0; i < PLUG_N_SERVICE_KINDS; i++)
    {
      const char *version = plug_services_get_version (services, i);
      g_autofree char *state = plug_services_describe (services, i);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "id");
      json_builder_add_string_value (builder, plug_service_kind_get_id (i));
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, plug_service_kind_get_name (i));
      json_builder_set_member_name (builder, "bus_name");
      json_builder_add_string_value (builder, plug_service_kind_get_bus_name (i));
      json_builder_set_member_name (builder, "available");
      json_builder_add_boolean_value (builder, plug_services_is_available (services, i));
      json_builder_set_member_name (builder, "running");
      json_builder_add_boolean_value (builder, plug_services_is_running (services, i));
      json_builder_set_member_name (builder, "activatable");
      json_builder_add_boolean_value (builder, plug_services_is_activatable (services, i));
      json_builder_set_member_name (builder, "version");
      if (version != NULL)
        json_builder_add_string_value (builder, version);
      else
        json_builder_add_null_value (builder);
      json_builder_set_member_name (builder, "state");
      json_builder_add_string_value (builder, state);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

static void
print_text (PlugServices *services)
{
  const char *bus_error = plug_services_get_system_bus_error (services);
  int name_width = 0;

  if (bus_error != NULL)
    g_print (_("The system bus cannot be reached: %s\n\n"), bus_error);

  for (guint i = 0; i < PLUG_N_SERVICE_KINDS; i++)
    name_width = MAX (name_width, (int) strlen (plug_service_kind_get_name (i)));

  for (guint i = 0; i < PLUG_N_SERVICE_KINDS; i++)
    {
      g_autofree char *state = plug_services_describe (services, i);

      g_print ("%-*s  %s\n", name_width, plug_service_kind_get_name (i), state);
    }
}

int
plug_cli_status (int      argc,
                 char   **argv,
                 gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(GError) error = NULL;
  int exit_code;

  context = plug_cli_option_context_new ("status", NULL,
                                         _("Show which system services Plugboard can reach."),
                                         &json);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;

  if (argc > 1)
    return plug_cli_usage_error ("status", _("Unexpected argument “%s”"), argv[1]);

  services = plug_cli_load_services (PLUG_SERVICES_CLIENTS_NONE, &error);
  if (services == NULL)
    return plug_cli_fail (_("Could not read the state of the system services: %s"), error->message);

  if (json)
    {
      g_autoptr(JsonNode) node = build_json (services);

      plug_cli_print_json (node);
    }
  else
    {
      print_text (services);
    }

  return PLUG_CLI_EXIT_DONE;
}
