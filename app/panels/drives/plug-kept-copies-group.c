/* plug-kept-copies-group.c: The files a reformat kept and did not put back
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-drives"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-alert.h"
#include "plug-kept-copies-group.h"
#include "plug-kept-copy.h"

/*
 * A reformat that keeps the files copies them to this computer first; if
 * the app or the computer stopped before they were back, the copy is all
 * the user has. This group, above the drives, lists such copies (from
 * the core's plug-kept-copy.c, read in a worker thread, again whenever
 * the kept-files folder changes) with Restore…, Open and Delete…. It is
 * hidden while there are none; a copy a running reformat uses is left
 * out. What a restore or delete ended with is
 * said through "done", as the drive dialogs do.
 */

struct _PlugKeptCopiesGroup
{
  AdwPreferencesGroup parent_instance;

  PlugDriveList *drive_list;
  GFileMonitor  *monitor;
  /* The newest listing's: a listing again cancels the one before. */
  GCancellable  *cancellable;
  /* A restore's or delete's, cancelled only when the group goes: a
   * listing again must not stop one half way. */
  GCancellable  *operation_cancellable;
  guint          refresh_id;
  /* The rows shown, and the copies they show. */
  GPtrArray     *rows;
  GPtrArray     *copies;
  /* A restore or delete running: its copy's name. */
  char          *busy_name;
};

G_DEFINE_FINAL_TYPE (PlugKeptCopiesGroup, plug_kept_copies_group, ADW_TYPE_PREFERENCES_GROUP)

enum {
  SIGNAL_DONE,
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void refresh (PlugKeptCopiesGroup *self);

static char *
dup_subtitle (PlugKeptCopy *copy)
{
  g_autofree char *size = g_format_size (plug_kept_copy_get_size (copy));
  g_autofree char *when = NULL;
  g_autofree char *files = NULL;
  GDateTime *created = plug_kept_copy_get_created (copy);
  const char *device = plug_kept_copy_get_device (copy);

  if (created != NULL)
    /* Translators: a date and time, as strftime writes them */
    when = g_date_time_format (created, _("%x %H:%M"));
  files = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u file", "%u files", plug_kept_copy_get_n_files (copy)),
                           plug_kept_copy_get_n_files (copy));

  if (plug_kept_copy_get_in_use (copy))
    /* Translators: a number of files, a size */
    return g_strdup_printf (_("%s, %s · in use by a reformat or restore running now"), files, size);
  /* Translators: a number of files, a size, a device, a date and time */
  return g_strdup_printf (_("%s, %s · from %s, %s"), files, size,
                          device != NULL ? device : _("an unknown drive"),
                          when != NULL ? when : _("at an unknown time"));
}

static PlugKeptCopy *
copy_of_button (PlugKeptCopiesGroup *self,
                GtkWidget           *button)
{
  const char *name = g_object_get_data (G_OBJECT (button), "plug-copy-name");

  return self->copies != NULL ? plug_kept_copy_find (self->copies, name) : NULL;
}

static void
emit_done (PlugKeptCopiesGroup *self,
           const char          *message,
           const char          *details)
{
  g_signal_emit (self, signals[SIGNAL_DONE], 0, message, details);
}

/* --- Open ------------------------------------------------------------------ */

static void
open_clicked_cb (GtkWidget           *button,
                 PlugKeptCopiesGroup *self)
{
  PlugKeptCopy *copy = copy_of_button (self, button);
  g_autofree char *uri = NULL;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (copy == NULL)
    return;
  uri = g_filename_to_uri (plug_kept_copy_get_path (copy), NULL, NULL);
  if (uri != NULL)
    gtk_show_uri (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, uri, GDK_CURRENT_TIME);
}

/* --- Delete ------------------------------------------------------------------ */

static void
deleted_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(PlugKeptCopiesGroup) self = user_data;
  PlugKeptCopy *copy = PLUG_KEPT_COPY (object);
  g_autofree char *name = plug_kept_copy_dup_display_name (copy);
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->busy_name, g_free);
  if (!plug_kept_copy_delete_finish (copy, result, &error))
    {
      /* Translators: a volume's name */
      g_autofree char *message = g_strdup_printf (_("The kept files of “%s” were not deleted"), name);

      emit_done (self, message, error->message);
    }
  else
    {
      /* Translators: a volume's name */
      g_autofree char *message = g_strdup_printf (_("The kept files of “%s” were deleted"), name);

      emit_done (self, message, NULL);
    }
  refresh (self);
}

static void
delete_response_cb (PlugAlert           *dialog,
                    const char          *response,
                    PlugKeptCopiesGroup *self)
{
  PlugKeptCopy *copy = g_object_get_data (G_OBJECT (dialog), "plug-copy");

  if (!g_str_equal (response, "delete") || copy == NULL || self->busy_name != NULL)
    return;

  self->busy_name = g_strdup (plug_kept_copy_get_name (copy));
  refresh (self);
  plug_kept_copy_delete_async (copy, self->operation_cancellable, deleted_cb, g_object_ref (self));
}

static void
delete_clicked_cb (GtkWidget           *button,
                   PlugKeptCopiesGroup *self)
{
  PlugKeptCopy *copy = copy_of_button (self, button);
  g_autofree char *name = NULL;
  g_autofree char *heading = NULL;
  g_autofree char *size = NULL;
  g_autofree char *body = NULL;
  PlugAlert *dialog;

  if (copy == NULL)
    return;

  name = plug_kept_copy_dup_display_name (copy);
  size = g_format_size (plug_kept_copy_get_size (copy));
  /* Translators: a volume's name */
  heading = g_strdup_printf (_("Delete the Kept Files of “%s”?"), name);
  body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: a number of files, a size, a folder */
                                       "%u file, %s, in %s. Unless the drive holds them again, this is "
                                       "their only copy.",
                                       "%u files, %s, in %s. Unless the drive holds them again, this is "
                                       "their only copy.",
                                       plug_kept_copy_get_n_files (copy)),
                          plug_kept_copy_get_n_files (copy), size, plug_kept_copy_get_path (copy));

  dialog = plug_alert_new (heading, body);
  plug_alert_add_responses (dialog,
                            "cancel", _("_Cancel"),
                            "delete", _("_Delete"),
                            NULL);
  plug_alert_set_response_appearance (dialog, "delete", ADW_RESPONSE_DESTRUCTIVE);
  plug_alert_set_default_response (dialog, "cancel");
  plug_alert_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "plug-copy", g_object_ref (copy), g_object_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (delete_response_cb), self, 0);
  plug_alert_present (dialog, GTK_WIDGET (self));
}

/* --- Restore -------------------------------------------------------------------- */

typedef struct
{
  PlugKeptCopiesGroup *self;
  PlugKeptCopy        *copy;
  char                *target;
  char                *target_name;
} Restore;

static void
restore_free (Restore *restore)
{
  g_object_unref (restore->self);
  g_object_unref (restore->copy);
  g_free (restore->target);
  g_free (restore->target_name);
  g_free (restore);
}

static void
restored_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  Restore *restore = user_data;
  PlugKeptCopiesGroup *self = restore->self;
  g_autofree char *name = plug_kept_copy_dup_display_name (restore->copy);
  g_autoptr(GError) error = NULL;

  g_clear_pointer (&self->busy_name, g_free);
  if (!plug_kept_copy_restore_finish (restore->copy, result, &error))
    {
      /* Translators: a volume's name */
      g_autofree char *message = g_strdup_printf (_("The files of “%s” were not restored"), name);

      emit_done (self, message, error->message);
    }
  else
    {
      /* Translators: a volume's name, then another */
      g_autofree char *message = g_strdup_printf (_("The files of “%s” are back on “%s”, each checked"),
                                                  name, restore->target_name);

      emit_done (self, message, NULL);
    }
  refresh (self);
  restore_free (restore);
}

/* The volumes the files can go to: mounted, and Plugboard's to change. */
static GPtrArray *
list_targets (PlugKeptCopiesGroup *self)
{
  g_autoptr(GPtrArray) targets = g_ptr_array_new_with_free_func (g_object_unref);
  GListModel *drives = self->drive_list != NULL ? G_LIST_MODEL (self->drive_list) : NULL;

  for (guint i = 0; drives != NULL && i < g_list_model_get_n_items (drives); i++)
    {
      g_autoptr(PlugDrive) drive = g_list_model_get_item (drives, i);
      GListModel *volumes = plug_drive_get_volumes (drive);

      if (!plug_drive_get_can_modify (drive))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (volumes); j++)
        {
          g_autoptr(PlugVolume) volume = g_list_model_get_item (volumes, j);

          if (plug_volume_get_mount_point (volume) != NULL)
            g_ptr_array_add (targets, g_steal_pointer (&volume));
        }
    }
  return g_steal_pointer (&targets);
}

static char *
dup_target_text (PlugVolume *volume)
{
  g_autofree char *name = plug_volume_dup_display_name (volume);

  /* Translators: a volume's name, then its device */
  return g_strdup_printf (_("%s (%s)"), name, plug_volume_get_device (volume));
}

static void
restore_response_cb (PlugAlert           *dialog,
                     const char          *response,
                     PlugKeptCopiesGroup *self)
{
  PlugKeptCopy *copy = g_object_get_data (G_OBJECT (dialog), "plug-copy");
  GPtrArray *targets = g_object_get_data (G_OBJECT (dialog), "plug-targets");
  GtkDropDown *drop_down = g_object_get_data (G_OBJECT (dialog), "plug-drop-down");
  PlugVolume *volume;
  Restore *restore;
  guint selected;

  if (!g_str_equal (response, "restore") || copy == NULL || targets == NULL || drop_down == NULL ||
      self->busy_name != NULL)
    return;
  selected = gtk_drop_down_get_selected (drop_down);
  if (selected >= targets->len)
    return;
  volume = g_ptr_array_index (targets, selected);
  if (plug_volume_get_mount_point (volume) == NULL)
    {
      g_autofree char *name = plug_volume_dup_display_name (volume);
      /* Translators: a volume's name */
      g_autofree char *message = g_strdup_printf (_("“%s” is no longer mounted: nothing was restored"), name);

      emit_done (self, message, NULL);
      return;
    }

  restore = g_new0 (Restore, 1);
  restore->self = g_object_ref (self);
  restore->copy = g_object_ref (copy);
  restore->target = g_strdup (plug_volume_get_mount_point (volume));
  restore->target_name = plug_volume_dup_display_name (volume);
  self->busy_name = g_strdup (plug_kept_copy_get_name (copy));
  refresh (self);
  plug_kept_copy_restore_async (copy, restore->target, self->operation_cancellable, restored_cb, restore);
}

static void
restore_clicked_cb (GtkWidget           *button,
                    PlugKeptCopiesGroup *self)
{
  PlugKeptCopy *copy = copy_of_button (self, button);
  g_autoptr(GPtrArray) targets = NULL;
  g_autofree char *name = NULL;
  g_autofree char *heading = NULL;
  PlugAlert *dialog;
  GtkStringList *choices;
  GtkWidget *drop_down;
  guint preferred = 0;

  if (copy == NULL)
    return;

  name = plug_kept_copy_dup_display_name (copy);
  targets = list_targets (self);
  /* Translators: a volume's name */
  heading = g_strdup_printf (_("Restore the Files of “%s”?"), name);

  if (targets->len == 0)
    {
      dialog = plug_alert_new (heading,
                               _("No drive is mounted to put the files on. Plug in "
                                 "the drive and open it in Files, then try again."));
      plug_alert_add_response (dialog, "close", _("_Close"));
      plug_alert_present (dialog, GTK_WIDGET (self));
      return;
    }

  choices = gtk_string_list_new (NULL);
  for (guint i = 0; i < targets->len; i++)
    {
      PlugVolume *volume = g_ptr_array_index (targets, i);
      g_autofree char *text = dup_target_text (volume);

      gtk_string_list_append (choices, text);
      if (g_strcmp0 (plug_volume_get_device (volume), plug_kept_copy_get_device (copy)) == 0)
        preferred = i;
    }
  drop_down = gtk_drop_down_new (G_LIST_MODEL (choices), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (drop_down), preferred);
  gtk_accessible_update_property (GTK_ACCESSIBLE (drop_down),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Restore to"),
                                  -1);

  dialog = plug_alert_new (heading,
                           _("The files go back to the top folder of the drive you "
                             "choose, each checked against the copy; then the copy is "
                             "deleted from this computer. Nothing on the drive is "
                             "replaced."));
  plug_alert_set_extra_child (dialog, drop_down);
  plug_alert_add_responses (dialog,
                            "cancel", _("_Cancel"),
                            "restore", _("_Restore"),
                            NULL);
  plug_alert_set_response_appearance (dialog, "restore", ADW_RESPONSE_SUGGESTED);
  plug_alert_set_default_response (dialog, "restore");
  plug_alert_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "plug-copy", g_object_ref (copy), g_object_unref);
  g_object_set_data_full (G_OBJECT (dialog), "plug-targets", g_steal_pointer (&targets),
                          (GDestroyNotify) g_ptr_array_unref);
  g_object_set_data (G_OBJECT (dialog), "plug-drop-down", drop_down);
  g_signal_connect_object (dialog, "response", G_CALLBACK (restore_response_cb), self, 0);
  plug_alert_present (dialog, GTK_WIDGET (self));
}

/* --- the rows ------------------------------------------------------------------ */

static GtkWidget *
add_button (GtkWidget           *row,
            PlugKeptCopy        *copy,
            const char          *label,
            const char          *icon_name,
            const char          *tooltip,
            const char          *accessible,
            GCallback            clicked,
            PlugKeptCopiesGroup *self)
{
  GtkWidget *button = label != NULL ? gtk_button_new_with_mnemonic (label)
                                    : gtk_button_new_from_icon_name (icon_name);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  if (tooltip != NULL)
    gtk_widget_set_tooltip_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, accessible,
                                  -1);
  /* GTK names a button by its own label too ("Restore…"), after the
   * name given: the name given says it all. */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  g_object_set_data_full (G_OBJECT (button), "plug-copy-name", g_strdup (plug_kept_copy_get_name (copy)), g_free);
  g_signal_connect (button, "clicked", clicked, self);
  gtk_widget_set_sensitive (button, !plug_kept_copy_get_in_use (copy) && self->busy_name == NULL);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
  return button;
}

static GtkWidget *
make_row (PlugKeptCopiesGroup *self,
          PlugKeptCopy        *copy)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *name = plug_kept_copy_dup_display_name (copy);
  g_autofree char *subtitle = dup_subtitle (copy);
  /* Translators: %s is a volume's name; what a screen reader says */
  g_autofree char *restore_label = g_strdup_printf (_("Restore the files of %s…"), name);
  /* Translators: %s is a volume's name; what a screen reader says */
  g_autofree char *open_label = g_strdup_printf (_("Open the files of %s"), name);
  /* Translators: %s is a volume's name; what a screen reader says */
  g_autofree char *delete_label = g_strdup_printf (_("Delete the files of %s…"), name);
  GtkWidget *button;

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);

  if (g_strcmp0 (self->busy_name, plug_kept_copy_get_name (copy)) == 0)
    {
      GtkWidget *spinner = gtk_spinner_new ();

      gtk_spinner_start (GTK_SPINNER (spinner));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), spinner);
    }

  add_button (row, copy, _("_Restore…"), NULL, NULL, restore_label,
              G_CALLBACK (restore_clicked_cb), self);
  add_button (row, copy, NULL, "folder-open-symbolic", _("Open in Files"), open_label,
              G_CALLBACK (open_clicked_cb), self);
  button = add_button (row, copy, NULL, "user-trash-symbolic", _("Delete…"), delete_label,
                       G_CALLBACK (delete_clicked_cb), self);
  gtk_widget_add_css_class (button, "destructive-action");

  return row;
}

static void
show_copies (PlugKeptCopiesGroup *self,
             GPtrArray           *copies)
{
  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self), g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
  g_clear_pointer (&self->copies, g_ptr_array_unref);
  self->copies = g_ptr_array_new_with_free_func (g_object_unref);

  /* A copy a reformat uses now is that reformat's: its wizard shows how
   * it goes. Only the one this group restores or deletes stays shown. */
  for (guint i = 0; i < copies->len; i++)
    {
      PlugKeptCopy *copy = g_ptr_array_index (copies, i);

      if (!plug_kept_copy_get_in_use (copy) ||
          g_strcmp0 (self->busy_name, plug_kept_copy_get_name (copy)) == 0)
        g_ptr_array_add (self->copies, g_object_ref (copy));
    }
  g_ptr_array_unref (copies);
  copies = self->copies;

  for (guint i = 0; i < copies->len; i++)
    {
      GtkWidget *row = make_row (self, g_ptr_array_index (copies, i));

      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
      g_ptr_array_add (self->rows, row);
    }

  gtk_widget_set_visible (GTK_WIDGET (self), copies->len > 0);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
listed_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *copies = plug_kept_copy_list_finish (result, &error);
  PlugKeptCopiesGroup *self;

  if (copies == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("Could not list the kept copies: %s", error->message);
      return;
    }

  self = PLUG_KEPT_COPIES_GROUP (user_data);
  show_copies (self, copies);
}

static void
refresh (PlugKeptCopiesGroup *self)
{
  g_autofree char *base_folder = plug_kept_copy_dup_base_folder ();

  /* Only the newest listing counts. */
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  plug_kept_copy_list_async (base_folder, self->cancellable, listed_cb, self);
}

static gboolean
refresh_timeout_cb (gpointer user_data)
{
  PlugKeptCopiesGroup *self = user_data;

  self->refresh_id = 0;
  refresh (self);
  return G_SOURCE_REMOVE;
}

/* A copy is made, restored or removed as a run goes: listed again once
 * the folder has been still for a moment. */
static void
folder_changed_cb (GFileMonitor        *monitor,
                   GFile               *file,
                   GFile               *other_file,
                   GFileMonitorEvent    event,
                   PlugKeptCopiesGroup *self)
{
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  self->refresh_id = g_timeout_add (500, refresh_timeout_cb, self);
}

static void
plug_kept_copies_group_dispose (GObject *object)
{
  PlugKeptCopiesGroup *self = PLUG_KEPT_COPIES_GROUP (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_cancellable_cancel (self->operation_cancellable);
  g_clear_object (&self->operation_cancellable);
  g_clear_handle_id (&self->refresh_id, g_source_remove);
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  g_clear_object (&self->drive_list);
  g_clear_pointer (&self->copies, g_ptr_array_unref);

  G_OBJECT_CLASS (plug_kept_copies_group_parent_class)->dispose (object);
}

static void
plug_kept_copies_group_finalize (GObject *object)
{
  PlugKeptCopiesGroup *self = PLUG_KEPT_COPIES_GROUP (object);

  g_ptr_array_unref (self->rows);
  g_free (self->busy_name);

  G_OBJECT_CLASS (plug_kept_copies_group_parent_class)->finalize (object);
}

static void
plug_kept_copies_group_class_init (PlugKeptCopiesGroupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = plug_kept_copies_group_dispose;
  object_class->finalize = plug_kept_copies_group_finalize;

  /**
   * PlugKeptCopiesGroup::done:
   * @message: what happened, one line
   * @details: (nullable): the error, when it failed
   *
   * A restore or a delete ended.
   */
  signals[SIGNAL_DONE] = g_signal_new ("done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                       NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
  /**
   * PlugKeptCopiesGroup::changed:
   *
   * The copies were listed again.
   */
  signals[SIGNAL_CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                          NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
plug_kept_copies_group_init (PlugKeptCopiesGroup *self)
{
  g_autofree char *base_folder = plug_kept_copy_dup_base_folder ();
  g_autoptr(GFile) folder = g_file_new_for_path (base_folder);

  self->rows = g_ptr_array_new ();
  self->cancellable = g_cancellable_new ();
  self->operation_cancellable = g_cancellable_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self), _("Kept Files"));
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self),
                                         _("A reformat copied these files to this computer and did not put "
                                           "them back, because it was stopped. Restore them to the drive, or "
                                           "delete them."));
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);

  /* The folder may not be there yet: GLib watches it from its parent. */
  self->monitor = g_file_monitor_directory (folder, G_FILE_MONITOR_NONE, NULL, NULL);
  if (self->monitor != NULL)
    g_signal_connect (self->monitor, "changed", G_CALLBACK (folder_changed_cb), self);

  refresh (self);
}

GtkWidget *
plug_kept_copies_group_new (void)
{
  return g_object_new (PLUG_TYPE_KEPT_COPIES_GROUP, NULL);
}

/**
 * plug_kept_copies_group_set_drive_list:
 *
 * The drives whose mounted volumes a restore offers.
 */
void
plug_kept_copies_group_set_drive_list (PlugKeptCopiesGroup *self,
                                       PlugDriveList       *drive_list)
{
  g_return_if_fail (PLUG_IS_KEPT_COPIES_GROUP (self));

  g_set_object (&self->drive_list, drive_list);
}

guint
plug_kept_copies_group_get_n_copies (PlugKeptCopiesGroup *self)
{
  g_return_val_if_fail (PLUG_IS_KEPT_COPIES_GROUP (self), 0);

  return self->copies != NULL ? self->copies->len : 0;
}
