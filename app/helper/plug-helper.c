/* plug-helper.c: plugboard-helper, the privileged service that chooses GPU drivers
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-helper"

#include "config.h"

#include <glib-unix.h>
#include <glib/gi18n.h>
#include <libkmod.h>
#include <locale.h>
#include <polkit/polkit.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "plug-gpu-driver-rules.h"
#include "plug-gpu-list.h"
#include "plug-helper-config.h"
#include "plug-helper-generated.h"
#include "plug-helper-signing.h"
#include "plug-host-facts.h"

/*
 * A system D-Bus service, started by D-Bus activation as root, that exits
 * when nobody has called it for a while. Every method call goes the same
 * way, and only forward:
 *
 *  1. the arguments' form: length, UTF-8, characters (before anything
 *     looks anything up with them);
 *  2. polkit, asked asynchronously about the caller's bus name; any error
 *     or anything but "authorized" ends the call with AccessDenied;
 *  3. a fresh reading of the GPUs (PlugGpuList, from the core): the slot
 *     must be one of them, the driver its bound one or an installed
 *     alternative, and one the helper knows how to choose;
 *  4. the change, one call at a time, then the initramfs.
 *
 * app/helper/README.md is the security review.
 */

#define DEFAULT_IDLE_TIMEOUT_SECONDS 30
#define ACTION_GET_DRIVER_CHOICES "io.github.plugboard.get-driver-choices"
#define ACTION_SET_GPU_DRIVER "io.github.plugboard.set-gpu-driver"
/* How many calls of one caller may wait (for polkit, or behind other
 * changes) at once: a client has no reason for more, and each holds an
 * authentication dialog or a queued change. */
#define MAX_CALLS_PER_CALLER 3

typedef struct
{
  GMainLoop      *loop;
  GDBusConnection *connection;
  PlugDBusHelper *skeleton;
  PolkitAuthority *authority;
  guint           owner_id;
  int             exit_status;

  /* Set once the helper has decided to exit: it takes no more calls and
   * quits when the last one has its reply. */
  gboolean        stopping;
  /* Cancels the polkit checks still waiting when stopping takes too long
   * (an authentication dialog nobody answers). */
  GCancellable   *cancellable;
  guint           stop_source_id;

  char           *root_directory;
  char           *modules_directory;
  char           *initramfs_tool;
  guint           idle_timeout_seconds;
  gboolean        check_boot;
  guint           idle_source_id;
  guint           calls_in_flight;

  /* The process that runs the initramfs tools, with the capabilities
   * they need (the helper keeps none), and the socket to it. */
  GPid            runner_pid;
  int             runner_fd;
  /* Changes run one at a time, in the order they were authorized. */
  GQueue          changes;
  /* Unique bus name → the number of its calls not yet answered. */
  GHashTable     *calls_per_caller;
  gboolean        changing;
} Helper;

typedef enum {
  CALL_GET_DRIVER_CHOICES,
  CALL_SET_GPU_DRIVER,
  CALL_REVERT_GPU_DRIVER,
  CALL_SET_KEEP_CHOICE,
  CALL_GET_HOST_FACTS,
} CallKind;

/* The polkit action for each method. A method missing here is refused by
 * authorize_method_cb before its handler runs: default deny. */
static const struct {
  const char *method;
  CallKind    kind;
  const char *action_id;
} method_actions[] = {
  { "GetDriverChoices", CALL_GET_DRIVER_CHOICES, ACTION_GET_DRIVER_CHOICES },
  { "SetGpuDriver", CALL_SET_GPU_DRIVER, ACTION_SET_GPU_DRIVER },
  { "RevertGpuDriver", CALL_REVERT_GPU_DRIVER, ACTION_SET_GPU_DRIVER },
  { "SetKeepChoice", CALL_SET_KEEP_CHOICE, ACTION_SET_GPU_DRIVER },
};

/* Methods that change nothing and tell nothing a local user could not
 * read: no polkit action. */
static const char * const unchecked_methods[] = {
  "GetHostFacts",
};

typedef struct
{
  Helper                *helper;
  CallKind               kind;
  GDBusMethodInvocation *invocation;
  char                  *pci_slot;
  char                  *driver;
  /* SetKeepChoice()'s setting. */
  gboolean               keep;
  PlugGpuList           *gpus;
  /* The caller, counted in calls_per_caller. */
  char                  *sender;
  /* For the authentication dialog: the GPU's name, from the helper's own
   * reading. */
  char                  *gpu_name;
  /* The runner's answer being waited for. */
  guint                  runner_source_id;
} Call;

typedef struct kmod_ctx KmodContext;
typedef struct kmod_list KmodList;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KmodContext, kmod_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KmodList, kmod_module_unref_list)

static void start_next_change (Helper *helper);

/* --- stopping ------------------------------------------------------------- */

/* How long calls in progress get to end by themselves when the helper is
 * told to stop, before their polkit checks are cancelled. */
#define STOP_GRACE_SECONDS 10

static gboolean
stop_grace_over_cb (gpointer user_data)
{
  Helper *helper = user_data;

  helper->stop_source_id = 0;
  g_message ("%u calls still in progress; cancelling their authorization", helper->calls_in_flight);
  g_cancellable_cancel (helper->cancellable);

  return G_SOURCE_REMOVE;
}

/* Every way out (idle, SIGTERM, the name lost) goes through here. The
 * helper gives up its name and its object first, so no new call starts,
 * then lets every call in progress end with its reply: the process never
 * ends with a method invocation (and the message it holds) or a change
 * half done. The main loop quits when the last call has ended. */
static void
helper_stop (Helper *helper)
{
  if (helper->stopping)
    return;

  helper->stopping = TRUE;
  g_clear_handle_id (&helper->idle_source_id, g_source_remove);
  if (helper->owner_id != 0)
    {
      g_bus_unown_name (helper->owner_id);
      helper->owner_id = 0;
    }
  if (helper->skeleton != NULL)
    g_dbus_interface_skeleton_unexport (G_DBUS_INTERFACE_SKELETON (helper->skeleton));

  if (helper->calls_in_flight == 0)
    {
      g_main_loop_quit (helper->loop);
      return;
    }

  g_debug ("Waiting for %u calls to end", helper->calls_in_flight);
  helper->stop_source_id = g_timeout_add_seconds (STOP_GRACE_SECONDS, stop_grace_over_cb, helper);
}

/* --- idle exit ------------------------------------------------------------ */

static gboolean
idle_timeout_cb (gpointer user_data)
{
  Helper *helper = user_data;

  helper->idle_source_id = 0;
  g_debug ("Idle for %u s; exiting", helper->idle_timeout_seconds);
  helper_stop (helper);

  return G_SOURCE_REMOVE;
}

static void
arm_idle_timeout (Helper *helper)
{
  g_clear_handle_id (&helper->idle_source_id, g_source_remove);
  helper->idle_source_id = g_timeout_add_seconds (helper->idle_timeout_seconds, idle_timeout_cb, helper);
}

static void
call_begin (Helper *helper)
{
  helper->calls_in_flight++;
  g_clear_handle_id (&helper->idle_source_id, g_source_remove);
}

static void
call_end (Helper *helper)
{
  g_assert (helper->calls_in_flight > 0);
  if (--helper->calls_in_flight > 0)
    return;

  if (helper->stopping)
    {
      g_clear_handle_id (&helper->stop_source_id, g_source_remove);
      g_main_loop_quit (helper->loop);
    }
  else
    {
      arm_idle_timeout (helper);
    }
}

/* --- calls ---------------------------------------------------------------- */

static Call *
call_new (Helper                *helper,
          CallKind               kind,
          GDBusMethodInvocation *invocation,
          const char            *pci_slot,
          const char            *driver)
{
  Call *call = g_new0 (Call, 1);

  call->helper = helper;
  call->kind = kind;
  /* Not a reference of its own: the handler is given the invocation's
   * one reference, which the g_dbus_method_invocation_return_*() call
   * that answers it consumes. (A reference taken here was never dropped:
   * every invocation, with the message it holds, outlived its reply, and
   * LeakSanitizer found them at exit.) */
  call->invocation = invocation;
  call->pci_slot = g_strdup (pci_slot);
  call->driver = g_strdup (driver);
  call->sender = g_strdup (g_dbus_method_invocation_get_sender (invocation));
  if (call->sender != NULL)
    g_hash_table_insert (helper->calls_per_caller, g_strdup (call->sender),
                         GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (helper->calls_per_caller,
                                                                                  call->sender)) + 1));
  call_begin (helper);

  return call;
}

/* Every call ends here, once, after its reply was sent. */
static void
call_free (Call *call)
{
  Helper *helper = call->helper;

  /* Answered, which consumed the invocation. */
  g_assert (call->invocation == NULL);
  g_clear_pointer (&call->pci_slot, g_free);
  g_clear_pointer (&call->driver, g_free);
  g_clear_object (&call->gpus);
  if (call->sender != NULL)
    {
      guint n_calls = GPOINTER_TO_UINT (g_hash_table_lookup (helper->calls_per_caller, call->sender));

      if (n_calls > 1)
        g_hash_table_insert (helper->calls_per_caller, g_strdup (call->sender), GUINT_TO_POINTER (n_calls - 1));
      else
        g_hash_table_remove (helper->calls_per_caller, call->sender);
    }
  g_clear_pointer (&call->sender, g_free);
  g_clear_pointer (&call->gpu_name, g_free);
  g_assert (call->runner_source_id == 0);
  g_free (call);
  call_end (helper);
}

static void
call_return_error (Call   *call,
                   GError *error)
{
  g_dbus_method_invocation_return_gerror (g_steal_pointer (&call->invocation), error);
}

/* --- 1. the arguments' form ----------------------------------------------- */

/* The core's rules (plug-gpu-driver-rules.c), the same that plugboardctl and
 * the panel check before calling: not empty, at most 64 bytes, UTF-8, and
 * only the characters a slot or a module name has. The error becomes
 * InvalidArgs; its message never holds the value. */
static gboolean
check_pci_slot_form (const char  *pci_slot,
                     GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  if (plug_gpu_driver_rules_check_pci_slot (pci_slot, &local_error))
    return TRUE;

  g_set_error_literal (error, G_DBUS_ERROR, G_DBUS_ERROR_INVALID_ARGS, local_error->message);
  return FALSE;
}

static gboolean
check_driver_form (const char  *driver,
                   GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  if (plug_gpu_driver_rules_check_driver (driver, &local_error))
    return TRUE;

  g_set_error_literal (error, G_DBUS_ERROR, G_DBUS_ERROR_INVALID_ARGS, local_error->message);
  return FALSE;
}

/* --- 3. the arguments against what the helper finds ----------------------- */

static PlugGpu *
find_gpu (PlugGpuList *gpus,
          const char  *pci_slot)
{
  guint n_gpus = g_list_model_get_n_items (G_LIST_MODEL (gpus));

  for (guint i = 0; i < n_gpus; i++)
    {
      g_autoptr(PlugGpu) gpu = g_list_model_get_item (G_LIST_MODEL (gpus), i);

      if (g_strcmp0 (plug_gpu_get_pci_slot (gpu), pci_slot) == 0)
        return g_steal_pointer (&gpu);
    }

  return NULL;
}

/* The bound driver, in the spelling of module names ("-" and "_" are the
 * same there, and the alternatives are listed with "_"). */
static char *
get_bound_driver (PlugGpu *gpu)
{
  const char *driver = plug_gpu_get_driver (gpu);

  return driver != NULL ? g_strdelimit (g_strdup (driver), "-", '_') : NULL;
}

/* --- the kernel's word on a driver that did not start ------------------ */

/* How much of the kernel's log is read, and of one message kept. */
#define KERNEL_LOG_MAX (4 * 1024 * 1024)
#define KERNEL_REASON_MAX 300

/* Whether a message of the kernel's is about DRIVER on the GPU at
 * PCI_SLOT: its dev_printk ("amdgpu 0000:03:00.0: …"), the module's own
 * ("amdgpu: probe of 0000:03:00.0 failed …", "amdgpu: module verification
 * failed …") or DRM's ("[drm:amdgpu_device_init [amdgpu]] *ERROR* …"). */
static gboolean
kernel_message_is_about (const char *text,
                         const char *driver,
                         const char *pci_slot)
{
  g_autofree char *device_prefix = g_strdup_printf ("%s %s: ", driver, pci_slot);
  g_autofree char *module_prefix = g_strdup_printf ("%s: ", driver);
  g_autofree char *drm_tag = g_strdup_printf (" [%s]] ", driver);

  return g_str_has_prefix (text, device_prefix) || g_str_has_prefix (text, module_prefix) ||
         (g_str_has_prefix (text, "[drm:") && strstr (text, drm_tag) != NULL);
}

/*
 * The kernel's last error about DRIVER on the GPU at PCI_SLOT in this
 * boot's log, else its last warning; %NULL when it said neither. The log
 * is /dev/kmsg (under the root, for the tests): one record a read,
 * "PRIORITY,SEQUENCE,MICROSECONDS,FLAGS;TEXT", then continuation lines
 * that start with a space; it ends where a read would block.
 */
static char *
dup_kernel_reason (const char *root_directory,
                   const char *driver,
                   const char *pci_slot)
{
  g_autofree char *path = g_build_filename (root_directory, "dev", "kmsg", NULL);
  g_autoptr(GString) log = g_string_new (NULL);
  g_auto(GStrv) lines = NULL;
  g_autofree char *error_text = NULL;
  g_autofree char *warning_text = NULL;
  g_autofree char *valid = NULL;
  g_autofree char *shortened = NULL;
  char chunk[8192];
  int fd;

  fd = open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0)
    {
      g_debug ("No kernel log to read (%s): %s", path, g_strerror (errno));
      return NULL;
    }

  while (log->len < KERNEL_LOG_MAX)
    {
      ssize_t n = read (fd, chunk, sizeof chunk);

      if (n > 0)
        {
          g_string_append_len (log, chunk, n);
          /* One record a read: each ends with its line. */
          if (log->str[log->len - 1] != '\n')
            g_string_append_c (log, '\n');
          continue;
        }
      /* A record overwritten while reading: the next one follows. */
      if (n < 0 && (errno == EINTR || errno == EPIPE))
        continue;
      break;
    }
  close (fd);

  lines = g_strsplit (log->str, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *text = strchr (lines[i], ';');
      guint64 priority;
      char *end;

      if (lines[i][0] == ' ' || text == NULL)
        continue;
      priority = g_ascii_strtoull (lines[i], &end, 10);
      if (end == lines[i] || *end != ',')
        continue;
      text++;
      if (!kernel_message_is_about (text, driver, pci_slot))
        continue;

      /* The priority's low three bits are the level: 3 is an error, 4 a
       * warning; the rest is the facility. */
      if ((priority & 7) <= 3)
        {
          g_free (error_text);
          error_text = g_strdup (text);
        }
      else if ((priority & 7) == 4)
        {
          g_free (warning_text);
          warning_text = g_strdup (text);
        }
    }

  if (error_text == NULL && warning_text == NULL)
    return NULL;

  valid = g_utf8_make_valid (error_text != NULL ? error_text : warning_text, -1);
  if (g_utf8_strlen (valid, -1) <= KERNEL_REASON_MAX)
    return g_steal_pointer (&valid);

  shortened = g_utf8_substring (valid, 0, KERNEL_REASON_MAX - 1);
  return g_strconcat (shortened, "…", NULL);
}

static gboolean
gpu_can_use (PlugGpu    *gpu,
             const char *driver)
{
  g_autofree char *bound_driver = get_bound_driver (gpu);

  return g_strcmp0 (bound_driver, driver) == 0 ||
         g_strv_contains (plug_gpu_get_alternatives (gpu), driver);
}

/* Whether a module of that name is installed (or built in), for an error
 * message that says which of the two checks failed. */
static gboolean
driver_is_installed (Helper     *helper,
                     const char *driver)
{
  static const char * const no_configuration[] = { NULL };
  g_autoptr(KmodContext) kmod = kmod_new (helper->modules_directory, no_configuration);
  g_autoptr(KmodList) modules = NULL;

  if (kmod == NULL || kmod_module_new_from_lookup (kmod, driver, &modules) < 0)
    return FALSE;

  return modules != NULL;
}

static gboolean
check_choice (Call    *call,
              GError **error)
{
  g_autoptr(PlugGpu) gpu = find_gpu (call->gpus, call->pci_slot);

  /* The setting belongs to a choice in force, whether or not its GPU is
   * connected now. */
  if (call->kind == CALL_SET_KEEP_CHOICE)
    {
      g_autoptr(GHashTable) choices = plug_helper_config_read_choices (call->helper->root_directory);

      if (g_hash_table_contains (choices, call->pci_slot))
        return TRUE;
      g_set_error (error, PLUG_HELPER_ERROR, PLUG_HELPER_ERROR_NOTHING_TO_REVERT,
                   "plugboard-helper chose no driver for the GPU at %s", call->pci_slot);
      return FALSE;
    }

  if (gpu == NULL)
    {
      g_autoptr(GHashTable) choices = NULL;

      /* A choice for a GPU that is gone (an unplugged eGPU) can still be
       * undone: it is still in force for the next start. */
      if (call->kind == CALL_REVERT_GPU_DRIVER)
        {
          choices = plug_helper_config_read_choices (call->helper->root_directory);
          if (g_hash_table_contains (choices, call->pci_slot))
            return TRUE;
        }
      g_set_error (error, G_DBUS_ERROR, G_DBUS_ERROR_INVALID_ARGS,
                   "There is no GPU at %s", call->pci_slot);
      return FALSE;
    }

  if (call->kind != CALL_SET_GPU_DRIVER)
    return TRUE;

  if (!gpu_can_use (gpu, call->driver))
    {
      if (!driver_is_installed (call->helper, call->driver))
        g_set_error (error, G_DBUS_ERROR, G_DBUS_ERROR_INVALID_ARGS,
                     "The driver %s is not installed", call->driver);
      else
        g_set_error (error, G_DBUS_ERROR, G_DBUS_ERROR_INVALID_ARGS,
                     "The driver %s cannot drive the GPU at %s", call->driver, call->pci_slot);
      return FALSE;
    }

  if (plug_helper_driver_get_family (call->driver) == NULL)
    {
      g_set_error (error, G_DBUS_ERROR, G_DBUS_ERROR_INVALID_ARGS,
                   "plugboard-helper cannot choose the driver %s; it chooses between "
                   "radeon and amdgpu, and between nouveau and nvidia", call->driver);
      return FALSE;
    }

  /* A module the kernel would refuse (unsigned under Secure Boot) leaves
   * the GPU with no driver at the next start. */
  if (!plug_helper_signing_check_module (call->helper->root_directory, call->helper->modules_directory,
                                         call->driver, error))
    return FALSE;

  /* A blacklist that something else overrides leaves both drivers. */
  return plug_helper_config_check_blacklist (call->helper->root_directory, call->driver, error);
}

/* --- 4. the change and the initramfs -------------------------------------- */

/* The programs that rebuild the initramfs, in the order they are looked
 * for, where each distribution installs them, and with the arguments that
 * rebuild it for every installed kernel. kernel-install (systemd 252 has
 * no add-all) is run once per kernel that has an image. */
typedef enum {
  TOOL_UPDATE_INITRAMFS,
  TOOL_DRACUT,
  TOOL_MKINITCPIO,
  TOOL_KERNEL_INSTALL,
} InitramfsTool;

static const struct {
  InitramfsTool       tool;
  const char * const  paths[4];
  const char * const  arguments[4];
} initramfs_tools[] = {
  { TOOL_UPDATE_INITRAMFS, { "usr/sbin/update-initramfs", "sbin/update-initramfs", NULL }, { "-u", "-k", "all", NULL } },
  { TOOL_DRACUT, { "usr/bin/dracut", "usr/sbin/dracut", "sbin/dracut", NULL }, { "--force", "--regenerate-all", NULL } },
  { TOOL_MKINITCPIO, { "usr/bin/mkinitcpio", "usr/sbin/mkinitcpio", NULL }, { "-P", NULL } },
  { TOOL_KERNEL_INSTALL, { "usr/bin/kernel-install", "bin/kernel-install", NULL }, { NULL } },
};

static GStrv
make_command (const char         *program,
              const char * const *arguments,
              const char         *version,
              const char         *image)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_strv_builder_add (builder, program);
  g_strv_builder_addv (builder, (const char **) arguments);
  if (version != NULL)
    {
      g_strv_builder_add_many (builder, "add", version, image, NULL);
    }

  return g_strv_builder_end (builder);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* kernel-install add VERSION IMAGE for each kernel in ROOT/usr/lib/modules
 * with an image there or in ROOT/boot; the image is named as the real
 * root has it. */
static void
add_kernel_install_commands (const char *root_directory,
                             const char *program,
                             GPtrArray  *commands)
{
  g_autofree char *modules = g_build_filename (root_directory, "usr", "lib", "modules", NULL);
  g_autoptr(GDir) dir = g_dir_open (modules, 0, NULL);
  g_autoptr(GPtrArray) versions = g_ptr_array_new_with_free_func (g_free);
  const char *version;

  while (dir != NULL && (version = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (versions, g_strdup (version));
  g_ptr_array_sort (versions, compare_strings);

  for (guint i = 0; i < versions->len; i++)
    {
      g_autofree char *in_modules = g_build_filename ("/usr/lib/modules", versions->pdata[i], "vmlinuz", NULL);
      g_autofree char *name = g_strconcat ("vmlinuz-", versions->pdata[i], NULL);
      g_autofree char *in_boot = g_build_filename ("/boot", name, NULL);
      g_autofree char *rooted_modules = g_build_filename (root_directory, in_modules, NULL);
      g_autofree char *rooted_boot = g_build_filename (root_directory, in_boot, NULL);
      const char *image = NULL;

      if (g_file_test (rooted_modules, G_FILE_TEST_IS_REGULAR))
        image = in_modules;
      else if (g_file_test (rooted_boot, G_FILE_TEST_IS_REGULAR))
        image = in_boot;
      if (image != NULL)
        g_ptr_array_add (commands, make_command (program, initramfs_tools[TOOL_KERNEL_INSTALL].arguments,
                                                 versions->pdata[i], image));
    }
}

/* The commands that rebuild the initramfs, one after another, or %NULL
 * when no program for it is installed. The programs are looked for under
 * the root, and run from there: under a test root the machine's own tool
 * is never run, only one the test put there or named with
 * --initramfs-tool. */
static GPtrArray *
get_initramfs_commands (Helper *helper)
{
  g_autoptr(GPtrArray) commands = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  static const char * const no_arguments[] = { NULL };

  if (helper->initramfs_tool != NULL)
    {
      g_ptr_array_add (commands, make_command (helper->initramfs_tool, no_arguments, NULL, NULL));
      return g_steal_pointer (&commands);
    }

  for (guint i = 0; i < G_N_ELEMENTS (initramfs_tools); i++)
    for (guint j = 0; initramfs_tools[i].paths[j] != NULL; j++)
      {
        g_autofree char *program = g_build_filename (helper->root_directory, initramfs_tools[i].paths[j], NULL);

        if (!g_file_test (program, G_FILE_TEST_IS_REGULAR) || !g_file_test (program, G_FILE_TEST_IS_EXECUTABLE))
          continue;
        if (initramfs_tools[i].tool == TOOL_KERNEL_INSTALL)
          add_kernel_install_commands (helper->root_directory, program, commands);
        else
          g_ptr_array_add (commands, make_command (program, initramfs_tools[i].arguments, NULL, NULL));
        if (commands->len > 0)
          return g_steal_pointer (&commands);
      }

  return NULL;
}

#define NO_INITRAMFS_TOOL "no program to regenerate the initramfs was found (update-initramfs, dracut, " \
                          "mkinitcpio or kernel-install)"

/* Keeps the outcome of a regeneration, for the InitramfsProblem property
 * and across restarts. */
static void
set_initramfs_problem (Helper     *helper,
                       const char *details)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *kept = NULL;

  if (!plug_helper_config_set_initramfs_problem (helper->root_directory, details, &error))
    g_warning ("Could not keep the state of the initramfs: %s", error->message);
  kept = plug_helper_config_read_initramfs_problem (helper->root_directory);
  plug_dbus_helper_set_initramfs_problem (helper->skeleton, kept != NULL ? kept : "");
}

static void
update_kept_choices (Helper *helper)
{
  g_auto(GStrv) kept = plug_helper_config_read_kept (helper->root_directory);

  plug_dbus_helper_set_kept_choices (helper->skeleton, (const char * const *) kept);
}

static void
change_done (Call *call)
{
  Helper *helper = call->helper;

  call_free (call);
  helper->changing = FALSE;
  start_next_change (helper);
}

static void
initramfs_failed (Call       *call,
                  const char *details)
{
  /* Messages, not warnings: the caller hears of it, and nothing in the
   * helper went wrong. */
  g_message ("Regenerating the initramfs failed: %s", details);
  set_initramfs_problem (call->helper, details);
  g_dbus_method_invocation_return_error (g_steal_pointer (&call->invocation),
                                         PLUG_HELPER_ERROR, PLUG_HELPER_ERROR_INITRAMFS_NOT_REGENERATED,
                                         "The driver choice is written, but the initramfs was not "
                                         "regenerated (%s): regenerate it before restarting",
                                         details);
  change_done (call);
}

/* The runner's answer: one NUL byte when every command succeeded, or what
 * failed. */
static gboolean
runner_answered_cb (int          fd,
                    GIOCondition condition,
                    gpointer     user_data)
{
  Call *call = user_data;
  char answer[4096];
  ssize_t length;

  call->runner_source_id = 0;
  do
    length = recv (fd, answer, sizeof answer - 1, MSG_DONTWAIT);
  while (length < 0 && errno == EINTR);

  if (length <= 0)
    {
      initramfs_failed (call, "the process that runs the initramfs tools is gone");
      return G_SOURCE_REMOVE;
    }
  if (length == 1 && answer[0] == '\0')
    {
      set_initramfs_problem (call->helper, NULL);
      g_dbus_method_invocation_return_value (g_steal_pointer (&call->invocation), NULL);
      change_done (call);
      return G_SOURCE_REMOVE;
    }

  answer[length] = '\0';
  {
    g_autofree char *details = g_utf8_make_valid (answer, -1);

    initramfs_failed (call, details);
  }
  return G_SOURCE_REMOVE;
}

/* The runner works out the commands itself, from the same root and
 * options: the helper only asks it to run them. */
static void
regenerate_initramfs (Call *call)
{
  Helper *helper = call->helper;
  ssize_t sent;

  do
    sent = send (helper->runner_fd, "R", 1, MSG_NOSIGNAL);
  while (sent < 0 && errno == EINTR);
  if (sent != 1)
    {
      initramfs_failed (call, "the process that runs the initramfs tools is gone");
      return;
    }

  call->runner_source_id = g_unix_fd_add (helper->runner_fd, G_IO_IN | G_IO_HUP | G_IO_ERR,
                                          runner_answered_cb, call);
}

static void
change_gpus_loaded_cb (GObject      *object,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  Call *call = user_data;
  Helper *helper = call->helper;
  g_autoptr(GError) error = NULL;
  gboolean changed;

  if (!plug_gpu_list_load_finish (PLUG_GPU_LIST (object), result, &error) ||
      !check_choice (call, &error))
    {
      call_return_error (call, error);
      change_done (call);
      return;
    }

  /* A choice the initramfs would never hold would not take effect at the
   * next start, and answering success would say it will: refused before
   * anything is written. (A revert goes ahead: it puts back what was
   * there, and says that the initramfs was not regenerated.) */
  if (call->kind == CALL_SET_GPU_DRIVER)
    {
      g_autoptr(GPtrArray) commands = get_initramfs_commands (helper);

      if (commands == NULL)
        {
          g_set_error_literal (&error, PLUG_HELPER_ERROR, PLUG_HELPER_ERROR_FAILED,
                               "The driver choice would not take effect at the next start: "
                               NO_INITRAMFS_TOOL);
          g_message ("Refused to choose %s for %s: %s", call->driver, call->pci_slot, error->message);
          call_return_error (call, error);
          change_done (call);
          return;
        }
    }

  /* Only the setting: nothing the next start reads changes. */
  if (call->kind == CALL_SET_KEEP_CHOICE)
    {
      if (!plug_helper_config_set_kept (helper->root_directory, call->pci_slot, call->keep, &error))
        {
          g_message ("Changing the setting for %s failed: %s", call->pci_slot, error->message);
          call_return_error (call, error);
        }
      else
        {
          g_message ("%s set the next-boot check to %s the choice for the GPU at %s when its driver "
                     "does not start", g_dbus_method_invocation_get_sender (call->invocation),
                     call->keep ? "keep" : "revert", call->pci_slot);
          g_dbus_method_invocation_return_value (g_steal_pointer (&call->invocation), NULL);
        }
      update_kept_choices (helper);
      change_done (call);
      return;
    }

  if (call->kind == CALL_SET_GPU_DRIVER)
    changed = plug_helper_config_choose (helper->root_directory, call->pci_slot, call->driver, &error);
  else
    changed = plug_helper_config_revert (helper->root_directory, call->pci_slot, &error);
  update_kept_choices (helper);

  if (!changed)
    {
      g_message ("Changing the driver of %s failed: %s", call->pci_slot, error->message);
      call_return_error (call, error);
      change_done (call);
      return;
    }

  /* What the last next-boot check reverted is old news once the user
   * chose again. */
  if (!plug_helper_config_set_boot_check (helper->root_directory, NULL, &error))
    {
      g_message ("Could not forget the next-boot check's record: %s", error->message);
      g_clear_error (&error);
    }
  plug_dbus_helper_set_boot_check (helper->skeleton, "");

  if (call->kind == CALL_SET_GPU_DRIVER)
    g_message ("%s chose %s for the GPU at %s",
               g_dbus_method_invocation_get_sender (call->invocation), call->driver, call->pci_slot);
  else
    g_message ("%s reverted the driver choice for the GPU at %s",
               g_dbus_method_invocation_get_sender (call->invocation), call->pci_slot);

  regenerate_initramfs (call);
}

static void
start_next_change (Helper *helper)
{
  Call *call;

  if (helper->changing || (call = g_queue_pop_head (&helper->changes)) == NULL)
    return;

  helper->changing = TRUE;
  /* Read now, after authorization and after the previous change: the
   * choice is checked against the machine as it is when it is made. */
  call->gpus = plug_gpu_list_new (helper->root_directory, helper->modules_directory);
  plug_gpu_list_load_async (call->gpus, NULL, change_gpus_loaded_cb, call);
}

/* --- GetDriverChoices ----------------------------------------------------- */

static void
choices_gpus_loaded_cb (GObject      *object,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  Call *call = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) choices = NULL;
  GVariantBuilder builder;
  guint n_gpus;

  if (!plug_gpu_list_load_finish (PLUG_GPU_LIST (object), result, &error))
    {
      call_return_error (call, error);
      call_free (call);
      return;
    }

  choices = plug_helper_config_read_choices (call->helper->root_directory);
  n_gpus = g_list_model_get_n_items (G_LIST_MODEL (call->gpus));
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a(sssass)"));
  for (guint i = 0; i < n_gpus; i++)
    {
      g_autoptr(PlugGpu) gpu = g_list_model_get_item (G_LIST_MODEL (call->gpus), i);
      g_autofree char *bound_driver = get_bound_driver (gpu);
      g_autofree char *name = g_strjoin (" ",
                                         plug_gpu_get_vendor (gpu) != NULL ? plug_gpu_get_vendor (gpu) : "",
                                         plug_gpu_get_model (gpu) != NULL ? plug_gpu_get_model (gpu) : "",
                                         NULL);
      const char *chosen = g_hash_table_lookup (choices, plug_gpu_get_pci_slot (gpu));

      g_variant_builder_add (&builder, "(sss^ass)",
                             plug_gpu_get_pci_slot (gpu),
                             g_strstrip (name),
                             bound_driver != NULL ? bound_driver : "",
                             plug_gpu_get_alternatives (gpu),
                             chosen != NULL ? chosen : "");
    }

  /* Then the choices for GPUs that are gone, so that they can be seen and
   * reverted: no name, no driver bound, no alternatives. */
  {
    g_autoptr(GPtrArray) gone = g_ptr_array_new ();
    GHashTableIter iter;
    gpointer slot;

    g_hash_table_iter_init (&iter, choices);
    while (g_hash_table_iter_next (&iter, &slot, NULL))
      {
        g_autoptr(PlugGpu) gpu = find_gpu (call->gpus, slot);

        if (gpu == NULL)
          g_ptr_array_add (gone, slot);
      }
    g_ptr_array_sort (gone, compare_strings);
    for (guint i = 0; i < gone->len; i++)
      g_variant_builder_add (&builder, "(sss^ass)", (const char *) gone->pdata[i], "", "",
                             (const char * const[]) { NULL }, (const char *) g_hash_table_lookup (choices, gone->pdata[i]));
  }

  g_dbus_method_invocation_return_value (g_steal_pointer (&call->invocation),
                                         g_variant_new ("(a(sssass))", &builder));
  call_free (call);
}

/* --- 2. polkit ------------------------------------------------------------ */

static void
deny (Call       *call,
      const char *reason)
{
  g_message ("Refused %s from %s: %s",
             g_dbus_method_invocation_get_method_name (call->invocation),
             g_dbus_method_invocation_get_sender (call->invocation), reason);
  g_dbus_method_invocation_return_dbus_error (g_steal_pointer (&call->invocation),
                                              "org.freedesktop.DBus.Error.AccessDenied",
                                              "Not authorized to change the GPU driver");
  call_free (call);
}

static void
authorized (Call *call)
{
  if (call->kind == CALL_GET_DRIVER_CHOICES)
    {
      call->gpus = plug_gpu_list_new (call->helper->root_directory, call->helper->modules_directory);
      plug_gpu_list_load_async (call->gpus, NULL, choices_gpus_loaded_cb, call);
      return;
    }

  g_queue_push_tail (&call->helper->changes, call);
  start_next_change (call->helper);
}

static void
check_authorization_cb (GObject      *object,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  Call *call = user_data;
  g_autoptr(PolkitAuthorizationResult) authorization = NULL;
  g_autoptr(GError) error = NULL;

  authorization = polkit_authority_check_authorization_finish (POLKIT_AUTHORITY (object), result, &error);
  if (authorization == NULL)
    {
      /* Including a caller that left before polkit could look at it. */
      deny (call, error->message);
      return;
    }
  if (!polkit_authorization_result_get_is_authorized (authorization))
    {
      deny (call, "polkit said no");
      return;
    }

  authorized (call);
}

static const char *
get_action_id (CallKind kind)
{
  for (guint i = 0; i < G_N_ELEMENTS (method_actions); i++)
    if (method_actions[i].kind == kind)
      return method_actions[i].action_id;

  g_assert_not_reached ();
}

/* The authority is the one the helper got before it took its name, kept
 * for its whole life: asking polkit for a new one per call would make and
 * drop a proxy (with its signal subscriptions, and the messages polkitd
 * sends them) for every call. */
static void
ask_polkit (Call *call)
{
  Helper *helper = call->helper;
  g_autoptr(PolkitSubject) subject = NULL;
  g_autoptr(PolkitDetails) details = NULL;

  /* The subject is the caller's unique bus name, which polkitd resolves
   * to a process and a user itself: nothing the caller says about itself
   * counts. The details (already checked for form, the GPU's name from
   * the helper's own reading) let rules and the authentication dialog
   * see what is asked for: polkitd takes polkit.message from a mechanism
   * running as root, translates it in polkit.gettext_domain and puts the
   * details in for $(gpu) and $(driver). */
  subject = polkit_system_bus_name_new (call->sender);
  details = polkit_details_new ();
  if (call->pci_slot != NULL)
    polkit_details_insert (details, "pci_slot", call->pci_slot);
  if (call->driver != NULL)
    polkit_details_insert (details, "driver", call->driver);
  if (call->gpu_name != NULL)
    polkit_details_insert (details, "gpu", call->gpu_name);
  if (call->kind == CALL_SET_GPU_DRIVER)
    polkit_details_insert (details, "polkit.message",
                           /* Translators: keep $(driver) and $(gpu): polkit puts in
                            * the driver, such as “amdgpu”, and the GPU's name and slot */
                           N_("Authentication is required to make the $(driver) driver run $(gpu) "
                              "from the next start"));
  else if (call->kind == CALL_REVERT_GPU_DRIVER)
    polkit_details_insert (details, "polkit.message",
                           /* Translators: keep $(gpu): polkit puts in the GPU's name and slot */
                           N_("Authentication is required to put back the driver configuration of "
                              "$(gpu) from before Plugboard changed it"));
  else if (call->kind == CALL_SET_KEEP_CHOICE && call->keep)
    polkit_details_insert (details, "polkit.message",
                           /* Translators: keep $(gpu): polkit puts in the GPU's name and slot */
                           N_("Authentication is required to keep the driver chosen for $(gpu) "
                              "even if it does not start"));
  else if (call->kind == CALL_SET_KEEP_CHOICE)
    polkit_details_insert (details, "polkit.message",
                           /* Translators: keep $(gpu): polkit puts in the GPU's name and slot */
                           N_("Authentication is required to go back from the driver chosen for "
                              "$(gpu) if it does not start"));
  if (call->kind != CALL_GET_DRIVER_CHOICES)
    polkit_details_insert (details, "polkit.gettext_domain", GETTEXT_PACKAGE);
  g_debug ("Asking polkit about %s for %s: %s", get_action_id (call->kind), call->sender,
           call->gpu_name != NULL ? call->gpu_name : "no GPU");

  polkit_authority_check_authorization (helper->authority, subject, get_action_id (call->kind), details,
                                        POLKIT_CHECK_AUTHORIZATION_FLAGS_ALLOW_USER_INTERACTION,
                                        helper->cancellable, check_authorization_cb, call);
}

/* The GPU's name for the dialog comes from the GPUs as the helper reads
 * them; a slot it does not find is named as it is (the change then
 * refuses it after polkit, as before). */
static void
authorize_gpus_loaded_cb (GObject      *object,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  Call *call = user_data;
  g_autoptr(PlugGpu) gpu = NULL;

  if (plug_gpu_list_load_finish (PLUG_GPU_LIST (object), result, NULL))
    gpu = find_gpu (call->gpus, call->pci_slot);
  if (gpu != NULL)
    {
      g_autofree char *name = g_strjoin (" ",
                                         plug_gpu_get_vendor (gpu) != NULL ? plug_gpu_get_vendor (gpu) : "",
                                         plug_gpu_get_model (gpu) != NULL ? plug_gpu_get_model (gpu) : "",
                                         NULL);

      g_strstrip (name);
      call->gpu_name = *name != '\0' ? g_strdup_printf ("%s (%s)", name, call->pci_slot)
                                      : g_strdup_printf ("the GPU at %s", call->pci_slot);
    }
  else
    {
      call->gpu_name = g_strdup_printf ("the GPU at %s", call->pci_slot);
    }
  /* The change reads the GPUs again once authorized. */
  g_clear_object (&call->gpus);

  ask_polkit (call);
}

static void
authorize (Call *call)
{
  Helper *helper = call->helper;

  if (call->sender == NULL)
    {
      deny (call, "the caller has no bus name");
      return;
    }

  if (call->pci_slot == NULL)
    {
      ask_polkit (call);
      return;
    }

  call->gpus = plug_gpu_list_new (helper->root_directory, helper->modules_directory);
  plug_gpu_list_load_async (call->gpus, NULL, authorize_gpus_loaded_cb, call);
}

/* A caller with too many calls waiting gets no more: refused before
 * polkit is asked. */
static gboolean
refuse_too_many (Call *call)
{
  guint n_calls;

  if (call->sender == NULL)
    return FALSE;
  n_calls = GPOINTER_TO_UINT (g_hash_table_lookup (call->helper->calls_per_caller, call->sender));
  if (n_calls <= MAX_CALLS_PER_CALLER)
    return FALSE;

  g_message ("Refused %s from %s: %u calls of it are waiting already",
             g_dbus_method_invocation_get_method_name (call->invocation), call->sender, n_calls - 1);
  g_dbus_method_invocation_return_dbus_error (g_steal_pointer (&call->invocation),
                                              "org.freedesktop.DBus.Error.LimitsExceeded",
                                              "Too many calls from this caller are waiting "
                                              "(at most " G_STRINGIFY (MAX_CALLS_PER_CALLER) "): "
                                              "wait for their answers, then call again");
  call_free (call);
  return TRUE;
}

/* --- D-Bus ---------------------------------------------------------------- */

/* Runs, in the main thread, before any handler: a method without a polkit
 * action is refused. The real check, which is asynchronous, is in each
 * handler. */
static gboolean
authorize_method_cb (GDBusInterfaceSkeleton *skeleton,
                     GDBusMethodInvocation  *invocation,
                     gpointer                user_data)
{
  const char *method = g_dbus_method_invocation_get_method_name (invocation);

  for (guint i = 0; i < G_N_ELEMENTS (method_actions); i++)
    if (g_strcmp0 (method_actions[i].method, method) == 0)
      return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (unchecked_methods); i++)
    if (g_strcmp0 (unchecked_methods[i], method) == 0)
      return TRUE;

  g_dbus_method_invocation_return_dbus_error (invocation, "org.freedesktop.DBus.Error.AccessDenied",
                                              "This method has no polkit action");
  return FALSE;
}

static void
host_facts_built_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  Call *call = user_data;
  g_autoptr(GVariant) facts = NULL;
  g_autoptr(GError) error = NULL;

  facts = plug_host_facts_build_finish (result, &error);
  if (facts == NULL)
    g_dbus_method_invocation_return_error (g_steal_pointer (&call->invocation), G_DBUS_ERROR, G_DBUS_ERROR_FAILED,
                                           "Could not read the host: %s", error->message);
  else
    plug_dbus_helper_complete_get_host_facts (call->helper->skeleton, g_steal_pointer (&call->invocation), facts);
  call_free (call);
}

/* For a client in a Flatpak sandbox: see the method's documentation. */
static gboolean
handle_get_host_facts_cb (PlugDBusHelper        *skeleton,
                          GDBusMethodInvocation *invocation,
                          Helper                *helper)
{
  Call *call = call_new (helper, CALL_GET_HOST_FACTS, invocation, NULL, NULL);

  if (refuse_too_many (call))
    return G_DBUS_METHOD_INVOCATION_HANDLED;

  plug_host_facts_build_async (helper->root_directory, helper->modules_directory, NULL,
                               host_facts_built_cb, call);

  return G_DBUS_METHOD_INVOCATION_HANDLED;
}

static gboolean
handle_get_driver_choices_cb (PlugDBusHelper        *skeleton,
                              GDBusMethodInvocation *invocation,
                              Helper                *helper)
{
  Call *call = call_new (helper, CALL_GET_DRIVER_CHOICES, invocation, NULL, NULL);

  if (!refuse_too_many (call))
    authorize (call);

  return G_DBUS_METHOD_INVOCATION_HANDLED;
}

static gboolean
handle_set_gpu_driver_cb (PlugDBusHelper        *skeleton,
                          GDBusMethodInvocation *invocation,
                          const char            *pci_slot,
                          const char            *driver,
                          Helper                *helper)
{
  Call *call = call_new (helper, CALL_SET_GPU_DRIVER, invocation, pci_slot, driver);
  g_autoptr(GError) error = NULL;

  if (refuse_too_many (call))
    return G_DBUS_METHOD_INVOCATION_HANDLED;
  if (!check_pci_slot_form (pci_slot, &error) || !check_driver_form (driver, &error))
    {
      call_return_error (call, error);
      call_free (call);
      return G_DBUS_METHOD_INVOCATION_HANDLED;
    }

  authorize (call);

  return G_DBUS_METHOD_INVOCATION_HANDLED;
}

static gboolean
handle_revert_gpu_driver_cb (PlugDBusHelper        *skeleton,
                             GDBusMethodInvocation *invocation,
                             const char            *pci_slot,
                             Helper                *helper)
{
  Call *call = call_new (helper, CALL_REVERT_GPU_DRIVER, invocation, pci_slot, NULL);
  g_autoptr(GError) error = NULL;

  if (refuse_too_many (call))
    return G_DBUS_METHOD_INVOCATION_HANDLED;
  if (!check_pci_slot_form (pci_slot, &error))
    {
      call_return_error (call, error);
      call_free (call);
      return G_DBUS_METHOD_INVOCATION_HANDLED;
    }

  authorize (call);

  return G_DBUS_METHOD_INVOCATION_HANDLED;
}

static gboolean
handle_set_keep_choice_cb (PlugDBusHelper        *skeleton,
                           GDBusMethodInvocation *invocation,
                           const char            *pci_slot,
                           gboolean               keep,
                           Helper                *helper)
{
  Call *call = call_new (helper, CALL_SET_KEEP_CHOICE, invocation, pci_slot, NULL);
  g_autoptr(GError) error = NULL;

  call->keep = keep;
  if (refuse_too_many (call))
    return G_DBUS_METHOD_INVOCATION_HANDLED;
  if (!check_pci_slot_form (pci_slot, &error))
    {
      call_return_error (call, error);
      call_free (call);
      return G_DBUS_METHOD_INVOCATION_HANDLED;
    }

  authorize (call);

  return G_DBUS_METHOD_INVOCATION_HANDLED;
}

static void
name_acquired_cb (GDBusConnection *connection,
                  const char      *name,
                  gpointer         user_data)
{
  Helper *helper = user_data;
  g_autoptr(GError) error = NULL;

  g_debug ("Owns %s", name);

  /* Only now: until it owns the name, another helper may be writing. */
  if (!plug_helper_config_recover (helper->root_directory, &error))
    g_warning ("Could not put right what a stopped helper left: %s", error->message);
}

static void
name_lost_cb (GDBusConnection *connection,
              const char      *name,
              gpointer         user_data)
{
  Helper *helper = user_data;

  /* Another instance runs, or the bus policy does not let this one own
   * the name: nobody could call it. */
  if (helper->stopping)
    return;
  g_warning ("Could not own %s on the system bus", name);
  helper->exit_status = 1;
  helper_stop (helper);
}

/* --- the next-boot check ------------------------------------------------- */

/* Runs each command in turn, synchronously (nobody waits on this process
 * but the boot). Returns NULL, or what failed. */
static char *
run_initramfs_commands_sync (Helper *helper)
{
  g_autoptr(GPtrArray) commands = get_initramfs_commands (helper);
  static const char * const environment[] = { "PATH=/usr/sbin:/usr/bin:/sbin:/bin", "LANG=C.UTF-8", NULL };

  if (commands == NULL)
    return g_strdup (NO_INITRAMFS_TOOL);

  for (guint i = 0; i < commands->len; i++)
    {
      char **command = g_ptr_array_index (commands, i);
      g_autoptr(GError) error = NULL;
      int status = 0;

      if (!g_spawn_sync ("/", command, (char **) environment, G_SPAWN_CHILD_INHERITS_STDIN, NULL, NULL,
                         NULL, NULL, &status, &error) ||
          !g_spawn_check_wait_status (status, &error))
        {
          g_autofree char *line = g_strjoinv (" ", command);

          return g_strdup_printf ("%s: %s", line, error->message);
        }
    }

  return NULL;
}

static void
store_result_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

/* At boot, after udev bound the drivers: a choice whose driver is not the
 * one bound to its GPU (it failed to load or to probe) is reverted, with
 * the initramfs, and the record says so for graphics status and the panel
 * (BootCheck); one the user asked to keep (SetKeepChoice) stays, and the
 * record says that. A GPU that is not there (an unplugged eGPU) keeps its
 * choice. */
static int
check_boot (Helper *helper)
{
  g_autoptr(GHashTable) choices = NULL;
  g_autoptr(PlugGpuList) gpus = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GPtrArray) slots = g_ptr_array_new ();
  g_autoptr(GString) record = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *initramfs_failure = NULL;
  g_auto(GStrv) kept = NULL;
  GHashTableIter iter;
  gpointer slot;
  gboolean reverted = FALSE;

  if (!plug_helper_config_recover (helper->root_directory, &error))
    g_warning ("Could not put right what a stopped helper left: %s", error->message);
  g_clear_error (&error);

  choices = plug_helper_config_read_choices (helper->root_directory);
  if (g_hash_table_size (choices) == 0)
    return 0;
  kept = plug_helper_config_read_kept (helper->root_directory);

  gpus = plug_gpu_list_new (helper->root_directory, helper->modules_directory);
  plug_gpu_list_load_async (gpus, NULL, store_result_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  if (!plug_gpu_list_load_finish (gpus, result, &error))
    {
      g_printerr ("plugboard-helper: could not read the GPUs: %s\n", error->message);
      return 1;
    }

  g_hash_table_iter_init (&iter, choices);
  while (g_hash_table_iter_next (&iter, &slot, NULL))
    g_ptr_array_add (slots, slot);
  g_ptr_array_sort (slots, compare_strings);

  for (guint i = 0; i < slots->len; i++)
    {
      const char *pci_slot = slots->pdata[i];
      const char *chosen = g_hash_table_lookup (choices, pci_slot);
      g_autoptr(PlugGpu) gpu = find_gpu (gpus, pci_slot);
      g_autofree char *bound = NULL;
      g_autofree char *kernel_reason = NULL;

      if (gpu == NULL)
        {
          g_message ("The GPU at %s is not there; its choice of %s is kept", pci_slot, chosen);
          continue;
        }

      bound = get_bound_driver (gpu);
      if (g_strcmp0 (bound, chosen) == 0)
        {
          g_message ("%s runs the GPU at %s, as chosen", chosen, pci_slot);
          continue;
        }

      /* The user's setting: report, and leave the choice in force. */
      if (g_strv_contains ((const char * const *) kept, pci_slot))
        {
          kernel_reason = dup_kernel_reason (helper->root_directory, chosen, pci_slot);
          g_string_append_printf (record, "%s did not start on the GPU at %s; Plugboard kept the choice, as set",
                                  chosen, pci_slot);
          if (kernel_reason != NULL)
            g_string_append_printf (record, "; the kernel said: %s", kernel_reason);
          g_string_append_c (record, '\n');
          g_message ("%s did not start on the GPU at %s (%s bound); the choice is kept, as set",
                     chosen, pci_slot, bound != NULL ? bound : "no driver");
          continue;
        }

      if (!plug_helper_config_revert (helper->root_directory, pci_slot, &error))
        {
          g_printerr ("plugboard-helper: %s did not start on the GPU at %s, and reverting failed: %s\n",
                      chosen, pci_slot, error->message);
          g_clear_error (&error);
          continue;
        }
      reverted = TRUE;
      kernel_reason = dup_kernel_reason (helper->root_directory, chosen, pci_slot);
      if (bound != NULL)
        g_string_append_printf (record, "%s did not start on the GPU at %s; Plugboard went back to %s",
                                chosen, pci_slot, bound);
      else
        g_string_append_printf (record, "%s did not start on the GPU at %s, which had no driver; "
                                "Plugboard went back to the configuration from before the choice",
                                chosen, pci_slot);
      if (kernel_reason != NULL)
        g_string_append_printf (record, "; the kernel said: %s", kernel_reason);
      g_string_append_c (record, '\n');
      g_message ("%s did not start on the GPU at %s (%s bound); the choice is reverted",
                 chosen, pci_slot, bound != NULL ? bound : "no driver");
    }

  if (record->len == 0)
    return 0;

  if (reverted)
    {
      initramfs_failure = run_initramfs_commands_sync (helper);
      if (!plug_helper_config_set_initramfs_problem (helper->root_directory, initramfs_failure, &error))
        {
          g_printerr ("plugboard-helper: could not keep the record of the check: %s\n", error->message);
          return 1;
        }
    }
  if (!plug_helper_config_set_boot_check (helper->root_directory, record->str, &error))
    {
      g_printerr ("plugboard-helper: could not keep the record of the check: %s\n", error->message);
      return 1;
    }

  return 0;
}

/* --- the runner, and the helper's capabilities --------------------------- */

/* The initramfs tools need capabilities: CAP_SYS_CHROOT for the
 * "ldconfig -r" of mkinitramfs and dracut, and those that copy files with
 * their owners and modes into the image. The helper, which reads what
 * callers send, needs none: it writes only files root owns, in folders
 * root owns. So a process forked before the helper talks to anyone keeps
 * them and runs the tools, one request at a time; the helper then drops
 * every capability. The runner takes one byte, "run them", and answers
 * one NUL byte, or what failed: it works out the commands itself, from
 * the same root and options, so the helper cannot choose what it runs. */
static void G_GNUC_NORETURN
runner_main (Helper *helper,
             int     fd)
{
  /* Gone with the helper, which exits only once no change waits on it. */
  prctl (PR_SET_PDEATHSIG, SIGTERM);

  for (;;)
    {
      g_autofree char *failure = NULL;
      char request;
      ssize_t length = recv (fd, &request, 1, 0);

      if (length < 0 && errno == EINTR)
        continue;
      /* _exit: the helper's memory is the helper's to free. */
      if (length <= 0)
        _exit (0);

      failure = run_initramfs_commands_sync (helper);
      if (failure == NULL)
        (void) send (fd, "", 1, MSG_NOSIGNAL);
      else
        (void) send (fd, failure, MIN (strlen (failure), 4000), MSG_NOSIGNAL);
    }
}

static gboolean
start_runner (Helper  *helper,
              GError **error)
{
  int fds[2];
  pid_t pid;

  if (socketpair (AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, fds) < 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno),
                   "cannot make a socket for the initramfs runner: %s", g_strerror (errno));
      return FALSE;
    }

  /* Before any thread: the child runs on after fork() without an exec. */
  fflush (NULL);
  pid = fork ();
  if (pid < 0)
    {
      int saved_errno = errno;

      close (fds[0]);
      close (fds[1]);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "cannot start the initramfs runner: %s", g_strerror (saved_errno));
      return FALSE;
    }
  if (pid == 0)
    {
      close (fds[0]);
      runner_main (helper, fds[1]);
    }

  close (fds[1]);
  helper->runner_fd = fds[0];
  helper->runner_pid = pid;
  return TRUE;
}

static void
stop_runner (Helper *helper)
{
  if (helper->runner_pid <= 0)
    return;

  /* The closed socket ends it; it runs nothing, as no change is left. */
  close (helper->runner_fd);
  while (waitpid (helper->runner_pid, NULL, 0) < 0 && errno == EINTR)
    ;
  helper->runner_pid = 0;
}

static gboolean
drop_capabilities (GError **error)
{
  struct __user_cap_header_struct header = { _LINUX_CAPABILITY_VERSION_3, 0 };
  struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3] = { { 0, 0, 0 } };

  /* Nor may anything it started gain any: with no_new_privs, not even a
   * program run as root (it runs none). */
  if (prctl (PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno),
                   "cannot set no_new_privs: %s", g_strerror (errno));
      return FALSE;
    }

  /* The bounding set too, where the helper may (CAP_SETPCAP, which its
   * unit does not grant: there the unit's set is the bound). */
  for (int capability = 0; capability < 64 && prctl (PR_CAPBSET_READ, capability, 0, 0, 0) >= 0; capability++)
    (void) prctl (PR_CAPBSET_DROP, capability, 0, 0, 0);

  if (syscall (SYS_capset, &header, data) < 0)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno),
                   "cannot drop its capabilities: %s", g_strerror (errno));
      return FALSE;
    }

  return TRUE;
}

/* --- main ----------------------------------------------------------------- */

/* systemd stops the service with SIGTERM; calls in progress end first
 * (helper_stop), and a change is a few synchronous writes on this thread,
 * so it is never cut in half. */
static gboolean
terminate_cb (gpointer user_data)
{
  Helper *helper = user_data;

  g_debug ("Terminated");
  helper_stop (helper);

  return G_SOURCE_CONTINUE;
}

static gboolean
parse_options (Helper   *helper,
               int      *argc,
               char   ***argv,
               GError  **error)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autofree char *root_directory = NULL;
  int timeout_seconds = DEFAULT_IDLE_TIMEOUT_SECONDS;
  const GOptionEntry entries[] = {
    { "root", 0, 0, G_OPTION_ARG_FILENAME, &root_directory,
      "For tests: the directory that stands for /", "DIRECTORY" },
    { "modules-directory", 0, 0, G_OPTION_ARG_FILENAME, &helper->modules_directory,
      "For tests: the kernel modules directory", "DIRECTORY" },
    { "initramfs-tool", 0, 0, G_OPTION_ARG_FILENAME, &helper->initramfs_tool,
      "For tests: the program that regenerates the initramfs", "PROGRAM" },
    { "check-boot", 0, 0, G_OPTION_ARG_NONE, &helper->check_boot,
      "Revert each choice whose driver did not bind to its GPU at this boot, and exit "
      "(plugboard-helper-check-boot.service)", NULL },
    { "timeout", 0, 0, G_OPTION_ARG_INT, &timeout_seconds,
      "Exit after this many seconds without calls (default 30)", "SECONDS" },
    { NULL }
  };

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context, "Chooses the kernel driver of GPUs for Plugboard. "
                                         "Started by D-Bus activation.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, argc, argv, error))
    return FALSE;

  if (*argc > 1)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, "Unexpected argument %s", (*argv)[1]);
      return FALSE;
    }
  if (timeout_seconds < 1 || timeout_seconds > 3600)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--timeout takes 1 to 3600 seconds");
      return FALSE;
    }
  helper->idle_timeout_seconds = (guint) timeout_seconds;

  if (root_directory == NULL)
    helper->root_directory = g_strdup ("/");
  else if (!g_path_is_absolute (root_directory) || !g_file_test (root_directory, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--root takes an absolute path to a directory");
      return FALSE;
    }
  else
    helper->root_directory = g_steal_pointer (&root_directory);

  /* A relative program would be looked up in the PATH the helper was
   * started with, and a relative folder in its working directory: neither
   * may choose what it runs or reads. */
  if (helper->modules_directory != NULL && !g_path_is_absolute (helper->modules_directory))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--modules-directory takes an absolute path");
      return FALSE;
    }
  if (helper->initramfs_tool != NULL && !g_path_is_absolute (helper->initramfs_tool))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--initramfs-tool takes an absolute path");
      return FALSE;
    }

  return TRUE;
}

static void
helper_clear (Helper *helper)
{
  g_assert (helper->calls_in_flight == 0);

  if (helper->owner_id != 0)
    g_bus_unown_name (helper->owner_id);
  if (helper->skeleton != NULL && g_dbus_interface_skeleton_get_connection (G_DBUS_INTERFACE_SKELETON (helper->skeleton)) != NULL)
    g_dbus_interface_skeleton_unexport (G_DBUS_INTERFACE_SKELETON (helper->skeleton));
  g_clear_object (&helper->skeleton);
  /* The authority's proxy holds the connection and subscribes to
   * polkitd's signals: it goes before the connection is closed. */
  g_clear_object (&helper->authority);
  if (helper->connection != NULL)
    {
      /* Send what is queued (the last replies, releasing the name), close,
       * and only then dispatch what the connection handed to this thread
       * (signals, replies, method calls that came in meanwhile and are
       * answered "unknown method"): once closed, nothing new arrives, so
       * the dispatching really empties the queue. Ending with messages
       * still queued is what LeakSanitizer reported. */
      g_dbus_connection_flush_sync (helper->connection, NULL, NULL);
      g_dbus_connection_close_sync (helper->connection, NULL, NULL);
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
  g_clear_object (&helper->connection);
  g_clear_handle_id (&helper->idle_source_id, g_source_remove);
  g_clear_handle_id (&helper->stop_source_id, g_source_remove);
  g_clear_object (&helper->cancellable);
  g_clear_pointer (&helper->calls_per_caller, g_hash_table_unref);
  g_clear_pointer (&helper->loop, g_main_loop_unref);
  stop_runner (helper);
  g_clear_pointer (&helper->root_directory, g_free);
  g_clear_pointer (&helper->modules_directory, g_free);
  g_clear_pointer (&helper->initramfs_tool, g_free);
}

int
main (int    argc,
      char **argv)
{
  Helper helper = { 0 };
  g_autoptr(GError) error = NULL;
  guint terminate_source_id;

  /* With no argv[0] the options parser would take the environment for
   * arguments (CVE-2021-4034). Linux 5.18 and later pass an empty argv[0]
   * instead of none; neither is how D-Bus or systemd start the helper. */
  if (argc < 1 || argv[0] == NULL || argv[0][0] == '\0')
    return 127;

  setlocale (LC_ALL, "");
  /* Files and folders the helper creates get exactly the modes it asks
   * for, whatever umask it inherited. */
  umask (022);

  if (!parse_options (&helper, &argc, &argv, &error))
    {
      g_printerr ("plugboard-helper: %s\n", error->message);
      helper_clear (&helper);
      return 2;
    }

  if (geteuid () != 0)
    {
      g_printerr ("plugboard-helper: must run as root; it is started by D-Bus activation\n");
      helper_clear (&helper);
      return 1;
    }

  if (helper.check_boot)
    {
      int status = check_boot (&helper);

      helper_clear (&helper);
      return status;
    }

  if (!start_runner (&helper, &error) || !drop_capabilities (&error))
    {
      g_printerr ("plugboard-helper: %s\n", error->message);
      helper_clear (&helper);
      return 1;
    }

  helper.connection = g_bus_get_sync (G_BUS_TYPE_SYSTEM, NULL, &error);
  if (helper.connection == NULL)
    {
      g_printerr ("plugboard-helper: cannot connect to the system bus: %s\n", error->message);
      helper_clear (&helper);
      return 1;
    }

  /* Before the name is owned, so no call waits for it: a helper that
   * cannot ask polkit must not take calls at all. */
  helper.authority = polkit_authority_get_sync (NULL, &error);
  if (helper.authority == NULL)
    {
      g_printerr ("plugboard-helper: cannot reach polkit: %s\n", error->message);
      helper_clear (&helper);
      return 1;
    }

  helper.cancellable = g_cancellable_new ();
  helper.calls_per_caller = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  helper.loop = g_main_loop_new (NULL, FALSE);
  helper.skeleton = plug_dbus_helper_skeleton_new ();
  plug_dbus_helper_set_version (helper.skeleton, PACKAGE_VERSION);
  {
    g_autofree char *initramfs_problem = plug_helper_config_read_initramfs_problem (helper.root_directory);

    g_autofree char *boot_check = plug_helper_config_read_boot_check (helper.root_directory);

    plug_dbus_helper_set_initramfs_problem (helper.skeleton, initramfs_problem != NULL ? initramfs_problem : "");
    plug_dbus_helper_set_boot_check (helper.skeleton, boot_check != NULL ? boot_check : "");
    update_kept_choices (&helper);
  }
  g_signal_connect (helper.skeleton, "g-authorize-method", G_CALLBACK (authorize_method_cb), &helper);
  g_signal_connect (helper.skeleton, "handle-get-driver-choices", G_CALLBACK (handle_get_driver_choices_cb), &helper);
  g_signal_connect (helper.skeleton, "handle-get-host-facts", G_CALLBACK (handle_get_host_facts_cb), &helper);
  g_signal_connect (helper.skeleton, "handle-set-keep-choice", G_CALLBACK (handle_set_keep_choice_cb), &helper);
  g_signal_connect (helper.skeleton, "handle-set-gpu-driver", G_CALLBACK (handle_set_gpu_driver_cb), &helper);
  g_signal_connect (helper.skeleton, "handle-revert-gpu-driver", G_CALLBACK (handle_revert_gpu_driver_cb), &helper);

  /* The object is there before the name, so a call never finds the name
   * without it. */
  if (!g_dbus_interface_skeleton_export (G_DBUS_INTERFACE_SKELETON (helper.skeleton), helper.connection,
                                         "/io/github/plugboard/Helper", &error))
    {
      g_printerr ("plugboard-helper: %s\n", error->message);
      helper_clear (&helper);
      return 1;
    }
  helper.owner_id = g_bus_own_name_on_connection (helper.connection, HELPER_BUS_NAME,
                                                  G_BUS_NAME_OWNER_FLAGS_DO_NOT_QUEUE,
                                                  name_acquired_cb, name_lost_cb, &helper, NULL);

  arm_idle_timeout (&helper);
  terminate_source_id = g_unix_signal_add (SIGTERM, terminate_cb, &helper);
  g_main_loop_run (helper.loop);
  g_source_remove (terminate_source_id);

  helper_clear (&helper);
  return helper.exit_status;
}
