/* plug-fit-dialog.c: “Will it fit?”, for one volume
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-drives"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-filesystem-type.h"
#include "plug-fit-check.h"
#include "plug-fit-dialog.h"

/*
 * The user drops files or folders on the window (or on the volume's row
 * in the panel), or chooses them; the core reads them in a thread and
 * says whether the volume takes them as they are: files larger than its
 * filesystem's largest, names it cannot store, links it cannot hold, and
 * whether there is room. Nothing is copied. When another filesystem
 * would take everything, with the files already there, the dialog offers
 * the reformat that keeps them: the panel opens the wizard with that
 * filesystem chosen and Keep My Files on (the “reformat” signal).
 */

/* Rows shown for one kind of problem; the rest are counted. */
#define MAX_ROWS 100

struct _PlugFitDialog
{
  PlugDialog           parent_instance;

  /* Template widgets */
  AdwWindowTitle      *window_title;
  GtkWidget           *choose_again_button;
  GtkStack            *stack;
  AdwStatusPage       *choose_page;
  GtkSpinner          *spinner;
  AdwPreferencesPage  *result_page;
  AdwActionRow        *verdict_row;
  GtkImage            *verdict_icon;
  AdwActionRow        *space_row;
  AdwActionRow        *suggestion_row;
  GtkButton           *reformat_button;
  AdwStatusPage       *failed_page;

  /* Owned */
  PlugVolume          *volume;
  GCancellable        *cancellable;
  PlugFitReport       *report;
  /* The groups of problems of the last report, to remove before the next. */
  GPtrArray           *problem_groups;
};

G_DEFINE_FINAL_TYPE (PlugFitDialog, plug_fit_dialog, PLUG_TYPE_DIALOG)

enum {
  SIGNAL_REFORMAT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
filesystem_display_name (const char *filesystem)
{
  const PlugFilesystemType *type = plug_filesystem_type_lookup (filesystem);

  return type != NULL ? type->display_name : filesystem;
}

static void
show_page (PlugFitDialog *self,
           const char    *name)
{
  gtk_stack_set_visible_child_name (self->stack, name);
  gtk_spinner_set_spinning (self->spinner, g_str_equal (name, "reading"));
  gtk_widget_set_visible (self->choose_again_button, !g_str_equal (name, "choose"));
}

static void
add_problem_group (PlugFitDialog *self,
                   const char    *title,
                   GPtrArray     *problems,
                   gboolean       with_size)
{
  GtkWidget *group;

  if (problems->len == 0)
    return;

  group = adw_preferences_group_new ();
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);

  for (guint i = 0; i < problems->len && i < MAX_ROWS; i++)
    {
      PlugFitProblem *problem = g_ptr_array_index (problems, i);
      g_autofree char *name = g_path_get_basename (problem->path);
      g_autofree char *subtitle = NULL;
      GtkWidget *row = adw_action_row_new ();

      if (with_size)
        {
          g_autofree char *size_text = g_format_size (problem->size);

          /* Translators: a size, then why, then where the file is */
          subtitle = g_strdup_printf (_("%s, %s\n%s"), size_text, problem->reason, problem->path);
        }
      else
        {
          /* Translators: why, then where the file is */
          subtitle = g_strdup_printf (_("%s\n%s"), problem->reason, problem->path);
        }

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), name);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
    }

  if (problems->len > MAX_ROWS)
    {
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *more = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "And %u more", "And %u more",
                                                            problems->len - MAX_ROWS),
                                               problems->len - MAX_ROWS);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), more);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
    }

  adw_preferences_page_add (self->result_page, ADW_PREFERENCES_GROUP (group));
  g_ptr_array_add (self->problem_groups, group);
}

static void
show_report (PlugFitDialog *self)
{
  const PlugFitReport *report = self->report;
  const char *filesystem_name = filesystem_display_name (plug_fit_report_get_filesystem (report));
  const char *suggested = plug_fit_report_get_suggested_filesystem (report);
  g_autofree char *total_text = g_format_size (plug_fit_report_get_total_bytes (report));
  g_autofree char *needed_text = g_format_size (plug_fit_report_get_needed_bytes (report));
  g_autofree char *counts = NULL;
  g_autofree char *files_text = NULL;
  g_autofree char *folders_text = NULL;
  g_autofree char *space = NULL;
  g_autofree char *title = NULL;
  guint64 free_bytes = 0;
  gboolean free_known = plug_fit_report_get_free_bytes (report, &free_bytes);
  gboolean fits = plug_fit_report_get_fits (report);

  for (guint i = 0; i < self->problem_groups->len; i++)
    adw_preferences_page_remove (self->result_page, g_ptr_array_index (self->problem_groups, i));
  g_ptr_array_set_size (self->problem_groups, 0);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->verdict_row),
                                 fits ? _("It Fits") : _("It Does Not Fit as It Is"));
  files_text = g_strdup_printf (ngettext ("%u file", "%u files", plug_fit_report_get_n_files (report)),
                                plug_fit_report_get_n_files (report));
  folders_text = g_strdup_printf (ngettext ("%u folder", "%u folders", plug_fit_report_get_n_folders (report)),
                                  plug_fit_report_get_n_folders (report));
  /* Translators: “3 files”, “2 folders”, then a size */
  counts = g_strdup_printf (_("%s in %s, %s in all"), files_text, folders_text, total_text);
  adw_action_row_set_subtitle (self->verdict_row, counts);
  gtk_image_set_from_icon_name (self->verdict_icon, fits ? "emblem-ok-symbolic" : "dialog-warning-symbolic");

  if (!free_known)
    /* Translators: a size */
    space = g_strdup_printf (_("They take %s. How much is free is not known while it is not mounted: "
                               "open it in Files, and choose them again."), needed_text);
  else
    {
      g_autofree char *free_text = g_format_size (free_bytes);

      if (plug_fit_report_get_needed_bytes (report) <= free_bytes)
        /* Translators: two sizes */
        space = g_strdup_printf (_("They take %s, and %s is free: there is room"), needed_text, free_text);
      else
        /* Translators: two sizes */
        space = g_strdup_printf (_("They take %s, but only %s is free"), needed_text, free_text);
    }
  adw_action_row_set_subtitle (self->space_row, space);

  /* Translators: %s is a filesystem, such as FAT32 */
  title = g_strdup_printf (_("Too Large for %s"), filesystem_name);
  add_problem_group (self, title, plug_fit_report_get_too_large (report), TRUE);
  g_free (title);
  /* Translators: %s is a filesystem, such as FAT32 */
  title = g_strdup_printf (_("Names %s Cannot Store"), filesystem_name);
  add_problem_group (self, title, plug_fit_report_get_bad_names (report), FALSE);
  add_problem_group (self, _("Not Copied at All"), plug_fit_report_get_not_carried (report), FALSE);

  gtk_widget_set_visible (GTK_WIDGET (self->suggestion_row), suggested != NULL);
  if (suggested != NULL)
    {
      g_autofree char *suggestion = NULL;
      g_autofree char *button_label = NULL;

      /* Translators: %s is a filesystem, such as exFAT */
      suggestion = g_strdup_printf (_("Reformatted as %s, keeping the files already on it, it would take them all"),
                                    filesystem_display_name (suggested));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->suggestion_row), suggestion);
      /* Translators: %s is a filesystem, such as exFAT */
      button_label = g_strdup_printf (_("_Reformat as %s…"), filesystem_display_name (suggested));
      gtk_button_set_label (self->reformat_button, button_label);
    }

  show_page (self, "result");
}

static void
checked_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(PlugFitDialog) self = user_data;
  g_autoptr(PlugFitReport) report = NULL;
  g_autoptr(GError) error = NULL;

  report = plug_fit_check_finish (result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  if (report == NULL)
    {
      adw_status_page_set_description (self->failed_page, error->message);
      show_page (self, "failed");
      return;
    }

  g_clear_pointer (&self->report, plug_fit_report_free);
  self->report = g_steal_pointer (&report);
  show_report (self);
}

/**
 * plug_fit_dialog_check_files:
 * @self: a dialog
 * @files: (element-type GFile): the files and folders to hold against
 *   the volume
 *
 * Reads them, and shows what the volume makes of them.
 */
void
plug_fit_dialog_check_files (PlugFitDialog *self,
                             GSList        *files)
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  const char *filesystem;

  g_return_if_fail (PLUG_IS_FIT_DIALOG (self));

  for (GSList *l = files; l != NULL; l = l->next)
    {
      char *path = g_file_get_path (l->data);

      /* Only files on this computer: a network location has no size to
       * read cheaply, and may not be copied as it is. */
      if (path != NULL)
        g_ptr_array_add (paths, path);
    }
  if (paths->len == 0)
    return;
  g_ptr_array_add (paths, NULL);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();

  filesystem = plug_volume_get_filesystem (self->volume);
  show_page (self, "reading");
  plug_fit_check_async (filesystem != NULL ? filesystem : "",
                        plug_volume_get_mount_point (self->volume),
                        plug_volume_get_size (self->volume),
                        (const char * const *) paths->pdata,
                        self->cancellable, checked_cb, g_object_ref (self));
}

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         PlugFitDialog *self)
{
  GdkFileList *list;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;

  list = g_value_get_boxed (value);
  plug_fit_dialog_check_files (self, gdk_file_list_get_files (list));

  return TRUE;
}

static void
chooser_response_cb (GtkNativeDialog *chooser,
                     int              response,
                     PlugFitDialog   *self)
{
  g_autoptr(GListModel) files = NULL;
  g_autoptr(GSList) list = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (chooser));
      for (guint i = 0; i < g_list_model_get_n_items (files); i++)
        list = g_slist_append (list, g_list_model_get_item (files, i));
      plug_fit_dialog_check_files (self, list);
      g_slist_free_full (g_steal_pointer (&list), g_object_unref);
    }

  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
}

static void
choose (PlugFitDialog        *self,
        GtkFileChooserAction  action)
{
  GtkFileChooserNative *chooser;

  chooser = gtk_file_chooser_native_new (action == GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
                                         ? _("Choose a Folder") : _("Choose Files"),
                                         plug_dialog_get_window (PLUG_DIALOG (self)), action,
                                         _("_Check"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (chooser_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
choose_files_activated (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  choose (PLUG_FIT_DIALOG (widget), GTK_FILE_CHOOSER_ACTION_OPEN);
}

static void
choose_folder_activated (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  choose (PLUG_FIT_DIALOG (widget), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER);
}

static void
reformat_activated (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  PlugFitDialog *self = PLUG_FIT_DIALOG (widget);
  const char *suggested = self->report != NULL ? plug_fit_report_get_suggested_filesystem (self->report) : NULL;

  if (suggested == NULL)
    return;

  g_signal_emit (self, signals[SIGNAL_REFORMAT], 0, suggested);
  plug_dialog_force_close (PLUG_DIALOG (self));
}

static void
plug_fit_dialog_dispose (GObject *object)
{
  PlugFitDialog *self = PLUG_FIT_DIALOG (object);

  g_cancellable_cancel (self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), PLUG_TYPE_FIT_DIALOG);

  G_OBJECT_CLASS (plug_fit_dialog_parent_class)->dispose (object);
}

static void
plug_fit_dialog_finalize (GObject *object)
{
  PlugFitDialog *self = PLUG_FIT_DIALOG (object);

  g_clear_object (&self->volume);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->report, plug_fit_report_free);
  g_clear_pointer (&self->problem_groups, g_ptr_array_unref);

  G_OBJECT_CLASS (plug_fit_dialog_parent_class)->finalize (object);
}

static void
plug_fit_dialog_class_init (PlugFitDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = plug_fit_dialog_dispose;
  object_class->finalize = plug_fit_dialog_finalize;

  /**
   * PlugFitDialog::reformat:
   * @filesystem: the filesystem that takes everything
   *
   * The user asked to reformat the volume to @filesystem, keeping its
   * files; the dialog closes.
   */
  signals[SIGNAL_REFORMAT] = g_signal_new ("reformat",
                                           G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_install_action (widget_class, "fit.choose-files", NULL, choose_files_activated);
  gtk_widget_class_install_action (widget_class, "fit.choose-folder", NULL, choose_folder_activated);
  gtk_widget_class_install_action (widget_class, "fit.reformat", NULL, reformat_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "dialog.close", NULL);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/plugboard/Plugboard/panels/drives/plug-fit-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, PlugFitDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, PlugFitDialog, choose_again_button);
  gtk_widget_class_bind_template_child (widget_class, PlugFitDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, PlugFitDialog, choose_page);
  gtk_widget_class_bind_template_child (widget_class, PlugFitDialog, spinner);
  gtk_widget_class_bind_template_child (widget_class, PlugFitDialog, result_page);
  gtk_widget_class_bind_template_child (widget_class, PlugFitDialog, verdict_row);
  gtk_widget_class_bind_template_child (widget_class, PlugFitDialog, verdict_icon);
  gtk_widget_class_bind_template_child (widget_class, PlugFitDialog, space_row);
  gtk_widget_class_bind_template_child (widget_class, PlugFitDialog, suggestion_row);
  gtk_widget_class_bind_template_child (widget_class, PlugFitDialog, reformat_button);
  gtk_widget_class_bind_template_child (widget_class, PlugFitDialog, failed_page);
}

static void
plug_fit_dialog_init (PlugFitDialog *self)
{
  GtkDropTarget *target;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->cancellable = g_cancellable_new ();
  self->problem_groups = g_ptr_array_new ();

  target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (target, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));

  show_page (self, "choose");
}

/**
 * plug_fit_dialog_new:
 * @volume: the volume files are to be copied onto
 *
 * Returns: (transfer full): the dialog, for the caller to present
 */
GtkWidget *
plug_fit_dialog_new (PlugVolume *volume)
{
  PlugFitDialog *self;
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  g_autofree char *description = NULL;

  g_return_val_if_fail (PLUG_IS_VOLUME (volume), NULL);

  self = g_object_new (PLUG_TYPE_FIT_DIALOG, NULL);
  self->volume = g_object_ref (volume);

  name = plug_volume_dup_display_name (volume);
  /* Translators: the window's title; %s is a volume's name */
  title = g_strdup_printf (_("Will It Fit on %s?"), name);
  plug_dialog_set_title (PLUG_DIALOG (self), title);
  adw_window_title_set_subtitle (self->window_title, name);
  /* Translators: %s is a volume's name */
  description = g_strdup_printf (_("Plugboard reads them and says whether %s can hold them as they are. "
                                   "Nothing is copied."), name);
  adw_status_page_set_description (self->choose_page, description);

  return GTK_WIDGET (self);
}
