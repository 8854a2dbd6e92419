/* plug-cli-drives-benchmark.c: plugboardctl drives benchmark
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboardctl"

#include "config.h"

#include <stdlib.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib-unix.h>

#include "plug-benchmark-operation.h"
#include "plug-cli.h"
#include "plug-cli-drives.h"

/*
 * The Drives panel's speed test on the command line: the read rate across
 * the drive, the access time and, with --write, the write rate of a
 * mounted volume. Rates are in MB/s (10⁶ bytes), as GNOME Disks and Files
 * count sizes.
 */

#define CHART_WIDTH 40
#define MEBIBYTE    (G_GUINT64_CONSTANT (1024) * 1024)

typedef struct
{
  gboolean terminal;
  int      last_percent;
} Progress;

/* DEVICE names a whole drive (/dev/sdb, /dev/loop3) or a volume (a device
 * such as /dev/sdb1, a name or a UUID). A whole drive is tested whole; a
 * drive whose filesystem fills it is the same device as its volume, and
 * is both. */
static gboolean
resolve_target (PlugDriveList  *drives,
                const char     *name,
                PlugDrive     **drive_out,
                PlugVolume    **volume_out,
                GError        **error)
{
  g_autofree char *device = NULL;

  if (g_str_has_prefix (name, "/dev/"))
    {
      char *resolved = realpath (name, NULL);

      device = g_strdup (resolved != NULL ? resolved : name);
      free (resolved);
    }

  for (guint i = 0; device != NULL && i < g_list_model_get_n_items (G_LIST_MODEL (drives)); i++)
    {
      g_autoptr(PlugDrive) drive = g_list_model_get_item (G_LIST_MODEL (drives), i);
      GListModel *volumes = plug_drive_get_volumes (drive);

      if (g_strcmp0 (plug_drive_get_device (drive), device) != 0)
        continue;

      *volume_out = NULL;
      for (guint j = 0; j < g_list_model_get_n_items (volumes); j++)
        {
          g_autoptr(PlugVolume) volume = g_list_model_get_item (volumes, j);

          if (g_strcmp0 (plug_volume_get_device (volume), device) == 0)
            *volume_out = g_steal_pointer (&volume);
        }
      *drive_out = g_steal_pointer (&drive);
      return TRUE;
    }

  return plug_cli_drives_resolve_volume (drives, name, drive_out, volume_out, error);
}

static const char *
step_description (PlugBenchmarkStep step)
{
  switch (step)
    {
    case PLUG_BENCHMARK_STEP_OPENING:
      return _("Opening the device");
    case PLUG_BENCHMARK_STEP_READING:
      return _("Reading");
    case PLUG_BENCHMARK_STEP_SEEKING:
      return _("Measuring the access time");
    case PLUG_BENCHMARK_STEP_WRITING:
      return _("Writing a temporary file");
    case PLUG_BENCHMARK_STEP_NONE:
    case PLUG_BENCHMARK_STEP_DONE:
    default:
      return NULL;
    }
}

static void
progress_cb (PlugBenchmarkOperation *operation,
             GParamSpec             *pspec,
             Progress               *progress)
{
  const char *description = step_description (plug_benchmark_operation_get_step (operation));
  int percent = (int) (plug_benchmark_operation_get_progress (operation) * 100);

  if (description == NULL || percent == progress->last_percent)
    return;
  progress->last_percent = percent;

  /* One line that updates itself on a terminal; nothing in a log. */
  if (progress->terminal)
    g_printerr ("\r\033[K%s… %d%%", description, percent);
}

static gboolean
interrupted_cb (gpointer user_data)
{
  g_cancellable_cancel (G_CANCELLABLE (user_data));

  return G_SOURCE_CONTINUE;
}

static double
megabytes_per_second (double rate)
{
  return rate / 1e6;
}

static void
print_chart (const PlugBenchmarkSample *samples,
             guint                      n_samples,
             guint64                    device_size)
{
  double maximum = 0.0;

  for (guint i = 0; i < n_samples; i++)
    maximum = MAX (maximum, samples[i].rate);

  g_print (_("\nRead rate across the drive:\n"));
  for (guint i = 0; i < n_samples; i++)
    {
      g_autoptr(GString) bar = g_string_new (NULL);
      int length = maximum > 0 ? (int) (samples[i].rate / maximum * CHART_WIDTH + 0.5) : 0;
      int percent = device_size > 0 ? (int) (samples[i].position * 100 / device_size) : 0;

      for (int j = 0; j < MAX (length, 1); j++)
        g_string_append (bar, "█");
      for (int j = MAX (length, 1); j < CHART_WIDTH; j++)
        g_string_append_c (bar, ' ');

      /* Translators: where on the drive (a percentage), a bar, and a rate */
      g_print (_("  %3d%%  %s  %8.1f MB/s\n"), percent, bar->str, megabytes_per_second (samples[i].rate));
    }
}

static void
print_json (PlugBenchmarkOperation *operation,
            PlugDrive              *drive)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) node = NULL;
  const PlugBenchmarkSample *samples;
  guint n_samples;
  double access_time = plug_benchmark_operation_get_access_time (operation);
  double write_rate = plug_benchmark_operation_get_write_rate (operation);
  gboolean wrote = write_rate >= 0;

  samples = plug_benchmark_operation_get_read_samples (operation, &n_samples);

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "device");
  json_builder_add_string_value (builder, plug_benchmark_operation_get_device (operation));
  json_builder_set_member_name (builder, "drive");
  json_builder_add_string_value (builder, plug_drive_get_device (drive));
  json_builder_set_member_name (builder, "size");
  json_builder_add_int_value (builder, (gint64) plug_benchmark_operation_get_device_size (operation));
  json_builder_set_member_name (builder, "block_size");
  json_builder_add_int_value (builder, plug_benchmark_operation_get_block_size (operation));

  /* Rates in bytes per second and times in seconds: units for scripts. */
  json_builder_set_member_name (builder, "read_rate");
  json_builder_add_double_value (builder, plug_benchmark_operation_get_read_rate (operation));
  json_builder_set_member_name (builder, "sample_size");
  json_builder_add_int_value (builder, (gint64) plug_benchmark_operation_get_sample_size (operation));
  json_builder_set_member_name (builder, "samples");
  json_builder_begin_array (builder);
  for (guint i = 0; i < n_samples; i++)
    {
      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "position");
      json_builder_add_int_value (builder, (gint64) samples[i].position);
      json_builder_set_member_name (builder, "rate");
      json_builder_add_double_value (builder, samples[i].rate);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "access_time");
  if (access_time >= 0)
    json_builder_add_double_value (builder, access_time);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "access_samples");
  json_builder_add_int_value (builder, plug_benchmark_operation_get_access_samples (operation));

  json_builder_set_member_name (builder, "write_rate");
  if (wrote)
    json_builder_add_double_value (builder, write_rate);
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "write_size");
  if (wrote)
    json_builder_add_int_value (builder, (gint64) plug_benchmark_operation_get_write_size (operation));
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "write_direct");
  if (wrote)
    json_builder_add_boolean_value (builder, plug_benchmark_operation_get_write_direct (operation));
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "mount_point");
  if (wrote)
    plug_cli_json_add_text (builder, plug_benchmark_operation_get_mount_point (operation));
  else
    json_builder_add_null_value (builder);
  json_builder_end_object (builder);

  node = json_builder_get_root (builder);
  plug_cli_print_json (node);
}

static void
print_text (PlugBenchmarkOperation *operation)
{
  const PlugBenchmarkSample *samples;
  g_autofree char *sample_size_text = g_format_size (plug_benchmark_operation_get_sample_size (operation));
  double access_time = plug_benchmark_operation_get_access_time (operation);
  double write_rate = plug_benchmark_operation_get_write_rate (operation);
  guint n_samples;

  samples = plug_benchmark_operation_get_read_samples (operation, &n_samples);

  g_print (_("Read rate:    %.1f MB/s (mean of %u samples of %s)\n"),
           megabytes_per_second (plug_benchmark_operation_get_read_rate (operation)),
           n_samples, sample_size_text);
  if (access_time >= 0)
    g_print (_("Access time:  %.2f ms (mean of %u random reads)\n"),
             access_time * 1000, plug_benchmark_operation_get_access_samples (operation));

  if (write_rate >= 0)
    {
      g_autofree char *write_size_text = g_format_size (plug_benchmark_operation_get_write_size (operation));

      g_print (_("Write rate:   %.1f MB/s (%s written to a temporary file in %s, then removed)\n"),
               megabytes_per_second (write_rate), write_size_text,
               plug_benchmark_operation_get_mount_point (operation));
      if (!plug_benchmark_operation_get_write_direct (operation))
        g_print (_("              The filesystem refused direct I/O, so the page cache took part until the data was flushed.\n"));
    }
  else
    {
      g_print (_("Write rate:   not tested (add --write, with the volume mounted)\n"));
    }

  print_chart (samples, n_samples, plug_benchmark_operation_get_device_size (operation));
}

int
plug_cli_drives_benchmark (int      argc,
                           char   **argv,
                           gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(PlugDriveList) drives = NULL;
  g_autoptr(PlugDrive) drive = NULL;
  g_autoptr(PlugVolume) volume = NULL;
  g_autoptr(PlugBenchmarkOperation) operation = NULL;
  g_autoptr(GCancellable) cancellable = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *drive_name = NULL;
  UDisksClient *client;
  gboolean write = FALSE;
  int n_samples = PLUG_BENCHMARK_DEFAULT_SAMPLES;
  int sample_size = (int) (PLUG_BENCHMARK_DEFAULT_SAMPLE_SIZE / MEBIBYTE);
  int n_access_samples = PLUG_BENCHMARK_DEFAULT_ACCESS_SAMPLES;
  int write_size = (int) (PLUG_BENCHMARK_DEFAULT_WRITE_SIZE / MEBIBYTE);
  Progress progress = { FALSE, -1 };
  guint interrupt_id;
  int inhibitor = -1;
  int exit_code;
  const GOptionEntry entries[] = {
    { "write", 'w', 0, G_OPTION_ARG_NONE, &write,
      N_("Also measure the write rate, with a temporary file on the mounted volume"), NULL },
    { "samples", 0, 0, G_OPTION_ARG_INT, &n_samples,
      N_("How many places across the drive to read (default 10)"), N_("N") },
    { "sample-size", 0, 0, G_OPTION_ARG_INT, &sample_size,
      N_("How much to read at each place, and to write at a time, in MiB (default 10)"), N_("MIB") },
    { "access-samples", 0, 0, G_OPTION_ARG_INT, &n_access_samples,
      N_("How many random 4 KiB reads measure the access time (default 100; 0 skips it)"), N_("N") },
    { "write-size", 0, 0, G_OPTION_ARG_INT, &write_size,
      N_("How much the write test writes, in MiB (default 100)"), N_("MIB") },
    { NULL }
  };

  context = plug_cli_option_context_new ("drives benchmark", _("DEVICE"),
                                         _("Measure how fast a drive reads, and with --write how fast a mounted "
                                           "volume writes. DEVICE is a drive (such as /dev/sdb), or a volume: "
                                           "its device (such as /dev/sdb1), name or UUID. Reading changes "
                                           "nothing; the write test writes a temporary file, which is always "
                                           "removed. udisks opens the device, and may ask for a password."),
                                         &json);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;

  if (argc < 2)
    return plug_cli_usage_error ("drives benchmark", _("A device is needed"));
  if (argc > 2)
    return plug_cli_usage_error ("drives benchmark", _("Unexpected argument “%s”"), argv[2]);
  if (n_samples < 1 || n_samples > 1000)
    return plug_cli_usage_error ("drives benchmark", _("--samples must be between 1 and 1000"));
  if (sample_size < 1 || sample_size > 1024)
    return plug_cli_usage_error ("drives benchmark", _("--sample-size must be between 1 and 1024 MiB"));
  if (n_access_samples < 0 || n_access_samples > 100000)
    return plug_cli_usage_error ("drives benchmark", _("--access-samples must be between 0 and 100000"));
  if (write_size < 1)
    return plug_cli_usage_error ("drives benchmark", _("--write-size must be at least 1 MiB"));

  client = plug_cli_drives_connect (&services, &exit_code,
                                    _("udisks2 is not running, and drives cannot be tested without it. "
                                      "Install the “%s” package, or start its service."),
                                    plug_service_kind_get_package (PLUG_SERVICE_KIND_UDISKS));
  if (client == NULL)
    return exit_code;

  /* Every drive, so that one Plugboard leaves alone is refused with its
   * reason rather than reported missing. */
  drives = plug_drive_list_new (client, PLUG_DRIVE_LIST_FLAGS_INCLUDE_UNLISTED);
  if (!resolve_target (drives, argv[1], &drive, &volume, &error))
    return plug_cli_fail ("%s", error->message);

  drive_name = plug_drive_dup_display_name (drive);
  if (!json)
    /* Translators: a device, then the drive's name */
    g_print (_("Testing %s (%s)…\n"),
             volume != NULL ? plug_volume_get_device (volume) : plug_drive_get_device (drive), drive_name);

  operation = plug_benchmark_operation_new (client, drive, volume, write);
  plug_benchmark_operation_set_samples (operation, (guint) n_samples, (guint64) sample_size * MEBIBYTE);
  plug_benchmark_operation_set_access_samples (operation, (guint) n_access_samples);
  plug_benchmark_operation_set_write_size (operation, (guint64) write_size * MEBIBYTE);

  progress.terminal = !json && isatty (STDERR_FILENO);
  g_signal_connect (operation, "notify::progress", G_CALLBACK (progress_cb), &progress);
  g_signal_connect (operation, "notify::step", G_CALLBACK (progress_cb), &progress);

  cancellable = g_cancellable_new ();
  interrupt_id = g_unix_signal_add (SIGINT, interrupted_cb, cancellable);
  if (write)
    {
      /* Translators: why the computer does not sleep meanwhile; a drive's name */
      g_autofree char *why = g_strdup_printf (_("Testing how fast %s writes"), drive_name);

      inhibitor = plug_cli_inhibit_sleep (services, why);
    }
  plug_benchmark_operation_run_async (operation, cancellable, plug_cli_store_result_cb, &result);
  plug_cli_wait_for (&result);
  plug_cli_release_sleep (inhibitor);
  g_source_remove (interrupt_id);

  if (progress.terminal && progress.last_percent >= 0)
    g_printerr ("\r\033[K");

  if (!plug_benchmark_operation_run_finish (operation, result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return plug_cli_fail (_("Cancelled: the speed test of %s stopped, and nothing was left behind"),
                              argv[1]);
      return plug_cli_fail (_("Could not test %s: %s"), argv[1], error->message);
    }

  if (json)
    print_json (operation, drive);
  else
    print_text (operation);

  return PLUG_CLI_EXIT_DONE;
}
