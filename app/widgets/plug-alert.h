/* plug-alert.h: an alert, whichever libadwaita Plugboard is built with
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* A PlugAlert asks a question or says what went wrong, with buttons
 * (responses) under it. With libadwaita 1.5 and later (the GNOME runtime)
 * it is an AdwAlertDialog, drawn inside the window it belongs to, or as a
 * bottom sheet where that window is narrow. With the baseline, libadwaita
 * 1.2 (Debian 12), it is an AdwMessageDialog, a window of its own kept
 * above the window it belongs to. Both have the same responses, response
 * appearances and "response" signal, so the code that uses one is the same
 * for both; only making one and showing it differ. */
#if ADW_CHECK_VERSION (1, 5, 0)

typedef AdwAlertDialog PlugAlert;
#define PLUG_ALERT(obj) ADW_ALERT_DIALOG (obj)

#define plug_alert_add_response adw_alert_dialog_add_response
#define plug_alert_add_responses adw_alert_dialog_add_responses
#define plug_alert_set_response_appearance adw_alert_dialog_set_response_appearance
#define plug_alert_set_response_enabled adw_alert_dialog_set_response_enabled
#define plug_alert_set_default_response adw_alert_dialog_set_default_response
#define plug_alert_set_close_response adw_alert_dialog_set_close_response
#define plug_alert_set_extra_child adw_alert_dialog_set_extra_child

static inline PlugAlert *
plug_alert_new (const char *heading,
                const char *body)
{
  return ADW_ALERT_DIALOG (adw_alert_dialog_new (heading, body));
}

/* plug_alert_present: shows ALERT over the window of PARENT, a widget in
 * it (the window itself will do). */
static inline void
plug_alert_present (PlugAlert *alert,
                    GtkWidget *parent)
{
  adw_dialog_present (ADW_DIALOG (alert), parent);
}

#else

typedef AdwMessageDialog PlugAlert;
#define PLUG_ALERT(obj) ADW_MESSAGE_DIALOG (obj)

#define plug_alert_add_response adw_message_dialog_add_response
#define plug_alert_add_responses adw_message_dialog_add_responses
#define plug_alert_set_response_appearance adw_message_dialog_set_response_appearance
#define plug_alert_set_response_enabled adw_message_dialog_set_response_enabled
#define plug_alert_set_default_response adw_message_dialog_set_default_response
#define plug_alert_set_close_response adw_message_dialog_set_close_response
#define plug_alert_set_extra_child adw_message_dialog_set_extra_child

static inline PlugAlert *
plug_alert_new (const char *heading,
                const char *body)
{
  return ADW_MESSAGE_DIALOG (adw_message_dialog_new (NULL, heading, body));
}

static inline void
plug_alert_present (PlugAlert *alert,
                    GtkWidget *parent)
{
  GtkRoot *root = parent != NULL ? gtk_widget_get_root (parent) : NULL;

  if (GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (GTK_WINDOW (alert), GTK_WINDOW (root));
  gtk_window_present (GTK_WINDOW (alert));
}

#endif

G_END_DECLS
