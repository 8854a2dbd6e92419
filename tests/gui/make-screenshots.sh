#!/bin/bash
# make-screenshots.sh: the metainfo's screenshots (data/screenshots/) and
# the help's figures of panels and wizards (help/C/figures/), made from
# friendly data: a person's disk images, a real provider's SIM in a modem,
# the made-up GPUs of the gui tests, rendering as on real ones. They look
# as GNOME's own apps do in GNOME Software: a close button alone in the
# header bar, no focus rings (the wizards and dialogs are clicked through
# with the pointer), no warnings in the metainfo's pictures. Run on
# demand, never by meson test.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage, as root, with a build of the default profile (the development
# profile's striped header bar must not reach GNOME Software) and a stack
# of the real daemons whose test user has a friendly name, since it shows
# in the pictures (/home/alex/…, /media/alex/…):
#
#   meson setup _build-release -Dprofile=default && ninja -C _build-release
#   PLUG_TEST_USER=alex tests/harness/plug-stack up /tmp/stack
#   PLUG_STACK_DIR=/tmp/stack tests/gui/make-screenshots.sh _build-release [PART…]
#   tests/harness/plug-stack down /tmp/stack
#
# PART is drives, broadband or graphics; all three by default. The
# pictures replace those in the source tree only when every step of their
# part went as planned (TAP lines say which did not); with PLUG_SHOTS_OUT
# set they go there instead. Everything the script creates (disk images in
# the user's home, mounts, connections, the modem, the helper, GTK's
# settings file) it removes again, and it refuses to start where it would
# have to touch what is not its own: a file in the way, or modems plugged
# into the stack already.
# Open every picture afterwards and judge it as a user would.

set -uo pipefail

PLUG_SOURCE_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
export PLUG_SOURCE_DIR
[ $# -ge 1 ] || { echo "usage: make-screenshots.sh BUILD_DIR [drives|broadband|graphics…]" >&2; exit 2; }
PLUG_BUILD_DIR=$(realpath "$1")
export PLUG_BUILD_DIR
shift
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(drives broadband graphics)

[ "$(id -u)" = 0 ] || { echo "make-screenshots.sh: run it as root, as the tests are" >&2; exit 2; }
if ! grep -q '^#define DEVELOPMENT_BUILD 0$' "$PLUG_BUILD_DIR/config.h" 2>/dev/null; then
  echo "make-screenshots.sh: $PLUG_BUILD_DIR is not a build of the default profile (meson setup -Dprofile=default)" >&2
  exit 2
fi

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-drives-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-broadband-gui.sh"

PLUGBOARD=$PLUG_BUILD_DIR/app/shell/plugboard
user_home=$(getent passwd "$PLUG_TEST_USER" | cut -d: -f6)
shots=$PLUG_BUILD_DIR/screenshots/make-screenshots
mkdir -p "$shots"
metainfo_dir=${PLUG_SHOTS_OUT:-$PLUG_SOURCE_DIR}/data/screenshots
figures_dir=${PLUG_SHOTS_OUT:-$PLUG_SOURCE_DIR}/help/C/figures

# What the script created, removed again at the end.
created_files=()
created_dirs=()
attached_devices=()
connections=()
modems_plugged=0
helper_pid=
polkit_before=$(cat "$PLUG_STACK_DIR/polkit-answer" 2>/dev/null || echo allow)

# stop_helper: the helper started below, and umockdev-run around it.
stop_helper () {
  local i
  [ -n "$helper_pid" ] || return 0
  for i in $(descendants "$helper_pid") "$helper_pid"; do kill -TERM "$i" 2>/dev/null; done
  wait "$helper_pid" 2>/dev/null
  helper_pid=
}

cleanup () {
  local device volume i
  stop_gui
  stop_helper
  for i in "${connections[@]}"; do
    as_tester "$PLUGBOARDCTL" broadband delete "$i" >/dev/null 2>&1
  done
  [ "$modems_plugged" = 1 ] && "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR" >/dev/null 2>&1
  is_mm_running || "$PLUG_STACK" mm-start "$PLUG_STACK_DIR" >/dev/null 2>&1
  for device in "${attached_devices[@]}"; do
    for volume in "${device}p1" "$device"; do
      [ -n "$(findmnt -n -o TARGET --source "$volume" 2>/dev/null)" ] &&
        as_tester udisksctl unmount --no-user-interaction --block-device "$volume" >/dev/null 2>&1
    done
    as_tester udisksctl loop-delete --no-user-interaction --block-device "$device" >/dev/null 2>&1
  done
  for i in "${created_files[@]}"; do rm -f "$i"; done
  for ((i = ${#created_dirs[@]} - 1; i >= 0; i--)); do rmdir "${created_dirs[$i]}" 2>/dev/null; done
  "$PLUG_STACK" polkit "$PLUG_STACK_DIR" "$polkit_before" >/dev/null 2>&1
  gui_cleanup
}
trap cleanup EXIT

is_mm_running () { [ -n "$(find "$PLUG_STACK_DIR/pids" -name ModemManager 2>/dev/null)" ]; }

# --- pictures ----------------------------------------------------------------

# The main window is at 0,0 (Xvfb has no window manager), 900 × 640.
main_window () { xdotool search --onlyvisible --name '^Plugboard$' 2>/dev/null | head -n 1; }

# centre WINDOW-ID: a dialog where a window manager puts it, over the
# middle of the main window, instead of at 0,0.
centre () {
  local X Y WIDTH HEIGHT SCREEN
  eval "$(xdotool getwindowgeometry --shell "$1")"
  xdotool windowmove "$1" $(((900 - WIDTH) / 2)) $(((640 - HEIGHT) / 2))
  sleep 0.5
}

# dialog_window: the newest of the app's windows but the main one (a
# message dialog has no title to find it by).
dialog_window () {
  local pid main
  main=$(main_window)
  for pid in $(descendants "$app_pid"); do
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = plugboard ] || continue
    xdotool search --onlyvisible --pid "$pid" 2>/dev/null | grep -vx "$main" | tail -n 1
  done
}

# rest_pointer X Y: the pointer where it highlights nothing; keys go to the
# window under it.
rest_pointer () { xdotool mousemove "$1" "$2"; sleep 0.3; }

# shot_main NAME: the main window, with any dialog over it.
shot_main () {
  import -display "$DISPLAY" -window root "$shots/$1.full.png"
  convert "$shots/$1.full.png" -crop 900x640+0+0 +repage "$shots/$1.png"
  rm -f "$shots/$1.full.png"
}

# shot_window NAME WINDOW-ID: one window alone.
shot_window () {
  timeout 10 import -display "$DISPLAY" -window "$2" "$shots/$1.png"
}

# close_only NAME: the main window's header bar ends in the close button
# alone (gtk_settings): where the minimize button was, left of the main
# menu's, the header bar is blank.
close_only () {
  [ "$(convert "$shots/$1.png" -crop 30x30+782+12 +repage -format '%k' info:)" -le 2 ] &&
    [ "$(convert "$shots/$1.png" -crop 30x30+857+12 +repage -format '%k' info:)" -gt 10 ]
}

# publish NAME DESTINATION…: the picture goes there at the end, if every
# step went as planned.
publications=()
publish () {
  local destination
  for destination in "${@:2}"; do publications+=("$shots/$1.png" "$destination"); done
}
publish_all () {
  local i destination
  for ((i = 0; i < ${#publications[@]}; i += 2)); do
    destination=${publications[$((i + 1))]}
    mkdir -p "$(dirname "$destination")"
    cp "${publications[$i]}" "$destination"
    command -v optipng >/dev/null && optipng -quiet -o7 -strip all "$destination"
    diag "wrote $destination ($(identify -format '%wx%h' "$destination"))"
  done
}

# own_dir DIR: DIR exists; removed at the end if it did not before.
own_dir () {
  local parent
  [ -d "$1" ] && return 0
  parent=$(dirname "$1")
  own_dir "$parent"
  as_tester mkdir "$1"
  created_dirs+=("$1")
}

# new_file PATH: PATH is free and the user's, and removed at the end.
new_file () {
  if [ -e "$1" ]; then
    echo "Bail out! $1 exists already; move it away first"
    exit 1
  fi
  own_dir "$(dirname "$1")"
  created_files+=("$1")
}

# gtk_settings: GNOME's own apps have a close button alone in their header
# bars in GNOME Software's pictures: the decoration layout of GTK's
# settings file, in the configuration folder the app reads
# (XDG_CONFIG_HOME, run_gui's), removed at the end.
gtk_settings () {
  local folder=$GUI_DIR/config/gtk-4.0
  mkdir -p "$GUI_DIR/config"
  [ -d "$folder" ] || { mkdir "$folder" && created_dirs+=("$folder"); }
  new_file "$folder/settings.ini"
  printf '[Settings]\ngtk-decoration-layout=appmenu:close\n' >"$folder/settings.ini"
  chown -R "$PLUG_TEST_USER:" "$GUI_DIR/config"
}

# --- Drives --------------------------------------------------------------------

# user_image PATH SIZE MKFS…: a formatted disk image of the user's.
user_image () {
  new_file "$1"
  as_tester truncate -s "$2" "$1"
  as_tester "${@:3}" "$1" >/dev/null 2>&1
}

# mount_volume DEVICE: mounted by udisks as the user; prints where.
mount_volume () {
  as_tester udisksctl mount --no-user-interaction --block-device "$1" >/dev/null
  findmnt -n -o TARGET --source "$1"
}

make_drives () {
  local camera=$user_home/Pictures/camera-card.img
  local backup=$user_home/backup-stick.img
  local music=$user_home/Music/music-archive.img
  local camera_device backup_device music_device backup_mount music_mount wizard dialog

  "$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
  # An 8 GB SD card as a camera leaves it, a 32 GB USB stick and a Linux
  # disk image: the sizes of real ones.
  user_image "$camera" 7948206080 /sbin/mkfs.vfat -F 32 -n CAMERA
  user_image "$backup" 30752636928 /sbin/mkfs.exfat -n BACKUP
  user_image "$music" 4G /sbin/mkfs.ext4 -q -L Music \
    -E "root_owner=$(id -u "$PLUG_TEST_USER"):$(id -g "$PLUG_TEST_USER")"

  camera_device=$(attach "$camera") && attached_devices+=("$camera_device")
  backup_device=$(attach "$backup") && attached_devices+=("$backup_device")
  music_device=$(attach "$music") && attached_devices+=("$music_device")
  check "the user attached the three disk images" test -n "$camera_device" -a -n "$backup_device" -a -n "$music_device"
  wait_until 10 udisks_has "$music_device" '.label == "Music"'

  # Files on the mountable two (this kernel has no FAT driver: the camera
  # card stays unmounted). fallocate gives ext4 large files at no cost.
  backup_mount=$(mount_volume "$backup_device")
  music_mount=$(mount_volume "$music_device")
  check "the stick and the archive are mounted ($backup_mount, $music_mount)" test -n "$backup_mount" -a -n "$music_mount"
  as_tester mkdir -p "$backup_mount/Documents" "$backup_mount/Photos 2025"
  for name in tax-return-2025.pdf lease-agreement.pdf cv.odt; do
    as_tester sh -c 'head -c 350K /dev/urandom >"$1"' sh "$backup_mount/Documents/$name"
  done
  for i in $(seq 1 12); do
    as_tester sh -c 'head -c 4M /dev/urandom >"$1"' sh "$backup_mount/Photos 2025/IMG_$((4100 + i)).JPG"
  done
  as_tester sh -c 'head -c 1200M /dev/zero >"$1"' sh "$backup_mount/laptop-backup-2025-11.tar"
  for album in "Field Recordings" "Live at the Harbour" "Piano Sketches" "Summer Sessions"; do
    as_tester mkdir -p "$music_mount/$album"
    as_tester fallocate -l 640M "$music_mount/$album/album.flac"
  done
  sync

  start_drives_panel
  rest_pointer 880 620
  wait_until 10 udisks_has "$backup_device" '.label == "BACKUP"'
  sleep 1
  shot_main drives
  check "the Drives panel is drawn" test "$(distinct_colors "$shots/drives.png")" -gt 50
  check "a close button alone in the header bar" close_only drives

  # The camera card's wizard, opened and clicked through with the pointer
  # as a person would: GTK shows focus rings only to keyboard users, and
  # once a window had a key, to the end. The name is typed last, after
  # the pages that follow it were taken with the name it suggests.
  xdotool mousemove 624 164 click 1     # Reformat…
  wait_until 20 has_window '^Reformat CAMERA$'
  check "Reformat… opens the wizard for CAMERA" has_window '^Reformat CAMERA$'
  wizard=$(window '^Reformat CAMERA$')
  centre "$wizard"
  click () { xdotool mousemove --window "$wizard" "$1" "$2" click 1 mousemove --window "$wizard" 280 630; sleep 0.6; }
  click 275 170        # Works with all computers (exFAT)
  shot_window drives-reformat-purpose "$wizard"
  click 514 27         # Next: the name
  click 514 27         # Next: what to reformat
  shot_window drives-reformat-scope "$wizard"
  click 514 27         # Next: what will be lost
  sleep 1
  shot_window drives-reformat-confirm "$wizard"
  click 135 27         # Back
  click 135 27         # Back: the name
  xdotool key ctrl+a
  xdotool type --delay 40 'Camera'
  sleep 0.6
  shot_window drives-reformat-name "$wizard"
  check "nothing was changed yet" test "$(blkid_value LABEL "$camera_device")" = CAMERA
  xdotool key Escape
  wait_until 20 no_window '^Reformat CAMERA$'
  check "Escape closes the wizard" no_window '^Reformat CAMERA$'
  rest_pointer 880 620

  # Rename the camera card: FAT32 stores names in capitals, and says so.
  xdotool mousemove 705 164 click 1
  sleep 0.6
  keys n
  wait_until 20 has_window '^Rename CAMERA$'
  check "the volume's menu opens Rename for CAMERA" has_window '^Rename CAMERA$'
  dialog=$(window '^Rename CAMERA$')
  centre "$dialog"
  rest_pointer 450 400
  xdotool key ctrl+a
  xdotool type --delay 40 'Holidays'
  sleep 0.6
  shot_window drives-rename "$dialog"
  xdotool key Escape
  wait_until 20 no_window '^Rename CAMERA$'
  check "Escape closes it, and the name is kept" test "$(blkid_value LABEL "$camera_device")" = CAMERA
  rest_pointer 880 620

  # The speed test of the music archive, reading and writing.
  xdotool mousemove 705 447 click 1
  sleep 0.6
  keys s
  wait_until 20 has_window '^Speed Test of Music$'
  check "the volume's menu opens the Speed Test of Music" has_window '^Speed Test of Music$'
  dialog=$(window '^Speed Test of Music$')
  centre "$dialog"
  rest_pointer 450 630
  shot_window speed-test-open "$dialog"
  settled () {
    shot_window speed-test-a "$dialog"
    sleep 1
    shot_window "$1" "$dialog"
    [ "$(changed speed-test-a "$1")" -lt 50 ] && [ "$(changed speed-test-open "$1")" -gt 5000 ]
  }
  # With the pointer: a key would show focus rings from then on.
  xdotool mousemove --window "$dialog" 514 133 click 1     # Also Measure Writing
  sleep 0.3
  xdotool mousemove --window "$dialog" 560 27 click 1      # Run
  rest_pointer 450 630
  sleep 1
  wait_until 90 settled drives-speed-test
  check "the speed test ran and settled ($(changed speed-test-open drives-speed-test) pixels changed)" \
    test "$(changed speed-test-open drives-speed-test)" -gt 5000
  rm -f "$shots/speed-test-a.png" "$shots/speed-test-open.png"
  keys Escape
  wait_until 20 no_window '^Speed Test of Music$'
  rest_pointer 880 620

  # The stick, as a Linux backup drive: the confirmation names the files
  # on it, mounted, by the space they take. With the pointer alone, as
  # above, taking the wizard's suggestions: Linux only, the volume's name.
  xdotool mousemove 705 309 click 1
  sleep 0.6
  xdotool mousemove 690 360 click 1     # Reformat…
  wait_until 20 has_window '^Reformat BACKUP$'
  check "the stick's menu opens the wizard for BACKUP" has_window '^Reformat BACKUP$'
  wizard=$(window '^Reformat BACKUP$')
  centre "$wizard"
  click 514 27
  click 514 27
  click 514 27
  sleep 1
  shot_window drives-reformat-confirm-backup "$wizard"
  keys Escape
  wait_until 20 no_window '^Reformat BACKUP$'
  check "Escape closes it, and the stick is as it was" udisks_has "$backup_device" '.filesystem == "exfat" and .label == "BACKUP"'
  rest_pointer 880 620

  # Reformatting, overwriting first: the progress page, then Cancel. The
  # camera card was zeroed at its start: it is not shown again.
  keys alt+r
  wait_until 20 has_window '^Reformat CAMERA$'
  wizard=$(window '^Reformat CAMERA$')
  centre "$wizard"
  rest_pointer 450 630
  keys Return Return alt+o Return
  sleep 1
  keys alt+e
  sleep 6
  shot_window drives-reformat-progress "$wizard"
  keys Escape
  sleep 3
  keys Escape
  wait_until 20 no_window '^Reformat CAMERA$'
  check "cancelled while it overwrote, and closed" no_window '^Reformat CAMERA$'
  stop_gui

  publish drives "$metainfo_dir/drives.png" "$figures_dir/drives-fat32-volume.png"
  publish drives-reformat-purpose "$metainfo_dir/drives-reformat-purpose.png" "$figures_dir/drives-reformat-purpose.png"
  publish drives-reformat-confirm-backup "$metainfo_dir/drives-reformat-confirm.png"
  publish drives-reformat-confirm "$figures_dir/drives-reformat-confirm.png"
  local name
  for name in drives-reformat-name drives-reformat-scope drives-reformat-progress drives-rename drives-speed-test; do
    publish "$name" "$figures_dir/$name.png"
  done
}

# --- Mobile Broadband ----------------------------------------------------------

# A laptop's built-in modem with a Vodafone UK SIM: a provider the
# database knows, with several plans.
MODEM=(ttyUSB2 gsm --operator 23415 --operator-name "Vodafone UK" --manufacturer Quectel --model EM05-G)

# add_modem NAME OPTIONS…: plug in a scripted modem, wait until it is
# registered or its SIM asks for the PIN.
add_modem () {
  modems_plugged=1
  plug "$@"
  wait_until 30 nm_has_device "$1"
  wait_until 30 modem_ready "$1"
  sleep 2
}

modem_ready () {
  local state
  state=$(modem_json "$1" '(.registration // "") + "/" + (.sim.lock // "")')
  [[ "$state" == home/* || "$state" == */sim-pin ]]
}

wizard_window () { xdotool search --onlyvisible --name '^Add Mobile Broadband Connection$' 2>/dev/null | head -n 1; }
# Keys go to the window under the pointer: the wizard's empty foot, or the
# main window's.
over_wizard () { xdotool mousemove --window "$(wizard_window)" 280 630; sleep 0.3; }
over_main () { xdotool mousemove 880 560; sleep 0.3; }

make_broadband () {
  local wizard dialog name uuid

  if [ -s "$PLUG_STACK_DIR/modems" ]; then
    echo "Bail out! modems are plugged into the stack already: plug-stack modems-remove $PLUG_STACK_DIR"
    exit 1
  fi
  "$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
  add_modem "${MODEM[@]}"
  check "the modem registered on the SIM's network, 23415" modem_is ttyUSB2 .sim.operator_code 23415

  start_broadband_gui "$PLUGBOARD" --panel=broadband
  wait_first_frame 30
  sleep 2
  over_main
  key alt+a
  wait_while_running 20 page_is country
  wizard=$(wizard_window)
  centre "$wizard"
  over_wizard
  key Return
  wait_while_running 10 page_is provider
  key Return
  wait_while_running 10 page_is plan
  check "the wizard reached the plan, country and provider taken from the SIM" page_is plan
  sleep 0.5
  shot_window broadband-wizard-plan "$wizard"
  over_wizard
  key Return
  wait_while_running 10 page_is review
  check "the plan leads to the review" page_is review
  sleep 0.5
  shot_window broadband-wizard-review "$wizard"
  # Connect now off: there is no data session to connect to.
  key alt+c space alt+a
  wait_while_running 20 toast_says "Added the connection"
  name=$(grep -oE 'Added the connection “[^”]*”' "$GUI_DIR/toasts-seen" | tail -n 1 | sed 's/.*“\(.*\)”/\1/')
  uuid=$(as_tester "$PLUGBOARDCTL" broadband list --json | jq -r --arg name "$name" '.[] | select(.id == $name) | .uuid' | head -n 1)
  [ -n "$uuid" ] && connections+=("$uuid")
  check "the wizard added the connection “$name”" test -n "$uuid"
  # Until the toast has gone.
  over_main
  sleep 7
  shot_main broadband
  check "a close button alone in the header bar" close_only broadband

  # Deleting it asks first, over its settings.
  xdotool mousemove 714 320 click 1
  sleep 0.8
  xdotool mousemove 450 450 click 5 click 5 click 5
  sleep 1
  shot_main broadband-expanded
  xdotool mousemove 591 527 click 1
  sleep 1
  dialog=$(dialog_window)
  check "Delete… asks first" test -n "$dialog"
  centre "$dialog"
  over_main
  shot_main broadband-delete-connection
  xdotool key Escape
  sleep 0.5
  stop_gui

  # A locked SIM: one wrong PIN, then three.
  "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
  add_modem "${MODEM[@]}" --pin 1234 --puk 12345678
  start_broadband_gui "$PLUGBOARD" --panel=broadband
  wait_first_frame 30
  wait_while_running 20 sim_row_says "Enter the SIM’s PIN to use the modem · 3 tries left"
  over_main
  key alt+p
  type_text "0000"
  key Return
  wait_while_running 20 sim_row_says "Wrong PIN. 2 tries left before the SIM is blocked"
  check "a wrong PIN: 2 tries left" sim_row_says "Wrong PIN. 2 tries left before the SIM is blocked"
  sleep 1
  over_main
  shot_main broadband-sim-pin
  for pin in 1111 2222; do
    key alt+p
    type_text "$pin"
    key Return
    sleep 3
  done
  wait_while_running 20 sim_row_says "Enter the PUK and choose a new PIN"
  check "three wrong PINs: the SIM asks for its PUK" sim_row_says "Enter the PUK and choose a new PIN"
  sleep 1
  over_main
  shot_main broadband-sim-puk
  stop_gui

  # ModemManager stopped.
  "$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
  "$PLUG_STACK" mm-stop "$PLUG_STACK_DIR"
  start_broadband_gui "$PLUGBOARD" --panel=broadband
  wait_first_frame 30
  sleep 2
  over_main
  key alt+a
  wait_while_running 10 wizard_says "ModemManager Is Not Running"
  check "without ModemManager the wizard says so" wizard_says "ModemManager Is Not Running"
  centre "$(wizard_window)"
  over_main
  shot_main broadband-no-modemmanager
  stop_gui
  "$PLUG_STACK" mm-start "$PLUG_STACK_DIR"

  # No provider database, as without its package: the app sees an empty
  # folder in its place.
  add_modem "${MODEM[@]}"
  mkdir -p "$GUI_DIR/empty"
  gui_wrapper=(unshare --mount --propagation private sh -c
    'mount --bind "$1" /usr/share/mobile-broadband-provider-info && shift && exec "$@"' sh "$GUI_DIR/empty")
  start_broadband_gui "$PLUGBOARD" --panel=broadband
  gui_wrapper=()
  wait_first_frame 30
  sleep 3
  over_main
  key alt+a
  wait_while_running 20 page_is plan
  check "without the database the wizard asks for the plan's settings" page_is plan
  wizard=$(wizard_window)
  centre "$wizard"
  shot_window broadband-no-provider-database "$wizard"
  stop_gui

  publish broadband "$metainfo_dir/broadband.png"
  publish broadband-wizard-plan "$metainfo_dir/broadband-wizard-plan.png" "$figures_dir/broadband-wizard-plan.png"
  for name in broadband-wizard-review broadband-delete-connection broadband-sim-pin \
              broadband-sim-puk broadband-no-modemmanager broadband-no-provider-database; do
    publish "$name" "$figures_dir/$name.png"
  done
}

# --- Graphics ----------------------------------------------------------------------

# As tests/gui/test-graphics-panel.sh and test-graphics-switch.sh: GPUs
# that umockdev makes up, a made-up root for what it does not describe, the
# stub kernel modules the unit tests build, and Mesa in software (the
# GPUs are made up: the machine's own must not answer for them).
gpu_fixtures=$PLUG_SOURCE_DIR/tests/fixtures/gpus
gpu_modules=$PLUG_BUILD_DIR/tests/unit/gpu-modules/lib/modules/6.1.0-plug

# The pictures of GPUs that work show what the panel shows on the
# machines the fixtures play, rendering on their GPUs. Mesa cannot render
# on a made-up GPU, and Xvfb has no GPU at all, so a stand-in for the
# renderer probe (PLUGBOARD_RENDERER_PROBE) prints what the real one
# (app/probe, its format) answers there, as tests/unit/test-graphics-cli.sh
# does for Vulkan: for the render node the panel gives it, that GPU's
# OpenGL renderer, and the Vulkan devices of the machine. Debian 12's
# drivers: Mesa 22.3.6 (iris, radeonsi) and NVIDIA's 535.183.01. RADV
# needs amdgpu: on radeon, the Radeon has no Vulkan device.
#
# stand_in_probe NAME VULKAN NODE=RENDERER;VERSION;VENDOR…: the probe
# $GUI_DIR/probes/NAME. The made-up root gets the render nodes, the
# user's to open, so that the panel gives the probe the GPU's node.
stand_in_probe () {
  local probe=$GUI_DIR/probes/$1 vulkan=$2 answer node renderer version vendor
  mkdir -p "$GUI_DIR/probes"
  {
    echo '#!/bin/sh'
    echo 'case "$2" in'
    for answer in "${@:3}"; do
      node=${answer%%=*}
      IFS=';' read -r renderer version vendor <<<"${answer#*=}"
      printf '  /dev/dri/%s) opengl='\''{"renderer": "%s", "version": "%s", "vendor": "%s", "platform": "device"}'\'' ;;\n' \
        "$node" "$renderer" "$version" "$vendor"
    done
    echo '  *) exit 1 ;;'
    echo 'esac'
    printf 'echo "{\\"opengl\\": $opengl, \\"opengl_error\\": null, \\"vulkan\\": %s, \\"vulkan_error\\": null}"\n' \
      "$(printf '%s' "$vulkan" | sed 's/"/\\"/g')"
  } >"$probe"
  chmod 755 "$probe"
  echo "$probe"
}

# render_nodes ROOT NODE…: the render nodes in ROOT's /dev/dri, the user's.
render_nodes () {
  local node
  mkdir -p "$1/dev/dri"
  for node in "${@:2}"; do
    touch "$1/dev/dri/$node"
    chown "$PLUG_TEST_USER:" "$1/dev/dri/$node"
    chmod 660 "$1/dev/dri/$node"
  done
}

hybrid_probe () {
  stand_in_probe hybrid-nvidia \
    '[{"name": "Intel(R) Xe Graphics (TGL GT2)", "type": "integrated", "api_version": "1.3.230", "vendor_id": "0x8086", "device_id": "0x9a49", "pci_slot": "0000:00:0a.0"}, {"name": "NVIDIA GeForce GTX 1650", "type": "discrete", "api_version": "1.3.242", "vendor_id": "0x10de", "device_id": "0x1f99", "pci_slot": "0000:01:00.0"}]' \
    'renderD128=Mesa Intel(R) Xe Graphics (TGL GT2);4.6 (Compatibility Profile) Mesa 22.3.6;Intel' \
    'renderD129=NVIDIA GeForce GTX 1650/PCIe/SSE2;4.6.0 NVIDIA 535.183.01;NVIDIA Corporation'
}

tahiti_probe () {
  stand_in_probe amd-tahiti-radeon '[]' \
    'renderD128=AMD TAHITI (radeonsi, LLVM 15.0.6, DRM 2.50, 6.1.0-28-amd64);4.6 (Compatibility Profile) Mesa 22.3.6;AMD'
}

new_root () {
  local root=$GUI_DIR/roots/$1
  mkdir -p "$root/usr/share/misc" "$root/proc" "$root/sys/power" "$root/sys/kernel/security"
  cp "$gpu_fixtures/pci.ids" "$root/usr/share/misc/pci.ids"
  echo 'BOOT_IMAGE=/vmlinuz root=/dev/nvme0n1p2 ro resume=/dev/nvme0n1p3 quiet splash' >"$root/proc/cmdline"
  echo 'freeze mem disk' >"$root/sys/power/state"
  echo 's2idle [deep]' >"$root/sys/power/mem_sleep"
  echo '[none] integrity confidentiality' >"$root/sys/kernel/security/lockdown"
  printf 'Filename\tType\tSize\tUsed\tPriority\n/dev/nvme0n1p3 partition\t16777212\t0\t-2\n' >"$root/proc/swaps"
  printf 'MemTotal:       16303452 kB\n' >"$root/proc/meminfo"
  chmod -R a+rX "$GUI_DIR/roots"
  echo "$root"
}

# show_gpus FIXTURE ROOT [PROBE]: the Graphics panel on the fixture's GPUs,
# once its readings are in (worker threads, after the first frame); the
# renderer probe is the build's, in software, unless PROBE stands in.
show_gpus () {
  run_gui env PLUG_TEST_SYSFS_ROOT="$2" PLUG_TEST_MODULES_DIRECTORY="$gpu_modules" \
    PLUGBOARD_RENDERER_PROBE="${3:-$PLUG_BUILD_DIR/app/probe/plugboard-renderer-probe}" LIBGL_ALWAYS_SOFTWARE=1 \
    umockdev-run -d "$gpu_fixtures/$1.umockdev" -- "$PLUGBOARD" --panel=graphics
  wait_first_frame 30
  sleep 2.5
  check "$1: the Graphics panel is drawn" test -n "$(main_window)"
  over_main
}

# over_dialog: keys to the dialog, the pointer on no button of it.
over_dialog () {
  local X Y WIDTH HEIGHT SCREEN
  eval "$(xdotool getwindowgeometry --shell "$(dialog_window)")"
  xdotool mousemove $((X + 12)) $((Y + 12))
  sleep 0.3
}

make_graphics () {
  local root helper_root conf dialog probe

  # A hybrid laptop, Intel and NVIDIA on its proprietary driver, Secure
  # Boot's kernel lockdown; its last suspends failed at the NVIDIA GPU.
  root=$(new_root nvidia)
  mkdir -p "$root/sys/module/nvidia" "$root/etc/modprobe.d" "$root/sys/power/suspend_stats"
  echo 535.183.01 >"$root/sys/module/nvidia/version"
  echo POE >"$root/sys/module/nvidia/taint"
  echo 'blacklist nouveau' >"$root/etc/modprobe.d/nvidia-blacklists-nouveau.conf"
  echo 'none [integrity] confidentiality' >"$root/sys/kernel/security/lockdown"
  echo 'freeze mem' >"$root/sys/power/state"
  echo 2 >"$root/sys/power/suspend_stats/fail"
  echo 0000:01:00.0 >"$root/sys/power/suspend_stats/last_failed_dev"
  echo suspend >"$root/sys/power/suspend_stats/last_failed_step"
  chmod -R a+rX "$root"
  render_nodes "$root" renderD128 renderD129
  show_gpus hybrid-nvidia "$root" "$(hybrid_probe)"
  shot_main graphics
  check "a close button alone in the header bar" close_only graphics
  xdotool mousemove 450 400
  for _ in $(seq 30); do xdotool click 5; done
  sleep 1
  over_main
  shot_main graphics-power
  stop_gui

  # A GPU no driver is bound to.
  show_gpus no-driver "$(new_root no-driver)"
  shot_main graphics-software-only
  stop_gui

  # The Radeon HD 7970 on radeon, amdgpu installed: without the helper…
  root=$(new_root tahiti)
  render_nodes "$root" renderD128
  probe=$(tahiti_probe)
  show_gpus amd-tahiti-radeon "$root" "$probe"
  shot_main graphics-helper-missing
  stop_gui

  # … and with it, run as root under the same fixture, writing into a
  # made-up root; switched to amdgpu, then undone.
  "$PLUG_STACK" bus-policy "$PLUG_STACK_DIR" "$PLUG_SOURCE_DIR/app/helper/io.github.plugboard.Helper.conf"
  "$PLUG_STACK" polkit-action "$PLUG_STACK_DIR" "$PLUG_BUILD_DIR/app/helper/io.github.plugboard.Helper.policy"
  "$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
  helper_root=$GUI_DIR/helper-root
  mkdir -p "$helper_root/etc/modprobe.d"
  conf=$helper_root/etc/modprobe.d/plugboard-gpu.conf
  printf '#!/bin/sh\nexit 0\n' >"$GUI_DIR/initramfs-tool"
  chmod 755 "$GUI_DIR/initramfs-tool"
  umockdev-run -d "$gpu_fixtures/amd-tahiti-radeon.umockdev" -- \
    "$PLUG_BUILD_DIR/app/helper/plugboard-helper" --root "$helper_root" --modules-directory "$gpu_modules" \
    --initramfs-tool "$GUI_DIR/initramfs-tool" --timeout 300 >"$GUI_DIR/helper.log" 2>&1 &
  helper_pid=$!
  check "the helper runs on the test bus" timeout 15 gdbus wait --system --timeout 10 io.github.plugboard.Helper
  show_gpus amd-tahiti-radeon "$root" "$probe"
  # With the pointer, as a person would (a key would show focus rings):
  # Switch Driver…, then the dialogs' buttons where centre puts them.
  xdotool mousemove 647 266 click 1
  sleep 0.5
  dialog=$(dialog_window)
  check "Switch Driver… opens its dialog" test -n "$dialog"
  centre "$dialog"
  over_dialog
  shot_main graphics-switch-choose
  xdotool mousemove 540 391 click 1     # Next
  sleep 0.8
  dialog=$(dialog_window)
  centre "$dialog"
  over_dialog
  shot_main graphics-switch-confirm
  xdotool mousemove 543 407 click 1     # Use amdgpu
  wait_until 10 test -e "$conf"
  check "Use amdgpu: the helper wrote its file" test -e "$conf"
  sleep 1.5
  over_main
  shot_main graphics-switch-restart
  xdotool key alt+u
  wait_until 10 test ! -e "$conf"
  check "Undo: the helper took it back" test ! -e "$conf"
  stop_gui
  stop_helper

  # The next start, where amdgpu did not start and the check went back:
  # the record plugboard-helper --check-boot leaves, with the kernel's
  # reason (tests/system/test-helper-check-boot.sh makes one).
  mkdir -p "$helper_root/var/lib/plugboard-helper"
  echo "amdgpu did not start on the GPU at 0000:03:00.0; Plugboard went back to radeon; the kernel said: amdgpu 0000:03:00.0: Direct firmware load for amdgpu/tahiti_mc.bin failed with error -2" \
    >"$helper_root/var/lib/plugboard-helper/boot-check"
  umockdev-run -d "$gpu_fixtures/amd-tahiti-radeon.umockdev" -- \
    "$PLUG_BUILD_DIR/app/helper/plugboard-helper" --root "$helper_root" --modules-directory "$gpu_modules" \
    --initramfs-tool "$GUI_DIR/initramfs-tool" --timeout 300 >>"$GUI_DIR/helper.log" 2>&1 &
  helper_pid=$!
  check "the helper runs again, with the check's record" timeout 15 gdbus wait --system --timeout 10 io.github.plugboard.Helper
  show_gpus amd-tahiti-radeon "$root" "$probe"
  shot_main graphics-boot-check
  stop_gui
  stop_helper

  publish graphics "$metainfo_dir/graphics.png"
  publish graphics-switch-restart "$metainfo_dir/graphics-switch-driver.png" "$figures_dir/graphics-switch-restart.png"
  local name
  for name in graphics-power graphics-software-only graphics-helper-missing graphics-switch-choose \
              graphics-switch-confirm graphics-boot-check; do
    publish "$name" "$figures_dir/$name.png"
  done
}

start_xvfb
gtk_settings
for part in "${parts[@]}"; do
  case "$part" in
    drives) make_drives ;;
    broadband) make_broadband ;;
    graphics) make_graphics ;;
    *) echo "Bail out! unknown part $part"; exit 1 ;;
  esac
done

if [ $tap_failed -eq 0 ]; then
  publish_all
else
  diag "not every step went as planned: nothing was published; the pictures are in $shots"
fi
finish_tap "$GUI_DIR/app.log"
