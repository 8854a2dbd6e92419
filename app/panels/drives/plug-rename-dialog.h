/* plug-rename-dialog.h: Renaming a volume
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "plug-dialog.h"
#include <udisks/udisks.h>

#include "plug-drive.h"
#include "plug-volume.h"

G_BEGIN_DECLS

#define PLUG_TYPE_RENAME_DIALOG (plug_rename_dialog_get_type ())

G_DECLARE_FINAL_TYPE (PlugRenameDialog, plug_rename_dialog, PLUG, RENAME_DIALOG, PlugDialog)

GtkWidget *plug_rename_dialog_new (UDisksClient *client,
                                   PlugDrive    *drive,
                                   PlugVolume   *volume);

G_END_DECLS
