/* test-graphics-report.c: The Graphics panel's report, word for word
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <glib/gstdio.h>

#include "plug-gpu-private.h"
#include "plug-graphics-report.h"

/*
 * The report is what a user pastes into a bug report, so each case checks
 * it whole. The GPUs are made directly (PlugGpuList's own reading is
 * tested in test-gpu-list.c); the power readiness is read by a real
 * PlugPower from a small /sys and /proc tree in a temporary root.
 */

#define SWAPS "Filename\tType\tSize\tUsed\tPriority\n/dev/sda3 partition\t16777212\t0\t-2\n"
#define MEMINFO "MemTotal:        8388608 kB\n"

static void
write_file (const char *root,
            const char *path,
            const char *contents)
{
  g_autofree char *full_path = g_build_filename (root, path, NULL);
  g_autofree char *directory = g_path_get_dirname (full_path);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (directory, 0755), ==, 0);
  g_file_set_contents (full_path, contents, -1, &error);
  g_assert_no_error (error);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) directory = g_dir_open (path, 0, NULL);
  const char *name;

  while (directory != NULL && (name = g_dir_read_name (directory)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_assert_cmpint (g_unlink (child), ==, 0);
    }

  g_assert_cmpint (g_rmdir (path), ==, 0);
}

static void
read_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  GAsyncResult **result_out = user_data;

  *result_out = g_object_ref (result);
}

/* A PlugPower read from a root with these files; NULL leaves one out. */
static PlugPower *
read_power (const char *state,
            const char *mem_sleep,
            const char *lockdown,
            const char *swaps)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(PlugPower) power = NULL;
  g_autofree char *root = g_dir_make_tmp ("plug-graphics-report-XXXXXX", &error);

  g_assert_no_error (error);
  write_file (root, "proc/cmdline", "root=/dev/sda1 resume=/dev/sda3 quiet\n");
  write_file (root, "proc/meminfo", MEMINFO);
  if (state != NULL)
    write_file (root, "sys/power/state", state);
  if (mem_sleep != NULL)
    write_file (root, "sys/power/mem_sleep", mem_sleep);
  if (lockdown != NULL)
    write_file (root, "sys/kernel/security/lockdown", lockdown);
  if (swaps != NULL)
    write_file (root, "proc/swaps", swaps);

  power = plug_power_new (root);
  plug_power_read_async (power, NULL, read_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (plug_power_read_finish (power, result, &error));
  g_assert_no_error (error);

  remove_tree (root);

  return g_steal_pointer (&power);
}

static PlugGpu *
make_intel (void)
{
  PlugGpu *gpu = plug_gpu_new ();
  const char * const nothing[] = { NULL };

  gpu->pci_slot = g_strdup ("0000:00:0a.0");
  gpu->vendor_id = g_strdup ("0x8086");
  gpu->device_id = g_strdup ("0x9a49");
  gpu->vendor = g_strdup ("Intel Corporation");
  gpu->model = g_strdup ("TigerLake-LP GT2 [Iris Xe Graphics]");
  gpu->boot_vga = TRUE;
  gpu->kind = PLUG_GPU_KIND_INTEGRATED;
  gpu->driver = g_strdup ("i915");
  gpu->driver_license = PLUG_GPU_LICENSE_OPEN;
  gpu->alternatives = g_strdupv ((char **) nothing);
  gpu->blacklisted = g_strdupv ((char **) nothing);

  return gpu;
}

static PlugGpu *
make_nvidia (void)
{
  PlugGpu *gpu = plug_gpu_new ();
  const char * const alternatives[] = { "nouveau", NULL };

  gpu->pci_slot = g_strdup ("0000:01:00.0");
  gpu->vendor_id = g_strdup ("0x10de");
  gpu->device_id = g_strdup ("0x1f99");
  gpu->vendor = g_strdup ("NVIDIA Corporation");
  gpu->model = g_strdup ("TU117M");
  gpu->kind = PLUG_GPU_KIND_DISCRETE;
  gpu->driver = g_strdup ("nvidia");
  gpu->driver_version = g_strdup ("535.183.01");
  gpu->driver_license = PLUG_GPU_LICENSE_PROPRIETARY;
  gpu->alternatives = g_strdupv ((char **) alternatives);
  gpu->blacklisted = g_strdupv ((char **) alternatives);

  return gpu;
}

/* A Tahiti card with no driver bound, named only by its ids. */
static PlugGpu *
make_unbound (void)
{
  PlugGpu *gpu = plug_gpu_new ();
  const char * const alternatives[] = { "amdgpu", "radeon", NULL };
  const char * const blacklisted[] = { "radeon", NULL };

  gpu->pci_slot = g_strdup ("0000:07:00.0");
  gpu->vendor_id = g_strdup ("0x1002");
  gpu->device_id = g_strdup ("0x6798");
  gpu->boot_vga = TRUE;
  gpu->alternatives = g_strdupv ((char **) alternatives);
  gpu->blacklisted = g_strdupv ((char **) blacklisted);
  gpu->reason = g_strdup ("No driver is bound to this GPU. Without a driver there is no hardware acceleration.");

  return gpu;
}

static void
test_hybrid (void)
{
  g_autoptr(GListStore) gpus = g_list_store_new (PLUG_TYPE_GPU);
  g_autoptr(PlugGpu) intel = make_intel ();
  g_autoptr(PlugGpu) nvidia = make_nvidia ();
  g_autoptr(PlugPower) power = read_power ("freeze mem\n", "s2idle [deep]\n",
                                           "none [integrity] confidentiality\n", SWAPS);
  const PlugGraphicsDisplay displays[] = {
    { "eDP-1", NULL, 1920, 1080, 1, 60000, NULL },
    { "DELL U2720Q", "DP-1", 2560, 1440, 2, 59950, "The desktop runs this display below its native 3840 × 2160." },
  };
  g_autofree char *report = NULL;

  g_list_store_append (gpus, intel);
  g_list_store_append (gpus, nvidia);

  report = plug_graphics_report_build (G_LIST_MODEL (gpus), power, displays, G_N_ELEMENTS (displays));

  g_assert_cmpstr (report, ==,
                   "Graphics report from Plugboard " PACKAGE_VERSION "\n"
                   "\n"
                   "GPU: Intel Corporation TigerLake-LP GT2 [Iris Xe Graphics]\n"
                   "  Driver: i915 (Open Source)\n"
                   "  Other installed drivers: none\n"
                   "  Type: integrated\n"
                   "  Drives the boot display: yes\n"
                   "  PCI slot: 0000:00:0a.0\n"
                   "  PCI ID: 8086:9a49\n"
                   "\n"
                   "GPU: NVIDIA Corporation TU117M\n"
                   "  Driver: nvidia 535.183.01 (Proprietary)\n"
                   "  Other installed drivers: nouveau (blacklisted)\n"
                   "  Type: discrete\n"
                   "  Drives the boot display: no\n"
                   "  PCI slot: 0000:01:00.0\n"
                   "  PCI ID: 10de:1f99\n"
                   "\n"
                   "Displays\n"
                   "  eDP-1: 1920 × 1080 · 60 Hz\n"
                   "  DELL U2720Q (DP-1): 2560 × 1440 · 59.95 Hz · scale 2\n"
                   "    Problem: The desktop runs this display below its native 3840 × 2160.\n"
                   "\n"
                   "Power\n"
                   "  Suspend: Possible (deep)\n"
                   "  Hibernate: Not possible. Kernel lockdown (“integrity”, usually turned on by "
                   "Secure Boot) forbids hibernation.\n");
}

/* What is not known is left out or said to be unknown, never made up. */
static void
test_unknowns (void)
{
  g_autoptr(GListStore) gpus = g_list_store_new (PLUG_TYPE_GPU);
  g_autoptr(PlugGpu) unbound = make_unbound ();
  g_autoptr(PlugPower) power = read_power (NULL, NULL, NULL, NULL);
  g_autofree char *report = NULL;

  g_list_store_append (gpus, unbound);

  report = plug_graphics_report_build (G_LIST_MODEL (gpus), power, NULL, 0);

  g_assert_true (g_str_has_prefix (report,
                                   "Graphics report from Plugboard " PACKAGE_VERSION "\n"
                                   "\n"
                                   "GPU: Unknown GPU\n"
                                   "  Driver: none\n"
                                   "  No driver is bound to this GPU. Without a driver there is no "
                                   "hardware acceleration.\n"
                                   "  Other installed drivers: amdgpu, radeon (blacklisted)\n"
                                   "  Type: unknown\n"
                                   "  Drives the boot display: yes\n"
                                   "  PCI slot: 0000:07:00.0\n"
                                   "  PCI ID: 1002:6798\n"
                                   "\n"
                                   "Displays\n"
                                   "  none found\n"
                                   "\n"
                                   "Power\n"
                                   "  Suspend: Not possible. "));
  g_assert_nonnull (strstr (report, "without power management"));
  g_assert_nonnull (strstr (report, "\n  Hibernate: Not possible. The kernel does not offer hibernation"));
  g_assert_true (g_str_has_suffix (report, ".\n"));
  g_assert_null (strstr (report, "renderer"));
  g_assert_null (strstr (report, "accelerated"));
}

static void
test_no_gpu (void)
{
  g_autoptr(GListStore) gpus = g_list_store_new (PLUG_TYPE_GPU);
  g_autoptr(PlugPower) power = read_power ("freeze\n", NULL, NULL, SWAPS);
  const PlugGraphicsDisplay display = { "screen", NULL, 1280, 800, 1, 0, NULL };
  g_autofree char *report = plug_graphics_report_build (G_LIST_MODEL (gpus), power, &display, 1);
  g_autofree char *expected_start = g_strdup_printf ("Graphics report from Plugboard %s\n\n"
                                                     "No GPU found.\n\n"
                                                     "Displays\n"
                                                     "  screen: 1280 × 800\n"
                                                     "\n"
                                                     "Power\n"
                                                     "  Suspend: Possible (s2idle)\n"
                                                     "  Hibernate: Not possible. ",
                                                     PACKAGE_VERSION);

  g_assert_true (g_str_has_prefix (report, expected_start));
}

static void
test_phrases (void)
{
  g_autoptr(PlugGpu) intel = make_intel ();
  g_autoptr(PlugGpu) nvidia = make_nvidia ();
  g_autoptr(PlugGpu) unbound = make_unbound ();
  const PlugGraphicsDisplay fast = { "DP-2", NULL, 2560, 1440, 1, 143981, NULL };
  const PlugGraphicsDisplay unknown_rate = { "HDMI-1", NULL, 1024, 768, 3, 0, NULL };
  g_autofree char *fast_mode = plug_graphics_dup_display_mode (&fast);
  g_autofree char *unknown_rate_mode = plug_graphics_dup_display_mode (&unknown_rate);
  g_autofree char *intel_driver = plug_graphics_dup_driver_description (intel);
  g_autofree char *nvidia_driver = plug_graphics_dup_driver_description (nvidia);
  g_autofree char *unbound_driver = plug_graphics_dup_driver_description (unbound);
  g_autofree char *intel_others = plug_graphics_dup_other_drivers (intel);
  g_autofree char *nvidia_name = plug_graphics_dup_gpu_name (nvidia);

  g_assert_cmpstr (fast_mode, ==, "2560 × 1440 · 143.98 Hz");
  g_assert_cmpstr (unknown_rate_mode, ==, "1024 × 768 · scale 3");
  g_assert_cmpstr (intel_driver, ==, "i915");
  g_assert_cmpstr (nvidia_driver, ==, "nvidia 535.183.01");
  g_assert_null (unbound_driver);
  g_assert_null (intel_others);
  g_assert_cmpstr (nvidia_name, ==, "NVIDIA Corporation TU117M");

  /* The dialogs name a GPU by its product name, not the whole one. */
  g_clear_pointer (&nvidia_name, g_free);
  nvidia_name = plug_graphics_dup_gpu_short_name (intel);
  g_assert_cmpstr (nvidia_name, ==, "Iris Xe Graphics");
  g_clear_pointer (&nvidia_name, g_free);
  nvidia_name = plug_graphics_dup_gpu_short_name (nvidia);
  g_assert_cmpstr (nvidia_name, ==, "TU117M");
  g_clear_pointer (&nvidia->model, g_free);
  nvidia->model = g_strdup ("Device [] 1f99 []");
  g_clear_pointer (&nvidia_name, g_free);
  nvidia_name = plug_graphics_dup_gpu_short_name (nvidia);
  g_assert_cmpstr (nvidia_name, ==, "Device [] 1f99 []");

  g_clear_pointer (&nvidia->model, g_free);
  g_clear_pointer (&nvidia_name, g_free);
  nvidia_name = plug_graphics_dup_gpu_name (nvidia);
  g_assert_cmpstr (nvidia_name, ==, "NVIDIA Corporation GPU");
  g_clear_pointer (&nvidia_name, g_free);
  nvidia_name = plug_graphics_dup_gpu_short_name (nvidia);
  g_assert_cmpstr (nvidia_name, ==, "NVIDIA Corporation GPU");

  g_assert_cmpstr (plug_graphics_license_get_display_name (PLUG_GPU_LICENSE_OPEN), ==, "Open Source");
  g_assert_cmpstr (plug_graphics_license_get_display_name (PLUG_GPU_LICENSE_PROPRIETARY), ==, "Proprietary");
  g_assert_null (plug_graphics_license_get_display_name (PLUG_GPU_LICENSE_UNKNOWN));
}

int
main (int   argc,
      char *argv[])
{
  /* The report formats decimals (refresh rates) for the reader's locale;
   * the expected text is the untranslated one with a decimal point. */
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/graphics-report/hybrid", test_hybrid);
  g_test_add_func ("/graphics-report/unknowns", test_unknowns);
  g_test_add_func ("/graphics-report/no-gpu", test_no_gpu);
  g_test_add_func ("/graphics-report/phrases", test_phrases);

  return g_test_run ();
}
