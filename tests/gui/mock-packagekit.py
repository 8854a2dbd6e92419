'''A desktop software installer, for the gui tests (python-dbusmock).

GNOME Software answers org.freedesktop.PackageKit.Modify2 on the session
bus: InstallProvideFiles (files, interaction, desktop id, platform data)
finds the package that provides the files, asks the user and installs it,
and returns when done. This mock records each call, one JSON line in the
file given as the "log" parameter, and returns once the file given as
"done" exists (the test installs the program meanwhile, as the package
would), or fails as the user cancelling would when "done" holds "cancel".

Started by tests/gui/lib-drives-gui.sh (start_packagekit):
python3 -m dbusmock --session --template THIS-FILE --parameters '{"log": …, "done": …}'
'''

# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

import json
import os
import time

import dbus

BUS_NAME = 'org.freedesktop.PackageKit'
MAIN_OBJ = '/org/freedesktop/PackageKit'
MAIN_IFACE = 'org.freedesktop.PackageKit.Modify2'
SYSTEM_BUS = False


def load(mock, parameters):
    mock.log_path = parameters['log']
    mock.done_path = parameters['done']


@dbus.service.method(MAIN_IFACE, in_signature='asssa{sv}', out_signature='')
def InstallProvideFiles(self, files, interaction, desktop_id, platform_data):
    with open(self.log_path, 'a', encoding='utf-8') as log:
        log.write(json.dumps({'method': 'InstallProvideFiles', 'files': [str(f) for f in files],
                              'interaction': str(interaction), 'desktop_id': str(desktop_id)}) + '\n')
    deadline = time.monotonic() + 60
    while not os.path.exists(self.done_path) and time.monotonic() < deadline:
        time.sleep(0.1)
    with open(self.done_path, encoding='utf-8') as done:
        if done.read().strip() == 'cancel':
            raise dbus.exceptions.DBusException('Cancelled by the user',
                                                name='org.freedesktop.PackageKit.Modify.Cancelled')
