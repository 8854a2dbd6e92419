/* test-search-match.c: What a desktop search for Plugboard finds
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>

#include "plug-search-match.h"

typedef struct
{
  const char *terms;     /* split on spaces, as GNOME Shell splits them */
  const char *panel_id;
  gboolean    matches;
} PanelCase;

static const PanelCase panel_cases[] = {
  { "format", "drives", TRUE },
  { "format", "graphics", FALSE },
  { "format", "broadband", FALSE },
  { "FORMAT", "drives", TRUE },
  { "form", "drives", TRUE },
  { "usb stick", "drives", TRUE },
  { "usb modem", "drives", FALSE },
  { "rename", "drives", TRUE },
  { "Drives", "drives", TRUE },
  { "driver", "graphics", TRUE },
  { "driver", "drives", FALSE },
  { "nvidia", "graphics", TRUE },
  { "hibernate", "graphics", TRUE },
  { "gpu", "graphics", TRUE },
  { "apn", "broadband", TRUE },
  { "sim pin", "broadband", TRUE },
  { "mobile", "broadband", TRUE },
  { "Mobile Broadband", "broadband", TRUE },
  { "roaming", "graphics", FALSE },
  /* Substrings count: "band" is inside "broadband". */
  { "band", "broadband", TRUE },
  { "xyz", "drives", FALSE },
  { "", "drives", FALSE },
  { "drive", "nosuchpanel", FALSE },
};

static void
test_panels (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (panel_cases); i++)
    {
      const PanelCase *test = &panel_cases[i];
      g_auto(GStrv) terms = g_strsplit (test->terms, " ", -1);
      const char *title = NULL;

      g_test_message ("“%s” in %s", test->terms, test->panel_id);
      if (g_str_equal (test->panel_id, "drives"))
        title = "Drives";
      else if (g_str_equal (test->panel_id, "broadband"))
        title = "Mobile Broadband";
      else if (g_str_equal (test->panel_id, "graphics"))
        title = "Graphics";

      g_assert_cmpint (plug_search_match_panel ((const char * const *) terms, test->panel_id, title),
                       ==, test->matches);
    }
}

typedef struct
{
  const char *terms;
  const char *names[4];
  gboolean    matches;
} NameCase;

static const NameCase name_cases[] = {
  /* A drive: its volumes' labels, its model, what the panel calls it. */
  { "PHOTOS", { "PHOTOS", "SanDisk Cruzer", "16 GB Drive" }, TRUE },
  { "photos", { "PHOTOS", "SanDisk Cruzer", "16 GB Drive" }, TRUE },
  { "pho", { "PHOTOS", NULL }, TRUE },
  { "otos", { "PHOTOS", NULL }, TRUE },
  { "sandisk photos", { "PHOTOS", "SanDisk Cruzer", NULL }, TRUE },
  { "sandisk music", { "PHOTOS", "SanDisk Cruzer", NULL }, FALSE },
  { "cruzer", { "PHOTOS", "SanDisk Cruzer", NULL }, TRUE },
  { "stick", { "USBSTICK", NULL }, TRUE },
  /* Accents and case. */
  { "cafe", { "Café Photos", NULL }, TRUE },
  { "CAFÉ", { "cafe", NULL }, TRUE },
  { "über", { "Ueber", NULL }, FALSE },
  { "uber", { "Über Alles", NULL }, TRUE },
  { "диск", { "ДИСК", NULL }, TRUE },
  /* A connection: its name. */
  { "Vodafone", { "Vodafone Internet", NULL }, TRUE },
  { "vodafone internet", { "Vodafone Internet", NULL }, TRUE },
  { "internet", { "Vodafone Internet", NULL }, TRUE },
  { "tim", { "Vodafone Internet", NULL }, FALSE },
  { "Telefónica", { "Telefonica Movistar", NULL }, TRUE },
  /* No name, or nothing typed, finds nothing. */
  { "photos", { NULL }, FALSE },
  { "photos", { "", NULL }, FALSE },
  { "", { "PHOTOS", NULL }, FALSE },
};

static void
test_names (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (name_cases); i++)
    {
      const NameCase *test = &name_cases[i];
      g_auto(GStrv) terms = g_strsplit (test->terms, " ", -1);

      g_test_message ("“%s” in “%s”", test->terms, test->names[0] != NULL ? test->names[0] : "(none)");
      g_assert_cmpint (plug_search_match_strings ((const char * const *) terms, test->names), ==, test->matches);
    }
}

static void
test_odd_input (void)
{
  const char *no_terms[] = { NULL };
  const char *empty_terms[] = { "", "", NULL };
  const char *invalid_terms[] = { "\xff\xfe", NULL };
  const char *invalid_and_good[] = { "\xff", "photos", NULL };
  const char *names[] = { "PHOTOS", NULL };
  const char *invalid_names[] = { "\xff" "PHOTOS", NULL };

  g_assert_false (plug_search_match_strings (NULL, names));
  g_assert_false (plug_search_match_strings (no_terms, names));
  g_assert_false (plug_search_match_strings (empty_terms, names));
  g_assert_false (plug_search_match_strings (invalid_terms, names));
  g_assert_true (plug_search_match_strings (invalid_and_good, names));
  g_assert_false (plug_search_match_strings (invalid_and_good, invalid_names));
  g_assert_false (plug_search_match_strings (names, NULL));
}

static void
test_keywords (void)
{
  g_auto(GStrv) drives = plug_search_dup_panel_keywords ("drives");
  g_auto(GStrv) unknown = plug_search_dup_panel_keywords ("nosuchpanel");

  g_assert_true (g_strv_contains ((const char * const *) drives, "format"));
  g_assert_true (g_strv_contains ((const char * const *) drives, "speed"));
  g_assert_false (g_strv_contains ((const char * const *) drives, ""));
  g_assert_cmpuint (g_strv_length (unknown), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/search-match/panels", test_panels);
  g_test_add_func ("/search-match/names", test_names);
  g_test_add_func ("/search-match/odd-input", test_odd_input);
  g_test_add_func ("/search-match/keywords", test_keywords);

  return g_test_run ();
}
