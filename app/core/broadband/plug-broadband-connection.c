/* plug-broadband-connection.c: Mobile broadband connection profiles and their rules
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <string.h>
#include <glib/gi18n-lib.h>

#include "plug-broadband-connection.h"

/*
 * A mobile broadband profile is built and checked here, before
 * NetworkManager is asked, so that a wrong APN or PIN gets a sentence a
 * person understands instead of "gsm.apn: 'foo bar' contains invalid
 * char(s)". The rules are NetworkManager's own (libnm-core's
 * nm-setting-gsm.c verify()), and every profile also goes through
 * nm_connection_normalize(), which runs the same verify() as the daemon.
 */

G_DEFINE_QUARK (plug-broadband-error-quark, plug_broadband_error)

static gboolean
is_ascii_digits (const char *text)
{
  for (const char *p = text; *p != '\0'; p++)
    {
      if (!g_ascii_isdigit (*p))
        return FALSE;
    }

  return TRUE;
}

/**
 * plug_broadband_apn_validate:
 * @apn: an APN, as typed
 * @error: return location for a %PLUG_BROADBAND_ERROR_INVALID_APN
 *
 * NetworkManager's rule (libnm-core, NMSettingGsm verify()): at most 64
 * bytes, and only ASCII letters, digits, '.', '_' and '-'. The empty APN
 * is allowed: it asks for the SIM's default. NetworkManager strips
 * leading and trailing white space when the property is set, so it is
 * checked without it too.
 *
 * Returns: whether NetworkManager takes @apn
 */
gboolean
plug_broadband_apn_validate (const char  *apn,
                             GError     **error)
{
  g_autofree char *stripped = NULL;
  gsize length;

  g_return_val_if_fail (apn != NULL, FALSE);

  stripped = g_strstrip (g_strdup (apn));
  length = strlen (stripped);

  if (length > PLUG_BROADBAND_APN_MAX_LENGTH)
    {
      g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_APN,
                   _("An APN may be at most %d characters long; this one has %zu"),
                   PLUG_BROADBAND_APN_MAX_LENGTH, length);
      return FALSE;
    }

  for (gsize i = 0; i < length; i++)
    {
      char c = stripped[i];

      if (!g_ascii_isalnum (c) && c != '.' && c != '_' && c != '-')
        {
          g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_APN,
                       _("An APN may only contain letters, digits, “.”, “_” and “-”: "
                         "“%s” has other characters"),
                       apn);
          return FALSE;
        }
    }

  return TRUE;
}

/* SIM codes are ASCII digits only: g_unichar_isdigit() would take
 * full-width and Arabic-Indic digits, which no SIM does. */
static gboolean
code_validate (const char  *code,
               guint        min_length,
               guint        max_length,
               const char  *name,
               GError     **error)
{
  gsize length;

  g_return_val_if_fail (code != NULL, FALSE);

  length = strlen (code);
  if (!is_ascii_digits (code) || length < min_length || length > max_length)
    {
      if (min_length == max_length)
        /* Translators: %s is PIN or PUK */
        g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_PIN,
                     _("A %s has exactly %u digits"), name, min_length);
      else
        /* Translators: %s is PIN or PUK */
        g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_PIN,
                     _("A %s has %u to %u digits"), name, min_length, max_length);
      return FALSE;
    }

  return TRUE;
}

/**
 * plug_broadband_pin_validate:
 * @pin: a SIM PIN, as typed
 * @error: return location for a %PLUG_BROADBAND_ERROR_INVALID_PIN
 *
 * A PIN has 4 to 8 digits (3GPP TS 31.101; nm-applet's rule too).
 *
 * Returns: whether a SIM could take @pin
 */
gboolean
plug_broadband_pin_validate (const char  *pin,
                             GError     **error)
{
  return code_validate (pin, 4, 8, _("PIN"), error);
}

/**
 * plug_broadband_puk_validate:
 * @puk: a SIM PUK, as typed
 * @error: return location for a %PLUG_BROADBAND_ERROR_INVALID_PIN
 *
 * A PUK has exactly 8 digits.
 *
 * Returns: whether a SIM could take @puk
 */
gboolean
plug_broadband_puk_validate (const char  *puk,
                             GError     **error)
{
  return code_validate (puk, 8, 8, _("PUK"), error);
}

/**
 * plug_broadband_network_id_validate:
 * @network_id: an MCC-MNC
 * @error: return location for a %PLUG_BROADBAND_ERROR_INVALID_NETWORK_ID
 *
 * NetworkManager strips leading and trailing white space when the
 * property is set, so it is checked without it too.
 *
 * Returns: whether @network_id has 5 or 6 digits, as NetworkManager wants
 */
gboolean
plug_broadband_network_id_validate (const char  *network_id,
                                    GError     **error)
{
  g_autofree char *stripped = NULL;
  gsize length;

  g_return_val_if_fail (network_id != NULL, FALSE);

  stripped = g_strstrip (g_strdup (network_id));
  length = strlen (stripped);
  if (!is_ascii_digits (stripped) || length < 5 || length > 6)
    {
      g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_NETWORK_ID,
                   _("A network id is the 5 or 6 digit code of a mobile network (MCC and MNC), "
                     "such as 22210; “%s” is not one"),
                   network_id);
      return FALSE;
    }

  return TRUE;
}

static gboolean
text_validate (const char  *text,
               const char  *what,
               GError     **error)
{
  /* NetworkManager refuses an empty username; a value that is not UTF-8
   * cannot even be sent over D-Bus. */
  if (text != NULL && (text[0] == '\0' || !g_utf8_validate (text, -1, NULL)))
    {
      /* Translators: %s is “username” or “password” */
      g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_SETTING,
                   _("The %s may not be empty"), what);
      return FALSE;
    }

  return TRUE;
}

/**
 * plug_broadband_modem_check_ready:
 * @modem: the modem a connection is to use
 * @error: return location for a %PLUG_BROADBAND_ERROR_NO_MODEM
 *
 * NetworkManager only says a modem without a SIM, or with a locked one,
 * "is not available"; this says why, and what to do, before it is asked.
 *
 * Returns: whether the SIM does not stand in the way of connecting
 */
gboolean
plug_broadband_modem_check_ready (PlugModem  *modem,
                                  GError    **error)
{
  g_return_val_if_fail (PLUG_IS_MODEM (modem), FALSE);

  switch (plug_modem_get_sim_state (modem))
    {
    case PLUG_MODEM_SIM_STATE_MISSING:
      g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NO_MODEM,
                   /* Translators: %s is a modem's interface, such as ttyUSB2 */
                   _("The modem %s has no SIM: insert the SIM card, then connect again"),
                   plug_modem_get_interface (modem));
      return FALSE;

    case PLUG_MODEM_SIM_STATE_LOCKED:
      g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_NO_MODEM,
                   /* Translators: %s is a modem's interface, such as ttyUSB2 */
                   _("The SIM in %s is locked: unlock it with its PIN first"),
                   plug_modem_get_interface (modem));
      return FALSE;

    case PLUG_MODEM_SIM_STATE_READY:
    case PLUG_MODEM_SIM_STATE_NOT_USED:
    case PLUG_MODEM_SIM_STATE_UNKNOWN:
    default:
      return TRUE;
    }
}

/**
 * plug_broadband_connection_new:
 * @settings: what the connection is to be
 * @error: return location for a #PlugBroadbandError
 *
 * Builds a system connection profile (no `connection.permissions`, so
 * polkit decides whether the user may add it) for a GSM or CDMA modem,
 * not connecting by itself unless asked, with automatic IPv4 and IPv6.
 * Each value is checked with NetworkManager's rules first, and the whole
 * profile is normalized and verified as NetworkManager will.
 *
 * Returns: (transfer full): the connection, or %NULL with @error set
 */
NMConnection *
plug_broadband_connection_new (const PlugBroadbandConnectionSettings  *settings,
                               GError                                **error)
{
  g_autoptr(NMConnection) connection = NULL;
  g_autoptr(GError) verify_error = NULL;
  g_autofree char *uuid = NULL;
  NMSetting *setting;
  const char *type;

  g_return_val_if_fail (settings != NULL, NULL);

  if (settings->family == PLUG_MODEM_FAMILY_GSM)
    type = NM_SETTING_GSM_SETTING_NAME;
  else if (settings->family == PLUG_MODEM_FAMILY_CDMA)
    type = NM_SETTING_CDMA_SETTING_NAME;
  else
    {
      g_set_error_literal (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_SETTING,
                           _("Choose whether the connection is for a GSM (3GPP) or a CDMA modem"));
      return NULL;
    }

  if (settings->id == NULL || settings->id[0] == '\0' || !g_utf8_validate (settings->id, -1, NULL))
    {
      g_set_error_literal (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_SETTING,
                           _("Give the connection a name"));
      return NULL;
    }

  if (settings->interface != NULL &&
      !nm_utils_is_valid_iface_name (settings->interface, NULL))
    {
      g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_SETTING,
                   _("“%s” is not the name of a modem interface"), settings->interface);
      return NULL;
    }

  if (settings->family == PLUG_MODEM_FAMILY_GSM)
    {
      if (settings->apn == NULL)
        {
          g_set_error_literal (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_APN,
                               _("A GSM connection needs an APN, the name your provider gives its internet access point"));
          return NULL;
        }
      if (!plug_broadband_apn_validate (settings->apn, error))
        return NULL;
      if (settings->network_id != NULL &&
          !plug_broadband_network_id_validate (settings->network_id, error))
        return NULL;
    }
  else if (settings->number != NULL && settings->number[0] == '\0')
    {
      g_set_error_literal (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_SETTING,
                           _("A CDMA connection needs a number to dial, usually #777"));
      return NULL;
    }

  if (!text_validate (settings->username, _("username"), error) ||
      !text_validate (settings->password, _("password"), error))
    return NULL;

  connection = nm_simple_connection_new ();
  uuid = nm_utils_uuid_generate ();

  setting = nm_setting_connection_new ();
  g_object_set (setting,
                NM_SETTING_CONNECTION_ID, settings->id,
                NM_SETTING_CONNECTION_UUID, uuid,
                NM_SETTING_CONNECTION_TYPE, type,
                NM_SETTING_CONNECTION_AUTOCONNECT, settings->autoconnect,
                NM_SETTING_CONNECTION_INTERFACE_NAME, settings->interface,
                NULL);
  nm_connection_add_setting (connection, setting);

  if (settings->family == PLUG_MODEM_FAMILY_GSM)
    {
      setting = nm_setting_gsm_new ();
      g_object_set (setting,
                    NM_SETTING_GSM_APN, settings->apn,
                    NM_SETTING_GSM_USERNAME, settings->username,
                    NM_SETTING_GSM_PASSWORD, settings->password,
                    NM_SETTING_GSM_NETWORK_ID, settings->network_id,
                    NM_SETTING_GSM_HOME_ONLY, !settings->roaming_allowed,
                    NULL);
    }
  else
    {
      setting = nm_setting_cdma_new ();
      g_object_set (setting,
                    NM_SETTING_CDMA_NUMBER,
                    settings->number != NULL ? settings->number : PLUG_BROADBAND_CDMA_NUMBER,
                    NM_SETTING_CDMA_USERNAME, settings->username,
                    NM_SETTING_CDMA_PASSWORD, settings->password,
                    NULL);
    }
  nm_connection_add_setting (connection, setting);

  setting = nm_setting_ip4_config_new ();
  g_object_set (setting, NM_SETTING_IP_CONFIG_METHOD, NM_SETTING_IP4_CONFIG_METHOD_AUTO, NULL);
  nm_connection_add_setting (connection, setting);

  setting = nm_setting_ip6_config_new ();
  g_object_set (setting, NM_SETTING_IP_CONFIG_METHOD, NM_SETTING_IP6_CONFIG_METHOD_AUTO, NULL);
  nm_connection_add_setting (connection, setting);

  /* The same verify() the daemon runs: whatever the checks above missed
   * is caught here, before anyone is asked for authorization. */
  if (!nm_connection_normalize (connection, NULL, NULL, &verify_error))
    {
      g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_SETTING,
                   _("NetworkManager would not accept this connection: %s"),
                   verify_error->message);
      return NULL;
    }

  return g_steal_pointer (&connection);
}

/**
 * plug_broadband_connection_edit:
 * @connection: a saved GSM or CDMA connection, with its secrets if the
 *   password is to be kept
 * @edit: the changes
 * @error: return location for a #PlugBroadbandError
 *
 * Checks the changes with the same rules as plug_broadband_connection_new()
 * and applies them to a copy of @connection, which is then verified as
 * NetworkManager will.
 *
 * Returns: (transfer full): the changed copy, or %NULL with @error set
 */
NMConnection *
plug_broadband_connection_edit (NMConnection                       *connection,
                                const PlugBroadbandConnectionEdit  *edit,
                                GError                            **error)
{
  g_autoptr(NMConnection) changed = NULL;
  g_autoptr(GError) verify_error = NULL;
  PlugModemFamily family;
  const char *username;
  const char *network_id;
  NMSetting *setting;

  g_return_val_if_fail (NM_IS_CONNECTION (connection), NULL);
  g_return_val_if_fail (edit != NULL, NULL);

  family = plug_broadband_connection_get_family (connection);
  if (family == PLUG_MODEM_FAMILY_UNKNOWN)
    {
      g_set_error_literal (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_SETTING,
                           _("This is not a mobile broadband connection"));
      return NULL;
    }

  username = edit->username != NULL && edit->username[0] != '\0' ? edit->username : NULL;
  network_id = edit->network_id != NULL && edit->network_id[0] != '\0' ? edit->network_id : NULL;

  if (family == PLUG_MODEM_FAMILY_GSM)
    {
      if (edit->apn == NULL || !plug_broadband_apn_validate (edit->apn, error))
        {
          if (edit->apn == NULL)
            g_set_error_literal (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_APN,
                                 _("A GSM connection needs an APN, the name your provider gives its internet access point"));
          return NULL;
        }
      if (network_id != NULL && !plug_broadband_network_id_validate (network_id, error))
        return NULL;
    }

  if (!text_validate (username, _("username"), error))
    return NULL;
  if (edit->password != NULL && !g_utf8_validate (edit->password, -1, NULL))
    {
      g_set_error_literal (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_SETTING,
                           _("The password is not valid text"));
      return NULL;
    }

  changed = nm_simple_connection_new_clone (connection);

  if (family == PLUG_MODEM_FAMILY_GSM)
    {
      g_autofree char *apn = g_strstrip (g_strdup (edit->apn));

      setting = NM_SETTING (nm_connection_get_setting_gsm (changed));
      g_object_set (setting,
                    NM_SETTING_GSM_APN, apn,
                    NM_SETTING_GSM_USERNAME, username,
                    NM_SETTING_GSM_NETWORK_ID, network_id,
                    NM_SETTING_GSM_HOME_ONLY, !edit->roaming_allowed,
                    NULL);
      if (edit->password != NULL)
        g_object_set (setting, NM_SETTING_GSM_PASSWORD,
                      edit->password[0] != '\0' ? edit->password : NULL, NULL);
    }
  else
    {
      setting = NM_SETTING (nm_connection_get_setting_cdma (changed));
      g_object_set (setting, NM_SETTING_CDMA_USERNAME, username, NULL);
      if (edit->password != NULL)
        g_object_set (setting, NM_SETTING_CDMA_PASSWORD,
                      edit->password[0] != '\0' ? edit->password : NULL, NULL);
    }

  if (!nm_connection_normalize (changed, NULL, NULL, &verify_error))
    {
      g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_SETTING,
                   _("NetworkManager would not accept this connection: %s"),
                   verify_error->message);
      return NULL;
    }

  return g_steal_pointer (&changed);
}

/**
 * plug_broadband_connection_get_family:
 * @connection: a connection
 *
 * Returns: which modems @connection is for, or
 *   %PLUG_MODEM_FAMILY_UNKNOWN when it is no mobile broadband connection
 */
PlugModemFamily
plug_broadband_connection_get_family (NMConnection *connection)
{
  const char *type;

  g_return_val_if_fail (NM_IS_CONNECTION (connection), PLUG_MODEM_FAMILY_UNKNOWN);

  type = nm_connection_get_connection_type (connection);
  if (g_strcmp0 (type, NM_SETTING_GSM_SETTING_NAME) == 0)
    return PLUG_MODEM_FAMILY_GSM;
  if (g_strcmp0 (type, NM_SETTING_CDMA_SETTING_NAME) == 0)
    return PLUG_MODEM_FAMILY_CDMA;

  return PLUG_MODEM_FAMILY_UNKNOWN;
}

/**
 * plug_broadband_connection_is_broadband:
 * @connection: a connection
 *
 * Returns: whether @connection is a GSM or CDMA connection
 */
gboolean
plug_broadband_connection_is_broadband (NMConnection *connection)
{
  return plug_broadband_connection_get_family (connection) != PLUG_MODEM_FAMILY_UNKNOWN;
}

/**
 * plug_broadband_connection_get_apn:
 * @connection: a connection
 *
 * Returns: (nullable): the APN of a GSM connection
 */
const char *
plug_broadband_connection_get_apn (NMConnection *connection)
{
  NMSettingGsm *setting = nm_connection_get_setting_gsm (connection);

  return setting != NULL ? nm_setting_gsm_get_apn (setting) : NULL;
}

/**
 * plug_broadband_connection_get_number:
 * @connection: a connection
 *
 * Returns: (nullable): the number a CDMA connection dials
 */
const char *
plug_broadband_connection_get_number (NMConnection *connection)
{
  NMSettingCdma *setting = nm_connection_get_setting_cdma (connection);

  return setting != NULL ? nm_setting_cdma_get_number (setting) : NULL;
}

/**
 * plug_broadband_connection_get_roaming_allowed:
 * @connection: a connection
 *
 * CDMA profiles have no roaming setting: the modem decides.
 *
 * Returns: whether @connection may connect while roaming
 */
gboolean
plug_broadband_connection_get_roaming_allowed (NMConnection *connection)
{
  NMSettingGsm *setting = nm_connection_get_setting_gsm (connection);

  return setting == NULL || !nm_setting_gsm_get_home_only (setting);
}

/**
 * plug_broadband_describe_device_reason:
 * @reason: why a modem device left the activated state, or failed
 *
 * Returns: (nullable): the reason in plain words, or %NULL when it says
 *   nothing a person could act on
 */
const char *
plug_broadband_describe_device_reason (NMDeviceStateReason reason)
{
  switch (reason)
    {
    case NM_DEVICE_STATE_REASON_GSM_APN_FAILED:
      return _("The mobile network refused the connection: check the APN");
    case NM_DEVICE_STATE_REASON_GSM_REGISTRATION_DENIED:
      return _("Registration denied: the mobile network refused the modem");
    case NM_DEVICE_STATE_REASON_GSM_REGISTRATION_NOT_SEARCHING:
    case NM_DEVICE_STATE_REASON_GSM_REGISTRATION_TIMEOUT:
    case NM_DEVICE_STATE_REASON_GSM_REGISTRATION_FAILED:
      return _("The modem could not register with a mobile network: check the coverage and the SIM");
    case NM_DEVICE_STATE_REASON_GSM_SIM_PIN_REQUIRED:
    case NM_DEVICE_STATE_REASON_GSM_PIN_CHECK_FAILED:
      return _("The SIM needs its PIN: unlock it first");
    case NM_DEVICE_STATE_REASON_GSM_SIM_PUK_REQUIRED:
      return _("The SIM is blocked and needs its PUK: unlock it first");
    case NM_DEVICE_STATE_REASON_SIM_PIN_INCORRECT:
      return _("The SIM PIN is wrong");
    case NM_DEVICE_STATE_REASON_GSM_SIM_NOT_INSERTED:
      return _("There is no SIM in the modem");
    case NM_DEVICE_STATE_REASON_GSM_SIM_WRONG:
      return _("The SIM in the modem is not the one this connection is for");
    case NM_DEVICE_STATE_REASON_MODEM_NO_CARRIER:
      return _("No carrier: the mobile network did not answer");
    case NM_DEVICE_STATE_REASON_MODEM_BUSY:
    case NM_DEVICE_STATE_REASON_MODEM_NO_DIAL_TONE:
    case NM_DEVICE_STATE_REASON_MODEM_DIAL_TIMEOUT:
    case NM_DEVICE_STATE_REASON_MODEM_DIAL_FAILED:
      return _("The modem could not start a data session with the mobile network");
    case NM_DEVICE_STATE_REASON_MODEM_INIT_FAILED:
    case NM_DEVICE_STATE_REASON_MODEM_FAILED:
      return _("The modem failed; unplug it and plug it in again");
    case NM_DEVICE_STATE_REASON_MODEM_NOT_FOUND:
    case NM_DEVICE_STATE_REASON_REMOVED:
      return _("The modem is gone: it was unplugged or switched off");
    case NM_DEVICE_STATE_REASON_MODEM_MANAGER_UNAVAILABLE:
      return _("ModemManager is not running");
    case NM_DEVICE_STATE_REASON_PPP_START_FAILED:
    case NM_DEVICE_STATE_REASON_PPP_DISCONNECT:
    case NM_DEVICE_STATE_REASON_PPP_FAILED:
      return _("The data session with the mobile network could not be set up");
    case NM_DEVICE_STATE_REASON_IP_CONFIG_UNAVAILABLE:
    case NM_DEVICE_STATE_REASON_IP_CONFIG_EXPIRED:
      return _("The mobile network gave no internet address");
    case NM_DEVICE_STATE_REASON_NO_SECRETS:
      return _("The connection needs a password that was not given");
    case NM_DEVICE_STATE_REASON_CARRIER:
      return _("The modem lost the mobile network");
    case NM_DEVICE_STATE_REASON_USER_REQUESTED:
      return _("It was disconnected on request");
    default:
      return NULL;
    }
}

/**
 * plug_broadband_describe_active_reason:
 * @reason: why an active connection was deactivated
 *
 * Less precise than the device's reason, which should be preferred.
 *
 * Returns: the reason in plain words
 */
const char *
plug_broadband_describe_active_reason (NMActiveConnectionStateReason reason)
{
  switch (reason)
    {
    case NM_ACTIVE_CONNECTION_STATE_REASON_USER_DISCONNECTED:
      return _("It was disconnected on request");
    case NM_ACTIVE_CONNECTION_STATE_REASON_DEVICE_DISCONNECTED:
      return _("The modem dropped the connection");
    case NM_ACTIVE_CONNECTION_STATE_REASON_SERVICE_STOPPED:
      return _("The service that connects the modem stopped");
    case NM_ACTIVE_CONNECTION_STATE_REASON_IP_CONFIG_INVALID:
      return _("The mobile network gave no usable internet address");
    case NM_ACTIVE_CONNECTION_STATE_REASON_CONNECT_TIMEOUT:
    case NM_ACTIVE_CONNECTION_STATE_REASON_SERVICE_START_TIMEOUT:
      return _("Connecting took too long");
    case NM_ACTIVE_CONNECTION_STATE_REASON_NO_SECRETS:
      return _("The connection needs a password that was not given");
    case NM_ACTIVE_CONNECTION_STATE_REASON_LOGIN_FAILED:
      return _("The mobile network refused the username or password");
    case NM_ACTIVE_CONNECTION_STATE_REASON_CONNECTION_REMOVED:
      return _("The connection was deleted");
    case NM_ACTIVE_CONNECTION_STATE_REASON_DEVICE_REMOVED:
      return _("The modem is gone: it was unplugged or switched off");
    default:
      return _("NetworkManager could not connect, and gave no reason");
    }
}

/**
 * plug_broadband_connection_unique_id:
 * @base: the name the connection would get
 * @taken: (nullable) (array zero-terminated=1): the names of the
 *   connections there are
 *
 * A second connection for the same provider is not called the same as the
 * first: the user could not tell them apart, and a command given the name
 * would find neither.
 *
 * Returns: (transfer full): @base if no connection has it, else “@base 2”,
 *   “@base 3”… the first one free
 */
char *
plug_broadband_connection_unique_id (const char         *base,
                                     const char * const *taken)
{
  g_return_val_if_fail (base != NULL, NULL);

  if (taken == NULL || !g_strv_contains (taken, base))
    return g_strdup (base);

  for (guint number = 2; ; number++)
    {
      /* Translators: a connection's name when one is already called
       * that, such as “Sprint connection 2” */
      g_autofree char *id = g_strdup_printf (C_("connection name", "%s %u"), base, number);

      if (!g_strv_contains (taken, id))
        return g_steal_pointer (&id);
    }
}

/**
 * plug_broadband_connection_id_check:
 * @id: the name the user chose for a new connection
 * @taken: (nullable) (array zero-terminated=1): the names of the
 *   connections there are
 * @error: return location for a %PLUG_BROADBAND_ERROR_INVALID_SETTING
 *
 * NetworkManager takes two connections of one name, but the user could
 * not tell them apart, and a command given the name would find neither.
 *
 * Returns: whether no connection is called @id yet
 */
gboolean
plug_broadband_connection_id_check (const char         *id,
                                    const char * const *taken,
                                    GError            **error)
{
  g_return_val_if_fail (id != NULL, FALSE);

  if (taken != NULL && g_strv_contains (taken, id))
    {
      g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_SETTING,
                   _("There is already a connection called “%s”: choose another name"), id);
      return FALSE;
    }

  return TRUE;
}
