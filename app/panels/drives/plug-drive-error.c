/* plug-drive-error.c: Saying plainly why an operation on a drive failed
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-drives"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "plug-drive-error.h"
#include "plug-udisks-error.h"

/*
 * The core's operations put their own words first and the daemon's after
 * a colon ("udisks could not reformat it: Error wiping device: …"). The
 * dialogs show the first part as the message, and the whole of it, with
 * where it came from, under "Details": what the daemon said is there for
 * whoever needs it, and never passed off as the explanation.
 */

gboolean
plug_drive_error_is_not_authorized (const GError *error)
{
  return plug_udisks_error_is_not_authorized (error) ||
         g_error_matches (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED);
}

/**
 * plug_drive_error_dup_summary:
 *
 * Returns: (transfer full): the message without the daemon's words, when
 *   they came from the daemon; the whole message otherwise
 */
char *
plug_drive_error_dup_summary (const GError *error)
{
  const char *separator;

  g_return_val_if_fail (error != NULL, NULL);

  if (plug_udisks_error_is_not_authorized (error))
    return g_strdup (_("The system did not allow it. Ask an administrator for the right to change drives."));

  /* Errors of the core's own are plain already. */
  if (error->domain == G_IO_ERROR || error->domain == G_FILE_ERROR)
    return g_strdup (error->message);

  separator = strstr (error->message, ": ");
  if (separator == NULL)
    return g_strdup (error->message);

  return g_strdup_printf ("%.*s.", (int) (separator - error->message), error->message);
}

/**
 * plug_drive_error_dup_details:
 *
 * Returns: (transfer full): the whole message and where it came from
 */
char *
plug_drive_error_dup_details (const GError *error)
{
  g_return_val_if_fail (error != NULL, NULL);

  return g_strdup_printf ("%s\n\n%s %d", error->message,
                          g_quark_to_string (error->domain), error->code);
}
