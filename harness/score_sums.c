/* harness/score_sums.c: exact sums over trials of block counts times parameter scores, the data of
 * sensitivities. */
/* SPDX-License-Identifier: MIT */
#include "score_sums.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Terms beyond this (in units of 2^-32) are not summed: 2^100 leaves room for 2^27
 * trials of the largest term before a sum could leave 127 bits, and the additions
 * check for that too. */
#define TERM_LIMIT 0x1p100

int score_sums_init(score_sums *s, uint32_t nblocks, uint32_t nparams) {
    memset(s, 0, sizeof *s);
    if ((uint64_t)nblocks * nparams > SCORE_SUMS_MAX_PAIRS) return -1;
    s->nblocks = nblocks;
    s->nparams = nparams;
    s->pair = calloc((size_t)nblocks * nparams * 4 + 1, sizeof *s->pair);
    s->param = calloc((size_t)nparams * 2 + 1, sizeof *s->param);
    s->used = calloc((size_t)nblocks + 1, sizeof *s->used);
    s->is_used = calloc((size_t)nblocks + 1, 1);
    if (!s->pair || !s->param || !s->used || !s->is_used) {
        score_sums_free(s);
        return -1;
    }
    return 0;
}

void score_sums_free(score_sums *s) {
    free(s->pair);
    free(s->param);
    free(s->used);
    free(s->is_used);
    memset(s, 0, sizeof *s);
}

/* Adds X, rounded to a multiple of 2^-32 once, to *SUM; an X or a sum too large
 * marks S saturated instead. Doubles and 64-bit conversions keep it to a few
 * instructions a term (long double conversions to 128 bits cost a hundred times
 * more); past 2^63 units a double is an integer already, and is shifted exactly. */
static inline void add_term(score_sums *s, __int128 *sum, double x) {
    double scaled = x * 0x1p32; /* exact: a power of two */
    __int128 q;
    if (fabs(scaled) < 0x1p62) {
        /* to nearest (ties away from 0) by a truncating conversion, which compiles to
         * one instruction where llrint is a call; IEEE arithmetic makes it the same
         * on every machine */
        q = (__int128)(int64_t)(scaled + (scaled < 0 ? -0.5 : 0.5));
    } else if (fabs(scaled) < (double)TERM_LIMIT) {
        int e;
        double m = frexp(scaled, &e); /* scaled = m 2^e, 0.5 <= |m| < 1, e > 62 */
        q = (__int128)(int64_t)ldexp(m, 62) * ((__int128)1 << (e - 62));
    } else {
        s->saturated = 1;
        return;
    }
    if (__builtin_add_overflow(*sum, q, sum)) s->saturated = 1;
}

static void add_block(score_sums *s, uint32_t block, uint64_t count, const double *scores) {
    double c = (double)count;
    __int128 *sums = s->pair + (size_t)block * s->nparams * 4;
    for (uint32_t p = 0; p < s->nparams; p++, sums += 4) {
        double cs = c * scores[p];
        add_term(s, &sums[0], cs);
        add_term(s, &sums[1], c * cs);
        add_term(s, &sums[2], cs * scores[p]);
        add_term(s, &sums[3], c * cs * scores[p]);
    }
    if (!s->is_used[block]) {
        s->is_used[block] = 1;
        s->used[s->nused++] = block;
    }
}

static void add_scores(score_sums *s, const double *scores) {
    for (uint32_t p = 0; p < s->nparams; p++) {
        add_term(s, &s->param[2 * p], scores[p]);
        add_term(s, &s->param[2 * p + 1], scores[p] * scores[p]);
    }
}

void score_sums_trial(score_sums *s, const fsabi_module *mod, const double *scores) {
    add_scores(s, scores);
    uint32_t nt = *mod->touched_count;
    for (uint32_t k = 0; k < nt; k++) {
        const fsabi_function *f = &mod->functions[mod->touched_list[k]];
        for (uint32_t j = f->first_block; j < f->first_block + f->nblocks && j < s->nblocks; j++)
            if (mod->counters[j]) add_block(s, j, mod->counters[j], scores);
    }
}

void score_sums_add_trial(score_sums *s, const uint64_t *counts, const double *scores) {
    add_scores(s, scores);
    for (uint32_t j = 0; j < s->nblocks; j++)
        if (counts[j]) add_block(s, j, counts[j], scores);
}

static void emit(__int128 *sum, uint32_t index, score_sum_kind kind, void (*fn)(const wire_bin *, void *),
                 void *ctx) {
    if (!*sum) return;
    unsigned __int128 u = (unsigned __int128)*sum;
    wire_bin b = {index, (uint32_t)kind, (uint64_t)u, (uint64_t)(u >> 64)};
    fn(&b, ctx);
    *sum = 0;
}

void score_sums_drain(score_sums *s, void (*fn)(const wire_bin *b, void *ctx), void *ctx) {
    for (size_t k = 0; k < s->nused; k++) {
        uint32_t block = s->used[k];
        s->is_used[block] = 0;
        for (uint32_t p = 0; p < s->nparams; p++) {
            uint32_t pair = block * s->nparams + p;
            for (int i = 0; i < 4; i++)
                emit(&s->pair[(size_t)pair * 4 + i], pair, (score_sum_kind)(SCORE_SUM_CS + i), fn, ctx);
        }
    }
    s->nused = 0;
    for (uint32_t p = 0; p < s->nparams; p++) {
        emit(&s->param[2 * p], p, SCORE_SUM_S, fn, ctx);
        emit(&s->param[2 * p + 1], p, SCORE_SUM_SS, fn, ctx);
    }
    if (s->saturated) {
        wire_bin b = {0, SCORE_SUM_SATURATED, 0, 0};
        fn(&b, ctx);
        s->saturated = 0;
    }
}

int score_sums_add_record(score_sums *s, const wire_bin *b) {
    __int128 v = (__int128)(((unsigned __int128)b->trials << 64) | b->value);
    __int128 *sum;
    if (b->pad >= SCORE_SUM_CS && b->pad <= SCORE_SUM_CCSS) {
        if (b->block >= (uint64_t)s->nblocks * s->nparams) return -1;
        sum = &s->pair[(size_t)b->block * 4 + (b->pad - SCORE_SUM_CS)];
    } else if (b->pad == SCORE_SUM_S || b->pad == SCORE_SUM_SS) {
        if (b->block >= s->nparams) return -1;
        sum = &s->param[2 * (size_t)b->block + (b->pad - SCORE_SUM_S)];
    } else if (b->pad == SCORE_SUM_SATURATED) {
        s->saturated = 1;
        return 0;
    } else {
        return -1;
    }
    if (__builtin_add_overflow(*sum, v, sum)) s->saturated = 1;
    return 0;
}

static long double mean_of(__int128 sum, uint64_t n) {
    return ldexpl((long double)sum, -SCORE_SUMS_FRACTION_BITS) / (long double)n;
}

int score_sums_estimate(const score_sums *s, uint32_t block, uint32_t param, uint64_t n, double mean_c,
                        double var_c, double z, double *derivative, double *half_width) {
    if (n < 2 || s->saturated || block >= s->nblocks || param >= s->nparams) return -1;
    if (var_c == 0) { /* the same count in every trial: its sample covariance with anything is 0 */
        *derivative = *half_width = 0; /* (the rounded sums would leave 1e-14 of noise) */
        return 0;
    }
    const __int128 *sums = s->pair + ((size_t)block * s->nparams + param) * 4;
    long double a = mean_c, b = mean_of(s->param[2 * param], n);
    long double cs = mean_of(sums[0], n), ccs = mean_of(sums[1], n), css = mean_of(sums[2], n),
                ccss = mean_of(sums[3], n);
    long double cc = (long double)var_c * (long double)(n - 1) / (long double)n + a * a;
    long double ss = mean_of(s->param[2 * param + 1], n);
    long double cov = cs - a * b; /* divisor n */
    /* E[(c - a)^2 (S - b)^2], expanded into the sums' means */
    long double m22 = ccss - 2 * b * ccs + b * b * cc - 2 * a * css + 4 * a * b * cs - 2 * a * b * b * a +
                      a * a * ss - 2 * a * a * b * b + a * a * b * b;
    long double influence = m22 - cov * cov; /* the variance of one trial's share of the covariance */
    if (influence < 0) influence = 0;
    *derivative = (double)(cov * (long double)n / (long double)(n - 1));
    *half_width = (double)(z * sqrtl(influence / (long double)n));
    return 0;
}
