/* plug-renderer.c: Who renders for a GPU: OpenGL and Vulkan, asked in a process of their own
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <string.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#if HAVE_KMOD
#include <libkmod.h>
#endif

#include "plug-renderer.h"
#include "plug-sandbox.h"

/*
 * plugboard-renderer-probe (app/probe) loads the graphics drivers, so it
 * runs as a subprocess, one per GPU, killed after PROBE_TIMEOUT_SECONDS:
 * a driver that crashes or hangs there costs a "could not find out", not
 * the app. It is given the GPU's render node when this session can open
 * it (EGL's device platform on exactly that GPU), and otherwise asks as
 * any app would, with the GPU's environment from switcheroo-control
 * (DRI_PRIME, or NVIDIA's offload variables): then a software renderer is
 * the true answer for what apps get.
 *
 * When OpenGL renders in software, the likely reason is looked up in
 * this order, the first that holds: `nomodeset` on the kernel command
 * line (no GPU driver binds at all), no driver bound, no /dev/dri node
 * this session may open, or none of the firmware files the driver loads
 * installed. Those facts are read under a root directory, a seam for
 * tests like PlugGpuList's, in a worker thread.
 */

#define PROBE_TIMEOUT_SECONDS 15

struct _PlugRenderer
{
  GObject                   parent_instance;

  char                     *pci_slot;
  char                     *opengl_renderer;
  char                     *opengl_version;
  GStrv                     vulkan_devices;
  char                     *vulkan_device_type;
  char                     *error;
  PlugRendererAcceleration  acceleration;
  PlugRendererReason        reason;
  char                     *driver;
  char                     *firmware_package;
  char                     *gl_extension_version;
  char                     *gl_extension_dashed;
};

G_DEFINE_FINAL_TYPE (PlugRenderer, plug_renderer, G_TYPE_OBJECT)

#if HAVE_KMOD
typedef struct kmod_ctx KmodContext;
typedef struct kmod_module KmodModule;
typedef struct kmod_list KmodList;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KmodContext, kmod_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KmodModule, kmod_module_unref)
#endif

static void
plug_renderer_finalize (GObject *object)
{
  PlugRenderer *self = PLUG_RENDERER (object);

  g_free (self->pci_slot);
  g_free (self->opengl_renderer);
  g_free (self->opengl_version);
  g_strfreev (self->vulkan_devices);
  g_free (self->vulkan_device_type);
  g_free (self->error);
  g_free (self->driver);
  g_free (self->firmware_package);
  g_free (self->gl_extension_version);
  g_free (self->gl_extension_dashed);

  G_OBJECT_CLASS (plug_renderer_parent_class)->finalize (object);
}

static void
plug_renderer_class_init (PlugRendererClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = plug_renderer_finalize;
}

static void
plug_renderer_init (PlugRenderer *self)
{
}

const char *
plug_renderer_reason_get_id (PlugRendererReason reason)
{
  switch (reason)
    {
    case PLUG_RENDERER_REASON_NOMODESET:
      return "nomodeset";
    case PLUG_RENDERER_REASON_NO_DRIVER:
      return "no-driver";
    case PLUG_RENDERER_REASON_NO_GPU_ACCESS:
      return "no-gpu-access";
    case PLUG_RENDERER_REASON_FIRMWARE_MISSING:
      return "firmware-missing";
    case PLUG_RENDERER_REASON_FLATPAK_GL_EXTENSION_MISSING:
      return "flatpak-gl-extension-missing";
    case PLUG_RENDERER_REASON_NONE:
    default:
      return NULL;
    }
}

/**
 * plug_renderer_name_is_software:
 * @renderer: an OpenGL renderer string or a Vulkan device name
 *
 * Returns: whether it names one of Mesa's software renderers
 */
gboolean
plug_renderer_name_is_software (const char *renderer)
{
  static const char * const software[] = { "llvmpipe", "softpipe", "swrast", "lavapipe", "software rasterizer" };
  g_autofree char *folded = NULL;

  if (renderer == NULL)
    return FALSE;

  folded = g_ascii_strdown (renderer, -1);
  for (guint i = 0; i < G_N_ELEMENTS (software); i++)
    if (strstr (folded, software[i]) != NULL)
      return TRUE;

  return FALSE;
}

/**
 * plug_renderer_dup_probe_path:
 *
 * Returns: (transfer full): the probe program: the installed one, or the
 *   one named by PLUGBOARD_RENDERER_PROBE (for the build tree and tests;
 *   the app runs as the user, so this trusts nobody it should not)
 */
char *
plug_renderer_dup_probe_path (void)
{
  const char *path = g_getenv ("PLUGBOARD_RENDERER_PROBE");

  return g_strdup (path != NULL && *path != '\0' ? path : RENDERER_PROBE_PATH);
}

/* --- the facts behind a software renderer ----------------------------- */

typedef struct
{
  /* In. */
  char               *pci_slot;
  char               *driver;
  GStrv               drm_nodes;
  char               *root_directory;
  char               *modules_directory;
  GStrv               environment;
  char               *probe_path;

  /* Read in the worker thread. */
  gboolean            nomodeset;
  char               *render_node;
  gboolean            gpu_access;
  gboolean            firmware_missing;
  /* In a Flatpak sandbox, with the host's NVIDIA driver: its version
   * ("550.54.14"), when the runtime lacks its GL extension. */
  char               *gl_extension_missing;

  GSubprocess        *process;
  guint               timeout_id;
  gboolean            timed_out;
} Probe;

static void
probe_free (Probe *probe)
{
  g_free (probe->pci_slot);
  g_free (probe->driver);
  g_strfreev (probe->drm_nodes);
  g_free (probe->root_directory);
  g_free (probe->modules_directory);
  g_strfreev (probe->environment);
  g_free (probe->probe_path);
  g_free (probe->render_node);
  g_free (probe->gl_extension_missing);
  g_clear_object (&probe->process);
  g_clear_handle_id (&probe->timeout_id, g_source_remove);
  g_free (probe);
}

static gboolean
read_nomodeset (const char *root_directory)
{
  g_autofree char *path = g_build_filename (root_directory, "proc", "cmdline", NULL);
  g_autofree char *cmdline = NULL;
  g_auto(GStrv) words = NULL;

  if (!g_file_get_contents (path, &cmdline, NULL, NULL))
    return FALSE;

  words = g_strsplit_set (g_strstrip (cmdline), " \t\n", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      /* nomodeset, and the per-driver forms (radeon.modeset=0…), which
       * keep a driver from setting modes just the same. */
      if (g_str_equal (words[i], "nomodeset") || g_str_has_suffix (words[i], ".modeset=0"))
        return TRUE;
    }

  return FALSE;
}

#if HAVE_KMOD
static gboolean
firmware_file_exists (const char *root_directory,
                      const char *name)
{
  static const char * const suffixes[] = { "", ".xz", ".zst" };
  static const char * const folders[] = { "lib/firmware/updates", "lib/firmware" };

  for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
    for (guint j = 0; j < G_N_ELEMENTS (suffixes); j++)
      {
        g_autofree char *file = g_strconcat (name, suffixes[j], NULL);
        g_autofree char *path = g_build_filename (root_directory, folders[i], file, NULL);

        if (g_file_test (path, G_FILE_TEST_EXISTS))
          return TRUE;
      }

  return FALSE;
}

/* Whether @driver declares firmware and none of it is installed: drivers
 * list the files of every chip they support, so one missing file says
 * little, while none at all means the firmware package is missing. */
static gboolean
read_firmware_missing (const char *root_directory,
                       const char *modules_directory,
                       const char *driver)
{
  static const char * const no_configuration[] = { NULL };
  g_autoptr(KmodContext) kmod = NULL;
  g_autoptr(KmodModule) module = NULL;
  struct kmod_list *info = NULL;
  struct kmod_list *item;
  guint n_firmware = 0;
  gboolean any_present = FALSE;

  if (driver == NULL)
    return FALSE;

  kmod = kmod_new (modules_directory, no_configuration);
  if (kmod == NULL || kmod_module_new_from_name (kmod, driver, &module) < 0 ||
      kmod_module_get_info (module, &info) < 0)
    return FALSE;

  kmod_list_foreach (item, info)
    {
      if (g_strcmp0 (kmod_module_info_get_key (item), "firmware") != 0)
        continue;
      n_firmware++;
      if (firmware_file_exists (root_directory, kmod_module_info_get_value (item)))
        {
          any_present = TRUE;
          break;
        }
    }
  kmod_module_info_free_list (info);

  return n_firmware > 0 && !any_present;
}
#else
/* Built without libkmod (the Flatpak): the modules' firmware lists are not
 * read, and nothing is said to be missing. */
static gboolean
read_firmware_missing (const char *root_directory,
                       const char *modules_directory,
                       const char *driver)
{
  return FALSE;
}
#endif

/* "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.14  Thu Feb 22 …" */
static char *
read_nvidia_module_version (const char *root_directory)
{
  g_autofree char *path = g_build_filename (root_directory, "proc", "driver", "nvidia", "version", NULL);
  g_autofree char *contents = NULL;
  const char *start;
  const char *end;

  if (!g_file_get_contents (path, &contents, NULL, NULL))
    return NULL;
  start = strstr (contents, "Kernel Module");
  if (start == NULL)
    return NULL;
  start += strlen ("Kernel Module");
  while (*start == ' ')
    start++;
  for (end = start; g_ascii_isdigit (*end) || *end == '.'; end++)
    ;

  return end > start ? g_strndup (start, end - start) : NULL;
}

/* Whether the GL extension for the NVIDIA driver @version is mounted. */
static gboolean
gl_extension_is_mounted (const char *version)
{
  g_autofree char *extension = g_strdelimit (g_strdup_printf ("nvidia-%s", version), ".", '-');
  GDir *lib = g_dir_open ("/usr/lib", 0, NULL);
  gboolean mounted = FALSE;
  const char *name;

  while (lib != NULL && !mounted && (name = g_dir_read_name (lib)) != NULL)
    {
      char *path = g_build_filename ("/usr/lib", name, "GL", extension, NULL);

      mounted = g_file_test (path, G_FILE_TEST_IS_DIR);
      g_free (path);
    }
  if (lib != NULL)
    g_dir_close (lib);

  return mounted;
}

/* The NVIDIA driver's user-space half must match its kernel module to the
 * version. Flatpak provides it as the runtime extension
 * org.freedesktop.Platform.GL.nvidia-550-54-14, which it mounts at
 * /usr/lib/ARCH/GL/nvidia-550-54-14 (the sandbox's /usr is the runtime);
 * without it, Mesa draws on the processor. The version is the kernel
 * module's, from /proc/driver/nvidia/version, which the sandbox sees. */
static char *
read_gl_extension_missing (const char *root_directory,
                           const char *driver)
{
  char *version;

  if (g_strcmp0 (driver, "nvidia") != 0)
    return NULL;

  version = read_nvidia_module_version (root_directory);
  if (version != NULL && gl_extension_is_mounted (version))
    g_clear_pointer (&version, g_free);

  return version;
}

static void
read_facts_thread (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  Probe *probe = task_data;

  probe->nomodeset = read_nomodeset (probe->root_directory);
  /* The sandbox sees neither the host's modules nor its /lib/firmware:
   * the firmware is not known to be missing there. What the sandbox may
   * lack instead is the runtime's part of the NVIDIA driver. */
  if (plug_sandbox_is_flatpak ())
    probe->gl_extension_missing = read_gl_extension_missing (probe->root_directory, probe->driver);
  else
    probe->firmware_missing = read_firmware_missing (probe->root_directory, probe->modules_directory, probe->driver);

  for (guint i = 0; probe->drm_nodes[i] != NULL; i++)
    {
      g_autofree char *path = NULL;

      if (!g_str_has_prefix (probe->drm_nodes[i], "renderD"))
        continue;

      path = g_build_filename (probe->root_directory, "dev", "dri", probe->drm_nodes[i], NULL);
      if (access (path, R_OK | W_OK) == 0)
        {
          probe->gpu_access = TRUE;
          probe->render_node = g_build_filename ("/dev/dri", probe->drm_nodes[i], NULL);
        }
      break;
    }

  g_task_return_boolean (task, TRUE);
}

/* --- the probe -------------------------------------------------------- */

static const char *
json_member_string (JsonObject *object,
                    const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_VALUE (node) ? json_node_get_string (node) : NULL;
}

static PlugRendererReason
find_reason (Probe *probe)
{
  if (probe->nomodeset)
    return PLUG_RENDERER_REASON_NOMODESET;
  if (probe->driver == NULL)
    return PLUG_RENDERER_REASON_NO_DRIVER;
  if (!probe->gpu_access)
    return PLUG_RENDERER_REASON_NO_GPU_ACCESS;
  if (probe->gl_extension_missing != NULL)
    return PLUG_RENDERER_REASON_FLATPAK_GL_EXTENSION_MISSING;
  if (probe->firmware_missing)
    return PLUG_RENDERER_REASON_FIRMWARE_MISSING;

  return PLUG_RENDERER_REASON_NONE;
}

static PlugRenderer *
renderer_new (Probe *probe)
{
  PlugRenderer *self = g_object_new (PLUG_TYPE_RENDERER, NULL);

  self->pci_slot = g_strdup (probe->pci_slot);
  self->driver = g_strdup (probe->driver);
  if (probe->gl_extension_missing != NULL)
    {
      self->gl_extension_version = g_strdup (probe->gl_extension_missing);
      self->gl_extension_dashed = g_strdelimit (g_strdup (probe->gl_extension_missing), ".", '-');
    }
  self->vulkan_devices = g_new0 (char *, 1);
  self->acceleration = PLUG_RENDERER_ACCELERATION_UNKNOWN;

  return self;
}

static gboolean
parse_output (PlugRenderer  *self,
              Probe         *probe,
              const char    *output,
              GError       **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GPtrArray) vulkan_devices = g_ptr_array_new_with_free_func (g_free);
  JsonObject *root, *opengl = NULL;
  JsonArray *vulkan = NULL;
  JsonNode *node;

  if (!json_parser_load_from_data (parser, output, -1, error))
    return FALSE;
  node = json_parser_get_root (parser);
  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("The renderer probe printed no object"));
      return FALSE;
    }
  root = json_node_get_object (node);

  node = json_object_get_member (root, "opengl");
  if (node != NULL && JSON_NODE_HOLDS_OBJECT (node))
    opengl = json_node_get_object (node);
  self->opengl_renderer = g_strdup (json_member_string (opengl, "renderer"));
  self->opengl_version = g_strdup (json_member_string (opengl, "version"));
  if (self->opengl_renderer == NULL)
    self->error = g_strdup (json_member_string (root, "opengl_error"));

  node = json_object_get_member (root, "vulkan");
  if (node != NULL && JSON_NODE_HOLDS_ARRAY (node))
    vulkan = json_node_get_array (node);
  for (guint i = 0; vulkan != NULL && i < json_array_get_length (vulkan); i++)
    {
      JsonObject *device = json_array_get_object_element (vulkan, i);
      const char *name = json_member_string (device, "name");
      const char *type = json_member_string (device, "type");
      const char *slot = json_member_string (device, "pci_slot");

      if (name == NULL)
        continue;
      /* This GPU's devices, and the processor's (lavapipe), which is what
       * Vulkan apps get when the GPU has none. */
      if (g_strcmp0 (slot, probe->pci_slot) != 0 && g_strcmp0 (type, "cpu") != 0)
        continue;
      /* The driver's own word on what this GPU is; the first device of
       * the GPU's slot (one GPU can have several ICDs) speaks for it. */
      if (g_strcmp0 (slot, probe->pci_slot) == 0 && self->vulkan_device_type == NULL && type != NULL)
        self->vulkan_device_type = g_strdup (type);
      /* Translators: a Vulkan device: its name and its API version, such as
       * “AMD Radeon HD 7970 (RADV TAHITI), Vulkan 1.3.230” */
      g_ptr_array_add (vulkan_devices, g_strdup_printf (_("%s, Vulkan %s"), name,
                                                        json_member_string (device, "api_version")));
    }
  g_ptr_array_add (vulkan_devices, NULL);
  g_strfreev (self->vulkan_devices);
  self->vulkan_devices = (GStrv) g_ptr_array_free (g_steal_pointer (&vulkan_devices), FALSE);

  /* Asked for this GPU's node, EGL had no device for it and the probe
   * fell back to the default renderer: a software one is this GPU's
   * answer too, a hardware one is another GPU's. */
  if (self->opengl_renderer != NULL &&
      g_strcmp0 (json_member_string (opengl, "platform"), "surfaceless-fallback") == 0 &&
      !plug_renderer_name_is_software (self->opengl_renderer))
    {
      g_clear_pointer (&self->opengl_renderer, g_free);
      g_clear_pointer (&self->opengl_version, g_free);
      self->error = g_strdup (_("OpenGL has no driver for this GPU’s device node"));
    }

  if (self->opengl_renderer != NULL)
    {
      if (plug_renderer_name_is_software (self->opengl_renderer))
        {
          self->acceleration = PLUG_RENDERER_ACCELERATION_SOFTWARE;
          self->reason = find_reason (probe);
        }
      else
        {
          self->acceleration = PLUG_RENDERER_ACCELERATION_HARDWARE;
        }
    }

  return TRUE;
}

static gboolean
probe_timeout_cb (gpointer user_data)
{
  Probe *probe = user_data;

  probe->timeout_id = 0;
  probe->timed_out = TRUE;
  g_subprocess_force_exit (probe->process);

  return G_SOURCE_REMOVE;
}

static void
probe_done_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Probe *probe = g_task_get_task_data (task);
  GSubprocess *process = G_SUBPROCESS (object);
  g_autoptr(PlugRenderer) self = renderer_new (probe);
  g_autofree char *output = NULL;
  g_autoptr(GError) error = NULL;

  g_clear_handle_id (&probe->timeout_id, g_source_remove);

  if (!g_subprocess_communicate_utf8_finish (process, result, &output, NULL, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_subprocess_force_exit (process);
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      self->error = g_strdup_printf (_("The renderer probe could not be read: %s"), error->message);
    }
  else if (probe->timed_out)
    /* Translators: %d is a number of seconds */
    self->error = g_strdup_printf (_("The graphics driver did not answer within %d seconds"), PROBE_TIMEOUT_SECONDS);
  else if (g_subprocess_get_if_signaled (process))
    /* Translators: %s is the name of a signal, such as “Segmentation fault” */
    self->error = g_strdup_printf (_("The graphics driver crashed the renderer probe (%s)"),
                                   g_strsignal (g_subprocess_get_term_sig (process)));
  else if (g_subprocess_get_exit_status (process) != 0)
    self->error = g_strdup_printf (_("The renderer probe failed (exit status %d)"),
                                   g_subprocess_get_exit_status (process));
  else if (!parse_output (self, probe, output, &error))
    self->error = g_strdup_printf (_("The renderer probe’s answer could not be read: %s"), error->message);

  g_task_return_pointer (task, g_steal_pointer (&self), g_object_unref);
}

static void
facts_read_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Probe *probe = g_task_get_task_data (task);
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  GCancellable *cancellable;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* INHERIT_FDS lets GLib start the probe with posix_spawn(): without it,
   * GLib forks and then, in the child, closes every descriptor and opens
   * /dev/null, and in a process with threads (the facts of the other
   * GPUs are read in workers at the same time) a lock another thread held
   * at fork() stays held in the child forever: a preloaded open() wrapper
   * that takes one (umockdev's, in the tests) hangs the child before
   * exec. posix_spawn() runs no code of ours or of a wrapper before
   * exec. The descriptors the probe inherits are those without
   * close-on-exec, which GLib, GTK and libudev do not leave; the pipe's
   * other end is closed in the child. */
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE |
                                        G_SUBPROCESS_FLAGS_INHERIT_FDS);
  for (guint i = 0; probe->environment != NULL && probe->environment[i] != NULL; i++)
    {
      g_auto(GStrv) pair = g_strsplit (probe->environment[i], "=", 2);

      if (pair[0] != NULL && pair[1] != NULL && *pair[0] != '\0')
        g_subprocess_launcher_setenv (launcher, pair[0], pair[1], TRUE);
    }

  g_ptr_array_add (argv, probe->probe_path);
  if (probe->render_node != NULL)
    {
      g_ptr_array_add (argv, (char *) "--render-node");
      g_ptr_array_add (argv, probe->render_node);
    }
  g_ptr_array_add (argv, NULL);

  probe->process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  if (probe->process == NULL)
    {
      g_autoptr(PlugRenderer) self = renderer_new (probe);

      self->error = g_strdup_printf (_("The renderer probe could not be started: %s"), error->message);
      g_task_return_pointer (task, g_steal_pointer (&self), g_object_unref);
      return;
    }

  cancellable = g_task_get_cancellable (task);
  probe->timeout_id = g_timeout_add_seconds (PROBE_TIMEOUT_SECONDS, probe_timeout_cb, probe);
  g_subprocess_communicate_utf8_async (probe->process, NULL, cancellable, probe_done_cb, g_steal_pointer (&task));
}

/**
 * plug_renderer_probe_async:
 * @gpu: the GPU
 * @root_directory: (nullable): where /proc, /dev and /lib/firmware are
 *   read, %NULL for /
 * @modules_directory: (nullable): the kernel modules, %NULL for the
 *   running kernel's
 * @environment: (nullable): "NAME=value" pairs for the probe, from
 *   switcheroo-control
 *
 * Runs plugboard-renderer-probe for @gpu. It always gives a
 * #PlugRenderer, whose error says why it knows nothing when the probe
 * failed; only cancelling fails.
 */
void
plug_renderer_probe_async (PlugGpu             *gpu,
                           const char          *root_directory,
                           const char          *modules_directory,
                           const char * const  *environment,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GTask) facts_task = NULL;
  Probe *probe;

  g_return_if_fail (PLUG_IS_GPU (gpu));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_renderer_probe_async);

  probe = g_new0 (Probe, 1);
  probe->pci_slot = g_strdup (plug_gpu_get_pci_slot (gpu));
  probe->driver = g_strdup (plug_gpu_get_driver (gpu));
  probe->drm_nodes = g_strdupv ((GStrv) plug_gpu_get_drm_nodes (gpu));
  probe->root_directory = g_strdup (root_directory != NULL ? root_directory : "/");
  probe->modules_directory = g_strdup (modules_directory);
  probe->environment = g_strdupv ((GStrv) environment);
  probe->probe_path = plug_renderer_dup_probe_path ();
  g_task_set_task_data (task, probe, (GDestroyNotify) probe_free);

  facts_task = g_task_new (NULL, cancellable, facts_read_cb, g_steal_pointer (&task));
  g_task_set_task_data (facts_task, probe, NULL);
  g_task_run_in_thread (facts_task, read_facts_thread);
}

PlugRenderer *
plug_renderer_probe_finish (GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

const char *
plug_renderer_get_pci_slot (PlugRenderer *self)
{
  g_return_val_if_fail (PLUG_IS_RENDERER (self), NULL);
  return self->pci_slot;
}

const char *
plug_renderer_get_opengl_renderer (PlugRenderer *self)
{
  g_return_val_if_fail (PLUG_IS_RENDERER (self), NULL);
  return self->opengl_renderer;
}

const char *
plug_renderer_get_opengl_version (PlugRenderer *self)
{
  g_return_val_if_fail (PLUG_IS_RENDERER (self), NULL);
  return self->opengl_version;
}

/**
 * plug_renderer_get_vulkan_devices:
 *
 * Returns: (transfer none): the GPU's Vulkan devices and the processor's
 *   (lavapipe), each as “name, Vulkan version”
 */
const char * const *
plug_renderer_get_vulkan_devices (PlugRenderer *self)
{
  g_return_val_if_fail (PLUG_IS_RENDERER (self), NULL);
  return (const char * const *) self->vulkan_devices;
}

/**
 * plug_renderer_get_vulkan_device_type:
 *
 * Returns: (nullable): the type the Vulkan driver gives this GPU's own
 *   device ("integrated", "discrete", "virtual", "other"), or %NULL when
 *   Vulkan has no device at its PCI slot
 */
const char *
plug_renderer_get_vulkan_device_type (PlugRenderer *self)
{
  g_return_val_if_fail (PLUG_IS_RENDERER (self), NULL);
  return self->vulkan_device_type;
}

/**
 * plug_renderer_get_error:
 *
 * Returns: (nullable): why OpenGL could not be asked, or %NULL
 */
const char *
plug_renderer_get_error (PlugRenderer *self)
{
  g_return_val_if_fail (PLUG_IS_RENDERER (self), NULL);
  return self->error;
}

PlugRendererAcceleration
plug_renderer_get_acceleration (PlugRenderer *self)
{
  g_return_val_if_fail (PLUG_IS_RENDERER (self), PLUG_RENDERER_ACCELERATION_UNKNOWN);
  return self->acceleration;
}

PlugRendererReason
plug_renderer_get_reason (PlugRenderer *self)
{
  g_return_val_if_fail (PLUG_IS_RENDERER (self), PLUG_RENDERER_REASON_NONE);
  return self->reason;
}

/**
 * plug_renderer_dup_reason_text:
 *
 * Returns: (transfer full) (nullable): for software rendering, a sentence
 *   saying why it likely happens and what to do; %NULL otherwise
 */
char *
plug_renderer_dup_reason_text (PlugRenderer *self)
{
  g_return_val_if_fail (PLUG_IS_RENDERER (self), NULL);

  if (self->acceleration != PLUG_RENDERER_ACCELERATION_SOFTWARE)
    return NULL;

  switch (self->reason)
    {
    case PLUG_RENDERER_REASON_NOMODESET:
      return g_strdup (_("Drawn by the processor: “nomodeset” is on the kernel command line, so no GPU "
                         "driver starts. Remove it from the boot options."));
    case PLUG_RENDERER_REASON_NO_DRIVER:
      return g_strdup (_("Drawn by the processor: no kernel driver runs this GPU. Install or choose "
                         "a driver for it."));
    case PLUG_RENDERER_REASON_NO_GPU_ACCESS:
      return g_strdup (_("Drawn by the processor: this session cannot open the GPU (no device in "
                         "/dev/dri it may use), as in a container or a remote session."));
    case PLUG_RENDERER_REASON_FIRMWARE_MISSING:
      if (g_strcmp0 (self->driver, "radeon") == 0 || g_strcmp0 (self->driver, "amdgpu") == 0)
        /* Translators: %s is a driver, such as “radeon” */
        return g_strdup_printf (_("Drawn by the processor: the firmware %s needs is not installed "
                                  "(on Debian and Ubuntu: the firmware-amd-graphics package)."), self->driver);
      /* Translators: %s is a driver, such as “nouveau” */
      return g_strdup_printf (_("Drawn by the processor: the firmware %s needs is not installed. "
                                "Install your distribution’s firmware package for it."), self->driver);
    case PLUG_RENDERER_REASON_FLATPAK_GL_EXTENSION_MISSING:
      /* Translators: %s is the NVIDIA driver's version, such as “550.54.14”,
       * then the same with dashes, “550-54-14” */
      return g_strdup_printf (_("Drawn by the processor: the computer runs the NVIDIA driver %s, and "
                                "Flatpak lacks its matching part, org.freedesktop.Platform.GL.nvidia-%s. "
                                "Updating in Software, or “flatpak update”, installs it."),
                              self->gl_extension_version, self->gl_extension_dashed);
    case PLUG_RENDERER_REASON_NONE:
    default:
      return g_strdup (_("Drawn by the processor, for a reason Plugboard could not find."));
    }
}
