/* plug-dialog.h: A wizard or dialog, whichever libadwaita Plugboard is built with
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define PLUG_TYPE_DIALOG (plug_dialog_get_type ())

typedef struct _PlugDialog PlugDialog;
typedef struct _PlugDialogClass PlugDialogClass;

/* With libadwaita 1.5 and later (the GNOME runtime) a PlugDialog is an
 * AdwDialog, drawn inside the window it belongs to; with the baseline,
 * libadwaita 1.2, an AdwWindow of its own, modal and kept above it. */
struct _PlugDialog
{
#if ADW_CHECK_VERSION (1, 5, 0)
  AdwDialog parent_instance;
#else
  AdwWindow parent_instance;
#endif
};

/**
 * PlugDialogClass:
 * @close_request: asked when the person closes the dialog (Escape, the
 *   close button, plug_dialog_close()); returns %TRUE to keep it open
 *
 * A subclass's template may set #PlugDialog:content-width and
 * #PlugDialog:content-height, the size it opens at, and "title"; its
 * content is its one `<child>`.
 */
struct _PlugDialogClass
{
#if ADW_CHECK_VERSION (1, 5, 0)
  AdwDialogClass parent_class;
#else
  AdwWindowClass parent_class;
#endif

  gboolean (*close_request) (PlugDialog *self);
};

GType       plug_dialog_get_type           (void) G_GNUC_CONST;

void        plug_dialog_present            (PlugDialog *self,
                                            GtkWidget  *parent);
void        plug_dialog_close              (PlugDialog *self);
void        plug_dialog_force_close        (PlugDialog *self);
void        plug_dialog_set_title          (PlugDialog *self,
                                            const char *title);
void        plug_dialog_set_default_widget (PlugDialog *self,
                                            GtkWidget  *widget);
GtkWindow  *plug_dialog_get_window         (PlugDialog *self);
gboolean    plug_dialog_is_shown           (PlugDialog *self);

#define PLUG_DIALOG(obj) (G_TYPE_CHECK_INSTANCE_CAST ((obj), PLUG_TYPE_DIALOG, PlugDialog))
#define PLUG_IS_DIALOG(obj) (G_TYPE_CHECK_INSTANCE_TYPE ((obj), PLUG_TYPE_DIALOG))
#define PLUG_DIALOG_CLASS(klass) (G_TYPE_CHECK_CLASS_CAST ((klass), PLUG_TYPE_DIALOG, PlugDialogClass))
#define PLUG_DIALOG_GET_CLASS(obj) (G_TYPE_INSTANCE_GET_CLASS ((obj), PLUG_TYPE_DIALOG, PlugDialogClass))

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PlugDialog, g_object_unref)

G_END_DECLS
