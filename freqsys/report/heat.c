/* freqsys/report/heat.c: colours by frequency, on a logarithmic scale relative to the hottest block. */
/* SPDX-License-Identifier: MIT */
#include "export.h"

#include <math.h>
#include <stdio.h>

/* Decades below the hottest block that the ramp spans: loops make frequencies differ by
 * orders of magnitude, so a linear ramp would leave everything but the hottest loop white. */
#define DECADES 3.0

/* The ramp's stops: white, yellow, red. */
static const int stops[3][3] = {{255, 255, 255}, {255, 224, 102}, {232, 76, 61}};

void heat_color(double mean, double hottest, char out[8]) {
    if (!(mean > 0) || !(hottest > 0)) {
        snprintf(out, 8, "#d9d9d9");
        return;
    }
    double t = 1 + log10(mean / hottest) / DECADES;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    int lo = t < 0.5 ? 0 : 1;
    double u = t < 0.5 ? t * 2 : (t - 0.5) * 2;
    int c[3];
    for (int k = 0; k < 3; k++) c[k] = (int)lround(stops[lo][k] + u * (stops[lo + 1][k] - stops[lo][k]));
    snprintf(out, 8, "#%02x%02x%02x", c[0], c[1], c[2]);
}

double heat_hottest(const result *r) {
    double hot = 0;
    for (size_t i = 0; i < r->nblocks; i++)
        if (isfinite(r->blocks[i].mean) && r->blocks[i].mean > hot) hot = r->blocks[i].mean;
    return hot;
}

void heat_legend(double hottest, FILE *out) {
    char color[8], shown[32];
    fputs("<p class=\"legend\" id=\"heat-legend\">Mean executions per run:", out);
    for (int decade = (int)DECADES; hottest > 0 && decade >= 0; decade--) {
        double mean = hottest * pow(10, -decade);
        heat_color(mean, hottest, color);
        fprintf(out, " <span class=\"swatch\" style=\"background:%s\"></span> %s%s", color,
                decade == (int)DECADES ? "&le; " : "", number_format(mean, shown, sizeof shown));
    }
    heat_color(0, hottest, color);
    fprintf(out,
            " <span class=\"swatch\" style=\"background:%s\"></span> 0 (never ran);"
            " no colour: no block starts on the line.</p>\n",
            color);
}
