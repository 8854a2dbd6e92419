/* plug-connection-wizard.c: The wizard that adds a mobile broadband connection
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-broadband"

#include "config.h"

#include <string.h>
#include <glib/gi18n.h>

#include "plug-broadband-connection.h"
#include "plug-broadband-operation.h"
#include "plug-country.h"
#include "plug-provider-database.h"

#include "plug-connection-wizard.h"

/*
 * The steps, each a page of the stack: the modem (skipped when there is
 * one), the country, the provider, the plan (GSM only) and a review.
 * The provider database and the country names are read in threads when
 * the wizard opens; without the database, the country and provider steps
 * are skipped and the plan is typed in. Whatever goes wrong is said on a
 * page of its own ("message") or under the step it belongs to, so the
 * Next button always gets an answer.
 */

#define NOT_LISTED "plug-not-listed"

struct _PlugConnectionWizard
{
  AdwWindow             parent_instance;

  /* Template widgets */
  AdwWindowTitle       *window_title;
  GtkButton            *cancel_button;
  GtkButton            *back_button;
  GtkButton            *next_button;
  GtkStack             *stack;
  AdwStatusPage        *message_page;
  AdwStatusPage        *progress_page;
  GtkListBox           *device_list;
  GtkSearchEntry       *country_search;
  GtkListBox           *country_list;
  GtkSearchEntry       *provider_search;
  GtkListBox           *provider_list;
  GtkLabel             *plan_notice;
  GtkListBox           *plan_list;
  AdwPreferencesGroup  *manual_group;
  AdwEntryRow          *apn_row;
  AdwEntryRow          *username_row;
  AdwEntryRow          *password_row;
  GtkLabel             *plan_error_label;
  AdwActionRow         *review_device_row;
  AdwActionRow         *review_provider_row;
  AdwActionRow         *review_plan_row;
  AdwActionRow         *review_apn_row;
  AdwEntryRow          *name_row;
  AdwActionRow         *roaming_row;
  GtkSwitch            *roaming_switch;
  GtkSwitch            *connect_switch;
  GtkLabel             *review_error_label;

  /* Owned */
  NMClient             *client;
  PlugModemList        *modem_list;
  GCancellable         *cancellable;
  PlugProviderDatabase *database;
  char                 *database_error;
  PlugCountryTable     *countries;
  guint                 n_loading;
  PlugModem            *modem;
  PlugModemFamily       family;
  char                 *country_code;
  PlugProvider         *provider;
  PlugProviderApn      *plan;
  gboolean              manual_plan;
  NMRemoteConnection   *added;
  /* The pages visited, for Back (names, owned). */
  GPtrArray            *history;
};

G_DEFINE_FINAL_TYPE (PlugConnectionWizard, plug_connection_wizard, ADW_TYPE_WINDOW)

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

static void
update_buttons (PlugConnectionWizard *self)
{
  const char *page = current_page (self);
  gboolean step = is_step (page);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "wizard.back", step && self->history->len > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "wizard.next", step);
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
  g_debug ("Wizard page: %s", page);
  gtk_stack_set_visible_child_name (self->stack, page);
  adw_window_title_set_title (self->window_title, page_title (page));
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
  g_debug ("Wizard says: %s: %s", title, description);
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
  show_page (self, "progress");
}

static void
set_error_label (GtkLabel   *label,
                 const char *message)
{
  if (message != NULL)
    g_debug ("Wizard says: %s", message);
  gtk_label_set_label (label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (label), message != NULL);
}

/* --- choice rows ---------------------------------------------------------- */

/* A row of a one-choice list: the choice is marked with a check. Titles
 * and subtitles come from the database and the modem: escaped, since rows
 * take markup. */
static GtkWidget *
choice_row_new (const char *title,
                const char *subtitle)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");
  g_autofree char *escaped_title = g_markup_escape_text (title, -1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), escaped_title);
  if (subtitle != NULL)
    {
      g_autofree char *escaped_subtitle = g_markup_escape_text (subtitle, -1);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), escaped_subtitle);
    }
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_widget_set_opacity (check, 0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (check),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Chosen"),
                                  -1);
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

/* The selected row if the filter shows it, else the first one shown. */
static GtkListBoxRow *
get_choice (GtkListBox *list)
{
  GtkListBoxRow *selected = gtk_list_box_get_selected_row (list);

  if (selected != NULL && row_is_shown (GTK_WIDGET (selected)))
    return selected;

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
  gtk_list_box_invalidate_filter (GTK_LIST_BOX (user_data));
}

/* --- devices -------------------------------------------------------------- */

static PlugModemFamily
get_family (PlugModem *modem)
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

static void
fill_devices (PlugConnectionWizard *self)
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
                         plug_modem_family_get_display_name (get_family (modem)));
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

/* The SIM's provider, else the network's, says which country the user is
 * in; the locale is a guess. */
static char *
guess_country (PlugConnectionWizard *self)
{
  const char *codes[] = {
    plug_modem_get_sim_operator_code (self->modem),
    plug_modem_get_operator_code (self->modem),
  };

  for (guint i = 0; i < G_N_ELEMENTS (codes); i++)
    {
      g_autoptr(GPtrArray) providers = NULL;

      if (codes[i] == NULL || !plug_mcc_mnc_is_valid (codes[i]))
        continue;
      providers = plug_provider_database_lookup_mcc_mnc (self->database, codes[i]);
      if (providers != NULL && providers->len > 0)
        return g_strdup (plug_provider_get_country_code (g_ptr_array_index (providers, 0)));
    }

  return plug_country_code_get_default ();
}

static void
fill_countries (PlugConnectionWizard *self)
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

  gtk_list_box_invalidate_sort (self->country_list);
  if (chosen == NULL)
    chosen = gtk_list_box_get_row_at_index (self->country_list, 0);
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

static void
fill_providers (PlugConnectionWizard *self)
{
  g_autoptr(GPtrArray) providers = plug_provider_database_lookup_country (self->database, self->country_code);
  g_autoptr(GPtrArray) sorted = g_ptr_array_new ();
  const char *sim_code = plug_modem_get_sim_operator_code (self->modem);
  g_autoptr(GPtrArray) matches = NULL;
  PlugProvider *preferred = NULL;
  GtkListBoxRow *chosen = NULL;
  GtkWidget *row;

  clear_list (self->provider_list);
  gtk_editable_set_text (GTK_EDITABLE (self->provider_search), "");

  /* The database's best match for the SIM's code: where virtual
   * providers share their host's code, it marks the host as primary. */
  if (sim_code != NULL && plug_mcc_mnc_is_valid (sim_code))
    matches = plug_provider_database_lookup_mcc_mnc (self->database, sim_code);
  if (matches != NULL && matches->len > 0)
    preferred = g_ptr_array_index (matches, 0);

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
  g_object_set_data (G_OBJECT (row), NOT_LISTED, GINT_TO_POINTER (TRUE));
  gtk_list_box_append (self->provider_list, row);

  /* The SIM's provider first, where it is seen without scrolling. */
  if (chosen != NULL && gtk_list_box_row_get_index (chosen) > 0)
    {
      g_object_ref (chosen);
      gtk_list_box_remove (self->provider_list, GTK_WIDGET (chosen));
      gtk_list_box_prepend (self->provider_list, GTK_WIDGET (chosen));
      g_object_unref (chosen);
    }
  if (chosen == NULL)
    chosen = gtk_list_box_get_row_at_index (self->provider_list, 0);
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
  set_error_label (self->plan_error_label, NULL);
}

static void
fill_plans (PlugConnectionWizard *self)
{
  GPtrArray *apns = self->provider != NULL ? plug_provider_get_apns (self->provider) : NULL;
  GtkWidget *row;
  guint n_plans = 0;

  clear_list (self->plan_list);
  set_error_label (self->plan_error_label, NULL);

  if (self->database == NULL)
    {
      g_autofree char *notice =
        /* Translators: %s says why the database could not be read */
        g_strdup_printf (_("The list of providers cannot be read (%s), so Plugboard cannot suggest "
                           "settings. Install the mobile-broadband-provider-info package for the list, "
                           "or enter your plan’s settings below."),
                         self->database_error);

      g_debug ("Wizard says: %s", notice);
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

      /* MMS and WAP access points do not reach the internet. */
      if (!plug_provider_apn_is_for_internet (apn))
        continue;

      subtitle = describe_plan (apn);
      row = choice_row_new (name != NULL ? name : plug_provider_apn_get_apn (apn), subtitle);
      g_object_set_data_full (G_OBJECT (row), "plug-apn", g_object_ref (apn), g_object_unref);
      gtk_list_box_append (self->plan_list, row);
      n_plans++;
    }

  if (n_plans > 0)
    {
      row = choice_row_new (_("My plan is not listed"), _("Enter the plan’s settings yourself"));
      g_object_set_data (G_OBJECT (row), NOT_LISTED, GINT_TO_POINTER (TRUE));
      gtk_list_box_append (self->plan_list, row);
      gtk_list_box_select_row (self->plan_list, gtk_list_box_get_row_at_index (self->plan_list, 0));
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
    show_manual (self, g_object_get_data (G_OBJECT (row), NOT_LISTED) != NULL);
}

/* --- review --------------------------------------------------------------- */

static const char *
entry_text (AdwEntryRow *row)
{
  return gtk_editable_get_text (GTK_EDITABLE (row));
}

/* NULL for an empty optional field. */
static const char *
optional_text (AdwEntryRow *row)
{
  const char *text = entry_text (row);

  return text[0] != '\0' ? text : NULL;
}

static const char *
chosen_apn (PlugConnectionWizard *self)
{
  if (self->manual_plan)
    return entry_text (self->apn_row);

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

static void
fill_review (PlugConnectionWizard *self)
{
  g_autofree char *modem_name = plug_modem_dup_display_name (self->modem);
  g_autofree char *device = g_strdup_printf ("%s (%s)", modem_name,
                                             plug_modem_get_interface (self->modem));
  g_autofree char *name = default_name (self);
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
  set_error_label (self->review_error_label, NULL);
}

/* What the user chose, for plug_broadband_connection_new(). */
static void
get_settings (PlugConnectionWizard            *self,
              PlugBroadbandConnectionSettings *settings)
{
  *settings = (PlugBroadbandConnectionSettings) {
    .family = self->family,
    .id = entry_text (self->name_row),
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

/* --- steps ---------------------------------------------------------------- */

static void
go_to_plan_or_review (PlugConnectionWizard *self)
{
  if (self->family == PLUG_MODEM_FAMILY_GSM)
    {
      fill_plans (self);
      go_to (self, "plan");
      if (self->manual_plan)
        gtk_widget_grab_focus (GTK_WIDGET (self->apn_row));
      else
        gtk_widget_grab_focus (GTK_WIDGET (gtk_list_box_get_selected_row (self->plan_list)));
    }
  else
    {
      fill_review (self);
      go_to (self, "review");
      gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
    }
}

static void
choose_device (PlugConnectionWizard *self,
               PlugModem            *modem)
{
  g_set_object (&self->modem, modem);
  self->family = get_family (modem);
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

  fill_countries (self);
  go_to (self, "country");
  gtk_widget_grab_focus (GTK_WIDGET (self->country_search));
}

static void
choose_country (PlugConnectionWizard *self,
                const char           *code)
{
  g_free (self->country_code);
  self->country_code = g_strdup (code);
  fill_providers (self);
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
      g_set_object (&self->plan, g_object_get_data (G_OBJECT (row), "plug-apn"));
      return TRUE;
    }

  g_clear_object (&self->plan);

  /* NetworkManager's rules, before anything is saved: the APN's, then the
   * whole profile's, as the daemon would check it. */
  if (!plug_broadband_apn_validate (entry_text (self->apn_row), &error))
    {
      set_error_label (self->plan_error_label, error->message);
      gtk_widget_grab_focus (GTK_WIDGET (self->apn_row));
      return FALSE;
    }
  else
    {
      PlugBroadbandConnectionSettings settings;
      g_autoptr(NMConnection) trial = NULL;

      get_settings (self, &settings);
      settings.id = "-";
      trial = plug_broadband_connection_new (&settings, &error);
      if (trial == NULL)
        {
          set_error_label (self->plan_error_label, error->message);
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
  const char *name = nm_connection_get_id (NM_CONNECTION (self->added));

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

  /* Translators: %s is a connection's name */
  description = g_strdup_printf (_("The connection “%s” was saved and is connected."), name);
  show_message (self, "emblem-ok-symbolic", _("Connected"), description);
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
      set_error_label (self->review_error_label, error->message);
      return;
    }

  if (!gtk_switch_get_active (self->connect_switch))
    {
      /* Translators: %s is a connection's name */
      message = g_strdup_printf (_("Added the connection “%s”"),
                                 nm_connection_get_id (NM_CONNECTION (self->added)));
      g_signal_emit (self, signals[DONE], 0, message);
      gtk_window_close (GTK_WINDOW (self));
      return;
    }

  /* Translators: %s is a connection's name */
  message = g_strdup_printf (_("Connecting “%s”…"), nm_connection_get_id (NM_CONNECTION (self->added)));
  show_progress (self, message);

  device = NM_DEVICE (plug_modem_get_device (self->modem));
  plug_broadband_connect_async (self->client, self->added, device, self->cancellable,
                                connect_cb, g_object_ref (self));
}

static void
add_connection (PlugConnectionWizard *self)
{
  PlugBroadbandConnectionSettings settings;
  g_autoptr(NMConnection) connection = NULL;
  g_autoptr(GError) error = NULL;

  get_settings (self, &settings);
  connection = plug_broadband_connection_new (&settings, &error);
  if (connection == NULL)
    {
      set_error_label (self->review_error_label, error->message);
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
      row = get_choice (self->device_list);
      if (row != NULL)
        choose_device (self, g_object_get_data (G_OBJECT (row), "plug-modem"));
    }
  else if (g_str_equal (page, "country"))
    {
      row = get_choice (self->country_list);
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
      row = get_choice (self->provider_list);
      gtk_list_box_select_row (self->provider_list, row);
      choose_provider (self, g_object_get_data (G_OBJECT (row), "plug-provider"));
    }
  else if (g_str_equal (page, "plan"))
    {
      if (choose_plan (self))
        {
          fill_review (self);
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
  if (list == self->plan_list && g_object_get_data (G_OBJECT (row), NOT_LISTED) != NULL)
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
  next (self);
}

/* --- loading -------------------------------------------------------------- */

static void
loaded (PlugConnectionWizard *self)
{
  GListModel *modems = G_LIST_MODEL (self->modem_list);

  if (--self->n_loading > 0)
    return;

  fill_devices (self);
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
plug_connection_wizard_close_request (GtkWindow *window)
{
  PlugConnectionWizard *self = PLUG_CONNECTION_WIZARD (window);

  /* Stops waiting for NetworkManager; what it was asked to do goes on. */
  g_cancellable_cancel (self->cancellable);

  return GTK_WINDOW_CLASS (plug_connection_wizard_parent_class)->close_request (window);
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
  g_clear_pointer (&self->history, g_ptr_array_unref);

  G_OBJECT_CLASS (plug_connection_wizard_parent_class)->finalize (object);
}

static void
plug_connection_wizard_class_init (PlugConnectionWizardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = plug_connection_wizard_dispose;
  object_class->finalize = plug_connection_wizard_finalize;
  window_class->close_request = plug_connection_wizard_close_request;

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

  self->cancellable = g_cancellable_new ();
  self->history = g_ptr_array_new_with_free_func (g_free);

  gtk_list_box_set_sort_func (self->device_list, compare_rows, NULL, NULL);
  gtk_list_box_set_sort_func (self->country_list, compare_rows, NULL, NULL);
  gtk_list_box_set_filter_func (self->country_list, filter_rows_cb, self->country_search, NULL);
  gtk_list_box_set_filter_func (self->provider_list, filter_rows_cb, self->provider_search, NULL);

  g_signal_connect (self->country_search, "search-changed", G_CALLBACK (search_changed_cb), self->country_list);
  g_signal_connect (self->provider_search, "search-changed", G_CALLBACK (search_changed_cb), self->provider_list);
  g_signal_connect (self->country_search, "activate", G_CALLBACK (search_activate_cb), self);
  g_signal_connect (self->provider_search, "activate", G_CALLBACK (search_activate_cb), self);

  g_signal_connect (self->device_list, "selected-rows-changed", G_CALLBACK (list_selection_changed_cb), NULL);
  g_signal_connect (self->country_list, "selected-rows-changed", G_CALLBACK (list_selection_changed_cb), NULL);
  g_signal_connect (self->provider_list, "selected-rows-changed", G_CALLBACK (list_selection_changed_cb), NULL);
  g_signal_connect (self->plan_list, "row-selected", G_CALLBACK (plan_selected_cb), self);

  g_signal_connect (self->device_list, "row-activated", G_CALLBACK (row_activated_cb), self);
  g_signal_connect (self->country_list, "row-activated", G_CALLBACK (row_activated_cb), self);
  g_signal_connect (self->provider_list, "row-activated", G_CALLBACK (row_activated_cb), self);
  g_signal_connect (self->plan_list, "row-activated", G_CALLBACK (row_activated_cb), self);

  show_page (self, "loading");
}

/**
 * plug_connection_wizard_new:
 * @parent: the window it is modal for
 * @client: (nullable): NetworkManager's client; %NULL when it is not
 *   running, and plug_connection_wizard_show_unavailable() says so
 * @modem_list: (nullable): the modems, %NULL with @client
 *
 * Returns: (transfer none): the wizard, owned by GTK like every
 *   toplevel window; present it
 */
PlugConnectionWizard *
plug_connection_wizard_new (GtkWindow     *parent,
                            NMClient      *client,
                            PlugModemList *modem_list)
{
  PlugConnectionWizard *self;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (client == NULL || NM_IS_CLIENT (client), NULL);
  g_return_val_if_fail (modem_list == NULL || PLUG_IS_MODEM_LIST (modem_list), NULL);

  self = g_object_new (PLUG_TYPE_CONNECTION_WIZARD,
                       "transient-for", parent,
                       NULL);
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
