/* plug-kept-copy.c: Copies of a drive's files kept on this computer
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"
#define _GNU_SOURCE

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "plug-drive-error.h"
#include "plug-kept-copy.h"

/*
 * Reformatting a volume while keeping its files copies them to
 * $XDG_DATA_HOME/plugboard/kept-files/NAME/ first. If the app or the
 * computer stops after the wipe and before the files are back and
 * verified, that folder is the user's only copy, so it must be found
 * again and never mistaken for a partial one. Each copy is three things,
 * made in this order and removed in the reverse one:
 *
 *   NAME.info     what it is a copy of (written first, before any file)
 *   NAME/         the files
 *   NAME.sha256   their checksums, in sha256sum's format (written last)
 *
 * A copy with its checksums is whole; one without is unfinished, and
 * since the checksums are written before the drive is touched, an
 * unfinished copy is never the only one: it is removed when the copies
 * are listed. A run that uses a copy (being made, restored or deleted)
 * holds an exclusive flock() on NAME.info for as long as it does, so a
 * listing neither removes a copy being made nor offers one being used.
 * A listing only looks: it holds a shared lock for the moment it reads
 * NAME.info, so two listings (the app's and plugboardctl's) never take
 * each other for a run, and a restore or delete that starts while one
 * looks waits the moment out instead of calling the copy in use.
 * The window between creating NAME.info and locking it is closed by a
 * lock on the base folder itself: exclusive while a copy is begun,
 * shared while the copies are listed.
 */

#define INFO_GROUP "Kept Copy"
#define COPY_BUFFER_SIZE (1024 * 1024)
#define SPACE_MARGIN (G_GUINT64_CONSTANT (16) * 1024 * 1024)

struct _PlugKeptCopy
{
  GObject    parent_instance;

  char      *name;
  char      *path;
  char      *checksums_path;
  char      *info_path;
  char      *label;
  char      *device;
  char      *drive;
  char      *filesystem;
  char      *new_filesystem;
  GDateTime *created;
  guint      n_files;
  guint64    size;
  gboolean   in_use;
};

G_DEFINE_FINAL_TYPE (PlugKeptCopy, plug_kept_copy, G_TYPE_OBJECT)

static void
plug_kept_copy_finalize (GObject *object)
{
  PlugKeptCopy *self = PLUG_KEPT_COPY (object);

  g_free (self->name);
  g_free (self->path);
  g_free (self->checksums_path);
  g_free (self->info_path);
  g_free (self->label);
  g_free (self->device);
  g_free (self->drive);
  g_free (self->filesystem);
  g_free (self->new_filesystem);
  g_clear_pointer (&self->created, g_date_time_unref);

  G_OBJECT_CLASS (plug_kept_copy_parent_class)->finalize (object);
}

static void
plug_kept_copy_class_init (PlugKeptCopyClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = plug_kept_copy_finalize;
}

static void
plug_kept_copy_init (PlugKeptCopy *self)
{
}

/**
 * plug_kept_copy_dup_base_folder:
 *
 * Returns: where kept copies go, $XDG_DATA_HOME/plugboard/kept-files
 */
char *
plug_kept_copy_dup_base_folder (void)
{
  return g_build_filename (g_get_user_data_dir (), "plugboard", "kept-files", NULL);
}

/* Takes the base folder's own lock (flock on the folder); -1 on error. */
static int
lock_base (const char  *base_folder,
           int          operation,
           GError     **error)
{
  int fd = open (base_folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);

  if (fd < 0)
    {
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not open %s"), base_folder));
      return -1;
    }
  while (flock (fd, operation) != 0)
    {
      if (errno == EINTR)
        continue;
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not lock %s"), base_folder));
      close (fd);
      return -1;
    }
  return fd;
}

static char *
info_path_of (const char *copy_path)
{
  return g_strconcat (copy_path, ".info", NULL);
}

static char *
checksums_path_of (const char *copy_path)
{
  return g_strconcat (copy_path, ".sha256", NULL);
}

/**
 * plug_kept_copy_begin:
 * @base_folder: the kept-files folder, which holds @copy_path
 * @copy_path: the folder the copy will be made in (not there yet)
 * @info: what the copy is of
 *
 * Writes the copy's information file and locks it, before the copy's
 * folder is made. Blocks: call it from a worker thread.
 *
 * Returns: a file descriptor holding the copy's lock, to close once the
 *   copy is no longer used; -1 on error
 */
int
plug_kept_copy_begin (const char             *base_folder,
                      const char             *copy_path,
                      const PlugKeptCopyInfo *info,
                      GError                **error)
{
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *created = g_date_time_format_iso8601 (now);
  g_autofree char *info_path = info_path_of (copy_path);
  g_autofree char *data = NULL;
  gsize length = 0;
  gsize written = 0;
  int base_fd;
  int fd;

  if (g_mkdir_with_parents (base_folder, 0700) != 0)
    {
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not create the folder %s"), base_folder));
      return -1;
    }

  g_key_file_set_string (key_file, INFO_GROUP, "Label", info->label != NULL ? info->label : "");
  g_key_file_set_string (key_file, INFO_GROUP, "Device", info->device != NULL ? info->device : "");
  g_key_file_set_string (key_file, INFO_GROUP, "Drive", info->drive != NULL ? info->drive : "");
  g_key_file_set_string (key_file, INFO_GROUP, "Filesystem", info->filesystem != NULL ? info->filesystem : "");
  g_key_file_set_string (key_file, INFO_GROUP, "NewFilesystem",
                         info->new_filesystem != NULL ? info->new_filesystem : "");
  g_key_file_set_string (key_file, INFO_GROUP, "Created", created);
  g_key_file_set_uint64 (key_file, INFO_GROUP, "Files", info->n_files);
  g_key_file_set_uint64 (key_file, INFO_GROUP, "Size", info->size);
  data = g_key_file_to_data (key_file, &length, NULL);

  base_fd = lock_base (base_folder, LOCK_EX, error);
  if (base_fd < 0)
    return -1;

  fd = open (info_path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0)
    {
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not create %s"), info_path));
      close (base_fd);
      return -1;
    }
  if (flock (fd, LOCK_EX) != 0)
    {
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not lock %s"), info_path));
      goto fail;
    }
  while (written < length)
    {
      ssize_t n = write (fd, data + written, length - written);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not write %s"), info_path));
          goto fail;
        }
      written += n;
    }
  if (fsync (fd) != 0)
    {
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not write %s"), info_path));
      goto fail;
    }

  close (base_fd);
  return fd;

fail:
  g_unlink (info_path);
  close (fd);
  close (base_fd);
  return -1;
}

static gboolean
remove_tree (const char  *path,
             GError     **error)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;
  struct stat st;

  if (lstat (path, &st) != 0)
    {
      if (errno == ENOENT)
        return TRUE;
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not remove %s"), path));
      return FALSE;
    }

  if (S_ISDIR (st.st_mode))
    {
      /* The copy's folders are the user's; one made read-only on the
       * drive is read-only here too. */
      if ((st.st_mode & 0700) != 0700)
        g_chmod (path, (st.st_mode & 07777) | 0700);
      dir = g_dir_open (path, 0, error);
      if (dir == NULL)
        return FALSE;
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          if (!remove_tree (child, error))
            return FALSE;
        }
      if (g_rmdir (path) != 0)
        {
          g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not remove %s"), path));
          return FALSE;
        }
      return TRUE;
    }

  if (g_unlink (path) != 0)
    {
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not remove %s"), path));
      return FALSE;
    }
  return TRUE;
}

/**
 * plug_kept_copy_remove_files:
 * @copy_path: a copy's folder
 *
 * Removes a copy: its checksums first (so that a removal cut short leaves
 * an unfinished copy, which the next listing removes), then its files,
 * then its information file. The caller holds the copy's lock. Blocks.
 *
 * Returns: %TRUE when nothing of it is left
 */
gboolean
plug_kept_copy_remove_files (const char  *copy_path,
                             GError     **error)
{
  g_autofree char *checksums_path = checksums_path_of (copy_path);
  g_autofree char *info_path = info_path_of (copy_path);

  if (g_unlink (checksums_path) != 0 && errno != ENOENT)
    {
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not remove %s"), checksums_path));
      return FALSE;
    }
  if (!remove_tree (copy_path, error))
    return FALSE;
  if (g_unlink (info_path) != 0 && errno != ENOENT)
    {
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not remove %s"), info_path));
      return FALSE;
    }
  return TRUE;
}

/* Tries the copy's lock without waiting: the fd holding it, or -1 with
 * errno EWOULDBLOCK when a run holds it. Creates the information file
 * where a copy has none. Opened for reading: the lock is the file's,
 * whatever the mode, and closing it then tells no file monitor that the
 * file changed. */
static int
try_lock_copy (const char *copy_path,
               int         operation)
{
  g_autofree char *info_path = info_path_of (copy_path);
  int fd = open (info_path, O_RDONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  int saved_errno;

  if (fd < 0)
    return -1;
  while (flock (fd, operation | LOCK_NB) != 0)
    {
      if (errno == EINTR)
        continue;
      saved_errno = errno;
      close (fd);
      errno = saved_errno;
      return -1;
    }
  return fd;
}

/* How long a restore or delete waits for a listing to finish looking at
 * the copy: a listing holds its lock for the time it takes to read one
 * small file, and a run for the whole run. */
#define LISTING_WAIT_US (2 * G_USEC_PER_SEC)

/* The copy's lock for a restore or delete: waits out a listing that
 * looks at it right now, not a run that uses it. */
static int
lock_copy_for_use (const char *copy_path)
{
  gint64 deadline = g_get_monotonic_time () + LISTING_WAIT_US;
  int fd;

  while ((fd = try_lock_copy (copy_path, LOCK_EX)) < 0 && errno == EWOULDBLOCK &&
         g_get_monotonic_time () < deadline)
    g_usleep (20 * 1000);
  return fd;
}

static char *
read_info_string (GKeyFile   *key_file,
                  const char *key)
{
  g_autofree char *value = g_key_file_get_string (key_file, INFO_GROUP, key, NULL);

  if (value == NULL || *value == '\0')
    return NULL;
  return g_steal_pointer (&value);
}

static PlugKeptCopy *
load_copy (const char *base_folder,
           const char *name,
           gboolean    in_use)
{
  PlugKeptCopy *self = g_object_new (PLUG_TYPE_KEPT_COPY, NULL);
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  g_autofree char *created = NULL;

  self->name = g_strdup (name);
  self->path = g_build_filename (base_folder, name, NULL);
  self->checksums_path = checksums_path_of (self->path);
  self->info_path = info_path_of (self->path);
  self->in_use = in_use;

  if (g_key_file_load_from_file (key_file, self->info_path, G_KEY_FILE_NONE, NULL))
    {
      self->label = read_info_string (key_file, "Label");
      self->device = read_info_string (key_file, "Device");
      self->drive = read_info_string (key_file, "Drive");
      self->filesystem = read_info_string (key_file, "Filesystem");
      self->new_filesystem = read_info_string (key_file, "NewFilesystem");
      created = read_info_string (key_file, "Created");
      self->n_files = g_key_file_get_uint64 (key_file, INFO_GROUP, "Files", NULL);
      self->size = g_key_file_get_uint64 (key_file, INFO_GROUP, "Size", NULL);
    }
  if (created != NULL)
    self->created = g_date_time_new_from_iso8601 (created, NULL);
  if (self->created == NULL)
    {
      struct stat st;

      if (stat (self->checksums_path, &st) == 0)
        self->created = g_date_time_new_from_unix_local (st.st_mtime);
    }

  return self;
}

static int
compare_copies (gconstpointer a,
                gconstpointer b)
{
  PlugKeptCopy *copy_a = *(PlugKeptCopy **) a;
  PlugKeptCopy *copy_b = *(PlugKeptCopy **) b;

  if (copy_a->created != NULL && copy_b->created != NULL)
    {
      int order = g_date_time_compare (copy_a->created, copy_b->created);

      if (order != 0)
        return order;
    }
  return g_strcmp0 (copy_a->name, copy_b->name);
}

/* The copies' names: every NAME that has a NAME/, NAME.info or NAME.sha256. */
static GPtrArray *
read_names (const char  *base_folder,
            GError     **error)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GDir) dir = g_dir_open (base_folder, 0, error);
  const char *entry;

  if (dir == NULL)
    return NULL;

  while ((entry = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *name = NULL;

      if (entry[0] == '.')
        continue;
      if (g_str_has_suffix (entry, ".info"))
        name = g_strndup (entry, strlen (entry) - strlen (".info"));
      else if (g_str_has_suffix (entry, ".sha256"))
        name = g_strndup (entry, strlen (entry) - strlen (".sha256"));
      else
        {
          g_autofree char *path = g_build_filename (base_folder, entry, NULL);
          struct stat st;

          if (lstat (path, &st) != 0 || !S_ISDIR (st.st_mode))
            continue;
          name = g_strdup (entry);
        }
      if (*name == '\0' || g_hash_table_contains (seen, name))
        continue;
      g_hash_table_add (seen, name);
      g_ptr_array_add (names, g_steal_pointer (&name));
    }

  return g_steal_pointer (&names);
}

/**
 * plug_kept_copy_list:
 * @base_folder: the kept-files folder (plug_kept_copy_dup_base_folder())
 *
 * Lists the whole copies, oldest first, and removes the unfinished ones
 * that no run uses. A copy a run uses right now is listed as in use.
 * Blocks: call it from a worker thread (plug_kept_copy_list_async()).
 *
 * Returns: (transfer container) (element-type PlugKeptCopy): the copies,
 *   none when the folder does not exist
 */
GPtrArray *
plug_kept_copy_list (const char    *base_folder,
                     GCancellable  *cancellable,
                     GError       **error)
{
  g_autoptr(GPtrArray) copies = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) names = NULL;
  g_autoptr(GError) local_error = NULL;
  int base_fd;

  if (!g_file_test (base_folder, G_FILE_TEST_IS_DIR))
    return g_steal_pointer (&copies);

  base_fd = lock_base (base_folder, LOCK_SH, error);
  if (base_fd < 0)
    return NULL;

  names = read_names (base_folder, &local_error);
  if (names == NULL)
    {
      close (base_fd);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autofree char *path = g_build_filename (base_folder, name, NULL);
      g_autofree char *checksums_path = checksums_path_of (path);
      gboolean whole = g_file_test (checksums_path, G_FILE_TEST_IS_REGULAR) &&
                       g_file_test (path, G_FILE_TEST_IS_DIR);
      int fd;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          close (base_fd);
          return NULL;
        }

      /* Shared: another listing looking at it too is no run. */
      fd = try_lock_copy (path, LOCK_SH);
      if (fd < 0)
        {
          /* A run holds it: listed if whole, left alone if being made. */
          if (whole)
            g_ptr_array_add (copies, load_copy (base_folder, name, TRUE));
          continue;
        }

      if (whole)
        {
          g_ptr_array_add (copies, load_copy (base_folder, name, FALSE));
        }
      else if (flock (fd, LOCK_EX | LOCK_NB) == 0)
        {
          g_autoptr(GError) remove_error = NULL;

          /* Made before the drive was touched, and never finished: the
           * drive still holds its files. (Where another listing looks
           * at it too, that one or the next removes it.) */
          if (!plug_kept_copy_remove_files (path, &remove_error))
            g_warning ("Could not remove the unfinished copy %s: %s", path, remove_error->message);
        }
      close (fd);
    }

  close (base_fd);
  g_ptr_array_sort (copies, compare_copies);
  return g_steal_pointer (&copies);
}

static void
list_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GError *error = NULL;
  GPtrArray *copies = plug_kept_copy_list (task_data, cancellable, &error);

  if (copies == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, copies, (GDestroyNotify) g_ptr_array_unref);
}

void
plug_kept_copy_list_async (const char          *base_folder,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, plug_kept_copy_list_async);
  g_task_set_task_data (task, g_strdup (base_folder), g_free);
  g_task_run_in_thread (task, list_thread);
}

/**
 * plug_kept_copy_list_finish:
 *
 * Returns: (transfer container) (element-type PlugKeptCopy): the copies
 */
GPtrArray *
plug_kept_copy_list_finish (GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * plug_kept_copy_find:
 * @name_or_path: a copy's name, or its folder's path
 *
 * Returns: (transfer none) (nullable): the copy
 */
PlugKeptCopy *
plug_kept_copy_find (GPtrArray  *copies,
                     const char *name_or_path)
{
  g_autofree char *trimmed = g_strdup (name_or_path);
  gsize length = strlen (trimmed);

  while (length > 1 && trimmed[length - 1] == '/')
    trimmed[--length] = '\0';

  for (guint i = 0; i < copies->len; i++)
    {
      PlugKeptCopy *copy = g_ptr_array_index (copies, i);

      if (g_strcmp0 (copy->name, trimmed) == 0 || g_strcmp0 (copy->path, trimmed) == 0)
        return copy;
    }
  return NULL;
}

const char *
plug_kept_copy_get_name (PlugKeptCopy *self)
{
  g_return_val_if_fail (PLUG_IS_KEPT_COPY (self), NULL);
  return self->name;
}

const char *
plug_kept_copy_get_path (PlugKeptCopy *self)
{
  g_return_val_if_fail (PLUG_IS_KEPT_COPY (self), NULL);
  return self->path;
}

const char *
plug_kept_copy_get_checksums_path (PlugKeptCopy *self)
{
  g_return_val_if_fail (PLUG_IS_KEPT_COPY (self), NULL);
  return self->checksums_path;
}

const char *
plug_kept_copy_get_label (PlugKeptCopy *self)
{
  g_return_val_if_fail (PLUG_IS_KEPT_COPY (self), NULL);
  return self->label;
}

const char *
plug_kept_copy_get_device (PlugKeptCopy *self)
{
  g_return_val_if_fail (PLUG_IS_KEPT_COPY (self), NULL);
  return self->device;
}

const char *
plug_kept_copy_get_drive (PlugKeptCopy *self)
{
  g_return_val_if_fail (PLUG_IS_KEPT_COPY (self), NULL);
  return self->drive;
}

const char *
plug_kept_copy_get_filesystem (PlugKeptCopy *self)
{
  g_return_val_if_fail (PLUG_IS_KEPT_COPY (self), NULL);
  return self->filesystem;
}

const char *
plug_kept_copy_get_new_filesystem (PlugKeptCopy *self)
{
  g_return_val_if_fail (PLUG_IS_KEPT_COPY (self), NULL);
  return self->new_filesystem;
}

/**
 * plug_kept_copy_get_created:
 *
 * Returns: (transfer none) (nullable): when the copy was begun
 */
GDateTime *
plug_kept_copy_get_created (PlugKeptCopy *self)
{
  g_return_val_if_fail (PLUG_IS_KEPT_COPY (self), NULL);
  return self->created;
}

guint
plug_kept_copy_get_n_files (PlugKeptCopy *self)
{
  g_return_val_if_fail (PLUG_IS_KEPT_COPY (self), 0);
  return self->n_files;
}

guint64
plug_kept_copy_get_size (PlugKeptCopy *self)
{
  g_return_val_if_fail (PLUG_IS_KEPT_COPY (self), 0);
  return self->size;
}

/**
 * plug_kept_copy_get_in_use:
 *
 * Returns: whether a run (a reformat keeping the files, a restore) used
 *   the copy when it was listed; such a copy is not offered to restore
 *   or delete
 */
gboolean
plug_kept_copy_get_in_use (PlugKeptCopy *self)
{
  g_return_val_if_fail (PLUG_IS_KEPT_COPY (self), FALSE);
  return self->in_use;
}

/**
 * plug_kept_copy_dup_display_name:
 *
 * Returns: what to call the copy: the volume's name, else its device,
 *   else the folder's name
 */
char *
plug_kept_copy_dup_display_name (PlugKeptCopy *self)
{
  g_return_val_if_fail (PLUG_IS_KEPT_COPY (self), NULL);

  if (self->label != NULL)
    return g_strdup (self->label);
  if (self->device != NULL)
    return g_strdup (self->device);
  return g_filename_display_name (self->name);
}

/* --- restoring ---------------------------------------------------------- */

typedef struct
{
  char     *path;        /* relative to the copy's folder */
  char     *sha256;
  gboolean  seen;
} Checksum;

static void
checksum_free (Checksum *checksum)
{
  g_free (checksum->path);
  g_free (checksum->sha256);
  g_free (checksum);
}

/* Reads sha256sum's format, as the keep-files run writes it: "HASH  ./PATH",
 * and "\HASH  ./PATH" where PATH escapes a backslash and a newline. */
static GHashTable *
read_checksums (const char  *checksums_path,
                GError     **error)
{
  g_autoptr(GHashTable) checksums = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                           (GDestroyNotify) checksum_free);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents (checksums_path, &contents, NULL, error))
    return NULL;

  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      gboolean escaped = FALSE;
      GString *path;
      Checksum *checksum;

      if (*line == '\0')
        continue;
      if (*line == '\\')
        {
          escaped = TRUE;
          line++;
        }
      if (strlen (line) < 64 + 4 || strncmp (line + 64, "  ./", 4) != 0)
        {
          g_set_error (error, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_FAILED,
                       /* Translators: a file, then a line number */
                       _("The checksum list %s is damaged at line %u"), checksums_path, i + 1);
          return NULL;
        }

      path = g_string_new (NULL);
      for (const char *p = line + 64 + 4; *p != '\0'; p++)
        {
          if (escaped && *p == '\\' && p[1] == 'n')
            {
              g_string_append_c (path, '\n');
              p++;
            }
          else if (escaped && *p == '\\' && p[1] == '\\')
            {
              g_string_append_c (path, '\\');
              p++;
            }
          else
            {
              g_string_append_c (path, *p);
            }
        }

      checksum = g_new0 (Checksum, 1);
      checksum->sha256 = g_strndup (line, 64);
      checksum->path = g_string_free (path, FALSE);
      g_hash_table_replace (checksums, checksum->path, checksum);
    }

  return g_steal_pointer (&checksums);
}

typedef struct
{
  char        *path;     /* relative */
  struct stat  st;
  char        *link_target;
  Checksum    *checksum;
} RestoreEntry;

static void
restore_entry_free (RestoreEntry *entry)
{
  g_free (entry->path);
  g_free (entry->link_target);
  g_free (entry);
}

typedef struct
{
  char      *target_folder;
  GPtrArray *created;    /* absolute paths made in the target, in order */
} RestoreData;

static void
restore_data_free (RestoreData *data)
{
  g_free (data->target_folder);
  g_clear_pointer (&data->created, g_ptr_array_unref);
  g_free (data);
}

/* Lists the copy's folder, folders before what they hold. */
static gboolean
scan_copy (const char  *root,
           const char  *relative,
           GPtrArray   *entries,
           GHashTable  *checksums,
           GError     **error)
{
  g_autofree char *folder = g_build_filename (root, relative, NULL);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, error);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (dir == NULL)
    return FALSE;
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc) g_strcmp0);

  for (guint i = 0; i < names->len; i++)
    {
      const char *child = g_ptr_array_index (names, i);
      RestoreEntry *entry = g_new0 (RestoreEntry, 1);
      g_autofree char *path = NULL;

      entry->path = *relative == '\0' ? g_strdup (child) : g_build_filename (relative, child, NULL);
      path = g_build_filename (root, entry->path, NULL);
      if (lstat (path, &entry->st) != 0)
        {
          g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not read %s"), path));
          restore_entry_free (entry);
          return FALSE;
        }
      g_ptr_array_add (entries, entry);

      if (S_ISDIR (entry->st.st_mode))
        {
          if (!scan_copy (root, entry->path, entries, checksums, error))
            return FALSE;
        }
      else if (S_ISLNK (entry->st.st_mode))
        {
          entry->link_target = g_file_read_link (path, error);
          if (entry->link_target == NULL)
            return FALSE;
        }
      else if (S_ISREG (entry->st.st_mode))
        {
          entry->checksum = g_hash_table_lookup (checksums, entry->path);
          if (entry->checksum == NULL)
            {
              g_autofree char *display = g_filename_display_name (entry->path);

              g_set_error (error, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_CHANGED,
                           /* Translators: a file, then a folder */
                           _("%s is in the kept copy in %s but not in its checksum list, so the "
                             "copy cannot be trusted. Nothing was restored."),
                           display, root);
              return FALSE;
            }
          entry->checksum->seen = TRUE;
        }
    }

  return TRUE;
}

/* Hashes @from, writing it to @out_fd when that is not -1. */
static char *
hash_copying (const char    *from,
              int            out_fd,
              const char    *to,
              guchar        *buffer,
              GCancellable  *cancellable,
              GError       **error)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  int in = open (from, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);

  if (in < 0)
    {
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not read %s"), from));
      return NULL;
    }
  if (out_fd < 0)
    posix_fadvise (in, 0, 0, POSIX_FADV_DONTNEED);

  for (;;)
    {
      ssize_t n = read (in, buffer, COPY_BUFFER_SIZE);
      ssize_t written = 0;

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not read %s"), from));
          close (in);
          return NULL;
        }
      if (n == 0)
        break;
      g_checksum_update (checksum, buffer, n);
      while (out_fd >= 0 && written < n)
        {
          ssize_t w = write (out_fd, buffer + written, n - written);

          if (w < 0 && errno == EINTR)
            continue;
          if (w < 0)
            {
              g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not write %s"), to));
              close (in);
              return NULL;
            }
          written += w;
        }
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          close (in);
          return NULL;
        }
    }

  close (in);
  return g_strdup (g_checksum_get_string (checksum));
}

/* The copy's modes are private (0600, 0700); given back, a file or folder
 * gets the usual ones, executable where its owner could run it. */
static guint
restored_mode (const struct stat *st)
{
  if (S_ISDIR (st->st_mode))
    return 0755;
  return (st->st_mode & S_IXUSR) ? 0755 : 0644;
}

static gboolean
copy_entries (PlugKeptCopy  *self,
              RestoreData   *data,
              GPtrArray     *entries,
              guchar        *buffer,
              GCancellable  *cancellable,
              GError       **error)
{
  for (guint i = 0; i < entries->len; i++)
    {
      RestoreEntry *entry = g_ptr_array_index (entries, i);
      g_autofree char *from = g_build_filename (self->path, entry->path, NULL);
      g_autofree char *to = g_build_filename (data->target_folder, entry->path, NULL);

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;

      if (S_ISDIR (entry->st.st_mode))
        {
          if (g_mkdir (to, 0700) != 0)
            {
              g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not create the folder %s"), to));
              return FALSE;
            }
          g_ptr_array_add (data->created, g_strdup (to));
        }
      else if (S_ISLNK (entry->st.st_mode))
        {
          if (symlink (entry->link_target, to) != 0)
            {
              g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not create the link %s"), to));
              return FALSE;
            }
          g_ptr_array_add (data->created, g_strdup (to));
        }
      else if (S_ISREG (entry->st.st_mode))
        {
          struct timespec times[2] = { entry->st.st_atim, entry->st.st_mtim };
          g_autofree char *sha256 = NULL;
          int out = open (to, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);

          if (out < 0)
            {
              g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not create %s"), to));
              return FALSE;
            }
          g_ptr_array_add (data->created, g_strdup (to));
          sha256 = hash_copying (from, out, to, buffer, cancellable, error);
          if (close (out) != 0 && sha256 != NULL)
            {
              g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not write %s"), to));
              return FALSE;
            }
          if (sha256 == NULL)
            return FALSE;
          if (g_strcmp0 (sha256, entry->checksum->sha256) != 0)
            {
              g_set_error (error, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_FAILED,
                           /* Translators: a file in the kept copy */
                           _("%s changed while it was restored"), from);
              return FALSE;
            }
          g_chmod (to, restored_mode (&entry->st));
          if (utimensat (AT_FDCWD, to, times, AT_SYMLINK_NOFOLLOW) != 0 && errno != EPERM)
            {
              g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not set the time of %s"), to));
              return FALSE;
            }
        }
    }

  /* Folders last, deepest first: their modes and times. */
  for (guint i = entries->len; i > 0; i--)
    {
      RestoreEntry *entry = g_ptr_array_index (entries, i - 1);
      g_autofree char *to = g_build_filename (data->target_folder, entry->path, NULL);
      struct timespec times[2] = { entry->st.st_atim, entry->st.st_mtim };

      if (!S_ISDIR (entry->st.st_mode))
        continue;
      g_chmod (to, restored_mode (&entry->st));
      if (utimensat (AT_FDCWD, to, times, AT_SYMLINK_NOFOLLOW) != 0 && errno != EPERM)
        {
          g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not set the time of %s"), to));
          return FALSE;
        }
    }

  return TRUE;
}

/* Takes back what a failed restore made, newest first. */
static void
undo_restore (RestoreData *data)
{
  for (guint i = data->created->len; i > 0; i--)
    {
      const char *path = g_ptr_array_index (data->created, i - 1);

      if (g_remove (path) != 0 && errno != ENOENT)
        g_warning ("Could not remove %s after the restore failed: %s", path, g_strerror (errno));
    }
  g_ptr_array_set_size (data->created, 0);
}

static gboolean
check_restore (PlugKeptCopy  *self,
               RestoreData   *data,
               GHashTable    *checksums,
               GPtrArray     *entries,
               guchar        *buffer,
               GCancellable  *cancellable,
               GError       **error)
{
  g_autoptr(GPtrArray) taken = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter iter;
  Checksum *checksum;
  guint n_taken = 0;
  guint64 needed = SPACE_MARGIN;
  struct statvfs target;

  g_hash_table_iter_init (&iter, checksums);
  while (g_hash_table_iter_next (&iter, NULL, (gpointer *) &checksum))
    {
      if (!checksum->seen)
        {
          g_autofree char *display = g_filename_display_name (checksum->path);

          g_set_error (error, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_CHANGED,
                       /* Translators: a file, then a folder */
                       _("%s is missing from the kept copy in %s. Nothing was restored."),
                       display, self->path);
          return FALSE;
        }
    }

  /* Every file read, before anything is written: a copy whose disk
   * damaged it is not given back as if it were whole. */
  for (guint i = 0; i < entries->len; i++)
    {
      RestoreEntry *entry = g_ptr_array_index (entries, i);
      g_autofree char *path = g_build_filename (self->path, entry->path, NULL);
      g_autofree char *sha256 = NULL;

      if (!S_ISREG (entry->st.st_mode))
        {
          if (S_ISDIR (entry->st.st_mode) || S_ISLNK (entry->st.st_mode))
            continue;
          g_set_error (error, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_NOT_SUPPORTED,
                       /* Translators: a path */
                       _("%s is not a file, a folder or a link. Nothing was restored."), path);
          return FALSE;
        }
      needed += (guint64) entry->st.st_size + 4096;
      sha256 = hash_copying (path, -1, NULL, buffer, cancellable, error);
      if (sha256 == NULL)
        return FALSE;
      if (g_strcmp0 (sha256, entry->checksum->sha256) != 0)
        {
          g_autofree char *display = g_filename_display_name (entry->path);

          g_set_error (error, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_CHANGED,
                       /* Translators: a file, then a folder */
                       _("%s in the kept copy is not what was copied from the drive: this "
                         "computer’s disk may have damaged it. Nothing was restored; the copy is "
                         "still in %s."),
                       display, self->path);
          return FALSE;
        }
    }

  /* Nothing on the volume is replaced. */
  for (guint i = 0; i < entries->len; i++)
    {
      RestoreEntry *entry = g_ptr_array_index (entries, i);
      g_autofree char *to = NULL;
      struct stat st;

      if (strchr (entry->path, G_DIR_SEPARATOR) != NULL)
        continue;
      to = g_build_filename (data->target_folder, entry->path, NULL);
      if (lstat (to, &st) == 0)
        {
          n_taken++;
          if (taken->len < 5)
            g_ptr_array_add (taken, g_filename_display_name (entry->path));
        }
    }
  if (n_taken > 0)
    {
      g_autofree char *list = NULL;

      g_ptr_array_add (taken, NULL);
      list = g_strjoinv (", ", (char **) taken->pdata);
      g_set_error (error, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_INVALID,
                   /* Translators: a folder, a number, then a list of names */
                   g_dngettext (GETTEXT_PACKAGE,
                                "%s already holds %u name of the kept files (%s): move it away "
                                "first. Nothing was restored.",
                                "%s already holds %u names of the kept files (%s): move them away "
                                "first. Nothing was restored.",
                                n_taken),
                   data->target_folder, n_taken, list);
      return FALSE;
    }

  if (statvfs (data->target_folder, &target) != 0)
    {
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not read the free space of %s"), data->target_folder));
      return FALSE;
    }
  if ((guint64) target.f_bavail * target.f_frsize < needed)
    {
      g_autofree char *needed_text = g_format_size (needed);
      g_autofree char *free_text = g_format_size ((guint64) target.f_bavail * target.f_frsize);

      g_set_error (error, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_NO_SPACE,
                   /* Translators: a size, a folder, a size */
                   _("The kept files need %s, and %s has %s free. Nothing was restored."),
                   needed_text, data->target_folder, free_text);
      return FALSE;
    }

  return TRUE;
}

/* Reads back what was restored, past the page cache as far as a user can. */
static gboolean
verify_restore (PlugKeptCopy  *self,
                RestoreData   *data,
                GPtrArray     *entries,
                guchar        *buffer,
                GCancellable  *cancellable,
                GError       **error)
{
  int root_fd = open (data->target_folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

  if (root_fd < 0 || syncfs (root_fd) != 0)
    {
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not write %s through to its disk"),
                                                             data->target_folder));
      if (root_fd >= 0)
        close (root_fd);
      return FALSE;
    }
  close (root_fd);

  for (guint i = 0; i < entries->len; i++)
    {
      RestoreEntry *entry = g_ptr_array_index (entries, i);
      g_autofree char *to = g_build_filename (data->target_folder, entry->path, NULL);
      g_autofree char *sha256 = NULL;

      if (!S_ISREG (entry->st.st_mode))
        continue;
      sha256 = hash_copying (to, -1, NULL, buffer, cancellable, error);
      if (sha256 == NULL)
        return FALSE;
      if (g_strcmp0 (sha256, entry->checksum->sha256) != 0)
        {
          g_autofree char *display = g_filename_display_name (entry->path);

          g_set_error (error, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_FAILED,
                       /* Translators: a file, then a folder */
                       _("%s read back from the drive is not what was kept. The kept copy is "
                         "still in %s."),
                       display, self->path);
          return FALSE;
        }
    }
  return TRUE;
}

/* Takes the copy's lock for a restore or delete; -1, with @task
 * answered, when a run holds it or it cannot be taken. */
static int
lock_for_use (PlugKeptCopy *self,
              GTask        *task)
{
  int fd = lock_copy_for_use (self->path);

  if (fd >= 0)
    return fd;
  if (errno == EWOULDBLOCK)
    g_task_return_new_error (task, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_BUSY,
                             /* Translators: a folder */
                             _("The kept copy in %s is in use by another run of Plugboard"),
                             self->path);
  else
    g_task_return_error (task, plug_drive_error_from_errno (errno, _("Could not lock %s"), self->info_path));
  return -1;
}

static void
restore_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  PlugKeptCopy *self = source_object;
  RestoreData *data = task_data;
  g_autofree guchar *buffer = g_malloc (COPY_BUFFER_SIZE);
  g_autoptr(GHashTable) checksums = NULL;
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) restore_entry_free);
  GError *error = NULL;
  int fd = lock_for_use (self, task);

  if (fd < 0)
    return;

  if (!g_file_test (self->checksums_path, G_FILE_TEST_IS_REGULAR))
    {
      g_task_return_new_error (task, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_GONE,
                               /* Translators: a folder */
                               _("The kept copy in %s is no longer there"), self->path);
      close (fd);
      return;
    }

  checksums = read_checksums (self->checksums_path, &error);
  if (checksums == NULL ||
      !scan_copy (self->path, "", entries, checksums, &error) ||
      !check_restore (self, data, checksums, entries, buffer, cancellable, &error))
    {
      g_task_return_error (task, error);
      close (fd);
      return;
    }

  if (!copy_entries (self, data, entries, buffer, cancellable, &error) ||
      !verify_restore (self, data, entries, buffer, cancellable, &error))
    {
      undo_restore (data);
      g_task_return_error (task, error);
      close (fd);
      return;
    }

  /* Every file is back and read back: only now is the copy not needed. */
  if (!plug_kept_copy_remove_files (self->path, &error))
    {
      g_prefix_error (&error, _("The files are back, but the kept copy could not be removed: "));
      g_task_return_error (task, error);
      close (fd);
      return;
    }

  close (fd);
  g_task_return_boolean (task, TRUE);
}

/**
 * plug_kept_copy_restore_async:
 * @target_folder: a folder on a mounted volume, usually its root
 *
 * Gives the files back: checks every file of the copy against its
 * checksum, refuses names @target_folder already holds and a volume too
 * full, copies them, reads each back, and removes the copy only then.
 * On failure, what was copied is taken back out of @target_folder, and
 * the copy stays.
 */
void
plug_kept_copy_restore_async (PlugKeptCopy        *self,
                              const char          *target_folder,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  RestoreData *data;

  g_return_if_fail (PLUG_IS_KEPT_COPY (self));
  g_return_if_fail (target_folder != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_kept_copy_restore_async);
  data = g_new0 (RestoreData, 1);
  data->target_folder = g_strdup (target_folder);
  data->created = g_ptr_array_new_with_free_func (g_free);
  g_task_set_task_data (task, data, (GDestroyNotify) restore_data_free);
  g_task_run_in_thread (task, restore_thread);
}

gboolean
plug_kept_copy_restore_finish (PlugKeptCopy  *self,
                               GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
delete_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  PlugKeptCopy *self = source_object;
  GError *error = NULL;
  int fd = lock_for_use (self, task);

  if (fd < 0)
    return;

  if (!plug_kept_copy_remove_files (self->path, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
  close (fd);
}

/**
 * plug_kept_copy_delete_async:
 *
 * Removes the copy, unless a run uses it.
 */
void
plug_kept_copy_delete_async (PlugKeptCopy        *self,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (PLUG_IS_KEPT_COPY (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_kept_copy_delete_async);
  g_task_run_in_thread (task, delete_thread);
}

gboolean
plug_kept_copy_delete_finish (PlugKeptCopy  *self,
                              GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
