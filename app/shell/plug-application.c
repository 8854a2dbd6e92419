/* plug-application.c: The Plugboard application
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-application.h"
#include "plug-panel-registry.h"
#include "plug-search-provider.h"
#include "plug-window.h"

struct _PlugApplication
{
  AdwApplication  parent_instance;

  /* Owned */
  GSettings      *settings;
  PlugServices   *services;
  GCancellable   *cancellable;
  PlugSearchProvider *search_provider;

  /* Until the services are looked up, whether that worked or not. */
  gboolean        loading_services;
};

G_DEFINE_FINAL_TYPE (PlugApplication, plug_application, ADW_TYPE_APPLICATION)

enum {
  PROP_0,
  PROP_SERVICES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

PlugApplication *
plug_application_new (void)
{
  return g_object_new (PLUG_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       /* Shared by the stable and the .Devel builds. */
                       "resource-base-path", "/io/github/plugboard/Plugboard",
                       NULL);
}

/**
 * plug_application_get_services:
 *
 * Returns: (transfer none) (nullable): the services, once they are known
 */
PlugServices *
plug_application_get_services (PlugApplication *self)
{
  g_return_val_if_fail (PLUG_IS_APPLICATION (self), NULL);

  return self->services;
}

GSettings *
plug_application_get_settings (PlugApplication *self)
{
  g_return_val_if_fail (PLUG_IS_APPLICATION (self), NULL);

  return self->settings;
}

/**
 * plug_application_is_loading_services:
 *
 * Returns: whether the services are still being looked up; once they are
 *   not, #PlugApplication:services is notified, and is %NULL when the
 *   lookup failed
 */
gboolean
plug_application_is_loading_services (PlugApplication *self)
{
  g_return_val_if_fail (PLUG_IS_APPLICATION (self), FALSE);

  return self->loading_services;
}

static PlugWindow *
get_or_create_window (PlugApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (window == NULL)
    window = GTK_WINDOW (plug_window_new (self));

  return PLUG_WINDOW (window);
}

static void
services_ready_cb (GObject      *object,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(PlugApplication) self = user_data;
  g_autoptr(GError) error = NULL;

  self->services = plug_services_new_finish (result, &error);
  self->loading_services = FALSE;
  if (self->services == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("Could not reach the system services: %s", error->message);
      /* What waits for them (the search provider) goes on without. */
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVICES]);
      g_application_release (G_APPLICATION (self));
      return;
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SERVICES]);
  g_application_release (G_APPLICATION (self));
}

static gboolean
load_services_cb (gpointer user_data)
{
  PlugApplication *self = PLUG_APPLICATION (user_data);

  plug_services_new_async (PLUG_SERVICES_CLIENTS_ALL,
                           self->cancellable,
                           services_ready_cb,
                           g_object_ref (self));

  return G_SOURCE_REMOVE;
}

static void
plug_application_activate (GApplication *application)
{
  PlugApplication *self = PLUG_APPLICATION (application);

  gtk_window_present (GTK_WINDOW (get_or_create_window (self)));
}

static void
plug_application_startup (GApplication *application)
{
  PlugApplication *self = PLUG_APPLICATION (application);

  G_APPLICATION_CLASS (plug_application_parent_class)->startup (application);

  /* Started by the bus (a desktop action, GNOME Shell's search), the
   * application would quit as soon as nothing holds it: the shell asks
   * the search provider again as the user goes on typing. */
  if (g_application_get_flags (application) & G_APPLICATION_IS_SERVICE)
    g_application_set_inactivity_timeout (application, 10000);

  /* No gtk_window_set_default_icon_name(): the desktop shell finds the
   * icon through the application id and the desktop file, and on X11 GTK
   * would render the scalable icon (loading librsvg) before the first
   * frame just to set _NET_WM_ICON. */

  /* The services are looked up once the window has drawn its first
   * frame: their replies arrive at default priority and would otherwise
   * be handled before the frame is painted. Panels show that they are
   * loading until they are handed the services. */
  g_application_hold (application);
  g_idle_add_full (G_PRIORITY_LOW, load_services_cb, g_object_ref (self), g_object_unref);
}

static void
plug_application_shutdown (GApplication *application)
{
  PlugApplication *self = PLUG_APPLICATION (application);

  g_cancellable_cancel (self->cancellable);

  G_APPLICATION_CLASS (plug_application_parent_class)->shutdown (application);
}

/* GNOME Shell's search asks the application itself, on its bus name:
 * the provider lives as long as the registration. */
static gboolean
plug_application_dbus_register (GApplication     *application,
                                GDBusConnection  *connection,
                                const char       *object_path,
                                GError          **error)
{
  PlugApplication *self = PLUG_APPLICATION (application);
  g_autofree char *provider_path = NULL;

  if (!G_APPLICATION_CLASS (plug_application_parent_class)->dbus_register (application, connection,
                                                                           object_path, error))
    return FALSE;

  provider_path = g_strconcat (object_path, "/SearchProvider", NULL);
  self->search_provider = plug_search_provider_new (self);

  return plug_search_provider_export (self->search_provider, connection, provider_path, error);
}

static void
plug_application_dbus_unregister (GApplication    *application,
                                  GDBusConnection *connection,
                                  const char      *object_path)
{
  PlugApplication *self = PLUG_APPLICATION (application);

  if (self->search_provider != NULL)
    plug_search_provider_unexport (self->search_provider);
  g_clear_object (&self->search_provider);

  G_APPLICATION_CLASS (plug_application_parent_class)->dbus_unregister (application, connection, object_path);
}

static int
plug_application_handle_local_options (GApplication *application,
                                       GVariantDict *options)
{
  const char *panel_id = NULL;
  g_autoptr(GError) error = NULL;

  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("plugboard %s\n", PACKAGE_VERSION);
      return EXIT_SUCCESS;
    }

  if (!g_variant_dict_lookup (options, "panel", "&s", &panel_id))
    return -1;

  if (!plug_panel_registry_is_known_id (panel_id))
    {
      g_printerr (_("Unknown panel “%s”. The panels are: broadband, drives, graphics.\n"), panel_id);
      return 2;
    }

  if (plug_panel_registry_lookup (panel_id) == NULL)
    {
      g_printerr (_("The “%s” panel is not part of this build of Plugboard.\n"), panel_id);
      return 2;
    }

  /* Registering tells us whether another instance runs; the action is
   * then carried out there, or here once the window exists. */
  if (!g_application_register (application, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return EXIT_FAILURE;
    }

  g_action_group_activate_action (G_ACTION_GROUP (application), "show-panel",
                                  g_variant_new_string (panel_id));

  return g_application_get_is_remote (application) ? EXIT_SUCCESS : -1;
}

static void
show_panel_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  PlugApplication *self = PLUG_APPLICATION (user_data);
  const char *panel_id = g_variant_get_string (parameter, NULL);
  PlugWindow *window;

  if (plug_panel_registry_lookup (panel_id) == NULL)
    {
      g_warning ("No panel “%s” in this build", panel_id);
      return;
    }

  window = get_or_create_window (self);
  plug_window_show_panel (window, panel_id);
  gtk_window_present (GTK_WINDOW (window));
}

/* Shows a drive or a connection in its panel, with its row focused: for
 * the search results, and for anything else that names one. */
static void
show_object_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  PlugApplication *self = PLUG_APPLICATION (user_data);
  const char *panel_id;
  const char *object_id;
  PlugWindow *window;

  g_variant_get (parameter, "(&s&s)", &panel_id, &object_id);
  if (plug_panel_registry_lookup (panel_id) == NULL)
    {
      g_warning ("No panel “%s” in this build", panel_id);
      return;
    }

  window = get_or_create_window (self);
  plug_window_show_object (window, panel_id, object_id);
  gtk_window_present (GTK_WINDOW (window));
}

/* One action per panel, named by its id, for the desktop file's actions:
 * with DBusActivatable=true the launcher activates the action by name,
 * without a parameter. */
static void
panel_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  g_action_group_activate_action (G_ACTION_GROUP (user_data), "show-panel",
                                  g_variant_new_string (g_action_get_name (G_ACTION (action))));
}

static void
add_panel_actions (PlugApplication *self)
{
  const PlugPanelInfo *panels;
  guint n_panels;

  panels = plug_panel_registry_get_all (&n_panels);
  for (guint i = 0; i < n_panels; i++)
    {
      g_autoptr(GSimpleAction) action = g_simple_action_new (panels[i].id, NULL);

      g_signal_connect_object (action, "activate", G_CALLBACK (panel_action), self, 0);
      g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (action));
    }
}

/* The about window: AdwAboutDialog, drawn inside the main window, where
 * libadwaita has it (1.5, the GNOME runtime); AdwAboutWindow, a window of
 * its own, on the baseline (libadwaita 1.2). Both have the same
 * properties. */
#if ADW_CHECK_VERSION (1, 5, 0)
#define PLUG_TYPE_ABOUT ADW_TYPE_ABOUT_DIALOG
#define plug_about_set_debug_info(about, text) adw_about_dialog_set_debug_info (ADW_ABOUT_DIALOG (about), text)
#else
#define PLUG_TYPE_ABOUT ADW_TYPE_ABOUT_WINDOW
#define plug_about_set_debug_info(about, text) adw_about_window_set_debug_info (ADW_ABOUT_WINDOW (about), text)
#endif

/* The about window's debugging information is `plugboardctl report`'s
 * text: what every panel shows, as a bug report asks for it. It is read
 * in the background; the window says so meanwhile. */
static void
report_read_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  GWeakRef *about_ref = user_data;
  g_autoptr(GObject) about = g_weak_ref_get (about_ref);
  g_autofree char *output = NULL;
  g_autoptr(GError) error = NULL;

  g_weak_ref_clear (about_ref);
  g_free (about_ref);

  if (!g_subprocess_communicate_utf8_finish (G_SUBPROCESS (object), result, &output, NULL, &error))
    {
      if (about != NULL)
        {
          /* Translators: %s says why, in the system's words */
          g_autofree char *text = g_strdup_printf (_("plugboardctl report could not be run: %s"), error->message);

          plug_about_set_debug_info (about, text);
        }
      return;
    }

  if (about != NULL)
    plug_about_set_debug_info (about, output);
}

static void
read_report (GObject *about)
{
  const char *path = g_getenv ("PLUGBOARDCTL");
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  GWeakRef *about_ref;

  /* The build tree's, for its tests; the installed one otherwise. */
  if (path == NULL || path[0] == '\0')
    path = PLUGBOARDCTL_PATH;

  /* Its standard output alone: a part it cannot read says why there, and
   * the debug messages the app may be logging are not the report's. */
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_subprocess_launcher_unsetenv (launcher, "G_MESSAGES_DEBUG");
  process = g_subprocess_launcher_spawn (launcher, &error, path, "report", NULL);
  if (process == NULL)
    {
      g_autofree char *text = g_strdup_printf (_("plugboardctl report could not be run: %s"), error->message);

      plug_about_set_debug_info (about, text);
      return;
    }

  plug_about_set_debug_info (about, _("Reading what every panel shows…"));
  about_ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (about_ref, about);
  g_subprocess_communicate_utf8_async (process, NULL, NULL, report_read_cb, about_ref);
}

static void
show_about (GtkWindow *parent)
{
  static const char *developers[] = { "The Plugboard Authors", NULL };
  GObject *about;

  about = g_object_new (PLUG_TYPE_ABOUT,
                        "application-name", _("Plugboard"),
                        "application-icon", APPLICATION_ID,
                        "developer-name", _("The Plugboard Authors"),
                        "developers", developers,
                        "version", PACKAGE_VERSION,
                        "comments", _("Get a laptop’s awkward hardware working: mobile broadband modems, external drives and graphics drivers."),
                        "website", "https://github.com/plugboard/plugboard",
                        "issue-url", "https://github.com/plugboard/plugboard/issues",
                        "support-url", "help:plugboard",
                        "license-type", GTK_LICENSE_GPL_3_0,
                        "copyright", "© 2026 The Plugboard Authors",
                        /* Translators: replace with your names, one per line */
                        "translator-credits", _("translator-credits"),
                        "debug-info-filename", "plugboard-report.txt",
                        NULL);
  read_report (about);
#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_present (ADW_DIALOG (about), GTK_WIDGET (parent));
#else
  gtk_window_set_transient_for (GTK_WINDOW (about), parent);
  gtk_window_set_modal (GTK_WINDOW (about), parent != NULL);
  gtk_window_present (GTK_WINDOW (about));
#endif
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  GtkApplication *application = GTK_APPLICATION (user_data);

  show_about (gtk_application_get_active_window (application));
}

static void
help_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GtkApplication *application = GTK_APPLICATION (user_data);

  /* Opens the Mallard help in Yelp (help: URIs go to the help viewer). */
  gtk_show_uri (gtk_application_get_active_window (application),
                "help:plugboard", GDK_CURRENT_TIME);
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GtkApplication *application = GTK_APPLICATION (user_data);
  GList *windows = gtk_application_get_windows (application);

  /* Closing the windows, rather than quitting outright, lets each one
   * save its size and panel. */
  for (GList *l = windows; l != NULL;)
    {
      GtkWindow *window = l->data;

      l = l->next;
      gtk_window_close (window);
    }
}

static const GActionEntry app_actions[] = {
  { "show-panel", show_panel_action, "s" },
  { "show-object", show_object_action, "(ss)" },
  { "about", about_action },
  { "help", help_action },
  { "quit", quit_action },
};

static void
plug_application_dispose (GObject *object)
{
  PlugApplication *self = PLUG_APPLICATION (object);

  g_clear_object (&self->search_provider);
  g_clear_object (&self->services);
  g_clear_object (&self->settings);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (plug_application_parent_class)->dispose (object);
}

static void
plug_application_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  PlugApplication *self = PLUG_APPLICATION (object);

  switch (prop_id)
    {
    case PROP_SERVICES:
      g_value_set_object (value, self->services);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_application_class_init (PlugApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *application_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = plug_application_dispose;
  object_class->get_property = plug_application_get_property;

  application_class->activate = plug_application_activate;
  application_class->startup = plug_application_startup;
  application_class->shutdown = plug_application_shutdown;
  application_class->handle_local_options = plug_application_handle_local_options;
  application_class->dbus_register = plug_application_dbus_register;
  application_class->dbus_unregister = plug_application_dbus_unregister;

  properties[PROP_SERVICES] =
    g_param_spec_object ("services", NULL, NULL,
                         PLUG_TYPE_SERVICES,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
plug_application_init (PlugApplication *self)
{
  static const GOptionEntry options[] = {
    { "panel", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("Open a panel: broadband, drives or graphics"), N_("PANEL") },
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL,
      N_("Show the version and exit"), NULL },
    { NULL }
  };
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *help_accels[] = { "F1", NULL };
  static const char *shortcuts_accels[] = { "<Control>question", "<Control>slash", NULL };

  self->settings = g_settings_new ("io.github.plugboard.Plugboard");
  self->cancellable = g_cancellable_new ();
  self->loading_services = TRUE;

  g_application_add_main_option_entries (G_APPLICATION (self), options);
  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions,
                                   G_N_ELEMENTS (app_actions), self);
  add_panel_actions (self);

  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "app.help", help_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (self), "win.show-help-overlay", shortcuts_accels);
}
