#!/bin/bash
# test-drives-system-guard.sh: drives the system claims, polkit without a
# rule, and a whole drive whose partition is mounted, against the real
# udisksd, udevd and polkitd, as the test user.
#
# - A real udev rule (in /run/udev/rules.d, matching only this test's
#   backing files) sets UDISKS_IGNORE=1 and UDISKS_SYSTEM=1 on an image
#   the test user attached, and UDISKS_SYSTEM=0 on one root attached:
#   udisks reports the hints, and Plugboard refuses to reformat or rename
#   either, with the reason; with the rule gone, the first one can be
#   renamed again.
# - No polkit rule at all (NotAuthorizedCanObtain, and no agent): Format
#   and SetLabel fail plainly and change nothing; then with a real
#   authentication agent (pkttyagent) that polkit asks and that is
#   dismissed: the same.
# - A whole drive with a mounted partition: without consent (no --yes,
#   no terminal) refused, the mount and its files intact; with --yes the
#   partition is unmounted first.
# Every other image of this test, and the files on a mounted sibling, are
# byte-identical afterwards.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-drives.sh"

prefix=$images/REL7-guard-
claimed_image=${prefix}claimed.img
root_image=${prefix}root.img
noauth_image=${prefix}noauth.img
whole_image=${prefix}whole.img
bystander_image=${prefix}bystander.img
swap_image=${prefix}swap.img
theirs_image=${prefix}theirs.img
our_images=("$claimed_image" "$root_image" "$noauth_image" "$whole_image" "$bystander_image" "$swap_image"
            "$theirs_image")
# Another user's folder, as udisks makes one under /media.
theirs_mount=/media/plugboard-other-$$/REL7THEIRS
rules_file=/run/udev/rules.d/99-plugboard-test-REL7-guard-$$.rules

# retrigger DEVICE…: udev applies the rules again to these devices only.
retrigger () {
  local device
  udevadm control --reload
  for device in "$@"; do
    udevadm trigger --subsystem-match=block --action=change "/sys/class/block/$(basename "$device")"
  done
  udevadm settle --timeout=10
}
cleanup () {
  "$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
  [ -f "$swap_image" ] && for device in $(losetup -j "$swap_image" -O NAME -n); do swapoff "$device" 2>/dev/null; done
  mountpoint -q "$theirs_mount" 2>/dev/null && umount "$theirs_mount"
  [ -d "$theirs_mount" ] && rmdir "$theirs_mount" "$(dirname "$theirs_mount")"
  if [ -f "$rules_file" ]; then
    rm -f "$rules_file"
    retrigger $(for image in "${our_images[@]}"; do losetup -j "$image" -O NAME -n 2>/dev/null; done)
  fi
  remove_our_images
}
trap cleanup EXIT
cleanup

hint () {
  busctl --address="$DBUS_SYSTEM_BUS_ADDRESS" --json=short get-property org.freedesktop.UDisks2 \
    "/org/freedesktop/UDisks2/block_devices/$(basename "$1")" org.freedesktop.UDisks2.Block "$2" | jq -r .data
}
drive_json () {
  as_tester "$PLUGBOARDCTL" drives list --all --json | jq -c --arg d "$1" '.[] | select(any(.volumes[]; .device == $d))'
}

as_tester truncate -s 48M "$claimed_image" "$noauth_image" "$bystander_image"
as_tester truncate -s 96M "$whole_image"
truncate -s 32M "$root_image"
as_tester /sbin/mkfs.ext4 -q -L REL7CLAIM "$claimed_image"
as_tester /sbin/mkfs.ext4 -q -L REL7NOAUTH "$noauth_image"
as_tester /sbin/mkfs.ext4 -q -L REL7BYST "$bystander_image"
/sbin/mkfs.ext4 -q -L REL7ROOT "$root_image"
claimed_device=$(attach "$claimed_image")
noauth_device=$(attach "$noauth_image")
whole_device=$(attach "$whole_image")
bystander_device=$(attach "$bystander_image")
root_device=$(losetup -f --show "$root_image")
check "the test user attached four images, root one" test -n "$claimed_device" -a -n "$noauth_device" \
  -a -n "$whole_device" -a -n "$bystander_device" -a -n "$root_device"

# The whole drive: an MBR with one ext4 partition, made through udisks.
udisks_call "$whole_device" Block.Format dos '{}' >/dev/null
udisks_call "$whole_device" PartitionTable.CreatePartitionAndFormat 1048576 0 '' '' '{}' ext4 "{'label': <'REL7PART'>}" >/dev/null
# The bystander is mounted, with files: a sibling filesystem.
as_tester udisksctl mount --no-user-interaction --block-device "$bystander_device" >/dev/null
bystander_mount=$(mount_point_of "$bystander_device")
for n in 1 2; do dd if=/dev/urandom of="${bystander_mount:-/nonexistent}/file-$n" bs=64k count=$n status=none; done
sync
probed () { [ "$(udisks_label "${whole_device}p1")" = REL7PART ] && [ "$(hint "$root_device" IdLabel)" = REL7ROOT ]; }
wait_until 10 probed
check "udisks sees the partition and the image root attached" probed
check "the test user mounted the bystander (at ${bystander_mount:-nowhere}), with files on it" \
  eval 'test -n "$bystander_mount" && mountpoint -q "$bystander_mount" && test -s "$bystander_mount/file-2"'
files_before=$(hash_files "$bystander_mount")

# --- a udev rule claims two images for the system --------------------------

check "without a rule udisks hints every loop device as the system's (HintSystem $(hint "$claimed_device" HintSystem)), HintIgnore $(hint "$claimed_device" HintIgnore)" \
  test "$(hint "$claimed_device" HintSystem)|$(hint "$claimed_device" HintIgnore)" = "true|false"
claimed_before=$(sha256sum "$claimed_image")
root_before=$(sha256sum "$root_image")
mkdir -p /run/udev/rules.d
cat >"$rules_file" <<RULES
# Plugboard's test-drives-system-guard.sh: only its own backing files.
SUBSYSTEM=="block", KERNEL=="loop*", ATTR{loop/backing_file}=="$claimed_image", ENV{UDISKS_SYSTEM}="1", ENV{UDISKS_IGNORE}="1"
SUBSYSTEM=="block", KERNEL=="loop*", ATTR{loop/backing_file}=="$root_image", ENV{UDISKS_SYSTEM}="0"
RULES
retrigger "$claimed_device" "$root_device"
claimed () { [ "$(hint "$claimed_device" HintIgnore)" = true ] && [ "$(hint "$root_device" HintSystem)" = false ]; }
wait_until 5 claimed
check "with the rule udev sets UDISKS_IGNORE=1 on $claimed_device ($(udevadm info -q property "$claimed_device" | grep -c '^UDISKS_'))" \
  udevadm info -q property "$claimed_device" | grep -qx 'UDISKS_IGNORE=1'
check "… and udisks reports HintIgnore $(hint "$claimed_device" HintIgnore), HintSystem $(hint "$claimed_device" HintSystem)" \
  test "$(hint "$claimed_device" HintSystem)|$(hint "$claimed_device" HintIgnore)" = "true|true"
check "… on the image root attached, UDISKS_SYSTEM=0: HintSystem $(hint "$root_device" HintSystem)" \
  test "$(hint "$root_device" HintSystem)" = false
check "… and the other images keep their hints" test "$(hint "$noauth_device" HintIgnore)" = false

json=$(drive_json "$claimed_device")
check "drives list marks the claimed image “may not be changed”, with the reason" \
  jq_e '.restriction == "ignored" and (.reason | test("leave part of this drive alone"))' <<<"$json"
output=$(ctl drives format "$claimed_device" --type ext4 --label REL7STOLEN --yes 2>&1)
status=$?
check "reformatting the claimed image is refused (exit $status)" test $status = 1
check "… with the reason ($(tail -n 1 <<<"$output"))" \
  grep -qE "Will not reformat $claimed_device: The system asks applications to leave part of this drive alone" <<<"$output"
output=$(ctl drives format "$claimed_device" --whole-drive --type ext4 --yes 2>&1)
check "… and so is the whole drive (exit $?: $(tail -n 1 <<<"$output"))" grep -qF 'leave part of this drive alone' <<<"$output"
output=$(ctl drives label "$claimed_device" REL7STOLEN 2>&1)
status=$?
check "renaming it is refused (exit $status)" test $status = 1
check "… with the reason ($(tail -n 1 <<<"$output"))" grep -qF 'leave part of this drive alone' <<<"$output"
check "… and the claimed image is byte-identical" test "$(sha256sum "$claimed_image")" = "$claimed_before"

output=$(ctl drives format "$root_device" --type ext4 --label REL7STOLEN --yes 2>&1)
status=$?
check "the image root attached, though udisks no longer hints it as the system's, is refused (exit $status)" test $status = 1
check "… because the system attached it ($(tail -n 1 <<<"$output"))" grep -qF 'attached by the system' <<<"$output"
ctl drives label "$root_device" REL7STOLEN >/dev/null 2>&1
check "… renaming it too (exit $?)" test $? = 1
check "… and it is byte-identical" test "$(sha256sum "$root_image")" = "$root_before"

rm -f "$rules_file"
retrigger "$claimed_device" "$root_device"
released () { [ "$(hint "$claimed_device" HintIgnore)" = false ] && [ "$(hint "$root_device" HintSystem)" = true ]; }
wait_until 5 released
check "the rule removed, udisks drops the hints again" released
output=$(ctl drives label "$claimed_device" REL7FREED 2>&1)
status=$?
check "… and the image can be renamed: it was the rule that refused (exit $status)" \
  test $status = 0 -a "$(blkid_value LABEL "$claimed_device")" = REL7FREED

# --- polkit with no rule: the test user could only authenticate ------------

noauth_before=$(sha256sum "$noauth_image")
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" none
format_output=$(ctl drives format "$noauth_device" --type exfat --label REL7NOPE --yes 2>&1)
format_status=$?
label_output=$(ctl drives label "$noauth_device" REL7NOPE 2>&1)
label_status=$?
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
check "without a polkit rule, reformatting fails (exit $format_status)" test $format_status = 1
check "… saying it is not authorized ($(tail -n 1 <<<"$format_output"))" \
  grep -q 'Could not reformat .*: Not authorized' <<<"$format_output"
check "without a polkit rule, renaming fails (exit $label_status)" test $label_status = 1
check "… saying it is not authorized ($(tail -n 1 <<<"$label_output"))" \
  grep -q 'Could not rename .*: Not authorized' <<<"$label_output"
check "… and the image is byte-identical" test "$(sha256sum "$noauth_image")" = "$noauth_before"
check "… still ext4 named REL7NOAUTH" test "$(blkid_value TYPE "$noauth_device")|$(blkid_value LABEL "$noauth_device")" = "ext4|REL7NOAUTH"

# An authentication agent that is dismissed. There is no logind session
# here, but pkttyagent registers for a process: the command runs on a
# terminal of its own (script), and the shell that starts the agent for
# its own PID then becomes plugboardctl (exec keeps the PID and start
# time that identify the process to polkit). polkit asks that agent, and
# once it has started its helper to ask for the password, the agent is
# killed: dismissed, as a person closing the dialog. (Feeding it an empty
# line or end-of-file instead depends on script's timing, and can hang.)
# with_dismissed_agent COMMAND…: COMMAND so, as the test user.
with_dismissed_agent () {
  timeout 60 runuser -u "$PLUG_TEST_USER" -- env -i PATH=/usr/bin:/bin LANG=C.UTF-8 \
    DBUS_SYSTEM_BUS_ADDRESS="$DBUS_SYSTEM_BUS_ADDRESS" \
    script -qec "sh -c 'pkttyagent --process \$\$ & agent=\$!; (while ! pgrep -P \$agent >/dev/null; do sleep 0.1; done; kill \$agent) & sleep 2; exec $(printf '%q ' "$@")'" /dev/null </dev/null 2>&1
}
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" none
label_output=$(with_dismissed_agent "$PLUGBOARDCTL" drives label "$noauth_device" REL7NOPE)
label_status=$?
format_output=$(with_dismissed_agent "$PLUGBOARDCTL" drives format "$noauth_device" --type exfat --label REL7NOPE --yes)
format_status=$?
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
check "an agent dismissed: polkit asked the agent for the rename" \
  grep -qF 'AUTHENTICATING FOR org.freedesktop.udisks2.modify-device' <<<"$label_output"
check "… which fails (exit $label_status)" test $label_status = 1
check "… saying it is not authorized ($(grep plugboardctl: <<<"$label_output" | tail -n 1))" \
  grep -q 'Could not rename .*: Not authorized' <<<"$label_output"
check "an agent dismissed: polkit asked the agent for the reformat" \
  grep -qF 'AUTHENTICATING FOR org.freedesktop.udisks2.modify-device' <<<"$format_output"
check "… which fails (exit $format_status)" test $format_status = 1
check "… saying it is not authorized ($(grep plugboardctl: <<<"$format_output" | tail -n 1))" \
  grep -q 'Could not reformat .*: Not authorized' <<<"$format_output"
check "… and the image is byte-identical" test "$(sha256sum "$noauth_image")" = "$noauth_before"

# --- a whole drive whose partition is mounted ------------------------------

# Every other image of this test, as it is now.
others_before=$(sha256sum "$claimed_image" "$root_image" "$noauth_image")

as_tester udisksctl mount --no-user-interaction --block-device "${whole_device}p1" >/dev/null
part_mount=$(mount_point_of "${whole_device}p1")
dd if=/dev/urandom of="${part_mount:-/nonexistent}/photo.jpg" bs=64k count=4 status=none
sync
part_files=$(hash_files "$part_mount")
check "the test user mounted the partition (at ${part_mount:-nowhere})" \
  eval 'test -n "$part_mount" && mountpoint -q "$part_mount"'
layout_before=$(sfdisk -d "$whole_device")
output=$(ctl drives format "$whole_device" --whole-drive --type exfat --label REL7WHOLE 2>&1)
status=$?
check "reformatting the whole drive without --yes and without a terminal is refused (exit $status)" test $status = 1
check "… saying it needs a confirmation ($(tail -n 1 <<<"$output"))" grep -qF 'without a confirmation' <<<"$output"
check "… after naming the mounted partition that would be lost" grep -qF "${whole_device}p1" <<<"$output"
check "… the partition is still mounted at $part_mount" \
  test -n "$part_mount" -a "$(mount_point_of "${whole_device}p1")" = "$part_mount"
check "… its files are byte-identical" files_identical "$part_mount" "$part_files"
check "… and the partition table is unchanged" test "$(sfdisk -d "$whole_device")" = "$layout_before"

json=$(ctl drives format "$whole_device" --whole-drive --type exfat --label REL7WHOLE --yes --json 2>/dev/null)
status=$?
check "with --yes the whole drive is reformatted (exit $status)" test $status = 0
check "… the mounted partition was unmounted first" \
  eval 'test -n "$part_mount" && ! mountpoint -q "$part_mount"'
check "… and it holds exFAT “REL7WHOLE” now" \
  test "$(blkid_value TYPE "${whole_device}p1")|$(blkid_value LABEL "${whole_device}p1")" = "exfat|REL7WHOLE"
check "… as the JSON says" jq_e --arg d "${whole_device}p1" '.device == $d and .whole_drive == true' <<<"$json"

# --- the system's swap on a drive -----------------------------------------------
# Storage the system builds on a drive makes it the system's, however many
# layers down: here the simplest this machine allows, swap in use on a
# disk image. (An MD array or an LVM volume needs md or dm in the kernel,
# which this machine has not; sysfs shows them the same way, as holders.)
as_tester truncate -s 32M "$swap_image"
as_tester /sbin/mkswap -L REL7SWAP "$swap_image" >/dev/null
swap_device=$(attach "$swap_image")
swap_before=$(sha256sum "$swap_image")
restriction_of () { ctl drives list --all --json | jq -r --arg d "$1" '.[] | select(.device == $d) | .restriction'; }
swapon "$swap_device"
check "root uses $swap_device as swap" grep -q "^$swap_device " /proc/swaps
wait_until 10 eval '[ "$(restriction_of "$swap_device")" = system-storage ]'
check "the drive is the system's now ($(restriction_of "$swap_device"))" \
  test "$(restriction_of "$swap_device")" = system-storage
output=$(ctl drives format "$swap_device" --type ext4 --label REL7NOTSWAP --yes 2>&1)
status=$?
check "reformatting it is refused (exit $status)" test $status = 1
check "… saying why ($output)" grep -qF 'The system uses part of this drive: as swap space' <<<"$output"
output=$(ctl drives rename "$swap_device" REL7NOTSWAP 2>&1)
status=$?
check "… and so is renaming it (exit $status)" test $status = 1
check "… the swap is still in use" grep -q "^$swap_device " /proc/swaps
swapoff "$swap_device"
check "… and the image is byte-identical" test "$(sha256sum "$swap_image")" = "$swap_before"
wait_until 10 eval '[ "$(restriction_of "$swap_device")" = none ]'
check "once the swap is off, the drive is the user's again" test "$(restriction_of "$swap_device")" = none

# --- mounted in another user's folder ---------------------------------------------
# The user's own image, mounted where udisks mounts another user's volumes:
# that user may have files open on it. Not offered, and the refusal says
# whose it is.
as_tester truncate -s 32M "$theirs_image"
as_tester /sbin/mkfs.ext4 -q -L REL7THEIRS "$theirs_image"
theirs_device=$(attach "$theirs_image")
theirs_before=$(sha256sum "$theirs_image")
mkdir -p "$theirs_mount"
# Read-only, so that mounting itself changes no byte of the image.
mount -o ro,noload "$theirs_device" "$theirs_mount"
theirs_user=$(basename "$(dirname "$theirs_mount")")
wait_until 10 eval '[ "$(restriction_of "$theirs_device")" = other-user-mount ]'
check "mounted in $theirs_user's folder, the drive is theirs to unmount ($(restriction_of "$theirs_device"))" \
  test "$(restriction_of "$theirs_device")" = other-user-mount
output=$(ctl drives format "$theirs_device" --type ext4 --label REL7NOTTHEIRS --yes 2>&1)
status=$?
check "reformatting it is refused (exit $status)" test $status = 1
check "… naming the user ($output)" grep -qF "$theirs_user has part of this drive mounted" <<<"$output"
output=$(ctl drives rename "$theirs_device" REL7NOTTHEIRS 2>&1)
status=$?
check "… and so is renaming it (exit $status: $output)" test $status = 1 -a -n "$(grep -F "$theirs_user" <<<"$output")"
check "… still mounted where they had it" \
  eval 'mountpoint -q "$theirs_mount" && test "$(mount_point_of "$theirs_device")" = "$theirs_mount"'
umount "$theirs_mount"
check "… and the image is byte-identical" test "$(sha256sum "$theirs_image")" = "$theirs_before"
wait_until 10 eval '[ "$(restriction_of "$theirs_device")" = none ]'
check "unmounted, the drive is the user's again" test "$(restriction_of "$theirs_device")" = none

# --- nothing else touched -----------------------------------------------------

check "the test's other images are byte-identical to before the whole drive was reformatted" \
  test "$(sha256sum "$claimed_image" "$root_image" "$noauth_image")" = "$others_before"
check "the files on the mounted sibling are byte-identical" files_identical "$bystander_mount" "$files_before"

finish
