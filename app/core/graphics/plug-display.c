/* plug-display.c: A display connector of a GPU, and the monitor on it
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "plug-gpu-private.h"

/*
 * One of the kernel's drm connectors (card0-eDP-1, card1-HDMI-A-1), as
 * PlugGpuList reads it from sysfs: whether a monitor is connected, the
 * modes the kernel offers for it, and what the monitor's EDID says. This is
 * the kernel's view, which needs no display server: the scale, and the mode
 * the desktop actually chose, are the compositor's and are not here.
 */

G_DEFINE_FINAL_TYPE (PlugDisplay, plug_display, G_TYPE_OBJECT)

static const char * const no_modes[] = { NULL };

static void
plug_display_finalize (GObject *object)
{
  PlugDisplay *self = PLUG_DISPLAY (object);

  g_clear_pointer (&self->connector, g_free);
  g_clear_pointer (&self->card, g_free);
  g_clear_pointer (&self->pci_slot, g_free);
  g_clear_pointer (&self->name, g_free);
  g_clear_pointer (&self->manufacturer, g_free);
  g_clear_pointer (&self->modes, g_strfreev);
  g_clear_pointer (&self->edid_error, g_free);
  g_clear_pointer (&self->framebuffer, g_free);
  g_clear_pointer (&self->resolution_problem, g_free);

  G_OBJECT_CLASS (plug_display_parent_class)->finalize (object);
}

static void
plug_display_class_init (PlugDisplayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = plug_display_finalize;
}

static void
plug_display_init (PlugDisplay *self)
{
}

PlugDisplay *
plug_display_new (void)
{
  return g_object_new (PLUG_TYPE_DISPLAY, NULL);
}

/**
 * plug_display_get_connector:
 *
 * Returns: the connector's name, such as “eDP-1” or “HDMI-A-1”
 */
const char *
plug_display_get_connector (PlugDisplay *self)
{
  g_return_val_if_fail (PLUG_IS_DISPLAY (self), NULL);

  return self->connector;
}

/**
 * plug_display_get_card:
 *
 * Returns: the drm card the connector belongs to, such as “card0”
 */
const char *
plug_display_get_card (PlugDisplay *self)
{
  g_return_val_if_fail (PLUG_IS_DISPLAY (self), NULL);

  return self->card;
}

/**
 * plug_display_get_pci_slot:
 *
 * Returns: (nullable): the PCI slot of the GPU the connector belongs to,
 *   or %NULL for a card that is not on PCI
 */
const char *
plug_display_get_pci_slot (PlugDisplay *self)
{
  g_return_val_if_fail (PLUG_IS_DISPLAY (self), NULL);

  return self->pci_slot;
}

/**
 * plug_display_is_connected:
 *
 * Returns: whether the kernel sees a monitor on the connector
 */
gboolean
plug_display_is_connected (PlugDisplay *self)
{
  g_return_val_if_fail (PLUG_IS_DISPLAY (self), FALSE);

  return self->connected;
}

/**
 * plug_display_is_enabled:
 *
 * Returns: whether the connector is lit, that is, the desktop uses it
 */
gboolean
plug_display_is_enabled (PlugDisplay *self)
{
  g_return_val_if_fail (PLUG_IS_DISPLAY (self), FALSE);

  return self->enabled;
}

/**
 * plug_display_get_name:
 *
 * Returns: (nullable): the monitor's name from its EDID, such as
 *   “DELL U2720Q”, or %NULL when the EDID names none or is unreadable
 */
const char *
plug_display_get_name (PlugDisplay *self)
{
  g_return_val_if_fail (PLUG_IS_DISPLAY (self), NULL);

  return self->name;
}

/**
 * plug_display_get_manufacturer:
 *
 * Returns: (nullable): the monitor maker's three-letter PNP id from its
 *   EDID, such as “DEL”
 */
const char *
plug_display_get_manufacturer (PlugDisplay *self)
{
  g_return_val_if_fail (PLUG_IS_DISPLAY (self), NULL);

  return self->manufacturer;
}

/**
 * plug_display_get_width:
 *
 * Returns: the preferred mode's width in pixels (the EDID's, else the
 *   first mode the kernel offers), 0 when unknown
 */
int
plug_display_get_width (PlugDisplay *self)
{
  g_return_val_if_fail (PLUG_IS_DISPLAY (self), 0);

  return self->width;
}

/**
 * plug_display_get_height:
 *
 * Returns: the preferred mode's height in pixels, 0 when unknown
 */
int
plug_display_get_height (PlugDisplay *self)
{
  g_return_val_if_fail (PLUG_IS_DISPLAY (self), 0);

  return self->height;
}

/**
 * plug_display_get_refresh_rate:
 *
 * Returns: the preferred mode's refresh rate in millihertz, from the
 *   EDID, 0 when unknown
 */
int
plug_display_get_refresh_rate (PlugDisplay *self)
{
  g_return_val_if_fail (PLUG_IS_DISPLAY (self), 0);

  return self->refresh_rate;
}

/**
 * plug_display_get_modes:
 *
 * Returns: (transfer none): the modes the kernel offers, such as
 *   “1920x1080”, preferred first, each once
 */
const char * const *
plug_display_get_modes (PlugDisplay *self)
{
  g_return_val_if_fail (PLUG_IS_DISPLAY (self), NULL);

  return self->modes != NULL ? (const char * const *) self->modes : no_modes;
}

/**
 * plug_display_get_edid_error:
 *
 * Returns: (nullable): why the monitor's EDID could not be read, or %NULL
 *   when it was read or there is none
 */
const char *
plug_display_get_edid_error (PlugDisplay *self)
{
  g_return_val_if_fail (PLUG_IS_DISPLAY (self), NULL);

  return self->edid_error;
}

/**
 * plug_display_get_native_width:
 *
 * Returns: the width in pixels of the monitor's native resolution, the
 *   preferred timing its EDID names, 0 when no EDID says
 */
int
plug_display_get_native_width (PlugDisplay *self)
{
  g_return_val_if_fail (PLUG_IS_DISPLAY (self), 0);

  return self->native_width;
}

/**
 * plug_display_get_native_height:
 *
 * Returns: the height in pixels of the monitor's native resolution, 0
 *   when no EDID says
 */
int
plug_display_get_native_height (PlugDisplay *self)
{
  g_return_val_if_fail (PLUG_IS_DISPLAY (self), 0);

  return self->native_height;
}

/**
 * plug_display_dup_native_resolution:
 *
 * Returns: (transfer full) (nullable): the native resolution as
 *   “1280x800”, or %NULL when no EDID says
 */
char *
plug_display_dup_native_resolution (PlugDisplay *self)
{
  g_return_val_if_fail (PLUG_IS_DISPLAY (self), NULL);

  if (self->native_width <= 0 || self->native_height <= 0)
    return NULL;

  return g_strdup_printf ("%dx%d", self->native_width, self->native_height);
}

/**
 * plug_display_offers_mode:
 * @width: a width in pixels
 * @height: a height in pixels
 *
 * Returns: whether the kernel's driver offers a mode of that size for
 *   the connector, progressive or interlaced
 */
gboolean
plug_display_offers_mode (PlugDisplay *self,
                          int          width,
                          int          height)
{
  g_autofree char *mode = NULL;
  g_autofree char *interlaced = NULL;

  g_return_val_if_fail (PLUG_IS_DISPLAY (self), FALSE);

  if (self->modes == NULL)
    return FALSE;

  mode = g_strdup_printf ("%dx%d", width, height);
  interlaced = g_strdup_printf ("%dx%di", width, height);

  return g_strv_contains ((const char * const *) self->modes, mode) ||
         g_strv_contains ((const char * const *) self->modes, interlaced);
}

/**
 * plug_display_get_framebuffer:
 *
 * Returns: (nullable): the firmware framebuffer the screen runs on, such
 *   as “simpledrm” or “efifb”, when no GPU driver has taken the display
 *   over; %NULL for a GPU driver's connector
 */
const char *
plug_display_get_framebuffer (PlugDisplay *self)
{
  g_return_val_if_fail (PLUG_IS_DISPLAY (self), NULL);

  return self->framebuffer;
}

/**
 * plug_display_get_resolution_problem:
 *
 * Returns: (nullable): why the monitor cannot run at its native
 *   resolution, and what would fix it, in one or two sentences; %NULL
 *   when nothing the kernel shows stands in the way
 */
const char *
plug_display_get_resolution_problem (PlugDisplay *self)
{
  g_return_val_if_fail (PLUG_IS_DISPLAY (self), NULL);

  return self->resolution_problem;
}

/**
 * plug_display_dup_session_problem:
 * @width: the width in pixels the desktop runs the display at
 * @height: the height in pixels
 *
 * What only the display server knows: the desktop runs the display below
 * its native resolution although the driver offers it, as after a
 * monitor was swapped or a setting kept from another one.
 *
 * Returns: (transfer full) (nullable): one sentence with the way out, or
 *   %NULL when the mode is the native one, larger, or the native one is
 *   not offered (then plug_display_get_resolution_problem() says why)
 */
char *
plug_display_dup_session_problem (PlugDisplay *self,
                                  int          width,
                                  int          height)
{
  g_return_val_if_fail (PLUG_IS_DISPLAY (self), NULL);

  if (self->native_width <= 0 || self->native_height <= 0 || width <= 0 || height <= 0 ||
      (gint64) width * height >= (gint64) self->native_width * self->native_height ||
      !plug_display_offers_mode (self, self->native_width, self->native_height))
    return NULL;

  /* Translators: the first two %d are the resolution the desktop runs
   * the display at, the next two its native one, twice */
  return g_strdup_printf (_("The desktop runs this display at %d × %d, below its native %d × %d, "
                            "which the driver offers: open Settings, then Displays, and choose "
                            "%d × %d."),
                          width, height, self->native_width, self->native_height,
                          self->native_width, self->native_height);
}
