/* plug-test-pause.h: Where the tests stop an operation at a chosen moment
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* How long a pause lasts at most, if the test never removes its file. */
#define PLUG_TEST_PAUSE_LIMIT_SECONDS 60

gboolean plug_test_pause_wanted (const char *variable);

void     plug_test_pause_async  (const char          *variable,
                                 const char          *contents,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data);
void     plug_test_pause_finish (GAsyncResult        *result);

/* The next step of an operation: its source object and its task. */
typedef void (*PlugTestPauseNext) (gpointer source_object,
                                   GTask   *task);

void     plug_test_pause_then   (const char          *variable,
                                 const char          *contents,
                                 GTask               *task,
                                 PlugTestPauseNext    next);

void     plug_test_pause_sync   (const char          *variable,
                                 const char          *contents,
                                 GCancellable        *cancellable);

G_END_DECLS
