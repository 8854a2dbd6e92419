/* replay.c: Runs a fuzz target on its corpus, without a fuzzing engine
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib.h>

#include "plug-fuzz.h"

/*
 * Linked with each target in place of libFuzzer, so that the unit suite
 * runs every checked-in input through it: a crash, a failed assertion or
 * a sanitizer report fails the test. Prints TAP, one line per file, in a
 * stable order. The arguments are corpus folders, or single files.
 */

static void
collect_inputs (const char  *path,
                GPtrArray   *inputs)
{
  g_autoptr(GDir) directory = NULL;
  g_autoptr(GError) error = NULL;
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_ptr_array_add (inputs, g_strdup (path));
      return;
    }

  directory = g_dir_open (path, 0, &error);
  if (directory == NULL)
    g_error ("Cannot read the corpus folder %s: %s", path, error->message);

  while ((name = g_dir_read_name (directory)) != NULL)
    {
      /* libFuzzer leaves nothing else there, but an editor might. */
      if (name[0] == '.')
        continue;
      g_ptr_array_add (inputs, g_build_filename (path, name, NULL));
    }
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GPtrArray) inputs = g_ptr_array_new_with_free_func (g_free);

  if (argc < 2)
    {
      g_printerr ("Usage: %s CORPUS-FOLDER-OR-FILE…\n", argv[0]);
      return 2;
    }

  for (int i = 1; i < argc; i++)
    collect_inputs (argv[i], inputs);
  g_ptr_array_sort (inputs, compare_paths);

  /* An empty corpus would make the test pass without testing anything. */
  if (inputs->len == 0)
    {
      g_print ("1..1\nnot ok 1 - no inputs in the corpus\n");
      return 1;
    }

  g_print ("1..%u\n", inputs->len);

  for (guint i = 0; i < inputs->len; i++)
    {
      const char *path = g_ptr_array_index (inputs, i);
      g_autofree char *contents = NULL;
      g_autofree guint8 *input = NULL;
      g_autoptr(GError) error = NULL;
      gsize length;

      if (!g_file_get_contents (path, &contents, &length, &error))
        {
          g_print ("not ok %u %s # %s\n", i + 1, path, error->message);
          return 1;
        }

      /* libFuzzer passes a buffer of exactly @length bytes, without the
       * NUL that g_file_get_contents() adds: a copy of that size lets an
       * AddressSanitizer build catch a target that reads past it. Like
       * libFuzzer's, it is not NULL for an empty input. */
      input = g_malloc (MAX (length, 1));
      memcpy (input, contents, length);
      LLVMFuzzerTestOneInput (input, length);

      /* A target aborts on any failure, so reaching here is the pass. */
      g_print ("ok %u %s\n", i + 1, path);
    }

  return 0;
}
