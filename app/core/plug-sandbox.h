/* plug-sandbox.h: Whether Plugboard runs inside a Flatpak sandbox
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What plugboardctl's JSON says of a value the sandbox hides. */
#define PLUG_SANDBOX_NOT_VISIBLE "not visible from the Flatpak sandbox"

gboolean    plug_sandbox_is_flatpak            (void);
const char *plug_sandbox_get_not_visible_text  (void);

G_END_DECLS
