#!/bin/bash
# test-drives-speed-test.sh: the Drives panel's Speed Test under Xvfb, as
# the test user against the real udisksd and polkitd (udisks opens the
# device, polkit decides), with key presses: a read test, then one with
# the write test on the mounted volume, whose temporary file is gone
# afterwards, also when it is cancelled while writing; on a volume whose
# folder the user may not write in, no write test. Screenshots in
# $PLUG_BUILD_DIR/screenshots.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-drives-gui.sh"

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

# Its root is the test user's, as after a reformat in Plugboard, so that
# the write test may write there.
image=$(new_image bench.img 256M /sbin/mkfs.ext4 -q -L DUIBENCH \
          -E "root_owner=$(id -u "$PLUG_TEST_USER"):$(id -g "$PLUG_TEST_USER")")
bystander_image=$(new_image bystander.img 32M /sbin/mkfs.ext4 -q -L DUIBNBYSTAND)
bystander_device=$(attach "$bystander_image")
wait_until 10 udisks_has "$bystander_device" '.label == "DUIBNBYSTAND"'
check "the test user attached a bystander image ($bystander_device)" seen_by_udisks "$bystander_image"
others_before=$(hash_images "$image")
device=$(attach "$image")
wait_until 10 udisks_has "$device" '.label == "DUIBENCH"'
as_tester udisksctl mount --no-user-interaction --block-device "$device" >/dev/null
mount_point=$(findmnt -n -o TARGET --source "$device")
check "the test user attached and mounted an ext4 image at $mount_point" test -n "$mount_point"
files_before=$(ls -A "$mount_point")

start_xvfb
start_drives_panel
open_volume_menu DUIBENCH
keys s
wait_until 20 has_window '^Speed Test of DUIBENCH$'
check "the volume's menu opens the Speed Test" has_window '^Speed Test of DUIBENCH$'
dialog=$(window '^Speed Test of DUIBENCH$')
sleep 0.5
shoot benchmark-1-open "$dialog"

# red_pixels NAME: how much of a screenshot is in the error colour.
red_pixels () {
  convert "$shots/$1.png" -fx 'r > 0.6 && g < 0.3 && b < 0.3' -format '%[fx:round(mean * w * h)]' info:
}

# settled NAME: the dialog has stopped changing (the test is over).
settled () {
  shoot "$1-a" "$dialog"
  sleep 1
  shoot "$1" "$dialog"
  [ "$(changed "$1-a" "$1")" -lt 50 ] && [ "$(changed benchmark-1-open "$1")" -gt 5000 ]
}

keys alt+s
wait_until 60 settled benchmark-2-read
check "Start runs the read test and shows its results ($(changed benchmark-1-open benchmark-2-read) pixels changed)" \
  test "$(changed benchmark-1-open benchmark-2-read)" -gt 5000
check "… not an error ($(red_pixels benchmark-2-read) red pixels)" test "$(red_pixels benchmark-2-read)" -lt 20

keys alt+w
shoot benchmark-3-write-on "$dialog"
check "alt+W turns the write test on ($(changed benchmark-2-read benchmark-3-write-on) pixels changed)" \
  test "$(changed benchmark-2-read benchmark-3-write-on)" -gt 200
keys alt+r
sleep 1
wait_until 60 settled benchmark-4-write
check "Run Again measures writing too: one more result ($(changed benchmark-3-write-on benchmark-4-write) pixels changed)" \
  test "$(changed benchmark-3-write-on benchmark-4-write)" -gt 1000
check "… not an error ($(red_pixels benchmark-4-write) red pixels)" test "$(red_pixels benchmark-4-write)" -lt 20
check "the temporary file is gone from $mount_point" test "$(ls -A "$mount_point")" = "$files_before"

keys Escape
wait_until 20 no_window '^Speed Test of DUIBENCH$'
check "Escape closes it" no_window '^Speed Test of DUIBENCH$'
check "the other disk images are byte-identical" others_identical "$others_before" "$image"
stop_gui

# --- cancelled while it writes: the temporary file is removed ---------------

if has_test_hooks; then
  # The write test pauses once its temporary file is partly written (a
  # hook of development builds), for Cancel to come then.
  pause_file=$GUI_DIR/benchmark-pause
  rm -f "$pause_file"
  export PLUG_TEST_BENCHMARK_PAUSE_FILE=$pause_file
  start_drives_panel
  unset PLUG_TEST_BENCHMARK_PAUSE_FILE
  open_volume_menu DUIBENCH
  keys s
  wait_until 20 has_window '^Speed Test of DUIBENCH$'
  dialog=$(window '^Speed Test of DUIBENCH$')
  sleep 0.5
  keys alt+w alt+s
  wait_until 60 test -s "$pause_file"
  temporary=$(ls -A "$mount_point" | grep -F .plugboard-speed-test-)
  check "the write test paused with its temporary file in $mount_point (${temporary:-none})" test -n "$temporary"
  shoot benchmark-7-writing "$dialog"
  keys Escape
  temporary_gone () { [ "$(ls -A "$mount_point")" = "$files_before" ]; }
  wait_until 10 temporary_gone
  sleep 1
  shoot benchmark-8-cancelled "$dialog"
  check "Escape while it runs cancels, and the dialog stays to say so" has_window '^Speed Test of DUIBENCH$'
  check "… which is not the progress ($(changed benchmark-7-writing benchmark-8-cancelled) pixels changed)" \
    test "$(changed benchmark-7-writing benchmark-8-cancelled)" -gt 500
  check "… and the temporary file is removed" temporary_gone
  check "… said as what the user asked for, not in red as an error ($(red_pixels benchmark-8-cancelled) red pixels)" \
    test "$(red_pixels benchmark-8-cancelled)" -lt 20
  keys Escape
  wait_until 20 no_window '^Speed Test of DUIBENCH$'
  check "then Escape closes it" no_window '^Speed Test of DUIBENCH$'
  rm -f "$pause_file"
  stop_gui
else
  skip "the speed test cancelled while it writes: needs a development build (-Dprofile=development) for its pause hook"
fi

as_tester udisksctl unmount --no-user-interaction --block-device "$device" >/dev/null
detach "$device"

# --- a volume whose folder is root's: no write test, and why ---------------

root_image=$(new_image root-owned.img 64M /sbin/mkfs.ext4 -q -L DUIROOTDIR)
root_device=$(attach "$root_image")
wait_until 10 udisks_has "$root_device" '.label == "DUIROOTDIR"'
as_tester udisksctl mount --no-user-interaction --block-device "$root_device" >/dev/null
root_mount=$(findmnt -n -o TARGET --source "$root_device")
check "the test user mounted an ext4 image whose folder is root's ($(stat -c %U "$root_mount"))" \
  test "$(stat -c %U "$root_mount")" = root
start_drives_panel
open_volume_menu DUIROOTDIR
keys s
wait_until 20 has_window '^Speed Test of DUIROOTDIR$'
dialog=$(window '^Speed Test of DUIROOTDIR$')
sleep 1
shoot benchmark-5-not-writable "$dialog"
keys alt+w
shoot benchmark-6-not-writable-alt-w "$dialog"
check "the write test cannot be turned on there ($(changed benchmark-5-not-writable benchmark-6-not-writable-alt-w) pixels changed)" \
  test "$(changed benchmark-5-not-writable benchmark-6-not-writable-alt-w)" -lt 50
finish_drives
