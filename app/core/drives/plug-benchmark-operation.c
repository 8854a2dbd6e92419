/* plug-benchmark-operation.c: Measuring how fast a drive reads and writes
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

/* For O_DIRECT. */
#define _GNU_SOURCE

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <gio/gunixfdlist.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "plug-core-enums.h"
#include "plug-benchmark-operation.h"
#include "plug-drive-error.h"
#include "plug-drive-identity.h"
#include "plug-drive-jobs.h"
#include "plug-test-pause.h"
#include "plug-thread-progress.h"

/*
 * A speed test, as GNOME Disks does it, in two parts:
 *
 * 1. Reading, which changes nothing: udisks opens the raw block device for
 *    us (Block.OpenForBenchmark, checked by polkit; Plugboard never runs as
 *    root) with O_DIRECT, so that the page cache does not answer for the
 *    drive. Samples are read at places spread evenly from the first byte
 *    to the last, since drives are often slower towards the end; then many
 *    small reads at random places give the access time.
 * 2. Writing, only when asked and only into a temporary file on a mounted
 *    volume, never onto the raw device, so that nothing on the drive is at
 *    risk. The file is removed whatever happens.
 *
 * All I/O runs in a GTask worker thread. The thread only fills a job of
 * its own; progress reaches the object on its main context, and results
 * are copied into it there once the thread is done, so that the object is
 * only ever touched from one thread.
 */

/* Refuse to fill a volume to the brim: other programs write there too. */
#define FREE_SPACE_MARGIN (G_GUINT64_CONSTANT (4) * 1024 * 1024)
#define ACCESS_READ_SIZE  4096

struct _PlugBenchmarkOperation
{
  GObject            parent_instance;

  /* Given. */
  UDisksClient      *client;
  PlugDrive         *drive;
  PlugVolume        *volume;
  PlugDriveIdentity *identity;
  gboolean           write;
  guint              n_samples;
  guint64            sample_size;
  guint              n_access_samples;
  guint64            write_size;

  /* Found out while running. */
  PlugBenchmarkStep  step;
  double             progress;
  char              *device;
  char              *mount_point;
  guint64            device_size;
  guint              block_size;
  GArray            *samples;
  double             read_rate;
  double             access_time;
  double             write_rate;
  gboolean           write_direct;

  /* What the worker thread says of its step and progress. */
  PlugThreadProgress *thread_progress;
};

G_DEFINE_FINAL_TYPE (PlugBenchmarkOperation, plug_benchmark_operation, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STEP,
  PROP_PROGRESS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* What the worker thread works with and finds; owned by the thread task. */
typedef struct
{
  int        fd;
  char      *mount_point;
  guint      n_samples;
  guint64    sample_size;
  guint      n_access_samples;
  guint64    write_size;

  guint64    device_size;
  guint      block_size;
  GArray    *samples;
  double     read_rate;
  double     access_time;
  double     write_rate;
  gboolean   write_direct;
} BenchmarkJob;

static void
benchmark_job_free (BenchmarkJob *job)
{
  if (job->fd >= 0)
    close (job->fd);
  g_free (job->mount_point);
  g_clear_pointer (&job->samples, g_array_unref);
  g_free (job);
}

static void
plug_benchmark_operation_finalize (GObject *object)
{
  PlugBenchmarkOperation *self = PLUG_BENCHMARK_OPERATION (object);

  g_clear_pointer (&self->thread_progress, plug_thread_progress_free);
  g_clear_object (&self->client);
  g_clear_object (&self->drive);
  g_clear_object (&self->volume);
  g_clear_pointer (&self->identity, plug_drive_identity_free);
  g_clear_pointer (&self->device, g_free);
  g_clear_pointer (&self->mount_point, g_free);
  g_clear_pointer (&self->samples, g_array_unref);

  G_OBJECT_CLASS (plug_benchmark_operation_parent_class)->finalize (object);
}

static void
plug_benchmark_operation_get_property (GObject    *object,
                                       guint       prop_id,
                                       GValue     *value,
                                       GParamSpec *pspec)
{
  PlugBenchmarkOperation *self = PLUG_BENCHMARK_OPERATION (object);

  switch (prop_id)
    {
    case PROP_STEP:
      g_value_set_enum (value, self->step);
      break;

    case PROP_PROGRESS:
      g_value_set_double (value, self->progress);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_benchmark_operation_class_init (PlugBenchmarkOperationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = plug_benchmark_operation_finalize;
  object_class->get_property = plug_benchmark_operation_get_property;

  /* A PlugBenchmarkStep. */
  properties[PROP_STEP] =
    g_param_spec_enum ("step", NULL, NULL,
                       PLUG_TYPE_BENCHMARK_STEP, PLUG_BENCHMARK_STEP_NONE,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /* The whole test, from 0 to 1. */
  properties[PROP_PROGRESS] =
    g_param_spec_double ("progress", NULL, NULL,
                         -1.0, 1.0, 0.0,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
plug_benchmark_operation_init (PlugBenchmarkOperation *self)
{
  self->n_samples = PLUG_BENCHMARK_DEFAULT_SAMPLES;
  self->sample_size = PLUG_BENCHMARK_DEFAULT_SAMPLE_SIZE;
  self->n_access_samples = PLUG_BENCHMARK_DEFAULT_ACCESS_SAMPLES;
  self->write_size = PLUG_BENCHMARK_DEFAULT_WRITE_SIZE;
  self->write_rate = -1.0;
}

/**
 * plug_benchmark_operation_new:
 * @client: the udisks client the drive list reads
 * @drive: the drive to test
 * @volume: (nullable): one of its volumes, to test that volume rather than
 *   the whole drive; needed, and mounted, for the write test
 * @write: whether to measure the write rate too, with a temporary file on
 *   @volume
 *
 * Returns: (transfer full): an operation, to be run once
 */
PlugBenchmarkOperation *
plug_benchmark_operation_new (UDisksClient *client,
                              PlugDrive    *drive,
                              PlugVolume   *volume,
                              gboolean      write)
{
  PlugBenchmarkOperation *self;

  g_return_val_if_fail (UDISKS_IS_CLIENT (client), NULL);
  g_return_val_if_fail (PLUG_IS_DRIVE (drive), NULL);
  g_return_val_if_fail (volume == NULL || PLUG_IS_VOLUME (volume), NULL);

  self = g_object_new (PLUG_TYPE_BENCHMARK_OPERATION, NULL);
  self->client = g_object_ref (client);
  self->drive = g_object_ref (drive);
  self->volume = volume != NULL ? g_object_ref (volume) : NULL;
  self->write = write;
  self->identity = plug_drive_identity_capture (client, plug_drive_get_device (drive),
                                                volume != NULL ? plug_volume_get_object_path (volume) : NULL);

  return self;
}

/**
 * plug_benchmark_operation_set_samples:
 * @n_samples: how many places to read, at least 1
 * @sample_size: how much to read at each, in bytes; rounded down to the
 *   device's block size, and to the device's size when it is smaller
 *
 * Also the size of each write of the write test. Only before running.
 */
void
plug_benchmark_operation_set_samples (PlugBenchmarkOperation *self,
                                      guint                   n_samples,
                                      guint64                 sample_size)
{
  g_return_if_fail (PLUG_IS_BENCHMARK_OPERATION (self));
  g_return_if_fail (self->step == PLUG_BENCHMARK_STEP_NONE);
  g_return_if_fail (n_samples > 0);
  g_return_if_fail (sample_size >= ACCESS_READ_SIZE);

  self->n_samples = n_samples;
  self->sample_size = sample_size;
}

/* 0 leaves the access time out. Only before running. */
void
plug_benchmark_operation_set_access_samples (PlugBenchmarkOperation *self,
                                             guint                   n_access_samples)
{
  g_return_if_fail (PLUG_IS_BENCHMARK_OPERATION (self));
  g_return_if_fail (self->step == PLUG_BENCHMARK_STEP_NONE);

  self->n_access_samples = n_access_samples;
}

/* How much the write test writes, in bytes. Only before running. */
void
plug_benchmark_operation_set_write_size (PlugBenchmarkOperation *self,
                                         guint64                 write_size)
{
  g_return_if_fail (PLUG_IS_BENCHMARK_OPERATION (self));
  g_return_if_fail (self->step == PLUG_BENCHMARK_STEP_NONE);
  g_return_if_fail (write_size > 0);

  self->write_size = write_size;
}

PlugBenchmarkStep
plug_benchmark_operation_get_step (PlugBenchmarkOperation *self)
{
  g_return_val_if_fail (PLUG_IS_BENCHMARK_OPERATION (self), PLUG_BENCHMARK_STEP_NONE);

  return self->step;
}

double
plug_benchmark_operation_get_progress (PlugBenchmarkOperation *self)
{
  g_return_val_if_fail (PLUG_IS_BENCHMARK_OPERATION (self), 0.0);

  return self->progress;
}

/**
 * plug_benchmark_operation_get_device:
 *
 * Returns: (nullable): once running, the device file that is read
 */
const char *
plug_benchmark_operation_get_device (PlugBenchmarkOperation *self)
{
  g_return_val_if_fail (PLUG_IS_BENCHMARK_OPERATION (self), NULL);

  return self->device;
}

guint64
plug_benchmark_operation_get_device_size (PlugBenchmarkOperation *self)
{
  g_return_val_if_fail (PLUG_IS_BENCHMARK_OPERATION (self), 0);

  return self->device_size;
}

/* After success, the size of each read sample actually used, in bytes. */
guint64
plug_benchmark_operation_get_sample_size (PlugBenchmarkOperation *self)
{
  g_return_val_if_fail (PLUG_IS_BENCHMARK_OPERATION (self), 0);

  return self->sample_size;
}

guint
plug_benchmark_operation_get_access_samples (PlugBenchmarkOperation *self)
{
  g_return_val_if_fail (PLUG_IS_BENCHMARK_OPERATION (self), 0);

  return self->n_access_samples;
}

/* After success, the logical block size the reads were aligned to. */
guint
plug_benchmark_operation_get_block_size (PlugBenchmarkOperation *self)
{
  g_return_val_if_fail (PLUG_IS_BENCHMARK_OPERATION (self), 0);

  return self->block_size;
}

/* After success, the mean of the samples' read rates, in bytes per second. */
double
plug_benchmark_operation_get_read_rate (PlugBenchmarkOperation *self)
{
  g_return_val_if_fail (PLUG_IS_BENCHMARK_OPERATION (self), 0.0);

  return self->read_rate;
}

/**
 * plug_benchmark_operation_get_read_samples:
 * @n_samples: (out): how many there are
 *
 * Returns: (array length=n_samples) (nullable): after success, each
 *   sample's position and read rate, in the order of their positions
 */
const PlugBenchmarkSample *
plug_benchmark_operation_get_read_samples (PlugBenchmarkOperation *self,
                                           guint                  *n_samples)
{
  g_return_val_if_fail (PLUG_IS_BENCHMARK_OPERATION (self), NULL);
  g_return_val_if_fail (n_samples != NULL, NULL);

  if (self->samples == NULL)
    {
      *n_samples = 0;
      return NULL;
    }

  *n_samples = self->samples->len;
  return (const PlugBenchmarkSample *) (gpointer) self->samples->data;
}

/* After success, the mean time of one small read, in seconds; negative
 * when it was not measured. */
double
plug_benchmark_operation_get_access_time (PlugBenchmarkOperation *self)
{
  g_return_val_if_fail (PLUG_IS_BENCHMARK_OPERATION (self), -1.0);

  return self->access_time;
}

/* After success, in bytes per second; negative when writing was not
 * tested. */
double
plug_benchmark_operation_get_write_rate (PlugBenchmarkOperation *self)
{
  g_return_val_if_fail (PLUG_IS_BENCHMARK_OPERATION (self), -1.0);

  return self->write_rate;
}

guint64
plug_benchmark_operation_get_write_size (PlugBenchmarkOperation *self)
{
  g_return_val_if_fail (PLUG_IS_BENCHMARK_OPERATION (self), 0);

  return self->write_size;
}

/* Whether the write test bypassed the page cache (O_DIRECT); when the
 * filesystem refused that, the rate includes what caching still does
 * before fsync returns. */
gboolean
plug_benchmark_operation_get_write_direct (PlugBenchmarkOperation *self)
{
  g_return_val_if_fail (PLUG_IS_BENCHMARK_OPERATION (self), FALSE);

  return self->write_direct;
}

/**
 * plug_benchmark_operation_get_mount_point:
 *
 * Returns: (nullable): once running a write test, the folder it writes in
 */
const char *
plug_benchmark_operation_get_mount_point (PlugBenchmarkOperation *self)
{
  g_return_val_if_fail (PLUG_IS_BENCHMARK_OPERATION (self), NULL);

  return self->mount_point;
}

static void
set_step (PlugBenchmarkOperation *self,
          PlugBenchmarkStep       step)
{
  if (self->step == step)
    return;

  self->step = step;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

static void
set_progress (PlugBenchmarkOperation *self,
              double                  progress)
{
  progress = CLAMP (progress, 0.0, 1.0);
  if (self->progress == progress)
    return;

  self->progress = progress;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
}

/* --- progress, from the worker thread to the main context -------------- */

enum {
  COUNT_STEP,
  COUNT_PROGRESS,   /* in millionths */
  N_COUNTS
};

#define PROGRESS_SCALE 1000000.0

static void
apply_thread_progress (const guint64 *counts,
                       gpointer       user_data)
{
  PlugBenchmarkOperation *self = user_data;

  set_step (self, (PlugBenchmarkStep) counts[COUNT_STEP]);
  set_progress (self, (double) counts[COUNT_PROGRESS] / PROGRESS_SCALE);
}

/* In the thread. */
static void
report_progress (GTask             *task,
                 PlugBenchmarkStep  step,
                 double             progress)
{
  PlugBenchmarkOperation *self = g_task_get_source_object (task);

  plug_thread_progress_set (self->thread_progress, COUNT_STEP, step);
  plug_thread_progress_set (self->thread_progress, COUNT_PROGRESS,
                            (guint64) (CLAMP (progress, 0.0, 1.0) * PROGRESS_SCALE));
}

/* --- the worker thread ------------------------------------------------ */

static gboolean
set_cancelled_error (GCancellable  *cancellable,
                     GError       **error)
{
  if (!g_cancellable_is_cancelled (cancellable))
    return FALSE;

  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                       _("The speed test was cancelled"));
  return TRUE;
}

/* pread() until @size bytes are read: a device may return fewer. */
static gboolean
read_fully (int       fd,
            gpointer  buffer,
            guint64   size,
            guint64   position,
            GError  **error)
{
  guint64 done = 0;

  while (done < size)
    {
      ssize_t count = pread (fd, (char *) buffer + done, size - done, (off_t) (position + done));

      if (count < 0 && errno == EINTR)
        continue;
      if (count < 0)
        {
          int saved_errno = errno;
          g_autofree char *offset = g_strdup_printf ("%" G_GUINT64_FORMAT, position + done);

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                       /* Translators: the number of a byte on the drive, then why */
                       _("Could not read the drive at byte %s: %s"),
                       offset, g_strerror (saved_errno));
          return FALSE;
        }
      if (count == 0)
        {
          g_autofree char *offset = g_strdup_printf ("%" G_GUINT64_FORMAT, position + done);

          g_set_error (error, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_FAILED,
                       /* Translators: the number of a byte on the drive */
                       _("The drive ended early, at byte %s"), offset);
          return FALSE;
        }
      done += (guint64) count;
    }

  return TRUE;
}

static gboolean
write_fully (int            fd,
             gconstpointer  buffer,
             guint64        size,
             GError       **error)
{
  guint64 done = 0;

  while (done < size)
    {
      ssize_t count = write (fd, (const char *) buffer + done, size - done);

      if (count < 0 && errno == EINTR)
        continue;
      if (count < 0)
        {
          int saved_errno = errno;

          g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                       _("Could not write the test file: %s"), g_strerror (saved_errno));
          return FALSE;
        }
      done += (guint64) count;
    }

  return TRUE;
}

/* O_DIRECT needs buffers aligned to the logical block size; a page is a
 * multiple of every common one, and some drivers want that much. */
static gpointer
allocate_aligned (guint    block_size,
                  guint64  size,
                  GError **error)
{
  size_t alignment = MAX ((size_t) block_size, (size_t) sysconf (_SC_PAGESIZE));
  void *buffer = NULL;
  int result = posix_memalign (&buffer, alignment, size);

  if (result != 0)
    {
      g_autofree char *size_text = g_format_size (size);

      g_set_error (error, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_FAILED,
                   /* Translators: a size, then why */
                   _("Could not allocate %s of memory for the speed test: %s"),
                   size_text, g_strerror (result));
      return NULL;
    }

  return buffer;
}

static double
rate_of (guint64 bytes,
         gint64  microseconds)
{
  return (double) bytes * G_USEC_PER_SEC / (double) MAX (microseconds, 1);
}

/* Each step's share of the progress bar, roughly its share of the time. */
static double
read_share (BenchmarkJob *job)
{
  return job->mount_point != NULL ? 0.45 : 0.9;
}

static gboolean
measure_reads (GTask         *task,
               BenchmarkJob  *job,
               GCancellable  *cancellable,
               GError       **error)
{
  g_autofree gpointer buffer = NULL;
  guint64 last_position;
  double total_rate = 0.0;

  buffer = allocate_aligned (job->block_size, job->sample_size, error);
  if (buffer == NULL)
    return FALSE;

  last_position = job->device_size - job->sample_size;
  for (guint i = 0; i < job->n_samples; i++)
    {
      PlugBenchmarkSample sample;
      guint64 position = 0;
      gint64 start;

      if (set_cancelled_error (cancellable, error))
        return FALSE;

      /* From the first byte to the last sample that fits, evenly, on
       * block boundaries as O_DIRECT requires. */
      if (job->n_samples > 1)
        position = (guint64) ((double) last_position * i / (job->n_samples - 1));
      position -= position % job->block_size;

      start = g_get_monotonic_time ();
      if (!read_fully (job->fd, buffer, job->sample_size, position, error))
        return FALSE;

      sample.position = position;
      sample.rate = rate_of (job->sample_size, g_get_monotonic_time () - start);
      g_array_append_val (job->samples, sample);
      total_rate += sample.rate;

      report_progress (task, PLUG_BENCHMARK_STEP_READING,
                       read_share (job) * (i + 1) / job->n_samples);
    }

  job->read_rate = total_rate / job->n_samples;

  return TRUE;
}

static gboolean
measure_access_time (GTask         *task,
                     BenchmarkJob  *job,
                     GCancellable  *cancellable,
                     GError       **error)
{
  g_autofree gpointer buffer = NULL;
  g_autoptr(GRand) random = g_rand_new ();
  guint64 read_size = MAX ((guint64) ACCESS_READ_SIZE, job->block_size);
  guint64 n_blocks = (job->device_size - read_size) / job->block_size + 1;
  double share = job->mount_point != NULL ? 0.05 : 0.1;
  gint64 total = 0;

  job->access_time = -1.0;
  if (job->n_access_samples == 0)
    return TRUE;

  buffer = allocate_aligned (job->block_size, read_size, error);
  if (buffer == NULL)
    return FALSE;

  report_progress (task, PLUG_BENCHMARK_STEP_SEEKING, read_share (job));

  for (guint i = 0; i < job->n_access_samples; i++)
    {
      guint64 position = (guint64) g_rand_double_range (random, 0, (double) n_blocks);
      gint64 start;

      if (set_cancelled_error (cancellable, error))
        return FALSE;

      position = MIN (position, n_blocks - 1) * job->block_size;
      start = g_get_monotonic_time ();
      if (!read_fully (job->fd, buffer, read_size, position, error))
        return FALSE;
      total += g_get_monotonic_time () - start;

      if ((i + 1) % 10 == 0)
        report_progress (task, PLUG_BENCHMARK_STEP_SEEKING,
                         read_share (job) + share * (i + 1) / job->n_access_samples);
    }

  job->access_time = (double) total / G_USEC_PER_SEC / job->n_access_samples;

  return TRUE;
}

/* Creates a file no one else has, preferring O_DIRECT; returns its path. */
static char *
create_test_file (BenchmarkJob  *job,
                  int           *fd_out,
                  GError       **error)
{
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;
  int fd;
  int saved_errno;

  /* A dot file, so that a file manager looking on does not show it. */
  name = g_strdup_printf (".plugboard-speed-test-%08x%08x", g_random_int (), g_random_int ());
  path = g_build_filename (job->mount_point, name, NULL);

  job->write_direct = TRUE;
  fd = open (path, O_WRONLY | O_CREAT | O_EXCL | O_DIRECT | O_CLOEXEC, 0600);
  if (fd < 0 && errno == EINVAL)
    {
      /* Some filesystems (FUSE ones among them) refuse O_DIRECT, and Linux
       * may have created the file before refusing: with O_EXCL and a name
       * of our own, a file there now is that one. */
      g_unlink (path);
      job->write_direct = FALSE;
      fd = open (path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    }

  if (fd < 0)
    {
      saved_errno = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not create a test file in %s: %s"),
                   job->mount_point, g_strerror (saved_errno));
      return NULL;
    }

  *fd_out = fd;
  return g_steal_pointer (&path);
}

static gboolean
measure_writes (GTask         *task,
                BenchmarkJob  *job,
                GCancellable  *cancellable,
                GError       **error)
{
  g_autofree gpointer buffer = NULL;
  g_autofree char *path = NULL;
  g_autofree char *free_text = NULL;
  g_autofree char *needed_text = NULL;
  struct statvfs filesystem_stats;
  guint64 free_space;
  guint64 chunk_size = job->sample_size;
  guint64 written = 0;
  gint64 start;
  gboolean success = FALSE;
  int fd;

  if (statvfs (job->mount_point, &filesystem_stats) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not find out how much space %s has: %s"),
                   job->mount_point, g_strerror (saved_errno));
      return FALSE;
    }

  /* What an unprivileged user may use, which is what we are. */
  free_space = (guint64) filesystem_stats.f_bavail * filesystem_stats.f_frsize;
  if (free_space < job->write_size + FREE_SPACE_MARGIN)
    {
      free_text = g_format_size (free_space);
      needed_text = g_format_size (job->write_size + FREE_SPACE_MARGIN);
      g_set_error (error, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_NO_SPACE,
                   /* Translators: a folder, then two sizes */
                   _("Not enough free space on %s for the write test: it needs %s, and %s is free"),
                   job->mount_point, needed_text, free_text);
      return FALSE;
    }

  buffer = allocate_aligned (job->block_size, chunk_size, error);
  if (buffer == NULL)
    return FALSE;

  /* Random bytes, so that a compressing filesystem cannot make the drive
   * look faster than it is. */
  for (guint64 i = 0; i < chunk_size / sizeof (guint32); i++)
    ((guint32 *) buffer)[i] = g_random_int ();

  path = create_test_file (job, &fd, error);
  if (path == NULL)
    return FALSE;

  report_progress (task, PLUG_BENCHMARK_STEP_WRITING, 0.5);

  start = g_get_monotonic_time ();
  while (written < job->write_size)
    {
      guint64 size = MIN (chunk_size, job->write_size - written);

      if (set_cancelled_error (cancellable, error))
        goto out;

      if (!write_fully (fd, buffer, size, error))
        goto out;
      /* tests/gui/test-drives-speed-test.sh cancels here, while the
       * temporary file exists. */
      if (written == 0)
        plug_test_pause_sync ("PLUG_TEST_BENCHMARK_PAUSE_FILE", NULL, cancellable);
      written += size;

      report_progress (task, PLUG_BENCHMARK_STEP_WRITING,
                       0.5 + 0.5 * written / job->write_size);
    }

  /* The rate counts until the drive has the data, not the page cache. */
  if (fsync (fd) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not write the test file: %s"), g_strerror (saved_errno));
      goto out;
    }

  job->write_rate = rate_of (written, g_get_monotonic_time () - start);
  success = TRUE;

out:
  /* Always, whatever happened: the file is ours and of no use to anyone. */
  close (fd);
  if (g_unlink (path) != 0 && success)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("Could not remove the test file %s: %s"), path, g_strerror (saved_errno));
      success = FALSE;
    }

  return success;
}

static void
run_in_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  BenchmarkJob *job = task_data;
  g_autoptr(GError) error = NULL;
  guint64 device_size = 0;
  int block_size = 0;

  if (ioctl (job->fd, BLKGETSIZE64, &device_size) != 0 ||
      ioctl (job->fd, BLKSSZGET, &block_size) != 0)
    {
      int saved_errno = errno;

      g_task_return_new_error (task, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                               _("Could not read the size of the device: %s"),
                               g_strerror (saved_errno));
      return;
    }

  job->block_size = (guint) MAX (block_size, 512);
  job->device_size = device_size;
  if (device_size < job->block_size || device_size < ACCESS_READ_SIZE)
    {
      g_task_return_new_error (task, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_INVALID,
                               _("The device is empty: it has no medium, or a size of 0"));
      return;
    }

  /* A small device is read whole, once per sample. */
  job->sample_size = MIN (job->sample_size, device_size);
  job->sample_size -= job->sample_size % job->block_size;

  if (!measure_reads (task, job, cancellable, &error) ||
      !measure_access_time (task, job, cancellable, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* The raw device is not needed for writing; let it go before. */
  close (job->fd);
  job->fd = -1;

  if (job->mount_point != NULL &&
      !measure_writes (task, job, cancellable, &error))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  g_task_return_boolean (task, TRUE);
}

/* --- on the main context ---------------------------------------------- */

static void
return_error (PlugBenchmarkOperation *self,
              GTask                  *task,
              GError                 *error)
{
  set_step (self, PLUG_BENCHMARK_STEP_DONE);
  g_task_return_error (task, error);
}

static void
thread_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugBenchmarkOperation *self = g_task_get_source_object (task);
  BenchmarkJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;

  /* The thread has returned: what it said last, and nothing after. */
  plug_thread_progress_flush (self->thread_progress);
  g_clear_pointer (&self->thread_progress, plug_thread_progress_free);

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      return_error (self, task, g_steal_pointer (&error));
      return;
    }

  self->device_size = job->device_size;
  self->block_size = job->block_size;
  self->sample_size = job->sample_size;
  self->samples = g_steal_pointer (&job->samples);
  self->read_rate = job->read_rate;
  self->access_time = job->access_time;
  self->write_rate = job->mount_point != NULL ? job->write_rate : -1.0;
  self->write_direct = job->write_direct;

  set_progress (self, 1.0);
  set_step (self, PLUG_BENCHMARK_STEP_DONE);
  g_task_return_boolean (task, TRUE);
}

static void
open_for_benchmark_cb (GObject      *object,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugBenchmarkOperation *self = g_task_get_source_object (task);
  GCancellable *cancellable = g_task_get_cancellable (task);
  g_autoptr(GVariant) fd_handle = NULL;
  g_autoptr(GUnixFDList) fd_list = NULL;
  g_autoptr(GTask) thread_task = NULL;
  g_autoptr(GError) error = NULL;
  BenchmarkJob *job;
  int fd;

  if (!udisks_block_call_open_for_benchmark_finish (UDISKS_BLOCK (object), &fd_handle, &fd_list,
                                                    result, &error))
    {
      return_error (self, task, plug_drive_error_from_udisks (g_steal_pointer (&error), NULL));
      return;
    }

  fd = fd_list != NULL ? g_unix_fd_list_get (fd_list, g_variant_get_handle (fd_handle), &error) : -1;
  if (fd < 0)
    {
      return_error (self, task,
                    g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_FAILED,
                                 _("udisks opened the device but passed no file descriptor: %s"),
                                 error != NULL ? error->message : _("none came")));
      return;
    }

  if (set_cancelled_error (cancellable, &error))
    {
      close (fd);
      return_error (self, task, g_steal_pointer (&error));
      return;
    }

  job = g_new0 (BenchmarkJob, 1);
  job->fd = fd;
  job->mount_point = g_strdup (self->mount_point);
  job->n_samples = self->n_samples;
  job->sample_size = self->sample_size;
  job->n_access_samples = self->n_access_samples;
  job->write_size = self->write_size;
  job->samples = g_array_sized_new (FALSE, FALSE, sizeof (PlugBenchmarkSample), self->n_samples);
  job->write_rate = -1.0;

  set_step (self, PLUG_BENCHMARK_STEP_READING);
  g_clear_pointer (&self->thread_progress, plug_thread_progress_free);
  self->thread_progress = plug_thread_progress_new (N_COUNTS, "[plugboard] speed test progress",
                                                    apply_thread_progress, self);
  plug_thread_progress_set (self->thread_progress, COUNT_STEP, PLUG_BENCHMARK_STEP_READING);

  thread_task = g_task_new (self, cancellable, thread_done_cb, g_steal_pointer (&task));
  g_task_set_source_tag (thread_task, run_in_thread);
  g_task_set_task_data (thread_task, job, (GDestroyNotify) benchmark_job_free);
  /* The thread must run to its end, where it removes the test file. */
  g_task_set_return_on_cancel (thread_task, FALSE);
  g_task_run_in_thread (thread_task, run_in_thread);
}

static GVariant *
open_options (void)
{
  GVariantDict options;

  /* Read-only: the read test changes nothing. Let polkit ask for a
   * password where an agent runs; where none does, it answers at once. */
  g_variant_dict_init (&options, NULL);
  g_variant_dict_insert (&options, "writable", "b", FALSE);
  g_variant_dict_insert (&options, "auth.no_user_interaction", "b", FALSE);

  return g_variant_dict_end (&options);
}

/* The block device to read: the volume's, or the whole drive's. */
static UDisksObject *
find_block_object (PlugBenchmarkOperation *self)
{
  struct stat device_stat;
  g_autoptr(UDisksBlock) block = NULL;

  if (self->volume != NULL)
    return udisks_client_get_object (self->client, plug_volume_get_object_path (self->volume));

  if (stat (plug_drive_get_device (self->drive), &device_stat) != 0 || !S_ISBLK (device_stat.st_mode))
    return NULL;

  block = udisks_client_get_block_for_dev (self->client, device_stat.st_rdev);
  if (block == NULL)
    return NULL;

  return UDISKS_OBJECT (g_dbus_interface_dup_object (G_DBUS_INTERFACE (block)));
}

/**
 * plug_benchmark_operation_run_async:
 *
 * Tests the drive: asks udisks to open its block device for reading, reads
 * samples spread across it and small blocks at random places, and, for a
 * write test, writes and removes a temporary file on the mounted volume.
 * A write test of a drive Plugboard may not change, or of a volume that is
 * not mounted, is refused before anything is opened; so is any test of a
 * drive Plugboard does not list.
 */
void
plug_benchmark_operation_run_async (PlugBenchmarkOperation *self,
                                    GCancellable           *cancellable,
                                    GAsyncReadyCallback     callback,
                                    gpointer                user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(UDisksObject) object = NULL;
  g_autofree char *change = NULL;
  UDisksBlock *block;

  g_return_if_fail (PLUG_IS_BENCHMARK_OPERATION (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_benchmark_operation_run_async);

  if (self->step != PLUG_BENCHMARK_STEP_NONE)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_BUSY,
                               "A speed test operation runs only once");
      return;
    }

  /* Reading harms nothing, but Plugboard works only with the drives it
   * shows; writing, even into a file, changes the drive. */
  if ((self->write && !plug_drive_get_can_modify (self->drive)) ||
      (!self->write && !plug_drive_is_listed (self->drive) && !plug_drive_get_can_modify (self->drive)))
    {
      g_autofree char *reason = plug_drive_dup_restriction_reason (self->drive);

      return_error (self, task,
                    g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_PROTECTED,
                                 /* Translators: the reason, such as “it is the system disk” */
                                 _("Plugboard will not test this drive: %s"),
                                 reason));
      return;
    }

  object = find_block_object (self);
  block = object != NULL ? udisks_object_peek_block (object) : NULL;
  if (block == NULL)
    {
      return_error (self, task,
                    g_error_new_literal (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_GONE,
                                         _("The device is no longer there")));
      return;
    }
  self->device = udisks_block_dup_device (block);

  /* A card swapped in the reader since the test was asked for is not
   * the one it was asked of. */
  change = self->identity != NULL ? plug_drive_identity_dup_change (self->identity, self->client) : NULL;
  if (self->identity == NULL || change != NULL)
    {
      return_error (self, task,
                    g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_CHANGED,
                                 /* Translators: a device such as /dev/sdb, then what changed */
                                 _("%s is no longer the drive that was chosen: %s. Nothing was tested."),
                                 self->device, change != NULL ? change : _("the drive is no longer there")));
      return;
    }

  if (self->write)
    {
      g_autoptr(GError) error = NULL;
      UDisksFilesystem *filesystem = udisks_object_peek_filesystem (object);
      const char * const *mount_points = filesystem != NULL ? udisks_filesystem_get_mount_points (filesystem) : NULL;

      /* Asked of udisks now, not of the drive list's snapshot. */
      if (mount_points == NULL || mount_points[0] == NULL)
        {
          return_error (self, task,
                        g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_NOT_MOUNTED,
                                     _("%s is not mounted: the write test writes a temporary file "
                                       "on a mounted volume, never onto the device itself"),
                                     self->device));
          return;
        }
      self->mount_point = g_strdup (mount_points[0]);

      /* Writing while udisks reformats or checks the drive would race it. */
      if (!plug_drive_jobs_check_idle (self->client, plug_drive_get_device (self->drive), &error))
        {
          return_error (self, task, g_steal_pointer (&error));
          return;
        }
    }

  set_step (self, PLUG_BENCHMARK_STEP_OPENING);
  udisks_block_call_open_for_benchmark (block,
                                        open_options (),
                                        NULL,
                                        cancellable,
                                        open_for_benchmark_cb,
                                        g_steal_pointer (&task));
}

gboolean
plug_benchmark_operation_run_finish (PlugBenchmarkOperation  *self,
                                     GAsyncResult            *result,
                                     GError                 **error)
{
  g_return_val_if_fail (PLUG_IS_BENCHMARK_OPERATION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == plug_benchmark_operation_run_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
