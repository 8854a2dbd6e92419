/* plug-tooltip-names.h: Name icon-only buttons after their tooltips
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void plug_tooltip_names_apply (GtkWidget *widget);

G_END_DECLS
