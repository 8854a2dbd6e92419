#!/bin/bash
# test-drives-take-ownership.sh: the Drives panel's Make It Yours under
# Xvfb, as the test user against the real udisksd and polkitd: the row of
# a mounted ext4 volume made by root (its top folder and a file in it
# root's) says whose its files are and offers Make It Yours, named for a
# screen reader; pressed, a question names the volume, and Enter makes the
# top folder and the file the user's (stat), a toast says so, and the
# offer is gone. The row of a volume the user owns already offers nothing
# of the kind. Screenshots in $PLUG_BUILD_DIR/screenshots.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-drives-gui.sh"

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

# A file of root's in the volume's top folder, which is root's too, as a
# person's root shell or GParted leaves them; mkfs copies the owners.
tree=$PLUG_STACK_DIR/own-gui-tree-$$
rm -rf "$tree"
mkdir -p "$tree"
chmod 755 "$tree"
echo 'made by root' >"$tree/root-file"
chmod 644 "$tree/root-file"
root_image=$(new_image root.img 64M /sbin/mkfs.ext4 -q -L DUIOWNROOT -E root_owner=0:0 -d "$tree")
rm -rf "$tree"
mine_image=$(new_image mine.img 64M /sbin/mkfs.ext4 -q -L DUIOWNMINE \
               -E "root_owner=$(id -u "$PLUG_TEST_USER"):$(id -g "$PLUG_TEST_USER")")

owners () { stat -c '%U' "$@" | tr '\n' ' ' | sed 's/ $//'; }
mount_image () {
  local device
  device=$(attach "$1") || return 1
  wait_until 10 udisks_has "$device" ".label == \"$2\""
  as_tester udisksctl mount --no-user-interaction --block-device "$device" >/dev/null
  echo "$device"
}
root_device=$(mount_image "$root_image" DUIOWNROOT)
mine_device=$(mount_image "$mine_image" DUIOWNMINE)
root_mount=$(findmnt -n -o TARGET --source "$root_device")
mine_mount=$(findmnt -n -o TARGET --source "$mine_device")
check "the test user mounted a root-made ext4 volume (${root_mount:-nowhere}) and one of its own (${mine_mount:-nowhere})" \
  test -n "$root_mount" -a -n "$mine_mount"
check "… the first one's top folder and file are root's ($(owners "$root_mount" "$root_mount/root-file"))" \
  test "$(owners "$root_mount" "$root_mount/root-file")" = 'root root'

# row_says NAME TEXT: a line of the row titled NAME is TEXT, marks left out.
row_says () {
  local rows
  rows=$(a11y rows --window Plugboard | plain)
  awk -F'\t' -v name="$1" -v text="$2" '
    $1 == "row" && $2 == name { for (i = 3; i <= NF; i++) if ($i == text) found = 1 }
    END { exit !found }' <<<"$rows" && return 0
  echo "the row “$1” does not say “$2”; its lines: $(grep -P "^row\t\Q$1\E\t" <<<"$rows" | tr '\t' '|')" >&2
  return 1
}
row_lacks () { ! row_says "$@" 2>/dev/null; }
no_button () { ! window_shows Plugboard "$1"; }
not_owned_text='Its files belong to another user (root); you cannot add files to it'

start_xvfb
start_drives_panel
check "the panel lists both volumes" panel_has_volume DUIOWNROOT
check "… the root-made one says whose its files are" wait_while_running 20 row_says DUIOWNROOT "$not_owned_text"
check "… and offers Make It Yours, named for a screen reader" window_shows Plugboard 'Make DUIOWNROOT Yours'
check "the user's own says nothing of the kind" row_lacks DUIOWNMINE "$not_owned_text"
check "… and offers no Make It Yours" no_button 'Make DUIOWNMINE Yours'
shoot take-ownership-1-panel

a11y_press 'Make DUIOWNROOT Yours' --window Plugboard >/dev/null
all_texts () { a11y texts; }
texts_have () {
  local texts
  texts=$(all_texts)
  grep -qF -- "$1" <<<"$texts" && return 0
  echo "no text “$1”; shown: $(tr '\n' '|' <<<"$texts")" >&2
  return 1
}
check "pressed, it asks first, naming the volume" wait_while_running 20 texts_have 'Make DUIOWNROOT Yours?'
check "… its filesystem, size and device, and whose it is" \
  texts_have "The files on DUIOWNROOT (ext4 · 67.1"$'\u00a0'"MB · $root_device) belong to root."
check "… and who it will belong to" texts_have "will belong to you, $PLUG_TEST_USER,"
check "… and nothing changed yet" test "$(owners "$root_mount" "$root_mount/root-file")" = 'root root'
shoot take-ownership-2-question
# Make It Yours is the question's default: Enter answers it.
keys Return
made_mine () { [ "$(owners "$root_mount" "$root_mount/root-file")" = "$PLUG_TEST_USER $PLUG_TEST_USER" ]; }
check "Enter makes the top folder and the file the test user's ($(wait_until 20 made_mine; owners "$root_mount" "$root_mount/root-file"))" \
  made_mine
check "… the panel says so" wait_while_running 20 drives_toast_seen 'DUIOWNROOT now belongs to you'
check "… and the offer is gone" wait_while_running 20 no_button 'Make DUIOWNROOT Yours'
check "… with what said whose it was" row_lacks DUIOWNROOT "$not_owned_text"
shoot take-ownership-3-done
check "the test user can add a file to it now" runuser -u "$PLUG_TEST_USER" -- touch "$root_mount/mine"

finish_drives
