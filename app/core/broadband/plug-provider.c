/* plug-provider.c: A mobile broadband provider from the provider database
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <string.h>

#include "plug-provider-private.h"

/*
 * A PlugProvider is one <provider> of serviceproviders.xml: its names, its
 * country, and how to reach it on each network family it serves. GSM (3GPP:
 * GSM, UMTS, LTE, 5G) providers list their networks as MCC-MNC codes and
 * their APNs; CDMA providers list their system ids (SIDs) and, rarely, a
 * username and password. A provider can serve both.
 *
 * It never changes after the database has loaded it.
 */

G_DEFINE_FINAL_TYPE (PlugProvider, plug_provider, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  PROP_DISPLAY_NAME,
  PROP_COUNTRY_CODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
plug_provider_finalize (GObject *object)
{
  PlugProvider *self = PLUG_PROVIDER (object);

  g_free (self->name);
  g_clear_pointer (&self->translated_names, g_ptr_array_unref);
  g_free (self->country_code);
  g_clear_pointer (&self->mcc_mnc, g_ptr_array_unref);
  g_clear_pointer (&self->gid1, g_ptr_array_unref);
  g_clear_pointer (&self->apns, g_ptr_array_unref);
  g_clear_pointer (&self->cdma_sids, g_array_unref);
  g_free (self->cdma_username);
  g_free (self->cdma_password);
  g_clear_pointer (&self->cdma_dns, g_ptr_array_unref);

  G_OBJECT_CLASS (plug_provider_parent_class)->finalize (object);
}

static void
plug_provider_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  PlugProvider *self = PLUG_PROVIDER (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_DISPLAY_NAME:
      g_value_set_string (value, plug_provider_get_display_name (self));
      break;

    case PROP_COUNTRY_CODE:
      g_value_set_string (value, self->country_code);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_provider_class_init (PlugProviderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = plug_provider_finalize;
  object_class->get_property = plug_provider_get_property;

  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_DISPLAY_NAME] =
    g_param_spec_string ("display-name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_COUNTRY_CODE] =
    g_param_spec_string ("country-code", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
plug_provider_init (PlugProvider *self)
{
}

PlugProvider *
plug_provider_new (const char *country_code)
{
  PlugProvider *self = g_object_new (PLUG_TYPE_PROVIDER, NULL);

  self->country_code = g_strdup (country_code);

  return self;
}

void
plug_provider_seal (PlugProvider *self)
{
  if (self->mcc_mnc != NULL)
    g_ptr_array_add (self->mcc_mnc, NULL);
  if (self->gid1 != NULL)
    g_ptr_array_add (self->gid1, NULL);
  if (self->cdma_dns != NULL)
    g_ptr_array_add (self->cdma_dns, NULL);
}

/* --- translated names -------------------------------------------------- */

/* xml:lang uses BCP 47 tags (“pt-BR”), the locale “pt_BR”; translated
 * names are stored with the locale's spelling so that the languages of
 * g_get_language_names() find them. */
void
plug_translated_names_add (GPtrArray  **translated_names,
                           const char  *language,
                           char        *name)
{
  char *locale_language = g_strdup (language);

  g_strdelimit (locale_language, "-", '_');

  if (*translated_names == NULL)
    *translated_names = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (*translated_names, locale_language);
  g_ptr_array_add (*translated_names, name);
}

const char *
plug_translated_names_lookup (GPtrArray  *translated_names,
                              const char *language)
{
  if (translated_names == NULL)
    return NULL;

  for (guint i = 0; i + 1 < translated_names->len; i += 2)
    {
      const char *name_language = g_ptr_array_index (translated_names, i);

      if (g_ascii_strcasecmp (name_language, language) == 0)
        return g_ptr_array_index (translated_names, i + 1);
    }

  return NULL;
}

const char *
plug_translated_names_for_locale (GPtrArray  *translated_names,
                                  const char *fallback)
{
  const char * const *languages;

  if (translated_names == NULL)
    return fallback;

  languages = g_get_language_names ();
  for (guint i = 0; languages[i] != NULL; i++)
    {
      const char *name = plug_translated_names_lookup (translated_names, languages[i]);

      if (name != NULL)
        return name;
    }

  return fallback;
}

/* --- accessors --------------------------------------------------------- */

/* The provider's name as the database gives it without a language: the
 * name most people know it by. */
const char *
plug_provider_get_name (PlugProvider *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER (self), NULL);

  return self->name;
}

const char *
plug_provider_get_name_for_language (PlugProvider *self,
                                     const char   *language)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER (self), NULL);
  g_return_val_if_fail (language != NULL, NULL);

  return plug_translated_names_lookup (self->translated_names, language);
}

/* The name in the user's language when the database has it. */
const char *
plug_provider_get_display_name (PlugProvider *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER (self), NULL);

  return plug_translated_names_for_locale (self->translated_names, self->name);
}

/* The ISO 3166 code of the provider's country, in lower case (“it”). */
const char *
plug_provider_get_country_code (PlugProvider *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER (self), NULL);

  return self->country_code;
}

/* Whether the database marks the provider as the one a SIM's network code
 * most likely means, where MVNOs share the code of their host network. */
gboolean
plug_provider_is_primary (PlugProvider *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER (self), FALSE);

  return self->primary;
}

gboolean
plug_provider_has_gsm (PlugProvider *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER (self), FALSE);

  return self->has_gsm;
}

/* The provider's networks, each an MCC followed by the MNC as the
 * database spells it (two or three digits): “22210”, “310410”. NULL
 * when it lists none. */
const char * const *
plug_provider_get_mcc_mnc (PlugProvider *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER (self), NULL);

  return self->mcc_mnc != NULL ? (const char * const *) self->mcc_mnc->pdata : NULL;
}

/* The GID1s that tell the provider's SIMs from others on the same
 * network, each the first bytes of the SIM's GID1 in upper-case
 * hexadecimal (“BA01”); NULL when it lists none. The format's DTD has no
 * <gid1> yet: a database that adds it (or a user's copy) is read. */
const char * const *
plug_provider_get_gid1 (PlugProvider *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER (self), NULL);

  return self->gid1 != NULL ? (const char * const *) self->gid1->pdata : NULL;
}

/* Returns: (transfer none) (element-type PlugProviderApn): the GSM APNs,
 * in the database's order, or NULL when the provider has none. */
GPtrArray *
plug_provider_get_apns (PlugProvider *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER (self), NULL);

  return self->apns;
}

gboolean
plug_provider_has_cdma (PlugProvider *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER (self), FALSE);

  return self->has_cdma;
}

const guint32 *
plug_provider_get_cdma_sids (PlugProvider *self,
                             guint        *n_sids)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER (self), NULL);
  g_return_val_if_fail (n_sids != NULL, NULL);

  *n_sids = self->cdma_sids != NULL ? self->cdma_sids->len : 0;

  return self->cdma_sids != NULL ? (const guint32 *) (gpointer) self->cdma_sids->data : NULL;
}

const char *
plug_provider_get_cdma_username (PlugProvider *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER (self), NULL);

  return self->cdma_username;
}

const char *
plug_provider_get_cdma_password (PlugProvider *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER (self), NULL);

  return self->cdma_password;
}

const char * const *
plug_provider_get_cdma_dns (PlugProvider *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER (self), NULL);

  return self->cdma_dns != NULL ? (const char * const *) self->cdma_dns->pdata : NULL;
}

/* --- MCC-MNC ----------------------------------------------------------- */

/* An MCC-MNC is the three-digit Mobile Country Code followed by a two- or
 * three-digit Mobile Network Code, as a SIM or a modem reports it. */
gboolean
plug_mcc_mnc_is_valid (const char *mcc_mnc)
{
  gsize length;

  if (mcc_mnc == NULL)
    return FALSE;

  length = strlen (mcc_mnc);
  if (length != 5 && length != 6)
    return FALSE;

  for (gsize i = 0; i < length; i++)
    {
      if (!g_ascii_isdigit (mcc_mnc[i]))
        return FALSE;
    }

  return TRUE;
}

/*
 * Whether an MNC has two or three digits is not written in the code: a
 * SIM of network 222/01 may report “22201” or “222001”, and the database
 * may list it as mnc="01" or mnc="001". libnma's lookup tolerates all four
 * spellings: a two-digit MNC equals the three-digit one with a leading
 * zero, and nothing else. Writing every code with a three-digit MNC (a
 * zero inserted after the MCC of a five-digit code) makes that tolerance
 * plain equality, so the database indexes by this form:
 *
 *   “22201” → “222001”     “222001” → “222001”     “310410” → “310410”
 *
 * while “310410” (MNC 410) and “31041” (MNC 41, i.e. 041) stay apart.
 */
gboolean
plug_mcc_mnc_normalize (const char *mcc_mnc,
                        char        normalized[7])
{
  if (!plug_mcc_mnc_is_valid (mcc_mnc))
    return FALSE;

  memcpy (normalized, mcc_mnc, 3);
  if (mcc_mnc[5] == '\0')
    {
      normalized[3] = '0';
      memcpy (normalized + 4, mcc_mnc + 3, 2);
    }
  else
    {
      memcpy (normalized + 3, mcc_mnc + 3, 3);
    }
  normalized[6] = '\0';

  return TRUE;
}

/* How @mcc_mnc matches one of the provider's networks: as libnma, a
 * network listed with a three-digit MNC is the better match. */
PlugProviderMatch
plug_provider_match_mcc_mnc (PlugProvider *self,
                             const char   *mcc_mnc)
{
  PlugProviderMatch best = PLUG_PROVIDER_MATCH_NONE;
  char wanted[7];

  g_return_val_if_fail (PLUG_IS_PROVIDER (self), PLUG_PROVIDER_MATCH_NONE);

  if (self->mcc_mnc == NULL || !plug_mcc_mnc_normalize (mcc_mnc, wanted))
    return PLUG_PROVIDER_MATCH_NONE;

  for (guint i = 0; i < self->mcc_mnc->len && g_ptr_array_index (self->mcc_mnc, i) != NULL; i++)
    {
      const char *listed = g_ptr_array_index (self->mcc_mnc, i);
      char listed_normalized[7];

      if (!plug_mcc_mnc_normalize (listed, listed_normalized) ||
          !g_str_equal (listed_normalized, wanted))
        continue;

      if (listed[5] != '\0')
        return PLUG_PROVIDER_MATCH_THREE_DIGIT_MNC;
      best = PLUG_PROVIDER_MATCH_TWO_DIGIT_MNC;
    }

  return best;
}

/* --- what the SIM says ------------------------------------------------- */

/* A GID1 as ModemManager's Sim.Gid1 bytes are written here: an even
 * number of hexadecimal digits, at least two. */
gboolean
plug_gid1_is_valid (const char *gid1)
{
  gsize length;

  if (gid1 == NULL)
    return FALSE;

  length = strlen (gid1);
  if (length == 0 || length % 2 != 0)
    return FALSE;

  for (gsize i = 0; i < length; i++)
    {
      if (!g_ascii_isxdigit (gid1[i]))
        return FALSE;
    }

  return TRUE;
}

/* How many hexadecimal digits of the SIM's @gid1 one of the provider's
 * GID1s matches: a SIM's GID1 is a whole file, often padded with FF,
 * and the database lists the bytes it starts with (as Android's MVNO
 * rules do). The longest match is the most telling; 0 is none. */
guint
plug_provider_match_gid1 (PlugProvider *self,
                          const char   *gid1)
{
  guint best = 0;

  g_return_val_if_fail (PLUG_IS_PROVIDER (self), 0);

  if (self->gid1 == NULL || !plug_gid1_is_valid (gid1))
    return 0;

  for (guint i = 0; i < self->gid1->len && g_ptr_array_index (self->gid1, i) != NULL; i++)
    {
      const char *listed = g_ptr_array_index (self->gid1, i);
      gsize length = strlen (listed);

      if (length > best && g_ascii_strncasecmp (gid1, listed, length) == 0 &&
          strlen (gid1) >= length)
        best = (guint) length;
    }

  return best;
}

static char *
fold_name (const char *name)
{
  g_autofree char *stripped = g_strstrip (g_strdup (name));
  g_autofree char *normalized = g_utf8_normalize (stripped, -1, G_NORMALIZE_ALL);

  return normalized != NULL ? g_utf8_casefold (normalized, -1) : NULL;
}

static gboolean
folded_equal (const char *name,
              const char *folded_wanted)
{
  g_autofree char *folded = name != NULL ? fold_name (name) : NULL;

  return folded != NULL && g_str_equal (folded, folded_wanted);
}

/* Whether @name is the provider's name, or one of its translated names,
 * ignoring case and the spaces around it: how a SIM's service provider
 * name (“Lycamobile”) finds the virtual provider among those sharing
 * its host's MCC-MNC. A part of a name is not enough: the host's name is
 * often part of its MVNOs' (“Vodafone”, “Vodafone Prepaid”). */
gboolean
plug_provider_has_name (PlugProvider *self,
                        const char   *name)
{
  g_autofree char *folded = NULL;

  g_return_val_if_fail (PLUG_IS_PROVIDER (self), FALSE);

  if (name == NULL || !g_utf8_validate (name, -1, NULL))
    return FALSE;

  folded = fold_name (name);
  if (folded == NULL || *folded == '\0')
    return FALSE;

  if (folded_equal (self->name, folded))
    return TRUE;

  if (self->translated_names != NULL)
    {
      for (guint i = 1; i < self->translated_names->len; i += 2)
        {
          if (folded_equal (g_ptr_array_index (self->translated_names, i), folded))
            return TRUE;
        }
    }

  return FALSE;
}

/* --- search ------------------------------------------------------------ */

static gboolean
folded_contains (const char *name,
                 const char *folded_text)
{
  g_autofree char *normalized = NULL;
  g_autofree char *folded = NULL;

  if (name == NULL)
    return FALSE;

  normalized = g_utf8_normalize (name, -1, G_NORMALIZE_ALL);
  if (normalized == NULL)
    return FALSE;
  folded = g_utf8_casefold (normalized, -1);

  return strstr (folded, folded_text) != NULL;
}

/* @folded_text is normalized (G_NORMALIZE_ALL) and case-folded. */
gboolean
plug_provider_matches_folded_text (PlugProvider *self,
                                   const char   *folded_text)
{
  if (folded_contains (self->name, folded_text))
    return TRUE;

  if (self->translated_names != NULL)
    {
      for (guint i = 1; i < self->translated_names->len; i += 2)
        {
          if (folded_contains (g_ptr_array_index (self->translated_names, i), folded_text))
            return TRUE;
        }
    }

  return FALSE;
}

/* Whether @text is part of the provider's name, or of one of its
 * translated names, ignoring case. */
gboolean
plug_provider_matches_text (PlugProvider *self,
                            const char   *text)
{
  g_autofree char *normalized = NULL;
  g_autofree char *folded = NULL;

  g_return_val_if_fail (PLUG_IS_PROVIDER (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  normalized = g_utf8_normalize (text, -1, G_NORMALIZE_ALL);
  if (normalized == NULL)
    return FALSE;
  folded = g_utf8_casefold (normalized, -1);

  return plug_provider_matches_folded_text (self, folded);
}
