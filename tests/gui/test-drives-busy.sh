#!/bin/bash
# test-drives-busy.sh: the Drives panel's Rename dialog while another
# client (as udisksctl or GNOME Disks would) has udisks erase the drive's
# other partition, under Xvfb, as the test user against the real udisksd:
# the rename is refused before udisks is asked, the dialog says which job
# runs on which device, and nothing is renamed. Once the job is cancelled,
# the same rename works. The other disk images are byte-identical.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-drives-gui.sh"

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

busy_image=${image_prefix}busy.img
as_tester truncate -s 800M "$busy_image"
bystander_image=$(new_image bystander.img 32M /sbin/mkfs.ext4 -q -L DUIBUSYBYST)
bystander_device=$(attach "$bystander_image")
wait_until 10 udisks_has "$bystander_device" '.label == "DUIBUSYBYST"'
check "the test user attached a bystander image ($bystander_device)" seen_by_udisks "$bystander_image"
others_before=$(hash_images "$busy_image")
start_xvfb

udisks_call () {
  local device=$1 method=$2; shift 2
  as_tester gdbus call --system --timeout 600 -d org.freedesktop.UDisks2 \
    -o "/org/freedesktop/UDisks2/block_devices/$(basename "$device")" -m "org.freedesktop.UDisks2.$method" "$@"
}
# erase_job: the object path of the format-erase job on DEVICE, if any.
erase_job () {
  as_tester udisksctl dump | awk -v dev="/block_devices/${1#/dev/}" '
    /^\/org\/freedesktop\/UDisks2\// { path = $1; sub(/:$/, "", path); in_job = (path ~ /\/jobs\//); erase = 0; ours = 0 }
    in_job && /Operation: +format-erase/ { erase = 1 }
    in_job && $0 ~ (dev "([^0-9]|$)") { ours = 1 }
    erase && ours && !done { print path; done = 1 }'
}
job_running () { [ -n "$(erase_job "$1")" ]; }

device=$(attach "$busy_image")
udisks_call "$device" Block.Format dos '{}' >/dev/null
udisks_call "$device" PartitionTable.CreatePartitionAndFormat 1048576 734003200 '' '' '{}' \
  ext4 "{'label': <'DUIBUSYONE'>}" >/dev/null
udisks_call "$device" PartitionTable.CreatePartitionAndFormat 736100352 0 '' '' '{}' \
  ext4 "{'label': <'DUIBUSYTWO'>}" >/dev/null
wait_until 20 udisks_has "${device}p2" '.label == "DUIBUSYTWO"'
check "the test user's image has two ext4 partitions ($device)" udisks_has "${device}p2" '.label == "DUIBUSYTWO"'

start_drives_panel
# The second volume's menu.
open_volume_menu DUIBUSYTWO
keys n
wait_until 20 has_window '^Rename DUIBUSYTWO$'
check "the second volume's menu opens Rename for DUIBUSYTWO" has_window '^Rename DUIBUSYTWO$'
dialog=$(window '^Rename DUIBUSYTWO$')
keys ctrl+a
xdotool type --delay 40 'DUIBUSYNEW'
sleep 0.5
shoot busy-rename-1-typed "$dialog"

# Meanwhile another client has udisks overwrite the first partition.
udisks_call "${device}p1" Block.Format ext4 "{'erase': <'zero'>}" >"$GUI_DIR/erase-output" 2>&1 &
erase_pid=$!
wait_until 30 job_running "${device}p1"
check "another client has udisks overwrite ${device}p1" job_running "${device}p1"

keys Return
sleep 1.5
shoot busy-rename-2-refused "$dialog"
check "Enter: the dialog stays open" has_window '^Rename DUIBUSYTWO$'
check "… on a page that says why ($(changed busy-rename-1-typed busy-rename-2-refused) pixels changed)" \
  test "$(changed busy-rename-1-typed busy-rename-2-refused)" -gt 3000
check "… and nothing was renamed" test "$(blkid_value LABEL "${device}p2")" = DUIBUSYTWO
check "… while the erase still runs" job_running "${device}p1"
keys Escape
wait_until 20 no_window '^Rename DUIBUSYTWO$'
check "Escape closes the dialog" no_window '^Rename DUIBUSYTWO$'

as_tester gdbus call --system -d org.freedesktop.UDisks2 -o "$(erase_job "${device}p1")" \
  -m org.freedesktop.UDisks2.Job.Cancel '{}' >/dev/null
wait $erase_pid
wait_until 10 udisks_has "${device}p1" '.filesystem == null or .filesystem == ""'

stop_gui
start_drives_panel
open_volume_menu DUIBUSYTWO
keys n
wait_until 20 has_window '^Rename DUIBUSYTWO$'
dialog=$(window '^Rename DUIBUSYTWO$')
keys ctrl+a
xdotool type --delay 40 'DUIBUSYNEW'
keys Return
wait_until 20 no_window '^Rename DUIBUSYTWO$'
sleep 0.5
shoot busy-rename-3-done
check "with the job gone, the same rename works" test "$(blkid_value LABEL "${device}p2")" = DUIBUSYNEW
check "the other disk images are byte-identical" others_identical "$others_before" "$busy_image"
finish_drives
