/* plug-panel.c: Base class of the panels the window hosts
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard"

#include "config.h"

#include "plug-panel.h"
#include "plug-sandbox.h"

/*
 * A panel is created before the system services are known, so that the
 * window can draw its first frame at once; the shell hands it the
 * PlugServices object when it is ready. A panel owns no D-Bus client.
 */

typedef struct
{
  PlugServices *services;
  /* plug_panel_show_object()'s object, until its row has the focus. */
  char         *object_to_show;
  guint         show_object_source_id;
} PlugPanelPrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (PlugPanel, plug_panel, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_SERVICES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
plug_panel_dispose (GObject *object)
{
  PlugPanel *self = PLUG_PANEL (object);
  PlugPanelPrivate *priv = plug_panel_get_instance_private (self);

  g_clear_object (&priv->services);
  g_clear_handle_id (&priv->show_object_source_id, g_source_remove);
  g_clear_pointer (&priv->object_to_show, g_free);

  G_OBJECT_CLASS (plug_panel_parent_class)->dispose (object);
}

static void
plug_panel_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  PlugPanel *self = PLUG_PANEL (object);

  switch (prop_id)
    {
    case PROP_SERVICES:
      g_value_set_object (value, plug_panel_get_services (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_panel_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  PlugPanel *self = PLUG_PANEL (object);

  switch (prop_id)
    {
    case PROP_SERVICES:
      plug_panel_set_services (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void plug_panel_map (GtkWidget *widget);

static void
plug_panel_class_init (PlugPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = plug_panel_dispose;
  object_class->get_property = plug_panel_get_property;
  object_class->set_property = plug_panel_set_property;

  widget_class->map = plug_panel_map;

  properties[PROP_SERVICES] =
    g_param_spec_object ("services", NULL, NULL,
                         PLUG_TYPE_SERVICES,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

/* Whether a notification server is on the session bus: GNOME Shell's
 * (org.gtk.Notifications) or any other desktop's
 * (org.freedesktop.Notifications). Without one, GLib could only warn that
 * the notification went nowhere. A server the bus starts on demand
 * counts too. Inside the Flatpak sandbox the portal takes them. */
enum { NOTIFICATIONS_FREEDESKTOP, NOTIFICATIONS_GTK, NOTIFICATIONS_ACTIVATABLE, N_NOTIFICATION_SERVERS };
static gboolean notification_servers[N_NOTIFICATION_SERVERS];

static void
notification_server_appeared_cb (GDBusConnection *connection,
                                 const char      *name,
                                 const char      *name_owner,
                                 gpointer         user_data)
{
  notification_servers[GPOINTER_TO_INT (user_data)] = TRUE;
}

static void
notification_server_vanished_cb (GDBusConnection *connection,
                                 const char      *name,
                                 gpointer         user_data)
{
  notification_servers[GPOINTER_TO_INT (user_data)] = FALSE;
}

static void
activatable_names_cb (GObject      *object,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, NULL);
  g_autofree const char **names = NULL;

  if (reply == NULL)
    return;
  g_variant_get (reply, "(^a&s)", &names);
  notification_servers[NOTIFICATIONS_ACTIVATABLE] = g_strv_contains (names, "org.freedesktop.Notifications");
}

static void
session_bus_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GDBusConnection) bus = g_bus_get_finish (result, NULL);

  if (bus == NULL)
    return;
  g_dbus_connection_call (bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                          "ListActivatableNames", NULL, G_VARIANT_TYPE ("(as)"), G_DBUS_CALL_FLAGS_NONE,
                          -1, NULL, activatable_names_cb, NULL);
}

/* Watched from the first panel on, for the life of the process. */
static void
watch_notification_servers (void)
{
  static gsize watching = 0;

  if (g_once_init_enter (&watching))
    {
      g_bus_watch_name (G_BUS_TYPE_SESSION, "org.freedesktop.Notifications", G_BUS_NAME_WATCHER_FLAGS_NONE,
                        notification_server_appeared_cb, notification_server_vanished_cb,
                        GINT_TO_POINTER (NOTIFICATIONS_FREEDESKTOP), NULL);
      g_bus_watch_name (G_BUS_TYPE_SESSION, "org.gtk.Notifications", G_BUS_NAME_WATCHER_FLAGS_NONE,
                        notification_server_appeared_cb, notification_server_vanished_cb,
                        GINT_TO_POINTER (NOTIFICATIONS_GTK), NULL);
      g_bus_get (G_BUS_TYPE_SESSION, NULL, session_bus_cb, NULL);
      g_once_init_leave (&watching, 1);
    }
}

static void
plug_panel_init (PlugPanel *self)
{
  watch_notification_servers ();
}

/**
 * plug_panel_get_services:
 *
 * Returns: (transfer none) (nullable): the services, once known
 */
PlugServices *
plug_panel_get_services (PlugPanel *self)
{
  PlugPanelPrivate *priv = plug_panel_get_instance_private (self);

  g_return_val_if_fail (PLUG_IS_PANEL (self), NULL);

  return priv->services;
}

void
plug_panel_set_services (PlugPanel    *self,
                         PlugServices *services)
{
  PlugPanelPrivate *priv = plug_panel_get_instance_private (self);

  g_return_if_fail (PLUG_IS_PANEL (self));
  g_return_if_fail (!services || PLUG_IS_SERVICES (services));

  if (!g_set_object (&priv->services, services))
    return;

  if (PLUG_PANEL_GET_CLASS (self)->services_changed != NULL)
    PLUG_PANEL_GET_CLASS (self)->services_changed (self, services);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVICES]);
}

static gboolean
show_object_cb (gpointer user_data)
{
  PlugPanel *self = PLUG_PANEL (user_data);
  PlugPanelPrivate *priv = plug_panel_get_instance_private (self);

  priv->show_object_source_id = 0;
  if (priv->object_to_show != NULL && gtk_widget_get_mapped (GTK_WIDGET (self)) &&
      PLUG_PANEL_GET_CLASS (self)->focus_object (self, priv->object_to_show))
    g_clear_pointer (&priv->object_to_show, g_free);

  return G_SOURCE_REMOVE;
}

/* At idle: the rows are laid out first, and the window is shown. */
static void
queue_show_object (PlugPanel *self)
{
  PlugPanelPrivate *priv = plug_panel_get_instance_private (self);

  if (priv->object_to_show != NULL && priv->show_object_source_id == 0)
    priv->show_object_source_id = g_idle_add (show_object_cb, self);
}

/**
 * plug_panel_show_object:
 * @object_id: the object, as the panel knows it: a drive's udisks object
 *   path, a connection's uuid
 *
 * Has the panel focus the object's row, now or once it lists the object
 * and is on screen. A panel that lists no objects ignores it.
 */
void
plug_panel_show_object (PlugPanel  *self,
                        const char *object_id)
{
  PlugPanelPrivate *priv = plug_panel_get_instance_private (self);

  g_return_if_fail (PLUG_IS_PANEL (self));
  g_return_if_fail (object_id != NULL);

  if (PLUG_PANEL_GET_CLASS (self)->focus_object == NULL)
    return;

  g_free (priv->object_to_show);
  priv->object_to_show = g_strdup (object_id);
  queue_show_object (self);
}

/**
 * plug_panel_object_rows_changed:
 *
 * For a panel: its rows of objects changed, so the object
 * plug_panel_show_object() waits for may be listed now.
 */
void
plug_panel_object_rows_changed (PlugPanel *self)
{
  g_return_if_fail (PLUG_IS_PANEL (self));

  queue_show_object (self);
}

static void
plug_panel_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (plug_panel_parent_class)->map (widget);

  queue_show_object (PLUG_PANEL (widget));
}

/* @widget, or the first list row shown inside it. */
static GtkWidget *
find_first_row (GtkWidget *widget)
{
  if (GTK_IS_LIST_BOX_ROW (widget))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *row;

      if (!gtk_widget_get_visible (child))
        continue;
      row = find_first_row (child);
      if (row != NULL)
        return row;
    }

  return NULL;
}

/**
 * plug_panel_focus_row:
 * @row: a row of the panel, or a group of rows
 *
 * Moves the keyboard focus to @row (the first row, for a group; the
 * header, for an expander row) and scrolls it into sight, as Tab would.
 *
 * Returns: whether the focus is there
 */
gboolean
plug_panel_focus_row (PlugPanel *self,
                      GtkWidget *row)
{
  GtkWidget *list_row;
  GtkRoot *root;

  g_return_val_if_fail (PLUG_IS_PANEL (self), FALSE);
  g_return_val_if_fail (GTK_IS_WIDGET (row), FALSE);

  root = gtk_widget_get_root (row);
  if (root == NULL || !gtk_widget_get_mapped (row))
    return FALSE;

  /* An expander row hands the focus to its header. */
  list_row = find_first_row (row);
  if (list_row != NULL && gtk_widget_grab_focus (list_row))
    return TRUE;

  /* From nothing focused, the first focusable widget inside comes first:
   * an expander row's header, a group's first row. */
  gtk_root_set_focus (root, NULL);

  return gtk_widget_child_focus (row, GTK_DIR_TAB_FORWARD);
}

/**
 * plug_panel_notify_when_away:
 * @panel_id: the panel's id, as `plugboard --panel` takes it
 * @title: what ended, in one sentence
 * @body: (nullable): more about it
 *
 * Says that a long job ended in a desktop notification when none of the
 * application's windows is the one the user is in: they went on with
 * something else while it ran, and the toast over the panel would go
 * unseen. Clicking the notification shows the panel. A later
 * notification of the same panel replaces an earlier one. Nothing is sent
 * when the session has no notification server.
 *
 * Returns: whether a notification was sent
 */
gboolean
plug_panel_notify_when_away (const char *panel_id,
                             const char *title,
                             const char *body)
{
  GApplication *application = g_application_get_default ();
  g_autoptr(GNotification) notification = NULL;
  g_autofree char *id = NULL;

  g_return_val_if_fail (panel_id != NULL && title != NULL, FALSE);

  if (!GTK_IS_APPLICATION (application))
    return FALSE;

  if (!notification_servers[NOTIFICATIONS_FREEDESKTOP] && !notification_servers[NOTIFICATIONS_GTK] &&
      !notification_servers[NOTIFICATIONS_ACTIVATABLE] && !plug_sandbox_is_flatpak ())
    {
      g_debug ("No notification server on the session bus for “%s”", title);
      return FALSE;
    }

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (application)); l != NULL; l = l->next)
    {
      if (gtk_window_is_active (GTK_WINDOW (l->data)))
        return FALSE;
    }

  notification = g_notification_new (title);
  if (body != NULL)
    g_notification_set_body (notification, body);
  g_notification_set_default_action_and_target (notification, "app.show-panel", "s", panel_id);
  id = g_strdup_printf ("%s-done", panel_id);
  g_application_send_notification (application, id, notification);

  return TRUE;
}
