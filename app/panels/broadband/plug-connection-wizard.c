/* plug-connection-wizard.c: The wizard that adds a mobile broadband connection
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-broadband"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-apn-fallback.h"
#include "plug-broadband-actions.h"

#include "plug-connection-wizard-private.h"
#include "plug-tooltip-names.h"

/*
 * The steps, each a page of the stack: the modem (skipped when there is
 * one), the country, the provider, the plan (GSM only) and a review.
 * The provider database and the country names are read in threads when
 * the wizard opens; without the database, the country and provider steps
 * are skipped and the plan is typed in. Whatever goes wrong is said on a
 * page of its own ("message") or under the step it belongs to, so the
 * Next button always gets an answer.
 */

G_DEFINE_FINAL_TYPE (PlugConnectionWizard, plug_connection_wizard, PLUG_TYPE_DIALOG)

enum {
  DONE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *
page_title (const char *page)
{
  if (g_str_equal (page, "device"))
    return _("Choose the Modem");
  if (g_str_equal (page, "country"))
    return _("Choose Your Country");
  if (g_str_equal (page, "provider"))
    return _("Choose Your Provider");
  if (g_str_equal (page, "plan"))
    return _("Choose Your Plan");
  if (g_str_equal (page, "review"))
    return _("Review the Connection");

  return _("Add Mobile Broadband Connection");
}

static const char *
current_page (PlugConnectionWizard *self)
{
  return gtk_stack_get_visible_child_name (self->stack);
}

static gboolean
is_step (const char *page)
{
  return g_strv_contains ((const char *[]) { "device", "country", "provider", "plan", "review", NULL }, page);
}

/* Whether Next has a choice to go on with: a list with no row chosen, and
 * nothing typed to choose one, has none. Next is then insensitive rather
 * than a button that does nothing. */
static gboolean
has_choice (PlugConnectionWizard *self,
            const char           *page)
{
  if (g_str_equal (page, "country"))
    return plug_connection_wizard_get_choice (self->country_list, GTK_EDITABLE (self->country_search)) != NULL;
  if (g_str_equal (page, "provider"))
    return plug_connection_wizard_get_choice (self->provider_list, GTK_EDITABLE (self->provider_search)) != NULL;

  return TRUE;
}

static void
update_buttons (PlugConnectionWizard *self)
{
  const char *page;
  gboolean step;

  /* The lists' signals still come while the template is disposed. */
  if (self->stack == NULL || (page = current_page (self)) == NULL)
    return;
  step = is_step (page);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "wizard.back", step && self->history->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "wizard.next", step && has_choice (self, page));
  gtk_widget_set_visible (GTK_WIDGET (self->next_button), step);
  gtk_widget_set_visible (GTK_WIDGET (self->back_button), step);
  gtk_button_set_label (self->next_button, g_str_equal (page, "review") ? _("_Add") : _("_Next"));
  /* Once the wizard has nothing more to ask, Cancel would be a lie. */
  gtk_button_set_label (self->cancel_button,
                        g_str_equal (page, "message") ? _("_Close") : _("_Cancel"));
}

static void
show_page (PlugConnectionWizard *self,
           const char           *page)
{
  gtk_stack_set_visible_child_name (self->stack, page);
  adw_window_title_set_title (self->window_title, page_title (page));
  /* The plans are the chosen provider's: say whose. */
  adw_window_title_set_subtitle (self->window_title,
                                 g_str_equal (page, "plan") && self->provider != NULL
                                 ? plug_provider_get_display_name (self->provider) : "");
  update_buttons (self);
}

/* Moves forward to a step, remembering where it came from. */
static void
go_to (PlugConnectionWizard *self,
       const char           *page)
{
  const char *current = current_page (self);

  if (is_step (current))
    g_ptr_array_add (self->history, g_strdup (current));
  show_page (self, page);
}

static void
show_message (PlugConnectionWizard *self,
              const char           *icon_name,
              const char           *title,
              const char           *description)
{
  adw_status_page_set_icon_name (self->message_page, icon_name);
  adw_status_page_set_title (self->message_page, title);
  adw_status_page_set_description (self->message_page, description);
  g_ptr_array_set_size (self->history, 0);
  show_page (self, "message");
  gtk_widget_grab_focus (GTK_WIDGET (self->cancel_button));
}

static void
show_progress (PlugConnectionWizard *self,
               const char           *title)
{
  adw_status_page_set_title (self->progress_page, title);
  adw_status_page_set_description (self->progress_page, NULL);
  show_page (self, "progress");
}

void
plug_connection_wizard_set_error_label (GtkLabel   *label,
                 const char *message)
{
  gtk_label_set_label (label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (label), message != NULL);
}

/* --- steps ---------------------------------------------------------------- */

static void
go_to_plan_or_review (PlugConnectionWizard *self)
{
  if (self->family == PLUG_MODEM_FAMILY_GSM)
    {
      plug_connection_wizard_fill_plans (self);
      go_to (self, "plan");
      if (self->manual_plan)
        gtk_widget_grab_focus (GTK_WIDGET (self->apn_row));
      else
        gtk_widget_grab_focus (GTK_WIDGET (gtk_list_box_get_selected_row (self->plan_list)));
    }
  else
    {
      plug_connection_wizard_fill_review (self);
      go_to (self, "review");
      gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
    }
}

static void
choose_device (PlugConnectionWizard *self,
               PlugModem            *modem)
{
  g_set_object (&self->modem, modem);
  self->family = plug_connection_wizard_get_family (modem);
  g_clear_object (&self->provider);
  g_clear_object (&self->plan);

  if (self->family == PLUG_MODEM_FAMILY_UNKNOWN)
    {
      g_autofree char *name = plug_modem_dup_display_name (modem);
      g_autofree char *description =
        /* Translators: %s is a modem's name */
        g_strdup_printf (_("%s has not said yet whether it is a GSM (3GPP) or a CDMA modem. Wait a moment, then add the connection again."),
                         name);

      show_message (self, "dialog-warning-symbolic", _("The Modem Is Not Ready"), description);
      return;
    }

  if (self->database == NULL)
    {
      go_to_plan_or_review (self);
      return;
    }

  plug_connection_wizard_fill_countries (self);
  go_to (self, "country");
  gtk_widget_grab_focus (GTK_WIDGET (self->country_search));
}

static void
choose_country (PlugConnectionWizard *self,
                const char           *code)
{
  g_free (self->country_code);
  self->country_code = g_strdup (code);
  plug_connection_wizard_fill_providers (self);
  go_to (self, "provider");
  gtk_widget_grab_focus (GTK_WIDGET (self->provider_search));
}

static void
choose_provider (PlugConnectionWizard *self,
                 PlugProvider         *provider)
{
  g_set_object (&self->provider, provider);
  g_clear_object (&self->plan);
  go_to_plan_or_review (self);
}

static gboolean
choose_plan (PlugConnectionWizard *self)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->plan_list);
  g_autoptr(GError) error = NULL;

  if (!self->manual_plan)
    {
      PlugProviderApn *apn = g_object_get_data (G_OBJECT (row), "plug-apn");

      /* Flagged plans cannot be selected; this is the last guard. */
      if (apn == NULL || !plug_provider_apn_check (apn, &error))
        {
          plug_connection_wizard_set_error_label (self->plan_error_label,
                                                  error != NULL ? error->message : NULL);
          return FALSE;
        }
      g_set_object (&self->plan, apn);
      return TRUE;
    }

  g_clear_object (&self->plan);

  /* NetworkManager's rules, before anything is saved: the APN's, then the
   * whole profile's, as the daemon would check it. */
  if (!plug_broadband_apn_validate (plug_connection_wizard_entry_text (self->apn_row), &error))
    {
      plug_connection_wizard_set_error_label (self->plan_error_label, error->message);
      gtk_widget_grab_focus (GTK_WIDGET (self->apn_row));
      return FALSE;
    }
  else
    {
      PlugBroadbandConnectionSettings settings;
      g_autoptr(NMConnection) trial = NULL;

      plug_connection_wizard_get_settings (self, &settings);
      settings.id = "-";
      trial = plug_broadband_connection_new (&settings, &error);
      if (trial == NULL)
        {
          plug_connection_wizard_set_error_label (self->plan_error_label, error->message);
          return FALSE;
        }
    }

  return TRUE;
}

static void
connect_cb (GObject      *object,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(PlugConnectionWizard) self = user_data;
  g_autoptr(NMActiveConnection) active = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *description = NULL;
  g_autofree char *apn = NULL;
  const char *name = nm_connection_get_id (NM_CONNECTION (self->added));
  PlugApnChoice *own = self->apn_choices != NULL ? g_ptr_array_index (self->apn_choices, 0) : NULL;

  if (g_task_get_source_tag (G_TASK (result)) == plug_apn_fallback_connect_async)
    active = plug_apn_fallback_connect_finish (result, &apn, &error);
  else
    active = plug_broadband_connect_finish (result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  if (active == NULL)
    {
      description =
        /* Translators: the first %s is a connection's name, the second says why it could not connect */
        g_strdup_printf (_("The connection “%s” was saved, but could not connect. %s."),
                         name, error->message);
      show_message (self, "dialog-warning-symbolic", _("Could Not Connect"), description);
      return;
    }

  if (apn != NULL && own != NULL && g_ascii_strcasecmp (apn, own->apn) != 0)
    description = apn[0] != '\0'
                  /* Translators: the first %s is a connection's name, the second an APN */
                  ? g_strdup_printf (_("The connection “%s” was saved and is connected, with the APN “%s”: "
                                       "the mobile network refused the plan’s."), name, apn)
                  /* Translators: %s is a connection's name */
                  : g_strdup_printf (_("The connection “%s” was saved and is connected, with the SIM’s "
                                       "default APN: the mobile network refused the plan’s."), name);
  else
    /* Translators: %s is a connection's name */
    description = g_strdup_printf (_("The connection “%s” was saved and is connected."), name);
  show_message (self, "emblem-ok-symbolic", _("Connected"), description);
}

/* The network refused an APN: the progress page says which is tried now. */
static void
trying_apn_cb (const char *refused,
               const char *next,
               gpointer    user_data)
{
  PlugConnectionWizard *self = user_data;
  g_autofree char *description = NULL;

  if (refused[0] != '\0' && next[0] != '\0')
    /* Translators: both are APNs */
    description = g_strdup_printf (_("The mobile network refused the APN “%s”; trying “%s”…"), refused, next);
  else if (refused[0] != '\0')
    /* Translators: %s is an APN */
    description = g_strdup_printf (_("The mobile network refused the APN “%s”; trying the SIM’s default…"),
                                   refused);
  else
    /* Translators: %s is an APN */
    description = g_strdup_printf (_("The mobile network refused the SIM’s default APN; trying “%s”…"), next);
  adw_status_page_set_description (self->progress_page, description);
}

static void
add_cb (GObject      *object,
        GAsyncResult *result,
        gpointer      user_data)
{
  g_autoptr(PlugConnectionWizard) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  NMDevice *device;

  self->added = plug_broadband_add_connection_finish (result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  if (self->added == NULL)
    {
      show_page (self, "review");
      plug_connection_wizard_set_error_label (self->review_error_label, error->message);
      return;
    }

  if (!gtk_switch_get_active (self->connect_switch))
    {
      /* Translators: %s is a connection's name */
      message = g_strdup_printf (_("Added the connection “%s”"),
                                 nm_connection_get_id (NM_CONNECTION (self->added)));
      g_signal_emit (self, signals[DONE], 0, message);
      plug_dialog_close (PLUG_DIALOG (self));
      return;
    }

  /* A missing or locked SIM is said before NetworkManager is asked,
   * which would only call the modem "not available". */
  if (!plug_broadband_modem_check_ready (self->modem, &error))
    {
      message =
        /* Translators: the first %s is a connection's name, the second says why it could not connect */
        g_strdup_printf (_("The connection “%s” was saved, but could not connect. %s."),
                         nm_connection_get_id (NM_CONNECTION (self->added)), error->message);
      show_message (self, "dialog-warning-symbolic", _("Could Not Connect"), message);
      return;
    }

  /* Translators: %s is a connection's name */
  message = g_strdup_printf (_("Connecting “%s”…"), nm_connection_get_id (NM_CONNECTION (self->added)));
  show_progress (self, message);

  device = NM_DEVICE (plug_modem_get_device (self->modem));
  if (self->apn_choices != NULL)
    plug_apn_fallback_connect_async (self->client,
                                     self->modem_list != NULL ? plug_modem_list_get_manager (self->modem_list) : NULL,
                                     self->added, device, self->apn_choices, trying_apn_cb, self,
                                     self->cancellable, connect_cb, g_object_ref (self));
  else
    plug_broadband_connect_async (self->client, self->added, device, self->cancellable,
                                  connect_cb, g_object_ref (self));
}

static void
add_connection (PlugConnectionWizard *self)
{
  PlugBroadbandConnectionSettings settings;
  g_autoptr(NMConnection) connection = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) taken = plug_broadband_dup_connection_ids (self->client);

  /* A name the user typed is not changed behind their back: refused. */
  plug_connection_wizard_get_settings (self, &settings);
  /* The plan's APN first; a plan from the database has the provider's
   * others behind it, one typed in only the SIM's default. */
  g_clear_pointer (&self->apn_choices, g_ptr_array_unref);
  if (settings.family == PLUG_MODEM_FAMILY_GSM)
    self->apn_choices = plug_apn_fallback_choices (self->manual_plan ? NULL : self->provider, settings.apn,
                                                   settings.username, settings.password);
  if (plug_broadband_connection_id_check (settings.id, (const char * const *) taken, &error))
    connection = plug_broadband_connection_new (&settings, &error);
  if (connection == NULL)
    {
      plug_connection_wizard_set_error_label (self->review_error_label, error->message);
      gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
      return;
    }

  show_progress (self, _("Saving the Connection…"));
  plug_broadband_add_connection_async (self->client, connection, self->cancellable,
                                       add_cb, g_object_ref (self));
}

static void
next (PlugConnectionWizard *self)
{
  const char *page = current_page (self);
  GtkListBoxRow *row;

  if (g_str_equal (page, "device"))
    {
      row = plug_connection_wizard_get_choice (self->device_list, NULL);
      if (row != NULL)
        choose_device (self, g_object_get_data (G_OBJECT (row), "plug-modem"));
    }
  else if (g_str_equal (page, "country"))
    {
      row = plug_connection_wizard_get_choice (self->country_list, GTK_EDITABLE (self->country_search));
      /* Return in the search with nothing chosen, or nothing found. */
      if (row == NULL)
        {
          gtk_widget_error_bell (GTK_WIDGET (self));
          return;
        }
      gtk_list_box_select_row (self->country_list, row);
      choose_country (self, g_object_get_data (G_OBJECT (row), "plug-country"));
    }
  else if (g_str_equal (page, "provider"))
    {
      row = plug_connection_wizard_get_choice (self->provider_list, GTK_EDITABLE (self->provider_search));
      if (row == NULL)
        {
          gtk_widget_error_bell (GTK_WIDGET (self));
          return;
        }
      gtk_list_box_select_row (self->provider_list, row);
      choose_provider (self, g_object_get_data (G_OBJECT (row), "plug-provider"));
    }
  else if (g_str_equal (page, "plan"))
    {
      if (choose_plan (self))
        {
          plug_connection_wizard_fill_review (self);
          go_to (self, "review");
          gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
        }
    }
  else if (g_str_equal (page, "review"))
    add_connection (self);
}

static void
next_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  next (PLUG_CONNECTION_WIZARD (widget));
}

static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  PlugConnectionWizard *self = PLUG_CONNECTION_WIZARD (widget);
  g_autofree char *previous = NULL;

  if (self->history->len == 0)
    return;

  previous = g_ptr_array_steal_index (self->history, self->history->len - 1);
  show_page (self, previous);
}

static void
row_activated_cb (GtkListBox           *list,
                  GtkListBoxRow        *row,
                  PlugConnectionWizard *self)
{
  gtk_list_box_select_row (list, row);

  /* Choosing "My plan is not listed" opens the fields to fill in. */
  if (list == self->plan_list && g_object_get_data (G_OBJECT (row), PLUG_WIZARD_NOT_LISTED) != NULL)
    {
      gtk_widget_grab_focus (GTK_WIDGET (self->apn_row));
      return;
    }

  next (self);
}

static void
entry_activated_cb (PlugConnectionWizard *self)
{
  next (self);
}

static void
search_activate_cb (GtkSearchEntry       *entry,
                    PlugConnectionWizard *self)
{
  /* The list filters a moment after each key; Return typed quickly after
   * the text must choose from what was typed, not from the list before. */
  gtk_list_box_invalidate_filter (entry == self->country_search ? self->country_list
                                                                 : self->provider_list);
  next (self);
}

/* --- loading -------------------------------------------------------------- */

static void
loaded (PlugConnectionWizard *self)
{
  GListModel *modems = G_LIST_MODEL (self->modem_list);

  if (--self->n_loading > 0)
    return;

  plug_connection_wizard_fill_devices (self);
  if (g_list_model_get_n_items (modems) == 0)
    {
      show_message (self, "dialog-warning-symbolic", _("No Modem Found"),
                    _("Plug in a mobile broadband modem or USB stick, or switch on the built-in modem, then add the connection again."));
      return;
    }

  if (g_list_model_get_n_items (modems) == 1)
    {
      g_autoptr(PlugModem) modem = g_list_model_get_item (modems, 0);

      choose_device (self, modem);
      return;
    }

  show_page (self, "device");
  gtk_widget_grab_focus (GTK_WIDGET (gtk_list_box_get_row_at_index (self->device_list, 0)));
}

static void
database_loaded_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(PlugConnectionWizard) self = user_data;
  g_autoptr(GError) error = NULL;

  self->database = plug_provider_database_get_default_finish (result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (self->database == NULL)
    {
      g_debug ("The provider database cannot be read: %s", error->message);
      self->database_error = g_strdup (error->message);
    }

  loaded (self);
}

static void
countries_loaded_cb (GObject      *object,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(PlugConnectionWizard) self = user_data;
  g_autoptr(GError) error = NULL;

  self->countries = plug_country_table_load_finish (result, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  /* Without iso-codes the countries go by their codes. */
  if (self->countries == NULL)
    g_message ("Country names cannot be read: %s", error->message);

  loaded (self);
}

/* --- object --------------------------------------------------------------- */

static gboolean
plug_connection_wizard_close_request (PlugDialog *dialog)
{
  PlugConnectionWizard *self = PLUG_CONNECTION_WIZARD (dialog);

  /* Stops waiting for NetworkManager; what it was asked to do goes on. */
  g_cancellable_cancel (self->cancellable);

  return FALSE;
}

static void
plug_connection_wizard_dispose (GObject *object)
{
  PlugConnectionWizard *self = PLUG_CONNECTION_WIZARD (object);

  g_cancellable_cancel (self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), PLUG_TYPE_CONNECTION_WIZARD);

  G_OBJECT_CLASS (plug_connection_wizard_parent_class)->dispose (object);
}

static void
plug_connection_wizard_finalize (GObject *object)
{
  PlugConnectionWizard *self = PLUG_CONNECTION_WIZARD (object);

  g_clear_object (&self->client);
  g_clear_object (&self->modem_list);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->database);
  g_free (self->database_error);
  g_clear_object (&self->countries);
  g_clear_object (&self->modem);
  g_free (self->country_code);
  g_clear_object (&self->provider);
  g_clear_object (&self->plan);
  g_clear_object (&self->added);
  g_clear_pointer (&self->apn_choices, g_ptr_array_unref);
  g_clear_pointer (&self->history, g_ptr_array_unref);

  G_OBJECT_CLASS (plug_connection_wizard_parent_class)->finalize (object);
}

static void
plug_connection_wizard_class_init (PlugConnectionWizardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  PlugDialogClass *dialog_class = PLUG_DIALOG_CLASS (klass);

  object_class->dispose = plug_connection_wizard_dispose;
  object_class->finalize = plug_connection_wizard_finalize;
  dialog_class->close_request = plug_connection_wizard_close_request;

  /**
   * PlugConnectionWizard::done:
   * @message: what was done, in a sentence
   *
   * Emitted when a connection was added and the wizard closes by itself.
   */
  signals[DONE] = g_signal_new ("done",
                                G_TYPE_FROM_CLASS (klass),
                                G_SIGNAL_RUN_LAST,
                                0, NULL, NULL, NULL,
                                G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_install_action (widget_class, "wizard.next", NULL, next_action);
  gtk_widget_class_install_action (widget_class, "wizard.back", NULL, back_action);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/plugboard/Plugboard/panels/broadband/plug-connection-wizard.ui");
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, window_title);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, back_button);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, next_button);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, stack);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, message_page);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, progress_page);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, device_list);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, country_search);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, country_list);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, provider_search);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, provider_list);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, plan_notice);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, plan_list);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, manual_group);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, apn_row);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, username_row);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, password_row);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, plan_error_label);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, review_device_row);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, review_provider_row);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, review_plan_row);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, review_apn_row);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, name_row);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, roaming_row);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, roaming_switch);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, connect_switch);
  gtk_widget_class_bind_template_child (widget_class, PlugConnectionWizard, review_error_label);
  gtk_widget_class_bind_template_callback (widget_class, entry_activated_cb);
}

static void
plug_connection_wizard_init (PlugConnectionWizard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  plug_tooltip_names_apply (GTK_WIDGET (self->password_row));
#if !ADW_CHECK_VERSION (1, 5, 0)
  /* A window of its own: it goes with the main window (a dialog drawn
   * inside it does by itself). */
  gtk_window_set_destroy_with_parent (GTK_WINDOW (self), TRUE);
#endif

  self->cancellable = g_cancellable_new ();
  self->history = g_ptr_array_new_with_free_func (g_free);

  plug_connection_wizard_init_pages (self);

  /* After the pages' own handlers, which choose the row. */
  g_signal_connect_swapped (self->country_list, "selected-rows-changed", G_CALLBACK (update_buttons), self);
  g_signal_connect_swapped (self->provider_list, "selected-rows-changed", G_CALLBACK (update_buttons), self);
  g_signal_connect_swapped (self->country_search, "search-changed", G_CALLBACK (update_buttons), self);
  g_signal_connect_swapped (self->provider_search, "search-changed", G_CALLBACK (update_buttons), self);

  g_signal_connect (self->country_search, "activate", G_CALLBACK (search_activate_cb), self);
  g_signal_connect (self->provider_search, "activate", G_CALLBACK (search_activate_cb), self);
  g_signal_connect (self->device_list, "row-activated", G_CALLBACK (row_activated_cb), self);
  g_signal_connect (self->country_list, "row-activated", G_CALLBACK (row_activated_cb), self);
  g_signal_connect (self->provider_list, "row-activated", G_CALLBACK (row_activated_cb), self);
  g_signal_connect (self->plan_list, "row-activated", G_CALLBACK (row_activated_cb), self);

  show_page (self, "loading");
}

/**
 * plug_connection_wizard_new:
 * @client: (nullable): NetworkManager's client; %NULL when it is not
 *   running, and plug_connection_wizard_show_unavailable() says so
 * @modem_list: (nullable): the modems, %NULL with @client
 *
 * Returns: (transfer none): the wizard, owned by GTK once presented
 *   (plug_dialog_present()); present it
 */
PlugConnectionWizard *
plug_connection_wizard_new (NMClient      *client,
                            PlugModemList *modem_list)
{
  PlugConnectionWizard *self;

  g_return_val_if_fail (client == NULL || NM_IS_CLIENT (client), NULL);
  g_return_val_if_fail (modem_list == NULL || PLUG_IS_MODEM_LIST (modem_list), NULL);

  self = g_object_new (PLUG_TYPE_CONNECTION_WIZARD, NULL);
  self->client = client != NULL ? g_object_ref (client) : NULL;
  self->modem_list = modem_list != NULL ? g_object_ref (modem_list) : NULL;

  if (self->client != NULL && self->modem_list != NULL)
    {
      self->n_loading = 2;
      plug_provider_database_get_default_async (self->cancellable, database_loaded_cb, g_object_ref (self));
      plug_country_table_load_async (NULL, self->cancellable, countries_loaded_cb, g_object_ref (self));
    }

  return self;
}

/**
 * plug_connection_wizard_show_unavailable:
 * @self: the wizard
 * @title: what is missing, as a title
 * @description: why it matters and what to do
 *
 * Used instead of the steps when no connection can be made at all.
 */
void
plug_connection_wizard_show_unavailable (PlugConnectionWizard *self,
                                         const char           *title,
                                         const char           *description)
{
  g_return_if_fail (PLUG_IS_CONNECTION_WIZARD (self));

  g_cancellable_cancel (self->cancellable);
  show_message (self, "dialog-warning-symbolic", title, description);
}
