/* plug-thread-progress.c: Progress counted in a worker thread, shown in the main context
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <string.h>

#include "plug-thread-progress.h"

/*
 * The one way a drive operation's worker thread reports how far it is.
 * The thread only sets or adds to counts under a lock; a timer in the
 * context the reporter was made in (the operation's) hands them to the
 * operation ten times a second, and only when they changed. So a thread
 * that counts every block costs the main loop nothing more than a thread
 * that counts every file, and the operation sets its properties in its
 * own context, as GObject wants.
 *
 * The reporter belongs to the operation: it is made before the thread
 * starts and freed in the thread task's callback (after a last flush),
 * when the thread has returned and can no longer touch it.
 */

#define INTERVAL_MS 100

struct _PlugThreadProgress
{
  GMutex                  lock;
  guint                   n_counts;
  guint64                 counts[PLUG_THREAD_PROGRESS_MAX_COUNTS];
  gboolean                changed;

  PlugThreadProgressFunc  func;
  gpointer                user_data;
  GSource                *timer;
};

static gboolean
tick_cb (gpointer user_data)
{
  plug_thread_progress_flush (user_data);

  return G_SOURCE_CONTINUE;
}

/**
 * plug_thread_progress_new:
 * @n_counts: how many counts (at most %PLUG_THREAD_PROGRESS_MAX_COUNTS),
 *   each starting at 0
 * @name: the timer's name, for profilers
 * @func: called in the thread-default main context of the caller, when a
 *   count changed
 * @user_data: for @func
 *
 * Returns: (transfer full): a reporter; free it in the same context.
 */
PlugThreadProgress *
plug_thread_progress_new (guint                   n_counts,
                          const char             *name,
                          PlugThreadProgressFunc  func,
                          gpointer                user_data)
{
  PlugThreadProgress *self;

  g_return_val_if_fail (n_counts > 0 && n_counts <= PLUG_THREAD_PROGRESS_MAX_COUNTS, NULL);
  g_return_val_if_fail (func != NULL, NULL);

  self = g_new0 (PlugThreadProgress, 1);
  g_mutex_init (&self->lock);
  self->n_counts = n_counts;
  self->func = func;
  self->user_data = user_data;

  self->timer = g_timeout_source_new (INTERVAL_MS);
  g_source_set_callback (self->timer, tick_cb, self, NULL);
  g_source_set_static_name (self->timer, name);
  g_source_attach (self->timer, g_main_context_get_thread_default ());

  return self;
}

/**
 * plug_thread_progress_set:
 *
 * Sets count @index to @value; from any thread.
 */
void
plug_thread_progress_set (PlugThreadProgress *self,
                          guint               index,
                          guint64             value)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (index < self->n_counts);

  g_mutex_lock (&self->lock);
  if (self->counts[index] != value)
    {
      self->counts[index] = value;
      self->changed = TRUE;
    }
  g_mutex_unlock (&self->lock);
}

/**
 * plug_thread_progress_add:
 *
 * Adds @delta to count @index; from any thread.
 */
void
plug_thread_progress_add (PlugThreadProgress *self,
                          guint               index,
                          guint64             delta)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (index < self->n_counts);

  if (delta == 0)
    return;

  g_mutex_lock (&self->lock);
  self->counts[index] += delta;
  self->changed = TRUE;
  g_mutex_unlock (&self->lock);
}

/**
 * plug_thread_progress_flush:
 *
 * Hands the counts to the function now, if they changed since it last
 * had them; in the reporter's context.
 */
void
plug_thread_progress_flush (PlugThreadProgress *self)
{
  guint64 counts[PLUG_THREAD_PROGRESS_MAX_COUNTS];
  gboolean changed;

  g_return_if_fail (self != NULL);

  g_mutex_lock (&self->lock);
  changed = self->changed;
  self->changed = FALSE;
  memcpy (counts, self->counts, sizeof counts);
  g_mutex_unlock (&self->lock);

  /* Called without the lock: the thread goes on counting meanwhile. */
  if (changed)
    self->func (counts, self->user_data);
}

/**
 * plug_thread_progress_free:
 *
 * Stops the timer; the function is not called again. The thread must be
 * done with @self.
 */
void
plug_thread_progress_free (PlugThreadProgress *self)
{
  if (self == NULL)
    return;

  g_source_destroy (self->timer);
  g_source_unref (self->timer);
  g_mutex_clear (&self->lock);
  g_free (self);
}
