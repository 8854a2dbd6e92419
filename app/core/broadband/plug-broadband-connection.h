/* plug-broadband-connection.h: Mobile broadband connection profiles and their rules
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <NetworkManager.h>

#include "plug-modem.h"

G_BEGIN_DECLS

#define PLUG_BROADBAND_ERROR (plug_broadband_error_quark ())

/**
 * PlugBroadbandError:
 * @PLUG_BROADBAND_ERROR_INVALID_APN: the APN breaks NetworkManager's rule
 * @PLUG_BROADBAND_ERROR_INVALID_PIN: a PIN or PUK that no SIM takes
 * @PLUG_BROADBAND_ERROR_INVALID_NETWORK_ID: not an MCC-MNC
 * @PLUG_BROADBAND_ERROR_INVALID_SETTING: another setting NetworkManager
 *   would refuse
 * @PLUG_BROADBAND_ERROR_NOT_AUTHORIZED: polkit said no
 * @PLUG_BROADBAND_ERROR_NO_MODEM: no modem can take the connection
 * @PLUG_BROADBAND_ERROR_NOT_FOUND: no such connection
 * @PLUG_BROADBAND_ERROR_ACTIVATION_FAILED: NetworkManager could not
 *   connect; the message says why in plain words
 * @PLUG_BROADBAND_ERROR_WRONG_CODE: the SIM refused the PIN or PUK
 * @PLUG_BROADBAND_ERROR_NOT_LOCKED: the SIM does not wait for that code
 * @PLUG_BROADBAND_ERROR_FAILED: anything else, with the service's words
 * @PLUG_BROADBAND_ERROR_RADIO_OFF: mobile broadband is turned off in
 *   NetworkManager, or by the laptop's wireless switch or key
 * @PLUG_BROADBAND_ERROR_APN_REFUSED: the mobile network refused every
 *   APN tried
 */
typedef enum {
  PLUG_BROADBAND_ERROR_INVALID_APN,
  PLUG_BROADBAND_ERROR_INVALID_PIN,
  PLUG_BROADBAND_ERROR_INVALID_NETWORK_ID,
  PLUG_BROADBAND_ERROR_INVALID_SETTING,
  PLUG_BROADBAND_ERROR_NOT_AUTHORIZED,
  PLUG_BROADBAND_ERROR_NO_MODEM,
  PLUG_BROADBAND_ERROR_NOT_FOUND,
  PLUG_BROADBAND_ERROR_ACTIVATION_FAILED,
  PLUG_BROADBAND_ERROR_WRONG_CODE,
  PLUG_BROADBAND_ERROR_NOT_LOCKED,
  PLUG_BROADBAND_ERROR_FAILED,
  PLUG_BROADBAND_ERROR_RADIO_OFF,
  PLUG_BROADBAND_ERROR_APN_REFUSED,
} PlugBroadbandError;

/* NetworkManager's limit, in bytes (libnm-core's NMSettingGsm verify()). */
#define PLUG_BROADBAND_APN_MAX_LENGTH 64

/* What CDMA providers dial for a data session. */
#define PLUG_BROADBAND_CDMA_NUMBER "#777"

/**
 * PlugBroadbandConnectionSettings:
 * @family: %PLUG_MODEM_FAMILY_GSM or %PLUG_MODEM_FAMILY_CDMA
 * @id: the connection's name
 * @interface: the modem's interface to bind the connection to, or %NULL
 *   for any modem of the family
 * @apn: GSM only: the APN; "" asks for the SIM's default
 * @username: the username, or %NULL
 * @password: the password, or %NULL
 * @network_id: GSM only: the MCC-MNC to register with, or %NULL for any
 * @number: CDMA only: the number to dial, or %NULL for #777
 * @roaming_allowed: GSM only: whether to connect while roaming
 * @autoconnect: whether NetworkManager connects by itself
 *
 * What a user chose in the wizard or on the command line.
 */
typedef struct
{
  PlugModemFamily  family;
  const char      *id;
  const char      *interface;
  const char      *apn;
  const char      *username;
  const char      *password;
  const char      *network_id;
  const char      *number;
  gboolean         roaming_allowed;
  gboolean         autoconnect;
} PlugBroadbandConnectionSettings;

/**
 * PlugBroadbandConnectionEdit:
 * @apn: GSM only: the new APN; "" asks for the SIM's default
 * @username: the new username; %NULL or "" for none
 * @password: the new password; %NULL keeps the one saved, "" removes it
 * @network_id: GSM only: the MCC-MNC to register with; %NULL or "" for any
 * @roaming_allowed: GSM only: whether to connect while roaming
 *
 * What can be changed in a saved connection.
 */
typedef struct
{
  const char *apn;
  const char *username;
  const char *password;
  const char *network_id;
  gboolean    roaming_allowed;
} PlugBroadbandConnectionEdit;

GQuark           plug_broadband_error_quark                    (void);

gboolean         plug_broadband_apn_validate                   (const char                            *apn,
                                                                GError                               **error);
gboolean         plug_broadband_pin_validate                   (const char                            *pin,
                                                                GError                               **error);
gboolean         plug_broadband_puk_validate                   (const char                            *puk,
                                                                GError                               **error);
gboolean         plug_broadband_network_id_validate            (const char                            *network_id,
                                                                GError                               **error);

gboolean         plug_broadband_modem_check_ready              (PlugModem                             *modem,
                                                                GError                               **error);

NMConnection    *plug_broadband_connection_new                 (const PlugBroadbandConnectionSettings *settings,
                                                                GError                               **error);

NMConnection    *plug_broadband_connection_edit                (NMConnection                          *connection,
                                                                const PlugBroadbandConnectionEdit     *edit,
                                                                GError                               **error);

char            *plug_broadband_connection_unique_id           (const char                            *base,
                                                                const char * const                    *taken);
gboolean         plug_broadband_connection_id_check            (const char                            *id,
                                                                const char * const                    *taken,
                                                                GError                               **error);

gboolean         plug_broadband_connection_is_broadband        (NMConnection                          *connection);
PlugModemFamily  plug_broadband_connection_get_family          (NMConnection                          *connection);
const char      *plug_broadband_connection_get_apn             (NMConnection                          *connection);
const char      *plug_broadband_connection_get_number          (NMConnection                          *connection);
gboolean         plug_broadband_connection_get_roaming_allowed (NMConnection                          *connection);

const char      *plug_broadband_describe_device_reason         (NMDeviceStateReason                    reason);
const char      *plug_broadband_describe_active_reason         (NMActiveConnectionStateReason          reason);

G_END_DECLS
