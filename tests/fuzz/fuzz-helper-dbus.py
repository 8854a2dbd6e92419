#!/usr/bin/python3
# fuzz-helper-dbus.py: random and boundary D-Bus calls to plugboard-helper
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage: fuzz-helper-dbus.py [--seed N] [--calls N] [--seconds S] [--denied]
#                            [--log FILE]
#
# dfuzzer is not packaged for Debian 12; this does its job for one
# service. It introspects io.github.plugboard.Helper on the system bus
# (DBUS_SYSTEM_BUS_ADDRESS) and calls every method it lists, those of the
# standard interfaces too, first with the fixed cases below, then at
# random: arguments of the right signature (boundary strings, paths,
# format directives, huge strings, the real slot and drivers) and of
# wrong signatures (byte arrays holding invalid UTF-8, numbers, nested
# containers, nothing, too much), unknown methods and interfaces. The
# same seed makes the same calls.
#
# Every call must get a reply or a D-Bus error within the timeout; a
# timeout, a lost connection or the helper leaving the bus fails the run.
# With --denied (polkit refusing the caller), no call to the helper's own
# interface may succeed, except to the read-only methods in UNCHECKED. Exit status 0 when all held, 1 otherwise; a
# summary of the answers on stdout.

import argparse
import json
import random
import sys
import time

import gi
gi.require_version('Gio', '2.0')
from gi.repository import Gio, GLib  # noqa: E402

NAME = 'io.github.plugboard.Helper'
PATH = '/io/github/plugboard/Helper'
# As long as a D-Bus call waits by default: under a loaded machine polkitd can
# be slow, and a hang still shows up.
TIMEOUT_MS = 25000

SLOTS = ['0000:03:00.0', '0000:01:00.0', '0000:00:0a.0', '0000:09:00.0', '03:00.0', '0000:03:00.0 ',
         '0000:03:00.00', '0000:0g:00.0', '::', '.', '0' * 64, '0' * 65]
DRIVERS = ['amdgpu', 'radeon', 'nvidia', 'nouveau', 'i915', 'fglrx', 'AMDGPU', '9amdgpu', 'a' * 64, 'a' * 65]
HOSTILE = ['', ' ', '../../etc/passwd', '/etc/modprobe.d/plugboard-gpu.conf', '/tmp/x', '%n%s%n%x%p',
           '%s' * 40, '--help', '-', 'amdgpu;reboot', '$(reboot)', '`id`', 'amdgpu\n', '\n', '\t', 'ämdgpu',
           '\u202eamdgpu', '\ufeff', 'amdgpu' + '\u0301', '\U0001f600', '\\', '"', "'", '*', '?', '~root',
           'radeon\r\nblacklist amdgpu']

# Calls that pass every check, so that an allowed run changes and
# reverts the configuration between the others.
VALID = {
    'SetGpuDriver': [('0000:03:00.0', 'amdgpu'), ('0000:03:00.0', 'radeon')],
    'RevertGpuDriver': [('0000:03:00.0',)],
    'SetKeepChoice': [('0000:03:00.0', True), ('0000:03:00.0', False)],
}

# Methods that polkit does not guard (app/helper/README.md): read-only,
# without arguments, telling what any local user can read.
UNCHECKED = {'GetHostFacts'}

# Fixed cases: each a (interface, method, signature, arguments) that a
# longer run or a review found worth keeping (README.md).
FIXED = [
    (NAME, 'SetGpuDriver', '(ss)', ('0000:03:00.0', 'a' * (1 << 20))),
    (NAME, 'SetGpuDriver', '(ss)', ('%n' * 5000, '%s' * 5000)),
    (NAME, 'SetGpuDriver', '(ay)', (b'\xff\xfe\x00amdgpu',)),
    (NAME, 'SetGpuDriver', '(ayay)', (b'0000:03:00.0', b'amd\xffgpu')),
    (NAME, 'SetGpuDriver', '(s)', ('0000:03:00.0',)),
    (NAME, 'SetGpuDriver', '(sss)', ('0000:03:00.0', 'amdgpu', 'extra')),
    (NAME, 'SetGpuDriver', '()', ()),
    (NAME, 'RevertGpuDriver', '(v)', (GLib.Variant('s', '0000:03:00.0'),)),
    (NAME, 'RevertGpuDriver', '(as)', (['0000:03:00.0'] * 100,)),
    (NAME, 'GetDriverChoices', '(s)', ('0000:03:00.0',)),
    (NAME, 'SetKeepChoice', '(ss)', ('0000:03:00.0', 'true')),
    (NAME, 'SetKeepChoice', '(s)', ('0000:03:00.0',)),
    (NAME, 'NoSuchMethod', '()', ()),
    ('io.github.plugboard.NoSuchInterface', 'SetGpuDriver', '(ss)', ('0000:03:00.0', 'amdgpu')),
    ('org.freedesktop.DBus.Properties', 'Set', '(ssv)', (NAME, 'Version', GLib.Variant('s', '0'))),
    ('org.freedesktop.DBus.Properties', 'Get', '(ss)', (NAME, 'a' * 100000)),
    ('org.freedesktop.DBus.Properties', 'GetAll', '(s)', ('',)),
    ('org.freedesktop.DBus.Introspectable', 'Introspect', '(s)', ('x',)),
]


class Generator:
    def __init__(self, rng):
        self.rng = rng

    def string(self):
        r = self.rng.random()
        if r < 0.25:
            return self.rng.choice(SLOTS + DRIVERS)
        if r < 0.45:
            return self.rng.choice(HOSTILE)
        if r < 0.60:
            alphabet = self.rng.choice(['0123456789abcdef:.', 'abcdefghijklmnopqrstuvwxyz0123456789_',
                                        '0123456789abcdef:.ABCDEF-_/ '])
            return ''.join(self.rng.choice(alphabet) for _ in range(self.rng.choice([1, 7, 12, 63, 64, 65, 200])))
        if r < 0.75:
            # Random bytes, as much of them as is UTF-8 without NUL.
            data = bytes(self.rng.randrange(1, 256) for _ in range(self.rng.randrange(0, 300)))
            return data.decode('utf-8', errors='ignore').replace('\0', '')
        if r < 0.85:
            return ''.join(chr(self.rng.choice([self.rng.randrange(0x20, 0x7f), self.rng.randrange(0xa0, 0xd7ff),
                                                self.rng.randrange(0xe000, 0x10ffff)]))
                           for _ in range(self.rng.randrange(0, 80)))
        if r < 0.95:
            return self.rng.choice('a%/.:0') * self.rng.choice([64, 65, 4096, 65536])
        return self.rng.choice(SLOTS) + self.rng.choice(HOSTILE)

    def value(self, signature, depth=0):
        """A Python value for the GVariant type SIGNATURE (one complete type)."""
        code = signature[0]
        if code == 's':
            return self.string()
        if code == 'o':
            return self.rng.choice(['/', PATH, '/io/github/plugboard', '/a/b/c', '/' + 'a' * 200])
        if code == 'g':
            return self.rng.choice(['', 's', 'ss', 'a{sv}', '(ss)', 'ay'])
        if code == 'b':
            return self.rng.random() < 0.5
        if code == 'y':
            return self.rng.randrange(256)
        if code in 'nqiuxt':
            bits = {'n': 16, 'q': 16, 'i': 32, 'u': 32, 'x': 64, 't': 64}[code]
            if code in 'qut':
                return self.rng.choice([0, 1, 2 ** bits - 1, self.rng.randrange(2 ** bits)])
            return self.rng.choice([0, -1, -2 ** (bits - 1), 2 ** (bits - 1) - 1])
        if code == 'd':
            return self.rng.choice([0.0, -1.5, 1e308, float('inf'), float('nan')])
        if code == 'v':
            inner = self.rng.choice(['s', 'u', 'ay', 'as', '(ss)', 'a{sv}'] if depth < 3 else ['s', 'u'])
            return GLib.Variant(inner, self.value(inner, depth + 1))
        if signature.startswith('ay'):
            return bytes(self.rng.randrange(256) for _ in range(self.rng.choice([0, 1, 12, 64, 65, 4096])))
        if signature.startswith('a{'):
            key, rest = signature[2], signature[3:-1]
            return {self.value(key, depth + 1): self.value(rest, depth + 1)
                    for _ in range(self.rng.randrange(0, 4 if depth < 3 else 1))}
        if code == 'a':
            return [self.value(signature[1:], depth + 1) for _ in range(self.rng.randrange(0, 5 if depth < 3 else 1))]
        if code == '(':
            return tuple(self.value(t, depth + 1) for t in split_signature(signature[1:-1]))
        raise ValueError(signature)

    def wrong_signature(self):
        types = ['s', 'o', 'g', 'b', 'y', 'u', 'i', 'x', 'd', 'v', 'ay', 'as', 'a{sv}', '(ss)', '(sus)', 'aay']
        return '(' + ''.join(self.rng.choice(types) for _ in range(self.rng.randrange(0, 5))) + ')'


def split_signature(signature):
    """The complete types in SIGNATURE, in order."""
    types, i = [], 0
    while i < len(signature):
        j = i
        while signature[j] == 'a':
            j += 1
        if signature[j] in '({':
            close = {'(': ')', '{': '}'}[signature[j]]
            depth = 0
            while True:
                if signature[j] in '({':
                    depth += 1
                elif signature[j] in ')}':
                    depth -= 1
                    if depth == 0 and signature[j] == close:
                        break
                j += 1
        types.append(signature[i:j + 1])
        i = j + 1
    return types


def methods(bus):
    """(interface, method, in-signature) for every method the helper lists."""
    reply = bus.call_sync(NAME, PATH, 'org.freedesktop.DBus.Introspectable', 'Introspect', None,
                          GLib.VariantType('(s)'), Gio.DBusCallFlags.NONE, TIMEOUT_MS, None)
    node = Gio.DBusNodeInfo.new_for_xml(reply.unpack()[0])
    found = []
    for interface in node.interfaces:
        for method in interface.methods:
            found.append((interface.name, method.name, '(' + ''.join(a.signature for a in method.in_args) + ')'))
    return found


def helper_owner(bus):
    try:
        return bus.call_sync('org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus',
                             'GetNameOwner', GLib.Variant('(s)', (NAME,)), GLib.VariantType('(s)'),
                             Gio.DBusCallFlags.NONE, TIMEOUT_MS, None).unpack()[0]
    except GLib.Error:
        return None


def describe(value, limit=120):
    text = repr(value)
    return text if len(text) <= limit else '%s…(%d characters)' % (text[:limit], len(text))


def main():
    parser = argparse.ArgumentParser(description='Random and boundary D-Bus calls to plugboard-helper')
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--calls', type=int, default=500)
    parser.add_argument('--seconds', type=float, default=15.0, help='stop early after this long')
    parser.add_argument('--denied', action='store_true', help='polkit refuses the caller')
    parser.add_argument('--log', help='write every call here, one line each')
    options = parser.parse_args()

    rng = random.Random(options.seed)
    generator = Generator(rng)
    bus = Gio.bus_get_sync(Gio.BusType.SYSTEM, None)
    owner = helper_owner(bus)
    if owner is None:
        print('plugboard-helper is not on the bus', file=sys.stderr)
        return 1
    listed = methods(bus)
    own = [m for m in listed if m[0] == NAME]
    if not own:
        print('the helper lists no method of %s' % NAME, file=sys.stderr)
        return 1

    log = open(options.log, 'w') if options.log else None
    answers = {}
    served = {}
    slowest = (0.0, None)
    failures = []
    deadline = time.monotonic() + options.seconds
    count = 0

    def plan():
        yield from FIXED
        while True:
            interface, method, signature = rng.choice(listed)
            r = rng.random()
            if r < 0.05:
                method = rng.choice(['NoSuchMethod', method.lower(), method + 'X', '', 'a' * 255])
                if not method:
                    method = 'X'
            elif r < 0.08:
                interface = rng.choice(['io.github.plugboard.Helper2', 'org.freedesktop.DBus.Peer',
                                        'org.freedesktop.DBus.Properties', 'x.y'])
            if r > 0.65:
                signature = generator.wrong_signature()
            elif r > 0.5 and interface == NAME and method in VALID:
                yield interface, method, signature, rng.choice(VALID[method])
                continue
            yield interface, method, signature, generator.value(signature)

    for interface, method, signature, arguments in plan():
        if count >= options.calls or time.monotonic() > deadline:
            break
        count += 1
        parameters = GLib.Variant(signature, arguments)
        if log:
            log.write('%d %s.%s %s %s\n' % (count, interface, method, signature, describe(arguments, 400)))
            log.flush()
        started = time.monotonic()
        try:
            bus.call_sync(NAME, PATH, interface, method, parameters, None, Gio.DBusCallFlags.NONE, TIMEOUT_MS, None)
            answer = 'reply'
            if interface == NAME:
                served[method] = served.get(method, 0) + 1
            if options.denied and interface == NAME and method not in UNCHECKED:
                failures.append('call %d: %s.%s%s succeeded although polkit refuses: %s'
                                % (count, interface, method, signature, describe(arguments)))
        except GLib.Error as error:
            answer = Gio.DBusError.get_remote_error(error)
            if answer is None:
                # Not an error the helper or the bus sent: a timeout or a
                # lost connection.
                answer = 'local:%s' % error.message
                failures.append('call %d: %s.%s%s %s: no answer: %s'
                                % (count, interface, method, signature, describe(arguments), error.message))
            elif answer in ('org.freedesktop.DBus.Error.NoReply', 'org.freedesktop.DBus.Error.ServiceUnknown',
                            'org.freedesktop.DBus.Error.NameHasNoOwner'):
                failures.append('call %d: %s.%s%s %s: %s' % (count, interface, method, signature,
                                                             describe(arguments), error.message))
        answers[answer] = answers.get(answer, 0) + 1
        elapsed = time.monotonic() - started
        if elapsed > slowest[0]:
            slowest = (elapsed, '%d %s.%s' % (count, interface, method))
        if failures and helper_owner(bus) != owner:
            failures.append('call %d: the helper left the bus (it owned the name as %s)' % (count, owner))
            break

    if helper_owner(bus) != owner:
        failures.append('the helper does not own its name as %s any more' % owner)
    if log:
        log.close()
    print(json.dumps({'seed': options.seed, 'calls': count, 'methods': len(listed), 'answers': answers,
                      'served': served, 'slowest': '%s, %.0f ms' % (slowest[1], slowest[0] * 1000)},
                     sort_keys=True))
    for failure in failures[:20]:
        print(failure, file=sys.stderr)
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
