/* plug-frame-report.h: Tell a test or a benchmark when the first frame is drawn
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define PLUG_FIRST_FRAME_ENV "PLUG_FIRST_FRAME_FILE"

void plug_frame_report_watch (GtkWindow *window);

G_END_DECLS
