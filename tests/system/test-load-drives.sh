#!/bin/bash
# test-load-drives.sh: 50 disk images attached and detached while the
# Drives panel is open. The test user churns them through udisks: FAT,
# ext4, a partition table with two partitions, unformatted; some mounted;
# one to four attached at once, and bursts attached and detached without
# waiting. Afterwards the panel shows exactly the images still attached,
# with the right volumes, the app still answers, quits cleanly with exit
# status 0, and (in the sanitizer build) its log holds no AddressSanitizer,
# LeakSanitizer or UndefinedBehaviorSanitizer report.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# What the panel shows is read as a screen reader reads it (lib-gui.sh's
# drives_panel_rows: each drive's group and its volumes' rows); the truth
# is what this test attached, and what `plugboardctl drives list --json`
# says udisks has: the panel must show what plugboardctl lists, and
# plugboardctl list what the test attached.

. "$(dirname "$0")/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"

PLUGBOARD=$PLUG_BUILD_DIR/app/shell/plugboard
application_id=$(basename "$(ls "$PLUG_BUILD_DIR"/data/*.desktop)" .desktop)
ROUNDS=50
# Images attached at the end, checked against the panel.
KEEP=3

images=$PLUG_IMAGES_DIR
image_prefix=$images/LOAD-drives-
shots=$PLUG_BUILD_DIR/screenshots
mkdir -p "$shots" "$images"

# Unmount, detach and remove this test's images: through udisks as the
# test user first, so that udisksd forgets them, then by hand as root.
remove_images () {
  local image device volume
  for image in "$image_prefix"*; do
    [ -f "$image" ] || continue
    for device in $(losetup -j "$image" -O NAME -n 2>/dev/null); do
      for volume in "${device}p2" "${device}p1" "$device"; do
        [ -n "$(findmnt -n -o TARGET --source "$volume" 2>/dev/null)" ] &&
          as_tester timeout 20 udisksctl unmount --no-user-interaction --block-device "$volume" >/dev/null 2>&1
      done
      as_tester timeout 20 udisksctl loop-delete --no-user-interaction --block-device "$device" >/dev/null 2>&1
      umount "${device}p2" "${device}p1" "$device" 2>/dev/null
      losetup -d "$device" 2>/dev/null
    done
    rm -f "$image"
  done
}

cleanup () {
  stop_gui
  [ -f "$GUI_DIR/app.log" ] && cp "$GUI_DIR/app.log" "$shots/load-drives.app.log"
  remove_images
  gui_cleanup
}
trap cleanup EXIT
remove_images
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

started=$(date +%s.%N)

# --- the images -----------------------------------------------------------

# The kind of image number N: FAT, ext4, partitioned or unformatted, in
# turn, so that every kind is attached a dozen times.
KINDS=(fat ext4 parted blank)
kind_of () { echo "${KINDS[$(($1 % 4))]}"; }
label_of () { printf 'LOAD%02d' "$1"; }

# make_image N: the image file, owned by the test user. A partitioned
# image gets its partition table here; udisks adds the partitions once it
# is attached (this kernel does not scan a loop device when attached).
make_image () {
  local image=$image_prefix$1.img
  rm -f "$image"
  truncate -s 24M "$image"
  case "$(kind_of "$1")" in
    fat) /sbin/mkfs.vfat -n "$(label_of "$1")" "$image" >/dev/null ;;
    ext4) /sbin/mkfs.ext4 -q -F -L "$(label_of "$1")" "$image" ;;
    parted) printf 'label: dos\n' | /sbin/sfdisk -q "$image" ;;
  esac
  chown "$PLUG_TEST_USER:" "$image"
  echo "$image"
}

udisks_call () {
  local device=$1 interface=$2; shift 2
  as_tester timeout 60 gdbus call --system -d org.freedesktop.UDisks2 \
    -o "/org/freedesktop/UDisks2/block_devices/$(basename "$device")" \
    -m "org.freedesktop.UDisks2.$interface" "$@" >/dev/null
}

# Bookkeeping: the truth. device → image number, for every image attached.
declare -A number_of=()
# device → mount point, for the volumes this test mounted.
declare -A mounted=()
# The attached devices, oldest first.
attached=()

# attach N: attach image N as the test user; prints the loop device.
# Right after a detach udisksd may time out waiting for the new loop
# device's object; that is udisks's answer, so try again.
attach () {
  local device try
  for try in 1 2 3; do
    device=$(as_tester timeout 60 udisksctl loop-setup --no-user-interaction --file "$image_prefix$1.img" 2>&1 |
             grep -oE '/dev/loop[0-9]+')
    [ -n "$device" ] && { echo "$device"; return 0; }
    sleep 0.5
  done
  touch "$call_failed"
  return 1
}

# When a udisks call failed (attach and detach run in subshells, so they
# leave a mark in $call_failed), the round ends with a look at udisksd:
# if it no longer answers, the test stops there, with what the daemon was
# doing in the log (lib.sh's udisksd_stalled), rather than at its timeout
# with nothing to go on.
call_failed=$GUI_DIR/udisks-call-failed
give_up_if_udisksd_stalled () {
  [ -e "$call_failed" ] || return 0
  rm -f "$call_failed"
  udisksd_stalled || return 0
  not_ok "udisksd answers during the churn (its threads' backtraces are above)"
  finish
}

# prepare DEVICE N: what a partitioned image still needs once attached:
# two partitions, FAT and ext4, made by udisks.
prepare () {
  [ "$(kind_of "$2")" = parted ] || return 0
  udisks_call "$1" PartitionTable.CreatePartitionAndFormat 1048576 8388608 '' '' '{}' \
    vfat "{'label': <'$(label_of "$2")A'>}" &&
  udisks_call "$1" PartitionTable.CreatePartitionAndFormat 10485760 0 '' '' '{}' \
    ext4 "{'label': <'$(label_of "$2")B'>}"
}

# mount_volume VOLUME: mount through udisks as the test user.
mount_volume () {
  local output
  output=$(as_tester timeout 60 udisksctl mount --no-user-interaction --block-device "$1" 2>&1)
  [[ "$output" == "Mounted $1 at "* ]] || { diag "mounting $1: $output"; return 1; }
  output=${output#Mounted $1 at }
  mounted[$1]=${output%.}
}

# detach DEVICE: unmount what this test mounted on it, then detach it.
detach () {
  local volume
  for volume in "$1" "${1}p1" "${1}p2"; do
    if [ -n "${mounted[$volume]:-}" ]; then
      as_tester timeout 60 udisksctl unmount --no-user-interaction --block-device "$volume" >/dev/null ||
        diag "unmounting $volume failed"
      unset "mounted[$volume]"
    fi
  done
  as_tester timeout 60 udisksctl loop-delete --no-user-interaction --block-device "$1" >/dev/null || {
    diag "detaching $1 failed"
    touch "$call_failed"
  }
}

forget () {
  local device=$1 kept=() kept_device
  unset "number_of[$device]"
  for kept_device in "${attached[@]}"; do
    [ "$kept_device" != "$device" ] && kept+=("$kept_device")
  done
  attached=("${kept[@]}")
}

# --- what the panel shows, what udisks has, what is true -----------------

# The devices, filesystems, labels and mount points udisks has, on one
# line, from plugboardctl's JSON.
ROWS_JQ='"\(length) drives" + (if length > 0 then ": " + (map("\(.device) \(.backing_file // "-"):" +
  (.volumes | map(" [\(.device) \(.filesystem // "-") \(if (.label // "") == "" then "-" else .label end) \(.mount_point // "-")]") | join("")))
  | join(" | ")) else "" end)'

# expected_rows: the line for the images this test has attached, sorted
# as the panel sorts them (by loop device number).
expected_rows () {
  local device number label volumes entries=() mount
  for device in $(printf '%s\n' "${!number_of[@]}" | sort -V); do
    number=${number_of[$device]}
    label=$(label_of "$number")
    case "$(kind_of "$number")" in
      fat) volumes=" [$device vfat $label ${mounted[$device]:--}]" ;;
      ext4) volumes=" [$device ext4 $label ${mounted[$device]:--}]" ;;
      parted) volumes=" [${device}p1 vfat ${label}A ${mounted[${device}p1]:--}] [${device}p2 ext4 ${label}B ${mounted[${device}p2]:--}]" ;;
      blank) volumes=" [$device - - -]" ;;
    esac
    entries+=("$device $image_prefix$number.img:$volumes")
  done
  local text="${#entries[@]} drives"
  if [ ${#entries[@]} -gt 0 ]; then
    text+=": $(printf '%s | ' "${entries[@]}")"
    text=${text% | }
  fi
  echo "$text"
}

# converged: udisks has what the test attached, and the panel shows what
# udisks has, as it shows it (lib-gui.sh's drives_json_rows).
converged () {
  local json
  expected=$(expected_rows)
  json=$(as_tester "$PLUGBOARDCTL" drives list --json)
  udisks=$(jq -r "$ROWS_JQ" <<<"$json")
  shown_by_udisks=$(drives_json_rows <<<"$json")
  panel=$(drives_panel_rows)
  [ "$udisks" = "$expected" ] && [ "$panel" = "$shown_by_udisks" ]
}
explain_convergence () {
  diag "expected: $expected" "udisks:   $udisks" "panel:    $panel" "udisks, as the panel would show it: $shown_by_udisks"
}
# check_converged DESCRIPTION: the check, with the explanation when it fails
# (check itself returns 0 either way).
check_converged () {
  if converged; then ok "$1"; else explain_convergence; not_ok "$1"; fi
}

# --- the app ----------------------------------------------------------------

start_xvfb
start_session_bus
# Warnings are counted, not fatal: the network lane restarts ModemManager
# meanwhile (lib-gui.sh's GLIB_OBJECT_MANAGER_RACE).
G_DEBUG=gc-friendly,fatal-criticals GUI_A11Y=1 run_gui "$PLUGBOARD" --panel=drives
wait_first_frame 60
check "the app draws its window on the Drives panel" test -s "$GUI_DIR/first-frame"
wait_while_running 30 a11y wait-app 5
panel_read () { [[ "$(drives_panel_rows)" == [0-9]*" drives"* ]]; }
wait_while_running 30 panel_read
check "a screen reader reads its panel ($(drives_panel_rows))" panel_read
wait_while_running 30 converged
check_converged "before the churn it shows what udisks has"

# --- the churn ----------------------------------------------------------------

# One to four images stay attached, in turn; every tenth round attaches
# three at once and detaches two of them at once, without waiting.
n=0
mount_turn=0
while [ $n -lt $ROUNDS ]; do
  if [ $((n % 10)) = 4 ] && [ $((n + 3)) -le $ROUNDS ]; then
    burst=()
    jobs=()
    for i in 1 2 3; do
      make_image $((n + i)) >/dev/null
      attach $((n + i)) >"$GUI_DIR/burst-$i" &
      jobs+=($!)
    done
    wait "${jobs[@]}"
    for i in 1 2 3; do
      device=$(cat "$GUI_DIR/burst-$i")
      [ -n "$device" ] || { diag "burst image $((n + i)) was not attached"; continue; }
      number_of[$device]=$((n + i))
      attached+=("$device")
      burst+=("$device")
    done
    for device in "${burst[@]}"; do prepare "$device" "${number_of[$device]}"; done
    # Two of them go again at once, while udisks may still be probing.
    jobs=()
    for device in "${burst[@]:0:2}"; do
      detach "$device" &
      jobs+=($!)
    done
    wait "${jobs[@]}"
    for device in "${burst[@]:0:2}"; do forget "$device"; done
    n=$((n + 3))
  else
    n=$((n + 1))
    make_image $n >/dev/null
    device=$(attach $n) || { diag "image $n was not attached"; give_up_if_udisksd_stalled; continue; }
    number_of[$device]=$n
    attached+=("$device")
    prepare "$device" $n || diag "could not partition $device"
    # Every other ext4 volume is mounted.
    case "$(kind_of $n)" in
      ext4) mount_turn=$((mount_turn + 1)); [ $((mount_turn % 2)) = 1 ] && mount_volume "$device" ;;
      parted) mount_turn=$((mount_turn + 1)); [ $((mount_turn % 2)) = 1 ] && mount_volume "${device}p2" ;;
    esac
  fi
  limit=$((1 + n % 4))
  [ $n -ge $ROUNDS ] && limit=$KEEP
  while [ ${#attached[@]} -gt $limit ]; do
    device=${attached[0]}
    detach "$device"
    forget "$device"
  done
  give_up_if_udisksd_stalled
  gui_running || break
  if [ $n -ge $((ROUNDS / 2)) ] && [ -z "${halfway:-}" ]; then
    halfway=$n
    check "after $n images the app is running" gui_running
    wait_while_running 30 converged
    check_converged "and its panel shows the ${#attached[@]} images attached then"
  fi
done
churned=$(date +%s.%N)

check "$ROUNDS images were made" test "$(ls "$image_prefix"*.img | wc -l)" = $ROUNDS
check "$KEEP images are still attached (${attached[*]})" test ${#attached[@]} = $KEEP
kinds=$(for device in "${attached[@]}"; do kind_of "${number_of[$device]}"; done | sort | tr '\n' ' ')
check "of several kinds ($kinds)" test "$(wc -w <<<"$kinds")" -ge 2
check "and one of them is mounted (${!mounted[*]})" test ${#mounted[@]} -ge 1

# --- afterwards -----------------------------------------------------------------

check "the app survived the churn" gui_running
wait_while_running 30 converged
check_converged "the panel shows exactly the images still attached, with their volumes"
check "… which is what udisks has" test "$udisks" = "$expected"
converged_at=$(date +%s.%N)
diag "$(awk -v a="$started" -v b="$churned" -v c="$converged_at" 'BEGIN { printf "start and churn: %.1f s, converged %.1f s later", b - a, c - b }')"

# It still answers: a second instance hands its panel over to it.
gui_command "$PLUGBOARD" --panel=drives
check "a second instance is handed over to the running app (exit $?)" test $? = 0
check "which is still running" gui_running
screenshot "$shots/load-drives-end.png"

# Quit as a person would (app.quit, Ctrl+Q's action), and wait for the
# exit status: the sanitizers report leaks when the process ends.
quit_checking_sanitizers "$application_id"
check "no warning or critical was logged ($(app_race_warnings) times GLib's GetManagedObjects race)" \
  test -z "$(app_other_warnings)"

finish
