/* plug-driver-switch.h: Choosing a GPU's kernel driver through plugboard-helper
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/**
 * PlugDriverSwitchError:
 * @PLUG_DRIVER_SWITCH_ERROR_FAILED: the helper failed; nothing changed
 * @PLUG_DRIVER_SWITCH_ERROR_NOT_INSTALLED: plugboard-helper is not
 *   installed on this system (or not reachable from a sandbox)
 * @PLUG_DRIVER_SWITCH_ERROR_NOT_AUTHORIZED: polkit said no
 * @PLUG_DRIVER_SWITCH_ERROR_INVALID_CHOICE: no such GPU, or a driver that
 *   is not installed or cannot drive it, or a malformed argument
 * @PLUG_DRIVER_SWITCH_ERROR_INITRAMFS_NOT_REGENERATED: the choice is
 *   written, but the boot image still has the old configuration
 * @PLUG_DRIVER_SWITCH_ERROR_NOTHING_TO_REVERT: no choice was made for the GPU
 * @PLUG_DRIVER_SWITCH_ERROR_NOT_LOADABLE: the kernel would not load the
 *   driver's module (unsigned under Secure Boot); nothing changed
 */
typedef enum {
  PLUG_DRIVER_SWITCH_ERROR_FAILED,
  PLUG_DRIVER_SWITCH_ERROR_NOT_INSTALLED,
  PLUG_DRIVER_SWITCH_ERROR_NOT_AUTHORIZED,
  PLUG_DRIVER_SWITCH_ERROR_INVALID_CHOICE,
  PLUG_DRIVER_SWITCH_ERROR_INITRAMFS_NOT_REGENERATED,
  PLUG_DRIVER_SWITCH_ERROR_NOTHING_TO_REVERT,
  PLUG_DRIVER_SWITCH_ERROR_NOT_LOADABLE,
} PlugDriverSwitchError;

#define PLUG_DRIVER_SWITCH_ERROR (plug_driver_switch_error_quark ())
GQuark plug_driver_switch_error_quark (void);

/**
 * PlugDriverChoice:
 * @pci_slot: the GPU's PCI slot, such as “0000:03:00.0”
 * @name: its vendor and model
 * @driver: (nullable): the driver bound to it now
 * @alternatives: the other installed drivers that can drive it
 * @chosen: (nullable): the driver plugboard-helper's configuration
 *   chooses for it from the next start on
 */
typedef struct
{
  char  *pci_slot;
  char  *name;
  char  *driver;
  GStrv  alternatives;
  char  *chosen;
  /* The helper holds a choice for a GPU that is not there (an unplugged
   * eGPU): no name, no driver, no alternatives; it can be reverted. */
  gboolean gone;
  /* The next-boot check keeps @chosen even when it does not start,
   * instead of going back (plug_driver_switch_set_keep_async()). */
  gboolean keep_if_it_fails;
} PlugDriverChoice;

void plug_driver_choice_free (PlugDriverChoice *choice);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlugDriverChoice, plug_driver_choice_free)

#define PLUG_TYPE_DRIVER_SWITCH (plug_driver_switch_get_type ())

G_DECLARE_FINAL_TYPE (PlugDriverSwitch, plug_driver_switch, PLUG, DRIVER_SWITCH, GObject)

PlugDriverSwitch *plug_driver_switch_new                 (GDBusConnection      *system_bus);

void              plug_driver_switch_get_version_async   (PlugDriverSwitch     *self,
                                                          GCancellable         *cancellable,
                                                          GAsyncReadyCallback   callback,
                                                          gpointer              user_data);
char             *plug_driver_switch_get_version_finish  (PlugDriverSwitch     *self,
                                                          GAsyncResult         *result,
                                                          GError              **error);

void              plug_driver_switch_get_initramfs_problem_async  (PlugDriverSwitch     *self,
                                                                   GCancellable         *cancellable,
                                                                   GAsyncReadyCallback   callback,
                                                                   gpointer              user_data);
void              plug_driver_switch_get_boot_check_async        (PlugDriverSwitch     *self,
                                                                   GCancellable         *cancellable,
                                                                   GAsyncReadyCallback   callback,
                                                                   gpointer              user_data);
char             *plug_driver_switch_get_initramfs_problem_finish (PlugDriverSwitch     *self,
                                                                   GAsyncResult         *result,
                                                                   GError              **error);
char             *plug_driver_switch_get_boot_check_finish       (PlugDriverSwitch     *self,
                                                                   GAsyncResult         *result,
                                                                   GError              **error);
char             *plug_driver_switch_dup_boot_check_for          (const char           *boot_check,
                                                                   const char           *pci_slot);

void              plug_driver_switch_get_choices_async   (PlugDriverSwitch     *self,
                                                          GCancellable         *cancellable,
                                                          GAsyncReadyCallback   callback,
                                                          gpointer              user_data);
GPtrArray        *plug_driver_switch_get_choices_finish  (PlugDriverSwitch     *self,
                                                          GAsyncResult         *result,
                                                          GError              **error);

void              plug_driver_switch_set_driver_async    (PlugDriverSwitch     *self,
                                                          const char           *pci_slot,
                                                          const char           *driver,
                                                          GCancellable         *cancellable,
                                                          GAsyncReadyCallback   callback,
                                                          gpointer              user_data);
gboolean          plug_driver_switch_set_driver_finish   (PlugDriverSwitch     *self,
                                                          GAsyncResult         *result,
                                                          GError              **error);

void              plug_driver_switch_revert_async        (PlugDriverSwitch     *self,
                                                          const char           *pci_slot,
                                                          GCancellable         *cancellable,
                                                          GAsyncReadyCallback   callback,
                                                          gpointer              user_data);
gboolean          plug_driver_switch_revert_finish       (PlugDriverSwitch     *self,
                                                          GAsyncResult         *result,
                                                          GError              **error);

void              plug_driver_switch_set_keep_async      (PlugDriverSwitch     *self,
                                                          const char           *pci_slot,
                                                          gboolean              keep,
                                                          GCancellable         *cancellable,
                                                          GAsyncReadyCallback   callback,
                                                          gpointer              user_data);
gboolean          plug_driver_switch_set_keep_finish     (PlugDriverSwitch     *self,
                                                          GAsyncResult         *result,
                                                          GError              **error);

G_END_DECLS
