/* plug-panel-registry.c: The panels this build contains
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-panel-registry.h"

#ifdef PLUG_HAVE_PANEL_BROADBAND
# include "plug-broadband-panel.h"
#endif
#ifdef PLUG_HAVE_PANEL_DRIVES
# include "plug-drives-panel.h"
#endif
#ifdef PLUG_HAVE_PANEL_GRAPHICS
# include "plug-graphics-panel.h"
#endif

/* Every panel Plugboard has, built or not, so that --panel can tell a typo
 * from a panel this build leaves out. */
static const char * const known_ids[] = { "broadband", "drives", "graphics" };

static const PlugPanelInfo panels[] = {
#ifdef PLUG_HAVE_PANEL_BROADBAND
  { "broadband", N_("Mobile Broadband"), "plug-broadband-symbolic", plug_broadband_panel_get_type,
    N_("Modems, SIM cards and mobile broadband connections"), "network-cellular-symbolic" },
#endif
#ifdef PLUG_HAVE_PANEL_DRIVES
  { "drives", N_("Drives"), "plug-drives-symbolic", plug_drives_panel_get_type,
    N_("Reformat, rename and test external drives"), "drive-removable-media-symbolic" },
#endif
#ifdef PLUG_HAVE_PANEL_GRAPHICS
  { "graphics", N_("Graphics"), "plug-graphics-symbolic", plug_graphics_panel_get_type,
    N_("Graphics drivers, displays and power"), "video-display-symbolic" },
#endif
  { NULL }
};

/**
 * plug_panel_registry_get_all:
 * @n_panels: (out): the number of panels
 *
 * Returns: the panels of this build, in the order the window shows them
 */
const PlugPanelInfo *
plug_panel_registry_get_all (guint *n_panels)
{
  *n_panels = G_N_ELEMENTS (panels) - 1;

  return panels;
}

const PlugPanelInfo *
plug_panel_registry_lookup (const char *id)
{
  for (guint i = 0; panels[i].id != NULL; i++)
    {
      if (g_strcmp0 (panels[i].id, id) == 0)
        return &panels[i];
    }

  return NULL;
}

gboolean
plug_panel_registry_is_known_id (const char *id)
{
  for (guint i = 0; i < G_N_ELEMENTS (known_ids); i++)
    {
      if (g_strcmp0 (known_ids[i], id) == 0)
        return TRUE;
    }

  return FALSE;
}
