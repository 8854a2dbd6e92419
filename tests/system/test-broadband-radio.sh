#!/bin/bash
# test-broadband-radio.sh: mobile broadband turned off in the real
# NetworkManager (its WwanEnabled). `plugboardctl broadband radio off`
# turns it off and NetworkManager still lists the modem; `broadband
# devices` says so before the modems, and with --json each modem's
# "radio" is "off", the list staying an array; connecting says why it
# cannot; polkit's refusal fails with the reason and changes nothing;
# `radio on` turns it on again. Neither the laptop's wireless switch or
# key (a hard rfkill block, WwanHardwareEnabled) nor a soft rfkill block
# can be made here: the kernel of the test machines has no rfkill
# subsystem (no /dev/rfkill, no /sys/class/rfkill) and loads no modules,
# so there is no WWAN rfkill device to block. What NetworkManager reports
# then (no hardware block) is checked; the unit test test-broadband-radio
# checks what a hardware block maps to.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"

PORT=ttyRADIO0
RADIO=("$PLUGBOARDCTL" broadband radio)

# Other tests share NetworkManager: leave mobile broadband on, polkit
# allowing, and no modem or connection behind.
cleanup () {
  "$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow >/dev/null 2>&1
  as_tester nmcli radio wwan on >/dev/null 2>&1
  as_tester "$PLUGBOARDCTL" broadband delete RadioTest >/dev/null 2>&1
  "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR" >/dev/null 2>&1
}
trap cleanup EXIT

devices_json () { as_tester "$PLUGBOARDCTL" broadband devices --json; }
modem () { devices_json | jq -r --arg interface "$PORT" ".[] | select(.interface == \$interface) | $1"; }
modem_is () { [ "$(modem "$1")" = "$2" ]; }
# nm_wwan: what NetworkManager's WwanEnabled is, as nmcli says it
# ("enabled" or "disabled").
nm_wwan () { as_tester nmcli radio wwan; }
nm_wwan_is () { [ "$(nm_wwan)" = "$1" ]; }
nm_lists_modem () { as_tester nmcli --terse --fields DEVICE,TYPE device | grep -qx "$PORT:gsm"; }

OFF_LINE='Mobile broadband is turned off in NetworkManager: turn it on with “plugboardctl broadband radio on”.'

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
as_tester nmcli radio wwan on
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" "$PORT" gsm --operator 22210
wait_until 30 modem_is .registration home
check "the modem is listed and registered" modem_is .registration home
check "with mobile broadband on, its radio is on ($(modem .radio))" modem_is .radio on
wwan_hardware=$(as_tester gdbus call --system -d org.freedesktop.NetworkManager -o /org/freedesktop/NetworkManager \
  -m org.freedesktop.DBus.Properties.Get org.freedesktop.NetworkManager WwanHardwareEnabled)
check "without an rfkill device NetworkManager reports no hardware block ($wwan_hardware)" \
  test "$wwan_hardware" = "(<true>,)"
text=$(as_tester "$PLUGBOARDCTL" broadband devices)
check "and the text says nothing of it being off" bash -c '! grep -q "turned off" <<<"$1"' _ "$text"

# --- off ---
output=$(as_tester "${RADIO[@]}" off 2>&1)
status=$?
check "radio off is done (exit $status)" test "$status" = 0
check "and says so ($output)" test "$output" = "Mobile broadband is off"
check "NetworkManager's WwanEnabled is false ($(nm_wwan))" nm_wwan_is disabled
wwan_enabled=$(as_tester gdbus call --system -d org.freedesktop.NetworkManager -o /org/freedesktop/NetworkManager \
  -m org.freedesktop.DBus.Properties.Get org.freedesktop.NetworkManager WwanEnabled)
check "as its D-Bus property says ($wwan_enabled)" test "$wwan_enabled" = "(<false>,)"
check "NetworkManager still lists the modem" nm_lists_modem
check "so does broadband devices ($(modem .interface))" modem_is .interface "$PORT"
check "with its radio off" modem_is .radio off
one_modem_array () { jq_e 'type == "array" and length == 1' <<<"$1"; }
check "the JSON is still an array of modems" one_modem_array "$(devices_json)"
text=$(as_tester "$PLUGBOARDCTL" broadband devices)
check "the text says it first, and how to turn it on ($(head -n 1 <<<"$text"))" \
  test "$(head -n 1 <<<"$text")" = "$OFF_LINE"
check "then lists the modem" grep -q "^Fake GSM Modem — $PORT, GSM, UMTS, LTE or 5G$" <<<"$text"
output=$(as_tester "${RADIO[@]}" off --json)
check "off again is done too, and --json says it ($output)" test "$(jq -r .radio <<<"$output")" = off

# Connecting says why it cannot, before NetworkManager is asked.
as_tester "$PLUGBOARDCTL" broadband add --device "$PORT" --apn internet --name RadioTest >/dev/null
output=$(as_tester "$PLUGBOARDCTL" broadband connect RadioTest 2>&1)
status=$?
check "connecting fails (exit $status)" test "$status" = 1
check "saying mobile broadband is off ($output)" \
  grep -qF 'Could not connect “RadioTest”. Mobile broadband is turned off: turn it on, then connect again' <<<"$output"

# --- polkit says no ---
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" deny
output=$(as_tester "${RADIO[@]}" on 2>&1)
status=$?
check "refused by polkit, radio on fails (exit $status)" test "$status" = 1
check "saying the user is not authorized ($output)" \
  grep -qF 'You are not authorized to turn mobile broadband on' <<<"$output"
check "and NetworkManager's WwanEnabled is still false ($(nm_wwan))" nm_wwan_is disabled
check "broadband devices still says off" modem_is .radio off
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

# --- usage ---
as_tester "${RADIO[@]}" >/dev/null 2>&1
status=$?
check "radio without on or off is a usage error (exit $status)" test "$status" = 2
as_tester "${RADIO[@]}" maybe >/dev/null 2>&1
status=$?
check "so is radio maybe (exit $status)" test "$status" = 2
check "neither changed anything" nm_wwan_is disabled

# --- on ---
output=$(as_tester "$PLUGBOARDCTL" --json broadband radio on 2>&1)
status=$?
check "radio on is done (exit $status)" test "$status" = 0
check "--json says it is on ($output)" test "$(jq -r .radio <<<"$output")" = on
check "NetworkManager's WwanEnabled is true again ($(nm_wwan))" nm_wwan_is enabled
check "broadband devices says on" modem_is .radio on
text=$(as_tester "$PLUGBOARDCTL" broadband devices)
check "and the text no longer says off" bash -c '! grep -q "turned off" <<<"$1"' _ "$text"
wait_until 30 modem_is .registration home
check "the modem registers again ($(modem .registration))" modem_is .registration home

finish
