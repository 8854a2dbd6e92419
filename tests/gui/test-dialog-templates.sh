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
env GSK_RENDERER=cairo "$GUI_GL_OFF" GDK_BACKEND=x11 NO_AT_BRIDGE=1 \
  GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR="$PLUG_BUILD_DIR/data" \
  dbus-run-session -- "$PLUG_BUILD_DIR/tests/gui/dialog-templates" "$PLUG_BUILD_DIR/screenshots"
