# lib-broadband-gui.sh: shared by the Mobile Broadband gui tests, which
# drive the panel with the keyboard, as a person without a mouse would.
# Sourced, not run, after lib.sh and lib-gui.sh.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# What the panel shows is read back two ways: screenshots (looked at by a
# person) and what a screen reader finds over AT-SPI (lib-gui.sh: a11y):
# the texts of the panel's shown page and of the wizard's, its rows, its
# toasts. The app runs with accessibility on (start_broadband_gui).

# The app's debug lines, for a failed check's log (see stop_gui): which
# services its modem list sees, and the panel's own diagnostics. No check
# reads them.
GUI_DEBUG_DOMAINS="plugboard-core plugboard-broadband"
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

# start_broadband_gui PROGRAM ARGS…: run_gui with accessibility on, on a
# session bus shared with the walker (started here unless the test did).
start_broadband_gui () {
  [ -n "$GUI_SESSION_BUS" ] || start_session_bus
  GUI_A11Y=1 run_gui "$@"
}

MAIN_WINDOW=Plugboard
WIZARD_WINDOW="Add Mobile Broadband Connection"

# panel_texts: the texts shown in the main window, on the shown page of
# each stack (the window is resized while they are read). panel_says
# TEXT: one of them holds TEXT.
panel_texts () { shown_texts "$MAIN_WINDOW"; }
# read_then_grep COMMAND… -- GREP-ARGUMENT…: COMMAND's whole answer, then
# grep over it. Not a pipe: grep -q ends at the first match, and the
# walker's answer, cut short, would fail the pipe (pipefail).
read_then_grep () {
  local command=() lines
  while [ "$1" != -- ]; do command+=("$1"); shift; done
  shift
  lines=$("${command[@]}") || return 1
  grep "$@" <<<"$lines"
}
# read_panel: panel_texts, or on failure what the walker said, as
# "unread: …", and status 1.
read_panel () {
  local texts
  texts=$(panel_texts) || { echo "unread: $texts"; return 1; }
  echo "$texts"
}
panel_says () { read_then_grep panel_texts -- -qF -- "$1"; }

# toasts: the title of every toast shown now, one a line (a toast is on
# screen for 5 or 10 s: waits for one poll often). Every toast read is
# also kept in $GUI_DIR/toasts-seen, for toast_seen.
toasts () { a11y toasts --window "$MAIN_WINDOW" | grep -v '^error ' | tee -a "$GUI_DIR/toasts-seen"; }
toast_says () { read_then_grep toasts -- -qF -- "$1"; }
# toast_seen TEXT: a toast shown now, or read earlier in the test, holds TEXT.
toast_seen () { toast_says "$1" || grep -qF -- "$1" "$GUI_DIR/toasts-seen" 2>/dev/null; }

# wizard_says TEXT: a text shown on the wizard's shown page (or in its
# header) holds TEXT.
wizard_says () { read_then_grep shown_texts "$WIZARD_WINDOW" -- -qF -- "$1"; }
# page: the wizard's step now shown (device, country, provider, plan,
# review), as its title says; "other" for its other pages.
page () {
  a11y texts --window "$WIZARD_WINDOW" | awk '
    $0 == "Choose the Modem" { page = "device"; exit }
    $0 == "Choose Your Country" { page = "country"; exit }
    $0 == "Choose Your Provider" { page = "provider"; exit }
    $0 == "Choose Your Plan" { page = "plan"; exit }
    $0 == "Review the Connection" { page = "review"; exit }
    $0 == "Add Mobile Broadband Connection" { page = "other" }
    END { print page }'
}
page_is () { [ "$(page)" = "$1" ]; }
# selected_rows: the rows of the wizard's shown step that are chosen (the
# ones with the check), one a line, as "list item “NAME”". Read with the
# window resized: the steps not shown are still on the bus.
selected_rows () {
  a11y objects --window "$WIZARD_WINDOW" --xid auto --role 'list item' | awk -F '\t' '$3 ~ /(^| )selected( |$)/ { print $2 }'
}
# next_state: "sensitive" when the wizard's Next (or Add) can be pressed,
# else "insensitive".
next_state () {
  a11y objects --window "$WIZARD_WINDOW" --role 'push button' | awk -F '\t' '
    $2 ~ /^push button “_?(Next|Add)[ ”]/ { print ($3 ~ /(^| )sensitive( |$)/) ? "sensitive" : "insensitive"; exit }'
}
next_is () { [ "$(next_state)" = "$1" ]; }

# What the panel shows: its page ("loading", "empty", "modems",
# "unavailable: TITLE"), as the shown page's heading says.
panel_page () {
  read_panel | awk '
    /^unread: / { print; exit }
    $0 == "Looking for Modems…" { page = "loading"; exit }
    $0 == "No Modem Found" { page = "empty"; exit }
    $0 ~ /^(NetworkManager|ModemManager) Is Not Running$/ || $0 == "System Bus Not Reachable" {
      page = "unavailable: " $0; exit }
    $0 == "Add Connection…" { page = "modems" }
    END { if (page != "") print page }'
}
panel_page_is () { [ "$(panel_page)" = "$1" ]; }

# panel_modems: the modems the panel shows, as "N modems: INTERFACE FAMILY
# | …" in its order, from each modem group's description (“Maker ·
# ttyGSM0 · GSM, UMTS, LTE or 5G”); "no list: PAGE" while it shows no
# list at all (still looking, or a service missing).
panel_modems () {
  read_panel | awk -F ' · ' '
    /^unread: / { print; unread = 1; exit }
    function family(name) {
      if (name == "GSM, UMTS, LTE or 5G") return "gsm"
      if (name == "CDMA or EV-DO") return "cdma"
      return "unknown"
    }
    $0 == "Looking for Modems…" || $0 ~ /^(NetworkManager|ModemManager) Is Not Running$/ ||
      $0 == "System Bus Not Reachable" { page = $0 }
    NF >= 2 && $NF ~ /^(GSM, UMTS, LTE or 5G|CDMA or EV-DO|Unknown)$/ {
      list = list (n++ ? " | " : ": ") $(NF - 1) " " family($NF) }
    END { if (unread) exit; if (page != "") print "no list: " page; else print n + 0 " modems" list }'
}
panel_modems_are () { [[ "$(panel_modems)" == "$1"* ]]; }

# inside NAME [ROLE]: what is shown inside the object of the main window
# named NAME, or described with words that hold it (a modem's group is
# described with its interface), as a11y-walk.py's dump writes it.
inside () { a11y inside "$1" ${2:+--role "$2"} --window "$MAIN_WINDOW" --xid auto; }
# row_text LINES TITLE: in what inside printed, the text of the first
# label after the row TITLE's own: its subtitle.
row_text () {
  awk -v row="list item “$2”" -v title="label “$2”" '
    index($0, row) && substr($0, index($0, row) + length(row)) ~ /^( \(.*)?$/ { found = 1; next }
    found && /^ *label “/ && !index($0, title) {
      sub(/^ *label “/, ""); sub(/”$/, ""); print; exit }' <<<"$1"
}
# modem_rows PORT: the SIM and network rows of the modem on PORT, as
# "SIM: …; network: …".
modem_rows () {
  local lines
  lines=$(inside "$1" panel) || return 1
  echo "SIM: $(row_text "$lines" SIM); network: $(row_text "$lines" Network)"
}
modem_rows_say () { [[ "$(modem_rows "$1")" == *"$2"* ]]; }
# connections_of PORT: how many connection rows the modem's group shows
# (each has a Connect or Disconnect button); other_connections: those in
# the group of the others, 0 when it is not shown.
count_connect_buttons () { grep -cE '^ *push button “(Connect|Disconnect)”( \[disabled\])?$' <<<"$1"; }
connections_of () {
  local lines
  lines=$(inside "$1" panel) || { echo "no group for $1"; return 1; }
  count_connect_buttons "$lines"
}
other_connections () {
  local lines
  lines=$(a11y inside "Other Connections" --role list --window "$MAIN_WINDOW" --xid auto)
  case $lines in
    "error nothing shown"*) echo 0 ;;
    error*) echo "unread: $lines"; return 1 ;;
    *) count_connect_buttons "$lines" ;;
  esac
}
# label_holds TEXT: a label in what inside printed (on standard input)
# holds TEXT.
label_holds () { awk -v text="$1" '/^ *label “/ && index($0, text) { found = 1 } END { exit !found }'; }
# connection_row NAME: what the connection row NAME shows; row_says NAME
# TEXT: a text in it holds TEXT (its subtitle, state, or the message
# under its fields). Read without resizing the window, to catch a state
# that lasts a second: only the panel's list of modems holds such rows.
connection_row () { a11y inside "$1" --role "list item" --window "$MAIN_WINDOW"; }
row_says () { local lines; lines=$(connection_row "$1") && label_holds "$2" <<<"$lines"; }
# row_state NAME: what the row says of its connection: its state label
# (“Connecting…”, “Connected”, “Disconnecting…”), or, with none shown and
# a Connect button, “Not connected”.
row_state () {
  local lines
  lines=$(connection_row "$1") || return 1
  if grep -qE '^ *label “(Connecting…|Connected|Disconnecting…)”$' <<<"$lines"; then
    grep -oE '^ *label “(Connecting…|Connected|Disconnecting…)”$' <<<"$lines" | head -n 1 | sed 's/^ *label “\(.*\)”$/\1/'
  elif grep -qE '^ *push button “Connect”( \[disabled\])?$' <<<"$lines"; then
    echo "Not connected"
  fi
}
row_state_is () { [ "$(row_state "$1")" = "$2" ]; }
# sim_row_says TEXT: the SIM unlock row holds TEXT (what to enter and
# the tries left, or why a code was refused).
sim_row () { a11y inside "Unlock the SIM" --role "list item" --window "$MAIN_WINDOW"; }
sim_row_says () { local lines; lines=$(sim_row) && label_holds "$1" <<<"$lines"; }

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
