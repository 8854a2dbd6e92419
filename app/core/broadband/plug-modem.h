/* plug-modem.h: A mobile broadband modem
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <libmm-glib.h>
#include <NetworkManager.h>

#include "plug-provider-database.h"

G_BEGIN_DECLS

/**
 * PlugModemFamily:
 * @PLUG_MODEM_FAMILY_UNKNOWN: not known yet
 * @PLUG_MODEM_FAMILY_GSM: 3GPP: GSM, UMTS, LTE and 5G; connections are
 *   NetworkManager "gsm" profiles
 * @PLUG_MODEM_FAMILY_CDMA: 3GPP2: CDMA 1x and EV-DO; connections are
 *   NetworkManager "cdma" profiles
 *
 * Which kind of connection the modem takes.
 */
typedef enum {
  PLUG_MODEM_FAMILY_UNKNOWN,
  PLUG_MODEM_FAMILY_GSM,
  PLUG_MODEM_FAMILY_CDMA,
} PlugModemFamily;

/**
 * PlugModemSimState:
 * @PLUG_MODEM_SIM_STATE_UNKNOWN: ModemManager has not said yet
 * @PLUG_MODEM_SIM_STATE_READY: a SIM is in and unlocked
 * @PLUG_MODEM_SIM_STATE_LOCKED: the SIM waits for a PIN, PUK or other code
 * @PLUG_MODEM_SIM_STATE_MISSING: the modem needs a SIM and has none
 * @PLUG_MODEM_SIM_STATE_NOT_USED: the modem works without a SIM, as most
 *   CDMA modems do
 */
typedef enum {
  PLUG_MODEM_SIM_STATE_UNKNOWN,
  PLUG_MODEM_SIM_STATE_READY,
  PLUG_MODEM_SIM_STATE_LOCKED,
  PLUG_MODEM_SIM_STATE_MISSING,
  PLUG_MODEM_SIM_STATE_NOT_USED,
} PlugModemSimState;

/**
 * PlugModemRegistration:
 * @PLUG_MODEM_REGISTRATION_UNKNOWN: not known, or the modem is not enabled
 * @PLUG_MODEM_REGISTRATION_IDLE: not registered and not looking
 * @PLUG_MODEM_REGISTRATION_SEARCHING: looking for a network
 * @PLUG_MODEM_REGISTRATION_HOME: registered with the home network
 * @PLUG_MODEM_REGISTRATION_ROAMING: registered with another network
 * @PLUG_MODEM_REGISTRATION_REGISTERED: registered, but the modem does not
 *   say whether it is roaming (CDMA modems often cannot)
 * @PLUG_MODEM_REGISTRATION_DENIED: the network refused the modem
 */
typedef enum {
  PLUG_MODEM_REGISTRATION_UNKNOWN,
  PLUG_MODEM_REGISTRATION_IDLE,
  PLUG_MODEM_REGISTRATION_SEARCHING,
  PLUG_MODEM_REGISTRATION_HOME,
  PLUG_MODEM_REGISTRATION_ROAMING,
  PLUG_MODEM_REGISTRATION_REGISTERED,
  PLUG_MODEM_REGISTRATION_DENIED,
} PlugModemRegistration;

/**
 * PlugModemProblem:
 * @PLUG_MODEM_PROBLEM_NONE: nothing Plugboard knows of
 * @PLUG_MODEM_PROBLEM_NOT_MANAGED: ModemManager has the modem and
 *   NetworkManager does not manage it: its mobile broadband (WWAN) plugin
 *   is missing
 * @PLUG_MODEM_PROBLEM_STORAGE_MODE: the modem is still a USB CD-ROM
 *   drive (#PlugStorageModem): usb_modeswitch is missing or has not run
 *
 * What keeps a modem from being used, before any SIM or network.
 */
typedef enum {
  PLUG_MODEM_PROBLEM_NONE,
  PLUG_MODEM_PROBLEM_NOT_MANAGED,
  PLUG_MODEM_PROBLEM_STORAGE_MODE,
} PlugModemProblem;

#define PLUG_TYPE_MODEM (plug_modem_get_type ())

G_DECLARE_FINAL_TYPE (PlugModem, plug_modem, PLUG, MODEM, GObject)

PlugModem               *plug_modem_new                      (NMDeviceModem          *device);
PlugModem               *plug_modem_new_unmanaged            (MMObject               *object);
void                     plug_modem_update                   (PlugModem              *self,
                                                              MMObject               *object);
gboolean                 plug_modem_is_managed               (PlugModem              *self);
PlugModemProblem         plug_modem_get_problem              (PlugModem              *self);

NMDeviceModem           *plug_modem_get_device               (PlugModem              *self);
const char              *plug_modem_get_interface            (PlugModem              *self);
const char              *plug_modem_get_modem_path           (PlugModem              *self);
const char              *plug_modem_get_manufacturer         (PlugModem              *self);
const char              *plug_modem_get_model                (PlugModem              *self);
char                    *plug_modem_dup_display_name         (PlugModem              *self);
PlugModemFamily          plug_modem_get_family               (PlugModem              *self);
MMModemState             plug_modem_get_state                (PlugModem              *self);

PlugModemSimState        plug_modem_get_sim_state            (PlugModem              *self);
MMModemLock              plug_modem_get_lock                 (PlugModem              *self);
MMUnlockRetries         *plug_modem_get_unlock_retries       (PlugModem              *self);
const char              *plug_modem_get_sim_operator_code    (PlugModem              *self);
const char              *plug_modem_get_sim_operator_name    (PlugModem              *self);
const char              *plug_modem_get_sim_gid1             (PlugModem              *self);

const char              *plug_modem_get_operator_code        (PlugModem              *self);
const char              *plug_modem_get_operator_name        (PlugModem              *self);
PlugModemRegistration    plug_modem_get_registration         (PlugModem              *self);
MMModemAccessTechnology  plug_modem_get_access_technologies  (PlugModem              *self);
guint                    plug_modem_get_signal_quality       (PlugModem              *self);
guint                    plug_modem_get_cdma_sid             (PlugModem              *self);

gboolean                 plug_modem_is_loading               (PlugModem              *self);

PlugProvider            *plug_modem_suggest_provider         (PlugModem              *self,
                                                              PlugProviderDatabase   *database,
                                                              PlugProviderHint       *hint);

const char              *plug_modem_problem_get_id           (PlugModemProblem        problem);
const char              *plug_modem_problem_get_title        (PlugModemProblem        problem);
const char              *plug_modem_problem_get_description  (PlugModemProblem        problem);
GStrv                    plug_modem_problem_dup_fix_files    (PlugModemProblem        problem,
                                                              const char             *nm_version);
const char              *plug_modem_family_get_id            (PlugModemFamily         family);
const char              *plug_modem_family_get_display_name  (PlugModemFamily         family);
const char              *plug_modem_sim_state_get_id         (PlugModemSimState       state);
const char              *plug_modem_registration_get_id      (PlugModemRegistration   registration);
const char              *plug_modem_registration_get_display_name (PlugModemRegistration registration);
const char              *plug_modem_lock_get_display_name    (MMModemLock             lock);
const char              *plug_modem_access_technology_get_id (MMModemAccessTechnology technologies);
const char              *plug_modem_access_technology_get_display_name (MMModemAccessTechnology technologies);

G_END_DECLS
