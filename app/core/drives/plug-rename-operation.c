/* plug-rename-operation.c: Renaming a volume through udisks
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "plug-core-enums.h"
#include "plug-drive-error.h"
#include "plug-drive-identity.h"
#include "plug-drive-jobs.h"
#include "plug-label-rules.h"
#include "plug-rename-operation.h"
#include "plug-test-pause.h"
#include "plug-udisks-call.h"

/*
 * Renaming is one udisks call, Filesystem.SetLabel, with what has to come
 * around it:
 *
 * 1. The name is checked against the filesystem's rules before udisks is
 *    asked anything, so that a refused name changes nothing, and a drive
 *    Plugboard may not change is refused here too.
 * 2. udisks 2.9.4 renames only ext2/3/4 while mounted; any other mounted
 *    filesystem is unmounted first and mounted again afterwards, also
 *    when the rename fails, so that it is left as it was found.
 *    Nor is it renamed while udisks runs a job on any block of the drive
 *    (plug-drive-jobs.c), such as another program's reformat.
 * 3. Success is reported once the volume itself reports the new name
 *    (udisks re-reads it through udev), not when the call returns.
 * 4. If udisks goes away while it renames (killed, restarted), whether it
 *    did is not known: SetLabel is never called again; once udisks is
 *    back, the volume is read again and the error says its name now.
 *
 * Mounting again gives the volume its new folder; a volume renamed while
 * mounted keeps its old folder until it is next mounted.
 */

#define CONFIRM_TIMEOUT_SECONDS 10
/* How long to wait for udisks to come back after it went away mid-rename,
 * and how often to look. */
#define DAEMON_RETURN_TIMEOUT_SECONDS 30
#define DAEMON_RETURN_INTERVAL_MS 50

struct _PlugRenameOperation
{
  GObject          parent_instance;

  /* Given. */
  UDisksClient    *client;
  PlugDrive       *drive;
  PlugVolume      *volume;
  char            *requested_label;

  /* Found out while running. */
  PlugDriveIdentity *identity;
  PlugRenameStep  step;
  UDisksObject    *object;
  char            *label;
  char            *mount_point;
  GPtrArray       *unmounted;     /* its object path, once unmounted */
  gboolean         remounted;
  GError          *rename_error;

  /* Only while waiting for udisks to come back. */
  char            *daemon_owner;
  char            *object_path;
  char            *device;
  gint64           return_deadline;
};

G_DEFINE_FINAL_TYPE (PlugRenameOperation, plug_rename_operation, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STEP,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
plug_rename_operation_finalize (GObject *object)
{
  PlugRenameOperation *self = PLUG_RENAME_OPERATION (object);

  g_clear_object (&self->client);
  g_clear_pointer (&self->unmounted, g_ptr_array_unref);
  g_clear_object (&self->drive);
  g_clear_object (&self->volume);
  g_clear_pointer (&self->identity, plug_drive_identity_free);
  g_clear_pointer (&self->requested_label, g_free);
  g_clear_object (&self->object);
  g_clear_pointer (&self->label, g_free);
  g_clear_pointer (&self->mount_point, g_free);
  g_clear_error (&self->rename_error);
  g_clear_pointer (&self->daemon_owner, g_free);
  g_clear_pointer (&self->object_path, g_free);
  g_clear_pointer (&self->device, g_free);

  G_OBJECT_CLASS (plug_rename_operation_parent_class)->finalize (object);
}

static void
plug_rename_operation_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  PlugRenameOperation *self = PLUG_RENAME_OPERATION (object);

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
plug_rename_operation_class_init (PlugRenameOperationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = plug_rename_operation_finalize;
  object_class->get_property = plug_rename_operation_get_property;

  /* A PlugRenameStep. */
  properties[PROP_STEP] =
    g_param_spec_enum ("step", NULL, NULL,
                       PLUG_TYPE_RENAME_STEP, PLUG_RENAME_STEP_NONE,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
plug_rename_operation_init (PlugRenameOperation *self)
{
  self->unmounted = g_ptr_array_new_with_free_func (g_free);
}

/**
 * plug_rename_operation_new:
 * @client: the udisks client the drive list reads
 * @drive: the drive that holds @volume, for whether it may be changed
 * @volume: the volume to rename
 * @label: the new name; empty to remove the name
 *
 * Returns: (transfer full): an operation, to be run once
 */
PlugRenameOperation *
plug_rename_operation_new (UDisksClient *client,
                           PlugDrive    *drive,
                           PlugVolume   *volume,
                           const char   *label)
{
  PlugRenameOperation *self;

  g_return_val_if_fail (UDISKS_IS_CLIENT (client), NULL);
  g_return_val_if_fail (PLUG_IS_DRIVE (drive), NULL);
  g_return_val_if_fail (PLUG_IS_VOLUME (volume), NULL);
  g_return_val_if_fail (label != NULL, NULL);

  self = g_object_new (PLUG_TYPE_RENAME_OPERATION, NULL);
  self->client = g_object_ref (client);
  self->drive = g_object_ref (drive);
  self->volume = g_object_ref (volume);
  self->requested_label = g_strdup (label);
  self->identity = plug_drive_identity_capture (client, plug_drive_get_device (drive),
                                                plug_volume_get_object_path (volume));

  return self;
}

PlugRenameStep
plug_rename_operation_get_step (PlugRenameOperation *self)
{
  g_return_val_if_fail (PLUG_IS_RENAME_OPERATION (self), PLUG_RENAME_STEP_NONE);

  return self->step;
}

/**
 * plug_rename_operation_get_label:
 *
 * Returns: (nullable): once the name is checked, the name as the volume
 *   will report it; after success, as it did report it
 */
const char *
plug_rename_operation_get_label (PlugRenameOperation *self)
{
  g_return_val_if_fail (PLUG_IS_RENAME_OPERATION (self), NULL);

  return self->label;
}

/* Whether the volume was unmounted to be renamed, and mounted again. */
gboolean
plug_rename_operation_get_remounted (PlugRenameOperation *self)
{
  g_return_val_if_fail (PLUG_IS_RENAME_OPERATION (self), FALSE);

  return self->remounted;
}

/**
 * plug_rename_operation_get_mount_point:
 *
 * Returns: (nullable): after success, where the volume is mounted, or
 *   %NULL when it is not
 */
const char *
plug_rename_operation_get_mount_point (PlugRenameOperation *self)
{
  g_return_val_if_fail (PLUG_IS_RENAME_OPERATION (self), NULL);

  return self->mount_point;
}

static void
set_step (PlugRenameOperation *self,
          PlugRenameStep       step)
{
  if (self->step == step)
    return;

  self->step = step;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEP]);
}

static void
return_success (PlugRenameOperation *self,
                GTask               *task)
{
  UDisksFilesystem *filesystem = udisks_object_peek_filesystem (self->object);
  const char * const *mount_points = NULL;

  if (filesystem != NULL)
    mount_points = udisks_filesystem_get_mount_points (filesystem);

  g_clear_pointer (&self->mount_point, g_free);
  if (mount_points != NULL && mount_points[0] != NULL)
    self->mount_point = g_strdup (mount_points[0]);

  set_step (self, PLUG_RENAME_STEP_DONE);
  g_task_return_boolean (task, TRUE);
}

static void
return_error (PlugRenameOperation *self,
              GTask               *task,
              GError              *error)
{
  set_step (self, PLUG_RENAME_STEP_DONE);
  g_task_return_error (task, error);
}

static gboolean
is_mounted (UDisksObject *object)
{
  UDisksFilesystem *filesystem = udisks_object_peek_filesystem (object);
  const char * const *mount_points = filesystem != NULL ? udisks_filesystem_get_mount_points (filesystem) : NULL;

  return mount_points != NULL && mount_points[0] != NULL;
}

static void
remount_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugRenameOperation *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;

  if (!plug_udisks_mount_finish (result, &error))
    {
      /* The rename's failure is the news; this one follows it, and the
       * user has to know the volume is no longer mounted. */
      if (self->rename_error != NULL)
        {
          g_autoptr(GError) rename_error = g_steal_pointer (&self->rename_error);
          g_autofree char *reason = g_strchomp (g_strdup (rename_error->message));

          if (g_str_has_suffix (reason, "."))
            reason[strlen (reason) - 1] = '\0';
          return_error (self, task,
                        g_error_new (rename_error->domain, rename_error->code,
                                     /* Translators: the first %s says why the rename
                                      * failed, the second why mounting failed */
                                     _("%s. The volume could not be mounted again either: %s"),
                                     reason, error->message));
        }
      else
        {
          return_error (self, task,
                        g_error_new (error->domain, error->code,
                                     _("The volume was renamed, but could not be mounted again: %s"),
                                     error->message));
        }
      return;
    }

  self->remounted = is_mounted (self->object);

  if (self->rename_error != NULL)
    return_error (self, task, g_steal_pointer (&self->rename_error));
  else
    return_success (self, task);
}

static void
mount_again (PlugRenameOperation *self,
             GTask               *task)
{
  set_step (self, PLUG_RENAME_STEP_MOUNTING);

  /* Not cancellable: once unmounted, the volume goes back to how it was
   * found, whatever else happened. */
  plug_udisks_mount_async (self->client, self->unmounted, NULL, NULL, remount_cb, g_object_ref (task));
}

/* After a failure: mount again what was unmounted, then report it. */
static void
fail_and_restore (PlugRenameOperation *self,
                  GTask               *task,
                  GError              *error)
{
  if (self->unmounted->len > 0 && udisks_object_peek_filesystem (self->object) != NULL)
    {
      g_clear_error (&self->rename_error);
      self->rename_error = error;
      mount_again (self, task);
      return;
    }

  return_error (self, task, error);
}

static gboolean
label_confirmed (PlugRenameOperation *self)
{
  UDisksBlock *block = udisks_object_peek_block (self->object);

  return block != NULL && g_strcmp0 (udisks_block_get_id_label (block), self->label) == 0;
}

static void
label_confirmed_step (PlugRenameOperation *self,
                      GTask               *task)
{
  if (self->unmounted->len > 0)
    mount_again (self, task);
  else
    return_success (self, task);
}

static void
label_waited_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugRenameOperation *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;
  UDisksBlock *block;

  if (plug_udisks_wait_finish (result, &error))
    {
      label_confirmed_step (self, task);
      return;
    }

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      fail_and_restore (self, task,
                        g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                             _("Renaming was cancelled")));
      return;
    }

  block = udisks_object_peek_block (self->object);
  fail_and_restore (self, task,
                    g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_UNVERIFIED,
                                 _("udisks accepted the name “%s”, but the volume still reports “%s”"),
                                 self->label, block != NULL ? udisks_block_get_id_label (block) : ""));
}

static void
wait_for_label (PlugRenameOperation *self,
                GTask               *task)
{
  UDisksBlock *block = udisks_object_peek_block (self->object);

  set_step (self, PLUG_RENAME_STEP_CONFIRMING);

  if (label_confirmed (self))
    {
      label_confirmed_step (self, task);
      return;
    }

  if (block == NULL)
    {
      fail_and_restore (self, task,
                        g_error_new_literal (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_GONE,
                                             _("The volume disappeared while it was renamed")));
      return;
    }

  /* udisks re-reads the name through udev after SetLabel returns. */
  plug_udisks_wait_async ((PlugUdisksCheck) label_confirmed, self, CONFIRM_TIMEOUT_SECONDS * 1000,
                          g_task_get_cancellable (task), label_waited_cb, g_object_ref (task));
}

static char *
dup_daemon_owner (PlugRenameOperation *self)
{
  GDBusObjectManager *manager = udisks_client_get_object_manager (self->client);

  return g_dbus_object_manager_client_get_name_owner (G_DBUS_OBJECT_MANAGER_CLIENT (manager));
}

/* The volume as a udisks that runs again reports it: a new process (the
 * old one may still seem to own the name until the client hears it went),
 * which has read the block device again. */
static UDisksObject *
find_volume_again (PlugRenameOperation *self)
{
  g_autofree char *owner = dup_daemon_owner (self);
  g_autoptr(UDisksObject) object = NULL;

  if (owner == NULL || g_strcmp0 (owner, self->daemon_owner) == 0)
    return NULL;

  object = udisks_client_get_object (self->client, self->object_path);
  if (object == NULL || udisks_object_peek_block (object) == NULL)
    return NULL;

  return g_steal_pointer (&object);
}

static void
rescan_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugRenameOperation *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;
  const char *label;

  /* Without the rescan, what udisks reports is still the best there is. */
  if (!udisks_block_call_rescan_finish (UDISKS_BLOCK (object), result, &error))
    g_debug ("Could not have udisks read %s again: %s", self->device, error->message);

  label = udisks_block_get_id_label (udisks_object_peek_block (self->object));
  if (label == NULL || *label == '\0')
    fail_and_restore (self, task,
                      g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_DAEMON_GONE,
                                   /* Translators: a device such as /dev/sdb1 */
                                   _("udisks stopped while it renamed %s, so the outcome is unknown, "
                                     "and it was not renamed again. Read again from udisks, it now "
                                     "has no name."),
                                   self->device));
  else
    fail_and_restore (self, task,
                      g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_DAEMON_GONE,
                                   /* Translators: a device such as /dev/sdb1, then the name it has now */
                                   _("udisks stopped while it renamed %s, so the outcome is unknown, "
                                     "and it was not renamed again. Read again from udisks, it is now "
                                     "named “%s”."),
                                   self->device, label));
}

static gboolean
daemon_return_cb (gpointer user_data)
{
  GTask *task = user_data;
  PlugRenameOperation *self = g_task_get_source_object (task);
  g_autoptr(UDisksObject) object = find_volume_again (self);

  if (object == NULL &&
      g_get_monotonic_time () < self->return_deadline &&
      !g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    return G_SOURCE_CONTINUE;

  if (object == NULL)
    {
      fail_and_restore (self, task,
                        g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_DAEMON_GONE,
                                     /* Translators: a device such as /dev/sdb1, then the new name */
                                     _("udisks stopped while it renamed %s, so the outcome is unknown: "
                                       "it is named either as before or “%s”. It was not renamed again; "
                                       "look at its name once udisks runs again."),
                                     self->device, self->label));
      return G_SOURCE_REMOVE;
    }

  /* The old object is gone with the old udisks; mounting again, if the
   * volume was unmounted, goes through the new one. udisks knows the name
   * udev read last, which a rename on a mounted filesystem (an ioctl, no
   * write to the device) does not update: the new udisks is asked to have
   * the device read again first, as the old one would have after SetLabel. */
  g_set_object (&self->object, object);
  udisks_block_call_rescan (udisks_object_peek_block (object),
                            plug_udisks_call_options (),
                            NULL,
                            rescan_cb,
                            g_object_ref (task));
  return G_SOURCE_REMOVE;
}

static void
set_label_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugRenameOperation *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;

  if (!udisks_filesystem_call_set_label_finish (UDISKS_FILESYSTEM (object), result, &error))
    {
      /* Killed or restarted while renaming: udisks may or may not have
       * written the name. Never asked again; once udisks is back, the
       * volume is read again to say what it is named now. */
      if (plug_drive_error_is_daemon_gone (error))
        {
          GSource *source;

          g_debug ("udisks went away during SetLabel: %s", error->message);
          self->object_path = g_strdup (g_dbus_object_get_object_path (G_DBUS_OBJECT (self->object)));
          self->device = g_strdup (udisks_block_get_device (udisks_object_peek_block (self->object)));
          self->return_deadline = g_get_monotonic_time () + DAEMON_RETURN_TIMEOUT_SECONDS * G_USEC_PER_SEC;
          source = g_timeout_source_new (DAEMON_RETURN_INTERVAL_MS);
          g_source_set_callback (source, daemon_return_cb, g_steal_pointer (&task), g_object_unref);
          g_source_set_static_name (source, "[plugboard] rename waits for udisks");
          g_source_attach (source, g_main_context_get_thread_default ());
          g_source_unref (source);
          return;
        }
      fail_and_restore (self, task, plug_drive_error_from_udisks (g_steal_pointer (&error), NULL));
      return;
    }

  wait_for_label (self, task);
}

static void
set_label (PlugRenameOperation *self,
           GTask               *task)
{
  g_autofree char *change = NULL;

  /* Right before the call: a card swapped in the reader since the user
   * confirmed, or while it was unmounted, is not renamed. Nothing of it
   * is mounted again either. */
  change = self->identity != NULL ? plug_drive_identity_dup_change (self->identity, self->client) : NULL;
  if (self->identity == NULL || change != NULL)
    {
      g_ptr_array_set_size (self->unmounted, 0);
      return_error (self, task,
                    g_error_new (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_CHANGED,
                                 /* Translators: a device such as /dev/sdb1, then what changed */
                                 _("%s is no longer the volume you confirmed: %s. Nothing was renamed."),
                                 plug_volume_get_device (self->volume),
                                 change != NULL ? change : _("the drive is no longer there")));
      return;
    }

  set_step (self, PLUG_RENAME_STEP_RENAMING);

  /* Which udisks is asked, to know a new one from it. */
  g_clear_pointer (&self->daemon_owner, g_free);
  self->daemon_owner = dup_daemon_owner (self);

  /* The normalized name: udisks would make the same of it, and it is the
   * one to wait for. */
  udisks_filesystem_call_set_label (udisks_object_peek_filesystem (self->object),
                                    self->label,
                                    plug_udisks_call_options (),
                                    g_task_get_cancellable (task),
                                    set_label_cb,
                                    g_object_ref (task));
}

/* tests/system/test-drives-label.sh swaps the medium here, right before
 * the last check that it is the one confirmed. */
static void
before_set_label (PlugRenameOperation *self,
                  GTask               *task)
{
  plug_test_pause_then ("PLUG_TEST_RENAME_PAUSE_FILE", NULL, task, (PlugTestPauseNext) set_label);
}

static void
unmount_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  PlugRenameOperation *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;

  if (!plug_udisks_unmount_finish (result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return_error (self, task, g_steal_pointer (&error));
      else
        return_error (self, task,
                      g_error_new (error->domain, error->code,
                                   _("It must be unmounted to be renamed, and could not be: %s"),
                                   error->message));
      return;
    }

  /* Cancelled while unmounting: mount again, change nothing. */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    {
      fail_and_restore (self, task,
                        g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                             _("Renaming was cancelled")));
      return;
    }

  before_set_label (self, task);
}

/**
 * plug_rename_operation_run_async:
 *
 * Renames the volume: checks the name, unmounts the volume when its
 * filesystem cannot be renamed while mounted, asks udisks to rename it,
 * waits until the volume reports the new name, and mounts it again when
 * it was unmounted. Nothing is sent to udisks when the name or the drive
 * is refused.
 */
void
plug_rename_operation_run_async (PlugRenameOperation *self,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  UDisksBlock *block;
  UDisksFilesystem *filesystem;
  const char * const *mount_points;

  g_return_if_fail (PLUG_IS_RENAME_OPERATION (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_rename_operation_run_async);

  if (self->step != PLUG_RENAME_STEP_NONE)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_BUSY,
                               "A rename operation runs only once");
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

  if (!plug_drive_jobs_check_idle (self->client, plug_drive_get_device (self->drive), &error))
    {
      return_error (self, task, g_steal_pointer (&error));
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
  if (filesystem == NULL)
    {
      return_error (self, task,
                    g_error_new_literal (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_NOT_SUPPORTED,
                                         _("The volume holds no filesystem that can be named")));
      return;
    }

  /* The type udisks sees now, not the one the snapshot saw. */
  self->label = plug_label_rules_normalize (udisks_block_get_id_type (block),
                                            self->requested_label, &error);
  if (self->label == NULL)
    {
      return_error (self, task, g_steal_pointer (&error));
      return;
    }

  mount_points = udisks_filesystem_get_mount_points (filesystem);
  if (mount_points != NULL && mount_points[0] != NULL &&
      !plug_label_rules_can_rename_mounted (udisks_block_get_id_type (block)))
    {
      g_autoptr(GPtrArray) objects = g_ptr_array_new ();

      g_ptr_array_add (objects, self->object);
      set_step (self, PLUG_RENAME_STEP_UNMOUNTING);
      plug_udisks_unmount_async (objects, self->unmounted, NULL, NULL, cancellable,
                                 unmount_cb, g_steal_pointer (&task));
      return;
    }

  before_set_label (self, task);
}

gboolean
plug_rename_operation_run_finish (PlugRenameOperation  *self,
                                  GAsyncResult         *result,
                                  GError              **error)
{
  g_return_val_if_fail (PLUG_IS_RENAME_OPERATION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == plug_rename_operation_run_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
