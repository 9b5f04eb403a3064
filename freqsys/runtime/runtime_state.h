/* freqsys/runtime/runtime_state.h: the runtime's whole state, one object per module, each part named after
 * the file that owns its logic. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUNTIME_STATE_H
#define FREQSYS_RUNTIME_STATE_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <ffi.h>
#include <gsl/gsl_rng.h>
#include "freqsys/abi.h"
#include "dist.h"
#include "drawn_text.h"
#include "spec.h"

/* The first RUNTIME_KEPT_DRAWS draws of a trial are kept for replays. */
#define RUNTIME_KEPT_DRAWS 16

/* Where the draws of the program's inputs come from in the trials that follow:
 * FN(D, CTX) gives each one (enumeration, stratified or quasi-random points); NULL
 * gives back the trial's own stream. Draws made straight from the stream (rand(),
 * a drawn standard input, a string's characters) are not routed through FN. */
typedef double (*runtime_draw_source)(const dist *d, void *ctx);

/* trial_draws.c: what every part of the runtime shares while a trial runs. */
typedef struct trial_draws {
    gsl_rng *rng;               /* the trial's stream */
    runtime_draw_source source; /* NULL: draws from rng (plain sampling) */
    void *source_ctx;
    jmp_buf trial_exit; /* set by the running trial; runtime_fail returns there */
    int exit_status;    /* what the trial passed to exit(), when it called it */
    char error[512];    /* what ended the trial, after an input error */
    /* The first draws of the trial, kept raw: formatting them on every trial would
     * cost more than most trials; runtime_drawn formats them on demand. */
    struct {
        const char *name;
        double value;
    } drawn[RUNTIME_KEPT_DRAWS];
    size_t ndrawn;
    uint64_t not_kept; /* draws past the first RUNTIME_KEPT_DRAWS */
    /* Called with every draw of the program's inputs (draw_scores.c, for
     * sensitivities); NULL when nobody asked, which costs one test per draw. */
    void (*on_draw)(const dist *d, double v);
} trial_draws;

/* runtime.c: the bound module and spec, the input reads' laws, the virtual clock. */
typedef struct runtime_state_runtime {
    const fsabi_module *mod;
    const dist **site_dist; /* by variable name; NULL when none */
    const dist *read_any;
    const spec_input *stdin_in;           /* `stdin ~ ...`, or NULL */
    struct runtime_indexed_read *indexed; /* sorted by index */
    size_t nindexed;
    uint64_t reads;    /* values read so far in this trial */
    uint64_t clock_us; /* the virtual clock: microseconds since FSABI_CLOCK_EPOCH */
    char *const *argv; /* main's arguments (argv ~ list(...)), NULL-terminated */
    int argc;
    char **args;     /* per trial: a writable copy of argv ... */
    char *args_text; /* ... whose strings live here */
    size_t args_len;
    int past_end;                     /* a read found no declaration: the input has ended */
    uint32_t call_items;              /* conversions of the current scanf call so far ... */
    int32_t items_at_end;             /* ... and how many came before the input ended, or -1 */
    unsigned long long calls, warmup; /* function mode: calls per trial, the first not counted */
    const spec_interrupt *interrupts; /* [mod->ninterrupts], bound to mod->interrupts */
    char drawn_text[1024];
    dist_bytes text; /* a string-valued read's draw, kept for the next */
    /* atexit's handlers, with the destructors the module registers first: what exit()
     * runs this trial, the last first */
    void (**at_exit)(void);
    size_t nat_exit, at_exit_cap;
    int exit_now; /* the trial called _exit, _Exit or quick_exit: no handler runs */
} runtime_state_runtime;

/* entry_call.c: the isolated function's call, its arguments' laws and storage. */
typedef struct runtime_state_entry_call {
    const fsabi_module *mod;
    const spec *spec;
    ffi_cif cif;
    ffi_type **types;
    int through_ffi; /* FREQSYS_CALL_LIBFFI: libffi, not the module's call_entry */
    void **argp;
    union runtime_value *values;
    struct entry_call_buffer *buffers;
    const dist **dists; /* per fsabi_arg */
    size_t *items;      /* per parameter: the structs it points to this call */
    size_t *lengths;    /* per parameter: its drawn length this call, for length() */
    drawn_text *texts;  /* per parameter: text(), lines(), file() */
    void **generators;  /* per fsabi_arg: its generator, or NULL */
    long long *order;   /* a permutation being drawn */
    size_t order_cap;
} runtime_state_entry_call;

/* The storage one pointer argument gets, reused from call to call. */
struct entry_call_buffer {
    unsigned char *bytes;
    size_t cap;
};

/* call_dump.c: where `freqsys draw` writes each call's arguments. */
typedef struct runtime_state_call_dump {
    char dir[4096]; /* "" when not writing */
    uint64_t trial;
    unsigned long long call; /* the trial's calls so far */
} runtime_state_call_dump;

/* plain_calls.c: function mode's calls whose arguments are plain values, drawn ahead
 * for PLAIN_CALLS_BATCH trials at a time. */
#define PLAIN_CALLS_BATCH 32
#define PLAIN_CALLS_NONE  UINT64_MAX
typedef struct runtime_state_plain_calls {
    int enabled;          /* plain_calls_prepare found the module and the spec fit */
    int direct;           /* dist_first_draws_direct of the arguments' laws */
    uint64_t seed, first; /* the batch drawn: trials first .. first + n - 1 of seed */
    uint64_t n;
    uint64_t last;          /* the row of the trial that ran last by this path; PLAIN_CALLS_NONE */
    size_t nargs;           /* the entry's parameters, each drawn once */
    const fsabi_arg **args; /* [nargs], in the order they are drawn */
    const dist **dists;     /* [nargs] */
    const char **names;     /* [nargs]: the parameters' names, for replays */
    uint64_t *values;       /* [PLAIN_CALLS_BATCH][nargs] each call's arguments, by parameter */
    void **argp;            /* [PLAIN_CALLS_BATCH][nargs] pointers into values, what call_entry takes */
    double *drawn;          /* [PLAIN_CALLS_BATCH][nargs] the values as drawn, in drawing order */
} runtime_state_plain_calls;

/* stdin_text.c: the drawn standard input and the memfd that holds it. Forked workers
 * inherit the memfd; a fork handler tells them that it is not theirs. */
typedef struct runtime_state_stdin_text {
    drawn_text text; /* this trial's text */
    FILE *gen_file;  /* stdin ~ generator(NAME): the stream it writes, while it runs */
    char *gen_buf;   /* ... and what it wrote */
    size_t gen_len;
    int fd;                   /* the memfd, or -1 */
    int ro;                   /* the memfd opened again read-only, what fd 0 becomes; or fd */
    int inherited;            /* fd was made by the parent of this process */
    int handler;              /* the fork handler is registered */
    size_t size;              /* the memfd's current size */
    const spec_file *written; /* files(...): the file in the memfd */
    char path[64];            /* "/proc/self/fd/N" of ro, for reopening a closed stdin */
    char describe[600];
} runtime_state_stdin_text;

/* draw_scores.c: the followed distributions and this trial's scores. */
typedef struct runtime_state_draw_scores {
    struct draw_scores_followed *dists;
    size_t ndists;
    struct draw_score_param *params; /* scored ones first, then skipped */
    size_t nparams, nscored;
    double *trial; /* [nscored]: this trial's scores so far */
} runtime_state_draw_scores;

/* tilted_draws.c: importance sampling's tilted inputs and this trial's weight. */
typedef struct runtime_state_tilted_draws {
    struct tilted_draws_input *inputs;
    size_t n;
    double weight;    /* this trial's, so far */
    unsigned ntilted; /* this trial's tilted draws so far */
} runtime_state_tilted_draws;

/* gen_draws.c: what the generators' draws need: the spec's named distributions. */
typedef struct runtime_state_gen_draws {
    const spec *spec;
} runtime_state_gen_draws;

/* The runtime's state. The library is linked into every instrumented module, so
 * each module carries one such object; one process runs one trial at a time, and
 * forked workers each get their own copy. */
typedef struct runtime_state {
    trial_draws trial_draws;
    runtime_state_runtime runtime;
    runtime_state_entry_call entry_call;
    runtime_state_call_dump call_dump;
    runtime_state_plain_calls plain_calls;
    runtime_state_stdin_text stdin_text;
    runtime_state_draw_scores draw_scores;
    runtime_state_tilted_draws tilted_draws;
    runtime_state_gen_draws gen_draws;
} runtime_state;

/* The module's one object; reach it through runtime_self. Hidden: the library is
 * position-independent, and a hidden object is addressed relative to the code, with
 * no load of its address from the GOT. Made local to the module when it is linked
 * (exports.txt), like every other name of the library. */
extern __attribute__((visibility("hidden"))) runtime_state runtime_state_object;

/* The one pointer every part reaches the state through. Inline and constant: it
 * folds to the object's address, so the draws on the hot path pay nothing for it. */
static inline runtime_state *runtime_self(void) {
    return &runtime_state_object;
}

#endif
