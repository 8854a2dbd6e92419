/* plug-delayed-spinner.c: A spinner that only appears when a wait is long
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard"

#include "config.h"

#include "plug-delayed-spinner.h"

/*
 * Most waits in Plugboard (the services at startup, a drive list) end in a
 * few tens of milliseconds, where a spinner would only flash. This one
 * appears when the wait has lasted DELAY_MS. The GtkSpinner itself is only
 * created then: drawing it loads the theme's SVG spinner icon, and with it
 * librsvg, which the startup benchmark measured before the first frame.
 */

#define DELAY_MS 400

struct _PlugDelayedSpinner
{
  AdwBin    parent_instance;

  guint     timeout_id;
  gboolean  active;
};

G_DEFINE_FINAL_TYPE (PlugDelayedSpinner, plug_delayed_spinner, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_ACTIVE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
show_spinner_cb (gpointer user_data)
{
  PlugDelayedSpinner *self = PLUG_DELAYED_SPINNER (user_data);
  GtkWidget *spinner = gtk_spinner_new ();

  self->timeout_id = 0;
  gtk_spinner_start (GTK_SPINNER (spinner));
  adw_bin_set_child (ADW_BIN (self), spinner);

  return G_SOURCE_REMOVE;
}

gboolean
plug_delayed_spinner_get_active (PlugDelayedSpinner *self)
{
  g_return_val_if_fail (PLUG_IS_DELAYED_SPINNER (self), FALSE);

  return self->active;
}

void
plug_delayed_spinner_set_active (PlugDelayedSpinner *self,
                                 gboolean            active)
{
  g_return_if_fail (PLUG_IS_DELAYED_SPINNER (self));

  active = !!active;
  if (self->active == active)
    return;

  self->active = active;
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  adw_bin_set_child (ADW_BIN (self), NULL);

  if (active)
    self->timeout_id = g_timeout_add (DELAY_MS, show_spinner_cb, self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
}

static void
plug_delayed_spinner_dispose (GObject *object)
{
  PlugDelayedSpinner *self = PLUG_DELAYED_SPINNER (object);

  g_clear_handle_id (&self->timeout_id, g_source_remove);

  G_OBJECT_CLASS (plug_delayed_spinner_parent_class)->dispose (object);
}

static void
plug_delayed_spinner_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  PlugDelayedSpinner *self = PLUG_DELAYED_SPINNER (object);

  switch (prop_id)
    {
    case PROP_ACTIVE:
      g_value_set_boolean (value, self->active);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_delayed_spinner_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  PlugDelayedSpinner *self = PLUG_DELAYED_SPINNER (object);

  switch (prop_id)
    {
    case PROP_ACTIVE:
      plug_delayed_spinner_set_active (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_delayed_spinner_class_init (PlugDelayedSpinnerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = plug_delayed_spinner_dispose;
  object_class->get_property = plug_delayed_spinner_get_property;
  object_class->set_property = plug_delayed_spinner_set_property;

  properties[PROP_ACTIVE] =
    g_param_spec_boolean ("active", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
plug_delayed_spinner_init (PlugDelayedSpinner *self)
{
  /* The size of a spinner, so that nothing moves when it appears. */
  gtk_widget_set_size_request (GTK_WIDGET (self), 32, 32);
  gtk_widget_set_halign (GTK_WIDGET (self), GTK_ALIGN_CENTER);
}
