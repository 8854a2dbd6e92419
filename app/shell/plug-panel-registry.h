/* plug-panel-registry.h: The panels this build contains
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef struct
{
  /* The same word names the panel's folder, --panel=, the GSettings value
   * and the plugboardctl subcommand. */
  const char *id;
  const char *title;
  const char *icon_name;
  GType     (*get_type) (void);
  /* What the panel is for, in a line (GNOME Shell's search results). */
  const char *description;
  /* The panels' icons ship inside the application; GNOME Shell finds
   * this one in the icon theme. */
  const char *theme_icon_name;
} PlugPanelInfo;

const PlugPanelInfo *plug_panel_registry_get_all     (guint      *n_panels);
const PlugPanelInfo *plug_panel_registry_lookup      (const char *id);
gboolean             plug_panel_registry_is_known_id (const char *id);

G_END_DECLS
