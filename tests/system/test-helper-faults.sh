#!/bin/bash
# test-helper-faults.sh: plugboard-helper with a full disk and a hostile
# environment
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# A full disk: the root is a small tmpfs, filled up (ENOSPC at each write
# the helper makes, or with room for exactly one page). Every failing call
# answers a clear error; the file that was there stays byte for byte;
# no temporary file is left; and once there is room again, choose and
# revert work and put the original back.
#
# The environment: a caller's environment never reaches the helper (its
# /proc/PID/environ), and a helper started with LD_PRELOAD, PATH,
# GCONV_PATH, LANG, PKEXEC_UID, TMPDIR, HOME and the panel's own test
# variables set to a folder of traps runs, reads and writes exactly what
# it does without them; the initramfs tool gets the helper's fixed
# environment. A relative
# --initramfs-tool or --modules-directory, which PATH or the working
# directory could move, is refused.
#
# As in test-helper.sh, the test starts the helper itself as root under
# umockdev, on the stack's bus with the helper's bus policy and polkit
# actions, and every call is made as the unprivileged test user.

. "$(dirname "$0")/lib.sh"

HELPER=$PLUG_BUILD_DIR/app/helper/plugboard-helper
FIXTURES=$PLUG_SOURCE_DIR/tests/fixtures
MODULES=$PLUG_BUILD_DIR/tests/unit/gpu-modules/lib/modules/6.1.0-plug
UMOCKDEV_RUN=$(command -v umockdev-run)
TAHITI=0000:03:00.0
PAGE=$(getconf PAGESIZE)

work=$(mktemp -d /tmp/plug-test-helper-faults.XXXXXX)
chmod 755 "$work"
full=$work/full
helper_pid=
stop_helper () {
  [ -n "$helper_pid" ] || return 0
  local pid
  pid=$(helper_process)
  [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null
  wait "$helper_pid"
  helper_status=$?
  helper_pid=
}
cleanup () {
  stop_helper
  mountpoint -q "$full" && umount "$full"
  rm -rf "$work"
}
trap cleanup EXIT

"$PLUG_STACK" bus-policy "$PLUG_STACK_DIR" "$PLUG_SOURCE_DIR/app/helper/io.github.plugboard.Helper.conf"
"$PLUG_STACK" polkit-action "$PLUG_STACK_DIR" "$PLUG_BUILD_DIR/app/helper/io.github.plugboard.Helper.policy"
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

# The fake initramfs tool records its environment.
cat >"$work/initramfs-tool" <<TOOL
#!/bin/sh
env >"$work/initramfs-environment"
TOOL
chmod 755 "$work/initramfs-tool"

. "$(dirname "$0")/lib-helper.sh"

# start_helper ROOT [ENV_ASSIGNMENT…]: the helper for the Radeon HD 7970,
# owning its name, with the environment variables given.
start_helper () {
  local root=$1; shift
  mkdir -p "$root/etc/modprobe.d"
  env "$@" "$UMOCKDEV_RUN" -d "$FIXTURES/gpus/amd-tahiti-radeon.umockdev" -- \
    "$HELPER" --root "$root" --modules-directory "$MODULES" --initramfs-tool "$work/initramfs-tool" \
    --timeout 20 >>"$work/helper.log" 2>&1 &
  helper_pid=$!
  timeout 15 gdbus wait --system --timeout 10 io.github.plugboard.Helper
}

# expect_error NAME MESSAGE_PART DESCRIPTION METHOD ARGUMENT…
expect_error () {
  local name=$1 part=$2 description=$3; shift 3
  if call "$@"; then
    not_ok "$description: succeeded: $reply"
  elif [[ "$reply" != *"$name"* || "$reply" != *"$part"* ]]; then
    not_ok "$description: wrong error: $reply"
  else
    ok "$description: $reply"
  fi
}

same () { cmp -s "$1" "$2" || { diag "$(cmp "$1" "$2" 2>&1)"; return 1; }; }

# no_temporary_file ROOT: only the helper's own names in its two folders.
no_temporary_file () {
  local left
  left=$(find "$1/etc/modprobe.d" "$1/var/lib/plugboard-helper" -mindepth 1 \
           ! -name plugboard-gpu.conf ! -name original.conf ! -name original-absent ! -name choices 2>/dev/null)
  [ -z "$left" ] || { diag "left behind: $left"; return 1; }
}

# fill [PAGES]: fill the tmpfs up, then free PAGES pages (none by default).
fill () {
  dd if=/dev/zero of="$full/filler" bs="$PAGE" 2>/dev/null
  [ "${1:-0}" -gt 0 ] && truncate -s "-$(($1 * PAGE))" "$full/filler"
  sync
}
room () { rm -f "$full/filler"; }

FAILED=io.github.plugboard.Helper.Error.Failed
NO_SPACE="No space left on device"
CONFIG=$full/etc/modprobe.d/plugboard-gpu.conf
STATE=$full/var/lib/plugboard-helper

# --- a full disk ------------------------------------------------------------

mkdir "$full"
mount -t tmpfs -o size=$((64 * PAGE)),mode=755 plug-test-full "$full"
check "the helper starts with its root on a 64-page tmpfs" start_helper "$full"

# No file before, the disk full: nothing can be kept or written.
fill
expect_error $FAILED "$NO_SPACE" "a full disk, no file before: SetGpuDriver fails clearly" SetGpuDriver "$TAHITI" amdgpu
check "... no file is written" test ! -e "$CONFIG"
check "... and no temporary file is left" no_temporary_file "$full"

# Room for one page: the configuration fits, the choices do not. Both go
# in together or not at all, so no configuration is left that revert
# would not know of.
room; fill 1
expect_error $FAILED "$NO_SPACE" "room for one page: SetGpuDriver fails clearly" SetGpuDriver "$TAHITI" amdgpu
check "... no configuration is left half-made" test ! -e "$CONFIG"
check "... nor any choice" test ! -e "$STATE/choices"
check "... and no temporary file is left" no_temporary_file "$full"

# Room again: choose and revert work.
room
check "with room again, SetGpuDriver amdgpu succeeds" call SetGpuDriver "$TAHITI" amdgpu
check "... the file is exactly the expected one" same "$CONFIG" "$FIXTURES/helper/tahiti-amdgpu.conf"
check "... and RevertGpuDriver removes it" call RevertGpuDriver "$TAHITI"
check "... leaving no file" test ! -e "$CONFIG"
check "... and no temporary file" no_temporary_file "$full"

# An administrator's file was there.
printf 'options radeon audio=1\r\n# an administrator\xff wrote this\n\nno final newline' >"$CONFIG"
cp "$CONFIG" "$work/original.conf"
fill
expect_error $FAILED "$NO_SPACE" "a full disk over an administrator's file: SetGpuDriver fails clearly" \
  SetGpuDriver "$TAHITI" amdgpu
check "... the file is the administrator's, byte for byte" same "$CONFIG" "$work/original.conf"
check "... and no temporary file is left" no_temporary_file "$full"
room
check "with room, SetGpuDriver amdgpu over it succeeds" call SetGpuDriver "$TAHITI" amdgpu
check "... and keeps the administrator's file" same "$STATE/original.conf" "$work/original.conf"

# A choice made, the disk full: a change and a revert fail and change
# nothing; with room, revert puts the administrator's file back.
fill
expect_error $FAILED "$NO_SPACE" "a full disk after a choice: SetGpuDriver radeon fails clearly" \
  SetGpuDriver "$TAHITI" radeon
check "... the file is still the amdgpu one, byte for byte" same "$CONFIG" "$FIXTURES/helper/tahiti-amdgpu.conf"
check "... the choice kept is still amdgpu" grep -qx "$TAHITI=amdgpu" "$STATE/choices"
check "... and no temporary file is left" no_temporary_file "$full"
expect_error $FAILED "$NO_SPACE" "a full disk: RevertGpuDriver fails clearly" RevertGpuDriver "$TAHITI"
check "... the file is still the amdgpu one" same "$CONFIG" "$FIXTURES/helper/tahiti-amdgpu.conf"
check "... the saved original is intact" same "$STATE/original.conf" "$work/original.conf"
check "... and no temporary file is left" no_temporary_file "$full"
room
check "with room again, RevertGpuDriver succeeds" call RevertGpuDriver "$TAHITI"
check "... and puts the administrator's file back byte for byte" same "$CONFIG" "$work/original.conf"
check "... forgetting its state" test ! -e "$STATE/original.conf" -a ! -e "$STATE/choices"
check "... with no temporary file left" no_temporary_file "$full"
check "the helper answers after the failures" call GetDriverChoices
stop_helper
check "... and exits cleanly (status $helper_status)" test "$helper_status" = 0
umount "$full"
diag "EIO: not injected; it needs a device-mapper error target or a faulting FUSE file system, and this machine has no device-mapper"

# --- the caller's environment ------------------------------------------------

# A folder of traps: programs named like those a root helper might run,
# which leave a mark if run, and folders the variables point to.
traps=$work/traps
mkdir -p "$traps/bin" "$traps/gconv" "$traps/tmp" "$traps/home" "$traps/root/etc/modprobe.d" "$traps/modules"
chmod -R 755 "$traps"
for program in update-initramfs dracut modprobe sh env kmod; do
  printf '#!/bin/sh\ntouch "%s/ran-%s"\n' "$traps" "$program" >"$traps/bin/$program"
  chmod 755 "$traps/bin/$program"
done
harmless=$(ldconfig -p | awk '$1 == "libz.so.1" { print $NF; exit }')
hostile=(LD_PRELOAD="$harmless" PATH="$traps/bin:/usr/sbin:/usr/bin:/sbin:/bin" GCONV_PATH="$traps/gconv"
         LANG=../x LC_ALL=xx_XX.bogus XDG_SEAT=seat0 PKEXEC_UID=0 TMPDIR="$traps/tmp" HOME="$traps/home"
         ROOT="$traps/root" DESTDIR="$traps/root" PLUG_TEST_SYSFS_ROOT="$traps/root"
         PLUG_TEST_MODULES_DIRECTORY="$traps/modules")
# Nothing but the traps themselves may appear in the folder, apart from
# the test bed umockdev-run (not the helper) makes in TMPDIR.
traps_list () { find "$traps" | grep -v "^$traps/tmp/umockdev\." | sort; }
traps_list >"$work/traps-before"
traps_untouched () {
  traps_list | diff "$work/traps-before" - >&2 && [ -z "$(ls "$traps" | grep '^ran-')" ]
}

root=$work/env-caller
rm -f "$work/initramfs-environment"
check "the helper starts with the stack's plain environment" start_helper "$root"
pid=$(helper_process)
expected_choices="([('$TAHITI', 'Advanced Micro Devices, Inc. [AMD/ATI] Tahiti XT [Radeon HD 7970/8970 OEM / R9 280X]', 'radeon', ['amdgpu'], '')],)"
reply=$(as_tester env "${hostile[@]}" gdbus call --system --dest io.github.plugboard.Helper \
          --object-path /io/github/plugboard/Helper --method io.github.plugboard.Helper.SetGpuDriver "$TAHITI" amdgpu 2>&1)
check "a caller with LD_PRELOAD, PATH, GCONV_PATH, LANG, PKEXEC_UID set is served: $reply" test "$reply" = "()"
check "... the file is exactly the expected one" same "$root/etc/modprobe.d/plugboard-gpu.conf" "$FIXTURES/helper/tahiti-amdgpu.conf"
check "... none of the caller's variables is in the helper's environment" \
  eval 'test -n "$pid" && tr "\0" "\n" <"/proc/$pid/environ" | grep -q "^PATH=" && ! tr "\0" "\n" <"/proc/$pid/environ" | grep -e "$traps" -e xx_XX -e "$harmless" -e "LANG=\.\./x" -e PKEXEC_UID'
# The tool's record is this call's: the file was removed before it.
check "... nor in the initramfs tool's" eval 'grep -q "^PATH=" "$work/initramfs-environment" && ! grep -e "$traps" -e xx_XX -e "$harmless" -e "LANG=\.\./x" -e PKEXEC_UID "$work/initramfs-environment"'
check "... and nothing in the traps ran or was written" traps_untouched
call RevertGpuDriver "$TAHITI"
stop_helper

# --- the helper's own environment --------------------------------------------

root=$work/env-helper
rm -f "$work/initramfs-environment"
check "the helper starts as root with LD_PRELOAD, PATH, GCONV_PATH, LANG, TMPDIR, HOME, ROOT set to traps" \
  start_helper "$root" "${hostile[@]}"
pid=$(helper_process)
check "... they are in its environment (the test sets what it means to)" \
  eval 'tr "\0" "\n" <"/proc/$pid/environ" | grep -qx "GCONV_PATH=$traps/gconv"'
call GetDriverChoices
check "GetDriverChoices reads the same GPUs and modules: $reply" test "$reply" = "$expected_choices"
check "SetGpuDriver amdgpu succeeds" call SetGpuDriver "$TAHITI" amdgpu
check "... the file in --root is exactly the expected one" same "$root/etc/modprobe.d/plugboard-gpu.conf" "$FIXTURES/helper/tahiti-amdgpu.conf"
check "... the initramfs tool ran with the helper's fixed PATH" \
  grep -qx 'PATH=/usr/sbin:/usr/bin:/sbin:/bin' "$work/initramfs-environment"
check "... and LANG" grep -qx 'LANG=C.UTF-8' "$work/initramfs-environment"
check "... and none of the helper's variables (no LD_PRELOAD, GCONV_PATH, LC_ALL, TMPDIR, HOME)" \
  eval 'grep -q "^PATH=" "$work/initramfs-environment" && ! grep -e "^LD_PRELOAD=" -e "^GCONV_PATH=" -e "^LC_ALL=" -e "^TMPDIR=" -e "^HOME=" -e "$traps" "$work/initramfs-environment"'
check "RevertGpuDriver succeeds" call RevertGpuDriver "$TAHITI"
check "... removing the file" test ! -e "$root/etc/modprobe.d/plugboard-gpu.conf"
check "nothing in the traps ran or was written" traps_untouched
stop_helper
check "the helper exits cleanly (status $helper_status)" test "$helper_status" = 0

# A relative program or folder would be found through PATH or the working
# directory: refused before anything starts.
refused_start () {
  local option=$1 value=$2 output status
  output=$(cd "$traps" && timeout 10 env "${hostile[@]}" "$HELPER" --root "$root" "$option" "$value" 2>&1)
  status=$?
  [ "$status" = 2 ] && [[ "$output" == *"$option takes an absolute path"* ]] ||
    { diag "exit $status: $output"; return 1; }
}
check "--initramfs-tool update-initramfs (relative, with PATH at the traps) is refused" \
  refused_start --initramfs-tool update-initramfs
check "--modules-directory modules (relative, in the traps) is refused" refused_start --modules-directory modules
check "... and nothing in the traps ran" traps_untouched

if [ $tap_failed -gt 0 ]; then
  diag "----- helper log -----"
  sed 's/^/# /' "$work/helper.log" | tail -n 40
fi
finish
