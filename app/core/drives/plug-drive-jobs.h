/* plug-drive-jobs.h: Whether udisks is already working on a drive, or gone
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <udisks/udisks.h>

G_BEGIN_DECLS

gboolean     plug_drive_jobs_check_idle    (UDisksClient  *client,
                                            const char    *whole_device,
                                            GError       **error);
const char  *plug_drive_jobs_describe      (const char    *operation);

G_END_DECLS
