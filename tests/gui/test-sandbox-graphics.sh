#!/bin/bash
# test-sandbox-graphics.sh: the Graphics panel inside the Flatpak's sandbox
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The app runs under tests/harness/plug-sandbox (the view Plugboard's
# Flatpak has, as the test user, the system bus filtered to the
# manifest's names), on umockdev's hybrid Intel + NVIDIA laptop on nouveau
# with nvidia installed, and a host root that can suspend and hibernate.
# Without plugboard-helper, the panel says what the sandbox hides ("Not
# visible from the sandbox"), never "None" or "Not possible"; with it on
# the host, it shows the host's facts. Read from Copy Report through the
# clipboard (X is shared with the sandbox; AT-SPI's bus is not), and
# looked at in screenshots ($PLUG_BUILD_DIR/screenshots).

set -uo pipefail
. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"

PLUGBOARD=$PLUG_BUILD_DIR/app/shell/plugboard
HELPER=$PLUG_BUILD_DIR/app/helper/plugboard-helper
FIXTURES=$PLUG_SOURCE_DIR/tests/fixtures
MODULES=$PLUG_BUILD_DIR/tests/unit/gpu-modules/lib/modules/6.1.0-plug
SANDBOX=$PLUG_SOURCE_DIR/tests/harness/plug-sandbox
shots=$PLUG_BUILD_DIR/screenshots
mkdir -p "$shots"

. "$PLUG_SOURCE_DIR/tests/system/lib-helper.sh"
helper_test_bed sandbox-gui
session_pid=
sandbox_cleanup () {
  stop_helper
  [ -n "$session_pid" ] && kill "$session_pid" 2>/dev/null
  rm -rf "$work"
  gui_cleanup
}
trap sandbox_cleanup EXIT

start_xvfb

# The host's files that udev does not describe: a machine that can
# suspend (deep) and hibernate.
. "$PLUG_SOURCE_DIR/tests/lib-gpu-root.sh"
root=$work/host
gpu_root "$root"
mkdir -p "$root/etc/modprobe.d"
chmod -R a+rX "$work"

# A session bus on a socket file: the sandbox has a network namespace of
# its own, where the abstract sockets of a default session bus are not.
mkdir -p "$GUI_DIR/bus" "$GUI_DIR/app"
chown "$PLUG_TEST_USER:" "$GUI_DIR/bus" "$GUI_DIR/app"
runuser -u "$PLUG_TEST_USER" -- dbus-daemon --session --nofork --print-address=1 \
  --address="unix:path=$GUI_DIR/bus/socket" >"$GUI_DIR/session-bus" 2>/dev/null &
session_pid=$!
wait_until 10 test -s "$GUI_DIR/session-bus"
GUI_SESSION_BUS=$(head -n 1 "$GUI_DIR/session-bus")

window_id () { xdotool search --onlyvisible --name '^Plugboard$' 2>/dev/null | head -n 1; }

# show NAME: the app in the sandbox on the Graphics panel, until the
# renderer probe has answered (Copy Report then has a Rendering line).
show () {
  local asan=${ASAN_OPTIONS:-}
  if ldd "$PLUGBOARD" 2>/dev/null | grep 'libasan\.so' >/dev/null; then
    asan="${asan:+$asan:}verify_asan_link_order=0"
  fi
  rm -f "$GUI_DIR/app/first-frame"
  umockdev-run -d "$FIXTURES/gpus/hybrid-nouveau.umockdev" -- \
    "$SANDBOX" --build-dir "$PLUG_BUILD_DIR" --user "$PLUG_TEST_USER" \
      --host-root "$root" --session-bus "$GUI_SESSION_BUS" --bind /tmp/.X11-unix /tmp/.X11-unix \
      --bind "$GUI_DIR/app" "$GUI_DIR/app" \
      --setenv GSK_RENDERER cairo --setenv "${GUI_GL_OFF%%=*}" "${GUI_GL_OFF#*=}" --setenv GDK_BACKEND x11 \
      --setenv GTK_A11Y none --setenv NO_AT_BRIDGE 1 \
      --setenv GSETTINGS_BACKEND memory --setenv GSETTINGS_SCHEMA_DIR "$PLUG_BUILD_DIR/data" \
      --setenv PLUG_FIRST_FRAME_FILE "$GUI_DIR/app/first-frame" \
      --setenv PLUG_TEST_SYSFS_ROOT "$root" --setenv PLUG_TEST_MODULES_DIRECTORY "$MODULES" \
      --setenv PLUGBOARD_RENDERER_PROBE "$PLUG_BUILD_DIR/app/probe/plugboard-renderer-probe" \
      --setenv LIBGL_ALWAYS_SOFTWARE 1 --setenv G_DEBUG "${G_DEBUG:-}" --setenv ASAN_OPTIONS "$asan" \
      --setenv UBSAN_OPTIONS "${UBSAN_OPTIONS:-}" --setenv LSAN_OPTIONS "${LSAN_OPTIONS:-}" \
      -- "$PLUGBOARD" --panel=graphics \
    >"$GUI_DIR/app.log" 2>&1 &
  app_pid=$!
  wait_until 60 test -s "$GUI_DIR/app/first-frame"
  check "$1: the app draws its first frame in the sandbox" test -s "$GUI_DIR/app/first-frame"
  wait_until 10 test -n "$(window_id)"
  check "$1: a window titled Plugboard is mapped" test -n "$(window_id)"
}

# copy_report NAME: Copy Report through its mnemonic, read back from the
# clipboard (again, 20 s at most, until the renderer has answered).
copy_report () {
  local tries=40
  while [ "$tries" -gt 0 ]; do
    xdotool mousemove 450 300
    xdotool key alt+c
    sleep 0.5
    gui_command xclip -selection clipboard -o >"$GUI_DIR/$1.report" 2>/dev/null
    grep -q '^  Rendering: ' "$GUI_DIR/$1.report" && break
    tries=$((tries - 1))
  done
  check "$1: Copy Report put the panel's text on the clipboard" grep -q '^  Rendering: ' "$GUI_DIR/$1.report"
}

# says NAME DESCRIPTION TEXT: the report has a line with TEXT.
says () { check "$1: the panel says $2" grep -qF -- "$3" "$GUI_DIR/$1.report"; }

shoot () { import -display "$DISPLAY" -window "$(window_id)" "$shots/sandbox-graphics-$1.png"; }
# scroll_down: the rest of the page, under the pointer.
scroll_down () {
  xdotool mousemove 450 400
  for _ in $(seq 15); do xdotool click 5; done
  sleep 0.7
}

# --- no plugboard-helper on the host -----------------------------------------

show bare
copy_report bare
shoot bare
scroll_down
shoot bare-power
says bare "the NVIDIA GPU's driver, which the sandbox sees" 'Driver: nouveau'
check "bare: each GPU's other drivers: not visible from the sandbox" \
  test "$(grep -cF 'Other installed drivers: Not visible from the sandbox' "$GUI_DIR/bare.report")" = 2
says bare "suspend is not visible" 'Suspend: Not visible from the sandbox'
says bare "hibernation is not visible" 'Hibernate: Not visible from the sandbox'
check "bare: never that there are none, or that sleep is not possible" \
  eval '! grep -qE "Other installed drivers: None|Not possible|no sleep state" "$GUI_DIR/bare.report"'
stop_gui
check "bare: the app leaves the sandbox cleanly" eval '! grep -E -- "-(WARNING|CRITICAL)" "$GUI_DIR/app.log"'

# --- plugboard-helper on the host --------------------------------------------

check "plugboard-helper starts on the host, reading the same root" start_helper hybrid-nouveau "$root"
show told
copy_report told
shoot told
scroll_down
shoot told-power
says told "nvidia, installed on the host, as the NVIDIA GPU's other driver" 'Other installed drivers: nvidia'
says told "the host can suspend" 'Suspend: Possible (deep)'
says told "the host can hibernate" 'Hibernate: Possible'
check "told: nothing is said to be hidden" eval '! grep -qF "Not visible from the sandbox" "$GUI_DIR/told.report"'
stop_gui

if [ "$tap_failed" -gt 0 ] && [ -s "$GUI_DIR/app.log" ]; then
  diag "----- the end of what the sandbox and the app printed -----"
  tail -n 40 "$GUI_DIR/app.log" | sed 's/^/# /'
fi
finish
