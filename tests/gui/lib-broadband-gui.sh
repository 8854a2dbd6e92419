# lib-broadband-gui.sh: shared by the Mobile Broadband gui tests, which
# drive the panel with the keyboard, as a person without a mouse would.
# Sourced, not run, after lib.sh and lib-gui.sh.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# What the panel shows is read back two ways: screenshots (looked at by a
# person) and the debug lines it logs for each page, message and toast
# (G_MESSAGES_DEBUG=plugboard-broadband), which say exactly which words
# were shown.

export G_MESSAGES_DEBUG=plugboard-broadband
# The app also says which services its modem list sees, for a failed
# check's log (see stop_gui).
GUI_DEBUG_DOMAINS=plugboard-core
shots=$PLUG_BUILD_DIR/screenshots
mkdir -p "$shots"
CONNECTIONS_DIR=$PLUG_STACK_DIR/nm/connections

# key KEY…: keys to the window under the pointer (Xvfb has no window
# manager: the focus follows the pointer), then a moment to redraw.
key () {
  xdotool mousemove 200 300
  xdotool key --delay 120 "$@"
  sleep 0.6
}
type_text () {
  xdotool mousemove 200 300
  xdotool type --delay 60 "$1"
  sleep 0.6
}

app_log () { cat "$GUI_DIR/app.log"; }
log_has () { grep -qF -- "$1" "$GUI_DIR/app.log"; }
# lines_with TEXT: how many log lines hold TEXT.
lines_with () { grep -cF -- "$1" "$GUI_DIR/app.log"; }
# page: the wizard's page now showing.
page () { grep -oE 'Wizard page: [a-z]+' "$GUI_DIR/app.log" | tail -n 1 | cut -d' ' -f3; }
page_is () { [ "$(page)" = "$1" ]; }

# What the panel says: the page it shows ("empty", "modems",
# "unavailable: TITLE"), the modems it shows, and the SIM and network rows
# of the modem on PORT.
panel_page () { grep -o 'Broadband panel page: .*' "$GUI_DIR/app.log" | tail -n 1 | cut -d' ' -f4-; }
panel_page_is () { [ "$(panel_page)" = "$1" ]; }
panel_modems () { grep -o 'Broadband panel shows .*' "$GUI_DIR/app.log" | tail -n 1 | cut -d' ' -f4-; }
panel_modems_are () { [[ "$(panel_modems)" == "$1"* ]]; }
modem_rows () { grep -o "Modem $1: .*" "$GUI_DIR/app.log" | tail -n 1 | cut -d' ' -f3-; }
modem_rows_say () { [[ "$(modem_rows "$1")" == *"$2"* ]]; }

wizard_open () { xdotool search --onlyvisible --name '^Add Mobile Broadband Connection$' >/dev/null 2>&1; }
wizard_closed () { ! wizard_open; }

keyfile_count () { find "$CONNECTIONS_DIR" -name '*.nmconnection' 2>/dev/null | wc -l; }
# keyfile ID: the keyfile NetworkManager wrote for the connection called ID.
keyfile () { grep -lx "id=$1" "$CONNECTIONS_DIR"/*.nmconnection 2>/dev/null | head -n1; }
# section ID SECTION: the keys and values of one section of that keyfile, sorted.
section () {
  awk -v section="[$2]" '/^\[/ { in_section = ($0 == section); next } in_section && /=/' "$(keyfile "$1")" | sort | tr '\n' ' '
}

delete_all_connections () {
  local uuid
  for uuid in $(as_tester "$PLUGBOARDCTL" broadband list --json | jq -r '.[].uuid'); do
    as_tester "$PLUGBOARDCTL" broadband delete "$uuid" >/dev/null
  done
}

# broadband_cleanup: the app stopped, polkit allowing, no connection and
# no modem left, as the next test expects; a test's EXIT trap.
broadband_cleanup () {
  stop_gui
  "$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow >/dev/null 2>&1
  delete_all_connections
  "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR" >/dev/null 2>&1
  gui_cleanup
}

nm_has_device () { as_tester nmcli --terse --fields DEVICE device | grep -qx "$1"; }
modem_json () { as_tester "$PLUGBOARDCTL" broadband devices --json | jq -r --arg interface "$1" ".[] | select(.interface == \$interface) | $2"; }
modem_is () { [ "$(modem_json "$1" "$2")" = "$3" ]; }
# modems_said: what NetworkManager, ModemManager and plugboardctl list,
# to stderr: where a wait for a modem ran out, it says which one lost it.
modems_said () {
  {
    echo "----- NetworkManager's devices, ModemManager's modems, plugboardctl's modems -----"
    as_tester nmcli device 2>&1
    as_tester mmcli -L 2>&1
    as_tester "$PLUGBOARDCTL" broadband devices 2>&1
  } >&2
}
# wait_for_modem SECONDS PORT FIELD VALUE: wait_until modem_is, saying what
# each service lists when it runs out.
wait_for_modem () {
  wait_until "$1" modem_is "$2" "$3" "$4" || { modems_said; return 1; }
}

# at_log MODEM: what the modem received since this test plugged it in (a
# modem's log outlives it, and grows across runs).
declare -A at_start=()
plug () {
  local log=$PLUG_STACK_DIR/logs/modem-$1.at
  at_start[$1]=$(($( (cat "$log" 2>/dev/null || true) | wc -l) + 1))
  "$PLUG_STACK" modem-add "$PLUG_STACK_DIR" "$@"
}
# plug_at_home PORT MCCMNC [OPTION…]: a GSM modem with the SIM of
# MCCMNC, once ModemManager has it registered on its home network.
plug_at_home () {
  local port=$1 operator=$2; shift 2
  plug "$port" gsm --operator "$operator" "$@"
  wait_for_modem 30 "$port" .sim.operator_code "$operator"
  wait_for_modem 30 "$port" .registration home
}
# click X Y: a mouse click where a test knows a button is.
click () { xdotool mousemove "$1" "$2" click 1; sleep 0.8; }
at_log () { tail -n "+${at_start[$1]}" "$PLUG_STACK_DIR/logs/modem-$1.at"; }
received () { at_log "$1" | grep -qF -- "$2"; }

pixels_changed () {
  local changed
  changed=$(compare -metric AE "$1" "$2" null: 2>&1)
  echo "${changed%%.*}"
}
