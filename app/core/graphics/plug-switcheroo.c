/* plug-switcheroo.c: switcheroo-control's view of a machine with two GPUs
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <string.h>

#include "plug-switcheroo.h"

/*
 * switcheroo-control (net.hadess.SwitcherooControl on the system bus)
 * lists the GPUs with the environment that makes an app render on each
 * (DRI_PRIME for Mesa, NVIDIA's offload variables for its driver) and
 * says which is the default; GNOME Shell's "Launch using Discrete
 * Graphics" uses the same. Its properties are read once with GetAll. When
 * it is not running (it is not installed, or the machine has one GPU and
 * it left), that is not an error: is_running says so.
 *
 * Its GPUs carry names, not PCI slots. A GPU is matched by the slot in
 * DRI_PRIME ("pci-0000_01_00_0") where there is one, otherwise by its
 * name, which both take from the udev hardware database.
 */

#define SWITCHEROO_BUS_NAME "net.hadess.SwitcherooControl"
#define SWITCHEROO_OBJECT_PATH "/net/hadess/SwitcherooControl"

struct _PlugSwitcheroo
{
  GObject    parent_instance;

  gboolean   is_running;
  gboolean   has_dual_gpu;
  GPtrArray *gpus;
};

G_DEFINE_FINAL_TYPE (PlugSwitcheroo, plug_switcheroo, G_TYPE_OBJECT)

static void
switcheroo_gpu_free (PlugSwitcherooGpu *gpu)
{
  g_free (gpu->name);
  g_strfreev (gpu->environment);
  g_free (gpu);
}

static void
plug_switcheroo_finalize (GObject *object)
{
  PlugSwitcheroo *self = PLUG_SWITCHEROO (object);

  g_clear_pointer (&self->gpus, g_ptr_array_unref);

  G_OBJECT_CLASS (plug_switcheroo_parent_class)->finalize (object);
}

static void
plug_switcheroo_class_init (PlugSwitcherooClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = plug_switcheroo_finalize;
}

static void
plug_switcheroo_init (PlugSwitcheroo *self)
{
  self->gpus = g_ptr_array_new_with_free_func ((GDestroyNotify) switcheroo_gpu_free);
}

static void
parse_gpus (PlugSwitcheroo *self,
            GVariant       *gpus)
{
  GVariantIter iter;
  GVariant *entry;

  if (!g_variant_is_of_type (gpus, G_VARIANT_TYPE ("aa{sv}")))
    return;

  g_variant_iter_init (&iter, gpus);
  while ((entry = g_variant_iter_next_value (&iter)) != NULL)
    {
      PlugSwitcherooGpu *gpu = g_new0 (PlugSwitcherooGpu, 1);
      GVariantDict dict;
      const char *name = NULL;
      char **environment = NULL;

      g_variant_dict_init (&dict, entry);
      if (g_variant_dict_lookup (&dict, "Name", "&s", &name))
        gpu->name = g_strdup (name);
      /* A flat list of names and values: ["DRI_PRIME", "pci-0000_01_00_0"]. */
      if (g_variant_dict_lookup (&dict, "Environment", "^as", &environment))
        {
          guint n_strings = g_strv_length (environment);

          gpu->environment = g_new0 (char *, n_strings / 2 + 1);
          for (guint i = 0; i + 1 < n_strings; i += 2)
            gpu->environment[i / 2] = g_strconcat (environment[i], "=", environment[i + 1], NULL);
          g_strfreev (environment);
        }
      else
        {
          gpu->environment = g_new0 (char *, 1);
        }
      g_variant_dict_lookup (&dict, "Default", "b", &gpu->is_default);
      g_variant_dict_clear (&dict);
      g_variant_unref (entry);

      g_ptr_array_add (self->gpus, gpu);
    }
}

static void
get_all_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(PlugSwitcheroo) self = g_object_new (PLUG_TYPE_SWITCHEROO, NULL);
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) properties = NULL;
  g_autoptr(GVariant) gpus = NULL;
  g_autoptr(GError) error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);
  if (reply == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      /* Not running: a fact about the machine, not a failure. */
      g_debug ("switcheroo-control: %s", error->message);
      g_task_return_pointer (task, g_steal_pointer (&self), g_object_unref);
      return;
    }

  self->is_running = TRUE;
  properties = g_variant_get_child_value (reply, 0);
  g_variant_lookup (properties, "HasDualGpu", "b", &self->has_dual_gpu);
  gpus = g_variant_lookup_value (properties, "GPUs", G_VARIANT_TYPE ("aa{sv}"));
  if (gpus != NULL)
    parse_gpus (self, gpus);

  g_task_return_pointer (task, g_steal_pointer (&self), g_object_unref);
}

/**
 * plug_switcheroo_read_async:
 * @system_bus: the system bus
 *
 * Reads switcheroo-control's properties. Does not start it: it is started
 * at boot, or not at all.
 */
void
plug_switcheroo_read_async (GDBusConnection     *system_bus,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (G_IS_DBUS_CONNECTION (system_bus));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_switcheroo_read_async);

  g_dbus_connection_call (system_bus, SWITCHEROO_BUS_NAME, SWITCHEROO_OBJECT_PATH,
                          "org.freedesktop.DBus.Properties", "GetAll",
                          g_variant_new ("(s)", SWITCHEROO_BUS_NAME),
                          G_VARIANT_TYPE ("(a{sv})"), G_DBUS_CALL_FLAGS_NO_AUTO_START, -1,
                          cancellable, get_all_cb, g_steal_pointer (&task));
}

PlugSwitcheroo *
plug_switcheroo_read_finish (GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

gboolean
plug_switcheroo_is_running (PlugSwitcheroo *self)
{
  g_return_val_if_fail (PLUG_IS_SWITCHEROO (self), FALSE);
  return self->is_running;
}

gboolean
plug_switcheroo_has_dual_gpu (PlugSwitcheroo *self)
{
  g_return_val_if_fail (PLUG_IS_SWITCHEROO (self), FALSE);
  return self->has_dual_gpu;
}

guint
plug_switcheroo_get_n_gpus (PlugSwitcheroo *self)
{
  g_return_val_if_fail (PLUG_IS_SWITCHEROO (self), 0);
  return self->gpus->len;
}

const PlugSwitcherooGpu *
plug_switcheroo_get_gpu (PlugSwitcheroo *self,
                         guint           index)
{
  g_return_val_if_fail (PLUG_IS_SWITCHEROO (self), NULL);
  g_return_val_if_fail (index < self->gpus->len, NULL);
  return g_ptr_array_index (self->gpus, index);
}

/* "pci-0000_01_00_0" → "0000:01:00.0"; NULL for anything else. */
static char *
slot_from_dri_prime (const char * const *environment)
{
  for (guint i = 0; environment[i] != NULL; i++)
    {
      const char *value;
      char *slot;

      if (!g_str_has_prefix (environment[i], "DRI_PRIME=pci-"))
        continue;
      value = environment[i] + strlen ("DRI_PRIME=pci-");
      if (strlen (value) != strlen ("0000_01_00_0"))
        return NULL;
      slot = g_strdup (value);
      slot[4] = ':';
      slot[7] = ':';
      slot[10] = '.';
      return slot;
    }

  return NULL;
}

/**
 * plug_switcheroo_find_gpu:
 *
 * Returns: (nullable): switcheroo-control's entry for @gpu
 */
const PlugSwitcherooGpu *
plug_switcheroo_find_gpu (PlugSwitcheroo *self,
                          PlugGpu        *gpu)
{
  g_return_val_if_fail (PLUG_IS_SWITCHEROO (self), NULL);
  g_return_val_if_fail (PLUG_IS_GPU (gpu), NULL);

  for (guint i = 0; i < self->gpus->len; i++)
    {
      PlugSwitcherooGpu *entry = g_ptr_array_index (self->gpus, i);
      g_autofree char *slot = slot_from_dri_prime ((const char * const *) entry->environment);

      if (slot != NULL && g_strcmp0 (slot, plug_gpu_get_pci_slot (gpu)) == 0)
        return entry;
    }

  for (guint i = 0; i < self->gpus->len; i++)
    {
      PlugSwitcherooGpu *entry = g_ptr_array_index (self->gpus, i);

      if (entry->name != NULL && plug_gpu_get_model (gpu) != NULL &&
          strstr (entry->name, plug_gpu_get_model (gpu)) != NULL)
        return entry;
    }

  return NULL;
}
