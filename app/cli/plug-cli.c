/* plug-cli.c: Shared plumbing of plugboardctl's subcommands
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboardctl"

#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "plug-cli.h"
#include "plug-sleep-inhibitor.h"

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

  /* GOption keeps a “--” when an argument after it starts with “-”, as
   * in “drives label /dev/sdb1 -- -backup”: it only ends the options, so
   * it is not an argument itself. It moves past the last argument, where
   * whoever owns the array still frees it. */
  for (int i = 1; i < *argc; i++)
    {
      if (g_str_equal ((*argv)[i], "--"))
        {
          char *separator = (*argv)[i];

          memmove (&(*argv)[i], &(*argv)[i + 1], (*argc - i - 1) * sizeof (char *));
          (*argv)[*argc - 1] = separator;
          (*argc)--;
          break;
        }
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

/* --- waiting --------------------------------------------------------- */

/* A command-line tool may wait: it runs the core's asynchronous API to
 * completion on its own main context. The pair below is how: the call's
 * user_data is a GAsyncResult * that starts NULL, and the result is
 * finished once plug_cli_wait_for() returns. */

/**
 * plug_cli_store_result_cb:
 * @user_data: (type GAsyncResult **): where the result goes
 *
 * A #GAsyncReadyCallback that keeps the result for plug_cli_wait_for().
 */
void
plug_cli_store_result_cb (GObject      *object,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  GAsyncResult **result_out = user_data;

  *result_out = g_object_ref (result);
  g_main_context_wakeup (NULL);
}

/**
 * plug_cli_wait_for:
 * @result: the result plug_cli_store_result_cb() fills
 *
 * Runs the main context until the call is done.
 */
void
plug_cli_wait_for (GAsyncResult **result)
{
  while (*result == NULL)
    g_main_context_iteration (NULL, TRUE);
}

PlugServices *
plug_cli_load_services (PlugServicesClients   clients,
                        GError              **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  plug_services_new_async (clients, NULL, plug_cli_store_result_cb, &result);
  plug_cli_wait_for (&result);

  return plug_services_new_finish (result, error);
}

static void
print_help (const PlugCliCommand *commands,
            guint                 n_commands)
{
  g_print (_("Usage:\n  plugboardctl [--json] COMMAND [OPTIONS…]\n\n"));
  g_print (_("Get awkward hardware working: mobile broadband, drives and graphics.\n\n"));
  g_print (_("Commands:\n"));
  for (guint i = 0; i < n_commands; i++)
    g_print ("  %-12s %s\n", commands[i].name, _(commands[i].summary));
  g_print (_("\nOptions:\n"));
  g_print ("  --json       %s\n", _("Print results as JSON"));
  g_print ("  --version    %s\n", _("Show the version and exit"));
  g_print ("  -h, --help   %s\n", _("Show this help and exit"));
  g_print (_("\nRun “plugboardctl COMMAND --help” for the options of a command.\n"));
  g_print (_("Exit status: 0 done, 1 failed (the reason is printed), 2 wrong usage.\n"));
}

/* Options before the command are the ones every command shares. Returns
 * FALSE with @exit_code set when there is nothing left to run; otherwise
 * @argc and @argv start at the command. */
static gboolean
parse_global_options (const PlugCliCommand   *commands,
                      guint                   n_commands,
                      int                    *argc,
                      char                 ***argv,
                      gboolean               *json,
                      int                    *exit_code)
{
  int first = 1;

  for (; first < *argc && (*argv)[first][0] == '-'; first++)
    {
      const char *option = (*argv)[first];

      if (g_str_equal (option, "--help") || g_str_equal (option, "-h"))
        {
          print_help (commands, n_commands);
          *exit_code = PLUG_CLI_EXIT_DONE;
          return FALSE;
        }
      else if (g_str_equal (option, "--version"))
        {
          g_print ("plugboardctl %s\n", PACKAGE_VERSION);
          *exit_code = PLUG_CLI_EXIT_DONE;
          return FALSE;
        }
      else if (g_str_equal (option, "--json"))
        {
          *json = TRUE;
        }
      else
        {
          g_printerr (_("plugboardctl: unknown option “%s”\n"), option);
          g_printerr (_("Try “plugboardctl --help” for more information.\n"));
          *exit_code = PLUG_CLI_EXIT_USAGE;
          return FALSE;
        }
    }

  if (first >= *argc)
    {
      g_printerr (_("plugboardctl: no command given\n"));
      g_printerr (_("Try “plugboardctl --help” for more information.\n"));
      *exit_code = PLUG_CLI_EXIT_USAGE;
      return FALSE;
    }

  *argc -= first;
  *argv += first;

  return TRUE;
}

/**
 * plug_cli_run:
 * @commands: the commands plugboardctl knows
 * @n_commands: how many there are
 * @argc: the number of arguments, as main() gets them
 * @argv: the arguments, as main() gets them
 *
 * Parses the options every command shares and runs the command named in
 * @argv. It is main() without the process setup, so that the fuzzer can
 * run it with commands that reach no system service.
 *
 * Returns: the exit status, a #PlugCliExit
 */
int
plug_cli_run (const PlugCliCommand  *commands,
              guint                  n_commands,
              int                    argc,
              char                 **argv)
{
  gboolean json = FALSE;
  int exit_code = PLUG_CLI_EXIT_DONE;

  if (!parse_global_options (commands, n_commands, &argc, &argv, &json, &exit_code))
    return exit_code;

  for (guint i = 0; i < n_commands; i++)
    {
      if (g_str_equal (commands[i].name, argv[0]))
        return commands[i].run (argc, argv, json);
    }

  g_printerr (_("plugboardctl: unknown command “%s”\n"), argv[0]);
  g_printerr (_("Try “plugboardctl --help” for more information.\n"));

  return PLUG_CLI_EXIT_USAGE;
}

static void
print_group_subcommands (const PlugCliCommand *subcommands,
                         guint                 n_subcommands,
                         void                (*print) (const char *format, ...))
{
  int width = 12;

  /* One column for the summaries, after the longest name
   * (“take-ownership”). */
  for (guint i = 0; i < n_subcommands; i++)
    width = MAX (width, (int) strlen (subcommands[i].name));

  print (_("Subcommands:\n"));
  for (guint i = 0; i < n_subcommands; i++)
    print ("  %-*s %s\n", width, subcommands[i].name, _(subcommands[i].summary));
}

static int
group_usage_error (const char           *group,
                   const PlugCliCommand *subcommands,
                   guint                 n_subcommands,
                   const char           *message)
{
  g_printerr ("plugboardctl %s: %s\n", group, message);
  print_group_subcommands (subcommands, n_subcommands, g_printerr);
  g_printerr (_("Try “plugboardctl %s --help” for more information.\n"), group);

  return PLUG_CLI_EXIT_USAGE;
}

/**
 * plug_cli_run_group:
 * @group: the command, such as "drives"
 * @summary: what the group is about, one sentence for --help
 * @subcommands: its subcommands
 *
 * Runs a command made of subcommands (`plugboardctl drives list`): the
 * options before the subcommand (--help, --json) and the dispatch, the
 * same for every group.
 */
int
plug_cli_run_group (const char           *group,
                    const char           *summary,
                    const PlugCliCommand *subcommands,
                    guint                 n_subcommands,
                    int                   argc,
                    char                **argv,
                    gboolean              json)
{
  g_autofree char *message = NULL;
  int first = 1;

  for (; first < argc && argv[first][0] == '-'; first++)
    {
      const char *option = argv[first];

      if (g_str_equal (option, "--help") || g_str_equal (option, "-h"))
        {
          g_print (_("Usage:\n  plugboardctl %s SUBCOMMAND [OPTIONS…]\n\n"), group);
          g_print ("%s\n\n", summary);
          print_group_subcommands (subcommands, n_subcommands, g_print);
          g_print (_("\nRun “plugboardctl %s SUBCOMMAND --help” for the options of a subcommand.\n"), group);
          return PLUG_CLI_EXIT_DONE;
        }
      else if (g_str_equal (option, "--json"))
        {
          json = TRUE;
        }
      else
        {
          message = g_strdup_printf (_("unknown option “%s”"), option);
          return group_usage_error (group, subcommands, n_subcommands, message);
        }
    }

  if (first >= argc)
    return group_usage_error (group, subcommands, n_subcommands, _("no subcommand given"));

  for (guint i = 0; i < n_subcommands; i++)
    {
      if (g_str_equal (subcommands[i].name, argv[first]))
        return subcommands[i].run (argc - first, argv + first, json);
    }

  message = g_strdup_printf (_("unknown subcommand “%s”"), argv[first]);

  return group_usage_error (group, subcommands, n_subcommands, message);
}

/* --- JSON ------------------------------------------------------------- */

/**
 * plug_cli_json_add_string:
 *
 * Adds the member @name with @value, or null when @value is %NULL: a key
 * is always there, so that scripts can tell "none" from "not asked".
 */
void
plug_cli_json_add_string (JsonBuilder *builder,
                          const char  *name,
                          const char  *value)
{
  json_builder_set_member_name (builder, name);
  plug_cli_json_add_text (builder, value);
}

/**
 * plug_cli_json_add_text:
 *
 * Adds @value to an array (or after a member name), or null. JSON text is
 * UTF-8: a name that is not (a disk image's file name, a file on a FAT
 * stick) has each invalid byte replaced by U+FFFD, so that the output
 * still parses.
 */
void
plug_cli_json_add_text (JsonBuilder *builder,
                        const char  *value)
{
  g_autofree char *valid = NULL;

  if (value == NULL)
    {
      json_builder_add_null_value (builder);
      return;
    }

  if (!g_utf8_validate (value, -1, NULL))
    value = valid = g_utf8_make_valid (value, -1);
  json_builder_add_string_value (builder, value);
}

/**
 * plug_cli_dup_printable:
 * @text: (nullable): a name from a drive, a file or a daemon
 *
 * What a terminal can be shown of @text: control characters (a newline,
 * an escape sequence that would recolour or clear the terminal) as \n,
 * \t or \xHH, and bytes that are not UTF-8 as \xHH; the rest as it is.
 *
 * Returns: (transfer full) (nullable): the text to print
 */
char *
plug_cli_dup_printable (const char *text)
{
  GString *printable;
  const char *p;

  if (text == NULL)
    return NULL;

  printable = g_string_sized_new (strlen (text));
  for (p = text; *p != '\0';)
    {
      gunichar c = g_utf8_get_char_validated (p, -1);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (printable, "\\x%02x", (guchar) *p);
          p++;
          continue;
        }

      if (c == '\n')
        g_string_append (printable, "\\n");
      else if (c == '\t')
        g_string_append (printable, "\\t");
      else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0))
        g_string_append_printf (printable, "\\x%02x", c);
      else
        g_string_append_len (printable, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }

  return g_string_free (printable, FALSE);
}

/**
 * plug_cli_json_add_uint:
 *
 * Adds the member @name with @value, a size or a count; JSON's integers
 * are signed, so a value past G_MAXINT64 is given as G_MAXINT64.
 */
void
plug_cli_json_add_uint (JsonBuilder *builder,
                        const char  *name,
                        guint64      value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_int_value (builder, (gint64) MIN (value, (guint64) G_MAXINT64));
}

void
plug_cli_json_add_boolean (JsonBuilder *builder,
                           const char  *name,
                           gboolean     value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_boolean_value (builder, value);
}

/* --- secrets: PINs, PUKs, passwords ----------------------------------------- */

/**
 * plug_cli_secret_free:
 *
 * Overwrites the secret, then frees it.
 */
void
plug_cli_secret_free (PlugCliSecret *secret)
{
  if (secret == NULL)
    return;

  explicit_bzero (secret, strlen (secret));
  g_free (secret);
}

/* One line from standard input, read a byte at a time so that no stdio
 * buffer keeps a copy; without its newline. */
static PlugCliSecret *
read_line (GError **error)
{
  char buffer[256];
  gsize length = 0;
  PlugCliSecret *line;

  for (;;)
    {
      char c;
      ssize_t n = read (STDIN_FILENO, &c, 1);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          explicit_bzero (buffer, sizeof buffer);
          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                       _("Could not read standard input: %s"), g_strerror (saved));
          return NULL;
        }
      if (n == 0 || c == '\n')
        {
          if (n == 0 && length == 0)
            {
              g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                                   _("Standard input ended before the line was read"));
              return NULL;
            }
          break;
        }
      if (length + 1 >= sizeof buffer)
        {
          explicit_bzero (buffer, sizeof buffer);
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               _("The line on standard input is too long"));
          return NULL;
        }
      buffer[length++] = c;
    }

  if (length > 0 && buffer[length - 1] == '\r')
    length--;
  line = g_strndup (buffer, length);
  explicit_bzero (buffer, sizeof buffer);

  return line;
}

/* Asks on the terminal without showing what is typed. */
static PlugCliSecret *
prompt_without_echo (const char  *prompt,
                     GError     **error)
{
  struct termios saved;
  struct termios quiet;
  PlugCliSecret *line;
  gboolean restore;

  g_printerr ("%s ", prompt);
  fflush (stderr);

  restore = tcgetattr (STDIN_FILENO, &saved) == 0;
  if (restore)
    {
      quiet = saved;
      quiet.c_lflag &= ~(tcflag_t) ECHO;
      quiet.c_lflag |= ECHONL;
      tcsetattr (STDIN_FILENO, TCSAFLUSH, &quiet);
    }
  line = read_line (error);
  if (restore)
    tcsetattr (STDIN_FILENO, TCSAFLUSH, &saved);
  else
    g_printerr ("\n");

  return line;
}

/**
 * plug_cli_read_secret:
 * @value: (inout): what the option was given, or %NULL
 * @prompt: the question, on a terminal
 * @ask_if_missing: whether to ask when the option was not given
 * @error: return location for an error
 *
 * Makes a secret option safe to use: given as `-`, the secret is read
 * from standard input (one line), or asked on the terminal without echo
 * when standard input is one; not given, it is asked on a terminal when
 * @ask_if_missing. A secret given on the command line is kept: anyone on
 * the computer could read it there, but a script may rely on it.
 *
 * Returns: %FALSE with @error set when standard input could not give it
 */
gboolean
plug_cli_read_secret (PlugCliSecret **value,
                      const char     *prompt,
                      gboolean        ask_if_missing,
                      GError        **error)
{
  PlugCliSecret *secret;

  if (*value != NULL && strcmp (*value, "-") != 0)
    return TRUE;
  if (*value == NULL && !(ask_if_missing && isatty (STDIN_FILENO)))
    return TRUE;

  secret = isatty (STDIN_FILENO) ? prompt_without_echo (prompt, error) : read_line (error);
  if (secret == NULL)
    return FALSE;

  plug_cli_secret_free (*value);
  *value = secret;
  return TRUE;
}

/**
 * plug_cli_inhibit_sleep:
 * @services: the services, for the system bus
 * @why: what is being done, for people: “Reformatting My Book”
 *
 * Keeps the computer from sleeping or shutting down while a drive is
 * rewritten (a logind "block" inhibitor). Where logind cannot give one,
 * says so and goes on: the user is there to see the note.
 *
 * Returns: the inhibitor, for plug_cli_release_sleep(), or -1
 */
int
plug_cli_inhibit_sleep (PlugServices *services,
                        const char   *why)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  GDBusConnection *system_bus = plug_services_get_system_bus (services);
  int fd;

  if (system_bus == NULL)
    return -1;

  plug_sleep_inhibitor_take_async (system_bus, why, NULL, plug_cli_store_result_cb, &result);
  plug_cli_wait_for (&result);
  fd = plug_sleep_inhibitor_take_finish (result, &error);
  if (fd < 0)
    g_printerr (_("Note: the computer may still go to sleep meanwhile: %s\n"), error->message);

  return fd;
}

/* Lets the computer sleep again. */
void
plug_cli_release_sleep (int inhibitor)
{
  if (inhibitor >= 0)
    close (inhibitor);
}

/**
 * plug_cli_ask_yes:
 * @format: the question, ending with its "[y/N] "
 *
 * Asks on stderr (stdout is for the result, which --json keeps
 * parseable) and reads a line from the terminal.
 *
 * Returns: %TRUE only when the answer is y or yes; Enter alone is No
 */
gboolean
plug_cli_ask_yes (const char *format,
                  ...)
{
  g_autofree char *question = NULL;
  char answer[64] = { 0 };
  va_list args;

  va_start (args, format);
  question = g_strdup_vprintf (format, args);
  va_end (args);

  g_printerr ("%s", question);
  fflush (stderr);
  if (fgets (answer, sizeof answer, stdin) == NULL)
    return FALSE;
  g_strstrip (answer);

  return g_ascii_strcasecmp (answer, "y") == 0 || g_ascii_strcasecmp (answer, "yes") == 0;
}
