/* plug-kept-copies-group.h: The files a reformat kept and did not put back
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "plug-drive-list.h"

G_BEGIN_DECLS

#define PLUG_TYPE_KEPT_COPIES_GROUP (plug_kept_copies_group_get_type ())

G_DECLARE_FINAL_TYPE (PlugKeptCopiesGroup, plug_kept_copies_group, PLUG, KEPT_COPIES_GROUP, AdwPreferencesGroup)

GtkWidget *plug_kept_copies_group_new            (void);
void       plug_kept_copies_group_set_drive_list (PlugKeptCopiesGroup *self,
                                                  PlugDriveList       *drive_list);
guint      plug_kept_copies_group_get_n_copies   (PlugKeptCopiesGroup *self);

G_END_DECLS
