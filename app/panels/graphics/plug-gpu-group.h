/* plug-gpu-group.h: One GPU and its driver, in the Graphics panel
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "plug-driver-switch.h"
#include "plug-gpu.h"
#include "plug-renderer.h"
#include "plug-switcheroo.h"

G_BEGIN_DECLS

#define PLUG_TYPE_GPU_GROUP (plug_gpu_group_get_type ())

G_DECLARE_FINAL_TYPE (PlugGpuGroup, plug_gpu_group, PLUG, GPU_GROUP, AdwPreferencesGroup)

GtkWidget *plug_gpu_group_new     (PlugGpu      *gpu);
PlugGpu   *plug_gpu_group_get_gpu (PlugGpuGroup *self);
void       plug_gpu_group_set_renderer      (PlugGpuGroup     *self,
                                             PlugRenderer     *renderer);
void       plug_gpu_group_set_switcheroo    (PlugGpuGroup     *self,
                                             PlugSwitcheroo   *switcheroo);
char      *plug_gpu_group_dup_driver_note    (PlugGpuGroup     *self);
void       plug_gpu_group_set_driver_switch (PlugGpuGroup     *self,
                                             PlugDriverSwitch *driver_switch,
                                             const char       *chosen_driver,
                                             gboolean          keep_if_it_fails,
                                             const GError     *unavailable);

G_END_DECLS
