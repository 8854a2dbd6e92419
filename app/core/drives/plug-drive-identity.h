/* plug-drive-identity.h: Whether a drive is still the one the user confirmed
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <udisks/udisks.h>

G_BEGIN_DECLS

typedef struct _PlugDriveIdentity PlugDriveIdentity;

PlugDriveIdentity *plug_drive_identity_capture         (UDisksClient            *client,
                                                        const char              *whole_device,
                                                        const char              *target_path);
void               plug_drive_identity_free            (PlugDriveIdentity       *self);

char              *plug_drive_identity_dup_change      (const PlugDriveIdentity *self,
                                                        UDisksClient            *client);
char              *plug_drive_identity_dup_volume_change (const PlugDriveIdentity *self,
                                                          UDisksClient            *client);
char              *plug_drive_identity_dup_device_change (const PlugDriveIdentity *self,
                                                          UDisksClient            *client);

const char        *plug_drive_identity_get_whole_path  (const PlugDriveIdentity *self);
guint64            plug_drive_identity_get_whole_size  (const PlugDriveIdentity *self);
const char        *plug_drive_identity_get_target_path (const PlugDriveIdentity *self);
guint64            plug_drive_identity_get_target_size (const PlugDriveIdentity *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlugDriveIdentity, plug_drive_identity_free)

G_END_DECLS
