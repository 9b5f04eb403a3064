/* freqsys/report/gcda_spread.h: how much GCC's arc counts vary between chunks of trials: the standard error
 * of a sampled gcda export. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_GCDA_SPREAD_H
#define FREQSYS_GCDA_SPREAD_H

#include <stddef.h>
#include <stdint.h>

/* Running sums over chunks of trials, per arc counter: the counter's total after each
 * chunk gives the chunk's count d_b over its n_b trials. */
typedef struct gcda_spread {
    size_t n;                /* counters */
    uint64_t *last;          /* each counter's total after the previous chunk */
    double *sum_dd, *sum_dn; /* per counter: sum of d_b^2, sum of d_b n_b */
    double sum_nn;           /* sum of n_b^2 */
    uint64_t trials;         /* sum of n_b */
    size_t chunks;
} gcda_spread;

/* Starts the sums for N counters. Returns 0, or -1 when memory ran out. */
int gcda_spread_init(gcda_spread *s, size_t n);

/* Adds a chunk of TRIALS trials after which the counters' totals are TOTALS[0..n). */
void gcda_spread_add(gcda_spread *s, const uint64_t *totals, uint64_t trials);

/* The standard error of counter C's mean per trial, by batch means over the chunks
 * (weighted by their sizes); NAN with fewer than 2 chunks. An estimate: the chunks'
 * counts stand in for the distribution's. */
double gcda_spread_error(const gcda_spread *s, size_t c);

/* The largest standard error relative to its counter's mean, over the counters whose
 * mean is at least SHARE of the largest mean (*AT: that counter); NAN when none or
 * fewer than 2 chunks. */
double gcda_spread_worst(const gcda_spread *s, double share, size_t *at);

void gcda_spread_free(gcda_spread *s);

#endif
