#!/bin/bash
# test-broadband-nm-restart.sh: NetworkManager stops or restarts while
# `plugboardctl broadband add` waits for its answer
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Whatever moment NetworkManager goes, afterwards there is at most one
# profile with the connection's UUID, and plugboardctl says the truth: it
# succeeds when the profile is saved and fails, saying so, when it is not.
# It never adds a second time; after a lost answer it looks the UUID up
# once NetworkManager is back. The moments:
# - NetworkManager has the call and waits for polkit (an extra rules file
#   holds polkitd's answer): the restart loses the call, nothing is saved;
# - NetworkManager has written the keyfile (it is killed the moment the
#   file appears): the answer is lost, the profile is there;
# - just before the call is sent (the core's development-build pause,
#   PLUG_TEST_BROADBAND_ADD_PAUSE_FILE): NetworkManager is stopped, and
#   started again a second later; or a profile with the same UUID appears,
#   the same (saved by a call whose answer was lost) or another one.

. "$(dirname "$0")/lib.sh"

CONNECTIONS_DIR=$PLUG_STACK_DIR/nm/connections
BROADBAND=("$PLUGBOARDCTL" broadband)
DELAY_RULES=$PLUG_STACK_DIR/polkit-rules/48-plugboard-nm-restart-$PLUG_TEST_USER.rules

work=$(mktemp -d /tmp/plug-test-nm-restart.XXXXXX)
chmod 755 "$work"
# polkitd's rule (run as the polkitd user) and the paused plugboardctl
# (the test user) write their marks here.
mkdir -m 1777 "$work/shared"

name_prefix=plug-nm-restart-$$
delete_ours () {
  local uuid
  for uuid in $(as_tester "${BROADBAND[@]}" list --json 2>/dev/null |
                jq -r --arg prefix "$name_prefix" '.[] | select(.id | startswith($prefix)) | .uuid'); do
    as_tester "${BROADBAND[@]}" delete "$uuid" >/dev/null
  done
}
cleanup () {
  rm -f "$DELAY_RULES" "$work/shared/hold"
  "$PLUG_STACK" start "$PLUG_STACK_DIR" NetworkManager >/dev/null 2>&1
  delete_ours
  rm -rf "$work"
}
trap cleanup EXIT

# keyfiles KEY VALUE: how many of NetworkManager's keyfiles have KEY=VALUE.
keyfiles () { grep -lx "$1=$2" "$CONNECTIONS_DIR"/*.nmconnection 2>/dev/null | wc -l; }
# listed UUID: how many profiles NetworkManager lists with that UUID.
listed () { as_tester "${BROADBAND[@]}" list --json | jq --arg uuid "$1" '[.[] | select(.uuid == $uuid)] | length'; }
nm_running () { as_tester "${BROADBAND[@]}" list >/dev/null 2>&1; }

# add NAME [ARGUMENT…]: plugboardctl broadband add in the background, as the
# test user; add_wait gives its output in $reply and exit status in $status.
add () {
  local name=$1; shift
  ( as_tester env G_MESSAGES_DEBUG=plugboard-core "$@" "${BROADBAND[@]}" add --apn internet.example \
      --name "$name" >"$work/add.out" 2>&1
    echo $? >"$work/add.status" ) &
  add_job=$!
}
add_wait () {
  wait "$add_job"
  status=$(cat "$work/add.status")
  reply=$(grep -v -e '-DEBUG: ' "$work/add.out")
}
reconciled () { grep -q 'failed without a definite answer' "$work/add.out"; }

nm_pid () { local pid _; read -r pid _ <"$PLUG_STACK_DIR/pids/NetworkManager"; echo "$pid"; }

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
check "NetworkManager runs" wait_until 20 nm_running

# --- the restart loses the call, while NetworkManager waits for polkit ------

cat >"$DELAY_RULES" <<RULES
// Written by tests/system/test-broadband-nm-restart.sh: holds polkitd's
// answer to NetworkManager about adding a system connection while a flag
// file exists (at most 7 s), so that the test restarts NetworkManager
// while the call is in flight. Then the next rules file decides.
polkit.addRule(function (action, subject) {
  if (action.id == "org.freedesktop.NetworkManager.settings.modify.system" &&
      subject.user == "$PLUG_TEST_USER")
    polkit.spawn(["/bin/sh", "-c",
                  "touch $work/shared/asked; n=0; " +
                  "while [ -e $work/shared/hold ] && [ \$n -lt 140 ]; do sleep 0.05; n=\$((n + 1)); done"]);
  return polkit.Result.NOT_HANDLED;
});
RULES
chmod 644 "$DELAY_RULES"
# polkitd notices a changed rules directory within a few milliseconds.
sleep 0.3
touch "$work/shared/hold"
name=$name_prefix-lost
add "$name"
check "the add reaches NetworkManager, which waits for polkit" wait_until 10 test -e "$work/shared/asked"
"$PLUG_STACK" restart "$PLUG_STACK_DIR" NetworkManager
rm -f "$work/shared/hold" "$DELAY_RULES"
add_wait
check "NetworkManager restarted with the call in flight: add fails (exit $status)" test "$status" = 1
check "... and says it was not saved: $reply" \
  eval '[[ "$reply" == *"NetworkManager stopped while adding it, and it was not saved"* ]]'
check "... after looking (the core took the lost call as no answer)" reconciled
check "... and there is no such profile" test "$(keyfiles id "$name")" = 0

# --- the answer is lost after NetworkManager saved the profile --------------

# NetworkManager is killed the moment its keyfile for the connection
# appears: the profile is on disk, the answer (most likely) never sent.
# NetworkManager writes a temporary file and renames it, so only the
# keyfile's own name counts: killed while the temporary file was being
# written, it would never have saved the profile.
kill_on_keyfile () {
  local pid=$1 name=$2
  /usr/bin/python3 - "$CONNECTIONS_DIR" "$pid" "$name" <<'PYTHON'
import os, signal, sys, time
directory, pid, name = sys.argv[1], int(sys.argv[2]), sys.argv[3]
deadline = time.monotonic() + 15
while time.monotonic() < deadline:
    if name + '.nmconnection' in os.listdir(directory):
        os.kill(pid, signal.SIGKILL)
        sys.exit(0)
    time.sleep(0.0005)
sys.exit(1)
PYTHON
}
saved_name=
for attempt in 1 2; do
  name=$name_prefix-saved-$attempt
  pid=$(nm_pid)
  kill_on_keyfile "$pid" "$name" &
  killer=$!
  add "$name"
  wait "$killer"
  killed=$?
  wait_until 10 test ! -d "/proc/$pid"
  "$PLUG_STACK" start "$PLUG_STACK_DIR" NetworkManager >/dev/null
  add_wait
  uuid=$(sed -n 's/^uuid=//p' "$(grep -lx "id=$name" "$CONNECTIONS_DIR"/*.nmconnection | head -n1)" 2>/dev/null)
  if [ "$killed" = 0 ]; then
    reconciled && diag "attempt $attempt: the answer was lost; the core looked the UUID up" ||
      diag "attempt $attempt: the answer arrived before NetworkManager was killed"
  fi
  check "attempt $attempt: NetworkManager killed once the keyfile was there: add succeeds (exit $status): $reply" \
    test "$status" = 0 -a "$killed" = 0
  check "... it names the UUID that was saved ($uuid)" eval '[ -n "$uuid" ] && [[ "$reply" == *"($uuid)"* ]]'
  check "... exactly one keyfile has it" test "$(keyfiles uuid "$uuid")" = 1
  check "... and NetworkManager lists it once" test "$(listed "$uuid")" = 1
  [ -n "$uuid" ] && saved_name=$name
done
saved_keyfile=$(grep -lx "id=${saved_name:-none}" "$CONNECTIONS_DIR"/*.nmconnection | head -n1)

# --- just before the call is sent ----------------------------------------

if ! has_test_hooks; then
  skip "the pause before the call is sent needs a development build (-Dprofile=development)"
  finish
fi

pause=$work/shared/add-pause
# pause_add NAME: an add paused right before its call; $uuid is the
# connection's UUID.
pause_add () {
  rm -f "$pause"
  add "$1" PLUG_TEST_BROADBAND_ADD_PAUSE_FILE="$pause"
  wait_until 10 test -s "$pause" || return 1
  uuid=$(cat "$pause")
}

# NetworkManager is not there when the call goes, and comes back a second
# later: the core waits for it and finds nothing saved.
name=$name_prefix-absent
check "an add pauses before its call" pause_add "$name"
"$PLUG_STACK" stop "$PLUG_STACK_DIR" NetworkManager
rm "$pause"
sleep 1
"$PLUG_STACK" start "$PLUG_STACK_DIR" NetworkManager >/dev/null
add_wait
check "NetworkManager away when the call was sent: add fails (exit $status) and says nothing was saved: $reply" \
  eval '[ $status = 1 ] && [[ "$reply" == *"it was not saved"* ]]'
check "... and there is no such profile" test "$(keyfiles uuid "$uuid")" = 0

# The same profile, saved under the UUID meanwhile (as by a call whose
# answer was lost): NetworkManager answers that the UUID exists, and
# that is success, with no second profile.
# plant_profile APN: a keyfile for $uuid and $name, as NetworkManager
# wrote one for the same options, loaded by NetworkManager.
plant_profile () {
  sed -e "s/^uuid=.*/uuid=$uuid/" -e "s/^id=.*/id=$name/" -e "s/^apn=.*/apn=$1/" \
    -e '/^timestamp=/d' "$saved_keyfile" >"$CONNECTIONS_DIR/$name.nmconnection"
  chmod 600 "$CONNECTIONS_DIR/$name.nmconnection"
  gdbus call --system --dest org.freedesktop.NetworkManager --object-path /org/freedesktop/NetworkManager/Settings \
    --method org.freedesktop.NetworkManager.Settings.LoadConnections "['$CONNECTIONS_DIR/$name.nmconnection']" >/dev/null
}
name=$name_prefix-same
check "an add pauses before its call" pause_add "$name"
plant_profile internet.example
check "NetworkManager has the same profile under that UUID" test "$(listed "$uuid")" = 1
rm "$pause"
add_wait
check "the UUID exists with the same settings: add succeeds (exit $status): $reply" \
  eval '[ $status = 0 ] && [[ "$reply" == *"($uuid)"* ]]'
check "... exactly one keyfile has the UUID" test "$(keyfiles uuid "$uuid")" = 1
check "... and NetworkManager lists it once" test "$(listed "$uuid")" = 1

# Another profile under the UUID: not ours, so the add fails, and that
# profile stays as it was.
name=$name_prefix-other
check "an add pauses before its call" pause_add "$name"
plant_profile other.example
sha256sum "$CONNECTIONS_DIR/$name.nmconnection" >"$work/other.sha256"
rm "$pause"
add_wait
check "the UUID exists with other settings: add fails (exit $status) and says so: $reply" \
  eval '[ $status = 1 ] && [[ "$reply" == *"another connection with the UUID $uuid exists, with other settings"* ]]'
check "... and that profile is untouched" sha256sum --quiet -c "$work/other.sha256"
check "... and the only one with the UUID" test "$(keyfiles uuid "$uuid")" = 1

check "NetworkManager runs at the end" wait_until 20 nm_running
finish
