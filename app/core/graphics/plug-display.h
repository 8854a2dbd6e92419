/* plug-display.h: A display connector of a GPU, and the monitor on it
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define PLUG_TYPE_DISPLAY (plug_display_get_type ())

G_DECLARE_FINAL_TYPE (PlugDisplay, plug_display, PLUG, DISPLAY, GObject)

const char         *plug_display_get_connector    (PlugDisplay *self);
const char         *plug_display_get_card         (PlugDisplay *self);
const char         *plug_display_get_pci_slot     (PlugDisplay *self);
gboolean            plug_display_is_connected     (PlugDisplay *self);
gboolean            plug_display_is_enabled       (PlugDisplay *self);
const char         *plug_display_get_name         (PlugDisplay *self);
const char         *plug_display_get_manufacturer (PlugDisplay *self);
int                 plug_display_get_width        (PlugDisplay *self);
int                 plug_display_get_height       (PlugDisplay *self);
int                 plug_display_get_refresh_rate (PlugDisplay *self);
const char * const *plug_display_get_modes        (PlugDisplay *self);
const char         *plug_display_get_edid_error   (PlugDisplay *self);
int                 plug_display_get_native_width  (PlugDisplay *self);
int                 plug_display_get_native_height (PlugDisplay *self);
char               *plug_display_dup_native_resolution (PlugDisplay *self);
gboolean            plug_display_offers_mode      (PlugDisplay *self,
                                                   int          width,
                                                   int          height);
const char         *plug_display_get_framebuffer  (PlugDisplay *self);
const char         *plug_display_get_resolution_problem (PlugDisplay *self);
char               *plug_display_dup_session_problem (PlugDisplay *self,
                                                      int          width,
                                                      int          height);

G_END_DECLS
