#!/bin/bash
# test-drives-power-cut.sh: udisksd killed with SIGKILL, as a power cut
# would stop it, in the middle of a rename (Filesystem.SetLabel) and in
# the middle of mkfs, against the real udisksd, as the test user.
# plugboardctl reports that the outcome is unknown and does not ask again,
# and once udisksd is back, what the volume holds now; the volume then has
# the old or the new name, e2fsck -n finds it clean, its files are
# byte-identical, and so is every other disk image of ours.
#
# To kill udisksd at exactly that moment, the test holds the program
# udisksd runs: e2label waits on the mounted filesystem, which the test
# froze (fsfreeze), and mkfs is stopped (SIGSTOP) as soon as it starts.
# Both go on once udisksd is dead, as its children would after a crash.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-drives.sh"

prefix=$images/RELD-cut-
label_image=${prefix}label.img
mkfs_image=${prefix}mkfs.img
bystander_image=${prefix}bystander.img
our_images=("$label_image" "$mkfs_image" "$bystander_image")
frozen=
monitor_log=$PLUG_STACK_DIR/RELD-cut-monitor.log
monitor_pid=

cleanup () {
  [ -n "$monitor_pid" ] && kill "$monitor_pid" 2>/dev/null
  rm -f "$monitor_log"
  [ -n "$frozen" ] && fsfreeze -u "$frozen" 2>/dev/null
  [ -n "${stopped_mkfs:-}" ] && kill -CONT "$stopped_mkfs" 2>/dev/null
  "$PLUG_STACK" start "$PLUG_STACK_DIR" udisksd >/dev/null 2>&1
  remove_our_images
}
trap cleanup EXIT

lists_all () { as_tester "$PLUGBOARDCTL" drives list --all --json | jq_e --arg d "$1" 'any(.[]; .device == $d)' >/dev/null; }
udisksd_pid () { read -r pid _ <"$PLUG_STACK_DIR/pids/udisksd" && printf '%s' "$pid"; }
# wait_for SECONDS COMMAND…: until COMMAND succeeds, by the clock. A
# udisksd started again reads every block device of the machine first,
# and on a shared test machine there can be many.
wait_for () {
  local deadline=$(($(date +%s) + $1)); shift
  until "$@" >/dev/null 2>&1; do
    [ "$(date +%s)" -ge "$deadline" ] && return 1
    sleep 0.2
  done
}
# wait_exit SECONDS PID: until PID (a child of ours) has exited.
wait_exit () {
  local deadline=$(($(date +%s) + $1))
  while kill -0 "$2" 2>/dev/null; do
    [ "$(date +%s)" -ge "$deadline" ] && return 1
    sleep 0.1
  done
}

cleanup
as_tester truncate -s 64M "$label_image" "$bystander_image"
as_tester truncate -s 8G "$mkfs_image"
owner="$(id -u "$PLUG_TEST_USER"):$(id -g "$PLUG_TEST_USER")"
as_tester /sbin/mkfs.ext4 -q -E root_owner="$owner" -L RELDOLD "$label_image"
as_tester /sbin/mkfs.ext4 -q -L RELDCUTBYST "$bystander_image"
as_tester /sbin/mkfs.ext4 -q -L RELDMKOLD "$mkfs_image"
bystander_device=$(attach_bystander "$bystander_image")
check "the bystander image is attached, and udisks reports it ($bystander_device)" test -n "$bystander_device"

# --- killed in the middle of SetLabel -------------------------------------

# gone PID: the process ended; a dead one may wait a moment, as a zombie,
# for init to reap it (nothing else here is its parent).
gone () { [ ! -e "/proc/$1" ] || [ "$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null)" = Z ]; }

device=$(attach "$label_image")
mount_point=$(as_tester udisksctl mount --no-user-interaction --block-device "$device" | sed -n 's/^Mounted .* at \(.*\)$/\1/p')
check "the volume to rename is mounted ($device at $mount_point)" test -n "$mount_point"
as_tester sh -c 'mkdir "$1/photos" && for i in 1 2 3 4 5; do head -c 300000 /dev/urandom >"$1/photos/$i.jpg"; done &&
                 echo "keep me" >"$1/note.txt"' sh "$mount_point"
sync
files_before=$(hash_files "$mount_point")
others_before=$(hash_others "$label_image" "$mkfs_image")

# ext4 is renamed while mounted; e2label then waits until it is thawed.
# Every SetLabel call on the bus, whoever makes it: a second one would be
# a rename again.
start_call_monitor "$monitor_log"
fsfreeze -f "$mount_point" && frozen=$mount_point
as_tester "$PLUGBOARDCTL" drives label "$device" RELDNEW </dev/null >"$PLUG_STACK_DIR/cut-label-output" 2>&1 &
client=$!
udisksd=$(udisksd_pid)
wait_until 20 pgrep -P "$udisksd" -x e2label
label_child=$(pgrep -P "$udisksd" -x e2label)
check "udisksd runs e2label for the rename (pid $label_child)" test -n "$label_child"
"$PLUG_STACK" kill "$PLUG_STACK_DIR" udisksd
check "udisksd was killed with SIGKILL in the middle of it" gone "$udisksd"
fsfreeze -u "$mount_point" && frozen=
wait_until 20 test ! -e "/proc/$label_child"
check "plugboardctl waits for udisksd to come back" test -e "/proc/$client"
"$PLUG_STACK" start "$PLUG_STACK_DIR" udisksd
wait_exit 120 "$client"
wait $client
status=$?
output=$(cat "$PLUG_STACK_DIR/cut-label-output")
check "the rename fails (exit $status)" test $status = 1
check "… saying the outcome is unknown ($(tail -n 1 <<<"$output"))" grep -qF "so the outcome is unknown" <<<"$output"
check "… and that it was not renamed again" grep -qiF "it was not renamed again" <<<"$output"
renames=$(calls_on "$monitor_log" SetLabel "$device")
check "… and it was not: udisks got one SetLabel call for it ($renames)" test "$renames" = 1
kill "$monitor_pid"
monitor_pid=
label=$(blkid_value LABEL "$device")
check "the volume has the old or the new name (“$label”)" test "$label" = RELDOLD -o "$label" = RELDNEW
# plugboardctl waits 30 s for udisksd to come back, then reads the volume
# again; a udisksd that takes longer is reported as such.
if grep -qF "look at its name once udisks runs again" <<<"$output"; then
  diag "udisksd took longer to come back than plugboardctl waits"
else
  check "… as plugboardctl reported, read again from the new udisksd" grep -qF "it is now named “$label”" <<<"$output"
fi
check "every file on it is byte-identical" test "$(hash_files "$mount_point")" = "$files_before"
# By root: a udisksd started again first reads every block device of the
# machine, which on a shared test machine can take a minute.
umount "$mount_point"
# The killed udisksd made that folder; the new one may not know it.
rmdir "$mount_point" 2>/dev/null
check "it is unmounted for the check" test -z "$(findmnt -n -o TARGET --source "$device")"
check "e2fsck -n finds the filesystem clean" e2fsck -f -n "$device"
# --all: udisksd keeps who attached a loop device in /run/udisks2, which
# every udisksd on a shared test machine reads and cleans up; started
# again, it may have forgotten, and the image then counts as attached by
# the system (SetupByUID 0).
wait_for 120 lists_all "$device"
check "udisksd is back and reports the image" lists_all "$device"
check "every other disk image is byte-identical" others_identical "$others_before" "$label_image" "$mkfs_image"

# --- killed in the middle of mkfs ------------------------------------------

device=$(attach "$mkfs_image")
check "attached the image to reformat ($device)" test -n "$device"
others_before=$(hash_others "$mkfs_image")
udisksd=$(udisksd_pid)
start_call_monitor "$monitor_log"
as_tester "$PLUGBOARDCTL" drives format "$device" --type ext4 --label RELDMKNEW --yes </dev/null \
  >"$PLUG_STACK_DIR/cut-mkfs-output" 2>&1 &
client=$!
# mkfs.ext4 runs for a tenth of a second: looked for without starting
# any program, and stopped at once.
stopped_mkfs=
deadline=$(($(date +%s) + 20))
while [ -z "$stopped_mkfs" ] && [ "$(date +%s)" -lt "$deadline" ]; do
  for children in /proc/"$udisksd"/task/*/children; do
    read -r -a kids <"$children" 2>/dev/null || [ ${#kids[@]} -gt 0 ] || continue
    for child in "${kids[@]}"; do
      read -r name <"/proc/$child/comm" 2>/dev/null || continue
      case $name in mkfs.ext4|mke2fs) kill -STOP "$child" 2>/dev/null && stopped_mkfs=$child ;; esac
    done
  done
done
check "caught udisksd's mkfs in the act (pid $stopped_mkfs)" test -n "$stopped_mkfs"
"$PLUG_STACK" kill "$PLUG_STACK_DIR" udisksd
check "udisksd was killed with SIGKILL in the middle of mkfs" gone "$udisksd"
kill -CONT "$stopped_mkfs" 2>/dev/null
wait_until 30 test ! -e "/proc/$stopped_mkfs"
stopped_mkfs=
"$PLUG_STACK" start "$PLUG_STACK_DIR" udisksd
wait_exit 120 "$client"
wait $client
status=$?
output=$(cat "$PLUG_STACK_DIR/cut-mkfs-output")
check "the reformat fails (exit $status)" test $status = 1
check "… saying the outcome is unknown ($(tail -n 1 <<<"$output"))" grep -qF "the outcome is unknown" <<<"$output"
check "… that it did not reformat again" grep -qF "it was not reformatted again" <<<"$output"
# plugboardctl waits 30 s for udisksd to come back, then reads the drive
# again; a udisksd that takes longer is reported as such.
if grep -qF "has not come back" <<<"$output"; then
  diag "udisksd took longer to come back than plugboardctl waits"
  reported=
else
  check "… and what the drive reports now, read again from the new udisksd" grep -qF "It now reports " <<<"$output"
  reported=yes
fi
type=$(blkid_value TYPE "$device")
label=$(blkid_value LABEL "$device")
diag "after the cut: “$type” named “$label”"
# mkfs, killed by the SIGPIPE of its output to the dead udisksd or not,
# leaves the old filesystem, the new one or none that blkid knows; what
# plugboardctl reported must be what is there.
case "$type|$label" in
  "ext4|RELDMKOLD"|"ext4|RELDMKNEW")
    check "the volume holds ext4 with the old or the new name (“$label”)" true
    [ -n "$reported" ] && check "… as plugboardctl reported" grep -qF "It now reports ext4" <<<"$output"
    check "e2fsck -n finds it clean" e2fsck -f -n "$device" ;;
  "|")
    check "the volume holds no filesystem that blkid knows" true
    [ -n "$reported" ] && check "… as plugboardctl reported" grep -qF "It now reports no filesystem" <<<"$output" ;;
  *)
    check "the volume holds the old ext4, the new one or none (it holds “$type” “$label”)" false ;;
esac
formats=$(calls_on "$monitor_log" Format "$device")
check "no reformat runs on it afterwards: udisks got one Format call for it ($formats), and no job runs" \
  eval 'test "$formats" = 1 && no_format_job'
kill "$monitor_pid"
monitor_pid=
check "every other disk image is byte-identical" others_identical "$others_before" "$mkfs_image"

finish
