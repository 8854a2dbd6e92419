/* plug-cli-drives-kept.c: plugboardctl drives kept-copies, restore, delete-copy
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboardctl"

#include "config.h"

#include <stdio.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "plug-cli.h"
#include "plug-cli-drives.h"
#include "plug-drive-list.h"
#include "plug-kept-copy.h"

/*
 * A reformat that keeps the files copies them to this computer first. If
 * it stopped between the wipe and the files' return (the app closed, the
 * computer lost power), the copy is the only one left; these subcommands
 * list such copies, give their files back, or delete them.
 */

static GPtrArray *
list_copies (GError **error)
{
  g_autofree char *base_folder = plug_kept_copy_dup_base_folder ();

  return plug_kept_copy_list (base_folder, NULL, error);
}

static char *
dup_created_text (PlugKeptCopy *copy)
{
  GDateTime *created = plug_kept_copy_get_created (copy);

  if (created == NULL)
    return g_strdup (_("unknown time"));
  return g_date_time_format (created, "%Y-%m-%d %H:%M");
}

/**
 * plug_cli_print_kept_copies_text:
 *
 * Prints the kept copies, for `drives kept-copies` and `drives list`;
 * prints nothing when there are none and @say_none is %FALSE.
 */
void
plug_cli_print_kept_copies_text (GPtrArray *copies,
                                 gboolean   say_none)
{
  if (copies->len == 0)
    {
      if (say_none)
        g_print (_("No kept copies: every reformat that kept files has put them back.\n"));
      return;
    }

  g_print (g_dngettext (GETTEXT_PACKAGE,
                        "Kept files: a reformat did not put these back; restore or delete them\n",
                        "Kept files: reformats did not put these back; restore or delete them\n",
                        copies->len));
  for (guint i = 0; i < copies->len; i++)
    {
      PlugKeptCopy *copy = g_ptr_array_index (copies, i);
      g_autofree char *name = plug_kept_copy_dup_display_name (copy);
      g_autofree char *printable_name = plug_cli_dup_printable (name);
      g_autofree char *printable_path = plug_cli_dup_printable (plug_kept_copy_get_path (copy));
      g_autofree char *printable_folder = plug_cli_dup_printable (plug_kept_copy_get_name (copy));
      g_autofree char *created = dup_created_text (copy);
      g_autofree char *size = g_format_size (plug_kept_copy_get_size (copy));
      guint n_files = plug_kept_copy_get_n_files (copy);

      g_print ("  %s\n", printable_folder);
      /* Translators: a volume's name, a device, a time */
      g_print (_("    of “%s” (%s), %s\n"), printable_name,
               plug_kept_copy_get_device (copy) != NULL ? plug_kept_copy_get_device (copy) : _("unknown device"),
               created);
      /* Translators: a number of files, then a size */
      g_print (g_dngettext (GETTEXT_PACKAGE, "    %u file, %s\n", "    %u files, %s\n", n_files),
               n_files, size);
      g_print ("    %s\n", printable_path);
      if (plug_kept_copy_get_in_use (copy))
        g_print (_("    In use: a reformat or restore is running with it now\n"));
    }
}

static void
add_copy_json (JsonBuilder  *builder,
               PlugKeptCopy *copy)
{
  GDateTime *created = plug_kept_copy_get_created (copy);
  g_autofree char *created_text = created != NULL ? g_date_time_format_iso8601 (created) : NULL;

  json_builder_begin_object (builder);
  plug_cli_json_add_string (builder, "name", plug_kept_copy_get_name (copy));
  plug_cli_json_add_string (builder, "path", plug_kept_copy_get_path (copy));
  plug_cli_json_add_string (builder, "checksums", plug_kept_copy_get_checksums_path (copy));
  plug_cli_json_add_string (builder, "label", plug_kept_copy_get_label (copy));
  plug_cli_json_add_string (builder, "device", plug_kept_copy_get_device (copy));
  plug_cli_json_add_string (builder, "drive", plug_kept_copy_get_drive (copy));
  plug_cli_json_add_string (builder, "filesystem", plug_kept_copy_get_filesystem (copy));
  plug_cli_json_add_string (builder, "new_filesystem", plug_kept_copy_get_new_filesystem (copy));
  plug_cli_json_add_string (builder, "created", created_text);
  plug_cli_json_add_uint (builder, "files", plug_kept_copy_get_n_files (copy));
  plug_cli_json_add_uint (builder, "size", plug_kept_copy_get_size (copy));
  plug_cli_json_add_boolean (builder, "in_use", plug_kept_copy_get_in_use (copy));
  json_builder_end_object (builder);
}

int
plug_cli_drives_kept_copies (int      argc,
                             char   **argv,
                             gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GPtrArray) copies = NULL;
  g_autoptr(GError) error = NULL;
  int exit_code;

  context = plug_cli_option_context_new ("drives kept-copies", NULL,
                                         _("List the files a reformat copied to this computer and did not "
                                           "put back (the app or the computer stopped first)."),
                                         &json);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;
  if (argc > 1)
    return plug_cli_usage_error ("drives kept-copies", _("Unexpected argument “%s”"), argv[1]);

  copies = list_copies (&error);
  if (copies == NULL)
    return plug_cli_fail (_("Could not read the kept copies: %s"), error->message);

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) node = NULL;

      json_builder_begin_array (builder);
      for (guint i = 0; i < copies->len; i++)
        add_copy_json (builder, g_ptr_array_index (copies, i));
      json_builder_end_array (builder);
      node = json_builder_get_root (builder);
      plug_cli_print_json (node);
    }
  else
    {
      plug_cli_print_kept_copies_text (copies, TRUE);
    }

  return PLUG_CLI_EXIT_DONE;
}

/* The copy named on the command line, one that no run uses. */
static PlugKeptCopy *
find_copy (GPtrArray  *copies,
           const char *name,
           GError    **error)
{
  PlugKeptCopy *copy = plug_kept_copy_find (copies, name);

  if (copy == NULL)
    {
      g_autofree char *printable = plug_cli_dup_printable (name);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   /* Translators: a name; the command lists them */
                   _("There is no kept copy “%s”: “plugboardctl drives kept-copies” lists them"),
                   printable);
      return NULL;
    }
  if (plug_kept_copy_get_in_use (copy))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                   /* Translators: a folder */
                   _("The kept copy in %s is in use by a reformat or restore running now"),
                   plug_kept_copy_get_path (copy));
      return NULL;
    }
  return copy;
}

/* Mounts @volume through udisks when it is not; its mount point. */
static char *
ensure_mounted (UDisksClient  *client,
                PlugVolume    *volume,
                GError       **error)
{
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(UDisksObject) object = NULL;
  g_autoptr(GVariantBuilder) options = NULL;
  UDisksFilesystem *filesystem;
  char *mount_point = NULL;

  if (plug_volume_get_mount_point (volume) != NULL)
    return g_strdup (plug_volume_get_mount_point (volume));

  object = udisks_client_get_object (client, plug_volume_get_object_path (volume));
  filesystem = object != NULL ? udisks_object_peek_filesystem (object) : NULL;
  if (filesystem == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_MOUNTABLE_FILE,
                   /* Translators: a device */
                   _("%s holds no filesystem that could be mounted"), plug_volume_get_device (volume));
      return NULL;
    }

  options = g_variant_builder_new (G_VARIANT_TYPE_VARDICT);
  udisks_filesystem_call_mount (filesystem, g_variant_builder_end (options), NULL,
                                plug_cli_store_result_cb, &result);
  plug_cli_wait_for (&result);
  if (!udisks_filesystem_call_mount_finish (filesystem, &mount_point, result, error))
    {
      g_dbus_error_strip_remote_error (*error);
      return NULL;
    }
  g_print (_("Mounted %s at %s\n"), plug_volume_get_device (volume), mount_point);
  return mount_point;
}

int
plug_cli_drives_restore (int      argc,
                         char   **argv,
                         gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GPtrArray) copies = NULL;
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(PlugDriveList) drives = NULL;
  g_autoptr(PlugDrive) drive = NULL;
  g_autoptr(PlugVolume) volume = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *target = NULL;
  g_autofree char *display_name = NULL;
  PlugKeptCopy *copy;
  UDisksClient *client;
  int exit_code;

  context = plug_cli_option_context_new ("drives restore", _("COPY DEVICE"),
                                         _("Put a kept copy’s files back on a volume (usually the one they "
                                           "came from), checking each, and delete the copy once all are "
                                           "back. COPY is a name or path that “drives kept-copies” lists; "
                                           "DEVICE a volume’s device, such as /dev/sdb1."),
                                         &json);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;
  if (argc < 3)
    return plug_cli_usage_error ("drives restore", _("Name the kept copy and the volume to restore it to"));
  if (argc > 3)
    return plug_cli_usage_error ("drives restore", _("Unexpected argument “%s”"), argv[3]);

  copies = list_copies (&error);
  if (copies == NULL)
    return plug_cli_fail (_("Could not read the kept copies: %s"), error->message);
  copy = find_copy (copies, argv[1], &error);
  if (copy == NULL)
    return plug_cli_fail ("%s", error->message);

  client = plug_cli_drives_connect (&services, &exit_code,
                                    _("udisks2 is not running, and the volume cannot be reached without it. "
                                      "Install the “%s” package, or start its service."),
                                    plug_service_kind_get_package (PLUG_SERVICE_KIND_UDISKS));
  if (client == NULL)
    return exit_code;
  drives = plug_drive_list_new (client, PLUG_DRIVE_LIST_FLAGS_NONE);
  if (!plug_cli_drives_resolve_volume (drives, argv[2], &drive, &volume, &error))
    return plug_cli_fail ("%s", error->message);

  target = ensure_mounted (client, volume, &error);
  if (target == NULL)
    return plug_cli_fail (_("Could not mount %s to restore the files: %s"),
                          plug_volume_get_device (volume), error->message);

  display_name = plug_kept_copy_dup_display_name (copy);
  if (!json)
    {
      g_autofree char *printable = plug_cli_dup_printable (display_name);

      /* Translators: a volume's name, then a folder */
      g_print (_("Restoring the files of “%s” to %s…\n"), printable, target);
    }

  plug_kept_copy_restore_async (copy, target, NULL, plug_cli_store_result_cb, &result);
  plug_cli_wait_for (&result);
  if (!plug_kept_copy_restore_finish (copy, result, &error))
    return plug_cli_fail (_("Could not restore the files: %s"), error->message);

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) node = NULL;

      json_builder_begin_object (builder);
      plug_cli_json_add_string (builder, "name", plug_kept_copy_get_name (copy));
      plug_cli_json_add_string (builder, "device", plug_volume_get_device (volume));
      plug_cli_json_add_string (builder, "restored_to", target);
      plug_cli_json_add_uint (builder, "files", plug_kept_copy_get_n_files (copy));
      plug_cli_json_add_boolean (builder, "verified", TRUE);
      plug_cli_json_add_boolean (builder, "copy_removed", TRUE);
      json_builder_end_object (builder);
      node = json_builder_get_root (builder);
      plug_cli_print_json (node);
    }
  else
    {
      g_print (_("Every file is back and was read back as it was kept. The copy on this computer was deleted.\n"));
    }

  return PLUG_CLI_EXIT_DONE;
}

static gboolean
ask_delete (PlugKeptCopy *copy)
{
  g_autofree char *name = plug_kept_copy_dup_display_name (copy);
  g_autofree char *printable = plug_cli_dup_printable (name);

  /* Translators: a volume's name, then a folder; the answers are y and n */
  return plug_cli_ask_yes (_("Delete the kept files of “%s” in %s? They may be the only copy. [y/N] "),
                           printable, plug_kept_copy_get_path (copy));
}

int
plug_cli_drives_delete_copy (int      argc,
                             char   **argv,
                             gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GPtrArray) copies = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  PlugKeptCopy *copy;
  gboolean yes = FALSE;
  int exit_code;
  const GOptionEntry entries[] = {
    { "yes", 'y', 0, G_OPTION_ARG_NONE, &yes, N_("Do not ask for confirmation"), NULL },
    { NULL }
  };

  context = plug_cli_option_context_new ("drives delete-copy", _("COPY"),
                                         _("Delete a kept copy of a drive’s files from this computer."),
                                         &json);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;
  if (argc < 2)
    return plug_cli_usage_error ("drives delete-copy", _("Name the kept copy to delete"));
  if (argc > 2)
    return plug_cli_usage_error ("drives delete-copy", _("Unexpected argument “%s”"), argv[2]);

  copies = list_copies (&error);
  if (copies == NULL)
    return plug_cli_fail (_("Could not read the kept copies: %s"), error->message);
  copy = find_copy (copies, argv[1], &error);
  if (copy == NULL)
    return plug_cli_fail ("%s", error->message);

  if (!yes)
    {
      if (!isatty (STDIN_FILENO))
        return plug_cli_fail (_("Not deleting %s without a confirmation: run this on a terminal to be "
                                "asked, or pass --yes"), plug_kept_copy_get_path (copy));
      if (!ask_delete (copy))
        return plug_cli_fail (_("Nothing was deleted."));
    }

  plug_kept_copy_delete_async (copy, NULL, plug_cli_store_result_cb, &result);
  plug_cli_wait_for (&result);
  if (!plug_kept_copy_delete_finish (copy, result, &error))
    return plug_cli_fail (_("Could not delete the kept copy: %s"), error->message);

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) node = NULL;

      json_builder_begin_object (builder);
      plug_cli_json_add_string (builder, "name", plug_kept_copy_get_name (copy));
      plug_cli_json_add_boolean (builder, "deleted", TRUE);
      json_builder_end_object (builder);
      node = json_builder_get_root (builder);
      plug_cli_print_json (node);
    }
  else
    {
      g_autofree char *printable = plug_cli_dup_printable (plug_kept_copy_get_path (copy));

      g_print (_("Deleted %s\n"), printable);
    }

  return PLUG_CLI_EXIT_DONE;
}
