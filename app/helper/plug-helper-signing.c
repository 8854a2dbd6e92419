/* plug-helper-signing.c: Whether the kernel would load a driver's module
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-helper"

#include "config.h"

#include <libkmod.h>

#include "plug-helper-config.h"
#include "plug-helper-signing.h"

/*
 * Under UEFI Secure Boot (Debian's kernel then locks itself down), under
 * a lockdown set any other way, or with module.sig_enforce, the kernel
 * loads only modules signed with a key it trusts. A driver chosen there
 * whose module is not signed (a DKMS build, typically nvidia, without an
 * enrolled key) would not load at the next start, and the GPU would have
 * no driver at all: a black screen. So the helper refuses the choice, and
 * says why, before it writes anything.
 *
 * Every path is ROOT plus a constant, as in plug-helper-config.c: under a
 * test root, the files that stand for the firmware's and the kernel's.
 * Whether the key that signed a module is one the kernel trusts (built
 * in, or enrolled with mokutil) is not checked: only that it is signed.
 */

#define SECURE_BOOT_VARIABLE "sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"
#define LOCKDOWN_FILE "sys/kernel/security/lockdown"
#define SIG_ENFORCE_FILE "sys/module/module/parameters/sig_enforce"

typedef struct kmod_ctx KmodContext;
typedef struct kmod_list KmodList;
typedef struct kmod_module KmodModule;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KmodContext, kmod_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KmodModule, kmod_module_unref)

/* The EFI variable is four bytes of attributes, then the value: 1 when
 * the firmware enforces Secure Boot. */
static gboolean
secure_boot_is_on (const char *root_directory)
{
  g_autofree char *path = g_build_filename (root_directory, SECURE_BOOT_VARIABLE, NULL);
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (!g_file_get_contents (path, &contents, &length, NULL))
    return FALSE;

  return length >= 5 && contents[4] == 1;
}

/* The lockdown the kernel is in ("integrity", "confidentiality"), from
 * "none [integrity] confidentiality", or %NULL for none. */
static char *
get_lockdown (const char *root_directory)
{
  g_autofree char *path = g_build_filename (root_directory, LOCKDOWN_FILE, NULL);
  g_autofree char *contents = NULL;
  const char *start;
  const char *end;

  if (!g_file_get_contents (path, &contents, NULL, NULL) ||
      (start = strchr (contents, '[')) == NULL ||
      (end = strchr (start, ']')) == NULL)
    return NULL;

  start++;
  if (end == start || strncmp (start, "none", end - start) == 0)
    return NULL;

  return g_strndup (start, end - start);
}

static gboolean
sig_enforce_is_on (const char *root_directory)
{
  g_autofree char *path = g_build_filename (root_directory, SIG_ENFORCE_FILE, NULL);
  g_autofree char *contents = NULL;

  return g_file_get_contents (path, &contents, NULL, NULL) && contents[0] == 'Y';
}

/**
 * plug_helper_signing_get_requirement:
 * @root_directory: the directory that stands for "/"
 *
 * Returns: (nullable): why the kernel loads only signed modules, as the
 *   end of a sentence ("Secure Boot is on"), or %NULL when it loads any
 */
char *
plug_helper_signing_get_requirement (const char *root_directory)
{
  g_autofree char *lockdown = get_lockdown (root_directory);

  if (secure_boot_is_on (root_directory))
    return g_strdup ("Secure Boot is on");
  if (lockdown != NULL)
    return g_strdup_printf ("the kernel is locked down (%s)", lockdown);
  if (sig_enforce_is_on (root_directory))
    return g_strdup ("the kernel enforces module signatures (module.sig_enforce)");

  return NULL;
}

/* The signer libkmod reads from the module's appended signature, into
 * *@signer and *@key (either may be empty: libkmod without OpenSSL reads
 * no PKCS#7); FALSE when the module has no signature. */
static gboolean
get_signature (KmodModule  *module,
               char       **signer,
               char       **key,
               GError     **error)
{
  struct kmod_list *info = NULL;
  struct kmod_list *item;
  gboolean is_signed = FALSE;
  int result;

  *signer = NULL;
  *key = NULL;

  result = kmod_module_get_info (module, &info);
  if (result < 0)
    {
      g_set_error (error, PLUG_HELPER_ERROR, PLUG_HELPER_ERROR_FAILED,
                   "Could not read the module %s: %s", kmod_module_get_path (module), g_strerror (-result));
      return FALSE;
    }

  kmod_list_foreach (item, info)
    {
      const char *name = kmod_module_info_get_key (item);
      const char *value = kmod_module_info_get_value (item);

      if (g_strcmp0 (name, "sig_id") == 0)
        is_signed = TRUE;
      else if (g_strcmp0 (name, "signer") == 0 && *signer == NULL)
        *signer = g_strdup (value != NULL ? value : "");
      else if (g_strcmp0 (name, "sig_key") == 0 && *key == NULL)
        *key = g_strdup (value != NULL ? value : "");
    }
  kmod_module_info_free_list (info);

  if (!is_signed)
    {
      g_clear_pointer (signer, g_free);
      g_clear_pointer (key, g_free);
    }

  return is_signed;
}

/* The part of plug_helper_signing_check_module() for a module file. Its
 * own function, with nothing before get_signature(): gcc 12's analyzer
 * takes the early returns above for paths where the autofree pointers are
 * freed before they are set. */
static gboolean
check_signature (KmodModule  *module,
                 const char  *driver,
                 const char  *requirement,
                 const char  *path,
                 GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *signer = NULL;
  g_autofree char *key = NULL;

  if (!get_signature (module, &signer, &key, &local_error))
    {
      if (local_error != NULL)
        g_set_error (error, PLUG_HELPER_ERROR, PLUG_HELPER_ERROR_NOT_LOADABLE,
                     "The driver %s would not load: %s, and its module's signature could not be read (%s)",
                     driver, requirement, local_error->message);
      else
        g_set_error (error, PLUG_HELPER_ERROR, PLUG_HELPER_ERROR_NOT_LOADABLE,
                     "The driver %s would not load: %s, and its module %s is not signed. "
                     "Sign it with a key enrolled in the firmware (mokutil), or turn Secure Boot off, first",
                     driver, requirement, path);
      return FALSE;
    }

  g_message ("%s: %s; the module %s is signed by “%s” (key %s)",
             driver, requirement, path, signer != NULL && *signer != '\0' ? signer : "an unnamed signer",
             key != NULL && *key != '\0' ? key : "not named");
  return TRUE;
}

/**
 * plug_helper_signing_check_module:
 * @root_directory: the directory that stands for "/"
 * @modules_directory: (nullable): the kernel's modules folder, or %NULL
 *   for the running kernel's
 * @driver: the module to be chosen, one the caller checked is installed
 * @error: return location for a PLUG_HELPER_ERROR_NOT_LOADABLE
 *
 * Returns: %FALSE when the kernel loads only signed modules and @driver's
 *   is not signed, or its signature cannot be read
 */
gboolean
plug_helper_signing_check_module (const char  *root_directory,
                                  const char  *modules_directory,
                                  const char  *driver,
                                  GError     **error)
{
  static const char * const no_configuration[] = { NULL };
  g_autofree char *requirement = plug_helper_signing_get_requirement (root_directory);
  g_autoptr(KmodContext) kmod = NULL;
  g_autoptr(KmodModule) module = NULL;
  const char *path;

  if (requirement == NULL)
    return TRUE;

  kmod = kmod_new (modules_directory, no_configuration);
  if (kmod == NULL || kmod_module_new_from_name (kmod, driver, &module) < 0)
    {
      g_set_error (error, PLUG_HELPER_ERROR, PLUG_HELPER_ERROR_NOT_LOADABLE,
                   "The driver %s would not load: %s, and its module could not be looked up",
                   driver, requirement);
      return FALSE;
    }

  /* Built into the kernel: signed with it, if at all. */
  path = kmod_module_get_path (module);
  if (path == NULL)
    return TRUE;

  return check_signature (module, driver, requirement, path, error);
}
