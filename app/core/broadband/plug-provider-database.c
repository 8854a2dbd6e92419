/* plug-provider-database.c: The mobile broadband provider database
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <string.h>

#include "plug-provider-database.h"
#include "plug-provider-private.h"

/*
 * serviceproviders.xml, from mobile-broadband-provider-info, lists the
 * mobile broadband providers of each country with the settings their plans
 * need. libnma's NMAMobileProvidersDatabase reads it too, but drops what
 * an APN is for (<usage>), which plans it serves (<plan>) and how to
 * authenticate, which the Add connection wizard needs to hide MMS-only
 * APNs and to tell prepaid from postpaid. So the core parses it itself,
 * with GMarkup, streaming the file in chunks.
 *
 * The parser is strict about structure and lenient about values: a file
 * that is not well-formed, that nests the elements it knows in a way the
 * format's DTD does not, or lacks a required attribute, is refused with
 * the line and column of the fault; elements it does not know (the
 * format grows: <voicemail>, <balance-check>…) are skipped with their
 * contents; a network id or SID that is not a number is left out, so
 * that one typo in a user's file does not hide every provider. Sizes are
 * capped so that a hostile file cannot exhaust memory.
 *
 * Where the file is: the test seam PLUG_PROVIDER_DATABASE names it
 * outright. Otherwise, as libnma looks: the user's own copy in
 * $XDG_DATA_HOME/mobile-broadband-provider-info/serviceproviders.xml, then
 * the same path in each of $XDG_DATA_DIRS, then where pkg-config said the
 * package installs it. A file that is missing is passed over; one that is
 * there but unreadable or broken is an error, naming the file, rather
 * than silently replaced by the next (libnma passes over it and the user
 * never learns why their changes do nothing).
 */

#define DATABASE_SUBPATH "mobile-broadband-provider-info", "serviceproviders.xml"
#define READ_CHUNK_SIZE  (64 * 1024)

struct _PlugProviderDatabase
{
  GObject     parent_instance;

  char       *path;
  GPtrArray  *providers;     /* PlugProvider, in the file's order */

  /* The indexes point into providers without holding references. */
  GHashTable *by_country;    /* lower-case code → GPtrArray of PlugProvider */
  GHashTable *by_mcc_mnc;    /* MCC-MNC with a three-digit MNC → GPtrArray */
};

G_DEFINE_FINAL_TYPE (PlugProviderDatabase, plug_provider_database, G_TYPE_OBJECT)

G_DEFINE_QUARK (plug-provider-database-error-quark, plug_provider_database_error)

static void
plug_provider_database_finalize (GObject *object)
{
  PlugProviderDatabase *self = PLUG_PROVIDER_DATABASE (object);

  g_free (self->path);
  g_clear_pointer (&self->by_country, g_hash_table_unref);
  g_clear_pointer (&self->by_mcc_mnc, g_hash_table_unref);
  g_clear_pointer (&self->providers, g_ptr_array_unref);

  G_OBJECT_CLASS (plug_provider_database_parent_class)->finalize (object);
}

static void
plug_provider_database_class_init (PlugProviderDatabaseClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = plug_provider_database_finalize;
}

static void
plug_provider_database_init (PlugProviderDatabase *self)
{
  self->providers = g_ptr_array_new_with_free_func (g_object_unref);
  self->by_country = g_hash_table_new_full (g_str_hash, g_str_equal,
                                            g_free, (GDestroyNotify) g_ptr_array_unref);
  self->by_mcc_mnc = g_hash_table_new_full (g_str_hash, g_str_equal,
                                            g_free, (GDestroyNotify) g_ptr_array_unref);
}

static void
index_provider (GHashTable   *index,
                const char   *key,
                PlugProvider *provider)
{
  GPtrArray *providers = g_hash_table_lookup (index, key);

  if (providers == NULL)
    {
      providers = g_ptr_array_new ();
      g_hash_table_insert (index, g_strdup (key), providers);
    }

  /* A provider that lists both spellings of one network (“01” and “001”)
   * is indexed once. */
  if (providers->len == 0 || g_ptr_array_index (providers, providers->len - 1) != provider)
    g_ptr_array_add (providers, provider);
}

static void
database_add_provider (PlugProviderDatabase *self,
                       PlugProvider         *provider,
                       GPtrArray            *country_providers)
{
  g_ptr_array_add (self->providers, g_object_ref (provider));
  g_ptr_array_add (country_providers, provider);

  if (provider->mcc_mnc == NULL)
    return;

  for (guint i = 0; i < provider->mcc_mnc->len; i++)
    {
      const char *mcc_mnc = g_ptr_array_index (provider->mcc_mnc, i);
      char normalized[7];

      if (mcc_mnc != NULL && plug_mcc_mnc_normalize (mcc_mnc, normalized))
        index_provider (self->by_mcc_mnc, normalized, provider);
    }
}

/* --- parser ------------------------------------------------------------ */

typedef enum {
  ELEMENT_NONE,
  ELEMENT_UNKNOWN,
  ELEMENT_SERVICEPROVIDERS,
  ELEMENT_COUNTRY,
  ELEMENT_PROVIDER,
  ELEMENT_GSM,
  ELEMENT_CDMA,
  ELEMENT_APN,
  ELEMENT_NETWORK_ID,
  ELEMENT_GID1,
  ELEMENT_SID,
  ELEMENT_PLAN,
  ELEMENT_USAGE,
  ELEMENT_AUTHENTICATION,
  ELEMENT_NAME,
  ELEMENT_USERNAME,
  ELEMENT_PASSWORD,
  ELEMENT_DNS,
  ELEMENT_GATEWAY,
} Element;

static const char * const element_names[] = {
  [ELEMENT_NONE] = NULL,
  [ELEMENT_UNKNOWN] = NULL,
  [ELEMENT_SERVICEPROVIDERS] = "serviceproviders",
  [ELEMENT_COUNTRY] = "country",
  [ELEMENT_PROVIDER] = "provider",
  [ELEMENT_GSM] = "gsm",
  [ELEMENT_CDMA] = "cdma",
  [ELEMENT_APN] = "apn",
  [ELEMENT_NETWORK_ID] = "network-id",
  [ELEMENT_GID1] = "gid1",
  [ELEMENT_SID] = "sid",
  [ELEMENT_PLAN] = "plan",
  [ELEMENT_USAGE] = "usage",
  [ELEMENT_AUTHENTICATION] = "authentication",
  [ELEMENT_NAME] = "name",
  [ELEMENT_USERNAME] = "username",
  [ELEMENT_PASSWORD] = "password",
  [ELEMENT_DNS] = "dns",
  [ELEMENT_GATEWAY] = "gateway",
};

/* The deepest the known elements nest: serviceproviders, country,
 * provider, gsm, apn, name. */
#define MAX_KNOWN_DEPTH 6

typedef struct
{
  GMarkupParseContext  *context;
  PlugProviderDatabase *database;

  Element               stack[MAX_KNOWN_DEPTH];
  guint                 depth;
  /* How deep the parser is inside an element it does not know; its
   * contents are skipped whatever they are. */
  guint                 unknown_depth;

  char                 *country_code;
  GPtrArray            *country_providers;  /* in database->by_country */
  PlugProvider         *provider;
  PlugProviderApn      *apn;
  char                 *name_language;
  GString              *text;
} Parser;

/* This runs for every element of the file: one comparison on the first
 * letter, where a loop over the table took a tenth of the parse. */
static Element
element_from_name (const char *name)
{
  Element candidate;

  switch (name[0])
    {
    case 'a':
      candidate = name[1] == 'p' ? ELEMENT_APN : ELEMENT_AUTHENTICATION;
      break;
    case 'c':
      candidate = name[1] == 'o' ? ELEMENT_COUNTRY : ELEMENT_CDMA;
      break;
    case 'd':
      candidate = ELEMENT_DNS;
      break;
    case 'g':
      if (name[1] == 's')
        candidate = ELEMENT_GSM;
      else if (name[1] == 'i')
        candidate = ELEMENT_GID1;
      else
        candidate = ELEMENT_GATEWAY;
      break;
    case 'n':
      candidate = name[1] == 'a' ? ELEMENT_NAME : ELEMENT_NETWORK_ID;
      break;
    case 'p':
      if (name[1] == 'r')
        candidate = ELEMENT_PROVIDER;
      else if (name[1] == 'l')
        candidate = ELEMENT_PLAN;
      else
        candidate = ELEMENT_PASSWORD;
      break;
    case 's':
      candidate = name[1] == 'i' ? ELEMENT_SID : ELEMENT_SERVICEPROVIDERS;
      break;
    case 'u':
      candidate = name[1] == 's' && name[2] == 'a' ? ELEMENT_USAGE : ELEMENT_USERNAME;
      break;
    default:
      return ELEMENT_UNKNOWN;
    }

  return strcmp (element_names[candidate], name) == 0 ? candidate : ELEMENT_UNKNOWN;
}

/* Which known element may appear in which, after the format's DTD
 * (serviceproviders.2.dtd). */
static gboolean
element_allowed_in (Element element,
                    Element parent)
{
  switch (parent)
    {
    case ELEMENT_NONE:
      return element == ELEMENT_SERVICEPROVIDERS;
    case ELEMENT_SERVICEPROVIDERS:
      return element == ELEMENT_COUNTRY;
    case ELEMENT_COUNTRY:
      return element == ELEMENT_NAME || element == ELEMENT_PROVIDER;
    case ELEMENT_PROVIDER:
      return element == ELEMENT_NAME || element == ELEMENT_GSM || element == ELEMENT_CDMA;
    case ELEMENT_GSM:
      return element == ELEMENT_NETWORK_ID || element == ELEMENT_GID1 || element == ELEMENT_APN;
    case ELEMENT_APN:
      return element == ELEMENT_PLAN || element == ELEMENT_USAGE || element == ELEMENT_NAME ||
             element == ELEMENT_GATEWAY || element == ELEMENT_USERNAME ||
             element == ELEMENT_PASSWORD || element == ELEMENT_AUTHENTICATION ||
             element == ELEMENT_DNS;
    case ELEMENT_CDMA:
      return element == ELEMENT_NAME || element == ELEMENT_USERNAME ||
             element == ELEMENT_PASSWORD || element == ELEMENT_DNS || element == ELEMENT_SID;
    case ELEMENT_UNKNOWN:
    case ELEMENT_NETWORK_ID:
    case ELEMENT_GID1:
    case ELEMENT_SID:
    case ELEMENT_PLAN:
    case ELEMENT_USAGE:
    case ELEMENT_AUTHENTICATION:
    case ELEMENT_NAME:
    case ELEMENT_USERNAME:
    case ELEMENT_PASSWORD:
    case ELEMENT_DNS:
    case ELEMENT_GATEWAY:
    default:
      return FALSE;
    }
}

static gboolean
element_has_text (Element element)
{
  return element == ELEMENT_NAME || element == ELEMENT_USERNAME ||
         element == ELEMENT_PASSWORD || element == ELEMENT_DNS || element == ELEMENT_GATEWAY;
}

static const char *
find_attribute (const char **attribute_names,
                const char **attribute_values,
                const char  *name)
{
  for (guint i = 0; attribute_names[i] != NULL; i++)
    {
      if (strcmp (attribute_names[i], name) == 0)
        return attribute_values[i];
    }

  return NULL;
}

static const char *
require_attribute (const char   *element_name,
                   const char  **attribute_names,
                   const char  **attribute_values,
                   const char   *name,
                   GError      **error)
{
  const char *value = find_attribute (attribute_names, attribute_values, name);

  if (value == NULL)
    g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_MISSING_ATTRIBUTE,
                 "<%s> needs a “%s” attribute", element_name, name);

  return value;
}

static gboolean
is_digits (const char *text,
           gsize       min_length,
           gsize       max_length)
{
  gsize length = strlen (text);

  if (length < min_length || length > max_length)
    return FALSE;

  for (gsize i = 0; i < length; i++)
    {
      if (!g_ascii_isdigit (text[i]))
        return FALSE;
    }

  return TRUE;
}

static void
add_network_id (Parser     *parser,
                const char *mcc,
                const char *mnc)
{
  PlugProvider *provider = parser->provider;
  char *mcc_mnc;

  if (!is_digits (mcc, 3, 3) || !is_digits (mnc, 2, 3))
    {
      g_debug ("Skipping the network id %s-%s of %s: not an MCC and an MNC",
               mcc, mnc, provider->name != NULL ? provider->name : "a provider");
      return;
    }

  mcc_mnc = g_strconcat (mcc, mnc, NULL);
  if (provider->mcc_mnc == NULL)
    provider->mcc_mnc = g_ptr_array_new_with_free_func (g_free);
  else if (g_ptr_array_find_with_equal_func (provider->mcc_mnc, mcc_mnc, g_str_equal, NULL))
    {
      g_free (mcc_mnc);
      return;
    }

  g_ptr_array_add (provider->mcc_mnc, mcc_mnc);
}

/* A GID1 (the group identifier a provider writes on its SIMs, which tells
 * an MVNO's SIM from its host's) is listed as the bytes a SIM's starts
 * with, in hexadecimal: <gid1 value="BA01"/>. Kept in upper case, as
 * plug_provider_match_gid1() compares. */
static void
add_gid1 (Parser     *parser,
          const char *value)
{
  PlugProvider *provider = parser->provider;
  char *gid1;

  if (!plug_gid1_is_valid (value))
    {
      g_debug ("Skipping the GID1 “%s” of %s: not bytes in hexadecimal",
               value, provider->name != NULL ? provider->name : "a provider");
      return;
    }

  gid1 = g_ascii_strup (value, -1);
  if (provider->gid1 == NULL)
    provider->gid1 = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (provider->gid1, gid1);
}

static void
add_sid (Parser     *parser,
         const char *value)
{
  PlugProvider *provider = parser->provider;
  guint64 sid;

  /* SIDs are 15-bit numbers; 0 means none. */
  if (!g_ascii_string_to_unsigned (value, 10, 1, G_MAXUINT32, &sid, NULL))
    {
      g_debug ("Skipping the SID “%s” of %s: not a number",
               value, provider->name != NULL ? provider->name : "a provider");
      return;
    }

  if (provider->cdma_sids == NULL)
    provider->cdma_sids = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_array_append_vals (provider->cdma_sids, &(guint32) { (guint32) sid }, 1);
}

/* The values the DTD lists are common to thousands of APNs: they point
 * to static strings, and only others are interned (under a lock). */
static const char *
intern_value (const char *value)
{
  static const char * const known_values[] = {
    "internet", "mms", "wap", "ia", "mms-internet-hipri", "mms-internet-hipri-fota",
    "chap", "pap",
  };

  for (guint i = 0; i < G_N_ELEMENTS (known_values); i++)
    {
      if (strcmp (known_values[i], value) == 0)
        return known_values[i];
    }

  return g_intern_string (value);
}

static gboolean
start_known_element (Parser       *parser,
                     Element       element,
                     const char   *element_name,
                     const char  **attribute_names,
                     const char  **attribute_values,
                     GError      **error)
{
  const char *value;
  const char *other;

  switch (element)
    {
    case ELEMENT_SERVICEPROVIDERS:
      value = require_attribute (element_name, attribute_names, attribute_values,
                                 "format", error);
      if (value == NULL)
        return FALSE;
      /* Minor versions only add elements, which are skipped. */
      if (!g_str_has_prefix (value, "2."))
        {
          g_set_error (error,
                       PLUG_PROVIDER_DATABASE_ERROR, PLUG_PROVIDER_DATABASE_ERROR_UNSUPPORTED_FORMAT,
                       "the database is in format “%s”, and only format 2 can be read", value);
          return FALSE;
        }
      return TRUE;

    case ELEMENT_COUNTRY:
      value = require_attribute (element_name, attribute_names, attribute_values,
                                 "code", error);
      if (value == NULL)
        return FALSE;
      if (strlen (value) != 2 || !g_ascii_isalpha (value[0]) || !g_ascii_isalpha (value[1]))
        {
          g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                       "the country code “%s” is not two letters", value);
          return FALSE;
        }
      g_free (parser->country_code);
      parser->country_code = g_ascii_strdown (value, -1);
      /* A country may come twice; its providers are listed together. */
      parser->country_providers = g_hash_table_lookup (parser->database->by_country,
                                                       parser->country_code);
      if (parser->country_providers == NULL)
        {
          parser->country_providers = g_ptr_array_new ();
          g_hash_table_insert (parser->database->by_country,
                               g_strdup (parser->country_code), parser->country_providers);
        }
      return TRUE;

    case ELEMENT_PROVIDER:
      parser->provider = plug_provider_new (parser->country_code);
      value = find_attribute (attribute_names, attribute_values, "primary");
      parser->provider->primary = g_strcmp0 (value, "true") == 0;
      return TRUE;

    case ELEMENT_GSM:
      parser->provider->has_gsm = TRUE;
      return TRUE;

    case ELEMENT_CDMA:
      parser->provider->has_cdma = TRUE;
      return TRUE;

    case ELEMENT_APN:
      value = require_attribute (element_name, attribute_names, attribute_values,
                                 "value", error);
      if (value == NULL)
        return FALSE;
      parser->apn = plug_provider_apn_new (NULL);
      parser->apn->apn = g_strstrip (g_strdup (value));
      return TRUE;

    case ELEMENT_NETWORK_ID:
      value = require_attribute (element_name, attribute_names, attribute_values,
                                 "mcc", error);
      if (value == NULL)
        return FALSE;
      other = require_attribute (element_name, attribute_names, attribute_values,
                                 "mnc", error);
      if (other == NULL)
        return FALSE;
      add_network_id (parser, value, other);
      return TRUE;

    case ELEMENT_GID1:
      value = require_attribute (element_name, attribute_names, attribute_values,
                                 "value", error);
      if (value == NULL)
        return FALSE;
      add_gid1 (parser, value);
      return TRUE;

    case ELEMENT_SID:
      value = require_attribute (element_name, attribute_names, attribute_values,
                                 "value", error);
      if (value == NULL)
        return FALSE;
      add_sid (parser, value);
      return TRUE;

    case ELEMENT_PLAN:
      value = require_attribute (element_name, attribute_names, attribute_values,
                                 "type", error);
      if (value == NULL)
        return FALSE;
      if (strcmp (value, "prepaid") == 0)
        parser->apn->plans |= PLUG_PROVIDER_PLAN_PREPAID;
      else if (strcmp (value, "postpaid") == 0)
        parser->apn->plans |= PLUG_PROVIDER_PLAN_POSTPAID;
      else
        g_debug ("Skipping the plan type “%s” of APN %s", value, parser->apn->apn);
      return TRUE;

    case ELEMENT_USAGE:
      value = require_attribute (element_name, attribute_names, attribute_values,
                                 "type", error);
      if (value == NULL)
        return FALSE;
      parser->apn->usage = intern_value (value);
      return TRUE;

    case ELEMENT_AUTHENTICATION:
      value = require_attribute (element_name, attribute_names, attribute_values,
                                 "method", error);
      if (value == NULL)
        return FALSE;
      parser->apn->authentication = intern_value (value);
      return TRUE;

    case ELEMENT_NAME:
      g_free (parser->name_language);
      parser->name_language = g_strdup (find_attribute (attribute_names, attribute_values,
                                                        "xml:lang"));
      g_string_truncate (parser->text, 0);
      return TRUE;

    case ELEMENT_USERNAME:
    case ELEMENT_PASSWORD:
    case ELEMENT_DNS:
    case ELEMENT_GATEWAY:
      g_string_truncate (parser->text, 0);
      return TRUE;

    case ELEMENT_NONE:
    case ELEMENT_UNKNOWN:
    default:
      g_assert_not_reached ();
    }
}

static void
parser_start_element (GMarkupParseContext  *context,
                      const char           *element_name,
                      const char          **attribute_names,
                      const char          **attribute_values,
                      gpointer              user_data,
                      GError              **error)
{
  Parser *parser = user_data;
  Element parent = parser->depth > 0 ? parser->stack[parser->depth - 1] : ELEMENT_NONE;
  Element element;

  if (parser->unknown_depth > 0)
    {
      parser->unknown_depth++;
      return;
    }

  for (guint i = 0; attribute_values[i] != NULL; i++)
    {
      if (strlen (attribute_values[i]) > PLUG_PROVIDER_DATABASE_MAX_ATTRIBUTE)
        {
          g_set_error (error,
                       PLUG_PROVIDER_DATABASE_ERROR, PLUG_PROVIDER_DATABASE_ERROR_TOO_LARGE,
                       "the attribute “%s” of <%s> is longer than %d bytes",
                       attribute_names[i], element_name, PLUG_PROVIDER_DATABASE_MAX_ATTRIBUTE);
          return;
        }
    }

  element = element_from_name (element_name);

  if (element == ELEMENT_UNKNOWN && parent != ELEMENT_NONE)
    {
      parser->unknown_depth = 1;
      return;
    }

  if (!element_allowed_in (element, parent))
    {
      if (parent == ELEMENT_NONE)
        g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_UNKNOWN_ELEMENT,
                     "the document starts with <%s>, not <serviceproviders>: "
                     "it is not a mobile broadband provider database", element_name);
      else
        g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                     "<%s> cannot be inside <%s>", element_name, element_names[parent]);
      return;
    }

  /* element_allowed_in() keeps the known elements within this depth. */
  g_assert (parser->depth < MAX_KNOWN_DEPTH);

  if (start_known_element (parser, element, element_name,
                           attribute_names, attribute_values, error))
    parser->stack[parser->depth++] = element;
}

/* The text of a text element, without surrounding white space; NULL
 * when that leaves nothing. */
static char *
take_text (Parser *parser)
{
  const char *start = parser->text->str;
  const char *end = start + parser->text->len;
  char *text = NULL;

  while (start < end && g_ascii_isspace (*start))
    start++;
  while (end > start && g_ascii_isspace (end[-1]))
    end--;
  if (end > start)
    text = g_strndup (start, (gsize) (end - start));

  g_string_truncate (parser->text, 0);

  return text;
}

static void
set_name (Parser     *parser,
          char      **name,
          GPtrArray **translated_names,
          char       *text)
{
  if (text == NULL)
    return;

  if (parser->name_language != NULL)
    plug_translated_names_add (translated_names, parser->name_language, text);
  else if (*name == NULL)
    *name = text;
  else
    g_free (text);  /* As libnma, the first untranslated name is the name. */
}

static void
replace_string (char **field,
                char  *text)
{
  g_free (*field);
  *field = text;
}

static void
append_string (GPtrArray **array,
               char       *text)
{
  if (text == NULL)
    return;

  if (*array == NULL)
    *array = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (*array, text);
}

static gboolean
end_provider (Parser  *parser,
              GError **error)
{
  g_autoptr(PlugProvider) provider = g_steal_pointer (&parser->provider);

  /* The DTD requires a name; a provider with only translated names is
   * known by the first of them. */
  if (provider->name == NULL && provider->translated_names != NULL)
    provider->name = g_strdup (g_ptr_array_index (provider->translated_names, 1));

  if (provider->name == NULL)
    {
      int line;
      int column;

      /* G_MARKUP_PREFIX_ERROR_POSITION covers the errors of start_element
       * only; this one says where in the same words. */
      g_markup_parse_context_get_position (parser->context, &line, &column);
      g_set_error (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT,
                   "Error on line %d char %d: a provider of country “%s” has no name",
                   line, column, provider->country_code);
      return FALSE;
    }

  plug_provider_seal (provider);
  database_add_provider (parser->database, provider, parser->country_providers);

  return TRUE;
}

static void
parser_end_element (GMarkupParseContext  *context,
                    const char           *element_name,
                    gpointer              user_data,
                    GError              **error)
{
  Parser *parser = user_data;
  Element parent;
  Element element;

  if (parser->unknown_depth > 0)
    {
      parser->unknown_depth--;
      return;
    }

  /* GMarkup checks that tags pair up, so this is the element started
   * last. */
  g_assert (parser->depth > 0);
  element = parser->stack[--parser->depth];
  parent = parser->depth > 0 ? parser->stack[parser->depth - 1] : ELEMENT_NONE;

  switch (element)
    {
    case ELEMENT_COUNTRY:
      g_clear_pointer (&parser->country_code, g_free);
      parser->country_providers = NULL;
      break;

    case ELEMENT_PROVIDER:
      end_provider (parser, error);
      break;

    case ELEMENT_APN:
      {
        g_autoptr(PlugProviderApn) apn = g_steal_pointer (&parser->apn);

        plug_provider_apn_seal (apn);
        if (parser->provider->apns == NULL)
          parser->provider->apns = g_ptr_array_new_with_free_func (g_object_unref);
        g_ptr_array_add (parser->provider->apns, g_steal_pointer (&apn));
      }
      break;

    case ELEMENT_NAME:
      if (parent == ELEMENT_PROVIDER)
        set_name (parser, &parser->provider->name, &parser->provider->translated_names,
                  take_text (parser));
      else if (parent == ELEMENT_APN)
        set_name (parser, &parser->apn->name, &parser->apn->translated_names,
                  take_text (parser));
      /* Country names come from iso-codes, translated; a CDMA block's
       * name is the provider's. */
      g_clear_pointer (&parser->name_language, g_free);
      break;

    case ELEMENT_USERNAME:
      if (parent == ELEMENT_APN)
        replace_string (&parser->apn->username, take_text (parser));
      else
        replace_string (&parser->provider->cdma_username, take_text (parser));
      break;

    case ELEMENT_PASSWORD:
      if (parent == ELEMENT_APN)
        replace_string (&parser->apn->password, take_text (parser));
      else
        replace_string (&parser->provider->cdma_password, take_text (parser));
      break;

    case ELEMENT_DNS:
      if (parent == ELEMENT_APN)
        append_string (&parser->apn->dns, take_text (parser));
      else
        append_string (&parser->provider->cdma_dns, take_text (parser));
      break;

    case ELEMENT_GATEWAY:
      replace_string (&parser->apn->gateway, take_text (parser));
      break;

    case ELEMENT_SERVICEPROVIDERS:
    case ELEMENT_GSM:
    case ELEMENT_CDMA:
    case ELEMENT_NETWORK_ID:
    case ELEMENT_GID1:
    case ELEMENT_SID:
    case ELEMENT_PLAN:
    case ELEMENT_USAGE:
    case ELEMENT_AUTHENTICATION:
      break;

    case ELEMENT_NONE:
    case ELEMENT_UNKNOWN:
    default:
      g_assert_not_reached ();
    }
}

static void
parser_text (GMarkupParseContext  *context,
             const char           *text,
             gsize                 text_length,
             gpointer              user_data,
             GError              **error)
{
  Parser *parser = user_data;

  if (parser->unknown_depth > 0 || parser->depth == 0 ||
      !element_has_text (parser->stack[parser->depth - 1]))
    return;

  if (parser->text->len + text_length > PLUG_PROVIDER_DATABASE_MAX_TEXT)
    {
      g_set_error (error,
                   PLUG_PROVIDER_DATABASE_ERROR, PLUG_PROVIDER_DATABASE_ERROR_TOO_LARGE,
                   "the text of <%s> is longer than %d bytes",
                   element_names[parser->stack[parser->depth - 1]],
                   PLUG_PROVIDER_DATABASE_MAX_TEXT);
      return;
    }

  g_string_append_len (parser->text, text, text_length);
}

static const GMarkupParser markup_parser = {
  .start_element = parser_start_element,
  .end_element = parser_end_element,
  .text = parser_text,
};

static void
parser_init (Parser *parser)
{
  memset (parser, 0, sizeof *parser);
  parser->database = g_object_new (PLUG_TYPE_PROVIDER_DATABASE, NULL);
  parser->text = g_string_sized_new (64);
  parser->context = g_markup_parse_context_new (&markup_parser,
                                                G_MARKUP_TREAT_CDATA_AS_TEXT |
                                                G_MARKUP_PREFIX_ERROR_POSITION,
                                                parser, NULL);
}

static void
parser_clear (Parser *parser)
{
  g_clear_pointer (&parser->context, g_markup_parse_context_free);
  g_clear_object (&parser->database);
  g_clear_pointer (&parser->country_code, g_free);
  g_clear_object (&parser->provider);
  g_clear_object (&parser->apn);
  g_clear_pointer (&parser->name_language, g_free);
  if (parser->text != NULL)
    g_string_free (g_steal_pointer (&parser->text), TRUE);
}

static gboolean
parser_feed (Parser      *parser,
             const char  *data,
             gsize        length,
             GError     **error)
{
  g_autoptr(GError) local_error = NULL;

  /* An empty chunk is nothing to parse; GMarkup refuses a NULL one. */
  if (length == 0)
    return TRUE;

  /* GLib 2.74 can return TRUE and set the error all the same (invalid
   * UTF-8 inside CDATA read as text): the error decides, not the return
   * value. Found by tests/fuzz/fuzz-provider-database. */
  if (!g_markup_parse_context_parse (parser->context, data, length, &local_error) ||
      local_error != NULL)
    {
      if (local_error == NULL)
        local_error = g_error_new_literal (G_MARKUP_ERROR, G_MARKUP_ERROR_PARSE,
                                           "the file cannot be parsed");
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  return TRUE;
}

static PlugProviderDatabase *
parser_finish (Parser  *parser,
               GError **error)
{
  g_autoptr(GError) local_error = NULL;

  /* As in parser_feed(): an error set with a TRUE return is an error. */
  if (!g_markup_parse_context_end_parse (parser->context, &local_error) ||
      local_error != NULL)
    {
      if (local_error == NULL)
        local_error = g_error_new_literal (G_MARKUP_ERROR, G_MARKUP_ERROR_PARSE,
                                           "the file cannot be parsed");
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }

  return g_steal_pointer (&parser->database);
}

static gboolean
check_size (gsize     size,
            GError  **error)
{
  if (size <= PLUG_PROVIDER_DATABASE_MAX_SIZE)
    return TRUE;

  g_set_error (error, PLUG_PROVIDER_DATABASE_ERROR, PLUG_PROVIDER_DATABASE_ERROR_TOO_LARGE,
               "The file is larger than %d MiB, and no provider database is",
               PLUG_PROVIDER_DATABASE_MAX_SIZE / (1024 * 1024));

  return FALSE;
}

/**
 * plug_provider_database_new_from_data:
 * @data: the contents of a serviceproviders.xml file
 * @length: the length of @data in bytes
 * @error: where to put an error
 *
 * Parses a provider database held in memory. It blocks; it is meant for
 * tests, the fuzzer and the benchmark.
 *
 * Returns: (transfer full): the database, or %NULL with @error set
 */
PlugProviderDatabase *
plug_provider_database_new_from_data (const char  *data,
                                      gsize        length,
                                      GError     **error)
{
  Parser parser;
  PlugProviderDatabase *database = NULL;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_size (length, error))
    return NULL;

  parser_init (&parser);
  if (parser_feed (&parser, data, length, error))
    database = parser_finish (&parser, error);
  parser_clear (&parser);

  return database;
}

static PlugProviderDatabase *
load_file (const char    *path,
           GCancellable  *cancellable,
           GError       **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInputStream) stream = NULL;
  g_autofree char *buffer = NULL;
  PlugProviderDatabase *database = NULL;
  gsize total = 0;
  Parser parser;

  stream = g_file_read (file, cancellable, error);
  if (stream == NULL)
    return NULL;

  buffer = g_malloc (READ_CHUNK_SIZE);
  parser_init (&parser);

  for (;;)
    {
      gssize n_read = g_input_stream_read (G_INPUT_STREAM (stream), buffer, READ_CHUNK_SIZE,
                                           cancellable, error);

      if (n_read < 0)
        break;

      if (n_read == 0)
        {
          database = parser_finish (&parser, error);
          break;
        }

      total += (gsize) n_read;
      if (!check_size (total, error) ||
          !parser_feed (&parser, buffer, (gsize) n_read, error))
        break;
    }

  parser_clear (&parser);

  if (database != NULL)
    database->path = g_strdup (path);

  return database;
}

/**
 * plug_provider_database_dup_search_path:
 *
 * Where plug_provider_database_load_sync() looks for the database when it
 * is given no path, in order.
 *
 * Returns: (transfer full): the paths
 */
char **
plug_provider_database_dup_search_path (void)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  const char *override = g_getenv ("PLUG_PROVIDER_DATABASE");
  const char * const *data_dirs = g_get_system_data_dirs ();

  /* A test seam: tests point the whole program at a fixture, missing or
   * broken. Users put their own copy in $XDG_DATA_HOME instead. */
  if (override != NULL && override[0] != '\0')
    {
      g_strv_builder_add (builder, override);
      return g_strv_builder_end (builder);
    }

  g_ptr_array_add (paths, g_build_filename (g_get_user_data_dir (), DATABASE_SUBPATH, NULL));
  for (guint i = 0; data_dirs[i] != NULL; i++)
    g_ptr_array_add (paths, g_build_filename (data_dirs[i], DATABASE_SUBPATH, NULL));
  g_ptr_array_add (paths, g_strdup (PROVIDER_DATABASE_PATH));

  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = g_ptr_array_index (paths, i);
      gboolean seen = FALSE;

      for (guint j = 0; j < i && !seen; j++)
        seen = g_str_equal (path, g_ptr_array_index (paths, j));
      if (!seen)
        g_strv_builder_add (builder, path);
    }

  return g_strv_builder_end (builder);
}

/**
 * plug_provider_database_load_sync:
 * @path: (nullable): the file to read, or %NULL to look where libnma does
 * @cancellable: (nullable): a #GCancellable
 * @error: where to put an error
 *
 * Reads and parses a provider database. It blocks: in the application,
 * use plug_provider_database_get_default_async().
 *
 * Returns: (transfer full): the database, or %NULL with @error set; the
 *   error is %G_IO_ERROR_NOT_FOUND when there is no database at all
 */
PlugProviderDatabase *
plug_provider_database_load_sync (const char    *path,
                                  GCancellable  *cancellable,
                                  GError       **error)
{
  g_auto(GStrv) search_path = NULL;

  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  search_path = path != NULL ? g_strdupv ((char *[]) { (char *) path, NULL })
                             : plug_provider_database_dup_search_path ();

  for (guint i = 0; search_path[i] != NULL; i++)
    {
      g_autoptr(GError) local_error = NULL;
      PlugProviderDatabase *database = load_file (search_path[i], cancellable, &local_error);

      if (database != NULL)
        return database;

      if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local_error),
                                      "%s: ", search_path[i]);
          return NULL;
        }
    }

  /* The last place is where the package puts it: naming every place
   * tried made the wizard's notice a paragraph of paths. */
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
               "%s does not exist", search_path[g_strv_length (search_path) - 1]);

  return NULL;
}

static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  const char *path = task_data;
  PlugProviderDatabase *database;
  GError *error = NULL;

  database = plug_provider_database_load_sync (path, cancellable, &error);
  if (database != NULL)
    g_task_return_pointer (task, database, g_object_unref);
  else
    g_task_return_error (task, error);
}

/**
 * plug_provider_database_load_async:
 * @path: (nullable): the file to read, or %NULL to look where libnma does
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the database is loaded
 * @user_data: data for @callback
 *
 * Reads and parses a provider database in a worker thread. Each call
 * loads a new one; the application shares one through
 * plug_provider_database_get_default_async().
 */
void
plug_provider_database_load_async (const char          *path,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_provider_database_load_async);
  g_task_set_task_data (task, g_strdup (path), g_free);
  g_task_run_in_thread (task, load_thread);
}

PlugProviderDatabase *
plug_provider_database_load_finish (GAsyncResult  *result,
                                    GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == plug_provider_database_load_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* --- the shared database ----------------------------------------------- */

/*
 * The database does not change while Plugboard runs, and the wizard opens
 * many times: it is loaded once and kept for the life of the process.
 * Whoever asks while it loads waits for that load. A failed load is not
 * kept, so that installing the package and trying again works.
 */
G_LOCK_DEFINE_STATIC (default_database);
static PlugProviderDatabase *default_database;
static GPtrArray *default_waiters;  /* GTask, while the load runs */

static void
default_loaded_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(PlugProviderDatabase) database = NULL;
  g_autoptr(GPtrArray) waiters = NULL;
  g_autoptr(GError) error = NULL;

  database = plug_provider_database_load_finish (result, &error);

  G_LOCK (default_database);
  waiters = g_steal_pointer (&default_waiters);
  if (database != NULL)
    default_database = g_object_ref (database);
  G_UNLOCK (default_database);

  for (guint i = 0; i < waiters->len; i++)
    {
      GTask *task = g_ptr_array_index (waiters, i);

      /* One caller giving up does not stop the load for the others; it
       * is told when the load ends, a few milliseconds later. */
      if (g_task_return_error_if_cancelled (task))
        continue;

      if (database != NULL)
        g_task_return_pointer (task, g_object_ref (database), g_object_unref);
      else
        g_task_return_error (task, g_error_copy (error));
    }
}

/**
 * plug_provider_database_get_default_async:
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when the database is loaded
 * @user_data: data for @callback
 *
 * Gets the database the process shares, loading it on first use: from
 * $PLUG_PROVIDER_DATABASE when set (a test seam), else from the user's
 * override in $XDG_DATA_HOME, else from the system.
 */
void
plug_provider_database_get_default_async (GCancellable        *cancellable,
                                          GAsyncReadyCallback  callback,
                                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  gboolean start_load = FALSE;

  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_provider_database_get_default_async);

  G_LOCK (default_database);
  if (default_database != NULL)
    {
      g_task_return_pointer (task, g_object_ref (default_database), g_object_unref);
    }
  else
    {
      start_load = default_waiters == NULL;
      if (start_load)
        default_waiters = g_ptr_array_new_with_free_func (g_object_unref);
      g_ptr_array_add (default_waiters, g_steal_pointer (&task));
    }
  G_UNLOCK (default_database);

  if (start_load)
    plug_provider_database_load_async (NULL, NULL, default_loaded_cb, NULL);
}

PlugProviderDatabase *
plug_provider_database_get_default_finish (GAsyncResult  *result,
                                           GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == plug_provider_database_get_default_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* --- queries ----------------------------------------------------------- */

/* The file the database was read from; NULL when it was parsed from
 * memory. */
const char *
plug_provider_database_get_path (PlugProviderDatabase *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER_DATABASE (self), NULL);

  return self->path;
}

/* Returns: (transfer none) (element-type PlugProvider): every provider,
 * in the file's order. */
GPtrArray *
plug_provider_database_get_providers (PlugProviderDatabase *self)
{
  g_return_val_if_fail (PLUG_IS_PROVIDER_DATABASE (self), NULL);

  return self->providers;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  return strcmp (*(const char **) a, *(const char **) b);
}

/* Returns: (transfer full): the codes of the countries with providers,
 * in lower case, sorted. */
char **
plug_provider_database_dup_country_codes (PlugProviderDatabase *self)
{
  g_autoptr(GPtrArray) codes = g_ptr_array_new ();
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  GHashTableIter iter;
  gpointer code;
  gpointer providers;

  g_return_val_if_fail (PLUG_IS_PROVIDER_DATABASE (self), NULL);

  /* A country may be listed without providers. */
  g_hash_table_iter_init (&iter, self->by_country);
  while (g_hash_table_iter_next (&iter, &code, &providers))
    {
      if (((GPtrArray *) providers)->len > 0)
        g_ptr_array_add (codes, code);
    }
  g_ptr_array_sort_with_data (codes, compare_strings, NULL);
  g_ptr_array_add (codes, NULL);
  g_strv_builder_addv (builder, (const char **) codes->pdata);

  return g_strv_builder_end (builder);
}

static GPtrArray *
new_result (void)
{
  return g_ptr_array_new_with_free_func (g_object_unref);
}

typedef struct
{
  const char *mcc_mnc;
} MatchOrder;

static int
compare_matches (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  PlugProvider *provider_a = *(PlugProvider **) a;
  PlugProvider *provider_b = *(PlugProvider **) b;
  const MatchOrder *order = user_data;
  PlugProviderMatch match_a = plug_provider_match_mcc_mnc (provider_a, order->mcc_mnc);
  PlugProviderMatch match_b = plug_provider_match_mcc_mnc (provider_b, order->mcc_mnc);

  if (match_a != match_b)
    return match_a > match_b ? -1 : 1;

  return (int) provider_b->primary - (int) provider_a->primary;
}

/**
 * plug_provider_database_query:
 * @self: a #PlugProviderDatabase
 * @country_code: (nullable): only providers of this country (ISO 3166
 *   alpha-2, any case)
 * @mcc_mnc: (nullable): only providers of this network, a 5 or 6 digit
 *   MCC-MNC
 * @text: (nullable): only providers whose name contains this, in any case
 *
 * Finds providers; each condition given narrows the result. With an
 * MCC-MNC, the best matches come first (see plug_provider_match_mcc_mnc()),
 * then the providers the database marks as primary; otherwise they are in
 * the file's order.
 *
 * Returns: (transfer container) (element-type PlugProvider): the providers
 */
GPtrArray *
plug_provider_database_query (PlugProviderDatabase *self,
                              const char           *country_code,
                              const char           *mcc_mnc,
                              const char           *text)
{
  g_autoptr(GPtrArray) result = new_result ();
  g_autofree char *country_key = NULL;
  g_autofree char *folded_text = NULL;
  GPtrArray *candidates;
  char normalized[7];

  g_return_val_if_fail (PLUG_IS_PROVIDER_DATABASE (self), NULL);

  if (text != NULL)
    {
      g_autofree char *normalized_text = g_utf8_normalize (text, -1, G_NORMALIZE_ALL);

      if (normalized_text == NULL)
        return g_steal_pointer (&result);
      folded_text = g_utf8_casefold (normalized_text, -1);
    }

  if (country_code != NULL)
    country_key = g_ascii_strdown (country_code, -1);

  if (mcc_mnc != NULL)
    {
      if (!plug_mcc_mnc_normalize (mcc_mnc, normalized))
        return g_steal_pointer (&result);
      candidates = g_hash_table_lookup (self->by_mcc_mnc, normalized);
    }
  else if (country_key != NULL)
    {
      candidates = g_hash_table_lookup (self->by_country, country_key);
    }
  else
    {
      candidates = self->providers;
    }

  if (candidates == NULL)
    return g_steal_pointer (&result);

  for (guint i = 0; i < candidates->len; i++)
    {
      PlugProvider *provider = g_ptr_array_index (candidates, i);

      if (country_key != NULL && !g_str_equal (provider->country_code, country_key))
        continue;
      if (folded_text != NULL && !plug_provider_matches_folded_text (provider, folded_text))
        continue;

      g_ptr_array_add (result, g_object_ref (provider));
    }

  if (mcc_mnc != NULL)
    {
      MatchOrder order = { mcc_mnc };

      /* g_ptr_array_sort_with_data() is stable: ties keep the file's
       * order. */
      g_ptr_array_sort_with_data (result, compare_matches, &order);
    }

  return g_steal_pointer (&result);
}

/* Returns: (transfer container) (element-type PlugProvider): the
 * providers of a country, in the file's order. */
GPtrArray *
plug_provider_database_lookup_country (PlugProviderDatabase *self,
                                       const char           *country_code)
{
  g_return_val_if_fail (country_code != NULL, NULL);

  return plug_provider_database_query (self, country_code, NULL, NULL);
}

/* Returns: (transfer container) (element-type PlugProvider): the
 * providers of a network, the best match first. */
GPtrArray *
plug_provider_database_lookup_mcc_mnc (PlugProviderDatabase *self,
                                       const char           *mcc_mnc)
{
  g_return_val_if_fail (mcc_mnc != NULL, NULL);

  return plug_provider_database_query (self, NULL, mcc_mnc, NULL);
}

/* Returns: (transfer container) (element-type PlugProvider): the
 * providers whose name contains @text, ignoring case. */
GPtrArray *
plug_provider_database_search (PlugProviderDatabase *self,
                               const char           *text)
{
  g_return_val_if_fail (text != NULL, NULL);

  return plug_provider_database_query (self, NULL, NULL, text);
}

/* --- the provider a modem suggests -------------------------------------- */

static PlugProvider *
find_by_gid1 (GPtrArray  *candidates,
              const char *gid1)
{
  PlugProvider *best = NULL;
  guint best_length = 0;

  for (guint i = 0; i < candidates->len; i++)
    {
      PlugProvider *provider = g_ptr_array_index (candidates, i);
      guint length = plug_provider_match_gid1 (provider, gid1);

      if (length > best_length)
        {
          best = provider;
          best_length = length;
        }
    }

  return best;
}

static PlugProvider *
find_by_name (GPtrArray  *candidates,
              const char *name)
{
  for (guint i = 0; i < candidates->len; i++)
    {
      PlugProvider *provider = g_ptr_array_index (candidates, i);

      if (plug_provider_has_name (provider, name))
        return provider;
    }

  return NULL;
}

static PlugProvider *
find_by_sid (GPtrArray *providers,
             guint      sid)
{
  PlugProvider *found = NULL;

  for (guint i = 0; i < providers->len; i++)
    {
      PlugProvider *provider = g_ptr_array_index (providers, i);
      guint n_sids;
      const guint32 *sids = plug_provider_get_cdma_sids (provider, &n_sids);

      for (guint j = 0; j < n_sids; j++)
        {
          /* Where two providers list a SID, the primary one. */
          if (sids[j] == sid && (found == NULL || (!found->primary && provider->primary)))
            found = provider;
        }
    }

  return found;
}

/**
 * plug_provider_database_suggest:
 * @self: a #PlugProviderDatabase
 * @mcc_mnc: (nullable): the SIM's MCC-MNC, from its IMSI
 * @spn: (nullable): the SIM's service provider name (ModemManager's
 *   Sim.OperatorName)
 * @gid1: (nullable): the SIM's GID1 in hexadecimal (ModemManager's
 *   Sim.Gid1)
 * @sid: the system id of the CDMA network the modem is registered on,
 *   0 when none
 * @hint: (out) (optional): what decided
 *
 * The provider the modem's SIM, or the CDMA network it is on, says the
 * user has, for the Add Connection wizard to preselect and plugboardctl
 * to name. Virtual providers (MVNOs) share their host's MCC-MNC, so among
 * the providers of the SIM's MCC-MNC the GID1 decides first, then the
 * service provider name; when neither does, the database's best match
 * for the MCC-MNC (the primary provider, the host). Without an MCC-MNC
 * that the database knows, a CDMA network's SID. Nothing is guessed
 * beyond that: no hint, no provider.
 *
 * Returns: (transfer full) (nullable): the provider, or %NULL
 */
PlugProvider *
plug_provider_database_suggest (PlugProviderDatabase *self,
                                const char           *mcc_mnc,
                                const char           *spn,
                                const char           *gid1,
                                guint                 sid,
                                PlugProviderHint     *hint)
{
  PlugProvider *found = NULL;
  PlugProviderHint found_by = PLUG_PROVIDER_HINT_NONE;

  g_return_val_if_fail (PLUG_IS_PROVIDER_DATABASE (self), NULL);

  if (plug_mcc_mnc_is_valid (mcc_mnc))
    {
      g_autoptr(GPtrArray) candidates = plug_provider_database_lookup_mcc_mnc (self, mcc_mnc);

      /* Never NULL for a valid code; said for the static analyzer, which
       * sees the lookup's g_return_val_if_fail. */
      if (candidates == NULL)
        candidates = g_ptr_array_new ();

      if (candidates->len > 0 && gid1 != NULL &&
          (found = find_by_gid1 (candidates, gid1)) != NULL)
        found_by = PLUG_PROVIDER_HINT_GID1;
      else if (candidates->len > 0 && spn != NULL &&
               (found = find_by_name (candidates, spn)) != NULL)
        found_by = PLUG_PROVIDER_HINT_SPN;
      else if (candidates->len > 0)
        {
          found = g_ptr_array_index (candidates, 0);
          found_by = PLUG_PROVIDER_HINT_MCC_MNC;
        }

      if (found != NULL)
        g_object_ref (found);
    }

  /* SIDs are 15 bits; ModemManager says 99999 for none. */
  if (found == NULL && sid > 0 && sid <= 32767 &&
      (found = find_by_sid (self->providers, sid)) != NULL)
    {
      g_object_ref (found);
      found_by = PLUG_PROVIDER_HINT_SID;
    }

  if (hint != NULL)
    *hint = found_by;

  return found;
}

/* The word plugboardctl's JSON says what decided with: “sid”, “mcc-mnc”,
 * “spn”, “gid1”; NULL for none. */
const char *
plug_provider_hint_get_id (PlugProviderHint hint)
{
  switch (hint)
    {
    case PLUG_PROVIDER_HINT_SID:
      return "sid";
    case PLUG_PROVIDER_HINT_MCC_MNC:
      return "mcc-mnc";
    case PLUG_PROVIDER_HINT_SPN:
      return "spn";
    case PLUG_PROVIDER_HINT_GID1:
      return "gid1";
    case PLUG_PROVIDER_HINT_NONE:
    default:
      return NULL;
    }
}
