/* plug-volume-row.c: One volume of a drive, in the Drives panel
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-drives"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-check-dialog.h"
#include "plug-label-rules.h"
#include "plug-volume-row.h"

/*
 * The row shows what the volume is called (its label, the name it mounts
 * as), its filesystem, size and device, where it is mounted, and how full
 * it is. It follows the PlugVolume, which the core updates in place.
 *
 * On a drive Plugboard may change, a menu offers Reformat, Rename, Check,
 * and Repair once a check found errors, and the speed test, and a FAT32
 * volume a Reformat button beside its 4 GB limit:
 * the reason most people reformat a drive. A mounted volume whose files
 * belong to another user (root, for a drive made with GParted), so that
 * this user cannot add files to it, says so and offers Make It Yours, in
 * a button and in the menu. They are the panel's actions
 * (drives.reformat, drives.rename, drives.check, drives.repair,
 * drives.benchmark, drives.take-ownership), with the volume's object path
 * as their target.
 * On any other drive, the drive's group says why there is nothing to do.
 */

struct _PlugVolumeRow
{
  AdwActionRow  parent_instance;

  /* Template widgets */
  GtkWidget    *usage_box;
  GtkLevelBar  *usage_bar;
  GtkLabel     *usage_label;
  GtkWidget    *reformat_button;
  GtkWidget    *take_ownership_button;
  GtkMenuButton *menu_button;

  /* Owned */
  PlugDrive    *drive;
  PlugVolume   *volume;
};

G_DEFINE_FINAL_TYPE (PlugVolumeRow, plug_volume_row, ADW_TYPE_ACTION_ROW)

enum {
  PROP_0,
  PROP_DRIVE,
  PROP_VOLUME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
update (PlugVolumeRow *self)
{
  g_autofree char *name = plug_volume_dup_display_name (self->volume);
  g_autofree char *filesystem_name = plug_volume_dup_filesystem_name (self->volume);
  g_autofree char *size_text = g_format_size (plug_volume_get_size (self->volume));
  g_autofree char *facts = NULL;
  g_autofree char *mount = NULL;
  g_autoptr(GString) subtitle = g_string_new (NULL);
  const char *mount_point = plug_volume_get_mount_point (self->volume);
  guint64 used;
  guint64 free_space;

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), name);

  /* Translators: a volume's filesystem, size and device, such as
   * “FAT32 · 16.0 GB · /dev/sdb1” */
  facts = g_strdup_printf (_("%s · %s · %s"),
                           filesystem_name != NULL ? filesystem_name : _("No known filesystem"),
                           size_text,
                           plug_volume_get_device (self->volume));
  g_string_append (subtitle, facts);

  if (mount_point != NULL)
    /* Translators: %s is a folder, such as /media/alice/STICK */
    mount = g_strdup_printf (_("Mounted at %s"), mount_point);
  else if (plug_volume_get_filesystem (self->volume) != NULL)
    mount = g_strdup (_("Not mounted"));
  if (mount != NULL)
    g_string_append_printf (subtitle, "\n%s", mount);

  /* The plain fact that matters for a FAT drive: it is why people come to
   * reformat one. */
  if (plug_volume_get_max_file_size (self->volume) == G_GUINT64_CONSTANT (0xFFFFFFFF))
    g_string_append_printf (subtitle, "\n%s",
                            _("Holds files of up to 4 GB: drop files here to see whether they fit"));

  /* Why a drive made elsewhere takes no files: its top folder is root's. */
  if (plug_volume_get_can_take_ownership (self->volume))
    {
      const char *owner = NULL;

      plug_volume_get_access (self->volume, NULL, &owner);
      g_string_append_c (subtitle, '\n');
      /* Translators: %s is a user name, such as root */
      g_string_append_printf (subtitle, _("Its files belong to another user (%s); you cannot add files to it"), owner);
    }

  adw_action_row_set_subtitle (ADW_ACTION_ROW (self), subtitle->str);

  if (plug_volume_get_usage (self->volume, &used, &free_space) && used + free_space > 0)
    {
      g_autofree char *free_text = g_format_size (free_space);
      g_autofree char *usage_text = NULL;

      gtk_level_bar_set_value (self->usage_bar, (double) used / (double) (used + free_space));
      /* Translators: %s is a size, such as 1.2 GB */
      usage_text = g_strdup_printf (_("%s free"), free_text);
      gtk_label_set_label (self->usage_label, usage_text);
      gtk_widget_set_visible (self->usage_box, TRUE);
    }
  else
    {
      gtk_widget_set_visible (self->usage_box, FALSE);
    }
}

/* What may be done with the volume: nothing on a drive Plugboard leaves
 * alone, no Rename for a filesystem it cannot name. */
static void
update_actions (PlugVolumeRow *self)
{
  gboolean can_modify = plug_drive_get_can_modify (self->drive);
  const char *filesystem = plug_volume_get_filesystem (self->volume);
  const char *object_path = plug_volume_get_object_path (self->volume);
  gboolean is_fat = plug_volume_get_max_file_size (self->volume) == G_GUINT64_CONSTANT (0xFFFFFFFF);
  gboolean can_take_ownership = plug_volume_get_can_take_ownership (self->volume);
  g_autoptr(GMenu) menu = NULL;
  g_autofree char *name = plug_volume_dup_display_name (self->volume);
  g_autofree char *menu_label = NULL;
  g_autofree char *reformat_label = NULL;
  g_autofree char *take_ownership_label = NULL;

  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->reformat_button), "s", object_path);
  gtk_widget_set_visible (self->reformat_button, can_modify && is_fat);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->take_ownership_button), "s", object_path);
  gtk_widget_set_visible (self->take_ownership_button, can_modify && can_take_ownership);
  gtk_widget_set_visible (GTK_WIDGET (self->menu_button), can_modify);
  if (!can_modify)
    return;

  menu = g_menu_new ();
  {
    g_autoptr(GMenuItem) item = g_menu_item_new (_("_Reformat…"), NULL);

    g_menu_item_set_action_and_target (item, "drives.reformat", "s", object_path);
    g_menu_append_item (menu, item);
  }
  if (filesystem != NULL && plug_label_rules_is_known_filesystem (filesystem))
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_("Re_name…"), NULL);

      g_menu_item_set_action_and_target (item, "drives.rename", "s", object_path);
      g_menu_append_item (menu, item);
    }
  if (can_take_ownership)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_("Make It _Yours…"), NULL);

      g_menu_item_set_action_and_target (item, "drives.take-ownership", "s", object_path);
      g_menu_append_item (menu, item);
    }
  /* Every volume: one udisks cannot check says why in the dialog. */
  {
    g_autoptr(GMenuItem) item = g_menu_item_new (_("_Check…"), NULL);

    g_menu_item_set_action_and_target (item, "drives.check", "s", object_path);
    g_menu_append_item (menu, item);
  }
  if (plug_check_dialog_get_found_errors (self->volume))
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_("Re_pair…"), NULL);

      g_menu_item_set_action_and_target (item, "drives.repair", "s", object_path);
      g_menu_append_item (menu, item);
    }
  if (filesystem != NULL)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_("Will It _Fit?…"), NULL);

      g_menu_item_set_action_and_target (item, "drives.fits", "s", object_path);
      g_menu_append_item (menu, item);
    }
  {
    g_autoptr(GMenuItem) item = g_menu_item_new (_("_Speed Test…"), NULL);

    g_menu_item_set_action_and_target (item, "drives.benchmark", "s", object_path);
    g_menu_append_item (menu, item);
  }
  gtk_menu_button_set_menu_model (self->menu_button, G_MENU_MODEL (menu));

  /* Translators: %s is a volume's name */
  menu_label = g_strdup_printf (_("Actions for %s"), name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->menu_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, menu_label,
                                  -1);
  /* Translators: %s is a volume's name */
  reformat_label = g_strdup_printf (_("Reformat %s"), name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->reformat_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, reformat_label,
                                  -1);
  /* Translators: %s is a volume's name */
  take_ownership_label = g_strdup_printf (_("Make %s Yours"), name);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->take_ownership_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, take_ownership_label,
                                  -1);
  /* GTK names a button by its own label too (“Make It Yours…”), after
   * the name given: the name given says it all. */
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (self->take_ownership_button),
                                 GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

static void
plug_volume_row_constructed (GObject *object)
{
  PlugVolumeRow *self = PLUG_VOLUME_ROW (object);

  G_OBJECT_CLASS (plug_volume_row_parent_class)->constructed (object);

  g_signal_connect_object (self->volume, "notify",
                           G_CALLBACK (update), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->volume, "notify",
                           G_CALLBACK (update_actions), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->drive, "notify::can-modify",
                           G_CALLBACK (update_actions), self,
                           G_CONNECT_SWAPPED);
  update (self);
  update_actions (self);
}

static void
plug_volume_row_dispose (GObject *object)
{
  PlugVolumeRow *self = PLUG_VOLUME_ROW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PLUG_TYPE_VOLUME_ROW);
  g_clear_object (&self->volume);
  g_clear_object (&self->drive);

  G_OBJECT_CLASS (plug_volume_row_parent_class)->dispose (object);
}

static void
plug_volume_row_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  PlugVolumeRow *self = PLUG_VOLUME_ROW (object);

  switch (prop_id)
    {
    case PROP_DRIVE:
      g_value_set_object (value, self->drive);
      break;

    case PROP_VOLUME:
      g_value_set_object (value, self->volume);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_volume_row_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  PlugVolumeRow *self = PLUG_VOLUME_ROW (object);

  switch (prop_id)
    {
    case PROP_DRIVE:
      self->drive = g_value_dup_object (value);
      break;

    case PROP_VOLUME:
      self->volume = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_volume_row_class_init (PlugVolumeRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = plug_volume_row_constructed;
  object_class->dispose = plug_volume_row_dispose;
  object_class->get_property = plug_volume_row_get_property;
  object_class->set_property = plug_volume_row_set_property;

  properties[PROP_DRIVE] =
    g_param_spec_object ("drive", NULL, NULL,
                         PLUG_TYPE_DRIVE,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  properties[PROP_VOLUME] =
    g_param_spec_object ("volume", NULL, NULL,
                         PLUG_TYPE_VOLUME,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/plugboard/Plugboard/panels/drives/plug-volume-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PlugVolumeRow, usage_box);
  gtk_widget_class_bind_template_child (widget_class, PlugVolumeRow, usage_bar);
  gtk_widget_class_bind_template_child (widget_class, PlugVolumeRow, usage_label);
  gtk_widget_class_bind_template_child (widget_class, PlugVolumeRow, reformat_button);
  gtk_widget_class_bind_template_child (widget_class, PlugVolumeRow, take_ownership_button);
  gtk_widget_class_bind_template_child (widget_class, PlugVolumeRow, menu_button);
}

/* Files dropped on the row: “will they fit?”, in the panel's dialog. */
static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         PlugVolumeRow *self)
{
  GVariantBuilder uris;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST) || plug_volume_get_filesystem (self->volume) == NULL)
    return FALSE;

  g_variant_builder_init (&uris, G_VARIANT_TYPE_STRING_ARRAY);
  for (GSList *l = gdk_file_list_get_files (g_value_get_boxed (value)); l != NULL; l = l->next)
    {
      g_autofree char *uri = g_file_get_uri (l->data);

      g_variant_builder_add (&uris, "s", uri);
    }

  return gtk_widget_activate_action (GTK_WIDGET (self), "drives.fits-files", "(sas)",
                                     plug_volume_get_object_path (self->volume), &uris);
}

static void
plug_volume_row_init (PlugVolumeRow *self)
{
  GtkDropTarget *target;

  gtk_widget_init_template (GTK_WIDGET (self));

  target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect (target, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));

  /* The bar shows how full the volume is, in the accent colour; GTK's
   * default offsets would paint a nearly empty volume as a warning. */
  gtk_level_bar_remove_offset_value (self->usage_bar, GTK_LEVEL_BAR_OFFSET_LOW);
  gtk_level_bar_remove_offset_value (self->usage_bar, GTK_LEVEL_BAR_OFFSET_HIGH);
  gtk_level_bar_remove_offset_value (self->usage_bar, GTK_LEVEL_BAR_OFFSET_FULL);
}

GtkWidget *
plug_volume_row_new (PlugDrive  *drive,
                     PlugVolume *volume)
{
  g_return_val_if_fail (PLUG_IS_DRIVE (drive), NULL);
  g_return_val_if_fail (PLUG_IS_VOLUME (volume), NULL);

  return g_object_new (PLUG_TYPE_VOLUME_ROW,
                       "drive", drive,
                       "volume", volume,
                       NULL);
}

/**
 * plug_volume_row_get_volume:
 *
 * Returns: (transfer none): the volume the row shows
 */
PlugVolume *
plug_volume_row_get_volume (PlugVolumeRow *self)
{
  g_return_val_if_fail (PLUG_IS_VOLUME_ROW (self), NULL);

  return self->volume;
}

/**
 * plug_volume_row_refresh_actions:
 *
 * Offers again what may be done with the volume, after a check found
 * errors in it or a repair mended them.
 */
void
plug_volume_row_refresh_actions (PlugVolumeRow *self)
{
  g_return_if_fail (PLUG_IS_VOLUME_ROW (self));

  update_actions (self);
}
