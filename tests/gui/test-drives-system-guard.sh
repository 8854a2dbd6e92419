#!/bin/bash
# test-drives-system-guard.sh: the Drives panel under Xvfb with a disk
# image that a real udev rule (UDISKS_IGNORE=1, matching only this
# image's backing file) asks applications to leave alone, next to one
# that is not claimed, as the test user against the real udisksd: the
# claimed drive says it is not changed by Plugboard and why, and offers
# no Reformat or Rename; the other one still does. Nothing is changed.
# tests/system/test-drives-system-guard.sh does the same with plugboardctl.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-drives-gui.sh"

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
rules_file=/run/udev/rules.d/99-plugboard-test-REL7-gui-guard-$$.rules

retrigger () {
  udevadm control --reload
  udevadm trigger --subsystem-match=block --action=change "/sys/class/block/$(basename "$1")"
  udevadm settle --timeout=10
}
guard_cleanup () {
  if [ -f "$rules_file" ]; then
    rm -f "$rules_file"
    [ -n "${claimed_device:-}" ] && retrigger "$claimed_device"
  fi
  drives_cleanup
}
trap guard_cleanup EXIT

hint () {
  busctl --address="$DBUS_SYSTEM_BUS_ADDRESS" --json=short get-property org.freedesktop.UDisks2 \
    "/org/freedesktop/UDisks2/block_devices/$(basename "$1")" org.freedesktop.UDisks2.Block "$2" | jq -r .data
}

claimed_image=$(new_image REL7-claimed.img 48M /sbin/mkfs.ext4 -q -L REL7CLAIMED)
free_image=$(new_image REL7-free.img 48M /sbin/mkfs.ext4 -q -L REL7FREE)
mkdir -p /run/udev/rules.d
cat >"$rules_file" <<RULES
# Plugboard's gui/test-drives-system-guard.sh: only its own backing file.
SUBSYSTEM=="block", KERNEL=="loop*", ATTR{loop/backing_file}=="$claimed_image", ENV{UDISKS_IGNORE}="1"
RULES
claimed_device=$(attach "$claimed_image")
free_device=$(attach "$free_image")
retrigger "$claimed_device"
wait_until 10 test "$(hint "$claimed_device" HintIgnore)" = true
check "udisks reports HintIgnore on $claimed_device, set by the udev rule" test "$(hint "$claimed_device" HintIgnore)" = true
check "… and not on $free_device" test "$(hint "$free_device" HintIgnore)" = false
hashes_before=$(sha256sum "$claimed_image" "$free_image")

start_xvfb
start_drives_panel
check "plugboard --panel=drives draws its first frame" test -s "$GUI_DIR/first-frame"
wait_until 20 panel_has_volume REL7FREE
wait_until 20 panel_has_volume REL7CLAIMED
sleep 0.5
shoot system-guard-1-panel
check "the claimed drive says Plugboard does not change it, and why" \
  says Plugboard "Not changed by Plugboard: The system asks applications to leave part of this drive alone"
# The description is two lines: what the drive is, then why not.
group_text () { drive_description "$(basename "$1")"; }
check "… on the claimed image's own group ($(group_text "$claimed_image" | tr '\n' '|'))" \
  grep -qF 'Not changed by Plugboard' <<<"$(group_text "$claimed_image")"
not_restricted () { [ -n "$(group_text "$1")" ] && ! grep -qF 'Not changed by Plugboard' <<<"$(group_text "$1")"; }
check "… and not on the free one ($(group_text "$free_image" | tr '\n' '|'))" not_restricted "$free_image"

# The claimed volume's row has no menu at all; the free one's has.
# The walker prints nothing for a window it cannot read, so the free
# volume's menu, read the same way, must be there.
claimed_menu=$(a11y shows "Actions for REL7CLAIMED" --window Plugboard)
free_menu=$(a11y shows "Actions for REL7FREE" --window Plugboard)
check "the claimed volume offers no actions to a screen reader either${claimed_menu:+ ($claimed_menu)}, the free one does${free_menu:+ ($free_menu)}" \
  test -z "$claimed_menu" -a -n "$free_menu"
open_volume_menu REL7FREE
keys r
wait_until 5 has_window '^Reformat REL7FREE$'
check "the only Reformat offered is the free image's" has_window '^Reformat REL7FREE$'
check "… none for the claimed one" no_window '^Reformat REL7CLAIMED$'
shoot system-guard-2-reformat
keys Escape
wait_until 5 no_window '^Reformat '

check "the app logged no warning or critical" sh -c "! grep -E 'WARNING|CRITICAL' '$GUI_DIR/app.log' >&2"
check "no image was changed" test "$(sha256sum "$claimed_image" "$free_image")" = "$hashes_before"

finish_drives
