/* plug-keep-files-text.c: What the reformat wizard says about keeping files
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-drives"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-keep-files-text.h"

/*
 * The sentences of the wizard's plan, progress and result when it keeps
 * the files, from the PlugKeepFilesOperation that does it; kept here so
 * that the wizard itself stays about its pages.
 */

/**
 * plug_keep_files_text_dup_step_title:
 *
 * Returns: (transfer full): the name of @step, for the progress page's
 *   title
 */
char *
plug_keep_files_text_dup_step_title (PlugKeepFilesStep step)
{
  switch (step)
    {
    case PLUG_KEEP_FILES_STEP_NONE:
    case PLUG_KEEP_FILES_STEP_SCANNING:
    case PLUG_KEEP_FILES_STEP_CHECKING:
      return g_strdup (_("Looking at the Files…"));
    case PLUG_KEEP_FILES_STEP_COPYING_OUT:
      return g_strdup (_("Copying to This Computer…"));
    case PLUG_KEEP_FILES_STEP_FORMATTING:
      return g_strdup (_("Reformatting…"));
    case PLUG_KEEP_FILES_STEP_COPYING_BACK:
      return g_strdup (_("Copying Back…"));
    case PLUG_KEEP_FILES_STEP_VERIFYING:
      return g_strdup (_("Checking the Files…"));
    case PLUG_KEEP_FILES_STEP_REMOVING_COPY:
    case PLUG_KEEP_FILES_STEP_DONE:
    default:
      return g_strdup (_("Finishing…"));
    }
}

/**
 * plug_keep_files_text_dup_step:
 *
 * Returns: (transfer full) (nullable): what is happening, in a sentence;
 *   %NULL while the reformat itself runs, which says it with its steps
 */
char *
plug_keep_files_text_dup_step (PlugKeepFilesOperation *operation)
{
  g_return_val_if_fail (PLUG_IS_KEEP_FILES_OPERATION (operation), NULL);

  switch (plug_keep_files_operation_get_step (operation))
    {
    case PLUG_KEEP_FILES_STEP_NONE:
    case PLUG_KEEP_FILES_STEP_SCANNING:
    case PLUG_KEEP_FILES_STEP_CHECKING:
      return g_strdup (_("Counting the files and checking that they fit…"));

    case PLUG_KEEP_FILES_STEP_COPYING_OUT:
      /* Translators: %s is a folder */
      return g_strdup_printf (_("Copying the files to %s. The drive is not changed yet."),
                              plug_keep_files_operation_get_copy_path (operation));

    case PLUG_KEEP_FILES_STEP_COPYING_BACK:
      return g_strdup (_("Copying the files back onto the drive…"));

    case PLUG_KEEP_FILES_STEP_VERIFYING:
      return g_strdup (_("Reading each file back from the drive and comparing its checksum…"));

    case PLUG_KEEP_FILES_STEP_REMOVING_COPY:
      return g_strdup (_("Every file is back. Removing the copy on this computer…"));

    case PLUG_KEEP_FILES_STEP_FORMATTING:
    case PLUG_KEEP_FILES_STEP_DONE:
    default:
      return NULL;
    }
}

/**
 * plug_keep_files_text_dup_counts:
 *
 * Returns: (transfer full): files and bytes done of all, such as
 *   “12 of 50 files · 3.1 MB of 12.0 MB”
 */
char *
plug_keep_files_text_dup_counts (PlugKeepFilesOperation *operation)
{
  g_autofree char *done_text = NULL;
  g_autofree char *total_text = NULL;
  guint files_total;

  g_return_val_if_fail (PLUG_IS_KEEP_FILES_OPERATION (operation), NULL);

  done_text = g_format_size (plug_keep_files_operation_get_bytes_done (operation));
  total_text = g_format_size (plug_keep_files_operation_get_bytes_total (operation));
  files_total = plug_keep_files_operation_get_files_total (operation);

  /* Translators: files done, files in all, bytes done, bytes in all */
  return g_strdup_printf (ngettext ("%u of %u file · %s of %s", "%u of %u files · %s of %s", files_total),
                          plug_keep_files_operation_get_files_done (operation), files_total,
                          done_text, total_text);
}

/**
 * plug_keep_files_text_dup_files:
 *
 * Returns: (transfer full): once planned, what is kept, such as
 *   “50 files and folders, 12.0 MB, from /media/alice/KF”
 */
char *
plug_keep_files_text_dup_files (PlugKeepFilesOperation *operation)
{
  g_autofree char *bytes_text = NULL;
  guint files_total;

  g_return_val_if_fail (PLUG_IS_KEEP_FILES_OPERATION (operation), NULL);

  bytes_text = g_format_size (plug_keep_files_operation_get_bytes_total (operation));
  files_total = plug_keep_files_operation_get_files_total (operation);

  /* Translators: a number, a size and a folder */
  return g_strdup_printf (ngettext ("%u file or folder, %s, from %s", "%u files and folders, %s, from %s", files_total),
                          files_total, bytes_text,
                          plug_keep_files_operation_get_source_folder (operation));
}

/**
 * plug_keep_files_text_dup_space:
 *
 * Returns: (transfer full): once planned, the space the copy needs and
 *   the space there is
 */
char *
plug_keep_files_text_dup_space (PlugKeepFilesOperation *operation)
{
  g_autofree char *needed_text = NULL;
  g_autofree char *available_text = NULL;

  g_return_val_if_fail (PLUG_IS_KEEP_FILES_OPERATION (operation), NULL);

  needed_text = g_format_size (plug_keep_files_operation_get_space_needed (operation));
  available_text = g_format_size (plug_keep_files_operation_get_space_available (operation));

  /* Translators: two sizes, such as “The copy needs 12.0 MB; 20.1 GB is free” */
  return g_strdup_printf (_("The copy needs %s; %s is free"), needed_text, available_text);
}

/**
 * plug_keep_files_text_dup_not_carried:
 *
 * Returns: (transfer full) (nullable): once planned, every line of what
 *   will not be on the new filesystem: the files left behind, then what
 *   the files kept lose (hard links, holes, attributes, owners), one a
 *   line, none left out; %NULL when everything comes back as it is
 */
char *
plug_keep_files_text_dup_not_carried (PlugKeepFilesOperation *operation)
{
  const char * const *not_carried;
  const char * const *dropped;
  g_autoptr(GStrvBuilder) lines = g_strv_builder_new ();
  g_auto(GStrv) all = NULL;

  g_return_val_if_fail (PLUG_IS_KEEP_FILES_OPERATION (operation), NULL);

  not_carried = plug_keep_files_operation_get_not_carried (operation);
  dropped = plug_keep_files_operation_get_dropped (operation);
  g_strv_builder_addv (lines, (const char **) not_carried);
  g_strv_builder_addv (lines, (const char **) dropped);
  all = g_strv_builder_end (lines);

  if (all[0] == NULL)
    return NULL;

  return g_strjoinv ("\n", all);
}
