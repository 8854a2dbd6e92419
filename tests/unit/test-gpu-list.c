/* test-gpu-list.c: PlugGpuList reads GPUs that umockdev makes up
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <glib/gstdio.h>
#include <umockdev.h>

#include "plug-gpu-list.h"

/*
 * Runs under umockdev-wrapper: each test loads one of the hand-written
 * device descriptions in tests/fixtures/gpus into a UMockdevTestbed, so
 * that udev sees only those PCI and drm devices. What udev does not
 * describe (/sys/module, /proc/cmdline, modprobe.d, pci.ids) goes in a
 * temporary root directory, and the installed drivers are the stub
 * modules make-modules built, indexed by the real depmod.
 */

#define KERNEL_VERSION "6.1.0-plug"

static char *fixtures_directory;
static char *modules_directory;

typedef struct
{
  UMockdevTestbed *testbed;
  char            *root;
} Fixture;

typedef struct
{
  const char     *pci_slot;
  const char     *vendor_id;
  const char     *device_id;
  const char     *vendor;
  const char     *model;
  const char     *modalias;
  gboolean        boot_vga;
  PlugGpuKind     kind;
  const char     *kind_hint;
  const char     *drm_nodes[3];
  const char     *driver;
  const char     *driver_version;
  PlugGpuLicense  driver_license;
  const char     *alternatives[3];
  const char     *blacklisted[3];
  const char     *reason;
  const char     *switch_unavailable;
} Expected;

static const Expected intel = {
  .pci_slot = "0000:00:0a.0",
  .vendor_id = "0x8086",
  .device_id = "0x9a49",
  .vendor = "Intel Corporation",
  .model = "TigerLake-LP GT2 [Iris Xe Graphics]",
  .modalias = "pci:v00008086d00009A49sv000017AAsd000022D8bc03sc00i00",
  .boot_vga = TRUE,
  .kind = PLUG_GPU_KIND_INTEGRATED,
  .kind_hint = "intel-id",
  .drm_nodes = { "card0", "renderD128" },
  .driver = "i915",
  .driver_license = PLUG_GPU_LICENSE_OPEN,
  .switch_unavailable = "There is no other driver to switch to: i915, the one in use, is the only "
                        "installed driver for this GPU.",
};

static const char nvidia_modalias[] = "pci:v000010DEd00001F99sv000017AAsd000022D8bc03sc02i00";
static const char tahiti_modalias[] = "pci:v00001002d00006798sv00001002sd00003000bc03sc00i00";

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

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_assert_cmpint (g_unlink (child), ==, 0);
    }

  g_assert_cmpint (g_rmdir (path), ==, 0);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  user_data)
{
  g_autofree char *pci_ids_path = g_build_filename (fixtures_directory, "pci.ids", NULL);
  g_autofree char *pci_ids = NULL;
  g_autoptr(GError) error = NULL;

  fixture->testbed = umockdev_testbed_new ();
  fixture->root = g_dir_make_tmp ("plug-gpu-root-XXXXXX", &error);
  g_assert_no_error (error);

  g_file_get_contents (pci_ids_path, &pci_ids, NULL, &error);
  g_assert_no_error (error);
  write_file (fixture->root, "usr/share/misc/pci.ids", pci_ids);
  write_file (fixture->root, "proc/cmdline", "BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro quiet\n");
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  user_data)
{
  g_clear_object (&fixture->testbed);
  remove_tree (fixture->root);
  g_clear_pointer (&fixture->root, g_free);
}

static void
add_devices (Fixture    *fixture,
             const char *name)
{
  g_autofree char *path = g_build_filename (fixtures_directory, name, NULL);
  g_autoptr(GError) error = NULL;

  umockdev_testbed_add_from_file (fixture->testbed, path, &error);
  g_assert_no_error (error);
}

static void
load_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  GAsyncResult **result_out = user_data;

  *result_out = g_object_ref (result);
}

static PlugGpuList *
load (Fixture *fixture)
{
  g_autoptr(PlugGpuList) gpus = plug_gpu_list_new (fixture->root, modules_directory);
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (plug_gpu_list_get_root_directory (gpus), ==, fixture->root);
  g_assert_cmpstr (plug_gpu_list_get_modules_directory (gpus), ==, modules_directory);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gpus)), ==, 0);

  plug_gpu_list_load_async (gpus, NULL, load_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);

  g_assert_true (plug_gpu_list_load_finish (gpus, result, &error));
  g_assert_no_error (error);

  return g_steal_pointer (&gpus);
}

static void
assert_strv (const char * const *actual,
             const char * const *expected,
             guint                n_expected)
{
  guint n = 0;

  while (n < n_expected && expected[n] != NULL)
    n++;

  g_assert_cmpuint (g_strv_length ((char **) actual), ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (actual[i], ==, expected[i]);
}

static void
assert_gpu (GListModel     *gpus,
            guint           position,
            const Expected *expected)
{
  g_autoptr(PlugGpu) gpu = g_list_model_get_item (gpus, position);
  const char * const *alternatives;

  g_assert_nonnull (gpu);
  g_assert_cmpstr (plug_gpu_get_pci_slot (gpu), ==, expected->pci_slot);
  g_assert_true (g_str_has_suffix (plug_gpu_get_sysfs_path (gpu), expected->pci_slot));
  g_assert_cmpstr (plug_gpu_get_vendor_id (gpu), ==, expected->vendor_id);
  g_assert_cmpstr (plug_gpu_get_device_id (gpu), ==, expected->device_id);
  g_assert_cmpstr (plug_gpu_get_vendor (gpu), ==, expected->vendor);
  g_assert_cmpstr (plug_gpu_get_model (gpu), ==, expected->model);
  g_assert_cmpstr (plug_gpu_get_modalias (gpu), ==, expected->modalias);
  g_assert_cmpint (plug_gpu_is_boot_vga (gpu), ==, expected->boot_vga);
  g_assert_cmpint (plug_gpu_get_kind (gpu), ==, expected->kind);
  g_assert_cmpint (plug_gpu_is_integrated (gpu), ==, expected->kind == PLUG_GPU_KIND_INTEGRATED);
  g_assert_cmpstr (plug_gpu_get_kind_hint (gpu), ==, expected->kind_hint);
  g_assert_cmpstr (plug_gpu_get_switch_unavailable_reason (gpu), ==, expected->switch_unavailable);
  assert_strv (plug_gpu_get_drm_nodes (gpu), expected->drm_nodes, G_N_ELEMENTS (expected->drm_nodes));
  g_assert_cmpstr (plug_gpu_get_driver (gpu), ==, expected->driver);
  g_assert_cmpstr (plug_gpu_get_driver_version (gpu), ==, expected->driver_version);
  g_assert_cmpint (plug_gpu_get_driver_license (gpu), ==, expected->driver_license);
  assert_strv (plug_gpu_get_alternatives (gpu), expected->alternatives, G_N_ELEMENTS (expected->alternatives));

  alternatives = plug_gpu_get_alternatives (gpu);
  for (guint i = 0; alternatives[i] != NULL; i++)
    g_assert_cmpint (plug_gpu_is_blacklisted (gpu, alternatives[i]), ==,
                     g_strv_contains (expected->blacklisted, alternatives[i]));

  if (expected->reason == NULL)
    g_assert_null (plug_gpu_get_reason (gpu));
  else
    g_assert_nonnull (strstr (plug_gpu_get_reason (gpu), expected->reason));
}

/* --- the tests ------------------------------------------------------------ */

static void
test_license_ids (void)
{
  g_assert_cmpstr (plug_gpu_license_get_id (PLUG_GPU_LICENSE_OPEN), ==, "open");
  g_assert_cmpstr (plug_gpu_license_get_id (PLUG_GPU_LICENSE_PROPRIETARY), ==, "proprietary");
  g_assert_null (plug_gpu_license_get_id (PLUG_GPU_LICENSE_UNKNOWN));
}

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  gpointer    user_data)
{
  guint *changes = user_data;

  changes[0]++;
  changes[1] = position;
  changes[2] = removed;
  changes[3] = added;
}

static void
test_intel (Fixture       *fixture,
            gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;
  guint changes[4] = { 0, };

  add_devices (fixture, "intel-i915.umockdev");
  /* A loaded in-tree module: a taint file without flags, and no version. */
  write_file (fixture->root, "sys/module/i915/taint", "\n");
  gpus = load (fixture);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gpus)), ==, 1);
  assert_gpu (G_LIST_MODEL (gpus), 0, &intel);

  /* A second reading replaces the items, announced once. */
  g_signal_connect (gpus, "items-changed", G_CALLBACK (items_changed_cb), changes);
  {
    g_autoptr(GAsyncResult) result = NULL;

    plug_gpu_list_load_async (gpus, NULL, load_cb, &result);
    while (result == NULL)
      g_main_context_iteration (NULL, TRUE);
    g_assert_true (plug_gpu_list_load_finish (gpus, result, NULL));
  }
  g_assert_cmpuint (changes[0], ==, 1);
  g_assert_cmpuint (changes[1], ==, 0);
  g_assert_cmpuint (changes[2], ==, 1);
  g_assert_cmpuint (changes[3], ==, 1);
  assert_gpu (G_LIST_MODEL (gpus), 0, &intel);
}

static void
test_hybrid_nouveau (Fixture       *fixture,
                     gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;
  const Expected nvidia = {
    .pci_slot = "0000:01:00.0",
    .vendor_id = "0x10de",
    .device_id = "0x1f99",
    .vendor = "NVIDIA Corporation",
    .model = "TU117M",
    .modalias = nvidia_modalias,
    .boot_vga = FALSE,
    .kind = PLUG_GPU_KIND_DISCRETE,
    .kind_hint = "nvidia-id",
    .drm_nodes = { "card1", "renderD129" },
    .driver = "nouveau",
    .driver_license = PLUG_GPU_LICENSE_OPEN,
    .alternatives = { "nvidia" },
  };

  add_devices (fixture, "hybrid-nouveau.umockdev");
  gpus = load (fixture);

  /* One GPU per PCI device, not per drm node, in PCI address order. */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gpus)), ==, 2);
  assert_gpu (G_LIST_MODEL (gpus), 0, &intel);
  assert_gpu (G_LIST_MODEL (gpus), 1, &nvidia);
}

static void
test_hybrid_nvidia (Fixture       *fixture,
                    gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;
  const Expected nvidia = {
    .pci_slot = "0000:01:00.0",
    .vendor_id = "0x10de",
    .device_id = "0x1f99",
    .vendor = "NVIDIA Corporation",
    .model = "TU117M",
    .modalias = nvidia_modalias,
    .kind = PLUG_GPU_KIND_DISCRETE,
    .kind_hint = "nvidia-id",
    .drm_nodes = { "card1", "renderD129" },
    .driver = "nvidia",
    .driver_version = "535.183.01",
    .driver_license = PLUG_GPU_LICENSE_PROPRIETARY,
    .alternatives = { "nouveau" },
    .blacklisted = { "nouveau" },
  };

  add_devices (fixture, "hybrid-nvidia.umockdev");
  /* What the loaded proprietary module shows: its version, and the
   * kernel's taint flags (P proprietary, O out of tree, E unsigned). */
  write_file (fixture->root, "sys/module/nvidia/version", "535.183.01\n");
  write_file (fixture->root, "sys/module/nvidia/taint", "POE\n");
  write_file (fixture->root, "etc/modprobe.d/nvidia-blacklists-nouveau.conf",
              "# installed by the nvidia driver package\nblacklist nouveau\n");
  gpus = load (fixture);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gpus)), ==, 2);
  assert_gpu (G_LIST_MODEL (gpus), 0, &intel);
  assert_gpu (G_LIST_MODEL (gpus), 1, &nvidia);
}

static void
assert_display (GListModel         *displays,
                guint               position,
                const char         *connector,
                const char         *pci_slot,
                gboolean            connected,
                const char         *name,
                int                 width,
                int                 height,
                int                 refresh_rate,
                const char * const *modes)
{
  g_autoptr(PlugDisplay) display = g_list_model_get_item (displays, position);

  g_assert_nonnull (display);
  g_assert_cmpstr (plug_display_get_connector (display), ==, connector);
  g_assert_cmpstr (plug_display_get_pci_slot (display), ==, pci_slot);
  g_assert_cmpint (plug_display_is_connected (display), ==, connected);
  g_assert_cmpint (plug_display_is_enabled (display), ==, connected);
  g_assert_cmpstr (plug_display_get_name (display), ==, name);
  g_assert_cmpint (plug_display_get_width (display), ==, width);
  g_assert_cmpint (plug_display_get_height (display), ==, height);
  g_assert_cmpint (plug_display_get_refresh_rate (display), ==, refresh_rate);
  g_assert_cmpstrv (plug_display_get_modes (display), modes);
}

/* The EDID's preferred mode as "WxH", the firmware framebuffer, and a
 * resolution problem that has each of the phrases in @problem (or none). */
static void
assert_resolution (GListModel         *displays,
                   guint               position,
                   const char         *native,
                   const char         *framebuffer,
                   const char * const *problem)
{
  g_autoptr(PlugDisplay) display = g_list_model_get_item (displays, position);
  g_autofree char *native_resolution = NULL;

  g_assert_nonnull (display);
  native_resolution = plug_display_dup_native_resolution (display);
  g_assert_cmpstr (native_resolution, ==, native);
  g_assert_cmpstr (plug_display_get_framebuffer (display), ==, framebuffer);
  if (problem == NULL)
    {
      g_assert_null (plug_display_get_resolution_problem (display));
      return;
    }
  g_assert_nonnull (plug_display_get_resolution_problem (display));
  for (guint i = 0; problem[i] != NULL; i++)
    if (strstr (plug_display_get_resolution_problem (display), problem[i]) == NULL)
      g_error ("“%s” is not in the problem “%s”", problem[i], plug_display_get_resolution_problem (display));
}

/* EDIDs made with tests/fixtures/gpus/make-edid, as hex. */
static const char wide_15_edid[] =
  "00FFFFFFFFFFFF0041820110040302010A220104A522137803EE95A3544C99260F505400000001010101010101"
  "010101010101010101BC1B00A0502017303020350044221000001A000000FD0028901EA03C000A20202020202000"
  "0000FC00506C756720576964652031350A000000FE00506C7567626F6172640A20202000C9";
static const char wide_24_edid[] =
  "00FFFFFFFFFFFF0041820310040302010A220104A522137803EE95A3544C99260F505400000001010101010101"
  "010101010101010101283C80A070B023403020350044221000001A000000FD0028901EA03C000A20202020202000"
  "0000FC00506C756720576964652032340A000000FE00506C7567626F6172640A20202000EE";

static GBytes *
bytes_from_hex (const char *hex)
{
  gsize length = strlen (hex) / 2;
  guint8 *data = g_malloc (length);

  g_assert_cmpuint (strlen (hex) % 2, ==, 0);
  for (gsize i = 0; i < length; i++)
    {
      int high = g_ascii_xdigit_value (hex[2 * i]);
      int low = g_ascii_xdigit_value (hex[2 * i + 1]);

      g_assert_cmpint (high, >=, 0);
      g_assert_cmpint (low, >=, 0);
      data[i] = (guint8) (high << 4 | low);
    }

  return g_bytes_new_take (data, length);
}

/* The firmware's copy of the monitor's EDID, as the kernel keeps it in
 * /sys/firmware/edid. */
static void
write_firmware_edid (Fixture    *fixture,
                     const char *hex)
{
  g_autoptr(GBytes) edid = bytes_from_hex (hex);
  g_autofree char *path = g_build_filename (fixture->root, "sys", "firmware", "edid", NULL);
  g_autofree char *directory = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (directory, 0755), ==, 0);
  g_file_set_contents (path, g_bytes_get_data (edid, NULL), g_bytes_get_size (edid), &error);
  g_assert_no_error (error);
}

/* The connectors of both GPUs, from their sysfs files: the monitors' EDIDs
 * and the kernel's modes, each listed once. */
static void
test_displays (Fixture       *fixture,
               gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;
  g_autoptr(PlugDisplay) panel = NULL;
  GListModel *displays;
  const char * const panel_modes[] = { "1920x1080", "1600x900", "1280x720", "1024x768", NULL };
  const char * const qhd_modes[] = { "2560x1440", "1920x1080", "1280x720", NULL };
  const char * const no_modes[] = { NULL };

  add_devices (fixture, "hybrid-nvidia.umockdev");
  gpus = load (fixture);
  displays = plug_gpu_list_get_displays (gpus);

  g_assert_cmpuint (g_list_model_get_n_items (displays), ==, 3);
  assert_display (displays, 0, "HDMI-A-1", "0000:00:0a.0", FALSE, NULL, 0, 0, 0, no_modes);
  assert_display (displays, 1, "eDP-1", "0000:00:0a.0", TRUE, "Plug Panel", 1920, 1080, 60000, panel_modes);
  assert_display (displays, 2, "DP-1", "0000:01:00.0", TRUE, "Plug 27 QHD", 2560, 1440, 144000, qhd_modes);

  panel = g_list_model_get_item (displays, 1);
  g_assert_cmpstr (plug_display_get_card (panel), ==, "card0");
  g_assert_cmpstr (plug_display_get_manufacturer (panel), ==, "PLB");
  g_assert_null (plug_display_get_edid_error (panel));
  assert_resolution (displays, 1, "1920x1080", NULL, NULL);
  assert_resolution (displays, 2, "2560x1440", NULL, NULL);
  assert_resolution (displays, 0, NULL, NULL, NULL);
}

/* A monitor whose EDID was garbled on the way (a header, a manufacturer,
 * then zeros, which do not add up): no name and no rate, the reason, and
 * the kernel's first mode. */
static void
test_display_bad_edid (Fixture       *fixture,
                       gconstpointer  user_data)
{
  static const char connector_path[] = "/sys/devices/pci0000:00/0000:00:0a.0/drm/card0/card0-eDP-1";
  g_autoptr(PlugGpuList) gpus = NULL;
  g_autoptr(PlugDisplay) display = NULL;
  guint8 edid[128] = { 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00, 0x41, 0x82 };

  add_devices (fixture, "intel-i915.umockdev");
  umockdev_testbed_set_attribute_binary (fixture->testbed, connector_path, "edid", edid, sizeof (edid));
  gpus = load (fixture);

  display = g_list_model_get_item (plug_gpu_list_get_displays (gpus), 1);
  g_assert_cmpstr (plug_display_get_connector (display), ==, "eDP-1");
  g_assert_true (plug_display_is_connected (display));
  g_assert_null (plug_display_get_name (display));
  g_assert_null (plug_display_get_manufacturer (display));
  g_assert_cmpstr (plug_display_get_edid_error (display), ==, "The EDID’s checksum is wrong");
  g_assert_cmpint (plug_display_get_width (display), ==, 1920);
  g_assert_cmpint (plug_display_get_height (display), ==, 1080);
  g_assert_cmpint (plug_display_get_refresh_rate (display), ==, 0);
}

/* Without a driver there are no connectors: an empty list. */
static void
test_no_displays (Fixture       *fixture,
                  gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;

  add_devices (fixture, "no-driver.umockdev");
  gpus = load (fixture);

  g_assert_cmpuint (g_list_model_get_n_items (plug_gpu_list_get_displays (gpus)), ==, 0);
}

/* The seed laptop's widescreen panel with a driver that leaves its mode
 * out, and no other driver for the GPU: the largest mode, and a newer
 * kernel. */
static void
test_missing_mode_only_driver (Fixture       *fixture,
                               gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;
  const char * const problem[] = {
    "radeon does not offer this display’s native resolution, 1280 × 800: the largest it offers is "
    "1024 × 768.",
    "No other installed driver supports this GPU: a newer kernel",
    NULL,
  };

  add_devices (fixture, "radeon-xpress-200m-no-wide.umockdev");
  gpus = load (fixture);

  g_assert_cmpuint (g_list_model_get_n_items (plug_gpu_list_get_displays (gpus)), ==, 2);
  assert_resolution (plug_gpu_list_get_displays (gpus), 0, "1280x800", NULL, problem);
  /* Nothing connected: no native mode, no problem. */
  assert_resolution (plug_gpu_list_get_displays (gpus), 1, NULL, NULL, NULL);
}

/* A 1920x1200 monitor on radeon, which offers up to 1600x1200: amdgpu,
 * installed for the card too, is the way out. */
static void
test_missing_mode_other_driver (Fixture       *fixture,
                                gconstpointer  user_data)
{
  static const char connector_path[] = "/sys/devices/pci0000:00/0000:03:00.0/drm/card0/card0-DP-1";
  g_autoptr(PlugGpuList) gpus = NULL;
  g_autoptr(GBytes) edid = bytes_from_hex (wide_24_edid);
  gsize edid_length;
  const guint8 *edid_data = g_bytes_get_data (edid, &edid_length);
  const char * const problem[] = {
    "radeon does not offer this display’s native resolution, 1920 × 1200: the largest it offers is "
    "1600 × 1200.",
    "Switching to amdgpu, installed for this GPU too, may offer it.",
    NULL,
  };

  add_devices (fixture, "amd-tahiti-radeon.umockdev");
  umockdev_testbed_set_attribute (fixture->testbed, connector_path, "status", "connected");
  umockdev_testbed_set_attribute (fixture->testbed, connector_path, "enabled", "enabled");
  umockdev_testbed_set_attribute (fixture->testbed, connector_path, "modes", "1600x1200\n1280x1024\n1024x768\n");
  umockdev_testbed_set_attribute_binary (fixture->testbed, connector_path, "edid", (guint8 *) edid_data,
                                         edid_length);
  gpus = load (fixture);

  assert_resolution (plug_gpu_list_get_displays (gpus), 0, "1920x1200", NULL, problem);
}

/* The seed laptop when radeon did not load: vesafb shows the screen at the
 * size the BIOS chose, and the firmware's copy of the EDID says what the
 * panel is. */
static void
test_vesafb (Fixture       *fixture,
             gconstpointer  user_data)
{
  gboolean with_edid = GPOINTER_TO_INT (user_data);
  g_autoptr(PlugGpuList) gpus = NULL;
  g_autoptr(PlugDisplay) display = NULL;
  GListModel *displays;
  const char * const modes[] = { "1024x768", NULL };
  const char * const problem_native[] = {
    "The screen runs at a fixed 1024 × 768 on the firmware’s framebuffer (vesafb), not at its native "
    "1280 × 800.",
    "No driver is bound to the GPU, although radeon can drive it: it did not load, often for want of "
    "the GPU’s firmware",
    NULL,
  };
  const char * const problem_unknown[] = {
    "The screen runs at a fixed 1024 × 768 on the firmware’s framebuffer (vesafb), which cannot set "
    "the monitor’s native resolution.",
    "although radeon can drive it",
    NULL,
  };

  add_devices (fixture, "radeon-xpress-200m-vesafb.umockdev");
  if (with_edid)
    write_firmware_edid (fixture, wide_15_edid);
  gpus = load (fixture);
  displays = plug_gpu_list_get_displays (gpus);

  g_assert_cmpuint (g_list_model_get_n_items (displays), ==, 1);
  assert_display (displays, 0, "fb0", "0000:01:05.0", TRUE, with_edid ? "Plug Wide 15" : NULL,
                  1024, 768, 0, modes);
  assert_resolution (displays, 0, with_edid ? "1280x800" : NULL, "vesafb",
                     with_edid ? problem_native : problem_unknown);
  display = g_list_model_get_item (displays, 0);
  g_assert_null (plug_display_get_card (display));
}

/* A current laptop whose GPU driver did not load: simpledrm's connector,
 * and simpledrm's own fbdev emulation, which is not a second display. */
static void
test_simpledrm (Fixture       *fixture,
                gconstpointer  user_data)
{
  const char *command_line = user_data;
  g_autoptr(PlugGpuList) gpus = NULL;
  GListModel *displays;
  const char * const modes[] = { "1024x768", NULL };
  const char * const problem[] = {
    "The screen runs at a fixed 1024 × 768 on the firmware’s framebuffer (simpledrm), which cannot "
    "set the monitor’s native resolution.",
    "No driver is bound to the GPU, although amdgpu, radeon can drive it",
    NULL,
  };
  const char * const problem_nomodeset[] = {
    "The screen runs at a fixed 1024 × 768 on the firmware’s framebuffer (simpledrm)",
    "The kernel was started with “nomodeset”, which keeps graphics drivers from loading: remove it",
    NULL,
  };

  add_devices (fixture, "simpledrm-no-driver.umockdev");
  if (command_line != NULL)
    write_file (fixture->root, "proc/cmdline", command_line);
  gpus = load (fixture);
  displays = plug_gpu_list_get_displays (gpus);

  g_assert_cmpuint (g_list_model_get_n_items (displays), ==, 1);
  assert_display (displays, 0, "Unknown-1", "0000:07:00.0", TRUE, NULL, 1024, 768, 0, modes);
  assert_resolution (displays, 0, NULL, "simpledrm", command_line != NULL ? problem_nomodeset : problem);
}

/* The same laptop started with its drivers' mode setting turned off, one
 * option a driver: the options are named, not missing firmware. With one
 * driver still free to bind, it is not the options that kept it away. */
static void
test_simpledrm_modeset_off (Fixture       *fixture,
                            gconstpointer  user_data)
{
  gboolean both = GPOINTER_TO_INT (user_data);
  g_autoptr(PlugGpuList) gpus = NULL;
  GListModel *displays;
  const char * const problem_both[] = {
    "The screen runs at a fixed 1024 × 768 on the firmware’s framebuffer (simpledrm)",
    "“amdgpu.modeset=0, radeon.modeset=0” on the kernel command line keeps the GPU’s driver from "
    "loading: remove it",
    NULL,
  };
  const char * const problem_one[] = {
    "The screen runs at a fixed 1024 × 768 on the firmware’s framebuffer (simpledrm)",
    "No driver is bound to the GPU, although amdgpu, radeon can drive it",
    NULL,
  };

  add_devices (fixture, "simpledrm-no-driver.umockdev");
  write_file (fixture->root, "proc/cmdline",
              both ? "BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro amdgpu.modeset=0 radeon-modeset=1 radeon.modeset=0\n"
                   : "BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro amdgpu.modeset=0 quiet\n");
  gpus = load (fixture);
  displays = plug_gpu_list_get_displays (gpus);

  g_assert_cmpuint (g_list_model_get_n_items (displays), ==, 1);
  assert_resolution (displays, 0, NULL, "simpledrm", both ? problem_both : problem_one);
}

/* A display server's monitor to the kernel's display: by the connector,
 * spelled as Mutter or X spell it, else the one connected display where
 * the display server shows one monitor. */
static void
test_find_display (Fixture       *fixture,
                   gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;
  PlugDisplay *display;

  add_devices (fixture, "hybrid-nvidia.umockdev");
  gpus = load (fixture);

  display = plug_gpu_list_find_display (gpus, "eDP-1", 2);
  g_assert_nonnull (display);
  g_assert_cmpstr (plug_display_get_connector (display), ==, "eDP-1");
  display = plug_gpu_list_find_display (gpus, "eDP1", 2);
  g_assert_nonnull (display);
  g_assert_cmpstr (plug_display_get_connector (display), ==, "eDP-1");
  display = plug_gpu_list_find_display (gpus, "HDMI-1", 2);
  g_assert_nonnull (display);
  g_assert_cmpstr (plug_display_get_connector (display), ==, "HDMI-A-1");
  display = plug_gpu_list_find_display (gpus, "dp-1", 2);
  g_assert_nonnull (display);
  g_assert_cmpstr (plug_display_get_card (display), ==, "card1");
  /* Two connected: a name no connector has matches none. */
  g_assert_null (plug_gpu_list_find_display (gpus, "Virtual-1", 1));
  g_assert_null (plug_gpu_list_find_display (gpus, NULL, 2));
}

static void
test_find_display_framebuffer (Fixture       *fixture,
                               gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;
  PlugDisplay *display;

  add_devices (fixture, "radeon-xpress-200m-vesafb.umockdev");
  gpus = load (fixture);

  display = plug_gpu_list_find_display (gpus, "default", 1);
  g_assert_nonnull (display);
  g_assert_cmpstr (plug_display_get_connector (display), ==, "fb0");
  g_assert_true (plug_gpu_list_find_display (gpus, NULL, 1) == display);
  g_assert_null (plug_gpu_list_find_display (gpus, "default", 2));
}

/* The desktop's mode below the native one, which only the GUI knows. */
static void
test_session_problem (Fixture       *fixture,
                      gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;
  g_autoptr(PlugGpuList) no_wide = NULL;
  g_autofree char *below = NULL;
  g_autofree char *native = NULL;
  g_autofree char *unknown = NULL;
  g_autofree char *not_offered = NULL;
  PlugDisplay *panel;

  add_devices (fixture, "intel-i915.umockdev");
  gpus = load (fixture);
  panel = plug_gpu_list_find_display (gpus, "eDP-1", 1);
  g_assert_nonnull (panel);

  below = plug_display_dup_session_problem (panel, 1280, 720);
  g_assert_cmpstr (below, ==,
                   "The desktop runs this display at 1280 × 720, below its native 1920 × 1080, which "
                   "the driver offers: open Settings, then Displays, and choose 1920 × 1080.");
  native = plug_display_dup_session_problem (panel, 1920, 1080);
  g_assert_null (native);
  unknown = plug_display_dup_session_problem (panel, 0, 0);
  g_assert_null (unknown);

  /* The native mode not offered: the kernel's problem says why, not this. */
  g_clear_object (&fixture->testbed);
  fixture->testbed = umockdev_testbed_new ();
  add_devices (fixture, "radeon-xpress-200m-no-wide.umockdev");
  no_wide = load (fixture);
  panel = plug_gpu_list_find_display (no_wide, "LVDS-1", 1);
  g_assert_nonnull (panel);
  not_offered = plug_display_dup_session_problem (panel, 1024, 768);
  g_assert_null (not_offered);
  g_assert_nonnull (plug_display_get_resolution_problem (panel));
}

/* Without /sys/module files the license comes from the installed module:
 * "NVIDIA" is not one the kernel counts as GPL-compatible. */
static void
test_license_from_module (Fixture       *fixture,
                          gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;
  g_autoptr(PlugGpu) gpu = NULL;

  add_devices (fixture, "hybrid-nvidia.umockdev");
  gpus = load (fixture);

  gpu = g_list_model_get_item (G_LIST_MODEL (gpus), 1);
  g_assert_cmpstr (plug_gpu_get_driver (gpu), ==, "nvidia");
  g_assert_null (plug_gpu_get_driver_version (gpu));
  g_assert_cmpint (plug_gpu_get_driver_license (gpu), ==, PLUG_GPU_LICENSE_PROPRIETARY);
  g_assert_false (plug_gpu_is_blacklisted (gpu, "nouveau"));
}

static void
test_amd_radeon (Fixture       *fixture,
                 gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;
  const Expected tahiti = {
    .pci_slot = "0000:03:00.0",
    .vendor_id = "0x1002",
    .device_id = "0x6798",
    .vendor = "Advanced Micro Devices, Inc. [AMD/ATI]",
    .model = "Tahiti XT [Radeon HD 7970/8970 OEM / R9 280X]",
    .modalias = tahiti_modalias,
    .boot_vga = TRUE,
    .drm_nodes = { "card0", "renderD128" },
    .driver = "radeon",
    .driver_license = PLUG_GPU_LICENSE_OPEN,
    .alternatives = { "amdgpu" },
  };

  add_devices (fixture, "amd-tahiti-radeon.umockdev");
  gpus = load (fixture);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gpus)), ==, 1);
  assert_gpu (G_LIST_MODEL (gpus), 0, &tahiti);
}

static void
test_no_driver (Fixture       *fixture,
                gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;
  const char *command_line = user_data;
  Expected unbound = {
    .pci_slot = "0000:07:00.0",
    .vendor_id = "0x1002",
    .device_id = "0x6798",
    /* udev's record has no names: they come from the hardware database
     * (the fixture's pci.ids has the same ones, the last resort). */
    .vendor = "Advanced Micro Devices, Inc. [AMD/ATI]",
    .model = "Tahiti XT [Radeon HD 7970/8970 OEM / R9 280X]",
    .modalias = tahiti_modalias,
    .boot_vga = TRUE,
    .alternatives = { "amdgpu", "radeon" },
    .reason = "No driver is bound to this GPU, although installed drivers can drive it (amdgpu, radeon)",
  };

  add_devices (fixture, "no-driver.umockdev");
  if (command_line != NULL)
    {
      write_file (fixture->root, "proc/cmdline", command_line);
      unbound.reason = "the kernel was started with “nomodeset”";
    }
  gpus = load (fixture);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gpus)), ==, 1);
  assert_gpu (G_LIST_MODEL (gpus), 0, &unbound);
}

/* Every installed driver's mode setting off: the GPU's reason names the
 * options, in the order of the drivers. */
static void
test_no_driver_modeset_off (Fixture       *fixture,
                            gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;
  Expected unbound = {
    .pci_slot = "0000:07:00.0",
    .vendor_id = "0x1002",
    .device_id = "0x6798",
    .vendor = "Advanced Micro Devices, Inc. [AMD/ATI]",
    .model = "Tahiti XT [Radeon HD 7970/8970 OEM / R9 280X]",
    .modalias = tahiti_modalias,
    .boot_vga = TRUE,
    .alternatives = { "amdgpu", "radeon" },
    .reason = "No driver is bound to this GPU: “amdgpu.modeset=0, radeon.modeset=0” on the kernel "
              "command line keeps its driver from loading.",
  };

  add_devices (fixture, "no-driver.umockdev");
  write_file (fixture->root, "proc/cmdline", "BOOT_IMAGE=/vmlinuz ro radeon.modeset=0 amdgpu.modeset=0\n");
  gpus = load (fixture);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gpus)), ==, 1);
  assert_gpu (G_LIST_MODEL (gpus), 0, &unbound);
}

static void
test_no_driver_blacklisted (Fixture       *fixture,
                            gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;
  const Expected unbound = {
    .pci_slot = "0000:07:00.0",
    .vendor_id = "0x1002",
    .device_id = "0x6798",
    .vendor = "Advanced Micro Devices, Inc. [AMD/ATI]",
    .model = "Tahiti XT [Radeon HD 7970/8970 OEM / R9 280X]",
    .modalias = tahiti_modalias,
    .boot_vga = TRUE,
    .alternatives = { "amdgpu", "radeon" },
    .blacklisted = { "amdgpu", "radeon" },
    .reason = "the drivers installed for it are blacklisted (amdgpu, radeon)",
  };

  add_devices (fixture, "no-driver.umockdev");
  write_file (fixture->root, "lib/modprobe.d/graphics.conf", "blacklist radeon\nblacklist amdgpu\n");
  gpus = load (fixture);

  assert_gpu (G_LIST_MODEL (gpus), 0, &unbound);
}

/* Neither udev's hardware database nor pci.ids, and no installed driver:
 * ids only, and a reason that says nothing can drive it. The vendor id
 * 0x0bad is one nobody has, in either. */
static void
test_no_driver_nothing_known (Fixture       *fixture,
                              gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;
  g_autofree char *pci_ids = g_build_filename (fixture->root, "usr/share/misc/pci.ids", NULL);
  g_autoptr(PlugGpu) gpu = NULL;

  add_devices (fixture, "no-driver.umockdev");
  umockdev_testbed_set_attribute (fixture->testbed, "/sys/devices/pci0000:00/0000:07:00.0", "vendor", "0x0bad");
  g_assert_cmpint (g_unlink (pci_ids), ==, 0);
  gpus = plug_gpu_list_new (fixture->root, "/nonexistent/lib/modules/0.0");
  {
    g_autoptr(GAsyncResult) result = NULL;

    plug_gpu_list_load_async (gpus, NULL, load_cb, &result);
    while (result == NULL)
      g_main_context_iteration (NULL, TRUE);
    g_assert_true (plug_gpu_list_load_finish (gpus, result, NULL));
  }

  gpu = g_list_model_get_item (G_LIST_MODEL (gpus), 0);
  g_assert_cmpstr (plug_gpu_get_vendor_id (gpu), ==, "0x0bad");
  g_assert_null (plug_gpu_get_vendor (gpu));
  g_assert_null (plug_gpu_get_model (gpu));
  g_assert_null (plug_gpu_get_alternatives (gpu)[0]);
  g_assert_nonnull (strstr (plug_gpu_get_reason (gpu), "no installed driver can drive it"));
}

/* The Radeon Xpress 200M (RS480M), the IGP of the laptop this panel is
 * for: at 01:05.0, behind the chipset's bridge, not on bus 0; integrated
 * by its device id. udev's record has no names, the fixture's pci.ids
 * does not list it: the names come from the udev hardware database. Only
 * radeon drives it, so there is nothing to switch to, and amdgpu, which
 * is installed, does not support it. */
static void
test_xpress_200m (Fixture       *fixture,
                  gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;
  const Expected xpress = {
    .pci_slot = "0000:01:05.0",
    .vendor_id = "0x1002",
    .device_id = "0x5955",
    .vendor = "Advanced Micro Devices, Inc. [AMD/ATI]",
    .model = "RS480M [Mobility Radeon Xpress 200]",
    .modalias = "pci:v00001002d00005955sv0000103Csd0000308Bbc03sc00i00",
    .boot_vga = TRUE,
    .kind = PLUG_GPU_KIND_INTEGRATED,
    .kind_hint = "amd-igp-id",
    .drm_nodes = { "card0", "renderD128" },
    .driver = "radeon",
    .driver_license = PLUG_GPU_LICENSE_OPEN,
    .switch_unavailable = "There is no other driver to switch to: radeon, the one in use, is the only "
                          "installed driver for this GPU. amdgpu is installed too, but does not support "
                          "this GPU.",
  };

  add_devices (fixture, "radeon-xpress-200m.umockdev");
  gpus = load (fixture);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gpus)), ==, 1);
  assert_gpu (G_LIST_MODEL (gpus), 0, &xpress);
}

/* Without amdgpu installed, the reason does not mention it. */
static void
test_xpress_200m_radeon_only (Fixture       *fixture,
                              gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;
  g_autoptr(PlugGpu) gpu = NULL;
  g_autofree char *amdgpu = g_build_filename (fixture->root, "lib/modules/6.1.0-plug", NULL);

  /* A copy of the stub modules without amdgpu's file; the index still
   * names it, as after a package removal before depmod ran. */
  {
    g_autofree char *parent = g_path_get_dirname (amdgpu);
    g_autofree char *module = g_build_filename (amdgpu, "kernel/drivers/gpu/drm/amd/amdgpu/amdgpu.ko", NULL);
    const char *argv[] = { "cp", "-a", modules_directory, amdgpu, NULL };
    int wait_status = -1;

    g_assert_cmpint (g_mkdir_with_parents (parent, 0755), ==, 0);
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                                 NULL, NULL, &wait_status, NULL));
    g_assert_true (g_spawn_check_wait_status (wait_status, NULL));
    g_assert_cmpint (g_unlink (module), ==, 0);
  }
  add_devices (fixture, "radeon-xpress-200m.umockdev");
  {
    g_autoptr(PlugGpuList) list = plug_gpu_list_new (fixture->root, amdgpu);
    g_autoptr(GAsyncResult) result = NULL;

    plug_gpu_list_load_async (list, NULL, load_cb, &result);
    while (result == NULL)
      g_main_context_iteration (NULL, TRUE);
    g_assert_true (plug_gpu_list_load_finish (list, result, NULL));
    gpus = g_steal_pointer (&list);
  }

  gpu = g_list_model_get_item (G_LIST_MODEL (gpus), 0);
  g_assert_cmpstr (plug_gpu_get_driver (gpu), ==, "radeon");
  /* The license comes from the copied radeon module: the copy is read. */
  g_assert_cmpint (plug_gpu_get_driver_license (gpu), ==, PLUG_GPU_LICENSE_OPEN);
  g_assert_cmpstr (plug_gpu_get_switch_unavailable_reason (gpu), ==,
                   "There is no other driver to switch to: radeon, the one in use, is the only "
                   "installed driver for this GPU.");
}

static const Expected renoir = {
  .pci_slot = "0000:05:00.0",
  .vendor_id = "0x1002",
  .device_id = "0x1636",
  .vendor = "Advanced Micro Devices, Inc. [AMD/ATI]",
  .model = "Renoir [Radeon Vega Series / Radeon Vega Mobile Series]",
  .modalias = "pci:v00001002d00001636sv000017AAsd00005082bc03sc00i00",
  .boot_vga = TRUE,
  .kind = PLUG_GPU_KIND_INTEGRATED,
  .kind_hint = "amd-igp-id",
  .drm_nodes = { "card1", "renderD129" },
  .driver = "amdgpu",
  .driver_license = PLUG_GPU_LICENSE_OPEN,
  .switch_unavailable = "There is no other driver to switch to: amdgpu, the one in use, is the only "
                        "installed driver for this GPU. radeon is installed too, but does not support "
                        "this GPU.",
};

/* A Renoir APU, off bus 0 as AMD's APUs are. */
static void
test_amd_apu (Fixture       *fixture,
              gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;

  add_devices (fixture, "amd-renoir-apu.umockdev");
  gpus = load (fixture);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gpus)), ==, 1);
  assert_gpu (G_LIST_MODEL (gpus), 0, &renoir);
}

/* The same APU with the Radeon HD 7970 beside it (the desktop card alone
 * is of unknown kind): only the APU has an internal panel (eDP), so the
 * card is the discrete GPU; and the APU's id decides its own kind first. */
static void
test_amd_apu_and_card (Fixture       *fixture,
                       gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;
  g_autoptr(PlugGpu) tahiti = NULL;

  add_devices (fixture, "amd-renoir-apu.umockdev");
  add_devices (fixture, "amd-tahiti-radeon.umockdev");
  gpus = load (fixture);

  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gpus)), ==, 2);
  tahiti = g_list_model_get_item (G_LIST_MODEL (gpus), 0);
  g_assert_cmpstr (plug_gpu_get_pci_slot (tahiti), ==, "0000:03:00.0");
  g_assert_cmpint (plug_gpu_get_kind (tahiti), ==, PLUG_GPU_KIND_DISCRETE);
  g_assert_cmpstr (plug_gpu_get_kind_hint (tahiti), ==, "internal-panel");
  assert_gpu (G_LIST_MODEL (gpus), 1, &renoir);
}

/* Two GPUs with an internal panel each (a laptop with a display switch):
 * the connectors say nothing. */
static void
test_two_panels (Fixture       *fixture,
                 gconstpointer  user_data)
{
  static const char tahiti_path[] = "/sys/devices/pci0000:00/0000:03:00.0/drm/card0";
  g_autoptr(PlugGpuList) gpus = NULL;
  g_autoptr(PlugGpu) tahiti = NULL;
  g_autofree char *connector = NULL;

  add_devices (fixture, "amd-renoir-apu.umockdev");
  add_devices (fixture, "amd-tahiti-radeon.umockdev");
  connector = umockdev_testbed_add_device (fixture->testbed, "drm", "card0-eDP-2", tahiti_path,
                               "status", "disconnected", "enabled", "disabled", NULL,
                               "DEVTYPE", "drm_connector", NULL);
  g_assert_nonnull (connector);
  gpus = load (fixture);

  tahiti = g_list_model_get_item (G_LIST_MODEL (gpus), 0);
  g_assert_cmpint (plug_gpu_get_kind (tahiti), ==, PLUG_GPU_KIND_UNKNOWN);
  g_assert_null (plug_gpu_get_kind_hint (tahiti));
}

/* A 3D controller (PCI class 0x0302), a GPU without display outputs of
 * its own, is discrete where its ids do not say: the hybrid laptop's
 * NVIDIA GPU with an id from before 0x0a20, where NVIDIA's chipset GPUs
 * are. */
static void
test_3d_controller (Fixture       *fixture,
                    gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;
  g_autoptr(PlugGpu) nvidia = NULL;

  add_devices (fixture, "hybrid-nouveau.umockdev");
  umockdev_testbed_set_attribute (fixture->testbed, "/sys/devices/pci0000:00/0000:01:00.0", "device", "0x0400");
  gpus = load (fixture);

  nvidia = g_list_model_get_item (G_LIST_MODEL (gpus), 1);
  g_assert_cmpstr (plug_gpu_get_device_id (nvidia), ==, "0x0400");
  g_assert_cmpint (plug_gpu_get_kind (nvidia), ==, PLUG_GPU_KIND_DISCRETE);
  g_assert_cmpstr (plug_gpu_get_kind_hint (nvidia), ==, "3d-controller");
}

/* Intel's discrete GPUs are listed: an Arc A770 (8086:56a0) is discrete,
 * wherever it sits. */
static void
test_intel_arc (Fixture       *fixture,
                gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;
  g_autoptr(PlugGpu) arc = NULL;

  add_devices (fixture, "intel-i915.umockdev");
  umockdev_testbed_set_attribute (fixture->testbed, "/sys/devices/pci0000:00/0000:00:0a.0", "device", "0x56a0");
  gpus = load (fixture);

  arc = g_list_model_get_item (G_LIST_MODEL (gpus), 0);
  g_assert_cmpstr (plug_gpu_get_device_id (arc), ==, "0x56a0");
  g_assert_cmpint (plug_gpu_get_kind (arc), ==, PLUG_GPU_KIND_DISCRETE);
  g_assert_cmpstr (plug_gpu_get_kind_hint (arc), ==, "intel-id");
}

/* A hardware database older than the GPU: it knows the vendor, not the
 * device id (0x0bad, made up), which the fixture's pci.ids lists. */
static void
test_names_pci_ids_last (Fixture       *fixture,
                         gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = NULL;
  g_autoptr(PlugGpu) gpu = NULL;

  add_devices (fixture, "no-driver.umockdev");
  umockdev_testbed_set_attribute (fixture->testbed, "/sys/devices/pci0000:00/0000:07:00.0", "device", "0x0bad");
  gpus = load (fixture);

  gpu = g_list_model_get_item (G_LIST_MODEL (gpus), 0);
  g_assert_cmpstr (plug_gpu_get_device_id (gpu), ==, "0x0bad");
  g_assert_cmpstr (plug_gpu_get_vendor (gpu), ==, "Advanced Micro Devices, Inc. [AMD/ATI]");
  g_assert_cmpstr (plug_gpu_get_model (gpu), ==, "Plug Test GPU [not in the udev hardware database]");
}

static void
test_cancelled (Fixture       *fixture,
                gconstpointer  user_data)
{
  g_autoptr(PlugGpuList) gpus = plug_gpu_list_new (fixture->root, modules_directory);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;

  add_devices (fixture, "intel-i915.umockdev");
  g_cancellable_cancel (cancellable);
  plug_gpu_list_load_async (gpus, cancellable, load_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);

  g_assert_false (plug_gpu_list_load_finish (gpus, result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gpus)), ==, 0);
}

int
main (int    argc,
      char **argv)
{
  const char *source_directory = g_getenv ("PLUG_SOURCE_DIR");
  const char *build_directory = g_getenv ("PLUG_BUILD_DIR");
  int status;

  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_assert_nonnull (source_directory);
  g_assert_nonnull (build_directory);
  fixtures_directory = g_build_filename (source_directory, "tests", "fixtures", "gpus", NULL);
  modules_directory = g_build_filename (build_directory, "tests", "unit", "gpu-modules",
                                        "lib", "modules", KERNEL_VERSION, NULL);
  g_assert_true (g_file_test (modules_directory, G_FILE_TEST_IS_DIR));

  g_test_add_func ("/gpu-list/license-ids", test_license_ids);
#define ADD(path, function, data) \
  g_test_add ("/gpu-list/" path, Fixture, data, fixture_set_up, function, fixture_tear_down)
  ADD ("intel", test_intel, NULL);
  ADD ("hybrid-nouveau", test_hybrid_nouveau, NULL);
  ADD ("hybrid-nvidia", test_hybrid_nvidia, NULL);
  ADD ("license-from-module", test_license_from_module, NULL);
  ADD ("displays", test_displays, NULL);
  ADD ("display-bad-edid", test_display_bad_edid, NULL);
  ADD ("no-displays", test_no_displays, NULL);
  ADD ("missing-mode-only-driver", test_missing_mode_only_driver, NULL);
  ADD ("missing-mode-other-driver", test_missing_mode_other_driver, NULL);
  ADD ("vesafb", test_vesafb, GINT_TO_POINTER (TRUE));
  ADD ("vesafb-no-edid", test_vesafb, GINT_TO_POINTER (FALSE));
  ADD ("simpledrm", test_simpledrm, NULL);
  ADD ("simpledrm-modeset-off", test_simpledrm_modeset_off, GINT_TO_POINTER (TRUE));
  ADD ("simpledrm-modeset-off-one", test_simpledrm_modeset_off, GINT_TO_POINTER (FALSE));
  ADD ("find-display", test_find_display, NULL);
  ADD ("find-display-framebuffer", test_find_display_framebuffer, NULL);
  ADD ("session-problem", test_session_problem, NULL);
  ADD ("simpledrm-nomodeset", test_simpledrm, "BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro nomodeset quiet\n");
  ADD ("amd-radeon", test_amd_radeon, NULL);
  ADD ("no-driver", test_no_driver, NULL);
  ADD ("no-driver-nomodeset", test_no_driver, "BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro nomodeset quiet\n");
  ADD ("no-driver-modeset-off", test_no_driver_modeset_off, NULL);
  ADD ("no-driver-blacklisted", test_no_driver_blacklisted, NULL);
  ADD ("no-driver-nothing-known", test_no_driver_nothing_known, NULL);
  ADD ("xpress-200m", test_xpress_200m, NULL);
  ADD ("xpress-200m-radeon-only", test_xpress_200m_radeon_only, NULL);
  ADD ("amd-apu", test_amd_apu, NULL);
  ADD ("amd-apu-and-card", test_amd_apu_and_card, NULL);
  ADD ("two-panels", test_two_panels, NULL);
  ADD ("3d-controller", test_3d_controller, NULL);
  ADD ("intel-arc", test_intel_arc, NULL);
  ADD ("names-pci-ids-last", test_names_pci_ids_last, NULL);
  ADD ("cancelled", test_cancelled, NULL);
#undef ADD

  status = g_test_run ();

  g_free (fixtures_directory);
  g_free (modules_directory);

  return status;
}
