/* test-services.c: PlugServices follows services on a bus of the test's own
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>

#include "plug-services.h"

/*
 * A private dbus-daemon (GTestDBus) stands in for the system bus. The test
 * plays a service by owning its well-known name on a second connection and
 * publishing a version property, which is all PlugServices reads; the
 * system suite does the same against the real daemons.
 *
 * One bus serves every test: the system bus connection is a process-wide
 * singleton, and a bus taken down under it would leave the next test with
 * a closed connection. Each test has its own service connection, and
 * waits until the previous test's names are gone.
 */

static GTestDBus *test_bus;

static const char authority_xml[] =
  "<node>"
  "  <interface name='org.freedesktop.PolicyKit1.Authority'>"
  "    <property name='BackendVersion' type='s' access='read'/>"
  "  </interface>"
  "</node>";

typedef struct
{
  GDBusConnection *service_connection;
  guint            registration_id;
  guint            owner_id;
  guint            n_changed;
  PlugServiceKind  last_changed;
} Fixture;

static GVariant *
authority_get_property (GDBusConnection  *connection,
                        const char       *sender,
                        const char       *object_path,
                        const char       *interface_name,
                        const char       *property_name,
                        GError          **error,
                        gpointer          user_data)
{
  return g_variant_new_string ("121.5-test");
}

static const GDBusInterfaceVTable authority_vtable = {
  .get_property = authority_get_property,
};

static gboolean
name_has_owner (GDBusConnection *connection,
                const char      *name)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;
  gboolean has_owner = FALSE;

  reply = g_dbus_connection_call_sync (connection,
                                       "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "NameHasOwner",
                                       g_variant_new ("(s)", name),
                                       G_VARIANT_TYPE ("(b)"), G_DBUS_CALL_FLAGS_NONE,
                                       -1, NULL, &error);
  g_assert_no_error (error);
  g_variant_get (reply, "(b)", &has_owner);

  return has_owner;
}

/* A connection of its own to the test bus, as a service has. */
static GDBusConnection *
service_connection_new (void)
{
  g_autoptr(GError) error = NULL;
  GDBusConnection *connection =
    g_dbus_connection_new_for_address_sync (g_test_dbus_get_bus_address (test_bus),
                                            G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                            G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                            NULL, NULL, &error);
  g_assert_no_error (error);

  return connection;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  user_data)
{
  fixture->service_connection = service_connection_new ();

  /* The previous test's service connection is closed; the bus may not
   * have released its name yet. */
  while (name_has_owner (fixture->service_connection, "org.freedesktop.PolicyKit1"))
    g_usleep (1000);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  user_data)
{
  g_clear_handle_id (&fixture->owner_id, g_bus_unown_name);
  if (fixture->registration_id != 0)
    g_dbus_connection_unregister_object (fixture->service_connection, fixture->registration_id);
  g_dbus_connection_close_sync (fixture->service_connection, NULL, NULL);
  g_clear_object (&fixture->service_connection);
}

static void
services_ready_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  PlugServices **services = user_data;
  g_autoptr(GError) error = NULL;

  *services = plug_services_new_finish (result, &error);
  g_assert_no_error (error);
  g_assert_true (PLUG_IS_SERVICES (*services));
}

static PlugServices *
load_services (void)
{
  PlugServices *services = NULL;

  plug_services_new_async (PLUG_SERVICES_CLIENTS_NONE, NULL, services_ready_cb, &services);
  while (services == NULL)
    g_main_context_iteration (NULL, TRUE);

  return services;
}

/* A stand-in for udisksd: its object manager, which is all a UDisksClient
 * reads when it is created. One that answers lists no object; one that
 * does not keeps the call, as a udisksd stopped in the middle would. */
static const char object_manager_xml[] =
  "<node>"
  "  <interface name='org.freedesktop.DBus.ObjectManager'>"
  "    <method name='GetManagedObjects'>"
  "      <arg name='objects' type='a{oa{sa{sa{sv}}}}' direction='out'/>"
  "    </method>"
  "  </interface>"
  "</node>";

typedef struct
{
  GDBusConnection       *connection;
  guint                  registration_id;
  guint                  owner_id;
  gboolean               answers;
  GDBusMethodInvocation *held;
} FakeUdisks;

static void
object_manager_method_call (GDBusConnection       *connection,
                            const char            *sender,
                            const char            *object_path,
                            const char            *interface_name,
                            const char            *method_name,
                            GVariant              *parameters,
                            GDBusMethodInvocation *invocation,
                            gpointer               user_data)
{
  FakeUdisks *fake = user_data;

  if (fake->answers)
    g_dbus_method_invocation_return_value (invocation, g_variant_new_parsed ("(@a{oa{sa{sa{sv}}}} {},)"));
  else
    fake->held = invocation;  /* owned: never answered */
}

static const GDBusInterfaceVTable object_manager_vtable = {
  .method_call = object_manager_method_call,
};

static void
fake_udisks_start (FakeUdisks *fake,
                   gboolean    answers)
{
  g_autoptr(GDBusNodeInfo) node = NULL;
  g_autoptr(GError) error = NULL;

  fake->answers = answers;
  fake->connection = service_connection_new ();

  node = g_dbus_node_info_new_for_xml (object_manager_xml, &error);
  g_assert_no_error (error);
  fake->registration_id =
    g_dbus_connection_register_object (fake->connection, "/org/freedesktop/UDisks2",
                                       node->interfaces[0], &object_manager_vtable,
                                       fake, NULL, &error);
  g_assert_no_error (error);
  fake->owner_id = g_bus_own_name_on_connection (fake->connection, "org.freedesktop.UDisks2",
                                                 G_BUS_NAME_OWNER_FLAGS_NONE,
                                                 NULL, NULL, NULL, NULL);
  while (!name_has_owner (fake->connection, "org.freedesktop.UDisks2"))
    g_main_context_iteration (NULL, FALSE);
}

/* Its connection closed: what a killed udisksd leaves. */
static void
fake_udisks_stop (FakeUdisks *fake)
{
  g_clear_handle_id (&fake->owner_id, g_bus_unown_name);
  g_dbus_connection_unregister_object (fake->connection, fake->registration_id);
  g_dbus_connection_close_sync (fake->connection, NULL, NULL);
  g_clear_object (&fake->held);
  g_clear_object (&fake->connection);
}

static void
changed_cb (PlugServices    *services,
            PlugServiceKind  kind,
            Fixture         *fixture)
{
  fixture->n_changed++;
  fixture->last_changed = kind;
}

static void
publish_polkit (Fixture *fixture)
{
  g_autoptr(GDBusNodeInfo) node = NULL;
  g_autoptr(GError) error = NULL;

  node = g_dbus_node_info_new_for_xml (authority_xml, &error);
  g_assert_no_error (error);

  fixture->registration_id =
    g_dbus_connection_register_object (fixture->service_connection,
                                       "/org/freedesktop/PolicyKit1/Authority",
                                       node->interfaces[0],
                                       &authority_vtable,
                                       NULL, NULL, &error);
  g_assert_no_error (error);

  fixture->owner_id = g_bus_own_name_on_connection (fixture->service_connection,
                                                    "org.freedesktop.PolicyKit1",
                                                    G_BUS_NAME_OWNER_FLAGS_NONE,
                                                    NULL, NULL, NULL, NULL);
}

static void
test_nothing_running (Fixture       *fixture,
                      gconstpointer  user_data)
{
  g_autoptr(PlugServices) services = load_services ();

  g_assert_null (plug_services_get_system_bus_error (services));
  g_assert_nonnull (plug_services_get_system_bus (services));

  for (guint i = 0; i < PLUG_N_SERVICE_KINDS; i++)
    {
      g_autofree char *description = plug_services_describe (services, i);

      g_assert_false (plug_services_is_running (services, i));
      g_assert_false (plug_services_is_activatable (services, i));
      g_assert_false (plug_services_is_available (services, i));
      g_assert_null (plug_services_get_version (services, i));
      g_assert_cmpstr (description, ==, "Not running");
    }

  /* Only what was asked for is created. */
  g_assert_null (plug_services_get_nm_client (services));
  g_assert_null (plug_services_get_mm_manager (services));
  g_assert_null (plug_services_get_udisks_client (services));
  g_assert_null (plug_services_get_udev_client (services));
}

static void
test_service_found_at_start (Fixture       *fixture,
                             gconstpointer  user_data)
{
  g_autoptr(PlugServices) services = NULL;
  g_autofree char *description = NULL;

  publish_polkit (fixture);
  /* Wait until the name is really owned before looking. The request is
   * queued before this call on the same connection, so it is answered
   * first; the loop only guards against that changing. */
  while (!name_has_owner (fixture->service_connection, "org.freedesktop.PolicyKit1"))
    g_main_context_iteration (NULL, FALSE);

  services = load_services ();

  g_assert_true (plug_services_is_running (services, PLUG_SERVICE_KIND_POLKIT));
  g_assert_true (plug_services_is_available (services, PLUG_SERVICE_KIND_POLKIT));
  g_assert_cmpstr (plug_services_get_version (services, PLUG_SERVICE_KIND_POLKIT), ==, "121.5-test");
  description = plug_services_describe (services, PLUG_SERVICE_KIND_POLKIT);
  g_assert_cmpstr (description, ==, "Running, version 121.5-test");

  g_assert_false (plug_services_is_running (services, PLUG_SERVICE_KIND_UDISKS));
}

static void
test_service_comes_and_goes (Fixture       *fixture,
                             gconstpointer  user_data)
{
  g_autoptr(PlugServices) services = load_services ();

  g_signal_connect (services, "changed", G_CALLBACK (changed_cb), fixture);
  g_assert_false (plug_services_is_running (services, PLUG_SERVICE_KIND_POLKIT));

  publish_polkit (fixture);
  while (plug_services_get_version (services, PLUG_SERVICE_KIND_POLKIT) == NULL)
    g_main_context_iteration (NULL, TRUE);

  g_assert_true (plug_services_is_running (services, PLUG_SERVICE_KIND_POLKIT));
  g_assert_cmpstr (plug_services_get_version (services, PLUG_SERVICE_KIND_POLKIT), ==, "121.5-test");
  /* Once when it appeared, once when its version was read. */
  g_assert_cmpuint (fixture->n_changed, ==, 2);
  g_assert_cmpuint (fixture->last_changed, ==, PLUG_SERVICE_KIND_POLKIT);

  g_clear_handle_id (&fixture->owner_id, g_bus_unown_name);
  while (plug_services_is_running (services, PLUG_SERVICE_KIND_POLKIT))
    g_main_context_iteration (NULL, TRUE);

  g_assert_cmpuint (fixture->n_changed, ==, 3);
  g_assert_null (plug_services_get_version (services, PLUG_SERVICE_KIND_POLKIT));
}

/* udisksd stops while the udisks client reads its objects: creating the
 * client fails. Once udisksd is back, the services have a client that
 * follows the new instance, and ::changed has said so: a panel lists its
 * drives again without a restart of the app. */
static gboolean
client_follows (PlugServices *services,
                FakeUdisks   *fake)
{
  UDisksClient *client = plug_services_get_udisks_client (services);
  g_autofree char *owner = NULL;

  if (client == NULL)
    return FALSE;
  owner = g_dbus_object_manager_client_get_name_owner (
            G_DBUS_OBJECT_MANAGER_CLIENT (udisks_client_get_object_manager (client)));
  return g_strcmp0 (owner, g_dbus_connection_get_unique_name (fake->connection)) == 0;
}

static gboolean
too_long_cb (gpointer user_data)
{
  g_error ("%s", (const char *) user_data);
  return G_SOURCE_REMOVE;
}

static void
test_client_after_restart (Fixture       *fixture,
                           gconstpointer  user_data)
{
  g_autoptr(PlugServices) services = NULL;
  FakeUdisks stopping = { 0 };
  FakeUdisks back = { 0 };
  guint too_long_id = g_timeout_add_seconds (20, too_long_cb,
                                             "no udisks client after 20 s with udisksd back");

  fake_udisks_start (&stopping, FALSE);
  plug_services_new_async (PLUG_SERVICES_CLIENTS_UDISKS, NULL, services_ready_cb, &services);
  while (stopping.held == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_null (services);

  fake_udisks_stop (&stopping);
  while (services == NULL)
    g_main_context_iteration (NULL, TRUE);
  while (plug_services_is_running (services, PLUG_SERVICE_KIND_UDISKS))
    g_main_context_iteration (NULL, TRUE);

  g_signal_connect (services, "changed", G_CALLBACK (changed_cb), fixture);
  fake_udisks_start (&back, TRUE);
  while (!client_follows (services, &back) || fixture->n_changed == 0)
    g_main_context_iteration (NULL, TRUE);

  g_assert_true (plug_services_is_running (services, PLUG_SERVICE_KIND_UDISKS));
  g_assert_cmpuint (fixture->last_changed, ==, PLUG_SERVICE_KIND_UDISKS);
  g_assert_null (plug_services_get_mm_manager (services));

  g_clear_handle_id (&too_long_id, g_source_remove);
  g_clear_object (&services);
  fake_udisks_stop (&back);
}

static void
test_no_system_bus (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(PlugServices) services = NULL;
      g_autofree char *description = NULL;

      /* In a child of its own: the system bus connection is a singleton. */
      g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=/nonexistent/plugboard-test-bus", TRUE);
      services = load_services ();

      g_assert_nonnull (plug_services_get_system_bus_error (services));
      g_assert_null (plug_services_get_system_bus (services));
      for (guint i = 0; i < PLUG_N_SERVICE_KINDS; i++)
        g_assert_false (plug_services_is_available (services, i));
      description = plug_services_describe (services, PLUG_SERVICE_KIND_NETWORK_MANAGER);
      g_assert_cmpstr (description, ==, "System bus not reachable");
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

int
main (int    argc,
      char **argv)
{
  int result;

  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  if (!g_test_subprocess ())
    {
      test_bus = g_test_dbus_new (G_TEST_DBUS_NONE);
      g_test_dbus_up (test_bus);
      g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", g_test_dbus_get_bus_address (test_bus), TRUE);
    }

  g_test_add_func ("/services/no-system-bus", test_no_system_bus);
  g_test_add ("/services/nothing-running", Fixture, NULL,
              fixture_set_up, test_nothing_running, fixture_tear_down);
  g_test_add ("/services/found-at-start", Fixture, NULL,
              fixture_set_up, test_service_found_at_start, fixture_tear_down);
  g_test_add ("/services/comes-and-goes", Fixture, NULL,
              fixture_set_up, test_service_comes_and_goes, fixture_tear_down);
  g_test_add ("/services/client-after-restart", Fixture, NULL,
              fixture_set_up, test_client_after_restart, fixture_tear_down);

  result = g_test_run ();

  if (test_bus != NULL)
    {
      g_test_dbus_down (test_bus);
      g_clear_object (&test_bus);
    }

  return result;
}
