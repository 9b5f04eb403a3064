/* harness/enumerate.c: exact means by running every combination of finite inputs once. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "enumerate.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include "confined_child.h"
#include "dist.h"
#include "enumerate_paths.h"
#include "program.h"

/* ---- what the spec alone tells ---- */

static int has_finite_support(const dist *d, double *size) {
    size_t n = dist_support(d, NULL, NULL, 0);
    *size = (double)n;
    return n > 0;
}

int enumerate_spec_finite(const spec *s, uint64_t limit, char *why, size_t whylen) {
    double product = 1;
    for (size_t i = 0; i < s->ninputs; i++) {
        const spec_input *in = &s->inputs[i];
        const spec_value *v = &in->value;
        double n = 1;
        switch (v->kind) {
        case SPEC_VALUE_NULL:
        case SPEC_VALUE_LENGTH: /* the length of another argument, zeroed memory: nothing drawn */
        case SPEC_VALUE_ZEROED:
        case SPEC_VALUE_BUFFER:
            continue;
        case SPEC_VALUE_PERMUTATION:
            snprintf(why, whylen, "line %d: a permutation is not enumerated", in->loc.line);
            return 0;
        case SPEC_VALUE_DIST:
        case SPEC_VALUE_REF:
        case SPEC_VALUE_ARRAY:
            if (!v->dist) continue; /* array(LEN) of structs: their fields are drawn, on lines of their own */
            if (!has_finite_support(v->dist, &n)) {
                char text[128];
                dist_format(v->dist, text, sizeof text);
                snprintf(why, whylen, "line %d: %s has no finite support", in->loc.line, text);
                return 0;
            }
            /* an array of constant length draws each element; a length from another
             * argument is learnt by the probe run */
            if (v->kind == SPEC_VALUE_ARRAY && !v->len_name) n = pow(n, (double)v->len_const);
            break;
        case SPEC_VALUE_FILES:
            /* one draw picks the file (standard input's, or an argument's file()): a run per file */
            n = (double)v->nfiles;
            break;
        default:
            snprintf(why, whylen, "line %d: a drawn string or standard input is not enumerated",
                     in->loc.line);
            return 0;
        }
        product *= n;
    }
    if (product > (double)limit) {
        snprintf(why, whylen, "at least %.3g combinations, more than the limit %llu", product,
                 (unsigned long long)limit);
        return 0;
    }
    return 1;
}

/* ---- the runs, in a child process ---- */

/* Shared with the child: how far it got, and its verdict. */
typedef struct shared {
    volatile uint64_t current; /* the combination running */
    int status;                /* 0 done, 1 refused, -1 failed */
    char why[512];
    uint64_t combinations, draws;
    uint64_t positive;  /* combinations of positive probability (the ones run) */
    long double weight; /* their probabilities' sum: 1 but for rounding */
} shared;

typedef struct source_state {
    const dist *dists[ENUMERATE_MAX_DRAWS];
    size_t ndists;
    double *values[ENUMERATE_MAX_DRAWS], *probs[ENUMERATE_MAX_DRAWS];
    size_t sizes[ENUMERATE_MAX_DRAWS];
    size_t digit[ENUMERATE_MAX_DRAWS];
    size_t at;    /* draws made in this run */
    int mismatch; /* a draw other than the probe's */
    gsl_rng *rng; /* the probe's draws */
} source_state;

static double probe_draw(const dist *d, void *ctx) {
    source_state *s = ctx;
    if (s->ndists < ENUMERATE_MAX_DRAWS) s->dists[s->ndists] = d;
    s->ndists++;
    return dist_sample(d, s->rng);
}

static double enumerated_draw(const dist *d, void *ctx) {
    source_state *s = ctx;
    size_t t = s->at++;
    if (t >= s->ndists || s->dists[t] != d) {
        s->mismatch = 1;
        return dist_quantile(d, 0.5); /* any valid value: the run is thrown away */
    }
    return s->values[t][s->digit[t]];
}

/* Moves the trial's counters into the sums with weight W and clears them. */
typedef struct sums {
    long double *s1, *s2, *reach;
    uint64_t *hits, *min_nonzero, *max;
} sums;

static void take_range(const fsabi_module *mod, sums *a, long double w, int keep, uint64_t first,
                       uint64_t n) {
    for (uint64_t j = first; j < first + n; j++) {
        uint64_t v = mod->counters[j];
        if (!v) continue;
        mod->counters[j] = 0;
        if (!keep) continue;
        a->s1[j] += w * (long double)v;
        a->s2[j] += w * (long double)v * (long double)v;
        a->reach[j] += w;
        a->hits[j]++;
        if (!a->min_nonzero[j] || v < a->min_nonzero[j]) a->min_nonzero[j] = v;
        if (v > a->max[j]) a->max[j] = v;
    }
}

/* Every counter of a function that ran: its blocks, its paths (`--paths`) and its
 * blocks per calling context (`--contexts`), all counts per run alike. */
static void take(const fsabi_module *mod, sums *a, long double w, int keep) {
    uint32_t nt = *mod->touched_count;
    for (uint32_t k = 0; k < nt; k++) {
        uint32_t fi = mod->touched_list[k];
        const fsabi_function *f = &mod->functions[fi];
        mod->fn_touched[fi] = 0;
        take_range(mod, a, w, keep, f->first_block, f->nblocks);
        const fsabi_path_function *pf = mod->path_functions ? &mod->path_functions[fi] : NULL;
        if (pf && pf->npaths) take_range(mod, a, w, keep, fsabi_path_base(mod) + pf->first_path, pf->npaths);
        const fsabi_context_function *cf = mod->context_functions ? &mod->context_functions[fi] : NULL;
        if (cf && cf->ncounters)
            take_range(mod, a, w, keep, fsabi_context_base(mod) + cf->first_counter, cf->ncounters);
    }
    *mod->touched_count = 0;
}

static int refuse(shared *sh, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int refuse(shared *sh, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(sh->why, sizeof sh->why, fmt, ap);
    va_end(ap);
    sh->status = 1;
    return 1;
}

/* Whether the trial took values from its stream directly: the next values of the
 * stream then differ from those of the same stream untouched. */
static int stream_used(gsl_rng *r, gsl_rng *ref, uint64_t seed, uint64_t stream) {
    dist_rng_position(ref, seed, stream);
    return gsl_rng_get(r) != gsl_rng_get(ref) || gsl_rng_get(r) != gsl_rng_get(ref);
}

static const char *end_name(trial_end how) {
    return how == TRIAL_ABORTED ? "called abort() or failed an assert()"
                                : "drew a value its type cannot hold";
}

/* The run's hashed paths into PATHS (none: NULL) with weight W (KEEP), or the
 * table emptied; returns 0, or refuses in SH. */
static int take_paths(const fsabi_module *mod, enumerate_paths *paths, long double w, int keep, shared *sh) {
    if (!paths) return 0;
    char why[256];
    int rc = enumerate_paths_take(paths, mod, w, keep, why, sizeof why);
    return rc == 0 ? 0 : rc > 0 ? refuse(sh, "%s", why) : refuse(sh, "out of memory");
}

/* The probe and every combination, with the draws' state S and the untouched stream REF. */
static int child(const fsabi_module *mod, const program_hooks *program, uint64_t seed, uint64_t limit,
                 source_state *s, gsl_rng *ref, shared *sh, long double *out, uint64_t *out_int,
                 enumerate_paths *paths) {
    size_t nc = fsabi_ncounters(mod);
    sums a = {out, out + nc, out + 2 * nc, out_int, out_int + nc, out_int + 2 * nc};
    dist_rng_position(s->rng, seed ^ 0x656e756d65726174ull, 0);
    take(mod, &a, 0, 0); /* what module initialisation counted is not a run */
    take_paths(mod, paths, 0, 0, sh);

    /* the probe: which distributions a run draws from, in order */
    program->set_draw_source(probe_draw, s);
    trial_end how = program->run_trial(seed, 0);
    take(mod, &a, 0, 0);
    take_paths(mod, paths, 0, 0, sh);
    if (how == TRIAL_ABORTED || how == TRIAL_INPUT_ERROR)
        return refuse(sh, "the probe run %s", end_name(how));
    if (s->ndists > ENUMERATE_MAX_DRAWS)
        return refuse(sh, "a run draws %zu values, more than %d", s->ndists, ENUMERATE_MAX_DRAWS);
    if (stream_used(program->rng(), ref, seed, 0))
        return refuse(sh, "the program takes random numbers of its own (rand() or a drawn string)");
    double product = 1;
    for (size_t t = 0; t < s->ndists; t++) {
        size_t n = dist_support(s->dists[t], NULL, NULL, 0);
        char text[128];
        dist_format(s->dists[t], text, sizeof text);
        if (n == 0) return refuse(sh, "draw %zu of a run, %s, has no finite support", t + 1, text);
        product *= (double)n;
        if (product > (double)limit)
            return refuse(sh, "a run's %zu draws have more than %llu combinations", s->ndists,
                          (unsigned long long)limit);
        s->sizes[t] = n;
        s->values[t] = malloc(n * sizeof *s->values[t]);
        s->probs[t] = malloc(n * sizeof *s->probs[t]);
        if (!s->values[t] || !s->probs[t]) return refuse(sh, "out of memory");
        dist_support(s->dists[t], s->values[t], s->probs[t], n);
    }
    uint64_t total = (uint64_t)product;
    sh->combinations = total;
    sh->draws = s->ndists;

    /* every combination once, the last draw's value changing fastest */
    program->set_draw_source(enumerated_draw, s);
    for (uint64_t c = 0; c < total; c++) {
        sh->current = c;
        long double w = 1;
        for (size_t t = 0; t < s->ndists; t++) w *= s->probs[t][s->digit[t]];
        if (w > 0) {
            s->at = 0;
            s->mismatch = 0;
            how = program->run_trial(seed, c);
            if (how == TRIAL_ABORTED || how == TRIAL_INPUT_ERROR) {
                take(mod, &a, 0, 0);
                return refuse(sh, "combination %llu %s", (unsigned long long)c, end_name(how));
            }
            if (s->mismatch || s->at != s->ndists)
                return refuse(sh,
                              "runs draw differently from one another (combination %llu made %zu "
                              "draws, the first run %zu): the number or order of draws depends on "
                              "the values drawn",
                              (unsigned long long)c, s->at, s->ndists);
            if (stream_used(program->rng(), ref, seed, c))
                return refuse(sh, "the program takes random numbers of its own (rand() or a drawn string)");
            take(mod, &a, w, 1);
            if (take_paths(mod, paths, w, 1, sh) != 0) return 1;
            sh->positive++;
            sh->weight += w;
        }
        for (size_t t = s->ndists; t-- > 0;) {
            if (++s->digit[t] < s->sizes[t]) break;
            s->digit[t] = 0;
        }
    }
    sh->status = 0;
    return 0;
}

static double since(const struct timespec *t0) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)(t.tv_sec - t0->tv_sec) + 1e-9 * (double)(t.tv_nsec - t0->tv_nsec);
}

/* The enumeration, in its child: it fills the shared memory SH, FL and IN. */
typedef struct enumerating_child {
    const fsabi_module *mod;
    const program_hooks *program;
    uint64_t seed, limit;
    shared *sh;
    long double *fl;
    uint64_t *in;
    enumerate_paths *paths; /* NULL: the module hashes no path */
} enumerating_child;

static void source_state_free(source_state *s) {
    if (!s) return;
    for (size_t t = 0; t < ENUMERATE_MAX_DRAWS; t++) {
        free(s->values[t]);
        free(s->probs[t]);
    }
    gsl_rng_free(s->rng);
    free(s);
}

static void enumerate_in_child(void *ctx) {
    const enumerating_child *e = ctx;
    source_state *s = calloc(1, sizeof *s);
    gsl_rng *ref = gsl_rng_alloc(dist_rng_philox);
    if (s && ref && (s->rng = gsl_rng_alloc(dist_rng_philox)))
        child(e->mod, e->program, e->seed, e->limit, s, ref, e->sh, e->fl, e->in, e->paths);
    else
        refuse(e->sh, "out of memory");
    if (e->paths) enumerate_paths_done(e->paths);
    source_state_free(s);
    gsl_rng_free(ref);
}

static void say_refused(void *ctx, const char *why) {
    const enumerating_child *e = ctx;
    snprintf(e->sh->why, sizeof e->sh->why, "%s", why);
}

/* OUT from the child's weighted sums over the NC counters and its hashed PATHS (none:
 * NULL). Returns 0, or -1 with WHY when memory ran out. */
static int fill_result(enumerate_result *out, const shared *sh, const long double *fl, const uint64_t *in,
                       size_t nc, const enumerate_paths *paths, char *why, size_t whylen) {
    out->combinations = sh->positive;
    out->draws = sh->draws;
    out->ncounters = nc;
    out->mean = calloc(nc + 1, sizeof *out->mean);
    out->stddev = calloc(nc + 1, sizeof *out->stddev);
    out->p_reached = calloc(nc + 1, sizeof *out->p_reached);
    out->min = calloc(nc + 1, sizeof *out->min);
    out->max = calloc(nc + 1, sizeof *out->max);
    out->hits = calloc(nc + 1, sizeof *out->hits);
    if (!out->mean || !out->stddev || !out->p_reached || !out->min || !out->max || !out->hits ||
        (paths && enumerate_paths_result(paths, sh->positive, sh->weight, &out->paths, &out->npaths) != 0)) {
        enumerate_result_free(out);
        snprintf(why, whylen, "out of memory");
        return -1;
    }
    for (size_t j = 0; j < nc; j++) {
        long double m = fl[j] / sh->weight, m2 = fl[nc + j] / sh->weight;
        long double var = m2 - m * m;
        out->mean[j] = (double)m;
        out->stddev[j] = var > 0 ? (double)sqrtl(var) : 0.0;
        out->p_reached[j] = (double)(fl[2 * nc + j] / sh->weight);
        out->max[j] = in[2 * nc + j];
        out->hits[j] = in[j];
        out->min[j] = in[j] == sh->positive ? in[nc + j] : 0;
    }
    return 0;
}

int enumerate_run(const fsabi_module *mod, const program_hooks *program, uint64_t seed, uint64_t limit,
                  double timeout_s, const confine_limits *limits, enumerate_result *out, char *why,
                  size_t whylen) {
    memset(out, 0, sizeof *out);
    if (!program->set_draw_source || !program->rng) {
        snprintf(why, whylen, "the program gives no say over its draws");
        return 1;
    }
    size_t nc = fsabi_ncounters(mod);
    size_t counters_end =
        ((sizeof(shared) + 15) & ~(size_t)15) + 3 * nc * sizeof(long double) + 3 * nc * sizeof(uint64_t);
    size_t paths_at = (counters_end + 63) & ~(size_t)63; /* the hashed paths' sums, when any */
    size_t bytes = paths_at + (mod->path_table ? enumerate_paths_bytes() : 0) + 64;
    void *mem = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED) {
        snprintf(why, whylen, "cannot map shared memory: %s", strerror(errno));
        return -1;
    }
    shared *sh = mem;
    long double *fl = (long double *)((char *)mem + ((sizeof(shared) + 15) & ~(size_t)15));
    uint64_t *in = (uint64_t *)(fl + 3 * nc);
    sh->status = -1;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    enumerate_paths *paths = mod->path_table ? enumerate_paths_at((char *)mem + paths_at) : NULL;
    enumerating_child e = {mod, program, seed, limit, sh, fl, in, paths};
    pid_t pid = confined_child_start(&(confined_child){limits, NULL, say_refused, enumerate_in_child, &e});
    if (pid < 0) {
        snprintf(why, whylen, "cannot start a process: %s", strerror(errno));
        munmap(mem, bytes);
        return -1;
    }
    /* A run that hangs is killed at its CPU-time limit; the run that follows is
     * not then waited for. */
    int status, waited = confined_child_wait(pid, &sh->current, timeout_s, &status);
    if (waited == 2) {
        snprintf(why, whylen, "interrupted at combination %llu", (unsigned long long)sh->current);
        munmap(mem, bytes);
        return 2;
    }
    if (waited != 0) {
        snprintf(why, whylen, "combination %llu ran longer than %g s", (unsigned long long)sh->current,
                 timeout_s);
        munmap(mem, bytes);
        return 1;
    }
    int rc = 1;
    if (WIFSIGNALED(status)) {
        snprintf(why, whylen, "combination %llu crashed (signal %d)", (unsigned long long)sh->current,
                 WTERMSIG(status));
    } else if (sh->status != 0) {
        snprintf(why, whylen, "%s",
                 sh->status == 1 || sh->why[0] ? sh->why : "the enumerating process failed");
    } else {
        rc = fill_result(out, sh, fl, in, nc, paths, why, whylen);
        if (rc < 0) {
            munmap(mem, bytes);
            return -1;
        }
    }
    out->elapsed_s = since(&t0);
    munmap(mem, bytes);
    return rc;
}

void enumerate_result_free(enumerate_result *r) {
    free(r->mean);
    free(r->stddev);
    free(r->p_reached);
    free(r->min);
    free(r->max);
    free(r->hits);
    free(r->paths);
    memset(r, 0, sizeof *r);
}
