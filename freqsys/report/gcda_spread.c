/* freqsys/report/gcda_spread.c: how much GCC's arc counts vary between chunks of trials: the standard error
 * of a sampled gcda export. */
/* SPDX-License-Identifier: MIT */
#include "gcda_spread.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int gcda_spread_init(gcda_spread *s, size_t n) {
    memset(s, 0, sizeof *s);
    s->n = n;
    s->last = calloc(n + 1, sizeof *s->last);
    s->sum_dd = calloc(n + 1, sizeof *s->sum_dd);
    s->sum_dn = calloc(n + 1, sizeof *s->sum_dn);
    if (s->last && s->sum_dd && s->sum_dn) return 0;
    gcda_spread_free(s);
    return -1;
}

void gcda_spread_add(gcda_spread *s, const uint64_t *totals, uint64_t trials) {
    double n = (double)trials;
    for (size_t c = 0; c < s->n; c++) {
        double d = (double)(totals[c] - s->last[c]);
        s->sum_dd[c] += d * d;
        s->sum_dn[c] += d * n;
        s->last[c] = totals[c];
    }
    s->sum_nn += n * n;
    s->trials += trials;
    s->chunks++;
}

/* Batch means with chunks of n_b trials and mean m = T / N over all of them: the mean
 * is sum_b (n_b / N) x_b, so its variance is estimated by B / (B - 1) sum_b (n_b / N)^2
 * (x_b - m)^2 = B / (B - 1) sum_b (d_b - n_b m)^2 / N^2, expanded into the sums kept. */
double gcda_spread_error(const gcda_spread *s, size_t c) {
    if (s->chunks < 2 || c >= s->n || s->trials == 0) return NAN;
    double big_n = (double)s->trials, m = (double)s->last[c] / big_n, b = (double)s->chunks;
    double squares = s->sum_dd[c] - 2 * m * s->sum_dn[c] + m * m * s->sum_nn;
    if (squares < 0) squares = 0; /* rounding of a constant counter */
    return sqrt(b / (b - 1) * squares) / big_n;
}

double gcda_spread_worst(const gcda_spread *s, double share, size_t *at) {
    double most = 0, worst = NAN;
    for (size_t c = 0; c < s->n; c++) most = (double)s->last[c] > most ? (double)s->last[c] : most;
    for (size_t c = 0; most > 0 && c < s->n; c++) {
        if ((double)s->last[c] < share * most || s->last[c] == 0) continue;
        double rel = gcda_spread_error(s, c) / ((double)s->last[c] / (double)s->trials);
        if (isnan(worst) || rel > worst) {
            worst = rel;
            if (at) *at = c;
        }
    }
    return worst;
}

void gcda_spread_free(gcda_spread *s) {
    free(s->last);
    free(s->sum_dd);
    free(s->sum_dn);
    memset(s, 0, sizeof *s);
}
