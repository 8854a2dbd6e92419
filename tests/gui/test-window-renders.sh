#!/bin/bash
# test-window-renders.sh: plugboard draws its window under Xvfb, and the
# window is what a person should see. Screenshots are kept in
# $PLUG_BUILD_DIR/screenshots for people to look at.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

set -uo pipefail
. "$PLUG_SOURCE_DIR/tests/tap.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"

PLUGBOARD=$PLUG_BUILD_DIR/app/shell/plugboard
shots=$PLUG_BUILD_DIR/screenshots
mkdir -p "$shots"

start_xvfb
run_gui "$PLUGBOARD"
wait_first_frame 30
check "plugboard reports its first frame" test -s "$GUI_DIR/first-frame"
sleep 0.5

window_id () { xdotool search --onlyvisible --name '^Plugboard$' 2>/dev/null | head -n 1; }
check "a window titled Plugboard is mapped" test -n "$(window_id)"
screenshot "$shots/window.png"
colors=$(distinct_colors "$shots/window.png")
check "the screenshot shows a drawn window ($colors colours)" test "$colors" -gt 100

# Inside the window, the header bar and the content differ from black.
geometry=$(xwininfo -id "$(window_id)" | awk '/Width:/ { w = $2 } /Height:/ { h = $2 } END { print w "x" h }')
check "the window has the default size of 900x640 or more ($geometry)" \
  awk -v g="$geometry" 'BEGIN { split(g, a, "x"); exit !(a[1] >= 900 && a[2] >= 640) }'
mean=$(convert "$shots/window.png" -crop "${geometry}+0+0" -colorspace Gray -format '%[fx:mean]' info:)
check "the window is not blank (mean brightness $mean)" awk -v m="$mean" 'BEGIN { exit !(m > 0.3) }'

# Keys go through XTEST to the window under the pointer, as typed keys
# would: there is no window manager to give focus, and GTK ignores
# synthetic (XSendEvent) key events.
xdotool mousemove 450 300

# The primary menu opens, with its three items.
xdotool key F10
sleep 0.5
screenshot "$shots/primary-menu.png"
changed=$(compare -metric AE "$shots/window.png" "$shots/primary-menu.png" null: 2>&1)
check "F10 opens the primary menu ($changed pixels changed)" test "${changed%%.*}" -gt 5000
xdotool key Escape

# The shortcuts window (Ctrl+?) is a second window.
sleep 0.3
visible_windows () { xdotool search --onlyvisible --class plugboard 2>/dev/null | wc -l; }
before=$(visible_windows)
xdotool key ctrl+question
for _ in $(seq 40); do [ "$(visible_windows)" -gt "$before" ] && break; sleep 0.05; done
check "Ctrl+? opens the Keyboard Shortcuts window" test "$(visible_windows)" -gt "$before"
sleep 0.3
screenshot "$shots/shortcuts.png"
xdotool key Escape

# The third item of the primary menu opens About: a window of its own with
# the baseline's libadwaita (1.2), a dialog drawn inside the main window
# with 1.5 and later (the build then links adw_dialog_present).
before=$(visible_windows)
screenshot "$shots/before-about.png"
xdotool key F10
sleep 0.4
xdotool key Down Down Return
if grep -qa adw_dialog_present "$PLUGBOARD"; then
  sleep 1
  screenshot "$shots/about.png"
  changed=$(compare -metric AE "$shots/before-about.png" "$shots/about.png" null: 2>&1)
  check "the primary menu opens the About dialog over the window ($changed pixels changed)" \
    test "${changed%%.*}" -gt 100000
else
  for _ in $(seq 40); do [ "$(visible_windows)" -gt "$before" ] && break; sleep 0.05; done
  check "the primary menu opens the About window" test "$(visible_windows)" -gt "$before"
  sleep 0.5
  screenshot "$shots/about.png"
fi
xdotool key Escape

# Ctrl+Q closes the window, which saves its size, and the app exits.
sleep 0.3
xdotool key ctrl+q
for _ in $(seq 100); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.05; done
check "Ctrl+Q quits" sh -c "! kill -0 $app_pid 2>/dev/null"
app_pid=

# With a keyfile backend, a size and panel set before the start are the
# ones shown, and what is shown at the close is saved.
mkdir -p "$GUI_DIR/config/glib-2.0/settings"
cat >"$GUI_DIR/config/glib-2.0/settings/keyfile" <<KEYFILE
[io/github/plugboard/Plugboard]
window-width=700
window-height=500
last-panel='graphics'
KEYFILE
GUI_DEBUG_DOMAINS=plugboard GUI_GSETTINGS_BACKEND=keyfile run_gui "$PLUGBOARD"
wait_first_frame 30
sleep 0.3
geometry=$(xwininfo -id "$(window_id)" | awk '/Width:/ { w = $2 } /Height:/ { h = $2 } END { print w "x" h }')
check "the remembered size comes back ($geometry)" test "$geometry" = 700x500

# Narrow, as on a phone or half a small screen, the panels' switcher moves
# from the header bar to the bottom of the window, and back when it widens.
switcher_said () { grep -c "The panels' switcher is $1" "$GUI_DIR/app.log"; }
xdotool windowsize "$(window_id)" 400 560
for _ in $(seq 40); do [ "$(switcher_said 'at the bottom')" -gt 0 ] && break; sleep 0.05; done
sleep 0.3
screenshot "$shots/narrow.png"
check "a window 400 pixels wide has the panels' switcher at the bottom" \
  test "$(switcher_said 'at the bottom')" -gt 0
in_header=$(switcher_said 'in the header bar')
xdotool windowsize "$(window_id)" 800 560
for _ in $(seq 40); do [ "$(switcher_said 'in the header bar')" -gt "$in_header" ] && break; sleep 0.05; done
sleep 0.5
check "widened to 800 pixels, the switcher is back in the header bar" \
  test "$(switcher_said 'in the header bar')" -gt "$in_header"
xdotool mousemove 400 300 key ctrl+w
for _ in $(seq 100); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.05; done
app_pid=
check "closing the window saved its new size" \
  grep -q '^window-width=800$' "$GUI_DIR/config/glib-2.0/settings/keyfile"
check "the remembered panel came back and was saved again" \
  grep -q "^last-panel='graphics'$" "$GUI_DIR/config/glib-2.0/settings/keyfile"

# A panel chosen with --panel wins over the remembered one, and is the one
# saved at the close.
cat >"$GUI_DIR/config/glib-2.0/settings/keyfile" <<KEYFILE
[io/github/plugboard/Plugboard]
last-panel='graphics'
KEYFILE
GUI_GSETTINGS_BACKEND=keyfile run_gui "$PLUGBOARD" --panel=broadband
wait_first_frame 30
sleep 0.3
xdotool mousemove 400 300 key ctrl+w
for _ in $(seq 100); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.05; done
app_pid=
check "--panel=broadband opened that panel, and it was saved at the close" \
  grep -q "^last-panel='broadband'$" "$GUI_DIR/config/glib-2.0/settings/keyfile"

# Command-line errors.
"$PLUGBOARD" --panel=nonsense >/dev/null 2>&1
check "--panel with an unknown panel is a usage error (exit 2)" test $? = 2
version=$("$PLUGBOARD" --version 2>/dev/null)
check "--version prints the version ($version)" grep -qE '^plugboard [0-9]+\.[0-9]+' <<<"$version"

finish_tap "$GUI_DIR/app.log"
