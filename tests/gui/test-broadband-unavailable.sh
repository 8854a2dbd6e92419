#!/bin/bash
# test-broadband-unavailable.sh: "Add Connection…" in the Mobile
# Broadband panel when no connection can be made, under Xvfb as the test
# user: NetworkManager stopped, ModemManager stopped, no modem, and the
# provider database missing (manual entry still works, and saves).
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
close_wizard () {
  key Escape
  wait_until 5 wizard_closed
}

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
delete_all_connections
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
wait_until 20 bash -c "! nmcli --terse --fields TYPE device 2>/dev/null | grep -qE '^(gsm|cdma)$'"

start_xvfb
run_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=broadband
wait_first_frame 30
check "plugboard --panel=broadband draws its first frame" test -s "$GUI_DIR/first-frame"
sleep 2

# --- no modem ---
open_wizard
wait_until 20 log_has "Wizard says: No Modem Found"
shot 1-no-modem
check "no modem: the wizard says to plug one in" \
  log_has "Wizard says: No Modem Found: Plug in a mobile broadband modem or USB stick"
close_wizard
check "Escape closes it" wizard_closed

# --- NetworkManager stopped ---
"$PLUG_STACK" stop "$PLUG_STACK_DIR" NetworkManager
nm_stopped=1
sleep 2
open_wizard
wait_until 10 log_has "Wizard says: NetworkManager Is Not Running"
shot 2-no-networkmanager
check "without NetworkManager the wizard says so, and which package to install" \
  log_has "Wizard says: NetworkManager Is Not Running: Mobile broadband connections are made by the NetworkManager system service. Install the “network-manager” package"
close_wizard
"$PLUG_STACK" start "$PLUG_STACK_DIR" NetworkManager
nm_stopped=0
sleep 2

# --- ModemManager stopped ---
"$PLUG_STACK" mm-stop "$PLUG_STACK_DIR"
mm_stopped=1
sleep 2
open_wizard
wait_until 10 log_has "Wizard says: ModemManager Is Not Running"
shot 3-no-modemmanager
check "without ModemManager the wizard says so, and which package to install" \
  log_has "Wizard says: ModemManager Is Not Running: Plugboard finds modems through the ModemManager system service. Install the “modemmanager” package"
close_wizard
"$PLUG_STACK" mm-start "$PLUG_STACK_DIR"
mm_stopped=0
stop_gui

# --- the provider database missing: manual entry still works ---
plug ttyGSM0 gsm --operator 22210
wait_until 30 modem_is ttyGSM0 .registration home
PLUG_PROVIDER_DATABASE=$GUI_DIR/missing/serviceproviders.xml \
  run_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=broadband
wait_first_frame 30
sleep 3
open_wizard
wait_until 20 page_is plan
check "without the database the wizard goes straight to the plan's settings" page_is plan
check "it says the list cannot be read, and what to install" \
  log_has "Wizard says: The list of providers cannot be read ($GUI_DIR/missing/serviceproviders.xml does not exist), so Plugboard cannot suggest settings. Install the mobile-broadband-provider-info package"
shot 4-no-database
type_text "internet.example"
key Return
wait_until 10 page_is review
check "a typed APN goes on to the review" page_is review
shot 5-no-database-review
key alt+c space alt+a
wait_until 20 log_has "Toast: Added the connection “Mobile broadband internet.example”"
check "and is saved" log_has "Toast: Added the connection “Mobile broadband internet.example”"
check "keyfile [gsm]: ($(section "Mobile broadband internet.example" gsm))" \
  test "$(section "Mobile broadband internet.example" gsm)" = "apn=internet.example home-only=true "

stop_gui
finish
