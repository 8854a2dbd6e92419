/* plug-thread-progress.h: Progress counted in a worker thread, shown in the main context
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The most counts one reporter carries. */
#define PLUG_THREAD_PROGRESS_MAX_COUNTS 4

/* Called in the context the reporter was made in, with every count. */
typedef void (*PlugThreadProgressFunc) (const guint64 *counts,
                                        gpointer       user_data);

typedef struct _PlugThreadProgress PlugThreadProgress;

PlugThreadProgress *plug_thread_progress_new   (guint                   n_counts,
                                                const char             *name,
                                                PlugThreadProgressFunc  func,
                                                gpointer                user_data);
void                plug_thread_progress_set   (PlugThreadProgress     *self,
                                                guint                   index,
                                                guint64                 value);
void                plug_thread_progress_add   (PlugThreadProgress     *self,
                                                guint                   index,
                                                guint64                 delta);
void                plug_thread_progress_flush (PlugThreadProgress     *self);
void                plug_thread_progress_free  (PlugThreadProgress     *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlugThreadProgress, plug_thread_progress_free)

G_END_DECLS
