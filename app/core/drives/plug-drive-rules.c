/* plug-drive-rules.c: What Plugboard shows of a drive, and what it may change
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "plug-drive-rules.h"

/*
 * The rules here decide from plain facts, never from udisks objects, so
 * that the unit tests can walk every case without a daemon. PlugDrive
 * gathers the facts; the drive list, plugboardctl and the panel all ask
 * these functions, so that "which drives may be reformatted" can never
 * mean two different things.
 */

G_DEFINE_ENUM_TYPE (PlugDriveConnection, plug_drive_connection,
                    G_DEFINE_ENUM_VALUE (PLUG_DRIVE_CONNECTION_OTHER, "other"),
                    G_DEFINE_ENUM_VALUE (PLUG_DRIVE_CONNECTION_USB, "usb"),
                    G_DEFINE_ENUM_VALUE (PLUG_DRIVE_CONNECTION_SDCARD, "sdcard"),
                    G_DEFINE_ENUM_VALUE (PLUG_DRIVE_CONNECTION_DISK_IMAGE, "disk-image"))

G_DEFINE_ENUM_TYPE (PlugDriveRestriction, plug_drive_restriction,
                    G_DEFINE_ENUM_VALUE (PLUG_DRIVE_RESTRICTION_NONE, "none"),
                    G_DEFINE_ENUM_VALUE (PLUG_DRIVE_RESTRICTION_HOLDS_SYSTEM, "holds-system"),
                    G_DEFINE_ENUM_VALUE (PLUG_DRIVE_RESTRICTION_SYSTEM_DRIVE, "system-drive"),
                    G_DEFINE_ENUM_VALUE (PLUG_DRIVE_RESTRICTION_SYSTEM_IMAGE, "system-image"),
                    G_DEFINE_ENUM_VALUE (PLUG_DRIVE_RESTRICTION_OTHER_USER_IMAGE, "other-user-image"),
                    G_DEFINE_ENUM_VALUE (PLUG_DRIVE_RESTRICTION_IGNORED, "ignored"),
                    G_DEFINE_ENUM_VALUE (PLUG_DRIVE_RESTRICTION_SYSTEM_STORAGE, "system-storage"),
                    G_DEFINE_ENUM_VALUE (PLUG_DRIVE_RESTRICTION_OTHER_USER_MOUNT, "other-user-mount"))

/* The ids are part of plugboardctl's JSON output: a contract with scripts. */
static const struct
{
  const char *id;
  const char *display_name;
} connections[] = {
  [PLUG_DRIVE_CONNECTION_OTHER] = { "other", N_("Other") },
  [PLUG_DRIVE_CONNECTION_USB] = { "usb", N_("USB") },
  [PLUG_DRIVE_CONNECTION_SDCARD] = { "sdcard", N_("SD Card") },
  [PLUG_DRIVE_CONNECTION_DISK_IMAGE] = { "disk-image", N_("Disk Image") },
};

static const struct
{
  const char *id;
  const char *reason;
} restrictions[] = {
  [PLUG_DRIVE_RESTRICTION_NONE] = { "none", NULL },
  [PLUG_DRIVE_RESTRICTION_HOLDS_SYSTEM] = {
    "holds-system", N_("This drive holds the running system"),
  },
  [PLUG_DRIVE_RESTRICTION_SYSTEM_DRIVE] = {
    "system-drive", N_("The system marks this drive as one of its own"),
  },
  [PLUG_DRIVE_RESTRICTION_SYSTEM_IMAGE] = {
    "system-image", N_("This disk image was attached by the system, not by you"),
  },
  [PLUG_DRIVE_RESTRICTION_OTHER_USER_IMAGE] = {
    "other-user-image", N_("This disk image was attached by another user"),
  },
  [PLUG_DRIVE_RESTRICTION_IGNORED] = {
    "ignored", N_("The system asks applications to leave part of this drive alone"),
  },
  [PLUG_DRIVE_RESTRICTION_SYSTEM_STORAGE] = {
    "system-storage", N_("The system uses part of this drive: as swap space, inside a RAID array, "
                         "LVM or another device built on it, or as an entry of /etc/fstab"),
  },
  [PLUG_DRIVE_RESTRICTION_OTHER_USER_MOUNT] = {
    "other-user-mount", N_("Another user has part of this drive mounted: they must unmount it first"),
  },
};

/* Where the running system lives. A drive mounted at one of these is the
 * system disk, whatever udisks hints say: a laptop's eMMC is not marked as
 * a system device by udisks, and a system can boot from a USB drive. */
static const char * const system_mount_points[] = {
  "/", "/boot", "/boot/efi", "/efi", "/home", "/usr", "/var",
};

const char *
plug_drive_connection_get_id (PlugDriveConnection connection)
{
  g_return_val_if_fail ((guint) connection < G_N_ELEMENTS (connections), NULL);

  return connections[connection].id;
}

const char *
plug_drive_connection_get_display_name (PlugDriveConnection connection)
{
  g_return_val_if_fail ((guint) connection < G_N_ELEMENTS (connections), NULL);

  return _(connections[connection].display_name);
}

/**
 * plug_drive_connection_classify:
 * @is_disk_image: whether the drive is a loop device
 * @connection_bus: (nullable): udisks Drive.ConnectionBus
 * @media: (nullable): udisks Drive.Media, the kind of medium inserted
 * @device: (nullable): the whole device, such as /dev/mmcblk0
 *
 * A memory card in a USB card reader is a memory card to its owner, so the
 * medium counts before the bus.
 */
PlugDriveConnection
plug_drive_connection_classify (gboolean    is_disk_image,
                                const char *connection_bus,
                                const char *media,
                                const char *device)
{
  if (is_disk_image)
    return PLUG_DRIVE_CONNECTION_DISK_IMAGE;

  if (media != NULL &&
      (g_str_has_prefix (media, "flash_sd") || g_str_equal (media, "flash_mmc")))
    return PLUG_DRIVE_CONNECTION_SDCARD;

  if (g_strcmp0 (connection_bus, "sdio") == 0 ||
      (device != NULL && g_str_has_prefix (device, "/dev/mmcblk")))
    return PLUG_DRIVE_CONNECTION_SDCARD;

  if (g_strcmp0 (connection_bus, "usb") == 0)
    return PLUG_DRIVE_CONNECTION_USB;

  return PLUG_DRIVE_CONNECTION_OTHER;
}

const char *
plug_drive_restriction_get_id (PlugDriveRestriction restriction)
{
  g_return_val_if_fail ((guint) restriction < G_N_ELEMENTS (restrictions), NULL);

  return restrictions[restriction].id;
}

/**
 * plug_drive_restriction_get_reason:
 *
 * Returns: (nullable): why a drive may not be changed, in a sentence
 *   without a full stop, or %NULL for %PLUG_DRIVE_RESTRICTION_NONE
 */
const char *
plug_drive_restriction_get_reason (PlugDriveRestriction restriction)
{
  g_return_val_if_fail ((guint) restriction < G_N_ELEMENTS (restrictions), NULL);

  if (restrictions[restriction].reason == NULL)
    return NULL;

  return _(restrictions[restriction].reason);
}

gboolean
plug_drive_rules_is_system_mount_point (const char *mount_point)
{
  if (mount_point == NULL)
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (system_mount_points); i++)
    {
      if (g_str_equal (mount_point, system_mount_points[i]))
        return TRUE;
    }

  return FALSE;
}

/**
 * plug_drive_rules_block_has_holders:
 * @sysfs_block_dir: a block device's folder in sysfs, such as
 *   /sys/class/block/sdb1
 *
 * Whether another device is built on this one: an MD array of which it
 * is a member, an LVM logical volume on it as a physical volume, a
 * dm-crypt or other mapped device. The kernel lists them in holders/;
 * what they hold (a root filesystem, a volume group of the system) is
 * theirs to say, and the drive is the system's either way. Reads sysfs,
 * which is in memory.
 */
gboolean
plug_drive_rules_block_has_holders (const char *sysfs_block_dir)
{
  g_autofree char *holders_path = NULL;
  g_autoptr(GDir) holders = NULL;

  g_return_val_if_fail (sysfs_block_dir != NULL, FALSE);

  holders_path = g_build_filename (sysfs_block_dir, "holders", NULL);
  holders = g_dir_open (holders_path, 0, NULL);

  return holders != NULL && g_dir_read_name (holders) != NULL;
}

/**
 * plug_drive_rules_dup_mount_owner:
 * @mount_point: where a volume is mounted
 *
 * Whose folder udisks mounted a volume in: /media/USER/… (Debian's
 * udisks) or /run/media/USER/… (others).
 *
 * Returns: (transfer full) (nullable): the user's login name, or %NULL
 *   for a mount point elsewhere
 */
char *
plug_drive_rules_dup_mount_owner (const char *mount_point)
{
  const char *rest = NULL;
  const char *slash;

  if (mount_point == NULL)
    return NULL;
  if (g_str_has_prefix (mount_point, "/media/"))
    rest = mount_point + strlen ("/media/");
  else if (g_str_has_prefix (mount_point, "/run/media/"))
    rest = mount_point + strlen ("/run/media/");
  if (rest == NULL)
    return NULL;

  slash = strchr (rest, '/');
  if (slash == NULL || slash == rest)
    return NULL;

  return g_strndup (rest, slash - rest);
}

/**
 * plug_drive_rules_is_external:
 *
 * Whether a real drive is one a person plugs in: removable, or on a bus
 * for external devices. These are the buses for which udisks itself clears
 * HintSystem, decided here from the facts so that an administrator's
 * UDISKS_SYSTEM=1 on a USB disk still lists it (and protects it).
 */
gboolean
plug_drive_rules_is_external (const PlugDriveFacts *facts)
{
  g_return_val_if_fail (facts != NULL, FALSE);

  if (facts->is_disk_image)
    return FALSE;

  if (facts->removable)
    return TRUE;

  if (g_strcmp0 (facts->connection_bus, "usb") == 0 ||
      g_strcmp0 (facts->connection_bus, "ieee1394") == 0 ||
      g_strcmp0 (facts->connection_bus, "sdio") == 0)
    return TRUE;

  return facts->device != NULL &&
         (g_str_has_prefix (facts->device, "/dev/mmcblk") ||
          g_str_has_prefix (facts->device, "/dev/mspblk"));
}

/**
 * plug_drive_rules_check:
 * @facts: what udisks says about the drive
 * @uid: the user Plugboard runs as
 *
 * Decides whether a drive may be offered for destructive actions.
 *
 * udisks sets HintSystem on every loop device, including those a user
 * attached, so for disk images who attached them decides instead. One
 * attached by root (losetup, snap packages, installers) counts as part of
 * the system even when Plugboard itself runs as root.
 */
PlugDriveRestriction
plug_drive_rules_check (const PlugDriveFacts *facts,
                        uid_t                 uid)
{
  g_return_val_if_fail (facts != NULL, PLUG_DRIVE_RESTRICTION_HOLDS_SYSTEM);

  if (facts->holds_system)
    return PLUG_DRIVE_RESTRICTION_HOLDS_SYSTEM;
  if (facts->system_storage)
    return PLUG_DRIVE_RESTRICTION_SYSTEM_STORAGE;

  if (facts->is_disk_image)
    {
      if (facts->setup_by_uid == 0)
        return PLUG_DRIVE_RESTRICTION_SYSTEM_IMAGE;
      if (facts->setup_by_uid != uid)
        return PLUG_DRIVE_RESTRICTION_OTHER_USER_IMAGE;
    }
  else if (facts->any_hint_system)
    {
      return PLUG_DRIVE_RESTRICTION_SYSTEM_DRIVE;
    }

  if (facts->other_user_mount != NULL)
    return PLUG_DRIVE_RESTRICTION_OTHER_USER_MOUNT;

  if (facts->any_hint_ignore)
    return PLUG_DRIVE_RESTRICTION_IGNORED;

  return PLUG_DRIVE_RESTRICTION_NONE;
}

/**
 * plug_drive_rules_is_listed:
 *
 * Whether the drive list shows a drive at all: external drives and the
 * disk images this user attached, never the system disk. A drive that is
 * listed may still be restricted (see plug_drive_rules_check()).
 */
gboolean
plug_drive_rules_is_listed (const PlugDriveFacts *facts,
                            uid_t                 uid)
{
  g_return_val_if_fail (facts != NULL, FALSE);

  if (facts->holds_system)
    return FALSE;

  if (facts->is_disk_image)
    return uid != 0 && facts->setup_by_uid == uid;

  return plug_drive_rules_is_external (facts) && !facts->whole_hint_ignore;
}

static char *
dup_stripped (const char *text)
{
  return g_strstrip (g_strdup (text != NULL ? text : ""));
}

/* Whether @text starts with @prefix as a whole word, ignoring case. */
static gboolean
has_word_prefix (const char *text,
                 const char *prefix)
{
  size_t length = strlen (prefix);

  return g_ascii_strncasecmp (text, prefix, length) == 0 &&
         (text[length] == '\0' || g_ascii_isspace (text[length]));
}

/**
 * plug_drive_rules_dup_drive_name:
 *
 * The name people know a drive by: vendor and model, without saying the
 * vendor twice when the model already starts with it (as many do), or the
 * size when the drive tells neither.
 */
char *
plug_drive_rules_dup_drive_name (const char *vendor,
                                 const char *model,
                                 guint64     size)
{
  g_autofree char *stripped_vendor = dup_stripped (vendor);
  g_autofree char *stripped_model = dup_stripped (model);

  if (*stripped_vendor == '\0' && *stripped_model == '\0')
    {
      g_autofree char *size_text = NULL;

      if (size == 0)
        return g_strdup (_("Drive"));

      size_text = g_format_size (size);
      /* Translators: %s is a size, such as 16.0 GB */
      return g_strdup_printf (_("%s Drive"), size_text);
    }

  if (*stripped_vendor == '\0' || has_word_prefix (stripped_model, stripped_vendor))
    return g_steal_pointer (&stripped_model);

  if (*stripped_model == '\0')
    return g_steal_pointer (&stripped_vendor);

  return g_strdup_printf ("%s %s", stripped_vendor, stripped_model);
}

/* The name of a disk image is its file's name, which the user chose. */
char *
plug_drive_rules_dup_image_name (const char *backing_file)
{
  if (backing_file == NULL || *backing_file == '\0')
    return g_strdup (_("Disk Image"));

  return g_path_get_basename (backing_file);
}

/**
 * plug_drive_rules_dup_filesystem_name:
 * @filesystem: (nullable): the type udisks reports in Block.IdType
 * @version: (nullable): Block.IdVersion, which tells FAT32 from FAT16
 *
 * Returns: (nullable): the name people use for the filesystem, or %NULL
 *   when the block carries no known filesystem
 */
char *
plug_drive_rules_dup_filesystem_name (const char *filesystem,
                                      const char *version)
{
  static const struct
  {
    const char *type;
    const char *name;
  } names[] = {
    { "exfat", "exFAT" },
    { "ntfs", "NTFS" },
    { "btrfs", "Btrfs" },
    { "xfs", "XFS" },
    { "f2fs", "F2FS" },
    { "udf", "UDF" },
    { "iso9660", "ISO 9660" },
    { "hfsplus", "HFS+" },
    { "apfs", "APFS" },
  };

  if (filesystem == NULL || *filesystem == '\0')
    return NULL;

  if (g_str_equal (filesystem, "vfat"))
    {
      if (version != NULL && g_str_has_prefix (version, "FAT"))
        return g_strdup (version);
      return g_strdup ("FAT");
    }

  if (g_str_equal (filesystem, "crypto_LUKS"))
    return g_strdup (_("Encrypted (LUKS)"));

  if (g_str_equal (filesystem, "swap"))
    return g_strdup (_("Swap"));

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      if (g_str_equal (filesystem, names[i].type))
        return g_strdup (names[i].name);
    }

  /* ext2, ext3 and ext4 are written as udisks writes them; so is anything
   * rarer, which is better shown as it is than not at all. */
  return g_strdup (filesystem);
}

/* The label is what the volume mounts as; without one, its size tells
 * volumes apart, as in Files. */
char *
plug_drive_rules_dup_volume_name (const char *label,
                                  guint64     size)
{
  g_autofree char *stripped_label = dup_stripped (label);
  g_autofree char *size_text = NULL;

  if (*stripped_label != '\0')
    return g_steal_pointer (&stripped_label);

  if (size == 0)
    return g_strdup (_("Volume"));

  size_text = g_format_size (size);
  /* Translators: %s is a size, such as 16.0 GB */
  return g_strdup_printf (_("%s Volume"), size_text);
}

/* Skips leading zeros and returns the length of the digit run at @text. */
static size_t
digit_run (const char **text)
{
  size_t length = 0;

  while (**text == '0' && g_ascii_isdigit ((*text)[1]))
    (*text)++;
  while (g_ascii_isdigit ((*text)[length]))
    length++;

  return length;
}

/**
 * plug_drive_rules_compare_devices:
 *
 * Orders device paths as people count: /dev/loop2 before /dev/loop10.
 */
int
plug_drive_rules_compare_devices (const char *device_a,
                                  const char *device_b)
{
  const char *a = device_a;
  const char *b = device_b;

  if (a == NULL || b == NULL)
    return (a == NULL ? 0 : 1) - (b == NULL ? 0 : 1);

  while (*a != '\0' && *b != '\0')
    {
      if (g_ascii_isdigit (*a) && g_ascii_isdigit (*b))
        {
          size_t length_a = digit_run (&a);
          size_t length_b = digit_run (&b);
          int order;

          /* Without leading zeros, the longer number is the larger. */
          if (length_a != length_b)
            return length_a < length_b ? -1 : 1;

          order = strncmp (a, b, length_a);
          if (order != 0)
            return order;

          a += length_a;
          b += length_b;
          continue;
        }

      if (*a != *b)
        return (guchar) *a < (guchar) *b ? -1 : 1;

      a++;
      b++;
    }

  return (*a != '\0') - (*b != '\0');
}
