#!/bin/bash
# test-broadband-not-managed.sh: a modem ModemManager has and the real
# NetworkManager does not manage, because NetworkManager runs without its
# mobile broadband plugin (`plug-stack restart … NetworkManager
# --without-wwan`, as where the plugin's package is not installed).
# `broadband devices` still lists the modem, not managed, with the reason
# and the package, in text and JSON; `broadband add --device` refuses it,
# saying why, and saves nothing. NetworkManager restarted normally manages
# it again, and the reason goes.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"

PORT=ttyNOWWAN0

# Other tests share NetworkManager: it is left with its plugin, and no
# modem or connection behind.
cleanup () {
  "$PLUG_STACK" restart "$PLUG_STACK_DIR" NetworkManager >/dev/null 2>&1
  as_tester "$PLUGBOARDCTL" broadband delete NotManagedTest >/dev/null 2>&1
  "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR" >/dev/null 2>&1
}
trap cleanup EXIT

devices_json () { as_tester "$PLUGBOARDCTL" broadband devices --json; }
modem () { devices_json | jq -r --arg interface "$PORT" ".[] | select(.interface == \$interface) | $1"; }
modem_is () { [ "$(modem "$1")" = "$2" ]; }
nm_lists_modem () { as_tester nmcli --terse --fields DEVICE,TYPE device | grep -qx "$PORT:gsm"; }
nm_has_no_modem () { ! as_tester nmcli --terse --fields DEVICE,TYPE device | grep -q ':gsm$'; }
mm_has_modem () { as_tester mmcli --list-modems | grep -q "Fake GSM Modem"; }
connections_named () { as_tester "$PLUGBOARDCTL" broadband list --json | jq --arg name "$1" '[.[] | select(.id == $name)] | length'; }

REASON='ModemManager found it, but NetworkManager’s mobile broadband support (its WWAN plugin, libnm-device-plugin-wwan.so) is missing, so no connection can be made with it: install the “network-manager” package again (“NetworkManager-wwan” on Fedora), then restart NetworkManager'

"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" "$PORT" gsm --operator 22210
wait_until 30 modem_is .managed_by_networkmanager true
check "with its plugin, NetworkManager manages the modem" nm_lists_modem
check "broadband devices says it is managed ($(modem .managed_by_networkmanager))" modem_is .managed_by_networkmanager true
check "with no problem" modem_is .problem null
check "and no reason" modem_is .reason null

# --- NetworkManager without its mobile broadband plugin ---
"$PLUG_STACK" restart "$PLUG_STACK_DIR" NetworkManager --without-wwan
wait_until 30 as_tester "$PLUGBOARDCTL" broadband list
sleep 2
check "ModemManager still has the modem" mm_has_modem
check "NetworkManager has no device for it" nm_has_no_modem
check "broadband devices still lists it ($(modem .interface))" modem_is .interface "$PORT"
check "not managed by NetworkManager ($(modem .managed_by_networkmanager))" modem_is .managed_by_networkmanager false
check "the problem is NetworkManager's missing plugin ($(modem .problem))" modem_is .problem networkmanager-wwan-missing
check "the reason names the plugin and the package" modem_is .reason "$REASON"
check "what ModemManager says of it is still there ($(modem .model))" modem_is .model "Fake GSM Modem"
one_modem_array () { jq_e 'type == "array" and length == 1' <<<"$1"; }
check "the JSON is still an array of modems" one_modem_array "$(devices_json)"
text=$(as_tester "$PLUGBOARDCTL" broadband devices)
check "the text lists it" grep -q "^Fake GSM Modem — $PORT, GSM, UMTS, LTE or 5G$" <<<"$text"
check "and says why it cannot be used" grep -qxF "  Cannot be used: $REASON." <<<"$text"

# Add does not silently save a connection no modem will use.
output=$(as_tester "$PLUGBOARDCTL" broadband add --device "$PORT" --apn internet --name NotManagedTest 2>&1)
status=$?
check "broadband add --device $PORT fails (exit $status)" test "$status" = 1
check "saying why ($output)" grep -qF "The modem $PORT cannot be used. $REASON." <<<"$output"
check "and saves nothing" test "$(connections_named NotManagedTest)" = 0

# --- NetworkManager with its plugin again ---
"$PLUG_STACK" restart "$PLUG_STACK_DIR" NetworkManager
wait_until 30 nm_lists_modem
check "restarted normally, NetworkManager manages the modem again" nm_lists_modem
wait_until 30 modem_is .managed_by_networkmanager true
check "broadband devices says it is managed" modem_is .managed_by_networkmanager true
check "and the reason is gone" modem_is .reason null
text=$(as_tester "$PLUGBOARDCTL" broadband devices)
check "the text no longer says it cannot be used" bash -c '! grep -q "Cannot be used" <<<"$1"' _ "$text"

finish
