/* plug-volume.h: A filesystem on a drive
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <udisks/udisks.h>

G_BEGIN_DECLS

#define PLUG_TYPE_VOLUME (plug_volume_get_type ())

G_DECLARE_FINAL_TYPE (PlugVolume, plug_volume, PLUG, VOLUME, GObject)

PlugVolume         *plug_volume_new                    (const char           *object_path);
void                plug_volume_update                 (PlugVolume           *self,
                                                        UDisksObject         *object);

const char         *plug_volume_get_object_path        (PlugVolume           *self);
const char         *plug_volume_get_device             (PlugVolume           *self);
const char         *plug_volume_get_filesystem         (PlugVolume           *self);
const char         *plug_volume_get_filesystem_version (PlugVolume           *self);
char               *plug_volume_dup_filesystem_name    (PlugVolume           *self);
const char         *plug_volume_get_label              (PlugVolume           *self);
const char         *plug_volume_get_uuid               (PlugVolume           *self);
char               *plug_volume_dup_display_name       (PlugVolume           *self);
guint64             plug_volume_get_size               (PlugVolume           *self);
guint               plug_volume_get_partition_number   (PlugVolume           *self);
const char * const *plug_volume_get_mount_points       (PlugVolume           *self);
const char         *plug_volume_get_mount_point        (PlugVolume           *self);
gboolean            plug_volume_get_usage              (PlugVolume           *self,
                                                        guint64              *used,
                                                        guint64              *free_space);
guint64             plug_volume_get_max_file_size      (PlugVolume           *self);
gboolean            plug_volume_get_access             (PlugVolume           *self,
                                                        gboolean             *writable,
                                                        const char          **owner);
gboolean            plug_volume_get_can_take_ownership (PlugVolume           *self);

void                plug_volume_refresh_usage_async    (PlugVolume           *self,
                                                        GCancellable         *cancellable,
                                                        GAsyncReadyCallback   callback,
                                                        gpointer              user_data);
gboolean            plug_volume_refresh_usage_finish   (PlugVolume           *self,
                                                        GAsyncResult         *result,
                                                        GError              **error);

G_END_DECLS
