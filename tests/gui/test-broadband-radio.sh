#!/bin/bash
# test-broadband-radio.sh: the Mobile Broadband panel with mobile
# broadband turned off in the real NetworkManager (WwanEnabled), under
# Xvfb as the test user, with a scripted GSM modem. A row at the top says
# it is off, live, and Add Connection… says so instead of opening the
# wizard's steps; polkit's refusal of its Turn On button is a toast, and
# once allowed the button turns it on (WwanEnabled true), and the row
# goes. Screenshots in $PLUG_BUILD_DIR/screenshots (broadband-radio-*.png).
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-broadband-gui.sh"

# Other tests share NetworkManager: mobile broadband is left on.
cleanup () {
  stop_gui
  "$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow >/dev/null 2>&1
  as_tester nmcli radio wwan on >/dev/null 2>&1
  "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR" >/dev/null 2>&1
  gui_cleanup
}
trap cleanup EXIT

shot () { screenshot "$shots/broadband-radio-$1.png"; }
nm_wwan_is () { [ "$(as_tester nmcli radio wwan)" = "$1" ]; }
OFF_TITLE="Mobile Broadband Is Turned Off"
radio_row_shown () { panel_says "$OFF_TITLE"; }
radio_row_gone () { ! panel_says "$OFF_TITLE"; }

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
as_tester nmcli radio wwan on
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
plug_at_home ttyGSM0 22210

start_xvfb
start_broadband_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=broadband
wait_first_frame 30
wait_while_running 20 panel_modems_are "1 modems: ttyGSM0 gsm"
check "the panel lists the modem ($(panel_modems))" panel_modems_are "1 modems: ttyGSM0 gsm"
check "with mobile broadband on, no row says it is off" radio_row_gone

# Turned off behind the panel's back: the row comes, live.
as_tester nmcli radio wwan off
check "NetworkManager's WwanEnabled is false" nm_wwan_is disabled
wait_while_running 20 radio_row_shown
sleep 1
shot 1-off
check "a row at the top says mobile broadband is off" radio_row_shown
check "and why no modem connects" panel_says "No modem can connect until it is turned on"
check "the modem is still listed ($(panel_modems))" panel_modems_are "1 modems: ttyGSM0 gsm"

# Add Connection… says so.
key alt+a
wait_until 20 wizard_open
wait_while_running 10 wizard_says "$OFF_TITLE"
shot 2-add-connection
check "Add Connection… says mobile broadband is off, and what to do" \
  wizard_says "Turn it on at the top of the Mobile Broadband panel, then add the connection."
key Escape
wait_until 20 wizard_closed
check "Escape closes it" wizard_closed

# polkit says no: a toast says why, and it stays off.
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" deny
a11y_press "Turn On" --window "$MAIN_WINDOW" >/dev/null
wait_while_running 20 toast_says "Could not turn mobile broadband on."
check "refused, a toast says why" \
  toast_seen "Could not turn mobile broadband on. You are not authorized to turn mobile broadband on"
shot 3-denied
check "NetworkManager's WwanEnabled is still false" nm_wwan_is disabled
check "and the row is still there" radio_row_shown

# Allowed: Turn On turns it on, and the row goes.
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
a11y_press "Turn On" --window "$MAIN_WINDOW" >/dev/null
# The toast is shown for 5 s: it is read first.
wait_while_running 20 toast_says "Mobile broadband is on"
check "a toast confirms it" toast_seen "Mobile broadband is on"
check "Turn On sets NetworkManager's WwanEnabled true" nm_wwan_is enabled
wait_while_running 20 radio_row_gone
check "the row goes" radio_row_gone
shot 4-on

stop_gui
finish
