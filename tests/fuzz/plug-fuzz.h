/* plug-fuzz.h: What every fuzz target provides, and what they share
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <glib.h>

G_BEGIN_DECLS

/* libFuzzer's entry point, also called by replay.c. Returns 0; a failure
 * aborts the process. */
int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

/* GLib stops on a fatal message with SIGTRAP, which libFuzzer does not
 * catch: it would neither report the input nor save it. */
static inline void
plug_fuzz_abort_on_trap (int signal_number)
{
  abort ();
}

/* Once per process: a warning or critical from GLib or Plugboard means a
 * bug was reached, so it aborts where libFuzzer and the sanitizers see
 * it, as it does under the unit suite's G_DEBUG=fatal-warnings. */
static inline void
plug_fuzz_init_once (void)
{
  static gboolean initialized = FALSE;

  if (initialized)
    return;
  initialized = TRUE;

  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  signal (SIGTRAP, plug_fuzz_abort_on_trap);
}

G_END_DECLS
