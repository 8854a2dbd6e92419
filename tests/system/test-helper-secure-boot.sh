#!/bin/bash
# test-helper-secure-boot.sh: a driver the kernel would not load is refused
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Under Secure Boot (or a kernel lockdown, or module.sig_enforce) the
# kernel loads only signed modules: choosing a driver whose module is not
# signed would leave the GPU with no driver at the next start. The helper
# runs as in test-helper.sh (umockdev GPUs, the stub modules, a temporary
# root, polkit allowing the test user), with the firmware's SecureBoot
# variable and the kernel's lockdown file faked under its --root. The stub
# modules are signed as sign-file signs them (PKCS#7), except nvidia,
# which is unsigned, as a DKMS build without an enrolled key is.

. "$(dirname "$0")/lib.sh"

HELPER=$PLUG_BUILD_DIR/app/helper/plugboard-helper
FIXTURES=$PLUG_SOURCE_DIR/tests/fixtures
MODULES=$PLUG_BUILD_DIR/tests/unit/gpu-modules/lib/modules/6.1.0-plug
TAHITI=0000:03:00.0
NVIDIA=0000:01:00.0
NOT_LOADABLE=io.github.plugboard.Helper.Error.NotLoadable
EFIVAR=sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c
LOCKDOWN=sys/kernel/security/lockdown
SIG_ENFORCE=sys/module/module/parameters/sig_enforce

. "$(dirname "$0")/lib-helper.sh"
helper_test_bed secure-boot

# nothing_written ROOT: no configuration, no state (the state folder may
# be there, empty, once a revert emptied it), no temporary file.
nothing_written () {
  [ -z "$(ls -A "$1/etc/modprobe.d")" ] &&
    { [ ! -e "$1/var/lib/plugboard-helper" ] || [ -z "$(ls -A "$1/var/lib/plugboard-helper")" ]; }
}

# secure_boot ROOT VALUE: the EFI variable, four attribute bytes (non
# volatile, boot service and runtime access) then the value.
secure_boot () {
  mkdir -p "$(dirname "$1/$EFIVAR")"
  printf "\\006\\000\\000\\000\\00$2" >"$1/$EFIVAR"
}
lockdown () {
  mkdir -p "$(dirname "$1/$LOCKDOWN")"
  printf '%s\n' "$2" >"$1/$LOCKDOWN"
}

# expect_refused DESCRIPTION REASON METHOD ARGUMENT…
expect_refused () {
  local description=$1 reason=$2; shift 2
  if call "$@"; then
    not_ok "$description: succeeded: $reply"
  elif [[ "$reply" != *"$NOT_LOADABLE"* || "$reply" != *"$reason"* ]]; then
    not_ok "$description: wrong error: $reply"
  else
    ok "$description: $reply"
  fi
}

# --- the hybrid laptop: nouveau bound, the unsigned nvidia installed -------

check "the stub nvidia module is unsigned" eval '! /sbin/modinfo -F sig_id "$MODULES/kernel/drivers/video/nvidia.ko" | grep -q .'
check "the stub nouveau module is signed, with a signer libkmod reads" \
  test "$(/sbin/modinfo -F signer "$MODULES/kernel/drivers/gpu/drm/nouveau/nouveau.ko")" = "Plugboard fixture signing key"

root=$work/hybrid
secure_boot "$root" 1
lockdown "$root" "none [integrity] confidentiality"
check "the helper starts under a faked Secure Boot" start_helper hybrid-nouveau "$root"
expect_refused "Secure Boot on: the unsigned nvidia is refused, with the reason" \
  "Secure Boot is on, and its module $MODULES/kernel/drivers/video/nvidia.ko is not signed" \
  SetGpuDriver "$NVIDIA" nvidia
check "... nothing is written" nothing_written "$root"
check "... and no initramfs tool ran" test "$(initramfs_runs)" = 0
check "Secure Boot on: nouveau, which is signed, can be chosen" call SetGpuDriver "$NVIDIA" nouveau
check "... the helper logged its signer" grep -q 'nouveau.ko is signed by “Plugboard fixture signing key”' "$work/helper.log"
check "... and it is reverted" call RevertGpuDriver "$NVIDIA"
runs_before=$(initramfs_runs)

secure_boot "$root" 0
expect_refused "Secure Boot off, the kernel locked down: nvidia is refused" \
  "the kernel is locked down (integrity)" SetGpuDriver "$NVIDIA" nvidia
lockdown "$root" "none integrity [confidentiality]"
expect_refused "... the same for confidentiality" \
  "the kernel is locked down (confidentiality)" SetGpuDriver "$NVIDIA" nvidia
lockdown "$root" "[none] integrity confidentiality"
mkdir -p "$(dirname "$root/$SIG_ENFORCE")"
echo Y >"$root/$SIG_ENFORCE"
expect_refused "no lockdown, module.sig_enforce on: nvidia is refused" \
  "module.sig_enforce" SetGpuDriver "$NVIDIA" nvidia
check "... nothing is written by any of them" nothing_written "$root"
check "... and no initramfs tool ran for them" test "$(initramfs_runs)" = "$runs_before"

echo N >"$root/$SIG_ENFORCE"
check "Secure Boot off, no lockdown, no enforcement: nvidia can be chosen" call SetGpuDriver "$NVIDIA" nvidia
check "... the file blacklists nouveau, exactly" cmp -s "$root/etc/modprobe.d/plugboard-gpu.conf" "$FIXTURES/helper/hybrid-nvidia.conf"
check "... and it is reverted" call RevertGpuDriver "$NVIDIA"
rm -rf "$root/sys"
check "with no EFI variables at all (a BIOS boot): nvidia can be chosen" call SetGpuDriver "$NVIDIA" nvidia
call RevertGpuDriver "$NVIDIA"

# plugboardctl says it in plain words, and exits 1.
secure_boot "$root" 1
rm -rf "$root/var/lib/plugboard-helper"
reply=$(as_tester "$PLUGBOARDCTL" graphics set-driver "$NVIDIA" nvidia 2>&1)
status=$?
check "plugboardctl under Secure Boot: exit $status and a clear reason: $reply" \
  eval '[ $status = 1 ] && [[ "$reply" == *"would not load this driver"* && "$reply" == *"Secure Boot is on"* ]]'
check "... and nothing is written" nothing_written "$root"
stop_helper
check "the helper exits cleanly (status $helper_status)" test "$helper_status" = 0

# --- the Radeon: both drivers signed ---------------------------------------

root=$work/tahiti
secure_boot "$root" 1
check "the helper starts for the Radeon under Secure Boot" start_helper amd-tahiti-radeon "$root"
check "Secure Boot on: the signed amdgpu can be chosen" call SetGpuDriver "$TAHITI" amdgpu
check "... the file is exactly the expected one" cmp -s "$root/etc/modprobe.d/plugboard-gpu.conf" "$FIXTURES/helper/tahiti-amdgpu.conf"
check "... and it is reverted" call RevertGpuDriver "$TAHITI"
stop_helper

if [ $tap_failed -gt 0 ]; then
  diag "----- helper log -----"
  sed 's/^/# /' "$work/helper.log" | tail -n 40
fi
finish
