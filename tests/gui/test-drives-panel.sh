#!/bin/bash
# test-drives-panel.sh: the Drives panel under Xvfb, as the test user
# against the real udisksd: empty, a disk image attached while it is open,
# and detached again. It waits for the rows a screen reader finds in the
# panel, then compares screenshots. Screenshots in
# $PLUG_BUILD_DIR/screenshots.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"

shots=$PLUG_BUILD_DIR/screenshots
mkdir -p "$shots"
rows_start () { [[ "$(drives_panel_rows)" == "$1"* ]]; }
# A frame after the change the accessibility tree reports.
settle () { sleep 0.5; }
image=$PLUG_IMAGES_DIR/gui-photos.img
rm -f "$image"
as_tester truncate -s 96M "$image"
as_tester /sbin/mkfs.ext4 -q -L Photos "$image"

start_xvfb
start_session_bus
GUI_A11Y=1 run_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=drives
wait_first_frame 30
a11y wait-app 20 >/dev/null
check "plugboard --panel=drives draws its first frame" test -s "$GUI_DIR/first-frame"
wait_until 20 rows_start "0 drives"
check "the panel shows no drive ($(drives_panel_rows))" rows_start "0 drives"
settle
screenshot "$shots/drives-empty.png"
check "the empty Drives panel is drawn" test "$(distinct_colors "$shots/drives-empty.png")" -gt 50

device=$(as_tester udisksctl loop-setup --no-user-interaction --file "$image" | grep -oE '/dev/loop[0-9]+')
check "the test user attached an image ($device)" test -n "$device"
wait_until 20 rows_start "1 drives: $(basename "$image") $image: [$device ext4 Photos"
check "the panel shows the image and its volume ($(drives_panel_rows))" rows_start "1 drives: $(basename "$image") $image: [$device ext4 Photos"
settle
screenshot "$shots/drives-one-image.png"
changed=$(compare -metric AE "$shots/drives-empty.png" "$shots/drives-one-image.png" null: 2>&1)
check "the image appears in the open panel ($changed pixels changed)" test "${changed%%.*}" -gt 5000

as_tester udisksctl loop-delete --no-user-interaction --block-device "$device" >/dev/null
wait_until 20 rows_start "0 drives"
check "detached, the panel shows no drive again ($(drives_panel_rows))" rows_start "0 drives"
settle
screenshot "$shots/drives-detached.png"
changed=$(compare -metric AE "$shots/drives-empty.png" "$shots/drives-detached.png" null: 2>&1)
check "detached, the panel is empty again ($changed pixels differ)" test "${changed%%.*}" -lt 200

stop_gui
rm -f "$image"
finish
