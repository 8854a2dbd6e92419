/* plug-sim-unlock-row.h: Unlock a modem's SIM with its PIN or PUK
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>
#include <libmm-glib.h>

#include "plug-modem.h"

G_BEGIN_DECLS

#define PLUG_TYPE_SIM_UNLOCK_ROW (plug_sim_unlock_row_get_type ())

G_DECLARE_FINAL_TYPE (PlugSimUnlockRow, plug_sim_unlock_row, PLUG, SIM_UNLOCK_ROW, AdwExpanderRow)

void plug_sim_unlock_row_set_modem (PlugSimUnlockRow *self,
                                    PlugModem        *modem,
                                    MMManager        *manager);

G_END_DECLS
