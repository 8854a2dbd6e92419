/* plug-modem-list.c: The live list of mobile broadband modems
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include "plug-modem-list.h"

/*
 * PlugModemList is a GListModel of PlugModem: the NetworkManager devices
 * of type modem, each matched to ModemManager's object by the device's
 * UDI, which NetworkManager sets to that object's path. Connections are
 * made with NetworkManager devices, so only those are its items.
 *
 * A modem ModemManager knows but NetworkManager does not manage (its
 * mobile broadband plugin is missing: on some distributions a package of
 * its own) cannot be used, and the user must be told why: those are in a
 * second list, plug_modem_list_get_unmanaged(), as PlugModems without a
 * device. NetworkManager makes its device a moment after ModemManager
 * published the modem, and again after NetworkManager starts: a modem
 * counts as unmanaged only after UNMANAGED_GRACE_SECONDS without one, and
 * the list is loading until then.
 *
 * Plugging a modem in is a burst of signals from both services (objects,
 * interfaces, then properties as the modem is probed and enabled), so
 * every signal only schedules one rescan at idle priority. A rescan reads
 * both clients' objects in memory: it does no D-Bus call, and the model
 * changes only where a modem came or went. When either service is not
 * running the list is empty; PlugServices says which one is missing.
 *
 * The list is sorted by interface name.
 */

struct _PlugModemList
{
  GObject     parent_instance;

  NMClient   *client;
  MMManager  *manager;

  /* Every listed modem by NetworkManager's device path; items holds
   * them too, in order. */
  GHashTable *modems;
  GPtrArray  *items;

  guint       rescan_source_id;

  /* ModemManager's modems without a NetworkManager device: when each
   * was first seen so (monotonic time, by object path), and the ones
   * past the grace, also by path; unmanaged holds them too, in order. */
  GHashTable *unmanaged_since;
  GHashTable *unmanaged_modems;
  GListStore *unmanaged;
  guint       grace_source_id;

  /* Tasks of plug_modem_list_wait_for_details_async(). */
  GPtrArray  *waiting_tasks;
};

static void plug_modem_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PlugModemList, plug_modem_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, plug_modem_list_model_init))

enum {
  PROP_0,
  PROP_CLIENT,
  PROP_MANAGER,
  PROP_N_ITEMS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* How long NetworkManager may take to make a device for a modem
 * ModemManager published (milliseconds, in the stack: seconds leave room
 * for a loaded machine). */
#define UNMANAGED_GRACE_SECONDS 3

static GType
plug_modem_list_get_item_type (GListModel *model)
{
  return PLUG_TYPE_MODEM;
}

static guint
plug_modem_list_get_n_items (GListModel *model)
{
  return PLUG_MODEM_LIST (model)->items->len;
}

static gpointer
plug_modem_list_get_item (GListModel *model,
                          guint       position)
{
  PlugModemList *self = PLUG_MODEM_LIST (model);

  if (position >= self->items->len)
    return NULL;

  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
plug_modem_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = plug_modem_list_get_item_type;
  iface->get_n_items = plug_modem_list_get_n_items;
  iface->get_item = plug_modem_list_get_item;
}

static void
plug_modem_list_dispose (GObject *object)
{
  PlugModemList *self = PLUG_MODEM_LIST (object);

  g_clear_handle_id (&self->rescan_source_id, g_source_remove);
  g_clear_handle_id (&self->grace_source_id, g_source_remove);

  /* Waiting tasks hold a reference to the list, so there are none left
   * when it is disposed. */
  g_assert (self->waiting_tasks == NULL || self->waiting_tasks->len == 0);
  g_clear_pointer (&self->waiting_tasks, g_ptr_array_unref);

  if (self->client != NULL)
    g_signal_handlers_disconnect_by_data (self->client, self);
  if (self->manager != NULL)
    g_signal_handlers_disconnect_by_data (self->manager, self);
  g_clear_object (&self->client);
  g_clear_object (&self->manager);

  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_pointer (&self->modems, g_hash_table_unref);
  g_clear_pointer (&self->unmanaged_since, g_hash_table_unref);
  g_clear_pointer (&self->unmanaged_modems, g_hash_table_unref);
  g_clear_object (&self->unmanaged);

  G_OBJECT_CLASS (plug_modem_list_parent_class)->dispose (object);
}

static void
plug_modem_list_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  PlugModemList *self = PLUG_MODEM_LIST (object);

  switch (prop_id)
    {
    case PROP_CLIENT:
      g_value_set_object (value, self->client);
      break;

    case PROP_MANAGER:
      g_value_set_object (value, self->manager);
      break;

    case PROP_N_ITEMS:
      g_value_set_uint (value, self->items != NULL ? self->items->len : 0);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_modem_list_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  PlugModemList *self = PLUG_MODEM_LIST (object);

  switch (prop_id)
    {
    case PROP_CLIENT:
      self->client = g_value_dup_object (value);
      break;

    case PROP_MANAGER:
      self->manager = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void plug_modem_list_constructed (GObject *object);

static void
plug_modem_list_class_init (PlugModemListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = plug_modem_list_constructed;
  object_class->dispose = plug_modem_list_dispose;
  object_class->get_property = plug_modem_list_get_property;
  object_class->set_property = plug_modem_list_set_property;

  properties[PROP_CLIENT] =
    g_param_spec_object ("client", NULL, NULL,
                         NM_TYPE_CLIENT,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * PlugModemList:manager:
   *
   * The ModemManager client; without it the list stays empty.
   */
  properties[PROP_MANAGER] =
    g_param_spec_object ("manager", NULL, NULL,
                         MM_TYPE_MANAGER,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  properties[PROP_N_ITEMS] =
    g_param_spec_uint ("n-items", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
plug_modem_list_init (PlugModemList *self)
{
  self->modems = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
  self->waiting_tasks = g_ptr_array_new ();
  self->unmanaged_since = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->unmanaged_modems = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->unmanaged = g_list_store_new (PLUG_TYPE_MODEM);
}

static gboolean
services_running (PlugModemList *self)
{
  g_autofree char *manager_owner = NULL;

  if (self->manager == NULL || !nm_client_get_nm_running (self->client))
    return FALSE;

  manager_owner = g_dbus_object_manager_client_get_name_owner (G_DBUS_OBJECT_MANAGER_CLIENT (self->manager));

  return manager_owner != NULL;
}

static gboolean
is_loading (PlugModemList *self)
{
  if (self->rescan_source_id != 0 || self->grace_source_id != 0)
    return TRUE;

  for (guint i = 0; i < self->items->len; i++)
    {
      if (plug_modem_is_loading (g_ptr_array_index (self->items, i)))
        return TRUE;
    }

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->unmanaged)); i++)
    {
      g_autoptr(PlugModem) modem = g_list_model_get_item (G_LIST_MODEL (self->unmanaged), i);

      if (plug_modem_is_loading (modem))
        return TRUE;
    }

  return FALSE;
}

static void
return_waiting_tasks (PlugModemList *self)
{
  g_autoptr(GPtrArray) tasks = NULL;

  if (self->waiting_tasks->len == 0 || is_loading (self))
    return;

  /* Returning a task may drop the last reference to the list. */
  tasks = g_steal_pointer (&self->waiting_tasks);
  self->waiting_tasks = g_ptr_array_new ();
  g_object_ref (self);

  for (guint i = 0; i < tasks->len; i++)
    {
      g_autoptr(GTask) task = g_ptr_array_index (tasks, i);

      if (!g_task_return_error_if_cancelled (task))
        g_task_return_boolean (task, TRUE);
    }

  g_object_unref (self);
}

static void
modem_loading_cb (PlugModemList *self)
{
  return_waiting_tasks (self);
}

static int
compare_modems (gconstpointer a,
                gconstpointer b)
{
  PlugModem *modem_a = *(PlugModem **) a;
  PlugModem *modem_b = *(PlugModem **) b;
  int order;

  order = g_strcmp0 (plug_modem_get_interface (modem_a), plug_modem_get_interface (modem_b));
  if (order != 0)
    return order;

  if (plug_modem_get_device (modem_a) == NULL || plug_modem_get_device (modem_b) == NULL)
    return g_strcmp0 (plug_modem_get_modem_path (modem_a), plug_modem_get_modem_path (modem_b));

  return g_strcmp0 (nm_object_get_path (NM_OBJECT (plug_modem_get_device (modem_a))),
                    nm_object_get_path (NM_OBJECT (plug_modem_get_device (modem_b))));
}

/* Replaces the items with @items, announcing only the changed middle, so
 * that views keep the groups of modems that stayed. */
static void
replace_items (PlugModemList *self,
               GPtrArray     *items)
{
  guint old_length = self->items->len;
  guint new_length = items->len;
  guint prefix = 0;
  guint suffix = 0;
  g_autoptr(GPtrArray) old_items = NULL;

  while (prefix < old_length && prefix < new_length &&
         g_ptr_array_index (self->items, prefix) == g_ptr_array_index (items, prefix))
    prefix++;

  while (suffix < old_length - prefix && suffix < new_length - prefix &&
         g_ptr_array_index (self->items, old_length - 1 - suffix) ==
         g_ptr_array_index (items, new_length - 1 - suffix))
    suffix++;

  if (prefix == old_length && prefix == new_length)
    return;

  old_items = g_steal_pointer (&self->items);
  self->items = g_ptr_array_ref (items);

  g_list_model_items_changed (G_LIST_MODEL (self), prefix,
                              old_length - prefix - suffix,
                              new_length - prefix - suffix);
  if (old_length != new_length)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
}

/* ModemManager's object for @device, if it has published one. */
static MMObject *
find_mm_object (PlugModemList *self,
                NMDevice      *device)
{
  const char *udi = nm_device_get_udi (device);
  GDBusObject *object;

  if (udi == NULL || !g_variant_is_object_path (udi))
    return NULL;

  object = g_dbus_object_manager_get_object (G_DBUS_OBJECT_MANAGER (self->manager), udi);

  return object != NULL ? MM_OBJECT (object) : NULL;
}

static void schedule_rescan (PlugModemList *self);

static gboolean
grace_over_cb (gpointer user_data)
{
  PlugModemList *self = PLUG_MODEM_LIST (user_data);

  self->grace_source_id = 0;
  schedule_rescan (self);

  return G_SOURCE_REMOVE;
}

/* The unmanaged list: ModemManager's modems whose path no device of
 * NetworkManager names (@claimed), once the grace is over. */
static void
rescan_unmanaged (PlugModemList *self,
                  GHashTable    *claimed,
                  gboolean       running)
{
  g_autoptr(GHashTable) present = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autolist(GDBusObject) objects = NULL;
  gint64 now = g_get_monotonic_time ();
  gint64 next_end = G_MAXINT64;
  guint old_length = g_list_model_get_n_items (G_LIST_MODEL (self->unmanaged));
  gboolean same = TRUE;
  GHashTableIter iter;
  gpointer key;
  gpointer value;

  g_clear_handle_id (&self->grace_source_id, g_source_remove);

  if (running)
    objects = g_dbus_object_manager_get_objects (G_DBUS_OBJECT_MANAGER (self->manager));

  for (GList *l = objects; l != NULL; l = l->next)
    {
      const char *path = g_dbus_object_get_object_path (l->data);
      gint64 *since;
      PlugModem *modem;

      if (g_hash_table_contains (claimed, path) ||
          mm_gdbus_object_peek_modem (MM_GDBUS_OBJECT (l->data)) == NULL)
        continue;

      g_hash_table_add (present, (gpointer) path);
      since = g_hash_table_lookup (self->unmanaged_since, path);
      if (since == NULL)
        {
          since = g_new (gint64, 1);
          *since = now;
          g_hash_table_insert (self->unmanaged_since, g_strdup (path), since);
        }
      if (now - *since < UNMANAGED_GRACE_SECONDS * G_USEC_PER_SEC)
        {
          next_end = MIN (next_end, *since + UNMANAGED_GRACE_SECONDS * G_USEC_PER_SEC);
          continue;
        }

      modem = g_hash_table_lookup (self->unmanaged_modems, path);
      if (modem == NULL)
        {
          modem = plug_modem_new_unmanaged (MM_OBJECT (l->data));
          g_signal_connect_object (modem, "notify::loading",
                                   G_CALLBACK (modem_loading_cb), self,
                                   G_CONNECT_SWAPPED);
          g_hash_table_insert (self->unmanaged_modems, g_strdup (path), modem);
        }
      else
        {
          plug_modem_update (modem, MM_OBJECT (l->data));
        }
      g_ptr_array_add (items, g_object_ref (modem));
    }

  /* A modem claimed or gone starts its grace again when it comes back. */
  g_hash_table_iter_init (&iter, self->unmanaged_since);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      if (!g_hash_table_contains (present, key))
        g_hash_table_iter_remove (&iter);
    }
  g_hash_table_iter_init (&iter, self->unmanaged_modems);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      if (!g_ptr_array_find (items, value, NULL))
        g_hash_table_iter_remove (&iter);
    }

  if (next_end != G_MAXINT64)
    {
      guint delay_ms = (guint) MAX ((next_end - now) / 1000, 1);

      self->grace_source_id = g_timeout_add (delay_ms, grace_over_cb, self);
      g_source_set_name_by_id (self->grace_source_id, "[plugboard] unmanaged modems");
    }

  g_ptr_array_sort (items, compare_modems);
  if (items->len != old_length)
    same = FALSE;
  for (guint i = 0; same && i < items->len; i++)
    {
      g_autoptr(PlugModem) old = g_list_model_get_item (G_LIST_MODEL (self->unmanaged), i);

      same = old == g_ptr_array_index (items, i);
    }
  if (!same)
    g_list_store_splice (self->unmanaged, 0, old_length, items->pdata, items->len);
}

static void
rescan (PlugModemList *self)
{
  g_autoptr(GHashTable) claimed = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) present = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  const GPtrArray *devices = NULL;
  GHashTableIter iter;
  gpointer key;
  gpointer value;

  if (services_running (self))
    devices = nm_client_get_devices (self->client);
  else
    g_debug ("Modem list: %s", !nm_client_get_nm_running (self->client)
                                 ? "NetworkManager is not running"
                                 : "ModemManager has no owner");

  for (guint i = 0; devices != NULL && i < devices->len; i++)
    {
      NMDevice *device = g_ptr_array_index (devices, i);
      const char *device_path = nm_object_get_path (NM_OBJECT (device));
      g_autoptr(MMObject) object = NULL;
      PlugModem *modem;

      if (!NM_IS_DEVICE_MODEM (device) || device_path == NULL)
        continue;

      modem = g_hash_table_lookup (self->modems, device_path);
      if (modem == NULL)
        {
          modem = plug_modem_new (NM_DEVICE_MODEM (device));
          g_signal_connect_object (modem, "notify::loading",
                                   G_CALLBACK (modem_loading_cb), self,
                                   G_CONNECT_SWAPPED);
          g_hash_table_insert (self->modems, g_strdup (device_path), modem);
        }

      object = find_mm_object (self, device);
      plug_modem_update (modem, object);
      if (object != NULL)
        g_hash_table_add (claimed, (gpointer) nm_device_get_udi (device));

      g_hash_table_add (present, (gpointer) device_path);
      g_ptr_array_add (items, g_object_ref (modem));
    }

  /* The modems are not removed from the hash table before they leave
   * items below: items holds references of its own. */
  g_hash_table_iter_init (&iter, self->modems);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      if (!g_hash_table_contains (present, key))
        g_hash_table_iter_remove (&iter);
    }

  g_ptr_array_sort (items, compare_modems);
  replace_items (self, items);

  rescan_unmanaged (self, claimed, devices != NULL);
}

static gboolean
rescan_cb (gpointer user_data)
{
  PlugModemList *self = PLUG_MODEM_LIST (user_data);

  self->rescan_source_id = 0;
  rescan (self);
  return_waiting_tasks (self);

  return G_SOURCE_REMOVE;
}

static void
schedule_rescan (PlugModemList *self)
{
  if (self->rescan_source_id != 0)
    return;

  self->rescan_source_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, rescan_cb, self, NULL);
  g_source_set_name_by_id (self->rescan_source_id, "[plugboard] rescan modems");
}

static void
device_changed_cb (NMClient *client,
                   NMDevice *device,
                   gpointer  user_data)
{
  schedule_rescan (PLUG_MODEM_LIST (user_data));
}

static void
running_changed_cb (GObject    *object,
                    GParamSpec *pspec,
                    gpointer    user_data)
{
  PlugModemList *self = PLUG_MODEM_LIST (user_data);

  /* A NetworkManager just started makes its devices for the modems it
   * finds: every modem's grace starts again. */
  g_hash_table_remove_all (self->unmanaged_since);
  schedule_rescan (self);
}

static void
object_changed_cb (GDBusObjectManager *object_manager,
                   GDBusObject        *object,
                   gpointer            user_data)
{
  schedule_rescan (PLUG_MODEM_LIST (user_data));
}

static void
interface_changed_cb (GDBusObjectManager *object_manager,
                      GDBusObject        *object,
                      GDBusInterface     *interface,
                      gpointer            user_data)
{
  schedule_rescan (PLUG_MODEM_LIST (user_data));
}

static void
properties_changed_cb (GDBusObjectManagerClient *object_manager,
                       GDBusObjectProxy         *object_proxy,
                       GDBusProxy               *interface_proxy,
                       GVariant                 *changed_properties,
                       const char * const       *invalidated_properties,
                       gpointer                  user_data)
{
  schedule_rescan (PLUG_MODEM_LIST (user_data));
}

static void
plug_modem_list_constructed (GObject *object)
{
  PlugModemList *self = PLUG_MODEM_LIST (object);

  G_OBJECT_CLASS (plug_modem_list_parent_class)->constructed (object);

  g_assert (NM_IS_CLIENT (self->client));

  g_signal_connect (self->client, "device-added", G_CALLBACK (device_changed_cb), self);
  g_signal_connect (self->client, "device-removed", G_CALLBACK (device_changed_cb), self);
  g_signal_connect (self->client, "notify::nm-running", G_CALLBACK (running_changed_cb), self);

  if (self->manager != NULL)
    {
      g_signal_connect (self->manager, "object-added", G_CALLBACK (object_changed_cb), self);
      g_signal_connect (self->manager, "object-removed", G_CALLBACK (object_changed_cb), self);
      g_signal_connect (self->manager, "interface-added", G_CALLBACK (interface_changed_cb), self);
      g_signal_connect (self->manager, "interface-removed", G_CALLBACK (interface_changed_cb), self);
      g_signal_connect (self->manager, "interface-proxy-properties-changed",
                        G_CALLBACK (properties_changed_cb), self);
      g_signal_connect (self->manager, "notify::name-owner", G_CALLBACK (running_changed_cb), self);
    }

  rescan (self);
}

/**
 * plug_modem_list_new:
 * @client: the NetworkManager client, which #PlugServices owns
 * @manager: (nullable): the ModemManager client, which #PlugServices owns
 *
 * Creates the list and fills it at once from what the clients already
 * hold; it then follows both services on its own. The SIMs' details
 * arrive later: see plug_modem_list_wait_for_details_async().
 *
 * Returns: (transfer full): a new #PlugModemList
 */
PlugModemList *
plug_modem_list_new (NMClient  *client,
                     MMManager *manager)
{
  g_return_val_if_fail (NM_IS_CLIENT (client), NULL);
  g_return_val_if_fail (!manager || MM_IS_MANAGER (manager), NULL);

  return g_object_new (PLUG_TYPE_MODEM_LIST,
                       "client", client,
                       "manager", manager,
                       NULL);
}

/**
 * plug_modem_list_get_client:
 *
 * Returns: (transfer none): the NetworkManager client the list follows
 */
NMClient *
plug_modem_list_get_client (PlugModemList *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM_LIST (self), NULL);

  return self->client;
}

/**
 * plug_modem_list_get_manager:
 *
 * Returns: (transfer none) (nullable): the ModemManager client the list
 *   follows
 */
MMManager *
plug_modem_list_get_manager (PlugModemList *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM_LIST (self), NULL);

  return self->manager;
}

/**
 * plug_modem_list_get_unmanaged:
 *
 * The modems ModemManager has and NetworkManager does not manage, which
 * cannot be used: plug_modem_get_problem() says why. They are not among
 * the list's own items.
 *
 * Returns: (transfer none): a #GListModel of #PlugModem, sorted by
 *   interface
 */
GListModel *
plug_modem_list_get_unmanaged (PlugModemList *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM_LIST (self), NULL);

  return G_LIST_MODEL (self->unmanaged);
}

/**
 * plug_modem_list_find_unmanaged:
 * @interface: an interface name, such as ttyUSB2
 *
 * Returns: (transfer none) (nullable): the unmanaged modem with @interface
 */
PlugModem *
plug_modem_list_find_unmanaged (PlugModemList *self,
                                const char    *interface)
{
  g_return_val_if_fail (PLUG_IS_MODEM_LIST (self), NULL);
  g_return_val_if_fail (interface != NULL, NULL);

  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->unmanaged)); i++)
    {
      g_autoptr(PlugModem) modem = g_list_model_get_item (G_LIST_MODEL (self->unmanaged), i);

      if (g_strcmp0 (plug_modem_get_interface (modem), interface) == 0)
        return modem;
    }

  return NULL;
}

/**
 * plug_modem_list_find_by_interface:
 * @interface: an interface name, such as ttyUSB2
 *
 * Returns: (transfer none) (nullable): the listed modem with @interface
 */
PlugModem *
plug_modem_list_find_by_interface (PlugModemList *self,
                                   const char    *interface)
{
  g_return_val_if_fail (PLUG_IS_MODEM_LIST (self), NULL);
  g_return_val_if_fail (interface != NULL, NULL);

  for (guint i = 0; i < self->items->len; i++)
    {
      PlugModem *modem = g_ptr_array_index (self->items, i);

      if (g_strcmp0 (plug_modem_get_interface (modem), interface) == 0)
        return modem;
    }

  return NULL;
}

/**
 * plug_modem_list_wait_for_details_async:
 *
 * Completes once the list has caught up with the signals it received,
 * every modem has read its SIM, and NetworkManager has had its time to
 * make a device for each of ModemManager's modems (a few seconds when
 * one has none). A view needs no such wait, as modems
 * notify as details arrive; a command that prints the list once does.
 * A cancelled wait reports the cancellation once the details are in,
 * which takes no longer than ModemManager takes to answer.
 */
void
plug_modem_list_wait_for_details_async (PlugModemList       *self,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (PLUG_IS_MODEM_LIST (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_modem_list_wait_for_details_async);

  g_ptr_array_add (self->waiting_tasks, g_steal_pointer (&task));
  return_waiting_tasks (self);
}

gboolean
plug_modem_list_wait_for_details_finish (PlugModemList  *self,
                                         GAsyncResult   *result,
                                         GError        **error)
{
  g_return_val_if_fail (PLUG_IS_MODEM_LIST (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == plug_modem_list_wait_for_details_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
