/* plug-cli-report.c: plugboardctl report, everything the panels show, in one text
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboardctl"

#include "config.h"

#include <glib/gi18n.h>
#include <sys/utsname.h>

#include "plug-cli.h"

/*
 * The report a user pastes into a bug report or a forum post: the system
 * services, the drives, the modems and connections, and the graphics, as
 * the subcommands that show each print them. Each section is the output
 * of that subcommand, run in this process with its output captured, so
 * the report never says anything the subcommand would not; a section that
 * cannot be read says why, and the others are still printed (exit status
 * 1 then). With --json, an object of the subcommands' JSON.
 */

typedef struct
{
  const char  *title;
  const char  *json_key;
  int        (*run) (int argc, char **argv, gboolean json);
  const char  *argv[3];
  /* Takes graphics status's seams for a made-up machine (tests only). */
  gboolean     takes_root;
} Section;

static const Section sections[] = {
  { N_("System services"), "services", plug_cli_status, { "status", NULL } },
  { N_("Drives"), "drives", plug_cli_drives, { "drives", "list", NULL } },
  { N_("Mobile broadband modems"), "modems", plug_cli_broadband, { "broadband", "devices", NULL } },
  { N_("Mobile broadband connections"), "connections", plug_cli_broadband, { "broadband", "list", NULL } },
  { N_("Graphics"), "graphics", plug_cli_graphics, { "graphics", "status", NULL }, TRUE },
};

/* The hidden --root and --modules-directory, for the graphics section. */
static char *root_directory;
static char *modules_directory;

static GString *captured_output;
static GString *captured_errors;

static void
capture_output_cb (const char *text)
{
  g_string_append (captured_output, text);
}

static void
capture_errors_cb (const char *text)
{
  g_string_append (captured_errors, text);
}

/* Runs @section with its output in @output and its errors in @errors. */
static int
run_section (const Section *section,
             gboolean       json,
             GString       *output,
             GString       *errors)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) owned = NULL;
  g_autofree char **argv = NULL;
  GPrintFunc old_print, old_printerr;
  int exit_code;

  g_strv_builder_addv (builder, (const char **) section->argv);
  if (section->takes_root && root_directory != NULL)
    {
      g_strv_builder_add (builder, "--root");
      g_strv_builder_add (builder, root_directory);
    }
  if (section->takes_root && modules_directory != NULL)
    {
      g_strv_builder_add (builder, "--modules-directory");
      g_strv_builder_add (builder, modules_directory);
    }
  /* The options parser takes what it parsed out of argv without freeing
   * it: the strings stay owned here, the parser gets a copy of the array. */
  owned = g_strv_builder_end (builder);
  argv = g_memdup2 (owned, (g_strv_length (owned) + 1) * sizeof (char *));

  captured_output = output;
  captured_errors = errors;
  old_print = g_set_print_handler (capture_output_cb);
  old_printerr = g_set_printerr_handler (capture_errors_cb);
  exit_code = section->run (g_strv_length (argv), argv, json);
  g_set_print_handler (old_print);
  g_set_printerr_handler (old_printerr);
  captured_output = NULL;
  captured_errors = NULL;

  return exit_code;
}

static char *
dup_system_description (void)
{
  g_autofree char *os = g_get_os_info (G_OS_INFO_KEY_PRETTY_NAME);
  struct utsname name;

  if (uname (&name) != 0)
    return g_strdup (os != NULL ? os : "");

  /* Translators: the operating system, the kernel's release and the machine, such as
   * “Debian GNU/Linux 12 (bookworm), Linux 6.1.0-18-amd64, x86_64” */
  return g_strdup_printf (_("%s, Linux %s, %s"), os != NULL ? os : _("Unknown system"), name.release, name.machine);
}

static int
print_text_report (void)
{
  g_autofree char *system = dup_system_description ();
  int exit_code = PLUG_CLI_EXIT_DONE;

  g_print (_("Plugboard %s report\n"), PACKAGE_VERSION);
  g_print ("%s\n", system);

  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    {
      g_autoptr(GString) output = g_string_new (NULL);
      g_autoptr(GString) errors = g_string_new (NULL);

      g_print ("\n== %s ==\n", _(sections[i].title));
      if (run_section (&sections[i], FALSE, output, errors) == PLUG_CLI_EXIT_DONE)
        {
          g_print ("%s", output->str);
        }
      else
        {
          /* Translators: %s is the reason, as the subcommand printed it */
          g_print (_("Could not be read: %s\n"), g_strstrip (errors->str));
          exit_code = PLUG_CLI_EXIT_FAILED;
        }
    }

  return exit_code;
}

static int
print_json_report (void)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *system = dup_system_description ();
  int exit_code = PLUG_CLI_EXIT_DONE;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "version");
  json_builder_add_string_value (builder, PACKAGE_VERSION);
  json_builder_set_member_name (builder, "system");
  json_builder_add_string_value (builder, system);

  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    {
      g_autoptr(GString) output = g_string_new (NULL);
      g_autoptr(GString) errors = g_string_new (NULL);
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GError) error = NULL;

      json_builder_set_member_name (builder, sections[i].json_key);
      if (run_section (&sections[i], TRUE, output, errors) == PLUG_CLI_EXIT_DONE &&
          json_parser_load_from_data (parser, output->str, output->len, &error))
        {
          json_builder_add_value (builder, json_node_copy (json_parser_get_root (parser)));
        }
      else
        {
          /* A section that could not be read is an object with its error. */
          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "error");
          json_builder_add_string_value (builder, error != NULL ? error->message : g_strstrip (errors->str));
          json_builder_end_object (builder);
          exit_code = PLUG_CLI_EXIT_FAILED;
        }
    }

  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  plug_cli_print_json (root);

  return exit_code;
}

int
plug_cli_report (int      argc,
                 char   **argv,
                 gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *root = NULL;
  g_autofree char *modules = NULL;
  int exit_code;
  const GOptionEntry entries[] = {
    /* As graphics status's: the graphics section reads a made-up machine. */
    { "root", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &root,
      "Read the graphics from below this directory (for tests)", NULL },
    { "modules-directory", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &modules,
      "Read the kernel modules from this directory (for tests)", NULL },
    { NULL }
  };

  context = plug_cli_option_context_new ("report", NULL,
                                         _("Print what every panel shows (system services, drives, "
                                           "modems and connections, graphics) as one text to copy "
                                           "into a bug report. Exit status 1 when a part could not "
                                           "be read; the rest is printed all the same."),
                                         &json);
  g_option_context_add_main_entries (context, entries, NULL);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;

  if (argc > 1)
    return plug_cli_usage_error ("report", _("Unexpected argument “%s”"), argv[1]);

  root_directory = root;
  modules_directory = modules;
  exit_code = json ? print_json_report () : print_text_report ();
  root_directory = NULL;
  modules_directory = NULL;

  return exit_code;
}
