# tap.sh: TAP output for the shell-script tests. Sourced, not run.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

tap_count=0
tap_failed=0

# A TAP description is one line; a multi-line message is folded.
one_line () { printf '%s' "$*" | tr '\n#' ' _'; }

ok () {
  tap_count=$((tap_count + 1))
  echo "ok $tap_count - $(one_line "$@")"
}

not_ok () {
  tap_count=$((tap_count + 1))
  tap_failed=$((tap_failed + 1))
  echo "not ok $tap_count - $(one_line "$@")"
}

# check DESCRIPTION COMMAND…: one TAP line from a command's exit status.
# What the command prints goes to stderr (the test log), not into the TAP
# stream.
check () {
  local description=$1; shift
  if "$@" >&2; then ok "$description"; else not_ok "$description"; fi
}

diag () { printf '# %s\n' "$@"; }

# jq_e ARG… <INPUT: jq -e ARG… on standard input, failing when the input is
# empty or only white space. jq 1.6's -e exits 0 when it reads no value at
# all, so a command that printed nothing would pass any filter.
jq_e () {
  local input
  input=$(cat) || return 1
  if [ -z "${input//[[:space:]]/}" ]; then
    echo "jq_e: no input for the filter (jq -e $*)" >&2
    return 1
  fi
  jq -e "$@" <<<"$input"
}

# wait_until SECONDS COMMAND…: poll COMMAND every 0.1 s until it succeeds.
wait_until () {
  local seconds=$1; shift
  local tries=$((seconds * 10))
  while [ $tries -gt 0 ]; do
    "$@" >/dev/null 2>&1 && return 0
    sleep 0.1
    tries=$((tries - 1))
  done
  return 1
}

# finish_tap [LOG…]: the plan line; on failure the logs go to the test log.
finish_tap () {
  echo "1..$tap_count"
  if [ $tap_failed -gt 0 ]; then
    diag "$tap_failed of $tap_count failed"
    local log
    for log in "$@"; do
      [ -f "$log" ] || continue
      diag "----- $log -----"
      tail -n 60 "$log" | sed 's/^/# /'
    done
    exit 1
  fi
  exit 0
}
