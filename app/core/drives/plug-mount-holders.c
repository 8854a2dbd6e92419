/* plug-mount-holders.c: Which of the user's programs keep a volume busy
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "plug-mount-holders.h"

/*
 * When udisks cannot unmount a volume because it is in use, the kernel
 * does not say by whom. /proc does, for the processes one may look into:
 * the user's own (and, inside a sandbox, the sandbox's), which are the
 * ones the user can close. A process holds a mount when its working
 * folder or root is on it, a file descriptor points there, or a file
 * there is mapped into its memory. Nothing here needs a privilege.
 */

/* At most this many programs are named; the rest are counted. */
#define MAX_NAMED 4

typedef enum
{
  HOLD_NONE,
  HOLD_FILE,   /* an open or mapped file */
  HOLD_FOLDER, /* its working folder, or its root */
} Hold;

typedef struct
{
  int   pid;
  char *name;
  Hold  hold;
} Holder;

static void
holder_free (Holder *holder)
{
  g_free (holder->name);
  g_free (holder);
}

static gboolean
is_on (const char         *path,
       const char * const *mount_points)
{
  if (path == NULL)
    return FALSE;

  for (guint i = 0; mount_points[i] != NULL; i++)
    {
      gsize length = strlen (mount_points[i]);

      if (strncmp (path, mount_points[i], length) == 0 && (path[length] == '\0' || path[length] == '/'))
        return TRUE;
    }

  return FALSE;
}

static gboolean
link_is_on (const char         *path,
            const char * const *mount_points)
{
  g_autofree char *target = g_file_read_link (path, NULL);

  return is_on (target, mount_points);
}

static gboolean
has_open_file_on (const char         *process,
                  const char * const *mount_points)
{
  g_autofree char *fd_path = g_build_filename (process, "fd", NULL);
  g_autoptr(GDir) fds = g_dir_open (fd_path, 0, NULL);
  const char *name;

  while (fds != NULL && (name = g_dir_read_name (fds)) != NULL)
    {
      g_autofree char *path = g_build_filename (fd_path, name, NULL);

      if (link_is_on (path, mount_points))
        return TRUE;
    }

  return FALSE;
}

/* /proc/PID/maps: "ADDRESS PERMS OFFSET DEVICE INODE   PATH", the path
 * after the fifth field, " (deleted)" after it for a removed file. */
static gboolean
has_mapped_file_on (const char         *process,
                    const char * const *mount_points)
{
  g_autofree char *maps_path = g_build_filename (process, "maps", NULL);
  g_autofree char *maps = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents (maps_path, &maps, NULL, NULL))
    return FALSE;

  lines = g_strsplit (maps, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *field = lines[i];

      for (guint n = 0; n < 5 && field != NULL; n++)
        {
          field = strchr (field, ' ');
          if (field != NULL)
            while (*field == ' ')
              field++;
        }
      if (field != NULL && *field == '/' && is_on (field, mount_points))
        return TRUE;
    }

  return FALSE;
}

static char *
read_name (const char *process)
{
  g_autofree char *comm_path = g_build_filename (process, "comm", NULL);
  g_autofree char *comm = NULL;

  if (!g_file_get_contents (comm_path, &comm, NULL, NULL))
    return NULL;

  return g_strdup (g_strstrip (comm));
}

static GPtrArray *
find_holders (const char * const *mount_points)
{
  g_autoptr(GPtrArray) holders = g_ptr_array_new_with_free_func ((GDestroyNotify) holder_free);
  g_autoptr(GDir) processes = g_dir_open ("/proc", 0, NULL);
  const char *name;

  while (processes != NULL && (name = g_dir_read_name (processes)) != NULL)
    {
      g_autofree char *process = NULL;
      g_autofree char *cwd = NULL;
      g_autofree char *root = NULL;
      Holder *holder;
      Hold hold = HOLD_NONE;
      char *end;
      long pid = strtol (name, &end, 10);

      if (end == name || *end != '\0' || pid <= 0)
        continue;

      process = g_build_filename ("/proc", name, NULL);
      cwd = g_build_filename (process, "cwd", NULL);
      root = g_build_filename (process, "root", NULL);
      if (link_is_on (cwd, mount_points) || link_is_on (root, mount_points))
        hold = HOLD_FOLDER;
      if (hold == HOLD_NONE && (has_open_file_on (process, mount_points) ||
                                has_mapped_file_on (process, mount_points)))
        hold = HOLD_FILE;
      if (hold == HOLD_NONE)
        continue;

      holder = g_new0 (Holder, 1);
      holder->pid = (int) pid;
      holder->name = read_name (process);
      holder->hold = hold;
      if (holder->name == NULL)
        holder->name = g_strdup (name);
      g_ptr_array_add (holders, holder);
    }

  return g_steal_pointer (&holders);
}

static gboolean
is_shell (const char *name)
{
  static const char * const shells[] = { "bash", "sh", "dash", "zsh", "fish", "ksh", "tcsh", "csh", NULL };

  return g_strv_contains (shells, name);
}

static char *
describe_holder (const Holder *holder)
{
  if (holder->hold == HOLD_FOLDER && is_shell (holder->name))
    /* Translators: a shell, such as “bash”, and its process id */
    return g_strdup_printf (_("a terminal is inside it (%s, process %d)"), holder->name, holder->pid);
  if (g_str_equal (holder->name, "nautilus"))
    /* Translators: %d is a process id */
    return g_strdup_printf (_("Files has a window open on it (process %d)"), holder->pid);
  if (holder->hold == HOLD_FOLDER)
    /* Translators: a program's name, such as “vim”, and its process id */
    return g_strdup_printf (_("%s is working in a folder on it (process %d)"), holder->name, holder->pid);

  /* Translators: a program's name, such as “vim”, and its process id */
  return g_strdup_printf (_("%s has a file on it open (process %d)"), holder->name, holder->pid);
}

static int
compare_holders (gconstpointer a,
                 gconstpointer b)
{
  const Holder *holder_a = *(const Holder * const *) a;
  const Holder *holder_b = *(const Holder * const *) b;

  return holder_a->pid - holder_b->pid;
}

/**
 * plug_mount_holders_describe:
 * @mount_points: where the volume is mounted
 *
 * Reads /proc: which processes one may look into have their working
 * folder, an open file or a mapped file on the volume. Blocks on /proc;
 * plug_mount_holders_describe_async() reads it in a thread.
 *
 * Returns: (transfer full) (nullable): who, in words, such as “a
 *   terminal is inside it (bash, process 4242); vim has a file on it open
 *   (process 4243)”; %NULL when none of them is
 */
char *
plug_mount_holders_describe (const char * const *mount_points)
{
  g_autoptr(GPtrArray) holders = NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  g_return_val_if_fail (mount_points != NULL, NULL);

  if (mount_points[0] == NULL)
    return NULL;

  holders = find_holders (mount_points);
  if (holders->len == 0)
    return NULL;

  g_ptr_array_sort (holders, compare_holders);
  for (guint i = 0; i < holders->len && i < MAX_NAMED; i++)
    {
      g_autofree char *sentence = describe_holder (g_ptr_array_index (holders, i));

      if (text->len > 0)
        g_string_append (text, "; ");
      g_string_append (text, sentence);
    }
  if (holders->len > MAX_NAMED)
    {
      guint more = holders->len - MAX_NAMED;

      g_string_append (text, "; ");
      /* Translators: how many more programs keep the volume busy */
      g_string_append_printf (text, ngettext ("and %u other program", "and %u other programs", more), more);
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
describe_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  g_task_return_pointer (task, plug_mount_holders_describe (task_data), g_free);
}

/**
 * plug_mount_holders_describe_async:
 * @mount_points: where the volume is mounted
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the description
 * @user_data: for @callback
 *
 * plug_mount_holders_describe(), in a worker thread.
 */
void
plug_mount_holders_describe_async (const char * const  *mount_points,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (mount_points != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_mount_holders_describe_async);
  g_task_set_task_data (task, g_strdupv ((char **) mount_points), (GDestroyNotify) g_strfreev);
  g_task_run_in_thread (task, describe_thread);
}

/**
 * plug_mount_holders_describe_finish:
 *
 * Returns: (transfer full) (nullable): see plug_mount_holders_describe()
 */
char *
plug_mount_holders_describe_finish (GAsyncResult  *result,
                                    GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
