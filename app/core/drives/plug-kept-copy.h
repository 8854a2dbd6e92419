/* plug-kept-copy.h: Copies of a drive's files kept on this computer
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define PLUG_TYPE_KEPT_COPY (plug_kept_copy_get_type ())

G_DECLARE_FINAL_TYPE (PlugKeptCopy, plug_kept_copy, PLUG, KEPT_COPY, GObject)

/* What a keep-files run says of its copy, written before the copy. */
typedef struct
{
  const char *label;
  const char *device;
  const char *drive;
  const char *filesystem;
  const char *new_filesystem;
  guint       n_files;
  guint64     size;
} PlugKeptCopyInfo;

char         *plug_kept_copy_dup_base_folder      (void);

int           plug_kept_copy_begin                (const char        *base_folder,
                                                   const char        *copy_path,
                                                   const PlugKeptCopyInfo *info,
                                                   GError           **error);
gboolean      plug_kept_copy_remove_files         (const char        *copy_path,
                                                   GError           **error);

GPtrArray    *plug_kept_copy_list                 (const char        *base_folder,
                                                   GCancellable      *cancellable,
                                                   GError           **error);
void          plug_kept_copy_list_async           (const char        *base_folder,
                                                   GCancellable      *cancellable,
                                                   GAsyncReadyCallback callback,
                                                   gpointer           user_data);
GPtrArray    *plug_kept_copy_list_finish          (GAsyncResult      *result,
                                                   GError           **error);
PlugKeptCopy *plug_kept_copy_find                 (GPtrArray         *copies,
                                                   const char        *name_or_path);

const char   *plug_kept_copy_get_name             (PlugKeptCopy      *self);
const char   *plug_kept_copy_get_path             (PlugKeptCopy      *self);
const char   *plug_kept_copy_get_checksums_path   (PlugKeptCopy      *self);
const char   *plug_kept_copy_get_label            (PlugKeptCopy      *self);
const char   *plug_kept_copy_get_device           (PlugKeptCopy      *self);
const char   *plug_kept_copy_get_drive            (PlugKeptCopy      *self);
const char   *plug_kept_copy_get_filesystem       (PlugKeptCopy      *self);
const char   *plug_kept_copy_get_new_filesystem   (PlugKeptCopy      *self);
GDateTime    *plug_kept_copy_get_created          (PlugKeptCopy      *self);
guint         plug_kept_copy_get_n_files          (PlugKeptCopy      *self);
guint64       plug_kept_copy_get_size             (PlugKeptCopy      *self);
gboolean      plug_kept_copy_get_in_use           (PlugKeptCopy      *self);
char         *plug_kept_copy_dup_display_name     (PlugKeptCopy      *self);

void          plug_kept_copy_restore_async        (PlugKeptCopy      *self,
                                                   const char        *target_folder,
                                                   GCancellable      *cancellable,
                                                   GAsyncReadyCallback callback,
                                                   gpointer           user_data);
gboolean      plug_kept_copy_restore_finish       (PlugKeptCopy      *self,
                                                   GAsyncResult      *result,
                                                   GError           **error);
void          plug_kept_copy_delete_async         (PlugKeptCopy      *self,
                                                   GCancellable      *cancellable,
                                                   GAsyncReadyCallback callback,
                                                   gpointer           user_data);
gboolean      plug_kept_copy_delete_finish        (PlugKeptCopy      *self,
                                                   GAsyncResult      *result,
                                                   GError           **error);

G_END_DECLS
