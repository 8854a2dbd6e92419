#!/bin/bash
# test-broadband-unusable.sh: the Mobile Broadband panel with modems that
# are there and cannot be used, under Xvfb as the test user, against the
# real services. A modem in its USB storage mode (a loop device a real
# udev rule, matching only this test's backing file, makes a Huawei
# CD-ROM drive) gets a group that says so and names usb-modeswitch, live,
# and Add Connection… says why instead of “No Modem Found”; with the rule
# gone, the group goes. With NetworkManager restarted without its WWAN
# plugin, the fake modem ModemManager has gets a group that says
# NetworkManager cannot use it, and Add Connection… says why too. With a
# software installer on the session bus (a mock of GNOME Software's
# PackageKit Modify2, tests/gui/mock-packagekit.py), each group offers
# Install…, which asks for the file that mends it: usb_modeswitch, or
# NetworkManager's WWAN plugin for the version running.
# Screenshots in $PLUG_BUILD_DIR/screenshots (broadband-unusable-*.png).
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/system/lib-drives.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-broadband-gui.sh"

image=$images/BBUNUSABLE-modem-$$.img
our_images=("$image")
rules_file=/run/udev/rules.d/99-plugboard-test-broadband-unusable-$$.rules

retrigger () {
  udevadm control --reload
  udevadm trigger --subsystem-match=block --action=change "/sys/class/block/$(basename "$1")"
  udevadm settle --timeout=10
}
# Other tests share NetworkManager: it is left with its plugin.
cleanup () {
  local device
  stop_gui
  stop_packagekit
  if [ -f "$rules_file" ]; then
    rm -f "$rules_file"
    for device in $(losetup -j "$image" -O NAME -n 2>/dev/null); do retrigger "$device"; done
  fi
  remove_our_images
  "$PLUG_STACK" restart "$PLUG_STACK_DIR" NetworkManager >/dev/null 2>&1
  "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR" >/dev/null 2>&1
  gui_cleanup
}
trap cleanup EXIT

shot () { screenshot "$shots/broadband-unusable-$1.png"; }
STORAGE_TITLE="Modem in Storage Mode"
NOT_MANAGED_TITLE="NetworkManager Cannot Use This Modem"
storage_shown () { panel_says "$STORAGE_TITLE"; }
storage_gone () { ! panel_says "$STORAGE_TITLE"; }
not_managed_shown () { panel_says "$NOT_MANAGED_TITLE"; }

"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
as_tester truncate -s 8M "$image"
device=$(attach "$image")

installer_dir=$GUI_DIR/installer
mkdir -p "$installer_dir"
chmod 777 "$installer_dir"
desktop_id=$(sed -n 's/^#define APPLICATION_ID "\(.*\)"$/\1/p' "$PLUG_BUILD_DIR/config.h").desktop
# installer_asked FILE: the installer was asked, once since the last
# call, for FILE, on behalf of the app.
installer_asked () {
  jq -e -s --arg file "$1" --arg id "$desktop_id" \
    '. == [{"method": "InstallProvideFiles", "files": [$file], "interaction": "", "desktop_id": $id}]' \
    "$installer_dir/calls" >/dev/null 2>&1
}

start_xvfb
start_session_bus
start_packagekit "$installer_dir/calls" "$installer_dir/done"
start_broadband_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=broadband
wait_first_frame 30
wait_while_running 20 panel_says "No Modem Found"
check "without a modem the panel says none is found" panel_says "No Modem Found"

# --- a modem in storage mode, live ---
mkdir -p "$(dirname "$rules_file")"
cat >"$rules_file" <<RULES
SUBSYSTEM=="block", KERNEL=="loop*", ATTR{loop/backing_file}=="$image", ENV{ID_CDROM}="1", ENV{ID_BUS}="usb", ENV{ID_TYPE}="cd", ENV{ID_VENDOR}="HUAWEI", ENV{ID_VENDOR_ID}="12d1", ENV{ID_MODEL}="Mass_Storage", ENV{ID_MODEL_ID}="1f01", ENV{ID_VENDOR_FROM_DATABASE}="Huawei Technologies Co., Ltd.", ENV{ID_MODEL_FROM_DATABASE}="E353/E3131 (Mass storage mode)"
RULES
retrigger "$device"
wait_while_running 20 storage_shown
sleep 1
shot 1-storage-mode
check "a group says the modem is in storage mode" storage_shown
check "named after its maker" panel_says "Huawei Modem"
check "with its drive and USB ids" panel_says "$device · USB 12d1:1f01"
check "and what to install" panel_says "Install the “usb-modeswitch” package"
check "… offering to install it" a11y shows 'Install…' --window "$MAIN_WINDOW"
echo installed >"$installer_dir/done"
a11y_press 'Install…' --window "$MAIN_WINDOW" >/dev/null
wait_until 20 test -s "$installer_dir/calls"
check "Install… asks the installer for usb_modeswitch ($(cat "$installer_dir/calls" 2>/dev/null))" \
  installer_asked /usr/sbin/usb_modeswitch
wait_while_running 10 panel_says "unplug the modem and plug it in again"
check "once installed, it says to replug the modem" panel_says "Installed: unplug the modem and plug it in again"
rm -f "$installer_dir/calls"

key alt+a
wait_until 20 wizard_open
wait_while_running 10 wizard_says "$STORAGE_TITLE"
shot 2-storage-add
check "Add Connection… says the modem is in storage mode" wizard_says "usb_modeswitch is missing or has not run"
key Escape
wait_until 20 wizard_closed

rm -f "$rules_file"
retrigger "$device"
wait_while_running 20 storage_gone
check "with the rule gone, the group goes" storage_gone

# --- a modem NetworkManager does not manage ---
"$PLUG_STACK" restart "$PLUG_STACK_DIR" NetworkManager --without-wwan
plug ttyNOWWAN1 gsm --operator 22210
wait_while_running 40 not_managed_shown
sleep 1
shot 3-not-managed
check "a group says NetworkManager cannot use the modem" not_managed_shown
check "named after it" panel_says "Fake GSM Modem"
check "naming NetworkManager's WWAN plugin and its package" \
  panel_says "install the “network-manager” package again (“NetworkManager-wwan” on Fedora)"
nm_version=$(as_tester "$PLUGBOARDCTL" --json status | jq -r '.services[] | select(.name == "NetworkManager") | .version')
plugin=$(pkg-config --variable=libdir libnm)/NetworkManager/$nm_version/libnm-device-plugin-wwan.so
a11y_press 'Install…' --window "$MAIN_WINDOW" >/dev/null
wait_until 20 test -s "$installer_dir/calls"
check "Install… asks the installer for the WWAN plugin of NetworkManager $nm_version ($(cat "$installer_dir/calls" 2>/dev/null))" \
  installer_asked "$plugin"
check "… a file this NetworkManager has when its WWAN support is installed" test -f "$plugin"
wait_while_running 10 panel_says "Installed: restart NetworkManager"
shot 5-not-managed-installed
check "once installed, it says to restart NetworkManager" \
  panel_says "Installed: restart NetworkManager, or the computer, for it to use the modem"

key alt+a
wait_until 20 wizard_open
wait_while_running 10 wizard_says "$NOT_MANAGED_TITLE"
shot 4-not-managed-add
check "Add Connection… says why, instead of doing nothing" \
  wizard_says "NetworkManager’s mobile broadband support (its WWAN plugin, libnm-device-plugin-wwan.so) is missing"
key Escape
wait_until 20 wizard_closed

stop_gui
finish
