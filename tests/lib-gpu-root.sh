# lib-gpu-root.sh: a made-up root for what umockdev does not describe of a
# machine's GPUs and power (pci.ids, the kernel command line, /sys/power,
# lockdown, swap, memory), read through the core's root-directory seams
# (plugboardctl graphics --root, PLUG_TEST_SYSFS_ROOT, plugboard-helper
# --root). Sourced, not run.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

# gpu_root ROOT: make ROOT a machine that can suspend (deep) and
# hibernate, as far as the kernel's files say, with hwdata's names for
# the fixtures' GPUs; readable by every user (the app and the sandbox run
# as the test user). A test changes what its case needs afterwards.
gpu_root () {
  local root=$1
  mkdir -p "$root/usr/share/misc" "$root/proc" "$root/sys/power" "$root/sys/kernel/security"
  cp "$PLUG_SOURCE_DIR/tests/fixtures/gpus/pci.ids" "$root/usr/share/misc/pci.ids"
  echo 'BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro resume=/dev/sda3 quiet' >"$root/proc/cmdline"
  echo 'freeze mem disk' >"$root/sys/power/state"
  echo 's2idle [deep]' >"$root/sys/power/mem_sleep"
  echo '[none] integrity confidentiality' >"$root/sys/kernel/security/lockdown"
  printf 'Filename\tType\tSize\tUsed\tPriority\n/dev/sda3 partition\t16777212\t0\t-2\n' >"$root/proc/swaps"
  printf 'MemTotal:        8388608 kB\n' >"$root/proc/meminfo"
  chmod -R a+rX "$root"
}
