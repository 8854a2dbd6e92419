/* fuzz-driver-rules.c: Any bytes as a PCI slot or a driver name
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <gio/gio.h>

#include "plug-gpu-driver-rules.h"
#include "plug-fuzz.h"

/*
 * The two strings a caller of plugboard-helper sends, which the helper
 * (running as root), plugboardctl and the panel check with the same rules
 * before anything looks them up. The first byte picks which of the two;
 * the rest, up to a NUL byte, is the string. Whatever it is, it is
 * refused with a reason, or accepted in a form that cannot be a path, an
 * option, a format or more than one line: the form is written out here
 * again, independently of the rules under test.
 */

static gboolean
expected_acceptable (const char *value,
                     gboolean    is_driver)
{
  gsize length = strlen (value);

  if (length == 0 || length > 64)
    return FALSE;

  for (gsize i = 0; i < length; i++)
    {
      char c = value[i];

      if (is_driver)
        {
          if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
            return FALSE;
        }
      else
        {
          if (!((c >= 'a' && c <= 'f') || (c >= '0' && c <= '9') || c == ':' || c == '.'))
            return FALSE;
        }
    }

  return !is_driver || (value[0] >= 'a' && value[0] <= 'z');
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *value = NULL;
  g_autoptr(GError) error = NULL;
  gboolean is_driver;
  gboolean accepted;

  plug_fuzz_init_once ();

  if (size == 0)
    return 0;

  is_driver = data[0] & 1;
  /* An argument is a C string: what follows a NUL byte is not part of it. */
  value = g_strndup ((const char *) data + 1, size - 1);

  if (is_driver)
    accepted = plug_gpu_driver_rules_check_driver (value, &error);
  else
    accepted = plug_gpu_driver_rules_check_pci_slot (value, &error);

  g_assert_cmpint (accepted, ==, expected_acceptable (value, is_driver));

  if (!accepted)
    {
      /* A refusal says why, in one valid UTF-8 line. */
      g_assert_nonnull (error);
      g_assert_true (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT));
      g_assert_cmpstr (error->message, !=, "");
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      g_assert_null (strchr (error->message, '\n'));
      return 0;
    }

  g_assert_null (error);
  /* Nothing accepted can name a folder, start an option, hold a format
   * directive or leave the line. */
  g_assert_null (strchr (value, '/'));
  g_assert_null (strchr (value, '%'));
  g_assert_null (strchr (value, '\n'));
  g_assert_cmpint (value[0], !=, '-');
  g_assert_cmpuint (strlen (value), <=, PLUG_DRIVER_RULES_MAX_LENGTH);

  return 0;
}
