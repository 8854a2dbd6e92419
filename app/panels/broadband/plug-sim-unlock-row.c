/* plug-sim-unlock-row.c: Unlock a modem's SIM with its PIN or PUK
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-broadband"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-broadband-connection.h"
#include "plug-broadband-actions.h"

#include "plug-sim-unlock-row.h"
#include "plug-tooltip-names.h"

/*
 * Shown under a modem whose SIM waits for its PIN or, once blocked, its
 * PUK and a new PIN typed twice. The code is checked before it is sent,
 * and sent once: a wrong PIN is reported with the tries left and never
 * sent again, since a few wrong ones block the SIM.
 */

struct _PlugSimUnlockRow
{
  AdwExpanderRow  parent_instance;

  /* Template widgets */
  AdwEntryRow    *puk_row;
  AdwEntryRow    *pin_row;
  AdwEntryRow    *pin_again_row;
  GtkLabel       *error_label;
  GtkButton      *unlock_button;

  /* Owned */
  PlugModem      *modem;
  MMManager      *manager;
  GCancellable   *cancellable;
  gboolean        busy;
  gboolean        showing_puk;
};

G_DEFINE_FINAL_TYPE (PlugSimUnlockRow, plug_sim_unlock_row, ADW_TYPE_EXPANDER_ROW)

static gboolean
wants_puk (PlugSimUnlockRow *self)
{
  return plug_modem_get_lock (self->modem) == MM_MODEM_LOCK_SIM_PUK;
}

static void
update (PlugSimUnlockRow *self)
{
  MMModemLock lock = plug_modem_get_lock (self->modem);
  MMUnlockRetries *retries = plug_modem_get_unlock_retries (self->modem);
  guint left = retries != NULL ? mm_unlock_retries_get (retries, lock) : MM_UNLOCK_RETRIES_UNKNOWN;
  gboolean locked = plug_modem_get_sim_state (self->modem) == PLUG_MODEM_SIM_STATE_LOCKED &&
                    (lock == MM_MODEM_LOCK_SIM_PIN || lock == MM_MODEM_LOCK_SIM_PUK);
  gboolean puk = wants_puk (self);
  g_autofree char *subtitle = NULL;
  const char *what = puk ? _("Enter the PUK and choose a new PIN")
                         : _("Enter the SIM’s PIN to use the modem");

  gtk_widget_set_visible (GTK_WIDGET (self), locked);
  if (!locked)
    return;

  if (left != MM_UNLOCK_RETRIES_UNKNOWN)
    /* Translators: the first %s says what to enter, such as “Enter the SIM’s PIN” */
    subtitle = g_strdup_printf (ngettext ("%s · %u try left", "%s · %u tries left", left), what, left);
  else
    subtitle = g_strdup (what);
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (self), subtitle);

  gtk_widget_set_visible (GTK_WIDGET (self->puk_row), puk);
  gtk_widget_set_visible (GTK_WIDGET (self->pin_again_row), puk);
  if (puk && !self->showing_puk)
    {
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
      GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

      /* Blocked while the user was typing the PIN here: the PUK is next. */
      if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self)))
        gtk_widget_grab_focus (GTK_WIDGET (self->puk_row));
    }
  self->showing_puk = puk;
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->pin_row),
                                 puk ? _("_New PIN (4 to 8 digits)") : _("_PIN (4 to 8 digits)"));
  gtk_widget_set_sensitive (GTK_WIDGET (self->unlock_button), !self->busy);
}

static void
set_error (PlugSimUnlockRow *self,
           const char       *message)
{
  gtk_label_set_label (self->error_label, message != NULL ? message : "");
}

static void
clear_entries (PlugSimUnlockRow *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->puk_row), "");
  gtk_editable_set_text (GTK_EDITABLE (self->pin_row), "");
  gtk_editable_set_text (GTK_EDITABLE (self->pin_again_row), "");
}

static void
unlock_done_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(PlugSimUnlockRow) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!plug_broadband_unlock_finish (result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      self->busy = FALSE;
      /* Cleared, so that pressing Enter again does not resend it. */
      clear_entries (self);
      set_error (self, error->message);
      update (self);
      gtk_widget_grab_focus (GTK_WIDGET (wants_puk (self) ? self->puk_row : self->pin_row));
      return;
    }

  self->busy = FALSE;
  clear_entries (self);
  set_error (self, NULL);
  update (self);
  gtk_widget_activate_action (GTK_WIDGET (self), "broadband.show-toast", "s", _("The SIM is unlocked"));
}

static void
unlock_cb (PlugSimUnlockRow *self)
{
  const char *puk = gtk_editable_get_text (GTK_EDITABLE (self->puk_row));
  const char *pin = gtk_editable_get_text (GTK_EDITABLE (self->pin_row));
  const char *pin_again = gtk_editable_get_text (GTK_EDITABLE (self->pin_again_row));
  g_autoptr(GDBusObject) object = NULL;
  g_autoptr(GError) error = NULL;
  gboolean puk_needed = wants_puk (self);

  if (self->busy)
    return;

  if ((puk_needed && !plug_broadband_puk_validate (puk, &error)) ||
      !plug_broadband_pin_validate (pin, &error))
    {
      set_error (self, error->message);
      return;
    }
  if (puk_needed && !g_str_equal (pin, pin_again))
    {
      set_error (self, _("The new PIN and its repetition differ: type the same PIN twice"));
      gtk_widget_grab_focus (GTK_WIDGET (self->pin_again_row));
      return;
    }

  object = g_dbus_object_manager_get_object (G_DBUS_OBJECT_MANAGER (self->manager),
                                             plug_modem_get_modem_path (self->modem));
  if (object == NULL)
    {
      set_error (self, _("The modem is gone: it was unplugged or switched off"));
      return;
    }

  self->busy = TRUE;
  set_error (self, NULL);
  update (self);
  plug_broadband_unlock_async (MM_OBJECT (object), puk_needed ? puk : NULL, pin,
                               self->cancellable, unlock_done_cb, g_object_ref (self));
}

static void
plug_sim_unlock_row_dispose (GObject *object)
{
  PlugSimUnlockRow *self = PLUG_SIM_UNLOCK_ROW (object);

  g_cancellable_cancel (self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), PLUG_TYPE_SIM_UNLOCK_ROW);

  G_OBJECT_CLASS (plug_sim_unlock_row_parent_class)->dispose (object);
}

static void
plug_sim_unlock_row_finalize (GObject *object)
{
  PlugSimUnlockRow *self = PLUG_SIM_UNLOCK_ROW (object);

  g_clear_object (&self->modem);
  g_clear_object (&self->manager);
  g_clear_object (&self->cancellable);

  G_OBJECT_CLASS (plug_sim_unlock_row_parent_class)->finalize (object);
}

static void
plug_sim_unlock_row_class_init (PlugSimUnlockRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = plug_sim_unlock_row_dispose;
  object_class->finalize = plug_sim_unlock_row_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/plugboard/Plugboard/panels/broadband/plug-sim-unlock-row.ui");
  gtk_widget_class_bind_template_child (widget_class, PlugSimUnlockRow, puk_row);
  gtk_widget_class_bind_template_child (widget_class, PlugSimUnlockRow, pin_row);
  gtk_widget_class_bind_template_child (widget_class, PlugSimUnlockRow, pin_again_row);
  gtk_widget_class_bind_template_child (widget_class, PlugSimUnlockRow, error_label);
  gtk_widget_class_bind_template_child (widget_class, PlugSimUnlockRow, unlock_button);
  gtk_widget_class_bind_template_callback (widget_class, unlock_cb);
}

static void
plug_sim_unlock_row_init (PlugSimUnlockRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  plug_tooltip_names_apply (GTK_WIDGET (self));

  self->cancellable = g_cancellable_new ();
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

/**
 * plug_sim_unlock_row_set_modem:
 * @self: the row
 * @modem: the modem whose SIM it unlocks
 * @manager: ModemManager's client, which sends the code
 *
 * Set once. The row shows itself while the SIM waits for its PIN or PUK.
 */
void
plug_sim_unlock_row_set_modem (PlugSimUnlockRow *self,
                               PlugModem        *modem,
                               MMManager        *manager)
{
  g_return_if_fail (PLUG_IS_SIM_UNLOCK_ROW (self));
  g_return_if_fail (PLUG_IS_MODEM (modem));
  g_return_if_fail (MM_IS_MANAGER (manager));
  g_return_if_fail (self->modem == NULL);

  self->modem = g_object_ref (modem);
  self->manager = g_object_ref (manager);
  g_signal_connect_object (modem, "notify", G_CALLBACK (update), self, G_CONNECT_SWAPPED);
  update (self);
}
