/* plug-cli.c: Shared plumbing of plugboardctl's subcommands
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboardctl"

#include "config.h"

#include <stdio.h>
#include <glib/gi18n.h>

#include "plug-cli.h"

/*
 * Every subcommand gets its own option context with the options every
 * subcommand honours (--json), so `plugboardctl status --json` and
 * `plugboardctl --json status` mean the same.
 */
GOptionContext *
plug_cli_option_context_new (const char *command,
                             const char *parameter_string,
                             const char *summary,
                             gboolean   *json)
{
  GOptionContext *context;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, json, N_("Print the result as JSON"), NULL },
    { NULL }
  };
  g_autofree char *full_parameter_string = g_strdup_printf ("%s%s%s",
                                                            command,
                                                            parameter_string ? " " : "",
                                                            parameter_string ? parameter_string : "");

  context = g_option_context_new (full_parameter_string);
  g_option_context_set_summary (context, summary);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);

  return context;
}

/* Returns PLUG_CLI_EXIT_DONE, or the exit code for a usage error. */
int
plug_cli_parse_options (GOptionContext   *context,
                        int              *argc,
                        char           ***argv)
{
  g_autoptr(GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    {
      g_printerr ("plugboardctl: %s\n", error->message);
      g_printerr (_("Try “plugboardctl --help” for more information.\n"));
      return PLUG_CLI_EXIT_USAGE;
    }

  return PLUG_CLI_EXIT_DONE;
}

int
plug_cli_usage_error (const char *command,
                      const char *format,
                      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_printerr ("plugboardctl %s: %s\n", command, message);
  g_printerr (_("Try “plugboardctl %s --help” for more information.\n"), command);

  return PLUG_CLI_EXIT_USAGE;
}

int
plug_cli_fail (const char *format,
               ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_printerr ("plugboardctl: %s\n", message);

  return PLUG_CLI_EXIT_FAILED;
}

void
plug_cli_print_json (JsonNode *node)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;

  json_generator_set_root (generator, node);
  json_generator_set_pretty (generator, TRUE);
  text = json_generator_to_data (generator, NULL);

  g_print ("%s\n", text);
}

static void
services_loaded_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  GAsyncResult **result_out = user_data;

  *result_out = g_object_ref (result);
  g_main_context_wakeup (NULL);
}

/* A command-line tool may wait; it runs the core's asynchronous API to
 * completion on its own main context. */
PlugServices *
plug_cli_load_services (PlugServicesClients   clients,
                        GError              **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  plug_services_new_async (clients, NULL, services_loaded_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);

  return plug_services_new_finish (result, error);
}
