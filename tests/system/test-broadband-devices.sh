#!/bin/bash
# test-broadband-devices.sh: `plugboardctl broadband devices` lists the
# scripted GSM and CDMA modems the real NetworkManager and ModemManager
# see, with their family, SIM, network and signal; a locked SIM shows as
# locked; unplugged, the list is empty; without ModemManager it says so.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"

DEVICES=("$PLUGBOARDCTL" broadband devices)

# Leave no modem behind for the next test, and ModemManager running.
cleanup () {
  "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR" >/dev/null 2>&1
  "$PLUG_STACK" mm-start "$PLUG_STACK_DIR" >/dev/null 2>&1
}
trap cleanup EXIT

devices_json () { as_tester "${DEVICES[@]}" --json; }
# modem INTERFACE FILTER: a jq filter applied to one listed modem.
modem () {
  devices_json | jq -r --arg interface "$1" ".[] | select(.interface == \$interface) | $2"
}
modem_count () { devices_json | jq length; }
has_modems () { [ "$(modem_count)" = "$1" ]; }
# modem_is INTERFACE FILTER VALUE: wait for a value that settles a moment
# after the modem appears (registration, SIM).
modem_is () { [ "$(modem "$1" "$2")" = "$3" ]; }

"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
wait_until 20 has_modems 0
check "with no modem plugged in, the list is empty" has_modems 0
text=$(as_tester "${DEVICES[@]}")
check "and the text says what to do ($text)" grep -q 'No modem found. Plug in a mobile broadband modem' <<<"$text"

"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyGSM0 gsm --operator 22210
"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyCDMA0 cdma
wait_until 30 has_modems 2
check "both modems are listed" has_modems 2
wait_until 30 modem_is ttyGSM0 .registration home
wait_until 30 modem_is ttyGSM0 .sim.operator_code 22210

json=$(devices_json)
gsm () { jq -r '.[] | select(.interface == "ttyGSM0") | '"$1" <<<"$json"; }
cdma () { jq -r '.[] | select(.interface == "ttyCDMA0") | '"$1" <<<"$json"; }
check "the list is sorted by interface" test "$(jq -r '[.[].interface] | join(",")' <<<"$json")" = "ttyCDMA0,ttyGSM0"
check "the GSM modem is of the gsm family" test "$(gsm .family)" = gsm
check "the GSM modem has its model" test "$(gsm .model)" = "Fake GSM Modem"
check "the GSM modem has its manufacturer" test "$(gsm .manufacturer)" = Plugboard
check "the GSM modem is registered with operator 22210" test "$(gsm .operator_code)" = 22210
check "the GSM modem names the operator" test "$(gsm .operator_name)" = "Plugboard Mobile"
check "the GSM modem is at home" test "$(gsm .registration)" = home
check "the GSM modem's SIM is ready" test "$(gsm .sim.state)" = ready
check "the GSM modem's SIM is not locked" test "$(gsm .sim.lock)" = null
check "the SIM's provider comes from its IMSI" test "$(gsm .sim.operator_code)" = 22210
check "the GSM modem uses UMTS" test "$(gsm .access_technology)" = umts
percent () { jq_e '.[] | select(.interface == "ttyGSM0") | .signal_quality | (type == "number" and . > 0 and . <= 100)' <<<"$json" >/dev/null; }
check "the GSM modem has a signal quality in percent ($(gsm .signal_quality))" percent
check "the GSM modem is registered for ModemManager" test "$(gsm .state)" = registered
check "the GSM modem has its ModemManager path" grep -qE '^/org/freedesktop/ModemManager1/Modem/[0-9]+$' <<<"$(gsm .modem_path)"
check "the CDMA modem is of the cdma family" test "$(cdma .family)" = cdma
check "the CDMA modem has its model" test "$(cdma .model)" = "Fake CDMA Modem"
check "the CDMA modem has no 3GPP operator code" test "$(cdma .operator_code)" = null
check "the CDMA modem does not use a SIM" test "$(cdma .sim.state)" = not-used
check "the CDMA modem is registered, roaming unknown ($(cdma .registration))" test "$(cdma .registration)" = registered
check "the CDMA modem uses 1x ($(cdma .access_technology))" test "$(cdma .access_technology)" = 1xrtt

text=$(as_tester "${DEVICES[@]}")
check "the text names the GSM modem" grep -q '^Fake GSM Modem — ttyGSM0, GSM, UMTS, LTE or 5G$' <<<"$text"
check "the text names the CDMA modem" grep -q '^Fake CDMA Modem — ttyCDMA0, CDMA or EV-DO$' <<<"$text"
check "the text gives the network" grep -q 'Network: Plugboard Mobile (22210), Home network, 3G (UMTS)' <<<"$text"

"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
wait_until 30 has_modems 0
check "unplugged, the list is empty again" has_modems 0

"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyLOCKED0 gsm --pin 1234
wait_until 30 modem_is ttyLOCKED0 .sim.state locked
json=$(devices_json)
locked () { jq -r '.[] | select(.interface == "ttyLOCKED0") | '"$1" <<<"$json"; }
check "a SIM that wants its PIN is locked" test "$(locked .sim.state)" = locked
check "the lock is sim-pin" test "$(locked .sim.lock)" = sim-pin
check "three PIN tries are left ($(jq -c '.[] | select(.interface == "ttyLOCKED0") | .sim.retries' <<<"$json"))" test "$(locked '.sim.retries["sim-pin"]')" = 3
check "the locked modem is locked for ModemManager" test "$(locked .state)" = locked
check "the locked modem is not registered ($(locked .registration))" test "$(locked .registration)" = idle
text=$(as_tester "${DEVICES[@]}")
check "the text asks for the PIN" grep -q 'SIM: locked, enter the PIN (3 tries left)' <<<"$text"
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
wait_until 30 has_modems 0

# No SIM: the modem is listed, saying so; connecting says why it cannot,
# before NetworkManager is asked (it would only say "not available").
at_log=$PLUG_STACK_DIR/logs/modem-ttyNOSIM0.at
at_start=$(($( (cat "$at_log" 2>/dev/null || true) | wc -l) + 1))
"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyNOSIM0 gsm --no-sim
wait_until 30 modem_is ttyNOSIM0 .sim.state missing
check "a modem without a SIM says so" modem_is ttyNOSIM0 .sim.state missing
check "and ModemManager has it failed" modem_is ttyNOSIM0 .state failed
text=$(as_tester "${DEVICES[@]}")
check "the text says to insert a SIM" grep -q 'SIM: missing, insert a SIM' <<<"$text"
output=$(as_tester "$PLUGBOARDCTL" broadband add --device ttyNOSIM0 --apn internet --name NoSim --connect 2>&1)
status=$?
check "add --connect saves, then fails (exit $status)" test $status = 1
check "saying the modem has no SIM and what to do ($output)" \
  grep -q 'Cannot connect “NoSim”: The modem ttyNOSIM0 has no SIM: insert the SIM card, then connect again' <<<"$output"
output=$(as_tester "$PLUGBOARDCTL" broadband connect NoSim 2>&1)
check "so does connect ($output)" grep -q 'The modem ttyNOSIM0 has no SIM: insert the SIM card' <<<"$output"
check "the modem was never asked to dial" bash -c '! tail -n +"$1" "$2" | grep -q "^ATD"' _ "$at_start" "$at_log"
as_tester "$PLUGBOARDCTL" broadband delete NoSim >/dev/null
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
wait_until 30 has_modems 0

# Registered on another provider's network.
"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyROAM0 gsm --roaming
wait_until 30 modem_is ttyROAM0 .registration roaming
check "a modem on another network is roaming" modem_is ttyROAM0 .registration roaming
text=$(as_tester "${DEVICES[@]}")
check "the text says so ($(grep Network: <<<"$text"))" grep -q 'Network: .*, Roaming, ' <<<"$text"
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
wait_until 30 has_modems 0

# Without ModemManager there is nothing to list: it says which service is
# missing and which package has it, and fails (exit 1), with --json too.
"$PLUG_STACK" mm-stop "$PLUG_STACK_DIR"
output=$(as_tester "${DEVICES[@]}" 2>&1)
status=$?
check "without ModemManager it fails with exit status 1 ($status)" test "$status" = 1
check "and says ModemManager is not running ($output)" grep -q 'ModemManager is not running' <<<"$output"
check "and names the package to install" grep -q '“modemmanager” package' <<<"$output"
stdout=$(as_tester "${DEVICES[@]}" --json 2>/dev/null)
status=$?
check "with --json it fails the same way, printing nothing ($status)" test "$status" = 1 -a -z "$stdout"

"$PLUG_STACK" mm-start "$PLUG_STACK_DIR"
wait_until 30 has_modems 0
check "with ModemManager back, the list works again" has_modems 0

finish
