/* test-drive-list.c: PlugDriveList follows a udisks of the test's own
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <locale.h>
#include <glib/gstdio.h>

#include "plug-drive-list.h"

/*
 * A private dbus-daemon (GTestDBus) stands in for the system bus, and the
 * test plays udisksd on it: it owns org.freedesktop.UDisks2 and exports
 * objects made from udisks' own generated skeletons, with the properties
 * the real daemon sets (HintSystem on every loop device, Partition.Table,
 * Block.Drive, Loop.SetupByUID). That covers the cases the system suite
 * cannot make on a machine without USB sticks: a USB drive with partitions,
 * an internal system disk, a card reader without a card.
 *
 * One bus and one client serve the whole run, because GLib keeps the
 * system bus connection as a process-wide singleton.
 */

#define USER_UID 1000
#define OTHER_UID 1001
#define BLOCK_PATH "/org/freedesktop/UDisks2/block_devices/"
#define DRIVE_PATH "/org/freedesktop/UDisks2/drives/"

static GTestDBus *test_bus;
static GDBusConnection *service_connection;
static GDBusObjectManagerServer *server;
static UDisksClient *client;

static gboolean
timeout_cb (gpointer user_data)
{
  gboolean *timed_out = user_data;

  *timed_out = TRUE;

  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @condition holds, for at most five seconds. */
#define WAIT_UNTIL(condition)                                                \
  G_STMT_START {                                                             \
    gboolean timed_out_ = FALSE;                                             \
    guint timeout_id_ = g_timeout_add_seconds (5, timeout_cb, &timed_out_);  \
    while (!(condition) && !timed_out_)                                      \
      g_main_context_iteration (NULL, TRUE);                                 \
    if (!timed_out_)                                                         \
      g_source_remove (timeout_id_);                                         \
    g_assert_true (condition);                                               \
  } G_STMT_END

/* --- playing udisksd ------------------------------------------------------ */

static UDisksBlock *
new_block (const char *name,
           guint64     size,
           const char *drive_path,
           const char *filesystem,
           const char *label)
{
  UDisksBlock *block = udisks_block_skeleton_new ();
  g_autofree char *device = g_strconcat ("/dev/", name, NULL);
  g_autofree char *uuid = g_strdup_printf ("uuid-of-%s", name);

  udisks_block_set_device (block, device);
  udisks_block_set_preferred_device (block, device);
  udisks_block_set_size (block, size);
  udisks_block_set_drive (block, drive_path != NULL ? drive_path : "/");
  udisks_block_set_crypto_backing_device (block, "/");
  udisks_block_set_mdraid (block, "/");
  udisks_block_set_mdraid_member (block, "/");
  if (filesystem != NULL)
    {
      udisks_block_set_id_usage (block, "filesystem");
      udisks_block_set_id_type (block, filesystem);
      udisks_block_set_id_version (block, g_str_equal (filesystem, "vfat") ? "FAT32" : "1.0");
      udisks_block_set_id_label (block, label);
      udisks_block_set_id_uuid (block, uuid);
    }

  return block;
}

static void
export (UDisksObjectSkeleton *object)
{
  g_dbus_object_manager_server_export (server, G_DBUS_OBJECT_SKELETON (object));
}

static void
unexport (const char *object_path)
{
  g_assert_true (g_dbus_object_manager_server_unexport (server, object_path));
}

/* A disk image as `udisksctl loop-setup` leaves it: a loop device with a
 * filesystem on the whole device and HintSystem set, as udisks does. */
static UDisksObjectSkeleton *
add_disk_image (const char *name,
                guint       setup_by_uid,
                const char *backing_file,
                guint64     size,
                const char *filesystem,
                const char *label)
{
  g_autofree char *object_path = g_strconcat (BLOCK_PATH, name, NULL);
  g_autoptr(UDisksObjectSkeleton) object = udisks_object_skeleton_new (object_path);
  g_autoptr(UDisksBlock) block = new_block (name, size, NULL, filesystem, label);
  g_autoptr(UDisksLoop) loop = udisks_loop_skeleton_new ();

  udisks_block_set_hint_system (block, TRUE);
  udisks_object_skeleton_set_block (object, block);

  udisks_loop_set_backing_file (loop, backing_file != NULL ? backing_file : "");
  udisks_loop_set_setup_by_uid (loop, setup_by_uid);
  udisks_object_skeleton_set_loop (object, loop);

  if (filesystem != NULL)
    {
      g_autoptr(UDisksFilesystem) filesystem_interface = udisks_filesystem_skeleton_new ();

      udisks_object_skeleton_set_filesystem (object, filesystem_interface);
    }

  export (object);

  return g_steal_pointer (&object);
}

static UDisksObjectSkeleton *
add_drive (const char *id,
           const char *vendor,
           const char *model,
           const char *connection_bus,
           gboolean    removable,
           guint64     size)
{
  g_autofree char *object_path = g_strconcat (DRIVE_PATH, id, NULL);
  g_autoptr(UDisksObjectSkeleton) object = udisks_object_skeleton_new (object_path);
  g_autoptr(UDisksDrive) drive = udisks_drive_skeleton_new ();

  udisks_drive_set_vendor (drive, vendor);
  udisks_drive_set_model (drive, model);
  udisks_drive_set_serial (drive, id);
  udisks_drive_set_id (drive, id);
  udisks_drive_set_connection_bus (drive, connection_bus);
  udisks_drive_set_removable (drive, removable);
  udisks_drive_set_media_removable (drive, removable);
  udisks_drive_set_media_available (drive, size > 0);
  udisks_drive_set_size (drive, size);
  udisks_object_skeleton_set_drive (object, drive);

  export (object);

  return g_steal_pointer (&object);
}

/* The whole block device of a drive, with a partition table or not. */
static UDisksObjectSkeleton *
add_whole_block (const char *name,
                 const char *drive_id,
                 guint64     size,
                 gboolean    partitioned,
                 gboolean    hint_system)
{
  g_autofree char *object_path = g_strconcat (BLOCK_PATH, name, NULL);
  g_autofree char *drive_path = g_strconcat (DRIVE_PATH, drive_id, NULL);
  g_autoptr(UDisksObjectSkeleton) object = udisks_object_skeleton_new (object_path);
  g_autoptr(UDisksBlock) block = new_block (name, size, drive_path, NULL, NULL);

  udisks_block_set_hint_system (block, hint_system);
  udisks_object_skeleton_set_block (object, block);

  if (partitioned)
    {
      g_autoptr(UDisksPartitionTable) table = udisks_partition_table_skeleton_new ();

      udisks_partition_table_set_type_ (table, "dos");
      udisks_object_skeleton_set_partition_table (object, table);
    }

  export (object);

  return g_steal_pointer (&object);
}

static UDisksObjectSkeleton *
add_partition (const char         *name,
               const char         *table_name,
               const char         *drive_id,
               guint               number,
               gboolean            is_container,
               const char         *filesystem,
               const char         *label,
               const char * const *mount_points)
{
  g_autofree char *object_path = g_strconcat (BLOCK_PATH, name, NULL);
  g_autofree char *table_path = g_strconcat (BLOCK_PATH, table_name, NULL);
  g_autofree char *drive_path = g_strconcat (DRIVE_PATH, drive_id, NULL);
  g_autoptr(UDisksObjectSkeleton) object = udisks_object_skeleton_new (object_path);
  g_autoptr(UDisksBlock) block = new_block (name, 1000000000, drive_path, filesystem, label);
  g_autoptr(UDisksPartition) partition = udisks_partition_skeleton_new ();

  udisks_object_skeleton_set_block (object, block);

  udisks_partition_set_number (partition, number);
  udisks_partition_set_table (partition, table_path);
  udisks_partition_set_is_container (partition, is_container);
  udisks_object_skeleton_set_partition (object, partition);

  if (filesystem != NULL)
    {
      g_autoptr(UDisksFilesystem) filesystem_interface = udisks_filesystem_skeleton_new ();

      udisks_filesystem_set_mount_points (filesystem_interface, mount_points);
      udisks_object_skeleton_set_filesystem (object, filesystem_interface);
    }

  export (object);

  return g_steal_pointer (&object);
}

static guint
count_objects (GDBusObjectManager *object_manager)
{
  GList *objects = g_dbus_object_manager_get_objects (object_manager);
  guint n_objects = g_list_length (objects);

  g_list_free_full (objects, g_object_unref);

  return n_objects;
}

/* Takes every object but the Manager away again, and waits until the
 * client has seen them go. */
static void
remove_all_objects (void)
{
  GList *objects = g_dbus_object_manager_get_objects (G_DBUS_OBJECT_MANAGER (server));
  GDBusObjectManager *client_manager = udisks_client_get_object_manager (client);

  for (GList *l = objects; l != NULL; l = l->next)
    {
      const char *object_path = g_dbus_object_get_object_path (l->data);

      if (!g_str_equal (object_path, "/org/freedesktop/UDisks2/Manager"))
        unexport (object_path);
    }
  g_list_free_full (objects, g_object_unref);

  WAIT_UNTIL (count_objects (client_manager) == 1);
}

/* Waits until the client holds @object_path with all of its interfaces. */
static gboolean
client_has (const char *object_path,
            guint       n_interfaces)
{
  g_autoptr(GDBusObject) object =
    g_dbus_object_manager_get_object (udisks_client_get_object_manager (client), object_path);
  GList *interfaces;
  guint n;

  if (object == NULL)
    return FALSE;

  interfaces = g_dbus_object_get_interfaces (object);
  n = g_list_length (interfaces);
  g_list_free_full (interfaces, g_object_unref);

  return n >= n_interfaces;
}

static PlugDriveList *
new_list (gboolean include_unlisted)
{
  return g_object_new (PLUG_TYPE_DRIVE_LIST,
                       "client", client,
                       "include-unlisted", include_unlisted,
                       "uid", USER_UID,
                       NULL);
}

static PlugDrive *
get_drive (PlugDriveList *list,
           guint          position)
{
  g_autoptr(PlugDrive) drive = g_list_model_get_item (G_LIST_MODEL (list), position);

  g_assert_nonnull (drive);

  /* The list keeps its own reference. */
  return drive;
}

static PlugVolume *
get_volume (PlugDrive *drive,
            guint      position)
{
  g_autoptr(PlugVolume) volume = g_list_model_get_item (plug_drive_get_volumes (drive), position);

  g_assert_nonnull (volume);

  return volume;
}

/* --- tests ------------------------------------------------------------- */

static void
test_disk_images (void)
{
  g_autoptr(UDisksObjectSkeleton) loop0 = add_disk_image ("loop0", USER_UID, "/home/user/data.img", 64000000, "ext4", "DATA");
  g_autoptr(UDisksObjectSkeleton) loop10 = add_disk_image ("loop10", USER_UID, "/home/user/ten.img", 10000000, "vfat", "TEN");
  g_autoptr(UDisksObjectSkeleton) loop2 = add_disk_image ("loop2", USER_UID, "/home/user/two.img", 2000000, NULL, NULL);
  g_autoptr(UDisksObjectSkeleton) loop3 = add_disk_image ("loop3", 0, "/var/lib/snapd/snaps/core.snap", 3000000, "squashfs", NULL);
  g_autoptr(UDisksObjectSkeleton) loop4 = add_disk_image ("loop4", OTHER_UID, "/home/other/their.img", 4000000, "ext4", "THEIRS");
  g_autoptr(UDisksObjectSkeleton) loop5 = add_disk_image ("loop5", 0, NULL, 0, NULL, NULL);
  g_autoptr(PlugDriveList) list = NULL;
  g_autoptr(PlugDriveList) all = NULL;
  PlugDrive *drive;
  PlugVolume *volume;

  WAIT_UNTIL (client_has (BLOCK_PATH "loop5", 2));

  list = new_list (FALSE);

  /* Only this user's images, in the order people count. */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 3);
  g_assert_cmpstr (plug_drive_get_device (get_drive (list, 0)), ==, "/dev/loop0");
  g_assert_cmpstr (plug_drive_get_device (get_drive (list, 1)), ==, "/dev/loop2");
  g_assert_cmpstr (plug_drive_get_device (get_drive (list, 2)), ==, "/dev/loop10");

  drive = get_drive (list, 0);
  g_assert_true (plug_drive_is_disk_image (drive));
  g_assert_cmpint (plug_drive_get_connection (drive), ==, PLUG_DRIVE_CONNECTION_DISK_IMAGE);
  g_assert_cmpstr (plug_drive_get_model (drive), ==, "data.img");
  g_assert_cmpstr (plug_drive_get_backing_file (drive), ==, "/home/user/data.img");
  g_assert_cmpuint (plug_drive_get_size (drive), ==, 64000000);
  g_assert_cmpuint (plug_drive_get_setup_by_uid (drive), ==, USER_UID);
  /* udisks' HintSystem on loop devices does not count against the user. */
  g_assert_true (plug_drive_get_can_modify (drive));
  g_assert_cmpstr (plug_drive_get_object_path (drive), ==, BLOCK_PATH "loop0");
  g_assert_cmpuint (g_list_model_get_n_items (plug_drive_get_volumes (drive)), ==, 1);

  volume = get_volume (drive, 0);
  g_assert_cmpstr (plug_volume_get_device (volume), ==, "/dev/loop0");
  g_assert_cmpstr (plug_volume_get_filesystem (volume), ==, "ext4");
  g_assert_cmpstr (plug_volume_get_label (volume), ==, "DATA");
  g_assert_cmpstr (plug_volume_get_uuid (volume), ==, "uuid-of-loop0");
  g_assert_cmpuint (plug_volume_get_size (volume), ==, 64000000);
  g_assert_cmpuint (plug_volume_get_partition_number (volume), ==, 0);
  g_assert_null (plug_volume_get_mount_point (volume));
  g_assert_false (plug_volume_get_usage (volume, NULL, NULL));
  g_assert_cmpuint (plug_volume_get_max_file_size (volume), ==, 0);

  /* A blank image still has its one volume, without a filesystem. */
  volume = get_volume (get_drive (list, 1), 0);
  g_assert_null (plug_volume_get_filesystem (volume));
  g_assert_null (plug_volume_get_label (volume));

  volume = get_volume (get_drive (list, 2), 0);
  g_assert_cmpuint (plug_volume_get_max_file_size (volume), ==, G_GUINT64_CONSTANT (4294967295));

  /* For diagnosis, the others are there too, each saying why not; an
   * unused loop device is not a disk image at all. */
  all = new_list (TRUE);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (all)), ==, 5);
  g_assert_cmpstr (plug_drive_get_device (get_drive (all, 2)), ==, "/dev/loop3");
  g_assert_false (plug_drive_get_can_modify (get_drive (all, 2)));
  g_assert_false (plug_drive_is_listed (get_drive (all, 2)));
  g_assert_cmpint (plug_drive_get_restriction (get_drive (all, 2)), ==, PLUG_DRIVE_RESTRICTION_SYSTEM_IMAGE);
  g_assert_cmpstr (plug_drive_get_device (get_drive (all, 3)), ==, "/dev/loop4");
  g_assert_cmpint (plug_drive_get_restriction (get_drive (all, 3)), ==, PLUG_DRIVE_RESTRICTION_OTHER_USER_IMAGE);

  g_assert_null (plug_drive_list_find_by_device (list, "/dev/loop3"));
  g_assert_true (plug_drive_list_find_by_device (list, "/dev/loop2") == get_drive (list, 1));

  g_clear_object (&all);
  g_assert_finalize_object (g_steal_pointer (&list));
  remove_all_objects ();
}

static void
test_drives (void)
{
  const char * const root[] = { "/", NULL };
  /* Mounted in this user's own folder: theirs to change. */
  g_autofree char *own_mount = g_build_filename ("/media", g_get_user_name (), "STICK", NULL);
  const char * const media[] = { own_mount, NULL };
  g_autoptr(UDisksObjectSkeleton) stick = add_drive ("Cruzer_1", "SanDisk", "Cruzer Blade", "usb", TRUE, 16000000000);
  g_autoptr(UDisksObjectSkeleton) sdb = add_whole_block ("sdb", "Cruzer_1", 16000000000, TRUE, FALSE);
  g_autoptr(UDisksObjectSkeleton) sdb5 = add_partition ("sdb5", "sdb", "Cruzer_1", 5, FALSE, "ext4", "LINUX", NULL);
  g_autoptr(UDisksObjectSkeleton) sdb2 = add_partition ("sdb2", "sdb", "Cruzer_1", 2, TRUE, NULL, NULL, NULL);
  g_autoptr(UDisksObjectSkeleton) sdb1 = add_partition ("sdb1", "sdb", "Cruzer_1", 1, FALSE, "vfat", "STICK", media);
  g_autoptr(UDisksObjectSkeleton) nvme = add_drive ("Samsung_SSD", "", "Samsung SSD 980", "", FALSE, 500000000000);
  g_autoptr(UDisksObjectSkeleton) nvme0n1 = add_whole_block ("nvme0n1", "Samsung_SSD", 500000000000, TRUE, TRUE);
  g_autoptr(UDisksObjectSkeleton) nvme0n1p2 = add_partition ("nvme0n1p2", "nvme0n1", "Samsung_SSD", 2, FALSE, "ext4", NULL, root);
  g_autoptr(UDisksObjectSkeleton) reader = add_drive ("Reader", "Generic", "SD/MMC", "usb", TRUE, 0);
  g_autoptr(UDisksObjectSkeleton) sdc = add_whole_block ("sdc", "Reader", 0, FALSE, FALSE);
  g_autoptr(UDisksObjectSkeleton) loop1 = add_disk_image ("loop1", USER_UID, "/home/user/a.img", 1000000, "ext4", "A");
  g_autoptr(PlugDriveList) list = NULL;
  g_autoptr(PlugDriveList) all = NULL;
  g_autofree char *name = NULL;
  PlugDrive *drive;
  PlugVolume *volume;

  WAIT_UNTIL (client_has (BLOCK_PATH "loop1", 3));

  list = new_list (FALSE);

  /* The stick, then the image; never the system disk, nor a card reader
   * without a card. */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 2);
  drive = get_drive (list, 0);
  g_assert_cmpstr (plug_drive_get_device (drive), ==, "/dev/sdb");
  g_assert_cmpstr (plug_drive_get_device (get_drive (list, 1)), ==, "/dev/loop1");

  name = plug_drive_dup_display_name (drive);
  g_assert_cmpstr (name, ==, "SanDisk Cruzer Blade");
  g_assert_cmpstr (plug_drive_get_vendor (drive), ==, "SanDisk");
  g_assert_cmpstr (plug_drive_get_model (drive), ==, "Cruzer Blade");
  g_assert_cmpstr (plug_drive_get_serial (drive), ==, "Cruzer_1");
  g_assert_cmpint (plug_drive_get_connection (drive), ==, PLUG_DRIVE_CONNECTION_USB);
  g_assert_false (plug_drive_is_disk_image (drive));
  g_assert_null (plug_drive_get_backing_file (drive));
  g_assert_true (plug_drive_is_removable (drive));
  g_assert_true (plug_drive_get_can_modify (drive));
  g_assert_cmpuint (plug_drive_get_size (drive), ==, 16000000000);

  /* Partitions in order, without the extended one that holds others. */
  g_assert_cmpuint (g_list_model_get_n_items (plug_drive_get_volumes (drive)), ==, 2);
  volume = get_volume (drive, 0);
  g_assert_cmpstr (plug_volume_get_device (volume), ==, "/dev/sdb1");
  g_assert_cmpuint (plug_volume_get_partition_number (volume), ==, 1);
  g_assert_cmpstr (plug_volume_get_filesystem (volume), ==, "vfat");
  g_assert_cmpstr (plug_volume_get_filesystem_version (volume), ==, "FAT32");
  g_assert_cmpstr (plug_volume_get_label (volume), ==, "STICK");
  g_assert_cmpstr (plug_volume_get_mount_point (volume), ==, own_mount);
  g_assert_cmpstr (plug_volume_get_device (get_volume (drive, 1)), ==, "/dev/sdb5");

  g_assert_true (plug_drive_list_find_by_device (list, "/dev/sdb5") == drive);

  /* For diagnosis the system disk is there, and protected. */
  all = new_list (TRUE);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (all)), ==, 3);
  drive = get_drive (all, 0);
  g_assert_cmpstr (plug_drive_get_device (drive), ==, "/dev/nvme0n1");
  g_assert_false (plug_drive_is_listed (drive));
  g_assert_false (plug_drive_get_can_modify (drive));
  g_assert_cmpint (plug_drive_get_restriction (drive), ==, PLUG_DRIVE_RESTRICTION_HOLDS_SYSTEM);
  g_assert_cmpint (plug_drive_get_connection (drive), ==, PLUG_DRIVE_CONNECTION_OTHER);

  g_clear_object (&all);
  g_clear_object (&list);
  remove_all_objects ();
}

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  gpointer    user_data)
{
  guint *n_changes = user_data;

  (*n_changes)++;
}

static void
test_live (void)
{
  g_autoptr(PlugDriveList) list = new_list (FALSE);
  g_autoptr(UDisksObjectSkeleton) loop0 = NULL;
  g_autoptr(UDisksObjectSkeleton) loop1 = NULL;
  g_autoptr(UDisksBlock) block = NULL;
  g_autoptr(UDisksFilesystem) filesystem = NULL;
  g_autoptr(PlugDrive) drive = NULL;
  g_autoptr(PlugVolume) volume = NULL;
  g_autofree char *mount_point = g_dir_make_tmp ("plugboard-test-mount-XXXXXX", NULL);
  const char *mount_points[] = { mount_point, NULL };
  guint n_changes = 0;
  guint64 used;
  guint64 free_space;

  g_assert_nonnull (mount_point);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 0);
  g_signal_connect (list, "items-changed", G_CALLBACK (items_changed_cb), &n_changes);

  /* Attaching: the image appears without the list being asked. */
  loop0 = add_disk_image ("loop0", USER_UID, "/home/user/live.img", 8000000, "ext4", "BEFORE");
  WAIT_UNTIL (g_list_model_get_n_items (G_LIST_MODEL (list)) == 1);
  drive = g_list_model_get_item (G_LIST_MODEL (list), 0);
  volume = g_list_model_get_item (plug_drive_get_volumes (drive), 0);
  g_assert_cmpstr (plug_volume_get_label (volume), ==, "BEFORE");

  /* Renaming changes the volume in place: views bound to it stay. */
  block = udisks_object_get_block (UDISKS_OBJECT (loop0));
  n_changes = 0;
  udisks_block_set_id_label (block, "AFTER");
  WAIT_UNTIL (g_strcmp0 (plug_volume_get_label (volume), "AFTER") == 0);
  g_assert_true (get_volume (drive, 0) == volume);
  g_assert_cmpuint (n_changes, ==, 0);

  /* Mounting: the mount point, then the usage, read off the main loop. */
  filesystem = udisks_object_get_filesystem (UDISKS_OBJECT (loop0));
  udisks_filesystem_set_mount_points (filesystem, mount_points);
  WAIT_UNTIL (plug_volume_get_usage (volume, &used, &free_space));
  g_assert_cmpstr (plug_volume_get_mount_point (volume), ==, mount_point);
  g_assert_cmpuint (used + free_space, >, 0);

  udisks_filesystem_set_mount_points (filesystem, NULL);
  WAIT_UNTIL (plug_volume_get_mount_point (volume) == NULL);
  g_assert_false (plug_volume_get_usage (volume, NULL, NULL));

  /* Mounted in another user's folder: theirs to unmount, and said so. */
  {
    const char *elsewhere[] = { "/media/plugboard-someone-else/AFTER", NULL };
    g_autofree char *reason = NULL;

    g_assert_true (plug_drive_get_can_modify (drive));
    udisks_filesystem_set_mount_points (filesystem, elsewhere);
    WAIT_UNTIL (plug_drive_get_restriction (drive) == PLUG_DRIVE_RESTRICTION_OTHER_USER_MOUNT);
    g_assert_false (plug_drive_get_can_modify (drive));
    reason = plug_drive_dup_restriction_reason (drive);
    g_assert_nonnull (strstr (reason, "plugboard-someone-else"));
    udisks_filesystem_set_mount_points (filesystem, NULL);
    WAIT_UNTIL (plug_drive_get_can_modify (drive));
  }

  /* A second image sorts in before the first only if its number is lower. */
  loop1 = add_disk_image ("loop1", USER_UID, "/home/user/second.img", 8000000, "ext4", "SECOND");
  WAIT_UNTIL (g_list_model_get_n_items (G_LIST_MODEL (list)) == 2);
  g_assert_true (get_drive (list, 0) == drive);
  g_assert_cmpstr (plug_drive_get_device (get_drive (list, 1)), ==, "/dev/loop1");

  /* Detaching: the image leaves, the other stays the same object. */
  unexport (BLOCK_PATH "loop0");
  WAIT_UNTIL (g_list_model_get_n_items (G_LIST_MODEL (list)) == 1);
  g_assert_cmpstr (plug_drive_get_device (get_drive (list, 0)), ==, "/dev/loop1");

  g_signal_handlers_disconnect_by_data (list, &n_changes);
  g_assert_finalize_object (g_steal_pointer (&list));
  remove_all_objects ();
  g_assert_cmpint (g_rmdir (mount_point), ==, 0);
}

static void
client_new_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  GAsyncResult **result_out = user_data;

  *result_out = g_object_ref (result);
}

static void
play_udisks (void)
{
  g_autoptr(UDisksObjectSkeleton) manager_object = udisks_object_skeleton_new ("/org/freedesktop/UDisks2/Manager");
  g_autoptr(UDisksManager) manager = udisks_manager_skeleton_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;

  test_bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_test_dbus_up (test_bus);
  g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", g_test_dbus_get_bus_address (test_bus), TRUE);

  service_connection =
    g_dbus_connection_new_for_address_sync (g_test_dbus_get_bus_address (test_bus),
                                            G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                            G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                            NULL, NULL, &error);
  g_assert_no_error (error);

  server = g_dbus_object_manager_server_new ("/org/freedesktop/UDisks2");
  udisks_manager_set_version (manager, "2.9.4-test");
  udisks_object_skeleton_set_manager (manager_object, manager);
  g_dbus_object_manager_server_export (server, G_DBUS_OBJECT_SKELETON (manager_object));
  g_dbus_object_manager_server_set_connection (server, service_connection);

  reply = g_dbus_connection_call_sync (service_connection,
                                       "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "RequestName",
                                       g_variant_new ("(su)", "org.freedesktop.UDisks2", 4),
                                       G_VARIANT_TYPE ("(u)"), G_DBUS_CALL_FLAGS_NONE,
                                       -1, NULL, &error);
  g_assert_no_error (error);

  /* The client's initial GetManagedObjects is answered by this thread,
   * so it must be created asynchronously. */
  udisks_client_new (NULL, client_new_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  client = udisks_client_new_finish (result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (udisks_client_get_manager (client));
}

static void
stop_udisks (void)
{
  g_clear_object (&client);
  g_clear_object (&server);
  g_dbus_connection_close_sync (service_connection, NULL, NULL);
  g_clear_object (&service_connection);
  g_test_dbus_down (test_bus);
  g_clear_object (&test_bus);
}

int
main (int    argc,
      char **argv)
{
  int status;

  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/drive-list/disk-images", test_disk_images);
  g_test_add_func ("/drive-list/drives", test_drives);
  g_test_add_func ("/drive-list/live", test_live);

  play_udisks ();
  status = g_test_run ();
  stop_udisks ();

  return status;
}
