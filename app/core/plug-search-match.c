/* plug-search-match.c: What a desktop search for Plugboard finds
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "plug-search-match.h"

/*
 * GNOME Shell hands the search provider what was typed, split into
 * terms. A panel matches when every term is found in its title or its
 * keywords; a drive or a connection when every term is found in one of its
 * names. A term is found at the start of a word (g_str_match_string(),
 * which also folds "é" to "e") or anywhere in a name, whatever its case
 * and accents: "usb" finds "USB", "cafe" finds "Café", "stick" finds
 * "USBSTICK".
 *
 * A panel's keywords are translated, as a desktop file's Keywords are;
 * the English ones match as well, since people type what the web and the
 * command line call things.
 */

typedef struct
{
  const char *panel_id;
  const char *keywords;
} PanelKeywords;

static const PanelKeywords panel_keywords[] = {
  /* Translators: search terms for the Drives panel, separated by
   * semicolons; keep the English words and add yours */
  { "drives", N_("format;reformat;drive;disk;usb;stick;card;label;rename;speed;") },
  /* Translators: search terms for the Mobile Broadband panel, separated
   * by semicolons; keep the English words and add yours */
  { "broadband", N_("mobile;broadband;modem;sim;pin;apn;roaming;connection;") },
  /* Translators: search terms for the Graphics panel, separated by
   * semicolons; keep the English words and add yours */
  { "graphics", N_("graphics;gpu;driver;nvidia;amd;intel;display;screen;suspend;sleep;hibernate;") },
};

/* Lower case, decomposed, with the accents dropped: "Café" is "cafe". */
static char *
fold (const char *text)
{
  g_autofree char *casefolded = g_utf8_casefold (text, -1);
  g_autofree char *decomposed = g_utf8_normalize (casefolded, -1, G_NORMALIZE_ALL);
  GString *folded = g_string_new (NULL);

  if (decomposed == NULL)
    return g_string_free (folded, FALSE);

  for (const char *p = decomposed; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      GUnicodeType type = g_unichar_type (c);

      if (type == G_UNICODE_NON_SPACING_MARK || type == G_UNICODE_SPACING_MARK ||
          type == G_UNICODE_ENCLOSING_MARK)
        continue;
      g_string_append_unichar (folded, c);
    }

  return g_string_free (folded, FALSE);
}

static gboolean
term_matches (const char *term,
              const char *folded_term,
              const char *hit)
{
  g_autofree char *folded_hit = NULL;

  if (hit == NULL || *hit == '\0')
    return FALSE;

  if (g_str_match_string (term, hit, TRUE))
    return TRUE;

  folded_hit = fold (hit);

  return strstr (folded_hit, folded_term) != NULL;
}

/**
 * plug_search_match_strings:
 * @terms: what was typed, one word per string
 * @haystack: (array zero-terminated=1): the names of what may be found;
 *   %NULL and empty strings are skipped
 *
 * Returns: whether every term is found in some string of @haystack;
 *   %FALSE when there is no term
 */
gboolean
plug_search_match_strings (const char * const *terms,
                           const char * const *haystack)
{
  gboolean any_term = FALSE;

  if (terms == NULL || haystack == NULL)
    return FALSE;

  for (guint i = 0; terms[i] != NULL; i++)
    {
      g_autofree char *folded_term = NULL;
      gboolean found = FALSE;

      if (!g_utf8_validate (terms[i], -1, NULL) || *terms[i] == '\0')
        continue;

      folded_term = fold (terms[i]);
      if (*folded_term == '\0')
        continue;
      any_term = TRUE;

      for (guint j = 0; haystack[j] != NULL && !found; j++)
        found = g_utf8_validate (haystack[j], -1, NULL) && term_matches (terms[i], folded_term, haystack[j]);

      if (!found)
        return FALSE;
    }

  return any_term;
}

/**
 * plug_search_dup_panel_keywords:
 * @panel_id: the panel's id, as `plugboard --panel` takes it
 *
 * Returns: (transfer full): the panel's keywords, translated and in
 *   English; empty for a panel Plugboard does not have
 */
GStrv
plug_search_dup_panel_keywords (const char *panel_id)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < G_N_ELEMENTS (panel_keywords); i++)
    {
      g_auto(GStrv) translated = NULL;
      g_auto(GStrv) english = NULL;

      if (g_strcmp0 (panel_keywords[i].panel_id, panel_id) != 0)
        continue;

      translated = g_strsplit (_(panel_keywords[i].keywords), ";", -1);
      english = g_strsplit (panel_keywords[i].keywords, ";", -1);
      for (guint j = 0; translated[j] != NULL; j++)
        {
          if (*translated[j] != '\0')
            g_strv_builder_add (builder, translated[j]);
        }
      for (guint j = 0; english[j] != NULL; j++)
        {
          if (*english[j] != '\0' && !g_strv_contains ((const char * const *) translated, english[j]))
            g_strv_builder_add (builder, english[j]);
        }
    }

  return g_strv_builder_end (builder);
}

/**
 * plug_search_match_panel:
 * @terms: what was typed, one word per string
 * @panel_id: the panel's id
 * @title: (nullable): the panel's title, as the window shows it
 *
 * Returns: whether every term is found in the panel's title or keywords
 */
gboolean
plug_search_match_panel (const char * const *terms,
                         const char         *panel_id,
                         const char         *title)
{
  g_auto(GStrv) keywords = plug_search_dup_panel_keywords (panel_id);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) haystack = NULL;

  g_return_val_if_fail (panel_id != NULL, FALSE);

  if (title != NULL)
    g_strv_builder_add (builder, title);
  g_strv_builder_addv (builder, (const char **) keywords);
  haystack = g_strv_builder_end (builder);

  return plug_search_match_strings (terms, (const char * const *) haystack);
}
