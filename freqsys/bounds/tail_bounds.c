/* freqsys/bounds/tail_bounds.c: bounds that hold outside a far tail of the spec's distributions. */
/* SPDX-License-Identifier: MIT */
#include "tail_bounds.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "dist.h"
#include "freqsys/abi.h"
#include "run_bounds.h"

#define LEVELS_MAX      128
#define LEVEL_RATIO     1.25   /* each level's ranges this much wider: finer levels, tighter L */
#define VALUE_LIMIT     0x1p62 /* the proofs take no wider range */
#define COUNTER_LIMIT   0x1p64 /* no count of one run reaches this: counters are 64-bit */
#define REMAINDER_SMALL (TAIL_MASS_MAX * 1e-3) /* widening stops once the rest adds less */

/* A read site whose declared distribution is unbounded, held to a range per level. */
typedef struct held_site {
    size_t site; /* the read site; the number of read sites: standard input's length or line count */
    const dist *d;
    long *blocks; /* the blocks that draw there, once per read in them */
    size_t nblocks;
    double lo0, hi0; /* level 0's range; -/+INFINITY on a bounded side */
    int of_stdin;    /* standard input's length or line count, not a read */
    int integer;     /* its draws are integers: so are its ranges' ends */
} held_site;

typedef struct levels {
    held_site *held;
    size_t nheld;
    long only;       /* the one site held in this pass (index in held), -1: all */
    uint32_t *bound; /* [level][block] */
    int *cap;        /* [level][block] */
    double *leave;   /* [level]: P(some held draw leaves the level's range in a run) */
    size_t n;        /* levels proven */
} levels;

/* The index in T of block BB of function FN, or -1 when FN is not counted. */
static long block_index(const counter_table *t, LLVMValueRef fn, LLVMBasicBlockRef bb) {
    size_t n;
    const char *name = LLVMGetValueName2(fn, &n);
    for (size_t f = 0; f < t->nfunctions; f++) {
        const counted_function *cf = &t->functions[f];
        if (strcmp(cf->name, name) != 0) continue;
        long k = 0;
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b), k++)
            if (b == bb) return k < (long)cf->nblocks ? (long)cf->first_block + k : -1;
        return -1;
    }
    return -1;
}

/* The blocks that make draws (integer or real) at SITE, once per read in them, in *OUT (to
 * free); their number (0 also when one of them is not counted), or -1 when out of
 * memory. */
static long draw_blocks(LLVMModuleRef m, const counter_table *t, size_t site, long **out) {
    size_t n = 0, cap = 0;
    *out = NULL;
    for (LLVMValueRef fn = LLVMGetFirstFunction(m); fn; fn = LLVMGetNextFunction(fn))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
                if (!LLVMIsACallInst(i) || LLVMGetNumArgOperands(i) != 1) continue;
                LLVMValueRef callee = LLVMGetCalledValue(i), at = LLVMGetOperand(i, 0);
                size_t len;
                if (!callee || !LLVMIsAFunction(callee) ||
                    (strcmp(LLVMGetValueName2(callee, &len), FSABI_READ_INT) != 0 &&
                     strcmp(LLVMGetValueName2(callee, &len), FSABI_READ_REAL) != 0) ||
                    !LLVMIsAConstantInt(at) || LLVMConstIntGetZExtValue(at) != site)
                    continue;
                long j = block_index(t, fn, bb);
                if (j < 0) {
                    free(*out);
                    *out = NULL;
                    return 0; /* drawn where nothing is counted: not held */
                }
                if (n == cap) {
                    long *v = realloc(*out, (cap = cap ? 2 * cap : 4) * sizeof *v);
                    if (!v) {
                        free(*out);
                        *out = NULL;
                        return -1;
                    }
                    *out = v;
                }
                (*out)[n++] = j;
            }
    return (long)n;
}

/* The most draws at site S per run, from the bounds BOUND of the blocks that make
 * them; INFINITY when one of them is unbounded. */
static double draws_per_run(const held_site *s, const uint32_t *bound) {
    if (s->of_stdin) return 1; /* drawn once, as the run's standard input is made */
    double draws = 0;
    for (size_t k = 0; k < s->nblocks; k++) {
        if (bound[s->blocks[k]] == FSABI_RUNS_UNBOUNDED) return INFINITY;
        draws += bound[s->blocks[k]];
    }
    return draws;
}

/* The sites to hold: one distribution serves each, unbounded on a side where its
 * tail is known accurately (dist_survival above; the CDF below, which GSL computes
 * accurately in the lower tail), drawn at all. How many times per run is proven per
 * level (leave_chance): a read inside a loop of another held read's trips is drawn a
 * bounded number of times once that read is held. */
static int find_held(LLVMModuleRef m, const counter_table *t, const bound_given *given, levels *lv) {
    lv->held = calloc(given->nreads + 2, sizeof *lv->held);
    if (!lv->held) return -1;
    for (size_t s = 0; s < given->nreads; s++) {
        const dist *d = given->read_dist ? given->read_dist[s] : NULL;
        int high = !(given->read_hi[s] < INFINITY), low = !(given->read_lo[s] > -INFINITY);
        if (!d || (!high && !low)) continue;
        double median = dist_quantile(d, 0.5);
        if (high && isnan(dist_survival(d, median))) continue;
        long *blocks = NULL, n = draw_blocks(m, t, s, &blocks);
        if (n < 0) return -1;
        if (n == 0) continue;
        held_site h = {s, d, blocks, (size_t)n, -INFINITY, INFINITY, 0, dist_is_integer(d)};
        /* a real draw's range need not be whole: exponential(20)'s 0.9 quantile is 0.115 */
        double q9 = dist_quantile(d, 0.9), q1 = dist_quantile(d, 0.1);
        if (high) h.hi0 = h.integer ? fmax(1.0, ceil(q9)) : q9 > 0 ? q9 : 1.0;
        if (low) h.lo0 = h.integer ? fmin(-1.0, floor(q1)) : q1 < 0 ? q1 : -1.0;
        lv->held[lv->nheld++] = h;
    }
    /* standard input's length or line count, when only its tail leaves it unbounded */
    const dist *count = given->walks.stdin_bounded ? NULL : given->walks.stdin_count;
    if (count && !isnan(dist_survival(count, dist_quantile(count, 0.5))))
        lv->held[lv->nheld++] = (held_site){
            given->nreads, count, NULL, 0, -INFINITY, fmax(1.0, ceil(dist_quantile(count, 0.9))), 1, 1};
    return 0;
}

/* The chance that a run's held draws leave a level's ranges (LO, HI per site), as
 * an upper bound: the union over draws, rounded up. Each site is drawn at most as
 * often as BOUND, the level's proof, says its blocks run: only the first draw that
 * leaves matters, and until it the run is one inside the level, so no more draws of
 * a site can come before it than such a run makes. */
static double leave_chance(const levels *lv, const double *lo, const double *hi, const uint32_t *bound) {
    double p = 0;
    for (size_t h = 0; h < lv->nheld; h++) {
        const held_site *s = &lv->held[h];
        if (lv->only >= 0 && (size_t)lv->only != h) continue;
        double out = 0, draws = draws_per_run(s, bound);
        if (!isfinite(draws)) return INFINITY; /* no number of draws is proven: no level */
        if (isfinite(s->hi0)) out += dist_survival(s->d, hi[s->site]);
        if (isfinite(s->lo0)) out += dist_cdf(s->d, lo[s->site]);
        p += draws * out;
    }
    return fmin(1.0, p * (1 + 1e-6) + 1e-300 * (double)lv->nheld);
}

/* GIVEN's read ranges on LO and HI, with no range yet for standard input's count
 * (slot nreads). */
static void start_ranges(const bound_given *given, double *lo, double *hi) {
    memcpy(lo, given->read_lo, given->nreads * sizeof *lo);
    memcpy(hi, given->read_hi, given->nreads * sizeof *hi);
    lo[given->nreads] = -INFINITY;
    hi[given->nreads] = INFINITY;
}

/* HELD proves with standard input's count held to HI's slot for it, when that site
 * is held (in this pass: ONLY is it, or -1 for all): at most that many times its
 * bytes per count. */
static void hold_stdin(const levels *lv, const double *hi, bound_given *held) {
    for (size_t h = 0; h < lv->nheld; h++) {
        const held_site *s = &lv->held[h];
        if (!s->of_stdin || (lv->only >= 0 && (size_t)lv->only != h) || !(hi[s->site] < INFINITY)) continue;
        held->walks.stdin_bounded = 1;
        held->walks.stdin_max = hi[s->site] * held->walks.stdin_per_count;
        if (held->walks.stdin_line_max > 0) held->walks.stdin_lines_max = hi[s->site]; /* a count of lines */
    }
}

/* Held site S's range at a scale of SCALE over level 0's, on LO and HI; an integer
 * site's ends whole, and each at least one wider than the range LO and HI held before
 * (finite: the last level's), so small ranges grow too (1, 2, 3 where 1.25 times
 * would stay at 2). */
static void hold(const held_site *s, double scale, double *lo, double *hi) {
    double was_lo = lo[s->site], was_hi = hi[s->site];
    if (isfinite(s->lo0)) {
        double at = s->integer ? floor(s->lo0 * scale) : s->lo0 * scale;
        if (s->integer && isfinite(was_lo) && at >= was_lo) at = was_lo - 1;
        lo[s->site] = fmax(-VALUE_LIMIT, at);
    }
    if (isfinite(s->hi0)) {
        double at = s->integer ? ceil(s->hi0 * scale) : s->hi0 * scale;
        if (s->integer && isfinite(was_hi) && at <= was_hi) at = was_hi + 1;
        hi[s->site] = fmin(VALUE_LIMIT, at);
    }
}

/* Drops the sites whose number of draws per run no level proves, with every other
 * site held (a read repeated until it gives 0): held together with the others, such
 * a site would leave no level to any of them. A site drawn in a loop of a dropped
 * site's trips goes next, until none does. */
static int drop_unbounded_draws(LLVMModuleRef m, LLVMValueRef entry, LLVMValueRef start,
                                const counter_table *t, const bound_given *given, levels *lv) {
    size_t nb = t->nblocks;
    double *lo = malloc((given->nreads + 1) * sizeof *lo), *hi = malloc((given->nreads + 1) * sizeof *hi);
    uint32_t *bound = malloc((nb + 1) * sizeof *bound);
    int *cap = malloc((nb + 1) * sizeof *cap);
    int rc = lo && hi && bound && cap ? 0 : -1;
    lv->only = -1;
    for (size_t dropped = 1; rc == 0 && dropped && lv->nheld > 0;) {
        start_ranges(given, lo, hi);
        for (size_t h = 0; h < lv->nheld; h++) hold(&lv->held[h], 1, lo, hi);
        bound_given held = *given;
        held.read_lo = lo;
        held.read_hi = hi;
        hold_stdin(lv, hi, &held);
        if ((rc = run_bounds_prove(m, entry, start, t, &held, bound, cap)) != 0) break;
        size_t kept = 0;
        for (size_t h = 0; h < lv->nheld; h++) {
            if (isfinite(draws_per_run(&lv->held[h], bound)))
                lv->held[kept++] = lv->held[h];
            else
                free(lv->held[h].blocks);
        }
        dropped = lv->nheld - kept;
        lv->nheld = kept;
    }
    free(lo);
    free(hi);
    free(bound);
    free(cap);
    return rc;
}

/* Proves every level, widening until the rest of the tail is negligible, a range
 * reaches the proofs' limit, or nothing the proofs bound is left. */
static int prove_levels(LLVMModuleRef m, LLVMValueRef entry, LLVMValueRef start, const counter_table *t,
                        bound_given *given, const uint32_t *max_runs, levels *lv) {
    size_t nb = t->nblocks;
    double *lo = malloc((given->nreads + 1) * sizeof *lo), *hi = malloc((given->nreads + 1) * sizeof *hi);
    lv->bound = malloc(LEVELS_MAX * (nb + 1) * sizeof *lv->bound);
    lv->cap = malloc(LEVELS_MAX * (nb + 1) * sizeof *lv->cap);
    lv->leave = malloc(LEVELS_MAX * sizeof *lv->leave);
    if (!lo || !hi || !lv->bound || !lv->cap || !lv->leave) {
        free(lo);
        free(hi);
        return -1;
    }
    start_ranges(given, lo, hi);
    bound_given held = *given;
    held.read_lo = lo;
    held.read_hi = hi;
    int rc = 0;
    double scale = 1;
    for (size_t k = 0; k < LEVELS_MAX; k++, scale *= LEVEL_RATIO) {
        int wider = 0;
        for (size_t h = 0; h < lv->nheld; h++) {
            const held_site *s = &lv->held[h];
            if (lv->only >= 0 && (size_t)lv->only != h) continue;
            double a = lo[s->site], b = hi[s->site];
            hold(s, scale, lo, hi);
            wider |= lo[s->site] != a || hi[s->site] != b;
        }
        if (!wider) break;
        hold_stdin(lv, hi, &held);
        uint32_t *bound = lv->bound + k * (nb + 1);
        if ((rc = run_bounds_prove(m, entry, start, t, &held, bound, lv->cap + k * (nb + 1))) != 0) break;
        if (!((lv->leave[k] = leave_chance(lv, lo, hi, bound)) <= 1)) break;
        lv->n = k + 1;
        int any = 0;
        for (size_t j = 0; j < nb; j++)
            any |= max_runs[j] == FSABI_RUNS_UNBOUNDED && bound[j] != FSABI_RUNS_UNBOUNDED;
        if (!any || lv->leave[k] * COUNTER_LIMIT <= REMAINDER_SMALL) break;
    }
    free(lo);
    free(hi);
    return rc;
}

/* E[(C - L)^+] for block J held at level FROM, L = max(B_from, 1): the sum over the
 * levels after it while J stays bounded, and the rest at the counter's limit. */
static double excess(const levels *lv, size_t nb, size_t j, size_t from, double *level) {
    const uint32_t *b0 = lv->bound + from * (nb + 1);
    *level = b0[j] > 1 ? (double)b0[j] : 1.0;
    double sum = 0;
    size_t k = from;
    for (; k + 1 < lv->n; k++) {
        uint32_t next = lv->bound[(k + 1) * (nb + 1) + j];
        if (next == FSABI_RUNS_UNBOUNDED) break;
        if (next > *level) sum += lv->leave[k] * ((double)next - *level);
    }
    return (sum + lv->leave[k] * COUNTER_LIMIT) * (1 + 1e-9);
}

/* For each block still unbounded, the least level of pass LV whose tail is small
 * enough, where less than what an earlier pass found. */
static void choose(const levels *lv, size_t nb, const uint32_t *max_runs, uint32_t *level, double *tail,
                   int *cap_of) {
    for (size_t j = 0; j < nb; j++) {
        if (max_runs[j] != FSABI_RUNS_UNBOUNDED) continue;
        for (size_t k = 0; k < lv->n; k++) {
            if (lv->bound[k * (nb + 1) + j] == FSABI_RUNS_UNBOUNDED) break;
            double at, mass = excess(lv, nb, j, k, &at);
            if (mass > TAIL_MASS_MAX) continue;
            if ((uint32_t)at < level[j]) {
                level[j] = (uint32_t)at;
                tail[j] = mass;
                if (cap_of) cap_of[j] = lv->cap[k * (nb + 1) + j];
            }
            break;
        }
    }
}

/* Adds to LADDER every level of pass LV, resting on no cap, of each block still
 * unbounded: candidates that ladder_keep sorts and thins. */
static int collect(const levels *lv, size_t nb, const uint32_t *max_runs, tail_ladder *ladder) {
    for (size_t j = 0; ladder && j < nb; j++) {
        if (max_runs[j] != FSABI_RUNS_UNBOUNDED) continue;
        for (size_t k = 0; k < lv->n; k++) {
            if (lv->bound[k * (nb + 1) + j] == FSABI_RUNS_UNBOUNDED) break;
            double at, mass = excess(lv, nb, j, k, &at);
            if (lv->cap[k * (nb + 1) + j] >= 0 || !(mass <= LADDER_TAIL_MAX)) continue;
            if (ladder->n == ladder->cap) {
                size_t cap = ladder->cap ? 2 * ladder->cap : 64;
                fsabi_tail_level *v = realloc(ladder->v, cap * sizeof *v);
                if (!v) return -1;
                ladder->v = v;
                ladder->cap = cap;
            }
            ladder->v[ladder->n++] = (fsabi_tail_level){(uint32_t)j, (uint32_t)at, mass};
        }
    }
    return 0;
}

static int by_block_level(const void *a, const void *b) {
    const fsabi_tail_level *x = a, *y = b;
    if (x->block != y->block) return x->block < y->block ? -1 : 1;
    if (x->max_runs != y->max_runs) return x->max_runs < y->max_runs ? -1 : 1;
    return (x->tail_mass > y->tail_mass) - (x->tail_mass < y->tail_mass);
}

/* Keeps, for each block whose chosen LEVEL rests on no cap, the candidates below
 * that level whose tail is smaller than every lower one's: no other level is both
 * lower and of a smaller tail. */
static void ladder_keep(tail_ladder *ladder, const uint32_t *level, const int *cap_of) {
    if (!ladder || ladder->n == 0) return;
    qsort(ladder->v, ladder->n, sizeof *ladder->v, by_block_level);
    size_t kept = 0;
    for (size_t i = 0; i < ladder->n;) {
        uint32_t j = ladder->v[i].block;
        double least = INFINITY;
        for (; i < ladder->n && ladder->v[i].block == j; i++) {
            const fsabi_tail_level *r = &ladder->v[i];
            if (level[j] == FSABI_RUNS_UNBOUNDED || r->max_runs >= level[j] || (cap_of && cap_of[j] >= 0) ||
                !(r->tail_mass < least))
                continue;
            least = r->tail_mass;
            ladder->v[kept++] = *r;
        }
    }
    ladder->n = kept;
}

void tail_ladder_free(tail_ladder *l) {
    free(l->v);
    *l = (tail_ladder){0};
}

static void free_levels(levels *lv) {
    free(lv->bound);
    free(lv->cap);
    free(lv->leave);
    lv->bound = NULL;
    lv->cap = NULL;
    lv->leave = NULL;
    lv->n = 0;
}

int tail_bounds_prove(LLVMModuleRef m, LLVMValueRef entry, LLVMValueRef start, const counter_table *t,
                      bound_given *given, uint32_t *max_runs, double *tail, int *cap_of,
                      tail_ladder *ladder) {
    size_t nb = t->nblocks;
    for (size_t j = 0; j < nb; j++) tail[j] = 0;
    if (!given || !entry || (given->nreads == 0 && !given->walks.stdin_count)) return 0;
    levels lv = {0};
    uint32_t *level = malloc((nb + 1) * sizeof *level);
    int rc = level ? find_held(m, t, given, &lv) : -1;
    if (rc == 0) rc = drop_unbounded_draws(m, entry, start, t, given, &lv);
    for (size_t j = 0; rc == 0 && j < nb; j++) level[j] = FSABI_RUNS_UNBOUNDED;
    /* Each site alone first: a block that follows one read gets a level from that
     * read's tail only. Then all together, for blocks that follow several. */
    for (long pass = 0; rc == 0 && lv.nheld > 0 && pass <= (long)lv.nheld; pass++) {
        if (pass == (long)lv.nheld && lv.nheld == 1) break;
        lv.only = pass < (long)lv.nheld ? pass : -1;
        if ((rc = prove_levels(m, entry, start, t, given, max_runs, &lv)) == 0) {
            choose(&lv, nb, max_runs, level, tail, cap_of);
            rc = collect(&lv, nb, max_runs, ladder);
        }
        free_levels(&lv);
    }
    if (rc == 0) ladder_keep(ladder, level, cap_of);
    for (size_t j = 0; rc == 0 && j < nb; j++)
        if (level[j] != FSABI_RUNS_UNBOUNDED) max_runs[j] = level[j];
    if (rc != 0) {
        for (size_t j = 0; j < nb; j++) tail[j] = 0;
        if (ladder) ladder->n = 0;
    }
    free(level);
    for (size_t h = 0; h < lv.nheld; h++) free(lv.held[h].blocks);
    free(lv.held);
    free_levels(&lv);
    return rc;
}
