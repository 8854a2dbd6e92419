#!/bin/bash
# test-drives-fits.sh: the Drives panel's “Will it fit?” under Xvfb, as the
# test user against the real udisksd and exFAT (through FUSE). The row of
# a mounted exFAT volume offers Will It Fit? in its menu; the dialog asks
# for files or folders; a folder chosen in the file chooser whose names
# exFAT cannot store (“:”, two names that differ only in case) and with
# a symbolic link does not fit, each named, and ext4 is offered: the
# button opens the reformat wizard with ext4 chosen. A small folder fits,
# and nothing is offered.
# Nothing is copied: the volume is byte-identical. Screenshots in
# $PLUG_BUILD_DIR/screenshots.
#
# Dropping files on a row is not tested: XTEST has no drag source, and no
# file manager runs in the test session.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-drives-gui.sh"

source_folder=$PLUG_STACK_DIR/fits-gui-$$
trap 'drives_cleanup; rm -rf "$source_folder"' EXIT
rm -rf "$source_folder"
mkdir -p "$source_folder/names" "$source_folder/small"
echo colon >"$source_folder/names/a:b.txt"
echo upper >"$source_folder/names/Photo.jpg"
echo lower >"$source_folder/names/photo.jpg"
ln -s Photo.jpg "$source_folder/names/latest.jpg"
head -c 20000 /dev/urandom >"$source_folder/small/notes.txt"
chown -R "$PLUG_TEST_USER:" "$source_folder"
chmod 755 "$PLUG_STACK_DIR"

image=$(new_image exfat.img 256M /sbin/mkfs.exfat -L DUIFITEX)
device=$(attach "$image")
wait_until 10 udisks_has "$device" '.label == "DUIFITEX"'
as_tester udisksctl mount --no-user-interaction --block-device "$device" >/dev/null
check "the test user mounted an exFAT image ($device, at $(findmnt -n -o TARGET --source "$device"))" \
  test -n "$(findmnt -n -o TARGET --source "$device")"
before=$(sha256sum "$image")

texts_have () {
  local texts
  texts=$(a11y texts --window "$1")
  grep -qF -- "$2" <<<"$texts" && return 0
  echo "no text “$2” in “$1”; shown: $(tr '\n' '|' <<<"$texts")" >&2
  return 1
}
# choose_folder PATH: in the file chooser the dialog opened, the folder
# PATH, typed as a person would, and Check.
choose_folder () {
  wait_until 20 has_window '^Choose a Folder$'
  has_window '^Choose a Folder$' || return 1
  keys ctrl+l
  sleep 0.5
  xdotool type --delay 20 "$1/"
  sleep 0.5
  keys Return
  sleep 1
  # Enter on a folder's path chooses it; where it only opened it, Check.
  has_window '^Choose a Folder$' && a11y_press Check --window 'Choose a Folder' >/dev/null
  wait_until 10 no_window '^Choose a Folder$'
  no_window '^Choose a Folder$'
}

start_xvfb
start_drives_panel
check "the panel lists the volume" panel_has_volume DUIFITEX
open_volume_menu DUIFITEX
keys f
wait_until 20 has_window '^Will It Fit on DUIFITEX\?$'
check "the menu's Will It Fit? opens its dialog" has_window '^Will It Fit on DUIFITEX\?$'
dialog=$(window '^Will It Fit on DUIFITEX\?$')
check "… which asks for files or folders, and says nothing is copied" \
  texts_have 'Will It Fit on DUIFITEX?' 'Nothing is copied.'
shoot fits-1-choose "$dialog"

a11y_press 'Choose a Folder…' --window 'Will It Fit on DUIFITEX?' >/dev/null
check "a folder is chosen in the file chooser" choose_folder "$source_folder/names"
wait_until 20 texts_have 'Will It Fit on DUIFITEX?' 'It Does Not Fit as It Is'
check "a folder with names exFAT cannot store and a link does not fit" \
  texts_have 'Will It Fit on DUIFITEX?' 'It Does Not Fit as It Is'
check "… “a:b.txt” is named, with why" texts_have 'Will It Fit on DUIFITEX?' 'a:b.txt'
check "… so is “photo.jpg”, beside “Photo.jpg”" texts_have 'Will It Fit on DUIFITEX?' 'upper and lower case'
check "… and the link, which is not copied" texts_have 'Will It Fit on DUIFITEX?' 'latest.jpg'
check "… and ext4, which takes it all, is offered" window_shows 'Will It Fit on DUIFITEX?' 'Reformat as ext4…'
sleep 0.5
shoot fits-2-names "$dialog"

a11y_press 'Reformat as ext4…' --window 'Will It Fit on DUIFITEX?' >/dev/null
wait_until 20 has_window '^Reformat DUIFITEX$'
check "Reformat as ext4… opens the reformat wizard" has_window '^Reformat DUIFITEX$'
wait_until 10 no_window '^Will It Fit on DUIFITEX\?$'
check "… and closes the dialog" no_window '^Will It Fit on DUIFITEX\?$'
ext4_chosen () {
  a11y objects --window 'Reformat DUIFITEX' --role 'check box' |
    awk -F'\t' '$2 ~ /\(ext4\)/ && (" " $3 " ") ~ / checked / { found = 1 } END { exit !found }'
}
wait_until 10 ext4_chosen
check "… with ext4 chosen" ext4_chosen
sleep 0.5
shoot fits-3-wizard "$(window '^Reformat DUIFITEX$')"
keys Escape
wait_until 10 no_window '^Reformat DUIFITEX$'
check "Escape closes the wizard, which changed nothing" \
  eval "no_window '^Reformat DUIFITEX$' && test \"\$(blkid_value TYPE $device)\" = exfat"

open_volume_menu DUIFITEX
keys f
wait_until 20 has_window '^Will It Fit on DUIFITEX\?$'
dialog=$(window '^Will It Fit on DUIFITEX\?$')
a11y_press 'Choose a Folder…' --window 'Will It Fit on DUIFITEX?' >/dev/null
check "another folder is chosen" choose_folder "$source_folder/small"
wait_until 20 texts_have 'Will It Fit on DUIFITEX?' 'It Fits'
check "a small folder fits, with room for it" \
  eval "texts_have 'Will It Fit on DUIFITEX?' 'It Fits' && texts_have 'Will It Fit on DUIFITEX?' 'there is room'"
check "… and no reformat is offered" eval "! window_shows 'Will It Fit on DUIFITEX?' 'Reformat as ext4…'"
sleep 0.5
shoot fits-4-fits "$dialog"
keys Escape
wait_until 10 no_window '^Will It Fit on DUIFITEX\?$'
check "Escape closes the dialog" no_window '^Will It Fit on DUIFITEX\?$'
check "nothing was copied: the image is byte-identical" test "$(sha256sum "$image")" = "$before"

finish_drives
