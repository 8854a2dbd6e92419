/* test-country.c: Country names from iso-codes, and the country of a locale
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <glib/gstdio.h>

#include "plug-country.h"

static void
test_installed_table (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PlugCountryTable) table = plug_country_table_load_sync (NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (table);

  /* iso-codes lists 249 countries; a future one may add a few. */
  g_assert_cmpuint (plug_country_table_get_n_countries (table), >=, 249);
  g_assert_cmpstr (plug_country_table_get_name (table, "IT"), ==, "Italy");
  g_assert_cmpstr (plug_country_table_get_name (table, "it"), ==, "Italy");
  g_assert_cmpstr (plug_country_table_get_name (table, "US"), ==, "United States");
  /* The common name, not the official one. */
  g_assert_cmpstr (plug_country_table_get_name (table, "BO"), ==, "Bolivia");
  g_assert_cmpstr (plug_country_table_get_name (table, "TW"), ==, "Taiwan");

  g_assert_null (plug_country_table_get_name (table, "XX"));
  g_assert_null (plug_country_table_get_name (table, "ITA"));
  g_assert_null (plug_country_table_get_name (table, ""));
  g_assert_null (plug_country_table_get_name (table, "1T"));
  g_assert_null (plug_country_table_get_name (table, NULL));
}

static void
test_translated (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(PlugCountryTable) table = NULL;
  const char *previous = setlocale (LC_MESSAGES, NULL);
  g_autofree char *saved = g_strdup (previous);

  /* gettext ignores LANGUAGE in the C locale. glibc 2.36 (Debian 12)
   * takes C.UTF-8 for another, newer versions (2.41) for the C locale too:
   * there a real locale is needed, en_US.UTF-8 where it was generated. */
  if (setlocale (LC_MESSAGES, "en_US.UTF-8") == NULL &&
      setlocale (LC_MESSAGES, "C.UTF-8") == NULL)
    {
      g_test_skip ("no en_US.UTF-8 or C.UTF-8 locale");
      return;
    }
  g_setenv ("LANGUAGE", "de", TRUE);

  table = plug_country_table_load_sync (NULL, NULL, &error);
  g_assert_no_error (error);

  if (!g_file_test (ISO_CODES_LOCALE_DIR "/de/LC_MESSAGES/iso_3166-1.mo", G_FILE_TEST_EXISTS))
    g_test_skip ("iso-codes has no German translation installed");
  else
    g_assert_cmpstr (plug_country_table_get_name (table, "DE"), ==, "Deutschland");

  g_unsetenv ("LANGUAGE");
  setlocale (LC_MESSAGES, saved);
}

static void
test_broken_files (void)
{
  const char *cases[][2] = {
    { "not json", "{ \"3166-1\": [" },
    { "no list", "{ \"3166-2\": [] }" },
    { "a list of something else", "[1, 2, 3]" },
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(PlugCountryTable) table = NULL;
  g_autofree char *directory = g_dir_make_tmp ("plug-country-XXXXXX", &error);
  g_autofree char *path = NULL;

  g_assert_no_error (error);
  path = g_build_filename (directory, "iso_3166-1.json", NULL);

  table = plug_country_table_load_sync (path, NULL, &error);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_null (table);
  g_clear_error (&error);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i][0]);
      g_assert_true (g_file_set_contents (path, cases[i][1], -1, NULL));
      table = plug_country_table_load_sync (path, NULL, &error);
      g_assert_nonnull (error);
      g_assert_null (table);
      g_clear_error (&error);
    }

  /* Entries without a code, with a bad code or without a name are left
   * out; the good ones stay. */
  g_assert_true (g_file_set_contents (path,
                                      "{ \"3166-1\": [ 7, { \"name\": \"Nowhere\" },"
                                      " { \"alpha_2\": \"Q\", \"name\": \"Short\" },"
                                      " { \"alpha_2\": \"QZ\" },"
                                      " { \"alpha_2\": \"qy\", \"name\": \"Testland\" } ] }",
                                      -1, NULL));
  table = plug_country_table_load_sync (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (plug_country_table_get_n_countries (table), ==, 1);
  g_assert_cmpstr (plug_country_table_get_name (table, "QY"), ==, "Testland");
  g_assert_cmpstr (plug_country_table_get_path (table), ==, path);

  g_unlink (path);
  g_rmdir (directory);
}

static void
test_locale (void)
{
  const char *cases[][2] = {
    { "de_AT.UTF-8", "AT" },
    { "en_GB", "GB" },
    { "sr_RS@latin", "RS" },
    { "pt_br.utf8", "BR" },
    { "C", NULL },
    { "C.UTF-8", NULL },
    { "POSIX", NULL },
    { "en", NULL },
    { "en_", NULL },
    { "en_G", NULL },
    { "en_GBR", NULL },
    { "ast_ES.UTF-8", "ES" },
    { "", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *code = plug_country_code_from_locale (cases[i][0]);

      g_test_message ("%s", cases[i][0]);
      g_assert_cmpstr (code, ==, cases[i][1]);
    }
  g_assert_null (plug_country_code_from_locale (NULL));
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/country/installed-table", test_installed_table);
  g_test_add_func ("/country/translated", test_translated);
  g_test_add_func ("/country/broken-files", test_broken_files);
  g_test_add_func ("/country/locale", test_locale);

  return g_test_run ();
}
