/* plug-package-installer.h: Asking the desktop's software installer for a package
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

void      plug_package_installer_check_async          (GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
gboolean  plug_package_installer_check_finish         (GAsyncResult         *result,
                                                       GError              **error);

void      plug_package_installer_install_files_async  (const char * const   *files,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
gboolean  plug_package_installer_install_files_finish (GAsyncResult         *result,
                                                       GError              **error);

char     *plug_package_installer_dup_program_path     (const char           *program);

G_END_DECLS
