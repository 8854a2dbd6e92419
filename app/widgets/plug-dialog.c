/* plug-dialog.c: A wizard or dialog, whichever libadwaita Plugboard is built with
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard"

#include "config.h"

#include "plug-dialog.h"

/*
 * The base of Plugboard's wizards (reformat, rename, check, speed test,
 * Will It Fit, the broadband connection wizard). The GNOME runtime's
 * libadwaita draws dialogs inside their window (AdwDialog, 1.5), as GNOME's
 * own apps do, and as a bottom sheet on a narrow one; the baseline's, 1.2,
 * has only windows. PlugDialog is the one or the other, so that each
 * wizard is written once: its template sets content-width, content-height
 * and title and has one child; it asks the person through close_request
 * whether it may close while it works; it is shown, closed and titled
 * through the functions here.
 */

/* dialog.close: what a Cancel or Close button of the dialog does. Never
 * window.close, which inside an AdwDialog is the main window's. */
static void
close_activated (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  plug_dialog_close (PLUG_DIALOG (widget));
}

#if ADW_CHECK_VERSION (1, 5, 0)

G_DEFINE_ABSTRACT_TYPE (PlugDialog, plug_dialog, ADW_TYPE_DIALOG)

/* Every way of closing (Escape, the close button, window.close,
 * plug_dialog_close()) comes here while can-close is off. */
static void
close_attempt_cb (PlugDialog *self)
{
  PlugDialogClass *klass = PLUG_DIALOG_GET_CLASS (self);

  if (klass->close_request == NULL || !klass->close_request (self))
    adw_dialog_force_close (ADW_DIALOG (self));
}

static void
plug_dialog_class_init (PlugDialogClass *klass)
{
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "dialog.close", NULL, close_activated);
}

static void
plug_dialog_init (PlugDialog *self)
{
  adw_dialog_set_can_close (ADW_DIALOG (self), FALSE);
  g_signal_connect (self, "close-attempt", G_CALLBACK (close_attempt_cb), NULL);
}

#else

G_DEFINE_ABSTRACT_TYPE (PlugDialog, plug_dialog, ADW_TYPE_WINDOW)

/* AdwDialog's names for the size it opens at, so that one template serves
 * both. */
enum {
  PROP_0,
  PROP_CONTENT_WIDTH,
  PROP_CONTENT_HEIGHT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean
plug_dialog_window_close_request (GtkWindow *window)
{
  PlugDialogClass *klass = PLUG_DIALOG_GET_CLASS (window);

  if (klass->close_request != NULL && klass->close_request (PLUG_DIALOG (window)))
    return TRUE;

  return GTK_WINDOW_CLASS (plug_dialog_parent_class)->close_request (window);
}

static void
plug_dialog_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  int width, height;

  gtk_window_get_default_size (GTK_WINDOW (object), &width, &height);
  switch (prop_id)
    {
    case PROP_CONTENT_WIDTH:
      g_value_set_int (value, width);
      break;

    case PROP_CONTENT_HEIGHT:
      g_value_set_int (value, height);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_dialog_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  int width, height;

  gtk_window_get_default_size (GTK_WINDOW (object), &width, &height);
  switch (prop_id)
    {
    case PROP_CONTENT_WIDTH:
      gtk_window_set_default_size (GTK_WINDOW (object), g_value_get_int (value), height);
      break;

    case PROP_CONTENT_HEIGHT:
      gtk_window_set_default_size (GTK_WINDOW (object), width, g_value_get_int (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
plug_dialog_class_init (PlugDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "dialog.close", NULL, close_activated);

  object_class->get_property = plug_dialog_get_property;
  object_class->set_property = plug_dialog_set_property;
  window_class->close_request = plug_dialog_window_close_request;

  properties[PROP_CONTENT_WIDTH] =
    g_param_spec_int ("content-width", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CONTENT_HEIGHT] =
    g_param_spec_int ("content-height", NULL, NULL, -1, G_MAXINT, -1,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
plug_dialog_init (PlugDialog *self)
{
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
}

#endif

/**
 * plug_dialog_present:
 * @parent: (nullable): a widget of the window the dialog belongs to
 *
 * Shows the dialog over that window; one shown already stays where it
 * is, and is brought to the front.
 */
void
plug_dialog_present (PlugDialog *self,
                     GtkWidget  *parent)
{
  g_return_if_fail (PLUG_IS_DIALOG (self));
  g_return_if_fail (parent == NULL || GTK_IS_WIDGET (parent));

#if ADW_CHECK_VERSION (1, 5, 0)
  if (plug_dialog_is_shown (self))
    gtk_widget_grab_focus (GTK_WIDGET (self));
  else
    adw_dialog_present (ADW_DIALOG (self), parent);
#else
  {
    GtkRoot *root = parent != NULL ? gtk_widget_get_root (parent) : NULL;

    if (GTK_IS_WINDOW (root) && root != GTK_ROOT (self))
      gtk_window_set_transient_for (GTK_WINDOW (self), GTK_WINDOW (root));
    gtk_window_present (GTK_WINDOW (self));
  }
#endif
}

/**
 * plug_dialog_close:
 *
 * Closes the dialog as the person's Escape would: its close_request may
 * keep it open.
 */
void
plug_dialog_close (PlugDialog *self)
{
  g_return_if_fail (PLUG_IS_DIALOG (self));

#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_close (ADW_DIALOG (self));
#else
  gtk_window_close (GTK_WINDOW (self));
#endif
}

/**
 * plug_dialog_force_close:
 *
 * Closes the dialog without asking its close_request.
 */
void
plug_dialog_force_close (PlugDialog *self)
{
  g_return_if_fail (PLUG_IS_DIALOG (self));

#if ADW_CHECK_VERSION (1, 5, 0)
  if (!plug_dialog_is_shown (self))
    {
      /* Never presented: it goes as a window never shown would. */
      g_object_ref_sink (self);
      g_object_run_dispose (G_OBJECT (self));
      g_object_unref (self);
      return;
    }
  adw_dialog_force_close (ADW_DIALOG (self));
#else
  gtk_window_destroy (GTK_WINDOW (self));
#endif
}

void
plug_dialog_set_title (PlugDialog *self,
                       const char *title)
{
  g_return_if_fail (PLUG_IS_DIALOG (self));

#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_set_title (ADW_DIALOG (self), title);
#else
  gtk_window_set_title (GTK_WINDOW (self), title);
#endif
}

/**
 * plug_dialog_set_default_widget:
 * @widget: (nullable): the widget Enter activates
 */
void
plug_dialog_set_default_widget (PlugDialog *self,
                                GtkWidget  *widget)
{
  g_return_if_fail (PLUG_IS_DIALOG (self));

#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_set_default_widget (ADW_DIALOG (self), widget);
#else
  gtk_window_set_default_widget (GTK_WINDOW (self), widget);
#endif
}

/**
 * plug_dialog_is_shown:
 *
 * Returns: whether the dialog was presented and is not closed
 */
gboolean
plug_dialog_is_shown (PlugDialog *self)
{
  g_return_val_if_fail (PLUG_IS_DIALOG (self), FALSE);

#if ADW_CHECK_VERSION (1, 5, 0)
  return gtk_widget_get_parent (GTK_WIDGET (self)) != NULL;
#else
  return gtk_widget_get_visible (GTK_WIDGET (self));
#endif
}

/**
 * plug_dialog_get_window:
 *
 * Returns: (transfer none) (nullable): the window the dialog is in (the
 *   dialog itself, where it is a window), or %NULL before it is shown
 */
GtkWindow *
plug_dialog_get_window (PlugDialog *self)
{
  GtkRoot *root;

  g_return_val_if_fail (PLUG_IS_DIALOG (self), NULL);

  root = gtk_widget_get_root (GTK_WIDGET (self));

  return GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
}
