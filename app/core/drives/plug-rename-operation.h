/* plug-rename-operation.h: Renaming a volume through udisks
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <udisks/udisks.h>

#include "plug-drive.h"
#include "plug-volume.h"

G_BEGIN_DECLS

/**
 * PlugRenameStep:
 * @PLUG_RENAME_STEP_NONE: not started
 * @PLUG_RENAME_STEP_UNMOUNTING: unmounting, since the filesystem cannot
 *   be renamed while mounted
 * @PLUG_RENAME_STEP_RENAMING: udisks is writing the new name
 * @PLUG_RENAME_STEP_CONFIRMING: waiting for the volume to report it
 * @PLUG_RENAME_STEP_MOUNTING: mounting again, as it was before
 * @PLUG_RENAME_STEP_DONE: finished, successfully or not
 *
 * Where a rename is, for a view or plugboardctl to say.
 */
typedef enum {
  PLUG_RENAME_STEP_NONE,
  PLUG_RENAME_STEP_UNMOUNTING,
  PLUG_RENAME_STEP_RENAMING,
  PLUG_RENAME_STEP_CONFIRMING,
  PLUG_RENAME_STEP_MOUNTING,
  PLUG_RENAME_STEP_DONE,
} PlugRenameStep;

#define PLUG_TYPE_RENAME_OPERATION (plug_rename_operation_get_type ())

G_DECLARE_FINAL_TYPE (PlugRenameOperation, plug_rename_operation, PLUG, RENAME_OPERATION, GObject)

PlugRenameOperation *plug_rename_operation_new             (UDisksClient         *client,
                                                           PlugDrive            *drive,
                                                           PlugVolume           *volume,
                                                           const char           *label);

PlugRenameStep       plug_rename_operation_get_step        (PlugRenameOperation  *self);
const char          *plug_rename_operation_get_label       (PlugRenameOperation  *self);
gboolean             plug_rename_operation_get_remounted   (PlugRenameOperation  *self);
const char          *plug_rename_operation_get_mount_point (PlugRenameOperation  *self);

void                 plug_rename_operation_run_async       (PlugRenameOperation  *self,
                                                           GCancellable         *cancellable,
                                                           GAsyncReadyCallback   callback,
                                                           gpointer              user_data);
gboolean             plug_rename_operation_run_finish      (PlugRenameOperation  *self,
                                                           GAsyncResult         *result,
                                                           GError              **error);

G_END_DECLS
