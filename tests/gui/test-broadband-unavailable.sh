#!/bin/bash
# test-broadband-unavailable.sh: "Add Connection…" in the Mobile
# Broadband panel when no connection can be made, under Xvfb as the test
# user: NetworkManager stopped, ModemManager stopped, no modem, the
# provider database missing (manual entry still works, and saves), and a
# modem with no SIM (its row's Connect and the wizard's "Connect now").
# The button is never dead: each time the wizard says why and what to do.
# Screenshots in $PLUG_BUILD_DIR/screenshots (broadband-unavailable-*.png).
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-broadband-gui.sh"

nm_stopped=0
mm_stopped=0
cleanup () {
  stop_gui
  [ "$nm_stopped" = 1 ] && "$PLUG_STACK" start "$PLUG_STACK_DIR" NetworkManager >/dev/null 2>&1
  [ "$mm_stopped" = 1 ] && "$PLUG_STACK" mm-start "$PLUG_STACK_DIR" >/dev/null 2>&1
  delete_all_connections
  "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR" >/dev/null 2>&1
  gui_cleanup
}
trap cleanup EXIT

shot () { screenshot "$shots/broadband-unavailable-$1.png"; }
# open_wizard: Add Connection…, and wait for the wizard's first words.
open_wizard () {
  key alt+a
  wait_until 20 wizard_open
}
# wizard_says_both TITLE DESCRIPTION: the wizard's message says both.
wizard_says_both () {
  local texts
  texts=$(shown_texts "$WIZARD_WINDOW")
  grep -qxF -- "$1" <<<"$texts" && grep -qF -- "$2" <<<"$texts"
}
listed () { [ "$(connections_of ttyNOSIM0)" = 1 ]; }
close_wizard () {
  key Escape
  wait_until 20 wizard_closed
}

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
delete_all_connections
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
wait_until 20 bash -c "! nmcli --terse --fields TYPE device 2>/dev/null | grep -qE '^(gsm|cdma)$'"

start_xvfb
start_broadband_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=broadband
wait_first_frame 30
check "plugboard --panel=broadband draws its first frame" test -s "$GUI_DIR/first-frame"
wait_while_running 20 panel_page_is empty

# --- no modem ---
open_wizard
wait_while_running 20 wizard_says "No Modem Found"
shot 1-no-modem
check "no modem: the wizard says to plug one in" \
  wizard_says_both "No Modem Found" "Plug in a mobile broadband modem or USB stick"
close_wizard
check "Escape closes it" wizard_closed

# --- NetworkManager stopped ---
"$PLUG_STACK" stop "$PLUG_STACK_DIR" NetworkManager
nm_stopped=1
wait_while_running 20 panel_page_is "unavailable: NetworkManager Is Not Running"
check "the panel says NetworkManager is not running ($(panel_page))" \
  panel_page_is "unavailable: NetworkManager Is Not Running"
open_wizard
wait_while_running 10 wizard_says "NetworkManager Is Not Running"
shot 2-no-networkmanager
check "without NetworkManager the wizard says so, and which package to install" \
  wizard_says_both "NetworkManager Is Not Running" "Mobile broadband connections are made by the NetworkManager system service. Install the “network-manager” package"
close_wizard
"$PLUG_STACK" start "$PLUG_STACK_DIR" NetworkManager
nm_stopped=0
# NetworkManager reads ModemManager's objects as it starts: give it time
# before ModemManager goes away under it.
sleep 2
wait_while_running 30 panel_page_is empty

# --- ModemManager stopped ---
"$PLUG_STACK" mm-stop "$PLUG_STACK_DIR"
mm_stopped=1
wait_while_running 20 panel_page_is "unavailable: ModemManager Is Not Running"
open_wizard
wait_while_running 10 wizard_says "ModemManager Is Not Running"
shot 3-no-modemmanager
check "without ModemManager the wizard says so, and which package to install" \
  wizard_says_both "ModemManager Is Not Running" "Plugboard finds modems through the ModemManager system service. Install the “modemmanager” package"
close_wizard
"$PLUG_STACK" mm-start "$PLUG_STACK_DIR"
mm_stopped=0
stop_gui

# --- the provider database missing: manual entry still works ---
plug ttyGSM0 gsm --operator 22210
wait_for_modem 30 ttyGSM0 .registration home
PLUG_PROVIDER_DATABASE=$GUI_DIR/missing/serviceproviders.xml \
  start_broadband_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=broadband
wait_first_frame 30
sleep 3
open_wizard
wait_while_running 20 page_is plan
check "without the database the wizard goes straight to the plan's settings" page_is plan
check "it says the list cannot be read, and what to install" \
  wizard_says "The list of providers cannot be read ($GUI_DIR/missing/serviceproviders.xml does not exist), so Plugboard cannot suggest settings. Install the mobile-broadband-provider-info package"
shot 4-no-database
type_text "internet.example"
key Return
wait_while_running 10 page_is review
check "a typed APN goes on to the review" page_is review
shot 5-no-database-review
key alt+c space alt+a
wait_while_running 20 toast_says "Added the connection “Mobile broadband internet.example”"
check "and is saved" toast_seen "Added the connection “Mobile broadband internet.example”"
check "keyfile [gsm]: ($(section "Mobile broadband internet.example" gsm))" \
  test "$(section "Mobile broadband internet.example" gsm)" = "apn=internet.example home-only=true "

# --- no SIM in the modem ---
stop_gui
delete_all_connections
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
plug ttyNOSIM0 gsm --no-sim
wait_for_modem 30 ttyNOSIM0 .sim.state missing
check "ModemManager finds no SIM in the modem" modem_is ttyNOSIM0 .sim.state missing
as_tester "$PLUGBOARDCTL" broadband add --device ttyNOSIM0 --apn internet --name Work >/dev/null
start_broadband_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=broadband
wait_first_frame 30
wait_while_running 20 listed
sleep 2
shot 6-no-sim
# The connection row is the fourth of the modem's group (as in
# test-broadband-connection-rows.sh); its Connect button:
click 647 319
wait_while_running 20 toast_says "Could not connect “Work”."
check "Connect on its row says the modem is not ready, and to check the SIM" \
  toast_seen "Could not connect “Work”. The modem ttyNOSIM0 is not ready: insert or unlock its SIM."
shot 7-no-sim-connect
open_wizard
wait_while_running 10 page_is country
# Without a SIM nothing says where the user is: the country and the
# provider are searched for.
type_text "Italy"
key Return
wait_while_running 10 page_is provider
type_text "Vodafone"
key Return
wait_while_running 10 page_is plan
key Return
wait_while_running 10 page_is review
key Return
wait_while_running 30 wizard_says "Could Not Connect"
check "the wizard saves, then says the modem has no SIM and what to do" \
  wizard_says "was saved, but could not connect. The modem ttyNOSIM0 has no SIM: insert the SIM card, then connect again."
shot 8-no-sim-wizard
check "the modem was never asked to dial" bash -c '! grep -q "^ATD" <<<"$1"' _ "$(at_log ttyNOSIM0)"
close_wizard

stop_gui
finish
