#!/bin/bash
# test-broadband-disconnect.sh: `plugboardctl broadband disconnect` of a
# connection that is still being activated, against the real
# NetworkManager and ModemManager. The scripted GSM modem holds its answer
# to the dial (--dial-delay), so NetworkManager keeps the connection
# activating while `broadband connect` waits in the background. Disconnect
# exits 0 at once and NetworkManager turns to deactivating; ModemManager
# cancels its connection attempt but, on the modem's only port, waits for
# the dial's answer before it lets go, so no active connection is left once
# the modem answers; the waiting connect reports that it was disconnected.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"

BROADBAND=("$PLUGBOARDCTL" broadband)
DIAL_DELAY=15

delete_all () {
  local uuid
  for uuid in $(as_tester "${BROADBAND[@]}" list --json | jq -r '.[].uuid'); do
    as_tester "${BROADBAND[@]}" delete "$uuid" >/dev/null
  done
}

connect_pid=
cleanup () {
  [ -n "$connect_pid" ] && kill "$connect_pid" 2>/dev/null
  delete_all
  "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR" >/dev/null 2>&1
}
trap cleanup EXIT

modem_is () {
  [ "$(as_tester "${BROADBAND[@]}" devices --json |
       jq -r --arg interface "$1" ".[] | select(.interface == \$interface) | $2")" = "$3" ]
}
# state NAME: NetworkManager's state of the connection's activation, or
# nothing when it is not active.
state () { as_tester nmcli --terse --fields NAME,STATE connection show --active | awk -F: -v name="$1" '$1 == name { print $2 }'; }
state_is () { [ "$(state "$1")" = "$2" ]; }
not_active () { [ -z "$(state "$1")" ]; }
at_log=$PLUG_STACK_DIR/logs/modem-ttyGSM2.at
dialled () { tail -n "+$at_start" "$at_log" 2>/dev/null | grep -q '^ATD'; }

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
delete_all
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
at_start=$(($( (cat "$at_log" 2>/dev/null || true) | wc -l) + 1))
"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyGSM2 gsm --operator 22210 --dial-delay "$DIAL_DELAY"
wait_until 30 modem_is ttyGSM2 .registration home
as_tester "${BROADBAND[@]}" add --device ttyGSM2 --apn internet --name Slow >/dev/null
check "a connection “Slow” for the modem" not_active Slow

output=$(mktemp)
start=$SECONDS
as_tester "${BROADBAND[@]}" connect Slow >"$output" 2>&1 &
connect_pid=$!
wait_until 30 dialled
check "the modem was asked to dial" dialled
sleep 2
check "NetworkManager keeps it activating while the modem holds the call ($(state Slow))" \
  state_is Slow activating

disconnect_output=$(as_tester "${BROADBAND[@]}" disconnect Slow 2>&1)
status=$?
check "disconnect exits 0 ($disconnect_output)" test "$status" = 0
check "and says so" test "$disconnect_output" = "Disconnected “Slow”"
check "at once, before the modem answered ($((SECONDS - start)) s < $DIAL_DELAY s)" \
  test $((SECONDS - start)) -lt "$DIAL_DELAY"
check "NetworkManager is deactivating it ($(state Slow))" wait_until 5 state_is Slow deactivating
check "and has no active connection for it once the modem answers the dial" \
  wait_until $((DIAL_DELAY + 15)) not_active Slow
check "ModemManager cancelled the attempt rather than retrying it" \
  bash -c "! tail -n '+$at_start' '$at_log' | grep '^ATD' | sed -n 2p | grep -q ."

wait "$connect_pid"
connect_status=$?
connect_pid=
check "the waiting connect fails rather than claim success ($connect_status: $(cat "$output"))" \
  test "$connect_status" != 0
check "saying it was disconnected on request" grep -qF "Activation failed: It was disconnected on request" "$output"
check "and does not say it connected" bash -c "! grep -q '^Connected' '$output'"
rm -f "$output"

check "a second disconnect: not connected, exit 0" \
  test "$(as_tester "${BROADBAND[@]}" disconnect Slow 2>&1)" = "“Slow” is not connected"

finish
