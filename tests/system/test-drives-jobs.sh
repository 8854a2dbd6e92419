#!/bin/bash
# test-drives-jobs.sh: while udisks runs a job on a drive for another
# client (an erase that udisksctl or GNOME Disks started), plugboardctl
# refuses every destructive operation on that drive, before asking udisks
# anything, and says which job runs on which device: reformatting the
# busy partition, the whole drive (its parent), keeping the files of the
# other partition, renaming it, and the write speed test on it. A drive
# with no job is reformatted meanwhile; once the job is done, the rename
# works. Against the real udisksd, as the test user; the other partition's
# files and every other disk image of ours are byte-identical afterwards.
#
# A job on a whole drive removes its partitions as it starts (udisks wipes
# the partition table first), so "a job on the parent" is the same object
# as the reformat of the whole drive: test-drives-concurrency.sh.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-drives.sh"

prefix=$images/RELD-jobs-
busy_image=${prefix}busy.img
free_image=${prefix}free.img
bystander_image=${prefix}bystander.img
our_images=("$busy_image" "$free_image" "$bystander_image")

cleanup () {
  remove_our_images
}
trap cleanup EXIT


# job_path DEVICE: the object path of the format-erase job on DEVICE.
job_path () {
  as_tester udisksctl dump | awk -v dev="/block_devices/${1#/dev/}" '
    /^\/org\/freedesktop\/UDisks2\// { path = $1; sub(/:$/, "", path); in_job = (path ~ /\/jobs\//); erase = 0; ours = 0 }
    in_job && /Operation: +format-erase/ { erase = 1 }
    in_job && $0 ~ (dev "([^0-9]|$)") { ours = 1 }
    erase && ours && !done { print path; done = 1 }'
}

cleanup
# Zeroing 4 GB takes longer than every refusal below, even in a sanitizer
# build (each checks that the job still ran); then the job is cancelled,
# so that only what the checks took is written.
as_tester truncate -s 4200M "$busy_image"
as_tester truncate -s 64M "$free_image" "$bystander_image"
as_tester /sbin/mkfs.ext4 -q -L RELDJOBFREE "$free_image"
as_tester /sbin/mkfs.ext4 -q -L RELDJOBBYST "$bystander_image"
busy_device=$(attach "$busy_image")
free_device=$(attach "$free_image")
check "attached the disk images ($busy_device, $free_device)" test -n "$busy_device" -a -n "$free_device"
bystander_device=$(attach_bystander "$bystander_image")
check "the bystander image is attached, and udisks reports it ($bystander_device)" test -n "$bystander_device"
# Two partitions made through udisks, which adds them to the kernel.
udisks_call "$busy_device" Block.Format dos '{}' >/dev/null
udisks_call "$busy_device" PartitionTable.CreatePartitionAndFormat 1048576 4294967296 '' '' '{}' \
  ext4 "{'label': <'RELDJOBP1'>}" >/dev/null
udisks_call "$busy_device" PartitionTable.CreatePartitionAndFormat 4296015872 0 '' '' '{}' \
  ext4 "{'label': <'RELDJOBP2'>}" >/dev/null
erase_device=${busy_device}p1
files_device=${busy_device}p2
probed () { [ "$(udisks_label "$files_device")" = RELDJOBP2 ]; }
wait_until 20 probed
files_mount=$(as_tester udisksctl mount --no-user-interaction --block-device "$files_device" | sed -n 's/^Mounted .* at \(.*\)$/\1/p')
check "the other partition is mounted ($files_device at $files_mount)" test -n "$files_mount"
as_tester sh -c 'mkdir "$1/docs" && for i in 1 2 3; do head -c 200000 /dev/urandom >"$1/docs/$i.bin"; done' sh "$files_mount"
sync
files_before=$(hash_files "$files_mount")
bystander_before=$(hash_others "$busy_image" "$free_image")

# --- another client erases the first partition ------------------------------

udisks_call "$erase_device" Block.Format ext4 "{'erase': <'zero'>, 'label': <'RELDERASED'>}" \
  >"$PLUG_STACK_DIR/jobs-erase-output" 2>&1 &
erase_pid=$!
wait_until 30 job_running "$erase_device"
check "another client has udisks overwrite $erase_device" job_running "$erase_device"

# refused CASE OUTPUT STATUS: the refusal names the job and its device.
refused () {
  check "$1 is refused (exit $3)" test "$3" = 1
  check "… saying $erase_device is busy with udisks' erase ($(tail -n 1 <<<"$2"))" \
    grep -qF "$erase_device is busy: udisks is overwriting it with zeros (format-erase" <<<"$2"
  check "… and that nothing was changed" grep -qF "Nothing was changed." <<<"$2"
  check "… while the erase still runs" job_running "$erase_device"
}

output=$(ctl drives format "$erase_device" --type vfat --label RELDNOPE --yes 2>&1)
refused "reformatting the partition being erased" "$output" $?
output=$(ctl drives format "$busy_device" --whole-drive --type exfat --label RELDNOPE --yes 2>&1)
refused "reformatting the whole drive (its parent)" "$output" $?
output=$(ctl drives format "$files_device" --type ext4 --label RELDNOPE --keep-files --yes 2>&1)
refused "reformatting the other partition, keeping its files" "$output" $?
output=$(ctl drives label "$files_device" RELDRENAMED 2>&1)
refused "renaming the other partition" "$output" $?
output=$(ctl drives benchmark "$files_device" --write --write-size 16 2>&1)
refused "the write speed test on the other partition" "$output" $?
check "the other partition is still mounted where it was (so it was not unmounted to be reformatted)" \
  test "$(mount_point_of "$files_device")" = "$files_mount"

output=$(ctl drives format "$free_device" --type ext4 --label RELDJOBNEW --yes 2>&1)
check "meanwhile a drive with no job is reformatted (exit $?)" test "$(blkid_value LABEL "$free_device")" = RELDJOBNEW
check "udisks was overwriting $erase_device all along" job_running "$erase_device"

# The client that started the job may cancel it.
as_tester gdbus call --system -d org.freedesktop.UDisks2 -o "$(job_path "$erase_device")" \
  -m org.freedesktop.UDisks2.Job.Cancel '{}' >/dev/null
wait $erase_pid
check "the other client cancelled its erase (exit $?: $(cat "$PLUG_STACK_DIR/jobs-erase-output"))" \
  grep -qiF "cancel" "$PLUG_STACK_DIR/jobs-erase-output"

# --- nothing else changed, and with the job gone it works ----------------------

check "the other partition's files are byte-identical" test "$(hash_files "$files_mount")" = "$files_before"
check "… and its name is unchanged" test "$(blkid_value LABEL "$files_device")" = RELDJOBP2
check "the bystander image is byte-identical" others_identical "$bystander_before" "$busy_image" "$free_image"
output=$(ctl drives label "$files_device" RELDRENAMED 2>&1)
check "with the job done, renaming works (exit $?)" test "$(blkid_value LABEL "$files_device")" = RELDRENAMED

finish
