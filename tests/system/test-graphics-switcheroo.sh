#!/bin/bash
# test-graphics-switcheroo.sh: the real switcheroo-control on the hybrid laptop
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# switcheroo-control (the distribution's daemon, not a stand-in) runs as
# root on the stack's bus, under umockdev with the hybrid Intel + NVIDIA
# fixture, and finds the two GPUs through udev as it would on the laptop.
# plugboardctl, as the test user under the same fixture, must report which
# GPU is the default, the environment that starts an app on the other,
# and run each GPU's renderer probe with that environment.

. "$(dirname "$0")/lib.sh"

SWITCHEROO=/usr/libexec/switcheroo-control
FIXTURES=$PLUG_SOURCE_DIR/tests/fixtures
MODULES=$PLUG_BUILD_DIR/tests/unit/gpu-modules/lib/modules/6.1.0-plug
PROBE=$PLUG_BUILD_DIR/app/probe/plugboard-renderer-probe
INTEL=0000:00:0a.0
NVIDIA=0000:01:00.0

if [ ! -x "$SWITCHEROO" ]; then
  echo "1..0 # SKIP switcheroo-control is not installed (build-aux/install-deps --tests)"
  exit 77
fi

# See tests/fixtures/gpus/umockdev-wrapper: umockdev's preload library
# comes before AddressSanitizer's runtime.
if ldd "$PLUGBOARDCTL" 2>/dev/null | grep 'libasan\.so' >/dev/null; then
  export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
fi

work=$(mktemp -d /tmp/plug-test-switcheroo.XXXXXX)
chmod 755 "$work"
switcheroo_pid=
stop_switcheroo () {
  [ -n "$switcheroo_pid" ] || return 0
  kill -TERM "$switcheroo_pid" 2>/dev/null
  wait "$switcheroo_pid" 2>/dev/null
  switcheroo_pid=
}
trap 'stop_switcheroo; rm -rf "$work"' EXIT

# A root for what udev does not describe; readable by the test user.
root=$work/root
mkdir -p "$root/proc" "$root/sys/power"
echo 'BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro quiet' >"$root/proc/cmdline"
chmod -R a+rX "$work"

# status [OPTION…]: plugboardctl graphics status as the test user, under
# the fixture. The GPUs are made up, so Mesa is told to render in
# software: the machine's own GPU must not answer for them.
status () {
  as_tester env PLUGBOARD_RENDERER_PROBE="$PROBE" LIBGL_ALWAYS_SOFTWARE=1 \
    umockdev-run -d "$FIXTURES/gpus/hybrid-nouveau.umockdev" -- \
    "$PLUGBOARDCTL" graphics status --root "$root" --modules-directory "$MODULES" "$@"
}
expect () { check "$1" jq_e "$2" <"$work/status.json"; }

"$PLUG_STACK" bus-policy "$PLUG_STACK_DIR" /usr/share/dbus-1/system.d/net.hadess.SwitcherooControl.conf

# --- without switcheroo-control ---------------------------------------------

status --json >"$work/status.json" 2>"$work/status.err"
check "without switcheroo-control: exit 0" test $? = 0
expect "... dual_gpu is null (not known), not false" '.dual_gpu == null'
expect "... no launch environment for either GPU" '[.gpus[].launch_environment] == [null, null]'

# --- with it ------------------------------------------------------------------

umockdev-run -d "$FIXTURES/gpus/hybrid-nouveau.umockdev" -- "$SWITCHEROO" >"$work/switcheroo.log" 2>&1 &
switcheroo_pid=$!
check "switcheroo-control starts under the fixture and owns its name" \
  timeout 15 gdbus wait --system --timeout 10 net.hadess.SwitcherooControl

status --json >"$work/status.json" 2>"$work/status.err"
check "with switcheroo-control: exit 0" test $? = 0
expect "it says the machine has two GPUs" '.dual_gpu.has_dual_gpu == true'
expect "the Intel GPU is the default, matched to its slot" \
  '.dual_gpu.gpus[0] == {name: "Intel Corporation TigerLake-LP GT2 [Iris Xe Graphics]",
                         pci_slot: "'$INTEL'", default: true, environment: ["DRI_PRIME=pci-0000_00_0a_0"]}'
expect "the NVIDIA GPU is the other, with the DRI_PRIME that starts an app on it" \
  '.dual_gpu.gpus[1] == {name: "NVIDIA Corporation TU117M",
                         pci_slot: "'$NVIDIA'", default: false, environment: ["DRI_PRIME=pci-0000_01_00_0"]}'
expect "each GPU carries its launch environment" \
  '[.gpus[] | {pci_slot, launch_environment}] == [
     {pci_slot: "'$INTEL'", launch_environment: ["DRI_PRIME=pci-0000_00_0a_0"]},
     {pci_slot: "'$NVIDIA'", launch_environment: ["DRI_PRIME=pci-0000_01_00_0"]}]'
expect "the renderer probe ran for both GPUs" '[.gpus[].renderer | type] == ["string", "string"]'
expect "the kernel's facts decide the kind before switcheroo-control's view" \
  '[.gpus[] | [.integrated, .integrated_source]] == [[true, "kernel"], [false, "kernel"]]'

text=$(status 2>&1)
check "text: the default GPU is named" grep -qF 'Dual GPU: apps run on Intel Corporation TigerLake-LP GT2 [Iris Xe Graphics] by default' <<<"$text"
check "text: the other can be launched on, as GNOME offers it" \
  grep -qF 'apps can be started on NVIDIA Corporation TU117M (“Launch using Discrete Graphics”)' <<<"$text"

stop_switcheroo

# --- two AMD cards, of a kind the kernel's facts do not tell -----------------

# A desktop's two Radeon HD 7970s, the one at 03:00.0 showing the boot
# display: switcheroo-control calls it the default, which says nothing of
# its kind; the other one is what GNOME offers as "Discrete Graphics".
two_cards=(-d "$FIXTURES/gpus/amd-tahiti-radeon.umockdev" -d "$FIXTURES/gpus/amd-second-card.umockdev")
umockdev-run "${two_cards[@]}" -- "$SWITCHEROO" >"$work/switcheroo.log" 2>&1 &
switcheroo_pid=$!
check "switcheroo-control starts under the two cards" \
  timeout 15 gdbus wait --system --timeout 10 net.hadess.SwitcherooControl
as_tester env PLUGBOARD_RENDERER_PROBE="$PROBE" LIBGL_ALWAYS_SOFTWARE=1 \
  umockdev-run "${two_cards[@]}" -- \
  "$PLUGBOARDCTL" graphics status --json --root "$root" --modules-directory "$MODULES" \
  >"$work/status.json" 2>"$work/status.err"
check "two cards: exit 0" test $? = 0
expect "switcheroo-control says two GPUs, the first the default" \
  '.dual_gpu.has_dual_gpu and ([.dual_gpu.gpus[] | [.pci_slot, .default]] == [["0000:03:00.0", true], ["0000:04:00.0", false]])'
expect "the other one is discrete, by switcheroo-control's view" \
  '.gpus[1] | .pci_slot == "0000:04:00.0" and .integrated == false and .integrated_source == "switcheroo"'
expect "the default is not called integrated: unknown" \
  '.gpus[0] | .pci_slot == "0000:03:00.0" and .integrated == null and .integrated_source == null'
stop_switcheroo

if [ $tap_failed -gt 0 ]; then
  diag "----- switcheroo-control -----" "$(cat "$work/switcheroo.log")"
  diag "----- plugboardctl -----" "$(cat "$work/status.err")"
fi
finish
