#!/bin/bash
# test-drives-keep-links.sh: what a file is besides its bytes, through
# plugboardctl drives format --keep-files against the real udisksd,
# polkitd and mkfs tools, as the test user. An ext4 volume with hard-linked
# files (three names of one file, two of another), a sparse file (64 MiB
# with 4 KiB of data), user.* extended attributes on a file and a folder,
# an ACL, and a file root owns: kept onto ext4, the links are links again
# (one inode, its link count), the sparse file takes a few blocks, the
# attributes are back, and the plan said that ACLs and owners are not
# kept; then onto Btrfs, and from there onto NTFS (ntfs-3g), which keep
# links, holes and attributes as well; from there onto exFAT, the
# terminal's confirmation lists what will not be carried before the y/N
# answer, and the files come back as separate copies with their content.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"

images=$PLUG_IMAGES_DIR
image=$images/DCO-links-ext4.img
tester_home=$(getent passwd "$PLUG_TEST_USER" | cut -d: -f6)
kept_root=$tester_home/.local/share/plugboard/kept-files

cleanup () {
  local device mount_point
  for device in $(losetup -j "$image" -O NAME -n 2>/dev/null); do
    for mount_point in $(findmnt -n -o TARGET --source "$device" 2>/dev/null); do
      umount "$mount_point" 2>/dev/null
    done
    losetup -d "$device"
  done
  rm -f "$image"
  rm -rf "$kept_root"
}
trap cleanup EXIT

ctl () { as_tester "$PLUGBOARDCTL" "$@" </dev/null; }
blkid_value () { blkid -p -s "$1" -o value "$2"; }
attach () { as_tester udisksctl loop-setup --no-user-interaction --file "$1" | grep -oE '/dev/loop[0-9]+'; }
mount_as_tester () {
  as_tester udisksctl mount --no-user-interaction --block-device "$1" | sed -n 's/^Mounted .* at \(.*\)$/\1/p'
}
mount_point_of () { findmnt -n -o TARGET --source "$1" | head -n 1; }
# contents DIR: each file's path and SHA-256, sorted.
contents () { (cd "$1" && find . -path ./lost+found -prune -o -type f -print0 | sort -z | xargs -0 sha256sum); }
# same_file A B…: one inode, with as many names as given.
same_file () {
  local inodes
  inodes=$(stat -c '%d:%i %h' "$@" | sort -u)
  test "$(wc -l <<<"$inodes")" = 1 -a "${inodes#* }" = $#
}
nlink () { stat -c %h "$1"; }
# allocated FILE: the bytes it takes on its filesystem.
allocated () { echo $(( $(stat -c '%b * %B' "$1") )); }
xattr () {
  as_tester /usr/bin/python3 -c 'import os, sys; print(os.getxattr(sys.argv[1], sys.argv[2]).decode())' "$1" "$2" 2>/dev/null
}
set_xattr () {
  as_tester /usr/bin/python3 -c 'import os, sys; os.setxattr(sys.argv[1], sys.argv[2], sys.argv[3].encode())' "$@"
}
# grant_root_read FILE: an access ACL (setfacl u:root:r, as the kernel
# stores it: version 2, then tag, permissions and id of each entry).
grant_root_read () {
  as_tester /usr/bin/python3 -c '
import os, struct, sys
entries = [(0x01, 6, 0xFFFFFFFF), (0x02, 4, 0), (0x04, 4, 0xFFFFFFFF), (0x10, 4, 0xFFFFFFFF), (0x20, 4, 0xFFFFFFFF)]
acl = struct.pack("<I", 2) + b"".join(struct.pack("<HHI", *e) for e in entries)
os.setxattr(sys.argv[1], "system.posix_acl_access", acl)' "$1"
}
has_acl () { as_tester /usr/bin/python3 -c 'import os, sys; os.getxattr(sys.argv[1], "system.posix_acl_access")' "$1" 2>/dev/null; }
# populate DIR: three names of one file, two of another, a sparse file,
# attributes, a file root owns.
populate () {
  local dir=$1
  as_tester mkdir "$dir/photos"
  as_tester sh -c 'head -c 200000 /dev/urandom >"$1/photo.jpg"; printf "pair" >"$1/pair-1.txt"' sh "$dir"
  as_tester ln "$dir/photo.jpg" "$dir/photos/photo.jpg"
  as_tester ln "$dir/photo.jpg" "$dir/photos/same photo.jpg"
  as_tester ln "$dir/pair-1.txt" "$dir/pair-2.txt"
  as_tester truncate -s 64M "$dir/disk.img"
  as_tester sh -c 'head -c 4096 /dev/urandom | dd of="$1/disk.img" bs=4096 seek=2560 conv=notrunc status=none' sh "$dir"
  as_tester sh -c 'echo note >"$1/note.txt"' sh "$dir"
  set_xattr "$dir/note.txt" user.comment "read me"
  set_xattr "$dir/photo.jpg" user.xdg.origin.url "https://example.org/photo.jpg"
  set_xattr "$dir/photos" user.kind "album"
  grant_root_read "$dir/note.txt"
  echo "root's" >"$dir/root-owned.txt"
  chmod 0644 "$dir/root-owned.txt"
  touch -d @1700000000 "$dir/note.txt" "$dir/photo.jpg" "$dir/disk.img"
}

cleanup
tester_ids=$(id -u "$PLUG_TEST_USER"):$(id -g "$PLUG_TEST_USER")
as_tester truncate -s 256M "$image"
as_tester /sbin/mkfs.ext4 -q -E root_owner="$tester_ids" -L DCOLINKS "$image"

device=$(attach "$image")
source_dir=$(mount_as_tester "$device")
check "the ext4 volume is mounted ($source_dir)" test -n "$source_dir"
populate "$source_dir"
contents_before=$(contents "$source_dir")
check "it holds one file by three names and one by two" \
  eval 'same_file "$source_dir/photo.jpg" "$source_dir/photos/photo.jpg" "$source_dir/photos/same photo.jpg" &&
        same_file "$source_dir/pair-1.txt" "$source_dir/pair-2.txt"'
check "… a 64 MiB file taking $(allocated "$source_dir/disk.img") bytes" \
  test "$(allocated "$source_dir/disk.img")" -le 65536
check "… attributes" test "$(xattr "$source_dir/photos" user.kind)" = album
check "… and an ACL" has_acl "$source_dir/note.txt"

# --- ext4 to ext4: everything but the owner comes back ------------------------

json=$(ctl drives format "$device" --type ext4 --label DCOLINKS2 --keep-files --yes --json 2>"$PLUG_STACK_DIR/links-stderr")
status=$?
plan=$(cat "$PLUG_STACK_DIR/links-stderr")
check "ext4 → ext4 keeping the files (exit $status)" test $status = 0
check "… the plan said owners are not kept ($(grep -F owners <<<"$plan"))" \
  grep -qxF "  1 file or folder belongs to someone else: owners are not kept, every file will belong to you" <<<"$plan"
check "… and that ACLs are not ($(grep -F ACL <<<"$plan"))" \
  grep -qxF "  The access control list (ACL) of 1 file or folder will be dropped" <<<"$plan"
check "… and nothing else is lost ($(jq -c .kept_files.dropped <<<"$json"))" \
  jq -e '.kept_files.verified == true and .kept_files.not_carried == [] and (.kept_files.dropped | length) == 2
         and (.kept_files.dropped[0] | test("ACL")) and (.kept_files.dropped[1] | test("owners are not kept"))' <<<"$json"
new_dir=$(jq -r .mount_point <<<"$json")
check "… mounted again at $new_dir, ext4 “DCOLINKS2”" \
  test -n "$new_dir" -a "$(blkid_value TYPE "$device")|$(blkid_value LABEL "$device")" = "ext4|DCOLINKS2"
check "… every file has its content" test "$(contents "$new_dir")" = "$contents_before"
check "… the three names are one file again ($(stat -c '%i %h' "$new_dir/photo.jpg"))" \
  same_file "$new_dir/photo.jpg" "$new_dir/photos/photo.jpg" "$new_dir/photos/same photo.jpg"
check "… and the two ($(stat -c '%i %h' "$new_dir/pair-1.txt"))" same_file "$new_dir/pair-1.txt" "$new_dir/pair-2.txt"
check "… the sparse file is 64 MiB and takes $(allocated "$new_dir/disk.img") bytes" \
  test "$(stat -c %s "$new_dir/disk.img")" = 67108864 -a "$(allocated "$new_dir/disk.img")" -le 65536
check "… the attributes of a file are back" \
  test "$(xattr "$new_dir/note.txt" user.comment)|$(xattr "$new_dir/photos/photo.jpg" user.xdg.origin.url)" \
    = "read me|https://example.org/photo.jpg"
check "… and of a folder" test "$(xattr "$new_dir/photos" user.kind)" = album
check "… the modification times too" test "$(stat -c %Y "$new_dir/note.txt" "$new_dir/disk.img" | sort -u)" = 1700000000
check "… the ACL is not" eval '! has_acl "$new_dir/note.txt"'
check "… root's file belongs to the test user now" test "$(stat -c %U "$new_dir/root-owned.txt")" = "$PLUG_TEST_USER"
check "… and the copy on the computer is gone" test -z "$(ls -A "$kept_root")"

# --- ext4 to Btrfs: the same -------------------------------------------------------

json=$(ctl drives format "$device" --type btrfs --label DCOLINKSB --keep-files --yes --json 2>/dev/null)
status=$?
check "ext4 → Btrfs keeping the files (exit $status)" test $status = 0
check "… losing nothing ($(jq -c .kept_files.dropped <<<"$json"))" \
  jq -e '.kept_files.verified == true and .kept_files.dropped == []' <<<"$json"
new_dir=$(jq -r .mount_point <<<"$json")
check "… Btrfs “DCOLINKSB” mounted at $new_dir" \
  test -n "$new_dir" -a "$(blkid_value TYPE "$device")|$(blkid_value LABEL "$device")" = "btrfs|DCOLINKSB"
check "… every file has its content" test "$(contents "$new_dir")" = "$contents_before"
check "… the names of one file are one file ($(stat -c '%i %h' "$new_dir/photo.jpg" "$new_dir/pair-2.txt" | tr '\n' ' '))" \
  eval 'same_file "$new_dir/photo.jpg" "$new_dir/photos/photo.jpg" "$new_dir/photos/same photo.jpg" &&
        same_file "$new_dir/pair-1.txt" "$new_dir/pair-2.txt"'
check "… the sparse file takes $(allocated "$new_dir/disk.img") bytes" \
  test "$(stat -c %s "$new_dir/disk.img")" = 67108864 -a "$(allocated "$new_dir/disk.img")" -le 65536
check "… the attributes are back" \
  test "$(xattr "$new_dir/note.txt" user.comment)|$(xattr "$new_dir/photos" user.kind)" = "read me|album"

# --- Btrfs to NTFS: ntfs-3g holds links, holes and attributes too ----------------

json=$(ctl drives format "$device" --type ntfs --label DCOLINKSN --keep-files --yes --json 2>/dev/null)
status=$?
check "Btrfs → NTFS keeping the files (exit $status)" test $status = 0
check "… losing nothing ($(jq -c .kept_files.dropped <<<"$json"))" \
  jq -e '.kept_files.verified == true and .kept_files.dropped == []' <<<"$json"
new_dir=$(jq -r .mount_point <<<"$json")
check "… NTFS “DCOLINKSN” mounted at $new_dir" \
  test -n "$new_dir" -a "$(blkid_value TYPE "$device")|$(blkid_value LABEL "$device")" = "ntfs|DCOLINKSN"
check "… every file has its content" test "$(contents "$new_dir")" = "$contents_before"
check "… the names of one file are one file ($(stat -c '%i %h' "$new_dir/photo.jpg" "$new_dir/pair-2.txt" | tr '\n' ' '))" \
  eval 'same_file "$new_dir/photo.jpg" "$new_dir/photos/photo.jpg" "$new_dir/photos/same photo.jpg" &&
        same_file "$new_dir/pair-1.txt" "$new_dir/pair-2.txt"'
check "… the sparse file takes $(allocated "$new_dir/disk.img") bytes" \
  test "$(stat -c %s "$new_dir/disk.img")" = 67108864 -a "$(allocated "$new_dir/disk.img")" -le 65536
check "… the attributes are back" \
  test "$(xattr "$new_dir/note.txt" user.comment)|$(xattr "$new_dir/photos" user.kind)" = "read me|album"

# --- NTFS to exFAT: said before the answer, separate copies after ---------------

terminal_start "$PLUGBOARDCTL drives format $device --type exfat --label DCOLINKSX --keep-files"
wait_until 60 terminal_asked "Reformat $device?"
check "on a terminal it asks" terminal_asked "Reformat $device?"
asked=$(tr -d '\r' <"$terminal_output")
check "… having said the hard links become copies" \
  grep -qxF "  5 files share their data through hard links: they will come back as separate copies" <<<"$asked"
check "… that the sparse file takes its full size" \
  grep -qxE "  1 sparse file will take its full size on the new filesystem, 67\.1.+MB" <<<"$asked"
check "… that the attributes are dropped" \
  grep -qxF "  The user extended attributes of 3 files and folders will be dropped" <<<"$asked"
check "… under its heading" grep -qxF "What the files will not keep on the new filesystem:" <<<"$asked"
terminal_answer y
check "answered y, it keeps the files on exFAT (exit $terminal_status)" test "$terminal_status" = 0
new_dir=$(mount_point_of "$device")
check "… exFAT “DCOLINKSX” mounted at $new_dir" \
  test -n "$new_dir" -a "$(blkid_value TYPE "$device")|$(blkid_value LABEL "$device")" = "exfat|DCOLINKSX"
check "… every file has its content" test "$(contents "$new_dir")" = "$contents_before"
check "… the names are separate copies ($(stat -c %h "$new_dir/photo.jpg" "$new_dir/photos/photo.jpg" "$new_dir/pair-2.txt" | tr '\n' ' '))" \
  test "$(stat -c %h "$new_dir/photo.jpg" "$new_dir/photos/photo.jpg" "$new_dir/photos/same photo.jpg" \
          "$new_dir/pair-1.txt" "$new_dir/pair-2.txt" | sort -u)" = 1
check "… and the copy on the computer is gone" test -z "$(ls -A "$kept_root")"

finish
