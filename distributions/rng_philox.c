/* distributions/rng_philox.c: Philox4x32-10 (Salmon et al., SC 2011) as a gsl_rng_type. */
/* SPDX-License-Identifier: MIT */

/* Counter-based: output block i is a keyed bijection of the 128-bit counter,
 *   counter = (stream low, stream high, block low, block high), key = 64-bit seed,
 * ten rounds of  (L0,R0,L1,R1) -> (hi(M1*L1) ^ R0 ^ k0, lo(M1*L1), hi(M0*L0) ^ R1 ^ k1, lo(M0*L0))
 * with M0 = 0xD2511F53, M1 = 0xCD9E8D57 and the key bumped by the Weyl constants
 * 0x9E3779B9, 0xBB67AE85 between rounds. Jumping to any (seed, stream) is just a store. */
#include <stdint.h>
#include <string.h>

#include "dist_impl.h"

typedef struct state {
    uint32_t key[2];
    uint32_t ctr[4];
    uint32_t out[4];
    unsigned used; /* words of OUT already handed out; 4 means refill */
    /* dist_rng_prepare's block 0 of stream (ahead_ctr[0], ahead_ctr[1]) under key
     * ahead_key; valid when ahead_ready */
    uint32_t ahead_key[2], ahead_ctr[2];
    uint32_t ahead_out[4];
    unsigned ahead_ready;
} state;

static inline uint32_t mulhi(uint32_t a, uint32_t b, uint32_t *lo) {
    uint64_t p = (uint64_t)a * b;
    *lo = (uint32_t)p;
    return (uint32_t)(p >> 32);
}

/* One block: ten rounds over a copy of the counter. Can't fail. */
void dist_rng_philox_block(const uint32_t ctr[4], const uint32_t key[2], uint32_t out[4]) {
    uint32_t x0 = ctr[0], x1 = ctr[1], x2 = ctr[2], x3 = ctr[3];
    uint32_t k0 = key[0], k1 = key[1];
    for (int round = 0; round < 10; round++) {
        uint32_t lo0, lo1;
        uint32_t hi0 = mulhi(0xD2511F53u, x0, &lo0);
        uint32_t hi1 = mulhi(0xCD9E8D57u, x2, &lo1);
        uint32_t y0 = hi1 ^ x1 ^ k0, y2 = hi0 ^ x3 ^ k1;
        x0 = y0;
        x1 = lo1;
        x2 = y2;
        x3 = lo0;
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
    out[0] = x0;
    out[1] = x1;
    out[2] = x2;
    out[3] = x3;
}

static unsigned long get(void *vs) {
    state *s = vs;
    if (s->used == 4) {
        dist_rng_philox_block(s->ctr, s->key, s->out);
        if (++s->ctr[2] == 0) ++s->ctr[3];
        s->used = 0;
    }
    return s->out[s->used++];
}

/* 32 bits of resolution, like GSL's own 32-bit generators: uniform on [0, 1). */
static double get_double(void *vs) {
    return (double)get(vs) * (1.0 / 4294967296.0);
}

static void place(state *s, uint64_t seed, uint64_t stream) {
    s->key[0] = (uint32_t)seed;
    s->key[1] = (uint32_t)(seed >> 32);
    s->ctr[0] = (uint32_t)stream;
    s->ctr[1] = (uint32_t)(stream >> 32);
    s->ctr[2] = 0;
    s->ctr[3] = 0;
    s->used = 4;
    if (s->ahead_ready && s->ahead_key[0] == s->key[0] && s->ahead_key[1] == s->key[1] &&
        s->ahead_ctr[0] == s->ctr[0] && s->ahead_ctr[1] == s->ctr[1]) {
        /* what get() would do first: block 0 out, the counter on to block 1 */
        memcpy(s->out, s->ahead_out, sizeof s->out);
        s->ctr[2] = 1;
        s->used = 0;
    }
}

/* gsl_rng_set: stream 0 under SEED. */
static void set(void *vs, unsigned long seed) {
    state *s = vs;
    s->ahead_ready = 0; /* gsl_rng_alloc's state is not zeroed */
    place(s, seed, 0);
}

static const gsl_rng_type philox = {
    "philox4x32", 0xffffffffUL, 0, sizeof(state), set, get, get_double,
};

const gsl_rng_type *dist_rng_philox = &philox;

/* Can't fail. For a generator of another type it falls back to gsl_rng_set with a
 * mix of SEED and STREAM, which is correct but costs what that type's seeding costs. */
void dist_rng_position(gsl_rng *r, unsigned long long seed, unsigned long long stream) {
    if (r->type == &philox) {
        place(r->state, seed, stream);
        return;
    }
    uint64_t z = seed ^ (stream * 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    gsl_rng_set(r, (unsigned long)(z ^ (z >> 31)));
}

void dist_rng_prepare(gsl_rng *r, unsigned long long seed, unsigned long long stream) {
    if (r->type != &philox) return;
    state *s = r->state;
    s->ahead_key[0] = (uint32_t)seed;
    s->ahead_key[1] = (uint32_t)(seed >> 32);
    s->ahead_ctr[0] = (uint32_t)stream;
    s->ahead_ctr[1] = (uint32_t)(stream >> 32);
    const uint32_t ctr[4] = {s->ahead_ctr[0], s->ahead_ctr[1], 0, 0};
    dist_rng_philox_block(ctr, s->ahead_key, s->ahead_out);
    s->ahead_ready = 1;
}
