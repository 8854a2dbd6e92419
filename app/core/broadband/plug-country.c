/* plug-country.c: Country names from iso-codes, and the user's country
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <locale.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "plug-country.h"

/*
 * The provider database names countries by their ISO 3166-1 code only.
 * iso-codes has every code's English name, and its gettext domain
 * (iso_3166-1) the translations; a person looks for "Deutschland", not
 * "DE". The file is read once, off the main loop, by whoever needs it.
 */

#define ISO_3166_DOMAIN "iso_3166-1"

struct _PlugCountryTable
{
  GObject     parent_instance;

  char       *path;
  /* Upper-case alpha-2 code → English name (both owned). */
  GHashTable *names;
};

G_DEFINE_FINAL_TYPE (PlugCountryTable, plug_country_table, G_TYPE_OBJECT)

static void
plug_country_table_finalize (GObject *object)
{
  PlugCountryTable *self = PLUG_COUNTRY_TABLE (object);

  g_free (self->path);
  g_clear_pointer (&self->names, g_hash_table_unref);

  G_OBJECT_CLASS (plug_country_table_parent_class)->finalize (object);
}

static void
plug_country_table_class_init (PlugCountryTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = plug_country_table_finalize;
}

static void
plug_country_table_init (PlugCountryTable *self)
{
  self->names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

/**
 * plug_country_table_get_default_path:
 *
 * Returns: iso-codes' ISO 3166-1 file, or the one $PLUG_ISO_3166_FILE
 *   names (a seam for tests)
 */
const char *
plug_country_table_get_default_path (void)
{
  const char *override = g_getenv ("PLUG_ISO_3166_FILE");

  if (override != NULL && override[0] != '\0')
    return override;

  return ISO_CODES_JSON_DIR "/iso_3166-1.json";
}

static gboolean
is_alpha_2 (const char *code)
{
  return code != NULL && strlen (code) == 2 &&
         g_ascii_isalpha (code[0]) && g_ascii_isalpha (code[1]);
}

/**
 * plug_country_table_load_sync:
 * @path: (nullable): an iso-codes iso_3166-1.json, or %NULL for the
 *   installed one
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GIOError or a JSON parser error
 *
 * Reads the country names. It blocks: call it from a thread.
 *
 * Returns: (transfer full): the table, or %NULL with @error set
 */
PlugCountryTable *
plug_country_table_load_sync (const char    *path,
                              GCancellable  *cancellable,
                              GError       **error)
{
  g_autoptr(PlugCountryTable) self = NULL;
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autofree char *contents = NULL;
  gsize length = 0;
  JsonNode *root;
  JsonArray *countries;

  if (path == NULL)
    path = plug_country_table_get_default_path ();

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  if (!g_file_get_contents (path, &contents, &length, error))
    return NULL;

  if (!json_parser_load_from_data (parser, contents, length, error))
    return NULL;

  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root) ||
      !json_object_has_member (json_node_get_object (root), "3166-1") ||
      !JSON_NODE_HOLDS_ARRAY (json_object_get_member (json_node_get_object (root), "3166-1")))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("%s is not an ISO 3166-1 file of iso-codes"), path);
      return NULL;
    }

  self = g_object_new (PLUG_TYPE_COUNTRY_TABLE, NULL);
  self->path = g_strdup (path);

  countries = json_object_get_array_member (json_node_get_object (root), "3166-1");
  for (guint i = 0; i < json_array_get_length (countries); i++)
    {
      JsonNode *node = json_array_get_element (countries, i);
      JsonObject *country;
      const char *code;
      const char *name;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;
      country = json_node_get_object (node);
      code = json_object_get_string_member_with_default (country, "alpha_2", NULL);
      /* The short "common_name" (Bolivia, not Bolivia, Plurinational
       * State of) where there is one, as GNOME Settings shows. */
      name = json_object_get_string_member_with_default (country, "common_name", NULL);
      if (name == NULL)
        name = json_object_get_string_member_with_default (country, "name", NULL);
      if (!is_alpha_2 (code) || name == NULL || !g_utf8_validate (name, -1, NULL))
        continue;

      g_hash_table_replace (self->names, g_ascii_strup (code, -1), g_strdup (name));
    }

  return g_steal_pointer (&self);
}

static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GError *error = NULL;
  PlugCountryTable *table = plug_country_table_load_sync (task_data, cancellable, &error);

  if (table == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, table, g_object_unref);
}

/**
 * plug_country_table_load_async:
 * @path: (nullable): as for plug_country_table_load_sync()
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the table
 * @user_data: data for @callback
 *
 * Reads the country names in a thread.
 */
void
plug_country_table_load_async (const char          *path,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_country_table_load_async);
  g_task_set_task_data (task, g_strdup (path), g_free);
  g_task_run_in_thread (task, load_thread);
}

PlugCountryTable *
plug_country_table_load_finish (GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == plug_country_table_load_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

const char *
plug_country_table_get_path (PlugCountryTable *self)
{
  g_return_val_if_fail (PLUG_IS_COUNTRY_TABLE (self), NULL);

  return self->path;
}

guint
plug_country_table_get_n_countries (PlugCountryTable *self)
{
  g_return_val_if_fail (PLUG_IS_COUNTRY_TABLE (self), 0);

  return g_hash_table_size (self->names);
}

/**
 * plug_country_table_get_name:
 * @self: the table
 * @code: an ISO 3166-1 alpha-2 code, in either case
 *
 * Returns: (nullable): the country's name in the user's language, or
 *   %NULL for a code iso-codes does not know
 */
const char *
plug_country_table_get_name (PlugCountryTable *self,
                             const char       *code)
{
  static gsize bound = 0;
  char upper[3];
  const char *name;

  g_return_val_if_fail (PLUG_IS_COUNTRY_TABLE (self), NULL);

  if (!is_alpha_2 (code))
    return NULL;

  upper[0] = g_ascii_toupper (code[0]);
  upper[1] = g_ascii_toupper (code[1]);
  upper[2] = '\0';

  name = g_hash_table_lookup (self->names, upper);
  if (name == NULL)
    return NULL;

  if (g_once_init_enter (&bound))
    {
      bindtextdomain (ISO_3166_DOMAIN, ISO_CODES_LOCALE_DIR);
      bind_textdomain_codeset (ISO_3166_DOMAIN, "UTF-8");
      g_once_init_leave (&bound, 1);
    }

  return g_dgettext (ISO_3166_DOMAIN, name);
}

/**
 * plug_country_code_from_locale:
 * @locale: a locale name, such as "de_AT.UTF-8" or "sr_RS@latin"
 *
 * Returns: (transfer full) (nullable): the upper-case country code of
 *   @locale, or %NULL when it names no country ("C", "POSIX", "en")
 */
char *
plug_country_code_from_locale (const char *locale)
{
  const char *underscore;

  if (locale == NULL)
    return NULL;

  underscore = strchr (locale, '_');
  if (underscore == NULL)
    return NULL;

  /* The territory is the two letters after the underscore, ended by the
   * codeset, the modifier or the string. */
  if (!g_ascii_isalpha (underscore[1]) || !g_ascii_isalpha (underscore[2]) ||
      (underscore[3] != '\0' && underscore[3] != '.' && underscore[3] != '@'))
    return NULL;

  return g_ascii_strup (underscore + 1, 2);
}

/**
 * plug_country_code_get_default:
 *
 * Where the user probably is, from the locale of addresses (LC_ADDRESS
 * is what GNOME's Region settings set for the country), else of
 * messages.
 *
 * Returns: (transfer full) (nullable): an upper-case country code
 */
char *
plug_country_code_get_default (void)
{
  char *code = NULL;

#ifdef LC_ADDRESS
  code = plug_country_code_from_locale (setlocale (LC_ADDRESS, NULL));
#endif
  if (code == NULL)
    code = plug_country_code_from_locale (setlocale (LC_MESSAGES, NULL));
  if (code == NULL)
    code = plug_country_code_from_locale (g_getenv ("LANG"));

  return code;
}
