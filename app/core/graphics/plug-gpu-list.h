/* plug-gpu-list.h: The GPUs of this machine
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "plug-display.h"
#include "plug-gpu.h"

G_BEGIN_DECLS

#define PLUG_TYPE_GPU_LIST (plug_gpu_list_get_type ())

G_DECLARE_FINAL_TYPE (PlugGpuList, plug_gpu_list, PLUG, GPU_LIST, GObject)

PlugGpuList *plug_gpu_list_new                   (const char           *root_directory,
                                                  const char           *modules_directory);

const char  *plug_gpu_list_get_root_directory    (PlugGpuList          *self);
const char  *plug_gpu_list_get_modules_directory (PlugGpuList          *self);
GListModel  *plug_gpu_list_get_displays          (PlugGpuList          *self);
PlugDisplay *plug_gpu_list_find_display          (PlugGpuList          *self,
                                                  const char           *connector,
                                                  guint                 n_monitors);

void         plug_gpu_list_load_async            (PlugGpuList          *self,
                                                  GCancellable         *cancellable,
                                                  GAsyncReadyCallback   callback,
                                                  gpointer              user_data);
gboolean     plug_gpu_list_load_finish           (PlugGpuList          *self,
                                                  GAsyncResult         *result,
                                                  GError              **error);

G_END_DECLS
