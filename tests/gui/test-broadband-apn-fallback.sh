#!/bin/bash
# test-broadband-apn-fallback.sh: "Connect now" in the Add Connection
# wizard tries the provider's other internet APN when the mobile network
# refuses the plan's, and says which APN the saved connection now has.
# Under Xvfb, driven with the keyboard as the test user, against the real
# NetworkManager and ModemManager; the scripted modem's network knows one
# APN (plug-fake-modem --accept-apn) and, with no PPP peer, answers a
# dial on it with NO CARRIER. The CLI's cases, and every APN refused, are
# in tests/system/test-broadband-apn-fallback.sh. Screenshots in
# $PLUG_BUILD_DIR/screenshots (broadband-apn-fallback-*.png).
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-broadband-gui.sh"

trap broadband_cleanup EXIT

shot () { screenshot "$shots/broadband-apn-fallback-$1.png"; }

# A provider of the modem's network (222 10) with three internet APNs.
export PLUG_PROVIDER_DATABASE=$PLUG_SOURCE_DIR/tests/fixtures/providers/apn-fallback.xml

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
delete_all_connections
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
plug_at_home ttyGSM0 22210 --accept-apn prepaid.fallnet.example
check "the GSM modem has the SIM of 22210" modem_is ttyGSM0 .sim.operator_code 22210

start_xvfb
start_broadband_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=broadband
wait_first_frame 30
check "plugboard --panel=broadband draws its first frame" test -s "$GUI_DIR/first-frame"
sleep 2

key alt+a
wait_while_running 20 page_is country
check "Add Connection… asks for the country" page_is country
key Return
wait_while_running 10 page_is provider
key Return
wait_while_running 10 page_is plan
check "Italy, then Fallnet, the provider of 22210, lead to the plan" page_is plan
shot 1-plan
key Return
wait_while_running 10 page_is review
check "its first plan, Contract, leads to the review" page_is review
key Return
wait_while_running 60 wizard_says "Could Not Connect"
shot 2-result
check "the modem was dialled on the plan's APN first" received ttyGSM0 'AT+CGDCONT=1,"IP","contract.fallnet.example"'
check "then on the provider's other one" received ttyGSM0 '"prepaid.fallnet.example"'
check "never on the MMS one" sh -c "! grep -qF mms.fallnet.example '$PLUG_STACK_DIR/logs/modem-ttyGSM0.at'"
check "the wizard says the network refused the plan's APN and took the other, which the connection now uses" \
  wizard_says "The mobile network refused “contract.fallnet.example”, and took “prepaid.fallnet.example”, which the connection now uses"
check "and why connecting still failed, in plain words" \
  wizard_says "connecting still failed. Activation failed: No carrier: the mobile network did not answer"
check "the saved connection has that APN, with its login ($(section "Fallnet Contract" gsm))" \
  test "$(section "Fallnet Contract" gsm)" = "apn=prepaid.fallnet.example home-only=true password=net username=fall "
key Escape
wait_until 20 wizard_closed
check "Escape closed the wizard" wizard_closed

finish
