/* plug-connection-wizard.h: The wizard that adds a mobile broadband connection
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "plug-dialog.h"
#include <NetworkManager.h>

#include "plug-modem-list.h"

G_BEGIN_DECLS

#define PLUG_TYPE_CONNECTION_WIZARD (plug_connection_wizard_get_type ())

G_DECLARE_FINAL_TYPE (PlugConnectionWizard, plug_connection_wizard, PLUG, CONNECTION_WIZARD, PlugDialog)

PlugConnectionWizard *plug_connection_wizard_new              (NMClient             *client,
                                                               PlugModemList        *modem_list);
void                  plug_connection_wizard_show_unavailable (PlugConnectionWizard *self,
                                                               const char           *title,
                                                               const char           *description);

G_END_DECLS
