/* bench-provider-database.c: Parse time and memory of the provider database, ours and libnma's
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#ifdef HAVE_LIBNMA
#include <nma-mobile-providers.h>
#endif

#include "plug-provider-database.h"

/*
 * Usage: bench-provider-database [ROUNDS]
 *
 * Parses the installed serviceproviders.xml ROUNDS times (default 50) with
 * PlugProviderDatabase and with libnma's NMAMobileProvidersDatabase, and
 * prints the median time of one parse, the peak resident memory of the
 * process and the heap the loaded database holds, with the ratios.
 *
 * Each parser runs in a process of its own (this program, run again with
 * --only), so that one's peak memory does not hide the other's. libnma
 * also reads iso-codes' country list on every load, which our database
 * leaves to the view; it is measured both as applications use it and
 * with an empty country list, which leaves its parse of the same file.
 */

typedef enum {
  PARSER_PLUGBOARD,
  PARSER_LIBNMA,
  PARSER_LIBNMA_WITHOUT_COUNTRIES,
} Parser;

static const char * const parser_ids[] = { "plugboard", "libnma", "libnma-without-countries" };

typedef struct
{
  double  median_ms;
  double  best_ms;
  guint64 peak_rss_kib;
  guint64 baseline_rss_kib;
  guint64 retained_heap_kib;
} Figures;

static guint64
read_status_kib (const char *field)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return 0;
  line = strstr (status, field);
  if (line == NULL)
    return 0;

  return g_ascii_strtoull (line + strlen (field) + 1, NULL, 10);
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

#ifdef HAVE_LIBNMA
static void
drop_log_cb (const char     *log_domain,
             GLogLevelFlags  log_level,
             const char     *message,
             gpointer        user_data)
{
}
#endif

static GObject *
parse_once (Parser      parser,
            const char *path,
            const char *empty_countries)
{
  g_autoptr(GError) error = NULL;
  GObject *database = NULL;

  switch (parser)
    {
    case PARSER_PLUGBOARD:
      database = G_OBJECT (plug_provider_database_load_sync (path, NULL, &error));
      break;
#ifdef HAVE_LIBNMA
    case PARSER_LIBNMA:
      database = G_OBJECT (nma_mobile_providers_database_new_sync (NULL, path, NULL, &error));
      break;
    case PARSER_LIBNMA_WITHOUT_COUNTRIES:
      database = G_OBJECT (nma_mobile_providers_database_new_sync (empty_countries, path, NULL, &error));
      break;
#else
    case PARSER_LIBNMA:
    case PARSER_LIBNMA_WITHOUT_COUNTRIES:
#endif
    default:
      g_error ("This benchmark was built without libnma");
    }

  if (database == NULL)
    g_error ("Could not parse %s: %s", path, error->message);

  return database;
}

/* Runs in the child: prints “median_ms best_ms peak_rss_kib
 * baseline_rss_kib retained_heap_kib”. */
static int
measure (Parser      parser,
         const char *path,
         guint       rounds)
{
  g_autofree double *times = g_new (double, rounds);
  g_autofree char *empty_countries = NULL;
  g_autoptr(GObject) kept = NULL;
  guint64 baseline_rss;
  struct mallinfo2 before;
  struct mallinfo2 after;

#ifdef HAVE_LIBNMA
  /* With an empty country list libnma warns once per country. */
  g_log_set_handler ("libnma", G_LOG_LEVEL_WARNING, drop_log_cb, NULL);
#endif
  if (parser == PARSER_LIBNMA_WITHOUT_COUNTRIES)
    {
      g_autoptr(GError) error = NULL;
      int fd = g_file_open_tmp ("bench-countries-XXXXXX.xml", &empty_countries, &error);

      g_assert_no_error (error);
      close (fd);
      g_file_set_contents (empty_countries, "<iso_3166_entries/>", -1, &error);
      g_assert_no_error (error);
    }

  /* Types, GIO modules and caches are set up before the baseline. */
  g_clear_object (&kept);
  kept = parse_once (parser, path, empty_countries);
  g_clear_object (&kept);
  malloc_trim (0);
  baseline_rss = read_status_kib ("VmRSS:");

  for (guint i = 0; i < rounds; i++)
    {
      gint64 start = g_get_monotonic_time ();
      GObject *database = parse_once (parser, path, empty_countries);

      times[i] = (g_get_monotonic_time () - start) / 1000.0;
      g_object_unref (database);
    }

  qsort (times, rounds, sizeof (double), compare_doubles);

  malloc_trim (0);
  before = mallinfo2 ();
  kept = parse_once (parser, path, empty_countries);
  after = mallinfo2 ();

  g_print ("%.3f %.3f %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT "\n",
           times[rounds / 2], times[0], read_status_kib ("VmHWM:"), baseline_rss,
           (guint64) (after.uordblks > before.uordblks ? after.uordblks - before.uordblks : 0) / 1024);

  if (empty_countries != NULL)
    g_unlink (empty_countries);

  return EXIT_SUCCESS;
}

static gboolean
run_child (const char *program,
           Parser      parser,
           const char *path,
           guint       rounds,
           Figures    *figures)
{
  g_autofree char *rounds_text = g_strdup_printf ("%u", rounds);
  const char *argv[] = { program, "--only", parser_ids[parser], rounds_text, path, NULL };
  g_autofree char *output = NULL;
  g_autoptr(GError) error = NULL;
  int wait_status;

  if (!g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                     &output, NULL, &wait_status, &error) ||
      !g_spawn_check_wait_status (wait_status, &error))
    {
      g_printerr ("%s: %s\n", parser_ids[parser], error->message);
      return FALSE;
    }

  return sscanf (output, "%lf %lf %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT " %" G_GUINT64_FORMAT,
                 &figures->median_ms, &figures->best_ms, &figures->peak_rss_kib,
                 &figures->baseline_rss_kib, &figures->retained_heap_kib) == 5;
}

static void
print_figures (const char    *label,
               const Figures *figures)
{
  g_print ("%-34s %8.2f ms %8.2f ms %8" G_GUINT64_FORMAT " KiB %8" G_GUINT64_FORMAT " KiB %8" G_GUINT64_FORMAT " KiB",
           label, figures->median_ms, figures->best_ms, figures->peak_rss_kib,
           figures->peak_rss_kib - MIN (figures->peak_rss_kib, figures->baseline_rss_kib),
           figures->retained_heap_kib);
  g_print ("\n");
}

int
main (int    argc,
      char **argv)
{
  const char *path = PROVIDER_DATABASE_PATH;
  guint rounds = 50;
  Figures ours;
  G_GNUC_UNUSED Figures libnma;
  G_GNUC_UNUSED Figures libnma_without_countries;

  setlocale (LC_ALL, "");

  if (argc >= 5 && g_str_equal (argv[1], "--only"))
    {
      for (guint i = 0; i < G_N_ELEMENTS (parser_ids); i++)
        {
          if (g_str_equal (argv[2], parser_ids[i]))
            return measure (i, argv[4], (guint) MAX (g_ascii_strtoull (argv[3], NULL, 10), 1));
        }
      g_printerr ("Unknown parser “%s”\n", argv[2]);
      return EXIT_FAILURE;
    }

  if (argc >= 2)
    rounds = (guint) MAX (g_ascii_strtoull (argv[1], NULL, 10), 1);

  g_print ("Database: %s, %u rounds each\n", path, rounds);
  g_print ("%-34s %11s %11s %12s %12s %12s\n", "", "median", "best", "peak RSS", "peak - base", "kept heap");

  if (!run_child (argv[0], PARSER_PLUGBOARD, path, rounds, &ours))
    return EXIT_FAILURE;
  print_figures ("PlugProviderDatabase", &ours);

#ifdef HAVE_LIBNMA
  if (!run_child (argv[0], PARSER_LIBNMA, path, rounds, &libnma) ||
      !run_child (argv[0], PARSER_LIBNMA_WITHOUT_COUNTRIES, path, rounds, &libnma_without_countries))
    return EXIT_FAILURE;
  print_figures ("libnma (with iso-codes countries)", &libnma);
  print_figures ("libnma (without countries)", &libnma_without_countries);
  g_print ("\nOurs against libnma: median time ×%.2f (target ≤ 0.5), best time ×%.2f, kept heap ×%.2f\n",
           ours.median_ms / libnma.median_ms, ours.best_ms / libnma.best_ms,
           (double) ours.retained_heap_kib / MAX (libnma.retained_heap_kib, 1));
  g_print ("Ours against libnma's parse alone: median time ×%.2f, best time ×%.2f, kept heap ×%.2f\n",
           ours.median_ms / libnma_without_countries.median_ms,
           ours.best_ms / libnma_without_countries.best_ms,
           (double) ours.retained_heap_kib / MAX (libnma_without_countries.retained_heap_kib, 1));
#else
  g_print ("\nlibnma was not found when this was built (install libnma-dev): "
           "only PlugProviderDatabase was measured.\n");
#endif

  return EXIT_SUCCESS;
}
