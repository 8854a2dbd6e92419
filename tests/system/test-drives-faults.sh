#!/bin/bash
# test-drives-faults.sh: plugboardctl drives format when things go wrong
# under it, against the real udisksd, polkitd and kernel, as the test user:
# the drive detached in the middle of a reformat; real I/O errors in the
# middle of one (the disk image on a tmpfs too small for it); udisksd
# killed and started again in the middle of Format, which reports that the
# outcome is unknown, reads the drive again and does not format again; and
# a run stopped before Format, which mounts the volume again where it was;
# the device held exclusively by someone else while mkfs looks, as Linux
# holds a disk for a moment while it reads its partitions again, which is
# tried again, and held for good, which fails saying why.
# In every case every other disk image is byte-identical afterwards.
#
# Polkit's refusal of Format and of SetLabel, and the drive changing
# between confirmation and Format, are in test-drives-format.sh and
# test-drives-label.sh.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-drives.sh"

images=$PLUG_IMAGES_DIR
prefix=$images/DCO-fault-
detach_image=${prefix}detach.img
restart_image=${prefix}restart.img
abort_image=${prefix}abort.img
busy_image=${prefix}busy.img
bystander_image=${prefix}bystander.img
tiny_dir=$PLUG_STACK_DIR/DCO-tiny-tmpfs
tiny_image=$tiny_dir/DCO-fault-tiny.img
our_images=("$detach_image" "$restart_image" "$abort_image" "$busy_image" "$bystander_image" "$tiny_image")
# What each test changes; every other image, the bystander too, must not.
targets=("$detach_image" "$restart_image" "$abort_image" "$busy_image")
pause_file=$images/DCO-fault-pause
pid_file=$images/DCO-fault-pid
held_file=$PLUG_STACK_DIR/DCO-fault-held
holder_pid=
monitor_log=$PLUG_STACK_DIR/DCO-fault-monitor.log
monitor_pid=

cleanup () {
  local image device mount_point
  "$PLUG_STACK" start "$PLUG_STACK_DIR" udisksd >/dev/null 2>&1
  [ -n "$monitor_pid" ] && kill "$monitor_pid" 2>/dev/null
  [ -n "$holder_pid" ] && kill "$holder_pid" 2>/dev/null
  rm -f "$pause_file" "$pid_file" "$monitor_log" "$held_file"
  for image in "${our_images[@]}"; do
    for device in $(losetup -j "$image" -O NAME -n 2>/dev/null); do
      for mount_point in $(findmnt -n -o TARGET --source "$device" 2>/dev/null); do
        umount "$mount_point" 2>/dev/null
      done
      losetup -d "$device"
    done
    rm -f "$image"
  done
  if mountpoint -q "$tiny_dir" 2>/dev/null; then
    umount "$tiny_dir"
  fi
  [ -d "$tiny_dir" ] && rmdir "$tiny_dir"
}
trap cleanup EXIT

ctl () { as_tester "$PLUGBOARDCTL" "$@" </dev/null; }
blkid_value () { blkid -p -s "$1" -o value "$2"; }
attach () { as_tester udisksctl loop-setup --no-user-interaction --file "$1" | grep -oE '/dev/loop[0-9]+'; }
# wait_for SECONDS COMMAND…: until COMMAND succeeds, by the clock (each
# try of plugboardctl can take a second in a sanitizer build).
wait_for () {
  local deadline=$(($(date +%s) + $1)); shift
  until "$@" >/dev/null 2>&1; do
    [ "$(date +%s)" -ge "$deadline" ] && return 1
    sleep 0.2
  done
}
lists () { as_tester "$PLUGBOARDCTL" drives list --json | jq_e --arg d "$1" 'any(.[]; .device == $d)' >/dev/null; }
mount_point_of () { findmnt -n -o TARGET --source "$1" | head -n 1; }
# start_format OUTPUT DEVICE ARGS…: plugboardctl drives format in the
# background, as the test user; sets format_pid.
start_format () {
  local output=$1; shift
  as_tester "$PLUGBOARDCTL" drives format "$@" </dev/null >"$output" 2>&1 &
  format_pid=$!
}
# A udisks format-erase job is running on DEVICE.
job_running () {
  as_tester udisksctl dump | awk -v dev="/block_devices/${1#/dev/}" '
    /^\/org\/freedesktop\/UDisks2\// { in_job = ($0 ~ /\/jobs\//); erase = 0; ours = 0 }
    in_job && /Operation: +format-erase/ { erase = 1 }
    in_job && $0 ~ (dev "([^0-9]|$)") { ours = 1 }
    erase && ours { found = 1 }
    END { exit !found }'
}

cleanup
as_tester truncate -s 1G "$detach_image" "$restart_image"
as_tester truncate -s 64M "$abort_image" "$busy_image" "$bystander_image"
for image in "$detach_image" "$restart_image" "$abort_image" "$busy_image"; do
  as_tester /sbin/mkfs.ext4 -q -E root_owner="$(id -u "$PLUG_TEST_USER"):$(id -g "$PLUG_TEST_USER")" -L DCOFAULT "$image"
done
as_tester /sbin/mkfs.ext4 -q -L DCOBYSTAND "$bystander_image"
bystander_device=$(attach_bystander "$bystander_image")
check "the bystander image is attached, and udisks reports it ($bystander_device)" test -n "$bystander_device"
others_before=$(hash_others "${targets[@]}" "$tiny_image")

# --- the drive detached in the middle of a reformat --------------------------

device=$(attach "$detach_image")
check "attached the image to detach ($device)" test -n "$device"
# Overwriting 1 GiB with zeros takes seconds: long enough to pull it.
start_format "$PLUG_STACK_DIR/detach-output" "$device" --type ext4 --label DCODETACH --erase --yes
wait_until 20 job_running "$device"
check "udisks is overwriting $device" job_running "$device"
losetup -d "$device"
started=$(date +%s)
wait $format_pid
status=$?
output=$(cat "$PLUG_STACK_DIR/detach-output")
check "the reformat fails (exit $status)" test $status = 1
check "… in $(($(date +%s) - started)) s, not hanging" test $(($(date +%s) - started)) -lt 60
check "… saying the drive was removed ($(grep -F removed <<<"$output"))" \
  grep -qF "The drive was removed while it was being reformatted" <<<"$output"
check "… and the loop device is gone" test -z "$(losetup -j "$detach_image")"
check "every other disk image is byte-identical" others_identical "$others_before" "${targets[@]}" "$tiny_image"

# --- real I/O errors in the middle of a reformat -------------------------------

mkdir -m 0755 "$tiny_dir"
mount -t tmpfs -o size=16M,mode=0755,uid="$(id -u "$PLUG_TEST_USER")" DCO-tiny "$tiny_dir"
as_tester truncate -s 256M "$tiny_image"
device=$(attach "$tiny_image")
check "attached a 256 MiB image that lives on a 16 MiB tmpfs ($device)" test -n "$device"
started=$(date +%s)
output=$(ctl drives format "$device" --type ext4 --label DCOIOERR --erase --yes 2>&1)
status=$?
check "the reformat fails with I/O errors (exit $status)" test $status = 1
check "… in $(($(date +%s) - started)) s" test $(($(date +%s) - started)) -lt 60
check "… saying udisks could not, with its reason ($(tail -n 1 <<<"$output"))" \
  grep -qE "Could not reformat $device: udisks could not reformat it: .*(rror|space)" <<<"$output"
check "the drive list still works, and lists it" lists "$device"
as_tester udisksctl loop-delete --no-user-interaction --block-device "$device" >/dev/null
check "every other disk image is byte-identical" others_identical "$others_before" "${targets[@]}" "$tiny_image"

# --- udisksd killed and started again in the middle of Format -------------------

device=$(attach "$restart_image")
check "attached the image for the restart ($device)" test -n "$device"
# Every Format call on the bus, whoever makes it: a second one would be a
# reformat again, even one over before the look below.
start_call_monitor "$monitor_log"
start_format "$PLUG_STACK_DIR/restart-output" "$device" --type ext4 --label DCORESTART --erase --yes
wait_until 20 job_running "$device"
check "udisks is overwriting $device" job_running "$device"
"$PLUG_STACK" restart "$PLUG_STACK_DIR" udisksd
wait $format_pid
status=$?
output=$(cat "$PLUG_STACK_DIR/restart-output")
check "the reformat fails (exit $status)" test $status = 1
check "… saying the outcome is unknown ($(tail -n 1 <<<"$output"))" grep -qF "the outcome is unknown" <<<"$output"
check "… that it did not reformat again" grep -qF "it was not reformatted again" <<<"$output"
check "… and what the drive reports now, read again from the new udisksd" grep -qF "It now reports " <<<"$output"
sleep 1
formats=$(calls_on "$monitor_log" Format "$device")
check "no reformat runs on it afterwards: udisks got one Format call for it ($formats), and no job runs" \
  eval 'test "$formats" = 1 && no_format_job "$device"'
kill "$monitor_pid"
monitor_pid=
wait_for 20 lists "$device"
check "the drive list sees the image again" lists "$device"
as_tester udisksctl loop-delete --no-user-interaction --block-device "$device" >/dev/null
check "every other disk image is byte-identical" others_identical "$others_before" "${targets[@]}" "$tiny_image"

# --- the device held for a moment while mkfs looks ------------------------------
# Linux claims a disk for itself while it reads its partition table again,
# which udev asks for each time a program that wrote to it closes it (as
# udisks' erase and wipe do right before mkfs); mkfs meeting the claim
# refuses the device. Here root holds the device the same way (O_EXCL)
# from before the reformat until plugboardctl says it is trying again, so
# that the first mkfs meets it for certain.

# hold DEVICE OUTPUT: root holds DEVICE exclusively, in the background,
# until OUTPUT says "trying again" (for good when OUTPUT is /dev/null, up
# to 90 s); sets holder_pid, and returns once the hold is in place.
hold () {
  rm -f "$held_file"
  [ "$2" = /dev/null ] || rm -f "$2"
  python3 - "$1" "$2" "$held_file" <<'PY' &
import os, sys, time
device, output, held = sys.argv[1:]
fd = os.open(device, os.O_RDONLY | os.O_EXCL)
open(held, "w").close()
deadline = time.monotonic() + 90
while time.monotonic() < deadline:
    try:
        with open(output) as f:
            if "trying again" in f.read():
                break
    except OSError:
        pass
    time.sleep(0.1)
os.close(fd)
PY
  holder_pid=$!
  wait_for 10 test -f "$held_file"
}

device=$(attach "$busy_image")
check "attached the image to hold ($device)" test -n "$device"
hold "$device" "$PLUG_STACK_DIR/busy-output"
check "root holds $device exclusively" test -f "$held_file"
ctl drives format "$device" --type ext4 --label DCOBUSY --yes >"$PLUG_STACK_DIR/busy-output" 2>&1
status=$?
output=$(cat "$PLUG_STACK_DIR/busy-output")
wait "$holder_pid"
holder_pid=
check "held while mkfs looked, the reformat still succeeds (exit $status: $(tail -n 1 <<<"$output"))" test $status = 0
check "… having said why it tried again ($(grep -F "trying again" <<<"$output"))" \
  grep -qF "$device was busy for a moment, while the system read it again; trying again" <<<"$output"
check "… and the volume holds what was asked for" \
  test "$(blkid_value TYPE "$device")|$(blkid_value LABEL "$device")" = "ext4|DCOBUSY"
check "every other disk image is byte-identical" others_identical "$others_before" "${targets[@]}" "$tiny_image"

# Unmounted first: a mounted device cannot be held.
as_tester udisksctl unmount --no-user-interaction --block-device "$device" >/dev/null
hold "$device" /dev/null
check "root holds $device exclusively again" test -f "$held_file"
started=$(date +%s)
ctl drives format "$device" --type ext4 --label DCOBUSYTWO --yes >"$PLUG_STACK_DIR/busy-output" 2>&1
status=$?
output=$(cat "$PLUG_STACK_DIR/busy-output")
kill "$holder_pid"
wait "$holder_pid" 2>/dev/null
holder_pid=
check "held for good, the reformat fails (exit $status) after a few tries ($(grep -c "trying again" <<<"$output")), in $(($(date +%s) - started)) s" \
  test $status = 1 -a "$(grep -c "trying again" <<<"$output")" = 3
check "… with udisks' reason ($(one_line "$(tail -n 2 <<<"$output")"))" \
  eval 'grep -qF "plugboardctl: Could not reformat $device: udisks could not reformat it" <<<"$output" &&
        grep -qF "apparently in use by the system" <<<"$(tail -n 2 <<<"$output")"'
check "every other disk image is byte-identical" others_identical "$others_before" "${targets[@]}" "$tiny_image"

# Held by another program that writes its own filesystem while plugboardctl
# waits to try again: that filesystem is not reformatted.
# The device holds ext4 again first: the writer waits for udisks' wipe.
/sbin/mkfs.ext4 -q -F -L DCOBUSYOLD "$device"
udevadm settle --timeout=10
/sbin/mkfs.vfat -C -n DCOTHEIRS "$PLUG_STACK_DIR/DCO-fault-theirs.img" 1024 >/dev/null
rm -f "$held_file" "$PLUG_STACK_DIR/busy-output"
python3 - "$device" "$PLUG_STACK_DIR/DCO-fault-theirs.img" "$held_file" <<'PY' &
import os, subprocess, sys, time
device, theirs, held = sys.argv[1:]
fd = os.open(device, os.O_RDWR | os.O_EXCL)
open(held, "w").close()
# Once udisks' wipe has run (blkid finds nothing), write a FAT filesystem
# through the held descriptor and have udev read it.
deadline = time.monotonic() + 60
while time.monotonic() < deadline:
    if subprocess.run(["blkid", "-p", "-o", "value", "-s", "TYPE", device],
                      capture_output=True, text=True).stdout.strip() == "":
        break
    time.sleep(0.05)
with open(theirs, "rb") as f:
    os.pwrite(fd, f.read(), 0)
os.fsync(fd)
subprocess.run(["udevadm", "trigger", "--subsystem-match=block", "--action=change",
                "/sys/class/block/" + os.path.basename(device)])
time.sleep(90)
PY
holder_pid=$!
wait_for 10 test -f "$held_file"
check "root holds $device exclusively, to write its own filesystem" test -f "$held_file"
ctl drives format "$device" --type ext4 --label DCOBUSYTHREE --yes >"$PLUG_STACK_DIR/busy-output" 2>&1
status=$?
output=$(cat "$PLUG_STACK_DIR/busy-output")
kill "$holder_pid"
wait "$holder_pid" 2>/dev/null
holder_pid=
check "another program's filesystem written meanwhile is not reformatted (exit $status: $(tail -n 1 <<<"$output"))" \
  eval 'test $status = 1 && ! grep -qF "trying again" <<<"$output"'
check "… saying so ($(one_line "$(tail -n 2 <<<"$output")"))" \
  grep -qF "Another program wrote to $device while it was being reformatted: it holds vfat on $device now" <<<"$output"
check "… and it is still there" test "$(blkid_value TYPE "$device")|$(blkid_value LABEL "$device")" = "vfat|DCOTHEIRS"
rm -f "$PLUG_STACK_DIR/DCO-fault-theirs.img"

# --- a run stopped before Format mounts the volume again -------------------------
if has_test_hooks; then
  device=$(attach "$abort_image")
  mount_point=$(as_tester udisksctl mount --no-user-interaction --block-device "$device" | sed -n 's/^Mounted .* at \(.*\)$/\1/p')
  check "the volume is mounted at $mount_point" test -n "$mount_point"
  as_tester sh -c 'echo kept >"$1/note.txt"' sh "$mount_point"
  uuid=$(blkid_value UUID "$device")
  # The operation pauses right before its last check (a hook of development
  # builds), after unmounting; Ctrl+C then stops it.
  as_tester sh -c 'echo $$ >"$1"; shift; exec "$@"' sh "$pid_file" \
    env PLUG_TEST_FORMAT_PAUSE_FILE="$pause_file" "$PLUGBOARDCTL" drives format "$device" \
    --type exfat --label DCOABORT --yes </dev/null >"$PLUG_STACK_DIR/abort-output" 2>&1 &
  background_pid=$!
  wait_until 20 test -f "$pause_file"
  check "the operation paused with the volume unmounted" test -f "$pause_file" -a -z "$(mount_point_of "$device")"
  kill -INT "$(cat "$pid_file")"
  sleep 0.2
  rm -f "$pause_file"
  wait $background_pid
  status=$?
  output=$(cat "$PLUG_STACK_DIR/abort-output")
  check "stopped, it fails (exit $status)" test $status = 1
  check "… saying nothing was reformatted ($(tail -n 1 <<<"$output"))" grep -qF "Cancelled before anything was reformatted" <<<"$output"
  check "… and mounts the volume again where it was" test "$(mount_point_of "$device")" = "$mount_point"
  check "… the same filesystem, with its file" \
    test "$(blkid_value UUID "$device")|$(cat "$mount_point/note.txt")" = "$uuid|kept"
  check "every other disk image is byte-identical" others_identical "$others_before" "${targets[@]}" "$tiny_image"
else
  skip "a run stopped before Format: needs a development build (-Dprofile=development) for its pause hook"
fi

finish
