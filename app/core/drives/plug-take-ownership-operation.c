/* plug-take-ownership-operation.c: Making a volume's files the user's, through udisks
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "plug-core-enums.h"
#include "plug-drive-error.h"
#include "plug-drive-identity.h"
#include "plug-drive-jobs.h"
#include "plug-filesystem-type.h"
#include "plug-take-ownership-operation.h"
#include "plug-udisks-call.h"

/*
 * A volume made by root (an ext4 drive made with GParted or mkfs as
 * root) mounts with a top folder only root can add files to. udisks'
 * Filesystem.TakeOwnership, with "recursive", gives the top folder and
 * everything in it to the user who asks, and leaves the top folder
 * readable by that user only (mode 0700). What comes around the call:
 *
 * 1. Nothing is asked of udisks (and polkit asks no password) for a
 *    filesystem udisks 2.9.4 would refuse (only those with owners:
 *    plug_filesystem_type_can_take_ownership()), for a drive Plugboard
 *    does not change, or while udisks runs a job on the drive.
 * 2. The drive is looked at again right before the call: a card swapped
 *    in the reader since the user confirmed is left alone.
 * 3. udisks mounts an unmounted volume in a folder of its own while it
 *    works, so nothing is unmounted or mounted here; a mounted one is
 *    changed where it is, and open files are not disturbed.
 * 4. For a volume mounted when asked, success is reported once its top
 *    folder is seen to be the user's (access(W_OK) on it, through the
 *    volume); an unmounted one cannot be looked at without mounting it.
 *    udisks' folder of its own (plug_udisks_is_temporary_mount()) shows
 *    in the volume's mount points while it works, and may still when it
 *    has answered, even when the next call starts: it is root's, and
 *    never the one looked at.
 *
 * The call has no D-Bus timeout (giving many files a new owner takes a
 * while) and is not cancelled once made: udisks would go on anyway, and
 * the outcome would be unknown.
 */

/* What udisks asks polkit (udiskslinuxfilesystem.c), whether or not the
 * user set the disk image up. */
#define TAKE_OWNERSHIP_ACTION "org.freedesktop.udisks2.filesystem-take-ownership"

struct _PlugTakeOwnershipOperation
{
  GObject                parent_instance;

  /* Given. */
  UDisksClient          *client;
  PlugDrive             *drive;
  PlugVolume            *volume;

  /* Found out while running. */
  PlugDriveIdentity     *identity;
  PlugTakeOwnershipStep  step;
  UDisksObject          *object;
  char                  *mount_point;
  gboolean               verified;
};

G_DEFINE_FINAL_TYPE (PlugTakeOwnershipOperation, plug_take_ownership_operation, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STEP,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
plug_take_ownership_operation_finalize (GObject *object)
{
  PlugTakeOwnershipOperation *self = PLUG_TAKE_OWNERSHIP_OPERATION (object);

  g_clear_object (&self->client);
  g_clear_object (&self->drive);
  g_clear_object (&self->volume);
  g_clear_pointer (&self->identity, plug_drive_identity_free);
  g_clear_object (&self->object);
  g_clear_pointer (&self->mount_point, g_free);

  G_OBJECT_CLASS (plug_take_ownership_operation_parent_class)->finalize (object);
}

static void
plug_take_ownership_operation_get_property (GObject    *object,
                                            guint       prop_id,
                                            GValue     *value,
                                            GParamSpec *pspec)
{
  PlugTakeOwnershipOperation *self = PLUG_TAKE_OWNERSHIP_OPERATION (object);

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
plug_take_ownership_operation_class_init (PlugTakeOwnershipOperationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = plug_take_ownership_operation_finalize;
  object_class->get_property = plug_take_ownership_operation_get_property;

  /* A PlugTakeOwnershipStep. */
  properties[PROP_STEP] =
    g_param_spec_enum ("step", NULL, NULL,
                       PLUG_TYPE_TAKE_OWNERSHIP_STEP, PLUG_TAKE_OWNERSHIP_STEP_NONE,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
plug_take_ownership_operation_init (PlugTakeOwnershipOperation *self)
{
}

/**
 * plug_take_ownership_operation_new:
 * @client: the udisks client the drive list reads
 * @drive: the drive that holds @volume, for whether it may be changed
 * @volume: the volume whose files are to be the user's
 *
 * The drive is the one the user confirms now: made when the user is
 * shown what will change, the operation refuses to act on another.
 *
 * Returns: (transfer full): an operation, to be run once
 */
PlugTakeOwnershipOperation *
plug_take_ownership_operation_new (UDisksClient *client,
                                   PlugDrive    *drive,
                                   PlugVolume   *volume)
{
  PlugTakeOwnershipOperation *self;

  g_return_val_if_fail (UDISKS_IS_CLIENT (client), NULL);
  g_return_val_if_fail (PLUG_IS_DRIVE (drive), NULL);
  g_return_val_if_fail (PLUG_IS_VOLUME (volume), NULL);

  self = g_object_new (PLUG_TYPE_TAKE_OWNERSHIP_OPERATION, NULL);
  self->client = g_object_ref (client);
  self->drive = g_object_ref (drive);
  self->volume = g_object_ref (volume);
  self->identity = plug_drive_identity_capture (client, plug_drive_get_device (drive),
                                                plug_volume_get_object_path (volume));

  return self;
}

PlugTakeOwnershipStep
plug_take_ownership_operation_get_step (PlugTakeOwnershipOperation *self)
{
  g_return_val_if_fail (PLUG_IS_TAKE_OWNERSHIP_OPERATION (self), PLUG_TAKE_OWNERSHIP_STEP_NONE);

  return self->step;
}

/**
 * plug_take_ownership_operation_get_verified:
 *
 * Returns: after success, whether the top folder was seen to be the
 *   user's: %FALSE for a volume that is not mounted, which udisks
 *   mounted for the time it worked
 */
gboolean
plug_take_ownership_operation_get_verified (PlugTakeOwnershipOperation *self)
{
  g_return_val_if_fail (PLUG_IS_TAKE_OWNERSHIP_OPERATION (self), FALSE);

  return self->verified;
}

/**
 * plug_take_ownership_operation_get_mount_point:
 *
 * Returns: (nullable): once started, where the volume was mounted when
 *   udisks was asked, or %NULL when it was not
 */
const char *
plug_take_ownership_operation_get_mount_point (PlugTakeOwnershipOperation *self)
{
  g_return_val_if_fail (PLUG_IS_TAKE_OWNERSHIP_OPERATION (self), NULL);

  return self->mount_point;
}

static void
set_step (PlugTakeOwnershipOperation *self,
          PlugTakeOwnershipStep       step)
{
  if (self->step == step)
    return;

  self->step = step;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

static void
return_error (PlugTakeOwnershipOperation *self,
              GTask                      *task,
              GError                     *error)
{
  set_step (self, PLUG_TAKE_OWNERSHIP_STEP_DONE);
  g_task_return_error (task, error);
}

static void
access_refreshed_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugTakeOwnershipOperation *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;
  const char *owner = NULL;
  gboolean writable = FALSE;

  if (!plug_volume_refresh_usage_finish (PLUG_VOLUME (object), result, &error))
    {
      return_error (self, task,
                    g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_UNVERIFIED,
                                 /* Translators: a device such as /dev/sdb1, then why */
                                 _("udisks reported that the files on %s are now yours, but its top folder "
                                   "could not be looked at: %s"),
                                 plug_volume_get_device (self->volume), error->message));
      return;
    }

  /* Unmounted meanwhile: there is nothing left to look at. */
  if (g_strcmp0 (plug_volume_get_mount_point (self->volume), self->mount_point) != 0 ||
      !plug_volume_get_access (self->volume, &writable, &owner))
    {
      set_step (self, PLUG_TAKE_OWNERSHIP_STEP_DONE);
      g_task_return_boolean (task, TRUE);
      return;
    }

  if (!writable)
    {
      return_error (self, task,
                    g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_UNVERIFIED,
                                 /* Translators: a device such as /dev/sdb1, then a user name */
                                 _("udisks reported that the files on %s are now yours, but you still "
                                   "cannot add files to it: its top folder belongs to %s"),
                                 plug_volume_get_device (self->volume), owner));
      return;
    }

  self->verified = TRUE;
  set_step (self, PLUG_TAKE_OWNERSHIP_STEP_DONE);
  g_task_return_boolean (task, TRUE);
}

static void
take_ownership_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugTakeOwnershipOperation *self = g_task_get_source_object (task);
  g_autoptr(GVariant) reply = NULL;
  GError *error = NULL;

  reply = g_dbus_proxy_call_finish (G_DBUS_PROXY (object), result, &error);
  if (reply == NULL)
    {
      if (plug_drive_error_is_daemon_gone (error))
        {
          g_autoptr(GError) gone = error;

          g_dbus_error_strip_remote_error (gone);
          return_error (self, task,
                        g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_DAEMON_GONE,
                                     /* Translators: a device such as /dev/sdb1, then why */
                                     _("udisks stopped while it gave the files on %s to you, so some may "
                                       "be yours and others not: %s"),
                                     plug_volume_get_device (self->volume), gone->message));
          return;
        }

      /* Named, for an administrator who would allow it. */
      if (plug_drive_error_is_not_authorized (error))
        {
          g_autoptr(GError) refused = error;

          g_dbus_error_strip_remote_error (refused);
          return_error (self, task,
                        g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_NOT_AUTHORIZED,
                                     /* Translators: a device such as /dev/sdb1, a polkit action's
                                      * name, then udisks' words */
                                     _("Not authorized: the system does not allow you to change the owner "
                                       "of the files on %s (polkit action %s): %s"),
                                     plug_volume_get_device (self->volume), TAKE_OWNERSHIP_ACTION,
                                     refused->message));
          return;
        }

      return_error (self, task,
                    plug_drive_error_from_udisks (error, _("udisks could not make the files yours")));
      return;
    }

  set_step (self, PLUG_TAKE_OWNERSHIP_STEP_CONFIRMING);

  /* The top folder of a mounted volume, asked again in a worker thread. */
  if (self->mount_point != NULL &&
      g_strcmp0 (plug_volume_get_mount_point (self->volume), self->mount_point) == 0)
    {
      plug_volume_refresh_usage_async (self->volume, NULL, access_refreshed_cb, g_steal_pointer (&task));
      return;
    }

  set_step (self, PLUG_TAKE_OWNERSHIP_STEP_DONE);
  g_task_return_boolean (task, TRUE);
}

/**
 * plug_take_ownership_operation_run_async:
 *
 * Gives the volume's top folder and everything in it to the user, through
 * udisks: checks that udisks can (the filesystem has owners, the drive may
 * be changed and runs no job), that the drive is still the one confirmed,
 * asks udisks, and for a mounted volume waits until its top folder is the
 * user's. Nothing is sent to udisks when one of the checks fails.
 */
void
plug_take_ownership_operation_run_async (PlugTakeOwnershipOperation *self,
                                         GCancellable               *cancellable,
                                         GAsyncReadyCallback         callback,
                                         gpointer                    user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) call_options = NULL;
  g_autofree char *change = NULL;
  GVariantDict options;
  UDisksBlock *block;
  UDisksFilesystem *filesystem;
  const char * const *mount_points;
  const char *type;

  g_return_if_fail (PLUG_IS_TAKE_OWNERSHIP_OPERATION (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_take_ownership_operation_run_async);

  if (self->step != PLUG_TAKE_OWNERSHIP_STEP_NONE)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_BUSY,
                               "A take-ownership operation runs only once");
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
  if (filesystem == NULL || !plug_filesystem_type_can_take_ownership (type))
    {
      g_autofree char *name = plug_drive_rules_dup_filesystem_name (type, udisks_block_get_id_version (block));

      return_error (self, task,
                    g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_NOT_SUPPORTED,
                                 /* Translators: a filesystem, such as FAT32 */
                                 _("Files on %s have no owners, so they cannot be made yours: udisks does this "
                                   "for ext2, ext3, ext4, XFS and Btrfs only"),
                                 name != NULL ? name : _("this volume")));
      return;
    }

  if (!plug_drive_jobs_check_idle (self->client, plug_drive_get_device (self->drive), &error))
    {
      return_error (self, task, g_steal_pointer (&error));
      return;
    }

  /* Right before the call: a card swapped in the reader since the user
   * confirmed is not changed. */
  change = self->identity != NULL ? plug_drive_identity_dup_change (self->identity, self->client) : NULL;
  if (self->identity == NULL || change != NULL)
    {
      return_error (self, task,
                    g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_CHANGED,
                                 /* Translators: a device such as /dev/sdb1, then what changed */
                                 _("%s is no longer the volume you confirmed: %s. Nothing was changed."),
                                 plug_volume_get_device (self->volume),
                                 change != NULL ? change : _("the drive is no longer there")));
      return;
    }

  mount_points = udisks_filesystem_get_mount_points (filesystem);
  for (guint i = 0; mount_points != NULL && mount_points[i] != NULL && self->mount_point == NULL; i++)
    {
      if (!plug_udisks_is_temporary_mount (mount_points[i]))
        self->mount_point = g_strdup (mount_points[i]);
    }

  set_step (self, PLUG_TAKE_OWNERSHIP_STEP_TAKING);

  call_options = g_variant_ref_sink (plug_udisks_call_options ());
  g_variant_dict_init (&options, call_options);
  g_variant_dict_insert (&options, "recursive", "b", TRUE);
  g_dbus_proxy_call (G_DBUS_PROXY (filesystem),
                     "TakeOwnership",
                     g_variant_new ("(@a{sv})", g_variant_dict_end (&options)),
                     G_DBUS_CALL_FLAGS_NONE,
                     G_MAXINT,
                     NULL,
                     take_ownership_cb,
                     g_steal_pointer (&task));
}

gboolean
plug_take_ownership_operation_run_finish (PlugTakeOwnershipOperation  *self,
                                          GAsyncResult                *result,
                                          GError                     **error)
{
  g_return_val_if_fail (PLUG_IS_TAKE_OWNERSHIP_OPERATION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == plug_take_ownership_operation_run_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
