/* plug-connection-row.h: One mobile broadband connection, in the panel
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>
#include <NetworkManager.h>

G_BEGIN_DECLS

#define PLUG_TYPE_CONNECTION_ROW (plug_connection_row_get_type ())

G_DECLARE_FINAL_TYPE (PlugConnectionRow, plug_connection_row, PLUG, CONNECTION_ROW, AdwExpanderRow)

GtkWidget          *plug_connection_row_new            (NMClient            *client,
                                                        NMRemoteConnection  *connection);
NMRemoteConnection *plug_connection_row_get_connection (PlugConnectionRow   *self);

void                plug_connection_rows_sync          (AdwPreferencesGroup *group,
                                                        GPtrArray           *rows,
                                                        NMClient            *client,
                                                        GPtrArray           *connections);

G_END_DECLS
