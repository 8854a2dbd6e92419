#!/bin/bash
# test-drives-layouts.sh: drive layouts that outlive a careless reformat,
# against the real udisksd, as the test user.
#
# A GPT drive reformatted whole: GPT keeps a backup header in the drive's
# last sector, which a tool that writes only the start of the drive leaves
# behind, and which firmware or the next partitioning tool may then
# "restore" (Fedora MediaWriter#763). After plugboardctl, blkid -p, sfdisk
# and wipefs see only the new MBR layout, and no GPT header is left at
# either end. udisks erases every signature libblkid knows on the whole
# device before it writes the new table (wipefs -a semantics), which
# includes the backup GPT header, so Plugboard needs no wipe of its own.
#
# A hybrid ISO image, as written to a USB stick: an ISO 9660 filesystem at
# offset 0 and an MBR whose partition also starts at sector 0, over the
# partition table itself. Reformatting that partition would overwrite the
# table: udisks refuses, plugboardctl passes its reason on verbatim, and
# the image is byte-identical.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-drives.sh"

prefix=$images/RELD-layout-
gpt_image=${prefix}gpt.img
hybrid_image=${prefix}hybrid.img
bystander_image=${prefix}bystander.img
iso_tree=$PLUG_STACK_DIR/RELD-layout-iso
our_images=("$gpt_image" "$hybrid_image" "$bystander_image")

cleanup () {
  remove_our_images
  rm -rf "$iso_tree"
}
trap cleanup EXIT

# sector_signature IMAGE SECTOR: the first 8 bytes of a 512-byte sector
# ("EFI PART" for a GPT header).
sector_signature () { dd if="$1" bs=512 skip="$2" count=1 status=none | head -c 8; }
# gpt_headers IMAGE: how many GPT headers the first and last MiB hold.
gpt_headers () {
  local sectors=$(($(stat -c %s "$1") / 512))
  { dd if="$1" bs=512 count=2048 status=none
    dd if="$1" bs=512 skip=$((sectors - 2048)) count=2048 status=none; } | grep -c -a 'EFI PART'
}

cleanup
as_tester truncate -s 96M "$gpt_image"
as_tester truncate -s 32M "$bystander_image"
as_tester /sbin/mkfs.ext4 -q -L RELDLAYBYST "$bystander_image"
bystander_device=$(attach_bystander "$bystander_image")
check "the bystander image is attached, and udisks reports it ($bystander_device)" test -n "$bystander_device"

# --- a GPT drive reformatted whole ----------------------------------------------

# What a stick that held a Linux installer looks like: GPT, two partitions.
sgdisk -n 1:2048:+40M -t 1:8300 -c 1:root -n 2:0:0 -t 2:0700 -c 2:data "$gpt_image" >/dev/null
sectors=$(($(stat -c %s "$gpt_image") / 512))
check "the image has a GPT header at its start and its backup in the last sector" \
  test "$(sector_signature "$gpt_image" 1)|$(sector_signature "$gpt_image" $((sectors - 1)))" = "EFI PART|EFI PART"
device=$(attach "$gpt_image")
check "attached it ($device)" test -n "$device"
# The kernel does not scan a loop device's partitions when it is
# attached; a USB stick's would be. partx adds them, as root, and a change
# event on the drive alone (as a replug would bring) makes udisks look at
# its partition table again.
add_partitions () {
  partx -a "$1"
  echo change >"/sys/class/block/$(basename "$1")/uevent"
}
add_partitions "$device"
gpt_seen () { [ -n "$(udisks_volume "${device}p2")" ]; }
# Seen once is enough: while udev handles the change event, the kernel
# may drop and add the partitions again, and a second look can fall in
# between (CI saw it once).
seen=no
wait_until 20 gpt_seen && seen=yes
check "udisks sees its two partitions" test $seen = yes
others_before=$(hash_others "$gpt_image" "$hybrid_image")

json=$(ctl drives format "$device" --whole-drive --type ext4 --label RELDWIPED --yes --json)
status=$?
check "the whole drive reformatted (exit $status)" test $status = 0
check "… the JSON names the new partition" jq_e --arg d "${device}p1" '.device == $d and .whole_drive == true' <<<"$json"
probe=$(blkid -p -o export "$device")
check "blkid -p sees an MBR, and no GPT ($(tr '\n' ' ' <<<"$probe"))" grep -qx 'PTTYPE=dos' <<<"$probe"
layout=$(sfdisk --dump "$device" 2>&1)
check "sfdisk --dump sees an MBR" grep -q '^label: dos' <<<"$layout"
check "… with one partition" test "$(grep -c '^/dev' <<<"$layout")" = 1
check "… and no complaint about a GPT" test -z "$(sfdisk --list "$device" 2>&1 | grep -i gpt)"
signatures=$(wipefs --no-act --noheadings --output TYPE "$device")
check "wipefs sees only the MBR ($(tr '\n' ' ' <<<"$signatures"))" test "$signatures" = dos
check "no GPT header in the last sector" test "$(sector_signature "$gpt_image" $((sectors - 1)))" != "EFI PART"
check "… nor anywhere in the first or last MiB" test "$(gpt_headers "$gpt_image")" = 0
check "the partition holds ext4 “RELDWIPED”" \
  test "$(blkid_value TYPE "${device}p1")|$(blkid_value LABEL "${device}p1")" = "ext4|RELDWIPED"
as_tester udisksctl unmount --no-user-interaction --block-device "${device}p1" >/dev/null 2>&1
check "… clean for e2fsck -n" e2fsck -f -n "${device}p1"
check "every other disk image is byte-identical" others_identical "$others_before" "$gpt_image" "$hybrid_image"

# --- a hybrid ISO image: a partition at sector 0 -----------------------------------

if command -v xorriso >/dev/null; then
  mkdir -p "$iso_tree"
  echo "read me" >"$iso_tree/README.txt"
  head -c 8M /dev/urandom >"$iso_tree/payload.bin"
  xorriso -as mkisofs -quiet -V RELDHYBRID -o "$hybrid_image" "$iso_tree" 2>&1 | grep -v '^xorriso' >&2
  chown "$PLUG_TEST_USER:" "$hybrid_image"
  # As isohybrid does: partition 1, active, type 0x17, from sector 0 over
  # the whole image; the ISO's first 32 KiB are free for it.
  python3 - "$hybrid_image" <<'EOF'
import os, struct, sys
with open(sys.argv[1], 'r+b') as image:
    sectors = os.fstat(image.fileno()).st_size // 512
    image.seek(446)
    image.write(struct.pack('<B3sB3sII', 0x80, b'\0\0\0', 0x17, b'\0\0\0', 0, sectors))
    image.seek(510)
    image.write(b'\x55\xaa')
EOF
  check "the hybrid image is an ISO 9660 filesystem “RELDHYBRID”" \
    test "$(blkid_value TYPE "$hybrid_image")|$(blkid_value LABEL "$hybrid_image")" = "iso9660|RELDHYBRID"
  check "… with an MBR partition that starts at sector 0" \
    grep -qE '^[^ ]+1 : start= +0, size= +[0-9]+, type=17, bootable$' <<<"$(sfdisk --dump "$hybrid_image")"
  device=$(attach "$hybrid_image")
  add_partitions "$device"
  hybrid_seen () { [ "$(udisks_volume "${device}p1" | jq -r .filesystem)" = iso9660 ]; }
  seen=no
  wait_until 20 hybrid_seen && seen=yes
  check "udisks sees partition ${device}p1 holding the ISO" test $seen = yes
  hybrid_before=$(sha256sum "$hybrid_image")
  others_before=$(hash_others "$gpt_image" "$hybrid_image")
  output=$(ctl drives format "${device}p1" --type ext4 --label RELDNOPE --yes 2>&1)
  status=$?
  check "reformatting the partition at sector 0 fails (exit $status)" test $status = 1
  check "… with udisks' reason, verbatim ($(tail -n 1 <<<"$output"))" \
    grep -qF "Could not reformat ${device}p1: udisks could not reformat it: This partition cannot be modified because it contains a partition table; please reinitialize layout of the whole device." <<<"$output"
  check "… and the image is byte-identical" test "$(sha256sum "$hybrid_image")" = "$hybrid_before"
  check "… still an ISO 9660 “RELDHYBRID”" \
    test "$(blkid_value TYPE "${device}p1")|$(blkid_value LABEL "${device}p1")" = "iso9660|RELDHYBRID"
  check "every other disk image is byte-identical" others_identical "$others_before" "$gpt_image" "$hybrid_image"
else
  not_ok "xorriso is installed (build-aux/install-deps --tests), to make the hybrid ISO image"
fi

finish
