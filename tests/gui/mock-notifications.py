'''A desktop notification server, for the gui tests (python-dbusmock).

GLib sends an application's GNotification to org.freedesktop.Notifications
on the session bus when no GNOME Shell (org.gtk.Notifications) answers.
This mock records each Notify call, one JSON line in the file given as the
"log" parameter: the application's name, the summary and the body.

Started by tests/gui/lib-gui.sh (start_notifications):
python3 -m dbusmock --session --template THIS-FILE --parameters '{"log": …}'
'''

# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

import json

import dbus

BUS_NAME = 'org.freedesktop.Notifications'
MAIN_OBJ = '/org/freedesktop/Notifications'
MAIN_IFACE = 'org.freedesktop.Notifications'
SYSTEM_BUS = False


def load(mock, parameters):
    mock.log_path = parameters['log']
    mock.next_id = 1


@dbus.service.method(MAIN_IFACE, in_signature='susssasa{sv}i', out_signature='u')
def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, timeout):
    with open(self.log_path, 'a', encoding='utf-8') as log:
        log.write(json.dumps({'app_name': str(app_name), 'summary': str(summary), 'body': str(body),
                              'actions': [str(a) for a in actions]}) + '\n')
    if replaces_id:
        return replaces_id
    self.next_id += 1
    return self.next_id - 1


@dbus.service.method(MAIN_IFACE, in_signature='', out_signature='as')
def GetCapabilities(self):
    return ['body', 'actions']


@dbus.service.method(MAIN_IFACE, in_signature='', out_signature='ssss')
def GetServerInformation(self):
    return ('mock-notifications', 'Plugboard tests', '1.0', '1.2')


@dbus.service.method(MAIN_IFACE, in_signature='u', out_signature='')
def CloseNotification(self, notification_id):
    pass
