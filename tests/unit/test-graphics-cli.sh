#!/bin/bash
# test-graphics-cli.sh: plugboardctl graphics status --json on made-up GPUs
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: test-graphics-cli.sh PLUGBOARDCTL FIXTURES_DIR MODULES_DIR
#
# Runs plugboardctl under umockdev-run with each device description in
# tests/fixtures/gpus, a temporary root for what udev does not describe
# (/sys/module, /sys/power, /proc) and the stub kernel modules, and checks
# the JSON contract with jq.

set -u

plugboardctl=$1
fixtures=$2
modules=$3

source "${PLUG_SOURCE_DIR:?}/tests/tap.sh"

# See tests/fixtures/gpus/umockdev-wrapper: umockdev's preload library
# comes before AddressSanitizer's runtime.
if ldd "$plugboardctl" 2>/dev/null | grep 'libasan\.so' >/dev/null; then
  export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# No system bus: the machine's own logind must not answer for the made-up
# roots (tests/system/test-power-logind.sh asks a dbusmock one).
export DBUS_SYSTEM_BUS_ADDRESS=unix:path=$work/no-system-bus

source "$PLUG_SOURCE_DIR/tests/lib-gpu-root.sh"

# new_root NAME: a root with pci.ids, a command line and a machine that can
# suspend and hibernate (gpu_root); a case changes what it needs.
new_root () {
  gpu_root "$work/$1"
  echo "$work/$1"
}

# status FIXTURE ROOT: the JSON, in $work/FIXTURE.json; fails on a non-zero exit.
status () {
  umockdev-run -d "$fixtures/$1.umockdev" -- \
    "$plugboardctl" graphics status --json --root "$2" --modules-directory "$modules" \
    >"$work/$1.json" 2>"$work/$1.err"
}

# expect FIXTURE DESCRIPTION JQ_EXPRESSION: one TAP line, true when the
# expression is true of FIXTURE's JSON.
expect () {
  check "$1: $2" jq_true "$work/$1.json" "$3"
}

jq_true () { jq_e "$2" <"$1" >/dev/null; }

gpu_keys='["alternatives","boot_vga","device_id","driver","driver_license","driver_version","hardware_accelerated","integrated","integrated_source","launch_environment","model","not_visible_reason","opengl_version","pci_slot","reason","renderer","renderer_error","renderer_source","software_reason","software_reason_text","switch_unavailable_reason","vendor","vendor_id","vulkan"]'
# The facts about the GPU, without what the renderer probe says (and the
# sentence about switching, checked on its own).
facts='def facts: del(.launch_environment, .renderer, .renderer_source, .opengl_version, .hardware_accelerated, .software_reason, .software_reason_text, .renderer_error, .vulkan, .switch_unavailable_reason);'

# The GPUs here are made up, so the renderer probe must not find the
# machine's own GPU: Mesa renders in software, as it does on a machine
# where the reasons below hold, and the reason is what is checked.
export LIBGL_ALWAYS_SOFTWARE=1 PLUGBOARD_RENDERER_PROBE

# --- usage ---------------------------------------------------------------

"$plugboardctl" graphics >"$work/usage.out" 2>"$work/usage.err"
check "graphics alone is a usage error (exit 2)" test $? -eq 2
check "graphics alone lists its subcommands" grep -q '^  status ' "$work/usage.err"
"$plugboardctl" graphics nonsense >/dev/null 2>&1
check "an unknown subcommand is a usage error" test $? -eq 2
"$plugboardctl" graphics status extra >/dev/null 2>&1
check "graphics status takes no arguments" test $? -eq 2

# --- Intel iGPU with i915 --------------------------------------------------

root=$(new_root intel)
mkdir -p "$root/sys/module/i915" && : >"$root/sys/module/i915/taint"
check "intel: exits 0" status intel-i915 "$root"
expect intel-i915 "top-level keys" '(keys == ["boot_check","displays","driver_choices","dual_gpu","gpus","initramfs_problem","power","sandbox"])'
expect intel-i915 "outside a Flatpak sandbox: no sandbox, everything visible, the system's renderer" \
  '.sandbox == null and (.gpus | all(.not_visible_reason == null and .renderer_source == "system"))'
expect intel-i915 "no plugboard-helper: its choices are not known (null), not none" '.driver_choices == null'
expect intel-i915 "one GPU" '.gpus | length == 1'
expect intel-i915 "exact GPU keys" ".gpus[0] | keys == $gpu_keys"
expect intel-i915 "every field" "$facts"'(.gpus[0] | facts) == {
  pci_slot: "0000:00:0a.0", vendor_id: "0x8086", device_id: "0x9a49",
  vendor: "Intel Corporation", model: "TigerLake-LP GT2 [Iris Xe Graphics]",
  driver: "i915", driver_version: null, driver_license: "open", alternatives: [],
  boot_vga: true, integrated: true, integrated_source: "kernel", reason: null, not_visible_reason: null }'
expect intel-i915 "the renderer probe ran: software OpenGL, with its version" \
  '.gpus[0] | (.renderer | test("llvmpipe|softpipe")) and (.opengl_version | type == "string") and .hardware_accelerated == false'
expect intel-i915 "software rendering with i915 bound and no /dev/dri: no GPU access" \
  '.gpus[0] | .software_reason == "no-gpu-access" and (.software_reason_text | contains("/dev/dri"))'
expect intel-i915 "the laptop panel and the empty HDMI port, from the kernel" '.displays == [
  { connector: "HDMI-A-1", gpu: "0000:00:0a.0", connected: false, enabled: false,
    name: null, manufacturer: null, width: null, height: null, refresh_rate: null,
    modes: [], edid_error: null, native_resolution: null, resolution_problem: null,
    framebuffer: null, source: "kernel" },
  { connector: "eDP-1", gpu: "0000:00:0a.0", connected: true, enabled: true,
    name: "Plug Panel", manufacturer: "PLB", width: 1920, height: 1080, refresh_rate: 60,
    modes: ["1920x1080", "1600x900", "1280x720", "1024x768"], edid_error: null,
    native_resolution: "1920x1080", resolution_problem: null, framebuffer: null, source: "kernel" }]'
expect intel-i915 "vulkan is a list" '.gpus[0].vulkan | type == "array"'
expect intel-i915 "power: suspend and hibernate possible" '.power == {
  suspend: {possible: true, reason: null, mode: "deep", warnings: [], not_visible_reason: null},
  hibernate: {possible: true, reason: null, warnings: [], not_visible_reason: null} }'

# --- hybrid Intel + NVIDIA on nouveau --------------------------------------

root=$(new_root nouveau)
check "hybrid-nouveau: exits 0" status hybrid-nouveau "$root"
expect hybrid-nouveau "two GPUs, not four drm nodes" '.gpus | length == 2'
expect hybrid-nouveau "Intel first" '.gpus[0].pci_slot == "0000:00:0a.0" and .gpus[0].integrated'
expect hybrid-nouveau "every field of the NVIDIA GPU" "$facts"'(.gpus[1] | facts) == {
  pci_slot: "0000:01:00.0", vendor_id: "0x10de", device_id: "0x1f99",
  vendor: "NVIDIA Corporation", model: "TU117M",
  driver: "nouveau", driver_version: null, driver_license: "open", alternatives: ["nvidia"],
  boot_vga: false, integrated: false, integrated_source: "kernel", reason: null, not_visible_reason: null }'
expect hybrid-nouveau "a monitor whose EDID is cut short: name and rate unknown, the kernel's mode" \
  '.displays[] | select(.gpu == "0000:01:00.0") == {
    connector: "HDMI-A-1", gpu: "0000:01:00.0", connected: true, enabled: true,
    name: null, manufacturer: null, width: 1280, height: 1024, refresh_rate: null,
    modes: ["1280x1024", "1024x768"],
    edid_error: "The EDID is 64 bytes long, shorter than one block",
    native_resolution: null, resolution_problem: null, framebuffer: null, source: "kernel" }'

# --- the same with the proprietary nvidia module ---------------------------

root=$(new_root nvidia)
mkdir -p "$root/sys/module/nvidia" "$root/etc/modprobe.d"
echo 535.183.01 >"$root/sys/module/nvidia/version"
echo POE >"$root/sys/module/nvidia/taint"
echo 'blacklist nouveau' >"$root/etc/modprobe.d/nvidia-blacklists-nouveau.conf"
# Secure Boot lockdown on the same machine.
echo 'none [integrity] confidentiality' >"$root/sys/kernel/security/lockdown"
echo 'freeze mem' >"$root/sys/power/state"
# Three failed suspends, at the NVIDIA GPU; the driver's units and option unset.
mkdir -p "$root/sys/power/suspend_stats"
echo 3 >"$root/sys/power/suspend_stats/fail"
echo 0000:01:00.0 >"$root/sys/power/suspend_stats/last_failed_dev"
echo suspend >"$root/sys/power/suspend_stats/last_failed_step"
check "hybrid-nvidia: exits 0" status hybrid-nvidia "$root"
expect hybrid-nvidia "suspend warnings: the failed suspends, NVIDIA's units and its option" '
  .power.suspend.possible and .power.suspend.warnings == [
    "The last 3 suspends failed at 0000:01:00.0 (suspend).",
    (.power.suspend.warnings[1] | select(contains("nvidia-suspend and nvidia-resume services"))),
    (.power.suspend.warnings[2] | select(contains("NVreg_PreserveVideoMemoryAllocations=1 is not set")))]'
expect hybrid-nvidia "hibernate: lockdown is the reason, NVIDIA's needs still warned of" '
  (.power.hibernate.warnings | length == 2) and
  (.power.hibernate.warnings[0] | contains("nvidia-hibernate and nvidia-resume"))'
expect hybrid-nvidia "every field of the NVIDIA GPU" "$facts"'(.gpus[1] | facts) == {
  pci_slot: "0000:01:00.0", vendor_id: "0x10de", device_id: "0x1f99",
  vendor: "NVIDIA Corporation", model: "TU117M",
  driver: "nvidia", driver_version: "535.183.01", driver_license: "proprietary",
  alternatives: ["nouveau"], boot_vga: false,
  integrated: false, integrated_source: "kernel", reason: null, not_visible_reason: null }'
expect hybrid-nvidia "the Intel GPU unchanged" '.gpus[0].driver == "i915" and .gpus[0].boot_vga'
expect hybrid-nvidia "the external monitor on the NVIDIA GPU, 2560x1440 at 144 Hz, modes once each" \
  '.displays[] | select(.connector == "DP-1") == {
    connector: "DP-1", gpu: "0000:01:00.0", connected: true, enabled: true,
    name: "Plug 27 QHD", manufacturer: "PLB", width: 2560, height: 1440, refresh_rate: 144,
    modes: ["2560x1440", "1920x1080", "1280x720"], edid_error: null,
    native_resolution: "2560x1440", resolution_problem: null, framebuffer: null, source: "kernel" }'
expect hybrid-nvidia "three connectors, two connected" \
  '(.displays | length == 3) and ([.displays[] | select(.connected)] | length == 2)'
expect hybrid-nvidia "hibernate blocked by lockdown, suspend possible" '
  .power.suspend.possible and (.power.hibernate.possible | not) and
  (.power.hibernate.reason | contains("lockdown"))'

# --- AMD Tahiti on radeon, amdgpu installed --------------------------------

root=$(new_root tahiti)
echo '' >"$root/proc/swaps"
check "amd-tahiti-radeon: exits 0" status amd-tahiti-radeon "$root"
expect amd-tahiti-radeon "every field" "$facts"'(.gpus | map(facts)) == [{
  pci_slot: "0000:03:00.0", vendor_id: "0x1002", device_id: "0x6798",
  vendor: "Advanced Micro Devices, Inc. [AMD/ATI]",
  model: "Tahiti XT [Radeon HD 7970/8970 OEM / R9 280X]",
  driver: "radeon", driver_version: null, driver_license: "open", alternatives: ["amdgpu"],
  boot_vga: true, integrated: null, integrated_source: null, reason: null, not_visible_reason: null }]'
expect amd-tahiti-radeon "a desktop card nothing knows the kind of: null, not a guess" \
  '.gpus[0] | .integrated == null and .integrated_source == null'
expect amd-tahiti-radeon "two drivers to choose from: no reason against switching" \
  '.gpus[0].switch_unavailable_reason == null'
expect amd-tahiti-radeon "one display connector, nothing connected" \
  '[.displays[] | [.connector, .connected]] == [["DP-1", false]]'
expect amd-tahiti-radeon "the GPU's node in /dev/dri is not accessible: no GPU access" \
  '.gpus[0].software_reason == "no-gpu-access"'
expect amd-tahiti-radeon "no swap, no hibernation" '
  (.power.hibernate.possible | not) and (.power.hibernate.reason | contains("no swap"))'

# The same card, its render node there to open, but no firmware installed
# for radeon; then with the firmware.
mkdir -p "$root/dev/dri" && : >"$root/dev/dri/renderD128"
check "amd-tahiti-radeon with /dev/dri: exits 0" status amd-tahiti-radeon "$root"
mv "$work/amd-tahiti-radeon.json" "$work/amd-tahiti-firmware.json"
expect amd-tahiti-firmware "no firmware for radeon: the reason says so, and which package" \
  '.gpus[0] | (.hardware_accelerated == false and .software_reason == "firmware-missing" and
     (.software_reason_text | contains("firmware-amd-graphics")))'
mkdir -p "$root/lib/firmware/radeon" && : >"$root/lib/firmware/radeon/TAHITI_pfp.bin"
check "amd-tahiti-radeon with firmware: exits 0" status amd-tahiti-radeon "$root"
expect amd-tahiti-radeon "with the firmware there, no reason Plugboard can name" \
  '.gpus[0].software_reason == null'

# --- a GPU with no driver, with and without nomodeset ----------------------

root=$(new_root no-driver)
check "no-driver: exits 0" status no-driver "$root"
expect no-driver "every field, names from the hardware database" "$facts"'(.gpus | map(facts)) == [{
  pci_slot: "0000:07:00.0", vendor_id: "0x1002", device_id: "0x6798",
  vendor: "Advanced Micro Devices, Inc. [AMD/ATI]",
  model: "Tahiti XT [Radeon HD 7970/8970 OEM / R9 280X]",
  driver: null, driver_version: null, driver_license: null, alternatives: ["amdgpu", "radeon"],
  boot_vga: true, integrated: null, integrated_source: null,
  reason: .gpus[0].reason, not_visible_reason: null }]'
expect no-driver "software rendering: no driver bound" \
  '.gpus[0] | .hardware_accelerated == false and .software_reason == "no-driver"'
expect no-driver "no driver, no connectors: an empty list, not null" '.displays == []'
expect no-driver "the reason says no driver is bound" \
  '.gpus[0].reason | startswith("No driver is bound to this GPU, although installed drivers can drive it")'

echo 'BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro nomodeset' >"$root/proc/cmdline"
check "no-driver with nomodeset: exits 0" status no-driver "$root"
expect no-driver "the reason names nomodeset" '.gpus[0].reason | contains("nomodeset")'
expect no-driver "software rendering: nomodeset comes first" \
  '.gpus[0] | .software_reason == "nomodeset" and (.software_reason_text | contains("nomodeset"))'
expect no-driver "without resume=, no hibernation" '.power.hibernate.reason | contains("resume")'

# --- AMD integrated GPUs: a Renoir APU, a Radeon Xpress 200M IGP ------------

# Neither sits on PCI bus 0, where the old rule looked; their device ids
# are in the kernel's lists of AMD IGPs and APUs.
root=$(new_root renoir)
check "amd-renoir-apu: exits 0" status amd-renoir-apu "$root"
expect amd-renoir-apu "the APU at 05:00.0 is integrated, by the kernel's facts" \
  '.gpus[0] | .pci_slot == "0000:05:00.0" and .integrated == true and .integrated_source == "kernel"'
expect amd-renoir-apu "only amdgpu drives it: why there is nothing to switch" \
  '.gpus[0] | .alternatives == [] and
     .switch_unavailable_reason == "There is no other driver to switch to: amdgpu, the one in use, is the only installed driver for this GPU. radeon is installed too, but does not support this GPU."'

root=$(new_root xpress)
check "radeon-xpress-200m: exits 0" status radeon-xpress-200m "$root"
expect radeon-xpress-200m "the IGP at 01:05.0 is integrated" \
  '.gpus[0] | .pci_slot == "0000:01:05.0" and .integrated == true and .integrated_source == "kernel"'
expect radeon-xpress-200m "udev's record has no names: they come from the hardware database, not pci.ids" \
  '.gpus[0] | .vendor == "Advanced Micro Devices, Inc. [AMD/ATI]" and .model == "RS480M [Mobility Radeon Xpress 200]"'
expect radeon-xpress-200m "radeon only: nothing to switch, and amdgpu does not support it" \
  '.gpus[0] | .driver == "radeon" and .alternatives == [] and
     (.switch_unavailable_reason | startswith("There is no other driver to switch to: radeon, the one in use")) and
     (.switch_unavailable_reason | contains("amdgpu is installed too, but does not support this GPU"))'
umockdev-run -d "$fixtures/radeon-xpress-200m.umockdev" -- \
  "$plugboardctl" graphics status --root "$root" --modules-directory "$modules" >"$work/text-xpress.out" 2>&1
check "text: the Xpress 200M is integrated" grep -qF 'PCI: 0000:01:05.0, 0x1002:0x5955, integrated' "$work/text-xpress.out"
check "text: and says there is nothing to switch to" \
  grep -qF 'There is no other driver to switch to: radeon, the one in use' "$work/text-xpress.out"
umockdev-run -d "$fixtures/amd-tahiti-radeon.umockdev" -- \
  "$plugboardctl" graphics status --root "$work/tahiti" --modules-directory "$modules" >"$work/text-tahiti-kind.out" 2>&1
check "text: a GPU of unknown kind claims neither" \
  eval 'grep -qF "PCI: 0000:03:00.0, 0x1002:0x6798, type unknown" "$work/text-tahiti-kind.out" &&
        ! grep -qE "PCI: .*(integrated|discrete)" "$work/text-tahiti-kind.out"'

# --- "no widescreen": the screen below its native resolution ----------------

# The seed laptop's panel, with radeon leaving its 1280x800 mode out.
root=$(new_root no-wide)
check "radeon-xpress-200m-no-wide: exits 0" status radeon-xpress-200m-no-wide "$root"
expect radeon-xpress-200m-no-wide "the panel's native resolution is 1280x800, which radeon does not offer" \
  '.displays[] | select(.connector == "LVDS-1") | .native_resolution == "1280x800" and .framebuffer == null and
     (.resolution_problem | startswith("radeon does not offer this display’s native resolution, 1280 × 800: the largest it offers is 1024 × 768.")) and
     (.resolution_problem | contains("a newer kernel"))'
expect radeon-xpress-200m-no-wide "nothing connected: no native resolution, no problem" \
  '.displays[] | select(.connector == "VGA-1") | .native_resolution == null and .resolution_problem == null'
umockdev-run -d "$fixtures/radeon-xpress-200m-no-wide.umockdev" -- \
  "$plugboardctl" graphics status --root "$root" --modules-directory "$modules" >"$work/text-no-wide.out" 2>&1
check "text: the panel's native mode, not one it runs at" \
  grep -qF '  LVDS-1: Plug Wide 15, native 1280 × 800 · 59.91 Hz, 3 modes offered' "$work/text-no-wide.out"
check "text: the problem under the panel" \
  grep -qF '    Problem: radeon does not offer this display’s native resolution, 1280 × 800' "$work/text-no-wide.out"

# The same laptop when radeon did not load: vesafb at the BIOS's 1024x768,
# with the firmware's copy of the panel's EDID.
root=$(new_root vesafb)
mkdir -p "$root/sys/firmware"
"$fixtures/make-edid" PLB 4097 "Plug Wide 15" 71000 1280 160 800 23 --raw >"$root/sys/firmware/edid"
check "radeon-xpress-200m-vesafb: exits 0" status radeon-xpress-200m-vesafb "$root"
expect radeon-xpress-200m-vesafb "one display, on vesafb at 1024x768, native 1280x800, and why" \
  '.displays | length == 1 and (.[0] | .connector == "fb0" and .gpu == "0000:01:05.0" and .connected and
     .framebuffer == "vesafb" and .width == 1024 and .height == 768 and .refresh_rate == null and
     .name == "Plug Wide 15" and .native_resolution == "1280x800" and
     (.resolution_problem | startswith("The screen runs at a fixed 1024 × 768 on the firmware’s framebuffer (vesafb), not at its native 1280 × 800.")) and
     (.resolution_problem | contains("although radeon can drive it: it did not load")))'
umockdev-run -d "$fixtures/radeon-xpress-200m-vesafb.umockdev" -- \
  "$plugboardctl" graphics status --root "$root" --modules-directory "$modules" >"$work/text-vesafb.out" 2>&1
check "text: the display on the firmware's framebuffer" \
  grep -qF '  fb0: Plug Wide 15, 1024 × 768, on the firmware’s framebuffer (vesafb)' "$work/text-vesafb.out"

# simpledrm with the GPU's driver kept away by nomodeset; its fbdev
# emulation is not a display of its own.
root=$(new_root simpledrm)
echo 'BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro nomodeset quiet' >"$root/proc/cmdline"
check "simpledrm-no-driver: exits 0" status simpledrm-no-driver "$root"
expect simpledrm-no-driver "one display, on simpledrm, and nomodeset is the reason" \
  '.displays | length == 1 and (.[0] | .connector == "Unknown-1" and .framebuffer == "simpledrm" and
     .native_resolution == null and
     (.resolution_problem | startswith("The screen runs at a fixed 1024 × 768 on the firmware’s framebuffer (simpledrm), which cannot set the monitor’s native resolution.")) and
     (.resolution_problem | contains("“nomodeset”")))'

# The Vulkan driver's device type comes first. A Vulkan driver for a
# made-up GPU cannot run here, so a probe prints the answer the real one
# gives on such a machine (the probe's own format, app/probe): RADV's
# device at the GPU's slot, and lavapipe.
vulkan_probe () {
  printf '#!/bin/sh
cat <<EOF
{"opengl": null, "opengl_error": "none here",
  "vulkan": [{"name": "%s", "type": "%s", "api_version": "1.3.230", "vendor_id": "0x1002", "device_id": "%s", "pci_slot": "%s"},
             {"name": "llvmpipe (LLVM 15.0.6, 256 bits)", "type": "cpu", "api_version": "1.3.230", "vendor_id": "0x10005", "device_id": "0x0000", "pci_slot": null}]}
EOF
' \
    "$2" "$3" "$4" "$5" >"$work/$1"
  chmod 755 "$work/$1"
}
vulkan_probe tahiti-probe "AMD Radeon HD 7900 Series (RADV TAHITI)" discrete 0x6798 0000:03:00.0
PLUGBOARD_RENDERER_PROBE=$work/tahiti-probe status amd-tahiti-radeon "$(new_root vulkan-tahiti)"
mv "$work/amd-tahiti-radeon.json" "$work/vulkan-tahiti.json"
expect vulkan-tahiti "where the kernel's facts say nothing, Vulkan's discrete decides" \
  '.gpus[0] | .integrated == false and .integrated_source == "vulkan"'
vulkan_probe xpress-probe "AMD Radeon (made-up device)" discrete 0x5955 0000:01:05.0
PLUGBOARD_RENDERER_PROBE=$work/xpress-probe status radeon-xpress-200m "$(new_root vulkan-xpress)"
mv "$work/radeon-xpress-200m.json" "$work/vulkan-xpress.json"
expect vulkan-xpress "and it comes before the kernel's facts" \
  '.gpus[0] | .integrated == false and .integrated_source == "vulkan"'
vulkan_probe other-slot-probe "AMD Radeon (another GPU)" integrated 0x1636 0000:05:00.0
PLUGBOARD_RENDERER_PROBE=$work/other-slot-probe status amd-tahiti-radeon "$(new_root vulkan-other)"
mv "$work/amd-tahiti-radeon.json" "$work/vulkan-other.json"
expect vulkan-other "a Vulkan device at another slot (and lavapipe) says nothing about this GPU" \
  '.gpus[0] | .integrated == null and .integrated_source == null'
# The AMD APU case: RADV calls the device at the APU's own slot integrated.
vulkan_probe renoir-probe "AMD Radeon Graphics (RADV RENOIR)" integrated 0x1636 0000:05:00.0
PLUGBOARD_RENDERER_PROBE=$work/renoir-probe status amd-renoir-apu "$(new_root vulkan-renoir)"
mv "$work/amd-renoir-apu.json" "$work/vulkan-renoir.json"
expect vulkan-renoir "an APU that Vulkan calls integrated at its own slot is integrated, by Vulkan" \
  '.gpus[0] | .integrated == true and .integrated_source == "vulkan"'
# And where the kernel's facts say nothing, Vulkan's integrated alone decides.
vulkan_probe tahiti-igp-probe "AMD Radeon (made-up integrated)" integrated 0x6798 0000:03:00.0
PLUGBOARD_RENDERER_PROBE=$work/tahiti-igp-probe status amd-tahiti-radeon "$(new_root vulkan-tahiti-igp)"
mv "$work/amd-tahiti-radeon.json" "$work/vulkan-tahiti-igp.json"
expect vulkan-tahiti-igp "where the kernel's facts say nothing, Vulkan's integrated decides" \
  '.gpus[0] | .integrated == true and .integrated_source == "vulkan"'

# --- a renderer probe that crashes -----------------------------------------

# A driver that crashes the probe costs the answer, not plugboardctl.
printf '#!/bin/sh\nkill -SEGV $$\n' >"$work/crashing-probe"
chmod 755 "$work/crashing-probe"
PLUGBOARD_RENDERER_PROBE=$work/crashing-probe status amd-tahiti-radeon "$(new_root crash)"
check "a crashing probe: plugboardctl still exits 0" test $? -eq 0
mv "$work/amd-tahiti-radeon.json" "$work/crash.json"
expect crash "renderer and acceleration unknown, and the crash named" \
  '.gpus[0] | .renderer == null and .hardware_accelerated == null and (.renderer_error | contains("crashed"))'

# --- how the probes start ---------------------------------------------------

# With posix_spawn() (a clone with CLONE_VM and CLONE_VFORK), not fork():
# a forked child of a process with threads runs code before its exec, and
# a lock another thread held at fork() stays held there forever (it hung
# in umockdev's preload, once in about fifteen sanitizer runs). strace
# lists every process plugboardctl starts; threads are not processes.
# LeakSanitizer cannot work under ptrace (and its own tracer would count
# as a process): this run leaves leaks to the others.
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" umockdev-run -d "$fixtures/hybrid-nouveau.umockdev" -- \
  strace -f -qq -o "$work/spawn.trace" -e trace=fork,vfork,clone,clone3 \
  "$plugboardctl" graphics status --json --root "$work/nouveau" --modules-directory "$modules" \
  >"$work/spawn.json" 2>"$work/spawn.err"
check "under strace: exits 0" test $? -eq 0
expect spawn "both GPUs' probes answered" '[.gpus[].renderer | type] == ["string", "string"]'
grep -E 'fork\(|clone' "$work/spawn.trace" | grep -v CLONE_THREAD | grep -v 'resumed>' >"$work/spawn.processes"
check "two processes started, one probe per GPU: $(wc -l <"$work/spawn.processes")" \
  test "$(wc -l <"$work/spawn.processes")" -eq 2
check "each with posix_spawn (CLONE_VM|CLONE_VFORK), none forked: $(cut -c1-120 "$work/spawn.processes" | tr '\n' ' ')" \
  eval '! grep -v "CLONE_VM|CLONE_VFORK" "$work/spawn.processes" >/dev/null'

# --- the text output -------------------------------------------------------

umockdev-run -d "$fixtures/hybrid-nvidia.umockdev" -- \
  "$plugboardctl" graphics status --root "$work/nvidia" --modules-directory "$modules" >"$work/text.out" 2>&1
check "text: the suspend warnings follow the suspend line" \
  eval 'grep -A1 "^Suspend: possible" "$work/text.out" | grep -qxF "  Warning: The last 3 suspends failed at 0000:01:00.0 (suspend)."'
check "text: exits 0" test $? -eq 0
check "text: names the proprietary driver and its version" \
  grep -qF 'Driver: nvidia 535.183.01 (proprietary)' "$work/text.out"
check "text: marks the blacklisted alternative" grep -qF 'nouveau (blacklisted)' "$work/text.out"
check "text: the laptop panel with its mode and the modes offered" \
  grep -qF 'eDP-1: Plug Panel, 1920 × 1080 · 60 Hz, 4 modes offered' "$work/text.out"
check "text: the external monitor" \
  grep -qF 'DP-1: Plug 27 QHD, 2560 × 1440 · 144 Hz, 3 modes offered' "$work/text.out"
check "text: the disconnected port is left out" eval '! grep -qF "HDMI-A-1" "$work/text.out"'

umockdev-run -d "$fixtures/hybrid-nouveau.umockdev" -- \
  "$plugboardctl" graphics status --root "$work/nouveau" --modules-directory "$modules" >"$work/text-nouveau.out" 2>&1
check "text: a monitor with a broken EDID is an unknown monitor, with the reason" \
  eval 'grep -qF "HDMI-A-1: unknown monitor, 1280 × 1024, 2 modes offered" "$work/text-nouveau.out" &&
        grep -qF "The EDID is 64 bytes long" "$work/text-nouveau.out"'

umockdev-run -d "$fixtures/amd-tahiti-radeon.umockdev" -- \
  "$plugboardctl" graphics status --root "$work/tahiti" --modules-directory "$modules" >"$work/text-tahiti.out" 2>&1
check "text: no display connected, said so" grep -qF 'No display connected' "$work/text-tahiti.out"

# plugboardctl report: its graphics section is graphics status's, displays
# and all; without a system bus the other sections fail (exit 1), not this one.
umockdev-run -d "$fixtures/hybrid-nvidia.umockdev" -- \
  "$plugboardctl" report >"$work/report.out" 2>&1
sed -n '/^== Graphics ==/,$p' "$work/report.out" >"$work/report-graphics.out"
check "report: the graphics section lists the connected displays" \
  eval 'grep -qxF "Displays:" "$work/report-graphics.out" &&
        grep -qF "eDP-1: Plug Panel, 1920 × 1080 · 60 Hz, 4 modes offered" "$work/report-graphics.out" &&
        grep -qF "DP-1: Plug 27 QHD, 2560 × 1440 · 144 Hz, 3 modes offered" "$work/report-graphics.out"'
umockdev-run -d "$fixtures/hybrid-nvidia.umockdev" -- \
  "$plugboardctl" report --json >"$work/report.json" 2>"$work/report.err"
expect report "report --json: the graphics displays, as graphics status has them" \
  '[.graphics.displays[] | [.connector, .gpu, .name, .refresh_rate]] ==
   [["HDMI-A-1", "0000:00:0a.0", null, null], ["eDP-1", "0000:00:0a.0", "Plug Panel", 60],
    ["DP-1", "0000:01:00.0", "Plug 27 QHD", 144]]'

# On the made-up machines of the cases above (with the same hidden seams
# as graphics status), report's graphics section is graphics status's,
# every diagnosis included: the failed suspends and NVIDIA's needs, no
# swap, nomodeset, the missing native resolution.
for case in "hybrid-nvidia nvidia" "amd-tahiti-radeon tahiti" "no-driver no-driver" \
            "radeon-xpress-200m-no-wide no-wide"; do
  read -r fixture name <<<"$case"
  seams=(--root "$work/$name" --modules-directory "$modules")
  umockdev-run -d "$fixtures/$fixture.umockdev" -- "$plugboardctl" graphics status "${seams[@]}" \
    >"$work/same-$name.status" 2>&1
  umockdev-run -d "$fixtures/$fixture.umockdev" -- "$plugboardctl" report "${seams[@]}" \
    >"$work/same-$name.report" 2>&1
  sed -n '/^== Graphics ==$/,$p' "$work/same-$name.report" | sed 1d >"$work/same-$name.section"
  check "report on $name: its graphics section is graphics status's ($(wc -l <"$work/same-$name.section") lines)" \
    eval 'test -s "$work/same-$name.section" && cmp -s "$work/same-$name.status" "$work/same-$name.section"'
  umockdev-run -d "$fixtures/$fixture.umockdev" -- "$plugboardctl" graphics status --json "${seams[@]}" \
    >"$work/same-$name.status.json" 2>/dev/null
  umockdev-run -d "$fixtures/$fixture.umockdev" -- "$plugboardctl" report --json "${seams[@]}" \
    >"$work/same-$name.report.json" 2>/dev/null
  check "report --json on $name: .graphics is graphics status --json" \
    eval 'jq -e . "$work/same-$name.status.json" >/dev/null &&
          [ "$(jq -S .graphics "$work/same-$name.report.json")" = "$(jq -S . "$work/same-$name.status.json")" ]'
done
check "… the diagnoses are in them: failed suspends, lockdown, nomodeset, the native resolution" \
  eval 'grep -qF "The last 3 suspends failed at 0000:01:00.0" "$work/same-nvidia.section" &&
        grep -qi "lockdown" "$work/same-nvidia.section" &&
        grep -qF "nomodeset" "$work/same-no-driver.section" &&
        grep -qF "native resolution, 1280 × 800" "$work/same-no-wide.section"'

# plugboardctl report reads the running kernel's modules (no seam): real
# ones list the Xpress 200M for radeon alone, as the stubs do, and with no
# modules at all there is no other driver either.
umockdev-run -d "$fixtures/radeon-xpress-200m.umockdev" -- \
  "$plugboardctl" report --json >"$work/report-xpress.json" 2>"$work/report-xpress.err"
expect report-xpress "report --json: the Xpress 200M is integrated, and has nothing to switch to" \
  '.graphics.gpus[0] | .integrated == true and .integrated_source == "kernel" and
     (.switch_unavailable_reason | startswith("There is no other driver to switch to: radeon, the one in use"))'

# Every fixture: no key of the JSON is null where the contract promises a value.
for json in "$work"/intel-i915.json "$work"/hybrid-nouveau.json "$work"/hybrid-nvidia.json "$work"/crash.json \
            "$work"/radeon-xpress-200m-vesafb.json "$work"/simpledrm-no-driver.json; do
  check "$(basename "$json" .json): displays, modes and source never null" \
    jq_true "$json" '(.displays | type == "array") and all(.displays[]; (.modes | type == "array") and .source == "kernel" and (.connector | type == "string") and (.connected | type == "boolean"))'
done

finish_tap "$work"/*.err
