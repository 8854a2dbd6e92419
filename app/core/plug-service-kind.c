/* plug-service-kind.c: The system services Plugboard talks to
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include "plug-service-kind.h"

typedef struct
{
  const char *id;
  const char *name;
  const char *bus_name;
  /* Where the service publishes its version, if it does: a property read
   * with org.freedesktop.DBus.Properties.Get, which never activates it. */
  const char *object_path;
  const char *version_interface;
  const char *version_property;
  /* The Debian package to install when the service is missing. */
  const char *package;
} ServiceInfo;

static const ServiceInfo services[PLUG_N_SERVICE_KINDS] = {
  [PLUG_SERVICE_KIND_NETWORK_MANAGER] = {
    "networkmanager", "NetworkManager", "org.freedesktop.NetworkManager",
    "/org/freedesktop/NetworkManager", "org.freedesktop.NetworkManager", "Version",
    "network-manager",
  },
  [PLUG_SERVICE_KIND_MODEM_MANAGER] = {
    "modemmanager", "ModemManager", "org.freedesktop.ModemManager1",
    "/org/freedesktop/ModemManager1", "org.freedesktop.ModemManager1", "Version",
    "modemmanager",
  },
  [PLUG_SERVICE_KIND_UDISKS] = {
    "udisks2", "udisks2", "org.freedesktop.UDisks2",
    "/org/freedesktop/UDisks2/Manager", "org.freedesktop.UDisks2.Manager", "Version",
    "udisks2",
  },
  [PLUG_SERVICE_KIND_POLKIT] = {
    "polkit", "polkit", "org.freedesktop.PolicyKit1",
    "/org/freedesktop/PolicyKit1/Authority", "org.freedesktop.PolicyKit1.Authority", "BackendVersion",
    "polkitd",
  },
  [PLUG_SERVICE_KIND_SWITCHEROO] = {
    /* switcheroo-control publishes no version. */
    "switcheroo-control", "switcheroo-control", "net.hadess.SwitcherooControl",
    NULL, NULL, NULL,
    "switcheroo-control",
  },
  [PLUG_SERVICE_KIND_HELPER] = {
    "plugboard-helper", "plugboard-helper", HELPER_BUS_NAME,
    "/io/github/plugboard/Helper", "io.github.plugboard.Helper", "Version",
    "plugboard",
  },
};

static const ServiceInfo *
get_info (PlugServiceKind kind)
{
  g_return_val_if_fail ((guint) kind < PLUG_N_SERVICE_KINDS, &services[0]);

  return &services[kind];
}

/* The stable identifier used in JSON output and on the command line. */
const char *
plug_service_kind_get_id (PlugServiceKind kind)
{
  return get_info (kind)->id;
}

/* The name shown to people; these are product names and not translated. */
const char *
plug_service_kind_get_name (PlugServiceKind kind)
{
  return get_info (kind)->name;
}

const char *
plug_service_kind_get_bus_name (PlugServiceKind kind)
{
  return get_info (kind)->bus_name;
}

const char *
plug_service_kind_get_object_path (PlugServiceKind kind)
{
  return get_info (kind)->object_path;
}

const char *
plug_service_kind_get_version_interface (PlugServiceKind kind)
{
  return get_info (kind)->version_interface;
}

const char *
plug_service_kind_get_version_property (PlugServiceKind kind)
{
  return get_info (kind)->version_property;
}

const char *
plug_service_kind_get_package (PlugServiceKind kind)
{
  return get_info (kind)->package;
}

gboolean
plug_service_kind_from_id (const char      *id,
                           PlugServiceKind *kind)
{
  g_return_val_if_fail (kind != NULL, FALSE);

  if (id == NULL)
    return FALSE;

  for (guint i = 0; i < PLUG_N_SERVICE_KINDS; i++)
    {
      if (g_str_equal (services[i].id, id))
        {
          *kind = (PlugServiceKind) i;
          return TRUE;
        }
    }

  return FALSE;
}
