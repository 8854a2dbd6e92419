#!/bin/bash
# test-graphics-switch.sh: switching a GPU's driver from the Graphics panel,
# through the real plugboard-helper and polkitd; and the dual-GPU group
# from the real switcheroo-control; what the check at the next start undid.
# Screenshots in $PLUG_BUILD_DIR/screenshots.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Needs the daemons (PLUG_STACK_DIR): the app runs as the test user, and
# polkit decides. As in tests/system/test-helper.sh, the helper runs as
# root under umockdev with the Radeon HD 7970 fixture, a temporary root
# and a fake initramfs tool; switcheroo-control runs as root under the
# hybrid laptop's fixture. The app runs under the same fixture as each.

set -uo pipefail
. "$PLUG_SOURCE_DIR/tests/tap.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"

if [ -z "${PLUG_STACK_DIR:-}" ] || [ ! -f "$PLUG_STACK_DIR/env" ] || [ ! -x "$PLUG_BUILD_DIR/app/helper/plugboard-helper" ]; then
  echo "1..0 # SKIP needs the real daemons (PLUG_STACK_DIR) and the bundled helper"
  exit 77
fi
. "$PLUG_STACK_DIR/env"

PLUGBOARD=$PLUG_BUILD_DIR/app/shell/plugboard
HELPER=$PLUG_BUILD_DIR/app/helper/plugboard-helper
PLUG_STACK=$PLUG_SOURCE_DIR/tests/harness/plug-stack
fixtures=$PLUG_SOURCE_DIR/tests/fixtures
modules=$PLUG_BUILD_DIR/tests/unit/gpu-modules/lib/modules/6.1.0-plug
shots=$PLUG_BUILD_DIR/screenshots
mkdir -p "$shots"
TAHITI=0000:03:00.0

if ldd "$PLUGBOARD" 2>/dev/null | grep 'libasan\.so' >/dev/null; then
  export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
fi

daemon_pid=
stop_daemon () {
  [ -n "$daemon_pid" ] || return 0
  local pid
  for pid in $(descendants "$daemon_pid") "$daemon_pid"; do kill -TERM "$pid" 2>/dev/null; done
  wait "$daemon_pid" 2>/dev/null
  daemon_pid=
}
trap 'stop_daemon; gui_cleanup' EXIT

start_xvfb

new_root () {
  local root=$GUI_DIR/roots/$1
  mkdir -p "$root/usr/share/misc" "$root/proc" "$root/sys/power"
  cp "$fixtures/gpus/pci.ids" "$root/usr/share/misc/pci.ids"
  echo 'BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro quiet' >"$root/proc/cmdline"
  chmod -R a+rX "$GUI_DIR/roots"
  echo "$root"
}

window_id () { xdotool search --onlyvisible --name '^Plugboard$' 2>/dev/null | head -n 1; }
shoot () { import -display "$DISPLAY" -window root "$shots/graphics-switch-$1.png"; }

# The app's own process: other lanes run apps of the same name meanwhile.
app_process () {
  local pid
  for pid in $(descendants "$app_pid"); do
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = plugboard ] && echo "$pid"
  done | tail -n 1
}

# Keys go to the window under the pointer (no window manager): point at
# the newest of the app's windows, a dialog when one is open.
point_at_newest () {
  local id
  id=$(xdotool search --onlyvisible --pid "$(app_process)" 2>/dev/null | tail -n 1)
  [ -n "$id" ] || id=$(window_id)
  eval "$(xdotool getwindowgeometry --shell "$id")"
  xdotool mousemove $((X + WIDTH / 2)) $((Y + HEIGHT / 2))
}
key () { point_at_newest; xdotool key "$@"; sleep 0.8; }
# The app's visible windows: 2 while a dialog is open over the panel.
app_windows () { xdotool search --onlyvisible --pid "$(app_process)" 2>/dev/null | wc -l; }

show () {
  run_gui env PLUG_TEST_SYSFS_ROOT="$2" PLUG_TEST_MODULES_DIRECTORY="$modules" \
    PLUGBOARD_RENDERER_PROBE="$PLUG_BUILD_DIR/app/probe/plugboard-renderer-probe" LIBGL_ALWAYS_SOFTWARE=1 \
    umockdev-run -d "$fixtures/gpus/$1.umockdev" -- "$PLUGBOARD" --panel=graphics
  wait_first_frame 30
  check "$1: the panel draws its first frame" test -s "$GUI_DIR/first-frame"
  sleep 2
}

copy_report () {
  key alt+c
  gui_command xclip -selection clipboard -o >"$GUI_DIR/$1.report" 2>/dev/null
  check "$1: Copy Report put text on the clipboard" test -s "$GUI_DIR/$1.report"
}
expect () { check "$1: the report says $2" grep -qF -- "$3" "$GUI_DIR/$1.report"; }

conf=
nothing_written () { [ ! -e "$conf" ]; }

# --- switching the Radeon HD 7970 to amdgpu and back -----------------------

"$PLUG_STACK" bus-policy "$PLUG_STACK_DIR" "$PLUG_SOURCE_DIR/app/helper/io.github.plugboard.Helper.conf"
"$PLUG_STACK" polkit-action "$PLUG_STACK_DIR" "$PLUG_BUILD_DIR/app/helper/io.github.plugboard.Helper.policy"
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

helper_root=$GUI_DIR/helper-root
mkdir -p "$helper_root/etc/modprobe.d"
conf=$helper_root/etc/modprobe.d/plugboard-gpu.conf
printf '#!/bin/sh\n[ ! -e "%s/initramfs-fail" ]\n' "$GUI_DIR" >"$GUI_DIR/initramfs-tool"
chmod 755 "$GUI_DIR/initramfs-tool"
umockdev-run -d "$fixtures/gpus/amd-tahiti-radeon.umockdev" -- \
  "$HELPER" --root "$helper_root" --modules-directory "$modules" --initramfs-tool "$GUI_DIR/initramfs-tool" \
  --timeout 120 >"$GUI_DIR/helper.log" 2>&1 &
daemon_pid=$!
check "the helper runs on the test bus" timeout 15 gdbus wait --system --timeout 10 io.github.plugboard.Helper

root=$(new_root tahiti)
show amd-tahiti-radeon "$root"
shoot ready

key alt+d
shoot choose
check "Alt+D opens the driver dialog ($(app_windows) windows)" test "$(app_windows)" = 2
key Return
check "Enter in the driver dialog is Cancel: nothing written" nothing_written
check "… and the dialog closed ($(app_windows) windows)" test "$(app_windows)" = 1

key alt+d
key alt+n
shoot confirm
check "Next opens the confirmation ($(app_windows) windows)" test "$(app_windows)" = 2
key Return
check "Enter in the confirmation is Cancel: nothing written" nothing_written
check "… and the confirmation closed ($(app_windows) windows)" test "$(app_windows)" = 1

key alt+d
key alt+n
key alt+u
wait_until 10 test -e "$conf"
check "Use amdgpu: the helper wrote exactly the expected file" cmp -s "$conf" "$fixtures/helper/tahiti-amdgpu.conf"
sleep 1
shoot restart
copy_report switched
expect switched "amdgpu from the next start" 'Driver choice: amdgpu from the next start (restart to use it)'

# What the check at the next start does if amdgpu does not start: go back
# (on for every new choice), or keep it: the helper's setting.
kept=$helper_root/var/lib/plugboard-helper/kept
is_kept () { grep -qx "$TAHITI" "$kept" 2>/dev/null; }
check "a new choice goes back if it does not start: nothing kept" test ! -e "$kept"
key alt+g
wait_until 10 is_kept
shoot keep-choice
check "Go Back If It Does Not Start, switched off by its mnemonic: the helper keeps the choice" is_kept
copy_report kept
expect kept "the choice is kept" 'Driver choice: amdgpu from the next start (restart to use it), kept even if it does not start'
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" deny
key alt+g
wait_until 10 test "$(app_windows)" = 2
shoot keep-choice-refused
check "polkit saying no: the panel says the setting was not changed ($(app_windows) windows)" test "$(app_windows)" = 2
check "… and the helper still keeps the choice" is_kept
key Return
check "… and the message closed ($(app_windows) windows)" test "$(app_windows)" = 1
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
key alt+g
wait_until 10 eval '! is_kept'
check "switched on again: the check goes back if amdgpu does not start" test ! -e "$kept"

# Restart: logind's Reboot, asked interactively so that polkit decides.
# The stack's logind is python3-dbusmock's template, which records the
# calls it gets (org.freedesktop.DBus.Mock.GetCalls) and reboots nothing.
reboots () {
  gdbus call --system --dest org.freedesktop.login1 --object-path /org/freedesktop/login1 \
    --method org.freedesktop.DBus.Mock.GetCalls 2>/dev/null | grep -o "'Reboot', \[<true>\]" | wc -l
}
if gdbus introspect --system --dest org.freedesktop.login1 --object-path /org/freedesktop/login1 2>/dev/null |
   grep -q 'interface org.freedesktop.DBus.Mock'; then
  reboots_before=$(reboots)
  key alt+r
  shoot restart-confirm
  key Return
  sleep 1
  check "Enter in the restart confirmation is Cancel: logind is not asked" test "$(reboots)" = "$reboots_before"
  key alt+r
  key alt+r
  wait_until 10 test "$(reboots)" -gt "$reboots_before"
  check "Restart: logind's Reboot was called, interactive ($reboots_before before, $(reboots) after)" \
    test "$(reboots)" = $((reboots_before + 1))
  check "Restart: the app is still running (the mock reboots nothing)" kill -0 "$app_pid"
else
  tap_count=$((tap_count + 1))
  echo "ok $tap_count # SKIP the Restart button needs the stack's dbusmock logind"
fi

key alt+u
wait_until 10 nothing_written
check "Undo: the helper put back no file, as before" nothing_written
sleep 1
shoot undone
copy_report undone
expect undone "drivers can be chosen again, none chosen" 'Driver choice: possible with plugboard-helper'

# The initramfs cannot be regenerated: the choice is written, and the
# panel says it will not take effect until a regeneration succeeds.
touch "$GUI_DIR/initramfs-fail"
key alt+d
key alt+n
key alt+u
wait_until 10 test -e "$conf"
sleep 1
key Escape
sleep 1
shoot initramfs-failed
copy_report initramfs-failed
expect initramfs-failed "the change will not take effect, and why" \
  'Driver choice: amdgpu chosen, but the change will not take effect at the next start: '"$GUI_DIR/initramfs-tool"
rm "$GUI_DIR/initramfs-fail"
key alt+u
wait_until 10 nothing_written
sleep 1
copy_report initramfs-undone
expect initramfs-undone "a successful regeneration clears it" 'Driver choice: possible with plugboard-helper'

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" deny
key alt+d
key alt+n
key alt+u
sleep 1
shoot denied
check "denied by polkit: nothing written" nothing_written
key Escape
check "the app is still running" kill -0 "$app_pid"
stop_gui
stop_daemon
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

# --- the check at this start went back to radeon -----------------------------

# The record plugboard-helper --check-boot leaves when amdgpu did not bind
# (tests/system/test-helper-check-boot.sh makes it so); the helper
# publishes it as BootCheck, and the Radeon's group says it.
mkdir -p "$helper_root/var/lib/plugboard-helper"
echo "amdgpu did not start on the GPU at $TAHITI; Plugboard went back to radeon" \
  >"$helper_root/var/lib/plugboard-helper/boot-check"
umockdev-run -d "$fixtures/gpus/amd-tahiti-radeon.umockdev" -- \
  "$HELPER" --root "$helper_root" --modules-directory "$modules" --initramfs-tool "$GUI_DIR/initramfs-tool" \
  --timeout 120 >"$GUI_DIR/helper-boot-check.log" 2>&1 &
daemon_pid=$!
check "the helper runs again, with the record of the check" \
  timeout 15 gdbus wait --system --timeout 10 io.github.plugboard.Helper
show amd-tahiti-radeon "$root"
shoot boot-check
copy_report boot-check
expect boot-check "what the check at this start undid, on the Radeon" \
  "Driver choice: possible with plugboard-helper; at this start, amdgpu did not start on the GPU at $TAHITI; Plugboard went back to radeon"
check "boot-check: the app is still running" kill -0 "$app_pid"
stop_gui
stop_daemon

# --- a choice for a GPU that is not connected --------------------------------

# amdgpu is chosen for the Radeon; then the helper and the app start on
# the Intel laptop (the Radeon unplugged, as an external GPU is). The
# panel lists the choice, read over AT-SPI, and its Undo reverts it
# through the helper, which asks polkit.
rm -f "$helper_root/var/lib/plugboard-helper/boot-check"
start_helper_on () {
  umockdev-run -d "$fixtures/gpus/$1.umockdev" -- \
    "$HELPER" --root "$helper_root" --modules-directory "$modules" --initramfs-tool "$GUI_DIR/initramfs-tool" \
    --timeout 120 >>"$GUI_DIR/helper-gone.log" 2>&1 &
  daemon_pid=$!
  timeout 15 gdbus wait --system --timeout 10 io.github.plugboard.Helper
}
check "gone: the helper runs with the Radeon there" start_helper_on amd-tahiti-radeon
check "gone: amdgpu is chosen for the Radeon" \
  $(gui_user_prefix) gdbus call --system --dest io.github.plugboard.Helper --object-path /io/github/plugboard/Helper \
    --method io.github.plugboard.Helper.SetGpuDriver "$TAHITI" amdgpu
stop_daemon
check "gone: the helper runs again with only the Intel GPU there" start_helper_on intel-i915
start_session_bus
GUI_A11Y=1 show intel-i915 "$(new_root intel-gone)"
a11y wait-app 20 >/dev/null
gone_row="GPU at $TAHITI"
check "gone: the panel lists the choice for the GPU that is not connected" \
  wait_until 15 window_says Plugboard "$gone_row"
check "… saying what was chosen" window_says Plugboard "amdgpu chosen; the GPU is not connected"
point_at_newest
for _ in $(seq 12); do xdotool click 5; done
sleep 0.8
shoot gone-choice
# Its Undo by its mnemonic: the Intel GPU, with no choice, offers none.
key alt+u
wait_until 15 nothing_written
check "gone: Undo reverted the choice through the helper: no file" nothing_written
# Read whole, and only where the panel was read at all (its Hibernate row).
gone_not_listed () {
  local texts
  texts=$(shown_texts Plugboard)
  grep -qF Hibernate <<<"$texts" && ! grep -qF -- "$gone_row" <<<"$texts"
}
check "… and the panel no longer lists it" wait_until 10 gone_not_listed
check "gone: the app is still running" kill -0 "$app_pid"
stop_gui
stop_daemon

# --- the hybrid laptop, with switcheroo-control ------------------------------

if [ -x /usr/libexec/switcheroo-control ]; then
  "$PLUG_STACK" bus-policy "$PLUG_STACK_DIR" /usr/share/dbus-1/system.d/net.hadess.SwitcherooControl.conf
  umockdev-run -d "$fixtures/gpus/hybrid-nouveau.umockdev" -- /usr/libexec/switcheroo-control \
    >"$GUI_DIR/switcheroo.log" 2>&1 &
  daemon_pid=$!
  check "switcheroo-control runs on the test bus" timeout 15 gdbus wait --system --timeout 10 net.hadess.SwitcherooControl

  root=$(new_root hybrid)
  show hybrid-nouveau "$root"
  point_at_newest
  for _ in $(seq 12); do xdotool click 5; done
  sleep 0.8
  shoot dual-gpu
  copy_report dual
  expect dual "the NVIDIA GPU runs on nouveau, open source" 'Driver: nouveau (Open Source)'
  expect dual "and nvidia is the other installed driver" 'Other installed drivers: nvidia'
  expect dual "the Intel GPU is the default" 'Default: Intel Corporation TigerLake-LP GT2 [Iris Xe Graphics]'
  expect dual "apps can be started on the NVIDIA GPU, and how" \
    'Apps can be started on: NVIDIA Corporation TU117M (DRI_PRIME=pci-0000_01_00_0)'
  stop_gui
  stop_daemon
fi

finish_tap "$GUI_DIR/app.log"
