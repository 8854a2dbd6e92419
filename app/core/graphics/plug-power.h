/* plug-power.h: Whether this machine can suspend and hibernate
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define PLUG_TYPE_POWER (plug_power_get_type ())

G_DECLARE_FINAL_TYPE (PlugPower, plug_power, PLUG, POWER, GObject)

PlugPower  *plug_power_new                  (const char           *root_directory);

void        plug_power_read_async           (PlugPower            *self,
                                             GCancellable         *cancellable,
                                             GAsyncReadyCallback   callback,
                                             gpointer              user_data);
gboolean    plug_power_read_finish          (PlugPower            *self,
                                             GAsyncResult         *result,
                                             GError              **error);

gboolean    plug_power_can_suspend          (PlugPower            *self);
const char *plug_power_get_suspend_mode     (PlugPower            *self);
const char *plug_power_get_suspend_reason   (PlugPower            *self);
gboolean    plug_power_can_hibernate        (PlugPower            *self);
const char *plug_power_get_hibernate_reason (PlugPower            *self);
const char * const *plug_power_get_suspend_warnings   (PlugPower *self);
const char * const *plug_power_get_hibernate_warnings (PlugPower *self);
gboolean    plug_power_is_hidden_by_sandbox (PlugPower            *self);

G_END_DECLS
