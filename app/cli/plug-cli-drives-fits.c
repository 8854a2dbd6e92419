/* plug-cli-drives-fits.c: plugboardctl drives fits
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboardctl"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-cli.h"
#include "plug-cli-drives.h"
#include "plug-filesystem-type.h"
#include "plug-fit-check.h"

/*
 * "Will it fit?" on the command line: whether files and folders can be
 * copied onto a volume as they are (the largest file its filesystem
 * holds, the names it stores, symbolic links), and whether there is room.
 * Exit 0 when everything fits, 1 when something does not (or the free
 * space is not known: the volume is not mounted), with the reasons.
 */

static const char *
filesystem_display_name (const char *filesystem)
{
  const PlugFilesystemType *type = plug_filesystem_type_lookup (filesystem);

  return type != NULL ? type->display_name : filesystem;
}

static void
add_problems (JsonBuilder *builder,
              const char  *name,
              GPtrArray   *problems,
              gboolean     with_size)
{
  json_builder_set_member_name (builder, name);
  json_builder_begin_array (builder);
  for (guint i = 0; i < problems->len; i++)
    {
      PlugFitProblem *problem = g_ptr_array_index (problems, i);

      json_builder_begin_object (builder);
      plug_cli_json_add_string (builder, "path", problem->path);
      if (with_size)
        plug_cli_json_add_uint (builder, "size", problem->size);
      plug_cli_json_add_string (builder, "reason", problem->reason);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
}

static void
print_json (PlugVolume          *volume,
            const PlugFitReport *report)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) node = NULL;
  guint64 free_bytes = 0;
  gboolean free_known = plug_fit_report_get_free_bytes (report, &free_bytes);

  json_builder_begin_object (builder);
  plug_cli_json_add_string (builder, "device", plug_volume_get_device (volume));
  plug_cli_json_add_string (builder, "label", plug_volume_get_label (volume));
  plug_cli_json_add_string (builder, "filesystem", plug_fit_report_get_filesystem (report));
  plug_cli_json_add_string (builder, "mount_point", plug_volume_get_mount_point (volume));
  plug_cli_json_add_boolean (builder, "fits", plug_fit_report_get_fits (report));
  plug_cli_json_add_uint (builder, "files", plug_fit_report_get_n_files (report));
  plug_cli_json_add_uint (builder, "folders", plug_fit_report_get_n_folders (report));
  plug_cli_json_add_uint (builder, "total_bytes", plug_fit_report_get_total_bytes (report));
  plug_cli_json_add_uint (builder, "needed_bytes", plug_fit_report_get_needed_bytes (report));
  json_builder_set_member_name (builder, "free_bytes");
  if (free_known)
    json_builder_add_int_value (builder, (gint64) free_bytes);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "fits_in_free_space");
  if (free_known)
    json_builder_add_boolean_value (builder, plug_fit_report_get_needed_bytes (report) <= free_bytes);
  else
    json_builder_add_null_value (builder);
  add_problems (builder, "too_large", plug_fit_report_get_too_large (report), TRUE);
  add_problems (builder, "bad_names", plug_fit_report_get_bad_names (report), FALSE);
  add_problems (builder, "not_carried", plug_fit_report_get_not_carried (report), FALSE);
  plug_cli_json_add_string (builder, "suggested_filesystem", plug_fit_report_get_suggested_filesystem (report));
  json_builder_end_object (builder);

  node = json_builder_get_root (builder);
  plug_cli_print_json (node);
}

static void
print_problems (const char *heading,
                GPtrArray  *problems,
                gboolean    with_size)
{
  if (problems->len == 0)
    return;

  g_print ("%s\n", heading);
  for (guint i = 0; i < problems->len; i++)
    {
      PlugFitProblem *problem = g_ptr_array_index (problems, i);
      g_autofree char *path = plug_cli_dup_printable (problem->path);

      if (with_size)
        {
          g_autofree char *size_text = g_format_size (problem->size);

          /* Translators: a file, its size, then why it cannot be copied */
          g_print (_("  %s (%s): %s\n"), path, size_text, problem->reason);
        }
      else
        {
          /* Translators: a file, then why it cannot be copied */
          g_print (_("  %s: %s\n"), path, problem->reason);
        }
    }
}

static void
print_text (PlugVolume          *volume,
            const PlugFitReport *report)
{
  const char *filesystem_name = filesystem_display_name (plug_fit_report_get_filesystem (report));
  const char *suggested = plug_fit_report_get_suggested_filesystem (report);
  g_autofree char *total_text = g_format_size (plug_fit_report_get_total_bytes (report));
  g_autofree char *needed_text = g_format_size (plug_fit_report_get_needed_bytes (report));
  g_autofree char *heading = NULL;
  guint64 free_bytes = 0;
  gboolean free_known = plug_fit_report_get_free_bytes (report, &free_bytes);

  guint n_files = plug_fit_report_get_n_files (report);
  guint n_folders = plug_fit_report_get_n_folders (report);
  g_autofree char *files_text = g_strdup_printf (ngettext ("%u file", "%u files", n_files), n_files);
  g_autofree char *folders_text = g_strdup_printf (ngettext ("%u folder", "%u folders", n_folders), n_folders);

  /* Translators: “3 files”, “2 folders”, two sizes and a device, such as
   * “12 files in 3 folders, 1.2 GB in all, taking 1.3 GB on /dev/sdb1.” */
  g_print (_("%s in %s, %s in all, taking %s on %s.\n"),
           files_text, folders_text, total_text, needed_text, plug_volume_get_device (volume));

  if (!free_known)
    g_print (_("Its free space is not known, because it is not mounted: mount it, and ask again.\n"));
  else
    {
      g_autofree char *free_text = g_format_size (free_bytes);

      if (plug_fit_report_get_needed_bytes (report) <= free_bytes)
        /* Translators: a size */
        g_print (_("There is room: %s is free.\n"), free_text);
      else
        /* Translators: a size */
        g_print (_("There is not enough room: %s is free.\n"), free_text);
    }

  /* Translators: %s is a filesystem, such as FAT32 */
  heading = g_strdup_printf (_("Too large for %s:"), filesystem_name);
  print_problems (heading, plug_fit_report_get_too_large (report), TRUE);
  g_free (heading);
  /* Translators: %s is a filesystem, such as FAT32 */
  heading = g_strdup_printf (_("Names %s cannot store:"), filesystem_name);
  print_problems (heading, plug_fit_report_get_bad_names (report), FALSE);
  print_problems (_("Not copied at all:"), plug_fit_report_get_not_carried (report), FALSE);

  if (plug_fit_report_get_fits (report))
    {
      g_print (_("It fits.\n"));
      return;
    }

  g_print (_("It does not fit as it is.\n"));
  if (suggested != NULL)
    {
      g_autofree char *command = g_strdup_printf ("plugboardctl drives format %s --type %s --keep-files",
                                                  plug_volume_get_device (volume), suggested);

      /* Translators: a filesystem, then a command, such as
       * “plugboardctl drives format /dev/sdb1 --type exfat --keep-files” */
      g_print (_("Reformatted as %s, keeping the files already on it, it would: %s\n"),
               filesystem_display_name (suggested), command);
    }
}

int
plug_cli_drives_fits (int      argc,
                      char   **argv,
                      gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(PlugDriveList) drives = NULL;
  g_autoptr(PlugDrive) drive = NULL;
  g_autoptr(PlugVolume) volume = NULL;
  g_autoptr(PlugFitReport) report = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  UDisksClient *client;
  int exit_code;

  context = plug_cli_option_context_new ("drives fits", _("DEVICE PATH…"),
                                         _("Say whether files and folders would fit on a volume: which files "
                                           "are larger than its filesystem’s largest file, which names it "
                                           "cannot store, and whether there is room, counted as the "
                                           "filesystem allocates. DEVICE is the volume’s device (such as "
                                           "/dev/sdb1), name or UUID; it must be mounted for its free space "
                                           "to be known. Exits 0 when everything fits, 1 when not, saying why."),
                                         &json);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;

  if (argc < 2)
    return plug_cli_usage_error ("drives fits", _("A device is needed"));
  if (argc < 3)
    return plug_cli_usage_error ("drives fits", _("At least one file or folder is needed"));

  for (int i = 2; i < argc; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (argv[i]);
      char *path = g_file_get_path (file);

      if (path == NULL)
        return plug_cli_usage_error ("drives fits", _("“%s” is not a local file"), argv[i]);
      g_ptr_array_add (paths, path);
    }
  g_ptr_array_add (paths, NULL);

  client = plug_cli_drives_connect (&services, &exit_code,
                                    _("udisks2 is not running, and drives cannot be read without it. "
                                      "Install the “%s” package, or start its service."),
                                    plug_service_kind_get_package (PLUG_SERVICE_KIND_UDISKS));
  if (client == NULL)
    return exit_code;

  drives = plug_drive_list_new (client, PLUG_DRIVE_LIST_FLAGS_NONE);
  if (!plug_cli_drives_resolve_volume (drives, argv[1], &drive, &volume, &error))
    return plug_cli_fail ("%s", error->message);

  if (plug_volume_get_filesystem (volume) == NULL)
    return plug_cli_fail (_("%s holds no filesystem that Plugboard knows, so nothing can be copied onto it"),
                          plug_volume_get_device (volume));

  plug_fit_check_async (plug_volume_get_filesystem (volume),
                        plug_volume_get_mount_point (volume),
                        plug_volume_get_size (volume),
                        (const char * const *) paths->pdata,
                        NULL, plug_cli_store_result_cb, &result);
  plug_cli_wait_for (&result);
  report = plug_fit_check_finish (result, &error);
  if (report == NULL)
    return plug_cli_fail ("%s", error->message);

  if (json)
    print_json (volume, report);
  else
    print_text (volume, report);

  return plug_fit_report_get_fits (report) ? PLUG_CLI_EXIT_DONE : PLUG_CLI_EXIT_FAILED;
}
