/* test-broadband-radio.c: What NetworkManager's WwanEnabled and WwanHardwareEnabled say
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>

#include "plug-broadband-actions.h"

/* The laptop's switch or key cannot be turned off on a test machine
 * (it has no rfkill device): its state is checked here, from the flags
 * NetworkManager publishes, down to the id `plugboardctl --json` prints
 * and the sentence a failed connect says. */
static void
test_radio_flags (void)
{
  struct {
    gboolean            enabled;
    gboolean            hardware_enabled;
    PlugBroadbandRadio  radio;
    const char         *id;
  } cases[] = {
    { TRUE, TRUE, PLUG_BROADBAND_RADIO_ON, "on" },
    { FALSE, TRUE, PLUG_BROADBAND_RADIO_OFF, "off" },
    /* NetworkManager's WwanEnabled is false whenever the switch is off. */
    { FALSE, FALSE, PLUG_BROADBAND_RADIO_HARDWARE_OFF, "hardware-off" },
    { TRUE, FALSE, PLUG_BROADBAND_RADIO_HARDWARE_OFF, "hardware-off" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      PlugBroadbandRadio radio = plug_broadband_radio_from_flags (cases[i].enabled, cases[i].hardware_enabled);

      g_assert_cmpint (radio, ==, cases[i].radio);
      g_assert_cmpstr (plug_broadband_radio_get_id (radio), ==, cases[i].id);
    }
}

static void
test_radio_check (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (plug_broadband_radio_check (PLUG_BROADBAND_RADIO_ON, &error));
  g_assert_no_error (error);

  g_assert_false (plug_broadband_radio_check (PLUG_BROADBAND_RADIO_OFF, &error));
  g_assert_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_RADIO_OFF);
  g_assert_cmpstr (error->message, ==, "Mobile broadband is turned off: turn it on, then connect again");
  g_clear_error (&error);

  g_assert_false (plug_broadband_radio_check (PLUG_BROADBAND_RADIO_HARDWARE_OFF, &error));
  g_assert_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_RADIO_OFF);
  g_assert_cmpstr (error->message, ==,
                   "Mobile broadband is blocked by the laptop’s wireless switch or key: "
                   "use it to turn mobile broadband on, then connect again");
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/broadband-radio/flags", test_radio_flags);
  g_test_add_func ("/broadband-radio/check", test_radio_check);

  return g_test_run ();
}
