/* plug-helper-signing.h: Whether the kernel would load a driver's module
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

char     *plug_helper_signing_get_requirement (const char  *root_directory);
gboolean  plug_helper_signing_check_module    (const char  *root_directory,
                                               const char  *modules_directory,
                                               const char  *driver,
                                               GError     **error);

G_END_DECLS
