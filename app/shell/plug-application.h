/* plug-application.h: The Plugboard application
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "plug-services.h"

G_BEGIN_DECLS

#define PLUG_TYPE_APPLICATION (plug_application_get_type ())

G_DECLARE_FINAL_TYPE (PlugApplication, plug_application, PLUG, APPLICATION, AdwApplication)

PlugApplication *plug_application_new          (void);
PlugServices    *plug_application_get_services (PlugApplication *self);
GSettings       *plug_application_get_settings (PlugApplication *self);
gboolean         plug_application_is_loading_services (PlugApplication *self);

G_END_DECLS
