#!/bin/bash
# test-broadband-panel.sh: the Mobile Broadband panel under Xvfb, as the
# test user against the real NetworkManager and ModemManager: empty, a GSM
# modem plugged in while it is open, unplugged again, a modem with a
# locked SIM, one registered while roaming, and ModemManager stopped. It
# waits for what the panel says, read as a screen reader reads it, then
# compares screenshots. Screenshots in $PLUG_BUILD_DIR/screenshots.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-broadband-gui.sh"


# Leave no modem behind for the next test, and ModemManager running.
cleanup_modems () {
  "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR" >/dev/null 2>&1
  # mm-start is not idempotent: a second ModemManager would take over the
  # pid file while the first keeps the bus name.
  [ "$mm_stopped" = 1 ] && "$PLUG_STACK" mm-start "$PLUG_STACK_DIR" >/dev/null 2>&1
}
mm_stopped=0
trap 'cleanup_modems; gui_cleanup' EXIT

no_modem_device () { ! as_tester nmcli --terse --fields TYPE device | grep -qE '^(gsm|cdma)$'; }
# A frame after the change the panel reports.
settle () { sleep 0.5; }

"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
wait_until 20 no_modem_device

start_xvfb
start_broadband_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=broadband
wait_first_frame 30
check "plugboard --panel=broadband draws its first frame" test -s "$GUI_DIR/first-frame"
wait_while_running 20 panel_modems_are "0 modems"
check "the panel shows no modem ($(panel_modems))" panel_modems_are "0 modems"
settle
screenshot "$shots/broadband-empty.png"
check "the empty Mobile Broadband panel is drawn" test "$(distinct_colors "$shots/broadband-empty.png")" -gt 50

"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyGSM0 gsm --operator 22210
wait_until 30 nm_has_device ttyGSM0
# Registration and the SIM's details follow a moment after the device.
ready_at_home () { modem_rows_say ttyGSM0 "SIM: Ready" && modem_rows_say ttyGSM0 " · Home"; }
wait_while_running 30 ready_at_home
check "the plugged-in modem's rows say its SIM is ready and it is registered at home ($(modem_rows ttyGSM0))" \
  ready_at_home
settle
screenshot "$shots/broadband-gsm-modem.png"
changed=$(pixels_changed "$shots/broadband-empty.png" "$shots/broadband-gsm-modem.png")
check "the GSM modem appears in the open panel ($changed pixels changed)" test "$changed" -gt 5000

"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
wait_until 30 no_modem_device
wait_while_running 20 panel_modems_are "0 modems"
check "unplugged, the panel shows no modem again ($(panel_modems))" panel_modems_are "0 modems"
settle
screenshot "$shots/broadband-unplugged.png"
changed=$(pixels_changed "$shots/broadband-empty.png" "$shots/broadband-unplugged.png")
check "unplugged, the panel is empty again ($changed pixels differ)" test "$changed" -lt 200

"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyLOCKED0 gsm --pin 1234
wait_until 30 nm_has_device ttyLOCKED0
wait_while_running 30 modem_rows_say ttyLOCKED0 "SIM: Locked: enter the PIN"
check "a locked SIM's row says so ($(modem_rows ttyLOCKED0))" modem_rows_say ttyLOCKED0 "SIM: Locked: enter the PIN (3 tries left)"
settle
screenshot "$shots/broadband-sim-locked.png"
changed=$(pixels_changed "$shots/broadband-gsm-modem.png" "$shots/broadband-sim-locked.png")
check "a locked SIM looks different from a ready one ($changed pixels differ)" test "$changed" -gt 500
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
wait_until 30 no_modem_device

"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyROAM0 gsm --operator 22210 --roaming
wait_until 30 nm_has_device ttyROAM0
wait_while_running 30 modem_rows_say ttyROAM0 " · Roaming"
check "a modem registered away from home says it is roaming ($(modem_rows ttyROAM0))" \
  modem_rows_say ttyROAM0 " · Roaming"
settle
screenshot "$shots/broadband-roaming.png"
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
wait_until 30 no_modem_device

"$PLUG_STACK" mm-stop "$PLUG_STACK_DIR"
mm_stopped=1
wait_while_running 20 panel_page_is "unavailable: ModemManager Is Not Running"
check "without ModemManager the panel says so ($(panel_page))" panel_page_is "unavailable: ModemManager Is Not Running"
settle
screenshot "$shots/broadband-no-modemmanager.png"
changed=$(pixels_changed "$shots/broadband-empty.png" "$shots/broadband-no-modemmanager.png")
check "without ModemManager the panel says so ($changed pixels differ from empty)" test "$changed" -gt 2000

"$PLUG_STACK" mm-start "$PLUG_STACK_DIR"
mm_stopped=0
wait_while_running 30 panel_page_is empty
check "with ModemManager back, the panel shows its empty page ($(panel_page))" panel_page_is empty
settle
screenshot "$shots/broadband-modemmanager-back.png"
changed=$(pixels_changed "$shots/broadband-empty.png" "$shots/broadband-modemmanager-back.png")
check "with ModemManager back, the panel is empty again ($changed pixels differ)" test "$changed" -lt 200

stop_gui
finish
