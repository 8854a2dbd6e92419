/* plug-cli-drives.h: What the `drives` subcommands share
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "plug-drive-list.h"

G_BEGIN_DECLS

gboolean plug_cli_drives_resolve_volume (PlugDriveList  *drives,
                                         const char     *name,
                                         PlugDrive     **drive_out,
                                         PlugVolume    **volume_out,
                                         GError        **error);

G_END_DECLS
