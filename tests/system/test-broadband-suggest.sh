#!/bin/bash
# test-broadband-suggest.sh: `plugboardctl broadband devices` names the
# provider each modem suggests, as the real ModemManager reads it from the
# scripted modems: a CDMA network's SID, a SIM's MCC-MNC, and for a
# virtual provider's SIM on its host's network its service provider name
# (ModemManager's Sim.OperatorName) and GID1 (Sim.Gid1); none for a SID
# the database does not list, or without the database.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"

DEVICES=("$PLUGBOARDCTL" broadband devices)
export PLUG_PROVIDER_DATABASE=$PLUG_SOURCE_DIR/tests/fixtures/providers/suggest.xml

cleanup () {
  "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR" >/dev/null 2>&1
}
trap cleanup EXIT

devices_json () { as_tester "${DEVICES[@]}" --json; }
has_modems () { [ "$(devices_json | jq length)" = "$1" ]; }
# suggested INTERFACE: the modem's suggested provider, as one line of JSON.
suggested () {
  jq -c --arg interface "$1" '.[] | select(.interface == $interface) | .suggested_provider' <<<"$json"
}
# settled: every modem has read what it suggests from (the SIMs and the
# CDMA registration come a moment after the modems).
settled () {
  json=$(devices_json)
  [ "$(suggested ttyCDMA0)" != null ] &&
    [ "$(suggested ttyGSM0 | jq -r .name)" = Hostnet ] &&
    [ "$(suggested ttyMVNO0 | jq -r .matched_by)" = spn ] &&
    [ "$(suggested ttyGID0 | jq -r .matched_by)" = gid1 ] &&
    [ "$(jq -r '.[] | select(.interface == "ttyCDMA1") | .registration' <<<"$json")" = registered ]
}

"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
wait_until 20 has_modems 0

# The fixture lists SIDs 4103 to 5142 for Sprintnet, none 32000, and three
# providers of 234/15: Hostnet (primary), Lycanet and Groupnet (GID1 BA01).
"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyCDMA0 cdma --sid 4103
"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyCDMA1 cdma --sid 32000
"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyGSM0 gsm --operator 23415
"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyMVNO0 gsm --operator 23415 --spn Lycanet
"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyGID0 gsm --operator 23415 --spn Lycanet --gid1 BA01FFFF
wait_until 40 has_modems 5
check "the five modems are listed" has_modems 5
# Each try runs plugboardctl, so by the clock, not by counting tries.
deadline=$((SECONDS + 60))
until settled || [ $SECONDS -ge $deadline ]; do sleep 0.5; done
json=$(devices_json)

check "a CDMA modem on a listed SID suggests its provider ($(suggested ttyCDMA0))" \
  test "$(suggested ttyCDMA0)" = '{"name":"Sprintnet","country":"US","matched_by":"sid"}'
check "a CDMA modem on an unlisted SID suggests none ($(suggested ttyCDMA1))" \
  test "$(suggested ttyCDMA1)" = null
check "a SIM of a network several providers share suggests the primary one ($(suggested ttyGSM0))" \
  test "$(suggested ttyGSM0)" = '{"name":"Hostnet","country":"GB","matched_by":"mcc-mnc"}'
check "the SIM's service provider name is read ($(jq -r '.[] | select(.interface == "ttyMVNO0") | .sim.operator_name' <<<"$json"))" \
  test "$(jq -r '.[] | select(.interface == "ttyMVNO0") | .sim.operator_name' <<<"$json")" = Lycanet
check "a virtual provider's SIM suggests it by its name ($(suggested ttyMVNO0))" \
  test "$(suggested ttyMVNO0)" = '{"name":"Lycanet","country":"GB","matched_by":"spn"}'
check "a SIM's GID1 decides before its name ($(suggested ttyGID0))" \
  test "$(suggested ttyGID0)" = '{"name":"Groupnet","country":"GB","matched_by":"gid1"}'

text=$(as_tester "${DEVICES[@]}")
check "the text says where the CDMA modem's provider comes from" \
  grep -qF 'Provider: Sprintnet (United States), from the network’s SID' <<<"$text"
check "and the GSM modem's" grep -qF 'Provider: Hostnet (United Kingdom), from the SIM’s network code' <<<"$text"
check "and the virtual providers'" \
  bash -c 'grep -qF "Provider: Lycanet (United Kingdom), from the SIM’s provider name" <<<"$1" &&
           grep -qF "Provider: Groupnet (United Kingdom), from the SIM’s group identifier" <<<"$1"' _ "$text"
check "a modem that suggests none has no Provider line ($(grep -c 'Provider:' <<<"$text") of 5)" \
  test "$(grep -c '  Provider: ' <<<"$text")" = 4

# The installed database lists Sprint's SIDs.
json=$(PLUG_PROVIDER_DATABASE='' devices_json)
check "with the installed database the SID names Sprint ($(suggested ttyCDMA0))" \
  test "$(suggested ttyCDMA0)" = '{"name":"Sprint","country":"US","matched_by":"sid"}'

# Without a database the modems are listed all the same.
json=$(PLUG_PROVIDER_DATABASE=$PLUG_STACK_DIR/no-such-database.xml devices_json)
status=$?
check "without the database the list still works (exit $status)" test "$status" = 0
check "and no modem suggests a provider" \
  test "$(jq -c '[.[].suggested_provider] | unique' <<<"$json")" = '[null]'

"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
wait_until 30 has_modems 0

finish
