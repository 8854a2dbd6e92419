#!/bin/bash
# test-modems.sh: scripted AT modems, plugged in through ModemManager's test
# interface, become real NetworkManager devices; a GSM profile made by the
# test user reaches the modem as an APN.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"

nm_device_type () {
  as_tester nmcli --terse --fields DEVICE,TYPE device | grep -q "^$1:$2\$"
}
modem_count () { as_tester mmcli -L | grep -c '/Modem/'; }

"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyGSM0 gsm --operator 22210
"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyCDMA0 cdma

wait_until 30 nm_device_type ttyGSM0 gsm
check "NetworkManager shows the GSM modem as a gsm device" nm_device_type ttyGSM0 gsm
wait_until 30 nm_device_type ttyCDMA0 cdma
check "NetworkManager shows the CDMA modem as a cdma device" nm_device_type ttyCDMA0 cdma
check "ModemManager lists both modems" test "$(modem_count)" = 2

modem_path=$(as_tester mmcli -L | grep 'Fake GSM' | grep -oE '/org/freedesktop/ModemManager1/Modem/[0-9]+')
check "the GSM modem reports its model" test -n "$modem_path"
details=$(as_tester mmcli --modem "$modem_path")
check "the GSM modem is a 3GPP modem" grep -q 'gsm-umts' <<<"$details"
cdma_details=$(as_tester mmcli --modem "$(as_tester mmcli -L | grep 'Fake CDMA' | grep -oE '/org/freedesktop/ModemManager1/Modem/[0-9]+')")
check "the CDMA modem is a 3GPP2 modem" grep -q 'cdma-evdo' <<<"$cdma_details"

# A profile made as the test user: polkit allows it, the keyfile lands in
# the harness's own directory, and activating sends the APN to the modem.
as_tester nmcli connection add type gsm ifname ttyGSM0 con-name harness-gsm \
  gsm.apn harness.example connection.autoconnect no >/dev/null
check "the test user adds a GSM profile" test $? = 0
keyfile=$PLUG_STACK_DIR/nm/connections/harness-gsm.nmconnection
check "NetworkManager wrote it to the harness's keyfile directory" test -f "$keyfile"
check "the keyfile holds the APN" grep -q '^apn=harness.example$' "$keyfile"

as_tester nmcli --wait 20 connection up harness-gsm >/dev/null 2>&1
apn_sent () { grep -qF 'AT+CGDCONT=1,"IP","harness.example"' "$PLUG_STACK_DIR/logs/modem-ttyGSM0.at"; }
wait_until 20 apn_sent
check "activating sent the APN to the modem" apn_sent

as_tester nmcli connection delete harness-gsm >/dev/null
check "the test user deletes the profile" test ! -f "$keyfile"

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" deny
output=$(as_tester nmcli connection add type gsm ifname '*' con-name harness-denied gsm.apn internet 2>&1)
check "with a denying rule NetworkManager refuses ($output)" grep -qi 'insufficient privileges\|not authorized' <<<"$output"
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

# Unplug (ModemManager stops) and replug (it starts and the modems return).
"$PLUG_STACK" mm-stop "$PLUG_STACK_DIR"
gone () { ! nm_device_type ttyGSM0 gsm; }
wait_until 20 gone
check "unplugged, the GSM device leaves NetworkManager" gone
"$PLUG_STACK" mm-start "$PLUG_STACK_DIR"
wait_until 30 nm_device_type ttyGSM0 gsm
check "replugged, the GSM device is back" nm_device_type ttyGSM0 gsm

"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
no_modems () { [ "$(modem_count)" = 0 ]; }
wait_until 20 no_modems
check "removed, no modem is left for the next test" no_modems

finish
