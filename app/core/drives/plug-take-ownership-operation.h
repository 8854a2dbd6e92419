/* plug-take-ownership-operation.h: Making a volume's files the user's, through udisks
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
 * PlugTakeOwnershipStep:
 * @PLUG_TAKE_OWNERSHIP_STEP_NONE: not started
 * @PLUG_TAKE_OWNERSHIP_STEP_TAKING: udisks is giving the files to the user
 * @PLUG_TAKE_OWNERSHIP_STEP_CONFIRMING: looking whether the top folder
 *   now belongs to the user
 * @PLUG_TAKE_OWNERSHIP_STEP_DONE: finished, successfully or not
 *
 * Where the operation is, for a view or plugboardctl to say.
 */
typedef enum {
  PLUG_TAKE_OWNERSHIP_STEP_NONE,
  PLUG_TAKE_OWNERSHIP_STEP_TAKING,
  PLUG_TAKE_OWNERSHIP_STEP_CONFIRMING,
  PLUG_TAKE_OWNERSHIP_STEP_DONE,
} PlugTakeOwnershipStep;

#define PLUG_TYPE_TAKE_OWNERSHIP_OPERATION (plug_take_ownership_operation_get_type ())

G_DECLARE_FINAL_TYPE (PlugTakeOwnershipOperation, plug_take_ownership_operation, PLUG, TAKE_OWNERSHIP_OPERATION, GObject)

PlugTakeOwnershipOperation *plug_take_ownership_operation_new         (UDisksClient                *client,
                                                                      PlugDrive                   *drive,
                                                                      PlugVolume                  *volume);

PlugTakeOwnershipStep       plug_take_ownership_operation_get_step    (PlugTakeOwnershipOperation  *self);
gboolean                    plug_take_ownership_operation_get_verified (PlugTakeOwnershipOperation *self);
const char                 *plug_take_ownership_operation_get_mount_point (PlugTakeOwnershipOperation *self);

void                        plug_take_ownership_operation_run_async   (PlugTakeOwnershipOperation  *self,
                                                                      GCancellable                *cancellable,
                                                                      GAsyncReadyCallback          callback,
                                                                      gpointer                     user_data);
gboolean                    plug_take_ownership_operation_run_finish  (PlugTakeOwnershipOperation  *self,
                                                                      GAsyncResult                *result,
                                                                      GError                     **error);

G_END_DECLS
