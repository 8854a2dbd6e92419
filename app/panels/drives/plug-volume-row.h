/* plug-volume-row.h: One volume of a drive, in the Drives panel
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "plug-drive.h"
#include "plug-volume.h"

G_BEGIN_DECLS

#define PLUG_TYPE_VOLUME_ROW (plug_volume_row_get_type ())

G_DECLARE_FINAL_TYPE (PlugVolumeRow, plug_volume_row, PLUG, VOLUME_ROW, AdwActionRow)

GtkWidget  *plug_volume_row_new             (PlugDrive     *drive,
                                             PlugVolume    *volume);
PlugVolume *plug_volume_row_get_volume      (PlugVolumeRow *self);
void        plug_volume_row_refresh_actions (PlugVolumeRow *self);

G_END_DECLS
