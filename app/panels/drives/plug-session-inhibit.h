/* plug-session-inhibit.h: Holding off suspend and logout while a drive is rewritten
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Embedded in a dialog, zeroed; held at most once at a time. */
typedef struct
{
  GtkApplication *application;
  guint           cookie;
} PlugSessionInhibit;

void plug_session_inhibit_hold    (PlugSessionInhibit *self,
                                   GtkWindow          *window,
                                   const char         *why);
void plug_session_inhibit_release (PlugSessionInhibit *self);

G_END_DECLS
