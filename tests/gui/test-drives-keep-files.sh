#!/bin/bash
# test-drives-keep-files.sh: “Keep my files” in the Drives panel's reformat
# wizard under Xvfb, as the test user against the real udisksd and
# polkitd: a mounted ext4 disk image with 50 files of mixed sizes in
# nested folders reformatted to ext4 with its files kept, with the plan,
# the confirmation and the progress as screenshots, the plan saying that
# owners are not kept (one file is root's); every file back with
# the same SHA-256 and the copy on the computer gone. Then a refusal: a
# sparse file over 4 GiB cannot go to FAT32, which the plan says, with the
# destructive button insensitive and nothing changed. Every other disk
# image is byte-identical afterwards.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-drives-gui.sh"

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

# The app's home is lib-gui.sh's, so the copy goes there.
kept_root=$GUI_DIR/home/.local/share/plugboard/kept-files
has_copy () { [ -n "$(ls -A "$kept_root" 2>/dev/null)" ]; }
no_copy () { ! has_copy; }
tree=$(as_tester mktemp -d)
chmod 755 "$tree"
trap 'rm -rf "$tree"; drives_cleanup' EXIT

# tree_digest DIR: every file's SHA-256 and path, relative to DIR, sorted.
tree_digest () {
  (cd "$1" && as_tester find . -type f -not -path './lost+found/*' -exec sha256sum {} + | sort -k 2)
}
# tree_listing DIR: every file's path, size, modification time and inode,
# sorted: for the tree with a sparse 4.2 GB file, which reading to hash
# would take most of this test's time.
tree_listing () {
  (cd "$1" && as_tester find . -type f -not -path './lost+found/*' -printf '%P %s %T@ %i\n' | sort)
}

# 50 files in nested folders: empty, small and a few MB, random bytes.
as_tester mkdir -p "$tree/src/Photos/2025/Summer" "$tree/src/Documents/Taxes" "$tree/src/Music/Album One"
for i in $(seq 1 50); do
  case $((i % 5)) in
    0) folder=$tree/src ;;
    1) folder=$tree/src/Photos/2025/Summer ;;
    2) folder=$tree/src/Documents/Taxes ;;
    3) folder="$tree/src/Music/Album One" ;;
    4) folder=$tree/src/Photos ;;
  esac
  case $((i % 7)) in
    0) size=0 ;;
    1|2|3) size=$((i * 97)) ;;
    4|5) size=$((i * 13 * 1024)) ;;
    6) size=$((i * 160 * 1024)) ;;
  esac
  as_tester head -c "$size" /dev/urandom | as_tester tee "$folder/file $i.bin" >/dev/null
done
# One of them root's, readable: owners are not kept, and the plan says so.
chown 0:0 "$tree/src/file 5.bin"
chmod 0644 "$tree/src/file 5.bin"
keep_image=$(new_image keep.img 256M /sbin/mkfs.ext4 -q -L KFEXT4 -d "$tree/src")
# A file over 4 GiB, sparse: FAT32 cannot hold it.
as_tester mkdir "$tree/big"
as_tester truncate -s 4300M "$tree/big/backup.img"
as_tester head -c 100000 /dev/urandom | as_tester tee "$tree/big/notes.bin" >/dev/null
big_image=$(new_image big.img 128M /sbin/mkfs.ext4 -q -L KFBIG -d "$tree/big")
bystander_image=$(new_image bystander.img 32M /sbin/mkfs.ext4 -q -L KFBYSTAND)
# Attached for the whole test, so that a write to the wrong drive reaches
# it: an image never attached stays byte-identical whatever the app does.
bystander_device=$(attach "$bystander_image")
wait_until 10 udisks_has "$bystander_device" '.label == "KFBYSTAND"'
check "the test user attached a bystander image ($bystander_device)" seen_by_udisks "$bystander_image"

keep_device=$(attach "$keep_image")
wait_until 10 udisks_has "$keep_device" '.label == "KFEXT4"'
as_tester udisksctl mount --no-user-interaction --block-device "$keep_device" >/dev/null
keep_mount=$(findmnt -n -o TARGET --source "$keep_device")
check "the test user attached and mounted an ext4 image at $keep_mount" test -n "$keep_mount"
digest_before=$(tree_digest "$keep_mount")
check "it holds 50 files ($(du -sh "$keep_mount" | cut -f1))" test "$(wc -l <<<"$digest_before")" = 50
others_before=$(hash_images "$keep_image" "$big_image")
uuid_before=$(blkid_value UUID "$keep_device")

start_xvfb
start_drives_panel
check "plugboard --panel=drives draws its first frame" test -s "$GUI_DIR/first-frame"

# --- ext4 → ext4, keeping the files ----------------------------------------

open_volume_menu KFEXT4
keys r
wait_until 20 has_window '^Reformat KFEXT4$'
check "the volume's menu opens the wizard for KFEXT4" has_window '^Reformat KFEXT4$'
wizard=$(window '^Reformat KFEXT4$')
sleep 0.5
# ext4 by default for a disk image, its name as it is: to the Scope step.
keys Return Return
sleep 0.5
shoot keep-1-scope "$wizard"
keys alt+k
sleep 0.5
shoot keep-2-scope-keep "$wizard"
check "alt+K turns “Keep my files” on ($(changed keep-1-scope keep-2-scope-keep) pixels changed)" \
  test "$(changed keep-1-scope keep-2-scope-keep)" -gt 200
keys Return
sleep 2
shoot keep-3-plan "$wizard"
check "Enter shows the confirmation with the plan ($(changed keep-2-scope-keep keep-3-plan) pixels changed)" \
  test "$(changed keep-2-scope-keep keep-3-plan)" -gt 5000
check "… which says, before anything is copied, that owners are not kept" \
  window_says 'Reformat KFEXT4' "1 file or folder belongs to someone else: owners are not kept, every file will belong to you"
check "… and nothing was changed yet" test "$(tree_digest "$keep_mount")" = "$digest_before"
check "… and no copy was made yet" no_copy

# Cancel is the default: the destructive button takes its mnemonic.
keys alt+r
wait_until 20 has_copy
check "alt+R starts it: the files are copied to $kept_root" has_copy
sleep 0.25
shoot keep-4-progress "$wizard"
sleep 0.5
shoot keep-5-progress "$wizard"
wait_until 120 no_window '^Reformat KFEXT4$'
check "alt+R reformats keeping the files, and the wizard closes when done" no_window '^Reformat KFEXT4$'
sleep 1
shoot keep-6-list-toast

check "blkid reads a new ext4 “KFEXT4” on $keep_device" \
  test "$(blkid_value TYPE "$keep_device")|$(blkid_value LABEL "$keep_device")" = "ext4|KFEXT4"
new_mount=$(findmnt -n -o TARGET --source "$keep_device")
check "it is mounted again at ${new_mount:-nowhere}" test -n "$new_mount"
check "its filesystem is a new one (UUID $uuid_before → $(blkid_value UUID "$keep_device"))" \
  test "$(blkid_value UUID "$keep_device")" != "$uuid_before"
digest_after=$(tree_digest "${new_mount:-/nonexistent}")
check "every one of the 50 files is back with the same SHA-256" test "$digest_after" = "$digest_before"
check "the copy on the computer is gone" no_copy
check "the other disk images are byte-identical" others_identical "$others_before" "$keep_image" "$big_image"
stop_gui

# --- cancelled after the reformat: the copy stays ------------------------------

if has_test_hooks; then
  # The operation pauses once the new filesystem is mounted (a hook of
  # development builds), for Cancel to come then.
  pause_file=$tree/pause
  digest_before=$digest_after
  export PLUG_TEST_KEEP_FILES_PAUSE_FILE=$pause_file
  start_drives_panel
  unset PLUG_TEST_KEEP_FILES_PAUSE_FILE
  open_volume_menu KFEXT4
  keys r
  wait_until 20 has_window '^Reformat KFEXT4$'
  check "the wizard opens for KFEXT4 again" has_window '^Reformat KFEXT4$'
  wizard=$(window '^Reformat KFEXT4$')
  sleep 0.5
  keys Return Return alt+k Return
  sleep 2
  keys alt+r
  wait_until 60 test -s "$pause_file"
  check "it reformats and stops before copying back (paused at $(cat "$pause_file" 2>/dev/null))" test -s "$pause_file"
  keys Escape
  sleep 0.3
  shoot keep-cancel-1-cancelling "$wizard"
  rm -f "$pause_file"
  sleep 3
  shoot keep-cancel-2-result "$wizard"
  check "Cancel after the reformat leaves the wizard open to say where the files are" has_window '^Reformat KFEXT4$'
  check "… which is not the progress page ($(changed keep-cancel-1-cancelling keep-cancel-2-result) pixels changed)" \
    test "$(changed keep-cancel-1-cancelling keep-cancel-2-result)" -gt 5000
  kept=$(ls -d "$kept_root"/*/ 2>/dev/null | head -n 1)
  check "the copy stays on the computer (${kept:-none})" test -n "$kept"
  check "… with every one of the 50 files, as it was" test "$(tree_digest "${kept:-/nonexistent}")" = "$digest_before"
  keys Escape
  wait_until 20 no_window '^Reformat KFEXT4$'
  check "then Escape closes it" no_window '^Reformat KFEXT4$'
  check "the other disk images are byte-identical" others_identical "$others_before" "$keep_image" "$big_image"
  stop_gui
  rm -rf "$kept_root"
else
  skip "keeping files cancelled after the reformat: needs a development build (-Dprofile=development) for its pause hook"
fi

# Its own drive and the bystander are the only ones in the list again.
as_tester udisksctl unmount --no-user-interaction --block-device "$keep_device" >/dev/null
detach "$keep_device"

# --- refused: a file over 4 GiB going to FAT32 -----------------------------

big_device=$(attach "$big_image")
wait_until 10 udisks_has "$big_device" '.label == "KFBIG"'
as_tester udisksctl mount --no-user-interaction --block-device "$big_device" >/dev/null
big_mount=$(findmnt -n -o TARGET --source "$big_device")
check "the test user attached and mounted an ext4 image with a 4.2 GB file at $big_mount" test -n "$big_mount"
others_before=$(hash_images "$big_image" "$keep_image")
big_before=$(tree_listing "$big_mount")
start_drives_panel
open_volume_menu KFBIG
keys r
wait_until 20 has_window '^Reformat KFBIG$'
check "the volume's menu opens the wizard for KFBIG" has_window '^Reformat KFBIG$'
wizard=$(window '^Reformat KFBIG$')
sleep 0.5
# From ext4, two rows down: Windows (NTFS), then Old devices (FAT32).
keys Down Down space
sleep 0.3
shoot keep-refused-1-fat32 "$wizard"
keys Return Return alt+k Return
sleep 2
shoot keep-refused-2-plan "$wizard"
keys alt+r
sleep 2
shoot keep-refused-3-after "$wizard"
check "the wizard is still open" has_window '^Reformat KFBIG$'
check "… on the confirmation after alt+R ($(changed keep-refused-2-plan keep-refused-3-after) pixels changed)" \
  test "$(changed keep-refused-2-plan keep-refused-3-after)" -lt 200
check "… and the volume is still the ext4 “KFBIG”" \
  test "$(blkid_value TYPE "$big_device")|$(blkid_value LABEL "$big_device")" = "ext4|KFBIG"
check "… still mounted" test -n "$(findmnt -n -o TARGET --source "$big_device")"
check "… with its files as they were" test "$(tree_listing "$big_mount")" = "$big_before"
check "… with no copy made" no_copy
keys Escape
wait_until 20 no_window '^Reformat KFBIG$'
check "Escape closes it" no_window '^Reformat KFBIG$'
check "the other disk images are byte-identical" others_identical "$others_before" "$big_image" "$keep_image"

finish_drives
