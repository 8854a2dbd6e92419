#!/bin/bash
# test-drives-take-ownership.sh: plugboardctl drives take-ownership, against
# the real udisksd and polkitd, as the test user: an ext4 volume made by
# root (its top folder and a file in it root's, as GParted or mkfs as root
# leaves them) is listed as not writable, root's; polkit's refusal says so,
# names the polkit action, and changes no owner; allowed, the top folder
# and the file become the test user's, mounted and, after root took them
# back, unmounted (udisks mounts it for the time it takes). A FAT volume,
# whose files have no owners, is refused before udisks is asked anything;
# a volume that is not there, and a wrong command line, are refused too.
# Every other disk image of ours is byte-identical afterwards.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-drives.sh"

prefix=$images/RELD-own-
root_image=${prefix}root.img
fat_image=${prefix}fat.img
bystander_image=${prefix}bystander.img
our_images=("$root_image" "$fat_image" "$bystander_image")
monitor_pid=
source_folder=$PLUG_STACK_DIR/own-source-$$

cleanup () {
  [ -n "$monitor_pid" ] && kill "$monitor_pid" 2>/dev/null
  "$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
  remove_our_images
  rm -rf "$source_folder"
}
trap cleanup EXIT

# g_format_size puts a no-break space between a size and its unit.
mb=$'\u00a0'MB
owners () { stat -c '%U' "$@" | tr '\n' ' ' | sed 's/ $//'; }
mounted_at () { findmnt -n -o TARGET --source "$1" | head -n 1; }

cleanup
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

# Made by root, as a person's root shell or GParted would: the top folder
# (root_owner, whatever mke2fs' default) and a file in it are root's.
# The test user owns the image file, to attach it through udisks.
mkdir -p "$source_folder"
chmod 755 "$source_folder"
echo 'made by root' >"$source_folder/root-file"
truncate -s 64M "$root_image"
/sbin/mkfs.ext4 -q -L RELDOWNROOT -E root_owner=0:0 -d "$source_folder" "$root_image"
chown "$PLUG_TEST_USER" "$root_image"
as_tester truncate -s 48M "$fat_image"
as_tester /sbin/mkfs.vfat -F 32 -n RELDOWNFAT "$fat_image" >/dev/null
as_tester truncate -s 32M "$bystander_image"
as_tester /sbin/mkfs.ext4 -q -L RELDOWNBYST "$bystander_image"

root_device=$(attach "$root_image")
fat_device=$(attach "$fat_image")
check "the test user attached a root-made ext4 image and a FAT image ($root_device, $fat_device)" \
  test -n "$root_device" -a -n "$fat_device"
bystander_device=$(attach_bystander "$bystander_image")
check "the bystander image is attached, and udisks reports it ($bystander_device)" test -n "$bystander_device"
probed () { [ "$(udisks_label "$root_device")" = RELDOWNROOT ] && [ "$(udisks_label "$fat_device")" = RELDOWNFAT ]; }
wait_until 10 probed
as_tester udisksctl mount --no-user-interaction --block-device "$root_device" >/dev/null
mount_point=$(mounted_at "$root_device")
check "the test user mounted it (at ${mount_point:-nowhere})" test -n "$mount_point"
check "… where its top folder and file are root's ($(owners "$mount_point" "$mount_point/root-file"))" \
  test "$(owners "$mount_point" "$mount_point/root-file")" = 'root root'
check "… and the test user cannot add a file" \
  bash -c '! runuser -u "$1" -- touch "$2/mine" 2>/dev/null' sh "$PLUG_TEST_USER" "$mount_point"
others_before=$(hash_others "$root_image" "$fat_image")

# --- what drives list says -------------------------------------------------

volume=$(udisks_volume "$root_device")
check "drives list --json: writable false, owner root" jq_e '.writable == false and .owner == "root"' <<<"$volume"
check "… and for the FAT volume, not mounted, null and null" \
  jq_e '.writable == null and .owner == null' <<<"$(udisks_volume "$fat_device")"
output=$(ctl drives list)
check "drives list says whose it is, and what makes it the user's" \
  grep -qF 'Its files belong to another user (root); you cannot add files to it. “plugboardctl drives take-ownership” makes them yours.' <<<"$output"

# --- refused before udisks is asked ------------------------------------------

start_call_monitor_take () {
  dbus-monitor --address "$DBUS_SYSTEM_BUS_ADDRESS" \
    "type='method_call',interface='org.freedesktop.UDisks2.Filesystem',member='TakeOwnership'" >"$1" 2>&1 &
  monitor_pid=$!
  sleep 0.5
}
calls_log=$PLUG_STACK_DIR/own-calls-$$
start_call_monitor_take "$calls_log"

output=$(ctl drives take-ownership "$fat_device" 2>&1)
status=$?
check "a FAT volume is refused (exit $status)" test $status = 1
check "… naming it and saying why ($output)" \
  grep -qF "Cannot make $fat_device (RELDOWNFAT, FAT32, 50.3${mb}) yours: files on FAT32 have no owners." <<<"$output"
check "… without asking udisks ($(calls_on "$calls_log" TakeOwnership "$fat_device") TakeOwnership calls)" \
  test "$(calls_on "$calls_log" TakeOwnership "$fat_device")" = 0

output=$(ctl drives take-ownership /dev/nonexistent 2>&1)
status=$?
check "a device that is not there is refused (exit $status, $output)" test $status = 1
check "… saying so" grep -qF 'No volume is “/dev/nonexistent”' <<<"$output"
ctl drives take-ownership >/dev/null 2>&1
check "no device is a usage error (exit $?)" test $? = 2
ctl drives take-ownership "$root_device" extra >/dev/null 2>&1
check "two are a usage error (exit $?)" test $? = 2

# --- polkit says no ------------------------------------------------------------

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" deny
output=$(ctl drives take-ownership "$root_device" 2>&1)
status=$?
check "with polkit refusing, it fails (exit $status)" test $status = 1
check "… naming the volume, and that it was not authorized ($output)" \
  grep -qF "Could not make $root_device (RELDOWNROOT, ext4, 67.1${mb}) yours: Not authorized" <<<"$output"
check "… and the polkit action" grep -qF 'org.freedesktop.udisks2.filesystem-take-ownership' <<<"$output"
check "… udisks was asked once" test "$(calls_on "$calls_log" TakeOwnership "$root_device")" = 1
check "… and nothing changed owner ($(owners "$mount_point" "$mount_point/root-file"))" \
  test "$(owners "$mount_point" "$mount_point/root-file")" = 'root root'
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

# --- allowed: mounted --------------------------------------------------------------

output=$(ctl drives take-ownership "$root_device" 2>&1)
status=$?
check "allowed, it makes the volume the user's (exit $status)" test $status = 0
check "… naming it first, with whose it was ($output)" \
  grep -qF "Making $root_device (RELDOWNROOT, ext4, 67.1${mb}) yours: its top folder belongs to root" <<<"$output"
check "… then saying “RELDOWNROOT now belongs to you.”" grep -qxF 'RELDOWNROOT now belongs to you.' <<<"$output"
check "… and where to add files" grep -qxF "You can add files to it at $mount_point" <<<"$output"
check "the top folder and the file are the test user's ($(owners "$mount_point" "$mount_point/root-file"))" \
  test "$(owners "$mount_point" "$mount_point/root-file")" = "$PLUG_TEST_USER $PLUG_TEST_USER"
check "… the test user can add a file" runuser -u "$PLUG_TEST_USER" -- touch "$mount_point/mine"
check "… the file's contents are as they were" test "$(cat "$mount_point/root-file")" = 'made by root'
check "drives list --json: writable true, owner the test user" \
  jq_e --arg u "$PLUG_TEST_USER" '.writable == true and .owner == $u' <<<"$(udisks_volume "$root_device")"
output=$(ctl drives list)
check "… and drives list no longer offers it" bash -c '! grep -qF "Its files belong to another user" <<<"$1"' sh "$output"

# --- allowed: not mounted, by name, as JSON ----------------------------------------

chown -R root:root "$mount_point"
as_tester udisksctl unmount --no-user-interaction --block-device "$root_device" >/dev/null
check "root took it back, and it is unmounted" test -z "$(mounted_at "$root_device")"
json=$(ctl --json drives take-ownership RELDOWNROOT 2>"$PLUG_STACK_DIR/own-stderr-$$")
status=$?
check "an unmounted volume, named by its label, is made the user's too (exit $status: $(cat "$PLUG_STACK_DIR/own-stderr-$$"))" test $status = 0
check "… the JSON names it, and says it was not looked at ($json)" \
  jq_e --arg d "$root_device" --arg u "$PLUG_TEST_USER" \
    '.device == $d and .label == "RELDOWNROOT" and .filesystem == "ext4" and .size == 67108864 and .user == $u
     and .mount_point == null and .writable == null and .owner == null and .verified == false' <<<"$json"
check "… and udisks left it unmounted" test -z "$(mounted_at "$root_device")"
as_tester udisksctl mount --no-user-interaction --block-device "$root_device" >/dev/null
mount_point=$(mounted_at "$root_device")
check "mounted again, the top folder and every file are the test user's ($(owners "$mount_point" "$mount_point/root-file" "$mount_point/mine"))" \
  test "$(owners "$mount_point" "$mount_point/root-file" "$mount_point/mine")" = "$PLUG_TEST_USER $PLUG_TEST_USER $PLUG_TEST_USER"
check "udisks was asked three times in all, never for the FAT volume" \
  test "$(calls_on "$calls_log" TakeOwnership "$root_device")/$(calls_on "$calls_log" TakeOwnership "$fat_device")" = 3/0
as_tester udisksctl unmount --no-user-interaction --block-device "$root_device" >/dev/null

check "every other disk image of ours is byte-identical" others_identical "$others_before" "$root_image" "$fat_image"

rm -f "$calls_log"
finish
