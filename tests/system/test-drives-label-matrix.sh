#!/bin/bash
# test-drives-label-matrix.sh: every filesystem Plugboard offers × every
# label of the bad-input items (tests/RELIABILITY.md), through the real
# udisksd as the test user.
# Names the rules refuse are refused before any call that changes
# something: a D-Bus monitor on the test bus sees no SetLabel and no
# Format, and the reformat is also refused with the bus unreachable.
# Names the rules accept (format strings, shell and option look-alikes,
# quotes, slashes among them: labels are data) are renamed for real and
# read back equal through udisks' IdLabel, lsblk and blkid; a few are
# given to Format too. udisksd is the same process at the end; every
# other disk image and the files on a mounted sibling are byte-identical.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-drives.sh"

prefix=$images/REL7-matrix-
filesystems=(vfat exfat ntfs ext4 xfs btrfs)
declare -A image device
for fs in "${filesystems[@]}"; do image[$fs]=${prefix}$fs.img; done
bystander_image=${prefix}bystander.img
sibling_image=${prefix}sibling.img
our_images=("${image[@]}" "$bystander_image" "$sibling_image")
monitor_log=$PLUG_STACK_DIR/REL7-matrix-monitor.log
monitor_pid=

cleanup () {
  [ -n "$monitor_pid" ] && kill "$monitor_pid" 2>/dev/null
  remove_our_images
  rm -f "$monitor_log"
}
trap cleanup EXIT
cleanup

# --- the labels ---------------------------------------------------------------
#
# NAME|LABEL (printf %b escapes)|vfat exfat ntfs ext4 xfs btrfs: "=" renamed
# as given, "U" renamed upper-cased (FAT), "-" refused; spaces at the end
# are dropped (blkid drops them). The verdicts are written out here, not
# asked of Plugboard's rules.
long_17=$(printf 'a%.0s' $(seq 17))
long_63=$(printf 'n%.0s' $(seq 63))
long_64=$(printf 'n%.0s' $(seq 64))
long_128=$(printf 'n%.0s' $(seq 128))
long_129=$(printf 'n%.0s' $(seq 129))
long_65536=$(head -c 65536 /dev/zero | tr '\0' x)
matrix=(
  "§8.1 Cyrillic 18 bytes|ДИСКДИСКД|- = = - - ="
  "§8.2 17 ASCII|$long_17|- - = - - ="
  "§8.3 lower case|test|U = = = = ="
  "§8.4 FAT-forbidden all at once|a\"*/:<>?\\\\\\x7c|- = = = = ="
  "§8.5 12 ASCII|ABCDEFGHIJKL|- - = = = ="
  "§8.5 empty||= = = = = ="
  "§8.6 six emoji|😀😀😀😀😀😀|- - = - - ="
  "§8.7 a space|a a|U = = = - ="
  "§8.7 13 ASCII|abcdefghijklm|- - = = - ="
  "§8.8 newline|a\\nb|- - - - - -"
  "§8.8 63 ASCII|$long_63|- - = - - ="
  "§8.8 64 ASCII|$long_64|- - - - - ="
  "§8.8 128 ASCII|$long_128|- - - - - ="
  "§8.8 129 ASCII|$long_129|- - - - - ="
  "§8.9 format string|%n%n%n%s|U = = = = ="
  "§8.9 more format|%x%p%d%%|U = = = = ="
  "§8.9 shell|\$(id)\`id\`|U = = = = ="
  "§8.9 option|--help|- - - = = ="
  "§8.9 short option|-f|- - - = = ="
  "§8.10 CR LF|UD\\n\\rISKS|- - - - - -"
  "§8.10 control|UDI\\x01\\x12SK\\x7f|- - - - - -"
  "§8.11 slash backslash|U/DISK\\\\S|- = = = = ="
  "§8.11 dot-dot|../../etc|- = = = = ="
  "§8.11 quotes|'UD\"SKS2'|- = = = - ="
  "§8.12 RTL override|\\u202Egnp.exe|- - - - - -"
  "§8.13 invalid UTF-8|\\xff\\xfe|- - - - - -"
  "§8.14 64 KiB|$long_65536|- - - - - -"
  "§8.14 only spaces|   |- - - - - -"
  "§8.14 spaces at the end|a b  |U = = = - ="
  "§8.14 markup|<b>&amp;</b>|- - = = = ="
)
g_utf8_valid () { iconv -f UTF-8 -t UTF-8 <<<"$1" >/dev/null 2>&1; }
fs_column () { local i; for i in "${!filesystems[@]}"; do [ "${filesystems[$i]}" = "$1" ] && echo "$i"; done; }

# --- images, one per filesystem, made once -----------------------------------

as_tester truncate -s 64M "${image[vfat]}" "${image[exfat]}" "${image[ntfs]}" "${image[ext4]}" \
  "$bystander_image" "$sibling_image"
as_tester truncate -s 320M "${image[xfs]}"
as_tester truncate -s 128M "${image[btrfs]}"
as_tester /sbin/mkfs.vfat -n REL7VFAT "${image[vfat]}" >/dev/null
as_tester /sbin/mkfs.exfat -n REL7EXFAT "${image[exfat]}" >/dev/null
as_tester /sbin/mkfs.ntfs -F -Q -L REL7NTFS "${image[ntfs]}" >/dev/null 2>&1
as_tester /sbin/mkfs.ext4 -q -L REL7EXT4 "${image[ext4]}"
as_tester /sbin/mkfs.xfs -q -L REL7XFS "${image[xfs]}"
as_tester /sbin/mkfs.btrfs -q -L REL7BTRFS "${image[btrfs]}" >/dev/null
as_tester /sbin/mkfs.ext4 -q -L REL7BYST "$bystander_image"
as_tester /sbin/mkfs.ext4 -q -L REL7SIBL "$sibling_image"
for fs in "${filesystems[@]}"; do device[$fs]=$(attach "${image[$fs]}"); done
bystander_device=$(attach "$bystander_image")
sibling_device=$(attach "$sibling_image")
check "the test user attached one image per filesystem and two bystanders" \
  test -n "${device[vfat]}" -a -n "${device[exfat]}" -a -n "${device[ntfs]}" -a -n "${device[ext4]}" \
    -a -n "${device[xfs]}" -a -n "${device[btrfs]}" -a -n "$bystander_device" -a -n "$sibling_device"

# The sibling filesystem is mounted and holds files; the bystander image
# stays unmounted (a mount writes its superblock), so it is hashed whole.
as_tester udisksctl mount --no-user-interaction --block-device "$sibling_device" >/dev/null
sibling_mount=$(mount_point_of "$sibling_device")
for n in 1 2 3; do dd if=/dev/urandom of="$sibling_mount/file-$n" bs=64k count=$n status=none; done
sync
files_before=$(hash_files "$sibling_mount")
targets=("${image[@]}" "$sibling_image")
others_before=$(hash_others "${targets[@]}")
udisksd_before=$(cat "$PLUG_STACK_DIR/pids/udisksd")

# id_label DEVICE: udisks' Block.IdLabel, exactly (busctl's JSON keeps
# every byte).
id_label () {
  busctl --address="$DBUS_SYSTEM_BUS_ADDRESS" --json=short get-property org.freedesktop.UDisks2 \
    "/org/freedesktop/UDisks2/block_devices/$(basename "$1")" org.freedesktop.UDisks2.Block IdLabel | jq -r .data
}
# reads_back DEVICE LABEL: udisks, lsblk (udev's database) and blkid (the
# disk itself) all read LABEL.
reads_back () {
  [ "$(id_label "$1")" = "$2" ] && [ "$(lsblk -dno LABEL "$1")" = "$2" ] && [ "$(blkid_value LABEL "$1")" = "$2" ]
}
readings () { printf 'udisks “%s”, lsblk “%s”, blkid “%s”' "$(id_label "$1")" "$(lsblk -dno LABEL "$1")" "$(blkid_value LABEL "$1")"; }
probed () { local fs; for fs in "${filesystems[@]}"; do [ -n "$(id_label "${device[$fs]}")" ] || return 1; done; }
wait_until 10 probed
check "udisks reads every image's name" probed

# A monitor on the test bus sees every SetLabel and Format call to udisks.
dbus-monitor --address "$DBUS_SYSTEM_BUS_ADDRESS" \
  "type='method_call',destination='org.freedesktop.UDisks2',member='SetLabel'" \
  "type='method_call',destination='org.freedesktop.UDisks2',member='Format'" >"$monitor_log" 2>&1 &
monitor_pid=$!
sleep 0.5
# Only calls on this test's devices count: the other lanes' tests run at
# the same time, on the same udisksd.
own_paths=$(for fs in "${filesystems[@]}"; do printf 'path=/org/freedesktop/UDisks2/block_devices/%s;|' "$(basename "${device[$fs]}")"; done)
calls_seen () { grep -E 'member=(SetLabel|Format)' "$monitor_log" | grep -cE "${own_paths%|}"; }
# mark N: a SetLabel call made on purpose, on an object udisks does not
# have (it answers with an error, nothing changes), which the monitor must
# see: one before the refusals and one after them show that it was alive
# all along, as "no call seen" says nothing of a monitor that died.
marker_path () { echo "/org/freedesktop/UDisks2/block_devices/REL7matrixmarker$1"; }
mark () {
  as_tester gdbus call --system --timeout 10 -d org.freedesktop.UDisks2 -o "$(marker_path "$1")" \
    -m org.freedesktop.UDisks2.Filesystem.SetLabel marker '{}' >/dev/null 2>&1
  wait_until 5 marker_seen "$1"
}
marker_seen () { grep -F 'member=SetLabel' "$monitor_log" | grep -qF "path=$(marker_path "$1");"; }
markers_seen () { local n=0; marker_seen 1 && n=$((n + 1)); marker_seen 2 && n=$((n + 1)); echo $n; }

# --- refused: before any change is asked of udisks -------------------------

no_daemon_format () {
  as_tester env DBUS_SYSTEM_BUS_ADDRESS=unix:path=/nonexistent "$PLUGBOARDCTL" drives format "$@" </dev/null
}
mark 1
refused=0 refused_ok=0
started=$SECONDS
images_before=$(for fs in "${filesystems[@]}"; do sha256sum "${image[$fs]}"; done)
for entry in "${matrix[@]}"; do
  IFS='|' read -r name escaped verdicts <<<"$entry"
  label=$(printf '%b' "$escaped")
  read -r -a verdict <<<"$verdicts"
  for fs in "${filesystems[@]}"; do
    [ "${verdict[$(fs_column "$fs")]}" = - ] || continue
    refused=$((refused + 1))
    before_calls=$(calls_seen)
    rename_output=$(ctl drives label "${device[$fs]}" -- "$label" 2>&1)
    rename_status=$?
    offline_output=$(no_daemon_format "${device[$fs]}" --type "$fs" --label="$label" --yes 2>&1)
    offline_status=$?
    sleep 0.1
    after_calls=$(calls_seen)
    # Invalid UTF-8 cannot be an option's value: a usage error (exit 2).
    offline_expected=1
    g_utf8_valid "$label" || offline_expected=2
    if [ $rename_status = 1 ] && [ $offline_status = $offline_expected ] && [ "$after_calls" = "$before_calls" ] &&
       grep -qE 'names? (can|cannot)|Names cannot|not valid text|at most' <<<"$rename_output" &&
       grep -qE 'names? (can|cannot)|Names cannot|not valid text|at most|Invalid byte sequence' <<<"$offline_output"; then
      refused_ok=$((refused_ok + 1))
    else
      not_ok "$fs, $name: refused (rename exit $rename_status, reformat with the bus unreachable exit $offline_status, udisks calls $before_calls → $after_calls): $(tail -n 1 <<<"$rename_output") / $(head -n 1 <<<"$offline_output")"
    fi
  done
done
check "all $refused refused filesystem × label pairs: the rename exits 1 with the rules' reason, and so does the reformat with udisks unreachable ($refused_ok of $refused)" \
  test $refused_ok = $refused
diag "refusing took $((SECONDS - started)) s"
mark 2
check "… and the monitor saw no SetLabel or Format call meanwhile ($(calls_seen) calls), though it saw the marker calls before and after ($(markers_seen) of 2)" \
  test "$(markers_seen)|$(calls_seen)" = "2|0"
check "… every image is byte-identical" \
  test "$(for fs in "${filesystems[@]}"; do sha256sum "${image[$fs]}"; done)" = "$images_before"

# --- accepted: renamed for real, read back equal ---------------------------

accepted=0 accepted_ok=0
started=$SECONDS
for entry in "${matrix[@]}"; do
  IFS='|' read -r name escaped verdicts <<<"$entry"
  label=$(printf '%b' "$escaped")
  read -r -a verdict <<<"$verdicts"
  for fs in "${filesystems[@]}"; do
    case ${verdict[$(fs_column "$fs")]} in
      =) expected=${label%"${label##*[! ]}"} ;;
      U) expected=${label^^}; expected=${expected%"${expected##*[! ]}"} ;;
      *) continue ;;
    esac
    accepted=$((accepted + 1))
    json=$(ctl drives label --json "${device[$fs]}" -- "$label" 2>"$PLUG_STACK_DIR/REL7-matrix-stderr")
    status=$?
    if [ $status = 0 ] && jq_e --arg l "$expected" '.label == $l' <<<"$json" >/dev/null &&
       wait_until 5 reads_back "${device[$fs]}" "$expected"; then
      accepted_ok=$((accepted_ok + 1))
    else
      not_ok "$fs, $name: renamed to “$(one_line "$expected")” (exit $status; $(one_line "$(cat "$PLUG_STACK_DIR/REL7-matrix-stderr")"); $(readings "${device[$fs]}"))"
    fi
  done
done
check "all $accepted accepted filesystem × label pairs renamed through udisks SetLabel and read back equal by udisks IdLabel, lsblk and blkid ($accepted_ok of $accepted)" \
  test $accepted_ok = $accepted
check "… and the monitor saw the SetLabel calls ($(calls_seen))" test "$(calls_seen)" -ge $accepted
diag "renaming took $((SECONDS - started)) s"

# --- Format with labels that are data ----------------------------------------

for fs in "${filesystems[@]}"; do
  label='%n%n%n%s'
  expected=$label
  [ "$fs" = vfat ] && expected=${label^^}
  [ "$fs" = ext4 ] && label='--help' expected='--help'
  [ "$fs" = btrfs ] && label='$(id) ../../etc' expected=$label
  [ "$fs" = ntfs ] && label='<b>&amp;</b> “%s”' expected=$label
  mounted=$(mount_point_of "${device[$fs]}")
  [ -n "$mounted" ] && as_tester udisksctl unmount --no-user-interaction --block-device "${device[$fs]}" >/dev/null
  json=$(ctl drives format --json "${device[$fs]}" --type "$fs" --label="$label" --yes 2>"$PLUG_STACK_DIR/REL7-matrix-stderr")
  status=$?
  check "Format $fs named “$label” (exit $status)" jq_e --arg l "$expected" '.label == $l' <<<"$json"
  check "… blkid reads $fs" test "$(blkid_value TYPE "${device[$fs]}")" = "$fs"
  wait_until 5 reads_back "${device[$fs]}" "$expected"
  check "… udisks, lsblk and blkid read “$expected” ($(readings "${device[$fs]}"))" reads_back "${device[$fs]}" "$expected"
  mounted=$(mount_point_of "${device[$fs]}")
  [ -n "$mounted" ] && as_tester udisksctl unmount --no-user-interaction --block-device "${device[$fs]}" >/dev/null
done

# --- nothing else touched, nothing crashed -------------------------------------

check "udisksd is the same process ($(cut -d' ' -f1 <<<"$udisksd_before")), it did not crash" \
  test "$(cat "$PLUG_STACK_DIR/pids/udisksd")" = "$udisksd_before" -a -d "/proc/$(cut -d' ' -f1 <<<"$udisksd_before")"
check "every other disk image is byte-identical" others_identical "$others_before" "${targets[@]}"
check "the files on the mounted sibling filesystem are byte-identical" files_identical "$sibling_mount" "$files_before"

finish
