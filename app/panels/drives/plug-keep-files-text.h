/* plug-keep-files-text.h: What the reformat wizard says about keeping files
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "plug-keep-files-operation.h"

G_BEGIN_DECLS

char *plug_keep_files_text_dup_step_title (PlugKeepFilesStep       step);
char *plug_keep_files_text_dup_step       (PlugKeepFilesOperation *operation);
char *plug_keep_files_text_dup_counts     (PlugKeepFilesOperation *operation);
char *plug_keep_files_text_dup_files      (PlugKeepFilesOperation *operation);
char *plug_keep_files_text_dup_space      (PlugKeepFilesOperation *operation);
char *plug_keep_files_text_dup_not_carried (PlugKeepFilesOperation *operation);

G_END_DECLS
