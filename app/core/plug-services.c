/* plug-services.c: One owner for every system service client
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "plug-core-enums.h"
#include "plug-services.h"

/*
 * PlugServices is created once, asynchronously, by the application or by
 * plugboardctl, and handed to every panel and subcommand. It owns the
 * client objects (NMClient, MMManager, UDisksClient, GUdevClient) and keeps
 * track, live, of which system services are reachable, so that a view can
 * say "NetworkManager is not running" instead of failing.
 *
 * Reachability is read from the bus itself (name owners and activatable
 * names) and versions from each service's own property, fetched with
 * NO_AUTO_START so that asking for the status never starts a service.
 */

typedef struct
{
  char         *owner;
  char         *version;
  GCancellable *version_cancellable;
  guint         watch_id;
  gboolean      activatable;
  /* Creating the client of this service (udisks2, ModemManager) failed
   * while this owner had the name, or is under way again. */
  char         *client_failed_owner;
  gboolean      client_pending;
} ServiceState;

struct _PlugServices
{
  GObject              parent_instance;

  PlugServicesClients  clients;
  GDBusConnection     *system_bus;
  char                *system_bus_error;
  ServiceState         states[PLUG_N_SERVICE_KINDS];

  NMClient            *nm_client;
  MMManager           *mm_manager;
  UDisksClient        *udisks_client;
  GUdevClient         *udev_client;
};

G_DEFINE_FINAL_TYPE (PlugServices, plug_services, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Shared by every operation of the initialization: the task completes when
 * the last one has reported back. */
typedef struct
{
  guint pending;
} InitData;

typedef struct
{
  PlugServices    *self;
  PlugServiceKind  kind;
  GTask           *init_task;
} ServiceRequest;

static void fetch_version (PlugServices    *self,
                           PlugServiceKind  kind,
                           GTask           *init_task);
static void create_service_client (PlugServices    *self,
                                   PlugServiceKind  kind,
                                   GTask           *init_task);

static ServiceRequest *
service_request_new (PlugServices    *self,
                     PlugServiceKind  kind,
                     GTask           *init_task)
{
  ServiceRequest *request = g_new0 (ServiceRequest, 1);

  request->self = g_object_ref (self);
  request->kind = kind;
  request->init_task = init_task != NULL ? g_object_ref (init_task) : NULL;

  return request;
}

static void
service_request_free (ServiceRequest *request)
{
  g_clear_object (&request->self);
  g_clear_object (&request->init_task);
  g_free (request);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ServiceRequest, service_request_free)

static void
plug_services_dispose (GObject *object)
{
  PlugServices *self = PLUG_SERVICES (object);

  for (guint i = 0; i < PLUG_N_SERVICE_KINDS; i++)
    {
      ServiceState *state = &self->states[i];

      g_clear_handle_id (&state->watch_id, g_bus_unwatch_name);
      g_cancellable_cancel (state->version_cancellable);
      g_clear_object (&state->version_cancellable);
    }

  g_clear_object (&self->nm_client);
  g_clear_object (&self->mm_manager);
  g_clear_object (&self->udisks_client);
  g_clear_object (&self->udev_client);
  g_clear_object (&self->system_bus);

  G_OBJECT_CLASS (plug_services_parent_class)->dispose (object);
}

static void
plug_services_finalize (GObject *object)
{
  PlugServices *self = PLUG_SERVICES (object);

  for (guint i = 0; i < PLUG_N_SERVICE_KINDS; i++)
    {
      g_clear_pointer (&self->states[i].owner, g_free);
      g_clear_pointer (&self->states[i].version, g_free);
      g_clear_pointer (&self->states[i].client_failed_owner, g_free);
    }

  g_clear_pointer (&self->system_bus_error, g_free);

  G_OBJECT_CLASS (plug_services_parent_class)->finalize (object);
}

static void
plug_services_class_init (PlugServicesClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = plug_services_dispose;
  object_class->finalize = plug_services_finalize;

  /**
   * PlugServices::changed:
   * @self: a #PlugServices
   * @kind: the #PlugServiceKind whose state changed
   *
   * Emitted when a service appears on the bus, goes away, or its version
   * becomes known.
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1, PLUG_TYPE_SERVICE_KIND);
}

static void
plug_services_init (PlugServices *self)
{
}

static void
init_operation_done (GTask *task)
{
  InitData *data = g_task_get_task_data (task);

  g_assert (data->pending > 0);

  data->pending--;
  if (data->pending > 0)
    return;

  if (g_task_return_error_if_cancelled (task))
    return;

  g_task_return_pointer (task, g_object_ref (g_task_get_source_object (task)), g_object_unref);
}

static void
set_version (PlugServices    *self,
             PlugServiceKind  kind,
             const char      *version)
{
  ServiceState *state = &self->states[kind];

  if (g_strcmp0 (state->version, version) == 0)
    return;

  g_free (state->version);
  state->version = g_strdup (version);
  g_signal_emit (self, signals[CHANGED], 0, kind);
}

static void
version_get_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(ServiceRequest) request = user_data;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) value = NULL;
  g_autoptr(GError) error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);

  if (reply != NULL)
    {
      g_variant_get (reply, "(v)", &value);
      if (g_variant_is_of_type (value, G_VARIANT_TYPE_STRING))
        set_version (request->self, request->kind, g_variant_get_string (value, NULL));
      else
        g_debug ("%s published a version that is not a string",
                 plug_service_kind_get_name (request->kind));
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      /* Not fatal: a running service without a readable version is still
       * running, and its bus policy may not let us read it. */
      g_debug ("Could not read the version of %s: %s",
               plug_service_kind_get_name (request->kind), error->message);
    }

  if (request->init_task != NULL)
    init_operation_done (request->init_task);
}

static void
fetch_version (PlugServices    *self,
               PlugServiceKind  kind,
               GTask           *init_task)
{
  ServiceState *state = &self->states[kind];

  if (plug_service_kind_get_version_property (kind) == NULL || state->owner == NULL)
    {
      if (init_task != NULL)
        init_operation_done (init_task);
      return;
    }

  g_cancellable_cancel (state->version_cancellable);
  g_clear_object (&state->version_cancellable);
  state->version_cancellable = g_cancellable_new ();

  /* Asking the unique name that owns the service, not the well-known one,
   * makes sure the answer comes from the instance we saw appear. */
  g_dbus_connection_call (self->system_bus,
                          state->owner,
                          plug_service_kind_get_object_path (kind),
                          "org.freedesktop.DBus.Properties",
                          "Get",
                          g_variant_new ("(ss)",
                                         plug_service_kind_get_version_interface (kind),
                                         plug_service_kind_get_version_property (kind)),
                          G_VARIANT_TYPE ("(v)"),
                          G_DBUS_CALL_FLAGS_NO_AUTO_START,
                          5000,
                          state->version_cancellable,
                          version_get_cb,
                          service_request_new (self, kind, init_task));
}

static void
name_appeared_cb (GDBusConnection *connection,
                  const char      *name,
                  const char      *name_owner,
                  gpointer         user_data)
{
  PlugServices *self = PLUG_SERVICES (user_data);

  for (guint i = 0; i < PLUG_N_SERVICE_KINDS; i++)
    {
      ServiceState *state = &self->states[i];

      if (!g_str_equal (plug_service_kind_get_bus_name (i), name))
        continue;

      if (g_strcmp0 (state->owner, name_owner) == 0)
        return;

      g_debug ("%s appeared on the system bus as %s", name, name_owner);
      g_free (state->owner);
      state->owner = g_strdup (name_owner);
      g_clear_pointer (&state->version, g_free);
      g_signal_emit (self, signals[CHANGED], 0, (PlugServiceKind) i);
      fetch_version (self, i, NULL);
      /* A client that could not be created (the service went away while
       * it was read) is created again from the new instance. */
      if (state->client_failed_owner != NULL && !state->client_pending)
        create_service_client (self, i, NULL);
      return;
    }
}

static void
name_vanished_cb (GDBusConnection *connection,
                  const char      *name,
                  gpointer         user_data)
{
  PlugServices *self = PLUG_SERVICES (user_data);

  for (guint i = 0; i < PLUG_N_SERVICE_KINDS; i++)
    {
      ServiceState *state = &self->states[i];

      if (!g_str_equal (plug_service_kind_get_bus_name (i), name))
        continue;

      if (state->owner == NULL)
        return;

      g_debug ("%s left the system bus", name);
      g_clear_pointer (&state->owner, g_free);
      g_clear_pointer (&state->version, g_free);
      g_cancellable_cancel (state->version_cancellable);
      g_signal_emit (self, signals[CHANGED], 0, (PlugServiceKind) i);
      return;
    }
}

static void
watch_names (PlugServices *self)
{
  /* The first callback of each watch reports the state the initialization
   * already read, and is ignored as no change. */
  for (guint i = 0; i < PLUG_N_SERVICE_KINDS; i++)
    self->states[i].watch_id =
      g_bus_watch_name_on_connection (self->system_bus,
                                      plug_service_kind_get_bus_name (i),
                                      G_BUS_NAME_WATCHER_FLAGS_NONE,
                                      name_appeared_cb,
                                      name_vanished_cb,
                                      self, NULL);
}

static void
get_name_owner_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(ServiceRequest) request = user_data;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);

  if (reply != NULL)
    {
      ServiceState *state = &request->self->states[request->kind];

      g_clear_pointer (&state->owner, g_free);
      g_variant_get (reply, "(s)", &state->owner);
      fetch_version (request->self, request->kind, request->init_task);
      return;
    }

  /* NameHasNoOwner is the ordinary "not running" answer. */
  if (!g_dbus_error_is_remote_error (error) &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_warning ("Could not ask the system bus about %s: %s",
               plug_service_kind_get_bus_name (request->kind), error->message);

  init_operation_done (request->init_task);
}

static void
list_activatable_names_cb (GObject      *object,
                           GAsyncResult *result,
                           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugServices *self = g_task_get_source_object (task);
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);

  if (reply != NULL)
    {
      g_autofree const char **names = NULL;

      g_variant_get (reply, "(^a&s)", &names);
      for (guint i = 0; i < PLUG_N_SERVICE_KINDS; i++)
        self->states[i].activatable =
          g_strv_contains (names, plug_service_kind_get_bus_name (i));
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_warning ("Could not list the services the system bus can start: %s", error->message);
    }

  init_operation_done (task);
}

static void
nm_client_new_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugServices *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;

  self->nm_client = NM_CLIENT (g_async_initable_new_finish (G_ASYNC_INITABLE (object), result, &error));
  if (self->nm_client == NULL &&
      !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_warning ("Could not create a NetworkManager client: %s", error->message);

  init_operation_done (task);
}

/* The client objects of udisks2 and ModemManager read every object of
 * their service when they are created. When the service goes away in the
 * middle of that (a restart), creating fails; the client is then created
 * again once the service is back on the bus, and the panels hear of it
 * through ::changed, as of any other change of the service. */
static gboolean
client_exists (PlugServices    *self,
               PlugServiceKind  kind)
{
  if (kind == PLUG_SERVICE_KIND_UDISKS)
    return self->udisks_client != NULL;
  return self->mm_manager != NULL;
}

static void
service_client_created (ServiceRequest *request,
                        GError         *error)
{
  PlugServices *self = request->self;
  ServiceState *state = &self->states[request->kind];
  const char *name = plug_service_kind_get_name (request->kind);

  state->client_pending = FALSE;

  if (error == NULL)
    {
      g_debug ("Created the client of %s", name);
      g_clear_pointer (&state->client_failed_owner, g_free);
      if (request->init_task == NULL)
        g_signal_emit (self, signals[CHANGED], 0, request->kind);
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      gboolean again = state->owner != NULL && g_strcmp0 (state->owner, state->client_failed_owner) != 0;

      /* Not a warning: the panels say the service cannot be reached. */
      g_message ("Could not create the client of %s: %s%s", name, error->message,
                 again ? "; trying again" : "; trying again when it is back");
      g_free (state->client_failed_owner);
      state->client_failed_owner = g_strdup (state->owner != NULL ? state->owner : "");
      /* Tried once more at most for each instance of the service: one
       * that answers but cannot be read would be asked in a loop. */
      if (again)
        create_service_client (self, request->kind, NULL);
    }

  if (request->init_task != NULL)
    init_operation_done (request->init_task);
}

static void
mm_manager_new_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(ServiceRequest) request = user_data;
  g_autoptr(GError) error = NULL;

  request->self->mm_manager = mm_manager_new_finish (result, &error);
  service_client_created (request, error);
}

static void
udisks_client_new_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(ServiceRequest) request = user_data;
  g_autoptr(GError) error = NULL;

  request->self->udisks_client = udisks_client_new_finish (result, &error);
  service_client_created (request, error);
}

static void
create_service_client (PlugServices    *self,
                       PlugServiceKind  kind,
                       GTask           *init_task)
{
  ServiceState *state = &self->states[kind];
  GCancellable *cancellable = init_task != NULL ? g_task_get_cancellable (init_task) : NULL;

  g_assert (kind == PLUG_SERVICE_KIND_UDISKS || kind == PLUG_SERVICE_KIND_MODEM_MANAGER);
  g_assert (!client_exists (self, kind) && !state->client_pending);

  state->client_pending = TRUE;
  if (kind == PLUG_SERVICE_KIND_UDISKS)
    udisks_client_new (cancellable, udisks_client_new_cb, service_request_new (self, kind, init_task));
  else
    mm_manager_new (self->system_bus,
                    G_DBUS_OBJECT_MANAGER_CLIENT_FLAGS_DO_NOT_AUTO_START,
                    cancellable,
                    mm_manager_new_cb,
                    service_request_new (self, kind, init_task));
}

static void
create_clients (PlugServices *self,
                GTask        *task)
{
  InitData *data = g_task_get_task_data (task);
  GCancellable *cancellable = g_task_get_cancellable (task);

  if (self->clients & PLUG_SERVICES_CLIENTS_NETWORK_MANAGER)
    {
      data->pending++;
      g_async_initable_new_async (NM_TYPE_CLIENT,
                                  G_PRIORITY_DEFAULT,
                                  cancellable,
                                  nm_client_new_cb,
                                  g_object_ref (task),
                                  NM_CLIENT_DBUS_CONNECTION, self->system_bus,
                                  NULL);
    }

  if (self->clients & PLUG_SERVICES_CLIENTS_MODEM_MANAGER)
    {
      data->pending++;
      create_service_client (self, PLUG_SERVICE_KIND_MODEM_MANAGER, task);
    }

  if (self->clients & PLUG_SERVICES_CLIENTS_UDISKS)
    {
      data->pending++;
      create_service_client (self, PLUG_SERVICE_KIND_UDISKS, task);
    }
}

static void
create_udev_client (PlugServices *self)
{
  /* gudev opens a netlink socket and reads nothing until asked. */
  static const char * const subsystems[] = { "block", "drm", "pci", NULL };

  if (self->clients & PLUG_SERVICES_CLIENTS_UDEV)
    self->udev_client = g_udev_client_new (subsystems);
}

static void
bus_get_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugServices *self = g_task_get_source_object (task);
  InitData *data = g_task_get_task_data (task);
  GCancellable *cancellable = g_task_get_cancellable (task);
  g_autoptr(GError) error = NULL;

  self->system_bus = g_bus_get_finish (result, &error);

  if (self->system_bus == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }

      /* Without a system bus nothing is reachable, which is a state to
       * show, not a failure to create the object. */
      self->system_bus_error = g_strdup (error->message);
      init_operation_done (task);
      return;
    }

  for (guint i = 0; i < PLUG_N_SERVICE_KINDS; i++)
    {
      data->pending++;
      g_dbus_connection_call (self->system_bus,
                              "org.freedesktop.DBus",
                              "/org/freedesktop/DBus",
                              "org.freedesktop.DBus",
                              "GetNameOwner",
                              g_variant_new ("(s)", plug_service_kind_get_bus_name (i)),
                              G_VARIANT_TYPE ("(s)"),
                              G_DBUS_CALL_FLAGS_NONE,
                              -1,
                              cancellable,
                              get_name_owner_cb,
                              service_request_new (self, i, task));
    }

  data->pending++;
  g_dbus_connection_call (self->system_bus,
                          "org.freedesktop.DBus",
                          "/org/freedesktop/DBus",
                          "org.freedesktop.DBus",
                          "ListActivatableNames",
                          NULL,
                          G_VARIANT_TYPE ("(as)"),
                          G_DBUS_CALL_FLAGS_NONE,
                          -1,
                          cancellable,
                          list_activatable_names_cb,
                          g_object_ref (task));

  create_clients (self, task);
  watch_names (self);

  /* Drop the reference that stood for the bus connection itself. */
  init_operation_done (task);
}

/**
 * plug_services_new_async:
 * @clients: which client objects to create
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the services are known
 * @user_data: data for @callback
 *
 * Connects to the system bus, finds out which services are reachable and
 * creates the requested clients, all without blocking. A service that is
 * not running is a state of the result, not an error.
 */
void
plug_services_new_async (PlugServicesClients  clients,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(PlugServices) self = NULL;
  g_autoptr(GTask) task = NULL;
  InitData *data;

  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  self = g_object_new (PLUG_TYPE_SERVICES, NULL);
  self->clients = clients;
  create_udev_client (self);

  data = g_new0 (InitData, 1);
  data->pending = 1;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_services_new_async);
  g_task_set_task_data (task, data, g_free);

  g_bus_get (G_BUS_TYPE_SYSTEM, cancellable, bus_get_cb, g_steal_pointer (&task));
}

PlugServices *
plug_services_new_finish (GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == plug_services_new_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * plug_services_get_system_bus:
 *
 * Returns: (transfer none) (nullable): the system bus, or %NULL if it
 *   could not be reached
 */
GDBusConnection *
plug_services_get_system_bus (PlugServices *self)
{
  g_return_val_if_fail (PLUG_IS_SERVICES (self), NULL);

  return self->system_bus;
}

/**
 * plug_services_get_system_bus_error:
 *
 * Returns: (nullable): why the system bus could not be reached
 */
const char *
plug_services_get_system_bus_error (PlugServices *self)
{
  g_return_val_if_fail (PLUG_IS_SERVICES (self), NULL);

  return self->system_bus_error;
}

gboolean
plug_services_is_running (PlugServices    *self,
                          PlugServiceKind  kind)
{
  g_return_val_if_fail (PLUG_IS_SERVICES (self), FALSE);
  g_return_val_if_fail ((guint) kind < PLUG_N_SERVICE_KINDS, FALSE);

  return self->states[kind].owner != NULL;
}

/* Whether the bus would start the service on first use (D-Bus activation). */
gboolean
plug_services_is_activatable (PlugServices    *self,
                              PlugServiceKind  kind)
{
  g_return_val_if_fail (PLUG_IS_SERVICES (self), FALSE);
  g_return_val_if_fail ((guint) kind < PLUG_N_SERVICE_KINDS, FALSE);

  return self->states[kind].activatable;
}

gboolean
plug_services_is_available (PlugServices    *self,
                            PlugServiceKind  kind)
{
  return plug_services_is_running (self, kind) || plug_services_is_activatable (self, kind);
}

/**
 * plug_services_get_version:
 *
 * Returns: (nullable): the version the running service publishes
 */
const char *
plug_services_get_version (PlugServices    *self,
                           PlugServiceKind  kind)
{
  g_return_val_if_fail (PLUG_IS_SERVICES (self), NULL);
  g_return_val_if_fail ((guint) kind < PLUG_N_SERVICE_KINDS, NULL);

  return self->states[kind].version;
}

/**
 * plug_services_describe:
 *
 * Returns: (transfer full): the state of @kind in a few words, for people
 */
char *
plug_services_describe (PlugServices    *self,
                        PlugServiceKind  kind)
{
  const ServiceState *state;

  g_return_val_if_fail (PLUG_IS_SERVICES (self), NULL);
  g_return_val_if_fail ((guint) kind < PLUG_N_SERVICE_KINDS, NULL);

  state = &self->states[kind];

  if (self->system_bus == NULL)
    return g_strdup (_("System bus not reachable"));
  if (state->owner != NULL && state->version != NULL)
    /* Translators: %s is a version number such as 1.42.4 */
    return g_strdup_printf (_("Running, version %s"), state->version);
  if (state->owner != NULL)
    return g_strdup (_("Running"));
  if (state->activatable)
    return g_strdup (_("Starts when needed"));

  return g_strdup (_("Not running"));
}

/**
 * plug_services_get_nm_client:
 *
 * Returns: (transfer none) (nullable): the NetworkManager client, if it
 *   was requested and could be created; it exists while NetworkManager is
 *   not running, and tells when it starts
 */
NMClient *
plug_services_get_nm_client (PlugServices *self)
{
  g_return_val_if_fail (PLUG_IS_SERVICES (self), NULL);

  return self->nm_client;
}

/**
 * plug_services_get_mm_manager:
 *
 * Returns: (transfer none) (nullable): the ModemManager client
 */
MMManager *
plug_services_get_mm_manager (PlugServices *self)
{
  g_return_val_if_fail (PLUG_IS_SERVICES (self), NULL);

  return self->mm_manager;
}

/**
 * plug_services_get_udisks_client:
 *
 * Returns: (transfer none) (nullable): the udisks2 client
 */
UDisksClient *
plug_services_get_udisks_client (PlugServices *self)
{
  g_return_val_if_fail (PLUG_IS_SERVICES (self), NULL);

  return self->udisks_client;
}

/**
 * plug_services_get_udev_client:
 *
 * Returns: (transfer none) (nullable): the udev client
 */
GUdevClient *
plug_services_get_udev_client (PlugServices *self)
{
  g_return_val_if_fail (PLUG_IS_SERVICES (self), NULL);

  return self->udev_client;
}
