/* plug-window.c: The main window, which hosts the panels
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-dialog.h"
#include "plug-frame-report.h"
#include "plug-panel.h"
#include "plug-panel-registry.h"
#include "plug-window.h"

struct _PlugWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets */
  AdwViewStack         *view_stack;
  GtkStack             *content_stack;
  GtkMenuButton        *menu_button;
  AdwViewSwitcherBar   *switcher_bar;
#if ADW_CHECK_VERSION (1, 4, 0)
  AdwHeaderBar         *header_bar;
#else
  AdwViewSwitcherTitle *switcher_title;
#endif

  /* Owned */
  GSettings            *settings;
};

G_DEFINE_FINAL_TYPE (PlugWindow, plug_window, ADW_TYPE_APPLICATION_WINDOW)

static PlugApplication *
get_application (PlugWindow *self)
{
  return PLUG_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));
}

/* Hands the services to every panel built so far; a panel built later
 * gets them when it is built. */
static void
update_services (PlugWindow *self)
{
  PlugServices *services = plug_application_get_services (get_application (self));
  GtkWidget *holder;

  for (holder = gtk_widget_get_first_child (GTK_WIDGET (self->view_stack));
       holder != NULL;
       holder = gtk_widget_get_next_sibling (holder))
    {
      GtkWidget *panel = ADW_IS_BIN (holder) ? adw_bin_get_child (ADW_BIN (holder)) : NULL;

      if (PLUG_IS_PANEL (panel))
        plug_panel_set_services (PLUG_PANEL (panel), services);
    }
}

/* Each page of the stack is an empty holder until it is first shown: only
 * the visible panel is built before the first frame, and a panel that is
 * never opened costs nothing. */
static void
build_visible_panel (PlugWindow *self)
{
  const char *panel_id = adw_view_stack_get_visible_child_name (self->view_stack);
  const PlugPanelInfo *info = plug_panel_registry_lookup (panel_id);
  GtkWidget *holder = adw_view_stack_get_visible_child (self->view_stack);
  GtkWidget *panel;

  if (info == NULL || holder == NULL || adw_bin_get_child (ADW_BIN (holder)) != NULL)
    return;

  panel = g_object_new (info->get_type (), NULL);
  plug_panel_set_services (PLUG_PANEL (panel),
                           plug_application_get_services (get_application (self)));
  adw_bin_set_child (ADW_BIN (holder), panel);
}

/* Where the panels' switcher is, for the tests: a narrow window has it at
 * the bottom. */
static void
switcher_bar_reveal_cb (PlugWindow *self)
{
  g_debug ("The panels' switcher is %s",
           adw_view_switcher_bar_get_reveal (self->switcher_bar) ? "at the bottom" : "in the header bar");
}

static void
add_panels (PlugWindow *self)
{
  const PlugPanelInfo *panels;
  guint n_panels;

  panels = plug_panel_registry_get_all (&n_panels);

  for (guint i = 0; i < n_panels; i++)
    adw_view_stack_add_titled_with_icon (self->view_stack, adw_bin_new (),
                                         panels[i].id,
                                         _(panels[i].title),
                                         panels[i].icon_name);

  /* A build without panels says so rather than showing an empty frame. */
  if (n_panels == 0)
    {
      GtkWidget *empty = adw_status_page_new ();

      adw_status_page_set_icon_name (ADW_STATUS_PAGE (empty), "io.github.plugboard.Plugboard-symbolic");
      adw_status_page_set_title (ADW_STATUS_PAGE (empty), _("No Panels"));
      adw_status_page_set_description (ADW_STATUS_PAGE (empty),
                                       _("This build of Plugboard was made without any of its panels. "
                                         "Install a complete build, or see which system services are "
                                         "reachable with “plugboardctl status”."));
      gtk_stack_add_named (self->content_stack, empty, "empty");
      gtk_stack_set_visible_child (self->content_stack, empty);
    }

  /* One panel needs no switcher: the window's title shows instead. */
#if ADW_CHECK_VERSION (1, 4, 0)
  if (n_panels <= 1)
    {
      adw_header_bar_set_title_widget (self->header_bar, NULL);
      gtk_widget_set_visible (GTK_WIDGET (self->switcher_bar), FALSE);
    }
#else
  adw_view_switcher_title_set_view_switcher_enabled (self->switcher_title, n_panels > 1);
#endif

  g_signal_connect_object (self->view_stack, "notify::visible-child",
                           G_CALLBACK (build_visible_panel), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->switcher_bar, "notify::reveal",
                           G_CALLBACK (switcher_bar_reveal_cb), self,
                           G_CONNECT_SWAPPED);
}

void
plug_window_show_panel (PlugWindow *self,
                        const char *panel_id)
{
  g_return_if_fail (PLUG_IS_WINDOW (self));

  if (plug_panel_registry_lookup (panel_id) == NULL)
    return;

  adw_view_stack_set_visible_child_name (self->view_stack, panel_id);
}

/**
 * plug_window_show_object:
 * @panel_id: the panel that lists the object
 * @object_id: the object, as the panel knows it: a drive's udisks object
 *   path, a connection's uuid
 *
 * Shows the panel and has it focus the object's row, once it lists the
 * object.
 */
void
plug_window_show_object (PlugWindow *self,
                         const char *panel_id,
                         const char *object_id)
{
  GtkWidget *holder;
  GtkWidget *panel;

  g_return_if_fail (PLUG_IS_WINDOW (self));
  g_return_if_fail (object_id != NULL);

  if (plug_panel_registry_lookup (panel_id) == NULL)
    return;

  plug_window_show_panel (self, panel_id);

  /* Showing the panel built it. */
  holder = adw_view_stack_get_child_by_name (self->view_stack, panel_id);
  panel = holder != NULL ? adw_bin_get_child (ADW_BIN (holder)) : NULL;
  if (PLUG_IS_PANEL (panel))
    plug_panel_show_object (PLUG_PANEL (panel), object_id);
}

/**
 * plug_window_get_panel:
 *
 * Returns: (nullable): the id of the panel shown
 */
const char *
plug_window_get_panel (PlugWindow *self)
{
  g_return_val_if_fail (PLUG_IS_WINDOW (self), NULL);

  return adw_view_stack_get_visible_child_name (self->view_stack);
}

/* GtkApplication would build the shortcuts window from gtk/help-overlay.ui
 * for every new window, before its first frame; it is built here on first
 * use instead. */
static void
show_help_overlay_action (GSimpleAction *action,
                          GVariant      *parameter,
                          gpointer       user_data)
{
  PlugWindow *self = PLUG_WINDOW (user_data);
  GtkShortcutsWindow *overlay;

  overlay = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (self));
  if (overlay == NULL)
    {
      g_autoptr(GtkBuilder) builder = NULL;

      builder = gtk_builder_new_from_resource ("/io/github/plugboard/Plugboard/shell/help-overlay.ui");
      overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      /* This also replaces our action with GTK's own, which shows it. */
      gtk_application_window_set_help_overlay (GTK_APPLICATION_WINDOW (self), overlay);
    }

  gtk_window_present (GTK_WINDOW (overlay));
}

static const GActionEntry window_actions[] = {
  { "show-help-overlay", show_help_overlay_action },
};

static void
restore_state (PlugWindow *self)
{
  g_autofree char *panel_id = NULL;

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  panel_id = g_settings_get_string (self->settings, "last-panel");
  plug_window_show_panel (self, panel_id);
}

static gboolean
plug_window_close_request (GtkWindow *window)
{
  PlugWindow *self = PLUG_WINDOW (window);
  const char *panel_id = plug_window_get_panel (self);
  int width, height;

#if ADW_CHECK_VERSION (1, 5, 0)
  /* A wizard is drawn inside the window and would go with it, and with
   * it a job it runs. As when it was a window of its own, it is asked
   * (it closes, or says why it cannot yet), and the window stays. */
  {
    AdwDialog *dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));

    if (PLUG_IS_DIALOG (dialog))
      {
        plug_dialog_close (PLUG_DIALOG (dialog));
        return TRUE;
      }
  }
#endif

  /* The default size follows the window as it is resized in GTK 4, and
   * is the unmaximized size, which is what should come back. */
  gtk_window_get_default_size (window, &width, &height);

  g_settings_delay (self->settings);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  if (panel_id != NULL)
    g_settings_set_string (self->settings, "last-panel", panel_id);
  g_settings_apply (self->settings);

  return GTK_WINDOW_CLASS (plug_window_parent_class)->close_request (window);
}

/* GtkWindow:application is not a construct property, so this runs once it
 * is set, from plug_window_new(). */
static void
setup_for_application (PlugWindow *self)
{
  PlugApplication *application = get_application (self);

  self->settings = g_object_ref (plug_application_get_settings (application));
  /* GtkApplication read it from gtk/menus.ui at startup. */
  gtk_menu_button_set_menu_model (self->menu_button,
                                  G_MENU_MODEL (gtk_application_get_menu_by_id (GTK_APPLICATION (application),
                                                                                "primary-menu")));

  add_panels (self);
  restore_state (self);
  build_visible_panel (self);

  g_signal_connect_object (application, "notify::services",
                           G_CALLBACK (update_services), self,
                           G_CONNECT_SWAPPED);
  update_services (self);

  plug_frame_report_watch (GTK_WINDOW (self));
}

PlugWindow *
plug_window_new (PlugApplication *application)
{
  PlugWindow *self;

  g_return_val_if_fail (PLUG_IS_APPLICATION (application), NULL);

  self = g_object_new (PLUG_TYPE_WINDOW,
                       "application", application,
                       NULL);
  setup_for_application (self);

  return self;
}

static void
plug_window_dispose (GObject *object)
{
  PlugWindow *self = PLUG_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), PLUG_TYPE_WINDOW);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (plug_window_parent_class)->dispose (object);
}

static void
plug_window_class_init (PlugWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = plug_window_dispose;

  window_class->close_request = plug_window_close_request;

#if ADW_CHECK_VERSION (1, 4, 0)
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/plugboard/Plugboard/shell/plug-window-adaptive.ui");
  gtk_widget_class_bind_template_child (widget_class, PlugWindow, header_bar);
#else
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/plugboard/Plugboard/shell/plug-window.ui");
  gtk_widget_class_bind_template_child (widget_class, PlugWindow, switcher_title);
#endif
  gtk_widget_class_bind_template_child (widget_class, PlugWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, PlugWindow, content_stack);
  gtk_widget_class_bind_template_child (widget_class, PlugWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, PlugWindow, switcher_bar);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
plug_window_init (PlugWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  g_action_map_add_action_entries (G_ACTION_MAP (self), window_actions,
                                   G_N_ELEMENTS (window_actions), self);

#if DEVELOPMENT_BUILD
  gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
#endif
}
