#!/bin/bash
# test-drives-confirm.sh: the reformat wizard's confirmation by keyboard
# under Xvfb, as the test user against the real udisksd and polkitd. On a
# mounted ext4 disk image, with the most destructive choices made (another
# filesystem, the whole drive, overwritten), Enter at the confirmation
# cancels: nothing is changed (blkid and SHA-256), and the page named the
# image file, its device, size, name, filesystem and used space (the
# app's debug lines say which words). Opened again after that Cancel, the
# wizard starts from the default choices, not the destructive ones. With
# "Keep my files" on, Enter at the confirmation cancels as well, and no
# copy is made; and so it does with the focus on the list of what will be
# lost. The destructive button is never the default.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-drives-gui.sh"

# The words the wizard shows, and its default button, as debug lines.
export G_MESSAGES_DEBUG=plugboard-drives
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

kept_root=$GUI_DIR/home/.local/share/plugboard/kept-files
no_copy () { [ -z "$(ls -A "$kept_root" 2>/dev/null)" ]; }
# The words as read: without the invisible isolates (U+2068, U+2069) and
# direction marks (U+200E, U+200F) around names.
plain_log () {
  LC_ALL=C sed -e 's/\xe2\x81\xa8//g' -e 's/\xe2\x81\xa9//g' -e 's/\xe2\x80\x8e//g' -e 's/\xe2\x80\x8f//g' "$GUI_DIR/app.log"
}
log_has () {
  plain_log | grep -F -- "$1" >/dev/null && return 0
  echo "not in the app's log: $1" >&2
  plain_log | grep -F "${1%%:*}" | tail -n 4 >&2
  return 1
}
# The page the wizard shows now, with its default button and choices.
last_page () { grep -oE 'Reformat wizard page: .*' "$GUI_DIR/app.log" | tail -n 1; }
page_is () { [ "$(last_page)" = "Reformat wizard page: $1" ]; }
# on_page NAME: the wizard shows its step NAME (purpose, name, scope, confirm).
on_page () { last_page | grep -q "^Reformat wizard page: $1;"; }
# format_size BYTES: the size as GLib writes it (with a no-break space).
format_size () {
  /usr/bin/python3 -c 'import sys; from gi.repository import GLib; print(GLib.format_size(int(sys.argv[1])))' "$1"
}
# What identifies the filesystem, and every byte of the image.
state () { echo "$(blkid_value TYPE "$device")|$(blkid_value LABEL "$device")|$(blkid_value UUID "$device")|$(sha256sum <"$image")"; }

tree=$(as_tester mktemp -d)
chmod 755 "$tree"
trap 'rm -rf "$tree"; drives_cleanup' EXIT
for i in $(seq 1 12); do
  as_tester head -c $((i * 150 * 1024)) /dev/urandom | as_tester tee "$tree/file $i.bin" >/dev/null
done
image=$(new_image RELU-confirm.img 128M /sbin/mkfs.ext4 -q -L RELUCONF -d "$tree")
bystander_image=$(new_image RELU-bystander.img 32M /sbin/mkfs.ext4 -q -L RELUBYSTAND)
device=$(attach "$image")
wait_until 10 udisks_has "$device" '.label == "RELUCONF"'
# Read-only: mounted, so that its used space is known, and yet no byte of
# the image changes unless the wizard changes it.
as_tester udisksctl mount --no-user-interaction --block-device "$device" --options ro >/dev/null
mount_point=$(findmnt -n -o TARGET --source "$device")
check "the test user attached $device and mounted it read-only at $mount_point" \
  test -n "$mount_point" -a "$(findmnt -n -o OPTIONS --source "$device" | cut -d, -f1)" = ro
volume=$(udisks_volume "$device")
size_text=$(format_size "$(jq -r .size <<<"$volume")")
used_text=$(format_size "$(jq -r .used <<<"$volume")")
diag "the volume is $size_text, $used_text used"
before=$(state)
bystander_before=$(sha256sum <"$bystander_image")

start_xvfb
start_drives_panel
check "plugboard --panel=drives draws its first frame" test -s "$GUI_DIR/first-frame"
# The keys below count on the volume's row being there.
wait_until 20 log_has "Volume: RELUCONF: ext4"

# --- the destructive choices, then Enter at the confirmation -----------------

open_volume_menu RELUCONF
keys r
wait_until 20 has_window '^Reformat RELUCONF$'
wizard=$(window '^Reformat RELUCONF$')
check "the volume's menu opens the wizard for RELUCONF" test -n "$wizard"
wait_until 20 on_page purpose
check "it starts on the purpose, ext4 for a disk image, Next the default" \
  page_is "purpose; default button: _Next; choices: ext4, this volume, overwrite off, keep files off"
# Another purpose (the next row), the name as it is, the whole drive,
# overwritten first.
keys Down space Return
wait_until 20 on_page name
keys Return
wait_until 20 on_page scope
keys Down space alt+o Return
wait_until 20 on_page confirm
sleep 0.5
shoot confirm-1-destructive "$wizard"
check "Enter shows the confirmation of the whole drive, overwritten ($(last_page))" \
  eval 'page_is "confirm; default button: _Cancel; choices: $(last_page | grep -oE "choices: [a-z0-9]+" | cut -d" " -f2), whole drive, overwrite on, keep files off"'
check "… with another filesystem than ext4" test "$(last_page | grep -oE 'choices: [a-z0-9]+')" != "choices: ext4"
check "… which names the disk image file, its device and size" \
  log_has "Reformat confirmation: Drive: $(basename "$image") · $device · $size_text"
check "… the file's whole path" log_has "Reformat confirmation: Disk Image File: $image"
check "… and the volume: its name, filesystem, device, size and used space" \
  log_has "Reformat confirmation: Volume: “RELUCONF” · ext4 · $device · $size_text · $used_text used"
check "… and nothing was changed yet" test "$(state)" = "$before"

# The focus is where the page put it; Enter is Cancel's.
keys Return
wait_until 20 no_window '^Reformat RELUCONF$'
check "Enter at the confirmation closes the wizard" no_window '^Reformat RELUCONF$'
sleep 1
check "… and erased nothing: blkid and the image's SHA-256 are as before" test "$(state)" = "$before"
check "… the volume is still mounted at $mount_point" test "$(findmnt -n -o TARGET --source "$device")" = "$mount_point"
shoot confirm-2-after-enter

# --- opened again after the Cancel ------------------------------------------------

keys Return r
wait_until 20 has_window '^Reformat RELUCONF$'
wizard=$(window '^Reformat RELUCONF$')
check "opened again after the Cancel" test -n "$wizard"
wait_until 20 on_page purpose
check "… it starts on the purpose with the default, ext4, not the choice cancelled" \
  page_is "purpose; default button: _Next; choices: ext4, this volume, overwrite off, keep files off"
keys Return
wait_until 20 on_page name
keys Return
wait_until 20 on_page scope
sleep 0.3
shoot confirm-3-scope-again "$wizard"
check "… and on the scope step it is this volume only, not overwritten, as at first" \
  page_is "scope; default button: _Next; choices: ext4, this volume, overwrite off, keep files off"

# --- keeping the files: Enter at the confirmation -------------------------------

keys alt+k Return
wait_until 20 on_page confirm
# The plan counts the files before the destructive button may be used.
wait_until 10 log_has "Reformat confirmation: Drive:"
sleep 2
shoot confirm-4-keep "$wizard"
check "with “Keep my files”, Enter shows the confirmation, Cancel the default" \
  page_is "confirm; default button: _Cancel; choices: ext4, this volume, overwrite off, keep files on"
check "… naming the volume and its used space there too" \
  log_has "Reformat confirmation: Volume: “RELUCONF” · ext4 · $device · $size_text · $used_text used"
keys Return
wait_until 20 no_window '^Reformat RELUCONF$'
check "Enter there closes the wizard too" no_window '^Reformat RELUCONF$'
sleep 1
check "… and changed nothing" test "$(state)" = "$before"
check "… and copied no file to the computer" no_copy

# --- the focus moved onto the list of what will be lost ------------------------

keys Return r
wait_until 20 has_window '^Reformat RELUCONF$'
wizard=$(window '^Reformat RELUCONF$')
for page in purpose name scope; do
  wait_until 20 on_page $page
  keys Return
done
wait_until 20 on_page confirm
check "opened a third time, Enter on each step reaches the confirmation" on_page confirm
sleep 0.5
# A click on the volume's row, as a person reading it might.
xdotool mousemove --window "$wizard" 280 260 click 1 mousemove 850 600
sleep 0.3
shoot confirm-5-row-focused "$wizard"
keys Return
wait_until 20 no_window '^Reformat RELUCONF$'
check "with the focus on the list of what will be lost, Enter is the default's, Cancel: the wizard closes" \
  no_window '^Reformat RELUCONF$'
check "… and it never started: no progress step" eval '! grep -q "Reformat wizard page: progress" "$GUI_DIR/app.log"'
sleep 1
check "… and nothing changed" test "$(state)" = "$before"

check "no page had the destructive button as its default" \
  eval '! grep -E "default button: _(Erase and Reformat|Reformat)" "$GUI_DIR/app.log"'
check "the app logged no warning or critical" eval '! grep -E "WARNING|CRITICAL" "$GUI_DIR/app.log"'
stop_gui

as_tester udisksctl unmount --no-user-interaction --block-device "$device" >/dev/null
check "the bystander image is byte-identical" test "$(sha256sum <"$bystander_image")" = "$bystander_before"

finish_drives
