'''A GNOME session manager's inhibitors, for the gui tests (python-dbusmock).

The test session has no gnome-session, and no inhibit portal: there,
gtk_application_inhibit() finds no one to ask, and does nothing. GTK 4.8
looks for org.gnome.SessionManager when the application starts, calls its
Inhibit (app id, toplevel XID, reason, flags) and Uninhibit (cookie), as
it would in a GNOME session. This mock keeps each inhibitor as
gnome-session does, an object with GetAppId, GetReason and GetFlags listed
by GetInhibitors, so that a test reads them back as gnome-session-inhibit
--list would.

Started by tests/gui/lib-drives-gui.sh (start_session_manager):
python3 -m dbusmock --session --template THIS-FILE
'''

# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

import dbus

BUS_NAME = 'org.gnome.SessionManager'
MAIN_OBJ = '/org/gnome/SessionManager'
MAIN_IFACE = 'org.gnome.SessionManager'
INHIBITOR_IFACE = 'org.gnome.SessionManager.Inhibitor'
SYSTEM_BUS = False


def load(mock, _parameters):
    mock.inhibitors = {}
    mock.next_cookie = 0


@dbus.service.method(MAIN_IFACE, in_signature='susu', out_signature='u')
def Inhibit(self, app_id, toplevel_xid, reason, flags):
    self.next_cookie += 1
    cookie = self.next_cookie
    path = f'{MAIN_OBJ}/Inhibitor{cookie}'
    self.AddObject(path, INHIBITOR_IFACE, {}, [
        ('GetAppId', '', 's', f'ret = {str(app_id)!r}'),
        ('GetReason', '', 's', f'ret = {str(reason)!r}'),
        ('GetFlags', '', 'u', f'ret = {int(flags)}'),
        ('GetToplevelXid', '', 'u', f'ret = {int(toplevel_xid)}'),
    ])
    self.inhibitors[cookie] = (path, int(flags))
    return dbus.UInt32(cookie)


@dbus.service.method(MAIN_IFACE, in_signature='u', out_signature='')
def Uninhibit(self, cookie):
    if int(cookie) not in self.inhibitors:
        raise dbus.exceptions.DBusException(f'Unable to uninhibit: invalid cookie {cookie}',
                                            name='org.gnome.SessionManager.GeneralError')
    path, _ = self.inhibitors.pop(int(cookie))
    self.RemoveObject(path)


@dbus.service.method(MAIN_IFACE, in_signature='u', out_signature='b')
def IsInhibited(self, flags):
    return any(held & int(flags) for _, held in self.inhibitors.values())


@dbus.service.method(MAIN_IFACE, in_signature='', out_signature='ao')
def GetInhibitors(self):
    return dbus.Array([dbus.ObjectPath(path) for path, _ in self.inhibitors.values()], signature='o')
