/* test-thread-progress.c: A worker thread's counts reach the main context
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib.h>

#include "plug-thread-progress.h"

typedef struct
{
  GThread *main_thread;
  guint    calls;
  gboolean other_thread;
  guint64  last[2];
} Seen;

static void
seen_cb (const guint64 *counts,
         gpointer       user_data)
{
  Seen *seen = user_data;

  seen->calls++;
  if (g_thread_self () != seen->main_thread)
    seen->other_thread = TRUE;
  seen->last[0] = counts[0];
  seen->last[1] = counts[1];
}

#define N_BLOCKS 20000

static gpointer
count_blocks (gpointer user_data)
{
  PlugThreadProgress *progress = user_data;

  for (guint i = 0; i < N_BLOCKS; i++)
    {
      plug_thread_progress_add (progress, 0, 1);
      plug_thread_progress_add (progress, 1, 4096);
    }
  plug_thread_progress_set (progress, 1, 7);

  return NULL;
}

static gboolean
quit_cb (gpointer user_data)
{
  g_main_loop_quit (user_data);

  return G_SOURCE_REMOVE;
}

/* Twenty thousand counts from a thread reach the function in the main
 * context, a few times (not once each), and the last flush has them all. */
static void
test_counts_from_a_thread (void)
{
  Seen seen = { .main_thread = g_thread_self () };
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(PlugThreadProgress) progress = NULL;
  GThread *thread;

  progress = plug_thread_progress_new (2, "test progress", seen_cb, &seen);
  thread = g_thread_new ("counting", count_blocks, progress);
  g_timeout_add (350, quit_cb, loop);
  g_main_loop_run (loop);
  g_thread_join (thread);

  plug_thread_progress_flush (progress);
  g_assert_false (seen.other_thread);
  g_assert_cmpuint (seen.last[0], ==, N_BLOCKS);
  g_assert_cmpuint (seen.last[1], ==, 7);
  g_assert_cmpuint (seen.calls, >=, 1);
  g_assert_cmpuint (seen.calls, <, 10);
}

/* Nothing changed, nothing said; once freed, never again. */
static void
test_quiet_when_unchanged (void)
{
  Seen seen = { .main_thread = g_thread_self () };
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  PlugThreadProgress *progress;

  progress = plug_thread_progress_new (2, "test progress", seen_cb, &seen);
  plug_thread_progress_flush (progress);
  g_assert_cmpuint (seen.calls, ==, 0);

  plug_thread_progress_set (progress, 0, 0);
  plug_thread_progress_add (progress, 1, 0);
  plug_thread_progress_flush (progress);
  g_assert_cmpuint (seen.calls, ==, 0);

  plug_thread_progress_set (progress, 0, 3);
  plug_thread_progress_flush (progress);
  plug_thread_progress_flush (progress);
  g_assert_cmpuint (seen.calls, ==, 1);
  g_assert_cmpuint (seen.last[0], ==, 3);

  plug_thread_progress_set (progress, 0, 4);
  plug_thread_progress_free (progress);
  g_timeout_add (250, quit_cb, loop);
  g_main_loop_run (loop);
  g_assert_cmpuint (seen.calls, ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/thread-progress/counts-from-a-thread", test_counts_from_a_thread);
  g_test_add_func ("/thread-progress/quiet-when-unchanged", test_quiet_when_unchanged);

  return g_test_run ();
}
