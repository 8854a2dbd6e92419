/* plug-empty-window.c: The baseline of the startup benchmark
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-bench"

#include "config.h"

#include <adwaita.h>

#include "plug-frame-report.h"

/*
 * An empty AdwApplicationWindow, built like plugboard and reporting its
 * first frame the same way, so that tests/bench/startup can tell what
 * Plugboard itself costs on top of libadwaita.
 */

static void
activate_cb (GtkApplication *application)
{
  GtkWidget *window = adw_application_window_new (application);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_set_title (GTK_WINDOW (window), "Empty");
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 640);
#if DEVELOPMENT_BUILD
  /* Styled like plugboard in the same build: libadwaita draws the
   * development header bar's stripes from an SVG. */
  gtk_widget_add_css_class (window, "devel");
#endif
  plug_frame_report_watch (GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(AdwApplication) application = NULL;

  application = adw_application_new ("io.github.plugboard.EmptyWindow", G_APPLICATION_DEFAULT_FLAGS);
  g_signal_connect (application, "activate", G_CALLBACK (activate_cb), NULL);

  return g_application_run (G_APPLICATION (application), argc, argv);
}
