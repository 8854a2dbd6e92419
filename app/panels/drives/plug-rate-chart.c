/* plug-rate-chart.c: A drive's read rate from its start to its end
 *
 * Copyright 2026 The Plugboard Authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "plugboard-drives"

#include "config.h"

#include <glib/gi18n.h>

#include "plug-rate-chart.h"

/*
 * The speed test's samples as a line: where on the drive each was read
 * (left: its start, right: its end) against how fast, from 0 to a round
 * number above the fastest, in MB/s (10⁶ bytes) as the rest of the
 * dialog. Drawn with cairo: a few dozen points need nothing more. Screen
 * readers get the same facts in words.
 */

#define MARGIN      6.0
#define AXIS_HEIGHT 20.0

struct _PlugRateChart
{
  GtkWidget  parent_instance;

  /* Owned */
  GArray    *samples;
  guint64    device_size;
};

G_DEFINE_FINAL_TYPE (PlugRateChart, plug_rate_chart, GTK_TYPE_WIDGET)

/* The top of the scale: 1, 2 or 5 times a power of ten, at or above
 * @rate. A loop rather than log10(): nothing else here needs libm. */
static double
round_up (double rate)
{
  double magnitude = 1.0;

  if (rate <= 0)
    return 1.0;

  while (magnitude * 10 < rate)
    magnitude *= 10;
  while (magnitude > rate)
    magnitude /= 10;

  if (rate <= magnitude)
    return magnitude;
  if (rate <= 2 * magnitude)
    return 2 * magnitude;
  if (rate <= 5 * magnitude)
    return 5 * magnitude;

  return 10 * magnitude;
}

static char *
dup_scale_text (double rate)
{
  /* Translators: a rate on the chart's scale, in megabytes per second */
  return g_strdup_printf (_("%g MB/s"), rate);
}

static int
get_text_width (PlugRateChart *self,
                const char    *text)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  int width;

  pango_layout_get_pixel_size (layout, &width, NULL);

  return width;
}

static void
draw_text (PlugRateChart *self,
           cairo_t       *cr,
           const char    *text,
           double         x,
           double         y,
           double         x_align)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), text);
  int width;
  int height;

  pango_layout_get_pixel_size (layout, &width, &height);
  cairo_move_to (cr, x - width * x_align, y - height / 2.0);
  pango_cairo_show_layout (cr, layout);
}

/* Where sample @i goes: across by its place on the drive, up by its rate. */
static void
sample_point (PlugRateChart *self,
              guint          i,
              double         left,
              double         right,
              double         top,
              double         bottom,
              double         top_rate,
              double        *x,
              double        *y)
{
  const PlugBenchmarkSample *sample = &g_array_index (self->samples, PlugBenchmarkSample, i);

  if (self->samples->len > 1 && self->device_size > 0)
    *x = left + (right - left) * ((double) sample->position / (double) self->device_size);
  else
    *x = (left + right) / 2.0;
  *y = bottom - (bottom - top) * (sample->rate / 1e6) / top_rate;
}

static void
draw_samples (PlugRateChart *self,
              cairo_t       *cr,
              double         left,
              double         right,
              double         top,
              double         bottom,
              double         top_rate,
              const GdkRGBA *color)
{
  GdkRGBA accent = *color;


  /* The area under the line, lighter, then the line and its points. */
  for (guint i = 0; i < self->samples->len; i++)
    {
      double x;
      double y;

      sample_point (self, i, left, right, top, bottom, top_rate, &x, &y);
      if (i == 0)
        cairo_move_to (cr, x, bottom);
      cairo_line_to (cr, x, y);
      if (i == self->samples->len - 1)
        cairo_line_to (cr, x, bottom);
    }
  cairo_close_path (cr);
  cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, 0.2);
  cairo_fill (cr);

  cairo_set_source_rgba (cr, accent.red, accent.green, accent.blue, 1.0);
  cairo_set_line_width (cr, 2.0);
  for (guint i = 0; i < self->samples->len; i++)
    {
      double x;
      double y;

      sample_point (self, i, left, right, top, bottom, top_rate, &x, &y);
      cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);

  for (guint i = 0; i < self->samples->len; i++)
    {
      double x;
      double y;

      sample_point (self, i, left, right, top, bottom, top_rate, &x, &y);
      cairo_arc (cr, x, y, 3.0, 0, 2 * G_PI);
      cairo_fill (cr);
    }
}

static void
plug_rate_chart_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  PlugRateChart *self = PLUG_RATE_CHART (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  GtkStyleContext *context = gtk_widget_get_style_context (widget);
  cairo_t *cr;
  GdkRGBA foreground;
  GdkRGBA accent;
  double left;
  double right = width - MARGIN;
  double top = MARGIN + 8;
  double bottom = height - MARGIN - AXIS_HEIGHT;
  double max_rate = 0;
  double top_rate;

  gtk_style_context_get_color (context, &foreground);
  if (!gtk_style_context_lookup_color (context, "accent_color", &accent))
    accent = foreground;

  for (guint i = 0; i < self->samples->len; i++)
    max_rate = MAX (max_rate, g_array_index (self->samples, PlugBenchmarkSample, i).rate / 1e6);
  top_rate = round_up (max_rate);

  /* The scale's widest label is its top one. */
  {
    g_autofree char *top_text = dup_scale_text (top_rate);

    left = MARGIN + get_text_width (self, top_text) + 8;
  }

  if (width <= left + MARGIN || height <= top + AXIS_HEIGHT + MARGIN)
    return;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  /* The scale: lines at 0, half and the top. */
  cairo_set_line_width (cr, 1.0);
  for (guint i = 0; i <= 2; i++)
    {
      double y = (int) (bottom - (bottom - top) * i / 2.0) + 0.5;
      g_autofree char *text = NULL;

      cairo_set_source_rgba (cr, foreground.red, foreground.green, foreground.blue, i == 0 ? 0.4 : 0.15);
      cairo_move_to (cr, left, y);
      cairo_line_to (cr, right, y);
      cairo_stroke (cr);

      text = dup_scale_text (top_rate * i / 2.0);
      cairo_set_source_rgba (cr, foreground.red, foreground.green, foreground.blue, 0.7);
      draw_text (self, cr, text, left - 8, y, 1.0);
    }

  cairo_set_source_rgba (cr, foreground.red, foreground.green, foreground.blue, 0.7);
  draw_text (self, cr, _("Start of the drive"), left, bottom + AXIS_HEIGHT / 2.0 + 4, 0.0);
  draw_text (self, cr, _("End"), right, bottom + AXIS_HEIGHT / 2.0 + 4, 1.0);

  if (self->samples->len > 0)
    draw_samples (self, cr, left, right, top, bottom, top_rate, &accent);

  cairo_destroy (cr);
}

static void
plug_rate_chart_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 240;
      *natural = 480;
    }
  else
    {
      *minimum = 140;
      *natural = 160;
    }
}

static void
plug_rate_chart_finalize (GObject *object)
{
  PlugRateChart *self = PLUG_RATE_CHART (object);

  g_clear_pointer (&self->samples, g_array_unref);

  G_OBJECT_CLASS (plug_rate_chart_parent_class)->finalize (object);
}

static void
plug_rate_chart_class_init (PlugRateChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = plug_rate_chart_finalize;

  widget_class->snapshot = plug_rate_chart_snapshot;
  widget_class->measure = plug_rate_chart_measure;

  gtk_widget_class_set_css_name (widget_class, "ratechart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
plug_rate_chart_init (PlugRateChart *self)
{
  self->samples = g_array_new (FALSE, FALSE, sizeof (PlugBenchmarkSample));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Read rate across the drive"),
                                  -1);
}

GtkWidget *
plug_rate_chart_new (void)
{
  return g_object_new (PLUG_TYPE_RATE_CHART, NULL);
}

/**
 * plug_rate_chart_set_samples:
 * @samples: (array length=n_samples): where and how fast the drive read
 * @device_size: the size of what was read, in bytes, for the positions
 */
void
plug_rate_chart_set_samples (PlugRateChart             *self,
                             const PlugBenchmarkSample *samples,
                             guint                      n_samples,
                             guint64                    device_size)
{
  g_autofree char *description = NULL;
  double slowest = G_MAXDOUBLE;
  double fastest = 0;

  g_return_if_fail (PLUG_IS_RATE_CHART (self));
  g_return_if_fail (samples != NULL || n_samples == 0);

  g_array_set_size (self->samples, 0);
  g_array_append_vals (self->samples, samples, n_samples);
  self->device_size = device_size;

  for (guint i = 0; i < n_samples; i++)
    {
      slowest = MIN (slowest, samples[i].rate / 1e6);
      fastest = MAX (fastest, samples[i].rate / 1e6);
    }

  if (n_samples > 0)
    /* Translators: how many samples, then the slowest and fastest rates */
    description = g_strdup_printf (ngettext ("%u place read, from %.1f to %.1f MB/s",
                                             "%u places read, from %.1f to %.1f MB/s", n_samples),
                                   n_samples, slowest, fastest);
  else
    description = g_strdup (_("Not measured yet"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);

  gtk_widget_queue_draw (GTK_WIDGET (self));
}
