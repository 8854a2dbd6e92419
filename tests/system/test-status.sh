#!/bin/bash
# test-status.sh: plugboardctl status sees the real daemons, as the test user.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"

json=$(as_tester "$PLUGBOARDCTL" status --json)
check "status --json exits 0" test $? = 0
is_json () { jq_e . <<<"$1" >/dev/null; }
check "status --json is JSON" is_json "$json"

service () { jq -r --arg id "$1" ".services[] | select(.id == \$id) | .$2" <<<"$json"; }

check "the system bus is reachable" test "$(jq -r .system_bus <<<"$json")" = true
for id in networkmanager modemmanager udisks2 polkit; do
  check "$id is running" test "$(service "$id" running)" = true
  version=$(service "$id" version)
  check "$id publishes a version ($version)" test -n "$version" -a "$version" != null
done

nm_version=$(as_tester nmcli --version | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | head -n 1)
check "NetworkManager's version is the daemon's ($nm_version)" test "$(service networkmanager version)" = "$nm_version"
udisks_version=$(as_tester gdbus call --system --dest org.freedesktop.UDisks2 \
                   --object-path /org/freedesktop/UDisks2/Manager \
                   --method org.freedesktop.DBus.Properties.Get org.freedesktop.UDisks2.Manager Version |
                 grep -oE "[0-9][0-9.]*")
check "udisks2's version is the daemon's ($udisks_version)" test "$(service udisks2 version)" = "$udisks_version"

# Nothing starts switcheroo-control or the helper here, and the test bus
# activates nothing: both are reported as not running.
for id in switcheroo-control plugboard-helper; do
  check "$id is reported as not running" test "$(service "$id" running)" = false
  check "$id is not available" test "$(service "$id" available)" = false
done

text=$(as_tester "$PLUGBOARDCTL" status)
check "status prints a line per service" test "$(wc -l <<<"$text")" -eq 6
check "status names NetworkManager's version" grep -q "NetworkManager *Running, version $nm_version" <<<"$text"

# ModemManager stopped: status says so, and says it again when it is back.
"$PLUG_STACK" mm-stop "$PLUG_STACK_DIR"
json=$(as_tester "$PLUGBOARDCTL" --json status)
check "a stopped ModemManager is reported as not running" test "$(service modemmanager running)" = false
check "its version is null" test "$(service modemmanager version)" = null
"$PLUG_STACK" mm-start "$PLUG_STACK_DIR"
json=$(as_tester "$PLUGBOARDCTL" --json status)
check "a restarted ModemManager is running again" test "$(service modemmanager running)" = true

# Usage errors exit 2, with the reason on stderr.
as_tester "$PLUGBOARDCTL" status extra-argument 2>/dev/null
check "an extra argument is a usage error (exit 2)" test $? = 2
as_tester "$PLUGBOARDCTL" no-such-command 2>/dev/null
check "an unknown command is a usage error (exit 2)" test $? = 2
as_tester "$PLUGBOARDCTL" --no-such-option status 2>/dev/null
check "an unknown option is a usage error (exit 2)" test $? = 2
version_text=$(as_tester "$PLUGBOARDCTL" --version)
check "--version names the program ($version_text)" grep -qE '^plugboardctl [0-9]+\.[0-9]+' <<<"$version_text"

finish
