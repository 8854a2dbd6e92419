/* fuzz-label-rules.c: Any bytes as a volume name, for each filesystem
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "plug-fuzz.h"
#include "plug-label-rules.h"

/*
 * A name is typed by the user or read from a volume someone else made
 * (bad-input items 1–14, tests/RELIABILITY.md). The first byte picks
 * the filesystem, from the types the rules know plus one they do not; the
 * rest is the name.
 * Whatever it is, the rules must refuse it with a reason or accept it in
 * a form that the filesystem can hold, and that they accept again
 * unchanged.
 */

typedef struct
{
  const char *filesystem;
  guint       max_length;
  gboolean    utf16_units;
} Limit;

/* The limits as the filesystems and their label tools define them,
 * written out here rather than read from the rules being tested. */
static const Limit limits[] = {
  { "vfat", 11, FALSE },
  { "exfat", 11, TRUE },
  { "ntfs", 128, FALSE },
  { "ext2", 16, FALSE },
  { "ext3", 16, FALSE },
  { "ext4", 16, FALSE },
  { "xfs", 12, FALSE },
  { "btrfs", 255, FALSE },
};

static const Limit *
find_limit (const char *filesystem)
{
  for (guint i = 0; i < G_N_ELEMENTS (limits); i++)
    {
      if (g_str_equal (limits[i].filesystem, filesystem))
        return &limits[i];
    }

  /* The rules know a filesystem whose limit is not written out above. */
  g_error ("No limit known for %s names", filesystem);
}

static guint
count_length (const Limit *limit,
              const char  *label)
{
  g_autofree gunichar2 *utf16 = NULL;
  glong units = 0;

  if (!limit->utf16_units)
    return strlen (label);

  utf16 = g_utf8_to_utf16 (label, -1, NULL, &units, NULL);
  g_assert_nonnull (utf16);

  return units;
}

static void
check_mount_name (const char *label,
                  const char *uuid)
{
  g_autofree char *mount_name = plug_label_rules_dup_mount_name (label, uuid);

  /* One folder, whose name can be shown and sent over D-Bus. */
  g_assert_nonnull (mount_name);
  g_assert_cmpstr (mount_name, !=, "");
  g_assert_null (strchr (mount_name, '/'));
  g_assert_true (g_utf8_validate (mount_name, -1, NULL));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  const char * const *filesystems = plug_label_rules_get_filesystems ();
  guint n_filesystems = g_strv_length ((char **) filesystems);
  const char *filesystem;
  const Limit *limit;
  g_autofree char *label = NULL;
  g_autofree char *normalized = NULL;
  g_autofree char *normalized_again = NULL;
  g_autoptr(GError) error = NULL;

  plug_fuzz_init_once ();

  if (size == 0)
    return 0;

  /* One past the known types stands for a type without rules. */
  if (data[0] % (n_filesystems + 1) < n_filesystems)
    filesystem = filesystems[data[0] % (n_filesystems + 1)];
  else
    filesystem = "swap";

  /* A name is a C string: what follows a NUL byte is not part of it. */
  label = g_strndup ((const char *) data + 1, size - 1);

  normalized = plug_label_rules_normalize (filesystem, label, &error);

  /* The Drives panel and plugboardctl show this as they get it. */
  check_mount_name (label, NULL);
  check_mount_name (NULL, label);

  if (!plug_label_rules_is_known_filesystem (filesystem))
    {
      g_assert_null (normalized);
      g_assert_error (error, PLUG_LABEL_ERROR, PLUG_LABEL_ERROR_UNKNOWN_FILESYSTEM);
      return 0;
    }

  limit = find_limit (filesystem);

  if (normalized == NULL)
    {
      g_assert_nonnull (error);
      g_assert_true (error->domain == PLUG_LABEL_ERROR);
      g_assert_cmpint (error->code, !=, PLUG_LABEL_ERROR_UNKNOWN_FILESYSTEM);
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }
  g_assert_no_error (error);

  /* Accepted: what the volume will hold is text it has room for. */
  g_assert_true (g_utf8_validate (label, -1, NULL));
  g_assert_true (g_utf8_validate (normalized, -1, NULL));
  g_assert_cmpuint (count_length (limit, normalized), <=, limit->max_length);
  g_assert_cmpuint (strlen (normalized), <=, strlen (label));

  /* Normalizing is idempotent: the name a volume reports passes the
   * same rules unchanged, or a rename to its own name would fail. */
  normalized_again = plug_label_rules_normalize (filesystem, normalized, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (normalized_again, ==, normalized);

  if (*normalized != '\0')
    check_mount_name (normalized, NULL);

  return 0;
}
