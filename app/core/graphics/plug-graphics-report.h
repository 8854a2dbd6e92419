/* plug-graphics-report.h: The Graphics panel's facts as plain text
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "plug-gpu-list.h"
#include "plug-power.h"
#include "plug-renderer.h"
#include "plug-switcheroo.h"

G_BEGIN_DECLS

/**
 * PlugGraphicsDisplay:
 * @name: the monitor's model or connector name, such as “eDP-1”
 * @connector: (nullable): the connector, when @name is the model
 * @width: the width in physical pixels
 * @height: the height in physical pixels
 * @scale: the scale factor the desktop draws the display with
 * @refresh_rate: the refresh rate in millihertz, 0 when unknown
 * @problem: (nullable): why it does not run at its native resolution,
 *   and what would fix it
 *
 * A display as the display server reports it. The core cannot ask for
 * displays itself (only GTK talks to the display server), so the caller
 * describes them.
 */
typedef struct
{
  const char *name;
  const char *connector;
  int         width;
  int         height;
  int         scale;
  int         refresh_rate;
  const char *problem;
} PlugGraphicsDisplay;

const char *plug_graphics_license_get_display_name (PlugGpuLicense             license);
char       *plug_graphics_dup_gpu_name             (PlugGpu                   *gpu);
char       *plug_graphics_dup_gpu_short_name       (PlugGpu                   *gpu);
char       *plug_graphics_dup_pci_id               (PlugGpu                   *gpu);
char       *plug_graphics_dup_driver_description   (PlugGpu                   *gpu);
char       *plug_graphics_dup_other_drivers        (PlugGpu                   *gpu);
char       *plug_graphics_dup_display_mode         (const PlugGraphicsDisplay *display);
char       *plug_graphics_dup_suspend_summary      (PlugPower                 *power);
char       *plug_graphics_dup_hibernate_summary    (PlugPower                 *power);

char       *plug_graphics_report_build             (GListModel                *gpus,
                                                    PlugPower                 *power,
                                                    const PlugGraphicsDisplay *displays,
                                                    gsize                      n_displays);
char       *plug_graphics_report_build_full        (GListModel                *gpus,
                                                    GHashTable                *renderers,
                                                    GHashTable                *driver_notes,
                                                    PlugSwitcheroo            *switcheroo,
                                                    PlugPower                 *power,
                                                    const PlugGraphicsDisplay *displays,
                                                    gsize                      n_displays);

G_END_DECLS
