/* plug-benchmark-operation.h: Measuring how fast a drive reads and writes
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>
#include <udisks/udisks.h>

#include "plug-drive.h"
#include "plug-volume.h"

G_BEGIN_DECLS

/**
 * PlugBenchmarkStep:
 * @PLUG_BENCHMARK_STEP_NONE: not started
 * @PLUG_BENCHMARK_STEP_OPENING: asking udisks (and so polkit) to open the device
 * @PLUG_BENCHMARK_STEP_READING: reading samples spread across the device
 * @PLUG_BENCHMARK_STEP_SEEKING: small reads at random places, for the access time
 * @PLUG_BENCHMARK_STEP_WRITING: writing a temporary file on the mounted volume
 * @PLUG_BENCHMARK_STEP_DONE: finished, successfully or not
 *
 * Where a speed test is, for a view or plugboardctl to say.
 */
typedef enum {
  PLUG_BENCHMARK_STEP_NONE,
  PLUG_BENCHMARK_STEP_OPENING,
  PLUG_BENCHMARK_STEP_READING,
  PLUG_BENCHMARK_STEP_SEEKING,
  PLUG_BENCHMARK_STEP_WRITING,
  PLUG_BENCHMARK_STEP_DONE,
} PlugBenchmarkStep;

/**
 * PlugBenchmarkSample:
 * @position: where the sample was read, in bytes from the start of the device
 * @rate: the read rate there, in bytes per second
 */
typedef struct
{
  guint64 position;
  double  rate;
} PlugBenchmarkSample;

#define PLUG_BENCHMARK_DEFAULT_SAMPLES        10
#define PLUG_BENCHMARK_DEFAULT_SAMPLE_SIZE    (G_GUINT64_CONSTANT (10) * 1024 * 1024)
#define PLUG_BENCHMARK_DEFAULT_ACCESS_SAMPLES 100
#define PLUG_BENCHMARK_DEFAULT_WRITE_SIZE     (G_GUINT64_CONSTANT (100) * 1024 * 1024)

#define PLUG_TYPE_BENCHMARK_OPERATION (plug_benchmark_operation_get_type ())

G_DECLARE_FINAL_TYPE (PlugBenchmarkOperation, plug_benchmark_operation, PLUG, BENCHMARK_OPERATION, GObject)

PlugBenchmarkOperation    *plug_benchmark_operation_new                  (UDisksClient            *client,
                                                                          PlugDrive               *drive,
                                                                          PlugVolume              *volume,
                                                                          gboolean                 write);

void                       plug_benchmark_operation_set_samples          (PlugBenchmarkOperation  *self,
                                                                          guint                    n_samples,
                                                                          guint64                  sample_size);
void                       plug_benchmark_operation_set_access_samples   (PlugBenchmarkOperation  *self,
                                                                          guint                    n_access_samples);
void                       plug_benchmark_operation_set_write_size       (PlugBenchmarkOperation  *self,
                                                                          guint64                  write_size);

PlugBenchmarkStep          plug_benchmark_operation_get_step             (PlugBenchmarkOperation  *self);
double                     plug_benchmark_operation_get_progress         (PlugBenchmarkOperation  *self);
const char                *plug_benchmark_operation_get_device           (PlugBenchmarkOperation  *self);
guint64                    plug_benchmark_operation_get_device_size      (PlugBenchmarkOperation  *self);
guint64                    plug_benchmark_operation_get_sample_size      (PlugBenchmarkOperation  *self);
guint                      plug_benchmark_operation_get_access_samples   (PlugBenchmarkOperation  *self);
guint                      plug_benchmark_operation_get_block_size       (PlugBenchmarkOperation  *self);
double                     plug_benchmark_operation_get_read_rate        (PlugBenchmarkOperation  *self);
const PlugBenchmarkSample *plug_benchmark_operation_get_read_samples     (PlugBenchmarkOperation  *self,
                                                                          guint                   *n_samples);
double                     plug_benchmark_operation_get_access_time      (PlugBenchmarkOperation  *self);
double                     plug_benchmark_operation_get_write_rate       (PlugBenchmarkOperation  *self);
guint64                    plug_benchmark_operation_get_write_size       (PlugBenchmarkOperation  *self);
gboolean                   plug_benchmark_operation_get_write_direct     (PlugBenchmarkOperation  *self);
const char                *plug_benchmark_operation_get_mount_point      (PlugBenchmarkOperation  *self);

void                       plug_benchmark_operation_run_async            (PlugBenchmarkOperation  *self,
                                                                          GCancellable            *cancellable,
                                                                          GAsyncReadyCallback      callback,
                                                                          gpointer                 user_data);
gboolean                   plug_benchmark_operation_run_finish           (PlugBenchmarkOperation  *self,
                                                                          GAsyncResult            *result,
                                                                          GError                 **error);

G_END_DECLS
