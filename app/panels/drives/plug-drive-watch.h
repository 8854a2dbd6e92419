/* plug-drive-watch.h: Whether the drive a dialog was opened for is still there
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <udisks/udisks.h>

#include "plug-drive.h"
#include "plug-volume.h"

G_BEGIN_DECLS

typedef struct _PlugDriveWatch PlugDriveWatch;

/**
 * PlugDriveWatchFunc:
 * @gone: %TRUE when the drive or the volume was removed, %FALSE when it
 *   is there but is no longer the one the dialog was opened for (its
 *   medium swapped, its filesystem made anew)
 * @change: what differs, for people, as
 *   plug_drive_identity_dup_volume_change() says it
 * @user_data: as given
 */
typedef void (*PlugDriveWatchFunc) (gboolean    gone,
                                    const char *change,
                                    gpointer    user_data);

PlugDriveWatch *plug_drive_watch_new  (UDisksClient       *client,
                                       PlugDrive          *drive,
                                       PlugVolume         *volume,
                                       PlugDriveWatchFunc  func,
                                       gpointer            user_data);
void            plug_drive_watch_free (PlugDriveWatch     *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlugDriveWatch, plug_drive_watch_free)

G_END_DECLS
