/* plug-rate-chart.h: A drive's read rate from its start to its end
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "plug-benchmark-operation.h"

G_BEGIN_DECLS

#define PLUG_TYPE_RATE_CHART (plug_rate_chart_get_type ())

G_DECLARE_FINAL_TYPE (PlugRateChart, plug_rate_chart, PLUG, RATE_CHART, GtkWidget)

GtkWidget *plug_rate_chart_new         (void);
void       plug_rate_chart_set_samples (PlugRateChart             *self,
                                        const PlugBenchmarkSample *samples,
                                        guint                      n_samples,
                                        guint64                    device_size);

G_END_DECLS
