#!/bin/bash
# test-drives-list.sh: plugboardctl drives list shows the disk images the
# test user attached through the real udisksd, with their volumes, follows
# mounting and detaching, and leaves out a loop device root set up.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"

images=$PLUG_IMAGES_DIR
ext4_image=$images/drives-list-data.img
vfat_image=$images/drives-list-camera.img
root_image=$images/drives-list-root.img
# A file name that is not UTF-8, with an escape sequence in it.
odd_image=$(printf '%s/drives-list-odd\377\033[31mname.img' "$images")
odd_device=
ext4_device=
vfat_device=
root_device=

# Whatever happens, leave no mount and no loop device behind.
cleanup () {
  [ -n "$ext4_device" ] && umount "$ext4_device" 2>/dev/null
  for device in $ext4_device $vfat_device $root_device $odd_device; do
    losetup "$device" 2>/dev/null | grep -q "$images/drives-list-" && losetup -d "$device"
  done
  rm -f "$ext4_image" "$vfat_image" "$root_image" "$odd_image"
}
trap cleanup EXIT

list_json () { as_tester "$PLUGBOARDCTL" drives list --json "$@"; }
# drive DEVICE FILTER [LIST OPTIONS]: a jq filter applied to one listed drive.
drive () {
  local device=$1 filter=$2; shift 2
  list_json "$@" | jq -r --arg device "$device" ".[] | select(.device == \$device) | $filter"
}
volume () { drive "$1" ".volumes[0] | $2"; }
is_listed () { [ "$(drive "$1" .device "${@:2}")" = "$1" ]; }
# is_not_listed DEVICE [LIST OPTIONS]: the list is read, and DEVICE is not in it.
is_not_listed () { list_json "${@:2}" >/dev/null && ! is_listed "$@"; }

rm -f "$ext4_image" "$vfat_image" "$root_image"
as_tester truncate -s 64M "$ext4_image"
as_tester /sbin/mkfs.ext4 -q -L PLUGDATA "$ext4_image"
as_tester truncate -s 48M "$vfat_image"
as_tester /sbin/mkfs.vfat -F 32 -n CAMERA "$vfat_image" >/dev/null
check "the test user made an ext4 and a FAT32 image" test -s "$ext4_image" -a -s "$vfat_image"

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

# --- the subcommand group -------------------------------------------------

output=$(as_tester "$PLUGBOARDCTL" drives 2>&1)
status=$?
check "“drives” without a subcommand is a usage error (exit $status)" test $status = 2
check "… that names the subcommands" grep -q '^  list ' <<<"$output"
as_tester "$PLUGBOARDCTL" drives frobnicate >/dev/null 2>&1
status=$?
check "an unknown subcommand is a usage error (exit $status)" test $status = 2
as_tester "$PLUGBOARDCTL" drives list --frobnicate >/dev/null 2>&1
status=$?
check "an unknown option of “drives list” is a usage error (exit $status)" test $status = 2

# --- two images attached --------------------------------------------------

output=$(as_tester udisksctl loop-setup --no-user-interaction --file "$ext4_image" 2>&1)
ext4_device=$(grep -oE '/dev/loop[0-9]+' <<<"$output")
output=$(as_tester udisksctl loop-setup --no-user-interaction --file "$vfat_image" 2>&1)
vfat_device=$(grep -oE '/dev/loop[0-9]+' <<<"$output")
check "udisks attached both images ($ext4_device, $vfat_device)" test -n "$ext4_device" -a -n "$vfat_device"
diag "ext4 image on $ext4_device, FAT32 image on $vfat_device"

# udev probes the filesystems just after the devices appear.
labels_known () { [ "$(volume "$ext4_device" .label)" = PLUGDATA ] && [ "$(volume "$vfat_device" .label)" = CAMERA ]; }
wait_until 10 labels_known

json=$(list_json)
check "drives list --json succeeds and prints an array" jq_e 'type == "array" and length > 0' <<<"$json"
missing=$(jq -r '.[] | . as $d | ["device","model","size","connection","is_disk_image","volumes","can_modify","reason","backing_file"]
                  | map(. as $key | select($d | has($key) | not)) | .[]' <<<"$json") || missing="(jq failed)"
[ -n "${json//[[:space:]]/}" ] || missing="(no JSON at all)"
check "every drive has the contract's keys ${missing:+(missing: $missing)}" test -z "$missing"
missing=$(jq -r '.[].volumes[] | . as $v | ["device","filesystem","label","uuid","size","mount_point"]
                  | map(. as $key | select($v | has($key) | not)) | .[]' <<<"$json") || missing="(jq failed)"
[ -n "${json//[[:space:]]/}" ] || missing="(no JSON at all)"
check "every volume has the contract's keys ${missing:+(missing: $missing)}" test -z "$missing"
check "size is a number of bytes" \
  jq_e '([.[].volumes[]] | length > 0) and all(.[]; (.size | type) == "number") and all(.[].volumes[]; (.size | type) == "number")' <<<"$json"

for image in "$ext4_image" "$vfat_image"; do
  if [ "$image" = "$ext4_image" ]; then
    device=$ext4_device filesystem=ext4 label=PLUGDATA
  else
    device=$vfat_device filesystem=vfat label=CAMERA
  fi
  size=$(stat -c %s "$image")
  name=$(basename "$image")
  d () { jq -r --arg device "$device" ".[] | select(.device == \$device) | $1" <<<"$json"; }

  check "$name is listed as $device" test "$(d .device)" = "$device"
  check "$name is a disk image" test "$(d .is_disk_image)" = true
  check "$name's connection is disk-image" test "$(d .connection)" = disk-image
  check "$name's model is its file name ($(d .model))" test "$(d .model)" = "$name"
  check "$name's size is the file's, $size bytes ($(d .size))" test "$(d .size)" = "$size"
  check "$name's backing file is the image" test "$(d .backing_file)" = "$image"
  check "$name may be changed by the user who attached it" test "$(d .can_modify)" = true
  check "$name has one volume" test "$(d '.volumes | length')" = 1
  check "$name's volume is $device itself" test "$(d '.volumes[0].device')" = "$device"
  check "$name's filesystem is $filesystem ($(d '.volumes[0].filesystem'))" test "$(d '.volumes[0].filesystem')" = "$filesystem"
  check "$name's label is $label ($(d '.volumes[0].label'))" test "$(d '.volumes[0].label')" = "$label"
  uuid=$(blkid -p -s UUID -o value "$image")
  check "$name's UUID is what blkid reads, $uuid ($(d '.volumes[0].uuid'))" test -n "$uuid" -a "$(d '.volumes[0].uuid')" = "$uuid"
  check "$name's volume size is $size bytes" test "$(d '.volumes[0].size')" = "$size"
  check "$name is not mounted (mount_point is null)" test "$(d '.volumes[0].mount_point')" = null
done

check "the FAT32 volume states its 4 GB file limit" \
  test "$(jq -r --arg device "$vfat_device" '.[] | select(.device == $device) | .volumes[0].max_file_size' <<<"$json")" = 4294967295
check "the ext4 volume has no file size limit to state" \
  test "$(jq -r --arg device "$ext4_device" '.[] | select(.device == $device) | .volumes[0].max_file_size' <<<"$json")" = null

text=$(as_tester "$PLUGBOARDCTL" drives list)
check "the text listing names both images" grep -q "drives-list-data.img — $ext4_device" <<<"$text"
check "… with their volumes" grep -qE "^  $vfat_device +FAT32 +“CAMERA”" <<<"$text"
check "… and the FAT32 limit" grep -q 'Files larger than 4 GB cannot be stored on this drive' <<<"$text"

# --- mounting ------------------------------------------------------------

output=$(as_tester udisksctl mount --no-user-interaction --block-device "$ext4_device" 2>&1)
mount_point=$(sed -n 's/^Mounted .* at \(.*\)$/\1/p' <<<"$output" | sed 's/\.$//')
check "the test user mounted the ext4 image ($output)" test -n "$mount_point"
check "the kernel agrees where ($mount_point)" test "$(findmnt -n -o TARGET --source "$ext4_device")" = "$mount_point"
check "mount_point is where udisks mounted it" test "$(volume "$ext4_device" .mount_point)" = "$mount_point"
json=$(list_json)
used=$(jq -r --arg device "$ext4_device" '.[] | select(.device == $device) | .volumes[0].used' <<<"$json")
free=$(jq -r --arg device "$ext4_device" '.[] | select(.device == $device) | .volumes[0].free' <<<"$json")
df_free=$(df --output=avail -B1 "$mount_point" | tail -n 1 | tr -d ' ')
check "a mounted volume has used and free bytes ($used, $free)" test "$used" -gt 0 -a "$free" -gt 0
check "free is what df says ($df_free)" test "$free" = "$df_free"
check "the unmounted FAT32 volume has no usage (null)" test "$(volume "$vfat_device" .used)" = null

# --- a loop device root set up -----------------------------------------

rm -f "$root_image"
truncate -s 32M "$root_image"
/sbin/mkfs.ext4 -q -L ROOTLOOP "$root_image"
root_device=$(losetup -f --show "$root_image")
check "root set up a loop device with losetup ($root_device)" test -n "$root_device"
wait_until 10 is_listed "$root_device" --all
check "with --all, root's loop device is listed ($root_device)" is_listed "$root_device" --all
check "… and may not be changed" test "$(drive "$root_device" .can_modify --all)" = false
check "… because the system attached it" test "$(drive "$root_device" .restriction --all)" = system-image
check "… which it says in words" test -n "$(drive "$root_device" '.reason // empty' --all)"
check "without --all, root's loop device is not listed" is_not_listed "$root_device"
check "without --all, every drive listed may be changed" \
  test "$(list_json | jq '[.[] | select(.can_modify | not)] | length')" = 0
losetup -d "$root_device"
# Another lane may attach its own image as the same /dev/loopN the moment
# root's is free, so the list is searched for root's backing file instead.
gone_root () {
  local json
  json=$(list_json --all) &&
    test "$(jq --arg file "$root_image" '[.[] | select(.backing_file == $file)] | length' <<<"$json")" = 0
}
wait_until 10 gone_root
check "root's loop device leaves the list once detached" gone_root
root_device=

# --- detaching ------------------------------------------------------------

as_tester udisksctl unmount --no-user-interaction --block-device "$ext4_device" >/dev/null
check "the test user unmounted the ext4 image" test -z "$(findmnt -n -o TARGET --source "$ext4_device")"
check "mount_point is null again" test "$(volume "$ext4_device" .mount_point)" = null

as_tester udisksctl loop-delete --no-user-interaction --block-device "$vfat_device" >/dev/null
wait_until 10 is_not_listed "$vfat_device"
check "the detached FAT32 image disappears from the list" is_not_listed "$vfat_device"
check "the ext4 image is still listed" is_listed "$ext4_device"
as_tester udisksctl loop-delete --no-user-interaction --block-device "$ext4_device" >/dev/null
wait_until 10 is_not_listed "$ext4_device"
check "the detached ext4 image disappears too" is_not_listed "$ext4_device"
check "no loop device is left on the images" test -z "$(losetup -j "$ext4_image")$(losetup -j "$vfat_image")"
ext4_device=
vfat_device=

# --- names that are not plain text ---------------------------------------------
# A label may hold any bytes (an escape sequence that clears the terminal,
# a newline), a file name too: the text output shows them escaped, the
# JSON output stays valid UTF-8.
as_tester truncate -s 16M "$odd_image"
as_tester /sbin/mkfs.ext4 -q -L "$(printf '\033[2Jtwo\nlines')" "$odd_image"
odd_device=$(as_tester udisksctl loop-setup --no-user-interaction --file "$odd_image" | grep -oE '/dev/loop[0-9]+')
wait_until 10 is_listed "$odd_device"
check "an image with an odd file name and label is listed ($odd_device)" is_listed "$odd_device"
text=$(as_tester "$PLUGBOARDCTL" drives list)
check "the text list holds no escape character" eval '! grep -q $'"'"'\033'"'"' <<<"$text"'
check "… and shows the label with its escapes ($(grep -F 'two' <<<"$text" | head -n 1))" \
  grep -qF '“\x1b[2Jtwo\nlines”' <<<"$text"
check "… and the file name with its odd byte shown as \\xff" grep -qF 'drives-list-odd\xff\x1b[31mname.img' <<<"$text"
# jq would take invalid UTF-8 and mend it; Python's decoder does not.
check "the JSON list is valid UTF-8 and parses" eval \
  'list_json | python3 -c "import json, sys; json.loads(sys.stdin.buffer.read().decode(\"utf-8\"))"'
check "… with the file name's odd byte as U+FFFD ($(drive "$odd_device" .backing_file | cat -v))" \
  test "$(drive "$odd_device" .backing_file)" = "$(printf '%s/drives-list-odd\357\277\275\033[31mname.img' "$images")"
check "… and the label as it is ($(volume "$odd_device" .label | od -An -c | tr -s ' ' | head -c 60))" \
  test "$(volume "$odd_device" .label)" = "$(printf '\033[2Jtwo\nlines')"
# On a terminal with --json, the y/N question goes to stderr, not into the JSON.
stdout_only=$(printf 'n\n' | as_tester script -qec "$PLUGBOARDCTL --json drives format $odd_device --type ext4 --label ODD 2>/dev/null" /dev/null)
# The same command with its stderr on the terminal too: the question is asked.
both=$(printf 'n\n' | as_tester script -qec "$PLUGBOARDCTL --json drives format $odd_device --type ext4 --label ODD" /dev/null)
check "with --json the question is asked, on stderr, not on stdout ($(tr -d '\r' <<<"$stdout_only" | tail -n 1))" \
  eval 'grep -qF "[y/N]" <<<"$both" && ! grep -qF "[y/N]" <<<"$stdout_only"'
as_tester udisksctl loop-delete --no-user-interaction --block-device "$odd_device" >/dev/null
odd_device=

finish
