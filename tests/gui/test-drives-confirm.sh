#!/bin/bash
# test-drives-confirm.sh: the reformat wizard's confirmation by keyboard
# under Xvfb, as the test user against the real udisksd and polkitd. On a
# mounted ext4 disk image, with the most destructive choices made (another
# filesystem, the whole drive, overwritten), Enter at the confirmation
# cancels: nothing is changed (blkid and SHA-256), and the page named the
# image file, its device, size, name, filesystem and used space (read as
# a screen reader reads them: lib-gui.sh's a11y). Opened again after that
# Cancel, the wizard starts from the default choices, not the destructive
# ones. With "Keep my files" on, Enter at the confirmation cancels as
# well, and no copy is made; and so it does with the focus on the list of
# what will be lost. The destructive button never has the focus. GTK 4.8
# tells a screen reader nothing of a window's default button: what Enter
# does is what the keys here show.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-drives-gui.sh"

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

kept_root=$GUI_DIR/home/.local/share/plugboard/kept-files
no_copy () { [ -z "$(ls -A "$kept_root" 2>/dev/null)" ]; }
wizard='Reformat RELUCONF'
# The step the wizard shows now, with its choices (lib-drives-gui.sh).
# Every focus read is kept in $focus_seen, for the last check.
focus_seen=$GUI_DIR/focus-seen
last_page () { wizard_page "$wizard"; }
page_is () { [ "$(last_page)" = "$1" ]; }
# on_page NAME: the wizard shows its step NAME (purpose, name, scope, confirm).
on_page () { [ "$(wizard_step "$wizard")" = "$1" ]; }
# focus_is CONTROL: what has the keyboard focus, which Enter presses.
focus_is () {
  local focus
  focus=$(wizard_focus "$wizard")
  echo "$(wizard_step "$wizard"): $focus" >>"$focus_seen"
  [ "$focus" = "$1" ]
}
# next_offered: Next is shown, and can be pressed.
next_offered () { a11y objects --window "$wizard" --role 'push button' | grep -E $'\tpush button “_Next Next”\t.*sensitive' >/dev/null; }
# fact TITLE TEXT: the confirmation lists TITLE, reading TEXT.
fact () { has_row "$wizard" "$1" "$2"; }
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
bystander_device=$(attach "$bystander_image")
wait_until 10 udisks_has "$bystander_device" '.label == "RELUBYSTAND"'
check "the test user attached a bystander image ($bystander_device)" seen_by_udisks "$bystander_image"
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
bystander_before=$(hash_images "$image")

start_xvfb
start_drives_panel
check "plugboard --panel=drives draws its first frame" test -s "$GUI_DIR/first-frame"
# The keys below count on the volume's row being there.
wait_until 20 window_shows Plugboard "Actions for RELUCONF"

# --- the destructive choices, then Enter at the confirmation -----------------

open_volume_menu RELUCONF
keys r
wait_until 20 has_window '^Reformat RELUCONF$'
wizard_id=$(window '^Reformat RELUCONF$')
check "the volume's menu opens the wizard for RELUCONF" test -n "$wizard_id"
wait_until 20 on_page purpose
check "it starts on the purpose, ext4 for a disk image, Next the default ($(last_page))" \
  eval 'page_is "purpose; choices: ext4, this volume, overwrite off, keep files off" && next_offered'
check "… with the focus on a choice, not on a button ($(wizard_focus "$wizard"))" focus_is 'list item “Linux only”'
# Another purpose (the next row), the name as it is, the whole drive,
# overwritten first.
keys Down space Return
wait_until 20 on_page name
keys Return
wait_until 20 on_page scope
keys Down space alt+o Return
wait_until 20 on_page confirm
sleep 0.5
shoot confirm-1-destructive "$wizard_id"
page=$(last_page)
check "Enter shows the confirmation of the whole drive, overwritten ($page)" \
  test "$page" = "confirm; choices: $(grep -oE 'choices: [^,]+' <<<"$page" | cut -d' ' -f2-), whole drive, overwrite on, keep files off"
check "… Cancel has the focus: Enter is Cancel's ($(wizard_focus "$wizard"))" focus_is 'push button “Cancel”'
check "… with another filesystem than ext4" test "$(grep -oE 'choices: [^,]+' <<<"$page")" != "choices: ext4"
check "… which names the disk image file, its device and size" \
  fact Drive "$(basename "$image") · $device · $size_text"
check "… the file's whole path" fact "Disk Image File" "$image"
check "… and the volume: its name, filesystem, device, size and used space" \
  fact Volume "“RELUCONF” · ext4 · $device · $size_text · $used_text used"
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
wizard_id=$(window '^Reformat RELUCONF$')
check "opened again after the Cancel" test -n "$wizard_id"
wait_until 20 on_page purpose
check "… it starts on the purpose with the default, ext4, not the choice cancelled ($(last_page))" \
  eval 'page_is "purpose; choices: ext4, this volume, overwrite off, keep files off" && next_offered'
keys Return
wait_until 20 on_page name
keys Return
wait_until 20 on_page scope
sleep 0.3
shoot confirm-3-scope-again "$wizard_id"
check "… and on the scope step it is this volume only, not overwritten, as at first ($(last_page))" \
  eval 'page_is "scope; choices: ext4, this volume, overwrite off, keep files off" && next_offered'

# --- keeping the files: Enter at the confirmation -------------------------------

keys alt+k Return
wait_until 20 on_page confirm
# The plan counts the files before the destructive button may be used.
wait_until 10 fact Drive "$(basename "$image") · $device · $size_text"
sleep 2
shoot confirm-4-keep "$wizard_id"
check "with “Keep my files”, Enter shows the confirmation, Cancel the default ($(last_page); $(wizard_focus "$wizard"))" \
  eval 'page_is "confirm; choices: ext4, this volume, overwrite off, keep files on" && focus_is "push button “Cancel”"'
check "… naming the volume and its used space there too" \
  fact Volume "“RELUCONF” · ext4 · $device · $size_text · $used_text used"
keys Return
wait_until 20 no_window '^Reformat RELUCONF$'
check "Enter there closes the wizard too" no_window '^Reformat RELUCONF$'
sleep 1
check "… and changed nothing" test "$(state)" = "$before"
check "… and copied no file to the computer" no_copy

# --- the focus moved onto the list of what will be lost ------------------------

keys Return r
wait_until 20 has_window '^Reformat RELUCONF$'
wizard_id=$(window '^Reformat RELUCONF$')
for page in purpose name scope; do
  wait_until 20 on_page $page
  keys Return
done
wait_until 20 on_page confirm
check "opened a third time, Enter on each step reaches the confirmation" on_page confirm
sleep 0.5
check "… Cancel has the focus there" focus_is 'push button “Cancel”'
# A click on the volume's row, as a person reading it might.
xdotool mousemove --window "$wizard_id" 280 260 click 1 mousemove 850 600
sleep 0.3
shoot confirm-5-row-focused "$wizard_id"
row_focus=$(wizard_focus "$wizard")
check "… the click put the focus on the list of what will be lost ($row_focus)" grep -q '^list item “Volume”$' <<<"$row_focus"
keys Return
# Started, the reformat would show its progress at once, in a wizard that
# stays open.
step_after=$(wizard_step "$wizard" 2>/dev/null)
wait_until 20 no_window '^Reformat RELUCONF$'
check "with the focus on the list of what will be lost, Enter is the default's, Cancel: the wizard closes" \
  no_window '^Reformat RELUCONF$'
check "… and it never started: no progress step (${step_after:-closed})" test "$step_after" != progress
sleep 1
check "… and nothing changed" test "$(state)" = "$before"

diag "the focus, as read on each step: $(tr '\n' ';' <"$focus_seen")"
check "no page had the destructive button as its default: it never had the focus" \
  eval '! grep -E "“(Erase and Reformat|Reformat)”" "$focus_seen"'
check "the app logged no warning or critical" eval '! grep -E "WARNING|CRITICAL" "$GUI_DIR/app.log"'
stop_gui

as_tester udisksctl unmount --no-user-interaction --block-device "$device" >/dev/null
check "the bystander image is byte-identical" others_identical "$bystander_before" "$image"

finish_drives
