#!/bin/bash
# test-drives-restarts.sh: udisksd restarted 20 times while the app sits
# idle on the Drives panel (under Xvfb) and plugboardctl is used between
# restarts. Each time the panel notices, and shows again exactly what
# udisks has (as plugboardctl, started then, lists it) within 5 s of
# udisksd being back; the figures are printed. Afterwards an image
# attached, renamed and detached after the restarts shows in the panel
# each time (it follows the new daemon's objects), the app is the
# same process, logged no warning or critical, and quits cleanly (in the
# sanitizer build: no AddressSanitizer, LeakSanitizer or UBSan report).
# It stops udisksd, so it runs alone.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-drives.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"

PLUGBOARD=$PLUG_BUILD_DIR/app/shell/plugboard
application_id=$(basename "$(ls "$PLUG_BUILD_DIR"/data/*.desktop)" .desktop)
ROUNDS=20
BOUND=5

prefix=$images/REL7-restarts-
ext4_image=${prefix}ext4.img
fat_image=${prefix}fat.img
our_images=("$ext4_image" "$fat_image")
shots=$PLUG_BUILD_DIR/screenshots
mkdir -p "$shots"

cleanup () {
  stop_gui
  [ -f "$GUI_DIR/app.log" ] && cp "$GUI_DIR/app.log" "$shots/restarts.app.log"
  "$PLUG_STACK" start "$PLUG_STACK_DIR" udisksd >/dev/null 2>&1
  remove_our_images
  gui_cleanup
}
trap cleanup EXIT
remove_our_images

as_tester truncate -s 48M "$ext4_image" "$fat_image"
as_tester /sbin/mkfs.ext4 -q -L REL7RSEXT "$ext4_image"
as_tester /sbin/mkfs.vfat -n REL7RSFAT "$fat_image" >/dev/null
ext4_device=$(attach "$ext4_image")
fat_device=$(attach "$fat_image")
as_tester udisksctl mount --no-user-interaction --block-device "$ext4_device" >/dev/null
check "the test user attached two images and mounted one" test -n "$ext4_device" -a -n "$fat_device" \
  -a -n "$(mount_point_of "$ext4_device")"

# The devices, filesystems, labels and mount points udisks has, on one
# line, from plugboardctl's JSON (see test-load-drives.sh).
ROWS_JQ='"\(length) drives" + (if length > 0 then ": " + (map("\(.device) \(.backing_file // "-"):" +
  (.volumes | map(" [\(.device) \(.filesystem // "-") \(if (.label // "") == "" then "-" else .label end) \(.mount_point // "-")]") | join("")))
  | join(" | ")) else "" end)'
ctl_rows () { as_tester "$PLUGBOARDCTL" drives list --json 2>/dev/null | jq -r "$ROWS_JQ"; }
# What the panel shows (lib-gui.sh's drives_panel_rows, read as a screen
# reader reads it), and what it should show, from plugboardctl's JSON.
shown_rows () { as_tester "$PLUGBOARDCTL" drives list --json 2>/dev/null | drives_json_rows; }
# The panel's volume rows, by their accessible objects: when the panel
# notices udisksd go, its drives leave the list, and the rows it shows
# afterwards are made anew, from the new udisksd's objects.
row_ids () { drives_panel_row_ids | sort; }
rows_made_anew () {
  local now
  now=$(row_ids)
  [ -n "$now" ] && [ "$now" != "$ids_before" ]
}
expected=$(ctl_rows)
check "plugboardctl lists the two images ($expected)" grep -qF "[$ext4_device ext4 REL7RSEXT $(mount_point_of "$ext4_device")] | $fat_device $fat_image: [$fat_device vfat REL7RSFAT -]" <<<"$expected"

app_pid_now () {
  local pid
  for pid in $(descendants "$app_pid"); do
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = plugboard ] && echo "$pid"
  done
}
shows () { [ "$(drives_panel_rows)" = "$1" ]; }
now () { date +%s.%N; }

start_xvfb
start_session_bus
GUI_A11Y=1 run_gui "$PLUGBOARD" --panel=drives
wait_first_frame 60
check "the app draws its window on the Drives panel" test -s "$GUI_DIR/first-frame"
a11y wait-app 20 >/dev/null
expected=$(shown_rows)
wait_until 30 shows "$expected"
check "the panel shows the two images ($(drives_panel_rows))" shows "$expected"
pid=$(app_pid_now)
screenshot "$shots/restarts-before.png"

# --- 20 restarts --------------------------------------------------------------

# udisksd keeps who attached a loop device in /run/udisks2, which every
# udisksd on the machine shares: where other test stacks run, one of them
# may write that file without our entries, and our udisksd, restarted,
# then reports the images as attached by the system (SetupByUID 0). The
# truth each round is therefore what udisks reports then, read with
# plugboardctl; the rounds where it still reports the test user's images
# are counted.
ours () { [[ "$1" == *"$ext4_image:"*"$fat_image:"* ]]; }
figures=()
slow=0 unnoticed=0 udisksd_same=0 shown=0 kept=0 forgotten=
for round in $(seq $ROUNDS); do
  ids_before=$(row_ids)
  before=$(drives_panel_rows)
  udisksd_before=$(cat "$PLUG_STACK_DIR/pids/udisksd")
  "$PLUG_STACK" restart "$PLUG_STACK_DIR" udisksd >/dev/null 2>&1
  # udisksd owns its name again: from here the clock runs.
  back=$(now)
  [ "$(cat "$PLUG_STACK_DIR/pids/udisksd")" = "$udisksd_before" ] && udisksd_same=$((udisksd_same + 1))
  while :; do
    # The clock stops when the look that finds it began: reading the panel
    # over AT-SPI and udisks through plugboardctl takes a second or more
    # in the sanitizer build, which is the test's time, not the panel's.
    looked=$(now)
    truth=$(shown_rows)
    # When the list is the same before and after, the panel must have
    # made its rows anew since udisksd came back.
    # The rows must also stay so for half a second: the panel can still
    # show the old udisksd's rows just before it empties its list for
    # the new one. The clock stops at the match.
    if [ -n "$truth" ] && shows "$truth" && { rows_made_anew || [ "$truth" != "$before" ]; }; then
      matched=$looked
      sleep 0.5
      shows "$truth" && break
    fi
    matched=$(now)
    if [ "$(echo "$matched - $back > $BOUND" | bc)" = 1 ]; then
      # The same rows as before, never made anew, showing what udisks has:
      # udisksd came back before the drive list rescanned, and the panel
      # kept its rows. What follows checks that it follows the new one.
      [ -n "$truth" ] && [ "$truth" = "$before" ] && shows "$truth" && kept=$((kept + 1)) && continue 2
      break
    fi
    sleep 0.05
  done
  took=$(printf '%.2f' "$(echo "$matched - $back" | bc)")
  figures+=("$took")
  if ! shows "$truth" || [ "$(echo "$took > $BOUND" | bc)" = 1 ]; then
    slow=$((slow + 1))
    not_ok "round $round: the panel shows what udisks has within $BOUND s (after $took s it shows: $(drives_panel_rows); udisks: $truth)"
  fi
  if ours "$truth"; then
    shown=$((shown + 1))
    rows_made_anew || unnoticed=$((unnoticed + 1))
  elif [ -z "$forgotten" ]; then
    forgotten=$round
  fi
done
diag "seconds from udisksd back to the panel showing what udisks has: ${figures[*]}"
diag "$(printf '%s\n' "${figures[@]}" | sort -n | awk '{ a[NR] = $1; s += $1 } END { printf "min %.2f s, mean %.2f s, max %.2f s over %d restarts", a[1], s / NR, a[NR], NR }')"
[ -n "$forgotten" ] && diag "from round $forgotten udisks reported the images as attached by the system: /run/udisks2 is shared with the other test stacks on this machine"
check "udisksd was a new process each of the $ROUNDS times" test $udisksd_same = 0
check "each time the panel showed what udisks has within $BOUND s ($((ROUNDS - slow - kept)) of $ROUNDS made anew, $kept kept as they were)" test $slow = 0
check "the test user's two images were shown again in $shown rounds, the first one among them" test $shown -ge 1
check "… each of those after the panel had noticed udisksd go (its rows made anew; $((shown - unnoticed)) of $shown)" test $unnoticed = 0
check "the panel made its rows anew in most rounds ($((ROUNDS - kept)) of $ROUNDS)" test $((kept * 2)) -lt $ROUNDS
screenshot "$shots/restarts-after.png"

# --- no stale object: the panel follows the new udisksd's objects --------------

# A new image, attached after the restarts, then renamed and detached.
third_image=${prefix}third.img
our_images+=("$third_image")
as_tester truncate -s 48M "$third_image"
as_tester /sbin/mkfs.ext4 -q -L REL7RSNEW "$third_image"
third_device=$(attach "$third_image")
has_third () { [[ "$(drives_panel_rows)" == *"[$third_device ext4 $1 -]"* ]]; }
wait_until $BOUND has_third REL7RSNEW
check "an image attached after the restarts shows in the panel ($third_device)" has_third REL7RSNEW
output=$(ctl drives label "$third_device" REL7RENAMED 2>&1)
check "… renamed with plugboardctl (exit $?: $(tail -n 1 <<<"$output"))" test "$(blkid_value LABEL "$third_device")" = REL7RENAMED
wait_until $BOUND has_third REL7RENAMED
check "… the panel shows the new name" has_third REL7RENAMED
as_tester udisksctl loop-delete --no-user-interaction --block-device "$third_device" >/dev/null
gone () { [[ "$(drives_panel_rows)" != *"$third_device"* ]]; }
wait_until $BOUND gone
check "… detached, it leaves the panel" gone
screenshot "$shots/restarts-end.png"

check "the same app process ran throughout ($pid)" test -n "$pid" -a "$(app_pid_now)" = "$pid"
check "it logged no warning or critical" sh -c "! grep -E -- '-(WARNING|CRITICAL)' '$GUI_DIR/app.log' >&2"
quit_checking_sanitizers "$application_id"

finish
