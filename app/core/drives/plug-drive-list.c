/* plug-drive-list.c: The live list of external drives and disk images
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <unistd.h>

#include "plug-drive-list.h"

/*
 * PlugDriveList is a GListModel of PlugDrive built from the objects the
 * UDisksClient holds. udisks reports a change as a burst of signals (a new
 * loop device adds objects, then interfaces, then properties as udev
 * probes it), so every signal only schedules one rescan at idle priority.
 * A rescan reads the client's objects in memory, in one pass, and updates
 * the drives in place: it does no D-Bus call and no disk I/O, and the
 * model changes only where a drive came or went.
 *
 * The list is sorted: drives before disk images, each by device name as
 * people count (loop2 before loop10).
 */

struct _PlugDriveList
{
  GObject             parent_instance;

  UDisksClient       *client;
  GDBusObjectManager *object_manager;
  PlugDriveListFlags  flags;
  uid_t               uid;

  /* Every drive udisks knows, listed or not, by object path; listed ones
   * are also in items, in order. */
  GHashTable         *drives;
  GPtrArray          *items;

  guint               rescan_source_id;
};

static void plug_drive_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PlugDriveList, plug_drive_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, plug_drive_list_model_init))

enum {
  PROP_0,
  PROP_CLIENT,
  PROP_INCLUDE_UNLISTED,
  PROP_UID,
  PROP_N_ITEMS,
  N_PROPS
};

/* The "uid" property's default: the user the process runs as. */
#define UID_OF_PROCESS G_MAXUINT

static GParamSpec *properties[N_PROPS];

static GType
plug_drive_list_get_item_type (GListModel *model)
{
  return PLUG_TYPE_DRIVE;
}

static guint
plug_drive_list_get_n_items (GListModel *model)
{
  return PLUG_DRIVE_LIST (model)->items->len;
}

static gpointer
plug_drive_list_get_item (GListModel *model,
                          guint       position)
{
  PlugDriveList *self = PLUG_DRIVE_LIST (model);

  if (position >= self->items->len)
    return NULL;

  return g_object_ref (g_ptr_array_index (self->items, position));
}

static void
plug_drive_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = plug_drive_list_get_item_type;
  iface->get_n_items = plug_drive_list_get_n_items;
  iface->get_item = plug_drive_list_get_item;
}

static void
plug_drive_list_dispose (GObject *object)
{
  PlugDriveList *self = PLUG_DRIVE_LIST (object);

  g_clear_handle_id (&self->rescan_source_id, g_source_remove);

  if (self->object_manager != NULL)
    g_signal_handlers_disconnect_by_data (self->object_manager, self);
  if (self->client != NULL)
    g_signal_handlers_disconnect_by_data (self->client, self);
  g_clear_object (&self->object_manager);
  g_clear_object (&self->client);

  g_clear_pointer (&self->items, g_ptr_array_unref);
  g_clear_pointer (&self->drives, g_hash_table_unref);

  G_OBJECT_CLASS (plug_drive_list_parent_class)->dispose (object);
}

static void
plug_drive_list_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  PlugDriveList *self = PLUG_DRIVE_LIST (object);

  switch (prop_id)
    {
    case PROP_CLIENT:
      g_value_set_object (value, self->client);
      break;

    case PROP_INCLUDE_UNLISTED:
      g_value_set_boolean (value, (self->flags & PLUG_DRIVE_LIST_FLAGS_INCLUDE_UNLISTED) != 0);
      break;

    case PROP_UID:
      g_value_set_uint (value, self->uid);
      break;

    case PROP_N_ITEMS:
      g_value_set_uint (value, self->items != NULL ? self->items->len : 0);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_drive_list_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  PlugDriveList *self = PLUG_DRIVE_LIST (object);

  switch (prop_id)
    {
    case PROP_CLIENT:
      self->client = g_value_dup_object (value);
      break;

    case PROP_INCLUDE_UNLISTED:
      if (g_value_get_boolean (value))
        self->flags |= PLUG_DRIVE_LIST_FLAGS_INCLUDE_UNLISTED;
      else
        self->flags &= ~PLUG_DRIVE_LIST_FLAGS_INCLUDE_UNLISTED;
      break;

    case PROP_UID:
      self->uid = g_value_get_uint (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void plug_drive_list_constructed (GObject *object);

static void
plug_drive_list_class_init (PlugDriveListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = plug_drive_list_constructed;
  object_class->dispose = plug_drive_list_dispose;
  object_class->get_property = plug_drive_list_get_property;
  object_class->set_property = plug_drive_list_set_property;

  properties[PROP_CLIENT] =
    g_param_spec_object ("client", NULL, NULL,
                         UDISKS_TYPE_CLIENT,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  properties[PROP_INCLUDE_UNLISTED] =
    g_param_spec_boolean ("include-unlisted", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * PlugDriveList:uid:
   *
   * The user whose disk images may be changed: the process's own unless
   * set, which the tests do to play another user.
   */
  properties[PROP_UID] =
    g_param_spec_uint ("uid", NULL, NULL,
                       0, G_MAXUINT, UID_OF_PROCESS,
                       (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  properties[PROP_N_ITEMS] =
    g_param_spec_uint ("n-items", NULL, NULL,
                       0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
plug_drive_list_init (PlugDriveList *self)
{
  self->drives = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
}

static void
drive_objects_free (PlugDriveObjects *objects)
{
  g_clear_pointer (&objects->partition_objects, g_ptr_array_unref);
  g_clear_pointer (&objects->related_objects, g_ptr_array_unref);
  g_free (objects);
}

static PlugDriveObjects *
drive_objects_new (void)
{
  PlugDriveObjects *objects = g_new0 (PlugDriveObjects, 1);

  /* The arrays borrow the objects: the rescan holds them all. */
  objects->partition_objects = g_ptr_array_new ();
  objects->related_objects = g_ptr_array_new ();

  return objects;
}

/* Adds @object to the array stored under @key, creating it. */
static void
multimap_add (GHashTable *multimap,
              const char *key,
              gpointer    object)
{
  GPtrArray *array = g_hash_table_lookup (multimap, key);

  if (array == NULL)
    {
      array = g_ptr_array_new ();
      g_hash_table_insert (multimap, (gpointer) key, array);
    }
  g_ptr_array_add (array, object);
}

static void
add_all (GPtrArray  *to,
         GHashTable *multimap,
         const char *key)
{
  GPtrArray *from = g_hash_table_lookup (multimap, key);

  for (guint i = 0; from != NULL && i < from->len; i++)
    g_ptr_array_add (to, g_ptr_array_index (from, i));
}

static int
compare_drives (gconstpointer a,
                gconstpointer b)
{
  PlugDrive *drive_a = *(PlugDrive **) a;
  PlugDrive *drive_b = *(PlugDrive **) b;
  int order;

  if (plug_drive_is_disk_image (drive_a) != plug_drive_is_disk_image (drive_b))
    return plug_drive_is_disk_image (drive_a) ? 1 : -1;

  order = plug_drive_rules_compare_devices (plug_drive_get_device (drive_a),
                                            plug_drive_get_device (drive_b));
  if (order != 0)
    return order;

  return g_strcmp0 (plug_drive_get_object_path (drive_a), plug_drive_get_object_path (drive_b));
}

/* Replaces the items with @items, announcing only the changed middle, so
 * that views keep the rows of drives that stayed. */
static void
replace_items (PlugDriveList *self,
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

static void
rescan (PlugDriveList *self)
{
  GList *objects = g_dbus_object_manager_get_objects (self->object_manager);
  g_autoptr(GHashTable) candidates = NULL;
  g_autoptr(GHashTable) partitions_by_table = NULL;
  g_autoptr(GHashTable) cleartext_by_backing = NULL;
  g_autoptr(GHashTable) block_paths_by_drive = NULL;
  g_autoptr(GPtrArray) items = NULL;
  GHashTableIter iter;
  gpointer key;
  gpointer value;

  candidates = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                      (GDestroyNotify) drive_objects_free);
  partitions_by_table = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                               (GDestroyNotify) g_ptr_array_unref);
  cleartext_by_backing = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                (GDestroyNotify) g_ptr_array_unref);
  block_paths_by_drive = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                (GDestroyNotify) g_ptr_array_unref);

  /* The first pass finds the drives, the second their blocks, so that the
   * order in which udisks lists objects does not matter. The hash tables
   * borrow object paths and objects from @objects, which outlives them. */
  for (GList *l = objects; l != NULL; l = l->next)
    {
      UDisksObject *object = UDISKS_OBJECT (l->data);

      if (udisks_object_peek_drive (object) != NULL)
        {
          PlugDriveObjects *drive_objects = drive_objects_new ();

          drive_objects->drive_object = object;
          g_hash_table_insert (candidates,
                               (gpointer) g_dbus_object_get_object_path (G_DBUS_OBJECT (object)),
                               drive_objects);
        }
    }

  for (GList *l = objects; l != NULL; l = l->next)
    {
      UDisksObject *object = UDISKS_OBJECT (l->data);
      const char *object_path = g_dbus_object_get_object_path (G_DBUS_OBJECT (object));
      UDisksBlock *block = udisks_object_peek_block (object);
      UDisksPartition *partition = udisks_object_peek_partition (object);
      UDisksLoop *loop = udisks_object_peek_loop (object);
      const char *drive_path;
      const char *crypto_backing;
      PlugDriveObjects *drive_objects;

      if (block == NULL)
        continue;

      crypto_backing = udisks_block_get_crypto_backing_device (block);
      if (crypto_backing != NULL && !g_str_equal (crypto_backing, "/"))
        multimap_add (cleartext_by_backing, crypto_backing, object);

      if (partition != NULL)
        {
          multimap_add (partitions_by_table, udisks_partition_get_table (partition), object);
          continue;
        }

      drive_path = udisks_block_get_drive (block);
      drive_objects = drive_path != NULL ? g_hash_table_lookup (candidates, drive_path) : NULL;
      if (drive_objects != NULL)
        {
          /* A drive reached by several paths (multipath) has several
           * whole blocks; udisks marks all but one to be ignored. */
          if (drive_objects->block_object == NULL || !udisks_block_get_hint_ignore (block))
            drive_objects->block_object = object;
          continue;
        }

      if (loop != NULL)
        {
          const char *backing_file = udisks_loop_get_backing_file (loop);

          /* An unused loop device has no backing file. */
          if (backing_file == NULL || *backing_file == '\0')
            continue;

          drive_objects = drive_objects_new ();
          drive_objects->block_object = object;
          g_hash_table_insert (candidates, (gpointer) object_path, drive_objects);
        }
    }

  /* Update or create every drive, and forget those that went. */
  g_hash_table_iter_init (&iter, candidates);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      PlugDriveObjects *drive_objects = value;
      PlugDrive *drive = g_hash_table_lookup (self->drives, key);

      if (drive_objects->block_object != NULL)
        {
          const char *block_path = g_dbus_object_get_object_path (G_DBUS_OBJECT (drive_objects->block_object));

          add_all (drive_objects->partition_objects, partitions_by_table, block_path);
          add_all (drive_objects->related_objects, cleartext_by_backing, block_path);
          for (guint i = 0; i < drive_objects->partition_objects->len; i++)
            {
              GDBusObject *partition_object = g_ptr_array_index (drive_objects->partition_objects, i);

              add_all (drive_objects->related_objects, cleartext_by_backing,
                       g_dbus_object_get_object_path (partition_object));
            }
        }

      if (drive == NULL)
        {
          drive = plug_drive_new (key);
          g_hash_table_insert (self->drives, g_strdup (key), drive);
        }
      plug_drive_update (drive, drive_objects, self->uid);
    }

  g_hash_table_iter_init (&iter, self->drives);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      if (!g_hash_table_contains (candidates, key))
        g_hash_table_iter_remove (&iter);
    }

  /* The drives are not removed from the hash table before they leave
   * items below: items holds references of its own. */
  items = g_ptr_array_new_with_free_func (g_object_unref);
  g_hash_table_iter_init (&iter, self->drives);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      PlugDrive *drive = value;

      /* Even for diagnosis, a card reader without a card is no drive. */
      if (plug_drive_is_listed (drive) ||
          ((self->flags & PLUG_DRIVE_LIST_FLAGS_INCLUDE_UNLISTED) &&
           plug_drive_get_device (drive) != NULL && plug_drive_get_size (drive) > 0))
        g_ptr_array_add (items, g_object_ref (drive));
    }
  g_ptr_array_sort (items, compare_drives);

  replace_items (self, items);

  g_list_free_full (objects, g_object_unref);
}

static gboolean
rescan_cb (gpointer user_data)
{
  PlugDriveList *self = PLUG_DRIVE_LIST (user_data);

  self->rescan_source_id = 0;
  rescan (self);

  return G_SOURCE_REMOVE;
}

static void
schedule_rescan (PlugDriveList *self)
{
  if (self->rescan_source_id != 0)
    return;

  self->rescan_source_id = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, rescan_cb, self, NULL);
  g_source_set_name_by_id (self->rescan_source_id, "[plugboard] rescan drives");
}

static void
object_changed_cb (GDBusObjectManager *object_manager,
                   GDBusObject        *object,
                   gpointer            user_data)
{
  schedule_rescan (PLUG_DRIVE_LIST (user_data));
}

static void
interface_changed_cb (GDBusObjectManager *object_manager,
                      GDBusObject        *object,
                      GDBusInterface     *interface,
                      gpointer            user_data)
{
  schedule_rescan (PLUG_DRIVE_LIST (user_data));
}

static void
properties_changed_cb (GDBusObjectManagerClient *object_manager,
                       GDBusObjectProxy         *object_proxy,
                       GDBusProxy               *interface_proxy,
                       GVariant                 *changed_properties,
                       const char * const       *invalidated_properties,
                       gpointer                  user_data)
{
  schedule_rescan (PLUG_DRIVE_LIST (user_data));
}

static void
client_changed_cb (UDisksClient *client,
                   gpointer      user_data)
{
  schedule_rescan (PLUG_DRIVE_LIST (user_data));
}

static void
plug_drive_list_constructed (GObject *object)
{
  PlugDriveList *self = PLUG_DRIVE_LIST (object);

  G_OBJECT_CLASS (plug_drive_list_parent_class)->constructed (object);

  g_assert (UDISKS_IS_CLIENT (self->client));

  if (self->uid == UID_OF_PROCESS)
    self->uid = getuid ();

  self->object_manager = g_object_ref (udisks_client_get_object_manager (self->client));

  /* The object manager's own signals come at once; the client's rate
   * limited "changed" is a safety net for anything they miss. */
  g_signal_connect (self->object_manager, "object-added", G_CALLBACK (object_changed_cb), self);
  g_signal_connect (self->object_manager, "object-removed", G_CALLBACK (object_changed_cb), self);
  g_signal_connect (self->object_manager, "interface-added", G_CALLBACK (interface_changed_cb), self);
  g_signal_connect (self->object_manager, "interface-removed", G_CALLBACK (interface_changed_cb), self);
  g_signal_connect (self->object_manager, "interface-proxy-properties-changed",
                    G_CALLBACK (properties_changed_cb), self);
  g_signal_connect (self->client, "changed", G_CALLBACK (client_changed_cb), self);

  rescan (self);
}

/**
 * plug_drive_list_new:
 * @client: the udisks client, which #PlugServices owns
 * @flags: which drives to list
 *
 * Creates the list and fills it at once from what @client already holds;
 * it then follows udisks on its own. Does no I/O.
 *
 * Returns: (transfer full): a new #PlugDriveList
 */
PlugDriveList *
plug_drive_list_new (UDisksClient       *client,
                     PlugDriveListFlags  flags)
{
  g_return_val_if_fail (UDISKS_IS_CLIENT (client), NULL);

  return g_object_new (PLUG_TYPE_DRIVE_LIST,
                       "client", client,
                       "include-unlisted", (flags & PLUG_DRIVE_LIST_FLAGS_INCLUDE_UNLISTED) != 0,
                       NULL);
}

/**
 * plug_drive_list_get_client:
 *
 * Returns: (transfer none): the udisks client the list follows
 */
UDisksClient *
plug_drive_list_get_client (PlugDriveList *self)
{
  g_return_val_if_fail (PLUG_IS_DRIVE_LIST (self), NULL);

  return self->client;
}

/**
 * plug_drive_list_find_by_device:
 * @device: a device file, of the drive or one of its volumes
 *
 * Returns: (transfer none) (nullable): the listed drive that @device is,
 *   or is part of
 */
PlugDrive *
plug_drive_list_find_by_device (PlugDriveList *self,
                                const char    *device)
{
  g_return_val_if_fail (PLUG_IS_DRIVE_LIST (self), NULL);
  g_return_val_if_fail (device != NULL, NULL);

  for (guint i = 0; i < self->items->len; i++)
    {
      PlugDrive *drive = g_ptr_array_index (self->items, i);
      GListModel *volumes = plug_drive_get_volumes (drive);

      if (g_strcmp0 (plug_drive_get_device (drive), device) == 0)
        return drive;

      for (guint j = 0; j < g_list_model_get_n_items (volumes); j++)
        {
          g_autoptr(PlugVolume) volume = g_list_model_get_item (volumes, j);

          if (g_strcmp0 (plug_volume_get_device (volume), device) == 0)
            return drive;
        }
    }

  return NULL;
}

static void
volume_usage_refreshed_cb (GObject      *object,
                           GAsyncResult *result,
                           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  guint *pending = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;

  /* One volume that cannot be read leaves its usage unknown; the others
   * still count. */
  if (!plug_volume_refresh_usage_finish (PLUG_VOLUME (object), result, &error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_debug ("Could not read how full %s is: %s",
             plug_volume_get_device (PLUG_VOLUME (object)), error->message);

  if (--(*pending) > 0)
    return;

  if (!g_task_return_error_if_cancelled (task))
    g_task_return_boolean (task, TRUE);
}

/**
 * plug_drive_list_refresh_usage_async:
 *
 * Asks the kernel, in worker threads, how full every mounted volume of the
 * listed drives is, and completes when all have answered. Volumes also
 * refresh on their own when they are mounted; this is for a view that is
 * shown again, or a command that prints the usage once.
 */
void
plug_drive_list_refresh_usage_async (PlugDriveList       *self,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  guint *pending;

  g_return_if_fail (PLUG_IS_DRIVE_LIST (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_drive_list_refresh_usage_async);

  pending = g_new0 (guint, 1);
  /* Held until every volume has been asked, so that volumes answering at
   * once cannot complete the task early. */
  *pending = 1;
  g_task_set_task_data (task, pending, g_free);

  for (guint i = 0; i < self->items->len; i++)
    {
      GListModel *volumes = plug_drive_get_volumes (g_ptr_array_index (self->items, i));

      for (guint j = 0; j < g_list_model_get_n_items (volumes); j++)
        {
          g_autoptr(PlugVolume) volume = g_list_model_get_item (volumes, j);

          if (plug_volume_get_mount_point (volume) == NULL)
            continue;

          (*pending)++;
          plug_volume_refresh_usage_async (volume, cancellable,
                                           volume_usage_refreshed_cb,
                                           g_object_ref (task));
        }
    }

  if (--(*pending) == 0 && !g_task_return_error_if_cancelled (task))
    g_task_return_boolean (task, TRUE);
}

gboolean
plug_drive_list_refresh_usage_finish (PlugDriveList  *self,
                                      GAsyncResult   *result,
                                      GError        **error)
{
  g_return_val_if_fail (PLUG_IS_DRIVE_LIST (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == plug_drive_list_refresh_usage_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
