/* plug-tooltip-names.c: Name icon-only buttons after their tooltips
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard"

#include "config.h"

#include "plug-tooltip-names.h"

/*
 * libadwaita 1.2 builds some buttons of its own, such as the one of an
 * AdwPasswordEntryRow that shows the password: an icon with a tooltip and
 * no accessible name. GTK 4.8 does not fall back on the tooltip, so a
 * screen reader announces a bare “push button”. The tooltip is already in
 * the user's language; it becomes the name.
 */

void
plug_tooltip_names_apply (GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *tooltip = gtk_widget_get_tooltip_text (child);

      if (GTK_IS_BUTTON (child) && gtk_button_get_label (GTK_BUTTON (child)) == NULL && tooltip != NULL)
        gtk_accessible_update_property (GTK_ACCESSIBLE (child),
                                        GTK_ACCESSIBLE_PROPERTY_LABEL, tooltip,
                                        -1);
      else
        plug_tooltip_names_apply (child);
    }
}
