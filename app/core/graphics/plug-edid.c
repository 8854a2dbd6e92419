/* plug-edid.c: What a monitor's EDID says about it
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "plug-edid.h"

/*
 * A monitor's EDID (VESA E-EDID 1.3 and 1.4) as the kernel offers it in a
 * drm connector's "edid" file. Only the 128-byte base block is read; the
 * extension blocks after it (CTA-861 and others) are left alone. The bytes
 * come from the monitor, so nothing is trusted: every offset used lies
 * inside the base block, whose length is checked first, and the block must
 * have the header and a correct checksum before any field is believed.
 *
 * The base block's layout:
 *
 *   0–7     header 00 FF FF FF FF FF FF 00
 *   8–9     manufacturer, three 5-bit letters (1 = A), big-endian
 *   54–125  four 18-byte descriptors; the first is the preferred mode's
 *           detailed timing, when its pixel clock is not 0; a descriptor
 *           whose pixel clock is 0 is a display descriptor, with its tag
 *           in byte 3 (0xFC: the monitor name, up to 13 bytes, ending in
 *           a newline)
 *   127     checksum: the block's bytes add up to 0 modulo 256
 */

#define EDID_BLOCK_LENGTH      128
#define EDID_DESCRIPTORS       54
#define EDID_DESCRIPTOR_LENGTH 18
#define EDID_N_DESCRIPTORS     4
#define EDID_TAG_MONITOR_NAME  0xfc
#define EDID_MAX_REFRESH_RATE  2000000 /* mHz */

G_DEFINE_QUARK (plug-edid-error-quark, plug_edid_error)

static const guint8 edid_header[] = { 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00 };

static void
read_manufacturer (const guint8 *block,
                   PlugEdid     *edid)
{
  guint id = ((guint) block[8] << 8) | block[9];
  guint letters[3] = { (id >> 10) & 0x1f, (id >> 5) & 0x1f, id & 0x1f };

  /* Bit 15 is reserved and 0; each letter is 1 (A) to 26 (Z). */
  if (id & 0x8000)
    return;
  for (guint i = 0; i < 3; i++)
    {
      if (letters[i] < 1 || letters[i] > 26)
        return;
    }

  for (guint i = 0; i < 3; i++)
    edid->manufacturer[i] = (char) ('A' + letters[i] - 1);
  edid->manufacturer[3] = '\0';
}

static void
read_monitor_name (const guint8 *descriptor,
                   PlugEdid     *edid)
{
  char name[sizeof (edid->name)] = { 0 };
  gsize length = 0;

  /* Bytes 5–17: the text, ending at a newline, padded with spaces. A byte
   * that is not printable ASCII makes the whole name unreadable rather
   * than half of it. */
  for (gsize i = 5; i < EDID_DESCRIPTOR_LENGTH && descriptor[i] != '\n'; i++)
    {
      if (descriptor[i] < 0x20 || descriptor[i] > 0x7e)
        return;
      name[length++] = (char) descriptor[i];
    }

  g_strchomp (name);
  memcpy (edid->name, name, sizeof (name));
}

static void
read_preferred_mode (const guint8 *descriptor,
                     PlugEdid     *edid)
{
  guint64 pixel_clock = ((guint) descriptor[1] << 8 | descriptor[0]) * G_GUINT64_CONSTANT (10000);
  guint h_active = descriptor[2] | (descriptor[4] & 0xf0) << 4;
  guint h_blank = descriptor[3] | (descriptor[4] & 0x0f) << 8;
  guint v_active = descriptor[5] | (descriptor[7] & 0xf0) << 4;
  guint v_blank = descriptor[6] | (descriptor[7] & 0x0f) << 8;
  gboolean interlaced = (descriptor[17] & 0x80) != 0;
  guint64 pixels_per_field = (guint64) (h_active + h_blank) * (v_active + v_blank);

  guint64 refresh_rate;

  if (pixel_clock == 0 || h_active == 0 || v_active == 0 || pixels_per_field == 0)
    return;

  /* In millihertz. A timing whose rate is beyond any monitor's (a fast
   * clock over a handful of pixels) is broken, not a mode. */
  refresh_rate = (pixel_clock * 1000 + pixels_per_field / 2) / pixels_per_field;
  if (refresh_rate == 0 || refresh_rate > EDID_MAX_REFRESH_RATE)
    return;

  /* An interlaced mode's timing describes one field, half the lines. */
  edid->width = (int) h_active;
  edid->height = (int) (interlaced ? v_active * 2 : v_active);
  edid->refresh_rate = (int) refresh_rate;
}

/**
 * plug_edid_parse:
 * @data: (array length=length): the EDID, as the kernel's "edid" file has it
 * @length: its length in bytes
 * @edid: (out caller-allocates): what it says
 * @error: the reason it cannot be read
 *
 * Reads the manufacturer, the monitor name and the preferred mode from the
 * EDID base block. A field the block leaves out, or spells wrong, is left
 * empty (0 or ""), while the rest is still read.
 *
 * Returns: %TRUE if @data is an EDID base block; otherwise %FALSE with
 *   @error set, and @edid all empty
 */
gboolean
plug_edid_parse (const guint8  *data,
                 gsize          length,
                 PlugEdid      *edid,
                 GError       **error)
{
  guint8 sum = 0;

  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (edid != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  memset (edid, 0, sizeof (*edid));

  if (length < EDID_BLOCK_LENGTH)
    {
      g_set_error (error, PLUG_EDID_ERROR, PLUG_EDID_ERROR_TRUNCATED,
                   /* Translators: %u is a number of bytes */
                   _("The EDID is %u bytes long, shorter than one block"), (guint) length);
      return FALSE;
    }

  if (memcmp (data, edid_header, sizeof (edid_header)) != 0)
    {
      g_set_error_literal (error, PLUG_EDID_ERROR, PLUG_EDID_ERROR_HEADER,
                           _("The EDID does not start with the EDID header"));
      return FALSE;
    }

  for (gsize i = 0; i < EDID_BLOCK_LENGTH; i++)
    sum += data[i];
  if (sum != 0)
    {
      g_set_error_literal (error, PLUG_EDID_ERROR, PLUG_EDID_ERROR_CHECKSUM,
                           _("The EDID’s checksum is wrong"));
      return FALSE;
    }

  read_manufacturer (data, edid);

  for (guint i = 0; i < EDID_N_DESCRIPTORS; i++)
    {
      const guint8 *descriptor = data + EDID_DESCRIPTORS + i * EDID_DESCRIPTOR_LENGTH;
      gboolean is_timing = descriptor[0] != 0 || descriptor[1] != 0;

      if (i == 0 && is_timing)
        read_preferred_mode (descriptor, edid);
      else if (!is_timing && descriptor[3] == EDID_TAG_MONITOR_NAME && edid->name[0] == '\0')
        read_monitor_name (descriptor, edid);
    }

  return TRUE;
}
