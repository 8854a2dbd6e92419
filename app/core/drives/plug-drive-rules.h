/* plug-drive-rules.h: What Plugboard shows of a drive, and what it may change
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <sys/types.h>

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * PlugDriveConnection:
 * @PLUG_DRIVE_CONNECTION_OTHER: any other bus
 * @PLUG_DRIVE_CONNECTION_USB: a USB drive or card reader
 * @PLUG_DRIVE_CONNECTION_SDCARD: an SD or MMC memory card
 * @PLUG_DRIVE_CONNECTION_DISK_IMAGE: a file attached as a drive (a loop device)
 *
 * How a drive is connected, as the user would put it.
 */
typedef enum {
  PLUG_DRIVE_CONNECTION_OTHER,
  PLUG_DRIVE_CONNECTION_USB,
  PLUG_DRIVE_CONNECTION_SDCARD,
  PLUG_DRIVE_CONNECTION_DISK_IMAGE,
} PlugDriveConnection;

#define PLUG_TYPE_DRIVE_CONNECTION (plug_drive_connection_get_type ())

/**
 * PlugDriveRestriction:
 * @PLUG_DRIVE_RESTRICTION_NONE: the drive may be offered for changes
 * @PLUG_DRIVE_RESTRICTION_HOLDS_SYSTEM: it holds the running system's root, boot or home
 * @PLUG_DRIVE_RESTRICTION_SYSTEM_DRIVE: udisks marks a block of it as a system device
 * @PLUG_DRIVE_RESTRICTION_SYSTEM_IMAGE: a disk image attached by root
 * @PLUG_DRIVE_RESTRICTION_OTHER_USER_IMAGE: a disk image attached by another user
 * @PLUG_DRIVE_RESTRICTION_IGNORED: udisks asks user interfaces to ignore a block of it
 * @PLUG_DRIVE_RESTRICTION_OTHER_USER_MOUNT: another user has a volume of it mounted,
 *   in their own folder (/media/USER or /run/media/USER)
 * @PLUG_DRIVE_RESTRICTION_SYSTEM_STORAGE: the system's storage uses a block of it:
 *   active swap, a device built on it (a RAID array, LVM, a mapped device), or
 *   an /etc/fstab entry
 *
 * Why a drive may not be offered for destructive actions. When several
 * apply, the first in this order that does is reported.
 */
typedef enum {
  PLUG_DRIVE_RESTRICTION_NONE,
  PLUG_DRIVE_RESTRICTION_HOLDS_SYSTEM,
  PLUG_DRIVE_RESTRICTION_SYSTEM_DRIVE,
  PLUG_DRIVE_RESTRICTION_SYSTEM_IMAGE,
  PLUG_DRIVE_RESTRICTION_OTHER_USER_IMAGE,
  PLUG_DRIVE_RESTRICTION_IGNORED,
  PLUG_DRIVE_RESTRICTION_SYSTEM_STORAGE,
  PLUG_DRIVE_RESTRICTION_OTHER_USER_MOUNT,
} PlugDriveRestriction;

#define PLUG_TYPE_DRIVE_RESTRICTION (plug_drive_restriction_get_type ())

/**
 * PlugDriveFacts:
 * @is_disk_image: the drive is a loop device
 * @setup_by_uid: for a disk image, who attached it (udisks Loop.SetupByUID)
 * @removable: the drive or its media is removable
 * @connection_bus: udisks Drive.ConnectionBus ("usb", "sdio", "ieee1394", …)
 * @device: the whole device, such as /dev/sdb
 * @any_hint_system: some block of the drive has Block.HintSystem
 * @any_hint_ignore: some block of the drive has Block.HintIgnore
 * @whole_hint_ignore: the whole device has Block.HintIgnore
 * @holds_system: some block of the drive is mounted where the system lives
 * @system_storage: some block of the drive is active swap, has holders
 *   (/sys/class/block/NAME/holders: an MD array, LVM or another dm device
 *   built on it, at any depth), or has an /etc/fstab entry
 *
 * Plain facts about a drive, read from udisks, from which the rules below
 * decide; kept apart from udisks so that the rules can be tested alone.
 */
typedef struct
{
  gboolean    is_disk_image;
  guint       setup_by_uid;
  gboolean    removable;
  const char *connection_bus;
  const char *device;
  gboolean    any_hint_system;
  gboolean    any_hint_ignore;
  gboolean    whole_hint_ignore;
  gboolean    holds_system;
  gboolean    system_storage;
  const char *other_user_mount;
} PlugDriveFacts;

GType                plug_drive_connection_get_type           (void) G_GNUC_CONST;
const char          *plug_drive_connection_get_id             (PlugDriveConnection    connection);
const char          *plug_drive_connection_get_display_name   (PlugDriveConnection    connection);
PlugDriveConnection  plug_drive_connection_classify           (gboolean               is_disk_image,
                                                               const char            *connection_bus,
                                                               const char            *media,
                                                               const char            *device);

GType                plug_drive_restriction_get_type          (void) G_GNUC_CONST;
const char          *plug_drive_restriction_get_id            (PlugDriveRestriction   restriction);
const char          *plug_drive_restriction_get_reason        (PlugDriveRestriction   restriction);

gboolean             plug_drive_rules_is_system_mount_point   (const char            *mount_point);
gboolean             plug_drive_rules_block_has_holders       (const char            *sysfs_block_dir);
char                *plug_drive_rules_dup_mount_owner         (const char            *mount_point);
gboolean             plug_drive_rules_is_external             (const PlugDriveFacts  *facts);
PlugDriveRestriction plug_drive_rules_check                   (const PlugDriveFacts  *facts,
                                                               uid_t                  uid);
gboolean             plug_drive_rules_is_listed               (const PlugDriveFacts  *facts,
                                                               uid_t                  uid);

char                *plug_drive_rules_dup_drive_name          (const char            *vendor,
                                                               const char            *model,
                                                               guint64                size);
char                *plug_drive_rules_dup_image_name          (const char            *backing_file);
char                *plug_drive_rules_dup_filesystem_name     (const char            *filesystem,
                                                               const char            *version);
char                *plug_drive_rules_dup_volume_name         (const char            *label,
                                                               guint64                size);
int                  plug_drive_rules_compare_devices         (const char            *device_a,
                                                               const char            *device_b);

G_END_DECLS
