/* plug-drive-list.h: The live list of external drives and disk images
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <udisks/udisks.h>

#include "plug-drive.h"

G_BEGIN_DECLS

/**
 * PlugDriveListFlags:
 * @PLUG_DRIVE_LIST_FLAGS_NONE: list what a person may work with: external
 *   drives and the disk images they attached
 * @PLUG_DRIVE_LIST_FLAGS_INCLUDE_UNLISTED: list every drive and disk image
 *   udisks knows, the system disk included, for diagnosis; each still says
 *   whether it may be changed
 */
typedef enum {
  PLUG_DRIVE_LIST_FLAGS_NONE             = 0,
  PLUG_DRIVE_LIST_FLAGS_INCLUDE_UNLISTED = 1 << 0,
} PlugDriveListFlags;

#define PLUG_TYPE_DRIVE_LIST (plug_drive_list_get_type ())

G_DECLARE_FINAL_TYPE (PlugDriveList, plug_drive_list, PLUG, DRIVE_LIST, GObject)

PlugDriveList *plug_drive_list_new                  (UDisksClient         *client,
                                                     PlugDriveListFlags    flags);
UDisksClient  *plug_drive_list_get_client           (PlugDriveList        *self);
PlugDrive     *plug_drive_list_find_by_device       (PlugDriveList        *self,
                                                     const char           *device);

void           plug_drive_list_refresh_usage_async  (PlugDriveList        *self,
                                                     GCancellable         *cancellable,
                                                     GAsyncReadyCallback   callback,
                                                     gpointer              user_data);
gboolean       plug_drive_list_refresh_usage_finish (PlugDriveList        *self,
                                                     GAsyncResult         *result,
                                                     GError              **error);

G_END_DECLS
