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
