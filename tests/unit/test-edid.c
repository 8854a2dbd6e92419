/* test-edid.c: Reading a monitor's EDID, and refusing what is not one
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "plug-edid.h"

/*
 * The EDIDs are made-up monitors written by tests/fixtures/gpus/make-edid
 * (the same as the GPU fixtures'): a 1920x1080 60 Hz laptop panel and a
 * 2560x1440 144 Hz monitor. The broken ones are changed copies.
 */

#define PANEL_EDID "00FFFFFFFFFFFF0041820010040302010A220104A522137803EE95A3544C99260F505400000001010101010101010101010101010101023A801871382D403020350044221000001A000000FD0028901EA03C000A202020202020000000FC00506C75672050616E656C0A2020000000FE00506C7567626F6172640A20202000ED"
#define QHD_EDID "00FFFFFFFFFFFF0041820020040302010A220104A522137803EE95A3544C99260F50540000000101010101010101010101010101010153E900A0A0A055503020350044221000001A000000FD0028901EA03C000A202020202020000000FC00506C7567203237205148440A20000000FE00506C7567626F6172640A20202000B0"

#define EDID_LENGTH 128

static guint8 *
edid_from_hex (const char *hex)
{
  guint8 *data = g_malloc (EDID_LENGTH);

  g_assert_cmpuint (strlen (hex), ==, EDID_LENGTH * 2);
  for (gsize i = 0; i < EDID_LENGTH; i++)
    data[i] = (guint8) (g_ascii_xdigit_value (hex[2 * i]) << 4 | g_ascii_xdigit_value (hex[2 * i + 1]));

  return data;
}

/* After changing bytes, so that only the change under test is wrong. */
static void
fix_checksum (guint8 *data)
{
  guint8 sum = 0;

  for (gsize i = 0; i < EDID_LENGTH - 1; i++)
    sum += data[i];
  data[EDID_LENGTH - 1] = (guint8) (0x100 - sum);
}

static void
assert_empty (const PlugEdid *edid)
{
  g_assert_cmpstr (edid->manufacturer, ==, "");
  g_assert_cmpstr (edid->name, ==, "");
  g_assert_cmpint (edid->width, ==, 0);
  g_assert_cmpint (edid->height, ==, 0);
  g_assert_cmpint (edid->refresh_rate, ==, 0);
}

static void
test_panel (void)
{
  g_autofree guint8 *data = edid_from_hex (PANEL_EDID);
  g_autoptr(GError) error = NULL;
  PlugEdid edid;

  g_assert_true (plug_edid_parse (data, EDID_LENGTH, &edid, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (edid.manufacturer, ==, "PLB");
  g_assert_cmpstr (edid.name, ==, "Plug Panel");
  g_assert_cmpint (edid.width, ==, 1920);
  g_assert_cmpint (edid.height, ==, 1080);
  /* 148.5 MHz over 2200 × 1125 pixels: 60 Hz exactly. */
  g_assert_cmpint (edid.refresh_rate, ==, 60000);
}

static void
test_qhd (void)
{
  g_autofree guint8 *data = edid_from_hex (QHD_EDID);
  g_autoptr(GError) error = NULL;
  PlugEdid edid;

  g_assert_true (plug_edid_parse (data, EDID_LENGTH, &edid, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (edid.name, ==, "Plug 27 QHD");
  g_assert_cmpint (edid.width, ==, 2560);
  g_assert_cmpint (edid.height, ==, 1440);
  /* 597.31 MHz over 2720 × 1525 pixels: 143.9995 Hz. */
  g_assert_cmpint (edid.refresh_rate, ==, 144000);
}

static void
test_extensions_ignored (void)
{
  g_autofree guint8 *block = edid_from_hex (QHD_EDID);
  g_autofree guint8 *data = g_malloc0 (EDID_LENGTH * 2);
  g_autoptr(GError) error = NULL;
  PlugEdid edid;

  /* A CTA-861 extension block of garbage after a good base block. */
  memcpy (data, block, EDID_LENGTH);
  memset (data + EDID_LENGTH, 0xa5, EDID_LENGTH);
  g_assert_true (plug_edid_parse (data, EDID_LENGTH * 2, &edid, &error));
  g_assert_no_error (error);
  g_assert_cmpint (edid.width, ==, 2560);
}

static void
test_truncated (void)
{
  g_autofree guint8 *data = edid_from_hex (PANEL_EDID);

  for (gsize length = 0; length < EDID_LENGTH; length++)
    {
      /* A copy of exactly that length, so that AddressSanitizer sees any
       * read past it. */
      g_autofree guint8 *copy = g_memdup2 (data, length);
      g_autoptr(GError) error = NULL;
      PlugEdid edid;

      g_assert_false (plug_edid_parse (length > 0 ? copy : NULL, length, &edid, &error));
      g_assert_error (error, PLUG_EDID_ERROR, PLUG_EDID_ERROR_TRUNCATED);
      assert_empty (&edid);
    }
}

static void
test_bad_checksum (void)
{
  g_autofree guint8 *data = edid_from_hex (PANEL_EDID);
  g_autoptr(GError) error = NULL;
  PlugEdid edid;

  data[60] ^= 0x01;
  g_assert_false (plug_edid_parse (data, EDID_LENGTH, &edid, &error));
  g_assert_error (error, PLUG_EDID_ERROR, PLUG_EDID_ERROR_CHECKSUM);
  assert_empty (&edid);
}

static void
test_bad_header (void)
{
  g_autofree guint8 *data = edid_from_hex (PANEL_EDID);
  g_autoptr(GError) error = NULL;
  PlugEdid edid;

  data[7] = 0xff;
  fix_checksum (data);
  g_assert_false (plug_edid_parse (data, EDID_LENGTH, &edid, &error));
  g_assert_error (error, PLUG_EDID_ERROR, PLUG_EDID_ERROR_HEADER);
  assert_empty (&edid);
}

static void
test_zero_pixel_clock (void)
{
  g_autofree guint8 *data = edid_from_hex (PANEL_EDID);
  g_autoptr(GError) error = NULL;
  PlugEdid edid;

  /* The first descriptor is then no timing: the preferred mode is not
   * known, while the rest of the block still is. */
  data[54] = 0;
  data[55] = 0;
  fix_checksum (data);
  g_assert_true (plug_edid_parse (data, EDID_LENGTH, &edid, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (edid.name, ==, "Plug Panel");
  g_assert_cmpint (edid.width, ==, 0);
  g_assert_cmpint (edid.height, ==, 0);
  g_assert_cmpint (edid.refresh_rate, ==, 0);
}

static void
test_zero_size (void)
{
  g_autofree guint8 *data = edid_from_hex (PANEL_EDID);
  g_autoptr(GError) error = NULL;
  PlugEdid edid;

  /* A pixel clock, but no active pixels and no blanking: no division by 0. */
  memset (data + 56, 0, 6);
  fix_checksum (data);
  g_assert_true (plug_edid_parse (data, EDID_LENGTH, &edid, &error));
  g_assert_cmpint (edid.width, ==, 0);
  g_assert_cmpint (edid.refresh_rate, ==, 0);
}

static void
test_absurd_refresh_rate (void)
{
  g_autofree guint8 *data = edid_from_hex (PANEL_EDID);
  g_autoptr(GError) error = NULL;
  PlugEdid edid;

  /* The fastest clock (655.35 MHz) over 1 × 1 pixels and no blanking: a
   * rate of millions of hertz, which no monitor has, and which once
   * overflowed. The mode is unknown; the rest is read. */
  data[54] = 0xff;
  data[55] = 0xff;
  data[56] = 1;
  data[57] = 0;
  data[58] = 0;
  data[59] = 1;
  data[60] = 0;
  data[61] = 0;
  fix_checksum (data);
  g_assert_true (plug_edid_parse (data, EDID_LENGTH, &edid, &error));
  g_assert_no_error (error);
  g_assert_cmpint (edid.width, ==, 0);
  g_assert_cmpint (edid.height, ==, 0);
  g_assert_cmpint (edid.refresh_rate, ==, 0);
  g_assert_cmpstr (edid.name, ==, "Plug Panel");
}

static void
test_interlaced (void)
{
  g_autofree guint8 *data = edid_from_hex (PANEL_EDID);
  g_autoptr(GError) error = NULL;
  PlugEdid edid;

  /* 1920x1080i: the timing has the 540 lines of one field. */
  data[54 + 5] = 540 & 0xff;
  data[54 + 7] = (data[54 + 7] & 0x0f) | (540 >> 8) << 4;
  data[54 + 17] |= 0x80;
  fix_checksum (data);
  g_assert_true (plug_edid_parse (data, EDID_LENGTH, &edid, &error));
  g_assert_cmpint (edid.width, ==, 1920);
  g_assert_cmpint (edid.height, ==, 1080);
}

static void
test_bad_text (void)
{
  g_autofree guint8 *data = edid_from_hex (PANEL_EDID);
  g_autoptr(GError) error = NULL;
  PlugEdid edid;
  /* The name descriptor is the third, its text from byte 5. */
  const gsize name = 54 + 2 * 18 + 5;

  /* A control byte in the name, and a manufacturer letter 0. */
  g_assert_cmpmem (data + name, 10, "Plug Panel", 10);
  data[name + 4] = 0x07;
  data[8] = 0;
  fix_checksum (data);
  g_assert_true (plug_edid_parse (data, EDID_LENGTH, &edid, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (edid.name, ==, "");
  g_assert_cmpstr (edid.manufacturer, ==, "");
  g_assert_cmpint (edid.width, ==, 1920);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/edid/panel", test_panel);
  g_test_add_func ("/edid/qhd", test_qhd);
  g_test_add_func ("/edid/extensions-ignored", test_extensions_ignored);
  g_test_add_func ("/edid/truncated", test_truncated);
  g_test_add_func ("/edid/bad-checksum", test_bad_checksum);
  g_test_add_func ("/edid/bad-header", test_bad_header);
  g_test_add_func ("/edid/zero-pixel-clock", test_zero_pixel_clock);
  g_test_add_func ("/edid/zero-size", test_zero_size);
  g_test_add_func ("/edid/absurd-refresh-rate", test_absurd_refresh_rate);
  g_test_add_func ("/edid/interlaced", test_interlaced);
  g_test_add_func ("/edid/bad-text", test_bad_text);

  return g_test_run ();
}
