#!/bin/bash
# test-faults.sh: the Drives and Mobile Broadband panels under Xvfb while
# udisksd, ModemManager and NetworkManager are stopped and started again
# under the running app. While a service is away the panel shows the same
# "… is not running" page the app shows when it starts without that
# service; when it is back, the panel shows the disk image (the modem)
# again, pixel for pixel as before, without restarting the app, which is
# still alive. Screenshots in $PLUG_BUILD_DIR/screenshots/faults-*.png.
# plugboardctl under the same faults is tests/system/test-faults.sh.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"

shots=$PLUG_BUILD_DIR/screenshots
mkdir -p "$shots"
rm -f "$shots"/faults-*.png
image=$PLUG_IMAGES_DIR/fault-gui.img
device=

# Whatever fails, leave every daemon running, no modem and no image.
cleanup () {
  stop_gui
  "$PLUG_STACK" start "$PLUG_STACK_DIR" udisksd >/dev/null 2>&1
  "$PLUG_STACK" start "$PLUG_STACK_DIR" NetworkManager >/dev/null 2>&1
  "$PLUG_STACK" mm-start "$PLUG_STACK_DIR" >/dev/null 2>&1
  "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR" >/dev/null 2>&1
  [ -n "$device" ] && as_tester udisksctl loop-delete --no-user-interaction --block-device "$device" >/dev/null 2>&1
  rm -f "$image"
}
trap 'cleanup; gui_cleanup' EXIT

now () { date +%s.%N; }
since () { printf '%.1f' "$(echo "$(now) - $1" | bc)"; }

pixels_changed () {
  local changed
  changed=$(compare -metric AE "$1" "$2" null: 2>&1)
  echo "${changed%%.*}"
}

# settle FILE: a screenshot once the screen has stopped changing (two in a
# row alike, 5 s at most).
settle () {
  local previous=$GUI_DIR/settle.png
  screenshot "$previous"
  for _ in $(seq 25); do
    sleep 0.2
    screenshot "$1"
    [ "$(pixels_changed "$previous" "$1")" = 0 ] && return 0
    cp "$1" "$previous"
  done
  return 1
}

# wait_for_screen REFERENCE FILE SECONDS: screenshots into FILE until it
# matches REFERENCE (fewer than 200 pixels differ); sets waited to the
# seconds that took.
wait_for_screen () {
  local start deadline=$(($(date +%s) + $3))
  start=$(now)
  while :; do
    screenshot "$2"
    if [ "$(pixels_changed "$1" "$2")" -lt 200 ]; then
      waited=$(since "$start")
      return 0
    fi
    [ "$(date +%s)" -lt "$deadline" ] || break
    sleep 0.2
  done
  waited=$(since "$start")
  return 1
}

# udisksd keeps who attached a loop device in /run/udisks2, and reads it
# back when it starts: without it the image would count as a system
# device, which the panel rightly hides.
setup_by_tester () {
  as_tester gdbus call --system --dest org.freedesktop.UDisks2 \
    --object-path "/org/freedesktop/UDisks2/block_devices/${device#/dev/}" \
    --method org.freedesktop.DBus.Properties.Get org.freedesktop.UDisks2.Loop SetupByUID |
    grep -q "uint32 $(id -u "$PLUG_TEST_USER")"
}

# The app itself, not only the session bus and runuser around it.
app_alive () {
  local pid
  for pid in $(descendants "$app_pid"); do
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = plugboard ] && return 0
  done
  return 1
}
app_pid_now () {
  local pid
  for pid in $(descendants "$app_pid"); do
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = plugboard ] && echo "$pid"
  done
}
no_criticals () { ! grep -E 'CRITICAL|WARNING' "$GUI_DIR/app.log" >&2; }

start_xvfb

# --- Drives: udisksd --------------------------------------------------------

rm -f "$image"
as_tester truncate -s 96M "$image"
as_tester /sbin/mkfs.ext4 -q -L FAULTGUI "$image"

# The app starts without udisksd: what it shows then is what it must show
# whenever udisksd is away.
"$PLUG_STACK" stop "$PLUG_STACK_DIR" udisksd
run_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=drives
wait_first_frame 30
check "plugboard --panel=drives starts without udisksd" test -s "$GUI_DIR/first-frame"
settle "$shots/faults-drives-started-without-udisks.png"
pid=$(app_pid_now)

"$PLUG_STACK" start "$PLUG_STACK_DIR" udisksd
device=$(as_tester udisksctl loop-setup --no-user-interaction --file "$image" | grep -oE '/dev/loop[0-9]+')
check "udisksd started; the test user attached a disk image ($device)" test -n "$device"
sleep 1
settle "$shots/faults-drives-before.png"
changed=$(pixels_changed "$shots/faults-drives-started-without-udisks.png" "$shots/faults-drives-before.png")
check "the panel left its udisks2 page and shows the image ($changed pixels changed)" test "$changed" -gt 5000

start=$(now)
"$PLUG_STACK" stop "$PLUG_STACK_DIR" udisksd
stopped=$(since "$start")
wait_for_screen "$shots/faults-drives-started-without-udisks.png" "$shots/faults-drives-udisks-down.png" 10
check "udisksd stopped (${stopped}s): the open panel says udisks2 is not running, after ${waited}s" \
  test "$(pixels_changed "$shots/faults-drives-started-without-udisks.png" "$shots/faults-drives-udisks-down.png")" -lt 200

start=$(now)
"$PLUG_STACK" start "$PLUG_STACK_DIR" udisksd
wait_for_screen "$shots/faults-drives-before.png" "$shots/faults-drives-udisks-back.png" 10
check "udisksd back: it still knows the test user attached the image" setup_by_tester
check "udisksd back: the panel shows the image as before, after ${waited}s" \
  test "$(pixels_changed "$shots/faults-drives-before.png" "$shots/faults-drives-udisks-back.png")" -lt 200

"$PLUG_STACK" restart "$PLUG_STACK_DIR" udisksd
sleep 1
wait_for_screen "$shots/faults-drives-before.png" "$shots/faults-drives-udisks-restarted.png" 10
check "after a quick restart of udisksd the image is shown as before (${waited}s)" \
  test "$(pixels_changed "$shots/faults-drives-before.png" "$shots/faults-drives-udisks-restarted.png")" -lt 200

# No stale object: what the panel shows now is udisks' new object, which
# follows a change made after the restart.
as_tester udisksctl loop-delete --no-user-interaction --block-device "$device" >/dev/null
device=
sleep 1
settle "$shots/faults-drives-detached.png"
changed=$(pixels_changed "$shots/faults-drives-before.png" "$shots/faults-drives-detached.png")
check "detached after the restarts, the image leaves the panel ($changed pixels changed)" test "$changed" -gt 5000

check "the same app process ran throughout" test -n "$pid" -a "$(app_pid_now)" = "$pid"
check "and logged no warning or critical" no_criticals
stop_gui

# --- Mobile Broadband: ModemManager and NetworkManager ---------------------

"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyFAULT0 gsm --operator 22210
nm_has_modem () { as_tester nmcli --terse --fields DEVICE device | grep -qx ttyFAULT0; }
wait_until 30 nm_has_modem

# Started without ModemManager, as above.
"$PLUG_STACK" mm-stop "$PLUG_STACK_DIR"
run_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=broadband
wait_first_frame 30
check "plugboard --panel=broadband starts without ModemManager" test -s "$GUI_DIR/first-frame"
settle "$shots/faults-broadband-started-without-mm.png"
pid=$(app_pid_now)

"$PLUG_STACK" mm-start "$PLUG_STACK_DIR"
wait_until 30 nm_has_modem
# Registration and the SIM's details follow a moment after the device.
sleep 3
settle "$shots/faults-broadband-before.png"
changed=$(pixels_changed "$shots/faults-broadband-started-without-mm.png" "$shots/faults-broadband-before.png")
check "ModemManager started: the panel shows the modem ($changed pixels changed)" test "$changed" -gt 5000

start=$(now)
"$PLUG_STACK" mm-stop "$PLUG_STACK_DIR"
stopped=$(since "$start")
wait_for_screen "$shots/faults-broadband-started-without-mm.png" "$shots/faults-broadband-mm-down.png" 10
check "ModemManager stopped (${stopped}s): the open panel says it is not running, after ${waited}s" \
  test "$(pixels_changed "$shots/faults-broadband-started-without-mm.png" "$shots/faults-broadband-mm-down.png")" -lt 200

start=$(now)
"$PLUG_STACK" mm-start "$PLUG_STACK_DIR"
wait_for_screen "$shots/faults-broadband-before.png" "$shots/faults-broadband-mm-back.png" 20
check "ModemManager back and the modem replugged: the panel shows it as before, after ${waited}s" \
  test "$(pixels_changed "$shots/faults-broadband-before.png" "$shots/faults-broadband-mm-back.png")" -lt 200

start=$(now)
"$PLUG_STACK" stop "$PLUG_STACK_DIR" NetworkManager
stopped=$(since "$start")
sleep 1
settle "$shots/faults-broadband-nm-down.png"
changed=$(pixels_changed "$shots/faults-broadband-before.png" "$shots/faults-broadband-nm-down.png")
check "NetworkManager stopped (${stopped}s): the modem leaves the panel ($changed pixels changed)" test "$changed" -gt 5000
changed=$(pixels_changed "$shots/faults-broadband-mm-down.png" "$shots/faults-broadband-nm-down.png")
check "for a page that names NetworkManager, not ModemManager ($changed pixels differ)" test "$changed" -gt 300
# The two pages differ in their words only: same layout, same icon.
changed=$(pixels_changed "$shots/faults-broadband-started-without-mm.png" "$shots/faults-broadband-nm-down.png")
check "laid out like the ModemManager page ($changed pixels differ, fewer than 15000)" test "$changed" -lt 15000

"$PLUG_STACK" start "$PLUG_STACK_DIR" NetworkManager
wait_for_screen "$shots/faults-broadband-before.png" "$shots/faults-broadband-nm-back.png" 20
check "NetworkManager back: the panel shows the modem as before, after ${waited}s" \
  test "$(pixels_changed "$shots/faults-broadband-before.png" "$shots/faults-broadband-nm-back.png")" -lt 200

check "the same app process ran throughout" test -n "$pid" -a "$(app_pid_now)" = "$pid"
check "and logged no warning or critical" no_criticals
stop_gui

finish
