/* test-broadband-connection.c: The rules of mobile broadband profiles, and the profiles built
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include "plug-broadband-connection.h"

typedef struct
{
  const char *value;
  gboolean    valid;
} Case;

/* The edges of NetworkManager's APN rule (libnm-core's NMSettingGsm
 * verify(), and its test_setting_gsm_apn_bad_chars), and the database's
 * two entries that break it. */
static const Case apn_cases[] = {
  { "", TRUE },
  { "internet", TRUE },
  { "mobile.vodafone.it", TRUE },
  { "foobar123.-baz", TRUE },
  { "foobar_baz", TRUE },
  { "-internet", TRUE },
  { "INTERNET.Example", TRUE },
  { "internet ", TRUE },
  { " internet", TRUE },
  { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", TRUE },
  { "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", FALSE },
  { "foobar baz", FALSE },
  { "@#%$@#%@#%", FALSE },
  { "http://172.18.83.129", FALSE },
  { "ïnternet", FALSE },
  { "internet\n", TRUE },  /* stripped, as NetworkManager strips it */
  { "inter\tnet", FALSE },
  { "%s%n", FALSE },
  { "a/b", FALSE },
  { "a+b", FALSE },
};

/* NetworkManager's own verdict on an APN, from the setting's verify(). */
static gboolean
network_manager_accepts_apn (const char *apn)
{
  g_autoptr(NMSetting) setting = nm_setting_gsm_new ();

  g_object_set (setting, NM_SETTING_GSM_APN, apn, NULL);

  return nm_setting_verify (setting, NULL, NULL);
}

static void
test_apn (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (apn_cases); i++)
    {
      g_autoptr(GError) error = NULL;
      gboolean valid = plug_broadband_apn_validate (apn_cases[i].value, &error);

      g_test_message ("APN “%s”", apn_cases[i].value);
      g_assert_cmpint (valid, ==, apn_cases[i].valid);
      /* Our rule is NetworkManager's, case by case. */
      g_assert_cmpint (valid, ==, network_manager_accepts_apn (apn_cases[i].value));
      if (valid)
        {
          g_assert_no_error (error);
        }
      else
        {
          g_assert_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_APN);
          g_assert_true (g_str_has_prefix (error->message, "An APN may "));
        }
    }
}

static void
test_apn_messages (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_false (plug_broadband_apn_validate ("foo bar", &error));
  g_assert_nonnull (strstr (error->message, "only contain letters, digits, “.”, “_” and “-”"));
  g_clear_error (&error);

  g_assert_false (plug_broadband_apn_validate ("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", &error));
  g_assert_nonnull (strstr (error->message, "at most 64 characters long; this one has 73"));
}

static const Case pin_cases[] = {
  { "1234", TRUE },
  { "0123", TRUE },
  { "12345678", TRUE },
  { "", FALSE },
  { "123", FALSE },
  { "123456789", FALSE },
  { "12a4", FALSE },
  { " 1234", FALSE },
  { "1234\n", FALSE },
  { "１２３４", FALSE },  /* full-width digits */
  { "١٢٣٤", FALSE },      /* Arabic-Indic digits */
};

static const Case puk_cases[] = {
  { "12345678", TRUE },
  { "00000000", TRUE },
  { "1234567", FALSE },
  { "123456789", FALSE },
  { "1234567a", FALSE },
};

static const Case network_id_cases[] = {
  { "22210", TRUE },
  { "310410", TRUE },
  { "2620", FALSE },
  { "2620123", FALSE },
  { "26201a", FALSE },
  { "２６２０１", FALSE },
  { "", FALSE },
};

static void
test_codes (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (pin_cases); i++)
    {
      g_autoptr(GError) error = NULL;

      g_test_message ("PIN “%s”", pin_cases[i].value);
      g_assert_cmpint (plug_broadband_pin_validate (pin_cases[i].value, &error), ==, pin_cases[i].valid);
      if (!pin_cases[i].valid)
        {
          g_assert_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_PIN);
          g_assert_cmpstr (error->message, ==, "A PIN has 4 to 8 digits");
        }
    }

  for (guint i = 0; i < G_N_ELEMENTS (puk_cases); i++)
    {
      g_autoptr(GError) error = NULL;

      g_test_message ("PUK “%s”", puk_cases[i].value);
      g_assert_cmpint (plug_broadband_puk_validate (puk_cases[i].value, &error), ==, puk_cases[i].valid);
      if (!puk_cases[i].valid)
        g_assert_cmpstr (error->message, ==, "A PUK has exactly 8 digits");
    }

  for (guint i = 0; i < G_N_ELEMENTS (network_id_cases); i++)
    {
      g_autoptr(GError) error = NULL;

      g_test_message ("network id “%s”", network_id_cases[i].value);
      g_assert_cmpint (plug_broadband_network_id_validate (network_id_cases[i].value, &error),
                       ==, network_id_cases[i].valid);
      if (!network_id_cases[i].valid)
        g_assert_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_NETWORK_ID);
    }
}

/* NetworkManager's own verdict on a GSM network id or username. */
static gboolean
network_manager_accepts_gsm (const char *property,
                             const char *value)
{
  g_autoptr(NMSetting) setting = nm_setting_gsm_new ();

  g_object_set (setting, NM_SETTING_GSM_APN, "internet", property, value, NULL);

  return nm_setting_verify (setting, NULL, NULL);
}

/* NetworkManager's own verdict on a CDMA number or username. */
static gboolean
network_manager_accepts_cdma (const char *number,
                              const char *username)
{
  g_autoptr(NMSetting) setting = nm_setting_cdma_new ();

  g_object_set (setting,
                NM_SETTING_CDMA_NUMBER, number,
                NM_SETTING_CDMA_USERNAME, username,
                NULL);

  return nm_setting_verify (setting, NULL, NULL);
}

static const Case more_network_id_cases[] = {
  { "00101", TRUE },
  { "999999", TRUE },
  { "1234", FALSE },
  { "1234567", FALSE },
  { "22210 ", TRUE },    /* stripped, as NetworkManager strips it */
  { " 22210\n", TRUE },
  { " ", FALSE },
  { "2221O", FALSE },    /* a letter O */
  { "-2221", FALSE },
  { "22.10", FALSE },
  { "222-10", FALSE },
  { "٢٢٢١٠", FALSE },    /* Arabic-Indic digits */
};

static const Case cdma_number_cases[] = {
  { "#777", TRUE },
  { "#778", TRUE },
  { "*99#", TRUE },
  { "5551234", TRUE },
  { " ", TRUE },
  { " #777 ", TRUE },
  { "", FALSE },
};

static const Case username_cases[] = {
  { "user", TRUE },
  { "user@example.com", TRUE },
  { " ", TRUE },
  { " user ", TRUE },
  { "ünïcode", TRUE },
  { "", FALSE },
};

/* Network ids, CDMA numbers and usernames: our verdict is NetworkManager's,
 * case by case, as for APNs (reliability §7 row 20). */
static void
test_nm_parity (void)
{
  const Case *id_lists[] = { network_id_cases, more_network_id_cases };
  const gsize id_lengths[] = { G_N_ELEMENTS (network_id_cases), G_N_ELEMENTS (more_network_id_cases) };

  for (guint list = 0; list < G_N_ELEMENTS (id_lists); list++)
    {
      for (guint i = 0; i < id_lengths[list]; i++)
        {
          const Case *c = &id_lists[list][i];
          PlugBroadbandConnectionSettings settings = {
            .family = PLUG_MODEM_FAMILY_GSM,
            .id = "Test",
            .apn = "internet",
            .network_id = c->value,
          };
          g_autoptr(NMConnection) connection = NULL;
          g_autoptr(GError) error = NULL;

          g_test_message ("network id “%s”", c->value);
          g_assert_cmpint (plug_broadband_network_id_validate (c->value, NULL), ==, c->valid);
          g_assert_cmpint (c->valid, ==, network_manager_accepts_gsm (NM_SETTING_GSM_NETWORK_ID, c->value));
          connection = plug_broadband_connection_new (&settings, &error);
          g_assert_cmpint (connection != NULL, ==, c->valid);
          if (!c->valid)
            g_assert_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_NETWORK_ID);
        }
    }

  for (guint i = 0; i < G_N_ELEMENTS (cdma_number_cases); i++)
    {
      const Case *c = &cdma_number_cases[i];
      PlugBroadbandConnectionSettings settings = {
        .family = PLUG_MODEM_FAMILY_CDMA,
        .id = "Test",
        .number = c->value,
      };
      g_autoptr(NMConnection) connection = NULL;
      g_autoptr(GError) error = NULL;

      g_test_message ("CDMA number “%s”", c->value);
      g_assert_cmpint (c->valid, ==, network_manager_accepts_cdma (c->value, NULL));
      connection = plug_broadband_connection_new (&settings, &error);
      g_assert_cmpint (connection != NULL, ==, c->valid);
      if (c->valid)
        g_assert_cmpstr (plug_broadband_connection_get_number (connection), ==, c->value);
      else
        g_assert_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_SETTING);
    }
  /* No number at all is #777, not a profile NetworkManager refuses. */
  g_assert_false (network_manager_accepts_cdma (NULL, NULL));

  for (guint i = 0; i < G_N_ELEMENTS (username_cases); i++)
    {
      const Case *c = &username_cases[i];

      for (PlugModemFamily family = PLUG_MODEM_FAMILY_GSM; family <= PLUG_MODEM_FAMILY_CDMA; family++)
        {
          PlugBroadbandConnectionSettings settings = {
            .family = family,
            .id = "Test",
            .apn = "internet",
            .username = c->value,
          };
          g_autoptr(NMConnection) connection = NULL;
          g_autoptr(GError) error = NULL;
          gboolean nm_verdict = family == PLUG_MODEM_FAMILY_GSM
                                ? network_manager_accepts_gsm (NM_SETTING_GSM_USERNAME, c->value)
                                : network_manager_accepts_cdma ("#777", c->value);

          g_test_message ("%s username “%s”", plug_modem_family_get_id (family), c->value);
          g_assert_cmpint (c->valid, ==, nm_verdict);
          connection = plug_broadband_connection_new (&settings, &error);
          g_assert_cmpint (connection != NULL, ==, c->valid);
          if (!c->valid)
            g_assert_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_SETTING);
        }
    }
}

/* §8 #29: NetworkManager (1.22 and later, so Debian 12's 1.42) refuses
 * gsm.auto-config together with an APN, username or password, a conflict
 * nm_connection_normalize() resolves by turning auto-config off. Plugboard
 * never sets auto-config; a profile saved with it (by nmcli, or GNOME
 * Settings) and given an APN here loses it, rather than being refused. */
static void
test_auto_config (void)
{
  PlugBroadbandConnectionSettings settings = {
    .family = PLUG_MODEM_FAMILY_GSM,
    .id = "Auto",
    .apn = "",
  };
  PlugBroadbandConnectionEdit edit = {
    .apn = "internet",
    .username = "me",
  };
  g_autoptr(NMSetting) setting = nm_setting_gsm_new ();
  g_autoptr(NMConnection) connection = NULL;
  g_autoptr(NMConnection) changed = NULL;
  g_autoptr(GError) error = NULL;
  NMSettingGsm *gsm;

  g_object_set (setting, NM_SETTING_GSM_AUTO_CONFIG, TRUE, NULL);
  g_assert_true (nm_setting_verify (setting, NULL, NULL));
  g_object_set (setting, NM_SETTING_GSM_APN, "internet", NULL);
  g_assert_false (nm_setting_verify (setting, NULL, &error));
  g_assert_nonnull (error);
  g_test_message ("NetworkManager: %s", error->message);
  g_clear_error (&error);

  /* Even the SIM's default APN ("") is asked for without auto-config. */
  connection = plug_broadband_connection_new (&settings, &error);
  g_assert_no_error (error);
  gsm = nm_connection_get_setting_gsm (connection);
  g_assert_false (nm_setting_gsm_get_auto_config (gsm));
  g_assert_true (nm_connection_verify (connection, NULL));

  /* A profile that relies on auto-config, edited to have an APN. */
  g_object_set (gsm, NM_SETTING_GSM_APN, NULL, NM_SETTING_GSM_AUTO_CONFIG, TRUE, NULL);
  g_assert_true (nm_connection_verify (connection, NULL));
  changed = plug_broadband_connection_edit (connection, &edit, &error);
  g_assert_no_error (error);
  gsm = nm_connection_get_setting_gsm (changed);
  g_assert_cmpstr (nm_setting_gsm_get_apn (gsm), ==, "internet");
  g_assert_cmpstr (nm_setting_gsm_get_username (gsm), ==, "me");
  g_assert_false (nm_setting_gsm_get_auto_config (gsm));
  g_assert_true (nm_connection_verify (changed, NULL));
}

static void
test_gsm_connection (void)
{
  PlugBroadbandConnectionSettings settings = {
    .family = PLUG_MODEM_FAMILY_GSM,
    .id = "Vodafone Mobile Internet",
    .interface = "ttyUSB2",
    .apn = "mobile.vodafone.it",
    .username = "web",
    .password = "web",
    .network_id = "22210",
    .roaming_allowed = FALSE,
  };
  g_autoptr(NMConnection) connection = NULL;
  g_autoptr(GError) error = NULL;
  NMSettingConnection *setting_connection;
  NMSettingGsm *gsm;

  connection = plug_broadband_connection_new (&settings, &error);
  g_assert_no_error (error);
  g_assert_true (nm_connection_verify (connection, NULL));

  setting_connection = nm_connection_get_setting_connection (connection);
  g_assert_cmpstr (nm_setting_connection_get_id (setting_connection), ==, "Vodafone Mobile Internet");
  g_assert_cmpstr (nm_setting_connection_get_connection_type (setting_connection), ==, "gsm");
  g_assert_true (g_uuid_string_is_valid (nm_setting_connection_get_uuid (setting_connection)));
  g_assert_false (nm_setting_connection_get_autoconnect (setting_connection));
  g_assert_cmpstr (nm_setting_connection_get_interface_name (setting_connection), ==, "ttyUSB2");
  /* A system connection: polkit decides who may add it. */
  g_assert_cmpuint (nm_setting_connection_get_num_permissions (setting_connection), ==, 0);

  gsm = nm_connection_get_setting_gsm (connection);
  g_assert_nonnull (gsm);
  g_assert_null (nm_connection_get_setting_cdma (connection));
  g_assert_cmpstr (nm_setting_gsm_get_apn (gsm), ==, "mobile.vodafone.it");
  g_assert_cmpstr (nm_setting_gsm_get_username (gsm), ==, "web");
  g_assert_cmpstr (nm_setting_gsm_get_password (gsm), ==, "web");
  g_assert_cmpstr (nm_setting_gsm_get_network_id (gsm), ==, "22210");
  g_assert_true (nm_setting_gsm_get_home_only (gsm));
  g_assert_false (nm_setting_gsm_get_auto_config (gsm));

  g_assert_cmpstr (nm_setting_ip_config_get_method (nm_connection_get_setting_ip4_config (connection)),
                   ==, NM_SETTING_IP4_CONFIG_METHOD_AUTO);
  g_assert_cmpstr (nm_setting_ip_config_get_method (nm_connection_get_setting_ip6_config (connection)),
                   ==, NM_SETTING_IP6_CONFIG_METHOD_AUTO);

  g_assert_cmpint (plug_broadband_connection_get_family (connection), ==, PLUG_MODEM_FAMILY_GSM);
  g_assert_cmpstr (plug_broadband_connection_get_apn (connection), ==, "mobile.vodafone.it");
  g_assert_null (plug_broadband_connection_get_number (connection));
  g_assert_false (plug_broadband_connection_get_roaming_allowed (connection));

  /* Roaming allowed, any modem, any network. */
  settings.roaming_allowed = TRUE;
  settings.interface = NULL;
  settings.network_id = NULL;
  settings.autoconnect = TRUE;
  g_clear_object (&connection);
  connection = plug_broadband_connection_new (&settings, &error);
  g_assert_no_error (error);
  g_assert_false (nm_setting_gsm_get_home_only (nm_connection_get_setting_gsm (connection)));
  g_assert_true (plug_broadband_connection_get_roaming_allowed (connection));
  g_assert_null (nm_connection_get_interface_name (connection));
  g_assert_null (nm_setting_gsm_get_network_id (nm_connection_get_setting_gsm (connection)));
  g_assert_true (nm_setting_connection_get_autoconnect (nm_connection_get_setting_connection (connection)));
}

static void
test_cdma_connection (void)
{
  PlugBroadbandConnectionSettings settings = {
    .family = PLUG_MODEM_FAMILY_CDMA,
    .id = "Verizon connection",
    .interface = "ttyUSB0",
    /* Ignored for CDMA: it has no APN. */
    .apn = "ignored",
    .roaming_allowed = TRUE,
  };
  g_autoptr(NMConnection) connection = NULL;
  g_autoptr(GError) error = NULL;
  NMSettingCdma *cdma;

  connection = plug_broadband_connection_new (&settings, &error);
  g_assert_no_error (error);
  g_assert_true (nm_connection_verify (connection, NULL));
  g_assert_cmpstr (nm_connection_get_connection_type (connection), ==, "cdma");
  g_assert_null (nm_connection_get_setting_gsm (connection));
  cdma = nm_connection_get_setting_cdma (connection);
  g_assert_nonnull (cdma);
  g_assert_cmpstr (nm_setting_cdma_get_number (cdma), ==, "#777");
  g_assert_null (nm_setting_cdma_get_username (cdma));
  g_assert_cmpstr (plug_broadband_connection_get_number (connection), ==, "#777");
  g_assert_null (plug_broadband_connection_get_apn (connection));
  g_assert_cmpint (plug_broadband_connection_get_family (connection), ==, PLUG_MODEM_FAMILY_CDMA);
  g_assert_false (nm_setting_connection_get_autoconnect (nm_connection_get_setting_connection (connection)));
  g_assert_cmpstr (nm_connection_get_interface_name (connection), ==, "ttyUSB0");

  settings.number = "#778";
  settings.username = "user";
  g_clear_object (&connection);
  connection = plug_broadband_connection_new (&settings, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (nm_setting_cdma_get_number (nm_connection_get_setting_cdma (connection)), ==, "#778");
  g_assert_cmpstr (nm_setting_cdma_get_username (nm_connection_get_setting_cdma (connection)), ==, "user");
}

static void
test_invalid_connections (void)
{
  const PlugBroadbandConnectionSettings base = {
    .family = PLUG_MODEM_FAMILY_GSM,
    .id = "Test",
    .apn = "internet",
  };
  struct
  {
    PlugBroadbandConnectionSettings settings;
    int                             error_code;
  } cases[] = {
    { base, -1 },
    { base, PLUG_BROADBAND_ERROR_INVALID_APN },
    { base, PLUG_BROADBAND_ERROR_INVALID_APN },
    { base, PLUG_BROADBAND_ERROR_INVALID_NETWORK_ID },
    { base, PLUG_BROADBAND_ERROR_INVALID_SETTING },
    { base, PLUG_BROADBAND_ERROR_INVALID_SETTING },
    { base, PLUG_BROADBAND_ERROR_INVALID_SETTING },
    { base, PLUG_BROADBAND_ERROR_INVALID_SETTING },
    { base, PLUG_BROADBAND_ERROR_INVALID_SETTING },
  };

  cases[1].settings.apn = "foo bar";
  cases[2].settings.apn = NULL;
  cases[3].settings.network_id = "2620";
  cases[4].settings.username = "";
  cases[5].settings.id = "";
  cases[6].settings.family = PLUG_MODEM_FAMILY_UNKNOWN;
  cases[7].settings.interface = "a/b";
  cases[8].settings.family = PLUG_MODEM_FAMILY_CDMA;
  cases[8].settings.number = "";

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(NMConnection) connection = NULL;
      g_autoptr(GError) error = NULL;

      g_test_message ("case %u", i);
      connection = plug_broadband_connection_new (&cases[i].settings, &error);
      if (cases[i].error_code < 0)
        {
          g_assert_no_error (error);
          g_assert_nonnull (connection);
        }
      else
        {
          g_assert_error (error, PLUG_BROADBAND_ERROR, cases[i].error_code);
          g_assert_null (connection);
        }
    }
}

static void
test_edit (void)
{
  PlugBroadbandConnectionSettings settings = {
    .family = PLUG_MODEM_FAMILY_GSM,
    .id = "Work",
    .interface = "ttyUSB2",
    .apn = "internet",
    .password = "secret",
  };
  PlugBroadbandConnectionEdit edit = {
    .apn = " web.example ",
    .username = "me",
    .password = NULL,
    .network_id = "22210",
    .roaming_allowed = TRUE,
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(NMConnection) connection = plug_broadband_connection_new (&settings, &error);
  g_autoptr(NMConnection) changed = NULL;
  NMSettingGsm *gsm;

  g_assert_no_error (error);

  changed = plug_broadband_connection_edit (connection, &edit, &error);
  g_assert_no_error (error);
  g_assert_true (changed != connection);
  gsm = nm_connection_get_setting_gsm (changed);
  g_assert_cmpstr (nm_setting_gsm_get_apn (gsm), ==, "web.example");
  g_assert_cmpstr (nm_setting_gsm_get_username (gsm), ==, "me");
  g_assert_cmpstr (nm_setting_gsm_get_password (gsm), ==, "secret");
  g_assert_cmpstr (nm_setting_gsm_get_network_id (gsm), ==, "22210");
  g_assert_false (nm_setting_gsm_get_home_only (gsm));
  g_assert_cmpstr (nm_connection_get_interface_name (changed), ==, "ttyUSB2");
  g_assert_cmpstr (nm_connection_get_id (changed), ==, "Work");
  /* The original is left as it was. */
  g_assert_cmpstr (plug_broadband_connection_get_apn (connection), ==, "internet");
  g_clear_object (&changed);

  /* Empty values remove the setting. */
  edit.username = "";
  edit.password = "";
  edit.network_id = "";
  edit.roaming_allowed = FALSE;
  changed = plug_broadband_connection_edit (connection, &edit, &error);
  g_assert_no_error (error);
  gsm = nm_connection_get_setting_gsm (changed);
  g_assert_null (nm_setting_gsm_get_username (gsm));
  g_assert_null (nm_setting_gsm_get_password (gsm));
  g_assert_null (nm_setting_gsm_get_network_id (gsm));
  g_assert_true (nm_setting_gsm_get_home_only (gsm));
  g_clear_object (&changed);

  edit.apn = "bad apn";
  changed = plug_broadband_connection_edit (connection, &edit, &error);
  g_assert_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_APN);
  g_assert_null (changed);
  g_clear_error (&error);

  edit.apn = "internet";
  edit.network_id = "2221";
  changed = plug_broadband_connection_edit (connection, &edit, &error);
  g_assert_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_NETWORK_ID);
  g_assert_null (changed);
  g_clear_error (&error);

  /* CDMA has no APN to check. */
  settings.family = PLUG_MODEM_FAMILY_CDMA;
  g_clear_object (&connection);
  connection = plug_broadband_connection_new (&settings, &error);
  g_assert_no_error (error);
  edit.apn = NULL;
  edit.network_id = NULL;
  edit.username = "cdma-user";
  changed = plug_broadband_connection_edit (connection, &edit, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (nm_setting_cdma_get_username (nm_connection_get_setting_cdma (changed)), ==, "cdma-user");
  g_assert_cmpstr (plug_broadband_connection_get_number (changed), ==, "#777");
}

static void
test_reasons (void)
{
  g_assert_cmpstr (plug_broadband_describe_device_reason (NM_DEVICE_STATE_REASON_GSM_APN_FAILED),
                   ==, "The mobile network refused the connection: check the APN");
  g_assert_cmpstr (plug_broadband_describe_device_reason (NM_DEVICE_STATE_REASON_GSM_SIM_PIN_REQUIRED),
                   ==, "The SIM needs its PIN: unlock it first");
  g_assert_true (g_str_has_prefix (plug_broadband_describe_device_reason (NM_DEVICE_STATE_REASON_MODEM_NO_CARRIER),
                                   "No carrier"));
  g_assert_true (g_str_has_prefix (plug_broadband_describe_device_reason (NM_DEVICE_STATE_REASON_GSM_REGISTRATION_DENIED),
                                   "Registration denied"));
  g_assert_null (plug_broadband_describe_device_reason (NM_DEVICE_STATE_REASON_NONE));
  /* Every active connection reason has words, even an unknown one. */
  for (guint reason = 0; reason <= NM_ACTIVE_CONNECTION_STATE_REASON_DEVICE_REMOVED + 1; reason++)
    g_assert_nonnull (plug_broadband_describe_active_reason (reason));
}

/* A new connection's default name never repeats one there is. */
static void
test_unique_id (void)
{
  const char *none[] = { NULL };
  const char *other[] = { "Verizon connection", "Wired connection 1", NULL };
  const char *taken[] = { "Verizon connection", "Sprint connection", NULL };
  const char *two_taken[] = { "Sprint connection 2", "Sprint connection", NULL };
  const char *gap[] = { "Sprint connection", "Sprint connection 3", NULL };
  const char *prefix_only[] = { "Sprint connection 2", "Sprint connections", "Sprint", NULL };
  g_autoptr(GError) error = NULL;
  struct {
    const char * const *taken;
    const char         *expected;
  } cases[] = {
    { NULL, "Sprint connection" },
    { none, "Sprint connection" },
    { other, "Sprint connection" },
    { taken, "Sprint connection 2" },
    { two_taken, "Sprint connection 3" },
    { gap, "Sprint connection 2" },
    /* Only the whole name counts. */
    { prefix_only, "Sprint connection" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *id = plug_broadband_connection_unique_id ("Sprint connection", cases[i].taken);

      g_assert_cmpstr (id, ==, cases[i].expected);
    }

  /* A name the user chose is refused when taken, not renamed. */
  g_assert_true (plug_broadband_connection_id_check ("Sprint connection 2", taken, &error));
  g_assert_no_error (error);
  g_assert_true (plug_broadband_connection_id_check ("Sprint connection", NULL, &error));
  g_assert_no_error (error);
  g_assert_false (plug_broadband_connection_id_check ("Sprint connection", taken, &error));
  g_assert_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_SETTING);
  g_assert_cmpstr (error->message, ==,
                   "There is already a connection called “Sprint connection”: choose another name");
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/broadband-connection/apn", test_apn);
  g_test_add_func ("/broadband-connection/apn-messages", test_apn_messages);
  g_test_add_func ("/broadband-connection/codes", test_codes);
  g_test_add_func ("/broadband-connection/nm-parity", test_nm_parity);
  g_test_add_func ("/broadband-connection/auto-config", test_auto_config);
  g_test_add_func ("/broadband-connection/gsm", test_gsm_connection);
  g_test_add_func ("/broadband-connection/cdma", test_cdma_connection);
  g_test_add_func ("/broadband-connection/invalid", test_invalid_connections);
  g_test_add_func ("/broadband-connection/edit", test_edit);
  g_test_add_func ("/broadband-connection/reasons", test_reasons);
  g_test_add_func ("/broadband-connection/unique-id", test_unique_id);

  return g_test_run ();
}
