/* plug-modem-group.h: One modem, in the Mobile Broadband panel
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include <NetworkManager.h>

#include "plug-modem.h"

G_BEGIN_DECLS

#define PLUG_TYPE_MODEM_GROUP (plug_modem_group_get_type ())

G_DECLARE_FINAL_TYPE (PlugModemGroup, plug_modem_group, PLUG, MODEM_GROUP, AdwPreferencesGroup)

GtkWidget *plug_modem_group_new             (PlugModem      *modem,
                                             MMManager      *manager);
PlugModem *plug_modem_group_get_modem       (PlugModemGroup *self);
void       plug_modem_group_set_connections (PlugModemGroup *self,
                                             NMClient       *client,
                                             GPtrArray      *connections);

G_END_DECLS
