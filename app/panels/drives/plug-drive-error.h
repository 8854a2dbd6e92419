/* plug-drive-error.h: Saying plainly why an operation on a drive failed
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean  plug_drive_error_is_not_authorized (const GError *error);
char     *plug_drive_error_dup_summary       (const GError *error);
char     *plug_drive_error_dup_details       (const GError *error);

G_END_DECLS
