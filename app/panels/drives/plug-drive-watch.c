/* plug-drive-watch.c: Whether the drive a dialog was opened for is still there
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-drives"

#include "config.h"

#include "plug-drive-identity.h"
#include "plug-drive-watch.h"

/*
 * The reformat wizard and the Rename dialog ask before they act, and a
 * person may take their time: the card may be pulled out meanwhile, the
 * disk image detached, or another filesystem made on it. The operation
 * would refuse then (it captures the drive when it is made and looks
 * again right before it acts), but only once the person confirmed a
 * question about a drive that is gone. So the dialog watches too, from
 * the moment it opens until it starts the operation: the drive's
 * identity (plug-drive-identity.c) is captured when the dialog is made,
 * and compared again whenever udisks' objects change (what concerns the
 * volume: not the drive's other partitions, which another program may
 * reformat meanwhile; the operation refuses then). That reads what
 * the UDisksClient already holds: nothing is asked on the main loop.
 *
 * While udisksd is away (restarted), its objects are gone from the
 * client, not from the computer: nothing is said until it is back and
 * its objects are there again.
 */

struct _PlugDriveWatch
{
  UDisksClient       *client;
  PlugDriveIdentity  *identity;
  PlugDriveWatchFunc  func;
  gpointer            user_data;
  gulong              changed_id;
};

static gboolean
udisks_is_there (UDisksClient *client)
{
  GDBusObjectManager *manager = udisks_client_get_object_manager (client);
  g_autofree char *owner = NULL;

  if (!G_IS_DBUS_OBJECT_MANAGER_CLIENT (manager))
    return TRUE;

  owner = g_dbus_object_manager_client_get_name_owner (G_DBUS_OBJECT_MANAGER_CLIENT (manager));
  return owner != NULL;
}

/* The block device at PATH is there, and holds something. */
static gboolean
has_block (UDisksClient *client,
           const char   *path)
{
  g_autoptr(UDisksObject) object = path != NULL ? udisks_client_get_object (client, path) : NULL;
  UDisksBlock *block = object != NULL ? udisks_object_peek_block (object) : NULL;

  return block != NULL && udisks_block_get_size (block) > 0;
}

static void
client_changed_cb (UDisksClient   *client,
                   PlugDriveWatch *self)
{
  g_autofree char *change = NULL;
  const char *target_path;
  gboolean gone;

  if (!udisks_is_there (client))
    return;

  change = plug_drive_identity_dup_volume_change (self->identity, client);
  if (change == NULL)
    return;

  /* Said once: the caller closes its dialog. */
  g_clear_signal_handler (&self->changed_id, client);

  target_path = plug_drive_identity_get_target_path (self->identity);
  gone = !has_block (client, plug_drive_identity_get_whole_path (self->identity)) ||
         (target_path != NULL && !has_block (client, target_path));

  self->func (gone, change, self->user_data);
}

/**
 * plug_drive_watch_new:
 * @client: the udisks client the drive list reads
 * @drive: the drive
 * @volume: the volume on it the dialog is for
 * @func: called, once, when the drive is gone or changed
 * @user_data: for @func, which must outlive the watch
 *
 * Returns: (transfer full) (nullable): the watch, for
 *   plug_drive_watch_free(), or %NULL when the volume is already gone
 *   (the operation then says so)
 */
PlugDriveWatch *
plug_drive_watch_new (UDisksClient       *client,
                      PlugDrive          *drive,
                      PlugVolume         *volume,
                      PlugDriveWatchFunc  func,
                      gpointer            user_data)
{
  PlugDriveWatch *self;
  PlugDriveIdentity *identity;

  g_return_val_if_fail (UDISKS_IS_CLIENT (client), NULL);
  g_return_val_if_fail (PLUG_IS_DRIVE (drive), NULL);
  g_return_val_if_fail (PLUG_IS_VOLUME (volume), NULL);
  g_return_val_if_fail (func != NULL, NULL);

  identity = plug_drive_identity_capture (client, plug_drive_get_device (drive),
                                          plug_volume_get_object_path (volume));
  if (identity == NULL)
    return NULL;

  self = g_new0 (PlugDriveWatch, 1);
  self->client = g_object_ref (client);
  self->identity = identity;
  self->func = func;
  self->user_data = user_data;
  self->changed_id = g_signal_connect (client, "changed", G_CALLBACK (client_changed_cb), self);

  return self;
}

/**
 * plug_drive_watch_free:
 * @self: a watch
 *
 * Stops watching.
 */
void
plug_drive_watch_free (PlugDriveWatch *self)
{
  if (self == NULL)
    return;

  g_clear_signal_handler (&self->changed_id, self->client);
  g_clear_object (&self->client);
  plug_drive_identity_free (self->identity);
  g_free (self);
}
