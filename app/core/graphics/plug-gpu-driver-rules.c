/* plug-gpu-driver-rules.c: What a PCI slot and a driver name may look like
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "plug-gpu-driver-rules.h"

/*
 * The form of the two strings a driver choice is made of, checked before
 * anything looks anything up with them: by plugboardctl and the panel
 * before they call plugboard-helper, and by the helper itself, which
 * trusts no caller. A slot is what the kernel names PCI devices
 * ("0000:03:00.0", lower-case hexadecimal); a driver is a module name
 * (lower-case letters, digits and "_", starting with a letter). Neither
 * can hold "/", a space, a newline or anything a shell, a format string
 * or an option parser would read. The value never goes into the message:
 * it may be anything.
 */

#define PCI_SLOT_CHARACTERS "0123456789abcdef:."
#define DRIVER_CHARACTERS "abcdefghijklmnopqrstuvwxyz0123456789_"

typedef enum {
  FORM_OK,
  FORM_EMPTY,
  FORM_TOO_LONG,
  FORM_NOT_UTF8,
  FORM_BAD_CHARACTER,
} Form;

static Form
check_form (const char *value,
            const char *allowed)
{
  gsize length = strlen (value);

  if (length == 0)
    return FORM_EMPTY;
  if (length > PLUG_DRIVER_RULES_MAX_LENGTH)
    return FORM_TOO_LONG;
  /* The bus already guarantees UTF-8; checked again since this is the
   * line of defence, and since plugboardctl's arguments are any bytes. */
  if (!g_utf8_validate (value, length, NULL))
    return FORM_NOT_UTF8;
  for (const char *c = value; *c != '\0'; c++)
    {
      if (strchr (allowed, *c) == NULL)
        return FORM_BAD_CHARACTER;
    }

  return FORM_OK;
}

gboolean
plug_gpu_driver_rules_check_pci_slot (const char  *pci_slot,
                                  GError     **error)
{
  g_return_val_if_fail (pci_slot != NULL, FALSE);

  switch (check_form (pci_slot, PCI_SLOT_CHARACTERS))
    {
    case FORM_OK:
      return TRUE;
    case FORM_EMPTY:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("The PCI slot is empty"));
      return FALSE;
    case FORM_TOO_LONG:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The PCI slot is longer than %d bytes"), PLUG_DRIVER_RULES_MAX_LENGTH);
      return FALSE;
    case FORM_NOT_UTF8:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("The PCI slot is not valid UTF-8"));
      return FALSE;
    case FORM_BAD_CHARACTER:
    default:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The PCI slot may only contain the characters %s, as in 0000:03:00.0"),
                   PCI_SLOT_CHARACTERS);
      return FALSE;
    }
}

gboolean
plug_gpu_driver_rules_check_driver (const char  *driver,
                                GError     **error)
{
  g_return_val_if_fail (driver != NULL, FALSE);

  switch (check_form (driver, DRIVER_CHARACTERS))
    {
    case FORM_OK:
      break;
    case FORM_EMPTY:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("The driver name is empty"));
      return FALSE;
    case FORM_TOO_LONG:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The driver name is longer than %d bytes"), PLUG_DRIVER_RULES_MAX_LENGTH);
      return FALSE;
    case FORM_NOT_UTF8:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("The driver name is not valid UTF-8"));
      return FALSE;
    case FORM_BAD_CHARACTER:
    default:
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The driver name may only contain the characters %s"), DRIVER_CHARACTERS);
      return FALSE;
    }

  /* Module names start with a letter; this also keeps anything that looks
   * like an option out. */
  if (!g_ascii_isalpha (driver[0]))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The driver name must start with a letter"));
      return FALSE;
    }

  return TRUE;
}
