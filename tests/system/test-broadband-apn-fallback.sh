#!/bin/bash
# test-broadband-apn-fallback.sh: `plugboardctl broadband add --connect`
# tries the provider's other internet APNs, then the SIM's default, while
# the mobile network refuses the APN, keeps the first it takes and says
# which; when it refuses them all, the connection keeps its own APN and
# the error names every APN tried.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The scripted modem (plug-fake-modem --accept-apn) refuses a dial on any
# other APN with +CME ERROR: 127 ("missing or unknown APN"), which
# ModemManager keeps as its bearer's connection error, and answers the
# APN it knows with NO CARRIER, as there is no PPP peer: so "taken" here
# means the network got past the APN, and connecting then failed for
# another reason, which is said. The provider database
# (tests/fixtures/providers/apn-fallback.xml) lists three internet APNs
# and an MMS one, never to be tried.

. "$(dirname "$0")/lib.sh"

CONNECTIONS_DIR=$PLUG_STACK_DIR/nm/connections
BROADBAND=("$PLUGBOARDCTL" broadband)
export PLUG_PROVIDER_DATABASE=$PLUG_SOURCE_DIR/tests/fixtures/providers/apn-fallback.xml
AT_LOG=$PLUG_STACK_DIR/logs/modem-ttyAPN1.at

delete_all () {
  local uuid
  for uuid in $(as_tester "${BROADBAND[@]}" list --json | jq -r '.[].uuid'); do
    as_tester "${BROADBAND[@]}" delete "$uuid" >/dev/null
  done
}

cleanup () {
  "$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow >/dev/null 2>&1
  delete_all
  "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR" >/dev/null 2>&1
  "$PLUG_STACK" mm-start "$PLUG_STACK_DIR" >/dev/null 2>&1
}
trap cleanup EXIT

devices_json () { as_tester "${BROADBAND[@]}" devices --json; }
modem_is () { [ "$(devices_json | jq -r --arg i "$1" ".[] | select(.interface == \$i) | $2")" = "$3" ]; }
keyfile () { grep -l "^uuid=$1\$" "$CONNECTIONS_DIR"/*.nmconnection 2>/dev/null | head -n1; }
value () {
  awk -v section="[$2]" -v key="$3" '
    /^\[/ { in_section = ($0 == section); next }
    in_section && index($0, key "=") == 1 { print substr($0, length(key) + 2) }
  ' "$(keyfile "$1")"
}
# The APNs the modem was asked to dial on, in order, one line: the APN of
# the context each dial used (ModemManager defines a context, then dials).
dialed_apns () {
  awk '
    /^AT\+CGDCONT=[0-9]+,/ {
      split($0, fields, ","); id = substr(fields[1], 12); apn = fields[3]; gsub(/"/, "", apn); context[id] = apn
    }
    /^ATD\*99/ {
      id = $0; sub(/^ATD\*99\*\*\*/, "", id); sub(/#.*/, "", id); if (id == "") id = 1
      printf "%s%s", (n++ ? " " : ""), (context[id] == "" ? "(default)" : context[id])
    }
    END { print "" }
  ' "$AT_LOG"
}

# plug_modem ACCEPTED: the modem ttyAPN1, whose network knows only the
# APN ACCEPTED ("" for the SIM's default), registered.
plug_modem () {
  "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR" >/dev/null
  # The modem appends to its log: each modem's dials alone.
  rm -f "$AT_LOG"
  "$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyAPN1 gsm --operator 22210 --accept-apn "$1"
  wait_until 30 modem_is ttyAPN1 .registration home
}

# diag_lines TEXT: TEXT as TAP comments, each of its lines.
diag_lines () { local lines; mapfile -t lines <<<"$1"; diag "${lines[@]}"; }

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
delete_all

# --- the second of the provider's APNs is the SIM's ------------------------
plug_modem prepaid.fallnet.example
check "the modem is registered" modem_is ttyAPN1 .registration home
output=$(as_tester "${BROADBAND[@]}" add --device ttyAPN1 --provider Fallnet --plan Contract --connect 2>&1)
status=$?
uuid=$(as_tester "${BROADBAND[@]}" list --json | jq -r '.[] | select(.id == "Fallnet Contract") | .uuid')
diag_lines "$output"
check "add --connect fails, as no APN makes a PPP link here (exit $status)" test $status = 1
check "it says the network refused the plan's APN and which it tries next" \
  grep -qF "The mobile network refused “contract.fallnet.example”; trying “prepaid.fallnet.example”…" <<<"$output"
check "and that the network took that one, which the connection now uses, and why it still failed" \
  grep -qF "The mobile network refused “contract.fallnet.example”, and took “prepaid.fallnet.example”, which the connection now uses; connecting still failed. Activation failed: No carrier" <<<"$output"
check "the modem was dialled on the plan's APN, then the other one ($(dialed_apns))" \
  test "$(dialed_apns)" = "contract.fallnet.example prepaid.fallnet.example"
check "the saved connection has the APN the network took ($(value "$uuid" gsm apn))" \
  test "$(value "$uuid" gsm apn)" = prepaid.fallnet.example
check "with that APN's login from the provider database" \
  test "$(value "$uuid" gsm username)/$(value "$uuid" gsm password)" = fall/net
check "plugboardctl lists it so" \
  test "$(as_tester "${BROADBAND[@]}" list --json | jq -r --arg u "$uuid" '.[] | select(.uuid == $u) | .apn')" = prepaid.fallnet.example
delete_all

# --- the network refuses every APN -------------------------------------------
plug_modem none.example
output=$(as_tester "${BROADBAND[@]}" add --device ttyAPN1 --provider Fallnet --plan Prepaid --connect 2>&1)
status=$?
uuid=$(as_tester "${BROADBAND[@]}" list --json | jq -r '.[] | select(.id == "Fallnet Prepaid") | .uuid')
diag_lines "$output"
check "with every APN refused, add --connect fails (exit $status)" test $status = 1
check "the error names every APN tried, the SIM's default last" \
  grep -qF "The mobile network refused every APN tried: “prepaid.fallnet.example”, “contract.fallnet.example”, “old.fallnet.example” and the SIM’s default. Ask the provider which APN this SIM uses" <<<"$output"
check "the modem was dialled on each internet APN, never the MMS one ($(dialed_apns))" \
  test "$(dialed_apns)" = "prepaid.fallnet.example contract.fallnet.example old.fallnet.example (default)"
check "the connection has its own APN back ($(value "$uuid" gsm apn))" \
  test "$(value "$uuid" gsm apn)" = prepaid.fallnet.example
check "and its own login" \
  test "$(value "$uuid" gsm username)/$(value "$uuid" gsm password)" = fall/net
delete_all

# --- an APN typed in: the SIM's default after it ------------------------------
plug_modem ""
output=$(as_tester "${BROADBAND[@]}" add --device ttyAPN1 --apn typo.example --name Typed --connect 2>&1)
status=$?
uuid=$(as_tester "${BROADBAND[@]}" list --json | jq -r '.[] | select(.id == "Typed") | .uuid')
diag_lines "$output"
check "an APN the network does not know: add --connect fails (exit $status)" test $status = 1
check "it tries the SIM's default next" \
  grep -qF "The mobile network refused “typo.example”; trying the SIM’s default APN…" <<<"$output"
check "which the network took, and which the connection now uses" \
  grep -qF "and took the SIM’s default APN, which the connection now uses; connecting still failed." <<<"$output"
check "the saved connection asks for the SIM's default APN ($(value "$uuid" gsm apn))" \
  test -z "$(value "$uuid" gsm apn)"
delete_all

# --- a refusal that is not the APN's: nothing else is tried ------------------
plug_modem prepaid.fallnet.example
output=$(as_tester "${BROADBAND[@]}" add --device ttyAPN1 --provider Fallnet --plan Prepaid --connect 2>&1)
status=$?
uuid=$(as_tester "${BROADBAND[@]}" list --json | jq -r '.[] | select(.id == "Fallnet Prepaid") | .uuid')
diag_lines "$output"
check "with the right APN, add --connect fails only for want of PPP (exit $status)" test $status = 1
tries_none () { ! grep -q trying <<<"$output"; }
check "it tries no other APN" tries_none
check "and says why it failed: $(tail -n1 <<<"$output")" grep -qF "Activation failed: No carrier" <<<"$output"
check "the modem was dialled once ($(dialed_apns))" test "$(dialed_apns)" = prepaid.fallnet.example
check "the connection keeps its APN" test "$(value "$uuid" gsm apn)" = prepaid.fallnet.example

finish
