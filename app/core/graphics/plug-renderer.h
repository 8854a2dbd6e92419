/* plug-renderer.h: Who renders for a GPU: OpenGL and Vulkan, asked in a process of their own
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "plug-gpu.h"

G_BEGIN_DECLS

/**
 * PlugRendererAcceleration:
 * @PLUG_RENDERER_ACCELERATION_UNKNOWN: the probe could not say (it failed,
 *   crashed or timed out)
 * @PLUG_RENDERER_ACCELERATION_HARDWARE: OpenGL renders on the GPU
 * @PLUG_RENDERER_ACCELERATION_SOFTWARE: OpenGL renders on the processor
 *   (llvmpipe, softpipe, swrast)
 */
typedef enum {
  PLUG_RENDERER_ACCELERATION_UNKNOWN,
  PLUG_RENDERER_ACCELERATION_HARDWARE,
  PLUG_RENDERER_ACCELERATION_SOFTWARE,
} PlugRendererAcceleration;

/**
 * PlugRendererReason:
 * @PLUG_RENDERER_REASON_NONE: not software rendering, or no reason found
 * @PLUG_RENDERER_REASON_NOMODESET: `nomodeset` is on the kernel command line
 * @PLUG_RENDERER_REASON_NO_DRIVER: no kernel driver is bound to the GPU
 * @PLUG_RENDERER_REASON_NO_GPU_ACCESS: the GPU has no device node in
 *   /dev/dri, or this session may not open it
 * @PLUG_RENDERER_REASON_FIRMWARE_MISSING: none of the firmware files the
 *   bound driver loads is installed
 * @PLUG_RENDERER_REASON_FLATPAK_GL_EXTENSION_MISSING: in a Flatpak
 *   sandbox, the host runs the NVIDIA driver and the runtime lacks the
 *   org.freedesktop.Platform.GL.nvidia extension of its version
 */
typedef enum {
  PLUG_RENDERER_REASON_NONE,
  PLUG_RENDERER_REASON_NOMODESET,
  PLUG_RENDERER_REASON_NO_DRIVER,
  PLUG_RENDERER_REASON_NO_GPU_ACCESS,
  PLUG_RENDERER_REASON_FIRMWARE_MISSING,
  PLUG_RENDERER_REASON_FLATPAK_GL_EXTENSION_MISSING,
} PlugRendererReason;

const char *plug_renderer_reason_get_id (PlugRendererReason reason);

#define PLUG_TYPE_RENDERER (plug_renderer_get_type ())

G_DECLARE_FINAL_TYPE (PlugRenderer, plug_renderer, PLUG, RENDERER, GObject)

gboolean                  plug_renderer_name_is_software        (const char           *renderer);
char                     *plug_renderer_dup_probe_path          (void);

void                      plug_renderer_probe_async             (PlugGpu              *gpu,
                                                                 const char           *root_directory,
                                                                 const char           *modules_directory,
                                                                 const char * const   *environment,
                                                                 GCancellable         *cancellable,
                                                                 GAsyncReadyCallback   callback,
                                                                 gpointer              user_data);
PlugRenderer             *plug_renderer_probe_finish            (GAsyncResult         *result,
                                                                 GError              **error);

const char               *plug_renderer_get_pci_slot            (PlugRenderer         *self);
const char               *plug_renderer_get_opengl_renderer     (PlugRenderer         *self);
const char               *plug_renderer_get_opengl_version      (PlugRenderer         *self);
const char * const       *plug_renderer_get_vulkan_devices      (PlugRenderer         *self);
const char               *plug_renderer_get_vulkan_device_type  (PlugRenderer         *self);
const char               *plug_renderer_get_error               (PlugRenderer         *self);
PlugRendererAcceleration  plug_renderer_get_acceleration        (PlugRenderer         *self);
PlugRendererReason        plug_renderer_get_reason              (PlugRenderer         *self);
char                     *plug_renderer_dup_reason_text         (PlugRenderer         *self);

G_END_DECLS
