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
  { "report", N_("Print what every panel shows, to copy into a bug report"), plug_cli_report },
};

int
main (int    argc,
      char **argv)
{
  /* Each subcommand parses its own arguments, where argv[0] is the
   * subcommand; GOption would otherwise name the program after it. */
  g_set_prgname ("plugboardctl");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  return plug_cli_run (commands, G_N_ELEMENTS (commands), argc, argv);
}
