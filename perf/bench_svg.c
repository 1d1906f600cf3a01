/* SPDX-License-Identifier: BSD-3-Clause */
/* The SVG line plot of bench_svg.h: axes with ticks and grid, decade
   labels on the log y axis, a marker on every measured point, a shared
   legend under the panels. Plain fprintf, no dependency. */
#include "bench_svg.h"

#include <math.h>
#include <stdio.h>

enum {
    panel_w = 520,
    panel_h = 400,
    left = 78,
    right = 16,
    top = 48,
    bottom = 52,
    legend_row = 18
};

/* Distinguishable in colour and in greyscale print. */
static const char *const palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#000000",
                                      "#9467bd", "#ff7f0e", "#8c564b", "#17becf"};
enum { npalette = sizeof palette / sizeof *palette };

static int measured(double y) {
    return isfinite(y) && y > 0;
}

/* Where a point of a panel goes: the plot area's top left corner, its size,
   the x range [0, x_hi] and the decades [lo, hi]. */
struct frame {
    int x0, y0, w, h, lo, hi;
    double x_hi;
};

static double px(const struct frame *fr, double x) {
    return fr->x0 + fr->w * x / fr->x_hi;
}

static double py(const struct frame *fr, double y) {
    return fr->y0 + fr->h * (1.0 - (log10(y) - fr->lo) / (fr->hi - fr->lo));
}

/* Text content: the labels are the benchmark's own, but an '&' or '<' in one
   must not make the file invalid XML. */
static void put_text(FILE *f, const char *s) {
    for (; *s; ++s) {
        if (*s == '&')
            fputs("&amp;", f);
        else if (*s == '<')
            fputs("&lt;", f);
        else if (*s == '>')
            fputs("&gt;", f);
        else
            fputc(*s, f);
    }
}

int tdls_svg_write(const char *path, const char *title, const char *xlabel, const char *ylabel,
                   int npoints, const double *x, int npanels, const struct tdls_svg_panel *panels) {
    double ymin = INFINITY, ymax = 0, xmax = 0;
    for (int i = 0; i < npoints; ++i)
        xmax = x[i] > xmax ? x[i] : xmax;
    for (int p = 0; p < npanels; ++p)
        for (int s = 0; s < panels[p].nseries; ++s)
            for (int i = 0; i < npoints; ++i) {
                const double y = panels[p].series[s].y[i];
                if (measured(y)) {
                    ymin = y < ymin ? y : ymin;
                    ymax = y > ymax ? y : ymax;
                }
            }
    if (!(ymax > 0) || npanels < 1)
        return -1;
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    const int lo = (int)floor(log10(ymin)), hi = (int)ceil(log10(ymax)) + (ymin == ymax);
    const double x_hi = 8.0 * ceil(xmax / 8.0); /* x runs from 0 */
    const int plot_w = panel_w - left - right, plot_h = panel_h - top - bottom;
    const int nlegend = panels[0].nseries, legend_rows = (nlegend + 1) / 2;
    const int width = panel_w * npanels, height = panel_h + legend_rows * legend_row + 24;

    fprintf(f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
            "<text x=\"%d\" y=\"20\" text-anchor=\"middle\" font-size=\"15\">",
            width, height, width, height, width / 2);
    put_text(f, title);
    fputs("</text>\n", f);
    for (int p = 0; p < npanels; ++p) {
        const int x0 = p * panel_w + left, y0 = top;
        const struct frame fr = {x0, y0, plot_w, plot_h, lo, hi, x_hi};
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"13\">",
                x0 + plot_w / 2, top - 8);
        put_text(f, panels[p].title);
        fputs("</text>\n", f);
        for (int d = lo; d <= hi; ++d) { /* decade grid and labels */
            const double yy = py(&fr, pow(10.0, d));
            fprintf(f,
                    "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n"
                    "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">10<tspan dy=\"-5\" "
                    "font-size=\"9\">%d</tspan></text>\n",
                    x0, yy, x0 + plot_w, yy, x0 - 6, yy + 4, d);
        }
        for (int i = 0; i < npoints; ++i) { /* a tick at every measured x */
            const double xx = px(&fr, x[i]);
            fprintf(f,
                    "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#000\"/>\n"
                    "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g</text>\n",
                    xx, y0 + plot_h, xx, y0 + plot_h + 5, xx, y0 + plot_h + 18, x[i]);
        }
        fprintf(f,
                "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                "stroke=\"#000\"/>\n<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">",
                x0, y0, plot_w, plot_h, x0 + plot_w / 2, y0 + plot_h + 38);
        put_text(f, xlabel);
        fprintf(f,
                "</text>\n<text transform=\"translate(%d,%d) rotate(-90)\" "
                "text-anchor=\"middle\">",
                x0 - 52, y0 + plot_h / 2);
        put_text(f, ylabel);
        fputs("</text>\n", f);
        for (int s = 0; s < panels[p].nseries; ++s) {
            const struct tdls_svg_series *se = &panels[p].series[s];
            const char *col = palette[se->color % npalette];
            int open = 0;
            for (int i = 0; i < npoints; ++i) { /* a gap closes the polyline */
                if (!measured(se->y[i])) {
                    if (open)
                        fputs("\"/>\n", f);
                    open = 0;
                    continue;
                }
                if (!open)
                    fprintf(f,
                            "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\"%s "
                            "points=\"",
                            col, se->dashed ? " stroke-dasharray=\"6,4\"" : "");
                open = 1;
                fprintf(f, "%.1f,%.1f ", px(&fr, x[i]), py(&fr, se->y[i]));
            }
            if (open)
                fputs("\"/>\n", f);
            for (int i = 0; i < npoints; ++i)
                if (measured(se->y[i]))
                    fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>\n",
                            px(&fr, x[i]), py(&fr, se->y[i]), col);
        }
    }
    for (int s = 0; s < nlegend; ++s) { /* two columns under the panels, in order */
        const struct tdls_svg_series *se = &panels[0].series[s];
        const int lx = left + (s / legend_rows) * (width / 2);
        const int ly = panel_h + 8 + (s % legend_rows) * legend_row;
        fprintf(f,
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                "stroke-width=\"2\"%s/>\n<text x=\"%d\" y=\"%d\">",
                lx, ly, lx + 30, ly, palette[se->color % npalette],
                se->dashed ? " stroke-dasharray=\"6,4\"" : "", lx + 38, ly + 4);
        put_text(f, se->label);
        fputs("</text>\n", f);
    }
    fputs("</svg>\n", f);
    return fclose(f) == 0 ? 0 : -1;
}
