#!/bin/bash
# test-drives-check.sh: plugboardctl drives check and drives repair, against
# the real udisksd and polkitd, as the test user: a clean ext4 volume is
# clean (exit 0); one damaged as root with debugfs (a file's inode cleared,
# which e2fsck -n reports and e2fsck -y mends) is not (exit 1, the problem
# in words, also as JSON), and the check leaves its image byte-identical;
# polkit's refusal says so, names the polkit action, and changes nothing;
# a repair asks first (no terminal: refused; Enter on one: No), and with
# --yes repairs it, after which the check finds it clean. A FAT volume
# whose dirty flag is set (unplugged without being ejected) fails the
# check, and its repair, which udisks 2.9.4 reports as an error (fsck.vfat
# exits 1 when it mended something), is confirmed by a check and reported
# as done. A mounted volume is unmounted for the check and mounted again
# where it was. An exFAT
# volume, which udisks cannot check, is refused before udisks is asked
# anything. Every other disk image of ours is byte-identical afterwards.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-drives.sh"

prefix=$images/RELD-chk-
clean_image=${prefix}clean.img
damaged_image=${prefix}damaged.img
exfat_image=${prefix}exfat.img
fat_image=${prefix}fat.img
bystander_image=${prefix}bystander.img
our_images=("$clean_image" "$damaged_image" "$exfat_image" "$fat_image" "$bystander_image")
monitor_pid=
source_folder=$PLUG_STACK_DIR/chk-source-$$
calls_log=$PLUG_STACK_DIR/chk-calls-$$
stderr_file=$PLUG_STACK_DIR/chk-stderr-$$

cleanup () {
  [ -n "$monitor_pid" ] && kill "$monitor_pid" 2>/dev/null
  "$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
  remove_our_images
  rm -rf "$source_folder" "$calls_log" "$stderr_file"
}
trap cleanup EXIT

# g_format_size puts a no-break space between a size and its unit.
mb=$'\u00a0'MB
mounted_at () { findmnt -n -o TARGET --source "$1" | head -n 1; }
image_hash () { sha256sum "$1" | cut -d' ' -f1; }
# e2fsck_says IMAGE: e2fsck's own verdict on IMAGE, read-only, as root
# (0 clean, 4 errors left as they are).
e2fsck_says () { /sbin/e2fsck -f -n "$1" >/dev/null 2>&1; echo $?; }
# fsck_vfat_says IMAGE: the same for FAT (0 clean, 1 errors).
fsck_vfat_says () { /sbin/fsck.vfat -n "$1" >/dev/null 2>&1; echo $?; }

cleanup
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

# Two ext4 volumes with a file each; in one, the file's inode is cleared,
# so that its folder names an inode that is not in use.
mkdir -p "$source_folder"
chmod 755 "$source_folder"
echo 'a file to damage' >"$source_folder/victim"
for image in "$clean_image" "$damaged_image"; do
  truncate -s 64M "$image"
done
/sbin/mkfs.ext4 -q -L RELDCHKCLEAN -d "$source_folder" "$clean_image"
/sbin/mkfs.ext4 -q -L RELDCHKBAD -d "$source_folder" "$damaged_image"
inode=$(/sbin/debugfs -R 'stat /victim' "$damaged_image" 2>/dev/null | sed -n 's/^Inode: \([0-9]*\).*/\1/p')
/sbin/debugfs -w -R "clri <$inode>" "$damaged_image" >/dev/null 2>&1
chown "$PLUG_TEST_USER" "$clean_image" "$damaged_image"
check "e2fsck itself finds the clean image clean and the damaged one damaged (inode ${inode:-?})" \
  test "$(e2fsck_says "$clean_image")/$(e2fsck_says "$damaged_image")" = 0/4
as_tester truncate -s 32M "$exfat_image"
as_tester /sbin/mkfs.exfat -L RELDCHKEXF "$exfat_image" >/dev/null
# A FAT16 volume whose boot sector's dirty flag (byte 0x25, bit 0) is
# set, as Windows and Linux leave it when it is unplugged while mounted.
as_tester truncate -s 32M "$fat_image"
as_tester /sbin/mkfs.vfat -F 16 -n RELDCHKFAT "$fat_image" >/dev/null
printf '\x01' | dd of="$fat_image" bs=1 seek=$((0x25)) conv=notrunc status=none
check "fsck.vfat itself finds the FAT image's dirty flag" \
  bash -c '/sbin/fsck.vfat -n "$1" 2>&1 | grep -q "Dirty bit is set"' _ "$fat_image"
as_tester truncate -s 32M "$bystander_image"
as_tester /sbin/mkfs.ext4 -q -L RELDCHKBYST "$bystander_image"

clean_device=$(attach "$clean_image")
damaged_device=$(attach "$damaged_image")
exfat_device=$(attach "$exfat_image")
fat_device=$(attach "$fat_image")
check "the test user attached the images ($clean_device, $damaged_device, $exfat_device, $fat_device)" \
  test -n "$clean_device" -a -n "$damaged_device" -a -n "$exfat_device" -a -n "$fat_device"
bystander_device=$(attach_bystander "$bystander_image")
check "the bystander image is attached, and udisks reports it ($bystander_device)" test -n "$bystander_device"
probed () {
  [ "$(udisks_label "$clean_device")" = RELDCHKCLEAN ] && [ "$(udisks_label "$damaged_device")" = RELDCHKBAD ] &&
    [ "$(udisks_label "$exfat_device")" = RELDCHKEXF ] && [ "$(udisks_label "$fat_device")" = RELDCHKFAT ]
}
wait_until 10 probed
others_before=$(hash_others "$clean_image" "$damaged_image" "$exfat_image" "$fat_image")
exfat_hash=$(image_hash "$exfat_image")

dbus-monitor --address "$DBUS_SYSTEM_BUS_ADDRESS" \
  "type='method_call',interface='org.freedesktop.UDisks2.Filesystem',member='Check'" \
  "type='method_call',interface='org.freedesktop.UDisks2.Filesystem',member='Repair'" >"$calls_log" 2>&1 &
monitor_pid=$!
sleep 0.5

# --- refused before udisks is asked ---------------------------------------------

output=$(ctl drives check "$exfat_device" 2>&1)
status=$?
check "an exFAT volume is refused (exit $status)" test $status = 1
check "… naming it and saying why ($output)" \
  grep -qF "Cannot check $exfat_device (RELDCHKEXF, exFAT, 33.6${mb}): udisks checks and repairs ext2, ext3, ext4, XFS, FAT and NTFS only, not exFAT." <<<"$output"
output=$(ctl drives repair --yes "$exfat_device" 2>&1)
status=$?
check "… and its repair too (exit $status, $output)" test $status = 1
check "… neither asking udisks ($(calls_on "$calls_log" Check "$exfat_device") Check, $(calls_on "$calls_log" Repair "$exfat_device") Repair calls)" \
  test "$(calls_on "$calls_log" Check "$exfat_device")/$(calls_on "$calls_log" Repair "$exfat_device")" = 0/0

output=$(ctl drives check /dev/nonexistent 2>&1)
status=$?
check "a device that is not there is refused (exit $status, $output)" test $status = 1
check "… saying so" grep -qF 'No volume is “/dev/nonexistent”' <<<"$output"
ctl drives check >/dev/null 2>&1
check "no device is a usage error (exit $?)" test $? = 2
ctl drives repair "$damaged_device" extra >/dev/null 2>&1
check "two are a usage error (exit $?)" test $? = 2

# --- checking changes nothing ---------------------------------------------------

clean_hash=$(image_hash "$clean_image")
output=$(ctl drives check "$clean_device" 2>&1)
status=$?
check "the clean volume is clean (exit $status)" test $status = 0
check "… naming it, then saying so ($output)" \
  grep -qF "Checking $clean_device (RELDCHKCLEAN, ext4, 67.1${mb})…" <<<"$output"
check "… “Clean: e2fsck found no errors.”" grep -qxF 'Clean: e2fsck found no errors.' <<<"$output"
check "… and its image is byte-identical" test "$(image_hash "$clean_image")" = "$clean_hash"

damaged_hash=$(image_hash "$damaged_image")
output=$(ctl drives check "$damaged_device" 2>&1)
status=$?
check "the damaged volume is not (exit $status)" test $status = 1
check "… naming it and the problem in words ($output)" \
  grep -qF "Errors on $damaged_device (RELDCHKBAD, ext4, 67.1${mb}): e2fsck found errors in the ext4 filesystem, and changed nothing" <<<"$output"
check "… and what repairs it" grep -qF "“plugboardctl drives repair $damaged_device” repairs them." <<<"$output"
json=$(ctl --json drives check RELDCHKBAD 2>"$stderr_file")
status=$?
check "named by its label, as JSON, it is not clean either (exit $status)" test $status = 1
check "… the JSON names it and says so ($json)" \
  jq_e --arg d "$damaged_device" \
    '.device == $d and .label == "RELDCHKBAD" and .filesystem == "ext4" and .size == 67108864
     and .clean == false and (.problems | test("e2fsck found errors")) and .remounted == false' <<<"$json"
check "… and the reason is on stderr" grep -qF "Errors on $damaged_device" "$stderr_file"
json=$(ctl drives check --json "$clean_device" 2>/dev/null)
check "the clean one's JSON: clean true, problems null ($json)" \
  jq_e '.clean == true and .problems == null and .label == "RELDCHKCLEAN"' <<<"$json"
check "the damaged image is byte-identical after three checks" test "$(image_hash "$damaged_image")" = "$damaged_hash"
check "… and e2fsck still finds it damaged" test "$(e2fsck_says "$damaged_image")" = 4
check "udisks was asked to check each ext4 volume, and never to repair" \
  test "$(calls_on "$calls_log" Check "$clean_device")/$(calls_on "$calls_log" Check "$damaged_device")/$(calls_on "$calls_log" Repair "$damaged_device")" = 2/2/0

# --- polkit says no ---------------------------------------------------------------

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" deny
output=$(ctl drives check "$damaged_device" 2>&1)
status=$?
check "with polkit refusing, the check fails (exit $status)" test $status = 1
check "… naming the volume, and that it was not authorized ($output)" \
  grep -qF "Could not check $damaged_device (RELDCHKBAD, ext4, 67.1${mb}): Not authorized" <<<"$output"
check "… and the polkit action" grep -qF 'org.freedesktop.udisks2.modify-device' <<<"$output"
output=$(ctl drives repair --yes "$damaged_device" 2>&1)
status=$?
check "the repair fails too (exit $status)" test $status = 1
check "… not authorized ($output)" \
  grep -qF "Could not repair $damaged_device (RELDCHKBAD, ext4, 67.1${mb}): Not authorized" <<<"$output"
check "… and the image is byte-identical" test "$(image_hash "$damaged_image")" = "$damaged_hash"
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
repairs_before=$(calls_on "$calls_log" Repair "$damaged_device")

# --- a repair asks first ----------------------------------------------------------------

output=$(ctl drives repair "$damaged_device" 2>&1)
status=$?
check "without --yes and without a terminal, a repair is refused (exit $status)" test $status = 1
check "… naming the volume and what changes ($output)" \
  grep -qF "Repairing $damaged_device (RELDCHKBAD, ext4, 67.1${mb}): e2fsck will change whatever it finds damaged on it" <<<"$output"
check "… and asking for a confirmation" \
  grep -qF "Not repairing $damaged_device without a confirmation: run this on a terminal to be asked, or pass --yes" <<<"$output"

terminal_start "$PLUGBOARDCTL drives repair $damaged_device"
wait_until 20 terminal_asked "Repair $damaged_device? [y/N]"
check "on a terminal, it asks “Repair $damaged_device? [y/N]”" terminal_asked "Repair $damaged_device? [y/N]"
# Ignored, so that a command that ended without asking fails the checks
# below instead of killing the test with the answer it cannot read.
trap '' PIPE
terminal_answer ""
trap - PIPE
check "… and Enter alone is No (exit $terminal_status)" test "$terminal_status" = 1
check "… “Nothing was changed.” ($terminal_text)" grep -qF 'Nothing was changed.' <<<"$terminal_text"
check "udisks was not asked to repair, and the image is byte-identical" \
  test "$(calls_on "$calls_log" Repair "$damaged_device")/$(image_hash "$damaged_image")" = "$repairs_before/$damaged_hash"

# --- repaired ---------------------------------------------------------------------------

output=$(ctl drives repair --yes "$damaged_device" 2>&1)
status=$?
check "with --yes, the damaged volume is repaired (exit $status)" test $status = 0
check "… saying so ($output)" grep -qxF "e2fsck repaired the filesystem on $damaged_device." <<<"$output"
check "… and e2fsck itself finds it clean now" test "$(e2fsck_says "$damaged_image")" = 0
output=$(ctl drives check "$damaged_device" 2>&1)
status=$?
check "the check finds it clean now (exit $status, $output)" test $status = 0
json=$(ctl --json drives repair --yes RELDCHKBAD 2>/dev/null)
status=$?
check "a repair with nothing to repair, named by its label, as JSON (exit $status)" test $status = 0
check "… says repaired ($json)" \
  jq_e --arg d "$damaged_device" \
    '.device == $d and .label == "RELDCHKBAD" and .filesystem == "ext4" and .size == 67108864 and .repaired == true' <<<"$json"

# --- FAT, unplugged without being ejected ------------------------------------------------

output=$(ctl drives check "$fat_device" 2>&1)
status=$?
check "a FAT volume whose dirty flag is set fails the check (exit $status)" test $status = 1
check "… fsck.vfat found errors ($output)" \
  grep -qF "Errors on $fat_device (RELDCHKFAT, FAT16, 33.6${mb}): fsck.vfat found errors in the FAT16 filesystem" <<<"$output"
output=$(ctl drives repair --yes "$fat_device" 2>&1)
status=$?
check "its repair succeeds (exit $status)" test $status = 0
check "… though udisks reported it as failed, which a check then disproved ($output)" \
  grep -qxF 'udisks reported the repair as failed: checking whether it was repaired all the same.' <<<"$output"
check "… and says so" \
  grep -qxF "fsck.vfat repaired the filesystem on $fat_device: it reported what it mended as an error, and a check afterwards finds no errors." <<<"$output"
check "fsck.vfat itself finds it clean now" test "$(fsck_vfat_says "$fat_image")" = 0
output=$(ctl drives check "$fat_device" 2>&1)
check "… and so does the check (exit $?, $output)" grep -qxF 'Clean: fsck.vfat found no errors.' <<<"$output"

# --- mounted: unmounted for the check, and mounted again ------------------------------

as_tester udisksctl mount --no-user-interaction --block-device "$clean_device" >/dev/null
mount_point=$(mounted_at "$clean_device")
check "the test user mounted the clean volume (at ${mount_point:-nowhere})" test -n "$mount_point"
output=$(ctl drives check "$clean_device" 2>&1)
status=$?
check "a mounted volume is checked (exit $status)" test $status = 0
check "… unmounted first ($output)" \
  grep -qxF 'Unmounting it first: udisks checks and repairs only a volume that is not mounted.' <<<"$output"
check "… clean" grep -qxF 'Clean: e2fsck found no errors.' <<<"$output"
check "… and mounted again where it was" grep -qxF "Mounted again at $mount_point" <<<"$output"
check "it is mounted at $mount_point ($(mounted_at "$clean_device"))" test "$(mounted_at "$clean_device")" = "$mount_point"
check "… with its file" test "$(cat "$mount_point/victim" 2>/dev/null)" = 'a file to damage'
json=$(ctl --json drives check RELDCHKCLEAN 2>/dev/null)
check "as JSON, clean, remounted, where it was ($json)" \
  jq_e --arg m "$mount_point" '.clean == true and .remounted == true and .mount_point == $m' <<<"$json"
as_tester udisksctl unmount --no-user-interaction --block-device "$clean_device" >/dev/null

check "udisks was never asked about the exFAT volume" \
  test "$(calls_on "$calls_log" Check "$exfat_device")/$(calls_on "$calls_log" Repair "$exfat_device")" = 0/0
check "the exFAT image is byte-identical" test "$(image_hash "$exfat_image")" = "$exfat_hash"
check "every other disk image of ours is byte-identical" \
  others_identical "$others_before" "$clean_image" "$damaged_image" "$exfat_image" "$fat_image"

finish
