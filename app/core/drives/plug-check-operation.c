/* plug-check-operation.c: Checking a volume's filesystem, or repairing it, through udisks
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "plug-check-operation.h"
#include "plug-core-enums.h"
#include "plug-drive-error.h"
#include "plug-drive-identity.h"
#include "plug-drive-jobs.h"
#include "plug-drive-rules.h"
#include "plug-filesystem-type.h"
#include "plug-udisks-call.h"

/*
 * A check is udisks' Filesystem.Check, a repair its Filesystem.Repair:
 * one call each, which runs the filesystem's own program (e2fsck -f -n
 * to check an ext4 volume, e2fsck -f -y to repair it; fsck.vfat -n and
 * -a; xfs_repair -n and xfs_repair; ntfsfix -n and -d). What comes
 * around the call is the rename's and the reformat's:
 *
 * 1. Nothing is asked of udisks (and polkit asks no password) for a
 *    filesystem udisks 2.9.4 cannot check (plug_filesystem_type_get_checker()),
 *    for a drive Plugboard does not change, or while udisks runs a job
 *    on the drive.
 * 2. A mounted volume is unmounted first, and mounted again afterwards,
 *    also when the check fails, so that it is left as it was found.
 *    udisks 2.9.4 answers that it cannot check a mounted filesystem,
 *    and then runs the program on it all the same: it must never be
 *    asked while the volume is mounted.
 * 3. The drive is looked at again right before the call, after the
 *    unmount: a card swapped in the reader since the user confirmed is
 *    left alone, and nothing is mounted on it afterwards.
 * 4. udisks says only whether the filesystem is consistent (Check) or
 *    was repaired (Repair), never what was wrong: the problems are said
 *    in those words, with the program that found them.
 * 5. udisks 2.9.4 takes any exit status but 0 from fsck.vfat for a
 *    failed repair, and fsck.vfat exits with 1 whenever it found
 *    something to mend, a dirty flag too: a FAT volume it repaired is
 *    reported as "Error reparing filesystem … exit code 1". So a repair
 *    udisks reports as failed is followed by a check; when that finds
 *    the filesystem consistent, it was repaired, and what udisks said
 *    is kept (plug_check_operation_get_repair_report()).
 *
 * The call has no D-Bus timeout (checking a large drive takes minutes)
 * and is not cancelled once made: udisks would go on anyway, and a
 * repair stopped half way would leave the filesystem worse.
 */

/* What udisks asks polkit (udiskslinuxfilesystem.c) for a drive on the
 * user's seat or a disk image the user attached. */
#define CHECK_ACTION "org.freedesktop.udisks2.modify-device"

struct _PlugCheckOperation
{
  GObject            parent_instance;

  /* Given. */
  UDisksClient      *client;
  PlugDrive         *drive;
  PlugVolume        *volume;
  gboolean           repair;

  /* Found out while running. */
  PlugDriveIdentity *identity;
  PlugCheckStep      step;
  UDisksObject      *object;
  char              *filesystem;
  char              *filesystem_name;
  GPtrArray         *unmounted;     /* its object path, once unmounted */
  gboolean           called;
  gboolean           clean;
  gboolean           repaired;
  char              *repair_report; /* udisks' error, when a check then found it clean */
  gboolean           remounted;
  char              *mount_point;
  GError            *pending_error;
};

G_DEFINE_FINAL_TYPE (PlugCheckOperation, plug_check_operation, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STEP,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
plug_check_operation_finalize (GObject *object)
{
  PlugCheckOperation *self = PLUG_CHECK_OPERATION (object);

  g_clear_object (&self->client);
  g_clear_object (&self->drive);
  g_clear_object (&self->volume);
  g_clear_pointer (&self->identity, plug_drive_identity_free);
  g_clear_object (&self->object);
  g_clear_pointer (&self->filesystem, g_free);
  g_clear_pointer (&self->filesystem_name, g_free);
  g_clear_pointer (&self->unmounted, g_ptr_array_unref);
  g_clear_pointer (&self->mount_point, g_free);
  g_clear_pointer (&self->repair_report, g_free);
  g_clear_error (&self->pending_error);

  G_OBJECT_CLASS (plug_check_operation_parent_class)->finalize (object);
}

static void
plug_check_operation_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  PlugCheckOperation *self = PLUG_CHECK_OPERATION (object);

  switch (prop_id)
    {
    case PROP_STEP:
      g_value_set_enum (value, self->step);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_check_operation_class_init (PlugCheckOperationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = plug_check_operation_finalize;
  object_class->get_property = plug_check_operation_get_property;

  /* A PlugCheckStep. */
  properties[PROP_STEP] =
    g_param_spec_enum ("step", NULL, NULL,
                       PLUG_TYPE_CHECK_STEP, PLUG_CHECK_STEP_NONE,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
plug_check_operation_init (PlugCheckOperation *self)
{
  self->unmounted = g_ptr_array_new_with_free_func (g_free);
}

/**
 * plug_check_operation_new:
 * @client: the udisks client the drive list reads
 * @drive: the drive that holds @volume, for whether it may be changed
 * @volume: the volume whose filesystem is to be checked or repaired
 * @repair: %TRUE to repair it (Filesystem.Repair), %FALSE to check it
 *   without changing anything (Filesystem.Check)
 *
 * The drive is the one the user confirms now: made when the user is
 * shown what will be checked, the operation refuses to act on another.
 *
 * Returns: (transfer full): an operation, to be run once
 */
PlugCheckOperation *
plug_check_operation_new (UDisksClient *client,
                          PlugDrive    *drive,
                          PlugVolume   *volume,
                          gboolean      repair)
{
  PlugCheckOperation *self;

  g_return_val_if_fail (UDISKS_IS_CLIENT (client), NULL);
  g_return_val_if_fail (PLUG_IS_DRIVE (drive), NULL);
  g_return_val_if_fail (PLUG_IS_VOLUME (volume), NULL);

  self = g_object_new (PLUG_TYPE_CHECK_OPERATION, NULL);
  self->client = g_object_ref (client);
  self->drive = g_object_ref (drive);
  self->volume = g_object_ref (volume);
  self->repair = !!repair;
  self->identity = plug_drive_identity_capture (client, plug_drive_get_device (drive),
                                                plug_volume_get_object_path (volume));

  return self;
}

gboolean
plug_check_operation_get_repair (PlugCheckOperation *self)
{
  g_return_val_if_fail (PLUG_IS_CHECK_OPERATION (self), FALSE);

  return self->repair;
}

PlugCheckStep
plug_check_operation_get_step (PlugCheckOperation *self)
{
  g_return_val_if_fail (PLUG_IS_CHECK_OPERATION (self), PLUG_CHECK_STEP_NONE);

  return self->step;
}

/**
 * plug_check_operation_get_clean:
 *
 * Returns: after a check udisks answered, whether it found the
 *   filesystem consistent
 */
gboolean
plug_check_operation_get_clean (PlugCheckOperation *self)
{
  g_return_val_if_fail (PLUG_IS_CHECK_OPERATION (self), FALSE);

  return self->clean;
}

/**
 * plug_check_operation_get_repaired:
 *
 * Returns: after a repair udisks answered, whether it says the
 *   filesystem was repaired (or had nothing to repair)
 */
gboolean
plug_check_operation_get_repaired (PlugCheckOperation *self)
{
  g_return_val_if_fail (PLUG_IS_CHECK_OPERATION (self), FALSE);

  return self->repaired;
}

/**
 * plug_check_operation_get_repair_report:
 *
 * Returns: (nullable): after a repair udisks reported as failed and a
 *   check then found consistent, what udisks said (the program's exit
 *   status and output); %NULL otherwise
 */
const char *
plug_check_operation_get_repair_report (PlugCheckOperation *self)
{
  g_return_val_if_fail (PLUG_IS_CHECK_OPERATION (self), NULL);

  return self->repair_report;
}

/**
 * plug_check_operation_dup_problems:
 *
 * Returns: (nullable): after a check udisks answered, what it found
 *   wrong, in a sentence; %NULL when the filesystem is consistent, or
 *   before udisks answered
 */
char *
plug_check_operation_dup_problems (PlugCheckOperation *self)
{
  g_return_val_if_fail (PLUG_IS_CHECK_OPERATION (self), NULL);

  if (self->repair || !self->called || self->clean)
    return NULL;

  /* Translators: a program such as e2fsck, then a filesystem such as
   * ext4. udisks says only that there are errors, never which. */
  return g_strdup_printf (_("%s found errors in the %s filesystem, and changed nothing "
                            "(udisks does not say which errors)"),
                          plug_filesystem_type_get_checker (self->filesystem),
                          self->filesystem_name);
}

/* Whether the volume was unmounted to be checked, and mounted again. */
gboolean
plug_check_operation_get_remounted (PlugCheckOperation *self)
{
  g_return_val_if_fail (PLUG_IS_CHECK_OPERATION (self), FALSE);

  return self->remounted;
}

/**
 * plug_check_operation_get_mount_point:
 *
 * Returns: (nullable): after success, where the volume is mounted, or
 *   %NULL when it is not
 */
const char *
plug_check_operation_get_mount_point (PlugCheckOperation *self)
{
  g_return_val_if_fail (PLUG_IS_CHECK_OPERATION (self), NULL);

  return self->mount_point;
}

static void
set_step (PlugCheckOperation *self,
          PlugCheckStep       step)
{
  if (self->step == step)
    return;

  self->step = step;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

static const char *
first_mount_point (UDisksObject *object)
{
  UDisksFilesystem *filesystem = object != NULL ? udisks_object_peek_filesystem (object) : NULL;
  const char * const *mount_points = filesystem != NULL ? udisks_filesystem_get_mount_points (filesystem) : NULL;

  /* Not udisks' own folder of the moment (plug_udisks_is_temporary_mount()). */
  for (guint i = 0; mount_points != NULL && mount_points[i] != NULL; i++)
    {
      if (!plug_udisks_is_temporary_mount (mount_points[i]))
        return mount_points[i];
    }

  return NULL;
}

static void
return_success (PlugCheckOperation *self,
                GTask              *task)
{
  g_free (self->mount_point);
  self->mount_point = g_strdup (first_mount_point (self->object));

  set_step (self, PLUG_CHECK_STEP_DONE);
  g_task_return_boolean (task, TRUE);
}

static void
return_error (PlugCheckOperation *self,
              GTask              *task,
              GError             *error)
{
  set_step (self, PLUG_CHECK_STEP_DONE);
  g_task_return_error (task, error);
}

static void
remount_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugCheckOperation *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;

  if (!plug_udisks_mount_finish (result, &error))
    {
      /* The check's failure is the news; this one follows it, and the
       * user has to know the volume is no longer mounted. */
      if (self->pending_error != NULL)
        {
          g_autoptr(GError) pending = g_steal_pointer (&self->pending_error);
          g_autofree char *reason = g_strchomp (g_strdup (pending->message));

          if (g_str_has_suffix (reason, "."))
            reason[strlen (reason) - 1] = '\0';
          return_error (self, task,
                        g_error_new (pending->domain, pending->code,
                                     /* Translators: the first %s says why it failed,
                                      * the second why mounting failed */
                                     _("%s. The volume could not be mounted again either: %s"),
                                     reason, error->message));
        }
      else
        {
          return_error (self, task,
                        g_error_new (error->domain, error->code,
                                     self->repair
                                     ? _("The volume was repaired, but could not be mounted again: %s")
                                     : _("The volume was checked, but could not be mounted again: %s"),
                                     error->message));
        }
      return;
    }

  self->remounted = first_mount_point (self->object) != NULL;

  if (self->pending_error != NULL)
    return_error (self, task, g_steal_pointer (&self->pending_error));
  else
    return_success (self, task);
}

/* Only on the drive that was confirmed: another one at the same device
 * is left as it is. */
static gboolean
before_remount (UDisksObject *object,
                gpointer      user_data)
{
  PlugCheckOperation *self = user_data;
  g_autofree char *change = plug_drive_identity_dup_change (self->identity, self->client);

  return change == NULL;
}

static void
mount_again (PlugCheckOperation *self,
             GTask              *task)
{
  set_step (self, PLUG_CHECK_STEP_MOUNTING);

  /* Not cancellable: once unmounted, the volume goes back to how it was
   * found, whatever else happened. */
  plug_udisks_mount_async (self->client, self->unmounted, before_remount, self,
                           remount_cb, g_object_ref (task));
}

/* After a failure: mount again what was unmounted, then report it. */
static void
fail_and_restore (PlugCheckOperation *self,
                  GTask              *task,
                  GError             *error)
{
  if (self->unmounted->len > 0 && udisks_object_peek_filesystem (self->object) != NULL)
    {
      g_clear_error (&self->pending_error);
      self->pending_error = error;
      mount_again (self, task);
      return;
    }

  return_error (self, task, error);
}

static void
finish_call (PlugCheckOperation *self,
             GTask              *task)
{
  if (self->unmounted->len > 0)
    mount_again (self, task);
  else
    return_success (self, task);
}

/* The check after a repair udisks reported as failed. */
static void
confirmed_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugCheckOperation *self = g_task_get_source_object (task);
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;
  GError *repair_error = g_task_get_task_data (task);
  gboolean clean = FALSE;

  reply = g_dbus_proxy_call_finish (G_DBUS_PROXY (object), result, &error);
  if (reply != NULL)
    g_variant_get (reply, "(b)", &clean);

  if (!clean)
    {
      /* The repair's own error is the news. */
      fail_and_restore (self, task, g_error_copy (repair_error));
      return;
    }

  self->called = TRUE;
  self->repaired = TRUE;
  self->repair_report = g_strdup (repair_error->message);
  finish_call (self, task);
}

static void
called_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugCheckOperation *self = g_task_get_source_object (task);
  g_autoptr(GVariant) reply = NULL;
  GError *error = NULL;
  gboolean answer = FALSE;

  reply = g_dbus_proxy_call_finish (G_DBUS_PROXY (object), result, &error);
  if (reply == NULL)
    {
      const char *device = plug_volume_get_device (self->volume);

      if (plug_drive_error_is_daemon_gone (error))
        {
          g_autoptr(GError) gone = error;

          g_dbus_error_strip_remote_error (gone);
          fail_and_restore (self, task,
                            self->repair
                            ? g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_DAEMON_GONE,
                                           /* Translators: a device such as /dev/sdb1, then why */
                                           _("udisks stopped while it repaired %s, so it may be repaired "
                                             "in part only: %s"),
                                           device, gone->message)
                            : g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_DAEMON_GONE,
                                           /* Translators: a device such as /dev/sdb1, then why */
                                           _("udisks stopped while it checked %s: %s"),
                                           device, gone->message));
          return;
        }

      /* Named, for an administrator who would allow it. */
      if (plug_drive_error_is_not_authorized (error))
        {
          g_autoptr(GError) refused = error;

          g_dbus_error_strip_remote_error (refused);
          fail_and_restore (self, task,
                            g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_NOT_AUTHORIZED,
                                         /* Translators: a device such as /dev/sdb1, a polkit
                                          * action's name, then udisks' words */
                                         _("Not authorized: the system does not allow you to check or "
                                           "repair the filesystem on %s (polkit action %s): %s"),
                                         device, CHECK_ACTION, refused->message));
          return;
        }

      error = plug_drive_error_from_udisks (error,
                                            self->repair
                                            ? _("udisks could not repair the filesystem")
                                            : _("udisks could not check the filesystem"));

      /* Said to have failed, which for fsck.vfat may mean it mended
       * something: a check says whether it did. */
      if (self->repair && g_error_matches (error, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_DAEMON_REFUSED))
        {
          set_step (self, PLUG_CHECK_STEP_CONFIRMING);
          g_task_set_task_data (task, error, (GDestroyNotify) g_error_free);
          g_dbus_proxy_call (G_DBUS_PROXY (object),
                             "Check",
                             g_variant_new ("(@a{sv})", plug_udisks_call_options ()),
                             G_DBUS_CALL_FLAGS_NONE,
                             G_MAXINT,
                             NULL,
                             confirmed_cb,
                             g_object_ref (task));
          return;
        }

      fail_and_restore (self, task, error);
      return;
    }

  self->called = TRUE;
  g_variant_get (reply, "(b)", &answer);
  if (self->repair)
    self->repaired = answer;
  else
    self->clean = answer;

  finish_call (self, task);
}

static void
call_udisks (PlugCheckOperation *self,
             GTask              *task)
{
  g_autofree char *change = NULL;
  UDisksFilesystem *filesystem;

  /* Right before the call: a card swapped in the reader since the user
   * confirmed, or while it was unmounted, is not checked. Nothing of it
   * is mounted again either. */
  change = self->identity != NULL ? plug_drive_identity_dup_change (self->identity, self->client) : NULL;
  if (self->identity == NULL || change != NULL)
    {
      g_ptr_array_set_size (self->unmounted, 0);
      return_error (self, task,
                    g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_CHANGED,
                                 /* Translators: a device such as /dev/sdb1, then what changed */
                                 _("%s is no longer the volume you confirmed: %s. Nothing was changed."),
                                 plug_volume_get_device (self->volume),
                                 change != NULL ? change : _("the drive is no longer there")));
      return;
    }

  filesystem = udisks_object_peek_filesystem (self->object);
  if (filesystem == NULL)
    {
      g_ptr_array_set_size (self->unmounted, 0);
      return_error (self, task,
                    g_error_new_literal (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_GONE,
                                         _("The volume is no longer there")));
      return;
    }

  set_step (self, PLUG_CHECK_STEP_CHECKING);

  g_dbus_proxy_call (G_DBUS_PROXY (filesystem),
                     self->repair ? "Repair" : "Check",
                     g_variant_new ("(@a{sv})", plug_udisks_call_options ()),
                     G_DBUS_CALL_FLAGS_NONE,
                     G_MAXINT,
                     NULL,
                     called_cb,
                     g_object_ref (task));
}

static void
unmounted_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugCheckOperation *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;

  if (!plug_udisks_unmount_finish (result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return_error (self, task, g_steal_pointer (&error));
      else
        return_error (self, task,
                      g_error_new (error->domain, error->code,
                                   self->repair
                                   ? _("It must be unmounted to be repaired, and could not be: %s")
                                   : _("It must be unmounted to be checked, and could not be: %s"),
                                   error->message));
      return;
    }

  /* Cancelled while unmounting: mount again, change nothing. */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    {
      fail_and_restore (self, task,
                        g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                             _("Cancelled before udisks was asked anything")));
      return;
    }

  call_udisks (self, task);
}

/**
 * plug_check_operation_run_async:
 *
 * Checks the volume's filesystem, or repairs it: checks that udisks can
 * (its filesystem, the drive may be changed and runs no job), unmounts
 * it when it is mounted, checks that the drive is still the one
 * confirmed, asks udisks, and mounts it again when it was unmounted.
 * Nothing is sent to udisks when one of the checks fails. A check that
 * finds errors succeeds: plug_check_operation_get_clean() says so.
 */
void
plug_check_operation_run_async (PlugCheckOperation  *self,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *change = NULL;
  UDisksBlock *block;
  UDisksFilesystem *filesystem;
  const char *type;

  g_return_if_fail (PLUG_IS_CHECK_OPERATION (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_check_operation_run_async);
  /* Once udisks has answered, what it found is reported: a Cancel that
   * came too late must not hide it. */
  g_task_set_check_cancellable (task, FALSE);

  if (self->step != PLUG_CHECK_STEP_NONE)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_BUSY,
                               "A check operation runs only once");
      return;
    }

  if (g_task_return_error_if_cancelled (task))
    return;

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

  self->object = udisks_client_get_object (self->client, plug_volume_get_object_path (self->volume));
  block = self->object != NULL ? udisks_object_peek_block (self->object) : NULL;
  filesystem = self->object != NULL ? udisks_object_peek_filesystem (self->object) : NULL;
  if (block == NULL)
    {
      return_error (self, task,
                    g_error_new_literal (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_GONE,
                                         _("The volume is no longer there")));
      return;
    }

  /* The type udisks sees now, not the one the snapshot saw. */
  type = udisks_block_get_id_type (block);
  self->filesystem = g_strdup (type);
  self->filesystem_name = plug_drive_rules_dup_filesystem_name (type, udisks_block_get_id_version (block));
  if (self->filesystem_name == NULL)
    self->filesystem_name = g_strdup (type != NULL && *type != '\0' ? type : "?");
  if (filesystem == NULL || plug_filesystem_type_get_checker (type) == NULL)
    {
      return_error (self, task,
                    g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_NOT_SUPPORTED,
                                 /* Translators: a filesystem, such as exFAT */
                                 _("udisks cannot check or repair %s: it does this for ext2, ext3, ext4, "
                                   "XFS, FAT and NTFS only"),
                                 self->filesystem_name));
      return;
    }

  if (!plug_drive_jobs_check_idle (self->client, plug_drive_get_device (self->drive), &error))
    {
      return_error (self, task, g_steal_pointer (&error));
      return;
    }

  /* Before anything is unmounted, too. */
  change = self->identity != NULL ? plug_drive_identity_dup_change (self->identity, self->client) : NULL;
  if (self->identity == NULL || change != NULL)
    {
      return_error (self, task,
                    g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_CHANGED,
                                 _("%s is no longer the volume you confirmed: %s. Nothing was changed."),
                                 plug_volume_get_device (self->volume),
                                 change != NULL ? change : _("the drive is no longer there")));
      return;
    }

  if (first_mount_point (self->object) != NULL)
    {
      g_autoptr(GPtrArray) objects = g_ptr_array_new ();

      g_ptr_array_add (objects, self->object);
      set_step (self, PLUG_CHECK_STEP_UNMOUNTING);
      plug_udisks_unmount_async (objects, self->unmounted, NULL, NULL, cancellable,
                                 unmounted_cb, g_steal_pointer (&task));
      return;
    }

  call_udisks (self, task);
}

gboolean
plug_check_operation_run_finish (PlugCheckOperation  *self,
                                 GAsyncResult        *result,
                                 GError             **error)
{
  g_return_val_if_fail (PLUG_IS_CHECK_OPERATION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == plug_check_operation_run_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
