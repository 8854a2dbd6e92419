/* plug-fit-check.h: Whether files and folders would fit on a volume
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/**
 * PlugFitProblem:
 * @path: the file, as the user named it or below what they named, for
 *   display
 * @size: its size in bytes, for a file too large; 0 otherwise
 * @reason: why the filesystem cannot hold it, for people
 *
 * One file or folder the filesystem cannot hold as it is.
 */
typedef struct
{
  char    *path;
  guint64  size;
  char    *reason;
} PlugFitProblem;

typedef struct _PlugFitReport PlugFitReport;

void            plug_fit_check_async                 (const char          *filesystem,
                                                      const char          *mount_point,
                                                      guint64              volume_size,
                                                      const char * const  *paths,
                                                      GCancellable        *cancellable,
                                                      GAsyncReadyCallback  callback,
                                                      gpointer             user_data);
PlugFitReport  *plug_fit_check_finish                (GAsyncResult        *result,
                                                      GError             **error);

void            plug_fit_report_free                 (PlugFitReport       *self);
const char     *plug_fit_report_get_filesystem       (const PlugFitReport *self);
guint           plug_fit_report_get_n_files          (const PlugFitReport *self);
guint           plug_fit_report_get_n_folders        (const PlugFitReport *self);
guint64         plug_fit_report_get_total_bytes      (const PlugFitReport *self);
guint64         plug_fit_report_get_needed_bytes     (const PlugFitReport *self);
gboolean        plug_fit_report_get_free_bytes       (const PlugFitReport *self,
                                                      guint64             *free_bytes);
GPtrArray      *plug_fit_report_get_too_large        (const PlugFitReport *self);
GPtrArray      *plug_fit_report_get_bad_names        (const PlugFitReport *self);
GPtrArray      *plug_fit_report_get_not_carried      (const PlugFitReport *self);
gboolean        plug_fit_report_get_fits             (const PlugFitReport *self);
const char     *plug_fit_report_get_suggested_filesystem (const PlugFitReport *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlugFitReport, plug_fit_report_free)

G_END_DECLS
