/* plug-modem-group.c: One modem, in the Mobile Broadband panel
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-broadband"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-connection-row.h"
#include "plug-modem-group.h"
#include "plug-sim-unlock-row.h"

/*
 * A modem is a group titled with its model, described by its
 * manufacturer, interface and the networks it works with, over three
 * rows: the SIM, the network it is registered with, and the signal. The
 * modem notifies as ModemManager reports changes, and the rows follow.
 */

struct _PlugModemGroup
{
  AdwPreferencesGroup  parent_instance;

  /* Template widgets */
  AdwActionRow        *sim_row;
  GtkWidget           *sim_warning_icon;
  PlugSimUnlockRow    *unlock_row;
  AdwActionRow        *network_row;
  GtkLevelBar         *signal_bar;
  GtkLabel            *signal_label;

  /* Owned */
  PlugModem           *modem;
  MMManager           *manager;
  /* The connection rows, after the modem's own rows; the group holds
   * the references. */
  GPtrArray           *connection_rows;
};

G_DEFINE_FINAL_TYPE (PlugModemGroup, plug_modem_group, ADW_TYPE_PREFERENCES_GROUP)

enum {
  PROP_0,
  PROP_MODEM,
  PROP_MANAGER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static char *
describe_sim (PlugModem *modem)
{
  MMModemLock lock = plug_modem_get_lock (modem);
  MMUnlockRetries *retries = plug_modem_get_unlock_retries (modem);
  const char *provider = plug_modem_get_sim_operator_name (modem);

  if (provider == NULL)
    provider = plug_modem_get_sim_operator_code (modem);

  switch (plug_modem_get_sim_state (modem))
    {
    case PLUG_MODEM_SIM_STATE_READY:
      if (provider != NULL)
        /* Translators: %s is the SIM's provider, such as Vodafone */
        return g_strdup_printf (_("Ready, provider %s"), provider);
      return g_strdup (_("Ready"));

    case PLUG_MODEM_SIM_STATE_LOCKED:
      if (retries != NULL && mm_unlock_retries_get (retries, lock) != MM_UNLOCK_RETRIES_UNKNOWN)
        /* Translators: the first %s is a code, such as PIN */
        return g_strdup_printf (ngettext ("Locked: enter the %s (%u try left)",
                                          "Locked: enter the %s (%u tries left)",
                                          mm_unlock_retries_get (retries, lock)),
                                plug_modem_lock_get_display_name (lock),
                                mm_unlock_retries_get (retries, lock));
      /* Translators: %s is a code, such as PIN */
      return g_strdup_printf (_("Locked: enter the %s"), plug_modem_lock_get_display_name (lock));

    case PLUG_MODEM_SIM_STATE_MISSING:
      return g_strdup (_("Missing: insert a SIM"));

    case PLUG_MODEM_SIM_STATE_NOT_USED:
      return g_strdup (_("Not needed by this modem"));

    case PLUG_MODEM_SIM_STATE_UNKNOWN:
    default:
      return g_strdup (_("Unknown"));
    }
}

static char *
describe_network (PlugModem *modem)
{
  const char *operator_name = plug_modem_get_operator_name (modem);
  const char *technology =
    plug_modem_access_technology_get_display_name (plug_modem_get_access_technologies (modem));
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();

  if (operator_name == NULL)
    operator_name = plug_modem_get_operator_code (modem);

  if (operator_name != NULL)
    g_ptr_array_add (parts, (gpointer) operator_name);
  g_ptr_array_add (parts, (gpointer) plug_modem_registration_get_display_name (plug_modem_get_registration (modem)));
  if (technology != NULL)
    g_ptr_array_add (parts, (gpointer) technology);
  g_ptr_array_add (parts, NULL);

  /* Translators: the separator between a provider, the registration and
   * the access technology, such as “Vodafone · Roaming · 4G (LTE)” */
  return g_strjoinv (_(" · "), (char **) parts->pdata);
}

static void
update (PlugModemGroup *self)
{
  g_autofree char *name = plug_modem_dup_display_name (self->modem);
  g_autofree char *escaped_name = g_markup_escape_text (name, -1);
  g_autofree char *description = NULL;
  g_autofree char *escaped_description = NULL;
  g_autofree char *sim = describe_sim (self->modem);
  g_autofree char *network = describe_network (self->modem);
  g_autofree char *escaped_sim = NULL;
  g_autofree char *escaped_network = NULL;
  g_autofree char *signal = NULL;
  const char *manufacturer = plug_modem_get_manufacturer (self->modem);
  const char *interface = plug_modem_get_interface (self->modem) != NULL ? plug_modem_get_interface (self->modem) : "-";
  const char *family = plug_modem_family_get_display_name (plug_modem_get_family (self->modem));
  guint signal_quality = plug_modem_get_signal_quality (self->modem);

  if (manufacturer != NULL)
    /* Translators: a modem: its manufacturer, interface and the networks
     * it works with, such as “Sierra Wireless · cdc-wdm0 · GSM, UMTS, LTE or 5G” */
    description = g_strdup_printf (_("%s · %s · %s"), manufacturer, interface, family);
  else
    /* Translators: a modem: its interface and the networks it works
     * with, such as “cdc-wdm0 · GSM, UMTS, LTE or 5G” */
    description = g_strdup_printf (_("%s · %s"), interface, family);

  /* The group's title and description are markup; names come from the
   * modem's firmware. */
  escaped_description = g_markup_escape_text (description, -1);
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self), escaped_name);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self), escaped_description);
  /* For a screen reader the group is the modem: named after it, and
   * described with its interface, which tells two of a model apart. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);

  /* Subtitles are markup too; the provider's name comes from the SIM. */
  escaped_sim = g_markup_escape_text (sim, -1);
  escaped_network = g_markup_escape_text (network, -1);
  adw_action_row_set_subtitle (self->sim_row, escaped_sim);
  gtk_widget_set_visible (self->sim_warning_icon,
                          plug_modem_get_sim_state (self->modem) == PLUG_MODEM_SIM_STATE_LOCKED ||
                          plug_modem_get_sim_state (self->modem) == PLUG_MODEM_SIM_STATE_MISSING);
  adw_action_row_set_subtitle (self->network_row, escaped_network);

  /* Translators: the signal quality in percent; keep the space that
   * your language puts before a percent sign */
  signal = g_strdup_printf (_("%u %%"), signal_quality);
  gtk_label_set_label (self->signal_label, signal);
  gtk_level_bar_set_value (self->signal_bar, signal_quality / 100.0);
}

static void
plug_modem_group_constructed (GObject *object)
{
  PlugModemGroup *self = PLUG_MODEM_GROUP (object);

  G_OBJECT_CLASS (plug_modem_group_parent_class)->constructed (object);

  g_signal_connect_object (self->modem, "notify",
                           G_CALLBACK (update), self,
                           G_CONNECT_SWAPPED);
  plug_sim_unlock_row_set_modem (self->unlock_row, self->modem, self->manager);
  update (self);
}

static void
plug_modem_group_dispose (GObject *object)
{
  PlugModemGroup *self = PLUG_MODEM_GROUP (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PLUG_TYPE_MODEM_GROUP);
  g_clear_pointer (&self->connection_rows, g_ptr_array_unref);
  g_clear_object (&self->modem);
  g_clear_object (&self->manager);

  G_OBJECT_CLASS (plug_modem_group_parent_class)->dispose (object);
}

static void
plug_modem_group_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  PlugModemGroup *self = PLUG_MODEM_GROUP (object);

  switch (prop_id)
    {
    case PROP_MODEM:
      g_value_set_object (value, self->modem);
      break;

    case PROP_MANAGER:
      g_value_set_object (value, self->manager);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_modem_group_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  PlugModemGroup *self = PLUG_MODEM_GROUP (object);

  switch (prop_id)
    {
    case PROP_MODEM:
      self->modem = g_value_dup_object (value);
      break;

    case PROP_MANAGER:
      self->manager = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_modem_group_class_init (PlugModemGroupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = plug_modem_group_constructed;
  object_class->dispose = plug_modem_group_dispose;
  object_class->get_property = plug_modem_group_get_property;
  object_class->set_property = plug_modem_group_set_property;

  properties[PROP_MODEM] =
    g_param_spec_object ("modem", NULL, NULL,
                         PLUG_TYPE_MODEM,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  properties[PROP_MANAGER] =
    g_param_spec_object ("manager", NULL, NULL,
                         MM_TYPE_MANAGER,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (PLUG_TYPE_SIM_UNLOCK_ROW);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/plugboard/Plugboard/panels/broadband/plug-modem-group.ui");
  gtk_widget_class_bind_template_child (widget_class, PlugModemGroup, sim_row);
  gtk_widget_class_bind_template_child (widget_class, PlugModemGroup, sim_warning_icon);
  gtk_widget_class_bind_template_child (widget_class, PlugModemGroup, unlock_row);
  gtk_widget_class_bind_template_child (widget_class, PlugModemGroup, network_row);
  gtk_widget_class_bind_template_child (widget_class, PlugModemGroup, signal_bar);
  gtk_widget_class_bind_template_child (widget_class, PlugModemGroup, signal_label);
}

static void
plug_modem_group_init (PlugModemGroup *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->connection_rows = g_ptr_array_new ();
}

GtkWidget *
plug_modem_group_new (PlugModem *modem,
                      MMManager *manager)
{
  g_return_val_if_fail (PLUG_IS_MODEM (modem), NULL);
  g_return_val_if_fail (MM_IS_MANAGER (manager), NULL);

  return g_object_new (PLUG_TYPE_MODEM_GROUP,
                       "modem", modem,
                       "manager", manager,
                       NULL);
}

/**
 * plug_modem_group_set_connections:
 * @self: the group
 * @client: NetworkManager's client
 * @connections: (element-type NMRemoteConnection): the connections bound
 *   to the modem
 *
 * Shows one row per connection after the modem's own rows.
 */
void
plug_modem_group_set_connections (PlugModemGroup *self,
                                  NMClient       *client,
                                  GPtrArray      *connections)
{
  g_return_if_fail (PLUG_IS_MODEM_GROUP (self));

  plug_connection_rows_sync (ADW_PREFERENCES_GROUP (self), self->connection_rows, client, connections);
}

/**
 * plug_modem_group_get_modem:
 *
 * Returns: (transfer none): the modem the group shows
 */
PlugModem *
plug_modem_group_get_modem (PlugModemGroup *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM_GROUP (self), NULL);

  return self->modem;
}
