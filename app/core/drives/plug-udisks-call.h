/* plug-udisks-call.h: Asking udisks, and waiting until it shows the result
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <udisks/udisks.h>

G_BEGIN_DECLS

/* Whether what is waited for has come; reads the client's cache only. */
typedef gboolean (*PlugUdisksCheck) (gpointer data);

GVariant *plug_udisks_call_options (void);
gboolean  plug_udisks_is_temporary_mount (const char *mount_point);

void      plug_udisks_wait_async   (PlugUdisksCheck      check,
                                    gpointer             data,
                                    guint                timeout_ms,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data);
gboolean  plug_udisks_wait_finish  (GAsyncResult        *result,
                                    GError             **error);

/* Called before each object is unmounted or mounted; FALSE ends the walk
 * there, as if nothing were left. */
typedef gboolean (*PlugUdisksEach) (UDisksObject *object,
                                    gpointer      data);

void      plug_udisks_unmount_async  (GPtrArray           *objects,
                                      GPtrArray           *unmounted,
                                      PlugUdisksEach       before_each,
                                      gpointer             each_data,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data);
gboolean  plug_udisks_unmount_finish (GAsyncResult        *result,
                                      GError             **error);

void      plug_udisks_mount_async    (UDisksClient        *client,
                                      GPtrArray           *paths,
                                      PlugUdisksEach       before_each,
                                      gpointer             each_data,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data);
gboolean  plug_udisks_mount_finish   (GAsyncResult        *result,
                                      GError             **error);

G_END_DECLS
