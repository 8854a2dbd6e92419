/* plug-format-operation.c: Reformatting a volume or a whole drive through udisks
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <unistd.h>

#include <glib/gi18n-lib.h>

#include "plug-core-enums.h"
#include "plug-drive-error.h"
#include "plug-drive-identity.h"
#include "plug-drive-jobs.h"
#include "plug-format-operation.h"
#include "plug-label-rules.h"
#include "plug-test-pause.h"
#include "plug-udisks-call.h"

/*
 * Reformatting destroys what is on the drive, so most of this file makes
 * sure it is the right drive, that nothing is lost for a reason that could
 * have been known beforehand, and that success is real. In order:
 *
 * 1. The name (plug-label-rules.c), the drive (plug-drive-rules.c) and the
 *    size against the filesystem's minimum are checked before udisks is
 *    asked anything.
 * 2. udisks says (Manager.CanFormat) whether the mkfs program is installed.
 * 3. Whatever is mounted on the target is unmounted.
 * 4. Right before Format, the drive is compared with what it was when the
 *    user confirmed (plug-drive-identity.c), and udisks' jobs on it are
 *    looked at (plug-drive-jobs.c, also before step 1): if either says no,
 *    nothing is done.
 * 5. Format (for a whole drive, a partition table first, then
 *    PartitionTable.CreatePartitionAndFormat), without "no-block" and
 *    without a D-Bus timeout; progress comes from udisks' Job objects
 *    (format-erase, format-mkfs), which Cancel stops.
 * 6. Success is reported once the volume itself shows the new type and
 *    name.
 * 7. The new filesystem is mounted; a volume that cannot be (FAT without
 *    a kernel driver) is still reformatted, and that is reported.
 * 8. Stopped before Format (Cancel, the drive changed, polkit said no):
 *    what step 3 unmounted is mounted again.
 * 9. udisks gone while it formats: Format is never called again; once
 *    udisks is back, the error says what the device now holds.
 *
 * Why each step is there, from what udisks 2.9.4 was measured to do:
 * docs/ARCHITECTURE.md, “What udisks does”.
 */

#define WAIT_TIMEOUT_SECONDS 10
/* How long to wait for udisks to come back after it went away mid-Format. */
#define DAEMON_RETURN_TIMEOUT_SECONDS 30
/* How long a failed Format waits to see whether the drive went away. */
#define REMOVAL_TIMEOUT_SECONDS 2
/* How often Format is made again when mkfs met the device claimed for a
 * moment (see met_passing_claim), and how long it waits before each. */
#define BUSY_RETRIES 3
#define BUSY_RETRY_DELAY_MS 1000

/* MBR counts sectors in 32 bits: with 512-byte sectors, it ends at 2 TiB. */
#define MBR_LIMIT (G_GUINT64_CONSTANT (2) * 1024 * 1024 * 1024 * 1024)

typedef gboolean (*WaitFunc) (PlugFormatOperation *self);
typedef void (*WaitDoneFunc) (PlugFormatOperation *self, GTask *task, gboolean timed_out);

struct _PlugFormatOperation
{
  GObject                   parent_instance;

  /* Given. */
  UDisksClient             *client;
  PlugDrive                *drive;
  PlugVolume               *volume;
  char                     *filesystem;
  char                     *requested_label;
  PlugFormatFlags           flags;
  PlugDriveIdentity        *identity;

  /* Found out while running. */
  const PlugFilesystemType *type;
  PlugFormatStep            step;
  char                     *step_device;
  double                    progress;
  char                     *label;
  char                     *target_path;
  char                     *device;
  char                     *uuid;
  char                     *mount_point;
  char                     *mount_error;
  GPtrArray                *to_unmount;
  /* Object paths of what was unmounted, to mount again if the reformat
   * stops before udisks is asked to format. */
  GPtrArray                *unmounted;
  gboolean                  format_called;
  /* udisks has overwritten the old data with zeros: a Format made again
   * does not erase again. */
  gboolean                  erased;
  /* 1 for the first Format, 2 when it is made again, and so on. */
  guint                     attempt;
  gboolean                  outcome_unknown;
  GError                   *pending_error;
  /* Format's error, while waiting to see whether the drive went away. */
  GError                   *format_error;

  /* While udisks formats: its jobs, and the user's Cancel. */
  gulong                    object_added_id;
  gulong                    object_removed_id;
  UDisksJob                *job;
  gulong                    job_notify_id;
  GCancellable             *cancellable;
  GSource                  *cancelled_source;
};

G_DEFINE_FINAL_TYPE (PlugFormatOperation, plug_format_operation, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STEP,
  PROP_PROGRESS,
  PROP_ATTEMPT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void stop_watching_jobs (PlugFormatOperation *self);

static void
plug_format_operation_finalize (GObject *object)
{
  PlugFormatOperation *self = PLUG_FORMAT_OPERATION (object);

  stop_watching_jobs (self);

  g_clear_object (&self->client);
  g_clear_object (&self->drive);
  g_clear_object (&self->volume);
  g_clear_pointer (&self->filesystem, g_free);
  g_clear_pointer (&self->requested_label, g_free);
  g_clear_pointer (&self->identity, plug_drive_identity_free);
  g_clear_pointer (&self->step_device, g_free);
  g_clear_pointer (&self->label, g_free);
  g_clear_pointer (&self->target_path, g_free);
  g_clear_pointer (&self->device, g_free);
  g_clear_pointer (&self->uuid, g_free);
  g_clear_pointer (&self->mount_point, g_free);
  g_clear_pointer (&self->mount_error, g_free);
  g_clear_pointer (&self->to_unmount, g_ptr_array_unref);
  g_clear_pointer (&self->unmounted, g_ptr_array_unref);
  g_clear_error (&self->pending_error);
  g_clear_error (&self->format_error);

  G_OBJECT_CLASS (plug_format_operation_parent_class)->finalize (object);
}

static void
plug_format_operation_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  PlugFormatOperation *self = PLUG_FORMAT_OPERATION (object);

  switch (prop_id)
    {
    case PROP_STEP:
      g_value_set_enum (value, self->step);
      break;

    case PROP_PROGRESS:
      g_value_set_double (value, self->progress);
      break;

    case PROP_ATTEMPT:
      g_value_set_uint (value, self->attempt);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_format_operation_class_init (PlugFormatOperationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = plug_format_operation_finalize;
  object_class->get_property = plug_format_operation_get_property;

  /* A PlugFormatStep. */
  properties[PROP_STEP] =
    g_param_spec_enum ("step", NULL, NULL,
                       PLUG_TYPE_FORMAT_STEP, PLUG_FORMAT_STEP_NONE,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /* How far the current udisks job is, from 0 to 1; -1 when unknown. */
  properties[PROP_PROGRESS] =
    g_param_spec_double ("progress", NULL, NULL,
                         -1.0, 1.0, -1.0,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /* Which time udisks is asked to format: 0 before, then 1; more when
   * the device was busy for a moment and Format is made again. */
  properties[PROP_ATTEMPT] =
    g_param_spec_uint ("attempt", NULL, NULL,
                       0, BUSY_RETRIES + 1, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
plug_format_operation_init (PlugFormatOperation *self)
{
  self->progress = -1.0;
  self->to_unmount = g_ptr_array_new_with_free_func (g_object_unref);
  self->unmounted = g_ptr_array_new_with_free_func (g_free);
}

/* The whole block device of the drive, which for a disk image is the loop
 * device itself. */
/**
 * plug_format_operation_new:
 * @client: the udisks client the drive list reads
 * @drive: the drive to reformat, or that holds @volume
 * @volume: (nullable): the volume to reformat; ignored with
 *   %PLUG_FORMAT_FLAGS_WHOLE_DRIVE, required without
 * @filesystem: the filesystem to create, as udisks names it ("exfat")
 * @label: the name to give it; empty for none
 * @flags: whole drive, erase
 *
 * Makes the operation and remembers what the drive is now. Make it when
 * the user confirms, and run it after: it refuses to run if by then the
 * drive is no longer the one confirmed.
 *
 * Returns: (transfer full): an operation, to be run once
 */
PlugFormatOperation *
plug_format_operation_new (UDisksClient    *client,
                           PlugDrive       *drive,
                           PlugVolume      *volume,
                           const char      *filesystem,
                           const char      *label,
                           PlugFormatFlags  flags)
{
  PlugFormatOperation *self;

  g_return_val_if_fail (UDISKS_IS_CLIENT (client), NULL);
  g_return_val_if_fail (PLUG_IS_DRIVE (drive), NULL);
  g_return_val_if_fail ((flags & PLUG_FORMAT_FLAGS_WHOLE_DRIVE) || PLUG_IS_VOLUME (volume), NULL);
  g_return_val_if_fail (filesystem != NULL, NULL);
  g_return_val_if_fail (label != NULL, NULL);

  self = g_object_new (PLUG_TYPE_FORMAT_OPERATION, NULL);
  self->client = g_object_ref (client);
  self->drive = g_object_ref (drive);
  if (!(flags & PLUG_FORMAT_FLAGS_WHOLE_DRIVE))
    self->volume = g_object_ref (volume);
  self->filesystem = g_strdup (filesystem);
  self->requested_label = g_strdup (label);
  self->flags = flags;
  self->identity = plug_drive_identity_capture (client, plug_drive_get_device (drive),
                                                self->volume != NULL ? plug_volume_get_object_path (self->volume) : NULL);

  return self;
}

PlugFormatStep
plug_format_operation_get_step (PlugFormatOperation *self)
{
  g_return_val_if_fail (PLUG_IS_FORMAT_OPERATION (self), PLUG_FORMAT_STEP_NONE);

  return self->step;
}

/**
 * plug_format_operation_get_step_device:
 *
 * Returns: (nullable): the device the current step works on, such as the
 *   volume being unmounted
 */
const char *
plug_format_operation_get_step_device (PlugFormatOperation *self)
{
  g_return_val_if_fail (PLUG_IS_FORMAT_OPERATION (self), NULL);

  return self->step_device;
}

/* From 0 to 1 while a udisks job reports how far it is; else -1. */
double
plug_format_operation_get_progress (PlugFormatOperation *self)
{
  g_return_val_if_fail (PLUG_IS_FORMAT_OPERATION (self), -1.0);

  return self->progress;
}

/**
 * plug_format_operation_get_label:
 *
 * Returns: (nullable): once checked, the name as the volume will report
 *   it (FAT names upper-cased); after success, as it did report it
 */
const char *
plug_format_operation_get_label (PlugFormatOperation *self)
{
  g_return_val_if_fail (PLUG_IS_FORMAT_OPERATION (self), NULL);

  return self->label;
}

/**
 * plug_format_operation_get_device:
 *
 * Returns: (nullable): after success, the device of the new volume; for
 *   a whole drive, its new partition
 */
const char *
plug_format_operation_get_device (PlugFormatOperation *self)
{
  g_return_val_if_fail (PLUG_IS_FORMAT_OPERATION (self), NULL);

  return self->device;
}

/* After success, the new filesystem's UUID. */
const char *
plug_format_operation_get_uuid (PlugFormatOperation *self)
{
  g_return_val_if_fail (PLUG_IS_FORMAT_OPERATION (self), NULL);

  return self->uuid;
}

/**
 * plug_format_operation_get_mount_point:
 *
 * Returns: (nullable): after success, where the new filesystem is mounted
 */
const char *
plug_format_operation_get_mount_point (PlugFormatOperation *self)
{
  g_return_val_if_fail (PLUG_IS_FORMAT_OPERATION (self), NULL);

  return self->mount_point;
}

/**
 * plug_format_operation_get_mount_error:
 *
 * Returns: (nullable): after success, why the new filesystem could not be
 *   mounted, if it could not
 */
const char *
plug_format_operation_get_mount_error (PlugFormatOperation *self)
{
  g_return_val_if_fail (PLUG_IS_FORMAT_OPERATION (self), NULL);

  return self->mount_error;
}

/**
 * plug_format_operation_get_outcome_unknown:
 *
 * Returns: after a failure, whether udisks went away while it was asked
 *   to format, so that whether it did is not known: the error says what
 *   the drive reported once udisks was back. It is never asked again.
 */
gboolean
plug_format_operation_get_outcome_unknown (PlugFormatOperation *self)
{
  g_return_val_if_fail (PLUG_IS_FORMAT_OPERATION (self), FALSE);

  return self->outcome_unknown;
}

/**
 * plug_format_operation_get_attempt:
 * @self: an operation
 *
 * Returns: 0 before udisks is asked to format, 1 the first time, and one
 *   more each time Format is made again because the device was busy
 *   for a moment
 */
guint
plug_format_operation_get_attempt (PlugFormatOperation *self)
{
  g_return_val_if_fail (PLUG_IS_FORMAT_OPERATION (self), 0);

  return self->attempt;
}

/**
 * plug_format_operation_get_format_called:
 *
 * Returns: whether udisks was asked to format (and polkit let it), so
 *   that the drive may have changed: after a failure, %FALSE means that
 *   what was on the drive is still there
 */
gboolean
plug_format_operation_get_format_called (PlugFormatOperation *self)
{
  g_return_val_if_fail (PLUG_IS_FORMAT_OPERATION (self), FALSE);

  return self->format_called;
}

/**
 * plug_format_operation_build_options:
 * @type: the filesystem to create
 * @label: the name, already checked and normalized; empty for none
 * @erase: whether to overwrite the old data with zeros first
 *
 * The options of Block.Format (or the format options of
 * PartitionTable.CreatePartitionAndFormat), as GNOME Disks passes them.
 *
 * Returns: (transfer floating): an a{sv}
 */
GVariant *
plug_format_operation_build_options (const PlugFilesystemType *type,
                                     const char               *label,
                                     gboolean                  erase)
{
  GVariantDict options;

  g_return_val_if_fail (type != NULL, NULL);
  g_return_val_if_fail (label != NULL, NULL);

  g_variant_dict_init (&options, NULL);
  if (*label != '\0')
    g_variant_dict_insert (&options, "label", "s", label);
  /* A FAT32 stick's partition is of type 0x0c; after ext4 it should say
   * Linux, or other systems offer to "repair" it. */
  g_variant_dict_insert (&options, "update-partition-type", "b", TRUE);
  /* Where files have owners, the new root belongs to the user, not to
   * root, so that they can write to it. */
  if (type->has_owners)
    g_variant_dict_insert (&options, "take-ownership", "b", TRUE);
  if (erase)
    g_variant_dict_insert (&options, "erase", "s", "zero");
  /* Let polkit ask for a password where an agent runs; where none does,
   * it answers at once. */
  g_variant_dict_insert (&options, "auth.no_user_interaction", "b", FALSE);

  return g_variant_dict_end (&options);
}

/**
 * plug_format_operation_choose_partition_table:
 * @size: the drive's size in bytes
 *
 * MBR ("dos") for what cameras, TVs and old computers read, GPT where MBR
 * cannot address the whole drive.
 *
 * Returns: the partition table type for Block.Format
 */
const char *
plug_format_operation_choose_partition_table (guint64 size)
{
  return size > MBR_LIMIT ? "gpt" : "dos";
}

static void
set_step (PlugFormatOperation *self,
          PlugFormatStep       step,
          const char          *device)
{
  char *old_device = self->step_device;

  if (self->step == step && g_strcmp0 (self->step_device, device) == 0)
    return;

  /* @device may be the old step device itself. */
  self->step_device = g_strdup (device);
  g_free (old_device);
  self->step = step;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

static void
set_progress (PlugFormatOperation *self,
              double               progress)
{
  if (self->progress == progress)
    return;

  self->progress = progress;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
}

/* Whether the drive went away: its object, its size, or its image file. */
static gboolean
drive_was_removed (PlugFormatOperation *self)
{
  g_autoptr(UDisksObject) whole = NULL;
  UDisksLoop *loop;

  if (self->identity == NULL)
    return TRUE;

  whole = udisks_client_get_object (self->client, plug_drive_identity_get_whole_path (self->identity));
  if (whole == NULL || udisks_object_peek_block (whole) == NULL ||
      udisks_block_get_size (udisks_object_peek_block (whole)) == 0)
    return TRUE;

  loop = udisks_object_peek_loop (whole);

  return loop != NULL && (udisks_loop_get_backing_file (loop) == NULL ||
                          *udisks_loop_get_backing_file (loop) == '\0');
}

static void remount (PlugFormatOperation *self, GTask *task);

static void
return_error (PlugFormatOperation *self,
              GTask               *task,
              GError              *error)
{
  stop_watching_jobs (self);
  set_progress (self, -1.0);

  /* Stopped before udisks was asked to format: what was unmounted for it
   * is mounted again, so that the drive is as it was. */
  if (!self->format_called && self->unmounted->len > 0)
    {
      g_assert (self->pending_error == NULL);
      self->pending_error = error;
      remount (self, task);
      return;
    }

  set_step (self, PLUG_FORMAT_STEP_DONE, NULL);
  g_task_return_error (task, error);
}

/* --- waiting for udisks to report a change --------------------------- */

typedef struct
{
  GTask        *task;
  WaitDoneFunc  wait_done;
} Waiting;

static void
waited_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  Waiting *waiting = user_data;
  g_autoptr(GTask) task = waiting->task;
  WaitDoneFunc wait_done = waiting->wait_done;
  gboolean reached = plug_udisks_wait_finish (result, NULL);

  g_free (waiting);
  wait_done (g_task_get_source_object (task), task, !reached);
}

/* Not cancellable: Cancel stops udisks' job, and what udisks then shows
 * is what is waited for. */
static void
wait_until (PlugFormatOperation *self,
            GTask               *task,
            WaitFunc             wait_func,
            guint                timeout_seconds,
            WaitDoneFunc         wait_done)
{
  Waiting *waiting = g_new0 (Waiting, 1);

  waiting->task = g_object_ref (task);
  waiting->wait_done = wait_done;
  plug_udisks_wait_async ((PlugUdisksCheck) wait_func, self, timeout_seconds * 1000, NULL, waited_cb, waiting);
}

/* --- jobs: progress and Cancel ----------------------------------------- */

static void
job_progress_cb (UDisksJob           *job,
                 GParamSpec          *pspec,
                 PlugFormatOperation *self)
{
  if (udisks_job_get_progress_valid (job))
    set_progress (self, CLAMP (udisks_job_get_progress (job), 0.0, 1.0));
  else
    set_progress (self, -1.0);
}

static void
forget_job (PlugFormatOperation *self)
{
  if (self->job != NULL)
    g_clear_signal_handler (&self->job_notify_id, self->job);
  g_clear_object (&self->job);
}

/* Whether a job works on this drive: on the target, the whole device, or
 * a partition of it (CreatePartitionAndFormat's mkfs). */
static gboolean
is_our_job (PlugFormatOperation *self,
            UDisksJob           *job)
{
  const char * const *objects = udisks_job_get_objects (job);

  for (guint i = 0; objects != NULL && objects[i] != NULL; i++)
    {
      g_autoptr(UDisksObject) object = NULL;
      UDisksPartition *partition;

      if (g_strcmp0 (objects[i], plug_drive_identity_get_whole_path (self->identity)) == 0 ||
          g_strcmp0 (objects[i], self->target_path) == 0)
        return TRUE;

      object = udisks_client_get_object (self->client, objects[i]);
      partition = object != NULL ? udisks_object_peek_partition (object) : NULL;
      if (partition != NULL &&
          g_strcmp0 (udisks_partition_get_table (partition), plug_drive_identity_get_whole_path (self->identity)) == 0)
        return TRUE;
    }

  return FALSE;
}

static void
object_added_cb (GDBusObjectManager  *object_manager,
                 GDBusObject         *object,
                 PlugFormatOperation *self)
{
  UDisksJob *job = udisks_object_peek_job (UDISKS_OBJECT (object));
  const char *operation;

  if (job == NULL || !is_our_job (self, job))
    return;

  forget_job (self);
  self->job = g_object_ref (job);
  self->job_notify_id = g_signal_connect (job, "notify", G_CALLBACK (job_progress_cb), self);

  operation = udisks_job_get_operation (job);
  if (g_strcmp0 (operation, "format-erase") == 0)
    set_step (self, PLUG_FORMAT_STEP_ERASING, self->step_device);
  else if (g_strcmp0 (operation, "format-mkfs") == 0)
    set_step (self, PLUG_FORMAT_STEP_FORMATTING, self->step_device);

  job_progress_cb (job, NULL, self);

  /* Cancel pressed before udisks had a job to cancel. */
  if (self->cancellable != NULL && g_cancellable_is_cancelled (self->cancellable))
    udisks_job_call_cancel (job, plug_udisks_call_options (), NULL, NULL, NULL);
}

static void
object_removed_cb (GDBusObjectManager  *object_manager,
                   GDBusObject         *object,
                   PlugFormatOperation *self)
{
  if (self->job != NULL &&
      g_dbus_interface_get_object (G_DBUS_INTERFACE (self->job)) == object)
    {
      forget_job (self);
      set_progress (self, -1.0);
    }
}

static gboolean
cancel_job_cb (GCancellable *cancellable,
               gpointer      user_data)
{
  PlugFormatOperation *self = user_data;

  /* udisks stops the job; Format then fails with "Job was canceled". */
  if (self->job != NULL && udisks_job_get_cancelable (self->job))
    udisks_job_call_cancel (self->job, plug_udisks_call_options (), NULL, NULL, NULL);

  return G_SOURCE_REMOVE;
}

static void
watch_jobs (PlugFormatOperation *self,
            GCancellable        *cancellable)
{
  GDBusObjectManager *object_manager = udisks_client_get_object_manager (self->client);

  if (self->object_added_id != 0)
    return;

  self->object_added_id = g_signal_connect (object_manager, "object-added",
                                            G_CALLBACK (object_added_cb), self);
  self->object_removed_id = g_signal_connect (object_manager, "object-removed",
                                              G_CALLBACK (object_removed_cb), self);
  /* A source rather than the signal: Cancel may come from another
   * thread, and the job is cancelled from this context. */
  if (cancellable != NULL)
    {
      self->cancellable = g_object_ref (cancellable);
      self->cancelled_source = g_cancellable_source_new (cancellable);
      g_source_set_callback (self->cancelled_source, G_SOURCE_FUNC (cancel_job_cb), self, NULL);
      g_source_set_static_name (self->cancelled_source, "[plugboard] format cancelled");
      g_source_attach (self->cancelled_source, g_main_context_get_thread_default ());
    }
}

static void
stop_watching_jobs (PlugFormatOperation *self)
{
  GDBusObjectManager *object_manager;

  forget_job (self);

  if (self->object_added_id != 0)
    {
      object_manager = udisks_client_get_object_manager (self->client);
      g_clear_signal_handler (&self->object_added_id, object_manager);
      g_clear_signal_handler (&self->object_removed_id, object_manager);
    }

  if (self->cancelled_source != NULL)
    {
      g_source_destroy (self->cancelled_source);
      g_clear_pointer (&self->cancelled_source, g_source_unref);
    }
  g_clear_object (&self->cancellable);
}

/* --- the steps, in order ------------------------------------------------ */

static void format (PlugFormatOperation *self, GTask *task);
static void unmount (PlugFormatOperation *self, GTask *task);

static UDisksObject *
get_target_object (PlugFormatOperation *self)
{
  if (self->target_path == NULL)
    return NULL;

  return udisks_client_get_object (self->client, self->target_path);
}

static void
return_success (PlugFormatOperation *self,
                GTask               *task)
{
  g_autoptr(UDisksObject) object = get_target_object (self);
  UDisksFilesystem *filesystem = object != NULL ? udisks_object_peek_filesystem (object) : NULL;
  const char * const *mount_points = filesystem != NULL ? udisks_filesystem_get_mount_points (filesystem) : NULL;

  /* What the system says, rather than what Mount returned. */
  if (mount_points != NULL && mount_points[0] != NULL)
    {
      g_free (self->mount_point);
      self->mount_point = g_strdup (mount_points[0]);
    }

  stop_watching_jobs (self);
  set_progress (self, -1.0);
  set_step (self, PLUG_FORMAT_STEP_DONE, NULL);
  g_task_return_boolean (task, TRUE);
}

static void
mount_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugFormatOperation *self = g_task_get_source_object (task);
  g_autofree char *mount_point = NULL;
  g_autoptr(GError) error = NULL;

  /* The drive is reformatted either way: a filesystem this kernel cannot
   * mount is reported, not a failure of the reformat. */
  if (!udisks_filesystem_call_mount_finish (UDISKS_FILESYSTEM (object), &mount_point, result, &error))
    {
      error = plug_drive_error_from_udisks (g_steal_pointer (&error), NULL);
      self->mount_error = g_strdup (error->message);
    }
  else
    {
      self->mount_point = g_steal_pointer (&mount_point);
    }

  return_success (self, task);
}

static void
mount_new_filesystem (PlugFormatOperation *self,
                      GTask               *task)
{
  g_autoptr(UDisksObject) object = get_target_object (self);

  set_step (self, PLUG_FORMAT_STEP_MOUNTING, self->device);

  /* Not cancellable: the reformat is done, and only its result is left
   * to show. */
  udisks_filesystem_call_mount (udisks_object_peek_filesystem (object),
                                plug_udisks_call_options (),
                                NULL,
                                mount_cb,
                                g_object_ref (task));
}

static gboolean
new_filesystem_reported (PlugFormatOperation *self)
{
  g_autoptr(UDisksObject) object = get_target_object (self);
  UDisksBlock *block = object != NULL ? udisks_object_peek_block (object) : NULL;

  return block != NULL &&
         udisks_object_peek_filesystem (object) != NULL &&
         g_strcmp0 (udisks_block_get_id_usage (block), "filesystem") == 0 &&
         g_strcmp0 (udisks_block_get_id_type (block), self->type->id) == 0 &&
         g_strcmp0 (udisks_block_get_id_label (block), self->label) == 0;
}

static void
new_filesystem_waited (PlugFormatOperation *self,
                       GTask               *task,
                       gboolean             timed_out)
{
  g_autoptr(UDisksObject) object = get_target_object (self);
  UDisksBlock *block = object != NULL ? udisks_object_peek_block (object) : NULL;

  if (timed_out)
    {
      const char *type = block != NULL ? udisks_block_get_id_type (block) : NULL;
      const char *label = block != NULL ? udisks_block_get_id_label (block) : NULL;

      if (drive_was_removed (self))
        {
          return_error (self, task,
                        g_error_new_literal (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_GONE,
                                             _("The drive was removed while it was being reformatted")));
          return;
        }

      return_error (self, task,
                    g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_UNVERIFIED,
                                 /* Translators: the first two %s are a filesystem type and a
                                  * name asked for, the last two what the drive reports */
                                 _("udisks reported success, but the volume does not hold "
                                   "what was written: %s “%s” was asked for, and it reports "
                                   "%s “%s”. The drive may be failing."),
                                 self->type->id, self->label,
                                 type != NULL && *type != '\0' ? type : _("no filesystem"),
                                 label != NULL ? label : ""));
      return;
    }

  g_free (self->device);
  self->device = g_strdup (udisks_block_get_device (block));
  g_free (self->uuid);
  self->uuid = g_strdup (udisks_block_get_id_uuid (block));

  mount_new_filesystem (self, task);
}

static void
confirm (PlugFormatOperation *self,
         GTask               *task)
{
  forget_job (self);
  set_progress (self, -1.0);
  set_step (self, PLUG_FORMAT_STEP_CONFIRMING, NULL);

  /* udisks answers Format once mkfs has exited; the type and name it
   * reports come from udev probing the device after that. */
  wait_until (self, task, new_filesystem_reported, WAIT_TIMEOUT_SECONDS, new_filesystem_waited);
}

static gboolean
udisks_back (PlugFormatOperation *self)
{
  GDBusObjectManagerClient *manager =
    G_DBUS_OBJECT_MANAGER_CLIENT (udisks_client_get_object_manager (self->client));
  g_autofree char *owner = g_dbus_object_manager_client_get_name_owner (manager);
  g_autoptr(UDisksObject) whole = NULL;

  if (owner == NULL)
    return FALSE;

  whole = udisks_client_get_object (self->client, plug_drive_identity_get_whole_path (self->identity));

  return whole != NULL && udisks_object_peek_block (whole) != NULL;
}

static void
udisks_back_waited (PlugFormatOperation *self,
                    GTask               *task,
                    gboolean             timed_out)
{
  g_autoptr(UDisksObject) object = NULL;
  UDisksBlock *block;
  const char *device = self->volume != NULL ? plug_volume_get_device (self->volume)
                                            : plug_drive_get_device (self->drive);
  const char *type;
  const char *label;

  if (timed_out)
    {
      return_error (self, task,
                    g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_DAEMON_GONE,
                                 /* Translators: a device */
                                 _("udisks stopped while it was reformatting %s, and has not come back: "
                                   "the outcome is unknown. Check the drive before using it; it was "
                                   "not reformatted again."),
                                 device));
      return;
    }

  /* Read again, as udisks reports it now. */
  object = udisks_client_get_object (self->client,
                                     self->target_path != NULL && !(self->flags & PLUG_FORMAT_FLAGS_WHOLE_DRIVE)
                                     ? self->target_path : plug_drive_identity_get_whole_path (self->identity));
  block = object != NULL ? udisks_object_peek_block (object) : NULL;
  type = block != NULL ? udisks_block_get_id_type (block) : NULL;
  label = block != NULL ? udisks_block_get_id_label (block) : NULL;

  if (type == NULL || *type == '\0')
    return_error (self, task,
                  g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_DAEMON_GONE,
                               /* Translators: a device */
                               _("udisks stopped while it was reformatting %s: the outcome is unknown, "
                                 "and it was not reformatted again. It now reports no filesystem: "
                                 "reformat it again before using it."),
                               device));
  else
    return_error (self, task,
                  g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_DAEMON_GONE,
                               /* Translators: a device, then the filesystem and name it reports */
                               _("udisks stopped while it was reformatting %s: the outcome is unknown, "
                                 "and it was not reformatted again. It now reports %s “%s”. "
                                 "Check it before using it."),
                               device, type, label != NULL ? label : ""));
}

/* Whether the drive holds a partition table that udev could read. udisks
 * keeps the PartitionTable interface, with an empty type, while the kernel
 * still has partitions that a wiped drive no longer describes. */
static gboolean
partition_table_found (PlugFormatOperation *self)
{
  g_autoptr(UDisksObject) whole = udisks_client_get_object (self->client, plug_drive_identity_get_whole_path (self->identity));
  UDisksPartitionTable *table = whole != NULL ? udisks_object_peek_partition_table (whole) : NULL;
  const char *type = table != NULL ? udisks_partition_table_get_type_ (table) : NULL;

  return type != NULL && *type != '\0';
}

/* Linux claims a disk for itself while it reads its partition table
 * again, and udev asks for that each time a program that wrote to the
 * disk closes it, as udisks' erase and wipe have just done. mkfs, which
 * will not touch a device that anything holds exclusively, can meet that
 * claim and stop ("is apparently in use by the system", from mke2fs;
 * "Device or resource busy", from the others). udisks runs mkfs after
 * the erase and the wipe, so by then nothing of the user's is left on
 * the target to lose, and Format is made again once the claim is gone. */
static gboolean
met_passing_claim (const GError *error)
{
  const char *message = error->message;

  if (strstr (message, "Error creating file system") == NULL && strstr (message, "Error wiping") == NULL)
    return FALSE;

  return (strstr (message, "apparently in use by the system") != NULL ||
          strstr (message, "Device or resource busy") != NULL);
}

static void
return_cancelled (PlugFormatOperation *self,
                  GTask               *task,
                  const char          *reason)
{
  return_error (self, task,
                g_error_new (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                             _("Reformatting was cancelled. What was on the drive is partly "
                               "overwritten, and it holds no usable filesystem now (%s)"),
                             reason));
}

/* What udisks reads on the target now (for a whole drive, on it and on
 * each of its partitions), in words; %NULL when nothing: Format wiped it,
 * and no other program has written a filesystem since. */
static char *
dup_written_since (PlugFormatOperation *self)
{
  g_autoptr(UDisksObject) whole = udisks_client_get_object (self->client, plug_drive_identity_get_whole_path (self->identity));
  g_autoptr(GPtrArray) objects = g_ptr_array_new_with_free_func (g_object_unref);
  g_autolist(UDisksPartition) partitions = NULL;
  UDisksObject *target = get_target_object (self);
  UDisksPartitionTable *table;

  if (target != NULL)
    g_ptr_array_add (objects, target);
  if ((self->flags & PLUG_FORMAT_FLAGS_WHOLE_DRIVE) && whole != NULL)
    g_ptr_array_add (objects, g_object_ref (whole));
  table = (self->flags & PLUG_FORMAT_FLAGS_WHOLE_DRIVE) && whole != NULL ? udisks_object_peek_partition_table (whole) : NULL;
  if (table != NULL)
    partitions = udisks_client_get_partitions (self->client, table);
  for (GList *l = partitions; l != NULL; l = l->next)
    {
      GDBusObject *object = g_dbus_interface_dup_object (G_DBUS_INTERFACE (l->data));

      if (object != NULL)
        g_ptr_array_add (objects, object);
    }

  for (guint i = 0; i < objects->len; i++)
    {
      UDisksBlock *block = udisks_object_peek_block (g_ptr_array_index (objects, i));
      const char *type = block != NULL ? udisks_block_get_id_type (block) : NULL;

      if (type != NULL && *type != '\0')
        /* Translators: a filesystem type, such as vfat, then a device */
        return g_strdup_printf (_("%s on %s"), type, udisks_block_get_preferred_device (block));
    }

  return NULL;
}

static void
return_written_since (PlugFormatOperation *self,
                      GTask               *task,
                      const char          *written)
{
  return_error (self, task,
                g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_CHANGED,
                             /* Translators: a device, then a filesystem on it */
                             _("Another program wrote to %s while it was being reformatted: it "
                               "holds %s now, which was not reformatted again"),
                             plug_drive_get_device (self->drive), written));
}

static gboolean
format_again_cb (gpointer user_data)
{
  GTask *task = user_data;
  PlugFormatOperation *self = g_task_get_source_object (task);
  g_autofree char *difference = NULL;
  g_autofree char *written = NULL;
  g_autoptr(GError) error = NULL;

  if (g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    {
      return_cancelled (self, task, _("cancelled while waiting to try again"));
      return G_SOURCE_REMOVE;
    }

  /* The same drive and medium, still: what is written on it changed, on
   * purpose. */
  difference = plug_drive_identity_dup_device_change (self->identity, self->client);
  if (difference != NULL)
    {
      return_error (self, task,
                    g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_CHANGED,
                                 /* Translators: a device, then what changed */
                                 _("%s changed while it was being reformatted: %s"),
                                 plug_drive_get_device (self->drive), difference));
      return G_SOURCE_REMOVE;
    }

  /* Another program, not the kernel, may have held it: its own mkfs. */
  if (!plug_drive_jobs_check_idle (self->client, plug_drive_get_device (self->drive), &error))
    {
      return_error (self, task, g_steal_pointer (&error));
      return G_SOURCE_REMOVE;
    }
  written = dup_written_since (self);
  if (written != NULL)
    {
      return_written_since (self, task, written);
      return G_SOURCE_REMOVE;
    }

  format (self, task);

  return G_SOURCE_REMOVE;
}

static void
removal_waited (PlugFormatOperation *self,
                GTask               *task,
                gboolean             timed_out)
{
  g_autoptr(GError) error = g_steal_pointer (&self->format_error);

  if (timed_out && met_passing_claim (error) && self->attempt <= BUSY_RETRIES)
    {
      g_autoptr(GSource) source = g_timeout_source_new (BUSY_RETRY_DELAY_MS);

      g_debug ("Format met %s busy (%s); trying again",
               plug_drive_get_device (self->drive), error->message);
      self->erased = TRUE;
      g_source_set_callback (source, format_again_cb, g_object_ref (task), g_object_unref);
      g_source_set_static_name (source, "[plugboard] format again");
      g_source_attach (source, g_main_context_get_thread_default ());
      return;
    }

  if (!timed_out)
    {
      return_error (self, task,
                    g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_GONE,
                                 _("The drive was removed while it was being reformatted (%s)"),
                                 error->message));
      return;
    }

  /* After its wipe, udisks waits to see the device empty before it
   * writes the new filesystem. Another program that writes its own in
   * that moment makes it wait in vain ("Error synchronizing after initial
   * wipe: Timed out waiting for object"): what is there now is theirs. */
  if (strstr (error->message, "after initial wipe") != NULL)
    {
      g_autofree char *written = dup_written_since (self);

      if (written != NULL)
        {
          g_debug ("Format failed after its wipe (%s), and %s is there now", error->message, written);
          return_written_since (self, task, written);
          return;
        }
    }

  error = plug_drive_error_from_udisks (g_steal_pointer (&error), _("udisks could not reformat it"));

  /* udisks wipes a whole drive before it writes the new table: a failure
   * after that (another program's mkfs holding a partition open) leaves
   * a drive that looks empty, which the user must know. */
  if ((self->flags & PLUG_FORMAT_FLAGS_WHOLE_DRIVE) && self->format_called && !partition_table_found (self))
    {
      g_autofree char *message = g_steal_pointer (&error->message);

      /* Translators: udisks' error, which does not end in a full stop */
      error->message = g_strdup_printf (_("%s. The drive now has no partition table: reformat the "
                                          "whole drive again before using it."),
                                        message);
    }

  return_error (self, task, g_steal_pointer (&error));
}

static void
format_failed (PlugFormatOperation *self,
               GTask               *task,
               GError              *error)
{
  g_autoptr(GError) owned_error = error;

  g_dbus_error_strip_remote_error (owned_error);

  if (g_error_matches (owned_error, UDISKS_ERROR, UDISKS_ERROR_CANCELLED))
    {
      return_cancelled (self, task, owned_error->message);
      return;
    }

  /* polkit answers before udisks touches the drive. */
  if (plug_drive_error_is_not_authorized (owned_error))
    self->format_called = FALSE;

  if (plug_drive_error_is_daemon_gone (owned_error))
    {
      /* Whether udisks formatted before it went is not known, and the
       * call is not made again: the device is read once udisks is back. */
      self->outcome_unknown = TRUE;
      g_debug ("udisks went away during Format: %s", owned_error->message);
      wait_until (self, task, udisks_back, DAEMON_RETURN_TIMEOUT_SECONDS, udisks_back_waited);
      return;
    }

  /* A drive pulled out makes mkfs fail ("Device size reported to be
   * zero") before udev has told udisks that it is gone: wait a moment
   * for that, to say what happened. */
  g_clear_error (&self->format_error);
  self->format_error = g_steal_pointer (&owned_error);
  wait_until (self, task, drive_was_removed, REMOVAL_TIMEOUT_SECONDS, removal_waited);
}

static void
volume_formatted_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugFormatOperation *self = g_task_get_source_object (task);
  g_autoptr(GVariant) reply = NULL;
  GError *error = NULL;

  reply = g_dbus_proxy_call_finish (G_DBUS_PROXY (object), result, &error);
  if (reply == NULL)
    {
      format_failed (self, task, error);
      return;
    }

  confirm (self, task);
}

static void
partition_created_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugFormatOperation *self = g_task_get_source_object (task);
  g_autoptr(GVariant) reply = NULL;
  GError *error = NULL;

  reply = g_dbus_proxy_call_finish (G_DBUS_PROXY (object), result, &error);
  if (reply == NULL)
    {
      format_failed (self, task, error);
      return;
    }

  g_free (self->target_path);
  g_variant_get (reply, "(o)", &self->target_path);

  confirm (self, task);
}

static gboolean
partition_table_reported (PlugFormatOperation *self)
{
  g_autoptr(UDisksObject) whole = udisks_client_get_object (self->client, plug_drive_identity_get_whole_path (self->identity));

  return whole != NULL && udisks_object_peek_partition_table (whole) != NULL;
}

static void
partition_table_waited (PlugFormatOperation *self,
                        GTask               *task,
                        gboolean             timed_out)
{
  g_autoptr(UDisksObject) whole = NULL;
  g_autoptr(GVariant) options = NULL;

  if (timed_out)
    {
      return_error (self, task,
                    g_error_new_literal (PLUG_DRIVE_ERROR,
                                         drive_was_removed (self) ? PLUG_DRIVE_ERROR_GONE : PLUG_DRIVE_ERROR_UNVERIFIED,
                                         drive_was_removed (self)
                                         ? _("The drive was removed while it was being reformatted")
                                         : _("udisks wrote a partition table, but the drive does not report one")));
      return;
    }

  whole = udisks_client_get_object (self->client, plug_drive_identity_get_whole_path (self->identity));
  set_step (self, PLUG_FORMAT_STEP_FORMATTING, self->step_device);

  /* Offset 0 and size 0: udisks aligns the start to 1 MiB and fills the
   * drive. The erase, if asked, already ran over the whole drive. */
  options = g_variant_ref_sink (plug_format_operation_build_options (self->type, self->label, FALSE));
  g_dbus_proxy_call (G_DBUS_PROXY (udisks_object_peek_partition_table (whole)),
                     "CreatePartitionAndFormat",
                     g_variant_new ("(ttss@a{sv}s@a{sv})",
                                    (guint64) 0, (guint64) 0, "", "",
                                    plug_udisks_call_options (), self->type->id, options),
                     G_DBUS_CALL_FLAGS_NONE,
                     G_MAXINT,
                     NULL,
                     partition_created_cb,
                     g_object_ref (task));
}

static void
partition_table_written_cb (GObject      *object,
                           GAsyncResult *result,
                           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugFormatOperation *self = g_task_get_source_object (task);
  g_autoptr(GVariant) reply = NULL;
  GError *error = NULL;

  reply = g_dbus_proxy_call_finish (G_DBUS_PROXY (object), result, &error);
  if (reply == NULL)
    {
      format_failed (self, task, error);
      return;
    }

  forget_job (self);
  set_progress (self, -1.0);

  /* The PartitionTable interface appears once udev has seen the table. */
  wait_until (self, task, partition_table_reported, WAIT_TIMEOUT_SECONDS, partition_table_waited);
}

static void
format (PlugFormatOperation *self,
        GTask               *task)
{
  g_autoptr(UDisksObject) whole = udisks_client_get_object (self->client, plug_drive_identity_get_whole_path (self->identity));
  g_autoptr(UDisksObject) target = get_target_object (self);
  gboolean erase = (self->flags & PLUG_FORMAT_FLAGS_ERASE) != 0 && !self->erased;

  self->format_called = TRUE;
  self->attempt++;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ATTEMPT]);
  watch_jobs (self, g_task_get_cancellable (task));

  /* No D-Bus timeout: erasing a large drive takes hours, and udisks
   * answers only when done. The call itself is not cancelled (that would
   * only stop listening); Cancel stops udisks' job instead. */
  if (self->flags & PLUG_FORMAT_FLAGS_WHOLE_DRIVE)
    {
      GVariantDict options;

      g_variant_dict_init (&options, NULL);
      if (erase)
        g_variant_dict_insert (&options, "erase", "s", "zero");
      g_variant_dict_insert (&options, "auth.no_user_interaction", "b", FALSE);

      set_step (self, PLUG_FORMAT_STEP_PARTITIONING, plug_drive_get_device (self->drive));
      g_dbus_proxy_call (G_DBUS_PROXY (udisks_object_peek_block (whole)),
                         "Format",
                         g_variant_new ("(s@a{sv})",
                                        plug_format_operation_choose_partition_table (plug_drive_identity_get_whole_size (self->identity)),
                                        g_variant_dict_end (&options)),
                         G_DBUS_CALL_FLAGS_NONE,
                         G_MAXINT,
                         NULL,
                         partition_table_written_cb,
                         g_object_ref (task));
      return;
    }

  set_step (self, erase ? PLUG_FORMAT_STEP_ERASING : PLUG_FORMAT_STEP_FORMATTING,
            plug_volume_get_device (self->volume));
  g_dbus_proxy_call (G_DBUS_PROXY (udisks_object_peek_block (target)),
                     "Format",
                     g_variant_new ("(s@a{sv})", self->type->id,
                                    plug_format_operation_build_options (self->type, self->label, erase)),
                     G_DBUS_CALL_FLAGS_NONE,
                     G_MAXINT,
                     NULL,
                     volume_formatted_cb,
                     g_object_ref (task));
}

/* The last look before anything is destroyed. */
static void
check_identity_and_format (PlugFormatOperation *self,
                           GTask               *task)
{
  g_autofree char *difference = NULL;
  g_autoptr(GError) error = NULL;

  if (g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    {
      return_error (self, task,
                    g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                         _("Cancelled before anything was reformatted")));
      return;
    }

  difference = plug_drive_identity_dup_change (self->identity, self->client);
  if (difference != NULL)
    {
      return_error (self, task,
                    g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_CHANGED,
                                 /* Translators: a device such as /dev/sdb, then what changed */
                                 _("%s is no longer the drive you confirmed: %s. Nothing was reformatted."),
                                 plug_drive_get_device (self->drive), difference));
      return;
    }

  /* Another program may have started on the drive since the first look. */
  if (!plug_drive_jobs_check_idle (self->client, plug_drive_get_device (self->drive), &error))
    {
      return_error (self, task, g_steal_pointer (&error));
      return;
    }

  format (self, task);
}

static void
remounted_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugFormatOperation *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;

  /* Mounting again is a courtesy: its failure is logged, and the reason
   * the reformat stopped is what is reported. */
  if (!plug_udisks_mount_finish (result, &error))
    g_debug ("Could not mount %s again: %s", self->step_device, error->message);

  g_ptr_array_set_size (self->unmounted, 0);
  set_step (self, PLUG_FORMAT_STEP_DONE, NULL);
  g_task_return_error (task, g_steal_pointer (&self->pending_error));
}

/* Only on the drive that was confirmed: another one at the same device
 * is left as it is. */
static gboolean
before_remount (UDisksObject *object,
                gpointer      user_data)
{
  PlugFormatOperation *self = user_data;
  g_autofree char *difference = plug_drive_identity_dup_change (self->identity, self->client);

  if (difference != NULL)
    return FALSE;

  set_step (self, PLUG_FORMAT_STEP_MOUNTING, udisks_block_get_device (udisks_object_peek_block (object)));
  return TRUE;
}

static void
remount (PlugFormatOperation *self,
         GTask               *task)
{
  plug_udisks_mount_async (self->client, self->unmounted, before_remount, self,
                           remounted_cb, g_object_ref (task));
}

static void
unmounted_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugFormatOperation *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;

  g_ptr_array_set_size (self->to_unmount, 0);
  if (!plug_udisks_unmount_finish (result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return_error (self, task, g_steal_pointer (&error));
      else
        return_error (self, task,
                      g_error_new (error->domain, error->code,
                                   /* Translators: a device, then udisks' message */
                                   _("%s must be unmounted to be reformatted, and could not be: %s. "
                                     "Close the files and programs that use it, and try again."),
                                   self->step_device, error->message));
      return;
    }

  /* tests/system/test-drives-format.sh swaps the drive here, right
   * before the last check that it is the one confirmed. */
  plug_test_pause_then ("PLUG_TEST_FORMAT_PAUSE_FILE", NULL, task,
                        (PlugTestPauseNext) check_identity_and_format);
}

static gboolean
before_unmount (UDisksObject *object,
                gpointer      user_data)
{
  set_step (user_data, PLUG_FORMAT_STEP_UNMOUNTING,
            udisks_block_get_device (udisks_object_peek_block (object)));
  return TRUE;
}

static void
unmount (PlugFormatOperation *self,
         GTask               *task)
{
  plug_udisks_unmount_async (self->to_unmount, self->unmounted, before_unmount, self,
                             g_task_get_cancellable (task), unmounted_cb, g_object_ref (task));
}

static void
add_if_mounted (PlugFormatOperation *self,
                UDisksObject        *object)
{
  UDisksFilesystem *filesystem = object != NULL ? udisks_object_peek_filesystem (object) : NULL;
  const char * const *mount_points;

  if (filesystem == NULL || udisks_object_peek_block (object) == NULL)
    return;

  mount_points = udisks_filesystem_get_mount_points (filesystem);
  if (mount_points != NULL && mount_points[0] != NULL)
    g_ptr_array_add (self->to_unmount, g_object_ref (object));
}

/* The target, or for a whole drive the drive and every partition. */
static void
find_mounted (PlugFormatOperation *self)
{
  g_autoptr(UDisksObject) whole = udisks_client_get_object (self->client, plug_drive_identity_get_whole_path (self->identity));
  g_autoptr(UDisksObject) target = get_target_object (self);
  UDisksPartitionTable *table;
  GList *partitions;

  if (!(self->flags & PLUG_FORMAT_FLAGS_WHOLE_DRIVE))
    {
      add_if_mounted (self, target);
      return;
    }

  table = whole != NULL ? udisks_object_peek_partition_table (whole) : NULL;
  partitions = table != NULL ? udisks_client_get_partitions (self->client, table) : NULL;
  for (GList *l = partitions; l != NULL; l = l->next)
    {
      GDBusObject *object = g_dbus_interface_get_object (G_DBUS_INTERFACE (l->data));

      add_if_mounted (self, UDISKS_OBJECT (object));
    }
  g_list_free_full (partitions, g_object_unref);

  add_if_mounted (self, whole);
}

static void
can_format_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugFormatOperation *self = g_task_get_source_object (task);
  g_autofree char *missing_utility = NULL;
  g_autoptr(GError) error = NULL;

  if (!plug_filesystem_type_check_available_finish (result, &missing_utility, &error))
    {
      const char *package = plug_filesystem_type_get_package_for_utility (missing_utility);

      if (error != NULL)
        return_error (self, task, plug_drive_error_from_udisks (g_steal_pointer (&error),
                                                _("Could not ask udisks whether it can create this filesystem")));
      else
        return_error (self, task,
                      g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_TOOL_MISSING,
                                   /* Translators: a filesystem, a program, a package */
                                   _("Creating %s needs the program %s, which is not installed: "
                                     "install the “%s” package"),
                                   self->type->display_name,
                                   missing_utility != NULL ? missing_utility : self->type->utility,
                                   package != NULL ? package : self->type->package));
      return;
    }

  if (g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    {
      return_error (self, task,
                    g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                         _("Cancelled before anything was reformatted")));
      return;
    }

  find_mounted (self);
  unmount (self, task);
}

/**
 * plug_format_operation_run_async:
 *
 * Reformats the volume or the drive: checks the name, the drive and the
 * tools, unmounts what is mounted on it, checks that it is still the
 * drive that was confirmed, has udisks create the filesystem (after a new
 * partition table for a whole drive), waits until the volume reports its
 * new type and name, and mounts it. Nothing is sent to udisks when the
 * name, the size or the drive is refused.
 *
 * Cancelling stops udisks' job: an erase stops where it is, and leaves
 * the drive without a filesystem.
 */
void
plug_format_operation_run_async (PlugFormatOperation *self,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *difference = NULL;
  guint64 size;

  g_return_if_fail (PLUG_IS_FORMAT_OPERATION (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_format_operation_run_async);
  /* Once udisks has started, what happened is reported as it happened:
   * a Cancel that came too late must not hide a finished reformat, and a
   * cancelled one says what state the drive is left in. */
  g_task_set_check_cancellable (task, FALSE);

  if (self->step != PLUG_FORMAT_STEP_NONE)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_BUSY,
                               "A format operation runs only once");
      return;
    }

  set_step (self, PLUG_FORMAT_STEP_CHECKING, NULL);

  self->type = plug_filesystem_type_lookup (self->filesystem);
  if (self->type == NULL)
    {
      return_error (self, task,
                    g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_INVALID,
                                 /* Translators: a filesystem type, then a list of them */
                                 _("Plugboard cannot reformat to “%s”: choose one of %s"),
                                 self->filesystem, plug_filesystem_type_get_ids ()));
      return;
    }

  self->label = plug_label_rules_normalize (self->type->id, self->requested_label, &error);
  if (self->label == NULL)
    {
      return_error (self, task, g_steal_pointer (&error));
      return;
    }

  if (!plug_drive_get_can_modify (self->drive))
    {
      g_autofree char *reason = plug_drive_dup_restriction_reason (self->drive);

      return_error (self, task,
                    g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_PROTECTED,
                                 /* Translators: the reason, such as “it is the system disk” */
                                 _("Plugboard will not change this drive: %s"),
                                 reason));
      return;
    }

  if (self->identity == NULL)
    {
      return_error (self, task,
                    g_error_new_literal (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_GONE,
                                         _("The drive is no longer there")));
      return;
    }

  difference = plug_drive_identity_dup_change (self->identity, self->client);
  if (difference != NULL)
    {
      return_error (self, task,
                    g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_CHANGED,
                                 _("%s is no longer the drive you confirmed: %s. Nothing was reformatted."),
                                 plug_drive_get_device (self->drive), difference));
      return;
    }

  if (!plug_drive_jobs_check_idle (self->client, plug_drive_get_device (self->drive), &error))
    {
      return_error (self, task, g_steal_pointer (&error));
      return;
    }

  self->target_path = g_strdup (plug_drive_identity_get_target_path (self->identity));

  /* For a whole drive, the partition is 1 MiB smaller than the drive. */
  size = self->target_path != NULL ? plug_drive_identity_get_target_size (self->identity) : plug_drive_identity_get_whole_size (self->identity);
  if (self->type->min_size > 0 && size < self->type->min_size)
    {
      g_autofree char *size_text = g_format_size (size);
      g_autofree char *min_text = g_format_size (self->type->min_size);

      return_error (self, task,
                    g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_NO_SPACE,
                                 /* Translators: a filesystem, then two sizes */
                                 _("%s needs at least %s, and this is %s"),
                                 self->type->display_name, min_text, size_text));
      return;
    }

  plug_filesystem_type_check_available_async (self->client, self->type->id, cancellable,
                                              can_format_cb, g_steal_pointer (&task));
}

/**
 * plug_format_operation_check_drive_idle:
 * @error: where a busy drive is described
 *
 * For operations that work a long time before they reformat (keeping the
 * files): whether udisks is already working on the drive, as the
 * operation itself looks again right before it reformats.
 *
 * Returns: %TRUE when udisks runs no job on the drive
 */
gboolean
plug_format_operation_check_drive_idle (PlugFormatOperation  *self,
                                        GError              **error)
{
  g_return_val_if_fail (PLUG_IS_FORMAT_OPERATION (self), FALSE);

  return plug_drive_jobs_check_idle (self->client, plug_drive_get_device (self->drive), error);
}

gboolean
plug_format_operation_run_finish (PlugFormatOperation  *self,
                                  GAsyncResult         *result,
                                  GError              **error)
{
  g_return_val_if_fail (PLUG_IS_FORMAT_OPERATION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == plug_format_operation_run_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
