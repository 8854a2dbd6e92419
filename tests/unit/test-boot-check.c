/* test-boot-check.c: A GPU's lines of what the next-boot check undid
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>

#include "plug-driver-switch.h"

/* The helper's record, as plugboard-helper --check-boot writes it. */
static const char record[] =
  "amdgpu did not start on the GPU at 0000:03:00.0; Plugboard went back to radeon\n"
  "nvidia did not start on the GPU at 0000:01:00.0, which had no driver; "
  "Plugboard went back to the configuration from before the choice\n";

static void
test_one_gpu (void)
{
  g_autofree char *radeon = plug_driver_switch_dup_boot_check_for (record, "0000:03:00.0");
  g_autofree char *nvidia = plug_driver_switch_dup_boot_check_for (record, "0000:01:00.0");

  g_assert_cmpstr (radeon, ==, "amdgpu did not start on the GPU at 0000:03:00.0; Plugboard went back to radeon");
  g_assert_cmpstr (nvidia, ==,
                   "nvidia did not start on the GPU at 0000:01:00.0, which had no driver; "
                   "Plugboard went back to the configuration from before the choice");
}

static void
test_other_gpus (void)
{
  g_autofree char *other = plug_driver_switch_dup_boot_check_for (record, "0000:07:00.0");
  /* A prefix of another slot is not that slot. */
  g_autofree char *prefix = plug_driver_switch_dup_boot_check_for ("amdgpu did not start on the GPU at "
                                                                   "0000:03:00.01; Plugboard went back",
                                                                   "0000:03:00.0");
  g_autofree char *none = plug_driver_switch_dup_boot_check_for (NULL, "0000:03:00.0");
  g_autofree char *empty = plug_driver_switch_dup_boot_check_for ("", "0000:03:00.0");

  g_assert_null (other);
  g_assert_null (prefix);
  g_assert_null (none);
  g_assert_null (empty);
}

static void
test_two_lines (void)
{
  g_autofree char *both = plug_driver_switch_dup_boot_check_for ("a did not start on the GPU at 0000:03:00.0; x\n"
                                                                 "b did not start on the GPU at 0000:04:00.0; y\n"
                                                                 "c did not start on the GPU at 0000:03:00.0; z\n",
                                                                 "0000:03:00.0");

  g_assert_cmpstr (both, ==,
                   "a did not start on the GPU at 0000:03:00.0; x\n"
                   "c did not start on the GPU at 0000:03:00.0; z");
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/boot-check/one-gpu", test_one_gpu);
  g_test_add_func ("/boot-check/other-gpus", test_other_gpus);
  g_test_add_func ("/boot-check/two-lines", test_two_lines);

  return g_test_run ();
}
