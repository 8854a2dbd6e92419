#!/bin/bash
# test-helper-fuzz.sh: random and boundary D-Bus calls to plugboard-helper
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# tests/fuzz/fuzz-helper-dbus.py calls every method the helper lists, with
# arguments of right and wrong signatures, as the unprivileged test user:
# first with polkit refusing (no call to the helper's interface may
# succeed, and its root stays byte for byte as it was), then allowing
# (whatever it changed is one whole configuration, and can be reverted).
# Through both, the helper answers every call, keeps its PID (the test bus
# activates nothing, so a crash would leave the name unowned), exits
# cleanly at the end, and its log holds no sanitizer report (CI runs this
# in the AddressSanitizer build). The seed is fixed, so a failure
# reproduces; PLUG_FUZZ_SEED picks another.

. "$(dirname "$0")/lib.sh"

HELPER=$PLUG_BUILD_DIR/app/helper/plugboard-helper
FIXTURES=$PLUG_SOURCE_DIR/tests/fixtures
MODULES=$PLUG_BUILD_DIR/tests/unit/gpu-modules/lib/modules/6.1.0-plug
FUZZER=$PLUG_SOURCE_DIR/tests/fuzz/fuzz-helper-dbus.py
TAHITI=0000:03:00.0
SEED=${PLUG_FUZZ_SEED:-20261130}
CALLS=${PLUG_FUZZ_CALLS:-1000}
SECONDS_LIMIT=${PLUG_FUZZ_SECONDS:-8}

work=$(mktemp -d /tmp/plug-test-helper-fuzz.XXXXXX)
chmod 755 "$work"
# The fuzzer, as the test user, writes its calls here.
mkdir -m 1777 "$work/calls"
helper_pid=
stop_helper () {
  [ -n "$helper_pid" ] || return 0
  local pid
  pid=$(helper_process)
  [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null
  wait "$helper_pid"
  helper_status=$?
  helper_pid=
}
trap 'stop_helper; rm -rf "$work"' EXIT

"$PLUG_STACK" bus-policy "$PLUG_STACK_DIR" "$PLUG_SOURCE_DIR/app/helper/io.github.plugboard.Helper.conf"
"$PLUG_STACK" polkit-action "$PLUG_STACK_DIR" "$PLUG_BUILD_DIR/app/helper/io.github.plugboard.Helper.policy"

printf '#!/bin/sh\nexit 0\n' >"$work/initramfs-tool"
chmod 755 "$work/initramfs-tool"

. "$(dirname "$0")/lib-helper.sh"

# fuzz SEED [OPTION…]: the fuzzer as the test user; its summary in
# $summary, its findings in the test log, its exit status returned.
fuzz () {
  local seed=$1; shift
  summary=$(as_tester /usr/bin/python3 "$FUZZER" --seed "$seed" --calls "$CALLS" --seconds "$SECONDS_LIMIT" \
              --log "$work/calls/$seed.log" "$@")
}

# snapshot: every file and folder under the root, with mode, owner and
# SHA-256.
snapshot () {
  (cd "$root" && find . -printf '%p %y %m %u\n' | sort &&
     find . -type f -exec sha256sum {} + | sort -k 2)
}

no_temporary_file () {
  [ -z "$(find "$root" -name '.plugboard-helper-*')" ]
}

# The configuration is the administrator's or one whole version of the
# helper's.
whole_version () {
  local file=$root/etc/modprobe.d/plugboard-gpu.conf
  cmp -s "$file" "$work/original.conf" || cmp -s "$file" "$FIXTURES/helper/tahiti-amdgpu.conf" ||
    cmp -s "$file" "$FIXTURES/helper/tahiti-radeon.conf"
}

root=$work/root
mkdir -p "$root/etc/modprobe.d"
# Not the helper's file: the administrator's, kept through everything.
printf 'options radeon audio=1\n' >"$root/etc/modprobe.d/plugboard-gpu.conf"
cp "$root/etc/modprobe.d/plugboard-gpu.conf" "$work/original.conf"
umockdev-run -d "$FIXTURES/gpus/amd-tahiti-radeon.umockdev" -- \
  "$HELPER" --root "$root" --modules-directory "$MODULES" --initramfs-tool "$work/initramfs-tool" \
  --timeout 60 >"$work/helper.log" 2>&1 &
helper_pid=$!
check "the helper starts on the test bus" timeout 15 gdbus wait --system --timeout 10 io.github.plugboard.Helper
pid=$(helper_process)

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" deny
snapshot >"$work/before"
fuzz "$SEED" --denied
status=$?
check "polkit refusing: every call answered, none to the helper's interface succeeded (seed $SEED): $summary" \
  test "$status" = 0
check "... the root is byte for byte as it was" eval 'snapshot | diff "$work/before" - >&2'
check "... and the helper kept its PID $pid" test "$(helper_process)" = "$pid"

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
fuzz $((SEED + 1))
status=$?
check "polkit allowing: every call answered (seed $((SEED + 1))): $summary" test "$status" = 0
check "... the helper kept its PID $pid" test "$(helper_process)" = "$pid"
check "... the configuration is the administrator's or one whole version of the helper's" whole_version
check "... and no temporary file is left" no_temporary_file
as_tester gdbus call --system --dest io.github.plugboard.Helper --object-path /io/github/plugboard/Helper \
  --method io.github.plugboard.Helper.RevertGpuDriver "$TAHITI" >/dev/null 2>&1
check "... and a revert puts the administrator's file back" \
  cmp -s "$root/etc/modprobe.d/plugboard-gpu.conf" "$work/original.conf"

stop_helper
check "the helper exits cleanly after the calls (status $helper_status)" test "$helper_status" = 0
check "its log holds no sanitizer report" \
  eval '! grep -E "ERROR: (Address|Leak)Sanitizer|runtime error:" "$work/helper.log"'

if [ $tap_failed -gt 0 ]; then
  for log in "$work"/calls/*.log; do
    diag "----- the last calls of $(basename "$log" .log) -----"
    tail -n 5 "$log" | sed 's/^/# /'
  done
  diag "----- helper log -----"
  sed 's/^/# /' "$work/helper.log" | tail -n 40
fi
finish
