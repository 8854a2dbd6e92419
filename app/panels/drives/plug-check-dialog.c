/* plug-check-dialog.c: Checking a volume for errors, and repairing them
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-drives"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-alert.h"
#include "plug-check-dialog.h"
#include "plug-check-operation.h"
#include "plug-drive-error.h"
#include "plug-drive-watch.h"
#include "plug-filesystem-type.h"

/*
 * Check… says what will happen (the program udisks runs, and that a
 * mounted volume is unmounted for the time it takes), runs
 * PlugCheckOperation, and says what it found. A volume udisks cannot
 * check (exFAT, Btrfs) is said to be so, with the reason, and nothing
 * is asked.
 *
 * A check that found errors offers Repair…, as does the volume's menu
 * from then on (plug_check_dialog_get_found_errors()): udisks exposes
 * nothing else that would tell, and the dirty flag a FAT or NTFS volume
 * keeps after an unclean unplug is on the device, which only root can
 * read; a check finds it, as fsck.vfat and ntfsfix count it as an error.
 * A repair changes the filesystem and may lose a damaged file: it is
 * asked first in a message dialog that names the volume and defaults to
 * Cancel. The operation is made when that question is shown, so that it
 * acts on the drive the user saw, or on none.
 *
 * Until an operation starts, the dialog watches the volume
 * (PlugDriveWatch): when its drive is removed, or its medium changed,
 * it closes and the panel says why.
 */

/* On the PlugVolume: its UUID when a check found errors in it. */
#define FOUND_ERRORS_KEY "plug-check-found-errors"

typedef enum {
  NEXT_NONE,
  NEXT_CHECK,
  NEXT_REPAIR,
} NextAction;

struct _PlugCheckDialog
{
  PlugDialog           parent_instance;

  /* Template widgets */
  AdwWindowTitle      *window_title;
  GtkWidget           *cancel_button;
  GtkWidget           *action_button;
  GtkStack            *stack;
  AdwStatusPage       *intro_page;
  AdwStatusPage       *working_page;
  GtkSpinner          *spinner;
  GtkLabel            *progress_label;
  AdwStatusPage       *result_page;
  AdwStatusPage       *failed_page;
  GtkLabel            *details_label;

  /* Owned */
  UDisksClient        *client;
  PlugDrive           *drive;
  PlugVolume          *volume;
  PlugCheckOperation  *operation;
  GCancellable        *cancellable;
  PlugDriveWatch      *watch;
  char                *name;
  char                *filesystem_name;
  const char          *checker;
  gboolean             running;
  /* What the action button does now. */
  NextAction           next;
  /* The last try failed only because the volume was in use. */
  gboolean             can_try_again;
  gboolean             last_was_repair;
  /* What the repair question was asked over (weak). */
  GtkWidget           *repair_parent;
};

G_DEFINE_FINAL_TYPE (PlugCheckDialog, plug_check_dialog, PLUG_TYPE_DIALOG)

enum {
  SIGNAL_DONE,
  SIGNAL_CHECKED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/**
 * plug_check_dialog_get_found_errors:
 * @volume: a volume
 *
 * Returns: whether the last check of @volume, in this session, found
 *   errors that no repair has mended since; not after it was made anew
 */
gboolean
plug_check_dialog_get_found_errors (PlugVolume *volume)
{
  const char *uuid;

  g_return_val_if_fail (PLUG_IS_VOLUME (volume), FALSE);

  uuid = g_object_get_data (G_OBJECT (volume), FOUND_ERRORS_KEY);
  return uuid != NULL && g_strcmp0 (uuid, plug_volume_get_uuid (volume) != NULL ? plug_volume_get_uuid (volume) : "") == 0;
}

static void
set_found_errors (PlugVolume *volume,
                  gboolean    found_errors)
{
  const char *uuid = plug_volume_get_uuid (volume);

  g_object_set_data_full (G_OBJECT (volume), FOUND_ERRORS_KEY,
                          found_errors ? g_strdup (uuid != NULL ? uuid : "") : NULL,
                          g_free);
}

/* A status page's description is markup; names come from the drive. */
static void
set_description (AdwStatusPage *page,
                 const char    *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  adw_status_page_set_description (page, escaped);
}

static void
update_buttons (PlugCheckDialog *self)
{
  const char *page = gtk_stack_get_visible_child_name (self->stack);
  const char *label = NULL;

  switch (self->next)
    {
    case NEXT_CHECK:
      label = self->can_try_again ? _("_Try Again") : _("_Check");
      break;

    case NEXT_REPAIR:
      label = self->can_try_again ? _("_Try Again") : _("_Repair…");
      break;

    case NEXT_NONE:
    default:
      break;
    }

  gtk_widget_set_visible (self->action_button, label != NULL && !self->running);
  if (label != NULL)
    gtk_button_set_label (GTK_BUTTON (self->action_button), label);
  /* Repair changes the filesystem: its button says so; it asks first. */
  if (self->next == NEXT_REPAIR && !self->can_try_again)
    {
      gtk_widget_remove_css_class (self->action_button, "suggested-action");
      gtk_widget_add_css_class (self->action_button, "destructive-action");
    }
  else
    {
      gtk_widget_remove_css_class (self->action_button, "destructive-action");
      gtk_widget_add_css_class (self->action_button, "suggested-action");
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "check.next", label != NULL && !self->running);
  gtk_button_set_label (GTK_BUTTON (self->cancel_button),
                        g_strcmp0 (page, "intro") == 0 && self->next != NEXT_NONE ? _("_Cancel") : _("_Close"));
}

static void
step_cb (PlugCheckDialog *self)
{
  const char *device = plug_volume_get_device (self->volume);
  gboolean repair = plug_check_operation_get_repair (self->operation);
  g_autofree char *text = NULL;

  switch (plug_check_operation_get_step (self->operation))
    {
    case PLUG_CHECK_STEP_UNMOUNTING:
      text = g_strdup_printf (repair
                              /* Translators: %s is a device, such as /dev/sdb1 */
                              ? _("Unmounting %s: it cannot be repaired while it is mounted…")
                              /* Translators: %s is a device, such as /dev/sdb1 */
                              : _("Unmounting %s: it cannot be checked while it is mounted…"),
                              device);
      break;

    case PLUG_CHECK_STEP_CHECKING:
      text = g_strdup_printf (repair
                              /* Translators: a program such as e2fsck, then a filesystem such as ext4 */
                              ? _("%s is repairing the %s filesystem…")
                              /* Translators: a program such as e2fsck, then a filesystem such as ext4 */
                              : _("%s is checking the %s filesystem…"),
                              self->checker, self->filesystem_name);
      break;

    case PLUG_CHECK_STEP_CONFIRMING:
      text = g_strdup (_("udisks reported the repair as failed: checking whether it was repaired all the same…"));
      break;

    case PLUG_CHECK_STEP_MOUNTING:
      /* Translators: %s is a device */
      text = g_strdup_printf (_("Mounting %s again…"), device);
      break;

    case PLUG_CHECK_STEP_NONE:
    case PLUG_CHECK_STEP_DONE:
    default:
      return;
    }

  gtk_label_set_label (self->progress_label, text);
}

/* Where it is mounted again, as a sentence to add, or "". */
static char *
dup_remount_note (PlugCheckDialog *self)
{
  const char *mount_point = plug_check_operation_get_mount_point (self->operation);

  if (mount_point == NULL || !plug_check_operation_get_remounted (self->operation))
    return g_strdup ("");

  /* Translators: %s is a folder, such as /media/alice/PHOTOS */
  return g_strdup_printf (_(" It is mounted again at %s."), mount_point);
}

static void
show_result (PlugCheckDialog *self)
{
  g_autofree char *text = NULL;
  g_autofree char *remount_note = dup_remount_note (self);
  const char *filesystem = plug_volume_get_filesystem (self->volume);

  if (plug_check_operation_get_repair (self->operation))
    {
      set_found_errors (self->volume, FALSE);
      adw_status_page_set_icon_name (self->result_page, "emblem-ok-symbolic");
      adw_status_page_set_title (self->result_page, _("Repaired"));
      /* Translators: a program such as e2fsck, a filesystem such as ext4,
       * a volume's name, then where it is mounted again or nothing */
      text = g_strdup_printf (_("%s repaired the %s filesystem on %s.%s"),
                              self->checker, self->filesystem_name, self->name, remount_note);
      self->next = NEXT_NONE;
    }
  else if (plug_check_operation_get_clean (self->operation))
    {
      set_found_errors (self->volume, FALSE);
      adw_status_page_set_icon_name (self->result_page, "emblem-ok-symbolic");
      adw_status_page_set_title (self->result_page, _("No Errors Found"));
      /* Translators: a program such as e2fsck, a filesystem such as ext4,
       * a volume's name, then where it is mounted again or nothing */
      text = g_strdup_printf (_("%s found no errors in the %s filesystem on %s.%s"),
                              self->checker, self->filesystem_name, self->name, remount_note);
      self->next = NEXT_NONE;
    }
  else
    {
      g_autofree char *problems = plug_check_operation_dup_problems (self->operation);
      gboolean has_dirty_flag = g_strcmp0 (filesystem, "vfat") == 0 || g_strcmp0 (filesystem, "ntfs") == 0;

      set_found_errors (self->volume, TRUE);
      adw_status_page_set_icon_name (self->result_page, "dialog-warning-symbolic");
      adw_status_page_set_title (self->result_page, _("Errors Found"));
      /* Translators: what was found (“e2fsck found errors in the ext4
       * filesystem, and changed nothing (…)”), then where it is mounted
       * again or nothing */
      text = g_strdup_printf (_("%s.%s Repair mends them; copy what you can from it first, as a damaged "
                                "file may be lost in the repair."),
                              problems, remount_note);
      if (has_dirty_flag)
        {
          char *with_note =
            /* Translators: the text above, then a note for FAT and NTFS */
            g_strdup_printf (_("%s\n\nA FAT or NTFS volume that was unplugged without being ejected is "
                               "marked as not cleanly unmounted, which counts as an error too."),
                             text);

          g_free (text);
          text = with_note;
        }
      self->next = NEXT_REPAIR;
    }

  set_description (self->result_page, text);
  self->can_try_again = FALSE;
  gtk_stack_set_visible_child_name (self->stack, "result");
  update_buttons (self);
  gtk_widget_grab_focus (self->next != NEXT_NONE ? self->action_button : self->cancel_button);
  g_signal_emit (self, signals[SIGNAL_CHECKED], 0);
}

static void
operation_done_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(PlugCheckDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  PlugCheckOperation *operation = PLUG_CHECK_OPERATION (object);
  gboolean repair = plug_check_operation_get_repair (operation);

  self->running = FALSE;
  if (gtk_widget_in_destruction (GTK_WIDGET (self)))
    return;
  gtk_spinner_stop (self->spinner);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "check.cancel", TRUE);

  if (!plug_check_operation_run_finish (operation, result, &error))
    {
      g_autofree char *summary = NULL;
      g_autofree char *details = NULL;

      self->can_try_again = g_error_matches (error, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_BUSY);
      self->next = self->can_try_again ? (repair ? NEXT_REPAIR : NEXT_CHECK) : NEXT_NONE;
      summary = plug_drive_error_dup_summary (error, repair ? _("udisks could not repair it.")
                                                            : _("udisks could not check it."));
      details = plug_drive_error_dup_details (error);
      adw_status_page_set_icon_name (self->failed_page, "dialog-warning-symbolic");
      adw_status_page_set_title (self->failed_page, repair ? _("Could Not Repair") : _("Could Not Check"));
      set_description (self->failed_page, summary);
      gtk_label_set_label (self->details_label, details);
      gtk_stack_set_visible_child_name (self->stack, "failed");
      update_buttons (self);
      gtk_widget_grab_focus (self->can_try_again ? self->action_button : self->cancel_button);
      return;
    }

  show_result (self);
}

static void
start_operation (PlugCheckDialog    *self,
                 PlugCheckOperation *operation)
{
  gboolean repair = plug_check_operation_get_repair (operation);

  self->running = TRUE;
  self->last_was_repair = repair;
  g_clear_pointer (&self->watch, plug_drive_watch_free);
  g_set_object (&self->operation, operation);
  g_signal_connect_object (self->operation, "notify::step", G_CALLBACK (step_cb), self, G_CONNECT_SWAPPED);

  adw_status_page_set_title (self->working_page, repair ? _("Repairing…") : _("Checking…"));
  gtk_label_set_label (self->progress_label, repair ? _("Asking udisks to repair it…") : _("Asking udisks to check it…"));
  gtk_spinner_start (self->spinner);
  gtk_stack_set_visible_child_name (self->stack, "working");
  update_buttons (self);
  gtk_widget_grab_focus (self->cancel_button);

  plug_check_operation_run_async (self->operation, self->cancellable, operation_done_cb, g_object_ref (self));
}

static void
repair_response_cb (PlugAlert       *message_dialog,
                    const char      *response,
                    PlugCheckDialog *self)
{
  PlugCheckOperation *operation = g_object_get_data (G_OBJECT (message_dialog), "operation");

  if (g_strcmp0 (response, "repair") != 0 || self->running)
    {
      /* Asked from the volume's menu: nothing else was shown. */
      if (!plug_dialog_is_shown (PLUG_DIALOG (self)))
        plug_dialog_force_close (PLUG_DIALOG (self));
      return;
    }

  plug_dialog_present (PLUG_DIALOG (self), self->repair_parent);
  start_operation (self, operation);
}

/**
 * plug_check_dialog_ask_repair:
 * @self: the dialog, shown (after a check) or not yet (from the menu)
 * @parent: a widget of the window to ask over
 *
 * Asks whether to repair the volume, naming it, with Cancel as the
 * default; a yes shows the dialog, which repairs it. A no destroys a
 * dialog not shown yet.
 */
void
plug_check_dialog_ask_repair (PlugCheckDialog *self,
                              GtkWidget       *parent)
{
  g_autoptr(PlugCheckOperation) operation = NULL;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  g_autofree char *size_text = NULL;
  g_autofree char *mount_note = NULL;
  PlugAlert *message_dialog;

  g_return_if_fail (PLUG_IS_CHECK_DIALOG (self));

  if (self->running || self->checker == NULL)
    return;

  size_text = g_format_size (plug_volume_get_size (self->volume));
  /* Translators: %s is a volume's name, such as PHOTOS */
  heading = g_strdup_printf (_("Repair %s?"), self->name);
  if (plug_volume_get_mount_point (self->volume) != NULL)
    mount_note = g_strdup (_(" It is unmounted while it is repaired, and mounted again afterwards."));
  body = g_strdup_printf (/* Translators: a program such as e2fsck, a volume's name, its
                           * filesystem, size and device (“ext4 · 16.0 GB · /dev/sdb1”), then
                           * a sentence about unmounting or nothing */
                          _("%s will change whatever it finds damaged on %s (%s · %s · %s), and a "
                            "damaged file may be lost. Copy what you can from it first.%s"),
                          self->checker, self->name, self->filesystem_name, size_text,
                          plug_volume_get_device (self->volume),
                          mount_note != NULL ? mount_note : "");

  /* Asked from the volume's menu: the dialog shows the repair only. */
  g_set_weak_pointer (&self->repair_parent, parent);
  if (!plug_dialog_is_shown (PLUG_DIALOG (self)))
    {
      g_autofree char *title = g_strdup_printf (_("Repair %s"), self->name);

      adw_window_title_set_title (self->window_title, title);
      plug_dialog_set_title (PLUG_DIALOG (self), title);
    }

  /* Made now: the repair acts on the drive named here, or on none. */
  operation = plug_check_operation_new (self->client, self->drive, self->volume, TRUE);

  message_dialog = plug_alert_new (heading, body);
  plug_alert_add_responses (message_dialog,
                            "cancel", _("_Cancel"),
                            "repair", _("_Repair"),
                            NULL);
  plug_alert_set_response_appearance (message_dialog, "repair",
                                      ADW_RESPONSE_DESTRUCTIVE);
  plug_alert_set_default_response (message_dialog, "cancel");
  plug_alert_set_close_response (message_dialog, "cancel");
  g_object_set_data_full (G_OBJECT (message_dialog), "operation", g_steal_pointer (&operation), g_object_unref);
  g_signal_connect_object (message_dialog, "response", G_CALLBACK (repair_response_cb), self, 0);
  plug_alert_present (message_dialog, parent);
}

static void
next_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  PlugCheckDialog *self = PLUG_CHECK_DIALOG (widget);
  g_autoptr(PlugCheckOperation) operation = NULL;

  if (self->running)
    return;

  switch (self->next)
    {
    case NEXT_CHECK:
      operation = plug_check_operation_new (self->client, self->drive, self->volume, FALSE);
      start_operation (self, operation);
      break;

    case NEXT_REPAIR:
      /* Once what used the volume is closed, the same repair again. */
      if (self->can_try_again && self->last_was_repair)
        {
          operation = plug_check_operation_new (self->client, self->drive, self->volume, TRUE);
          start_operation (self, operation);
        }
      else
        {
          plug_check_dialog_ask_repair (self, GTK_WIDGET (self));
        }
      break;

    case NEXT_NONE:
    default:
      break;
    }
}

static void
cancel_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  PlugCheckDialog *self = PLUG_CHECK_DIALOG (widget);

  /* Before udisks is asked, the volume is mounted again and nothing
   * changes; once asked, udisks finishes, and the dialog says what it
   * found. */
  if (self->running)
    {
      g_cancellable_cancel (self->cancellable);
      gtk_widget_action_set_enabled (widget, "check.cancel", FALSE);
      return;
    }

  plug_dialog_close (PLUG_DIALOG (self));
}

static gboolean
plug_check_dialog_close_request (PlugDialog *dialog)
{
  PlugCheckDialog *self = PLUG_CHECK_DIALOG (dialog);

  if (self->running)
    {
      cancel_activated (GTK_WIDGET (self), "check.cancel", NULL);
      return TRUE;
    }

  return FALSE;
}

static void
plug_check_dialog_dispose (GObject *object)
{
  PlugCheckDialog *self = PLUG_CHECK_DIALOG (object);

  g_clear_pointer (&self->watch, plug_drive_watch_free);
  g_clear_weak_pointer (&self->repair_parent);
  gtk_widget_dispose_template (GTK_WIDGET (self), PLUG_TYPE_CHECK_DIALOG);

  G_OBJECT_CLASS (plug_check_dialog_parent_class)->dispose (object);
}

static void
plug_check_dialog_finalize (GObject *object)
{
  PlugCheckDialog *self = PLUG_CHECK_DIALOG (object);

  g_clear_object (&self->cancellable);
  g_clear_object (&self->operation);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->filesystem_name, g_free);
  g_clear_object (&self->client);
  g_clear_object (&self->drive);
  g_clear_object (&self->volume);

  G_OBJECT_CLASS (plug_check_dialog_parent_class)->finalize (object);
}

static void
plug_check_dialog_class_init (PlugCheckDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PlugDialogClass *dialog_class = PLUG_DIALOG_CLASS (klass);

  object_class->dispose = plug_check_dialog_dispose;
  object_class->finalize = plug_check_dialog_finalize;

  dialog_class->close_request = plug_check_dialog_close_request;

  /* The dialog closed by itself, the drive gone or changed before
   * anything started: why, for a toast, and what changed, or %NULL. */
  signals[SIGNAL_DONE] =
    g_signal_new ("done",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);

  /* A check or a repair finished: whether the volume has errors known
   * (plug_check_dialog_get_found_errors()) may have changed. */
  signals[SIGNAL_CHECKED] =
    g_signal_new ("checked",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "check.next", NULL, next_activated);
  gtk_widget_class_install_action (widget_class, "check.cancel", NULL, cancel_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "check.cancel", NULL);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/plugboard/Plugboard/panels/drives/plug-check-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, PlugCheckDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, PlugCheckDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, PlugCheckDialog, action_button);
  gtk_widget_class_bind_template_child (widget_class, PlugCheckDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, PlugCheckDialog, intro_page);
  gtk_widget_class_bind_template_child (widget_class, PlugCheckDialog, working_page);
  gtk_widget_class_bind_template_child (widget_class, PlugCheckDialog, spinner);
  gtk_widget_class_bind_template_child (widget_class, PlugCheckDialog, progress_label);
  gtk_widget_class_bind_template_child (widget_class, PlugCheckDialog, result_page);
  gtk_widget_class_bind_template_child (widget_class, PlugCheckDialog, failed_page);
  gtk_widget_class_bind_template_child (widget_class, PlugCheckDialog, details_label);
}

static void
plug_check_dialog_init (PlugCheckDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->cancellable = g_cancellable_new ();
}

/* The drive was removed or changed before anything started: the dialog
 * closes, and the panel says why. */
static void
drive_changed_cb (gboolean    gone,
                  const char *change,
                  gpointer    user_data)
{
  PlugCheckDialog *self = PLUG_CHECK_DIALOG (user_data);
  g_autofree char *message = NULL;
  g_autofree char *details = NULL;

  if (self->running)
    return;

  if (gone)
    /* Translators: a volume's name; said when its drive was unplugged
     * while the Check dialog was open */
    message = g_strdup_printf (_("“%s” was removed, so it was not checked"), self->name);
  else
    /* Translators: a volume's name; said when its card was swapped, or
     * another filesystem made on it, while the Check dialog was open */
    message = g_strdup_printf (_("The medium in “%s” was changed, so it was not checked"), self->name);
  /* Translators: what differs now, such as “it held ext4 (UUID …) and
   * now holds ext4 (UUID …)” */
  details = g_strdup_printf (_("Nothing was asked of it: %s."), change);

  g_signal_emit (self, signals[SIGNAL_DONE], 0, message, gone ? NULL : details);
  plug_dialog_force_close (PLUG_DIALOG (self));
}

/**
 * plug_check_dialog_new:
 * @client: the udisks client the drive list reads
 * @drive: the drive that holds @volume, which may be changed
 * @volume: the volume to check
 *
 * Returns: (transfer full): the dialog, for the caller to present, or to
 *   pass to plug_check_dialog_ask_repair() first
 */
GtkWidget *
plug_check_dialog_new (UDisksClient *client,
                       PlugDrive    *drive,
                       PlugVolume   *volume)
{
  PlugCheckDialog *self;
  g_autofree char *title = NULL;
  g_autofree char *volume_size = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *description = NULL;
  const char *filesystem;

  g_return_val_if_fail (UDISKS_IS_CLIENT (client), NULL);
  g_return_val_if_fail (PLUG_IS_DRIVE (drive), NULL);
  g_return_val_if_fail (PLUG_IS_VOLUME (volume), NULL);

  self = g_object_new (PLUG_TYPE_CHECK_DIALOG, NULL);
  self->client = g_object_ref (client);
  self->drive = g_object_ref (drive);
  self->volume = g_object_ref (volume);
  self->name = plug_volume_dup_display_name (volume);
  filesystem = plug_volume_get_filesystem (volume);
  self->filesystem_name = plug_volume_dup_filesystem_name (volume);
  if (self->filesystem_name == NULL)
    self->filesystem_name = g_strdup (filesystem != NULL ? filesystem : _("unknown"));
  self->checker = plug_filesystem_type_get_checker (filesystem);
  self->watch = plug_drive_watch_new (client, drive, volume, drive_changed_cb, self);

  /* Translators: the window's title; %s is a volume's name */
  title = g_strdup_printf (_("Check %s"), self->name);
  adw_window_title_set_title (self->window_title, title);
  plug_dialog_set_title (PLUG_DIALOG (self), title);
  volume_size = g_format_size (plug_volume_get_size (volume));
  /* Translators: the window's subtitle: a volume's device and size, such
   * as “/dev/sdb1 · 16.0 GB” */
  subtitle = g_strdup_printf (_("%s · %s"), plug_volume_get_device (volume), volume_size);
  adw_window_title_set_subtitle (self->window_title, subtitle);

  if (self->checker == NULL)
    {
      adw_status_page_set_icon_name (self->intro_page, "action-unavailable-symbolic");
      adw_status_page_set_title (self->intro_page, _("It Cannot Be Checked"));
      /* Translators: a filesystem, such as exFAT */
      description = g_strdup_printf (_("udisks checks and repairs ext2, ext3, ext4, XFS, FAT and NTFS only, "
                                       "so it cannot check or repair %s."),
                                     self->filesystem_name);
      self->next = NEXT_NONE;
    }
  else
    {
      g_autofree char *what = NULL;

      adw_status_page_set_icon_name (self->intro_page, "drive-harddisk-symbolic");
      adw_status_page_set_title (self->intro_page, _("Check for Errors"));
      /* Translators: a program such as e2fsck, a filesystem such as ext4,
       * then a volume's name */
      what = g_strdup_printf (_("%s checks the %s filesystem on %s for errors, and changes nothing."),
                              self->checker, self->filesystem_name, self->name);
      if (plug_volume_get_mount_point (volume) != NULL)
        /* Translators: the sentence above, then what happens to a
         * mounted volume */
        description = g_strdup_printf (_("%s It is unmounted while it is checked, and mounted again "
                                         "afterwards: close any files open on it first."),
                                       what);
      else
        description = g_steal_pointer (&what);
      self->next = NEXT_CHECK;
    }
  set_description (self->intro_page, description);

  update_buttons (self);
  gtk_widget_grab_focus (self->next != NEXT_NONE ? self->action_button : self->cancel_button);

  return GTK_WIDGET (self);
}
