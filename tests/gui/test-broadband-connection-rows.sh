#!/bin/bash
# test-broadband-connection-rows.sh: a saved connection in the Mobile
# Broadband panel under Xvfb, as the test user against the real
# NetworkManager and ModemManager with a scripted GSM modem: Connect shows
# the live state and then why it failed, in plain words (the modem got
# the APN); Edit refuses an APN NetworkManager would refuse before asking
# it, and saves a good one; Delete asks first, Cancel is the default, and
# Delete removes the keyfile. Screenshots in $PLUG_BUILD_DIR/screenshots
# (broadband-rows-*.png).
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-broadband-gui.sh"

trap broadband_cleanup EXIT

shot () { screenshot "$shots/broadband-rows-$1.png"; }
click () { xdotool mousemove "$1" "$2" click 1; sleep 0.8; }
# keys_at X Y KEY…: keys to the window at X,Y (a dialog opens at the
# screen's corner: Xvfb has no window manager to place it).
keys_at () {
  local x=$1 y=$2; shift 2
  xdotool mousemove "$x" "$y" key --delay 120 "$@"
  sleep 0.8
}
connection_exists () { test -n "$(keyfile Work)"; }
connections_are () { [ "$(connections_of ttyGSM0)" = "$1" ]; }

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
delete_all_connections
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
# The modem holds its refusal of the dial for 3 s: time to read the row
# while it connects.
plug_at_home ttyGSM0 22210 --dial-delay 3
as_tester "$PLUGBOARDCTL" broadband add --device ttyGSM0 --apn internet --name Work >/dev/null
check "a connection “Work” for the modem, made with plugboardctl" connection_exists

start_xvfb
start_broadband_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=broadband
wait_first_frame 30
wait_while_running 20 connections_are 1
sleep 2
shot 1-listed
check "the panel lists it under its modem" connections_are 1
check "not connected" row_state_is Work "Not connected"

# What GNOME Shell's search, a notification or another program asks for
# through the application's show-object action: the row takes the focus.
app_id=$(sed -n 's/^#define APPLICATION_ID "\(.*\)"$/\1/p' "$PLUG_BUILD_DIR/config.h")
uuid=$(sed -n 's/^uuid=//p' "$(keyfile Work)")
gui_command gdbus call --session --dest "$app_id" --object-path "/${app_id//.//}" \
  --method org.gtk.Actions.Activate show-object "[<('broadband', '$uuid')>]" "{}" >/dev/null
focus_on_work () { [[ "$(a11y focused --window "$MAIN_WINDOW")" == *“Work”* ]]; }
wait_while_running 10 focus_on_work
check "show-object focuses the connection's row ($(a11y focused --window "$MAIN_WINDOW"))" focus_on_work

# The row is the fourth of the modem's group; its Connect button and
# expander arrow are at the right (see broadband-rows-1-listed.png).
click 647 319
check "Connect shows it connecting" wait_while_running 10 row_state_is Work "Connecting…"
wait_while_running 60 toast_says "Could not connect “Work”"
shot 2-connect-failed
check "the failure is reported in plain words" \
  toast_seen "Could not connect “Work”. Activation failed: No carrier: the mobile network did not answer."
check "the modem received the connection's APN" received ttyGSM0 'AT+CGDCONT=1,"IP","internet"'
check "and the row is back to not connected" wait_while_running 10 row_state_is Work "Not connected"

# --- edit ---
click 714 320
shot 3-expanded
# The APN field is the first row under it.
click 400 375
key ctrl+a
type_text "bad apn"
key Return
shot 4-bad-apn
check "an APN with a space is refused in plain words" \
  row_says Work "An APN may only contain letters, digits, “.”, “_” and “-”"
check "the keyfile keeps the old APN" test "$(section Work gsm)" = "apn=internet home-only=true "
key ctrl+a
type_text "web.omnitel.it"
key Return
wait_while_running 20 toast_says "Saved the changes to “Work”"
shot 5-saved
check "a good APN is saved" toast_seen "Saved the changes to “Work”"
check "the keyfile holds it ($(section Work gsm))" wait_until 10 bash -c "grep -qx 'apn=web.omnitel.it' '$(keyfile Work)'"

# --- delete ---
key alt+d
sleep 1
shot 6-delete-asks
keys_at 60 40 Return
check "Return in the confirmation is Cancel: the connection stays" connection_exists
key alt+d
sleep 1
keys_at 60 40 alt+d
wait_while_running 20 toast_says "Deleted the connection “Work”"
check "Delete in the confirmation deletes it" toast_seen "Deleted the connection “Work”"
check "its keyfile is gone" wait_until 10 bash -c "! grep -qx 'id=Work' '$CONNECTIONS_DIR'/*.nmconnection"
wait_while_running 10 connections_are 0
sleep 1
shot 7-deleted
check "the panel no longer lists it" connections_are 0

stop_gui
finish
