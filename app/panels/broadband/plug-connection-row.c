/* plug-connection-row.c: One mobile broadband connection, in the panel
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-broadband"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-alert.h"
#include "plug-broadband-connection.h"
#include "plug-broadband-actions.h"

#include "plug-connection-row.h"
#include "plug-tooltip-names.h"

/*
 * A connection is an expander row: its name, APN (or number) and
 * roaming, whether it is connected, and a Connect or Disconnect button.
 * Expanded, its settings can be changed and saved, or the connection
 * deleted after a confirmation. Results and failures go to the panel's
 * toasts through the "broadband.show-toast" action; a failed save stays
 * under the fields it is about.
 */

struct _PlugConnectionRow
{
  AdwExpanderRow      parent_instance;

  /* Template widgets */
  GtkLabel           *state_label;
  GtkButton          *connect_button;
  AdwEntryRow        *apn_row;
  AdwEntryRow        *username_row;
  AdwEntryRow        *password_row;
  AdwEntryRow        *network_id_row;
  AdwActionRow       *roaming_row;
  GtkSwitch          *roaming_switch;
  GtkLabel           *error_label;
  GtkButton          *delete_button;
  GtkButton          *save_button;

  /* Owned */
  NMClient           *client;
  NMRemoteConnection *connection;
  GCancellable       *cancellable;
  /* The activation being watched, if any. */
  NMActiveConnection *active;
  gboolean            busy;
  /* A connect may be cancelled by a disconnect while it is activating. */
  gboolean            connecting;
  gboolean            disconnecting;
  gboolean            connect_cancelled;
  /* Where the result of a deletion goes: the row leaves the panel as
   * soon as NetworkManager removes the connection, before it replies. */
  AdwToastOverlay    *toast_overlay;
};

G_DEFINE_FINAL_TYPE (PlugConnectionRow, plug_connection_row, ADW_TYPE_EXPANDER_ROW)

static void
show_toast (PlugConnectionRow *self,
            const char        *message)
{
  g_autofree char *escaped = NULL;
  AdwToast *toast;

  if (gtk_widget_get_root (GTK_WIDGET (self)) != NULL || self->toast_overlay == NULL)
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "broadband.show-toast", "s", message);
      return;
    }

  /* A toast's title is Pango markup: a name such as “AT&T” is text. */
  escaped = g_markup_escape_text (message, -1);
  toast = adw_toast_new (escaped);
  adw_toast_set_timeout (toast, 10);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
set_error (PlugConnectionRow *self,
           const char        *message)
{
  gtk_label_set_label (self->error_label, message != NULL ? message : "");
}

static const char *
connection_name (PlugConnectionRow *self)
{
  return nm_connection_get_id (NM_CONNECTION (self->connection));
}

static void
update_state (PlugConnectionRow *self)
{
  NMActiveConnectionState state = NM_ACTIVE_CONNECTION_STATE_UNKNOWN;
  const char *label;
  gboolean connected;

  /* Disposed: the connection was deleted while an action was under way. */
  if (self->connect_button == NULL)
    return;

  if (self->active != NULL)
    state = nm_active_connection_get_state (self->active);

  switch (state)
    {
    case NM_ACTIVE_CONNECTION_STATE_ACTIVATING:
      label = _("Connecting…");
      break;
    case NM_ACTIVE_CONNECTION_STATE_ACTIVATED:
      label = _("Connected");
      break;
    case NM_ACTIVE_CONNECTION_STATE_DEACTIVATING:
      label = _("Disconnecting…");
      break;
    default:
      label = "";
    }

  connected = state == NM_ACTIVE_CONNECTION_STATE_ACTIVATING ||
              state == NM_ACTIVE_CONNECTION_STATE_ACTIVATED;
  gtk_label_set_label (self->state_label, label);
  gtk_button_set_label (self->connect_button, connected ? _("Disconnect") : _("Connect"));
  /* While busy with anything else, the button waits; while connecting,
   * it disconnects, which cancels the activation. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->connect_button),
                            (!self->busy ||
                             (self->connecting && !self->disconnecting &&
                              state == NM_ACTIVE_CONNECTION_STATE_ACTIVATING)) &&
                            state != NM_ACTIVE_CONNECTION_STATE_DEACTIVATING);
}

static void
active_state_cb (PlugConnectionRow *self)
{
  update_state (self);
}

static void
update_active (PlugConnectionRow *self)
{
  NMActiveConnection *active = plug_broadband_find_active_connection (self->client, self->connection);

  if (active != self->active)
    {
      if (self->active != NULL)
        g_signal_handlers_disconnect_by_data (self->active, self);
      g_set_object (&self->active, active);
      if (self->active != NULL)
        g_signal_connect_swapped (self->active, "notify::state", G_CALLBACK (active_state_cb), self);
    }

  update_state (self);
}

static void
update_settings (PlugConnectionRow *self)
{
  NMConnection *connection = NM_CONNECTION (self->connection);
  PlugModemFamily family = plug_broadband_connection_get_family (connection);
  NMSettingGsm *gsm = nm_connection_get_setting_gsm (connection);
  NMSettingCdma *cdma = nm_connection_get_setting_cdma (connection);
  g_autofree char *escaped_name = g_markup_escape_text (connection_name (self), -1);
  g_autofree char *subtitle = NULL;
  g_autofree char *escaped_subtitle = NULL;
  const char *username = NULL;
  gboolean gsm_family = family == PLUG_MODEM_FAMILY_GSM;

  if (gsm_family)
    {
      const char *apn = plug_broadband_connection_get_apn (connection);
      const char *roaming = plug_broadband_connection_get_roaming_allowed (connection)
                            ? _("roaming allowed") : _("no roaming");

      if (apn != NULL && apn[0] != '\0')
        /* Translators: a connection: its APN and whether it may roam,
         * such as “APN internet · no roaming” */
        subtitle = g_strdup_printf (_("APN %s · %s"), apn, roaming);
      else
        /* Translators: a connection without an APN of its own, and
         * whether it may roam */
        subtitle = g_strdup_printf (_("The SIM’s APN · %s"), roaming);
      username = gsm != NULL ? nm_setting_gsm_get_username (gsm) : NULL;
    }
  else
    {
      const char *number = plug_broadband_connection_get_number (connection);

      /* Translators: a CDMA connection's number, such as “Number #777” */
      subtitle = g_strdup_printf (_("Number %s"), number != NULL ? number : PLUG_BROADBAND_CDMA_NUMBER);
      username = cdma != NULL ? nm_setting_cdma_get_username (cdma) : NULL;
    }

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), escaped_name);
  escaped_subtitle = g_markup_escape_text (subtitle, -1);
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (self), escaped_subtitle);
  /* The expander row takes the focus itself, but libadwaita 1.2 gives it
   * no name: only the header row inside it has the title. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, connection_name (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, subtitle,
                                  -1);

  gtk_widget_set_visible (GTK_WIDGET (self->apn_row), gsm_family);
  gtk_widget_set_visible (GTK_WIDGET (self->network_id_row), gsm_family);
  gtk_widget_set_visible (GTK_WIDGET (self->roaming_row), gsm_family);
  if (gsm_family && gsm != NULL)
    {
      const char *apn = nm_setting_gsm_get_apn (gsm);
      const char *network_id = nm_setting_gsm_get_network_id (gsm);

      gtk_editable_set_text (GTK_EDITABLE (self->apn_row), apn != NULL ? apn : "");
      gtk_editable_set_text (GTK_EDITABLE (self->network_id_row), network_id != NULL ? network_id : "");
      gtk_switch_set_active (self->roaming_switch, !nm_setting_gsm_get_home_only (gsm));
    }
  gtk_editable_set_text (GTK_EDITABLE (self->username_row), username != NULL ? username : "");
  gtk_editable_set_text (GTK_EDITABLE (self->password_row), "");
}

static void
set_busy (PlugConnectionRow *self,
          gboolean           busy)
{
  self->busy = busy;
  if (self->save_button == NULL)
    return;
  gtk_widget_set_sensitive (GTK_WIDGET (self->save_button), !busy);
  gtk_widget_set_sensitive (GTK_WIDGET (self->delete_button), !busy);
  update_state (self);
}

/* --- connect and disconnect ------------------------------------------------ */

static void
connect_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(PlugConnectionRow) self = user_data;
  g_autoptr(NMActiveConnection) active = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  active = plug_broadband_connect_finish (result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  self->connecting = FALSE;
  set_busy (self, self->disconnecting);
  update_active (self);

  /* Ended by the user's Disconnect: that is no failure to report. */
  if (active == NULL && self->connect_cancelled)
    {
      self->connect_cancelled = FALSE;
      g_debug ("Connection %s: activation ended by Disconnect: %s",
               connection_name (self), error->message);
      return;
    }
  self->connect_cancelled = FALSE;

  if (active == NULL)
    /* Translators: the first %s is a connection's name, the second why it failed */
    message = g_strdup_printf (_("Could not connect “%s”. %s."), connection_name (self), error->message);
  else
    /* Translators: %s is a connection's name */
    message = g_strdup_printf (_("Connected “%s”"), connection_name (self));
  show_toast (self, message);
}

static void
disconnect_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(PlugConnectionRow) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!plug_broadband_disconnect_finish (result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      self->connect_cancelled = FALSE;
      show_toast (self, error->message);
    }

  self->disconnecting = FALSE;
  set_busy (self, self->connecting);
  update_active (self);
}

static void
connect_clicked_cb (PlugConnectionRow *self)
{
  NMActiveConnectionState state = self->active != NULL ? nm_active_connection_get_state (self->active)
                                                       : NM_ACTIVE_CONNECTION_STATE_UNKNOWN;
  g_autoptr(GError) error = NULL;
  NMDevice *device;

  if (state == NM_ACTIVE_CONNECTION_STATE_ACTIVATING || state == NM_ACTIVE_CONNECTION_STATE_ACTIVATED)
    {
      self->disconnecting = TRUE;
      self->connect_cancelled = self->connecting;
      set_busy (self, TRUE);
      plug_broadband_disconnect_async (self->client, self->active, self->cancellable,
                                       disconnect_cb, g_object_ref (self));
      return;
    }

  device = plug_broadband_find_device (self->client, NM_CONNECTION (self->connection), &error);
  if (device == NULL)
    {
      show_toast (self, error->message);
      return;
    }

  self->connecting = TRUE;
  set_busy (self, TRUE);
  gtk_label_set_label (self->state_label, _("Connecting…"));
  plug_broadband_connect_async (self->client, self->connection, device, self->cancellable,
                                connect_cb, g_object_ref (self));
}

/* --- save ------------------------------------------------------------------ */

static void
save_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(PlugConnectionRow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (!plug_broadband_save_connection_finish (result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      set_busy (self, FALSE);
      set_error (self, error->message);
      return;
    }

  set_busy (self, FALSE);
  set_error (self, NULL);
  /* Translators: %s is a connection's name */
  message = g_strdup_printf (_("Saved the changes to “%s”"), connection_name (self));
  show_toast (self, message);
}

static void
save_clicked_cb (PlugConnectionRow *self)
{
  const char *password = gtk_editable_get_text (GTK_EDITABLE (self->password_row));
  PlugBroadbandConnectionEdit edit = {
    .apn = gtk_editable_get_text (GTK_EDITABLE (self->apn_row)),
    .username = gtk_editable_get_text (GTK_EDITABLE (self->username_row)),
    /* Empty keeps the saved password. */
    .password = password[0] != '\0' ? password : NULL,
    .network_id = gtk_editable_get_text (GTK_EDITABLE (self->network_id_row)),
    .roaming_allowed = gtk_switch_get_active (self->roaming_switch),
  };
  g_autoptr(NMConnection) checked = NULL;
  g_autoptr(GError) error = NULL;

  /* Wrong values are refused here, before NetworkManager is asked. */
  checked = plug_broadband_connection_edit (NM_CONNECTION (self->connection), &edit, &error);
  if (checked == NULL)
    {
      set_error (self, error->message);
      return;
    }

  set_error (self, NULL);
  set_busy (self, TRUE);
  plug_broadband_save_connection_async (self->connection, &edit, self->cancellable,
                                        save_cb, g_object_ref (self));
}

/* --- delete ---------------------------------------------------------------- */

static void
delete_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(PlugConnectionRow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (!plug_broadband_delete_connection_finish (result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      set_busy (self, FALSE);
      show_toast (self, error->message);
      return;
    }

  /* The panel removes the row when NetworkManager says it is gone. */
  /* Translators: %s is a connection's name */
  message = g_strdup_printf (_("Deleted the connection “%s”"), connection_name (self));
  show_toast (self, message);
}

static void
delete_response_cb (PlugAlert         *dialog,
                    const char        *response,
                    PlugConnectionRow *self)
{
  g_autoptr(NMRemoteConnection) current = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_str_equal (response, "delete"))
    return;

  /* Checked again: it may have been deleted or replaced meanwhile. */
  current = plug_broadband_find_connection (self->client,
                                            nm_connection_get_uuid (NM_CONNECTION (self->connection)),
                                            &error);
  if (current == NULL)
    {
      show_toast (self, error->message);
      return;
    }

  g_set_object (&self->toast_overlay,
                ADW_TOAST_OVERLAY (gtk_widget_get_ancestor (GTK_WIDGET (self), ADW_TYPE_TOAST_OVERLAY)));
  set_busy (self, TRUE);
  /* Not cancelled with the row, which goes before the reply comes. */
  plug_broadband_delete_connection_async (current, NULL, delete_cb, g_object_ref (self));
}

static void
delete_clicked_cb (PlugConnectionRow *self)
{
  g_autofree char *heading =
    /* Translators: %s is a connection's name */
    g_strdup_printf (_("Delete “%s”?"), connection_name (self));
  PlugAlert *dialog;

  dialog = plug_alert_new (heading,
                           _("Its settings, APN and password are removed for every user of this computer. Adding it again needs the wizard."));
  plug_alert_add_responses (dialog,
                            "cancel", _("_Cancel"),
                            "delete", _("_Delete"),
                            NULL);
  plug_alert_set_response_appearance (dialog, "delete", ADW_RESPONSE_DESTRUCTIVE);
  plug_alert_set_default_response (dialog, "cancel");
  plug_alert_set_close_response (dialog, "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (delete_response_cb), self, 0);
  plug_alert_present (dialog, GTK_WIDGET (self));
}

/* --- object ---------------------------------------------------------------- */

static void
plug_connection_row_dispose (GObject *object)
{
  PlugConnectionRow *self = PLUG_CONNECTION_ROW (object);

  g_cancellable_cancel (self->cancellable);
  if (self->active != NULL)
    g_signal_handlers_disconnect_by_data (self->active, self);
  g_clear_object (&self->active);
  gtk_widget_dispose_template (GTK_WIDGET (self), PLUG_TYPE_CONNECTION_ROW);

  G_OBJECT_CLASS (plug_connection_row_parent_class)->dispose (object);
}

static void
plug_connection_row_finalize (GObject *object)
{
  PlugConnectionRow *self = PLUG_CONNECTION_ROW (object);

  g_clear_object (&self->client);
  g_clear_object (&self->connection);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->toast_overlay);

  G_OBJECT_CLASS (plug_connection_row_parent_class)->finalize (object);
}

static void
plug_connection_row_class_init (PlugConnectionRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = plug_connection_row_dispose;
  object_class->finalize = plug_connection_row_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/plugboard/Plugboard/panels/broadband/plug-connection-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionRow, state_label);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionRow, connect_button);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionRow, apn_row);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionRow, username_row);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionRow, password_row);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionRow, network_id_row);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionRow, roaming_row);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionRow, roaming_switch);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionRow, error_label);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionRow, delete_button);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionRow, save_button);
  gtk_widget_class_bind_template_callback (widget_class, connect_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, save_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, delete_clicked_cb);
}

static void
plug_connection_row_init (PlugConnectionRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  plug_tooltip_names_apply (GTK_WIDGET (self->password_row));

  self->cancellable = g_cancellable_new ();
}

GtkWidget *
plug_connection_row_new (NMClient           *client,
                         NMRemoteConnection *connection)
{
  PlugConnectionRow *self;

  g_return_val_if_fail (NM_IS_CLIENT (client), NULL);
  g_return_val_if_fail (NM_IS_REMOTE_CONNECTION (connection), NULL);

  self = g_object_new (PLUG_TYPE_CONNECTION_ROW, NULL);
  self->client = g_object_ref (client);
  self->connection = g_object_ref (connection);

  g_signal_connect_object (connection, "changed", G_CALLBACK (update_settings), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "notify::" NM_CLIENT_ACTIVE_CONNECTIONS,
                           G_CALLBACK (update_active), self, G_CONNECT_SWAPPED);
  update_settings (self);
  update_active (self);

  return GTK_WIDGET (self);
}

NMRemoteConnection *
plug_connection_row_get_connection (PlugConnectionRow *self)
{
  g_return_val_if_fail (PLUG_IS_CONNECTION_ROW (self), NULL);

  return self->connection;
}

/**
 * plug_connection_rows_sync:
 * @group: the group that shows the rows
 * @rows: (element-type PlugConnectionRow): the rows in @group, in order
 * @client: NetworkManager's client
 * @connections: (element-type NMRemoteConnection): the connections to show
 *
 * Makes @group show one row per connection, keeping the rows (and what is
 * typed in them) of the connections it already shows.
 */
void
plug_connection_rows_sync (AdwPreferencesGroup *group,
                           GPtrArray           *rows,
                           NMClient            *client,
                           GPtrArray           *connections)
{
  for (guint i = rows->len; i > 0; i--)
    {
      PlugConnectionRow *row = g_ptr_array_index (rows, i - 1);

      if (!g_ptr_array_find (connections, row->connection, NULL))
        {
          adw_preferences_group_remove (group, GTK_WIDGET (row));
          g_ptr_array_remove_index (rows, i - 1);
        }
    }

  for (guint i = 0; i < connections->len; i++)
    {
      NMRemoteConnection *connection = g_ptr_array_index (connections, i);
      gboolean shown = FALSE;

      for (guint j = 0; j < rows->len && !shown; j++)
        shown = PLUG_CONNECTION_ROW (g_ptr_array_index (rows, j))->connection == connection;
      if (!shown)
        {
          GtkWidget *row = plug_connection_row_new (client, connection);

          adw_preferences_group_add (group, row);
          g_ptr_array_add (rows, row);
        }
    }
}
