/* plug-edid.h: What a monitor's EDID says about it
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define PLUG_EDID_ERROR (plug_edid_error_quark ())

/**
 * PlugEdidError:
 * @PLUG_EDID_ERROR_TRUNCATED: shorter than the 128-byte base block
 * @PLUG_EDID_ERROR_HEADER: the block does not start with the EDID header
 * @PLUG_EDID_ERROR_CHECKSUM: the block's bytes do not add up to 0
 */
typedef enum {
  PLUG_EDID_ERROR_TRUNCATED,
  PLUG_EDID_ERROR_HEADER,
  PLUG_EDID_ERROR_CHECKSUM,
} PlugEdidError;

GQuark plug_edid_error_quark (void);

/**
 * PlugEdid:
 * @manufacturer: the three-letter PNP id, such as “DEL”, or "" when the
 *   bytes do not spell one
 * @name: the monitor name descriptor (0xFC), printable ASCII, or ""
 * @width: the preferred mode's width in pixels, 0 when unknown
 * @height: the preferred mode's height in pixels, 0 when unknown
 * @refresh_rate: the preferred mode's refresh rate in millihertz, 0 when
 *   unknown
 *
 * The parts of a monitor's EDID base block that Plugboard shows.
 */
typedef struct
{
  char manufacturer[4];
  char name[14];
  int  width;
  int  height;
  int  refresh_rate;
} PlugEdid;

gboolean plug_edid_parse (const guint8  *data,
                          gsize          length,
                          PlugEdid      *edid,
                          GError       **error);

G_END_DECLS
