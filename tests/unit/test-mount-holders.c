/* test-mount-holders.c: Naming the programs that keep a volume busy
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <fcntl.h>
#include <locale.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <glib-unix.h>
#include <glib/gstdio.h>

#include "plug-mount-holders.h"

/*
 * A folder stands in for a mount point: the same /proc links point into
 * it. The programs are real processes of the test's own: one working in
 * the folder, one with a file in it open, a shell inside it.
 */

typedef struct
{
  char  *folder;
  char  *other;
  GPid   working;
  GPid   reading;
  GPid   shell;
  int    shell_input; /* the pipe's end nobody writes to */
} Fixture;

static GPid
spawn (const char *working_directory,
       int         stdin_fd,
       const char *const *argv)
{
  g_autoptr(GError) error = NULL;
  GPid pid = 0;

  g_spawn_async_with_pipes_and_fds (working_directory, argv, NULL,
                                    G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD,
                                    NULL, NULL, stdin_fd, -1, -1, NULL, NULL, 0,
                                    &pid, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  return pid;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  user_data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *file = NULL;
  const char *const sleep_argv[] = { "sleep", "60", NULL };
  const char *const shell_argv[] = { "bash", "-c", "read -r line", NULL };
  int pipe_fds[2];
  int fd;

  fixture->folder = g_dir_make_tmp ("plug-holders-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->other = g_dir_make_tmp ("plug-holders-other-XXXXXX", &error);
  g_assert_no_error (error);
  file = g_build_filename (fixture->folder, "notes.txt", NULL);
  g_file_set_contents (file, "notes\n", -1, &error);
  g_assert_no_error (error);

  fixture->working = spawn (fixture->folder, -1, sleep_argv);
  fd = g_open (file, O_RDONLY | O_CLOEXEC, 0);
  g_assert_cmpint (fd, >=, 0);
  fixture->reading = spawn (fixture->other, fd, sleep_argv);
  close (fd);
  /* The shell waits on a pipe nobody writes to. */
  g_assert_true (g_unix_open_pipe (pipe_fds, FD_CLOEXEC, NULL));
  fixture->shell = spawn (fixture->folder, pipe_fds[0], shell_argv);
  close (pipe_fds[0]);
  fixture->shell_input = pipe_fds[1];

  /* Until each runs its program, it is the test's own fork. */
  for (int i = 0; i < 200; i++)
    {
      g_autofree char *description = plug_mount_holders_describe ((const char *[]) { fixture->folder, NULL });

      if (description != NULL && strstr (description, "bash") != NULL &&
          g_strstr_len (description, -1, "sleep has a file") != NULL &&
          g_strstr_len (description, -1, "sleep is working") != NULL)
        break;
      g_usleep (10000);
    }
}

static void
stop (GPid pid)
{
  kill (pid, SIGTERM);
  waitpid (pid, NULL, 0);
  g_spawn_close_pid (pid);
}

static void
remove_folder (const char *folder)
{
  g_autofree char *file = g_build_filename (folder, "notes.txt", NULL);

  g_unlink (file);
  g_assert_cmpint (g_rmdir (folder), ==, 0);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  user_data)
{
  stop (fixture->working);
  stop (fixture->reading);
  stop (fixture->shell);
  close (fixture->shell_input);
  remove_folder (fixture->folder);
  remove_folder (fixture->other);
  g_free (fixture->folder);
  g_free (fixture->other);
}

static void
test_named (Fixture       *fixture,
            gconstpointer  user_data)
{
  const char *mount_points[] = { "/nonexistent-mount", fixture->folder, NULL };
  g_autofree char *description = plug_mount_holders_describe (mount_points);
  g_autofree char *working = g_strdup_printf ("sleep is working in a folder on it (process %d)", fixture->working);
  g_autofree char *reading = g_strdup_printf ("sleep has a file on it open (process %d)", fixture->reading);
  g_autofree char *shell = g_strdup_printf ("a terminal is inside it (bash, process %d)", fixture->shell);
  g_autofree char *expected = NULL;
  GPid pids[] = { fixture->working, fixture->reading, fixture->shell };
  const char *sentences[] = { working, reading, shell };
  g_autoptr(GPtrArray) ordered = g_ptr_array_new ();

  /* By process id, as the description lists them. */
  g_ptr_array_set_size (ordered, G_N_ELEMENTS (pids));
  for (guint i = 0; i < G_N_ELEMENTS (pids); i++)
    {
      guint position = 0;

      for (guint j = 0; j < G_N_ELEMENTS (pids); j++)
        position += pids[j] < pids[i];
      ordered->pdata[position] = (gpointer) sentences[i];
    }
  g_ptr_array_add (ordered, NULL);
  expected = g_strjoinv ("; ", (char **) ordered->pdata);

  g_assert_cmpstr (description, ==, expected);
}

static void
test_none (Fixture       *fixture,
           gconstpointer  user_data)
{
  const char *elsewhere[] = { "/nonexistent-mount", NULL };
  const char *none[] = { NULL };
  /* A mount point that the held folder's name only starts with is not
   * where the folder is. */
  g_autofree char *prefix = g_strndup (fixture->folder, strlen (fixture->folder) - 1);
  const char *near_miss[] = { prefix, NULL };
  g_autofree char *at_elsewhere = plug_mount_holders_describe (elsewhere);
  g_autofree char *at_none = plug_mount_holders_describe (none);
  g_autofree char *at_near_miss = plug_mount_holders_describe (near_miss);

  g_assert_null (at_elsewhere);
  g_assert_null (at_none);
  g_assert_null (at_near_miss);
}

static void
described_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static void
test_async (Fixture       *fixture,
            gconstpointer  user_data)
{
  const char *mount_points[] = { fixture->other, NULL };
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *description = NULL;

  /* The reading sleep works in the other folder. */
  plug_mount_holders_describe_async (mount_points, NULL, described_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  description = plug_mount_holders_describe_finish (result, &error);

  g_assert_no_error (error);
  g_assert_nonnull (description);
  g_assert_true (g_str_has_prefix (description, "sleep is working in a folder on it (process "));
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C");
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/mount-holders/named", Fixture, NULL, fixture_set_up, test_named, fixture_tear_down);
  g_test_add ("/mount-holders/none", Fixture, NULL, fixture_set_up, test_none, fixture_tear_down);
  g_test_add ("/mount-holders/async", Fixture, NULL, fixture_set_up, test_async, fixture_tear_down);

  return g_test_run ();
}
