#!/bin/bash
# test-broadband-storage-mode.sh: a USB modem still in its storage mode,
# as udisks and udev see one before usb_modeswitch has run: a CD-ROM
# drive on the USB bus from a maker of modems. A real udev rule (in
# /run/udev/rules.d, matching only this test's backing file) gives a loop
# device the properties udev gives a Huawei E3131's CD-ROM (ID_CDROM,
# ID_BUS=usb, ID_VENDOR_ID=12d1, the hardware database's names), and only
# that device is triggered again. `broadband devices` lists it, not
# managed, with the reason and the usb-modeswitch package, in text and
# JSON; a CD-ROM of another vendor is not taken for a modem; with the rule
# gone, it is no longer listed.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-drives.sh"

image=$images/BBSTORAGE-modem-$$.img
our_images=("$image")
rules_file=/run/udev/rules.d/99-plugboard-test-broadband-storage-$$.rules

# retrigger DEVICE: udev applies the rules again to this device only.
retrigger () {
  udevadm control --reload
  udevadm trigger --subsystem-match=block --action=change "/sys/class/block/$(basename "$1")"
  udevadm settle --timeout=10
}
cleanup () {
  local device
  if [ -f "$rules_file" ]; then
    rm -f "$rules_file"
    for device in $(losetup -j "$image" -O NAME -n 2>/dev/null); do retrigger "$device"; done
  fi
  remove_our_images
}
trap cleanup EXIT

# write_rule VENDOR_ID: the rule, for a CD-ROM of that USB vendor.
write_rule () {
  mkdir -p "$(dirname "$rules_file")"
  cat >"$rules_file" <<RULES
# Plugboard test $$: a modem's CD-ROM drive before usb_modeswitch.
SUBSYSTEM=="block", KERNEL=="loop*", ATTR{loop/backing_file}=="$image", ENV{ID_CDROM}="1", ENV{ID_BUS}="usb", ENV{ID_TYPE}="cd", ENV{ID_VENDOR}="HUAWEI", ENV{ID_VENDOR_ID}="$1", ENV{ID_MODEL}="Mass_Storage", ENV{ID_MODEL_ID}="1f01", ENV{ID_VENDOR_FROM_DATABASE}="Huawei Technologies Co., Ltd.", ENV{ID_MODEL_FROM_DATABASE}="E353/E3131 (Mass storage mode)"
RULES
}

devices_json () { as_tester "$PLUGBOARDCTL" broadband devices --json; }
storage () { devices_json | jq -r --arg device "$device" ".[] | select(.device == \$device) | $1"; }
storage_is () { [ "$(storage "$1")" = "$2" ]; }
listed () { [ -n "$(storage .device)" ]; }
not_listed () { [ -z "$(storage .device)" ]; }
udev_says () { [ "$(udevadm info --query=property --property="$1" --value "$device")" = "$2" ]; }

REASON='It shows as a CD-ROM drive with the modem’s software, as it does until it is switched to a modem: usb_modeswitch is missing or has not run. Install the “usb-modeswitch” package, then unplug the modem and plug it in again'

as_tester truncate -s 8M "$image"
device=$(attach "$image")
check "the image is attached ($device)" test -b "$device"
check "without the rule it is no modem" not_listed

# --- a Huawei CD-ROM ---
write_rule 12d1
retrigger "$device"
check "udev gives it the CD-ROM's properties ($(udevadm info --query=property --property=ID_VENDOR_ID --value "$device"))" \
  udev_says ID_CDROM 1
wait_until 10 listed
check "broadband devices lists it ($(storage .device))" storage_is .device "$device"
check "with its USB ids ($(storage .usb_id))" storage_is .usb_id 12d1:1f01
check "its maker ($(storage .manufacturer))" storage_is .manufacturer "Huawei Technologies Co., Ltd."
check "and model ($(storage .model))" storage_is .model "E353/E3131 (Mass storage mode)"
check "as no interface" storage_is .interface null
check "not managed by NetworkManager" storage_is .managed_by_networkmanager false
check "the problem is its storage mode ($(storage .problem))" storage_is .problem storage-mode
check "the reason names usb_modeswitch and its package" storage_is .reason "$REASON"
text=$(as_tester "$PLUGBOARDCTL" broadband devices)
check "the text lists it" grep -qxF "Huawei Modem — $device, USB 12d1:1f01" <<<"$text"
check "and says why it cannot be used" grep -qxF "  Cannot be used: $REASON." <<<"$text"

# --- a CD-ROM of another vendor (a Sony drive) is no modem ---
write_rule 054c
retrigger "$device"
check "udev gives it the other vendor" udev_says ID_VENDOR_ID 054c
check "it is not listed" not_listed

# --- the rule gone ---
write_rule 12d1
retrigger "$device"
wait_until 10 listed
rm -f "$rules_file"
retrigger "$device"
check "without the rule udev says no CD-ROM" bash -c '[ -z "$(udevadm info --query=property --property=ID_CDROM --value "$1")" ]' _ "$device"
check "and it is no longer listed" not_listed

finish
