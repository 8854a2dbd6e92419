#!/bin/bash
# test-power-logind.sh: hibernation readiness asks logind last
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The stack's logind is python3-dbusmock's logind template on the stack's
# system bus. Its CanHibernate answer is changed for each case through the
# mock's own interface (org.freedesktop.DBus.Mock.AddMethod replaces the
# method) and put back at the end. plugboardctl, as the test user, reads a
# made-up /sys and /proc (the --root seam) that allow hibernation, or that
# name a more fundamental cause, which must come before logind's.

. "$(dirname "$0")/lib.sh"

LOGIND=org.freedesktop.login1
LOGIND_PATH=/org/freedesktop/login1
MANAGER=org.freedesktop.login1.Manager
REASON='The login manager (systemd-logind) does not offer hibernation on this system'

if ! gdbus introspect --system --dest "$LOGIND" --object-path "$LOGIND_PATH" 2>/dev/null |
     grep -q 'interface org.freedesktop.DBus.Mock'; then
  echo "1..0 # SKIP the stack has no dbusmock logind (python3-dbusmock is missing)"
  exit 77
fi

work=$(mktemp -d /tmp/plug-test-power-logind.XXXXXX)
chmod 755 "$work"

# set_can_hibernate ANSWER: what the mock logind's CanHibernate returns.
set_can_hibernate () {
  gdbus call --system --dest "$LOGIND" --object-path "$LOGIND_PATH" \
    --method org.freedesktop.DBus.Mock.AddMethod "$MANAGER" CanHibernate '' s "ret = \"$1\"" >/dev/null
}
set_can_suspend () {
  gdbus call --system --dest "$LOGIND" --object-path "$LOGIND_PATH" \
    --method org.freedesktop.DBus.Mock.AddMethod "$MANAGER" CanSuspend '' s "ret = \"$1\"" >/dev/null
}
# set_inhibitors PYTHON_EXPRESSION: what the mock's ListInhibitors returns,
# as (what, who, why, mode, uid, pid) tuples; "[]" for none.
set_inhibitors () {
  gdbus call --system --dest "$LOGIND" --object-path "$LOGIND_PATH" \
    --method org.freedesktop.DBus.Mock.AddMethod "$MANAGER" ListInhibitors '' 'a(ssssuu)' "ret = $1" >/dev/null
}
can_suspend () {
  gdbus call --system --dest "$LOGIND" --object-path "$LOGIND_PATH" --method "$MANAGER.CanSuspend" |
    sed -n "s/^('\(.*\)',)$/\1/p"
}
can_hibernate () {
  gdbus call --system --dest "$LOGIND" --object-path "$LOGIND_PATH" --method "$MANAGER.CanHibernate" |
    sed -n "s/^('\(.*\)',)$/\1/p"
}

# Put back what the template answered, whatever happens.
original=$(can_hibernate)
original_suspend=$(can_suspend)
logind_stopped=
restore () {
  if [ -n "$logind_stopped" ]; then
    "$PLUG_STACK" start "$PLUG_STACK_DIR" logind >/dev/null
  elif [ -n "$original" ]; then
    set_can_hibernate "$original"
    [ -n "$original_suspend" ] && set_can_suspend "$original_suspend"
    # The template's own list: what Inhibit() added, none here.
    set_inhibitors 'getattr(__import__("dbusmock.mockobject").mockobject, "inhibitors", [])'
  fi
  rm -rf "$work"
}
trap restore EXIT
check "the mock logind answers CanHibernate ($original)" test -n "$original"

# new_root NAME: a root for a machine that can suspend and hibernate, as
# far as the kernel's files say; a case changes what it needs.
. "$PLUG_SOURCE_DIR/tests/lib-gpu-root.sh"
new_root () {
  gpu_root "$work/$1"
  echo "$work/$1"
}

ready=$(new_root ready)
lockdown=$(new_root lockdown)
echo 'none [integrity] confidentiality' >"$lockdown/sys/kernel/security/lockdown"
echo 'freeze mem' >"$lockdown/sys/power/state"
no_swap=$(new_root no-swap)
printf 'Filename\tType\tSize\tUsed\tPriority\n' >"$no_swap/proc/swaps"
no_resume=$(new_root no-resume)
echo 'BOOT_IMAGE=/vmlinuz root=/dev/sda1 ro quiet' >"$no_resume/proc/cmdline"
chmod -R a+rX "$work"

# status NAME ROOT: plugboardctl graphics status --json as the test user,
# into $work/NAME.json; fails on a non-zero exit.
status () {
  as_tester "$PLUGBOARDCTL" graphics status --json --root "$2" >"$work/$1.json" 2>"$work/$1.err"
}
# expect NAME DESCRIPTION JQ_EXPRESSION
expect () { check "$1: $2" jq_e "$3" <"$work/$1.json"; }

# --- logind allows it -------------------------------------------------------

set_can_hibernate yes
status yes "$ready"
check "logind says yes: exit 0" test $? = 0
expect yes "hibernation is possible, with no reason" '.power.hibernate == {possible: true, reason: null, warnings: [], not_visible_reason: null}'

set_can_hibernate challenge
status challenge "$ready"
check "logind says challenge (after authentication): exit 0" test $? = 0
expect challenge "hibernation is possible" '.power.hibernate == {possible: true, reason: null, warnings: [], not_visible_reason: null}'

# --- logind does not --------------------------------------------------------

for answer in na no; do
  set_can_hibernate "$answer"
  status "$answer" "$ready"
  check "logind says $answer: exit 0" test $? = 0
  expect "$answer" "hibernation is not possible" '.power.hibernate.possible == false'
  expect "$answer" "the reason names the login manager, with a hint" \
    '.power.hibernate.reason | startswith("'"$REASON"'") and contains("AllowHibernation=no")'
  expect "$answer" "suspend is still possible (logind is asked about hibernation only)" \
    '.power.suspend.possible == true'
done

text=$(as_tester "$PLUGBOARDCTL" graphics status --root "$ready" 2>&1)
check "text: the reason follows 'not possible'" grep -qF "Hibernate: not possible. $REASON" <<<"$text"

# The kernel's causes are more fundamental and come first.
status lockdown "$lockdown"
expect lockdown "with kernel lockdown, lockdown is named, not logind" \
  '.power.hibernate.possible == false and (.power.hibernate.reason | startswith("Kernel lockdown"))'
status no-swap "$no_swap"
expect no-swap "without swap, the swap is named, not logind" \
  '.power.hibernate.possible == false and (.power.hibernate.reason | startswith("There is no swap space"))'
status no-resume "$no_resume"
expect no-resume "without a resume device, that is named, not logind" \
  '.power.hibernate.possible == false and (.power.hibernate.reason | startswith("No resume device"))'

# --- CanSuspend --------------------------------------------------------------

set_can_hibernate yes
SUSPEND_REASON='The login manager (systemd-logind) does not offer suspend on this system'
for answer in na no; do
  set_can_suspend "$answer"
  status "suspend-$answer" "$ready"
  expect "suspend-$answer" "logind says $answer to suspend: not possible, the reason names it" \
    '(.power.suspend.possible | not) and .power.suspend.mode == null and
     (.power.suspend.reason | startswith("'"$SUSPEND_REASON"'") and contains("AllowSuspend=no"))'
  expect "suspend-$answer" "hibernation is still possible" '.power.hibernate.possible'
done
set_can_suspend challenge
status suspend-challenge "$ready"
expect suspend-challenge "logind says challenge to suspend: possible" \
  '.power.suspend == {possible: true, reason: null, mode: "deep", warnings: [], not_visible_reason: null}'
set_can_suspend "$original_suspend"

# --- inhibitors that block sleep ----------------------------------------------

set_inhibitors '[("sleep:idle", "Steam", "Downloading a game", "block", 1000, 4242),
                 ("sleep", "GNOME Shell", "Locking the screen first", "delay", 1000, 4243),
                 ("shutdown", "Updater", "Installing updates", "block", 0, 4244)]'
status inhibited "$ready"
expect inhibited "a block inhibitor of sleep: a suspend warning naming it and why" \
  '.power.suspend.possible and .power.suspend.warnings == ["Steam is blocking suspend: Downloading a game"]'
expect inhibited "and a hibernate warning (delay and shutdown inhibitors are no warnings)" \
  '.power.hibernate.possible and .power.hibernate.warnings == ["Steam is blocking hibernation: Downloading a game"]'
text=$(as_tester "$PLUGBOARDCTL" graphics status --root "$ready" 2>&1)
check "text: the inhibitor is a warning under Suspend" \
  grep -qxF "  Warning: Steam is blocking suspend: Downloading a game" <<<"$text"
set_inhibitors '[]'
status uninhibited "$ready"
expect uninhibited "the inhibitor gone: no warnings" \
  '.power.suspend.warnings == [] and .power.hibernate.warnings == []'

# --- no logind on the bus: the kernel's answer stands --------------------------

"$PLUG_STACK" stop "$PLUG_STACK_DIR" logind >/dev/null
logind_stopped=1
check "logind is gone from the bus" \
  test "$(gdbus call --system --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
            --method org.freedesktop.DBus.NameHasOwner "$LOGIND")" = "(false,)"
status absent "$ready"
check "without logind: exit 0" test $? = 0
expect absent "hibernation is possible, as the kernel says" '.power.hibernate == {possible: true, reason: null, warnings: [], not_visible_reason: null}'

"$PLUG_STACK" start "$PLUG_STACK_DIR" logind >/dev/null
logind_stopped=
check "logind is back, answering as before" test "$(can_hibernate)" = "$original"

if [ $tap_failed -gt 0 ]; then
  for name in yes challenge na no lockdown no-swap no-resume suspend-na suspend-no suspend-challenge inhibited uninhibited absent; do
    [ -f "$work/$name.json" ] && diag "----- $name -----" "$(jq -c .power "$work/$name.json" 2>&1)" "$(cat "$work/$name.err")"
  done
fi
finish
