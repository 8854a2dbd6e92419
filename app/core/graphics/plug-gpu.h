/* plug-gpu.h: A GPU and the kernel driver that runs it
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * PlugGpuLicense:
 * @PLUG_GPU_LICENSE_UNKNOWN: no driver is bound, or its license could not
 *   be found out
 * @PLUG_GPU_LICENSE_OPEN: the driver's source is published under a license
 *   the kernel accepts as GPL-compatible
 * @PLUG_GPU_LICENSE_PROPRIETARY: the driver taints the kernel as
 *   proprietary, or declares a license that is not GPL-compatible
 */
typedef enum {
  PLUG_GPU_LICENSE_UNKNOWN,
  PLUG_GPU_LICENSE_OPEN,
  PLUG_GPU_LICENSE_PROPRIETARY,
} PlugGpuLicense;

const char *plug_gpu_license_get_id (PlugGpuLicense license);

/**
 * PlugGpuKind:
 * @PLUG_GPU_KIND_UNKNOWN: nothing that knows said
 * @PLUG_GPU_KIND_INTEGRATED: part of the processor or of the chipset,
 *   sharing the system's memory
 * @PLUG_GPU_KIND_DISCRETE: a GPU of its own, on a card or on the board
 */
typedef enum {
  PLUG_GPU_KIND_UNKNOWN,
  PLUG_GPU_KIND_INTEGRATED,
  PLUG_GPU_KIND_DISCRETE,
} PlugGpuKind;

/**
 * PlugGpuKindSource:
 * @PLUG_GPU_KIND_SOURCE_NONE: nothing knew
 * @PLUG_GPU_KIND_SOURCE_VULKAN: the Vulkan driver's device type, from the
 *   renderer probe
 * @PLUG_GPU_KIND_SOURCE_SWITCHEROO: switcheroo-control
 * @PLUG_GPU_KIND_SOURCE_KERNEL: the kernel's facts about the PCI device
 *   (its ids, its class, its display connectors)
 */
typedef enum {
  PLUG_GPU_KIND_SOURCE_NONE,
  PLUG_GPU_KIND_SOURCE_VULKAN,
  PLUG_GPU_KIND_SOURCE_SWITCHEROO,
  PLUG_GPU_KIND_SOURCE_KERNEL,
} PlugGpuKindSource;

const char *plug_gpu_kind_source_get_id (PlugGpuKindSource source);

#define PLUG_TYPE_GPU (plug_gpu_get_type ())

G_DECLARE_FINAL_TYPE (PlugGpu, plug_gpu, PLUG, GPU, GObject)

const char         *plug_gpu_get_pci_slot        (PlugGpu    *self);
const char         *plug_gpu_get_sysfs_path      (PlugGpu    *self);
const char         *plug_gpu_get_vendor_id       (PlugGpu    *self);
const char         *plug_gpu_get_device_id       (PlugGpu    *self);
const char         *plug_gpu_get_vendor          (PlugGpu    *self);
const char         *plug_gpu_get_model           (PlugGpu    *self);
const char         *plug_gpu_get_modalias        (PlugGpu    *self);
gboolean            plug_gpu_is_boot_vga         (PlugGpu    *self);
gboolean            plug_gpu_is_integrated       (PlugGpu    *self);
PlugGpuKind         plug_gpu_get_kind            (PlugGpu    *self);
const char         *plug_gpu_get_kind_hint       (PlugGpu    *self);
const char * const *plug_gpu_get_drm_nodes       (PlugGpu    *self);
const char         *plug_gpu_get_driver          (PlugGpu    *self);
const char         *plug_gpu_get_driver_version  (PlugGpu    *self);
PlugGpuLicense      plug_gpu_get_driver_license  (PlugGpu    *self);
const char * const *plug_gpu_get_alternatives    (PlugGpu    *self);
gboolean            plug_gpu_is_blacklisted      (PlugGpu    *self,
                                                  const char *driver);
const char         *plug_gpu_get_reason          (PlugGpu    *self);
const char         *plug_gpu_get_switch_unavailable_reason (PlugGpu *self);
gboolean            plug_gpu_is_hidden_by_sandbox (PlugGpu   *self);

G_END_DECLS
