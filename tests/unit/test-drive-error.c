/* test-drive-error.c: What udisks' errors become, and the words for them
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <udisks/udisks.h>

#include "plug-drive-error.h"
#include "plug-test-pause.h"

/* An error as GDBus hands it over from udisks' reply. */
static GError *
remote_error (const char *name,
              const char *message)
{
  /* Registers udisks' error names with GDBus. */
  g_assert_cmpuint (UDISKS_ERROR, !=, 0);

  return g_dbus_error_new_for_dbus_error (name, message);
}

static void
test_from_udisks (void)
{
  static const struct {
    const char *name;
    const char *context;
    PlugDriveError code;
    const char *message;
  } cases[] = {
    { "org.freedesktop.UDisks2.Error.NotAuthorizedCanObtain", "udisks could not reformat it",
      PLUG_DRIVE_ERROR_NOT_AUTHORIZED, "Not authorized: udisks’ own words" },
    { "org.freedesktop.UDisks2.Error.NotAuthorizedDismissed", NULL,
      PLUG_DRIVE_ERROR_NOT_AUTHORIZED, "Not authorized: udisks’ own words" },
    { "org.freedesktop.DBus.Error.UnknownObject", "udisks could not reformat it",
      PLUG_DRIVE_ERROR_GONE, "The device is no longer there: udisks’ own words" },
    { "org.freedesktop.DBus.Error.NoReply", "udisks could not reformat it",
      PLUG_DRIVE_ERROR_DAEMON_GONE, "udisks could not reformat it: udisks’ own words" },
    { "org.freedesktop.UDisks2.Error.Failed", "udisks could not reformat it",
      PLUG_DRIVE_ERROR_DAEMON_REFUSED, "udisks could not reformat it: udisks’ own words" },
    { "org.freedesktop.UDisks2.Error.DeviceBusy", NULL,
      PLUG_DRIVE_ERROR_DAEMON_REFUSED, "udisks’ own words" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = plug_drive_error_from_udisks (remote_error (cases[i].name,
                                                                            "udisks’ own words"),
                                                              cases[i].context);

      g_test_message ("%s", cases[i].name);
      g_assert_error (error, PLUG_DRIVE_ERROR, (gint) cases[i].code);
      /* The D-Bus error name is gone from the words. */
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

static void
test_from_udisks_keeps_ours (void)
{
  g_autoptr(GError) cancelled = plug_drive_error_from_udisks (g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                                                   "Cancelled"),
                                                              "udisks could not reformat it");
  g_autoptr(GError) ours = plug_drive_error_from_udisks (g_error_new_literal (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_CHANGED,
                                                                              "It changed"),
                                                         "udisks could not reformat it");

  g_assert_error (cancelled, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpstr (cancelled->message, ==, "Cancelled");
  g_assert_error (ours, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_CHANGED);
  g_assert_cmpstr (ours->message, ==, "It changed");
}

static void
test_tests (void)
{
  g_autoptr(GError) gone = g_dbus_error_new_for_dbus_error ("org.freedesktop.DBus.Error.NoReply", "no reply");
  g_autoptr(GError) ours_gone = g_error_new_literal (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_DAEMON_GONE, "stopped");
  g_autoptr(GError) refused = remote_error ("org.freedesktop.UDisks2.Error.NotAuthorized", "no");
  g_autoptr(GError) busy = g_error_new_literal (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_BUSY, "busy");

  g_assert_true (plug_drive_error_is_daemon_gone (gone));
  g_assert_true (plug_drive_error_is_daemon_gone (ours_gone));
  g_assert_false (plug_drive_error_is_daemon_gone (busy));
  g_assert_true (plug_drive_error_is_not_authorized (refused));
  g_assert_false (plug_drive_error_is_not_authorized (busy));
}

static void
test_words (void)
{
  g_autoptr(GError) refused = plug_drive_error_from_udisks (remote_error ("org.freedesktop.UDisks2.Error.Failed",
                                                                          "Error wiping device: Failed to open"),
                                                            "udisks could not reformat it");
  g_autoptr(GError) denied = plug_drive_error_from_udisks (remote_error ("org.freedesktop.UDisks2.Error.NotAuthorized",
                                                                         "Not authorized to perform operation"),
                                                           NULL);
  g_autoptr(GError) gone = plug_drive_error_from_udisks (remote_error ("org.freedesktop.DBus.Error.UnknownMethod",
                                                                       "No such interface"),
                                                         NULL);
  g_autoptr(GError) changed = g_error_new_literal (PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_CHANGED,
                                                   "/dev/sdb is no longer the drive you confirmed: its size changed.");
  g_autoptr(GError) io = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NO_SPACE, "No space left on device");
  g_autoptr(GError) cancelled = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, "Cancelled");
  g_autofree char *refused_summary = plug_drive_error_dup_summary (refused, "udisks could not reformat it.");
  g_autofree char *denied_summary = plug_drive_error_dup_summary (denied, "udisks could not reformat it.");
  g_autofree char *gone_summary = plug_drive_error_dup_summary (gone, "udisks could not reformat it.");
  g_autofree char *changed_summary = plug_drive_error_dup_summary (changed, "udisks could not reformat it.");
  g_autofree char *io_summary = plug_drive_error_dup_summary (io, "udisks could not reformat it.");
  g_autofree char *refused_details = plug_drive_error_dup_details (refused);
  g_autofree char *io_details = plug_drive_error_dup_details (io);

  /* udisks' words are under Details, never the summary. */
  g_assert_cmpstr (refused_summary, ==, "udisks could not reformat it.");
  g_assert_cmpstr (refused_details, ==,
                   "udisks could not reformat it: Error wiping device: Failed to open\n\ndaemon-refused");
  g_assert_cmpstr (denied_summary, ==,
                   "The system did not allow it. Ask an administrator for the right to change drives.");
  g_assert_cmpstr (gone_summary, ==, "The drive is no longer there.");
  /* Plugboard's own sentences are plain already. */
  g_assert_cmpstr (changed_summary, ==, changed->message);
  g_assert_cmpstr (io_summary, ==, "No space left on device");
  g_assert_true (g_str_has_prefix (io_details, "No space left on device\n\ng-io-error-quark "));

  g_assert_cmpstr (plug_drive_error_get_nick (changed), ==, "changed");
  g_assert_cmpstr (plug_drive_error_get_nick (denied), ==, "not-authorized");
  g_assert_cmpstr (plug_drive_error_get_nick (cancelled), ==, "cancelled");
  g_assert_cmpstr (plug_drive_error_get_nick (io), ==, "failed");
}

/* --- the test pause --------------------------------------------------- */

static gpointer
remove_later_thread (gpointer data)
{
  const char *path = data;

  while (!g_file_test (path, G_FILE_TEST_EXISTS))
    g_usleep (1000);
  g_usleep (100 * 1000);
  g_assert_no_errno (g_unlink (path));

  return NULL;
}

static void
pause_done_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  gboolean *done = user_data;

  plug_test_pause_finish (result);
  *done = TRUE;
}

static void
next_step (gpointer  source_object,
           GTask    *task)
{
  gboolean *done = g_task_get_task_data (task);

  g_assert_true (G_IS_OBJECT (source_object));
  *done = TRUE;
}

/* plug_test_pause_then: the next step at once without a pause; with
 * one, only once the file is gone, however long it runs meanwhile. */
static void
test_pause_then (void)
{
  g_autofree char *dir = g_dir_make_tmp ("plug-test-pause-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "pause", NULL);
  g_autoptr(GObject) source = g_object_new (G_TYPE_OBJECT, NULL);
  g_autoptr(GTask) task = g_task_new (source, NULL, NULL, NULL);
  gboolean done = FALSE;

  g_task_set_task_data (task, &done, NULL);
  g_unsetenv ("PLUG_TEST_UNIT_PAUSE_FILE");
  plug_test_pause_then ("PLUG_TEST_UNIT_PAUSE_FILE", NULL, task, next_step);
  g_assert_true (done);

#if DEVELOPMENT_BUILD
  done = FALSE;
  g_setenv ("PLUG_TEST_UNIT_PAUSE_FILE", path, TRUE);
  plug_test_pause_then ("PLUG_TEST_UNIT_PAUSE_FILE", NULL, task, next_step);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  for (guint i = 0; i < 10; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_false (done);
  g_assert_no_errno (g_unlink (path));
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_unsetenv ("PLUG_TEST_UNIT_PAUSE_FILE");
#endif

  g_assert_no_errno (g_rmdir (dir));
}

static void
test_pause (void)
{
  g_autofree char *dir = g_dir_make_tmp ("plug-test-pause-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "pause", NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autofree char *contents = NULL;
  GThread *thread;
  gboolean done = FALSE;

  g_assert_nonnull (dir);
  g_unsetenv ("PLUG_TEST_UNIT_PAUSE_FILE");
  g_assert_false (plug_test_pause_wanted ("PLUG_TEST_UNIT_PAUSE_FILE"));
  g_setenv ("PLUG_TEST_UNIT_PAUSE_FILE", "", TRUE);
  g_assert_false (plug_test_pause_wanted ("PLUG_TEST_UNIT_PAUSE_FILE"));
  g_setenv ("PLUG_TEST_UNIT_PAUSE_FILE", path, TRUE);

#if DEVELOPMENT_BUILD
  g_assert_true (plug_test_pause_wanted ("PLUG_TEST_UNIT_PAUSE_FILE"));

  /* Blocking: writes the file and returns once it is removed. */
  thread = g_thread_new ("remover", remove_later_thread, path);
  plug_test_pause_sync ("PLUG_TEST_UNIT_PAUSE_FILE", "the uuid\n", NULL);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_thread_join (thread);

  /* In the main context: goes on running meanwhile, ends when cancelled,
   * and leaves the file to the test. */
  plug_test_pause_async ("PLUG_TEST_UNIT_PAUSE_FILE", "the uuid\n", cancellable, pause_done_cb, &done);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "the uuid\n");
  for (guint i = 0; i < 10; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_false (done);
  g_cancellable_cancel (cancellable);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_no_errno (g_unlink (path));
#else
  /* A release build never pauses, and writes nothing. */
  g_assert_false (plug_test_pause_wanted ("PLUG_TEST_UNIT_PAUSE_FILE"));
  plug_test_pause_sync ("PLUG_TEST_UNIT_PAUSE_FILE", NULL, NULL);
  plug_test_pause_async ("PLUG_TEST_UNIT_PAUSE_FILE", NULL, cancellable, pause_done_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  (void) thread;
  (void) contents;
  (void) remove_later_thread;
#endif

  g_assert_no_errno (g_rmdir (dir));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/drive-error/from-udisks", test_from_udisks);
  g_test_add_func ("/drive-error/from-udisks-keeps-ours", test_from_udisks_keeps_ours);
  g_test_add_func ("/drive-error/tests", test_tests);
  g_test_add_func ("/drive-error/words", test_words);
  g_test_add_func ("/test-pause/pause", test_pause);
  g_test_add_func ("/test-pause/then", test_pause_then);

  return g_test_run ();
}
