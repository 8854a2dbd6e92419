/* plug-frame-report.c: Tell a test or a benchmark when the first frame is drawn
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard"

#include "config.h"

#include "plug-frame-report.h"

/*
 * When PLUG_FIRST_FRAME_FILE names a file, the first time the window's
 * frame clock finishes painting, the CLOCK_MONOTONIC time in microseconds
 * is written there. The GUI tests wait for it before taking a screenshot
 * and the startup benchmark subtracts the time it spawned the process.
 * Without the variable nothing is connected.
 */

static void
after_paint_cb (GdkFrameClock *frame_clock,
                GtkWidget     *window)
{
  const char *path = g_getenv (PLUG_FIRST_FRAME_ENV);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;

  g_signal_handlers_disconnect_by_func (frame_clock, after_paint_cb, window);

  contents = g_strdup_printf ("%" G_GINT64_FORMAT "\n", g_get_monotonic_time ());
  if (!g_file_set_contents (path, contents, -1, &error))
    g_warning ("Could not report the first frame to %s: %s", path, error->message);
}

static void
window_realize_cb (GtkWidget *window)
{
  GdkFrameClock *frame_clock = gtk_widget_get_frame_clock (window);

  g_signal_handlers_disconnect_by_func (window, window_realize_cb, NULL);
  g_signal_connect_object (frame_clock, "after-paint",
                           G_CALLBACK (after_paint_cb), window, 0);
}

void
plug_frame_report_watch (GtkWindow *window)
{
  g_return_if_fail (GTK_IS_WINDOW (window));

  if (g_getenv (PLUG_FIRST_FRAME_ENV) == NULL)
    return;

  if (gtk_widget_get_realized (GTK_WIDGET (window)))
    window_realize_cb (GTK_WIDGET (window));
  else
    g_signal_connect (window, "realize", G_CALLBACK (window_realize_cb), NULL);
}
