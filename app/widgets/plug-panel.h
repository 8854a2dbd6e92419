/* plug-panel.h: Base class of the panels the window hosts
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "plug-services.h"

G_BEGIN_DECLS

/* A panel built from a template whose root is the bin's child must call
 * adw_bin_set_child (bin, NULL) before gtk_widget_dispose_template() in
 * its dispose: the template would otherwise unparent the child behind
 * AdwBin's back. */
#define PLUG_TYPE_PANEL (plug_panel_get_type ())

G_DECLARE_DERIVABLE_TYPE (PlugPanel, plug_panel, PLUG, PANEL, AdwBin)

struct _PlugPanelClass
{
  AdwBinClass parent_class;

  /* Called when the services are known, or change from one object to
   * another; never with the same object twice. */
  void (*services_changed) (PlugPanel    *self,
                            PlugServices *services);

  /* Focuses the row of an object the panel lists (a drive, a
   * connection); FALSE while the panel does not list it (yet). Called by
   * plug_panel_show_object() when the panel is on screen, again when it
   * is mapped, and at plug_panel_object_rows_changed(), until it is
   * TRUE. */
  gboolean (*focus_object) (PlugPanel    *self,
                            const char   *object_id);
};

PlugServices *plug_panel_get_services (PlugPanel    *self);
void          plug_panel_set_services (PlugPanel    *self,
                                       PlugServices *services);
void          plug_panel_show_object  (PlugPanel    *self,
                                       const char   *object_id);
void          plug_panel_object_rows_changed (PlugPanel *self);
gboolean      plug_panel_focus_row    (PlugPanel    *self,
                                       GtkWidget    *row);
gboolean      plug_panel_notify_when_away (const char *panel_id,
                                           const char *title,
                                           const char *body);

G_END_DECLS
