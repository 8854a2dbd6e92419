/* plug-keep-files-operation.c: Reformatting a volume while keeping its files
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
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "plug-core-enums.h"
#include "plug-drive-error.h"
#include "plug-filesystem-type.h"
#include "plug-keep-files-operation.h"
#include "plug-kept-copy.h"
#include "plug-test-pause.h"
#include "plug-thread-progress.h"
#include "plug-udisks-call.h"

/*
 * The files go through the computer: copied out with a SHA-256 of each,
 * the volume reformatted by a PlugFormatOperation, the files copied back
 * and read back from the drive, and the copy deleted only when every file
 * read back is the one that was copied out. So that nothing is lost for a
 * reason that could have been known, everything that can be checked is
 * checked before anything is copied: each file's size and name against
 * the new filesystem, the total against its capacity, and the free space
 * on the computer.
 *
 * All file I/O runs in GTask threads, one step at a time; the thread
 * reads the entry list and writes only its own results, and counts its
 * progress in a PlugThreadProgress.
 */

#define COPY_BUFFER_SIZE (1024 * 1024)
/* Kept free on the computer beyond the copy itself. */
#define SPACE_MARGIN (G_GUINT64_CONSTANT (16) * 1024 * 1024)
#define HOST_BLOCK_SIZE 4096
/* How many problems an error message lists before it says "and N more". */
#define MAX_LISTED 5

typedef enum {
  ENTRY_FOLDER,
  ENTRY_FILE,
  ENTRY_LINK,
} EntryKind;

typedef struct _Entry Entry;

struct _Entry
{
  char            *path;          /* relative to the volume's root */
  EntryKind        kind;
  guint64          size;
  guint64          allocated;     /* bytes the file takes on the drive */
  guint            mode;
  struct timespec  atime;
  struct timespec  mtime;
  char            *link_target;
  char            *sha256;
  /* A second (third…) name of a file listed before: that entry. */
  Entry           *hard_link_of;
  /* user.* name → GBytes, or NULL when it has none. */
  GHashTable      *xattrs;
  gboolean         has_acl;
  gboolean         owned_by_other;
};

struct _PlugKeepFilesOperation
{
  GObject               parent_instance;

  /* Given. */
  UDisksClient         *client;
  PlugFormatOperation  *format;
  PlugVolume           *volume;
  char                 *filesystem;
  char                 *source_filesystem;
  char                 *drive_name;
  guint64               target_size;

  /* The plan. */
  gboolean              planned;
  char                 *source_folder;
  GPtrArray            *entries;
  guint                 n_files;
  guint64               kept_bytes;
  GPtrArray            *not_carried;
  GPtrArray            *dropped;
  /* What the new filesystem holds of what the files are. */
  gboolean              carry_hard_links;
  gboolean              carry_holes;
  gboolean              carry_xattrs;
  char                 *base_folder;
  char                 *copy_path;
  char                 *manifest_path;
  /* Holds the copy's lock (plug-kept-copy.c) from its first file until
   * the run ends, so that no listing takes it for a forgotten copy. */
  int                   copy_lock;
  guint64               space_needed;
  guint64               space_available;

  /* Running. */
  PlugKeepFilesStep    step;
  guint                 files_done;
  guint                 files_total;
  guint64               bytes_done;
  guint64               bytes_total;
  char                  *new_folder;
  char                 *kept_copy_path;
  GCancellable         *cancellable;

  /* Mounted read-only while the files are copied out: its object path;
   * and the plan's entries, while the files are listed again to compare. */
  GPtrArray            *frozen;
  GPtrArray            *confirmed_entries;
  GError               *pending_error;

  /* Progress from the worker threads: files, bytes. */
  PlugThreadProgress   *thread_progress;
};

G_DEFINE_FINAL_TYPE (PlugKeepFilesOperation, plug_keep_files_operation, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STEP,
  PROP_FILES_DONE,
  PROP_FILES_TOTAL,
  PROP_BYTES_DONE,
  PROP_BYTES_TOTAL,
  PROP_PROGRESS,
  PROP_COPY_PATH,
  PROP_KEPT_COPY_PATH,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
entry_free (Entry *entry)
{
  g_free (entry->path);
  g_free (entry->link_target);
  g_free (entry->sha256);
  g_clear_pointer (&entry->xattrs, g_hash_table_unref);
  g_free (entry);
}

static void
plug_keep_files_operation_finalize (GObject *object)
{
  PlugKeepFilesOperation *self = PLUG_KEEP_FILES_OPERATION (object);

  g_clear_pointer (&self->thread_progress, plug_thread_progress_free);
  g_clear_object (&self->client);
  g_clear_object (&self->format);
  g_clear_pointer (&self->frozen, g_ptr_array_unref);
  g_clear_pointer (&self->confirmed_entries, g_ptr_array_unref);
  g_clear_pointer (&self->pending_error, g_error_free);
  g_clear_object (&self->volume);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->filesystem, g_free);
  g_clear_pointer (&self->source_filesystem, g_free);
  g_clear_pointer (&self->drive_name, g_free);
  if (self->copy_lock >= 0)
    close (self->copy_lock);
  g_clear_pointer (&self->source_folder, g_free);
  g_clear_pointer (&self->entries, g_ptr_array_unref);
  g_clear_pointer (&self->not_carried, g_ptr_array_unref);
  g_clear_pointer (&self->dropped, g_ptr_array_unref);
  g_clear_pointer (&self->base_folder, g_free);
  g_clear_pointer (&self->copy_path, g_free);
  g_clear_pointer (&self->manifest_path, g_free);
  g_clear_pointer (&self->new_folder, g_free);
  g_clear_pointer (&self->kept_copy_path, g_free);

  G_OBJECT_CLASS (plug_keep_files_operation_parent_class)->finalize (object);
}

static void
plug_keep_files_operation_get_property (GObject    *object,
                                        guint       prop_id,
                                        GValue     *value,
                                        GParamSpec *pspec)
{
  PlugKeepFilesOperation *self = PLUG_KEEP_FILES_OPERATION (object);

  switch (prop_id)
    {
    case PROP_STEP:
      g_value_set_enum (value, self->step);
      break;

    case PROP_FILES_DONE:
      g_value_set_uint (value, self->files_done);
      break;

    case PROP_FILES_TOTAL:
      g_value_set_uint (value, self->files_total);
      break;

    case PROP_BYTES_DONE:
      g_value_set_uint64 (value, self->bytes_done);
      break;

    case PROP_BYTES_TOTAL:
      g_value_set_uint64 (value, self->bytes_total);
      break;

    case PROP_PROGRESS:
      g_value_set_double (value, plug_keep_files_operation_get_progress (self));
      break;

    case PROP_COPY_PATH:
      g_value_set_string (value, self->copy_path);
      break;

    case PROP_KEPT_COPY_PATH:
      g_value_set_string (value, self->kept_copy_path);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_keep_files_operation_class_init (PlugKeepFilesOperationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = plug_keep_files_operation_finalize;
  object_class->get_property = plug_keep_files_operation_get_property;

  /**
   * PlugKeepFilesOperation:step:
   *
   * A #PlugKeepFilesStep.
   */
  properties[PROP_STEP] =
    g_param_spec_enum ("step", NULL, NULL,
                       PLUG_TYPE_KEEP_FILES_STEP, PLUG_KEEP_FILES_STEP_NONE,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * PlugKeepFilesOperation:files-done:
   *
   * Files (and folders and links) copied or verified in this step.
   */
  properties[PROP_FILES_DONE] =
    g_param_spec_uint ("files-done", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * PlugKeepFilesOperation:files-total:
   *
   * What this step goes through; once planned, the files, folders and
   * links that will be kept.
   */
  properties[PROP_FILES_TOTAL] =
    g_param_spec_uint ("files-total", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * PlugKeepFilesOperation:bytes-done:
   *
   * Bytes copied or verified in this step.
   */
  properties[PROP_BYTES_DONE] =
    g_param_spec_uint64 ("bytes-done", NULL, NULL, 0, G_MAXUINT64, 0,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * PlugKeepFilesOperation:bytes-total:
   *
   * The size of all the files kept.
   */
  properties[PROP_BYTES_TOTAL] =
    g_param_spec_uint64 ("bytes-total", NULL, NULL, 0, G_MAXUINT64, 0,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * PlugKeepFilesOperation:progress:
   *
   * How far this step is, from 0 to 1, by bytes; -1 while it cannot say
   * (scanning, checking, and while the wrapped format operation runs,
   * which has a progress of its own).
   */
  properties[PROP_PROGRESS] =
    g_param_spec_double ("progress", NULL, NULL,
                         -1.0, 1.0, -1.0,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * PlugKeepFilesOperation:copy-path:
   *
   * Once planned, the folder on the computer the files are copied to.
   */
  properties[PROP_COPY_PATH] =
    g_param_spec_string ("copy-path", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * PlugKeepFilesOperation:kept-copy-path:
   *
   * After a run that failed or was cancelled once the drive may have
   * changed: the folder that still holds the files. %NULL otherwise.
   */
  properties[PROP_KEPT_COPY_PATH] =
    g_param_spec_string ("kept-copy-path", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
plug_keep_files_operation_init (PlugKeepFilesOperation *self)
{
  self->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  self->frozen = g_ptr_array_new_with_free_func (g_free);
  self->not_carried = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->not_carried, NULL);
  self->copy_lock = -1;
  self->dropped = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (self->dropped, NULL);
}

/**
 * plug_keep_files_operation_new:
 * @client: the udisks client the drive list reads
 * @drive: the drive that holds @volume
 * @volume: the volume whose files are kept; it must be mounted when the
 *   plan is made
 * @filesystem: the filesystem to create, as udisks names it ("exfat")
 * @label: the name to give it; empty for none
 * @flags: as for plug_format_operation_new(); with
 *   %PLUG_FORMAT_FLAGS_WHOLE_DRIVE the files of @volume go to the one new
 *   volume
 *
 * Makes the operation, and the format operation it runs, which remembers
 * what the drive is now: make it when the user confirms.
 *
 * Returns: (transfer full): an operation, to be run once
 */
PlugKeepFilesOperation *
plug_keep_files_operation_new (UDisksClient    *client,
                               PlugDrive       *drive,
                               PlugVolume      *volume,
                               const char      *filesystem,
                               const char      *label,
                               PlugFormatFlags  flags)
{
  PlugKeepFilesOperation *self;

  g_return_val_if_fail (UDISKS_IS_CLIENT (client), NULL);
  g_return_val_if_fail (PLUG_IS_DRIVE (drive), NULL);
  g_return_val_if_fail (PLUG_IS_VOLUME (volume), NULL);
  g_return_val_if_fail (filesystem != NULL, NULL);
  g_return_val_if_fail (label != NULL, NULL);

  self = g_object_new (PLUG_TYPE_KEEP_FILES_OPERATION, NULL);
  self->client = g_object_ref (client);
  self->format = plug_format_operation_new (client, drive, volume, filesystem, label, flags);
  self->volume = g_object_ref (volume);
  self->filesystem = g_strdup (filesystem);
  self->source_filesystem = g_strdup (plug_volume_get_filesystem (volume));
  self->drive_name = plug_drive_dup_display_name (drive);
  /* A whole drive gets one partition, 1 MiB smaller than the drive. */
  if (flags & PLUG_FORMAT_FLAGS_WHOLE_DRIVE)
    self->target_size = plug_drive_get_size (drive) > 1024 * 1024 ? plug_drive_get_size (drive) - 1024 * 1024 : 0;
  else
    self->target_size = plug_volume_get_size (volume);

  return self;
}

/**
 * plug_keep_files_operation_get_format_operation:
 *
 * Returns: (transfer none): the reformat this runs, for its step and
 *   progress while the step is %PLUG_KEEP_FILES_STEP_FORMATTING, and its
 *   result (device, label, mount point) afterwards
 */
PlugFormatOperation *
plug_keep_files_operation_get_format_operation (PlugKeepFilesOperation *self)
{
  g_return_val_if_fail (PLUG_IS_KEEP_FILES_OPERATION (self), NULL);

  return self->format;
}

PlugKeepFilesStep
plug_keep_files_operation_get_step (PlugKeepFilesOperation *self)
{
  g_return_val_if_fail (PLUG_IS_KEEP_FILES_OPERATION (self), PLUG_KEEP_FILES_STEP_NONE);

  return self->step;
}

guint
plug_keep_files_operation_get_files_done (PlugKeepFilesOperation *self)
{
  g_return_val_if_fail (PLUG_IS_KEEP_FILES_OPERATION (self), 0);

  return self->files_done;
}

guint
plug_keep_files_operation_get_files_total (PlugKeepFilesOperation *self)
{
  g_return_val_if_fail (PLUG_IS_KEEP_FILES_OPERATION (self), 0);

  return self->files_total;
}

/**
 * plug_keep_files_operation_get_progress:
 * @self: a #PlugKeepFilesOperation
 *
 * Returns: how far the step is, from 0 to 1; -1 when it cannot say
 */
double
plug_keep_files_operation_get_progress (PlugKeepFilesOperation *self)
{
  g_return_val_if_fail (PLUG_IS_KEEP_FILES_OPERATION (self), -1.0);

  switch (self->step)
    {
    case PLUG_KEEP_FILES_STEP_COPYING_OUT:
    case PLUG_KEEP_FILES_STEP_COPYING_BACK:
    case PLUG_KEEP_FILES_STEP_VERIFYING:
      if (self->bytes_total > 0)
        return MIN ((double) self->bytes_done / (double) self->bytes_total, 1.0);
      return -1.0;
    case PLUG_KEEP_FILES_STEP_NONE:
    case PLUG_KEEP_FILES_STEP_SCANNING:
    case PLUG_KEEP_FILES_STEP_CHECKING:
    case PLUG_KEEP_FILES_STEP_FORMATTING:
    case PLUG_KEEP_FILES_STEP_REMOVING_COPY:
    case PLUG_KEEP_FILES_STEP_DONE:
    default:
      return -1.0;
    }
}

guint64
plug_keep_files_operation_get_bytes_done (PlugKeepFilesOperation *self)
{
  g_return_val_if_fail (PLUG_IS_KEEP_FILES_OPERATION (self), 0);

  return self->bytes_done;
}

guint64
plug_keep_files_operation_get_bytes_total (PlugKeepFilesOperation *self)
{
  g_return_val_if_fail (PLUG_IS_KEEP_FILES_OPERATION (self), 0);

  return self->bytes_total;
}

/**
 * plug_keep_files_operation_get_source_folder:
 *
 * Returns: (nullable): once planned, where the volume was mounted when
 *   its files were read
 */
const char *
plug_keep_files_operation_get_source_folder (PlugKeepFilesOperation *self)
{
  g_return_val_if_fail (PLUG_IS_KEEP_FILES_OPERATION (self), NULL);

  return self->source_folder;
}

/**
 * plug_keep_files_operation_get_copy_path:
 *
 * Returns: (nullable): once planned, the folder the files are copied to,
 *   under `$XDG_DATA_HOME/plugboard/kept-files`
 */
const char *
plug_keep_files_operation_get_copy_path (PlugKeepFilesOperation *self)
{
  g_return_val_if_fail (PLUG_IS_KEEP_FILES_OPERATION (self), NULL);

  return self->copy_path;
}

/* Once planned, the free space the copy needs on the computer. */
guint64
plug_keep_files_operation_get_space_needed (PlugKeepFilesOperation *self)
{
  g_return_val_if_fail (PLUG_IS_KEEP_FILES_OPERATION (self), 0);

  return self->space_needed;
}

/* Once planned, the free space there was where the copy goes. */
guint64
plug_keep_files_operation_get_space_available (PlugKeepFilesOperation *self)
{
  g_return_val_if_fail (PLUG_IS_KEEP_FILES_OPERATION (self), 0);

  return self->space_available;
}

/**
 * plug_keep_files_operation_get_not_carried:
 *
 * Returns: (array zero-terminated=1) (transfer none): once planned, what
 *   will not be on the new filesystem, one line for people each, such as
 *   “photos/latest (a symbolic link)”; empty when everything is kept
 */
const char * const *
plug_keep_files_operation_get_not_carried (PlugKeepFilesOperation *self)
{
  g_return_val_if_fail (PLUG_IS_KEEP_FILES_OPERATION (self), NULL);

  return (const char * const *) self->not_carried->pdata;
}

/**
 * plug_keep_files_operation_get_dropped:
 *
 * Returns: (array zero-terminated=1) (transfer none): once planned, what
 *   the files that are kept lose on the way, one sentence for people
 *   each, such as “3 files share their data through hard links: they will
 *   come back as separate copies” or “Owners are not kept…”; empty when
 *   they come back as they are
 */
const char * const *
plug_keep_files_operation_get_dropped (PlugKeepFilesOperation *self)
{
  g_return_val_if_fail (PLUG_IS_KEEP_FILES_OPERATION (self), NULL);

  return (const char * const *) self->dropped->pdata;
}

/**
 * plug_keep_files_operation_get_kept_copy_path:
 *
 * Returns: (nullable): after a run that failed once the drive may have
 *   changed, the folder that holds the files; %NULL when no copy is left
 */
const char *
plug_keep_files_operation_get_kept_copy_path (PlugKeepFilesOperation *self)
{
  g_return_val_if_fail (PLUG_IS_KEEP_FILES_OPERATION (self), NULL);

  return self->kept_copy_path;
}

/* --- what each filesystem takes --------------------------------------- */

static gboolean
is_fat_like (const char *filesystem)
{
  return g_strcmp0 (filesystem, "vfat") == 0 || g_strcmp0 (filesystem, "exfat") == 0;
}

/* Whether a filesystem stores no Unix permissions. */
static gboolean
has_no_modes (const char *filesystem)
{
  return is_fat_like (filesystem) || g_strcmp0 (filesystem, "ntfs") == 0;
}

/**
 * plug_keep_files_check_name:
 * @filesystem: the filesystem the file goes to
 * @name: one file or folder name, not a path
 *
 * Returns: (transfer full) (nullable): why @filesystem cannot hold a file
 *   of that name, for people; %NULL when it can
 */
char *
plug_keep_files_check_name (const char *filesystem,
                            const char *name)
{
  glong units = 0;
  gunichar2 *utf16;

  g_return_val_if_fail (name != NULL, NULL);

  if (!g_utf8_validate (name, -1, NULL))
    return is_fat_like (filesystem) || g_strcmp0 (filesystem, "ntfs") == 0
           ? g_strdup (_("the name is not valid text (UTF-8)")) : NULL;

  if (strlen (name) > 255)
    return g_strdup (_("the name is longer than 255 bytes"));

  if (!is_fat_like (filesystem) && g_strcmp0 (filesystem, "ntfs") != 0)
    return NULL;

  utf16 = g_utf8_to_utf16 (name, -1, NULL, &units, NULL);
  g_free (utf16);
  if (units > 255)
    return g_strdup (_("the name is longer than 255 characters"));

  if (!is_fat_like (filesystem))
    return NULL;

  for (const char *p = name; *p != '\0'; p++)
    {
      if ((guchar) *p < 0x20)
        return g_strdup (_("the name contains a control character"));
      if (strchr ("\"*/:<>?\\|", *p) != NULL)
        /* Translators: %c is a character such as : or ? */
        return g_strdup_printf (_("the name contains “%c”, which FAT and exFAT do not allow"), *p);
    }

  /* Windows, and Linux's vfat, drop them: two names could become one. */
  if (g_str_has_suffix (name, " ") || g_str_has_suffix (name, "."))
    return g_strdup (_("the name ends with a space or a dot, which FAT and exFAT drop"));

  return NULL;
}

static guint64
round_up (guint64 size,
          guint64 unit)
{
  return (size + unit - 1) / unit * unit;
}

/* --- progress from the threads ---------------------------------------- */

static void
set_step (PlugKeepFilesOperation *self,
          PlugKeepFilesStep       step)
{
  if (self->step == step)
    return;

  /* Ended: the copy, if any is left, is the user's to restore. */
  if (step == PLUG_KEEP_FILES_STEP_DONE && self->copy_lock >= 0)
    {
      close (self->copy_lock);
      self->copy_lock = -1;
    }

  g_object_freeze_notify (G_OBJECT (self));
  self->step = step;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
set_counts (PlugKeepFilesOperation *self,
            guint                   files_done,
            guint                   files_total,
            guint64                 bytes_done,
            guint64                 bytes_total)
{
  g_object_freeze_notify (G_OBJECT (self));
  if (self->files_total != files_total)
    {
      self->files_total = files_total;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILES_TOTAL]);
    }
  if (self->bytes_total != bytes_total)
    {
      self->bytes_total = bytes_total;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BYTES_TOTAL]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
    }
  if (self->files_done != files_done)
    {
      self->files_done = files_done;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILES_DONE]);
    }
  if (self->bytes_done != bytes_done)
    {
      self->bytes_done = bytes_done;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BYTES_DONE]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

enum {
  COUNT_FILES,
  COUNT_BYTES,
  N_COUNTS
};

/* In a thread: @files more files and @bytes more bytes are done. */
static void
thread_progress (PlugKeepFilesOperation *self,
                 guint                   files,
                 guint64                 bytes)
{
  plug_thread_progress_add (self->thread_progress, COUNT_FILES, files);
  plug_thread_progress_add (self->thread_progress, COUNT_BYTES, bytes);
}

static void
apply_thread_progress (const guint64 *counts,
                       gpointer       user_data)
{
  PlugKeepFilesOperation *self = user_data;

  set_counts (self, (guint) counts[COUNT_FILES], self->files_total,
              counts[COUNT_BYTES], self->bytes_total);
}

/* Starts a step that runs in a thread: counts from 0. */
static void
start_thread_step (PlugKeepFilesOperation *self,
                    PlugKeepFilesStep      step,
                    guint                   files_total,
                    guint64                 bytes_total)
{
  g_clear_pointer (&self->thread_progress, plug_thread_progress_free);
  self->thread_progress = plug_thread_progress_new (N_COUNTS, "[plugboard] keep files progress",
                                                    apply_thread_progress, self);

  set_counts (self, 0, files_total, 0, bytes_total);
  set_step (self, step);
}

/* The step's thread has returned: its last counts, and no more. */
static void
end_thread_step (PlugKeepFilesOperation *self)
{
  if (self->thread_progress == NULL)
    return;

  plug_thread_progress_flush (self->thread_progress);
  g_clear_pointer (&self->thread_progress, plug_thread_progress_free);
}

/* --- file work, in the threads ------------------------------------------ */

typedef struct
{
  /* Problems that stop the plan; what cannot be carried. */
  GPtrArray  *problems;
  guint       n_problems;
  GPtrArray  *not_carried;
  /* "dev:ino" of the files with more than one name → their first Entry. */
  GHashTable *inodes;
  GError     *error;
} ScanState;

static void
add_problem (ScanState  *state,
             char       *problem)
{
  state->n_problems++;
  if (state->problems->len < MAX_LISTED)
    g_ptr_array_add (state->problems, problem);
  else
    g_free (problem);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The user.* attributes of a file or folder, and whether it has an ACL;
 * what cannot be read is as if it were not there. */
static void
read_xattrs (Entry      *entry,
             const char *path)
{
  g_autofree char *names = NULL;
  ssize_t length = llistxattr (path, NULL, 0);

  if (length <= 0)
    return;
  names = g_malloc (length);
  length = llistxattr (path, names, length);

  for (ssize_t i = 0; length > 0 && i < length; i += strlen (names + i) + 1)
    {
      const char *name = names + i;
      g_autofree char *value = NULL;
      ssize_t size;

      if (g_str_equal (name, "system.posix_acl_access") || g_str_equal (name, "system.posix_acl_default"))
        entry->has_acl = TRUE;
      if (!g_str_has_prefix (name, "user."))
        continue;

      size = lgetxattr (path, name, NULL, 0);
      if (size < 0)
        continue;
      value = g_malloc (MAX (size, 1));
      size = lgetxattr (path, name, value, size);
      if (size < 0)
        continue;

      if (entry->xattrs == NULL)
        entry->xattrs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_bytes_unref);
      g_hash_table_insert (entry->xattrs, g_strdup (name), g_bytes_new (value, size));
    }
}

/* A file with several names: the first listed is copied, the others are
 * made links to it, where the filesystem holds them. */
static void
note_hard_link (ScanState         *state,
                Entry             *entry,
                const struct stat *st)
{
  g_autofree char *key = g_strdup_printf ("%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT,
                                          (guint64) st->st_dev, (guint64) st->st_ino);
  Entry *first = g_hash_table_lookup (state->inodes, key);

  if (first != NULL)
    entry->hard_link_of = first;
  else
    g_hash_table_insert (state->inodes, g_steal_pointer (&key), entry);
}

static gboolean
scan_folder (PlugKeepFilesOperation *self,
             ScanState              *state,
             const char             *relative,
             GCancellable           *cancellable)
{
  g_autofree char *folder = g_build_filename (self->source_folder, relative, NULL);
  g_autoptr(GHashTable) folded_names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  gboolean at_root = *relative == '\0';
  guint64 max_size = plug_filesystem_type_get_max_file_size (self->filesystem);
  const char *name;

  dir = g_dir_open (folder, 0, &error);
  if (dir == NULL)
    {
      state->error = g_error_new (G_IO_ERROR, error->code,
                                  /* Translators: a folder, then why */
                                  _("Could not read the folder %s: %s"), folder, error->message);
      return FALSE;
    }

  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  /* The same order every time, and in the kept copy. */
  g_ptr_array_sort (names, compare_names);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = NULL;
      g_autofree char *full_path = NULL;
      g_autofree char *name_problem = NULL;
      g_autofree char *display = NULL;
      struct stat st;
      Entry *entry;

      name = g_ptr_array_index (names, i);
      if (g_cancellable_set_error_if_cancelled (cancellable, &state->error))
        return FALSE;

      path = at_root ? g_strdup (name) : g_build_filename (relative, name, NULL);
      full_path = g_build_filename (self->source_folder, path, NULL);
      display = g_filename_display_name (path);

      if (lstat (full_path, &st) != 0)
        {
          state->error = plug_drive_error_from_errno (errno, _("Could not read %s"), full_path);
          return FALSE;
        }

      /* ext4's lost+found belongs to the filesystem, and every new ext4
       * gets its own. */
      if (at_root && S_ISDIR (st.st_mode) && g_str_equal (name, "lost+found") &&
          g_str_has_prefix (self->source_filesystem != NULL ? self->source_filesystem : "", "ext"))
        continue;

      if (!S_ISDIR (st.st_mode) && !S_ISREG (st.st_mode) && !S_ISLNK (st.st_mode))
        {
          /* Translators: a file's path on the drive */
          g_ptr_array_insert (state->not_carried, state->not_carried->len - 1,
                              g_strdup_printf (_("%s (a special file, such as a pipe or a device)"), display));
          continue;
        }
      if (S_ISLNK (st.st_mode) && !plug_filesystem_type_can_carry_links (self->filesystem))
        {
          g_ptr_array_insert (state->not_carried, state->not_carried->len - 1,
                              g_strdup_printf (_("%s (a symbolic link, which this filesystem cannot hold)"), display));
          continue;
        }

      name_problem = plug_keep_files_check_name (self->filesystem, name);
      if (name_problem != NULL)
        /* Translators: a path, then what is wrong with its name */
        add_problem (state, g_strdup_printf (_("%s: %s"), display, name_problem));

      if (is_fat_like (self->filesystem) && g_utf8_validate (name, -1, NULL))
        {
          char *folded = g_utf8_casefold (name, -1);

          if (g_hash_table_contains (folded_names, folded))
            {
              add_problem (state, g_strdup_printf (_("%s: another name in its folder differs only in "
                                                     "upper and lower case, which FAT and exFAT "
                                                     "do not tell apart"), display));
              g_free (folded);
            }
          else
            {
              g_hash_table_add (folded_names, folded);
            }
        }

      entry = g_new0 (Entry, 1);
      entry->path = g_steal_pointer (&path);
      /* FAT, exFAT and NTFS keep no permissions: the mount shows every
       * file as executable. Kept elsewhere, a file is 0644 and a folder
       * 0755, as a new one would be. */
      if (has_no_modes (self->source_filesystem))
        entry->mode = S_ISDIR (st.st_mode) ? 0755 : 0644;
      else
        entry->mode = st.st_mode & 07777;
      entry->atime = st.st_atim;
      entry->mtime = st.st_mtim;
      entry->owned_by_other = !has_no_modes (self->source_filesystem) && st.st_uid != getuid ();
      g_ptr_array_add (self->entries, entry);
      if (!S_ISLNK (st.st_mode))
        read_xattrs (entry, full_path);

      if (S_ISLNK (st.st_mode))
        {
          g_autoptr(GError) link_error = NULL;

          entry->kind = ENTRY_LINK;
          entry->link_target = g_file_read_link (full_path, &link_error);
          if (entry->link_target == NULL)
            {
              state->error = g_error_new (G_IO_ERROR, link_error->code, "%s", link_error->message);
              return FALSE;
            }
        }
      else if (S_ISREG (st.st_mode))
        {
          entry->kind = ENTRY_FILE;
          entry->size = st.st_size;
          entry->allocated = (guint64) st.st_blocks * 512;
          if (st.st_nlink > 1)
            note_hard_link (state, entry, &st);
          self->n_files++;
          self->kept_bytes += st.st_size;
          if (access (full_path, R_OK) != 0)
            {
              state->error = plug_drive_error_from_errno (errno, _("Could not read %s, so it could not be kept"), full_path);
              return FALSE;
            }
          if (max_size != 0 && (guint64) st.st_size > max_size)
            {
              g_autofree char *size_text = g_format_size (st.st_size);

              /* Translators: a path, then a size */
              add_problem (state, g_strdup_printf (_("%s is %s, larger than the 4 GB a FAT32 file "
                                                     "can hold"), display, size_text));
            }
        }
      else
        {
          entry->kind = ENTRY_FOLDER;
          if (!scan_folder (self, state, entry->path, cancellable))
            return FALSE;
        }
    }

  return TRUE;
}

/* Whether a file on @filesystem that takes fewer blocks than its size
 * has holes, which the copy keeps, rather than compressed data, which
 * takes its full size once copied (Btrfs and NTFS compress). Only then
 * is the new filesystem's room counted by the blocks: an estimate too
 * small would fail the copy back, after the reformat. */
static gboolean
blocks_are_holes (const char *filesystem)
{
  return g_strcmp0 (filesystem, "ext2") == 0 || g_strcmp0 (filesystem, "ext3") == 0 ||
         g_strcmp0 (filesystem, "ext4") == 0 || g_strcmp0 (filesystem, "xfs") == 0;
}

/* What the files that are kept lose on the way, from the entries and
 * what the new filesystem holds: said before, not found after. */
static void
list_dropped (PlugKeepFilesOperation *self)
{
  g_autoptr(GHashTable) linked = g_hash_table_new (NULL, NULL);
  guint n_sparse = 0, n_xattrs = 0, n_acls = 0, n_others = 0;
  guint64 sparse_bytes = 0;

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);

      /* Of a file by several names, what it is counts once. */
      if (entry->hard_link_of != NULL)
        {
          g_hash_table_add (linked, entry);
          g_hash_table_add (linked, entry->hard_link_of);
          continue;
        }
      /* A hole of a block at least: a small file kept in its inode
       * (inline data) takes no block, and is not sparse. */
      if (entry->kind == ENTRY_FILE && entry->allocated + HOST_BLOCK_SIZE <= entry->size)
        {
          n_sparse++;
          sparse_bytes += entry->size;
        }
      if (entry->xattrs != NULL)
        n_xattrs++;
      if (entry->has_acl)
        n_acls++;
      if (entry->owned_by_other)
        n_others++;
    }

  g_ptr_array_set_size (self->dropped, 0);

  if (!self->carry_hard_links && g_hash_table_size (linked) > 0)
    g_ptr_array_add (self->dropped,
                     /* Translators: %u is a number of files, always 2 or more */
                     g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "%u file shares its data through hard links: "
                                                   "it will come back as a separate copy",
                                                   "%u files share their data through hard links: "
                                                   "they will come back as separate copies",
                                                   g_hash_table_size (linked)),
                                      g_hash_table_size (linked)));
  if (!self->carry_holes && n_sparse > 0)
    {
      g_autofree char *size_text = g_format_size (sparse_bytes);

      g_ptr_array_add (self->dropped,
                       /* Translators: a number of files, then a size */
                       g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                     "%u sparse file will take its full size on the new "
                                                     "filesystem, %s",
                                                     "%u sparse files will take their full size on the new "
                                                     "filesystem, %s in all",
                                                     n_sparse),
                                        n_sparse, size_text));
    }
  if (!self->carry_xattrs && n_xattrs > 0)
    g_ptr_array_add (self->dropped,
                     /* Translators: %u is a number of files and folders */
                     g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "The user extended attributes of %u file or folder "
                                                   "will be dropped",
                                                   "The user extended attributes of %u files and folders "
                                                   "will be dropped",
                                                   n_xattrs),
                                      n_xattrs));
  /* The copy runs as the user, who can set neither. */
  if (n_acls > 0)
    g_ptr_array_add (self->dropped,
                     /* Translators: %u is a number of files and folders */
                     g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "The access control list (ACL) of %u file or folder "
                                                   "will be dropped",
                                                   "The access control lists (ACLs) of %u files and "
                                                   "folders will be dropped",
                                                   n_acls),
                                      n_acls));
  if (n_others > 0)
    g_ptr_array_add (self->dropped,
                     /* Translators: %u is a number of files and folders */
                     g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                   "%u file or folder belongs to someone else: owners are "
                                                   "not kept, every file will belong to you",
                                                   "%u files and folders belong to someone else: owners "
                                                   "are not kept, every file will belong to you",
                                                   n_others),
                                      n_others));

  g_ptr_array_add (self->dropped, NULL);
}

/* Where the copy goes: a new folder under kept-files, named after the
 * volume and the time. */
static void
choose_copy_path (PlugKeepFilesOperation *self)
{
  const char *label = plug_volume_get_label (self->volume);
  g_autofree char *name = NULL;
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");

  if (label != NULL && *label != '\0')
    name = g_strdup (label);
  else
    name = g_path_get_basename (plug_volume_get_device (self->volume));
  g_strdelimit (name, "/\\\n\r\t", '_');
  if (name[0] == '.')
    name[0] = '_';

  for (guint n = 1; ; n++)
    {
      g_autofree char *folder = n == 1 ? g_strdup_printf ("%s-%s", name, stamp)
                                       : g_strdup_printf ("%s-%s-%u", name, stamp, n);
      g_autofree char *path = g_build_filename (self->base_folder, folder, NULL);
      g_autofree char *manifest = g_strconcat (path, ".sha256", NULL);
      g_autofree char *info = g_strconcat (path, ".info", NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS) && !g_file_test (manifest, G_FILE_TEST_EXISTS) &&
          !g_file_test (info, G_FILE_TEST_EXISTS))
        {
          /* Planned again (once the volume is read-only), it chooses anew. */
          g_free (self->copy_path);
          g_free (self->manifest_path);
          self->copy_path = g_steal_pointer (&path);
          self->manifest_path = g_steal_pointer (&manifest);
          return;
        }
    }
}

static void
plan_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  PlugKeepFilesOperation *self = source_object;
  ScanState state = { 0 };
  guint64 cluster = 4096;
  guint64 capacity = plug_filesystem_type_estimate_capacity (self->filesystem, self->target_size, &cluster);
  guint64 on_drive = 0;
  guint64 on_host = SPACE_MARGIN;
  struct statvfs host;
  g_autofree char *problem_list = NULL;

  state.problems = g_ptr_array_new_with_free_func (g_free);
  state.not_carried = self->not_carried;
  state.inodes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->carry_hard_links = plug_filesystem_type_holds_hard_links (self->filesystem);
  self->carry_holes = plug_filesystem_type_holds_holes (self->filesystem);
  self->carry_xattrs = plug_filesystem_type_holds_user_xattrs (self->filesystem);

  if (!scan_folder (self, &state, "", cancellable))
    {
      g_ptr_array_unref (state.problems);
      g_hash_table_unref (state.inodes);
      g_task_return_error (task, state.error);
      return;
    }
  g_hash_table_unref (state.inodes);
  list_dropped (self);

  if (state.n_problems > 0)
    {
      GString *list = g_string_new (NULL);

      for (guint i = 0; i < state.problems->len; i++)
        g_string_append_printf (list, "\n  %s", (char *) g_ptr_array_index (state.problems, i));
      if (state.n_problems > state.problems->len)
        g_string_append_printf (list, "\n  ");
      if (state.n_problems > state.problems->len)
        /* Translators: %u is a number of further problems */
        g_string_append_printf (list, g_dngettext (GETTEXT_PACKAGE, "and %u more", "and %u more",
                                                   state.n_problems - state.problems->len),
                                state.n_problems - state.problems->len);
      g_ptr_array_unref (state.problems);
      problem_list = g_string_free (list, FALSE);
      g_task_return_new_error (task, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_NOT_SUPPORTED,
                               /* Translators: a filesystem, then a list of files and why */
                               _("These files cannot be kept on %s, so nothing was changed: "
                                 "rename or move them first, or choose another filesystem:%s"),
                               plug_filesystem_type_lookup (self->filesystem) != NULL
                               ? plug_filesystem_type_lookup (self->filesystem)->display_name : self->filesystem,
                               problem_list);
      return;
    }
  g_ptr_array_unref (state.problems);

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);

      /* The copy on the computer keeps links and holes; the new
       * filesystem, when it holds them. */
      guint64 stored = entry->kind == ENTRY_FILE ? MIN (entry->size, entry->allocated) : 0;
      gboolean sparse_on_drive = self->carry_holes && blocks_are_holes (self->source_filesystem);

      if (entry->hard_link_of == NULL || !self->carry_hard_links)
        on_drive += round_up (MAX (sparse_on_drive ? stored : entry->size, 1), cluster);
      if (entry->hard_link_of == NULL)
        on_host += round_up (MAX (stored, 1), HOST_BLOCK_SIZE);
    }

  if (on_drive > capacity)
    {
      g_autofree char *files_text = g_format_size (on_drive);
      g_autofree char *capacity_text = g_format_size (capacity);

      g_task_return_new_error (task, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_NO_SPACE,
                               /* Translators: two sizes, then a filesystem */
                               _("The files take %s, and the new %s volume will hold about %s: "
                                 "they would not fit. Nothing was changed."),
                               files_text,
                               plug_filesystem_type_lookup (self->filesystem) != NULL
                               ? plug_filesystem_type_lookup (self->filesystem)->display_name : self->filesystem,
                               capacity_text);
      return;
    }

  if (g_mkdir_with_parents (self->base_folder, 0700) != 0)
    {
      g_task_return_error (task, plug_drive_error_from_errno (errno, _("Could not create the folder %s"), self->base_folder));
      return;
    }
  if (statvfs (self->base_folder, &host) != 0)
    {
      g_task_return_error (task, plug_drive_error_from_errno (errno, _("Could not read the free space of %s"), self->base_folder));
      return;
    }

  self->space_needed = on_host;
  self->space_available = (guint64) host.f_bavail * host.f_frsize;
  if (self->space_needed > self->space_available)
    {
      g_autofree char *needed_text = g_format_size (self->space_needed);
      g_autofree char *available_text = g_format_size (self->space_available);

      g_task_return_new_error (task, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_NO_SPACE,
                               /* Translators: a size, a folder, a size */
                               _("Keeping the files needs %s free on this computer, in %s, and %s "
                                 "is free. Nothing was changed."),
                               needed_text, self->base_folder, available_text);
      return;
    }

  choose_copy_path (self);
  g_task_return_boolean (task, TRUE);
}

/* Sets @entry's user.* attributes on @path. Onto the kept copy
 * (@best_effort), a computer whose filesystem has none keeps none: they
 * are still in the list, and go onto the new filesystem from there. */
static gboolean
write_xattrs (const Entry  *entry,
              int           fd,
              const char   *path,
              gboolean      best_effort,
              GError      **error)
{
  GHashTableIter iter;
  const char *name;
  GBytes *value;

  if (entry->xattrs == NULL)
    return TRUE;

  g_hash_table_iter_init (&iter, entry->xattrs);
  while (g_hash_table_iter_next (&iter, (gpointer *) &name, (gpointer *) &value))
    {
      gsize size;
      const void *data = g_bytes_get_data (value, &size);
      int result = fd >= 0 ? fsetxattr (fd, name, data, size, 0) : lsetxattr (path, name, data, size, 0);

      if (result == 0)
        continue;
      if (best_effort && (errno == ENOTSUP || errno == EOPNOTSUPP || errno == EPERM))
        return TRUE;
      /* Translators: an attribute's name, then a path */
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not set the extended attribute %s of %s"), name, path));
      return FALSE;
    }

  return TRUE;
}

/* Whether @path has every user.* attribute of @entry, with its value. */
static gboolean
check_xattrs (const Entry *entry,
              const char  *path)
{
  GHashTableIter iter;
  const char *name;
  GBytes *value;

  if (entry->xattrs == NULL)
    return TRUE;

  g_hash_table_iter_init (&iter, entry->xattrs);
  while (g_hash_table_iter_next (&iter, (gpointer *) &name, (gpointer *) &value))
    {
      gsize size;
      const void *data = g_bytes_get_data (value, &size);
      g_autofree char *found = g_malloc (MAX (size, 1));

      if (lgetxattr (path, name, found, MAX (size, 1)) != (ssize_t) size ||
          memcmp (found, data, size) != 0)
        return FALSE;
    }

  return TRUE;
}

static const guchar zeros[64 * 1024];

static void
checksum_zeros (GChecksum *checksum,
                guint64    length)
{
  while (length > 0)
    {
      gsize n = MIN (length, sizeof zeros);

      g_checksum_update (checksum, zeros, n);
      length -= n;
    }
}

static gboolean
write_all (int           out,
           const guchar *data,
           gsize         length,
           off_t         offset)
{
  while (length > 0)
    {
      ssize_t w = pwrite (out, data, length, offset);

      if (w < 0 && errno == EINTR)
        continue;
      if (w < 0)
        return FALSE;
      data += w;
      length -= w;
      offset += w;
    }

  return TRUE;
}

/* Writes @length bytes read at @offset; with @keep_holes, the blocks of
 * zeros are left unwritten: holes again, as cp --sparse=auto makes them.
 * That also finds the holes of a file SEEK_HOLE cannot tell (on FUSE). */
static gboolean
write_block (int           out,
             const guchar *data,
             gsize         length,
             off_t         offset,
             gboolean      keep_holes)
{
  if (!keep_holes)
    return write_all (out, data, length, offset);

  for (gsize done = 0; done < length; done += HOST_BLOCK_SIZE)
    {
      gsize n = MIN (HOST_BLOCK_SIZE, length - done);

      if (data[done] == 0 && memcmp (data + done, data + done + 1, n - 1) == 0)
        continue;
      if (!write_all (out, data + done, n, offset + done))
        return FALSE;
    }

  return TRUE;
}

/* Copies one file, hashing what it reads; on success @sha256 is its
 * SHA-256 in hex. With @keep_holes, a file that takes less room than its
 * size (a sparse file) keeps its holes: they are skipped (SEEK_DATA) and
 * not written. */
static gboolean
copy_file (PlugKeepFilesOperation  *self,
           const char              *from,
           const char              *to,
           guint                    mode,
           const Entry             *entry,
           gboolean                 keep_holes,
           gboolean                 keep_xattrs,
           gboolean                 record,
           guchar                  *buffer,
           char                   **sha256,
           GCancellable            *cancellable,
           GError                 **error)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  struct timespec times[2] = { entry->atime, entry->mtime };
  int in = open (from, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  gboolean sparse = FALSE;
  struct stat st;
  off_t position = 0;
  int out;

  if (in < 0)
    {
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not read %s"), from));
      return FALSE;
    }
  out = open (to, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
  if (out < 0)
    {
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not create %s"), to));
      close (in);
      return FALSE;
    }
  if (keep_holes && fstat (in, &st) == 0 && (guint64) st.st_blocks * 512 < (guint64) st.st_size)
    sparse = TRUE;

  for (;;)
    {
      ssize_t n;

      if (sparse)
        {
          off_t data = lseek (in, position, SEEK_DATA);

          /* ENXIO: only a hole from here; otherwise it cannot tell, and
           * the zeros are found as they are read. */
          if (data < 0 && errno == ENXIO)
            data = st.st_size;
          if (data > position)
            {
              checksum_zeros (checksum, data - position);
              thread_progress (self, 0, data - position);
              position = data;
            }
          if (position >= st.st_size)
            break;
          if (lseek (in, position, SEEK_SET) < 0)
            {
              g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not read %s"), from));
              goto fail;
            }
        }

      n = read (in, buffer, COPY_BUFFER_SIZE);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not read %s"), from));
          goto fail;
        }
      if (n == 0)
        break;

      g_checksum_update (checksum, buffer, n);
      if (!write_block (out, buffer, n, position, sparse))
        {
          g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not write %s"), to));
          goto fail;
        }
      position += n;
      thread_progress (self, 0, n);

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        goto fail;
    }

  /* The size, where it ends in a hole. */
  if (sparse && ftruncate (out, position) != 0)
    {
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not write %s"), to));
      goto fail;
    }
  if (keep_xattrs && !write_xattrs (entry, out, to, record, error))
    goto fail;

  close (in);
  if (close (out) != 0)
    {
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not write %s"), to));
      return FALSE;
    }
  /* After closing: FUSE filesystems (exFAT, NTFS) write at close, and
   * would set the time to now. */
  if (utimensat (AT_FDCWD, to, times, AT_SYMLINK_NOFOLLOW) != 0 && errno != EPERM)
    {
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not set the time of %s"), to));
      return FALSE;
    }

  *sha256 = g_strdup (g_checksum_get_string (checksum));
  return TRUE;

fail:
  close (in);
  close (out);
  return FALSE;
}

/* Another name of a file copied before: a hard link to it, the same
 * data. */
static gboolean
link_file (PlugKeepFilesOperation  *self,
           Entry                   *entry,
           const char              *to_root,
           const char              *to,
           gboolean                 record,
           GError                 **error)
{
  g_autofree char *first = g_build_filename (to_root, entry->hard_link_of->path, NULL);

  if (link (first, to) != 0)
    {
      /* Translators: two paths */
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not link %s to %s"), to, first));
      return FALSE;
    }
  if (record)
    {
      g_free (entry->sha256);
      entry->sha256 = g_strdup (entry->hard_link_of->sha256);
    }
  thread_progress (self, 0, entry->size);

  return TRUE;
}

/* Copies every entry from @from_root to @to_root, in the order scanned
 * (folders before what they hold). With @record, stores each file's
 * SHA-256; without, checks it against the one stored. The copy out (with
 * @record) keeps hard links, holes and user.* attributes on the computer;
 * the copy back, those the new filesystem holds. */
static gboolean
copy_tree (PlugKeepFilesOperation  *self,
           const char              *from_root,
           const char              *to_root,
           gboolean                 record,
           GCancellable            *cancellable,
           GError                 **error)
{
  g_autofree guchar *buffer = g_malloc (COPY_BUFFER_SIZE);
  int root_fd;

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);
      g_autofree char *from = g_build_filename (from_root, entry->path, NULL);
      g_autofree char *to = g_build_filename (to_root, entry->path, NULL);
      /* The kept copy is the user's only: folders and files private. */
      guint mode = record ? (entry->mode & 0700) | 0600 : entry->mode & 0777;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;

      switch (entry->kind)
        {
        case ENTRY_FOLDER:
          if (g_mkdir (to, mode | 0700) != 0)
            {
              g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not create the folder %s"), to));
              return FALSE;
            }
          if ((record || self->carry_xattrs) && !write_xattrs (entry, -1, to, record, error))
            return FALSE;
          break;

        case ENTRY_LINK:
          if (symlink (entry->link_target, to) != 0)
            {
              g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not create the link %s"), to));
              return FALSE;
            }
          break;

        case ENTRY_FILE:
        default:
          {
            g_autofree char *sha256 = NULL;

            if (entry->hard_link_of != NULL && (record || self->carry_hard_links))
              {
                g_autoptr(GError) link_error = NULL;

                if (link_file (self, entry, to_root, to, record, &link_error))
                  break;
                /* A computer whose home holds no hard links gets copies:
                 * the new filesystem still gets links. */
                if (!record ||
                    !(g_error_matches (link_error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED) ||
                      g_error_matches (link_error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED) ||
                      g_error_matches (link_error, G_IO_ERROR, G_IO_ERROR_TOO_MANY_LINKS)))
                  {
                    g_propagate_error (error, g_steal_pointer (&link_error));
                    return FALSE;
                  }
              }
            if (!copy_file (self, from, to, mode, entry, record || self->carry_holes,
                            record || self->carry_xattrs, record, buffer, &sha256, cancellable, error))
              return FALSE;
            if (record)
              {
                g_free (entry->sha256);
                entry->sha256 = g_steal_pointer (&sha256);
              }
            else if (g_strcmp0 (entry->sha256, sha256) != 0)
              {
                g_set_error (error, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_FAILED,
                             /* Translators: a file in the kept copy */
                             _("The copy of %s on this computer is not what was read from the drive: "
                               "this computer’s disk may be failing"), from);
                return FALSE;
              }
          }
          break;
        }

      thread_progress (self, 1, 0);
    }

  /* Folders' times last, deepest first: adding to a folder changes it. */
  for (guint i = self->entries->len; i > 0; i--)
    {
      Entry *entry = g_ptr_array_index (self->entries, i - 1);
      g_autofree char *to = g_build_filename (to_root, entry->path, NULL);
      struct timespec times[2] = { entry->atime, entry->mtime };

      if (entry->kind == ENTRY_FOLDER &&
          utimensat (AT_FDCWD, to, times, AT_SYMLINK_NOFOLLOW) != 0 && errno != EPERM)
        {
          g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not set the time of %s"), to));
          return FALSE;
        }
    }

  /* Written through before it counts: the copy out before the drive is
   * wiped, the copy back before it is read back. */
  root_fd = open (to_root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (root_fd < 0 || syncfs (root_fd) != 0)
    {
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not write %s through to its disk"), to_root));
      if (root_fd >= 0)
        close (root_fd);
      return FALSE;
    }
  close (root_fd);

  return TRUE;
}

static gboolean
write_manifest (PlugKeepFilesOperation  *self,
                GError                 **error)
{
  g_autoptr(GString) manifest = g_string_new (NULL);

  /* sha256sum's format: `sha256sum -c` checks the copy from inside it.
   * As sha256sum writes it, a name holding a backslash or a newline has
   * them escaped, and its line starts with a backslash. */
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);
      gboolean escape;

      if (entry->kind != ENTRY_FILE)
        continue;

      escape = strpbrk (entry->path, "\\\n") != NULL;
      if (escape)
        g_string_append_c (manifest, '\\');
      g_string_append_printf (manifest, "%s  ./", entry->sha256);
      for (const char *p = entry->path; *p != '\0'; p++)
        {
          if (escape && *p == '\\')
            g_string_append (manifest, "\\\\");
          else if (escape && *p == '\n')
            g_string_append (manifest, "\\n");
          else
            g_string_append_c (manifest, *p);
        }
      g_string_append_c (manifest, '\n');
    }

  return g_file_set_contents_full (self->manifest_path, manifest->str, manifest->len,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

static void
copy_out_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  PlugKeepFilesOperation *self = source_object;
  GError *error = NULL;
  PlugKeptCopyInfo info = {
    .label = plug_volume_get_label (self->volume),
    .device = plug_volume_get_device (self->volume),
    .drive = self->drive_name,
    .filesystem = self->source_filesystem,
    .new_filesystem = self->filesystem,
    .n_files = self->n_files,
    .size = self->kept_bytes,
  };

  /* What the copy is of goes first, the checksums last: a copy without
   * them is known to be unfinished (plug-kept-copy.c). */
  self->copy_lock = plug_kept_copy_begin (self->base_folder, self->copy_path, &info, &error);
  if (self->copy_lock < 0)
    {
      g_task_return_error (task, error);
      return;
    }

  if (g_mkdir (self->copy_path, 0700) != 0)
    {
      g_task_return_error (task, plug_drive_error_from_errno (errno, _("Could not create the folder %s"), self->copy_path));
      plug_kept_copy_remove_files (self->copy_path, NULL);
      return;
    }

  if (!copy_tree (self, self->source_folder, self->copy_path, TRUE, cancellable, &error) ||
      !write_manifest (self, &error))
    {
      /* The drive is untouched: a partial copy is of no use. */
      plug_kept_copy_remove_files (self->copy_path, NULL);
      g_task_return_error (task, error);
      return;
    }

  g_task_return_boolean (task, TRUE);
}

static void
copy_back_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  PlugKeepFilesOperation *self = source_object;
  GError *error = NULL;

  if (!copy_tree (self, self->copy_path, self->new_folder, FALSE, cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  g_task_return_boolean (task, TRUE);
}

/* Reads one file back from the drive, past the page cache as far as a
 * user can: its pages written are dropped first. */
static char *
hash_file (PlugKeepFilesOperation  *self,
           const char              *path,
           guchar                  *buffer,
           GCancellable            *cancellable,
           GError                 **error)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  int fd = open (path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);

  if (fd < 0)
    {
      g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not read %s back"), path));
      return NULL;
    }
  posix_fadvise (fd, 0, 0, POSIX_FADV_DONTNEED);

  for (;;)
    {
      ssize_t n = read (fd, buffer, COPY_BUFFER_SIZE);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          g_propagate_error (error, plug_drive_error_from_errno (errno, _("Could not read %s back"), path));
          close (fd);
          return NULL;
        }
      if (n == 0)
        break;
      g_checksum_update (checksum, buffer, n);
      thread_progress (self, 0, n);
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          close (fd);
          return NULL;
        }
    }

  close (fd);

  return g_strdup (g_checksum_get_string (checksum));
}

/* Whether @path, read back, is the same file as the first name of
 * @entry's data, not a copy of it. */
static gboolean
is_hard_link_of (PlugKeepFilesOperation *self,
                 const Entry            *entry,
                 const char             *path)
{
  g_autofree char *first = g_build_filename (self->new_folder, entry->hard_link_of->path, NULL);
  struct stat st, first_st;

  return lstat (path, &st) == 0 && lstat (first, &first_st) == 0 && S_ISREG (st.st_mode) &&
         st.st_dev == first_st.st_dev && st.st_ino == first_st.st_ino && st.st_nlink > 1;
}

static void
verify_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  PlugKeepFilesOperation *self = source_object;
  g_autofree guchar *buffer = g_malloc (COPY_BUFFER_SIZE);
  g_autoptr(GPtrArray) differing = g_ptr_array_new_with_free_func (g_free);
  guint n_differing = 0;

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);
      g_autofree char *path = g_build_filename (self->new_folder, entry->path, NULL);
      g_autofree char *found = NULL;
      g_autoptr(GError) error = NULL;
      gboolean same = FALSE;
      struct stat st;

      if (entry->kind == ENTRY_FILE && entry->hard_link_of != NULL && self->carry_hard_links)
        {
          same = is_hard_link_of (self, entry, path);
          thread_progress (self, 0, entry->size);
        }
      else if (entry->kind == ENTRY_FILE)
        {
          found = hash_file (self, path, buffer, cancellable, &error);
          if (found == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            {
              g_task_return_error (task, g_steal_pointer (&error));
              return;
            }
          same = found != NULL && g_strcmp0 (found, entry->sha256) == 0;
        }
      else if (entry->kind == ENTRY_LINK)
        {
          found = g_file_read_link (path, NULL);
          same = g_strcmp0 (found, entry->link_target) == 0;
        }
      else
        {
          same = lstat (path, &st) == 0 && S_ISDIR (st.st_mode);
        }
      if (same && self->carry_xattrs && entry->kind != ENTRY_LINK)
        same = check_xattrs (entry, path);

      if (!same)
        {
          n_differing++;
          if (differing->len < MAX_LISTED)
            g_ptr_array_add (differing, g_filename_display_name (entry->path));
        }
      thread_progress (self, 1, 0);
    }

  if (n_differing > 0)
    {
      g_autofree char *list = NULL;

      g_ptr_array_add (differing, NULL);
      list = g_strjoinv (", ", (char **) differing->pdata);

      g_task_return_new_error (task, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_FAILED,
                               /* Translators: a number, then a list of files */
                               g_dngettext (GETTEXT_PACKAGE,
                                            "%u file read back from the drive is not what was "
                                            "copied: %s",
                                            "%u files read back from the drive are not what was "
                                            "copied: %s",
                                            n_differing),
                               n_differing, list);
      return;
    }

  g_task_return_boolean (task, TRUE);
}

static void
remove_copy_thread (GTask        *task,
                    gpointer      source_object,
                    gpointer      task_data,
                    GCancellable *cancellable)
{
  PlugKeepFilesOperation *self = source_object;
  GError *error = NULL;

  if (!plug_kept_copy_remove_files (self->copy_path, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  g_task_return_boolean (task, TRUE);
}

/* Runs @func in a thread for @task's operation, then @done. */
static void
run_in_thread (PlugKeepFilesOperation *self,
               GTask                  *task,
               GTaskThreadFunc         func,
               GAsyncReadyCallback     done)
{
  g_autoptr(GTask) thread_task = g_task_new (self, g_task_get_cancellable (task), done, g_object_ref (task));

  g_task_set_check_cancellable (thread_task, FALSE);
  g_task_run_in_thread (thread_task, func);
}

/* --- plan -------------------------------------------------------------- */

static void
plan_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  PlugKeepFilesOperation *self = PLUG_KEEP_FILES_OPERATION (object);
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  end_thread_step (self);
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_ptr_array_set_size (self->entries, 0);
      set_step (self, PLUG_KEEP_FILES_STEP_DONE);
      g_task_return_error (task, error);
      return;
    }

  self->planned = TRUE;
  set_counts (self, 0, self->entries->len, 0, self->kept_bytes);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COPY_PATH]);
  set_step (self, PLUG_KEEP_FILES_STEP_NONE);
  g_task_return_boolean (task, TRUE);
}

/**
 * plug_keep_files_operation_plan_async:
 *
 * Reads the volume's files and checks that they can be kept: each fits
 * the new filesystem by size and name, all of them fit its capacity, and
 * the computer has the space for the copy. Changes nothing on the drive.
 * Fails, saying why, when the volume is not mounted or a file cannot be
 * read or kept. Run it once, before plug_keep_files_operation_run_async(),
 * which otherwise runs it first.
 */
void
plug_keep_files_operation_plan_async (PlugKeepFilesOperation *self,
                                      GCancellable           *cancellable,
                                      GAsyncReadyCallback     callback,
                                      gpointer                user_data)
{
  g_autoptr(GTask) task = NULL;
  const char *mount_point;

  g_return_if_fail (PLUG_IS_KEEP_FILES_OPERATION (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_keep_files_operation_plan_async);

  if (self->planned || self->step != PLUG_KEEP_FILES_STEP_NONE)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_BUSY, "A keep-files plan is made only once");
      return;
    }

  mount_point = plug_volume_get_mount_point (self->volume);
  if (mount_point == NULL)
    {
      g_task_return_new_error (task, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_NOT_MOUNTED,
                               /* Translators: a device */
                               _("%s is not mounted, so its files cannot be read: mount it first"),
                               plug_volume_get_device (self->volume));
      return;
    }

  self->source_folder = g_strdup (mount_point);
  self->base_folder = plug_kept_copy_dup_base_folder ();
  self->kept_bytes = 0;
  self->n_files = 0;

  start_thread_step (self, PLUG_KEEP_FILES_STEP_SCANNING, 0, 0);
  run_in_thread (self, task, plan_thread, plan_done_cb);
}

gboolean
plug_keep_files_operation_plan_finish (PlugKeepFilesOperation  *self,
                                       GAsyncResult            *result,
                                       GError                 **error)
{
  g_return_val_if_fail (PLUG_IS_KEEP_FILES_OPERATION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == plug_keep_files_operation_plan_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* --- run ------------------------------------------------------------- */

static void copy_out (PlugKeepFilesOperation *self, GTask *task);

/* The copy stays; the error says where. */
static void
fail_keeping_copy (PlugKeepFilesOperation *self,
                   GTask                  *task,
                   GError                 *error)
{
  g_autoptr(GError) owned_error = error;
  gboolean has_stop = g_str_has_suffix (owned_error->message, ".");

  end_thread_step (self);
  self->kept_copy_path = g_strdup (self->copy_path);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KEPT_COPY_PATH]);
  set_step (self, PLUG_KEEP_FILES_STEP_DONE);

  g_task_return_new_error (task, owned_error->domain, owned_error->code,
                           /* Translators: what went wrong, then a folder */
                           has_stop ? _("%s Your files are kept in %s")
                                     : _("%s. Your files are kept in %s"),
                           owned_error->message, self->copy_path);
}

static void
fail (PlugKeepFilesOperation *self,
      GTask                  *task,
      GError                 *error)
{
  end_thread_step (self);
  set_step (self, PLUG_KEEP_FILES_STEP_DONE);
  g_task_return_error (task, error);
}

static void
copy_removed_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  PlugKeepFilesOperation *self = PLUG_KEEP_FILES_OPERATION (object);
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;

  end_thread_step (self);
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      /* The files are on the drive and verified; what is left of the
       * copy is only in the way. */
      self->kept_copy_path = g_strdup (self->copy_path);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KEPT_COPY_PATH]);
      g_warning ("Could not remove the kept copy %s: %s", self->copy_path, error->message);
    }

  set_step (self, PLUG_KEEP_FILES_STEP_DONE);
  g_task_return_boolean (task, TRUE);
}

static void
verified_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  PlugKeepFilesOperation *self = PLUG_KEEP_FILES_OPERATION (object);
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      fail_keeping_copy (self, task, error);
      return;
    }

  end_thread_step (self);
  /* Past the last check: no Cancel now, the files are all there. */
  start_thread_step (self, PLUG_KEEP_FILES_STEP_REMOVING_COPY, self->entries->len, self->kept_bytes);
  {
    g_autoptr(GTask) thread_task = g_task_new (self, NULL, copy_removed_cb, g_object_ref (task));

    g_task_run_in_thread (thread_task, remove_copy_thread);
  }
}

static void
copied_back_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  PlugKeepFilesOperation *self = PLUG_KEEP_FILES_OPERATION (object);
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_prefix_error (&error, _("Could not copy the files back to %s: "), self->new_folder);
      fail_keeping_copy (self, task, error);
      return;
    }

  end_thread_step (self);
  start_thread_step (self, PLUG_KEEP_FILES_STEP_VERIFYING, self->entries->len, self->kept_bytes);
  run_in_thread (self, task, verify_thread, verified_cb);
}

static void
copy_back (PlugKeepFilesOperation *self,
           GTask                  *task)
{
  if (g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    {
      fail_keeping_copy (self, task,
                         g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                              _("Cancelled after the drive was reformatted.")));
      return;
    }

  start_thread_step (self, PLUG_KEEP_FILES_STEP_COPYING_BACK, self->entries->len, self->kept_bytes);
  run_in_thread (self, task, copy_back_thread, copied_back_cb);
}

static void
unused_copy_removed_cb (GObject      *object,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  PlugKeepFilesOperation *self = PLUG_KEEP_FILES_OPERATION (object);
  g_autoptr(GTask) task = user_data;
  GError *error = g_task_get_task_data (task);
  g_autoptr(GError) remove_error = NULL;

  end_thread_step (self);
  if (!g_task_propagate_boolean (G_TASK (result), &remove_error))
    {
      fail_keeping_copy (self, task, g_error_copy (error));
      return;
    }

  fail (self, task, g_error_copy (error));
}

static void
formatted_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) owned_task = user_data;
  PlugKeepFilesOperation *self = g_task_get_source_object (owned_task);
  const char *mount_point;
  GError *error = NULL;

  if (!plug_format_operation_run_finish (PLUG_FORMAT_OPERATION (object), result, &error))
    {
      if (plug_format_operation_get_format_called (self->format))
        {
          fail_keeping_copy (self, owned_task, error);
          return;
        }

      /* Nothing on the drive changed: the copy is not needed. */
      g_task_set_task_data (owned_task, error, (GDestroyNotify) g_error_free);
      start_thread_step (self, PLUG_KEEP_FILES_STEP_REMOVING_COPY, self->entries->len, self->kept_bytes);
      {
        g_autoptr(GTask) thread_task = g_task_new (self, NULL, unused_copy_removed_cb, g_object_ref (owned_task));

        g_task_run_in_thread (thread_task, remove_copy_thread);
      }
      return;
    }

  mount_point = plug_format_operation_get_mount_point (self->format);
  if (mount_point == NULL)
    {
      fail_keeping_copy (self, owned_task,
                         g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_NOT_MOUNTED,
                                      /* Translators: a device, then why */
                                      _("%s was reformatted, but could not be mounted to copy the "
                                        "files back (%s)"),
                                      plug_format_operation_get_device (self->format),
                                      plug_format_operation_get_mount_error (self->format) != NULL
                                      ? plug_format_operation_get_mount_error (self->format) : _("unknown reason")));
      return;
    }

  self->new_folder = g_strdup (mount_point);
  /* tests/system/test-drives-keep-files.sh breaks the new filesystem
   * here; the file tells it where the copy went. */
  plug_test_pause_then ("PLUG_TEST_KEEP_FILES_PAUSE_FILE", self->new_folder, owned_task,
                        (PlugTestPauseNext) copy_back);
}

static void thaw_and_fail (PlugKeepFilesOperation *self, GTask *task, GError *error);

static void
copied_out_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  PlugKeepFilesOperation *self = PLUG_KEEP_FILES_OPERATION (object);
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      /* The drive is untouched, and the partial copy removed. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_clear_error (&error);
          error = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Cancelled. Nothing was changed."));
        }
      thaw_and_fail (self, task, error);
      return;
    }

  end_thread_step (self);
  if (g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    {
      plug_kept_copy_remove_files (self->copy_path, NULL);
      thaw_and_fail (self, task, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                      _("Cancelled. Nothing was changed.")));
      return;
    }

  set_step (self, PLUG_KEEP_FILES_STEP_FORMATTING);
  plug_format_operation_run_async (self->format, g_task_get_cancellable (task), formatted_cb,
                                   g_object_ref (task));
}

static void
copy_out (PlugKeepFilesOperation *self,
          GTask                  *task)
{
  start_thread_step (self, PLUG_KEEP_FILES_STEP_COPYING_OUT, self->entries->len, self->kept_bytes);
  run_in_thread (self, task, copy_out_thread, copied_out_cb);
}

/* --- freezing the files: what is copied is what was confirmed ---------- */

/*
 * Between the plan (the confirmation lists its files) and the copy, the
 * user may drag a folder onto the drive, a camera or a sync program may
 * write to it; and a file may change after it was copied and before the
 * reformat. What is not in the copy would be wiped while the result said
 * every file was kept. So before copying, the volume is mounted again
 * read-only, its files are listed again, and the run stops, changing
 * nothing, if they are not the ones confirmed; read-only, nothing can
 * change them while they are copied. Whatever stops the run before the
 * reformat mounts the volume again as it was ("thaws" it).
 */

static void
thawed_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugKeepFilesOperation *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;

  if (!plug_udisks_mount_finish (result, &error))
    g_warning ("Could not mount %s again for writing: %s", plug_volume_get_device (self->volume),
               error->message);
  g_ptr_array_set_size (self->frozen, 0);
  fail (self, task, g_steal_pointer (&self->pending_error));
}

static void
thaw_unmounted_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugKeepFilesOperation *self = g_task_get_source_object (task);
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;

  if (!plug_udisks_unmount_finish (result, &error))
    g_warning ("Could not unmount the read-only %s: %s", plug_volume_get_device (self->volume),
               error->message);
  g_ptr_array_add (paths, g_strdup (plug_volume_get_object_path (self->volume)));
  plug_udisks_mount_async (self->client, paths, NULL, NULL, thawed_cb, g_steal_pointer (&task));
}

/* Stops the run with @error, once the volume is mounted for writing
 * again, if it was frozen. */
static void
thaw_and_fail (PlugKeepFilesOperation *self,
               GTask                  *task,
               GError                 *error)
{
  g_autoptr(UDisksObject) object = NULL;
  g_autoptr(GPtrArray) objects = NULL;
  g_autoptr(GPtrArray) unmounted = NULL;

  end_thread_step (self);
  if (self->frozen->len == 0)
    {
      fail (self, task, error);
      return;
    }

  g_clear_error (&self->pending_error);
  self->pending_error = error;
  object = udisks_client_get_object (self->client, g_ptr_array_index (self->frozen, 0));
  objects = g_ptr_array_new ();
  unmounted = g_ptr_array_new_with_free_func (g_free);
  if (object != NULL)
    g_ptr_array_add (objects, object);
  plug_udisks_unmount_async (objects, unmounted, NULL, NULL, NULL, thaw_unmounted_cb, g_object_ref (task));
}

/* What differs between the files confirmed and those there now: a few
 * names, and how many more. */
static char *
describe_changes (GPtrArray *confirmed,
                  GPtrArray *now)
{
  g_autoptr(GHashTable) before = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GString *list = g_string_new (NULL);
  guint n_changes = 0;

  for (guint i = 0; i < confirmed->len; i++)
    {
      Entry *entry = g_ptr_array_index (confirmed, i);

      g_hash_table_insert (before, entry->path, entry);
    }

  for (guint i = 0; i < now->len; i++)
    {
      Entry *entry = g_ptr_array_index (now, i);
      Entry *old = g_hash_table_lookup (before, entry->path);
      g_autofree char *display = g_filename_display_name (entry->path);
      const char *what = NULL;

      g_hash_table_add (seen, entry->path);
      if (old == NULL)
        what = C_("file since the confirmation", "added");
      /* A folder's own time changes with what is in it, which is listed. */
      else if (old->kind != entry->kind || old->size != entry->size || old->mode != entry->mode ||
               (entry->kind != ENTRY_FOLDER &&
                (old->mtime.tv_sec != entry->mtime.tv_sec || old->mtime.tv_nsec != entry->mtime.tv_nsec)) ||
               g_strcmp0 (old->link_target, entry->link_target) != 0)
        what = C_("file since the confirmation", "changed");
      if (what == NULL)
        continue;
      if (n_changes++ < MAX_LISTED)
        g_string_append_printf (list, "\n  %s (%s)", display, what);
    }

  for (guint i = 0; i < confirmed->len; i++)
    {
      Entry *entry = g_ptr_array_index (confirmed, i);
      g_autofree char *display = NULL;

      if (g_hash_table_contains (seen, entry->path))
        continue;
      display = g_filename_display_name (entry->path);
      if (n_changes++ < MAX_LISTED)
        g_string_append_printf (list, "\n  %s (%s)", display, C_("file since the confirmation", "removed"));
    }

  if (n_changes == 0)
    {
      g_string_free (list, TRUE);
      return NULL;
    }
  if (n_changes > MAX_LISTED)
    {
      g_string_append (list, "\n  ");
      g_string_append_printf (list, g_dngettext (GETTEXT_PACKAGE, "and %u more", "and %u more",
                                                 n_changes - MAX_LISTED),
                              n_changes - MAX_LISTED);
    }

  return g_string_free (list, FALSE);
}

static void
rescanned_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  PlugKeepFilesOperation *self = PLUG_KEEP_FILES_OPERATION (object);
  g_autoptr(GTask) task = user_data;
  g_autoptr(GPtrArray) confirmed = g_steal_pointer (&self->confirmed_entries);
  g_autofree char *changes = NULL;
  GError *error = NULL;

  end_thread_step (self);
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      thaw_and_fail (self, task, error);
      return;
    }

  changes = describe_changes (confirmed, self->entries);
  if (changes != NULL)
    {
      thaw_and_fail (self, task,
                     g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_CHANGED,
                                  /* Translators: a device, then a list of files and what became of them */
                                  _("The files on %s changed since you confirmed, so nothing was changed: "
                                    "look at them, and try again.%s"),
                                  plug_volume_get_device (self->volume), changes));
      return;
    }

  /* The plan again chose where the copy goes. */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COPY_PATH]);
  copy_out (self, task);
}

static void
frozen_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugKeepFilesOperation *self = g_task_get_source_object (task);
  g_autofree char *mount_point = NULL;
  GError *error = NULL;

  if (!udisks_filesystem_call_mount_finish (UDISKS_FILESYSTEM (object), &mount_point, result, &error))
    {
      error = plug_drive_error_from_udisks (error, NULL);
      thaw_and_fail (self, task,
                     g_error_new (error->domain, error->code,
                                  /* Translators: a device, then udisks' message */
                                  _("%s could not be mounted read-only, to keep its files from changing "
                                    "while they are copied: %s. Nothing was changed."),
                                  plug_volume_get_device (self->volume), error->message));
      g_error_free (error);
      return;
    }

  /* The files again, where the read-only volume is now, to compare. */
  g_free (self->source_folder);
  self->source_folder = g_steal_pointer (&mount_point);
  g_clear_pointer (&self->confirmed_entries, g_ptr_array_unref);
  self->confirmed_entries = g_steal_pointer (&self->entries);
  self->entries = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  g_ptr_array_set_size (self->not_carried, 0);
  g_ptr_array_add (self->not_carried, NULL);
  self->kept_bytes = 0;
  self->n_files = 0;
  start_thread_step (self, PLUG_KEEP_FILES_STEP_CHECKING, 0, 0);
  run_in_thread (self, task, plan_thread, rescanned_cb);
}

static void
freeze_unmounted_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugKeepFilesOperation *self = g_task_get_source_object (task);
  g_autoptr(UDisksObject) volume_object = NULL;
  UDisksFilesystem *filesystem;
  GVariantDict options;
  g_autoptr(GError) error = NULL;

  if (!plug_udisks_unmount_finish (result, &error))
    {
      fail (self, task,
            g_error_new (error->domain, error->code,
                         /* Translators: a device, then udisks' message */
                         _("%s must be mounted read-only, to keep its files from changing while they "
                           "are copied, and could not be unmounted: %s. Close the files and programs "
                           "that use it, and try again. Nothing was changed."),
                         plug_volume_get_device (self->volume), error->message));
      return;
    }

  volume_object = udisks_client_get_object (self->client, plug_volume_get_object_path (self->volume));
  filesystem = volume_object != NULL ? udisks_object_peek_filesystem (volume_object) : NULL;
  if (filesystem == NULL)
    {
      fail (self, task, g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_GONE,
                                     _("%s is no longer there. Nothing was changed."),
                                     plug_volume_get_device (self->volume)));
      return;
    }

  g_variant_dict_init (&options, plug_udisks_call_options ());
  g_variant_dict_insert (&options, "options", "s", "ro");
  /* Not cancellable: once unmounted, the volume is mounted again. */
  udisks_filesystem_call_mount (filesystem, g_variant_dict_end (&options), NULL, frozen_cb,
                                g_steal_pointer (&task));
}

/* Mounts the volume again read-only, then lists its files again. */
static void
freeze (PlugKeepFilesOperation *self,
        GTask                  *task)
{
  g_autoptr(UDisksObject) object = udisks_client_get_object (self->client,
                                                             plug_volume_get_object_path (self->volume));
  g_autoptr(GPtrArray) objects = g_ptr_array_new ();

  set_step (self, PLUG_KEEP_FILES_STEP_CHECKING);
  if (object == NULL)
    {
      fail (self, task, g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_GONE,
                                     _("%s is no longer there. Nothing was changed."),
                                     plug_volume_get_device (self->volume)));
      return;
    }

  g_ptr_array_add (objects, object);
  plug_udisks_unmount_async (objects, self->frozen, NULL, NULL, g_task_get_cancellable (task),
                             freeze_unmounted_cb, g_object_ref (task));
}

static void
run_planned_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  PlugKeepFilesOperation *self = PLUG_KEEP_FILES_OPERATION (object);
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;

  if (!plug_keep_files_operation_plan_finish (self, result, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  freeze (self, task);
}

/**
 * plug_keep_files_operation_run_async:
 *
 * Copies the volume's files to the computer, reformats, copies them back
 * and verifies them, then removes the copy. Makes the plan first if
 * plug_keep_files_operation_plan_async() was not run.
 */
void
plug_keep_files_operation_run_async (PlugKeepFilesOperation *self,
                                     GCancellable           *cancellable,
                                     GAsyncReadyCallback     callback,
                                     gpointer                user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (PLUG_IS_KEEP_FILES_OPERATION (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_keep_files_operation_run_async);
  /* What happened is reported as it happened, as for the reformat. */
  g_task_set_check_cancellable (task, FALSE);

  if (self->step != PLUG_KEEP_FILES_STEP_NONE)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_BUSY, "A keep-files operation runs only once");
      return;
    }

  /* Before copying anything out, not only once the files are copied. */
  if (!plug_format_operation_check_drive_idle (self->format, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  if (!self->planned)
    {
      plug_keep_files_operation_plan_async (self, cancellable, run_planned_cb, g_steal_pointer (&task));
      return;
    }

  freeze (self, task);
}

gboolean
plug_keep_files_operation_run_finish (PlugKeepFilesOperation  *self,
                                      GAsyncResult            *result,
                                      GError                 **error)
{
  g_return_val_if_fail (PLUG_IS_KEEP_FILES_OPERATION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == plug_keep_files_operation_run_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
