# lib-drives.sh: disk images and udisks for the Drives system tests that
# reformat, rename and race. Sourced after lib.sh, not run.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# A test lists its images in the array our_images; each is the test
# user's, attached through udisks as that user.

images=$PLUG_IMAGES_DIR

# remove_our_images: unmount, detach and remove every image in our_images,
# as root, whatever state a failed test left them in.
remove_our_images () {
  local image device mount_point
  for image in "${our_images[@]}"; do
    for device in $(losetup -j "$image" -O NAME -n 2>/dev/null); do
      # The device and its partitions; mount points may hold spaces.
      while IFS= read -r mount_point; do
        [ -n "$mount_point" ] && umount "$mount_point" 2>/dev/null
      done < <(lsblk -n -o MOUNTPOINT "$device" 2>/dev/null)
      losetup -d "$device"
    done
    rm -f "$image"
  done
}

ctl () { as_tester "$PLUGBOARDCTL" "$@" </dev/null; }
blkid_value () { blkid -p -s "$1" -o value "$2"; }
attach () { as_tester udisksctl loop-setup --no-user-interaction --file "$1" | grep -oE '/dev/loop[0-9]+'; }
mount_point_of () { findmnt -n -o TARGET --source "$1" | head -n 1; }

# udisks_call DEVICE METHOD ARGS…: a udisks method on DEVICE's block object,
# as the test user, as another client (udisksctl, GNOME Disks) would call it.
udisks_call () {
  local device=$1 method=$2; shift 2
  as_tester gdbus call --system --timeout 600 -d org.freedesktop.UDisks2 \
    -o "/org/freedesktop/UDisks2/block_devices/$(basename "$device")" -m "org.freedesktop.UDisks2.$method" "$@"
}
# udisks_volume DEVICE: what plugboardctl reports of the volume, as JSON.
udisks_volume () {
  as_tester "$PLUGBOARDCTL" drives list --all --json |
    jq -c --arg device "$1" '.[].volumes[] | select(.device == $device)'
}
udisks_label () { udisks_volume "$1" | jq -r '.label // empty'; }

# hash_others IMAGE…: the SHA-256 of our images but these; each must stay
# byte-identical. Only ours: the other lane's user has images here too.
hash_others () {
  local image skip=" $* "
  for image in "${our_images[@]}"; do
    [[ "$skip" == *" $image "* ]] && continue
    sha256sum "$image"
  done
}
# seen_by_udisks IMAGE: IMAGE is attached, and udisks reports a loop
# device with it as its backing file, so that a call meant for another
# device could reach it.
seen_by_udisks () {
  local device
  for device in $(losetup -j "$1" -O NAME -n 2>/dev/null); do
    as_tester udisksctl info -b "$device" 2>/dev/null | grep -qxF "    BackingFile:        $1" && return 0
  done
  echo "$1 is not attached, or udisks does not report it" >&2
  return 1
}
# attach_bystander IMAGE: attach IMAGE as the test user, as the images a
# test changes are, and wait until udisks reports it; prints its device.
attach_bystander () {
  local device
  device=$(attach "$1") || return 1
  wait_until 10 seen_by_udisks "$1" || return 1
  echo "$device"
}
# others_identical BEFORE IMAGE…: every image of ours but these is
# byte-identical to BEFORE (what hash_others printed), and is attached and
# seen by udisks now, as at the start: an image never attached stays
# byte-identical whatever Plugboard does, so it could not fail. There must
# be at least one such image, and BEFORE must hash each of them.
others_identical () {
  local before=$1 image n=0 skip; shift
  skip=" $* "
  for image in "${our_images[@]}"; do
    [[ "$skip" == *" $image "* ]] && continue
    seen_by_udisks "$image" || return 1
    n=$((n + 1))
  done
  if [ $n = 0 ] || [ "$(grep -c . <<<"$before")" != $n ]; then
    echo "$n images to compare, but $(grep -c . <<<"$before") hashed before" >&2
    return 1
  fi
  local now
  now=$(hash_others "$@")
  [ "$now" = "$before" ] && return 0
  echo "changed since the start: $(diff <(echo "$before") <(echo "$now") | sed -n 's/^> [0-9a-f]*  //p' | tr '\n' ' ')" >&2
  return 1
}
# start_call_monitor LOG: a D-Bus monitor on the test bus writes every
# udisks Block.Format and Filesystem.SetLabel call, from any client, to
# LOG; sets monitor_pid, which the test kills at its end. Unlike a look at
# udisks' jobs afterwards, it sees a call that was over before the look.
start_call_monitor () {
  dbus-monitor --address "$DBUS_SYSTEM_BUS_ADDRESS" \
    "type='method_call',interface='org.freedesktop.UDisks2.Block',member='Format'" \
    "type='method_call',interface='org.freedesktop.UDisks2.Filesystem',member='SetLabel'" >"$1" 2>&1 &
  monitor_pid=$!
  sleep 0.5
}
# calls_on LOG MEMBER DEVICE: how many MEMBER calls on DEVICE's block
# object the monitor's LOG holds.
calls_on () {
  grep -F "member=$2" "$1" | grep -cF "path=/org/freedesktop/UDisks2/block_devices/$(basename "$3");"
}
# hash_files DIR: a manifest of every file under DIR (nothing when DIR is
# empty: "cd ''" would stay in the current folder).
hash_files () { (cd "${1:-/nonexistent}" && find . -type f ! -path './lost+found/*' -print0 | sort -z | xargs -0 sha256sum); }
# files_identical DIR BEFORE: DIR is a mount point, BEFORE (what hash_files
# printed) names at least one file, and hash_files DIR prints it again: a
# mount that never happened, or a folder that held nothing, would compare
# equal whatever Plugboard does.
files_identical () {
  if [ -z "$1" ] || ! mountpoint -q "$1"; then
    echo "${1:-(no folder)} is not a mount point" >&2
    return 1
  fi
  if [ -z "$2" ]; then
    echo "no file under $1 was hashed before" >&2
    return 1
  fi
  [ "$(hash_files "$1")" = "$2" ]
}

# no_format_job [DEVICE]: udisks answers (its dump names the Manager) and
# runs no format job, on DEVICE or at all; a dump that failed is no answer.
no_format_job () {
  local dump
  dump=$(as_tester udisksctl dump) || { echo "udisksctl dump failed" >&2; return 1; }
  grep -q '^/org/freedesktop/UDisks2/Manager:' <<<"$dump" || { echo "udisks' dump names no Manager" >&2; return 1; }
  if [ -n "${1:-}" ]; then
    ! awk -v dev="/block_devices/${1#/dev/}" '
      /^\/org\/freedesktop\/UDisks2\// { in_job = ($0 ~ /\/jobs\//); fmt = 0; ours = 0 }
      in_job && /Operation: +format-/ { fmt = 1 }
      in_job && $0 ~ (dev "([^0-9]|$)") { ours = 1 }
      fmt && ours { found = 1 }
      END { exit !found }' <<<"$dump"
  else
    ! grep -q 'Operation: *format-' <<<"$dump"
  fi
}
# job_running DEVICE: a udisks format-erase job runs on DEVICE.
job_running () {
  as_tester udisksctl dump | awk -v dev="/block_devices/${1#/dev/}" '
    /^\/org\/freedesktop\/UDisks2\// { in_job = ($0 ~ /\/jobs\//); erase = 0; ours = 0 }
    in_job && /Operation: +format-erase/ { erase = 1 }
    in_job && $0 ~ (dev "([^0-9]|$)") { ours = 1 }
    erase && ours { found = 1 }
    END { exit !found }'
}
