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

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
delete_all_connections
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
plug_at_home ttyGSM0 22210
as_tester "$PLUGBOARDCTL" broadband add --device ttyGSM0 --apn internet --name Work >/dev/null
check "a connection “Work” for the modem, made with plugboardctl" connection_exists

start_xvfb
run_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=broadband
wait_first_frame 30
wait_until 20 log_has "Connections of ttyGSM0: 1"
sleep 2
shot 1-listed
check "the panel lists it under its modem" log_has "Connections of ttyGSM0: 1"
check "not connected" log_has "Connection Work: Not connected"

# The row is the fourth of the modem's group; its Connect button and
# expander arrow are at the right (see broadband-rows-1-listed.png).
click 647 319
wait_until 10 log_has "Connection Work: Connecting…"
check "Connect shows it connecting" log_has "Connection Work: Connecting…"
wait_until 60 log_has "Toast: Could not connect “Work”"
shot 2-connect-failed
check "the failure is reported in plain words" \
  log_has "Toast: Could not connect “Work”. Activation failed: No carrier: the mobile network did not answer."
check "the modem received the connection's APN" received ttyGSM0 'AT+CGDCONT=1,"IP","internet"'
check "and the row is back to not connected" wait_until 10 bash -c "grep -oE 'Connection Work: [^ ]+' '$GUI_DIR/app.log' | tail -n1 | grep -q 'Not'"

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
  log_has "Connection row says: An APN may only contain letters, digits, “.”, “_” and “-”"
check "the keyfile keeps the old APN" test "$(section Work gsm)" = "apn=internet home-only=true "
key ctrl+a
type_text "web.omnitel.it"
key Return
wait_until 20 log_has "Toast: Saved the changes to “Work”"
shot 5-saved
check "a good APN is saved" log_has "Toast: Saved the changes to “Work”"
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
wait_until 20 log_has "Toast: Deleted the connection “Work”"
check "Delete in the confirmation deletes it" log_has "Toast: Deleted the connection “Work”"
check "its keyfile is gone" wait_until 10 bash -c "! grep -qx 'id=Work' '$CONNECTIONS_DIR'/*.nmconnection"
wait_until 10 log_has "Connections of ttyGSM0: 0"
sleep 1
shot 7-deleted
check "the panel no longer lists it" log_has "Connections of ttyGSM0: 0"

stop_gui
finish
