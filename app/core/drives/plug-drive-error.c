/* plug-udisks-error.c: What udisks' errors mean, said once for every operation
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <udisks/udisks.h>

#include "plug-udisks-error.h"

/**
 * plug_udisks_error_is_not_authorized:
 * @error: (nullable): an error from a udisks call
 *
 * Returns: whether polkit refused the call, in any of the three ways
 *   udisks reports it
 */
gboolean
plug_udisks_error_is_not_authorized (const GError *error)
{
  return g_error_matches (error, UDISKS_ERROR, UDISKS_ERROR_NOT_AUTHORIZED) ||
         g_error_matches (error, UDISKS_ERROR, UDISKS_ERROR_NOT_AUTHORIZED_CAN_OBTAIN) ||
         g_error_matches (error, UDISKS_ERROR, UDISKS_ERROR_NOT_AUTHORIZED_DISMISSED);
}

/**
 * plug_udisks_error_reword:
 * @error: (transfer full): an error from a udisks call
 * @context: (nullable): what Plugboard was doing, put before the daemon's
 *   words ("udisks could not reformat it")
 *
 * The daemon's own words, without the D-Bus error name, after Plugboard's:
 * polkit's refusal said as such, and an object that went away meanwhile
 * (udisks answers UnknownMethod for it) said as that. A cancellation is
 * left as it is. The domain and code stay the daemon's.
 *
 * Returns: (transfer full): @error
 */
GError *
plug_udisks_error_reword (GError     *error,
                          const char *context)
{
  g_autofree char *message = NULL;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return error;

  g_dbus_error_strip_remote_error (error);
  message = g_steal_pointer (&error->message);

  if (plug_udisks_error_is_not_authorized (error))
    error->message = g_strdup_printf (_("Not authorized: %s"), message);
  else if (g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_METHOD) ||
           g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_OBJECT))
    error->message = g_strdup_printf (_("The device is no longer there: %s"), message);
  else if (context != NULL)
    error->message = g_strdup_printf ("%s: %s", context, message);
  else
    error->message = g_steal_pointer (&message);

  return error;
}
