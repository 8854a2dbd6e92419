/* plug-relabel-operation.h: Renaming a volume through udisks
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
 * PlugRelabelStep:
 * @PLUG_RELABEL_STEP_NONE: not started
 * @PLUG_RELABEL_STEP_UNMOUNTING: unmounting, since the filesystem cannot
 *   be renamed while mounted
 * @PLUG_RELABEL_STEP_RENAMING: udisks is writing the new name
 * @PLUG_RELABEL_STEP_CONFIRMING: waiting for the volume to report it
 * @PLUG_RELABEL_STEP_MOUNTING: mounting again, as it was before
 * @PLUG_RELABEL_STEP_DONE: finished, successfully or not
 *
 * Where a rename is, for a view or plugboardctl to say.
 */
typedef enum {
  PLUG_RELABEL_STEP_NONE,
  PLUG_RELABEL_STEP_UNMOUNTING,
  PLUG_RELABEL_STEP_RENAMING,
  PLUG_RELABEL_STEP_CONFIRMING,
  PLUG_RELABEL_STEP_MOUNTING,
  PLUG_RELABEL_STEP_DONE,
} PlugRelabelStep;

#define PLUG_TYPE_RELABEL_OPERATION (plug_relabel_operation_get_type ())

G_DECLARE_FINAL_TYPE (PlugRelabelOperation, plug_relabel_operation, PLUG, RELABEL_OPERATION, GObject)

PlugRelabelOperation *plug_relabel_operation_new             (UDisksClient          *client,
                                                              PlugDrive             *drive,
                                                              PlugVolume            *volume,
                                                              const char            *label);

PlugRelabelStep       plug_relabel_operation_get_step        (PlugRelabelOperation  *self);
const char           *plug_relabel_operation_get_label       (PlugRelabelOperation  *self);
gboolean              plug_relabel_operation_get_remounted   (PlugRelabelOperation  *self);
const char           *plug_relabel_operation_get_mount_point (PlugRelabelOperation  *self);

void                  plug_relabel_operation_run_async       (PlugRelabelOperation  *self,
                                                              GCancellable          *cancellable,
                                                              GAsyncReadyCallback    callback,
                                                              gpointer               user_data);
gboolean              plug_relabel_operation_run_finish      (PlugRelabelOperation  *self,
                                                              GAsyncResult          *result,
                                                              GError               **error);

G_END_DECLS
