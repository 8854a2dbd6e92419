/* plug-sandbox.c: Whether Plugboard runs inside a Flatpak sandbox
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "plug-sandbox.h"

/*
 * Flatpak puts /.flatpak-info at the root of every sandbox it starts; it
 * cannot be made from inside. Inside, Plugboard may not talk to logind
 * (Flathub refuses the permission), notifications go through the portal,
 * and the host's /etc, /lib/modules and most of /sys are out of sight.
 */

/**
 * plug_sandbox_is_flatpak:
 *
 * Returns: %TRUE inside a Flatpak sandbox. Read once: a process does not
 *   move in or out of one.
 */
gboolean
plug_sandbox_is_flatpak (void)
{
  static gsize inside = 0;

  if (g_once_init_enter (&inside))
    g_once_init_leave (&inside, g_file_test ("/.flatpak-info", G_FILE_TEST_EXISTS) ? 2 : 1);

  return inside == 2;
}

/**
 * plug_sandbox_get_not_visible_text:
 *
 * Returns: what the panels say of a value the sandbox hides, where
 *   plugboard-helper could not tell it. Never "none": the host may well
 *   have it.
 */
const char *
plug_sandbox_get_not_visible_text (void)
{
  return _("Not visible from the sandbox");
}
