#!/bin/bash
# test-graphics-panel.sh: the Graphics panel under Xvfb, on GPUs umockdev
# makes up: a hybrid Intel + NVIDIA laptop on the proprietary driver, an
# Intel iGPU alone, an AMD Radeon HD 7970 on radeon with amdgpu installed, the same card
# with no driver bound, the Radeon Xpress 200M on vesafb below its
# panel's native resolution, and (with the real daemons) logind refusing to
# hibernate. Checks that the panel draws, and that Copy Report puts the
# drivers on the clipboard.
# Screenshots in $PLUG_BUILD_DIR/screenshots.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The app runs under umockdev-run, which redirects udev and /sys/devices.
# What umockdev does not describe (/sys/module, /sys/power, /proc,
# modprobe.d, pci.ids) comes from a made-up root, and the installed drivers
# from the stub modules tests/unit/meson.build builds; the panel reads both
# through its test seams, PLUG_TEST_SYSFS_ROOT and
# PLUG_TEST_MODULES_DIRECTORY.

set -uo pipefail
. "$PLUG_SOURCE_DIR/tests/tap.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/lib-gpu-root.sh"

PLUGBOARD=$PLUG_BUILD_DIR/app/shell/plugboard
fixtures=$PLUG_SOURCE_DIR/tests/fixtures/gpus
modules=$PLUG_BUILD_DIR/tests/unit/gpu-modules/lib/modules/6.1.0-plug
shots=$PLUG_BUILD_DIR/screenshots
mkdir -p "$shots"

# umockdev's preload library has to come before AddressSanitizer's runtime
# (see tests/fixtures/gpus/umockdev-wrapper); run_gui passes ASAN_OPTIONS on.
if ldd "$PLUGBOARD" 2>/dev/null | grep 'libasan\.so' >/dev/null; then
  export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
fi

check "the stub kernel modules are built" test -d "$modules"

start_xvfb

# new_root NAME: a root with pci.ids, a command line and a machine that can
# suspend and hibernate; a case changes what it needs. Under $GUI_DIR, so
# that the app can read it when it runs as the test user.
new_root () {
  gpu_root "$GUI_DIR/roots/$1"
  chmod a+rx "$GUI_DIR/roots"
  echo "$GUI_DIR/roots/$1"
}

window_id () { xdotool search --onlyvisible --name '^Plugboard$' 2>/dev/null | head -n 1; }

# shoot NAME: the window alone, as a person would look at it.
shoot () {
  import -display "$DISPLAY" -window "$(window_id)" "$shots/graphics-$1.png"
}

# show FIXTURE ROOT: start the panel on the fixture's GPUs and wait until
# the readings are in (they run in worker threads after the first frame).
# $show_environment, if set, is more NAME=value words for the app.
# The renderer probe is the build's, and Mesa renders in software: the
# GPUs are made up, and the machine's own must not answer for them.
show () {
  run_gui env PLUG_TEST_SYSFS_ROOT="$2" PLUG_TEST_MODULES_DIRECTORY="$modules" \
    PLUGBOARD_RENDERER_PROBE="$PLUG_BUILD_DIR/app/probe/plugboard-renderer-probe" LIBGL_ALWAYS_SOFTWARE=1 \
    ${show_environment:-} umockdev-run -d "$fixtures/$1.umockdev" -- "$PLUGBOARD" --panel=graphics
  wait_first_frame 30
  check "$1: plugboard --panel=graphics draws its first frame" test -s "$GUI_DIR/first-frame"
  sleep 1.5
  check "$1: a window titled Plugboard is mapped" test -n "$(window_id)"
}

# copy_report FIXTURE: Copy Report through its mnemonic, as a keyboard user
# would (keys go through XTEST to the window under the pointer), then the
# clipboard as another X client reads it, into $GUI_DIR/FIXTURE.report.
# With "rendered", it copies again (20 s at most) until the report has the
# renderer probe's answer: the probe runs after the first frame, and on a
# loaded machine it answers seconds later.
copy_report () {
  local tries=1
  [ "${2:-}" = rendered ] && tries=40
  while [ "$tries" -gt 0 ]; do
    xdotool mousemove 450 300
    xdotool key alt+c
    sleep 0.5
    gui_command xclip -selection clipboard -o >"$GUI_DIR/$1.report" 2>"$GUI_DIR/$1.xclip.err"
    [ "${2:-}" = rendered ] && grep -q '^  Rendering: ' "$GUI_DIR/$1.report" && break
    tries=$((tries - 1))
  done
  check "$1: Copy Report put text on the clipboard" test -s "$GUI_DIR/$1.report"
}

# expect FIXTURE DESCRIPTION TEXT: the copied report has a line with TEXT.
expect () {
  check "$1: the report says $2" grep -qF -- "$3" "$GUI_DIR/$1.report"
}

# scroll_down: the rest of the page, under the pointer.
scroll_down () {
  xdotool mousemove 450 400
  for _ in $(seq 15); do xdotool click 5; done
  sleep 0.7
}

# --- hybrid Intel + NVIDIA, proprietary driver, Secure Boot lockdown -------

root=$(new_root nvidia)
mkdir -p "$root/sys/module/nvidia" "$root/etc/modprobe.d"
echo 535.183.01 >"$root/sys/module/nvidia/version"
echo POE >"$root/sys/module/nvidia/taint"
echo 'blacklist nouveau' >"$root/etc/modprobe.d/nvidia-blacklists-nouveau.conf"
echo 'none [integrity] confidentiality' >"$root/sys/kernel/security/lockdown"
echo 'freeze mem' >"$root/sys/power/state"
mkdir -p "$root/sys/power/suspend_stats"
echo 3 >"$root/sys/power/suspend_stats/fail"
echo 0000:01:00.0 >"$root/sys/power/suspend_stats/last_failed_dev"
echo suspend >"$root/sys/power/suspend_stats/last_failed_step"
chmod -R a+rX "$root"

show hybrid-nvidia "$root"
shoot hybrid-nvidia
colors=$(distinct_colors "$shots/graphics-hybrid-nvidia.png")
check "hybrid-nvidia: the panel is drawn ($colors colours)" test "$colors" -gt 100

scroll_down
shoot hybrid-nvidia-power
changed=$(compare -metric AE "$shots/graphics-hybrid-nvidia.png" "$shots/graphics-hybrid-nvidia-power.png" null: 2>&1)
check "hybrid-nvidia: the page scrolls to displays and power ($changed pixels changed)" test "${changed%%.*}" -gt 5000

copy_report hybrid-nvidia rendered
expect hybrid-nvidia "the Intel GPU and its open driver" 'GPU: Intel Corporation TigerLake-LP GT2 [Iris Xe Graphics]'
expect hybrid-nvidia "i915 is open source" 'Driver: i915 (Open Source)'
expect hybrid-nvidia "the NVIDIA GPU" 'GPU: NVIDIA Corporation TU117M'
expect hybrid-nvidia "the failed suspends, a warning under Suspend" \
  '    Warning: The last 3 suspends failed at 0000:01:00.0 (suspend).'
expect hybrid-nvidia "NVIDIA's missing units, a warning" 'nvidia-suspend and nvidia-resume services, which are not enabled'
expect hybrid-nvidia "nvidia, its version, proprietary" 'Driver: nvidia 535.183.01 (Proprietary)'
expect hybrid-nvidia "nouveau is installed but blacklisted" 'Other installed drivers: nouveau (blacklisted)'
expect hybrid-nvidia "the Intel GPU drives the boot display" 'Drives the boot display: yes'
expect hybrid-nvidia "the PCI ids" 'PCI ID: 10de:1f99'
expect hybrid-nvidia "suspend with its mode" 'Suspend: Possible (deep)'
expect hybrid-nvidia "hibernate blocked by lockdown" 'Hibernate: Not possible. Kernel lockdown'
expect hybrid-nvidia "Xvfb's display and its resolution" ': 1280 × 800'
expect hybrid-nvidia "the renderer probe's answer: software only" 'Rendering: software only, llvmpipe'
expect hybrid-nvidia "why: no GPU access (the made-up root has no /dev/dri)" 'this session cannot open the GPU (no device in /dev/dri'
check "hybrid-nvidia: both GPUs were probed" test "$(grep -c '^  Rendering: ' "$GUI_DIR/hybrid-nvidia.report")" -eq 2

shoot hybrid-nvidia-copied
changed=$(compare -metric AE "$shots/graphics-hybrid-nvidia-power.png" "$shots/graphics-hybrid-nvidia-copied.png" null: 2>&1)
check "hybrid-nvidia: a toast says the report was copied ($changed pixels changed)" test "${changed%%.*}" -gt 500

check "hybrid-nvidia: the app is still running" kill -0 "$app_pid"
stop_gui

# --- an Intel iGPU alone, on i915 -------------------------------------------

root=$(new_root intel)
mkdir -p "$root/sys/module/i915" && : >"$root/sys/module/i915/taint"
chmod -R a+rX "$root"

show intel-i915 "$root"
shoot intel-i915
copy_report intel-i915
expect intel-i915 "the Intel GPU" 'GPU: Intel Corporation TigerLake-LP GT2 [Iris Xe Graphics]'
expect intel-i915 "i915, open source" 'Driver: i915 (Open Source)'
expect intel-i915 "no other driver" 'Other installed drivers: none'
expect intel-i915 "integrated" 'Type: integrated'
expect intel-i915 "it drives the boot display" 'Drives the boot display: yes'
expect intel-i915 "its PCI slot and ids" 'PCI ID: 8086:9a49'
check "intel-i915: one GPU, and no driver choice offered for it, with the reason" \
  eval '[ "$(grep -c "^GPU: " "$GUI_DIR/intel-i915.report")" = 1 ] &&
        [ "$(grep -c "Driver choice" "$GUI_DIR/intel-i915.report")" = 1 ] &&
        grep -qF "Driver choice: There is no other driver to switch to: i915, the one in use" "$GUI_DIR/intel-i915.report"'
# Xvfb's one screen, 1280x800, is the laptop's 1920x1080 panel, whose
# mode i915 offers: only the GUI sees the desktop run below it.
expect intel-i915 "the desktop runs the panel below its native mode, and where to choose it" \
  '    Problem: The desktop runs this display at 1280 × 800, below its native 1920 × 1080, which the driver offers: open Settings, then Displays, and choose 1920 × 1080.'
check "intel-i915: the app is still running" kill -0 "$app_pid"
stop_gui

# The same desktop drawn at scale 2: the display's line says so, and
# gives the resolution in the display's own pixels, not the desktop's.
show_environment=GDK_SCALE=2 show intel-i915 "$root"
copy_report intel-i915-scale-2
expect intel-i915-scale-2 "the display at scale 2, at its own resolution" ': 1280 × 800 · scale 2'
stop_gui

# --- AMD Tahiti on radeon, amdgpu installed, no swap ------------------------

root=$(new_root tahiti)
echo '' >"$root/proc/swaps"

show amd-tahiti-radeon "$root"
shoot amd-tahiti-radeon
colors=$(distinct_colors "$shots/graphics-amd-tahiti-radeon.png")
check "amd-tahiti-radeon: the panel is drawn ($colors colours)" test "$colors" -gt 100

scroll_down
shoot amd-tahiti-radeon-power
copy_report amd-tahiti-radeon
expect amd-tahiti-radeon "the AMD GPU" 'GPU: Advanced Micro Devices, Inc. [AMD/ATI] Tahiti XT [Radeon HD 7970/8970 OEM / R9 280X]'
expect amd-tahiti-radeon "radeon is open source" 'Driver: radeon (Open Source)'
expect amd-tahiti-radeon "amdgpu could drive it too" 'Other installed drivers: amdgpu'
expect amd-tahiti-radeon "a desktop card nothing here says the kind of: unknown, no guess" 'Type: unknown'
expect amd-tahiti-radeon "no swap, no hibernation" 'Hibernate: Not possible. There is no swap space'
if [ -n "${PLUG_STACK_DIR:-}" ]; then
  expect amd-tahiti-radeon "the helper is not installed, and what to install" \
    'Driver choice: not possible here: Choosing the driver needs plugboard-helper, which is not installed'
else
  expect amd-tahiti-radeon "drivers cannot be chosen without a system bus" \
    'Driver choice: not possible here: The system bus cannot be reached'
fi
check "amd-tahiti-radeon: one GPU in the report" test "$(grep -c '^GPU: ' "$GUI_DIR/amd-tahiti-radeon.report")" -eq 1

check "amd-tahiti-radeon: the app is still running" kill -0 "$app_pid"
stop_gui

# --- the Radeon Xpress 200M, an IGP with radeon its only driver --------------

# Off PCI bus 0 (01:05.0), integrated by its device id; udev's record has
# no names, so they come from the hardware database. radeon is the only
# installed driver that drives it: the panel says there is nothing to
# switch to, and why, where other GPUs have Switch Driver.
root=$(new_root xpress)

# With accessibility, to read the rows as a screen reader does.
start_session_bus
GUI_A11Y=1 show radeon-xpress-200m "$root"
a11y wait-app 20 >/dev/null
shoot radeon-xpress-200m
copy_report radeon-xpress-200m rendered
expect radeon-xpress-200m "its name, from the hardware database" \
  'GPU: Advanced Micro Devices, Inc. [AMD/ATI] RS480M [Mobility Radeon Xpress 200]'
expect radeon-xpress-200m "integrated, though not on bus 0" 'Type: integrated'
expect radeon-xpress-200m "its slot" 'PCI slot: 0000:01:05.0'
expect radeon-xpress-200m "why there is nothing to switch to" \
  'Driver choice: There is no other driver to switch to: radeon, the one in use, is the only installed driver for this GPU. amdgpu is installed too, but does not support this GPU.'
a11y rows --window Plugboard >"$GUI_DIR/xpress.rows" 2>&1
check "radeon-xpress-200m: the panel shows the No Other Driver row with the reason" \
  grep -qP '^row\tNo Other Driver\tThere is no other driver to switch to: radeon' "$GUI_DIR/xpress.rows"
check "radeon-xpress-200m: and its Type is Integrated" grep -qP '^row\tType\tIntegrated' "$GUI_DIR/xpress.rows"
check "radeon-xpress-200m: no Other Installed Drivers row to say None as well" \
  eval 'grep -qP "^row\tType\t" "$GUI_DIR/xpress.rows" && ! grep -qP "^row\tOther Installed Drivers\t" "$GUI_DIR/xpress.rows"'
check "radeon-xpress-200m: no Switch Driver button in that row, nor anywhere" \
  eval 'grep -qP "^row\tNo Other Driver\t" "$GUI_DIR/xpress.rows" && ! grep -qF "Switch Driver…" "$GUI_DIR/xpress.rows"'
check "radeon-xpress-200m: the app is still running" kill -0 "$app_pid"
stop_gui

# --- "no widescreen": the Xpress 200M on vesafb -------------------------------

# radeon did not load: vesafb shows the screen at 1024x768, and the
# firmware's copy of the EDID says the panel is 1280x800. The display's row
# says why, and what would fix it.
root=$(new_root vesafb)
mkdir -p "$root/sys/firmware"
"$fixtures/make-edid" PLB 4097 "Plug Wide 15" 71000 1280 160 800 23 --raw >"$root/sys/firmware/edid"
chmod -R a+rX "$root"
# The session bus of the Xpress 200M's case, for accessibility again.
GUI_A11Y=1 show radeon-xpress-200m-vesafb "$root"
a11y wait-app 20 >/dev/null
scroll_down
shoot radeon-xpress-200m-vesafb
a11y rows --window Plugboard >"$GUI_DIR/vesafb.rows" 2>&1
check "radeon-xpress-200m-vesafb: the display's row says it runs on vesafb below 1280 × 800, and why" \
  grep -qP '\tThe screen runs at a fixed 1024 × 768 on the firmware’s framebuffer \(vesafb\), not at its native 1280 × 800\. No driver is bound to the GPU, although radeon can drive it' "$GUI_DIR/vesafb.rows"
copy_report radeon-xpress-200m-vesafb
expect radeon-xpress-200m-vesafb "the same under the display" \
  '    Problem: The screen runs at a fixed 1024 × 768 on the firmware’s framebuffer (vesafb), not at its native 1280 × 800.'
check "radeon-xpress-200m-vesafb: the app is still running" kill -0 "$app_pid"
stop_gui

# --- a GPU with no driver bound ---------------------------------------------

root=$(new_root no-driver)

show no-driver "$root"
shoot no-driver
copy_report no-driver rendered
expect no-driver "no driver is bound" 'Driver: none'
expect no-driver "why, and what it costs" 'No driver is bound to this GPU, although installed drivers can drive it'
expect no-driver "software rendering, because no driver is bound" 'no kernel driver runs this GPU'
check "no-driver: the app is still running" kill -0 "$app_pid"
stop_gui

# --- logind will not hibernate, though the kernel would ------------------------

# With the real daemons only: the stack's logind is python3-dbusmock's
# template, whose CanHibernate answer the mock's own interface replaces.
# It answers "na" only while the panel starts: it reads power once.
logind_call () {
  gdbus call --system --dest org.freedesktop.login1 --object-path /org/freedesktop/login1 "$@"
}
if [ -n "${PLUG_STACK_DIR:-}" ] && . "$PLUG_STACK_DIR/env" &&
   logind_call --method org.freedesktop.login1.Manager.CanHibernate >"$GUI_DIR/can-hibernate" 2>/dev/null &&
   logind_call --method org.freedesktop.DBus.Mock.AddMethod \
     org.freedesktop.login1.Manager CanHibernate '' s 'ret = "na"' >/dev/null 2>&1; then
  root=$(new_root logind)
  show amd-tahiti-radeon "$root"
  logind_call --method org.freedesktop.DBus.Mock.AddMethod org.freedesktop.login1.Manager CanHibernate '' s \
    "ret = \"$(sed -n "s/^('\(.*\)',)$/\1/p" "$GUI_DIR/can-hibernate")\"" >/dev/null
  scroll_down
  shoot logind-power
  copy_report amd-tahiti-radeon
  expect amd-tahiti-radeon "logind refuses hibernation, and it is named" \
    'Hibernate: Not possible. The login manager (systemd-logind) does not offer hibernation on this system'
  check "logind: the app is still running" kill -0 "$app_pid"
  stop_gui
else
  tap_count=$((tap_count + 1))
  echo "ok $tap_count # SKIP logind refusing hibernation needs the real daemons' dbusmock logind"
fi

finish_tap "$GUI_DIR/app.log" "$GUI_DIR"/*.xclip.err
