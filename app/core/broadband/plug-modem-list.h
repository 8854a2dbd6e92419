/* plug-modem-list.h: The live list of mobile broadband modems
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <libmm-glib.h>
#include <NetworkManager.h>

#include "plug-modem.h"

G_BEGIN_DECLS

#define PLUG_TYPE_MODEM_LIST (plug_modem_list_get_type ())

G_DECLARE_FINAL_TYPE (PlugModemList, plug_modem_list, PLUG, MODEM_LIST, GObject)

PlugModemList *plug_modem_list_new                      (NMClient             *client,
                                                         MMManager            *manager);
NMClient      *plug_modem_list_get_client               (PlugModemList        *self);
MMManager     *plug_modem_list_get_manager              (PlugModemList        *self);
PlugModem     *plug_modem_list_find_by_interface        (PlugModemList        *self,
                                                         const char           *interface);
GListModel    *plug_modem_list_get_unmanaged            (PlugModemList        *self);
PlugModem     *plug_modem_list_find_unmanaged           (PlugModemList        *self,
                                                         const char           *interface);

void           plug_modem_list_wait_for_details_async   (PlugModemList        *self,
                                                         GCancellable         *cancellable,
                                                         GAsyncReadyCallback   callback,
                                                         gpointer              user_data);
gboolean       plug_modem_list_wait_for_details_finish  (PlugModemList        *self,
                                                         GAsyncResult         *result,
                                                         GError              **error);

G_END_DECLS
