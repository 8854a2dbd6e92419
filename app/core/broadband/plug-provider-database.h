/* plug-provider-database.h: The mobile broadband provider database
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "plug-provider.h"
#include "plug-provider-apn.h"

G_BEGIN_DECLS

#define PLUG_PROVIDER_DATABASE_ERROR (plug_provider_database_error_quark ())

/**
 * PlugProviderDatabaseError:
 * @PLUG_PROVIDER_DATABASE_ERROR_TOO_LARGE: the file, or a value in it, is
 *   far larger than any real database needs
 * @PLUG_PROVIDER_DATABASE_ERROR_UNSUPPORTED_FORMAT: the file is in a format
 *   other than 2.x
 *
 * Errors of the database's own. A file that is not well-formed XML, or
 * whose elements do not nest as serviceproviders.xml's do, fails with a
 * #G_MARKUP_ERROR; a file that cannot be read with a #G_IO_ERROR
 * (%G_IO_ERROR_NOT_FOUND when it is not installed).
 */
typedef enum {
  PLUG_PROVIDER_DATABASE_ERROR_TOO_LARGE,
  PLUG_PROVIDER_DATABASE_ERROR_UNSUPPORTED_FORMAT,
} PlugProviderDatabaseError;

/* Far above the 0.4 MB of the real database; a file larger than this is
 * not one, and is not read into memory. */
#define PLUG_PROVIDER_DATABASE_MAX_SIZE      (16 * 1024 * 1024)
#define PLUG_PROVIDER_DATABASE_MAX_ATTRIBUTE 1024
#define PLUG_PROVIDER_DATABASE_MAX_TEXT      4096

/**
 * PlugProviderHint:
 * @PLUG_PROVIDER_HINT_NONE: nothing the modem says names a provider
 * @PLUG_PROVIDER_HINT_SID: the system id of the CDMA network the modem
 *   is registered on
 * @PLUG_PROVIDER_HINT_MCC_MNC: the SIM's MCC-MNC (where several providers
 *   share it, the one the database marks as primary)
 * @PLUG_PROVIDER_HINT_SPN: the SIM's service provider name, among the
 *   providers of its MCC-MNC
 * @PLUG_PROVIDER_HINT_GID1: the SIM's group identifier, among the
 *   providers of its MCC-MNC
 *
 * What decided the provider plug_provider_database_suggest() suggests.
 */
typedef enum {
  PLUG_PROVIDER_HINT_NONE,
  PLUG_PROVIDER_HINT_SID,
  PLUG_PROVIDER_HINT_MCC_MNC,
  PLUG_PROVIDER_HINT_SPN,
  PLUG_PROVIDER_HINT_GID1,
} PlugProviderHint;

#define PLUG_TYPE_PROVIDER_DATABASE (plug_provider_database_get_type ())

G_DECLARE_FINAL_TYPE (PlugProviderDatabase, plug_provider_database, PLUG, PROVIDER_DATABASE, GObject)

GQuark                plug_provider_database_error_quark       (void);

char                **plug_provider_database_dup_search_path   (void);

PlugProviderDatabase *plug_provider_database_new_from_data     (const char           *data,
                                                                gsize                 length,
                                                                GError              **error);
PlugProviderDatabase *plug_provider_database_load_sync         (const char           *path,
                                                                GCancellable         *cancellable,
                                                                GError              **error);
void                  plug_provider_database_load_async        (const char           *path,
                                                                GCancellable         *cancellable,
                                                                GAsyncReadyCallback   callback,
                                                                gpointer              user_data);
PlugProviderDatabase *plug_provider_database_load_finish       (GAsyncResult         *result,
                                                                GError              **error);
void                  plug_provider_database_get_default_async (GCancellable         *cancellable,
                                                                GAsyncReadyCallback   callback,
                                                                gpointer              user_data);
PlugProviderDatabase *plug_provider_database_get_default_finish (GAsyncResult        *result,
                                                                GError              **error);

const char           *plug_provider_database_get_path          (PlugProviderDatabase *self);
GPtrArray            *plug_provider_database_get_providers     (PlugProviderDatabase *self);
char                **plug_provider_database_dup_country_codes (PlugProviderDatabase *self);

GPtrArray            *plug_provider_database_lookup_country    (PlugProviderDatabase *self,
                                                                const char           *country_code);
GPtrArray            *plug_provider_database_lookup_mcc_mnc    (PlugProviderDatabase *self,
                                                                const char           *mcc_mnc);
GPtrArray            *plug_provider_database_search            (PlugProviderDatabase *self,
                                                                const char           *text);
GPtrArray            *plug_provider_database_query             (PlugProviderDatabase *self,
                                                                const char           *country_code,
                                                                const char           *mcc_mnc,
                                                                const char           *text);

PlugProvider         *plug_provider_database_suggest           (PlugProviderDatabase *self,
                                                                const char           *mcc_mnc,
                                                                const char           *spn,
                                                                const char           *gid1,
                                                                guint                 sid,
                                                                PlugProviderHint     *hint);

const char           *plug_provider_hint_get_id                (PlugProviderHint      hint);

G_END_DECLS
