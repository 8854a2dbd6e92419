#!/bin/bash
# test-dialog-templates.sh: dialog-templates (every wizard built from its
# template, shown over a window and closed) under Xvfb, with a session bus
# of its own.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

set -uo pipefail
. "$PLUG_SOURCE_DIR/tests/tap.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"

mkdir -p "$PLUG_BUILD_DIR/screenshots"
start_xvfb
# The program's output is the TAP stream (fd 3) and its errors (fd 4);
# the session bus's, and that of the services it starts, go to a log.
env GSK_RENDERER=cairo "$GUI_GL_OFF" GDK_BACKEND=x11 GTK_A11Y=none \
  GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR="$PLUG_BUILD_DIR/data" \
  dbus-run-session -- sh -c 'exec "$0" "$1" >&3 2>&4' \
  "$PLUG_BUILD_DIR/tests/gui/dialog-templates" "$PLUG_BUILD_DIR/screenshots" \
  3>&1 4>&2 >>"$GUI_DIR/session-bus.log" 2>&1
