/* plug-udisks-call.c: Asking udisks, and waiting until it shows the result
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "plug-udisks-call.h"

/*
 * What every drive operation does with udisks the same way: the options
 * of each call, and the wait, after a call returned, until the objects
 * udisks publishes show what it did (a new filesystem's type and name, a
 * new label, a partition table). udisks re-reads a device through udev
 * after its call has returned, and what changes arrives as several
 * signals in any order; a short poll of the client's own cache sees them
 * all, without a D-Bus call.
 */

#define POLL_INTERVAL_MS 50

/**
 * plug_udisks_call_options:
 *
 * Returns: (transfer floating): the options of a udisks call: polkit may
 *   ask for a password where an agent runs; where none does
 *   (plugboardctl over ssh, the tests) it answers at once
 */
GVariant *
plug_udisks_call_options (void)
{
  GVariantDict options;

  g_variant_dict_init (&options, NULL);
  g_variant_dict_insert (&options, "auth.no_user_interaction", "b", FALSE);

  return g_variant_dict_end (&options);
}

typedef struct
{
  PlugUdisksCheck check;
  gpointer data;
  gint64 deadline;
} Wait;

static gboolean
wait_tick_cb (gpointer user_data)
{
  GTask *task = user_data;
  Wait *wait = g_task_get_task_data (task);

  if (g_task_return_error_if_cancelled (task))
    return G_SOURCE_REMOVE;

  if (wait->check (wait->data))
    g_task_return_boolean (task, TRUE);
  else if (g_get_monotonic_time () >= wait->deadline)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_TIMED_OUT, "%s", _("udisks did not show the change in time"));
  else
    return G_SOURCE_CONTINUE;

  return G_SOURCE_REMOVE;
}

/**
 * plug_udisks_wait_async:
 * @check: says whether it has come
 * @data: for @check; the caller keeps it alive until @callback
 * @timeout_ms: how long to wait at most
 * @cancellable: (nullable): ends the wait
 * @callback: called once @check said yes (at once if it does already),
 *   the time is up, or @cancellable was cancelled
 * @user_data: data for @callback
 *
 * Waits in the thread-default main context.
 */
void
plug_udisks_wait_async (PlugUdisksCheck      check,
                        gpointer             data,
                        guint                timeout_ms,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GSource) source = NULL;
  Wait *wait;

  g_return_if_fail (check != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_udisks_wait_async);

  if (check (data))
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  wait = g_new0 (Wait, 1);
  wait->check = check;
  wait->data = data;
  wait->deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  g_task_set_task_data (task, wait, g_free);

  source = g_timeout_source_new (POLL_INTERVAL_MS);
  g_source_set_callback (source, wait_tick_cb, g_object_ref (task), g_object_unref);
  g_source_set_static_name (source, "[plugboard] udisks wait");
  g_source_attach (source, g_main_context_get_thread_default ());
}

/**
 * plug_udisks_wait_finish:
 * @result: the result
 * @error: G_IO_ERROR_TIMED_OUT, or G_IO_ERROR_CANCELLED
 *
 * Returns: %TRUE once what was waited for has come
 */
gboolean
plug_udisks_wait_finish (GAsyncResult  *result,
                         GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
