/* plug-gpu-group.c: One GPU and its driver, in the Graphics panel
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-graphics"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-alert.h"
#include "plug-gpu-driver-rules.h"
#include "plug-gpu-group.h"
#include "plug-gpu-kind.h"
#include "plug-graphics-report.h"
#include "plug-sandbox.h"

/*
 * A GPU is a group titled with its model and vendor, over one row per
 * fact: the driver in use first, since it is what a user comes to check,
 * then the other installed drivers, then what identifies the GPU. The
 * phrases come from the core's report functions, so that the panel and
 * the copied report say the same thing.
 *
 * Rendering and Vulkan say "Checking…" until the panel hands over the
 * renderer probe's answer (plug_gpu_group_set_renderer()).
 *
 * A GPU that more than one installed driver can run gets a Switch Driver
 * row, usable once the panel hands over plugboard-helper's client and
 * what the helper chose before (plug_gpu_group_set_driver_switch()); when
 * the helper is not installed, the row says so and what to install.
 * Switching goes: choose a driver, confirm (naming the GPU, its slot and
 * both drivers; Cancel is the default), read the helper's choices again
 * right before acting, then the call, for which polkit asks for an
 * administrator's password. A chosen driver shows "Restart to Use …" with
 * Restart (logind's Reboot, after a confirmation; polkit decides) and
 * Undo, which reverts through the helper. A GPU whose only installed
 * driver is the one in use gets the row too, saying why there is nothing
 * to switch to, without the button.
 *
 * The Type row is what plug_gpu_kind_decide() makes of the kernel's
 * facts, then of the renderer probe's Vulkan answer and switcheroo-
 * control's view as they arrive; "Unknown" where none says.
 *
 * A PlugGpu never changes (a new reading makes new objects), so the group
 * fills its fact rows once.
 */

struct _PlugGpuGroup
{
  AdwPreferencesGroup  parent_instance;

  /* Template widgets */
  AdwActionRow        *restart_row;
  AdwActionRow        *keep_row;
  GtkSwitch           *go_back_switch;
  AdwActionRow        *boot_check_row;
  GtkButton           *restart_button;
  GtkButton           *undo_button;
  AdwActionRow        *switch_row;
  GtkButton           *switch_button;
  AdwActionRow        *rendering_row;
  GtkLabel            *rendering_label;
  AdwActionRow        *vulkan_row;
  GtkLabel            *vulkan_label;
  AdwActionRow        *driver_row;
  GtkLabel            *driver_label;
  AdwActionRow        *other_drivers_row;
  GtkLabel            *other_drivers_label;
  GtkLabel            *type_label;
  GtkLabel            *boot_display_label;
  GtkLabel            *pci_slot_label;
  GtkLabel            *pci_id_label;

  /* Owned */
  PlugGpu             *gpu;
  PlugDriverSwitch    *driver_switch;
  PlugRenderer        *renderer;
  PlugSwitcheroo      *switcheroo;
  GCancellable        *cancellable;
  /* plugboard-helper's reason the initramfs was not regenerated. */
  char                *initramfs_problem;
  /* What the check at this start undid for this GPU, in English. */
  char                *boot_check;
  /* The driver the helper's configuration chooses for the next start, or
   * NULL; and the one the user picked in the dialog. */
  char                *chosen_driver;
  char                *picked_driver;
  /* The helper's setting for the chosen driver: kept at the next start
   * even when it does not start, instead of going back. */
  gboolean             keep_if_it_fails;
  /* The switch is being set to the helper's state, not by the user. */
  gboolean             updating_keep_switch;
  /* Why the helper cannot be used, or NULL. */
  char                *unavailable;
  /* The GPU's only installed driver is the one in use. */
  gboolean             nothing_to_switch;
  gboolean             busy;
};

G_DEFINE_FINAL_TYPE (PlugGpuGroup, plug_gpu_group, ADW_TYPE_PREFERENCES_GROUP)

enum {
  PROP_0,
  PROP_GPU,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* A value that needs attention (no driver) stands out instead of being
 * dimmed like the others. */
static void
set_value (GtkLabel   *label,
           const char *value,
           gboolean    warning)
{
  gtk_label_set_label (label, value);
  if (warning)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (label), "dim-label");
      gtk_widget_add_css_class (GTK_WIDGET (label), "warning");
    }
}

static gboolean
has_blacklisted_alternative (PlugGpu *gpu)
{
  const char * const *alternatives = plug_gpu_get_alternatives (gpu);

  for (guint i = 0; alternatives[i] != NULL; i++)
    {
      if (plug_gpu_is_blacklisted (gpu, alternatives[i]))
        return TRUE;
    }

  return FALSE;
}

static void
fill_driver_rows (PlugGpuGroup *self)
{
  g_autofree char *driver = plug_graphics_dup_driver_description (self->gpu);
  g_autofree char *other_drivers = plug_graphics_dup_other_drivers (self->gpu);
  const char *license = plug_graphics_license_get_display_name (plug_gpu_get_driver_license (self->gpu));

  if (driver != NULL && license != NULL)
    {
      /* Translators: a driver and its version, then “Open Source” or
       * “Proprietary”, such as “nvidia 535.183.01 · Proprietary” */
      g_autofree char *value = g_strdup_printf (_("%s · %s"), driver, license);

      set_value (self->driver_label, value, FALSE);
    }
  else if (driver != NULL)
    {
      set_value (self->driver_label, driver, FALSE);
    }
  else
    {
      /* Translators: the driver of a GPU that has none */
      set_value (self->driver_label, C_("driver", "None"), TRUE);
    }

  /* The core's reason says why no driver is bound and what that costs
   * (no hardware acceleration). */
  if (plug_gpu_get_reason (self->gpu) != NULL)
    adw_action_row_set_subtitle (self->driver_row, plug_gpu_get_reason (self->gpu));

  /* Translators: the other installed drivers of a GPU, when there are none */
  set_value (self->other_drivers_label,
             other_drivers != NULL ? other_drivers : C_("other drivers", "None"),
             FALSE);
  if (plug_gpu_is_hidden_by_sandbox (self->gpu))
    adw_action_row_set_subtitle (self->other_drivers_row,
                                 _("The sandbox cannot see the computer’s kernel modules, nor the "
                                   "driver’s version and license. With plugboard-helper installed on "
                                   "the computer, Plugboard asks it."));
  else if (other_drivers != NULL && has_blacklisted_alternative (self->gpu))
    adw_action_row_set_subtitle (self->other_drivers_row,
                                 _("Installed, and able to drive this GPU. The system "
                                   "configuration keeps blacklisted drivers from loading."));
  else if (other_drivers != NULL)
    adw_action_row_set_subtitle (self->other_drivers_row,
                                 _("Installed, and able to drive this GPU"));
}

static void
update_type (PlugGpuGroup *self)
{
  PlugGpuKind kind = plug_gpu_kind_decide (self->gpu, self->renderer, self->switcheroo, NULL);

  set_value (self->type_label,
             kind == PLUG_GPU_KIND_INTEGRATED ? _("Integrated")
             : kind == PLUG_GPU_KIND_DISCRETE ? _("Discrete")
             /* Translators: whether a GPU is integrated or discrete, when nothing says */
             : C_("gpu type", "Unknown"),
             FALSE);
}

static void
fill (PlugGpuGroup *self)
{
  const char *vendor = plug_gpu_get_vendor (self->gpu);
  const char *model = plug_gpu_get_model (self->gpu);
  g_autofree char *name = plug_graphics_dup_gpu_name (self->gpu);
  g_autofree char *pci_id = plug_graphics_dup_pci_id (self->gpu);
  g_autofree char *escaped_title = NULL;
  g_autofree char *escaped_vendor = NULL;

  /* The group's title is one line, cut short when too long, and vendor
   * names from the hardware database can be (“Advanced Micro Devices,
   * Inc. [AMD/ATI]”): with both known, the model is the title and the
   * vendor the description under it. Both are markup; the names come from
   * the hardware database. */
  if (vendor != NULL && model != NULL)
    {
      escaped_title = g_markup_escape_text (model, -1);
      escaped_vendor = g_markup_escape_text (vendor, -1);
    }
  else
    {
      escaped_title = g_markup_escape_text (name, -1);
    }
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self), escaped_title);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self), escaped_vendor);

  fill_driver_rows (self);

  update_type (self);
  set_value (self->boot_display_label,
             plug_gpu_is_boot_vga (self->gpu) ? _("Yes") : _("No"),
             FALSE);
  set_value (self->pci_slot_label, plug_gpu_get_pci_slot (self->gpu), FALSE);
  set_value (self->pci_id_label, pci_id, FALSE);
}

/* g_set_str() is GLib 2.76. */
static void
set_string (char       **pointer,
            const char  *value)
{
  char *copy = g_strdup (value);

  g_free (*pointer);
  *pointer = copy;
}

/* --- rendering -------------------------------------------------------- */

/**
 * plug_gpu_group_set_renderer:
 * @renderer: what the renderer probe found for this GPU
 */
void
plug_gpu_group_set_renderer (PlugGpuGroup *self,
                             PlugRenderer *renderer)
{
  const char * const *vulkan_devices;
  g_autofree char *reason = NULL;
  g_autofree char *devices = NULL;

  g_return_if_fail (PLUG_IS_GPU_GROUP (self));
  g_return_if_fail (PLUG_IS_RENDERER (renderer));

  g_set_object (&self->renderer, renderer);
  update_type (self);

  reason = plug_renderer_dup_reason_text (renderer);
  switch (plug_renderer_get_acceleration (renderer))
    {
    case PLUG_RENDERER_ACCELERATION_HARDWARE:
      {
        /* Translators: the OpenGL renderer and version, such as
         * “AMD TAHITI (radeonsi, LLVM 15.0.6, DRM 2.50) · OpenGL 4.6 (Core Profile) Mesa 22.3.6” */
        g_autofree char *subtitle = g_strdup_printf (_("%s · OpenGL %s"),
                                                     plug_renderer_get_opengl_renderer (renderer),
                                                     plug_renderer_get_opengl_version (renderer));

        set_value (self->rendering_label, _("Hardware Accelerated"), FALSE);
        adw_action_row_set_subtitle (self->rendering_row, subtitle);
        break;
      }
    case PLUG_RENDERER_ACCELERATION_SOFTWARE:
      {
        /* Translators: why rendering is done in software, then the renderer */
        g_autofree char *subtitle = g_strdup_printf (_("%s\nRenderer: %s"), reason,
                                                     plug_renderer_get_opengl_renderer (renderer));

        /* Translators: rendering done by the processor, not the GPU */
        set_value (self->rendering_label, _("Software Only"), TRUE);
        adw_action_row_set_subtitle (self->rendering_row, subtitle);
        break;
      }
    case PLUG_RENDERER_ACCELERATION_UNKNOWN:
    default:
      /* Translators: whether rendering is accelerated is not known */
      set_value (self->rendering_label, C_("rendering", "Unknown"), FALSE);
      adw_action_row_set_subtitle (self->rendering_row, plug_renderer_get_error (renderer));
      break;
    }

  /* The probe ran in the sandbox, with the runtime's graphics libraries:
   * another app outside it may render otherwise. */
  if (plug_sandbox_is_flatpak () && plug_renderer_get_acceleration (renderer) != PLUG_RENDERER_ACCELERATION_UNKNOWN)
    {
      /* Translators: the renderer's description, then a line on where it was asked */
      g_autofree char *subtitle = g_strdup_printf (_("%s\nFound with the Flatpak runtime’s graphics libraries; "
                                                     "apps outside it use the computer’s"),
                                                   adw_action_row_get_subtitle (self->rendering_row));

      adw_action_row_set_subtitle (self->rendering_row, subtitle);
    }

  vulkan_devices = plug_renderer_get_vulkan_devices (renderer);
  devices = g_strjoinv ("\n", (char **) vulkan_devices);
  if (vulkan_devices[0] == NULL)
    {
      /* Translators: no Vulkan device */
      set_value (self->vulkan_label, C_("vulkan", "None"), FALSE);
      adw_action_row_set_subtitle (self->vulkan_row, NULL);
    }
  else
    {
      gboolean software_only = TRUE;

      for (guint i = 0; vulkan_devices[i] != NULL; i++)
        software_only = software_only && plug_renderer_name_is_software (vulkan_devices[i]);
      set_value (self->vulkan_label, software_only ? _("Software Only") : _("Available"), software_only);
      adw_action_row_set_subtitle (self->vulkan_row, devices);
    }
}

/**
 * plug_gpu_group_set_switcheroo:
 * @switcheroo: switcheroo-control's view
 */
void
plug_gpu_group_set_switcheroo (PlugGpuGroup   *self,
                               PlugSwitcheroo *switcheroo)
{
  g_return_if_fail (PLUG_IS_GPU_GROUP (self));
  g_return_if_fail (PLUG_IS_SWITCHEROO (switcheroo));

  g_set_object (&self->switcheroo, switcheroo);
  update_type (self);
}

/* --- switching drivers ------------------------------------------------ */

static void
show_error (PlugGpuGroup *self,
            const char   *heading,
            const GError *error)
{
  PlugAlert *dialog;

  dialog = plug_alert_new (heading, error->message);
  plug_alert_add_response (dialog, "close", _("_Close"));
  plug_alert_present (dialog, GTK_WIDGET (self));
}

/* The driver the kernel will use after a restart, if not the bound one. */
static void
update_switch_rows (PlugGpuGroup *self)
{
  g_autofree char *bound = g_strdup (plug_gpu_get_driver (self->gpu));

  if (bound != NULL)
    g_strdelimit (bound, "-", '_');

  if (self->chosen_driver != NULL && g_strcmp0 (self->chosen_driver, bound) != 0)
    {
      /* Translators: %s is a driver, such as “amdgpu” */
      g_autofree char *title = g_strdup_printf (_("Restart to Use %s"), self->chosen_driver);

      g_autofree char *keep_subtitle = NULL;

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->restart_row), title);
      gtk_widget_set_visible (GTK_WIDGET (self->restart_row), TRUE);

      if (self->keep_if_it_fails)
        /* Translators: %s is the chosen driver, such as “amdgpu” */
        keep_subtitle = g_strdup_printf (_("At the next start, Plugboard keeps %s even if it does not "
                                           "start, and only says so"), self->chosen_driver);
      else if (bound != NULL)
        /* Translators: the first %s is the chosen driver, such as
         * “amdgpu”; the second the driver in use, such as “radeon” */
        keep_subtitle = g_strdup_printf (_("At the next start, Plugboard checks that %s runs this GPU, "
                                           "and otherwise goes back to %s"), self->chosen_driver, bound);
      else
        /* Translators: %s is the chosen driver, such as “amdgpu” */
        keep_subtitle = g_strdup_printf (_("At the next start, Plugboard checks that %s runs this GPU, "
                                           "and otherwise puts back the previous configuration"),
                                         self->chosen_driver);
      adw_action_row_set_subtitle (self->keep_row, keep_subtitle);
      self->updating_keep_switch = TRUE;
      gtk_switch_set_active (self->go_back_switch, !self->keep_if_it_fails);
      self->updating_keep_switch = FALSE;
      gtk_widget_set_visible (GTK_WIDGET (self->keep_row), TRUE);
    }
  else
    {
      gtk_widget_set_visible (GTK_WIDGET (self->restart_row), FALSE);
      gtk_widget_set_visible (GTK_WIDGET (self->keep_row), FALSE);
    }

  gtk_widget_set_sensitive (GTK_WIDGET (self->undo_button), !self->busy);
  gtk_widget_set_sensitive (GTK_WIDGET (self->go_back_switch), !self->busy);
  gtk_widget_set_sensitive (GTK_WIDGET (self->switch_button), self->driver_switch != NULL && !self->busy);
}

static void
set_busy (PlugGpuGroup *self,
          gboolean      busy,
          const char   *subtitle)
{
  self->busy = busy;
  if (subtitle != NULL || !self->nothing_to_switch)
    adw_action_row_set_subtitle (self->switch_row, subtitle != NULL ? subtitle :
                                 _("Choose which installed driver runs this GPU from the next start"));
  else
    adw_action_row_set_subtitle (self->switch_row, plug_gpu_get_switch_unavailable_reason (self->gpu));
  update_switch_rows (self);
}

/* The restart row says whether the choice will take effect: not while
 * the helper knows the initramfs was not regenerated. */
static void
initramfs_problem_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(PlugGpuGroup) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *problem = NULL;

  problem = plug_driver_switch_get_initramfs_problem_finish (PLUG_DRIVER_SWITCH (object), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  set_string (&self->initramfs_problem, problem);

  if (problem != NULL)
    {
      /* Translators: %s is plugboard-helper's reason, in English, such as
       * “/usr/sbin/update-initramfs -u -k all: Child process exited with code 1” */
      g_autofree char *subtitle = g_strdup_printf (_("The change will not take effect at the next start: %s"),
                                                   problem);

      adw_action_row_set_subtitle (self->restart_row, subtitle);
    }
  else if (plug_sandbox_is_flatpak ())
    {
      /* The Flatpak sandbox may not talk to logind (Flathub refuses the
       * permission): the computer is restarted from the system menu. */
      adw_action_row_set_subtitle (self->restart_row,
                                   _("The change takes effect when the computer starts again: restart it "
                                     "from the system menu"));
    }
  else
    {
      adw_action_row_set_subtitle (self->restart_row, _("The change takes effect when the computer starts again"));
    }
}

/* The check at this start reverted this GPU's choice: its driver did not
 * start. Shown until the helper's record is gone (a new choice, or a
 * check that reverts nothing). */
static void
boot_check_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(PlugGpuGroup) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *boot_check = NULL;

  boot_check = plug_driver_switch_get_boot_check_finish (PLUG_DRIVER_SWITCH (object), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  g_clear_pointer (&self->boot_check, g_free);
  self->boot_check = plug_driver_switch_dup_boot_check_for (boot_check, plug_gpu_get_pci_slot (self->gpu));
  if (self->boot_check != NULL)
    adw_action_row_set_subtitle (self->boot_check_row, self->boot_check);
  gtk_widget_set_visible (GTK_WIDGET (self->boot_check_row), self->boot_check != NULL);
}

static void
refresh_boot_check (PlugGpuGroup *self)
{
  if (self->driver_switch == NULL)
    return;

  plug_driver_switch_get_boot_check_async (self->driver_switch, self->cancellable,
                                           boot_check_cb, g_object_ref (self));
}

static void
refresh_initramfs_problem (PlugGpuGroup *self)
{
  if (self->driver_switch == NULL || self->chosen_driver == NULL)
    return;

  plug_driver_switch_get_initramfs_problem_async (self->driver_switch, self->cancellable,
                                                  initramfs_problem_cb, g_object_ref (self));
}

static void
set_driver_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(PlugGpuGroup) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!plug_driver_switch_set_driver_finish (PLUG_DRIVER_SWITCH (object), result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      /* Written, only the boot image is old: the choice stands. */
      if (g_error_matches (error, PLUG_DRIVER_SWITCH_ERROR, PLUG_DRIVER_SWITCH_ERROR_INITRAMFS_NOT_REGENERATED))
        set_string (&self->chosen_driver, self->picked_driver);
      set_busy (self, FALSE, NULL);
      refresh_initramfs_problem (self);
      show_error (self, _("The Driver Was Not Switched"), error);
      return;
    }

  set_string (&self->chosen_driver, self->picked_driver);
  /* Every new choice starts with the safe setting. */
  self->keep_if_it_fails = FALSE;
  set_busy (self, FALSE, NULL);
  refresh_initramfs_problem (self);
}

/* The setting is the helper's: the switch shows the user's wish at once,
 * and goes back to what it was when the helper refused. */
static void
set_keep_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(PlugGpuGroup) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!plug_driver_switch_set_keep_finish (PLUG_DRIVER_SWITCH (object), result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      self->keep_if_it_fails = !self->keep_if_it_fails;
      set_busy (self, FALSE, NULL);
      show_error (self, _("The Setting Was Not Changed"), error);
      return;
    }

  set_busy (self, FALSE, NULL);
}

static void
go_back_switch_active_cb (PlugGpuGroup *self)
{
  gboolean keep = !gtk_switch_get_active (self->go_back_switch);

  if (self->updating_keep_switch || self->driver_switch == NULL || self->chosen_driver == NULL ||
      keep == self->keep_if_it_fails)
    return;

  self->keep_if_it_fails = keep;
  set_busy (self, TRUE, NULL);
  plug_driver_switch_set_keep_async (self->driver_switch, plug_gpu_get_pci_slot (self->gpu), keep,
                                     self->cancellable, set_keep_cb, g_object_ref (self));
}

/* Right before acting, the helper's own reading: the GPU must still be at
 * its slot, and the driver still one that can run it. */
static void
recheck_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(PlugGpuGroup) self = user_data;
  g_autoptr(GPtrArray) choices = NULL;
  g_autoptr(GError) error = NULL;
  gboolean still_possible = FALSE;

  choices = plug_driver_switch_get_choices_finish (PLUG_DRIVER_SWITCH (object), result, &error);
  if (choices == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      set_busy (self, FALSE, NULL);
      show_error (self, _("The Driver Was Not Switched"), error);
      return;
    }

  for (guint i = 0; i < choices->len; i++)
    {
      PlugDriverChoice *choice = g_ptr_array_index (choices, i);

      if (g_strcmp0 (choice->pci_slot, plug_gpu_get_pci_slot (self->gpu)) == 0)
        still_possible = g_strcmp0 (choice->driver, self->picked_driver) == 0 ||
                         g_strv_contains ((const char * const *) choice->alternatives, self->picked_driver);
    }

  if (!still_possible)
    {
      g_autoptr(GError) gone = NULL;

      /* Translators: %s is a driver */
      gone = g_error_new (G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                          _("The GPU or the driver %s is no longer there. Nothing was changed."),
                          self->picked_driver);
      set_busy (self, FALSE, NULL);
      show_error (self, _("The Driver Was Not Switched"), gone);
      return;
    }

  set_busy (self, TRUE, _("Waiting for an administrator’s authorization…"));
  plug_driver_switch_set_driver_async (self->driver_switch, plug_gpu_get_pci_slot (self->gpu), self->picked_driver,
                                       self->cancellable, set_driver_cb, g_object_ref (self));
}

static void
confirm_response_cb (PlugAlert  *dialog,
                     const char *response,
                     gpointer    user_data)
{
  PlugGpuGroup *self = user_data;

  if (!g_str_equal (response, "switch"))
    return;

  set_busy (self, TRUE, _("Checking the GPU again…"));
  plug_driver_switch_get_choices_async (self->driver_switch, self->cancellable, recheck_cb, g_object_ref (self));
}

static void
confirm (PlugGpuGroup *self)
{
  g_autofree char *name = plug_graphics_dup_gpu_short_name (self->gpu);
  const char *bound = plug_gpu_get_driver (self->gpu);
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  g_autofree char *use_label = NULL;
  PlugAlert *dialog;

  /* Translators: %s is a driver, such as “amdgpu” */
  heading = g_strdup_printf (_("Use %s?"), self->picked_driver);
  if (bound != NULL)
    /* Translators: the new driver, the one in use, the GPU and its PCI slot */
    body = g_strdup_printf (_("From the next start, the kernel will use %s instead of %s for %s "
                              "(PCI slot %s). Nothing changes until then, and Undo puts the previous "
                              "configuration back. An administrator’s password is needed."),
                            self->picked_driver, bound, name, plug_gpu_get_pci_slot (self->gpu));
  else
    /* Translators: the new driver, the GPU and its PCI slot */
    body = g_strdup_printf (_("From the next start, the kernel will use %s for %s (PCI slot %s). "
                              "Nothing changes until then, and Undo puts the previous configuration "
                              "back. An administrator’s password is needed."),
                            self->picked_driver, name, plug_gpu_get_pci_slot (self->gpu));
  /* Translators: a button; %s is a driver */
  use_label = g_strdup_printf (_("_Use %s"), self->picked_driver);

  dialog = plug_alert_new (heading, body);
  plug_alert_add_responses (dialog,
                            "cancel", _("_Cancel"),
                            "switch", use_label,
                            NULL);
  plug_alert_set_response_appearance (dialog, "switch",
                                      ADW_RESPONSE_DESTRUCTIVE);
  /* Cancel is what Enter and Escape do. */
  plug_alert_set_default_response (dialog, "cancel");
  plug_alert_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (confirm_response_cb), self, 0);
  plug_alert_present (dialog, GTK_WIDGET (self));
}

static void
driver_toggled_cb (GtkCheckButton *button,
                   PlugGpuGroup   *self)
{
  if (gtk_check_button_get_active (button))
    set_string (&self->picked_driver, g_object_get_data (G_OBJECT (button), "driver"));
}

static void
choose_response_cb (PlugAlert  *dialog,
                    const char *response,
                    gpointer    user_data)
{
  PlugGpuGroup *self = user_data;

  if (g_str_equal (response, "next") && self->picked_driver != NULL)
    confirm (self);
}

/* The drivers to choose from: the installed ones that can run the GPU,
 * but the one it will use at the next start anyway. */
static void
switch_clicked_cb (PlugGpuGroup *self)
{
  const char * const *alternatives = plug_gpu_get_alternatives (self->gpu);
  g_autofree char *bound = g_strdup (plug_gpu_get_driver (self->gpu));
  g_autofree char *name = plug_graphics_dup_gpu_short_name (self->gpu);
  g_autofree char *body = NULL;
  g_autoptr(GPtrArray) candidates = g_ptr_array_new ();
  const char *next_driver;
  PlugAlert *dialog;
  GtkWidget *box;
  GtkCheckButton *group = NULL;

  if (bound != NULL)
    g_strdelimit (bound, "-", '_');
  next_driver = self->chosen_driver != NULL ? self->chosen_driver : bound;

  if (bound != NULL && g_strcmp0 (bound, next_driver) != 0)
    g_ptr_array_add (candidates, bound);
  for (guint i = 0; alternatives[i] != NULL; i++)
    if (g_strcmp0 (alternatives[i], next_driver) != 0)
      g_ptr_array_add (candidates, (gpointer) alternatives[i]);

  g_clear_pointer (&self->picked_driver, g_free);

  if (candidates->len == 1 && next_driver != NULL)
    /* Translators: the GPU, the driver it will use at the next start, and
     * the only other one that can run it */
    body = g_strdup_printf (_("Choose the driver that runs %s from the next start. Now it is %s; "
                              "the other installed driver that can run it is %s."),
                            name, next_driver, (const char *) g_ptr_array_index (candidates, 0));
  else if (next_driver != NULL)
    /* Translators: the GPU, and the driver it will use at the next start */
    body = g_strdup_printf (_("Choose the driver that runs %s from the next start. Now it is %s."),
                            name, next_driver);
  else
    /* Translators: the GPU */
    body = g_strdup_printf (_("Choose the driver that runs %s from the next start."), name);

  dialog = plug_alert_new (_("Switch Driver"), body);
  /* One choice is said in the text: a lone check box would look as if it
   * could be left unchecked. Several are radio buttons, the first picked,
   * so Next always has a driver to go on with. */
  if (candidates->len == 1)
    {
      set_string (&self->picked_driver, g_ptr_array_index (candidates, 0));
    }
  else if (candidates->len > 1)
    {
      box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      for (guint i = 0; i < candidates->len; i++)
        {
          const char *driver = g_ptr_array_index (candidates, i);
          GtkWidget *button = gtk_check_button_new_with_label (driver);

          g_object_set_data_full (G_OBJECT (button), "driver", g_strdup (driver), g_free);
          if (group != NULL)
            gtk_check_button_set_group (GTK_CHECK_BUTTON (button), group);
          else
            group = GTK_CHECK_BUTTON (button);
          g_signal_connect (button, "toggled", G_CALLBACK (driver_toggled_cb), self);
          gtk_box_append (GTK_BOX (box), button);
        }
      gtk_check_button_set_active (group, TRUE);
      plug_alert_set_extra_child (dialog, box);
    }

  plug_alert_add_responses (dialog,
                            "cancel", _("_Cancel"),
                            "next", _("_Next"),
                            NULL);
  plug_alert_set_response_appearance (dialog, "next", ADW_RESPONSE_SUGGESTED);
  plug_alert_set_response_enabled (dialog, "next", candidates->len > 0);
  plug_alert_set_default_response (dialog, "cancel");
  plug_alert_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (choose_response_cb), self, 0);
  plug_alert_present (dialog, GTK_WIDGET (self));
}

static void
revert_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(PlugGpuGroup) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!plug_driver_switch_revert_finish (PLUG_DRIVER_SWITCH (object), result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      /* Nothing left to revert means the choice is gone already. */
      if (g_error_matches (error, PLUG_DRIVER_SWITCH_ERROR, PLUG_DRIVER_SWITCH_ERROR_NOTHING_TO_REVERT))
        g_clear_pointer (&self->chosen_driver, g_free);
      set_busy (self, FALSE, NULL);
      show_error (self, _("The Change Was Not Undone"), error);
      return;
    }

  g_clear_pointer (&self->chosen_driver, g_free);
  set_busy (self, FALSE, NULL);
}

/* --- restarting ------------------------------------------------------ */

static void
reboot_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(PlugGpuGroup) self = user_data;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);
  if (reply == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  gtk_widget_set_sensitive (GTK_WIDGET (self->restart_button), TRUE);
  if (reply == NULL)
    {
      g_dbus_error_strip_remote_error (error);
      show_error (self, _("The Computer Was Not Restarted"), error);
    }
}

/* logind's Reboot, interactive: polkit decides (and may ask), as for the
 * system menu's Restart. */
static void
system_bus_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(PlugGpuGroup) self = user_data;
  g_autoptr(GDBusConnection) system_bus = NULL;
  g_autoptr(GError) error = NULL;

  system_bus = g_bus_get_finish (result, &error);
  if (system_bus == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      gtk_widget_set_sensitive (GTK_WIDGET (self->restart_button), TRUE);
      show_error (self, _("The Computer Was Not Restarted"), error);
      return;
    }

  g_dbus_connection_call (system_bus, "org.freedesktop.login1", "/org/freedesktop/login1",
                          "org.freedesktop.login1.Manager", "Reboot", g_variant_new ("(b)", TRUE),
                          G_VARIANT_TYPE ("()"), G_DBUS_CALL_FLAGS_ALLOW_INTERACTIVE_AUTHORIZATION,
                          G_MAXINT, self->cancellable, reboot_cb, g_object_ref (self));
}

static void
restart_response_cb (PlugAlert  *dialog,
                     const char *response,
                     gpointer    user_data)
{
  PlugGpuGroup *self = user_data;

  if (!g_str_equal (response, "restart"))
    return;

  gtk_widget_set_sensitive (GTK_WIDGET (self->restart_button), FALSE);
  g_bus_get (G_BUS_TYPE_SYSTEM, self->cancellable, system_bus_cb, g_object_ref (self));
}

static void
restart_clicked_cb (PlugGpuGroup *self)
{
  g_autofree char *body = NULL;
  PlugAlert *dialog;

  /* Translators: %s is a driver, such as “amdgpu” */
  body = g_strdup_printf (_("The computer starts again with %s. Open apps close, and work that is "
                            "not saved is lost."), self->chosen_driver);
  dialog = plug_alert_new (_("Restart Now?"), body);
  plug_alert_add_responses (dialog,
                            "cancel", _("_Cancel"),
                            "restart", _("_Restart"),
                            NULL);
  plug_alert_set_response_appearance (dialog, "restart",
                                      ADW_RESPONSE_DESTRUCTIVE);
  plug_alert_set_default_response (dialog, "cancel");
  plug_alert_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (restart_response_cb), self, 0);
  plug_alert_present (dialog, GTK_WIDGET (self));
}

static void
undo_clicked_cb (PlugGpuGroup *self)
{
  if (self->driver_switch == NULL)
    return;

  set_busy (self, TRUE, _("Waiting for an administrator’s authorization…"));
  plug_driver_switch_revert_async (self->driver_switch, plug_gpu_get_pci_slot (self->gpu),
                                   self->cancellable, revert_cb, g_object_ref (self));
}

/* The driver chosen for the next start, or why none can be. */
static char *
dup_choice_note (PlugGpuGroup *self)
{
  if (!gtk_widget_get_visible (GTK_WIDGET (self->switch_row)))
    return NULL;
  if (gtk_widget_get_visible (GTK_WIDGET (self->restart_row)))
    {
      if (self->initramfs_problem != NULL)
        /* Translators: a driver, then plugboard-helper's reason, in English */
        return g_strdup_printf (_("%s chosen, but the change will not take effect at the next start: %s"),
                                self->chosen_driver, self->initramfs_problem);
      if (self->keep_if_it_fails)
        /* Translators: %s is a driver */
        return g_strdup_printf (_("%s from the next start (restart to use it), kept even if it does not start"),
                                self->chosen_driver);
      /* Translators: %s is a driver */
      return g_strdup_printf (_("%s from the next start (restart to use it)"), self->chosen_driver);
    }
  /* The report says why from the core's reason. */
  if (self->nothing_to_switch)
    return NULL;
  if (self->unavailable != NULL)
    /* Translators: %s is the reason */
    return g_strdup_printf (_("not possible here: %s"), self->unavailable);
  if (self->driver_switch != NULL)
    return g_strdup (_("possible with plugboard-helper"));

  return NULL;
}

/**
 * plug_gpu_group_dup_driver_note:
 *
 * Returns: (transfer full) (nullable): for the report, the driver chosen
 *   for the next start, or why drivers cannot be chosen; %NULL for a GPU
 *   with no choice of drivers, or while the helper was not asked yet
 */
char *
plug_gpu_group_dup_driver_note (PlugGpuGroup *self)
{
  g_autofree char *note = NULL;

  g_return_val_if_fail (PLUG_IS_GPU_GROUP (self), NULL);

  note = dup_choice_note (self);
  if (self->boot_check == NULL)
    return g_steal_pointer (&note);
  if (note == NULL)
    /* Translators: %s is what plugboard-helper's check at this start
     * undid, in English, such as “amdgpu did not start on the GPU at
     * 0000:03:00.0; Plugboard went back to radeon” */
    return g_strdup_printf (_("at this start, %s"), self->boot_check);
  /* Translators: the first %s is the driver choice, the second what
   * plugboard-helper's check at this start undid, in English */
  return g_strdup_printf (_("%s; at this start, %s"), note, self->boot_check);
}

/**
 * plug_gpu_group_set_driver_switch:
 * @driver_switch: (nullable): plugboard-helper's client, %NULL when the
 *   helper cannot be used
 * @chosen_driver: (nullable): the driver the helper's configuration
 *   chooses for this GPU
 * @keep_if_it_fails: whether the next start keeps @chosen_driver even
 *   when it does not start
 * @unavailable: (nullable): why the helper cannot be used
 */
void
plug_gpu_group_set_driver_switch (PlugGpuGroup     *self,
                                  PlugDriverSwitch *driver_switch,
                                  const char       *chosen_driver,
                                  gboolean          keep_if_it_fails,
                                  const GError     *unavailable)
{
  g_return_if_fail (PLUG_IS_GPU_GROUP (self));

  g_set_object (&self->driver_switch, driver_switch);
  set_string (&self->chosen_driver, chosen_driver);
  self->keep_if_it_fails = chosen_driver != NULL && keep_if_it_fails;
  set_string (&self->unavailable, unavailable != NULL ? unavailable->message : NULL);

  /* A GPU with nothing to switch to keeps its reason: no helper changes it. */
  if (!self->nothing_to_switch && unavailable != NULL)
    adw_action_row_set_subtitle (self->switch_row, unavailable->message);
  else if (!self->nothing_to_switch)
    adw_action_row_set_subtitle (self->switch_row,
                                 _("Choose which installed driver runs this GPU from the next start"));
  update_switch_rows (self);
  refresh_initramfs_problem (self);
  refresh_boot_check (self);
}

static void
plug_gpu_group_constructed (GObject *object)
{
  PlugGpuGroup *self = PLUG_GPU_GROUP (object);

  G_OBJECT_CLASS (plug_gpu_group_parent_class)->constructed (object);

  fill (self);

  /* A GPU with a choice of drivers gets the row; so does one whose only
   * driver is the one in use, saying so instead of a silent absence. */
  self->nothing_to_switch = plug_gpu_get_alternatives (self->gpu)[0] == NULL &&
                            plug_gpu_get_switch_unavailable_reason (self->gpu) != NULL;
  gtk_widget_set_visible (GTK_WIDGET (self->switch_row),
                          plug_gpu_get_alternatives (self->gpu)[0] != NULL || self->nothing_to_switch);
  if (self->nothing_to_switch)
    {
      /* Translators: the title of the row that says why a GPU's driver cannot be switched */
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->switch_row), _("No Other Driver"));
      adw_action_row_set_subtitle (self->switch_row, plug_gpu_get_switch_unavailable_reason (self->gpu));
      gtk_widget_set_visible (GTK_WIDGET (self->switch_button), FALSE);
      /* That row says there is none, and why: a row saying “None” above
       * it would say it twice. */
      gtk_widget_set_visible (GTK_WIDGET (self->other_drivers_row), FALSE);
    }
}

static void
plug_gpu_group_dispose (GObject *object)
{
  PlugGpuGroup *self = PLUG_GPU_GROUP (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), PLUG_TYPE_GPU_GROUP);
  g_clear_object (&self->gpu);
  g_clear_object (&self->driver_switch);
  g_clear_object (&self->renderer);
  g_clear_object (&self->switcheroo);
  g_clear_pointer (&self->chosen_driver, g_free);
  g_clear_pointer (&self->picked_driver, g_free);
  g_clear_pointer (&self->unavailable, g_free);
  g_clear_pointer (&self->initramfs_problem, g_free);
  g_clear_pointer (&self->boot_check, g_free);

  G_OBJECT_CLASS (plug_gpu_group_parent_class)->dispose (object);
}

static void
plug_gpu_group_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  PlugGpuGroup *self = PLUG_GPU_GROUP (object);

  switch (prop_id)
    {
    case PROP_GPU:
      g_value_set_object (value, self->gpu);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_gpu_group_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  PlugGpuGroup *self = PLUG_GPU_GROUP (object);

  switch (prop_id)
    {
    case PROP_GPU:
      self->gpu = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_gpu_group_class_init (PlugGpuGroupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = plug_gpu_group_constructed;
  object_class->dispose = plug_gpu_group_dispose;
  object_class->get_property = plug_gpu_group_get_property;
  object_class->set_property = plug_gpu_group_set_property;

  properties[PROP_GPU] =
    g_param_spec_object ("gpu", NULL, NULL,
                         PLUG_TYPE_GPU,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/plugboard/Plugboard/panels/graphics/plug-gpu-group.ui");
  gtk_widget_class_bind_template_child (widget_class, PlugGpuGroup, restart_row);
  gtk_widget_class_bind_template_child (widget_class, PlugGpuGroup, boot_check_row);
  gtk_widget_class_bind_template_child (widget_class, PlugGpuGroup, keep_row);
  gtk_widget_class_bind_template_child (widget_class, PlugGpuGroup, go_back_switch);
  gtk_widget_class_bind_template_child (widget_class, PlugGpuGroup, restart_button);
  gtk_widget_class_bind_template_child (widget_class, PlugGpuGroup, undo_button);
  gtk_widget_class_bind_template_child (widget_class, PlugGpuGroup, switch_row);
  gtk_widget_class_bind_template_child (widget_class, PlugGpuGroup, switch_button);
  gtk_widget_class_bind_template_child (widget_class, PlugGpuGroup, rendering_row);
  gtk_widget_class_bind_template_child (widget_class, PlugGpuGroup, rendering_label);
  gtk_widget_class_bind_template_child (widget_class, PlugGpuGroup, vulkan_row);
  gtk_widget_class_bind_template_child (widget_class, PlugGpuGroup, vulkan_label);
  gtk_widget_class_bind_template_child (widget_class, PlugGpuGroup, driver_row);
  gtk_widget_class_bind_template_child (widget_class, PlugGpuGroup, driver_label);
  gtk_widget_class_bind_template_child (widget_class, PlugGpuGroup, other_drivers_row);
  gtk_widget_class_bind_template_child (widget_class, PlugGpuGroup, other_drivers_label);
  gtk_widget_class_bind_template_child (widget_class, PlugGpuGroup, type_label);
  gtk_widget_class_bind_template_child (widget_class, PlugGpuGroup, boot_display_label);
  gtk_widget_class_bind_template_child (widget_class, PlugGpuGroup, pci_slot_label);
  gtk_widget_class_bind_template_child (widget_class, PlugGpuGroup, pci_id_label);
}

static void
plug_gpu_group_init (PlugGpuGroup *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->cancellable = g_cancellable_new ();
  g_signal_connect_swapped (self->switch_button, "clicked", G_CALLBACK (switch_clicked_cb), self);
  g_signal_connect_swapped (self->undo_button, "clicked", G_CALLBACK (undo_clicked_cb), self);
  g_signal_connect_swapped (self->restart_button, "clicked", G_CALLBACK (restart_clicked_cb), self);
  gtk_widget_set_visible (GTK_WIDGET (self->restart_button), !plug_sandbox_is_flatpak ());
  g_signal_connect_swapped (self->go_back_switch, "notify::active", G_CALLBACK (go_back_switch_active_cb), self);
}

GtkWidget *
plug_gpu_group_new (PlugGpu *gpu)
{
  g_return_val_if_fail (PLUG_IS_GPU (gpu), NULL);

  return g_object_new (PLUG_TYPE_GPU_GROUP,
                       "gpu", gpu,
                       NULL);
}

/**
 * plug_gpu_group_get_gpu:
 *
 * Returns: (transfer none): the GPU the group shows
 */
PlugGpu *
plug_gpu_group_get_gpu (PlugGpuGroup *self)
{
  g_return_val_if_fail (PLUG_IS_GPU_GROUP (self), NULL);

  return self->gpu;
}
