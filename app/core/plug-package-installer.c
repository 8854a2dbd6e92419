/* plug-package-installer.c: Asking the desktop's software installer for a package
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "plug-package-installer.h"

/*
 * When a program Plugboard needs is missing (mkfs.exfat, NetworkManager's
 * mobile broadband plugin), the desktop's software installer can install
 * the package that holds it: GNOME Software (and KDE's) answer
 * org.freedesktop.PackageKit.Modify2 on the session bus, find the package
 * by the file it provides, ask the user, and install it, with the
 * system's own authorization. Plugboard asks for the file, never names a
 * package to install: the installer knows the distribution's names.
 *
 * Where no installer answers (no PackageKit, a desktop without one), the
 * caller names the package in its message instead.
 */

#define INSTALLER_NAME      "org.freedesktop.PackageKit"
#define INSTALLER_PATH      "/org/freedesktop/PackageKit"
#define INSTALLER_INTERFACE "org.freedesktop.PackageKit.Modify2"
#define DESKTOP_ID          APPLICATION_ID ".desktop"

/* --- whether an installer answers ---------------------------------------- */

static void
has_name_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data);

static void
activatable_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) names = NULL;
  GError *error = NULL;
  const char **list;
  gboolean found;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);
  if (reply == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  names = g_variant_get_child_value (reply, 0);
  list = g_variant_get_strv (names, NULL);
  found = g_strv_contains (list, INSTALLER_NAME);
  g_free (list);
  g_task_return_boolean (task, found);
}

static void
has_name_cb (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GVariant) reply = NULL;
  GError *error = NULL;
  gboolean has_owner = FALSE;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);
  if (reply == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  g_variant_get (reply, "(b)", &has_owner);
  if (has_owner)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  /* Not running now: GNOME Software starts when it is called. */
  g_dbus_connection_call (G_DBUS_CONNECTION (object),
                          "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                          "ListActivatableNames", NULL, G_VARIANT_TYPE ("(as)"),
                          G_DBUS_CALL_FLAGS_NONE, -1, g_task_get_cancellable (task),
                          activatable_cb, g_object_ref (task));
}

static void
session_bus_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GDBusConnection) bus = NULL;
  GError *error = NULL;

  bus = g_bus_get_finish (result, &error);
  if (bus == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  g_dbus_connection_call (bus,
                          "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                          "NameHasOwner", g_variant_new ("(s)", INSTALLER_NAME), G_VARIANT_TYPE ("(b)"),
                          G_DBUS_CALL_FLAGS_NONE, -1, g_task_get_cancellable (task),
                          has_name_cb, g_object_ref (task));
}

/**
 * plug_package_installer_check_async:
 * @cancellable: (nullable): a #GCancellable
 * @callback: called with the answer
 * @user_data: for @callback
 *
 * Asks the session bus whether a software installer answers there, now
 * or when called.
 */
void
plug_package_installer_check_async (GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, plug_package_installer_check_async);
  g_bus_get (G_BUS_TYPE_SESSION, cancellable, session_bus_cb, task);
}

/**
 * plug_package_installer_check_finish:
 * @result: the result given to the callback
 * @error: return location for an error: no session bus
 *
 * Returns: whether an installer answers; %FALSE with @error unset when
 *   none does
 */
gboolean
plug_package_installer_check_finish (GAsyncResult  *result,
                                     GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* --- installing ------------------------------------------------------------ */

static void
installed_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GVariant) reply = NULL;
  g_autofree char *remote = NULL;
  GError *error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);
  if (reply != NULL)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  /* The user closing the installer's window is no failure to report. */
  remote = g_dbus_error_get_remote_error (error);
  if (remote != NULL && (g_str_has_suffix (remote, ".Cancelled") || g_str_has_suffix (remote, ".Canceled")))
    {
      g_clear_error (&error);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The installation was cancelled"));
      return;
    }

  g_dbus_error_strip_remote_error (error);
  g_task_return_error (task, error);
}

static void
install_bus_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GDBusConnection) bus = NULL;
  const char * const *files = g_task_get_task_data (task);
  GVariantBuilder platform_data;
  GError *error = NULL;

  bus = g_bus_get_finish (result, &error);
  if (bus == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  g_variant_builder_init (&platform_data, G_VARIANT_TYPE_VARDICT);
  /* No D-Bus timeout: the installer returns once the user has answered
   * and the package is installed, minutes later. */
  g_dbus_connection_call (bus, INSTALLER_NAME, INSTALLER_PATH, INSTALLER_INTERFACE,
                          "InstallProvideFiles",
                          g_variant_new ("(^asss@a{sv})", files, "", DESKTOP_ID,
                                         g_variant_builder_end (&platform_data)),
                          G_VARIANT_TYPE ("()"), G_DBUS_CALL_FLAGS_NONE, G_MAXINT,
                          g_task_get_cancellable (task), installed_cb, g_object_ref (task));
}

/**
 * plug_package_installer_install_files_async:
 * @files: the paths the package must provide, such as /sbin/mkfs.exfat
 * @cancellable: (nullable): a #GCancellable
 * @callback: called once the installer is done
 * @user_data: for @callback
 *
 * Has the desktop's software installer find the package that provides
 * @files, ask the user, and install it.
 */
void
plug_package_installer_install_files_async (const char * const  *files,
                                            GCancellable        *cancellable,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (files != NULL && files[0] != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_package_installer_install_files_async);
  g_task_set_task_data (task, g_strdupv ((char **) files), (GDestroyNotify) g_strfreev);
  g_bus_get (G_BUS_TYPE_SESSION, cancellable, install_bus_cb, task);
}

/**
 * plug_package_installer_install_files_finish:
 * @result: the result given to the callback
 * @error: return location for an error: %G_IO_ERROR_CANCELLED when the
 *   user said no, the installer's own error otherwise
 *
 * Returns: whether the installer says it installed the package
 */
gboolean
plug_package_installer_install_files_finish (GAsyncResult  *result,
                                             GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * plug_package_installer_dup_program_path:
 * @program: a system program, such as mkfs.exfat
 *
 * Where its package installs it, as the package database records it: a
 * dpkg system (Debian 12, its /sbin now a link to /usr/sbin) still
 * lists its tools under /sbin, the others under /usr/sbin.
 *
 * Returns: (transfer full): the path to ask the installer for
 */
char *
plug_package_installer_dup_program_path (const char *program)
{
  g_return_val_if_fail (program != NULL, NULL);

  if (g_file_test ("/var/lib/dpkg/status", G_FILE_TEST_EXISTS))
    return g_build_filename ("/sbin", program, NULL);

  return g_build_filename ("/usr/sbin", program, NULL);
}
