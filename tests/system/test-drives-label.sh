#!/bin/bash
# test-drives-label.sh: plugboardctl drives check-label and drives rename (label),
# against the real udisksd and polkitd, as the test user: names checked
# before any daemon call, ext4 renamed mounted and unmounted, FAT, exFAT,
# NTFS and Btrfs renamed (unmounted first when mounted, tried again while
# a program keeps it busy for a moment, refused naming the program when
# for good), polkit's refusal, a system disk image refused, and every
# other disk image left untouched.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"

images=$PLUG_IMAGES_DIR
prefix=$images/drives-label-
ext4_image=${prefix}ext4.img
vfat_image=${prefix}vfat.img
exfat_image=${prefix}exfat.img
ntfs_image=${prefix}ntfs.img
btrfs_image=${prefix}btrfs.img
bystander_image=${prefix}bystander.img
root_image=${prefix}root.img
twin_image=${prefix}twin.img
swap_image=${prefix}swap.img
intruder_image=${prefix}intruder.img
our_images=("$ext4_image" "$vfat_image" "$exfat_image" "$ntfs_image" "$btrfs_image" "$bystander_image" "$root_image"
            "$twin_image" "$swap_image" "$intruder_image")
root_device=

cleanup () {
  local image device
  "$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
  for image in "${our_images[@]}"; do
    for device in $(losetup -j "$image" -O NAME -n 2>/dev/null); do
      umount "$device" 2>/dev/null
      losetup -d "$device"
    done
    rm -f "$image"
  done
}
trap cleanup EXIT

ctl () { as_tester "$PLUGBOARDCTL" "$@"; }
label_of () { blkid -p -s LABEL -o value "$1"; }
mount_point_of () { findmnt -n -o TARGET --source "$1"; }
attach () { as_tester udisksctl loop-setup --no-user-interaction --file "$1" | grep -oE '/dev/loop[0-9]+'; }
# udisks_label DEVICE: the label udisks reports, once udev has probed it.
udisks_label () {
  as_tester "$PLUGBOARDCTL" drives list --json |
    jq -r --arg device "$1" '.[].volumes[] | select(.device == $device) | .label // ""'
}
hash_others () {
  local image
  for image in "$images"/*; do
    [[ " ${our_images[*]} " == *" $image "* ]] && continue
    [ -f "$image" ] && sha256sum "$image"
  done
  sha256sum "$bystander_image"
}

cleanup
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

as_tester truncate -s 64M "$ext4_image" "$bystander_image"
as_tester truncate -s 48M "$vfat_image"
as_tester truncate -s 32M "$exfat_image" "$ntfs_image"
as_tester truncate -s 128M "$btrfs_image"
as_tester /sbin/mkfs.ext4 -q -L PHOTOS "$ext4_image"
as_tester /sbin/mkfs.ext4 -q -L BYSTANDER "$bystander_image"
as_tester /sbin/mkfs.vfat -n CAMERA "$vfat_image" >/dev/null
as_tester /sbin/mkfs.exfat -n STICK "$exfat_image" >/dev/null
as_tester /sbin/mkfs.ntfs -F -Q -L WINDATA "$ntfs_image" >/dev/null 2>&1
as_tester /sbin/mkfs.btrfs -q -L POOL "$btrfs_image" >/dev/null
check "the test user made ext4, FAT, exFAT, NTFS and Btrfs images" \
  test "$(label_of "$ext4_image")$(label_of "$vfat_image")$(label_of "$exfat_image")$(label_of "$ntfs_image")$(label_of "$btrfs_image")" = PHOTOSCAMERASTICKWINDATAPOOL
others_before=$(hash_others)

# --- check-label: no daemon needed --------------------------------------

# A bus address that leads nowhere proves no daemon is asked.
check_label () { as_tester env DBUS_SYSTEM_BUS_ADDRESS=unix:path=/nonexistent "$PLUGBOARDCTL" drives check-label "$@"; }

for case in "vfat|camera|CAMERA" "vfat|ABCDEFGHIJK|ABCDEFGHIJK" "exfat|ééééééééééé|ééééééééééé" \
            "exfat|😀😀😀😀😀|😀😀😀😀😀" "ntfs|Windows Data|Windows Data" "ext4|abcdefghijklmnop|abcdefghijklmnop" \
            "ext4|ДИСКДИСК|ДИСКДИСК" "xfs|abcdefghijkl|abcdefghijkl" "btrfs|my pool|my pool" "ext4|New/Name|New/Name"; do
  IFS='|' read -r type label normalized <<<"$case"
  json=$(check_label --type "$type" --json "$label")
  status=$?
  check "check-label accepts $type “$label” (exit $status)" test $status = 0
  check "… valid is true, the label normalized to “$normalized”" \
    jq_e --arg l "$label" --arg n "$normalized" '.valid == true and .label == $l and .normalized_label == $n and .reason == null' <<<"$json"
  expected_name=${normalized//\//_}
  check "… mounting as “$expected_name” ($(jq -r .mount_point <<<"$json"))" \
    jq_e --arg m "$expected_name" --arg u "$PLUG_TEST_USER" \
      '.mount_name == $m and (.mount_point | endswith("/" + $u + "/" + $m))' <<<"$json"
done

# check_label_json_reason TYPE LABEL REASON: refused (exit 1), with REASON in the JSON.
check_label_json_reason () {
  local json
  json=$(check_label --type "$1" --json "$2" 2>/dev/null)
  [ $? = 1 ] && jq_e --arg r "$3" '.valid == false and .normalized_label == null and (.reason | contains($r))' <<<"$json" >/dev/null
}

for case in "vfat|ABCDEFGHIJKL|at most 11 characters; this one has 12" "vfat|a:b|cannot contain “:”" \
            "vfat|été|not “é”" "exfat|😀😀😀😀😀😀|counts as 12" "ext4|ДИСКДИСКД|counts as 18" \
            "ext4|abcdefghijklmnopq|at most 16" "xfs|a a|cannot contain spaces" "xfs|abcdefghijklm|at most 12"; do
  IFS='|' read -r type label reason <<<"$case"
  output=$(check_label --type "$type" "$label" 2>&1 >/dev/null)
  status=$?
  check "check-label refuses $type “$label” (exit $status)" test $status = 1
  check "… saying why on stderr ($output)" grep -qF "$reason" <<<"$output"
  check "… and in JSON" check_label_json_reason "$type" "$label" "$reason"
done

output=$(check_label --type btrfs $'a\nb' 2>&1)
check "check-label refuses a newline (exit 1)" test $? = 1
check_label --type zfs x >/dev/null 2>&1
check "an unknown type is a usage error (exit $?)" test $? = 2
output=$(check_label --type zfs x 2>&1)
check "… that lists the types" grep -q 'vfat, exfat, ntfs, ext2, ext3, ext4, xfs, btrfs' <<<"$output"
check_label ABC >/dev/null 2>&1
check "a missing --type is a usage error (exit $?)" test $? = 2

# --- attach ---------------------------------------------------------------

ext4_device=$(attach "$ext4_image")
vfat_device=$(attach "$vfat_image")
exfat_device=$(attach "$exfat_image")
ntfs_device=$(attach "$ntfs_image")
btrfs_device=$(attach "$btrfs_image")
bystander_device=$(attach "$bystander_image")
check "udisks attached the images" test -n "$ext4_device" -a -n "$vfat_device" -a -n "$exfat_device" \
  -a -n "$ntfs_device" -a -n "$btrfs_device" -a -n "$bystander_device"
probed () { [ "$(udisks_label "$btrfs_device")" = POOL ] && [ "$(udisks_label "$ntfs_device")" = WINDATA ]; }
wait_until 10 probed

# --- refused names change nothing ---------------------------------------

before=$(sha256sum "$vfat_image")
output=$(ctl drives label "$vfat_device" 'bad:name' 2>&1)
status=$?
check "drives label refuses a FAT name with “:” (exit $status)" test $status = 1
check "… saying why ($output)" grep -qF 'FAT names cannot contain “:”' <<<"$output"
output=$(ctl drives label "$vfat_device" 'WAYTOOLONGNAME' 2>&1)
check "… and a 14-character one (exit $?)" grep -qF 'this one has 14' <<<"$output"
check "… and the image is byte-identical" test "$(sha256sum "$vfat_image")" = "$before"
check "… and still called CAMERA" test "$(label_of "$vfat_image")" = CAMERA

# --- FAT: upper-cased -----------------------------------------------------

# A volume the system attached has the same name: the name still means
# the one volume the user's own list shows.
truncate -s 40M "$twin_image"
/sbin/mkfs.vfat -n CAMERA "$twin_image" >/dev/null
twin_device=$(losetup -f --show "$twin_image")
twin_probed () {
  as_tester "$PLUGBOARDCTL" drives list --all --json |
    jq_e --arg device "$twin_device" 'any(.[].volumes[]; .device == $device and .label == "CAMERA")' >/dev/null
}
wait_until 10 twin_probed
check "the system attached another volume named CAMERA ($twin_device)" twin_probed
twin_before=$(sha256sum "$twin_image")
output=$(ctl drives label CAMERA travel)
status=$?
check "FAT image renamed by its label (exit $status)" test $status = 0
check "… saying what it renames ($(head -n 1 <<<"$output"))" grep -qF "Renaming $vfat_device (CAMERA, FAT" <<<"$output"
check "… the name comes back upper-cased: blkid reads TRAVEL" test "$(label_of "$vfat_image")" = TRAVEL
check "… and udisks too" test "$(udisks_label "$vfat_device")" = TRAVEL
check "… and the system's volume named CAMERA is byte-identical" test "$(sha256sum "$twin_image")" = "$twin_before"
losetup -d "$twin_device"

# --- ext4, unmounted and mounted -------------------------------------------

# "drives rename" here; the other checks use its first name, "label",
# which scripts still call.
json=$(ctl drives rename PHOTOS Holidays --json)
check "ext4 image renamed while unmounted, by “drives rename” (exit $?)" jq_e '.label == "Holidays" and .old_label == "PHOTOS" and .mount_point == null and .remounted == false' <<<"$json"
check "… blkid reads Holidays" test "$(label_of "$ext4_image")" = Holidays

as_tester udisksctl mount --no-user-interaction --block-device "$ext4_device" >/dev/null
old_mount_point=$(mount_point_of "$ext4_device")
check "the test user mounted the ext4 image at $old_mount_point" test "$old_mount_point" = "$(dirname "$old_mount_point")/Holidays"
uuid=$(blkid -p -s UUID -o value "$ext4_image")
json=$(ctl drives label "$uuid" Summer --json)
status=$?
check "mounted ext4 image renamed by its UUID (exit $status)" test $status = 0
# Mounted, the new superblock may still sit in the device's cache: read the device.
check "… blkid reads Summer" test "$(label_of "$ext4_device")" = Summer
check "… it stays mounted where it was: udisks does not move it ($(mount_point_of "$ext4_device"))" \
  test "$(mount_point_of "$ext4_device")" = "$old_mount_point"
check "… which JSON says, without remounting" jq_e --arg m "$old_mount_point" '.mount_point == $m and .remounted == false' <<<"$json"
next=$(jq -r .next_mount_point <<<"$json")
as_tester udisksctl unmount --no-user-interaction --block-device "$ext4_device" >/dev/null
as_tester udisksctl mount --no-user-interaction --block-device "$ext4_device" >/dev/null
check "… and next time it mounts where predicted ($next)" test "$(mount_point_of "$ext4_device")" = "$next"

# --- exFAT: counted in UTF-16 ----------------------------------------------

ctl drives label "$exfat_device" 'Backup Drive' >/dev/null 2>&1
check "a 12-character exFAT name is refused (exit $?)" test $? = 1
check "… and exFAT image keeps its name" test "$(label_of "$exfat_image")" = STICK
ctl drives label "$exfat_device" 'Backup 😀' >/dev/null
check "exFAT image renamed (exit $?)" test $? = 0
check "… blkid reads “Backup 😀”" test "$(label_of "$exfat_image")" = 'Backup 😀'

# --- NTFS, mounted: unmounted, renamed, mounted again ---------------------

as_tester udisksctl mount --no-user-interaction --block-device "$ntfs_device" >/dev/null
check "the test user mounted the NTFS image" test -n "$(mount_point_of "$ntfs_device")"
busy_mount_point=$(mount_point_of "$ntfs_device")

# A program of the user's inside it, for good: the unmount is refused,
# and after a few tries the rename says why, changing nothing.
as_tester bash -c 'cd "$1" && exec sleep 60' sh "$busy_mount_point" &
holder=$!
sleep 0.5
# The sleep working in the volume: the one started here, under runuser.
sleeper=
for pid in $(pgrep -x -u "$PLUG_TEST_USER" sleep); do
  [ "$(readlink "/proc/$pid/cwd")" = "$busy_mount_point" ] && sleeper=$pid
done
output=$(ctl drives label "$ntfs_device" 'Busy Data' 2>&1)
status=$?
check "with a program working in the NTFS volume, renaming it fails (exit $status)" test $status = 1
check "… naming the program and its process ($(tail -n 1 <<<"$output"))" \
  grep -qF "could not be: sleep is working in a folder on it (process $sleeper); close what uses it, then try again (Error unmounting $ntfs_device: target is busy)" <<<"$output"
check "… and the NTFS image keeps its name" test "$(label_of "$ntfs_image")" = WINDATA
check "… mounted where it was" test "$(mount_point_of "$ntfs_device")" = "$busy_mount_point"
# runuser does not pass the signal on: it goes to its child.
kill "$sleeper"; wait "$holder" 2>/dev/null

# Busy for a moment only, as a file manager's or plugboardctl's own look
# at how full it is makes it: the unmount is tried again.
as_tester bash -c 'cd "$1" && exec sleep 1' sh "$busy_mount_point" &
holder=$!
sleep 0.3
output=$(ctl drives label "$ntfs_device" 'Busy Data' 2>&1)
status=$?
wait "$holder"
check "with a program in the NTFS volume for a second, renaming it works (exit $status)" test $status = 0 ||
  diag "its output:" "$output"
check "… blkid reads “Busy Data”" test "$(label_of "$ntfs_image")" = 'Busy Data'
ctl drives label "$ntfs_device" WINDATA >/dev/null
check "… and it is named back (exit $?)" test "$(label_of "$ntfs_image")" = WINDATA
output=$(ctl drives label "$ntfs_device" 'Win Data' 2>&1)
status=$?
check "mounted NTFS image renamed (exit $status)" test $status = 0 || diag "its output:" "$output"
check "… saying it unmounts first" grep -q 'Unmounting it first' <<<"$output"
check "… blkid reads “Win Data”" test "$(label_of "$ntfs_image")" = 'Win Data'
new_mount_point=$(mount_point_of "$ntfs_device")
check "… mounted again under its new name ($new_mount_point)" test "$(basename "$new_mount_point")" = 'Win Data'
check "… which it says" grep -qF "Mounted again at $new_mount_point" <<<"$output"

# --- Btrfs ---------------------------------------------------------------

ctl drives label POOL 'my pool' >/dev/null
check "Btrfs image renamed (exit $?)" test $? = 0
check "… blkid reads “my pool”" test "$(label_of "$btrfs_image")" = 'my pool'

# --- polkit says no ------------------------------------------------------

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" deny
output=$(ctl drives label "$btrfs_device" denied 2>&1)
status=$?
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
check "with polkit refusing, renaming fails (exit $status)" test $status = 1
check "… saying so plainly ($output)" grep -q 'Could not rename .*: Not authorized: ' <<<"$output"
check "… and the name is unchanged" test "$(label_of "$btrfs_image")" = 'my pool'

# --- a disk image root attached --------------------------------------------

truncate -s 32M "$root_image"
/sbin/mkfs.ext4 -q -L ROOTLOOP "$root_image"
root_device=$(losetup -f --show "$root_image")
root_probed () { [ "$(udisks_label "$root_device")" = ROOTLOOP ]; }
wait_until 10 root_probed
before=$(sha256sum "$root_image")
output=$(ctl drives label "$root_device" STOLEN 2>&1)
status=$?
check "a disk image root attached is refused (exit $status)" test $status = 1
check "… with the reason ($output)" grep -q 'Will not rename .*: .*' <<<"$output"
ctl drives label ROOTLOOP STOLEN >/dev/null 2>&1
check "… also when named by its label (exit $?)" test $? = 1
check "… and it is byte-identical" test "$(sha256sum "$root_image")" = "$before"

ctl drives label NOSUCHVOLUME x >/dev/null 2>&1
check "an unknown volume fails (exit $?)" test $? = 1

# --- the medium changes between confirmation and SetLabel -------------------
if has_test_hooks; then
  # The operation pauses right before its last check (a hook of development
  # builds); meanwhile the image is detached and another of the same size
  # attached by root at the same device, as a card swapped in a reader.
  pause_file=${prefix}pause
  rm -f "$pause_file"
  as_tester truncate -s 40M "$swap_image"
  truncate -s 40M "$intruder_image"
  as_tester /sbin/mkfs.vfat -n SWAPME "$swap_image" >/dev/null
  /sbin/mkfs.vfat -n INTRUDER "$intruder_image" >/dev/null
  swap_device=$(attach "$swap_image")
  swap_probed () { [ "$(udisks_label "$swap_device")" = SWAPME ]; }
  wait_until 10 swap_probed
  swap_before=$(sha256sum "$swap_image")
  intruder_before=$(sha256sum "$intruder_image")
  as_tester env PLUG_TEST_RENAME_PAUSE_FILE="$pause_file" "$PLUGBOARDCTL" drives rename "$swap_device" WRONG \
    </dev/null >"$PLUG_STACK_DIR/rename-swap-output" 2>&1 &
  rename_pid=$!
  wait_until 10 test -f "$pause_file"
  check "the rename paused before its last check" test -f "$pause_file"
  as_tester udisksctl unmount --no-user-interaction --block-device "$swap_device" >/dev/null 2>&1
  as_tester udisksctl loop-delete --no-user-interaction --block-device "$swap_device"
  swapped=no
  losetup "$swap_device" "$intruder_image" && swapped=yes
  check "root attached another image of the same size at $swap_device" test $swapped = yes
  intruder_probed () { [ "$(as_tester "$PLUGBOARDCTL" drives list --all --json |
    jq -r --arg device "$swap_device" '.[].volumes[] | select(.device == $device) | .label // ""')" = INTRUDER ]; }
  wait_until 10 intruder_probed
  rm -f "$pause_file"
  wait $rename_pid
  status=$?
  output=$(cat "$PLUG_STACK_DIR/rename-swap-output")
  check "the swapped medium is not renamed (exit $status)" test $status = 1
  check "… saying it is no longer the volume confirmed ($(tail -n 1 <<<"$output"))" \
    grep -qF "$swap_device is no longer the volume you confirmed" <<<"$output"
  check "… and that nothing was renamed" grep -qF 'Nothing was renamed' <<<"$output"
  check "… the medium now attached still reads INTRUDER" test "$(label_of "$intruder_image")" = INTRUDER
  check "… and is byte-identical" test "$(sha256sum "$intruder_image")" = "$intruder_before"
  check "… and so is the one that was detached" test "$(sha256sum "$swap_image")" = "$swap_before"
  losetup -d "$swap_device"
else
  skip "the medium changing between confirmation and SetLabel: needs a development build (-Dprofile=development) for its pause hook"
fi

# --- nothing else touched ----------------------------------------------------

check "every other disk image is byte-identical" test "$(hash_others)" = "$others_before"

finish
