/* plug-cli-graphics.c: plugboardctl graphics
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboardctl"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-cli.h"
#include "plug-gpu-driver-rules.h"
#include "plug-gpu-kind.h"
#include "plug-driver-switch.h"
#include "plug-gpu-list.h"
#include "plug-graphics-report.h"
#include "plug-power.h"
#include "plug-renderer.h"
#include "plug-sandbox.h"
#include "plug-switcheroo.h"

/*
 * `plugboardctl graphics` is a group of subcommands, one per thing the
 * Graphics panel does. `status` needs no system service, only udev,
 * sysfs, /proc and the installed kernel modules; `set-driver` and
 * `revert` call plugboard-helper on the system bus, which asks polkit.
 *
 * Displays are the kernel's drm connectors (PlugDisplay): whether a
 * monitor is connected, its name and preferred mode from its EDID, and the
 * modes the kernel offers. The scale, and the mode the desktop chose, are
 * the compositor's settings, which a command-line tool does not ask; the
 * panel shows them from GdkMonitor.
 *
 * The renderer of each GPU comes from plugboard-renderer-probe, run once
 * per GPU (PlugRenderer), with its environment from switcheroo-control
 * when that runs on the system bus.
 */

static int graphics_status (int argc, char **argv, gboolean json);
static int graphics_set_driver (int argc, char **argv, gboolean json);
static int graphics_revert (int argc, char **argv, gboolean json);
static int graphics_keep_choice (int argc, char **argv, gboolean json);

static const PlugCliCommand subcommands[] = {
  { "status", N_("Show the GPUs, their drivers, and whether the machine can suspend and hibernate"), graphics_status },
  { "set-driver", N_("Choose the kernel driver a GPU uses from the next start on"), graphics_set_driver },
  { "revert", N_("Undo the driver choice for a GPU"), graphics_revert },
  { "keep-choice", N_("Say whether a driver choice stays when its driver does not start"), graphics_keep_choice },
};

int
plug_cli_graphics (int      argc,
                  char   **argv,
                  gboolean json)
{
  return plug_cli_run_group ("graphics", _("GPUs, their drivers, and power."),
                            subcommands, G_N_ELEMENTS (subcommands),
                            argc, argv, json);
}

/* --- graphics status -------------------------------------------------- */

static void
add_gpu_json (JsonBuilder             *builder,
              PlugGpu                 *gpu,
              PlugRenderer            *renderer,
              PlugSwitcheroo          *switcheroo,
              const PlugSwitcherooGpu *switcheroo_gpu)
{
  const char * const *alternatives = plug_gpu_get_alternatives (gpu);
  PlugGpuKindSource kind_source;
  PlugGpuKind kind = plug_gpu_kind_decide (gpu, renderer, switcheroo, &kind_source);

  json_builder_begin_object (builder);
  plug_cli_json_add_string (builder, "pci_slot", plug_gpu_get_pci_slot (gpu));
  plug_cli_json_add_string (builder, "vendor_id", plug_gpu_get_vendor_id (gpu));
  plug_cli_json_add_string (builder, "device_id", plug_gpu_get_device_id (gpu));
  plug_cli_json_add_string (builder, "vendor", plug_gpu_get_vendor (gpu));
  plug_cli_json_add_string (builder, "model", plug_gpu_get_model (gpu));
  plug_cli_json_add_string (builder, "driver", plug_gpu_get_driver (gpu));
  plug_cli_json_add_string (builder, "driver_version", plug_gpu_get_driver_version (gpu));
  plug_cli_json_add_string (builder, "driver_license",
                            plug_gpu_license_get_id (plug_gpu_get_driver_license (gpu)));

  /* Not seen is not absent: null, and why. */
  json_builder_set_member_name (builder, "alternatives");
  if (plug_gpu_is_hidden_by_sandbox (gpu))
    {
      json_builder_add_null_value (builder);
    }
  else
    {
      json_builder_begin_array (builder);
      for (guint i = 0; alternatives[i] != NULL; i++)
        json_builder_add_string_value (builder, alternatives[i]);
      json_builder_end_array (builder);
    }
  plug_cli_json_add_string (builder, "not_visible_reason",
                            plug_gpu_is_hidden_by_sandbox (gpu) ? PLUG_SANDBOX_NOT_VISIBLE : NULL);

  plug_cli_json_add_boolean (builder, "boot_vga", plug_gpu_is_boot_vga (gpu));

  /* From the renderer probe; null where it could not say (and
   * "renderer_error" says why), never a guess. */
  plug_cli_json_add_string (builder, "renderer", plug_renderer_get_opengl_renderer (renderer));
  /* Inside the Flatpak sandbox, the probe runs the runtime's Mesa (and
   * its GL extensions), not the host's. */
  plug_cli_json_add_string (builder, "renderer_source", plug_sandbox_is_flatpak () ? "flatpak-runtime" : "system");
  plug_cli_json_add_string (builder, "opengl_version", plug_renderer_get_opengl_version (renderer));
  json_builder_set_member_name (builder, "hardware_accelerated");
  switch (plug_renderer_get_acceleration (renderer))
    {
    case PLUG_RENDERER_ACCELERATION_HARDWARE:
      json_builder_add_boolean_value (builder, TRUE);
      break;
    case PLUG_RENDERER_ACCELERATION_SOFTWARE:
      json_builder_add_boolean_value (builder, FALSE);
      break;
    case PLUG_RENDERER_ACCELERATION_UNKNOWN:
    default:
      json_builder_add_null_value (builder);
      break;
    }
  {
    g_autofree char *reason_text = plug_renderer_dup_reason_text (renderer);
    const char * const *vulkan_devices = plug_renderer_get_vulkan_devices (renderer);

    plug_cli_json_add_string (builder, "software_reason", plug_renderer_reason_get_id (plug_renderer_get_reason (renderer)));
    plug_cli_json_add_string (builder, "software_reason_text", reason_text);
    plug_cli_json_add_string (builder, "renderer_error", plug_renderer_get_error (renderer));
    json_builder_set_member_name (builder, "vulkan");
    json_builder_begin_array (builder);
    for (guint i = 0; vulkan_devices[i] != NULL; i++)
      json_builder_add_string_value (builder, vulkan_devices[i]);
    json_builder_end_array (builder);
  }

  /* What makes an app render on this GPU, from switcheroo-control (the
   * probe ran with it); null without switcheroo-control. */
  json_builder_set_member_name (builder, "launch_environment");
  if (switcheroo_gpu != NULL)
    {
      json_builder_begin_array (builder);
      for (guint i = 0; switcheroo_gpu->environment[i] != NULL; i++)
        json_builder_add_string_value (builder, switcheroo_gpu->environment[i]);
      json_builder_end_array (builder);
    }
  else
    {
      json_builder_add_null_value (builder);
    }

  /* Null where nothing knows (plug-gpu-kind.c); "integrated_source"
   * says what knew. */
  json_builder_set_member_name (builder, "integrated");
  if (kind == PLUG_GPU_KIND_UNKNOWN)
    json_builder_add_null_value (builder);
  else
    json_builder_add_boolean_value (builder, kind == PLUG_GPU_KIND_INTEGRATED);
  plug_cli_json_add_string (builder, "integrated_source", plug_gpu_kind_source_get_id (kind_source));
  plug_cli_json_add_string (builder, "reason", plug_gpu_get_reason (gpu));
  plug_cli_json_add_string (builder, "switch_unavailable_reason", plug_gpu_get_switch_unavailable_reason (gpu));
  json_builder_end_object (builder);
}

static void
add_dual_gpu_json (JsonBuilder    *builder,
                   GListModel     *gpus,
                   PlugSwitcheroo *switcheroo)
{
  json_builder_set_member_name (builder, "dual_gpu");
  if (switcheroo == NULL || !plug_switcheroo_is_running (switcheroo))
    {
      /* switcheroo-control is not there to ask. */
      json_builder_add_null_value (builder);
      return;
    }

  json_builder_begin_object (builder);
  plug_cli_json_add_boolean (builder, "has_dual_gpu", plug_switcheroo_has_dual_gpu (switcheroo));
  json_builder_set_member_name (builder, "gpus");
  json_builder_begin_array (builder);
  for (guint i = 0; i < plug_switcheroo_get_n_gpus (switcheroo); i++)
    {
      const PlugSwitcherooGpu *entry = plug_switcheroo_get_gpu (switcheroo, i);
      const char *pci_slot = NULL;

      for (guint j = 0; j < g_list_model_get_n_items (gpus); j++)
        {
          g_autoptr(PlugGpu) gpu = g_list_model_get_item (gpus, j);

          if (plug_switcheroo_find_gpu (switcheroo, gpu) == entry)
            pci_slot = plug_gpu_get_pci_slot (gpu);
        }

      json_builder_begin_object (builder);
      plug_cli_json_add_string (builder, "name", entry->name);
      plug_cli_json_add_string (builder, "pci_slot", pci_slot);
      plug_cli_json_add_boolean (builder, "default", entry->is_default);
      json_builder_set_member_name (builder, "environment");
      json_builder_begin_array (builder);
      for (guint k = 0; entry->environment[k] != NULL; k++)
        json_builder_add_string_value (builder, entry->environment[k]);
      json_builder_end_array (builder);
      json_builder_end_object (builder);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
}

static void
add_display_json (JsonBuilder *builder,
                  PlugDisplay *display)
{
  const char * const *modes = plug_display_get_modes (display);
  int refresh_rate = plug_display_get_refresh_rate (display);
  g_autofree char *native = NULL;

  json_builder_begin_object (builder);
  plug_cli_json_add_string (builder, "connector", plug_display_get_connector (display));
  plug_cli_json_add_string (builder, "gpu", plug_display_get_pci_slot (display));
  plug_cli_json_add_boolean (builder, "connected", plug_display_is_connected (display));
  plug_cli_json_add_boolean (builder, "enabled", plug_display_is_enabled (display));
  plug_cli_json_add_string (builder, "name", plug_display_get_name (display));
  plug_cli_json_add_string (builder, "manufacturer", plug_display_get_manufacturer (display));

  /* The preferred mode; null when neither the EDID nor the kernel's
   * modes say. */
  json_builder_set_member_name (builder, "width");
  if (plug_display_get_width (display) > 0)
    json_builder_add_int_value (builder, plug_display_get_width (display));
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "height");
  if (plug_display_get_height (display) > 0)
    json_builder_add_int_value (builder, plug_display_get_height (display));
  else
    json_builder_add_null_value (builder);
  json_builder_set_member_name (builder, "refresh_rate");
  if (refresh_rate > 0)
    json_builder_add_double_value (builder, refresh_rate / 1000.0);
  else
    json_builder_add_null_value (builder);

  json_builder_set_member_name (builder, "modes");
  json_builder_begin_array (builder);
  for (guint i = 0; modes[i] != NULL; i++)
    json_builder_add_string_value (builder, modes[i]);
  json_builder_end_array (builder);

  plug_cli_json_add_string (builder, "edid_error", plug_display_get_edid_error (display));

  /* The EDID's preferred timing, what the kernel makes of it, and the
   * firmware framebuffer ("simpledrm", "efifb") when no GPU driver
   * drives the screen. */
  native = plug_display_dup_native_resolution (display);
  plug_cli_json_add_string (builder, "native_resolution", native);
  plug_cli_json_add_string (builder, "resolution_problem", plug_display_get_resolution_problem (display));
  plug_cli_json_add_string (builder, "framebuffer", plug_display_get_framebuffer (display));
  plug_cli_json_add_string (builder, "source", "kernel");
  json_builder_end_object (builder);
}

static void
add_warnings_json (JsonBuilder        *builder,
                   const char * const *warnings)
{
  json_builder_set_member_name (builder, "warnings");
  json_builder_begin_array (builder);
  for (guint i = 0; warnings[i] != NULL; i++)
    json_builder_add_string_value (builder, warnings[i]);
  json_builder_end_array (builder);
}

static void
print_warnings_text (const char * const *warnings)
{
  for (guint i = 0; warnings[i] != NULL; i++)
    /* Translators: %s is a sentence on what may break suspend or hibernation */
    g_print (_("  Warning: %s\n"), warnings[i]);
}

/* "possible": null where the sandbox hides it, with "not_visible_reason". */
static void
add_possible_json (JsonBuilder *builder,
                   PlugPower   *power,
                   gboolean     possible)
{
  gboolean hidden = plug_power_is_hidden_by_sandbox (power);

  json_builder_set_member_name (builder, "possible");
  if (hidden)
    json_builder_add_null_value (builder);
  else
    json_builder_add_boolean_value (builder, possible);
  plug_cli_json_add_string (builder, "not_visible_reason", hidden ? PLUG_SANDBOX_NOT_VISIBLE : NULL);
}

static JsonNode *
build_json (GListModel     *gpus,
            GListModel     *displays,
            GPtrArray      *renderers,
            PlugSwitcheroo *switcheroo,
            PlugPower      *power)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  json_builder_begin_object (builder);

  json_builder_set_member_name (builder, "gpus");
  json_builder_begin_array (builder);
  for (guint i = 0; i < g_list_model_get_n_items (gpus); i++)
    {
      g_autoptr(PlugGpu) gpu = g_list_model_get_item (gpus, i);

      add_gpu_json (builder, gpu, g_ptr_array_index (renderers, i), switcheroo,
                    switcheroo != NULL ? plug_switcheroo_find_gpu (switcheroo, gpu) : NULL);
    }
  json_builder_end_array (builder);

  json_builder_set_member_name (builder, "displays");
  json_builder_begin_array (builder);
  for (guint i = 0; i < g_list_model_get_n_items (displays); i++)
    {
      g_autoptr(PlugDisplay) display = g_list_model_get_item (displays, i);

      add_display_json (builder, display);
    }
  json_builder_end_array (builder);

  add_dual_gpu_json (builder, gpus, switcheroo);

  json_builder_set_member_name (builder, "power");
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "suspend");
  json_builder_begin_object (builder);
  add_possible_json (builder, power, plug_power_can_suspend (power));
  plug_cli_json_add_string (builder, "reason", plug_power_get_suspend_reason (power));
  plug_cli_json_add_string (builder, "mode", plug_power_get_suspend_mode (power));
  add_warnings_json (builder, plug_power_get_suspend_warnings (power));
  json_builder_end_object (builder);
  json_builder_set_member_name (builder, "hibernate");
  json_builder_begin_object (builder);
  add_possible_json (builder, power, plug_power_can_hibernate (power));
  plug_cli_json_add_string (builder, "reason", plug_power_get_hibernate_reason (power));
  add_warnings_json (builder, plug_power_get_hibernate_warnings (power));
  json_builder_end_object (builder);
  json_builder_end_object (builder);

  /* Inside a Flatpak sandbox: whether plugboard-helper told the host's
   * facts. null outside one. */
  json_builder_set_member_name (builder, "sandbox");
  if (plug_sandbox_is_flatpak ())
    {
      json_builder_begin_object (builder);
      plug_cli_json_add_string (builder, "kind", "flatpak");
      plug_cli_json_add_boolean (builder, "host_facts", !plug_power_is_hidden_by_sandbox (power));
      json_builder_end_object (builder);
    }
  else
    {
      json_builder_add_null_value (builder);
    }

  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

static void
print_renderer_text (PlugRenderer *renderer)
{
  const char * const *vulkan_devices = plug_renderer_get_vulkan_devices (renderer);
  g_autofree char *reason = plug_renderer_dup_reason_text (renderer);

  if (plug_renderer_get_opengl_renderer (renderer) != NULL)
    /* Translators: the OpenGL renderer and its version */
    g_print (_("  OpenGL: %s, %s\n"), plug_renderer_get_opengl_renderer (renderer),
             plug_renderer_get_opengl_version (renderer));
  else
    /* Translators: %s says why OpenGL could not be asked */
    g_print (_("  OpenGL: unknown (%s)\n"), plug_renderer_get_error (renderer));
  if (reason != NULL)
    g_print ("  %s\n", reason);
  for (guint i = 0; vulkan_devices[i] != NULL; i++)
    /* Translators: a Vulkan device, its name and version */
    g_print (_("  Vulkan: %s\n"), vulkan_devices[i]);
}

static void
print_gpu_text (PlugGpu        *gpu,
                PlugRenderer   *renderer,
                PlugSwitcheroo *switcheroo)
{
  PlugGpuKind kind = plug_gpu_kind_decide (gpu, renderer, switcheroo, NULL);
  const char * const *alternatives = plug_gpu_get_alternatives (gpu);
  const char *vendor = plug_gpu_get_vendor (gpu);
  const char *model = plug_gpu_get_model (gpu);
  const char *driver = plug_gpu_get_driver (gpu);
  PlugGpuLicense license = plug_gpu_get_driver_license (gpu);
  g_autoptr(GString) other_drivers = g_string_new (NULL);

  /* Translators: a GPU: its vendor and model, such as
   * “Advanced Micro Devices, Inc. [AMD/ATI] Tahiti XT [Radeon HD 7970]” */
  g_print (_("%s %s\n"),
           vendor != NULL ? vendor : _("Unknown vendor"),
           model != NULL ? model : _("Unknown model"));
  /* Translators: the PCI address, the vendor and device ids, and
   * “integrated” or “discrete” */
  g_print (_("  PCI: %s, %s:%s, %s\n"),
           plug_gpu_get_pci_slot (gpu),
           plug_gpu_get_vendor_id (gpu),
           plug_gpu_get_device_id (gpu),
           kind == PLUG_GPU_KIND_INTEGRATED ? _("integrated")
           : kind == PLUG_GPU_KIND_DISCRETE ? _("discrete")
           /* Translators: whether a GPU is integrated or discrete, when nothing says */
           : _("type unknown"));
  if (plug_gpu_is_boot_vga (gpu))
    g_print (_("  Shows the boot display\n"));

  if (plug_gpu_is_hidden_by_sandbox (gpu))
    {
      g_print (_("  Driver: %s\n"), driver != NULL ? driver : _("none"));
      /* Translators: %s is “Not visible from the sandbox” */
      g_print (_("  Its version, license and the other installed drivers: %s\n"),
               plug_sandbox_get_not_visible_text ());
    }
  else if (driver != NULL)
    {
      const char *version = plug_gpu_get_driver_version (gpu);
      const char *license_text = license == PLUG_GPU_LICENSE_OPEN ? _("open source")
                               : license == PLUG_GPU_LICENSE_PROPRIETARY ? _("proprietary")
                               : _("license unknown");

      if (version != NULL)
        /* Translators: a driver, its version and “open source” or “proprietary” */
        g_print (_("  Driver: %s %s (%s)\n"), driver, version, license_text);
      else
        /* Translators: a driver and “open source” or “proprietary” */
        g_print (_("  Driver: %s (%s)\n"), driver, license_text);
    }
  else
    {
      g_print (_("  Driver: none\n"));
    }

  for (guint i = 0; alternatives[i] != NULL; i++)
    {
      if (other_drivers->len > 0)
        g_string_append (other_drivers, ", ");
      if (plug_gpu_is_blacklisted (gpu, alternatives[i]))
        /* Translators: a driver that the system configuration keeps from loading */
        g_string_append_printf (other_drivers, _("%s (blacklisted)"), alternatives[i]);
      else
        g_string_append (other_drivers, alternatives[i]);
    }
  if (other_drivers->len > 0)
    g_print (_("  Other installed drivers: %s\n"), other_drivers->str);

  if (plug_gpu_get_reason (gpu) != NULL)
    g_print ("  %s\n", plug_gpu_get_reason (gpu));
  if (plug_gpu_get_switch_unavailable_reason (gpu) != NULL)
    g_print ("  %s\n", plug_gpu_get_switch_unavailable_reason (gpu));

  print_renderer_text (renderer);
}

static void
print_dual_gpu_text (PlugSwitcheroo *switcheroo)
{
  if (switcheroo == NULL || !plug_switcheroo_is_running (switcheroo) || !plug_switcheroo_has_dual_gpu (switcheroo))
    return;

  for (guint i = 0; i < plug_switcheroo_get_n_gpus (switcheroo); i++)
    {
      const PlugSwitcherooGpu *entry = plug_switcheroo_get_gpu (switcheroo, i);

      if (entry->is_default)
        /* Translators: %s is a GPU's name */
        g_print (_("Dual GPU: apps run on %s by default\n"), entry->name);
      else
        /* Translators: %s is a GPU's name */
        g_print (_("Dual GPU: apps can be started on %s (“Launch using Discrete Graphics”)\n"), entry->name);
    }
  g_print ("\n");
}

/* "1920 × 1080 · 60 Hz", as the report and the panel say it. */
static char *
dup_display_mode (PlugDisplay *display)
{
  PlugGraphicsDisplay mode = {
    .width = plug_display_get_width (display),
    .height = plug_display_get_height (display),
    .refresh_rate = plug_display_get_refresh_rate (display),
  };

  if (mode.width <= 0 || mode.height <= 0)
    return g_strdup (_("mode unknown"));

  return plug_graphics_dup_display_mode (&mode);
}

static void
print_displays_text (GListModel *displays)
{
  guint n_connected = 0;

  g_print (_("Displays:\n"));
  for (guint i = 0; i < g_list_model_get_n_items (displays); i++)
    {
      g_autoptr(PlugDisplay) display = g_list_model_get_item (displays, i);
      g_autofree char *mode = NULL;
      const char *name = plug_display_get_name (display);
      guint n_modes = g_strv_length ((GStrv) plug_display_get_modes (display));

      if (!plug_display_is_connected (display))
        continue;
      n_connected++;

      mode = dup_display_mode (display);
      if (plug_display_get_framebuffer (display) != NULL)
        /* Translators: a connector (such as “HDMI-A-1”, or “fb0”), the
         * monitor's name (or “unknown monitor”), its mode, and the
         * firmware framebuffer that shows it, such as “efifb” */
        g_print (_("  %s: %s, %s, on the firmware’s framebuffer (%s)\n"),
                 plug_display_get_connector (display), name != NULL ? name : _("unknown monitor"),
                 mode, plug_display_get_framebuffer (display));
      else if (plug_display_get_resolution_problem (display) != NULL)
        {
          /* Translators: a connector (such as “HDMI-A-1”), the monitor's
           * name (or “unknown monitor”), and its native mode, which the
           * driver does not offer */
          g_print (_("  %s: %s, native %s, "), plug_display_get_connector (display),
                   name != NULL ? name : _("unknown monitor"), mode);
          g_print (ngettext ("%u mode offered\n", "%u modes offered\n", n_modes), n_modes);
        }
      else
        {
          /* Translators: a connector (such as “HDMI-A-1”), the monitor's name
           * (or “unknown monitor”), and its preferred mode */
          g_print (_("  %s: %s, %s, "), plug_display_get_connector (display),
                   name != NULL ? name : _("unknown monitor"), mode);
          /* Translators: how many modes the kernel offers for a monitor */
          g_print (ngettext ("%u mode offered\n", "%u modes offered\n", n_modes), n_modes);
        }
      if (plug_display_get_edid_error (display) != NULL)
        /* Translators: %s says why the monitor's description (EDID) could not be read */
        g_print (_("    Monitor description unreadable: %s\n"), plug_display_get_edid_error (display));
      if (plug_display_get_resolution_problem (display) != NULL)
        /* Translators: %s is a sentence or two on why the screen does not
         * run at its native resolution, and what would fix it */
        g_print (_("    Problem: %s\n"), plug_display_get_resolution_problem (display));
    }

  if (n_connected == 0)
    g_print (_("  No display connected\n"));
  g_print ("\n");
}

static void
print_text (GListModel     *gpus,
            GListModel     *displays,
            GPtrArray      *renderers,
            PlugSwitcheroo *switcheroo,
            PlugPower      *power)
{
  guint n_gpus = g_list_model_get_n_items (gpus);

  if (n_gpus == 0)
    g_print (_("No GPU found.\n"));

  for (guint i = 0; i < n_gpus; i++)
    {
      g_autoptr(PlugGpu) gpu = g_list_model_get_item (gpus, i);

      print_gpu_text (gpu, g_ptr_array_index (renderers, i), switcheroo);
      g_print ("\n");
    }

  print_displays_text (displays);
  print_dual_gpu_text (switcheroo);

  if (plug_power_is_hidden_by_sandbox (power))
    {
      /* Translators: %s is “Not visible from the sandbox” */
      g_print (_("Suspend and hibernate: %s\n"), plug_sandbox_get_not_visible_text ());
      return;
    }

  if (plug_power_can_suspend (power) && plug_power_get_suspend_mode (power) != NULL)
    /* Translators: %s is the kind of suspend, such as “deep” or “s2idle” */
    g_print (_("Suspend: possible (%s)\n"), plug_power_get_suspend_mode (power));
  else if (plug_power_can_suspend (power))
    g_print (_("Suspend: possible\n"));
  else
    /* Translators: %s is the reason, a sentence */
    g_print (_("Suspend: not possible. %s\n"), plug_power_get_suspend_reason (power));
  print_warnings_text (plug_power_get_suspend_warnings (power));

  if (plug_power_can_hibernate (power))
    g_print (_("Hibernate: possible\n"));
  else
    /* Translators: %s is the reason, a sentence */
    g_print (_("Hibernate: not possible. %s\n"), plug_power_get_hibernate_reason (power));
  print_warnings_text (plug_power_get_hibernate_warnings (power));
}

/* Each driver choice plugboard-helper holds: the GPU's slot, the driver
 * chosen, and whether the GPU is gone (an unplugged eGPU). */
static JsonArray *
build_choices_json (GPtrArray *choices)
{
  JsonArray *array = json_array_new ();

  for (guint i = 0; i < choices->len; i++)
    {
      PlugDriverChoice *choice = g_ptr_array_index (choices, i);
      JsonObject *object;

      if (choice->chosen == NULL)
        continue;
      object = json_object_new ();
      json_object_set_string_member (object, "pci_slot", choice->pci_slot);
      json_object_set_string_member (object, "chosen", choice->chosen);
      json_object_set_boolean_member (object, "gone", choice->gone);
      json_object_set_boolean_member (object, "keep_if_it_fails", choice->keep_if_it_fails);
      json_array_add_object_element (array, object);
    }

  return array;
}

/* A choice for a GPU that is gone is seen nowhere else: each gets a line
 * saying how to undo it; so does one kept even if its driver does not
 * start. */
static void
print_gone_choices_text (GPtrArray *choices)
{
  for (guint i = 0; choices != NULL && i < choices->len; i++)
    {
      PlugDriverChoice *choice = g_ptr_array_index (choices, i);

      if (choice->chosen == NULL)
        continue;
      if (choice->gone)
        /* Translators: the first %s is a driver, such as “nvidia”; the
         * second and third a PCI slot, such as “0000:01:00.0” */
        g_print (_("Driver choice for a GPU that is gone: %s for the GPU at %s (undo it with "
                   "“plugboardctl graphics revert %s”)\n"),
                 choice->chosen, choice->pci_slot, choice->pci_slot);
      if (choice->keep_if_it_fails)
        /* Translators: the first %s is a driver, such as “nvidia”; the
         * second and third a PCI slot, such as “0000:01:00.0” */
        g_print (_("Driver choice kept even if it does not start: %s for the GPU at %s (go back "
                   "instead with “plugboardctl graphics keep-choice %s no”)\n"),
                 choice->chosen, choice->pci_slot, choice->pci_slot);
    }
}

static int
graphics_status (int      argc,
                 char   **argv,
                 gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(PlugGpuList) gpus = NULL;
  g_autoptr(PlugPower) power = NULL;
  g_autoptr(GAsyncResult) gpus_result = NULL;
  g_autoptr(GAsyncResult) power_result = NULL;
  g_autoptr(GAsyncResult) switcheroo_result = NULL;
  g_autoptr(GDBusConnection) system_bus = NULL;
  g_autoptr(PlugSwitcheroo) switcheroo = NULL;
  g_autoptr(PlugDriverSwitch) driver_switch = NULL;
  g_autoptr(GAsyncResult) initramfs_result = NULL;
  g_autofree char *initramfs_problem = NULL;
  g_autoptr(GAsyncResult) boot_check_result = NULL;
  g_autofree char *boot_check = NULL;
  g_autoptr(GAsyncResult) choices_result = NULL;
  g_autoptr(GPtrArray) choices = NULL;
  g_autoptr(GPtrArray) probe_results = NULL;
  g_autoptr(GPtrArray) renderers = NULL;
  guint n_gpus;
  g_autoptr(GError) error = NULL;
  g_autofree char *root_directory = NULL;
  g_autofree char *modules_directory = NULL;
  int exit_code;
  /* For tests only, and hidden: the seams of PlugGpuList and PlugPower. A
   * read-only command gains nothing from them but a different view. */
  const GOptionEntry entries[] = {
    { "root", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &root_directory,
      "Read /sys/module, /proc and configuration under DIR instead of /", "DIR" },
    { "modules-directory", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, &modules_directory,
      "Read the kernel modules in DIR instead of the running kernel's", "DIR" },
    { NULL }
  };

  context = plug_cli_option_context_new ("graphics status", NULL,
                                         _("Show each GPU with its driver and the other installed "
                                           "drivers that can drive it, and whether the machine can "
                                           "suspend and hibernate."),
                                         &json);
  g_option_context_add_main_entries (context, entries, NULL);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;

  if (argc > 1)
    return plug_cli_usage_error ("graphics status", _("Unexpected argument “%s”"), argv[1]);

  gpus = plug_gpu_list_new (root_directory, modules_directory);
  power = plug_power_new (root_directory);

  /* switcheroo-control is asked where there is a system bus; without one
   * there is simply no dual-GPU information. */
  system_bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, NULL, NULL);
  if (system_bus != NULL)
    plug_switcheroo_read_async (system_bus, NULL, plug_cli_store_result_cb, &switcheroo_result);
  /* And plugboard-helper, whether the last regeneration of the initramfs
   * failed (no helper: nothing to say). */
  if (system_bus != NULL)
    {
      driver_switch = plug_driver_switch_new (system_bus);
      plug_driver_switch_get_initramfs_problem_async (driver_switch, NULL, plug_cli_store_result_cb, &initramfs_result);
      plug_driver_switch_get_boot_check_async (driver_switch, NULL, plug_cli_store_result_cb, &boot_check_result);
      plug_driver_switch_get_choices_async (driver_switch, NULL, plug_cli_store_result_cb, &choices_result);
    }

  plug_gpu_list_load_async (gpus, NULL, plug_cli_store_result_cb, &gpus_result);
  plug_power_read_async (power, NULL, plug_cli_store_result_cb, &power_result);
  while (gpus_result == NULL || power_result == NULL ||
         (system_bus != NULL && (switcheroo_result == NULL || initramfs_result == NULL ||
                                 boot_check_result == NULL || choices_result == NULL)))
    g_main_context_iteration (NULL, TRUE);
  if (initramfs_result != NULL)
    initramfs_problem = plug_driver_switch_get_initramfs_problem_finish (driver_switch, initramfs_result, NULL);
  if (boot_check_result != NULL)
    boot_check = plug_driver_switch_get_boot_check_finish (driver_switch, boot_check_result, NULL);
  if (choices_result != NULL)
    choices = plug_driver_switch_get_choices_finish (driver_switch, choices_result, NULL);

  if (!plug_gpu_list_load_finish (gpus, gpus_result, &error))
    return plug_cli_fail (_("Could not read the GPUs: %s"), error->message);
  if (!plug_power_read_finish (power, power_result, &error))
    return plug_cli_fail (_("Could not read whether the machine can suspend: %s"), error->message);
  if (switcheroo_result != NULL)
    switcheroo = plug_switcheroo_read_finish (switcheroo_result, NULL);

  /* One probe per GPU, all at once. */
  n_gpus = g_list_model_get_n_items (G_LIST_MODEL (gpus));
  probe_results = g_ptr_array_new_full (n_gpus, g_object_unref);
  renderers = g_ptr_array_new_full (n_gpus, g_object_unref);
  for (guint i = 0; i < n_gpus; i++)
    {
      g_autoptr(PlugGpu) gpu = g_list_model_get_item (G_LIST_MODEL (gpus), i);
      const PlugSwitcherooGpu *entry = switcheroo != NULL ? plug_switcheroo_find_gpu (switcheroo, gpu) : NULL;

      g_ptr_array_add (probe_results, NULL);
      plug_renderer_probe_async (gpu, root_directory, modules_directory,
                                 entry != NULL ? (const char * const *) entry->environment : NULL,
                                 NULL, plug_cli_store_result_cb, &probe_results->pdata[i]);
    }
  for (guint i = 0; i < n_gpus; i++)
    {
      while (g_ptr_array_index (probe_results, i) == NULL)
        g_main_context_iteration (NULL, TRUE);
      g_ptr_array_add (renderers, plug_renderer_probe_finish (g_ptr_array_index (probe_results, i), NULL));
    }

  if (json)
    {
      g_autoptr(JsonNode) node = build_json (G_LIST_MODEL (gpus), plug_gpu_list_get_displays (gpus), renderers, switcheroo, power);

      /* plugboard-helper's details, in English, or null. */
      if (initramfs_problem != NULL)
        json_object_set_string_member (json_node_get_object (node), "initramfs_problem", initramfs_problem);
      else
        json_object_set_null_member (json_node_get_object (node), "initramfs_problem");
      /* What the next-boot check reverted, in English, or null. */
      if (boot_check != NULL)
        json_object_set_string_member (json_node_get_object (node), "boot_check", boot_check);
      else
        json_object_set_null_member (json_node_get_object (node), "boot_check");
      /* The choices plugboard-helper holds, or null without the helper. */
      if (choices != NULL)
        json_object_set_array_member (json_node_get_object (node), "driver_choices", build_choices_json (choices));
      else
        json_object_set_null_member (json_node_get_object (node), "driver_choices");

      plug_cli_print_json (node);
    }
  else
    {
      print_text (G_LIST_MODEL (gpus), plug_gpu_list_get_displays (gpus), renderers, switcheroo, power);
      if (initramfs_problem != NULL)
        /* Translators: %s is plugboard-helper's reason, in English, such as
         * “/usr/sbin/update-initramfs -u -k all: Child process exited with code 1” */
        g_print (_("Driver choice: the change will not take effect at the next start: %s\n"), initramfs_problem);
      if (boot_check != NULL)
        /* Translators: %s is plugboard-helper's record, in English, such as
         * “amdgpu did not start on the GPU at 0000:03:00.0; Plugboard went back to radeon” */
        g_print (_("Driver check at this start: %s\n"), boot_check);
      print_gone_choices_text (choices);
    }

  return PLUG_CLI_EXIT_DONE;
}

/* --- graphics set-driver, graphics revert ------------------------------ */

static PlugDriverSwitch *
new_driver_switch (PlugServices **services_out,
                   GError       **error)
{
  g_autoptr(PlugServices) services = plug_cli_load_services (PLUG_SERVICES_CLIENTS_NONE, error);
  GDBusConnection *system_bus;

  if (services == NULL)
    return NULL;

  system_bus = plug_services_get_system_bus (services);
  if (system_bus == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED,
                   _("Cannot reach the system bus: %s"), plug_services_get_system_bus_error (services));
      return NULL;
    }

  *services_out = g_steal_pointer (&services);
  return plug_driver_switch_new (system_bus);
}

static void
print_change_json (const char *pci_slot,
                   const char *driver,
                   gboolean    reverted,
                   gboolean    keep)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) node = NULL;

  json_builder_begin_object (builder);
  plug_cli_json_add_string (builder, "pci_slot", pci_slot);
  if (!reverted)
    plug_cli_json_add_string (builder, "driver", driver);
  plug_cli_json_add_boolean (builder, "reverted", reverted);
  if (!reverted)
    plug_cli_json_add_boolean (builder, "keep_if_it_fails", keep);
  plug_cli_json_add_boolean (builder, "restart_needed", TRUE);
  json_builder_end_object (builder);
  node = json_builder_get_root (builder);
  plug_cli_print_json (node);
}

static int
graphics_set_driver (int      argc,
                     char   **argv,
                     gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(PlugDriverSwitch) driver_switch = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  const char *pci_slot, *driver;
  gboolean keep = FALSE;
  int exit_code;
  const GOptionEntry entries[] = {
    { "keep-if-it-fails", 0, 0, G_OPTION_ARG_NONE, &keep,
      N_("Keep the choice even if the driver does not start (by default the check at the next start "
         "goes back to the previous configuration)"), NULL },
    { NULL }
  };

  context = plug_cli_option_context_new ("graphics set-driver", _("PCI_SLOT DRIVER"),
                                         _("Make the kernel use DRIVER for the GPU at PCI_SLOT from the "
                                           "next start on. The driver must be installed and able to "
                                           "drive the GPU (see “plugboardctl graphics status”). If it "
                                           "does not start, the check at the next start goes back to "
                                           "the previous configuration. Needs plugboard-helper and an "
                                           "administrator’s authorization."),
                                         &json);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;

  if (argc != 3)
    return plug_cli_usage_error ("graphics set-driver", _("Expected a PCI slot and a driver"));
  pci_slot = argv[1];
  driver = argv[2];

  /* The form first, before anything is sent. */
  if (!plug_gpu_driver_rules_check_pci_slot (pci_slot, &error) ||
      !plug_gpu_driver_rules_check_driver (driver, &error))
    return plug_cli_usage_error ("graphics set-driver", "%s", error->message);

  driver_switch = new_driver_switch (&services, &error);
  if (driver_switch == NULL)
    return plug_cli_fail ("%s", error->message);

  plug_driver_switch_set_driver_async (driver_switch, pci_slot, driver, NULL,
                                       plug_cli_store_result_cb, &result);
  plug_cli_wait_for (&result);

  if (!plug_driver_switch_set_driver_finish (driver_switch, result, &error))
    return plug_cli_fail ("%s", error->message);

  /* The choice is made; the setting is a second call, and saying that it
   * failed must not hide that the choice stands. */
  if (keep)
    {
      g_clear_object (&result);
      plug_driver_switch_set_keep_async (driver_switch, pci_slot, TRUE, NULL,
                                         plug_cli_store_result_cb, &result);
      plug_cli_wait_for (&result);
      if (!plug_driver_switch_set_keep_finish (driver_switch, result, &error))
        /* Translators: the GPU's PCI slot, the driver, the slot again, and the reason */
        return plug_cli_fail (_("The GPU at %s will use %s after the next restart, but it was not set to "
                                "be kept if it does not start (“plugboardctl graphics keep-choice %s yes” "
                                "tries again): %s"), pci_slot, driver, pci_slot, error->message);
    }

  if (json)
    print_change_json (pci_slot, driver, FALSE, keep);
  else if (keep)
    /* Translators: the GPU's PCI slot, the driver, and the slot again */
    g_print (_("The GPU at %s will use %s after the next restart, and keeps it even if it does not "
               "start.\nTo undo this: plugboardctl graphics revert %s\n"), pci_slot, driver, pci_slot);
  else
    /* Translators: the GPU's PCI slot, and the driver */
    g_print (_("The GPU at %s will use %s after the next restart.\n"
               "To undo this: plugboardctl graphics revert %s\n"), pci_slot, driver, pci_slot);

  return PLUG_CLI_EXIT_DONE;
}

static int
graphics_revert (int      argc,
                 char   **argv,
                 gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(PlugDriverSwitch) driver_switch = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  const char *pci_slot;
  int exit_code;

  context = plug_cli_option_context_new ("graphics revert", _("PCI_SLOT"),
                                         _("Undo the driver choice made for the GPU at PCI_SLOT; "
                                           "from the next start on the kernel chooses as it did before. "
                                           "Needs plugboard-helper and an administrator’s authorization."),
                                         &json);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;

  if (argc != 2)
    return plug_cli_usage_error ("graphics revert", _("Expected a PCI slot"));
  pci_slot = argv[1];

  if (!plug_gpu_driver_rules_check_pci_slot (pci_slot, &error))
    return plug_cli_usage_error ("graphics revert", "%s", error->message);

  driver_switch = new_driver_switch (&services, &error);
  if (driver_switch == NULL)
    return plug_cli_fail ("%s", error->message);

  plug_driver_switch_revert_async (driver_switch, pci_slot, NULL, plug_cli_store_result_cb, &result);
  plug_cli_wait_for (&result);

  if (!plug_driver_switch_revert_finish (driver_switch, result, &error))
    return plug_cli_fail ("%s", error->message);

  if (json)
    print_change_json (pci_slot, NULL, TRUE, FALSE);
  else
    /* Translators: the GPU's PCI slot */
    g_print (_("The driver choice for the GPU at %s is undone; it takes effect after the next restart.\n"),
             pci_slot);

  return PLUG_CLI_EXIT_DONE;
}

static int
graphics_keep_choice (int      argc,
                      char   **argv,
                      gboolean json)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(PlugServices) services = NULL;
  g_autoptr(PlugDriverSwitch) driver_switch = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  const char *pci_slot;
  gboolean keep;
  int exit_code;

  context = plug_cli_option_context_new ("graphics keep-choice", _("PCI_SLOT yes|no"),
                                         _("Say what the check at the next start does when the driver "
                                           "chosen for the GPU at PCI_SLOT does not start: “no” goes "
                                           "back to the previous configuration (every new choice’s "
                                           "setting), “yes” keeps the choice and only reports it. Needs "
                                           "plugboard-helper and an administrator’s authorization."),
                                         &json);
  exit_code = plug_cli_parse_options (context, &argc, &argv);
  if (exit_code != PLUG_CLI_EXIT_DONE)
    return exit_code;

  if (argc != 3)
    return plug_cli_usage_error ("graphics keep-choice", _("Expected a PCI slot, and yes or no"));
  pci_slot = argv[1];
  if (g_str_equal (argv[2], "yes"))
    keep = TRUE;
  else if (g_str_equal (argv[2], "no"))
    keep = FALSE;
  else
    return plug_cli_usage_error ("graphics keep-choice", _("Expected yes or no, not “%s”"), argv[2]);

  if (!plug_gpu_driver_rules_check_pci_slot (pci_slot, &error))
    return plug_cli_usage_error ("graphics keep-choice", "%s", error->message);

  driver_switch = new_driver_switch (&services, &error);
  if (driver_switch == NULL)
    return plug_cli_fail ("%s", error->message);

  plug_driver_switch_set_keep_async (driver_switch, pci_slot, keep, NULL, plug_cli_store_result_cb, &result);
  plug_cli_wait_for (&result);

  if (!plug_driver_switch_set_keep_finish (driver_switch, result, &error))
    {
      if (g_error_matches (error, PLUG_DRIVER_SWITCH_ERROR, PLUG_DRIVER_SWITCH_ERROR_NOTHING_TO_REVERT))
        /* Translators: the GPU's PCI slot */
        return plug_cli_fail (_("No driver was chosen for the GPU at %s; "
                                "“plugboardctl graphics set-driver” chooses one."), pci_slot);
      return plug_cli_fail ("%s", error->message);
    }

  if (json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();
      g_autoptr(JsonNode) node = NULL;

      json_builder_begin_object (builder);
      plug_cli_json_add_string (builder, "pci_slot", pci_slot);
      plug_cli_json_add_boolean (builder, "keep_if_it_fails", keep);
      json_builder_end_object (builder);
      node = json_builder_get_root (builder);
      plug_cli_print_json (node);
    }
  else if (keep)
    /* Translators: the GPU's PCI slot */
    g_print (_("The driver chosen for the GPU at %s is kept at the next start even if it does not start.\n"),
             pci_slot);
  else
    /* Translators: the GPU's PCI slot */
    g_print (_("If the driver chosen for the GPU at %s does not start, the next start goes back to the "
               "previous configuration.\n"), pci_slot);

  return PLUG_CLI_EXIT_DONE;
}
