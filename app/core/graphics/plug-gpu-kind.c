/* plug-gpu-kind.c: Integrated or discrete, from what knows
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include "plug-gpu-kind.h"

/*
 * Three things can say whether a GPU is integrated, asked in this order,
 * the first that says wins:
 *
 *  1. the Vulkan driver, through the renderer probe: RADV, ANV and
 *     NVIDIA's driver each ask the kernel driver, which knows (amdgpu's
 *     APU flag is not in sysfs, but RADV reads it); only a device at the
 *     GPU's own PCI slot counts, not lavapipe;
 *  2. the kernel's facts about the PCI device (plug_gpu_get_kind(): the
 *     ids, the class, the display connectors; plug-gpu-list.c);
 *  3. switcheroo-control, for a machine it says has two GPUs: the one it
 *     does not call the default is discrete, as GNOME's "Launch using
 *     Discrete Graphics" takes it. Its default says nothing: it is the
 *     GPU that showed the boot display (boot_vga), which a desktop's card
 *     is as often as an integrated GPU, so the default is not called
 *     integrated. Weakest, and only for a GPU nothing above decided: an
 *     integrated GPU the kernel's facts do not know, beside a card that
 *     shows the boot display, would be called discrete.
 *
 * Where none says, the kind is unknown, and callers claim neither.
 */

/**
 * plug_gpu_kind_decide:
 * @gpu: the GPU
 * @renderer: (nullable): the renderer probe's answer for @gpu
 * @switcheroo: (nullable): switcheroo-control's view
 * @source: (out) (optional): what decided
 *
 * Returns: integrated, discrete, or unknown
 */
PlugGpuKind
plug_gpu_kind_decide (PlugGpu           *gpu,
                      PlugRenderer      *renderer,
                      PlugSwitcheroo    *switcheroo,
                      PlugGpuKindSource *source)
{
  PlugGpuKindSource found = PLUG_GPU_KIND_SOURCE_NONE;
  PlugGpuKind kind = PLUG_GPU_KIND_UNKNOWN;
  const char *vulkan_type;

  g_return_val_if_fail (PLUG_IS_GPU (gpu), PLUG_GPU_KIND_UNKNOWN);
  g_return_val_if_fail (renderer == NULL || PLUG_IS_RENDERER (renderer), PLUG_GPU_KIND_UNKNOWN);
  g_return_val_if_fail (switcheroo == NULL || PLUG_IS_SWITCHEROO (switcheroo), PLUG_GPU_KIND_UNKNOWN);

  vulkan_type = renderer != NULL ? plug_renderer_get_vulkan_device_type (renderer) : NULL;
  if (g_strcmp0 (vulkan_type, "integrated") == 0)
    {
      kind = PLUG_GPU_KIND_INTEGRATED;
      found = PLUG_GPU_KIND_SOURCE_VULKAN;
    }
  else if (g_strcmp0 (vulkan_type, "discrete") == 0)
    {
      kind = PLUG_GPU_KIND_DISCRETE;
      found = PLUG_GPU_KIND_SOURCE_VULKAN;
    }
  else if (plug_gpu_get_kind (gpu) != PLUG_GPU_KIND_UNKNOWN)
    {
      kind = plug_gpu_get_kind (gpu);
      found = PLUG_GPU_KIND_SOURCE_KERNEL;
    }
  else if (switcheroo != NULL && plug_switcheroo_is_running (switcheroo) &&
           plug_switcheroo_has_dual_gpu (switcheroo) && plug_switcheroo_get_n_gpus (switcheroo) == 2)
    {
      const PlugSwitcherooGpu *entry = plug_switcheroo_find_gpu (switcheroo, gpu);
      gboolean one_default = plug_switcheroo_get_gpu (switcheroo, 0)->is_default !=
                             plug_switcheroo_get_gpu (switcheroo, 1)->is_default;

      if (entry != NULL && one_default && !entry->is_default)
        {
          kind = PLUG_GPU_KIND_DISCRETE;
          found = PLUG_GPU_KIND_SOURCE_SWITCHEROO;
        }
    }

  if (source != NULL)
    *source = found;

  return kind;
}
