/* plug-services.h: One owner for every system service client
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <gudev/gudev.h>
#include <libmm-glib.h>
#include <NetworkManager.h>
#include <udisks/udisks.h>

#include "plug-service-kind.h"

G_BEGIN_DECLS

/**
 * PlugServicesClients:
 * @PLUG_SERVICES_CLIENTS_NONE: only track which services are reachable
 * @PLUG_SERVICES_CLIENTS_NETWORK_MANAGER: create an #NMClient
 * @PLUG_SERVICES_CLIENTS_MODEM_MANAGER: create an #MMManager
 * @PLUG_SERVICES_CLIENTS_UDISKS: create a #UDisksClient
 * @PLUG_SERVICES_CLIENTS_UDEV: create a #GUdevClient
 *
 * Which client objects to create. Creating a client costs a round of
 * D-Bus calls, so the command-line tool asks only for what a subcommand
 * uses; the application asks for all of them.
 */
typedef enum {
  PLUG_SERVICES_CLIENTS_NONE            = 0,
  PLUG_SERVICES_CLIENTS_NETWORK_MANAGER = 1 << 0,
  PLUG_SERVICES_CLIENTS_MODEM_MANAGER   = 1 << 1,
  PLUG_SERVICES_CLIENTS_UDISKS          = 1 << 2,
  PLUG_SERVICES_CLIENTS_UDEV            = 1 << 3,
} PlugServicesClients;

#define PLUG_SERVICES_CLIENTS_ALL (PLUG_SERVICES_CLIENTS_NETWORK_MANAGER | \
                                   PLUG_SERVICES_CLIENTS_MODEM_MANAGER |   \
                                   PLUG_SERVICES_CLIENTS_UDISKS |          \
                                   PLUG_SERVICES_CLIENTS_UDEV)

#define PLUG_TYPE_SERVICES (plug_services_get_type ())

G_DECLARE_FINAL_TYPE (PlugServices, plug_services, PLUG, SERVICES, GObject)

void             plug_services_new_async            (PlugServicesClients   clients,
                                                     GCancellable         *cancellable,
                                                     GAsyncReadyCallback   callback,
                                                     gpointer              user_data);
PlugServices    *plug_services_new_finish           (GAsyncResult         *result,
                                                     GError              **error);

GDBusConnection *plug_services_get_system_bus       (PlugServices         *self);
const char      *plug_services_get_system_bus_error (PlugServices         *self);

gboolean         plug_services_is_running           (PlugServices         *self,
                                                     PlugServiceKind       kind);
gboolean         plug_services_is_activatable       (PlugServices         *self,
                                                     PlugServiceKind       kind);
gboolean         plug_services_is_available         (PlugServices         *self,
                                                     PlugServiceKind       kind);
const char      *plug_services_get_version          (PlugServices         *self,
                                                     PlugServiceKind       kind);
char            *plug_services_describe             (PlugServices         *self,
                                                     PlugServiceKind       kind);

NMClient        *plug_services_get_nm_client        (PlugServices         *self);
MMManager       *plug_services_get_mm_manager       (PlugServices         *self);
UDisksClient    *plug_services_get_udisks_client    (PlugServices         *self);
GUdevClient     *plug_services_get_udev_client      (PlugServices         *self);

G_END_DECLS
