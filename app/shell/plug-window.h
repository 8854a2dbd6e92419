/* plug-window.h: The main window, which hosts the panels
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "plug-application.h"

G_BEGIN_DECLS

#define PLUG_TYPE_WINDOW (plug_window_get_type ())

G_DECLARE_FINAL_TYPE (PlugWindow, plug_window, PLUG, WINDOW, AdwApplicationWindow)

PlugWindow *plug_window_new        (PlugApplication *application);
void        plug_window_show_panel (PlugWindow      *self,
                                    const char      *panel_id);
void        plug_window_show_object (PlugWindow     *self,
                                     const char     *panel_id,
                                     const char     *object_id);
const char *plug_window_get_panel  (PlugWindow      *self);

G_END_DECLS
