/* plug-drive.h: An external drive or an attached disk image
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <sys/types.h>

#include <gio/gio.h>
#include <udisks/udisks.h>

#include "plug-drive-rules.h"
#include "plug-volume.h"

G_BEGIN_DECLS

/**
 * PlugDriveObjects:
 * @drive_object: (nullable): the udisks object with the Drive interface;
 *   %NULL for a disk image, for which udisks has none
 * @block_object: (nullable): the block device of the whole drive; %NULL
 *   while a drive has no medium
 * @partition_objects: (element-type UDisksObject): the partitions of
 *   @block_object's partition table, in any order
 * @related_objects: (element-type UDisksObject): other blocks backed by
 *   the drive, such as unlocked encrypted volumes; only checked for what
 *   the system keeps on them
 *
 * The udisks objects that make up one drive, gathered by the drive list in
 * one pass over the object manager.
 */
typedef struct
{
  UDisksObject *drive_object;
  UDisksObject *block_object;
  GPtrArray    *partition_objects;
  GPtrArray    *related_objects;
} PlugDriveObjects;

#define PLUG_TYPE_DRIVE (plug_drive_get_type ())

G_DECLARE_FINAL_TYPE (PlugDrive, plug_drive, PLUG, DRIVE, GObject)

PlugDrive            *plug_drive_new                 (const char             *object_path);
void                  plug_drive_update              (PlugDrive              *self,
                                                      const PlugDriveObjects *objects,
                                                      uid_t                   uid);

const char           *plug_drive_get_object_path     (PlugDrive              *self);
const char           *plug_drive_get_device          (PlugDrive              *self);
const char           *plug_drive_get_vendor          (PlugDrive              *self);
const char           *plug_drive_get_model           (PlugDrive              *self);
const char           *plug_drive_get_serial          (PlugDrive              *self);
char                 *plug_drive_dup_display_name    (PlugDrive              *self);
guint64               plug_drive_get_size            (PlugDrive              *self);
PlugDriveConnection   plug_drive_get_connection      (PlugDrive              *self);
gboolean              plug_drive_is_disk_image       (PlugDrive              *self);
gboolean              plug_drive_is_removable        (PlugDrive              *self);
const char           *plug_drive_get_backing_file    (PlugDrive              *self);
guint                 plug_drive_get_setup_by_uid    (PlugDrive              *self);
gboolean              plug_drive_get_can_modify      (PlugDrive              *self);
PlugDriveRestriction  plug_drive_get_restriction     (PlugDrive              *self);
char                 *plug_drive_dup_restriction_reason (PlugDrive            *self);
gboolean              plug_drive_is_listed           (PlugDrive              *self);
GListModel           *plug_drive_get_volumes         (PlugDrive              *self);

G_END_DECLS
