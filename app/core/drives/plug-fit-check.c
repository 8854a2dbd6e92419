/* plug-fit-check.c: Whether files and folders would fit on a volume
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>

#include <glib/gi18n-lib.h>

#include "plug-drive-error.h"
#include "plug-filesystem-type.h"
#include "plug-fit-check.h"
#include "plug-keep-files-operation.h"

/*
 * "Will it fit?": what the user means to copy onto a volume, read before
 * they copy it, against what the volume's filesystem can hold (the
 * largest file, the names it stores, symbolic links, names that differ
 * only in case where the filesystem does not tell them apart) and against
 * its free space, counted in the filesystem's own allocation unit. When
 * something cannot go on as it is, another filesystem that takes all of
 * it is suggested, for a reformat that keeps the files already there.
 *
 * The same rules as keeping the files across a reformat
 * (plug-keep-files-operation.c): what one says will fit, the other
 * carries.
 */

typedef enum {
  ENTRY_FILE,
  ENTRY_FOLDER,
  ENTRY_LINK,
  ENTRY_SPECIAL,
} EntryKind;

typedef struct
{
  char      *display;
  char      *name;
  guint      folder;    /* which folder it is in: 0 for the volume's top */
  EntryKind  kind;
  guint64    size;
} Entry;

struct _PlugFitReport
{
  char      *filesystem;
  guint      n_files;
  guint      n_folders;
  guint64    total_bytes;
  guint64    needed_bytes;
  gboolean   free_known;
  guint64    free_bytes;
  GPtrArray *too_large;
  GPtrArray *bad_names;
  GPtrArray *not_carried;
  char      *suggested_filesystem;
};

typedef struct
{
  char          *filesystem;
  char          *mount_point;
  guint64        volume_size;
  char         **paths;
} CheckData;

/* Filesystems a reformat could turn the volume into, in the order they
 * are suggested: the one every system reads first. */
static const char * const candidates[] = { "exfat", "ntfs", "ext4" };

static void
entry_free (Entry *entry)
{
  g_free (entry->display);
  g_free (entry->name);
  g_free (entry);
}

static void
problem_free (PlugFitProblem *problem)
{
  g_free (problem->path);
  g_free (problem->reason);
  g_free (problem);
}

static void
add_problem (GPtrArray  *problems,
             const char *path,
             guint64     size,
             char       *reason)
{
  PlugFitProblem *problem = g_new0 (PlugFitProblem, 1);

  problem->path = g_strdup (path);
  problem->size = size;
  problem->reason = reason;
  g_ptr_array_add (problems, problem);
}

static void
check_data_free (CheckData *data)
{
  g_free (data->filesystem);
  g_free (data->mount_point);
  g_strfreev (data->paths);
  g_free (data);
}

static guint64
round_up (guint64 size,
          guint64 unit)
{
  return unit == 0 ? size : (size + unit - 1) / unit * unit;
}

static gboolean
is_fat_like (const char *filesystem)
{
  return g_strcmp0 (filesystem, "vfat") == 0 || g_strcmp0 (filesystem, "exfat") == 0;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* --- reading what is to be copied --------------------------------------- */

typedef struct
{
  GPtrArray *entries;
  guint      n_folder_ids;
} Scan;

static gboolean
scan_path (Scan          *scan,
           const char    *path,
           const char    *name,
           guint          folder,
           GCancellable  *cancellable,
           GError       **error)
{
  struct stat st;
  Entry *entry;

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  if (lstat (path, &st) != 0)
    {
      int saved_errno = errno;
      g_autofree char *display = g_filename_display_name (path);

      *error = plug_drive_error_from_errno (saved_errno, _("Could not read %s"), display);
      return FALSE;
    }

  entry = g_new0 (Entry, 1);
  entry->display = g_filename_display_name (path);
  entry->name = g_strdup (name);
  entry->folder = folder;
  if (S_ISREG (st.st_mode))
    {
      entry->kind = ENTRY_FILE;
      entry->size = st.st_size;
    }
  else if (S_ISDIR (st.st_mode))
    entry->kind = ENTRY_FOLDER;
  else if (S_ISLNK (st.st_mode))
    entry->kind = ENTRY_LINK;
  else
    entry->kind = ENTRY_SPECIAL;
  g_ptr_array_add (scan->entries, entry);

  if (entry->kind == ENTRY_FOLDER)
    {
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GDir) dir = NULL;
      GError *dir_error = NULL;
      const char *child;
      guint id = ++scan->n_folder_ids;

      dir = g_dir_open (path, 0, &dir_error);
      if (dir == NULL)
        {
          g_autofree char *display = g_filename_display_name (path);

          *error = g_error_new (G_IO_ERROR, dir_error->code,
                                /* Translators: a folder, then why */
                                _("Could not read the folder %s: %s"), display, dir_error->message);
          g_error_free (dir_error);
          return FALSE;
        }

      while ((child = g_dir_read_name (dir)) != NULL)
        g_ptr_array_add (names, g_strdup (child));
      /* The same order every time, so that reports can be compared. */
      g_ptr_array_sort (names, compare_strings);

      for (guint i = 0; i < names->len; i++)
        {
          const char *child_name = g_ptr_array_index (names, i);
          g_autofree char *child_path = g_build_filename (path, child_name, NULL);

          if (!scan_path (scan, child_path, child_name, id, cancellable, error))
            return FALSE;
        }
    }

  return TRUE;
}

/* --- what a filesystem makes of it ---------------------------------------- */

/* Looks at every entry as @filesystem would hold it. Fills @report's
 * lists when given; returns whether the filesystem takes everything, and
 * in @needed what it takes, counted in @cluster units. */
static gboolean
evaluate (GPtrArray     *entries,
          const char    *filesystem,
          guint64        cluster,
          PlugFitReport *report,
          guint64       *needed)
{
  g_autoptr(GHashTable) folded_names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint64 max_size = plug_filesystem_type_get_max_file_size (filesystem);
  gboolean takes_links = plug_filesystem_type_can_carry_links (filesystem);
  gboolean all = TRUE;

  *needed = 0;

  for (guint i = 0; i < entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (entries, i);
      g_autofree char *name_problem = NULL;

      if (entry->kind == ENTRY_SPECIAL)
        {
          all = FALSE;
          if (report != NULL)
            add_problem (report->not_carried, entry->display, 0,
                         g_strdup (_("a special file, such as a pipe or a device, which is not copied")));
          continue;
        }
      if (entry->kind == ENTRY_LINK && !takes_links)
        {
          all = FALSE;
          if (report != NULL)
            add_problem (report->not_carried, entry->display, 0,
                         g_strdup (_("a symbolic link, which this filesystem cannot hold")));
          continue;
        }

      name_problem = plug_keep_files_check_name (filesystem, entry->name);
      if (name_problem != NULL)
        {
          all = FALSE;
          if (report != NULL)
            add_problem (report->bad_names, entry->display, 0, g_steal_pointer (&name_problem));
        }
      else if (is_fat_like (filesystem))
        {
          g_autofree char *folded = g_utf8_casefold (entry->name, -1);
          char *key = g_strdup_printf ("%u/%s", entry->folder, folded);

          if (g_hash_table_contains (folded_names, key))
            {
              all = FALSE;
              if (report != NULL)
                add_problem (report->bad_names, entry->display, 0,
                             g_strdup (_("another name in its folder differs only in upper and lower "
                                         "case, which FAT and exFAT do not tell apart")));
              g_free (key);
            }
          else
            {
              g_hash_table_add (folded_names, key);
            }
        }

      if (entry->kind == ENTRY_FILE)
        {
          if (max_size != 0 && entry->size > max_size)
            {
              all = FALSE;
              if (report != NULL)
                {
                  g_autofree char *max_text = g_format_size (max_size);

                  add_problem (report->too_large, entry->display, entry->size,
                               /* Translators: a size, such as 4.3 GB */
                               g_strdup_printf (_("larger than the %s a file can be on this filesystem"),
                                                max_text));
                }
            }
          *needed += round_up (entry->size, cluster);
        }
      else if (entry->kind == ENTRY_FOLDER)
        {
          /* A folder takes at least one allocation unit. */
          *needed += cluster;
        }
    }

  return all;
}

static void
check_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  CheckData *data = task_data;
  g_autoptr(PlugFitReport) report = NULL;
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  Scan scan = { entries, 0 };
  GError *error = NULL;
  guint64 cluster = 0;
  guint64 used = 0;
  gboolean used_known = FALSE;
  gboolean takes_all;

  report = g_new0 (PlugFitReport, 1);
  report->filesystem = g_strdup (data->filesystem);
  report->too_large = g_ptr_array_new_with_free_func ((GDestroyNotify) problem_free);
  report->bad_names = g_ptr_array_new_with_free_func ((GDestroyNotify) problem_free);
  report->not_carried = g_ptr_array_new_with_free_func ((GDestroyNotify) problem_free);

  /* The volume's own figures when it is mounted: its free space, and
   * the unit it allocates (a FAT cluster, an ext4 block). */
  if (data->mount_point != NULL)
    {
      struct statvfs vfs;

      if (statvfs (data->mount_point, &vfs) == 0)
        {
          cluster = vfs.f_frsize;
          report->free_known = TRUE;
          report->free_bytes = (guint64) vfs.f_bavail * vfs.f_frsize;
          used = (guint64) (vfs.f_blocks - vfs.f_bfree) * vfs.f_frsize;
          used_known = TRUE;
        }
    }
  if (cluster == 0)
    plug_filesystem_type_estimate_capacity (data->filesystem, data->volume_size, &cluster);

  for (guint i = 0; data->paths[i] != NULL; i++)
    {
      g_autofree char *name = g_path_get_basename (data->paths[i]);

      if (!scan_path (&scan, data->paths[i], name, 0, cancellable, &error))
        {
          g_task_return_error (task, error);
          return;
        }
    }

  for (guint i = 0; i < entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (entries, i);

      if (entry->kind == ENTRY_FILE)
        {
          report->n_files++;
          report->total_bytes += entry->size;
        }
      else if (entry->kind == ENTRY_FOLDER)
        {
          report->n_folders++;
        }
    }

  takes_all = evaluate (entries, data->filesystem, cluster, report, &report->needed_bytes);

  /* Another filesystem helps only when this one cannot hold something,
   * and only one that holds everything, with the files already there. */
  for (guint i = 0; !takes_all && i < G_N_ELEMENTS (candidates); i++)
    {
      guint64 candidate_cluster = 0;
      guint64 capacity;
      guint64 needed;

      if (g_strcmp0 (candidates[i], data->filesystem) == 0)
        continue;

      capacity = plug_filesystem_type_estimate_capacity (candidates[i], data->volume_size, &candidate_cluster);
      if (!evaluate (entries, candidates[i], candidate_cluster, NULL, &needed))
        continue;
      if (needed + (used_known ? used : 0) > capacity)
        continue;

      report->suggested_filesystem = g_strdup (candidates[i]);
      break;
    }

  g_task_return_pointer (task, g_steal_pointer (&report), (GDestroyNotify) plug_fit_report_free);
}

/**
 * plug_fit_check_async:
 * @filesystem: the volume's filesystem, as udisks names it
 * @mount_point: (nullable): where it is mounted, for its free space;
 *   %NULL when it is not mounted, and the free space is not known
 * @volume_size: the volume's size, for what another filesystem would hold
 * @paths: the files and folders to copy onto its top folder
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when done
 * @user_data: for @callback
 *
 * Reads @paths, and everything in them, in a thread.
 */
void
plug_fit_check_async (const char          *filesystem,
                      const char          *mount_point,
                      guint64              volume_size,
                      const char * const  *paths,
                      GCancellable        *cancellable,
                      GAsyncReadyCallback  callback,
                      gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  CheckData *data;

  g_return_if_fail (filesystem != NULL);
  g_return_if_fail (paths != NULL);

  data = g_new0 (CheckData, 1);
  data->filesystem = g_strdup (filesystem);
  data->mount_point = g_strdup (mount_point);
  data->volume_size = volume_size;
  data->paths = g_strdupv ((char **) paths);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_fit_check_async);
  g_task_set_name (task, "[plugboard] will it fit");
  g_task_set_task_data (task, data, (GDestroyNotify) check_data_free);
  g_task_run_in_thread (task, check_thread);
}

/**
 * plug_fit_check_finish:
 * @result: the result given to the callback
 * @error: return location for an error: a file that could not be read
 *
 * Returns: (transfer full) (nullable): the report
 */
PlugFitReport *
plug_fit_check_finish (GAsyncResult  *result,
                       GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

void
plug_fit_report_free (PlugFitReport *self)
{
  if (self == NULL)
    return;

  g_free (self->filesystem);
  g_clear_pointer (&self->too_large, g_ptr_array_unref);
  g_clear_pointer (&self->bad_names, g_ptr_array_unref);
  g_clear_pointer (&self->not_carried, g_ptr_array_unref);
  g_free (self->suggested_filesystem);
  g_free (self);
}

const char *
plug_fit_report_get_filesystem (const PlugFitReport *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->filesystem;
}

guint
plug_fit_report_get_n_files (const PlugFitReport *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_files;
}

guint
plug_fit_report_get_n_folders (const PlugFitReport *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_folders;
}

/* The sum of the files' sizes. */
guint64
plug_fit_report_get_total_bytes (const PlugFitReport *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->total_bytes;
}

/* What they take on the volume: each file rounded up to the allocation
 * unit, and a unit for each folder. */
guint64
plug_fit_report_get_needed_bytes (const PlugFitReport *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->needed_bytes;
}

/**
 * plug_fit_report_get_free_bytes:
 * @free_bytes: (out): the free space, for the user, when known
 *
 * Returns: whether the free space is known: only for a mounted volume
 */
gboolean
plug_fit_report_get_free_bytes (const PlugFitReport *self,
                                guint64             *free_bytes)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (free_bytes != NULL)
    *free_bytes = self->free_bytes;

  return self->free_known;
}

/* Returns: (transfer none) (element-type PlugFitProblem): files larger
 * than the filesystem's largest */
GPtrArray *
plug_fit_report_get_too_large (const PlugFitReport *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->too_large;
}

/* Returns: (transfer none) (element-type PlugFitProblem): names the
 * filesystem cannot store */
GPtrArray *
plug_fit_report_get_bad_names (const PlugFitReport *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->bad_names;
}

/* Returns: (transfer none) (element-type PlugFitProblem): what would not
 * be copied at all: links on a filesystem without them, special files */
GPtrArray *
plug_fit_report_get_not_carried (const PlugFitReport *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->not_carried;
}

/**
 * plug_fit_report_get_fits:
 *
 * Returns: whether everything can be copied as it is, and there is room
 *   for it; %FALSE when the free space is not known
 */
gboolean
plug_fit_report_get_fits (const PlugFitReport *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return (self->too_large->len == 0 && self->bad_names->len == 0 && self->not_carried->len == 0 &&
          self->free_known && self->needed_bytes <= self->free_bytes);
}

/**
 * plug_fit_report_get_suggested_filesystem:
 *
 * Returns: (nullable): a filesystem, as udisks names it, that would hold
 *   everything, with the files already on the volume, if it were
 *   reformatted keeping them; %NULL when the volume's own filesystem
 *   takes it all, or none would
 */
const char *
plug_fit_report_get_suggested_filesystem (const PlugFitReport *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->suggested_filesystem;
}
