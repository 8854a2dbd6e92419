#!/bin/bash
# test-broadband-wizard-manual.sh: the Add Connection wizard of the
# Mobile Broadband panel under Xvfb, driven with the keyboard as the test
# user against the real NetworkManager and ModemManager, with a GSM and a
# CDMA modem that each have a connection already: a manual APN
# NetworkManager would refuse, refused before saving; polkit's refusal on
# the review; unplugging and replugging the modems, and where the panel
# lists their connections meanwhile. Screenshots in
# $PLUG_BUILD_DIR/screenshots (broadband-wizard-*.png, after those of
# test-broadband-wizard.sh).
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
plug ttyCDMA0 cdma --sid 32000
wait_until 30 modem_is ttyCDMA0 .family cdma
check "the GSM modem has the SIM of 22210" modem_is ttyGSM0 .sim.operator_code 22210
check "the CDMA modem is there" modem_is ttyCDMA0 .family cdma
as_tester "$PLUGBOARDCTL" broadband add --device ttyGSM0 --apn mobile.vodafone.it --name "Vodafone Mobile Internet" >/dev/null
as_tester "$PLUGBOARDCTL" broadband add --device ttyCDMA0 --cdma --name "Verizon connection" >/dev/null
check "each modem has a connection to begin with" test "$(keyfile_count)" = 2

start_xvfb
start_broadband_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=broadband
wait_first_frame 30
check "plugboard --panel=broadband draws its first frame" test -s "$GUI_DIR/first-frame"
sleep 2
count_before=$(keyfile_count)

# --- a manual APN that NetworkManager would refuse ---
key alt+a
wait_while_running 20 page_is device
key Down Return
wait_while_running 10 page_is country
key Return
wait_while_running 10 page_is provider
# Nothing matches: only "My provider is not listed" stays.
type_text "no such provider"
key Return
wait_while_running 10 page_is plan
check "“My provider is not listed” leads to the plan's settings" page_is plan
type_text "bad apn!"
key Return
sleep 1
shot 12-manual-apn-refused
check "an APN with a space and “!” is refused on the plan step" page_is plan
check "the refusal says what is wrong" wizard_says "An APN may only contain letters, digits, “.”, “_” and “-”"
check "nothing was saved" test "$(keyfile_count)" = "$count_before"
key ctrl+a
type_text "internet.example"
key Return
wait_while_running 10 page_is review
check "a valid APN goes on to the review" page_is review
shot 13-manual-review

# --- polkit says no ---
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" deny
key alt+a
wait_while_running 20 wizard_says "You are not authorized to add the connection"
shot 14-not-authorized
check "polkit's refusal is reported on the review" wizard_says "You are not authorized to add the connection"
check "the wizard stays on the review, to try again" page_is review
check "nothing was saved" test "$(keyfile_count)" = "$count_before"
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
key Escape
sleep 1

# --- unplug and replug ---
# The connection rows the panel shows under each modem, and with the
# others.
gsm_connections_are () { [ "$(connections_of ttyGSM0)" = "$1" ]; }
cdma_connections_are () { [ "$(connections_of ttyCDMA0)" = "$1" ]; }
other_connections_are () { [ "$(other_connections)" = "$1" ]; }
screenshot "$GUI_DIR/before-unplug.png"
counts () { echo "$(connections_of ttyGSM0) $(connections_of ttyCDMA0) $(other_connections)"; }
check "plugged in, each modem lists its connection ($(counts))" test "$(counts)" = "1 1 0"
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
wait_until 30 bash -c "! nmcli --terse --fields TYPE device 2>/dev/null | grep -qE '^(gsm|cdma)$'"
wait_while_running 20 other_connections_are 2
sleep 1
shot 15-unplugged
check "unplugged, both connections are listed as other connections" other_connections_are 2
changed=$(pixels_changed "$GUI_DIR/before-unplug.png" "$shots/broadband-wizard-15-unplugged.png")
check "and the panel changed ($changed pixels)" test "$changed" -gt 5000
plug ttyGSM0 gsm --operator 22210
plug ttyCDMA0 cdma --sid 32000
wait_until 30 modem_is ttyGSM0 .registration home
wait_until 30 modem_is ttyCDMA0 .family cdma
wait_while_running 20 other_connections_are 0
sleep 2
shot 16-replugged
check "replugged, no connection is left over" other_connections_are 0
check "the GSM modem lists its connection again" gsm_connections_are 1
check "the CDMA modem lists its connection again" cdma_connections_are 1

stop_gui
finish
