/* plug-graphics-panel.c: The Graphics panel
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-graphics"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-alert.h"
#include "plug-delayed-spinner.h"

#include "plug-gpu-group.h"
#include "plug-gpu-list.h"
#include "plug-graphics-panel.h"
#include "plug-graphics-report.h"
#include "plug-power.h"
#include "plug-renderer.h"
#include "plug-switcheroo.h"

/*
 * The panel shows each GPU with its driver (a PlugGpuGroup each), the
 * displays GDK knows, and whether the machine can suspend and hibernate,
 * and copies all of it as a plain-text report.
 *
 * Once the GPUs are read and the system bus is known (PlugServices), the
 * panel asks switcheroo-control about a second GPU, runs the renderer
 * probe for each GPU with its environment, and asks plugboard-helper which
 * drivers can be chosen; each answer goes to the GPU's group as it comes.
 * Choosing a driver is the group's (PlugGpuGroup), through the helper.
 *
 * GPUs and power readiness come from udev, sysfs, /proc and the installed
 * kernel modules, not from a system service, so the panel needs nothing
 * from PlugServices. They are read in the core's worker threads the first
 * time the panel is shown, so that a user who never opens it pays nothing
 * at startup. Displays come from the display server through GDK and
 * follow it live: the list box is bound to GDK's monitor list.
 */

struct _PlugGraphicsPanel
{
  PlugPanel        parent_instance;

  /* Template widgets */
  AdwToastOverlay *toast_overlay;
  GtkStack        *stack;
  PlugDelayedSpinner *spinner;
  AdwStatusPage   *error_page;
  GtkBox          *gpus_box;
  GtkWidget       *dual_gpu_group;
  AdwActionRow    *default_gpu_row;
  AdwActionRow    *other_gpu_row;
  GtkListBox      *displays_list;
  GtkWidget       *no_displays_label;
  AdwActionRow    *suspend_row;
  GtkLabel        *suspend_label;
  AdwActionRow    *hibernate_row;
  GtkLabel        *hibernate_label;

  /* Owned */
  PlugGpuList     *gpu_list;
  PlugPower       *power;
  GListModel      *monitors;
  GCancellable    *cancellable;
  GError          *load_error;
  char            *root_directory;
  char            *modules_directory;
  /* The GPU groups, in the list's order, once the GPUs are read. */
  GPtrArray       *groups;
  /* The renderer probe's answers, by PCI slot, for the report. */
  GHashTable      *renderers;
  PlugSwitcheroo  *switcheroo;
  PlugDriverSwitch *driver_switch;
  gboolean         bus_work_started;
  /* The choices for GPUs that are not there (an unplugged eGPU), after
   * the GPUs' groups; NULL while there are none. */
  GtkWidget       *gone_group;
  guint            n_gone_rows;

  /* How many of the two readings (GPUs, power) are still running. */
  guint            n_pending;
};

G_DEFINE_FINAL_TYPE (PlugGraphicsPanel, plug_graphics_panel, PLUG_TYPE_PANEL)

static GQuark display_label_quark;

/* Test seams, and the only place the panel reads them. Production leaves
 * both variables unset and reads the real system (the core's NULL seams).
 * The GUI tests run the app under umockdev, which redirects udev and
 * /sys/devices but not /proc or /sys/module, so they point
 * PLUG_TEST_SYSFS_ROOT at a made-up root for those, and
 * PLUG_TEST_MODULES_DIRECTORY at stub kernel modules, since the test
 * machines have none (see tests/gui/test-graphics-panel.sh). Everything
 * read through them is read-only, and the panel runs unprivileged. */
static void
get_test_seams (char **root_directory,
                char **modules_directory)
{
  *root_directory = g_strdup (g_getenv ("PLUG_TEST_SYSFS_ROOT"));
  *modules_directory = g_strdup (g_getenv ("PLUG_TEST_MODULES_DIRECTORY"));
}

static void
show_page (PlugGraphicsPanel *self,
           const char        *name)
{
  gtk_stack_set_visible_child_name (self->stack, name);
  plug_delayed_spinner_set_active (self->spinner, g_str_equal (name, "loading"));
}

/* --- displays --------------------------------------------------------- */

/* Fills @display from @monitor; its strings belong to the monitor. */
static void
describe_monitor (GdkMonitor          *monitor,
                  PlugGraphicsDisplay *display)
{
  const char *model = gdk_monitor_get_model (monitor);
  const char *connector = gdk_monitor_get_connector (monitor);
  GdkRectangle geometry;

  gdk_monitor_get_geometry (monitor, &geometry);

  /* The geometry is in the desktop's logical pixels: the scale factor
   * turns it back into the resolution the display runs at. */
  display->scale = gdk_monitor_get_scale_factor (monitor);
  display->width = geometry.width * display->scale;
  display->height = geometry.height * display->scale;
  display->refresh_rate = gdk_monitor_get_refresh_rate (monitor);
  display->connector = NULL;

  if (model != NULL && connector != NULL && g_strcmp0 (model, connector) != 0)
    {
      display->name = model;
      display->connector = connector;
    }
  else if (model != NULL)
    {
      display->name = model;
    }
  else if (connector != NULL)
    {
      display->name = connector;
    }
  else
    {
      /* Translators: a display whose name the display server does not know */
      display->name = _("Display");
    }
}

/* Why the monitor does not run at its native resolution: what the kernel
 * shows, else the desktop's mode below a native one the driver offers.
 * %NULL until the GPUs are read. */
static char *
dup_display_problem (PlugGraphicsPanel         *self,
                     GdkMonitor                *monitor,
                     const PlugGraphicsDisplay *display)
{
  PlugDisplay *kernel_display;

  if (self->gpu_list == NULL || self->n_pending > 0)
    return NULL;

  kernel_display = plug_gpu_list_find_display (self->gpu_list, gdk_monitor_get_connector (monitor),
                                               g_list_model_get_n_items (self->monitors));
  if (kernel_display == NULL)
    return NULL;
  if (plug_display_get_resolution_problem (kernel_display) != NULL)
    return g_strdup (plug_display_get_resolution_problem (kernel_display));

  return plug_display_dup_session_problem (kernel_display, display->width, display->height);
}

static void
update_display_row (PlugGraphicsPanel *self,
                    AdwActionRow      *row,
                    GdkMonitor        *monitor)
{
  GtkLabel *label = g_object_get_qdata (G_OBJECT (row), display_label_quark);
  PlugGraphicsDisplay display;
  g_autofree char *mode = NULL;
  g_autofree char *problem = NULL;

  describe_monitor (monitor, &display);
  mode = plug_graphics_dup_display_mode (&display);
  problem = dup_display_problem (self, monitor, &display);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), display.name);
  gtk_label_set_label (label, mode);

  /* The row's subtitle is not markup (see create_display_row()). */
  if (problem != NULL && display.connector != NULL)
    {
      g_autofree char *subtitle = g_strdup_printf ("%s\n%s", display.connector, problem);

      adw_action_row_set_subtitle (row, subtitle);
    }
  else
    {
      adw_action_row_set_subtitle (row, problem != NULL ? problem : display.connector);
    }

  /* Below the native resolution is what a user came for: it stands out. */
  if (problem != NULL)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (label), "dim-label");
      gtk_widget_add_css_class (GTK_WIDGET (label), "warning");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (label), "warning");
      gtk_widget_add_css_class (GTK_WIDGET (label), "dim-label");
    }
}

static void
monitor_changed_cb (GdkMonitor   *monitor,
                    GParamSpec   *pspec,
                    AdwActionRow *row)
{
  PlugGraphicsPanel *self = PLUG_GRAPHICS_PANEL (gtk_widget_get_ancestor (GTK_WIDGET (row),
                                                                          PLUG_TYPE_GRAPHICS_PANEL));

  if (self != NULL)
    update_display_row (self, row, monitor);
}

static GtkWidget *
create_display_row (gpointer item,
                    gpointer user_data)
{
  PlugGraphicsPanel *self = PLUG_GRAPHICS_PANEL (user_data);
  GdkMonitor *monitor = GDK_MONITOR (item);
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (NULL);

  /* Names come from the display server, not from markup. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  gtk_widget_add_css_class (label, "dim-label");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  g_object_set_qdata (G_OBJECT (row), display_label_quark, label);

  /* A monitor changes mode or scale without leaving the list. */
  g_signal_connect_object (monitor, "notify",
                           G_CALLBACK (monitor_changed_cb), row, 0);
  update_display_row (self, ADW_ACTION_ROW (row), monitor);

  return row;
}

/* Once the GPUs are read: the kernel's side of each display. */
static void
update_display_rows (PlugGraphicsPanel *self)
{
  for (guint i = 0; i < g_list_model_get_n_items (self->monitors); i++)
    {
      g_autoptr(GdkMonitor) monitor = g_list_model_get_item (self->monitors, i);
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->displays_list, (int) i);

      if (row != NULL)
        update_display_row (self, ADW_ACTION_ROW (row), monitor);
    }
}

/* --- GPUs and power --------------------------------------------------- */

static void
set_power_row (AdwActionRow *row,
               GtkLabel     *label,
               gboolean      possible,
               const char   *summary,
               const char   *reason,
               const char * const *warnings)
{
  g_autoptr(GString) subtitle = g_string_new (reason);

  gtk_label_set_label (label, summary);
  /* What may still break it, a line each, after the reason. */
  for (guint i = 0; warnings != NULL && warnings[i] != NULL; i++)
    {
      g_autofree char *escaped = g_markup_escape_text (warnings[i], -1);

      if (subtitle->len > 0)
        g_string_append_c (subtitle, '\n');
      /* Translators: %s is a sentence on what may break suspend or hibernation */
      g_string_append_printf (subtitle, _("Warning: %s"), escaped);
    }
  adw_action_row_set_subtitle (row, subtitle->str);
  if (warnings != NULL && warnings[0] != NULL && possible)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (label), "dim-label");
      gtk_widget_add_css_class (GTK_WIDGET (label), "warning");
    }

  /* "Not possible" is the answer a user came for: it stands out. */
  if (!possible)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (label), "dim-label");
      gtk_widget_add_css_class (GTK_WIDGET (label), "warning");
    }
}

/* --- renderers, switcheroo-control, plugboard-helper ----------------- */

static void
renderer_probed_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(PlugGpuGroup) group = user_data;
  g_autoptr(PlugRenderer) renderer = NULL;
  g_autoptr(GError) error = NULL;
  PlugGraphicsPanel *self;

  renderer = plug_renderer_probe_finish (result, &error);
  if (renderer == NULL)
    return;  /* Cancelled: the panel is gone. */

  self = PLUG_GRAPHICS_PANEL (gtk_widget_get_ancestor (GTK_WIDGET (group), PLUG_TYPE_GRAPHICS_PANEL));
  if (self != NULL)
    g_hash_table_replace (self->renderers, g_strdup (plug_renderer_get_pci_slot (renderer)),
                          g_object_ref (renderer));
  plug_gpu_group_set_renderer (group, renderer);
}

static void
start_probes (PlugGraphicsPanel *self)
{
  for (guint i = 0; i < self->groups->len; i++)
    {
      PlugGpuGroup *group = g_ptr_array_index (self->groups, i);
      PlugGpu *gpu = plug_gpu_group_get_gpu (group);
      const PlugSwitcherooGpu *entry = self->switcheroo != NULL ? plug_switcheroo_find_gpu (self->switcheroo, gpu) : NULL;

      if (self->switcheroo != NULL)
        plug_gpu_group_set_switcheroo (group, self->switcheroo);
      plug_renderer_probe_async (gpu, self->root_directory, self->modules_directory,
                                 entry != NULL ? (const char * const *) entry->environment : NULL,
                                 self->cancellable, renderer_probed_cb, g_object_ref (group));
    }
}

static void
show_dual_gpu (PlugGraphicsPanel *self)
{
  g_autoptr(GString) others = g_string_new (NULL);

  if (!plug_switcheroo_is_running (self->switcheroo) || !plug_switcheroo_has_dual_gpu (self->switcheroo))
    return;

  for (guint i = 0; i < plug_switcheroo_get_n_gpus (self->switcheroo); i++)
    {
      const PlugSwitcherooGpu *entry = plug_switcheroo_get_gpu (self->switcheroo, i);

      if (entry->is_default)
        {
          g_autofree char *escaped = g_markup_escape_text (entry->name, -1);

          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->default_gpu_row), escaped);
        }
      else
        {
          if (others->len > 0)
            g_string_append_c (others, '\n');
          g_string_append (others, entry->name);
        }
    }
  {
    g_autofree char *escaped = g_markup_escape_text (others->str, -1);

    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->other_gpu_row), escaped);
  }
  gtk_widget_set_visible (self->dual_gpu_group, TRUE);
}

static void
switcheroo_read_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(PlugGraphicsPanel) self = user_data;
  g_autoptr(GError) error = NULL;

  self->switcheroo = plug_switcheroo_read_finish (result, &error);
  if (self->switcheroo == NULL)
    return;  /* Cancelled. */

  show_dual_gpu (self);
  start_probes (self);
}

/* --- choices for GPUs that are gone --------------------------------------- */

typedef struct
{
  PlugGraphicsPanel *self;
  GtkWidget         *row;
  GtkWidget         *button;
} GoneUndo;

static void
gone_undo_free (GoneUndo *undo)
{
  g_object_unref (undo->self);
  g_object_unref (undo->row);
  g_object_unref (undo->button);
  g_free (undo);
}

static void
remove_gone_row (PlugGraphicsPanel *self,
                 GtkWidget         *row)
{
  if (self->gone_group == NULL || gtk_widget_get_parent (row) == NULL)
    return;
  adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self->gone_group), row);
  /* The last one undone: the group goes too. */
  if (--self->n_gone_rows == 0)
    {
      gtk_box_remove (self->gpus_box, self->gone_group);
      self->gone_group = NULL;
    }
}

static void
gone_reverted_cb (GObject      *object,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  GoneUndo *undo = user_data;
  g_autoptr(GError) error = NULL;

  if (plug_driver_switch_revert_finish (PLUG_DRIVER_SWITCH (object), result, &error) ||
      g_error_matches (error, PLUG_DRIVER_SWITCH_ERROR, PLUG_DRIVER_SWITCH_ERROR_NOTHING_TO_REVERT))
    {
      /* Undone, or by someone else already. */
      remove_gone_row (undo->self, undo->row);
    }
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      PlugAlert *dialog = plug_alert_new (_("The Change Was Not Undone"), error->message);

      plug_alert_add_response (dialog, "close", _("_Close"));
      plug_alert_present (dialog, GTK_WIDGET (undo->self));
      gtk_widget_set_sensitive (undo->button, TRUE);
    }
  gone_undo_free (undo);
}

static void
gone_undo_clicked_cb (GtkButton *button,
                      gpointer   user_data)
{
  PlugGraphicsPanel *self = user_data;
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (button), ADW_TYPE_ACTION_ROW);
  GoneUndo *undo;

  if (self->driver_switch == NULL || row == NULL)
    return;

  undo = g_new0 (GoneUndo, 1);
  undo->self = g_object_ref (self);
  undo->row = g_object_ref (row);
  undo->button = g_object_ref (GTK_WIDGET (button));
  gtk_widget_set_sensitive (GTK_WIDGET (button), FALSE);
  plug_driver_switch_revert_async (self->driver_switch, g_object_get_data (G_OBJECT (row), "plug-pci-slot"),
                                   self->cancellable, gone_reverted_cb, undo);
}

/* A choice for a GPU that is not connected stays until it is undone, and
 * would be seen nowhere else: each gets a row with Undo. */
static void
show_gone_choices (PlugGraphicsPanel *self,
                   GPtrArray         *choices)
{
  if (self->gone_group != NULL)
    {
      gtk_box_remove (self->gpus_box, self->gone_group);
      self->gone_group = NULL;
    }
  self->n_gone_rows = 0;

  for (guint i = 0; choices != NULL && i < choices->len; i++)
    {
      PlugDriverChoice *choice = g_ptr_array_index (choices, i);
      g_autofree char *title = NULL;
      g_autofree char *subtitle = NULL;
      g_autofree char *button_name = NULL;
      GtkWidget *row;
      GtkWidget *button;

      if (!choice->gone || choice->chosen == NULL)
        continue;

      if (self->gone_group == NULL)
        {
          self->gone_group = adw_preferences_group_new ();
          adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self->gone_group),
                                           _("Driver Choices for GPUs Not Connected"));
          adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self->gone_group),
                                                 _("A driver chosen for a GPU that is not connected now, "
                                                   "such as an external one, stays chosen until it is "
                                                   "undone."));
          gtk_box_append (self->gpus_box, self->gone_group);
        }

      /* Translators: %s is a PCI slot, such as “0000:01:00.0” */
      title = g_strdup_printf (_("GPU at %s"), choice->pci_slot);
      /* Translators: %s is a driver, such as “nvidia” */
      subtitle = g_strdup_printf (_("%s chosen; the GPU is not connected"), choice->chosen);
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      g_object_set_data_full (G_OBJECT (row), "plug-pci-slot", g_strdup (choice->pci_slot), g_free);

      button = gtk_button_new_with_mnemonic (_("_Undo"));
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      /* Translators: %s is a PCI slot, such as “0000:01:00.0” */
      button_name = g_strdup_printf (_("Undo the driver choice for the GPU at %s"), choice->pci_slot);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, button_name, -1);
      g_signal_connect (button, "clicked", G_CALLBACK (gone_undo_clicked_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);

      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->gone_group), row);
      self->n_gone_rows++;
    }
}

static void
choices_read_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(PlugGraphicsPanel) self = user_data;
  g_autoptr(GPtrArray) choices = NULL;
  g_autoptr(GError) error = NULL;

  choices = plug_driver_switch_get_choices_finish (PLUG_DRIVER_SWITCH (object), result, &error);
  if (choices == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  for (guint i = 0; i < self->groups->len; i++)
    {
      PlugGpuGroup *group = g_ptr_array_index (self->groups, i);
      const char *chosen = NULL;
      gboolean keep = FALSE;

      if (choices == NULL)
        {
          plug_gpu_group_set_driver_switch (group, NULL, NULL, FALSE, error);
          continue;
        }

      for (guint j = 0; j < choices->len; j++)
        {
          PlugDriverChoice *choice = g_ptr_array_index (choices, j);

          if (g_strcmp0 (choice->pci_slot, plug_gpu_get_pci_slot (plug_gpu_group_get_gpu (group))) == 0)
            {
              chosen = choice->chosen;
              keep = choice->keep_if_it_fails;
            }
        }
      plug_gpu_group_set_driver_switch (group, self->driver_switch, chosen, keep, NULL);
    }

  show_gone_choices (self, choices);
}

/* Needs the GPUs (the groups) and the services: runs once both are here. */
static void
start_bus_work (PlugGraphicsPanel *self)
{
  PlugServices *services = plug_panel_get_services (PLUG_PANEL (self));
  GDBusConnection *system_bus;

  if (self->bus_work_started || self->groups == NULL || services == NULL)
    return;
  self->bus_work_started = TRUE;

  system_bus = plug_services_get_system_bus (services);
  if (system_bus == NULL)
    {
      g_autoptr(GError) error = NULL;

      /* Translators: %s is the reason */
      error = g_error_new (G_IO_ERROR, G_IO_ERROR_NOT_CONNECTED, _("The system bus cannot be reached: %s"),
                           plug_services_get_system_bus_error (services));
      for (guint i = 0; i < self->groups->len; i++)
        plug_gpu_group_set_driver_switch (g_ptr_array_index (self->groups, i), NULL, NULL, FALSE, error);
      start_probes (self);
      return;
    }

  plug_switcheroo_read_async (system_bus, self->cancellable, switcheroo_read_cb, g_object_ref (self));

  self->driver_switch = plug_driver_switch_new (system_bus);
  plug_driver_switch_get_choices_async (self->driver_switch, self->cancellable,
                                        choices_read_cb, g_object_ref (self));
}

static void
plug_graphics_panel_services_changed (PlugPanel    *panel,
                                      PlugServices *services)
{
  start_bus_work (PLUG_GRAPHICS_PANEL (panel));
}

static void
show_graphics (PlugGraphicsPanel *self)
{
  GListModel *gpus = G_LIST_MODEL (self->gpu_list);
  guint n_gpus = g_list_model_get_n_items (gpus);
  g_autofree char *suspend = plug_graphics_dup_suspend_summary (self->power);
  g_autofree char *hibernate = plug_graphics_dup_hibernate_summary (self->power);

  update_display_rows (self);

  for (guint i = 0; i < n_gpus; i++)
    {
      g_autoptr(PlugGpu) gpu = g_list_model_get_item (gpus, i);
      GtkWidget *group = plug_gpu_group_new (gpu);

      g_ptr_array_add (self->groups, g_object_ref (group));
      gtk_box_append (self->gpus_box, group);
    }

  if (n_gpus == 0)
    {
      GtkWidget *group = adw_preferences_group_new ();
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _("GPU"));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("No GPU found"));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                   _("No display controller was found on the PCI bus"));
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
      gtk_box_append (self->gpus_box, group);
    }

  if (plug_power_is_hidden_by_sandbox (self->power))
    {
      const char *why = _("The sandbox cannot see the computer’s power settings. With "
                          "plugboard-helper installed on the computer, Plugboard asks it.");

      /* Not known is neither possible nor a warning. */
      set_power_row (self->suspend_row, self->suspend_label, TRUE, suspend, why, NULL);
      set_power_row (self->hibernate_row, self->hibernate_label, TRUE, hibernate, why, NULL);
    }
  else
    {
      set_power_row (self->suspend_row, self->suspend_label,
                     plug_power_can_suspend (self->power), suspend,
                     plug_power_get_suspend_reason (self->power),
                     plug_power_get_suspend_warnings (self->power));
      set_power_row (self->hibernate_row, self->hibernate_label,
                     plug_power_can_hibernate (self->power), hibernate,
                     plug_power_get_hibernate_reason (self->power),
                     plug_power_get_hibernate_warnings (self->power));
    }

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "graphics.copy-report", TRUE);
  show_page (self, "graphics");

  start_bus_work (self);
}

static void
reading_done (PlugGraphicsPanel *self,
              GError            *error)
{
  g_assert (self->n_pending > 0);
  self->n_pending--;

  if (error != NULL && self->load_error == NULL)
    self->load_error = g_error_copy (error);

  if (self->n_pending > 0)
    return;

  if (self->load_error != NULL)
    {
      /* Set here, not in the template: an icon in the template is loaded
       * (and with it librsvg) while the panel is built, shown or not. */
      adw_status_page_set_icon_name (self->error_page, "dialog-warning-symbolic");
      adw_status_page_set_title (self->error_page, _("Could Not Read the Graphics Hardware"));
      adw_status_page_set_description (self->error_page, self->load_error->message);
      show_page (self, "error");
      return;
    }

  show_graphics (self);
}

static void
gpus_loaded_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(PlugGraphicsPanel) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!plug_gpu_list_load_finish (PLUG_GPU_LIST (object), result, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  reading_done (self, error);
}

static void
power_read_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(PlugGraphicsPanel) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!plug_power_read_finish (PLUG_POWER (object), result, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  reading_done (self, error);
}

static void
start_reading (PlugGraphicsPanel *self)
{
  get_test_seams (&self->root_directory, &self->modules_directory);

  self->groups = g_ptr_array_new_with_free_func (g_object_unref);
  self->gpu_list = plug_gpu_list_new (self->root_directory, self->modules_directory);
  self->power = plug_power_new (self->root_directory);
  self->n_pending = 2;

  /* Each callback holds the panel until it runs; dispose cancels both. */
  plug_gpu_list_load_async (self->gpu_list, self->cancellable,
                            gpus_loaded_cb, g_object_ref (self));
  plug_power_read_async (self->power, self->cancellable,
                         power_read_cb, g_object_ref (self));
}

/* --- report ----------------------------------------------------------- */

static void
copy_report_activated (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  PlugGraphicsPanel *self = PLUG_GRAPHICS_PANEL (widget);
  guint n_monitors = g_list_model_get_n_items (self->monitors);
  g_autoptr(GPtrArray) monitors = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree PlugGraphicsDisplay *displays = g_new0 (PlugGraphicsDisplay, MAX (n_monitors, 1));
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *report = NULL;
  g_autoptr(GHashTable) driver_notes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  /* The descriptions borrow the monitors' strings: hold the monitors. */
  for (guint i = 0; i < n_monitors; i++)
    {
      GdkMonitor *monitor = g_list_model_get_item (self->monitors, i);

      g_ptr_array_add (monitors, monitor);
      describe_monitor (monitor, &displays[i]);
      displays[i].problem = dup_display_problem (self, monitor, &displays[i]);
      g_ptr_array_add (problems, (char *) displays[i].problem);
    }

  for (guint i = 0; i < self->groups->len; i++)
    {
      PlugGpuGroup *group = g_ptr_array_index (self->groups, i);
      char *note = plug_gpu_group_dup_driver_note (group);

      if (note != NULL)
        g_hash_table_insert (driver_notes, g_strdup (plug_gpu_get_pci_slot (plug_gpu_group_get_gpu (group))), note);
    }

  report = plug_graphics_report_build_full (G_LIST_MODEL (self->gpu_list), self->renderers, driver_notes,
                                            self->switcheroo, self->power, displays, n_monitors);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), report);

  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (_("Report copied")));
}

/* --- GObject ---------------------------------------------------------- */

static void
plug_graphics_panel_map (GtkWidget *widget)
{
  PlugGraphicsPanel *self = PLUG_GRAPHICS_PANEL (widget);

  GTK_WIDGET_CLASS (plug_graphics_panel_parent_class)->map (widget);

  if (self->gpu_list == NULL)
    start_reading (self);
}

static void
plug_graphics_panel_dispose (GObject *object)
{
  PlugGraphicsPanel *self = PLUG_GRAPHICS_PANEL (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);

  /* The rows hold signal connections on the monitors; unbinding drops
   * them before the list goes. */
  if (self->displays_list != NULL)
    gtk_list_box_bind_model (self->displays_list, NULL, NULL, NULL, NULL);
  g_clear_object (&self->monitors);
  g_clear_object (&self->gpu_list);
  g_clear_object (&self->power);
  g_clear_error (&self->load_error);
  g_clear_pointer (&self->groups, g_ptr_array_unref);
  g_clear_pointer (&self->renderers, g_hash_table_unref);
  g_clear_object (&self->switcheroo);
  g_clear_object (&self->driver_switch);
  g_clear_pointer (&self->root_directory, g_free);
  g_clear_pointer (&self->modules_directory, g_free);

  /* The template's root is AdwBin's child: AdwBin must let go of it first,
   * or disposing the template unparents it behind AdwBin's back, and
   * AdwBin then unparents a widget that is gone. */
  adw_bin_set_child (ADW_BIN (self), NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), PLUG_TYPE_GRAPHICS_PANEL);

  G_OBJECT_CLASS (plug_graphics_panel_parent_class)->dispose (object);
}

static void
plug_graphics_panel_class_init (PlugGraphicsPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = plug_graphics_panel_dispose;

  widget_class->map = plug_graphics_panel_map;

  PLUG_PANEL_CLASS (klass)->services_changed = plug_graphics_panel_services_changed;

  display_label_quark = g_quark_from_static_string ("plug-graphics-panel-display-label");

  g_type_ensure (PLUG_TYPE_DELAYED_SPINNER);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/plugboard/Plugboard/panels/graphics/plug-graphics-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, PlugGraphicsPanel, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, PlugGraphicsPanel, stack);
  gtk_widget_class_bind_template_child (widget_class, PlugGraphicsPanel, spinner);
  gtk_widget_class_bind_template_child (widget_class, PlugGraphicsPanel, error_page);
  gtk_widget_class_bind_template_child (widget_class, PlugGraphicsPanel, gpus_box);
  gtk_widget_class_bind_template_child (widget_class, PlugGraphicsPanel, dual_gpu_group);
  gtk_widget_class_bind_template_child (widget_class, PlugGraphicsPanel, default_gpu_row);
  gtk_widget_class_bind_template_child (widget_class, PlugGraphicsPanel, other_gpu_row);
  gtk_widget_class_bind_template_child (widget_class, PlugGraphicsPanel, displays_list);
  gtk_widget_class_bind_template_child (widget_class, PlugGraphicsPanel, no_displays_label);
  gtk_widget_class_bind_template_child (widget_class, PlugGraphicsPanel, suspend_row);
  gtk_widget_class_bind_template_child (widget_class, PlugGraphicsPanel, suspend_label);
  gtk_widget_class_bind_template_child (widget_class, PlugGraphicsPanel, hibernate_row);
  gtk_widget_class_bind_template_child (widget_class, PlugGraphicsPanel, hibernate_label);

  gtk_widget_class_install_action (widget_class, "graphics.copy-report", NULL,
                                   copy_report_activated);
}

static void
plug_graphics_panel_init (PlugGraphicsPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->cancellable = g_cancellable_new ();
  self->renderers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);

  /* Nothing to copy until both readings are in. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "graphics.copy-report", FALSE);

  self->monitors = g_object_ref (gdk_display_get_monitors (gtk_widget_get_display (GTK_WIDGET (self))));
  gtk_list_box_bind_model (self->displays_list, self->monitors,
                           create_display_row, self, NULL);
  gtk_list_box_set_placeholder (self->displays_list, self->no_displays_label);

  show_page (self, "loading");
}
