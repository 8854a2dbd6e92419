#!/bin/bash
# test-drives-check.sh: the Drives panel's Check and Repair under Xvfb, as
# the test user against the real udisksd and polkitd. An ext4 volume whose
# file's inode was cleared (debugfs clri, as in the system test): Check…
# in its menu says what will happen, and Enter checks it; the dialog says
# errors were found, in words, and nothing changed (e2fsck -n still finds
# them). Its Repair… asks first, naming the volume, its filesystem, size
# and device, and Enter there is Cancel: nothing changes. The volume's
# menu then offers Repair… too; its Repair, confirmed, repairs the volume
# (e2fsck -n finds it clean), the dialog says so, a new check says it is
# clean, and the menu no longer offers Repair…. An exFAT volume's Check…
# says it cannot be checked, and why. Screenshots in
# $PLUG_BUILD_DIR/screenshots.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-drives-gui.sh"

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

tree=$PLUG_STACK_DIR/check-gui-tree-$$
rm -rf "$tree"
mkdir -p "$tree"
chmod 755 "$tree"
echo 'a file to damage' >"$tree/victim"
chmod 644 "$tree/victim"
bad_image=$(new_image bad.img 64M /sbin/mkfs.ext4 -q -L DUICHKBAD -d "$tree")
rm -rf "$tree"
inode=$(/sbin/debugfs -R 'stat /victim' "$bad_image" 2>/dev/null | sed -n 's/^Inode: \([0-9]*\).*/\1/p')
/sbin/debugfs -w -R "clri <$inode>" "$bad_image" >/dev/null 2>&1
exfat_image=$(new_image exfat.img 32M /sbin/mkfs.exfat -L DUICHKEXF)

# e2fsck_says: e2fsck's own verdict on the image, read-only (0 clean, 4
# errors left as they are).
e2fsck_says () { /sbin/e2fsck -f -n "$bad_image" >/dev/null 2>&1; echo $?; }
check "e2fsck itself finds the image damaged (inode ${inode:-?} cleared)" test "$(e2fsck_says)" = 4

bad_device=$(attach "$bad_image")
exfat_device=$(attach "$exfat_image")
wait_until 10 udisks_has "$bad_device" '.label == "DUICHKBAD"'
wait_until 10 udisks_has "$exfat_device" '.label == "DUICHKEXF"'
check "the test user attached both images ($bad_device, $exfat_device)" test -n "$bad_device" -a -n "$exfat_device"
bad_hash=$(sha256sum "$bad_image" | cut -d' ' -f1)
mb=$'\u00a0'MB

# texts_have TEXT: a label shown in any window holds TEXT; says what is
# shown when none does.
texts_have () {
  local texts
  texts=$(a11y texts | plain)
  grep -qF -- "$1" <<<"$texts" && return 0
  echo "no text “$1”; shown: $(tr '\n' '|' <<<"$texts")" >&2
  return 1
}
texts_lack () { ! texts_have "$@" 2>/dev/null; }
# menu_offers NAME ITEM: the volume's menu, opened, shows ITEM; the menu
# is closed again.
menu_offers () {
  local shown
  open_volume_menu "$1" >/dev/null || return 1
  shown=$(a11y texts --window Plugboard | plain)
  keys Escape
  grep -qxF -- "$2" <<<"$shown" && return 0
  echo "the menu of $1 shows: $(tr '\n' '|' <<<"$shown")" >&2
  return 1
}
menu_lacks () { ! menu_offers "$@" 2>/dev/null; }
no_push_button () { ! window_shows "$1" "$2" --role 'push button'; }
# check_dialog NAME: from the volume's menu, Check… by its mnemonic.
check_dialog () {
  open_volume_menu "$1" >/dev/null
  keys c
  wait_until 20 has_window "^Check $1\$"
}

start_xvfb
start_drives_panel
check "the panel lists the damaged volume" panel_has_volume DUICHKBAD
check "… whose menu offers Check…" menu_offers DUICHKBAD 'Check…'
check "… and no Repair… before a check" menu_lacks DUICHKBAD 'Repair…'

# --- checked: errors found, nothing changed ----------------------------------------

check_dialog DUICHKBAD
check "Check… opens “Check DUICHKBAD”" has_window '^Check DUICHKBAD$'
dialog=$(window '^Check DUICHKBAD$')
check "… saying what will check it, and that nothing changes" \
  wait_while_running 20 texts_have 'e2fsck checks the ext4 filesystem on DUICHKBAD for errors, and changes nothing.'
shoot check-1-intro "$dialog"
# Check is the dialog's focus: Enter starts it.
keys Return
check "Enter checks it: errors found" wait_while_running 60 texts_have 'Errors Found'
check "… said in words" \
  texts_have 'e2fsck found errors in the ext4 filesystem, and changed nothing (udisks does not say which errors).'
check "… and nothing changed: the image is byte-identical" \
  test "$(sha256sum "$bad_image" | cut -d' ' -f1)" = "$bad_hash"
shoot check-2-errors "$dialog"

# --- Repair asks first, and Cancel is its default ----------------------------------

# Repair… has the focus now.
keys Return
check "Repair… asks first, naming the volume" wait_while_running 20 texts_have 'Repair DUICHKBAD?'
check "… its filesystem, size and device, and what may be lost" \
  texts_have "e2fsck will change whatever it finds damaged on DUICHKBAD (ext4 · 67.1${mb} · $bad_device), and a damaged file may be lost."
shoot check-3-confirm
keys Return
check "Enter there is Cancel: the question is gone" wait_while_running 20 texts_lack 'Repair DUICHKBAD?'
check "… the dialog still says what it found" texts_have 'Errors Found'
check "… and nothing changed" test "$(sha256sum "$bad_image" | cut -d' ' -f1)/$(e2fsck_says)" = "$bad_hash/4"
keys Escape
wait_until 20 no_window '^Check DUICHKBAD$'
check "Escape closes the dialog" no_window '^Check DUICHKBAD$'

# --- Repair, from the menu -------------------------------------------------------------

check "the volume's menu offers Repair… now" wait_while_running 20 menu_offers DUICHKBAD 'Repair…'
open_volume_menu DUICHKBAD >/dev/null
keys p
check "… which asks first too" wait_while_running 20 texts_have 'Repair DUICHKBAD?'
diag "$(a11y_press Repair)"
check "Repair, pressed, repairs it" wait_while_running 60 texts_have 'e2fsck repaired the ext4 filesystem on DUICHKBAD.'
check "… in a dialog titled “Repair DUICHKBAD”" has_window '^Repair DUICHKBAD$'
shoot check-4-repaired "$(window '^Repair DUICHKBAD$')"
check "e2fsck itself finds the image clean now" test "$(e2fsck_says)" = 0
keys Escape
wait_until 20 no_window '^Repair DUICHKBAD$'

# --- checked again: clean ---------------------------------------------------------------

check_dialog DUICHKBAD
keys Return
check "a new check finds no errors" wait_while_running 60 texts_have 'No Errors Found'
check "… said in words" texts_have 'e2fsck found no errors in the ext4 filesystem on DUICHKBAD.'
shoot check-5-clean "$(window '^Check DUICHKBAD$')"
keys Escape
wait_until 20 no_window '^Check DUICHKBAD$'
check "the menu no longer offers Repair…" menu_lacks DUICHKBAD 'Repair…'

# --- exFAT: cannot be checked ---------------------------------------------------------------

check_dialog DUICHKEXF
check "an exFAT volume's Check… says it cannot be checked" wait_while_running 20 texts_have 'It Cannot Be Checked'
check "… and why" \
  texts_have 'udisks checks and repairs ext2, ext3, ext4, XFS, FAT and NTFS only, so it cannot check or repair exFAT.'
check "… with nothing to press but Close" no_push_button 'Check DUICHKEXF' Check
shoot check-6-exfat "$(window '^Check DUICHKEXF$')"
keys Escape

finish_drives
