/* plug-format-dialog.c: The reformat wizard
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-drives"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-drive-error.h"
#include "plug-drive-watch.h"
#include "plug-filesystem-type.h"
#include "plug-format-dialog.h"
#include "plug-panel.h"
#include "plug-session-inhibit.h"
#include "plug-format-operation.h"
#include "plug-keep-files-operation.h"
#include "plug-keep-files-text.h"
#include "plug-label-editor.h"
#include "plug-label-rules.h"
#include "plug-package-installer.h"

/*
 * Four steps, as plugboardctl drives format asks the same questions:
 * what the drive is for (which picks the filesystem), its name, what to
 * reformat, and a confirmation that lists what will be lost with Cancel
 * as the default. Then PlugFormatOperation does the work, and the wizard
 * shows its steps as it reports them. The operation is made when the
 * confirmation is shown, so that it remembers the drive as the user saw
 * it, and refuses to act if it is another by then.
 *
 * With "Keep my files" on, PlugKeepFilesOperation wraps the reformat: it
 * is made with the confirmation too, and plans there (reading the files,
 * never on the main loop); the destructive button waits for the plan and
 * stays insensitive, with the reason, when the files cannot be kept.
 *
 * Until the reformat starts, the wizard watches the drive
 * (PlugDriveWatch): when it is removed, or its medium changed, the
 * wizard closes and the panel says why; once it runs, the operation
 * itself finds out and says so. While it runs (keep-my-files too), the
 * application holds off suspend and logout (gtk_application_inhibit()),
 * saying why in the words plugboardctl gives logind.
 *
 * Keyboard: Enter advances from anywhere in a step that is complete
 * (except on a button, which it presses), Escape cancels, and each step
 * puts the focus on its first choice. On the confirmation, Enter presses
 * Cancel.
 */

typedef enum {
  PAGE_PURPOSE,
  PAGE_NAME,
  PAGE_SCOPE,
  PAGE_CONFIRM,
  PAGE_PROGRESS,
  PAGE_FAILED,
} Page;

#define N_STEPS 4

static const char * const page_names[] = {
  [PAGE_PURPOSE] = "purpose",
  [PAGE_NAME] = "name",
  [PAGE_SCOPE] = "scope",
  [PAGE_CONFIRM] = "confirm",
  [PAGE_PROGRESS] = "progress",
  [PAGE_FAILED] = "failed",
};

struct _PlugFormatDialog
{
  PlugDialog           parent_instance;

  /* Template widgets */
  AdwWindowTitle      *window_title;
  GtkWidget           *cancel_button;
  GtkWidget           *back_button;
  GtkWidget           *next_button;
  GtkWidget           *format_button;
  GtkStack            *stack;
  AdwPreferencesGroup *purpose_group;
  PlugLabelEditor     *label_editor;
  AdwActionRow        *volume_row;
  GtkCheckButton      *volume_check;
  AdwActionRow        *drive_row;
  GtkCheckButton      *drive_check;
  GtkSwitch           *erase_switch;
  AdwActionRow        *keep_row;
  GtkSwitch           *keep_switch;
  GtkWidget           *erase_row;
  AdwPreferencesGroup *keep_group;
  AdwActionRow        *keep_files_row;
  GtkSpinner          *keep_spinner;
  AdwActionRow        *keep_space_row;
  AdwActionRow        *keep_copy_row;
  AdwActionRow        *keep_not_carried_row;
  GtkLabel            *keep_counts_label;
  GtkWidget           *open_copy_button;
  AdwPreferencesGroup *lost_group;
  AdwActionRow        *result_row;
  AdwStatusPage       *progress_page;
  GtkProgressBar      *progress_bar;
  GtkLabel            *progress_label;
  AdwStatusPage       *failed_page;
  GtkLabel            *details_label;

  /* Owned */
  UDisksClient        *client;
  PlugDrive           *drive;
  PlugVolume          *volume;
  PlugFormatOperation *operation;
  PlugKeepFilesOperation *keep_operation;
  GCancellable        *plan_cancellable;
  char                *kept_copy_path;
  GCancellable        *cancellable;
  GCancellable        *operation_cancellable;
  GPtrArray           *lost_rows;
  guint                pulse_id;
  PlugDriveWatch      *watch;
  /* Keep my files, asked for by whoever opened the wizard: on as soon as
   * the files can be kept. */
  gboolean             preset_keep;
  char                *target_name;
  PlugSessionInhibit   inhibit;

  /* One check button per filesystem type, in the core's order; the rows
   * hold them. */
  GPtrArray           *type_checks;
  const PlugFilesystemType *type;

  Page                 page;
  PlugFormatStep       furthest_step;
  gboolean             name_filled;
  gboolean             running;
  gboolean             can_keep;
  gboolean             planned;
};

G_DEFINE_FINAL_TYPE (PlugFormatDialog, plug_format_dialog, PLUG_TYPE_DIALOG)

enum {
  SIGNAL_DONE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
is_whole_drive (PlugFormatDialog *self)
{
  return gtk_check_button_get_active (self->drive_check);
}

static gboolean
can_advance (PlugFormatDialog *self)
{
  switch (self->page)
    {
    case PAGE_PURPOSE:
      return self->type != NULL;
    case PAGE_NAME:
      return plug_label_editor_get_valid (self->label_editor);
    case PAGE_SCOPE:
      return TRUE;
    case PAGE_CONFIRM:
    case PAGE_PROGRESS:
    case PAGE_FAILED:
    default:
      return FALSE;
    }
}

static void
update_buttons (PlugFormatDialog *self)
{
  gboolean asking = self->page <= PAGE_CONFIRM;

  gtk_widget_set_visible (self->back_button, self->page > PAGE_PURPOSE && asking);
  gtk_widget_set_visible (self->next_button, self->page < PAGE_CONFIRM);
  gtk_widget_set_visible (self->format_button, self->page == PAGE_CONFIRM);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "format.next", can_advance (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "format.back", self->page > PAGE_PURPOSE && asking);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "format.format",
                                 self->page == PAGE_CONFIRM && self->operation != NULL &&
                                 (self->keep_operation == NULL || self->planned));

  if (self->page == PAGE_FAILED)
    gtk_button_set_label (GTK_BUTTON (self->cancel_button), _("_Close"));
  else
    gtk_button_set_label (GTK_BUTTON (self->cancel_button), _("_Cancel"));

  /* The destructive button is never the default. */
  if (self->page < PAGE_CONFIRM)
    plug_dialog_set_default_widget (PLUG_DIALOG (self), self->next_button);
  else
    plug_dialog_set_default_widget (PLUG_DIALOG (self), self->cancel_button);

  if (asking)
    {
      g_autofree char *subtitle =
        /* Translators: where the wizard is, such as “Step 2 of 4” */
        g_strdup_printf (_("Step %d of %d"), (int) self->page + 1, N_STEPS);

      adw_window_title_set_subtitle (self->window_title, subtitle);
    }
  else
    {
      adw_window_title_set_subtitle (self->window_title, "");
    }
}

/* --- step 1: what the drive is for -------------------------------------- */

static void
type_toggled_cb (GtkCheckButton   *check,
                 PlugFormatDialog *self)
{
  guint n_types;
  const PlugFilesystemType *types = plug_filesystem_type_get_all (&n_types);

  if (!gtk_check_button_get_active (check))
    return;

  for (guint i = 0; i < self->type_checks->len; i++)
    {
      if (g_ptr_array_index (self->type_checks, i) == check)
        self->type = &types[i];
    }

  update_buttons (self);
}

static GtkCheckButton *
find_type_check (PlugFormatDialog *self,
                 const char       *id)
{
  guint n_types;
  const PlugFilesystemType *types = plug_filesystem_type_get_all (&n_types);

  for (guint i = 0; i < n_types; i++)
    {
      if (g_str_equal (types[i].id, id))
        return g_ptr_array_index (self->type_checks, i);
    }

  return NULL;
}

/* When the chosen filesystem turns out to be missing, the first one that
 * is not takes its place, so that the step never offers what cannot be. */
static void
choose_available_type (PlugFormatDialog *self)
{
  for (guint i = 0; i < self->type_checks->len; i++)
    {
      GtkWidget *check = g_ptr_array_index (self->type_checks, i);

      if (gtk_widget_get_sensitive (check))
        {
          gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
          return;
        }
    }

  self->type = NULL;
  update_buttons (self);
}

static void
make_unavailable (PlugFormatDialog *self,
                  GtkCheckButton   *check,
                  const char       *reason)
{
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (check), ADW_TYPE_ACTION_ROW);
  g_autofree char *subtitle = NULL;

  /* Translators: a filesystem, then why it cannot be chosen, such as
   * “NTFS · Install the “ntfs-3g” package to use it” */
  subtitle = g_strdup_printf (_("%s · %s"), (const char *) g_object_get_data (G_OBJECT (check), "filesystem-name"), reason);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_sensitive (row, FALSE);
  gtk_widget_set_sensitive (GTK_WIDGET (check), FALSE);

  if (gtk_check_button_get_active (check))
    {
      gtk_check_button_set_active (check, FALSE);
      choose_available_type (self);
    }
}

/* The subtitle a filesystem's row has while it can be chosen. */
static char *
dup_type_subtitle (const PlugFilesystemType *type)
{
  const char *note = plug_filesystem_type_get_note (type);

  if (note != NULL)
    return g_strdup_printf (_("%s · %s"), type->display_name, note);

  return g_strdup (type->display_name);
}

static void availability_cb (GObject *object, GAsyncResult *result, gpointer user_data);

static void
installed_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GtkButton) button = user_data;
  g_autoptr(GError) error = NULL;
  GtkCheckButton *check = g_object_get_data (G_OBJECT (button), "check");
  PlugFormatDialog *self = PLUG_FORMAT_DIALOG (gtk_widget_get_ancestor (GTK_WIDGET (button), PLUG_TYPE_FORMAT_DIALOG));
  const PlugFilesystemType *type;
  GtkWidget *row;

  if (self == NULL || g_cancellable_is_cancelled (self->cancellable))
    return;

  gtk_widget_set_sensitive (GTK_WIDGET (button), TRUE);
  gtk_button_set_label (button, _("_Install…"));
  row = gtk_widget_get_ancestor (GTK_WIDGET (check), ADW_TYPE_ACTION_ROW);
  type = plug_filesystem_type_lookup (g_object_get_data (G_OBJECT (check), "filesystem-id"));

  if (!plug_package_installer_install_files_finish (result, &error))
    {
      g_autofree char *subtitle = NULL;

      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      /* Translators: a filesystem, then the installer's error */
      subtitle = g_strdup_printf (_("%s · Could not install it: %s"), type->display_name, error->message);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      return;
    }

  /* Installed, says the installer: udisks is asked again, as at first. */
  plug_filesystem_type_check_available_async (self->client, type->id, self->cancellable,
                                              availability_cb, g_object_ref (check));
}

static void
install_clicked_cb (GtkButton *button,
                    gpointer   user_data)
{
  const char *files[] = { g_object_get_data (G_OBJECT (button), "path"), NULL };
  PlugFormatDialog *self = PLUG_FORMAT_DIALOG (gtk_widget_get_ancestor (GTK_WIDGET (button), PLUG_TYPE_FORMAT_DIALOG));

  gtk_widget_set_sensitive (GTK_WIDGET (button), FALSE);
  gtk_button_set_label (button, _("Installing…"));
  plug_package_installer_install_files_async (files, self->cancellable, installed_cb, g_object_ref (button));
}

static void
installer_checked_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(GtkWidget) button = user_data;
  g_autoptr(GError) error = NULL;

  if (plug_package_installer_check_finish (result, &error))
    gtk_widget_set_visible (button, TRUE);
  else if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_debug ("No software installer on the session bus: %s", error->message);
}

/* Offers the package that provides @program, through the desktop's
 * software installer when one answers; the row names the package either
 * way. */
static void
offer_install (PlugFormatDialog *self,
               GtkCheckButton   *check,
               const char       *program)
{
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (check), ADW_TYPE_ACTION_ROW);
  GtkWidget *button = g_object_get_data (G_OBJECT (check), "install-button");

  if (button == NULL)
    {
      button = gtk_button_new_with_mnemonic (_("_Install…"));
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_set_visible (button, FALSE);
      g_object_set_data (G_OBJECT (button), "check", check);
      g_object_set_data_full (G_OBJECT (button), "path",
                              plug_package_installer_dup_program_path (program), g_free);
      g_signal_connect (button, "clicked", G_CALLBACK (install_clicked_cb), NULL);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      g_object_set_data (G_OBJECT (check), "install-button", button);
      plug_package_installer_check_async (self->cancellable, installer_checked_cb, g_object_ref (button));
    }

  /* The row stays usable for its button; its check box does not. */
  gtk_widget_set_sensitive (row, TRUE);
}

/* The program is there now: the filesystem can be chosen. */
static void
make_available (PlugFormatDialog *self,
                GtkCheckButton   *check)
{
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (check), ADW_TYPE_ACTION_ROW);
  GtkWidget *button = g_object_get_data (G_OBJECT (check), "install-button");
  g_autofree char *subtitle = dup_type_subtitle (plug_filesystem_type_lookup (g_object_get_data (G_OBJECT (check),
                                                                                                 "filesystem-id")));

  if (button != NULL)
    {
      adw_action_row_remove (ADW_ACTION_ROW (row), button);
      g_object_set_data (G_OBJECT (check), "install-button", NULL);
    }
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_sensitive (row, TRUE);
  gtk_widget_set_sensitive (GTK_WIDGET (check), TRUE);
  if (self->type == NULL)
    gtk_check_button_set_active (check, TRUE);
}

static void
availability_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GtkCheckButton) check = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *missing_utility = NULL;
  PlugFormatDialog *self;
  const char *package;
  g_autofree char *reason = NULL;

  gboolean available = plug_filesystem_type_check_available_finish (result, &missing_utility, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  self = PLUG_FORMAT_DIALOG (gtk_widget_get_ancestor (GTK_WIDGET (check), PLUG_TYPE_FORMAT_DIALOG));
  if (self == NULL)
    return;

  if (available)
    {
      /* After an install: it was offered, and can be chosen now. */
      if (!gtk_widget_get_sensitive (GTK_WIDGET (check)))
        make_available (self, check);
      return;
    }

  /* Not knowing is no reason to refuse: the operation asks again. */
  if (error != NULL)
    {
      g_debug ("Could not ask udisks which filesystems it can create: %s", error->message);
      return;
    }

  package = plug_filesystem_type_get_package_for_utility (missing_utility);
  if (package != NULL)
    /* Translators: %s is a package, such as exfatprogs */
    reason = g_strdup_printf (_("Install the “%s” package to use it"), package);
  else if (missing_utility != NULL)
    /* Translators: %s is a program, such as mkfs.exfat */
    reason = g_strdup_printf (_("Needs the program %s, which is not installed"), missing_utility);
  else
    reason = g_strdup (_("This system cannot create it"));

  make_unavailable (self, check, reason);
  if (package != NULL)
    offer_install (self, check, missing_utility);
}

static void
build_purpose_rows (PlugFormatDialog *self)
{
  guint n_types;
  const PlugFilesystemType *types = plug_filesystem_type_get_all (&n_types);
  const char *default_id = plug_filesystem_type_choose_default (plug_drive_get_connection (self->drive),
                                                                plug_drive_is_removable (self->drive));
  GtkCheckButton *first = NULL;

  for (guint i = 0; i < n_types; i++)
    {
      const PlugFilesystemType *type = &types[i];
      g_autofree char *title = NULL;
      g_autofree char *subtitle = NULL;
      g_autofree char *accessible = NULL;
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();

      if (type->purpose == PLUG_FILESYSTEM_PURPOSE_OTHER)
        /* Translators: “Other”, then a filesystem, such as “Other: Btrfs” */
        title = g_strdup_printf (_("%s: %s"), plug_filesystem_purpose_get_title (type->purpose), type->display_name);
      else
        title = g_strdup (plug_filesystem_purpose_get_title (type->purpose));

      subtitle = dup_type_subtitle (type);

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);

      /* Translators: a purpose and its filesystem, such as “Linux only (ext4)” */
      accessible = g_strdup_printf (_("%s (%s)"), title, type->display_name);
      gtk_accessible_update_property (GTK_ACCESSIBLE (check),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, accessible,
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, subtitle,
                                      -1);
      g_object_set_data_full (G_OBJECT (check), "filesystem-name", g_strdup (type->display_name), g_free);
      g_object_set_data (G_OBJECT (check), "filesystem-id", (gpointer) type->id);

      if (first == NULL)
        first = GTK_CHECK_BUTTON (check);
      else
        gtk_check_button_set_group (GTK_CHECK_BUTTON (check), first);

      g_signal_connect_object (check, "toggled", G_CALLBACK (type_toggled_cb), self, 0);
      g_ptr_array_add (self->type_checks, check);
      adw_preferences_group_add (self->purpose_group, row);
    }

  gtk_check_button_set_active (find_type_check (self, default_id), TRUE);

  for (guint i = 0; i < n_types; i++)
    {
      GtkCheckButton *check = g_ptr_array_index (self->type_checks, i);

      if (types[i].min_size > 0 && plug_volume_get_size (self->volume) < types[i].min_size)
        {
          g_autofree char *size_text = g_format_size (types[i].min_size);
          g_autofree char *reason =
            /* Translators: %s is a size, such as 300.0 MB */
            g_strdup_printf (_("Needs a volume of at least %s"), size_text);

          make_unavailable (self, check, reason);
          continue;
        }

      plug_filesystem_type_check_available_async (self->client, types[i].id, self->cancellable,
                                                  availability_cb, g_object_ref (check));
    }
}

/* --- step 2: the name ------------------------------------------------------ */

static void
enter_name_page (PlugFormatDialog *self)
{
  plug_label_editor_set_filesystem (self->label_editor, self->type->id, NULL);

  /* The current name, if the new filesystem takes it. */
  if (!self->name_filled)
    {
      const char *label = plug_volume_get_label (self->volume);
      g_autofree char *normalized = NULL;

      if (label != NULL)
        normalized = plug_label_rules_normalize (self->type->id, label, NULL);
      plug_label_editor_set_text (self->label_editor, normalized != NULL ? label : "");
      self->name_filled = TRUE;
    }
}

static void
label_valid_cb (PlugFormatDialog *self)
{
  update_buttons (self);
}

/* --- step 3: what to reformat -------------------------------------------- */

static void
scope_toggled_cb (PlugFormatDialog *self)
{
  update_buttons (self);
}

static gboolean
is_keeping_files (PlugFormatDialog *self)
{
  return self->can_keep && gtk_switch_get_active (self->keep_switch);
}

/* Keeping the files and overwriting them exclude each other. */
static void
existing_data_changed_cb (PlugFormatDialog *self)
{
  gboolean keep = gtk_switch_get_active (self->keep_switch);
  gboolean erase = gtk_switch_get_active (self->erase_switch);

  gtk_widget_set_sensitive (GTK_WIDGET (self->keep_row), self->can_keep && !erase);
  gtk_widget_set_sensitive (self->erase_row, !keep);
}

static void
set_keep_unavailable (PlugFormatDialog *self,
                      const char       *reason)
{
  self->can_keep = FALSE;
  gtk_switch_set_active (self->keep_switch, FALSE);
  adw_action_row_set_subtitle (self->keep_row, reason);
  existing_data_changed_cb (self);
}

static void
mount_point_access_cb (GObject      *object,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  PlugFormatDialog *self;

  info = g_file_query_info_finish (G_FILE (object), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  /* The dialog lives until its cancellable is cancelled. */
  self = PLUG_FORMAT_DIALOG (user_data);

  if (info == NULL)
    {
      g_autofree char *reason =
        /* Translators: why the files cannot be kept; %s says why the
         * volume's folder could not be read */
        g_strdup_printf (_("Its files cannot be read: %s"), error->message);

      set_keep_unavailable (self, reason);
      return;
    }

  if (!g_file_info_get_attribute_boolean (info, G_FILE_ATTRIBUTE_ACCESS_CAN_READ) ||
      !g_file_info_get_attribute_boolean (info, G_FILE_ATTRIBUTE_ACCESS_CAN_EXECUTE))
    {
      set_keep_unavailable (self, _("You are not allowed to read its files"));
      return;
    }

  self->can_keep = TRUE;
  adw_action_row_set_subtitle (self->keep_row,
                               _("Copies them to this computer, reformats, copies them back and checks each one"));
  if (self->preset_keep && !gtk_switch_get_active (self->erase_switch))
    gtk_switch_set_active (self->keep_switch, TRUE);
  existing_data_changed_cb (self);
}

/* Offered when the volume is mounted and its folder is readable: asked
 * without blocking, as the folder may be on a slow drive. */
static void
check_can_keep (PlugFormatDialog *self)
{
  const char *mount_point = plug_volume_get_mount_point (self->volume);
  g_autoptr(GFile) folder = NULL;

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->keep_switch),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Keep my files"),
                                  -1);

  if (mount_point == NULL)
    {
      set_keep_unavailable (self, _("Only for a mounted volume: open it in Files first to keep its files"));
      return;
    }

  adw_action_row_set_subtitle (self->keep_row, _("Checking that its files can be read…"));
  folder = g_file_new_for_path (mount_point);
  g_file_query_info_async (folder,
                           G_FILE_ATTRIBUTE_ACCESS_CAN_READ "," G_FILE_ATTRIBUTE_ACCESS_CAN_EXECUTE,
                           G_FILE_QUERY_INFO_NONE, G_PRIORITY_DEFAULT, self->cancellable,
                           mount_point_access_cb, self);
}

static void
fill_scope_rows (PlugFormatDialog *self)
{
  g_autofree char *volume_size = g_format_size (plug_volume_get_size (self->volume));
  g_autofree char *drive_size = g_format_size (plug_drive_get_size (self->drive));
  g_autofree char *volume_name = plug_volume_dup_display_name (self->volume);
  g_autofree char *volume_subtitle = NULL;
  g_autofree char *drive_subtitle = NULL;

  /* Translators: a volume's name, device and size, such as
   * “Photos · /dev/sdb1 · 16.0 GB” */
  volume_subtitle = g_strdup_printf (_("%s · %s · %s"), volume_name,
                                     plug_volume_get_device (self->volume), volume_size);
  adw_action_row_set_subtitle (self->volume_row, volume_subtitle);

  /* Translators: a drive's device and size */
  drive_subtitle = g_strdup_printf (_("A new partition table with one volume that fills %s (%s): every volume on it is erased"),
                                    plug_drive_get_device (self->drive), drive_size);
  adw_action_row_set_subtitle (self->drive_row, drive_subtitle);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->volume_check),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("This volume only"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, volume_subtitle,
                                  -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->drive_check),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("The whole drive"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, drive_subtitle,
                                  -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->erase_switch),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Overwrite existing data (slow)"),
                                  -1);
}

/* --- step 4: what will be lost -------------------------------------------- */

static GtkWidget *
add_fact (PlugFormatDialog *self,
          const char       *title,
          const char       *value)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), value);
  adw_preferences_group_add (self->lost_group, row);
  g_ptr_array_add (self->lost_rows, row);

  return row;
}

/* A name is data, in any script: isolated (U+2068 … U+2069), one in a
 * right-to-left script does not reorder the words around it. */
static char *
dup_isolated (const char *name)
{
  return g_strconcat ("\u2068", name, "\u2069", NULL);
}

static char *
describe_volume (PlugVolume       *volume,
                 GtkTextDirection  direction)
{
  g_autofree char *filesystem_name = plug_volume_dup_filesystem_name (volume);
  g_autofree char *size_text = g_format_size (plug_volume_get_size (volume));
  g_autofree char *used_text = NULL;
  const char *label = plug_volume_get_label (volume);
  g_autofree char *quoted_label = NULL;
  g_autofree char *line = NULL;
  guint64 used;
  guint64 free_space;

  if (plug_volume_get_usage (volume, &used, &free_space))
    {
      g_autofree char *used_size = g_format_size (used);

      /* Translators: a size, such as “3.1 GB used” */
      used_text = g_strdup_printf (_("%s used"), used_size);
    }
  else
    {
      used_text = g_strdup (_("used space unknown: not mounted"));
    }

  if (label != NULL && *label != '\0')
    {
      g_autofree char *isolated_label = dup_isolated (label);

      quoted_label = g_strdup_printf (_("“%s”"), isolated_label);
    }
  else
    {
      quoted_label = g_strdup (_("no name"));
    }

  /* Translators: a volume's name, filesystem, device, size and used
   * space, such as “Photos” · FAT32 · /dev/sdb1 · 16 GB · 3.1 GB used */
  line = g_strdup_printf (_("%s · %s · %s · %s · %s"),
                          quoted_label,
                          filesystem_name != NULL ? filesystem_name : _("no filesystem"),
                          plug_volume_get_device (volume), size_text, used_text);

  /* The line may start with the name, whose first letter would set the
   * line's direction: a mark (LRM or RLM) gives it the interface's. */
  return g_strconcat (direction == GTK_TEXT_DIR_RTL ? "\u200F" : "\u200E", line, NULL);
}

static void
fill_confirm_page (PlugFormatDialog *self)
{
  g_autofree char *drive_name = plug_drive_dup_display_name (self->drive);
  g_autofree char *drive_size = g_format_size (plug_drive_get_size (self->drive));
  g_autofree char *drive_text = NULL;
  g_autofree char *result_title = NULL;
  g_autofree char *result_subtitle = NULL;
  const char *label = plug_label_editor_get_label (self->label_editor);
  const char *mount_point = plug_label_editor_get_mount_point (self->label_editor);

  for (guint i = 0; i < self->lost_rows->len; i++)
    adw_preferences_group_remove (self->lost_group, g_ptr_array_index (self->lost_rows, i));
  g_ptr_array_set_size (self->lost_rows, 0);

  if (is_whole_drive (self))
    adw_preferences_group_set_title (self->lost_group, _("Everything on This Drive Will Be Lost"));
  else
    adw_preferences_group_set_title (self->lost_group, _("Everything on This Volume Will Be Lost"));

  if (self->keep_operation != NULL)
    adw_preferences_group_set_description (self->lost_group,
                                           _("Everything listed here is erased; the files of the volume below are copied back afterwards."));
  else
    adw_preferences_group_set_description (self->lost_group,
                                           _("Everything listed here is erased and cannot be recovered."));

  /* Translators: a drive's name, device and size, such as
   * “SanDisk Ultra · /dev/sdb · 16.0 GB” */
  drive_text = g_strdup_printf (_("%s · %s · %s"), drive_name, plug_drive_get_device (self->drive), drive_size);
  add_fact (self, _("Drive"), drive_text);
  if (plug_drive_get_backing_file (self->drive) != NULL)
    add_fact (self, _("Disk Image File"), plug_drive_get_backing_file (self->drive));

  if (is_whole_drive (self))
    {
      GListModel *volumes = plug_drive_get_volumes (self->drive);

      for (guint i = 0; i < g_list_model_get_n_items (volumes); i++)
        {
          g_autoptr(PlugVolume) each = g_list_model_get_item (volumes, i);
          g_autofree char *description = describe_volume (each, gtk_widget_get_direction (GTK_WIDGET (self)));

          add_fact (self, _("Volume"), description);
        }
    }
  else
    {
      g_autofree char *description = describe_volume (self->volume, gtk_widget_get_direction (GTK_WIDGET (self)));

      add_fact (self, _("Volume"), description);
    }

  if (label != NULL && *label != '\0')
    {
      g_autofree char *isolated_label = dup_isolated (label);

      /* Translators: a filesystem and a name, such as “exFAT, named “Backup”” */
      result_title = g_strdup_printf (_("%s, named “%s”"), self->type->display_name, isolated_label);
    }
  else
    /* Translators: a filesystem, such as “exFAT, without a name” */
    result_title = g_strdup_printf (_("%s, without a name"), self->type->display_name);

  if (mount_point != NULL)
    /* Translators: %s is a folder */
    result_subtitle = g_strdup_printf (_("Then mounted at %s"), mount_point);
  else
    result_subtitle = g_strdup (_("Then mounted, so that it shows in Files"));

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->result_row), result_title);
  adw_action_row_set_subtitle (self->result_row, result_subtitle);

  /* The group's title says whether it is the volume or the drive; a
   * longer label would squeeze the window's title. */
  if (self->keep_operation != NULL)
    gtk_button_set_label (GTK_BUTTON (self->format_button), _("_Reformat"));
  else
    gtk_button_set_label (GTK_BUTTON (self->format_button), _("_Erase and Reformat"));
}

/* --- step 4 with the files kept: the plan ---------------------------------- */

static void
show_plan (PlugFormatDialog *self)
{
  g_autofree char *not_carried = plug_keep_files_text_dup_not_carried (self->keep_operation);
  g_autofree char *files_text = plug_keep_files_text_dup_files (self->keep_operation);
  g_autofree char *space_text = plug_keep_files_text_dup_space (self->keep_operation);
  g_autofree char *copy_text = NULL;

  adw_preferences_group_set_title (self->keep_group, _("Your Files Will Be Kept"));
  adw_preferences_group_set_description (self->keep_group,
                                         _("They are copied to this computer, then back onto the drive and checked by checksum. "
                                           "The copy is deleted only then; if anything fails, it stays."));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->keep_files_row), _("Files"));
  adw_action_row_set_subtitle (self->keep_files_row, files_text);
  adw_action_row_set_subtitle (self->keep_space_row, space_text);
  gtk_widget_set_visible (GTK_WIDGET (self->keep_space_row), TRUE);

  /* Translators: %s is a folder */
  copy_text = g_strdup_printf (_("In %s"), plug_keep_files_operation_get_copy_path (self->keep_operation));
  adw_action_row_set_subtitle (self->keep_copy_row, copy_text);
  gtk_widget_set_visible (GTK_WIDGET (self->keep_copy_row), TRUE);

  if (not_carried != NULL)
    {
      /* Every line: none is left out. */
      adw_action_row_set_subtitle_lines (self->keep_not_carried_row, 0);
      adw_action_row_set_subtitle (self->keep_not_carried_row, not_carried);
      gtk_widget_set_visible (GTK_WIDGET (self->keep_not_carried_row), TRUE);
    }
}

static void
plan_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(PlugFormatDialog) self = user_data;
  PlugKeepFilesOperation *operation = PLUG_KEEP_FILES_OPERATION (object);
  g_autoptr(GError) error = NULL;

  if (!plug_keep_files_operation_plan_finish (operation, result, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (operation != self->keep_operation)
    return;

  gtk_spinner_stop (self->keep_spinner);
  gtk_widget_set_visible (GTK_WIDGET (self->keep_spinner), FALSE);

  if (error != NULL)
    {
      /* The reformat is not offered: the user turns the option off to
       * reformat without the files, knowing why. */
      adw_preferences_group_set_title (self->keep_group, _("Your Files Cannot Be Kept"));
      adw_preferences_group_set_description (self->keep_group,
                                             _("Nothing was changed. Go back and turn off “Keep my files” to reformat without them, "
                                               "or choose another filesystem."));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->keep_files_row), _("Why"));
      adw_action_row_set_subtitle (self->keep_files_row, error->message);
      gtk_widget_add_css_class (GTK_WIDGET (self->keep_files_row), "error");
      adw_preferences_group_set_description (self->lost_group,
                                             _("Everything listed here is erased and cannot be recovered."));
      update_buttons (self);
      return;
    }

  self->planned = TRUE;
  show_plan (self);
  update_buttons (self);
}

static void
start_plan (PlugFormatDialog *self)
{
  adw_preferences_group_set_title (self->keep_group, _("Keeping Your Files"));
  adw_preferences_group_set_description (self->keep_group, NULL);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->keep_files_row), _("Files"));
  adw_action_row_set_subtitle (self->keep_files_row, _("Counting the files and checking that they fit…"));
  gtk_widget_remove_css_class (GTK_WIDGET (self->keep_files_row), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->keep_spinner), TRUE);
  gtk_spinner_start (self->keep_spinner);
  gtk_widget_set_visible (GTK_WIDGET (self->keep_space_row), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->keep_copy_row), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->keep_not_carried_row), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->keep_group), TRUE);

  g_cancellable_cancel (self->plan_cancellable);
  g_clear_object (&self->plan_cancellable);
  self->plan_cancellable = g_cancellable_new ();
  plug_keep_files_operation_plan_async (self->keep_operation, self->plan_cancellable,
                                        plan_done_cb, g_object_ref (self));
}

static void
usage_refreshed_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  PlugFormatDialog *self;
  g_autoptr(GError) error = NULL;

  if (!plug_volume_refresh_usage_finish (PLUG_VOLUME (object), result, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  self = PLUG_FORMAT_DIALOG (user_data);
  if (self->page == PAGE_CONFIRM)
    fill_confirm_page (self);
}

static void
enter_confirm_page (PlugFormatDialog *self)
{
  PlugFormatFlags flags = PLUG_FORMAT_FLAGS_NONE;

  if (is_whole_drive (self))
    flags |= PLUG_FORMAT_FLAGS_WHOLE_DRIVE;
  if (gtk_switch_get_active (self->erase_switch) && !is_keeping_files (self))
    flags |= PLUG_FORMAT_FLAGS_ERASE;

  /* Made now: it remembers the drive as it is shown here. */
  g_cancellable_cancel (self->plan_cancellable);
  g_clear_object (&self->operation);
  g_clear_object (&self->keep_operation);
  self->planned = FALSE;
  if (is_keeping_files (self))
    {
      self->keep_operation = plug_keep_files_operation_new (self->client, self->drive, self->volume,
                                                            self->type->id,
                                                            plug_label_editor_get_label (self->label_editor),
                                                            flags);
      self->operation = g_object_ref (plug_keep_files_operation_get_format_operation (self->keep_operation));
    }
  else
    {
      self->operation = plug_format_operation_new (self->client, self->drive,
                                                   is_whole_drive (self) ? NULL : self->volume,
                                                   self->type->id,
                                                   plug_label_editor_get_label (self->label_editor),
                                                   flags);
      gtk_widget_set_visible (GTK_WIDGET (self->keep_group), FALSE);
    }

  fill_confirm_page (self);
  if (self->keep_operation != NULL)
    start_plan (self);

  /* How full it is, fresh; the page is filled again when it is known.
   * The dialog lives until the cancellable is cancelled. */
  plug_volume_refresh_usage_async (self->volume, self->cancellable, usage_refreshed_cb, self);
}

/* --- the pages ------------------------------------------------------------ */

static void
focus_page (PlugFormatDialog *self)
{
  switch (self->page)
    {
    case PAGE_PURPOSE:
      for (guint i = 0; i < self->type_checks->len; i++)
        {
          GtkCheckButton *check = g_ptr_array_index (self->type_checks, i);

          if (gtk_check_button_get_active (check))
            gtk_widget_grab_focus (gtk_widget_get_ancestor (GTK_WIDGET (check), GTK_TYPE_LIST_BOX_ROW));
        }
      break;

    case PAGE_NAME:
      plug_label_editor_grab_focus (self->label_editor);
      break;

    case PAGE_SCOPE:
      gtk_widget_grab_focus (is_whole_drive (self) ? GTK_WIDGET (self->drive_row) : GTK_WIDGET (self->volume_row));
      break;

    case PAGE_CONFIRM:
    case PAGE_PROGRESS:
    case PAGE_FAILED:
    default:
      gtk_widget_grab_focus (self->cancel_button);
      break;
    }
}

static void
show_page (PlugFormatDialog *self,
           Page              page)
{
  self->page = page;

  /* A plan is for the confirmation that asked for it. */
  if (page < PAGE_CONFIRM)
    g_cancellable_cancel (self->plan_cancellable);

  if (page == PAGE_NAME)
    enter_name_page (self);
  else if (page == PAGE_CONFIRM)
    enter_confirm_page (self);

  gtk_stack_set_visible_child_name (self->stack, page_names[page]);
  update_buttons (self);
  focus_page (self);
}

static void
next_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  PlugFormatDialog *self = PLUG_FORMAT_DIALOG (widget);

  if (self->page < PAGE_CONFIRM && can_advance (self))
    show_page (self, self->page + 1);
}

static void
back_activated (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  PlugFormatDialog *self = PLUG_FORMAT_DIALOG (widget);

  if (self->page > PAGE_PURPOSE && self->page <= PAGE_CONFIRM)
    show_page (self, self->page - 1);
}

/* --- reformatting ----------------------------------------------------------- */

static gboolean
pulse_cb (gpointer user_data)
{
  PlugFormatDialog *self = PLUG_FORMAT_DIALOG (user_data);

  gtk_progress_bar_pulse (self->progress_bar);

  return G_SOURCE_CONTINUE;
}

static gboolean
is_copying (PlugFormatDialog *self)
{
  return self->keep_operation != NULL &&
         plug_keep_files_operation_get_step (self->keep_operation) != PLUG_KEEP_FILES_STEP_FORMATTING;
}

static void
progress_cb (PlugFormatDialog *self)
{
  double fraction = plug_format_operation_get_progress (self->operation);

  /* Copying, the bar follows the bytes. */
  if (is_copying (self))
    {
      guint64 bytes_total = plug_keep_files_operation_get_bytes_total (self->keep_operation);
      guint64 bytes_done = plug_keep_files_operation_get_bytes_done (self->keep_operation);

      fraction = bytes_total > 0 ? (double) bytes_done / bytes_total : -1;
    }

  if (fraction >= 0)
    {
      g_clear_handle_id (&self->pulse_id, g_source_remove);
      gtk_progress_bar_set_fraction (self->progress_bar, fraction);
    }
  else if (self->pulse_id == 0 && self->running)
    {
      self->pulse_id = g_timeout_add (150, pulse_cb, self);
    }
}

static void
step_cb (PlugFormatDialog *self)
{
  PlugFormatStep step = plug_format_operation_get_step (self->operation);
  const char *device = plug_format_operation_get_step_device (self->operation);
  g_autofree char *text = NULL;

  if (step != PLUG_FORMAT_STEP_DONE)
    self->furthest_step = MAX (self->furthest_step, step);
  if (is_copying (self))
    return;

  switch (step)
    {
    case PLUG_FORMAT_STEP_CHECKING:
      text = g_strdup (_("Checking that it is still the same drive…"));
      break;

    case PLUG_FORMAT_STEP_UNMOUNTING:
      /* Translators: %s is a device, such as /dev/sdb1 */
      text = g_strdup_printf (_("Unmounting %s, which must not be in use while it is reformatted…"), device);
      break;

    case PLUG_FORMAT_STEP_ERASING:
      /* Translators: %s is a device */
      text = g_strdup_printf (_("Overwriting %s with zeros…"), device);
      break;

    case PLUG_FORMAT_STEP_PARTITIONING:
      /* Translators: %s is a device */
      text = g_strdup_printf (_("Writing a new partition table on %s…"), device);
      break;

    case PLUG_FORMAT_STEP_FORMATTING:
      /* Translators: %s is a filesystem, such as exFAT */
      text = g_strdup_printf (_("Creating the %s filesystem…"), self->type->display_name);
      break;

    case PLUG_FORMAT_STEP_CONFIRMING:
      text = g_strdup (_("Checking the new filesystem…"));
      break;

    case PLUG_FORMAT_STEP_MOUNTING:
      /* Translators: %s is a device */
      text = g_strdup_printf (_("Mounting %s…"), device);
      break;

    case PLUG_FORMAT_STEP_NONE:
    case PLUG_FORMAT_STEP_DONE:
    default:
      return;
    }

  gtk_label_set_label (self->progress_label, text);
  progress_cb (self);
}

static void
attempt_cb (PlugFormatDialog *self)
{
  if (plug_format_operation_get_attempt (self->operation) < 2 || is_copying (self))
    return;

  gtk_label_set_label (self->progress_label,
                       _("The drive was busy for a moment, while the system read it again; trying again…"));
}

static void
keep_progress_cb (PlugFormatDialog *self)
{
  g_autofree char *counts = plug_keep_files_text_dup_counts (self->keep_operation);

  gtk_label_set_label (self->keep_counts_label, counts);
  progress_cb (self);
}

static void
keep_step_cb (PlugFormatDialog *self)
{
  PlugKeepFilesStep step = plug_keep_files_operation_get_step (self->keep_operation);
  g_autofree char *title = NULL;
  g_autofree char *text = NULL;

  if (step == PLUG_KEEP_FILES_STEP_DONE)
    return;

  title = plug_keep_files_text_dup_step_title (step);
  adw_status_page_set_title (self->progress_page, title);

  /* The reformat says what it does with its steps. */
  gtk_widget_set_visible (GTK_WIDGET (self->keep_counts_label), step != PLUG_KEEP_FILES_STEP_FORMATTING);
  if (step == PLUG_KEEP_FILES_STEP_FORMATTING)
    {
      step_cb (self);
      return;
    }

  text = plug_keep_files_text_dup_step (self->keep_operation);
  if (text != NULL)
    gtk_label_set_label (self->progress_label, text);
  keep_progress_cb (self);
}

static char *
dup_success_message (PlugFormatDialog *self,
                     const char      **details)
{
  const char *label = plug_format_operation_get_label (self->operation);
  const char *mount_point = plug_format_operation_get_mount_point (self->operation);
  const char *mount_error = plug_format_operation_get_mount_error (self->operation);
  g_autofree char *name = NULL;

  *details = NULL;

  if (label != NULL && *label != '\0')
    name = g_strdup_printf (_("“%s”"), label);
  else
    name = g_strdup (plug_format_operation_get_device (self->operation));

  /* The files are back: it was mounted. */
  if (self->keep_operation != NULL && mount_point != NULL)
    /* Translators: a name, a filesystem, a folder and a number, such as
     * “Backup” is now exFAT at /media/alice/Backup, its 50 files and
     * folders kept */
    return g_strdup_printf (ngettext ("%s is now %s at %s, its %u file or folder kept",
                                      "%s is now %s at %s, its %u files and folders kept",
                                      plug_keep_files_operation_get_files_total (self->keep_operation)),
                            name, self->type->display_name, mount_point,
                            plug_keep_files_operation_get_files_total (self->keep_operation));

  if (mount_point != NULL)
    /* Translators: a name, a filesystem and a folder, such as
     * “Backup” is now exFAT, mounted at /media/alice/Backup */
    return g_strdup_printf (_("%s is now %s, mounted at %s"), name, self->type->display_name, mount_point);

  *details = mount_error;

  /* Translators: a name and a filesystem; why it is not mounted is under
   * the toast's Details */
  return g_strdup_printf (_("%s is now %s, but could not be mounted"), name, self->type->display_name);
}

static void
show_failure (PlugFormatDialog *self,
              const GError     *error)
{
  g_autofree char *summary = plug_drive_error_dup_summary (error, _("udisks could not reformat it."));
  g_autofree char *details = plug_drive_error_dup_details (error);
  g_autofree char *description = NULL;
  const char *state;

  g_clear_pointer (&self->kept_copy_path, g_free);
  if (self->keep_operation != NULL)
    self->kept_copy_path = g_strdup (plug_keep_files_operation_get_kept_copy_path (self->keep_operation));
  gtk_widget_set_visible (self->open_copy_button, self->kept_copy_path != NULL);

  /* A cancelled operation says itself what became of the drive; a kept
   * copy is named in the message too. */
  if (self->kept_copy_path != NULL)
    state = _("Your files are safe in that folder on this computer. Copy them back onto the drive yourself; "
              "the folder stays until you delete it.");
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && self->furthest_step >= PLUG_FORMAT_STEP_ERASING)
    state = NULL;
  else if (self->furthest_step < PLUG_FORMAT_STEP_ERASING)
    state = _("Nothing on the drive was changed.");
  else
    state = _("What was on it may be partly overwritten: reformat it again before using it.");

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    adw_status_page_set_title (self->failed_page, _("Reformatting Cancelled"));
  else
    adw_status_page_set_title (self->failed_page, _("Could Not Reformat"));

  adw_status_page_set_icon_name (self->failed_page, "dialog-warning-symbolic");
  if (state != NULL)
    description = g_strdup_printf ("%s\n\n%s", summary, state);
  else
    description = g_strdup (summary);
  adw_status_page_set_description (self->failed_page, description);
  gtk_label_set_label (self->details_label, details);

  show_page (self, PAGE_FAILED);

  /* The wizard stays to say what became of the drive; a user who went on
   * with something else hears of it. */
  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    plug_panel_notify_when_away ("drives", adw_status_page_get_title (self->failed_page), description);
}

/* A reformat stopped half way leaves a drive with no filesystem, or the
 * files only in the copy: suspend and logout wait. */
static void
keep_awake (PlugFormatDialog *self)
{
  g_autofree char *drive_name = NULL;
  g_autofree char *why = NULL;

  drive_name = plug_drive_dup_display_name (self->drive);
  /* Translators: why the computer does not sleep meanwhile; a drive's name */
  why = self->keep_operation != NULL ? g_strdup_printf (_("Reformatting %s, keeping its files"), drive_name)
                                     : g_strdup_printf (_("Reformatting %s"), drive_name);
  plug_session_inhibit_hold (&self->inhibit, plug_dialog_get_window (PLUG_DIALOG (self)), why);
}

static void
let_sleep (PlugFormatDialog *self)
{
  plug_session_inhibit_release (&self->inhibit);
}

static void
format_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(PlugFormatDialog) self = user_data;
  g_autoptr(GError) error = NULL;

  self->running = FALSE;
  let_sleep (self);
  g_clear_handle_id (&self->pulse_id, g_source_remove);
  /* Cancel turned itself off while cancelling; it is Close now. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "format.cancel", TRUE);

  if (PLUG_IS_KEEP_FILES_OPERATION (object)
      ? !plug_keep_files_operation_run_finish (PLUG_KEEP_FILES_OPERATION (object), result, &error)
      : !plug_format_operation_run_finish (PLUG_FORMAT_OPERATION (object), result, &error))
    {
      if (gtk_widget_in_destruction (GTK_WIDGET (self)))
        return;
      show_failure (self, error);
      return;
    }

  {
    const char *details = NULL;
    g_autofree char *message = dup_success_message (self, &details);

    g_signal_emit (self, signals[SIGNAL_DONE], 0, message, details);
  }

  plug_dialog_force_close (PLUG_DIALOG (self));
}

static void
format_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  PlugFormatDialog *self = PLUG_FORMAT_DIALOG (widget);

  if (self->page != PAGE_CONFIRM || self->operation == NULL || self->running)
    return;

  self->running = TRUE;
  self->furthest_step = PLUG_FORMAT_STEP_NONE;
  /* From here on the operation looks at the drive itself, and says what
   * it found. */
  g_clear_pointer (&self->watch, plug_drive_watch_free);
  keep_awake (self);
  g_signal_connect_object (self->operation, "notify::step", G_CALLBACK (step_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->operation, "notify::progress", G_CALLBACK (progress_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->operation, "notify::attempt", G_CALLBACK (attempt_cb), self, G_CONNECT_SWAPPED);

  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_label_set_label (self->progress_label, _("Checking that it is still the same drive…"));
  show_page (self, PAGE_PROGRESS);
  progress_cb (self);

  g_clear_object (&self->operation_cancellable);
  self->operation_cancellable = g_cancellable_new ();

  if (self->keep_operation != NULL)
    {
      g_signal_connect_object (self->keep_operation, "notify::step", G_CALLBACK (keep_step_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->keep_operation, "notify::files-done", G_CALLBACK (keep_progress_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->keep_operation, "notify::files-total", G_CALLBACK (keep_progress_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->keep_operation, "notify::bytes-done", G_CALLBACK (keep_progress_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->keep_operation, "notify::bytes-total", G_CALLBACK (keep_progress_cb), self, G_CONNECT_SWAPPED);
      keep_step_cb (self);
      plug_keep_files_operation_run_async (self->keep_operation, self->operation_cancellable,
                                           format_done_cb, g_object_ref (self));
      return;
    }

  plug_format_operation_run_async (self->operation, self->operation_cancellable,
                                   format_done_cb, g_object_ref (self));
}

static void
cancel_activated (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  PlugFormatDialog *self = PLUG_FORMAT_DIALOG (widget);

  if (self->running)
    {
      g_cancellable_cancel (self->operation_cancellable);
      if (self->keep_operation == NULL)
        gtk_label_set_label (self->progress_label, _("Cancelling…"));
      else if (self->furthest_step < PLUG_FORMAT_STEP_ERASING)
        gtk_label_set_label (self->progress_label, _("Cancelling: the drive stays as it was, and the partial copy is removed…"));
      else
        gtk_label_set_label (self->progress_label, _("Cancelling: the copy of your files on this computer is kept…"));
      gtk_widget_action_set_enabled (widget, "format.cancel", FALSE);
      return;
    }

  plug_dialog_close (PLUG_DIALOG (self));
}

static void
launched_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  if (!g_app_info_launch_default_for_uri_finish (result, &error))
    g_warning ("Could not open the folder with the kept files: %s", error->message);
}

/* GtkFileLauncher is GTK 4.10; this works on 4.8 as well. */
static void
open_copy_activated (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  PlugFormatDialog *self = PLUG_FORMAT_DIALOG (widget);
  g_autoptr(GAppLaunchContext) context = NULL;
  g_autofree char *uri = NULL;

  if (self->kept_copy_path == NULL)
    return;

  uri = g_filename_to_uri (self->kept_copy_path, NULL, NULL);
  if (uri == NULL)
    return;

  context = G_APP_LAUNCH_CONTEXT (gdk_display_get_app_launch_context (gtk_widget_get_display (widget)));
  g_app_info_launch_default_for_uri_async (uri, context, NULL, launched_cb, NULL);
}

/* Closing the window while it works is a Cancel; the result is shown. */
static gboolean
plug_format_dialog_close_request (PlugDialog *dialog)
{
  PlugFormatDialog *self = PLUG_FORMAT_DIALOG (dialog);

  if (self->running)
    {
      cancel_activated (GTK_WIDGET (self), "format.cancel", NULL);
      return TRUE;
    }

  return FALSE;
}

/* Enter advances, unless a button has the focus: then it is that
 * button's. It runs before the focused widget sees the key, so that a
 * choice's row does not take it. */
static gboolean
enter_cb (GtkWidget *widget,
          GVariant  *args,
          gpointer   user_data)
{
  PlugFormatDialog *self = PLUG_FORMAT_DIALOG (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (self->page >= PAGE_CONFIRM)
    return FALSE;
  if (focus != NULL && (GTK_IS_BUTTON (focus) || gtk_widget_get_ancestor (focus, GTK_TYPE_BUTTON) != NULL))
    return FALSE;

  gtk_widget_activate_action (widget, "format.next", NULL);

  return TRUE;
}

static void
plug_format_dialog_dispose (GObject *object)
{
  PlugFormatDialog *self = PLUG_FORMAT_DIALOG (object);

  g_cancellable_cancel (self->cancellable);
  g_cancellable_cancel (self->plan_cancellable);
  g_clear_handle_id (&self->pulse_id, g_source_remove);
  g_clear_pointer (&self->watch, plug_drive_watch_free);
  let_sleep (self);

  gtk_widget_dispose_template (GTK_WIDGET (self), PLUG_TYPE_FORMAT_DIALOG);

  G_OBJECT_CLASS (plug_format_dialog_parent_class)->dispose (object);
}

static void
plug_format_dialog_finalize (GObject *object)
{
  PlugFormatDialog *self = PLUG_FORMAT_DIALOG (object);

  g_clear_object (&self->cancellable);
  g_clear_object (&self->operation_cancellable);
  g_clear_object (&self->plan_cancellable);
  g_clear_object (&self->operation);
  g_clear_object (&self->keep_operation);
  g_clear_pointer (&self->kept_copy_path, g_free);
  g_clear_pointer (&self->target_name, g_free);
  g_clear_object (&self->client);
  g_clear_object (&self->drive);
  g_clear_object (&self->volume);
  g_clear_pointer (&self->lost_rows, g_ptr_array_unref);
  g_clear_pointer (&self->type_checks, g_ptr_array_unref);

  G_OBJECT_CLASS (plug_format_dialog_parent_class)->finalize (object);
}

static void
plug_format_dialog_class_init (PlugFormatDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PlugDialogClass *dialog_class = PLUG_DIALOG_CLASS (klass);

  object_class->dispose = plug_format_dialog_dispose;
  object_class->finalize = plug_format_dialog_finalize;

  dialog_class->close_request = plug_format_dialog_close_request;

  /* Reformatted: a sentence for a toast, with the new name and folder,
   * and what went wrong afterwards (mounting), or %NULL. Also when the
   * wizard closed by itself, the drive gone or changed: why, and what
   * changed, or %NULL. */
  signals[SIGNAL_DONE] =
    g_signal_new ("done",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);

  gtk_widget_class_install_action (widget_class, "format.next", NULL, next_activated);
  gtk_widget_class_install_action (widget_class, "format.back", NULL, back_activated);
  gtk_widget_class_install_action (widget_class, "format.format", NULL, format_activated);
  gtk_widget_class_install_action (widget_class, "format.cancel", NULL, cancel_activated);
  gtk_widget_class_install_action (widget_class, "format.open-copy", NULL, open_copy_activated);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "format.cancel", NULL);

  g_type_ensure (PLUG_TYPE_LABEL_EDITOR);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/plugboard/Plugboard/panels/drives/plug-format-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, window_title);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, back_button);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, next_button);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, format_button);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, purpose_group);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, label_editor);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, volume_row);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, volume_check);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, drive_row);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, drive_check);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, erase_switch);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, erase_row);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, keep_row);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, keep_switch);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, keep_group);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, keep_files_row);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, keep_spinner);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, keep_space_row);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, keep_copy_row);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, keep_not_carried_row);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, keep_counts_label);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, open_copy_button);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, lost_group);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, result_row);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, progress_page);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, progress_label);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, failed_page);
  gtk_widget_class_bind_template_child (widget_class, PlugFormatDialog, details_label);
  gtk_widget_class_bind_template_callback (widget_class, scope_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, existing_data_changed_cb);
}

static void
plug_format_dialog_init (PlugFormatDialog *self)
{
  GtkEventController *controller;
  guint enter_keys[] = { GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter };

  gtk_widget_init_template (GTK_WIDGET (self));

  self->cancellable = g_cancellable_new ();
  self->lost_rows = g_ptr_array_new ();
  self->type_checks = g_ptr_array_new ();

  controller = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < G_N_ELEMENTS (enter_keys); i++)
    gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
                                          gtk_shortcut_new (gtk_keyval_trigger_new (enter_keys[i], 0),
                                                            gtk_callback_action_new (enter_cb, NULL, NULL)));
  gtk_widget_add_controller (GTK_WIDGET (self), controller);

  g_signal_connect_object (self->label_editor, "notify::valid", G_CALLBACK (label_valid_cb), self, G_CONNECT_SWAPPED);
}

/* The drive was removed or changed before the user confirmed: nothing
 * was done, and the wizard's questions are about a drive that is not
 * there; it closes, and the panel says why. */
static void
drive_changed_cb (gboolean    gone,
                  const char *change,
                  gpointer    user_data)
{
  PlugFormatDialog *self = PLUG_FORMAT_DIALOG (user_data);
  g_autofree char *message = NULL;
  g_autofree char *details = NULL;

  if (self->running || self->page > PAGE_CONFIRM)
    return;

  if (gone)
    /* Translators: a volume's name; said when its drive was unplugged
     * while the reformat wizard was open */
    message = g_strdup_printf (_("“%s” was removed, so it was not reformatted"), self->target_name);
  else
    /* Translators: a volume's name; said when its card was swapped, or
     * another filesystem made on it, while the reformat wizard was open */
    message = g_strdup_printf (_("The medium in “%s” was changed, so it was not reformatted"), self->target_name);
  /* Translators: what differs now, such as “it held ext4 (UUID …) and
   * now holds ext4 (UUID …)” */
  details = g_strdup_printf (_("Nothing was written to it: %s."), change);

  g_signal_emit (self, signals[SIGNAL_DONE], 0, message, gone ? NULL : details);
  plug_dialog_force_close (PLUG_DIALOG (self));
}

/**
 * plug_format_dialog_new:
 * @client: the udisks client the drive list reads
 * @drive: the drive that holds @volume, which may be changed
 * @volume: the volume the user chose to reformat
 *
 * Returns: (transfer full): the wizard, for the caller to present
 */
GtkWidget *
plug_format_dialog_new (UDisksClient *client,
                        PlugDrive    *drive,
                        PlugVolume   *volume)
{
  PlugFormatDialog *self;
  g_autofree char *volume_name = NULL;
  g_autofree char *title = NULL;

  g_return_val_if_fail (UDISKS_IS_CLIENT (client), NULL);
  g_return_val_if_fail (PLUG_IS_DRIVE (drive), NULL);
  g_return_val_if_fail (PLUG_IS_VOLUME (volume), NULL);

  self = g_object_new (PLUG_TYPE_FORMAT_DIALOG, NULL);
  self->client = g_object_ref (client);
  self->drive = g_object_ref (drive);
  self->volume = g_object_ref (volume);

  volume_name = plug_volume_dup_display_name (volume);
  /* Translators: the window's title; %s is a volume's name */
  title = g_strdup_printf (_("Reformat %s"), volume_name);
  adw_window_title_set_title (self->window_title, title);
  plug_dialog_set_title (PLUG_DIALOG (self), title);

  self->target_name = g_strdup (volume_name);
  self->watch = plug_drive_watch_new (client, drive, volume, drive_changed_cb, self);

  plug_label_editor_set_client (self->label_editor, client, plug_volume_get_object_path (volume));
  build_purpose_rows (self);
  fill_scope_rows (self);
  check_can_keep (self);
  show_page (self, PAGE_PURPOSE);

  return GTK_WIDGET (self);
}

/**
 * plug_format_dialog_preset:
 * @self: a wizard, not shown yet
 * @filesystem: the filesystem to choose, as udisks names it
 * @keep_files: whether to turn Keep My Files on, once the files can be
 *   kept
 *
 * Chooses for the user what another view found they need (“Will it
 * fit?”); they still see every step, and may change it.
 */
void
plug_format_dialog_preset (PlugFormatDialog *self,
                           const char       *filesystem,
                           gboolean          keep_files)
{
  GtkCheckButton *check;

  g_return_if_fail (PLUG_IS_FORMAT_DIALOG (self));

  check = filesystem != NULL ? find_type_check (self, filesystem) : NULL;
  if (check != NULL && gtk_widget_get_sensitive (GTK_WIDGET (check)))
    gtk_check_button_set_active (check, TRUE);

  self->preset_keep = keep_files;
  if (keep_files && self->can_keep && !gtk_switch_get_active (self->erase_switch))
    gtk_switch_set_active (self->keep_switch, TRUE);
}
