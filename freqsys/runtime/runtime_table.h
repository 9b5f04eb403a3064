/* freqsys/runtime/runtime_table.h: the runtime's functions as the freqsys executable finds them in a loaded
 * module. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUNTIME_TABLE_H
#define FREQSYS_RUNTIME_TABLE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <gsl/gsl_rng.h>
#include "freqsys/abi.h"
#include "spec.h"
#include "trial_draws.h"
#include "draw_scores.h"

/* The runtime (libfreqsys_rt.a) is linked into every instrumented module, so each
 * loaded module carries its own runtime and the runtime's state: one object per
 * module (runtime_state.h), reached through one pointer, runtime_self(); one copy
 * per module, one per forked worker.
 * Besides the descriptor, the module exports only this table, under the name
 * FSABI_RUNTIME_SYMBOL; the executable reaches the runtime through it alone.
 *
 * The executable and the library pass specs and distributions to each other as C
 * structures, so both must come from one build: the sizes below tell a library of
 * another build apart before anything is called. */
typedef struct runtime_table {
    uint32_t abi_version;     /* FSABI_VERSION */
    uint32_t table_size;      /* sizeof(runtime_table) */
    uint32_t spec_size;       /* sizeof(spec) */
    uint32_t spec_input_size; /* sizeof(spec_input) */
    /* runtime.h's functions, by the same names without the prefix */
    int (*bind)(const fsabi_module *mod, const spec *s, char *err, size_t errlen);
    trial_end (*run_trial)(uint64_t seed, uint64_t trial);
    void (*set_draw_source)(runtime_draw_source fn, void *ctx);
    gsl_rng *(*rng)(void);
    const char *(*error)(void);
    const char *(*drawn)(void);
    int (*draw_stdin)(const spec *s, uint64_t seed, uint64_t trial, char *err, size_t errlen);
    const char *(*stdin_describe)(void); /* stdin_text_describe */
    /* draw_scores.h (run --sensitivity), by the names after draw_scores_ */
    int (*scores_enable)(const spec *s);
    const draw_score_param *(*scores_params)(size_t *n, size_t *nscored);
    void (*scores_take)(double *out);
    /* tilted_draws.h (run --rare), by the names after tilted_draws_ */
    int (*tilt_enable)(const spec *s);
    double (*tilt_take_weight)(void);
    void (*tilt_pilot_trial)(int reached);
    int (*tilt_refit)(void);
    size_t (*tilt_get)(double *mean_t, size_t max);
    int (*tilt_set)(const double *mean_t, size_t n);
    int (*tilt_describe)(size_t i, char *buf, size_t size);
    int (*exit_status)(void);                           /* runtime_exit_status */
    int (*dump_calls)(const char *dir, uint64_t trial); /* call_dump_start: `freqsys draw`, function mode */
} runtime_table;

/* Whether T, found in a loaded module, was built with this executable: 0, or -1
 * with the reason in ERR. */
static inline int runtime_table_check(const runtime_table *t, char *err, size_t errlen) {
    if (t->abi_version != FSABI_VERSION || t->table_size != sizeof(runtime_table) ||
        t->spec_size != sizeof(spec) || t->spec_input_size != sizeof(spec_input)) {
        snprintf(err, errlen,
                 "the runtime library was built for another version of freqsys (ABI %u, "
                 "this freqsys speaks %d): install freqsys and its runtime library together",
                 t->abi_version, FSABI_VERSION);
        return -1;
    }
    return 0;
}

#endif
