# lib.sh: shared by the system tests, which run against the real daemons
# that tests/harness/plug-stack brought up. Sourced, not run.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Tests print TAP. Clients run as the unprivileged test user, so polkit
# really decides; root only drives the harness (plug-stack) and checks
# results from the outside (blkid, the keyfiles NetworkManager wrote).

set -uo pipefail

if [ -z "${PLUG_STACK_DIR:-}" ] || [ ! -f "${PLUG_STACK_DIR}/env" ]; then
  echo "Bail out! The system suite needs the real daemons: run build-aux/run-tests, or tests/harness/plug-stack up DIR and export PLUG_STACK_DIR=DIR"
  exit 1
fi
# shellcheck source=/dev/null
. "$PLUG_STACK_DIR/env"

PLUG_STACK=$PLUG_SOURCE_DIR/tests/harness/plug-stack
PLUGBOARDCTL=$PLUG_BUILD_DIR/app/cli/plugboardctl
export PLUG_FAKE_MODEM=$PLUG_BUILD_DIR/tests/fixtures/plug-fake-modem

. "$PLUG_SOURCE_DIR/tests/tap.sh"

# as_tester COMMAND…: run COMMAND as the test user with a clean
# environment that only knows the test system bus.
as_tester () {
  local extra=()
  local name
  for name in ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS G_DEBUG G_MESSAGES_DEBUG LANGUAGE PLUG_PROVIDER_DATABASE; do
    [ -n "${!name:-}" ] && extra+=("$name=${!name}")
  done
  runuser -u "$PLUG_TEST_USER" -- env -i \
    PATH=/usr/local/bin:/usr/bin:/bin \
    HOME="$(getent passwd "$PLUG_TEST_USER" | cut -d: -f6)" \
    LANG=C.UTF-8 \
    DBUS_SYSTEM_BUS_ADDRESS="$DBUS_SYSTEM_BUS_ADDRESS" \
    "${extra[@]}" \
    "$@"
}

# On failure the daemons' logs go to the test log.
finish () {
  if [ $tap_failed -gt 0 ]; then
    PLUG_STACK_LOG_LINES=60 "$PLUG_STACK" logs "$PLUG_STACK_DIR" >"$PLUG_STACK_DIR/logs.txt" 2>&1
  fi
  finish_tap "$PLUG_STACK_DIR/logs.txt"
}

# The test hooks of the operations (PLUG_TEST_*_PAUSE_FILE, which pause an
# operation at the moment a test must act) exist in development builds
# only (-Dprofile=development, as build-aux/run-tests builds).
has_test_hooks () { grep -q '^#define DEVELOPMENT_BUILD 1$' "$PLUG_BUILD_DIR/config.h"; }

# skip DESCRIPTION: a TAP line for what this build cannot test, counted
# as skipped, not as passed.
skip () {
  tap_count=$((tap_count + 1))
  echo "ok $tap_count # SKIP $(one_line "$@")"
}
