/* plug-filesystem-type.c: What Plugboard knows of each filesystem
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "plug-drive-error.h"
#include "plug-filesystem-type.h"

/*
 * The reformat wizard and `plugboardctl drives format` offer a purpose
 * first and the filesystem second (as GNOME Disks names the systems a
 * filesystem works with, and mintstick states FAT32's 4 GB limit). One table serves both, so that "Linux only" can
 * never mean two filesystems.
 *
 * has_owners follows what udisks 2.9.4 does with take-ownership: it
 * chowns the new root for ext2/3/4, XFS and Btrfs, and silently ignores
 * the option for FAT, exFAT and NTFS (measured), which have no owners.
 */

static const PlugFilesystemType types[] = {
  { "exfat", "exFAT", PLUG_FILESYSTEM_PURPOSE_ALL_SYSTEMS, "mkfs.exfat", "exfatprogs", FALSE, 0 },
  { "ext4", "ext4", PLUG_FILESYSTEM_PURPOSE_LINUX, "mkfs.ext4", "e2fsprogs", TRUE, 0 },
  { "ntfs", "NTFS", PLUG_FILESYSTEM_PURPOSE_WINDOWS, "mkntfs", "ntfs-3g", FALSE, 0 },
  { "vfat", "FAT32", PLUG_FILESYSTEM_PURPOSE_OLD_DEVICES, "mkfs.vfat", "dosfstools", FALSE, 0 },
  /* mkfs.btrfs (btrfs-progs 6.2): "minimum size for each btrfs device is 114294784". */
  { "btrfs", "Btrfs", PLUG_FILESYSTEM_PURPOSE_OTHER, "mkfs.btrfs", "btrfs-progs", TRUE, 114294784 },
  /* mkfs.xfs (xfsprogs 6.1) refuses "Filesystem must be larger than 300MB". */
  { "xfs", "XFS", PLUG_FILESYSTEM_PURPOSE_OTHER, "mkfs.xfs", "xfsprogs", TRUE, G_GUINT64_CONSTANT (300) * 1000 * 1000 },
};

static const char * const purpose_titles[] = {
  [PLUG_FILESYSTEM_PURPOSE_ALL_SYSTEMS] = N_("Works with all computers, files of any size"),
  [PLUG_FILESYSTEM_PURPOSE_LINUX] = N_("Linux only"),
  [PLUG_FILESYSTEM_PURPOSE_WINDOWS] = N_("Windows"),
  [PLUG_FILESYSTEM_PURPOSE_OLD_DEVICES] = N_("Old devices and cameras"),
  [PLUG_FILESYSTEM_PURPOSE_OTHER] = N_("Other"),
};

/* Other names udisks (libblockdev) gives the same programs. */
static const struct
{
  const char *utility;
  const char *package;
} other_utilities[] = {
  { "mkfs.ntfs", "ntfs-3g" },
  { "mkfs.fat", "dosfstools" },
  { "mkfs.f2fs", "f2fs-tools" },
  { "mkfs.nilfs2", "nilfs-tools" },
  { "mkudffs", "udftools" },
};

/**
 * plug_filesystem_type_get_all:
 * @n_types: (out): how many there are
 *
 * Returns: (array length=n_types): every filesystem Plugboard reformats
 *   to, in the order they are offered
 */
const PlugFilesystemType *
plug_filesystem_type_get_all (guint *n_types)
{
  g_return_val_if_fail (n_types != NULL, NULL);

  *n_types = G_N_ELEMENTS (types);

  return types;
}

/**
 * plug_filesystem_type_lookup:
 * @id: (nullable): a type as udisks names it
 *
 * Returns: (nullable): the filesystem, or %NULL when Plugboard does not
 *   reformat to it
 */
const PlugFilesystemType *
plug_filesystem_type_lookup (const char *id)
{
  if (id == NULL)
    return NULL;

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      if (g_str_equal (types[i].id, id))
        return &types[i];
    }

  return NULL;
}

/* For messages that list the choices. */
const char *
plug_filesystem_type_get_ids (void)
{
  return "exfat, ext4, ntfs, vfat, btrfs, xfs";
}

const char *
plug_filesystem_purpose_get_title (PlugFilesystemPurpose purpose)
{
  g_return_val_if_fail ((guint) purpose < G_N_ELEMENTS (purpose_titles), NULL);

  return _(purpose_titles[purpose]);
}

/**
 * plug_filesystem_type_get_note:
 *
 * Returns: (nullable): what a person should know before choosing it, in
 *   a sentence, or %NULL when there is nothing to say
 */
const char *
plug_filesystem_type_get_note (const PlugFilesystemType *type)
{
  g_return_val_if_fail (type != NULL, NULL);

  if (g_str_equal (type->id, "vfat"))
    return _("Files larger than 4 GB cannot be stored on it");
  if (g_str_equal (type->id, "ext4"))
    return _("The files will belong to you; other systems cannot read it without extra software");
  if (g_str_equal (type->id, "xfs"))
    return _("Needs a volume of at least 300 MB");
  if (g_str_equal (type->id, "btrfs"))
    return _("Needs a volume of at least 115 MB");

  return NULL;
}

/**
 * plug_filesystem_type_get_package_for_utility:
 * @utility: a program udisks reports missing (Manager.CanFormat)
 *
 * Returns: (nullable): the Debian package to install for it, or %NULL
 *   when Plugboard does not know it
 */
const char *
plug_filesystem_type_get_package_for_utility (const char *utility)
{
  if (utility == NULL)
    return NULL;

  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      if (g_str_equal (types[i].utility, utility))
        return types[i].package;
    }

  for (guint i = 0; i < G_N_ELEMENTS (other_utilities); i++)
    {
      if (g_str_equal (other_utilities[i].utility, utility))
        return other_utilities[i].package;
    }

  return NULL;
}

/**
 * plug_filesystem_type_choose_default:
 * @connection: how the drive is connected
 * @removable: whether the drive or its medium is removable
 *
 * The filesystem to preselect. A drive a person carries between computers
 * (a USB drive, a memory card) gets exFAT, which every current system
 * reads and which holds files of any size, the reason most people
 * reformat a FAT32 stick; SDXC cards come with it. A drive that stays
 * with this computer, or a disk image, gets ext4.
 *
 * Returns: a filesystem id from the table
 */
const char *
plug_filesystem_type_choose_default (PlugDriveConnection connection,
                                     gboolean            removable)
{
  if (connection == PLUG_DRIVE_CONNECTION_USB ||
      connection == PLUG_DRIVE_CONNECTION_SDCARD ||
      (removable && connection != PLUG_DRIVE_CONNECTION_DISK_IMAGE))
    return "exfat";

  return "ext4";
}

/* --- names ---------------------------------------------------------------
 *
 * What each filesystem allows as a name (plug-label-rules.c checks a name
 * against these): the rules of the baseline stack (udisks 2.9.4, which
 * runs e2label, fatlabel, exfatlabel, ntfslabel, xfs_admin and btrfs for
 * SetLabel) combined with the checks that newer udisks makes through
 * libblockdev's bd_fs_*_check_label(); where they differ, the stricter.
 */

/* Refused by udisks 2.9.4 SetLabel and libblockdev ("*\/:<>?\|), or by
 * fatlabel 4.2 (*?.,;:/\|+=<>[]"): the union of the two. */
#define FAT_FORBIDDEN "\"*+,./:;<=>?[\\]|"

static const PlugLabelLimits label_limits[] = {
  /* FAT: 11 bytes of the OEM codepage in the boot sector; with only ASCII
   * allowed (fatlabel refuses the rest) that is 11 characters.
   * libblockdev: strlen ≤ 11. */
  { "vfat", "FAT", 11, PLUG_LABEL_UNIT_BYTES, 0, FALSE, FAT_FORBIDDEN },
  /* exFAT: 11 UTF-16 code units in the volume label entry; libblockdev
   * and exfatlabel both count UTF-16 (≤ 22 bytes of UTF-16LE). */
  { "exfat", "exFAT", 11, PLUG_LABEL_UNIT_UTF16, 0, FALSE, NULL },
  /* NTFS stores 128 UTF-16 units, but libblockdev refuses more than 128
   * bytes of UTF-8 (strlen), which is never fewer units: bytes it is.
   * blkid (util-linux 2.38), and so udev, udisks and every file manager,
   * garbles the 64th UTF-16 unit and all after it, though ntfslabel
   * writes the whole name (measured with ASCII, é and emoji): 63 units
   * are read back. */
  { "ntfs", "NTFS", 128, PLUG_LABEL_UNIT_BYTES, 63, FALSE, NULL },
  /* ext2/3/4: 16 bytes in the superblock (s_volume_name). Only these
   * can be renamed while mounted: udisks 2.9.4 refuses the others. */
  { "ext2", "ext2", 16, PLUG_LABEL_UNIT_BYTES, 0, TRUE, NULL },
  { "ext3", "ext3", 16, PLUG_LABEL_UNIT_BYTES, 0, TRUE, NULL },
  { "ext4", "ext4", 16, PLUG_LABEL_UNIT_BYTES, 0, TRUE, NULL },
  /* XFS: 12 bytes (sb_fname); xfs_admin splits a name at spaces. */
  { "xfs", "XFS", 12, PLUG_LABEL_UNIT_BYTES, 0, FALSE, NULL },
  /* Btrfs: BTRFS_LABEL_SIZE is 256 with the terminating NUL. */
  { "btrfs", "Btrfs", 255, PLUG_LABEL_UNIT_BYTES, 0, FALSE, NULL },
};

static const char * const label_filesystems[] = {
  "vfat", "exfat", "ntfs", "ext2", "ext3", "ext4", "xfs", "btrfs", NULL
};

/**
 * plug_filesystem_type_get_label_limits:
 * @filesystem: (nullable): a filesystem, as udisks names it
 *
 * Returns: (nullable): what the filesystem allows as a name, or %NULL
 *   when Plugboard does not know its rules
 */
const PlugLabelLimits *
plug_filesystem_type_get_label_limits (const char *filesystem)
{
  if (filesystem == NULL)
    return NULL;

  for (gsize i = 0; i < G_N_ELEMENTS (label_limits); i++)
    {
      if (g_str_equal (label_limits[i].filesystem, filesystem))
        return &label_limits[i];
    }

  return NULL;
}

/**
 * plug_filesystem_type_get_label_filesystems:
 *
 * Returns: (transfer none): the filesystems whose naming rules Plugboard
 *   knows, as udisks names them
 */
const char * const *
plug_filesystem_type_get_label_filesystems (void)
{
  return label_filesystems;
}

/**
 * plug_filesystem_type_get_max_file_size:
 * @filesystem: (nullable): a filesystem, as udisks names it (Block.IdType),
 *   whether Plugboard formats to it or not
 *
 * Returns: the largest file, in bytes, the filesystem can store, or 0 when
 *   it has no limit a person would meet. FAT keeps a file's size in 32
 *   bits, whatever the FAT version.
 */
guint64
plug_filesystem_type_get_max_file_size (const char *filesystem)
{
  if (g_strcmp0 (filesystem, "vfat") == 0)
    return G_GUINT64_CONSTANT (0xFFFFFFFF);

  return 0;
}

/**
 * plug_filesystem_type_can_carry_links:
 * @filesystem: (nullable): a filesystem, as udisks names it
 *
 * Returns: whether symbolic links can be created on it: on the
 *   filesystems whose files have owners, the Unix ones
 */
gboolean
plug_filesystem_type_can_carry_links (const char *filesystem)
{
  const PlugFilesystemType *type = plug_filesystem_type_lookup (filesystem);

  return type != NULL && type->has_owners;
}

/* udisks 2.9.4's Filesystem.TakeOwnership works on the filesystems its
 * table (udiskslinuxfsinfo.c) marks supports_owners, and refuses every
 * other one ("Filesystem … doesn't support ownership"). It mounts an
 * unmounted one in a folder of its own for the time it takes. */
static const char * const ownership_filesystems[] = {
  "ext2", "ext3", "ext4", "xfs", "btrfs", "reiserfs", "nilfs2", NULL
};

/**
 * plug_filesystem_type_can_take_ownership:
 * @filesystem: (nullable): a filesystem, as udisks names it
 *
 * Returns: whether udisks can give the files on it to the user who asks
 *   (Filesystem.TakeOwnership)
 */
gboolean
plug_filesystem_type_can_take_ownership (const char *filesystem)
{
  if (filesystem == NULL)
    return FALSE;

  return g_strv_contains (ownership_filesystems, filesystem);
}

/* udisks 2.9.4's Filesystem.Check and Repair go through libblockdev
 * 2.28's fs plugin, whose table (fs/generic.c) has a checker and a
 * repairer for these and no other: e2fsck, xfs_repair, fsck.vfat and
 * ntfsfix. Any other is refused ("Checking filesystem 'exfat' is not
 * supported."), Btrfs and exFAT among them. */
static const struct
{
  const char *filesystem;
  const char *checker;
} check_filesystems[] = {
  { "ext2", "e2fsck" },
  { "ext3", "e2fsck" },
  { "ext4", "e2fsck" },
  { "xfs", "xfs_repair" },
  { "vfat", "fsck.vfat" },
  { "ntfs", "ntfsfix" },
};

/**
 * plug_filesystem_type_get_checker:
 * @filesystem: (nullable): a filesystem, as udisks names it
 *
 * Returns: (nullable): the program udisks checks and repairs it with
 *   (Filesystem.Check and Repair), or %NULL when udisks does neither
 */
const char *
plug_filesystem_type_get_checker (const char *filesystem)
{
  if (filesystem == NULL)
    return NULL;

  for (guint i = 0; i < G_N_ELEMENTS (check_filesystems); i++)
    {
      if (g_str_equal (check_filesystems[i].filesystem, filesystem))
        return check_filesystems[i].checker;
    }

  return NULL;
}

/* What a file on each filesystem can be besides its bytes, as Linux
 * mounts it here. ext2/3/4, XFS and Btrfs hold all three. FAT and exFAT
 * none: one name per file, every cluster stored, no attributes. NTFS, as
 * udisks mounts it (ntfs-3g, fuseblk; measured with udisks 2.9.4 and
 * ntfs-3g 2022.10.3): ln makes a second name of the same inode (st_nlink
 * 2); a file written past a seek or truncated longer keeps its holes
 * (64 MiB with 4 KiB written takes 8 blocks), though SEEK_HOLE finds none
 * (FUSE passes no lseek), so a copy from it finds the holes by their
 * zeros; and user.* attributes are kept, as named streams
 * (streams_interface=xattr, ntfs-3g's default). */
static const struct
{
  const char *filesystem;
  gboolean    hard_links;
  gboolean    holes;
  gboolean    user_xattrs;
} file_features[] = {
  { "ext2", TRUE, TRUE, TRUE },
  { "ext3", TRUE, TRUE, TRUE },
  { "ext4", TRUE, TRUE, TRUE },
  { "xfs", TRUE, TRUE, TRUE },
  { "btrfs", TRUE, TRUE, TRUE },
  { "ntfs", TRUE, TRUE, TRUE },
  { "vfat", FALSE, FALSE, FALSE },
  { "exfat", FALSE, FALSE, FALSE },
};

static int
find_file_features (const char *filesystem)
{
  if (filesystem == NULL)
    return -1;

  for (guint i = 0; i < G_N_ELEMENTS (file_features); i++)
    {
      if (g_str_equal (file_features[i].filesystem, filesystem))
        return i;
    }

  return -1;
}

/**
 * plug_filesystem_type_holds_hard_links:
 * @filesystem: (nullable): a filesystem, as udisks names it
 *
 * Returns: whether one file can have several names on it (hard links);
 *   %FALSE for filesystems Plugboard does not know
 */
gboolean
plug_filesystem_type_holds_hard_links (const char *filesystem)
{
  int i = find_file_features (filesystem);

  return i >= 0 && file_features[i].hard_links;
}

/**
 * plug_filesystem_type_holds_holes:
 * @filesystem: (nullable): a filesystem, as udisks names it
 *
 * Returns: whether a file on it can leave ranges of zeros unstored
 *   (a sparse file); %FALSE for filesystems Plugboard does not know
 */
gboolean
plug_filesystem_type_holds_holes (const char *filesystem)
{
  int i = find_file_features (filesystem);

  return i >= 0 && file_features[i].holes;
}

/**
 * plug_filesystem_type_holds_user_xattrs:
 * @filesystem: (nullable): a filesystem, as udisks names it
 *
 * Returns: whether files and folders on it keep user.* extended
 *   attributes; %FALSE for filesystems Plugboard does not know
 */
gboolean
plug_filesystem_type_holds_user_xattrs (const char *filesystem)
{
  int i = find_file_features (filesystem);

  return i >= 0 && file_features[i].user_xattrs;
}

/**
 * plug_filesystem_type_estimate_capacity:
 * @filesystem: a filesystem, as udisks names it
 * @volume_size: the size of the volume it is created on
 * @cluster_size: (out) (optional): the allocation unit its mkfs chooses
 *   for that size
 *
 * What a new filesystem of that size holds, less what it keeps for
 * itself (ext4's 5% for root, its journal and inode tables; Btrfs' and
 * XFS' metadata; FAT's tables): an estimate on the safe side, so that
 * files are not copied out for a copy back that cannot fit.
 *
 * Returns: bytes of files it holds
 */
guint64
plug_filesystem_type_estimate_capacity (const char *filesystem,
                                        guint64     volume_size,
                                        guint64    *cluster_size)
{
  guint64 cluster = 4096;
  guint64 percent = 88;

  if (g_strcmp0 (filesystem, "exfat") == 0)
    {
      /* mkfs.exfat: 4 KiB to 256 MiB, 32 KiB to 32 GiB, 128 KiB above. */
      if (volume_size >= G_GUINT64_CONSTANT (32) * 1024 * 1024 * 1024)
        cluster = 128 * 1024;
      else if (volume_size >= 256 * 1024 * 1024)
        cluster = 32 * 1024;
      percent = 96;
    }
  else if (g_strcmp0 (filesystem, "vfat") == 0)
    {
      if (volume_size > G_GUINT64_CONSTANT (32) * 1024 * 1024 * 1024)
        cluster = 32 * 1024;
      else if (volume_size > G_GUINT64_CONSTANT (16) * 1024 * 1024 * 1024)
        cluster = 16 * 1024;
      else if (volume_size > G_GUINT64_CONSTANT (8) * 1024 * 1024 * 1024)
        cluster = 8 * 1024;
      percent = 96;
    }
  else if (g_strcmp0 (filesystem, "ntfs") == 0)
    {
      percent = 92;
    }

  if (cluster_size != NULL)
    *cluster_size = cluster;

  return volume_size / 100 * percent;
}

typedef struct
{
  gboolean  available;
  char     *missing_utility;
} Availability;

static void
availability_free (Availability *availability)
{
  g_free (availability->missing_utility);
  g_free (availability);
}

static void
can_format_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GVariant) answer = NULL;
  g_autoptr(GError) error = NULL;
  Availability *availability;
  const char *utility = NULL;

  if (!udisks_manager_call_can_format_finish (UDISKS_MANAGER (object), &answer, result, &error))
    {
      g_dbus_error_strip_remote_error (error);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  availability = g_new0 (Availability, 1);
  g_variant_get (answer, "(b&s)", &availability->available, &utility);
  if (!availability->available && utility != NULL && *utility != '\0')
    availability->missing_utility = g_strdup (utility);

  g_task_return_pointer (task, availability, (GDestroyNotify) availability_free);
}

/**
 * plug_filesystem_type_check_available_async:
 * @client: the udisks client
 * @id: a filesystem type as udisks names it
 *
 * Asks udisks whether it can create @id here, that is, whether the
 * program it runs for it is installed.
 */
void
plug_filesystem_type_check_available_async (UDisksClient        *client,
                                            const char          *id,
                                            GCancellable        *cancellable,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  UDisksManager *manager;

  g_return_if_fail (UDISKS_IS_CLIENT (client));
  g_return_if_fail (id != NULL);
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_filesystem_type_check_available_async);

  manager = udisks_client_get_manager (client);
  if (manager == NULL)
    {
      g_task_return_new_error (task, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_DAEMON_GONE,
                               _("udisks2 is not running"));
      return;
    }

  udisks_manager_call_can_format (manager, id, cancellable, can_format_cb, g_steal_pointer (&task));
}

/**
 * plug_filesystem_type_check_available_finish:
 * @missing_utility: (out) (optional) (transfer full) (nullable): when not
 *   available, the program udisks would need
 *
 * Returns: whether udisks can create the filesystem; %FALSE with @error
 *   set when it could not be asked
 */
gboolean
plug_filesystem_type_check_available_finish (GAsyncResult  *result,
                                             char         **missing_utility,
                                             GError       **error)
{
  Availability *availability;
  gboolean available;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == plug_filesystem_type_check_available_async, FALSE);

  availability = g_task_propagate_pointer (G_TASK (result), error);
  if (availability == NULL)
    return FALSE;

  available = availability->available;
  if (missing_utility != NULL)
    *missing_utility = g_steal_pointer (&availability->missing_utility);
  availability_free (availability);

  return available;
}
