# lib-steps.sh: what build-aux/run-app and build-aux/demo share: a step
# that says what failed. Sourced, with STEP_PREFIX set to the program's
# name ("run-app").
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

fail () { echo "$STEP_PREFIX: $*" >&2; exit 1; }

# run_step WHAT COMMAND…: runs COMMAND with its output in a log; when it
# fails, prints the log's last lines and what failed, and exits 1.
run_step () {
  local what=$1; shift
  local log
  log=$(mktemp)
  if ! "$@" >"$log" 2>&1; then
    tail -n 40 "$log" >&2
    rm -f "$log"
    fail "$what failed (the lines above are the end of its output)"
  fi
  rm -f "$log"
}
