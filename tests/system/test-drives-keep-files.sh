#!/bin/bash
# test-drives-keep-files.sh: plugboardctl drives format --keep-files against
# the real udisksd, polkitd and mkfs tools, as the test user: a few hundred
# files of mixed sizes (nested folders, empty files, a few MB) kept from
# ext4 to exFAT and from exFAT to ext4, compared by SHA-256 and
# modification time afterwards, with the copy on the computer gone; what
# cannot be carried to exFAT (a link, a pipe) said, not dropped silently;
# refusals before anything is changed (a file over 4 GiB for FAT32, names
# exFAT does not allow); a copy back that fails after the reformat keeps
# the copy and says where it is; every other disk image byte-identical.
#
# FAT32 volumes cannot be the source here: this kernel has no vfat driver
# (docs/TESTING.md), so no FAT volume can be mounted and read. exFAT mounts
# through FUSE (exfat-fuse), which tests/harness/plug-stack sets up for
# the stack's lifetime when the kernel has no exFAT driver.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-drives.sh"

images=$PLUG_IMAGES_DIR
prefix=$images/DCO-keep-
ext4_image=${prefix}ext4.img
exfat_image=${prefix}exfat.img
big_image=${prefix}big.img
fail_image=${prefix}fail.img
cancel_image=${prefix}cancel.img
changed_image=${prefix}changed.img
whole_image=${prefix}whole.img
bystander_image=${prefix}bystander.img
our_images=("$ext4_image" "$exfat_image" "$big_image" "$fail_image" "$cancel_image" "$changed_image"
            "$whole_image" "$bystander_image")
# What the test changes; the bystander, attached too, must stay as it is.
targets=("$ext4_image" "$exfat_image" "$big_image" "$fail_image" "$cancel_image" "$changed_image"
         "$whole_image")
tester_home=$(getent passwd "$PLUG_TEST_USER" | cut -d: -f6)
kept_root=$tester_home/.local/share/plugboard/kept-files
pause_file=$images/DCO-keep-pause
pid_file=$images/DCO-keep-pid
small_home=$PLUG_STACK_DIR/DCO-small-home

cleanup () {
  local image device mount_point
  rm -f "$pause_file" "$pid_file"
  for image in "${our_images[@]}"; do
    for device in $(losetup -j "$image" -O NAME -n 2>/dev/null); do
      for mount_point in $(findmnt -n -o TARGET --source "$device" 2>/dev/null;
                           findmnt -n -o TARGET --source "${device}p1" 2>/dev/null); do
        umount "$mount_point" 2>/dev/null
      done
      losetup -d "$device"
    done
    rm -f "$image"
  done
  rm -rf "$kept_root"
  if mountpoint -q "$small_home" 2>/dev/null; then
    umount "$small_home"
  fi
  [ -d "$small_home" ] && rmdir "$small_home"
}
trap cleanup EXIT

ctl () { as_tester "$PLUGBOARDCTL" "$@" </dev/null; }
blkid_value () { blkid -p -s "$1" -o value "$2"; }
attach () { as_tester udisksctl loop-setup --no-user-interaction --file "$1" | grep -oE '/dev/loop[0-9]+'; }
mount_as_tester () {
  as_tester udisksctl mount --no-user-interaction --block-device "$1" | sed -n 's/^Mounted .* at \(.*\)$/\1/p'
}
mount_point_of () { findmnt -n -o TARGET --source "$1" | head -n 1; }
# tree_digest DIR: every file's SHA-256 and every folder's and file's path
# and modification time (seconds), relative to DIR, sorted.
tree_digest () {
  as_tester /usr/bin/python3 - "$1" <<'EOF'
import hashlib, os, sys
root = sys.argv[1]
for folder, dirs, files in os.walk(root):
    dirs[:] = sorted(d for d in dirs if not (folder == root and d == "lost+found"))
    rel = os.path.relpath(folder, root)
    print("D", rel, int(os.stat(folder).st_mtime) if rel != "." else "")
    for name in sorted(files):
        path = os.path.join(folder, name)
        if os.path.islink(path) or not os.path.isfile(path):
            continue
        with open(path, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        print("F", os.path.relpath(path, root), digest, int(os.stat(path).st_mtime))
EOF
}
# populate DIR: a few hundred files of mixed sizes in nested folders, with
# modification times in the past, as the test user.
populate () {
  as_tester /usr/bin/python3 - "$1" <<'EOF'
import os, random, sys
root = sys.argv[1]
rng = random.Random(20261130)
past = 1700000000
folders = [root]
for i in range(24):
    parent = rng.choice(folders)
    path = os.path.join(parent, "folder %02d é" % i if i % 3 == 0 else "f%02d" % i)
    os.mkdir(path)
    folders.append(path)
for i in range(300):
    folder = rng.choice(folders)
    if i % 10 == 0:
        size = 0
    elif i % 100 == 7:
        size = rng.randint(2, 5) * 1024 * 1024 + rng.randint(0, 4095)
    else:
        size = rng.randint(1, 64 * 1024)
    path = os.path.join(folder, "file-%03d.%s" % (i, rng.choice(["txt", "jpg", "bin", "tar.gz"])))
    with open(path, "wb") as f:
        f.write(rng.randbytes(size))
    os.utime(path, (past + i * 37, past + i * 37))
for n, folder in enumerate(sorted(folders, key=len, reverse=True)):
    os.utime(folder, (past - n * 61, past - n * 61))
EOF
}

cleanup
exfat_mountable () {
  grep -qw exfat /proc/filesystems || { grep -qx exfat /etc/filesystems && test -x /sbin/mount.exfat; }
}
check "exFAT can be mounted (by the kernel, or through FUSE as plug-stack sets up)" exfat_mountable

tester_ids=$(id -u "$PLUG_TEST_USER"):$(id -g "$PLUG_TEST_USER")
as_tester truncate -s 256M "$ext4_image" "$exfat_image" "$fail_image" "$cancel_image" "$changed_image"
as_tester truncate -s 64M "$bystander_image"
as_tester truncate -s 128M "$whole_image"
as_tester truncate -s 5G "$big_image"
for image in "$ext4_image" "$fail_image" "$cancel_image" "$changed_image" "$big_image"; do
  as_tester /sbin/mkfs.ext4 -q -E root_owner="$tester_ids" -L DCOKEEP "$image"
done
as_tester /sbin/mkfs.exfat -L DCOKEEPX "$exfat_image" >/dev/null
as_tester /sbin/mkfs.ext4 -q -L DCOBYSTAND "$bystander_image"
bystander_device=$(attach_bystander "$bystander_image")
check "the bystander image is attached, and udisks reports it ($bystander_device)" test -n "$bystander_device"
bystander_before=$(hash_others "${targets[@]}")

# --- ext4 to exFAT -----------------------------------------------------------

ext4_device=$(attach "$ext4_image")
source_dir=$(mount_as_tester "$ext4_device")
check "the ext4 volume is mounted ($source_dir)" test -n "$source_dir"
populate "$source_dir"
as_tester ln -s "f01/file-001.txt" "$source_dir/shortcut"
as_tester mkfifo "$source_dir/a pipe"
digest_before=$(tree_digest "$source_dir")
files=$(grep -c '^F' <<<"$digest_before")
check "the volume holds $files files in $(grep -c '^D' <<<"$digest_before") folders" test "$files" = 300

output=$(ctl drives format "$ext4_device" --type exfat --label DCOEXFAT --keep-files --yes)
status=$?
check "ext4 → exFAT keeping the files (exit $status)" test $status = 0
check "… the plan said how much space the copy needs, and where it goes" \
  grep -qE "^They are copied to $kept_root/DCOKEEP-[0-9]{8}-[0-9]{6} first: this needs .*, and .* is free there\.$" <<<"$output"
check "… and what cannot be kept on exFAT: the link" grep -qF "shortcut (a symbolic link" <<<"$output"
check "… and the pipe" grep -qF "a pipe (a special file" <<<"$output"
check "… it said each phase" \
  test "$(grep -cE '^(Copying .* to /|Reformatting…|Copying .* back to|Checking every file|All files verified)' <<<"$output")" = 5
check "… and counted files and bytes" grep -qE '^  [0-9]+ of [0-9]+ files, .* of .*$' <<<"$output"
check "… blkid reads exFAT “DCOEXFAT”" \
  test "$(blkid_value TYPE "$ext4_device")|$(blkid_value LABEL "$ext4_device")" = "exfat|DCOEXFAT"
new_dir=$(mount_point_of "$ext4_device")
check "… mounted again at $new_dir" test -n "$new_dir"
digest_after=$(tree_digest "$new_dir")
check "… every file has the same SHA-256 and modification time, every folder its time" \
  test "$digest_after" = "$digest_before"
check "… the link and the pipe are not there" test ! -e "$new_dir/shortcut" -a ! -e "$new_dir/a pipe"
check "… and the copy on the computer is gone" test -z "$(ls -A "$kept_root")"

# --- exFAT to ext4 -------------------------------------------------------------

exfat_device=$(attach "$exfat_image")
source_dir=$(mount_as_tester "$exfat_device")
check "the exFAT volume is mounted ($source_dir)" test -n "$source_dir"
populate "$source_dir"
digest_before=$(tree_digest "$source_dir")
json=$(ctl drives format "$exfat_device" --type ext4 --label DCOEXT4 --keep-files --yes --json 2>"$PLUG_STACK_DIR/keep-stderr")
status=$?
check "exFAT → ext4 keeping the files (exit $status)" test $status = 0
check "… the JSON says what was kept, and that no copy is left" \
  jq_e '.filesystem == "ext4" and .label == "DCOEXT4" and .kept_files.verified == true
         and .kept_files.kept_copy_path == null and .kept_files.not_carried == []
         and .kept_files.files > 300 and .kept_files.bytes > 0' <<<"$json"
new_dir=$(jq -r .mount_point <<<"$json")
check "… every file has the same SHA-256 and modification time" test "$(tree_digest "$new_dir")" = "$digest_before"
check "… the files belong to the test user" \
  test -z "$(find "$new_dir" -path "$new_dir/lost+found" -prune -o ! -user "$PLUG_TEST_USER" -print)"
# exFAT keeps no permissions, and shows every file as executable.
check "… as 0644 files and 0755 folders, not all executable ($(find "$new_dir" -mindepth 1 -path "$new_dir/lost+found" -prune -o -printf '%m\n' | sort | uniq -c | tr -s ' \n' ' '))" \
  test -z "$(find "$new_dir" -mindepth 1 -path "$new_dir/lost+found" -prune -o \
             \( -type f ! -perm 0644 -o -type d ! -perm 0755 \) -print)"
check "… and the copy on the computer is gone" test -z "$(ls -A "$kept_root")"

# --- the whole drive, keeping the files of its one volume ------------------------

whole_device=$(attach "$whole_image")
# A partition table with one ext4 volume, made the way test-drives-format
# checks.
ctl drives format "$whole_device" --whole-drive --type ext4 --label DCOWHOLE --yes >/dev/null 2>&1
as_tester udisksctl unmount --no-user-interaction --block-device "${whole_device}p1" >/dev/null 2>&1
source_dir=$(mount_as_tester "${whole_device}p1")
check "the partition of a whole drive is mounted ($source_dir)" test -n "$source_dir"
populate "$source_dir"
digest_before=$(tree_digest "$source_dir")
json=$(ctl drives format "${whole_device}p1" --whole-drive --type exfat --label DCOWHOLEX --keep-files --yes --json 2>/dev/null)
status=$?
check "the whole drive reformatted keeping the files of its volume (exit $status)" test $status = 0
check "… one exFAT volume in a new partition table" \
  test "$(blkid_value PTTYPE "$whole_device")|$(blkid_value TYPE "${whole_device}p1")|$(blkid_value UUID "${whole_device}p1")" \
    = "dos|exfat|$(jq -r .uuid <<<"$json")"
check "… the JSON says so" jq_e '.whole_drive == true and .kept_files.verified == true' <<<"$json"
check "… every file has the same SHA-256 and modification time" \
  test "$(tree_digest "$(jq -r .mount_point <<<"$json")")" = "$digest_before"
check "… and the copy on the computer is gone" test -z "$(ls -A "$kept_root")"

# --- refused before anything is changed -----------------------------------------

big_device=$(attach "$big_image")
source_dir=$(mount_as_tester "$big_device")
as_tester truncate -s 4500M "$source_dir/backup.tar"
as_tester sh -c 'echo note >"$1/a:b.txt"' sh "$source_dir"
as_tester sh -c 'echo one >"$1/Photo.jpg"; echo two >"$1/photo.jpg"' sh "$source_dir"
# Reading a mounted ext4 updates access times on it, so the files are
# compared, and the filesystem's UUID.
big_digest=$(tree_digest "$source_dir")
big_uuid=$(blkid_value UUID "$big_device")
output=$(ctl drives format "$big_device" --type vfat --label DCOFAT --keep-files --yes 2>&1)
status=$?
check "a 4.4 GiB file going to FAT32 is refused (exit $status)" test $status = 1
check "… saying which file and why ($(grep -F backup.tar <<<"$output"))" grep -qE "backup.tar is 4.7.+GB, larger than the 4 GB a FAT32 file can hold" <<<"$output"
check "… and that nothing was changed" grep -qF "nothing was changed" <<<"$output"
output=$(ctl drives format "$big_device" --type exfat --label DCOEXF --keep-files --yes 2>&1)
status=$?
check "names exFAT does not allow are refused (exit $status)" test $status = 1
check "… “:” ($(grep -F 'a:b' <<<"$output"))" grep -qF "a:b.txt: the name contains “:”" <<<"$output"
check "… names differing only in case" grep -qF "differs only in upper and lower case" <<<"$output"
check "… the volume is still mounted where it was" test "$(mount_point_of "$big_device")" = "$source_dir"
check "… still ext4 “DCOKEEP”" test "$(blkid_value TYPE "$big_device")|$(blkid_value LABEL "$big_device")" = "ext4|DCOKEEP"
check "… the same filesystem (UUID $big_uuid)" test "$(blkid_value UUID "$big_device")" = "$big_uuid"
check "… holding the same files" test "$(tree_digest "$source_dir")" = "$big_digest"
check "… and no copy was made" test -z "$(ls -A "$kept_root" 2>/dev/null)"

# More than the new filesystem holds: 5.1 GB of files (sparse on ext4,
# where they take no room) for a 5 GiB exFAT volume.
as_tester rm "$source_dir/a:b.txt" "$source_dir/photo.jpg"
as_tester truncate -s 600M "$source_dir/extra.bin"
output=$(ctl drives format "$big_device" --type exfat --label DCOEXF --keep-files --yes 2>&1)
status=$?
check "more files than the new filesystem holds are refused (exit $status)" test $status = 1
check "… saying how much they take and it holds ($output)" \
  grep -qE "The files take 5\.3.GB, and the new exFAT volume will hold about 5\.[0-2].GB: they would not fit\. Nothing was changed\." <<<"$output"
check "… still ext4 “DCOKEEP”, mounted" \
  test "$(blkid_value TYPE "$big_device")|$(mount_point_of "$big_device")" = "ext4|$source_dir"
as_tester rm "$source_dir/backup.tar" "$source_dir/extra.bin"

# Too little free space on the computer for the copy: the user's data
# folder on a 4 MiB tmpfs, and 4.5 MiB of files.
head -c 4500000 /dev/urandom | as_tester sh -c 'cat >"$1"' sh "$source_dir/movie.mp4"
mkdir -m 0755 "$small_home"
mount -t tmpfs -o size=4M,mode=0755,uid="$(id -u "$PLUG_TEST_USER")" DCO-small "$small_home"
output=$(as_tester env XDG_DATA_HOME="$small_home" "$PLUGBOARDCTL" drives format "$big_device" \
           --type exfat --label DCOEXF --keep-files --yes </dev/null 2>&1)
status=$?
check "too little space on the computer for the copy is refused (exit $status)" test $status = 1
check "… saying how much is needed, where, and how much is free ($output)" \
  grep -qE "Keeping the files needs 2[0-9]\.[0-9].MB free on this computer, in $small_home/plugboard/kept-files, and 4\.[0-9].MB is free\. Nothing was changed\." <<<"$output"
check "… still ext4 “DCOKEEP”, mounted" \
  test "$(blkid_value TYPE "$big_device")|$(mount_point_of "$big_device")" = "ext4|$source_dir"
umount "$small_home"
rmdir "$small_home"

# --- a copy back that fails after the reformat ------------------------------------
if has_test_hooks; then
  fail_device=$(attach "$fail_image")
  source_dir=$(mount_as_tester "$fail_device")
  populate "$source_dir"
  # Names that sha256sum must escape in the copy's checksum list.
  as_tester sh -c 'printf "two lines" >"$1/$(printf "two\nlines.txt")"; printf "back" >"$1/back\\slash.txt"' \
    sh "$source_dir"
  digest_before=$(tree_digest "$source_dir")
  # The operation pauses once the new filesystem is mounted (a hook of
  # development builds); meanwhile root makes it read-only, so that every
  # write of the copy back fails for real.
  as_tester env PLUG_TEST_KEEP_FILES_PAUSE_FILE="$pause_file" "$PLUGBOARDCTL" drives format "$fail_device" \
    --type ext4 --label DCOFAIL --keep-files --yes </dev/null >"$PLUG_STACK_DIR/keep-fail-output" 2>&1 &
  format_pid=$!
  wait_until 30 test -s "$pause_file"
  new_dir=$(cat "$pause_file" 2>/dev/null)
  check "the operation paused with the new filesystem mounted at $new_dir" \
    test -n "$new_dir" -a "$(mount_point_of "$fail_device")" = "$new_dir"
  mount -o remount,ro "$new_dir"
  rm -f "$pause_file"
  wait $format_pid
  status=$?
  output=$(cat "$PLUG_STACK_DIR/keep-fail-output")
  check "a copy back that fails fails the command (exit $status)" test $status = 1
  kept=$(sed -n 's/.*Your files are kept in \(.*\)$/\1/p' <<<"$output" | tail -n 1)
  check "… the error says where the files are kept ($kept)" test -n "$kept" -a -d "$kept"
  check "… and why (read-only)" grep -qF "Read-only file system" <<<"$output"
  check "… the copy holds every file, as it was" test "$(tree_digest "$kept")" = "$digest_before"
  check "… its checksum list says so too, names with a newline and a backslash included" \
    as_tester sh -c 'cd "$1" && sha256sum --quiet -c "$1.sha256"' sh "$kept"
else
  skip "a copy back that fails after the reformat: needs a development build (-Dprofile=development) for its pause hook"
fi

# --- cancelled before the reformat ---------------------------------------------------
if has_test_hooks; then
  cancel_device=$(attach "$cancel_image")
  source_dir=$(mount_as_tester "$cancel_device")
  populate "$source_dir"
  digest_before=$(tree_digest "$source_dir")
  cancel_uuid=$(blkid_value UUID "$cancel_device")
  # The reformat pauses right before its last check (a hook of development
  # builds): the files are copied out and the volume unmounted. Ctrl+C then.
  as_tester sh -c 'echo $$ >"$1"; shift; exec "$@"' sh "$pid_file" \
    env PLUG_TEST_FORMAT_PAUSE_FILE="$pause_file" "$PLUGBOARDCTL" drives format "$cancel_device" \
    --type exfat --label DCOCANCEL --keep-files --yes </dev/null >"$PLUG_STACK_DIR/keep-cancel-output" 2>&1 &
  background_pid=$!
  wait_until 30 test -f "$pause_file"
  check "paused before the reformat, the files copied out and the volume unmounted" \
    test -f "$pause_file" -a -z "$(mount_point_of "$cancel_device")" -a -n "$(ls -A "$kept_root")"
  kill -INT "$(cat "$pid_file")"
  sleep 0.2
  rm -f "$pause_file"
  wait $background_pid
  status=$?
  output=$(cat "$PLUG_STACK_DIR/keep-cancel-output")
  check "cancelled, it fails (exit $status)" test $status = 1
  check "… saying nothing was reformatted ($(tail -n 1 <<<"$output"))" grep -qF "Cancelled before anything was reformatted" <<<"$output"
  check "… the volume is mounted again where it was" test "$(mount_point_of "$cancel_device")" = "$source_dir"
  check "… the same filesystem (UUID $cancel_uuid) with the same files" \
    test "$(blkid_value UUID "$cancel_device")" = "$cancel_uuid" -a "$(tree_digest "$source_dir")" = "$digest_before"
  check "… and the copy it no longer needs is gone" test -z "$(ls -A "$kept_root" | grep -v "^$(basename "$kept")")"
else
  skip "keeping files cancelled before the reformat: needs a development build (-Dprofile=development) for its pause hook"
fi

# --- files written while the question waits ----------------------------------------
# The plan lists the files when the question is asked; a folder dragged onto
# the drive meanwhile, or a file a program changes, is not in it. Answered
# y, the run must see that and change nothing, rather than wipe them.
changed_device=$(attach "$changed_image")
source_dir=$(mount_as_tester "$changed_device")
populate "$source_dir"
changed_uuid=$(blkid_value UUID "$changed_device")
terminal_start "$PLUGBOARDCTL drives format $changed_device --type exfat --label DCOCHANGED --keep-files"
wait_until 60 terminal_asked "Reformat $changed_device?"
check "on a terminal it lists the files to keep and asks" terminal_asked "Reformat $changed_device?"
as_tester mkdir "$source_dir/dragged in late"
as_tester sh -c 'head -c 300000 /dev/urandom >"$1/dragged in late/photo.jpg"' sh "$source_dir"
as_tester sh -c 'echo "written after the plan" >>"$1/f01/file-001.txt"' sh "$source_dir" 2>/dev/null ||
  as_tester sh -c 'echo "written after the plan" >"$1/late.txt"' sh "$source_dir"
digest_changed=$(tree_digest "$source_dir")
terminal_answer y
status=$terminal_status
output=$terminal_text
check "answered y after files were added, it refuses (exit $status)" test $status = 1
check "… saying the files changed since the confirmation ($(grep -F 'changed since' <<<"$output" | head -n 1))" \
  grep -qF "The files on $changed_device changed since you confirmed, so nothing was changed" <<<"$output"
check "… naming what was added" grep -qF "dragged in late/photo.jpg (added)" <<<"$output"
check "… the volume keeps its filesystem (UUID $changed_uuid)" test "$(blkid_value UUID "$changed_device")" = "$changed_uuid"
check "… mounted again at $source_dir" test "$(mount_point_of "$changed_device")" = "$source_dir"
check "… for writing, as before" findmnt -n -O rw --source "$changed_device"
check "… with every file as it is now, the late ones too" test "$(tree_digest "$source_dir")" = "$digest_changed"
check "… and no copy left on the computer" test -z "$(ls -A "$kept_root" | grep '^DCOKEEP-' | grep -v "^$(basename "${kept:-none}")")"

# --- nothing else touched ----------------------------------------------------------

check "the bystander image is byte-identical" others_identical "$bystander_before" "${targets[@]}"

finish
