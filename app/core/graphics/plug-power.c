/* plug-power.c: Whether this machine can suspend and hibernate
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "plug-power.h"

/*
 * Read-only, from the kernel's own files:
 *
 *  - suspend: /sys/power/state offers "mem" (or only "freeze", which is
 *    suspend-to-idle); /sys/power/mem_sleep says, in brackets, which kind
 *    "mem" means ("s2idle", "shallow" or "deep");
 *  - hibernate, in the order a user has to fix things:
 *    1. kernel lockdown ([integrity] or [confidentiality] in
 *       /sys/kernel/security/lockdown, usually set by Secure Boot) forbids
 *       it, and also hides "disk" from /sys/power/state, so it is checked
 *       first to name the real cause;
 *    2. "disk" in /sys/power/state;
 *    3. swap (/proc/swaps) at least as large as the memory (MemTotal in
 *       /proc/meminfo): an image usually fits in less, but the kernel
 *       cannot promise it, and distributions give the same advice;
 *    4. a resume device: "resume=" on /proc/cmdline, or a device the
 *       initramfs already gave the kernel (/sys/power/resume other than
 *       "0:0"), which is how Debian's initramfs-tools configures it.
 *
 *    5. where the kernel allows it and the system bus has logind, logind's
 *       CanHibernate: "na" (or "no") means logind will not hibernate, by
 *       its own checks or because sleep.conf says AllowHibernation=no, and
 *       the desktop hibernates through logind. It is asked last, because
 *       its answer carries no reason: the checks above name a cause it
 *       may share. "challenge" (allowed after authentication) counts as
 *       possible, as "yes". Without a system bus or logind, or when it
 *       does not answer, nothing is added: the kernel's answer stands.
 *       logind is never started for this (it is started at boot or not
 *       at all).
 *
 * The root directory is a seam for tests, as in PlugGpuList; it does not
 * apply to logind, which the system tests run as a dbusmock template.
 */

#define LOGIND_BUS_NAME "org.freedesktop.login1"
#define LOGIND_OBJECT_PATH "/org/freedesktop/login1"
#define LOGIND_MANAGER_INTERFACE "org.freedesktop.login1.Manager"
/* logind answers from memory and a few files; a slow logind must not hold
 * up the Graphics panel. */
#define LOGIND_TIMEOUT_MSEC 3000

struct _PlugPower
{
  GObject   parent_instance;

  char     *root_directory;

  gboolean  can_suspend;
  char     *suspend_mode;
  char     *suspend_reason;
  gboolean  can_hibernate;
  char     *hibernate_reason;
};

G_DEFINE_FINAL_TYPE (PlugPower, plug_power, G_TYPE_OBJECT)

typedef struct
{
  gboolean  can_suspend;
  char     *suspend_mode;
  char     *suspend_reason;
  gboolean  can_hibernate;
  char     *hibernate_reason;
} Readiness;

static void
readiness_free (Readiness *readiness)
{
  g_free (readiness->suspend_mode);
  g_free (readiness->suspend_reason);
  g_free (readiness->hibernate_reason);
  g_free (readiness);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Readiness, readiness_free)

static void
plug_power_finalize (GObject *object)
{
  PlugPower *self = PLUG_POWER (object);

  g_clear_pointer (&self->root_directory, g_free);
  g_clear_pointer (&self->suspend_mode, g_free);
  g_clear_pointer (&self->suspend_reason, g_free);
  g_clear_pointer (&self->hibernate_reason, g_free);

  G_OBJECT_CLASS (plug_power_parent_class)->finalize (object);
}

static void
plug_power_class_init (PlugPowerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = plug_power_finalize;
}

static void
plug_power_init (PlugPower *self)
{
}

/**
 * plug_power_new:
 * @root_directory: (nullable): %NULL, or for tests a directory that stands
 *   for "/" when reading /sys and /proc
 *
 * Nothing is known until plug_power_read_async() has read the machine.
 */
PlugPower *
plug_power_new (const char *root_directory)
{
  PlugPower *self = g_object_new (PLUG_TYPE_POWER, NULL);

  self->root_directory = g_strdup (root_directory != NULL ? root_directory : "/");

  return self;
}

/* --- reading, in the worker thread ---------------------------------------- */

static char *
read_file (const char *root_directory,
           const char *path)
{
  g_autofree char *full_path = g_build_filename (root_directory, path, NULL);
  char *contents = NULL;

  if (!g_file_get_contents (full_path, &contents, NULL, NULL))
    return NULL;

  return contents;
}

static gboolean
has_word (const char *text,
          const char *word)
{
  g_auto(GStrv) words = NULL;

  if (text == NULL)
    return FALSE;

  words = g_strsplit_set (text, " \t\n", -1);

  return g_strv_contains ((const char * const *) words, word);
}

/* The word in brackets, as in "s2idle [deep]" or "none [integrity]". */
static char *
selected_word (const char *text)
{
  const char *start;
  const char *end;

  if (text == NULL || (start = strchr (text, '[')) == NULL || (end = strchr (start, ']')) == NULL)
    return NULL;

  return g_strndup (start + 1, end - start - 1);
}

static gboolean
command_line_sets (const char *command_line,
                   const char *key)
{
  g_auto(GStrv) words = NULL;

  if (command_line == NULL)
    return FALSE;

  words = g_strsplit_set (command_line, " \t\n", -1);
  for (guint i = 0; words[i] != NULL; i++)
    {
      if (g_str_has_prefix (words[i], key) && words[i][strlen (key)] == '=' &&
          words[i][strlen (key) + 1] != '\0')
        return TRUE;
    }

  return FALSE;
}

/* Total swap in KiB: the Size column of /proc/swaps, after its header. */
static guint64
swap_total (const char *swaps)
{
  g_auto(GStrv) lines = NULL;
  guint64 total = 0;

  if (swaps == NULL)
    return 0;

  lines = g_strsplit (swaps, "\n", -1);
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto(GStrv) columns = g_strsplit_set (lines[i], " \t", -1);
      guint column = 0;

      for (guint j = 0; columns[j] != NULL; j++)
        {
          if (columns[j][0] == '\0')
            continue;
          if (column == 2)
            {
              total += g_ascii_strtoull (columns[j], NULL, 10);
              break;
            }
          column++;
        }
    }

  return total;
}

/* MemTotal in KiB (the kernel writes "kB" but means KiB). */
static guint64
memory_total (const char *meminfo)
{
  const char *line;

  if (meminfo == NULL)
    return 0;

  line = strstr (meminfo, "MemTotal:");
  if (line == NULL)
    return 0;

  return g_ascii_strtoull (line + strlen ("MemTotal:"), NULL, 10);
}

static void
read_suspend (const char *root_directory,
              const char *state,
              Readiness  *readiness)
{
  g_autofree char *mem_sleep = read_file (root_directory, "sys/power/mem_sleep");

  if (state == NULL)
    {
      readiness->suspend_reason = g_strdup (_("The kernel offers no sleep states: it was built "
                                              "without power management."));
      return;
    }

  if (has_word (state, "mem"))
    {
      readiness->can_suspend = TRUE;
      readiness->suspend_mode = selected_word (mem_sleep);
      return;
    }

  if (has_word (state, "freeze"))
    {
      readiness->can_suspend = TRUE;
      readiness->suspend_mode = g_strdup ("s2idle");
      return;
    }

  readiness->suspend_reason = g_strdup (_("The kernel offers no sleep state on this machine: "
                                          "the firmware does not support one, or a kernel option "
                                          "turned them off."));
}

static void
read_hibernate (const char *root_directory,
                const char *state,
                Readiness  *readiness)
{
  g_autofree char *lockdown_file = read_file (root_directory, "sys/kernel/security/lockdown");
  g_autofree char *lockdown = selected_word (lockdown_file);
  g_autofree char *swaps = read_file (root_directory, "proc/swaps");
  g_autofree char *meminfo = read_file (root_directory, "proc/meminfo");
  g_autofree char *command_line = read_file (root_directory, "proc/cmdline");
  g_autofree char *resume_device = read_file (root_directory, "sys/power/resume");
  guint64 swap = swap_total (swaps);
  guint64 memory = memory_total (meminfo);

  if (g_strcmp0 (lockdown, "integrity") == 0 || g_strcmp0 (lockdown, "confidentiality") == 0)
    {
      /* Translators: %s is the kernel's lockdown mode, “integrity” or “confidentiality” */
      readiness->hibernate_reason =
        g_strdup_printf (_("Kernel lockdown (“%s”, usually turned on by Secure Boot) forbids "
                           "hibernation."), lockdown);
      return;
    }

  if (!has_word (state, "disk"))
    {
      readiness->hibernate_reason = g_strdup (_("The kernel does not offer hibernation: it was "
                                                "built without it or started with it turned off."));
      return;
    }

  if (swap == 0)
    {
      readiness->hibernate_reason = g_strdup (_("There is no swap space to save the memory to."));
      return;
    }

  if (swap < memory)
    {
      g_autofree char *swap_text = g_format_size_full (swap * 1024, G_FORMAT_SIZE_IEC_UNITS);
      g_autofree char *memory_text = g_format_size_full (memory * 1024, G_FORMAT_SIZE_IEC_UNITS);

      /* Translators: two sizes, such as “2.0 GiB” and “16.0 GiB” */
      readiness->hibernate_reason =
        g_strdup_printf (_("The swap space (%s) is smaller than the memory (%s), so the memory "
                           "may not fit."), swap_text, memory_text);
      return;
    }

  if (!command_line_sets (command_line, "resume") &&
      (resume_device == NULL || g_str_equal (g_strstrip (resume_device), "0:0")))
    {
      readiness->hibernate_reason = g_strdup (_("No resume device is configured, so the saved "
                                                "memory would not be restored at start-up."));
      return;
    }

  readiness->can_hibernate = TRUE;
}

static void
read_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  const char *root_directory = task_data;
  g_autoptr(Readiness) readiness = g_new0 (Readiness, 1);
  g_autofree char *state = read_file (root_directory, "sys/power/state");

  read_suspend (root_directory, state, readiness);
  read_hibernate (root_directory, state, readiness);

  g_task_return_pointer (task, g_steal_pointer (&readiness), (GDestroyNotify) readiness_free);
}

static void
return_readiness (GTask     *task,
                  Readiness *readiness)
{
  PlugPower *self = g_task_get_source_object (task);

  self->can_suspend = readiness->can_suspend;
  g_free (self->suspend_mode);
  self->suspend_mode = g_steal_pointer (&readiness->suspend_mode);
  g_free (self->suspend_reason);
  self->suspend_reason = g_steal_pointer (&readiness->suspend_reason);
  self->can_hibernate = readiness->can_hibernate;
  g_free (self->hibernate_reason);
  self->hibernate_reason = g_steal_pointer (&readiness->hibernate_reason);

  g_task_return_boolean (task, TRUE);
}

static void
can_hibernate_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Readiness *readiness = g_task_get_task_data (task);
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;
  const char *answer;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (reply == NULL)
    {
      /* No logind (the name has no owner), or no answer from it. */
      g_debug ("logind did not say whether it can hibernate: %s", error->message);
      return_readiness (task, readiness);
      return;
    }

  g_variant_get (reply, "(&s)", &answer);
  g_debug ("logind CanHibernate: %s", answer);
  if (g_str_equal (answer, "na") || g_str_equal (answer, "no"))
    {
      readiness->can_hibernate = FALSE;
      readiness->hibernate_reason =
        g_strdup (_("The login manager (systemd-logind) does not offer hibernation on this "
                    "system: it may be turned off with AllowHibernation=no in systemd’s "
                    "sleep.conf, or logind’s own checks may have failed."));
    }

  return_readiness (task, readiness);
}

static void
system_bus_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GCancellable *cancellable = g_task_get_cancellable (task);
  g_autoptr(GDBusConnection) system_bus = NULL;
  g_autoptr(GError) error = NULL;

  system_bus = g_bus_get_finish (result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (system_bus == NULL)
    {
      g_debug ("No system bus to ask logind on: %s", error->message);
      return_readiness (task, g_task_get_task_data (task));
      return;
    }

  /* Without auto-start, a name without an owner fails at once. */
  g_dbus_connection_call (system_bus, LOGIND_BUS_NAME, LOGIND_OBJECT_PATH,
                          LOGIND_MANAGER_INTERFACE, "CanHibernate", NULL,
                          G_VARIANT_TYPE ("(s)"), G_DBUS_CALL_FLAGS_NO_AUTO_START,
                          LOGIND_TIMEOUT_MSEC, cancellable, can_hibernate_cb, g_steal_pointer (&task));
}

static void
read_thread_done_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GCancellable *cancellable = g_task_get_cancellable (task);
  g_autoptr(Readiness) readiness = NULL;
  g_autoptr(GError) error = NULL;

  readiness = g_task_propagate_pointer (G_TASK (result), &error);
  if (readiness == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* logind is only asked when the kernel's files allow hibernation: when
   * they do not, they name the more fundamental cause. */
  if (!readiness->can_hibernate)
    {
      return_readiness (task, readiness);
      return;
    }

  g_task_set_task_data (task, g_steal_pointer (&readiness), (GDestroyNotify) readiness_free);
  g_bus_get (G_BUS_TYPE_SYSTEM, cancellable, system_bus_cb, g_steal_pointer (&task));
}

/**
 * plug_power_read_async:
 * @self: a #PlugPower
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the machine has been read
 * @user_data: data for @callback
 *
 * Reads, in a worker thread, whether the machine can suspend and
 * hibernate, then asks logind, where it runs on the system bus, whether
 * it will hibernate; the getters answer once @callback runs.
 */
void
plug_power_read_async (PlugPower           *self,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GTask) thread_task = NULL;

  g_return_if_fail (PLUG_IS_POWER (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_power_read_async);

  thread_task = g_task_new (self, cancellable, read_thread_done_cb, g_steal_pointer (&task));
  g_task_set_source_tag (thread_task, read_thread);
  g_task_set_task_data (thread_task, g_strdup (self->root_directory), g_free);
  g_task_run_in_thread (thread_task, read_thread);
}

gboolean
plug_power_read_finish (PlugPower     *self,
                        GAsyncResult  *result,
                        GError       **error)
{
  g_return_val_if_fail (PLUG_IS_POWER (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == plug_power_read_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
plug_power_can_suspend (PlugPower *self)
{
  g_return_val_if_fail (PLUG_IS_POWER (self), FALSE);

  return self->can_suspend;
}

/**
 * plug_power_get_suspend_mode:
 *
 * Returns: (nullable): what suspending does: "s2idle" (the processor
 *   idles), "shallow" (standby) or "deep" (suspend to RAM)
 */
const char *
plug_power_get_suspend_mode (PlugPower *self)
{
  g_return_val_if_fail (PLUG_IS_POWER (self), NULL);

  return self->suspend_mode;
}

/**
 * plug_power_get_suspend_reason:
 *
 * Returns: (nullable): why the machine cannot suspend
 */
const char *
plug_power_get_suspend_reason (PlugPower *self)
{
  g_return_val_if_fail (PLUG_IS_POWER (self), NULL);

  return self->suspend_reason;
}

gboolean
plug_power_can_hibernate (PlugPower *self)
{
  g_return_val_if_fail (PLUG_IS_POWER (self), FALSE);

  return self->can_hibernate;
}

/**
 * plug_power_get_hibernate_reason:
 *
 * Returns: (nullable): why the machine cannot hibernate
 */
const char *
plug_power_get_hibernate_reason (PlugPower *self)
{
  g_return_val_if_fail (PLUG_IS_POWER (self), NULL);

  return self->hibernate_reason;
}
