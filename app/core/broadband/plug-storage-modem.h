/* plug-storage-modem.h: A USB modem still in its storage mode
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <gudev/gudev.h>
#include <udisks/udisks.h>

G_BEGIN_DECLS

#define PLUG_TYPE_STORAGE_MODEM (plug_storage_modem_get_type ())

G_DECLARE_FINAL_TYPE (PlugStorageModem, plug_storage_modem, PLUG, STORAGE_MODEM, GObject)

GPtrArray   *plug_storage_modem_find_all           (UDisksClient     *udisks,
                                                    GUdevClient      *udev);
const char  *plug_storage_modem_get_vendor_name    (const char       *usb_vendor_id);

const char  *plug_storage_modem_get_device         (PlugStorageModem *self);
const char  *plug_storage_modem_get_usb_id         (PlugStorageModem *self);
const char  *plug_storage_modem_get_vendor         (PlugStorageModem *self);
const char  *plug_storage_modem_get_model          (PlugStorageModem *self);
char        *plug_storage_modem_dup_display_name   (PlugStorageModem *self);

G_END_DECLS
