/* plug-drives-panel.h: The Drives panel
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "plug-panel.h"

G_BEGIN_DECLS

#define PLUG_TYPE_DRIVES_PANEL (plug_drives_panel_get_type ())

G_DECLARE_FINAL_TYPE (PlugDrivesPanel, plug_drives_panel, PLUG, DRIVES_PANEL, PlugPanel)

G_END_DECLS
