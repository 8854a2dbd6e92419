#!/bin/bash
# test-drives-format.sh: plugboardctl drives format against the real
# udisksd and polkitd, as the test user: every filesystem whose mkfs is
# installed, names refused before any daemon call, a whole drive with a
# partition table, --erase, the question asked on a terminal and refused
# without one, a disk image root attached and one another user attached,
# polkit's refusal, the drive swapped between confirmation and Format,
# and every other disk image left untouched.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"

images=$PLUG_IMAGES_DIR
prefix=$images/drives-format-
volume_image=${prefix}volume.img
xfs_image=${prefix}xfs.img
whole_image=${prefix}whole.img
erase_image=${prefix}erase.img
swap_image=${prefix}swap.img
intruder_image=${prefix}intruder.img
medium_image=${prefix}medium.img
medium_whole_image=${prefix}medium-whole.img
bystander_image=${prefix}bystander.img
root_image=${prefix}root.img
our_images=("$volume_image" "$xfs_image" "$whole_image" "$erase_image" "$swap_image" "$intruder_image"
            "$medium_image" "$medium_whole_image" "$bystander_image" "$root_image")
# The test user writes it.
pause_file=$images/drives-format-pause

cleanup () {
  local image device
  "$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
  rm -f "$pause_file"
  for image in "${our_images[@]}"; do
    for device in $(losetup -j "$image" -O NAME -n 2>/dev/null); do
      for mount_point in $(findmnt -n -o TARGET --source "$device" 2>/dev/null; findmnt -n -o TARGET --source "${device}p1" 2>/dev/null); do
        umount "$mount_point" 2>/dev/null
      done
      losetup -d "$device"
    done
    rm -f "$image"
  done
}
trap cleanup EXIT

ctl () { as_tester "$PLUGBOARDCTL" "$@" </dev/null; }
blkid_value () { blkid -p -s "$1" -o value "$2"; }
attach () { as_tester udisksctl loop-setup --no-user-interaction --file "$1" | grep -oE '/dev/loop[0-9]+'; }
udisks_volume () {
  as_tester "$PLUGBOARDCTL" drives list --all --json |
    jq -c --arg device "$1" '.[].volumes[] | select(.device == $device)'
}
# unmount_as_tester DEVICE: leave the volume unmounted for the next step.
unmount_as_tester () {
  [ -n "$(findmnt -n -o TARGET --source "$1")" ] &&
    as_tester udisksctl unmount --no-user-interaction --block-device "$1" >/dev/null
  return 0
}

cleanup
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

as_tester truncate -s 128M "$volume_image"
as_tester truncate -s 64M "$erase_image" "$swap_image" "$intruder_image" "$medium_image" "$medium_whole_image" "$bystander_image"
as_tester truncate -s 320M "$xfs_image"
as_tester truncate -s 96M "$whole_image"
as_tester /sbin/mkfs.vfat -n OLDSTICK "$volume_image" >/dev/null
as_tester /sbin/mkfs.ext4 -q -L FMTBYSTAND "$bystander_image"
as_tester /sbin/mkfs.ext4 -q -L FMTINTRUDER "$intruder_image"
as_tester /sbin/mkfs.ext4 -q -L FMTSWAP "$swap_image"
as_tester /sbin/mkfs.ext4 -q -L FMTERASE "$erase_image"
as_tester /sbin/mkfs.ext4 -q -L FMTMEDIUM "$medium_image"
volume_device=$(attach "$volume_image")
xfs_device=$(attach "$xfs_image")
whole_device=$(attach "$whole_image")
erase_device=$(attach "$erase_image")
swap_device=$(attach "$swap_image")
medium_device=$(attach "$medium_image")
medium_whole_device=$(attach "$medium_whole_image")
bystander_device=$(attach "$bystander_image")
check "the test user attached the disk images" test -n "$volume_device" -a -n "$xfs_device" -a -n "$whole_device" \
  -a -n "$erase_device" -a -n "$swap_device" -a -n "$medium_device" -a -n "$medium_whole_device" -a -n "$bystander_device"
probed () { [ "$(udisks_volume "$bystander_device" | jq -r .label)" = FMTBYSTAND ]; }
wait_until 10 probed
bystander_before=$(sha256sum "$bystander_image")

# --- refused before any daemon call -------------------------------------

# A bus address that leads nowhere proves no daemon is asked.
no_daemon () { as_tester env DBUS_SYSTEM_BUS_ADDRESS=unix:path=/nonexistent "$PLUGBOARDCTL" drives format "$@" </dev/null; }
before=$(sha256sum "$volume_image")
for case in "vfat|a:b|FAT names cannot contain “:”" "vfat|ABCDEFGHIJKL|this one has 12" \
            "ext4|abcdefghijklmnopq|at most 16" "exfat|😀😀😀😀😀😀|counts as 12" "xfs|a a|cannot contain spaces" \
            "btrfs|$(printf 'a\tb')|control characters"; do
  IFS='|' read -r type label reason <<<"$case"
  output=$(no_daemon "$volume_device" --type "$type" --label "$label" --yes 2>&1)
  status=$?
  check "$type “$label” is refused without asking udisks (exit $status)" test $status = 1
  check "… saying why ($output)" grep -qF "$reason" <<<"$output"
  output=$(ctl drives format "$volume_device" --type "$type" --label "$label" --yes 2>&1)
  check "… and with udisks running too (exit $?)" grep -qF "$reason" <<<"$output"
done
check "… and the image is byte-identical" test "$(sha256sum "$volume_image")" = "$before"

no_daemon "$volume_device" --type zfs --yes >/dev/null 2>&1
check "an unknown type is a usage error (exit $?)" test $? = 2
# FAT does not mount on this kernel: its files cannot be read, so none
# can be kept, and nothing is done.
output=$(ctl drives format "$volume_device" --type ext4 --keep-files --yes 2>&1)
status=$?
check "--keep-files on a volume that is not mounted is refused (exit $status)" test $status = 1
check "… saying it must be mounted ($output)" grep -qF "$volume_device is not mounted, so its files cannot be read" <<<"$output"
check "… and the image is byte-identical" test "$(sha256sum "$volume_image")" = "$before"

# --- no confirmation, no reformat --------------------------------------

output=$(ctl drives format "$volume_device" --type ext4 --label FMTNOPE 2>&1)
status=$?
check "without --yes and without a terminal it refuses (exit $status)" test $status = 1
check "… saying so ($(tail -n 1 <<<"$output"))" grep -qF 'without a confirmation' <<<"$output"
check "… after showing what would be lost" grep -qF "All data on this volume will be lost" <<<"$output"
check "… naming the volume, its name and type" grep -qF "$volume_device: “OLDSTICK”, FAT" <<<"$output"
check "… and the image is byte-identical" test "$(sha256sum "$volume_image")" = "$before"

# On a terminal (script gives it one), it asks; anything but yes is no.
on_terminal () { printf '%s\n' "$1" | as_tester script -qec "$2" /dev/null; }
output=$(on_terminal n "$PLUGBOARDCTL drives format $volume_device --type ext4 --label FMTASKED")
status=$?
check "on a terminal it shows what will be lost and asks (exit $status)" \
  grep -qF "Reformat $volume_device? Everything listed above will be lost. [y/N]" <<<"$output"
check "… after naming the volume" grep -qF "$volume_device: “OLDSTICK”, FAT" <<<"$output"
check "… answered n, it changes nothing" test $status = 1 -a "$(sha256sum "$volume_image")" = "$before"
output=$(on_terminal y "$PLUGBOARDCTL drives format $volume_device --type ext4 --label FMTASKED")
status=$?
check "… answered y, it reformats (exit $status)" \
  test $status = 0 -a "$(blkid_value TYPE "$volume_device")|$(blkid_value LABEL "$volume_device")" = "ext4|FMTASKED"

# --- every filesystem -----------------------------------------------------

# TYPE LABEL EXPECTED-LABEL DEVICE
for case in "ext4|FMT Ext4|FMT Ext4|$volume_device" "vfat|fmtfat|FMTFAT|$volume_device" \
            "exfat|FMT exFAT|FMT exFAT|$volume_device" "ntfs|FMT NTFS|FMT NTFS|$volume_device" \
            "btrfs|FMT Btrfs|FMT Btrfs|$volume_device" "xfs|FMTXFS|FMTXFS|$xfs_device"; do
  IFS='|' read -r type label expected device <<<"$case"
  if ! command -v "/sbin/mkfs.$type" >/dev/null; then
    not_ok "mkfs.$type is installed on this machine"
    continue
  fi
  unmount_as_tester "$device"
  json=$(ctl drives format "$device" --type "$type" --label "$label" --yes --json 2>"$PLUG_STACK_DIR/format-stderr")
  status=$?
  check "$type: reformatted $device (exit $status)" test $status = 0
  check "… blkid reads $type “$expected”" \
    test "$(blkid_value TYPE "$device")|$(blkid_value LABEL "$device")" = "$type|$expected"
  check "… udisks too" jq_e --arg t "$type" --arg l "$expected" '.filesystem == $t and .label == $l' <<<"$(udisks_volume "$device")"
  check "… and the JSON result" jq_e --arg t "$type" --arg l "$expected" --arg d "$device" \
    '.filesystem == $t and .label == $l and .device == $d and .uuid != null' <<<"$json"
  mount_point=$(jq -r '.mount_point // empty' <<<"$json")
  mount_error=$(jq -r '.mount_error // empty' <<<"$json")
  case $type in
    vfat|exfat)
      # This kernel has no FAT driver, and exFAT mounts only through FUSE
      # when /etc/filesystems says so: reformatted all the same, and said so.
      check "… mounted at $mount_point, or not mounted and why ($mount_error)" \
        test -n "$mount_point" -a "$(findmnt -n -o TARGET --source "$device")" = "$mount_point" \
          -o -n "$mount_error" -a -z "$mount_point" ;;
    *)
      check "… mounted again at $mount_point" \
        test -n "$mount_point" -a "$(findmnt -n -o TARGET --source "$device")" = "$mount_point" ;;
  esac
  case $type in ext4|btrfs|xfs)
    check "… its root belongs to the test user" test "$(stat -c %U "$mount_point")" = "$PLUG_TEST_USER" ;;
  esac
done
check "the bystander image is byte-identical" test "$(sha256sum "$bystander_image")" = "$bystander_before"

# Mounted now (btrfs): unmounted first, and said so.
output=$(ctl drives format "$volume_device" --type ext4 --label FMTAGAIN --yes)
check "a mounted volume is unmounted first (exit $?)" grep -qF "Unmounting $volume_device" <<<"$output"
check "… the last line names the label, type and mount point" \
  grep -qE "^Reformatted $volume_device as ext4 named “FMTAGAIN”, mounted at /.*/FMTAGAIN[0-9]*$" <<<"$(tail -n 1 <<<"$output")"

# --- the whole drive --------------------------------------------------------

# Two partitions, the first one FAT: what a camera card looks like. Made
# through udisks, just before they are used: this kernel does not scan a
# loop device's partitions (udisks adds those it creates), and drops them
# when something makes it read the table again, as the other lanes' disk
# images coming and going may, minutes after.
udisks_call () {
  as_tester gdbus call --system -d org.freedesktop.UDisks2 \
    -o "/org/freedesktop/UDisks2/block_devices/$(basename "$whole_device")" -m "org.freedesktop.UDisks2.$1" "${@:2}" >/dev/null
}
udisks_call Block.Format dos '{}'
udisks_call PartitionTable.CreatePartitionAndFormat 1048576 41943040 '' '' '{}' vfat "{'label': <'FMTCARD'>}"
udisks_call PartitionTable.CreatePartitionAndFormat 44040192 0 '' '' '{}' ext4 "{'label': <'FMTCARDEXT'>}"
wait_until 10 eval '[ "$(udisks_volume "${whole_device}p2" | jq -r .label)" = FMTCARDEXT ]'
# Tried again for a while: with the other lanes' images coming and going,
# udisks may refuse a mount for a moment.
mount_p2 () { mount_p2_said=$(as_tester udisksctl mount --no-user-interaction --block-device "${whole_device}p2" 2>&1); }
mount_p2_said=
wait_until 10 mount_p2 ||
  diag "mounting ${whole_device}p2: $mount_p2_said" "$(lsblk -o NAME,FSTYPE,LABEL,MOUNTPOINT "$whole_device" 2>&1)"
mounted_partition=$(findmnt -n -o TARGET --source "${whole_device}p2" | head -n 1)
check "the test user mounted the drive's second partition (at ${mounted_partition:-nowhere})" \
  eval 'test -n "$mounted_partition" && mountpoint -q "$mounted_partition"'
json=$(ctl drives format "$whole_device" --whole-drive --type exfat --label FMTWHOLE --yes --json 2>/dev/null)
status=$?
check "the whole drive reformatted (exit $status)" test $status = 0
layout=$(sfdisk -d "$whole_device")
check "… one partition now ($(grep -c '^/dev' <<<"$layout"))" test "$(grep -c '^/dev' <<<"$layout")" = 1
check "… in an MBR partition table" grep -q '^label: dos' <<<"$layout"
check "… which fills the drive" test "$(sfdisk -l -o END -q "$whole_device" | tail -n 1 | tr -d ' ')" -ge 190000
check "… holding exFAT “FMTWHOLE”" test "$(blkid_value TYPE "${whole_device}p1")|$(blkid_value LABEL "${whole_device}p1")" = "exfat|FMTWHOLE"
check "… the JSON names the new partition" jq_e --arg d "${whole_device}p1" '.device == $d and .whole_drive == true' <<<"$json"
check "… the partition that was mounted (at ${mounted_partition:-nowhere}) was unmounted first" \
  eval 'test -n "$mounted_partition" && ! mountpoint -q "$mounted_partition"'

# --- erase -------------------------------------------------------------------

as_tester dd if=/dev/urandom of="$erase_image" bs=1M seek=40 count=4 conv=notrunc status=none
# FAT writes only its first sectors, so the data area shows the erase.
output=$(ctl drives format "$erase_device" --type vfat --label FMTZEROED --erase --yes)
check "--erase reformats (exit $?)" test "$(blkid_value LABEL "$erase_device")" = FMTZEROED
check "… saying it overwrites with zeros" grep -qF 'Overwriting' <<<"$output"
check "… and the random data past the filesystem's metadata is gone" \
  test "$(dd if="$erase_image" bs=1M skip=40 count=4 status=none | tr -d '\0' | wc -c)" = 0

# --- a disk image root attached ---------------------------------------------

truncate -s 32M "$root_image"
/sbin/mkfs.ext4 -q -L FMTROOTLOOP "$root_image"
root_device=$(losetup -f --show "$root_image")
root_probed () { [ "$(udisks_volume "$root_device" | jq -r .label)" = FMTROOTLOOP ]; }
wait_until 10 root_probed
before=$(sha256sum "$root_image")
output=$(ctl drives format "$root_device" --type ext4 --label FMTSTOLEN --yes 2>&1)
status=$?
check "a disk image root attached is refused (exit $status)" test $status = 1
check "… with the reason ($output)" grep -qF 'attached by the system' <<<"$output"
check "… and it is byte-identical" test "$(sha256sum "$root_image")" = "$before"

# --- a disk image another user attached ---------------------------------------

# The test user's image, seen by another user (nobody, who has no polkit
# rule either: the refusal must be Plugboard's, and come first).
as_other () {
  runuser -u nobody -- env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/nonexistent LANG=C.UTF-8 \
    DBUS_SYSTEM_BUS_ADDRESS="$DBUS_SYSTEM_BUS_ADDRESS" "$PLUGBOARDCTL" "$@" </dev/null
}
unmount_as_tester "$volume_device"
before=$(sha256sum "$volume_image")
output=$(as_other drives format "$volume_device" --type exfat --label FMTOTHER --yes 2>&1)
status=$?
check "reformatting a disk image another user attached is refused (exit $status)" test $status = 1
check "… with the reason ($output)" grep -qF "Will not reformat $volume_device: This disk image was attached by another user" <<<"$output"
output=$(as_other drives format "$volume_device" --whole-drive --type exfat --yes 2>&1)
check "… also as a whole drive (exit $?)" grep -qF 'attached by another user' <<<"$output"
output=$(as_other drives label "$volume_device" FMTOTHER 2>&1)
status=$?
check "… and so is renaming it (exit $status)" test $status = 1 -a -n "$(grep -F 'attached by another user' <<<"$output")"
output=$(as_other drives benchmark "$volume_device" 2>&1)
status=$?
check "… and the speed test (exit $status)" test $status = 1 -a -n "$(grep -F 'attached by another user' <<<"$output")"
check "… the other user's list leaves it out" \
  test "$(as_other drives list --json | jq --arg d "$volume_device" '[.[] | select(.device == $d)] | length')" = 0
check "… and lists it with --all as another user's, not to be changed" \
  jq_e --arg d "$volume_device" '.[] | select(.device == $d) | .can_modify == false and .restriction == "other-user-image"' \
  <<<"$(as_other drives list --all --json)"
check "… and the image is byte-identical" test "$(sha256sum "$volume_image")" = "$before"

# --- polkit says no -----------------------------------------------------------

unmount_as_tester "$volume_device"
before=$(sha256sum "$volume_image")
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" deny
output=$(ctl drives format "$volume_device" --type exfat --label FMTDENIED --yes 2>&1)
status=$?
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
check "with polkit refusing, reformatting fails (exit $status)" test $status = 1
check "… saying so plainly ($(tail -n 1 <<<"$output"))" grep -q 'Could not reformat .*: Not authorized: ' <<<"$output"
check "… and the image is byte-identical" test "$(sha256sum "$volume_image")" = "$before"

# --- the drive changes between confirmation and Format ------------------------
if has_test_hooks; then
  # The operation pauses right before its last check (a hook of development
  # builds); meanwhile the image is detached and another attached, by root,
  # at the same device.
  swap_before=$(sha256sum "$swap_image")
  intruder_before=$(sha256sum "$intruder_image")
  as_tester env PLUG_TEST_FORMAT_PAUSE_FILE="$pause_file" "$PLUGBOARDCTL" drives format "$swap_device" \
    --type ext4 --label FMTWRONG --yes </dev/null >"$PLUG_STACK_DIR/swap-output" 2>&1 &
  format_pid=$!
  wait_until 10 test -f "$pause_file"
  check "the operation paused before its last check" test -f "$pause_file"
  # Meanwhile the computer must not sleep or shut down (the stack's logind).
  inhibitors () {
    as_tester gdbus call --system -d org.freedesktop.login1 -o /org/freedesktop/login1 \
      -m org.freedesktop.login1.Manager.ListInhibitors
  }
  swap_inhibitor="('sleep:shutdown', 'Plugboard', 'Reformatting $(basename "$swap_image")', 'block'"
  check "meanwhile plugboardctl blocks sleep and shutdown, saying why ($(inhibitors))" \
    grep -qF "$swap_inhibitor" <<<"$(inhibitors)"
  as_tester udisksctl loop-delete --no-user-interaction --block-device "$swap_device"
  swapped=no
  losetup "$swap_device" "$intruder_image" && swapped=yes
  check "root attached another image at $swap_device" test $swapped = yes
  intruder_probed () { [ "$(udisks_volume "$swap_device" | jq -r .label)" = FMTINTRUDER ]; }
  wait_until 10 intruder_probed
  rm -f "$pause_file"
  wait $format_pid
  status=$?
  output=$(cat "$PLUG_STACK_DIR/swap-output")
  check "the swapped drive is not reformatted (exit $status)" test $status = 1
  check "… saying it is no longer the drive confirmed ($(tail -n 1 <<<"$output"))" \
    grep -qF "$swap_device is no longer the drive you confirmed" <<<"$output"
  check "… and that nothing was reformatted" grep -qF 'Nothing was reformatted' <<<"$output"
  check "… the image now attached is byte-identical" test "$(sha256sum "$intruder_image")" = "$intruder_before"
  check "… and so is the one that was detached" test "$(sha256sum "$swap_image")" = "$swap_before"
  lets_go () { ! grep -qF "$swap_inhibitor" <<<"$(inhibitors)"; }
  wait_until 5 lets_go
  check "… and once it ended, sleep is no longer blocked" lets_go
else
  skip "the drive changing between confirmation and Format: needs a development build (-Dprofile=development) for its pause hook"
fi

# --- the medium changes while the y/N question waits ---------------------------
# A card swapped in a reader keeps its device, its size and the reader's
# serial number; what is written on it differs. Here root writes another
# filesystem on the same device while the question, on a terminal, waits.
# swap_at_prompt DEVICE IMAGE WHAT EXPECTED OPTIONS…: reformat DEVICE with
# OPTIONS on a terminal; at the question, root makes an ext4 “FMTOTHER” on
# it; answered y, plugboardctl must refuse, saying EXPECTED.
swap_at_prompt () {
  local device=$1 image=$2 what=$3 expected=$4; shift 4
  local question="Reformat $device? Everything listed above will be lost. [y/N]"
  local status output other_uuid after_swap
  terminal_start "$PLUGBOARDCTL drives format $device $*"
  wait_until 20 terminal_asked "$question"
  check "on a terminal it asks about $what" terminal_asked "$question"
  /sbin/mkfs.ext4 -q -F -L FMTOTHER "$device"
  other_uuid=$(blkid_value UUID "$device")
  other_probed () { [ "$(udisks_volume "$device" | jq -r .label)" = FMTOTHER ]; }
  wait_until 10 other_probed
  check "… meanwhile root made another filesystem on it (UUID $other_uuid), and udisks sees it" other_probed
  after_swap=$(sha256sum "$image")
  terminal_answer y
  status=$terminal_status
  output=$terminal_text
  check "… answered y, it refuses (exit $status)" test $status = 1
  check "… saying it is not the medium confirmed ($(tail -n 1 <<<"$output"))" \
    grep -qF "$device is no longer the drive you confirmed: $expected" <<<"$output"
  check "… and that nothing was reformatted" grep -qF 'Nothing was reformatted' <<<"$output"
  check "… leaving the device as the swap left it" test "$(sha256sum "$image")" = "$after_swap"
  check "… with the other filesystem on it" \
    test "$(blkid_value UUID "$device")|$(blkid_value LABEL "$device")" = "$other_uuid|FMTOTHER"
}

swap_at_prompt "$medium_device" "$medium_image" "the volume $medium_device, “FMTMEDIUM”" \
  "it held ext4 “FMTMEDIUM”" --type ext4 --label FMTNOTME
# A whole drive: its partition table goes, the filesystem takes the drive.
udisks_call_on () {
  as_tester gdbus call --system -d org.freedesktop.UDisks2 \
    -o "/org/freedesktop/UDisks2/block_devices/$(basename "$1")" -m "org.freedesktop.UDisks2.$2" "${@:3}" >/dev/null
}
udisks_call_on "$medium_whole_device" Block.Format dos '{}'
udisks_call_on "$medium_whole_device" PartitionTable.CreatePartitionAndFormat 1048576 0 '' '' '{}' vfat \
  "{'label': <'FMTPART'>}"
partitioned () { [ "$(udisks_volume "${medium_whole_device}p1" | jq -r .label)" = FMTPART ]; }
wait_until 10 partitioned
check "a second image holds a partition table with a FAT partition, “FMTPART”" partitioned
swap_at_prompt "$medium_whole_device" "$medium_whole_image" "the whole drive $medium_whole_device" \
  "what is written on the drive changed" --whole-drive --type ext4 --label FMTNOTME

# --- nothing else touched -------------------------------------------------------

check "the bystander image is byte-identical" test "$(sha256sum "$bystander_image")" = "$bystander_before"

finish
