/* plug-broadband-actions.h: Add, list, delete, connect and unlock mobile broadband
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <libmm-glib.h>
#include <NetworkManager.h>

#include "plug-broadband-connection.h"

G_BEGIN_DECLS

void                plug_broadband_add_connection_async     (NMClient            *client,
                                                             NMConnection        *connection,
                                                             GCancellable        *cancellable,
                                                             GAsyncReadyCallback  callback,
                                                             gpointer             user_data);
NMRemoteConnection *plug_broadband_add_connection_finish    (GAsyncResult        *result,
                                                             GError             **error);

GPtrArray          *plug_broadband_list_connections         (NMClient            *client);
GStrv               plug_broadband_dup_connection_ids       (NMClient            *client);
NMRemoteConnection *plug_broadband_find_connection          (NMClient            *client,
                                                             const char          *name_or_uuid,
                                                             GError             **error);
NMActiveConnection *plug_broadband_find_active_connection   (NMClient            *client,
                                                             NMRemoteConnection  *connection);
NMDevice           *plug_broadband_find_device              (NMClient            *client,
                                                             NMConnection        *connection,
                                                             GError             **error);

void                plug_broadband_save_connection_async    (NMRemoteConnection  *connection,
                                                             const PlugBroadbandConnectionEdit *edit,
                                                             GCancellable        *cancellable,
                                                             GAsyncReadyCallback  callback,
                                                             gpointer             user_data);
gboolean            plug_broadband_save_connection_finish   (GAsyncResult        *result,
                                                             GError             **error);

void                plug_broadband_delete_connection_async  (NMRemoteConnection  *connection,
                                                             GCancellable        *cancellable,
                                                             GAsyncReadyCallback  callback,
                                                             gpointer             user_data);
gboolean            plug_broadband_delete_connection_finish (GAsyncResult        *result,
                                                             GError             **error);

void                plug_broadband_connect_async            (NMClient            *client,
                                                             NMRemoteConnection  *connection,
                                                             NMDevice            *device,
                                                             GCancellable        *cancellable,
                                                             GAsyncReadyCallback  callback,
                                                             gpointer             user_data);
NMActiveConnection *plug_broadband_connect_finish           (GAsyncResult        *result,
                                                             GError             **error);

void                plug_broadband_disconnect_async         (NMClient            *client,
                                                             NMActiveConnection  *active,
                                                             GCancellable        *cancellable,
                                                             GAsyncReadyCallback  callback,
                                                             gpointer             user_data);
gboolean            plug_broadband_disconnect_finish        (GAsyncResult        *result,
                                                             GError             **error);

void                plug_broadband_unlock_async             (MMObject            *modem,
                                                             const char          *puk,
                                                             const char          *pin,
                                                             GCancellable        *cancellable,
                                                             GAsyncReadyCallback  callback,
                                                             gpointer             user_data);
gboolean            plug_broadband_unlock_finish            (GAsyncResult        *result,
                                                             GError             **error);

G_END_DECLS
