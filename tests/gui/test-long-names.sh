#!/bin/bash
# test-long-names.sh: names that are data, in the Drives panel, the Rename
# dialog and the reformat wizard's confirmation under Xvfb, as the test
# user against the real udisksd and polkitd: a disk image whose file name
# is about 200 characters long and holds markup, an ext4 volume named
# <b>RELU</b>&amp, an exFAT volume named in Chinese characters, an ext4
# volume named in Hebrew and one named %n%n%n%s, a format string (in a
# file named with one too). Each is shown as the plain text it is (read as
# a screen reader reads it; both markups are malformed, so a widget that
# parsed one would warn, which is fatal here), no window grows wider
# than its default or the screen, and the device and size stay in view.
# Then the same panel and confirmation in a right-to-left locale (Hebrew).
# Nothing is changed on any image.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-drives-gui.sh"

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

# isolated WINDOW MARK LABEL: the confirmation's volume line starts with
# MARK (LRM or RLM) and holds LABEL between U+2068 and U+2069, marks and
# all, as a screen reader gets it.
isolated () {
  local rows
  rows=$(a11y rows --window "$1")
  grep -qF -- "$(printf 'row\tVolume\t%s\xe2\x80\x9c\xe2\x81\xa8%s\xe2\x81\xa9\xe2\x80\x9d' "$2" "$3")" <<<"$rows"
}
LRM=$'\xe2\x80\x8e'
RLM=$'\xe2\x80\x8f'
# fits WINDOW-ID WIDTH HEIGHT: the window is no larger than WIDTH×HEIGHT
# and lies on the 1280×800 screen.
fits () {
  local geometry x y width height
  # Without an id, xwininfo would wait for a click.
  [ -n "$1" ] || return 1
  geometry=$(timeout 5 xwininfo -id "$1" 2>/dev/null)
  x=$(awk '/Absolute upper-left X/ { print $NF }' <<<"$geometry")
  y=$(awk '/Absolute upper-left Y/ { print $NF }' <<<"$geometry")
  width=$(awk '/Width:/ { print $NF }' <<<"$geometry")
  height=$(awk '/Height:/ { print $NF }' <<<"$geometry")
  echo "window $1: ${width}x${height}+$x+$y" >&2
  [ -n "$width" ] && [ "$width" -le "$2" ] && [ "$height" -le "$3" ] &&
    [ "$x" -ge 0 ] && [ "$y" -ge 0 ] && [ $((x + width)) -le 1280 ] && [ $((y + height)) -le 800 ]
}
size_of () {
  [ -n "$1" ] || { echo "no window"; return; }
  timeout 5 xwininfo -id "$1" | awk '/Width:/ { w = $NF } /Height:/ { h = $NF } END { print w "x" h }'
}
# on_page WINDOW NAME: the reformat wizard titled WINDOW shows its step NAME.
on_page () { [ "$(wizard_step "$1")" = "$2" ]; }
# rename_reads LABEL DEVICE SIZE: the Rename dialog of LABEL is titled
# “Rename LABEL”, with DEVICE · SIZE under it, and LABEL in its field.
rename_reads () {
  local texts
  texts=$(shown_texts "Rename $1")
  grep -qxF -- "Rename $1" <<<"$texts" && grep -qxF -- "$2 · $3" <<<"$texts" &&
    [ "$(a11y entry Name --window "Rename $1")" = "$1" ] && return 0
  echo "the dialog reads: $(tr '\n' '|' <<<"$texts") “$(a11y entry Name --window "Rename $1")”" >&2
  return 1
}
no_warnings () { ! grep -E 'WARNING|CRITICAL' "$GUI_DIR/app.log"; }

# About 200 characters with the test's prefix, holding markup that is not
# even well-formed (an unclosed <b>, a bare &), as is the ext4 name's
# (&amp without its semicolon): a widget that parsed either would warn.
long_name="RELU-<b>Family & friends: photos from the summer holidays in the mountains, scanned negatives and the videos of grandmother's 90th birthday party, copied twice to be safe (2026).img"
long_image=$(new_image "$long_name" 64M /sbin/mkfs.ext4 -q -L '<b>RELU</b>&amp')
cjk_image=$(new_image RELU-写真アルバム.img 64M /sbin/mkfs.exfat -L '写真 2026')
rtl_image=$(new_image RELU-ארכיון.img 64M /sbin/mkfs.ext4 -q -L 'גיבוי 2026')
format_image=$(new_image 'RELU-%s%n.img' 64M /sbin/mkfs.ext4 -q -L '%n%n%n%s')
check "the long file name is $(basename "$long_image" | tr -d '\n' | wc -m) characters, with markup in it" \
  test "$(basename "$long_image" | tr -d '\n' | wc -m)" -ge 195
long_device=$(attach "$long_image")
cjk_device=$(attach "$cjk_image")
rtl_device=$(attach "$rtl_image")
format_device=$(attach "$format_image")
check "the test user attached the four images ($long_device, $cjk_device, $rtl_device, $format_device)" \
  test -n "$long_device" -a -n "$cjk_device" -a -n "$rtl_device" -a -n "$format_device"
wait_until 10 udisks_has "$rtl_device" '.label == "גיבוי 2026"'
wait_until 10 udisks_has "$format_device" '.label == "%n%n%n%s"'
hashes_before=$(sha256sum "$long_image" "$cjk_image" "$rtl_image" "$format_image")
check "a font with the glyphs of 写真 is installed (fonts-wqy-zenhei)" test -n "$(fc-list ':charset=5199 771f' family)"
check "GTK's Hebrew translation makes its direction right-to-left" \
  test "$(LANG=C.UTF-8 LANGUAGE=he gettext -d gtk40 default:LTR)" = default:RTL

start_xvfb
start_drives_panel
check "plugboard --panel=drives draws its first frame" test -s "$GUI_DIR/first-frame"
# The keys below count on the three rows being there.
wait_until 20 panel_has_volume "גיבוי 2026"
wait_until 20 panel_has_volume "写真 2026"
wait_until 20 panel_has_volume "<b>RELU</b>&amp"
wait_until 20 panel_has_volume "%n%n%n%s"
sleep 0.5
shoot long-names-1-panel
main=$(window '^Plugboard$')
check "the window stays at its default size on the screen ($(size_of "$main"))" fits "$main" 900 640
# format_size BYTES: the size as GLib writes it in the app's locale
# (67.1 MB, with a no-break space; in Hebrew with its own unit).
format_size () { /usr/bin/python3 -c 'import locale, sys; from gi.repository import GLib; locale.setlocale(locale.LC_ALL, ""); print(GLib.format_size(int(sys.argv[1])))' "$1"; }
size=$(as_tester "$PLUGBOARDCTL" drives list --json |
  jq -r --arg device "$long_device" '.[] | select(.volumes[0].device == $device) | .size')
size_text=$(LANG=C.UTF-8 format_size "$size")
diag "$size bytes is shown as “$size_text”"
check "the panel names the long image by its whole file name, with its size and path" \
  drive_says "$(basename "$long_image")" "Disk Image · $size_text · $long_image"
check "… and its volume by its name as it is: <b>RELU</b>&amp, with its device" \
  has_row Plugboard "<b>RELU</b>&amp" "ext4 · $size_text · $long_device"
check "the exFAT volume is 写真 2026, with its device" has_row Plugboard "写真 2026" "exFAT · $size_text · $cjk_device"
check "the Hebrew one is גיבוי 2026, with its device" has_row Plugboard "גיבוי 2026" "ext4 · $size_text · $rtl_device"
check "the format string one is %n%n%n%s, as it is, with its device" has_row Plugboard "%n%n%n%s" "ext4 · $size_text · $format_device"

# to_confirmation WINDOW: Enter on each step of a wizard just opened.
to_confirmation () {
  local page
  for page in purpose name scope; do
    wait_until 20 on_page "$1" $page
    keys Return
  done
  wait_until 20 on_page "$1" confirm
  sleep 0.5
}

# dialogs RANK TAG DEVICE LABEL FILESYSTEM IMAGE: Rename, then the reformat
# wizard's confirmation, for the volume at RANK in the panel, opened from
# its menu, found by its name.
dialogs () {
  local rank=$1 tag=$2 device=$3 label=$4 filesystem=$5 image=$6 dialog wizard
  open_volume_menu "$label"
  keys n
  wait_until 20 has_window "^Rename $label\$"
  dialog=$(window "^Rename $label\$")
  check "Rename opens for “$label”" test -n "$dialog"
  sleep 0.3
  shoot "long-names-rename-$tag" "$dialog"
  check "… at its default size on the screen ($(size_of "$dialog"))" fits "$dialog" 480 360
  check "… titled with the name as it is, its device and size under it" \
    rename_reads "$label" "$device" "$size_text"
  keys Escape
  wait_until 20 no_window "^Rename $label\$"

  keys Return r
  wait_until 20 has_window "^Reformat $label\$"
  wizard=$(window "^Reformat $label\$")
  check "the wizard opens for “$label”" test -n "$wizard"
  # ext4, the name as it is, this volume: the confirmation.
  to_confirmation "Reformat $label"
  shoot "long-names-confirm-$tag" "$wizard"
  check "… the confirmation stays at its default size on the screen ($(size_of "$wizard"))" fits "$wizard" 560 640
  check "… naming the drive by its file name, with device and size" \
    has_row "Reformat $label" Drive "$(basename "$image") · $device · $size_text"
  check "… the file, with its whole path" has_row "Reformat $label" "Disk Image File" "$image"
  check "… and the volume by its name as it is" \
    has_row "Reformat $label" Volume "“$label” · $filesystem · $device · $size_text · used space unknown: not mounted"
  check "… isolated, so that its script's direction does not reorder the line" isolated "Reformat $label" "$LRM" "$label"
  keys Escape
  wait_until 20 no_window "^Reformat $label\$"
  check "… and Escape closes it" no_window "^Reformat $label\$"
}

rank=0
for device in $(printf '%s\n' "$long_device" "$cjk_device" "$rtl_device" "$format_device" | sort -V); do
  rank=$((rank + 1))
  case $device in
    "$long_device") dialogs $rank markup "$device" '<b>RELU</b>&amp' ext4 "$long_image" ;;
    "$cjk_device") dialogs $rank cjk "$device" '写真 2026' exFAT "$cjk_image" ;;
    "$rtl_device") dialogs $rank hebrew "$device" 'גיבוי 2026' ext4 "$rtl_image" ;;
    "$format_device") dialogs $rank format "$device" '%n%n%n%s' ext4 "$format_image" ;;
  esac
done
check "the app logged no warning or critical: no name was parsed as markup" no_warnings
check "… and it ran throughout" kill -0 "$app_pid"
stop_gui

# --- right to left ----------------------------------------------------------

# GLib translates GTK's strings, and with them its direction, only when
# the app has a translation for the language too, or the locale is
# English: Plugboard has no Hebrew one, so this runs in an English locale
# with LANGUAGE=he, the locale built here (localedef) in a folder of the
# test's (LOCPATH), as the machine has none but C.
mkdir -p "$GUI_DIR/locale"
localedef -i en_US -f UTF-8 "$GUI_DIR/locale/en_US.UTF-8" 2>/dev/null
chmod -R a+rX "$GUI_DIR/locale"
check "an en_US.UTF-8 locale was built for the test" test -f "$GUI_DIR/locale/en_US.UTF-8/LC_CTYPE"
GUI_LANG=en_US.UTF-8 GUI_LANGUAGE=he LOCPATH=$GUI_DIR/locale start_drives_panel
wait_until 20 panel_has_volume "גיבוי 2026"
size_text=$(LANG=en_US.UTF-8 LANGUAGE=he LOCPATH=$GUI_DIR/locale format_size "$size" | LC_ALL=C sed -e 's/\xe2\x80\x8e//g' -e 's/\xe2\x80\x8f//g')
diag "right to left, $size bytes is shown as “$size_text”"
sleep 0.5
shoot long-names-rtl-1-panel
main=$(window '^Plugboard$')
check "right to left, the window stays at its default size on the screen ($(size_of "$main"))" fits "$main" 900 640
check "… with the long image listed" \
  drive_says "$(basename "$long_image")" "Disk Image · $size_text · $long_image"
open_volume_menu 'גיבוי 2026'
keys r
wait_until 20 has_window '^Reformat גיבוי 2026$'
wizard=$(window '^Reformat גיבוי 2026$')
check "… the wizard opens for גיבוי 2026" test -n "$wizard"
to_confirmation 'Reformat גיבוי 2026'
shoot long-names-rtl-2-confirm "$wizard"
check "… its confirmation fits the screen too ($(size_of "$wizard"))" fits "$wizard" 560 640
check "… naming the drive, device and size" \
  has_row 'Reformat גיבוי 2026' Drive "$(basename "$rtl_image") · $rtl_device · $size_text"
check "… and the volume line takes the interface's direction, right to left" isolated 'Reformat גיבוי 2026' "$RLM" 'גיבוי 2026'
keys Escape
wait_until 20 no_window '^Reformat '
check "right to left too, the app logged no warning or critical" no_warnings
stop_gui

check "no image was changed" test "$(sha256sum "$long_image" "$cjk_image" "$rtl_image" "$format_image")" = "$hashes_before"

finish_drives
