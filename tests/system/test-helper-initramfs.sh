#!/bin/bash
# test-helper-initramfs.sh: the initramfs is regenerated, or the helper says so
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The helper runs as in test-helper.sh, but without --initramfs-tool: it
# looks for update-initramfs, dracut, mkinitcpio and kernel-install under
# its --root, where this test puts fakes that record how they were run.
# With none there a choice is refused and nothing written; a failed
# regeneration is kept (InitramfsProblem, across restarts of the helper)
# until one succeeds.

. "$(dirname "$0")/lib.sh"

HELPER=$PLUG_BUILD_DIR/app/helper/plugboard-helper
FIXTURES=$PLUG_SOURCE_DIR/tests/fixtures
MODULES=$PLUG_BUILD_DIR/tests/unit/gpu-modules/lib/modules/6.1.0-plug
TAHITI=0000:03:00.0

work=$(mktemp -d /tmp/plug-test-helper-initramfs.XXXXXX)
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

"$PLUG_STACK" bus-policy "$PLUG_STACK_DIR" "$PLUG_SOURCE_DIR/app/helper/io.github.plugboard.Helper.conf"
"$PLUG_STACK" polkit-action "$PLUG_STACK_DIR" "$PLUG_BUILD_DIR/app/helper/io.github.plugboard.Helper.policy"
"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

. "$(dirname "$0")/lib-helper.sh"

root=$work/root
start_helper () {
  mkdir -p "$root/etc/modprobe.d"
  umockdev-run -d "$FIXTURES/gpus/amd-tahiti-radeon.umockdev" -- \
    "$HELPER" --root "$root" --modules-directory "$MODULES" --timeout 10 >>"$work/helper.log" 2>&1 &
  helper_pid=$!
  timeout 15 gdbus wait --system --timeout 10 io.github.plugboard.Helper
}
nothing_written () {
  [ -z "$(ls -A "$root/etc/modprobe.d")" ] &&
    { [ ! -e "$root/var/lib/plugboard-helper" ] || [ -z "$(ls -A "$root/var/lib/plugboard-helper")" ]; }
}
# problem: the InitramfsProblem property, as anyone reads it.
problem () {
  as_tester gdbus call --system --dest io.github.plugboard.Helper --object-path /io/github/plugboard/Helper \
    --method org.freedesktop.DBus.Properties.Get io.github.plugboard.Helper InitramfsProblem
}
# fake_tool PATH [EXIT]: a program under the root that records its
# arguments in $work/runs and exits with EXIT.
fake_tool () {
  mkdir -p "$(dirname "$root/$1")"
  printf '#!/bin/sh\necho "/%s $*" >>"%s/runs"\nexit %s\n' "$1" "$work" "${2:-0}" >"$root/$1"
  chmod 755 "$root/$1"
}
runs () { cat "$work/runs" 2>/dev/null; }

# --- no tool at all ----------------------------------------------------------

check "the helper starts with no initramfs tool under its root" start_helper
if call SetGpuDriver "$TAHITI" amdgpu; then
  not_ok "no initramfs tool: SetGpuDriver is refused: it succeeded"
else
  check "no initramfs tool: SetGpuDriver is refused, saying why: $reply" \
    eval '[[ "$reply" == *"Helper.Error.Failed"* && "$reply" == *"would not take effect at the next start"* && "$reply" == *"kernel-install"* ]]'
fi
check "... and nothing is written" nothing_written

# --- each tool, with its arguments ---------------------------------------------

# tool_runs DESCRIPTION EXPECTED: a choice and its revert each run the
# tool found, as EXPECTED (one line per run, of both calls) says.
tool_runs () {
  rm -f "$work/runs"
  if call SetGpuDriver "$TAHITI" amdgpu && call RevertGpuDriver "$TAHITI"; then
    check "$1: $(runs | tr '\n' ';')" test "$(runs)" = "$2"
  else
    not_ok "$1: $reply"
  fi
  check "... and the revert left nothing" nothing_written
}
fake_tool usr/sbin/update-initramfs
tool_runs "update-initramfs -u -k all" "$(printf '/usr/sbin/update-initramfs -u -k all\n%.0s' 1 2)"
rm "$root/usr/sbin/update-initramfs"
fake_tool usr/bin/dracut
tool_runs "dracut --force --regenerate-all" "$(printf '/usr/bin/dracut --force --regenerate-all\n%.0s' 1 2)"
rm "$root/usr/bin/dracut"
fake_tool usr/bin/mkinitcpio
tool_runs "mkinitcpio -P" "$(printf '/usr/bin/mkinitcpio -P\n%.0s' 1 2)"
rm "$root/usr/bin/mkinitcpio"
fake_tool usr/bin/kernel-install
mkdir -p "$root/usr/lib/modules/6.1.0-plug" "$root/usr/lib/modules/6.2.0" "$root/usr/lib/modules/6.3.0" "$root/boot"
: >"$root/usr/lib/modules/6.1.0-plug/vmlinuz"
: >"$root/boot/vmlinuz-6.2.0"
once="/usr/bin/kernel-install add 6.1.0-plug /usr/lib/modules/6.1.0-plug/vmlinuz
/usr/bin/kernel-install add 6.2.0 /boot/vmlinuz-6.2.0"
tool_runs "kernel-install add, for each kernel with an image" "$once
$once"
rm "$root/usr/bin/kernel-install"

# --- who holds the capabilities ----------------------------------------------

# The tools need capabilities (CAP_SYS_CHROOT for the "ldconfig -r" of
# mkinitramfs and dracut); the helper, which reads what callers send,
# keeps none: a process it forked at its start runs them.
status_field () { sed -n "s/^$2:[[:space:]]*//p" "/proc/$1/status" 2>/dev/null; }
has_sys_chroot () { [ -n "$1" ] && [ $(( 0x$1 & (1 << 18) )) -ne 0 ]; }
pid=$(helper_process)
check "the helper keeps no capability (CapPrm $(status_field "$pid" CapPrm), CapEff $(status_field "$pid" CapEff), CapBnd $(status_field "$pid" CapBnd))" \
  eval '[ "$(status_field "$pid" CapPrm)" = 0000000000000000 ] && [ "$(status_field "$pid" CapEff)" = 0000000000000000 ] &&
        [ "$(status_field "$pid" CapBnd)" = 0000000000000000 ]'
check "... and can gain none (NoNewPrivs $(status_field "$pid" NoNewPrivs))" test "$(status_field "$pid" NoNewPrivs)" = 1
runner=$(pgrep -P "$pid" | head -n 1)
check "its one child, the runner, keeps CAP_SYS_CHROOT (CapEff $(status_field "$runner" CapEff))" \
  eval '[ "$(pgrep -P "$pid" | wc -l)" = 1 ] && has_sys_chroot "$(status_field "$runner" CapEff)"'
mkdir -p "$root/usr/sbin"
printf '#!/bin/sh\nsed -n "s/^CapEff:[[:space:]]*//p" /proc/self/status >"%s/tool-caps"\n' "$work" >"$root/usr/sbin/update-initramfs"
chmod 755 "$root/usr/sbin/update-initramfs"
check "a choice runs the tool ..." eval 'call SetGpuDriver "$TAHITI" amdgpu && call RevertGpuDriver "$TAHITI"'
check "... with CAP_SYS_CHROOT (CapEff $(cat "$work/tool-caps" 2>&1))" has_sys_chroot "$(cat "$work/tool-caps" 2>/dev/null)"
rm "$root/usr/sbin/update-initramfs"

# --- a failed regeneration is remembered ------------------------------------

check "no problem is known while the regenerations succeed" eval '[ "$(problem)" = "(<'"''"'>,)" ]'
fake_tool usr/sbin/update-initramfs 1
if call SetGpuDriver "$TAHITI" amdgpu; then
  not_ok "a failing update-initramfs: SetGpuDriver succeeded"
else
  check "a failing update-initramfs: the choice answers InitramfsNotRegenerated: $reply" \
    eval '[[ "$reply" == *"InitramfsNotRegenerated"* && "$reply" == *"/usr/sbin/update-initramfs -u -k all"* ]]'
fi
check "... the choice is written all the same" cmp -s "$root/etc/modprobe.d/plugboard-gpu.conf" "$FIXTURES/helper/tahiti-amdgpu.conf"
check "... and InitramfsProblem says which tool failed: $(problem)" \
  eval '[[ "$(problem)" == *"/usr/sbin/update-initramfs -u -k all: "*"exited with code 1"* ]]'
status_json () { as_tester "$PLUGBOARDCTL" --json graphics status 2>/dev/null; }
status_text () { as_tester "$PLUGBOARDCTL" graphics status 2>&1; }
check "plugboardctl --json graphics status has it as initramfs_problem" \
  eval 'status_json | jq_e ".initramfs_problem | test(\"update-initramfs -u -k all: .*exited with code 1\")" >/dev/null'
check "... and graphics status says the change will not take effect" \
  eval 'status_text | grep -q "^Driver choice: the change will not take effect at the next start: .*update-initramfs"'
stop_helper
check "the helper starts again" start_helper
check "... and still knows the regeneration failed: $(problem)" \
  eval '[[ "$(problem)" == *"update-initramfs"*"exited with code 1"* ]]'
fake_tool usr/sbin/update-initramfs 0
check "once a regeneration succeeds (a revert) ..." call RevertGpuDriver "$TAHITI"
check "... the problem is forgotten" eval '[ "$(problem)" = "(<'"''"'>,)" ] && nothing_written'
check "... and graphics status has initramfs_problem null" eval 'status_json | jq_e ".initramfs_problem == null" >/dev/null'
check "... and says nothing of it" eval '! status_text | grep -q "will not take effect"'

rm "$root/usr/sbin/update-initramfs"
fake_tool usr/sbin/update-initramfs 0
check "a choice made with the tool there" call SetGpuDriver "$TAHITI" amdgpu
rm "$root/usr/sbin/update-initramfs"
if call RevertGpuDriver "$TAHITI"; then
  not_ok "its revert with the tool gone: succeeded"
else
  check "its revert with the tool gone: done, but InitramfsNotRegenerated: $reply" \
    eval '[[ "$reply" == *"InitramfsNotRegenerated"* && "$reply" == *"no program to regenerate"* ]]'
fi
check "... the file is reverted all the same" test ! -e "$root/etc/modprobe.d/plugboard-gpu.conf"
check "... and InitramfsProblem says no tool was found" eval '[[ "$(problem)" == *"no program to regenerate"* ]]'
stop_helper
check "the helper exits cleanly (status $helper_status)" test "$helper_status" = 0

if [ $tap_failed -gt 0 ]; then
  diag "----- helper log -----"
  sed 's/^/# /' "$work/helper.log" | tail -n 40
fi
finish
