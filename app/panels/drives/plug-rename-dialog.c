/* plug-rename-dialog.c: Renaming a volume
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-drives"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-drive-error.h"
#include "plug-drive-watch.h"
#include "plug-label-editor.h"
#include "plug-label-rules.h"
#include "plug-rename-operation.h"
#include "plug-rename-dialog.h"

/*
 * A name, checked as it is typed with the same rules and folder preview
 * as the reformat wizard, and PlugRenameOperation to apply it. Only
 * ext2/3/4 can be renamed while mounted; any other mounted filesystem is
 * unmounted first and mounted again afterwards, which the dialog says
 * before, and while, it happens.
 *
 * Until the rename starts, the dialog watches the volume
 * (PlugDriveWatch): when its drive is removed, or its medium changed,
 * the dialog closes and the panel says why; once it runs, the operation
 * finds out itself, and its error is shown.
 */

struct _PlugRenameDialog
{
  PlugDialog            parent_instance;

  /* Template widgets */
  AdwWindowTitle       *window_title;
  GtkWidget            *cancel_button;
  GtkWidget            *rename_button;
  GtkStack             *stack;
  PlugLabelEditor      *label_editor;
  GtkLabel             *remount_label;
  GtkSpinner           *spinner;
  GtkLabel             *progress_label;
  AdwStatusPage        *failed_page;
  GtkLabel             *details_label;

  /* Owned */
  UDisksClient         *client;
  PlugDrive            *drive;
  PlugVolume           *volume;
  PlugRenameOperation *operation;
  GCancellable         *cancellable;
  PlugDriveWatch       *watch;
  char                 *target_name;
  gboolean              running;
  /* The last try failed only because the volume was in use. */
  gboolean              can_try_again;
};

G_DEFINE_FINAL_TYPE (PlugRenameDialog, plug_rename_dialog, PLUG_TYPE_DIALOG)

enum {
  SIGNAL_DONE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
update_buttons (PlugRenameDialog *self)
{
  const char *page = gtk_stack_get_visible_child_name (self->stack);
  gboolean editing = g_strcmp0 (page, "edit") == 0;
  gboolean trying_again = g_strcmp0 (page, "failed") == 0 && self->can_try_again;

  /* Once what used the volume is closed, the same name again. */
  gtk_widget_set_visible (self->rename_button, editing || trying_again);
  gtk_button_set_label (GTK_BUTTON (self->rename_button), trying_again ? _("_Try Again") : _("_Rename"));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rename.rename",
                                 (editing || trying_again) && plug_label_editor_get_valid (self->label_editor));
  gtk_button_set_label (GTK_BUTTON (self->cancel_button),
                        g_strcmp0 (page, "failed") == 0 ? _("_Close") : _("_Cancel"));
}

static void
label_valid_cb (PlugRenameDialog *self)
{
  update_buttons (self);
}

static void
step_cb (PlugRenameDialog *self)
{
  const char *device = plug_volume_get_device (self->volume);
  g_autofree char *text = NULL;

  switch (plug_rename_operation_get_step (self->operation))
    {
    case PLUG_RENAME_STEP_UNMOUNTING:
      /* Translators: %s is a device, such as /dev/sdb1 */
      text = g_strdup_printf (_("Unmounting %s: this filesystem cannot be renamed while it is mounted…"), device);
      break;

    case PLUG_RENAME_STEP_RENAMING:
      text = g_strdup (_("Writing the new name…"));
      break;

    case PLUG_RENAME_STEP_CONFIRMING:
      text = g_strdup (_("Checking the new name…"));
      break;

    case PLUG_RENAME_STEP_MOUNTING:
      /* Translators: %s is a device */
      text = g_strdup_printf (_("Mounting %s again…"), device);
      break;

    case PLUG_RENAME_STEP_NONE:
    case PLUG_RENAME_STEP_DONE:
    default:
      return;
    }

  gtk_label_set_label (self->progress_label, text);
}

static void
rename_done_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(PlugRenameDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  const char *label;
  const char *mount_point;

  self->running = FALSE;
  gtk_spinner_stop (self->spinner);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "rename.cancel", TRUE);

  if (!plug_rename_operation_run_finish (PLUG_RENAME_OPERATION (object), result, &error))
    {
      g_autofree char *summary = NULL;
      g_autofree char *details = NULL;

      if (gtk_widget_in_destruction (GTK_WIDGET (self)))
        return;

      self->can_try_again = g_error_matches (error, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_BUSY);
      summary = plug_drive_error_dup_summary (error, _("udisks could not rename it."));
      details = plug_drive_error_dup_details (error);
      adw_status_page_set_icon_name (self->failed_page, "dialog-warning-symbolic");
      adw_status_page_set_description (self->failed_page, summary);
      gtk_label_set_label (self->details_label, details);
      gtk_stack_set_visible_child_name (self->stack, "failed");
      update_buttons (self);
      gtk_widget_grab_focus (self->cancel_button);
      return;
    }

  label = plug_rename_operation_get_label (self->operation);
  mount_point = plug_rename_operation_get_mount_point (self->operation);
  if (mount_point != NULL && plug_rename_operation_get_remounted (self->operation))
    /* Translators: a name and a folder */
    message = g_strdup_printf (_("Renamed to “%s”, mounted again at %s"), label, mount_point);
  else if (mount_point != NULL)
    /* Translators: a name and a folder */
    message = g_strdup_printf (_("Renamed to “%s”; it stays mounted at %s until it is unmounted"), label, mount_point);
  else if (label != NULL && *label != '\0')
    /* Translators: %s is a name */
    message = g_strdup_printf (_("Renamed to “%s”"), label);
  else
    message = g_strdup (_("The name was removed"));

  g_signal_emit (self, signals[SIGNAL_DONE], 0, message, NULL);
  plug_dialog_force_close (PLUG_DIALOG (self));
}

static void
rename_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  PlugRenameDialog *self = PLUG_RENAME_DIALOG (widget);

  if (self->running || !plug_label_editor_get_valid (self->label_editor))
    return;

  self->running = TRUE;
  self->can_try_again = FALSE;
  g_clear_pointer (&self->watch, plug_drive_watch_free);
  g_clear_object (&self->operation);
  self->operation = plug_rename_operation_new (self->client, self->drive, self->volume,
                                                plug_label_editor_get_label (self->label_editor));
  g_signal_connect_object (self->operation, "notify::step", G_CALLBACK (step_cb), self, G_CONNECT_SWAPPED);

  gtk_label_set_label (self->progress_label, _("Writing the new name…"));
  gtk_spinner_start (self->spinner);
  gtk_stack_set_visible_child_name (self->stack, "working");
  update_buttons (self);
  gtk_widget_grab_focus (self->cancel_button);

  plug_rename_operation_run_async (self->operation, self->cancellable, rename_done_cb, g_object_ref (self));
}

static void
cancel_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  PlugRenameDialog *self = PLUG_RENAME_DIALOG (widget);

  if (self->running)
    {
      g_cancellable_cancel (self->cancellable);
      gtk_widget_action_set_enabled (widget, "rename.cancel", FALSE);
      return;
    }

  plug_dialog_close (PLUG_DIALOG (self));
}

static gboolean
plug_rename_dialog_close_request (PlugDialog *dialog)
{
  PlugRenameDialog *self = PLUG_RENAME_DIALOG (dialog);

  if (self->running)
    {
      cancel_activated (GTK_WIDGET (self), "rename.cancel", NULL);
      return TRUE;
    }

  return FALSE;
}

static void
editor_activate_cb (PlugRenameDialog *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "rename.rename", NULL);
}

static void
plug_rename_dialog_dispose (GObject *object)
{
  PlugRenameDialog *self = PLUG_RENAME_DIALOG (object);

  g_clear_pointer (&self->watch, plug_drive_watch_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), PLUG_TYPE_RENAME_DIALOG);

  G_OBJECT_CLASS (plug_rename_dialog_parent_class)->dispose (object);
}

static void
plug_rename_dialog_finalize (GObject *object)
{
  PlugRenameDialog *self = PLUG_RENAME_DIALOG (object);

  g_clear_object (&self->cancellable);
  g_clear_object (&self->operation);
  g_clear_pointer (&self->target_name, g_free);
  g_clear_object (&self->client);
  g_clear_object (&self->drive);
  g_clear_object (&self->volume);

  G_OBJECT_CLASS (plug_rename_dialog_parent_class)->finalize (object);
}

static void
plug_rename_dialog_class_init (PlugRenameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PlugDialogClass *dialog_class = PLUG_DIALOG_CLASS (klass);

  object_class->dispose = plug_rename_dialog_dispose;
  object_class->finalize = plug_rename_dialog_finalize;

  dialog_class->close_request = plug_rename_dialog_close_request;

  /* Renamed: a sentence for a toast, and details (none so far). Also
   * when the dialog closed by itself, the drive gone or changed: why,
   * and what changed, or %NULL. */
  signals[SIGNAL_DONE] =
    g_signal_new ("done",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);

  gtk_widget_class_install_action (widget_class, "rename.rename", NULL, rename_activated);
  gtk_widget_class_install_action (widget_class, "rename.cancel", NULL, cancel_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "rename.cancel", NULL);

  g_type_ensure (PLUG_TYPE_LABEL_EDITOR);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/plugboard/Plugboard/panels/drives/plug-rename-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, PlugRenameDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, PlugRenameDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, PlugRenameDialog, rename_button);
  gtk_widget_class_bind_template_child (widget_class, PlugRenameDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, PlugRenameDialog, label_editor);
  gtk_widget_class_bind_template_child (widget_class, PlugRenameDialog, remount_label);
  gtk_widget_class_bind_template_child (widget_class, PlugRenameDialog, spinner);
  gtk_widget_class_bind_template_child (widget_class, PlugRenameDialog, progress_label);
  gtk_widget_class_bind_template_child (widget_class, PlugRenameDialog, failed_page);
  gtk_widget_class_bind_template_child (widget_class, PlugRenameDialog, details_label);
}

static void
plug_rename_dialog_init (PlugRenameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->cancellable = g_cancellable_new ();

  g_signal_connect_object (self->label_editor, "notify::valid", G_CALLBACK (label_valid_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->label_editor, "activate", G_CALLBACK (editor_activate_cb), self, G_CONNECT_SWAPPED);
}

/* The drive was removed or changed before the rename started: the dialog
 * closes, and the panel says why. */
static void
drive_changed_cb (gboolean    gone,
                  const char *change,
                  gpointer    user_data)
{
  PlugRenameDialog *self = PLUG_RENAME_DIALOG (user_data);
  g_autofree char *message = NULL;
  g_autofree char *details = NULL;

  if (self->running)
    return;

  if (gone)
    /* Translators: a volume's name; said when its drive was unplugged
     * while the Rename dialog was open */
    message = g_strdup_printf (_("“%s” was removed, so it was not renamed"), self->target_name);
  else
    /* Translators: a volume's name; said when its card was swapped, or
     * another filesystem made on it, while the Rename dialog was open */
    message = g_strdup_printf (_("The medium in “%s” was changed, so it was not renamed"), self->target_name);
  /* Translators: what differs now, such as “it held ext4 (UUID …) and
   * now holds ext4 (UUID …)” */
  details = g_strdup_printf (_("Nothing was written to it: %s."), change);

  g_signal_emit (self, signals[SIGNAL_DONE], 0, message, gone ? NULL : details);
  plug_dialog_force_close (PLUG_DIALOG (self));
}

/**
 * plug_rename_dialog_new:
 * @client: the udisks client the drive list reads
 * @drive: the drive that holds @volume, which may be changed
 * @volume: the volume to rename
 *
 * Returns: (transfer full): the dialog, for the caller to present
 */
GtkWidget *
plug_rename_dialog_new (UDisksClient *client,
                        PlugDrive    *drive,
                        PlugVolume   *volume)
{
  PlugRenameDialog *self;
  g_autofree char *volume_name = NULL;
  g_autofree char *title = NULL;
  g_autofree char *volume_size = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *filesystem_name = NULL;
  g_autofree char *description = NULL;
  const char *filesystem;

  g_return_val_if_fail (UDISKS_IS_CLIENT (client), NULL);
  g_return_val_if_fail (PLUG_IS_DRIVE (drive), NULL);
  g_return_val_if_fail (PLUG_IS_VOLUME (volume), NULL);

  self = g_object_new (PLUG_TYPE_RENAME_DIALOG, NULL);
  self->client = g_object_ref (client);
  self->drive = g_object_ref (drive);
  self->volume = g_object_ref (volume);

  volume_name = plug_volume_dup_display_name (volume);
  /* Translators: the window's title; %s is a volume's name */
  title = g_strdup_printf (_("Rename %s"), volume_name);
  adw_window_title_set_title (self->window_title, title);
  self->target_name = g_strdup (volume_name);
  self->watch = plug_drive_watch_new (client, drive, volume, drive_changed_cb, self);
  volume_size = g_format_size (plug_volume_get_size (volume));
  /* Translators: the window's subtitle: a volume's device and size, such
   * as “/dev/sdb1 · 16.0 GB” */
  subtitle = g_strdup_printf (_("%s · %s"), plug_volume_get_device (volume), volume_size);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  plug_dialog_set_title (PLUG_DIALOG (self), title);

  filesystem = plug_volume_get_filesystem (volume);
  filesystem_name = plug_volume_dup_filesystem_name (volume);
  /* Translators: %s is a filesystem, such as FAT32 */
  description = g_strdup_printf (_("The name it shows up under in Files. %s has its own rules for names."),
                                 filesystem_name != NULL ? filesystem_name : filesystem);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self->label_editor), description);

  plug_label_editor_set_client (self->label_editor, client, plug_volume_get_object_path (volume));
  plug_label_editor_set_filesystem (self->label_editor, filesystem, plug_volume_get_uuid (volume));
  plug_label_editor_set_text (self->label_editor, plug_volume_get_label (volume));

  if (plug_volume_get_mount_point (volume) != NULL && plug_label_rules_can_rename_mounted (filesystem))
    {
      g_autofree char *note =
        /* Translators: %s is a folder, such as /media/alice/Photos */
        g_strdup_printf (_("It stays mounted at %s; the folder takes the new name the next time it is mounted."),
                         plug_volume_get_mount_point (volume));

      gtk_label_set_label (self->remount_label, note);
      gtk_widget_set_visible (GTK_WIDGET (self->remount_label), TRUE);
      plug_label_editor_set_stays_mounted (self->label_editor, TRUE);
    }
  else if (plug_volume_get_mount_point (volume) != NULL)
    {
      g_autofree char *note =
        /* Translators: %s is a filesystem, such as FAT32 */
        g_strdup_printf (_("A %s volume cannot be renamed while it is mounted: it will be unmounted, renamed and mounted again. "
                           "Close any files open on it first."),
                         filesystem_name != NULL ? filesystem_name : filesystem);

      gtk_label_set_label (self->remount_label, note);
      gtk_widget_set_visible (GTK_WIDGET (self->remount_label), TRUE);
    }

  update_buttons (self);
  plug_label_editor_grab_focus (self->label_editor);

  return GTK_WIDGET (self);
}
