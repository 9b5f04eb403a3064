/* lz4 oracle driver, sampled: LZ4_decompress_safe on blocks from gen_block.c's make_block,
 * as lz4_random.fspec asks, in 10 batches of N calls (one oracle_dump per batch).
 *
 *   random_driver DUMP [N [SEED]]     (N default 1000000, SEED default 1)
 *
 * The generator is compiled here, in the driver's translation unit, so it carries no
 * coverage; its <freqsys/gen.h> must resolve to oracle_include/freqsys/gen.h (pass
 * -I bench/libs/lz4/oracle_include to oracle.sh).  fs_int and fs_real are defined below
 * on oracle_random.h's stream: the oracle's draws share nothing with freqsys's, only
 * the distribution. */
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lz4.h"
#include "oracle_counts.h"
#include "oracle_random.h"

#include "gen_block.c" /* make_block, with <freqsys/gen.h> from oracle_include */

#define BATCHES 10
#define CAP 512  /* generator(make_block, 512) */
#define DEST 256 /* buffer(256), maxDecompressedSize ~ constant(256) */

/* ---- the generators' draws ---- */

/* LO + OFFSET for OFFSET <= HI - LO, modulo 2^64, read back as signed without overflow. */
static long long add_offset(long long lo, uint64_t offset) {
    uint64_t u = (uint64_t)lo + offset;
    return u <= (uint64_t)LLONG_MAX ? (long long)u : -(long long)(UINT64_MAX - u) - 1;
}

/* Uniform on [LO, HI], both ends included: rejection below 2^64 mod n leaves whole
 * copies of 0..n-1, so x % n is unbiased. */
long long fs_int(long long lo, long long hi) {
    if (lo > hi) {
        fprintf(stderr, "fs_int(%lld, %lld): the lower end is above the upper\n", lo, hi);
        abort();
    }
    uint64_t span = (uint64_t)hi - (uint64_t)lo; /* HI - LO, exact modulo 2^64 */
    if (span == UINT64_MAX) return add_offset(lo, next64());
    return add_offset(lo, below(span + 1));
}

/* Uniform on [0, 1): the top 53 bits over 2^53. */
double fs_real(void) {
    return (double)(next64() >> 11) * 0x1.0p-53;
}

/* ---- the calls ---- */

int main(int argc, char **argv) {
    if (argc < 2 || argc > 4) {
        fprintf(stderr, "usage: %s DUMP [CALLS_PER_BATCH [SEED]]\n", argv[0]);
        return 2;
    }
    char *end;
    unsigned long n = 1000000;
    if (argc > 2 && ((n = strtoul(argv[2], &end, 10)) == 0 || *end)) {
        fprintf(stderr, "%s: CALLS_PER_BATCH must be a positive integer, not %s\n", argv[0], argv[2]);
        return 2;
    }
    uint64_t seed = 1;
    if (argc > 3 && (seed = strtoull(argv[3], &end, 10), *end || !*argv[3])) {
        fprintf(stderr, "%s: SEED must be an integer, not %s\n", argv[0], argv[3]);
        return 2;
    }
    seed_rng(seed);

    static unsigned char buf[CAP];
    static char dest[DEST];
    for (int b = 0; b < BATCHES; b++) {
        for (unsigned long i = 0; i < n; i++) {
            memset(buf, 0, sizeof buf);
            size_t len = make_block(buf, CAP);
            if (len > CAP) {
                fprintf(stderr, "%s: make_block returned %zu bytes, more than %d\n", argv[0], len, CAP);
                return 2;
            }
            /* The bytes in a fresh allocation of their size plus a NUL, as freqsys passes them. */
            char *src = malloc(len + 1);
            if (!src) {
                fputs("out of memory\n", stderr);
                return 2;
            }
            memcpy(src, buf, len);
            src[len] = '\0';
            memset(dest, 0, sizeof dest);
            LZ4_decompress_safe(src, dest, (int)len, DEST);
            free(src);
        }
        oracle_dump(argv[1], n);
    }
    return 0;
}
