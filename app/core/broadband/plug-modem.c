/* plug-modem.c: A mobile broadband modem
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "plug-core-enums.h"
#include "plug-modem.h"

/*
 * A PlugModem is one NetworkManager device of type modem, enriched with
 * what ModemManager knows about the same modem: NetworkManager names the
 * device ModemManager's object path as its UDI. NetworkManager decides
 * which modems can be used (it is what connections are made with);
 * ModemManager says what state they are in.
 *
 * A modem ModemManager has and NetworkManager does not manage (its
 * mobile broadband plugin is missing) is a PlugModem without a device
 * (plug_modem_new_unmanaged()): it is listed, to say why it cannot be
 * used, with what ModemManager says of it.
 *
 * The modem list hands over the ModemManager object whenever it changes,
 * and the modem re-reads everything from the two proxies in memory. Only
 * the SIM is a separate D-Bus object, fetched asynchronously whenever the
 * modem names a new one; until it answers, the modem is "loading".
 */

struct _PlugModem
{
  GObject                  parent_instance;

  NMDeviceModem           *device;
  MMObject                *object;

  /* The SIM the modem names, and the request for its proxy. */
  char                    *sim_path;
  MMSim                   *sim;
  GCancellable            *sim_cancellable;

  char                    *interface;
  char                    *modem_path;
  char                    *manufacturer;
  char                    *model;
  PlugModemFamily          family;
  MMModemState             state;
  PlugModemSimState        sim_state;
  MMModemLock              lock;
  MMUnlockRetries         *unlock_retries;
  char                    *unlock_retries_text;
  char                    *sim_operator_code;
  char                    *sim_operator_name;
  char                    *sim_gid1;
  char                    *operator_code;
  char                    *operator_name;
  PlugModemRegistration    registration;
  MMModemAccessTechnology  access_technologies;
  guint                    signal_quality;
  guint                    cdma_sid;
};

G_DEFINE_FINAL_TYPE (PlugModem, plug_modem, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_DEVICE,
  PROP_INTERFACE,
  PROP_MODEM_PATH,
  PROP_MANUFACTURER,
  PROP_MODEL,
  PROP_FAMILY,
  PROP_STATE,
  PROP_SIM_STATE,
  PROP_LOCK,
  PROP_UNLOCK_RETRIES,
  PROP_SIM_OPERATOR_CODE,
  PROP_SIM_OPERATOR_NAME,
  PROP_SIM_GID1,
  PROP_OPERATOR_CODE,
  PROP_OPERATOR_NAME,
  PROP_REGISTRATION,
  PROP_ACCESS_TECHNOLOGIES,
  PROP_SIGNAL_QUALITY,
  PROP_CDMA_SID,
  PROP_LOADING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void refresh (PlugModem *self);

static void
clear_sim (PlugModem *self)
{
  g_cancellable_cancel (self->sim_cancellable);
  g_clear_object (&self->sim_cancellable);

  if (self->sim != NULL)
    g_signal_handlers_disconnect_by_data (self->sim, self);
  g_clear_object (&self->sim);
  g_clear_pointer (&self->sim_path, g_free);
}

static void
plug_modem_dispose (GObject *object)
{
  PlugModem *self = PLUG_MODEM (object);

  clear_sim (self);

  if (self->device != NULL)
    g_signal_handlers_disconnect_by_data (self->device, self);
  g_clear_object (&self->device);
  g_clear_object (&self->object);
  g_clear_object (&self->unlock_retries);

  G_OBJECT_CLASS (plug_modem_parent_class)->dispose (object);
}

static void
plug_modem_finalize (GObject *object)
{
  PlugModem *self = PLUG_MODEM (object);

  g_clear_pointer (&self->interface, g_free);
  g_clear_pointer (&self->modem_path, g_free);
  g_clear_pointer (&self->manufacturer, g_free);
  g_clear_pointer (&self->model, g_free);
  g_clear_pointer (&self->unlock_retries_text, g_free);
  g_clear_pointer (&self->sim_operator_code, g_free);
  g_clear_pointer (&self->sim_operator_name, g_free);
  g_clear_pointer (&self->sim_gid1, g_free);
  g_clear_pointer (&self->operator_code, g_free);
  g_clear_pointer (&self->operator_name, g_free);

  G_OBJECT_CLASS (plug_modem_parent_class)->finalize (object);
}

static void
plug_modem_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  PlugModem *self = PLUG_MODEM (object);

  switch (prop_id)
    {
    case PROP_DEVICE:
      g_value_set_object (value, self->device);
      break;

    case PROP_INTERFACE:
      g_value_set_string (value, self->interface);
      break;

    case PROP_MODEM_PATH:
      g_value_set_string (value, self->modem_path);
      break;

    case PROP_MANUFACTURER:
      g_value_set_string (value, self->manufacturer);
      break;

    case PROP_MODEL:
      g_value_set_string (value, self->model);
      break;

    case PROP_FAMILY:
      g_value_set_enum (value, self->family);
      break;

    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;

    case PROP_SIM_STATE:
      g_value_set_enum (value, self->sim_state);
      break;

    case PROP_LOCK:
      g_value_set_enum (value, self->lock);
      break;

    case PROP_UNLOCK_RETRIES:
      g_value_set_object (value, self->unlock_retries);
      break;

    case PROP_SIM_OPERATOR_CODE:
      g_value_set_string (value, self->sim_operator_code);
      break;

    case PROP_SIM_OPERATOR_NAME:
      g_value_set_string (value, self->sim_operator_name);
      break;

    case PROP_SIM_GID1:
      g_value_set_string (value, self->sim_gid1);
      break;

    case PROP_OPERATOR_CODE:
      g_value_set_string (value, self->operator_code);
      break;

    case PROP_OPERATOR_NAME:
      g_value_set_string (value, self->operator_name);
      break;

    case PROP_REGISTRATION:
      g_value_set_enum (value, self->registration);
      break;

    case PROP_ACCESS_TECHNOLOGIES:
      g_value_set_flags (value, self->access_technologies);
      break;

    case PROP_SIGNAL_QUALITY:
      g_value_set_uint (value, self->signal_quality);
      break;

    case PROP_CDMA_SID:
      g_value_set_uint (value, self->cdma_sid);
      break;

    case PROP_LOADING:
      g_value_set_boolean (value, plug_modem_is_loading (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_modem_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  PlugModem *self = PLUG_MODEM (object);

  switch (prop_id)
    {
    case PROP_DEVICE:
      self->device = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_modem_constructed (GObject *object)
{
  PlugModem *self = PLUG_MODEM (object);

  G_OBJECT_CLASS (plug_modem_parent_class)->constructed (object);

  /* NetworkManager's own properties (the interface, the capabilities) can
   * change without ModemManager saying anything. */
  if (self->device != NULL)
    g_signal_connect_swapped (self->device, "notify", G_CALLBACK (refresh), self);
  refresh (self);
}

static void
plug_modem_class_init (PlugModemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags read_only = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->constructed = plug_modem_constructed;
  object_class->dispose = plug_modem_dispose;
  object_class->finalize = plug_modem_finalize;
  object_class->get_property = plug_modem_get_property;
  object_class->set_property = plug_modem_set_property;

  properties[PROP_DEVICE] =
    g_param_spec_object ("device", NULL, NULL,
                         NM_TYPE_DEVICE_MODEM,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  properties[PROP_INTERFACE] =
    g_param_spec_string ("interface", NULL, NULL, NULL, read_only);

  properties[PROP_MODEM_PATH] =
    g_param_spec_string ("modem-path", NULL, NULL, NULL, read_only);

  properties[PROP_MANUFACTURER] =
    g_param_spec_string ("manufacturer", NULL, NULL, NULL, read_only);

  properties[PROP_MODEL] =
    g_param_spec_string ("model", NULL, NULL, NULL, read_only);

  properties[PROP_FAMILY] =
    g_param_spec_enum ("family", NULL, NULL,
                       PLUG_TYPE_MODEM_FAMILY, PLUG_MODEM_FAMILY_UNKNOWN, read_only);

  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL,
                       MM_TYPE_MODEM_STATE, MM_MODEM_STATE_UNKNOWN, read_only);

  properties[PROP_SIM_STATE] =
    g_param_spec_enum ("sim-state", NULL, NULL,
                       PLUG_TYPE_MODEM_SIM_STATE, PLUG_MODEM_SIM_STATE_UNKNOWN, read_only);

  properties[PROP_LOCK] =
    g_param_spec_enum ("lock", NULL, NULL,
                       MM_TYPE_MODEM_LOCK, MM_MODEM_LOCK_UNKNOWN, read_only);

  properties[PROP_UNLOCK_RETRIES] =
    g_param_spec_object ("unlock-retries", NULL, NULL,
                         MM_TYPE_UNLOCK_RETRIES, read_only);

  properties[PROP_SIM_OPERATOR_CODE] =
    g_param_spec_string ("sim-operator-code", NULL, NULL, NULL, read_only);

  properties[PROP_SIM_OPERATOR_NAME] =
    g_param_spec_string ("sim-operator-name", NULL, NULL, NULL, read_only);

  /**
   * PlugModem:sim-gid1:
   *
   * The SIM's group identifier (GID1) in upper-case hexadecimal, %NULL
   * when the SIM has none or ModemManager could not read it.
   */
  properties[PROP_SIM_GID1] =
    g_param_spec_string ("sim-gid1", NULL, NULL, NULL, read_only);
  properties[PROP_OPERATOR_CODE] =
    g_param_spec_string ("operator-code", NULL, NULL, NULL, read_only);

  properties[PROP_OPERATOR_NAME] =
    g_param_spec_string ("operator-name", NULL, NULL, NULL, read_only);

  properties[PROP_REGISTRATION] =
    g_param_spec_enum ("registration", NULL, NULL,
                       PLUG_TYPE_MODEM_REGISTRATION, PLUG_MODEM_REGISTRATION_UNKNOWN, read_only);

  properties[PROP_ACCESS_TECHNOLOGIES] =
    g_param_spec_flags ("access-technologies", NULL, NULL,
                        MM_TYPE_MODEM_ACCESS_TECHNOLOGY, MM_MODEM_ACCESS_TECHNOLOGY_UNKNOWN, read_only);

  /**
   * PlugModem:signal-quality:
   *
   * The signal quality in percent, 0 when not known.
   */
  properties[PROP_SIGNAL_QUALITY] =
    g_param_spec_uint ("signal-quality", NULL, NULL, 0, 100, 0, read_only);
  /**
   * PlugModem:cdma-sid:
   *
   * The system id of the CDMA network the modem is registered on, 0 when
   * not known or not CDMA.
   */
  properties[PROP_CDMA_SID] =
    g_param_spec_uint ("cdma-sid", NULL, NULL, 0, 32767, 0, read_only);

  /**
   * PlugModem:loading:
   *
   * Whether the SIM's details are still being read.
   */
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE, read_only);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
plug_modem_init (PlugModem *self)
{
  self->lock = MM_MODEM_LOCK_UNKNOWN;
  self->state = MM_MODEM_STATE_UNKNOWN;
}

/* Empty strings are what ModemManager publishes for "not known". */
static void
set_string (PlugModem  *self,
            char      **field,
            const char *value,
            guint       prop_id)
{
  if (value != NULL && *value == '\0')
    value = NULL;

  if (g_strcmp0 (*field, value) == 0)
    return;

  g_free (*field);
  *field = g_strdup (value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

/* Also for the enumerations, which are int-sized: stored and read back
 * through the same type, their values survive. */
static void
set_uint (PlugModem *self,
          guint     *field,
          guint      value,
          guint      prop_id)
{
  if (*field == value)
    return;

  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

static void
append_retries (MMModemLock lock,
                guint       count,
                gpointer    user_data)
{
  GString *text = user_data;

  g_string_append_printf (text, "%d:%u,", (int) lock, count);
}

static char *
unlock_retries_to_string (MMUnlockRetries *retries)
{
  GString *text = g_string_new (NULL);

  mm_unlock_retries_foreach (retries, append_retries, text);

  return g_string_free (text, FALSE);
}

static void
set_unlock_retries (PlugModem       *self,
                    MMUnlockRetries *retries)
{
  g_autofree char *text = retries != NULL ? unlock_retries_to_string (retries) : NULL;

  /* MMModem makes a new object on every read; compare what it says. */
  if (g_strcmp0 (text, self->unlock_retries_text) == 0)
    return;

  g_set_object (&self->unlock_retries, retries);
  g_free (self->unlock_retries_text);
  self->unlock_retries_text = g_steal_pointer (&text);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNLOCK_RETRIES]);
}

/* As libnma decides: a modem that can do both takes GSM connections. */
static PlugModemFamily
family_from_capabilities (NMDeviceModemCapabilities  nm_capabilities,
                          MMModemCapability          mm_capabilities)
{
  const NMDeviceModemCapabilities nm_3gpp =
    NM_DEVICE_MODEM_CAPABILITY_GSM_UMTS | NM_DEVICE_MODEM_CAPABILITY_LTE | NM_DEVICE_MODEM_CAPABILITY_5GNR;
  const MMModemCapability mm_3gpp =
    MM_MODEM_CAPABILITY_GSM_UMTS | MM_MODEM_CAPABILITY_LTE | MM_MODEM_CAPABILITY_5GNR | MM_MODEM_CAPABILITY_TDS;

  if (nm_capabilities & nm_3gpp)
    return PLUG_MODEM_FAMILY_GSM;
  if (nm_capabilities & NM_DEVICE_MODEM_CAPABILITY_CDMA_EVDO)
    return PLUG_MODEM_FAMILY_CDMA;
  if (mm_capabilities & mm_3gpp)
    return PLUG_MODEM_FAMILY_GSM;
  if (mm_capabilities & MM_MODEM_CAPABILITY_CDMA_EVDO)
    return PLUG_MODEM_FAMILY_CDMA;

  return PLUG_MODEM_FAMILY_UNKNOWN;
}

static PlugModemRegistration
registration_from_3gpp (MMModem3gppRegistrationState state)
{
  switch (state)
    {
    case MM_MODEM_3GPP_REGISTRATION_STATE_HOME:
    case MM_MODEM_3GPP_REGISTRATION_STATE_HOME_SMS_ONLY:
    case MM_MODEM_3GPP_REGISTRATION_STATE_HOME_CSFB_NOT_PREFERRED:
      return PLUG_MODEM_REGISTRATION_HOME;

    case MM_MODEM_3GPP_REGISTRATION_STATE_ROAMING:
    case MM_MODEM_3GPP_REGISTRATION_STATE_ROAMING_SMS_ONLY:
    case MM_MODEM_3GPP_REGISTRATION_STATE_ROAMING_CSFB_NOT_PREFERRED:
      return PLUG_MODEM_REGISTRATION_ROAMING;

    case MM_MODEM_3GPP_REGISTRATION_STATE_SEARCHING:
      return PLUG_MODEM_REGISTRATION_SEARCHING;

    case MM_MODEM_3GPP_REGISTRATION_STATE_DENIED:
      return PLUG_MODEM_REGISTRATION_DENIED;

    case MM_MODEM_3GPP_REGISTRATION_STATE_IDLE:
      return PLUG_MODEM_REGISTRATION_IDLE;

    case MM_MODEM_3GPP_REGISTRATION_STATE_UNKNOWN:
    case MM_MODEM_3GPP_REGISTRATION_STATE_EMERGENCY_ONLY:
    case MM_MODEM_3GPP_REGISTRATION_STATE_ATTACHED_RLOS:
    default:
      return PLUG_MODEM_REGISTRATION_UNKNOWN;
    }
}

static PlugModemRegistration
registration_from_cdma (MMModemCdmaRegistrationState state)
{
  switch (state)
    {
    case MM_MODEM_CDMA_REGISTRATION_STATE_HOME:
      return PLUG_MODEM_REGISTRATION_HOME;

    case MM_MODEM_CDMA_REGISTRATION_STATE_ROAMING:
      return PLUG_MODEM_REGISTRATION_ROAMING;

    case MM_MODEM_CDMA_REGISTRATION_STATE_REGISTERED:
      return PLUG_MODEM_REGISTRATION_REGISTERED;

    case MM_MODEM_CDMA_REGISTRATION_STATE_UNKNOWN:
    default:
      return PLUG_MODEM_REGISTRATION_UNKNOWN;
    }
}

/* A CDMA modem registers on 1x and EV-DO separately; the better of the
 * two is what a person cares about. */
static PlugModemRegistration
registration_from_cdma_modem (MMModemCdma *cdma)
{
  PlugModemRegistration one_x = registration_from_cdma (mm_modem_cdma_get_cdma1x_registration_state (cdma));
  PlugModemRegistration evdo = registration_from_cdma (mm_modem_cdma_get_evdo_registration_state (cdma));

  if (one_x == PLUG_MODEM_REGISTRATION_HOME || evdo == PLUG_MODEM_REGISTRATION_HOME)
    return PLUG_MODEM_REGISTRATION_HOME;
  if (one_x == PLUG_MODEM_REGISTRATION_ROAMING || evdo == PLUG_MODEM_REGISTRATION_ROAMING)
    return PLUG_MODEM_REGISTRATION_ROAMING;
  if (one_x == PLUG_MODEM_REGISTRATION_REGISTERED || evdo == PLUG_MODEM_REGISTRATION_REGISTERED)
    return PLUG_MODEM_REGISTRATION_REGISTERED;

  return PLUG_MODEM_REGISTRATION_UNKNOWN;
}

static PlugModemSimState
sim_state_from_modem (MMModem         *modem,
                      PlugModemFamily  family)
{
  MMModemLock lock = mm_modem_get_unlock_required (modem);
  const char *sim_path = mm_modem_get_sim_path (modem);
  gboolean has_sim = sim_path != NULL && !g_str_equal (sim_path, "/");

  if (mm_modem_get_state (modem) == MM_MODEM_STATE_FAILED &&
      mm_modem_get_state_failed_reason (modem) == MM_MODEM_STATE_FAILED_REASON_SIM_MISSING)
    return PLUG_MODEM_SIM_STATE_MISSING;

  if (lock != MM_MODEM_LOCK_NONE && lock != MM_MODEM_LOCK_UNKNOWN)
    return PLUG_MODEM_SIM_STATE_LOCKED;

  if (has_sim && lock == MM_MODEM_LOCK_NONE)
    return PLUG_MODEM_SIM_STATE_READY;

  if (!has_sim && family == PLUG_MODEM_FAMILY_CDMA)
    return PLUG_MODEM_SIM_STATE_NOT_USED;

  /* ModemManager publishes the SIM once it has probed the modem; a modem
   * still being probed has neither lock nor SIM yet. */
  if (!has_sim && mm_modem_get_state (modem) >= MM_MODEM_STATE_DISABLED)
    return PLUG_MODEM_SIM_STATE_MISSING;

  return PLUG_MODEM_SIM_STATE_UNKNOWN;
}

/* ModemManager 1.20 publishes Sim.Gid1 as the bytes of the SIM's file;
 * the provider database lists GID1s in hexadecimal. */
static char *
dup_sim_gid1 (MMSim *sim)
{
  const guint8 *bytes;
  gsize n_bytes = 0;
  GString *hex;

  bytes = sim != NULL ? mm_sim_get_gid1 (sim, &n_bytes) : NULL;
  if (bytes == NULL || n_bytes == 0)
    return NULL;

  hex = g_string_sized_new (n_bytes * 2);
  for (gsize i = 0; i < n_bytes; i++)
    g_string_append_printf (hex, "%02X", bytes[i]);

  return g_string_free (hex, FALSE);
}

static void
refresh_sim_details (PlugModem *self)
{
  g_autofree char *gid1 = dup_sim_gid1 (self->sim);

  set_string (self, &self->sim_operator_code,
              self->sim != NULL ? mm_sim_get_operator_identifier (self->sim) : NULL,
              PROP_SIM_OPERATOR_CODE);
  set_string (self, &self->sim_operator_name,
              self->sim != NULL ? mm_sim_get_operator_name (self->sim) : NULL,
              PROP_SIM_OPERATOR_NAME);
  set_string (self, &self->sim_gid1, gid1, PROP_SIM_GID1);
}

static void
sim_properties_changed_cb (PlugModem *self)
{
  refresh_sim_details (self);
}

static void
sim_loaded_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(PlugModem) self = user_data;
  g_autoptr(MMSim) sim = NULL;
  g_autoptr(GError) error = NULL;

  sim = mm_modem_get_sim_finish (MM_MODEM (object), result, &error);

  /* A newer SIM, or none, replaced the one asked for. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  g_clear_object (&self->sim_cancellable);

  if (sim == NULL)
    {
      g_debug ("Could not read the SIM of %s: %s",
               self->modem_path, error != NULL ? error->message : "no SIM");
    }
  else
    {
      self->sim = g_steal_pointer (&sim);
      g_signal_connect_swapped (self->sim, "g-properties-changed",
                                G_CALLBACK (sim_properties_changed_cb), self);
    }

  g_object_freeze_notify (G_OBJECT (self));
  refresh_sim_details (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
  g_object_thaw_notify (G_OBJECT (self));
}

static void
follow_sim (PlugModem *self,
            MMModem   *modem)
{
  const char *sim_path = modem != NULL ? mm_modem_get_sim_path (modem) : NULL;
  gboolean was_loading = plug_modem_is_loading (self);

  if (sim_path != NULL && (*sim_path == '\0' || g_str_equal (sim_path, "/")))
    sim_path = NULL;

  if (g_strcmp0 (sim_path, self->sim_path) == 0)
    return;

  clear_sim (self);

  if (sim_path != NULL)
    {
      self->sim_path = g_strdup (sim_path);
      self->sim_cancellable = g_cancellable_new ();
      mm_modem_get_sim (modem, self->sim_cancellable, sim_loaded_cb, g_object_ref (self));
    }

  refresh_sim_details (self);
  if (was_loading != plug_modem_is_loading (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

static void
refresh (PlugModem *self)
{
  MmGdbusObject *gdbus_object = self->object != NULL ? MM_GDBUS_OBJECT (self->object) : NULL;
  /* mm_object_peek_modem() and its siblings warn when the object lacks
   * the interface, which it does while ModemManager probes the modem;
   * the generated getters just return NULL. The proxies are MMModem etc.,
   * the types MMManager's object manager creates. */
  MMModem *modem = gdbus_object != NULL ? (MMModem *) mm_gdbus_object_peek_modem (gdbus_object) : NULL;
  MMModem3gpp *modem_3gpp = gdbus_object != NULL ? (MMModem3gpp *) mm_gdbus_object_peek_modem3gpp (gdbus_object) : NULL;
  MMModemCdma *modem_cdma = gdbus_object != NULL ? (MMModemCdma *) mm_gdbus_object_peek_modem_cdma (gdbus_object) : NULL;
  NMDevice *device = self->device != NULL ? NM_DEVICE (self->device) : NULL;
  const char *interface = device != NULL ? nm_device_get_iface (device) : NULL;
  PlugModemFamily family;
  PlugModemRegistration registration = PLUG_MODEM_REGISTRATION_UNKNOWN;
  MMUnlockRetries *retries = NULL;
  guint cdma_sid;

  g_object_freeze_notify (G_OBJECT (self));

  if (interface == NULL && modem != NULL)
    interface = mm_modem_get_primary_port (modem);
  set_string (self, &self->interface, interface, PROP_INTERFACE);
  set_string (self, &self->modem_path,
              self->object != NULL ? mm_object_get_path (self->object) : NULL,
              PROP_MODEM_PATH);
  set_string (self, &self->manufacturer,
              modem != NULL ? mm_modem_get_manufacturer (modem) : device != NULL ? nm_device_get_vendor (device) : NULL,
              PROP_MANUFACTURER);
  set_string (self, &self->model,
              modem != NULL ? mm_modem_get_model (modem) : device != NULL ? nm_device_get_product (device) : NULL,
              PROP_MODEL);

  family = family_from_capabilities (self->device != NULL ? nm_device_modem_get_current_capabilities (self->device)
                                                          : NM_DEVICE_MODEM_CAPABILITY_NONE,
                                     modem != NULL ? mm_modem_get_current_capabilities (modem) : MM_MODEM_CAPABILITY_NONE);
  set_uint (self, (guint *) &self->family, family, PROP_FAMILY);

  set_uint (self, (guint *) &self->state, modem != NULL ? mm_modem_get_state (modem) : MM_MODEM_STATE_UNKNOWN, PROP_STATE);
  set_uint (self, (guint *) &self->sim_state,
            modem != NULL ? sim_state_from_modem (modem, family) : PLUG_MODEM_SIM_STATE_UNKNOWN,
            PROP_SIM_STATE);
  set_uint (self, (guint *) &self->lock, modem != NULL ? mm_modem_get_unlock_required (modem) : MM_MODEM_LOCK_UNKNOWN, PROP_LOCK);

  retries = modem != NULL ? mm_modem_get_unlock_retries (modem) : NULL;
  set_unlock_retries (self, retries);
  g_clear_object (&retries);

  set_string (self, &self->operator_code,
              modem_3gpp != NULL ? mm_modem_3gpp_get_operator_code (modem_3gpp) : NULL,
              PROP_OPERATOR_CODE);
  set_string (self, &self->operator_name,
              modem_3gpp != NULL ? mm_modem_3gpp_get_operator_name (modem_3gpp) : NULL,
              PROP_OPERATOR_NAME);

  /* A modem that is not enabled keeps the last registration it saw. */
  if (modem != NULL && mm_modem_get_state (modem) >= MM_MODEM_STATE_ENABLED)
    {
      if (modem_3gpp != NULL)
        registration = registration_from_3gpp (mm_modem_3gpp_get_registration_state (modem_3gpp));
      if (registration == PLUG_MODEM_REGISTRATION_UNKNOWN && modem_cdma != NULL)
        registration = registration_from_cdma_modem (modem_cdma);
    }
  else if (modem != NULL && mm_modem_get_state (modem) > MM_MODEM_STATE_FAILED)
    {
      registration = PLUG_MODEM_REGISTRATION_IDLE;
    }
  set_uint (self, (guint *) &self->registration, registration, PROP_REGISTRATION);

  /* ModemManager says MM_MODEM_CDMA_SID_UNKNOWN (99999) for none. */
  cdma_sid = modem_cdma != NULL ? mm_modem_cdma_get_sid (modem_cdma) : 0;
  set_uint (self, &self->cdma_sid, cdma_sid <= 32767 ? cdma_sid : 0, PROP_CDMA_SID);

  set_uint (self, (guint *) &self->access_technologies,
            modem != NULL ? mm_modem_get_access_technologies (modem) : MM_MODEM_ACCESS_TECHNOLOGY_UNKNOWN,
            PROP_ACCESS_TECHNOLOGIES);
  set_uint (self, &self->signal_quality,
            modem != NULL ? MIN (mm_modem_get_signal_quality (modem, NULL), 100) : 0,
            PROP_SIGNAL_QUALITY);

  follow_sim (self, modem);

  g_object_thaw_notify (G_OBJECT (self));
}

/**
 * plug_modem_new:
 * @device: the NetworkManager device
 *
 * Returns: (transfer full): a modem with what NetworkManager knows; the
 *   modem list adds ModemManager's side with plug_modem_update()
 */
PlugModem *
plug_modem_new (NMDeviceModem *device)
{
  g_return_val_if_fail (NM_IS_DEVICE_MODEM (device), NULL);

  return g_object_new (PLUG_TYPE_MODEM, "device", device, NULL);
}

/**
 * plug_modem_new_unmanaged:
 * @object: ModemManager's object for a modem NetworkManager has no
 *   device for
 *
 * Returns: (transfer full): a modem without a device, which
 *   plug_modem_is_managed() says; no connection can be made with it
 */
PlugModem *
plug_modem_new_unmanaged (MMObject *object)
{
  PlugModem *self;

  g_return_val_if_fail (MM_IS_OBJECT (object), NULL);

  self = g_object_new (PLUG_TYPE_MODEM, NULL);
  plug_modem_update (self, object);

  return self;
}

/**
 * plug_modem_is_managed:
 *
 * Returns: whether NetworkManager manages the modem: it has a device,
 *   with which connections are made
 */
gboolean
plug_modem_is_managed (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), FALSE);

  return self->device != NULL;
}

/**
 * plug_modem_get_problem:
 *
 * Returns: what keeps the modem from being used, of what Plugboard
 *   knows: %PLUG_MODEM_PROBLEM_NOT_MANAGED without a NetworkManager
 *   device
 */
PlugModemProblem
plug_modem_get_problem (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), PLUG_MODEM_PROBLEM_NONE);

  return self->device != NULL ? PLUG_MODEM_PROBLEM_NONE : PLUG_MODEM_PROBLEM_NOT_MANAGED;
}

/**
 * plug_modem_update:
 * @object: (nullable): ModemManager's object for the modem, if it has one
 *
 * Reads everything again. The modem list calls it whenever ModemManager
 * reports a change; it does no I/O except fetching a SIM it has not seen.
 */
void
plug_modem_update (PlugModem *self,
                   MMObject  *object)
{
  g_return_if_fail (PLUG_IS_MODEM (self));
  g_return_if_fail (!object || MM_IS_OBJECT (object));

  g_set_object (&self->object, object);
  refresh (self);
}

/**
 * plug_modem_get_device:
 *
 * Returns: (transfer none) (nullable): the NetworkManager device, %NULL
 *   for a modem NetworkManager does not manage
 */
NMDeviceModem *
plug_modem_get_device (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), NULL);

  return self->device;
}

/**
 * plug_modem_get_interface:
 *
 * Returns: (nullable): the control port, such as ttyUSB2 or cdc-wdm0,
 *   which NetworkManager names the device after
 */
const char *
plug_modem_get_interface (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), NULL);

  return self->interface;
}

/**
 * plug_modem_get_modem_path:
 *
 * Returns: (nullable): ModemManager's object path, %NULL while
 *   ModemManager has not published the modem
 */
const char *
plug_modem_get_modem_path (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), NULL);

  return self->modem_path;
}

const char *
plug_modem_get_manufacturer (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), NULL);

  return self->manufacturer;
}

const char *
plug_modem_get_model (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), NULL);

  return self->model;
}

/**
 * plug_modem_dup_display_name:
 *
 * Returns: (transfer full): what to call the modem: its model, else its
 *   manufacturer, else a generic name
 */
char *
plug_modem_dup_display_name (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), NULL);

  if (self->model != NULL)
    return g_strdup (self->model);
  if (self->manufacturer != NULL)
    /* Translators: %s is a manufacturer, such as Huawei */
    return g_strdup_printf (_("%s Modem"), self->manufacturer);

  return g_strdup (_("Modem"));
}

PlugModemFamily
plug_modem_get_family (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), PLUG_MODEM_FAMILY_UNKNOWN);

  return self->family;
}

MMModemState
plug_modem_get_state (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), MM_MODEM_STATE_UNKNOWN);

  return self->state;
}

PlugModemSimState
plug_modem_get_sim_state (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), PLUG_MODEM_SIM_STATE_UNKNOWN);

  return self->sim_state;
}

/**
 * plug_modem_get_lock:
 *
 * Returns: the code the modem waits for, %MM_MODEM_LOCK_NONE when it is
 *   unlocked
 */
MMModemLock
plug_modem_get_lock (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), MM_MODEM_LOCK_UNKNOWN);

  return self->lock;
}

/**
 * plug_modem_get_unlock_retries:
 *
 * Returns: (transfer none) (nullable): how many tries are left for each
 *   code, where the modem says
 */
MMUnlockRetries *
plug_modem_get_unlock_retries (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), NULL);

  return self->unlock_retries;
}

/**
 * plug_modem_get_sim_operator_code:
 *
 * Returns: (nullable): the MCC-MNC of the SIM's provider, from its IMSI;
 *   unknown while the SIM is locked
 */
const char *
plug_modem_get_sim_operator_code (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), NULL);

  return self->sim_operator_code;
}

const char *
plug_modem_get_sim_operator_name (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), NULL);

  return self->sim_operator_name;
}

/**
 * plug_modem_get_sim_gid1:
 *
 * Returns: (nullable): the SIM's group identifier (GID1) in upper-case
 *   hexadecimal, which virtual providers use to tell their SIMs apart
 */
const char *
plug_modem_get_sim_gid1 (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), NULL);

  return self->sim_gid1;
}

/**
 * plug_modem_get_cdma_sid:
 *
 * Returns: the system id of the CDMA network the modem is registered
 *   on, 0 when not known
 */
guint
plug_modem_get_cdma_sid (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), 0);

  return self->cdma_sid;
}

/**
 * plug_modem_suggest_provider:
 * @database: the provider database
 * @hint: (out) (optional): what decided
 *
 * The provider the modem says the user has: from its SIM (MCC-MNC,
 * service provider name, GID1) or from the CDMA network it is on (SID),
 * as plug_provider_database_suggest() decides. The Add Connection wizard
 * preselects it, and plugboardctl names it.
 *
 * Returns: (transfer full) (nullable): the provider, or %NULL
 */
PlugProvider *
plug_modem_suggest_provider (PlugModem            *self,
                             PlugProviderDatabase *database,
                             PlugProviderHint     *hint)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), NULL);
  g_return_val_if_fail (PLUG_IS_PROVIDER_DATABASE (database), NULL);

  return plug_provider_database_suggest (database,
                                         self->sim_operator_code,
                                         self->sim_operator_name,
                                         self->sim_gid1,
                                         self->cdma_sid,
                                         hint);
}

/**
 * plug_modem_get_operator_code:
 *
 * Returns: (nullable): the MCC-MNC of the network the modem is
 *   registered with (3GPP modems only)
 */
const char *
plug_modem_get_operator_code (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), NULL);

  return self->operator_code;
}

const char *
plug_modem_get_operator_name (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), NULL);

  return self->operator_name;
}

PlugModemRegistration
plug_modem_get_registration (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), PLUG_MODEM_REGISTRATION_UNKNOWN);

  return self->registration;
}

MMModemAccessTechnology
plug_modem_get_access_technologies (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), MM_MODEM_ACCESS_TECHNOLOGY_UNKNOWN);

  return self->access_technologies;
}

guint
plug_modem_get_signal_quality (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), 0);

  return self->signal_quality;
}

/**
 * plug_modem_is_loading:
 *
 * Returns: whether the SIM's details are still being read
 */
gboolean
plug_modem_is_loading (PlugModem *self)
{
  g_return_val_if_fail (PLUG_IS_MODEM (self), FALSE);

  return self->sim_cancellable != NULL;
}

/**
 * plug_modem_family_get_id:
 *
 * Returns: (nullable): "gsm" or "cdma", as NetworkManager names the
 *   connection types; %NULL when not known
 */
const char *
plug_modem_family_get_id (PlugModemFamily family)
{
  switch (family)
    {
    case PLUG_MODEM_FAMILY_GSM:
      return "gsm";
    case PLUG_MODEM_FAMILY_CDMA:
      return "cdma";
    case PLUG_MODEM_FAMILY_UNKNOWN:
    default:
      return NULL;
    }
}

const char *
plug_modem_family_get_display_name (PlugModemFamily family)
{
  switch (family)
    {
    case PLUG_MODEM_FAMILY_GSM:
      return _("GSM, UMTS, LTE or 5G");
    case PLUG_MODEM_FAMILY_CDMA:
      return _("CDMA or EV-DO");
    case PLUG_MODEM_FAMILY_UNKNOWN:
    default:
      return _("Unknown");
    }
}

const char *
plug_modem_sim_state_get_id (PlugModemSimState state)
{
  switch (state)
    {
    case PLUG_MODEM_SIM_STATE_READY:
      return "ready";
    case PLUG_MODEM_SIM_STATE_LOCKED:
      return "locked";
    case PLUG_MODEM_SIM_STATE_MISSING:
      return "missing";
    case PLUG_MODEM_SIM_STATE_NOT_USED:
      return "not-used";
    case PLUG_MODEM_SIM_STATE_UNKNOWN:
    default:
      return "unknown";
    }
}

const char *
plug_modem_registration_get_id (PlugModemRegistration registration)
{
  switch (registration)
    {
    case PLUG_MODEM_REGISTRATION_IDLE:
      return "idle";
    case PLUG_MODEM_REGISTRATION_SEARCHING:
      return "searching";
    case PLUG_MODEM_REGISTRATION_HOME:
      return "home";
    case PLUG_MODEM_REGISTRATION_ROAMING:
      return "roaming";
    case PLUG_MODEM_REGISTRATION_REGISTERED:
      return "registered";
    case PLUG_MODEM_REGISTRATION_DENIED:
      return "denied";
    case PLUG_MODEM_REGISTRATION_UNKNOWN:
    default:
      return "unknown";
    }
}

const char *
plug_modem_registration_get_display_name (PlugModemRegistration registration)
{
  switch (registration)
    {
    case PLUG_MODEM_REGISTRATION_IDLE:
      return _("Not registered");
    case PLUG_MODEM_REGISTRATION_SEARCHING:
      return _("Searching for a network");
    case PLUG_MODEM_REGISTRATION_HOME:
      return _("Home network");
    case PLUG_MODEM_REGISTRATION_ROAMING:
      return _("Roaming");
    case PLUG_MODEM_REGISTRATION_REGISTERED:
      return _("Registered");
    case PLUG_MODEM_REGISTRATION_DENIED:
      return _("Refused by the network");
    case PLUG_MODEM_REGISTRATION_UNKNOWN:
    default:
      return _("Unknown");
    }
}

/**
 * plug_modem_lock_get_display_name:
 *
 * Returns: the code a locked modem waits for, in words
 */
const char *
plug_modem_lock_get_display_name (MMModemLock lock)
{
  switch (lock)
    {
    case MM_MODEM_LOCK_SIM_PIN:
      return _("PIN");
    case MM_MODEM_LOCK_SIM_PIN2:
      return _("PIN2");
    case MM_MODEM_LOCK_SIM_PUK:
      return _("PUK");
    case MM_MODEM_LOCK_SIM_PUK2:
      return _("PUK2");
    case MM_MODEM_LOCK_PH_NET_PIN:
    case MM_MODEM_LOCK_PH_NETSUB_PIN:
    case MM_MODEM_LOCK_PH_SP_PIN:
      return _("network unlock code");
    case MM_MODEM_LOCK_PH_NET_PUK:
    case MM_MODEM_LOCK_PH_NETSUB_PUK:
    case MM_MODEM_LOCK_PH_SP_PUK:
      return _("network unblock code");
    case MM_MODEM_LOCK_PH_SIM_PIN:
    case MM_MODEM_LOCK_PH_FSIM_PIN:
    case MM_MODEM_LOCK_PH_CORP_PIN:
      return _("device PIN");
    case MM_MODEM_LOCK_PH_FSIM_PUK:
    case MM_MODEM_LOCK_PH_CORP_PUK:
      return _("device PUK");
    case MM_MODEM_LOCK_NONE:
    case MM_MODEM_LOCK_UNKNOWN:
    default:
      return _("code");
    }
}

typedef struct
{
  MMModemAccessTechnology  technologies;
  const char              *id;
  const char              *display_name;
} AccessTechnology;

/* Best first: a modem reports every technology it uses at once, and the
 * best one is what it connects with. */
static const AccessTechnology access_technologies[] = {
  { MM_MODEM_ACCESS_TECHNOLOGY_5GNR, "5gnr", N_("5G") },
  { MM_MODEM_ACCESS_TECHNOLOGY_LTE, "lte", N_("4G (LTE)") },
  { MM_MODEM_ACCESS_TECHNOLOGY_LTE_CAT_M, "lte-cat-m", N_("4G (LTE-M)") },
  { MM_MODEM_ACCESS_TECHNOLOGY_LTE_NB_IOT, "lte-nb-iot", N_("4G (NB-IoT)") },
  { MM_MODEM_ACCESS_TECHNOLOGY_HSPA_PLUS, "hspa-plus", N_("3G (HSPA+)") },
  { MM_MODEM_ACCESS_TECHNOLOGY_HSPA, "hspa", N_("3G (HSPA)") },
  { MM_MODEM_ACCESS_TECHNOLOGY_HSUPA, "hsupa", N_("3G (HSUPA)") },
  { MM_MODEM_ACCESS_TECHNOLOGY_HSDPA, "hsdpa", N_("3G (HSDPA)") },
  { MM_MODEM_ACCESS_TECHNOLOGY_UMTS, "umts", N_("3G (UMTS)") },
  { MM_MODEM_ACCESS_TECHNOLOGY_EVDOB, "evdob", N_("3G (EV-DO Rev. B)") },
  { MM_MODEM_ACCESS_TECHNOLOGY_EVDOA, "evdoa", N_("3G (EV-DO Rev. A)") },
  { MM_MODEM_ACCESS_TECHNOLOGY_EVDO0, "evdo0", N_("3G (EV-DO)") },
  { MM_MODEM_ACCESS_TECHNOLOGY_1XRTT, "1xrtt", N_("2G (CDMA 1x)") },
  { MM_MODEM_ACCESS_TECHNOLOGY_EDGE, "edge", N_("2G (EDGE)") },
  { MM_MODEM_ACCESS_TECHNOLOGY_GPRS, "gprs", N_("2G (GPRS)") },
  { MM_MODEM_ACCESS_TECHNOLOGY_GSM, "gsm", N_("2G (GSM)") },
  { MM_MODEM_ACCESS_TECHNOLOGY_GSM_COMPACT, "gsm-compact", N_("2G (GSM)") },
};

static const AccessTechnology *
find_access_technology (MMModemAccessTechnology technologies)
{
  for (guint i = 0; i < G_N_ELEMENTS (access_technologies); i++)
    {
      if (technologies & access_technologies[i].technologies)
        return &access_technologies[i];
    }

  return NULL;
}

/**
 * plug_modem_access_technology_get_id:
 *
 * Returns: (nullable): ModemManager's name of the best technology in
 *   @technologies, such as "lte"; %NULL when none is known
 */
const char *
plug_modem_access_technology_get_id (MMModemAccessTechnology technologies)
{
  const AccessTechnology *technology = find_access_technology (technologies);

  return technology != NULL ? technology->id : NULL;
}

/**
 * plug_modem_access_technology_get_display_name:
 *
 * Returns: (nullable): the best technology in @technologies, as people
 *   know it, such as “4G (LTE)”
 */
const char *
plug_modem_access_technology_get_display_name (MMModemAccessTechnology technologies)
{
  const AccessTechnology *technology = find_access_technology (technologies);

  return technology != NULL ? _(technology->display_name) : NULL;
}

/**
 * plug_modem_problem_get_id:
 * @problem: a #PlugModemProblem
 *
 * Returns: (nullable): its id for `plugboardctl --json`, %NULL for none
 */
const char *
plug_modem_problem_get_id (PlugModemProblem problem)
{
  switch (problem)
    {
    case PLUG_MODEM_PROBLEM_NONE:
      return NULL;
    case PLUG_MODEM_PROBLEM_NOT_MANAGED:
      return "networkmanager-wwan-missing";
    case PLUG_MODEM_PROBLEM_STORAGE_MODE:
      return "storage-mode";
    default:
      g_return_val_if_reached (NULL);
    }
}

/**
 * plug_modem_problem_get_title:
 * @problem: a #PlugModemProblem
 *
 * Returns: (nullable): a title for it, in title case, %NULL for none
 */
const char *
plug_modem_problem_get_title (PlugModemProblem problem)
{
  switch (problem)
    {
    case PLUG_MODEM_PROBLEM_NONE:
      return NULL;
    case PLUG_MODEM_PROBLEM_NOT_MANAGED:
      return _("NetworkManager Cannot Use This Modem");
    case PLUG_MODEM_PROBLEM_STORAGE_MODE:
      return _("Modem in Storage Mode");
    default:
      g_return_val_if_reached (NULL);
    }
}

/**
 * plug_modem_problem_dup_fix_files:
 * @problem: a #PlugModemProblem
 * @nm_version: (nullable): the running NetworkManager's version, such as
 *   "1.42.4"
 *
 * The files whose package mends @problem, for the desktop's software
 * installer (PackageKit's InstallProvideFiles), which finds the package
 * by file on any distribution: NetworkManager's WWAN plugin, in its
 * plugin folder for @nm_version (a folder of its own for each version),
 * or usb_modeswitch.
 *
 * Returns: (transfer full) (nullable): the files, %NULL when none is
 *   known (the NetworkManager version unknown)
 */
GStrv
plug_modem_problem_dup_fix_files (PlugModemProblem  problem,
                                  const char       *nm_version)
{
  g_autoptr(GStrvBuilder) files = g_strv_builder_new ();

  switch (problem)
    {
    case PLUG_MODEM_PROBLEM_NOT_MANAGED:
      if (nm_version == NULL || nm_version[0] == '\0' || strchr (nm_version, '/') != NULL)
        return NULL;
      {
        g_autofree char *plugin = g_build_filename (PLUG_NM_LIBDIR, "NetworkManager", nm_version,
                                                    "libnm-device-plugin-wwan.so", NULL);

        g_strv_builder_add (files, plugin);
      }
      break;
    case PLUG_MODEM_PROBLEM_STORAGE_MODE:
      g_strv_builder_add (files, "/usr/sbin/usb_modeswitch");
      break;
    case PLUG_MODEM_PROBLEM_NONE:
    default:
      return NULL;
    }

  return g_strv_builder_end (files);
}

/**
 * plug_modem_problem_get_description:
 * @problem: a #PlugModemProblem
 *
 * Returns: (nullable): why the modem cannot be used and what to do, one
 *   sentence; %NULL for none
 */
const char *
plug_modem_problem_get_description (PlugModemProblem problem)
{
  switch (problem)
    {
    case PLUG_MODEM_PROBLEM_NONE:
      return NULL;

    case PLUG_MODEM_PROBLEM_NOT_MANAGED:
      /* Debian and Ubuntu ship the plugin in network-manager itself;
       * Fedora, openSUSE and Arch in a package of its own. */
      return _("ModemManager found it, but NetworkManager’s mobile broadband support "
               "(its WWAN plugin, libnm-device-plugin-wwan.so) is missing, so no connection "
               "can be made with it: install the “network-manager” package again "
               "(“NetworkManager-wwan” on Fedora), then restart NetworkManager");

    case PLUG_MODEM_PROBLEM_STORAGE_MODE:
      return _("It shows as a CD-ROM drive with the modem’s software, as it does until it is "
               "switched to a modem: usb_modeswitch is missing or has not run. Install the "
               "“usb-modeswitch” package, then unplug the modem and plug it in again");

    default:
      g_return_val_if_reached (NULL);
    }
}
