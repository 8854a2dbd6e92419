/* test-keep-files.c: What a reformat that keeps the files checks before it
 * copies anything
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "plug-keep-files-operation.h"

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)
#define GIB (MIB * 1024)

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

static void
test_limits (void)
{
  guint64 cluster = 0;

  g_assert_cmpuint (plug_keep_files_get_max_file_size ("vfat"), ==, 4 * GIB - 1);
  g_assert_cmpuint (plug_keep_files_get_max_file_size ("exfat"), ==, G_MAXUINT64);
  g_assert_cmpuint (plug_keep_files_get_max_file_size ("ext4"), ==, G_MAXUINT64);

  g_assert_true (plug_keep_files_can_carry_links ("ext4"));
  g_assert_true (plug_keep_files_can_carry_links ("btrfs"));
  g_assert_true (plug_keep_files_can_carry_links ("xfs"));
  g_assert_false (plug_keep_files_can_carry_links ("vfat"));
  g_assert_false (plug_keep_files_can_carry_links ("exfat"));
  g_assert_false (plug_keep_files_can_carry_links ("ntfs"));
  g_assert_false (plug_keep_files_can_carry_links ("zfs"));

  /* mkfs.exfat's cluster sizes, and room left for the filesystem. */
  g_assert_cmpuint (plug_keep_files_estimate_capacity ("exfat", 128 * MIB, &cluster), <, 128 * MIB);
  g_assert_cmpuint (cluster, ==, 4096);
  plug_keep_files_estimate_capacity ("exfat", 256 * MIB, &cluster);
  g_assert_cmpuint (cluster, ==, 32 * 1024);
  plug_keep_files_estimate_capacity ("exfat", 64 * GIB, &cluster);
  g_assert_cmpuint (cluster, ==, 128 * 1024);
  plug_keep_files_estimate_capacity ("vfat", 8 * GIB, &cluster);
  g_assert_cmpuint (cluster, ==, 4096);
  plug_keep_files_estimate_capacity ("vfat", 16 * GIB, &cluster);
  g_assert_cmpuint (cluster, ==, 8 * 1024);
  plug_keep_files_estimate_capacity ("vfat", 64 * GIB, &cluster);
  g_assert_cmpuint (cluster, ==, 32 * 1024);

  /* ext4 keeps 5% for root and its tables: the user gets less than 95%. */
  g_assert_cmpuint (plug_keep_files_estimate_capacity ("ext4", 100 * GIB, NULL), <, 95 * GIB);
  g_assert_cmpuint (plug_keep_files_estimate_capacity ("ext4", 100 * GIB, NULL), >, 80 * GIB);
  g_assert_cmpuint (plug_keep_files_estimate_capacity ("exfat", 100 * GIB, NULL), >,
                    plug_keep_files_estimate_capacity ("ext4", 100 * GIB, NULL));
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/keep-files/names", test_names);
  g_test_add_func ("/keep-files/long-names", test_long_names);
  g_test_add_func ("/keep-files/limits", test_limits);

  return g_test_run ();
}
