/* plug-volume.c: A filesystem on a drive
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <unistd.h>

#include "plug-drive-rules.h"
#include "plug-filesystem-type.h"
#include "plug-udisks-call.h"
#include "plug-volume.h"

/*
 * A PlugVolume is one block device that carries (or could carry) a
 * filesystem: a partition, or a whole drive without a partition table. It
 * is a snapshot of the udisks block object, refreshed in place by its
 * PlugDrive whenever udisks reports a change, so that views bound to it
 * follow without rebuilding.
 *
 * udisks 2.9 does not publish how full a filesystem is, so a mounted
 * volume asks the kernel (statfs) in one of GIO's worker threads whenever
 * its mount point changes, and on request. In the same thread it asks
 * whether this user can write to its top folder (access(W_OK)) and who
 * owns that folder: a volume made by root, such as an ext4 drive made
 * with GParted, mounts with a top folder only root can add files to.
 */

struct _PlugVolume
{
  GObject       parent_instance;

  char         *object_path;
  char         *device;
  char         *filesystem;
  char         *filesystem_version;
  char         *label;
  char         *uuid;
  guint64       size;
  guint         partition_number;
  GStrv         mount_points;

  gboolean      usage_known;
  guint64       used;
  guint64       free_space;
  gboolean      read_only;
  GCancellable *usage_cancellable;

  gboolean      access_known;
  gboolean      writable;
  guint32       owner_uid;
  char         *owner;
};

G_DEFINE_FINAL_TYPE (PlugVolume, plug_volume, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_OBJECT_PATH,
  PROP_DEVICE,
  PROP_FILESYSTEM,
  PROP_FILESYSTEM_VERSION,
  PROP_LABEL,
  PROP_UUID,
  PROP_SIZE,
  PROP_PARTITION_NUMBER,
  PROP_MOUNT_POINTS,
  PROP_USAGE_KNOWN,
  PROP_USED,
  PROP_FREE,
  PROP_ACCESS_KNOWN,
  PROP_WRITABLE,
  PROP_OWNER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char * const no_mount_points[] = { NULL };

static void
plug_volume_dispose (GObject *object)
{
  PlugVolume *self = PLUG_VOLUME (object);

  g_cancellable_cancel (self->usage_cancellable);
  g_clear_object (&self->usage_cancellable);

  G_OBJECT_CLASS (plug_volume_parent_class)->dispose (object);
}

static void
plug_volume_finalize (GObject *object)
{
  PlugVolume *self = PLUG_VOLUME (object);

  g_clear_pointer (&self->object_path, g_free);
  g_clear_pointer (&self->device, g_free);
  g_clear_pointer (&self->filesystem, g_free);
  g_clear_pointer (&self->filesystem_version, g_free);
  g_clear_pointer (&self->label, g_free);
  g_clear_pointer (&self->uuid, g_free);
  g_clear_pointer (&self->mount_points, g_strfreev);
  g_clear_pointer (&self->owner, g_free);

  G_OBJECT_CLASS (plug_volume_parent_class)->finalize (object);
}

static void
plug_volume_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  PlugVolume *self = PLUG_VOLUME (object);

  switch (prop_id)
    {
    case PROP_OBJECT_PATH:
      g_value_set_string (value, self->object_path);
      break;

    case PROP_DEVICE:
      g_value_set_string (value, self->device);
      break;

    case PROP_FILESYSTEM:
      g_value_set_string (value, self->filesystem);
      break;

    case PROP_FILESYSTEM_VERSION:
      g_value_set_string (value, self->filesystem_version);
      break;

    case PROP_LABEL:
      g_value_set_string (value, self->label);
      break;

    case PROP_UUID:
      g_value_set_string (value, self->uuid);
      break;

    case PROP_SIZE:
      g_value_set_uint64 (value, self->size);
      break;

    case PROP_PARTITION_NUMBER:
      g_value_set_uint (value, self->partition_number);
      break;

    case PROP_MOUNT_POINTS:
      g_value_set_boxed (value, plug_volume_get_mount_points (self));
      break;

    case PROP_USAGE_KNOWN:
      g_value_set_boolean (value, self->usage_known);
      break;

    case PROP_USED:
      g_value_set_uint64 (value, self->used);
      break;

    case PROP_FREE:
      g_value_set_uint64 (value, self->free_space);
      break;

    case PROP_ACCESS_KNOWN:
      g_value_set_boolean (value, self->access_known);
      break;

    case PROP_WRITABLE:
      g_value_set_boolean (value, self->writable);
      break;

    case PROP_OWNER:
      g_value_set_string (value, self->owner);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_volume_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  PlugVolume *self = PLUG_VOLUME (object);

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
plug_volume_class_init (PlugVolumeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags read_only = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = plug_volume_dispose;
  object_class->finalize = plug_volume_finalize;
  object_class->get_property = plug_volume_get_property;
  object_class->set_property = plug_volume_set_property;

  properties[PROP_OBJECT_PATH] =
    g_param_spec_string ("object-path", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  properties[PROP_DEVICE] =
    g_param_spec_string ("device", NULL, NULL, NULL, read_only);

  properties[PROP_FILESYSTEM] =
    g_param_spec_string ("filesystem", NULL, NULL, NULL, read_only);

  properties[PROP_FILESYSTEM_VERSION] =
    g_param_spec_string ("filesystem-version", NULL, NULL, NULL, read_only);

  properties[PROP_LABEL] =
    g_param_spec_string ("label", NULL, NULL, NULL, read_only);

  properties[PROP_UUID] =
    g_param_spec_string ("uuid", NULL, NULL, NULL, read_only);

  properties[PROP_SIZE] =
    g_param_spec_uint64 ("size", NULL, NULL, 0, G_MAXUINT64, 0, read_only);

  properties[PROP_PARTITION_NUMBER] =
    g_param_spec_uint ("partition-number", NULL, NULL, 0, G_MAXUINT, 0, read_only);

  properties[PROP_MOUNT_POINTS] =
    g_param_spec_boxed ("mount-points", NULL, NULL, G_TYPE_STRV, read_only);

  properties[PROP_USAGE_KNOWN] =
    g_param_spec_boolean ("usage-known", NULL, NULL, FALSE, read_only);

  properties[PROP_USED] =
    g_param_spec_uint64 ("used", NULL, NULL, 0, G_MAXUINT64, 0, read_only);

  properties[PROP_FREE] =
    g_param_spec_uint64 ("free", NULL, NULL, 0, G_MAXUINT64, 0, read_only);

  /* Whether the top folder's owner and this user's right to write there
   * are known: only while mounted, once the kernel has been asked. */
  properties[PROP_ACCESS_KNOWN] =
    g_param_spec_boolean ("access-known", NULL, NULL, FALSE, read_only);

  properties[PROP_WRITABLE] =
    g_param_spec_boolean ("writable", NULL, NULL, FALSE, read_only);

  properties[PROP_OWNER] =
    g_param_spec_string ("owner", NULL, NULL, NULL, read_only);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
plug_volume_init (PlugVolume *self)
{
}

PlugVolume *
plug_volume_new (const char *object_path)
{
  g_return_val_if_fail (object_path != NULL, NULL);

  return g_object_new (PLUG_TYPE_VOLUME,
                       "object-path", object_path,
                       NULL);
}

/* udisks says "no value" with an empty string; the volume says it with
 * NULL, which is what plugboardctl prints as null. */
static void
set_string (PlugVolume  *self,
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
set_usage (PlugVolume *self,
           gboolean    usage_known,
           guint64     used,
           guint64     free_space)
{
  g_object_freeze_notify (G_OBJECT (self));

  if (self->usage_known != usage_known)
    {
      self->usage_known = usage_known;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_USAGE_KNOWN]);
    }
  if (self->used != used)
    {
      self->used = used;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_USED]);
    }
  if (self->free_space != free_space)
    {
      self->free_space = free_space;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FREE]);
    }

  g_object_thaw_notify (G_OBJECT (self));
}

static void
set_access (PlugVolume *self,
            gboolean    access_known,
            gboolean    writable,
            guint32     owner_uid,
            const char *owner)
{
  g_object_freeze_notify (G_OBJECT (self));

  if (self->access_known != access_known)
    {
      self->access_known = access_known;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACCESS_KNOWN]);
    }
  if (self->writable != writable)
    {
      self->writable = writable;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WRITABLE]);
    }
  self->owner_uid = owner_uid;
  if (g_strcmp0 (self->owner, owner) != 0)
    {
      g_free (self->owner);
      self->owner = g_strdup (owner);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OWNER]);
    }

  g_object_thaw_notify (G_OBJECT (self));
}

static void
usage_refreshed_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  /* Not knowing the usage is a state the views show, not a failure. */
  if (plug_volume_refresh_usage_finish (PLUG_VOLUME (object), result, &error) ||
      error == NULL || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  g_debug ("Could not read how full %s is: %s",
           PLUG_VOLUME (object)->device, error->message);
}

static void
start_usage_refresh (PlugVolume *self)
{
  g_cancellable_cancel (self->usage_cancellable);
  g_clear_object (&self->usage_cancellable);
  self->usage_cancellable = g_cancellable_new ();

  plug_volume_refresh_usage_async (self, self->usage_cancellable, usage_refreshed_cb, NULL);
}

static void
set_mount_points (PlugVolume         *self,
                  const char * const *udisks_mount_points)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) mount_points = NULL;

  /* Where udisks mounts it for a moment, for itself, is no place for
   * the user's files. */
  for (guint i = 0; udisks_mount_points != NULL && udisks_mount_points[i] != NULL; i++)
    {
      if (!plug_udisks_is_temporary_mount (udisks_mount_points[i]))
        g_strv_builder_add (builder, udisks_mount_points[i]);
    }
  mount_points = g_strv_builder_end (builder);

  if (g_strv_equal ((const char * const *) mount_points, plug_volume_get_mount_points (self)))
    return;

  g_clear_pointer (&self->mount_points, g_strfreev);
  if (mount_points[0] != NULL)
    self->mount_points = g_steal_pointer (&mount_points);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MOUNT_POINTS]);

  /* The old numbers describe another filesystem, or none. */
  set_usage (self, FALSE, 0, 0);
  set_access (self, FALSE, FALSE, 0, NULL);
  if (self->mount_points != NULL)
    start_usage_refresh (self);
}

/**
 * plug_volume_update:
 * @object: the udisks object of the volume's block device
 *
 * Reads the volume's state from @object, which the udisks client already
 * holds in memory, and notifies what changed.
 */
void
plug_volume_update (PlugVolume   *self,
                    UDisksObject *object)
{
  UDisksBlock *block;
  UDisksFilesystem *filesystem;
  UDisksPartition *partition;
  guint64 size;
  guint partition_number;

  g_return_if_fail (PLUG_IS_VOLUME (self));
  g_return_if_fail (UDISKS_IS_OBJECT (object));

  block = udisks_object_peek_block (object);
  filesystem = udisks_object_peek_filesystem (object);
  partition = udisks_object_peek_partition (object);

  g_return_if_fail (block != NULL);

  g_object_freeze_notify (G_OBJECT (self));

  set_string (self, &self->device, udisks_block_get_device (block), PROP_DEVICE);
  set_string (self, &self->filesystem, udisks_block_get_id_type (block), PROP_FILESYSTEM);
  set_string (self, &self->filesystem_version, udisks_block_get_id_version (block), PROP_FILESYSTEM_VERSION);
  set_string (self, &self->label, udisks_block_get_id_label (block), PROP_LABEL);
  set_string (self, &self->uuid, udisks_block_get_id_uuid (block), PROP_UUID);

  size = udisks_block_get_size (block);
  if (self->size != size)
    {
      self->size = size;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIZE]);
    }

  partition_number = partition != NULL ? udisks_partition_get_number (partition) : 0;
  if (self->partition_number != partition_number)
    {
      self->partition_number = partition_number;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PARTITION_NUMBER]);
    }

  set_mount_points (self, filesystem != NULL ? udisks_filesystem_get_mount_points (filesystem) : NULL);

  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * plug_volume_get_object_path:
 *
 * Returns: the udisks object path of the volume's block device
 */
const char *
plug_volume_get_object_path (PlugVolume *self)
{
  g_return_val_if_fail (PLUG_IS_VOLUME (self), NULL);

  return self->object_path;
}

/**
 * plug_volume_get_device:
 *
 * Returns: (nullable): the device file, such as /dev/sdb1
 */
const char *
plug_volume_get_device (PlugVolume *self)
{
  g_return_val_if_fail (PLUG_IS_VOLUME (self), NULL);

  return self->device;
}

/**
 * plug_volume_get_filesystem:
 *
 * Returns: (nullable): the filesystem type as udisks names it ("vfat",
 *   "ext4", "crypto_LUKS", …), or %NULL when none is recognized
 */
const char *
plug_volume_get_filesystem (PlugVolume *self)
{
  g_return_val_if_fail (PLUG_IS_VOLUME (self), NULL);

  return self->filesystem;
}

/**
 * plug_volume_get_filesystem_version:
 *
 * Returns: (nullable): the filesystem's version, such as "FAT32" or "1.0"
 */
const char *
plug_volume_get_filesystem_version (PlugVolume *self)
{
  g_return_val_if_fail (PLUG_IS_VOLUME (self), NULL);

  return self->filesystem_version;
}

/**
 * plug_volume_dup_filesystem_name:
 *
 * Returns: (transfer full) (nullable): the filesystem's name for people
 */
char *
plug_volume_dup_filesystem_name (PlugVolume *self)
{
  g_return_val_if_fail (PLUG_IS_VOLUME (self), NULL);

  return plug_drive_rules_dup_filesystem_name (self->filesystem, self->filesystem_version);
}

/**
 * plug_volume_get_label:
 *
 * Returns: (nullable): the filesystem label, the name the volume mounts as
 */
const char *
plug_volume_get_label (PlugVolume *self)
{
  g_return_val_if_fail (PLUG_IS_VOLUME (self), NULL);

  return self->label;
}

/**
 * plug_volume_get_uuid:
 *
 * Returns: (nullable): the filesystem's UUID, as blkid reports it
 */
const char *
plug_volume_get_uuid (PlugVolume *self)
{
  g_return_val_if_fail (PLUG_IS_VOLUME (self), NULL);

  return self->uuid;
}

/**
 * plug_volume_dup_display_name:
 *
 * Returns: (transfer full): the label, or a name made from the size
 */
char *
plug_volume_dup_display_name (PlugVolume *self)
{
  g_return_val_if_fail (PLUG_IS_VOLUME (self), NULL);

  return plug_drive_rules_dup_volume_name (self->label, self->size);
}

/* In bytes. */
guint64
plug_volume_get_size (PlugVolume *self)
{
  g_return_val_if_fail (PLUG_IS_VOLUME (self), 0);

  return self->size;
}

/* 0 for a volume that is a whole drive rather than a partition. */
guint
plug_volume_get_partition_number (PlugVolume *self)
{
  g_return_val_if_fail (PLUG_IS_VOLUME (self), 0);

  return self->partition_number;
}

/**
 * plug_volume_get_mount_points:
 *
 * Returns: (transfer none): where the volume is mounted; empty when it is not
 */
const char * const *
plug_volume_get_mount_points (PlugVolume *self)
{
  g_return_val_if_fail (PLUG_IS_VOLUME (self), no_mount_points);

  return self->mount_points != NULL ? (const char * const *) self->mount_points : no_mount_points;
}

/**
 * plug_volume_get_mount_point:
 *
 * Returns: (nullable): the first place the volume is mounted at
 */
const char *
plug_volume_get_mount_point (PlugVolume *self)
{
  g_return_val_if_fail (PLUG_IS_VOLUME (self), NULL);

  return self->mount_points != NULL ? self->mount_points[0] : NULL;
}

/**
 * plug_volume_get_usage:
 * @used: (out) (optional): bytes in use
 * @free_space: (out) (optional): bytes this user could still write
 *
 * Returns: whether the usage is known, which it is only while the volume
 *   is mounted and once the kernel has been asked
 */
gboolean
plug_volume_get_usage (PlugVolume *self,
                       guint64    *used,
                       guint64    *free_space)
{
  g_return_val_if_fail (PLUG_IS_VOLUME (self), FALSE);

  if (used != NULL)
    *used = self->used;
  if (free_space != NULL)
    *free_space = self->free_space;

  return self->usage_known;
}

/**
 * plug_volume_get_max_file_size:
 *
 * Returns: the largest file the volume can store, in bytes, or 0 when its
 *   filesystem has no limit a person would meet
 */
guint64
plug_volume_get_max_file_size (PlugVolume *self)
{
  g_return_val_if_fail (PLUG_IS_VOLUME (self), 0);

  return plug_filesystem_type_get_max_file_size (self->filesystem);
}

/**
 * plug_volume_get_access:
 * @writable: (out) (optional): whether this user can add files to the
 *   top folder of the mounted volume
 * @owner: (out) (optional) (transfer none): the user who owns that
 *   folder, by name, or by number where the system has no name for it
 *
 * Returns: whether they are known, which they are only while the volume
 *   is mounted and once the kernel has been asked
 */
gboolean
plug_volume_get_access (PlugVolume  *self,
                        gboolean    *writable,
                        const char **owner)
{
  g_return_val_if_fail (PLUG_IS_VOLUME (self), FALSE);

  if (writable != NULL)
    *writable = self->writable;
  if (owner != NULL)
    *owner = self->owner;

  return self->access_known;
}

/**
 * plug_volume_get_can_take_ownership:
 *
 * Whether to offer to make the volume the user's: it is mounted, its top
 * folder belongs to another user and this user cannot add files to it,
 * and udisks can give the files of its filesystem to the user
 * (Filesystem.TakeOwnership). Not on a filesystem mounted read-only,
 * whose owners cannot change.
 *
 * Returns: whether to offer it
 */
gboolean
plug_volume_get_can_take_ownership (PlugVolume *self)
{
  g_return_val_if_fail (PLUG_IS_VOLUME (self), FALSE);

  return self->access_known &&
         !self->writable &&
         !self->read_only &&
         self->owner_uid != (guint32) getuid () &&
         plug_filesystem_type_can_take_ownership (self->filesystem);
}

static void
query_top_folder_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugVolume *self = g_task_get_source_object (task);
  const char *queried_mount_point = g_task_get_task_data (task);
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *uid_text = NULL;
  const char *owner;
  guint32 owner_uid;

  info = g_file_query_info_finish (G_FILE (object), result, &error);
  if (info == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (g_strcmp0 (queried_mount_point, plug_volume_get_mount_point (self)) != 0)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  /* access::can-write is access(W_OK), which also says no on a
   * filesystem mounted read-only. A user the system has no name for is
   * named by number, as ls -l does. */
  owner_uid = g_file_info_get_attribute_uint32 (info, G_FILE_ATTRIBUTE_UNIX_UID);
  owner = g_file_info_get_attribute_string (info, G_FILE_ATTRIBUTE_OWNER_USER);
  if (owner == NULL || *owner == '\0')
    owner = uid_text = g_strdup_printf ("%u", owner_uid);
  set_access (self, TRUE,
              g_file_info_get_attribute_boolean (info, G_FILE_ATTRIBUTE_ACCESS_CAN_WRITE),
              owner_uid, owner);
  g_task_return_boolean (task, TRUE);
}

static void
query_filesystem_info_cb (GObject      *object,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugVolume *self = g_task_get_source_object (task);
  const char *queried_mount_point = g_task_get_task_data (task);
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) error = NULL;
  guint64 size;
  guint64 free_space;
  guint64 used;

  info = g_file_query_filesystem_info_finish (G_FILE (object), result, &error);
  if (info == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* The volume may have been unmounted or moved while the thread ran. */
  if (g_strcmp0 (queried_mount_point, plug_volume_get_mount_point (self)) != 0)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  size = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_FILESYSTEM_SIZE);
  free_space = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_FILESYSTEM_FREE);
  if (g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_FILESYSTEM_USED))
    used = g_file_info_get_attribute_uint64 (info, G_FILE_ATTRIBUTE_FILESYSTEM_USED);
  else
    used = size > free_space ? size - free_space : 0;

  set_usage (self, TRUE, used, free_space);
  self->read_only = g_file_info_get_attribute_boolean (info, G_FILE_ATTRIBUTE_FILESYSTEM_READONLY);

  /* Then the top folder, in the same kind of worker thread. */
  g_file_query_info_async (G_FILE (object),
                           G_FILE_ATTRIBUTE_ACCESS_CAN_WRITE ","
                           G_FILE_ATTRIBUTE_UNIX_UID ","
                           G_FILE_ATTRIBUTE_OWNER_USER,
                           G_FILE_QUERY_INFO_NONE,
                           G_PRIORITY_DEFAULT,
                           g_task_get_cancellable (task),
                           query_top_folder_cb,
                           g_object_ref (task));
}

/**
 * plug_volume_refresh_usage_async:
 *
 * Asks the kernel how full the mounted volume is, who owns its top
 * folder and whether this user can write to it, in worker threads. An
 * unmounted volume completes at once, with its usage and access unknown.
 */
void
plug_volume_refresh_usage_async (PlugVolume          *self,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GFile) file = NULL;
  const char *mount_point;

  g_return_if_fail (PLUG_IS_VOLUME (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_volume_refresh_usage_async);

  mount_point = plug_volume_get_mount_point (self);
  if (mount_point == NULL)
    {
      set_usage (self, FALSE, 0, 0);
      set_access (self, FALSE, FALSE, 0, NULL);
      g_task_return_boolean (task, TRUE);
      return;
    }

  g_task_set_task_data (task, g_strdup (mount_point), g_free);
  file = g_file_new_for_path (mount_point);
  g_file_query_filesystem_info_async (file,
                                      G_FILE_ATTRIBUTE_FILESYSTEM_SIZE ","
                                      G_FILE_ATTRIBUTE_FILESYSTEM_FREE ","
                                      G_FILE_ATTRIBUTE_FILESYSTEM_USED ","
                                      G_FILE_ATTRIBUTE_FILESYSTEM_READONLY,
                                      G_PRIORITY_DEFAULT,
                                      cancellable,
                                      query_filesystem_info_cb,
                                      g_steal_pointer (&task));
}

gboolean
plug_volume_refresh_usage_finish (PlugVolume    *self,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (PLUG_IS_VOLUME (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == plug_volume_refresh_usage_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
