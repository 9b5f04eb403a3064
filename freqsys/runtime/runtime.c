/* freqsys/runtime/runtime.c: draws for the program's input reads, exit capture, and one trial. */
/* SPDX-License-Identifier: MIT */
#include "runtime.h"

#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dist.h"
#include "entry_call.h"
#include "gen_draws.h"
#include "plain_calls.h"
#include "stdin_text.h"

typedef struct runtime_indexed_read {
    long long index;
    const dist *d;
} indexed_read;

/* runtime.c's part of the module's runtime state (runtime_state.h). */
static runtime_state_runtime *const rt = &runtime_state_object.runtime;
static trial_draws *const shared = &runtime_state_object.trial_draws; /* the trial's draws */

static int by_index(const void *a, const void *b) {
    long long x = ((const indexed_read *)a)->index, y = ((const indexed_read *)b)->index;
    return (x > y) - (x < y);
}

int runtime_bind(const fsabi_module *mod, const spec *s, char *err, size_t errlen) {
    if (mod->abi_version != FSABI_VERSION) {
        snprintf(err, errlen,
                 "the instrumented module has ABI version %llu, this freqsys "
                 "speaks version %d",
                 (unsigned long long)mod->abi_version, FSABI_VERSION);
        return -1;
    }
    rt->mod = mod;
    gen_draws_bind(s);
    rt->site_dist = calloc(mod->nsites + 1, sizeof *rt->site_dist);
    rt->indexed = calloc(s->ninputs + 1, sizeof *rt->indexed);
    shared->rng = gsl_rng_alloc(dist_rng_philox);
    if (!rt->site_dist || !rt->indexed || !shared->rng) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < s->ninputs; i++) {
        const spec_input *in = &s->inputs[i];
        if (in->target == SPEC_READ_ANY) rt->read_any = in->value.dist;
        if (in->target == SPEC_READ_INDEX)
            rt->indexed[rt->nindexed++] = (indexed_read){in->index, in->value.dist};
    }
    qsort(rt->indexed, rt->nindexed, sizeof *rt->indexed, by_index);
    rt->argv = s->argv;
    rt->argc = (int)s->nargv;
    for (size_t i = 0; i < s->nargv; i++) rt->args_len += strlen(s->argv[i]) + 1;
    if (s->argv &&
        (!(rt->args = calloc(s->nargv + 1, sizeof *rt->args)) || !(rt->args_text = malloc(rt->args_len)))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    rt->stdin_in = spec_find_stdin(s);
    for (uint64_t k = 0; k < mod->nsites; k++) {
        const fsabi_site *site = &mod->sites[k];
        const spec_input *in = NULL;
        if (site->origin == FSABI_FROM_READ) {
            in = *site->variable ? spec_find_var(s, site->variable) : NULL;
        } else if (site->decl < s->ninputs) {
            in = &s->inputs[site->decl];
        } else {
            snprintf(err, errlen,
                     "the instrumented module does not match the spec (site %llu names "
                     "input %u of %zu)",
                     (unsigned long long)k, site->decl, s->ninputs);
            return -1;
        }
        rt->site_dist[k] = in ? in->value.dist : NULL;
    }
    if (mod->function_mode && entry_call_prepare(mod, s, err, errlen) != 0) return -1;
    rt->calls = s->calls ? s->calls : 1;
    rt->warmup = s->warmup < rt->calls ? s->warmup : 0;
    if (mod->ninterrupts != s->ninterrupts) {
        snprintf(err, errlen,
                 "the instrumented module does not match the spec (%llu interrupt handlers, "
                 "the spec declares %zu)",
                 (unsigned long long)mod->ninterrupts, s->ninterrupts);
        return -1;
    }
    rt->interrupts = s->interrupts;
    if (plain_calls_prepare(mod, s) != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    return 0;
}

/* The handlers after one call: each runs its drawn number of times, in spec order. */
static void run_interrupts(void) {
    for (uint64_t k = 0; k < rt->mod->ninterrupts; k++) {
        double n = runtime_draw(rt->interrupts[k].count, rt->interrupts[k].name);
        if (!(n >= 0 && n <= 1e9 && n == trunc(n)))
            runtime_fail("interrupt %s: the drawn count %.17g is not a number of runs",
                         rt->interrupts[k].name, n);
        for (uint64_t i = 0; i < (uint64_t)n; i++) rt->mod->interrupts[k]();
    }
}

/* The warm-up calls are not counted: their counters are cleared. The functions
 * stay on the touched list (a cleared counter reads as "did not run"). */
static void forget_counts(void) {
    const fsabi_module *mod = rt->mod;
    uint64_t path_base = fsabi_path_base(mod);
    uint64_t contexts = fsabi_context_base(mod);
    for (uint32_t k = 0; k < *mod->touched_count; k++) {
        uint32_t fi = mod->touched_list[k];
        const fsabi_function *f = &mod->functions[fi];
        memset(mod->counters + f->first_block, 0, f->nblocks * sizeof *mod->counters);
        const fsabi_path_function *pf = mod->path_functions ? &mod->path_functions[fi] : NULL;
        if (pf && pf->npaths)
            memset(mod->counters + path_base + pf->first_path, 0, pf->npaths * sizeof *mod->counters);
        const fsabi_context_function *cf = mod->context_functions ? &mod->context_functions[fi] : NULL;
        if (cf && cf->ncounters) /* each block once more per context (run --contexts) */
            memset(mod->counters + contexts + cf->first_counter, 0,
                   (size_t)cf->ncounters * sizeof *mod->counters);
    }
    if (mod->path_table) fsabi_path_table_clear(mod->path_table);
}

/* Copies the declared arguments into rt->args, afresh: main may write into its
 * arguments, as C allows, and the next trial must see them as declared. */
static void copy_args(void) {
    size_t used = 0;
    for (int n = 0; n < rt->argc; n++) {
        size_t len = strlen(rt->argv[n]) + 1;
        rt->args[n] = memcpy(rt->args_text + used, rt->argv[n], len);
        used += len;
    }
    rt->args[rt->argc] = NULL;
}

/* What exit() runs once the program ends, in main's return or in exit(): the
 * handlers atexit registered, the last first, then the destructors, which the
 * module registered before the constructors ran (so after any handler, as the C
 * library runs them). Not after _exit(), abort() or a crash. A handler that calls
 * exit() ends itself and the rest still run, as glibc does; the trial then exited.
 * HOW: how the trial ended so far. */
static __attribute__((noinline)) trial_end run_at_exit(trial_end how) {
    volatile trial_end end = how; /* kept across the long jump back here */
    switch (setjmp(shared->trial_exit)) {
    case 0:
        break;
    case TRIAL_EXITED:
        end = TRIAL_EXITED;
        break;
    case TRIAL_ABORTED:
        return TRIAL_ABORTED;
    default:
        return TRIAL_INPUT_ERROR;
    }
    while (rt->nat_exit > 0 && !rt->exit_now) rt->at_exit[--rt->nat_exit]();
    return end;
}

/* A trial by the usual path: its stream positioned, its exits caught by setjmp. Apart
 * from runtime_run_trial, so that the short path does not save the registers this
 * one's frame needs. */
static __attribute__((noinline)) trial_end run_usual_trial(uint64_t seed, uint64_t trial) {
    /* The stream first: resetting the globals draws the inputs held in globals. */
    dist_rng_position(shared->rng, seed, trial);
    /* A worker runs its trials in order: the next one's first block is computed
     * now, while this trial runs, instead of before that trial's first draw. */
    dist_rng_prepare(shared->rng, seed, trial + 1);
    rt->reads = 0;
    rt->clock_us = 0;
    rt->past_end = 0;
    rt->call_items = 0;
    rt->items_at_end = -1;
    rt->nat_exit = 0;
    rt->exit_now = 0;
    shared->ndrawn = 0;
    shared->not_kept = 0;
    /* C11 allows setjmp only as a whole controlling expression (or compared with a
     * constant there), not as a value stored in a variable. */
    switch (setjmp(shared->trial_exit)) {
    case 0:
        break;
    case TRIAL_EXITED:
        return run_at_exit(TRIAL_EXITED);
    case TRIAL_ABORTED:
        return TRIAL_ABORTED;
    default:
        return TRIAL_INPUT_ERROR;
    }
    /* The standard input before the globals, from the same stream: both are a
     * function of (seed, trial) alone. The reset ends with the constructors. */
    if (rt->stdin_in) stdin_text_install(rt->stdin_in, shared->rng);
    rt->mod->reset_globals();
    if (rt->mod->function_mode) {
        /* A call sequence: globals keep their values from call to call; each call
         * draws its own arguments, and the handlers run after it. */
        for (unsigned long long c = 1; c <= rt->calls; c++) {
            entry_call(shared->rng);
            run_interrupts();
            if (c == rt->warmup) forget_counts();
        }
        return TRIAL_RETURNED;
    }
    /* main through the module's call_entry, which passes what main takes of these */
    static char name[] = "program";
    static char *argv_words[] = {name, NULL}, *env_words[] = {NULL};
    static char **envp = env_words;
    if (rt->argv) copy_args();
    int argc = rt->argv ? rt->argc : 1;
    char **argv = rt->argv ? rt->args : argv_words;
    void *const main_args[] = {&argc, &argv, &envp};
    rt->mod->call_entry(main_args);
    /* main's return ends the program, as exit() would; a function's does not */
    return run_at_exit(TRIAL_RETURNED);
}

trial_end runtime_run_trial(uint64_t seed, uint64_t trial) {
    /* An entry that cannot exit, with plain-number arguments: no setjmp, its
     * arguments drawn ahead, so that little runs between one call and the next. */
    if (plain_calls_run(seed, trial)) return TRIAL_RETURNED;
    return run_usual_trial(seed, trial);
}

const char *runtime_error(void) {
    return shared->error;
}
const char *runtime_drawn(void) {
    plain_calls_keep_drawn();
    size_t n = 0;
    rt->drawn_text[0] = '\0';
    for (size_t i = 0; i < shared->ndrawn && n < sizeof rt->drawn_text; i++)
        n += (size_t)snprintf(rt->drawn_text + n, sizeof rt->drawn_text - n, "%s%s=%.17g", i ? " " : "",
                              shared->drawn[i].name, shared->drawn[i].value);
    if (shared->not_kept && n < sizeof rt->drawn_text)
        snprintf(rt->drawn_text + n, sizeof rt->drawn_text - n, " (and %llu more, not kept)",
                 (unsigned long long)shared->not_kept);
    return rt->drawn_text;
}

static const char *kind_name(uint32_t kind) {
    static const char *const names[] = {"?",
                                        "signed char",
                                        "short",
                                        "int",
                                        "long",
                                        "unsigned char",
                                        "unsigned short",
                                        "unsigned int",
                                        "unsigned long",
                                        "float",
                                        "double",
                                        "char",
                                        "a string",
                                        "a line",
                                        "a character",
                                        "_Bool",
                                        "a pointer"};
    return kind < sizeof names / sizeof names[0] ? names[kind] : "?";
}

static _Noreturn void input_error(uint32_t site, const char *what) {
    const fsabi_site *s = &rt->mod->sites[site];
    const char *slash = strrchr(s->file, '/');
    if (s->origin != FSABI_FROM_READ) {
        static const char *const from[] = {"", "global", "extern function", "extern variable", "register"};
        snprintf(shared->error, sizeof shared->error, "input %s %s (%s): %s",
                 from[s->origin < 5 ? s->origin : 0], s->variable, kind_name(s->kind), what);
        longjmp(shared->trial_exit, TRIAL_INPUT_ERROR);
    }
    snprintf(shared->error, sizeof shared->error, "%s:%u: input %s%s%s (read %llu of the run, into %s): %s",
             slash ? slash + 1 : s->file, s->line, *s->variable ? "'" : "", s->variable,
             *s->variable ? "'" : "", (unsigned long long)rt->reads, kind_name(s->kind), what);
    longjmp(shared->trial_exit, TRIAL_INPUT_ERROR);
}

static _Noreturn void misfit(uint32_t site, const char *fmt, double v) {
    char what[160];
    snprintf(what, sizeof what, fmt, v);
    input_error(site, what);
}

/* The distribution for the next read: `read N`, then the variable's, then `read *`;
 * NULL when the input has ended (then past_end is set). */
static const dist *next_dist(uint32_t site) {
    long long n = (long long)++rt->reads;
    const dist *d = NULL;
    size_t lo = 0, hi = rt->nindexed;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (rt->indexed[mid].index < n)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < rt->nindexed && rt->indexed[lo].index == n) d = rt->indexed[lo].d;
    if (!d) d = rt->site_dist[site];
    if (!d) d = rt->read_any;
    rt->call_items++;
    if (!d) {
        /* Only `read N` lines can leave a read without a value: the input ends here,
         * as a file would, and the program sees end of file. */
        if (!rt->past_end) rt->items_at_end = (int32_t)rt->call_items - 1;
        rt->past_end = 1;
        return NULL;
    }
    return rt->past_end ? NULL : d;
}

/* A number for the read from D (NULL: the input has ended, 0). */
static double draw_from(uint32_t site, const dist *d) {
    if (!d) return 0;
    if (dist_is_text(d))
        input_error(site, "its distribution is string-valued, and this read takes a number (a string is read "
                          "with %s or fgets)");
    double v = runtime_sample(d);
    const char *var = rt->mod->sites[site].variable;
    runtime_record(*var ? var : "read", v);
    return v;
}

static double draw(uint32_t site) {
    return draw_from(site, next_dist(site));
}

/* A string-valued D's draw for a read, into rt->text; BANNED bytes (white space for
 * %s, a newline for fgets) cannot be in what the C library would store. */
static void draw_text(uint32_t site, const dist *d, const char *banned, const char *why) {
    rt->text.len = 0;
    if (dist_sample_text(d, shared->rng, &rt->text) < 0)
        input_error(site, "out of memory for a drawn string");
    const char *var = rt->mod->sites[site].variable;
    runtime_record(*var ? var : "read", (double)rt->text.len);
    for (size_t i = 0; i < rt->text.len; i++)
        if (strchr(banned, rt->text.data[i]) && rt->text.data[i]) {
            char what[200];
            snprintf(what, sizeof what, "the drawn string has %s at byte %zu, %s",
                     rt->text.data[i] == '\n' ? "a newline" : "white space", i, why);
            input_error(site, what);
        }
}

/* Globals, externs and registers: their own declaration, and no read index. */
static double draw_input(uint32_t site) {
    double v = runtime_sample(rt->site_dist[site]);
    runtime_record(rt->mod->sites[site].variable, v);
    return v;
}

int runtime_draw_stdin(const spec *s, uint64_t seed, uint64_t trial, char *err, size_t errlen) {
    const spec_input *in = spec_find_stdin(s);
    if (!in) {
        snprintf(err, errlen, "the spec declares no standard input");
        return -1;
    }
    gen_draws_bind(s);
    if (!shared->rng && !(shared->rng = gsl_rng_alloc(dist_rng_philox))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    /* The same stream position and the same first draws as runtime_run_trial. */
    dist_rng_position(shared->rng, seed, trial);
    if (setjmp(shared->trial_exit) != 0) {
        snprintf(err, errlen, "%s", shared->error);
        return -1;
    }
    stdin_text_install(in, shared->rng);
    return 0;
}

/* The drawn V as the site's integer kind, widened to 64 bits for the caller to narrow. */
static int64_t as_int(uint32_t site, double v) {
    uint32_t kind = rt->mod->sites[site].kind;
    runtime_value x;
    if (kind == FSABI_KIND_CHAR) kind = v < 0 ? FSABI_KIND_I8 : FSABI_KIND_U8;
    /* Only a mismatched module gets here: runtime_convert would store a float in X. */
    if (kind == FSABI_KIND_F32 || kind == FSABI_KIND_F64)
        input_error(site, "the module reads an integer from a floating-point site");
    if (runtime_convert(v, kind, &x) != 0) misfit(site, "the drawn value %.17g does not fit", v);
    switch (kind) {
    case FSABI_KIND_BOOL:
    case FSABI_KIND_U8:
        return x.u8;
    case FSABI_KIND_I8:
        return x.i8;
    case FSABI_KIND_I16:
        return x.i16;
    case FSABI_KIND_U16:
        return x.u16;
    case FSABI_KIND_I32:
        return x.i32;
    case FSABI_KIND_U32:
        return x.u32;
    case FSABI_KIND_U64:
        return (int64_t)x.u64;
    default:
        return x.i64;
    }
}

int64_t freqsys_rt_input_int(uint32_t site) {
    return as_int(site, draw_input(site));
}

double freqsys_rt_input_real(uint32_t site) {
    double v = draw_input(site), out;
    float f;
    if (rt->mod->sites[site].kind == FSABI_KIND_F32 ? runtime_convert(v, FSABI_KIND_F32, &f)
                                                    : runtime_convert(v, FSABI_KIND_F64, &out))
        misfit(site, "the drawn value %.17g does not fit", v);
    return v;
}

int64_t freqsys_rt_read_int(uint32_t site) {
    double v = draw(site);
    return rt->past_end ? 0 : as_int(site, v);
}

int32_t freqsys_rt_scanf_result(int32_t assigned) {
    int32_t result = assigned;
    if (rt->items_at_end >= 0)
        result = rt->items_at_end == 0 ? -1 : rt->items_at_end; /* EOF */
    else if (rt->past_end)
        result = -1;
    rt->call_items = 0;
    if (rt->items_at_end >= 0) rt->items_at_end = -2; /* reported; later calls see plain EOF */
    return result;
}

double freqsys_rt_read_real(uint32_t site) {
    double v = draw(site), out;
    if (rt->past_end) return 0;
    float f;
    if (rt->mod->sites[site].kind == FSABI_KIND_F32 ? runtime_convert(v, FSABI_KIND_F32, &f)
                                                    : runtime_convert(v, FSABI_KIND_F64, &out))
        misfit(site, "the drawn value %.17g does not fit", v);
    return v;
}

/* A word as scanf's %s would store it: integers without a fraction. */
static int as_text(uint32_t site, const dist *d, char *out, size_t size) {
    double v = draw_from(site, d);
    if (v == trunc(v) && fabs(v) < 9.2e18) return snprintf(out, size, "%lld", (long long)v);
    return snprintf(out, size, "%.17g", v);
}

static void too_long(uint32_t site, size_t need, const char *what) {
    char msg[160];
    snprintf(msg, sizeof msg, "the drawn %s needs %zu bytes, %s", what, need,
             strcmp(what, "line") ? "the buffer has fewer" : "fgets allows fewer");
    input_error(site, msg);
}

void freqsys_rt_read_text(uint32_t site, char *buf, int64_t cap) {
    const dist *d = next_dist(site);
    if (d && dist_is_text(d)) {
        draw_text(site, d, " \t\n\v\f\r", "which %s never stores");
        if (cap >= 0 && (int64_t)rt->text.len + 1 > cap) too_long(site, rt->text.len + 1, "string");
        memcpy(buf, rt->text.data ? rt->text.data : "", rt->text.len + 1);
        return;
    }
    char word[64];
    int n = as_text(site, d, word, sizeof word);
    if (rt->past_end) return;
    if (cap >= 0 && n + 1 > cap)
        misfit(site, "the drawn value needs %.0f bytes, the buffer has fewer", n + 1);
    memcpy(buf, word, (size_t)n + 1);
}

char *freqsys_rt_read_line(uint32_t site, char *buf, int32_t cap) {
    const dist *d = next_dist(site);
    rt->call_items = 0;         /* not part of a scanf call */
    if (d && dist_is_text(d)) { /* the drawn string, then the newline fgets keeps */
        draw_text(site, d, "\n", "which would end the line there (a line is drawn without its newline)");
        if ((int64_t)rt->text.len + 2 > cap) too_long(site, rt->text.len + 2, "line");
        memcpy(buf, rt->text.data ? rt->text.data : "", rt->text.len);
        buf[rt->text.len] = '\n';
        buf[rt->text.len + 1] = '\0';
        return buf;
    }
    char word[64];
    int n = as_text(site, d, word, sizeof word - 1);
    if (rt->past_end) return NULL;
    word[n++] = '\n';
    word[n] = '\0';
    if (n + 1 > cap) misfit(site, "the drawn line needs %.0f bytes, fgets allows fewer", n + 1);
    memcpy(buf, word, (size_t)n + 1);
    return buf;
}

int32_t freqsys_rt_getchar(uint32_t site) {
    double v = draw(site);
    rt->call_items = 0; /* not part of a scanf call */
    if (rt->past_end) return -1;
    if (!(v == trunc(v) && v >= -1 && v <= 255))
        misfit(site, "the drawn value %.17g is not a character code (0..255) or EOF (-1)", v);
    return (int32_t)v;
}

_Noreturn void freqsys_rt_exit(int32_t status) {
    shared->exit_status = status;
    longjmp(shared->trial_exit, TRIAL_EXITED);
}

_Noreturn void freqsys_rt_exit_now(int32_t status) {
    rt->exit_now = 1;
    freqsys_rt_exit(status);
}

/* The C library's atexit would run HANDLER when the worker ends, not the trial; here
 * it runs when the trial's program ends (run_at_exit). Nonzero when there is no
 * room, as atexit says. */
int32_t freqsys_rt_atexit(void (*handler)(void)) {
    if (rt->nat_exit == rt->at_exit_cap) {
        size_t cap = rt->at_exit_cap ? 2 * rt->at_exit_cap : 32;
        void (**more)(void) = realloc(rt->at_exit, cap * sizeof *more);
        if (!more) return -1;
        rt->at_exit = more;
        rt->at_exit_cap = cap;
    }
    rt->at_exit[rt->nat_exit++] = handler;
    return 0;
}

int runtime_exit_status(void) {
    return shared->exit_status;
}
_Noreturn void freqsys_rt_abort(void) {
    longjmp(shared->trial_exit, TRIAL_ABORTED);
}

_Noreturn void freqsys_rt_assert_fail(const char *expr, const char *file, unsigned line,
                                      const char *function) {
    longjmp(shared->trial_exit, TRIAL_ABORTED);
}

/* rand() and its kin: the next 31 bits of the trial's own stream, so that a run
 * depends on (seed, trial) alone, whatever the program seeds them with. Philox
 * gives 32 uniform bits per draw; dropping one leaves 0..RAND_MAX (2^31 - 1). */
int32_t freqsys_rt_rand(void) {
    return (int32_t)(gsl_rng_get(shared->rng) >> 1);
}
int64_t freqsys_rt_random(void) {
    return (int64_t)(gsl_rng_get(shared->rng) >> 1);
}
int32_t freqsys_rt_rand_r(uint32_t *seed) {
    (void)seed;
    return freqsys_rt_rand();
}
void freqsys_rt_srand(uint32_t seed) {
    (void)seed;
}

/* The rand48 family: the same stream; a caller's own state (erand48's xsubi, ...)
 * is ignored, as rand_r's seed is. */
double freqsys_rt_drand48(void *state) {
    (void)state;
    return gsl_rng_uniform(shared->rng);
}
int64_t freqsys_rt_lrand48(void *state) {
    (void)state;
    return (int64_t)(gsl_rng_get(shared->rng) >> 1);
}
int64_t freqsys_rt_mrand48(void *state) {
    (void)state;
    return (int64_t)(int32_t)(uint32_t)gsl_rng_get(shared->rng);
}
/* seed48 returns the old state: an all-zero one, as no state is kept. */
unsigned short *freqsys_rt_seed48(void *state) {
    static unsigned short old[3];
    (void)state;
    return old;
}
uint32_t freqsys_rt_arc4random(void) {
    return (uint32_t)gsl_rng_get(shared->rng);
}
uint32_t freqsys_rt_arc4random_uniform(uint32_t n) {
    return n < 2 ? 0 : (uint32_t)gsl_rng_uniform_int(shared->rng, n);
}

/* The virtual clock: FSABI_CLOCK_EPOCH at the start of every trial, one
 * microsecond later at each reading, so "until 2 s have passed" loops end. */
static uint64_t tick(void) {
    return rt->clock_us++;
}

int64_t freqsys_rt_time(int64_t *out) {
    int64_t now = FSABI_CLOCK_EPOCH + (int64_t)(tick() / 1000000);
    if (out) *out = now;
    return now;
}

int64_t freqsys_rt_clock(void) {
    return (int64_t)tick();
} /* CLOCKS_PER_SEC is 10^6 */

int32_t freqsys_rt_gettimeofday(int64_t *tv, void *tz) {
    (void)tz;
    uint64_t us = tick();
    if (tv) {
        tv[0] = FSABI_CLOCK_EPOCH + (int64_t)(us / 1000000);
        tv[1] = (int64_t)(us % 1000000);
    }
    return 0;
}

int32_t freqsys_rt_clock_gettime(int32_t clock, int64_t *ts) {
    (void)clock; /* every clock reads the same virtual time */
    uint64_t us = tick();
    if (ts) {
        ts[0] = FSABI_CLOCK_EPOCH + (int64_t)(us / 1000000);
        ts[1] = (int64_t)(us % 1000000) * 1000;
    }
    return 0;
}

/* Trials see an empty environment: what freqsys itself was started with is not
 * an input the spec declares, and would differ from machine to machine. */
char *freqsys_rt_getenv(const char *name) {
    (void)name;
    return NULL;
}
