#!/bin/bash
# test-helper-blacklist.sh: a blacklist something else overrides is refused
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Choosing nouveau blacklists nvidia, and choosing nvidia blacklists
# nouveau. A blacklist only stops loading for a device's alias: an install
# command in another modprobe.d file (which modprobe runs before any of
# ours, files being read in name order), a modules-load.d entry or a line
# of /etc/modules loads the module anyway, and both drivers would try to
# drive the GPU. The helper refuses such a choice, naming the file and the
# line, before anything is written.

. "$(dirname "$0")/lib.sh"

HELPER=$PLUG_BUILD_DIR/app/helper/plugboard-helper
FIXTURES=$PLUG_SOURCE_DIR/tests/fixtures
MODULES=$PLUG_BUILD_DIR/tests/unit/gpu-modules/lib/modules/6.1.0-plug
NVIDIA=0000:01:00.0

. "$(dirname "$0")/lib-helper.sh"
helper_test_bed blacklist

nothing_written () {
  [ "$(ls -A "$1/etc/modprobe.d")" = "$2" ] &&
    { [ ! -e "$1/var/lib/plugboard-helper" ] || [ -z "$(ls -A "$1/var/lib/plugboard-helper")" ]; }
}

# expect_refused DESCRIPTION FILE LINE DRIVER: SetGpuDriver DRIVER is
# refused, naming FILE and LINE.
expect_refused () {
  if call SetGpuDriver "$NVIDIA" "$4"; then
    not_ok "$1: succeeded: $reply"
  elif [[ "$reply" != *"Helper.Error.Failed"* || "$reply" != *"$2 loads it anyway (“$3”)"* ]]; then
    not_ok "$1: wrong error: $reply"
  else
    ok "$1: $reply"
  fi
}

# The nvidia driver's own package, as Debian ships it.
root=$work/hybrid
check "the helper starts" start_helper hybrid-nouveau "$root"
printf '# nvidia\ninstall nvidia modprobe -i nvidia-current $CMDLINE_OPTS\n' >"$root/etc/modprobe.d/nvidia.conf"
expect_refused "an install command for nvidia in modprobe.d: choosing nouveau is refused" \
  "$root/etc/modprobe.d/nvidia.conf" 'install nvidia modprobe -i nvidia-current $CMDLINE_OPTS' nouveau
check "... nothing is written" nothing_written "$root" nvidia.conf
check "... and no initramfs tool ran" test "$(initramfs_runs)" = 0
check "choosing nvidia itself is not affected" call SetGpuDriver "$NVIDIA" nvidia
check "... and it is reverted" call RevertGpuDriver "$NVIDIA"
rm "$root/etc/modprobe.d/nvidia.conf"

mkdir -p "$root/usr/lib/modules-load.d"
printf '# load at boot\nnvidia-drm\n' >"$root/usr/lib/modules-load.d/nvidia.conf"
expect_refused "nvidia-drm in modules-load.d (either spelling): choosing nouveau is refused" \
  "$root/usr/lib/modules-load.d/nvidia.conf" nvidia-drm nouveau
rm "$root/usr/lib/modules-load.d/nvidia.conf"
printf 'loop\n# nouveau\nnouveau\n' >"$root/etc/modules"
expect_refused "nouveau in /etc/modules: choosing nvidia is refused" "$root/etc/modules" nouveau nvidia
check "... nothing is written by either" nothing_written "$root" ""
printf 'loop\n# nouveau\n' >"$root/etc/modules"
mkdir -p "$root/etc/modules-load.d"
printf 'nvidia_uvm\n' >"$root/etc/modules-load.d/cuda.conf"
check "with only comments and other modules, choosing nouveau succeeds" call SetGpuDriver "$NVIDIA" nouveau
check "... and it is reverted" call RevertGpuDriver "$NVIDIA"
stop_helper
check "the helper exits cleanly (status $helper_status)" test "$helper_status" = 0

if [ $tap_failed -gt 0 ]; then
  diag "----- helper log -----"
  sed 's/^/# /' "$work/helper.log" | tail -n 40
fi
finish
