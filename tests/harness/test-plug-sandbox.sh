#!/bin/bash
# test-plug-sandbox.sh: check what tests/harness/plug-sandbox shows inside.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage (as root): tests/harness/test-plug-sandbox.sh
#
# Needs bubblewrap, xdg-dbus-proxy, dbus-daemon, gdbus and python3-gi. It
# starts a bus of its own, on a socket in a temporary folder, with two
# small services on it, and stops them when it ends; it starts no system
# daemon. The user inside is nobody (PLUG_SANDBOX_TEST_USER to change it).
# Prints TAP.

set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$HERE/../tap.sh"
SANDBOX=$HERE/plug-sandbox
PYTHON=/usr/bin/python3
TEST_USER=${PLUG_SANDBOX_TEST_USER:-nobody}

if [ "$(id -u)" != 0 ]; then
  echo "1..0 # SKIP plug-sandbox runs bwrap as root"
  exit 0
fi
for tool in bwrap xdg-dbus-proxy dbus-daemon gdbus; do
  if ! command -v "$tool" >/dev/null; then
    echo "1..0 # SKIP $tool is missing"
    exit 0
  fi
done

work=$(mktemp -d /tmp/test-plug-sandbox.XXXXXX)
chmod 0755 "$work"
pids=()
cleanup ()
{
  local pid
  for pid in "${pids[@]}"; do
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  done
  rm -rf "$work"
}
trap cleanup EXIT

# --- A bus of our own, with a service the manifest lets the app talk to
# and one it does not.

cat >"$work/bus.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$work/bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/>
    <allow own="*"/>
    <allow send_destination="*"/>
    <allow receive_sender="*"/>
  </policy>
</busconfig>
EOF
dbus-daemon --config-file="$work/bus.conf" --nofork >"$work/bus.log" 2>&1 &
pids+=($!)
bus=unix:path=$work/bus
wait_until 10 test -S "$work/bus" || { echo "Bail out! the test bus did not start"; exit 1; }

service ()
{
  DBUS_SYSTEM_BUS_ADDRESS=$bus "$PYTHON" - "$1" <<'EOF' >>"$work/services.log" 2>&1 &
import sys
from gi.repository import Gio, GLib

loop = GLib.MainLoop()
Gio.bus_own_name(Gio.BusType.SYSTEM, sys.argv[1], Gio.BusNameOwnerFlags.NONE,
                 None, None, lambda *a: loop.quit())
loop.run()
EOF
  pids+=($!)
}
service org.freedesktop.UDisks2
service org.example.Other
names ()
{
  DBUS_SYSTEM_BUS_ADDRESS=$bus gdbus call --system --dest org.freedesktop.DBus \
    --object-path /org/freedesktop/DBus --method org.freedesktop.DBus.ListNames
}
both_named ()
{
  local n
  n=$(names) && [[ "$n" == *"'org.freedesktop.UDisks2'"* && "$n" == *"'org.example.Other'"* ]]
}
wait_until 10 both_named || { echo "Bail out! the test services did not start"; exit 1; }

# --- A fixture standing in for the host's root.

root=$work/host
mkdir -p "$root/sys/power" "$root/sys/module/kmod" "$root/sys/firmware/acpi" \
  "$root/sys/kernel" "$root/sys/class/drm/card0/device" "$root/sys/devices/pci0000:00" \
  "$root/sys/bus/pci" "$root/sys/dev/char" "$root/lib/modules/6.1.0" \
  "$root/etc/modprobe.d" "$root/proc" "$root/dev/dri" "$root/usr/lib" \
  "$root/run/media/user" "$root/run/udev/data" "$root/media"
echo 'freeze mem disk' >"$root/sys/power/state"
echo 'blacklist nouveau' >"$root/etc/modprobe.d/nouveau.conf"
echo 'quiet splash' >"$root/proc/cmdline"
echo 0x10de >"$root/sys/class/drm/card0/device/vendor"
touch "$root/dev/dri/renderD128" "$root/dev/null" "$root/lib/modules/6.1.0/modules.dep"

# --- Inside.

lacks () { [[ "$2" != *"$1"* ]]; }

# in_sandbox SCRIPT: run a shell script inside, as the test user, with the
# test bus as the system bus and the fixture as host root.
in_sandbox ()
{
  TMPDIR=$work "$SANDBOX" --user "$TEST_USER" --system-bus "$bus" \
    --host-root "$root" -- /bin/sh -c "$1"
}

out=$(in_sandbox 'ls /sys' | tr '\n' ' ')
check "/sys has only the folders Flatpak shares (got: $out)" \
  test "$out" = "block bus class dev devices "

out=$(in_sandbox 'cat /.flatpak-info')
check "/.flatpak-info names the app" grep -qx 'name=io.github.plugboard.Plugboard' <<<"$out"
check "/.flatpak-info has the manifest's permissions" \
  grep -qx 'filesystems=/run/media;/media;' <<<"$out"
check "/.flatpak-info has the system bus policy" \
  grep -qx 'org.freedesktop.UDisks2=talk' <<<"$out"

check "/etc has the runtime's files" \
  in_sandbox 'test -e /etc/ld.so.cache && test -e /etc/passwd && test -e /etc/nsswitch.conf'
for name in fstab hostname modprobe.d sudoers dbus-1 udev; do
  check "/etc has no host /etc/$name" in_sandbox "test ! -e /etc/$name"
done

uid=$(id -u "$TEST_USER")
check "the command runs as $TEST_USER" test "$(in_sandbox 'id -u')" = "$uid"
check "/etc/passwd knows $TEST_USER" \
  test "$(in_sandbox "id -un")" = "$TEST_USER"
check "no capabilities inside" in_sandbox 'grep -q "^CapEff:[[:space:]]*0*$" /proc/self/status'

check "container=flatpak and FLATPAK_ID are set" \
  in_sandbox 'test "$container" = flatpak && test "$FLATPAK_ID" = io.github.plugboard.Plugboard'
check "the environment is Flatpak's" \
  in_sandbox 'test "$PATH" = /app/bin:/usr/bin && test "$XDG_RUNTIME_DIR" = /run/user/$(id -u)'
check "XDG_RUNTIME_DIR and the app's data folder are writable" \
  in_sandbox 'touch "$XDG_RUNTIME_DIR/x" "$XDG_DATA_HOME/x" /tmp/x'
check "/dev has no disks" in_sandbox 'test -e /dev/null && ! ls /dev | grep -q "^sd\|^loop\|^nvme"'
check "/run/udev is not shared" in_sandbox 'test ! -e /run/udev'
check "/usr is read-only" in_sandbox '! touch /usr/plug-sandbox-test 2>/dev/null'

# The fixture host root.
check "host root: /sys/class is there" \
  in_sandbox "grep -qx 0x10de $root/sys/class/drm/card0/device/vendor"
check "host root: /proc is there" in_sandbox "grep -q splash $root/proc/cmdline"
check "host root: the render node is there" in_sandbox "test -e $root/dev/dri/renderD128"
check "host root: /run/media is there" in_sandbox "test -d $root/run/media/user"
for hidden in sys/power sys/module sys/firmware sys/kernel etc lib/modules usr run/udev; do
  check "host root: $hidden is hidden" in_sandbox "test ! -e $root/$hidden"
done

# The system bus, filtered.
check "the system bus is at /run/dbus/system_bus_socket" \
  in_sandbox 'test "$DBUS_SYSTEM_BUS_ADDRESS" = unix:path=/run/dbus/system_bus_socket && test -S /run/dbus/system_bus_socket'
check "a --system-talk-name answers" \
  in_sandbox 'gdbus call --system --dest org.freedesktop.UDisks2 --object-path / --method org.freedesktop.DBus.Peer.Ping'
check "another name does not answer" \
  in_sandbox '! gdbus call --system --dest org.example.Other --object-path / --method org.freedesktop.DBus.Peer.Ping'
out=$(in_sandbox 'gdbus call --system --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus --method org.freedesktop.DBus.ListNames')
check "ListNames shows the talk name (got: $out)" grep -q "'org.freedesktop.UDisks2'" <<<"$out"
check "ListNames hides the other name" lacks "'org.example.Other'" "$out"

# Status, cleaning up.
in_sandbox 'exit 7'
status=$?
check "the exit status is the command's (got $status)" test "$status" = 7
check "the proxy and the temporary folders are gone" \
  test -z "$(find "$work" -maxdepth 1 -name 'plug-sandbox.*')"
out=$(TMPDIR=$work "$SANDBOX" --no-system-bus -- true 2>&1)
check "nothing is printed on success (got: $out)" test -z "$out"

finish_tap "$work/bus.log" "$work/services.log"
