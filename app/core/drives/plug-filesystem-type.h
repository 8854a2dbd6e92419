/* plug-filesystem-type.h: The filesystems a drive can be reformatted to
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <udisks/udisks.h>

#include "plug-drive-rules.h"

G_BEGIN_DECLS

/**
 * PlugFilesystemPurpose:
 * @PLUG_FILESYSTEM_PURPOSE_ALL_SYSTEMS: works with all computers, files of any size
 * @PLUG_FILESYSTEM_PURPOSE_LINUX: Linux only, with the files owned by the user
 * @PLUG_FILESYSTEM_PURPOSE_WINDOWS: Windows
 * @PLUG_FILESYSTEM_PURPOSE_OLD_DEVICES: old devices and cameras, 4 GB per file
 * @PLUG_FILESYSTEM_PURPOSE_OTHER: for people who know what they want
 *
 * What a person reformats a drive for. The order is the order offered.
 */
typedef enum {
  PLUG_FILESYSTEM_PURPOSE_ALL_SYSTEMS,
  PLUG_FILESYSTEM_PURPOSE_LINUX,
  PLUG_FILESYSTEM_PURPOSE_WINDOWS,
  PLUG_FILESYSTEM_PURPOSE_OLD_DEVICES,
  PLUG_FILESYSTEM_PURPOSE_OTHER,
} PlugFilesystemPurpose;

/**
 * PlugFilesystemType:
 * @id: the type as udisks names it, for Block.Format ("exfat")
 * @display_name: the name people use ("exFAT")
 * @purpose: what it is for
 * @utility: the program udisks runs to create it
 * @package: the Debian package that ships @utility
 * @has_owners: whether files on it have owners, so that udisks can give
 *   the new filesystem to the user (Format's take-ownership)
 * @min_size: the smallest volume its mkfs accepts, in bytes; 0 for none
 *   a person would meet
 *
 * One filesystem Plugboard reformats to. The strings are not translated.
 */
typedef struct
{
  const char            *id;
  const char            *display_name;
  PlugFilesystemPurpose  purpose;
  const char            *utility;
  const char            *package;
  gboolean               has_owners;
  guint64                min_size;
} PlugFilesystemType;

const PlugFilesystemType *plug_filesystem_type_get_all              (guint                    *n_types);
const PlugFilesystemType *plug_filesystem_type_lookup               (const char               *id);
const char               *plug_filesystem_type_get_ids              (void);
const char               *plug_filesystem_purpose_get_title         (PlugFilesystemPurpose     purpose);
const char               *plug_filesystem_type_get_note             (const PlugFilesystemType *type);
const char               *plug_filesystem_type_get_package_for_utility (const char            *utility);
const char               *plug_filesystem_type_choose_default       (PlugDriveConnection       connection,
                                                                     gboolean                  removable);

guint64                   plug_filesystem_type_get_max_file_size    (const char               *filesystem);
gboolean                  plug_filesystem_type_can_carry_links      (const char               *filesystem);
guint64                   plug_filesystem_type_estimate_capacity    (const char               *filesystem,
                                                                     guint64                   volume_size,
                                                                     guint64                  *cluster_size);

void                      plug_filesystem_type_check_available_async  (UDisksClient           *client,
                                                                       const char             *id,
                                                                       GCancellable           *cancellable,
                                                                       GAsyncReadyCallback     callback,
                                                                       gpointer                user_data);
gboolean                  plug_filesystem_type_check_available_finish (GAsyncResult           *result,
                                                                       char                  **missing_utility,
                                                                       GError                **error);

G_END_DECLS
