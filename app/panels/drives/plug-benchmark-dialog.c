/* plug-benchmark-dialog.c: The speed test
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-drives"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-benchmark-dialog.h"
#include "plug-session-inhibit.h"
#include "plug-benchmark-operation.h"
#include "plug-drive-error.h"
#include "plug-rate-chart.h"

/*
 * PlugBenchmarkOperation, shown: the read rate of a volume (udisks opens
 * it for us, and polkit decides), its access time, and with the switch on
 * the write rate of a temporary file on it when it is mounted. Nothing
 * starts until Start is pressed. Rates are in MB/s (10⁶ bytes), as
 * plugboardctl and GNOME Disks count them.
 *
 * While the write test runs, the application holds off suspend and
 * logout (gtk_application_inhibit()): a test file left half written
 * would stay on the drive. The reason is the one plugboardctl gives.
 */

#define READ_SAMPLES 20
#define MEBIBYTE     (G_GUINT64_CONSTANT (1024) * 1024)

struct _PlugBenchmarkDialog
{
  PlugDialog              parent_instance;

  /* Template widgets */
  AdwWindowTitle         *window_title;
  GtkWidget              *close_button;
  GtkWidget              *start_button;
  AdwActionRow           *write_row;
  GtkSwitch              *write_switch;
  GtkWidget              *progress_group;
  GtkProgressBar         *progress_bar;
  GtkLabel               *progress_label;
  GtkWidget              *error_group;
  GtkLabel               *error_label;
  GtkWidget              *details_expander;
  GtkLabel               *details_label;
  GtkWidget              *results_group;
  AdwActionRow           *read_row;
  AdwActionRow           *write_result_row;
  AdwActionRow           *access_row;
  PlugRateChart          *rate_chart;

  /* Owned */
  UDisksClient           *client;
  PlugDrive              *drive;
  PlugVolume             *volume;
  PlugBenchmarkOperation *operation;
  GCancellable           *cancellable;
  GCancellable           *lookup_cancellable;
  guint64                 write_size;
  PlugSessionInhibit   inhibit;
  gboolean                running;
};

G_DEFINE_FINAL_TYPE (PlugBenchmarkDialog, plug_benchmark_dialog, PLUG_TYPE_DIALOG)

static void
update_buttons (PlugBenchmarkDialog *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "benchmark.start", !self->running);
  gtk_button_set_label (GTK_BUTTON (self->close_button), self->running ? _("_Cancel") : _("_Close"));
  gtk_widget_set_sensitive (GTK_WIDGET (self->write_row),
                            !self->running && self->write_size > 0);
}

static char *
format_rate (double bytes_per_second)
{
  /* Translators: a rate in megabytes (10⁶ bytes) per second */
  return g_strdup_printf (_("%.1f MB/s"), bytes_per_second / 1e6);
}

static void
progress_cb (PlugBenchmarkDialog *self)
{
  gtk_progress_bar_set_fraction (self->progress_bar,
                                 MAX (plug_benchmark_operation_get_progress (self->operation), 0.0));
}

static void
step_cb (PlugBenchmarkDialog *self)
{
  g_autofree char *text = NULL;

  switch (plug_benchmark_operation_get_step (self->operation))
    {
    case PLUG_BENCHMARK_STEP_OPENING:
      /* Translators: %s is a device, such as /dev/sdb1 */
      text = g_strdup_printf (_("Asking the system for permission to read %s…"), plug_volume_get_device (self->volume));
      break;

    case PLUG_BENCHMARK_STEP_READING:
      text = g_strdup (_("Reading from places across the drive…"));
      break;

    case PLUG_BENCHMARK_STEP_SEEKING:
      text = g_strdup (_("Reading at random places, for the access time…"));
      break;

    case PLUG_BENCHMARK_STEP_WRITING:
      /* Translators: %s is a folder */
      text = g_strdup_printf (_("Writing a temporary file in %s…"), plug_benchmark_operation_get_mount_point (self->operation));
      break;

    case PLUG_BENCHMARK_STEP_NONE:
    case PLUG_BENCHMARK_STEP_DONE:
    default:
      return;
    }

  gtk_label_set_label (self->progress_label, text);
}

static void
show_results (PlugBenchmarkDialog *self)
{
  PlugBenchmarkOperation *operation = self->operation;
  g_autofree char *read_text = format_rate (plug_benchmark_operation_get_read_rate (operation));
  g_autofree char *sample_size = g_format_size_full (plug_benchmark_operation_get_sample_size (operation), G_FORMAT_SIZE_IEC_UNITS);
  g_autofree char *read_subtitle = NULL;
  const PlugBenchmarkSample *samples;
  double access_time = plug_benchmark_operation_get_access_time (operation);
  double write_rate = plug_benchmark_operation_get_write_rate (operation);
  guint n_samples;

  samples = plug_benchmark_operation_get_read_samples (operation, &n_samples);

  /* Translators: a rate, then how it was measured, such as
   * “95.3 MB/s, the mean of 20 reads of 10.0 MiB” */
  read_subtitle = g_strdup_printf (ngettext ("%s, the mean of %u read of %s",
                                             "%s, the mean of %u reads of %s", n_samples),
                                   read_text, n_samples, sample_size);
  adw_action_row_set_subtitle (self->read_row, read_subtitle);

  if (access_time >= 0)
    {
      g_autofree char *access_text =
        /* Translators: a time in milliseconds; a drive whose reads come
         * from a cache answers in microseconds */
        g_strdup_printf (access_time >= 0.0001 ? _("%.2f ms") : _("%.3f ms"), access_time * 1000);

      adw_action_row_set_subtitle (self->access_row, access_text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->access_row), access_time >= 0);

  if (write_rate >= 0)
    {
      g_autofree char *write_text = format_rate (write_rate);
      g_autofree char *write_size = g_format_size_full (plug_benchmark_operation_get_write_size (operation), G_FORMAT_SIZE_IEC_UNITS);
      g_autofree char *write_subtitle = NULL;

      if (plug_benchmark_operation_get_write_direct (operation))
        /* Translators: a rate, then the size of the test file */
        write_subtitle = g_strdup_printf (_("%s, writing a %s file"), write_text, write_size);
      else
        /* Translators: a rate, then the size of the test file */
        write_subtitle = g_strdup_printf (_("%s, writing a %s file through the system’s cache: this filesystem refused direct writes"),
                                          write_text, write_size);
      adw_action_row_set_subtitle (self->write_result_row, write_subtitle);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->write_result_row), write_rate >= 0);

  plug_rate_chart_set_samples (self->rate_chart, samples, n_samples,
                               plug_benchmark_operation_get_device_size (operation));
  gtk_widget_set_visible (self->results_group, TRUE);
}

static void
keep_awake (PlugBenchmarkDialog *self)
{
  g_autofree char *drive_name = NULL;
  g_autofree char *why = NULL;

  drive_name = plug_drive_dup_display_name (self->drive);
  /* Translators: why the computer does not sleep meanwhile; a drive's name */
  why = g_strdup_printf (_("Testing how fast %s writes"), drive_name);
  plug_session_inhibit_hold (&self->inhibit, plug_dialog_get_window (PLUG_DIALOG (self)), why);
}

static void
let_sleep (PlugBenchmarkDialog *self)
{
  plug_session_inhibit_release (&self->inhibit);
}

static void
benchmark_done_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(PlugBenchmarkDialog) self = user_data;
  g_autoptr(GError) error = NULL;

  self->running = FALSE;
  let_sleep (self);

  if (gtk_widget_in_destruction (GTK_WIDGET (self)))
    {
      plug_benchmark_operation_run_finish (PLUG_BENCHMARK_OPERATION (object), result, NULL);
      return;
    }

  gtk_widget_set_visible (self->progress_group, FALSE);
  update_buttons (self);
  gtk_button_set_label (GTK_BUTTON (self->start_button), _("_Run Again"));

  if (!plug_benchmark_operation_run_finish (PLUG_BENCHMARK_OPERATION (object), result, &error))
    {
      g_autofree char *summary = NULL;
      g_autofree char *details = NULL;
      gboolean cancelled = g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

      /* Cancel is what the user asked for: said as such, not as an error. */
      if (cancelled)
        summary = g_strdup (_("Cancelled: the speed test stopped, and nothing was left behind"));
      else
        summary = plug_drive_error_dup_summary (error, _("udisks could not open it for the speed test."));
      details = plug_drive_error_dup_details (error);

      gtk_label_set_label (self->error_label, summary);
      gtk_label_set_label (self->details_label, details);
      if (cancelled)
        gtk_widget_remove_css_class (GTK_WIDGET (self->error_label), "error");
      else
        gtk_widget_add_css_class (GTK_WIDGET (self->error_label), "error");
      gtk_widget_set_visible (self->details_expander, !cancelled);
      gtk_widget_set_visible (self->error_group, TRUE);
      gtk_widget_grab_focus (self->start_button);
      return;
    }

  show_results (self);
  gtk_widget_grab_focus (self->close_button);
}

static void
start_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  PlugBenchmarkDialog *self = PLUG_BENCHMARK_DIALOG (widget);
  gboolean write = gtk_switch_get_active (self->write_switch) && self->write_size > 0;

  if (self->running)
    return;

  self->running = TRUE;
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();

  g_clear_object (&self->operation);
  self->operation = plug_benchmark_operation_new (self->client, self->drive, self->volume, write);
  plug_benchmark_operation_set_samples (self->operation, READ_SAMPLES, PLUG_BENCHMARK_DEFAULT_SAMPLE_SIZE);
  if (write)
    plug_benchmark_operation_set_write_size (self->operation, self->write_size);
  g_signal_connect_object (self->operation, "notify::step", G_CALLBACK (step_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->operation, "notify::progress", G_CALLBACK (progress_cb), self, G_CONNECT_SWAPPED);

  gtk_widget_set_visible (self->error_group, FALSE);
  gtk_widget_set_visible (self->results_group, FALSE);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_label_set_label (self->progress_label, _("Starting…"));
  gtk_widget_set_visible (self->progress_group, TRUE);
  update_buttons (self);
  gtk_widget_grab_focus (self->close_button);

  if (write)
    keep_awake (self);
  plug_benchmark_operation_run_async (self->operation, self->cancellable, benchmark_done_cb, g_object_ref (self));
}

static void
close_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  PlugBenchmarkDialog *self = PLUG_BENCHMARK_DIALOG (widget);

  if (self->running)
    {
      g_cancellable_cancel (self->cancellable);
      gtk_label_set_label (self->progress_label, _("Cancelling…"));
      return;
    }

  plug_dialog_close (PLUG_DIALOG (self));
}

/* Closing the window stops the test; the file it wrote is removed by the
 * operation whatever happens. */
static gboolean
plug_benchmark_dialog_close_request (PlugDialog *dialog)
{
  PlugBenchmarkDialog *self = PLUG_BENCHMARK_DIALOG (dialog);

  if (self->running)
    g_cancellable_cancel (self->cancellable);

  return FALSE;
}

static void
plug_benchmark_dialog_dispose (GObject *object)
{
  PlugBenchmarkDialog *self = PLUG_BENCHMARK_DIALOG (object);

  g_cancellable_cancel (self->cancellable);
  g_cancellable_cancel (self->lookup_cancellable);
  let_sleep (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), PLUG_TYPE_BENCHMARK_DIALOG);

  G_OBJECT_CLASS (plug_benchmark_dialog_parent_class)->dispose (object);
}

static void
plug_benchmark_dialog_finalize (GObject *object)
{
  PlugBenchmarkDialog *self = PLUG_BENCHMARK_DIALOG (object);

  g_clear_object (&self->cancellable);
  g_clear_object (&self->lookup_cancellable);
  g_clear_object (&self->operation);
  g_clear_object (&self->client);
  g_clear_object (&self->drive);
  g_clear_object (&self->volume);

  G_OBJECT_CLASS (plug_benchmark_dialog_parent_class)->finalize (object);
}

static void
plug_benchmark_dialog_class_init (PlugBenchmarkDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PlugDialogClass *dialog_class = PLUG_DIALOG_CLASS (klass);

  object_class->dispose = plug_benchmark_dialog_dispose;
  object_class->finalize = plug_benchmark_dialog_finalize;

  dialog_class->close_request = plug_benchmark_dialog_close_request;

  gtk_widget_class_install_action (widget_class, "benchmark.start", NULL, start_activated);
  gtk_widget_class_install_action (widget_class, "benchmark.close", NULL, close_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "benchmark.close", NULL);

  g_type_ensure (PLUG_TYPE_RATE_CHART);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/plugboard/Plugboard/panels/drives/plug-benchmark-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, PlugBenchmarkDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, PlugBenchmarkDialog, close_button);
  gtk_widget_class_bind_template_child (widget_class, PlugBenchmarkDialog, start_button);
  gtk_widget_class_bind_template_child (widget_class, PlugBenchmarkDialog, write_row);
  gtk_widget_class_bind_template_child (widget_class, PlugBenchmarkDialog, write_switch);
  gtk_widget_class_bind_template_child (widget_class, PlugBenchmarkDialog, progress_group);
  gtk_widget_class_bind_template_child (widget_class, PlugBenchmarkDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, PlugBenchmarkDialog, progress_label);
  gtk_widget_class_bind_template_child (widget_class, PlugBenchmarkDialog, error_group);
  gtk_widget_class_bind_template_child (widget_class, PlugBenchmarkDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, PlugBenchmarkDialog, details_expander);
  gtk_widget_class_bind_template_child (widget_class, PlugBenchmarkDialog, details_label);
  gtk_widget_class_bind_template_child (widget_class, PlugBenchmarkDialog, results_group);
  gtk_widget_class_bind_template_child (widget_class, PlugBenchmarkDialog, read_row);
  gtk_widget_class_bind_template_child (widget_class, PlugBenchmarkDialog, write_result_row);
  gtk_widget_class_bind_template_child (widget_class, PlugBenchmarkDialog, access_row);
  gtk_widget_class_bind_template_child (widget_class, PlugBenchmarkDialog, rate_chart);
}

static void
plug_benchmark_dialog_init (PlugBenchmarkDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->lookup_cancellable = g_cancellable_new ();
  plug_dialog_set_default_widget (PLUG_DIALOG (self), self->start_button);
}

/* A volume whose folder the user may not write in (an ext4 volume made
 * by root) cannot take the test file: said before, not after. */
static void
mount_point_info_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  PlugBenchmarkDialog *self;
  g_autofree char *subtitle = NULL;
  g_autofree char *path = NULL;

  info = g_file_query_info_finish (G_FILE (object), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  /* Not knowing is no reason to refuse: the operation says what fails. */
  if (info == NULL || g_file_info_get_attribute_boolean (info, G_FILE_ATTRIBUTE_ACCESS_CAN_WRITE))
    return;

  self = PLUG_BENCHMARK_DIALOG (user_data);
  self->write_size = 0;
  gtk_switch_set_active (self->write_switch, FALSE);
  path = g_file_get_path (G_FILE (object));
  /* Translators: %s is a folder */
  subtitle = g_strdup_printf (_("You may not write in %s, so the test file cannot go there"), path);
  adw_action_row_set_subtitle (self->write_row, subtitle);
  update_buttons (self);
}

/* The write test's file: the operation's default size, less on a volume
 * with little free space, so that the test never fills it. */
static void
setup_write_test (PlugBenchmarkDialog *self)
{
  const char *mount_point = plug_volume_get_mount_point (self->volume);
  g_autofree char *subtitle = NULL;
  guint64 used;
  guint64 free_space;

  self->write_size = 0;
  if (mount_point == NULL)
    {
      adw_action_row_set_subtitle (self->write_row, _("Only on a mounted volume: mount it first"));
      return;
    }

  self->write_size = PLUG_BENCHMARK_DEFAULT_WRITE_SIZE;
  if (plug_volume_get_usage (self->volume, &used, &free_space))
    self->write_size = MIN (self->write_size, (free_space / 4) / MEBIBYTE * MEBIBYTE);

  if (self->write_size == 0)
    {
      adw_action_row_set_subtitle (self->write_row, _("Not enough free space on it for a test file"));
      return;
    }

  {
    g_autofree char *size_text = g_format_size_full (self->write_size, G_FORMAT_SIZE_IEC_UNITS);

    /* Translators: a size, then a folder */
    subtitle = g_strdup_printf (_("Writes a temporary %s file in %s, removed afterwards"), size_text, mount_point);
    adw_action_row_set_subtitle (self->write_row, subtitle);
  }

  {
    g_autoptr(GFile) folder = g_file_new_for_path (mount_point);

    g_file_query_info_async (folder, G_FILE_ATTRIBUTE_ACCESS_CAN_WRITE, G_FILE_QUERY_INFO_NONE,
                             G_PRIORITY_DEFAULT, self->lookup_cancellable,
                             mount_point_info_cb, self);
  }
}

/**
 * plug_benchmark_dialog_new:
 * @client: the udisks client the drive list reads
 * @drive: the drive that holds @volume
 * @volume: the volume to test
 *
 * Returns: (transfer full): the dialog, for the caller to present
 */
GtkWidget *
plug_benchmark_dialog_new (UDisksClient *client,
                           PlugDrive    *drive,
                           PlugVolume   *volume)
{
  PlugBenchmarkDialog *self;
  g_autofree char *volume_name = NULL;
  g_autofree char *title = NULL;

  g_return_val_if_fail (UDISKS_IS_CLIENT (client), NULL);
  g_return_val_if_fail (PLUG_IS_DRIVE (drive), NULL);
  g_return_val_if_fail (PLUG_IS_VOLUME (volume), NULL);

  self = g_object_new (PLUG_TYPE_BENCHMARK_DIALOG, NULL);
  self->client = g_object_ref (client);
  self->drive = g_object_ref (drive);
  self->volume = g_object_ref (volume);

  volume_name = plug_volume_dup_display_name (volume);
  /* Translators: the window's title; %s is a volume's name */
  title = g_strdup_printf (_("Speed Test of %s"), volume_name);
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, plug_volume_get_device (volume));
  plug_dialog_set_title (PLUG_DIALOG (self), title);

  setup_write_test (self);
  update_buttons (self);

  return GTK_WIDGET (self);
}
