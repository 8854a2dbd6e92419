/* plug-drive-identity.c: Whether a drive is still the one the user confirmed
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "plug-drive-identity.h"

/*
 * Between the moment a person confirms "reformat the 32 GB SanDisk" and
 * the moment udisks is asked to do it, the card may be swapped for
 * another in the same reader, the disk image detached and another
 * attached at the same loop device. Every operation captures the
 * identity when it is made (when the user confirms), and asks for the
 * change right before it acts: the same device number is not enough.
 *
 * A card reader keeps its device, serial number and size when its card
 * is swapped, and two sticks of one make may differ in nothing udisks
 * says of the device; so the medium is compared too: when the drive
 * last detected a medium, and what is written on it (the target's
 * filesystem type, UUID and name; for a whole drive, also its partition
 * table and each partition's place, size and UUIDs).
 */

struct _PlugDriveIdentity
{
  char    *whole_path;
  guint64  whole_device_number;
  guint64  whole_size;
  char    *drive_path;
  char    *serial;
  char    *backing_file;
  guint    setup_by_uid;
  guint64  time_media_detected;
  char    *whole_content;    /* the whole drive's filesystem or table, and partitions */
  char    *target_path;
  guint64  target_device_number;
  guint64  target_size;
  char    *target_content;   /* the target's filesystem: type, UUID, name */
};

/**
 * plug_drive_identity_free:
 * @self: an identity
 */
void
plug_drive_identity_free (PlugDriveIdentity *self)
{
  g_free (self->whole_path);
  g_free (self->drive_path);
  g_free (self->serial);
  g_free (self->backing_file);
  g_free (self->whole_content);
  g_free (self->target_path);
  g_free (self->target_content);
  g_free (self);
}

static PlugDriveIdentity *capture_object (UDisksClient *client,
                                          UDisksObject *whole,
                                          const char   *target_path);

static UDisksObject *
find_whole_object (UDisksClient *client,
                   const char   *device)
{
  GDBusObjectManager *object_manager = udisks_client_get_object_manager (client);
  GList *objects = g_dbus_object_manager_get_objects (object_manager);
  UDisksObject *found = NULL;

  for (GList *l = objects; l != NULL && device != NULL; l = l->next)
    {
      UDisksObject *object = UDISKS_OBJECT (l->data);
      UDisksBlock *block = udisks_object_peek_block (object);

      if (block != NULL && udisks_object_peek_partition (object) == NULL &&
          g_strcmp0 (udisks_block_get_device (block), device) == 0)
        {
          found = g_object_ref (object);
          break;
        }
    }

  g_list_free_full (objects, g_object_unref);

  return found;
}

/**
 * plug_drive_identity_capture:
 * @client: the udisks client
 * @whole_device: the drive's whole device, such as /dev/sdb
 * @target_path: (nullable): the object path of the volume acted on, or
 *   %NULL for the whole drive
 *
 * Remembers what the drive is now: its device, number and size, its
 * serial number and when it detected its medium, or for a disk image
 * its backing file and who attached it; what is written on it (its
 * filesystem, or its partition table and partitions); and the volume's
 * number, size and filesystem.
 *
 * Returns: (transfer full) (nullable): the identity, or %NULL if there
 *   is no such drive (or volume) now
 */
PlugDriveIdentity *
plug_drive_identity_capture (UDisksClient *client,
                             const char   *whole_device,
                             const char   *target_path)
{
  g_autoptr(UDisksObject) whole = NULL;

  g_return_val_if_fail (UDISKS_IS_CLIENT (client), NULL);

  whole = find_whole_object (client, whole_device);
  return whole != NULL ? capture_object (client, whole, target_path) : NULL;
}

/* What is written on BLOCK, for people: "ext4 “Photos” (UUID …)". */
static char *
describe_filesystem (UDisksBlock *block)
{
  const char *type = udisks_block_get_id_type (block);
  const char *label = udisks_block_get_id_label (block);
  const char *uuid = udisks_block_get_id_uuid (block);

  if (type == NULL || *type == '\0')
    return g_strdup (_("nothing known"));
  if (label != NULL && *label != '\0')
    /* Translators: a filesystem type, its name and its UUID: ext4 “Photos” (UUID 1234-ABCD) */
    return g_strdup_printf (_("%s “%s” (UUID %s)"), type, label, uuid != NULL && *uuid != '\0' ? uuid : "-");
  /* Translators: a filesystem type and its UUID: ext4 (UUID 1234-ABCD) */
  return g_strdup_printf (_("%s (UUID %s)"), type, uuid != NULL && *uuid != '\0' ? uuid : "-");
}

static int
compare_partitions (gconstpointer a,
                    gconstpointer b)
{
  guint64 offset_a = udisks_partition_get_offset (*(UDisksPartition * const *) a);
  guint64 offset_b = udisks_partition_get_offset (*(UDisksPartition * const *) b);

  return offset_a < offset_b ? -1 : offset_a > offset_b;
}

/* The whole drive: its filesystem, or its partition table and each
 * partition's place, size, UUID and filesystem, in order. */
static char *
describe_whole (UDisksClient *client,
                UDisksObject *whole)
{
  UDisksPartitionTable *table = udisks_object_peek_partition_table (whole);
  g_autoptr(GString) text = NULL;
  g_autoptr(GPtrArray) partitions = NULL;
  GList *list;

  if (table == NULL)
    return describe_filesystem (udisks_object_peek_block (whole));

  text = g_string_new (NULL);
  /* Translators: a partition table type, such as gpt or dos */
  g_string_append_printf (text, _("a %s partition table"), udisks_partition_table_get_type_ (table));

  list = udisks_client_get_partitions (client, table);
  partitions = g_ptr_array_new_with_free_func (g_object_unref);
  for (GList *l = list; l != NULL; l = l->next)
    g_ptr_array_add (partitions, l->data);
  g_list_free (list);
  g_ptr_array_sort (partitions, compare_partitions);

  for (guint i = 0; i < partitions->len; i++)
    {
      UDisksPartition *partition = g_ptr_array_index (partitions, i);
      g_autoptr(UDisksObject) object = UDISKS_OBJECT (g_dbus_interface_dup_object (G_DBUS_INTERFACE (partition)));
      UDisksBlock *block = object != NULL ? udisks_object_peek_block (object) : NULL;
      g_autofree char *filesystem = block != NULL ? describe_filesystem (block) : g_strdup ("-");

      g_string_append_printf (text, "; %" G_GUINT64_FORMAT "+%" G_GUINT64_FORMAT " %s %s",
                              udisks_partition_get_offset (partition),
                              udisks_partition_get_size (partition),
                              udisks_partition_get_uuid (partition),
                              filesystem);
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* WHOLE is the drive's whole block device object. */
static PlugDriveIdentity *
capture_object (UDisksClient *client,
                UDisksObject *whole,
                const char   *target_path)
{
  g_autoptr(UDisksObject) target = NULL;
  g_autoptr(PlugDriveIdentity) identity = NULL;
  UDisksBlock *block;
  UDisksLoop *loop;

  identity = g_new0 (PlugDriveIdentity, 1);
  block = udisks_object_peek_block (whole);
  loop = udisks_object_peek_loop (whole);
  identity->whole_path = g_strdup (g_dbus_object_get_object_path (G_DBUS_OBJECT (whole)));
  identity->whole_device_number = udisks_block_get_device_number (block);
  identity->whole_size = udisks_block_get_size (block);
  identity->drive_path = g_strdup (udisks_block_get_drive (block));
  if (loop != NULL)
    {
      identity->backing_file = g_strdup (udisks_loop_get_backing_file (loop));
      identity->setup_by_uid = udisks_loop_get_setup_by_uid (loop);
    }
  else
    {
      g_autoptr(UDisksObject) drive_object = udisks_client_get_object (client, identity->drive_path);
      UDisksDrive *drive = drive_object != NULL ? udisks_object_peek_drive (drive_object) : NULL;

      if (drive != NULL)
        {
          identity->serial = g_strdup (udisks_drive_get_serial (drive));
          identity->time_media_detected = udisks_drive_get_time_media_detected (drive);
        }
    }
  identity->whole_content = describe_whole (client, whole);

  if (target_path == NULL)
    return g_steal_pointer (&identity);

  target = udisks_client_get_object (client, target_path);
  block = target != NULL ? udisks_object_peek_block (target) : NULL;
  if (block == NULL)
    return NULL;
  identity->target_path = g_strdup (target_path);
  identity->target_device_number = udisks_block_get_device_number (block);
  identity->target_size = udisks_block_get_size (block);
  identity->target_content = describe_filesystem (block);

  return g_steal_pointer (&identity);
}

typedef enum {
  CONTENT_NONE,
  CONTENT_VOLUME,
  CONTENT_ALL,
} Content;

static char *
compare (const PlugDriveIdentity *before,
         const PlugDriveIdentity *now,
         Content                  content)
{
  g_autofree char *size_before = NULL;
  g_autofree char *size_now = NULL;

  if (now == NULL || now->whole_size == 0)
    return g_strdup (_("the drive is no longer there"));
  if (g_strcmp0 (before->whole_path, now->whole_path) != 0 ||
      g_strcmp0 (before->drive_path, now->drive_path) != 0 ||
      before->whole_device_number != now->whole_device_number)
    return g_strdup (_("its device is now another drive"));
  if (g_strcmp0 (before->serial, now->serial) != 0)
    return g_strdup_printf (_("its serial number was %s and is now %s"),
                            before->serial != NULL ? before->serial : "-",
                            now->serial != NULL ? now->serial : "-");
  if (g_strcmp0 (before->backing_file, now->backing_file) != 0 ||
      before->setup_by_uid != now->setup_by_uid)
    return g_strdup_printf (_("it was the disk image %s and is now %s"),
                            before->backing_file != NULL ? before->backing_file : "-",
                            now->backing_file != NULL && *now->backing_file != '\0' ? now->backing_file : "-");
  if (before->whole_size != now->whole_size || before->target_size != now->target_size)
    {
      size_before = g_format_size (before->target_path != NULL ? before->target_size : before->whole_size);
      size_now = g_format_size (before->target_path != NULL ? now->target_size : now->whole_size);
      return g_strdup_printf (_("its size was %s and is now %s"), size_before, size_now);
    }
  if (g_strcmp0 (before->target_path, now->target_path) != 0 ||
      before->target_device_number != now->target_device_number)
    return g_strdup (_("the volume is no longer there"));
  if (before->time_media_detected != now->time_media_detected)
    return g_strdup (_("its medium was taken out and another one put in"));
  if (content == CONTENT_NONE)
    return NULL;
  if (g_strcmp0 (before->target_content, now->target_content) != 0)
    /* Translators: two filesystems, such as ext4 “Photos” (UUID 1234-ABCD) */
    return g_strdup_printf (_("it held %s and now holds %s"), before->target_content, now->target_content);
  if (content == CONTENT_ALL && g_strcmp0 (before->whole_content, now->whole_content) != 0)
    return g_strdup (_("what is written on the drive changed: its filesystem, partition table or partitions"));

  return NULL;
}

/**
 * plug_drive_identity_dup_change:
 * @self: the identity captured when the user confirmed
 * @client: the udisks client
 *
 * Looks at the drive again, now.
 *
 * Returns: (transfer full) (nullable): what differs, for people ("its
 *   serial number was … and is now …"), or %NULL when it is the same
 *   drive
 */
static char *
dup_change (const PlugDriveIdentity *self,
            UDisksClient            *client,
            Content                  content)
{
  g_autoptr(PlugDriveIdentity) now = NULL;
  g_autoptr(UDisksObject) whole = NULL;

  /* What is at the drive's object now: a block object's path is its
   * device's name. */
  whole = udisks_client_get_object (client, self->whole_path);
  if (whole != NULL && udisks_object_peek_block (whole) != NULL)
    now = capture_object (client, whole, self->target_path);

  return compare (self, now, content);
}

char *
plug_drive_identity_dup_change (const PlugDriveIdentity *self,
                                UDisksClient            *client)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (UDISKS_IS_CLIENT (client), NULL);

  return dup_change (self, client, CONTENT_ALL);
}

/**
 * plug_drive_identity_dup_volume_change:
 * @self: an identity captured with a volume
 * @client: the udisks client
 *
 * The same, but only what concerns the volume: the drive, its medium
 * and the volume's own filesystem, not what is written on the drive's
 * other volumes. A dialog about one volume watches with it: another
 * program reformatting the next partition is no reason to close it (the
 * operation, should it be started, refuses while that runs).
 *
 * Returns: (transfer full) (nullable): what differs, for people, or
 *   %NULL
 */
char *
plug_drive_identity_dup_volume_change (const PlugDriveIdentity *self,
                                       UDisksClient            *client)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (UDISKS_IS_CLIENT (client), NULL);

  return dup_change (self, client, self->target_path == NULL ? CONTENT_ALL : CONTENT_VOLUME);
}

/**
 * plug_drive_identity_dup_device_change:
 * @self: an identity
 * @client: the udisks client
 *
 * Only the drive, its medium and the volume's place and size, not what
 * is written on them: for a step after the reformat has begun, when
 * what is written has changed on purpose.
 *
 * Returns: (transfer full) (nullable): what differs, for people, or
 *   %NULL
 */
char *
plug_drive_identity_dup_device_change (const PlugDriveIdentity *self,
                                       UDisksClient            *client)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (UDISKS_IS_CLIENT (client), NULL);

  return dup_change (self, client, CONTENT_NONE);
}

const char *
plug_drive_identity_get_whole_path (const PlugDriveIdentity *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->whole_path;
}

guint64
plug_drive_identity_get_whole_size (const PlugDriveIdentity *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->whole_size;
}

/* The volume's object path, or %NULL for the whole drive. */
const char *
plug_drive_identity_get_target_path (const PlugDriveIdentity *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->target_path;
}

guint64
plug_drive_identity_get_target_size (const PlugDriveIdentity *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->target_size;
}
