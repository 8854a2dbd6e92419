#!/bin/bash
# test-helper.sh: plugboard-helper on the test bus, with the real polkitd
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The test bus activates nothing, so the test starts the helper itself, as
# root, under umockdev with the GPU fixtures, the stub kernel modules, a
# temporary root and a fake initramfs tool (--initramfs-tool, which
# production never sets). The stack's bus gets the helper's own bus policy
# and polkitd its own actions file (plug-stack bus-policy, polkit-action:
# copies inside the stack's folder, never the machine's). Every call is
# made as the unprivileged test user, so polkit really decides. The files
# the helper writes are compared byte for byte with tests/fixtures/helper.

. "$(dirname "$0")/lib.sh"

HELPER=$PLUG_BUILD_DIR/app/helper/plugboard-helper
FIXTURES=$PLUG_SOURCE_DIR/tests/fixtures
MODULES=$PLUG_BUILD_DIR/tests/unit/gpu-modules/lib/modules/6.1.0-plug
RAW_CALL=$FIXTURES/helper/raw-call.py
TAHITI=0000:03:00.0
INTEL=0000:00:0a.0
NVIDIA=0000:01:00.0

# Kept readable by the test user, which runs raw-call.py from here.
work=$(mktemp -d /tmp/plug-test-helper.XXXXXX)
chmod 755 "$work"
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
trap 'stop_helper; rm -rf "$work"' EXIT

# The machine's own files, which must never be touched.
HOST_CONFIG=/etc/modprobe.d/plugboard-gpu.conf
HOST_STATE=/var/lib/plugboard-helper
if [ -e "$HOST_CONFIG" ] || [ -e "$HOST_STATE" ]; then
  echo "Bail out! $HOST_CONFIG or $HOST_STATE exists on this machine; the test could not tell its writes apart"
  exit 1
fi
touch "$work/started"

"$PLUG_STACK" bus-policy "$PLUG_STACK_DIR" "$PLUG_SOURCE_DIR/app/helper/io.github.plugboard.Helper.conf"
"$PLUG_STACK" polkit-action "$PLUG_STACK_DIR" "$PLUG_BUILD_DIR/app/helper/io.github.plugboard.Helper.policy"

# The fake initramfs tool: counts its runs, and fails while a flag is set.
cat >"$work/initramfs-tool" <<TOOL
#!/bin/sh
echo run >>"$work/initramfs-runs"
if [ -e "$work/initramfs-slow" ]; then touch "$work/initramfs-started"; sleep 2; fi
[ ! -e "$work/initramfs-fail" ]
TOOL
chmod 755 "$work/initramfs-tool"
initramfs_runs () { [ -f "$work/initramfs-runs" ] && wc -l <"$work/initramfs-runs" || echo 0; }

. "$(dirname "$0")/lib-helper.sh"

# start_helper FIXTURE ROOT [OPTION…]: the helper, owning its name.
start_helper () {
  local fixture=$1 root=$2; shift 2
  mkdir -p "$root/etc/modprobe.d"
  umockdev-run -d "$FIXTURES/gpus/$fixture.umockdev" -- \
    "$HELPER" --root "$root" --modules-directory "$MODULES" --initramfs-tool "$work/initramfs-tool" \
    --timeout 10 "$@" >>"$work/helper.log" 2>&1 &
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
    ok "$description"
  fi
}

# nothing_written ROOT: no configuration, no state (the state folder may
# be there, empty, once a revert emptied it), no temporary file.
nothing_written () {
  [ ! -e "$1/etc/modprobe.d/plugboard-gpu.conf" ] && [ -z "$(ls -A "$1/etc/modprobe.d")" ] &&
    { [ ! -e "$1/var/lib/plugboard-helper" ] || [ -z "$(ls -A "$1/var/lib/plugboard-helper")" ]; }
}

# same FILE EXPECTED: byte for byte, with the first difference in the log.
same () { cmp -s "$1" "$2" || { diag "$(cmp "$1" "$2" 2>&1)"; return 1; }; }

# --- the Radeon HD 7970: radeon bound, amdgpu installed --------------------

root=$work/tahiti
check "the helper starts as root and owns its name on the test bus" start_helper amd-tahiti-radeon "$root"

call_version () {
  as_tester gdbus call --system --dest io.github.plugboard.Helper --object-path /io/github/plugboard/Helper \
    --method org.freedesktop.DBus.Properties.Get io.github.plugboard.Helper Version
}
project_version=$(sed -n "s/^  version: '\\(.*\\)',$/\\1/p" "$PLUG_SOURCE_DIR/meson.build")
check "anyone may read Version ($project_version)" eval 'call_version | grep -qF "$project_version"'

expected_choices="([('$TAHITI', 'Advanced Micro Devices, Inc. [AMD/ATI] Tahiti XT [Radeon HD 7970/8970 OEM / R9 280X]', 'radeon', ['amdgpu'], '')],)"
call GetDriverChoices
check "GetDriverChoices lists the GPU, radeon bound and amdgpu installed: $reply" test "$reply" = "$expected_choices"

# Refused by polkit: nothing is written.
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" deny
expect_error org.freedesktop.DBus.Error.AccessDenied "Not authorized" \
  "denied: SetGpuDriver is refused" SetGpuDriver "$TAHITI" amdgpu
expect_error org.freedesktop.DBus.Error.AccessDenied "Not authorized" \
  "denied: RevertGpuDriver is refused" RevertGpuDriver "$TAHITI"
expect_error org.freedesktop.DBus.Error.AccessDenied "Not authorized" \
  "denied: GetDriverChoices is refused (its action is checked too)" GetDriverChoices
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" none
expect_error org.freedesktop.DBus.Error.AccessDenied "Not authorized" \
  "no rule and no authentication agent: SetGpuDriver is refused" SetGpuDriver "$TAHITI" amdgpu
check "refused calls wrote nothing" nothing_written "$root"
check "refused calls ran no initramfs tool" test "$(initramfs_runs)" = 0

# Every bad argument, with polkit allowing everything: the helper's own
# checks are what stops them.
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
invalid=org.freedesktop.DBus.Error.InvalidArgs
expect_error $invalid "There is no GPU at 0000:09:00.0" "an unknown slot" SetGpuDriver 0000:09:00.0 amdgpu
expect_error $invalid "not installed" "a driver that is not installed" SetGpuDriver "$TAHITI" fglrx
expect_error $invalid "cannot drive the GPU" "an installed driver that cannot drive the GPU" SetGpuDriver "$TAHITI" nvidia
expect_error $invalid "cannot drive the GPU" "i915 for the Radeon" SetGpuDriver "$TAHITI" i915
expect_error $invalid "may only contain" "a path as the slot" SetGpuDriver ../../etc/passwd amdgpu
expect_error $invalid "may only contain" "a path as the driver" SetGpuDriver "$TAHITI" ../../etc/passwd
expect_error $invalid "may only contain" "an absolute path as the driver" SetGpuDriver "$TAHITI" /tmp/x
expect_error $invalid "may only contain" "a path as the slot to revert" RevertGpuDriver /tmp/x
long=$(head -c 10000 /dev/zero | tr '\0' a)
expect_error $invalid "longer than 64 bytes" "a driver of 10000 characters" SetGpuDriver "$TAHITI" "$long"
expect_error $invalid "longer than 64 bytes" "a slot of 10000 characters" RevertGpuDriver "$long"
expect_error $invalid "longer than 64 bytes" "65 characters" SetGpuDriver "$TAHITI" "$(head -c 65 /dev/zero | tr '\0' a)"
expect_error $invalid "is empty" "an empty driver" SetGpuDriver "$TAHITI" "''"
expect_error $invalid "is empty" "an empty slot" SetGpuDriver "''" amdgpu
expect_error $invalid "may only contain" "a driver in capitals" SetGpuDriver "$TAHITI" AMDGPU
expect_error $invalid "may only contain" "a driver with a newline" SetGpuDriver "$TAHITI" "'amdgpu\n'"
expect_error $invalid "may only contain" "a driver with a shell command" SetGpuDriver "$TAHITI" "'amdgpu;reboot'"
expect_error $invalid "may only contain" "format directives" SetGpuDriver "$TAHITI" "'%n%s%n'"
expect_error $invalid "may only contain" "an option as the driver" SetGpuDriver "$TAHITI" "'--help'"
expect_error $invalid "may only contain" "a non-ASCII driver" SetGpuDriver "$TAHITI" "'ämdgpu'"
expect_error $invalid "must start with a letter" "a driver starting with a digit" SetGpuDriver "$TAHITI" 9amdgpu
expect_error $invalid "may only contain" "a slot with a trailing space" SetGpuDriver "'$TAHITI '" amdgpu
expect_error io.github.plugboard.Helper.Error.NothingToRevert "chose no driver" \
  "reverting with no choice made" RevertGpuDriver "$TAHITI"
# raw-call.py takes each argument as hex. An empty one would be a valid
# (empty) string, refused by the helper: a failed encoding must stop the
# test, or the checks below could pass for the wrong reason.
hex () { /usr/bin/python3 -c 'import sys; print(sys.argv[1].encode().hex())' "$1"; }
TAHITI_HEX=$(hex "$TAHITI")
AMDGPU_HEX=$(hex amdgpu)
if [ "$AMDGPU_HEX" != 616d64677075 ] || [ ${#TAHITI_HEX} != $((${#TAHITI} * 2)) ]; then
  echo "Bail out! could not encode the arguments as hex ($TAHITI_HEX, $AMDGPU_HEX)"
  exit 1
fi
# No D-Bus library sends a string that is not UTF-8; the bus itself must
# drop the message (and the sender), and the helper stay up.
raw=$(as_tester /usr/bin/python3 "$RAW_CALL" wait SetGpuDriver "$TAHITI_HEX" 616d64ff677075)
check "a non-UTF-8 driver never reaches the helper: the bus answers $raw" test "$raw" = disconnected -o "$raw" = error
raw=$(as_tester /usr/bin/python3 "$RAW_CALL" wait GetDriverChoices)
check "the same raw client gets an answer to a valid call ($raw)" test "$raw" = return
check "the helper stays up through the bad arguments" test -n "$(helper_process)"
check "rejected arguments wrote nothing" nothing_written "$root"

# Allowed: choose, change, revert, with no file there before.
runs_before=$(initramfs_runs)
check "SetGpuDriver amdgpu succeeds" call SetGpuDriver "$TAHITI" amdgpu
check "the file is exactly the expected one" same "$root/etc/modprobe.d/plugboard-gpu.conf" "$FIXTURES/helper/tahiti-amdgpu.conf"
check "the file is 0644 root" test "$(stat -c %a:%u "$root/etc/modprobe.d/plugboard-gpu.conf")" = 644:0
check "the previous state (no file) is kept" test -f "$root/var/lib/plugboard-helper/original-absent"
check "the state folder is root's only" test "$(stat -c %a "$root/var/lib/plugboard-helper")" = 700
check "the initramfs tool ran" test "$(initramfs_runs)" = $((runs_before + 1))
call GetDriverChoices
check "GetDriverChoices shows the choice" eval '[[ "$reply" == *"['"'"'amdgpu'"'"'], '"'"'amdgpu'"'"')"* ]]'
check "SetGpuDriver radeon succeeds" call SetGpuDriver "$TAHITI" radeon
check "the file now chooses radeon, exactly" same "$root/etc/modprobe.d/plugboard-gpu.conf" "$FIXTURES/helper/tahiti-radeon.conf"
check "RevertGpuDriver succeeds" call RevertGpuDriver "$TAHITI"
check "revert removes the file that was not there" test ! -e "$root/etc/modprobe.d/plugboard-gpu.conf"
check "revert leaves no state and no temporary file" nothing_written "$root"

# Allowed, over a file that was there: revert puts back the same bytes.
printf 'options radeon audio=1\r\n# an administrator\xff wrote this\n\nno final newline' \
  >"$root/etc/modprobe.d/plugboard-gpu.conf"
cp "$root/etc/modprobe.d/plugboard-gpu.conf" "$work/original.conf"
check "SetGpuDriver amdgpu over an existing file succeeds" call SetGpuDriver "$TAHITI" amdgpu
check "the file is exactly the expected one" same "$root/etc/modprobe.d/plugboard-gpu.conf" "$FIXTURES/helper/tahiti-amdgpu.conf"
check "the previous content is kept byte for byte" same "$root/var/lib/plugboard-helper/original.conf" "$work/original.conf"
check "a second change keeps the first original" call SetGpuDriver "$TAHITI" radeon
check "the kept original is still the first one" same "$root/var/lib/plugboard-helper/original.conf" "$work/original.conf"
check "RevertGpuDriver succeeds" call RevertGpuDriver "$TAHITI"
check "revert restores the original byte for byte" same "$root/etc/modprobe.d/plugboard-gpu.conf" "$work/original.conf"
check "revert forgets the state" test ! -e "$root/var/lib/plugboard-helper/original.conf" -a ! -e "$root/var/lib/plugboard-helper/choices"
rm "$root/etc/modprobe.d/plugboard-gpu.conf"

# The initramfs tool fails: the change is written, and the error says so.
touch "$work/initramfs-fail"
expect_error io.github.plugboard.Helper.Error.InitramfsNotRegenerated "written, but the initramfs was not regenerated" \
  "a failing initramfs tool is reported" SetGpuDriver "$TAHITI" amdgpu
check "... and the choice is written all the same" same "$root/etc/modprobe.d/plugboard-gpu.conf" "$FIXTURES/helper/tahiti-amdgpu.conf"
rm "$work/initramfs-fail"
call RevertGpuDriver "$TAHITI"
check "... and can be reverted" nothing_written "$root"

# The file is a symbolic link out of the root: the helper refuses to keep
# or replace what it points to.
echo 'not the helper'"'"'s' >"$work/outside"
ln -s "$work/outside" "$root/etc/modprobe.d/plugboard-gpu.conf"
expect_error io.github.plugboard.Helper.Error.Failed "is a symbolic link" \
  "a symbolic link in place of the file is refused" SetGpuDriver "$TAHITI" amdgpu
check "... the file it points to is untouched" test "$(cat "$work/outside")" = "not the helper's"
check "... and the link too" test -L "$root/etc/modprobe.d/plugboard-gpu.conf"
rm "$root/etc/modprobe.d/plugboard-gpu.conf"
rm -rf "$root/var/lib/plugboard-helper"

# Callers that leave right after sending, before polkit looked them up.
# Refused by the rules, they must stay refused however polkit fails to
# find them (the CVE-2021-3560 lesson: a vanished caller never becomes
# root). Allowed by the rules, each is either refused, because polkit could
# not find it any more, or served whole.
leave_calls () {
  for _ in 1 2 3 4 5; do
    as_tester /usr/bin/python3 "$RAW_CALL" leave SetGpuDriver "$TAHITI_HEX" "$AMDGPU_HEX" >/dev/null
  done
}
log_count () { grep -c "$1" "$work/helper.log"; }
# refused, chosen: calls refused, and served, since mark_log.
mark_log () { refused_mark=$(log_count 'Refused SetGpuDriver'); chosen_mark=$(log_count 'chose amdgpu'); }
refused () { echo $(($(log_count 'Refused SetGpuDriver') - refused_mark)); }
chosen () { echo $(($(log_count 'chose amdgpu') - chosen_mark)); }
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" deny
mark_log
leave_calls
wait_until 5 eval '[ $(($(refused) + $(chosen))) -ge 5 ]'
check "denied callers that left were all refused ($(refused) refused, $(chosen) served)" test "$(refused)" = 5 -a "$(chosen)" = 0
check "... and nothing was written for them" nothing_written "$root"
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
mark_log
leave_calls
wait_until 5 eval '[ $(($(refused) + $(chosen))) -ge 5 ]'
check "allowed callers that left were each refused or served ($(refused) refused, $(chosen) served)" \
  test $(($(refused) + $(chosen))) = 5
if [ "$(chosen)" -gt 0 ]; then
  check "... and the file is the whole choice" same "$root/etc/modprobe.d/plugboard-gpu.conf" "$FIXTURES/helper/tahiti-amdgpu.conf"
else
  check "... and, all refused, nothing was written" nothing_written "$root"
fi

# Callers killed at random points of their call; then the helper itself
# killed (SIGKILL, as a crash or the OOM killer would) at random points of
# a change. After each, the configuration is absent or one of the two whole
# versions, and the helper's record of the choices in force (which
# GetDriverChoices reports and RevertGpuDriver undoes) names the driver
# the configuration sets: never a file the record does not know of.
config_file=$root/etc/modprobe.d/plugboard-gpu.conf
choices_file=$root/var/lib/plugboard-helper/choices
recorded_driver () { sed -n "s/^$TAHITI=//p" "$choices_file" 2>/dev/null; }
# consistent: one read of the file, then the comparisons on what was read.
consistent () {
  local file=$work/snapshot
  if ! cat "$config_file" >"$file" 2>/dev/null; then
    [ -z "$(recorded_driver)" ]
    return
  fi
  { cmp -s "$file" "$FIXTURES/helper/tahiti-amdgpu.conf" && [ "$(recorded_driver)" = amdgpu ]; } ||
    { cmp -s "$file" "$FIXTURES/helper/tahiti-radeon.conf" && [ "$(recorded_driver)" = radeon ]; }
}
# What one whole call costs now (polkit, write, sync, the initramfs tool),
# on this machine under this run's load: the kills are spread over it.
call_started=$(date +%s%N)
check "SetGpuDriver amdgpu succeeds before the killed callers" call SetGpuDriver "$TAHITI" amdgpu
call_ms=$((($(date +%s%N) - call_started) / 1000000))
callers=10
for i in $(seq "$callers"); do
  driver=amdgpu; [ $((i % 2)) = 0 ] && driver=radeon
  as_tester gdbus call --system --dest io.github.plugboard.Helper --object-path /io/github/plugboard/Helper \
    --method io.github.plugboard.Helper.SetGpuDriver "$TAHITI" "$driver" >/dev/null 2>&1 &
  client=$!
  sleep "0.0$((RANDOM % 10))"
  kill -KILL "$client" 2>/dev/null
  wait "$client" 2>/dev/null
done
# The killed callers' calls may still be queued in the helper, one after
# another: their temporary files must go once the calls end, not be left
# behind. The wait is bounded by the work queued, at most one call per
# caller at the cost measured above, three times over for a load that
# changes while it drains, and 30 s more for a moment of worse load than
# the one measured: a bound, not a speed test.
drain_s=$((callers * call_ms * 3 / 1000 + 30))
no_temporary_file () {
  [ -z "$(ls -A "$root/etc/modprobe.d" | grep -v "^plugboard-gpu.conf$")" ] &&
    [ -z "$(ls -A "$root/var/lib/plugboard-helper" 2>/dev/null | grep '^\.plugboard-helper-')" ]
}
# No temporary file at one moment is not drained: the next queued call
# may not have begun. Drained is none for 3 s on end, a long gap between
# calls that were all sent within a second.
drain_started=$(date +%s)
quiet=0
while [ $(($(date +%s) - drain_started)) -lt "$drain_s" ] && [ $quiet -lt 30 ]; do
  if no_temporary_file; then quiet=$((quiet + 1)); else quiet=0; fi
  sleep 0.1
done
diag "one call took $call_ms ms; the queued calls drained in $(($(date +%s) - drain_started)) s of the $drain_s s allowed"
check "$callers killed callers: the configuration and the record agree" consistent
check "... and no temporary file is left ($(ls -A "$root/etc/modprobe.d" | tr '\n' ' '))" no_temporary_file

kills=24
disagreements=0
changed=0
for i in $(seq "$kills"); do
  driver=amdgpu; [ $((i % 2)) = 0 ] && driver=radeon
  before=$(cat "$config_file" 2>/dev/null | md5sum)
  pid=$(helper_process)
  as_tester gdbus call --system --dest io.github.plugboard.Helper --object-path /io/github/plugboard/Helper \
    --method io.github.plugboard.Helper.SetGpuDriver "$TAHITI" "$driver" >/dev/null 2>&1 &
  client=$!
  # Somewhere in the call: from before polkit answers to after the write.
  sleep "$(awk -v ms="$call_ms" -v r="$RANDOM" 'BEGIN { printf "%.3f", ms * 1.2 * r / 32768 / 1000 }')"
  kill -KILL "$pid" 2>/dev/null
  wait "$client" 2>/dev/null
  wait "$helper_pid" 2>/dev/null
  helper_pid=
  [ "$(cat "$config_file" 2>/dev/null | md5sum)" != "$before" ] && changed=$((changed + 1))
  # What the next helper finds, and makes of it.
  start_helper amd-tahiti-radeon "$root" || { not_ok "the helper starts again after kill $i"; break; }
  wait_until 5 consistent || {
    disagreements=$((disagreements + 1))
    diag "after kill $i: the record says “$(recorded_driver)”; the configuration:" "$(cat -A "$config_file" 2>&1)"
  }
done
diag "the kills came after the change was written $changed times of $kills"
check "$kills helpers killed mid-change: the configuration and the record always agree ($disagreements did not)" \
  test "$disagreements" = 0
check "... and the next helper leaves no temporary file ($(ls -A "$root/etc/modprobe.d" | tr '\n' ' '))" no_temporary_file
# The moment random kills seldom hit (a change writes the configuration,
# then the record; between the two renames lie a few milliseconds), made
# by hand: the new configuration, the old record, and a temporary file.
stop_helper
cp "$FIXTURES/helper/tahiti-amdgpu.conf" "$config_file"
printf '[Choices]\n%s=radeon\n' "$TAHITI" >"$choices_file"
touch "$root/etc/modprobe.d/.plugboard-helper-KILLED"
check "a helper starts over what a kill between the two writes left" start_helper amd-tahiti-radeon "$root"
# It puts things right once it owns its name, which the bus may announce
# to the test before the helper has heard it (a caller's method call
# comes after).
recovered () { consistent && [ "$(recorded_driver)" = amdgpu ] && no_temporary_file; }
wait_until 10 recovered
check "... and makes the record say what the configuration sets ($(recorded_driver))" \
  eval 'consistent && [ "$(recorded_driver)" = amdgpu ]'
check "... and removes the temporary file" no_temporary_file
check "the helper still answers" call GetDriverChoices
call RevertGpuDriver "$TAHITI" || true
check "... and reverts what the killed helpers chose" nothing_written "$root"

stop_helper
check "the helper exits cleanly on SIGTERM (status $helper_status)" test "$helper_status" = 0

# --- a hybrid laptop: Intel on i915, NVIDIA on nouveau ---------------------

root=$work/hybrid
check "the helper starts for the hybrid laptop" start_helper hybrid-nouveau "$root"
call GetDriverChoices
check "GetDriverChoices lists both GPUs: $reply" test "$reply" = \
  "([('$INTEL', 'Intel Corporation TigerLake-LP GT2 [Iris Xe Graphics]', 'i915', @as [], ''), ('$NVIDIA', 'NVIDIA Corporation TU117M', 'nouveau', ['nvidia'], '')],)"
expect_error $invalid "cannot drive the GPU at $INTEL" "the other GPU's driver for the Intel GPU" SetGpuDriver "$INTEL" nvidia
expect_error $invalid "cannot choose the driver i915" "a driver the helper has no rule for" SetGpuDriver "$INTEL" i915
expect_error $invalid "not installed" "a driver that is not installed, for the NVIDIA GPU" SetGpuDriver "$NVIDIA" fglrx
check "nothing written for the rejected choices" nothing_written "$root"
check "SetGpuDriver nvidia succeeds" call SetGpuDriver "$NVIDIA" nvidia
check "the file blacklists nouveau, exactly" same "$root/etc/modprobe.d/plugboard-gpu.conf" "$FIXTURES/helper/hybrid-nvidia.conf"
expect_error io.github.plugboard.Helper.Error.NothingToRevert "chose no driver" \
  "reverting the GPU that has no choice" RevertGpuDriver "$INTEL"
check "RevertGpuDriver succeeds" call RevertGpuDriver "$NVIDIA"
check "revert removes the file" nothing_written "$root"
stop_helper
check "the helper exits cleanly on SIGTERM (status $helper_status)" test "$helper_status" = 0

# --- every (from, to) pair the fixtures allow ------------------------------

# expected_file DRIVER SLOT: the file the helper writes for that choice.
expected_file () {
  case $1 in
    amdgpu|radeon) sed "s/0000:03:00.0/$2/" "$FIXTURES/helper/tahiti-$1.conf" ;;
    nvidia|nouveau) cat "$FIXTURES/helper/hybrid-$1.conf" ;;
  esac
}

# transitions FIXTURE SLOT BOUND DRIVER…: from the driver the fixture
# binds, each choice followed by each choice (the same one again
# included), then revert; once with no file before, once over an
# administrator's file, which revert must put back byte for byte.
transitions () {
  local fixture=$1 slot=$2 bound=$3 first second original all_right
  shift 3
  root=$work/matrix-$fixture
  check "$fixture: the helper starts" start_helper "$fixture" "$root"
  call GetDriverChoices
  check "$fixture: the GPU at $slot starts with ${bound:-no driver}: $reply" \
    eval '[[ "$reply" == *"('"'"'$slot'"'"', '"'"'"*"'"'"', '"'"'$bound'"'"', ["* ]]'
  for original in absent administrator; do
    all_right=true
    for first in "$@"; do
      for second in "$@"; do
        rm -f "$root/etc/modprobe.d/plugboard-gpu.conf"
        [ $original = administrator ] &&
          printf 'options %s audio=1\n# an administrator\xff wrote this' "$first" >"$root/etc/modprobe.d/plugboard-gpu.conf"
        cp -p "$root/etc/modprobe.d/plugboard-gpu.conf" "$work/before.conf" 2>/dev/null || rm -f "$work/before.conf"
        expected_file "$first" "$slot" >"$work/expected-first.conf"
        expected_file "$second" "$slot" >"$work/expected-second.conf"
        if ! call SetGpuDriver "$slot" "$first" ||
           ! same "$root/etc/modprobe.d/plugboard-gpu.conf" "$work/expected-first.conf"; then
          all_right=false; diag "$fixture ($bound) → $first, $original file: $reply"
        elif ! call SetGpuDriver "$slot" "$second" ||
             ! same "$root/etc/modprobe.d/plugboard-gpu.conf" "$work/expected-second.conf"; then
          all_right=false; diag "$fixture ($bound) → $first → $second, $original file: $reply"
        elif ! call RevertGpuDriver "$slot"; then
          all_right=false; diag "$fixture ($bound) → $first → $second → revert, $original file: $reply"
        elif [ $original = absent ] && ! nothing_written "$root"; then
          all_right=false; diag "$fixture ($bound) → $first → $second → revert left files: $(ls -AR "$root")"
        elif [ $original = administrator ] &&
             ! { same "$root/etc/modprobe.d/plugboard-gpu.conf" "$work/before.conf" &&
                 [ -z "$(ls -A "$root/var/lib/plugboard-helper")" ]; }; then
          all_right=false; diag "$fixture ($bound) → $first → $second → revert did not restore the file"
        fi
      done
    done
    check "$fixture: from ${bound:-no driver}, every pair of $* then revert, file $original before: exact files, exact restore" $all_right
  done
  rm -f "$root/etc/modprobe.d/plugboard-gpu.conf"
  stop_helper
  check "$fixture: the helper exits cleanly (status $helper_status)" test "$helper_status" = 0
}

transitions amd-tahiti-radeon "$TAHITI" radeon amdgpu radeon
transitions amd-tahiti-amdgpu "$TAHITI" amdgpu amdgpu radeon
transitions no-driver 0000:07:00.0 "" amdgpu radeon
transitions hybrid-nouveau "$NVIDIA" nouveau nvidia nouveau
transitions hybrid-nvidia "$NVIDIA" nvidia nouveau nvidia

# A failure between the two renames: the configuration is in place, but
# the choices cannot follow it (a folder stands where their file goes).
# The helper must put the previous configuration back, byte for byte,
# rather than leave one that no revert knows of.
root=$work/rollback
check "the helper starts for the rollback test" start_helper amd-tahiti-radeon "$root"
printf 'options radeon audio=1\n# an administrator\xff wrote this' >"$root/etc/modprobe.d/plugboard-gpu.conf"
cp "$root/etc/modprobe.d/plugboard-gpu.conf" "$work/administrator.conf"
mkdir -p "$root/var/lib/plugboard-helper/choices"
expect_error io.github.plugboard.Helper.Error.Failed "choices" \
  "the choices cannot follow the configuration: SetGpuDriver fails" SetGpuDriver "$TAHITI" amdgpu
check "... and the administrator's file is back, byte for byte" same "$root/etc/modprobe.d/plugboard-gpu.conf" "$work/administrator.conf"
check "... with no temporary file left" no_temporary_file
rmdir "$root/var/lib/plugboard-helper/choices"
check "with the folder gone, SetGpuDriver amdgpu succeeds" call SetGpuDriver "$TAHITI" amdgpu
check "... and RevertGpuDriver then puts the administrator's file back byte for byte" \
  eval 'call RevertGpuDriver "$TAHITI" && same "$root/etc/modprobe.d/plugboard-gpu.conf" "$work/administrator.conf"'
rm "$root/etc/modprobe.d/plugboard-gpu.conf"
rm -rf "$root/var/lib/plugboard-helper"
mkdir -p "$root/var/lib/plugboard-helper/choices"
expect_error io.github.plugboard.Helper.Error.Failed "choices" \
  "the same with no file before: SetGpuDriver fails" SetGpuDriver "$TAHITI" amdgpu
check "... and there is still no file" test ! -e "$root/etc/modprobe.d/plugboard-gpu.conf"
check "... nor a temporary one" no_temporary_file
stop_helper

# --- plugboardctl, through the core's proxy --------------------------------

# ctl ARGUMENT…: plugboardctl as the test user; output and errors in
# $reply, and its exit status in $status.
ctl () {
  reply=$(as_tester "$PLUGBOARDCTL" "$@" 2>&1)
  status=$?
}

ctl graphics set-driver "$TAHITI" amdgpu
check "no helper on the bus: set-driver fails (exit $status) and says what to install: $reply" \
  eval '[ $status = 1 ] && [[ "$reply" == *"needs plugboard-helper, which is not installed"* ]]'
ctl graphics set-driver ../../etc/passwd amdgpu
check "a path as the slot is a usage error, before any call (exit $status)" \
  eval '[ $status = 2 ] && [[ "$reply" == *"may only contain"* ]]'
ctl graphics set-driver "$TAHITI" "amdgpu;reboot"
check "a shell command as the driver is a usage error (exit $status)" \
  eval '[ $status = 2 ] && [[ "$reply" == *"may only contain"* ]]'
ctl graphics revert
check "revert without a slot is a usage error (exit $status)" test "$status" = 2

root=$work/cli
check "the helper starts for plugboardctl" start_helper amd-tahiti-radeon "$root"
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" deny
ctl graphics set-driver "$TAHITI" amdgpu
check "denied: set-driver fails (exit $status) and says so: $reply" \
  eval '[ $status = 1 ] && [[ "$reply" == *"Not authorized to change the GPU driver"* ]]'
check "... and nothing is written" nothing_written "$root"
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
ctl graphics set-driver "$TAHITI" fglrx
check "a driver that is not installed: exit $status, with the helper's reason: $reply" \
  eval '[ $status = 1 ] && [[ "$reply" == *"cannot be chosen: The driver fglrx is not installed"* ]]'
ctl graphics revert "$TAHITI"
check "revert with no choice made: exit $status: $reply" \
  eval '[ $status = 1 ] && [[ "$reply" == *"nothing to undo"* ]]'
ctl graphics set-driver "$TAHITI" amdgpu
check "allowed: set-driver amdgpu succeeds (exit $status) and says a restart is needed: $reply" \
  eval '[ $status = 0 ] && [[ "$reply" == *"after the next restart"* ]]'
check "... the file is exactly the expected one" same "$root/etc/modprobe.d/plugboard-gpu.conf" "$FIXTURES/helper/tahiti-amdgpu.conf"
ctl --json graphics revert "$TAHITI"
check "revert --json succeeds (exit $status)" \
  eval '[ $status = 0 ] && jq_e ".pci_slot == \"$TAHITI\" and .reverted == true and .restart_needed == true" <<<"$reply" >/dev/null'
check "... and the file is gone again" nothing_written "$root"
touch "$work/initramfs-fail"
ctl graphics set-driver "$TAHITI" amdgpu
check "a failing initramfs tool: exit $status, and the message says so: $reply" \
  eval '[ $status = 1 ] && [[ "$reply" == *"initramfs could not be regenerated"* ]]'
rm "$work/initramfs-fail"
ctl graphics revert "$TAHITI"
check "... and revert cleans up (exit $status)" nothing_written "$root"
stop_helper
check "the helper exits cleanly on SIGTERM (status $helper_status)" test "$helper_status" = 0

# --- stopping with a call in progress ------------------------------------

# SIGTERM while a change waits for a slow initramfs tool: the helper takes
# no new call, answers the one in progress, and only then exits, cleanly.
root=$work/stop
check "the helper starts for the stop test" start_helper amd-tahiti-radeon "$root"
touch "$work/initramfs-slow"
rm -f "$work/initramfs-started"
( call SetGpuDriver "$TAHITI" amdgpu; echo "$?:$reply" >"$work/slow-call" ) &
slow_call=$!
wait_until 10 test -e "$work/initramfs-started"
kill -TERM "$(helper_process)"
wait "$slow_call"
check "SIGTERM during a change: the call in progress still gets its answer: $(cat "$work/slow-call")" \
  eval '[[ "$(cat "$work/slow-call")" == 0:* ]]'
check "... its file is whole" same "$root/etc/modprobe.d/plugboard-gpu.conf" "$FIXTURES/helper/tahiti-amdgpu.conf"
wait "$helper_pid"
helper_status=$?
helper_pid=
check "... and the helper then exits cleanly (status $helper_status)" test "$helper_status" = 0
rm "$work/initramfs-slow"

# --- idle exit -------------------------------------------------------------

root=$work/idle
check "the helper starts with a 2 s idle timeout" start_helper amd-tahiti-radeon "$root" --timeout 2
check "a call resets the timer" call GetDriverChoices
idle_pid=$helper_pid
check "the helper exits by itself when idle" wait_until 6 eval '! kill -0 $idle_pid'
wait "$idle_pid"
idle_status=$?
helper_pid=
check "... with status 0 ($idle_status)" test "$idle_status" = 0

# --- the machine's own files -----------------------------------------------

check "the machine's $HOST_CONFIG was never written" test ! -e "$HOST_CONFIG"
check "the machine's $HOST_STATE was never created" test ! -e "$HOST_STATE"
check "no file was written in the machine's modprobe.d, state or boot folders" \
  eval '[ -z "$(find /etc/modprobe.d /var/lib /boot -newer "$work/started" -name "*plugboard*" 2>/dev/null)" ]'

if [ $tap_failed -gt 0 ]; then
  diag "----- helper log -----"
  sed 's/^/# /' "$work/helper.log" | tail -n 60
fi
finish
