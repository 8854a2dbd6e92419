/* plug-host-facts.c: What plugboard-helper tells a sandboxed client of the host
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include "plug-gpu-list.h"
#include "plug-gpu-private.h"
#include "plug-host-facts.h"
#include "plug-power.h"

/*
 * Inside the Flatpak sandbox, /sys/module, /sys/power, /lib/modules and
 * the host's /etc are out of sight: the driver's version and licence,
 * the other installed drivers and whether the machine can sleep would
 * read as absent, which they are not. plugboard-helper, when the host
 * has it, reads them for the sandbox with this same code, through its
 * read-only GetHostFacts() method, as an a{sv}:
 *
 *  - "gpus": aa{sv}, one per GPU: "pci_slot" (s), and where known
 *    "driver_version" (s), "driver_license" (s: "open" or
 *    "proprietary"), "alternatives" (as), "blacklisted" (as), "reason"
 *    (s: why no driver is bound), "switch_unavailable_reason" (s);
 *  - "power": a{sv}: "can_suspend" (b), "suspend_mode" (s),
 *    "suspend_reason" (s), "suspend_warnings" (as), "can_hibernate" (b),
 *    "hibernate_reason" (s), "hibernate_warnings" (as).
 *
 * Nothing in it is secret: any local user reads the same files.
 */

#define HELPER_BUS_NAME "io.github.plugboard.Helper"
#define HELPER_OBJECT_PATH "/io/github/plugboard/Helper"
#define HELPER_INTERFACE "io.github.plugboard.Helper"
/* The helper reads sysfs and the modules index: a second or so. */
#define FETCH_TIMEOUT_MSEC 15000
/* The GPU list and the power readiness are read at the same moment, in
 * two threads: one answer serves both. */
#define FETCH_REUSE_USEC (5 * G_USEC_PER_SEC)

/* --- the helper's side ------------------------------------------------- */

typedef struct
{
  PlugGpuList *gpus;
  PlugPower   *power;
  guint        pending;
  gboolean     failed;
} Building;

static void
building_free (Building *building)
{
  g_clear_object (&building->gpus);
  g_clear_object (&building->power);
  g_free (building);
}

static void
add_string (GVariantBuilder *builder,
            const char      *key,
            const char      *value)
{
  if (value != NULL)
    g_variant_builder_add (builder, "{sv}", key, g_variant_new_string (value));
}

static void
add_strv (GVariantBuilder    *builder,
          const char         *key,
          const char * const *value)
{
  g_variant_builder_add (builder, "{sv}", key, g_variant_new_strv (value, -1));
}

static GVariant *
build_gpu (PlugGpu *gpu)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  add_string (&builder, "pci_slot", gpu->pci_slot);
  add_string (&builder, "driver_version", gpu->driver_version);
  add_string (&builder, "driver_license", plug_gpu_license_get_id (gpu->driver_license));
  add_strv (&builder, "alternatives", (const char * const *) gpu->alternatives);
  add_strv (&builder, "blacklisted", (const char * const *) gpu->blacklisted);
  add_string (&builder, "reason", gpu->reason);
  add_string (&builder, "switch_unavailable_reason", gpu->switch_unavailable_reason);

  return g_variant_builder_end (&builder);
}

static GVariant *
build_power (PlugPower *power)
{
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&builder, "{sv}", "can_suspend", g_variant_new_boolean (plug_power_can_suspend (power)));
  add_string (&builder, "suspend_mode", plug_power_get_suspend_mode (power));
  add_string (&builder, "suspend_reason", plug_power_get_suspend_reason (power));
  add_strv (&builder, "suspend_warnings", plug_power_get_suspend_warnings (power));
  g_variant_builder_add (&builder, "{sv}", "can_hibernate", g_variant_new_boolean (plug_power_can_hibernate (power)));
  add_string (&builder, "hibernate_reason", plug_power_get_hibernate_reason (power));
  add_strv (&builder, "hibernate_warnings", plug_power_get_hibernate_warnings (power));

  return g_variant_builder_end (&builder);
}

static void
build_step_done (GTask  *task,
                 GError *error)
{
  Building *building = g_task_get_task_data (task);

  building->pending--;
  if (error != NULL)
    {
      if (!building->failed)
        g_task_return_error (task, error);
      else
        g_error_free (error);
      building->failed = TRUE;
    }
  if (building->pending > 0 || building->failed)
    return;

  {
    GVariantBuilder facts;
    GVariantBuilder gpus;

    g_variant_builder_init (&gpus, G_VARIANT_TYPE ("aa{sv}"));
    for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (building->gpus)); i++)
      {
        g_autoptr(PlugGpu) gpu = g_list_model_get_item (G_LIST_MODEL (building->gpus), i);

        g_variant_builder_add_value (&gpus, build_gpu (gpu));
      }

    g_variant_builder_init (&facts, G_VARIANT_TYPE_VARDICT);
    g_variant_builder_add (&facts, "{sv}", "gpus", g_variant_builder_end (&gpus));
    g_variant_builder_add (&facts, "{sv}", "power", build_power (building->power));
    g_task_return_pointer (task, g_variant_ref_sink (g_variant_builder_end (&facts)),
                           (GDestroyNotify) g_variant_unref);
  }
}

static void
gpus_loaded_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  plug_gpu_list_load_finish (PLUG_GPU_LIST (object), result, &error);
  build_step_done (task, error);
}

static void
power_read_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  plug_power_read_finish (PLUG_POWER (object), result, &error);
  build_step_done (task, error);
}

/**
 * plug_host_facts_build_async:
 * @root_directory: (nullable): as for plug_gpu_list_new()
 * @modules_directory: (nullable): as for plug_gpu_list_new()
 *
 * Reads the GPUs and the power readiness, for GetHostFacts().
 */
void
plug_host_facts_build_async (const char          *root_directory,
                             const char          *modules_directory,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Building *building;

  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_host_facts_build_async);
  building = g_new0 (Building, 1);
  building->gpus = plug_gpu_list_new (root_directory, modules_directory);
  building->power = plug_power_new (root_directory);
  building->pending = 2;
  g_task_set_task_data (task, building, (GDestroyNotify) building_free);

  plug_gpu_list_load_async (building->gpus, cancellable, gpus_loaded_cb, g_object_ref (task));
  plug_power_read_async (building->power, cancellable, power_read_cb, g_object_ref (task));
}

/**
 * plug_host_facts_build_finish:
 *
 * Returns: (transfer full): the facts, an a{sv}, or %NULL when cancelled
 */
GVariant *
plug_host_facts_build_finish (GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == plug_host_facts_build_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* --- the sandbox's side ------------------------------------------------ */

static GMutex fetch_mutex;
static GVariant *fetched_facts;
static gint64 fetched_time;
static gboolean fetched;

/**
 * plug_host_facts_fetch_sync:
 * @cancellable: (nullable): a #GCancellable
 *
 * Asks plugboard-helper for the host's facts, blocking: for worker
 * threads only. An answer a few seconds old is used again.
 *
 * Returns: (transfer full) (nullable): the facts, or %NULL when the host
 *   has no plugboard-helper (or one too old to tell them), which is
 *   logged
 */
GVariant *
plug_host_facts_fetch_sync (GCancellable *cancellable)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&fetch_mutex);
  g_autoptr(GDBusConnection) bus = NULL;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable), NULL);

  if (fetched && g_get_monotonic_time () - fetched_time < FETCH_REUSE_USEC)
    return fetched_facts != NULL ? g_variant_ref (fetched_facts) : NULL;

  g_clear_pointer (&fetched_facts, g_variant_unref);
  bus = g_bus_get_sync (G_BUS_TYPE_SYSTEM, cancellable, &error);
  if (bus != NULL)
    reply = g_dbus_connection_call_sync (bus, HELPER_BUS_NAME, HELPER_OBJECT_PATH, HELPER_INTERFACE,
                                         "GetHostFacts", NULL, G_VARIANT_TYPE ("(a{sv})"),
                                         G_DBUS_CALL_FLAGS_NONE, FETCH_TIMEOUT_MSEC, cancellable, &error);
  if (reply == NULL)
    {
      g_debug ("plugboard-helper did not tell the host's facts: %s", error->message);
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return NULL;
    }
  else
    {
      g_variant_get (reply, "(@a{sv})", &fetched_facts);
    }
  fetched = TRUE;
  fetched_time = g_get_monotonic_time ();

  return fetched_facts != NULL ? g_variant_ref (fetched_facts) : NULL;
}

/**
 * plug_host_facts_lookup_gpu:
 * @facts: the facts
 * @pci_slot: a GPU's PCI slot
 *
 * Returns: (transfer full) (nullable): the GPU's a{sv}, or %NULL when
 *   the host did not list it
 */
GVariant *
plug_host_facts_lookup_gpu (GVariant   *facts,
                            const char *pci_slot)
{
  g_autoptr(GVariant) gpus = NULL;
  GVariantIter iter;
  GVariant *gpu;

  g_return_val_if_fail (facts != NULL, NULL);
  g_return_val_if_fail (pci_slot != NULL, NULL);

  gpus = g_variant_lookup_value (facts, "gpus", G_VARIANT_TYPE ("aa{sv}"));
  if (gpus == NULL)
    return NULL;

  g_variant_iter_init (&iter, gpus);
  while ((gpu = g_variant_iter_next_value (&iter)) != NULL)
    {
      const char *slot = NULL;

      if (g_variant_lookup (gpu, "pci_slot", "&s", &slot) && g_strcmp0 (slot, pci_slot) == 0)
        return gpu;
      g_variant_unref (gpu);
    }

  return NULL;
}

/**
 * plug_host_facts_get_power:
 *
 * Returns: (transfer full) (nullable): the power readiness's a{sv}
 */
GVariant *
plug_host_facts_get_power (GVariant *facts)
{
  g_return_val_if_fail (facts != NULL, NULL);

  return g_variant_lookup_value (facts, "power", G_VARIANT_TYPE_VARDICT);
}
