# lib-gui.sh: run Plugboard under Xvfb for the gui tests and the startup
# benchmark. Sourced, not run.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# With the real daemons up (PLUG_STACK_DIR set), the app runs as the test
# user on the test system bus, as a person would run it; without them it
# runs as the caller and shows the services as unreachable.

xvfb_pid=
app_pid=
a11y_pid=
session_bus_pid=
GUI_SESSION_BUS=
GUI_DIR=$(mktemp -d "${TMPDIR:-/tmp}/plugboard-gui.XXXXXX")
chmod 755 "$GUI_DIR"

gui_cleanup () {
  [ -n "$gui_watchdog_pid" ] && kill "$gui_watchdog_pid" 2>/dev/null
  stop_gui
  a11y_stop
  [ -n "$session_bus_pid" ] && kill "$session_bus_pid" 2>/dev/null
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
  wait 2>/dev/null
  rm -rf "$GUI_DIR"
}
trap gui_cleanup EXIT

# A hung gui test is killed at meson's timeout (300 s, tests/gui/meson.build)
# with nothing said of why. A little before that, the watchdog ends it
# itself, saying where it was: the last check, the screen (a screenshot
# beside the others), what is shown, and the ends of the app's and the
# walker's logs. Bash runs the trap once the command it waits for ends;
# the walker's questions time out in 30 s, hence 270 s. Only for the gui
# suite's tests: the system tests that use this file have bounds of their
# own (test-drives-restarts takes minutes by design), and the screenshot
# script none.
case "$0" in
  */gui/test-*.sh) gui_watchdog_default=270 ;;
  *) gui_watchdog_default=0 ;;
esac
gui_watchdog_s=${PLUG_GUI_WATCHDOG_S:-$gui_watchdog_default}
gui_watchdog_fired () {
  trap - USR1
  echo "Bail out! the test ran out of time (${gui_watchdog_s} s) after check ${tap_count:-0}"
  if [ -n "${DISPLAY:-}" ] && [ -n "$xvfb_pid" ]; then
    mkdir -p "$PLUG_BUILD_DIR/screenshots"
    import -display "$DISPLAY" -window root "$PLUG_BUILD_DIR/screenshots/$(basename "$0" .sh)-timeout.png" 2>/dev/null &&
      echo "# the screen: $PLUG_BUILD_DIR/screenshots/$(basename "$0" .sh)-timeout.png"
  fi
  [ -n "$a11y_pid" ] && echo "# shown: $(a11y texts 2>&1 | tr '\n' '|' | head -c 4000)"
  for log in app a11y; do
    [ -s "$GUI_DIR/$log.log" ] || continue
    echo "# ----- the end of $GUI_DIR/$log.log -----"
    tail -n 40 "$GUI_DIR/$log.log" | sed 's/^/# /'
  done
  exit 1
}
trap gui_watchdog_fired USR1
gui_watchdog_pid=
if [ "$gui_watchdog_s" -gt 0 ] 2>/dev/null; then
  (sleep "$gui_watchdog_s" & sleep_pid=$!
   trap 'kill $sleep_pid; exit 0' TERM
   wait $sleep_pid && kill -USR1 $$) </dev/null >/dev/null 2>&1 &
  gui_watchdog_pid=$!
fi

# start_xvfb: a display of our own; Xvfb picks a free number.
start_xvfb () {
  Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp -noreset 3>"$GUI_DIR/display" >"$GUI_DIR/xvfb.log" 2>&1 &
  xvfb_pid=$!
  for _ in $(seq 100); do
    [ -s "$GUI_DIR/display" ] && break
    sleep 0.05
  done
  [ -s "$GUI_DIR/display" ] || { echo "Bail out! Xvfb did not start: $(cat "$GUI_DIR/xvfb.log")"; exit 1; }
  export DISPLAY=:$(cat "$GUI_DIR/display")
}

# gui_user_prefix: how to run a command as the user the app runs as.
gui_user_prefix () {
  if [ -n "${PLUG_STACK_DIR:-}" ] && [ -f "$PLUG_STACK_DIR/env" ]; then
    . "$PLUG_STACK_DIR/env"
    echo runuser -u "$PLUG_TEST_USER" --
  fi
}

# start_session_bus: one session bus for every app started afterwards, so
# that a second instance and gapplication reach the first one. Without it,
# each app gets a session bus of its own from dbus-run-session.
start_session_bus () {
  local prefix
  prefix=$(gui_user_prefix)
  $prefix dbus-daemon --session --nofork --print-address=1 >"$GUI_DIR/session-bus" 2>/dev/null &
  session_bus_pid=$!
  for _ in $(seq 100); do
    [ -s "$GUI_DIR/session-bus" ] && break
    sleep 0.05
  done
  GUI_SESSION_BUS=$(head -n 1 "$GUI_DIR/session-bus")
  [ -n "$GUI_SESSION_BUS" ] || { echo "Bail out! the session bus did not start"; exit 1; }
}

# gui_command PROGRAM ARGS…: run a command in the app's environment, on
# the shared session bus, and wait for it (20 s at most).
gui_command () {
  local prefix
  prefix=$(gui_user_prefix)
  $prefix timeout 20 env -i DISPLAY="$DISPLAY" PATH=/usr/bin:/bin HOME="$GUI_DIR/home" \
    XDG_RUNTIME_DIR="$GUI_DIR/runtime" GSETTINGS_BACKEND=memory \
    GSETTINGS_SCHEMA_DIR="$PLUG_BUILD_DIR/data" \
    DBUS_SESSION_BUS_ADDRESS="$GUI_SESSION_BUS" "$@"
}

# GUI_GL_OFF: the variable that keeps GDK from opening OpenGL, as the
# GTK found spells it: GTK 4.16 renamed GDK_DEBUG=gl-disable, and warns of
# the old name.
if pkg-config --atleast-version=4.16 gtk4 2>/dev/null; then
  GUI_GL_OFF=GDK_DISABLE=gl
else
  GUI_GL_OFF=GDK_DEBUG=gl-disable
fi

# gui_wrapper: a command run_gui runs the rest through, as root, before it
# becomes the test user (make-screenshots.sh hides a folder with it).
gui_wrapper=()

# run_gui PROGRAM ARGS…: start PROGRAM in the background with a session bus
# of its own, a fixed renderer, and the first-frame report in
# $GUI_DIR/first-frame. Sets app_pid (the session bus's; killing it ends
# the app too). Accessibility is off unless GUI_A11Y=1: then the app
# speaks AT-SPI on the session bus's accessibility bus.
run_gui () {
  local user_prefix=()
  local environment=(
    DISPLAY="$DISPLAY"
    # Cairo draws every frame, and GDK opens no OpenGL at all: on X11 it
    # would still load Mesa's driver to choose a visual. Mesa's swrast_dri.so
    # keeps a buffer from a pthread_once in its initialisation and is
    # unloaded again, after which LeakSanitizer, no longer able to see the
    # pointer or even name the module, reports the buffer as a leak of the
    # app's (the load tests run the app instrumented).
    GSK_RENDERER=cairo
    "$GUI_GL_OFF"
    LANG="${GUI_LANG:-C.UTF-8}"
    LANGUAGE="${GUI_LANGUAGE:-}"
    GSETTINGS_BACKEND="${GUI_GSETTINGS_BACKEND:-memory}"
    GSETTINGS_SCHEMA_DIR="$PLUG_BUILD_DIR/data"
    XDG_CONFIG_HOME="$GUI_DIR/config"
    XDG_CACHE_HOME="$GUI_DIR/cache"
    XDG_RUNTIME_DIR="$GUI_DIR/runtime"
    PLUG_FIRST_FRAME_FILE="$GUI_DIR/first-frame"
    HOME="$GUI_DIR/home"
    PATH=/usr/bin:/bin
  )
  if [ "${GUI_A11Y:-0}" != 1 ]; then
    environment+=(GTK_A11Y=none NO_AT_BRIDGE=1)
  fi
  local name
  for name in ASAN_OPTIONS UBSAN_OPTIONS LSAN_OPTIONS G_DEBUG G_MESSAGES_DEBUG PLUG_PROVIDER_DATABASE \
              PLUG_TEST_KEEP_FILES_PAUSE_FILE PLUG_TEST_BENCHMARK_PAUSE_FILE PLUG_TEST_FORMAT_PAUSE_FILE \
              PLUG_TEST_RENAME_PAUSE_FILE LOCPATH PLUGBOARDCTL; do
    [ -n "${!name:-}" ] && environment+=("$name=${!name}")
  done
  # Debug domains for the app only (plugboardctl prints its debug lines to
  # stdout, among its JSON).
  [ -n "${GUI_DEBUG_DOMAINS:-}" ] && environment+=(G_MESSAGES_DEBUG="${G_MESSAGES_DEBUG:-} $GUI_DEBUG_DOMAINS")
  mkdir -p "$GUI_DIR/config" "$GUI_DIR/cache" "$GUI_DIR/runtime" "$GUI_DIR/home"
  chmod 700 "$GUI_DIR/runtime"
  rm -f "$GUI_DIR/first-frame"
  if [ -n "${PLUG_STACK_DIR:-}" ] && [ -f "$PLUG_STACK_DIR/env" ]; then
    . "$PLUG_STACK_DIR/env"
    environment+=(DBUS_SYSTEM_BUS_ADDRESS="$DBUS_SYSTEM_BUS_ADDRESS")
    chown -R "$PLUG_TEST_USER:" "$GUI_DIR/config" "$GUI_DIR/cache" "$GUI_DIR/runtime" "$GUI_DIR/home"
    chmod 777 "$GUI_DIR"
    user_prefix=(runuser -u "$PLUG_TEST_USER" --)
  else
    environment+=(DBUS_SYSTEM_BUS_ADDRESS=unix:path=/nonexistent/plugboard-gui-test)
  fi
  local session=(dbus-run-session --)
  if [ -n "$GUI_SESSION_BUS" ]; then
    environment+=(DBUS_SESSION_BUS_ADDRESS="$GUI_SESSION_BUS")
    session=()
  fi
  "${gui_wrapper[@]}" "${user_prefix[@]}" env -i "${environment[@]}" \
    "${session[@]}" "$@" >"$GUI_DIR/app.log" 2>&1 &
  app_pid=$!
  app_tap_failed=${tap_failed:-0}
}

# wait_first_frame SECONDS: the app wrote the time of its first frame.
wait_first_frame () {
  local tries=$(($1 * 20))
  while [ $tries -gt 0 ]; do
    [ -s "$GUI_DIR/first-frame" ] && return 0
    kill -0 "$app_pid" 2>/dev/null || return 1
    sleep 0.05
    tries=$((tries - 1))
  done
  return 1
}

# descendants PID: every process below PID.
descendants () {
  local child
  for child in $(pgrep -P "$1"); do
    echo "$child"
    descendants "$child"
  done
}

# gui_running: whether what run_gui started still runs.
gui_running () { kill -0 "$app_pid" 2>/dev/null; }

# wait_while_running SECONDS COMMAND…: like wait_until, but by the clock (a
# check that runs plugboardctl takes a while under AddressSanitizer), and
# giving up at once when the app is gone.
wait_while_running () {
  local deadline=$(($(date +%s) + $1)); shift
  until "$@" >/dev/null 2>&1; do
    [ "$(date +%s)" -lt $deadline ] && gui_running || return 1
    sleep 0.2
  done
}

# stop_gui: end the app itself. dbus-run-session then stops its session
# bus and exits; killing dbus-run-session instead would leave the bus.
stop_gui () {
  [ -n "$app_pid" ] || return 0
  local pid
  for pid in "$app_pid" $(descendants "$app_pid"); do
    case "$(cat "/proc/$pid/comm" 2>/dev/null)" in
      dbus-daemon|dbus-run-sessio|runuser|env|"") ;;
      *) kill "$pid" 2>/dev/null ;;
    esac
  done
  for _ in $(seq 100); do
    kill -0 "$app_pid" 2>/dev/null || break
    sleep 0.05
  done
  kill "$app_pid" 2>/dev/null
  wait "$app_pid" 2>/dev/null
  app_pid=
  # A check failed while it ran: what the app logged says why.
  if [ "${tap_failed:-0}" -gt "${app_tap_failed:-0}" ] && [ -s "$GUI_DIR/app.log" ]; then
    echo "----- the end of what the app logged ($GUI_DIR/app.log) -----" >&2
    tail -n 60 "$GUI_DIR/app.log" >&2
  fi
  app_tap_failed=${tap_failed:-0}
}

# screenshot FILE: the whole screen, as a person would see it.
screenshot () {
  import -display "$DISPLAY" -window root "$1"
}

# distinct_colors FILE: how many colours an image has; a window that did
# not draw leaves the root window a single colour.
distinct_colors () {
  convert "$1" -format '%k' info:
}

# A daemon restarted twice in quick succession makes GLib's object manager
# client (MMManager and UDisksClient are ones) warn: when the name's owner
# comes back it asks it for its objects, and the owner may be gone again
# by then ("Error calling GetManagedObjects() when name owner … came
# back"). The warning is GLib's, about a race it loses by design, and the
# client recovers when the next owner comes. The lanes of run-tests
# restart ModemManager whenever a test unplugs its modems, so an app
# running meanwhile in another lane can meet it. The load tests run the
# app with warnings not fatal (G_DEBUG=fatal-criticals) and count them:
# app_other_warnings lists every other warning and critical it logged.
GLIB_OBJECT_MANAGER_RACE='GLib-GIO-WARNING \*\*: [0-9:.]+: Error calling GetManagedObjects\(\) when name owner [^ ]+ for name org\.freedesktop\.(ModemManager1|UDisks2) came back: '
app_race_warnings () { grep -cE "$GLIB_OBJECT_MANAGER_RACE" "$GUI_DIR/app.log"; }
app_other_warnings () { grep -E -- '-(WARNING|CRITICAL)' "$GUI_DIR/app.log" | grep -vE "$GLIB_OBJECT_MANAGER_RACE"; }

# quit_checking_sanitizers APPLICATION_ID: quit the app as a person would
# (app.quit, Ctrl+Q's action), with TAP lines: it ends, with status 0, and
# its log holds no AddressSanitizer, LeakSanitizer or UBSan report (the
# sanitizers report leaks when the process ends). Also says how much CPU
# it used.
quit_checking_sanitizers () {
  local pid deadline status report
  for pid in $(descendants "$app_pid"); do
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = plugboard ] &&
      diag "the app used $(awk -v hz="$(getconf CLK_TCK)" '{ printf "%.1f", ($14 + $15) / hz }' "/proc/$pid/stat") s of CPU"
  done
  gui_command gapplication action "$1" quit
  deadline=$(($(date +%s) + 60))
  while kill -0 "$app_pid" 2>/dev/null && [ "$(date +%s)" -lt $deadline ]; do sleep 0.1; done
  check "app.quit ends the app" sh -c "! kill -0 $app_pid 2>/dev/null"
  wait "$app_pid"
  status=$?
  app_pid=
  check "it exits with status 0 ($status)" test $status = 0
  for report in "ERROR: AddressSanitizer" "ERROR: LeakSanitizer" "runtime error:"; do
    check "its log has no “$report”" sh -c "! grep -qF '$report' '$GUI_DIR/app.log'"
  done
  if grep -q 'ERROR: \|runtime error:' "$GUI_DIR/app.log"; then
    grep -B2 -A40 'ERROR: \|runtime error:' "$GUI_DIR/app.log" | head -n 120 | sed 's/^/# /' >&2
  fi
  # Under G_DEBUG=fatal-warnings the first warning or critical ends the
  # app (status 133): that line, and what the app logged before it.
  if grep -qE -- '-(WARNING|CRITICAL) \*\*' "$GUI_DIR/app.log"; then
    grep -B10 -A5 -E -- '-(WARNING|CRITICAL) \*\*' "$GUI_DIR/app.log" | head -n 60 | sed 's/^/# /' >&2
  fi
}

# --- mocks of session services (python-dbusmock) -----------------------------
#
# start_mock VAR NAME TEMPLATE [PARAMETERS-JSON]: TEMPLATE (a file of
# tests/gui/) on the shared session bus, as the app's user, owning NAME;
# its process id in the variable VAR. stop_mock VAR stops it.

# mock_up NAME: NAME has an owner on the session bus.
mock_up () {
  gui_command gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
    --method org.freedesktop.DBus.NameHasOwner "$1" 2>/dev/null | grep -q true
}

start_mock () {
  local var=$1 name=$2 template=$3 prefix
  local parameters=()
  [ -n "${4:-}" ] && parameters=(--parameters "$4")
  [ -n "$GUI_SESSION_BUS" ] || start_session_bus
  prefix=$(gui_user_prefix)
  $prefix env -i PATH=/usr/bin:/bin DBUS_SESSION_BUS_ADDRESS="$GUI_SESSION_BUS" \
    /usr/bin/python3 -m dbusmock --session --template "$PLUG_SOURCE_DIR/tests/gui/$template" "${parameters[@]}" \
    >"$GUI_DIR/${template%.py}.log" 2>&1 &
  printf -v "$var" '%s' $!
  wait_until 20 mock_up "$name"
}

stop_mock () {
  local var=$1 pid
  [ -n "${!var}" ] || return 0
  for pid in $(descendants "${!var}") "${!var}"; do
    kill "$pid" 2>/dev/null
  done
  wait "${!var}" 2>/dev/null
  printf -v "$var" '%s' ''
}

# start_packagekit LOG DONE: a mock software installer on the shared
# session bus (tests/gui/mock-packagekit.py), as GNOME Software provides
# it; it records each call in LOG and answers once DONE exists.
packagekit_pid=
packagekit_up () { mock_up org.freedesktop.PackageKit; }
start_packagekit () {
  start_mock packagekit_pid org.freedesktop.PackageKit mock-packagekit.py \
    "$(jq -cn --arg log "$1" --arg done "$2" '{log: $log, done: $done}')"
}
stop_packagekit () { stop_mock packagekit_pid; }

# start_notifications LOG: a mock notification server on the shared
# session bus (tests/gui/mock-notifications.py), where GLib sends the
# app's notifications when no GNOME Shell answers; it records each one in
# LOG. Start it before the app.
notifications_pid=
start_notifications () {
  start_mock notifications_pid org.freedesktop.Notifications mock-notifications.py \
    "$(jq -cn --arg log "$1" '{log: $log}')"
}
stop_notifications () { stop_mock notifications_pid; }

# focus_away: no window of the app has the keyboard focus any more (it is
# given to the screen's root window), as when the user went on in
# another application.
focus_away () {
  xdotool windowfocus --sync "$(xwininfo -root | awk '/Window id:/ { print $4 }')"
}

# --- what a screen reader sees: tests/gui/a11y-walk.py ----------------------
#
# The app runs with accessibility on (GUI_A11Y=1) on a session bus shared
# with the test (start_session_bus); one walker per test answers every
# question, started by the first one.

# a11y_start: the walker, as the user the app runs as, on the app's bus.
a11y_start () {
  local prefix
  [ -n "$a11y_pid" ] && return 0
  [ -n "$GUI_SESSION_BUS" ] || { echo "Bail out! a11y needs start_session_bus first"; exit 1; }
  prefix=$(gui_user_prefix)
  coproc A11Y_WALK {
    $prefix env -i DISPLAY="$DISPLAY" PATH=/usr/bin:/bin HOME="$GUI_DIR/home" \
      XDG_RUNTIME_DIR="$GUI_DIR/runtime" DBUS_SESSION_BUS_ADDRESS="$GUI_SESSION_BUS" \
      /usr/bin/python3 "$PLUG_SOURCE_DIR/tests/gui/a11y-walk.py" serve 2>>"$GUI_DIR/a11y.log"
  }
  a11y_pid=$A11Y_WALK_PID
  # The shell forgets a coprocess's descriptors when it ends; keep them.
  exec {a11y_in}>&"${A11Y_WALK[1]}" {a11y_out}<&"${A11Y_WALK[0]}"
}

# a11y COMMAND ARGS…: one question (a11y-walk.py's commands: press NAME,
# shows NAME, texts, focused, check, …); prints the answer and returns
# the command's status. A walker that does not answer in 30 s fails it.
a11y () {
  local line
  a11y_start
  (IFS=$'\t'; printf '%s\n' "$*") >&"$a11y_in" 2>/dev/null || { echo "error the walker is gone"; return 1; }
  while IFS= read -r -t 30 line <&"$a11y_out"; do
    case $line in
      "status "*) return "${line#status }" ;;
      *) printf '%s\n' "$line" ;;
    esac
  done
  echo "error the walker did not answer: $(tail -n 3 "$GUI_DIR/a11y.log" 2>/dev/null)"
  return 1
}

# a11y_press NAME [--role ROLE] [--window TITLE]: act on the control named
# NAME, waiting up to 10 s for it to be shown; a TAP line only on failure
# is the caller's to write.
a11y_press () {
  local tries=20
  until a11y shows "$@" >/dev/null; do
    tries=$((tries - 1))
    [ $tries -gt 0 ] || break
    sleep 0.5
  done
  a11y press "$@"
}

# shown_texts WINDOW: the text of every label shown in the window titled
# WINDOW, one a line: only the shown page of each stack (the window is
# resized while it is read; see a11y-walk.py's showing()).
shown_texts () { a11y texts --window "$1" --xid auto; }

# window_says WINDOW TEXT: a label shown in WINDOW holds TEXT.
# The answer is read whole first: grep -q stops at its first match, and
# what it left unread would be taken for the answer to the next question.
window_says () {
  local texts
  texts=$(shown_texts "$1")
  grep -qF -- "$2" <<<"$texts"
}

# window_shows WINDOW NAME [--role ROLE]: something named NAME is shown
# in WINDOW, on the shown page of each stack.
window_shows () {
  local window=$1; shift
  a11y shows "$@" --window "$window" --xid auto >/dev/null
}

# a11y_stop: end the walker.
a11y_stop () {
  [ -n "$a11y_pid" ] || return 0
  exec {a11y_in}>&- {a11y_out}<&-
  kill "$a11y_pid" 2>/dev/null
  wait "$a11y_pid" 2>/dev/null
  a11y_pid=
}

# --- drives helpers -----------------------------------------------------------
#
# What the Drives panel shows, read as a screen reader reads it (a11y
# rows), on one line: "N drives: NAME WHERE: [DEVICE FILESYSTEM TITLE
# MOUNT-POINT] … | …", where a drive's group is titled NAME and its
# description ends with WHERE (a disk image's file, or a drive's device),
# and each volume's row is titled TITLE, its subtitle naming FILESYSTEM
# and DEVICE, and where it is mounted ("-" where it is not).
DRIVES_ROWS_AWK='
  BEGIN { FS = "\t" }
  $1 == "text" && NF >= 2 {
    n = split($2, parts, " · ")
    if (n >= 3 && previous != "") {
      drives++
      line[drives] = previous " " parts[n] ":"
      previous = ""
      next
    }
    previous = $2
    next
  }
  $1 == "row" && drives > 0 {
    n = split($3, parts, " · ")
    mount = "-"
    for (i = 4; i <= NF; i++)
      if ($i ~ /^Mounted at /) mount = substr($i, 12)
    line[drives] = line[drives] " [" parts[n] " " parts[1] " " $2 " " mount "]"
  }
  END {
    printf "%d drives", drives
    for (i = 1; i <= drives; i++) printf "%s%s", (i == 1 ? ": " : " | "), line[i]
    printf "\n"
  }'

# drives_panel_rows: that line, for the main window; every page of the
# panel's stack is read (no --xid, which takes seconds), and only the
# drives page holds drives.
drives_panel_rows () {
  local answer
  answer=$(a11y rows --window Plugboard) || { echo "unread: $answer"; return 1; }
  awk "$DRIVES_ROWS_AWK" <<<"$answer"
}

# drives_json_rows: the same line, made from `plugboardctl drives list
# --json` on standard input: what the panel should show.
drives_json_rows () {
  /usr/bin/python3 -c '
import json, sys
from gi.repository import GLib
def title(volume):
    label = (volume.get("label") or "").strip()
    if label:
        return label
    return "%s Volume" % GLib.format_size(volume["size"]) if volume.get("size") else "Volume"
drives = json.load(sys.stdin)
lines = ["%s %s:%s" % (drive["name"], drive.get("backing_file") or drive["device"],
                       "".join(" [%s %s %s %s]" % (volume["device"], volume.get("filesystem_name") or "No known filesystem",
                                                   title(volume), volume.get("mount_point") or "-")
                               for volume in drive["volumes"]))
         for drive in drives]
print("%d drives" % len(lines) + (": " + " | ".join(lines) if lines else ""))'
}

# drives_panel_row_ids: the object path of each volume row the panel
# shows, one a line; a row made anew (from a new udisksd's objects, say)
# has a new one.
drives_panel_row_ids () {
  a11y objects --window Plugboard --role 'list item' | cut -f1
}
