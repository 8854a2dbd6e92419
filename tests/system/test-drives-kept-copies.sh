#!/bin/bash
# test-drives-kept-copies.sh: a copy of a drive's files that a reformat
# kept on the computer is never forgotten. plugboardctl, as the test user,
# against the real udisksd and mkfs: a reformat keeping the files is
# stopped with SIGKILL after the wipe and before the files are back (as a
# power cut would stop it); `drives list` and `drives kept-copies` then
# show the copy, and `drives restore` puts every file back as it was and
# removes the copy. While a run uses a copy it is listed as in use, and
# neither restored nor deleted; an unfinished copy (no checksum list) is
# removed when the copies are listed, unless a run still makes it; a copy
# that does not match its checksums, or names the volume already holds,
# are refused with nothing written; `drives delete-copy` asks first.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-drives.sh"

prefix=$images/DKC-
target_image=${prefix}target.img
bystander_image=${prefix}bystander.img
our_images=("$target_image" "$bystander_image")
tester_home=$(getent passwd "$PLUG_TEST_USER" | cut -d: -f6)
kept_root=$tester_home/.local/share/plugboard/kept-files
pause_file=$images/DKC-pause
pid_file=$images/DKC-pid
lock_pid=

cleanup () {
  [ -n "$lock_pid" ] && kill "$lock_pid" 2>/dev/null
  rm -f "$pause_file" "$pid_file" "$images/DKC-lock-pid"
  remove_our_images
  rm -rf "$kept_root"
}
trap cleanup EXIT

# tree_digest DIR: each file's path, SHA-256 and modification time, each
# folder's path, relative to DIR, sorted.
tree_digest () {
  as_tester /usr/bin/python3 - "$1" <<'EOF'
import hashlib, os, sys
root = sys.argv[1]
for folder, dirs, files in os.walk(root):
    dirs[:] = sorted(d for d in dirs if not (folder == root and d == "lost+found"))
    print("D", os.path.relpath(folder, root))
    for name in sorted(files):
        path = os.path.join(folder, name)
        with open(path, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        print("F", os.path.relpath(path, root), digest, int(os.stat(path).st_mtime))
EOF
}
populate () {
  as_tester /usr/bin/python3 - "$1" <<'EOF'
import os, random, sys
root = sys.argv[1]
rng = random.Random(20261202)
for folder in ("Photos", "Photos/2026", "Notes"):
    os.mkdir(os.path.join(root, folder))
for i in range(40):
    folder = rng.choice(["", "Photos", "Photos/2026", "Notes"])
    path = os.path.join(root, folder, "file-%02d.bin" % i)
    with open(path, "wb") as f:
        f.write(rng.randbytes(rng.randint(0, 200 * 1024)))
    os.utime(path, (1700000000 + i * 59, 1700000000 + i * 59))
EOF
}
copies_json () { as_tester "$PLUGBOARDCTL" drives kept-copies --json </dev/null; }
# copy_field NAME KEY: one value of one listed copy.
copy_field () { copies_json | jq -r --arg name "$1" --arg key "$2" '.[] | select(.name == $name) | .[$key]'; }

remove_our_images
rm -rf "$kept_root"

if ! has_test_hooks; then
  skip "kept copies: needs a development build (-Dprofile=development) for the keep-files pause hook"
  finish
fi

as_tester truncate -s 128M "$target_image"
as_tester truncate -s 32M "$bystander_image"
tester_ids=$(id -u "$PLUG_TEST_USER"):$(id -g "$PLUG_TEST_USER")
as_tester /sbin/mkfs.ext4 -q -E root_owner="$tester_ids" -L DKCKEEP "$target_image"
as_tester /sbin/mkfs.ext4 -q -L DKCBYSTAND "$bystander_image"
target_device=$(attach "$target_image")
bystander_device=$(attach "$bystander_image")
check "the target and the bystander are attached ($target_device, $bystander_device)" \
  test -n "$target_device" -a -n "$bystander_device"
bystander_before=$(sha256sum "$bystander_image")
source_dir=$(as_tester udisksctl mount --no-user-interaction --block-device "$target_device" |
               sed -n 's/^Mounted .* at \(.*\)$/\1/p')
populate "$source_dir"
digest_before=$(tree_digest "$source_dir")
check "the volume holds 40 files ($source_dir)" test "$(grep -c '^F' <<<"$digest_before")" = 40

# --- stopped after the wipe ----------------------------------------------------
# The run pauses once the new filesystem is mounted, before the files go
# back (a hook of development builds).
as_tester sh -c 'echo $$ >"$1"; shift; exec "$@"' sh "$pid_file" \
  env PLUG_TEST_KEEP_FILES_PAUSE_FILE="$pause_file" "$PLUGBOARDCTL" drives format "$target_device" \
  --type ext4 --label DKCNEW --keep-files --yes </dev/null >"$PLUG_STACK_DIR/dkc-output" 2>&1 &
format_pid=$!
wait_until 60 test -s "$pause_file"
new_dir=$(cat "$pause_file" 2>/dev/null)
check "the run paused after the reformat, the new filesystem mounted at $new_dir" \
  test -n "$new_dir" -a "$(blkid_value LABEL "$target_device")" = DKCNEW
name=$(copies_json | jq -r '.[0].name // empty')
check "while the run waits, the copy is listed ($name)" test -n "$name"
check "… as in use" test "$(copy_field "$name" in_use)" = true
output=$(ctl drives restore "$name" "$target_device" 2>&1)
status=$?
check "… and a restore is refused (exit $status)" test $status = 1
check "… saying it is in use ($output)" grep -qF "is in use" <<<"$output"
output=$(ctl drives delete-copy "$name" --yes 2>&1)
status=$?
check "… and so is deleting it (exit $status)" test $status = 1 -a -d "$kept_root/$name"

# The computer stops: the run ends with SIGKILL, its lock with it.
kill -KILL "$(cat "$pid_file")"
wait $format_pid
rm -f "$pause_file"
check "the run is gone, the files not back on the new filesystem" test -z "$(ls -A "$new_dir" | grep -v lost+found)"

# --- never forgotten -------------------------------------------------------------

output=$(ctl drives list)
check "drives list names the kept copy ($(grep -F "$name" <<<"$output"))" grep -qxF "  $name" <<<"$output"
check "… saying the files were not put back" grep -qF "Kept files: a reformat did not put these back" <<<"$output"
check "drives list --json is still the array of drives" \
  test "$(ctl drives list --json | jq -r 'type')" = array
json=$(copies_json)
check "drives kept-copies --json: the copy, no longer in use, saying what it is" \
  jq -e --arg name "$name" --arg device "$target_device" --arg path "$kept_root/$name" '
    length == 1 and .[0].name == $name and .[0].path == $path and .[0].checksums == ($path + ".sha256")
    and .[0].in_use == false and .[0].label == "DKCKEEP" and .[0].device == $device
    and .[0].filesystem == "ext4" and .[0].new_filesystem == "ext4" and .[0].files == 40
    and .[0].size > 0 and (.[0].created | test("^20[0-9-]+T"))' <<<"${json:-null}"

# --- unfinished copies -------------------------------------------------------------
# One with no checksum list and no run: the power went before the copy
# was done, so the drive was never touched. One a run still makes: its
# information file is locked (flock, as a run holds it).
as_tester mkdir -p "$kept_root/DKCHALF-1/sub"
as_tester sh -c 'echo half >"$1/DKCHALF-1/sub/a.txt"; : >"$1/DKCHALF-1.info"' sh "$kept_root"
as_tester mkdir -p "$kept_root/DKCBUSY-1"
as_tester sh -c ': >"$1/DKCBUSY-1.info"' sh "$kept_root"
# One process holds the lock, so that killing it lets go.
as_tester /usr/bin/python3 -c '
import fcntl, os, sys, time
lock = open(sys.argv[1], "r+")
fcntl.flock(lock, fcntl.LOCK_EX)
with open(sys.argv[2], "w") as f:
    f.write(str(os.getpid()))
time.sleep(600)' "$kept_root/DKCBUSY-1.info" "$images/DKC-lock-pid" </dev/null >/dev/null 2>&1 &
wait_until 10 test -s "$images/DKC-lock-pid"
lock_pid=$(cat "$images/DKC-lock-pid")
json=$(copies_json)
check "an unfinished copy is not listed" test "$(jq -r '[.[].name] | join(" ")' <<<"${json:-null}")" = "$name"
check "… and the one no run holds is removed" test ! -e "$kept_root/DKCHALF-1" -a ! -e "$kept_root/DKCHALF-1.info"
check "… but not the one a run is making" test -d "$kept_root/DKCBUSY-1" -a -e "$kept_root/DKCBUSY-1.info"
kill "$lock_pid"
wait_until 10 sh -c '! kill -0 "$1" 2>/dev/null' sh "$lock_pid"
lock_pid=
rm -f "$images/DKC-lock-pid"
copies_json >/dev/null
check "… which goes too, once its run is gone" test ! -e "$kept_root/DKCBUSY-1" -a ! -e "$kept_root/DKCBUSY-1.info"

# --- refused, nothing written --------------------------------------------------------

new_digest=$(tree_digest "$new_dir")
as_tester sh -c 'echo mine >"$1/Notes"' sh "$new_dir"
new_digest_taken=$(tree_digest "$new_dir")
output=$(ctl drives restore "$name" "$target_device" 2>&1)
status=$?
check "a restore onto a volume that holds one of the names is refused (exit $status)" test $status = 1
check "… naming it ($output)" grep -qF "of the kept files (Notes): move it away first. Nothing was restored." <<<"$output"
check "… writing nothing" test "$(tree_digest "$new_dir")" = "$new_digest_taken"
as_tester rm "$new_dir/Notes"

victim=$(cd "$kept_root/$name" && find . -type f -size +1k | sort | head -n 1)
cp -p "$kept_root/$name/$victim" "$PLUG_STACK_DIR/dkc-victim"
printf 'X' | dd of="$kept_root/$name/$victim" bs=1 seek=100 conv=notrunc status=none
output=$(ctl drives restore "$name" "$target_device" 2>&1)
status=$?
check "a kept copy that no longer matches its checksums is not restored (exit $status)" test $status = 1
check "… saying which file ($output)" grep -qF "${victim#./} in the kept copy is not what was copied" <<<"$output"
check "… writing nothing" test "$(tree_digest "$new_dir")" = "$new_digest"
cp -p "$PLUG_STACK_DIR/dkc-victim" "$kept_root/$name/$victim"
rm -f "$PLUG_STACK_DIR/dkc-victim"

# --- another listing looking is no run ------------------------------------------------
# A listing (the app's, say, while plugboardctl's runs) holds a shared lock
# on the information file for the moment it reads it.

# hold_shared SECONDS: a process holds the copy's lock shared, as a
# listing does, for SECONDS; its pid in lock_pid.
hold_shared () {
  rm -f "$images/DKC-lock-pid"
  as_tester /usr/bin/python3 -c '
import fcntl, os, sys, time
lock = open(sys.argv[1], "r")
fcntl.flock(lock, fcntl.LOCK_SH)
with open(sys.argv[2], "w") as f:
    f.write(str(os.getpid()))
time.sleep(float(sys.argv[3]))' "$kept_root/$name.info" "$images/DKC-lock-pid" "$1" </dev/null >/dev/null 2>&1 &
  wait_until 10 test -s "$images/DKC-lock-pid"
  lock_pid=$(cat "$images/DKC-lock-pid")
}
hold_shared 600
check "while another listing looks at the copy, it is not listed as in use" \
  test "$(copy_field "$name" in_use)" = false
kill "$lock_pid"
wait_until 10 sh -c '! kill -0 "$1" 2>/dev/null' sh "$lock_pid"

# --- restored ----------------------------------------------------------------------
# Started while a listing still looks (for a second): the restore waits
# for it, not taking it for a run.

hold_shared 1
kill -0 "$lock_pid" 2>/dev/null && looking=yes || looking=no
output=$(ctl drives restore "$name" "$target_device" 2>&1)
status=$?
check "drives restore puts the files back, waiting out a listing (exit $status)" test $status = 0
check "… which was still looking when it began ($looking)" test "$looking" = yes
lock_pid=
check "… saying each was read back" grep -qF "Every file is back and was read back as it was kept" <<<"$output"
check "… every file with its SHA-256 and modification time" test "$(tree_digest "$new_dir")" = "$digest_before"
check "… as 0644 files and 0755 folders, the test user's" \
  test -z "$(find "$new_dir" -mindepth 1 -path "$new_dir/lost+found" -prune -o \
             \( -type f ! -perm 0644 -o -type d ! -perm 0755 -o ! -user "$PLUG_TEST_USER" \) -print)"
check "… and the copy is gone from the computer" test -z "$(ls -A "$kept_root")"
check "… and from the list" test "$(copies_json | jq length)" = 0

# --- delete-copy asks first ---------------------------------------------------------
# A whole copy, as a run leaves it, made by hand.
as_tester mkdir "$kept_root/DKCOLD-1"
as_tester sh -c 'echo old >"$1/DKCOLD-1/old.txt"; cd "$1/DKCOLD-1" && sha256sum ./old.txt >"$1/DKCOLD-1.sha256"
                 printf "[Kept Copy]\nLabel=DKCOLD\nFiles=1\n" >"$1/DKCOLD-1.info"' sh "$kept_root"
output=$(ctl drives delete-copy DKCOLD-1 2>&1)
status=$?
check "delete-copy without a terminal or --yes is refused (exit $status)" test $status = 1 -a -d "$kept_root/DKCOLD-1"
terminal_start "$PLUGBOARDCTL drives delete-copy DKCOLD-1"
wait_until 30 terminal_asked "[y/N]"
check "on a terminal it asks, naming the copy" terminal_asked "Delete the kept files of “DKCOLD”"
terminal_answer ""
check "… Enter alone is No (exit $terminal_status)" test "$terminal_status" = 1 -a -d "$kept_root/DKCOLD-1"
output=$(ctl drives delete-copy DKCOLD-1 --yes 2>&1)
status=$?
check "with --yes it is deleted (exit $status)" test $status = 0 -a -z "$(ls -A "$kept_root")"
output=$(ctl drives restore DKCNONE "$target_device" 2>&1)
status=$?
check "a copy that does not exist: exit $status, saying so" \
  sh -c 'test "$1" = 1 && grep -qF "There is no kept copy “DKCNONE”" <<EOF
$2
EOF' sh "$status" "$output"

check "the bystander image is byte-identical" test "$(sha256sum "$bystander_image")" = "$bystander_before"

finish
