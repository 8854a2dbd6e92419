/* plug-display.c: A display connector of a GPU, and the monitor on it
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

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
