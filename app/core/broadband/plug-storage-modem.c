/* plug-storage-modem.c: A USB modem still in its storage mode
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "plug-storage-modem.h"

/*
 * Most USB modems first show up as a CD-ROM drive holding the maker's
 * Windows software; usb_modeswitch (udev runs it) sends the command that
 * turns the stick into a modem. Without it, or before it has run, neither
 * ModemManager nor NetworkManager sees a modem: only udisks sees a drive.
 *
 * A PlugStorageModem is such a drive: a block device udisks has, which
 * udev calls a CD-ROM (ID_CDROM) on the USB bus (ID_BUS) from a maker of
 * modems (ID_VENDOR_ID). udisks gives the devices and their numbers; the
 * USB vendor comes from udev's record of the device, which udisks does
 * not publish.
 */

struct _PlugStorageModem
{
  GObject  parent_instance;

  char    *device;
  char    *usb_id;
  char    *vendor;
  char    *model;
  /* The vendor's short name, from modem_vendors, not to be freed. */
  const char *vendor_name;
};

G_DEFINE_FINAL_TYPE (PlugStorageModem, plug_storage_modem, G_TYPE_OBJECT)

/* USB vendors whose modems start in storage mode, as usb_modeswitch's
 * data lists them most often. A vendor that also sells CD-ROM drives
 * (Samsung, Sony) is not here: its drive would be taken for a modem. */
static const struct {
  const char *vendor_id;
  const char *name;
} modem_vendors[] = {
  { "05c6", "Qualcomm" },
  { "0af0", "Option" },
  { "1199", "Sierra Wireless" },
  { "12d1", "Huawei" },
  { "1410", "Novatel Wireless" },
  { "19d2", "ZTE" },
  { "1bbb", "Alcatel" },
  { "1c9e", "Longcheer" },
  { "2001", "D-Link" },
};

static void
plug_storage_modem_finalize (GObject *object)
{
  PlugStorageModem *self = PLUG_STORAGE_MODEM (object);

  g_free (self->device);
  g_free (self->usb_id);
  g_free (self->vendor);
  g_free (self->model);

  G_OBJECT_CLASS (plug_storage_modem_parent_class)->finalize (object);
}

static void
plug_storage_modem_class_init (PlugStorageModemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = plug_storage_modem_finalize;
}

static void
plug_storage_modem_init (PlugStorageModem *self)
{
}

/**
 * plug_storage_modem_get_vendor_name:
 * @usb_vendor_id: (nullable): a USB vendor id, four hexadecimal digits
 *
 * Returns: (nullable): the name of the maker of modems with that id,
 *   %NULL when it is not one
 */
const char *
plug_storage_modem_get_vendor_name (const char *usb_vendor_id)
{
  if (usb_vendor_id == NULL)
    return NULL;

  for (guint i = 0; i < G_N_ELEMENTS (modem_vendors); i++)
    {
      if (g_ascii_strcasecmp (usb_vendor_id, modem_vendors[i].vendor_id) == 0)
        return modem_vendors[i].name;
    }

  return NULL;
}

/* A modem for @device, if udev says it is one in storage mode. */
static PlugStorageModem *
storage_modem_new (GUdevDevice *device,
                   const char  *device_file)
{
  const char *vendor_id = g_udev_device_get_property (device, "ID_VENDOR_ID");
  const char *vendor_name = plug_storage_modem_get_vendor_name (vendor_id);
  const char *product_id = g_udev_device_get_property (device, "ID_MODEL_ID");
  const char *vendor = g_udev_device_get_property (device, "ID_VENDOR_FROM_DATABASE");
  const char *model = g_udev_device_get_property (device, "ID_MODEL_FROM_DATABASE");
  g_autofree char *usb_id = NULL;
  PlugStorageModem *self;

  if (!g_udev_device_get_property_as_boolean (device, "ID_CDROM") ||
      g_strcmp0 (g_udev_device_get_property (device, "ID_BUS"), "usb") != 0 ||
      vendor_name == NULL)
    return NULL;

  self = g_object_new (PLUG_TYPE_STORAGE_MODEM, NULL);
  self->device = g_strdup (device_file);
  usb_id = product_id != NULL ? g_strdup_printf ("%s:%s", vendor_id, product_id) : g_strdup (vendor_id);
  self->usb_id = g_ascii_strdown (usb_id, -1);
  self->vendor = g_strdup (vendor != NULL ? vendor : vendor_name);
  self->vendor_name = vendor_name;
  self->model = g_strdup (model != NULL ? model : g_udev_device_get_property (device, "ID_MODEL"));

  return self;
}

static int
compare_storage_modems (gconstpointer a,
                        gconstpointer b)
{
  PlugStorageModem *modem_a = *(PlugStorageModem **) a;
  PlugStorageModem *modem_b = *(PlugStorageModem **) b;

  return g_strcmp0 (modem_a->device, modem_b->device);
}

/**
 * plug_storage_modem_find_all:
 * @udisks: udisks' client
 * @udev: udev's client
 *
 * Looks among the block devices udisks has for modems in storage mode.
 * It reads udev's record of each (a small file under /run/udev), no
 * D-Bus call.
 *
 * Returns: (transfer full) (element-type PlugStorageModem): the modems
 *   in storage mode, sorted by device
 */
GPtrArray *
plug_storage_modem_find_all (UDisksClient *udisks,
                             GUdevClient  *udev)
{
  GPtrArray *modems = g_ptr_array_new_with_free_func (g_object_unref);
  g_autolist(GDBusObject) objects = NULL;

  g_return_val_if_fail (UDISKS_IS_CLIENT (udisks), modems);
  g_return_val_if_fail (G_UDEV_IS_CLIENT (udev), modems);

  objects = g_dbus_object_manager_get_objects (udisks_client_get_object_manager (udisks));
  for (GList *l = objects; l != NULL; l = l->next)
    {
      UDisksBlock *block = udisks_object_peek_block (UDISKS_OBJECT (l->data));
      g_autoptr(GUdevDevice) device = NULL;
      PlugStorageModem *modem;

      if (block == NULL)
        continue;

      device = g_udev_client_query_by_device_number (udev, G_UDEV_DEVICE_TYPE_BLOCK,
                                                     udisks_block_get_device_number (block));
      if (device == NULL)
        continue;

      modem = storage_modem_new (device, udisks_block_get_device (block));
      if (modem != NULL)
        g_ptr_array_add (modems, modem);
    }

  g_ptr_array_sort (modems, compare_storage_modems);

  return modems;
}

/**
 * plug_storage_modem_get_device:
 *
 * Returns: the drive's device file, such as /dev/sr1
 */
const char *
plug_storage_modem_get_device (PlugStorageModem *self)
{
  g_return_val_if_fail (PLUG_IS_STORAGE_MODEM (self), NULL);

  return self->device;
}

/**
 * plug_storage_modem_get_usb_id:
 *
 * Returns: the USB vendor and product ids, such as 12d1:1f01
 */
const char *
plug_storage_modem_get_usb_id (PlugStorageModem *self)
{
  g_return_val_if_fail (PLUG_IS_STORAGE_MODEM (self), NULL);

  return self->usb_id;
}

const char *
plug_storage_modem_get_vendor (PlugStorageModem *self)
{
  g_return_val_if_fail (PLUG_IS_STORAGE_MODEM (self), NULL);

  return self->vendor;
}

/**
 * plug_storage_modem_get_model:
 *
 * Returns: (nullable): the model, as the USB device or the hardware
 *   database names it
 */
const char *
plug_storage_modem_get_model (PlugStorageModem *self)
{
  g_return_val_if_fail (PLUG_IS_STORAGE_MODEM (self), NULL);

  return self->model;
}

/**
 * plug_storage_modem_dup_display_name:
 *
 * Returns: (transfer full): what to call it, such as “Huawei Modem”
 *   (the hardware database's vendor names are long)
 */
char *
plug_storage_modem_dup_display_name (PlugStorageModem *self)
{
  g_return_val_if_fail (PLUG_IS_STORAGE_MODEM (self), NULL);

  /* Translators: %s is a manufacturer, such as Huawei */
  return g_strdup_printf (_("%s Modem"), self->vendor_name);
}
