/* tests/distributions/first_draws-t.c: the first draws of many streams at once equal each stream's own draws.
 */
/* SPDX-License-Identifier: MIT */

#include <string.h>

#include "dist_test.h"

/* Whether dist_first_draws of DS (DIRECT as asked) over N streams from FIRST under
 * SEED gives, bit for bit, what positioning a fresh generator at each stream and
 * calling dist_sample for each of DS in turn gives. */
static int same_as_each_stream(const dist *const *ds, size_t nd, int direct, unsigned long long seed,
                               unsigned long long first, unsigned n) {
    gsl_rng *batch = gsl_rng_alloc(dist_rng_philox), *each = gsl_rng_alloc(dist_rng_philox);
    double out[DIST_RNG_AHEAD_STREAMS * 4];
    dist_first_draws(ds, nd, direct, batch, seed, first, n, out);
    int same = 1;
    for (unsigned t = 0; t < n; t++) {
        dist_rng_position(each, seed, first + t);
        for (size_t k = 0; k < nd; k++) {
            double v = dist_sample(ds[k], each);
            uint64_t want, got;
            memcpy(&want, &v, sizeof want);
            memcpy(&got, &out[t * nd + k], sizeof got);
            same &= want == got;
        }
    }
    gsl_rng_free(batch);
    gsl_rng_free(each);
    return same;
}

int main(void) {
    plan(6);
    gsl_rng *r = gsl_rng_alloc(dist_rng_philox);
    dist *owned[6] = {make_n("uniform", 2, 100.0, 800.0), make_n("uniform", 2, -1.0, 1.0),
                      make_n("uniform", 2, 0.0, 1e-300),  make_n("uniform", 2, -5e9, 3.0),
                      make_n("uniform", 2, 0.0, 1.0),     make_n("normal", 2, 0.0, 1.0)};
    const dist *uniforms[4] = {owned[0], owned[1], owned[2], owned[3]};
    ok(dist_first_draws_direct(uniforms, 4, r), "four uniform laws are drawn directly from their blocks");
    const unsigned long long seed = 0xFEEDFACECAFEBEEFull, first = (1ull << 32) - 7;
    ok(same_as_each_stream(uniforms, 4, 1, seed, first, DIST_RNG_AHEAD_STREAMS),
       "...bit for bit as each stream's own draws, across 2^32 streams");

    const dist *mixed[2] = {owned[4], owned[5]};
    ok(!dist_first_draws_direct(mixed, 2, r), "a normal law is not drawn directly");
    ok(same_as_each_stream(mixed, 2, 0, seed, 12345, DIST_RNG_AHEAD_STREAMS),
       "...and the usual way gives each stream's own draws, the second after the first");
    const dist *five[5] = {uniforms[0], uniforms[1], uniforms[2], uniforms[3], uniforms[0]};
    ok(!dist_first_draws_direct(five, 5, r), "five draws would leave block 0: not direct");
    ok(same_as_each_stream(uniforms, 1, 1, seed, 0, 5), "a run shorter than a batch");
    for (int k = 0; k < 6; k++) dist_free(owned[k]);
    gsl_rng_free(r);
    return done();
}
