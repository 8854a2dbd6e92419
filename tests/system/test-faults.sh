#!/bin/bash
# test-faults.sh: plugboardctl while udisksd, NetworkManager and
# ModemManager are stopped and started again under it: during each outage
# `status` reports the service as not running (and still succeeds), and the
# commands that need it fail with exit 1 and a message naming it; once the
# service is back they see the same disk image and the same modem again.
# The GUI side of the same faults is tests/gui/test-faults.sh.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"

image=$PLUG_IMAGES_DIR/fault-cli.img
device=

# Whatever fails, leave every daemon running, no modem and no image.
cleanup () {
  "$PLUG_STACK" start "$PLUG_STACK_DIR" udisksd >/dev/null 2>&1
  "$PLUG_STACK" start "$PLUG_STACK_DIR" NetworkManager >/dev/null 2>&1
  "$PLUG_STACK" mm-start "$PLUG_STACK_DIR" >/dev/null 2>&1
  "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR" >/dev/null 2>&1
  [ -n "$device" ] && as_tester udisksctl loop-delete --no-user-interaction --block-device "$device" >/dev/null 2>&1
  rm -f "$image"
}
trap cleanup EXIT

status_json () { as_tester "$PLUGBOARDCTL" status --json; }
# running ID: what status --json says of one service.
running () { status_json | jq -r --arg id "$1" '.services[] | select(.id == $id) | .running'; }
is_running () { [ "$(running "$1")" = "$2" ]; }
image_label () {
  as_tester "$PLUGBOARDCTL" drives list --json |
    jq -r --arg device "$device" '.[] | select(.device == $device) | .volumes[0].label'
}
image_listed () { [ "$(image_label)" = FAULTCLI ]; }
modem_listed () {
  as_tester "$PLUGBOARDCTL" broadband devices --json |
    jq_e 'any(.[]; .interface == "ttyFAULT0")' >/dev/null
}

# run_failing COMMAND…: runs a plugboardctl command that should fail; sets
# fail_status, fail_stdout and fail_stderr.
run_failing () {
  local err
  err=$(mktemp)
  fail_stdout=$(as_tester "$PLUGBOARDCTL" "$@" 2>"$err")
  fail_status=$?
  fail_stderr=$(cat "$err")
  rm -f "$err"
}

# --- udisksd ---------------------------------------------------------------

rm -f "$image"
as_tester truncate -s 64M "$image"
as_tester /sbin/mkfs.ext4 -q -L FAULTCLI "$image"
device=$(as_tester udisksctl loop-setup --no-user-interaction --file "$image" | grep -oE '/dev/loop[0-9]+')
check "the test user attached a disk image ($device)" test -n "$device"
wait_until 10 image_listed
check "drives list shows it before the outage" image_listed

"$PLUG_STACK" stop "$PLUG_STACK_DIR" udisksd
json=$(status_json)
status=$?
check "udisksd down: status --json still succeeds ($status)" test "$status" = 0
check "and reports udisks2 as not running" \
  test "$(jq -r '.services[] | select(.id == "udisks2") | "\(.running) \(.version)"' <<<"$json")" = "false null"
check "and the other services as running" \
  test "$(jq -r '[.services[] | select(.id == "networkmanager" or .id == "modemmanager") | .running] | all' <<<"$json")" = true
run_failing drives list
check "drives list fails with exit 1 ($fail_status)" test "$fail_status" = 1
check "naming udisks2 in a plain message ($fail_stderr)" grep -q '^plugboardctl: udisks2 is not running' <<<"$fail_stderr"
check "and no warning or critical from GLib" test "$(grep -c -E 'WARNING|CRITICAL' <<<"$fail_stderr")" = 0
run_failing drives list --json
check "drives list --json fails the same way, printing nothing ($fail_status)" \
  test "$fail_status" = 1 -a -z "$fail_stdout"
check "the disk image stays attached while udisksd is away" test "$(losetup -j "$image" | cut -d: -f1)" = "$device"

"$PLUG_STACK" start "$PLUG_STACK_DIR" udisksd
check "udisksd back: status reports udisks2 running" is_running udisks2 true
# udisksd keeps who attached a loop device in /run/udisks2; without it the
# image would count as a system device, which drives list rightly hides.
setup_by_tester () {
  as_tester gdbus call --system --dest org.freedesktop.UDisks2 \
    --object-path "/org/freedesktop/UDisks2/block_devices/${device#/dev/}" \
    --method org.freedesktop.DBus.Properties.Get org.freedesktop.UDisks2.Loop SetupByUID |
    grep -q "uint32 $(id -u "$PLUG_TEST_USER")"
}
wait_until 10 setup_by_tester
check "and still knows the test user attached the image" setup_by_tester
wait_until 10 image_listed
check "drives list shows the same image with its name again" image_listed

# restart, as quick as it gets: no gap a test could hold on to.
"$PLUG_STACK" restart "$PLUG_STACK_DIR" udisksd
wait_until 10 image_listed
check "after a quick restart of udisksd the image is listed again" image_listed

as_tester udisksctl loop-delete --no-user-interaction --block-device "$device" >/dev/null
device=

# --- NetworkManager, with a modem plugged in -------------------------------

"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
"$PLUG_STACK" modem-add "$PLUG_STACK_DIR" ttyFAULT0 gsm --operator 22210
wait_until 30 modem_listed
check "broadband devices lists the modem before the outage" modem_listed

"$PLUG_STACK" stop "$PLUG_STACK_DIR" NetworkManager
json=$(status_json)
status=$?
check "NetworkManager down: status --json still succeeds ($status)" test "$status" = 0
check "and reports NetworkManager as not running" \
  test "$(jq -r '.services[] | select(.id == "networkmanager") | .running' <<<"$json")" = false
run_failing broadband devices
check "broadband devices fails with exit 1 ($fail_status)" test "$fail_status" = 1
check "naming NetworkManager ($fail_stderr)" grep -q '^plugboardctl: NetworkManager is not running' <<<"$fail_stderr"

"$PLUG_STACK" start "$PLUG_STACK_DIR" NetworkManager
check "NetworkManager back: status reports it running" is_running networkmanager true
wait_until 30 modem_listed
check "broadband devices lists the modem again" modem_listed

# --- ModemManager, with the modem plugged in --------------------------------

"$PLUG_STACK" mm-stop "$PLUG_STACK_DIR"
json=$(status_json)
status=$?
check "ModemManager down: status --json still succeeds ($status)" test "$status" = 0
check "and reports ModemManager as not running" \
  test "$(jq -r '.services[] | select(.id == "modemmanager") | .running' <<<"$json")" = false
run_failing broadband devices --json
check "broadband devices --json fails with exit 1, printing nothing ($fail_status)" \
  test "$fail_status" = 1 -a -z "$fail_stdout"
check "naming ModemManager ($fail_stderr)" grep -q '^plugboardctl: ModemManager is not running' <<<"$fail_stderr"

"$PLUG_STACK" mm-start "$PLUG_STACK_DIR"
check "ModemManager back: status reports it running" is_running modemmanager true
wait_until 30 modem_listed
check "replugged, broadband devices lists the modem again" modem_listed

"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
finish
