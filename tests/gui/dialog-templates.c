/* dialog-templates.c: each wizard builds from its template and shows
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The wizards are PlugDialogs: windows of their own with the baseline's
 * libadwaita, dialogs drawn inside the main window with 1.5 and later,
 * from the same templates. Each one here is made with nothing to act on,
 * presented over a window, drawn, and closed, and must say nothing on the
 * way (G_DEBUG=fatal-warnings makes a GtkBuilder complaint about the
 * template fatal). The gui tests drive the wizards on the baseline; this
 * is what runs of them on a newer libadwaita (build-aux/check-fresh
 * --newer-gnome). TAP output; run under X (test-dialog-templates.sh).
 *
 * Usage: dialog-templates [DIR]: with DIR, a picture of each in it.
 */

#include "config.h"

#include <adwaita.h>

#include "plug-benchmark-dialog.h"
#include "plug-check-dialog.h"
#include "plug-connection-wizard.h"
#include "plug-dialog.h"
#include "plug-fit-dialog.h"
#include "plug-format-dialog.h"
#include "plug-rename-dialog.h"

static gboolean
wait_for (gboolean (*done) (GtkWidget *widget),
          GtkWidget *widget)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!done (widget) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);

  return done (widget);
}

/* The window as drawn, into DIR/dialog-NAME.png, for people to look at. */
static void
save_picture (GtkWidget  *window,
              const char *dir,
              const char *name)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = g_strdup_printf ("dialog-%s.png", name);
  g_autofree char *path = g_build_filename (dir, file, NULL);

  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot),
                          gtk_widget_get_width (window), gtk_widget_get_height (window));
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  if (node == NULL)
    return;
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node, NULL);
  gdk_texture_save_to_png (texture, path);
}

static gboolean
is_drawn (GtkWidget *widget)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 0;
}

static gboolean
is_gone (GtkWidget *widget)
{
  return !plug_dialog_is_shown (PLUG_DIALOG (widget));
}

int
main (int    argc,
      char **argv)
{
  GType types[6];
  GtkWidget *window;
  int failed = 0;

  adw_init ();
  types[0] = PLUG_TYPE_FORMAT_DIALOG;
  types[1] = PLUG_TYPE_RENAME_DIALOG;
  types[2] = PLUG_TYPE_CHECK_DIALOG;
  types[3] = PLUG_TYPE_BENCHMARK_DIALOG;
  types[4] = PLUG_TYPE_FIT_DIALOG;
  types[5] = PLUG_TYPE_CONNECTION_WIZARD;

  window = adw_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 640);
  adw_window_set_content (ADW_WINDOW (window), gtk_label_new ("Plugboard"));
  gtk_window_present (GTK_WINDOW (window));
  if (!wait_for (is_drawn, window))
    {
      printf ("Bail out! the window was not drawn\n");
      return 1;
    }

  printf ("1..%d\n", (int) G_N_ELEMENTS (types) * 2);
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      const char *name = g_type_name (types[i]);
      /* Held, to see it go. */
      g_autoptr(GtkWidget) dialog = g_object_ref_sink (g_object_new (types[i], NULL));
      gboolean drawn;

      plug_dialog_present (PLUG_DIALOG (dialog), window);
      drawn = wait_for (is_drawn, dialog);
      printf ("%s %u - %s builds from its template and is drawn over the window (%d × %d)\n",
              drawn ? "ok" : "not ok", i * 2 + 1, name,
              gtk_widget_get_width (dialog), gtk_widget_get_height (dialog));
      failed += !drawn;
      if (drawn && argc > 1)
        {
          /* Its own window on the baseline, the main one on newer. */
          GtkWidget *shown = GTK_WIDGET (plug_dialog_get_window (PLUG_DIALOG (dialog)));

          gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC;

          /* A second of frames, for the sheet's opening to end. */
          while (g_get_monotonic_time () < until)
            g_main_context_iteration (NULL, FALSE);
          save_picture (shown, argv[1], name);
        }

      plug_dialog_close (PLUG_DIALOG (dialog));
      drawn = !wait_for (is_gone, dialog);
      printf ("%s %u - %s closes when asked, with nothing to wait for\n",
              drawn ? "not ok" : "ok", i * 2 + 2, name);
      failed += drawn;
    }

  gtk_window_destroy (GTK_WINDOW (window));

  return failed > 0;
}
