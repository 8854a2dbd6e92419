/* plug-service-kind.h: The system services Plugboard talks to
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * PlugServiceKind:
 * @PLUG_SERVICE_KIND_NETWORK_MANAGER: NetworkManager, for connection profiles
 * @PLUG_SERVICE_KIND_MODEM_MANAGER: ModemManager, for modems and SIMs
 * @PLUG_SERVICE_KIND_UDISKS: udisks2, for drives and volumes
 * @PLUG_SERVICE_KIND_POLKIT: polkit, which authorizes privileged actions
 * @PLUG_SERVICE_KIND_SWITCHEROO: switcheroo-control, for dual-GPU machines
 * @PLUG_SERVICE_KIND_HELPER: plugboard-helper, our own privileged service
 *
 * The order is the order in which they are listed to the user.
 */
typedef enum {
  PLUG_SERVICE_KIND_NETWORK_MANAGER,
  PLUG_SERVICE_KIND_MODEM_MANAGER,
  PLUG_SERVICE_KIND_UDISKS,
  PLUG_SERVICE_KIND_POLKIT,
  PLUG_SERVICE_KIND_SWITCHEROO,
  PLUG_SERVICE_KIND_HELPER,
} PlugServiceKind;

#define PLUG_N_SERVICE_KINDS (PLUG_SERVICE_KIND_HELPER + 1)

const char *plug_service_kind_get_id               (PlugServiceKind  kind);
const char *plug_service_kind_get_name             (PlugServiceKind  kind);
const char *plug_service_kind_get_bus_name         (PlugServiceKind  kind);
const char *plug_service_kind_get_object_path      (PlugServiceKind  kind);
const char *plug_service_kind_get_version_interface (PlugServiceKind kind);
const char *plug_service_kind_get_version_property (PlugServiceKind  kind);
const char *plug_service_kind_get_package          (PlugServiceKind  kind);
gboolean    plug_service_kind_from_id              (const char      *id,
                                                    PlugServiceKind *kind);

G_END_DECLS
