#!/bin/bash
# test-helper-limits.sh: what the helper asks polkit, and how many calls a caller may have waiting
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# One caller (one bus connection) may have at most three calls waiting
# (for polkit, or behind a change); more are refused with LimitsExceeded
# before polkit is asked, and another caller is served meanwhile. The
# authentication dialog names the GPU and the driver: polkit gets them as
# details, read by the helper itself (its debug log says what it asked).

. "$(dirname "$0")/lib.sh"

HELPER=$PLUG_BUILD_DIR/app/helper/plugboard-helper
FIXTURES=$PLUG_SOURCE_DIR/tests/fixtures
MODULES=$PLUG_BUILD_DIR/tests/unit/gpu-modules/lib/modules/6.1.0-plug
TAHITI=0000:03:00.0

# The helper logs the details it gives polkit.
HELPER_DEBUG=plugboard-helper
. "$(dirname "$0")/lib-helper.sh"
helper_test_bed limits 3

# calls N METHOD ARGUMENTS: N calls on one connection, all sent before
# any answer; prints one line per call: "ok" or the D-Bus error name.
calls () {
  as_tester /usr/bin/python3 - "$@" <<'PYTHON'
import sys
from gi.repository import Gio, GLib
n, method, args = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
bus = Gio.bus_get_sync(Gio.BusType.SYSTEM, None)
loop = GLib.MainLoop()
results = [None] * n
def done(connection, result, i):
    try:
        connection.call_finish(result)
        results[i] = "ok"
    except GLib.Error as error:
        results[i] = Gio.DBusError.get_remote_error(error) or error.message
    if all(r is not None for r in results):
        loop.quit()
for i in range(n):
    bus.call("io.github.plugboard.Helper", "/io/github/plugboard/Helper", "io.github.plugboard.Helper",
             method, GLib.Variant("(" + "s" * len(args) + ")", tuple(args)), None,
             Gio.DBusCallFlags.NONE, 60000, None, done, i)
loop.run()
print("\n".join(results))
PYTHON
}

root=$work/tahiti
check "the helper starts" start_helper amd-tahiti-radeon "$root"
results=$(calls 5 SetGpuDriver "$TAHITI" amdgpu)
check "five calls at once from one caller: three served, two refused ($(echo $results))" \
  test "$(grep -c '^ok$' <<<"$results"):$(grep -c '^org.freedesktop.DBus.Error.LimitsExceeded$' <<<"$results")" = 3:2
check "... the refusal says why" grep -q "Refused SetGpuDriver from .*: 3 calls of it are waiting already" "$work/helper.log"
asked=$(grep -c "Asking polkit about io.github.plugboard.set-gpu-driver" "$work/helper.log")
check "... and polkit was asked only for the three ($asked)" test "$asked" = 3
results=$(calls 3 GetDriverChoices)
check "once answered, the caller may call again: three at once are served ($(echo $results))" \
  test "$(grep -c '^ok$' <<<"$results")" = 3
check "polkit is told the GPU's name and slot for the dialog" \
  grep -qF "Asking polkit about io.github.plugboard.set-gpu-driver for" "$work/helper.log"
check "... as the helper read it: Tahiti XT and its slot" \
  grep -qF "Tahiti XT [Radeon HD 7970/8970 OEM / R9 280X] ($TAHITI)" "$work/helper.log"
check "revert" call RevertGpuDriver "$TAHITI"
stop_helper
check "the helper exits cleanly (status $helper_status)" test "$helper_status" = 0

if [ $tap_failed -gt 0 ]; then
  diag "----- helper log -----"
  grep -v "^umockdev" "$work/helper.log" | sed 's/^/# /' | head -n 30
  sed 's/^/# /' "$work/helper.log" | tail -n 40
fi
finish
