/* plug-test-pause.c: Where the tests stop an operation at a chosen moment
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include "plug-test-pause.h"

/*
 * Some system and GUI tests must act at one exact moment of an operation:
 * swap the drive right before the last identity check, stop
 * NetworkManager right before a connection is sent, break the new
 * filesystem before files are copied back. The operation offers that
 * moment through an environment variable PLUG_TEST_<NAME>_PAUSE_FILE:
 * when it is set, the operation writes the file (with what the test needs
 * to know, or "paused"), waits until the test removes it, is cancelled,
 * or PLUG_TEST_PAUSE_LIMIT_SECONDS have passed, and goes on as it would
 * have. docs/TESTING.md lists the hooks.
 *
 * Only development builds read the variables: in a release build
 * plug_test_pause_wanted() is always FALSE, so the hooks cost a check.
 */

#define POLL_INTERVAL_MS 20

static const char *
pause_file_of (const char *variable)
{
#if DEVELOPMENT_BUILD
  const char *pause_file = g_getenv (variable);

  if (pause_file != NULL && *pause_file != '\0')
    return pause_file;
#endif
  return NULL;
}

/**
 * plug_test_pause_wanted:
 * @variable: the hook's environment variable, such as
 *   "PLUG_TEST_FORMAT_PAUSE_FILE"
 *
 * Returns: %TRUE if a test asks for a pause there (development builds
 *   only)
 */
gboolean
plug_test_pause_wanted (const char *variable)
{
  g_return_val_if_fail (variable != NULL, FALSE);

  return pause_file_of (variable) != NULL;
}

/* Writes the file; FALSE (and a warning) if it cannot, and then there is
 * nothing to wait for. */
static gboolean
start_pause (const char *pause_file,
             const char *contents)
{
  g_autoptr(GError) error = NULL;

  if (g_file_set_contents (pause_file, contents != NULL ? contents : "paused\n", -1, &error))
    return TRUE;

  g_warning ("Could not write the test pause file %s: %s", pause_file, error->message);
  return FALSE;
}

static gboolean
pause_over (const char   *pause_file,
            GCancellable *cancellable,
            gint64        deadline)
{
  return !g_file_test (pause_file, G_FILE_TEST_EXISTS) ||
         g_cancellable_is_cancelled (cancellable) ||
         g_get_monotonic_time () >= deadline;
}

typedef struct
{
  char *pause_file;
  gint64 deadline;
} Pause;

static void
pause_free (Pause *pause)
{
  g_free (pause->pause_file);
  g_free (pause);
}

static gboolean
pause_tick_cb (gpointer user_data)
{
  GTask *task = user_data;
  Pause *pause = g_task_get_task_data (task);

  if (!pause_over (pause->pause_file, g_task_get_cancellable (task), pause->deadline))
    return G_SOURCE_CONTINUE;

  g_task_return_boolean (task, TRUE);
  return G_SOURCE_REMOVE;
}

/**
 * plug_test_pause_async:
 * @variable: the hook's environment variable
 * @contents: (nullable): what to write into the file for the test, or
 *   %NULL for "paused"
 * @cancellable: (nullable): ends the pause early
 * @callback: called once the pause is over (or at once, if no test asked
 *   for one)
 * @user_data: data for @callback
 *
 * Pauses in the thread-default main context, which goes on running.
 */
void
plug_test_pause_async (const char          *variable,
                       const char          *contents,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GSource) source = NULL;
  const char *pause_file = pause_file_of (variable);
  Pause *pause;

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_test_pause_async);

  if (pause_file == NULL || !start_pause (pause_file, contents))
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  pause = g_new0 (Pause, 1);
  pause->pause_file = g_strdup (pause_file);
  pause->deadline = g_get_monotonic_time () + PLUG_TEST_PAUSE_LIMIT_SECONDS * G_USEC_PER_SEC;
  g_task_set_task_data (task, pause, (GDestroyNotify) pause_free);

  source = g_timeout_source_new (POLL_INTERVAL_MS);
  g_source_set_callback (source, pause_tick_cb, g_object_ref (task), g_object_unref);
  g_source_set_static_name (source, "[plugboard] test pause");
  g_source_attach (source, g_main_context_get_thread_default ());
}

/**
 * plug_test_pause_finish:
 * @result: the result
 *
 * A pause cannot fail; whether it was cancelled is the caller's to check,
 * as at any other step.
 */
void
plug_test_pause_finish (GAsyncResult *result)
{
  g_return_if_fail (g_task_is_valid (result, NULL));

  g_task_propagate_boolean (G_TASK (result), NULL);
}

typedef struct
{
  GTask *task;
  PlugTestPauseNext next;
} Then;

static void
then_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Then *then = user_data;
  g_autoptr(GTask) task = then->task;
  PlugTestPauseNext next = then->next;

  g_free (then);
  plug_test_pause_finish (result);
  next (g_task_get_source_object (task), task);
}

/**
 * plug_test_pause_then:
 * @variable: the hook's environment variable
 * @contents: (nullable): what to write into the file, or %NULL for
 *   "paused"
 * @task: the operation's task
 * @next: the step to go on with
 *
 * Calls @next with @task: at once, or once a test's pause is over. The
 * pause ends only when the file is removed (or at the limit), not when
 * @task is cancelled: @next sees a Cancel pressed meanwhile, as the tests
 * that press it during the pause expect.
 */
void
plug_test_pause_then (const char        *variable,
                      const char        *contents,
                      GTask             *task,
                      PlugTestPauseNext  next)
{
  Then *then;

  g_return_if_fail (G_IS_TASK (task));
  g_return_if_fail (next != NULL);

  if (!plug_test_pause_wanted (variable))
    {
      next (g_task_get_source_object (task), task);
      return;
    }

  then = g_new0 (Then, 1);
  then->task = g_object_ref (task);
  then->next = next;
  plug_test_pause_async (variable, contents, NULL, then_cb, then);
}

/**
 * plug_test_pause_sync:
 * @variable: the hook's environment variable
 * @contents: (nullable): what to write into the file, or %NULL for "paused"
 * @cancellable: (nullable): ends the pause early
 *
 * The same, blocking: for a worker thread only.
 */
void
plug_test_pause_sync (const char   *variable,
                      const char   *contents,
                      GCancellable *cancellable)
{
  const char *pause_file = pause_file_of (variable);
  gint64 deadline = g_get_monotonic_time () + PLUG_TEST_PAUSE_LIMIT_SECONDS * G_USEC_PER_SEC;

  if (pause_file == NULL || !start_pause (pause_file, contents))
    return;

  while (!pause_over (pause_file, cancellable, deadline))
    g_usleep (POLL_INTERVAL_MS * 1000);
}
