#!/bin/bash
# test-drives-reformat.sh: the Drives panel's reformat wizard under Xvfb,
# as the test user against the real udisksd and polkitd: a FAT32 disk
# image reformatted to exFAT with a name through the pointer, then another
# one made a whole ext4 drive with key presses only, with a refused name on
# the way, and a third reformat cancelled while it erases. Each step is a
# screenshot in $PLUG_BUILD_DIR/screenshots; the results are read back
# with blkid and udisks, and every other disk image is byte-identical
# afterwards.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-drives-gui.sh"

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

fat_image=$(new_image fat.img 512M /sbin/mkfs.vfat -F 32 -n DUIFAT32)
# Old data in FAT's data area, which only the erase overwrites.
as_tester dd if=/dev/urandom of="$fat_image" bs=1M seek=300 count=4 conv=notrunc status=none
keys_image=$(new_image keys.img 96M /sbin/mkfs.vfat -F 32 -n DUIKEYFAT)
bystander_image=$(new_image bystander.img 64M /sbin/mkfs.ext4 -q -L DUIBYSTAND)
fat_device=$(attach "$fat_image")
bystander_device=$(attach "$bystander_image")
check "the test user attached a FAT32 image ($fat_device) and a bystander ($bystander_device)" \
  test -n "$fat_device" -a -n "$bystander_device"
wait_until 10 udisks_has "$bystander_device" '.label == "DUIBYSTAND"'
others_before=$(hash_images "$fat_image" "$keys_image")

start_xvfb
start_drives_panel
check "plugboard --panel=drives draws its first frame" test -s "$GUI_DIR/first-frame"
shoot reformat-0-list
check "the list is drawn" test "$(distinct_colors "$shots/reformat-0-list.png")" -gt 50

# --- through the pointer: FAT32 → exFAT “DUI Backup”, this volume, erased -

# Reformat… is the FAT32 volume's own button; its mnemonic reaches it
# wherever the drives are listed.
keys alt+r
wait_until 20 has_window '^Reformat DUIFAT32$'
check "Reformat… opens the wizard for DUIFAT32" has_window '^Reformat DUIFAT32$'
wizard=$(window '^Reformat DUIFAT32$')
sleep 0.5
shoot reformat-1-purpose "$wizard"

click () { xdotool mousemove --window "$wizard" "$1" "$2" click 1 mousemove 850 600; sleep 0.5; }
click 275 170        # Works with all computers (exFAT)
shoot reformat-1-purpose-exfat "$wizard"
check "clicking the exFAT purpose selects it ($(changed reformat-1-purpose reformat-1-purpose-exfat) pixels changed)" \
  test "$(changed reformat-1-purpose reformat-1-purpose-exfat)" -gt 200
click 514 27         # Next
shoot reformat-2-name "$wizard"
check "Next shows the Name step ($(changed reformat-1-purpose-exfat reformat-2-name) pixels changed)" \
  test "$(changed reformat-1-purpose-exfat reformat-2-name)" -gt 5000

keys ctrl+a
xdotool type --delay 40 'DUI Backup'
sleep 0.5
shoot reformat-2-name-typed "$wizard"
click 514 27
shoot reformat-3-scope "$wizard"
check "Next shows the Scope step" test "$(changed reformat-2-name-typed reformat-3-scope)" -gt 5000
click 486 319        # the “Overwrite existing data (slow)” switch
shoot reformat-3-scope-erase "$wizard"
check "clicking “Overwrite existing data” turns it on" test "$(changed reformat-3-scope reformat-3-scope-erase)" -gt 200
click 514 27
sleep 1
shoot reformat-4-confirm "$wizard"
check "Next shows the confirmation" test "$(changed reformat-3-scope reformat-4-confirm)" -gt 5000
check "… and nothing was changed yet" test "$(blkid_value TYPE "$fat_device")|$(blkid_value LABEL "$fat_device")" = "vfat|DUIFAT32"

click 456 27         # Erase and Reformat
sleep 0.3
shoot reformat-5-progress "$wizard"
wait_until 60 no_window '^Reformat DUIFAT32$'
check "the wizard closes when it is done" no_window '^Reformat DUIFAT32$'
sleep 1
shoot reformat-6-list-toast

check "the old data was overwritten with zeros" \
  cmp -s -n $((4 * 1024 * 1024)) <(dd if="$fat_image" bs=1M skip=300 count=4 status=none) /dev/zero
check "blkid reads exFAT “DUI Backup” on $fat_device" \
  test "$(blkid_value TYPE "$fat_device")|$(blkid_value LABEL "$fat_device")" = "exfat|DUI Backup"
check "… and so does udisks" udisks_has "$fat_device" '.filesystem == "exfat" and .label == "DUI Backup"'
mount_point=$(findmnt -n -o TARGET --source "$fat_device")
diag "mounted at: ${mount_point:-nowhere}"
check "the other disk images are byte-identical" test "$(hash_images "$fat_image" "$keys_image")" = "$others_before"
stop_gui
# A mounted filesystem may write to its image at any time (FUSE exFAT,
# ext4's journal): what the next steps compare must be unmounted.
[ -n "$mount_point" ] && as_tester udisksctl unmount --no-user-interaction -b "$fat_device" >/dev/null

# --- key presses only: FAT32 → a whole ext4 drive “DUIKEYS” --------------

keys_device=$(attach "$keys_image")
check "the test user attached a second FAT32 image ($keys_device)" test -n "$keys_device"
wait_until 10 udisks_has "$keys_device" '.label == "DUIKEYFAT"'
others_before=$(hash_images "$keys_image")
start_drives_panel

keys alt+r
wait_until 20 has_window '^Reformat DUIKEYFAT$'
check "alt+R opens the wizard for DUIKEYFAT" has_window '^Reformat DUIKEYFAT$'
keys Escape
wait_until 20 no_window '^Reformat DUIKEYFAT$'
check "Escape cancels it" no_window '^Reformat DUIKEYFAT$'

keys alt+r
wait_until 20 has_window '^Reformat DUIKEYFAT$'
check "alt+R opens it again" has_window '^Reformat DUIKEYFAT$'
wizard=$(window '^Reformat DUIKEYFAT$')
sleep 0.5
shoot reformat-keys-1-purpose "$wizard"
# A disk image gets ext4 (“Linux only”) by default, with the focus on it.
keys Return
shoot reformat-keys-2-name "$wizard"
check "Enter advances to the Name step" test "$(changed reformat-keys-1-purpose reformat-keys-2-name)" -gt 5000

keys ctrl+a
xdotool type --delay 40 'DUI name far too long'
sleep 0.5
shoot reformat-keys-2-name-invalid "$wizard"
keys Return
shoot reformat-keys-2-name-invalid-enter "$wizard"
check "with a name ext4 refuses, Enter stays on the step ($(changed reformat-keys-2-name-invalid reformat-keys-2-name-invalid-enter) pixels changed)" \
  test "$(changed reformat-keys-2-name-invalid reformat-keys-2-name-invalid-enter)" -lt 200
check "… which says why, in red ($(changed reformat-keys-2-name reformat-keys-2-name-invalid) pixels changed)" \
  test "$(changed reformat-keys-2-name reformat-keys-2-name-invalid)" -gt 500

keys ctrl+a
xdotool type --delay 40 'DUIKEYS'
sleep 0.5
keys Return
shoot reformat-keys-3-scope "$wizard"
check "a valid name, and Enter advances to the Scope step" \
  test "$(changed reformat-keys-2-name-invalid reformat-keys-3-scope)" -gt 5000
# The focus is on “This volume only”: Down, then Space, picks the drive.
keys Down space
shoot reformat-keys-3-scope-drive "$wizard"
check "Down and Space choose the whole drive" test "$(changed reformat-keys-3-scope reformat-keys-3-scope-drive)" -gt 200
keys Return
sleep 1
shoot reformat-keys-4-confirm "$wizard"
check "Enter advances to the confirmation" test "$(changed reformat-keys-3-scope-drive reformat-keys-4-confirm)" -gt 5000
check "… and nothing was changed yet" test "$(blkid_value LABEL "$keys_device")" = DUIKEYFAT

# Cancel is the default there: the destructive button takes its mnemonic.
keys alt+e
wait_until 60 no_window '^Reformat DUIKEYFAT$'
check "alt+E erases and reformats, and the wizard closes when done" no_window '^Reformat DUIKEYFAT$'
sleep 1
shoot reformat-keys-5-list-toast

layout=$(sfdisk -d "$keys_device" 2>/dev/null)
check "the drive has a partition table with one partition now" test "$(grep -c '^/dev' <<<"$layout")" = 1
check "… holding ext4 “DUIKEYS”" \
  test "$(blkid_value TYPE "${keys_device}p1")|$(blkid_value LABEL "${keys_device}p1")" = "ext4|DUIKEYS"
check "… which udisks reports too" udisks_has "${keys_device}p1" '.filesystem == "ext4" and .label == "DUIKEYS"'
keys_mount=$(findmnt -n -o TARGET --source "${keys_device}p1")
check "… mounted again at ${keys_mount:-nowhere}, under its name" test "$(basename "${keys_mount:-x}")" = DUIKEYS
check "… and its files belong to the test user" test "$(stat -c %U "${keys_mount:-/nonexistent}" 2>/dev/null)" = "$PLUG_TEST_USER"
check "the other disk images are byte-identical" test "$(hash_images "$keys_image")" = "$others_before"
[ -n "$keys_mount" ] && as_tester udisksctl unmount --no-user-interaction -b "${keys_device}p1" >/dev/null

# --- Cancel while it erases -------------------------------------------------

cancel_image=$(new_image cancel.img 2G /sbin/mkfs.vfat -F 32 -n DUICANCEL)
cancel_device=$(attach "$cancel_image")
wait_until 10 udisks_has "$cancel_device" '.label == "DUICANCEL"'
others_before=$(hash_images "$cancel_image")
keys alt+r
wait_until 20 has_window '^Reformat DUICANCEL$'
wizard=$(window '^Reformat DUICANCEL$')
# ext4, no name change, this volume, overwritten first: 2 GB of zeros.
keys Return Return alt+o Return
sleep 1
keys alt+e
sleep 0.5
shoot reformat-cancel-1-erasing "$wizard"
keys Escape
sleep 3
shoot reformat-cancel-2-result "$wizard"
check "Escape while it erases cancels, and the wizard stays to say so" has_window '^Reformat DUICANCEL$'
check "… which is not the progress page ($(changed reformat-cancel-1-erasing reformat-cancel-2-result) pixels changed)" \
  test "$(changed reformat-cancel-1-erasing reformat-cancel-2-result)" -gt 5000
check "… and nothing was reformatted to ext4" test "$(blkid_value TYPE "$cancel_device")" != ext4
keys Escape
wait_until 20 no_window '^Reformat DUICANCEL$'
check "then Escape closes it" no_window '^Reformat DUICANCEL$'
check "the other disk images are byte-identical" test "$(hash_images "$cancel_image")" = "$others_before"

finish_drives
