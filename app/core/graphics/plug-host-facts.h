/* plug-host-facts.h: What plugboard-helper tells a sandboxed client of the host
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The helper's side: read the host, as the panel would outside a sandbox. */
void      plug_host_facts_build_async  (const char           *root_directory,
                                        const char           *modules_directory,
                                        GCancellable         *cancellable,
                                        GAsyncReadyCallback   callback,
                                        gpointer              user_data);
GVariant *plug_host_facts_build_finish (GAsyncResult         *result,
                                        GError              **error);

/* The sandbox's side. */
GVariant *plug_host_facts_fetch_sync   (GCancellable         *cancellable);
GVariant *plug_host_facts_lookup_gpu   (GVariant             *facts,
                                        const char           *pci_slot);
GVariant *plug_host_facts_get_power    (GVariant             *facts);

G_END_DECLS
