/* plug-broadband-panel.h: The Mobile Broadband panel
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "plug-panel.h"

G_BEGIN_DECLS

#define PLUG_TYPE_BROADBAND_PANEL (plug_broadband_panel_get_type ())

G_DECLARE_FINAL_TYPE (PlugBroadbandPanel, plug_broadband_panel, PLUG, BROADBAND_PANEL, PlugPanel)

G_END_DECLS
