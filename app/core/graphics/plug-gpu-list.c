/* plug-gpu-list.c: The GPUs of this machine
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <gudev/gudev.h>
#if HAVE_KMOD
#include <libkmod.h>
#endif
#include <libudev.h>

#include "plug-edid.h"
#include "plug-gpu-list.h"
#include "plug-host-facts.h"
#include "plug-sandbox.h"
#include "plug-gpu-private.h"

/*
 * A GListModel of PlugGpu, one per PCI display controller (class
 * 0x03xxxx), sorted by PCI address. A GPU is a PCI device, not a drm node:
 * a working GPU has two nodes (cardN and renderD12N), and one without a
 * driver has none, so the list starts from the PCI devices and attaches
 * their drm children. Devices that are not on PCI (simpledrm's firmware
 * framebuffer, virtual drm devices) are not GPUs of their own and are
 * left out.
 *
 * Where each field comes from:
 *
 *  - ids, boot_vga and modalias: the PCI device's sysfs attributes;
 *  - names: what udev's record of the device says (ID_VENDOR_FROM_DATABASE
 *    and ID_MODEL_FROM_DATABASE); where it lacks them (a container, a
 *    sandbox, a device added before udev read its database), the udev
 *    hardware database itself, hwdb.bin, asked through libudev for
 *    "pci:vVVVVVVVVdDDDDDDDD" as udev's own rule asks; hwdata's pci.ids
 *    last;
 *  - driver: the device's driver link; its version from
 *    /sys/module/DRIVER/version, which drivers built into the kernel, and
 *    most in-tree modules, do not have;
 *  - license: the module's taint flags in /sys/module/DRIVER/taint ("P"
 *    is the kernel's own verdict that it is proprietary), else the license
 *    the installed module declares, judged by the kernel's list of
 *    GPL-compatible licenses; a loaded module without "P" is open, since
 *    the kernel would have marked it otherwise;
 *  - alternatives: the installed modules whose aliases match the modalias
 *    (libkmod, as modprobe finds them), and which of them modprobe's
 *    configuration blacklists;
 *  - kind (integrated or discrete): the kernel's facts, by these rules,
 *    the first that applies (the Vulkan driver and switcheroo-control,
 *    which come later, may know better: plug_gpu_kind_decide()):
 *     1. the PCI ids, where the vendor's own list says: AMD's integrated
 *        GPUs (the APUs, and the chipset IGPs before them, such as the
 *        Radeon Xpress 200M) are the device ids that radeon and amdgpu
 *        flag as IGP or APU, listed below; an AMD id not listed says
 *        nothing, since a newer APU may be missing from the list. Every
 *        Intel display controller is integrated except its discrete
 *        ones (i740, DG1, Arc), listed. NVIDIA's last integrated GPU was
 *        a 2010 chipset's: an NVIDIA id from 0x0a20 on is discrete;
 *     2. a PCI "3D controller" (class 0x0302) is discrete: a GPU without
 *        display outputs of its own, a hybrid laptop's second GPU;
 *        an integrated GPU drives the built-in panel and announces itself
 *        as a VGA or display controller;
 *     3. in a machine with two GPUs or more, where exactly one has an
 *        internal-panel connector (eDP, LVDS, DSI), that one is
 *        integrated and the others discrete: a hybrid laptop wires its
 *        panel to the integrated GPU. Not with one GPU (a laptop with
 *        only a discrete GPU drives its panel from it), nor where several
 *        have one (a laptop with a display switch has one on each).
 *    Neither the PCI bus (AMD's APUs and its older IGPs sit behind a
 *    bridge, off bus 0) nor boot_vga (a desktop card shows the boot
 *    display as often as an IGP) decides it. With no rule, the kind is
 *    unknown, and nothing claims either;
 *  - switch_unavailable_reason: with a driver bound and no other
 *    installed driver matching, why there is nothing to switch to, and
 *    whether the other open driver for the vendor is installed;
 *
 * The list also reads the kernel's display connectors (drm devices
 * cardN-CONNECTOR, a child of their card), for plug_gpu_list_get_displays():
 * the "status" and "enabled" attributes, the "modes" file (the kernel's
 * modes for the monitor, preferred first) and the "edid" file, the
 * monitor's own description of itself (PlugEdid).
 *
 * Everything is read in a worker thread, with a udev context of its own:
 * libudev objects are not thread-safe, and the one PlugServices owns
 * delivers uevents on the main thread.
 *
 * Two seams exist for tests, and only as constructor arguments: the root
 * directory under which files that are not udev's are read (/sys/module,
 * /proc/cmdline, pci.ids, modprobe.d), and the kernel modules directory
 * libkmod reads. umockdev redirects udev and /sys/devices, but not /proc,
 * and a test cannot put /sys/module files in a umockdev description.
 */

#define PCI_CLASS_DISPLAY 0x03

struct _PlugGpuList
{
  GObject     parent_instance;

  char       *root_directory;
  char       *modules_directory;
  GPtrArray  *gpus;
  GListStore *displays;
};

static void list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (PlugGpuList, plug_gpu_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, list_model_iface_init))

enum {
  PROP_0,
  PROP_ROOT_DIRECTORY,
  PROP_MODULES_DIRECTORY,
  PROP_N_ITEMS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

#if HAVE_KMOD
typedef struct kmod_ctx KmodContext;
typedef struct kmod_module KmodModule;
typedef struct kmod_list KmodList;

G_DEFINE_AUTOPTR_CLEANUP_FUNC (KmodContext, kmod_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KmodModule, kmod_module_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KmodList, kmod_module_unref_list)
#else
/* Built without libkmod: the Flatpak, which cannot see the host's modules
 * and asks plugboard-helper instead. No module is known. */
typedef struct _KmodContext KmodContext;
#endif

/* What one reading of the machine shares between its GPUs. Only the worker
 * thread touches it. */
typedef struct
{
  char        *root_directory;
  char        *modules_directory;
  KmodContext *kmod;
  GStrv        blacklist;
  gboolean     nomodeset;
  /* The modules whose kernel mode setting the command line turns off
   * (radeon.modeset=0), with “_” for “-”, as the kernel reads them. */
  GStrv        modeset_off;
  gboolean     pci_ids_read;
  char        *pci_ids;
  gboolean     hwdb_opened;
  struct udev *udev;
  struct udev_hwdb *hwdb;
  /* In a Flatpak sandbox: what plugboard-helper told of the host, or
   * %NULL. */
  gboolean     sandboxed;
  GVariant    *host_facts;
} Reading;

static void
reading_free (Reading *reading)
{
  g_clear_pointer (&reading->root_directory, g_free);
  g_clear_pointer (&reading->modules_directory, g_free);
#if HAVE_KMOD
  g_clear_pointer (&reading->kmod, kmod_unref);
#endif
  g_clear_pointer (&reading->blacklist, g_strfreev);
  g_clear_pointer (&reading->modeset_off, g_strfreev);
  g_clear_pointer (&reading->pci_ids, g_free);
  g_clear_pointer (&reading->hwdb, udev_hwdb_unref);
  g_clear_pointer (&reading->udev, udev_unref);
  g_clear_pointer (&reading->host_facts, g_variant_unref);
  g_free (reading);
}

/* --- GListModel ----------------------------------------------------------- */

static GType
plug_gpu_list_get_item_type (GListModel *model)
{
  return PLUG_TYPE_GPU;
}

static guint
plug_gpu_list_get_n_items (GListModel *model)
{
  return PLUG_GPU_LIST (model)->gpus->len;
}

static gpointer
plug_gpu_list_get_item (GListModel *model,
                        guint       position)
{
  PlugGpuList *self = PLUG_GPU_LIST (model);

  if (position >= self->gpus->len)
    return NULL;

  return g_object_ref (g_ptr_array_index (self->gpus, position));
}

static void
list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = plug_gpu_list_get_item_type;
  iface->get_n_items = plug_gpu_list_get_n_items;
  iface->get_item = plug_gpu_list_get_item;
}

/* --- GObject -------------------------------------------------------------- */

static void
plug_gpu_list_finalize (GObject *object)
{
  PlugGpuList *self = PLUG_GPU_LIST (object);

  g_clear_pointer (&self->root_directory, g_free);
  g_clear_pointer (&self->modules_directory, g_free);
  g_clear_pointer (&self->gpus, g_ptr_array_unref);
  g_clear_object (&self->displays);

  G_OBJECT_CLASS (plug_gpu_list_parent_class)->finalize (object);
}

static void
plug_gpu_list_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  PlugGpuList *self = PLUG_GPU_LIST (object);

  switch (prop_id)
    {
    case PROP_ROOT_DIRECTORY:
      g_value_set_string (value, self->root_directory);
      break;

    case PROP_MODULES_DIRECTORY:
      g_value_set_string (value, self->modules_directory);
      break;

    case PROP_N_ITEMS:
      g_value_set_uint (value, self->gpus->len);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_gpu_list_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  PlugGpuList *self = PLUG_GPU_LIST (object);

  switch (prop_id)
    {
    case PROP_ROOT_DIRECTORY:
      g_free (self->root_directory);
      self->root_directory = g_value_dup_string (value);
      if (self->root_directory == NULL)
        self->root_directory = g_strdup ("/");
      break;

    case PROP_MODULES_DIRECTORY:
      g_free (self->modules_directory);
      self->modules_directory = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_gpu_list_class_init (PlugGpuListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = plug_gpu_list_finalize;
  object_class->get_property = plug_gpu_list_get_property;
  object_class->set_property = plug_gpu_list_set_property;

  /**
   * PlugGpuList:root-directory:
   *
   * The directory that stands for "/" when reading files udev does not
   * describe. Only tests set anything but "/".
   */
  properties[PROP_ROOT_DIRECTORY] =
    g_param_spec_string ("root-directory", NULL, NULL,
                         "/",
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * PlugGpuList:modules-directory:
   *
   * The kernel modules directory libkmod reads, or %NULL for the running
   * kernel's. Only tests set it.
   */
  properties[PROP_MODULES_DIRECTORY] =
    g_param_spec_string ("modules-directory", NULL, NULL,
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_N_ITEMS] =
    g_param_spec_uint ("n-items", NULL, NULL,
                       0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
plug_gpu_list_init (PlugGpuList *self)
{
  self->root_directory = g_strdup ("/");
  self->gpus = g_ptr_array_new_with_free_func (g_object_unref);
  self->displays = g_list_store_new (PLUG_TYPE_DISPLAY);
}

/**
 * plug_gpu_list_new:
 * @root_directory: (nullable): %NULL, or for tests a directory that
 *   stands for "/" when reading /sys/module, /proc, pci.ids and modprobe's
 *   configuration
 * @modules_directory: (nullable): %NULL for the running kernel's modules,
 *   or for tests a directory such as ROOT/lib/modules/VERSION
 *
 * The list is empty until plug_gpu_list_load_async() has read the machine.
 */
PlugGpuList *
plug_gpu_list_new (const char *root_directory,
                   const char *modules_directory)
{
  return g_object_new (PLUG_TYPE_GPU_LIST,
                       "root-directory", root_directory,
                       "modules-directory", modules_directory,
                       NULL);
}

const char *
plug_gpu_list_get_root_directory (PlugGpuList *self)
{
  g_return_val_if_fail (PLUG_IS_GPU_LIST (self), NULL);

  return self->root_directory;
}

const char *
plug_gpu_list_get_modules_directory (PlugGpuList *self)
{
  g_return_val_if_fail (PLUG_IS_GPU_LIST (self), NULL);

  return self->modules_directory;
}

/**
 * plug_gpu_list_get_displays:
 *
 * The kernel's display connectors of every GPU, connected or not, sorted
 * by card and connector. Like the GPUs, they are read by
 * plug_gpu_list_load_async().
 *
 * Returns: (transfer none): a #GListModel of #PlugDisplay
 */
GListModel *
plug_gpu_list_get_displays (PlugGpuList *self)
{
  g_return_val_if_fail (PLUG_IS_GPU_LIST (self), NULL);

  return G_LIST_MODEL (self->displays);
}

/* A connector's name the way display servers spell it differently: the
 * kernel's "HDMI-A-1" is Mutter's and X's modesetting driver's "HDMI-1"
 * and the Intel X driver's "HDMI1"; "eDP-1" is "eDP1" there. Folded to
 * upper case without dashes, with "HDMI-A" as "HDMI". */
static char *
dup_folded_connector (const char *connector)
{
  g_autoptr(GString) folded = g_string_new (NULL);

  if (g_ascii_strncasecmp (connector, "HDMI-A-", 7) == 0)
    {
      g_string_append (folded, "HDMI");
      connector += 6;
    }

  for (const char *c = connector; *c != '\0'; c++)
    if (*c != '-')
      g_string_append_c (folded, g_ascii_toupper (*c));

  return g_string_free (g_steal_pointer (&folded), FALSE);
}

/**
 * plug_gpu_list_find_display:
 * @connector: (nullable): the connector's name as the display server
 *   gives it (GdkMonitor's), such as “eDP-1” or “HDMI-1”
 * @n_monitors: how many monitors the display server shows
 *
 * The kernel's display that a display server's monitor is: by the
 * connector's name, else, where the display server shows one monitor
 * and the kernel has one connected display (a firmware framebuffer's
 * has no name a display server shares), that one.
 *
 * Returns: (transfer none) (nullable): the display, or %NULL
 */
PlugDisplay *
plug_gpu_list_find_display (PlugGpuList *self,
                            const char  *connector,
                            guint        n_monitors)
{
  g_autofree char *folded = NULL;
  PlugDisplay *only_connected = NULL;
  guint n_connected = 0;

  g_return_val_if_fail (PLUG_IS_GPU_LIST (self), NULL);

  folded = connector != NULL ? dup_folded_connector (connector) : NULL;
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->displays)); i++)
    {
      g_autoptr(PlugDisplay) display = g_list_model_get_item (G_LIST_MODEL (self->displays), i);
      g_autofree char *display_folded = dup_folded_connector (display->connector);

      if (folded != NULL && g_str_equal (folded, display_folded))
        return display;
      if (display->connected)
        {
          only_connected = display;
          n_connected++;
        }
    }

  return n_monitors == 1 && n_connected == 1 ? only_connected : NULL;
}

/* --- reading, in the worker thread ---------------------------------------- */

/* The first line of a small file under the root, without its newline, or
 * %NULL if it cannot be read (which for sysfs files means "not offered"). */
static char *
read_line (const char *root_directory,
           const char *path)
{
  g_autofree char *full_path = g_build_filename (root_directory, path, NULL);
  g_autofree char *contents = NULL;
  char *newline;

  if (!g_file_get_contents (full_path, &contents, NULL, NULL))
    return NULL;

  newline = strchr (contents, '\n');
  if (newline != NULL)
    *newline = '\0';

  return g_strstrip (g_steal_pointer (&contents));
}

static gboolean
command_line_has (const char *command_line,
                  const char *word)
{
  g_auto(GStrv) words = NULL;

  if (command_line == NULL)
    return FALSE;

  words = g_strsplit_set (command_line, " \t\n", -1);

  return g_strv_contains ((const char * const *) words, word);
}

/* The modules that the command line's MODULE.modeset=0 keeps from setting
 * modes; a KMS-only driver (radeon, amdgpu, nouveau, i915) then does not
 * bind at all. */
static GStrv
read_modeset_off (const char *command_line)
{
  g_autoptr(GStrvBuilder) modules = g_strv_builder_new ();
  g_auto(GStrv) words = NULL;

  if (command_line == NULL)
    return g_strv_builder_end (modules);

  words = g_strsplit_set (command_line, " \t\n", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autofree char *module = NULL;

      if (!g_str_has_suffix (words[i], ".modeset=0") || g_str_has_prefix (words[i], ".modeset"))
        continue;
      module = g_strndup (words[i], strlen (words[i]) - strlen (".modeset=0"));
      g_strdelimit (module, "-", '_');
      g_strv_builder_add (modules, module);
    }

  return g_strv_builder_end (modules);
}

static gboolean
modeset_is_off (Reading    *reading,
                const char *driver)
{
  g_autofree char *module = g_strdelimit (g_strdup (driver), "-", '_');

  return reading->modeset_off != NULL &&
         g_strv_contains ((const char * const *) reading->modeset_off, module);
}

/* The drivers installed for a GPU, not blacklisted, that MODULE.modeset=0
 * keeps from binding, as the options the user would remove (“radeon.modeset=0,
 * amdgpu.modeset=0”); NULL where one of them is free to bind. */
static char *
dup_modeset_off_options (Reading *reading,
                         PlugGpu *gpu)
{
  g_autoptr(GString) options = NULL;

  for (guint i = 0; gpu->alternatives != NULL && gpu->alternatives[i] != NULL; i++)
    {
      const char *driver = gpu->alternatives[i];

      if (plug_gpu_is_blacklisted (gpu, driver))
        continue;
      if (!modeset_is_off (reading, driver))
        return NULL;
      if (options == NULL)
        options = g_string_new (NULL);
      else
        g_string_append (options, ", ");
      g_string_append_printf (options, "%s.modeset=0", driver);
    }

  return options != NULL ? g_string_free (g_steal_pointer (&options), FALSE) : NULL;
}

#if HAVE_KMOD
static void
kmod_log_cb (void       *data,
             int         priority,
             const char *file,
             int         line,
             const char *function,
             const char *format,
             va_list     args)
{
  g_autofree char *message = g_strdup_vprintf (format, args);

  /* libkmod complains about every missing optional index; nothing it says
   * changes what the list shows. */
  g_debug ("libkmod: %s", g_strchomp (message));
}

static void
reading_open_modules (Reading *reading)
{
  g_autoptr(GPtrArray) config_paths = NULL;
  g_autoptr(GPtrArray) blacklist = NULL;
  struct kmod_config_iter *iter;

  /* modprobe's own configuration paths, under the root; the defaults when
   * the root is the real one. */
  if (!g_str_equal (reading->root_directory, "/"))
    {
      static const char * const directories[] = {
        "etc/modprobe.d", "run/modprobe.d", "usr/local/lib/modprobe.d", "lib/modprobe.d",
      };

      config_paths = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < G_N_ELEMENTS (directories); i++)
        g_ptr_array_add (config_paths, g_build_filename (reading->root_directory, directories[i], NULL));
      g_ptr_array_add (config_paths, NULL);
    }

  reading->kmod = kmod_new (reading->modules_directory,
                            config_paths != NULL ? (const char * const *) config_paths->pdata : NULL);
  if (reading->kmod == NULL)
    {
      g_debug ("Could not open the kernel modules directory");
      return;
    }

  kmod_set_log_fn (reading->kmod, kmod_log_cb, NULL);

  blacklist = g_ptr_array_new ();
  iter = kmod_config_get_blacklists (reading->kmod);
  while (iter != NULL && kmod_config_iter_next (iter))
    g_ptr_array_add (blacklist, g_strdup (kmod_config_iter_get_key (iter)));
  g_clear_pointer (&iter, kmod_config_iter_free_iter);
  g_ptr_array_add (blacklist, NULL);
  reading->blacklist = (GStrv) g_ptr_array_free (g_steal_pointer (&blacklist), FALSE);
}
#else
static void
reading_open_modules (Reading *reading)
{
  g_debug ("Built without libkmod: the installed kernel modules are not read");
}
#endif

/* The value of @key in the installed module's modinfo. */
static char *
module_info (Reading    *reading,
             const char *name,
             const char *key)
{
#if HAVE_KMOD
  g_autoptr(KmodModule) module = NULL;
  KmodList *info = NULL;
  KmodList *item;
  char *value = NULL;

  if (reading->kmod == NULL ||
      kmod_module_new_from_name (reading->kmod, name, &module) < 0 ||
      kmod_module_get_info (module, &info) < 0)
    return NULL;

  kmod_list_foreach (item, info)
    {
      if (g_str_equal (kmod_module_info_get_key (item), key))
        {
          value = g_strdup (kmod_module_info_get_value (item));
          break;
        }
    }
  kmod_module_info_free_list (info);

  return value;
#else
  return NULL;
#endif
}

/* The licenses the kernel itself accepts as GPL-compatible
 * (include/linux/license.h); any other one taints it as proprietary. */
static gboolean
license_is_open (const char *license)
{
  static const char * const open_licenses[] = {
    "GPL", "GPL v2", "GPL and additional rights", "Dual BSD/GPL", "Dual MIT/GPL", "Dual MPL/GPL", NULL
  };

  return g_strv_contains (open_licenses, license);
}

static PlugGpuLicense
read_driver_license (Reading    *reading,
                     const char *driver)
{
  g_autofree char *taint_path = g_build_filename ("sys", "module", driver, "taint", NULL);
  g_autofree char *taint = read_line (reading->root_directory, taint_path);
  g_autofree char *license = NULL;

  if (taint != NULL && strchr (taint, 'P') != NULL)
    return PLUG_GPU_LICENSE_PROPRIETARY;

  license = module_info (reading, driver, "license");
  if (license != NULL)
    return license_is_open (license) ? PLUG_GPU_LICENSE_OPEN : PLUG_GPU_LICENSE_PROPRIETARY;

  if (taint != NULL)
    return PLUG_GPU_LICENSE_OPEN;

  return PLUG_GPU_LICENSE_UNKNOWN;
}

#if HAVE_KMOD
/* Module names treat "-" and "_" as the same character. */
static char *
normalize_module_name (const char *name)
{
  return g_strdelimit (g_strdup (name), "-", '_');
}
#endif

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

static void
read_alternatives (Reading *reading,
                   PlugGpu *gpu)
{
  g_autoptr(GPtrArray) alternatives = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) blacklisted = g_ptr_array_new_with_free_func (g_free);
#if HAVE_KMOD
  g_autoptr(KmodList) modules = NULL;
  g_autofree char *driver = gpu->driver != NULL ? normalize_module_name (gpu->driver) : NULL;
  KmodList *item;

  if (reading->kmod != NULL && gpu->modalias != NULL &&
      kmod_module_new_from_lookup (reading->kmod, gpu->modalias, &modules) < 0)
    g_debug ("Could not look up the drivers for %s", gpu->modalias);

  kmod_list_foreach (item, modules)
    {
      g_autoptr(KmodModule) module = kmod_module_get_module (item);
      g_autofree char *name = normalize_module_name (kmod_module_get_name (module));

      if (reading->blacklist != NULL && g_strv_contains ((const char * const *) reading->blacklist, name))
        g_ptr_array_add (blacklisted, g_strdup (name));

      if (g_strcmp0 (name, driver) == 0 ||
          g_ptr_array_find_with_equal_func (alternatives, name, g_str_equal, NULL))
        continue;

      g_ptr_array_add (alternatives, g_steal_pointer (&name));
    }
#endif

  g_ptr_array_sort (alternatives, compare_strings);
  g_ptr_array_add (alternatives, NULL);
  gpu->alternatives = (GStrv) g_ptr_array_free (g_steal_pointer (&alternatives), FALSE);
  g_ptr_array_add (blacklisted, NULL);
  gpu->blacklisted = (GStrv) g_ptr_array_free (g_steal_pointer (&blacklisted), FALSE);
}

/* hwdata's pci.ids: "VVVV  Vendor" lines, each followed by
 * "\tDDDD  Device" lines (and "\t\t" subsystem lines, which are skipped). */
static void
lookup_pci_ids (const char  *pci_ids,
                guint        vendor_id,
                guint        device_id,
                char       **vendor,
                char       **model)
{
  gboolean in_vendor = FALSE;

  for (const char *line = pci_ids; line != NULL && *line != '\0';)
    {
      const char *end = strchr (line, '\n');
      const char *text = line;
      gboolean device_line = FALSE;

      if (end == NULL)
        end = line + strlen (line);
      if (text[0] == '\t' && text[1] != '\t')
        {
          device_line = TRUE;
          text++;
        }

      if (text[0] != '#' && end - text > 6 &&
          g_ascii_isxdigit (text[0]) && g_ascii_isxdigit (text[1]) &&
          g_ascii_isxdigit (text[2]) && g_ascii_isxdigit (text[3]) &&
          text[4] == ' ' && text[5] == ' ')
        {
          guint id = (guint) g_ascii_strtoull (text, NULL, 16);
          g_autofree char *name = g_strndup (text + 6, end - text - 6);

          if (!device_line)
            {
              if (in_vendor)
                return;
              in_vendor = id == vendor_id;
              if (in_vendor && *vendor == NULL)
                *vendor = g_steal_pointer (&name);
            }
          else if (in_vendor && id == device_id)
            {
              if (*model == NULL)
                *model = g_steal_pointer (&name);
              return;
            }
        }

      line = *end != '\0' ? end + 1 : end;
    }
}

/* The udev hardware database, as udev's "hwdb --subsystem=pci" rule asks
 * it: the vendor and device ids alone, so that a subsystem's name (a card
 * maker's) does not stand for the chip's. The lookup is an mmap() of
 * hwdb.bin and a walk of its trie; libudev objects stay in this thread. */
static void
lookup_hwdb (Reading *reading,
             PlugGpu *gpu)
{
  g_autofree char *modalias = NULL;
  struct udev_list_entry *entry;

  if (!reading->hwdb_opened)
    {
      reading->hwdb_opened = TRUE;
      reading->udev = udev_new ();
      if (reading->udev != NULL)
        reading->hwdb = udev_hwdb_new (reading->udev);
      if (reading->hwdb == NULL)
        g_debug ("The udev hardware database cannot be read");
    }
  if (reading->hwdb == NULL)
    return;

  modalias = g_strdup_printf ("pci:v%08Xd%08X",
                              (guint) g_ascii_strtoull (gpu->vendor_id, NULL, 16),
                              (guint) g_ascii_strtoull (gpu->device_id, NULL, 16));
  udev_list_entry_foreach (entry, udev_hwdb_get_properties_list_entry (reading->hwdb, modalias, 0))
    {
      const char *name = udev_list_entry_get_name (entry);
      const char *value = udev_list_entry_get_value (entry);

      if (value == NULL || *value == '\0' || !g_utf8_validate (value, -1, NULL))
        continue;
      if (gpu->vendor == NULL && g_strcmp0 (name, "ID_VENDOR_FROM_DATABASE") == 0)
        gpu->vendor = g_strdup (value);
      else if (gpu->model == NULL && g_strcmp0 (name, "ID_MODEL_FROM_DATABASE") == 0)
        gpu->model = g_strdup (value);
    }
}

static void
read_names (Reading     *reading,
            GUdevDevice *pci_device,
            PlugGpu     *gpu)
{
  gpu->vendor = g_strdup (g_udev_device_get_property (pci_device, "ID_VENDOR_FROM_DATABASE"));
  gpu->model = g_strdup (g_udev_device_get_property (pci_device, "ID_MODEL_FROM_DATABASE"));

  if (gpu->vendor != NULL && gpu->model != NULL)
    return;

  lookup_hwdb (reading, gpu);
  if (gpu->vendor != NULL && gpu->model != NULL)
    return;

  /* The fallback for a udev without a hardware database, read once per
   * reading and only when needed: the file is over a megabyte. */
  if (!reading->pci_ids_read)
    {
      static const char * const paths[] = { "usr/share/misc/pci.ids", "usr/share/hwdata/pci.ids" };

      reading->pci_ids_read = TRUE;
      for (guint i = 0; i < G_N_ELEMENTS (paths) && reading->pci_ids == NULL; i++)
        {
          g_autofree char *path = g_build_filename (reading->root_directory, paths[i], NULL);

          g_file_get_contents (path, &reading->pci_ids, NULL, NULL);
        }
    }

  if (reading->pci_ids != NULL)
    lookup_pci_ids (reading->pci_ids,
                    (guint) g_ascii_strtoull (gpu->vendor_id, NULL, 16),
                    (guint) g_ascii_strtoull (gpu->device_id, NULL, 16),
                    &gpu->vendor, &gpu->model);
}

/* "0x10de" from a sysfs attribute, or the part of PCI_ID ("10DE:1F91")
 * udev keeps, in one spelling either way. */
static char *
read_id (GUdevDevice *pci_device,
         const char  *attribute,
         gboolean     device_part)
{
  const char *value = g_udev_device_get_sysfs_attr (pci_device, attribute);
  const char *pci_id;

  if (value == NULL && (pci_id = g_udev_device_get_property (pci_device, "PCI_ID")) != NULL)
    value = device_part ? strchr (pci_id, ':') : pci_id;
  if (value != NULL && *value == ':')
    value++;
  if (value == NULL)
    return g_strdup ("0x0000");

  return g_strdup_printf ("0x%04x", (guint) g_ascii_strtoull (value, NULL, 16));
}

static gboolean
is_display_controller (GUdevDevice *pci_device)
{
  const char *class = g_udev_device_get_sysfs_attr (pci_device, "class");

  /* PCI_CLASS is the same number, without the "0x". */
  if (class == NULL)
    class = g_udev_device_get_property (pci_device, "PCI_CLASS");
  if (class == NULL)
    return FALSE;

  return ((g_ascii_strtoull (class, NULL, 16) >> 16) & 0xff) == PCI_CLASS_DISPLAY;
}

#define PCI_VENDOR_AMD    0x1002
#define PCI_VENDOR_INTEL  0x8086
#define PCI_VENDOR_NVIDIA 0x10de

typedef struct
{
  guint16 first;
  guint16 last;
} IdRange;

/* AMD's integrated GPUs: the device ids the kernel's radeon driver flags
 * RADEON_IS_IGP (drm_pciids.h) and amdgpu AMD_IS_APU (amdgpu_drv.c), up to
 * Linux 6.12, by family. */
static const IdRange amd_integrated[] = {
  { 0x1304, 0x131d },  /* Kaveri */
  { 0x13c0, 0x13c0 },  /* Granite Ridge */
  { 0x13e9, 0x13e9 },  /* Ariel */
  { 0x13fe, 0x13fe },  /* Cyan Skillfish */
  { 0x1435, 0x1435 },  /* Van Gogh (Sephiroth) */
  { 0x143f, 0x143f },  /* Cyan Skillfish */
  { 0x1506, 0x1506 },  /* Mendocino */
  { 0x150e, 0x150e },  /* Strix Point */
  { 0x1586, 0x1586 },  /* Strix Halo */
  { 0x15bf, 0x15bf },  /* Phoenix */
  { 0x15c8, 0x15c8 },  /* Phoenix 2 */
  { 0x15d8, 0x15d8 },  /* Picasso, Raven 2 */
  { 0x15dd, 0x15dd },  /* Raven */
  { 0x15e7, 0x15e7 },  /* Barcelo */
  { 0x1114, 0x1114 },  /* Krackan Point */
  { 0x1636, 0x1636 },  /* Renoir */
  { 0x1638, 0x1638 },  /* Cezanne */
  { 0x163f, 0x163f },  /* Van Gogh */
  { 0x164c, 0x164c },  /* Lucienne */
  { 0x164d, 0x164d },  /* Rembrandt */
  { 0x164e, 0x164e },  /* Raphael */
  { 0x1681, 0x1681 },  /* Rembrandt */
  { 0x1900, 0x1901 },  /* Hawk Point */
  { 0x4136, 0x4137 },  /* RS100, RS200 */
  { 0x4237, 0x4237 },  /* RS250 */
  { 0x4336, 0x4337 },  /* RS100, RS200 Mobility */
  { 0x4437, 0x4437 },  /* RS250 Mobility */
  { 0x5834, 0x5835 },  /* RS300 */
  { 0x5954, 0x5955 },  /* RS480: Radeon Xpress 200, 200M */
  { 0x5974, 0x5975 },  /* RS482: Radeon Xpress 200, 200M */
  { 0x5a41, 0x5a42 },  /* RS400 */
  { 0x5a61, 0x5a62 },  /* RC410 */
  { 0x7834, 0x7835 },  /* RS350 */
  { 0x791e, 0x791f },  /* RS690 */
  { 0x793f, 0x793f },  /* RS600 */
  { 0x7941, 0x7942 },  /* RS600 */
  { 0x796c, 0x796f },  /* RS740 */
  { 0x9610, 0x9616 },  /* RS780 */
  { 0x9640, 0x964f },  /* Sumo (Llano) */
  { 0x9710, 0x9715 },  /* RS880 */
  { 0x9802, 0x980a },  /* Palm (Ontario, Zacate) */
  { 0x9830, 0x983f },  /* Kabini */
  { 0x9850, 0x985f },  /* Mullins */
  { 0x9870, 0x9877 },  /* Carrizo */
  { 0x98e4, 0x98e4 },  /* Stoney */
  { 0x9900, 0x99ff },  /* Aruba (Trinity, Richland) */
};

/* Intel's discrete GPUs; every other Intel display controller is the
 * chipset's or the processor's. */
static const IdRange intel_discrete[] = {
  { 0x4905, 0x4909 },  /* DG1 */
  { 0x5690, 0x56ff },  /* Arc A (Alchemist, DG2), Flex */
  { 0x7800, 0x7800 },  /* i740 */
  { 0xe202, 0xe2ff },  /* Arc B (Battlemage) */
};

static gboolean
id_in_ranges (guint          id,
              const IdRange *ranges,
              gsize          n_ranges)
{
  for (gsize i = 0; i < n_ranges; i++)
    if (id >= ranges[i].first && id <= ranges[i].last)
      return TRUE;

  return FALSE;
}

/* Rules 1 and 2 of the list at the top. Rule 3 needs every GPU's
 * connectors: decide_kinds_by_panel(). */
static void
read_kind (PlugGpu     *gpu,
           GUdevDevice *pci_device)
{
  guint vendor = (guint) g_ascii_strtoull (gpu->vendor_id, NULL, 16);
  guint device = (guint) g_ascii_strtoull (gpu->device_id, NULL, 16);
  const char *class = g_udev_device_get_sysfs_attr (pci_device, "class");

  if (class == NULL)
    class = g_udev_device_get_property (pci_device, "PCI_CLASS");

  if (vendor == PCI_VENDOR_AMD && id_in_ranges (device, amd_integrated, G_N_ELEMENTS (amd_integrated)))
    {
      gpu->kind = PLUG_GPU_KIND_INTEGRATED;
      gpu->kind_hint = g_strdup ("amd-igp-id");
    }
  else if (vendor == PCI_VENDOR_INTEL)
    {
      gpu->kind = id_in_ranges (device, intel_discrete, G_N_ELEMENTS (intel_discrete))
                  ? PLUG_GPU_KIND_DISCRETE : PLUG_GPU_KIND_INTEGRATED;
      gpu->kind_hint = g_strdup ("intel-id");
    }
  else if (vendor == PCI_VENDOR_NVIDIA && device >= 0x0a20)
    {
      gpu->kind = PLUG_GPU_KIND_DISCRETE;
      gpu->kind_hint = g_strdup ("nvidia-id");
    }
  else if (class != NULL && ((g_ascii_strtoull (class, NULL, 16) >> 8) & 0xffff) == 0x0302)
    {
      gpu->kind = PLUG_GPU_KIND_DISCRETE;
      gpu->kind_hint = g_strdup ("3d-controller");
    }
}

static gboolean
is_internal_connector (const char *connector)
{
  return g_str_has_prefix (connector, "eDP-") || g_str_has_prefix (connector, "LVDS-") ||
         g_str_has_prefix (connector, "DSI-");
}

/* Rule 3, for the GPUs no earlier rule decided. */
static void
decide_kinds_by_panel (GPtrArray *gpus,
                       GPtrArray *displays)
{
  PlugGpu *panel_gpu = NULL;
  guint n_panel_gpus = 0;

  if (gpus->len < 2)
    return;

  for (guint i = 0; i < gpus->len; i++)
    {
      PlugGpu *gpu = g_ptr_array_index (gpus, i);

      for (guint j = 0; j < displays->len; j++)
        {
          PlugDisplay *display = g_ptr_array_index (displays, j);

          if (g_strcmp0 (display->pci_slot, gpu->pci_slot) == 0 && is_internal_connector (display->connector))
            {
              panel_gpu = gpu;
              n_panel_gpus++;
              break;
            }
        }
    }

  if (n_panel_gpus != 1)
    return;

  for (guint i = 0; i < gpus->len; i++)
    {
      PlugGpu *gpu = g_ptr_array_index (gpus, i);

      if (gpu->kind != PLUG_GPU_KIND_UNKNOWN)
        continue;
      gpu->kind = gpu == panel_gpu ? PLUG_GPU_KIND_INTEGRATED : PLUG_GPU_KIND_DISCRETE;
      gpu->kind_hint = g_strdup ("internal-panel");
    }
}

/* The other open driver of the vendor, to say whether it was looked at. */
static const char *
counterpart_driver (const char *driver)
{
  static const char * const pairs[][2] = {
    { "radeon", "amdgpu" }, { "amdgpu", "radeon" }, { "nouveau", "nvidia" }, { "nvidia", "nouveau" },
    { "i915", "xe" }, { "xe", "i915" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    if (g_strcmp0 (driver, pairs[i][0]) == 0)
      return pairs[i][1];

  return NULL;
}

/* Whether @name's file is there, not only in the modules index (which
 * names a module until depmod runs again after its package was removed). */
static gboolean
module_is_installed (Reading    *reading,
                     const char *name)
{
#if HAVE_KMOD
  g_autoptr(KmodModule) module = NULL;
  const char *path;

  if (reading->kmod == NULL || kmod_module_new_from_name (reading->kmod, name, &module) < 0)
    return FALSE;
  path = kmod_module_get_path (module);

  return path != NULL && g_file_test (path, G_FILE_TEST_EXISTS);
#else
  return FALSE;
#endif
}

static char *
describe_no_switch (Reading *reading,
                    PlugGpu *gpu)
{
  const char *other = counterpart_driver (gpu->driver);

  if (other != NULL && module_is_installed (reading, other))
    /* Translators: the first %s is the driver in use, such as “radeon”,
     * the second another installed driver, such as “amdgpu” */
    return g_strdup_printf (_("There is no other driver to switch to: %s, the one in use, is the only "
                              "installed driver for this GPU. %s is installed too, but does not support "
                              "this GPU."), gpu->driver, other);

  /* Translators: %s is the driver in use, such as “radeon” */
  return g_strdup_printf (_("There is no other driver to switch to: %s, the one in use, is the only "
                            "installed driver for this GPU."), gpu->driver);
}

/* Why no driver is bound to a GPU, as far as what is installed says. */
typedef enum
{
  UNBOUND_NOMODESET,     /* the kernel was started with nomodeset */
  UNBOUND_NONE_INSTALLED,
  UNBOUND_BLACKLISTED,   /* every installed one */
  UNBOUND_MODESET_OFF,   /* every one allowed, by MODULE.modeset=0 */
  UNBOUND_NOT_LOADED,    /* one is installed and allowed: it failed */
} UnboundCause;

static UnboundCause
get_unbound_cause (Reading *reading,
                   PlugGpu *gpu)
{
  g_autofree char *modeset_options = NULL;
  gboolean all_blacklisted = TRUE;

  if (reading->nomodeset)
    return UNBOUND_NOMODESET;
  if (gpu->alternatives == NULL || gpu->alternatives[0] == NULL)
    return UNBOUND_NONE_INSTALLED;

  for (guint i = 0; gpu->alternatives[i] != NULL; i++)
    all_blacklisted = all_blacklisted && plug_gpu_is_blacklisted (gpu, gpu->alternatives[i]);
  if (all_blacklisted)
    return UNBOUND_BLACKLISTED;

  modeset_options = dup_modeset_off_options (reading, gpu);

  return modeset_options != NULL ? UNBOUND_MODESET_OFF : UNBOUND_NOT_LOADED;
}

static char *
describe_missing_driver (Reading *reading,
                         PlugGpu *gpu)
{
  g_autofree char *alternatives = NULL;
  UnboundCause cause = get_unbound_cause (reading, gpu);

  if (cause == UNBOUND_NOMODESET)
    return g_strdup (_("No driver is bound to this GPU: the kernel was started with “nomodeset”, "
                       "which keeps graphics drivers from loading. Without a driver there is no "
                       "hardware acceleration."));

  if (cause == UNBOUND_NONE_INSTALLED)
    return g_strdup (_("No driver is bound to this GPU, and no installed driver can drive it. "
                       "Without a driver there is no hardware acceleration."));

  if (cause == UNBOUND_MODESET_OFF)
    {
      g_autofree char *options = dup_modeset_off_options (reading, gpu);

      /* Translators: %s is one or more kernel options, such as “radeon.modeset=0” */
      return g_strdup_printf (_("No driver is bound to this GPU: “%s” on the kernel command line "
                                "keeps its driver from loading. Without a driver there is no hardware "
                                "acceleration."),
                              options);
    }

  alternatives = g_strjoinv (", ", gpu->alternatives);
  if (cause == UNBOUND_BLACKLISTED)
    /* Translators: %s is a list of drivers, such as “radeon, amdgpu” */
    return g_strdup_printf (_("No driver is bound to this GPU: the drivers installed for it are "
                              "blacklisted (%s). Without a driver there is no hardware acceleration."),
                            alternatives);

  /* Translators: %s is a list of drivers, such as “radeon, amdgpu” */
  return g_strdup_printf (_("No driver is bound to this GPU, although installed drivers can drive it "
                            "(%s): loading it may have failed. Without a driver there is no hardware "
                            "acceleration."),
                          alternatives);
}

/* Inside the Flatpak sandbox, /sys/module, /lib/modules and modprobe.d
 * are the sandbox's own (or missing): the driver's version and licence,
 * the other installed drivers and why none is bound come from
 * plugboard-helper on the host, or are not visible. The driver bound,
 * from the device's own sysfs folder, is the host's. */
static void
take_host_facts (Reading *reading,
                 PlugGpu *gpu)
{
  g_autoptr(GVariant) facts = NULL;
  const char *license = NULL;

  if (reading->host_facts != NULL)
    facts = plug_host_facts_lookup_gpu (reading->host_facts, gpu->pci_slot);
  if (facts == NULL)
    {
      gpu->hidden_by_sandbox = TRUE;
      gpu->alternatives = g_new0 (char *, 1);
      gpu->blacklisted = g_new0 (char *, 1);
      return;
    }

  g_variant_lookup (facts, "driver_version", "s", &gpu->driver_version);
  if (g_variant_lookup (facts, "driver_license", "&s", &license))
    gpu->driver_license = g_str_equal (license, "proprietary") ? PLUG_GPU_LICENSE_PROPRIETARY
                          : g_str_equal (license, "open") ? PLUG_GPU_LICENSE_OPEN
                          : PLUG_GPU_LICENSE_UNKNOWN;
  if (!g_variant_lookup (facts, "alternatives", "^as", &gpu->alternatives))
    gpu->alternatives = g_new0 (char *, 1);
  if (!g_variant_lookup (facts, "blacklisted", "^as", &gpu->blacklisted))
    gpu->blacklisted = g_new0 (char *, 1);
  g_variant_lookup (facts, "reason", "s", &gpu->reason);
  g_variant_lookup (facts, "switch_unavailable_reason", "s", &gpu->switch_unavailable_reason);
}

static PlugGpu *
read_gpu (Reading     *reading,
          GUdevDevice *pci_device,
          GList       *drm_devices)
{
  g_autoptr(PlugGpu) gpu = plug_gpu_new ();
  g_autoptr(GPtrArray) drm_nodes = g_ptr_array_new ();
  const char *modalias;

  gpu->pci_slot = g_strdup (g_udev_device_get_name (pci_device));
  gpu->sysfs_path = g_strdup (g_udev_device_get_sysfs_path (pci_device));
  gpu->vendor_id = read_id (pci_device, "vendor", FALSE);
  gpu->device_id = read_id (pci_device, "device", TRUE);
  gpu->boot_vga = g_udev_device_get_sysfs_attr_as_int (pci_device, "boot_vga") == 1;
  read_kind (gpu, pci_device);
  modalias = g_udev_device_get_sysfs_attr (pci_device, "modalias");
  if (modalias == NULL)
    modalias = g_udev_device_get_property (pci_device, "MODALIAS");
  gpu->modalias = g_strdup (modalias);
  read_names (reading, pci_device, gpu);

  for (GList *l = drm_devices; l != NULL; l = l->next)
    {
      GUdevDevice *drm_device = l->data;
      g_autoptr(GUdevDevice) parent = g_udev_device_get_parent_with_subsystem (drm_device, "pci", NULL);

      /* Connectors (card0-eDP-1) are drm devices too, but not nodes. */
      if (parent != NULL &&
          g_strcmp0 (g_udev_device_get_sysfs_path (parent), gpu->sysfs_path) == 0 &&
          g_udev_device_get_device_file (drm_device) != NULL)
        g_ptr_array_add (drm_nodes, g_strdup (g_udev_device_get_name (drm_device)));
    }
  g_ptr_array_sort (drm_nodes, compare_strings);
  g_ptr_array_add (drm_nodes, NULL);
  gpu->drm_nodes = (GStrv) g_ptr_array_free (g_steal_pointer (&drm_nodes), FALSE);

  gpu->driver = g_strdup (g_udev_device_get_driver (pci_device));
  if (reading->sandboxed)
    {
      take_host_facts (reading, gpu);
      return g_steal_pointer (&gpu);
    }
  if (gpu->driver != NULL)
    {
      g_autofree char *version_path = g_build_filename ("sys", "module", gpu->driver, "version", NULL);

      gpu->driver_version = read_line (reading->root_directory, version_path);
      gpu->driver_license = read_driver_license (reading, gpu->driver);
    }

  read_alternatives (reading, gpu);

  if (gpu->driver == NULL)
    gpu->reason = describe_missing_driver (reading, gpu);
  else if (gpu->alternatives[0] == NULL)
    gpu->switch_unavailable_reason = describe_no_switch (reading, gpu);

  return g_steal_pointer (&gpu);
}

/* The "modes" file: one "1920x1080" a line, preferred first, each
 * resolution once per refresh rate the kernel knows for it; listed here
 * once each, in the kernel's order. */
static GStrv
read_modes (const char *sysfs_path)
{
  g_autofree char *path = g_build_filename (sysfs_path, "modes", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GPtrArray) modes = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) lines = NULL;

  if (g_file_get_contents (path, &contents, NULL, NULL) && g_utf8_validate (contents, -1, NULL))
    {
      lines = g_strsplit (contents, "\n", -1);
      for (guint i = 0; lines[i] != NULL; i++)
        {
          g_strstrip (lines[i]);
          if (lines[i][0] != '\0' &&
              !g_ptr_array_find_with_equal_func (modes, lines[i], g_str_equal, NULL))
            g_ptr_array_add (modes, g_strdup (lines[i]));
        }
    }

  g_ptr_array_add (modes, NULL);
  return (GStrv) g_ptr_array_free (g_steal_pointer (&modes), FALSE);
}

/* "1920x1080", or "1920x1080i" for an interlaced mode. */
static void
parse_mode (const char *mode,
            int        *width,
            int        *height)
{
  guint64 w, h;
  char *end;

  w = g_ascii_strtoull (mode, &end, 10);
  if (end == mode || *end != 'x')
    return;
  mode = end + 1;
  h = g_ascii_strtoull (mode, &end, 10);
  if (end == mode || w == 0 || h == 0 || w > G_MAXINT || h > G_MAXINT)
    return;

  *width = (int) w;
  *height = (int) h;
}

/* The firmware framebuffer a drm card not on PCI is, by its platform
 * device's driver: simpledrm (which binds as "simple-framebuffer"), and
 * the firmware-specific drm drivers that replace it on newer kernels.
 * %NULL for anything else. */
static const char *
framebuffer_of_card (GUdevDevice *connector_device)
{
  g_autoptr(GUdevDevice) platform_device = g_udev_device_get_parent_with_subsystem (connector_device,
                                                                                    "platform", NULL);
  const char *driver;

  if (platform_device == NULL)
    return NULL;

  driver = g_udev_device_get_driver (platform_device);
  if (g_strcmp0 (driver, "simple-framebuffer") == 0 || g_strcmp0 (driver, "simpledrm") == 0)
    return "simpledrm";
  if (g_strcmp0 (driver, "efidrm") == 0 || g_strcmp0 (driver, "vesadrm") == 0 ||
      g_strcmp0 (driver, "ofdrm") == 0)
    return driver;

  return NULL;
}

/* Fills the monitor's fields from an EDID; FALSE, with the reason in
 * edid_error, when it cannot be read. */
static gboolean
display_read_edid (PlugDisplay *display,
                   const char  *data,
                   gsize        length)
{
  g_autoptr(GError) error = NULL;
  PlugEdid edid;

  if (!plug_edid_parse ((const guint8 *) data, length, &edid, &error))
    {
      display->edid_error = g_strdup (error->message);
      return FALSE;
    }

  display->name = edid.name[0] != '\0' ? g_strdup (edid.name) : NULL;
  display->manufacturer = edid.manufacturer[0] != '\0' ? g_strdup (edid.manufacturer) : NULL;
  display->width = edid.width;
  display->height = edid.height;
  display->native_width = edid.width;
  display->native_height = edid.height;
  display->refresh_rate = edid.refresh_rate;

  return TRUE;
}

static PlugDisplay *
read_display (GUdevDevice *connector_device)
{
  g_autoptr(PlugDisplay) display = plug_display_new ();
  g_autoptr(GUdevDevice) pci_device = g_udev_device_get_parent_with_subsystem (connector_device, "pci", NULL);
  const char *sysfs_path = g_udev_device_get_sysfs_path (connector_device);
  const char *name = g_udev_device_get_name (connector_device);
  const char *dash = strchr (name, '-');
  g_autofree char *edid_path = g_build_filename (sysfs_path, "edid", NULL);
  g_autofree char *edid_data = NULL;
  gsize edid_length = 0;

  display->card = g_strndup (name, dash - name);
  display->connector = g_strdup (dash + 1);
  if (pci_device != NULL)
    display->pci_slot = g_strdup (g_udev_device_get_name (pci_device));
  else
    display->framebuffer = g_strdup (framebuffer_of_card (connector_device));
  display->connected = g_strcmp0 (g_udev_device_get_sysfs_attr (connector_device, "status"), "connected") == 0;
  display->enabled = g_strcmp0 (g_udev_device_get_sysfs_attr (connector_device, "enabled"), "enabled") == 0;
  display->modes = read_modes (sysfs_path);

  /* A connector without a monitor has an empty "edid" file. */
  if (g_file_get_contents (edid_path, &edid_data, &edid_length, NULL) && edid_length > 0)
    display_read_edid (display, edid_data, edid_length);

  if (display->width == 0 && display->modes[0] != NULL)
    parse_mode (display->modes[0], &display->width, &display->height);

  return g_steal_pointer (&display);
}

static gboolean
is_connector (GUdevDevice *drm_device)
{
  const char *name = g_udev_device_get_name (drm_device);

  /* "card0-eDP-1"; udev calls it a drm_connector, where it says. */
  if (g_strcmp0 (g_udev_device_get_devtype (drm_device), "drm_connector") == 0)
    return strchr (name, '-') != NULL;

  return g_udev_device_get_device_file (drm_device) == NULL &&
         g_str_has_prefix (name, "card") && strchr (name, '-') != NULL;
}

static int
compare_displays (gconstpointer a,
                  gconstpointer b)
{
  PlugDisplay *display_a = *(PlugDisplay * const *) a;
  PlugDisplay *display_b = *(PlugDisplay * const *) b;
  int card = g_strcmp0 (display_a->card, display_b->card);

  return card != 0 ? card : g_strcmp0 (display_a->connector, display_b->connector);
}

/* fbdev's own firmware framebuffers (efifb's "EFI VGA", vesafb's "VESA
 * VGA"), which drive the screen where no drm driver does: no connector,
 * one fixed size. A drm driver's fbdev emulation ("amdgpudrmfb",
 * "simpledrmdrmfb") is its card's, already read as connectors. */
static PlugDisplay *
read_fbdev (GUdevDevice *fb_device)
{
  g_autoptr(PlugDisplay) display = NULL;
  const char *name = g_udev_device_get_sysfs_attr (fb_device, "name");
  const char *size = g_udev_device_get_sysfs_attr (fb_device, "virtual_size");
  g_autofree char *mode = NULL;
  guint64 width, height;
  char *end;

  if (name == NULL || strstr (name, "drmfb") != NULL || size == NULL)
    return NULL;

  width = g_ascii_strtoull (size, &end, 10);
  if (end == size || *end != ',')
    return NULL;
  height = g_ascii_strtoull (end + 1, &end, 10);
  if (width == 0 || height == 0 || width > G_MAXINT || height > G_MAXINT)
    return NULL;

  display = plug_display_new ();
  display->connector = g_strdup (g_udev_device_get_name (fb_device));
  display->connected = TRUE;
  display->enabled = TRUE;
  display->width = (int) width;
  display->height = (int) height;
  mode = g_strdup_printf ("%dx%d", display->width, display->height);
  display->modes = g_strsplit (mode, " ", -1);
  if (g_str_equal (name, "EFI VGA"))
    display->framebuffer = g_strdup ("efifb");
  else if (g_str_equal (name, "VESA VGA"))
    display->framebuffer = g_strdup ("vesafb");
  else
    display->framebuffer = g_strdup (name);

  return g_steal_pointer (&display);
}

static PlugGpu *
boot_gpu (GPtrArray *gpus)
{
  for (guint i = 0; i < gpus->len; i++)
    {
      PlugGpu *gpu = g_ptr_array_index (gpus, i);

      if (gpu->boot_vga)
        return gpu;
    }

  return gpus->len > 0 ? g_ptr_array_index (gpus, 0) : NULL;
}

static PlugGpu *
gpu_of_display (GPtrArray   *gpus,
                PlugDisplay *display)
{
  for (guint i = 0; i < gpus->len; i++)
    {
      PlugGpu *gpu = g_ptr_array_index (gpus, i);

      if (g_strcmp0 (gpu->pci_slot, display->pci_slot) == 0)
        return gpu;
    }

  return NULL;
}

static char *
dup_size (int width,
          int height)
{
  /* Translators: a resolution in pixels, width × height */
  return g_strdup_printf (_("%d × %d"), width, height);
}

/* Why no GPU driver drives the screen, and what would let one. */
static char *
describe_framebuffer_cause (Reading *reading,
                            PlugGpu *gpu)
{
  g_autofree char *alternatives = NULL;
  UnboundCause cause;

  if (reading->nomodeset)
    return g_strdup (_("The kernel was started with “nomodeset”, which keeps graphics drivers from "
                       "loading: remove it from the kernel command line (in the boot loader’s "
                       "settings) to let a driver set the native resolution."));

  if (gpu == NULL)
    return g_strdup (_("No GPU was found on the PCI bus to drive the screen."));

  if (gpu->driver != NULL)
    {
      if (g_str_equal (gpu->driver, "nvidia"))
        return g_strdup (_("The nvidia driver is bound to the GPU but has not taken over the screen, "
                           "since its kernel mode setting is off: turn it on with the kernel option "
                           "“nvidia-drm.modeset=1”."));
      if (modeset_is_off (reading, gpu->driver))
        /* Translators: the first %s is a driver, such as “radeon”; the second the same */
        return g_strdup_printf (_("%s is bound to the GPU but has not taken over the screen: "
                                  "“%s.modeset=0” on the kernel command line turns its mode setting "
                                  "off. Remove it (in the boot loader’s settings) to let the driver "
                                  "set the native resolution."),
                                gpu->driver, gpu->driver);
      /* Translators: %s is a driver, such as “radeon” */
      return g_strdup_printf (_("%s is bound to the GPU but has not taken over the screen: its kernel "
                                "mode setting may be turned off on the kernel command line."),
                              gpu->driver);
    }

  /* Inside the sandbox, without plugboard-helper, the installed drivers
   * are not known: not that there are none. */
  if (gpu->hidden_by_sandbox)
    return g_strdup (_("No driver is bound to the GPU. Which drivers are installed for it, and why "
                       "none took over the screen, is not visible from the sandbox: plugboard-helper "
                       "on the host would tell."));

  cause = get_unbound_cause (reading, gpu);
  if (cause == UNBOUND_NONE_INSTALLED)
    return g_strdup (_("No installed driver can drive the GPU: installing one would let the screen "
                       "run at its native resolution."));

  if (cause == UNBOUND_MODESET_OFF)
    {
      g_autofree char *options = dup_modeset_off_options (reading, gpu);

      /* Translators: %s is one or more kernel options, such as “radeon.modeset=0” */
      return g_strdup_printf (_("“%s” on the kernel command line keeps the GPU’s driver from loading: "
                                "remove it (in the boot loader’s settings) to let the driver set the "
                                "native resolution."),
                              options);
    }

  alternatives = g_strjoinv (", ", gpu->alternatives);
  if (cause == UNBOUND_BLACKLISTED)
    /* Translators: %s is a list of drivers, such as “radeon, amdgpu” */
    return g_strdup_printf (_("The drivers installed for the GPU are blacklisted (%s): undoing the "
                              "blacklist would let the screen run at its native resolution."),
                            alternatives);

  /* Translators: %s is a list of drivers, such as “radeon, amdgpu” */
  return g_strdup_printf (_("No driver is bound to the GPU, although %s can drive it: it did not "
                            "load, often for want of the GPU’s firmware (the kernel’s log says why). "
                            "Once a driver loads, the screen can run at its native resolution."),
                          alternatives);
}

static char *
describe_framebuffer (Reading     *reading,
                      PlugGpu     *gpu,
                      PlugDisplay *display)
{
  g_autofree char *size = dup_size (display->width, display->height);
  g_autofree char *cause = describe_framebuffer_cause (reading, gpu);
  g_autofree char *first = NULL;

  if (display->native_width > 0 &&
      (display->native_width != display->width || display->native_height != display->height))
    {
      g_autofree char *native = dup_size (display->native_width, display->native_height);

      /* Translators: the first %s is a resolution, such as “1024 × 768”,
       * the second a firmware framebuffer, such as “efifb”, the third
       * the display's native resolution */
      first = g_strdup_printf (_("The screen runs at a fixed %s on the firmware’s framebuffer (%s), "
                                 "not at its native %s."), size, display->framebuffer, native);
    }
  else if (display->native_width > 0)
    {
      /* Translators: the first %s is a resolution, such as “1024 × 768”,
       * the second a firmware framebuffer, such as “efifb” */
      first = g_strdup_printf (_("The screen runs at its native %s, but fixed, on the firmware’s "
                                 "framebuffer (%s): no other resolution, and no hardware "
                                 "acceleration."), size, display->framebuffer);
    }
  else
    {
      /* Translators: the first %s is a resolution, such as “1024 × 768”,
       * the second a firmware framebuffer, such as “efifb” */
      first = g_strdup_printf (_("The screen runs at a fixed %s on the firmware’s framebuffer (%s), "
                                 "which cannot set the monitor’s native resolution."),
                               size, display->framebuffer);
    }

  return g_strdup_printf ("%s %s", first, cause);
}

/* The largest mode the connector offers, by area. */
static void
largest_mode (PlugDisplay *display,
              int         *width,
              int         *height)
{
  *width = 0;
  *height = 0;
  for (guint i = 0; display->modes[i] != NULL; i++)
    {
      int w = 0, h = 0;

      parse_mode (display->modes[i], &w, &h);
      if ((gint64) w * h > (gint64) *width * *height)
        {
          *width = w;
          *height = h;
        }
    }
}

static char *
describe_missing_mode (PlugGpu     *gpu,
                       PlugDisplay *display)
{
  g_autofree char *native = dup_size (display->native_width, display->native_height);
  g_autofree char *largest = NULL;
  g_autofree char *first = NULL;
  int width, height;

  largest_mode (display, &width, &height);
  largest = dup_size (width, height);

  if (gpu != NULL && gpu->driver != NULL)
    /* Translators: the first %s is a driver, such as “radeon”, the
     * second and third resolutions, such as “1280 × 800” */
    first = g_strdup_printf (_("%s does not offer this display’s native resolution, %s: the largest "
                               "it offers is %s."), gpu->driver, native, largest);
  else
    /* Translators: both are resolutions, such as “1280 × 800” */
    first = g_strdup_printf (_("The driver does not offer this display’s native resolution, %s: the "
                               "largest it offers is %s."), native, largest);

  if (gpu != NULL && gpu->alternatives != NULL && gpu->alternatives[0] != NULL)
    {
      g_autofree char *alternatives = g_strjoinv (", ", gpu->alternatives);

      /* Translators: the first %s is the sentence above, the second one
       * or more drivers, such as “amdgpu” */
      return g_strdup_printf (_("%s Switching to %s, installed for this GPU too, may offer it."),
                              first, alternatives);
    }

  return g_strdup_printf ("%s %s", first,
                          _("No other installed driver supports this GPU: a newer kernel, whose "
                            "driver knows more modes, may offer it."));
}

/* A display's resolution_problem, from what the kernel shows: the screen
 * on a firmware framebuffer, or a native mode the driver leaves out. The
 * mode the desktop chose is the display server's, and only the GUI can
 * compare it. */
static void
diagnose_resolutions (Reading   *reading,
                      GPtrArray *gpus,
                      GPtrArray *displays)
{
  for (guint i = 0; i < displays->len; i++)
    {
      PlugDisplay *display = g_ptr_array_index (displays, i);

      if (!display->connected)
        continue;

      if (display->framebuffer != NULL)
        display->resolution_problem = describe_framebuffer (reading, gpu_of_display (gpus, display),
                                                            display);
      else if (display->native_width > 0 && display->modes[0] != NULL &&
               !plug_display_offers_mode (display, display->native_width, display->native_height))
        display->resolution_problem = describe_missing_mode (gpu_of_display (gpus, display), display);
    }
}

/* The firmware framebuffers show the boot GPU's output, with the EDID the
 * firmware read, if the kernel kept it (/sys/firmware/edid). */
static void
attach_framebuffers (Reading   *reading,
                     GPtrArray *gpus,
                     GPtrArray *displays)
{
  PlugGpu *gpu = boot_gpu (gpus);
  g_autofree char *edid_path = g_build_filename (reading->root_directory, "sys", "firmware", "edid", NULL);
  g_autofree char *edid_data = NULL;
  gsize edid_length = 0;

  if (!g_file_get_contents (edid_path, &edid_data, &edid_length, NULL) || edid_length == 0)
    g_clear_pointer (&edid_data, g_free);

  for (guint i = 0; i < displays->len; i++)
    {
      PlugDisplay *display = g_ptr_array_index (displays, i);
      int width = display->width;
      int height = display->height;

      if (display->framebuffer == NULL)
        continue;
      if (display->pci_slot == NULL && gpu != NULL)
        display->pci_slot = g_strdup (gpu->pci_slot);
      if (display->native_width == 0 && display->edid_error == NULL && edid_data != NULL)
        {
          display_read_edid (display, edid_data, edid_length);
          /* The framebuffer's size is the one it runs at, and its
           * refresh rate is not the monitor's preferred one. */
          if (width > 0 && (width != display->width || height != display->height))
            {
              display->width = width;
              display->height = height;
              display->refresh_rate = 0;
            }
        }
    }
}

typedef struct
{
  GPtrArray *gpus;
  GPtrArray *displays;
} Found;

static void
found_free (Found *found)
{
  g_clear_pointer (&found->gpus, g_ptr_array_unref);
  g_clear_pointer (&found->displays, g_ptr_array_unref);
  g_free (found);
}

static int
compare_gpus (gconstpointer a,
              gconstpointer b)
{
  PlugGpu *gpu_a = *(PlugGpu * const *) a;
  PlugGpu *gpu_b = *(PlugGpu * const *) b;

  return g_strcmp0 (gpu_a->pci_slot, gpu_b->pci_slot);
}

static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Reading *reading = task_data;
  g_autoptr(GUdevClient) client = NULL;
  g_autoptr(GPtrArray) gpus = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) displays = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *command_line = NULL;
  Found *found;
  GList *pci_devices;
  GList *drm_devices;
  GList *fb_devices;

  /* No subsystems: a client that only queries, without a uevent socket. */
  client = g_udev_client_new (NULL);
  pci_devices = g_udev_client_query_by_subsystem (client, "pci");
  drm_devices = g_udev_client_query_by_subsystem (client, "drm");
  fb_devices = g_udev_client_query_by_subsystem (client, "graphics");

  command_line = read_line (reading->root_directory, "proc/cmdline");
  reading->nomodeset = command_line_has (command_line, "nomodeset");
  reading->modeset_off = read_modeset_off (command_line);
  reading->sandboxed = plug_sandbox_is_flatpak ();
  if (reading->sandboxed)
    reading->host_facts = plug_host_facts_fetch_sync (cancellable);
  else
    reading_open_modules (reading);

  for (GList *l = pci_devices; l != NULL; l = l->next)
    {
      if (g_cancellable_is_cancelled (cancellable))
        break;
      if (is_display_controller (l->data))
        g_ptr_array_add (gpus, read_gpu (reading, l->data, drm_devices));
    }

  for (GList *l = drm_devices; l != NULL; l = l->next)
    {
      if (g_cancellable_is_cancelled (cancellable))
        break;
      if (is_connector (l->data))
        g_ptr_array_add (displays, read_display (l->data));
    }

  for (GList *l = fb_devices; l != NULL; l = l->next)
    {
      PlugDisplay *display;

      if (g_cancellable_is_cancelled (cancellable))
        break;
      display = read_fbdev (l->data);
      if (display != NULL)
        g_ptr_array_add (displays, display);
    }

  g_list_free_full (pci_devices, g_object_unref);
  g_list_free_full (drm_devices, g_object_unref);
  g_list_free_full (fb_devices, g_object_unref);

  if (g_task_return_error_if_cancelled (task))
    return;

  g_ptr_array_sort (gpus, compare_gpus);
  g_ptr_array_sort (displays, compare_displays);
  decide_kinds_by_panel (gpus, displays);
  attach_framebuffers (reading, gpus, displays);
  diagnose_resolutions (reading, gpus, displays);
  found = g_new0 (Found, 1);
  found->gpus = g_steal_pointer (&gpus);
  found->displays = g_steal_pointer (&displays);
  g_task_return_pointer (task, found, (GDestroyNotify) found_free);
}

static void
load_thread_done_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  PlugGpuList *self = PLUG_GPU_LIST (object);
  g_autoptr(GTask) task = user_data;
  Found *found;
  g_autoptr(GError) error = NULL;
  guint n_removed;

  found = g_task_propagate_pointer (G_TASK (result), &error);
  if (found == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* The items change here, in the thread that owns the list, and before
   * the caller hears that the reading is done. */
  n_removed = self->gpus->len;
  g_ptr_array_unref (self->gpus);
  self->gpus = g_steal_pointer (&found->gpus);
  g_list_store_splice (self->displays, 0, g_list_model_get_n_items (G_LIST_MODEL (self->displays)),
                       found->displays->pdata, found->displays->len);
  found_free (found);
  g_list_model_items_changed (G_LIST_MODEL (self), 0, n_removed, self->gpus->len);
  if (n_removed != self->gpus->len)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);

  g_task_return_boolean (task, TRUE);
}

/**
 * plug_gpu_list_load_async:
 * @self: a #PlugGpuList
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the GPUs have been read
 * @user_data: data for @callback
 *
 * Reads the machine's GPUs and display connectors in a worker thread and
 * replaces the list's items (and plug_gpu_list_get_displays()' items)
 * with them, before @callback runs. A GPU whose driver or names cannot be
 * read is listed with what is known; only cancelling fails.
 */
void
plug_gpu_list_load_async (PlugGpuList         *self,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GTask) thread_task = NULL;
  Reading *reading;

  g_return_if_fail (PLUG_IS_GPU_LIST (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_gpu_list_load_async);

  reading = g_new0 (Reading, 1);
  reading->root_directory = g_strdup (self->root_directory);
  reading->modules_directory = g_strdup (self->modules_directory);

  thread_task = g_task_new (self, cancellable, load_thread_done_cb, g_steal_pointer (&task));
  g_task_set_source_tag (thread_task, load_thread);
  g_task_set_task_data (thread_task, reading, (GDestroyNotify) reading_free);
  g_task_run_in_thread (thread_task, load_thread);
}

gboolean
plug_gpu_list_load_finish (PlugGpuList   *self,
                           GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (PLUG_IS_GPU_LIST (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == plug_gpu_list_load_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
