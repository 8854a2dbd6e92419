/* plug-broadband-actions.c: Add, list, delete, connect and unlock mobile broadband
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "plug-broadband-actions.h"
#include "plug-test-pause.h"

/*
 * The actions on mobile broadband connections, on the clients PlugServices
 * owns. Errors from NetworkManager and ModemManager come back as
 * PLUG_BROADBAND_ERROR with a sentence that names the cause: polkit's
 * refusal becomes PLUG_BROADBAND_ERROR_NOT_AUTHORIZED, an activation that
 * fails carries the device's reason in plain words.
 */

/* How long ModemManager may take to publish the retries left after a
 * wrong code; it reads them from the SIM after replying. */
#define UNLOCK_RETRIES_TIMEOUT_SECONDS 5

static gboolean
is_permission_denied (const GError *error)
{
  g_autofree char *remote = NULL;

  if (g_error_matches (error, NM_SETTINGS_ERROR, NM_SETTINGS_ERROR_PERMISSION_DENIED) ||
      g_error_matches (error, NM_MANAGER_ERROR, NM_MANAGER_ERROR_PERMISSION_DENIED) ||
      g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_ACCESS_DENIED))
    return TRUE;

  remote = g_dbus_error_get_remote_error (error);

  return remote != NULL && g_str_has_suffix (remote, ".PermissionDenied");
}

/* Takes @error; returns a PLUG_BROADBAND_ERROR for it. */
static GError *
translate_error (GError     *error,
                 const char *action)
{
  GError *translated;

  if (error->domain == PLUG_BROADBAND_ERROR ||
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return error;

  g_dbus_error_strip_remote_error (error);

  if (is_permission_denied (error))
    /* Translators: %s is what was refused, such as “add the connection” */
    translated = g_error_new (PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NOT_AUTHORIZED,
                              _("You are not authorized to %s (%s)"), action, error->message);
  else if (g_error_matches (error, NM_SETTINGS_ERROR, NM_SETTINGS_ERROR_INVALID_CONNECTION))
    translated = g_error_new (PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_SETTING,
                              _("NetworkManager did not accept the connection: %s"), error->message);
  else
    /* Translators: the first %s is an action, such as “add the connection” */
    translated = g_error_new (PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_FAILED,
                              _("Could not %s: %s"), action, error->message);

  g_error_free (error);

  return translated;
}

/* --- add ---------------------------------------------------------------- */

/* How long an add whose answer was lost waits for NetworkManager to come
 * back and show what it saved, before saying the outcome is unknown. */
#define ADD_RECONCILE_TIMEOUT_SECONDS 20

typedef struct
{
  NMClient *client;
  NMConnection *connection;
  GCancellable *cancellable;
  GError *add_error;
  char *path;
  gboolean looking_up;
  gulong running_id;
  gulong added_id;
  gulong cancelled_id;
  guint timeout_id;
} AddData;

static void
add_data_disconnect (AddData *data)
{
  g_clear_signal_handler (&data->running_id, data->client);
  g_clear_signal_handler (&data->added_id, data->client);
  if (data->cancellable != NULL)
    g_clear_signal_handler (&data->cancelled_id, data->cancellable);
  g_clear_handle_id (&data->timeout_id, g_source_remove);
}

static void
add_data_free (AddData *data)
{
  add_data_disconnect (data);
  g_clear_object (&data->client);
  g_clear_object (&data->connection);
  g_clear_object (&data->cancellable);
  g_clear_error (&data->add_error);
  g_free (data->path);
  g_free (data);
}

/* Whether NetworkManager answered the add itself, so that nothing was
 * saved unless it says so: a refusal, a connection it rejects, a cancel.
 * Any other error (NetworkManager left the bus, the answer was lost) says
 * nothing about what it saved. */
static gboolean
is_definite_failure (const GError *error)
{
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
         is_permission_denied (error) ||
         g_error_matches (error, NM_SETTINGS_ERROR, NM_SETTINGS_ERROR_INVALID_CONNECTION) ||
         g_error_matches (error, NM_CONNECTION_ERROR, NM_CONNECTION_ERROR_INVALID_PROPERTY) ||
         g_error_matches (error, NM_CONNECTION_ERROR, NM_CONNECTION_ERROR_MISSING_PROPERTY) ||
         g_error_matches (error, NM_CONNECTION_ERROR, NM_CONNECTION_ERROR_MISSING_SETTING) ||
         g_error_matches (error, NM_CONNECTION_ERROR, NM_CONNECTION_ERROR_INVALID_SETTING);
}

static void add_reconcile (GTask *task);

/* The connection NetworkManager has under our UUID: ours if it holds
 * the same settings (secrets aside, which an agent may keep). */
static void
add_return_found (GTask              *task,
                  NMRemoteConnection *found)
{
  AddData *data = g_task_get_task_data (task);
  g_autoptr(NMConnection) expected = nm_simple_connection_new_clone (data->connection);

  add_data_disconnect (data);

  /* NetworkManager normalizes what it saves; so does the comparison. */
  nm_connection_normalize (expected, NULL, NULL, NULL);
  if (nm_connection_compare (NM_CONNECTION (found), expected,
                             NM_SETTING_COMPARE_FLAG_IGNORE_SECRETS | NM_SETTING_COMPARE_FLAG_IGNORE_TIMESTAMP))
    {
      g_debug ("The connection %s was saved although the answer to adding it was lost (%s)",
               nm_connection_get_uuid (expected), data->add_error->message);
      g_task_return_pointer (task, g_object_ref (found), g_object_unref);
      return;
    }

  g_task_return_new_error (task, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_FAILED,
                           /* Translators: %s is a connection's UUID */
                           _("Could not add the connection: another connection with the UUID %s exists, "
                             "with other settings"),
                           nm_connection_get_uuid (expected));
}

static void
add_reconcile_timeout_return (GTask *task)
{
  AddData *data = g_task_get_task_data (task);

  add_data_disconnect (data);
  g_task_return_new_error (task, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_FAILED,
                           /* Translators: %s is the error NetworkManager's departure caused */
                           _("Could not tell whether the connection was added: NetworkManager stopped "
                             "while adding it and has not answered since (%s)"),
                           data->add_error->message);
}

static gboolean
add_reconcile_timeout_cb (gpointer user_data)
{
  GTask *task = user_data;
  AddData *data = g_task_get_task_data (task);

  data->timeout_id = 0;
  add_reconcile (task);

  return G_SOURCE_REMOVE;
}

/* Cancelling ends the wait at once, as running out of time does; the
 * task then reports the cancel. */
static void
add_reconcile_cancelled_cb (GCancellable *cancellable,
                            gpointer      user_data)
{
  GTask *task = user_data;
  AddData *data = g_task_get_task_data (task);

  g_clear_handle_id (&data->timeout_id, g_source_remove);
  data->timeout_id = g_idle_add (add_reconcile_timeout_cb, task);
}

static void
add_reconcile_changed_cb (GObject    *object,
                          GParamSpec *pspec,
                          gpointer    user_data)
{
  add_reconcile (user_data);
}

static void
add_reconcile_connection_added_cb (NMClient           *client,
                                   NMRemoteConnection *connection,
                                   gpointer            user_data)
{
  add_reconcile (user_data);
}

static void
get_connection_by_uuid_cb (GObject      *object,
                           GAsyncResult *result,
                           gpointer      user_data)
{
  GTask *task = user_data;
  AddData *data = g_task_get_task_data (task);
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;

  data->looking_up = FALSE;
  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);
  if (reply == NULL)
    {
      if (g_error_matches (error, NM_SETTINGS_ERROR, NM_SETTINGS_ERROR_INVALID_CONNECTION))
        {
          /* NetworkManager is back and does not have it. */
          add_data_disconnect (data);
          g_task_return_new_error (task, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_FAILED,
                                   /* Translators: %s is the error NetworkManager's departure caused */
                                   _("Could not add the connection: NetworkManager stopped while adding it, "
                                     "and it was not saved (%s)"),
                                   data->add_error->message);
          g_object_unref (task);
          return;
        }
      /* Gone again, or not ready: wait for it as before, unless the time
       * is up. */
      g_debug ("Could not look the connection up: %s", error->message);
      add_reconcile (task);
      return;
    }

  g_variant_get (reply, "(o)", &data->path);
  add_reconcile (task);
}

/* Finds out what NetworkManager saved after an add whose answer was lost,
 * by the connection's UUID, rather than adding it again: once it runs,
 * ask it for the UUID, then wait for the client to show that object.
 * The task holds one reference for the whole wait. */
static void
add_reconcile (GTask *task)
{
  AddData *data = g_task_get_task_data (task);

  /* Its answer calls again. */
  if (data->looking_up)
    return;

  if (data->path != NULL)
    {
      NMObject *object = nm_client_get_object_by_path (data->client, data->path);

      if (NM_IS_REMOTE_CONNECTION (object))
        {
          add_return_found (task, NM_REMOTE_CONNECTION (object));
          g_object_unref (task);
          return;
        }
    }
  else if (data->timeout_id != 0 && nm_client_get_nm_running (data->client))
    {
      data->looking_up = TRUE;
      g_dbus_connection_call (nm_client_get_dbus_connection (data->client),
                              NM_DBUS_SERVICE, NM_DBUS_PATH_SETTINGS, NM_DBUS_INTERFACE_SETTINGS,
                              "GetConnectionByUuid",
                              g_variant_new ("(s)", nm_connection_get_uuid (data->connection)),
                              G_VARIANT_TYPE ("(o)"), G_DBUS_CALL_FLAGS_NONE, -1,
                              NULL, get_connection_by_uuid_cb, task);
      return;
    }

  if (data->timeout_id == 0)
    {
      add_reconcile_timeout_return (task);
      g_object_unref (task);
    }
}

static void
add_connection_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  AddData *data = g_task_get_task_data (task);
  NMRemoteConnection *connection;
  GError *error = NULL;

  connection = nm_client_add_connection2_finish (NM_CLIENT (object), result, NULL, &error);
  if (connection != NULL)
    {
      g_task_return_pointer (task, connection, g_object_unref);
      return;
    }

  if (is_definite_failure (error))
    {
      g_task_return_error (task, translate_error (error, _("add the connection")));
      return;
    }

  /* NetworkManager left, or the answer was lost, or the UUID is taken
   * (by this very connection, saved by a call whose answer was lost):
   * what it saved decides, never a second add. */
  g_debug ("Adding the connection %s failed without a definite answer: %s",
           nm_connection_get_uuid (data->connection), error->message);
  g_dbus_error_strip_remote_error (error);
  data->add_error = error;
  data->timeout_id = g_timeout_add_seconds (ADD_RECONCILE_TIMEOUT_SECONDS, add_reconcile_timeout_cb, task);
  data->running_id = g_signal_connect (data->client, "notify::" NM_CLIENT_NM_RUNNING,
                                       G_CALLBACK (add_reconcile_changed_cb), task);
  data->added_id = g_signal_connect (data->client, NM_CLIENT_CONNECTION_ADDED,
                                     G_CALLBACK (add_reconcile_connection_added_cb), task);
  data->cancellable = g_task_get_cancellable (task) != NULL ? g_object_ref (g_task_get_cancellable (task)) : NULL;
  if (data->cancellable != NULL)
    data->cancelled_id = g_signal_connect (data->cancellable, "cancelled",
                                           G_CALLBACK (add_reconcile_cancelled_cb), task);
  if (g_cancellable_is_cancelled (data->cancellable))
    add_reconcile_cancelled_cb (data->cancellable, task);
  add_reconcile (g_steal_pointer (&task));
}

static void
add_connection_send (GTask *task)
{
  AddData *data = g_task_get_task_data (task);

  nm_client_add_connection2 (data->client,
                             nm_connection_to_dbus (data->connection, NM_CONNECTION_SERIALIZE_ALL),
                             NM_SETTINGS_ADD_CONNECTION2_FLAG_TO_DISK |
                             NM_SETTINGS_ADD_CONNECTION2_FLAG_BLOCK_AUTOCONNECT,
                             NULL, TRUE, g_task_get_cancellable (task),
                             add_connection_cb, task);
}

static void
add_pause_done_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  plug_test_pause_finish (result);
  add_connection_send (user_data);
}

/**
 * plug_broadband_add_connection_async:
 * @client: NetworkManager's client
 * @connection: a connection from plug_broadband_connection_new()
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when NetworkManager has saved it, or refused
 * @user_data: data for @callback
 *
 * Saves @connection to disk as a system connection. Autoconnect is
 * blocked until the user connects it once, so that a new profile does
 * not start a data session (and a bill) by itself.
 *
 * If NetworkManager stops before answering, or says the UUID is taken,
 * the outcome is what it saved: once it runs again, the connection with
 * @connection's UUID is the result if it holds the same settings; it is
 * never added a second time. That wait lasts at most 20 seconds, and ends
 * at once if @cancellable is cancelled.
 */
void
plug_broadband_add_connection_async (NMClient            *client,
                                     NMConnection        *connection,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  AddData *data;

  g_return_if_fail (NM_IS_CLIENT (client));
  g_return_if_fail (NM_IS_CONNECTION (connection));

  data = g_new0 (AddData, 1);
  data->client = g_object_ref (client);
  data->connection = g_object_ref (connection);
  task = g_task_new (client, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_broadband_add_connection_async);
  g_task_set_task_data (task, data, (GDestroyNotify) add_data_free);

  /* tests/system/test-broadband-nm-restart.sh changes NetworkManager's
   * state here, right before the call; the file tells it the UUID. */
  if (plug_test_pause_wanted ("PLUG_TEST_BROADBAND_ADD_PAUSE_FILE"))
    {
      g_autofree char *uuid = g_strdup_printf ("%s\n", nm_connection_get_uuid (connection));

      plug_test_pause_async ("PLUG_TEST_BROADBAND_ADD_PAUSE_FILE", uuid, NULL,
                             add_pause_done_cb, g_steal_pointer (&task));
      return;
    }

  add_connection_send (g_steal_pointer (&task));
}

/**
 * plug_broadband_add_connection_finish:
 * @result: the result
 * @error: return location for a #PlugBroadbandError
 *
 * Returns: (transfer full): the saved connection
 */
NMRemoteConnection *
plug_broadband_add_connection_finish (GAsyncResult  *result,
                                      GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* --- list and find ------------------------------------------------------ */

static int
compare_connections (gconstpointer a,
                     gconstpointer b)
{
  NMConnection *first = *(NMConnection **) a;
  NMConnection *second = *(NMConnection **) b;
  int order = g_utf8_collate (nm_connection_get_id (first), nm_connection_get_id (second));

  return order != 0 ? order : g_strcmp0 (nm_connection_get_uuid (first), nm_connection_get_uuid (second));
}

/**
 * plug_broadband_list_connections:
 * @client: NetworkManager's client
 *
 * Reads @client's cache; no D-Bus call.
 *
 * Returns: (transfer container) (element-type NMRemoteConnection): the
 *   GSM and CDMA connections, sorted by name
 */
GPtrArray *
plug_broadband_list_connections (NMClient *client)
{
  const GPtrArray *connections;
  GPtrArray *list = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (NM_IS_CLIENT (client), list);

  connections = nm_client_get_connections (client);
  for (guint i = 0; connections != NULL && i < connections->len; i++)
    {
      NMConnection *connection = g_ptr_array_index (connections, i);

      if (plug_broadband_connection_is_broadband (connection))
        g_ptr_array_add (list, g_object_ref (connection));
    }
  g_ptr_array_sort (list, compare_connections);

  return list;
}

/**
 * plug_broadband_dup_connection_ids:
 * @client: NetworkManager's client
 *
 * The names of all of NetworkManager's connections, not only the mobile
 * broadband ones: a new one should not share its name with any. Reads
 * @client's cache; no D-Bus call.
 *
 * Returns: (transfer full): the names
 */
GStrv
plug_broadband_dup_connection_ids (NMClient *client)
{
  g_autoptr(GStrvBuilder) ids = g_strv_builder_new ();
  const GPtrArray *connections;

  g_return_val_if_fail (NM_IS_CLIENT (client), g_strv_builder_end (ids));

  connections = nm_client_get_connections (client);
  for (guint i = 0; connections != NULL && i < connections->len; i++)
    {
      const char *id = nm_connection_get_id (g_ptr_array_index (connections, i));

      if (id != NULL)
        g_strv_builder_add (ids, id);
    }

  return g_strv_builder_end (ids);
}

/**
 * plug_broadband_find_connection:
 * @client: NetworkManager's client
 * @name_or_uuid: a connection's UUID or name
 * @error: return location for a %PLUG_BROADBAND_ERROR_NOT_FOUND
 *
 * A UUID wins over a name; a name two connections share finds neither,
 * since acting on the wrong one could delete the one the user meant to
 * keep.
 *
 * Returns: (transfer full): the mobile broadband connection
 */
NMRemoteConnection *
plug_broadband_find_connection (NMClient    *client,
                                const char  *name_or_uuid,
                                GError     **error)
{
  g_autoptr(GPtrArray) connections = plug_broadband_list_connections (client);
  NMRemoteConnection *found = NULL;
  guint n_found = 0;

  for (guint i = 0; i < connections->len; i++)
    {
      NMConnection *connection = g_ptr_array_index (connections, i);

      if (g_strcmp0 (nm_connection_get_uuid (connection), name_or_uuid) == 0)
        return g_object_ref (NM_REMOTE_CONNECTION (connection));
    }

  for (guint i = 0; i < connections->len; i++)
    {
      NMConnection *connection = g_ptr_array_index (connections, i);

      if (g_strcmp0 (nm_connection_get_id (connection), name_or_uuid) == 0)
        {
          found = NM_REMOTE_CONNECTION (connection);
          n_found++;
        }
    }

  if (n_found == 1)
    return g_object_ref (found);

  if (n_found > 1)
    g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NOT_FOUND,
                 _("%u mobile broadband connections are called “%s”: give the UUID of one"),
                 n_found, name_or_uuid);
  else
    g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NOT_FOUND,
                 _("There is no mobile broadband connection called “%s”"), name_or_uuid);

  return NULL;
}

/**
 * plug_broadband_find_active_connection:
 * @client: NetworkManager's client
 * @connection: a connection
 *
 * Returns: (transfer none) (nullable): @connection's activation, if it is
 *   active or on its way
 */
NMActiveConnection *
plug_broadband_find_active_connection (NMClient           *client,
                                       NMRemoteConnection *connection)
{
  const GPtrArray *actives = nm_client_get_active_connections (client);

  for (guint i = 0; actives != NULL && i < actives->len; i++)
    {
      NMActiveConnection *active = g_ptr_array_index (actives, i);

      if (g_strcmp0 (nm_active_connection_get_uuid (active),
                     nm_connection_get_uuid (NM_CONNECTION (connection))) == 0)
        return active;
    }

  return NULL;
}

/**
 * plug_broadband_find_device:
 * @client: NetworkManager's client
 * @connection: a mobile broadband connection
 * @error: return location for a %PLUG_BROADBAND_ERROR_NO_MODEM
 *
 * Returns: (transfer none): the first modem that can take @connection
 *   (of its family, and its interface when it names one)
 */
NMDevice *
plug_broadband_find_device (NMClient      *client,
                            NMConnection  *connection,
                            GError       **error)
{
  const GPtrArray *devices = nm_client_get_devices (client);
  const char *interface = nm_connection_get_interface_name (connection);
  gboolean any_modem = FALSE;

  for (guint i = 0; devices != NULL && i < devices->len; i++)
    {
      NMDevice *device = g_ptr_array_index (devices, i);

      if (!NM_IS_DEVICE_MODEM (device))
        continue;
      any_modem = TRUE;
      if (nm_device_connection_compatible (device, connection, NULL))
        return device;
    }

  if (interface != NULL)
    g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NO_MODEM,
                 _("The modem %s this connection is for is not plugged in"), interface);
  else if (any_modem)
    g_set_error_literal (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NO_MODEM,
                         plug_broadband_connection_get_family (connection) == PLUG_MODEM_FAMILY_CDMA
                         ? _("No CDMA modem is plugged in; this connection needs one")
                         : _("No GSM (3GPP) modem is plugged in; this connection needs one"));
  else
    g_set_error_literal (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NO_MODEM,
                         _("No modem found. Plug in a mobile broadband modem or USB stick, "
                           "or switch on the built-in modem."));

  return NULL;
}

/* --- save changes ------------------------------------------------------- */

typedef struct
{
  char     *apn;
  char     *username;
  char     *password;
  char     *network_id;
  gboolean  roaming_allowed;
} SaveData;

static void
save_data_free (SaveData *data)
{
  g_free (data->apn);
  g_free (data->username);
  g_free (data->password);
  g_free (data->network_id);
  g_free (data);
}

static PlugBroadbandConnectionEdit
save_data_get_edit (SaveData *data)
{
  return (PlugBroadbandConnectionEdit) {
    .apn = data->apn,
    .username = data->username,
    .password = data->password,
    .network_id = data->network_id,
    .roaming_allowed = data->roaming_allowed,
  };
}

static void
update_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GVariant) reply = NULL;
  GError *error = NULL;

  reply = nm_remote_connection_update2_finish (NM_REMOTE_CONNECTION (object), result, &error);
  if (reply == NULL)
    g_task_return_error (task, translate_error (error, _("change the connection")));
  else
    g_task_return_boolean (task, TRUE);
}

static void
update (GTask        *task,
        NMConnection *connection)
{
  NMRemoteConnection *remote = g_task_get_source_object (task);
  SaveData *data = g_task_get_task_data (task);
  PlugBroadbandConnectionEdit edit = save_data_get_edit (data);
  g_autoptr(NMConnection) changed = NULL;
  GError *error = NULL;

  changed = plug_broadband_connection_edit (connection, &edit, &error);
  if (changed == NULL)
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }

  nm_remote_connection_update2 (remote,
                                nm_connection_to_dbus (changed, NM_CONNECTION_SERIALIZE_ALL),
                                NM_SETTINGS_UPDATE2_FLAG_TO_DISK,
                                NULL, g_task_get_cancellable (task),
                                update_cb, task);
}

static gboolean
is_no_secrets (const GError *error)
{
  g_autofree char *remote = g_dbus_error_get_remote_error (error);

  return g_error_matches (error, NM_SECRET_AGENT_ERROR, NM_SECRET_AGENT_ERROR_NO_SECRETS) ||
         g_error_matches (error, NM_AGENT_MANAGER_ERROR, NM_AGENT_MANAGER_ERROR_NO_SECRETS) ||
         (remote != NULL && g_str_has_suffix (remote, ".NoSecrets"));
}

static void
get_secrets_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  GTask *task = user_data;
  NMRemoteConnection *remote = NM_REMOTE_CONNECTION (object);
  g_autoptr(GVariant) secrets = NULL;
  g_autoptr(NMConnection) connection = NULL;
  GError *error = NULL;

  secrets = nm_remote_connection_get_secrets_finish (remote, result, &error);
  if (secrets == NULL && is_no_secrets (error))
    {
      /* Nothing saved, so nothing to keep. */
      g_clear_error (&error);
      update (task, NM_CONNECTION (remote));
      return;
    }
  if (secrets == NULL)
    {
      g_task_return_error (task, translate_error (error, _("read the connection’s password")));
      g_object_unref (task);
      return;
    }

  /* The saved password goes back with the other settings: an update
   * without it would drop it. */
  connection = nm_simple_connection_new_clone (NM_CONNECTION (remote));
  if (!nm_connection_update_secrets (connection, NULL, secrets, &error))
    {
      g_task_return_error (task, translate_error (error, _("read the connection’s password")));
      g_object_unref (task);
      return;
    }

  update (task, connection);
}

/**
 * plug_broadband_save_connection_async:
 * @connection: a saved mobile broadband connection
 * @edit: the changes
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when NetworkManager has saved them, or refused
 * @user_data: data for @callback
 *
 * Checks @edit first (plug_broadband_connection_edit()) and fails without
 * asking NetworkManager when a value breaks its rules; then saves the
 * changed connection to disk. A %NULL password keeps the saved one, which
 * is read from NetworkManager first.
 */
void
plug_broadband_save_connection_async (NMRemoteConnection                *connection,
                                      const PlugBroadbandConnectionEdit *edit,
                                      GCancellable                      *cancellable,
                                      GAsyncReadyCallback                callback,
                                      gpointer                           user_data)
{
  GTask *task;
  SaveData *data;
  g_autoptr(NMConnection) checked = NULL;
  GError *error = NULL;
  const char *setting_name;

  g_return_if_fail (NM_IS_REMOTE_CONNECTION (connection));
  g_return_if_fail (edit != NULL);

  task = g_task_new (connection, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_broadband_save_connection_async);

  data = g_new0 (SaveData, 1);
  data->apn = g_strdup (edit->apn);
  data->username = g_strdup (edit->username);
  data->password = g_strdup (edit->password);
  data->network_id = g_strdup (edit->network_id);
  data->roaming_allowed = edit->roaming_allowed;
  g_task_set_task_data (task, data, (GDestroyNotify) save_data_free);

  /* Bad input is refused here, before NetworkManager is asked anything. */
  checked = plug_broadband_connection_edit (NM_CONNECTION (connection), edit, &error);
  if (checked == NULL)
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }

  if (edit->password != NULL)
    {
      update (task, NM_CONNECTION (connection));
      return;
    }

  setting_name = plug_broadband_connection_get_family (NM_CONNECTION (connection)) == PLUG_MODEM_FAMILY_CDMA
                 ? NM_SETTING_CDMA_SETTING_NAME : NM_SETTING_GSM_SETTING_NAME;
  nm_remote_connection_get_secrets_async (connection, setting_name, cancellable,
                                          get_secrets_cb, task);
}

gboolean
plug_broadband_save_connection_finish (GAsyncResult  *result,
                                       GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* --- delete ------------------------------------------------------------- */

static void
delete_connection_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (!nm_remote_connection_delete_finish (NM_REMOTE_CONNECTION (object), result, &error))
    g_task_return_error (task, translate_error (error, _("delete the connection")));
  else
    g_task_return_boolean (task, TRUE);
}

/**
 * plug_broadband_delete_connection_async:
 * @connection: the connection
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when it is deleted, or NetworkManager refused
 * @user_data: data for @callback
 *
 * Deletes @connection, and its keyfile.
 */
void
plug_broadband_delete_connection_async (NMRemoteConnection  *connection,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (NM_IS_REMOTE_CONNECTION (connection));

  task = g_task_new (connection, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_broadband_delete_connection_async);

  nm_remote_connection_delete_async (connection, cancellable,
                                     delete_connection_cb, g_steal_pointer (&task));
}

gboolean
plug_broadband_delete_connection_finish (GAsyncResult  *result,
                                         GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* --- connect ------------------------------------------------------------ */

typedef struct
{
  NMActiveConnection  *active;
  NMDevice            *device;
  NMDeviceStateReason  device_reason;
  GSource             *cancelled_source;
  gboolean             returned;
} ConnectData;

/* The signal handlers are gone by now: connect_return() disconnected
 * them, and it always runs before the task is freed. */
static void
connect_data_free (ConnectData *data)
{
  if (data->cancelled_source != NULL)
    {
      g_source_destroy (data->cancelled_source);
      g_source_unref (data->cancelled_source);
    }
  g_clear_object (&data->active);
  g_clear_object (&data->device);
  g_free (data);
}

/* Returns the task once, and lets go of every signal, so that a late
 * state change cannot return it a second time. */
static void
connect_return (GTask  *task,
                GError *error)
{
  ConnectData *data = g_task_get_task_data (task);

  if (data->returned)
    {
      g_clear_error (&error);
      return;
    }
  data->returned = TRUE;

  if (data->active != NULL)
    g_signal_handlers_disconnect_by_data (data->active, task);
  if (data->device != NULL)
    g_signal_handlers_disconnect_by_data (data->device, task);
  if (data->cancelled_source != NULL)
    g_source_destroy (data->cancelled_source);

  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, g_object_ref (data->active), g_object_unref);

  g_object_unref (task);
}

static void
check_active_state (GTask *task)
{
  ConnectData *data = g_task_get_task_data (task);
  NMActiveConnectionState state = nm_active_connection_get_state (data->active);
  const char *reason;

  if (state == NM_ACTIVE_CONNECTION_STATE_ACTIVATED)
    {
      connect_return (task, NULL);
      return;
    }

  if (state != NM_ACTIVE_CONNECTION_STATE_DEACTIVATED)
    return;

  /* The device says why far more precisely (a refused APN, a locked
   * SIM) than the active connection (the device disconnected). */
  reason = plug_broadband_describe_device_reason (data->device_reason);
  if (reason == NULL)
    reason = plug_broadband_describe_active_reason (nm_active_connection_get_state_reason (data->active));

  connect_return (task, g_error_new (PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_ACTIVATION_FAILED,
                                     _("Activation failed: %s"), reason));
}

static void
active_state_changed_cb (NMActiveConnection *active,
                         guint               state,
                         guint               reason,
                         gpointer            user_data)
{
  check_active_state (G_TASK (user_data));
}

static void
device_state_changed_cb (NMDevice *device,
                         guint     new_state,
                         guint     old_state,
                         guint     reason,
                         gpointer  user_data)
{
  ConnectData *data = g_task_get_task_data (G_TASK (user_data));

  /* The reason of the move to "failed"; the move on to "disconnected"
   * that follows it gives none. */
  if (new_state == NM_DEVICE_STATE_FAILED ||
      (new_state == NM_DEVICE_STATE_DISCONNECTED && data->device_reason == NM_DEVICE_STATE_REASON_NONE))
    data->device_reason = reason;
}

static gboolean
connect_cancelled_cb (GCancellable *cancellable,
                      gpointer      user_data)
{
  GTask *task = user_data;

  connect_return (task, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                             _("Connecting was cancelled")));

  return G_SOURCE_REMOVE;
}

static void
activate_connection_cb (GObject      *object,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  ConnectData *data = g_task_get_task_data (task);
  GError *error = NULL;
  const GPtrArray *devices;

  data->active = nm_client_activate_connection_finish (NM_CLIENT (object), result, &error);
  if (data->returned)
    {
      /* Cancelled while NetworkManager was asked. */
      g_clear_error (&error);
      return;
    }
  if (data->active == NULL && data->device != NULL && NM_IS_DEVICE_MODEM (data->device) &&
      nm_device_get_state (data->device) == NM_DEVICE_STATE_UNAVAILABLE &&
      !is_permission_denied (error))
    {
      /* NetworkManager only says "device is not available". */
      g_clear_error (&error);
      error = g_error_new (PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NO_MODEM,
                           /* Translators: %s is a modem's interface, such as ttyUSB2 */
                           _("The modem %s is not ready: insert or unlock its SIM"),
                           nm_device_get_iface (data->device));
    }
  if (data->active == NULL)
    {
      connect_return (task, translate_error (error, _("connect")));
      return;
    }

  if (data->device == NULL)
    {
      devices = nm_active_connection_get_devices (data->active);
      if (devices != NULL && devices->len > 0)
        {
          data->device = g_object_ref (g_ptr_array_index (devices, 0));
          g_signal_connect (data->device, "state-changed",
                            G_CALLBACK (device_state_changed_cb), task);
        }
    }

  g_signal_connect (data->active, "state-changed", G_CALLBACK (active_state_changed_cb), task);

  /* It may have got there, or failed, before the signal was connected. */
  check_active_state (task);
}

/**
 * plug_broadband_connect_async:
 * @client: NetworkManager's client
 * @connection: the connection
 * @device: (nullable): the modem, or %NULL for the one NetworkManager picks
 * @cancellable: (nullable): a #GCancellable; cancelling stops waiting,
 *   not the activation
 * @callback: called when the connection is up, or has failed
 * @user_data: data for @callback
 *
 * Activates @connection and waits until it is up or NetworkManager gives
 * up; a failure says why in plain words
 * (%PLUG_BROADBAND_ERROR_ACTIVATION_FAILED). With mobile broadband
 * turned off it fails at once with %PLUG_BROADBAND_ERROR_RADIO_OFF.
 */
void
plug_broadband_connect_async (NMClient            *client,
                              NMRemoteConnection  *connection,
                              NMDevice            *device,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  GTask *task;
  ConnectData *data;
  GError *radio_error = NULL;

  g_return_if_fail (NM_IS_CLIENT (client));
  g_return_if_fail (NM_IS_REMOTE_CONNECTION (connection));
  g_return_if_fail (device == NULL || NM_IS_DEVICE (device));

  /* The task holds one extra reference of its own until
   * connect_return(), since the signals it waits for carry no reference. */
  task = g_task_new (client, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_broadband_connect_async);

  /* With the radio off NetworkManager would only call the modem "not
   * available", and the SIM would be blamed. */
  if (!plug_broadband_radio_check (plug_broadband_get_radio (client), &radio_error))
    {
      g_task_return_error (task, g_steal_pointer (&radio_error));
      g_object_unref (task);
      return;
    }
  data = g_new0 (ConnectData, 1);
  data->device_reason = NM_DEVICE_STATE_REASON_NONE;
  g_task_set_task_data (task, data, (GDestroyNotify) connect_data_free);

  if (device != NULL)
    {
      data->device = g_object_ref (device);
      g_signal_connect (data->device, "state-changed", G_CALLBACK (device_state_changed_cb), task);
    }

  if (cancellable != NULL)
    {
      data->cancelled_source = g_cancellable_source_new (cancellable);
      g_source_set_callback (data->cancelled_source, G_SOURCE_FUNC (connect_cancelled_cb), task, NULL);
      g_source_attach (data->cancelled_source, g_main_context_get_thread_default ());
    }

  /* No cancellable for the call itself: the reply must arrive to be
   * released, and the cancelled source above returns the task. */
  nm_client_activate_connection_async (client, NM_CONNECTION (connection), device, NULL,
                                       NULL, activate_connection_cb, g_object_ref (task));
}

/**
 * plug_broadband_connect_finish:
 * @result: the result
 * @error: return location for a #PlugBroadbandError
 *
 * Returns: (transfer full): the activated connection
 */
NMActiveConnection *
plug_broadband_connect_finish (GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* --- disconnect --------------------------------------------------------- */

static void
deactivate_connection_cb (GObject      *object,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (!nm_client_deactivate_connection_finish (NM_CLIENT (object), result, &error))
    g_task_return_error (task, translate_error (error, _("disconnect")));
  else
    g_task_return_boolean (task, TRUE);
}

void
plug_broadband_disconnect_async (NMClient            *client,
                                 NMActiveConnection  *active,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (NM_IS_CLIENT (client));
  g_return_if_fail (NM_IS_ACTIVE_CONNECTION (active));

  task = g_task_new (client, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_broadband_disconnect_async);

  nm_client_deactivate_connection_async (client, active, cancellable,
                                         deactivate_connection_cb, g_steal_pointer (&task));
}

gboolean
plug_broadband_disconnect_finish (GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* --- unlock ------------------------------------------------------------- */

typedef struct
{
  MMModem     *modem;
  MMModemLock  lock;
  guint        retries_before;
  char        *puk;
  char        *pin;
  GError      *error;
  gulong       notify_id;
  guint        timeout_id;
} UnlockData;

static void
unlock_data_free (UnlockData *data)
{
  g_clear_signal_handler (&data->notify_id, data->modem);
  g_clear_handle_id (&data->timeout_id, g_source_remove);
  g_clear_object (&data->modem);
  g_free (data->puk);
  g_free (data->pin);
  g_clear_error (&data->error);
  g_free (data);
}

static guint
get_retries (MMModem     *modem,
             MMModemLock  lock)
{
  MMUnlockRetries *retries = mm_modem_peek_unlock_retries (modem);

  return retries != NULL ? mm_unlock_retries_get (retries, lock) : MM_UNLOCK_RETRIES_UNKNOWN;
}

static const char *
lock_name (MMModemLock lock)
{
  return lock == MM_MODEM_LOCK_SIM_PUK ? _("PUK") : _("PIN");
}

static void
return_wrong_code (GTask *task)
{
  UnlockData *data = g_task_get_task_data (task);
  guint retries = get_retries (data->modem, data->lock);

  g_clear_signal_handler (&data->notify_id, data->modem);
  g_clear_handle_id (&data->timeout_id, g_source_remove);

  if (data->lock == MM_MODEM_LOCK_SIM_PIN &&
      mm_modem_get_unlock_required (data->modem) == MM_MODEM_LOCK_SIM_PUK)
    g_task_return_new_error (task, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_WRONG_CODE,
                             _("Wrong PIN. The SIM is now blocked: unlock it with its PUK "
                               "and choose a new PIN"));
  else if (retries != MM_UNLOCK_RETRIES_UNKNOWN)
    /* Translators: %s is PIN or PUK */
    g_task_return_new_error (task, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_WRONG_CODE,
                             ngettext ("Wrong %s. %u try left before the SIM is blocked",
                                       "Wrong %s. %u tries left before the SIM is blocked",
                                       retries),
                             lock_name (data->lock), retries);
  else
    /* Translators: %s is PIN or PUK */
    g_task_return_new_error (task, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_WRONG_CODE,
                             _("Wrong %s"), lock_name (data->lock));

  g_object_unref (task);
}

static void
unlock_retries_changed_cb (GObject    *object,
                           GParamSpec *pspec,
                           gpointer    user_data)
{
  return_wrong_code (G_TASK (user_data));
}

static gboolean
unlock_retries_timeout_cb (gpointer user_data)
{
  UnlockData *data = g_task_get_task_data (G_TASK (user_data));

  data->timeout_id = 0;
  return_wrong_code (G_TASK (user_data));

  return G_SOURCE_REMOVE;
}

static gboolean
is_wrong_code (const GError *error)
{
  g_autofree char *remote = g_dbus_error_get_remote_error (error);

  return g_error_matches (error, MM_MOBILE_EQUIPMENT_ERROR, MM_MOBILE_EQUIPMENT_ERROR_INCORRECT_PASSWORD) ||
         g_error_matches (error, MM_MOBILE_EQUIPMENT_ERROR, MM_MOBILE_EQUIPMENT_ERROR_SIM_PUK) ||
         (remote != NULL && g_str_has_suffix (remote, ".IncorrectPassword"));
}

static void
send_code_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  GTask *task = user_data;
  UnlockData *data = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  gboolean sent;

  if (data->lock == MM_MODEM_LOCK_SIM_PUK)
    sent = mm_sim_send_puk_finish (MM_SIM (object), result, &error);
  else
    sent = mm_sim_send_pin_finish (MM_SIM (object), result, &error);

  if (sent)
    {
      g_task_return_boolean (task, TRUE);
      g_object_unref (task);
      return;
    }

  if (!is_wrong_code (error))
    {
      g_dbus_error_strip_remote_error (error);
      if (is_permission_denied (error) ||
          g_error_matches (error, MM_CORE_ERROR, MM_CORE_ERROR_UNAUTHORIZED))
        g_task_return_new_error (task, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NOT_AUTHORIZED,
                                 _("You are not authorized to unlock the SIM (%s)"), error->message);
      else
        g_task_return_new_error (task, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_FAILED,
                                 _("Could not unlock the SIM: %s"), error->message);
      g_object_unref (task);
      return;
    }

  /* A wrong code is reported, never tried again. ModemManager reads the
   * retries left from the SIM around its reply: wait a moment for them
   * unless they have already come down. */
  if (data->retries_before != MM_UNLOCK_RETRIES_UNKNOWN &&
      get_retries (data->modem, data->lock) < data->retries_before)
    {
      return_wrong_code (task);
      return;
    }

  data->notify_id = g_signal_connect (data->modem, "notify::unlock-retries",
                                      G_CALLBACK (unlock_retries_changed_cb), task);
  data->timeout_id = g_timeout_add_seconds (UNLOCK_RETRIES_TIMEOUT_SECONDS,
                                            unlock_retries_timeout_cb, task);
}

static void
get_sim_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  GTask *task = user_data;
  UnlockData *data = g_task_get_task_data (task);
  g_autoptr(MMSim) sim = NULL;
  g_autoptr(GError) error = NULL;

  sim = mm_modem_get_sim_finish (MM_MODEM (object), result, &error);
  if (sim == NULL)
    {
      g_task_return_new_error (task, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_FAILED,
                               _("Could not reach the SIM: %s"),
                               error != NULL ? error->message : _("the modem has none"));
      g_object_unref (task);
      return;
    }

  if (data->lock == MM_MODEM_LOCK_SIM_PUK)
    mm_sim_send_puk (sim, data->puk, data->pin, g_task_get_cancellable (task), send_code_cb, task);
  else
    mm_sim_send_pin (sim, data->pin, g_task_get_cancellable (task), send_code_cb, task);
}

/**
 * plug_broadband_unlock_async:
 * @modem: ModemManager's object of the modem
 * @puk: (nullable): the PUK, when the SIM is blocked
 * @pin: the PIN; with @puk, the new PIN
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the SIM is unlocked, or refused the code
 * @user_data: data for @callback
 *
 * Sends the code once. A wrong one fails with
 * %PLUG_BROADBAND_ERROR_WRONG_CODE saying how many tries are left; it is
 * never sent again, since three wrong PINs block the SIM.
 */
void
plug_broadband_unlock_async (MMObject            *modem,
                             const char          *puk,
                             const char          *pin,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  GTask *task;
  UnlockData *data;
  GError *error = NULL;
  MMModemLock required;

  g_return_if_fail (MM_IS_OBJECT (modem));
  g_return_if_fail (pin != NULL);

  task = g_task_new (modem, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_broadband_unlock_async);

  if ((puk != NULL && !plug_broadband_puk_validate (puk, &error)) ||
      !plug_broadband_pin_validate (pin, &error))
    {
      g_task_return_error (task, error);
      g_object_unref (task);
      return;
    }

  data = g_new0 (UnlockData, 1);
  data->modem = mm_object_get_modem (modem);
  data->puk = g_strdup (puk);
  data->pin = g_strdup (pin);
  data->lock = puk != NULL ? MM_MODEM_LOCK_SIM_PUK : MM_MODEM_LOCK_SIM_PIN;
  g_task_set_task_data (task, data, (GDestroyNotify) unlock_data_free);

  if (data->modem == NULL)
    {
      g_task_return_new_error (task, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NO_MODEM,
                               _("The modem is gone: it was unplugged or switched off"));
      g_object_unref (task);
      return;
    }

  required = mm_modem_get_unlock_required (data->modem);
  if (required != data->lock)
    {
      if (required == MM_MODEM_LOCK_SIM_PUK)
        g_task_return_new_error (task, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NOT_LOCKED,
                                 _("The SIM is blocked: unlock it with its PUK and a new PIN"));
      else if (required == MM_MODEM_LOCK_SIM_PIN)
        g_task_return_new_error (task, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NOT_LOCKED,
                                 _("The SIM is not blocked: unlock it with its PIN"));
      else if (required == MM_MODEM_LOCK_NONE)
        g_task_return_new_error (task, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NOT_LOCKED,
                                 _("The SIM is not locked"));
      else
        g_task_return_new_error (task, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NOT_LOCKED,
                                 _("The modem waits for a code other than the SIM's PIN or PUK (%s)"),
                                 mm_modem_lock_get_string (required));
      g_object_unref (task);
      return;
    }

  data->retries_before = get_retries (data->modem, data->lock);
  mm_modem_get_sim (data->modem, cancellable, get_sim_cb, task);
}

gboolean
plug_broadband_unlock_finish (GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* --- the radio ---------------------------------------------------------- */

/* How long NetworkManager's WwanEnabled may take to show a change after
 * it said yes to it. */
#define RADIO_TIMEOUT_SECONDS 10

/**
 * plug_broadband_radio_from_flags:
 * @enabled: NetworkManager's `WwanEnabled`
 * @hardware_enabled: NetworkManager's `WwanHardwareEnabled`
 *
 * `WwanEnabled` is false whenever the radio cannot be used: turned off
 * in NetworkManager, blocked by rfkill in software (which NetworkManager
 * lifts when it turns the radio on), or blocked by the hardware switch,
 * which `WwanHardwareEnabled` tells apart.
 *
 * Returns: what the two say together
 */
PlugBroadbandRadio
plug_broadband_radio_from_flags (gboolean enabled,
                                 gboolean hardware_enabled)
{
  if (!hardware_enabled)
    return PLUG_BROADBAND_RADIO_HARDWARE_OFF;
  if (!enabled)
    return PLUG_BROADBAND_RADIO_OFF;

  return PLUG_BROADBAND_RADIO_ON;
}

/**
 * plug_broadband_get_radio:
 * @client: NetworkManager's client
 *
 * Follow it with the client's `notify::wwan-enabled` and
 * `notify::wwan-hardware-enabled`.
 *
 * Returns: whether mobile broadband is on, as NetworkManager says now;
 *   %PLUG_BROADBAND_RADIO_ON while NetworkManager is not running
 */
PlugBroadbandRadio
plug_broadband_get_radio (NMClient *client)
{
  g_return_val_if_fail (NM_IS_CLIENT (client), PLUG_BROADBAND_RADIO_ON);

  /* Without NetworkManager both read false, and nothing is known. */
  if (!nm_client_get_nm_running (client))
    return PLUG_BROADBAND_RADIO_ON;

  return plug_broadband_radio_from_flags (nm_client_wwan_get_enabled (client),
                                          nm_client_wwan_hardware_get_enabled (client));
}

/**
 * plug_broadband_radio_get_id:
 * @radio: a #PlugBroadbandRadio
 *
 * Returns: "on", "off" or "hardware-off", for `plugboardctl --json`
 */
const char *
plug_broadband_radio_get_id (PlugBroadbandRadio radio)
{
  switch (radio)
    {
    case PLUG_BROADBAND_RADIO_ON:
      return "on";
    case PLUG_BROADBAND_RADIO_OFF:
      return "off";
    case PLUG_BROADBAND_RADIO_HARDWARE_OFF:
      return "hardware-off";
    default:
      g_return_val_if_reached (NULL);
    }
}

/**
 * plug_broadband_radio_check:
 * @radio: a #PlugBroadbandRadio
 * @error: return location for a %PLUG_BROADBAND_ERROR_RADIO_OFF
 *
 * NetworkManager only calls a modem whose radio is off "not available";
 * this says why, and what to do, before it is asked to connect.
 *
 * Returns: whether the radio does not stand in the way of connecting
 */
gboolean
plug_broadband_radio_check (PlugBroadbandRadio   radio,
                            GError             **error)
{
  switch (radio)
    {
    case PLUG_BROADBAND_RADIO_OFF:
      g_set_error_literal (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_RADIO_OFF,
                           _("Mobile broadband is turned off: turn it on, then connect again"));
      return FALSE;

    case PLUG_BROADBAND_RADIO_HARDWARE_OFF:
      g_set_error_literal (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_RADIO_OFF,
                           _("Mobile broadband is blocked by the laptop’s wireless switch or key: "
                             "use it to turn mobile broadband on, then connect again"));
      return FALSE;

    case PLUG_BROADBAND_RADIO_ON:
    default:
      return TRUE;
    }
}

typedef struct
{
  NMClient *client;
  gboolean  enabled;
  gboolean  returned;
  gulong    enabled_id;
  gulong    hardware_id;
  GSource  *cancelled_source;
  guint     timeout_id;
} RadioData;

static void
radio_data_free (RadioData *data)
{
  g_clear_object (&data->client);
  g_free (data);
}

/* Returns @task, and drops the reference it held for itself, once: at
 * the first of NetworkManager's change, the timeout and the cancel. */
static void
radio_return (GTask  *task,
              GError *error)
{
  RadioData *data = g_task_get_task_data (task);

  if (data->returned)
    {
      g_clear_error (&error);
      return;
    }
  data->returned = TRUE;

  g_clear_signal_handler (&data->enabled_id, data->client);
  g_clear_signal_handler (&data->hardware_id, data->client);
  g_clear_handle_id (&data->timeout_id, g_source_remove);
  if (data->cancelled_source != NULL)
    {
      g_source_destroy (data->cancelled_source);
      g_clear_pointer (&data->cancelled_source, g_source_unref);
    }

  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
  g_object_unref (task);
}

/* Returns the task once NetworkManager's client shows what was asked,
 * or once it never will. */
static void
radio_check_done (GTask *task)
{
  RadioData *data = g_task_get_task_data (task);
  PlugBroadbandRadio radio = plug_broadband_get_radio (data->client);

  /* NetworkManager keeps the choice, and turns the radio on when the
   * switch or key does; until then it stays off. */
  if (data->enabled && radio == PLUG_BROADBAND_RADIO_HARDWARE_OFF)
    radio_return (task, g_error_new_literal (PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_RADIO_OFF,
                                             _("Mobile broadband is blocked by the laptop’s wireless switch or key: "
                                               "use it to turn mobile broadband on")));
  else if (data->enabled == (radio == PLUG_BROADBAND_RADIO_ON))
    radio_return (task, NULL);
}

static void
radio_changed_cb (NMClient   *client,
                  GParamSpec *pspec,
                  gpointer    user_data)
{
  radio_check_done (G_TASK (user_data));
}

static gboolean
radio_timeout_cb (gpointer user_data)
{
  GTask *task = user_data;
  RadioData *data = g_task_get_task_data (task);

  data->timeout_id = 0;
  radio_return (task, g_error_new_literal (PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_FAILED,
                                           data->enabled
                                           ? _("NetworkManager agreed to turn mobile broadband on, but it is still off")
                                           : _("NetworkManager agreed to turn mobile broadband off, but it is still on")));

  return G_SOURCE_REMOVE;
}

static gboolean
radio_cancelled_cb (GCancellable *cancellable,
                    gpointer      user_data)
{
  radio_return (G_TASK (user_data), g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                         _("Turning mobile broadband on or off was cancelled")));

  return G_SOURCE_REMOVE;
}

static void
set_radio_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  RadioData *data = g_task_get_task_data (task);
  GError *error = NULL;

  if (!nm_client_dbus_set_property_finish (NM_CLIENT (object), result, &error))
    {
      radio_return (task, translate_error (error, data->enabled ? _("turn mobile broadband on")
                                                                : _("turn mobile broadband off")));
      return;
    }

  /* NetworkManager answers once it has changed the property, but the
   * client may show the change only after the answer. */
  if (!data->returned)
    radio_check_done (task);
  if (!data->returned)
    data->timeout_id = g_timeout_add_seconds (RADIO_TIMEOUT_SECONDS, radio_timeout_cb, task);
}

/**
 * plug_broadband_set_radio_async:
 * @client: NetworkManager's client
 * @enabled: whether to turn mobile broadband on
 * @cancellable: (nullable): a #GCancellable; cancelling stops waiting,
 *   not NetworkManager
 * @callback: called when NetworkManager shows the change, or refused it
 * @user_data: data for @callback
 *
 * Sets NetworkManager's `WwanEnabled`, which polkit allows with
 * `org.freedesktop.NetworkManager.enable-disable-wwan`, and waits until
 * the client shows the change. Turning it on lifts a software rfkill
 * block; with the hardware switch off it fails with
 * %PLUG_BROADBAND_ERROR_RADIO_OFF, NetworkManager keeping the choice for
 * when the switch is turned on.
 */
void
plug_broadband_set_radio_async (NMClient            *client,
                                gboolean             enabled,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  GTask *task;
  RadioData *data;

  g_return_if_fail (NM_IS_CLIENT (client));

  /* The task holds one extra reference of its own until radio_return(),
   * since the signals it waits for carry no reference. */
  task = g_task_new (client, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_broadband_set_radio_async);
  data = g_new0 (RadioData, 1);
  data->client = g_object_ref (client);
  data->enabled = enabled;
  g_task_set_task_data (task, data, (GDestroyNotify) radio_data_free);

  data->enabled_id = g_signal_connect (client, "notify::" NM_CLIENT_WWAN_ENABLED,
                                       G_CALLBACK (radio_changed_cb), task);
  data->hardware_id = g_signal_connect (client, "notify::" NM_CLIENT_WWAN_HARDWARE_ENABLED,
                                        G_CALLBACK (radio_changed_cb), task);
  if (cancellable != NULL)
    {
      data->cancelled_source = g_cancellable_source_new (cancellable);
      g_source_set_callback (data->cancelled_source, G_SOURCE_FUNC (radio_cancelled_cb), task, NULL);
      g_source_attach (data->cancelled_source, g_main_context_get_thread_default ());
    }

  /* Without a timeout: polkit may ask for a password. No cancellable
   * for the call itself: the reply must arrive to be released, and the
   * cancelled source above returns the task. */
  nm_client_dbus_set_property (client, NM_DBUS_PATH, NM_DBUS_INTERFACE, "WwanEnabled",
                               g_variant_new_boolean (enabled), G_MAXINT, NULL,
                               set_radio_cb, g_object_ref (task));
}

/**
 * plug_broadband_set_radio_finish:
 * @result: the result
 * @error: return location for a #PlugBroadbandError
 *
 * Returns: whether mobile broadband is now as asked
 */
gboolean
plug_broadband_set_radio_finish (GAsyncResult  *result,
                                 GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
