/* freqsys/runtime/runtime.c: draws for the program's input reads, exit capture, and one trial. */
/* SPDX-License-Identifier: MIT */
#include "runtime.h"

#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dist.h"

typedef struct indexed_read { long long index; const dist *d; } indexed_read;

/* One process runs one trial at a time, so the state is a single static object;
 * forked workers each get their own copy. */
static struct {
    const fsabi_module *mod;
    const dist **site_dist;        /* by variable name; NULL when none */
    const dist *read_any;
    indexed_read *indexed;         /* sorted by index */
    size_t nindexed;
    gsl_rng *rng;
    uint64_t reads;                /* values read so far in this trial */
    jmp_buf trial_exit;
    char error[512];
    char drawn[512];
    size_t drawn_len;
} rt;

static int by_index(const void *a, const void *b) {
    long long x = ((const indexed_read *)a)->index, y = ((const indexed_read *)b)->index;
    return (x > y) - (x < y);
}

int runtime_bind(const fsabi_module *mod, const spec *s, char *err, size_t errlen) {
    if (mod->abi_version != FSABI_VERSION) {
        snprintf(err, errlen, "the instrumented module has ABI version %llu, this freqsys "
                 "speaks version %d", (unsigned long long)mod->abi_version, FSABI_VERSION);
        return -1;
    }
    rt.mod = mod;
    rt.site_dist = calloc(mod->nsites + 1, sizeof *rt.site_dist);
    rt.indexed = calloc(s->ninputs + 1, sizeof *rt.indexed);
    rt.rng = gsl_rng_alloc(dist_rng_philox);
    if (!rt.site_dist || !rt.indexed || !rt.rng) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < s->ninputs; i++) {
        const spec_input *in = &s->inputs[i];
        if (in->target == SPEC_READ_ANY) rt.read_any = in->value.dist;
        if (in->target == SPEC_READ_INDEX)
            rt.indexed[rt.nindexed++] = (indexed_read){in->index, in->value.dist};
    }
    qsort(rt.indexed, rt.nindexed, sizeof *rt.indexed, by_index);
    for (uint64_t k = 0; k < mod->nsites; k++) {
        const char *var = mod->sites[k].variable;
        const spec_input *in = *var ? spec_find_var(s, var) : NULL;
        rt.site_dist[k] = in ? in->value.dist : NULL;
    }
    return 0;
}

trial_end runtime_run_trial(uint64_t seed, uint64_t trial) {
    rt.mod->reset_globals();
    dist_rng_position(rt.rng, seed, trial);
    rt.reads = 0;
    rt.drawn_len = 0;
    rt.drawn[0] = '\0';
    int how = setjmp(rt.trial_exit);
    if (how != 0) return (trial_end)how;
    static char name[] = "program";
    static char *argv[] = {name, NULL};
    ((int (*)(int, char **))rt.mod->entry)(1, argv);
    return TRIAL_RETURNED;
}

const char *runtime_error(void) { return rt.error; }
const char *runtime_drawn(void) { return rt.drawn; }

static const char *kind_name(uint32_t kind) {
    static const char *const names[] = {
        "?", "signed char", "short", "int", "long", "unsigned char", "unsigned short",
        "unsigned int", "unsigned long", "float", "double", "char", "a string", "a line", "a character"};
    return kind < sizeof names / sizeof names[0] ? names[kind] : "?";
}

static _Noreturn void input_error(uint32_t site, const char *what) {
    const fsabi_site *s = &rt.mod->sites[site];
    const char *slash = strrchr(s->file, '/');
    snprintf(rt.error, sizeof rt.error, "%s:%u: input %s%s%s (read %llu of the run, into %s): %s",
             slash ? slash + 1 : s->file, s->line, *s->variable ? "'" : "", s->variable,
             *s->variable ? "'" : "", (unsigned long long)rt.reads, kind_name(s->kind), what);
    longjmp(rt.trial_exit, TRIAL_INPUT_ERROR);
}

static _Noreturn void misfit(uint32_t site, const char *fmt, double v) {
    char what[160];
    snprintf(what, sizeof what, fmt, v);
    input_error(site, what);
}

/* The distribution for the next read: `read N`, then the variable's, then `read *`. */
static double draw(uint32_t site) {
    long long n = (long long)++rt.reads;
    const dist *d = NULL;
    size_t lo = 0, hi = rt.nindexed;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (rt.indexed[mid].index < n) lo = mid + 1; else hi = mid;
    }
    if (lo < rt.nindexed && rt.indexed[lo].index == n) d = rt.indexed[lo].d;
    if (!d) d = rt.site_dist[site];
    if (!d) d = rt.read_any;
    if (!d) input_error(site, "no declaration gives it a value (add 'read * ~ ...' or 'read N ~ ...')");
    double v = dist_sample(d, rt.rng);
    if (rt.drawn_len < sizeof rt.drawn - 48) {
        const char *var = rt.mod->sites[site].variable;
        rt.drawn_len += (size_t)snprintf(rt.drawn + rt.drawn_len, sizeof rt.drawn - rt.drawn_len,
                                         "%s%s=%.17g", rt.drawn_len ? " " : "", *var ? var : "read", v);
    }
    return v;
}

int64_t freqsys_rt_read_int(uint32_t site) {
    double v = draw(site);
    double lo, hi;
    switch (rt.mod->sites[site].kind) {
    case FSABI_KIND_I8: lo = -128; hi = 127; break;
    case FSABI_KIND_I16: lo = -32768; hi = 32767; break;
    case FSABI_KIND_I32: lo = -2147483648.0; hi = 2147483647.0; break;
    case FSABI_KIND_U8: lo = 0; hi = 255; break;
    case FSABI_KIND_CHAR: lo = -128; hi = 255; break;
    case FSABI_KIND_U16: lo = 0; hi = 65535; break;
    case FSABI_KIND_U32: lo = 0; hi = 4294967295.0; break;
    case FSABI_KIND_U64: lo = 0; hi = 18446744073709549568.0; break;
    default: lo = -9223372036854775808.0; hi = 9223372036854774784.0; break;
    }
    /* C's conversion truncates toward zero; a value outside the type is an error. */
    double t = trunc(v);
    if (!(t >= lo && t <= hi)) misfit(site, "the drawn value %.17g does not fit", v);
    if (t > 9223372036854774784.0) return (int64_t)(uint64_t)t;
    return (int64_t)t;
}

double freqsys_rt_read_real(uint32_t site) {
    double v = draw(site);
    if (!isfinite(v) || (rt.mod->sites[site].kind == FSABI_KIND_F32 && fabs(v) > FLT_MAX))
        misfit(site, "the drawn value %.17g does not fit", v);
    return v;
}

/* A word as scanf's %s would store it: integers without a fraction. */
static int as_text(uint32_t site, char *out, size_t size) {
    double v = draw(site);
    if (v == trunc(v) && fabs(v) < 9.2e18) return snprintf(out, size, "%lld", (long long)v);
    return snprintf(out, size, "%.17g", v);
}

void freqsys_rt_read_text(uint32_t site, char *buf, int64_t cap) {
    char word[64];
    int n = as_text(site, word, sizeof word);
    if (cap >= 0 && n + 1 > cap) misfit(site, "the drawn value needs %.0f bytes, the buffer has fewer", n + 1);
    memcpy(buf, word, (size_t)n + 1);
}

char *freqsys_rt_read_line(uint32_t site, char *buf, int32_t cap) {
    char word[64];
    int n = as_text(site, word, sizeof word - 1);
    word[n++] = '\n';
    word[n] = '\0';
    if (n + 1 > cap) misfit(site, "the drawn line needs %.0f bytes, fgets allows fewer", n + 1);
    memcpy(buf, word, (size_t)n + 1);
    return buf;
}

int32_t freqsys_rt_getchar(uint32_t site) {
    double v = draw(site);
    if (!(v == trunc(v) && v >= -1 && v <= 255))
        misfit(site, "the drawn value %.17g is not a character code (0..255) or EOF (-1)", v);
    return (int32_t)v;
}

_Noreturn void freqsys_rt_exit(int32_t status) { longjmp(rt.trial_exit, TRIAL_EXITED); }
_Noreturn void freqsys_rt_abort(void) { longjmp(rt.trial_exit, TRIAL_ABORTED); }

_Noreturn void freqsys_rt_assert_fail(const char *expr, const char *file, unsigned line,
                                      const char *function) {
    longjmp(rt.trial_exit, TRIAL_ABORTED);
}
