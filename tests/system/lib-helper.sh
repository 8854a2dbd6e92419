# lib-helper.sh: plugboard-helper on the stack's bus, for its system tests.
# Sourced after lib.sh, with HELPER set to the helper program; not run.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

# See tests/fixtures/gpus/umockdev-wrapper: umockdev's preload library
# comes before AddressSanitizer's runtime. (grep reads all of ldd's
# output: with grep -q, ldd could die of SIGPIPE and, under pipefail,
# the test would read "no sanitizer".)
if ldd "$HELPER" 2>/dev/null | grep 'libasan\.so' >/dev/null; then
  export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
fi

# helper_process: the PID of the process that owns the helper's name.
helper_process () {
  gdbus call --system --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
    --method org.freedesktop.DBus.GetConnectionUnixProcessID io.github.plugboard.Helper 2>/dev/null |
    grep -oE '[0-9]+' | tail -n 1
}

# call METHOD ARGUMENT…: a gdbus call as the test user; output and errors
# in $reply, and its exit status returned.
call () {
  local method=$1; shift
  reply=$(as_tester gdbus call --system --dest io.github.plugboard.Helper \
            --object-path /io/github/plugboard/Helper \
            --method "io.github.plugboard.Helper.$method" "$@" 2>&1)
}

# helper_test_bed NAME [SECONDS]: what a test of one helper feature needs.
# Sets work (a temporary folder, removed on exit with the helper stopped),
# gives the stack's bus and polkitd the helper's policy (polkit allows the
# test user), and writes "$work/initramfs-tool", a stand-in for the
# initramfs tool that records each run (initramfs_runs counts them), after
# SECONDS of sleep if given. Defines start_helper FIXTURE ROOT [OPTION…]
# (the helper under umockdev on the stack's bus, with the stub modules;
# HELPER_DEBUG becomes its G_MESSAGES_DEBUG) and stop_helper (sets
# helper_status), here and not at the top: the older helper tests have
# their own. Needs FIXTURES and MODULES.
helper_test_bed () {
  local name=$1 delay=${2:-}
  work=$(mktemp -d "/tmp/plug-test-helper-$name.XXXXXX")
  chmod 755 "$work"
  helper_pid=
  trap 'stop_helper; rm -rf "$work"' EXIT

  "$PLUG_STACK" bus-policy "$PLUG_STACK_DIR" "$PLUG_SOURCE_DIR/app/helper/io.github.plugboard.Helper.conf"
  "$PLUG_STACK" polkit-action "$PLUG_STACK_DIR" "$PLUG_BUILD_DIR/app/helper/io.github.plugboard.Helper.policy"
  "$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

  {
    echo '#!/bin/sh'
    if [ -n "$delay" ]; then echo "sleep $delay"; fi
    echo "echo run >>\"$work/initramfs-runs\""
  } >"$work/initramfs-tool"
  chmod 755 "$work/initramfs-tool"

  initramfs_runs () { [ -f "$work/initramfs-runs" ] && wc -l <"$work/initramfs-runs" || echo 0; }
  start_helper () {
    local fixture=$1 root=$2; shift 2
    mkdir -p "$root/etc/modprobe.d"
    G_MESSAGES_DEBUG=${HELPER_DEBUG:-} umockdev-run -d "$FIXTURES/gpus/$fixture.umockdev" -- \
      "$HELPER" --root "$root" --modules-directory "$MODULES" --initramfs-tool "$work/initramfs-tool" \
      --timeout 10 "$@" >>"$work/helper.log" 2>&1 &
    helper_pid=$!
    timeout 15 gdbus wait --system --timeout 10 io.github.plugboard.Helper
  }
  stop_helper () {
    [ -n "${helper_pid:-}" ] || return 0
    local pid
    pid=$(helper_process)
    [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null
    wait "$helper_pid"
    helper_status=$?
    helper_pid=
  }
}
