/* plug-apn-fallback.h: Connect, trying the provider's other APNs when the network refuses one
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <libmm-glib.h>
#include <NetworkManager.h>

#include "plug-provider.h"

G_BEGIN_DECLS

/**
 * PlugApnChoice:
 * @apn: the APN; "" for the SIM's default
 * @username: (nullable): its username, from the provider database
 * @password: (nullable): its password, from the provider database
 *
 * One APN to try when the network refused the connection's own.
 */
typedef struct
{
  char *apn;
  char *username;
  char *password;
} PlugApnChoice;

void plug_apn_choice_free (PlugApnChoice *choice);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlugApnChoice, plug_apn_choice_free)

/**
 * PlugApnTryingFunc:
 * @refused: the APN the network refused ("" for the SIM's default)
 * @next: the APN tried next
 * @user_data: the data given with the function
 *
 * Called before the connection is changed to @next and connected again.
 */
typedef void (*PlugApnTryingFunc) (const char *refused,
                                   const char *next,
                                   gpointer    user_data);

GPtrArray          *plug_apn_fallback_choices          (PlugProvider        *provider,
                                                        const char          *apn,
                                                        const char          *username,
                                                        const char          *password);
gboolean            plug_apn_fallback_is_refusal       (const GError        *error);

void                plug_apn_fallback_connect_async    (NMClient            *client,
                                                        MMManager           *mm_manager,
                                                        NMRemoteConnection  *connection,
                                                        NMDevice            *device,
                                                        GPtrArray           *choices,
                                                        PlugApnTryingFunc    trying,
                                                        gpointer             trying_data,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
NMActiveConnection *plug_apn_fallback_connect_finish   (GAsyncResult        *result,
                                                        char               **apn,
                                                        GError             **error);

G_END_DECLS
