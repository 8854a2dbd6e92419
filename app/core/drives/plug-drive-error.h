/* plug-drive-error.h: Why an operation on a drive failed, as a code
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

#define PLUG_DRIVE_ERROR (plug_drive_error_quark ())

/**
 * PlugDriveError:
 * @PLUG_DRIVE_ERROR_FAILED: none of the others; the message says what
 * @PLUG_DRIVE_ERROR_NOT_AUTHORIZED: polkit did not allow it
 * @PLUG_DRIVE_ERROR_PROTECTED: Plugboard's own rules keep it from this
 *   drive (the system disk, a device Plugboard does not change)
 * @PLUG_DRIVE_ERROR_BUSY: udisks or another program is using it
 * @PLUG_DRIVE_ERROR_GONE: the drive or volume is no longer there
 * @PLUG_DRIVE_ERROR_CHANGED: it is no longer the drive that was confirmed
 * @PLUG_DRIVE_ERROR_TOOL_MISSING: a program that is needed is not installed
 * @PLUG_DRIVE_ERROR_DAEMON_GONE: udisks is not running, or stopped while it
 *   worked, so the outcome may be unknown
 * @PLUG_DRIVE_ERROR_DAEMON_REFUSED: udisks answered with an error of its
 *   own, which the message quotes
 * @PLUG_DRIVE_ERROR_UNVERIFIED: udisks reported success, but the volume
 *   does not show it
 * @PLUG_DRIVE_ERROR_NOT_MOUNTED: it must be mounted for this
 * @PLUG_DRIVE_ERROR_NO_SPACE: there is not enough room, on the drive or on
 *   this computer
 * @PLUG_DRIVE_ERROR_NOT_SUPPORTED: this cannot be done to what it holds
 * @PLUG_DRIVE_ERROR_INVALID: what was asked for is not valid
 *
 * Cancelling is G_IO_ERROR_CANCELLED, as everywhere in GIO.
 */
typedef enum
{
  PLUG_DRIVE_ERROR_FAILED,
  PLUG_DRIVE_ERROR_NOT_AUTHORIZED,
  PLUG_DRIVE_ERROR_PROTECTED,
  PLUG_DRIVE_ERROR_BUSY,
  PLUG_DRIVE_ERROR_GONE,
  PLUG_DRIVE_ERROR_CHANGED,
  PLUG_DRIVE_ERROR_TOOL_MISSING,
  PLUG_DRIVE_ERROR_DAEMON_GONE,
  PLUG_DRIVE_ERROR_DAEMON_REFUSED,
  PLUG_DRIVE_ERROR_UNVERIFIED,
  PLUG_DRIVE_ERROR_NOT_MOUNTED,
  PLUG_DRIVE_ERROR_NO_SPACE,
  PLUG_DRIVE_ERROR_NOT_SUPPORTED,
  PLUG_DRIVE_ERROR_INVALID,
} PlugDriveError;

GQuark      plug_drive_error_quark             (void);

GError     *plug_drive_error_from_udisks       (GError       *error,
                                                const char   *context);
GError     *plug_drive_error_from_errno        (int           saved_errno,
                                                const char   *format,
                                                ...) G_GNUC_PRINTF (2, 3);
gboolean    plug_drive_error_is_not_authorized (const GError *error);
gboolean    plug_drive_error_is_daemon_gone    (const GError *error);
const char *plug_drive_error_get_nick          (const GError *error);

char       *plug_drive_error_dup_summary       (const GError *error,
                                                const char   *refused);
char       *plug_drive_error_dup_details       (const GError *error);

G_END_DECLS
