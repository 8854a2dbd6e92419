#!/usr/bin/python3
# a11y-walk.py: what a screen reader finds in Plugboard, read over AT-SPI.
# Used by the gui tests (lib-gui.sh: a11y), on the app's session bus.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Usage:
#   a11y-walk.py wait-app SECONDS
#       wait until the app is on the accessibility bus; on failure, say
#       which applications are there
#   a11y-walk.py check [--window TITLE] [--within ROLE] [--xid XID]
#       every control a person can act on that is shown has a name;
#       prints "controls N", a line for each, then "offender …" lines
#   a11y-walk.py dump [--window TITLE] [--within ROLE] [--xid XID]
#       the shown objects, for the test log
#   a11y-walk.py focused [--window TITLE]
#       the role and name of what has the keyboard focus
#   a11y-walk.py query [--window TITLE] --checked LABEL
#       exits 0 when LABEL ("check box “…”", or its start) is checked
#   a11y-walk.py press NAME [--role ROLE] [--window TITLE] [--xid XID]
#       acts on the shown control named NAME, as a person would: its
#       action (a click), or the keyboard focus and Space
#   a11y-walk.py shows NAME [--role ROLE] [--window TITLE] [--xid XID]
#       exits 0 when something named NAME is shown
#   a11y-walk.py texts [--window TITLE] [--xid XID]
#       the text of every label shown, one a line
#   a11y-walk.py rows [--window TITLE] [--xid XID]
#       the text shown, a line for each list item ("row", then the lines
#       of its labels: title, subtitle) and for each label outside one
#       ("text", then its lines); fields separated by tabs
#   a11y-walk.py objects [--window TITLE] [--xid XID] [--role ROLE] [--all]
#       every shown object with a name (--all: shown or not): its object
#       path (new for a widget made anew), role, name and states,
#       separated by tabs
#   a11y-walk.py entry NAME [--window TITLE] [--xid XID]
#       the text in the shown text field named NAME
#   a11y-walk.py documents [--window TITLE] [--xid XID]
#       the text of every shown text view that cannot be edited
#   a11y-walk.py inside NAME [--role ROLE] [--window TITLE] [--xid XID]
#       what is shown inside the objects named NAME, or described with
#       words that hold it, as dump writes it
#   a11y-walk.py toasts [--window TITLE] [--xid XID]
#       the title of every toast shown, one a line
#   a11y-walk.py serve
#       one process for a whole test: reads commands from standard input,
#       one a line, their words separated by tabs; after each answer, a
#       line "status N" with what the command would have exited with
#
# --xid is the X window that --window is: it is resized while the tree is
# read, to tell the shown page of a stack from the others (see showing()).
# "--xid auto" finds it by the --window title. Without --xid, every page
# of a stack counts as shown: a wizard's hidden pages too.

import argparse
import re
import subprocess
import sys
import time

import gi

gi.require_version('Atspi', '2.0')
from gi.repository import Atspi, GLib  # noqa: E402

APP_NAME = 'plugboard'
TYPE_NAME = re.compile(r'^(Gtk|Adw|Plug)[A-Z][A-Za-z]*$')

Role = Atspi.Role
State = Atspi.StateType

# What a person can act on: buttons, check boxes, switches (GTK gives them
# the toggle button role), text fields, menu items, links, the view
# switcher's tabs.
CONTROL_ROLES = {
    Role.PUSH_BUTTON, Role.PUSH_BUTTON_MENU, Role.TOGGLE_BUTTON, Role.PAGE_TAB,
    Role.CHECK_BOX, Role.RADIO_BUTTON, Role.ENTRY, Role.PASSWORD_TEXT,
    Role.SPIN_BUTTON, Role.COMBO_BOX, Role.MENU_ITEM, Role.CHECK_MENU_ITEM,
    Role.RADIO_MENU_ITEM, Role.LINK, Role.SLIDER,
}
# Text is a control only where it can be typed into; a list item only
# where it can take the focus (in GTK 4.8 every list box row can).
EDITABLE_ROLES = {Role.TEXT}
FOCUSABLE_ROLES = {Role.LIST_ITEM, Role.TREE_ITEM, Role.TABLE_CELL}

# A broken app must not hang the test: each call waits 5 s at most.
CALL_TIMEOUT_MS = 5000


def role_name(accessible):
    return safe(accessible.get_role_name, '') or str(safe(accessible.get_role))


def safe(call, default=None):
    try:
        return call()
    except GLib.Error:
        return default


def has_state(accessible, state):
    state_set = safe(accessible.get_state_set)
    return state_set is not None and state_set.contains(state)


def children(accessible):
    count = safe(accessible.get_child_count, 0) or 0
    for index in range(count):
        child = safe(lambda: accessible.get_child_at_index(index))
        if child is not None:
            yield child


def own_name(accessible):
    """The accessible's Name, without GTK 4.8's stand-in: where a widget
    has no name, it gives the name of its type ("GtkMenuButton"), which
    tells a person nothing."""
    name = (safe(accessible.get_name, '') or '').strip()
    return '' if TYPE_NAME.match(name) else name


def labelled_by_names(accessible):
    names = []
    for relation in safe(accessible.get_relation_set, []) or []:
        if relation.get_relation_type() != Atspi.RelationType.LABELLED_BY:
            continue
        for index in range(relation.get_n_targets()):
            name = own_name(relation.get_target(index))
            if name:
                names.append(name)
    return names


def accessible_name(accessible):
    return own_name(accessible) or ' '.join(labelled_by_names(accessible))


def is_control(accessible):
    role = safe(accessible.get_role)
    if role in CONTROL_ROLES:
        return True
    if role in EDITABLE_ROLES:
        return has_state(accessible, State.EDITABLE)
    if role in FOCUSABLE_ROLES:
        return has_state(accessible, State.FOCUSABLE)
    return False


def find_app():
    desktop = Atspi.get_desktop(0)
    for app in children(desktop):
        if (safe(app.get_name, '') or '').lower() == APP_NAME:
            return app
    return None


def desktop_summary():
    desktop = Atspi.get_desktop(0)
    apps = ['%s (pid %s)' % (safe(app.get_name, '?'), safe(app.get_process_id, '?'))
            for app in children(desktop)]
    return ', '.join(apps) or 'no application at all'


def window_title(window):
    return safe(window.get_name, '') or ''


def extents(accessible):
    box = safe(lambda: accessible.get_extents(Atspi.CoordType.WINDOW))
    return None if box is None else (box.x, box.y, box.width, box.height)


class Node:
    def __init__(self, accessible, parent):
        self.accessible = accessible
        self.parent = parent
        self.children = []
        self.role = role_name(accessible)
        self.name = accessible_name(accessible)
        # Where it is, at each reading; None for a GtkStackPage, which
        # stands between a GtkStack and a page without a place of its own.
        self.boxes = [extents(accessible)]

    def label(self):
        return '%s “%s”' % (self.role, self.name) if self.name else self.role


def read_tree(accessible, parent=None):
    node = Node(accessible, parent)
    node.children = [read_tree(child, node) for child in children(accessible)]
    return node


def nodes(node):
    yield node
    for child in node.children:
        yield from nodes(child)


def container(node):
    """Where NODE is laid out: its parent, or past a stack page, the stack."""
    parent = node.parent
    while parent is not None and parent.boxes[0] is None and parent.parent is not None:
        parent = parent.parent
    return parent


def overlaps_sibling(node):
    """Whether another child of NODE's parent filled it too, at some
    reading: the parent is a stack of pages, not a box or a viewport."""
    parent = node.parent
    return any(sibling is not node and
               any(mine == theirs for mine, theirs in zip(sibling.boxes, parent.boxes))
               for sibling in parent.children)


def showing(node):
    """Whether NODE is on screen. GTK 4.8 does not say (no SHOWING state),
    and the pages of a stack keep the place they had when last shown. So
    the tree is read twice, the window resized in between: a page that
    stays where it was while its stack changed, or that fills the stack in
    one reading and not in the other, was not laid out again: it is not
    shown. Nothing of no size is shown either."""
    box = node.boxes[-1]
    if box is None:
        return True
    if box[2] <= 0 or box[3] <= 0:
        return False
    parent = container(node)
    if parent is None or len(node.boxes) < 2 or any(b is None for b in parent.boxes + node.boxes):
        return True
    if node.parent is not parent and parent.boxes[0] != parent.boxes[1]:
        # A GtkStack's page.
        return node.boxes[0] != node.boxes[1]
    fills = [mine == theirs for mine, theirs in zip(node.boxes, parent.boxes)]
    return all(fills) or not any(fills) or not overlaps_sibling(node)


def shown_nodes(node, path):
    """(node, path of its ancestors' labels) for every node on screen."""
    for child in node.children:
        if not showing(child):
            continue
        yield child, path
        yield from shown_nodes(child, path + [child.label()])


def resize(xid, grow):
    """Grows (or shrinks back) the X window XID by 24 pixels each way."""
    geometry = subprocess.run(['xdotool', 'getwindowgeometry', '--shell', xid],
                              capture_output=True, text=True, check=True).stdout
    values = dict(line.split('=', 1) for line in geometry.split())
    step = 24 if grow else -24
    subprocess.run(['xdotool', 'windowsize', xid, str(int(values['WIDTH']) + step),
                    str(int(values['HEIGHT']) + step)], check=True)
    time.sleep(0.8)


def read_windows(arguments):
    """The trees of the app's windows (or the one titled --window), read
    twice with the window resized in between (--xid)."""
    app = find_app()
    if app is None:
        print('error the app is not on the accessibility bus; there: %s' % desktop_summary())
        return None
    trees = [read_tree(window) for window in children(app)
             if arguments.window is None or window_title(window) == arguments.window]
    if not trees:
        titles = ', '.join('“%s”' % window_title(window) for window in children(app))
        print('error no window titled “%s”; the app has: %s' % (arguments.window, titles))
        return None
    if arguments.xid:
        xid = arguments.xid
        if xid == 'auto':
            xid = window_xid(arguments.window)
            if xid is None:
                print('error no single X window is titled “%s”' % arguments.window)
                return None
        resize(xid, True)
        for tree in trees:
            for node in nodes(tree):
                node.boxes.append(extents(node.accessible))
        resize(xid, False)
    return trees


def roots(arguments):
    """(node, path) of the subtrees to check: the windows, or within them
    the shown objects with the role --within."""
    trees = read_windows(arguments)
    if trees is None:
        return None
    found = []
    for tree in trees:
        path = [tree.label()]
        if arguments.within:
            found += [(node, inner) for node, inner in shown_nodes(tree, path)
                      if node.role == arguments.within]
        else:
            found.append((tree, path[:-1]))
    if not found:
        print('error nothing with the role “%s” is showing' % arguments.within)
        return None
    return found


def command_wait_app(arguments):
    deadline = time.monotonic() + arguments.seconds
    while time.monotonic() < deadline:
        app = find_app()
        if app is not None and any(True for _ in children(app)):
            print('found %s (pid %s)' % (app.get_name(), app.get_process_id()))
            return 0
        time.sleep(0.2)
    print('the app is not on the accessibility bus; there: %s' % desktop_summary())
    return 1


def command_check(arguments):
    found = roots(arguments)
    if found is None:
        return 1
    controls = []
    offenders = []
    for root, path in found:
        for node, inner in [(root, path)] + list(shown_nodes(root, path + [root.label()])):
            if not is_control(node.accessible):
                continue
            controls.append(node)
            if node.name:
                continue
            tooltip = (safe(node.accessible.get_description, '') or '').strip()
            # The path names only the ancestors with a name: the boxes
            # between them say nothing.
            named = [label for label in inner if '“' in label]
            offenders.append('%s in %s%s' % (node.role, ' › '.join(named),
                                             ', tooltip “%s”' % tooltip if tooltip
                                             else ', no tooltip'))
    print('controls %d' % len(controls))
    for node in controls:
        print('control %s' % node.label())
    for offender in offenders:
        print('offender %s' % offender)
    return 1 if offenders else 0


def command_dump(arguments):
    found = roots(arguments)
    if found is None:
        return 1
    for root, path in found:
        for node, inner in [(root, path)] + list(shown_nodes(root, path + [root.label()])):
            marks = [mark for state, mark in ((State.FOCUSED, 'focused'),
                                               (State.FOCUSABLE, 'focusable'),
                                               (State.EDITABLE, 'editable'),
                                               (State.CHECKED, 'checked'))
                     if has_state(node.accessible, state)]
            description = (safe(node.accessible.get_description, '') or '').strip()
            print('%s%s%s %s [%s]' % ('  ' * len(inner), node.label(),
                                      ' (%s)' % description if description else '',
                                      node.boxes, ' '.join(marks)))
    return 0


def command_focused(arguments):
    trees = read_windows(arguments)
    if trees is None:
        return 1
    for tree in trees:
        for node in nodes(tree):
            if has_state(node.accessible, State.FOCUSED):
                print(node.label())
                return 0
    print('nothing has the focus')
    return 1


def command_query(arguments):
    """Exits 0 when the object labelled --checked (or its start) is
    checked; otherwise says what is focused and what is checked."""
    trees = read_windows(arguments)
    if trees is None:
        return 1
    for tree in trees:
        for node, _ in shown_nodes(tree, []):
            if (arguments.checked and node.label().startswith(arguments.checked) and
                    has_state(node.accessible, State.CHECKED)):
                return 0
    print('no: focused: %s; checked: %s' % (
        ', '.join(node.label() for tree in trees for node in nodes(tree)
                  if has_state(node.accessible, State.FOCUSED)) or 'nothing',
        ', '.join(node.label() for tree in trees for node in nodes(tree)
                  if has_state(node.accessible, State.CHECKED)) or 'nothing'))
    return 1


def ancestors(node):
    parent = node.parent
    while parent is not None:
        yield parent
        parent = parent.parent


def find_shown(arguments):
    """The shown nodes named arguments.name (with the role --role). Where
    one holds another of the same name (a GtkMenuButton and the button
    inside it), the inner one: it is what takes the click."""
    trees = read_windows(arguments)
    if trees is None:
        return None
    found = [node for tree in trees for node, _ in [(tree, [])] + list(shown_nodes(tree, []))
             if node.name == arguments.name and (arguments.role is None or node.role == arguments.role)]
    holders = {id(ancestor) for node in found for ancestor in ancestors(node)}
    return [node for node in found if id(node) not in holders]


def command_press(arguments):
    found = find_shown(arguments)
    if found is None:
        return 1
    if len(found) != 1:
        print('error %d shown objects are named “%s”%s' % (
            len(found), arguments.name, ': ' + ', '.join(n.label() for n in found) if found else ''))
        return 1
    # A button named by nothing but the label it holds (libadwaita's
    # message dialogs' responses): the label stands for the button, and
    # pressing it is pressing the button, not copying the label.
    if found[0].role == 'label':
        holder = found[0].parent
        for _ in range(3):
            if holder is None or holder.role == 'push button':
                break
            holder = holder.parent
        if holder is not None and holder.role == 'push button':
            found[0] = holder
    accessible = found[0].accessible
    action = safe(accessible.get_action_iface)
    if action is not None and (safe(action.get_n_actions, 0) or 0) > 0:
        if safe(lambda: action.do_action(0), False):
            print('pressed %s (%s)' % (found[0].label(), safe(lambda: action.get_action_name(0), '?')))
            return 0
    # No action (GTK 4.8 gives a menu button none): a click in its middle,
    # as the mouse would. Its place is given in its window; the window's
    # on the screen is X's.
    node = found[0]
    root = node
    while root.parent is not None:
        root = root.parent
    # Where it was before any resize (--xid), which is where it is again.
    box = node.boxes[0]
    origin = window_origin(root.name)
    if box is None or box[2] <= 0 or origin is None:
        print('error %s has no action and no place to click' % node.label())
        return 1
    x = origin[0] + box[0] + box[2] // 2
    y = origin[1] + box[1] + box[3] // 2
    # The pointer goes back where it was: with no window manager, keys go
    # to the window under it once a dialog closes.
    location = subprocess.run(['xdotool', 'getmouselocation', '--shell'],
                              capture_output=True, text=True, check=True).stdout
    before = dict(line.split('=', 1) for line in location.split())
    subprocess.run(['xdotool', 'mousemove', str(x), str(y), 'click', '1', 'sleep', '0.2',
                    'mousemove', before['X'], before['Y']], check=True)
    print('pressed %s (a click at %d,%d)' % (node.label(), x, y))
    return 0


def window_xid(title):
    """The X window titled TITLE, if exactly one is shown."""
    if title is None:
        return None
    found = subprocess.run(['xdotool', 'search', '--onlyvisible', '--name', '^%s$' % re.escape(title)],
                           capture_output=True, text=True).stdout.split()
    return found[0] if len(found) == 1 else None


def window_origin(title):
    """Where the X window titled TITLE is on the screen."""
    xid = window_xid(title)
    if xid is None:
        return None
    geometry = subprocess.run(['xdotool', 'getwindowgeometry', '--shell', xid],
                              capture_output=True, text=True, check=True).stdout
    values = dict(line.split('=', 1) for line in geometry.split())
    return int(values['X']), int(values['Y'])


def command_shows(arguments):
    found = find_shown(arguments)
    if found is None:
        return 1
    for node in found:
        print('shown %s' % node.label())
    return 0 if found else 1


def command_texts(arguments):
    trees = read_windows(arguments)
    if trees is None:
        return 1
    for tree in trees:
        for node, _ in shown_nodes(tree, []):
            if node.role == 'label' and node.name:
                print(node.name)
    return 0


def text_fields(node):
    """A label's text, a field for each of its lines."""
    return [line for line in node.name.split('\n') if line != '']


def row_lines(node):
    """(kind, fields) for NODE's shown descendants: a "row" for each list
    item, with the lines of the labels shown in it, and a "text" for each
    label outside a row."""
    for child in node.children:
        if not showing(child):
            continue
        if child.role == 'list item':
            yield 'row', [field for label, _ in shown_nodes(child, [])
                          if label.role == 'label' and label.name for field in text_fields(label)]
            continue
        if child.role == 'label' and child.name:
            yield 'text', text_fields(child)
        yield from row_lines(child)


def command_rows(arguments):
    """The shown text as a person reads it in lists: a line "row" and the
    lines of the labels of each list item (its title, its subtitle…), a
    line "text" for each label outside one; the fields tab-separated."""
    trees = read_windows(arguments)
    if trees is None:
        return 1
    for tree in trees:
        for kind, fields in row_lines(tree):
            print('\t'.join([kind] + fields))
    return 0


def command_objects(arguments):
    """Each shown object with a name (and the role --role): its object
    path on the bus, which is new for a widget made anew, its role and
    name, and its states. With --all, hidden ones too: a wizard's steps
    not shown yet."""
    trees = read_windows(arguments)
    if trees is None:
        return 1
    for tree in trees:
        found = nodes(tree) if arguments.all else [tree] + [node for node, _ in shown_nodes(tree, [])]
        for node in found:
            if not node.name or (arguments.role is not None and node.role != arguments.role):
                continue
            state_set = safe(node.accessible.get_state_set)
            states = sorted(state.value_nick for state in state_set.get_states()) if state_set else []
            print('%s\t%s\t%s' % (safe(lambda: node.accessible.path, '?'), node.label(), ' '.join(states)))
    return 0


def command_entry(arguments):
    """The text typed in the shown text field named NAME (which holds a
    label of that name, its placeholder)."""
    trees = read_windows(arguments)
    if trees is None:
        return 1
    fields = [node for tree in trees for node, _ in shown_nodes(tree, [])
              if node.name == arguments.name and has_state(node.accessible, State.EDITABLE)]
    if len(fields) != 1:
        print('error %d shown text fields are named “%s”' % (len(fields), arguments.name))
        return 1
    accessible = fields[0].accessible
    count = safe(lambda: Atspi.Text.get_character_count(accessible))
    if count is None:
        print('error %s has no text' % fields[0].label())
        return 1
    print(safe(lambda: Atspi.Text.get_text(accessible, 0, count), ''))
    return 0


def command_documents(arguments):
    """The text of every shown text view that cannot be edited (such as
    the About window's debugging information), one after the other."""
    trees = read_windows(arguments)
    if trees is None:
        return 1
    views = [node for tree in trees for node, _ in shown_nodes(tree, [])
             if node.role == 'text' and not has_state(node.accessible, State.EDITABLE)]
    if not views:
        print('error no text view is shown')
        return 1
    for view in views:
        accessible = view.accessible
        count = safe(lambda: Atspi.Text.get_character_count(accessible))
        print(safe(lambda: Atspi.Text.get_text(accessible, 0, count), '') if count else '')
    return 0


def command_inside(arguments):
    """The shown objects named arguments.name, or whose description holds
    it (with the role --role): each one's label, then the shown objects
    inside it, indented, with "[disabled]" after a control that cannot be
    used now. Where one found holds
    another (an expander row and its header row, both named after the
    connection), only the outer one. Exits 1 when there is none."""
    trees = read_windows(arguments)
    if trees is None:
        return 1
    found = []
    for tree in trees:
        for node, _ in [(tree, [])] + list(shown_nodes(tree, [])):
            description = (safe(node.accessible.get_description, '') or '').strip()
            if ((node.name == arguments.name or arguments.name in description) and
                    (arguments.role is None or node.role == arguments.role)):
                found.append(node)
    ids = {id(node) for node in found}
    outer = [node for node in found if not any(id(ancestor) in ids for ancestor in ancestors(node))]
    for root in outer:
        for node, inner in [(root, [])] + list(shown_nodes(root, [''])):
            description = (safe(node.accessible.get_description, '') or '').strip()
            # A control that cannot be used now (GTK gives it no SENSITIVE).
            disabled = is_control(node.accessible) and not has_state(node.accessible, State.SENSITIVE)
            print('%s%s%s%s' % ('  ' * len(inner), node.label(),
                                ' (%s)' % description if description else '',
                                ' [disabled]' if disabled else ''))
    if not outer:
        print('error nothing shown is named or described “%s”' % arguments.name)
    return 0 if outer else 1


def is_toast(node):
    """GTK 4.8 names a widget without a name after its type: a toast of
    libadwaita 1.2 is an AdwToastWidget, whose label holds its title."""
    return (safe(node.accessible.get_name, '') or '').strip() == 'AdwToastWidget'


def command_toasts(arguments):
    """The title of every toast shown, one a line."""
    trees = read_windows(arguments)
    if trees is None:
        return 1
    for tree in trees:
        for node, _ in shown_nodes(tree, []):
            if not is_toast(node):
                continue
            for inner, _ in shown_nodes(node, []):
                if inner.role == 'label' and inner.name:
                    print(inner.name)
    return 0


COMMANDS = {
    'wait-app': command_wait_app,
    'check': command_check,
    'dump': command_dump,
    'focused': command_focused,
    'query': command_query,
    'press': command_press,
    'shows': command_shows,
    'texts': command_texts,
    'rows': command_rows,
    'objects': command_objects,
    'entry': command_entry,
    'documents': command_documents,
    'inside': command_inside,
    'toasts': command_toasts,
}


class ArgumentError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    """Raises instead of exiting, so that a bad line does not end serve."""

    def error(self, message):
        raise ArgumentError(message)


def make_parser():
    parser = Parser(prog='a11y-walk.py')
    commands = parser.add_subparsers(dest='command', required=True)
    wait_app = commands.add_parser('wait-app')
    wait_app.add_argument('seconds', type=float)
    for name in ('check', 'dump', 'focused', 'query', 'texts'):
        command = commands.add_parser(name)
        command.add_argument('--window')
        command.add_argument('--within')
        command.add_argument('--xid')
        command.add_argument('--checked')
    for name in ('press', 'shows'):
        command = commands.add_parser(name)
        command.add_argument('name')
        command.add_argument('--role')
        command.add_argument('--window')
        command.add_argument('--xid')
        command.set_defaults(within=None)
    for name in ('rows', 'objects'):
        command = commands.add_parser(name)
        command.add_argument('--window')
        command.add_argument('--xid')
        command.add_argument('--role')
        command.add_argument('--all', action='store_true')
    command = commands.add_parser('entry')
    command.add_argument('name')
    command.add_argument('--window')
    command.add_argument('--xid')
    command.set_defaults(role=None)
    documents = commands.add_parser('documents')
    documents.add_argument('--window')
    documents.add_argument('--xid')
    inside = commands.add_parser('inside')
    inside.add_argument('name')
    inside.add_argument('--role')
    inside.add_argument('--window')
    inside.add_argument('--xid')
    inside.set_defaults(within=None)
    toasts = commands.add_parser('toasts')
    toasts.add_argument('--window')
    toasts.add_argument('--xid')
    commands.add_parser('serve')
    return parser


def run(parser, words):
    arguments = parser.parse_args(words)
    return COMMANDS[arguments.command](arguments)


def serve(parser):
    for line in sys.stdin:
        words = [word for word in line.rstrip('\n').split('\t') if word != '']
        if not words:
            continue
        try:
            status = run(parser, words)
        except ArgumentError as error:
            print('error %s' % error)
            status = 2
        print('status %d' % status, flush=True)
    return 0


def main():
    parser = make_parser()
    Atspi.init()
    Atspi.set_timeout(CALL_TIMEOUT_MS, -1)
    if sys.argv[1:] == ['serve']:
        return serve(parser)
    try:
        return run(parser, sys.argv[1:])
    except ArgumentError as error:
        parser.print_usage(sys.stderr)
        print('a11y-walk.py: error: %s' % error, file=sys.stderr)
        return 2


if __name__ == '__main__':
    sys.exit(main())
