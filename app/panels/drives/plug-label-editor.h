/* plug-label-editor.h: A volume's name, checked as it is typed
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>
#include <udisks/udisks.h>

G_BEGIN_DECLS

#define PLUG_TYPE_LABEL_EDITOR (plug_label_editor_get_type ())

G_DECLARE_FINAL_TYPE (PlugLabelEditor, plug_label_editor, PLUG, LABEL_EDITOR, AdwPreferencesGroup)

GtkWidget  *plug_label_editor_new            (void);
void        plug_label_editor_set_client     (PlugLabelEditor *self,
                                              UDisksClient    *client,
                                              const char      *own_object_path);
void        plug_label_editor_set_filesystem (PlugLabelEditor *self,
                                              const char      *filesystem,
                                              const char      *uuid);
void        plug_label_editor_set_stays_mounted (PlugLabelEditor *self,
                                                 gboolean         stays_mounted);
const char *plug_label_editor_get_text       (PlugLabelEditor *self);
void        plug_label_editor_set_text       (PlugLabelEditor *self,
                                              const char      *text);
gboolean    plug_label_editor_get_valid      (PlugLabelEditor *self);
const char *plug_label_editor_get_label      (PlugLabelEditor *self);
const char *plug_label_editor_get_mount_point (PlugLabelEditor *self);
void        plug_label_editor_grab_focus     (PlugLabelEditor *self);

G_END_DECLS
