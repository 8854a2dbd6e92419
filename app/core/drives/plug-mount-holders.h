/* plug-mount-holders.h: Which of the user's programs keep a volume busy
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

char *plug_mount_holders_describe        (const char * const  *mount_points);

void  plug_mount_holders_describe_async  (const char * const  *mount_points,
                                          GCancellable        *cancellable,
                                          GAsyncReadyCallback  callback,
                                          gpointer             user_data);
char *plug_mount_holders_describe_finish (GAsyncResult        *result,
                                          GError             **error);

G_END_DECLS
