/* plug-drive-error.c: Why an operation on a drive failed, as a code
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <udisks/udisks.h>

#include "plug-core-enums.h"
#include "plug-drive-error.h"

/*
 * Every operation on a drive (reformat, rename, keep the files, speed
 * test) fails with a PLUG_DRIVE_ERROR, or G_IO_ERROR_CANCELLED. The code
 * says what kind of failure it is, so that a dialog chooses its words by
 * code; the message is a whole sentence for plugboardctl and for the
 * dialog's Details. When udisks refused, the message puts Plugboard's
 * words first and udisks' own after a colon ("udisks could not reformat
 * it: Error wiping device: …"): what the daemon said is there for whoever
 * needs it, and never passed off as the explanation.
 */

G_DEFINE_QUARK (plug-drive-error-quark, plug_drive_error)

static gboolean
is_udisks_not_authorized (const GError *error)
{
  return g_error_matches (error, UDISKS_ERROR, UDISKS_ERROR_NOT_AUTHORIZED) ||
         g_error_matches (error, UDISKS_ERROR, UDISKS_ERROR_NOT_AUTHORIZED_CAN_OBTAIN) ||
         g_error_matches (error, UDISKS_ERROR, UDISKS_ERROR_NOT_AUTHORIZED_DISMISSED);
}

/**
 * plug_drive_error_is_not_authorized:
 * @error: an error of udisks, or a #PlugDriveError
 *
 * Returns: %TRUE if polkit did not allow what was asked
 */
gboolean
plug_drive_error_is_not_authorized (const GError *error)
{
  return is_udisks_not_authorized (error) ||
         g_error_matches (error, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_NOT_AUTHORIZED);
}

/**
 * plug_drive_error_is_daemon_gone:
 * @error: an error of a call to udisks, or a #PlugDriveError
 *
 * Whether the call got no answer because udisks stopped, or was
 * restarted, while it ran: the outcome of the call is then unknown.
 *
 * Returns: %TRUE if udisks went away
 */
gboolean
plug_drive_error_is_daemon_gone (const GError *error)
{
  return g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_NO_REPLY) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_DISCONNECTED) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_SERVICE_UNKNOWN) ||
         g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_NAME_HAS_NO_OWNER) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CLOSED) ||
         g_error_matches (error, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_DAEMON_GONE);
}

static PlugDriveError
code_of_udisks_error (const GError *error)
{
  if (is_udisks_not_authorized (error))
    return PLUG_DRIVE_ERROR_NOT_AUTHORIZED;
  if (g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_METHOD) ||
      g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_OBJECT))
    return PLUG_DRIVE_ERROR_GONE;
  if (plug_drive_error_is_daemon_gone (error))
    return PLUG_DRIVE_ERROR_DAEMON_GONE;
  return PLUG_DRIVE_ERROR_DAEMON_REFUSED;
}

/**
 * plug_drive_error_from_udisks:
 * @error: (transfer full): the error of a call to udisks
 * @context: (nullable): what Plugboard asked, in words, put before
 *   udisks' own ("udisks could not reformat it")
 *
 * Turns an error of udisks into a #PlugDriveError with a message in plain
 * words: "Not authorized: …", "The device is no longer there: …", else
 * @context and udisks' message. A cancellation is returned as it is.
 *
 * Returns: (transfer full): the error, in the #PlugDriveError domain
 */
GError *
plug_drive_error_from_udisks (GError     *error,
                              const char *context)
{
  g_autoptr(GError) owned = error;
  g_autofree char *message = NULL;
  PlugDriveError code;

  g_return_val_if_fail (error != NULL, NULL);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || error->domain == PLUG_DRIVE_ERROR)
    return g_steal_pointer (&owned);

  code = code_of_udisks_error (error);
  g_dbus_error_strip_remote_error (error);

  if (code == PLUG_DRIVE_ERROR_NOT_AUTHORIZED)
    message = g_strdup_printf (_("Not authorized: %s"), error->message);
  else if (code == PLUG_DRIVE_ERROR_GONE)
    message = g_strdup_printf (_("The device is no longer there: %s"), error->message);
  else if (context != NULL)
    message = g_strdup_printf ("%s: %s", context, error->message);
  else
    message = g_strdup (error->message);

  return g_error_new_literal (PLUG_DRIVE_ERROR, code, message);
}

/**
 * plug_drive_error_get_nick:
 * @error: an error
 *
 * Returns: the code's name ("not-authorized", "busy", …) for a
 *   #PlugDriveError, "cancelled" for a cancellation, else "failed"
 */
const char *
plug_drive_error_get_nick (const GError *error)
{
  g_autoptr(GEnumClass) enum_class = NULL;
  GEnumValue *value;

  g_return_val_if_fail (error != NULL, NULL);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return "cancelled";
  if (error->domain != PLUG_DRIVE_ERROR)
    return "failed";

  enum_class = g_type_class_ref (PLUG_TYPE_DRIVE_ERROR);
  value = g_enum_get_value (enum_class, error->code);

  return value != NULL ? value->value_nick : "failed";
}

/**
 * plug_drive_error_dup_summary:
 * @error: why an operation failed
 * @refused: what to say when udisks refused, such as "udisks could not
 *   reformat it."; its own words are under Details
 *
 * The sentence a dialog shows. Plugboard's own messages are plain
 * already; for what udisks decided, the code chooses the words.
 *
 * Returns: (transfer full): a sentence
 */
char *
plug_drive_error_dup_summary (const GError *error,
                              const char   *refused)
{
  g_return_val_if_fail (error != NULL, NULL);
  g_return_val_if_fail (refused != NULL, NULL);

  if (plug_drive_error_is_not_authorized (error))
    return g_strdup (_("The system did not allow it. Ask an administrator for the right to change drives."));

  if (error->domain != PLUG_DRIVE_ERROR)
    return g_strdup (error->message);

  /* For what udisks decided, the code chooses the words; Plugboard's own
   * messages are plain already. */
  if (error->code == PLUG_DRIVE_ERROR_DAEMON_REFUSED)
    return g_strdup (refused);
  if (error->code == PLUG_DRIVE_ERROR_GONE)
    return g_strdup (_("The drive is no longer there."));

  return g_strdup (error->message);
}

/**
 * plug_drive_error_dup_details:
 * @error: why an operation failed
 *
 * Returns: (transfer full): the whole message and its code, for a
 *   dialog's Details
 */
char *
plug_drive_error_dup_details (const GError *error)
{
  g_return_val_if_fail (error != NULL, NULL);

  if (error->domain == PLUG_DRIVE_ERROR || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return g_strdup_printf ("%s\n\n%s", error->message, plug_drive_error_get_nick (error));

  return g_strdup_printf ("%s\n\n%s %d", error->message, g_quark_to_string (error->domain), error->code);
}

/**
 * plug_drive_error_from_errno:
 * @saved_errno: errno, as it was when the call failed
 * @format: what was being done, such as "Could not read %s"
 *
 * Returns: (transfer full): a #G_IO_ERROR saying what was being done,
 *   then the system's words for @saved_errno
 */
GError *
plug_drive_error_from_errno (int         saved_errno,
                             const char *format,
                             ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);

  return g_error_new (G_IO_ERROR, g_io_error_from_errno (saved_errno),
                      "%s: %s", what, g_strerror (saved_errno));
}
