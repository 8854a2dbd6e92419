/* plug-drive-group.h: One drive and its volumes, in the Drives panel
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "plug-drive.h"

G_BEGIN_DECLS

#define PLUG_TYPE_DRIVE_GROUP (plug_drive_group_get_type ())

G_DECLARE_FINAL_TYPE (PlugDriveGroup, plug_drive_group, PLUG, DRIVE_GROUP, AdwPreferencesGroup)

GtkWidget *plug_drive_group_new             (PlugDrive      *drive);
PlugDrive *plug_drive_group_get_drive       (PlugDriveGroup *self);
void       plug_drive_group_refresh_actions (PlugDriveGroup *self);

G_END_DECLS
