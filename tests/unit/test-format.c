/* test-format.c: The filesystems Plugboard reformats to, and what it asks udisks
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "plug-filesystem-type.h"
#include "plug-format-operation.h"
#include "plug-label-rules.h"

static void
test_types_table (void)
{
  static const struct
  {
    const char            *id;
    PlugFilesystemPurpose  purpose;
    const char            *title;
    const char            *package;
    gboolean               has_owners;
  } expected[] = {
    { "exfat", PLUG_FILESYSTEM_PURPOSE_ALL_SYSTEMS, "Works with all computers, files of any size", "exfatprogs", FALSE },
    { "ext4", PLUG_FILESYSTEM_PURPOSE_LINUX, "Linux only", "e2fsprogs", TRUE },
    { "ntfs", PLUG_FILESYSTEM_PURPOSE_WINDOWS, "Windows", "ntfs-3g", FALSE },
    { "vfat", PLUG_FILESYSTEM_PURPOSE_OLD_DEVICES, "Old devices and cameras", "dosfstools", FALSE },
    { "btrfs", PLUG_FILESYSTEM_PURPOSE_OTHER, "Other", "btrfs-progs", TRUE },
    { "xfs", PLUG_FILESYSTEM_PURPOSE_OTHER, "Other", "xfsprogs", TRUE },
  };
  const PlugFilesystemType *types;
  guint n_types = 0;

  types = plug_filesystem_type_get_all (&n_types);
  g_assert_cmpuint (n_types, ==, G_N_ELEMENTS (expected));

  for (guint i = 0; i < n_types; i++)
    {
      g_assert_cmpstr (types[i].id, ==, expected[i].id);
      g_assert_true (plug_filesystem_type_lookup (expected[i].id) == &types[i]);
      g_assert_cmpint (types[i].purpose, ==, expected[i].purpose);
      g_assert_cmpstr (plug_filesystem_purpose_get_title (types[i].purpose), ==, expected[i].title);
      g_assert_cmpstr (types[i].package, ==, expected[i].package);
      g_assert_cmpint (types[i].has_owners, ==, expected[i].has_owners);
      /* Every filesystem offered can be named by the label rules. */
      g_assert_true (plug_label_rules_is_known_filesystem (types[i].id));
      g_assert_nonnull (strstr (plug_filesystem_type_get_ids (), types[i].id));
    }

  g_assert_null (plug_filesystem_type_lookup ("zfs"));
  g_assert_null (plug_filesystem_type_lookup ("dos"));
  g_assert_null (plug_filesystem_type_lookup (NULL));

  /* FAT32's limit is stated; XFS and Btrfs say how small is too small. */
  g_assert_nonnull (strstr (plug_filesystem_type_get_note (plug_filesystem_type_lookup ("vfat")), "4 GB"));
  g_assert_null (plug_filesystem_type_get_note (plug_filesystem_type_lookup ("exfat")));
  g_assert_cmpuint (plug_filesystem_type_lookup ("xfs")->min_size, ==, 300000000);
  g_assert_cmpuint (plug_filesystem_type_lookup ("btrfs")->min_size, ==, 114294784);
  g_assert_cmpuint (plug_filesystem_type_lookup ("ext4")->min_size, ==, 0);
}

static void
test_packages (void)
{
  g_assert_cmpstr (plug_filesystem_type_get_package_for_utility ("mkfs.exfat"), ==, "exfatprogs");
  g_assert_cmpstr (plug_filesystem_type_get_package_for_utility ("mkntfs"), ==, "ntfs-3g");
  g_assert_cmpstr (plug_filesystem_type_get_package_for_utility ("mkfs.ntfs"), ==, "ntfs-3g");
  g_assert_cmpstr (plug_filesystem_type_get_package_for_utility ("mkfs.f2fs"), ==, "f2fs-tools");
  g_assert_cmpstr (plug_filesystem_type_get_package_for_utility ("mkfs.xfs"), ==, "xfsprogs");
  g_assert_null (plug_filesystem_type_get_package_for_utility ("mkfs.unknown"));
  g_assert_null (plug_filesystem_type_get_package_for_utility (NULL));
}

static void
test_default (void)
{
  g_assert_cmpstr (plug_filesystem_type_choose_default (PLUG_DRIVE_CONNECTION_USB, FALSE), ==, "exfat");
  g_assert_cmpstr (plug_filesystem_type_choose_default (PLUG_DRIVE_CONNECTION_SDCARD, TRUE), ==, "exfat");
  g_assert_cmpstr (plug_filesystem_type_choose_default (PLUG_DRIVE_CONNECTION_OTHER, TRUE), ==, "exfat");
  g_assert_cmpstr (plug_filesystem_type_choose_default (PLUG_DRIVE_CONNECTION_OTHER, FALSE), ==, "ext4");
  g_assert_cmpstr (plug_filesystem_type_choose_default (PLUG_DRIVE_CONNECTION_DISK_IMAGE, FALSE), ==, "ext4");
  g_assert_cmpstr (plug_filesystem_type_choose_default (PLUG_DRIVE_CONNECTION_DISK_IMAGE, TRUE), ==, "ext4");
}

static void
test_options (void)
{
  g_autoptr(GVariant) ext4 = g_variant_ref_sink (plug_format_operation_build_options (plug_filesystem_type_lookup ("ext4"), "Photos", FALSE));
  g_autoptr(GVariant) vfat = g_variant_ref_sink (plug_format_operation_build_options (plug_filesystem_type_lookup ("vfat"), "", TRUE));
  g_autoptr(GVariantDict) dict = NULL;
  const char *text = NULL;
  gboolean flag = FALSE;

  g_assert_true (g_variant_is_of_type (ext4, G_VARIANT_TYPE ("a{sv}")));
  dict = g_variant_dict_new (ext4);
  g_assert_true (g_variant_dict_lookup (dict, "label", "&s", &text));
  g_assert_cmpstr (text, ==, "Photos");
  g_assert_true (g_variant_dict_lookup (dict, "take-ownership", "b", &flag) && flag);
  g_assert_true (g_variant_dict_lookup (dict, "update-partition-type", "b", &flag) && flag);
  g_assert_false (g_variant_dict_contains (dict, "erase"));
  /* Measured: without no-block, Format answers when all is done. */
  g_assert_false (g_variant_dict_contains (dict, "no-block"));
  g_assert_true (g_variant_dict_lookup (dict, "auth.no_user_interaction", "b", &flag) && !flag);
  g_clear_pointer (&dict, g_variant_dict_unref);

  dict = g_variant_dict_new (vfat);
  g_assert_false (g_variant_dict_contains (dict, "label"));
  g_assert_false (g_variant_dict_contains (dict, "take-ownership"));
  g_assert_true (g_variant_dict_lookup (dict, "erase", "&s", &text));
  g_assert_cmpstr (text, ==, "zero");
  g_assert_true (g_variant_dict_lookup (dict, "update-partition-type", "b", &flag) && flag);
}

static void
test_partition_table (void)
{
  const guint64 tebibyte = G_GUINT64_CONSTANT (1) << 40;

  g_assert_cmpstr (plug_format_operation_choose_partition_table (64 * 1024 * 1024), ==, "dos");
  g_assert_cmpstr (plug_format_operation_choose_partition_table (2 * tebibyte), ==, "dos");
  g_assert_cmpstr (plug_format_operation_choose_partition_table (2 * tebibyte + 512), ==, "gpt");
  g_assert_cmpstr (plug_format_operation_choose_partition_table (8 * tebibyte), ==, "gpt");
}

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)
#define GIB (MIB * 1024)

static void
test_max_file_size (void)
{
  /* 4 GiB less one byte: FAT stores a file's size in 32 bits. */
  g_assert_cmpuint (plug_filesystem_type_get_max_file_size ("vfat"), ==, G_GUINT64_CONSTANT (4294967295));
  g_assert_cmpuint (plug_filesystem_type_get_max_file_size ("exfat"), ==, 0);
  g_assert_cmpuint (plug_filesystem_type_get_max_file_size ("ext4"), ==, 0);
  g_assert_cmpuint (plug_filesystem_type_get_max_file_size (NULL), ==, 0);
}

static void
test_limits_for_keeping_files (void)
{
  guint64 cluster = 0;

  /* The same rule the drive list shows: no limit is 0. */
  g_assert_cmpuint (plug_filesystem_type_get_max_file_size ("vfat"), ==, 4 * GIB - 1);
  g_assert_cmpuint (plug_filesystem_type_get_max_file_size ("exfat"), ==, 0);
  g_assert_cmpuint (plug_filesystem_type_get_max_file_size ("ext4"), ==, 0);

  g_assert_true (plug_filesystem_type_can_carry_links ("ext4"));
  g_assert_true (plug_filesystem_type_can_carry_links ("btrfs"));
  g_assert_true (plug_filesystem_type_can_carry_links ("xfs"));
  g_assert_false (plug_filesystem_type_can_carry_links ("vfat"));
  g_assert_false (plug_filesystem_type_can_carry_links ("exfat"));
  g_assert_false (plug_filesystem_type_can_carry_links ("ntfs"));
  g_assert_false (plug_filesystem_type_can_carry_links ("zfs"));

  /* Hard links, holes and user.* attributes: the Unix filesystems and NTFS
   * (through ntfs-3g) hold all three, FAT and exFAT none, an unknown one
   * is not trusted with them. */
  {
    const char *all[] = { "ext2", "ext3", "ext4", "xfs", "btrfs", "ntfs" };
    const char *none[] = { "vfat", "exfat", "zfs", "iso9660" };

    for (guint i = 0; i < G_N_ELEMENTS (all); i++)
      {
        g_assert_true (plug_filesystem_type_holds_hard_links (all[i]));
        g_assert_true (plug_filesystem_type_holds_holes (all[i]));
        g_assert_true (plug_filesystem_type_holds_user_xattrs (all[i]));
      }
    for (guint i = 0; i < G_N_ELEMENTS (none); i++)
      {
        g_assert_false (plug_filesystem_type_holds_hard_links (none[i]));
        g_assert_false (plug_filesystem_type_holds_holes (none[i]));
        g_assert_false (plug_filesystem_type_holds_user_xattrs (none[i]));
      }
    g_assert_false (plug_filesystem_type_holds_hard_links (NULL));
  }

  /* udisks gives the files to the user on the filesystems with owners
   * only, ext2/3/4, XFS and Btrfs among those Plugboard makes. */
  {
    const char *yes[] = { "ext2", "ext3", "ext4", "xfs", "btrfs", "reiserfs", "nilfs2" };
    const char *no[] = { "vfat", "exfat", "ntfs", "iso9660", "zfs", "crypto_LUKS" };

    for (guint i = 0; i < G_N_ELEMENTS (yes); i++)
      g_assert_true (plug_filesystem_type_can_take_ownership (yes[i]));
    for (guint i = 0; i < G_N_ELEMENTS (no); i++)
      g_assert_false (plug_filesystem_type_can_take_ownership (no[i]));
    g_assert_false (plug_filesystem_type_can_take_ownership (NULL));
  }

  /* udisks checks and repairs, each with its program, what libblockdev
   * 2.28 knows: not Btrfs or exFAT. */
  {
    const char *yes[][2] = {
      { "ext2", "e2fsck" }, { "ext3", "e2fsck" }, { "ext4", "e2fsck" },
      { "xfs", "xfs_repair" }, { "vfat", "fsck.vfat" }, { "ntfs", "ntfsfix" },
    };
    const char *no[] = { "btrfs", "exfat", "reiserfs", "iso9660", "crypto_LUKS", "" };

    for (guint i = 0; i < G_N_ELEMENTS (yes); i++)
      g_assert_cmpstr (plug_filesystem_type_get_checker (yes[i][0]), ==, yes[i][1]);
    for (guint i = 0; i < G_N_ELEMENTS (no); i++)
      g_assert_null (plug_filesystem_type_get_checker (no[i]));
    g_assert_null (plug_filesystem_type_get_checker (NULL));
  }

  /* mkfs.exfat's cluster sizes, and room left for the filesystem. */
  g_assert_cmpuint (plug_filesystem_type_estimate_capacity ("exfat", 128 * MIB, &cluster), <, 128 * MIB);
  g_assert_cmpuint (cluster, ==, 4096);
  plug_filesystem_type_estimate_capacity ("exfat", 256 * MIB, &cluster);
  g_assert_cmpuint (cluster, ==, 32 * 1024);
  plug_filesystem_type_estimate_capacity ("exfat", 64 * GIB, &cluster);
  g_assert_cmpuint (cluster, ==, 128 * 1024);
  plug_filesystem_type_estimate_capacity ("vfat", 8 * GIB, &cluster);
  g_assert_cmpuint (cluster, ==, 4096);
  plug_filesystem_type_estimate_capacity ("vfat", 16 * GIB, &cluster);
  g_assert_cmpuint (cluster, ==, 8 * 1024);
  plug_filesystem_type_estimate_capacity ("vfat", 64 * GIB, &cluster);
  g_assert_cmpuint (cluster, ==, 32 * 1024);

  /* ext4 keeps 5% for root and its tables: the user gets less than 95%. */
  g_assert_cmpuint (plug_filesystem_type_estimate_capacity ("ext4", 100 * GIB, NULL), <, 95 * GIB);
  g_assert_cmpuint (plug_filesystem_type_estimate_capacity ("ext4", 100 * GIB, NULL), >, 80 * GIB);
  g_assert_cmpuint (plug_filesystem_type_estimate_capacity ("exfat", 100 * GIB, NULL), >,
                    plug_filesystem_type_estimate_capacity ("ext4", 100 * GIB, NULL));
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/format/types", test_types_table);
  g_test_add_func ("/format/packages", test_packages);
  g_test_add_func ("/format/default", test_default);
  g_test_add_func ("/format/options", test_options);
  g_test_add_func ("/format/partition-table", test_partition_table);
  g_test_add_func ("/format/max-file-size", test_max_file_size);
  g_test_add_func ("/format/limits-for-keeping-files", test_limits_for_keeping_files);

  return g_test_run ();
}
