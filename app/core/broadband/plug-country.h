/* plug-country.h: Country names from iso-codes, and the user's country
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define PLUG_TYPE_COUNTRY_TABLE (plug_country_table_get_type ())

G_DECLARE_FINAL_TYPE (PlugCountryTable, plug_country_table, PLUG, COUNTRY_TABLE, GObject)

const char       *plug_country_table_get_default_path (void);
PlugCountryTable *plug_country_table_load_sync        (const char        *path,
                                                       GCancellable      *cancellable,
                                                       GError           **error);
void              plug_country_table_load_async       (const char           *path,
                                                       GCancellable         *cancellable,
                                                       GAsyncReadyCallback   callback,
                                                       gpointer              user_data);
PlugCountryTable *plug_country_table_load_finish      (GAsyncResult         *result,
                                                       GError              **error);
const char       *plug_country_table_get_path         (PlugCountryTable  *self);
guint             plug_country_table_get_n_countries  (PlugCountryTable  *self);
const char       *plug_country_table_get_name         (PlugCountryTable  *self,
                                                       const char        *code);

char             *plug_country_code_from_locale       (const char        *locale);
char             *plug_country_code_get_default       (void);

G_END_DECLS
