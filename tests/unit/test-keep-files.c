/* test-keep-files.c: What a reformat that keeps the files checks before it
 * copies anything
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <string.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "plug-keep-files-operation.h"

static void
test_names (void)
{
  static const struct
  {
    const char *filesystem;
    const char *name;
    const char *reason;  /* a part of it; NULL when the name is kept */
  } cases[] = {
    { "exfat", "holiday photo.jpg", NULL },
    { "exfat", "été 2026 — ДИСК 😀.txt", NULL },
    { "vfat", "a:b.txt", "“:”" },
    { "exfat", "what?.txt", "“?”" },
    { "exfat", "quote\"d", "“\"”" },
    { "vfat", "back\\slash", "“\\”" },
    { "exfat", "pipe|d", "“|”" },
    { "exfat", "star*", "“*”" },
    { "exfat", "<tag>", "“<”" },
    { "exfat", "tab\there", "control character" },
    { "vfat", "ends with a dot.", "space or a dot" },
    { "exfat", "ends with a space ", "space or a dot" },
    { "ntfs", "a:b.txt", NULL },
    { "ext4", "a:b?*|<>.txt", NULL },
    { "ext4", "ends with a dot.", NULL },
    { "btrfs", "tab\there", NULL },
    { "exfat", "\xff\xfe", "not valid text" },
    { "ntfs", "\xff\xfe", "not valid text" },
    { "ext4", "\xff\xfe", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *reason = plug_keep_files_check_name (cases[i].filesystem, cases[i].name);

      g_test_message ("%s “%s”: %s", cases[i].filesystem, cases[i].name, reason != NULL ? reason : "kept");
      if (cases[i].reason == NULL)
        g_assert_null (reason);
      else
        g_assert_nonnull (strstr (reason, cases[i].reason));
    }
}

static void
test_long_names (void)
{
  g_autofree char *ascii_255 = g_strnfill (255, 'a');
  g_autofree char *ascii_256 = g_strnfill (256, 'a');
  g_autoptr(GString) emoji_128 = g_string_new (NULL);
  g_autofree char *reason = NULL;

  /* 255 is the limit everywhere: bytes on ext4, UTF-16 units on exFAT. */
  g_assert_null (plug_keep_files_check_name ("ext4", ascii_255));
  g_assert_null (plug_keep_files_check_name ("exfat", ascii_255));
  reason = plug_keep_files_check_name ("ext4", ascii_256);
  g_assert_nonnull (strstr (reason, "255"));
  g_clear_pointer (&reason, g_free);

  /* 128 emoji: 512 bytes, 256 UTF-16 units. */
  for (guint i = 0; i < 128; i++)
    g_string_append (emoji_128, "😀");
  reason = plug_keep_files_check_name ("exfat", emoji_128->str);
  g_assert_nonnull (reason);
}

/* --- what the plan says the files lose --------------------------------- */

static void
store_result_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_assert_cmpint (g_unlink (child), ==, 0);
    }
  g_assert_cmpint (g_rmdir (path), ==, 0);
}

static void
write_file (const char *path,
            const char *text)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
}

/* The plan of keeping @source's files, said to be an ext4 volume, on
 * @filesystem: what it says they lose. Only the plan: nothing of it asks
 * udisks, whose client is on a bus of its own with no udisks there. */
static GStrv
plan_dropped (UDisksClient *client,
              const char   *source,
              const char   *filesystem)
{
  g_autoptr(UDisksObjectSkeleton) object = udisks_object_skeleton_new ("/org/freedesktop/UDisks2/block_devices/unit0");
  g_autoptr(UDisksBlock) block = udisks_block_skeleton_new ();
  g_autoptr(UDisksFilesystem) fs = udisks_filesystem_skeleton_new ();
  g_autoptr(PlugVolume) volume = plug_volume_new ("/org/freedesktop/UDisks2/block_devices/unit0");
  g_autoptr(PlugDrive) drive = plug_drive_new ("/org/freedesktop/UDisks2/drives/unit");
  g_autoptr(PlugKeepFilesOperation) operation = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  const char *mount_points[] = { source, NULL };

  udisks_block_set_device (block, "/dev/unit0");
  udisks_block_set_id_type (block, "ext4");
  udisks_block_set_id_label (block, "UNIT");
  udisks_block_set_size (block, G_GUINT64_CONSTANT (1) << 30);
  udisks_filesystem_set_mount_points (fs, mount_points);
  udisks_object_skeleton_set_block (object, block);
  udisks_object_skeleton_set_filesystem (object, fs);
  plug_volume_update (volume, UDISKS_OBJECT (object));

  operation = plug_keep_files_operation_new (client, drive, volume, filesystem, "", 0);
  plug_keep_files_operation_plan_async (operation, NULL, store_result_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (plug_keep_files_operation_plan_finish (operation, result, &error));
  g_assert_no_error (error);
  g_assert_null (plug_keep_files_operation_get_not_carried (operation)[0]);

  return g_strdupv ((char **) plug_keep_files_operation_get_dropped (operation));
}

static void
test_plan_dropped (void)
{
  g_autoptr(GTestDBus) bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_autoptr(UDisksClient) client = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *root = NULL;
  g_autofree char *data_home = NULL;
  g_autofree char *source = NULL;
  g_autofree char *path = NULL;
  g_autofree char *sub = NULL;
  g_auto(GStrv) onto_exfat = NULL;
  g_auto(GStrv) onto_ext4 = NULL;
  char data[4096];
  int fd;

  g_test_dbus_up (bus);
  g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", g_test_dbus_get_bus_address (bus), TRUE);
  client = udisks_client_new_sync (NULL, &error);
  g_assert_no_error (error);

  /* The kept-files folder the plan makes goes there too. */
  root = g_dir_make_tmp ("plug-keep-files-XXXXXX", &error);
  g_assert_no_error (error);
  data_home = g_build_filename (root, "data", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  source = g_build_filename (root, "source", NULL);
  sub = g_build_filename (source, "sub", NULL);
  g_assert_cmpint (g_mkdir_with_parents (sub, 0700), ==, 0);

  /* One file by three names, and another by one. */
  path = g_build_filename (source, "a.txt", NULL);
  write_file (path, "three names");
  {
    g_autofree char *b = g_build_filename (source, "b.txt", NULL);
    g_autofree char *c = g_build_filename (sub, "c.txt", NULL);
    g_autofree char *d = g_build_filename (source, "d.txt", NULL);

    g_assert_cmpint (link (path, b), ==, 0);
    g_assert_cmpint (link (path, c), ==, 0);
    write_file (d, "one name");
  }
  /* A sparse file: 64 MiB, 4 KiB of data. */
  {
    g_autofree char *disk = g_build_filename (source, "disk.img", NULL);

    memset (data, 'x', sizeof data);
    fd = open (disk, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
    g_assert_cmpint (fd, >=, 0);
    g_assert_cmpint (pwrite (fd, data, sizeof data, 10 << 20), ==, sizeof data);
    g_assert_cmpint (ftruncate (fd, 64 << 20), ==, 0);
    close (fd);
  }

  if (setxattr (path, "user.unit", "yes", 3, 0) != 0)
    {
      g_test_skip ("the temporary folder's filesystem holds no user.* attributes");
      remove_tree (root);
      g_test_dbus_down (bus);
      return;
    }

  onto_exfat = plan_dropped (client, source, "exfat");
  g_assert_cmpuint (g_strv_length (onto_exfat), ==, 3);
  g_assert_cmpstr (onto_exfat[0], ==, "3 files share their data through hard links: "
                                      "they will come back as separate copies");
  g_assert_true (g_str_has_prefix (onto_exfat[1], "1 sparse file will take its full size on the new filesystem, 67.1"));
  g_assert_cmpstr (onto_exfat[2], ==, "The user extended attributes of 1 file or folder will be dropped");

  /* ext4 holds them all, and every file is the user's. */
  onto_ext4 = plan_dropped (client, source, "ext4");
  g_assert_cmpuint (g_strv_length (onto_ext4), ==, 0);
  g_assert_true (g_str_has_prefix (g_get_user_data_dir (), root));

  remove_tree (root);
  g_test_dbus_down (bus);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/keep-files/names", test_names);
  g_test_add_func ("/keep-files/long-names", test_long_names);
  g_test_add_func ("/keep-files/plan-says-what-is-dropped", test_plan_dropped);

  return g_test_run ();
}
