/* plug-apn-fallback.c: Connect, trying the provider's other APNs when the network refuses one
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "plug-apn-fallback.h"
#include "plug-broadband-actions.h"
#include "plug-provider-apn.h"

/*
 * A provider often lists several internet APNs (a contract's and a
 * prepaid one, an old name and a new one), and the database cannot say
 * which this SIM's subscription knows. plug_apn_fallback_connect_async()
 * connects as plug_broadband_connect_async() does; when that fails
 * because the network refused the APN, it changes the saved connection
 * to the next choice (the provider's other internet APNs, then the SIM's
 * default, an empty APN) and connects again. The first APN the network
 * takes is kept; when it refuses them all, the connection gets its own
 * APN back.
 *
 * Whether the APN was refused is ModemManager's to say: NetworkManager
 * 1.42 maps no ModemManager error to its GSM_APN_FAILED reason (a refused
 * APN reaches it as an unknown failure), but the bearer that ModemManager
 * made for the attempt keeps the network's answer in its ConnectionError
 * ("MissingOrUnknownApn", "ServiceOptionNotSubscribed"…).
 */

void
plug_apn_choice_free (PlugApnChoice *choice)
{
  if (choice == NULL)
    return;
  g_free (choice->apn);
  g_free (choice->username);
  g_free (choice->password);
  g_free (choice);
}

static PlugApnChoice *
choice_new (const char *apn,
            const char *username,
            const char *password)
{
  PlugApnChoice *choice = g_new0 (PlugApnChoice, 1);

  choice->apn = g_strdup (apn != NULL ? apn : "");
  choice->username = g_strdup (username);
  choice->password = g_strdup (password);
  return choice;
}

static gboolean
apn_equal (const char *a,
           const char *b)
{
  return g_ascii_strcasecmp (a != NULL ? a : "", b != NULL ? b : "") == 0;
}

/**
 * plug_apn_fallback_choices:
 * @provider: (nullable): the provider the connection was made for
 * @apn: the connection's APN
 * @username: (nullable): the connection's username
 * @password: (nullable): the connection's password
 *
 * Returns: (transfer container) (element-type PlugApnChoice): the
 *   connection's own APN and login, then what to try after it:
 *   @provider's other internet APNs that NetworkManager accepts, in the
 *   database's order, with their logins, then the SIM's default ("")
 *   unless @apn is that already
 */
GPtrArray *
plug_apn_fallback_choices (PlugProvider *provider,
                           const char   *apn,
                           const char   *username,
                           const char   *password)
{
  GPtrArray *choices = g_ptr_array_new_with_free_func ((GDestroyNotify) plug_apn_choice_free);
  GPtrArray *apns = provider != NULL ? plug_provider_get_apns (provider) : NULL;

  g_ptr_array_add (choices, choice_new (apn, username, password));

  for (guint i = 0; apns != NULL && i < apns->len; i++)
    {
      PlugProviderApn *candidate = g_ptr_array_index (apns, i);
      const char *value = plug_provider_apn_get_apn (candidate);
      gboolean seen = apn_equal (value, apn);

      if (!plug_provider_apn_is_for_internet (candidate) || !plug_provider_apn_check (candidate, NULL))
        continue;
      for (guint j = 0; j < choices->len && !seen; j++)
        seen = apn_equal (((PlugApnChoice *) g_ptr_array_index (choices, j))->apn, value);
      if (!seen)
        g_ptr_array_add (choices, choice_new (value,
                                              plug_provider_apn_get_username (candidate),
                                              plug_provider_apn_get_password (candidate)));
    }

  if (apn != NULL && apn[0] != '\0')
    g_ptr_array_add (choices, choice_new ("", NULL, NULL));

  return choices;
}

/**
 * plug_apn_fallback_is_refusal:
 * @error: (nullable): a bearer's connection error, from ModemManager
 *
 * Returns: whether @error is the network refusing the APN (unknown,
 *   not subscribed, or its login refused), so that another may work
 */
gboolean
plug_apn_fallback_is_refusal (const GError *error)
{
  if (error == NULL)
    return FALSE;

  if (error->domain == MM_MOBILE_EQUIPMENT_ERROR)
    {
      switch (error->code)
        {
        case MM_MOBILE_EQUIPMENT_ERROR_MISSING_OR_UNKNOWN_APN:
        case MM_MOBILE_EQUIPMENT_ERROR_USER_AUTHENTICATION_FAILED:
        case MM_MOBILE_EQUIPMENT_ERROR_ACTIVATION_REJECTED_BY_GGSN_OR_GW:
        case MM_MOBILE_EQUIPMENT_ERROR_SERVICE_OPTION_NOT_SUPPORTED:
        case MM_MOBILE_EQUIPMENT_ERROR_SERVICE_OPTION_NOT_SUBSCRIBED:
        case MM_MOBILE_EQUIPMENT_ERROR_PDP_AUTH_FAILURE:
          return TRUE;
        case MM_MOBILE_EQUIPMENT_ERROR_UNKNOWN:
          /* 3GPP TS 27.007's newer code for "missing or unknown APN",
           * which ModemManager 1.20 does not know by name. */
          return g_str_has_suffix (error->message, ": 533");
        default:
          return FALSE;
        }
    }

  return FALSE;
}

typedef struct
{
  NMClient           *client;
  MMManager          *mm_manager;
  NMRemoteConnection *connection;
  NMDevice           *device;
  GPtrArray          *choices;
  guint               next;
  PlugApnTryingFunc   trying;
  gpointer            trying_data;
  /* The APN the connection has now (libnm's copy of the saved
   * connection follows a change only later), and before the first change. */
  char               *apn;
  char               *original_apn;
  /* The failure of the last attempt, returned unless another APN is tried. */
  GError             *failure;
  /* The APNs the network refused, in order. */
  GPtrArray          *refused;
} FallbackData;

static void
fallback_data_free (FallbackData *data)
{
  g_clear_object (&data->client);
  g_clear_object (&data->mm_manager);
  g_clear_object (&data->connection);
  g_clear_object (&data->device);
  g_clear_pointer (&data->choices, g_ptr_array_unref);
  g_free (data->apn);
  g_free (data->original_apn);
  g_clear_error (&data->failure);
  g_clear_pointer (&data->refused, g_ptr_array_unref);
  g_free (data);
}

static const char *
current_apn (FallbackData *data)
{
  return data->apn;
}

static const char *
current_network_id (FallbackData *data)
{
  NMSettingGsm *gsm = nm_connection_get_setting_gsm (NM_CONNECTION (data->connection));

  return gsm != NULL ? nm_setting_gsm_get_network_id (gsm) : NULL;
}

/* "“a”, “b” and the SIM's default" */
static char *
describe_apns (GPtrArray *apns)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < apns->len; i++)
    {
      const char *apn = g_ptr_array_index (apns, i);

      if (i > 0)
        g_string_append (text, i + 1 == apns->len ? _(" and ") : _(", "));
      if (apn[0] == '\0')
        g_string_append (text, _("the SIM’s default"));
      else
        g_string_append_printf (text, "“%s”", apn);
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void attempt (GTask *task);

/* Returns the task: the network refused every APN tried. */
static void
return_all_refused (GTask *task)
{
  FallbackData *data = g_task_get_task_data (task);
  g_autofree char *refused = describe_apns (data->refused);

  g_task_return_new_error (task, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_APN_REFUSED,
                           /* Translators: %s lists APNs, such as “a”, “b” and the SIM’s default */
                           _("The mobile network refused every APN tried: %s. Ask the provider "
                             "which APN this SIM uses, and change the connection to it"),
                           refused);
}

static void
restored_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  FallbackData *data = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;

  if (!plug_broadband_save_connection_finish (result, &error))
    g_message ("Could not give “%s” its APN back: %s",
               nm_connection_get_id (NM_CONNECTION (data->connection)), error->message);

  return_all_refused (task);
}

static void
switched_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  FallbackData *data = g_task_get_task_data (task);
  GError *error = NULL;

  if (!plug_broadband_save_connection_finish (result, &error))
    {
      /* The last failure says more than why the change failed. */
      g_message ("Could not change the APN of “%s”: %s",
                 nm_connection_get_id (NM_CONNECTION (data->connection)), error->message);
      g_clear_error (&error);
      g_task_return_error (task, g_steal_pointer (&data->failure));
      return;
    }

  g_clear_error (&data->failure);
  attempt (g_steal_pointer (&task));
}

/* The network refused the connection's APN: the next choice, or the
 * connection's own APN back when none is left. */
static void
try_next (GTask *task)
{
  FallbackData *data = g_task_get_task_data (task);
  GCancellable *cancellable = g_task_get_cancellable (task);
  PlugBroadbandConnectionEdit edit = {
    .network_id = current_network_id (data),
    .roaming_allowed = plug_broadband_connection_get_roaming_allowed (NM_CONNECTION (data->connection)),
  };

  g_ptr_array_add (data->refused, g_strdup (current_apn (data)));

  if (data->next >= data->choices->len)
    {
      PlugApnChoice *own = g_ptr_array_index (data->choices, 0);

      if (apn_equal (current_apn (data), data->original_apn))
        {
          return_all_refused (task);
          g_object_unref (task);
          return;
        }
      edit.apn = own->apn;
      edit.username = own->username;
      edit.password = own->password != NULL ? own->password : "";
      g_free (data->apn);
      data->apn = g_strdup (data->original_apn);
      plug_broadband_save_connection_async (data->connection, &edit, cancellable, restored_cb, task);
      return;
    }

  {
    PlugApnChoice *choice = g_ptr_array_index (data->choices, data->next++);

    if (data->trying != NULL)
      data->trying (current_apn (data), choice->apn, data->trying_data);

    edit.apn = choice->apn;
    g_free (data->apn);
    data->apn = g_strdup (choice->apn);
    /* Each APN with its own login: "" removes the one saved. */
    edit.username = choice->username;
    edit.password = choice->password != NULL ? choice->password : "";
    plug_broadband_save_connection_async (data->connection, &edit, cancellable, switched_cb, task);
  }
}

/* The attempt failed: the network's answer is on the bearer ModemManager
 * made for it, the one with the connection's APN. */
static void
bearers_listed_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  GTask *task = user_data;
  FallbackData *data = g_task_get_task_data (task);
  GList *bearers = mm_modem_list_bearers_finish (MM_MODEM (object), result, NULL);
  gboolean refused = FALSE;

  for (GList *l = bearers; l != NULL && !refused; l = l->next)
    {
      MMBearer *bearer = l->data;
      g_autoptr(MMBearerProperties) properties = mm_bearer_get_properties (bearer);
      g_autoptr(GError) connection_error = mm_bearer_get_connection_error (bearer);

      if (properties != NULL && apn_equal (mm_bearer_properties_get_apn (properties), current_apn (data)))
        refused = plug_apn_fallback_is_refusal (connection_error);
    }
  g_list_free_full (bearers, g_object_unref);

  if (refused && !g_task_return_error_if_cancelled (task))
    {
      try_next (task);
      return;
    }
  if (!refused)
    {
      /* Another APN got past the network, which took it: it stays, and
       * the failure is no longer the APN's. */
      if (data->refused->len > 0)
        {
          g_autofree char *refused_apns = describe_apns (data->refused);
          const char *apn = current_apn (data);
          GError *failure = g_steal_pointer (&data->failure);

          if (apn[0] != '\0')
            g_task_return_new_error (task, failure->domain, failure->code,
                                     /* Translators: the first %s lists refused APNs, the second
                                      * is an APN, the third why connecting failed */
                                     _("The mobile network refused %s, and took “%s”, which the "
                                       "connection now uses; connecting still failed. %s"),
                                     refused_apns, apn, failure->message);
          else
            g_task_return_new_error (task, failure->domain, failure->code,
                                     /* Translators: the first %s lists refused APNs, the second
                                      * says why connecting failed */
                                     _("The mobile network refused %s, and took the SIM’s default APN, "
                                       "which the connection now uses; connecting still failed. %s"),
                                     refused_apns, failure->message);
          g_error_free (failure);
        }
      else
        {
          g_task_return_error (task, g_steal_pointer (&data->failure));
        }
    }
  g_object_unref (task);
}

static void
connected_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  GTask *task = user_data;
  FallbackData *data = g_task_get_task_data (task);
  NMActiveConnection *active;
  g_autoptr(MMObject) modem = NULL;

  active = plug_broadband_connect_finish (result, &data->failure);
  if (active != NULL)
    {
      g_task_return_pointer (task, active, g_object_unref);
      g_object_unref (task);
      return;
    }

  /* Only a failed activation may be the APN's; only a modem
   * ModemManager has can say. */
  if (g_error_matches (data->failure, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_ACTIVATION_FAILED) &&
      data->mm_manager != NULL && data->device != NULL && nm_device_get_udi (data->device) != NULL)
    modem = MM_OBJECT (g_dbus_object_manager_get_object (G_DBUS_OBJECT_MANAGER (data->mm_manager),
                                                          nm_device_get_udi (data->device)));
  if (modem == NULL || mm_object_peek_modem (modem) == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&data->failure));
      g_object_unref (task);
      return;
    }

  mm_modem_list_bearers (mm_object_peek_modem (modem), g_task_get_cancellable (task),
                         bearers_listed_cb, task);
}

static void
attempt (GTask *task)
{
  FallbackData *data = g_task_get_task_data (task);

  plug_broadband_connect_async (data->client, data->connection, data->device,
                                g_task_get_cancellable (task), connected_cb, task);
}

/**
 * plug_apn_fallback_connect_async:
 * @client: NetworkManager's client
 * @mm_manager: (nullable): ModemManager's, which says why a connection
 *   failed; without it no other APN is tried
 * @connection: a GSM connection
 * @device: (nullable): the modem; without it no other APN is tried
 * @choices: (element-type PlugApnChoice): the connection's own APN and
 *   login, then what to try when the network refuses it
 *   (plug_apn_fallback_choices())
 * @trying: (nullable) (scope notified): told of each APN tried next
 * @trying_data: data for @trying
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when connected, or when no APN is left to try
 * @user_data: data for @callback
 *
 * Connects @connection as plug_broadband_connect_async() does. When the
 * mobile network refuses its APN, saves the connection with the next of
 * @choices and connects again; the first APN the network takes stays in
 * the connection, and a failure past it says so. When the network refuses
 * every one, the connection gets its APN back and the error is
 * %PLUG_BROADBAND_ERROR_APN_REFUSED, naming them.
 */
void
plug_apn_fallback_connect_async (NMClient            *client,
                                 MMManager           *mm_manager,
                                 NMRemoteConnection  *connection,
                                 NMDevice            *device,
                                 GPtrArray           *choices,
                                 PlugApnTryingFunc    trying,
                                 gpointer             trying_data,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  GTask *task;
  FallbackData *data;

  g_return_if_fail (NM_IS_CLIENT (client));
  g_return_if_fail (mm_manager == NULL || MM_IS_MANAGER (mm_manager));
  g_return_if_fail (NM_IS_REMOTE_CONNECTION (connection));
  g_return_if_fail (device == NULL || NM_IS_DEVICE (device));
  g_return_if_fail (choices != NULL && choices->len > 0);

  task = g_task_new (client, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_apn_fallback_connect_async);

  data = g_new0 (FallbackData, 1);
  data->client = g_object_ref (client);
  data->mm_manager = mm_manager != NULL ? g_object_ref (mm_manager) : NULL;
  data->connection = g_object_ref (connection);
  data->device = device != NULL ? g_object_ref (device) : NULL;
  data->choices = g_ptr_array_ref (choices);
  data->trying = trying;
  data->trying_data = trying_data;
  data->refused = g_ptr_array_new_with_free_func (g_free);
  data->next = 1;
  g_task_set_task_data (task, data, (GDestroyNotify) fallback_data_free);
  data->apn = g_strdup (plug_broadband_connection_get_apn (NM_CONNECTION (connection)) != NULL
                        ? plug_broadband_connection_get_apn (NM_CONNECTION (connection)) : "");
  data->original_apn = g_strdup (data->apn);

  /* A CDMA connection has no APN to change. */
  if (plug_broadband_connection_get_family (NM_CONNECTION (connection)) != PLUG_MODEM_FAMILY_GSM)
    g_clear_object (&data->mm_manager);

  attempt (task);
}

/**
 * plug_apn_fallback_connect_finish:
 * @result: the result
 * @apn: (out) (optional): the APN the connection has now ("" for the
 *   SIM's default), connected or not
 * @error: return location for a #PlugBroadbandError
 *
 * Returns: (transfer full): the activated connection, whose APN is the
 *   one the network took
 */
NMActiveConnection *
plug_apn_fallback_connect_finish (GAsyncResult  *result,
                                  char         **apn,
                                  GError       **error)
{
  FallbackData *data;

  g_return_val_if_fail (G_IS_TASK (result), NULL);

  data = g_task_get_task_data (G_TASK (result));
  if (apn != NULL)
    *apn = g_strdup (data->apn);

  return g_task_propagate_pointer (G_TASK (result), error);
}
