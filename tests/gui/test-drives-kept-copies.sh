#!/bin/bash
# test-drives-kept-copies.sh: the Drives panel under Xvfb, as the test
# user against the real udisksd, shows the files a reformat kept on the
# computer and did not put back, in a "Kept Files" group above the drives,
# with Restore…, Open and Delete…, read as a screen reader reads them.
# Delete… asks first, with Cancel the default; Restore… puts every file
# back on the mounted volume chosen (the one the copy came from) and the
# group goes; a copy that appears while the panel is open is shown.
#
# The copy is made by hand, as a reformat stopped after the wipe leaves
# it (tests/system/test-drives-kept-copies.sh makes one by stopping a
# real reformat, and checks what plugboardctl does with it).
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-drives-gui.sh"

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

kept_root=$GUI_DIR/home/.local/share/plugboard/kept-files
# GLib writes a size with a no-break space before its unit.
size=$'79.0\xc2\xa0kB'

# make_copy NAME LABEL DEVICE: a whole kept copy of three files, as a run
# leaves it: information, files, checksums.
make_copy () {
  as_tester mkdir -p "$kept_root/$1/Photos"
  as_tester sh -c 'cd "$1/$2" && printf "one\n" >notes.txt && head -c 70000 /dev/urandom >Photos/a.jpg &&
                   head -c 9000 /dev/urandom >Photos/b.jpg && touch -d "2024-05-01 10:00" notes.txt &&
                   sha256sum ./notes.txt ./Photos/a.jpg ./Photos/b.jpg >"$1/$2.sha256" &&
                   printf "[Kept Copy]\nLabel=%s\nDevice=%s\nFilesystem=ext4\nNewFilesystem=ext4\nCreated=2026-12-01T09:30:00Z\nFiles=3\nSize=79004\n" \
                     "$3" "$4" >"$1/$2.info"' sh "$kept_root" "$1" "$2" "$3"
}
copy_digest () { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 sha256sum); }
all_texts () { a11y texts; }
texts_have () {
  local texts
  texts=$(all_texts)
  grep -qF -- "$1" <<<"$texts" && return 0
  echo "no text “$1”; shown: $(tr '\n' '|' <<<"$texts")" >&2
  return 1
}
no_texts_have () { ! texts_have "$1"; }
no_kept_group () { ! window_says Plugboard "Kept Files"; }

target_image=$(new_image target.img 64M /sbin/mkfs.ext4 -q -L DUIKCTARGET)
target_device=$(attach "$target_image")
wait_until 10 udisks_has "$target_device" '.label == "DUIKCTARGET"'
as_tester udisksctl mount --no-user-interaction --block-device "$target_device" >/dev/null
target_mount=$(findmnt -n -o TARGET --source "$target_device")
check "the test user attached and mounted an ext4 image at $target_mount" test -n "$target_mount"
chown "$PLUG_TEST_USER:" "$target_mount"

mkdir -p "$GUI_DIR/home"
chown "$PLUG_TEST_USER:" "$GUI_DIR/home"
make_copy DUIKEPT-20261201-093000 DUIKEPT "$target_device"
copy_before=$(copy_digest "$kept_root/DUIKEPT-20261201-093000")
start_xvfb
start_drives_panel

check "the panel shows a “Kept Files” group" wait_until 20 window_says Plugboard "Kept Files"
check "… saying why the files are there" window_says Plugboard "did not put them back"
check "… with the copy's row: its name, files, size, device and time" \
  has_row Plugboard DUIKEPT "3 files, $size · from $target_device, $(date -d 2026-12-01T09:30:00Z '+%x %H:%M')"
check "… and its Restore… button, named for a screen reader" window_shows Plugboard "Restore the files of DUIKEPT…"
check "… its Open button" window_shows Plugboard "Open the files of DUIKEPT"
check "… and its Delete… button" window_shows Plugboard "Delete the files of DUIKEPT…"
check "… and the drives below it" panel_has_volume DUIKCTARGET
shoot kept-copies-1-panel

# --- Delete… asks, and Cancel is its default ------------------------------------
a11y_press "Delete the files of DUIKEPT…" --window Plugboard >/dev/null
check "Delete… asks first, naming the copy" wait_until 10 texts_have "Delete the Kept Files of “DUIKEPT”?"
check "… how many files, and where" texts_have "3 files, $size, in $kept_root/DUIKEPT-20261201-093000"
shoot kept-copies-2-delete
keys Return
check "Enter is Cancel: the question closes" wait_until 10 no_texts_have "Delete the Kept Files of “DUIKEPT”?"
check "… and the copy is untouched" test "$(copy_digest "$kept_root/DUIKEPT-20261201-093000")" = "$copy_before"

# --- Restore… puts them back ---------------------------------------------------------
a11y_press "Restore the files of DUIKEPT…" --window Plugboard >/dev/null
check "Restore… asks where to" wait_until 10 texts_have "Restore the Files of “DUIKEPT”?"
check "… offering the volume it came from" texts_have "DUIKCTARGET ($target_device)"
shoot kept-copies-3-restore
diag "$(a11y_press Restore)"
# Ended: the copy is gone, or the panel says why not (a toast, for 10 s).
restore_ended () { ! test -e "$kept_root/DUIKEPT-20261201-093000" || all_texts | grep -qF "restored"; }
wait_until 30 restore_ended
[ -e "$kept_root/DUIKEPT-20261201-093000" ] && diag "shown after Restore: $(all_texts | tr '\n' '|')"
check "Restore puts the files back: the group goes" test ! -e "$kept_root/DUIKEPT-20261201-093000"
check "… every file on the volume, as kept" \
  test "$(copy_digest "$target_mount" | grep -v lost+found)" = "$copy_before"
check "… with its time" test "$(stat -c %Y "$target_mount/notes.txt")" = "$(date -d '2024-05-01 10:00' +%s)"
check "… and the copy's checksums and information are gone" test -z "$(ls -A "$kept_root")"
check "… the panel says so" wait_until 10 texts_have "are back on “DUIKCTARGET”, each checked"
check "… and the “Kept Files” group is gone" wait_until 10 no_kept_group
shoot kept-copies-4-restored

# --- a copy that appears is shown; Delete removes it --------------------------------
make_copy DUIOLD-20261130-120000 DUIOLD /dev/loop99
check "a copy that appears while the panel is open is shown" wait_until 20 window_shows Plugboard "Delete the files of DUIOLD…"
a11y_press "Delete the files of DUIOLD…" --window Plugboard >/dev/null
wait_until 10 texts_have "Delete the Kept Files of “DUIOLD”?"
diag "$(a11y_press Delete)"
check "Delete removes it" wait_until 20 sh -c '! test -e "$1"' sh "$kept_root/DUIOLD-20261130-120000"
check "… and all that was of it" test -z "$(ls -A "$kept_root")"
check "… and the volume's files are untouched" \
  test "$(copy_digest "$target_mount" | grep -v lost+found)" = "$copy_before"

finish_drives
