/* plug-provider-apn.c: One APN of a provider, with the plan it belongs to
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "plug-broadband-connection.h"
#include "plug-provider-private.h"

/*
 * A PlugProviderApn is one <apn> element of serviceproviders.xml: the
 * access point name with what libnma keeps of it (name, username,
 * password, gateway, DNS servers) and what it drops and the Add
 * connection wizard needs: what the APN is for (<usage>), which plans
 * (<plan>) and the authentication method.
 *
 * It is a GObject rather than a boxed structure so that views can put it
 * in a GListStore and bind to its properties; it never changes after the
 * database has loaded it.
 */

G_DEFINE_FINAL_TYPE (PlugProviderApn, plug_provider_apn, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_APN,
  PROP_NAME,
  PROP_DISPLAY_NAME,
  PROP_USAGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
plug_provider_apn_finalize (GObject *object)
{
  PlugProviderApn *self = PLUG_PROVIDER_APN (object);

  g_free (self->apn);
  g_free (self->name);
  g_clear_pointer (&self->translated_names, g_ptr_array_unref);
  g_free (self->username);
  g_free (self->password);
  g_free (self->gateway);
  g_clear_pointer (&self->dns, g_ptr_array_unref);

  G_OBJECT_CLASS (plug_provider_apn_parent_class)->finalize (object);
}

static void
plug_provider_apn_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  PlugProviderApn *self = PLUG_PROVIDER_APN (object);

  switch (prop_id)
    {
    case PROP_APN:
      g_value_set_string (value, self->apn);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_DISPLAY_NAME:
      g_value_set_string (value, plug_provider_apn_get_display_name (self));
      break;

    case PROP_USAGE:
      g_value_set_string (value, self->usage);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_provider_apn_class_init (PlugProviderApnClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = plug_provider_apn_finalize;
  object_class->get_property = plug_provider_apn_get_property;

  properties[PROP_APN] =
    g_param_spec_string ("apn", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_DISPLAY_NAME] =
    g_param_spec_string ("display-name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_USAGE] =
    g_param_spec_string ("usage", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
plug_provider_apn_init (PlugProviderApn *self)
{
}

PlugProviderApn *
plug_provider_apn_new (const char *apn)
{
  PlugProviderApn *self = g_object_new (PLUG_TYPE_PROVIDER_APN, NULL);

  self->apn = g_strdup (apn);

  return self;
}

void
plug_provider_apn_seal (PlugProviderApn *self)
{
  if (self->dns != NULL)
    g_ptr_array_add (self->dns, NULL);
}

/* The access point name itself, such as “mobile.vodafone.it”. */
const char *
plug_provider_apn_get_apn (PlugProviderApn *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER_APN (self), NULL);

  return self->apn;
}

/* The name of the plan, untranslated, or NULL when the database gives
 * none. */
const char *
plug_provider_apn_get_name (PlugProviderApn *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER_APN (self), NULL);

  return self->name;
}

const char *
plug_provider_apn_get_name_for_language (PlugProviderApn *self,
                                         const char      *language)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER_APN (self), NULL);
  g_return_val_if_fail (language != NULL, NULL);

  return plug_translated_names_lookup (self->translated_names, language);
}

/* The name in the user's language when the database has it, else the
 * untranslated name; NULL when there is no name at all. */
const char *
plug_provider_apn_get_display_name (PlugProviderApn *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER_APN (self), NULL);

  return plug_translated_names_for_locale (self->translated_names, self->name);
}

/* What the APN is for, as the database says it: “internet”, “mms”,
 * “wap”, “ia” (initial attach)… NULL when it does not say. */
const char *
plug_provider_apn_get_usage (PlugProviderApn *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER_APN (self), NULL);

  return self->usage;
}

/* Whether a connection for internet access may use the APN. An APN
 * without <usage> is one, as it was before the database had the element;
 * MMS and WAP APNs are not. */
gboolean
plug_provider_apn_is_for_internet (PlugProviderApn *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER_APN (self), FALSE);

  return self->usage == NULL || g_str_equal (self->usage, "internet");
}

/**
 * plug_provider_apn_check:
 * @self: an APN of the provider database
 * @error: return location for a %PLUG_BROADBAND_ERROR_INVALID_APN
 *
 * The database is written by hand, and a few of its APNs break
 * NetworkManager's rule (Zain BH's “http://172.18.83.129”). Such an
 * entry is flagged, never saved: the wizard shows it as a plan that
 * cannot be chosen, and plugboardctl refuses it, both saying why and
 * that the APN can be typed by hand instead.
 *
 * Returns: whether NetworkManager takes the APN as the database gives it
 */
gboolean
plug_provider_apn_check (PlugProviderApn  *self,
                         GError          **error)
{
  g_autoptr(GError) apn_error = NULL;

  g_return_val_if_fail (PLUG_IS_PROVIDER_APN (self), FALSE);

  if (plug_broadband_apn_validate (self->apn, &apn_error))
    return TRUE;

  g_set_error (error, PLUG_BROADBAND_ERROR, PLUG_BROADBAND_ERROR_INVALID_APN,
               /* Translators: %s says what is wrong with the APN */
               _("NetworkManager does not accept the provider database’s APN for this plan. "
                 "%s. Enter the APN your provider gives instead"),
               apn_error->message);
  return FALSE;
}

PlugProviderPlan
plug_provider_apn_get_plans (PlugProviderApn *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER_APN (self), PLUG_PROVIDER_PLAN_NONE);

  return self->plans;
}

const char *
plug_provider_apn_get_username (PlugProviderApn *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER_APN (self), NULL);

  return self->username;
}

const char *
plug_provider_apn_get_password (PlugProviderApn *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER_APN (self), NULL);

  return self->password;
}

/* “chap” or “pap”, or NULL when the database does not say. */
const char *
plug_provider_apn_get_authentication (PlugProviderApn *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER_APN (self), NULL);

  return self->authentication;
}

const char *
plug_provider_apn_get_gateway (PlugProviderApn *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER_APN (self), NULL);

  return self->gateway;
}

/* The DNS servers the database lists, or NULL when it lists none. */
const char * const *
plug_provider_apn_get_dns (PlugProviderApn *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER_APN (self), NULL);

  return self->dns != NULL ? (const char * const *) self->dns->pdata : NULL;
}

/* The word serviceproviders.xml uses for one plan: “prepaid” or
 * “postpaid”. */
const char *
plug_provider_plan_get_id (PlugProviderPlan plan)
{
  switch (plan)
    {
    case PLUG_PROVIDER_PLAN_PREPAID:
      return "prepaid";
    case PLUG_PROVIDER_PLAN_POSTPAID:
      return "postpaid";
    case PLUG_PROVIDER_PLAN_NONE:
    default:
      g_return_val_if_reached (NULL);
    }
}
