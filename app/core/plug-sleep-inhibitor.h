/* plug-sleep-inhibitor.h: Keeping the computer awake while a drive is rewritten
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

void plug_sleep_inhibitor_take_async  (GDBusConnection      *system_bus,
                                       const char           *why,
                                       GCancellable         *cancellable,
                                       GAsyncReadyCallback   callback,
                                       gpointer              user_data);
int  plug_sleep_inhibitor_take_finish (GAsyncResult         *result,
                                       GError              **error);

G_END_DECLS
