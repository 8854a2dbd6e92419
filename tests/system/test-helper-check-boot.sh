#!/bin/bash
# test-helper-check-boot.sh: the next-boot check reverts a choice whose driver did not bind
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# What plugboard-helper-check-boot.service runs at boot
# (plugboard-helper --check-boot), against a fixture root: amdgpu is chosen
# for the Radeon, and the GPUs at "the next boot" are the fixture with
# radeon still bound (amdgpu did not start): the check reverts the choice,
# regenerates the initramfs and leaves a record, which the helper's
# BootCheck property then reports, with the kernel's last error about
# amdgpu on that GPU when its log (the root's dev/kmsg) has one. With
# amdgpu bound, or the GPU gone, the choice is kept; so it is, with a
# record and no regeneration, when the user set it to be kept
# (SetKeepChoice, plugboardctl graphics keep-choice).

. "$(dirname "$0")/lib.sh"

HELPER=$PLUG_BUILD_DIR/app/helper/plugboard-helper
FIXTURES=$PLUG_SOURCE_DIR/tests/fixtures
MODULES=$PLUG_BUILD_DIR/tests/unit/gpu-modules/lib/modules/6.1.0-plug
TAHITI=0000:03:00.0
NVIDIA=0000:01:00.0

. "$(dirname "$0")/lib-helper.sh"
helper_test_bed check-boot

# check_boot FIXTURE: the check, as the unit runs it, on FIXTURE's GPUs.
check_boot () {
  umockdev-run -d "$FIXTURES/gpus/$1.umockdev" -- \
    "$HELPER" --check-boot --root "$root" --modules-directory "$MODULES" --initramfs-tool "$work/initramfs-tool" \
    >>"$work/helper.log" 2>&1
}
boot_check () {
  as_tester gdbus call --system --dest io.github.plugboard.Helper --object-path /io/github/plugboard/Helper \
    --method org.freedesktop.DBus.Properties.Get io.github.plugboard.Helper BootCheck
}
config=etc/modprobe.d/plugboard-gpu.conf
record=var/lib/plugboard-helper/boot-check

root=$work/tahiti
check "the helper starts" start_helper amd-tahiti-radeon "$root"
check "amdgpu is chosen for the Radeon" call SetGpuDriver "$TAHITI" amdgpu
stop_helper
runs_before=$(initramfs_runs)
check "the check runs at a boot where radeon is still bound (exit 0)" check_boot amd-tahiti-radeon
check "... and reverts the choice: no configuration left" test ! -e "$root/$config"
check "... with the initramfs regenerated" test "$(initramfs_runs)" = $((runs_before + 1))
check "... and a record that says what happened: $(cat "$root/$record" 2>&1)" \
  test "$(cat "$root/$record" 2>&1)" = "amdgpu did not start on the GPU at $TAHITI; Plugboard went back to radeon"
check "the helper starts after the check" start_helper amd-tahiti-radeon "$root"
check "... and BootCheck reports it: $(boot_check)" \
  eval '[[ "$(boot_check)" == *"amdgpu did not start on the GPU at $TAHITI; Plugboard went back to radeon"* ]]'
check "plugboardctl --json graphics status has it as boot_check" \
  eval 'as_tester "$PLUGBOARDCTL" --json graphics status | jq_e ".boot_check == \"amdgpu did not start on the GPU at $TAHITI; Plugboard went back to radeon\"" >/dev/null'
check "... and graphics status says it" \
  eval 'as_tester "$PLUGBOARDCTL" graphics status | grep -qx "Driver check at this start: amdgpu did not start on the GPU at $TAHITI; Plugboard went back to radeon"'
call GetDriverChoices
check "... and the choice is gone: $reply" eval '[[ "$reply" == *"['"'"'amdgpu'"'"'], '"'"''"'"')"* ]]'
check "a new choice forgets the record" call SetGpuDriver "$TAHITI" amdgpu
check "... BootCheck is empty again" eval '[ "$(boot_check)" = "(<'"''"'>,)" ] && [ ! -e "$root/$record" ]'
check "... and graphics status has boot_check null" eval 'as_tester "$PLUGBOARDCTL" --json graphics status | jq_e ".boot_check == null" >/dev/null'
stop_helper

runs_before=$(initramfs_runs)
check "the check at a boot where amdgpu bound, as chosen" check_boot amd-tahiti-amdgpu
check "... keeps the choice" cmp -s "$root/$config" "$FIXTURES/helper/tahiti-amdgpu.conf"
check "... with no record and no regeneration" eval '[ ! -e "$root/$record" ] && [ "$(initramfs_runs)" = $runs_before ]'
check "the check at a boot where the GPU is gone" check_boot intel-i915
check "... keeps the choice too" eval 'cmp -s "$root/$config" "$FIXTURES/helper/tahiti-amdgpu.conf" && [ ! -e "$root/$record" ]'
check "the check with no choice at all does nothing" eval 'rm -rf "$work/empty" && mkdir -p "$work/empty/etc/modprobe.d" &&
  root=$work/empty check_boot amd-tahiti-radeon && [ -z "$(ls -A "$work/empty/etc/modprobe.d")" ] && [ ! -e "$work/empty/var" ]'

# The kernel's log of that boot says why amdgpu did not start: its last
# error about amdgpu on this GPU goes into the record, not its notices,
# nor another device's errors, nor the continuation lines of a record.
mkdir -p "$root/dev"
cat >"$root/dev/kmsg" <<EOF
6,812,4100000,-;[drm] amdgpu kernel modesetting enabled.
3,813,4200000,-;amdgpu 0000:03:00.0: Direct firmware load for amdgpu/tahiti_mc.bin failed with error -2
 SUBSYSTEM=pci
 DEVICE=+pci:0000:03:00.0
4,814,4200100,-;amdgpu 0000:03:00.0: amdgpu: early init failed
6,815,4200200,-;amdgpu: probe of 0000:03:00.0 failed with error -2
3,816,4300000,-;nouveau 0000:01:00.0: unrelated error of another GPU
6,817,4400000,-;radeon 0000:03:00.0: radeon kernel modesetting enabled
EOF
check "with the kernel's log, the check at a boot where radeon is still bound" check_boot amd-tahiti-radeon
check "... reverts the choice" test ! -e "$root/$config"
check "... and the record ends with the kernel's error: $(cat "$root/$record" 2>&1)" \
  test "$(cat "$root/$record" 2>&1)" = "amdgpu did not start on the GPU at $TAHITI; Plugboard went back to radeon; the kernel said: amdgpu 0000:03:00.0: Direct firmware load for amdgpu/tahiti_mc.bin failed with error -2"
# Only a warning logged: that one.
check "a new choice of amdgpu" eval 'start_helper amd-tahiti-radeon "$root" && call SetGpuDriver "$TAHITI" amdgpu'
stop_helper
printf '4,900,100,-;amdgpu 0000:03:00.0: amdgpu: early init failed\n6,901,200,-;amdgpu: probe of 0000:03:00.0 failed with error -22\n' >"$root/dev/kmsg"
check "with only a warning logged, the check" check_boot amd-tahiti-radeon
check "... puts the warning in the record: $(cat "$root/$record" 2>&1)" \
  eval '[[ "$(cat "$root/$record" 2>&1)" == *"; the kernel said: amdgpu 0000:03:00.0: amdgpu: early init failed" ]]'

# The user's setting: the choice stays even when its driver does not
# start (SetKeepChoice), and the record says so; nothing is regenerated.
rm -f "$root/dev/kmsg"
kept_choices () {
  as_tester gdbus call --system --dest io.github.plugboard.Helper --object-path /io/github/plugboard/Helper \
    --method org.freedesktop.DBus.Properties.Get io.github.plugboard.Helper KeptChoices
}
kept_record="amdgpu did not start on the GPU at $TAHITI; Plugboard kept the choice, as set"
check "a new choice of amdgpu, to be kept" eval 'start_helper amd-tahiti-radeon "$root" && call SetGpuDriver "$TAHITI" amdgpu'
check "KeptChoices is empty for a new choice: $(kept_choices)" test "$(kept_choices)" = "(<@as []>,)"
call SetKeepChoice "$NVIDIA" true
check "SetKeepChoice for a GPU with no choice is refused: $reply" \
  eval '[[ "$reply" == *"NothingToRevert"*"chose no driver for the GPU at $NVIDIA"* ]]'
check "the command line says the same, and how to choose one" \
  eval '! output=$(as_tester "$PLUGBOARDCTL" graphics keep-choice "$NVIDIA" yes 2>&1) && [[ "$output" == *"No driver was chosen for the GPU at $NVIDIA"* ]]'
check "keep-choice refuses a word other than yes or no (exit 2)" \
  eval 'as_tester "$PLUGBOARDCTL" graphics keep-choice "$TAHITI" maybe >/dev/null 2>&1; [ $? = 2 ]'
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" deny
call SetKeepChoice "$TAHITI" true
check "with polkit saying no, SetKeepChoice is refused: $reply" eval '[[ "$reply" == *"AccessDenied"* ]]'
check "... and nothing is kept" eval '[ ! -e "$root/var/lib/plugboard-helper/kept" ] && [ "$(kept_choices)" = "(<@as []>,)" ]'
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
check "plugboardctl graphics keep-choice SLOT yes" \
  eval 'as_tester "$PLUGBOARDCTL" --json graphics keep-choice "$TAHITI" yes | jq_e ".keep_if_it_fails == true" >/dev/null'
check "KeptChoices lists the GPU: $(kept_choices)" test "$(kept_choices)" = "(<['$TAHITI']>,)"
check "graphics status --json says the choice is kept" \
  eval 'as_tester "$PLUGBOARDCTL" --json graphics status |
        jq_e ".driver_choices == [{\"pci_slot\": \"$TAHITI\", \"chosen\": \"amdgpu\", \"gone\": false, \"keep_if_it_fails\": true}]" >/dev/null'
check "... and its text too" \
  eval 'as_tester "$PLUGBOARDCTL" graphics status | grep -q "^Driver choice kept even if it does not start: amdgpu for the GPU at $TAHITI"'
stop_helper
runs_before=$(initramfs_runs)
check "the check at a boot where radeon is still bound" check_boot amd-tahiti-radeon
check "... keeps the choice, as set" cmp -s "$root/$config" "$FIXTURES/helper/tahiti-amdgpu.conf"
check "... regenerates nothing" test "$(initramfs_runs)" = "$runs_before"
check "... and its record says so: $(cat "$root/$record" 2>&1)" test "$(cat "$root/$record" 2>&1)" = "$kept_record"
check "BootCheck reports it" eval 'start_helper amd-tahiti-radeon "$root" && [[ "$(boot_check)" == *"$kept_record"* ]]'
check "keep-choice SLOT no goes back to the default" \
  eval 'as_tester "$PLUGBOARDCTL" graphics keep-choice "$TAHITI" no >/dev/null && [ "$(kept_choices)" = "(<@as []>,)" ]'
check "set-driver --keep-if-it-fails chooses and keeps at once" \
  eval 'as_tester "$PLUGBOARDCTL" --json graphics set-driver --keep-if-it-fails "$TAHITI" amdgpu | jq_e ".keep_if_it_fails == true" >/dev/null &&
        [ "$(kept_choices)" = "(<['"'"'$TAHITI'"'"']>,)" ]'
check "a new choice starts with the default again" \
  eval 'call SetGpuDriver "$TAHITI" amdgpu && [ "$(kept_choices)" = "(<@as []>,)" ]'
check "undoing the choice forgets the setting" \
  eval 'call SetKeepChoice "$TAHITI" true && call RevertGpuDriver "$TAHITI" &&
        [ "$(kept_choices)" = "(<@as []>,)" ] && [ ! -e "$root/var/lib/plugboard-helper/kept" ]'
stop_helper

if [ $tap_failed -gt 0 ]; then
  diag "----- helper log -----"
  sed 's/^/# /' "$work/helper.log" | tail -n 40
fi
finish
