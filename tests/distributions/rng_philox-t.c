/* tests/distributions/rng_philox-t.c: Philox4x32-10: known answers, streams, frequencies. */
/* SPDX-License-Identifier: MIT */

#include "dist_test.h"

/* Known answers from the generator's authors (Random123's kat_vectors). */
static void known_answer(uint32_t c0, uint32_t c1, uint32_t c2, uint32_t c3, uint32_t k0, uint32_t k1,
                         uint32_t o0, uint32_t o1, uint32_t o2, uint32_t o3) {
    uint32_t ctr[4] = {c0, c1, c2, c3}, key[2] = {k0, k1}, out[4];
    dist_rng_philox_block(ctr, key, out);
    ok(out[0] == o0 && out[1] == o1 && out[2] == o2 && out[3] == o3,
       "Philox4x32-10(ctr %08x.., key %08x..) = %08x %08x %08x %08x", c0, k0, o0, o1, o2, o3);
    if (out[0] != o0) diag("got %08x %08x %08x %08x", out[0], out[1], out[2], out[3]);
}

/* Number of equal words among the first N of two streams. */
static int same_words(gsl_rng *a, gsl_rng *b, int n) {
    int same = 0;
    for (int i = 0; i < n; i++) same += gsl_rng_get(a) == gsl_rng_get(b);
    return same;
}

int main(void) {
    plan(3 + 4 + 6 + 2 + 2 + 2);
    known_answer(0, 0, 0, 0, 0, 0, 0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8);
    known_answer(~0u, ~0u, ~0u, ~0u, ~0u, ~0u, 0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd);
    known_answer(0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344, 0xa4093822, 0x299f31d0, 0xd16cfe09,
                 0x94fdcceb, 0x5001e420, 0x24126ea1);

    gsl_rng *a = gsl_rng_alloc(dist_rng_philox), *b = gsl_rng_alloc(dist_rng_philox);
    is_string(gsl_rng_name(a), "philox4x32", "the type is named philox4x32");
    ok(gsl_rng_max(a) == 0xffffffffUL && gsl_rng_min(a) == 0, "...with 32-bit output");
    /* The stream is the counter's first half: block 0 of stream 0 under key 0 is the
     * first known answer. */
    dist_rng_position(a, 0, 0);
    ok(gsl_rng_get(a) == 0x6627e8d5 && gsl_rng_get(a) == 0xe169c58d,
       "position (0, 0) starts with the known block");
    gsl_rng_set(b, 77);
    dist_rng_position(a, 77, 0);
    is_int(same_words(a, b, 1000), 1000, "gsl_rng_set(seed) is stream 0 of that seed");

    dist_rng_position(a, 12345, 678);
    dist_rng_position(b, 12345, 678);
    is_int(same_words(a, b, 10000), 10000, "the same (seed, stream) gives the same words");
    dist_rng_position(a, 12345, 678);
    double u0 = gsl_rng_uniform(a);
    for (int i = 0; i < 37; i++) gsl_rng_get(a);
    dist_rng_position(a, 12345, 678);
    ok(gsl_rng_uniform(a) == u0, "...also after repositioning mid-block");
    /* Independent 32-bit words agree by chance with probability 2^-32: 10000 words
     * should give no match at all (expected 2.3e-6). */
    dist_rng_position(a, 12345, 678);
    dist_rng_position(b, 12345, 679);
    is_int(same_words(a, b, 10000), 0, "neighbouring streams differ");
    dist_rng_position(a, 12345, 678);
    dist_rng_position(b, 12346, 678);
    is_int(same_words(a, b, 10000), 0, "neighbouring seeds differ");
    dist_rng_position(a, 1, 0);
    dist_rng_position(b, 0, 1);
    is_int(same_words(a, b, 10000), 0, "seed and stream are not interchangeable");
    ok(gsl_rng_uniform(a) < 1 && gsl_rng_uniform(a) >= 0, "uniform draws lie in [0, 1)");

    /* dist_rng_prepare computes a stream's first block ahead; a later position there
     * takes it, anywhere else ignores it, and the words are the same every way (b
     * positioned without it is the reference). */
    int prepared_same = 1;
    for (unsigned s = 0; s < 64; s++) {
        dist_rng_prepare(a, 99, s % 3 ? s : s + 1); /* every third one prepares another stream */
        dist_rng_position(a, 99, s);
        dist_rng_position(b, 99, s);
        prepared_same &= same_words(a, b, 9) == 9; /* past the first block */
    }
    ok(prepared_same, "a prepared first block gives the same words as one computed on the way");
    dist_rng_prepare(a, 5, 0);
    dist_rng_position(a, 6, 0);
    dist_rng_position(b, 6, 0);
    is_int(same_words(a, b, 9), 9, "...and one prepared under another seed is not taken");

    /* dist_rng_prepare_run computes a run of streams' first blocks side by side (in
     * vector lanes); positions inside the run take them, those around it and under
     * another seed compute their own. The run crosses 2^32, so the stream's high
     * word differs between lanes, and the seed has a high word of its own. */
    const unsigned long long seed = 0x9E3779B97F4A7C15ull, first = 0xFFFFFFF0ull;
    dist_rng_prepare_run(a, seed, first, DIST_RNG_AHEAD_STREAMS);
    int run_same = 1;
    for (unsigned long long s = first - 3; s < first + DIST_RNG_AHEAD_STREAMS + 3; s++) {
        dist_rng_position(a, seed, s);
        dist_rng_position(b, seed, s);
        run_same &= same_words(a, b, 9) == 9;
    }
    ok(run_same, "blocks computed ahead in a run give the same words as each computed on the way");
    dist_rng_position(a, seed + 1, first + 1);
    dist_rng_position(b, seed + 1, first + 1);
    is_int(same_words(a, b, 9), 9, "...and a run under another seed is not taken");

    /* Frequencies: 2^22 words, each of its 4 bytes into 256 bins (flag > Z sigma and
     * > 2 counts), and each of its 32 bits (flag > Z sigma). Streams 0..4095 with 1024
     * words each, so the check covers stream changes too. */
    static unsigned long bytes[4][256], bits[32];
    long n = 0;
    for (unsigned s = 0; s < 4096; s++) {
        dist_rng_position(a, 2024, s);
        for (int i = 0; i < 1024; i++, n++) {
            unsigned long w = gsl_rng_get(a);
            for (int k = 0; k < 4; k++) bytes[k][(w >> (8 * k)) & 0xff]++;
            for (int k = 0; k < 32; k++) bits[k] += (w >> k) & 1;
        }
    }
    int bad = 0;
    double want = n / 256.0, sigma = sqrt(n * (1 / 256.0) * (255 / 256.0));
    for (int k = 0; k < 4; k++)
        for (int v = 0; v < 256; v++) {
            double off = fabs(bytes[k][v] - want);
            if (off > Z * sigma && off > 2 && bad++ < 5)
                diag("byte %d value %d: %lu, expected %.0f", k, v, bytes[k][v], want);
        }
    ok(bad == 0, "byte frequencies of %ld words fit 1/256 each", n);
    bad = 0;
    for (int k = 0; k < 32; k++)
        if (fabs(bits[k] - n / 2.0) > Z * sqrt(n / 4.0) && bad++ < 5)
            diag("bit %d set %lu times of %ld", k, bits[k], n);
    ok(bad == 0, "every bit is set half of the time");

    gsl_rng_free(a);
    gsl_rng_free(b);
    return done();
}
