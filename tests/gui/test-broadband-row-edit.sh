#!/bin/bash
# test-broadband-row-edit.sh: editing a saved connection's username,
# password, network id and roaming on its row in the Mobile Broadband
# panel, under Xvfb, as the test user against the real NetworkManager and
# ModemManager with a scripted GSM modem. A network id NetworkManager
# would refuse (not 5 or 6 digits) is refused before it is asked; the good
# values land in NetworkManager's keyfile exactly. With polkit saying no,
# Save and Delete report it in plain words and change nothing.
# Screenshots in $PLUG_BUILD_DIR/screenshots (broadband-edit-*.png).
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-broadband-gui.sh"

trap broadband_cleanup EXIT

shot () { screenshot "$shots/broadband-edit-$1.png"; }
click () { xdotool mousemove "$1" "$2" click 1; sleep 0.8; }
keys_at () {
  local x=$1 y=$2; shift 2
  xdotool mousemove "$x" "$y" key --delay 120 "$@"
  sleep 0.8
}
# field_at X Y TEXT: replace the text of the entry row at X,Y.
field_at () {
  click "$1" "$2"
  xdotool key ctrl+a
  xdotool type --delay 60 "$3"
  sleep 0.6
}
connection_exists () { test -n "$(keyfile Work)"; }
listed () { [ "$(connections_of ttyGSM0)" = 1 ]; }

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
delete_all_connections
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
plug_at_home ttyGSM0 22210
as_tester "$PLUGBOARDCTL" broadband add --device ttyGSM0 --apn internet --name Work >/dev/null
check "a connection “Work” for the modem, made with plugboardctl" connection_exists
before=$(section Work gsm)
check "its keyfile: only the APN, no roaming ($before)" test "$before" = "apn=internet home-only=true "

start_xvfb
start_broadband_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=broadband
wait_first_frame 30
wait_while_running 20 listed
sleep 2

# The row's expander arrow, then its fields (see broadband-rows-3-expanded.png).
click 714 320
field_at 400 430 "alice"
field_at 400 485 "s3cret pass"
field_at 400 540 "2221"
xdotool key Return
sleep 1
shot 1-bad-network-id
check "a 4-digit network id is refused in plain words" \
  row_says Work "A network id is the 5 or 6 digit code of a mobile network (MCC and MNC), such as 22210; “2221” is not one"
field_at 400 540 "2221001"
xdotool key Return
sleep 1
check "so is a 7-digit one" row_says Work "“2221001” is not one"
field_at 400 540 "2221x"
xdotool key Return
sleep 1
check "and one with a letter" row_says Work "“2221x” is not one"
check "NetworkManager was not asked: the keyfile is unchanged ($(section Work gsm))" \
  test "$(section Work gsm)" = "$before"

field_at 400 540 "22210"
# The roaming switch is below the window's fold: scroll to it.
xdotool mousemove 450 450 click 5 click 5 click 5
sleep 1
shot 2-scrolled
# Positions in broadband-edit-2-scrolled.png.
click 698 464
click 687 527
wait_while_running 20 toast_says "Saved the changes to “Work”"
shot 3-saved
check "Save saves" toast_seen "Saved the changes to “Work”"
after="apn=internet network-id=22210 password=s3cret pass username=alice "
check "the keyfile holds exactly the new values, roaming allowed ($(section Work gsm))" \
  wait_until 10 bash -c "[ \"\$(awk -v section='[gsm]' '/^\[/ { in_section = (\$0 == section); next } in_section && /=/' '$(keyfile Work)' | sort | tr '\n' ' ')\" = '$after' ]"

# Dismiss the toast, so that the next one shows at once.
click 585 588

# --- polkit says no ---
# Saving first reads the saved password back (to keep it unless a new one
# is typed), which is what polkit refuses first.
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" deny
field_at 400 245 "other.apn"
click 687 527
wait_while_running 20 row_says Work "You are not authorized"
shot 4-save-denied
check "Save reports polkit's refusal in plain words ($(connection_row Work | grep -o 'label “You are not authorized.*' | tail -n1))" \
  row_says Work "You are not authorized to read the connection’s password (Insufficient privileges)"
check "nothing changed in the keyfile" test "$(section Work gsm)" = "$after"

click 591 527
sleep 1
shot 5-delete-asks
keys_at 60 40 alt+d
wait_while_running 20 toast_says "You are not authorized"
sleep 1
shot 6-delete-denied
check "Delete reports polkit's refusal in plain words ($(grep -o 'You are not authorized.*' "$GUI_DIR/toasts-seen" | tail -n1))" \
  toast_seen "You are not authorized to delete the connection"
check "the connection is still there" connection_exists
check "and still listed" listed
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

stop_gui
finish
