/* plug-cli.h: Shared plumbing of plugboardctl's subcommands
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "plug-services.h"

G_BEGIN_DECLS

/* The exit codes are a contract with scripts. */
typedef enum {
  PLUG_CLI_EXIT_DONE   = 0,
  PLUG_CLI_EXIT_FAILED = 1,
  PLUG_CLI_EXIT_USAGE  = 2,
} PlugCliExit;

typedef struct
{
  const char *name;
  const char *summary;
  int       (*run) (int argc, char **argv, gboolean json);
} PlugCliCommand;

GOptionContext *plug_cli_option_context_new   (const char        *command,
                                               const char        *parameter_string,
                                               const char        *summary,
                                               gboolean          *json);
int             plug_cli_parse_options        (GOptionContext    *context,
                                               int               *argc,
                                               char            ***argv);
int             plug_cli_usage_error          (const char        *command,
                                               const char        *format,
                                               ...) G_GNUC_PRINTF (2, 3);
int             plug_cli_fail                 (const char        *format,
                                               ...) G_GNUC_PRINTF (1, 2);
void            plug_cli_store_result_cb      (GObject           *object,
                                               GAsyncResult      *result,
                                               gpointer           user_data);
void            plug_cli_wait_for             (GAsyncResult     **result);
void            plug_cli_print_json           (JsonNode          *node);
void            plug_cli_json_add_string      (JsonBuilder       *builder,
                                               const char        *name,
                                               const char        *value);
void            plug_cli_json_add_text        (JsonBuilder       *builder,
                                               const char        *value);
char           *plug_cli_dup_printable        (const char        *text);
void            plug_cli_json_add_uint        (JsonBuilder       *builder,
                                               const char        *name,
                                               guint64            value);
void            plug_cli_json_add_boolean     (JsonBuilder       *builder,
                                               const char        *name,
                                               gboolean           value);
PlugServices   *plug_cli_load_services        (PlugServicesClients clients,
                                               GError           **error);
int             plug_cli_run                  (const PlugCliCommand *commands,
                                               guint               n_commands,
                                               int                 argc,
                                               char              **argv);

int             plug_cli_run_group            (const char           *group,
                                               const char           *summary,
                                               const PlugCliCommand *subcommands,
                                               guint                 n_subcommands,
                                               int                   argc,
                                               char                **argv,
                                               gboolean              json);

int             plug_cli_status               (int                argc,
                                               char             **argv,
                                               gboolean           json);
int             plug_cli_broadband            (int                argc,
                                               char             **argv,
                                               gboolean           json);
int             plug_cli_broadband_devices    (int                argc,
                                               char             **argv,
                                               gboolean           json);
int             plug_cli_broadband_radio      (int                argc,
                                               char             **argv,
                                               gboolean           json);
int             plug_cli_broadband_add        (int                argc,
                                               char             **argv,
                                               gboolean           json);
int             plug_cli_broadband_list       (int                argc,
                                               char             **argv,
                                               gboolean           json);
int             plug_cli_broadband_delete     (int                argc,
                                               char             **argv,
                                               gboolean           json);
int             plug_cli_broadband_connect    (int                argc,
                                               char             **argv,
                                               gboolean           json);
int             plug_cli_broadband_disconnect (int                argc,
                                               char             **argv,
                                               gboolean           json);
int             plug_cli_broadband_unlock     (int                argc,
                                               char             **argv,
                                               gboolean           json);
int             plug_cli_drives               (int                argc,
                                               char             **argv,
                                               gboolean           json);
int             plug_cli_drives_format        (int                argc,
                                               char             **argv,
                                               gboolean           json);
int             plug_cli_drives_fits          (int                argc,
                                               char             **argv,
                                               gboolean           json);
int             plug_cli_drives_benchmark     (int                argc,
                                               char             **argv,
                                               gboolean           json);
int             plug_cli_drives_kept_copies   (int                argc,
                                               char             **argv,
                                               gboolean           json);
int             plug_cli_drives_restore       (int                argc,
                                               char             **argv,
                                               gboolean           json);
int             plug_cli_drives_delete_copy   (int                argc,
                                               char             **argv,
                                               gboolean           json);
void            plug_cli_print_kept_copies_text (GPtrArray       *copies,
                                               gboolean           say_none);
int             plug_cli_graphics             (int                argc,
                                               char             **argv,
                                               gboolean           json);
int             plug_cli_report               (int                argc,
                                               char             **argv,
                                               gboolean           json);

gboolean        plug_cli_ask_yes              (const char        *format,
                                               ...) G_GNUC_PRINTF (1, 2);

int             plug_cli_inhibit_sleep        (PlugServices      *services,
                                               const char        *why);
void            plug_cli_release_sleep        (int                inhibitor);

/* A PIN, PUK or password: overwritten when freed. */
typedef char PlugCliSecret;

void            plug_cli_secret_free          (PlugCliSecret     *secret);
gboolean        plug_cli_read_secret          (PlugCliSecret    **value,
                                               const char        *prompt,
                                               gboolean           ask_if_missing,
                                               GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlugCliSecret, plug_cli_secret_free)

G_END_DECLS
