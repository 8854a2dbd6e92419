#!/bin/bash
# test-activation.sh: one instance. A second `plugboard --panel=…` and the
# desktop file's actions (D-Bus ActivateAction, as GNOME Shell sends them
# for DBusActivatable=true) reach the running app instead of starting
# another.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

set -uo pipefail
. "$PLUG_SOURCE_DIR/tests/tap.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"

PLUGBOARD=$PLUG_BUILD_DIR/app/shell/plugboard
desktop_file=$(ls "$PLUG_BUILD_DIR"/data/*.desktop)
application_id=$(basename "$desktop_file" .desktop)

start_xvfb
start_session_bus
run_gui "$PLUGBOARD"
wait_first_frame 30
check "the first instance draws its window" test -s "$GUI_DIR/first-frame"

windows () { xdotool search --onlyvisible --class plugboard 2>/dev/null | wc -l; }
alive () { kill -0 "$app_pid" 2>/dev/null; }

gui_command "$PLUGBOARD" --panel=drives
check "a second plugboard --panel=drives hands over to the first and exits 0" test $? = 0
check "there is still one window" test "$(windows)" = 1

# Each action shows its panel, built the first time it is shown: the
# picture changes from one panel to the next.
shots=$PLUG_BUILD_DIR/screenshots
mkdir -p "$shots"
previous=
for action in $(sed -n 's/^Actions=//p' "$desktop_file" | tr ';' ' '); do
  gui_command gapplication action "$application_id" "$action"
  check "the desktop action '$action' is an action of the running app" test $? = 0
  sleep 1
  screenshot "$shots/activation-$action.png"
  if [ -n "$previous" ]; then
    changed=$(compare -metric AE "$previous" "$shots/activation-$action.png" null: 2>&1)
    check "the '$action' action shows its panel ($changed pixels changed)" test "${changed%%.*}" -gt 5000
  fi
  previous=$shots/activation-$action.png
done
check "the desktop file has at least one panel action" grep -q '^Actions=.' "$desktop_file"

gui_command gapplication action "$application_id" show-panel "'drives'"
check "app.show-panel('drives') is reachable over D-Bus" test $? = 0
sleep 0.3
check "the app is still running, with one window" sh -c "kill -0 $app_pid && [ $(windows) = 1 ]"

gui_command gapplication action "$application_id" quit
for _ in $(seq 100); do alive || break; sleep 0.05; done
check "app.quit over D-Bus ends it" sh -c "! kill -0 $app_pid 2>/dev/null"
app_pid=

finish_tap "$GUI_DIR/app.log"
