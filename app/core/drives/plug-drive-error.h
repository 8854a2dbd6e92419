/* plug-udisks-error.h: What udisks' errors mean, said once for every operation
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

gboolean  plug_udisks_error_is_not_authorized (const GError *error);
GError   *plug_udisks_error_reword            (GError       *error,
                                               const char   *context);

G_END_DECLS
