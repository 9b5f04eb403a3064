/* bench/real/oracle.c: the oracles' generator, draws, drawn standard input and tick tallies (oracle.h). */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "oracle.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TICKS_MAX 16
extern unsigned long real_ticks[TICKS_MAX];

static uint64_t state[4];

static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t next(void) {   /* xoshiro256** */
    uint64_t result = rotl(state[1] * 5, 7) * 9;
    uint64_t t = state[1] << 17;
    state[2] ^= state[0];
    state[3] ^= state[1];
    state[1] ^= state[2];
    state[0] ^= state[3];
    state[2] ^= t;
    state[3] = rotl(state[3], 45);
    return result;
}

double oracle_u01(void) { return (double)(next() >> 11) * 0x1p-53; }

long oracle_uniform_int(long lo, long hi) {
    uint64_t span = (uint64_t)(hi - lo) + 1;
    uint64_t limit = UINT64_MAX - UINT64_MAX % span;   /* rejection: no modulo bias */
    uint64_t x;
    do x = next();
    while (x >= limit);
    return lo + (long)(x % span);
}

double oracle_uniform(double lo, double hi) { return lo + (hi - lo) * oracle_u01(); }

double oracle_normal(double mu, double sigma) {   /* Box-Muller, one of the pair */
    double u = 1.0 - oracle_u01();
    double v = oracle_u01();
    return mu + sigma * sqrt(-2.0 * log(u)) * cos(2.0 * M_PI * v);
}

long oracle_poisson(double mean) {   /* Knuth's product of uniforms: fine for small means */
    double limit = exp(-mean), product = oracle_u01();
    long k = 0;
    while (product > limit) {
        product *= oracle_u01();
        k++;
    }
    return k;
}

long oracle_geometric(double p) {
    if (p >= 1.0) return 1;
    double u = 1.0 - oracle_u01();   /* (0, 1]: P(K > k) = P(u < (1 - p)^k) = (1 - p)^k */
    long k = (long)ceil(log(u) / log1p(-p));
    return k < 1 ? 1 : k;
}

double oracle_exponential(double rate) { return -log1p(-oracle_u01()) / rate; }   /* inverse CDF */

int oracle_bernoulli(double p) { return oracle_u01() < p; }

long oracle_discrete(const long *values, const double *weights, int count) {
    double total = 0;
    for (int i = 0; i < count; i++) total += weights[i];
    double u = oracle_u01() * total;
    for (int i = 0; i < count - 1; i++) {
        if (u < weights[i]) return values[i];
        u -= weights[i];
    }
    return values[count - 1];
}

void oracle_string(char *buf, long len, const char *set) {
    long size = (long)strlen(set);
    for (long i = 0; i < len; i++) buf[i] = set[oracle_uniform_int(0, size - 1)];
    buf[len] = '\0';
}

static char *input_text;
static size_t input_len;
static FILE *input_writer;
static FILE *input_reader;

void oracle_input_start(void) {
    if (input_reader) fclose(input_reader);
    input_reader = NULL;
    free(input_text);
    input_text = NULL;
    input_writer = open_memstream(&input_text, &input_len);
}

void oracle_input_printf(const char *format, ...) {
    va_list ap;
    va_start(ap, format);
    vfprintf(input_writer, format, ap);
    va_end(ap);
}

void oracle_input_finish(void) {
    fclose(input_writer);
    /* fmemopen of 0 bytes is an error on some C libraries: an empty input is /dev/null */
    input_reader = input_len ? fmemopen(input_text, input_len, "r") : fopen("/dev/null", "r");
    if (!input_reader) {
        perror("oracle: standard input");
        exit(2);
    }
    stdin = input_reader;
}

int oracle_main(int argc, char **argv, void (*one_run)(void)) {
    long runs = argc > 1 ? atol(argv[1]) : 100000;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    for (int i = 0; i < 4; i++) state[i] = splitmix(&seed);
    FILE *sink = fopen("/dev/null", "w");   /* what the programs print is not the point */
    if (!sink) return 2;
    FILE *out = stdout;
    stdout = sink;
    double sum[TICKS_MAX] = {0}, squares[TICKS_MAX] = {0};
    for (long r = 0; r < runs; r++) {
        memset(real_ticks, 0, sizeof real_ticks);
        one_run();
        for (int k = 0; k < TICKS_MAX; k++) {
            double x = (double)real_ticks[k];
            sum[k] += x;
            squares[k] += x * x;
        }
    }
    stdout = out;
    for (int k = 0; k < TICKS_MAX; k++) {
        double mean = sum[k] / (double)runs;
        double var = (squares[k] - sum[k] * mean) / (double)(runs - 1);
        printf("tick %d %.9g %.9g\n", k, mean, sqrt(var > 0 ? var / (double)runs : 0));
    }
    return 0;
}
