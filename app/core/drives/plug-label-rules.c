/* plug-label-rules.c: What a volume may be named, and where it will mount
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "plug-filesystem-type.h"
#include "plug-label-rules.h"

/*
 * A name that udisks would refuse, or worse, that a tool behind it would
 * silently cut short, must be caught before anything is sent: the Drives
 * panel checks it as the user types, and plugboardctl before any daemon
 * call. The rules are those of the baseline stack (udisks 2.9.4, which
 * runs e2label, fatlabel, exfatlabel, ntfslabel, xfs_admin and btrfs for
 * SetLabel, without libblockdev's label checks), combined with the checks
 * that newer udisks makes through libblockdev's bd_fs_*_check_label(), so that a
 * name accepted here is accepted by either. Where they differ, the
 * stricter rule is kept, and the comments below say which is which.
 *
 * What was measured on Debian 12 (dosfstools 4.2, exfatprogs 1.2.0,
 * e2fsprogs 1.47, ntfs-3g 2022.10.3, xfsprogs 6.1):
 *
 * - fatlabel refuses every byte above 0x7F ("characters below 0x20"; it
 *   compares a signed char), so FAT names are printable ASCII only; it
 *   refuses *?.,;:/\|+=<>[]" and a leading space, drops trailing spaces,
 *   and udisks upper-cases ASCII letters first (g_ascii_strup).
 * - e2label and xfs_admin cut a long name short and still succeed.
 * - ntfslabel cuts at 128 UTF-16 units, even inside a surrogate pair.
 * - exfatlabel refuses more than 11 UTF-16 units.
 */

G_DEFINE_QUARK (plug-label-error-quark, plug_label_error)

static const PlugLabelLimits *
find_rule (const char *filesystem)
{
  return plug_filesystem_type_get_label_limits (filesystem);
}

/**
 * plug_label_rules_get_filesystems:
 *
 * Returns: (transfer none): the filesystem types, as udisks names them,
 *   whose naming rules Plugboard knows
 */
const char * const *
plug_label_rules_get_filesystems (void)
{
  return plug_filesystem_type_get_label_filesystems ();
}

gboolean
plug_label_rules_is_known_filesystem (const char *filesystem)
{
  return find_rule (filesystem) != NULL;
}

/**
 * plug_label_rules_can_rename_mounted:
 *
 * Returns: whether udisks renames a volume of this type while it is
 *   mounted; others must be unmounted first
 */
gboolean
plug_label_rules_can_rename_mounted (const char *filesystem)
{
  const PlugLabelLimits *rule = find_rule (filesystem);

  return rule != NULL && rule->rename_mounted;
}

static guint
count_utf16_units (const char *label)
{
  guint units = 0;

  for (const char *p = label; *p != '\0'; p = g_utf8_next_char (p))
    units += g_utf8_get_char (p) > 0xFFFF ? 2 : 1;

  return units;
}

/* Characters that make a name lie about itself where it is shown: the
 * bidirectional overrides and isolates (a name ending in "\u202Egnp.exe"
 * reads as "exe.png"). */
static gboolean
is_direction_control (gunichar character)
{
  return (character >= 0x202A && character <= 0x202E) ||
         (character >= 0x2066 && character <= 0x2069) ||
         character == 0x200E || character == 0x200F;
}

static gboolean
set_forbidden_character_error (const PlugLabelLimits  *rule,
                               const char             *position,
                               GError                **error)
{
  char character[8] = { 0 };

  g_utf8_strncpy (character, position, 1);
  g_set_error (error, PLUG_LABEL_ERROR, PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER,
               /* Translators: the first %s is a filesystem such as FAT,
                * the second one character, such as : */
               _("%s names cannot contain “%s”"),
               rule->display_name, character);

  return FALSE;
}

static gboolean
check_fat (const PlugLabelLimits  *rule,
           const char             *label,
           GError                **error)
{
  gboolean only_spaces = TRUE;

  if (label[0] == ' ')
    {
      g_set_error (error, PLUG_LABEL_ERROR, PLUG_LABEL_ERROR_SPACES,
                   _("FAT names cannot start with a space"));
      return FALSE;
    }

  for (const char *p = label; *p != '\0'; p = g_utf8_next_char (p))
    {
      if ((guchar) *p >= 0x80)
        {
          char character[8] = { 0 };

          g_utf8_strncpy (character, p, 1);
          g_set_error (error, PLUG_LABEL_ERROR, PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER,
                       /* Translators: %s is one character, such as é */
                       _("FAT names can only use English letters, digits, spaces "
                         "and ! # $ %% & ' ( ) - @ ^ _ ` { } ~, not “%s”"),
                       character);
          return FALSE;
        }
      if (strchr (rule->forbidden, *p) != NULL)
        return set_forbidden_character_error (rule, p, error);
      if (*p != ' ')
        only_spaces = FALSE;
    }

  /* Unreachable with the leading-space rule, but it is fatlabel's own
   * rule, and kept should that one ever go. */
  if (label[0] != '\0' && only_spaces)
    {
      g_set_error (error, PLUG_LABEL_ERROR, PLUG_LABEL_ERROR_SPACES,
                   _("FAT names cannot be only spaces"));
      return FALSE;
    }

  return TRUE;
}

static gboolean
check_length (const PlugLabelLimits  *rule,
              const char             *label,
              GError                **error)
{
  guint characters = g_utf8_strlen (label, -1);
  guint length;

  if (rule->unit == PLUG_LABEL_UNIT_UTF16)
    length = count_utf16_units (label);
  else
    length = strlen (label);

  if (length <= rule->max_length)
    return TRUE;

  if (length == characters)
    g_set_error (error, PLUG_LABEL_ERROR, PLUG_LABEL_ERROR_TOO_LONG,
                 /* Translators: a filesystem such as FAT, then two numbers */
                 g_dngettext (GETTEXT_PACKAGE,
                              "%s names can be at most %u characters; this one has %u",
                              "%s names can be at most %u characters; this one has %u",
                              length),
                 rule->display_name, rule->max_length, length);
  else if (rule->unit == PLUG_LABEL_UNIT_UTF16)
    g_set_error (error, PLUG_LABEL_ERROR, PLUG_LABEL_ERROR_TOO_LONG,
                 g_dngettext (GETTEXT_PACKAGE,
                              "%s names can be at most %u characters, and emoji and some "
                              "rare characters count as two; this one counts as %u",
                              "%s names can be at most %u characters, and emoji and some "
                              "rare characters count as two; this one counts as %u",
                              length),
                 rule->display_name, rule->max_length, length);
  else
    g_set_error (error, PLUG_LABEL_ERROR, PLUG_LABEL_ERROR_TOO_LONG,
                 g_dngettext (GETTEXT_PACKAGE,
                              "%s names can be at most %u characters, and accented letters "
                              "and other non-English characters count as two or more; "
                              "this one counts as %u",
                              "%s names can be at most %u characters, and accented letters "
                              "and other non-English characters count as two or more; "
                              "this one counts as %u",
                              length),
                 rule->display_name, rule->max_length, length);

  return FALSE;
}

/**
 * plug_label_rules_normalize:
 * @filesystem: the filesystem type, as udisks names it ("vfat", "ext4", …)
 * @label: the name the user asked for; empty to remove the name
 * @error: a #PLUG_LABEL_ERROR saying, for people, why @label is refused
 *
 * Checks @label against @filesystem's rules without asking anyone.
 *
 * Returns: (transfer full) (nullable): the name as the volume will then
 *   report it (a FAT name upper-cased, without trailing spaces), or %NULL
 *   when @label is refused
 */
char *
plug_label_rules_normalize (const char  *filesystem,
                            const char  *label,
                            GError     **error)
{
  const PlugLabelLimits *rule;
  const char *end;
  g_autofree char *normalized = NULL;

  g_return_val_if_fail (label != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  rule = find_rule (filesystem);
  if (rule == NULL)
    {
      g_set_error (error, PLUG_LABEL_ERROR, PLUG_LABEL_ERROR_UNKNOWN_FILESYSTEM,
                   /* Translators: %s is a filesystem type, such as swap */
                   _("Plugboard cannot name a “%s” volume"),
                   filesystem != NULL ? filesystem : "");
      return NULL;
    }

  /* D-Bus strings must be UTF-8: a name that is not would be refused by
   * the bus, not by udisks, with a message nobody could act on. */
  if (!g_utf8_validate (label, -1, &end))
    {
      g_set_error (error, PLUG_LABEL_ERROR, PLUG_LABEL_ERROR_INVALID_TEXT,
                   _("The name is not valid text (invalid UTF-8 at byte %u)"),
                   (guint) (end - label));
      return NULL;
    }

  /* No filesystem needs them, btrfs and libblockdev refuse a newline, and
   * they would end up in folder names and in dialogs. */
  for (const char *p = label; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar character = g_utf8_get_char (p);

      if (g_unichar_iscntrl (character))
        {
          g_set_error (error, PLUG_LABEL_ERROR, PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER,
                       _("Names cannot contain line breaks, tabs or other control characters"));
          return NULL;
        }
      if (is_direction_control (character))
        {
          g_set_error (error, PLUG_LABEL_ERROR, PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER,
                       _("Names cannot contain invisible characters that change the direction of text"));
          return NULL;
        }
    }

  if (g_str_equal (rule->filesystem, "vfat"))
    {
      if (!check_fat (rule, label, error))
        return NULL;
    }
  else if (g_str_equal (rule->filesystem, "xfs") && strchr (label, ' ') != NULL)
    {
      g_set_error (error, PLUG_LABEL_ERROR, PLUG_LABEL_ERROR_SPACES,
                   _("XFS names cannot contain spaces"));
      return NULL;
    }
  else if (g_str_equal (rule->filesystem, "xfs") && strchr (label, '\'') != NULL)
    {
      /* xfs_admin (xfsprogs 6.1), which udisks runs as root for SetLabel,
       * puts the name between single quotes and passes it to eval: a
       * quote ends the quoting, and the rest is run as shell code. */
      set_forbidden_character_error (rule, strchr (label, '\''), error);
      return NULL;
    }

  /* udisks 2.9.4 runs fatlabel, exfatlabel and ntfslabel with the name
   * after the device and no “--”, so they read a name that starts with
   * “-” as an option; ntfslabel then prints its help and succeeds,
   * having renamed nothing. */
  if (label[0] == '-' &&
      (g_str_equal (rule->filesystem, "vfat") || g_str_equal (rule->filesystem, "exfat") ||
       g_str_equal (rule->filesystem, "ntfs")))
    {
      g_set_error (error, PLUG_LABEL_ERROR, PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER,
                   /* Translators: %s is a filesystem such as FAT */
                   _("%s names cannot start with “-”"),
                   rule->display_name);
      return NULL;
    }

  if (!check_length (rule, label, error))
    return NULL;

  /* NTFS: what blkid reads back is shorter than what can be written. */
  if (rule->readable_units > 0)
    {
      PlugLabelLimits read_back_rule = *rule;

      read_back_rule.max_length = rule->readable_units;
      read_back_rule.unit = PLUG_LABEL_UNIT_UTF16;
      if (!check_length (&read_back_rule, label, error))
        return NULL;
    }

  if (g_str_equal (rule->filesystem, "vfat"))
    normalized = g_ascii_strup (label, -1);
  else
    normalized = g_strdup (label);

  /* blkid, and so udev and udisks, drops the spaces at the end of every
   * name: without them here, the name read back is the name given. */
  g_strchomp (normalized);
  if (*normalized == '\0' && *label != '\0')
    {
      g_set_error (error, PLUG_LABEL_ERROR, PLUG_LABEL_ERROR_SPACES,
                   _("Names cannot be only spaces"));
      return NULL;
    }

  return g_steal_pointer (&normalized);
}

/* udisks 2.9.4 ensure_utf8(): what it does to a name that is not UTF-8. */
static char *
ensure_utf8 (const char *text)
{
  const char *end;
  g_autofree char *valid_part = NULL;

  if (g_utf8_validate (text, -1, &end))
    return g_strdup (text);

  valid_part = g_strndup (text, end - text);

  return g_strdup_printf ("%s (Invalid UTF-8 at byte %d)", valid_part, (int) (end - text));
}

/**
 * plug_label_rules_dup_mount_name:
 * @label: (nullable): the volume's name, as udisks reports it
 * @uuid: (nullable): the volume's UUID
 *
 * Predicts the folder udisks mounts the volume at, under the mount base:
 * udisks 2.9.4 calculate_mount_point() takes the label, else the UUID,
 * else "disk", and replaces only "/" (newer udisks also replaces
 * non-printable characters, quotes and backslashes). When that folder
 * already exists udisks appends 1, 2, … which depends on the moment of
 * mounting and is not predicted here.
 *
 * Returns: (transfer full): the folder's name
 */
char *
plug_label_rules_dup_mount_name (const char *label,
                                 const char *uuid)
{
  g_autofree char *name = NULL;

  if (label != NULL && *label != '\0')
    name = ensure_utf8 (label);
  else if (uuid != NULL && *uuid != '\0')
    name = ensure_utf8 (uuid);
  else
    return g_strdup ("disk");

  g_strdelimit (name, "/", '_');

  return g_steal_pointer (&name);
}

static char *
read_file_under (const char *root_directory,
                 const char *path)
{
  g_autofree char *full_path = g_build_filename (root_directory, path, NULL);
  char *contents = NULL;

  if (!g_file_get_contents (full_path, &contents, NULL, NULL))
    return NULL;

  return contents;
}

static gboolean
directory_exists_under (const char *root_directory,
                        const char *path)
{
  g_autofree char *full_path = g_build_filename (root_directory, path, NULL);

  return g_file_test (full_path, G_FILE_TEST_IS_DIR);
}

/* The base udisks was built with, from a filesystem it mounted: libmount
 * records "OPTS=uhelper=udisks2" and the escaped TARGET in utab. udisks
 * mounts at BASE/USER/NAME, so a target three levels under /media means
 * /media; one directly under /media is a shared mount, no evidence. */
static const char *
mount_base_from_utab (const char *utab)
{
  g_auto(GStrv) lines = g_strsplit (utab, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], " ", -1);
      g_autofree char *target = NULL;
      gboolean by_udisks = FALSE;

      for (guint j = 0; fields[j] != NULL; j++)
        {
          if (g_str_has_prefix (fields[j], "TARGET="))
            {
              g_free (target);
              target = g_strcompress (fields[j] + strlen ("TARGET="));
            }
          else if (g_str_has_prefix (fields[j], "OPTS="))
            {
              g_auto(GStrv) options = g_strsplit (fields[j] + strlen ("OPTS="), ",", -1);

              by_udisks = g_strv_contains ((const char * const *) options, "uhelper=udisks2");
            }
        }

      if (!by_udisks || target == NULL)
        continue;

      if (g_str_has_prefix (target, "/run/media/"))
        return "/run/media";

      if (g_str_has_prefix (target, "/media/"))
        {
          const char *user_and_name = target + strlen ("/media/");
          const char *slash = strchr (user_and_name, '/');

          if (slash != NULL && slash > user_and_name && slash[1] != '\0')
            return "/media";
        }
    }

  return NULL;
}

/**
 * plug_label_rules_find_mount_base:
 * @root_directory: "/", or a directory standing in for it in tests
 * @user_name: who will mount the volume
 *
 * Finds the folder udisks mounts @user_name's volumes in. udisks decides
 * that when it is built (/run/media upstream, /media on Debian and
 * Ubuntu) and publishes it nowhere, so this looks for its traces, most
 * certain first: a filesystem udisks has mounted (libmount's utab), then
 * the folder udisks created for @user_name, then /run/media, which only
 * udisks creates. With no trace at all it says /media, which every
 * FHS system has, and is right on Debian-based systems.
 *
 * Reads one small file and a few directory entries on /run (tmpfs).
 *
 * Returns: (transfer full): the folder, such as /media/alice
 */
char *
plug_label_rules_find_mount_base (const char *root_directory,
                                  const char *user_name)
{
  g_autofree char *utab = NULL;
  g_autofree char *run_media_user = NULL;
  g_autofree char *media_user = NULL;
  const char *base = NULL;

  g_return_val_if_fail (root_directory != NULL, NULL);
  g_return_val_if_fail (user_name != NULL, NULL);

  /* udisks falls back to /media itself for a user name it cannot use. */
  if (*user_name == '\0' || strchr (user_name, '/') != NULL)
    return g_strdup ("/media");

  utab = read_file_under (root_directory, "run/mount/utab");
  if (utab != NULL)
    base = mount_base_from_utab (utab);

  run_media_user = g_build_filename ("run", "media", user_name, NULL);
  media_user = g_build_filename ("media", user_name, NULL);

  if (base == NULL && directory_exists_under (root_directory, run_media_user))
    base = "/run/media";
  if (base == NULL && directory_exists_under (root_directory, media_user))
    base = "/media";
  if (base == NULL && directory_exists_under (root_directory, "run/media"))
    base = "/run/media";
  if (base == NULL)
    base = "/media";

  return g_build_filename (base, user_name, NULL);
}
