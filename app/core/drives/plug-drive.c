/* plug-drive.c: An external drive or an attached disk image
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "plug-drive.h"

/*
 * A PlugDrive is one udisks Drive object, or one loop device for a disk
 * image (udisks publishes no Drive for loop devices). Like PlugVolume it
 * is refreshed in place by the drive list, so that it keeps its identity
 * while udisks reports changes, and its volumes are a GListModel that
 * views bind to.
 *
 * Whether the drive is listed and whether it may be changed are decided by
 * plug-drive-rules.c from facts gathered here.
 */

struct _PlugDrive
{
  GObject               parent_instance;

  char                 *object_path;
  char                 *device;
  char                 *vendor;
  char                 *model;
  char                 *serial;
  char                 *backing_file;
  guint64               size;
  guint                 setup_by_uid;
  PlugDriveConnection   connection;
  PlugDriveRestriction  restriction;
  char                 *mounted_by;    /* for PLUG_DRIVE_RESTRICTION_OTHER_USER_MOUNT */
  gboolean              is_disk_image;
  gboolean              removable;
  gboolean              listed;

  GListStore           *volumes;
};

G_DEFINE_FINAL_TYPE (PlugDrive, plug_drive, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_OBJECT_PATH,
  PROP_DEVICE,
  PROP_VENDOR,
  PROP_MODEL,
  PROP_SERIAL,
  PROP_BACKING_FILE,
  PROP_SIZE,
  PROP_SETUP_BY_UID,
  PROP_CONNECTION,
  PROP_RESTRICTION,
  PROP_CAN_MODIFY,
  PROP_IS_DISK_IMAGE,
  PROP_REMOVABLE,
  PROP_LISTED,
  PROP_VOLUMES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
plug_drive_dispose (GObject *object)
{
  PlugDrive *self = PLUG_DRIVE (object);

  g_clear_object (&self->volumes);

  G_OBJECT_CLASS (plug_drive_parent_class)->dispose (object);
}

static void
plug_drive_finalize (GObject *object)
{
  PlugDrive *self = PLUG_DRIVE (object);

  g_clear_pointer (&self->object_path, g_free);
  g_clear_pointer (&self->device, g_free);
  g_clear_pointer (&self->vendor, g_free);
  g_clear_pointer (&self->model, g_free);
  g_clear_pointer (&self->serial, g_free);
  g_clear_pointer (&self->backing_file, g_free);
  g_clear_pointer (&self->mounted_by, g_free);

  G_OBJECT_CLASS (plug_drive_parent_class)->finalize (object);
}

static void
plug_drive_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  PlugDrive *self = PLUG_DRIVE (object);

  switch (prop_id)
    {
    case PROP_OBJECT_PATH:
      g_value_set_string (value, self->object_path);
      break;

    case PROP_DEVICE:
      g_value_set_string (value, self->device);
      break;

    case PROP_VENDOR:
      g_value_set_string (value, self->vendor);
      break;

    case PROP_MODEL:
      g_value_set_string (value, self->model);
      break;

    case PROP_SERIAL:
      g_value_set_string (value, self->serial);
      break;

    case PROP_BACKING_FILE:
      g_value_set_string (value, self->backing_file);
      break;

    case PROP_SIZE:
      g_value_set_uint64 (value, self->size);
      break;

    case PROP_SETUP_BY_UID:
      g_value_set_uint (value, self->setup_by_uid);
      break;

    case PROP_CONNECTION:
      g_value_set_enum (value, self->connection);
      break;

    case PROP_RESTRICTION:
      g_value_set_enum (value, self->restriction);
      break;

    case PROP_CAN_MODIFY:
      g_value_set_boolean (value, plug_drive_get_can_modify (self));
      break;

    case PROP_IS_DISK_IMAGE:
      g_value_set_boolean (value, self->is_disk_image);
      break;

    case PROP_REMOVABLE:
      g_value_set_boolean (value, self->removable);
      break;

    case PROP_LISTED:
      g_value_set_boolean (value, self->listed);
      break;

    case PROP_VOLUMES:
      g_value_set_object (value, self->volumes);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_drive_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  PlugDrive *self = PLUG_DRIVE (object);

  switch (prop_id)
    {
    case PROP_OBJECT_PATH:
      self->object_path = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_drive_class_init (PlugDriveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags read_only = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = plug_drive_dispose;
  object_class->finalize = plug_drive_finalize;
  object_class->get_property = plug_drive_get_property;
  object_class->set_property = plug_drive_set_property;

  properties[PROP_OBJECT_PATH] =
    g_param_spec_string ("object-path", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  properties[PROP_DEVICE] =
    g_param_spec_string ("device", NULL, NULL, NULL, read_only);

  properties[PROP_VENDOR] =
    g_param_spec_string ("vendor", NULL, NULL, NULL, read_only);

  properties[PROP_MODEL] =
    g_param_spec_string ("model", NULL, NULL, NULL, read_only);

  properties[PROP_SERIAL] =
    g_param_spec_string ("serial", NULL, NULL, NULL, read_only);

  properties[PROP_BACKING_FILE] =
    g_param_spec_string ("backing-file", NULL, NULL, NULL, read_only);

  properties[PROP_SIZE] =
    g_param_spec_uint64 ("size", NULL, NULL, 0, G_MAXUINT64, 0, read_only);

  properties[PROP_SETUP_BY_UID] =
    g_param_spec_uint ("setup-by-uid", NULL, NULL, 0, G_MAXUINT, 0, read_only);

  properties[PROP_CONNECTION] =
    g_param_spec_enum ("connection", NULL, NULL,
                       PLUG_TYPE_DRIVE_CONNECTION, PLUG_DRIVE_CONNECTION_OTHER, read_only);

  properties[PROP_RESTRICTION] =
    g_param_spec_enum ("restriction", NULL, NULL,
                       PLUG_TYPE_DRIVE_RESTRICTION, PLUG_DRIVE_RESTRICTION_HOLDS_SYSTEM, read_only);

  properties[PROP_CAN_MODIFY] =
    g_param_spec_boolean ("can-modify", NULL, NULL, FALSE, read_only);

  properties[PROP_IS_DISK_IMAGE] =
    g_param_spec_boolean ("is-disk-image", NULL, NULL, FALSE, read_only);

  properties[PROP_REMOVABLE] =
    g_param_spec_boolean ("removable", NULL, NULL, FALSE, read_only);

  properties[PROP_LISTED] =
    g_param_spec_boolean ("listed", NULL, NULL, FALSE, read_only);

  properties[PROP_VOLUMES] =
    g_param_spec_object ("volumes", NULL, NULL, G_TYPE_LIST_MODEL, read_only);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
plug_drive_init (PlugDrive *self)
{
  self->volumes = g_list_store_new (PLUG_TYPE_VOLUME);
  /* Until udisks has been read, nothing about the drive is known: the
   * safe answer is that it may not be changed. */
  self->restriction = PLUG_DRIVE_RESTRICTION_HOLDS_SYSTEM;
}

PlugDrive *
plug_drive_new (const char *object_path)
{
  g_return_val_if_fail (object_path != NULL, NULL);

  return g_object_new (PLUG_TYPE_DRIVE,
                       "object-path", object_path,
                       NULL);
}

static void
set_string (PlugDrive   *self,
            char       **field,
            const char  *value,
            guint        prop_id)
{
  if (value != NULL && *value == '\0')
    value = NULL;

  if (g_strcmp0 (*field, value) == 0)
    return;

  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

static void
set_uint64 (PlugDrive *self,
            guint64   *field,
            guint64    value,
            guint      prop_id)
{
  if (*field == value)
    return;

  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

static void
set_uint (PlugDrive *self,
          guint     *field,
          guint      value,
          guint      prop_id)
{
  if (*field == value)
    return;

  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

/* Adds what one block device tells about the drive as a whole. */
static void
gather_block_facts (PlugDriveFacts *facts,
                    UDisksObject   *object)
{
  UDisksBlock *block = udisks_object_peek_block (object);
  UDisksFilesystem *filesystem = udisks_object_peek_filesystem (object);
  UDisksSwapspace *swapspace = udisks_object_peek_swapspace (object);
  GVariant *configuration;
  g_autofree char *sysfs_dir = NULL;
  const char *device;

  if (block == NULL)
    return;

  facts->any_hint_system |= udisks_block_get_hint_system (block);
  facts->any_hint_ignore |= udisks_block_get_hint_ignore (block);

  /* The storage the system runs on, through any number of layers. */
  if (swapspace != NULL && udisks_swapspace_get_active (swapspace))
    facts->system_storage = TRUE;
  configuration = udisks_block_get_configuration (block);
  for (gsize i = 0; configuration != NULL && i < g_variant_n_children (configuration); i++)
    {
      const char *type;

      g_variant_get_child (configuration, i, "(&s@a{sv})", &type, NULL);
      if (g_str_equal (type, "fstab"))
        facts->system_storage = TRUE;
    }
  device = udisks_block_get_device (block);
  if (device != NULL && g_str_has_prefix (device, "/dev/"))
    {
      sysfs_dir = g_build_filename ("/sys/class/block", device + strlen ("/dev/"), NULL);
      facts->system_storage |= plug_drive_rules_block_has_holders (sysfs_dir);
    }

  if (filesystem != NULL)
    {
      const char * const *mount_points = udisks_filesystem_get_mount_points (filesystem);

      for (guint i = 0; mount_points != NULL && mount_points[i] != NULL; i++)
        {
          g_autofree char *owner = plug_drive_rules_dup_mount_owner (mount_points[i]);

          facts->holds_system |= plug_drive_rules_is_system_mount_point (mount_points[i]);
          if (owner != NULL && g_strcmp0 (owner, g_get_user_name ()) != 0)
            facts->other_user_mount = mount_points[i];
        }
    }
}

static int
compare_partitions (gconstpointer a,
                    gconstpointer b)
{
  UDisksPartition *partition_a = udisks_object_peek_partition (*(UDisksObject **) a);
  UDisksPartition *partition_b = udisks_object_peek_partition (*(UDisksObject **) b);
  guint number_a = partition_a != NULL ? udisks_partition_get_number (partition_a) : 0;
  guint number_b = partition_b != NULL ? udisks_partition_get_number (partition_b) : 0;

  return (number_a > number_b) - (number_a < number_b);
}

static PlugVolume *
find_volume (PlugDrive  *self,
             const char *object_path)
{
  guint n_volumes = g_list_model_get_n_items (G_LIST_MODEL (self->volumes));

  for (guint i = 0; i < n_volumes; i++)
    {
      g_autoptr(PlugVolume) volume = g_list_model_get_item (G_LIST_MODEL (self->volumes), i);

      if (g_str_equal (plug_volume_get_object_path (volume), object_path))
        return g_steal_pointer (&volume);
    }

  return NULL;
}

/* The volumes are the partitions when there is a partition table (less
 * the extended partition, which only contains others), else the whole
 * device, which may carry a filesystem of its own or none yet. Volumes
 * that stay keep their objects, so that views bound to them stay too. */
static void
update_volumes (PlugDrive              *self,
                const PlugDriveObjects *objects)
{
  g_autoptr(GPtrArray) volumes = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) sources = g_ptr_array_new ();
  guint n_old = g_list_model_get_n_items (G_LIST_MODEL (self->volumes));
  gboolean same = TRUE;

  if (objects->block_object != NULL &&
      udisks_object_peek_partition_table (objects->block_object) != NULL)
    {
      for (guint i = 0; objects->partition_objects != NULL && i < objects->partition_objects->len; i++)
        {
          UDisksObject *object = g_ptr_array_index (objects->partition_objects, i);
          UDisksPartition *partition = udisks_object_peek_partition (object);

          if (partition != NULL && udisks_partition_get_is_container (partition))
            continue;
          g_ptr_array_add (sources, object);
        }
      g_ptr_array_sort (sources, compare_partitions);
    }
  else if (objects->block_object != NULL && self->size > 0)
    {
      g_ptr_array_add (sources, objects->block_object);
    }

  for (guint i = 0; i < sources->len; i++)
    {
      UDisksObject *object = g_ptr_array_index (sources, i);
      const char *object_path = g_dbus_object_get_object_path (G_DBUS_OBJECT (object));
      PlugVolume *volume = find_volume (self, object_path);

      if (volume == NULL)
        volume = plug_volume_new (object_path);
      plug_volume_update (volume, object);
      g_ptr_array_add (volumes, volume);
    }

  if (volumes->len != n_old)
    same = FALSE;
  for (guint i = 0; same && i < volumes->len; i++)
    {
      g_autoptr(PlugVolume) old = g_list_model_get_item (G_LIST_MODEL (self->volumes), i);

      same = old == g_ptr_array_index (volumes, i);
    }

  if (!same)
    g_list_store_splice (self->volumes, 0, n_old, volumes->pdata, volumes->len);
}

/**
 * plug_drive_update:
 * @objects: the udisks objects that make up the drive
 * @uid: the user Plugboard runs as, who is allowed to change the disk
 *   images they attached themselves
 *
 * Reads the drive's state from the objects the udisks client already holds
 * in memory, decides whether it is listed and may be changed, and notifies
 * what changed. Reads only memory: those objects, and sysfs (holders/).
 */
void
plug_drive_update (PlugDrive              *self,
                   const PlugDriveObjects *objects,
                   uid_t                   uid)
{
  UDisksDrive *drive = NULL;
  UDisksBlock *block = NULL;
  UDisksLoop *loop = NULL;
  PlugDriveFacts facts = { 0, };
  PlugDriveConnection connection;
  PlugDriveRestriction restriction;
  const char *media = NULL;
  gboolean is_disk_image;
  gboolean removable = FALSE;
  gboolean listed;
  gboolean could_modify;

  g_return_if_fail (PLUG_IS_DRIVE (self));
  g_return_if_fail (objects != NULL);

  if (objects->drive_object != NULL)
    drive = udisks_object_peek_drive (objects->drive_object);
  if (objects->block_object != NULL)
    {
      block = udisks_object_peek_block (objects->block_object);
      loop = udisks_object_peek_loop (objects->block_object);
    }

  is_disk_image = drive == NULL && loop != NULL;
  could_modify = plug_drive_get_can_modify (self);

  g_object_freeze_notify (G_OBJECT (self));

  set_string (self, &self->device, block != NULL ? udisks_block_get_device (block) : NULL, PROP_DEVICE);

  if (drive != NULL)
    {
      set_string (self, &self->vendor, udisks_drive_get_vendor (drive), PROP_VENDOR);
      set_string (self, &self->model, udisks_drive_get_model (drive), PROP_MODEL);
      set_string (self, &self->serial, udisks_drive_get_serial (drive), PROP_SERIAL);
      set_uint64 (self, &self->size, udisks_drive_get_size (drive), PROP_SIZE);
      removable = udisks_drive_get_removable (drive) || udisks_drive_get_media_removable (drive);
      media = udisks_drive_get_media (drive);
      facts.connection_bus = udisks_drive_get_connection_bus (drive);
    }
  else if (is_disk_image)
    {
      g_autofree char *image_name = NULL;

      set_string (self, &self->backing_file, udisks_loop_get_backing_file (loop), PROP_BACKING_FILE);
      set_uint (self, &self->setup_by_uid, udisks_loop_get_setup_by_uid (loop), PROP_SETUP_BY_UID);
      set_uint64 (self, &self->size, udisks_block_get_size (block), PROP_SIZE);

      /* What a disk image is called is the name of its file. */
      image_name = plug_drive_rules_dup_image_name (self->backing_file);
      set_string (self, &self->model, image_name, PROP_MODEL);
    }

  if (self->is_disk_image != is_disk_image)
    {
      self->is_disk_image = is_disk_image;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_IS_DISK_IMAGE]);
    }

  if (self->removable != removable)
    {
      self->removable = removable;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REMOVABLE]);
    }

  facts.is_disk_image = is_disk_image;
  facts.setup_by_uid = self->setup_by_uid;
  facts.removable = removable;
  facts.device = self->device;
  if (block != NULL)
    {
      facts.whole_hint_ignore = udisks_block_get_hint_ignore (block);
      gather_block_facts (&facts, objects->block_object);
    }
  for (guint i = 0; objects->partition_objects != NULL && i < objects->partition_objects->len; i++)
    gather_block_facts (&facts, g_ptr_array_index (objects->partition_objects, i));
  for (guint i = 0; objects->related_objects != NULL && i < objects->related_objects->len; i++)
    gather_block_facts (&facts, g_ptr_array_index (objects->related_objects, i));

  connection = plug_drive_connection_classify (is_disk_image, facts.connection_bus, media, self->device);
  if (self->connection != connection)
    {
      self->connection = connection;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONNECTION]);
    }

  restriction = plug_drive_rules_check (&facts, uid);
  g_free (self->mounted_by);
  self->mounted_by = plug_drive_rules_dup_mount_owner (facts.other_user_mount);
  if (self->restriction != restriction)
    {
      self->restriction = restriction;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESTRICTION]);
    }
  if (could_modify != plug_drive_get_can_modify (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_MODIFY]);

  /* A card reader without a card, or a loop device whose image has just
   * been detached, is nothing a person could use. */
  listed = plug_drive_rules_is_listed (&facts, uid) && block != NULL && self->size > 0;
  if (self->listed != listed)
    {
      self->listed = listed;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LISTED]);
    }

  update_volumes (self, objects);

  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * plug_drive_get_object_path:
 *
 * Returns: the udisks object path of the Drive, or of the loop device's
 *   block for a disk image
 */
const char *
plug_drive_get_object_path (PlugDrive *self)
{
  g_return_val_if_fail (PLUG_IS_DRIVE (self), NULL);

  return self->object_path;
}

/**
 * plug_drive_get_device:
 *
 * Returns: (nullable): the whole device, such as /dev/sdb or /dev/loop0
 */
const char *
plug_drive_get_device (PlugDrive *self)
{
  g_return_val_if_fail (PLUG_IS_DRIVE (self), NULL);

  return self->device;
}

/**
 * plug_drive_get_vendor:
 *
 * Returns: (nullable): the maker, as the drive reports it
 */
const char *
plug_drive_get_vendor (PlugDrive *self)
{
  g_return_val_if_fail (PLUG_IS_DRIVE (self), NULL);

  return self->vendor;
}

/**
 * plug_drive_get_model:
 *
 * Returns: (nullable): the model, as the drive reports it; for a disk
 *   image, the name of its file
 */
const char *
plug_drive_get_model (PlugDrive *self)
{
  g_return_val_if_fail (PLUG_IS_DRIVE (self), NULL);

  return self->model;
}

/**
 * plug_drive_get_serial:
 *
 * Returns: (nullable): the serial number, when the drive reports one
 */
const char *
plug_drive_get_serial (PlugDrive *self)
{
  g_return_val_if_fail (PLUG_IS_DRIVE (self), NULL);

  return self->serial;
}

/**
 * plug_drive_dup_display_name:
 *
 * Returns: (transfer full): what to call the drive: vendor and model, or
 *   the image's file name
 */
char *
plug_drive_dup_display_name (PlugDrive *self)
{
  g_return_val_if_fail (PLUG_IS_DRIVE (self), NULL);

  if (self->is_disk_image)
    return plug_drive_rules_dup_image_name (self->backing_file);

  return plug_drive_rules_dup_drive_name (self->vendor, self->model, self->size);
}

/* In bytes; 0 while there is no medium. */
guint64
plug_drive_get_size (PlugDrive *self)
{
  g_return_val_if_fail (PLUG_IS_DRIVE (self), 0);

  return self->size;
}

PlugDriveConnection
plug_drive_get_connection (PlugDrive *self)
{
  g_return_val_if_fail (PLUG_IS_DRIVE (self), PLUG_DRIVE_CONNECTION_OTHER);

  return self->connection;
}

gboolean
plug_drive_is_disk_image (PlugDrive *self)
{
  g_return_val_if_fail (PLUG_IS_DRIVE (self), FALSE);

  return self->is_disk_image;
}

gboolean
plug_drive_is_removable (PlugDrive *self)
{
  g_return_val_if_fail (PLUG_IS_DRIVE (self), FALSE);

  return self->removable;
}

/**
 * plug_drive_get_backing_file:
 *
 * Returns: (nullable): for a disk image, the file it was attached from
 */
const char *
plug_drive_get_backing_file (PlugDrive *self)
{
  g_return_val_if_fail (PLUG_IS_DRIVE (self), NULL);

  return self->backing_file;
}

/* For a disk image, the user who attached it; 0 (root) otherwise. */
guint
plug_drive_get_setup_by_uid (PlugDrive *self)
{
  g_return_val_if_fail (PLUG_IS_DRIVE (self), 0);

  return self->setup_by_uid;
}

/**
 * plug_drive_get_can_modify:
 *
 * Returns: whether the drive may be offered for destructive actions such
 *   as reformatting; plug_drive_get_restriction() says why not
 */
gboolean
plug_drive_get_can_modify (PlugDrive *self)
{
  g_return_val_if_fail (PLUG_IS_DRIVE (self), FALSE);

  return self->restriction == PLUG_DRIVE_RESTRICTION_NONE;
}

/**
 * plug_drive_dup_restriction_reason:
 *
 * Why the drive may not be changed, for people, naming the user whose
 * mount is in the way; %NULL when it may be.
 */
char *
plug_drive_dup_restriction_reason (PlugDrive *self)
{
  g_return_val_if_fail (PLUG_IS_DRIVE (self), NULL);

  if (self->restriction == PLUG_DRIVE_RESTRICTION_OTHER_USER_MOUNT && self->mounted_by != NULL)
    /* Translators: %s is another user's login name */
    return g_strdup_printf (_("%s has part of this drive mounted: they must unmount it first"),
                            self->mounted_by);

  return g_strdup (plug_drive_restriction_get_reason (self->restriction));
}

PlugDriveRestriction
plug_drive_get_restriction (PlugDrive *self)
{
  g_return_val_if_fail (PLUG_IS_DRIVE (self), PLUG_DRIVE_RESTRICTION_HOLDS_SYSTEM);

  return self->restriction;
}

/* Whether the drive list shows the drive: see plug_drive_rules_is_listed(). */
gboolean
plug_drive_is_listed (PlugDrive *self)
{
  g_return_val_if_fail (PLUG_IS_DRIVE (self), FALSE);

  return self->listed;
}

/**
 * plug_drive_get_volumes:
 *
 * Returns: (transfer none): a #GListModel of #PlugVolume, in partition order
 */
GListModel *
plug_drive_get_volumes (PlugDrive *self)
{
  g_return_val_if_fail (PLUG_IS_DRIVE (self), NULL);

  return G_LIST_MODEL (self->volumes);
}
