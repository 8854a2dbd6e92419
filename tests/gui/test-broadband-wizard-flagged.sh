#!/bin/bash
# test-broadband-wizard-flagged.sh: a provider database whose plans include
# an APN NetworkManager refuses (as Zain BH's "http://172.18.83.129" in the
# real one). The Add Connection wizard shows that plan greyed out with the
# reason, preselects the plan it can use, and saves only that one; a
# provider with no usable plan leads to the manual settings. Screenshots in
# $PLUG_BUILD_DIR/screenshots (broadband-wizard-flagged-*.png).
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-broadband-gui.sh"

trap broadband_cleanup EXIT

shot () { screenshot "$shots/broadband-wizard-flagged-$1.png"; }
# flagged APN: the plan step's list shows the plan with APN saying why it
# cannot be used; not_flagged APN: it shows that plan, without.
plans () { a11y inside Plans --role list --window "$WIZARD_WINDOW" --xid auto; }
flagged () {
  read_then_grep plans -- -qF "label “APN $1 · Cannot be used: NetworkManager does not accept this APN”"
}
not_flagged () {
  local lines
  lines=$(plans)
  grep -qF "label “APN $1" <<<"$lines" && ! grep -qF "label “APN $1 · Cannot be used" <<<"$lines"
}

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
delete_all_connections
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
# Flagnet's network, in Bahrain, in tests/fixtures/providers/flagged.xml.
plug_at_home ttyFLAG0 42699
check "the GSM modem has the SIM of 42699" modem_is ttyFLAG0 .sim.operator_code 42699

start_xvfb
PLUG_PROVIDER_DATABASE=$PLUG_SOURCE_DIR/tests/fixtures/providers/flagged.xml \
  start_broadband_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=broadband
wait_first_frame 30
check "plugboard --panel=broadband draws its first frame" test -s "$GUI_DIR/first-frame"
sleep 2

key alt+a
wait_while_running 20 page_is country
key Return
wait_while_running 10 page_is provider
check "the SIM's country and provider lead on (country step)" page_is provider
key Return
wait_while_running 10 page_is plan
check "… and provider step: Flagnet's plans are shown" page_is plan
shot 1-plan
check "the plan with APN http://10.1.2.3 is flagged" wait_while_running 10 flagged http://10.1.2.3
check "the other one is not" wait_while_running 10 not_flagged internet.flagnet.example
# The flagged plan comes first in the database: Return takes the usable
# one, preselected.
key Return
wait_while_running 10 page_is review
check "Return goes on to the review with the usable plan" page_is review
key alt+c space
shot 2-review
key alt+a
wait_while_running 20 toast_says "Added the connection “Flagnet Standard & Fast”"
check "the wizard added “Flagnet Standard & Fast”" toast_seen "Added the connection “Flagnet Standard & Fast”"
check "keyfile [gsm]: the usable APN ($(section "Flagnet Standard & Fast" gsm))" \
  test "$(section "Flagnet Standard & Fast" gsm)" = "apn=internet.flagnet.example home-only=true "
check "no keyfile holds the flagged APN" \
  bash -c '! grep -rqF "http://10.1.2.3" "$1"' _ "$CONNECTIONS_DIR"
wait_until 20 wizard_closed

# Onlybad's only internet APN is flagged: straight to the manual settings.
key alt+a
wait_while_running 20 page_is country
key Return
wait_while_running 10 page_is provider
type_text "Onlybad"
key Return
wait_while_running 10 page_is plan
check "Onlybad leads to the plan step" page_is plan
check "its one plan is flagged" wait_while_running 10 flagged "web onlybad"
shot 3-only-flagged
key Escape
wait_until 20 wizard_closed
check "Escape closed the wizard, nothing more was saved" test "$(keyfile_count)" = 1

finish
