/* plug-fit-dialog.h: “Will it fit?”, for one volume
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "plug-dialog.h"

#include "plug-drive.h"
#include "plug-volume.h"

G_BEGIN_DECLS

#define PLUG_TYPE_FIT_DIALOG (plug_fit_dialog_get_type ())

G_DECLARE_FINAL_TYPE (PlugFitDialog, plug_fit_dialog, PLUG, FIT_DIALOG, PlugDialog)

GtkWidget *plug_fit_dialog_new         (PlugVolume    *volume);
void       plug_fit_dialog_check_files (PlugFitDialog *self,
                                        GSList        *files);

G_END_DECLS
