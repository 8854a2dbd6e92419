/* plug-cli-drives-format.c: plugboardctl drives format
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboardctl"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib-unix.h>

#include "plug-cli.h"
#include "plug-cli-drives.h"
#include "plug-filesystem-type.h"
#include "plug-format-operation.h"
#include "plug-keep-files-operation.h"
#include "plug-label-rules.h"

/*
 * The same steps as the Drives panel's reformat wizard: the name is
 * checked before anything else, the device is resolved once and shown,
 * what will be lost is listed, and nothing happens without a yes typed on
 * a terminal or --yes. The operation remembers the drive as it was when
 * it was shown, and refuses if it is another by the time it would act.
 */

typedef struct
{
  gboolean terminal;
  int      last_percent;
  gint64   last_line_time;
} Progress;

/* DEVICE names the drive itself, or any of its volumes. */
static PlugDrive *
resolve_drive (PlugDriveList  *drives,
               const char     *name,
               GError        **error)
{
  g_autoptr(PlugDrive) drive = NULL;
  g_autoptr(PlugVolume) volume = NULL;

  if (g_str_has_prefix (name, "/dev/"))
    {
      char *resolved = realpath (name, NULL);
      PlugDrive *found = plug_drive_list_find_by_device (drives, resolved != NULL ? resolved : name);

      free (resolved);
      if (found != NULL)
        return g_object_ref (found);
    }

  if (!plug_cli_drives_resolve_volume (drives, name, &drive, &volume, error))
    return NULL;

  return g_steal_pointer (&drive);
}

static char *
describe_volume (PlugVolume *volume)
{
  g_autofree char *filesystem_name = plug_volume_dup_filesystem_name (volume);
  g_autofree char *size_text = g_format_size (plug_volume_get_size (volume));
  g_autofree char *used_text = NULL;
  g_autofree char *label = plug_cli_dup_printable (plug_volume_get_label (volume));
  guint64 used;
  guint64 free_space;

  if (plug_volume_get_usage (volume, &used, &free_space))
    {
      g_autofree char *used_size = g_format_size (used);

      /* Translators: a size, then a percentage, such as “3.1 GB used (7%)” */
      used_text = g_strdup_printf (_("%s used (%d%%)"), used_size,
                                   (int) (used * 100 / MAX (used + free_space, 1)));
    }
  else
    {
      used_text = g_strdup (_("used space unknown: not mounted"));
    }

  /* Translators: a device, then its name, filesystem, size and used space,
   * such as “/dev/sdb1: “Photos”, FAT32, 16 GB, 3.1 GB used (7%)” */
  return g_strdup_printf (_("%s: “%s”, %s, %s, %s"),
                          plug_volume_get_device (volume),
                          label != NULL ? label : _("no name"),
                          filesystem_name != NULL ? filesystem_name : _("no filesystem"),
                          size_text, used_text);
}

/* What the confirmation lists: the drive, and each volume whose data
 * will be lost. Goes to stderr with --json, whose stdout is the result. */
static void
print_what_will_be_lost (FILE       *out,
                         PlugDrive  *drive,
                         PlugVolume *volume)
{
  g_autofree char *display_name = plug_drive_dup_display_name (drive);
  g_autofree char *name = plug_cli_dup_printable (display_name);
  g_autofree char *size_text = g_format_size (plug_drive_get_size (drive));
  g_autofree char *backing_file = plug_cli_dup_printable (plug_drive_get_backing_file (drive));
  GListModel *volumes = plug_drive_get_volumes (drive);

  /* Translators: a drive's name, device and size */
  fprintf (out, _("Drive: %s — %s, %s\n"), name, plug_drive_get_device (drive), size_text);
  if (backing_file != NULL)
    fprintf (out, _("File: %s\n"), backing_file);

  if (volume != NULL)
    {
      g_autofree char *description = describe_volume (volume);

      fprintf (out, _("All data on this volume will be lost:\n  %s\n"), description);
      return;
    }

  fprintf (out, _("All data on the whole drive will be lost:\n"));
  for (guint i = 0; i < g_list_model_get_n_items (volumes); i++)
    {
      g_autoptr(PlugVolume) each = g_list_model_get_item (volumes, i);
      g_autofree char *description = describe_volume (each);

      fprintf (out, "  %s\n", description);
    }
}

/* The question goes to stderr, with what will be lost. */
static gboolean
ask_confirmation (const char *device)
{
  /* Translators: %s is a device; the answers are y and n, as the
   * shell's own prompts expect */
  return plug_cli_ask_yes (_("Reformat %s? Everything listed above will be lost. [y/N] "), device);
}

static void
step_cb (PlugFormatOperation *operation,
         GParamSpec          *pspec,
         Progress            *progress)
{
  const char *device = plug_format_operation_get_step_device (operation);

  if (progress->terminal && progress->last_percent >= 0)
    g_print ("\n");
  progress->last_percent = -1;

  switch (plug_format_operation_get_step (operation))
    {
    case PLUG_FORMAT_STEP_UNMOUNTING:
      g_print (_("Unmounting %s…\n"), device);
      break;

    case PLUG_FORMAT_STEP_ERASING:
      g_print (_("Overwriting %s with zeros…\n"), device);
      break;

    case PLUG_FORMAT_STEP_PARTITIONING:
      g_print (_("Writing a new partition table on %s…\n"), device);
      break;

    case PLUG_FORMAT_STEP_FORMATTING:
      g_print (_("Creating the filesystem…\n"));
      break;

    case PLUG_FORMAT_STEP_MOUNTING:
      g_print (_("Mounting %s…\n"), device);
      break;

    case PLUG_FORMAT_STEP_NONE:
    case PLUG_FORMAT_STEP_CHECKING:
    case PLUG_FORMAT_STEP_CONFIRMING:
    case PLUG_FORMAT_STEP_DONE:
    default:
      break;
    }
}

static void
attempt_cb (PlugFormatOperation *operation,
            GParamSpec          *pspec,
            Progress            *progress)
{
  if (plug_format_operation_get_attempt (operation) < 2)
    return;

  if (progress->terminal && progress->last_percent >= 0)
    g_print ("\n");
  progress->last_percent = -1;
  /* Translators: %s is a device, such as /dev/sdb1 */
  g_print (_("%s was busy for a moment, while the system read it again; trying again…\n"),
           plug_format_operation_get_step_device (operation));
  fflush (stdout);
}

static void
progress_cb (PlugFormatOperation *operation,
             GParamSpec          *pspec,
             Progress            *progress)
{
  double fraction = plug_format_operation_get_progress (operation);
  int percent;

  if (!progress->terminal || fraction < 0)
    return;

  percent = (int) (fraction * 100);
  if (percent == progress->last_percent)
    return;
  progress->last_percent = percent;
  g_print ("\r  %3d%%", percent);
  fflush (stdout);
}

static void
keep_step_cb (PlugKeepFilesOperation *operation,
              GParamSpec             *pspec,
              Progress               *progress)
{
  g_autofree char *bytes_text = g_format_size (plug_keep_files_operation_get_bytes_total (operation));
  guint files = plug_keep_files_operation_get_files_total (operation);

  if (progress->terminal && progress->last_percent >= 0)
    g_print ("\n");
  progress->last_percent = -1;
  progress->last_line_time = 0;

  switch (plug_keep_files_operation_get_step (operation))
    {
    case PLUG_KEEP_FILES_STEP_COPYING_OUT:
      /* Translators: a number of files and folders, a size, a folder */
      g_print (_("Copying %u files and folders (%s) to %s…\n"), files, bytes_text,
               plug_keep_files_operation_get_copy_path (operation));
      break;

    case PLUG_KEEP_FILES_STEP_FORMATTING:
      g_print (_("Reformatting…\n"));
      break;

    case PLUG_KEEP_FILES_STEP_COPYING_BACK:
      g_print (_("Copying %u files and folders (%s) back to %s…\n"), files, bytes_text,
               plug_format_operation_get_mount_point (plug_keep_files_operation_get_format_operation (operation)));
      break;

    case PLUG_KEEP_FILES_STEP_VERIFYING:
      g_print (_("Checking every file on the drive against its SHA-256…\n"));
      break;

    case PLUG_KEEP_FILES_STEP_REMOVING_COPY:
      g_print (_("All files verified. Removing the copy on this computer…\n"));
      break;

    case PLUG_KEEP_FILES_STEP_NONE:
    case PLUG_KEEP_FILES_STEP_SCANNING:
    case PLUG_KEEP_FILES_STEP_CHECKING:
    case PLUG_KEEP_FILES_STEP_DONE:
    default:
      break;
    }
}

/* On a terminal, one line that updates; elsewhere, a line a second. */
static void
keep_progress_cb (PlugKeepFilesOperation *operation,
                  GParamSpec             *pspec,
                  Progress               *progress)
{
  guint64 bytes_total = plug_keep_files_operation_get_bytes_total (operation);
  guint64 bytes_done = plug_keep_files_operation_get_bytes_done (operation);
  g_autofree char *done_text = NULL;
  g_autofree char *total_text = NULL;
  gint64 now = g_get_monotonic_time ();
  int percent;

  switch (plug_keep_files_operation_get_step (operation))
    {
    case PLUG_KEEP_FILES_STEP_COPYING_OUT:
    case PLUG_KEEP_FILES_STEP_COPYING_BACK:
    case PLUG_KEEP_FILES_STEP_VERIFYING:
      break;
    default:
      return;
    }

  percent = bytes_total > 0 ? (int) (bytes_done * 100 / bytes_total) : 100;
  if (progress->terminal ? percent == progress->last_percent : now - progress->last_line_time < G_USEC_PER_SEC)
    return;
  progress->last_percent = percent;
  progress->last_line_time = now;

  done_text = g_format_size (bytes_done);
  total_text = g_format_size (bytes_total);
  /* Translators: files done, files in all, then the same in bytes */
  g_print (_("%s  %u of %u files, %s of %s%s"), progress->terminal ? "\r" : "",
           plug_keep_files_operation_get_files_done (operation),
           plug_keep_files_operation_get_files_total (operation),
           done_text, total_text, progress->terminal ? "" : "\n");
  fflush (stdout);
}

static void
print_plan (FILE                   *out,
            PlugKeepFilesOperation *operation)
{
  g_autofree char *bytes_text = g_format_size (plug_keep_files_operation_get_bytes_total (operation));
  g_autofree char *needed_text = g_format_size (plug_keep_files_operation_get_space_needed (operation));
  g_autofree char *available_text = g_format_size (plug_keep_files_operation_get_space_available (operation));
  const char * const *not_carried = plug_keep_files_operation_get_not_carried (operation);
  const char * const *dropped = plug_keep_files_operation_get_dropped (operation);
  /* Both are known once planned. */
  const char *source_folder = plug_keep_files_operation_get_source_folder (operation);
  const char *copy_path = plug_keep_files_operation_get_copy_path (operation);
  g_autofree char *copy_line = NULL;

  g_return_if_fail (source_folder != NULL && copy_path != NULL);

  /* Translators: a number of files and folders, a size, a folder */
  fprintf (out, _("Files to keep: %u files and folders, %s, from %s\n"),
           plug_keep_files_operation_get_files_total (operation), bytes_text, source_folder);
  /* Translators: a folder, a size, a size */
  copy_line = g_strdup_printf (_("They are copied to %s first: this needs %s, and %s is free there."),
                               copy_path, needed_text, available_text);
  fprintf (out, "%s\n", copy_line);
  fprintf (out, _("That copy is deleted once every file is back on the drive and verified; "
                  "if anything fails, it stays there.\n"));
  if (not_carried[0] != NULL)
    {
      fprintf (out, _("These cannot be kept on the new filesystem and will be lost:\n"));
      for (guint i = 0; not_carried[i] != NULL; i++)
        fprintf (out, "  %s\n", not_carried[i]);
    }
  if (dropped[0] != NULL)
    {
      fprintf (out, _("What the files will not keep on the new filesystem:\n"));
      for (guint i = 0; dropped[i] != NULL; i++)
        fprintf (out, "  %s\n", dropped[i]);
    }
}

static gboolean
interrupted_cb (gpointer user_data)
{
  g_cancellable_cancel (G_CANCELLABLE (user_data));

  return G_SOURCE_CONTINUE;
}

/* resolve_target: the drive and volume DEVICE names, as the options ask
 * for them; returns the device that will be reformatted, or %NULL with
 * @error set. */
static char *
resolve_target (PlugDriveList  *drives,
                const char     *device,
                gboolean        whole_drive,
                gboolean        keep_files,
                PlugDrive     **drive,
                PlugVolume    **volume,
                GError        **error)
{
  g_autoptr(GError) local_error = NULL;

  if (whole_drive && keep_files)
    {
      /* The files are those of one volume, which DEVICE names. */
      if (!plug_cli_drives_resolve_volume (drives, device, drive, volume, &local_error))
        {
          g_set_error (error, local_error->domain, local_error->code,
                       _("With --keep-files, name the volume whose files to keep: %s"), local_error->message);
          return NULL;
        }
      return g_strdup (plug_drive_get_device (*drive));
    }

  if (whole_drive)
    {
      *drive = resolve_drive (drives, device, error);
      return *drive != NULL ? g_strdup (plug_drive_get_device (*drive)) : NULL;
    }

  if (!plug_cli_drives_resolve_volume (drives, device, drive, volume, error))
    return NULL;
  return g_strdup (plug_volume_get_device (*volume));
}

/* run_operation: reformats (keeping the files, with @keep_operation),
 * showing each step and the progress on the terminal when @show_progress;
 * Ctrl-C cancels. */
static gboolean
run_operation (PlugFormatOperation     *operation,
               PlugKeepFilesOperation  *keep_operation,
               gboolean                 show_progress,
               GError                 **error)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GAsyncResult) result = NULL;
  Progress progress = { FALSE, -1, 0 };
  guint interrupt_id;
  gboolean done;

  if (show_progress)
    {
      progress.terminal = isatty (STDOUT_FILENO);
      g_signal_connect (operation, "notify::step", G_CALLBACK (step_cb), &progress);
      g_signal_connect (operation, "notify::progress", G_CALLBACK (progress_cb), &progress);
      g_signal_connect (operation, "notify::attempt", G_CALLBACK (attempt_cb), &progress);
      if (keep_operation != NULL)
        {
          g_signal_connect (keep_operation, "notify::step", G_CALLBACK (keep_step_cb), &progress);
          g_signal_connect (keep_operation, "notify::bytes-done", G_CALLBACK (keep_progress_cb), &progress);
          g_signal_connect (keep_operation, "notify::files-done", G_CALLBACK (keep_progress_cb), &progress);
        }
    }

  interrupt_id = g_unix_signal_add (SIGINT, interrupted_cb, cancellable);
  if (keep_operation != NULL)
    plug_keep_files_operation_run_async (keep_operation, cancellable, plug_cli_store_result_cb, &result);
  else
    plug_format_operation_run_async (operation, cancellable, plug_cli_store_result_cb, &result);
  plug_cli_wait_for (&result);
  g_source_remove (interrupt_id);
  if (progress.terminal && progress.last_percent >= 0)
    g_print ("\n");

  done = keep_operation != NULL
         ? plug_keep_files_operation_run_finish (keep_operation, result, error)
         : plug_format_operation_run_finish (operation, result, error);

  /* &progress goes out of scope here. */
  if (show_progress)
    {
      g_signal_handlers_disconnect_by_data (operation, &progress);
      if (keep_operation != NULL)
        g_signal_handlers_disconnect_by_data (keep_operation, &progress);
    }

  return done;
}

static void
print_result_json (PlugFormatOperation      *operation,
                   PlugKeepFilesOperation   *keep_operation,
                   PlugDrive                *drive,
                   const PlugFilesystemType *type,
                   gboolean                  whole_drive,
                   gboolean                  erase)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) node = NULL;

  json_builder_begin_object (builder);
  plug_cli_json_add_string (builder, "device", plug_format_operation_get_device (operation));
  plug_cli_json_add_string (builder, "drive", plug_drive_get_device (drive));
  plug_cli_json_add_boolean (builder, "whole_drive", whole_drive);
  plug_cli_json_add_boolean (builder, "erased", erase);
  plug_cli_json_add_string (builder, "filesystem", type->id);
  plug_cli_json_add_string (builder, "label", plug_format_operation_get_label (operation));
  plug_cli_json_add_string (builder, "uuid", plug_format_operation_get_uuid (operation));
  plug_cli_json_add_string (builder, "mount_point", plug_format_operation_get_mount_point (operation));
  plug_cli_json_add_string (builder, "mount_error", plug_format_operation_get_mount_error (operation));
  json_builder_set_member_name (builder, "kept_files");
  if (keep_operation != NULL)
    {
      const char * const *not_carried = plug_keep_files_operation_get_not_carried (keep_operation);
      const char * const *dropped = plug_keep_files_operation_get_dropped (keep_operation);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "files");
      json_builder_add_int_value (builder, plug_keep_files_operation_get_files_total (keep_operation));
      json_builder_set_member_name (builder, "bytes");
      json_builder_add_int_value (builder, plug_keep_files_operation_get_bytes_total (keep_operation));
      plug_cli_json_add_boolean (builder, "verified", TRUE);
      plug_cli_json_add_string (builder, "copy_path", plug_keep_files_operation_get_copy_path (keep_operation));
      plug_cli_json_add_string (builder, "kept_copy_path", plug_keep_files_operation_get_kept_copy_path (keep_operation));
      json_builder_set_member_name (builder, "not_carried");
      json_builder_begin_array (builder);
      for (guint i = 0; not_carried[i] != NULL; i++)
        plug_cli_json_add_text (builder, not_carried[i]);
      json_builder_end_array (builder);
      json_builder_set_member_name (builder, "dropped");
      json_builder_begin_array (builder);
      for (guint i = 0; dropped[i] != NULL; i++)
        plug_cli_json_add_text (builder, dropped[i]);
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  else
    {
      json_builder_add_null_value (builder);
    }
  json_builder_end_object (builder);
  node = json_builder_get_root (builder);
  plug_cli_print_json (node);
}

static void
print_result_text (PlugFormatOperation      *operation,
                   PlugKeepFilesOperation   *keep_operation,
                   const PlugFilesystemType *type)
{
  if (keep_operation != NULL)
    {
      g_autofree char *bytes_text = g_format_size (plug_keep_files_operation_get_bytes_total (keep_operation));

      if (plug_keep_files_operation_get_kept_copy_path (keep_operation) == NULL)
        /* Translators: a number of files and folders, then a size */
        g_print (_("Kept %u files and folders (%s), each verified by its SHA-256; "
                   "the copy on this computer was removed.\n"),
                 plug_keep_files_operation_get_files_total (keep_operation), bytes_text);
      else
        /* Translators: a number of files and folders, a size, then a folder */
        g_print (_("Kept %u files and folders (%s), each verified by its SHA-256; "
                   "the copy on this computer could not be removed: delete %s yourself.\n"),
                 plug_keep_files_operation_get_files_total (keep_operation), bytes_text,
                 plug_keep_files_operation_get_kept_copy_path (keep_operation));
    }

  if (plug_format_operation_get_mount_point (operation) != NULL)
    /* Translators: a device, a filesystem, a name, a folder */
    g_print (_("Reformatted %s as %s named “%s”, mounted at %s\n"),
             plug_format_operation_get_device (operation), type->display_name,
             plug_format_operation_get_label (operation),
             plug_format_operation_get_mount_point (operation));
  else
    /* Translators: a device, a filesystem, a name, then why it is not mounted */
    g_print (_("Reformatted %s as %s named “%s”, not mounted: %s\n"),
             plug_format_operation_get_device (operation), type->display_name,
             plug_format_operation_get_label (operation),
             plug_format_operation_get_mount_error (operation) != NULL
             ? plug_format_operation_get_mount_error (operation) : _("unknown reason"));
}

/* Runs the reformat while the computer is kept from sleeping or shutting
 * down, which would leave the drive half made. */
static gboolean
run_keeping_awake (PlugServices            *services,
                   PlugDrive               *drive,
                   PlugFormatOperation     *operation,
                   PlugKeepFilesOperation  *keep_operation,
                   gboolean                 show_progress,
                   GError                 **error)
{
  g_autofree char *drive_name = plug_drive_dup_display_name (drive);
  g_autofree char *why = NULL;
  gboolean done;
  int inhibitor;

  /* Translators: why the computer does not sleep meanwhile; a drive's name */
  why = keep_operation != NULL ? g_strdup_printf (_("Reformatting %s, keeping its files"), drive_name)
                               : g_strdup_printf (_("Reformatting %s"), drive_name);
  inhibitor = plug_cli_inhibit_sleep (services, why);
  done = run_operation (operation, keep_operation, show_progress, error);
  plug_cli_release_sleep (inhibitor);

  return done;
}

int
plug_cli_drives_format (int      argc,
                        char   **argv,
                        gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(PlugDriveList) drives = NULL;
  g_autoptr(PlugDrive) drive = NULL;
  g_autoptr(PlugVolume) volume = NULL;
  g_autoptr(PlugFormatOperation) format_operation = NULL;
  g_autoptr(PlugKeepFilesOperation) keep_operation = NULL;
  PlugFormatOperation *operation;
  g_autoptr(GAsyncResult) usage_result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *filesystem = NULL;
  g_autofree char *label = NULL;
  g_autofree char *normalized = NULL;
  g_autofree char *target_device = NULL;
  const PlugFilesystemType *type;
  PlugFormatFlags flags = PLUG_FORMAT_FLAGS_NONE;
  gboolean whole_drive = FALSE;
  gboolean erase = FALSE;
  gboolean yes = FALSE;
  gboolean keep_files = FALSE;
  UDisksClient *client;
  int exit_code;
  const GOptionEntry entries[] = {
    { "type", 't', 0, G_OPTION_ARG_STRING, &filesystem,
      N_("The filesystem: exfat (all computers, files of any size), ext4 (Linux only), ntfs (Windows), "
         "vfat (old devices and cameras, 4 GB per file), btrfs or xfs"), N_("TYPE") },
    { "label", 'l', 0, G_OPTION_ARG_STRING, &label,
      N_("The name it will mount under; none if not given"), N_("TEXT") },
    { "whole-drive", 0, 0, G_OPTION_ARG_NONE, &whole_drive,
      N_("Reformat the whole drive: a new partition table with one volume that fills it"), NULL },
    { "erase", 0, 0, G_OPTION_ARG_NONE, &erase,
      N_("Overwrite the old data with zeros first (slow)"), NULL },
    { "yes", 'y', 0, G_OPTION_ARG_NONE, &yes,
      N_("Do not ask for confirmation"), NULL },
    { "keep-files", 0, 0, G_OPTION_ARG_NONE, &keep_files,
      N_("Keep the files: copy them to this computer, reformat, copy them back, verify each "
         "by its SHA-256, then delete the copy"), NULL },
    { NULL }
  };

  context = plug_cli_option_context_new ("drives format", _("DEVICE"),
                                         _("Reformat a volume, or with --whole-drive the drive that holds it: "
                                           "DEVICE is a device (such as /dev/sdb1), a volume’s name or its UUID. "
                                           "Everything on it is lost. Without --yes, it shows what will be lost "
                                           "and asks on the terminal."),
                                         &json);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;

  if (argc < 2)
    return plug_cli_usage_error ("drives format", _("No device given"));
  if (argc > 2)
    return plug_cli_usage_error ("drives format", _("Unexpected argument “%s”"), argv[2]);
  if (filesystem == NULL)
    return plug_cli_usage_error ("drives format", _("--type is required: one of %s"),
                                 plug_filesystem_type_get_ids ());
  type = plug_filesystem_type_lookup (filesystem);
  if (type == NULL)
    return plug_cli_usage_error ("drives format", _("Unknown filesystem type “%s”: use one of %s"),
                                 filesystem, plug_filesystem_type_get_ids ());

  /* Before any daemon is asked anything. */
  normalized = plug_label_rules_normalize (type->id, label != NULL ? label : "", &error);
  if (normalized == NULL)
    return plug_cli_fail (_("Cannot name a %s volume “%s”: %s"), type->display_name, label, error->message);

  client = plug_cli_drives_connect (&services, &exit_code,
                                    _("udisks2 is not running, and drives cannot be reformatted without it. "
                                      "Install the “%s” package, or start its service."),
                                    plug_service_kind_get_package (PLUG_SERVICE_KIND_UDISKS));
  if (client == NULL)
    return exit_code;

  /* Every drive, so that one Plugboard leaves alone is refused with its
   * reason rather than reported missing. */
  drives = plug_drive_list_new (client, PLUG_DRIVE_LIST_FLAGS_INCLUDE_UNLISTED);
  target_device = resolve_target (drives, argv[1], whole_drive, keep_files, &drive, &volume, &error);
  if (target_device == NULL)
    return plug_cli_fail ("%s", error->message);
  if (whole_drive)
    flags |= PLUG_FORMAT_FLAGS_WHOLE_DRIVE;
  if (erase)
    flags |= PLUG_FORMAT_FLAGS_ERASE;

  if (!plug_drive_get_can_modify (drive))
    {
      g_autofree char *reason = plug_drive_dup_restriction_reason (drive);

      return plug_cli_fail (_("Will not reformat %s: %s."), target_device, reason);
    }

  /* Made now, so that it remembers the drive that is shown below. */
  if (keep_files)
    {
      keep_operation = plug_keep_files_operation_new (client, drive, volume, type->id, normalized, flags);
      operation = plug_keep_files_operation_get_format_operation (keep_operation);
    }
  else
    {
      format_operation = plug_format_operation_new (client, drive, volume, type->id, normalized, flags);
      operation = format_operation;
    }

  plug_drive_list_refresh_usage_async (drives, NULL, plug_cli_store_result_cb, &usage_result);
  plug_cli_wait_for (&usage_result);
  /* Used space is only for the confirmation; not knowing it is no reason
   * to stop. */
  plug_drive_list_refresh_usage_finish (drives, usage_result, NULL);

  if (keep_files)
    {
      g_autoptr(GAsyncResult) plan_result = NULL;

      plug_keep_files_operation_plan_async (keep_operation, NULL, plug_cli_store_result_cb, &plan_result);
      plug_cli_wait_for (&plan_result);
      if (!plug_keep_files_operation_plan_finish (keep_operation, plan_result, &error))
        return plug_cli_fail (_("Cannot keep the files of %s: %s"), plug_volume_get_device (volume), error->message);
    }

  print_what_will_be_lost (json ? stderr : stdout, drive, keep_files && whole_drive ? NULL : volume);
  if (keep_files)
    print_plan (json ? stderr : stdout, keep_operation);
  if (json)
    g_printerr (_("New filesystem: %s, named “%s”\n"), type->display_name, normalized);
  else
    g_print (_("New filesystem: %s, named “%s”\n"), type->display_name, normalized);

  if (!yes)
    {
      if (!isatty (STDIN_FILENO))
        return plug_cli_fail (_("Not reformatting %s without a confirmation: run this on a terminal "
                                "to be asked, or pass --yes"), target_device);
      if (!ask_confirmation (target_device))
        return plug_cli_fail (_("Nothing was changed."));
    }

  if (!run_keeping_awake (services, drive, operation, keep_operation, !json, &error))
    return plug_cli_fail (_("Could not reformat %s: %s"), target_device, error->message);

  if (json)
    print_result_json (operation, keep_operation, drive, type, whole_drive, erase);
  else
    print_result_text (operation, keep_operation, type);

  return PLUG_CLI_EXIT_DONE;
}
