/* freqsys/runtime/trial_draws.h: the bottom of the runtime: the trial's draws, their conversion to C types,
 * and failing a trial. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_TRIAL_DRAWS_H
#define FREQSYS_TRIAL_DRAWS_H

#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <gsl/gsl_rng.h>
#include "dist.h"
#include "runtime_state.h"

/* One draw of the program's inputs from D: from the trial's stream, or from the
 * source in its place; not recorded. Inline: every input read of every trial calls it. */
static inline double runtime_sample(const dist *d) {
    const trial_draws *t = &runtime_self()->trial_draws;
    double v = t->source ? t->source(d, t->source_ctx) : dist_sample(d, t->rng);
    if (t->on_draw) t->on_draw(d, v);
    return v;
}

/* Keeps V under NAME among the trial's first draws. */
static inline void runtime_record(const char *name, double v) {
    trial_draws *t = &runtime_self()->trial_draws;
    if (t->ndrawn < RUNTIME_KEPT_DRAWS) {
        t->drawn[t->ndrawn].name = name;
        t->drawn[t->ndrawn++].value = v;
    } else {
        t->not_kept++;
    }
}

/* runtime_sample, recorded under NAME for replays. */
static inline double runtime_draw(const dist *d, const char *name) {
    double v = runtime_sample(d);
    runtime_record(name, v);
    return v;
}

void runtime_set_draw_source(runtime_draw_source fn, void *ctx);

/* The trial's random stream, positioned by runtime_run_trial: a caller can tell from
 * its state whether a trial drew from it directly. */
gsl_rng *runtime_rng(void);

/* Room for a value of any kind runtime_convert writes, or a pointer. */
typedef union runtime_value {
    int8_t i8;
    uint8_t u8;
    int16_t i16;
    uint16_t u16;
    int32_t i32;
    uint32_t u32;
    int64_t i64;
    uint64_t u64;
    float f;
    double d;
    void *p;
} runtime_value;

/* Converts V to the C type KIND at OUT (C truncation toward zero for integers).
 * Returns 0, or -1 when V does not fit the type (never a silent wrap). */
int runtime_convert(double v, uint32_t kind, void *out);

/* Ends the trial with an input error (TRIAL_INPUT_ERROR) whose message is FMT. */
_Noreturn void runtime_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
