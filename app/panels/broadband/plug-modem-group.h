/* plug-modem-group.h: One modem, in the Mobile Broadband panel
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "plug-modem.h"

G_BEGIN_DECLS

#define PLUG_TYPE_MODEM_GROUP (plug_modem_group_get_type ())

G_DECLARE_FINAL_TYPE (PlugModemGroup, plug_modem_group, PLUG, MODEM_GROUP, AdwPreferencesGroup)

GtkWidget *plug_modem_group_new       (PlugModem      *modem);
PlugModem *plug_modem_group_get_modem (PlugModemGroup *self);

G_END_DECLS
