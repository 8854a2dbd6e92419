/* plug-drives-panel.c: The Drives panel
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-drives"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-alert.h"
#include "plug-delayed-spinner.h"

#include "plug-benchmark-dialog.h"
#include "plug-check-dialog.h"
#include "plug-drive-error.h"
#include "plug-drive-group.h"
#include "plug-drive-list.h"
#include "plug-drives-panel.h"
#include "plug-fit-dialog.h"
#include "plug-format-dialog.h"
#include "plug-kept-copies-group.h"
#include "plug-rename-dialog.h"
#include "plug-take-ownership-operation.h"

/*
 * The panel lists external drives and the disk images the user attached,
 * one group per drive, from the core's PlugDriveList, which follows udisks
 * live. Until the shell hands over the services it says it is looking;
 * without udisks it says what to install. It owns no D-Bus client: the
 * drive list reads the UDisksClient that PlugServices owns.
 *
 * A volume's row offers the panel's actions (drives.reformat,
 * drives.rename, drives.check, drives.repair, drives.benchmark,
 * drives.take-ownership, each with the volume's object path); each opens
 * its dialog over the window, and what a dialog finished is said in a
 * toast over the panel. Check says what it found in its own dialog;
 * Repair, offered once a check found errors, asks first in a message
 * dialog that names the volume, then shows the repair in that dialog. Make It Yours asks
 * in a message dialog that names the volume, and works from the panel:
 * its row loses the offer once the volume is the user's, and a toast says
 * so, or why not.
 */

struct _PlugDrivesPanel
{
  PlugPanel      parent_instance;

  /* Template widgets */
  AdwToastOverlay *toast_overlay;
  GtkStack      *stack;
  PlugDelayedSpinner *spinner;
  AdwStatusPage *unavailable_page;
  GtkBox        *drives_box;
  /* First in drives_box: files a reformat kept and did not put back. */
  GtkWidget     *kept_copies_group;

  /* Owned */
  GSignalGroup  *services_signals;
  PlugDriveList *drive_list;
  GCancellable  *cancellable;
  /* While a volume is made the user's; one at a time. */
  PlugTakeOwnershipOperation *take_ownership;

  /* The PlugDriveGroup of each drive, in the drive list's order; the box
   * holds the references. */
  GPtrArray     *groups;
};

G_DEFINE_FINAL_TYPE (PlugDrivesPanel, plug_drives_panel, PLUG_TYPE_PANEL)

static void
show_page (PlugDrivesPanel *self,
           const char      *name)
{
  gtk_stack_set_visible_child_name (self->stack, name);
  plug_delayed_spinner_set_active (self->spinner, g_str_equal (name, "loading"));
}

static void
show_unavailable (PlugDrivesPanel *self,
                  const char      *title,
                  const char      *description)
{
  /* Set here, not in the template: an icon in the template is loaded
   * (and with it librsvg) while the panel is built, shown or not. */
  adw_status_page_set_icon_name (self->unavailable_page, "dialog-warning-symbolic");
  adw_status_page_set_title (self->unavailable_page, title);
  adw_status_page_set_description (self->unavailable_page, description);
  show_page (self, "unavailable");
}

static void
show_drives_or_empty (PlugDrivesPanel *self)
{
  if (g_list_model_get_n_items (G_LIST_MODEL (self->drive_list)) > 0 ||
      plug_kept_copies_group_get_n_copies (PLUG_KEPT_COPIES_GROUP (self->kept_copies_group)) > 0)
    show_page (self, "drives");
  else
    show_page (self, "empty");
}

/* Keeps one group per drive, in the drive list's order. */
static void
update_groups (PlugDrivesPanel *self,
               guint            position,
               guint            removed,
               guint            added)
{
  GListModel *drives = G_LIST_MODEL (self->drive_list);

  for (guint i = 0; i < removed; i++)
    {
      gtk_box_remove (self->drives_box, g_ptr_array_index (self->groups, position));
      g_ptr_array_remove_index (self->groups, position);
    }

  for (guint i = 0; i < added; i++)
    {
      g_autoptr(PlugDrive) drive = g_list_model_get_item (drives, position + i);
      GtkWidget *group = plug_drive_group_new (drive);
      GtkWidget *previous = position + i > 0 ? g_ptr_array_index (self->groups, position + i - 1)
                                             : self->kept_copies_group;

      gtk_box_insert_child_after (self->drives_box, group, previous);
      g_ptr_array_insert (self->groups, position + i, group);
    }
}

/* The drive's group (its first volume) takes the focus. */
static gboolean
plug_drives_panel_focus_object (PlugPanel  *panel,
                                const char *object_id)
{
  PlugDrivesPanel *self = PLUG_DRIVES_PANEL (panel);

  for (guint i = 0; i < self->groups->len; i++)
    {
      PlugDriveGroup *group = g_ptr_array_index (self->groups, i);

      if (g_strcmp0 (plug_drive_get_object_path (plug_drive_group_get_drive (group)), object_id) == 0)
        return plug_panel_focus_row (panel, GTK_WIDGET (group));
    }

  return FALSE;
}

static void update_state (PlugDrivesPanel *self);

static void
drives_changed_cb (PlugDrivesPanel *self,
                   guint            position,
                   guint            removed,
                   guint            added,
                   GListModel      *drives)
{
  update_groups (self, position, removed, added);
  plug_panel_object_rows_changed (PLUG_PANEL (self));

  /* When udisks stops, its drives leave the list; that makes the list
   * empty, but the panel should say why. */
  update_state (self);
}

static void
clear_drive_list (PlugDrivesPanel *self)
{
  if (self->drive_list != NULL)
    g_signal_handlers_disconnect_by_data (self->drive_list, self);
  g_clear_object (&self->drive_list);

  for (guint i = 0; i < self->groups->len; i++)
    gtk_box_remove (self->drives_box, g_ptr_array_index (self->groups, i));
  g_ptr_array_set_size (self->groups, 0);
}

static void
set_client (PlugDrivesPanel *self,
            UDisksClient    *client)
{
  if (self->drive_list != NULL && plug_drive_list_get_client (self->drive_list) == client)
    return;

  clear_drive_list (self);

  self->drive_list = plug_drive_list_new (client, PLUG_DRIVE_LIST_FLAGS_NONE);
  g_signal_connect_object (self->drive_list, "items-changed",
                           G_CALLBACK (drives_changed_cb), self,
                           G_CONNECT_SWAPPED);
  update_groups (self, 0, 0, g_list_model_get_n_items (G_LIST_MODEL (self->drive_list)));
  plug_panel_object_rows_changed (PLUG_PANEL (self));
  plug_kept_copies_group_set_drive_list (PLUG_KEPT_COPIES_GROUP (self->kept_copies_group), self->drive_list);
}

static void
update_state (PlugDrivesPanel *self)
{
  PlugServices *services = plug_panel_get_services (PLUG_PANEL (self));
  UDisksClient *client;

  if (services == NULL)
    {
      show_page (self, "loading");
      return;
    }

  if (plug_services_get_system_bus_error (services) != NULL)
    {
      g_autofree char *description =
        /* Translators: %s is the error message from D-Bus */
        g_strdup_printf (_("Drives are listed by system services, which Plugboard reaches through the system bus: %s"),
                         plug_services_get_system_bus_error (services));

      show_unavailable (self, _("System Bus Not Reachable"), description);
      return;
    }

  client = plug_services_get_udisks_client (services);

  if (client != NULL && plug_services_is_running (services, PLUG_SERVICE_KIND_UDISKS))
    {
      set_client (self, client);
      show_drives_or_empty (self);
      return;
    }

  /* The bus starts udisks on first use; it says when it is up. */
  if (client != NULL && plug_services_is_activatable (services, PLUG_SERVICE_KIND_UDISKS))
    {
      show_page (self, "loading");
      return;
    }

  {
    g_autofree char *description =
      /* Translators: %s is the name of a package, such as udisks2 */
      g_strdup_printf (_("Plugboard finds drives through the udisks2 system service. Install the “%s” package, or start its service."),
                       plug_service_kind_get_package (PLUG_SERVICE_KIND_UDISKS));

    show_unavailable (self, _("udisks2 Is Not Running"), description);
  }
}

static void
services_changed_cb (PlugDrivesPanel *self,
                     PlugServiceKind  kind)
{
  if (kind == PLUG_SERVICE_KIND_UDISKS)
    update_state (self);
}

static void
plug_drives_panel_services_changed (PlugPanel    *panel,
                                    PlugServices *services)
{
  PlugDrivesPanel *self = PLUG_DRIVES_PANEL (panel);

  g_signal_group_set_target (self->services_signals, services);
  if (services == NULL)
    clear_drive_list (self);
  update_state (self);
}

static void
usage_refreshed_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!plug_drive_list_refresh_usage_finish (PLUG_DRIVE_LIST (object), result, &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_debug ("Could not refresh how full the volumes are: %s", error->message);
}

/* Files are written while the panel is away; how full a volume is should
 * be fresh whenever it is shown again. */
static void
plug_drives_panel_map (GtkWidget *widget)
{
  PlugDrivesPanel *self = PLUG_DRIVES_PANEL (widget);

  GTK_WIDGET_CLASS (plug_drives_panel_parent_class)->map (widget);

  if (self->drive_list != NULL)
    plug_drive_list_refresh_usage_async (self->drive_list, self->cancellable,
                                         usage_refreshed_cb, NULL);
}

/* The drive and volume of an action's target, if they are still there. */
static gboolean
find_volume (PlugDrivesPanel  *self,
             GVariant         *parameter,
             PlugDrive       **drive_out,
             PlugVolume      **volume_out)
{
  const char *object_path = g_variant_get_string (parameter, NULL);
  GListModel *drives;

  if (self->drive_list == NULL)
    return FALSE;

  drives = G_LIST_MODEL (self->drive_list);
  for (guint i = 0; i < g_list_model_get_n_items (drives); i++)
    {
      g_autoptr(PlugDrive) drive = g_list_model_get_item (drives, i);
      GListModel *volumes = plug_drive_get_volumes (drive);

      for (guint j = 0; j < g_list_model_get_n_items (volumes); j++)
        {
          g_autoptr(PlugVolume) volume = g_list_model_get_item (volumes, j);

          if (g_strcmp0 (plug_volume_get_object_path (volume), object_path) == 0)
            {
              *drive_out = g_steal_pointer (&drive);
              *volume_out = g_steal_pointer (&volume);
              return TRUE;
            }
        }
    }

  return FALSE;
}

static void
dialog_done_cb (GtkWidget       *dialog,
                const char      *message,
                const char      *details,
                PlugDrivesPanel *self)
{
  /* A toast's title is Pango markup: a volume named “Tom & Jerry” is text. */
  g_autofree char *escaped = g_markup_escape_text (message, -1);
  AdwToast *toast = adw_toast_new (escaped);

  /* Toasts are read in passing: the whole story is a click away. */
  adw_toast_set_timeout (toast, 10);
  if (details != NULL)
    {
      adw_toast_set_button_label (toast, _("_Details"));
      adw_toast_set_action_name (toast, "drives.show-details");
      adw_toast_set_action_target_value (toast, g_variant_new ("(ss)", message, details));
    }
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  g_debug ("Toast: %s", message);

  /* A reformat or a speed test takes minutes: the user may be elsewhere. */
  plug_panel_notify_when_away ("drives", message, details);
}

/* The kept copies were listed again: with no drives, they alone are
 * reason to show the list. */
static void
kept_copies_changed_cb (PlugDrivesPanel *self)
{
  if (g_str_equal (gtk_stack_get_visible_child_name (self->stack), "drives") ||
      g_str_equal (gtk_stack_get_visible_child_name (self->stack), "empty"))
    update_state (self);
}

static void
show_details_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  const char *message;
  const char *details;
  PlugAlert *dialog;

  g_variant_get (parameter, "(&s&s)", &message, &details);
  dialog = plug_alert_new (message, details);
  plug_alert_add_response (dialog, "close", _("_Close"));
  plug_alert_present (dialog, widget);
}

static void
open_dialog (PlugDrivesPanel *self,
             GVariant        *parameter,
             GtkWidget *   (*dialog_new) (UDisksClient *client,
                                          PlugDrive    *drive,
                                          PlugVolume   *volume))
{
  g_autoptr(PlugDrive) drive = NULL;
  g_autoptr(PlugVolume) volume = NULL;
  GtkWidget *dialog;

  if (!find_volume (self, parameter, &drive, &volume))
    return;

  /* The row hides the actions of such a drive; it may have changed since. */
  if (!plug_drive_get_can_modify (drive))
    return;

  dialog = dialog_new (plug_drive_list_get_client (self->drive_list), drive, volume);
  if (g_signal_lookup ("done", G_OBJECT_TYPE (dialog)) != 0)
    g_signal_connect_object (dialog, "done", G_CALLBACK (dialog_done_cb), self, 0);
  plug_dialog_present (PLUG_DIALOG (dialog), GTK_WIDGET (self));
}

static void
reformat_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  open_dialog (PLUG_DRIVES_PANEL (widget), parameter, plug_format_dialog_new);
}

static void
rename_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  open_dialog (PLUG_DRIVES_PANEL (widget), parameter, plug_rename_dialog_new);
}

static void
benchmark_activated (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  open_dialog (PLUG_DRIVES_PANEL (widget), parameter, plug_benchmark_dialog_new);
}

/* A check found errors, or a repair mended them: the rows offer Repair
 * accordingly. */
static void
checked_cb (PlugDrivesPanel *self)
{
  for (guint i = 0; i < self->groups->len; i++)
    plug_drive_group_refresh_actions (PLUG_DRIVE_GROUP (g_ptr_array_index (self->groups, i)));
}

static void
check_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  PlugDrivesPanel *self = PLUG_DRIVES_PANEL (widget);
  g_autoptr(PlugDrive) drive = NULL;
  g_autoptr(PlugVolume) volume = NULL;
  GtkWidget *dialog;

  if (!find_volume (self, parameter, &drive, &volume) || !plug_drive_get_can_modify (drive))
    return;

  dialog = plug_check_dialog_new (plug_drive_list_get_client (self->drive_list), drive, volume);
  g_signal_connect_object (dialog, "done", G_CALLBACK (dialog_done_cb), self, 0);
  g_signal_connect_object (dialog, "checked", G_CALLBACK (checked_cb), self, G_CONNECT_SWAPPED);
  plug_dialog_present (PLUG_DIALOG (dialog), widget);
}

static void
repair_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  PlugDrivesPanel *self = PLUG_DRIVES_PANEL (widget);
  g_autoptr(PlugDrive) drive = NULL;
  g_autoptr(PlugVolume) volume = NULL;
  GtkWidget *dialog;

  if (!find_volume (self, parameter, &drive, &volume) || !plug_drive_get_can_modify (drive))
    return;

  /* The row offers it only then; the volume may have changed since. */
  if (!plug_check_dialog_get_found_errors (volume))
    return;

  /* Shown once the user said yes to the question, which names the
   * volume; destroyed on a no. */
  dialog = plug_check_dialog_new (plug_drive_list_get_client (self->drive_list), drive, volume);
  g_signal_connect_object (dialog, "done", G_CALLBACK (dialog_done_cb), self, 0);
  g_signal_connect_object (dialog, "checked", G_CALLBACK (checked_cb), self, G_CONNECT_SWAPPED);
  plug_check_dialog_ask_repair (PLUG_CHECK_DIALOG (dialog), widget);
}

static void
fit_reformat_cb (PlugFitDialog   *dialog,
                 const char      *filesystem,
                 PlugDrivesPanel *self)
{
  g_autoptr(PlugDrive) drive = NULL;
  g_autoptr(PlugVolume) volume = NULL;
  GtkWidget *wizard;

  if (!find_volume (self, g_object_get_data (G_OBJECT (dialog), "object-path"), &drive, &volume) ||
      !plug_drive_get_can_modify (drive))
    return;

  wizard = plug_format_dialog_new (plug_drive_list_get_client (self->drive_list), drive, volume);
  plug_format_dialog_preset (PLUG_FORMAT_DIALOG (wizard), filesystem, TRUE);
  g_signal_connect_object (wizard, "done", G_CALLBACK (dialog_done_cb), self, 0);
  plug_dialog_present (PLUG_DIALOG (wizard), GTK_WIDGET (self));
}

static PlugFitDialog *
open_fit_dialog (PlugDrivesPanel *self,
                 const char      *object_path)
{
  g_autoptr(PlugDrive) drive = NULL;
  g_autoptr(PlugVolume) volume = NULL;
  g_autoptr(GVariant) target = g_variant_ref_sink (g_variant_new_string (object_path));
  GtkWidget *dialog;

  if (!find_volume (self, target, &drive, &volume))
    return NULL;

  dialog = plug_fit_dialog_new (volume);
  g_object_set_data_full (G_OBJECT (dialog), "object-path", g_variant_ref (target), (GDestroyNotify) g_variant_unref);
  g_signal_connect_object (dialog, "reformat", G_CALLBACK (fit_reformat_cb), self, 0);
  plug_dialog_present (PLUG_DIALOG (dialog), GTK_WIDGET (self));

  return PLUG_FIT_DIALOG (dialog);
}

static void
fits_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  open_fit_dialog (PLUG_DRIVES_PANEL (widget), g_variant_get_string (parameter, NULL));
}

static void
fits_files_activated (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  g_autofree const char **uris = NULL;
  g_autoptr(GSList) files = NULL;
  const char *object_path;
  PlugFitDialog *dialog;

  g_variant_get (parameter, "(&s^a&s)", &object_path, &uris);
  dialog = open_fit_dialog (PLUG_DRIVES_PANEL (widget), object_path);
  if (dialog == NULL)
    return;

  for (guint i = 0; uris[i] != NULL; i++)
    files = g_slist_append (files, g_file_new_for_uri (uris[i]));
  plug_fit_dialog_check_files (dialog, files);
  g_slist_free_full (g_steal_pointer (&files), g_object_unref);
}

static void
take_ownership_done_cb (GObject      *object,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  g_autoptr(PlugDrivesPanel) self = user_data;
  PlugTakeOwnershipOperation *operation = PLUG_TAKE_OWNERSHIP_OPERATION (object);
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_object_steal_data (object, "volume-name");
  g_autofree char *message = NULL;
  g_autofree char *details = NULL;

  /* The task holds the operation until this returns. */
  g_clear_object (&self->take_ownership);
  if (gtk_widget_in_destruction (GTK_WIDGET (self)))
    return;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "drives.take-ownership", TRUE);

  if (!plug_take_ownership_operation_run_finish (operation, result, &error))
    {
      g_autofree char *summary = plug_drive_error_dup_summary (error, _("udisks could not make its files yours."));

      /* Translators: a volume's name, then why, such as “The system did
       * not allow it.” */
      message = g_strdup_printf (_("Could not make %s yours: %s"), name, summary);
      details = plug_drive_error_dup_details (error);
      dialog_done_cb (NULL, message, details, self);
      return;
    }

  /* Translators: %s is a volume's name, such as PHOTOS */
  message = g_strdup_printf (_("%s now belongs to you"), name);
  dialog_done_cb (NULL, message, NULL, self);
}

static void
take_ownership_response_cb (PlugAlert       *dialog,
                            const char      *response,
                            PlugDrivesPanel *self)
{
  PlugTakeOwnershipOperation *operation = g_object_get_data (G_OBJECT (dialog), "operation");

  if (g_strcmp0 (response, "take") != 0 || self->take_ownership != NULL)
    return;

  /* The operation was made when the dialog was shown: it acts on the
   * drive the user saw there, or on none. */
  self->take_ownership = g_object_ref (operation);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "drives.take-ownership", FALSE);
  plug_take_ownership_operation_run_async (operation, self->cancellable,
                                           take_ownership_done_cb, g_object_ref (self));
}

static void
take_ownership_activated (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  PlugDrivesPanel *self = PLUG_DRIVES_PANEL (widget);
  g_autoptr(PlugDrive) drive = NULL;
  g_autoptr(PlugVolume) volume = NULL;
  g_autoptr(PlugTakeOwnershipOperation) operation = NULL;
  g_autofree char *name = NULL;
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  g_autofree char *filesystem_name = NULL;
  g_autofree char *size_text = NULL;
  const char *owner = NULL;
  PlugAlert *dialog;

  if (self->take_ownership != NULL || !find_volume (self, parameter, &drive, &volume))
    return;

  /* The row offers it only then; the volume may have changed since. */
  if (!plug_drive_get_can_modify (drive) || !plug_volume_get_can_take_ownership (volume))
    return;

  plug_volume_get_access (volume, NULL, &owner);
  name = plug_volume_dup_display_name (volume);
  filesystem_name = plug_volume_dup_filesystem_name (volume);
  size_text = g_format_size (plug_volume_get_size (volume));
  /* Translators: %s is a volume's name, such as PHOTOS */
  heading = g_strdup_printf (_("Make %s Yours?"), name);
  body = g_strdup_printf (/* Translators: a volume's name, its filesystem, size and
                           * device (“ext4 · 16.0 GB · /dev/sdb1”), its owner's user
                           * name (root), then this user's name */
                          _("The files on %s (%s · %s · %s) belong to %s. Its top folder and everything "
                            "in it will belong to you, %s, and only you will be able to open its top folder. "
                            "Nothing is erased."),
                          name, filesystem_name != NULL ? filesystem_name : plug_volume_get_filesystem (volume),
                          size_text, plug_volume_get_device (volume), owner, g_get_user_name ());

  operation = plug_take_ownership_operation_new (plug_drive_list_get_client (self->drive_list), drive, volume);
  g_object_set_data_full (G_OBJECT (operation), "volume-name", g_strdup (name), g_free);

  dialog = plug_alert_new (heading, body);
  plug_alert_add_responses (dialog,
                            "cancel", _("_Cancel"),
                            "take", _("_Make It Yours"),
                            NULL);
  plug_alert_set_response_appearance (dialog, "take", ADW_RESPONSE_SUGGESTED);
  plug_alert_set_default_response (dialog, "take");
  plug_alert_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "operation", g_steal_pointer (&operation), g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (take_ownership_response_cb), self, 0);
  plug_alert_present (dialog, widget);
}

static void
plug_drives_panel_dispose (GObject *object)
{
  PlugDrivesPanel *self = PLUG_DRIVES_PANEL (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->take_ownership);

  if (self->groups != NULL)
    clear_drive_list (self);
  g_clear_pointer (&self->groups, g_ptr_array_unref);
  g_clear_object (&self->services_signals);

  /* The template's root is AdwBin's child: AdwBin must let go of it first,
   * or disposing the template unparents it behind AdwBin's back, and
   * AdwBin then unparents a widget that is gone. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), PLUG_TYPE_DRIVES_PANEL);

  G_OBJECT_CLASS (plug_drives_panel_parent_class)->dispose (object);
}

static void
plug_drives_panel_class_init (PlugDrivesPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PlugPanelClass *panel_class = PLUG_PANEL_CLASS (klass);

  object_class->dispose = plug_drives_panel_dispose;

  widget_class->map = plug_drives_panel_map;

  panel_class->services_changed = plug_drives_panel_services_changed;
  panel_class->focus_object = plug_drives_panel_focus_object;

  gtk_widget_class_install_action (widget_class, "drives.reformat", "s", reformat_activated);
  gtk_widget_class_install_action (widget_class, "drives.rename", "s", rename_activated);
  gtk_widget_class_install_action (widget_class, "drives.check", "s", check_activated);
  gtk_widget_class_install_action (widget_class, "drives.repair", "s", repair_activated);
  gtk_widget_class_install_action (widget_class, "drives.benchmark", "s", benchmark_activated);
  gtk_widget_class_install_action (widget_class, "drives.take-ownership", "s", take_ownership_activated);
  gtk_widget_class_install_action (widget_class, "drives.show-details", "(ss)", show_details_activated);
  gtk_widget_class_install_action (widget_class, "drives.fits", "s", fits_activated);
  gtk_widget_class_install_action (widget_class, "drives.fits-files", "(sas)", fits_files_activated);

  g_type_ensure (PLUG_TYPE_DELAYED_SPINNER);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/plugboard/Plugboard/panels/drives/plug-drives-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, PlugDrivesPanel, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, PlugDrivesPanel, stack);
  gtk_widget_class_bind_template_child (widget_class, PlugDrivesPanel, spinner);
  gtk_widget_class_bind_template_child (widget_class, PlugDrivesPanel, unavailable_page);
  gtk_widget_class_bind_template_child (widget_class, PlugDrivesPanel, drives_box);
}

static void
plug_drives_panel_init (PlugDrivesPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->groups = g_ptr_array_new ();
  self->cancellable = g_cancellable_new ();

  self->kept_copies_group = plug_kept_copies_group_new ();
  gtk_box_prepend (self->drives_box, self->kept_copies_group);
  g_signal_connect_object (self->kept_copies_group, "done", G_CALLBACK (dialog_done_cb), self, 0);
  g_signal_connect_object (self->kept_copies_group, "changed", G_CALLBACK (kept_copies_changed_cb), self,
                           G_CONNECT_SWAPPED);

  self->services_signals = g_signal_group_new (PLUG_TYPE_SERVICES);
  g_signal_group_connect_object (self->services_signals, "changed",
                                 G_CALLBACK (services_changed_cb), self,
                                 G_CONNECT_SWAPPED);

  show_page (self, "loading");
}
