/* freqsys/report/number.c: numbers as the exports show them, and scaled integer counts. */
/* SPDX-License-Identifier: MIT */
#include "export.h"

#include <math.h>
#include <stdio.h>

/* Four decimals, like the text report, so the numbers of every view agree; values too
 * small for four decimals keep three significant digits instead of showing 0. */
const char *number_format(double x, char *buf, size_t n) {
    if (isnan(x))
        snprintf(buf, n, "-");
    else if (x != 0 && fabs(x) < 0.00005)
        snprintf(buf, n, "%.2e", x);
    else
        snprintf(buf, n, "%.4f", x);
    return buf;
}

/* Rounded to nearest; saturates at UINT64_MAX for absurd products. */
uint64_t number_scaled(double mean, double scale) {
    if (!(mean > 0) || !(scale > 0)) return 0;
    double v = nearbyint(mean * scale);
    if (v < 1) return 1;
    if (v >= 18446744073709551615.0) return UINT64_MAX;
    return (uint64_t)v;
}

double number_scale(const result_export *opt) {
    return opt && opt->scale > 0 ? opt->scale : NUMBER_DEFAULT_SCALE;
}

double number_runs(const result *r) {
    double runs = r->runs > 0 ? (double)r->runs : (double)r->trials;
    uint64_t counted = r->calls > r->warmup ? r->calls - r->warmup : 1;
    if (counted > 1) runs *= (double)counted;
    return runs >= 1 ? runs : 1;
}
