#!/bin/bash
# test-drive-images.sh: a disk image the test user attaches through udisks
# is seen by udisks and udev, and polkit really decides who may attach one.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"

images=$PLUG_IMAGES_DIR
image=$images/harness-ext4.img
rm -f "$image"
as_tester truncate -s 64M "$image"
as_tester /sbin/mkfs.ext4 -q -L HARNESS "$image"
check "the test user made an ext4 image" test -s "$image"

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
output=$(as_tester udisksctl loop-setup --no-user-interaction --file "$image" 2>&1)
check "udisks attaches the image for the test user ($output)" grep -q 'Mapped file' <<<"$output"
device=$(grep -oE '/dev/loop[0-9]+' <<<"$output")

block_path=/org/freedesktop/UDisks2/block_devices/${device#/dev/}
property () {
  as_tester gdbus call --system --dest org.freedesktop.UDisks2 --object-path "$block_path" \
    --method org.freedesktop.DBus.Properties.Get "$1" "$2"
}
udev_has_label () { udevadm info --query=property --name="$device" | grep -q '^ID_FS_LABEL=HARNESS$'; }
udisks_has_label () { property org.freedesktop.UDisks2.Block IdLabel | grep -q "'HARNESS'"; }
wait_until 10 udev_has_label
check "udev knows the filesystem's label" udev_has_label
wait_until 10 udisks_has_label
check "udisks publishes the label" grep -q "'HARNESS'" <<<"$(property org.freedesktop.UDisks2.Block IdLabel)"
check "udisks publishes the type" grep -q "'ext4'" <<<"$(property org.freedesktop.UDisks2.Block IdType)"
uid=$(id -u "$PLUG_TEST_USER")
check "the loop device was set up by the test user" grep -q "uint32 $uid" <<<"$(property org.freedesktop.UDisks2.Loop SetupByUID)"
check "the loop device's backing file is the image" grep -q "harness-ext4.img" <<<"$(property org.freedesktop.UDisks2.Loop BackingFile)"

as_tester udisksctl loop-delete --no-user-interaction --block-device "$device" >/dev/null
check "the test user detaches it again" test $? = 0

# Polkit decides for real: a rule that says no, and no rule at all.
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" deny
output=$(as_tester udisksctl loop-setup --no-user-interaction --file "$image" 2>&1)
check "with a denying rule, attaching is refused" grep -q 'NotAuthorized' <<<"$output"
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" none
output=$(as_tester udisksctl loop-setup --no-user-interaction --file "$image" 2>&1)
check "without a rule the test user could only authenticate ($output)" grep -q 'NotAuthorizedCanObtain' <<<"$output"
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
check "no loop device is left on the image" test -z "$(losetup -j "$image")"

rm -f "$image"
finish
