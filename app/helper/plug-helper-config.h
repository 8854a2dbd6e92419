/* plug-helper-config.h: The modprobe configuration plugboard-helper owns
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define PLUG_HELPER_ERROR (plug_helper_error_quark ())

/**
 * PlugHelperError:
 * @PLUG_HELPER_ERROR_FAILED: nothing was changed
 * @PLUG_HELPER_ERROR_INITRAMFS_NOT_REGENERATED: the configuration is
 *   written, but the initramfs still holds the previous one
 * @PLUG_HELPER_ERROR_NOTHING_TO_REVERT: plugboard-helper chose no driver
 *   for that GPU
 * @PLUG_HELPER_ERROR_NOT_LOADABLE: the kernel would not load the driver's
 *   module (unsigned under Secure Boot); nothing was changed
 *
 * Sent over D-Bus as io.github.plugboard.Helper.Error.Failed,
 * .InitramfsNotRegenerated, .NothingToRevert and .NotLoadable.
 */
typedef enum {
  PLUG_HELPER_ERROR_FAILED,
  PLUG_HELPER_ERROR_INITRAMFS_NOT_REGENERATED,
  PLUG_HELPER_ERROR_NOTHING_TO_REVERT,
  PLUG_HELPER_ERROR_NOT_LOADABLE,
} PlugHelperError;

GQuark      plug_helper_error_quark          (void);

const char *plug_helper_driver_get_family    (const char  *driver);

GHashTable *plug_helper_config_read_choices  (const char  *root_directory);
char       *plug_helper_config_get_path      (const char  *root_directory);
gboolean    plug_helper_config_check_blacklist (const char  *root_directory,
                                                const char  *driver,
                                                GError     **error);
gboolean    plug_helper_config_choose        (const char  *root_directory,
                                              const char  *pci_slot,
                                              const char  *driver,
                                              GError     **error);
gboolean    plug_helper_config_revert        (const char  *root_directory,
                                              const char  *pci_slot,
                                              GError     **error);
gboolean    plug_helper_config_recover       (const char  *root_directory,
                                              GError     **error);
GStrv       plug_helper_config_read_kept     (const char  *root_directory);
gboolean    plug_helper_config_set_kept      (const char  *root_directory,
                                              const char  *pci_slot,
                                              gboolean     keep,
                                              GError     **error);
char       *plug_helper_config_read_boot_check (const char  *root_directory);
gboolean    plug_helper_config_set_boot_check  (const char  *root_directory,
                                                const char  *record,
                                                GError     **error);
char       *plug_helper_config_read_initramfs_problem (const char  *root_directory);
gboolean    plug_helper_config_set_initramfs_problem  (const char  *root_directory,
                                                       const char  *details,
                                                       GError     **error);

G_END_DECLS
