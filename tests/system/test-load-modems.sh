#!/bin/bash
# test-load-modems.sh: scripted modems plugged and unplugged 20 times
# while the Mobile Broadband panel is open: GSM and CDMA, sometimes two at
# once, sometimes unplugged again before ModemManager finished probing
# them. Afterwards the panel shows exactly the modems ModemManager and
# NetworkManager have, the app still answers, quits cleanly with exit
# status 0, and (in the sanitizer build) its log holds no AddressSanitizer,
# LeakSanitizer or UndefinedBehaviorSanitizer report.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Plugging is the harness's modem-add (a scripted AT modem handed to
# ModemManager's test interface); unplugging is modems-remove, which
# restarts ModemManager without them, as with hardware that went away.
# What the panel shows is read as a screen reader reads it (lib-gui.sh:
# a11y): the interface and the kind of each modem group, from its
# description.

. "$(dirname "$0")/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-broadband-gui.sh"

PLUGBOARD=$PLUG_BUILD_DIR/app/shell/plugboard
application_id=$(basename "$(ls "$PLUG_BUILD_DIR"/data/*.desktop)" .desktop)
ROUNDS=20
shots=$PLUG_BUILD_DIR/screenshots
mkdir -p "$shots"

cleanup () {
  stop_gui
  [ -f "$GUI_DIR/app.log" ] && cp "$GUI_DIR/app.log" "$shots/load-modems.app.log"
  "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR" >/dev/null 2>&1
  "$PLUG_STACK" mm-start "$PLUG_STACK_DIR" >/dev/null 2>&1
  gui_cleanup
}
trap cleanup EXIT
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"

started=$(date +%s.%N)

# The truth: interface → family of every modem plugged in now.
declare -A plugged=()

plug () {
  "$PLUG_STACK" modem-add "$PLUG_STACK_DIR" "$1" "$2" || diag "plugging $1 failed"
  plugged[$1]=$2
}
unplug_all () {
  "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR" || diag "unplugging failed"
  plugged=()
}

# What ModemManager has: its modem objects.
mm_paths () {
  as_tester gdbus call --system -d org.freedesktop.ModemManager1 -o /org/freedesktop/ModemManager1 \
    -m org.freedesktop.DBus.ObjectManager.GetManagedObjects 2>/dev/null |
    grep -oE "'/org/freedesktop/ModemManager1/Modem/[0-9]+'" | tr -d "'" | sort -u
}
mm_count_is () { [ "$(mm_paths | grep -c .)" = "$1" ]; }

# The form of lib-broadband-gui.sh's panel_modems (what the panel shows),
# from plugboardctl's JSON. The panel does not show ModemManager's object
# paths: plugboardctl's are compared with ModemManager's below.
MODEMS_JQ='"\(length) modems" + (if length > 0 then ": " +
  (map("\(.interface) \(.family)") | join(" | ")) else "" end)'

# converged: the panel shows what plugboardctl lists; that is every modem
# plugged in, of its family, each one of ModemManager's objects.
converged () {
  local json interface
  json=$(as_tester "$PLUGBOARDCTL" broadband devices --json) || return 1
  listed=$(jq -r "$MODEMS_JQ" <<<"$json")
  panel=$(panel_modems)
  expected=$(for interface in "${!plugged[@]}"; do echo "$interface ${plugged[$interface]}"; done | sort | tr '\n' ' ')
  listed_families=$(jq -r '.[] | "\(.interface) \(.family)"' <<<"$json" | sort | tr '\n' ' ')
  listed_paths=$(jq -r '.[].modem_path' <<<"$json" | sort | tr '\n' ' ')
  mm=$(mm_paths | tr '\n' ' ')
  [ "$panel" = "$listed" ] && [ "$listed_families" = "$expected" ] && [ "$listed_paths" = "$mm" ] && return 0
  last_mismatch="panel: $panel; plugboardctl: $listed; plugged: $expected; ModemManager's: $mm"
  return 1
}
explain_convergence () {
  diag "plugged:         $expected" "listed:          $listed_families" \
       "listed paths:    $listed_paths" "ModemManager's:  $mm" "panel:  $panel" "plugboardctl: $listed"
}
# check_converged DESCRIPTION: the check, with the explanation when it fails
# (check itself returns 0 either way).
check_converged () {
  if converged; then ok "$1"; else explain_convergence; not_ok "$1"; fi
}

# --- the app ----------------------------------------------------------------

# Warnings are not fatal here but counted: GLib's own warning when
# ModemManager, restarted twice in quick succession, was gone again as its
# object manager client asked it for its objects is let through (lib-gui.sh's
# GLIB_OBJECT_MANAGER_RACE); any other one fails the test below.

start_xvfb
start_session_bus
G_DEBUG=gc-friendly,fatal-criticals start_broadband_gui "$PLUGBOARD" --panel=broadband
wait_first_frame 60
check "the app draws its window on the Mobile Broadband panel" test -s "$GUI_DIR/first-frame"
lists_modems () { [[ "$(panel_modems)" == *" modems"* ]]; }
wait_while_running 60 lists_modems
check "the panel lists its modems ($(panel_modems))" lists_modems
wait_while_running 30 converged
check_converged "before the replugs it shows no modem, as ModemManager has none"

# --- the replugs ------------------------------------------------------------

# Round N plugs a GSM modem, a CDMA modem every third round, both every
# fourth. Rounds 2, 6, 10… unplug it again at once, while ModemManager is
# still probing it; the others wait until ModemManager has the modems,
# every eighth until they are registered too.
registered () {
  local path
  for path in $(mm_paths); do
    as_tester mmcli -m "$path" -K 2>/dev/null | grep -qE '^modem.generic.state +: registered$' || return 1
  done
}
for round in $(seq $ROUNDS); do
  if [ $((round % 4)) = 0 ]; then
    plug ttyLOADG gsm
    plug ttyLOADC cdma
  elif [ $((round % 3)) = 0 ]; then
    plug ttyLOADC cdma
  else
    plug ttyLOADG gsm
  fi
  if [ $((round % 4)) != 2 ]; then
    wait_while_running 20 mm_count_is ${#plugged[@]} || diag "round $round: ModemManager did not list ${#plugged[@]} modems"
    [ $((round % 8)) = 0 ] && { wait_while_running 20 registered || diag "round $round: not registered"; }
  fi
  if [ $round = $((ROUNDS / 2 + 1)) ]; then
    check "after $round plugs the app is running" gui_running
    wait_while_running 30 converged
    check_converged "and its panel shows the modems ModemManager has (${!plugged[*]})"
  fi
  diag "round $round: ${!plugged[*]} at $(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f s", b - a }')"
  gui_running || break
  # The last round's modems stay.
  [ $round = $ROUNDS ] || unplug_all
done
churned=$(date +%s.%N)
last_mismatch=

# --- afterwards ---------------------------------------------------------------

check "the last round left two modems plugged in (${!plugged[*]})" test ${#plugged[@]} = 2
check "the app survived the replugs" gui_running
wait_while_running 30 converged
check_converged "the panel shows exactly the modems ModemManager has, GSM and CDMA"
check "… which is what plugboardctl lists ($listed)" test "$panel" = "$listed"
converged_at=$(date +%s.%N)
diag "$(awk -v a="$started" -v b="$churned" -v c="$converged_at" 'BEGIN { printf "start and replugs: %.1f s, converged %.1f s later", b - a, c - b }')"
[ -n "$last_mismatch" ] && diag "before that: $last_mismatch"

gui_command "$PLUGBOARD" --panel=broadband
check "a second instance is handed over to the running app (exit $?)" test $? = 0
check "which is still running" gui_running
screenshot "$shots/load-modems-end.png"

quit_checking_sanitizers "$application_id"
check "no warning or critical was logged ($(app_race_warnings) times GLib's GetManagedObjects race)" \
  test -z "$(app_other_warnings)"

finish
