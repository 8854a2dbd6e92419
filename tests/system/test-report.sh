#!/bin/bash
# test-report.sh: plugboardctl report, every panel in one text, on the real daemons
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"

PROBE=$PLUG_BUILD_DIR/app/probe/plugboard-renderer-probe
report () { as_tester env PLUGBOARD_RENDERER_PROBE="$PROBE" "$PLUGBOARDCTL" report "$@"; }

text=$(report 2>&1)
status=$?
check "report: exit 0 with every daemon up ($status)" test "$status" = 0
check "it names the version and the system" grep -qE '^Plugboard [0-9.]+(-[0-9a-f]+)? report$' <<<"$text"
check "the sections come in the panels' order" eval '[ "$(grep "^== " <<<"$text" | tr "\n" "|")" = \
  "== System services ==|== Drives ==|== Mobile broadband modems ==|== Mobile broadband connections ==|== Graphics ==|" ]'
check "the services section is plugboardctl status's" grep -qE '^udisks2 +Running, version' <<<"$text"
check "the graphics section says whether the machine can suspend" grep -qE '^Suspend: ' <<<"$text"
# The displays are the kernel's connectors on this machine, whatever it has.
connected=$(cat /sys/class/drm/card*-*/status 2>/dev/null | grep -cx connected)
displays=$(sed -n '/^== Graphics ==/,/^Suspend: /p' <<<"$text" | sed -n '/^Displays:$/,/^$/p' | sed '1d;/^$/d')
if [ "$connected" -eq 0 ]; then
  check "the graphics section says no display is connected (as sysfs)" \
    test "$displays" = "  No display connected"
else
  check "the graphics section lists the $connected connected display(s) sysfs lists" \
    test "$(grep -c ' modes\? offered$' <<<"$displays")" -eq "$connected"
fi

json=$(report --json 2>&1)
status=$?
check "report --json: exit 0 ($status)" test "$status" = 0
check "report --json: one object with every section" \
  jq_e 'keys == ["connections","drives","graphics","modems","services","system","version"]' <<<"$json"
check "report --json: the sections are the subcommands' JSON" \
  jq_e '(.services.services | type == "array") and (.graphics.gpus | type == "array") and
         (.graphics.power.suspend | has("possible"))' <<<"$json"
check "report --json: one display per drm connector in sysfs" \
  jq_e --argjson n "$(ls -d /sys/class/drm/card*-* 2>/dev/null | wc -l)" \
    '(.graphics.displays | type == "array") and (.graphics.displays | length == $n)' <<<"$json"

# udisks stopped: its section says why, the rest is still there, exit 1.
"$PLUG_STACK" stop "$PLUG_STACK_DIR" udisksd >/dev/null 2>&1
text=$(report 2>&1)
status=$?
"$PLUG_STACK" start "$PLUG_STACK_DIR" udisksd >/dev/null 2>&1
check "without udisks: exit 1 ($status)" test "$status" = 1
check "... the drives section says it could not be read" \
  eval 'sed -n "/^== Drives ==/,/^== /p" <<<"$text" | grep -q "^Could not be read: "'
check "... and the graphics section is still there" grep -q '^== Graphics ==' <<<"$text"

finish
