/* plug-graphics-report.c: The Graphics panel's facts as plain text
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "plug-graphics-report.h"
#include "plug-gpu-kind.h"
#include "plug-sandbox.h"

/*
 * The report a user copies from the Graphics panel for a bug report or a
 * forum post, and the phrases the panel shows, built in one place so that
 * the panel, its report and plugboardctl say the same thing in the same
 * words. Plain text, one fact per line, translated like the panel: the
 * reader is a person, not a parser (that is what `--json` is for).
 *
 * Nothing here guesses: what the core does not know (the OpenGL renderer,
 * until the renderer probe exists) is left out rather than filled in.
 */

/**
 * plug_graphics_license_get_display_name:
 *
 * Returns: (nullable): “Open Source” or “Proprietary”, or %NULL when the
 *   license is not known
 */
const char *
plug_graphics_license_get_display_name (PlugGpuLicense license)
{
  switch (license)
    {
    case PLUG_GPU_LICENSE_OPEN:
      return _("Open Source");
    case PLUG_GPU_LICENSE_PROPRIETARY:
      return _("Proprietary");
    case PLUG_GPU_LICENSE_UNKNOWN:
    default:
      return NULL;
    }
}

/**
 * plug_graphics_dup_gpu_name:
 *
 * Returns: (transfer full): the vendor and model, such as “NVIDIA
 *   Corporation TU117M”, or as much of it as is known
 */
char *
plug_graphics_dup_gpu_name (PlugGpu *gpu)
{
  const char *vendor = plug_gpu_get_vendor (gpu);
  const char *model = plug_gpu_get_model (gpu);

  g_return_val_if_fail (PLUG_IS_GPU (gpu), NULL);

  if (vendor != NULL && model != NULL)
    /* Translators: a GPU's vendor and model, such as
     * “Advanced Micro Devices, Inc. [AMD/ATI] Tahiti XT [Radeon HD 7970]” */
    return g_strdup_printf (C_("gpu name", "%s %s"), vendor, model);

  if (vendor != NULL)
    /* Translators: %s is the vendor of a GPU whose model is not known */
    return g_strdup_printf (_("%s GPU"), vendor);

  if (model != NULL)
    return g_strdup (model);

  return g_strdup (_("Unknown GPU"));
}

/**
 * plug_graphics_dup_gpu_short_name:
 *
 * Returns: (transfer full): the name a dialog about the GPU uses, under
 *   the group that shows the whole one: the product name the hardware
 *   database puts in brackets at the end of the model (“Radeon HD
 *   7970/8970 OEM / R9 280X” of “Tahiti XT [Radeon HD 7970/8970 OEM / R9
 *   280X]”), else the model, else plug_graphics_dup_gpu_name()
 */
char *
plug_graphics_dup_gpu_short_name (PlugGpu *gpu)
{
  const char *model;
  const char *open;
  gsize length;

  g_return_val_if_fail (PLUG_IS_GPU (gpu), NULL);

  model = plug_gpu_get_model (gpu);
  if (model == NULL)
    return plug_graphics_dup_gpu_name (gpu);

  length = strlen (model);
  open = strrchr (model, '[');
  if (open != NULL && length > 0 && model[length - 1] == ']' && open + 1 < model + length - 1)
    return g_strndup (open + 1, model + length - 1 - (open + 1));

  return g_strdup (model);
}

/* "0x10de" as lspci -nn writes it: "10de". */
static const char *
skip_hex_prefix (const char *id)
{
  if (id != NULL && g_str_has_prefix (id, "0x"))
    return id + 2;

  return id != NULL ? id : "????";
}

/**
 * plug_graphics_dup_pci_id:
 *
 * Returns: (transfer full): the vendor and device ids as lspci writes
 *   them, such as “10de:1f99”
 */
char *
plug_graphics_dup_pci_id (PlugGpu *gpu)
{
  g_return_val_if_fail (PLUG_IS_GPU (gpu), NULL);

  return g_strdup_printf ("%s:%s",
                          skip_hex_prefix (plug_gpu_get_vendor_id (gpu)),
                          skip_hex_prefix (plug_gpu_get_device_id (gpu)));
}

/**
 * plug_graphics_dup_driver_description:
 *
 * Returns: (transfer full) (nullable): the driver in use and its version
 *   where it has one, such as “nvidia 535.183.01”, or %NULL when no driver
 *   is bound
 */
char *
plug_graphics_dup_driver_description (PlugGpu *gpu)
{
  const char *driver;
  const char *version;

  g_return_val_if_fail (PLUG_IS_GPU (gpu), NULL);

  driver = plug_gpu_get_driver (gpu);
  version = plug_gpu_get_driver_version (gpu);

  if (driver == NULL)
    return NULL;

  if (version == NULL)
    return g_strdup (driver);

  /* Translators: a driver and its version, such as “nvidia 535.183.01” */
  return g_strdup_printf (C_("driver and version", "%s %s"), driver, version);
}

/**
 * plug_graphics_dup_other_drivers:
 *
 * Returns: (transfer full) (nullable): the other installed drivers that
 *   could drive the GPU, the blacklisted ones marked, such as “nouveau
 *   (blacklisted)”, or %NULL when there are none
 */
char *
plug_graphics_dup_other_drivers (PlugGpu *gpu)
{
  const char * const *alternatives;
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (PLUG_IS_GPU (gpu), NULL);

  /* Not seen is not none. */
  if (plug_gpu_is_hidden_by_sandbox (gpu))
    return g_strdup (plug_sandbox_get_not_visible_text ());

  alternatives = plug_gpu_get_alternatives (gpu);
  for (guint i = 0; alternatives[i] != NULL; i++)
    {
      if (text->len > 0)
        g_string_append (text, _(", "));
      if (plug_gpu_is_blacklisted (gpu, alternatives[i]))
        /* Translators: a driver that the system configuration keeps from loading */
        g_string_append_printf (text, _("%s (blacklisted)"), alternatives[i]);
      else
        g_string_append (text, alternatives[i]);
    }

  if (text->len == 0)
    return NULL;

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/**
 * plug_graphics_dup_display_mode:
 *
 * Returns: (transfer full): the resolution, refresh rate and scale, such
 *   as “2560 × 1440 · 59.95 Hz · scale 2”, leaving out what is not known
 */
char *
plug_graphics_dup_display_mode (const PlugGraphicsDisplay *display)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (display != NULL, NULL);

  /* Translators: a display's resolution in pixels, width × height */
  g_string_append_printf (text, _("%d × %d"), display->width, display->height);

  /* Most rates are whole numbers of hertz; the rest (59.94, 143.98) are
   * worth their two decimals, since they tell modes apart. */
  if (display->refresh_rate > 0 && display->refresh_rate % 1000 == 0)
    /* Translators: a refresh rate in hertz, such as “60 Hz” */
    g_string_append_printf (text, _(" · %d Hz"), display->refresh_rate / 1000);
  else if (display->refresh_rate > 0)
    /* Translators: a refresh rate in hertz, such as “59.95 Hz” */
    g_string_append_printf (text, _(" · %.2f Hz"), display->refresh_rate / 1000.0);

  if (display->scale > 1)
    /* Translators: the scale factor the desktop draws a display with */
    g_string_append_printf (text, _(" · scale %d"), display->scale);

  return g_string_free (g_steal_pointer (&text), FALSE);
}

/**
 * plug_graphics_dup_suspend_summary:
 *
 * Returns: (transfer full): “Possible” with the mode in use, such as
 *   “Possible (deep)”, or “Not possible”; the reason is
 *   plug_power_get_suspend_reason()
 */
char *
plug_graphics_dup_suspend_summary (PlugPower *power)
{
  g_return_val_if_fail (PLUG_IS_POWER (power), NULL);

  if (plug_power_is_hidden_by_sandbox (power))
    return g_strdup (plug_sandbox_get_not_visible_text ());

  if (!plug_power_can_suspend (power))
    return g_strdup (_("Not possible"));

  if (plug_power_get_suspend_mode (power) != NULL)
    /* Translators: %s is the kind of suspend, such as “deep” or “s2idle” */
    return g_strdup_printf (_("Possible (%s)"), plug_power_get_suspend_mode (power));

  return g_strdup (_("Possible"));
}

/**
 * plug_graphics_dup_hibernate_summary:
 *
 * Returns: (transfer full): “Possible” or “Not possible”; the reason is
 *   plug_power_get_hibernate_reason()
 */
char *
plug_graphics_dup_hibernate_summary (PlugPower *power)
{
  g_return_val_if_fail (PLUG_IS_POWER (power), NULL);

  if (plug_power_is_hidden_by_sandbox (power))
    return g_strdup (plug_sandbox_get_not_visible_text ());

  if (!plug_power_can_hibernate (power))
    return g_strdup (_("Not possible"));

  return g_strdup (_("Possible"));
}

static void
append_renderer (GString      *report,
                 PlugRenderer *renderer)
{
  const char * const *vulkan_devices = plug_renderer_get_vulkan_devices (renderer);
  g_autofree char *reason = plug_renderer_dup_reason_text (renderer);

  switch (plug_renderer_get_acceleration (renderer))
    {
    case PLUG_RENDERER_ACCELERATION_HARDWARE:
      /* Translators: the OpenGL renderer and its version */
      g_string_append_printf (report, _("  Rendering: hardware accelerated, %s, OpenGL %s\n"),
                              plug_renderer_get_opengl_renderer (renderer),
                              plug_renderer_get_opengl_version (renderer));
      break;
    case PLUG_RENDERER_ACCELERATION_SOFTWARE:
      /* Translators: the OpenGL renderer and its version */
      g_string_append_printf (report, _("  Rendering: software only, %s, OpenGL %s\n"),
                              plug_renderer_get_opengl_renderer (renderer),
                              plug_renderer_get_opengl_version (renderer));
      g_string_append_printf (report, "  %s\n", reason);
      break;
    case PLUG_RENDERER_ACCELERATION_UNKNOWN:
    default:
      /* Translators: %s says why it is not known */
      g_string_append_printf (report, _("  Rendering: unknown (%s)\n"), plug_renderer_get_error (renderer));
      break;
    }

  if (vulkan_devices[0] == NULL)
    g_string_append (report, _("  Vulkan: none\n"));
  for (guint i = 0; vulkan_devices[i] != NULL; i++)
    /* Translators: a Vulkan device: its name and version */
    g_string_append_printf (report, _("  Vulkan: %s\n"), vulkan_devices[i]);
}

static void
append_dual_gpu (GString        *report,
                 PlugSwitcheroo *switcheroo)
{
  if (switcheroo == NULL || !plug_switcheroo_is_running (switcheroo) || !plug_switcheroo_has_dual_gpu (switcheroo))
    return;

  g_string_append (report, _("Dual GPU\n"));
  for (guint i = 0; i < plug_switcheroo_get_n_gpus (switcheroo); i++)
    {
      const PlugSwitcherooGpu *entry = plug_switcheroo_get_gpu (switcheroo, i);
      g_autofree char *environment = g_strjoinv (" ", entry->environment);

      if (entry->is_default)
        /* Translators: a GPU's name */
        g_string_append_printf (report, _("  Default: %s\n"), entry->name);
      else
        /* Translators: a GPU's name, and the environment that starts an app on it */
        g_string_append_printf (report, _("  Apps can be started on: %s (%s)\n"), entry->name, environment);
    }
  g_string_append_c (report, '\n');
}

static void
append_gpu (GString        *report,
            PlugGpu        *gpu,
            PlugRenderer   *renderer,
            PlugSwitcheroo *switcheroo,
            const char     *driver_note)
{
  PlugGpuKind kind = plug_gpu_kind_decide (gpu, renderer, switcheroo, NULL);
  g_autofree char *name = plug_graphics_dup_gpu_name (gpu);
  g_autofree char *driver = plug_graphics_dup_driver_description (gpu);
  g_autofree char *other_drivers = plug_graphics_dup_other_drivers (gpu);
  g_autofree char *pci_id = plug_graphics_dup_pci_id (gpu);
  const char *license = plug_graphics_license_get_display_name (plug_gpu_get_driver_license (gpu));

  /* Translators: the heading of one GPU in the report */
  g_string_append_printf (report, _("GPU: %s\n"), name);

  if (driver != NULL && license != NULL)
    /* Translators: a driver and its version, then “Open Source” or “Proprietary” */
    g_string_append_printf (report, _("  Driver: %s (%s)\n"), driver, license);
  else if (driver != NULL)
    g_string_append_printf (report, _("  Driver: %s\n"), driver);
  else
    g_string_append (report, _("  Driver: none\n"));

  if (plug_gpu_get_reason (gpu) != NULL)
    g_string_append_printf (report, "  %s\n", plug_gpu_get_reason (gpu));

  g_string_append_printf (report, _("  Other installed drivers: %s\n"),
                          other_drivers != NULL ? other_drivers : _("none"));
  /* Unknown where nothing knows (plug-gpu-kind.c): never a guess. */
  g_string_append_printf (report, _("  Type: %s\n"),
                          kind == PLUG_GPU_KIND_INTEGRATED ? _("integrated")
                          : kind == PLUG_GPU_KIND_DISCRETE ? _("discrete")
                          : C_("gpu type", "unknown"));
  g_string_append_printf (report, _("  Drives the boot display: %s\n"),
                          plug_gpu_is_boot_vga (gpu) ? _("yes") : _("no"));
  g_string_append_printf (report, _("  PCI slot: %s\n"), plug_gpu_get_pci_slot (gpu));
  g_string_append_printf (report, _("  PCI ID: %s\n"), pci_id);
  if (driver_note == NULL && plug_gpu_get_switch_unavailable_reason (gpu) != NULL)
    g_string_append_printf (report, _("  Driver choice: %s\n"), plug_gpu_get_switch_unavailable_reason (gpu));
}

static void
append_power_warnings (GString            *report,
                       const char * const *warnings)
{
  for (guint i = 0; warnings[i] != NULL; i++)
    /* Translators: %s is a sentence on what may break suspend or hibernation */
    g_string_append_printf (report, _("    Warning: %s\n"), warnings[i]);
}

static void
append_power (GString   *report,
              PlugPower *power)
{
  g_autofree char *suspend = plug_graphics_dup_suspend_summary (power);
  g_autofree char *hibernate = plug_graphics_dup_hibernate_summary (power);

  g_string_append (report, _("Power\n"));

  if (plug_power_get_suspend_reason (power) != NULL)
    /* Translators: “Possible” or “Not possible”, then the reason, a sentence */
    g_string_append_printf (report, _("  Suspend: %s. %s\n"), suspend,
                            plug_power_get_suspend_reason (power));
  else
    g_string_append_printf (report, _("  Suspend: %s\n"), suspend);
  append_power_warnings (report, plug_power_get_suspend_warnings (power));

  if (plug_power_get_hibernate_reason (power) != NULL)
    /* Translators: “Possible” or “Not possible”, then the reason, a sentence */
    g_string_append_printf (report, _("  Hibernate: %s. %s\n"), hibernate,
                            plug_power_get_hibernate_reason (power));
  else
    g_string_append_printf (report, _("  Hibernate: %s\n"), hibernate);
  append_power_warnings (report, plug_power_get_hibernate_warnings (power));
}

/**
 * plug_graphics_report_build:
 * @gpus: a #GListModel of #PlugGpu, such as a loaded #PlugGpuList
 * @power: a #PlugPower that has been read
 * @displays: (array length=n_displays) (nullable): the displays
 * @n_displays: how many displays there are
 *
 * Describes the GPUs, the displays and whether the machine can suspend and
 * hibernate, in the words the Graphics panel uses.
 *
 * Returns: (transfer full): the report, lines ending in newlines
 */
char *
plug_graphics_report_build (GListModel                *gpus,
                            PlugPower                 *power,
                            const PlugGraphicsDisplay *displays,
                            gsize                      n_displays)
{
  return plug_graphics_report_build_full (gpus, NULL, NULL, NULL, power, displays, n_displays);
}

/**
 * plug_graphics_report_build_full:
 * @gpus: a #GListModel of #PlugGpu, such as a loaded #PlugGpuList
 * @renderers: (nullable) (element-type utf8 PlugRenderer): the renderer
 *   probe's answers by PCI slot; a GPU without one gets no Rendering line
 * @driver_notes: (nullable) (element-type utf8 utf8): by PCI slot, what
 *   the panel knows about choosing the GPU's driver (a driver chosen for
 *   the next start, or why drivers cannot be chosen)
 * @switcheroo: (nullable): switcheroo-control's view
 * @power: a #PlugPower that has been read
 * @displays: (array length=n_displays) (nullable): the displays
 * @n_displays: how many displays there are
 *
 * plug_graphics_report_build(), with the renderers and the dual-GPU
 * setup where they are known.
 *
 * Returns: (transfer full): the report, lines ending in newlines
 */
char *
plug_graphics_report_build_full (GListModel                *gpus,
                                 GHashTable                *renderers,
                                 GHashTable                *driver_notes,
                                 PlugSwitcheroo            *switcheroo,
                                 PlugPower                 *power,
                                 const PlugGraphicsDisplay *displays,
                                 gsize                      n_displays)
{
  g_autoptr(GString) report = g_string_new (NULL);
  guint n_gpus;

  g_return_val_if_fail (G_IS_LIST_MODEL (gpus), NULL);
  g_return_val_if_fail (PLUG_IS_POWER (power), NULL);
  g_return_val_if_fail (displays != NULL || n_displays == 0, NULL);

  /* Translators: the first line of the report; %s is Plugboard's version */
  g_string_append_printf (report, _("Graphics report from Plugboard %s\n"), PACKAGE_VERSION);
  g_string_append_c (report, '\n');

  n_gpus = g_list_model_get_n_items (gpus);
  if (n_gpus == 0)
    g_string_append (report, _("No GPU found.\n\n"));

  for (guint i = 0; i < n_gpus; i++)
    {
      g_autoptr(PlugGpu) gpu = g_list_model_get_item (gpus, i);

      PlugRenderer *renderer = renderers != NULL ? g_hash_table_lookup (renderers, plug_gpu_get_pci_slot (gpu)) : NULL;

      const char *driver_note = driver_notes != NULL ? g_hash_table_lookup (driver_notes, plug_gpu_get_pci_slot (gpu)) : NULL;

      append_gpu (report, gpu, renderer, switcheroo, driver_note);
      if (driver_note != NULL)
        /* Translators: what is known about choosing the GPU's driver */
        g_string_append_printf (report, _("  Driver choice: %s\n"), driver_note);
      if (renderer != NULL)
        append_renderer (report, renderer);
      g_string_append_c (report, '\n');
    }

  append_dual_gpu (report, switcheroo);

  g_string_append (report, _("Displays\n"));
  if (n_displays == 0)
    g_string_append (report, _("  none found\n"));
  for (gsize i = 0; i < n_displays; i++)
    {
      g_autofree char *mode = plug_graphics_dup_display_mode (&displays[i]);

      if (displays[i].connector != NULL)
        /* Translators: a display's model, its connector and its mode, such as
         * “DELL U2720Q (DP-1): 3840 × 2160 · 60 Hz · scale 2” */
        g_string_append_printf (report, _("  %s (%s): %s\n"),
                                displays[i].name, displays[i].connector, mode);
      else
        /* Translators: a display's name and its mode, such as
         * “eDP-1: 1920 × 1080 · 60 Hz” */
        g_string_append_printf (report, _("  %s: %s\n"), displays[i].name, mode);
      if (displays[i].problem != NULL)
        /* Translators: %s is a sentence or two on why the screen does not
         * run at its native resolution, and what would fix it */
        g_string_append_printf (report, _("    Problem: %s\n"), displays[i].problem);
    }
  g_string_append_c (report, '\n');

  append_power (report, power);

  return g_string_free (g_steal_pointer (&report), FALSE);
}
