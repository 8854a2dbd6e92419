/* plug-check-operation.h: Checking a volume's filesystem, or repairing it, through udisks
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
 * PlugCheckStep:
 * @PLUG_CHECK_STEP_NONE: not started
 * @PLUG_CHECK_STEP_UNMOUNTING: unmounting, since udisks checks and
 *   repairs only a filesystem that is not mounted
 * @PLUG_CHECK_STEP_CHECKING: udisks is checking the filesystem, or
 *   repairing it
 * @PLUG_CHECK_STEP_CONFIRMING: udisks reported the repair as a failure;
 *   a check says whether the filesystem is consistent all the same
 * @PLUG_CHECK_STEP_MOUNTING: mounting again, as it was before
 * @PLUG_CHECK_STEP_DONE: finished, successfully or not
 *
 * Where a check or a repair is, for a view or plugboardctl to say.
 */
typedef enum {
  PLUG_CHECK_STEP_NONE,
  PLUG_CHECK_STEP_UNMOUNTING,
  PLUG_CHECK_STEP_CHECKING,
  PLUG_CHECK_STEP_CONFIRMING,
  PLUG_CHECK_STEP_MOUNTING,
  PLUG_CHECK_STEP_DONE,
} PlugCheckStep;

#define PLUG_TYPE_CHECK_OPERATION (plug_check_operation_get_type ())

G_DECLARE_FINAL_TYPE (PlugCheckOperation, plug_check_operation, PLUG, CHECK_OPERATION, GObject)

PlugCheckOperation *plug_check_operation_new               (UDisksClient        *client,
                                                            PlugDrive           *drive,
                                                            PlugVolume          *volume,
                                                            gboolean             repair);

gboolean            plug_check_operation_get_repair        (PlugCheckOperation  *self);
PlugCheckStep       plug_check_operation_get_step          (PlugCheckOperation  *self);
gboolean            plug_check_operation_get_clean         (PlugCheckOperation  *self);
gboolean            plug_check_operation_get_repaired      (PlugCheckOperation  *self);
const char         *plug_check_operation_get_repair_report (PlugCheckOperation  *self);
char               *plug_check_operation_dup_problems      (PlugCheckOperation  *self);
gboolean            plug_check_operation_get_remounted     (PlugCheckOperation  *self);
const char         *plug_check_operation_get_mount_point   (PlugCheckOperation  *self);

void                plug_check_operation_run_async         (PlugCheckOperation  *self,
                                                            GCancellable        *cancellable,
                                                            GAsyncReadyCallback  callback,
                                                            gpointer             user_data);
gboolean            plug_check_operation_run_finish        (PlugCheckOperation  *self,
                                                            GAsyncResult        *result,
                                                            GError             **error);

G_END_DECLS
