/* bench-loop-setup.c: Attaching a disk image through udisks with direct I/O
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-loop-setup IMAGE
 *
 * Run as the test user by the benchmarks that must read the drive, not
 * the page cache. udisks' Manager.LoopSetup (2.9.4) has no option for
 * direct I/O, and `udisksctl loop-setup` opens the image itself; but
 * LoopSetup takes the file descriptor it is given, and Linux's loop
 * driver turns direct I/O on for a backing file opened with O_DIRECT. So
 * the image is opened here with O_DIRECT and passed to LoopSetup: the
 * loop device is the user's (udisks records who set it up, and Plugboard
 * lists it as theirs) and reads of it reach the disk under the image. The
 * caller checks /sys/block/loopN/loop/dio, since a kernel or filesystem
 * may still refuse.
 *
 * Prints the loop device, such as /dev/loop7.
 */

#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <string.h>
#include <unistd.h>

#include <gio/gunixfdlist.h>

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GDBusConnection) connection = NULL;
  g_autoptr(GUnixFDList) fd_list = g_unix_fd_list_new ();
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) device = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *object_path = NULL;
  GVariantDict options;
  int fd;

  setlocale (LC_ALL, "");

  if (argc != 2)
    {
      g_printerr ("Usage: bench-loop-setup IMAGE\n");
      return 2;
    }

  fd = open (argv[1], O_RDWR | O_DIRECT | O_CLOEXEC);
  if (fd < 0)
    {
      g_printerr ("bench-loop-setup: could not open %s with O_DIRECT: %s\n",
                  argv[1], g_strerror (errno));
      return 1;
    }
  if (g_unix_fd_list_append (fd_list, fd, &error) < 0)
    {
      g_printerr ("bench-loop-setup: %s\n", error->message);
      close (fd);
      return 1;
    }
  close (fd);

  connection = g_bus_get_sync (G_BUS_TYPE_SYSTEM, NULL, &error);
  if (connection == NULL)
    {
      g_printerr ("bench-loop-setup: %s\n", error->message);
      return 1;
    }

  g_variant_dict_init (&options, NULL);
  g_variant_dict_insert (&options, "auth.no_user_interaction", "b", TRUE);
  reply = g_dbus_connection_call_with_unix_fd_list_sync (connection,
                                                          "org.freedesktop.UDisks2",
                                                          "/org/freedesktop/UDisks2/Manager",
                                                          "org.freedesktop.UDisks2.Manager",
                                                          "LoopSetup",
                                                          g_variant_new ("(h@a{sv})", 0,
                                                                         g_variant_dict_end (&options)),
                                                          G_VARIANT_TYPE ("(o)"),
                                                          G_DBUS_CALL_FLAGS_NONE, 30000,
                                                          fd_list, NULL, NULL, &error);
  if (reply == NULL)
    {
      g_printerr ("bench-loop-setup: udisks could not attach %s: %s\n", argv[1], error->message);
      return 1;
    }
  g_variant_get (reply, "(o)", &object_path);

  g_clear_pointer (&reply, g_variant_unref);
  reply = g_dbus_connection_call_sync (connection, "org.freedesktop.UDisks2", object_path,
                                       "org.freedesktop.DBus.Properties", "Get",
                                       g_variant_new ("(ss)", "org.freedesktop.UDisks2.Block",
                                                      "Device"),
                                       G_VARIANT_TYPE ("(v)"), G_DBUS_CALL_FLAGS_NONE, 30000,
                                       NULL, &error);
  if (reply == NULL)
    {
      g_printerr ("bench-loop-setup: attached as %s, but its device is unknown: %s\n",
                  object_path, error->message);
      return 1;
    }
  g_variant_get (reply, "(v)", &device);
  /* An array of bytes, without its ending NUL in some versions. */
  g_print ("%.*s\n", (int) g_variant_get_size (device),
           (const char *) g_variant_get_data (device));

  return 0;
}
