#!/bin/bash
# test-drives-missing-mkfs.sh: a filesystem whose mkfs program is not
# installed, under Xvfb, as the test user against the real udisksd and
# polkitd. udisksd runs with a PATH that lacks mkfs.xfs, as on a system
# without xfsprogs, so that it answers Manager.CanFormat as there. The
# reformat wizard then shows XFS insensitive with the package to install,
# and the other filesystems as choices; plugboardctl refuses --type xfs
# naming the package, before anything is changed. With a software
# installer on the session bus (a mock of GNOME Software's PackageKit
# Modify2), the row offers Install…, which asks it for the file
# mkfs.xfs is, as the package database names it; once the program is
# there (the test puts it in udisksd's PATH, as the package would) and
# the installer answers, XFS can be chosen. udisksd is started again with
# its own PATH afterwards. The disk images are byte-identical.
#
# Copyright 2026 The Plugboard Authors
# SPDX-License-Identifier: GPL-3.0-or-later

. "$PLUG_SOURCE_DIR/tests/system/lib.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-gui.sh"
. "$PLUG_SOURCE_DIR/tests/gui/lib-drives-gui.sh"

"$PLUG_STACK" polkit "$PLUG_STACK_DIR" allow

# Every program of /usr/sbin but mkfs.xfs (/sbin is /usr/sbin here).
bin_dir=$PLUG_STACK_DIR/sbin-without-mkfs.xfs
rm -rf "$bin_dir"
mkdir -p "$bin_dir"
for program in /usr/sbin/*; do
  [ "$(basename "$program")" = mkfs.xfs ] || ln -s "$program" "$bin_dir/"
done
restore_udisks () {
  "$PLUG_STACK" restart "$PLUG_STACK_DIR" udisksd >"$PLUG_STACK_DIR/restore-udisks.log" 2>&1 ||
    { diag "restarting udisksd failed:"; sed 's/^/# /' "$PLUG_STACK_DIR/restore-udisks.log"; }
  rm -rf "$bin_dir"
}
trap 'stop_packagekit; drives_cleanup; restore_udisks' EXIT

can_format () {
  as_tester gdbus call --system -d org.freedesktop.UDisks2 -o /org/freedesktop/UDisks2/Manager \
    -m org.freedesktop.UDisks2.Manager.CanFormat "$1"
}
PATH="$bin_dir:/usr/local/bin:/usr/bin:/bin" "$PLUG_STACK" restart "$PLUG_STACK_DIR" udisksd
# A udisksd just started may not answer at once.
cannot_create_xfs () { grep -qF "(false, 'mkfs.xfs')" <<<"$(can_format xfs)"; }
wait_until 20 cannot_create_xfs
answer=$(can_format xfs 2>&1)
check "udisksd, without mkfs.xfs, cannot create XFS ($answer)" grep -qF "(false, 'mkfs.xfs')" <<<"$answer"

# Large enough for XFS, so that its size is not the reason.
fat_image=$(new_image fat.img 320M /sbin/mkfs.vfat -F 32 -n DUINOXFS)
fat_device=$(attach "$fat_image")
check "the test user attached a FAT32 image ($fat_device)" test -n "$fat_device"
wait_until 10 udisks_has "$fat_device" '.label == "DUINOXFS"'
before=$(sha256sum "$fat_image")

# --- plugboardctl --------------------------------------------------------

output=$(as_tester "$PLUG_BUILD_DIR/app/cli/plugboardctl" drives format "$fat_device" --type xfs \
           --label DUIXFS --yes </dev/null 2>&1)
status=$?
check "plugboardctl refuses XFS (exit $status)" test $status = 1
check "… naming the program and the package ($(tail -n 1 <<<"$output"))" \
  grep -qF 'needs the program mkfs.xfs, which is not installed: install the “xfsprogs” package' <<<"$output"
check "… and the image is byte-identical, still FAT32 “DUINOXFS”" \
  test "$(sha256sum "$fat_image")" = "$before" -a "$(blkid_value LABEL "$fat_device")" = DUINOXFS

# --- the wizard ------------------------------------------------------------

start_xvfb
# The installer's record of calls, and its answer, written as the test user.
installer_dir=$PLUG_STACK_DIR/installer-$$
mkdir -p "$installer_dir"
chmod 1777 "$installer_dir"
start_packagekit "$installer_dir/calls" "$installer_dir/done"
check "a software installer answers on the session bus" packagekit_up
start_drives_panel
check "plugboard --panel=drives draws its first frame" test -s "$GUI_DIR/first-frame"
keys alt+r
wait_until 20 has_window '^Reformat DUINOXFS$'
check "Reformat… opens the wizard for DUINOXFS" has_window '^Reformat DUINOXFS$'
wizard=$(window '^Reformat DUINOXFS$')
# The filesystems that cannot be chosen: their check boxes, insensitive.
unavailable () {
  a11y objects --window 'Reformat DUINOXFS' --role 'check box' |
    awk -F'\t' '$2 ~ /^check box “[^”]* \([^)]*\)/ && (" " $3 " ") !~ / sensitive / { print $2 }'
}
xfs_unavailable () {
  [ "$(unavailable)" = 'check box “Other: XFS (XFS) Other: XFS”' ] &&
    has_row 'Reformat DUINOXFS' 'Other: XFS' 'XFS · Install the “xfsprogs” package to use it'
}
wait_until 20 xfs_unavailable
sleep 0.5
shoot missing-mkfs-1-purpose "$wizard"
check "the wizard shows XFS unavailable, with the package to install" xfs_unavailable
check "… and only XFS ($(unavailable | tr '\n' '|'))" test "$(unavailable | wc -l)" = 1
check "… offering to install it" a11y shows 'Install…' --window 'Reformat DUINOXFS'
a11y_press 'Install…' --window 'Reformat DUINOXFS' >/dev/null
wait_until 20 test -s "$installer_dir/calls"
call=$(cat "$installer_dir/calls" 2>/dev/null)
check "Install… asks the installer for the file that is mkfs.xfs, once ($call)" \
  jq_e -s --arg id "$(sed -n 's/^#define APPLICATION_ID "\(.*\)"$/\1/p' "$PLUG_BUILD_DIR/config.h").desktop" \
    '. == [{"method": "InstallProvideFiles", "files": ["/sbin/mkfs.xfs"], "interaction": "", "desktop_id": $id}]' <<<"$call"
sleep 0.5
shoot missing-mkfs-2-installing "$wizard"
# The package arrives: its program appears in udisksd's PATH.
ln -s /usr/sbin/mkfs.xfs "$bin_dir/"
echo installed >"$installer_dir/done"
xfs_available () {
  has_window '^Reformat DUINOXFS$' && [ -z "$(unavailable)" ] && ! a11y shows 'Install…' --window 'Reformat DUINOXFS' >/dev/null 2>&1 &&
    ! has_row 'Reformat DUINOXFS' 'Other: XFS' 'XFS · Install the “xfsprogs” package to use it' 2>/dev/null
}
wait_until 20 xfs_available
sleep 0.5
shoot missing-mkfs-3-installed "$wizard"
check "once installed, XFS can be chosen, and nothing is offered to install" xfs_available
rm -rf "$installer_dir"
keys Escape
wait_until 20 no_window '^Reformat DUINOXFS$'
check "Escape closes it" no_window '^Reformat DUINOXFS$'
check "the image is byte-identical" test "$(sha256sum "$fat_image")" = "$before"
stop_gui
detach "$fat_device"

restore_udisks
trap drives_cleanup EXIT
can_create_xfs () { grep -qF "(true, '')" <<<"$(can_format xfs)"; }
wait_until 20 can_create_xfs
check "started again with its own PATH, udisksd can create XFS ($(can_format xfs))" can_create_xfs
finish_drives
