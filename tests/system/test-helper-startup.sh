#!/bin/bash
# test-helper-startup.sh: how plugboard-helper refuses to start
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# What app/helper/README.md promises of the helper's own start, before it
# touches the bus: no argv[0] (CVE-2021-4034) is exit 127 with nothing
# printed and nothing read from the environment; an unprivileged user gets a
# refusal; a stray argument or an unknown option is a usage error; and none
# of these writes anything into the root folder it was given.

. "$(dirname "$0")/lib.sh"

HELPER=$PLUG_BUILD_DIR/app/helper/plugboard-helper
EXEC_EMPTY=$PLUG_BUILD_DIR/tests/fixtures/plug-exec-empty-argv

work=$(mktemp -d /tmp/plug-test-helper-startup.XXXXXX)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/root/etc/modprobe.d"

# run_helper OUT-PREFIX COMMAND…: runs COMMAND, keeping stdout, stderr and
# the exit status in OUT-PREFIX.out, .err and .status.
run_helper () {
  local prefix=$1; shift
  timeout 10 "$@" >"$prefix.out" 2>"$prefix.err" </dev/null
  echo $? >"$prefix.status"
}

run_helper "$work/empty" "$EXEC_EMPTY" "$HELPER"
# (Linux 5.18 and later give the program an empty argv[0] instead of none.)
check "no argv[0] (or an empty one): exit 127 ($(cat "$work/empty.status"))" test "$(cat "$work/empty.status")" = 127
check "… printing nothing" test ! -s "$work/empty.out" -a ! -s "$work/empty.err"

run_helper "$work/user" runuser -u "$PLUG_TEST_USER" -- "$HELPER" --root "$work/root"
check "an unprivileged user: refused with exit 1 ($(cat "$work/user.status"))" \
  test "$(cat "$work/user.status")" = 1
check "… saying it must run as root" grep -q "must run as root" "$work/user.err"

run_helper "$work/extra" "$HELPER" --root "$work/root" stray-argument
check "a stray argument: usage error, exit 2 ($(cat "$work/extra.status"))" \
  test "$(cat "$work/extra.status")" = 2

run_helper "$work/unknown" "$HELPER" --root "$work/root" --no-such-option
check "an unknown option: usage error, exit 2 ($(cat "$work/unknown.status"))" \
  test "$(cat "$work/unknown.status")" = 2

long=$(head -c 70000 /dev/zero | tr '\0' 'a')
run_helper "$work/long" "$HELPER" --root "$work/root" "$long"
check "a 70 000-byte argument: usage error, exit 2 ($(cat "$work/long.status"))" \
  test "$(cat "$work/long.status")" = 2

run_helper "$work/nonutf8" "$HELPER" --root "$work/root" $'\xff\xfe'
check "a non-UTF-8 argument: usage error, exit 2 ($(cat "$work/nonutf8.status"))" \
  test "$(cat "$work/nonutf8.status")" = 2

check "none of these wrote into the root folder" \
  test -z "$(find "$work/root" -mindepth 1 -not -type d)"

finish_tap
