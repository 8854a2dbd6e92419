/* plug-gpu-private.h: What PlugGpuList fills in
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "plug-display.h"
#include "plug-gpu.h"

G_BEGIN_DECLS

/* A GPU is read once, in the list's worker thread, and never changes
 * afterwards: a new reading makes new objects. So the list fills the
 * fields directly instead of going through setters nobody else may call. */
struct _PlugGpu
{
  GObject          parent_instance;

  char            *pci_slot;
  char            *sysfs_path;
  char            *vendor_id;
  char            *device_id;
  char            *vendor;
  char            *model;
  char            *modalias;
  gboolean         boot_vga;
  PlugGpuKind      kind;
  char            *kind_hint;
  GStrv            drm_nodes;

  char            *driver;
  char            *driver_version;
  PlugGpuLicense   driver_license;
  GStrv            alternatives;
  GStrv            blacklisted;
  char            *reason;
  char            *switch_unavailable_reason;
  /* In a Flatpak sandbox without plugboard-helper's facts: the driver's
   * version and licence, and the alternatives, are not known. */
  gboolean         hidden_by_sandbox;
};

PlugGpu *plug_gpu_new (void);

/* The same for a display connector. */
struct _PlugDisplay
{
  GObject          parent_instance;

  char            *connector;
  char            *card;
  char            *pci_slot;
  gboolean         connected;
  gboolean         enabled;
  char            *name;
  char            *manufacturer;
  int              width;
  int              height;
  int              refresh_rate;
  GStrv            modes;
  char            *edid_error;
  int              native_width;
  int              native_height;
  char            *framebuffer;
  char            *resolution_problem;
};

PlugDisplay *plug_display_new (void);

G_END_DECLS
