#!/bin/bash
# test-drives-inhibit.sh: while the app reformats a drive, reformats it
# keeping its files, or tests how fast it writes, it holds off suspend
# and logout (gtk_application_inhibit), saying why with the drive's name;
# and lets go when the work is done, or cancelled. Under Xvfb, as the test
# user against the real udisksd and polkitd. The session manager GTK asks
# is a mock org.gnome.SessionManager on the test's session bus (the test
# session has none, nor an inhibit portal), read back through its
# GetInhibitors, as gnome-session-inhibit --list reads gnome-session's.
# Each operation is held at a pause hook of development builds while the
# inhibitor is read. A reformat that ends while no window of the app has
# the focus (the user went on elsewhere) is told in a desktop
# notification, read from a mock notification server
# (tests/gui/mock-notifications.py). That none is sent while the user
# looks on is not tested: under Xvfb without a window manager the app's
# windows lose the focus as soon as the reformat starts (the focus goes
# to no window), so GTK calls none of them active then.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-drives-gui.sh"

if ! has_test_hooks; then
  skip "the inhibitor while a drive is rewritten: needs a development build (-Dprofile=development) for its pause hooks"
  finish
  exit 0
fi

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
trap 'stop_notifications; stop_session_manager; drives_cleanup' EXIT

image=$(new_image awake.img 64M /sbin/mkfs.ext4 -q -L DUIAWAKE)
device=$(attach "$image")
wait_until 10 udisks_has "$device" '.label == "DUIAWAKE"'
drive_name=$(as_tester "$PLUG_BUILD_DIR/app/cli/plugboardctl" drives list --json |
  jq -r --arg device "$device" '.[] | select(any(.volumes[]; .device == $device)) | .name')
check "the test user attached an ext4 image at $device, which the panel calls “$drive_name”" test -n "$drive_name"

start_xvfb
start_session_bus
start_session_manager
check "a mock session manager is on the app's session bus" session_manager_up
notifications_log=$GUI_DIR/notifications
: >"$notifications_log"
chmod 666 "$notifications_log"
start_notifications "$notifications_log"
# notified_of TEXT: one notification was sent, its title holding TEXT,
# with a way back to the Drives panel.
notified_of () {
  jq -e -s --arg text "$1" 'length == 1 and (.[0].summary | contains($text)) and (.[0].actions | index("default") != null)' \
    "$notifications_log" >/dev/null 2>&1
}
check "… holding no inhibitor yet" not_inhibited

format_pause=$GUI_DIR/format-pause
keep_pause=$GUI_DIR/keep-pause
benchmark_pause=$GUI_DIR/benchmark-pause
rm -f "$format_pause" "$keep_pause" "$benchmark_pause"
export PLUG_TEST_FORMAT_PAUSE_FILE=$format_pause PLUG_TEST_KEEP_FILES_PAUSE_FILE=$keep_pause \
  PLUG_TEST_BENCHMARK_PAUSE_FILE=$benchmark_pause
start_drives_panel
unset PLUG_TEST_FORMAT_PAUSE_FILE PLUG_TEST_KEEP_FILES_PAUSE_FILE PLUG_TEST_BENCHMARK_PAUSE_FILE
check "plugboard --panel=drives draws its first frame" test -s "$GUI_DIR/first-frame"

# reformat_wizard: the volume's menu, then Reformat… by its mnemonic.
reformat_wizard () {
  open_volume_menu DUIAWAKE
  keys r
  wait_until 20 has_window '^Reformat DUIAWAKE$'
}

# --- a reformat: held while it works, let go when done -----------------------

reformat_wizard
check "the wizard opens for DUIAWAKE" has_window '^Reformat DUIAWAKE$'
sleep 0.5
# ext4, the same name, this volume, then the confirmation.
keys Return Return Return
sleep 1
check "… and holds nothing while it asks" not_inhibited
keys alt+e
wait_until 60 test -s "$format_pause"
check "Erase and Reformat starts it, paused before its last check" test -s "$format_pause"
check "… while suspend and logout are held off for “Reformatting $drive_name”" \
  inhibited_for "Reformatting $drive_name"
# The user goes on elsewhere while it works.
focus_away
rm -f "$format_pause"
wait_until 60 no_window '^Reformat DUIAWAKE$'
check "the reformat goes on, and the wizard closes when done" no_window '^Reformat DUIAWAKE$'
check "… letting go of the inhibitor" not_inhibited
wait_until 10 test -s "$notifications_log"
check "… and, the user being elsewhere, a notification says it is done ($(cat "$notifications_log"))" \
  notified_of "DUIAWAKE” is now ext4"
xdotool windowfocus --sync "$(xdotool search --name '^Plugboard$' | head -n1)"

# --- cancelled: let go at once, the wizard open to say so ----------------------

reformat_wizard
check "the wizard opens for DUIAWAKE again" has_window '^Reformat DUIAWAKE$'
sleep 0.5
keys Return Return Return
sleep 1
keys alt+e
wait_until 60 test -s "$format_pause"
check "a second reformat pauses" test -s "$format_pause"
check "… held off again" inhibited_for "Reformatting $drive_name"
keys Escape
sleep 1
# The pause ends when its file is removed; the operation then sees the
# Cancel pressed meanwhile.
check "Escape asks it to stop: held off until it has" inhibited_for "Reformatting $drive_name"
rm -f "$format_pause"
sleep 2
check "… it stops, and the wizard stays to say so" window_says 'Reformat DUIAWAKE' 'Reformatting Cancelled'
check "… having let go of the inhibitor" not_inhibited
keys Escape
wait_until 20 no_window '^Reformat DUIAWAKE$'
check "then Escape closes it" no_window '^Reformat DUIAWAKE$'

# --- keeping the files: held through the copies --------------------------------

# The reformat mounted it again; the cancelled one did too.
[ -n "$(findmnt -n -o TARGET --source "$device")" ] ||
  as_tester udisksctl mount --no-user-interaction --block-device "$device" >/dev/null
mount_point=$(findmnt -n -o TARGET --source "$device")
as_tester sh -c "head -c 200000 /dev/urandom > '$mount_point/kept.bin'"
check "the volume is mounted at ${mount_point:-nowhere}, with a file on it" test -s "$mount_point/kept.bin"
sleep 1
reformat_wizard
check "the wizard opens for the mounted DUIAWAKE" has_window '^Reformat DUIAWAKE$'
sleep 0.5
keys Return Return alt+k Return
sleep 2
keys alt+r
wait_until 60 test -s "$format_pause"
check "Reformat, keeping the files, pauses before the reformat's last check" test -s "$format_pause"
check "… held off for “Reformatting $drive_name, keeping its files”" \
  inhibited_for "Reformatting $drive_name, keeping its files"
rm -f "$format_pause"
wait_until 60 test -s "$keep_pause"
check "it reformats, and pauses before copying back" test -s "$keep_pause"
check "… still held off" inhibited_for "Reformatting $drive_name, keeping its files"
rm -f "$keep_pause"
wait_until 60 no_window '^Reformat DUIAWAKE$'
check "the files are copied back, and the wizard closes when done" no_window '^Reformat DUIAWAKE$'
check "… letting go of the inhibitor" not_inhibited

# --- a write speed test ------------------------------------------------------------

wait_until 20 findmnt -n --source "$device"
open_volume_menu DUIAWAKE
keys s
wait_until 20 has_window '^Speed Test of DUIAWAKE$'
check "the speed test opens for DUIAWAKE" has_window '^Speed Test of DUIAWAKE$'
sleep 0.5
keys alt+w alt+s
wait_until 60 test -s "$benchmark_pause"
check "the write test starts, and pauses with its file partly written" test -s "$benchmark_pause"
check "… held off for “Testing how fast $drive_name writes”" inhibited_for "Testing how fast $drive_name writes"
keys Escape
sleep 1
rm -f "$benchmark_pause"
sleep 2
check "Escape cancels it, the dialog stays to say so" window_says 'Speed Test of DUIAWAKE' 'Cancelled: the speed test stopped'
check "… having let go of the inhibitor" not_inhibited
# Start is Run Again now.
keys alt+r
wait_until 60 test -s "$benchmark_pause"
check "Run Again pauses again" test -s "$benchmark_pause"
check "… held off again" inhibited_for "Testing how fast $drive_name writes"
rm -f "$benchmark_pause"
wait_while_running 60 window_says 'Speed Test of DUIAWAKE' 'MB/s'
check "it writes the rest, and shows the rates" window_says 'Speed Test of DUIAWAKE' 'MB/s'
check "… having let go of the inhibitor" not_inhibited
keys Escape
wait_until 20 no_window '^Speed Test of DUIAWAKE$'

as_tester udisksctl unmount --no-user-interaction --block-device "$device" >/dev/null 2>&1
finish_drives
