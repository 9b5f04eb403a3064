/* freqsys/runtime/gen_draws.c: the spec's C generators in the module, and the draws <freqsys/gen.h> gives
 * them. */
/* SPDX-License-Identifier: MIT */
#include "gen_draws.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>
#include "freqsys/abi.h"
#include "trial_draws.h"

/* The module's table of generators: defined by the module when its spec has
 * generators (transform/generators.c), absent otherwise; weak and hidden, so a
 * module without it links and reads NULL here. */
extern const fsabi_generator freqsys_generators[] __attribute__((weak, visibility("hidden")));

static runtime_state_gen_draws *const gd = &runtime_state_object.gen_draws;
static trial_draws *const shared = &runtime_state_object.trial_draws;

void gen_draws_bind(const spec *s) {
    gd->spec = s;
}

void *gen_draws_find(const char *name) {
    const fsabi_generator *t = freqsys_generators;
    for (size_t i = 0; t && t[i].name; i++)
        if (strcmp(t[i].name, name) == 0) return t[i].function;
    return NULL;
}

/* 64 bits of the stream (Philox gives 32 at a time). */
static uint64_t bits64(void) {
    uint64_t hi = gsl_rng_get(shared->rng);
    return hi << 32 | gsl_rng_get(shared->rng);
}

/* LO + OFFSET, for OFFSET <= HI - LO: computed modulo 2^64 and read back as signed
 * without an implementation-defined conversion. */
static long long add(long long lo, uint64_t offset) {
    uint64_t u = (uint64_t)lo + offset;
    return u <= (uint64_t)LLONG_MAX ? (long long)u : -(long long)(UINT64_MAX - u) - 1;
}

long long freqsys_rt_gen_int(long long lo, long long hi) {
    if (lo > hi) runtime_fail("fs_int(%lld, %lld): the lower end is above the upper", lo, hi);
    uint64_t span = (uint64_t)hi - (uint64_t)lo; /* HI - LO, exact modulo 2^64 */
    if (span < 0xffffffffu) return lo + (long long)gsl_rng_uniform_int(shared->rng, (unsigned long)span + 1);
    if (span == UINT64_MAX) return add(lo, bits64());
    /* Rejection: the values from 2^64 mod n up fill whole copies of 0..n-1. */
    uint64_t n = span + 1, floor = (0 - n) % n, x;
    do x = bits64();
    while (x < floor);
    return add(lo, x % n);
}

double freqsys_rt_gen_real(void) {
    return gsl_rng_uniform(shared->rng);
}

double freqsys_rt_gen_draw(const char *name) {
    const spec_input *in = gd->spec && name ? spec_find_draw(gd->spec, name) : NULL;
    if (!in)
        runtime_fail("fs_draw(\"%s\"): the spec declares no 'draw %s ~ ...'", name ? name : "(null)",
                     name ? name : "(null)");
    return runtime_draw(in->value.dist, in->name);
}
