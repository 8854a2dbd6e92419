#!/bin/bash
# test-drives-benchmark.sh: plugboardctl drives benchmark, against the real
# udisksd and polkitd, as the test user: the read test on a disk image full
# of data (rates, samples across the whole device, access time, the text
# chart), the write test on a mounted ext4 volume (a rate, no file left
# behind, the files there untouched), and its refusals: an unmounted
# volume, too little free space, polkit saying no, a disk image root
# attached, Ctrl-C. Every disk image is byte-identical afterwards, except
# the one the write test wrote a file on and removed it from again.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"

images=$PLUG_IMAGES_DIR
prefix=$images/drives-benchmark-
data_image=${prefix}data.img
idle_image=${prefix}idle.img
root_image=${prefix}root.img
our_images=("$data_image" "$idle_image" "$root_image")
seed_dir=$images/drives-benchmark-seed
mebibyte=1048576

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
  rm -rf "$seed_dir"
}
trap cleanup EXIT

ctl () { as_tester "$PLUGBOARDCTL" "$@"; }
attach () { as_tester udisksctl loop-setup --no-user-interaction --file "$1" | grep -oE '/dev/loop[0-9]+'; }
udisks_label () {
  as_tester "$PLUGBOARDCTL" drives list --all --json |
    jq -r --arg device "$1" '.[].volumes[] | select(.device == $device) | .label // ""'
}
# json_check FILTER…: the JSON of the last run passes FILTER; no output fails.
json_check () { jq_e "$@" <<<"$json" >/dev/null; }
hash_others () {
  local image
  for image in "$images"/*; do
    [ "$image" = "$data_image" ] && continue
    [ -f "$image" ] && sha256sum "$image"
  done
}
# The files on the mounted volume, with their checksums, dot files included.
list_volume () { (cd "$1" && find . -path ./lost+found -prune -o -type f -print0 | sort -z | xargs -0 sha256sum); }

cleanup
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
tester_ids=$(id -u "$PLUG_TEST_USER"):$(id -g "$PLUG_TEST_USER")

# Real data, so that reads come from the image and not from its holes: an
# ext4 volume made from a folder of random files, owned by the test user
# so that the write test may write there.
as_tester mkdir -p "$seed_dir/photos"
as_tester dd if=/dev/urandom of="$seed_dir/archive.bin" bs=1M count=96 status=none
for n in 1 2 3 4 5; do
  as_tester dd if=/dev/urandom of="$seed_dir/photos/photo-$n.jpg" bs=64k count=$n status=none
done
as_tester truncate -s 160M "$data_image"
as_tester /sbin/mkfs.ext4 -q -L BENCHDATA -E root_owner="$tester_ids" -d "$seed_dir" "$data_image"
as_tester truncate -s 64M "$idle_image"
as_tester /sbin/mkfs.ext4 -q -L BENCHIDLE -E root_owner="$tester_ids" "$idle_image"
check "the test user made a 160 MiB ext4 image holding 96 MiB of data" \
  test "$(blkid -p -s LABEL -o value "$data_image")" = BENCHDATA -a "$(du -m "$data_image" | cut -f1)" -ge 96
others_before=$(hash_others)

data_device=$(attach "$data_image")
idle_device=$(attach "$idle_image")
check "udisks attached the images" test -n "$data_device" -a -n "$idle_device"
probed () { [ "$(udisks_label "$data_device")" = BENCHDATA ] && [ "$(udisks_label "$idle_device")" = BENCHIDLE ]; }
wait_until 10 probed

# --- reading -----------------------------------------------------------------

image_size=$((160 * mebibyte))
json=$(ctl drives benchmark "$data_device" --json)
status=$?
check "the read test of $data_device succeeds (exit $status)" test $status = 0
check "… with a positive read rate ($(jq -r .read_rate <<<"$json") B/s) and access time ($(jq -r .access_time <<<"$json") s)" \
  json_check '.read_rate > 0 and .access_time > 0 and .access_time < 1 and .access_samples == 100'
check "… 10 samples of 10 MiB, each with a positive rate" \
  json_check '(.samples | length) == 10 and .sample_size == 10485760 and all(.samples[]; .rate > 0)'
check "… at positions inside the device, in order, from its first byte to its last sample" \
  json_check --argjson size $image_size '.size == $size and .samples[0].position == 0 and
    .samples[-1].position == $size - .sample_size and
    .sample_size as $sample | .block_size as $block |
    all(.samples[]; .position >= 0 and .position + $sample <= $size and .position % $block == 0) and
    ([.samples[].position] | . == (sort | unique))'
check "… the mean of the samples is the read rate" \
  json_check '((.samples | map(.rate) | add / length) - .read_rate | fabs) < 1'
check "… without a write test: write_rate is null" json_check '.write_rate == null and .device == "'"$data_device"'"'

json=$(ctl drives benchmark BENCHDATA --samples 4 --sample-size 2 --access-samples 0 --json)
check "named by its label, with 4 samples of 2 MiB and no access time (exit $?)" \
  json_check '(.samples | length) == 4 and .sample_size == 2097152 and .access_time == null and
         .samples[3].position == .size - 2097152'

output=$(ctl drives benchmark "$data_device" --samples 5)
check "the text output gives the read rate in MB/s ($(grep 'Read rate:' <<<"$output"))" \
  grep -qE '^Read rate: +[0-9]+\.[0-9] MB/s \(mean of 5 samples' <<<"$output"
check "… the access time in ms" grep -qE '^Access time: +[0-9]+\.[0-9]+ ms' <<<"$output"
check "… and a chart with one bar per sample, from 0%" \
  test "$(grep -cE '^ +[0-9]+%  █+ +[0-9.]+ MB/s$' <<<"$output")" = 5 -a -n "$(grep -E '^ +0%  █' <<<"$output")"

# --- writing on a mounted volume -----------------------------------------------

as_tester udisksctl mount --no-user-interaction -b "$data_device" >/dev/null
mount_point=$(findmnt -n -o TARGET --source "$data_device")
check "the data volume is mounted ($mount_point)" test -n "$mount_point"
files_before=$(list_volume "$mount_point")
json=$(ctl drives benchmark "$data_device" --write --write-size 32 --json)
status=$?
check "the write test on the mounted volume succeeds (exit $status)" test $status = 0
check "… with a positive write rate ($(jq -r .write_rate <<<"$json") B/s), 32 MiB written directly in $mount_point" \
  json_check --arg m "$mount_point" '.write_rate > 0 and .write_size == 33554432 and .write_direct == true and
    .mount_point == $m and .read_rate > 0'
check "… leaves no file behind, and the files there are intact" test "$(list_volume "$mount_point")" = "$files_before"
check "… all 6 of them" test "$(wc -l <<<"$files_before")" = 6

output=$(ctl drives benchmark BENCHDATA --write --write-size 16)
check "the text output gives the write rate in MB/s ($(grep 'Write rate:' <<<"$output"))" \
  grep -qE '^Write rate: +[0-9]+\.[0-9] MB/s \(16\.8.{1,2}MB written to a temporary file in' <<<"$output"

output=$(ctl drives benchmark "$data_device" --write --write-size 500 2>&1)
status=$?
check "a write test larger than the free space is refused (exit $status)" test $status = 1
check "… saying so ($(tail -n 1 <<<"$output"))" grep -q 'Not enough free space on .* for the write test' <<<"$output"
check "… and leaves nothing behind" test "$(list_volume "$mount_point")" = "$files_before"

# Ctrl-C: a long read test (1000 samples of the whole device) is stopped.
ctl drives benchmark "$data_device" --write --write-size 16 --samples 1000 --sample-size 160 >"$PLUG_STACK_DIR/benchmark-cancel.out" 2>&1 &
job=$!
program=
find_program () {
  local runuser_pid
  runuser_pid=$(pgrep -P "$job" -x runuser) || return 1
  program=$(pgrep -P "$runuser_pid" -x plugboardctl)
}
wait_until 5 find_program
# Only once plugboardctl catches SIGINT (in a slow sanitizer build that can
# take a while): before that, SIGINT would simply end it.
sigint_caught () {
  local mask
  mask=$(awk '/^SigCgt:/ { print $2 }' "/proc/$program/status" 2>/dev/null)
  [ -n "$mask" ] && (( (16#$mask & 2) != 0 ))
}
[ -n "$program" ] && wait_until 20 sigint_caught
sleep 0.2
[ -n "$program" ] && kill -INT "$program"
wait "$job"
status=$?
output=$(cat "$PLUG_STACK_DIR/benchmark-cancel.out")
check "Ctrl-C stops the speed test (exit $status)" test $status = 1
check "… saying it was cancelled ($(tail -n 1 <<<"$output"))" grep -q 'Cancelled: the speed test' <<<"$output"
check "… and leaves nothing behind" test "$(list_volume "$mount_point")" = "$files_before"
as_tester udisksctl unmount --no-user-interaction -b "$data_device" >/dev/null

# --- refusals -------------------------------------------------------------------

output=$(ctl drives benchmark "$idle_device" --write 2>&1)
status=$?
check "the write test on an unmounted volume is refused (exit $status)" test $status = 1
check "… saying it is not mounted ($(tail -n 1 <<<"$output"))" grep -q "$idle_device is not mounted" <<<"$output"

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" deny
output=$(ctl drives benchmark "$idle_device" 2>&1)
status=$?
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
check "with polkit refusing, the read test fails (exit $status)" test $status = 1
check "… saying so plainly ($(tail -n 1 <<<"$output"))" grep -q 'Could not test .*: Not authorized: ' <<<"$output"

truncate -s 32M "$root_image"
/sbin/mkfs.ext4 -q -L BENCHROOT "$root_image"
root_device=$(losetup -f --show "$root_image")
root_probed () { [ "$(udisks_label "$root_device")" = BENCHROOT ]; }
wait_until 10 root_probed
mkdir -p "$PLUG_STACK_DIR/benchmark-root-mount"
mount "$root_device" "$PLUG_STACK_DIR/benchmark-root-mount"
# ext4 counts what was written to it since the mount: an empty folder
# afterwards would not show a write test that removed its own file.
written_kbytes () { sync -f "$PLUG_STACK_DIR/benchmark-root-mount"; cat "/sys/fs/ext4/${root_device#/dev/}/session_write_kbytes"; }
root_written_before=$(written_kbytes)
output=$(ctl drives benchmark "$root_device" --write 2>&1)
status=$?
root_written=$(( $(written_kbytes) - ${root_written_before:-0} ))
check "the write test on a disk image root attached (and mounted) is refused (exit $status)" test $status = 1
check "… with the reason ($(tail -n 1 <<<"$output"))" \
  grep -q 'Plugboard will not test this drive: This disk image was attached by the system' <<<"$output"
check "… and nothing was written there (ext4 counts ${root_written} kB since the test began)" \
  eval 'test -n "$root_written_before" && test "$root_written" -lt 256 && test -z "$(ls -A "$PLUG_STACK_DIR/benchmark-root-mount" | grep -v lost+found)"'
ctl drives benchmark BENCHROOT >/dev/null 2>&1
check "… nor read, since Plugboard does not list it (exit $?)" test $? = 1
umount "$PLUG_STACK_DIR/benchmark-root-mount"
rmdir "$PLUG_STACK_DIR/benchmark-root-mount"

ctl drives benchmark BENCHNOSUCHVOLUME >/dev/null 2>&1
check "an unknown device fails (exit $?)" test $? = 1
ctl drives benchmark >/dev/null 2>&1
check "a missing device is a usage error (exit $?)" test $? = 2

# --- nothing else touched ----------------------------------------------------------

losetup -d "$root_device"
check "every other disk image is byte-identical" test "$(hash_others | grep -v "$root_image")" = "$others_before"

finish
