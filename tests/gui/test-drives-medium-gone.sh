#!/bin/bash
# test-drives-medium-gone.sh: the reformat wizard and the Rename dialog
# close, and the Drives panel says why in a toast, when their disk image
# is detached, or another filesystem is made on it (by root, behind the
# app's back), while the user is still choosing; nothing is written to
# it. Once a reformat runs, the same change is the operation's to find:
# the wizard stays, with its error. Under Xvfb, as the test user against
# the real udisksd and polkitd; read back with blkid.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-drives-gui.sh"

# The panel logs each toast: see drives_toast_said.
GUI_DEBUG_DOMAINS=plugboard-drives

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

image=$(new_image gone.img 64M /sbin/mkfs.ext4 -q -L DUIGONE)
device=$(attach "$image")
wait_until 10 udisks_has "$device" '.label == "DUIGONE"'
check "the test user attached an ext4 image “DUIGONE” at $device" test -n "$device"

# image_holds UUID: the image holds the ext4 filesystem “DUIGONE” with
# that UUID, read from its file, however it is attached.
image_holds () {
  local found
  found="$(blkid -p -s TYPE -o value "$image")|$(blkid -p -s LABEL -o value "$image")|$(blkid -p -s UUID -o value "$image")"
  [ "$found" = "ext4|DUIGONE|$1" ] && return 0
  echo "the image holds: $found" >&2
  return 1
}
# remake: root makes a new ext4 filesystem “DUIGONE” on the attached
# image, with a new UUID, which it prints; udisks sees it through udev.
# (Not waited for here: the toast it leads to is shown for 10 s.)
remake () {
  local uuid
  uuid=$(cat /proc/sys/kernel/random/uuid)
  /sbin/mkfs.ext4 -q -F -L DUIGONE -U "$uuid" "$device" >/dev/null 2>&1
  echo "$uuid"
}
# gone TITLE: no window titled TITLE, three times over a second:
# xdotool's search can come back empty while other windows are destroyed
# under it (the panel's rows of the detached image).
gone () { no_window "$1" && sleep 0.5 && no_window "$1" && sleep 0.5 && no_window "$1"; }
reattach () {
  device=$(attach "$image")
  wait_until 10 udisks_has "$device" '.label == "DUIGONE"'
}
reformat_wizard () {
  open_volume_menu DUIGONE
  keys r
  wait_until 20 has_window '^Reformat DUIGONE$'
}
rename_dialog () {
  open_volume_menu DUIGONE
  keys n
  wait_until 20 has_window '^Rename DUIGONE$'
}

start_xvfb
start_drives_panel
check "plugboard --panel=drives draws its first frame" test -s "$GUI_DIR/first-frame"

# --- the wizard, its image detached -------------------------------------------

uuid=$(blkid_value UUID "$device")
reformat_wizard
check "the wizard opens for DUIGONE" has_window '^Reformat DUIGONE$'
sleep 0.5
keys Return
sleep 0.5
detach "$device"
wait_until 20 gone '^Reformat DUIGONE$'
check "the image detached while the wizard asks for a name: the wizard closes" gone '^Reformat DUIGONE$'
check "… the panel says why" wait_while_running 15 drives_toast_said "“DUIGONE” was removed, so it was not reformatted"
check "… and nothing was written to it" image_holds "$uuid"

# --- the wizard, another filesystem made on its image -----------------------------

reattach
stop_gui
start_drives_panel
reformat_wizard
check "the wizard opens for DUIGONE attached again ($device)" has_window '^Reformat DUIGONE$'
sleep 0.5
keys Return Return Return
sleep 1
uuid=$(remake)
wait_until 20 gone '^Reformat DUIGONE$'
check "root makes another filesystem on it while the wizard confirms: the wizard closes" gone '^Reformat DUIGONE$'
check "… the panel says why" \
  wait_while_running 15 drives_toast_said "The medium in “DUIGONE” was changed, so it was not reformatted"
sleep 2
check "… and nothing was written to it: it holds root's filesystem (UUID $uuid)" image_holds "$uuid"

# --- the Rename dialog, its image detached ------------------------------------------

# A new app for each dialog: a toast still shown would hold back the next.
stop_gui
start_drives_panel
rename_dialog
check "the Rename dialog opens for DUIGONE" has_window '^Rename DUIGONE$'
sleep 0.5
keys ctrl+a
xdotool type --delay 40 'DUIRENAMED'
sleep 0.5
detach "$device"
wait_until 20 gone '^Rename DUIGONE$'
check "the image detached while a new name is typed: the dialog closes" gone '^Rename DUIGONE$'
check "… the panel says why" wait_while_running 15 drives_toast_said "“DUIGONE” was removed, so it was not renamed"
check "… and it was not renamed" image_holds "$uuid"

# --- the Rename dialog, another filesystem made on its image ------------------------

reattach
stop_gui
start_drives_panel
rename_dialog
check "the Rename dialog opens for DUIGONE attached again ($device)" has_window '^Rename DUIGONE$'
sleep 0.5
keys ctrl+a
xdotool type --delay 40 'DUIRENAMED'
sleep 0.5
uuid=$(remake)
wait_until 20 gone '^Rename DUIGONE$'
check "root makes another filesystem on it: the dialog closes" gone '^Rename DUIGONE$'
check "… the panel says why" \
  wait_while_running 15 drives_toast_said "The medium in “DUIGONE” was changed, so it was not renamed"
sleep 2
check "… and it was not renamed" image_holds "$uuid"
stop_gui

# --- while the reformat runs: the operation's own error ---------------------------

if has_test_hooks; then
  pause_file=$GUI_DIR/format-pause
  rm -f "$pause_file"
  export PLUG_TEST_FORMAT_PAUSE_FILE=$pause_file
  start_drives_panel
  unset PLUG_TEST_FORMAT_PAUSE_FILE
  reformat_wizard
  check "the wizard opens for DUIGONE in a new app" has_window '^Reformat DUIGONE$'
  wizard=$(window '^Reformat DUIGONE$')
  sleep 0.5
  keys Return Return Return
  sleep 1
  keys alt+e
  wait_until 60 test -s "$pause_file"
  check "Erase and Reformat starts it, paused before its last check" test -s "$pause_file"
  uuid=$(remake)
  wait_until 20 udisks_has "$device" ".uuid == \"$uuid\""
  rm -f "$pause_file"
  sleep 3
  shoot medium-gone-running "$wizard"
  check "root makes another filesystem on it meanwhile: the wizard stays open" has_window '^Reformat DUIGONE$'
  check "… and shows the operation's error" wait_while_running 20 window_says 'Reformat DUIGONE' 'Could Not Reformat'
  check "… not reformatting it" image_holds "$uuid"
  keys Escape
  wait_until 20 no_window '^Reformat DUIGONE$'
else
  skip "a change while the reformat runs: needs a development build (-Dprofile=development) for its pause hook"
fi

finish_drives
