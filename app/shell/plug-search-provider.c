/* plug-search-provider.c: Plugboard's results in GNOME Shell's search
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "plug-broadband-actions.h"
#include "plug-drive-list.h"
#include "plug-panel-registry.h"
#include "plug-search-match.h"
#include "plug-search-provider.h"

/*
 * GNOME Shell asks every search provider the desktop has installed
 * (share/gnome-shell/search-providers/) what matches the words typed in
 * the overview, through org.gnome.Shell.SearchProvider2 on the
 * application's own bus name, which starts the application when it is
 * not running. Plugboard answers with its panels (by title and keywords:
 * "format" finds Drives, "driver" Graphics), the user's drives as the
 * Drives panel lists them (by label, model or name) and the mobile
 * broadband connections (by name).
 *
 * Result ids:
 *   panel:<panel id>             panel:drives
 *   drive:<udisks object path>   the path the drive list keys the drive by:
 *                                its Drive's, or the loop device's block for
 *                                a disk image
 *   connection:<uuid>            a NetworkManager connection
 *
 * The drives and connections are read from the clients PlugServices
 * holds, in memory: nothing blocks. Until the application has looked the
 * services up (just after it was started to answer), a call waits for
 * them and is answered then; the application is held meanwhile, so that
 * it does not exit before it answers. Without udisks or NetworkManager
 * the panels alone are found.
 *
 * Activating a result shows its panel and, for a drive or a connection,
 * focuses its row, through the application's show-panel and show-object
 * actions.
 */

#define DRIVE_PREFIX "drive:"
#define CONNECTION_PREFIX "connection:"
#define PANEL_PREFIX "panel:"

static const char introspection_xml[] =
  "<node>"
  "  <interface name='org.gnome.Shell.SearchProvider2'>"
  "    <method name='GetInitialResultSet'>"
  "      <arg type='as' name='terms' direction='in'/>"
  "      <arg type='as' name='results' direction='out'/>"
  "    </method>"
  "    <method name='GetSubsearchResultSet'>"
  "      <arg type='as' name='previous_results' direction='in'/>"
  "      <arg type='as' name='terms' direction='in'/>"
  "      <arg type='as' name='results' direction='out'/>"
  "    </method>"
  "    <method name='GetResultMetas'>"
  "      <arg type='as' name='identifiers' direction='in'/>"
  "      <arg type='aa{sv}' name='metas' direction='out'/>"
  "    </method>"
  "    <method name='ActivateResult'>"
  "      <arg type='s' name='identifier' direction='in'/>"
  "      <arg type='as' name='terms' direction='in'/>"
  "      <arg type='u' name='timestamp' direction='in'/>"
  "    </method>"
  "    <method name='LaunchSearch'>"
  "      <arg type='as' name='terms' direction='in'/>"
  "      <arg type='u' name='timestamp' direction='in'/>"
  "    </method>"
  "  </interface>"
  "</node>";

struct _PlugSearchProvider
{
  GObject          parent_instance;

  /* Not owned: the application owns the provider. */
  PlugApplication *application;

  /* Owned */
  GDBusConnection *connection;
  guint            registration_id;
  /* Calls that wait for the services; each holds the application. */
  GPtrArray       *pending;
  /* The Drives panel's list, made from the services' udisks client. */
  PlugDriveList   *drive_list;
};

G_DEFINE_FINAL_TYPE (PlugSearchProvider, plug_search_provider, G_TYPE_OBJECT)

static PlugServices *
get_services (PlugSearchProvider *self)
{
  return plug_application_get_services (self->application);
}

/* The list the Drives panel shows: the user's drives and disk images,
 * never the system's disks. */
static PlugDriveList *
get_drive_list (PlugSearchProvider *self)
{
  PlugServices *services = get_services (self);
  UDisksClient *client;

  if (plug_panel_registry_lookup ("drives") == NULL || services == NULL)
    {
      g_clear_object (&self->drive_list);
      return NULL;
    }

  client = plug_services_get_udisks_client (services);
  if (client == NULL || !plug_services_is_running (services, PLUG_SERVICE_KIND_UDISKS))
    {
      g_clear_object (&self->drive_list);
      return NULL;
    }

  if (self->drive_list == NULL || plug_drive_list_get_client (self->drive_list) != client)
    {
      g_clear_object (&self->drive_list);
      self->drive_list = plug_drive_list_new (client, PLUG_DRIVE_LIST_FLAGS_NONE);
    }

  return self->drive_list;
}

/* NetworkManager's mobile broadband connections, as the Mobile Broadband
 * panel lists them. */
static GPtrArray *
list_connections (PlugSearchProvider *self)
{
  PlugServices *services = get_services (self);
  NMClient *client;

  if (plug_panel_registry_lookup ("broadband") == NULL || services == NULL)
    return NULL;

  client = plug_services_get_nm_client (services);
  if (client == NULL || !plug_services_is_running (services, PLUG_SERVICE_KIND_NETWORK_MANAGER))
    return NULL;

  return plug_broadband_list_connections (client);
}

static GStrv
dup_drive_names (PlugDrive *drive)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autofree char *display_name = plug_drive_dup_display_name (drive);
  GListModel *volumes = plug_drive_get_volumes (drive);

  g_strv_builder_add (builder, display_name);
  if (plug_drive_get_vendor (drive) != NULL)
    g_strv_builder_add (builder, plug_drive_get_vendor (drive));
  if (plug_drive_get_model (drive) != NULL)
    g_strv_builder_add (builder, plug_drive_get_model (drive));

  for (guint i = 0; i < g_list_model_get_n_items (volumes); i++)
    {
      g_autoptr(PlugVolume) volume = g_list_model_get_item (volumes, i);

      if (plug_volume_get_label (volume) != NULL)
        g_strv_builder_add (builder, plug_volume_get_label (volume));
    }

  return g_strv_builder_end (builder);
}

static GStrv
search (PlugSearchProvider *self,
        const char * const *terms)
{
  g_autoptr(GStrvBuilder) results = g_strv_builder_new ();
  g_autoptr(GPtrArray) connections = NULL;
  const PlugPanelInfo *panels;
  PlugDriveList *drive_list;
  guint n_panels;

  panels = plug_panel_registry_get_all (&n_panels);
  for (guint i = 0; i < n_panels; i++)
    {
      if (plug_search_match_panel (terms, panels[i].id, _(panels[i].title)))
        {
          g_autofree char *id = g_strconcat (PANEL_PREFIX, panels[i].id, NULL);

          g_strv_builder_add (results, id);
        }
    }

  drive_list = get_drive_list (self);
  for (guint i = 0; drive_list != NULL && i < g_list_model_get_n_items (G_LIST_MODEL (drive_list)); i++)
    {
      g_autoptr(PlugDrive) drive = g_list_model_get_item (G_LIST_MODEL (drive_list), i);
      g_auto(GStrv) names = dup_drive_names (drive);

      if (plug_search_match_strings (terms, (const char * const *) names))
        {
          g_autofree char *id = g_strconcat (DRIVE_PREFIX, plug_drive_get_object_path (drive), NULL);

          g_strv_builder_add (results, id);
        }
    }

  connections = list_connections (self);
  for (guint i = 0; connections != NULL && i < connections->len; i++)
    {
      NMConnection *connection = g_ptr_array_index (connections, i);
      const char *names[] = { nm_connection_get_id (connection), NULL };

      if (nm_connection_get_uuid (connection) != NULL &&
          plug_search_match_strings (terms, names))
        {
          g_autofree char *id = g_strconcat (CONNECTION_PREFIX, nm_connection_get_uuid (connection), NULL);

          g_strv_builder_add (results, id);
        }
    }

  return g_strv_builder_end (results);
}

static void
add_meta (GVariantBuilder *metas,
          const char      *id,
          const char      *name,
          const char      *description,
          GIcon           *icon)
{
  g_autofree char *icon_string = g_icon_to_string (icon);
  g_autoptr(GVariant) serialized_icon = g_icon_serialize (icon);
  GVariantBuilder meta;

  g_variant_builder_init (&meta, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&meta, "{sv}", "id", g_variant_new_string (id));
  g_variant_builder_add (&meta, "{sv}", "name", g_variant_new_string (name));
  if (description != NULL)
    g_variant_builder_add (&meta, "{sv}", "description", g_variant_new_string (description));
  if (icon_string != NULL)
    g_variant_builder_add (&meta, "{sv}", "gicon", g_variant_new_string (icon_string));
  if (serialized_icon != NULL)
    g_variant_builder_add (&meta, "{sv}", "icon", serialized_icon);
  g_variant_builder_add_value (metas, g_variant_builder_end (&meta));
}

static void
add_panel_meta (GVariantBuilder *metas,
                const char      *id)
{
  const PlugPanelInfo *info = plug_panel_registry_lookup (id + strlen (PANEL_PREFIX));
  const char *names[3] = { NULL, };
  g_autoptr(GIcon) icon = NULL;

  if (info == NULL)
    return;

  names[0] = info->icon_name;
  names[1] = info->theme_icon_name;
  icon = g_themed_icon_new_from_names ((char **) names, -1);
  add_meta (metas, id, _(info->title), _(info->description), icon);
}

static void
add_drive_meta (PlugSearchProvider *self,
                GVariantBuilder    *metas,
                const char         *id)
{
  PlugDriveList *drive_list = get_drive_list (self);
  const char *object_path = id + strlen (DRIVE_PREFIX);

  for (guint i = 0; drive_list != NULL && i < g_list_model_get_n_items (G_LIST_MODEL (drive_list)); i++)
    {
      g_autoptr(PlugDrive) drive = g_list_model_get_item (G_LIST_MODEL (drive_list), i);
      GListModel *volumes = plug_drive_get_volumes (drive);
      g_autoptr(GStrvBuilder) volume_names = g_strv_builder_new ();
      g_auto(GStrv) names = NULL;
      g_autofree char *name = NULL;
      g_autofree char *description = NULL;
      g_autoptr(GIcon) icon = NULL;

      if (g_strcmp0 (plug_drive_get_object_path (drive), object_path) != 0)
        continue;

      for (guint j = 0; j < g_list_model_get_n_items (volumes); j++)
        {
          g_autoptr(PlugVolume) volume = g_list_model_get_item (volumes, j);
          g_autofree char *volume_name = plug_volume_dup_display_name (volume);

          g_strv_builder_add (volume_names, volume_name);
        }
      names = g_strv_builder_end (volume_names);

      name = plug_drive_dup_display_name (drive);
      if (names[0] != NULL)
        /* Translators: how a drive's volumes are listed in a search result,
         * such as “PHOTOS, MUSIC” */
        description = g_strjoinv (_(", "), names);
      else
        description = g_format_size (plug_drive_get_size (drive));

      icon = g_themed_icon_new_with_default_fallbacks (plug_drive_is_disk_image (drive) ? "media-optical"
                                                                                     : "drive-removable-media");
      add_meta (metas, id, name, description, icon);
      return;
    }
}

static void
add_connection_meta (PlugSearchProvider *self,
                     GVariantBuilder    *metas,
                     const char         *id)
{
  g_autoptr(GPtrArray) connections = list_connections (self);
  const char *uuid = id + strlen (CONNECTION_PREFIX);

  for (guint i = 0; connections != NULL && i < connections->len; i++)
    {
      NMConnection *connection = g_ptr_array_index (connections, i);
      g_autoptr(GIcon) icon = NULL;

      if (g_strcmp0 (nm_connection_get_uuid (connection), uuid) != 0)
        continue;

      icon = g_themed_icon_new ("network-cellular-symbolic");
      add_meta (metas, id, nm_connection_get_id (connection),
                _("Mobile broadband connection"), icon);
      return;
    }
}

/* Results that are gone are left out: the shell shows what it got. */
static GVariant *
get_result_metas (PlugSearchProvider *self,
                  const char * const *ids)
{
  GVariantBuilder metas;

  g_variant_builder_init (&metas, G_VARIANT_TYPE ("aa{sv}"));
  for (guint i = 0; ids[i] != NULL; i++)
    {
      if (g_str_has_prefix (ids[i], PANEL_PREFIX))
        add_panel_meta (&metas, ids[i]);
      else if (g_str_has_prefix (ids[i], DRIVE_PREFIX))
        add_drive_meta (self, &metas, ids[i]);
      else if (g_str_has_prefix (ids[i], CONNECTION_PREFIX))
        add_connection_meta (self, &metas, ids[i]);
    }

  return g_variant_new ("(aa{sv})", &metas);
}

/* Answers a call that needs the services, once they are known. */
static void
answer (PlugSearchProvider    *self,
        GDBusMethodInvocation *invocation)
{
  const char *method_name = g_dbus_method_invocation_get_method_name (invocation);
  GVariant *parameters = g_dbus_method_invocation_get_parameters (invocation);

  if (g_str_equal (method_name, "GetInitialResultSet"))
    {
      g_autofree const char **terms = NULL;
      g_auto(GStrv) results = NULL;

      g_variant_get (parameters, "(^a&s)", &terms);
      results = search (self, terms);
      g_dbus_method_invocation_return_value (invocation,
                                             g_variant_new ("(^as)", results));
    }
  else if (g_str_equal (method_name, "GetSubsearchResultSet"))
    {
      g_autofree const char **previous = NULL;
      g_autofree const char **terms = NULL;
      g_auto(GStrv) results = NULL;

      /* Searching again costs no more than filtering: everything is in
       * memory, and a drive may have come since. */
      g_variant_get (parameters, "(^a&s^a&s)", &previous, &terms);
      results = search (self, terms);
      g_dbus_method_invocation_return_value (invocation,
                                             g_variant_new ("(^as)", results));
    }
  else if (g_str_equal (method_name, "GetResultMetas"))
    {
      g_autofree const char **ids = NULL;

      g_variant_get (parameters, "(^a&s)", &ids);
      g_dbus_method_invocation_return_value (invocation, get_result_metas (self, ids));
    }
  else
    {
      g_dbus_method_invocation_return_error (invocation, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_METHOD,
                                             "No method %s", method_name);
    }
}

static void
answer_pending (PlugSearchProvider *self)
{
  g_autoptr(GPtrArray) pending = NULL;

  if (self->pending->len == 0 || plug_application_is_loading_services (self->application))
    return;

  pending = g_steal_pointer (&self->pending);
  self->pending = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < pending->len; i++)
    {
      answer (self, g_ptr_array_index (pending, i));
      g_application_release (G_APPLICATION (self->application));
    }
}

static void
activate_result (PlugSearchProvider *self,
                 const char         *id)
{
  GActionGroup *actions = G_ACTION_GROUP (self->application);

  if (g_str_has_prefix (id, PANEL_PREFIX))
    g_action_group_activate_action (actions, "show-panel",
                                    g_variant_new_string (id + strlen (PANEL_PREFIX)));
  else if (g_str_has_prefix (id, DRIVE_PREFIX))
    g_action_group_activate_action (actions, "show-object",
                                    g_variant_new ("(ss)", "drives", id + strlen (DRIVE_PREFIX)));
  else if (g_str_has_prefix (id, CONNECTION_PREFIX))
    g_action_group_activate_action (actions, "show-object",
                                    g_variant_new ("(ss)", "broadband", id + strlen (CONNECTION_PREFIX)));
  else
    g_application_activate (G_APPLICATION (self->application));
}

static void
method_call_cb (GDBusConnection       *connection,
                const char            *sender,
                const char            *object_path,
                const char            *interface_name,
                const char            *method_name,
                GVariant              *parameters,
                GDBusMethodInvocation *invocation,
                gpointer               user_data)
{
  PlugSearchProvider *self = PLUG_SEARCH_PROVIDER (user_data);
  GApplication *application = G_APPLICATION (self->application);

  /* Started by the bus to answer, the application runs as a service,
   * which quits when it has been idle for a while: every call counts. */
  g_application_hold (application);

  if (g_str_equal (method_name, "ActivateResult"))
    {
      const char *id;

      g_variant_get (parameters, "(&s^a&su)", &id, NULL, NULL);
      activate_result (self, id);
      g_dbus_method_invocation_return_value (invocation, NULL);
    }
  else if (g_str_equal (method_name, "LaunchSearch"))
    {
      g_application_activate (application);
      g_dbus_method_invocation_return_value (invocation, NULL);
    }
  else if (plug_application_is_loading_services (self->application))
    {
      /* Answered, and released, once the services are known. */
      g_debug ("%s waits for the system services", method_name);
      g_ptr_array_add (self->pending, g_object_ref (invocation));
      return;
    }
  else
    {
      answer (self, invocation);
    }

  g_application_release (application);
}

static const GDBusInterfaceVTable interface_vtable = {
  method_call_cb,
  NULL,
  NULL,
  { NULL, },
};

/**
 * plug_search_provider_export:
 * @connection: the application's session bus connection
 * @object_path: where to export org.gnome.Shell.SearchProvider2
 *
 * Returns: whether it was exported
 */
gboolean
plug_search_provider_export (PlugSearchProvider  *self,
                             GDBusConnection     *connection,
                             const char          *object_path,
                             GError             **error)
{
  g_autoptr(GDBusNodeInfo) node_info = NULL;

  g_return_val_if_fail (PLUG_IS_SEARCH_PROVIDER (self), FALSE);
  g_return_val_if_fail (G_IS_DBUS_CONNECTION (connection), FALSE);
  g_return_val_if_fail (self->registration_id == 0, FALSE);

  node_info = g_dbus_node_info_new_for_xml (introspection_xml, error);
  if (node_info == NULL)
    return FALSE;

  self->registration_id = g_dbus_connection_register_object (connection, object_path,
                                                             node_info->interfaces[0],
                                                             &interface_vtable,
                                                             self, NULL, error);
  if (self->registration_id == 0)
    return FALSE;

  self->connection = g_object_ref (connection);

  return TRUE;
}

static void
fail_pending (PlugSearchProvider *self)
{
  g_autoptr(GPtrArray) pending = g_steal_pointer (&self->pending);

  self->pending = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; pending != NULL && i < pending->len; i++)
    {
      g_dbus_method_invocation_return_error_literal (g_ptr_array_index (pending, i),
                                                     G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                     "Plugboard is quitting");
      g_application_release (G_APPLICATION (self->application));
    }
}

void
plug_search_provider_unexport (PlugSearchProvider *self)
{
  g_return_if_fail (PLUG_IS_SEARCH_PROVIDER (self));

  fail_pending (self);

  if (self->registration_id != 0)
    g_dbus_connection_unregister_object (self->connection, self->registration_id);
  self->registration_id = 0;
  g_clear_object (&self->connection);
}

static void
plug_search_provider_dispose (GObject *object)
{
  PlugSearchProvider *self = PLUG_SEARCH_PROVIDER (object);

  plug_search_provider_unexport (self);
  g_clear_object (&self->drive_list);

  G_OBJECT_CLASS (plug_search_provider_parent_class)->dispose (object);
}

static void
plug_search_provider_finalize (GObject *object)
{
  PlugSearchProvider *self = PLUG_SEARCH_PROVIDER (object);

  g_clear_pointer (&self->pending, g_ptr_array_unref);

  G_OBJECT_CLASS (plug_search_provider_parent_class)->finalize (object);
}

static void
plug_search_provider_class_init (PlugSearchProviderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = plug_search_provider_dispose;
  object_class->finalize = plug_search_provider_finalize;
}

static void
plug_search_provider_init (PlugSearchProvider *self)
{
  self->pending = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * plug_search_provider_new:
 * @application: the application, which owns the provider
 *
 * Returns: (transfer full): a provider, not exported yet
 */
PlugSearchProvider *
plug_search_provider_new (PlugApplication *application)
{
  PlugSearchProvider *self;

  g_return_val_if_fail (PLUG_IS_APPLICATION (application), NULL);

  self = g_object_new (PLUG_TYPE_SEARCH_PROVIDER, NULL);
  self->application = application;
  g_signal_connect_object (application, "notify::services",
                           G_CALLBACK (answer_pending), self,
                           G_CONNECT_SWAPPED);

  return self;
}
