#!/bin/bash
# test-accessible-names.sh: what a screen reader finds in Plugboard. The
# app runs with accessibility on, as the test user against the real
# daemons, with real things to show: a FAT32 disk image, two scripted
# modems and made-up GPUs. Reached with the keyboard alone, each panel,
# each page of the two wizards, the main menu and a volume's menu are read
# over AT-SPI (tests/gui/a11y-walk.py): every control shown must have a
# name. The Reformat wizard is finished with key presses only, and blkid
# reads the result; last, a third modem with a locked SIM is read too.
# Screenshots in $PLUG_BUILD_DIR/screenshots (a11y-*.png).
#
# test-accessible-names.sh storage|network does only the Drives part or
# only the rest (the modems, the wizard, the main menu, Graphics), so that
# each can run in its lane of build-aux/run-tests; with no argument, all.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-drives-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-broadband-gui.sh"

PART=${1:-all}
part () { [ "$PART" = all ] || [ "$PART" = "$1" ]; }

PLUGBOARD=$PLUG_BUILD_DIR/app/shell/plugboard
WALK=$PLUG_SOURCE_DIR/tests/gui/a11y-walk.py
fixtures=$PLUG_SOURCE_DIR/tests/fixtures/gpus
modules=$PLUG_BUILD_DIR/tests/unit/gpu-modules/lib/modules/6.1.0-plug

# The images of this test carry the A11Y prefix and the part's name: the
# two parts run at the same time, and each removes its own images.
image_prefix=$images/A11Y-accessible-names-$PART-
remove_images

cleanup () {
  drives_cleanup
  if part network; then
    delete_all_connections
    "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR" >/dev/null 2>&1
  fi
}
trap cleanup EXIT

if ldd "$PLUGBOARD" 2>/dev/null | grep 'libasan\.so' >/dev/null; then
  export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
fi

# walk COMMAND ARGS…: the walker, as the test user, on the app's session
# bus (where org.a11y.Bus lives).
walk () { gui_command /usr/bin/python3 "$WALK" "$@"; }

# names WHAT MINIMUM WALK-ARGS…: one TAP line: every control shown in WHAT
# has a name, and there are at least MINIMUM of them (an empty tree must
# not pass). Offenders are named in the line and, with the whole tree,
# in the test log.
names () {
  local what=$1 minimum=$2; shift 2
  local out count offenders
  out=$(walk check "$@" 2>&1)
  count=$(sed -n 's/^controls //p' <<<"$out")
  offenders=$(sed -n 's/^offender //p' <<<"$out")
  if [ -n "$count" ] && [ "$count" -ge "$minimum" ] && [ -z "$offenders" ]; then
    ok "$what: all $count controls shown have a name"
  else
    not_ok "$what: ${count:-no} controls (at least $minimum expected)${offenders:+, without a name: $(paste -sd ';' <<<"$offenders")}"
    sed 's/^/# /' <<<"$out"
    walk dump "$@" 2>&1 | sed 's/^/# /'
  fi
}

# focused [WINDOW]: the label of the object with the keyboard focus.
focused () { walk focused ${1:+--window "$1"}; }
focused_is () { [ "$(focused "${2:-}")" = "$1" ]; }

# tab_to LABEL [WINDOW]: Tab until the focus is on LABEL (30 presses at most).
tab_to () {
  local _
  for _ in $(seq 30); do
    focused_is "$1" "${2:-}" && return 0
    xdotool key Tab
    sleep 0.2
  done
  focused_is "$1" "${2:-}"
}

# --- what there is to show ---------------------------------------------------

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
if part network; then
delete_all_connections
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
plug ttyA11Y0 gsm --operator 22210
plug ttyA11Y1 cdma
wait_until 30 modem_is ttyA11Y0 .registration home
wait_until 30 modem_is ttyA11Y1 .family cdma
check "two scripted modems are plugged in" modem_is ttyA11Y0 .sim.operator_code 22210
as_tester "$PLUGBOARDCTL" broadband add --device ttyA11Y0 --apn internet --name "A11Y Work" >/dev/null
check "a connection “A11Y Work” for the GSM modem, made with plugboardctl" test -n "$(keyfile "A11Y Work")"
fi

if part storage; then
fat_image=$(new_image fat.img 96M /sbin/mkfs.vfat -F 32 -n A11YFAT)
fat_device=$(attach "$fat_image")
wait_until 10 udisks_has "$fat_device" '.label == "A11YFAT"'
check "the test user attached a FAT32 disk image ($fat_device)" udisks_has "$fat_device" '.label == "A11YFAT"'
bystander_image=$(new_image bystander.img 32M /sbin/mkfs.ext4 -q -L A11YBYST)
bystander_device=$(attach "$bystander_image")
wait_until 10 udisks_has "$bystander_device" '.label == "A11YBYST"'
check "the test user attached a bystander image ($bystander_device)" seen_by_udisks "$bystander_image"
others_before=$(hash_images "$fat_image")
fi

# The GPUs of a hybrid laptop, as test-graphics-panel.sh makes them up.
root=$GUI_DIR/roots/hybrid
mkdir -p "$root/usr/share/misc" "$root/proc" "$root/sys/power" "$root/sys/module/nvidia"
cp "$fixtures/pci.ids" "$root/usr/share/misc/pci.ids"
echo 'BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro resume=/dev/sda3 quiet' >"$root/proc/cmdline"
echo 'freeze mem disk' >"$root/sys/power/state"
echo 's2idle [deep]' >"$root/sys/power/mem_sleep"
printf 'Filename\tType\tSize\tUsed\tPriority\n/dev/sda3 partition\t16777212\t0\t-2\n' >"$root/proc/swaps"
printf 'MemTotal:        8388608 kB\n' >"$root/proc/meminfo"
echo 535.183.01 >"$root/sys/module/nvidia/version"
chmod -R a+rX "$GUI_DIR/roots"

# --- the app, with accessibility on ------------------------------------------

start_xvfb
start_session_bus
GUI_A11Y=1 run_gui env PLUG_TEST_SYSFS_ROOT="$root" PLUG_TEST_MODULES_DIRECTORY="$modules" \
  PLUGBOARD_RENDERER_PROBE="$PLUG_BUILD_DIR/app/probe/plugboard-renderer-probe" LIBGL_ALWAYS_SOFTWARE=1 \
  umockdev-run -d "$fixtures/hybrid-nvidia.umockdev" -- "$PLUGBOARD" --panel=broadband
wait_first_frame 30
check "plugboard --panel=broadband draws its first frame" test -s "$GUI_DIR/first-frame"
sleep 2
xdotool mousemove 850 600
main=$(window '^Plugboard$')

found=$(walk wait-app 20 2>&1)
check "the accessibility bus started and the walker sees the app ($found)" grep -q '^found' <<<"$found"
check "… on its own bus, started by the session bus" \
  gui_command gdbus call --session --dest org.a11y.Bus --object-path /org/a11y/bus --method org.a11y.Bus.GetAddress

# --- Mobile Broadband ---------------------------------------------------------

if part network; then

work_listed () { [ "$(connections_of ttyA11Y0)" = 1 ]; }
wait_while_running 20 work_listed
sleep 1
shoot a11y-1-broadband "$main"
names "Mobile Broadband panel" 8 --window Plugboard --xid "$main"

# The connection's row, opened with the keyboard: its fields and buttons.
check "Tab reaches the connection's row" tab_to 'list item “A11Y Work”' Plugboard
keys space
sleep 1
shoot a11y-1-broadband-connection "$main"
names "Mobile Broadband panel, a connection's settings" 14 --window Plugboard --xid "$main"

# The Add Connection wizard: its mnemonic, then one page after another
# with Return; two modems, so it asks which first.
keyfiles_before=$(keyfile_count)
keys alt+a
wait_while_running 20 page_is device
wizard=$(window '^Add Mobile Broadband Connection$')
check "alt+A opens the Add Connection wizard on its modem step" page_is device
shoot a11y-2-wizard-device "$wizard"
names "Add Connection wizard, modem step" 4 --window "Add Mobile Broadband Connection" --xid "$wizard"
keys Down Return
wait_while_running 10 page_is country
shoot a11y-2-wizard-country "$wizard"
names "Add Connection wizard, country step" 4 --window "Add Mobile Broadband Connection" --xid "$wizard"
keys Return
wait_while_running 10 page_is provider
shoot a11y-2-wizard-provider "$wizard"
names "Add Connection wizard, provider step" 4 --window "Add Mobile Broadband Connection" --xid "$wizard"
keys Return
wait_while_running 10 page_is plan
shoot a11y-2-wizard-plan "$wizard"
names "Add Connection wizard, plan step" 4 --window "Add Mobile Broadband Connection" --xid "$wizard"
keys Return
wait_while_running 10 page_is review
shoot a11y-2-wizard-review "$wizard"
names "Add Connection wizard, review step" 4 --window "Add Mobile Broadband Connection" --xid "$wizard"
keys Escape
wait_until 20 wizard_closed
check "Escape closes the wizard, and nothing was added" test "$(keyfile_count)" = "$keyfiles_before"

# Again, for a provider that is not listed: the plan step then asks for
# the settings, a password among them.
keys alt+a
wait_while_running 20 page_is device
wizard=$(window '^Add Mobile Broadband Connection$')
keys Down Return
wait_while_running 10 page_is country
keys Return
wait_while_running 10 page_is provider
xdotool type --delay 40 'no such provider'
keys Return
wait_while_running 10 page_is plan
shoot a11y-2-wizard-plan-manual "$wizard"
names "Add Connection wizard, plan step with the settings typed in" 6 \
  --window "Add Mobile Broadband Connection" --xid "$wizard"
keys Escape
wait_until 20 wizard_closed

# --- the main menu -------------------------------------------------------------

keys F10
sleep 0.5
shoot a11y-3-main-menu
names "main menu" 3 --window Plugboard --within menu
keys Escape
fi

# --- Drives, reached with Tab ---------------------------------------------------

if part storage; then

check "Tab reaches the Drives tab of the view switcher" tab_to 'page tab “Drives”' Plugboard
keys space
wait_until 10 focused_is 'page tab “Drives”' Plugboard
sleep 1.5
shoot a11y-4-drives "$main"
names "Drives panel" 4 --window Plugboard --xid "$main"

check "Tab reaches the volume's ⋮ menu button" tab_to 'push button “Actions for A11YFAT”' Plugboard
keys Return
sleep 0.5
shoot a11y-5-volume-menu
names "the volume's ⋮ menu" 2 --window Plugboard --within menu
keys Escape

# --- the Reformat wizard, with key presses only ---------------------------------

keys alt+r
wait_until 20 has_window '^Reformat A11YFAT$'
check "alt+R opens the Reformat wizard for A11YFAT" has_window '^Reformat A11YFAT$'
reformat=$(window '^Reformat A11YFAT$')
sleep 0.5
shoot a11y-6-reformat-purpose "$reformat"
names "Reformat wizard, purpose step" 8 --window "Reformat A11YFAT" --xid "$reformat"
# ext4 has the focus (a disk image's default); exFAT is the row above.
keys Up space
check "Up and Space choose exFAT" walk query --window "Reformat A11YFAT" --checked 'check box “Works with all computers, files of any size (exFAT)'
keys Return
sleep 0.5
shoot a11y-6-reformat-name "$reformat"
names "Reformat wizard, name step" 3 --window "Reformat A11YFAT" --xid "$reformat"
keys ctrl+a
xdotool type --delay 40 'A11Y KEYS'
keys Return
sleep 0.5
shoot a11y-6-reformat-scope "$reformat"
names "Reformat wizard, scope step" 5 --window "Reformat A11YFAT" --xid "$reformat"
keys Return
sleep 1
shoot a11y-6-reformat-confirm "$reformat"
names "Reformat wizard, confirmation" 3 --window "Reformat A11YFAT" --xid "$reformat"
check "… and nothing was changed yet" test "$(blkid_value LABEL "$fat_device")" = A11YFAT
keys alt+e
wait_until 60 no_window '^Reformat A11YFAT$'
check "alt+E reformats, and the wizard closes when done" no_window '^Reformat A11YFAT$'
if has_window '^Reformat A11YFAT$'; then
  # What it shows instead: an error, or a step that did not end.
  shoot a11y-6-reformat-not-closed "$reformat"
  diag "the wizard still shows:"
  walk texts --window "Reformat A11YFAT" --xid "$reformat" 2>&1 | head -n 40 | sed 's/^/#   /'
fi
check "blkid reads exFAT “A11Y KEYS” on $fat_device" \
  test "$(blkid_value TYPE "$fat_device")|$(blkid_value LABEL "$fat_device")" = "exfat|A11Y KEYS"
check "the other disk images are byte-identical" others_identical "$others_before" "$fat_image"
sleep 1
shoot a11y-7-drives-after "$main"
fi

# --- Graphics, reached with Tab --------------------------------------------------

if part network; then

check "Tab reaches the Graphics tab of the view switcher" tab_to 'page tab “Graphics”' Plugboard
keys space
sleep 2
shoot a11y-8-graphics "$main"
names "Graphics panel" 4 --window Plugboard --xid "$main"

# --- a locked SIM, back on Mobile Broadband -----------------------------------

plug ttyA11Y2 gsm --pin 1234
wait_until 30 modem_is ttyA11Y2 '.sim.retries["sim-pin"]' 3
check "Tab reaches the Mobile Broadband tab of the view switcher" tab_to 'page tab “Mobile Broadband”' Plugboard
keys space
wait_while_running 20 sim_row_says "Enter the SIM’s PIN to use the modem"
sleep 1
shoot a11y-9-broadband-locked-sim "$main"
check "the panel offers to unlock the third modem's SIM" sim_row_says "Enter the SIM’s PIN to use the modem"
names "Mobile Broadband panel with a locked SIM" 20 --window Plugboard --xid "$main"
fi

if part storage; then
  mount_point=$(findmnt -n -o TARGET --source "$fat_device")
  [ -n "$mount_point" ] && as_tester udisksctl unmount --no-user-interaction -b "$fat_device" >/dev/null
fi
finish_drives
