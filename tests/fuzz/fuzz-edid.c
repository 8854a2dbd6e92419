/* fuzz-edid.c: Any bytes as a monitor's EDID
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib.h>

#include "plug-edid.h"
#include "plug-fuzz.h"

/*
 * The "edid" file of a drm connector holds what the monitor sent, which
 * can be anything. Whatever it is, the parser reads only inside it (the
 * copy below is exactly @size bytes, so AddressSanitizer sees any read
 * past the end), and either refuses it with a reason and nothing filled
 * in, or fills in fields that hold their promises: a PNP id of three
 * capital letters, a printable ASCII name, and a mode that is whole or
 * absent.
 */

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree guint8 *copy = NULL;
  g_autoptr(GError) error = NULL;
  PlugEdid edid;
  gboolean parsed;

  plug_fuzz_init_once ();

  copy = g_memdup2 (data, size);
  parsed = plug_edid_parse (size > 0 ? copy : NULL, size, &edid, &error);

  g_assert_true (parsed == (error == NULL));
  if (!parsed)
    {
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      g_assert_cmpstr (edid.manufacturer, ==, "");
      g_assert_cmpstr (edid.name, ==, "");
      g_assert_cmpint (edid.width, ==, 0);
      g_assert_cmpint (edid.refresh_rate, ==, 0);
      return 0;
    }

  g_assert_cmpuint (size, >=, 128);
  g_assert_true (edid.manufacturer[0] == '\0' || strlen (edid.manufacturer) == 3);
  for (gsize i = 0; edid.manufacturer[i] != '\0'; i++)
    g_assert_true (g_ascii_isupper (edid.manufacturer[i]));
  g_assert_cmpuint (strlen (edid.name), <=, 13);
  for (gsize i = 0; edid.name[i] != '\0'; i++)
    g_assert_true (g_ascii_isprint (edid.name[i]));

  /* Twelve bits of width, twice twelve of height; a rate only with a mode. */
  g_assert_cmpint (edid.width, >=, 0);
  g_assert_cmpint (edid.width, <, 4096);
  g_assert_cmpint (edid.height, >=, 0);
  g_assert_cmpint (edid.height, <, 8192);
  g_assert_true ((edid.width == 0) == (edid.height == 0));
  g_assert_true (edid.width > 0 || edid.refresh_rate == 0);
  g_assert_cmpint (edid.refresh_rate, >=, 0);

  return 0;
}
