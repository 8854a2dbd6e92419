/* plug-search-provider.h: Plugboard's results in GNOME Shell's search
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "plug-application.h"

G_BEGIN_DECLS

#define PLUG_TYPE_SEARCH_PROVIDER (plug_search_provider_get_type ())

G_DECLARE_FINAL_TYPE (PlugSearchProvider, plug_search_provider, PLUG, SEARCH_PROVIDER, GObject)

PlugSearchProvider *plug_search_provider_new      (PlugApplication     *application);
gboolean            plug_search_provider_export   (PlugSearchProvider  *self,
                                                   GDBusConnection     *connection,
                                                   const char          *object_path,
                                                   GError             **error);
void                plug_search_provider_unexport (PlugSearchProvider  *self);

G_END_DECLS
