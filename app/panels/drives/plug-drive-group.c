/* plug-drive-group.c: One drive and its volumes, in the Drives panel
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-drives"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-drive-group.h"
#include "plug-volume-row.h"

/*
 * A drive is a group titled with its name, described by how it is
 * connected, its size and its device, over a boxed list of its volumes.
 * The list is bound to the drive's volume model, so partitions that come
 * and go (and renamed volumes) update without rebuilding the group.
 */

struct _PlugDriveGroup
{
  AdwPreferencesGroup  parent_instance;

  /* Template widgets */
  GtkListBox          *volumes_list;
  GtkWidget           *no_volumes_label;

  /* Owned */
  PlugDrive           *drive;
};

G_DEFINE_FINAL_TYPE (PlugDriveGroup, plug_drive_group, ADW_TYPE_PREFERENCES_GROUP)

enum {
  PROP_0,
  PROP_DRIVE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkWidget *
create_volume_row (gpointer item,
                   gpointer user_data)
{
  PlugDriveGroup *self = PLUG_DRIVE_GROUP (user_data);

  return plug_volume_row_new (self->drive, PLUG_VOLUME (item));
}

static void
update (PlugDriveGroup *self)
{
  g_autofree char *name = plug_drive_dup_display_name (self->drive);
  g_autofree char *size_text = g_format_size (plug_drive_get_size (self->drive));
  g_autofree char *description = NULL;
  g_autofree char *escaped_name = NULL;
  g_autofree char *escaped_description = NULL;

  if (plug_drive_get_backing_file (self->drive) != NULL)
    /* Translators: a disk image: “Disk Image”, its size and the file it
     * was attached from, such as “Disk Image · 256.0 MB · /home/alice/data.img” */
    description = g_strdup_printf (_("%s · %s · %s"),
                                   plug_drive_connection_get_display_name (plug_drive_get_connection (self->drive)),
                                   size_text,
                                   plug_drive_get_backing_file (self->drive));
  else
    /* Translators: a drive: how it is connected, its size and its
     * device, such as “USB · 16.0 GB · /dev/sdb” */
    description = g_strdup_printf (_("%s · %s · %s"),
                                   plug_drive_connection_get_display_name (plug_drive_get_connection (self->drive)),
                                   size_text,
                                   plug_drive_get_device (self->drive));

  /* A drive Plugboard leaves alone offers nothing to do, and says why. */
  if (!plug_drive_get_can_modify (self->drive))
    {
      g_autofree char *reason = plug_drive_dup_restriction_reason (self->drive);
      char *with_reason =
        /* Translators: the drive's description, then why Plugboard will
         * not reformat or rename it */
        g_strdup_printf (_("%s\nNot changed by Plugboard: %s"), description, reason);

      g_free (description);
      description = with_reason;
    }

  /* The group's title and description are markup; names come from
   * the drive and the file system. */
  escaped_name = g_markup_escape_text (name, -1);
  escaped_description = g_markup_escape_text (description, -1);
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self), escaped_name);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self), escaped_description);
}

static void
plug_drive_group_constructed (GObject *object)
{
  PlugDriveGroup *self = PLUG_DRIVE_GROUP (object);

  G_OBJECT_CLASS (plug_drive_group_parent_class)->constructed (object);

  gtk_list_box_bind_model (self->volumes_list,
                           plug_drive_get_volumes (self->drive),
                           create_volume_row, self, NULL);
  gtk_list_box_set_placeholder (self->volumes_list, self->no_volumes_label);

  g_signal_connect_object (self->drive, "notify",
                           G_CALLBACK (update), self,
                           G_CONNECT_SWAPPED);
  update (self);
}

static void
plug_drive_group_dispose (GObject *object)
{
  PlugDriveGroup *self = PLUG_DRIVE_GROUP (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PLUG_TYPE_DRIVE_GROUP);
  g_clear_object (&self->drive);

  G_OBJECT_CLASS (plug_drive_group_parent_class)->dispose (object);
}

static void
plug_drive_group_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  PlugDriveGroup *self = PLUG_DRIVE_GROUP (object);

  switch (prop_id)
    {
    case PROP_DRIVE:
      g_value_set_object (value, self->drive);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_drive_group_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  PlugDriveGroup *self = PLUG_DRIVE_GROUP (object);

  switch (prop_id)
    {
    case PROP_DRIVE:
      self->drive = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_drive_group_class_init (PlugDriveGroupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = plug_drive_group_constructed;
  object_class->dispose = plug_drive_group_dispose;
  object_class->get_property = plug_drive_group_get_property;
  object_class->set_property = plug_drive_group_set_property;

  properties[PROP_DRIVE] =
    g_param_spec_object ("drive", NULL, NULL,
                         PLUG_TYPE_DRIVE,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/plugboard/Plugboard/panels/drives/plug-drive-group.ui");
  gtk_widget_class_bind_template_child (widget_class, PlugDriveGroup, volumes_list);
  gtk_widget_class_bind_template_child (widget_class, PlugDriveGroup, no_volumes_label);
}

static void
plug_drive_group_init (PlugDriveGroup *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
plug_drive_group_new (PlugDrive *drive)
{
  g_return_val_if_fail (PLUG_IS_DRIVE (drive), NULL);

  return g_object_new (PLUG_TYPE_DRIVE_GROUP,
                       "drive", drive,
                       NULL);
}

/**
 * plug_drive_group_get_drive:
 *
 * Returns: (transfer none): the drive the group shows
 */
PlugDrive *
plug_drive_group_get_drive (PlugDriveGroup *self)
{
  g_return_val_if_fail (PLUG_IS_DRIVE_GROUP (self), NULL);

  return self->drive;
}

/**
 * plug_drive_group_refresh_actions:
 *
 * Has each volume's row offer again what may be done with it: what a
 * check found is no property of the volume that the row follows.
 */
void
plug_drive_group_refresh_actions (PlugDriveGroup *self)
{
  g_return_if_fail (PLUG_IS_DRIVE_GROUP (self));

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->volumes_list));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (PLUG_IS_VOLUME_ROW (child))
        plug_volume_row_refresh_actions (PLUG_VOLUME_ROW (child));
    }
}
