/* test-drive-rules.c: Which drives are listed and may be changed, and their names
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include <locale.h>

#include "plug-drive-rules.h"

#define USER_UID 1000
#define OTHER_UID 1001

static void
test_connection_classify (void)
{
  g_assert_cmpint (plug_drive_connection_classify (TRUE, NULL, NULL, "/dev/loop0"),
                   ==, PLUG_DRIVE_CONNECTION_DISK_IMAGE);
  g_assert_cmpint (plug_drive_connection_classify (FALSE, "usb", "thumb", "/dev/sdb"),
                   ==, PLUG_DRIVE_CONNECTION_USB);
  g_assert_cmpint (plug_drive_connection_classify (FALSE, "usb", "", "/dev/sdb"),
                   ==, PLUG_DRIVE_CONNECTION_USB);
  /* A card in a USB card reader is a memory card to its owner. */
  g_assert_cmpint (plug_drive_connection_classify (FALSE, "usb", "flash_sdxc", "/dev/sdc"),
                   ==, PLUG_DRIVE_CONNECTION_SDCARD);
  g_assert_cmpint (plug_drive_connection_classify (FALSE, "sdio", "flash_sd", "/dev/mmcblk0"),
                   ==, PLUG_DRIVE_CONNECTION_SDCARD);
  g_assert_cmpint (plug_drive_connection_classify (FALSE, "", "", "/dev/mmcblk1"),
                   ==, PLUG_DRIVE_CONNECTION_SDCARD);
  g_assert_cmpint (plug_drive_connection_classify (FALSE, "ieee1394", NULL, "/dev/sdd"),
                   ==, PLUG_DRIVE_CONNECTION_OTHER);
  g_assert_cmpint (plug_drive_connection_classify (FALSE, NULL, NULL, NULL),
                   ==, PLUG_DRIVE_CONNECTION_OTHER);
}

static void
test_connection_ids (void)
{
  /* The ids are what plugboardctl prints: a contract with scripts. */
  g_assert_cmpstr (plug_drive_connection_get_id (PLUG_DRIVE_CONNECTION_USB), ==, "usb");
  g_assert_cmpstr (plug_drive_connection_get_id (PLUG_DRIVE_CONNECTION_SDCARD), ==, "sdcard");
  g_assert_cmpstr (plug_drive_connection_get_id (PLUG_DRIVE_CONNECTION_DISK_IMAGE), ==, "disk-image");
  g_assert_cmpstr (plug_drive_connection_get_id (PLUG_DRIVE_CONNECTION_OTHER), ==, "other");
  g_assert_cmpstr (plug_drive_connection_get_display_name (PLUG_DRIVE_CONNECTION_SDCARD), ==, "SD Card");

  g_assert_cmpstr (plug_drive_restriction_get_id (PLUG_DRIVE_RESTRICTION_SYSTEM_IMAGE), ==, "system-image");
  g_assert_null (plug_drive_restriction_get_reason (PLUG_DRIVE_RESTRICTION_NONE));
  for (guint i = PLUG_DRIVE_RESTRICTION_HOLDS_SYSTEM; i <= PLUG_DRIVE_RESTRICTION_OTHER_USER_MOUNT; i++)
    g_assert_nonnull (plug_drive_restriction_get_reason (i));
}

static void
test_system_mount_points (void)
{
  const char * const system[] = { "/", "/boot", "/boot/efi", "/home" };
  const char * const other[] = { "/media/alice/STICK", "/run/media/alice/home", "/homes", "/mnt", "" };

  for (guint i = 0; i < G_N_ELEMENTS (system); i++)
    g_assert_true (plug_drive_rules_is_system_mount_point (system[i]));
  for (guint i = 0; i < G_N_ELEMENTS (other); i++)
    g_assert_false (plug_drive_rules_is_system_mount_point (other[i]));
  g_assert_false (plug_drive_rules_is_system_mount_point (NULL));
}

static void
test_usb_stick (void)
{
  PlugDriveFacts facts = {
    .removable = TRUE,
    .connection_bus = "usb",
    .device = "/dev/sdb",
  };

  g_assert_true (plug_drive_rules_is_external (&facts));
  g_assert_true (plug_drive_rules_is_listed (&facts, USER_UID));
  g_assert_cmpint (plug_drive_rules_check (&facts, USER_UID), ==, PLUG_DRIVE_RESTRICTION_NONE);

  /* A USB hard disk is not removable media, but it is external. */
  facts.removable = FALSE;
  g_assert_true (plug_drive_rules_is_listed (&facts, USER_UID));
  g_assert_cmpint (plug_drive_rules_check (&facts, USER_UID), ==, PLUG_DRIVE_RESTRICTION_NONE);
}

static void
test_system_disk (void)
{
  PlugDriveFacts internal = {
    .connection_bus = "",
    .device = "/dev/nvme0n1",
    .any_hint_system = TRUE,
  };
  PlugDriveFacts emmc = {
    .connection_bus = "",
    .device = "/dev/mmcblk0",
    .holds_system = TRUE,
  };
  PlugDriveFacts usb_boot = {
    .removable = TRUE,
    .connection_bus = "usb",
    .device = "/dev/sda",
    .holds_system = TRUE,
  };

  /* An internal disk is never listed, and never offered. */
  g_assert_false (plug_drive_rules_is_external (&internal));
  g_assert_false (plug_drive_rules_is_listed (&internal, USER_UID));
  g_assert_cmpint (plug_drive_rules_check (&internal, USER_UID), ==, PLUG_DRIVE_RESTRICTION_SYSTEM_DRIVE);

  /* udisks clears HintSystem on eMMC; holding / is what gives it away. */
  g_assert_true (plug_drive_rules_is_external (&emmc));
  g_assert_false (plug_drive_rules_is_listed (&emmc, USER_UID));
  g_assert_cmpint (plug_drive_rules_check (&emmc, USER_UID), ==, PLUG_DRIVE_RESTRICTION_HOLDS_SYSTEM);

  /* A system running from a USB drive: that drive is the system disk. */
  g_assert_false (plug_drive_rules_is_listed (&usb_boot, USER_UID));
  g_assert_cmpint (plug_drive_rules_check (&usb_boot, USER_UID), ==, PLUG_DRIVE_RESTRICTION_HOLDS_SYSTEM);
}

static void
test_hints (void)
{
  PlugDriveFacts facts = {
    .removable = TRUE,
    .connection_bus = "usb",
    .device = "/dev/sdb",
    .any_hint_system = TRUE,
  };

  /* An administrator's UDISKS_SYSTEM=1 on a USB disk: shown, protected. */
  g_assert_true (plug_drive_rules_is_listed (&facts, USER_UID));
  g_assert_cmpint (plug_drive_rules_check (&facts, USER_UID), ==, PLUG_DRIVE_RESTRICTION_SYSTEM_DRIVE);

  /* A partition udisks wants left alone protects the whole drive. */
  facts.any_hint_system = FALSE;
  facts.any_hint_ignore = TRUE;
  g_assert_true (plug_drive_rules_is_listed (&facts, USER_UID));
  g_assert_cmpint (plug_drive_rules_check (&facts, USER_UID), ==, PLUG_DRIVE_RESTRICTION_IGNORED);

  /* A whole drive udisks wants left alone is not shown at all. */
  facts.whole_hint_ignore = TRUE;
  g_assert_false (plug_drive_rules_is_listed (&facts, USER_UID));
}

static void
test_disk_images (void)
{
  /* udisks sets HintSystem on every loop device, the user's own too. */
  PlugDriveFacts facts = {
    .is_disk_image = TRUE,
    .setup_by_uid = USER_UID,
    .device = "/dev/loop0",
    .any_hint_system = TRUE,
  };

  g_assert_false (plug_drive_rules_is_external (&facts));
  g_assert_true (plug_drive_rules_is_listed (&facts, USER_UID));
  g_assert_cmpint (plug_drive_rules_check (&facts, USER_UID), ==, PLUG_DRIVE_RESTRICTION_NONE);

  /* Seen by another user, the same image is theirs to leave alone. */
  g_assert_false (plug_drive_rules_is_listed (&facts, OTHER_UID));
  g_assert_cmpint (plug_drive_rules_check (&facts, OTHER_UID), ==, PLUG_DRIVE_RESTRICTION_OTHER_USER_IMAGE);

  /* Attached by root (losetup, snap packages): part of the system, even
   * for root itself. */
  facts.setup_by_uid = 0;
  g_assert_false (plug_drive_rules_is_listed (&facts, USER_UID));
  g_assert_false (plug_drive_rules_is_listed (&facts, 0));
  g_assert_cmpint (plug_drive_rules_check (&facts, USER_UID), ==, PLUG_DRIVE_RESTRICTION_SYSTEM_IMAGE);
  g_assert_cmpint (plug_drive_rules_check (&facts, 0), ==, PLUG_DRIVE_RESTRICTION_SYSTEM_IMAGE);

  /* An image the system runs from is the system, whoever attached it. */
  facts.setup_by_uid = USER_UID;
  facts.holds_system = TRUE;
  g_assert_false (plug_drive_rules_is_listed (&facts, USER_UID));
  g_assert_cmpint (plug_drive_rules_check (&facts, USER_UID), ==, PLUG_DRIVE_RESTRICTION_HOLDS_SYSTEM);
}

/* A drive the system's storage is built on: refused, whoever it is. */
static void
test_system_storage (void)
{
  PlugDriveFacts facts = {
    .is_disk_image = TRUE,
    .setup_by_uid = USER_UID,
    .device = "/dev/loop3",
    .system_storage = TRUE,
  };
  g_autofree char *root = g_dir_make_tmp ("plug-test-holders-XXXXXX", NULL);
  g_autofree char *member = g_build_filename (root, "sdb1", NULL);
  g_autofree char *holders = g_build_filename (member, "holders", NULL);
  g_autofree char *holder = g_build_filename (holders, "md127", NULL);

  g_assert_cmpint (plug_drive_rules_check (&facts, USER_UID), ==, PLUG_DRIVE_RESTRICTION_SYSTEM_STORAGE);
  g_assert_cmpstr (plug_drive_restriction_get_id (PLUG_DRIVE_RESTRICTION_SYSTEM_STORAGE), ==, "system-storage");
  /* Still the system's own disk first, when it is both. */
  facts.holds_system = TRUE;
  g_assert_cmpint (plug_drive_rules_check (&facts, USER_UID), ==, PLUG_DRIVE_RESTRICTION_HOLDS_SYSTEM);

  /* holders/ as the kernel shows it: empty, then with an array in it. */
  g_assert_false (plug_drive_rules_block_has_holders (member));
  g_assert_no_errno (g_mkdir_with_parents (holders, 0700));
  g_assert_false (plug_drive_rules_block_has_holders (member));
  g_assert_true (g_file_set_contents (holder, "", 0, NULL));
  g_assert_true (plug_drive_rules_block_has_holders (member));

  g_assert_no_errno (g_unlink (holder));
  g_assert_no_errno (g_rmdir (holders));
  g_assert_no_errno (g_rmdir (member));
  g_assert_no_errno (g_rmdir (root));
}

/* Whose folder a volume is mounted in; another user's makes the drive
 * theirs to unmount. */
static void
test_mount_owner (void)
{
  PlugDriveFacts facts = { .is_disk_image = TRUE, .setup_by_uid = USER_UID };
  const struct
  {
    const char *mount_point;
    const char *owner;
  } cases[] = {
    { "/media/alice/STICK", "alice" },
    { "/run/media/bob/My Book", "bob" },
    { "/media/alice", NULL },
    { "/media//STICK", NULL },
    { "/mnt/alice/STICK", NULL },
    { "/", NULL },
    { NULL, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *owner = plug_drive_rules_dup_mount_owner (cases[i].mount_point);

      g_assert_cmpstr (owner, ==, cases[i].owner);
    }

  facts.other_user_mount = "/media/bob/STICK";
  g_assert_cmpint (plug_drive_rules_check (&facts, USER_UID), ==, PLUG_DRIVE_RESTRICTION_OTHER_USER_MOUNT);
  g_assert_cmpstr (plug_drive_restriction_get_id (PLUG_DRIVE_RESTRICTION_OTHER_USER_MOUNT), ==, "other-user-mount");
}

static void
test_drive_name (void)
{
  const struct
  {
    const char *vendor;
    const char *model;
    guint64     size;
    const char *name;
  } cases[] = {
    { "SanDisk", "Cruzer Blade", 16000000000, "SanDisk Cruzer Blade" },
    { "SanDisk", "SanDisk Ultra", 0, "SanDisk Ultra" },
    { "sandisk", "SanDisk Ultra", 0, "SanDisk Ultra" },
    { "  Kingston ", "DataTraveler 3.0  ", 0, "Kingston DataTraveler 3.0" },
    { "WD", "WDC WD10EZEX", 0, "WD WDC WD10EZEX" },
    { "", "Flash Disk", 0, "Flash Disk" },
    { NULL, "Flash Disk", 0, "Flash Disk" },
    { "Generic", "", 0, "Generic" },
    { "", " ", 16000000000, "16.0\u00A0GB Drive" },
    { NULL, NULL, 0, "Drive" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = plug_drive_rules_dup_drive_name (cases[i].vendor, cases[i].model, cases[i].size);

      g_assert_cmpstr (name, ==, cases[i].name);
    }
}

static void
test_image_name (void)
{
  g_autofree char *name = plug_drive_rules_dup_image_name ("/home/alice/Backups/old laptop.img");
  g_autofree char *no_file = plug_drive_rules_dup_image_name ("");
  g_autofree char *null_file = plug_drive_rules_dup_image_name (NULL);

  g_assert_cmpstr (name, ==, "old laptop.img");
  g_assert_cmpstr (no_file, ==, "Disk Image");
  g_assert_cmpstr (null_file, ==, "Disk Image");
}

static void
test_filesystem_name (void)
{
  const struct
  {
    const char *filesystem;
    const char *version;
    const char *name;
  } cases[] = {
    { "vfat", "FAT32", "FAT32" },
    { "vfat", "FAT16", "FAT16" },
    { "vfat", NULL, "FAT" },
    { "vfat", "", "FAT" },
    { "exfat", "1.0", "exFAT" },
    { "ntfs", NULL, "NTFS" },
    { "ext4", "1.0", "ext4" },
    { "btrfs", NULL, "Btrfs" },
    { "xfs", NULL, "XFS" },
    { "crypto_LUKS", "2", "Encrypted (LUKS)" },
    { "zfs_member", "5000", "zfs_member" },
  };
  g_autofree char *none = plug_drive_rules_dup_filesystem_name ("", NULL);
  g_autofree char *null_type = plug_drive_rules_dup_filesystem_name (NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = plug_drive_rules_dup_filesystem_name (cases[i].filesystem, cases[i].version);

      g_assert_cmpstr (name, ==, cases[i].name);
    }

  g_assert_null (none);
  g_assert_null (null_type);
}

static void
test_volume_name (void)
{
  g_autofree char *labelled = plug_drive_rules_dup_volume_name ("CAMERA", 32000000000);
  g_autofree char *padded = plug_drive_rules_dup_volume_name ("Photos 2024  ", 0);
  g_autofree char *unlabelled = plug_drive_rules_dup_volume_name ("", 32000000000);
  g_autofree char *blank = plug_drive_rules_dup_volume_name ("   ", 512000000);
  g_autofree char *nothing = plug_drive_rules_dup_volume_name (NULL, 0);

  g_assert_cmpstr (labelled, ==, "CAMERA");
  g_assert_cmpstr (padded, ==, "Photos 2024");
  g_assert_cmpstr (unlabelled, ==, "32.0\u00A0GB Volume");
  g_assert_cmpstr (blank, ==, "512.0\u00A0MB Volume");
  g_assert_cmpstr (nothing, ==, "Volume");
}

static void
test_compare_devices (void)
{
  g_assert_cmpint (plug_drive_rules_compare_devices ("/dev/loop2", "/dev/loop10"), <, 0);
  g_assert_cmpint (plug_drive_rules_compare_devices ("/dev/loop10", "/dev/loop2"), >, 0);
  g_assert_cmpint (plug_drive_rules_compare_devices ("/dev/sda", "/dev/sdb"), <, 0);
  g_assert_cmpint (plug_drive_rules_compare_devices ("/dev/sdb", "/dev/sdb1"), <, 0);
  g_assert_cmpint (plug_drive_rules_compare_devices ("/dev/sdb9", "/dev/sdb10"), <, 0);
  g_assert_cmpint (plug_drive_rules_compare_devices ("/dev/mmcblk0p2", "/dev/mmcblk0p10"), <, 0);
  g_assert_cmpint (plug_drive_rules_compare_devices ("/dev/loop7", "/dev/loop7"), ==, 0);
  g_assert_cmpint (plug_drive_rules_compare_devices ("/dev/loop007", "/dev/loop7"), ==, 0);
  g_assert_cmpint (plug_drive_rules_compare_devices (NULL, "/dev/sda"), <, 0);
  g_assert_cmpint (plug_drive_rules_compare_devices ("/dev/sda", NULL), >, 0);
  g_assert_cmpint (plug_drive_rules_compare_devices (NULL, NULL), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  /* Names with sizes are checked as the C locale writes them: g_format_size()
   * puts a no-break space between number and unit. */
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/drive-rules/connection/classify", test_connection_classify);
  g_test_add_func ("/drive-rules/connection/ids", test_connection_ids);
  g_test_add_func ("/drive-rules/system-mount-points", test_system_mount_points);
  g_test_add_func ("/drive-rules/usb-stick", test_usb_stick);
  g_test_add_func ("/drive-rules/system-disk", test_system_disk);
  g_test_add_func ("/drive-rules/hints", test_hints);
  g_test_add_func ("/drive-rules/disk-images", test_disk_images);
  g_test_add_func ("/drive-rules/system-storage", test_system_storage);
  g_test_add_func ("/drive-rules/mount-owner", test_mount_owner);
  g_test_add_func ("/drive-rules/names/drive", test_drive_name);
  g_test_add_func ("/drive-rules/names/image", test_image_name);
  g_test_add_func ("/drive-rules/names/filesystem", test_filesystem_name);
  g_test_add_func ("/drive-rules/names/volume", test_volume_name);
  g_test_add_func ("/drive-rules/compare-devices", test_compare_devices);

  return g_test_run ();
}
