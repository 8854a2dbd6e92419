/* test-label-rules.c: Which names each filesystem accepts, and where they mount
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <glib/gstdio.h>

#include "plug-label-rules.h"

/* -1 as the error code means "accepted". */
#define VALID -1

typedef struct
{
  const char *filesystem;
  const char *label;
  int         error_code;
  const char *normalized;
  const char *message_part;
} LabelCase;

static const LabelCase label_cases[] = {
  /* FAT: 11 printable ASCII characters, upper-cased, no trailing spaces. */
  { "vfat", "", VALID, "", NULL },
  { "vfat", "CAMERA", VALID, "CAMERA", NULL },
  { "vfat", "photos", VALID, "PHOTOS", NULL },
  { "vfat", "Holiday 24", VALID, "HOLIDAY 24", NULL },
  { "vfat", "ABCDEFGHIJK", VALID, "ABCDEFGHIJK", NULL },
  { "vfat", "ABCDEFGHIJKL", PLUG_LABEL_ERROR_TOO_LONG, NULL, "FAT names can be at most 11 characters; this one has 12" },
  { "vfat", "My Holidays 24", PLUG_LABEL_ERROR_TOO_LONG, NULL, "this one has 14" },
  { "vfat", "TRAIL  ", VALID, "TRAIL", NULL },
  { "vfat", "a-b_c!#$%&'", VALID, "A-B_C!#$%&'", NULL },
  { "vfat", "(x)@^`{}~", VALID, "(X)@^`{}~", NULL },
  { "vfat", " LEAD", PLUG_LABEL_ERROR_SPACES, NULL, "cannot start with a space" },
  { "vfat", " ", PLUG_LABEL_ERROR_SPACES, NULL, NULL },
  { "vfat", "A\"B", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "FAT names cannot contain “\"”" },
  { "vfat", "A*B", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "“*”" },
  { "vfat", "A/B", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "“/”" },
  { "vfat", "A:B", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "“:”" },
  { "vfat", "A<B", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "“<”" },
  { "vfat", "A>B", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "“>”" },
  { "vfat", "A?B", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "“?”" },
  { "vfat", "A\\B", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "“\\”" },
  { "vfat", "A|B", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "“|”" },
  /* fatlabel's own refusals, beyond udisks'. */
  { "vfat", "A.B", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "“.”" },
  { "vfat", "A+B", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "“+”" },
  { "vfat", "A,B", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "“,”" },
  { "vfat", "A;B", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "“;”" },
  { "vfat", "A=B", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "“=”" },
  { "vfat", "A[B]", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "“[”" },
  { "vfat", "été", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "not “é”" },
  { "vfat", "€", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "not “€”" },
  { "vfat", "%n%n%n%s", VALID, "%N%N%N%S", NULL },

  /* exFAT: 11 UTF-16 code units; anything printable. */
  { "exfat", "", VALID, "", NULL },
  { "exfat", "Backup", VALID, "Backup", NULL },
  { "exfat", "abcdefghijk", VALID, "abcdefghijk", NULL },
  { "exfat", "abcdefghijkl", PLUG_LABEL_ERROR_TOO_LONG, NULL, "exFAT names can be at most 11 characters; this one has 12" },
  { "exfat", "ééééééééééé", VALID, "ééééééééééé", NULL },
  { "exfat", "éééééééééééé", PLUG_LABEL_ERROR_TOO_LONG, NULL, "this one has 12" },
  { "exfat", "😀😀😀😀😀", VALID, "😀😀😀😀😀", NULL },
  { "exfat", "😀😀😀😀😀a", VALID, "😀😀😀😀😀a", NULL },
  { "exfat", "😀😀😀😀😀😀", PLUG_LABEL_ERROR_TOO_LONG, NULL, "emoji and some rare characters count as two; this one counts as 12" },
  { "exfat", "a/b:c*", VALID, "a/b:c*", NULL },
  { "exfat", " lead", VALID, " lead", NULL },

  /* NTFS: 128 bytes of UTF-8 (libblockdev), within 128 UTF-16 units. */
  { "ntfs", "Windows Data", VALID, "Windows Data", NULL },
  { "ntfs", "a/b:\"*", VALID, "a/b:\"*", NULL },

  /* ext2/3/4: 16 bytes; e2label would cut a longer name short. */
  { "ext4", "", VALID, "", NULL },
  { "ext4", "abcdefghijklmnop", VALID, "abcdefghijklmnop", NULL },
  { "ext4", "abcdefghijklmnopq", PLUG_LABEL_ERROR_TOO_LONG, NULL, "ext4 names can be at most 16 characters; this one has 17" },
  { "ext4", "ДИСКДИСК", VALID, "ДИСКДИСК", NULL },
  { "ext4", "ДИСКДИСКД", PLUG_LABEL_ERROR_TOO_LONG, NULL, "accented letters and other non-English characters count as two or more; this one counts as 18" },
  { "ext4", "abcdefghijklmn€", PLUG_LABEL_ERROR_TOO_LONG, NULL, "counts as 17" },
  { "ext4", "abcdefghijklm€", VALID, "abcdefghijklm€", NULL },
  { "ext4", "😀😀😀😀", VALID, "😀😀😀😀", NULL },
  { "ext4", "😀😀😀😀a", PLUG_LABEL_ERROR_TOO_LONG, NULL, "counts as 17" },
  { "ext3", "abcdefghijklmnopq", PLUG_LABEL_ERROR_TOO_LONG, NULL, "ext3 names" },
  { "ext2", "My Files", VALID, "My Files", NULL },
  /* blkid drops spaces at the end of every name. */
  { "ext4", "   ", PLUG_LABEL_ERROR_SPACES, NULL, "Names cannot be only spaces" },
  { "btrfs", " a b  ", VALID, " a b", NULL },
  { "ntfs", "Data ", VALID, "Data", NULL },
  /* The label tools read a leading “-” as an option. */
  { "vfat", "-R", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "FAT names cannot start with “-”" },
  { "exfat", "--help", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "exFAT names cannot start with “-”" },
  { "ntfs", "--help", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "NTFS names cannot start with “-”" },
  { "ext4", "--help", VALID, "--help", NULL },
  { "btrfs", "-f", VALID, "-f", NULL },
  { "ext4", "lower Case", VALID, "lower Case", NULL },

  /* XFS: 12 bytes, no spaces. */
  { "xfs", "abcdefghijkl", VALID, "abcdefghijkl", NULL },
  { "xfs", "abcdefghijklm", PLUG_LABEL_ERROR_TOO_LONG, NULL, "XFS names can be at most 12 characters; this one has 13" },
  { "xfs", "éééééé", VALID, "éééééé", NULL },
  { "xfs", "ééééééé", PLUG_LABEL_ERROR_TOO_LONG, NULL, "counts as 14" },
  { "xfs", "a a", PLUG_LABEL_ERROR_SPACES, NULL, "XFS names cannot contain spaces" },
  { "xfs", " ", PLUG_LABEL_ERROR_SPACES, NULL, NULL },
  { "xfs", "", VALID, "", NULL },
  /* xfs_admin passes the name to eval between single quotes. */
  { "xfs", "'UD\"SKS2'", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "XFS names cannot contain “'”" },
  { "xfs", "a'$(id)'", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, NULL },
  { "xfs", "a\"b`c$d\\", VALID, "a\"b`c$d\\", NULL },

  /* Btrfs: 255 bytes, no newline. */
  { "btrfs", "pool", VALID, "pool", NULL },
  { "btrfs", "a\nb", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "line breaks" },

  /* Every filesystem: text, without control or direction characters. */
  { "ext4", "\xff\xfe", PLUG_LABEL_ERROR_INVALID_TEXT, NULL, "invalid UTF-8 at byte 0" },
  { "exfat", "ab\xc3", PLUG_LABEL_ERROR_INVALID_TEXT, NULL, "invalid UTF-8 at byte 2" },
  { "vfat", "AB\xe9", PLUG_LABEL_ERROR_INVALID_TEXT, NULL, NULL },
  { "ntfs", "\xed\xa0\x80", PLUG_LABEL_ERROR_INVALID_TEXT, NULL, NULL },
  { "ext4", "line\n", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "control characters" },
  { "ext4", "UD\n\rISKS", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, NULL },
  { "exfat", "tab\there", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, NULL },
  { "ntfs", "UDI\x01\x12SK", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, NULL },
  { "vfat", "DEL\x7f", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "control characters" },
  { "ext4", "c1\xc2\x85", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, NULL },
  { "exfat", "\xe2\x80\xaegnp.exe", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "direction of text" },
  { "ext4", "a\xe2\x81\xa6" "b", PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER, NULL, "direction of text" },

  /* Types without known rules. */
  { "swap", "x", PLUG_LABEL_ERROR_UNKNOWN_FILESYSTEM, NULL, "“swap”" },
  { "crypto_LUKS", "x", PLUG_LABEL_ERROR_UNKNOWN_FILESYSTEM, NULL, NULL },
  { "EXT4", "x", PLUG_LABEL_ERROR_UNKNOWN_FILESYSTEM, NULL, NULL },
  { "", "x", PLUG_LABEL_ERROR_UNKNOWN_FILESYSTEM, NULL, NULL },
  { NULL, "x", PLUG_LABEL_ERROR_UNKNOWN_FILESYSTEM, NULL, NULL },
};

static void
test_label_table (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (label_cases); i++)
    {
      const LabelCase *test = &label_cases[i];
      g_autoptr(GError) error = NULL;
      g_autofree char *normalized = NULL;
      g_autofree char *escaped = g_strescape (test->label, NULL);

      g_test_message ("%s “%s”", test->filesystem, escaped);
      normalized = plug_label_rules_normalize (test->filesystem, test->label, &error);

      if (test->error_code == VALID)
        {
          g_assert_no_error (error);
          g_assert_cmpstr (normalized, ==, test->normalized);
        }
      else
        {
          g_assert_error (error, PLUG_LABEL_ERROR, test->error_code);
          g_assert_null (normalized);
          if (test->message_part != NULL)
            g_assert_nonnull (strstr (error->message, test->message_part));
        }
    }
}

static void
test_label_limits (void)
{
  struct {
    const char *filesystem;
    guint       max_bytes;
  } limits[] = {
    { "vfat", 11 }, { "exfat", 11 }, { "ntfs", 63 }, { "ext2", 16 },
    { "ext3", 16 }, { "ext4", 16 }, { "xfs", 12 }, { "btrfs", 255 },
  };

  /* ASCII at the exact limit passes, one more fails, on every type. */
  for (guint i = 0; i < G_N_ELEMENTS (limits); i++)
    {
      g_autofree char *at_limit = g_strnfill (limits[i].max_bytes, 'A');
      g_autofree char *over_limit = g_strnfill (limits[i].max_bytes + 1, 'A');
      g_autofree char *normalized = NULL;
      g_autoptr(GError) error = NULL;

      normalized = plug_label_rules_normalize (limits[i].filesystem, at_limit, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (normalized, ==, at_limit);
      g_clear_pointer (&normalized, g_free);

      normalized = plug_label_rules_normalize (limits[i].filesystem, over_limit, &error);
      g_assert_error (error, PLUG_LABEL_ERROR, PLUG_LABEL_ERROR_TOO_LONG);
      g_assert_null (normalized);
    }
}

static void
test_label_multibyte_limits (void)
{
  g_autoptr(GString) label = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *normalized = NULL;

  /* NTFS: 63 UTF-16 units, which blkid reads back, and 128 bytes. */
  for (guint i = 0; i < 63; i++)
    g_string_append (label, "é");
  normalized = plug_label_rules_normalize ("ntfs", label->str, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (normalized, ==, label->str);
  g_clear_pointer (&normalized, g_free);

  g_string_append (label, "é");
  normalized = plug_label_rules_normalize ("ntfs", label->str, &error);
  g_assert_error (error, PLUG_LABEL_ERROR, PLUG_LABEL_ERROR_TOO_LONG);
  g_assert_nonnull (strstr (error->message, "at most 63 characters; this one has 64"));
  g_clear_error (&error);

  g_string_truncate (label, 0);
  for (guint i = 0; i < 32; i++)
    g_string_append (label, "😀");
  normalized = plug_label_rules_normalize ("ntfs", label->str, &error);
  g_assert_error (error, PLUG_LABEL_ERROR, PLUG_LABEL_ERROR_TOO_LONG);
  g_assert_nonnull (strstr (error->message, "count as two; this one counts as 64"));
  g_clear_error (&error);

  g_string_truncate (label, 0);
  for (guint i = 0; i < 64; i++)
    g_string_append (label, "é");
  g_string_append_c (label, 'a');
  normalized = plug_label_rules_normalize ("ntfs", label->str, &error);
  g_assert_error (error, PLUG_LABEL_ERROR, PLUG_LABEL_ERROR_TOO_LONG);
  g_assert_nonnull (strstr (error->message, "counts as 129"));
  g_clear_error (&error);

  /* Btrfs: 85 three-byte characters are 255 bytes. */
  g_string_truncate (label, 0);
  for (guint i = 0; i < 85; i++)
    g_string_append (label, "€");
  normalized = plug_label_rules_normalize ("btrfs", label->str, &error);
  g_assert_no_error (error);
  g_clear_pointer (&normalized, g_free);
  g_string_append (label, "€");
  normalized = plug_label_rules_normalize ("btrfs", label->str, &error);
  g_assert_error (error, PLUG_LABEL_ERROR, PLUG_LABEL_ERROR_TOO_LONG);
  g_assert_null (normalized);
  g_clear_error (&error);

  /* A 65 536-character name is refused, not truncated. */
  g_string_truncate (label, 0);
  for (guint i = 0; i < 65536; i++)
    g_string_append_c (label, 'x');
  for (const char * const *filesystem = plug_label_rules_get_filesystems (); *filesystem != NULL; filesystem++)
    {
      normalized = plug_label_rules_normalize (*filesystem, label->str, &error);
      g_assert_error (error, PLUG_LABEL_ERROR, PLUG_LABEL_ERROR_TOO_LONG);
      g_assert_null (normalized);
      g_clear_error (&error);
    }
}

static void
test_filesystems (void)
{
  const char * const *filesystems = plug_label_rules_get_filesystems ();

  g_assert_cmpuint (g_strv_length ((char **) filesystems), ==, 8);
  for (guint i = 0; filesystems[i] != NULL; i++)
    g_assert_true (plug_label_rules_is_known_filesystem (filesystems[i]));
  g_assert_false (plug_label_rules_is_known_filesystem ("swap"));
  g_assert_false (plug_label_rules_is_known_filesystem (NULL));

  /* udisks 2.9.4 renames only ext2/3/4 while they are mounted. */
  g_assert_true (plug_label_rules_can_rename_mounted ("ext2"));
  g_assert_true (plug_label_rules_can_rename_mounted ("ext3"));
  g_assert_true (plug_label_rules_can_rename_mounted ("ext4"));
  g_assert_false (plug_label_rules_can_rename_mounted ("vfat"));
  g_assert_false (plug_label_rules_can_rename_mounted ("exfat"));
  g_assert_false (plug_label_rules_can_rename_mounted ("ntfs"));
  g_assert_false (plug_label_rules_can_rename_mounted ("xfs"));
  g_assert_false (plug_label_rules_can_rename_mounted ("btrfs"));
  g_assert_false (plug_label_rules_can_rename_mounted (NULL));
}

static void
test_mount_name (void)
{
  struct {
    const char *label;
    const char *uuid;
    const char *name;
  } cases[] = {
    { "PHOTOS", "1234-ABCD", "PHOTOS" },
    { "My Files", NULL, "My Files" },
    { "New/Name", NULL, "New_Name" },
    { "../../etc", NULL, ".._.._etc" },
    { "U/DISK\\S", NULL, "U_DISK\\S" },
    { "'UD\"SKS2'", NULL, "'UD\"SKS2'" },
    { "ДИСК", NULL, "ДИСК" },
    { "", "1234-ABCD", "1234-ABCD" },
    { NULL, "0b6f7c3e-7c1e-4c1a-9a57-5bb1c5d1e0aa", "0b6f7c3e-7c1e-4c1a-9a57-5bb1c5d1e0aa" },
    { "", "", "disk" },
    { NULL, NULL, "disk" },
    /* udisks 2.9.4 ensure_utf8(). */
    { "AB\xff" "CD", NULL, "AB (Invalid UTF-8 at byte 2)" },
    { "\xff/", NULL, " (Invalid UTF-8 at byte 0)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = plug_label_rules_dup_mount_name (cases[i].label, cases[i].uuid);

      g_assert_cmpstr (name, ==, cases[i].name);
    }
}

typedef struct
{
  char *root;
} MountBaseFixture;

static void
mount_base_setup (MountBaseFixture *fixture,
                  gconstpointer     data)
{
  g_autoptr(GError) error = NULL;

  fixture->root = g_dir_make_tmp ("plug-label-rules-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) directory = g_dir_open (path, 0, NULL);
  const char *name;

  if (directory != NULL)
    {
      while ((name = g_dir_read_name (directory)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          remove_tree (child);
        }
    }
  g_assert_cmpint (g_remove (path), ==, 0);
}

static void
mount_base_teardown (MountBaseFixture *fixture,
                     gconstpointer     data)
{
  remove_tree (fixture->root);
  g_free (fixture->root);
}

static void
make_directory (MountBaseFixture *fixture,
                const char       *path)
{
  g_autofree char *full_path = g_build_filename (fixture->root, path, NULL);

  g_assert_cmpint (g_mkdir_with_parents (full_path, 0755), ==, 0);
}

static void
write_utab (MountBaseFixture *fixture,
            const char       *contents)
{
  g_autofree char *path = g_build_filename (fixture->root, "run", "mount", "utab", NULL);
  g_autoptr(GError) error = NULL;

  make_directory (fixture, "run/mount");
  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
}

static void
assert_mount_base (MountBaseFixture *fixture,
                   const char       *user_name,
                   const char       *expected)
{
  g_autofree char *base = plug_label_rules_find_mount_base (fixture->root, user_name);

  g_assert_cmpstr (base, ==, expected);
}

static void
test_mount_base_nothing (MountBaseFixture *fixture,
                         gconstpointer     data)
{
  /* No trace of udisks at all: /media, right on Debian-based systems. */
  assert_mount_base (fixture, "alice", "/media/alice");
  make_directory (fixture, "media");
  assert_mount_base (fixture, "alice", "/media/alice");
}

static void
test_mount_base_directories (MountBaseFixture *fixture,
                             gconstpointer     data)
{
  /* /run/media exists only where udisks made it. */
  make_directory (fixture, "run/media");
  assert_mount_base (fixture, "alice", "/run/media/alice");

  /* The user's own folder wins over the bare base. */
  make_directory (fixture, "media/alice");
  assert_mount_base (fixture, "alice", "/media/alice");
  make_directory (fixture, "run/media/alice");
  assert_mount_base (fixture, "alice", "/run/media/alice");

  /* Another user's folder says nothing about alice. */
  assert_mount_base (fixture, "bob", "/run/media/bob");
}

static void
test_mount_base_utab (MountBaseFixture *fixture,
                      gconstpointer     data)
{
  /* A udisks mount is the strongest evidence, even against folders. */
  make_directory (fixture, "run/media/alice");
  write_utab (fixture,
              "SRC=/dev/sda1 TARGET=/boot ROOT=/ OPTS=defaults\n"
              "SRC=/dev/loop0 TARGET=/media/bob/My\\040Files ROOT=/ OPTS=uhelper=udisks2\n");
  assert_mount_base (fixture, "alice", "/media/alice");

  write_utab (fixture, "SRC=/dev/sdb1 TARGET=/run/media/bob/STICK ROOT=/ OPTS=x-gvfs,uhelper=udisks2\n");
  assert_mount_base (fixture, "alice", "/run/media/alice");

  /* Mounts not made by udisks, or shared ones directly under /media,
   * are no evidence: the folders decide. */
  write_utab (fixture,
              "SRC=/dev/sdb1 TARGET=/media/usb/STICK ROOT=/ OPTS=defaults\n"
              "SRC=/dev/sdc1 TARGET=/media/SHARED ROOT=/ OPTS=uhelper=udisks2\n"
              "garbage without fields\n\n");
  assert_mount_base (fixture, "alice", "/run/media/alice");
}

static void
test_mount_base_odd_users (MountBaseFixture *fixture,
                           gconstpointer     data)
{
  /* udisks mounts directly in /media for a user name it cannot use. */
  make_directory (fixture, "run/media");
  assert_mount_base (fixture, "a/b", "/media");
  assert_mount_base (fixture, "", "/media");
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/label-rules/table", test_label_table);
  g_test_add_func ("/label-rules/limits", test_label_limits);
  g_test_add_func ("/label-rules/multibyte-limits", test_label_multibyte_limits);
  g_test_add_func ("/label-rules/filesystems", test_filesystems);
  g_test_add_func ("/label-rules/mount-name", test_mount_name);
  g_test_add ("/label-rules/mount-base/nothing", MountBaseFixture, NULL,
              mount_base_setup, test_mount_base_nothing, mount_base_teardown);
  g_test_add ("/label-rules/mount-base/directories", MountBaseFixture, NULL,
              mount_base_setup, test_mount_base_directories, mount_base_teardown);
  g_test_add ("/label-rules/mount-base/utab", MountBaseFixture, NULL,
              mount_base_setup, test_mount_base_utab, mount_base_teardown);
  g_test_add ("/label-rules/mount-base/odd-users", MountBaseFixture, NULL,
              mount_base_setup, test_mount_base_odd_users, mount_base_teardown);

  return g_test_run ();
}
