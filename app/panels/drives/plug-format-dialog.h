/* plug-format-dialog.h: The reformat wizard
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

#define PLUG_TYPE_FORMAT_DIALOG (plug_format_dialog_get_type ())

G_DECLARE_FINAL_TYPE (PlugFormatDialog, plug_format_dialog, PLUG, FORMAT_DIALOG, PlugDialog)

GtkWidget *plug_format_dialog_new (UDisksClient *client,
                                   PlugDrive    *drive,
                                   PlugVolume   *volume);
void       plug_format_dialog_preset (PlugFormatDialog *self,
                                      const char       *filesystem,
                                      gboolean          keep_files);

G_END_DECLS
