/* plug-label-rules.h: What a volume may be named, and where it will mount
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define PLUG_LABEL_ERROR (plug_label_error_quark ())

/**
 * PlugLabelError:
 * @PLUG_LABEL_ERROR_UNKNOWN_FILESYSTEM: Plugboard does not know the
 *   filesystem's rules for names, or the filesystem has no name
 * @PLUG_LABEL_ERROR_INVALID_TEXT: the name is not valid UTF-8
 * @PLUG_LABEL_ERROR_TOO_LONG: the name is longer than the filesystem allows
 * @PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER: the name holds a character the
 *   filesystem, or the tools that write it, refuse
 * @PLUG_LABEL_ERROR_SPACES: the name has spaces where the filesystem
 *   allows none
 *
 * Why a name was refused. The messages are written for people.
 */
typedef enum {
  PLUG_LABEL_ERROR_UNKNOWN_FILESYSTEM,
  PLUG_LABEL_ERROR_INVALID_TEXT,
  PLUG_LABEL_ERROR_TOO_LONG,
  PLUG_LABEL_ERROR_FORBIDDEN_CHARACTER,
  PLUG_LABEL_ERROR_SPACES,
} PlugLabelError;

GQuark               plug_label_error_quark                (void);

const char * const  *plug_label_rules_get_filesystems      (void);
gboolean             plug_label_rules_is_known_filesystem  (const char  *filesystem);
gboolean             plug_label_rules_can_rename_mounted  (const char  *filesystem);
char                *plug_label_rules_normalize            (const char  *filesystem,
                                                            const char  *label,
                                                            GError     **error);

char                *plug_label_rules_dup_mount_name       (const char  *label,
                                                            const char  *uuid);
char                *plug_label_rules_find_mount_base      (const char  *root_directory,
                                                            const char  *user_name);

G_END_DECLS
