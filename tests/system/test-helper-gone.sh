#!/bin/bash
# test-helper-gone.sh: a choice for a GPU that is gone is listed and reverted
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# nvidia is chosen for the hybrid laptop's NVIDIA GPU; then the helper
# starts again on the same root with only the Intel GPU there (the NVIDIA
# one unplugged, as an eGPU is). GetDriverChoices lists the choice, with no
# name and no driver, and RevertGpuDriver undoes it; a new choice for the
# missing GPU is still refused.

. "$(dirname "$0")/lib.sh"

HELPER=$PLUG_BUILD_DIR/app/helper/plugboard-helper
FIXTURES=$PLUG_SOURCE_DIR/tests/fixtures
MODULES=$PLUG_BUILD_DIR/tests/unit/gpu-modules/lib/modules/6.1.0-plug
NVIDIA=0000:01:00.0

. "$(dirname "$0")/lib-helper.sh"
helper_test_bed gone

nothing_written () {
  [ -z "$(ls -A "$1/etc/modprobe.d")" ] &&
    { [ ! -e "$1/var/lib/plugboard-helper" ] || [ -z "$(ls -A "$1/var/lib/plugboard-helper")" ]; }
}

root=$work/laptop
check "the helper starts with the NVIDIA GPU there" start_helper hybrid-nouveau "$root"
check "nvidia is chosen for it" call SetGpuDriver "$NVIDIA" nvidia
stop_helper
check "the helper starts with the NVIDIA GPU gone" start_helper intel-i915 "$root"
call GetDriverChoices
gone_entry="('$NVIDIA', '', '', [], 'nvidia')],)"
check "GetDriverChoices lists the choice for the GPU that is gone, last: $reply" \
  eval '[[ "$reply" == *", $gone_entry" ]]'
status_json () { as_tester "$PLUGBOARDCTL" --json graphics status 2>/dev/null; }
check "plugboardctl --json graphics status lists it as gone: $(status_json | jq -c .driver_choices)" \
  eval 'status_json | jq_e ".driver_choices == [{\"pci_slot\": \"$NVIDIA\", \"chosen\": \"nvidia\", \"gone\": true, \"keep_if_it_fails\": false}]" >/dev/null'
check "... and graphics status says how to undo it" \
  eval 'as_tester "$PLUGBOARDCTL" graphics status | grep -qxF "Driver choice for a GPU that is gone: nvidia for the GPU at $NVIDIA (undo it with “plugboardctl graphics revert $NVIDIA”)"'
expect_invalid () {
  if call "$@"; then not_ok "$description: succeeded"
  elif [[ "$reply" == *"InvalidArgs"*"There is no GPU at $NVIDIA"* ]]; then ok "$description"
  else not_ok "$description: $reply"; fi
}
description="a new choice for the GPU that is gone is refused"
expect_invalid SetGpuDriver "$NVIDIA" nouveau
check "... and the file is still the nvidia one" cmp -s "$root/etc/modprobe.d/plugboard-gpu.conf" "$FIXTURES/helper/hybrid-nvidia.conf"
check "RevertGpuDriver undoes the choice for the GPU that is gone" call RevertGpuDriver "$NVIDIA"
check "... and nothing is left" nothing_written "$root"
call GetDriverChoices
check "... nor listed: $reply" eval '[[ "$reply" != *"$NVIDIA"* ]]'
check "... nor in graphics status: $(status_json | jq -c .driver_choices)" \
  eval 'status_json | jq_e ".driver_choices == []" >/dev/null'
description="reverting it again: nothing to revert, no GPU there"
expect_invalid RevertGpuDriver "$NVIDIA"
stop_helper
check "the helper exits cleanly (status $helper_status)" test "$helper_status" = 0
check "without the helper, graphics status knows no choices: driver_choices is null" \
  eval 'status_json | jq_e ".driver_choices == null" >/dev/null'

if [ $tap_failed -gt 0 ]; then
  diag "----- helper log -----"
  sed 's/^/# /' "$work/helper.log" | tail -n 40
fi
finish
