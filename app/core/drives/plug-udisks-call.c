/* plug-udisks-call.c: Asking udisks, and waiting until it shows the result
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "plug-drive-error.h"
#include "plug-mount-holders.h"
#include "plug-udisks-call.h"

/*
 * What every drive operation does with udisks the same way: the options
 * of each call, unmounting what is in the way and mounting it again
 * afterwards, and the wait, after a call returned, until the objects
 * udisks publishes show what it did (a new filesystem's type and name, a
 * new label, a partition table). udisks re-reads a device through udev
 * after its call has returned, and what changes arrives as several
 * signals in any order; a short poll of the client's own cache sees them
 * all, without a D-Bus call.
 */

#define POLL_INTERVAL_MS 50

/* How long an unmount that udisks finds busy is tried again. A volume is
 * often busy for a moment only: the kernel counts a statfs() or a
 * directory read in flight (ours, refreshing how full it is; a file
 * manager's; a thumbnailer's) as a user of the mount, and FUSE
 * filesystems such as ntfs-3g answer those slowly under load. */
#define UNMOUNT_BUSY_RETRY_MS 200
#define UNMOUNT_BUSY_SECONDS 3

/**
 * plug_udisks_call_options:
 *
 * Returns: (transfer floating): the options of a udisks call: polkit may
 *   ask for a password where an agent runs; where none does
 *   (plugboardctl over ssh, the tests) it answers at once
 */
GVariant *
plug_udisks_call_options (void)
{
  GVariantDict options;

  g_variant_dict_init (&options, NULL);
  g_variant_dict_insert (&options, "auth.no_user_interaction", "b", FALSE);

  return g_variant_dict_end (&options);
}

/**
 * plug_udisks_is_temporary_mount:
 * @mount_point: where a volume is mounted
 *
 * udisks 2.9.4 mounts a volume in a folder of its own, for the time a
 * call takes, where the call needs it mounted and it is not
 * (Filesystem.TakeOwnership, Block.Format's take-ownership): a folder
 * only root can open, gone when the call has returned, though its
 * mount points may still list it for a moment.
 *
 * Returns: whether @mount_point is such a folder
 */
gboolean
plug_udisks_is_temporary_mount (const char *mount_point)
{
  return g_str_has_prefix (mount_point, "/run/udisks2/temp-mount-");
}

typedef struct
{
  PlugUdisksCheck check;
  gpointer data;
  gint64 deadline;
} Wait;

static gboolean
wait_tick_cb (gpointer user_data)
{
  GTask *task = user_data;
  Wait *wait = g_task_get_task_data (task);

  if (g_task_return_error_if_cancelled (task))
    return G_SOURCE_REMOVE;

  if (wait->check (wait->data))
    g_task_return_boolean (task, TRUE);
  else if (g_get_monotonic_time () >= wait->deadline)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_TIMED_OUT, "%s", _("udisks did not show the change in time"));
  else
    return G_SOURCE_CONTINUE;

  return G_SOURCE_REMOVE;
}

/**
 * plug_udisks_wait_async:
 * @check: says whether it has come
 * @data: for @check; the caller keeps it alive until @callback
 * @timeout_ms: how long to wait at most
 * @cancellable: (nullable): ends the wait
 * @callback: called once @check said yes (at once if it does already),
 *   the time is up, or @cancellable was cancelled
 * @user_data: data for @callback
 *
 * Waits in the thread-default main context.
 */
void
plug_udisks_wait_async (PlugUdisksCheck      check,
                        gpointer             data,
                        guint                timeout_ms,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GSource) source = NULL;
  Wait *wait;

  g_return_if_fail (check != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_udisks_wait_async);

  if (check (data))
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  wait = g_new0 (Wait, 1);
  wait->check = check;
  wait->data = data;
  wait->deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  g_task_set_task_data (task, wait, g_free);

  source = g_timeout_source_new (POLL_INTERVAL_MS);
  g_source_set_callback (source, wait_tick_cb, g_object_ref (task), g_object_unref);
  g_source_set_static_name (source, "[plugboard] udisks wait");
  g_source_attach (source, g_main_context_get_thread_default ());
}

/**
 * plug_udisks_wait_finish:
 * @result: the result
 * @error: G_IO_ERROR_TIMED_OUT, or G_IO_ERROR_CANCELLED
 *
 * Returns: %TRUE once what was waited for has come
 */
gboolean
plug_udisks_wait_finish (GAsyncResult  *result,
                         GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* --- unmounting what is in the way, and mounting it again --------------- */

typedef struct
{
  UDisksClient   *client;     /* mount only */
  GPtrArray      *queue;      /* UDisksObject, or object paths to mount */
  GPtrArray      *unmounted;  /* the caller's: paths, appended to */
  PlugUdisksEach  before_each;
  gpointer        each_data;
  GError         *first_error;
  gint64          busy_deadline; /* unmount: for the first in the queue */
  GError         *busy_error;    /* unmount: udisks' answer while it stayed busy */
} Walk;

static void
walk_free (Walk *walk)
{
  g_clear_object (&walk->client);
  g_clear_pointer (&walk->queue, g_ptr_array_unref);
  g_clear_pointer (&walk->unmounted, g_ptr_array_unref);
  g_clear_error (&walk->first_error);
  g_clear_error (&walk->busy_error);
  g_free (walk);
}

static void unmount_next (GTask *task);
static void unmount_first (GTask *task);

static gboolean
unmount_again_cb (gpointer user_data)
{
  GTask *task = user_data;

  if (!g_task_return_error_if_cancelled (task))
    unmount_first (task);

  return G_SOURCE_REMOVE;
}

/* The unmount stayed busy: the error names the user's programs that hold
 * the volume, where /proc shows them. */
static void
holders_described_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Walk *walk = g_task_get_task_data (task);
  g_autofree char *holders = plug_mount_holders_describe_finish (result, NULL);

  if (holders != NULL)
    /* Translators: the first %s says which programs use the volume,
     * such as “a terminal is inside it (bash, process 4242)”; the second
     * is udisks' message, such as “Error unmounting /dev/sdb1: target is
     * busy” */
    g_task_return_new_error (task, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_BUSY,
                             _("%s; close what uses it, then try again (%s)"),
                             holders, walk->busy_error->message);
  else
    /* Translators: udisks' message follows, such as “Error
     * unmounting /dev/sdb1: target is busy” */
    g_task_return_new_error (task, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_BUSY,
                             _("A program has a file or folder open on it; close it, "
                               "then try again (%s)"), walk->busy_error->message);
}

static void
unmount_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Walk *walk = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  UDisksObject *unmounted;

  if (!udisks_filesystem_call_unmount_finish (UDISKS_FILESYSTEM (object), result, &error))
    {
      if (g_error_matches (error, UDISKS_ERROR, UDISKS_ERROR_DEVICE_BUSY) &&
          g_get_monotonic_time () < walk->busy_deadline)
        {
          GSource *source;

          g_debug ("Unmounting is refused for now, trying again: %s", error->message);
          source = g_timeout_source_new (UNMOUNT_BUSY_RETRY_MS);
          g_source_set_callback (source, unmount_again_cb, g_steal_pointer (&task), g_object_unref);
          g_source_set_static_name (source, "[plugboard] unmount once it is not busy");
          g_source_attach (source, g_main_context_get_thread_default ());
          g_source_unref (source);
          return;
        }
      if (g_error_matches (error, UDISKS_ERROR, UDISKS_ERROR_DEVICE_BUSY))
        {
          UDisksFilesystem *filesystem = UDISKS_FILESYSTEM (object);
          const char * const *mount_points = udisks_filesystem_get_mount_points (filesystem);
          const char * const no_mount_points[] = { NULL };

          /* Who keeps it busy, from /proc, in a thread. */
          g_dbus_error_strip_remote_error (error);
          walk->busy_error = g_steal_pointer (&error);
          plug_mount_holders_describe_async (mount_points != NULL ? mount_points : no_mount_points, NULL,
                                             holders_described_cb, g_steal_pointer (&task));
          return;
        }
      g_task_return_error (task, plug_drive_error_from_udisks (g_steal_pointer (&error), NULL));
      return;
    }

  unmounted = g_ptr_array_index (walk->queue, 0);
  g_ptr_array_add (walk->unmounted, g_strdup (g_dbus_object_get_object_path (G_DBUS_OBJECT (unmounted))));
  g_ptr_array_remove_index (walk->queue, 0);
  unmount_next (task);
}

/* The call for the first in the queue, which unmount_next() checked. */
static void
unmount_first (GTask *task)
{
  Walk *walk = g_task_get_task_data (task);
  UDisksFilesystem *filesystem = udisks_object_peek_filesystem (g_ptr_array_index (walk->queue, 0));

  if (filesystem == NULL)
    {
      /* Gone while it was busy: nothing of it is mounted any more. */
      g_ptr_array_remove_index (walk->queue, 0);
      unmount_next (task);
      return;
    }

  udisks_filesystem_call_unmount (filesystem, plug_udisks_call_options (),
                                  g_task_get_cancellable (task), unmount_cb, g_object_ref (task));
}

static void
unmount_next (GTask *task)
{
  Walk *walk = g_task_get_task_data (task);
  UDisksObject *object;
  UDisksFilesystem *filesystem;

  if (walk->queue->len == 0 ||
      (walk->before_each != NULL &&
       !walk->before_each (g_ptr_array_index (walk->queue, 0), walk->each_data)))
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  object = g_ptr_array_index (walk->queue, 0);
  filesystem = udisks_object_peek_filesystem (object);
  if (filesystem == NULL)
    {
      g_ptr_array_remove_index (walk->queue, 0);
      unmount_next (task);
      return;
    }

  walk->busy_deadline = g_get_monotonic_time () + UNMOUNT_BUSY_SECONDS * G_USEC_PER_SEC;
  unmount_first (task);
}

/**
 * plug_udisks_unmount_async:
 * @objects: (element-type UDisksObject): what to unmount, in this order
 * @unmounted: (element-type utf8): where the object path of each one
 *   unmounted is added, also when a later one fails
 * @before_each: (nullable): called before each one (to say which)
 * @each_data: for @before_each
 * @cancellable: (nullable): stops between two
 * @callback: called when all are unmounted, or one could not be
 * @user_data: for @callback
 *
 * Unmounts each object's filesystem through udisks, one after another.
 */
void
plug_udisks_unmount_async (GPtrArray           *objects,
                           GPtrArray           *unmounted,
                           PlugUdisksEach       before_each,
                           gpointer             each_data,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Walk *walk;

  g_return_if_fail (objects != NULL);
  g_return_if_fail (unmounted != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_udisks_unmount_async);

  walk = g_new0 (Walk, 1);
  walk->queue = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < objects->len; i++)
    g_ptr_array_add (walk->queue, g_object_ref (g_ptr_array_index (objects, i)));
  walk->unmounted = g_ptr_array_ref (unmounted);
  walk->before_each = before_each;
  walk->each_data = each_data;
  g_task_set_task_data (task, walk, (GDestroyNotify) walk_free);

  unmount_next (task);
}

/**
 * plug_udisks_unmount_finish:
 * @result: the result
 * @error: udisks' error, as plug_drive_error_from_udisks() words it
 *
 * Returns: %TRUE when all were unmounted
 */
gboolean
plug_udisks_unmount_finish (GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void mount_next (GTask *task);

static void
mount_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Walk *walk = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;

  if (!udisks_filesystem_call_mount_finish (UDISKS_FILESYSTEM (object), NULL, result, &error) &&
      walk->first_error == NULL)
    walk->first_error = plug_drive_error_from_udisks (g_steal_pointer (&error), NULL);

  mount_next (task);
}

static void
mount_next (GTask *task)
{
  Walk *walk = g_task_get_task_data (task);
  g_autofree char *path = NULL;
  g_autoptr(UDisksObject) object = NULL;
  UDisksFilesystem *filesystem;
  const char * const *mount_points;

  if (walk->queue->len == 0)
    {
      if (walk->first_error != NULL)
        g_task_return_error (task, g_steal_pointer (&walk->first_error));
      else
        g_task_return_boolean (task, TRUE);
      return;
    }

  path = g_ptr_array_steal_index (walk->queue, 0);
  object = udisks_client_get_object (walk->client, path);
  filesystem = object != NULL ? udisks_object_peek_filesystem (object) : NULL;
  mount_points = filesystem != NULL ? udisks_filesystem_get_mount_points (filesystem) : NULL;

  /* Gone, or mounted again by someone else: nothing to do. */
  if (filesystem == NULL || (mount_points != NULL && mount_points[0] != NULL))
    {
      mount_next (task);
      return;
    }

  if (walk->before_each != NULL && !walk->before_each (object, walk->each_data))
    {
      g_ptr_array_set_size (walk->queue, 0);
      mount_next (task);
      return;
    }

  udisks_filesystem_call_mount (filesystem, plug_udisks_call_options (), NULL, mount_cb, g_object_ref (task));
}

/**
 * plug_udisks_mount_async:
 * @client: the udisks client
 * @paths: (element-type utf8): object paths of filesystems to mount, in
 *   this order; those gone or already mounted are passed over
 * @before_each: (nullable): called before each one (to say which, or to
 *   check that the drive is still the one confirmed)
 * @each_data: for @before_each
 * @callback: called when each was tried
 * @user_data: for @callback
 *
 * Mounts again what plug_udisks_unmount_async() unmounted. Not
 * cancellable: once unmounted, a volume goes back to how it was found,
 * whatever else happened. One that cannot be mounted does not stop the
 * others.
 */
void
plug_udisks_mount_async (UDisksClient        *client,
                         GPtrArray           *paths,
                         PlugUdisksEach       before_each,
                         gpointer             each_data,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Walk *walk;

  g_return_if_fail (UDISKS_IS_CLIENT (client));
  g_return_if_fail (paths != NULL);

  task = g_task_new (NULL, NULL, callback, user_data);
  g_task_set_source_tag (task, plug_udisks_mount_async);

  walk = g_new0 (Walk, 1);
  walk->client = g_object_ref (client);
  walk->queue = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < paths->len; i++)
    g_ptr_array_add (walk->queue, g_strdup (g_ptr_array_index (paths, i)));
  walk->before_each = before_each;
  walk->each_data = each_data;
  g_task_set_task_data (task, walk, (GDestroyNotify) walk_free);

  mount_next (task);
}

/**
 * plug_udisks_mount_finish:
 * @result: the result
 * @error: the first one's that could not be mounted, as
 *   plug_drive_error_from_udisks() words it
 *
 * Returns: %TRUE when each was mounted, gone, or mounted already
 */
gboolean
plug_udisks_mount_finish (GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
