#!/bin/bash
# test-helper-unit.sh: the shipped systemd unit of plugboard-helper
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The unit the build makes (app/helper/plugboard-helper.service), with its
# ExecStart pointed at the built helper: systemd-analyze verify finds no
# error in it, systemd-analyze security --offline=yes rates its exposure
# at most EXPOSURE_BOUND (systemd-hostnamed, the model, is 1.5 there on Debian 12), and
# what the initramfs tools need is there: CAP_SYS_CHROOT and the chroot
# system call for ldconfig -r, /efi writable, and a stop that lets a
# regeneration finish.

. "$(dirname "$0")/lib.sh"

EXPOSURE_BOUND=2.5
UNIT=$PLUG_BUILD_DIR/app/helper/plugboard-helper.service

work=$(mktemp -d /tmp/plug-test-helper-unit.XXXXXX)
trap 'rm -rf "$work"' EXIT

if ! command -v systemd-analyze >/dev/null; then
  echo "1..0 # SKIP systemd-analyze is not installed"
  exit 0
fi

check "the build made the unit" test -f "$UNIT"
sed "s|^ExecStart=.*|ExecStart=$PLUG_BUILD_DIR/app/helper/plugboard-helper|" "$UNIT" >"$work/plugboard-helper.service"
verify=$(systemd-analyze verify "$work/plugboard-helper.service" 2>&1)
check "systemd-analyze verify finds nothing to say: ${verify:-(nothing)}" test -z "$verify"
security=$(systemd-analyze security --offline=yes "$work/plugboard-helper.service" 2>&1)
exposure=$(sed -n 's/^.*Overall exposure level for plugboard-helper.service: \([0-9.]*\).*$/\1/p' <<<"$security")
check "systemd-analyze security rates the exposure (${exposure:-not found})" test -n "$exposure"
check "... at most $EXPOSURE_BOUND" awk -v e="${exposure:-99}" -v b="$EXPOSURE_BOUND" 'BEGIN { exit !(e <= b) }'

# value KEY: the unit's setting (the last one, as systemd reads it).
value () { sed -n "s/^$1=//p" "$UNIT" | tail -n 1; }
check "CAP_SYS_CHROOT is in the bounding set, for ldconfig -r" eval '[[ " $(value CapabilityBoundingSet) " == *" CAP_SYS_CHROOT "* ]]'
check "... and chroot in the system call filter: $(value SystemCallFilter)" \
  eval '[[ " $(value SystemCallFilter) " == *" @system-service "* && " $(value SystemCallFilter) " == *" chroot "* ]]'
check "/efi is writable where it exists: $(value ReadWritePaths)" eval '[[ " $(value ReadWritePaths) " == *" -/efi "* ]]'
check "stopping signals the helper alone (KillMode=$(value KillMode))" test "$(value KillMode)" = mixed
stop=$(value TimeoutStopSec)
check "... and waits longer than a regeneration ($stop)" eval '[[ "$stop" =~ ^[0-9]+min$ ]] && [ "${stop%min}" -ge 10 ]'
check "other users' processes are invisible (ProtectProc=$(value ProtectProc))" test "$(value ProtectProc)" = invisible

# The next-boot check's unit, with its command pointed at the built helper.
BOOT_UNIT=$PLUG_BUILD_DIR/app/helper/plugboard-helper-check-boot.service
check "the build made the next-boot check's unit" test -f "$BOOT_UNIT"
sed "s|^ExecStart=[^ ]*|ExecStart=$PLUG_BUILD_DIR/app/helper/plugboard-helper|" "$BOOT_UNIT" >"$work/plugboard-helper-check-boot.service"
check "... it runs plugboard-helper --check-boot" grep -q "^ExecStart=$PLUG_BUILD_DIR/app/helper/plugboard-helper --check-boot$" "$work/plugboard-helper-check-boot.service"
verify=$(systemd-analyze verify "$work/plugboard-helper-check-boot.service" 2>&1)
check "... systemd-analyze verify finds nothing to say: ${verify:-(nothing)}" test -z "$verify"
boot_exposure=$(systemd-analyze security --offline=yes "$work/plugboard-helper-check-boot.service" 2>&1 |
  sed -n 's/^.*Overall exposure level for plugboard-helper-check-boot.service: \([0-9.]*\).*$/\1/p')
check "... and its exposure (${boot_exposure:-not found}) is at most $EXPOSURE_BOUND too" \
  awk -v e="${boot_exposure:-99}" -v b="$EXPOSURE_BOUND" 'BEGIN { exit !(e <= b) }'

[ $tap_failed -gt 0 ] && diag "$security"
finish
