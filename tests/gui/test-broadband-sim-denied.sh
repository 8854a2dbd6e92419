#!/bin/bash
# test-broadband-sim-denied.sh: unlocking a SIM in the Mobile Broadband
# panel when polkit says no, under Xvfb, as the test user against the real
# ModemManager and polkitd with a scripted GSM modem whose SIM is locked.
# The refusal is reported in plain words; the PIN never reaches the modem,
# no try is lost, the SIM stays locked; once polkit allows it, the same
# PIN unlocks it. Screenshots in $PLUG_BUILD_DIR/screenshots
# (broadband-sim-denied-*.png).
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-broadband-gui.sh"

cleanup () {
  stop_gui
  "$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow >/dev/null 2>&1
  "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR" >/dev/null 2>&1
  gui_cleanup
}
trap cleanup EXIT

shot () { screenshot "$shots/broadband-sim-denied-$1.png"; }
sent () { at_log "$2" | grep -cF "AT+CPIN=\"$1\""; }
retries () { modem_json "$1" ".sim.retries[\"$2\"]"; }

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
plug ttyPIN1 gsm --pin 1234
wait_until 30 modem_is ttyPIN1 '.sim.retries["sim-pin"]' 3
check "the SIM is locked, 3 tries left" modem_is ttyPIN1 '.sim.retries["sim-pin"]' 3

start_xvfb
start_broadband_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=broadband
wait_first_frame 30
wait_while_running 20 sim_row_says "Enter the SIM’s PIN to use the modem · 3 tries left"
sleep 1

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" deny
key alt+p
type_text "1234"
key Return
wait_while_running 20 sim_row_says "You are not authorized"
sleep 1
shot 1-denied
check "polkit's refusal is reported in plain words ($(sim_row | grep -o 'label “You are not authorized.*' | tail -n1))" \
  sim_row_says "You are not authorized to unlock the SIM"
check "the PIN never reached the modem" test "$(sent 1234 ttyPIN1)" = 0
check "no try was lost" test "$(retries ttyPIN1 sim-pin)" = 3
check "the SIM is still locked" modem_is ttyPIN1 .sim.lock sim-pin
check "and the panel still offers to unlock it" \
  sim_row_says "Enter the SIM’s PIN to use the modem"

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
key alt+p
key ctrl+a BackSpace
type_text "1234"
key Return
wait_while_running 20 toast_says "The SIM is unlocked"
check "once polkit allows it, the same PIN unlocks the SIM" toast_seen "The SIM is unlocked"
wait_until 30 modem_is ttyPIN1 .sim.state ready
check "ModemManager says the SIM is ready" modem_is ttyPIN1 .sim.state ready
check "the PIN reached the modem once" test "$(sent 1234 ttyPIN1)" = 1
sleep 2
shot 2-unlocked

stop_gui
finish
