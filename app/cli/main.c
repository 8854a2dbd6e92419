/* main.c: plugboardctl, Plugboard on the command line
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboardctl"

#include "config.h"

#include <locale.h>
#include <glib/gi18n.h>

#include "plug-cli.h"

static const PlugCliCommand commands[] = {
  { "status", N_("Show which system services Plugboard can reach"), plug_cli_status },
  { "broadband", N_("Mobile broadband: modems, providers and their plans"), plug_cli_broadband },
  { "drives", N_("External drives and disk images: list them, check and change names"), plug_cli_drives },
  { "graphics", N_("Show the GPUs, their drivers and power readiness"), plug_cli_graphics },
};

static void
print_help (void)
{
  g_print (_("Usage:\n  plugboardctl [--json] COMMAND [OPTIONS…]\n\n"));
  g_print (_("Get awkward hardware working: mobile broadband, drives and graphics.\n\n"));
  g_print (_("Commands:\n"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_print ("  %-12s %s\n", commands[i].name, _(commands[i].summary));
  g_print (_("\nOptions:\n"));
  g_print ("  --json       %s\n", _("Print results as JSON"));
  g_print ("  --version    %s\n", _("Show the version and exit"));
  g_print ("  -h, --help   %s\n", _("Show this help and exit"));
  g_print (_("\nRun “plugboardctl COMMAND --help” for the options of a command.\n"));
  g_print (_("Exit status: 0 done, 1 failed (the reason is printed), 2 wrong usage.\n"));
}

int
main (int    argc,
      char **argv)
{
  gboolean json = FALSE;
  int first = 1;

  /* Each subcommand parses its own arguments, where argv[0] is the
   * subcommand; GOption would otherwise name the program after it. */
  g_set_prgname ("plugboardctl");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* Options before the command are the ones every command shares. */
  for (; first < argc && argv[first][0] == '-'; first++)
    {
      const char *option = argv[first];

      if (g_str_equal (option, "--help") || g_str_equal (option, "-h"))
        {
          print_help ();
          return PLUG_CLI_EXIT_DONE;
        }
      else if (g_str_equal (option, "--version"))
        {
          g_print ("plugboardctl %s\n", PACKAGE_VERSION);
          return PLUG_CLI_EXIT_DONE;
        }
      else if (g_str_equal (option, "--json"))
        {
          json = TRUE;
        }
      else
        {
          g_printerr (_("plugboardctl: unknown option “%s”\n"), option);
          g_printerr (_("Try “plugboardctl --help” for more information.\n"));
          return PLUG_CLI_EXIT_USAGE;
        }
    }

  if (first >= argc)
    {
      g_printerr (_("plugboardctl: no command given\n"));
      g_printerr (_("Try “plugboardctl --help” for more information.\n"));
      return PLUG_CLI_EXIT_USAGE;
    }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      if (g_str_equal (commands[i].name, argv[first]))
        return commands[i].run (argc - first, argv + first, json);
    }

  g_printerr (_("plugboardctl: unknown command “%s”\n"), argv[first]);
  g_printerr (_("Try “plugboardctl --help” for more information.\n"));

  return PLUG_CLI_EXIT_USAGE;
}
