/* plug-switcheroo.h: switcheroo-control's view of a machine with two GPUs
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "plug-gpu.h"

G_BEGIN_DECLS

/**
 * PlugSwitcherooGpu:
 * @name: the GPU's name, as switcheroo-control gives it
 * @environment: the "NAME=value" pairs that make an app render on it
 * @is_default: whether apps render on it unless told otherwise
 */
typedef struct
{
  char     *name;
  GStrv     environment;
  gboolean  is_default;
} PlugSwitcherooGpu;

#define PLUG_TYPE_SWITCHEROO (plug_switcheroo_get_type ())

G_DECLARE_FINAL_TYPE (PlugSwitcheroo, plug_switcheroo, PLUG, SWITCHEROO, GObject)

void                     plug_switcheroo_read_async    (GDBusConnection      *system_bus,
                                                        GCancellable         *cancellable,
                                                        GAsyncReadyCallback   callback,
                                                        gpointer              user_data);
PlugSwitcheroo          *plug_switcheroo_read_finish   (GAsyncResult         *result,
                                                        GError              **error);

gboolean                 plug_switcheroo_is_running    (PlugSwitcheroo       *self);
gboolean                 plug_switcheroo_has_dual_gpu  (PlugSwitcheroo       *self);
guint                    plug_switcheroo_get_n_gpus    (PlugSwitcheroo       *self);
const PlugSwitcherooGpu *plug_switcheroo_get_gpu       (PlugSwitcheroo       *self,
                                                        guint                 index);
const PlugSwitcherooGpu *plug_switcheroo_find_gpu      (PlugSwitcheroo       *self,
                                                        PlugGpu              *gpu);

G_END_DECLS
