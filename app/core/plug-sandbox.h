/* plug-sandbox.h: Whether Plugboard runs inside a Flatpak sandbox
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean plug_sandbox_is_flatpak (void);

G_END_DECLS
