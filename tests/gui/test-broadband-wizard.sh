#!/bin/bash
# test-broadband-wizard.sh: the Add Connection wizard of the Mobile
# Broadband panel under Xvfb, driven with the keyboard as the test user
# against the real NetworkManager and ModemManager with scripted modems.
# A GSM profile from the provider database for the SIM's MCC-MNC, with
# "Connect now" (the modem receives the APN); a CDMA profile, with no
# country or provider chosen for the user without a hint, and a second
# one for the same provider named apart. The manual APN, polkit's
# refusal and unplugging are in test-broadband-wizard-manual.sh: one
# script for all took over four minutes. Screenshots of every step in
# $PLUG_BUILD_DIR/screenshots (broadband-wizard-*.png).
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-broadband-gui.sh"

trap broadband_cleanup EXIT

shot () { screenshot "$shots/broadband-wizard-$1.png"; }

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
delete_all_connections
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
plug_at_home ttyGSM0 22210
check "the GSM modem has the SIM of 22210" modem_is ttyGSM0 .sim.operator_code 22210

start_xvfb
start_broadband_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=broadband
wait_first_frame 30
check "plugboard --panel=broadband draws its first frame" test -s "$GUI_DIR/first-frame"
sleep 2

# --- GSM, from the database, connecting at once ---
key alt+a
wait_while_running 20 page_is country
check "one modem: Add Connection… skips the modem step and asks for the country" page_is country
shot 1-country
key Return
wait_while_running 10 page_is provider
check "the country the SIM's code 22210 is in (Italy) was preselected: Return goes on to the provider" page_is provider
shot 2-provider
key Return
wait_while_running 10 page_is plan
check "the provider step leads to the plan" page_is plan
shot 3-plan
key Return
wait_while_running 10 page_is review
check "the plan step leads to the review" page_is review
shot 4-review
key Return
wait_while_running 60 wizard_says "Could Not Connect"
shot 5-connect-result
check "Add saved the connection “Vodafone Mobile Internet” (the primary provider of 22210, its first plan)" \
  test -n "$(keyfile "Vodafone Mobile Internet")"
check "keyfile [connection]: ($(section "Vodafone Mobile Internet" connection))" \
  test "$(section "Vodafone Mobile Internet" connection | sed 's/uuid=[^ ]* //')" = \
       "autoconnect=false id=Vodafone Mobile Internet interface-name=ttyGSM0 type=gsm "
check "keyfile [gsm]: ($(section "Vodafone Mobile Internet" gsm))" \
  test "$(section "Vodafone Mobile Internet" gsm)" = "apn=mobile.vodafone.it home-only=true "
check "keyfile [ipv4]: automatic" test "$(section "Vodafone Mobile Internet" ipv4)" = "method=auto "
check "Connect now sent the plan's APN to the modem" received ttyGSM0 'AT+CGDCONT=1,"IP","mobile.vodafone.it"'
check "the wizard said why it could not connect, in plain words" \
  wizard_says "could not connect. Activation failed: No carrier: the mobile network did not answer."
check "the wizard is open before Escape" wizard_open
key Escape
wait_until 20 wizard_closed
shot 6-panel-with-connection
check "Escape closed the wizard" wizard_closed

# --- a second modem, CDMA: the modem step appears ---
# On a network (SID 32000) that no provider lists, and without a SIM: in
# the tests' C.UTF-8 locale nothing says where the user is.
plug ttyCDMA0 cdma --sid 32000
wait_until 30 modem_is ttyCDMA0 .family cdma
sleep 2
key alt+a
wait_while_running 20 page_is device
check "two modems: the wizard asks which one" page_is device
shot 7-device
# The rows are sorted by name: the CDMA modem comes first.
key Return
wait_while_running 10 page_is country
check "the CDMA modem leads to the country" page_is country
shot 8-country-no-hint
check "no hint from the modem or the locale: no country is chosen ($(selected_rows | tr '\n' ' '))" \
  test -z "$(selected_rows)"
check "… and Next cannot be pressed ($(next_state))" next_is insensitive
key Return
check "Return in the empty search does not go on" page_is country
type_text "United States"
wait_while_running 10 next_is sensitive
shot 8-country-search
check "searching chose the country found ($(selected_rows | tr '\n' ' '))" \
  test "$(selected_rows)" = "list item “United States”"
check "… and Next can be pressed ($(next_state))" next_is sensitive
key Return
wait_while_running 10 page_is provider
check "searching for the country and Return chose it" page_is provider
check "no SIM: no provider is chosen ($(selected_rows | tr '\n' ' '))" test -z "$(selected_rows)"
check "… and Next cannot be pressed ($(next_state))" next_is insensitive
type_text "Verizon"
wait_while_running 10 next_is sensitive
shot 9-provider-cdma
key Return
wait_while_running 10 page_is review
check "a CDMA provider skips the plan step" page_is review
# Connect now off: its mnemonic focuses it, space switches it; Add by
# its mnemonic.
key alt+c space
shot 10-review-cdma
key alt+a
wait_while_running 20 toast_says "Added the connection “Verizon connection”"
check "the wizard reported the connection added" toast_seen "Added the connection “Verizon connection”"
check "and closed by itself" wait_until 20 wizard_closed
check "keyfile [connection]: ($(section "Verizon connection" connection))" \
  test "$(section "Verizon connection" connection | sed 's/uuid=[^ ]* //')" = \
       "autoconnect=false id=Verizon connection interface-name=ttyCDMA0 type=cdma "
check "keyfile [cdma]: ($(section "Verizon connection" cdma))" \
  test "$(section "Verizon connection" cdma)" = "number=#777 "
sleep 1

# --- a second connection for the same provider is named apart ---
key alt+a
wait_while_running 20 page_is device
key Return
wait_while_running 10 page_is country
type_text "United States"
key Return
wait_while_running 10 page_is provider
type_text "Verizon"
key Return
wait_while_running 10 page_is review
name_field () { a11y entry Name --window "$WIZARD_WINDOW"; }
check "the review names the second Verizon connection apart ($(name_field))" \
  test "$(name_field)" = "Verizon connection 2"
shot 11-review-second-name
key alt+c space
key alt+a
wait_while_running 20 toast_says "Added the connection “Verizon connection 2”"
check "the wizard added “Verizon connection 2”" toast_seen "Added the connection “Verizon connection 2”"
check "and closed by itself" wait_until 20 wizard_closed
check "NetworkManager keeps it under that name" test -n "$(keyfile "Verizon connection 2")"
as_tester "$PLUGBOARDCTL" broadband delete "Verizon connection 2" >/dev/null
one_cdma_connection () { [ "$(connections_of ttyCDMA0)" = 1 ]; }
wait_while_running 20 one_cdma_connection
sleep 1
shot 11-panel-two-modems

stop_gui
finish
