/* plug-format-operation.h: Reformatting a volume or a whole drive through udisks
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <udisks/udisks.h>

#include "plug-drive.h"
#include "plug-filesystem-type.h"
#include "plug-volume.h"

G_BEGIN_DECLS

/**
 * PlugFormatStep:
 * @PLUG_FORMAT_STEP_NONE: not started
 * @PLUG_FORMAT_STEP_CHECKING: checking the name, the drive and the tools
 * @PLUG_FORMAT_STEP_UNMOUNTING: unmounting a volume of the target; the
 *   step device says which
 * @PLUG_FORMAT_STEP_ERASING: overwriting the old data with zeros
 * @PLUG_FORMAT_STEP_PARTITIONING: writing a new partition table
 * @PLUG_FORMAT_STEP_FORMATTING: creating the filesystem
 * @PLUG_FORMAT_STEP_CONFIRMING: waiting for the volume to report its new
 *   filesystem and name
 * @PLUG_FORMAT_STEP_MOUNTING: mounting the new filesystem
 * @PLUG_FORMAT_STEP_DONE: finished, successfully or not
 *
 * Where a reformat is, for a view or plugboardctl to say.
 */
typedef enum {
  PLUG_FORMAT_STEP_NONE,
  PLUG_FORMAT_STEP_CHECKING,
  PLUG_FORMAT_STEP_UNMOUNTING,
  PLUG_FORMAT_STEP_ERASING,
  PLUG_FORMAT_STEP_PARTITIONING,
  PLUG_FORMAT_STEP_FORMATTING,
  PLUG_FORMAT_STEP_CONFIRMING,
  PLUG_FORMAT_STEP_MOUNTING,
  PLUG_FORMAT_STEP_DONE,
} PlugFormatStep;

/**
 * PlugFormatFlags:
 * @PLUG_FORMAT_FLAGS_NONE: reformat the volume, quickly
 * @PLUG_FORMAT_FLAGS_WHOLE_DRIVE: reformat the whole drive: a new
 *   partition table with one partition that fills it
 * @PLUG_FORMAT_FLAGS_ERASE: overwrite the old data with zeros first (slow)
 */
typedef enum {
  PLUG_FORMAT_FLAGS_NONE        = 0,
  PLUG_FORMAT_FLAGS_WHOLE_DRIVE = 1 << 0,
  PLUG_FORMAT_FLAGS_ERASE       = 1 << 1,
} PlugFormatFlags;

#define PLUG_TYPE_FORMAT_OPERATION (plug_format_operation_get_type ())

G_DECLARE_FINAL_TYPE (PlugFormatOperation, plug_format_operation, PLUG, FORMAT_OPERATION, GObject)

PlugFormatOperation *plug_format_operation_new                 (UDisksClient         *client,
                                                                PlugDrive            *drive,
                                                                PlugVolume           *volume,
                                                                const char           *filesystem,
                                                                const char           *label,
                                                                PlugFormatFlags       flags);

PlugFormatStep       plug_format_operation_get_step            (PlugFormatOperation  *self);
const char          *plug_format_operation_get_step_device     (PlugFormatOperation  *self);
double               plug_format_operation_get_progress        (PlugFormatOperation  *self);
const char          *plug_format_operation_get_label           (PlugFormatOperation  *self);
const char          *plug_format_operation_get_device          (PlugFormatOperation  *self);
const char          *plug_format_operation_get_uuid            (PlugFormatOperation  *self);
const char          *plug_format_operation_get_mount_point     (PlugFormatOperation  *self);
const char          *plug_format_operation_get_mount_error     (PlugFormatOperation  *self);
gboolean             plug_format_operation_get_outcome_unknown (PlugFormatOperation  *self);
gboolean             plug_format_operation_get_format_called   (PlugFormatOperation  *self);
guint                plug_format_operation_get_attempt         (PlugFormatOperation  *self);
gboolean             plug_format_operation_check_drive_idle    (PlugFormatOperation  *self,
                                                                GError              **error);

void                 plug_format_operation_run_async           (PlugFormatOperation  *self,
                                                                GCancellable         *cancellable,
                                                                GAsyncReadyCallback   callback,
                                                                gpointer              user_data);
gboolean             plug_format_operation_run_finish          (PlugFormatOperation  *self,
                                                                GAsyncResult         *result,
                                                                GError              **error);

GVariant            *plug_format_operation_build_options       (const PlugFilesystemType *type,
                                                                const char           *label,
                                                                gboolean              erase);
const char          *plug_format_operation_choose_partition_table (guint64            size);

G_END_DECLS
