/* plug-search-match.h: What a desktop search for Plugboard finds
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

gboolean  plug_search_match_strings    (const char * const *terms,
                                        const char * const *haystack);
gboolean  plug_search_match_panel      (const char * const *terms,
                                        const char         *panel_id,
                                        const char         *title);
GStrv     plug_search_dup_panel_keywords (const char       *panel_id);

G_END_DECLS
