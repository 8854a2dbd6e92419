/* plug-cli-drives.c: plugboardctl drives
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

#include "plug-check-operation.h"
#include "plug-cli.h"
#include "plug-cli-drives.h"
#include "plug-drive-list.h"
#include "plug-filesystem-type.h"
#include "plug-kept-copy.h"
#include "plug-label-rules.h"
#include "plug-rename-operation.h"
#include "plug-take-ownership-operation.h"

/*
 * `plugboardctl drives` is a group of subcommands, one per thing the
 * Drives panel does. Each subcommand parses its own options, so that
 * `plugboardctl drives list --json` and `plugboardctl --json drives list`
 * mean the same.
 */

static int drives_list        (int argc, char **argv, gboolean json);
static int drives_check_label (int argc, char **argv, gboolean json);
static int drives_rename      (int argc, char **argv, gboolean json);
static int drives_take_ownership (int argc, char **argv, gboolean json);
static int drives_check       (int argc, char **argv, gboolean json);
static int drives_repair      (int argc, char **argv, gboolean json);

static const PlugCliCommand subcommands[] = {
  { "list", N_("List external drives and the disk images you attached"), drives_list },
  { "check-label", N_("Check a name against a filesystem’s rules, and show where it would mount"), drives_check_label },
  { "rename", N_("Rename a volume"), drives_rename },
  /* The first name of "rename", kept for the scripts that use it. */
  { "label", N_("The same as “rename”"), drives_rename },
  { "take-ownership", N_("Make the files on a volume yours, without reformatting it"), drives_take_ownership },
  { "check", N_("Check a volume’s filesystem for errors, without changing it"), drives_check },
  { "repair", N_("Repair the errors in a volume’s filesystem"), drives_repair },
  { "format", N_("Reformat a volume or a whole drive"), plug_cli_drives_format },
  { "fits", N_("Say whether files and folders would fit on a volume, and why not"), plug_cli_drives_fits },
  { "benchmark", N_("Measure how fast a drive reads, and a mounted volume writes"), plug_cli_drives_benchmark },
  { "kept-copies", N_("List the files a reformat kept on this computer and did not put back"), plug_cli_drives_kept_copies },
  { "restore", N_("Put a kept copy’s files back on a volume"), plug_cli_drives_restore },
  { "delete-copy", N_("Delete a kept copy from this computer"), plug_cli_drives_delete_copy },
};

int
plug_cli_drives (int      argc,
                char   **argv,
                gboolean json)
{
  return plug_cli_run_group ("drives", _("External drives, memory cards and disk images."),
                            subcommands, G_N_ELEMENTS (subcommands),
                            argc, argv, json);
}

/* --- drives list ------------------------------------------------------ */

static void
add_volume_json (JsonBuilder *builder,
                 PlugVolume  *volume)
{
  g_autofree char *filesystem_name = plug_volume_dup_filesystem_name (volume);
  const char * const *mount_points = plug_volume_get_mount_points (volume);
  guint64 max_file_size = plug_volume_get_max_file_size (volume);
  guint64 used;
  guint64 free_space;
  gboolean usage_known = plug_volume_get_usage (volume, &used, &free_space);
  gboolean access_known;
  gboolean writable = FALSE;
  const char *owner = NULL;

  json_builder_begin_object (builder);
  plug_cli_json_add_string (builder, "device", plug_volume_get_device (volume));
  plug_cli_json_add_uint (builder, "partition_number", plug_volume_get_partition_number (volume));
  plug_cli_json_add_string (builder, "filesystem", plug_volume_get_filesystem (volume));
  plug_cli_json_add_string (builder, "filesystem_version", plug_volume_get_filesystem_version (volume));
  plug_cli_json_add_string (builder, "filesystem_name", filesystem_name);
  plug_cli_json_add_string (builder, "label", plug_volume_get_label (volume));
  plug_cli_json_add_string (builder, "uuid", plug_volume_get_uuid (volume));
  plug_cli_json_add_uint (builder, "size", plug_volume_get_size (volume));
  plug_cli_json_add_string (builder, "mount_point", plug_volume_get_mount_point (volume));

  json_builder_set_member_name (builder, "mount_points");
  json_builder_begin_array (builder);
  for (guint i = 0; mount_points[i] != NULL; i++)
    plug_cli_json_add_text (builder, mount_points[i]);
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "used");
  if (usage_known)
    json_builder_add_int_value (builder, (gint64) used);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "free");
  if (usage_known)
    json_builder_add_int_value (builder, (gint64) free_space);
  else
    json_builder_add_null_value (builder);

  json_builder_set_member_name (builder, "max_file_size");
  if (max_file_size > 0)
    json_builder_add_int_value (builder, (gint64) max_file_size);
  else
    json_builder_add_null_value (builder);

  /* Whether this user can add files to the top folder, and whose it is:
   * null while not mounted. */
  access_known = plug_volume_get_access (volume, &writable, &owner);
  json_builder_set_member_name (builder, "writable");
  if (access_known)
    json_builder_add_boolean_value (builder, writable);
  else
    json_builder_add_null_value (builder);
  plug_cli_json_add_string (builder, "owner", access_known ? owner : NULL);

  json_builder_end_object (builder);
}

static void
add_drive_json (JsonBuilder *builder,
                PlugDrive   *drive)
{
  g_autofree char *reason = plug_drive_dup_restriction_reason (drive);
  g_autofree char *name = plug_drive_dup_display_name (drive);
  GListModel *volumes = plug_drive_get_volumes (drive);
  PlugDriveRestriction restriction = plug_drive_get_restriction (drive);

  json_builder_begin_object (builder);
  plug_cli_json_add_string (builder, "device", plug_drive_get_device (drive));
  plug_cli_json_add_string (builder, "name", name);
  plug_cli_json_add_string (builder, "model", plug_drive_get_model (drive));
  plug_cli_json_add_string (builder, "vendor", plug_drive_get_vendor (drive));
  plug_cli_json_add_string (builder, "serial", plug_drive_get_serial (drive));
  plug_cli_json_add_uint (builder, "size", plug_drive_get_size (drive));
  plug_cli_json_add_string (builder, "connection",
                            plug_drive_connection_get_id (plug_drive_get_connection (drive)));
  json_builder_set_member_name (builder, "is_disk_image");
  json_builder_add_boolean_value (builder, plug_drive_is_disk_image (drive));
  json_builder_set_member_name (builder, "removable");
  json_builder_add_boolean_value (builder, plug_drive_is_removable (drive));
  plug_cli_json_add_string (builder, "backing_file", plug_drive_get_backing_file (drive));
  json_builder_set_member_name (builder, "setup_by_uid");
  if (plug_drive_is_disk_image (drive))
    json_builder_add_int_value (builder, plug_drive_get_setup_by_uid (drive));
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "can_modify");
  json_builder_add_boolean_value (builder, plug_drive_get_can_modify (drive));
  plug_cli_json_add_string (builder, "restriction", plug_drive_restriction_get_id (restriction));
  plug_cli_json_add_string (builder, "reason", reason);
  json_builder_set_member_name (builder, "listed");
  json_builder_add_boolean_value (builder, plug_drive_is_listed (drive));
  plug_cli_json_add_string (builder, "udisks_object", plug_drive_get_object_path (drive));

  json_builder_set_member_name (builder, "volumes");
  json_builder_begin_array (builder);
  for (guint i = 0; i < g_list_model_get_n_items (volumes); i++)
    {
      g_autoptr(PlugVolume) volume = g_list_model_get_item (volumes, i);

      add_volume_json (builder, volume);
    }
  json_builder_end_array (builder);

  json_builder_end_object (builder);
}

static JsonNode *
build_json (GListModel *drives)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_array (builder);
  for (guint i = 0; i < g_list_model_get_n_items (drives); i++)
    {
      g_autoptr(PlugDrive) drive = g_list_model_get_item (drives, i);

      add_drive_json (builder, drive);
    }
  json_builder_end_array (builder);

  return json_builder_get_root (builder);
}

static char *
describe_mount (PlugVolume *volume)
{
  g_autofree char *mount_point = plug_cli_dup_printable (plug_volume_get_mount_point (volume));
  g_autofree char *used_text = NULL;
  g_autofree char *free_text = NULL;
  guint64 used;
  guint64 free_space;

  if (mount_point == NULL)
    return g_strdup (_("not mounted"));

  if (!plug_volume_get_usage (volume, &used, &free_space))
    /* Translators: %s is a folder, such as /media/alice/STICK */
    return g_strdup_printf (_("mounted at %s"), mount_point);

  used_text = g_format_size (used);
  free_text = g_format_size (free_space);
  /* Translators: a folder, then two sizes, such as 1.2 GB */
  return g_strdup_printf (_("mounted at %s, %s used, %s free"), mount_point, used_text, free_text);
}

static void
print_drive_text (PlugDrive *drive)
{
  g_autofree char *display_name = plug_drive_dup_display_name (drive);
  g_autofree char *name = plug_cli_dup_printable (display_name);
  g_autofree char *size_text = g_format_size (plug_drive_get_size (drive));
  g_autofree char *backing_file = plug_cli_dup_printable (plug_drive_get_backing_file (drive));
  GListModel *volumes = plug_drive_get_volumes (drive);
  guint n_volumes = g_list_model_get_n_items (volumes);
  int device_width = 0;
  int filesystem_width = 0;
  int label_width = 0;

  /* Translators: a drive: its name, device, connection and size, such as
   * “SanDisk Cruzer — /dev/sdb, USB, 16.0 GB” */
  g_print (_("%s — %s, %s, %s\n"),
           name, plug_drive_get_device (drive),
           plug_drive_connection_get_display_name (plug_drive_get_connection (drive)),
           size_text);

  if (backing_file != NULL)
    g_print (_("  File: %s\n"), backing_file);
  if (!plug_drive_get_can_modify (drive))
    {
      g_autofree char *reason = plug_drive_dup_restriction_reason (drive);

      g_print (_("  Plugboard will not change this drive: %s.\n"), reason);
    }

  if (n_volumes == 0)
    g_print (_("  No volumes\n"));

  /* Columns line up within a drive; widths are in bytes, which is right
   * for device paths and near enough for labels. */
  for (guint i = 0; i < n_volumes; i++)
    {
      g_autoptr(PlugVolume) volume = g_list_model_get_item (volumes, i);
      g_autofree char *filesystem_name = plug_volume_dup_filesystem_name (volume);
      g_autofree char *label = plug_cli_dup_printable (plug_volume_get_label (volume));

      device_width = MAX (device_width, (int) strlen (plug_volume_get_device (volume)));
      filesystem_width = MAX (filesystem_width, filesystem_name != NULL ? (int) strlen (filesystem_name) : 1);
      label_width = MAX (label_width, label != NULL ? (int) strlen (label) + 2 : 1);
    }

  for (guint i = 0; i < n_volumes; i++)
    {
      g_autoptr(PlugVolume) volume = g_list_model_get_item (volumes, i);
      g_autofree char *filesystem_name = plug_volume_dup_filesystem_name (volume);
      g_autofree char *label = plug_cli_dup_printable (plug_volume_get_label (volume));
      g_autofree char *quoted_label = NULL;
      g_autofree char *volume_size = g_format_size (plug_volume_get_size (volume));
      g_autofree char *mount = describe_mount (volume);

      if (label != NULL)
        quoted_label = g_strdup_printf ("“%s”", label);

      g_print ("  %-*s  %-*s  %-*s  %9s  %s\n",
               device_width, plug_volume_get_device (volume),
               filesystem_width, filesystem_name != NULL ? filesystem_name : "-",
               label_width, quoted_label != NULL ? quoted_label : "-",
               volume_size, mount);

      if (plug_volume_get_max_file_size (volume) == G_GUINT64_CONSTANT (0xFFFFFFFF))
        g_print ("  %-*s  %s\n", device_width, "",
                 _("Files larger than 4 GB cannot be stored on this drive"));
      if (plug_volume_get_can_take_ownership (volume))
        {
          g_autofree char *owner_text = NULL;
          const char *owner = NULL;

          plug_volume_get_access (volume, NULL, &owner);
          owner_text = plug_cli_dup_printable (owner);
          g_print ("  %-*s  ", device_width, "");
          /* Translators: %s is a user name, such as root */
          g_print (_("Its files belong to another user (%s); you cannot add files to it. "
                     "“plugboardctl drives take-ownership” makes them yours.\n"),
                   owner_text);
        }
    }
}

static void
print_text (GListModel *drives)
{
  guint n_drives = g_list_model_get_n_items (drives);

  if (n_drives == 0)
    {
      g_print (_("No external drives or disk images. Plug in a USB drive or memory card.\n"));
      return;
    }

  for (guint i = 0; i < n_drives; i++)
    {
      g_autoptr(PlugDrive) drive = g_list_model_get_item (drives, i);

      if (i > 0)
        g_print ("\n");
      print_drive_text (drive);
    }
}

static int
drives_list (int      argc,
             char   **argv,
             gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(PlugDriveList) drives = NULL;
  g_autoptr(GAsyncResult) usage_result = NULL;
  g_autoptr(GError) error = NULL;
  UDisksClient *client;
  gboolean all = FALSE;
  int exit_code;
  const GOptionEntry entries[] = {
    { "all", 0, 0, G_OPTION_ARG_NONE, &all,
      N_("Also list what Plugboard leaves alone (the system disk, disk images of other users), saying why"), NULL },
    { NULL }
  };

  context = plug_cli_option_context_new ("drives list", NULL,
                                         _("List external drives, memory cards and the disk images you attached, with their volumes."),
                                         &json);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;

  if (argc > 1)
    return plug_cli_usage_error ("drives list", _("Unexpected argument “%s”"), argv[1]);

  client = plug_cli_drives_connect (&services, &exit_code,
                                    _("udisks2 is not running, and drives cannot be listed without it. "
                                      "Install the “%s” package, or start its service."),
                                    plug_service_kind_get_package (PLUG_SERVICE_KIND_UDISKS));
  if (client == NULL)
    return exit_code;

  drives = plug_drive_list_new (client,
                                all ? PLUG_DRIVE_LIST_FLAGS_INCLUDE_UNLISTED : PLUG_DRIVE_LIST_FLAGS_NONE);

  plug_drive_list_refresh_usage_async (drives, NULL, plug_cli_store_result_cb, &usage_result);
  plug_cli_wait_for (&usage_result);
  if (!plug_drive_list_refresh_usage_finish (drives, usage_result, &error))
    return plug_cli_fail (_("Could not read how full the volumes are: %s"), error->message);

  if (json)
    {
      g_autoptr(JsonNode) node = build_json (G_LIST_MODEL (drives));

      plug_cli_print_json (node);
    }
  else
    {
      g_autofree char *base_folder = plug_kept_copy_dup_base_folder ();
      g_autoptr(GPtrArray) copies = NULL;

      print_text (G_LIST_MODEL (drives));
      /* The JSON is the drives only (scripts read it as an array); a
       * copy left by a reformat cut short is what a person must see. */
      copies = plug_kept_copy_list (base_folder, NULL, &error);
      if (copies == NULL)
        return plug_cli_fail (_("Could not read the kept copies: %s"), error->message);
      if (copies->len > 0)
        g_print ("\n");
      plug_cli_print_kept_copies_text (copies, FALSE);
    }

  return PLUG_CLI_EXIT_DONE;
}

/* --- drives check-label ----------------------------------------------- */

static char *
dup_filesystem_list (void)
{
  const char * const *filesystems = plug_label_rules_get_filesystems ();

  return g_strjoinv (", ", (char **) filesystems);
}

/* Where a volume named @label would mount, for this user; %NULL for no
 * name without a UUID, which mounts under a UUID not known yet. */
static char *
dup_mount_point_preview (const char *label,
                         const char *uuid)
{
  g_autofree char *name = NULL;
  g_autofree char *base = NULL;

  if ((label == NULL || *label == '\0') && (uuid == NULL || *uuid == '\0'))
    return NULL;

  name = plug_label_rules_dup_mount_name (label, uuid);
  base = plug_label_rules_find_mount_base ("/", g_get_user_name ());

  return g_build_filename (base, name, NULL);
}

static int
drives_check_label (int      argc,
                    char   **argv,
                    gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *filesystem = NULL;
  g_autofree char *filesystem_list = NULL;
  g_autofree char *normalized = NULL;
  g_autofree char *mount_name = NULL;
  g_autofree char *mount_point = NULL;
  g_autofree char *filesystem_name = NULL;
  const char *label;
  int exit_code;
  const GOptionEntry entries[] = {
    { "type", 't', 0, G_OPTION_ARG_STRING, &filesystem,
      N_("The filesystem type: vfat, exfat, ntfs, ext2, ext3, ext4, xfs or btrfs"), N_("TYPE") },
    { NULL }
  };

  context = plug_cli_option_context_new ("drives check-label", _("TEXT"),
                                         _("Check whether TEXT can name a volume of that filesystem, as udisks "
                                           "would write it, and show the folder it would mount as. Needs no "
                                           "running service and changes nothing."),
                                         &json);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;

  filesystem_list = dup_filesystem_list ();
  if (filesystem == NULL)
    return plug_cli_usage_error ("drives check-label", _("--type is required: one of %s"), filesystem_list);
  if (!plug_label_rules_is_known_filesystem (filesystem))
    return plug_cli_usage_error ("drives check-label", _("Unknown filesystem type “%s”: use one of %s"),
                                 filesystem, filesystem_list);
  if (argc < 2)
    return plug_cli_usage_error ("drives check-label", _("No name given"));
  if (argc > 2)
    return plug_cli_usage_error ("drives check-label", _("Unexpected argument “%s”"), argv[2]);

  label = argv[1];
  normalized = plug_label_rules_normalize (filesystem, label, &error);
  if (normalized != NULL && *normalized != '\0')
    {
      mount_name = plug_label_rules_dup_mount_name (normalized, NULL);
      mount_point = dup_mount_point_preview (normalized, NULL);
    }
  filesystem_name = plug_drive_rules_dup_filesystem_name (filesystem, NULL);

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) node = NULL;
      g_autofree char *printable_label = g_utf8_make_valid (label, -1);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "valid");
      json_builder_add_boolean_value (builder, normalized != NULL);
      plug_cli_json_add_string (builder, "type", filesystem);
      plug_cli_json_add_string (builder, "label", printable_label);
      plug_cli_json_add_string (builder, "normalized_label", normalized);
      plug_cli_json_add_string (builder, "mount_name", mount_name);
      plug_cli_json_add_string (builder, "mount_point", mount_point);
      plug_cli_json_add_string (builder, "reason", error != NULL ? error->message : NULL);
      json_builder_end_object (builder);
      node = json_builder_get_root (builder);
      plug_cli_print_json (node);
    }
  else if (normalized != NULL)
    {
      /* Translators: a name, then a filesystem such as FAT32 */
      g_print (_("“%s” is a valid %s name.\n"), label, filesystem_name);
      if (!g_str_equal (normalized, label))
        g_print (_("It will be written as “%s”.\n"), normalized);
      if (mount_point != NULL)
        g_print (_("It will mount as %s\n"), mount_point);
      else
        g_print (_("A volume without a name mounts under its UUID.\n"));
    }

  if (normalized == NULL)
    return plug_cli_fail ("%s", error->message);

  return PLUG_CLI_EXIT_DONE;
}

/* --- drives rename (and its first name, label) -------------------------- */

typedef struct
{
  PlugDrive  *drive;
  PlugVolume *volume;
} VolumeMatch;

/* DEVICE is a device file (or a link to one, such as /dev/disk/by-label/
 * NAME), a filesystem label, or a UUID. A device file wins; a label or
 * UUID must name one volume only, among those `drives list` shows (the
 * user's own disk images and external drives) when any of them has it,
 * else among every volume, so that another user's or the system's is
 * named, and then refused with the reason. */
static gboolean
resolve_volume (PlugDriveList  *drives,
                const char     *name,
                PlugDrive     **drive_out,
                PlugVolume    **volume_out,
                GError        **error)
{
  g_autofree char *device = NULL;
  g_autoptr(GArray) matches = g_array_new (FALSE, FALSE, sizeof (VolumeMatch));
  g_autoptr(GString) devices = NULL;
  guint n_drives = g_list_model_get_n_items (G_LIST_MODEL (drives));

  if (g_str_has_prefix (name, "/dev/"))
    {
      char *resolved = realpath (name, NULL);

      device = resolved != NULL ? g_strdup (resolved) : g_strdup (name);
      free (resolved);
    }

  for (guint i = 0; i < n_drives; i++)
    {
      g_autoptr(PlugDrive) drive = g_list_model_get_item (G_LIST_MODEL (drives), i);
      GListModel *volumes = plug_drive_get_volumes (drive);

      for (guint j = 0; j < g_list_model_get_n_items (volumes); j++)
        {
          g_autoptr(PlugVolume) volume = g_list_model_get_item (volumes, j);
          const char *uuid = plug_volume_get_uuid (volume);

          if (device != NULL ? g_strcmp0 (plug_volume_get_device (volume), device) == 0
                             : (g_strcmp0 (plug_volume_get_label (volume), name) == 0 ||
                                (uuid != NULL && g_ascii_strcasecmp (uuid, name) == 0)))
            {
              VolumeMatch match = { drive, volume };

              g_array_append_val (matches, match);
            }
        }

      if (device != NULL && matches->len == 0 &&
          g_strcmp0 (plug_drive_get_device (drive), device) == 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("%s is a drive with several volumes: name one of them"), device);
          return FALSE;
        }
    }

  if (device == NULL && matches->len > 1)
    {
      guint n_listed = 0;

      for (guint i = 0; i < matches->len; i++)
        {
          if (plug_drive_is_listed (g_array_index (matches, VolumeMatch, i).drive))
            g_array_index (matches, VolumeMatch, n_listed++) = g_array_index (matches, VolumeMatch, i);
        }
      if (n_listed > 0)
        g_array_set_size (matches, n_listed);
    }

  if (matches->len == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("No volume is “%s”: give a device such as /dev/sdb1, a name or a UUID "
                     "that “plugboardctl drives list” shows"),
                   name);
      return FALSE;
    }

  if (matches->len > 1)
    {
      devices = g_string_new (NULL);
      for (guint i = 0; i < matches->len; i++)
        g_string_append_printf (devices, "%s%s", i > 0 ? ", " : "",
                                plug_volume_get_device (g_array_index (matches, VolumeMatch, i).volume));
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Several volumes are called “%s” (%s): give the device instead"),
                   name, devices->str);
      return FALSE;
    }

  *drive_out = g_object_ref (g_array_index (matches, VolumeMatch, 0).drive);
  *volume_out = g_object_ref (g_array_index (matches, VolumeMatch, 0).volume);

  return TRUE;
}

/**
 * plug_cli_drives_connect:
 * @services_out: (out): the services, to keep while the client is used
 * @exit_code: (out): set when %NULL is returned
 * @without_udisks: what cannot be done while udisksd is not running, a
 *   format taking the arguments that follow
 *
 * Reaches udisks for a `drives` subcommand. Where the system bus or
 * udisksd cannot be reached, says so and returns %NULL.
 *
 * Returns: (transfer none) (nullable): the udisks client
 */
UDisksClient *
plug_cli_drives_connect (PlugServices **services_out,
                         int           *exit_code,
                         const char    *without_udisks,
                         ...)
{
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(GError) error = NULL;
  UDisksClient *client;

  *exit_code = PLUG_CLI_EXIT_FAILED;
  services = plug_cli_load_services (PLUG_SERVICES_CLIENTS_UDISKS, &error);
  if (services == NULL)
    {
      plug_cli_fail (_("Could not reach the system services: %s"), error->message);
      return NULL;
    }
  if (plug_services_get_system_bus_error (services) != NULL)
    {
      plug_cli_fail (_("The system bus cannot be reached: %s"),
                     plug_services_get_system_bus_error (services));
      return NULL;
    }

  /* The client exists while udisksd is not running; its Manager object
   * is there only when the daemon is. */
  client = plug_services_get_udisks_client (services);
  if (client == NULL || udisks_client_get_manager (client) == NULL)
    {
      g_autofree char *message = NULL;
      va_list args;

      va_start (args, without_udisks);
      message = g_strdup_vprintf (without_udisks, args);
      va_end (args);
      plug_cli_fail ("%s", message);
      return NULL;
    }

  *exit_code = PLUG_CLI_EXIT_DONE;
  *services_out = g_steal_pointer (&services);
  return client;
}

/* For the subcommands in other files, such as `drives format`: one
 * resolution for all of them. */
gboolean
plug_cli_drives_resolve_volume (PlugDriveList  *drives,
                                const char     *name,
                                PlugDrive     **drive_out,
                                PlugVolume    **volume_out,
                                GError        **error)
{
  return resolve_volume (drives, name, drive_out, volume_out, error);
}

static char *
describe_volume (PlugVolume *volume)
{
  g_autofree char *filesystem_name = plug_volume_dup_filesystem_name (volume);
  g_autofree char *size_text = g_format_size (plug_volume_get_size (volume));
  g_autofree char *label = plug_cli_dup_printable (plug_volume_get_label (volume));

  /* Translators: a device, then its name, filesystem and size, such as
   * “/dev/sdb1 (Photos, ext4, 96 MB)” */
  return g_strdup_printf (_("%s (%s, %s, %s)"),
                          plug_volume_get_device (volume),
                          label != NULL ? label : _("no name"),
                          filesystem_name != NULL ? filesystem_name : _("unknown filesystem"),
                          size_text);
}

static void
rename_step_cb (PlugRenameOperation *operation,
                 GParamSpec           *pspec,
                 gpointer              user_data)
{
  switch (plug_rename_operation_get_step (operation))
    {
    case PLUG_RENAME_STEP_UNMOUNTING:
      g_print (_("Unmounting it first: this filesystem cannot be renamed while mounted.\n"));
      break;

    case PLUG_RENAME_STEP_MOUNTING:
      g_print (_("Mounting it again.\n"));
      break;

    case PLUG_RENAME_STEP_NONE:
    case PLUG_RENAME_STEP_RENAMING:
    case PLUG_RENAME_STEP_CONFIRMING:
    case PLUG_RENAME_STEP_DONE:
    default:
      break;
    }
}

static gboolean
interrupted_cb (gpointer user_data)
{
  g_cancellable_cancel (G_CANCELLABLE (user_data));

  return G_SOURCE_CONTINUE;
}

/* What a rename did: the name the volume reports now, and where it is
 * mounted. */
static void
print_rename_result (PlugRenameOperation *operation,
                     PlugVolume          *volume,
                     const char          *old_label,
                     gboolean             json)
{
  g_autofree char *next_mount_point = NULL;
  const char *mount_point;

  mount_point = plug_rename_operation_get_mount_point (operation);
  next_mount_point = dup_mount_point_preview (plug_rename_operation_get_label (operation),
                                              plug_volume_get_uuid (volume));

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) node = NULL;

      json_builder_begin_object (builder);
      plug_cli_json_add_string (builder, "device", plug_volume_get_device (volume));
      plug_cli_json_add_string (builder, "filesystem", plug_volume_get_filesystem (volume));
      plug_cli_json_add_string (builder, "old_label", old_label);
      plug_cli_json_add_string (builder, "label", plug_rename_operation_get_label (operation));
      plug_cli_json_add_string (builder, "mount_point", mount_point);
      json_builder_set_member_name (builder, "remounted");
      json_builder_add_boolean_value (builder, plug_rename_operation_get_remounted (operation));
      plug_cli_json_add_string (builder, "next_mount_point", next_mount_point);
      json_builder_end_object (builder);
      node = json_builder_get_root (builder);
      plug_cli_print_json (node);
      return;
    }

  g_print (_("Renamed: the volume now reports the name “%s”.\n"),
           plug_rename_operation_get_label (operation));
  if (mount_point != NULL && plug_rename_operation_get_remounted (operation))
    g_print (_("Mounted again at %s\n"), mount_point);
  else if (mount_point != NULL)
    /* Translators: two folders */
    g_print (_("It stays mounted at %s until it is unmounted; next time it will mount as %s\n"),
             mount_point, next_mount_point != NULL ? next_mount_point : "?");
}

static int
drives_rename (int      argc,
               char   **argv,
               gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *command = NULL;
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(PlugDriveList) drives = NULL;
  g_autoptr(PlugDrive) drive = NULL;
  g_autoptr(PlugVolume) volume = NULL;
  g_autoptr(PlugRenameOperation) operation = NULL;
  g_autoptr(GCancellable) cancellable = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *description = NULL;
  g_autofree char *normalized = NULL;
  g_autofree char *old_label = NULL;
  const char *label;
  UDisksClient *client;
  guint interrupt_id;
  int exit_code;

  /* "drives rename", or "drives label" as scripts may call it. */
  command = g_strconcat ("drives ", argv[0], NULL);
  context = plug_cli_option_context_new (command, _("DEVICE TEXT"),
                                         _("Rename a volume: DEVICE is its device (such as /dev/sdb1), its "
                                           "current name or its UUID. An empty TEXT removes the name. Volumes "
                                           "other than ext2, ext3 and ext4 are unmounted to be renamed, and "
                                           "mounted again afterwards."),
                                         &json);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;

  if (argc < 3)
    return plug_cli_usage_error (command, _("A device and a name are needed"));
  if (argc > 3)
    return plug_cli_usage_error (command, _("Unexpected argument “%s”"), argv[3]);
  label = argv[2];

  client = plug_cli_drives_connect (&services, &exit_code,
                                    _("udisks2 is not running, and volumes cannot be renamed without it. "
                                      "Install the “%s” package, or start its service."),
                                    plug_service_kind_get_package (PLUG_SERVICE_KIND_UDISKS));
  if (client == NULL)
    return exit_code;

  /* Every drive, so that one Plugboard leaves alone is refused with its
   * reason rather than reported missing. */
  drives = plug_drive_list_new (client, PLUG_DRIVE_LIST_FLAGS_INCLUDE_UNLISTED);
  if (!resolve_volume (drives, argv[1], &drive, &volume, &error))
    return plug_cli_fail ("%s", error->message);

  description = describe_volume (volume);
  old_label = g_strdup (plug_volume_get_label (volume));

  if (!plug_drive_get_can_modify (drive))
    {
      g_autofree char *reason = plug_drive_dup_restriction_reason (drive);

      return plug_cli_fail (_("Will not rename %s: %s."), description, reason);
    }

  /* Checked here too, so that a refused name is reported before anything
   * else is said or done. */
  normalized = plug_label_rules_normalize (plug_volume_get_filesystem (volume), label, &error);
  if (normalized == NULL)
    return plug_cli_fail (_("Cannot rename %s to “%s”: %s"), description, label, error->message);

  if (!json)
    {
      if (*normalized == '\0')
        g_print (_("Removing the name of %s…\n"), description);
      else
        /* Translators: a volume's description, then its new name */
        g_print (_("Renaming %s to “%s”…\n"), description, normalized);
    }

  operation = plug_rename_operation_new (client, drive, volume, label);
  if (!json)
    g_signal_connect (operation, "notify::step", G_CALLBACK (rename_step_cb), NULL);

  cancellable = g_cancellable_new ();
  interrupt_id = g_unix_signal_add (SIGINT, interrupted_cb, cancellable);
  plug_rename_operation_run_async (operation, cancellable, plug_cli_store_result_cb, &result);
  plug_cli_wait_for (&result);
  g_source_remove (interrupt_id);

  if (!plug_rename_operation_run_finish (operation, result, &error))
    return plug_cli_fail (_("Could not rename %s: %s"), plug_volume_get_device (volume), error->message);

  print_rename_result (operation, volume, old_label, json);

  return PLUG_CLI_EXIT_DONE;
}

/* --- drives take-ownership ---------------------------------------------- */

static void
print_take_ownership_result (PlugTakeOwnershipOperation *operation,
                             PlugVolume                 *volume,
                             gboolean                    json)
{
  g_autofree char *name = plug_volume_dup_display_name (volume);
  g_autofree char *printable_name = plug_cli_dup_printable (name);
  const char *mount_point = plug_take_ownership_operation_get_mount_point (operation);
  g_autofree char *printable_mount_point = plug_cli_dup_printable (mount_point);
  gboolean verified = plug_take_ownership_operation_get_verified (operation);
  const char *owner = NULL;
  gboolean writable = FALSE;
  gboolean access_known;

  /* Read from the top folder only when it was looked at: not the folder
   * udisks mounted an unmounted volume in for the time it worked. */
  access_known = verified && plug_volume_get_access (volume, &writable, &owner);

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) node = NULL;

      json_builder_begin_object (builder);
      plug_cli_json_add_string (builder, "device", plug_volume_get_device (volume));
      plug_cli_json_add_string (builder, "filesystem", plug_volume_get_filesystem (volume));
      plug_cli_json_add_string (builder, "label", plug_volume_get_label (volume));
      plug_cli_json_add_uint (builder, "size", plug_volume_get_size (volume));
      plug_cli_json_add_string (builder, "user", g_get_user_name ());
      plug_cli_json_add_string (builder, "mount_point", mount_point);
      json_builder_set_member_name (builder, "writable");
      if (access_known)
        json_builder_add_boolean_value (builder, writable);
      else
        json_builder_add_null_value (builder);
      plug_cli_json_add_string (builder, "owner", access_known ? owner : NULL);
      plug_cli_json_add_boolean (builder, "verified", verified);
      json_builder_end_object (builder);
      node = json_builder_get_root (builder);
      plug_cli_print_json (node);
      return;
    }

  /* Translators: %s is a volume's name, such as PHOTOS */
  g_print (_("%s now belongs to you.\n"), printable_name);
  if (mount_point != NULL && verified)
    /* Translators: %s is a folder, such as /media/alice/PHOTOS */
    g_print (_("You can add files to it at %s\n"), printable_mount_point);
  else if (mount_point == NULL)
    g_print (_("It was not mounted: udisks mounted it for the time it took, and unmounted it again.\n"));
}

static int
drives_take_ownership (int      argc,
                       char   **argv,
                       gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(PlugDriveList) drives = NULL;
  g_autoptr(PlugDrive) drive = NULL;
  g_autoptr(PlugVolume) volume = NULL;
  g_autoptr(PlugTakeOwnershipOperation) operation = NULL;
  g_autoptr(GCancellable) cancellable = NULL;
  g_autoptr(GAsyncResult) access_result = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *description = NULL;
  g_autofree char *filesystem_name = NULL;
  const char *owner = NULL;
  UDisksClient *client;
  guint interrupt_id;
  int exit_code;

  context = plug_cli_option_context_new ("drives take-ownership", _("DEVICE"),
                                         _("Make the files on a volume yours, without reformatting it: its top "
                                           "folder and everything in it will belong to you, and only you can "
                                           "open its top folder. DEVICE is its device (such as /dev/sdb1), its "
                                           "name or its UUID. ext2, ext3, ext4, XFS and Btrfs volumes only; "
                                           "udisks mounts one that is not mounted for the time it takes."),
                                         &json);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;

  if (argc < 2)
    return plug_cli_usage_error ("drives take-ownership", _("A device is needed"));
  if (argc > 2)
    return plug_cli_usage_error ("drives take-ownership", _("Unexpected argument “%s”"), argv[2]);

  client = plug_cli_drives_connect (&services, &exit_code,
                                    _("udisks2 is not running, and the files on a volume cannot be made "
                                      "yours without it. Install the “%s” package, or start its service."),
                                    plug_service_kind_get_package (PLUG_SERVICE_KIND_UDISKS));
  if (client == NULL)
    return exit_code;

  /* Every drive, so that one Plugboard leaves alone is refused with its
   * reason rather than reported missing. */
  drives = plug_drive_list_new (client, PLUG_DRIVE_LIST_FLAGS_INCLUDE_UNLISTED);
  if (!resolve_volume (drives, argv[1], &drive, &volume, &error))
    return plug_cli_fail ("%s", error->message);

  description = describe_volume (volume);

  if (!plug_drive_get_can_modify (drive))
    {
      g_autofree char *reason = plug_drive_dup_restriction_reason (drive);

      return plug_cli_fail (_("Will not change the owner of the files on %s: %s."), description, reason);
    }

  /* Checked here too, so that a volume udisks would refuse is refused
   * before anything is asked, and no password with it. */
  if (!plug_filesystem_type_can_take_ownership (plug_volume_get_filesystem (volume)))
    {
      filesystem_name = plug_volume_dup_filesystem_name (volume);
      return plug_cli_fail (_("Cannot make %s yours: files on %s have no owners. udisks does this for ext2, "
                              "ext3, ext4, XFS and Btrfs only."),
                            description, filesystem_name != NULL ? filesystem_name : _("this volume"));
    }

  /* Who owns it now, to say so. */
  plug_volume_refresh_usage_async (volume, NULL, plug_cli_store_result_cb, &access_result);
  plug_cli_wait_for (&access_result);
  if (!plug_volume_refresh_usage_finish (volume, access_result, &error))
    g_clear_error (&error);

  if (!json)
    {
      if (plug_volume_get_access (volume, NULL, &owner) && g_strcmp0 (owner, g_get_user_name ()) != 0)
        {
          g_autofree char *owner_text = plug_cli_dup_printable (owner);

          /* Translators: a volume's description, a user name, then another */
          g_print (_("Making %s yours: its top folder belongs to %s, and its files will belong to you (%s)…\n"),
                   description, owner_text, g_get_user_name ());
        }
      else
        {
          /* Translators: a volume's description, then a user name */
          g_print (_("Making %s yours: its files will belong to you (%s)…\n"), description, g_get_user_name ());
        }
    }

  operation = plug_take_ownership_operation_new (client, drive, volume);

  cancellable = g_cancellable_new ();
  interrupt_id = g_unix_signal_add (SIGINT, interrupted_cb, cancellable);
  plug_take_ownership_operation_run_async (operation, cancellable, plug_cli_store_result_cb, &result);
  plug_cli_wait_for (&result);
  g_source_remove (interrupt_id);

  if (!plug_take_ownership_operation_run_finish (operation, result, &error))
    return plug_cli_fail (_("Could not make %s yours: %s"), description, error->message);

  print_take_ownership_result (operation, volume, json);

  return PLUG_CLI_EXIT_DONE;
}

/* --- drives check and drives repair -------------------------------------- */

static void
check_step_cb (PlugCheckOperation *operation,
               GParamSpec         *pspec,
               gpointer            user_data)
{
  switch (plug_check_operation_get_step (operation))
    {
    case PLUG_CHECK_STEP_UNMOUNTING:
      g_print (_("Unmounting it first: udisks checks and repairs only a volume that is not mounted.\n"));
      break;

    case PLUG_CHECK_STEP_CONFIRMING:
      g_print (_("udisks reported the repair as failed: checking whether it was repaired all the same.\n"));
      break;

    case PLUG_CHECK_STEP_MOUNTING:
      g_print (_("Mounting it again.\n"));
      break;

    case PLUG_CHECK_STEP_NONE:
    case PLUG_CHECK_STEP_CHECKING:
    case PLUG_CHECK_STEP_DONE:
    default:
      break;
    }
}

/* What a check or a repair found. A check that found errors, and a
 * repair udisks says did not succeed, print their result too (--json),
 * and fail. */
static int
print_check_result (PlugCheckOperation *operation,
                    PlugVolume         *volume,
                    const char         *description,
                    gboolean            json)
{
  gboolean repair = plug_check_operation_get_repair (operation);
  gboolean done = repair ? plug_check_operation_get_repaired (operation)
                         : plug_check_operation_get_clean (operation);
  g_autofree char *problems = plug_check_operation_dup_problems (operation);
  const char *checker = plug_filesystem_type_get_checker (plug_volume_get_filesystem (volume));
  const char *mount_point = plug_check_operation_get_mount_point (operation);
  g_autofree char *printable_mount_point = plug_cli_dup_printable (mount_point);

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) node = NULL;

      json_builder_begin_object (builder);
      plug_cli_json_add_string (builder, "device", plug_volume_get_device (volume));
      plug_cli_json_add_string (builder, "label", plug_volume_get_label (volume));
      plug_cli_json_add_string (builder, "filesystem", plug_volume_get_filesystem (volume));
      plug_cli_json_add_uint (builder, "size", plug_volume_get_size (volume));
      if (repair)
        {
          plug_cli_json_add_boolean (builder, "repaired", done);
        }
      else
        {
          plug_cli_json_add_boolean (builder, "clean", done);
          plug_cli_json_add_string (builder, "problems", problems);
        }
      plug_cli_json_add_string (builder, "mount_point", mount_point);
      plug_cli_json_add_boolean (builder, "remounted", plug_check_operation_get_remounted (operation));
      json_builder_end_object (builder);
      node = json_builder_get_root (builder);
      plug_cli_print_json (node);
    }
  else if (done)
    {
      if (repair && plug_check_operation_get_repair_report (operation) != NULL)
        /* Translators: a program such as fsck.vfat, then a device */
        g_print (_("%s repaired the filesystem on %s: it reported what it mended as an error, and a "
                   "check afterwards finds no errors.\n"), checker, plug_volume_get_device (volume));
      else if (repair)
        /* Translators: a program such as e2fsck, then a device */
        g_print (_("%s repaired the filesystem on %s.\n"), checker, plug_volume_get_device (volume));
      else
        /* Translators: a program such as e2fsck */
        g_print (_("Clean: %s found no errors.\n"), checker);
      if (mount_point != NULL && plug_check_operation_get_remounted (operation))
        g_print (_("Mounted again at %s\n"), printable_mount_point);
    }

  if (done)
    return PLUG_CLI_EXIT_DONE;

  if (repair)
    /* Translators: a program such as e2fsck, then a volume's description */
    return plug_cli_fail (_("%s could not repair the filesystem on %s."), checker, description);

  /* Translators: a volume's description, what was found, then a device */
  return plug_cli_fail (_("Errors on %s: %s. “plugboardctl drives repair %s” repairs them."),
                        description, problems, plug_volume_get_device (volume));
}

/* Repairing changes the filesystem: the volume is named, and nothing
 * happens without a yes typed on a terminal or --yes, as a reformat. */
static gboolean
confirm_repair (PlugDrive   *drive,
                PlugVolume  *volume,
                const char  *description,
                gboolean     json,
                gboolean     yes,
                int         *exit_code)
{
  FILE *out = json ? stderr : stdout;
  g_autofree char *display_name = plug_drive_dup_display_name (drive);
  g_autofree char *name = plug_cli_dup_printable (display_name);
  g_autofree char *size_text = g_format_size (plug_drive_get_size (drive));
  g_autofree char *backing_file = plug_cli_dup_printable (plug_drive_get_backing_file (drive));

  *exit_code = PLUG_CLI_EXIT_DONE;

  fprintf (out, _("Drive: %s — %s, %s\n"), name, plug_drive_get_device (drive), size_text);
  if (backing_file != NULL)
    fprintf (out, _("File: %s\n"), backing_file);
  /* Translators: a volume's description, then a program such as e2fsck */
  fprintf (out, _("Repairing %s: %s will change whatever it finds damaged on it, and a damaged file "
                  "may be lost.\n"),
           description, plug_filesystem_type_get_checker (plug_volume_get_filesystem (volume)));

  if (yes)
    return TRUE;

  if (!isatty (STDIN_FILENO))
    {
      *exit_code = plug_cli_fail (_("Not repairing %s without a confirmation: run this on a terminal "
                                    "to be asked, or pass --yes"), plug_volume_get_device (volume));
      return FALSE;
    }

  /* Translators: %s is a device; the answers are y and n, as the
   * shell's own prompts expect */
  if (!plug_cli_ask_yes (_("Repair %s? [y/N] "), plug_volume_get_device (volume)))
    {
      *exit_code = plug_cli_fail (_("Nothing was changed."));
      return FALSE;
    }

  return TRUE;
}

static int
check_or_repair (int      argc,
                 char   **argv,
                 gboolean json,
                 gboolean repair)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(PlugDriveList) drives = NULL;
  g_autoptr(PlugDrive) drive = NULL;
  g_autoptr(PlugVolume) volume = NULL;
  g_autoptr(PlugCheckOperation) operation = NULL;
  g_autoptr(GCancellable) cancellable = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *description = NULL;
  g_autofree char *filesystem_name = NULL;
  const char *command = repair ? "drives repair" : "drives check";
  gboolean yes = FALSE;
  UDisksClient *client;
  guint interrupt_id;
  int exit_code;
  const GOptionEntry entries[] = {
    { "yes", 'y', 0, G_OPTION_ARG_NONE, &yes,
      N_("Do not ask for confirmation"), NULL },
    { NULL }
  };

  if (repair)
    {
      context = plug_cli_option_context_new (command, _("DEVICE"),
                                             _("Repair the errors in a volume’s filesystem, through udisks: DEVICE "
                                               "is its device (such as /dev/sdb1), its name or its UUID. A mounted "
                                               "volume is unmounted first and mounted again afterwards. Without "
                                               "--yes, it names the volume and asks on the terminal."),
                                             &json);
      g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
    }
  else
    {
      context = plug_cli_option_context_new (command, _("DEVICE"),
                                             _("Check a volume’s filesystem for errors, through udisks, without "
                                               "changing it: DEVICE is its device (such as /dev/sdb1), its name or "
                                               "its UUID. A mounted volume is unmounted first and mounted again "
                                               "afterwards. Exits with 1 when errors are found."),
                                             &json);
    }
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;

  if (argc < 2)
    return plug_cli_usage_error (command, _("A device is needed"));
  if (argc > 2)
    return plug_cli_usage_error (command, _("Unexpected argument “%s”"), argv[2]);

  client = plug_cli_drives_connect (&services, &exit_code,
                                    _("udisks2 is not running, and filesystems cannot be checked or repaired "
                                      "without it. Install the “%s” package, or start its service."),
                                    plug_service_kind_get_package (PLUG_SERVICE_KIND_UDISKS));
  if (client == NULL)
    return exit_code;

  /* Every drive, so that one Plugboard leaves alone is refused with its
   * reason rather than reported missing. */
  drives = plug_drive_list_new (client, PLUG_DRIVE_LIST_FLAGS_INCLUDE_UNLISTED);
  if (!resolve_volume (drives, argv[1], &drive, &volume, &error))
    return plug_cli_fail ("%s", error->message);

  description = describe_volume (volume);

  if (!plug_drive_get_can_modify (drive))
    {
      g_autofree char *reason = plug_drive_dup_restriction_reason (drive);

      return plug_cli_fail (repair ? _("Will not repair %s: %s.") : _("Will not check %s: %s."),
                            description, reason);
    }

  /* Checked here too, so that a volume udisks would refuse is refused
   * before anything is asked, and no password with it. */
  if (plug_filesystem_type_get_checker (plug_volume_get_filesystem (volume)) == NULL)
    {
      filesystem_name = plug_volume_dup_filesystem_name (volume);
      /* Translators: a volume's description, then a filesystem such as exFAT */
      return plug_cli_fail (repair
                            ? _("Cannot repair %s: udisks checks and repairs ext2, ext3, ext4, XFS, FAT and "
                                "NTFS only, not %s.")
                            : _("Cannot check %s: udisks checks and repairs ext2, ext3, ext4, XFS, FAT and "
                                "NTFS only, not %s."),
                            description, filesystem_name != NULL ? filesystem_name : _("this volume"));
    }

  /* Made now, so that it remembers the drive that is shown. */
  operation = plug_check_operation_new (client, drive, volume, repair);

  if (repair && !confirm_repair (drive, volume, description, json, yes, &exit_code))
    return exit_code;

  if (!json)
    /* Translators: a volume's description */
    g_print (repair ? _("Repairing %s…\n") : _("Checking %s…\n"), description);
  if (!json)
    g_signal_connect (operation, "notify::step", G_CALLBACK (check_step_cb), NULL);

  cancellable = g_cancellable_new ();
  interrupt_id = g_unix_signal_add (SIGINT, interrupted_cb, cancellable);
  plug_check_operation_run_async (operation, cancellable, plug_cli_store_result_cb, &result);
  plug_cli_wait_for (&result);
  g_source_remove (interrupt_id);

  if (!plug_check_operation_run_finish (operation, result, &error))
    return plug_cli_fail (repair ? _("Could not repair %s: %s") : _("Could not check %s: %s"),
                          description, error->message);

  return print_check_result (operation, volume, description, json);
}

static int
drives_check (int      argc,
              char   **argv,
              gboolean json)
{
  return check_or_repair (argc, argv, json, FALSE);
}

static int
drives_repair (int      argc,
               char   **argv,
               gboolean json)
{
  return check_or_repair (argc, argv, json, TRUE);
}
