#!/bin/bash
# test-sandbox-graphics.sh: plugboardctl inside the Flatpak's sandbox
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# tests/harness/plug-sandbox gives plugboardctl the view Plugboard's
# Flatpak has (docs/TESTING.md, "The sandbox lane"): the /sys folders
# Flatpak shares, no host /etc or /lib/modules, the system bus filtered to
# the manifest's names, as the test user. The GPUs are umockdev's
# (hybrid Intel + NVIDIA on nouveau, with nvidia installed too), the
# host's other files a fixture root that can suspend and hibernate; the
# sandbox sees the root as Flatpak shows a host root. Outside the sandbox,
# the same reading is the reference. Inside, without plugboard-helper,
# what the sandbox hides is null with its reason, never "none" or "not
# possible"; with plugboard-helper on the host (started as root on the
# stack's bus, reading the same root), it is the reference's. The Drives
# side runs through the filtered bus too: list, and rename as the user,
# which polkit decides.

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-drives.sh"

HELPER=$PLUG_BUILD_DIR/app/helper/plugboard-helper
FIXTURES=$PLUG_SOURCE_DIR/tests/fixtures
MODULES=$PLUG_BUILD_DIR/tests/unit/gpu-modules/lib/modules/6.1.0-plug
SANDBOX=$PLUG_SOURCE_DIR/tests/harness/plug-sandbox
NOT_VISIBLE="not visible from the Flatpak sandbox"

. "$(dirname "$0")/lib-helper.sh"
helper_test_bed sandbox

image=
device=
cleanup_sandbox () {
  stop_helper
  [ -n "$device" ] && losetup "$device" 2>/dev/null | grep -qF "$image" && losetup -d "$device"
  [ -n "$image" ] && rm -f "$image"
  rm -rf "$work"
}
trap cleanup_sandbox EXIT

# The host's files that udev does not describe: a machine that can
# suspend (deep) and hibernate.
. "$PLUG_SOURCE_DIR/tests/lib-gpu-root.sh"
root=$work/host
gpu_root "$root"
mkdir -p "$root/etc/modprobe.d"
chmod -R a+rX "$work"

# in_sandbox COMMAND…: COMMAND in the sandbox, as the test user, under
# umockdev with the GPUs of $fixture, the hybrid laptop's unless set
# otherwise (the harness preloads umockdev's library inside only).
fixture=hybrid-nouveau
in_sandbox () {
  local asan=${ASAN_OPTIONS:-}
  if ldd "$PLUGBOARDCTL" 2>/dev/null | grep 'libasan\.so' >/dev/null; then
    asan="${asan:+$asan:}verify_asan_link_order=0"
  fi
  umockdev-run -d "$FIXTURES/gpus/$fixture.umockdev" -- \
    "$SANDBOX" --build-dir "$PLUG_BUILD_DIR" --user "$PLUG_TEST_USER" --host-root "$root" \
      --setenv LIBGL_ALWAYS_SOFTWARE 1 --setenv PLUGBOARD_RENDERER_PROBE "$PLUGBOARD_RENDERER_PROBE" \
      --setenv G_DEBUG "$G_DEBUG" --setenv ASAN_OPTIONS "$asan" \
      --setenv UBSAN_OPTIONS "${UBSAN_OPTIONS:-}" --setenv LSAN_OPTIONS "${LSAN_OPTIONS:-}" "$@"
}
# status_in_sandbox NAME [--json]: plugboardctl graphics status, its
# output in $work/NAME.out.
status_in_sandbox () {
  local name=$1; shift
  in_sandbox -- "$PLUGBOARDCTL" graphics status "$@" --root "$root" --modules-directory "$MODULES" \
    >"$work/$name.out" 2>"$work/$name.err"
}
jq_true () { jq -e "$2" <"$work/$1.out" >/dev/null; }
# same_as_reference NAME FILTER: FILTER gives the same in NAME's JSON as
# in the reference's.
same_as_reference () {
  local here there
  here=$(jq -cS "$2" <"$work/$1.out")
  there=$(jq -cS "$2" <"$work/reference.out")
  [ "$here" = "$there" ] && return 0
  diag "in the sandbox: $here"
  diag "outside: $there"
  return 1
}

# --- outside: the reference ---------------------------------------------------

# reference NAME: the reading outside the sandbox, in $work/NAME.out.
reference () {
  umockdev-run -d "$FIXTURES/gpus/$fixture.umockdev" -- env LIBGL_ALWAYS_SOFTWARE=1 \
    "$PLUGBOARDCTL" graphics status --json --root "$root" --modules-directory "$MODULES" \
    >"$work/$1.out" 2>"$work/$1.err"
}
reference reference
check "outside the sandbox, the reference reads two GPUs" jq_true reference '.gpus | length == 2'
check "… nvidia installed beside nouveau, open source, and the machine can sleep" jq_true reference \
  '.sandbox == null and .gpus[1].alternatives == ["nvidia"] and .gpus[1].driver_license == "open"
   and .power.suspend.possible == true and .power.hibernate.possible == true'

# --- what the sandbox shows ------------------------------------------------------

in_sandbox -- sh -c "test -f /.flatpak-info && test ! -e /sys/power && test ! -e /sys/module &&
  test ! -e '$root/sys/power' && test ! -e '$root/etc/modprobe.d' && test -e '$root/proc/cmdline' &&
  test ! -e /etc/modprobe.d && test \"\$(id -un)\" = '$PLUG_TEST_USER'" >"$work/view.out" 2>&1
check "inside: /.flatpak-info, no /sys/power or /sys/module, no host /etc, the host root as Flatpak shows it, the test user" \
  test $? = 0

# --- no plugboard-helper ------------------------------------------------------------

status_in_sandbox bare --json
check "without plugboard-helper, graphics status --json exits 0 in the sandbox ($(one_line "$(tail -n 2 "$work/bare.err")"))" \
  test $? = 0
check "… says it ran in a Flatpak sandbox, without the host's facts" jq_true bare \
  '.sandbox == {"kind": "flatpak", "host_facts": false}'
check "… the same GPUs, with their drivers (the sandbox sees the devices)" same_as_reference bare \
  '[.gpus[] | {pci_slot, vendor_id, device_id, driver}]'
check "… each GPU's version, licence and other drivers null, with the reason" jq_true bare \
  "[.gpus[] | .driver_version == null and .driver_license == null and .alternatives == null
    and .not_visible_reason == \"$NOT_VISIBLE\"] == [true, true]"
check "… suspend and hibernate null, with the reason, never \"not possible\"" jq_true bare \
  "[.power.suspend, .power.hibernate] | all(.possible == null and .reason == null
    and .not_visible_reason == \"$NOT_VISIBLE\")"
check "… the renderer is the runtime's" jq_true bare '[.gpus[].renderer_source] == ["flatpak-runtime", "flatpak-runtime"]'

status_in_sandbox bare-text
check "the text output says what is not visible" \
  eval 'grep -qF "Suspend and hibernate: Not visible from the sandbox" "$work/bare-text.out" &&
        test "$(grep -cF "Its version, license and the other installed drivers: Not visible from the sandbox" "$work/bare-text.out")" = 2'
check "… and never that there is nothing" \
  eval '! grep -qiE "not possible|no sleep state|Driver: none|Other installed drivers: *$" "$work/bare-text.out"'

# --- plugboard-helper on the host ----------------------------------------------------

check "plugboard-helper starts on the host, reading the same root" start_helper hybrid-nouveau "$root"
status_in_sandbox told --json
check "with plugboard-helper, graphics status --json exits 0 in the sandbox ($(one_line "$(tail -n 2 "$work/told.err")"))" \
  test $? = 0
check "… says the host told its facts" jq_true told '.sandbox == {"kind": "flatpak", "host_facts": true}'
check "… each GPU's version, licence, other drivers and reasons are the host's" same_as_reference told \
  '[.gpus[] | {pci_slot, driver, driver_version, driver_license, alternatives, reason, switch_unavailable_reason}]'
check "… nothing is said to be hidden" jq_true told \
  '(.gpus | all(.not_visible_reason == null)) and ([.power[]] | all(.not_visible_reason == null))'
check "… suspend and hibernate are the host's" same_as_reference told '.power'
check "the helper answered without asking polkit (no authorization in its log)" \
  eval '! grep -qi "polkit said no\|not authorized" "$work/helper.log"'
stop_helper

# --- a screen on the firmware's framebuffer ---------------------------------------------

# The laptop the Graphics panel is for, radeon installed but not loaded,
# the screen on vesafb at the BIOS's 1024x768: why no driver took over is
# in what the sandbox hides. (So is the firmware's copy of the panel's
# EDID, in /sys/firmware: inside, the native resolution is not known.)
fixture=radeon-xpress-200m-vesafb
mkdir -p "$root/sys/firmware"
"$FIXTURES/gpus/make-edid" PLB 4097 "Plug Wide 15" 71000 1280 160 800 23 --raw >"$root/sys/firmware/edid"
chmod -R a+rX "$root"
reference fb-reference
check "outside, the screen on vesafb is because radeon, installed, did not load" jq_true fb-reference \
  '.displays[0].resolution_problem | contains("although radeon can drive it: it did not load")'
status_in_sandbox fb-bare --json
check "without plugboard-helper, the screen's problem says why is not visible, never that no driver is installed" \
  jq_true fb-bare '.displays[0] | .framebuffer == "vesafb" and (.resolution_problem |
    startswith("The screen runs at a fixed 1024 × 768 on the firmware’s framebuffer (vesafb)")
    and contains("is not visible from the sandbox") and (contains("No installed driver") | not))'
check "plugboard-helper starts on the host for this laptop" start_helper "$fixture" "$root"
status_in_sandbox fb-told --json
check "with plugboard-helper, the screen's problem gives the host's reason" jq_true fb-told \
  '.displays[0].resolution_problem | contains("although radeon can drive it: it did not load")'
stop_helper
fixture=hybrid-nouveau

# --- the system bus, filtered to the manifest's names -------------------------------

in_sandbox -- "$PLUGBOARDCTL" status --json >"$work/status.out" 2>"$work/status.err"
check "plugboardctl status in the sandbox: udisks2, NetworkManager and ModemManager answer" jq_true status \
  '[.services[] | select(.id == "udisks2" or .id == "networkmanager" or .id == "modemmanager") | .running]
   | length == 3 and all'
in_sandbox -- gdbus call --system --dest org.freedesktop.login1 --object-path /org/freedesktop/login1 \
  --method org.freedesktop.DBus.Peer.Ping >"$work/login1.out" 2>&1
check "… logind, which the manifest does not name, cannot be reached" test $? != 0

image=$PLUG_IMAGES_DIR/sandbox-graphics.img
rm -f "$image"
as_tester truncate -s 32M "$image"
as_tester /sbin/mkfs.ext4 -q -L DSANDBOX "$image"
device=$(attach "$image")
wait_until 10 eval '[ "$(udisks_label "$device")" = DSANDBOX ]'
in_sandbox -- "$PLUGBOARDCTL" drives list --json >"$work/drives.out" 2>"$work/drives.err"
check "drives list in the sandbox shows the test user's image ($device)" jq_true drives \
  "any(.[].volumes[]; .device == \"$device\" and .label == \"DSANDBOX\")"
in_sandbox -- "$PLUGBOARDCTL" drives rename "$device" DBOXED </dev/null >"$work/rename.out" 2>&1
check "rename in the sandbox, through the filtered bus and polkit ($(one_line "$(tail -n 1 "$work/rename.out")"))" \
  test "$(blkid_value LABEL "$device")" = DBOXED

finish
