/* plug-keep-files-operation.h: Reformatting a volume while keeping its files
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <udisks/udisks.h>

#include "plug-drive.h"
#include "plug-format-operation.h"
#include "plug-volume.h"

G_BEGIN_DECLS

/**
 * PlugKeepFilesStep:
 * @PLUG_KEEP_FILES_STEP_NONE: not started
 * @PLUG_KEEP_FILES_STEP_SCANNING: counting the files and bytes on the
 *   volume
 * @PLUG_KEEP_FILES_STEP_CHECKING: checking that they fit the new
 *   filesystem and the computer's free space
 * @PLUG_KEEP_FILES_STEP_COPYING_OUT: copying the files to the kept copy
 *   on the computer; files and bytes count up
 * @PLUG_KEEP_FILES_STEP_FORMATTING: the reformat runs; its own step and
 *   progress are those of plug_keep_files_operation_get_format_operation()
 * @PLUG_KEEP_FILES_STEP_COPYING_BACK: copying the files back onto the new
 *   filesystem; files and bytes count up again from 0
 * @PLUG_KEEP_FILES_STEP_VERIFYING: reading every file back from the drive
 *   and comparing its SHA-256 with the one recorded while copying out
 * @PLUG_KEEP_FILES_STEP_REMOVING_COPY: deleting the kept copy, once every
 *   file was verified
 * @PLUG_KEEP_FILES_STEP_DONE: finished, successfully or not
 *
 * Where a reformat that keeps the files is.
 */
typedef enum {
  PLUG_KEEP_FILES_STEP_NONE,
  PLUG_KEEP_FILES_STEP_SCANNING,
  PLUG_KEEP_FILES_STEP_CHECKING,
  PLUG_KEEP_FILES_STEP_COPYING_OUT,
  PLUG_KEEP_FILES_STEP_FORMATTING,
  PLUG_KEEP_FILES_STEP_COPYING_BACK,
  PLUG_KEEP_FILES_STEP_VERIFYING,
  PLUG_KEEP_FILES_STEP_REMOVING_COPY,
  PLUG_KEEP_FILES_STEP_DONE,
} PlugKeepFilesStep;

#define PLUG_TYPE_KEEP_FILES_OPERATION (plug_keep_files_operation_get_type ())

G_DECLARE_FINAL_TYPE (PlugKeepFilesOperation, plug_keep_files_operation, PLUG, KEEP_FILES_OPERATION, GObject)

/*
 * How a view uses it (the Drives panel's "Keep my files" switch, and
 * plugboardctl drives format --keep-files):
 *
 * 1. When the user confirms, make it with plug_keep_files_operation_new():
 *    it makes the PlugFormatOperation it wraps, which remembers the drive
 *    as it is then.
 * 2. plug_keep_files_operation_plan_async() reads the volume (nothing is
 *    changed): files, bytes, the space the copy needs on the computer and
 *    the space there is, where the copy will go, and what cannot be
 *    carried to the new filesystem (symbolic links and special files onto
 *    FAT, exFAT or NTFS), and what the files kept lose on the way (hard
 *    links, holes and user.* attributes where the new filesystem holds
 *    none; ACLs and owners always, as the copy runs as the user). It fails, with the reason, when the files cannot
 *    be kept: one too large for the new filesystem, a name it does not
 *    allow, more data than it will hold, or too little space on the
 *    computer. Show the plan before the last confirmation.
 * 3. plug_keep_files_operation_run_async() copies the files out (with a
 *    SHA-256 of each), reformats, mounts, copies them back, verifies each
 *    by its SHA-256 and only then deletes the copy.
 *
 * Progress: #PlugKeepFilesOperation:step, :files-done, :files-total,
 * :bytes-done and :bytes-total, all notified on the thread-default main
 * context the operation was run from (never from a worker thread). While
 * the step is %PLUG_KEEP_FILES_STEP_FORMATTING, the format operation's
 * own :step and :progress say more.
 *
 * Failure: whenever the kept copy holds the files and the drive may no
 * longer hold them, the copy stays, #PlugKeepFilesOperation:kept-copy-path
 * names it after the run (it is %NULL when no copy is left), and the
 * error's message says where it is. A failure before the reformat leaves
 * the drive as it was and removes the partial copy.
 *
 * Cancel: before the reformat begins, the drive is left as it was, the
 * volume mounted again where it was, and the partial copy removed. After
 * it, the copy is kept and the error says where.
 */

PlugKeepFilesOperation *plug_keep_files_operation_new                  (UDisksClient           *client,
                                                                        PlugDrive              *drive,
                                                                        PlugVolume             *volume,
                                                                        const char             *filesystem,
                                                                        const char             *label,
                                                                        PlugFormatFlags         flags);

PlugFormatOperation    *plug_keep_files_operation_get_format_operation (PlugKeepFilesOperation *self);
PlugKeepFilesStep       plug_keep_files_operation_get_step             (PlugKeepFilesOperation *self);
guint                   plug_keep_files_operation_get_files_done       (PlugKeepFilesOperation *self);
guint                   plug_keep_files_operation_get_files_total      (PlugKeepFilesOperation *self);
guint64                 plug_keep_files_operation_get_bytes_done       (PlugKeepFilesOperation *self);
guint64                 plug_keep_files_operation_get_bytes_total      (PlugKeepFilesOperation *self);
double                  plug_keep_files_operation_get_progress         (PlugKeepFilesOperation *self);
const char             *plug_keep_files_operation_get_source_folder    (PlugKeepFilesOperation *self);
const char             *plug_keep_files_operation_get_copy_path        (PlugKeepFilesOperation *self);
guint64                 plug_keep_files_operation_get_space_needed     (PlugKeepFilesOperation *self);
guint64                 plug_keep_files_operation_get_space_available  (PlugKeepFilesOperation *self);
const char * const     *plug_keep_files_operation_get_not_carried      (PlugKeepFilesOperation *self);
const char * const     *plug_keep_files_operation_get_dropped          (PlugKeepFilesOperation *self);
const char             *plug_keep_files_operation_get_kept_copy_path   (PlugKeepFilesOperation *self);

void                    plug_keep_files_operation_plan_async           (PlugKeepFilesOperation *self,
                                                                        GCancellable           *cancellable,
                                                                        GAsyncReadyCallback     callback,
                                                                        gpointer                user_data);
gboolean                plug_keep_files_operation_plan_finish          (PlugKeepFilesOperation *self,
                                                                        GAsyncResult           *result,
                                                                        GError                **error);

void                    plug_keep_files_operation_run_async            (PlugKeepFilesOperation *self,
                                                                        GCancellable           *cancellable,
                                                                        GAsyncReadyCallback     callback,
                                                                        gpointer                user_data);
gboolean                plug_keep_files_operation_run_finish           (PlugKeepFilesOperation *self,
                                                                        GAsyncResult           *result,
                                                                        GError                **error);

char                   *plug_keep_files_check_name                     (const char             *filesystem,
                                                                        const char             *name);

G_END_DECLS
