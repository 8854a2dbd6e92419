/* plug-power.c: Whether this machine can suspend and hibernate
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "plug-host-facts.h"
#include "plug-power.h"
#include "plug-sandbox.h"

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
 *       at all). logind's CanSuspend is asked the same way.
 *    6. zram swap (compressed memory) holds no image; a swap file (not a
 *       partition) needs resume= and resume_offset= on the command line.
 *
 *  - warnings, what may still break a sleep that is possible:
 *    /sys/power/suspend_stats (the failed suspends, with the last failed
 *    device and step); logind's inhibitors in "block" mode for "sleep";
 *    NVIDIA's proprietary driver (/sys/module/nvidia) without its
 *    nvidia-suspend/resume/hibernate units enabled (symlinks in
 *    /etc/systemd/system/UNIT.wants/) or without
 *    NVreg_PreserveVideoMemoryAllocations=1 (/proc/driver/nvidia/params,
 *    else modprobe.d).
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
  GStrv     suspend_warnings;
  GStrv     hibernate_warnings;
  gboolean  hidden_by_sandbox;
};

G_DEFINE_FINAL_TYPE (PlugPower, plug_power, G_TYPE_OBJECT)

typedef struct
{
  gboolean  can_suspend;
  char     *suspend_mode;
  char     *suspend_reason;
  gboolean  can_hibernate;
  char     *hibernate_reason;
  GPtrArray *suspend_warnings;
  GPtrArray *hibernate_warnings;
  /* In a Flatpak sandbox: told by plugboard-helper, or not known. */
  gboolean   from_host;
  gboolean   hidden_by_sandbox;
} Readiness;

static Readiness *
readiness_new (void)
{
  Readiness *readiness = g_new0 (Readiness, 1);

  readiness->suspend_warnings = g_ptr_array_new_with_free_func (g_free);
  readiness->hibernate_warnings = g_ptr_array_new_with_free_func (g_free);

  return readiness;
}

static void
readiness_free (Readiness *readiness)
{
  g_ptr_array_unref (readiness->suspend_warnings);
  g_ptr_array_unref (readiness->hibernate_warnings);
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
  g_clear_pointer (&self->suspend_warnings, g_strfreev);
  g_clear_pointer (&self->hibernate_warnings, g_strfreev);

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
  self->suspend_warnings = g_new0 (char *, 1);
  self->hibernate_warnings = g_new0 (char *, 1);
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

/* The swap of /proc/swaps, after its header, in KiB (its Size column).
 * zram devices are compressed memory: what is in them is lost when the
 * machine is off, so they are counted apart and never hold an image. */
typedef struct
{
  guint64  total;           /* partitions and files, not zram */
  guint64  zram;
  gboolean has_partition;
  char    *file;            /* the first swap file, if any */
} Swap;

static void
read_swap (const char *swaps,
           Swap       *swap)
{
  g_auto(GStrv) lines = NULL;

  if (swaps == NULL)
    return;

  lines = g_strsplit (swaps, "\n", -1);
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_auto(GStrv) columns = g_strsplit_set (lines[i], " \t", -1);
      const char *fields[3] = { NULL, NULL, NULL };
      guint column = 0;
      guint64 size;

      for (guint j = 0; columns[j] != NULL && column < 3; j++)
        {
          if (columns[j][0] != '\0')
            fields[column++] = columns[j];
        }
      if (column < 3)
        continue;

      size = g_ascii_strtoull (fields[2], NULL, 10);
      if (g_str_has_prefix (fields[0], "/dev/zram"))
        {
          swap->zram += size;
          continue;
        }

      swap->total += size;
      if (g_str_equal (fields[1], "file"))
        {
          if (swap->file == NULL)
            swap->file = g_strdup (fields[0]);
        }
      else
        swap->has_partition = TRUE;
    }
}

static void
swap_clear (Swap *swap)
{
  g_clear_pointer (&swap->file, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Swap, swap_clear)

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
  g_auto(Swap) swap_info = { 0, };
  guint64 swap;
  guint64 memory = memory_total (meminfo);

  read_swap (swaps, &swap_info);
  swap = swap_info.total;

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

  if (swap == 0 && swap_info.zram > 0)
    {
      readiness->hibernate_reason =
        g_strdup (_("The only swap space is zram, compressed memory that is lost when the "
                    "machine is off, so it cannot hold the saved memory: add a swap partition "
                    "or a swap file."));
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

  /* The kernel finds a swap file's image by its offset on the device,
   * which only the command line can tell it. */
  if (swap_info.file != NULL && !swap_info.has_partition &&
      (!command_line_sets (command_line, "resume") ||
       !command_line_sets (command_line, "resume_offset")))
    {
      /* Translators: %s is the swap file, such as “/swapfile” */
      readiness->hibernate_reason =
        g_strdup_printf (_("The swap space is a file (%s): hibernation needs both resume= (the "
                           "device holding the file) and resume_offset= (where the file starts, "
                           "from “filefrag -v”) on the kernel command line."), swap_info.file);
      return;
    }

  readiness->can_hibernate = TRUE;
}

static char *
read_stripped (const char *root_directory,
               const char *path)
{
  char *contents = read_file (root_directory, path);

  if (contents != NULL)
    g_strstrip (contents);
  if (contents != NULL && contents[0] == '\0')
    g_clear_pointer (&contents, g_free);

  return contents;
}

/* /sys/power/suspend_stats: how many suspends failed since the start, and
 * at which device and step the last one did. */
static void
read_suspend_stats (const char *root_directory,
                    Readiness  *readiness)
{
  g_autofree char *fail = read_stripped (root_directory, "sys/power/suspend_stats/fail");
  g_autofree char *device = read_stripped (root_directory, "sys/power/suspend_stats/last_failed_dev");
  g_autofree char *step = read_stripped (root_directory, "sys/power/suspend_stats/last_failed_step");
  guint64 n_failed = fail != NULL ? g_ascii_strtoull (fail, NULL, 10) : 0;

  if (n_failed == 0)
    return;

  if (device == NULL)
    /* Translators: a device the kernel did not name */
    device = g_strdup (_("an unnamed device"));
  if (step == NULL)
    step = g_strdup ("?");

  if (n_failed == 1)
    g_ptr_array_add (readiness->suspend_warnings,
                     /* Translators: a kernel device (such as “0000:01:00.0”) and the
                      * step of the suspend (such as “suspend” or “resume”) */
                     g_strdup_printf (_("The last suspend failed at %s (%s)."), device, step));
  else
    g_ptr_array_add (readiness->suspend_warnings,
                     /* Translators: a number of suspends since the start, a kernel device
                      * (such as “0000:01:00.0”) and the step (such as “suspend” or “resume”) */
                     g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "The last %u suspend failed at %s (%s).",
                                                   "The last %u suspends failed at %s (%s).",
                                                   n_failed),
                                      (guint) n_failed, device, step));
}

/* Whether a unit is enabled: a symlink to it in one of the .wants
 * directories of /etc/systemd/system. */
static gboolean
unit_enabled (const char *root_directory,
              const char *unit)
{
  g_autofree char *directory_path = g_build_filename (root_directory, "etc/systemd/system", NULL);
  g_autoptr(GDir) directory = g_dir_open (directory_path, 0, NULL);
  const char *name;

  while (directory != NULL && (name = g_dir_read_name (directory)) != NULL)
    {
      g_autofree char *link = NULL;

      if (!g_str_has_suffix (name, ".wants"))
        continue;
      link = g_build_filename (directory_path, name, unit, NULL);
      if (g_file_test (link, G_FILE_TEST_IS_SYMLINK))
        return TRUE;
    }

  return FALSE;
}

/* NVreg_PreserveVideoMemoryAllocations: what the loaded driver uses, in
 * /proc/driver/nvidia/params, or else what modprobe.d would give it. */
static gboolean
nvidia_preserves_memory (const char *root_directory)
{
  static const char * const directories[] = { "etc/modprobe.d", "run/modprobe.d", "usr/lib/modprobe.d", "lib/modprobe.d" };
  g_autofree char *params = read_file (root_directory, "proc/driver/nvidia/params");

  if (params != NULL)
    return strstr (params, "PreserveVideoMemoryAllocations: 1") != NULL;

  for (guint i = 0; i < G_N_ELEMENTS (directories); i++)
    {
      g_autofree char *directory_path = g_build_filename (root_directory, directories[i], NULL);
      g_autoptr(GDir) directory = g_dir_open (directory_path, 0, NULL);
      const char *name;

      while (directory != NULL && (name = g_dir_read_name (directory)) != NULL)
        {
          g_autofree char *path = g_build_filename (directories[i], name, NULL);
          g_autofree char *contents = NULL;
          g_auto(GStrv) lines = NULL;

          if (!g_str_has_suffix (name, ".conf"))
            continue;
          contents = read_file (root_directory, path);
          if (contents == NULL)
            continue;
          lines = g_strsplit (contents, "\n", -1);
          for (guint j = 0; lines[j] != NULL; j++)
            {
              const char *line = g_strstrip (lines[j]);

              if (g_str_has_prefix (line, "options") && strstr (line, " nvidia ") != NULL &&
                  strstr (line, "NVreg_PreserveVideoMemoryAllocations=1") != NULL)
                return TRUE;
            }
        }
    }

  return FALSE;
}

/* NVIDIA's proprietary driver (the "nvidia" module) saves the video memory
 * itself, through its own systemd units, and only with the option set. */
static void
read_nvidia (const char *root_directory,
             Readiness  *readiness)
{
  g_autofree char *module = g_build_filename (root_directory, "sys/module/nvidia", NULL);
  gboolean suspend_enabled;
  gboolean resume_enabled;
  gboolean hibernate_enabled;

  if (!g_file_test (module, G_FILE_TEST_IS_DIR))
    return;

  suspend_enabled = unit_enabled (root_directory, "nvidia-suspend.service");
  resume_enabled = unit_enabled (root_directory, "nvidia-resume.service");
  hibernate_enabled = unit_enabled (root_directory, "nvidia-hibernate.service");

  if (!suspend_enabled || !resume_enabled)
    g_ptr_array_add (readiness->suspend_warnings,
                     g_strdup (_("NVIDIA’s driver needs its nvidia-suspend and nvidia-resume "
                                 "services, which are not enabled, so the screen may stay black "
                                 "after a suspend: run “sudo systemctl enable nvidia-suspend.service "
                                 "nvidia-resume.service”.")));
  if (!hibernate_enabled || !resume_enabled)
    g_ptr_array_add (readiness->hibernate_warnings,
                     g_strdup (_("NVIDIA’s driver needs its nvidia-hibernate and nvidia-resume "
                                 "services, which are not enabled, so the screen may stay black "
                                 "after hibernation: run “sudo systemctl enable "
                                 "nvidia-hibernate.service nvidia-resume.service”.")));

  if (!nvidia_preserves_memory (root_directory))
    {
      const char *warning =
        _("NVIDIA’s driver does not keep the video memory over a sleep "
          "(NVreg_PreserveVideoMemoryAllocations=1 is not set), so the desktop may come back "
          "broken: add “options nvidia NVreg_PreserveVideoMemoryAllocations=1” to a file in "
          "/etc/modprobe.d, regenerate the initramfs and restart.");

      g_ptr_array_add (readiness->suspend_warnings, g_strdup (warning));
      g_ptr_array_add (readiness->hibernate_warnings, g_strdup (warning));
    }
}

static void
add_host_warnings (GVariant   *power,
                   const char *key,
                   GPtrArray  *warnings)
{
  g_autofree const char **values = NULL;

  if (!g_variant_lookup (power, key, "^a&s", &values))
    return;
  for (guint i = 0; values[i] != NULL; i++)
    g_ptr_array_add (warnings, g_strdup (values[i]));
}

static void
take_host_facts (Readiness    *readiness,
                 GCancellable *cancellable)
{
  g_autoptr(GVariant) facts = plug_host_facts_fetch_sync (cancellable);
  g_autoptr(GVariant) power = facts != NULL ? plug_host_facts_get_power (facts) : NULL;

  if (power == NULL)
    {
      readiness->hidden_by_sandbox = TRUE;
      return;
    }

  readiness->from_host = TRUE;
  g_variant_lookup (power, "can_suspend", "b", &readiness->can_suspend);
  g_variant_lookup (power, "suspend_mode", "s", &readiness->suspend_mode);
  g_variant_lookup (power, "suspend_reason", "s", &readiness->suspend_reason);
  add_host_warnings (power, "suspend_warnings", readiness->suspend_warnings);
  g_variant_lookup (power, "can_hibernate", "b", &readiness->can_hibernate);
  g_variant_lookup (power, "hibernate_reason", "s", &readiness->hibernate_reason);
  add_host_warnings (power, "hibernate_warnings", readiness->hibernate_warnings);
}

static void
read_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  const char *root_directory = task_data;
  g_autoptr(Readiness) readiness = readiness_new ();
  g_autofree char *state = NULL;

  /* The sandbox has no /sys/power, nor the host's /etc: the host's
   * plugboard-helper tells, or nothing is known. */
  if (plug_sandbox_is_flatpak ())
    {
      take_host_facts (readiness, cancellable);
      g_task_return_pointer (task, g_steal_pointer (&readiness), (GDestroyNotify) readiness_free);
      return;
    }

  state = read_file (root_directory, "sys/power/state");

  read_suspend (root_directory, state, readiness);
  read_hibernate (root_directory, state, readiness);
  if (readiness->can_suspend)
    read_suspend_stats (root_directory, readiness);
  read_nvidia (root_directory, readiness);

  g_task_return_pointer (task, g_steal_pointer (&readiness), (GDestroyNotify) readiness_free);
}

static GStrv
steal_strv (GPtrArray *array)
{
  g_ptr_array_add (array, NULL);

  return (GStrv) g_ptr_array_steal (array, NULL);
}

static void
return_readiness (GTask     *task,
                  Readiness *readiness)
{
  PlugPower *self = g_task_get_source_object (task);

  self->hidden_by_sandbox = readiness->hidden_by_sandbox;
  self->can_suspend = readiness->can_suspend;
  g_free (self->suspend_mode);
  self->suspend_mode = g_steal_pointer (&readiness->suspend_mode);
  g_free (self->suspend_reason);
  self->suspend_reason = g_steal_pointer (&readiness->suspend_reason);
  self->can_hibernate = readiness->can_hibernate;
  g_free (self->hibernate_reason);
  self->hibernate_reason = g_steal_pointer (&readiness->hibernate_reason);
  g_strfreev (self->suspend_warnings);
  self->suspend_warnings = steal_strv (readiness->suspend_warnings);
  g_strfreev (self->hibernate_warnings);
  self->hibernate_warnings = steal_strv (readiness->hibernate_warnings);

  g_task_return_boolean (task, TRUE);
}

/* logind is asked, one call after the other: CanSuspend (when the kernel
 * allows suspend), CanHibernate (when it allows hibernation), then
 * ListInhibitors. */
typedef enum
{
  ASK_CAN_SUSPEND,
  ASK_CAN_HIBERNATE,
  ASK_INHIBITORS,
  ASK_DONE,
} AskStep;

typedef struct
{
  Readiness       *readiness;
  GDBusConnection *system_bus;
  AskStep          step;
} Asking;

static void
asking_free (Asking *asking)
{
  readiness_free (asking->readiness);
  g_clear_object (&asking->system_bus);
  g_free (asking);
}

/* Takes @task's reference. */
static void ask_next (GTask *task);

static void
apply_can_suspend (Readiness  *readiness,
                   const char *answer)
{
  g_debug ("logind CanSuspend: %s", answer);
  if (g_str_equal (answer, "na") || g_str_equal (answer, "no"))
    {
      readiness->can_suspend = FALSE;
      g_clear_pointer (&readiness->suspend_mode, g_free);
      readiness->suspend_reason =
        g_strdup (_("The login manager (systemd-logind) does not offer suspend on this "
                    "system: it may be turned off with AllowSuspend=no in systemd’s "
                    "sleep.conf, or logind’s own checks may have failed."));
    }
}

static void
apply_can_hibernate (Readiness  *readiness,
                     const char *answer)
{
  g_debug ("logind CanHibernate: %s", answer);
  if (g_str_equal (answer, "na") || g_str_equal (answer, "no"))
    {
      readiness->can_hibernate = FALSE;
      readiness->hibernate_reason =
        g_strdup (_("The login manager (systemd-logind) does not offer hibernation on this "
                    "system: it may be turned off with AllowHibernation=no in systemd’s "
                    "sleep.conf, or logind’s own checks may have failed."));
    }
}

/* Inhibitors in "block" mode whose "what" (a colon-separated list) names
 * "sleep" stop both suspend and hibernation until they are released. */
static void
apply_inhibitors (Readiness *readiness,
                  GVariant  *reply)
{
  g_autoptr(GVariantIter) iter = NULL;
  const char *what;
  const char *who;
  const char *why;
  const char *mode;

  g_variant_get (reply, "(a(ssssuu))", &iter);
  while (g_variant_iter_next (iter, "(&s&s&s&suu)", &what, &who, &why, &mode, NULL, NULL))
    {
      g_auto(GStrv) whats = g_strsplit (what, ":", -1);

      if (!g_str_equal (mode, "block") || !g_strv_contains ((const char * const *) whats, "sleep"))
        continue;

      g_debug ("logind inhibitor: %s blocks %s: %s", who, what, why);
      if (readiness->can_suspend)
        g_ptr_array_add (readiness->suspend_warnings,
                         /* Translators: an application (such as “Steam”), and its own words
                          * for why it blocks suspend */
                         g_strdup_printf (_("%s is blocking suspend: %s"), who, why));
      if (readiness->can_hibernate)
        g_ptr_array_add (readiness->hibernate_warnings,
                         /* Translators: an application (such as “Steam”), and its own words
                          * for why it blocks hibernation */
                         g_strdup_printf (_("%s is blocking hibernation: %s"), who, why));
    }
}

static void
logind_call_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Asking *asking = g_task_get_task_data (task);
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (reply == NULL)
    {
      /* No logind (the name has no owner), or no answer from it: the
       * kernel's answer stands, and there is nothing more to ask. */
      g_debug ("logind did not answer: %s", error->message);
      asking->step = ASK_DONE;
      ask_next (g_steal_pointer (&task));
      return;
    }

  if (asking->step == ASK_CAN_SUSPEND || asking->step == ASK_CAN_HIBERNATE)
    {
      const char *answer;

      g_variant_get (reply, "(&s)", &answer);
      if (asking->step == ASK_CAN_SUSPEND)
        apply_can_suspend (asking->readiness, answer);
      else
        apply_can_hibernate (asking->readiness, answer);
    }
  else
    apply_inhibitors (asking->readiness, reply);

  asking->step++;
  ask_next (g_steal_pointer (&task));
}

static void
ask_next (GTask *task)
{
  Asking *asking = g_task_get_task_data (task);
  const char *method;
  const GVariantType *reply_type;

  if (asking->step == ASK_CAN_SUSPEND && !asking->readiness->can_suspend)
    asking->step++;
  if (asking->step == ASK_CAN_HIBERNATE && !asking->readiness->can_hibernate)
    asking->step++;

  switch (asking->step)
    {
    case ASK_CAN_SUSPEND:
      method = "CanSuspend";
      reply_type = G_VARIANT_TYPE ("(s)");
      break;
    case ASK_CAN_HIBERNATE:
      method = "CanHibernate";
      reply_type = G_VARIANT_TYPE ("(s)");
      break;
    case ASK_INHIBITORS:
      method = "ListInhibitors";
      reply_type = G_VARIANT_TYPE ("(a(ssssuu))");
      break;
    case ASK_DONE:
    default:
      return_readiness (task, asking->readiness);
      g_object_unref (task);
      return;
    }

  /* Without auto-start, a name without an owner fails at once. */
  g_dbus_connection_call (asking->system_bus, LOGIND_BUS_NAME, LOGIND_OBJECT_PATH,
                          LOGIND_MANAGER_INTERFACE, method, NULL, reply_type,
                          G_DBUS_CALL_FLAGS_NO_AUTO_START, LOGIND_TIMEOUT_MSEC,
                          g_task_get_cancellable (task), logind_call_cb, task);
}

static void
system_bus_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Asking *asking = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;

  asking->system_bus = g_bus_get_finish (result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (asking->system_bus == NULL)
    {
      g_debug ("No system bus to ask logind on: %s", error->message);
      return_readiness (task, asking->readiness);
      return;
    }

  ask_next (g_steal_pointer (&task));
}

static void
read_thread_done_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GCancellable *cancellable = g_task_get_cancellable (task);
  Readiness *readiness = NULL;
  Asking *asking;
  g_autoptr(GError) error = NULL;

  readiness = g_task_propagate_pointer (G_TASK (result), &error);
  if (readiness == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* The host's plugboard-helper asked logind already; the sandbox may
   * not talk to it. */
  if (readiness->from_host || readiness->hidden_by_sandbox)
    {
      return_readiness (task, readiness);
      readiness_free (readiness);
      return;
    }

  /* logind's answers come after the kernel's files: where those forbid
   * suspend or hibernation, they name the more fundamental cause, and
   * logind is not asked about it. */
  asking = g_new0 (Asking, 1);
  asking->readiness = readiness;
  asking->step = ASK_CAN_SUSPEND;
  g_task_set_task_data (task, asking, (GDestroyNotify) asking_free);
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

/**
 * plug_power_get_suspend_warnings:
 *
 * Returns: (transfer none): what may still break suspend, in sentences
 *   (failed suspends, inhibitors, a driver's missing settings); empty
 *   when nothing is known to
 */
const char * const *
plug_power_get_suspend_warnings (PlugPower *self)
{
  g_return_val_if_fail (PLUG_IS_POWER (self), NULL);

  return (const char * const *) self->suspend_warnings;
}

/**
 * plug_power_get_hibernate_warnings:
 *
 * Returns: (transfer none): what may still break hibernation, in
 *   sentences; empty when nothing is known to
 */
const char * const *
plug_power_get_hibernate_warnings (PlugPower *self)
{
  g_return_val_if_fail (PLUG_IS_POWER (self), NULL);

  return (const char * const *) self->hibernate_warnings;
}

/**
 * plug_power_is_hidden_by_sandbox:
 *
 * Returns: %TRUE inside a Flatpak sandbox where plugboard-helper did not
 *   tell the host's facts: whether the machine can suspend or hibernate
 *   is then not known (the other getters say no, with no reason)
 */
gboolean
plug_power_is_hidden_by_sandbox (PlugPower *self)
{
  g_return_val_if_fail (PLUG_IS_POWER (self), FALSE);

  return self->hidden_by_sandbox;
}
