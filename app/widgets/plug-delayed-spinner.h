/* plug-delayed-spinner.h: A spinner that only appears when a wait is long
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PLUG_TYPE_DELAYED_SPINNER (plug_delayed_spinner_get_type ())

G_DECLARE_FINAL_TYPE (PlugDelayedSpinner, plug_delayed_spinner, PLUG, DELAYED_SPINNER, AdwBin)

gboolean plug_delayed_spinner_get_active (PlugDelayedSpinner *self);
void     plug_delayed_spinner_set_active (PlugDelayedSpinner *self,
                                          gboolean            active);

G_END_DECLS
