/* plug-filesystem-type.h: What Plugboard knows of each filesystem
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

/**
 * PlugLabelUnit:
 * @PLUG_LABEL_UNIT_BYTES: a name's length counts its UTF-8 bytes
 * @PLUG_LABEL_UNIT_UTF16: a name's length counts UTF-16 code units
 */
typedef enum
{
  PLUG_LABEL_UNIT_BYTES,
  PLUG_LABEL_UNIT_UTF16,
} PlugLabelUnit;

/**
 * PlugLabelLimits:
 * @filesystem: as udisks names it
 * @display_name: as people name it, in messages
 * @max_length: the longest name, in @unit
 * @unit: what a name's length counts
 * @readable_units: 0, or how many UTF-16 units of a name blkid reads back
 * @rename_mounted: whether udisks renames it while mounted
 * @forbidden: (nullable): the ASCII characters no name may hold
 */
typedef struct
{
  const char    *filesystem;
  const char    *display_name;
  guint          max_length;
  PlugLabelUnit  unit;
  guint          readable_units;
  gboolean       rename_mounted;
  const char    *forbidden;
} PlugLabelLimits;

const PlugLabelLimits    *plug_filesystem_type_get_label_limits     (const char               *filesystem);
const char * const       *plug_filesystem_type_get_label_filesystems (void);

guint64                   plug_filesystem_type_get_max_file_size    (const char               *filesystem);
gboolean                  plug_filesystem_type_can_carry_links      (const char               *filesystem);
gboolean                  plug_filesystem_type_holds_hard_links     (const char               *filesystem);
gboolean                  plug_filesystem_type_holds_holes          (const char               *filesystem);
gboolean                  plug_filesystem_type_holds_user_xattrs    (const char               *filesystem);
gboolean                  plug_filesystem_type_can_take_ownership   (const char               *filesystem);
const char               *plug_filesystem_type_get_checker          (const char               *filesystem);
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
