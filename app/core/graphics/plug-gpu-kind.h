/* plug-gpu-kind.h: Integrated or discrete, from what knows
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "plug-gpu.h"
#include "plug-renderer.h"
#include "plug-switcheroo.h"

G_BEGIN_DECLS

PlugGpuKind plug_gpu_kind_decide (PlugGpu           *gpu,
                                  PlugRenderer      *renderer,
                                  PlugSwitcheroo    *switcheroo,
                                  PlugGpuKindSource *source);

G_END_DECLS
