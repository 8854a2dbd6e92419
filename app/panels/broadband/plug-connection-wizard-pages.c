/* plug-connection-wizard-pages.c: The choices on the wizard's pages
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-broadband"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "plug-broadband-actions.h"

#include "plug-connection-wizard-private.h"

/*
 * Each page is filled from what the earlier ones chose: the modems, the
 * countries with a provider for the modem's family (the suggested
 * provider's country first), that country's providers (the suggested one
 * first), the provider's internet plans, and the review. The modem
 * suggests a provider from its SIM (MCC-MNC, provider name, GID1) or the
 * CDMA network it is on (SID): plug_modem_suggest_provider(). Lists are one-choice GtkListBoxes of
 * rows marked with a check.
 */

/* --- choice rows ---------------------------------------------------------- */

/* A row of a one-choice list: the choice is marked with a check. Titles
 * and subtitles come from the database and the modem: escaped, since rows
 * take markup. */
static GtkWidget *
choice_row_new (const char *title,
                const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();
  /* The list box tells assistive technologies which row is selected; the
   * check only shows it. */
  GtkWidget *check = g_object_new (GTK_TYPE_IMAGE,
                                   "icon-name", "object-select-symbolic",
                                   "accessible-role", GTK_ACCESSIBLE_ROLE_PRESENTATION,
                                   NULL);
  g_autofree char *escaped_title = g_markup_escape_text (title, -1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped_title);
  if (subtitle != NULL)
    {
      g_autofree char *escaped_subtitle = g_markup_escape_text (subtitle, -1);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), escaped_subtitle);
    }
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_widget_set_opacity (check, 0);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), check);
  g_object_set_data (G_OBJECT (row), "plug-check", check);

  return row;
}

static void
list_selection_changed_cb (GtkListBox *list,
                           gpointer    user_data)
{
  GtkListBoxRow *selected = gtk_list_box_get_selected_row (list);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (list));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *check = g_object_get_data (G_OBJECT (child), "plug-check");

      if (check != NULL)
        gtk_widget_set_opacity (check, child == GTK_WIDGET (selected) ? 1 : 0);
    }
}

static void
clear_list (GtkListBox *list)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL)
    gtk_list_box_remove (list, child);
}

static gboolean
row_is_shown (GtkWidget *row)
{
  return gtk_widget_get_child_visible (row) && gtk_widget_get_visible (row);
}

/* The selected row if the filter shows it; else, once something is typed
 * in @search (or for a list without one), the first row shown. With
 * nothing selected and nothing typed, none: a guess the user did not make
 * would be a wrong default. */
GtkListBoxRow *
plug_connection_wizard_get_choice (GtkListBox  *list,
                                   GtkEditable *search)
{
  GtkListBoxRow *selected = gtk_list_box_get_selected_row (list);

  if (selected != NULL && row_is_shown (GTK_WIDGET (selected)))
    return selected;
  if (search != NULL && gtk_editable_get_text (search)[0] == '\0')
    return NULL;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (list));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (row_is_shown (child))
        return GTK_LIST_BOX_ROW (child);
    }

  return NULL;
}

static gboolean
filter_rows_cb (GtkListBoxRow *row,
                gpointer       user_data)
{
  GtkEditable *search = GTK_EDITABLE (user_data);
  const char *text = gtk_editable_get_text (search);
  const char *key = g_object_get_data (G_OBJECT (row), "plug-search-key");
  g_autofree char *folded_text = NULL;
  g_autofree char *folded_key = NULL;

  /* "My provider is not listed" stays, whatever is typed. */
  if (key == NULL || text[0] == '\0')
    return TRUE;

  folded_text = g_utf8_casefold (text, -1);
  folded_key = g_utf8_casefold (key, -1);

  return strstr (folded_key, folded_text) != NULL;
}

static void
search_changed_cb (GtkSearchEntry *entry,
                   gpointer        user_data)
{
  GtkListBox *list = GTK_LIST_BOX (user_data);
  GtkListBoxRow *choice;

  gtk_list_box_invalidate_filter (list);

  /* The check shows what Return chooses: the first row left, once the
   * chosen one is filtered out. */
  choice = plug_connection_wizard_get_choice (list, GTK_EDITABLE (entry));
  if (choice != NULL && choice != gtk_list_box_get_selected_row (list))
    gtk_list_box_select_row (list, choice);
}

/* --- devices -------------------------------------------------------------- */

PlugModemFamily
plug_connection_wizard_get_family (PlugModem *modem)
{
  PlugModemFamily family = plug_modem_get_family (modem);
  NMDeviceModemCapabilities capabilities;

  if (family != PLUG_MODEM_FAMILY_UNKNOWN)
    return family;

  /* ModemManager may not have said yet; NetworkManager knows what the
   * modem can do. */
  capabilities = nm_device_modem_get_current_capabilities (plug_modem_get_device (modem));
  if (capabilities & (NM_DEVICE_MODEM_CAPABILITY_GSM_UMTS | NM_DEVICE_MODEM_CAPABILITY_LTE))
    return PLUG_MODEM_FAMILY_GSM;
  if (capabilities & NM_DEVICE_MODEM_CAPABILITY_CDMA_EVDO)
    return PLUG_MODEM_FAMILY_CDMA;

  return PLUG_MODEM_FAMILY_UNKNOWN;
}

void
plug_connection_wizard_fill_devices (PlugConnectionWizard *self)
{
  GListModel *modems = G_LIST_MODEL (self->modem_list);

  clear_list (self->device_list);
  for (guint i = 0; i < g_list_model_get_n_items (modems); i++)
    {
      g_autoptr(PlugModem) modem = g_list_model_get_item (modems, i);
      g_autofree char *name = plug_modem_dup_display_name (modem);
      g_autofree char *subtitle =
        /* Translators: a modem's interface and the networks it works
         * with, such as “ttyUSB2 · GSM, UMTS, LTE or 5G” */
        g_strdup_printf (_("%s · %s"),
                         plug_modem_get_interface (modem) != NULL ? plug_modem_get_interface (modem) : "-",
                         plug_modem_family_get_display_name (plug_connection_wizard_get_family (modem)));
      GtkWidget *row = choice_row_new (name, subtitle);

      g_object_set_data_full (G_OBJECT (row), "plug-modem", g_object_ref (modem), g_object_unref);
      g_object_set_data_full (G_OBJECT (row), "plug-search-key",
                              g_strdup_printf ("%s %s", name, plug_modem_get_interface (modem)), g_free);
      gtk_list_box_append (self->device_list, row);
    }

  gtk_list_box_invalidate_sort (self->device_list);
  gtk_list_box_select_row (self->device_list, gtk_list_box_get_row_at_index (self->device_list, 0));
}

/* --- countries ------------------------------------------------------------ */

static const char *
country_name (PlugConnectionWizard *self,
              const char           *code)
{
  const char *name = self->countries != NULL ? plug_country_table_get_name (self->countries, code) : NULL;

  return name != NULL ? name : code;
}

/* The suggested row first, where it is seen without scrolling, then by
 * name; for modems and countries. */
static int
compare_rows (GtkListBoxRow *first,
                      GtkListBoxRow *second,
                      gpointer       user_data)
{
  gboolean first_suggested = g_object_get_data (G_OBJECT (first), "plug-suggested") != NULL;
  gboolean second_suggested = g_object_get_data (G_OBJECT (second), "plug-suggested") != NULL;

  if (first_suggested != second_suggested)
    return first_suggested ? -1 : 1;

  return g_utf8_collate (g_object_get_data (G_OBJECT (first), "plug-search-key"),
                         g_object_get_data (G_OBJECT (second), "plug-search-key"));
}

/* The provider the modem suggests, else the network's, says which
 * country the user is in; the locale is a guess. Without any, NULL: no
 * country is chosen for the user. */
static char *
guess_country (PlugConnectionWizard *self)
{
  g_autoptr(PlugProvider) suggested = plug_modem_suggest_provider (self->modem, self->database, NULL);
  const char *network_code = plug_modem_get_operator_code (self->modem);

  if (suggested != NULL)
    return g_strdup (plug_provider_get_country_code (suggested));

  if (network_code != NULL && plug_mcc_mnc_is_valid (network_code))
    {
      g_autoptr(GPtrArray) providers = plug_provider_database_lookup_mcc_mnc (self->database, network_code);

      if (providers->len > 0)
        return g_strdup (plug_provider_get_country_code (g_ptr_array_index (providers, 0)));
    }

  return plug_country_code_get_default ();
}

void
plug_connection_wizard_fill_countries (PlugConnectionWizard *self)
{
  g_auto(GStrv) codes = plug_provider_database_dup_country_codes (self->database);
  g_autofree char *guess = guess_country (self);
  GtkListBoxRow *chosen = NULL;

  clear_list (self->country_list);
  gtk_editable_set_text (GTK_EDITABLE (self->country_search), "");
  for (guint i = 0; codes[i] != NULL; i++)
    {
      g_autoptr(GPtrArray) providers = plug_provider_database_lookup_country (self->database, codes[i]);
      gboolean fits = FALSE;
      GtkWidget *row;

      /* Only countries with a provider for this kind of modem. */
      for (guint j = 0; providers != NULL && j < providers->len && !fits; j++)
        {
          PlugProvider *provider = g_ptr_array_index (providers, j);

          fits = self->family == PLUG_MODEM_FAMILY_CDMA ? plug_provider_has_cdma (provider)
                                                         : plug_provider_has_gsm (provider);
        }
      if (!fits)
        continue;

      row = choice_row_new (country_name (self, codes[i]), NULL);
      g_object_set_data_full (G_OBJECT (row), "plug-country", g_ascii_strup (codes[i], -1), g_free);
      g_object_set_data_full (G_OBJECT (row), "plug-search-key",
                              g_strdup (country_name (self, codes[i])), g_free);
      gtk_list_box_append (self->country_list, row);
      if (guess != NULL && g_ascii_strcasecmp (guess, codes[i]) == 0)
        {
          chosen = GTK_LIST_BOX_ROW (row);
          g_object_set_data (G_OBJECT (row), "plug-suggested", GINT_TO_POINTER (TRUE));
        }
    }

  /* Without a guess no row is chosen, and Next waits until the user
   * chooses one: the first of the list (Angola) is nobody's country. */
  gtk_list_box_invalidate_sort (self->country_list);
  gtk_list_box_select_row (self->country_list, chosen);
}

/* --- providers ------------------------------------------------------------ */

static int
compare_providers (gconstpointer a,
                   gconstpointer b)
{
  PlugProvider *first = *(PlugProvider **) a;
  PlugProvider *second = *(PlugProvider **) b;

  return g_utf8_collate (plug_provider_get_display_name (first), plug_provider_get_display_name (second));
}

void
plug_connection_wizard_fill_providers (PlugConnectionWizard *self)
{
  g_autoptr(GPtrArray) providers = plug_provider_database_lookup_country (self->database, self->country_code);
  g_autoptr(GPtrArray) sorted = g_ptr_array_new ();
  /* Where virtual providers share their host's MCC-MNC, the SIM's GID1
   * or provider name tells which; else the host, which the database
   * marks as primary. */
  g_autoptr(PlugProvider) preferred = plug_modem_suggest_provider (self->modem, self->database, NULL);
  GtkListBoxRow *chosen = NULL;
  GtkWidget *row;

  clear_list (self->provider_list);
  gtk_editable_set_text (GTK_EDITABLE (self->provider_search), "");

  for (guint i = 0; providers != NULL && i < providers->len; i++)
    {
      PlugProvider *provider = g_ptr_array_index (providers, i);

      if (self->family == PLUG_MODEM_FAMILY_CDMA ? plug_provider_has_cdma (provider)
                                                 : plug_provider_has_gsm (provider))
        g_ptr_array_add (sorted, provider);
    }
  g_ptr_array_sort (sorted, compare_providers);

  for (guint i = 0; i < sorted->len; i++)
    {
      PlugProvider *provider = g_ptr_array_index (sorted, i);

      row = choice_row_new (plug_provider_get_display_name (provider), NULL);
      g_object_set_data_full (G_OBJECT (row), "plug-provider", g_object_ref (provider), g_object_unref);
      g_object_set_data_full (G_OBJECT (row), "plug-search-key",
                              g_strdup (plug_provider_get_display_name (provider)), g_free);
      gtk_list_box_append (self->provider_list, row);

      if (provider == preferred)
        chosen = GTK_LIST_BOX_ROW (row);
    }

  row = choice_row_new (_("My provider is not listed"), _("Enter the plan’s settings yourself"));
  g_object_set_data (G_OBJECT (row), PLUG_WIZARD_NOT_LISTED, GINT_TO_POINTER (TRUE));
  gtk_list_box_append (self->provider_list, row);

  /* The suggested provider first, where it is seen without scrolling. */
  if (chosen != NULL && gtk_list_box_row_get_index (chosen) > 0)
    {
      g_object_ref (chosen);
      gtk_list_box_remove (self->provider_list, GTK_WIDGET (chosen));
      gtk_list_box_prepend (self->provider_list, GTK_WIDGET (chosen));
      g_object_unref (chosen);
    }
  /* Without a suggested provider no row is chosen: the first by name
   * would be a guess, and a wrong one more often than not. */
  gtk_list_box_select_row (self->provider_list, chosen);
}

/* --- plans ---------------------------------------------------------------- */

static char *
describe_plan (PlugProviderApn *apn)
{
  PlugProviderPlan plans = plug_provider_apn_get_plans (apn);
  const char *kind = NULL;

  if (plans == (PLUG_PROVIDER_PLAN_PREPAID | PLUG_PROVIDER_PLAN_POSTPAID))
    kind = _("Prepaid and postpaid");
  else if (plans & PLUG_PROVIDER_PLAN_PREPAID)
    kind = _("Prepaid");
  else if (plans & PLUG_PROVIDER_PLAN_POSTPAID)
    kind = _("Postpaid");

  if (kind != NULL)
    /* Translators: a plan's APN and kind, such as “APN internet · Prepaid” */
    return g_strdup_printf (_("APN %s · %s"), plug_provider_apn_get_apn (apn), kind);

  /* Translators: a plan's APN, such as “APN internet” */
  return g_strdup_printf (_("APN %s"), plug_provider_apn_get_apn (apn));
}

static void
show_manual (PlugConnectionWizard *self,
             gboolean              manual)
{
  self->manual_plan = manual;
  gtk_widget_set_visible (GTK_WIDGET (self->manual_group), manual);
  plug_connection_wizard_set_error_label (self->plan_error_label, NULL);
}

void
plug_connection_wizard_fill_plans (PlugConnectionWizard *self)
{
  GPtrArray *apns = self->provider != NULL ? plug_provider_get_apns (self->provider) : NULL;
  GtkWidget *row;
  GtkWidget *first_usable = NULL;
  guint n_plans = 0;

  clear_list (self->plan_list);
  plug_connection_wizard_set_error_label (self->plan_error_label, NULL);

  if (self->database == NULL)
    {
      g_autofree char *notice =
        /* Translators: %s says why the database could not be read */
        g_strdup_printf (_("The list of providers cannot be read (%s), so Plugboard cannot suggest "
                           "settings. Install the mobile-broadband-provider-info package for the list, "
                           "or enter your plan’s settings below."),
                         self->database_error);

      gtk_label_set_label (self->plan_notice, notice);
      gtk_widget_set_visible (GTK_WIDGET (self->plan_notice), TRUE);
    }
  else
    gtk_widget_set_visible (GTK_WIDGET (self->plan_notice), FALSE);

  for (guint i = 0; apns != NULL && i < apns->len; i++)
    {
      PlugProviderApn *apn = g_ptr_array_index (apns, i);
      const char *name = plug_provider_apn_get_display_name (apn);
      g_autofree char *subtitle = NULL;
      gboolean usable;

      /* MMS and WAP access points do not reach the internet. */
      if (!plug_provider_apn_is_for_internet (apn))
        continue;

      /* An APN NetworkManager would refuse is shown, so that the user
       * is not left wondering where the plan went, but cannot be chosen. */
      usable = plug_provider_apn_check (apn, NULL);
      if (!usable)
        /* Translators: %s is an APN from the provider database */
        subtitle = g_strdup_printf (_("APN %s · Cannot be used: NetworkManager does not accept this APN"),
                                    plug_provider_apn_get_apn (apn));
      else
        subtitle = describe_plan (apn);
      row = choice_row_new (name != NULL ? name : plug_provider_apn_get_apn (apn), subtitle);
      if (usable)
        {
          g_object_set_data_full (G_OBJECT (row), "plug-apn", g_object_ref (apn), g_object_unref);
          if (first_usable == NULL)
            first_usable = row;
        }
      else
        {
          gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (row), FALSE);
          gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
          gtk_widget_set_sensitive (row, FALSE);
        }
      gtk_list_box_append (self->plan_list, row);
      n_plans++;
    }

  if (n_plans > 0)
    {
      row = choice_row_new (_("My plan is not listed"), _("Enter the plan’s settings yourself"));
      g_object_set_data (G_OBJECT (row), PLUG_WIZARD_NOT_LISTED, GINT_TO_POINTER (TRUE));
      gtk_list_box_append (self->plan_list, row);
      gtk_list_box_select_row (self->plan_list,
                               GTK_LIST_BOX_ROW (first_usable != NULL ? first_usable : row));
    }

  gtk_widget_set_visible (GTK_WIDGET (self->plan_list), n_plans > 0);
  show_manual (self, n_plans == 0);
}

static void
plan_selected_cb (GtkListBox           *list,
                  GtkListBoxRow        *row,
                  PlugConnectionWizard *self)
{
  list_selection_changed_cb (list, NULL);
  if (row != NULL)
    show_manual (self, g_object_get_data (G_OBJECT (row), PLUG_WIZARD_NOT_LISTED) != NULL);
}

/* --- review --------------------------------------------------------------- */

const char *
plug_connection_wizard_entry_text (AdwEntryRow *row)
{
  return gtk_editable_get_text (GTK_EDITABLE (row));
}

/* NULL for an empty optional field. */
static const char *
optional_text (AdwEntryRow *row)
{
  const char *text = plug_connection_wizard_entry_text (row);

  return text[0] != '\0' ? text : NULL;
}

static const char *
chosen_apn (PlugConnectionWizard *self)
{
  if (self->manual_plan)
    return plug_connection_wizard_entry_text (self->apn_row);

  return plug_provider_apn_get_apn (self->plan);
}

static char *
default_name (PlugConnectionWizard *self)
{
  g_autofree char *apn = NULL;

  if (self->provider != NULL && self->plan != NULL && !self->manual_plan &&
      plug_provider_apn_get_display_name (self->plan) != NULL)
    /* Translators: a connection's name: provider and plan, such as “Vodafone Mobile Internet” */
    return g_strdup_printf (_("%s %s"), plug_provider_get_display_name (self->provider),
                            plug_provider_apn_get_display_name (self->plan));

  if (self->provider != NULL)
    /* Translators: a connection's name, such as “Verizon connection” */
    return g_strdup_printf (_("%s connection"), plug_provider_get_display_name (self->provider));

  if (self->family == PLUG_MODEM_FAMILY_CDMA)
    return g_strdup (_("CDMA connection"));

  apn = g_strstrip (g_strdup (chosen_apn (self)));
  if (apn[0] != '\0')
    /* Translators: a connection's name, with its APN */
    return g_strdup_printf (_("Mobile broadband %s"), apn);

  return g_strdup (_("Mobile broadband"));
}

static void
set_subtitle (AdwActionRow *row,
              const char   *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  adw_action_row_set_subtitle (row, escaped);
}

void
plug_connection_wizard_fill_review (PlugConnectionWizard *self)
{
  g_autofree char *modem_name = plug_modem_dup_display_name (self->modem);
  g_autofree char *device = g_strdup_printf ("%s (%s)", modem_name,
                                             plug_modem_get_interface (self->modem));
  g_autofree char *base_name = default_name (self);
  g_auto(GStrv) taken = plug_broadband_dup_connection_ids (self->client);
  g_autofree char *name = plug_broadband_connection_unique_id (base_name, (const char * const *) taken);
  gboolean gsm = self->family == PLUG_MODEM_FAMILY_GSM;

  set_subtitle (self->review_device_row, device);
  set_subtitle (self->review_provider_row,
                self->provider != NULL ? plug_provider_get_display_name (self->provider)
                                       : _("Not listed"));

  gtk_widget_set_visible (GTK_WIDGET (self->review_plan_row), gsm);
  if (gsm)
    {
      const char *apn = chosen_apn (self);

      if (self->manual_plan)
        set_subtitle (self->review_plan_row, _("Entered by hand"));
      else
        set_subtitle (self->review_plan_row,
                      plug_provider_apn_get_display_name (self->plan) != NULL
                      ? plug_provider_apn_get_display_name (self->plan)
                      : plug_provider_apn_get_apn (self->plan));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->review_apn_row), _("APN"));
      set_subtitle (self->review_apn_row, apn[0] != '\0' ? apn : _("The one the SIM suggests"));
    }
  else
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->review_apn_row), _("Number"));
      set_subtitle (self->review_apn_row, PLUG_BROADBAND_CDMA_NUMBER);
    }

  /* CDMA connections have no roaming setting: the modem decides. */
  gtk_widget_set_visible (GTK_WIDGET (self->roaming_row), gsm);
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name);
  plug_connection_wizard_set_error_label (self->review_error_label, NULL);
}

/* What the user chose, for plug_broadband_connection_new(). */
void
plug_connection_wizard_get_settings (PlugConnectionWizard            *self,
              PlugBroadbandConnectionSettings *settings)
{
  *settings = (PlugBroadbandConnectionSettings) {
    .family = self->family,
    .id = plug_connection_wizard_entry_text (self->name_row),
    .interface = plug_modem_get_interface (self->modem),
    .roaming_allowed = self->family == PLUG_MODEM_FAMILY_GSM && gtk_switch_get_active (self->roaming_switch),
    .autoconnect = FALSE,
  };

  if (self->family == PLUG_MODEM_FAMILY_GSM)
    {
      settings->apn = chosen_apn (self);
      if (self->manual_plan)
        {
          settings->username = optional_text (self->username_row);
          settings->password = optional_text (self->password_row);
        }
      else
        {
          settings->username = plug_provider_apn_get_username (self->plan);
          settings->password = plug_provider_apn_get_password (self->plan);
        }
    }
  else if (self->provider != NULL)
    {
      settings->username = plug_provider_get_cdma_username (self->provider);
      settings->password = plug_provider_get_cdma_password (self->provider);
    }
}

/**
 * plug_connection_wizard_init_pages:
 * @self: the wizard, its template initialized
 *
 * Sorts, filters and marks the choices of the lists.
 */
void
plug_connection_wizard_init_pages (PlugConnectionWizard *self)
{
  gtk_list_box_set_sort_func (self->device_list, compare_rows, NULL, NULL);
  gtk_list_box_set_sort_func (self->country_list, compare_rows, NULL, NULL);
  gtk_list_box_set_filter_func (self->country_list, filter_rows_cb, self->country_search, NULL);
  gtk_list_box_set_filter_func (self->provider_list, filter_rows_cb, self->provider_search, NULL);

  g_signal_connect (self->country_search, "search-changed", G_CALLBACK (search_changed_cb), self->country_list);
  g_signal_connect (self->provider_search, "search-changed", G_CALLBACK (search_changed_cb), self->provider_list);

  g_signal_connect (self->device_list, "selected-rows-changed", G_CALLBACK (list_selection_changed_cb), NULL);
  g_signal_connect (self->country_list, "selected-rows-changed", G_CALLBACK (list_selection_changed_cb), NULL);
  g_signal_connect (self->provider_list, "selected-rows-changed", G_CALLBACK (list_selection_changed_cb), NULL);
  g_signal_connect (self->plan_list, "row-selected", G_CALLBACK (plan_selected_cb), self);
}
