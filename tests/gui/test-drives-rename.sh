#!/bin/bash
# test-drives-rename.sh: the Drives panel's Rename dialog under Xvfb, as
# the test user against the real udisksd and polkitd, with key presses: a
# mounted ext4 volume renamed where it is, a mounted Btrfs volume
# unmounted, renamed and mounted again under its new name (and, while a
# program is inside it, refused with the program named, then renamed by
# Try Again once it left), and an unmounted FAT volume, whose refused name
# says why, and whose new name another mounted volume has already, which
# the dialog warns of. Read back with blkid, udisks and findmnt; the other
# images are byte-identical afterwards.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-drives-gui.sh"

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

ext_image=$(new_image ext.img 64M /sbin/mkfs.ext4 -q -L DUIEXTOLD)
btrfs_image=$(new_image btrfs.img 128M /sbin/mkfs.btrfs -q -L DUIBTROLD)
fat_image=$(new_image fat.img 64M /sbin/mkfs.vfat -F 32 -n DUIFATOLD)
bystander_image=$(new_image bystander.img 32M /sbin/mkfs.ext4 -q -L DUIRNBYSTAND)
bystander_device=$(attach "$bystander_image")
wait_until 10 udisks_has "$bystander_device" '.label == "DUIRNBYSTAND"'
check "the test user attached a bystander image ($bystander_device)" seen_by_udisks "$bystander_image"
# Root's: attached by root, so that the panel does not list it, and
# mounted by the test user, where udisks would mount the FAT volume.
same_name_image=${image_prefix}same-name.img
rm -f "$same_name_image"
truncate -s 32M "$same_name_image"
/sbin/mkfs.ext4 -q -L DUINEW "$same_name_image"
same_name_device=
remove_same_name () {
  if [ -n "$same_name_device" ]; then
    umount "$same_name_device" 2>/dev/null
    losetup -d "$same_name_device" 2>/dev/null
  fi
  rm -f "$same_name_image"
}
trap 'remove_same_name; drives_cleanup' EXIT
others_before=$(hash_images "$ext_image" "$btrfs_image" "$fat_image" "$same_name_image")
start_xvfb

# rename_dialog NAME TITLE: from a fresh window, the menu of the volume
# named NAME, then Rename… by its mnemonic; waits for the dialog titled
# TITLE.
rename_dialog () {
  open_volume_menu "$1"
  keys n
  wait_until 20 has_window "^$2\$"
}

# --- ext4, mounted: renamed in place ---------------------------------------

ext_device=$(attach "$ext_image")
wait_until 10 udisks_has "$ext_device" '.label == "DUIEXTOLD"'
as_tester udisksctl mount --no-user-interaction --block-device "$ext_device" >/dev/null
ext_mount=$(findmnt -n -o TARGET --source "$ext_device")
check "the test user attached and mounted an ext4 image at $ext_mount" test -n "$ext_mount"
start_drives_panel
rename_dialog DUIEXTOLD 'Rename DUIEXTOLD'
check "the volume's menu opens Rename for DUIEXTOLD" has_window '^Rename DUIEXTOLD$'
dialog=$(window '^Rename DUIEXTOLD$')
sleep 0.5
shoot rename-ext-1-open "$dialog"
keys ctrl+a
xdotool type --delay 40 'DUI Ext New'
sleep 0.5
shoot rename-ext-2-typed "$dialog"
keys Return
wait_until 20 no_window '^Rename DUIEXTOLD$'
check "Enter renames, and the dialog closes when done" no_window '^Rename DUIEXTOLD$'
sleep 0.5
shoot rename-ext-3-toast
check "blkid reads “DUI Ext New”" test "$(blkid_value LABEL "$ext_device")" = 'DUI Ext New'
check "… and so does udisks" udisks_has "$ext_device" '.label == "DUI Ext New"'
check "… renamed while mounted: still mounted at $ext_mount" test "$(findmnt -n -o TARGET --source "$ext_device")" = "$ext_mount"
stop_gui
as_tester udisksctl unmount --no-user-interaction --block-device "$ext_device" >/dev/null
detach "$ext_device"

# --- Btrfs, mounted: unmounted, renamed, mounted again ------------------------

btrfs_device=$(attach "$btrfs_image")
wait_until 10 udisks_has "$btrfs_device" '.label == "DUIBTROLD"'
as_tester udisksctl mount --no-user-interaction --block-device "$btrfs_device" >/dev/null
btrfs_mount=$(findmnt -n -o TARGET --source "$btrfs_device")
check "the test user attached and mounted a Btrfs image at $btrfs_mount" test -n "$btrfs_mount"
start_drives_panel
rename_dialog DUIBTROLD 'Rename DUIBTROLD'
check "the volume's menu opens Rename for DUIBTROLD" has_window '^Rename DUIBTROLD$'
dialog=$(window '^Rename DUIBTROLD$')
sleep 0.5
shoot rename-btrfs-1-open "$dialog"
keys ctrl+a
xdotool type --delay 40 'DUIBTRNEW'
sleep 0.5
shoot rename-btrfs-2-typed "$dialog"
keys Return
wait_until 20 no_window '^Rename DUIBTROLD$'
check "Enter renames, and the dialog closes when done" no_window '^Rename DUIBTROLD$'
sleep 0.5
shoot rename-btrfs-3-toast
check "blkid reads “DUIBTRNEW”" test "$(blkid_value LABEL "$btrfs_device")" = DUIBTRNEW
check "… and so does udisks" udisks_has "$btrfs_device" '.label == "DUIBTRNEW"'
new_mount=$(findmnt -n -o TARGET --source "$btrfs_device")
check "… mounted again, now at ${new_mount:-nowhere}" test "$(basename "${new_mount:-x}")" = DUIBTRNEW

# A terminal of the user's inside it: unmounting stays refused, and the
# dialog names the program and offers to try again, which works once the
# terminal has left.
as_tester bash -c 'cd "$1" && exec sleep 120' sh "$new_mount" &
holder=$!
sleep 0.5
rename_dialog DUIBTRNEW 'Rename DUIBTRNEW'
dialog=$(window '^Rename DUIBTRNEW$')
keys ctrl+a
xdotool type --delay 40 'DUIBTRBUSY'
keys Return
sleep 6
shoot rename-btrfs-4-busy "$dialog"
check "with a program inside the volume, the dialog stays open, saying it could not" has_window '^Rename DUIBTRNEW$'
check "… and nothing was renamed" test "$(blkid_value LABEL "$btrfs_device")" = DUIBTRNEW
check "… still mounted where it was" test "$(findmnt -n -o TARGET --source "$btrfs_device")" = "$new_mount"
# runuser does not pass the signal on: it goes to its child.
pkill -P "$holder"; wait "$holder" 2>/dev/null
keys alt+t
wait_until 20 no_window '^Rename DUIBTRNEW$'
check "the program gone, Try Again renames, and the dialog closes" no_window '^Rename DUIBTRNEW$'
check "… blkid reads “DUIBTRBUSY”" test "$(blkid_value LABEL "$btrfs_device")" = DUIBTRBUSY
stop_gui
as_tester udisksctl unmount --no-user-interaction --block-device "$btrfs_device" >/dev/null
detach "$btrfs_device"

# --- FAT, not mounted: a refused name, then one FAT stores upper-case ------

fat_device=$(attach "$fat_image")
wait_until 10 udisks_has "$fat_device" '.label == "DUIFATOLD"'
same_name_device=$(losetup -f --show "$same_name_image")
same_name_listed () {
  as_tester "$PLUG_BUILD_DIR/app/cli/plugboardctl" drives list --all --json |
    jq_e --arg d "$same_name_device" 'any(.[].volumes[]; .device == $d and .label == "DUINEW")' >/dev/null
}
wait_until 10 same_name_listed
same_name_mount=$(as_tester udisksctl mount --no-user-interaction --block-device "$same_name_device" | sed -n 's/^Mounted .* at \(.*\)$/\1/p')
check "another volume named DUINEW is mounted (${same_name_mount:-nowhere}), one the panel does not list" \
  test "$(basename "${same_name_mount:-x}")" = DUINEW
start_drives_panel
# A FAT volume's row has its Reformat… button before the menu.
rename_dialog DUIFATOLD 'Rename DUIFATOLD'
check "the volume's menu opens Rename for DUIFATOLD" has_window '^Rename DUIFATOLD$'
dialog=$(window '^Rename DUIFATOLD$')
sleep 0.5
shoot rename-fat-1-open "$dialog"
keys ctrl+a
xdotool type --delay 40 'dui:new'
sleep 0.5
shoot rename-fat-2-invalid "$dialog"
check "a name with “:” is refused, and says why ($(changed rename-fat-1-open rename-fat-2-invalid) pixels changed)" \
  test "$(changed rename-fat-1-open rename-fat-2-invalid)" -gt 500
keys Return
sleep 1
check "… Enter does nothing then" has_window '^Rename DUIFATOLD$'
check "… and nothing was renamed" test "$(blkid_value LABEL "$fat_device")" = DUIFATOLD
keys BackSpace BackSpace BackSpace BackSpace
xdotool type --delay 40 'new'
sleep 0.5
shoot rename-fat-3-valid "$dialog"
check "… the dialog warns that another mounted volume is named DUINEW" \
  says 'Rename DUIFATOLD' 'Another mounted volume is already named “DUINEW”'
check "… and that it will be mounted at ${same_name_mount:-nowhere}1, as udisks would number it" \
  says 'Rename DUIFATOLD' "It will be saved as “DUINEW” and mounted at ${same_name_mount:-nowhere}1"
keys Return
wait_until 20 no_window '^Rename DUIFATOLD$'
check "a valid name renames it" no_window '^Rename DUIFATOLD$'
sleep 0.5
shoot rename-fat-4-toast
check "blkid reads “DUINEW”, upper-cased as FAT stores it" test "$(blkid_value LABEL "$fat_device")" = DUINEW
check "… and so does udisks" udisks_has "$fat_device" '.label == "DUINEW"'
check "… and it is still not mounted" test -z "$(findmnt -n -o TARGET --source "$fat_device")"

check "the other disk images are byte-identical" \
  others_identical "$others_before" "$ext_image" "$btrfs_image" "$fat_image" "$same_name_image"
finish_drives
