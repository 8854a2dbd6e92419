/* plug-broadband-panel.c: The Mobile Broadband panel
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-broadband"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-delayed-spinner.h"

#include "plug-broadband-actions.h"
#include "plug-broadband-panel.h"
#include "plug-connection-row.h"
#include "plug-connection-wizard.h"
#include "plug-modem-group.h"
#include "plug-modem-list.h"
#include "plug-package-installer.h"
#include "plug-storage-modem.h"

/*
 * The panel lists the modems, one group per modem, from the core's
 * PlugModemList, which follows NetworkManager and ModemManager live. Until
 * the shell hands over the services it says it is looking; without either
 * service it says which one is missing and what to install. It owns no
 * D-Bus client: the modem list reads the clients PlugServices owns.
 *
 * Each modem's group also lists the connections bound to it; the others
 * (for any modem, or one not plugged in) have a group of their own at the
 * end. "Add Connection…" is always there: the wizard it opens says why no
 * connection can be made when one cannot.
 *
 * With mobile broadband turned off in NetworkManager (WwanEnabled),
 * NetworkManager still lists the modems, but none can connect: a row at
 * the top says so, live, with a button that turns it on; blocked by the
 * laptop's wireless switch or key (WwanHardwareEnabled), it says to use
 * that, since nothing else can turn it on.
 *
 * A modem that cannot be used has a group of its own after the others,
 * which says why and what to do: one ModemManager has and NetworkManager
 * does not manage (the modem list's unmanaged modems), and one still in
 * its USB storage mode (a drive udisks has: PlugStorageModem, looked for
 * again at every udev event of a block device). Add Connection… says so
 * too when no other modem can take a connection.
 */

struct _PlugBroadbandPanel
{
  PlugPanel      parent_instance;

  /* Template widgets */
  AdwToastOverlay *toast_overlay;
  GtkStack      *stack;
  PlugDelayedSpinner *spinner;
  AdwStatusPage *unavailable_page;
  GtkBox        *modems_box;
  GtkWidget     *radio_clamp;
  AdwActionRow  *radio_row;
  GtkWidget     *radio_button;

  /* Owned */
  GSignalGroup  *services_signals;
  GSignalGroup  *client_signals;
  PlugModemList *modem_list;
  /* Why no connection can be made, for the wizard; NULL when one can. */
  char          *unavailable_title;
  char          *unavailable_description;
  /* The connections bound to no modem that is plugged in. */
  AdwPreferencesGroup *other_group;
  GPtrArray     *other_rows;

  /* The PlugModemGroup of each modem, in the modem list's order; the box
   * holds the references. */
  GPtrArray     *groups;

  /* Turning mobile broadband on; NULL when not. */
  GCancellable  *radio_cancellable;

  /* The modems that cannot be used: a group each, in the box before
   * other_group, which holds the references. */
  GPtrArray     *problem_groups;
  GPtrArray     *storage_modems;
  GSignalGroup  *udev_signals;
  GSignalGroup  *udisks_signals;

  /* The desktop's software installer answers: the problem groups offer
   * to install what mends them. */
  gboolean       installer_available;
  GCancellable  *installer_cancellable;
};

G_DEFINE_FINAL_TYPE (PlugBroadbandPanel, plug_broadband_panel, PLUG_TYPE_PANEL)

static NMClient *
get_client (PlugBroadbandPanel *self)
{
  return self->modem_list != NULL ? plug_modem_list_get_client (self->modem_list) : NULL;
}

/* The row at the top, shown while mobile broadband is off and the panel
 * lists modems (or none). */
static void
update_radio (PlugBroadbandPanel *self)
{
  const char *page = gtk_stack_get_visible_child_name (self->stack);
  NMClient *client = get_client (self);
  PlugBroadbandRadio radio = PLUG_BROADBAND_RADIO_ON;

  if (client != NULL && (g_strcmp0 (page, "modems") == 0 || g_strcmp0 (page, "empty") == 0))
    radio = plug_broadband_get_radio (client);

  gtk_widget_set_visible (self->radio_clamp, radio != PLUG_BROADBAND_RADIO_ON);
  gtk_widget_set_visible (self->radio_button, radio == PLUG_BROADBAND_RADIO_OFF);
  if (radio == PLUG_BROADBAND_RADIO_OFF)
    adw_action_row_set_subtitle (self->radio_row,
                                 _("No modem can connect until it is turned on"));
  else if (radio == PLUG_BROADBAND_RADIO_HARDWARE_OFF)
    adw_action_row_set_subtitle (self->radio_row,
                                 _("Use the laptop’s wireless switch or key to turn it on"));
}

static void
show_page (PlugBroadbandPanel *self,
           const char         *name)
{
  gtk_stack_set_visible_child_name (self->stack, name);
  plug_delayed_spinner_set_active (self->spinner, g_str_equal (name, "loading"));
  update_radio (self);
}

static void
set_unavailable (PlugBroadbandPanel *self,
                 const char         *title,
                 const char         *description)
{
  g_free (self->unavailable_title);
  g_free (self->unavailable_description);
  self->unavailable_title = g_strdup (title);
  self->unavailable_description = g_strdup (description);
}

static void
show_unavailable (PlugBroadbandPanel *self,
                  const char         *title,
                  const char         *description)
{
  set_unavailable (self, title, description);

  /* Set here, not in the template: an icon in the template is loaded
   * (and with it librsvg) while the panel is built, shown or not. */
  adw_status_page_set_icon_name (self->unavailable_page, "dialog-warning-symbolic");
  adw_status_page_set_title (self->unavailable_page, title);
  adw_status_page_set_description (self->unavailable_page, description);
  show_page (self, "unavailable");
}

static gboolean
is_bound_to (NMConnection *connection,
             PlugModem    *modem)
{
  const char *interface = nm_connection_get_interface_name (connection);

  return interface != NULL && g_strcmp0 (interface, plug_modem_get_interface (modem)) == 0;
}

/* The row of the connection with @uuid, under @widget. */
static GtkWidget *
find_connection_row (GtkWidget  *widget,
                     const char *uuid)
{
  if (PLUG_IS_CONNECTION_ROW (widget))
    {
      NMRemoteConnection *connection = plug_connection_row_get_connection (PLUG_CONNECTION_ROW (widget));

      if (connection != NULL && g_strcmp0 (nm_connection_get_uuid (NM_CONNECTION (connection)), uuid) == 0)
        return widget;
      return NULL;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *row = find_connection_row (child, uuid);

      if (row != NULL)
        return row;
    }

  return NULL;
}

/* The connection's row takes the focus (its header: the row is an
 * expander). */
static gboolean
plug_broadband_panel_focus_object (PlugPanel  *panel,
                                   const char *object_id)
{
  PlugBroadbandPanel *self = PLUG_BROADBAND_PANEL (panel);
  GtkWidget *row = find_connection_row (GTK_WIDGET (self->modems_box), object_id);

  return row != NULL && plug_panel_focus_row (panel, row);
}

/* Puts each connection under the modem it is bound to, or with the
 * others. */
static void
update_connections (PlugBroadbandPanel *self)
{
  g_autoptr(GPtrArray) connections = NULL;
  g_autoptr(GPtrArray) others = g_ptr_array_new ();
  NMClient *client = get_client (self);

  if (client == NULL)
    {
      plug_connection_rows_sync (self->other_group, self->other_rows, NULL, others);
      gtk_widget_set_visible (GTK_WIDGET (self->other_group), FALSE);
      return;
    }

  connections = plug_broadband_list_connections (client);

  for (guint i = 0; i < self->groups->len; i++)
    {
      PlugModemGroup *group = g_ptr_array_index (self->groups, i);
      PlugModem *modem = plug_modem_group_get_modem (group);
      g_autoptr(GPtrArray) bound = g_ptr_array_new ();

      for (guint j = 0; j < connections->len; j++)
        {
          if (is_bound_to (g_ptr_array_index (connections, j), modem))
            g_ptr_array_add (bound, g_ptr_array_index (connections, j));
        }
      plug_modem_group_set_connections (group, client, bound);
    }

  for (guint j = 0; j < connections->len; j++)
    {
      NMConnection *connection = g_ptr_array_index (connections, j);
      gboolean bound = FALSE;

      for (guint i = 0; i < self->groups->len && !bound; i++)
        bound = is_bound_to (connection, plug_modem_group_get_modem (g_ptr_array_index (self->groups, i)));
      if (!bound)
        g_ptr_array_add (others, connection);
    }
  plug_connection_rows_sync (self->other_group, self->other_rows, client, others);
  gtk_widget_set_visible (GTK_WIDGET (self->other_group), others->len > 0);
  plug_panel_object_rows_changed (PLUG_PANEL (self));
}

/* Keeps one group per modem, in the modem list's order. */
static void
update_groups (PlugBroadbandPanel *self,
               guint               position,
               guint               removed,
               guint               added)
{
  GListModel *modems = G_LIST_MODEL (self->modem_list);

  for (guint i = 0; i < removed; i++)
    {
      gtk_box_remove (self->modems_box, g_ptr_array_index (self->groups, position));
      g_ptr_array_remove_index (self->groups, position);
    }

  for (guint i = 0; i < added; i++)
    {
      g_autoptr(PlugModem) modem = g_list_model_get_item (modems, position + i);
      GtkWidget *group = plug_modem_group_new (modem, plug_modem_list_get_manager (self->modem_list));
      GtkWidget *previous = position + i > 0 ? g_ptr_array_index (self->groups, position + i - 1) : NULL;

      gtk_box_insert_child_after (self->modems_box, group, previous);
      g_ptr_array_insert (self->groups, position + i, group);
    }

  update_connections (self);
}

static void update_state (PlugBroadbandPanel *self);

static void
installed_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GtkWidget) button = user_data;
  g_autoptr(GError) error = NULL;
  PlugModemProblem problem = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "problem"));
  GtkWidget *panel = gtk_widget_get_ancestor (button, PLUG_TYPE_BROADBAND_PANEL);
  const char *message;

  if (!plug_package_installer_install_files_finish (result, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  gtk_widget_set_sensitive (button, TRUE);
  gtk_button_set_label (GTK_BUTTON (button), _("_Install…"));
  if (panel == NULL)
    return;

  if (error != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Could not install it: %s"), error->message);

      gtk_widget_activate_action (panel, "broadband.show-toast", "s", text);
      return;
    }

  message = problem == PLUG_MODEM_PROBLEM_NOT_MANAGED
            ? _("Installed: restart NetworkManager, or the computer, for it to use the modem")
            : _("Installed: unplug the modem and plug it in again");
  gtk_widget_activate_action (panel, "broadband.show-toast", "s", message);
}

static void
install_clicked_cb (GtkButton          *button,
                    PlugBroadbandPanel *self)
{
  const char * const *files = g_object_get_data (G_OBJECT (button), "files");

  gtk_widget_set_sensitive (GTK_WIDGET (button), FALSE);
  gtk_button_set_label (button, _("Installing…"));
  plug_package_installer_install_files_async (files, self->installer_cancellable,
                                              installed_cb, g_object_ref (button));
}

static GtkWidget *
problem_group_new (PlugBroadbandPanel *self,
                   const char         *title,
                   const char         *description,
                   PlugModemProblem    problem)
{
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());
  g_autofree char *escaped_title = g_markup_escape_text (title, -1);
  g_autofree char *escaped_description = g_markup_escape_text (description, -1);
  g_autofree char *reason = g_strdup_printf ("%s.", plug_modem_problem_get_description (problem));
  g_autofree char *escaped_reason = g_markup_escape_text (reason, -1);
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

  /* Titles and descriptions are markup; names come from the hardware. */
  adw_preferences_group_set_title (group, escaped_title);
  adw_preferences_group_set_description (group, escaped_description);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), plug_modem_problem_get_title (problem));
  adw_action_row_set_subtitle (row, escaped_reason);
  adw_action_row_add_prefix (row, icon);
  adw_preferences_group_add (group, GTK_WIDGET (row));

  /* The package that mends it, found by file by the desktop's software
   * installer; without one, the reason names the package. */
  if (self->installer_available)
    {
      NMClient *client = get_client (self);
      g_auto(GStrv) files = plug_modem_problem_dup_fix_files (problem,
                                                              client != NULL ? nm_client_get_version (client) : NULL);

      if (files != NULL)
        {
          GtkWidget *button = gtk_button_new_with_mnemonic (_("_Install…"));

          gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
          g_object_set_data_full (G_OBJECT (button), "files", g_steal_pointer (&files), (GDestroyNotify) g_strfreev);
          g_object_set_data (G_OBJECT (button), "problem", GINT_TO_POINTER (problem));
          g_signal_connect_object (button, "clicked", G_CALLBACK (install_clicked_cb), self, 0);
          adw_action_row_add_suffix (row, button);
        }
    }

  return GTK_WIDGET (group);
}

static guint
n_unusable_modems (PlugBroadbandPanel *self)
{
  guint n = self->storage_modems->len;

  if (self->modem_list != NULL)
    n += g_list_model_get_n_items (plug_modem_list_get_unmanaged (self->modem_list));

  return n;
}

/* One group for each modem that cannot be used, rebuilt whenever one
 * comes or goes. */
static void
update_problem_groups (PlugBroadbandPanel *self)
{
  GListModel *unmanaged = self->modem_list != NULL ? plug_modem_list_get_unmanaged (self->modem_list) : NULL;

  for (guint i = 0; i < self->problem_groups->len; i++)
    gtk_box_remove (self->modems_box, g_ptr_array_index (self->problem_groups, i));
  g_ptr_array_set_size (self->problem_groups, 0);

  for (guint i = 0; unmanaged != NULL && i < g_list_model_get_n_items (unmanaged); i++)
    {
      g_autoptr(PlugModem) modem = g_list_model_get_item (unmanaged, i);
      g_autofree char *name = plug_modem_dup_display_name (modem);
      const char *interface = plug_modem_get_interface (modem);
      g_autofree char *description =
        /* Translators: a modem's interface and the networks it works
         * with, such as “ttyUSB2 · GSM, UMTS, LTE or 5G” */
        g_strdup_printf (_("%s · %s"), interface != NULL ? interface : "-",
                         plug_modem_family_get_display_name (plug_modem_get_family (modem)));
      GtkWidget *group = problem_group_new (self, name, description, plug_modem_get_problem (modem));

      gtk_widget_insert_before (group, GTK_WIDGET (self->modems_box), GTK_WIDGET (self->other_group));
      g_ptr_array_add (self->problem_groups, group);
    }

  for (guint i = 0; i < self->storage_modems->len; i++)
    {
      PlugStorageModem *modem = g_ptr_array_index (self->storage_modems, i);
      g_autofree char *name = plug_storage_modem_dup_display_name (modem);
      g_autofree char *description =
        /* Translators: a modem in storage mode: its drive and USB ids,
         * such as “/dev/sr1 · USB 12d1:1f01” */
        g_strdup_printf (_("%s · USB %s"), plug_storage_modem_get_device (modem),
                         plug_storage_modem_get_usb_id (modem));
      GtkWidget *group = problem_group_new (self, name, description, PLUG_MODEM_PROBLEM_STORAGE_MODE);

      gtk_widget_insert_before (group, GTK_WIDGET (self->modems_box), GTK_WIDGET (self->other_group));
      g_ptr_array_add (self->problem_groups, group);
    }
}

static void
installer_checked_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  gboolean available = plug_package_installer_check_finish (result, &error);
  PlugBroadbandPanel *self;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (!available)
    {
      g_debug ("No software installer on the session bus: %s", error != NULL ? error->message : "");
      return;
    }

  self = PLUG_BROADBAND_PANEL (user_data);
  self->installer_available = TRUE;
  update_problem_groups (self);
}

static void
unmanaged_changed_cb (PlugBroadbandPanel *self)
{
  update_problem_groups (self);
  update_state (self);
}

/* Looks for modems in storage mode again: udev saw a block device come,
 * go or change, or udisks' objects changed. */
static void
storage_changed_cb (PlugBroadbandPanel *self)
{
  PlugServices *services = plug_panel_get_services (PLUG_PANEL (self));
  UDisksClient *udisks = services != NULL ? plug_services_get_udisks_client (services) : NULL;
  GUdevClient *udev = services != NULL ? plug_services_get_udev_client (services) : NULL;
  g_autoptr(GPtrArray) found = NULL;
  gboolean same;

  if (udisks != NULL && udev != NULL && plug_services_is_running (services, PLUG_SERVICE_KIND_UDISKS))
    found = plug_storage_modem_find_all (udisks, udev);
  else
    found = g_ptr_array_new_with_free_func (g_object_unref);

  same = found->len == self->storage_modems->len;
  for (guint i = 0; same && i < found->len; i++)
    same = g_strcmp0 (plug_storage_modem_get_device (g_ptr_array_index (found, i)),
                      plug_storage_modem_get_device (g_ptr_array_index (self->storage_modems, i))) == 0 &&
           g_strcmp0 (plug_storage_modem_get_usb_id (g_ptr_array_index (found, i)),
                      plug_storage_modem_get_usb_id (g_ptr_array_index (self->storage_modems, i))) == 0;
  if (same)
    return;

  g_ptr_array_unref (self->storage_modems);
  self->storage_modems = g_steal_pointer (&found);
  update_problem_groups (self);
  update_state (self);
}

static void
modems_changed_cb (PlugBroadbandPanel *self,
                   guint               position,
                   guint               removed,
                   guint               added,
                   GListModel         *modems)
{
  update_groups (self, position, removed, added);

  /* When a service stops, its modems leave the list; that makes the list
   * empty, but the panel should say why. */
  update_state (self);
}

static void
clear_modem_list (PlugBroadbandPanel *self)
{
  if (self->modem_list != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->modem_list, self);
      g_signal_handlers_disconnect_by_data (plug_modem_list_get_unmanaged (self->modem_list), self);
    }
  g_clear_object (&self->modem_list);
  update_problem_groups (self);

  for (guint i = 0; i < self->groups->len; i++)
    gtk_box_remove (self->modems_box, g_ptr_array_index (self->groups, i));
  g_ptr_array_set_size (self->groups, 0);
  g_signal_group_set_target (self->client_signals, NULL);
  update_connections (self);
}

static void
set_clients (PlugBroadbandPanel *self,
             NMClient           *client,
             MMManager          *manager)
{
  if (self->modem_list != NULL &&
      plug_modem_list_get_client (self->modem_list) == client &&
      plug_modem_list_get_manager (self->modem_list) == manager)
    return;

  clear_modem_list (self);

  self->modem_list = plug_modem_list_new (client, manager);
  g_signal_group_set_target (self->client_signals, client);
  g_signal_connect_object (self->modem_list, "items-changed",
                           G_CALLBACK (modems_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (plug_modem_list_get_unmanaged (self->modem_list), "items-changed",
                           G_CALLBACK (unmanaged_changed_cb), self,
                           G_CONNECT_SWAPPED);
  update_groups (self, 0, 0, g_list_model_get_n_items (G_LIST_MODEL (self->modem_list)));
  update_problem_groups (self);
}

static void
show_service_missing (PlugBroadbandPanel *self,
                      PlugServiceKind     kind)
{
  g_autofree char *title = NULL;
  g_autofree char *description = NULL;

  if (kind == PLUG_SERVICE_KIND_NETWORK_MANAGER)
    {
      title = g_strdup (_("NetworkManager Is Not Running"));
      description =
        /* Translators: %s is the name of a package, such as network-manager */
        g_strdup_printf (_("Mobile broadband connections are made by the NetworkManager system service. Install the “%s” package, or start its service."),
                         plug_service_kind_get_package (kind));
    }
  else
    {
      title = g_strdup (_("ModemManager Is Not Running"));
      description =
        /* Translators: %s is the name of a package, such as modemmanager */
        g_strdup_printf (_("Plugboard finds modems through the ModemManager system service. Install the “%s” package, or start its service."),
                         plug_service_kind_get_package (kind));
    }

  show_unavailable (self, title, description);
}

static void
update_state (PlugBroadbandPanel *self)
{
  PlugServices *services = plug_panel_get_services (PLUG_PANEL (self));
  NMClient *client;
  MMManager *manager;

  if (services == NULL)
    {
      set_unavailable (self, _("Still Looking for Modems"),
                       _("Plugboard is still reaching NetworkManager and ModemManager. Try again in a moment."));
      show_page (self, "loading");
      return;
    }

  if (plug_services_get_system_bus_error (services) != NULL)
    {
      g_autofree char *description =
        /* Translators: %s is the error message from D-Bus */
        g_strdup_printf (_("Modems are listed by system services, which Plugboard reaches through the system bus: %s"),
                         plug_services_get_system_bus_error (services));

      show_unavailable (self, _("System Bus Not Reachable"), description);
      return;
    }

  client = plug_services_get_nm_client (services);
  manager = plug_services_get_mm_manager (services);

  /* NetworkManager first: without it there is no connection to make,
   * and the modems listed are its devices. */
  if (client == NULL || !plug_services_is_running (services, PLUG_SERVICE_KIND_NETWORK_MANAGER))
    {
      show_service_missing (self, PLUG_SERVICE_KIND_NETWORK_MANAGER);
      return;
    }

  if (manager == NULL || !plug_services_is_running (services, PLUG_SERVICE_KIND_MODEM_MANAGER))
    {
      show_service_missing (self, PLUG_SERVICE_KIND_MODEM_MANAGER);
      return;
    }

  set_clients (self, client, manager);
  set_unavailable (self, NULL, NULL);

  /* Saved connections stay in sight without their modem, to be deleted. */
  if (g_list_model_get_n_items (G_LIST_MODEL (self->modem_list)) > 0 || n_unusable_modems (self) > 0 ||
      self->other_rows->len > 0)
    show_page (self, "modems");
  else
    show_page (self, "empty");
}

static void
services_changed_cb (PlugBroadbandPanel *self,
                     PlugServiceKind     kind)
{
  if (kind == PLUG_SERVICE_KIND_NETWORK_MANAGER || kind == PLUG_SERVICE_KIND_MODEM_MANAGER)
    update_state (self);
  if (kind == PLUG_SERVICE_KIND_UDISKS)
    {
      PlugServices *services = plug_panel_get_services (PLUG_PANEL (self));

      g_signal_group_set_target (self->udisks_signals, plug_services_get_udisks_client (services));
      storage_changed_cb (self);
    }
}

static void
plug_broadband_panel_services_changed (PlugPanel    *panel,
                                       PlugServices *services)
{
  PlugBroadbandPanel *self = PLUG_BROADBAND_PANEL (panel);

  g_signal_group_set_target (self->services_signals, services);
  g_signal_group_set_target (self->udev_signals, services != NULL ? plug_services_get_udev_client (services) : NULL);
  g_signal_group_set_target (self->udisks_signals, services != NULL ? plug_services_get_udisks_client (services) : NULL);
  if (services == NULL)
    clear_modem_list (self);
  storage_changed_cb (self);
  update_state (self);
}

static void
plug_broadband_panel_dispose (GObject *object)
{
  PlugBroadbandPanel *self = PLUG_BROADBAND_PANEL (object);

  if (self->groups != NULL)
    clear_modem_list (self);
  g_clear_pointer (&self->groups, g_ptr_array_unref);
  g_clear_pointer (&self->other_rows, g_ptr_array_unref);
  g_clear_pointer (&self->problem_groups, g_ptr_array_unref);
  g_clear_pointer (&self->storage_modems, g_ptr_array_unref);
  g_clear_object (&self->udev_signals);
  g_clear_object (&self->udisks_signals);
  g_clear_object (&self->services_signals);
  g_clear_object (&self->client_signals);
  g_cancellable_cancel (self->radio_cancellable);
  g_clear_object (&self->radio_cancellable);
  g_cancellable_cancel (self->installer_cancellable);
  g_clear_object (&self->installer_cancellable);
  g_clear_pointer (&self->unavailable_title, g_free);
  g_clear_pointer (&self->unavailable_description, g_free);

  /* The template's root is AdwBin's child: AdwBin must let go of it first,
   * or disposing the template unparents it behind AdwBin's back, and
   * AdwBin then unparents a widget that is gone. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), PLUG_TYPE_BROADBAND_PANEL);

  G_OBJECT_CLASS (plug_broadband_panel_parent_class)->dispose (object);
}

static void
wizard_done_cb (PlugBroadbandPanel *self,
                const char         *message)
{
  /* A toast's title is Pango markup: a name such as “AT&T” is text. */
  g_autofree char *escaped = g_markup_escape_text (message, -1);

  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (escaped));
}

static void
add_connection_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  PlugBroadbandPanel *self = PLUG_BROADBAND_PANEL (widget);
  PlugConnectionWizard *wizard;
  PlugBroadbandRadio radio = PLUG_BROADBAND_RADIO_ON;

  if (self->unavailable_title == NULL && self->modem_list != NULL)
    radio = plug_broadband_get_radio (plug_modem_list_get_client (self->modem_list));

  if (radio == PLUG_BROADBAND_RADIO_OFF)
    {
      wizard = plug_connection_wizard_new (NULL, NULL);
      plug_connection_wizard_show_unavailable (wizard, _("Mobile Broadband Is Turned Off"),
                                               _("Turn it on at the top of the Mobile Broadband panel, then add the connection."));
    }
  else if (radio == PLUG_BROADBAND_RADIO_HARDWARE_OFF)
    {
      wizard = plug_connection_wizard_new (NULL, NULL);
      plug_connection_wizard_show_unavailable (wizard, _("Mobile Broadband Is Turned Off"),
                                               _("Use the laptop’s wireless switch or key to turn mobile broadband on, then add the connection."));
    }
  else if (self->unavailable_title == NULL && self->modem_list != NULL &&
           g_list_model_get_n_items (G_LIST_MODEL (self->modem_list)) == 0 && n_unusable_modems (self) > 0)
    {
      g_autoptr(PlugModem) unmanaged = g_list_model_get_item (plug_modem_list_get_unmanaged (self->modem_list), 0);
      PlugModemProblem problem = unmanaged != NULL ? plug_modem_get_problem (unmanaged)
                                                   : PLUG_MODEM_PROBLEM_STORAGE_MODE;
      g_autofree char *description = g_strdup_printf ("%s.", plug_modem_problem_get_description (problem));

      /* Without it the wizard would say no modem was found. */
      wizard = plug_connection_wizard_new (NULL, NULL);
      plug_connection_wizard_show_unavailable (wizard, plug_modem_problem_get_title (problem), description);
    }
  else if (self->unavailable_title != NULL || self->modem_list == NULL)
    {
      wizard = plug_connection_wizard_new (NULL, NULL);
      plug_connection_wizard_show_unavailable (wizard,
                                               self->unavailable_title != NULL ? self->unavailable_title : _("Still Looking for Modems"),
                                               self->unavailable_description != NULL ? self->unavailable_description : "");
    }
  else
    wizard = plug_connection_wizard_new (plug_modem_list_get_client (self->modem_list), self->modem_list);

  g_signal_connect_object (wizard, "done", G_CALLBACK (wizard_done_cb), self, G_CONNECT_SWAPPED);
  plug_dialog_present (PLUG_DIALOG (wizard), widget);
}

static void
set_radio_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(PlugBroadbandPanel) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *escaped = NULL;
  AdwToast *toast;

  if (!plug_broadband_set_radio_finish (result, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  g_clear_object (&self->radio_cancellable);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "broadband.turn-radio-on", TRUE);

  if (error == NULL)
    {
      adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (_("Mobile broadband is on")));
      return;
    }

  /* Translators: %s says why, such as “You are not authorized to turn mobile broadband on (…)” */
  escaped = g_markup_printf_escaped (_("Could not turn mobile broadband on. %s."), error->message);
  toast = adw_toast_new (escaped);
  adw_toast_set_timeout (toast, 10);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
turn_radio_on_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  PlugBroadbandPanel *self = PLUG_BROADBAND_PANEL (widget);
  NMClient *client = get_client (self);

  if (client == NULL || self->radio_cancellable != NULL)
    return;

  /* Pressed once: NetworkManager answers, then the row goes. */
  gtk_widget_action_set_enabled (widget, "broadband.turn-radio-on", FALSE);
  self->radio_cancellable = g_cancellable_new ();
  plug_broadband_set_radio_async (client, TRUE, self->radio_cancellable,
                                  set_radio_cb, g_object_ref (self));
}

static void
show_toast_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  PlugBroadbandPanel *self = PLUG_BROADBAND_PANEL (widget);
  g_autofree char *escaped = g_markup_escape_text (g_variant_get_string (parameter, NULL), -1);
  AdwToast *toast = adw_toast_new (escaped);

  /* Failures are long sentences: time to read them. */
  adw_toast_set_timeout (toast, 10);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
connections_changed_cb (PlugBroadbandPanel *self)
{
  update_connections (self);
  update_state (self);
}

static void
plug_broadband_panel_class_init (PlugBroadbandPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PlugPanelClass *panel_class = PLUG_PANEL_CLASS (klass);

  object_class->dispose = plug_broadband_panel_dispose;


  panel_class->services_changed = plug_broadband_panel_services_changed;
  panel_class->focus_object = plug_broadband_panel_focus_object;

  gtk_widget_class_install_action (widget_class, "broadband.add-connection", NULL, add_connection_action);
  gtk_widget_class_install_action (widget_class, "broadband.show-toast", "s", show_toast_action);
  gtk_widget_class_install_action (widget_class, "broadband.turn-radio-on", NULL, turn_radio_on_action);

  g_type_ensure (PLUG_TYPE_DELAYED_SPINNER);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/plugboard/Plugboard/panels/broadband/plug-broadband-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, PlugBroadbandPanel, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, PlugBroadbandPanel, stack);
  gtk_widget_class_bind_template_child (widget_class, PlugBroadbandPanel, spinner);
  gtk_widget_class_bind_template_child (widget_class, PlugBroadbandPanel, unavailable_page);
  gtk_widget_class_bind_template_child (widget_class, PlugBroadbandPanel, modems_box);
  gtk_widget_class_bind_template_child (widget_class, PlugBroadbandPanel, radio_clamp);
  gtk_widget_class_bind_template_child (widget_class, PlugBroadbandPanel, radio_row);
  gtk_widget_class_bind_template_child (widget_class, PlugBroadbandPanel, radio_button);
}

static void
plug_broadband_panel_init (PlugBroadbandPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->groups = g_ptr_array_new ();
  self->other_rows = g_ptr_array_new ();
  self->problem_groups = g_ptr_array_new ();
  self->storage_modems = g_ptr_array_new_with_free_func (g_object_unref);

  self->udev_signals = g_signal_group_new (G_UDEV_TYPE_CLIENT);
  g_signal_group_connect_object (self->udev_signals, "uevent",
                                 G_CALLBACK (storage_changed_cb), self,
                                 G_CONNECT_SWAPPED);
  self->udisks_signals = g_signal_group_new (UDISKS_TYPE_CLIENT);
  g_signal_group_connect_object (self->udisks_signals, "changed",
                                 G_CALLBACK (storage_changed_cb), self,
                                 G_CONNECT_SWAPPED);

  self->other_group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  adw_preferences_group_set_title (self->other_group, _("Other Connections"));
  adw_preferences_group_set_description (self->other_group,
                                         _("For any modem of their kind, or for a modem that is not plugged in"));
  gtk_widget_set_visible (GTK_WIDGET (self->other_group), FALSE);
  gtk_box_append (self->modems_box, GTK_WIDGET (self->other_group));

  self->client_signals = g_signal_group_new (NM_TYPE_CLIENT);
  g_signal_group_connect_object (self->client_signals, NM_CLIENT_CONNECTION_ADDED,
                                 G_CALLBACK (connections_changed_cb), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->client_signals, NM_CLIENT_CONNECTION_REMOVED,
                                 G_CALLBACK (connections_changed_cb), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->client_signals, "notify::" NM_CLIENT_WWAN_ENABLED,
                                 G_CALLBACK (update_radio), self,
                                 G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->client_signals, "notify::" NM_CLIENT_WWAN_HARDWARE_ENABLED,
                                 G_CALLBACK (update_radio), self,
                                 G_CONNECT_SWAPPED);

  self->services_signals = g_signal_group_new (PLUG_TYPE_SERVICES);
  g_signal_group_connect_object (self->services_signals, "changed",
                                 G_CALLBACK (services_changed_cb), self,
                                 G_CONNECT_SWAPPED);

  show_page (self, "loading");

  self->installer_cancellable = g_cancellable_new ();
  plug_package_installer_check_async (self->installer_cancellable, installer_checked_cb, self);
}
