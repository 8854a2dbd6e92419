/* test-service-kind.c: The table of system services
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>

#include "plug-service-kind.h"

static void
test_ids_round_trip (void)
{
  for (guint i = 0; i < PLUG_N_SERVICE_KINDS; i++)
    {
      PlugServiceKind kind = PLUG_N_SERVICE_KINDS;

      g_assert_true (plug_service_kind_from_id (plug_service_kind_get_id (i), &kind));
      g_assert_cmpuint (kind, ==, i);
    }
}

static void
test_unknown_ids (void)
{
  PlugServiceKind kind = PLUG_SERVICE_KIND_HELPER;

  g_assert_false (plug_service_kind_from_id (NULL, &kind));
  g_assert_false (plug_service_kind_from_id ("", &kind));
  g_assert_false (plug_service_kind_from_id ("NetworkManager", &kind));
  g_assert_false (plug_service_kind_from_id ("networkmanager ", &kind));
  g_assert_cmpuint (kind, ==, PLUG_SERVICE_KIND_HELPER);
}

static void
test_names_are_valid (void)
{
  g_autoptr(GHashTable) bus_names = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < PLUG_N_SERVICE_KINDS; i++)
    {
      const char *bus_name = plug_service_kind_get_bus_name (i);
      const char *path = plug_service_kind_get_object_path (i);

      g_assert_true (g_dbus_is_name (bus_name));
      g_assert_false (g_dbus_is_unique_name (bus_name));
      g_assert_true (g_hash_table_add (bus_names, (gpointer) bus_name));
      g_assert_nonnull (plug_service_kind_get_name (i));
      g_assert_nonnull (plug_service_kind_get_package (i));

      /* A version is published by a property of an object, or not at all. */
      if (plug_service_kind_get_version_property (i) != NULL)
        {
          g_assert_true (g_variant_is_object_path (path));
          g_assert_true (g_dbus_is_interface_name (plug_service_kind_get_version_interface (i)));
          g_assert_true (g_dbus_is_member_name (plug_service_kind_get_version_property (i)));
        }
    }

  g_assert_cmpstr (plug_service_kind_get_bus_name (PLUG_SERVICE_KIND_HELPER), ==, "io.github.plugboard.Helper");
  g_assert_cmpstr (plug_service_kind_get_bus_name (PLUG_SERVICE_KIND_UDISKS), ==, "org.freedesktop.UDisks2");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/service-kind/ids-round-trip", test_ids_round_trip);
  g_test_add_func ("/service-kind/unknown-ids", test_unknown_ids);
  g_test_add_func ("/service-kind/names-are-valid", test_names_are_valid);

  return g_test_run ();
}
