/* plug-cli-drives.h: What the `drives` subcommands share
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "plug-drive-list.h"
#include "plug-services.h"

G_BEGIN_DECLS

gboolean plug_cli_drives_resolve_volume (PlugDriveList  *drives,
                                         const char     *name,
                                         PlugDrive     **drive_out,
                                         PlugVolume    **volume_out,
                                         GError        **error);

UDisksClient *plug_cli_drives_connect (PlugServices **services_out,
                                       int           *exit_code,
                                       const char    *without_udisks,
                                       ...) G_GNUC_PRINTF (3, 4);

G_END_DECLS
