/* distributions/first_draws.c: the first draws of many streams at once, from their blocks computed side by
 * side. */
/* SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <string.h>

#include "dist_impl.h"

#define MAX_DIRECT      4         /* the words of block 0 */
#define CHECKED_STREAMS 4096      /* streams dist_first_draws_direct compares */
#define CHECK_SEED      0x5EEDull /* any seed: the check is of arithmetic, not of streams */

/* What get_double and gsl_ran_flat make of word W: u in [0, 1), then a (1 - u) + b u,
 * the same operations in the same order. */
static inline double flat_of_word(uint32_t w, double a, double b) {
    double u = (double)w * (1.0 / 4294967296.0);
    return a * (1 - u) + b * u;
}

/* Whether X and Y are the same double bit for bit (-0 and 0 differ, as do NaNs). */
static int same_bits(double x, double y) {
    uint64_t a, b;
    memcpy(&a, &x, sizeof a);
    memcpy(&b, &y, sizeof b);
    return a == b;
}

/* The direct computation for streams FIRST .. FIRST + N - 1, whose blocks R holds
 * (dist_rng_prepare_run); 0, or -1 when it does not hold them. */
static int direct_draws(const dist *const *ds, size_t nd, gsl_rng *r, unsigned long long seed,
                        unsigned long long first, unsigned n, double *out) {
    const uint32_t(*blocks)[4] = dist_rng_run_blocks(r, seed, first, n);
    double a[MAX_DIRECT], b[MAX_DIRECT];
    if (!blocks || nd > MAX_DIRECT) return -1;
    for (size_t k = 0; k < nd; k++)
        if (!dist_uniform_bounds(ds[k], &a[k], &b[k])) return -1;
    for (unsigned t = 0; t < n; t++)
        for (size_t k = 0; k < nd; k++) out[t * nd + k] = flat_of_word(blocks[t][k], a[k], b[k]);
    return 0;
}

/* The usual way: each stream positioned, each draw by dist_sample. */
static void stream_draws(const dist *const *ds, size_t nd, gsl_rng *r, unsigned long long seed,
                         unsigned long long first, unsigned n, double *out) {
    for (unsigned t = 0; t < n; t++) {
        dist_rng_position(r, seed, first + t);
        for (size_t k = 0; k < nd; k++) out[t * nd + k] = dist_sample(ds[k], r);
    }
}

void dist_first_draws(const dist *const *ds, size_t nd, int direct, gsl_rng *r, unsigned long long seed,
                      unsigned long long first, unsigned n, double *out) {
    if (n > DIST_RNG_AHEAD_STREAMS) n = DIST_RNG_AHEAD_STREAMS;
    dist_rng_prepare_run(r, seed, first, n);
    if (direct && direct_draws(ds, nd, r, seed, first, n, out) == 0) return;
    stream_draws(ds, nd, r, seed, first, n, out);
}

int dist_first_draws_direct(const dist *const *ds, size_t nd, gsl_rng *r) {
    if (r->type != dist_rng_philox || nd > MAX_DIRECT) return 0;
    double a, b;
    for (size_t k = 0; k < nd; k++)
        if (!dist_uniform_bounds(ds[k], &a, &b)) return 0;
    double direct[DIST_RNG_AHEAD_STREAMS * MAX_DIRECT], usual[DIST_RNG_AHEAD_STREAMS * MAX_DIRECT];
    for (unsigned long long first = 0; first < CHECKED_STREAMS; first += DIST_RNG_AHEAD_STREAMS) {
        /* the usual draws first, each block computed on the way (the run prepared is
         * another seed's), so that the two share nothing but the arithmetic */
        dist_rng_prepare_run(r, CHECK_SEED + 1, first, DIST_RNG_AHEAD_STREAMS);
        stream_draws(ds, nd, r, CHECK_SEED, first, DIST_RNG_AHEAD_STREAMS, usual);
        dist_rng_prepare_run(r, CHECK_SEED, first, DIST_RNG_AHEAD_STREAMS);
        if (direct_draws(ds, nd, r, CHECK_SEED, first, DIST_RNG_AHEAD_STREAMS, direct) != 0) return 0;
        for (size_t i = 0; i < DIST_RNG_AHEAD_STREAMS * nd; i++)
            if (!same_bits(direct[i], usual[i])) return 0;
    }
    return 1;
}
