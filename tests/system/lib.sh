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
# The test user's disk images live in a folder of its own: the lanes of
# build-aux/run-tests run at the same time, each as its own user, and a
# test hashes "every other image" of its folder before and after it
# changes one, or clears its folder of what an earlier test left.
PLUG_IMAGES_DIR=$PLUG_STACK_DIR/images/$PLUG_TEST_USER
mkdir -p "$PLUG_IMAGES_DIR"
chmod 1777 "$PLUG_IMAGES_DIR"
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

# --- a person at a terminal ------------------------------------------------
# terminal_start COMMAND: runs COMMAND (a shell command line) as the test
# user on a terminal of its own (script gives it one), in the background;
# what it writes goes to $terminal_output. terminal_asked TEXT: it has
# written TEXT. terminal_answer LINE: types LINE and Enter, then waits for
# the command to end; sets terminal_status and terminal_text (what it
# wrote, without carriage returns). Typing only once the question is
# there is how a person answers, and the only way a prompt that turns the
# echo off sees the answer: typed ahead, it is dropped.
terminal_output=$PLUG_STACK_DIR/terminal-$$.out
terminal_start () {
  local fifo=$PLUG_STACK_DIR/terminal-$$.in
  rm -f "$fifo" "$terminal_output"
  mkfifo -m 600 "$fifo"
  as_tester script -qec "$1" /dev/null <"$fifo" >"$terminal_output" 2>&1 &
  terminal_pid=$!
  exec {terminal_in}>"$fifo"
  rm -f "$fifo"
}
terminal_asked () { grep -qF -- "$1" "$terminal_output" 2>/dev/null; }
terminal_answer () {
  printf '%s\n' "$1" >&"$terminal_in" 2>/dev/null
  exec {terminal_in}>&-
  wait "$terminal_pid"
  terminal_status=$?
  terminal_text=$(tr -d '\r' <"$terminal_output")
}

# udisksd_stalled: true when the stack's udisksd does not answer a ping
# within 20 s. Then the test log gets what it was doing: every thread's
# backtrace (gdb), each thread's kernel wait channel, and whether udevd
# still has events queued (udisksd waits for udev before it answers a
# loop set-up). A load test calls this when a udisks call fails, so that
# a hung daemon fails the test at once, with its cause in the log, instead
# of at the test's timeout.
udisksd_stalled () {
  timeout 20 gdbus call --system -d org.freedesktop.UDisks2 \
    -o /org/freedesktop/UDisks2/Manager -m org.freedesktop.DBus.Peer.Ping >/dev/null 2>&1 &&
    return 1
  local pid task
  read -r pid _ <"$PLUG_STACK_DIR/pids/udisksd" 2>/dev/null || pid=
  diag "udisksd ($pid) did not answer a ping within 20 s"
  [ -n "$pid" ] && [ -d "/proc/$pid" ] || { diag "udisksd is not running"; return 0; }
  for task in /proc/"$pid"/task/*; do
    diag "thread ${task##*/} $(cat "$task/comm" 2>/dev/null): state $(awk '{ print $3 }' "$task/stat" 2>/dev/null), waiting in $(cat "$task/wchan" 2>/dev/null)"
  done
  if timeout 5 udevadm settle --timeout=0 >/dev/null 2>&1; then
    diag "udevd has no events queued"
  else
    diag "udevd still has events queued"
  fi
  if command -v gdb >/dev/null; then
    timeout 60 gdb -p "$pid" -batch -ex 'thread apply all bt' 2>&1 |
      grep -E '^(Thread|#)' | head -n 150 | sed 's/^/# /'
  fi
  return 0
}
