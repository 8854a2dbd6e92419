#!/bin/bash
# test-about.sh: the About window's debugging information is what
# `plugboardctl report` prints, read by the app in the background: the
# text a bug report asks for. Under Xvfb as the test user against the real
# services, driven with the keyboard (About, Troubleshooting, Debugging
# Information), read as a screen reader reads it.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-drives-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-broadband-gui.sh"

shots=$PLUG_BUILD_DIR/screenshots
mkdir -p "$shots"
application_id=$(basename "$(ls "$PLUG_BUILD_DIR"/data/*.desktop)" .desktop)
version=$("$PLUGBOARDCTL" --version | awk '{ print $2 }')

start_xvfb
start_broadband_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=drives
wait_first_frame 30
check "plugboard draws its first frame" test -s "$GUI_DIR/first-frame"
sleep 1

about_open () { has_window '^About$'; }
gui_command gapplication action "$application_id" about
wait_while_running 20 about_open
check "app.about opens the About window" about_open
# Troubleshooting (after Details, Support Questions, Report an Issue),
# then Debugging Information.
xdotool mousemove 100 100
for key in Tab Tab Tab Tab Return; do xdotool key "$key"; sleep 0.4; done
troubleshooting () { shown_texts About | grep -qF "Debugging Information"; }
wait_while_running 10 troubleshooting
check "Tab and Return open Troubleshooting" troubleshooting
for key in Tab Tab Tab Return; do xdotool key "$key"; sleep 0.4; done
debug_text () { a11y documents --window About; }
report_read () { debug_text | grep -qF "== Graphics =="; }
wait_while_running 30 report_read
screenshot "$shots/about-debug-info.png"
check "the debugging information is plugboardctl report's text ($(debug_text | head -n 1))" \
  grep -qxF "Plugboard $version report" <<<"$(debug_text)"
every_section () {
  local text title
  text=$(debug_text)
  for title in "System services" Drives "Mobile broadband modems" "Mobile broadband connections" Graphics; do
    grep -qxF "== $title ==" <<<"$text" || return 1
  done
}
check "… with every section: services, drives, modems, connections, graphics" every_section
reached () { ! debug_text | grep -q "cannot be reached"; }
check "… read from the real services" reached
no_debug () { ! debug_text | grep -q -- "-DEBUG"; }
check "… and nothing else: no debug message of the app's" no_debug

stop_gui
finish
