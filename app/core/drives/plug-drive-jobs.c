/* plug-drive-jobs.c: Whether udisks is already working on a drive, or gone
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "plug-drive-error.h"
#include "plug-drive-jobs.h"

/*
 * udisks serialises two calls on the same block object, but a drive and
 * its partitions are different objects: Format of a whole drive and
 * Format of its partition can run at once, guarded only by the kernel's
 * exclusive opens. Another program (GNOME Disks, udisksctl) may also be
 * erasing the drive. udisks publishes what it is doing as Job objects
 * whose Objects property names the blocks they work on, so a destructive
 * operation looks at them first, for every block of the drive, and does
 * not start while one runs.
 */

/* udisks' operation ids (org.freedesktop.UDisks2.Job.Operation), in words.
 * Mounting and unmounting are left out: they are short, they change no
 * data, and the reformat itself unmounts right before it looks again. */
static const struct
{
  const char *operation;
  const char *words;
} operations[] = {
  { "format-erase", N_("overwriting it with zeros") },
  { "format-mkfs", N_("creating a filesystem on it") },
  { "filesystem-modify", N_("renaming its filesystem") },
  { "filesystem-check", N_("checking its filesystem") },
  { "filesystem-repair", N_("repairing its filesystem") },
  { "filesystem-resize", N_("resizing its filesystem") },
  { "partition-create", N_("creating a partition on it") },
  { "partition-delete", N_("deleting a partition") },
  { "partition-modify", N_("changing a partition") },
  { "ata-secure-erase", N_("erasing it securely") },
  { "ata-enhanced-secure-erase", N_("erasing it securely") },
  { "ata-smart-selftest", N_("running a self-test on it") },
  { "encrypted-modify", N_("changing its encryption") },
  { "encrypted-resize", N_("resizing its encryption") },
  { "swapspace-modify", N_("changing its swap space") },
};

static const char * const harmless_operations[] = {
  "filesystem-mount",
  "filesystem-unmount",
  NULL,
};

/**
 * plug_drive_jobs_describe:
 * @operation: a udisks job's operation id, such as "format-erase"
 *
 * Returns: (nullable): what the job does, in words, or %NULL for an id
 *   this table does not know
 */
const char *
plug_drive_jobs_describe (const char *operation)
{
  for (guint i = 0; i < G_N_ELEMENTS (operations); i++)
    {
      if (g_strcmp0 (operations[i].operation, operation) == 0)
        return _(operations[i].words);
    }

  return NULL;
}

/* The object paths of every block of the drive whose whole block device
 * is @whole, and of its udisks Drive. */
static GHashTable *
collect_drive_objects (GList       *objects,
                       UDisksBlock *whole)
{
  const char *whole_path = g_dbus_object_get_object_path (g_dbus_interface_get_object (G_DBUS_INTERFACE (whole)));
  const char *drive_path = udisks_block_get_drive (whole);
  GHashTable *paths = g_hash_table_new (g_str_hash, g_str_equal);

  g_hash_table_add (paths, (gpointer) whole_path);
  if (drive_path != NULL && !g_str_equal (drive_path, "/"))
    g_hash_table_add (paths, (gpointer) drive_path);

  for (GList *l = objects; l != NULL; l = l->next)
    {
      UDisksObject *object = UDISKS_OBJECT (l->data);
      UDisksPartition *partition = udisks_object_peek_partition (object);

      if (partition != NULL && g_str_equal (udisks_partition_get_table (partition), whole_path))
        g_hash_table_add (paths, (gpointer) g_dbus_object_get_object_path (G_DBUS_OBJECT (object)));
    }

  /* Unlocked encrypted volumes on those blocks. */
  for (GList *l = objects; l != NULL; l = l->next)
    {
      UDisksObject *object = UDISKS_OBJECT (l->data);
      UDisksBlock *block = udisks_object_peek_block (object);
      const char *backing = block != NULL ? udisks_block_get_crypto_backing_device (block) : NULL;

      if (backing != NULL && g_hash_table_contains (paths, backing))
        g_hash_table_add (paths, (gpointer) g_dbus_object_get_object_path (G_DBUS_OBJECT (object)));
    }

  return paths;
}

static char *
device_of (UDisksClient *client,
           const char   *object_path)
{
  g_autoptr(UDisksObject) object = udisks_client_get_object (client, object_path);
  UDisksBlock *block = object != NULL ? udisks_object_peek_block (object) : NULL;

  return g_strdup (block != NULL ? udisks_block_get_device (block) : object_path);
}

/**
 * plug_drive_jobs_check_idle:
 * @client: the udisks client
 * @whole_device: the drive's whole block device, such as "/dev/sdb"
 * @error: where a busy drive is described
 *
 * Looks, in what @client knows now, for a udisks job that works on the
 * drive: on its whole block, any of its partitions or the drive itself.
 * Asks udisks nothing, so it can be called right before a destructive
 * call.
 *
 * Returns: %TRUE when no job runs on the drive; %FALSE with
 *   %PLUG_DRIVE_ERROR_BUSY naming the job and its device when one does
 */
gboolean
plug_drive_jobs_check_idle (UDisksClient  *client,
                            const char    *whole_device,
                            GError       **error)
{
  GDBusObjectManager *object_manager;
  g_autoptr(GHashTable) paths = NULL;
  GList *objects;
  UDisksBlock *whole = NULL;
  gboolean idle = TRUE;

  g_return_val_if_fail (UDISKS_IS_CLIENT (client), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (whole_device == NULL)
    return TRUE;

  object_manager = udisks_client_get_object_manager (client);
  objects = g_dbus_object_manager_get_objects (object_manager);

  for (GList *l = objects; l != NULL && whole == NULL; l = l->next)
    {
      UDisksObject *object = UDISKS_OBJECT (l->data);
      UDisksBlock *block = udisks_object_peek_block (object);

      if (block != NULL && udisks_object_peek_partition (object) == NULL &&
          g_strcmp0 (udisks_block_get_device (block), whole_device) == 0)
        whole = block;
    }

  /* A drive that is gone is reported by the caller's own checks. */
  if (whole == NULL)
    {
      g_list_free_full (objects, g_object_unref);
      return TRUE;
    }

  paths = collect_drive_objects (objects, whole);

  for (GList *l = objects; l != NULL && idle; l = l->next)
    {
      UDisksJob *job = udisks_object_peek_job (UDISKS_OBJECT (l->data));
      const char * const *job_objects;
      const char *operation;

      if (job == NULL)
        continue;

      operation = udisks_job_get_operation (job);
      if (operation != NULL && g_strv_contains (harmless_operations, operation))
        continue;

      job_objects = udisks_job_get_objects (job);
      for (guint i = 0; job_objects != NULL && job_objects[i] != NULL; i++)
        {
          g_autofree char *device = NULL;
          g_autofree char *details = NULL;
          g_autofree char *unknown = NULL;
          const char *words;

          if (!g_hash_table_contains (paths, job_objects[i]))
            continue;

          device = device_of (client, job_objects[i]);
          words = plug_drive_jobs_describe (operation);
          if (words == NULL)
            /* Translators: a udisks job id, such as “lvm-vg-rename” */
            words = unknown = g_strdup_printf (_("running “%s” on it"), operation != NULL ? operation : "?");
          /* Right after it starts, "0% done" says nothing. */
          if (udisks_job_get_progress_valid (job) && udisks_job_get_progress (job) >= 0.01)
            /* Translators: a udisks job id, then how far it is, such as “format-erase, 35% done” */
            details = g_strdup_printf (_("%s, %.0f%% done"), operation != NULL ? operation : "?",
                                       CLAMP (udisks_job_get_progress (job), 0.0, 1.0) * 100.0);
          else
            details = g_strdup (operation != NULL ? operation : "?");

          g_set_error (error, PLUG_DRIVE_ERROR, PLUG_DRIVE_ERROR_BUSY,
                       /* Translators: a device such as /dev/sdb1, what udisks does on it, then its job id */
                       _("%s is busy: udisks is %s (%s). Wait until that has finished, then try again. "
                         "Nothing was changed."),
                       device, words, details);
          idle = FALSE;
          break;
        }
    }

  g_list_free_full (objects, g_object_unref);

  return idle;
}
