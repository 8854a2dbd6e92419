/* plug-driver-switch.c: Choosing a GPU's kernel driver through plugboard-helper
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-core"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "plug-gpu-driver-rules.h"
#include "plug-driver-switch.h"
#include "plug-helper-proxy.h"

/*
 * The client of plugboard-helper (app/helper), through the proxy that
 * gdbus-codegen makes from the helper's interface XML. The helper is
 * D-Bus-activated and checks polkit on every call, so a call can wait for
 * an authentication dialog and then for the initramfs to be regenerated:
 * calls have no timeout, only the caller's GCancellable.
 *
 * The helper's errors are plain English for logs; each is mapped here to
 * a PlugDriverSwitchError with a translated sentence that says what to
 * do, keeping the helper's words where they say which check failed.
 */

#define HELPER_BUS_NAME "io.github.plugboard.Helper"
#define HELPER_OBJECT_PATH "/io/github/plugboard/Helper"
#define HELPER_ERROR_PREFIX "io.github.plugboard.Helper.Error."

struct _PlugDriverSwitch
{
  GObject          parent_instance;

  GDBusConnection *system_bus;
};

G_DEFINE_TYPE (PlugDriverSwitch, plug_driver_switch, G_TYPE_OBJECT)

G_DEFINE_QUARK (plug-driver-switch-error-quark, plug_driver_switch_error)

typedef enum {
  OPERATION_GET_CHOICES,
  OPERATION_SET_DRIVER,
  OPERATION_REVERT,
  OPERATION_SET_KEEP,
} OperationKind;

typedef struct
{
  OperationKind  kind;
  char          *pci_slot;
  char          *driver;
  gboolean       keep;
  /* GetDriverChoices' answer, while KeptChoices is read. */
  GPtrArray     *choices;
} Operation;

static void
operation_free (Operation *operation)
{
  g_free (operation->pci_slot);
  g_free (operation->driver);
  g_clear_pointer (&operation->choices, g_ptr_array_unref);
  g_free (operation);
}

void
plug_driver_choice_free (PlugDriverChoice *choice)
{
  if (choice == NULL)
    return;

  g_free (choice->pci_slot);
  g_free (choice->name);
  g_free (choice->driver);
  g_strfreev (choice->alternatives);
  g_free (choice->chosen);
  g_free (choice);
}

static void
plug_driver_switch_finalize (GObject *object)
{
  PlugDriverSwitch *self = PLUG_DRIVER_SWITCH (object);

  g_clear_object (&self->system_bus);

  G_OBJECT_CLASS (plug_driver_switch_parent_class)->finalize (object);
}

static void
plug_driver_switch_class_init (PlugDriverSwitchClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = plug_driver_switch_finalize;
}

static void
plug_driver_switch_init (PlugDriverSwitch *self)
{
}

/**
 * plug_driver_switch_new:
 * @system_bus: the system bus connection
 *
 * Returns: (transfer full): a client of plugboard-helper on @system_bus
 */
PlugDriverSwitch *
plug_driver_switch_new (GDBusConnection *system_bus)
{
  PlugDriverSwitch *self;

  g_return_val_if_fail (G_IS_DBUS_CONNECTION (system_bus), NULL);

  self = g_object_new (PLUG_TYPE_DRIVER_SWITCH, NULL);
  self->system_bus = g_object_ref (system_bus);

  return self;
}

/* --- errors ----------------------------------------------------------- */

/* Takes @error, from a call to the helper, and returns it as a
 * PlugDriverSwitchError (or as it is when the call was cancelled). */
static GError *
map_error (GError *error)
{
  g_autofree char *remote_name = g_dbus_error_get_remote_error (error);
  g_autoptr(GError) helper_error = error;
  GError *mapped;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return g_steal_pointer (&helper_error);

  g_dbus_error_strip_remote_error (error);

  if (g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_SERVICE_UNKNOWN) ||
      g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_NAME_HAS_NO_OWNER) ||
      g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_SPAWN_SERVICE_NOT_FOUND) ||
      g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_OBJECT))
    mapped = g_error_new_literal (PLUG_DRIVER_SWITCH_ERROR, PLUG_DRIVER_SWITCH_ERROR_NOT_INSTALLED,
                                  _("Choosing the driver needs plugboard-helper, which is not installed "
                                    "on this system. Install Plugboard from your distribution’s packages "
                                    "(the package that contains plugboard-helper), then try again."));
  else if (g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_ACCESS_DENIED) ||
           g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_AUTH_FAILED))
    mapped = g_error_new_literal (PLUG_DRIVER_SWITCH_ERROR, PLUG_DRIVER_SWITCH_ERROR_NOT_AUTHORIZED,
                                  _("Not authorized to change the GPU driver. An administrator must "
                                    "allow it; nothing was changed."));
  else if (g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_INVALID_ARGS))
    /* Translators: %s is plugboard-helper's reason, in English, such as
     * “The driver fglrx is not installed” */
    mapped = g_error_new (PLUG_DRIVER_SWITCH_ERROR, PLUG_DRIVER_SWITCH_ERROR_INVALID_CHOICE,
                          _("This driver cannot be chosen: %s"), error->message);
  else if (g_strcmp0 (remote_name, HELPER_ERROR_PREFIX "InitramfsNotRegenerated") == 0)
    /* Translators: %s is plugboard-helper's message, in English */
    mapped = g_error_new (PLUG_DRIVER_SWITCH_ERROR, PLUG_DRIVER_SWITCH_ERROR_INITRAMFS_NOT_REGENERATED,
                          _("The choice is saved, but the initramfs could not be regenerated, so the "
                            "next start may still use the old driver: %s"), error->message);
  else if (g_strcmp0 (remote_name, HELPER_ERROR_PREFIX "NothingToRevert") == 0)
    mapped = g_error_new_literal (PLUG_DRIVER_SWITCH_ERROR, PLUG_DRIVER_SWITCH_ERROR_NOTHING_TO_REVERT,
                                  _("No driver was chosen for this GPU, so there is nothing to undo."));
  else if (g_strcmp0 (remote_name, HELPER_ERROR_PREFIX "NotLoadable") == 0)
    /* Translators: %s is plugboard-helper's reason, in English, such as
     * “The driver nvidia would not load: Secure Boot is on, and its
     * module … is not signed” */
    mapped = g_error_new (PLUG_DRIVER_SWITCH_ERROR, PLUG_DRIVER_SWITCH_ERROR_NOT_LOADABLE,
                          _("The kernel would not load this driver, so the screen would stay black "
                            "at the next start; nothing was changed. %s"), error->message);
  else if (g_strcmp0 (remote_name, HELPER_ERROR_PREFIX "Failed") == 0)
    /* Translators: %s is plugboard-helper's message, in English */
    mapped = g_error_new (PLUG_DRIVER_SWITCH_ERROR, PLUG_DRIVER_SWITCH_ERROR_FAILED,
                          _("Nothing was changed: %s"), error->message);
  else
    /* Translators: %s is the error from the system bus */
    mapped = g_error_new (PLUG_DRIVER_SWITCH_ERROR, PLUG_DRIVER_SWITCH_ERROR_FAILED,
                          _("Could not talk to plugboard-helper: %s"), error->message);

  return mapped;
}

/* --- Version ---------------------------------------------------------- */

static void
get_version_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) value = NULL;
  GError *error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);
  if (reply == NULL)
    {
      g_task_return_error (task, map_error (error));
      return;
    }

  g_variant_get (reply, "(v)", &value);
  if (!g_variant_is_of_type (value, G_VARIANT_TYPE_STRING))
    {
      g_task_return_new_error (task, PLUG_DRIVER_SWITCH_ERROR, PLUG_DRIVER_SWITCH_ERROR_FAILED,
                               _("plugboard-helper answered with a version that is not a string"));
      return;
    }

  g_task_return_pointer (task, g_variant_dup_string (value, NULL), g_free);
}

/**
 * plug_driver_switch_get_version_async:
 *
 * Reads the helper's Version property, which needs no authorization and
 * starts the helper if it is installed: this is how the panel finds out
 * whether drivers can be chosen at all.
 */
void
plug_driver_switch_get_version_async (PlugDriverSwitch    *self,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (PLUG_IS_DRIVER_SWITCH (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_driver_switch_get_version_async);

  g_dbus_connection_call (self->system_bus, HELPER_BUS_NAME, HELPER_OBJECT_PATH,
                          "org.freedesktop.DBus.Properties", "Get",
                          g_variant_new ("(ss)", HELPER_BUS_NAME, "Version"),
                          G_VARIANT_TYPE ("(v)"), G_DBUS_CALL_FLAGS_NONE, -1,
                          cancellable, get_version_cb, g_steal_pointer (&task));
}

/**
 * plug_driver_switch_get_version_finish:
 *
 * Returns: (transfer full): the helper's version, or %NULL with
 *   %PLUG_DRIVER_SWITCH_ERROR_NOT_INSTALLED when there is no helper
 */
char *
plug_driver_switch_get_version_finish (PlugDriverSwitch  *self,
                                       GAsyncResult      *result,
                                       GError           **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* --- InitramfsProblem and BootCheck ----------------------------------- */

static void
get_string_property_cb (GObject      *object,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) value = NULL;
  GError *error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);
  if (reply == NULL)
    {
      g_task_return_error (task, map_error (error));
      return;
    }

  g_variant_get (reply, "(v)", &value);
  if (!g_variant_is_of_type (value, G_VARIANT_TYPE_STRING))
    {
      g_task_return_new_error (task, PLUG_DRIVER_SWITCH_ERROR, PLUG_DRIVER_SWITCH_ERROR_FAILED,
                               _("plugboard-helper answered with a state that is not a string"));
      return;
    }

  g_task_return_pointer (task,
                         *g_variant_get_string (value, NULL) != '\0' ? g_variant_dup_string (value, NULL) : NULL,
                         g_free);
}

static void
get_string_property (PlugDriverSwitch    *self,
                     const char          *name,
                     gpointer             source_tag,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (PLUG_IS_DRIVER_SWITCH (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, source_tag);

  g_dbus_connection_call (self->system_bus, HELPER_BUS_NAME, HELPER_OBJECT_PATH,
                          "org.freedesktop.DBus.Properties", "Get",
                          g_variant_new ("(ss)", HELPER_BUS_NAME, name),
                          G_VARIANT_TYPE ("(v)"), G_DBUS_CALL_FLAGS_NONE, -1,
                          cancellable, get_string_property_cb, g_steal_pointer (&task));
}

/**
 * plug_driver_switch_get_initramfs_problem_async:
 *
 * Reads the helper's InitramfsProblem property, which needs no
 * authorization: why the last regeneration of the initramfs failed, while
 * none has succeeded since (the choice then does not take effect at the
 * next start).
 */
void
plug_driver_switch_get_initramfs_problem_async (PlugDriverSwitch    *self,
                                                GCancellable        *cancellable,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data)
{
  get_string_property (self, "InitramfsProblem", plug_driver_switch_get_initramfs_problem_async,
                       cancellable, callback, user_data);
}

/**
 * plug_driver_switch_get_boot_check_async:
 *
 * Reads the helper's BootCheck property, which needs no authorization:
 * what the next-boot check reverted, one sentence (in English) a line.
 */
void
plug_driver_switch_get_boot_check_async (PlugDriverSwitch    *self,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data)
{
  get_string_property (self, "BootCheck", plug_driver_switch_get_boot_check_async,
                       cancellable, callback, user_data);
}

/**
 * plug_driver_switch_get_initramfs_problem_finish:
 *
 * Returns: (transfer full) (nullable): the helper's details of the failed
 *   regeneration, in English, or %NULL, without @error set, when there is
 *   none; %NULL with @error set when the helper could not be asked
 */
char *
plug_driver_switch_get_initramfs_problem_finish (PlugDriverSwitch  *self,
                                                 GAsyncResult      *result,
                                                 GError           **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) ==
                        plug_driver_switch_get_initramfs_problem_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * plug_driver_switch_get_boot_check_finish:
 *
 * Returns: (transfer full) (nullable): what the next-boot check reverted,
 *   one sentence (in English) a line, or %NULL, without @error set, when
 *   it reverted nothing; %NULL with @error set when the helper could not
 *   be asked
 */
char *
plug_driver_switch_get_boot_check_finish (PlugDriverSwitch  *self,
                                          GAsyncResult      *result,
                                          GError           **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) ==
                        plug_driver_switch_get_boot_check_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * plug_driver_switch_dup_boot_check_for:
 * @boot_check: (nullable): the BootCheck property's text
 * @pci_slot: a GPU's PCI slot, such as “0000:03:00.0”
 *
 * The lines of the next-boot check about one GPU: each names it as “the
 * GPU at SLOT”.
 *
 * Returns: (transfer full) (nullable): those lines, or %NULL when none is
 *   about this GPU
 */
char *
plug_driver_switch_dup_boot_check_for (const char *boot_check,
                                       const char *pci_slot)
{
  g_auto(GStrv) lines = NULL;
  g_autoptr(GString) found = NULL;
  g_autofree char *needle = NULL;

  g_return_val_if_fail (pci_slot != NULL, NULL);

  if (boot_check == NULL)
    return NULL;

  needle = g_strdup_printf ("the GPU at %s", pci_slot);
  lines = g_strsplit (boot_check, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *at = strstr (lines[i], needle);

      /* "0000:03:00.0" is not "0000:03:00.1". */
      if (at == NULL || g_ascii_isxdigit (at[strlen (needle)]))
        continue;
      if (found == NULL)
        found = g_string_new (lines[i]);
      else
        g_string_append_printf (found, "\n%s", lines[i]);
    }

  return found != NULL ? g_string_free (g_steal_pointer (&found), FALSE) : NULL;
}

/* --- the methods ------------------------------------------------------ */

static GPtrArray *
parse_choices (GVariant *gpus)
{
  g_autoptr(GPtrArray) choices = g_ptr_array_new_with_free_func ((GDestroyNotify) plug_driver_choice_free);
  GVariantIter iter;
  const char *pci_slot, *name, *driver, *chosen;
  char **alternatives;

  g_variant_iter_init (&iter, gpus);
  while (g_variant_iter_next (&iter, "(&s&s&s^as&s)", &pci_slot, &name, &driver, &alternatives, &chosen))
    {
      PlugDriverChoice *choice = g_new0 (PlugDriverChoice, 1);

      choice->pci_slot = g_strdup (pci_slot);
      choice->name = g_strdup (name);
      choice->driver = *driver != '\0' ? g_strdup (driver) : NULL;
      choice->alternatives = alternatives;
      choice->chosen = *chosen != '\0' ? g_strdup (chosen) : NULL;
      choice->gone = *name == '\0' && *driver == '\0' && (alternatives == NULL || alternatives[0] == NULL);
      g_ptr_array_add (choices, choice);
    }

  return g_steal_pointer (&choices);
}

static void
kept_choices_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Operation *operation = g_task_get_task_data (task);
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) value = NULL;
  g_autoptr(GError) error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (object), result, &error);
  if (reply == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* A helper from before the setting has no such property: nothing is
   * kept there. */
  if (reply != NULL)
    g_variant_get (reply, "(v)", &value);
  if (value != NULL && g_variant_is_of_type (value, G_VARIANT_TYPE_STRING_ARRAY))
    {
      g_autofree const char **kept = g_variant_get_strv (value, NULL);

      for (guint i = 0; i < operation->choices->len; i++)
        {
          PlugDriverChoice *choice = g_ptr_array_index (operation->choices, i);

          choice->keep_if_it_fails = choice->chosen != NULL &&
                                     g_strv_contains (kept, choice->pci_slot);
        }
    }
  else if (error != NULL)
    {
      g_debug ("plugboard-helper says nothing of kept choices: %s", error->message);
    }

  g_task_return_pointer (task, g_steal_pointer (&operation->choices), (GDestroyNotify) g_ptr_array_unref);
}

static void
method_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Operation *operation = g_task_get_task_data (task);
  PlugClientHelper *proxy = PLUG_CLIENT_HELPER (object);
  g_autoptr(GVariant) gpus = NULL;
  GError *error = NULL;
  gboolean done = FALSE;

  switch (operation->kind)
    {
    case OPERATION_GET_CHOICES:
      done = plug_client_helper_call_get_driver_choices_finish (proxy, &gpus, result, &error);
      break;
    case OPERATION_SET_DRIVER:
      done = plug_client_helper_call_set_gpu_driver_finish (proxy, result, &error);
      break;
    case OPERATION_REVERT:
      done = plug_client_helper_call_revert_gpu_driver_finish (proxy, result, &error);
      break;
    case OPERATION_SET_KEEP:
      done = plug_client_helper_call_set_keep_choice_finish (proxy, result, &error);
      break;
    default:
      g_assert_not_reached ();
    }

  if (!done)
    {
      g_task_return_error (task, map_error (error));
    }
  else if (operation->kind == OPERATION_GET_CHOICES)
    {
      GCancellable *cancellable = g_task_get_cancellable (task);

      /* Then which choices are kept when their driver does not start. */
      operation->choices = parse_choices (gpus);
      g_dbus_connection_call (g_dbus_proxy_get_connection (G_DBUS_PROXY (proxy)),
                              HELPER_BUS_NAME, HELPER_OBJECT_PATH,
                              "org.freedesktop.DBus.Properties", "Get",
                              g_variant_new ("(ss)", HELPER_BUS_NAME, "KeptChoices"),
                              G_VARIANT_TYPE ("(v)"), G_DBUS_CALL_FLAGS_NONE, -1,
                              cancellable, kept_choices_cb, g_steal_pointer (&task));
    }
  else
    {
      g_task_return_boolean (task, TRUE);
    }
}

static void
proxy_ready_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Operation *operation = g_task_get_task_data (task);
  GCancellable *cancellable = g_task_get_cancellable (task);
  g_autoptr(PlugClientHelper) proxy = NULL;
  GError *error = NULL;

  proxy = plug_client_helper_proxy_new_finish (result, &error);
  if (proxy == NULL)
    {
      g_task_return_error (task, map_error (error));
      return;
    }

  /* polkit may show an authentication dialog and the initramfs may take
   * minutes to regenerate: only the caller decides when to give up. */
  g_dbus_proxy_set_default_timeout (G_DBUS_PROXY (proxy), G_MAXINT);

  switch (operation->kind)
    {
    case OPERATION_GET_CHOICES:
      plug_client_helper_call_get_driver_choices (proxy, cancellable, method_done_cb, g_steal_pointer (&task));
      break;
    case OPERATION_SET_DRIVER:
      plug_client_helper_call_set_gpu_driver (proxy, operation->pci_slot, operation->driver,
                                              cancellable, method_done_cb, g_steal_pointer (&task));
      break;
    case OPERATION_REVERT:
      plug_client_helper_call_revert_gpu_driver (proxy, operation->pci_slot,
                                                 cancellable, method_done_cb, g_steal_pointer (&task));
      break;
    case OPERATION_SET_KEEP:
      plug_client_helper_call_set_keep_choice (proxy, operation->pci_slot, operation->keep,
                                               cancellable, method_done_cb, g_steal_pointer (&task));
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
start_operation (PlugDriverSwitch *self,
                 GTask            *task)
{
  /* No properties or signals are used, and the helper is started by the
   * first call, not by the proxy. */
  plug_client_helper_proxy_new (self->system_bus,
                                G_DBUS_PROXY_FLAGS_DO_NOT_LOAD_PROPERTIES |
                                G_DBUS_PROXY_FLAGS_DO_NOT_CONNECT_SIGNALS |
                                G_DBUS_PROXY_FLAGS_DO_NOT_AUTO_START_AT_CONSTRUCTION,
                                HELPER_BUS_NAME, HELPER_OBJECT_PATH,
                                g_task_get_cancellable (task), proxy_ready_cb, g_object_ref (task));
}

void
plug_driver_switch_get_choices_async (PlugDriverSwitch    *self,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Operation *operation;

  g_return_if_fail (PLUG_IS_DRIVER_SWITCH (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_driver_switch_get_choices_async);
  operation = g_new0 (Operation, 1);
  operation->kind = OPERATION_GET_CHOICES;
  g_task_set_task_data (task, operation, (GDestroyNotify) operation_free);

  start_operation (self, task);
}

/**
 * plug_driver_switch_get_choices_finish:
 *
 * Returns: (transfer full) (element-type PlugDriverChoice): the GPUs as
 *   the helper sees them
 */
GPtrArray *
plug_driver_switch_get_choices_finish (PlugDriverSwitch  *self,
                                       GAsyncResult      *result,
                                       GError           **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * plug_driver_switch_set_driver_async:
 * @pci_slot: the GPU's PCI slot
 * @driver: the driver the kernel is to use for it from the next start on
 *
 * Checks the form of both first, and fails with
 * %PLUG_DRIVER_SWITCH_ERROR_INVALID_CHOICE before calling the helper.
 */
void
plug_driver_switch_set_driver_async (PlugDriverSwitch    *self,
                                     const char          *pci_slot,
                                     const char          *driver,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  Operation *operation;

  g_return_if_fail (PLUG_IS_DRIVER_SWITCH (self));
  g_return_if_fail (pci_slot != NULL);
  g_return_if_fail (driver != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_driver_switch_set_driver_async);

  if (!plug_gpu_driver_rules_check_pci_slot (pci_slot, &error) ||
      !plug_gpu_driver_rules_check_driver (driver, &error))
    {
      g_task_return_new_error (task, PLUG_DRIVER_SWITCH_ERROR, PLUG_DRIVER_SWITCH_ERROR_INVALID_CHOICE,
                               "%s", error->message);
      return;
    }

  operation = g_new0 (Operation, 1);
  operation->kind = OPERATION_SET_DRIVER;
  operation->pci_slot = g_strdup (pci_slot);
  operation->driver = g_strdup (driver);
  g_task_set_task_data (task, operation, (GDestroyNotify) operation_free);

  start_operation (self, task);
}

gboolean
plug_driver_switch_set_driver_finish (PlugDriverSwitch  *self,
                                      GAsyncResult      *result,
                                      GError           **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * plug_driver_switch_revert_async:
 * @pci_slot: the GPU's PCI slot
 *
 * Forgets the driver chosen for the GPU; when no choice is left, the
 * helper puts its file back as it was before the first one.
 */
void
plug_driver_switch_revert_async (PlugDriverSwitch    *self,
                                 const char          *pci_slot,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  Operation *operation;

  g_return_if_fail (PLUG_IS_DRIVER_SWITCH (self));
  g_return_if_fail (pci_slot != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_driver_switch_revert_async);

  if (!plug_gpu_driver_rules_check_pci_slot (pci_slot, &error))
    {
      g_task_return_new_error (task, PLUG_DRIVER_SWITCH_ERROR, PLUG_DRIVER_SWITCH_ERROR_INVALID_CHOICE,
                               "%s", error->message);
      return;
    }

  operation = g_new0 (Operation, 1);
  operation->kind = OPERATION_REVERT;
  operation->pci_slot = g_strdup (pci_slot);
  g_task_set_task_data (task, operation, (GDestroyNotify) operation_free);

  start_operation (self, task);
}

gboolean
plug_driver_switch_revert_finish (PlugDriverSwitch  *self,
                                  GAsyncResult      *result,
                                  GError           **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * plug_driver_switch_set_keep_async:
 * @pci_slot: a GPU the helper chose a driver for
 * @keep: %TRUE to keep the choice at the next start even when its driver
 *   does not start; %FALSE to go back then (every new choice's setting)
 *
 * Fails with %PLUG_DRIVER_SWITCH_ERROR_NOTHING_TO_REVERT when no driver
 * is chosen for the GPU.
 */
void
plug_driver_switch_set_keep_async (PlugDriverSwitch    *self,
                                   const char          *pci_slot,
                                   gboolean             keep,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  Operation *operation;

  g_return_if_fail (PLUG_IS_DRIVER_SWITCH (self));
  g_return_if_fail (pci_slot != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, plug_driver_switch_set_keep_async);

  if (!plug_gpu_driver_rules_check_pci_slot (pci_slot, &error))
    {
      g_task_return_new_error (task, PLUG_DRIVER_SWITCH_ERROR, PLUG_DRIVER_SWITCH_ERROR_INVALID_CHOICE,
                               "%s", error->message);
      return;
    }

  operation = g_new0 (Operation, 1);
  operation->kind = OPERATION_SET_KEEP;
  operation->pci_slot = g_strdup (pci_slot);
  operation->keep = keep;
  g_task_set_task_data (task, operation, (GDestroyNotify) operation_free);

  start_operation (self, task);
}

gboolean
plug_driver_switch_set_keep_finish (PlugDriverSwitch  *self,
                                    GAsyncResult      *result,
                                    GError           **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
