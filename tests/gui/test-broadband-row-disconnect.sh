#!/bin/bash
# test-broadband-row-disconnect.sh: Disconnect on a connection row while
# the connection is still being activated, under Xvfb, as the test user
# against the real NetworkManager and ModemManager. The scripted GSM modem
# holds its answer to the dial (--dial-delay), so NetworkManager keeps the
# connection activating: the row says "Connecting…" with a Disconnect
# button. Disconnect turns NetworkManager to deactivating and the row to
# "Disconnecting…" at once; ModemManager, on the modem's only port, waits
# for the dial's answer before it lets go, and then the row is back to not
# connected and NetworkManager has no active connection for it; no failure
# is reported for a disconnect that was asked for. Screenshots in $PLUG_BUILD_DIR/screenshots
# (broadband-disconnect-*.png).
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-broadband-gui.sh"

DIAL_DELAY=15

trap broadband_cleanup EXIT

shot () { screenshot "$shots/broadband-disconnect-$1.png"; }
click () { xdotool mousemove "$1" "$2" click 1; sleep 0.8; }
# state NAME: NetworkManager's state of the connection's activation, or
# nothing when it is not active.
state () { as_tester nmcli --terse --fields NAME,STATE connection show --active | awk -F: -v name="$1" '$1 == name { print $2 }'; }
state_is () { [ "$(state "$1")" = "$2" ]; }
not_active () { [ -z "$(state "$1")" ]; }
# last_state: what the row says now.
last_state () { row_state Slow; }
last_state_is () { [ "$(last_state)" = "$1" ]; }
# connect_ended: the row's button is Connect and can be pressed again,
# which it can only once the connect has ended.
connect_ended () { read_then_grep connection_row Slow -- -qE '^ *push button “Connect”$'; }
listed () { [ "$(connections_of ttyGSM0)" = 1 ]; }
no_failure_shown () { ! toast_seen "Could not connect “Slow”"; }

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
delete_all_connections
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
plug_at_home ttyGSM0 22210 --dial-delay "$DIAL_DELAY"
as_tester "$PLUGBOARDCTL" broadband add --device ttyGSM0 --apn internet --name Slow >/dev/null
check "a connection “Slow” for the modem, made with plugboardctl" test -n "$(keyfile Slow)"

start_xvfb
start_broadband_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=broadband
wait_first_frame 30
wait_while_running 20 listed
sleep 2
check "not connected" last_state_is "Not connected"

# The row's Connect button, as in test-broadband-connection-rows.sh.
start=$SECONDS
click 647 319
wait_until 30 received ttyGSM0 ATD
check "the modem was asked to dial" received ttyGSM0 ATD
sleep 2
shot 1-connecting
check "the row says it is connecting ($(last_state))" last_state_is "Connecting…"
check "NetworkManager keeps it activating ($(state Slow))" state_is Slow activating

# The same button is Disconnect now.
click 647 319
check "NetworkManager is deactivating it ($(state Slow))" wait_until 20 state_is Slow deactivating
check "the row says so ($(last_state))" wait_while_running 20 last_state_is "Disconnecting…"
check "before the modem answered ($((SECONDS - start)) s < $DIAL_DELAY s)" \
  test $((SECONDS - start)) -lt "$DIAL_DELAY"
shot 2-disconnecting
check "NetworkManager has no active connection for it once the modem answers the dial" \
  wait_until $((DIAL_DELAY + 15)) not_active Slow
check "the row is back to not connected ($(last_state))" wait_while_running 10 last_state_is "Not connected"
sleep 1
shot 3-disconnected
check "the connect ended by the Disconnect" wait_while_running 10 connect_ended
check "no failure is reported for a disconnect asked for" \
  no_failure_shown

stop_gui
finish
