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

/**
 * PlugBroadbandRadio:
 * @PLUG_BROADBAND_RADIO_ON: mobile broadband is on
 * @PLUG_BROADBAND_RADIO_OFF: turned off in NetworkManager, or blocked by
 *   software (rfkill): NetworkManager can turn it on
 * @PLUG_BROADBAND_RADIO_HARDWARE_OFF: blocked by the laptop's wireless
 *   switch or key: only that can turn it on
 *
 * Whether the modems may use their radio, from NetworkManager's
 * `WwanEnabled` and `WwanHardwareEnabled`.
 */
typedef enum {
  PLUG_BROADBAND_RADIO_ON,
  PLUG_BROADBAND_RADIO_OFF,
  PLUG_BROADBAND_RADIO_HARDWARE_OFF,
} PlugBroadbandRadio;

PlugBroadbandRadio  plug_broadband_radio_from_flags         (gboolean             enabled,
                                                             gboolean             hardware_enabled);
PlugBroadbandRadio  plug_broadband_get_radio                (NMClient            *client);
const char         *plug_broadband_radio_get_id             (PlugBroadbandRadio   radio);
gboolean            plug_broadband_radio_check              (PlugBroadbandRadio   radio,
                                                             GError             **error);

void                plug_broadband_set_radio_async          (NMClient            *client,
                                                             gboolean             enabled,
                                                             GCancellable        *cancellable,
                                                             GAsyncReadyCallback  callback,
                                                             gpointer             user_data);
gboolean            plug_broadband_set_radio_finish         (GAsyncResult        *result,
                                                             GError             **error);

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
