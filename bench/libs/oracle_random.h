/* bench/libs/oracle_random.h: the oracle drivers' own random stream (xoshiro256**, seeded through splitmix64) and unbiased draws from it. */
#ifndef ORACLE_RANDOM_H
#define ORACLE_RANDOM_H

#include <stdint.h>

/* A stream that shares nothing with freqsys's: the oracle and freqsys agree in
 * distribution only. xoshiro256** by Blackman and Vigna. */
static uint64_t oracle_state[4];

static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static void seed_rng(uint64_t seed) {
    for (int k = 0; k < 4; k++) oracle_state[k] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
}

static uint64_t next64(void) {
    uint64_t *s = oracle_state, result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Uniform on 0..N-1 (N >= 1): rejection below 2^64 mod N leaves whole copies of
 * 0..N-1, so x % N is unbiased. */
static uint64_t below(uint64_t n) {
    uint64_t floor = (0 - n) % n, x;
    do x = next64();
    while (x < floor);
    return x % n;
}

#endif
