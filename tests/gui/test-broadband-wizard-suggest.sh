#!/bin/bash
# test-broadband-wizard-suggest.sh: a CDMA modem on a network whose system
# id (SID) the provider database lists: the Add Connection wizard
# preselects that provider's country and the provider, as it does for a
# SIM's MCC-MNC, and Return goes through to the review. With
# tests/fixtures/providers/suggest.xml, which lists SID 4142 for
# Sprintnet (United States). Screenshots in $PLUG_BUILD_DIR/screenshots
# (broadband-wizard-suggest-*.png).
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-broadband-gui.sh"

trap broadband_cleanup EXIT

shot () { screenshot "$shots/broadband-wizard-suggest-$1.png"; }

# The app and plugboardctl read the same fixture.
export PLUG_PROVIDER_DATABASE=$PLUG_SOURCE_DIR/tests/fixtures/providers/suggest.xml

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow
delete_all_connections
"$PLUG_STACK" modems-remove "$PLUG_STACK_DIR"
plug ttyCDMA0 cdma --sid 4142
wait_for_modem 30 ttyCDMA0 .suggested_provider.matched_by sid
check "the CDMA modem suggests Sprintnet from its SID ($(modem_json ttyCDMA0 .suggested_provider.name))" \
  modem_is ttyCDMA0 .suggested_provider.name Sprintnet

start_xvfb
start_broadband_gui "$PLUG_BUILD_DIR/app/shell/plugboard" --panel=broadband
wait_first_frame 30
check "plugboard --panel=broadband draws its first frame" test -s "$GUI_DIR/first-frame"
sleep 2

key alt+a
wait_while_running 20 page_is country
check "one modem: Add Connection… asks for the country" page_is country
shot 1-country
check "the SID's country is chosen ($(selected_rows | tr '\n' ' '))" \
  test "$(selected_rows)" = "list item “United States”"
check "… and Next can be pressed ($(next_state))" next_is sensitive
key Return
wait_while_running 10 page_is provider
check "Return goes on to the provider" page_is provider
shot 2-provider
check "the SID's provider is chosen ($(selected_rows | tr '\n' ' '))" \
  test "$(selected_rows)" = "list item “Sprintnet”"
key Return
wait_while_running 10 page_is review
check "Return goes on to the review (a CDMA provider has no plan step)" page_is review
shot 3-review
check "the review names the provider" wizard_says "Sprintnet"
key Escape
wait_until 20 wizard_closed
check "Escape closed the wizard, nothing was saved" test "$(keyfile_count)" = 0

finish
