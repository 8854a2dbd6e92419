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

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/keep-files/names", test_names);
  g_test_add_func ("/keep-files/long-names", test_long_names);

  return g_test_run ();
}
