/* plug-gpu.c: A GPU and the kernel driver that runs it
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include "plug-gpu-private.h"

/*
 * One PCI display controller (PCI class 0x03xxxx), whether or not a driver
 * is bound to it: a GPU without a driver has no drm node, and is exactly
 * the one a user needs to see. PlugGpuList reads every field; see there
 * for where each comes from.
 */

G_DEFINE_FINAL_TYPE (PlugGpu, plug_gpu, G_TYPE_OBJECT)

static const char * const no_strings[] = { NULL };

/**
 * plug_gpu_license_get_id:
 *
 * Returns: (nullable): "open" or "proprietary", as plugboardctl's JSON
 *   says it, or %NULL when the license is not known
 */
const char *
plug_gpu_license_get_id (PlugGpuLicense license)
{
  switch (license)
    {
    case PLUG_GPU_LICENSE_OPEN:
      return "open";
    case PLUG_GPU_LICENSE_PROPRIETARY:
      return "proprietary";
    case PLUG_GPU_LICENSE_UNKNOWN:
    default:
      return NULL;
    }
}

/**
 * plug_gpu_kind_source_get_id:
 *
 * Returns: (nullable): "vulkan", "switcheroo" or "kernel", as
 *   plugboardctl's JSON says it, or %NULL when nothing knew
 */
const char *
plug_gpu_kind_source_get_id (PlugGpuKindSource source)
{
  switch (source)
    {
    case PLUG_GPU_KIND_SOURCE_VULKAN:
      return "vulkan";
    case PLUG_GPU_KIND_SOURCE_SWITCHEROO:
      return "switcheroo";
    case PLUG_GPU_KIND_SOURCE_KERNEL:
      return "kernel";
    case PLUG_GPU_KIND_SOURCE_NONE:
    default:
      return NULL;
    }
}

static void
plug_gpu_finalize (GObject *object)
{
  PlugGpu *self = PLUG_GPU (object);

  g_clear_pointer (&self->pci_slot, g_free);
  g_clear_pointer (&self->sysfs_path, g_free);
  g_clear_pointer (&self->vendor_id, g_free);
  g_clear_pointer (&self->device_id, g_free);
  g_clear_pointer (&self->vendor, g_free);
  g_clear_pointer (&self->model, g_free);
  g_clear_pointer (&self->modalias, g_free);
  g_clear_pointer (&self->drm_nodes, g_strfreev);
  g_clear_pointer (&self->driver, g_free);
  g_clear_pointer (&self->driver_version, g_free);
  g_clear_pointer (&self->alternatives, g_strfreev);
  g_clear_pointer (&self->blacklisted, g_strfreev);
  g_clear_pointer (&self->reason, g_free);
  g_clear_pointer (&self->kind_hint, g_free);
  g_clear_pointer (&self->switch_unavailable_reason, g_free);

  G_OBJECT_CLASS (plug_gpu_parent_class)->finalize (object);
}

static void
plug_gpu_class_init (PlugGpuClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = plug_gpu_finalize;
}

static void
plug_gpu_init (PlugGpu *self)
{
}

PlugGpu *
plug_gpu_new (void)
{
  return g_object_new (PLUG_TYPE_GPU, NULL);
}

/* The PCI address, such as "0000:01:00.0". */
const char *
plug_gpu_get_pci_slot (PlugGpu *self)
{
  g_return_val_if_fail (PLUG_IS_GPU (self), NULL);

  return self->pci_slot;
}

const char *
plug_gpu_get_sysfs_path (PlugGpu *self)
{
  g_return_val_if_fail (PLUG_IS_GPU (self), NULL);

  return self->sysfs_path;
}

/* The PCI vendor id as four lower-case hex digits after "0x", such as
 * "0x1002". */
const char *
plug_gpu_get_vendor_id (PlugGpu *self)
{
  g_return_val_if_fail (PLUG_IS_GPU (self), NULL);

  return self->vendor_id;
}

const char *
plug_gpu_get_device_id (PlugGpu *self)
{
  g_return_val_if_fail (PLUG_IS_GPU (self), NULL);

  return self->device_id;
}

/**
 * plug_gpu_get_vendor:
 *
 * Returns: (nullable): the vendor's name from the hardware database, or
 *   %NULL when neither udev's nor hwdata's knows the id
 */
const char *
plug_gpu_get_vendor (PlugGpu *self)
{
  g_return_val_if_fail (PLUG_IS_GPU (self), NULL);

  return self->vendor;
}

/**
 * plug_gpu_get_model:
 *
 * Returns: (nullable): the model's name from the hardware database
 */
const char *
plug_gpu_get_model (PlugGpu *self)
{
  g_return_val_if_fail (PLUG_IS_GPU (self), NULL);

  return self->model;
}

/**
 * plug_gpu_get_modalias:
 *
 * Returns: (nullable): the device's module alias, which names the drivers
 *   that can drive it
 */
const char *
plug_gpu_get_modalias (PlugGpu *self)
{
  g_return_val_if_fail (PLUG_IS_GPU (self), NULL);

  return self->modalias;
}

/* Whether the firmware used this GPU for the boot display. */
gboolean
plug_gpu_is_boot_vga (PlugGpu *self)
{
  g_return_val_if_fail (PLUG_IS_GPU (self), FALSE);

  return self->boot_vga;
}

/* Whether the kernel's facts show an integrated GPU; FALSE also when
 * they do not say (plug_gpu_get_kind() tells the two apart). */
gboolean
plug_gpu_is_integrated (PlugGpu *self)
{
  g_return_val_if_fail (PLUG_IS_GPU (self), FALSE);

  return self->kind == PLUG_GPU_KIND_INTEGRATED;
}

/**
 * plug_gpu_get_kind:
 *
 * Integrated or discrete, as far as the kernel's facts about the PCI
 * device tell (plug-gpu-list.c lists the rules). The Vulkan driver and
 * switcheroo-control may know better: plug_gpu_kind_decide() weighs
 * them all.
 *
 * Returns: the kind, or %PLUG_GPU_KIND_UNKNOWN when no rule applies
 */
PlugGpuKind
plug_gpu_get_kind (PlugGpu *self)
{
  g_return_val_if_fail (PLUG_IS_GPU (self), PLUG_GPU_KIND_UNKNOWN);

  return self->kind;
}

/**
 * plug_gpu_get_kind_hint:
 *
 * Returns: (nullable): which of the kernel's facts gave
 *   plug_gpu_get_kind(): "amd-igp-id", "intel-id", "nvidia-id",
 *   "3d-controller" or "internal-panel"; %NULL when none did
 */
const char *
plug_gpu_get_kind_hint (PlugGpu *self)
{
  g_return_val_if_fail (PLUG_IS_GPU (self), NULL);

  return self->kind_hint;
}

/**
 * plug_gpu_get_drm_nodes:
 *
 * Returns: (transfer none): the names of the GPU's drm nodes, such as
 *   "card0" and "renderD128"; empty when no driver created any
 */
const char * const *
plug_gpu_get_drm_nodes (PlugGpu *self)
{
  g_return_val_if_fail (PLUG_IS_GPU (self), no_strings);

  return self->drm_nodes != NULL ? (const char * const *) self->drm_nodes : no_strings;
}

/**
 * plug_gpu_get_driver:
 *
 * Returns: (nullable): the kernel driver bound to the GPU
 */
const char *
plug_gpu_get_driver (PlugGpu *self)
{
  g_return_val_if_fail (PLUG_IS_GPU (self), NULL);

  return self->driver;
}

/**
 * plug_gpu_get_driver_version:
 *
 * Returns: (nullable): the version the loaded driver module publishes;
 *   drivers that are part of the kernel usually publish none
 */
const char *
plug_gpu_get_driver_version (PlugGpu *self)
{
  g_return_val_if_fail (PLUG_IS_GPU (self), NULL);

  return self->driver_version;
}

PlugGpuLicense
plug_gpu_get_driver_license (PlugGpu *self)
{
  g_return_val_if_fail (PLUG_IS_GPU (self), PLUG_GPU_LICENSE_UNKNOWN);

  return self->driver_license;
}

/**
 * plug_gpu_get_alternatives:
 *
 * Returns: (transfer none): the other installed kernel drivers whose
 *   aliases match the GPU, sorted by name, without the one in use
 */
const char * const *
plug_gpu_get_alternatives (PlugGpu *self)
{
  g_return_val_if_fail (PLUG_IS_GPU (self), no_strings);

  return self->alternatives != NULL ? (const char * const *) self->alternatives : no_strings;
}

/* Whether the modprobe configuration blacklists @driver, so that it is not
 * loaded for the GPU by its aliases. */
gboolean
plug_gpu_is_blacklisted (PlugGpu    *self,
                         const char *driver)
{
  g_return_val_if_fail (PLUG_IS_GPU (self), FALSE);
  g_return_val_if_fail (driver != NULL, FALSE);

  return self->blacklisted != NULL && g_strv_contains ((const char * const *) self->blacklisted, driver);
}

/**
 * plug_gpu_get_reason:
 *
 * Returns: (nullable): why the GPU cannot work as it should, in a
 *   sentence for people; %NULL when nothing is known to be wrong
 */
const char *
plug_gpu_get_reason (PlugGpu *self)
{
  g_return_val_if_fail (PLUG_IS_GPU (self), NULL);

  return self->reason;
}

/**
 * plug_gpu_get_switch_unavailable_reason:
 *
 * Returns: (nullable): for a GPU with a driver bound and no other
 *   installed driver able to run it, why there is nothing to switch to,
 *   in a sentence for people; %NULL when there is a choice of drivers, or
 *   no driver is bound (plug_gpu_get_reason() says why)
 */
const char *
plug_gpu_get_switch_unavailable_reason (PlugGpu *self)
{
  g_return_val_if_fail (PLUG_IS_GPU (self), NULL);

  return self->switch_unavailable_reason;
}

/**
 * plug_gpu_is_hidden_by_sandbox:
 *
 * Returns: %TRUE inside a Flatpak sandbox where plugboard-helper did not
 *   tell the host's facts: the driver's version and licence, the other
 *   installed drivers and why none is bound are then not known (their
 *   getters return %NULL, unknown and an empty list), not absent
 */
gboolean
plug_gpu_is_hidden_by_sandbox (PlugGpu *self)
{
  g_return_val_if_fail (PLUG_IS_GPU (self), FALSE);

  return self->hidden_by_sandbox;
}
