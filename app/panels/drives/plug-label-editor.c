/* plug-label-editor.c: A volume's name, checked as it is typed
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-drives"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-label-editor.h"
#include "plug-label-rules.h"

/*
 * The reformat wizard and the Rename dialog ask for a name the same way:
 * an entry, and under it, at each key press, either why the filesystem
 * refuses the name or the folder the volume will be mounted at, and a
 * warning when a mounted volume already has that name (udisks then adds a
 * number to the folder). The rules are the core's (plug-label-rules), the
 * same plugboardctl applies, so the dialog never lets through a name the
 * operation would refuse. The mount base is found once, off the main
 * thread: it reads a file.
 */

struct _PlugLabelEditor
{
  AdwPreferencesGroup  parent_instance;

  /* Template widgets */
  AdwEntryRow         *entry_row;
  GtkLabel            *message_label;
  GtkLabel            *duplicate_label;

  /* Owned */
  UDisksClient        *client;
  GCancellable        *cancellable;
  char                *own_object_path;
  char                *filesystem;
  char                *uuid;
  char                *mount_base;
  char                *label;
  char                *mount_point;
  gboolean             valid;
  gboolean             stays_mounted;
};

G_DEFINE_FINAL_TYPE (PlugLabelEditor, plug_label_editor, ADW_TYPE_PREFERENCES_GROUP)

enum {
  PROP_0,
  PROP_VALID,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_ACTIVATE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The folders other mounted filesystems use, and the names of those
 * filesystems. */
static void
collect_other_mounts (PlugLabelEditor *self,
                      GHashTable      *folders,
                      GHashTable      *names)
{
  g_autolist(GDBusObject) objects = NULL;

  if (self->client == NULL)
    return;

  objects = g_dbus_object_manager_get_objects (udisks_client_get_object_manager (self->client));
  for (GList *l = objects; l != NULL; l = l->next)
    {
      UDisksObject *object = UDISKS_OBJECT (l->data);
      UDisksFilesystem *filesystem = udisks_object_peek_filesystem (object);
      UDisksBlock *block = udisks_object_peek_block (object);
      const char * const *points;

      if (filesystem == NULL || block == NULL)
        continue;
      if (g_strcmp0 (g_dbus_object_get_object_path (G_DBUS_OBJECT (object)), self->own_object_path) == 0)
        continue;
      points = udisks_filesystem_get_mount_points (filesystem);
      if (points == NULL || points[0] == NULL)
        continue;
      for (guint i = 0; points[i] != NULL; i++)
        g_hash_table_add (folders, g_strdup (points[i]));
      if (udisks_block_get_id_label (block) != NULL)
        g_hash_table_add (names, g_strdup (udisks_block_get_id_label (block)));
    }
}

/* Whether another mounted volume already has the name. udisks mounts a
 * volume in the folder named after it, and while that folder exists adds
 * a number to the name, from 1; another volume mounted there is what makes
 * it exist, so self->mount_point becomes the first folder free of them.
 * Without a mount base (self->mount_point NULL), the names are compared. */
static gboolean
take_free_mount_point (PlugLabelEditor *self,
                       const char      *label)
{
  g_autoptr(GHashTable) taken = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *named = NULL;

  collect_other_mounts (self, taken, names);
  if (self->mount_point == NULL)
    return *label != '\0' && g_hash_table_contains (names, label);
  if (!g_hash_table_contains (taken, self->mount_point))
    return FALSE;

  named = g_steal_pointer (&self->mount_point);
  for (guint n = 1; self->mount_point == NULL || g_hash_table_contains (taken, self->mount_point); n++)
    {
      g_free (self->mount_point);
      self->mount_point = g_strdup_printf ("%s%u", named, n);
    }

  return TRUE;
}

static void
set_message (PlugLabelEditor *self,
             const char      *message,
             gboolean         is_error)
{
  gtk_label_set_label (self->message_label, message);
  if (is_error)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->message_label), "error");
      gtk_widget_remove_css_class (GTK_WIDGET (self->message_label), "dim-label");
      gtk_widget_add_css_class (GTK_WIDGET (self->entry_row), "error");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->message_label), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->message_label), "dim-label");
      gtk_widget_remove_css_class (GTK_WIDGET (self->entry_row), "error");
    }

  /* Screen readers read the reason with the entry. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->entry_row),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message,
                                  -1);
}

static void
update (PlugLabelEditor *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->entry_row));
  g_autoptr(GError) error = NULL;
  g_autofree char *normalized = NULL;
  g_autofree char *mount_name = NULL;
  g_autofree char *message = NULL;
  gboolean valid;
  gboolean name_taken;

  g_clear_pointer (&self->label, g_free);
  g_clear_pointer (&self->mount_point, g_free);

  if (self->filesystem == NULL)
    {
      valid = FALSE;
      set_message (self, "", FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->duplicate_label), FALSE);
      goto out;
    }

  normalized = plug_label_rules_normalize (self->filesystem, text, &error);
  valid = normalized != NULL;

  if (!valid)
    {
      set_message (self, error->message, TRUE);
      gtk_widget_set_visible (GTK_WIDGET (self->duplicate_label), FALSE);
      goto out;
    }

  mount_name = plug_label_rules_dup_mount_name (normalized, self->uuid);
  if (self->mount_base != NULL && (*normalized != '\0' || self->uuid != NULL))
    self->mount_point = g_build_filename (self->mount_base, mount_name, NULL);
  name_taken = take_free_mount_point (self, normalized);

  if (*normalized == '\0' && self->uuid == NULL)
    message = g_strdup (_("Without a name, it will be mounted in a folder named after its unique identifier (UUID)"));
  else if (*normalized == '\0')
    /* Translators: %s is a folder, such as /media/alice/1234-ABCD */
    message = g_strdup_printf (_("Without a name, it will be mounted at %s"),
                               self->mount_point != NULL ? self->mount_point : mount_name);
  else if (g_strcmp0 (normalized, text) != 0)
    /* Translators: the first %s is the name as the filesystem stores it
     * (FAT upper-cases it), the second a folder */
    message = g_strdup_printf (_("It will be saved as “%s” and mounted at %s"), normalized,
                               self->mount_point != NULL ? self->mount_point : mount_name);
  else if (self->stays_mounted)
    /* Translators: %s is a folder, such as /media/alice/Photos */
    message = g_strdup_printf (_("The next time it is mounted, it will be at %s"),
                               self->mount_point != NULL ? self->mount_point : mount_name);
  else
    /* Translators: %s is a folder, such as /media/alice/Photos */
    message = g_strdup_printf (_("It will be mounted at %s"),
                               self->mount_point != NULL ? self->mount_point : mount_name);
  set_message (self, message, FALSE);

  if (name_taken && *normalized != '\0')
    {
      g_autofree char *warning =
        /* Translators: %s is a volume's name */
        g_strdup_printf (_("Another mounted volume is already named “%s”: this one will be mounted in a folder with a number added to its name"),
                         normalized);

      gtk_label_set_label (self->duplicate_label, warning);
      gtk_widget_set_visible (GTK_WIDGET (self->duplicate_label), TRUE);
    }
  else
    {
      gtk_widget_set_visible (GTK_WIDGET (self->duplicate_label), FALSE);
    }

  self->label = g_steal_pointer (&normalized);

out:
  if (valid != self->valid)
    {
      self->valid = valid;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALID]);
    }
}

static void
entry_changed_cb (PlugLabelEditor *self)
{
  update (self);
}

static void
entry_activated_cb (PlugLabelEditor *self)
{
  if (self->valid)
    g_signal_emit (self, signals[SIGNAL_ACTIVATE], 0);
}

static void
find_mount_base_thread (GTask        *task,
                        gpointer      source_object,
                        gpointer      task_data,
                        GCancellable *cancellable)
{
  g_task_return_pointer (task, plug_label_rules_find_mount_base ("/", g_get_user_name ()), g_free);
}

static void
mount_base_found_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  PlugLabelEditor *self;
  g_autofree char *mount_base = NULL;

  mount_base = g_task_propagate_pointer (G_TASK (result), NULL);
  if (mount_base == NULL)
    return;

  self = PLUG_LABEL_EDITOR (object);
  g_free (self->mount_base);
  self->mount_base = g_steal_pointer (&mount_base);
  update (self);
}

static void
plug_label_editor_dispose (GObject *object)
{
  PlugLabelEditor *self = PLUG_LABEL_EDITOR (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->client);
  gtk_widget_dispose_template (GTK_WIDGET (self), PLUG_TYPE_LABEL_EDITOR);

  G_OBJECT_CLASS (plug_label_editor_parent_class)->dispose (object);
}

static void
plug_label_editor_finalize (GObject *object)
{
  PlugLabelEditor *self = PLUG_LABEL_EDITOR (object);

  g_clear_object (&self->cancellable);
  g_free (self->own_object_path);
  g_free (self->filesystem);
  g_free (self->uuid);
  g_free (self->mount_base);
  g_free (self->label);
  g_free (self->mount_point);

  G_OBJECT_CLASS (plug_label_editor_parent_class)->finalize (object);
}

static void
plug_label_editor_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  PlugLabelEditor *self = PLUG_LABEL_EDITOR (object);

  switch (prop_id)
    {
    case PROP_VALID:
      g_value_set_boolean (value, self->valid);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_label_editor_class_init (PlugLabelEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = plug_label_editor_dispose;
  object_class->finalize = plug_label_editor_finalize;
  object_class->get_property = plug_label_editor_get_property;

  /* Whether the name is one the filesystem takes. */
  properties[PROP_VALID] =
    g_param_spec_boolean ("valid", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Enter was pressed in the entry, with a valid name. */
  signals[SIGNAL_ACTIVATE] =
    g_signal_new ("activate",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/plugboard/Plugboard/panels/drives/plug-label-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, PlugLabelEditor, entry_row);
  gtk_widget_class_bind_template_child (widget_class, PlugLabelEditor, message_label);
  gtk_widget_class_bind_template_child (widget_class, PlugLabelEditor, duplicate_label);
  gtk_widget_class_bind_template_callback (widget_class, entry_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, entry_activated_cb);
}

static void
plug_label_editor_init (PlugLabelEditor *self)
{
  g_autoptr(GTask) task = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->cancellable = g_cancellable_new ();

  task = g_task_new (self, self->cancellable, mount_base_found_cb, NULL);
  g_task_set_source_tag (task, plug_label_editor_init);
  g_task_run_in_thread (task, find_mount_base_thread);
}

GtkWidget *
plug_label_editor_new (void)
{
  return g_object_new (PLUG_TYPE_LABEL_EDITOR, NULL);
}

/**
 * plug_label_editor_set_client:
 * @client: (nullable): where to look for other mounted volumes
 * @own_object_path: (nullable): the volume being named, which does not
 *   count as another
 */
void
plug_label_editor_set_client (PlugLabelEditor *self,
                              UDisksClient    *client,
                              const char      *own_object_path)
{
  g_return_if_fail (PLUG_IS_LABEL_EDITOR (self));

  g_set_object (&self->client, client);
  g_free (self->own_object_path);
  self->own_object_path = g_strdup (own_object_path);
  update (self);
}

/**
 * plug_label_editor_set_filesystem:
 * @filesystem: (nullable): whose rules the name follows
 * @uuid: (nullable): the volume's UUID, which names its folder when it
 *   has no name; %NULL when not known yet (before a reformat)
 */
void
plug_label_editor_set_filesystem (PlugLabelEditor *self,
                                  const char      *filesystem,
                                  const char      *uuid)
{
  g_return_if_fail (PLUG_IS_LABEL_EDITOR (self));

  g_free (self->filesystem);
  self->filesystem = g_strdup (filesystem);
  g_free (self->uuid);
  self->uuid = uuid != NULL && *uuid != '\0' ? g_strdup (uuid) : NULL;
  update (self);
}

/**
 * plug_label_editor_set_stays_mounted:
 * @stays_mounted: whether the volume keeps its folder when renamed (ext
 *   renamed while mounted), so that the new folder is for the next mount
 */
void
plug_label_editor_set_stays_mounted (PlugLabelEditor *self,
                                     gboolean         stays_mounted)
{
  g_return_if_fail (PLUG_IS_LABEL_EDITOR (self));

  self->stays_mounted = !!stays_mounted;
  update (self);
}

const char *
plug_label_editor_get_text (PlugLabelEditor *self)
{
  g_return_val_if_fail (PLUG_IS_LABEL_EDITOR (self), NULL);

  return gtk_editable_get_text (GTK_EDITABLE (self->entry_row));
}

void
plug_label_editor_set_text (PlugLabelEditor *self,
                            const char      *text)
{
  g_return_if_fail (PLUG_IS_LABEL_EDITOR (self));

  gtk_editable_set_text (GTK_EDITABLE (self->entry_row), text != NULL ? text : "");
}

gboolean
plug_label_editor_get_valid (PlugLabelEditor *self)
{
  g_return_val_if_fail (PLUG_IS_LABEL_EDITOR (self), FALSE);

  return self->valid;
}

/**
 * plug_label_editor_get_label:
 *
 * Returns: (nullable): the name as the filesystem will store it, or %NULL
 *   when it is not valid
 */
const char *
plug_label_editor_get_label (PlugLabelEditor *self)
{
  g_return_val_if_fail (PLUG_IS_LABEL_EDITOR (self), NULL);

  return self->label;
}

/**
 * plug_label_editor_get_mount_point:
 *
 * Returns: (nullable): the folder it will be mounted at, when known
 */
const char *
plug_label_editor_get_mount_point (PlugLabelEditor *self)
{
  g_return_val_if_fail (PLUG_IS_LABEL_EDITOR (self), NULL);

  return self->mount_point;
}

void
plug_label_editor_grab_focus (PlugLabelEditor *self)
{
  g_return_if_fail (PLUG_IS_LABEL_EDITOR (self));

  gtk_widget_grab_focus (GTK_WIDGET (self->entry_row));
}
