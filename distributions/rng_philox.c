/* distributions/rng_philox.c: Philox4x32-10 (Salmon et al., SC 2011) as a gsl_rng_type. */
/* SPDX-License-Identifier: MIT */

/* Counter-based: output block i is a keyed bijection of the 128-bit counter,
 *   counter = (stream low, stream high, block low, block high), key = 64-bit seed,
 * ten rounds of  (L0,R0,L1,R1) -> (hi(M1*L1) ^ R0 ^ k0, lo(M1*L1), hi(M0*L0) ^ R1 ^ k1, lo(M0*L0))
 * with M0 = 0xD2511F53, M1 = 0xCD9E8D57 and the key bumped by the Weyl constants
 * 0x9E3779B9, 0xBB67AE85 between rounds. Jumping to any (seed, stream) is just a store. */
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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
    /* dist_rng_prepare_run's block 0 of streams run_first .. + run_n - 1 under
     * run_key, rounded up to whole groups of lanes */
    uint32_t run_key[2];
    uint64_t run_first;
    unsigned run_n;
    uint32_t run_out[DIST_RNG_AHEAD_STREAMS][4];
} state;

/* Streams whose blocks are computed side by side: two to an SSE2 register (the
 * baseline of x86-64), four words each, sixteen registers in all. */
#define LANES 16
_Static_assert(DIST_RNG_AHEAD_STREAMS % LANES == 0, "the run is whole groups of lanes");

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
    } else if (stream - s->run_first < s->run_n && s->run_key[0] == s->key[0] && s->run_key[1] == s->key[1]) {
        memcpy(s->out, s->run_out[stream - s->run_first], sizeof s->out);
        s->ctr[2] = 1;
        s->used = 0;
    }
}

/* gsl_rng_set: stream 0 under SEED. */
static void set(void *vs, unsigned long seed) {
    state *s = vs;
    s->ahead_ready = 0; /* gsl_rng_alloc's state is not zeroed */
    s->run_n = 0;
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

#if defined(__SSE2__)
/* Block 0 of streams FIRST .. FIRST + LANES - 1 under KEY into OUT: the rounds of
 * dist_rng_philox_block, two streams to a register, each 32-bit word in the low
 * half of a 64-bit lane, where pmuludq takes it. The high halves are never cleared:
 * every use ignores them (the products read low halves, the output truncates). */
static void philox_lanes(uint64_t first, const uint32_t key[2], uint32_t out[LANES][4]) {
    __m128i x0[LANES / 2], x1[LANES / 2], x2[LANES / 2], x3[LANES / 2];
    const __m128i m0 = _mm_set1_epi64x(0xD2511F53), m1 = _mm_set1_epi64x(0xCD9E8D57);
    for (unsigned h = 0; h < LANES / 2; h++) {
        uint64_t a = first + 2 * h, b = a + 1;
        x0[h] = _mm_set_epi64x((long long)(uint32_t)b, (long long)(uint32_t)a);
        x1[h] = _mm_set_epi64x((long long)(b >> 32), (long long)(a >> 32));
        x2[h] = _mm_setzero_si128();
        x3[h] = _mm_setzero_si128();
    }
    uint32_t k0 = key[0], k1 = key[1];
    for (int round = 0; round < 10; round++) {
        const __m128i kk0 = _mm_set1_epi64x(k0), kk1 = _mm_set1_epi64x(k1);
        for (unsigned h = 0; h < LANES / 2; h++) {
            __m128i p0 = _mm_mul_epu32(m0, x0[h]), p1 = _mm_mul_epu32(m1, x2[h]);
            x0[h] = _mm_xor_si128(_mm_xor_si128(_mm_srli_epi64(p1, 32), x1[h]), kk0);
            x1[h] = p1;
            x2[h] = _mm_xor_si128(_mm_xor_si128(_mm_srli_epi64(p0, 32), x3[h]), kk1);
            x3[h] = p0;
        }
        k0 += 0x9E3779B9u;
        k1 += 0xBB67AE85u;
    }
    for (unsigned h = 0; h < LANES / 2; h++) {
        uint64_t w0[2], w1[2], w2[2], w3[2];
        _mm_storeu_si128((__m128i *)w0, x0[h]);
        _mm_storeu_si128((__m128i *)w1, x1[h]);
        _mm_storeu_si128((__m128i *)w2, x2[h]);
        _mm_storeu_si128((__m128i *)w3, x3[h]);
        for (unsigned j = 0; j < 2; j++) {
            out[2 * h + j][0] = (uint32_t)w0[j];
            out[2 * h + j][1] = (uint32_t)w1[j];
            out[2 * h + j][2] = (uint32_t)w2[j];
            out[2 * h + j][3] = (uint32_t)w3[j];
        }
    }
}
#else
static void philox_lanes(uint64_t first, const uint32_t key[2], uint32_t out[LANES][4]) {
    for (unsigned l = 0; l < LANES; l++) {
        const uint32_t ctr[4] = {(uint32_t)(first + l), (uint32_t)((first + l) >> 32), 0, 0};
        dist_rng_philox_block(ctr, key, out[l]);
    }
}
#endif

void dist_rng_prepare_run(gsl_rng *r, unsigned long long seed, unsigned long long first, unsigned n) {
    if (r->type != &philox) return;
    state *s = r->state;
    if (n > DIST_RNG_AHEAD_STREAMS) n = DIST_RNG_AHEAD_STREAMS;
    s->run_key[0] = (uint32_t)seed;
    s->run_key[1] = (uint32_t)(seed >> 32);
    s->run_first = first;
    s->run_n = n;
    for (unsigned g = 0; g < n; g += LANES) philox_lanes(first + g, s->run_key, &s->run_out[g]);
}

const uint32_t (*dist_rng_run_blocks(gsl_rng *r, unsigned long long seed, unsigned long long first,
                                     unsigned n))[4] {
    if (r->type != &philox) return NULL;
    const state *s = r->state;
    if (s->run_first != first || s->run_n < n || s->run_key[0] != (uint32_t)seed ||
        s->run_key[1] != (uint32_t)(seed >> 32))
        return NULL;
    return (const uint32_t(*)[4])s->run_out;
}
