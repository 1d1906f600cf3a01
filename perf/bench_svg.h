/* SPDX-License-Identifier: BSD-3-Clause */
/* A minimal SVG line plot for the benchmarks, so that a figure needs no
   Python or gnuplot on the machine that measured it: panels side by side
   sharing a linear x axis and a log10 y axis, one legend for all. */
#ifndef TDLS_BENCH_SVG_H
#define TDLS_BENCH_SVG_H

/* One line: y[i] at x[i] of the figure; a value <= 0 or not finite (not
   measured) leaves a gap. color indexes a fixed palette. */
struct tdls_svg_series {
    const char *label;
    const double *y;
    int color, dashed;
};

/* Every panel has the same series, in the same order (the legend is the
   first panel's). */
struct tdls_svg_panel {
    const char *title;
    int nseries;
    const struct tdls_svg_series *series;
};

/* Writes the figure to path; 0 on success, -1 when the file cannot be
   written or nothing is positive. */
int tdls_svg_write(const char *path, const char *title, const char *xlabel, const char *ylabel,
                   int npoints, const double *x, int npanels, const struct tdls_svg_panel *panels);

#endif
