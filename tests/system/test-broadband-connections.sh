#!/bin/bash
# test-broadband-connections.sh: `plugboardctl broadband add/list/connect/
# disconnect/delete/unlock` against the real NetworkManager and
# ModemManager with scripted GSM and CDMA modems. The keyfiles
# NetworkManager writes hold exactly what was asked; a wrong APN is refused
# before NetworkManager is asked; connecting sends the APN to the modem and
# then fails in plain words (the scripted modem has no data session);
# polkit's refusal is reported; a locked SIM counts its tries down and
# unlocks with the right PIN.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"

CONNECTIONS_DIR=$PLUG_STACK_DIR/nm/connections
BROADBAND=("$PLUGBOARDCTL" broadband)

# Through NetworkManager, which would keep a profile whose keyfile were
# simply removed.
delete_all () {
  local uuid
  for uuid in $(as_tester "${BROADBAND[@]}" list --json | jq -r '.[].uuid'); do
    as_tester "${BROADBAND[@]}" delete "$uuid" >/dev/null
  done
}

# Leave no modem or profile behind for the next test, and ModemManager running.
cleanup () {
  "$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow >/dev/null 2>&1
  delete_all
  "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR" >/dev/null 2>&1
  "$PLUG_STACK" mm-start "$PLUG_STACK_DIR" >/dev/null 2>&1
}
trap cleanup EXIT

devices_json () { as_tester "${BROADBAND[@]}" devices --json; }
modem () { devices_json | jq -r --arg interface "$1" ".[] | select(.interface == \$interface) | $2"; }
modem_is () { [ "$(modem "$1" "$2")" = "$3" ]; }
keyfile_count () { find "$CONNECTIONS_DIR" -name '*.nmconnection' | wc -l; }
# keyfile UUID: the keyfile NetworkManager wrote for the connection.
keyfile () { grep -l "^uuid=$1\$" "$CONNECTIONS_DIR"/*.nmconnection 2>/dev/null | head -n1; }
# value UUID SECTION KEY: one key of that keyfile.
value () {
  awk -v section="[$2]" -v key="$3" '
    /^\[/ { in_section = ($0 == section); next }
    in_section && index($0, key "=") == 1 { print substr($0, length(key) + 2) }
  ' "$(keyfile "$1")"
}
keys () { awk -v section="[$2]" '/^\[/ { in_section = ($0 == section); next } in_section && /=/' "$(keyfile "$1")" | cut -d= -f1 | sort | tr '\n' ' '; }

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
delete_all
check "no mobile broadband connection to begin with" test "$(as_tester "${BROADBAND[@]}" list --json | jq length)" = 0
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyGSM1 gsm --operator 22210
"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyCDMA1 cdma
wait_until 30 modem_is ttyGSM1 .sim.operator_code 22210
wait_until 30 modem_is ttyGSM1 .registration home
wait_until 30 modem_is ttyCDMA1 .family cdma
check "the GSM modem has the SIM of 22210" modem_is ttyGSM1 .sim.operator_code 22210

# --- from the provider database ---
output=$(as_tester "${BROADBAND[@]}" add --device ttyGSM1 --provider Vodafone --plan "Mobile Internet" --json)
status=$?
check "add --provider Vodafone --plan “Mobile Internet” succeeds (exit $status)" test $status = 0
uuid=$(jq -r .uuid <<<"$output")
check "it prints the connection ($(jq -c . <<<"$output"))" \
  test "$(jq -r '[.id, .type, .apn, .device, .roaming, .autoconnect] | join(",")' <<<"$output")" = \
       "Vodafone Mobile Internet,gsm,mobile.vodafone.it,ttyGSM1,false,false"
check "NetworkManager wrote a keyfile for it" test -n "$(keyfile "$uuid")"
check "keyfile: type gsm" test "$(value "$uuid" connection type)" = gsm
check "keyfile: bound to ttyGSM1" test "$(value "$uuid" connection interface-name)" = ttyGSM1
check "keyfile: autoconnect off" test "$(value "$uuid" connection autoconnect)" = false
check "keyfile: no permissions, a system connection" test -z "$(value "$uuid" connection permissions)"
check "keyfile: the plan's APN" test "$(value "$uuid" gsm apn)" = mobile.vodafone.it
check "keyfile: roaming not allowed (home-only)" test "$(value "$uuid" gsm home-only)" = true
check "keyfile: gsm holds only apn and home-only ($(keys "$uuid" gsm))" test "$(keys "$uuid" gsm)" = "apn home-only "
check "keyfile: IPv4 automatic" test "$(value "$uuid" ipv4 method)" = auto
check "keyfile: IPv6 automatic" test "$(value "$uuid" ipv6 method)" = auto

# PosteMobile, also on 22210, has one internet APN: no plan needed.
output=$(as_tester "${BROADBAND[@]}" add --device ttyGSM1 --provider postemobile --roaming --json)
status=$?
poste=$(jq -r .uuid <<<"$output")
check "a provider with one internet APN needs no --plan (exit $status)" test $status = 0
check "and gets that APN, not the MMS one" test "$(value "$poste" gsm apn)" = internet.postemobile.it
check "--roaming allows roaming (no home-only)" test -z "$(value "$poste" gsm home-only)"
output=$(as_tester "${BROADBAND[@]}" add --device ttyGSM1 --provider Vodafone 2>&1)
status=$?
check "a provider with several plans wants --plan (exit $status)" test $status = 1
check "and lists them ($output)" grep -q 'choose one with --plan: .*Mobile Internet' <<<"$output"

# --- manual APN and CDMA ---
# Secrets never on the command line: - reads the password from stdin.
output=$(printf 'secret\n' | as_tester "${BROADBAND[@]}" add --apn internet.example --name "My APN" --username user \
  --password - --json)
status=$?
manual=$(jq -r .uuid <<<"$output")
check "add --apn succeeds, its password read from stdin (exit $status)" test $status = 0
check "keyfile: the password read from stdin" test "$(value "$manual" gsm password)" = secret
check "keyfile: the APN given" test "$(value "$manual" gsm apn)" = internet.example
check "keyfile: the name given" test "$(value "$manual" connection id)" = "My APN"
check "keyfile: the username" test "$(value "$manual" gsm username)" = user
check "keyfile: not bound to a modem without --device" test -z "$(value "$manual" connection interface-name)"
# As GNOME Settings and nm-applet save it: a system secret (no
# password-flags, so 0), in the keyfile only root may read, not with an
# agent, as there may be none when NetworkManager connects by itself.
check "keyfile: the password given, stored by NetworkManager" test "$(value "$manual" gsm password)" = secret
check "keyfile: with no password-flags (a system-owned secret)" test -z "$(value "$manual" gsm password-flags)"
check "keyfile: gsm holds apn, home-only, password, username ($(keys "$manual" gsm))" \
  test "$(keys "$manual" gsm)" = "apn home-only password username "
check "keyfile: mode 0600, owned by root ($(stat -c '%a %U' "$(keyfile "$manual")"))" \
  test "$(stat -c '%a %U' "$(keyfile "$manual")")" = "600 root"
check "the test user cannot read it" bash -c '! runuser -u "$PLUG_TEST_USER" -- cat "$1" 2>/dev/null' _ "$(keyfile "$manual")"
listing_json=$(as_tester "${BROADBAND[@]}" list --json)
listing_text=$(as_tester "${BROADBAND[@]}" list)
# Each listing names the connection, so an empty one cannot pass.
check "list --json names the connection and does not give the password away" \
  eval 'jq_e --arg id "$manual" "any(.[]; tostring | contains(\$id))" <<<"$listing_json" >/dev/null && ! grep -qF secret <<<"$listing_json"'
check "list names the connection and does not give the password away" \
  bash -c 'grep -qF "$2" <<<"$1" && ! grep -qF secret <<<"$1"' _ "$listing_text" "$manual"

output=$(as_tester "${BROADBAND[@]}" add --device ttyCDMA1 --cdma --json)
status=$?
cdma=$(jq -r .uuid <<<"$output")
check "add --cdma succeeds (exit $status)" test $status = 0
check "it prints the number ($(jq -c . <<<"$output"))" test "$(jq -r '[.type, .number, .device] | join(",")' <<<"$output")" = "cdma,#777,ttyCDMA1"
check "keyfile: type cdma" test "$(value "$cdma" connection type)" = cdma
check "keyfile: cdma.number #777" test "$(value "$cdma" cdma number)" = '#777'
check "keyfile: bound to ttyCDMA1" test "$(value "$cdma" connection interface-name)" = ttyCDMA1
output=$(as_tester "${BROADBAND[@]}" add --device ttyCDMA1 --apn internet 2>&1)
status=$?
check "an APN for the CDMA modem is refused (exit $status: $output)" test $status = 1

# --- a second connection for the same provider is named apart ---
first=$(as_tester "${BROADBAND[@]}" add --device ttyCDMA1 --provider Sprint --json)
status=$?
check "add --provider Sprint succeeds (exit $status)" test $status = 0
check "the first is called “Sprint connection” ($(jq -r .id <<<"$first"))" \
  test "$(jq -r .id <<<"$first")" = "Sprint connection"
second=$(as_tester "${BROADBAND[@]}" add --device ttyCDMA1 --provider Sprint --json)
status=$?
check "add --provider Sprint again succeeds (exit $status)" test $status = 0
check "the second is called “Sprint connection 2” ($(jq -r .id <<<"$second"))" \
  test "$(jq -r .id <<<"$second")" = "Sprint connection 2"
check "NetworkManager saved it under that name" \
  test "$(value "$(jq -r .uuid <<<"$second")" connection id)" = "Sprint connection 2"
before=$(keyfile_count)
output=$(as_tester "${BROADBAND[@]}" add --device ttyCDMA1 --cdma --name "Sprint connection 2" 2>&1)
status=$?
check "a name given with --name that a connection has is refused (exit $status)" test $status = 1
check "saying so ($output)" \
  grep -qF 'There is already a connection called “Sprint connection 2”: choose another name' <<<"$output"
check "nothing was saved" test "$(keyfile_count)" = "$before"
for uuid in "$(jq -r .uuid <<<"$first")" "$(jq -r .uuid <<<"$second")"; do
  as_tester "${BROADBAND[@]}" delete "$uuid" >/dev/null
done

# --- invalid input never reaches NetworkManager ---
before=$(keyfile_count)
for apn in "foo bar" "ïnternet" "http://172.18.83.129" "$(printf 'a%.0s' {1..65})"; do
  output=$(as_tester "${BROADBAND[@]}" add --device ttyGSM1 --apn "$apn" 2>&1)
  status=$?
  check "APN “$apn” is refused (exit $status)" test $status = 1
  check "in plain words ($output)" grep -q 'An APN may' <<<"$output"
done
check "and no keyfile appeared" test "$(keyfile_count)" = "$before"

# A provider database entry NetworkManager would refuse (as Zain BH's
# "http://172.18.83.129" in the real one) is flagged, never saved.
export PLUG_PROVIDER_DATABASE=$PLUG_SOURCE_DIR/tests/fixtures/providers/flagged.xml
output=$(as_tester "${BROADBAND[@]}" providers --country bh)
check "providers flags the plan whose APN NetworkManager refuses" \
  bash -c 'grep -A1 "APN http://10.1.2.3" <<<"$1" | grep -q "Cannot be used: NetworkManager does not accept this APN"' _ "$output"
check "and not the other one" bash -c '! grep -A1 "APN internet.flagnet.example" <<<"$1" | grep -q "Cannot be used"' _ "$output"
output=$(as_tester "${BROADBAND[@]}" add --device ttyGSM1 --provider Flagnet --plan Legacy 2>&1)
status=$?
check "add --plan with the flagged APN fails (exit $status)" test $status = 1
check "saying why, and what to do ($output)" \
  grep -q "Flagnet, plan Legacy: NetworkManager does not accept the provider database’s APN for this plan. An APN may only contain .*Enter the APN your provider gives instead" <<<"$output"
output=$(as_tester "${BROADBAND[@]}" add --device ttyGSM1 --provider Onlybad 2>&1)
status=$?
check "a provider whose only internet APN is flagged: add fails (exit $status)" test $status = 1
check "saying to give the APN with --apn ($output)" grep -q "no internet APN for Onlybad that NetworkManager accepts: give the APN with --apn" <<<"$output"
check "nothing was saved" test "$(keyfile_count)" = "$before"
output=$(as_tester "${BROADBAND[@]}" add --device ttyGSM1 --provider Flagnet --json)
status=$?
check "without --plan, the one usable plan is taken (exit $status)" test $status = 0
check "with its APN ($(jq -c . <<<"$output"))" test "$(jq -r .apn <<<"$output")" = internet.flagnet.example
as_tester "${BROADBAND[@]}" delete "$(jq -r .uuid <<<"$output")" >/dev/null
unset PLUG_PROVIDER_DATABASE
output=$(as_tester "${BROADBAND[@]}" add --device ttyGSM1 --apn "$(printf 'a%.0s' {1..64})" --json)
check "a 64-character APN is accepted" test "$(jq -r '.apn | length' <<<"$output")" = 64
as_tester "${BROADBAND[@]}" delete "$(jq -r .uuid <<<"$output")" >/dev/null

# --- list ---
json=$(as_tester "${BROADBAND[@]}" list --json)
check "list has the four connections" test "$(jq length <<<"$json")" = 4
check "list says none is active" test "$(jq '[.[] | select(.active)] | length' <<<"$json")" = 0
check "list gives the CDMA number" test "$(jq -r --arg uuid "$cdma" '.[] | select(.uuid == $uuid) | .number' <<<"$json")" = '#777'

# --- connect sends the APN, then fails in plain words ---
as_tester "${BROADBAND[@]}" delete "$poste" >/dev/null
# The AT logs keep what earlier runs sent: look only at what comes next.
at_log=$PLUG_STACK_DIR/logs/modem-ttyGSM1.at
at_start=$(($(wc -l <"$at_log") + 1))
output=$(as_tester "${BROADBAND[@]}" connect "Vodafone Mobile Internet" 2>&1)
status=$?
check "connect fails with exit 1, as there is no data session ($status)" test $status = 1
check "it says activation failed, in words ($output)" grep -q 'Activation failed: [A-Z]' <<<"$output"
check "it names no raw reason code" bash -c '! grep -qE "[0-9]{2}|_" <<<"$1"' _ "$output"
check "the modem received the chosen APN" \
  bash -c 'tail -n +"$1" "$2" | grep -qF "AT+CGDCONT=1,\"IP\",\"mobile.vodafone.it\""' _ "$at_start" "$at_log"
output=$(as_tester "${BROADBAND[@]}" disconnect "Vodafone Mobile Internet")
check "disconnecting what is not connected is done ($output)" grep -q 'is not connected' <<<"$output"

# --- delete ---
as_tester "${BROADBAND[@]}" delete "Vodafone Mobile Internet" >&2
status=$?
check "delete by name succeeds ($status)" test $status = 0
check "the keyfile is gone" test -z "$(keyfile "$uuid")"
output=$(as_tester "${BROADBAND[@]}" delete "Vodafone Mobile Internet" 2>&1)
status=$?
check "deleting it again fails, naming it (exit $status: $output)" test $status = 1

# --- polkit says no ---
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" deny
before=$(keyfile_count)
output=$(as_tester "${BROADBAND[@]}" add --apn internet 2>&1)
status=$?
check "with polkit refusing, add fails (exit $status)" test $status = 1
check "and says not authorized ($output)" grep -q 'not authorized' <<<"$output"
check "and nothing was written" test "$(keyfile_count)" = "$before"
output=$(as_tester "${BROADBAND[@]}" delete "$manual" 2>&1)
status=$?
check "with polkit refusing, delete fails too (exit $status: $output)" test $status = 1 -a -n "$(keyfile "$manual")"
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
as_tester "${BROADBAND[@]}" delete "$manual" >/dev/null
as_tester "${BROADBAND[@]}" delete "$cdma" >/dev/null
check "allowed again, both are deleted" test -z "$(keyfile "$manual")$(keyfile "$cdma")"

# --- a locked SIM ---
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyLOCKED1 gsm --pin 1234
wait_until 30 modem_is ttyLOCKED1 .sim.lock sim-pin
wait_until 10 modem_is ttyLOCKED1 '.sim.retries["sim-pin"]' 3
check "the SIM is locked with 3 tries" modem_is ttyLOCKED1 '.sim.retries["sim-pin"]' 3
output=$(as_tester "${BROADBAND[@]}" add --device ttyLOCKED1 --apn internet --name Locked --connect 2>&1)
status=$?
check "connecting through the locked SIM fails (exit $status)" test $status = 1
check "saying to unlock it first ($output)" \
  grep -q 'Cannot connect “Locked”: The SIM in ttyLOCKED1 is locked: unlock it with its PIN first' <<<"$output"
as_tester "${BROADBAND[@]}" delete Locked >/dev/null
output=$(as_tester "${BROADBAND[@]}" unlock --pin - <<<12a4 2>&1)
status=$?
check "a PIN with a letter is refused before the SIM sees it (exit $status: $output)" test $status = 1
check "so no try is lost" modem_is ttyLOCKED1 '.sim.retries["sim-pin"]' 3
at_log=$PLUG_STACK_DIR/logs/modem-ttyLOCKED1.at
at_start=$(($(wc -l <"$at_log") + 1))
output=$(as_tester "${BROADBAND[@]}" unlock --pin - <<<0000 2>&1)
status=$?
check "a wrong PIN fails (exit $status)" test $status = 1
check "and says 2 tries are left ($output)" grep -q 'Wrong PIN. 2 tries left' <<<"$output"
check "ModemManager counts 2 too" modem_is ttyLOCKED1 '.sim.retries["sim-pin"]' 2
check "the modem got the wrong PIN once, never again" \
  test "$(tail -n +"$at_start" "$at_log" | grep -cF 'AT+CPIN="0000"')" = 1
# On a terminal, without --pin, it asks, and what is typed is not shown.
# The PIN is typed once the question is there: typed ahead, it would be
# echoed before the echo is turned off, and is dropped, as sudo drops it.
terminal_start "$PLUGBOARDCTL broadband unlock --device ttyLOCKED1"
wait_until 30 terminal_asked "The SIM's PIN:"
terminal_answer 1234
status=$terminal_status
output=$terminal_text
check "on a terminal the right PIN, asked for, unlocks it (exit $status: $(tr '\n' ' ' <<<"$output"))" test $status = 0
check "… the question was asked" grep -qF "The SIM's PIN:" <<<"$output"
check "… and the PIN typed was not shown" eval '! grep -qF 1234 <<<"$output"'
wait_until 30 modem_is ttyLOCKED1 .registration home
check "and the modem registers" modem_is ttyLOCKED1 .registration home
output=$(as_tester "${BROADBAND[@]}" unlock --pin - <<<1234 2>&1)
status=$?
check "with nothing locked, unlock says so (exit $status: $output)" test $status = 1

# --- a blocked SIM: the PUK and the new PIN, two lines on stdin ---
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyPUK1 gsm --pin 1234 --puk 12345678
wait_until 30 modem_is ttyPUK1 .sim.lock sim-pin
for wrong in 0000 1111 2222; do
  as_tester "${BROADBAND[@]}" unlock --pin - <<<"$wrong" >/dev/null 2>&1
done
wait_until 10 modem_is ttyPUK1 .sim.lock sim-puk
check "three wrong PINs block the SIM" modem_is ttyPUK1 .sim.lock sim-puk
output=$(printf '12345678\n4321\n' | as_tester "${BROADBAND[@]}" unlock --puk - --new-pin - 2>&1)
status=$?
check "the PUK and a new PIN from stdin unlock it (exit $status: $output)" test $status = 0
wait_until 30 modem_is ttyPUK1 .registration home
check "… and the modem registers" modem_is ttyPUK1 .registration home
check "… the modem was given the PUK and the new PIN" \
  grep -qF 'AT+CPIN="12345678","4321"' "$PLUG_STACK_DIR/logs/modem-ttyPUK1.at"
output=$(as_tester "${BROADBAND[@]}" unlock --puk - <<<12345678 2>&1)
status=$?
check "without a terminal, --puk without --new-pin is refused (exit $status: $output)" \
  test $status = 2 -a -n "$(grep -F -- '--puk needs --new-pin' <<<"$output")"

"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"

finish
