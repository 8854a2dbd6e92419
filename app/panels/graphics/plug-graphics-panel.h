/* plug-graphics-panel.h: The Graphics panel
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "plug-panel.h"

G_BEGIN_DECLS

#define PLUG_TYPE_GRAPHICS_PANEL (plug_graphics_panel_get_type ())

G_DECLARE_FINAL_TYPE (PlugGraphicsPanel, plug_graphics_panel, PLUG, GRAPHICS_PANEL, PlugPanel)

G_END_DECLS
