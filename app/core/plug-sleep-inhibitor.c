/* plug-sleep-inhibitor.c: Keeping the computer awake while a drive is rewritten
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <gio/gunixfdlist.h>
#include <glib/gi18n-lib.h>

#include "plug-sleep-inhibitor.h"

/*
 * A reformat, keep-my-files or a write speed test that stops half way
 * leaves a drive with no filesystem, or the user's files only in a copy.
 * plugboardctl asks logind for a "block" inhibitor on sleep and shutdown
 * for as long as it works: logind then refuses to suspend or power off
 * (or, for a user with the right, asks first), and says why, in the words
 * given here. The inhibitor is a file descriptor; closing it, or the
 * process ending, lets go. The app asks GTK instead
 * (gtk_application_inhibit()), which also holds off logout.
 */

#define INHIBIT_TIMEOUT_MS 10000

static void
inhibit_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GUnixFDList) fd_list = NULL;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;
  gint32 handle;
  int fd;

  reply = g_dbus_connection_call_with_unix_fd_list_finish (G_DBUS_CONNECTION (object), &fd_list,
                                                           result, &error);
  if (reply == NULL)
    {
      g_dbus_error_strip_remote_error (error);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  g_variant_get (reply, "(h)", &handle);
  fd = fd_list != NULL ? g_unix_fd_list_get (fd_list, handle, &error) : -1;
  if (fd < 0)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                               _("logind passed no file descriptor: %s"),
                               error != NULL ? error->message : _("none came"));
      return;
    }

  g_task_return_int (task, fd);
}

/**
 * plug_sleep_inhibitor_take_async:
 * @system_bus: the system bus
 * @why: what is being done, for people: “Reformatting My Book”
 * @cancellable: (nullable): a cancellable
 * @callback: called with the inhibitor, or why there is none
 * @user_data: for @callback
 *
 * Asks logind to block sleep and shutdown until the returned file
 * descriptor is closed.
 */
void
plug_sleep_inhibitor_take_async (GDBusConnection     *system_bus,
                                 const char          *why,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (G_IS_DBUS_CONNECTION (system_bus));
  g_return_if_fail (why != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_sleep_inhibitor_take_async);

  g_dbus_connection_call_with_unix_fd_list (system_bus,
                                            "org.freedesktop.login1",
                                            "/org/freedesktop/login1",
                                            "org.freedesktop.login1.Manager",
                                            "Inhibit",
                                            g_variant_new ("(ssss)", "sleep:shutdown", "Plugboard",
                                                           why, "block"),
                                            G_VARIANT_TYPE ("(h)"),
                                            G_DBUS_CALL_FLAGS_NONE,
                                            INHIBIT_TIMEOUT_MS,
                                            NULL,
                                            cancellable,
                                            inhibit_cb,
                                            g_steal_pointer (&task));
}

/**
 * plug_sleep_inhibitor_take_finish:
 * @result: the result
 * @error: why there is no inhibitor (no logind, refused)
 *
 * Returns: the inhibitor's file descriptor, for the caller to close, or
 *   -1
 */
int
plug_sleep_inhibitor_take_finish (GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), -1);

  return (int) g_task_propagate_int (G_TASK (result), error);
}
