/* fuzz-cli-arguments.c: Any bytes as plugboardctl's command line
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "plug-cli.h"
#include "plug-fuzz.h"

/*
 * The input, split at NUL bytes, is argv (bad-input item 35,
 * tests/RELIABILITY.md). It runs through plugboardctl's own option
 * parsing and dispatch, plug_cli_run(),
 * with a command table in which only what needs no system service runs:
 * the shared options, the help and usage errors of each level, and
 * `drives check-label`, which checks a name without asking anyone.
 * Anything else, which might reach a daemon or change a drive, is
 * recognised and not run.
 */

#define MAX_ARGUMENTS 64

static int
not_run (int      argc,
         char   **argv,
         gboolean json)
{
  /* The dispatch hands a command its own name as argv[0]. */
  g_assert_cmpint (argc, >=, 1);
  g_assert_nonnull (argv[0]);
  g_assert_null (argv[argc]);

  return PLUG_CLI_EXIT_DONE;
}

/* GOption prints the help and calls exit() for --help, --help-all, -h and
 * -?, also inside a group of short options; the fuzzer must not exit. */
static gboolean
asks_goption_for_help (int    argc,
                       char **argv)
{
  for (int i = 1; i < argc; i++)
    {
      const char *argument = argv[i];

      if (g_str_equal (argument, "--"))
        return FALSE;
      if (g_str_has_prefix (argument, "--help"))
        return TRUE;
      if (argument[0] == '-' && argument[1] != '-' &&
          (strchr (argument, 'h') != NULL || strchr (argument, '?') != NULL))
        return TRUE;
    }

  return FALSE;
}

/* Only what is known to ask no service runs: a subcommand added to
 * `drives` later, such as one that reformats, is not run until it is
 * listed here. */
static int
run_drives (int      argc,
            char   **argv,
            gboolean json)
{
  int first = 1;

  g_assert_cmpstr (argv[0], ==, "drives");

  /* As plug_cli_drives() reads its options: --help and an unknown option
   * end it before any subcommand runs. */
  for (; first < argc && argv[first][0] == '-'; first++)
    {
      if (!g_str_equal (argv[first], "--json"))
        return plug_cli_drives (argc, argv, json);
    }

  if (first >= argc)
    return plug_cli_drives (argc, argv, json);

  if (g_str_equal (argv[first], "check-label") &&
      !asks_goption_for_help (argc - first, argv + first))
    return plug_cli_drives (argc, argv, json);

  return not_run (argc, argv, json);
}

static const PlugCliCommand commands[] = {
  { "status", "Not run: it asks the system bus", not_run },
  { "broadband", "Not run: it reads the installed database", not_run },
  { "drives", "Drives: only what needs no service", run_drives },
  { "graphics", "Not run: it reads sysfs", not_run },
  { "report", "Not run: it asks the system bus", not_run },
};

static void
discard_print (const char *text)
{
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GPtrArray) arguments = g_ptr_array_new_with_free_func (g_free);
  g_autofree char **argv = NULL;
  GPrintFunc print_handler;
  GPrintFunc printerr_handler;
  gsize start = 0;
  int exit_code;

  plug_fuzz_init_once ();
  setlocale (LC_ALL, "C.UTF-8");
  g_set_prgname ("plugboardctl");

  /* Each NUL ends an argument; bytes after the last one are one more. */
  for (gsize i = 0; i <= size; i++)
    {
      if (i < size && data[i] != '\0')
        continue;
      if (i == size && start == size)
        break;
      if (arguments->len == MAX_ARGUMENTS)
        return 0;
      g_ptr_array_add (arguments, g_strndup ((const char *) data + start, i - start));
      start = i + 1;
    }

  /* GOption reorders argv and drops what it parsed: it gets a copy of
   * the array, and the strings are freed from @arguments. */
  argv = g_new0 (char *, arguments->len + 1);
  for (guint i = 0; i < arguments->len; i++)
    argv[i] = g_ptr_array_index (arguments, i);

  /* Printing would only slow the fuzzer down; sanitizer reports do not
   * go through GLib and stay visible. */
  print_handler = g_set_print_handler (discard_print);
  printerr_handler = g_set_printerr_handler (discard_print);

  exit_code = plug_cli_run (commands, G_N_ELEMENTS (commands), arguments->len, argv);

  g_set_print_handler (print_handler);
  g_set_printerr_handler (printerr_handler);

  /* The exit codes are a contract with scripts. */
  g_assert_true (exit_code == PLUG_CLI_EXIT_DONE ||
                 exit_code == PLUG_CLI_EXIT_FAILED ||
                 exit_code == PLUG_CLI_EXIT_USAGE);

  return 0;
}
