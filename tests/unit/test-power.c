/* test-power.c: PlugPower reads suspend and hibernate readiness
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <glib/gstdio.h>
#include <unistd.h>

#include "plug-power.h"

/*
 * Each case is a small /sys and /proc tree in a temporary root, the seam
 * PlugPower reads through; one case per reason a machine cannot suspend or
 * hibernate, and the ways it can. logind, asked last, needs a system bus:
 * tests/system/test-power-logind.sh asks a dbusmock one. Here there is
 * none, whatever the machine running the tests has.
 */

#define SWAPS_HEADER "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n"
#define MEMINFO_8_GIB "MemTotal:        8388608 kB\nMemFree:         1234567 kB\n"
#define SWAP_16_GIB SWAPS_HEADER "/dev/sda3                               partition\t16777212\t0\t\t-2\n"
#define SWAP_1_GIB SWAPS_HEADER "/swapfile                               file\t\t1048572\t\t0\t\t-2\n"

typedef struct
{
  const char *name;
  const char *state;          /* /sys/power/state, or NULL for none */
  const char *mem_sleep;
  const char *lockdown;
  const char *swaps;
  const char *meminfo;
  const char *command_line;
  const char *resume;         /* /sys/power/resume */
  gboolean    can_suspend;
  const char *suspend_mode;
  const char *suspend_reason;
  gboolean    can_hibernate;
  const char *hibernate_reason;
  /* More files, as pairs of a path and its contents; contents starting
   * with "->" make a symbolic link to the rest. */
  const char *extra[16];
  const char *suspend_warning;      /* in the warnings, or NULL for none */
  const char *hibernate_warning;
} PowerCase;

#define READY_KERNEL "freeze mem disk\n", "s2idle [deep]\n", NULL
#define SWAP_ZRAM SWAPS_HEADER "/dev/zram0                              partition\t16777212\t0\t\t100\n"
#define SWAP_FILE_16_GIB SWAPS_HEADER "/swapfile                               file\t\t16777212\t0\t\t-2\n"
#define NVIDIA_UNITS \
  "etc/systemd/system/systemd-suspend.service.wants/nvidia-suspend.service", "->/usr/lib/systemd/system/nvidia-suspend.service", \
  "etc/systemd/system/systemd-suspend.service.wants/nvidia-resume.service", "->/usr/lib/systemd/system/nvidia-resume.service", \
  "etc/systemd/system/systemd-hibernate.service.wants/nvidia-hibernate.service", "->/usr/lib/systemd/system/nvidia-hibernate.service"

static const PowerCase cases[] = {
  { "ready", "freeze mem disk\n", "s2idle [deep]\n", "[none] integrity confidentiality\n",
    SWAP_16_GIB, MEMINFO_8_GIB, "root=/dev/sda1 resume=UUID=1234 quiet\n", "0:0\n",
    TRUE, "deep", NULL, TRUE, NULL },
  { "resume-from-initramfs", "freeze mem disk\n", "[s2idle] deep\n", NULL,
    SWAP_16_GIB, MEMINFO_8_GIB, "root=/dev/sda1 quiet\n", "8:3\n",
    TRUE, "s2idle", NULL, TRUE, NULL },
  { "suspend-to-idle-only", "freeze\n", NULL, NULL,
    SWAP_16_GIB, MEMINFO_8_GIB, "root=/dev/sda1 quiet\n", NULL,
    TRUE, "s2idle", NULL, FALSE, "does not offer hibernation" },
  { "no-power-management", NULL, NULL, NULL,
    NULL, MEMINFO_8_GIB, "root=/dev/sda1\n", NULL,
    FALSE, NULL, "without power management", FALSE, "does not offer hibernation" },
  { "no-sleep-state", "\n", NULL, NULL,
    SWAP_16_GIB, MEMINFO_8_GIB, "root=/dev/sda1 resume=/dev/sda3\n", NULL,
    FALSE, NULL, "no sleep state on this machine", FALSE, "does not offer hibernation" },
  /* Lockdown also hides "disk": the reason must name lockdown. */
  { "lockdown", "freeze mem\n", "s2idle [deep]\n", "none [integrity] confidentiality\n",
    SWAP_16_GIB, MEMINFO_8_GIB, "root=/dev/sda1 resume=/dev/sda3\n", NULL,
    TRUE, "deep", NULL, FALSE, "Kernel lockdown (“integrity”" },
  { "lockdown-confidentiality", "freeze mem\n", "s2idle [deep]\n", "none integrity [confidentiality]\n",
    SWAP_16_GIB, MEMINFO_8_GIB, "root=/dev/sda1 resume=/dev/sda3\n", NULL,
    TRUE, "deep", NULL, FALSE, "Kernel lockdown (“confidentiality”" },
  { "no-swap", "freeze mem disk\n", "s2idle [deep]\n", "[none] integrity confidentiality\n",
    SWAPS_HEADER, MEMINFO_8_GIB, "root=/dev/sda1 resume=/dev/sda3\n", NULL,
    TRUE, "deep", NULL, FALSE, "no swap space" },
  { "small-swap", "freeze mem disk\n", "s2idle [deep]\n", NULL,
    SWAP_1_GIB, MEMINFO_8_GIB, "root=/dev/sda1 resume=/dev/sda3\n", NULL,
    /* GLib puts a no-break space between a size and its unit. */
    TRUE, "deep", NULL, FALSE, "swap space (1024.0\u00a0MiB) is smaller than the memory (8.0\u00a0GiB)" },
  { "no-resume-device", "freeze mem disk\n", "s2idle [deep]\n", NULL,
    SWAP_16_GIB, MEMINFO_8_GIB, "root=/dev/sda1 resume= quiet\n", "0:0\n",
    TRUE, "deep", NULL, FALSE, "No resume device" },
  /* zram is compressed memory: it holds no image. */
  { "zram-only", READY_KERNEL, SWAP_ZRAM, MEMINFO_8_GIB, "root=/dev/sda1 resume=/dev/sda3\n", NULL,
    TRUE, "deep", NULL, FALSE, "The only swap space is zram" },
  { "zram-not-counted", READY_KERNEL,
    SWAP_ZRAM "/dev/sda3                               partition\t1048572\t0\t\t-2\n",
    MEMINFO_8_GIB, "root=/dev/sda1 resume=/dev/sda3\n", NULL,
    TRUE, "deep", NULL, FALSE, "swap space (1024.0\u00a0MiB) is smaller" },
  { "swap-file-without-offset", READY_KERNEL, SWAP_FILE_16_GIB, MEMINFO_8_GIB,
    "root=/dev/sda1 resume=/dev/sda1\n", NULL,
    TRUE, "deep", NULL, FALSE, "The swap space is a file (/swapfile): hibernation needs both resume=" },
  { "swap-file-without-resume", READY_KERNEL, SWAP_FILE_16_GIB, MEMINFO_8_GIB,
    "root=/dev/sda1 resume_offset=34816\n", "8:1\n",
    TRUE, "deep", NULL, FALSE, "resume_offset= (where the file starts" },
  { "swap-file-ready", READY_KERNEL, SWAP_FILE_16_GIB, MEMINFO_8_GIB,
    "root=/dev/sda1 resume=/dev/sda1 resume_offset=34816\n", NULL,
    TRUE, "deep", NULL, TRUE, NULL },
  { "suspends-failed", READY_KERNEL, SWAP_16_GIB, MEMINFO_8_GIB, "resume=/dev/sda3\n", NULL,
    TRUE, "deep", NULL, TRUE, NULL,
    { "sys/power/suspend_stats/success", "12\n", "sys/power/suspend_stats/fail", "3\n",
      "sys/power/suspend_stats/last_failed_dev", "0000:01:00.0\n",
      "sys/power/suspend_stats/last_failed_step", "suspend\n" },
    "The last 3 suspends failed at 0000:01:00.0 (suspend).", NULL },
  { "one-suspend-failed", READY_KERNEL, SWAP_16_GIB, MEMINFO_8_GIB, "resume=/dev/sda3\n", NULL,
    TRUE, "deep", NULL, TRUE, NULL,
    { "sys/power/suspend_stats/fail", "1\n", "sys/power/suspend_stats/last_failed_dev", "\n",
      "sys/power/suspend_stats/last_failed_step", "resume_noirq\n" },
    "The last suspend failed at an unnamed device (resume_noirq).", NULL },
  { "no-suspend-failed", READY_KERNEL, SWAP_16_GIB, MEMINFO_8_GIB, "resume=/dev/sda3\n", NULL,
    TRUE, "deep", NULL, TRUE, NULL,
    { "sys/power/suspend_stats/fail", "0\n", "sys/power/suspend_stats/last_failed_dev", "\n" },
    NULL, NULL },
  { "nvidia-nothing-set", READY_KERNEL, SWAP_16_GIB, MEMINFO_8_GIB, "resume=/dev/sda3\n", NULL,
    TRUE, "deep", NULL, TRUE, NULL,
    { "sys/module/nvidia/version", "535.183.01\n",
      "proc/driver/nvidia/params", "ResmanDebugLevel: 4294967295\nPreserveVideoMemoryAllocations: 0\n" },
    "nvidia-suspend and nvidia-resume services, which are not enabled", "nvidia-hibernate and nvidia-resume" },
  { "nvidia-no-preserve", READY_KERNEL, SWAP_16_GIB, MEMINFO_8_GIB, "resume=/dev/sda3\n", NULL,
    TRUE, "deep", NULL, TRUE, NULL,
    { "sys/module/nvidia/version", "535.183.01\n", NVIDIA_UNITS },
    "NVreg_PreserveVideoMemoryAllocations=1 is not set", "NVreg_PreserveVideoMemoryAllocations=1 is not set" },
  { "nvidia-ready-params", READY_KERNEL, SWAP_16_GIB, MEMINFO_8_GIB, "resume=/dev/sda3\n", NULL,
    TRUE, "deep", NULL, TRUE, NULL,
    { "sys/module/nvidia/version", "535.183.01\n", NVIDIA_UNITS,
      "proc/driver/nvidia/params", "ResmanDebugLevel: 4294967295\nPreserveVideoMemoryAllocations: 1\n" },
    NULL, NULL },
  { "nvidia-ready-modprobe", READY_KERNEL, SWAP_16_GIB, MEMINFO_8_GIB, "resume=/dev/sda3\n", NULL,
    TRUE, "deep", NULL, TRUE, NULL,
    { "sys/module/nvidia/version", "535.183.01\n", NVIDIA_UNITS,
      "etc/modprobe.d/nvidia-power.conf", "# NVIDIA\noptions nvidia NVreg_PreserveVideoMemoryAllocations=1\n" },
    NULL, NULL },
  /* The units and option are NVIDIA's proprietary driver's needs only. */
  { "nouveau-no-warnings", READY_KERNEL, SWAP_16_GIB, MEMINFO_8_GIB, "resume=/dev/sda3\n", NULL,
    TRUE, "deep", NULL, TRUE, NULL, { "sys/module/nouveau/version", "1\n" }, NULL, NULL },
};

static void
write_file (const char *root,
            const char *path,
            const char *contents)
{
  g_autofree char *full_path = g_build_filename (root, path, NULL);
  g_autofree char *directory = g_path_get_dirname (full_path);
  g_autoptr(GError) error = NULL;

  if (contents == NULL)
    return;

  g_assert_cmpint (g_mkdir_with_parents (directory, 0755), ==, 0);
  if (g_str_has_prefix (contents, "->"))
    {
      g_assert_cmpint (symlink (contents + 2, full_path), ==, 0);
      return;
    }
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

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
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

static void
assert_contains_or_null (const char *actual,
                         const char *expected)
{
  if (expected == NULL)
    g_assert_null (actual);
  else
    g_assert_nonnull (strstr (actual, expected));
}

static void
assert_warnings (const char * const *warnings,
                 const char         *expected)
{
  g_autofree char *joined = g_strjoinv ("\n", (char **) warnings);

  if (expected == NULL)
    g_assert_cmpstr (joined, ==, "");
  else if (strstr (joined, expected) == NULL)
    g_error ("“%s” is not in the warnings: “%s”", expected, joined);
}

static void
test_power (gconstpointer user_data)
{
  const PowerCase *power_case = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *root = g_dir_make_tmp ("plug-power-XXXXXX", &error);
  g_autoptr(PlugPower) power = NULL;
  g_autoptr(GAsyncResult) result = NULL;

  g_assert_no_error (error);
  write_file (root, "sys/power/state", power_case->state);
  write_file (root, "sys/power/mem_sleep", power_case->mem_sleep);
  write_file (root, "sys/power/resume", power_case->resume);
  write_file (root, "sys/kernel/security/lockdown", power_case->lockdown);
  write_file (root, "proc/swaps", power_case->swaps);
  write_file (root, "proc/meminfo", power_case->meminfo);
  write_file (root, "proc/cmdline", power_case->command_line);
  for (guint i = 0; power_case->extra[i] != NULL; i += 2)
    write_file (root, power_case->extra[i], power_case->extra[i + 1]);

  power = plug_power_new (root);
  plug_power_read_async (power, NULL, read_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (plug_power_read_finish (power, result, &error));
  g_assert_no_error (error);

  g_assert_cmpint (plug_power_can_suspend (power), ==, power_case->can_suspend);
  g_assert_cmpstr (plug_power_get_suspend_mode (power), ==, power_case->suspend_mode);
  assert_contains_or_null (plug_power_get_suspend_reason (power), power_case->suspend_reason);
  g_assert_cmpint (plug_power_can_hibernate (power), ==, power_case->can_hibernate);
  assert_contains_or_null (plug_power_get_hibernate_reason (power), power_case->hibernate_reason);
  assert_warnings (plug_power_get_suspend_warnings (power), power_case->suspend_warning);
  assert_warnings (plug_power_get_hibernate_warnings (power), power_case->hibernate_warning);

  remove_tree (root);
}

int
main (int    argc,
      char **argv)
{
  setlocale (LC_ALL, "");
  g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=/nonexistent/plugboard-test-power", TRUE);
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/power/%s", cases[i].name);

      g_test_add_data_func (path, &cases[i], test_power);
    }

  return g_test_run ();
}
