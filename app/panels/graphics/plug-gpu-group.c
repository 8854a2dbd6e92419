/* plug-gpu-group.c: One GPU and its driver, in the Graphics panel
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-graphics"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-gpu-group.h"
#include "plug-graphics-report.h"

/*
 * A GPU is a group titled with its model and vendor, over one row per
 * fact: the driver in use first, since it is what a user comes to check,
 * then the other installed drivers, then what identifies the GPU. The
 * phrases come from the core's report functions, so that the panel and
 * the copied report say the same thing.
 *
 * Only facts are shown. Switching drivers needs the privileged helper,
 * and whether rendering is hardware accelerated needs the renderer probe;
 * neither exists yet, so the group offers no button and makes no claim
 * about them.
 *
 * A PlugGpu never changes (a new reading makes new objects), so the group
 * fills its rows once.
 */

struct _PlugGpuGroup
{
  AdwPreferencesGroup  parent_instance;

  /* Template widgets */
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
  if (other_drivers != NULL && has_blacklisted_alternative (self->gpu))
    adw_action_row_set_subtitle (self->other_drivers_row,
                                 _("Installed, and able to drive this GPU. The system "
                                   "configuration keeps blacklisted drivers from loading."));
  else if (other_drivers != NULL)
    adw_action_row_set_subtitle (self->other_drivers_row,
                                 _("Installed, and able to drive this GPU"));
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

  set_value (self->type_label,
             plug_gpu_is_integrated (self->gpu) ? _("Integrated") : _("Discrete"),
             FALSE);
  set_value (self->boot_display_label,
             plug_gpu_is_boot_vga (self->gpu) ? _("Yes") : _("No"),
             FALSE);
  set_value (self->pci_slot_label, plug_gpu_get_pci_slot (self->gpu), FALSE);
  set_value (self->pci_id_label, pci_id, FALSE);
}

static void
plug_gpu_group_constructed (GObject *object)
{
  PlugGpuGroup *self = PLUG_GPU_GROUP (object);

  G_OBJECT_CLASS (plug_gpu_group_parent_class)->constructed (object);

  fill (self);
}

static void
plug_gpu_group_dispose (GObject *object)
{
  PlugGpuGroup *self = PLUG_GPU_GROUP (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PLUG_TYPE_GPU_GROUP);
  g_clear_object (&self->gpu);

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
