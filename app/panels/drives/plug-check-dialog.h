/* plug-check-dialog.h: Checking a volume for errors, and repairing them
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

#define PLUG_TYPE_CHECK_DIALOG (plug_check_dialog_get_type ())

G_DECLARE_FINAL_TYPE (PlugCheckDialog, plug_check_dialog, PLUG, CHECK_DIALOG, PlugDialog)

GtkWidget *plug_check_dialog_new              (UDisksClient    *client,
                                               PlugDrive       *drive,
                                               PlugVolume      *volume);
void       plug_check_dialog_ask_repair       (PlugCheckDialog *self,
                                               GtkWidget       *parent);

gboolean   plug_check_dialog_get_found_errors (PlugVolume      *volume);

G_END_DECLS
