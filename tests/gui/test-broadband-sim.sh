#!/bin/bash
# test-broadband-sim.sh: unlocking a SIM in the Mobile Broadband panel
# under Xvfb, with the keyboard, as the test user against the real
# ModemManager and a scripted modem whose SIM is locked. A wrong PIN is
# reported with the tries left, counting down, and sent only once; a PIN
# of the wrong length never reaches the modem; the right PIN unlocks. A
# second SIM is blocked by three wrong PINs and unlocked with its PUK and
# a new PIN typed twice. Screenshots in $PLUG_BUILD_DIR/screenshots
# (broadband-sim-*.png).
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-broadband-gui.sh"

cleanup () {
  stop_gui
  "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR" >/dev/null 2>&1
  gui_cleanup
}
trap cleanup EXIT

shot () { screenshot "$shots/broadband-sim-$1.png"; }
# sent CODE MODEM: how many times the modem received the PIN command with CODE.
sent () { at_log "$2" | grep -cF "AT+CPIN=\"$1\""; }
retries () { modem_json "$1" ".sim.retries[\"$2\"]"; }

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
plug ttyPIN0 gsm --pin 1234
wait_until 30 modem_is ttyPIN0 '.sim.retries["sim-pin"]' 3
check "the SIM is locked, 3 tries left" modem_is ttyPIN0 '.sim.retries["sim-pin"]' 3

start_xvfb
start_broadband_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=broadband
wait_first_frame 30
check "plugboard --panel=broadband draws its first frame" test -s "$GUI_DIR/first-frame"
wait_while_running 20 sim_row_says "Enter the SIM’s PIN to use the modem · 3 tries left"
sleep 1
shot 1-locked
check "the panel offers to unlock, with 3 tries left" \
  sim_row_says "Enter the SIM’s PIN to use the modem · 3 tries left"

# A PIN of the wrong length is refused before anything is sent.
key alt+p
type_text "12"
key Return
check "a 2-digit PIN is refused in plain words" sim_row_says "A PIN has 4 to 8 digits"
check "it never reached the modem" test "$(sent 12 ttyPIN0)" = 0
check "no try was lost" test "$(retries ttyPIN0 sim-pin)" = 3

key ctrl+a BackSpace
type_text "0000"
key Return
wait_while_running 20 sim_row_says "Wrong PIN. 2 tries left before the SIM is blocked"
shot 2-wrong-pin
check "a wrong PIN says so, with the tries left" \
  sim_row_says "Wrong PIN. 2 tries left before the SIM is blocked"
check "the row counts down: 2 tries left" \
  wait_while_running 10 sim_row_says "Enter the SIM’s PIN to use the modem · 2 tries left"
check "ModemManager counts 2 too" test "$(retries ttyPIN0 sim-pin)" = 2
sleep 3
check "the wrong PIN was sent once, never again ($(sent 0000 ttyPIN0) times)" test "$(sent 0000 ttyPIN0)" = 1
# Return again with the field emptied sends nothing.
key Return
sleep 2
check "Return on the emptied field sends nothing" test "$(sent 0000 ttyPIN0)" = 1

type_text "1234"
key Return
wait_while_running 20 toast_says "The SIM is unlocked"
check "the right PIN unlocks the SIM" toast_seen "The SIM is unlocked"
wait_until 30 modem_is ttyPIN0 .sim.state ready
check "ModemManager says the SIM is ready" modem_is ttyPIN0 .sim.state ready
sleep 2
shot 3-unlocked

# --- blocked: PUK and a new PIN ---
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
plug ttyPUK0 gsm --pin 1234 --puk 12345678
wait_until 30 modem_is ttyPUK0 '.sim.retries["sim-pin"]' 3
wait_while_running 20 sim_row_says "Enter the SIM’s PIN to use the modem · 3 tries left"
sleep 1
for pin in 1111 2222 3333; do
  key alt+p
  type_text "$pin"
  key Return
  wait_while_running 20 sim_row_says "Wrong PIN"
  sleep 2
done
wait_until 30 modem_is ttyPUK0 .sim.lock sim-puk
check "three wrong PINs block the SIM" modem_is ttyPUK0 .sim.lock sim-puk
check "the panel says the SIM is blocked" sim_row_says "The SIM is now blocked: unlock it with its PUK"
check "the row asks for the PUK" wait_while_running 10 sim_row_says "Enter the PUK and choose a new PIN"
shot 4-puk

key alt+u
type_text "12345678"
key alt+n
type_text "4321"
key alt+r
type_text "4312"
key Return
check "a new PIN typed differently twice is refused" sim_row_says "The new PIN and its repetition differ"
shot 5-puk-mismatch
check "nothing was sent" test "$(sent 12345678 ttyPUK0)" = 0
key ctrl+a BackSpace
type_text "4321"
key Return
wait_while_running 20 toast_says "The SIM is unlocked"
wait_until 30 modem_is ttyPUK0 .sim.state ready
check "the PUK and the new PIN unlock the SIM" modem_is ttyPUK0 .sim.state ready
check "the modem got the PUK with the new PIN" received ttyPUK0 'AT+CPIN="12345678","4321"'
sleep 2
shot 6-puk-unlocked

stop_gui
finish
