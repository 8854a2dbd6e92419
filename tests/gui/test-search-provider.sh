#!/bin/bash
# test-search-provider.sh: GNOME Shell's search, as the shell asks it
# (org.gnome.Shell.SearchProvider2 on the app's bus name, with gdbus),
# under Xvfb, as the test user against the real udisksd: "format" finds
# the Drives panel and "driver" the Graphics one; a disk image's label
# finds the drive, and a disk image root attached does not (the Drives
# panel's list, never the system's disks); the results are named as the
# panel names them; activating the drive shows the Drives panel with the
# drive's row focused, read back as a screen reader reads it.
#
# Connections are not searched here: this lane runs beside the network
# lane, whose tests count NetworkManager's connections. The unit test
# (test-search-match) covers matching a connection's name.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-drives-gui.sh"

app_id=$(sed -n 's/^#define APPLICATION_ID "\(.*\)"$/\1/p' "$PLUG_BUILD_DIR/config.h")
provider_path=/${app_id//.//}/SearchProvider

# search METHOD ARGS…: the provider's answer, as gdbus prints it.
search () {
  gui_command gdbus call --session --dest "$app_id" --object-path "$provider_path" \
    --method "org.gnome.Shell.SearchProvider2.$1" "${@:2}" 2>&1
}
# results TERMS: GetInitialResultSet's ids, one a line; fails, saying
# what gdbus said, when the provider did not answer.
results () {
  local answer
  answer=$(search GetInitialResultSet "$1")
  case $answer in
    "(["*|"(@as []"*) { grep -oE "'[^']*'" <<<"$answer" || true; } | tr -d "'" ;;
    *) echo "no answer: $answer" >&2; return 1 ;;
  esac
}
# finds TERMS ID: the results for TERMS hold ID; says what they are when not.
finds () {
  local found
  found=$(results "$1")
  grep -qxF -- "$2" <<<"$found" && return 0
  echo "the results for $1 are: $(tr '\n' ' ' <<<"${found:-none}")" >&2
  return 1
}
misses () {
  local found
  found=$(results "$1") || return 1
  ! grep -qxF -- "$2" <<<"$found" && return 0
  echo "the results for $1 are: $(tr '\n' ' ' <<<"$found")" >&2
  return 1
}
# finds_none TERMS PREFIX: the results for TERMS hold no id starting
# with PREFIX (panel:, drive:).
finds_none () {
  local found
  found=$(results "$1") || return 1
  ! grep -q "^$2" <<<"$found" && return 0
  echo "the results for $1 are: $(tr '\n' ' ' <<<"$found")" >&2
  return 1
}
answers () { search GetInitialResultSet "['format']" | grep -q '^(\['; }
subsearch_narrows () {
  [ "$(search GetSubsearchResultSet "['panel:drives', 'panel:graphics']" "['forma']")" = "(['panel:drives'],)" ]
}
launches () { [ "$(search LaunchSearch "['format']" 0)" = "()" ]; }
# focused_row: the label of what has the keyboard focus in the main window.
focused_row () { a11y focused --window Plugboard; }
focus_on () { [[ "$(focused_row)" == "list item “$1"* ]]; }

image=$(new_image search.img 64M /sbin/mkfs.ext4 -q -L DUISEARCHME)
device=$(attach "$image")
wait_until 10 udisks_has "$device" '.label == "DUISEARCHME"'
check "the test user attached a disk image labelled DUISEARCHME ($device)" seen_by_udisks "$image"
drive_id=drive:/org/freedesktop/UDisks2/block_devices/$(basename "$device")

# Root's: attached by root, so that the Drives panel does not list it,
# as it does not list the system's disks.
root_image=${image_prefix}root.img
rm -f "$root_image"
truncate -s 32M "$root_image"
/sbin/mkfs.ext4 -q -L DUISEARCHROOT "$root_image"
root_device=$(losetup --find --show "$root_image")
remove_root_image () {
  [ -n "$root_device" ] && losetup -d "$root_device" 2>/dev/null
  rm -f "$root_image"
}
trap 'remove_root_image; drives_cleanup' EXIT

# On another panel: activating the drive must switch.
start_xvfb
start_session_bus
GUI_A11Y=1 run_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=graphics
wait_first_frame 30
a11y wait-app 20 >/dev/null
check "plugboard --panel=graphics draws its first frame" test -s "$GUI_DIR/first-frame"
xdotool mousemove 850 600

check "the provider answers at $provider_path ($(search GetInitialResultSet "['format']"))" answers
check "“format” finds the Drives panel" finds "['format']" panel:drives
check "… and not the Graphics panel" misses "['format']" panel:graphics
check "“driver” finds the Graphics panel" finds "['driver']" panel:graphics
check "… and not the Drives panel" misses "['driver']" panel:drives
check "“usb stick” finds the Drives panel: every term must match" finds "['usb', 'stick']" panel:drives
check "“usb modem” finds no panel" finds_none "['usb', 'modem']" panel:

# The drive list fills in as udisks answers the app: waited for.
wait_until 20 finds "['DUISEARCHME']" "$drive_id"
check "the image's label finds the drive ($drive_id)" finds "['DUISEARCHME']" "$drive_id"
check "… in lower case, its start" finds "['duisearch']" "$drive_id"
check "… not with another word that matches nothing" misses "['DUISEARCHME', 'nomatchanywhere']" "$drive_id"
check "a disk image root attached is not found" finds_none "['DUISEARCHROOT']" drive:
check "GetSubsearchResultSet narrows the results" subsearch_narrows

metas=$(search GetResultMetas "['panel:drives', '$drive_id']")
check "the Drives panel's result is called Drives" grep -qF "'name': <'Drives'>" <<<"$metas"
check "the drive's result is called as its group is ($(basename "$image"))" \
  grep -qF "'name': <'$(basename "$image")'>" <<<"$metas"
check "… and names its volume" grep -qF "DUISEARCHME" <<<"$metas"
check "each result has an icon" test "$(grep -o "'gicon'" <<<"$metas" | wc -l)" = 2
[ $tap_failed -eq 0 ] || diag "the metas: $metas"

search ActivateResult "$drive_id" "['DUISEARCHME']" 0 >/dev/null
wait_until 20 focus_on DUISEARCHME
check "activating the drive shows the Drives panel ($(drives_panel_rows))" \
  window_shows Plugboard DUISEARCHME
check "… with the drive's row focused ($(focused_row))" focus_on DUISEARCHME
shoot search-activated

search ActivateResult panel:graphics "['driver']" 0 >/dev/null
drive_hidden () { ! window_shows Plugboard DUISEARCHME; }
wait_until 10 drive_hidden
check "activating the Graphics panel's result shows it instead" drive_hidden

check "LaunchSearch answers" launches

finish_drives
