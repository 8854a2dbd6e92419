#!/bin/bash
# test-drives-fits.sh: plugboardctl drives fits ("Will it fit?"), against
# the real udisksd and the filesystems' real drivers, as the test user.
#
# A 6 GiB exFAT volume, mounted (through FUSE): small folders fit (exit 0),
# and copied there they take no more than was said; names exFAT cannot
# store (“:”, two names that differ only in case) and a symbolic link do
# not, and ext4 is suggested; a file larger than the volume fits on no
# filesystem, so none is suggested. The same names fit on ext4. A 6 GiB
# FAT32 volume (not mounted: this machine's kernel has no FAT driver, so
# its free space is not known, which is said): a 4.2 GiB file is larger
# than FAT's 4 GiB, and exFAT is suggested, with the command. A path that
# is not there, and a wrong command line, are refused.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-drives.sh"

prefix=$images/RELD-fits-
fat_image=${prefix}fat.img
exfat_image=${prefix}exfat.img
ext_image=${prefix}ext.img
our_images=("$fat_image" "$exfat_image" "$ext_image")
source_folder=$PLUG_STACK_DIR/fits-source-$$

cleanup () {
  remove_our_images
  rm -rf "$source_folder"
}
trap cleanup EXIT
cleanup

# fits ARGS…: plugboardctl drives fits as the test user; sets status and
# output (stdout and stderr together).
fits () {
  output=$(ctl drives fits "$@" 2>&1)
  status=$?
}
avail_bytes () { df --output=avail -B1 "$1" | tail -n 1 | tr -d ' '; }

# What is to be copied, the test user's, as files in their home would be.
mkdir -p "$source_folder"/small/sub "$source_folder"/big "$source_folder"/names "$source_folder"/huge
head -c 10000 /dev/urandom >"$source_folder/small/a.txt"
head -c 1000000 /dev/urandom >"$source_folder/small/b.bin"
head -c 5000 /dev/urandom >"$source_folder/small/sub/c.txt"
# Sparse: its size is what counts, and it takes no room here.
truncate -s 4300M "$source_folder/big/film.mkv"
truncate -s 7G "$source_folder/huge/backup.img"
echo colon >"$source_folder/names/a:b.txt"
echo upper >"$source_folder/names/Photo.jpg"
echo lower >"$source_folder/names/photo.jpg"
ln -s Photo.jpg "$source_folder/names/latest.jpg"
chown -R "$PLUG_TEST_USER:" "$source_folder"
chmod 755 "$PLUG_STACK_DIR"

as_tester truncate -s 6G "$fat_image" "$exfat_image"
as_tester /sbin/mkfs.vfat -F 32 -n FITFAT "$fat_image" >/dev/null
as_tester /sbin/mkfs.exfat -L FITEXFAT "$exfat_image" >/dev/null
as_tester truncate -s 64M "$ext_image"
as_tester /sbin/mkfs.ext4 -q -E root_owner="$(id -u "$PLUG_TEST_USER"):$(id -g "$PLUG_TEST_USER")" -L FITEXT "$ext_image"
fat_device=$(attach "$fat_image")
exfat_device=$(attach "$exfat_image")
ext_device=$(attach "$ext_image")
check "attached 6 GiB FAT32 ($fat_device) and exFAT ($exfat_device) images, and a 64 MiB ext4 one ($ext_device)" \
  test -n "$fat_device" -a -n "$exfat_device" -a -n "$ext_device"
as_tester udisksctl mount --no-user-interaction --block-device "$exfat_device" >/dev/null
as_tester udisksctl mount --no-user-interaction --block-device "$ext_device" >/dev/null
exfat_mount=$(mount_point_of "$exfat_device")
ext_mount=$(mount_point_of "$ext_device")
check "the exFAT and ext4 ones are mounted ($exfat_mount, $ext_mount)" test -n "$exfat_mount" -a -n "$ext_mount"

# --- what fits -------------------------------------------------------------------

fits --json "$exfat_device" "$source_folder/small"
json=$output
check "a small folder fits on exFAT (exit $status)" test $status = 0
check "… the JSON says so, with its 3 files in 2 folders and no problem" \
  jq_e '.fits == true and .files == 3 and .folders == 2 and .total_bytes == 1015000
        and .too_large == [] and .bad_names == [] and .not_carried == [] and .suggested_filesystem == null
        and .filesystem == "exfat" and .fits_in_free_space == true' <<<"$json"
check "… and the free space df reports ($(jq -r .free_bytes <<<"$json"))" \
  test "$(jq -r .free_bytes <<<"$json")" = "$(avail_bytes "$exfat_mount")"
fits "$exfat_device" "$source_folder/small"
check "… in words too ($(tail -n 1 <<<"$output"))" eval 'test $status = 0 && test "$(tail -n 1 <<<"$output")" = "It fits."'

# Copied there, it takes no more than was said: exFAT counts in clusters.
needed=$(jq -r .needed_bytes <<<"$json")
before=$(avail_bytes "$exfat_mount")
as_tester cp -r "$source_folder/small" "$exfat_mount/"
sync
after=$(avail_bytes "$exfat_mount")
check "copied, the folder takes $((before - after)) bytes, no more than the $needed said" \
  test $((before - after)) -le "$needed" -a $((before - after)) -gt 1015000
as_tester rm -rf "$exfat_mount/small"

# --- names and links exFAT cannot hold ---------------------------------------------------

fits --json "$exfat_device" "$source_folder/names"
json=$output
check "names exFAT cannot store and a link do not fit (exit $status)" test $status = 1
check "… “:” is named" \
  jq_e --arg p "$source_folder/names/a:b.txt" 'any(.bad_names[]; .path == $p and (.reason | contains("“:”")))' <<<"$json"
check "… so are two names that differ only in case" \
  jq_e --arg p "$source_folder/names/photo.jpg" 'any(.bad_names[]; .path == $p and (.reason | contains("upper and lower case")))' <<<"$json"
check "… and the symbolic link, which is not copied" \
  jq_e --arg p "$source_folder/names/latest.jpg" '.not_carried == [{"path": $p, "reason": "a symbolic link, which this filesystem cannot hold"}]' <<<"$json"
check "… ext4 is suggested: it holds them all ($(jq -r .suggested_filesystem <<<"$json"))" \
  jq_e '.suggested_filesystem == "ext4"' <<<"$json"

fits --json "$ext_device" "$source_folder/names"
check "the same names and link fit on ext4 (exit $status)" \
  eval 'test $status = 0 && jq_e ".fits == true and .bad_names == [] and .not_carried == []" <<<"$output" >/dev/null'

# --- larger than the volume ---------------------------------------------------------------

fits --json "$exfat_device" "$source_folder/huge" "$source_folder/small"
json=$output
check "a 7 GiB file and a folder, on a 6 GiB volume, do not fit (exit $status)" test $status = 1
check "… there is not room, and no filesystem would help" \
  jq_e '.fits_in_free_space == false and .suggested_filesystem == null and .files == 4 and .too_large == []' <<<"$json"
fits "$exfat_device" "$source_folder/huge"
check "… in words ($(grep -F "room" <<<"$output"))" grep -qF "There is not enough room" <<<"$output"

# --- too large for FAT32 -----------------------------------------------------------

fits --json "$fat_device" "$source_folder/big"
json=$output
check "a 4.2 GiB file does not fit on FAT32 (exit $status)" test $status = 1
check "… named, with its size and why" \
  jq_e --arg p "$source_folder/big/film.mkv" \
    '.too_large == [{"path": $p, "size": 4508876800, "reason": ("larger than the 4.3" + $nbsp + "GB a file can be on this filesystem")}]' \
    --arg nbsp $'\u00a0' <<<"$json"
check "… and exFAT would take it" jq_e '.fits == false and .suggested_filesystem == "exfat"' <<<"$json"
fits "$fat_device" "$source_folder/big"
check "… in words, with the command ($(tail -n 1 <<<"$output"))" \
  grep -qF "Reformatted as exFAT, keeping the files already on it, it would: plugboardctl drives format $fat_device --type exfat --keep-files" <<<"$output"

# --- not mounted, not there, wrong --------------------------------------------------------

fits --json "$fat_device" "$source_folder/small"
check "unmounted, it is not known to fit (exit $status)" \
  eval 'test $status = 1 && jq_e ".free_bytes == null and .fits_in_free_space == null and .fits == false" <<<"$output" >/dev/null'
fits "$fat_device" "$source_folder/small"
check "… saying why" grep -qF "Its free space is not known, because it is not mounted" <<<"$output"

fits "$ext_device" "$source_folder/nothing-here"
check "a path that is not there is refused (exit $status: $output)" \
  eval 'test $status = 1 && grep -qF "Could not read $source_folder/nothing-here" <<<"$output"'
fits "$ext_device"
check "no path is a usage error (exit $status)" test $status = 2
fits /dev/nonexistent-drive "$source_folder/small"
check "a device that is not there is refused (exit $status)" test $status = 1

finish
