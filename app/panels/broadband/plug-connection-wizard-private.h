/* plug-connection-wizard-private.h: What the wizard's files share
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "plug-broadband-connection.h"
#include "plug-country.h"
#include "plug-provider-database.h"

#include "plug-connection-wizard.h"

G_BEGIN_DECLS

/* Marks the "My provider is not listed" and "My plan is not listed" rows. */
#define PLUG_WIZARD_NOT_LISTED "plug-not-listed"

struct _PlugConnectionWizard
{
  PlugDialog            parent_instance;

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
  /* The new connection's own APN, then the others to try when the
   * network refuses it (PlugApnChoice); NULL for CDMA. */
  GPtrArray            *apn_choices;
  /* The pages visited, for Back (names, owned). */
  GPtrArray            *history;
};

void            plug_connection_wizard_init_pages      (PlugConnectionWizard            *self);
GtkListBoxRow  *plug_connection_wizard_get_choice      (GtkListBox                      *list,
                                                        GtkEditable                     *search);
PlugModemFamily plug_connection_wizard_get_family      (PlugModem                       *modem);
void            plug_connection_wizard_fill_devices    (PlugConnectionWizard            *self);
void            plug_connection_wizard_fill_countries  (PlugConnectionWizard            *self);
void            plug_connection_wizard_fill_providers  (PlugConnectionWizard            *self);
void            plug_connection_wizard_fill_plans      (PlugConnectionWizard            *self);
void            plug_connection_wizard_fill_review     (PlugConnectionWizard            *self);
void            plug_connection_wizard_get_settings    (PlugConnectionWizard            *self,
                                                        PlugBroadbandConnectionSettings *settings);
const char     *plug_connection_wizard_entry_text      (AdwEntryRow                     *row);
void            plug_connection_wizard_set_error_label (GtkLabel                        *label,
                                                        const char                      *message);

G_END_DECLS
