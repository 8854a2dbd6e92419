/* plug-gpu-driver-rules.h: What a PCI slot and a driver name may look like
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The longest PCI slot or driver name accepted, in bytes. */
#define PLUG_DRIVER_RULES_MAX_LENGTH 64

gboolean plug_gpu_driver_rules_check_pci_slot (const char  *pci_slot,
                                           GError     **error);
gboolean plug_gpu_driver_rules_check_driver   (const char  *driver,
                                           GError     **error);

G_END_DECLS
