# lib-drives-gui.sh: disk images and key presses for the Drives panel's
# gui tests. Sourced after lib.sh and lib-gui.sh, not run.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The images are the test user's, attached through udisks as that user;
# the app runs as that user too, so polkit decides as it would for a
# person. Keys go through XTEST to the focused window, as typed keys.

images=$PLUG_IMAGES_DIR
shots=$PLUG_BUILD_DIR/screenshots
mkdir -p "$shots" "$images"
# Every image of the test is named after it, so that a test killed
# half-way leaves nothing the next run does not clean up.
image_prefix=$images/DUI-$(basename "$0" .sh | sed 's/^test-//')-

# remove_images [PREFIX]: unmount, detach and remove the test's images
# (or those whose path starts with PREFIX). Through
# udisks, as the test user, so that udisksd forgets them too: a loop
# device detached behind its back stays in its state file, and when the
# next test gets the same loop device, udisksd, restarted, drops that
# test's image as one it no longer knows. Then by hand, as root, for
# whatever udisks refused.
remove_images () {
  local image device volume
  for image in "${1:-$image_prefix}"*; do
    [ -f "$image" ] || continue
    # Only the test user's: the other lane's user has images here too.
    [ "$(stat -c %U "$image")" = "$PLUG_TEST_USER" ] || continue
    for device in $(losetup -j "$image" -O NAME -n 2>/dev/null); do
      for volume in "${device}p2" "${device}p1" "$device"; do
        [ -n "$(findmnt -n -o TARGET --source "$volume" 2>/dev/null)" ] &&
          as_tester udisksctl unmount --no-user-interaction --block-device "$volume" >/dev/null 2>&1
      done
      as_tester udisksctl loop-delete --no-user-interaction --block-device "$device" >/dev/null 2>&1
      # By device: mount points may have spaces in them.
      umount "${device}p2" "${device}p1" 2>/dev/null
      umount "$device" 2>/dev/null
      losetup -d "$device" 2>/dev/null
    done
    rm -f "$image"
  done
}

drives_cleanup () {
  stop_gui
  [ -f "$GUI_DIR/app.log" ] && cp "$GUI_DIR/app.log" "$shots/$(basename "$0" .sh).app.log"
  remove_images
  gui_cleanup
}
trap drives_cleanup EXIT
# The Drives gui tests run one after another (the "storage" lane of
# build-aux/run-tests), after the lane's system tests: the images any of
# them left behind, killed at its timeout, would add rows to this test's
# list. remove_images takes only the test user's, that is this lane's.
remove_images "$images/"

# new_image NAME SIZE MKFS-COMMAND…: a disk image of the test user's,
# formatted; prints its path.
new_image () {
  local image=$image_prefix$1
  rm -f "$image"
  as_tester truncate -s "$2" "$image"
  as_tester "${@:3}" "$image" >/dev/null
  echo "$image"
}

# attach IMAGE: the loop device udisks attached it at. Tried again after
# a while: right after a detach, udisksd may time out waiting for the new
# loop device's object ("Timed out waiting for object").
attach () {
  local device try
  for try in 1 2 3; do
    device=$(as_tester udisksctl loop-setup --no-user-interaction --file "$1" | grep -oE '/dev/loop[0-9]+')
    [ -n "$device" ] && { echo "$device"; return 0; }
    sleep 2
  done
  return 1
}
detach () { as_tester udisksctl loop-delete --no-user-interaction --block-device "$1" >/dev/null; }
blkid_value () { blkid -p -s "$1" -o value "$2" 2>/dev/null; }
udisks_volume () {
  as_tester "$PLUG_BUILD_DIR/app/cli/plugboardctl" drives list --json |
    jq -c --arg device "$1" '.[].volumes[] | select(.device == $device)'
}
# udisks_has DEVICE JQ-FILTER: udisks reports DEVICE, and as the filter says.
udisks_has () {
  local volume
  volume=$(udisks_volume "$1")
  [ -n "$volume" ] && jq_e "$2" <<<"$volume" >/dev/null
}
# hash_images IMAGE…: the checksum of every image in the stack's folder
# but those named.
hash_images () {
  local image skip=" $* "
  for image in "$images"/*; do
    [[ "$skip" == *" $image "* ]] && continue
    [ -f "$image" ] && sha256sum "$image"
  done
}
# seen_by_udisks IMAGE: IMAGE is attached, and udisks reports a loop
# device with it as its backing file.
seen_by_udisks () {
  local device
  for device in $(losetup -j "$1" -O NAME -n 2>/dev/null); do
    as_tester udisksctl info -b "$device" 2>/dev/null | grep -qxF "    BackingFile:        $1" && return 0
  done
  echo "$1 is not attached, or udisks does not report it" >&2
  return 1
}
# others_identical BEFORE IMAGE…: hash_images IMAGE… prints BEFORE again,
# BEFORE hashes at least one image, and each image hashed is attached and
# seen by udisks now: an image never attached (or none at all) stays
# byte-identical whatever the app does, so the check could not fail.
others_identical () {
  local before=$1 image; shift
  if [ -z "$before" ]; then
    echo "no other image was hashed before" >&2
    return 1
  fi
  while IFS= read -r image; do
    seen_by_udisks "$image" || return 1
  done < <(hash_images "$@" | cut -c67-)
  [ "$(hash_images "$@")" = "$before" ]
}

# window NAME-PATTERN: the id of the visible window whose title matches.
window () { xdotool search --onlyvisible --name "$1" 2>/dev/null | head -n 1; }
has_window () { [ -n "$(window "$1")" ]; }
# no_window TITLE: no visible window has TITLE, read twice 0.3 s apart.
# xdotool's search ends early, finding nothing, when a window goes away
# under its walk of the tree (an X error): while a wizard's page changes,
# one empty answer does not mean that the wizard closed.
no_window () { [ -z "$(window "$1")" ] && sleep 0.3 && [ -z "$(window "$1")" ]; }

# shoot FILE [WINDOW-ID]: the screen, or one window, as a person sees it.
# import waits a long time for a window that closed under it: one that is
# gone gives the screen instead.
shoot () {
  if [ -n "${2:-}" ] && xdotool getwindowname "$2" >/dev/null 2>&1; then
    timeout 10 import -display "$DISPLAY" -window "$2" "$shots/$1.png" && return 0
  fi
  timeout 10 import -display "$DISPLAY" -window root "$shots/$1.png"
}

# changed A B: how many pixels differ between two screenshots.
changed () { compare -metric AE "$shots/$1.png" "$shots/$2.png" null: 2>&1 | cut -d. -f1 | cut -d' ' -f1; }

# keys KEY…: key presses, with time for the app to answer each.
keys () {
  local key
  for key in "$@"; do
    xdotool key "$key"
    sleep 0.3
  done
}

# finish_drives: the TAP plan, with what the app said when a check failed.
finish_drives () {
  stop_gui
  if [ $tap_failed -gt 0 ] && [ -f "$GUI_DIR/app.log" ]; then
    diag "----- the app's output -----"
    tail -n 40 "$GUI_DIR/app.log" | sed 's/^/# /'
  fi
  finish
}

# start_drives_panel: Plugboard on the Drives panel, drawn; the keyboard
# focus then moves from the top of the window. There is no window manager:
# when a dialog closes, keys go to the window under the pointer, so it
# rests on an empty part of the main window, right of where dialogs open.
#
# The app speaks AT-SPI (lib-gui.sh: a11y), so that a test finds a control
# by its role and name, as a screen reader would, instead of counting Tab
# presses.
start_drives_panel () {
  [ -n "$GUI_SESSION_BUS" ] || start_session_bus
  GUI_A11Y=1 run_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=drives
  wait_first_frame 30 || return 1
  a11y wait-app 20 >/dev/null
  sleep 1.5
  xdotool mousemove 850 600
}

# open_volume_menu NAME: the menu of the volume named NAME, as its button
# is called to a screen reader (“Actions for NAME”); waits up to 10 s for
# the button to be shown. Fails, saying what the window shows, if it is not.
open_volume_menu () {
  local answer
  if answer=$(a11y_press "Actions for $1" --window Plugboard); then
    diag "$answer"
    sleep 0.5
    return 0
  fi
  diag "no menu button “Actions for $1”: $answer" "the window shows: $(a11y texts --window Plugboard | tr '\n' '|')"
  return 1
}

# --- the dialogs, as a screen reader reads them --------------------------------
#
# The walker's answers are read whole (into a variable) before they are
# searched: a grep -q that stops reading at its first match would leave
# the rest of the answer in the pipe, for the next question to read.

# plain: the words as read, without the invisible isolates (U+2068,
# U+2069) and direction marks (U+200E, U+200F) around names.
plain () {
  LC_ALL=C sed -e 's/\xe2\x81\xa8//g' -e 's/\xe2\x81\xa9//g' -e 's/\xe2\x80\x8e//g' -e 's/\xe2\x80\x8f//g'
}

# has_row WINDOW TITLE TEXT…: a list row shown in WINDOW is titled TITLE,
# its subtitle (the next lines of its labels) starting with the lines
# TEXT…, marks left out (plain). Says what rows it found when it fails.
has_row () {
  local window=$1 rows
  shift
  rows=$(a11y rows --window "$window" | plain)
  ROW=$(printf '%s\t' row "$@") awk 'index($0 "\t", ENVIRON["ROW"]) == 1 { found = 1 } END { exit !found }' <<<"$rows" &&
    return 0
  echo "no row “$*” in “$window”; its rows: $(grep '^row' <<<"$rows" | tr '\t\n' '|;')" >&2
  return 1
}

# panel_has_volume NAME: the Drives panel shows a volume's row titled NAME.
panel_has_volume () { has_row Plugboard "$1"; }

# says WINDOW TEXT: a label shown in WINDOW holds TEXT.
says () { window_says "$@"; }

# drive_description NAME: the lines of the description of the drive
# whose group is titled NAME, in the Drives panel (the label after its
# title), marks left out.
drive_description () {
  local rows
  rows=$(a11y rows --window Plugboard | plain)
  NAME=$1 awk -F'\t' '
    done { next }
    found && $1 == "text" { for (i = 2; i <= NF; i++) print $i; done = 1; next }
    found { done = 1; next }
    $1 == "text" && $2 == ENVIRON["NAME"] { found = 1 }' <<<"$rows"
}

# drive_says NAME TEXT: a line of that description is TEXT. Says what the
# description is when it is not.
drive_says () {
  local description
  description=$(drive_description "$1")
  grep -qxF -- "$2" <<<"$description" && return 0
  echo "the drive “$1” is described as: $(tr '\n' '|' <<<"${description:-nothing}")" >&2
  return 1
}

# wizard_step WINDOW: the step of the reformat wizard titled WINDOW, as
# its header says ("Step 2 of 4"): purpose, name, scope or confirm; or
# progress, shown by its title alone.
wizard_step () {
  local texts step
  texts=$(a11y texts --window "$1") || return 1
  step=$(grep -oE '^Step [0-9] of 4$' <<<"$texts" | cut -d' ' -f2)
  case $step in
    1) echo purpose ;;
    2) echo name ;;
    3) echo scope ;;
    4) echo confirm ;;
    *) window_says "$1" 'Reformatting…' && echo progress ;;
  esac
}

# wizard_choices WINDOW: what is checked in the wizard, on every step at
# once, those not shown yet too: "TYPE, this volume|whole drive,
# overwrite on|off, keep files on|off", TYPE as its choice names it
# ("Linux only (ext4)": ext4).
wizard_choices () {
  a11y objects --window "$1" --role 'check box' --all | awk -F'\t' '
    { checked = (" " $3 " ") ~ / checked / }
    $2 ~ /^check box “Overwrite/ { overwrite = checked ? "on" : "off"; next }
    $2 ~ /^check box “[^”]* \([^)]*\)/ && checked { type = $2; sub(/^[^(]*\(/, "", type); sub(/\).*/, "", type) }
    $2 ~ /^check box “This volume only/ && checked { scope = "this volume" }
    $2 ~ /^check box “The whole drive/ && checked { scope = "whole drive" }
    $2 ~ /^check box “Keep my files/ { keep = checked ? "on" : "off" }
    END { printf "%s, %s, overwrite %s, keep files %s\n", type ? type : "none", scope ? scope : "none", overwrite, keep }'
}

# wizard_focus WINDOW: the control with the keyboard focus, its name as
# read ("push button “Cancel”"): a button's name repeats its label,
# mnemonic and all, in GTK 4.8 ("_Cancel Cancel").
wizard_focus () {
  a11y focused --window "$1" | sed -E 's/“_(.+) \1”/“\1”/'
}

# wizard_page WINDOW: "STEP; choices: …" (wizard_step, wizard_choices).
wizard_page () { echo "$(wizard_step "$1"); choices: $(wizard_choices "$1")"; }

# --- what the app asks the session: suspend and logout held off -------------
#
# The test session has no session manager: gtk_application_inhibit()
# would find no one to ask. start_session_manager puts a mock
# org.gnome.SessionManager on the shared session bus
# (tests/gui/mock-session-manager.py), which GTK looks for when the app
# starts: start it before the app.

session_manager_pid=
session_manager_up () { mock_up org.gnome.SessionManager; }
start_session_manager () { start_mock session_manager_pid org.gnome.SessionManager mock-session-manager.py; }
stop_session_manager () { stop_mock session_manager_pid; }


# session_inhibitors: each inhibitor the session manager holds, one a
# line: "FLAGS<tab>APP-ID<tab>REASON" (flags: 1 logout, 4 suspend), as
# gnome-session-inhibit --list reads them.
session_inhibitors () {
  gui_command /usr/bin/python3 -c '
from gi.repository import Gio
bus = Gio.bus_get_sync(Gio.BusType.SESSION)
def call(path, interface, method):
    return bus.call_sync("org.gnome.SessionManager", path, interface, method,
                         None, None, Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
inhibitor = "org.gnome.SessionManager.Inhibitor"
for path in call("/org/gnome/SessionManager", "org.gnome.SessionManager", "GetInhibitors"):
    print("%d\t%s\t%s" % (call(path, inhibitor, "GetFlags"), call(path, inhibitor, "GetAppId"),
                          call(path, inhibitor, "GetReason")))'
}

# inhibited_for REASON: the session manager holds exactly one inhibitor,
# the app's, of suspend and logout (flags 5), for REASON. Says what it
# holds when it does not.
inhibited_for () {
  local held
  held=$(session_inhibitors) || { echo "could not ask the session manager: $held" >&2; return 1; }
  [ "$held" = "$(printf '5\t%s\t%s' "$(sed -n 's/^#define APPLICATION_ID "\(.*\)"$/\1/p' "$PLUG_BUILD_DIR/config.h")" "$1")" ] &&
    return 0
  echo "the session manager holds: $(tr '\t\n' ' |' <<<"${held:-nothing}")" >&2
  return 1
}

# not_inhibited: the session manager holds no inhibitor.
not_inhibited () {
  local held
  held=$(session_inhibitors) || { echo "could not ask the session manager: $held" >&2; return 1; }
  [ -z "$held" ] && return 0
  echo "the session manager still holds: $(tr '\t\n' ' |' <<<"$held")" >&2
  return 1
}

# drives_toasts: the title of every toast shown over the Drives panel
# now, one a line; each is kept in $GUI_DIR/drives-toasts-seen too.
# drives_toast_seen TEXT: one shown now, or read before, holds TEXT.
# drives_toast_said TEXT: as drives_toast_seen, or the panel logged that
# it showed a toast holding TEXT (needs GUI_DEBUG_DOMAINS to hold
# plugboard-drives). For a toast raised while the machine is busy with
# something else: AT-SPI may not walk the window within the toast's 10 s.
drives_toast_said () {
  drives_toast_seen "$1" || grep -qF -- "Toast: $1" "$GUI_DIR/app.log" 2>/dev/null
}
drives_toasts () { a11y toasts --window Plugboard | grep -v '^error ' | tee -a "$GUI_DIR/drives-toasts-seen"; }
drives_toast_seen () {
  local toasts
  toasts=$(drives_toasts)
  grep -qF -- "$1" <<<"$toasts" || grep -qF -- "$1" "$GUI_DIR/drives-toasts-seen" 2>/dev/null
}
