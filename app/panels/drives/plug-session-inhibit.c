/* plug-session-inhibit.c: Holding off suspend and logout while a drive is rewritten
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-drives"

#include "config.h"

#include "plug-session-inhibit.h"

/*
 * A reformat or a write speed test stopped half way by suspend or logout
 * leaves a drive without a filesystem, the files only in the kept copy,
 * or a test file behind. While one runs, its dialog asks the session to
 * wait (gtk_application_inhibit(), which GTK 4.8 sends to the session
 * manager, or the inhibit portal), saying why as plugboardctl tells
 * logind.
 */

/**
 * plug_session_inhibit_hold:
 * @why: what runs, for the session to show ("Reformatting My Book")
 *
 * Asks the session not to suspend or log out until
 * plug_session_inhibit_release(); does nothing while already held.
 */
void
plug_session_inhibit_hold (PlugSessionInhibit *self,
                           GtkWindow          *window,
                           const char         *why)
{
  GApplication *application = g_application_get_default ();

  if (self->cookie != 0 || !GTK_IS_APPLICATION (application))
    return;

  self->cookie = gtk_application_inhibit (GTK_APPLICATION (application), window,
                                          GTK_APPLICATION_INHIBIT_SUSPEND | GTK_APPLICATION_INHIBIT_LOGOUT,
                                          why);
  if (self->cookie != 0)
    self->application = GTK_APPLICATION (g_object_ref (application));
}

/**
 * plug_session_inhibit_release:
 *
 * Lets the session suspend and log out again; does nothing when not held.
 */
void
plug_session_inhibit_release (PlugSessionInhibit *self)
{
  if (self->cookie != 0)
    gtk_application_uninhibit (self->application, self->cookie);
  self->cookie = 0;
  g_clear_object (&self->application);
}
