/* freqsys/runtime/plain_calls.h: function mode's short path: arguments drawn ahead in batches, no setjmp. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_PLAIN_CALLS_H
#define FREQSYS_PLAIN_CALLS_H

#include <stdint.h>
#include "freqsys/abi.h"
#include "runtime_state.h"
#include "spec.h"

/* Enables the short path when it gives every trial exactly what runtime_run_trial's
 * usual path gives: MOD's entry proven closed (fsabi_module.entry_closed), no input
 * read in the module, one call per trial and no interrupts, no standard input,
 * every parameter a plain number drawn once, not through libffi, and
 * FREQSYS_PLAIN_CALLS not "off". Returns 0, or -1 when memory ran out. */
int plain_calls_prepare(const fsabi_module *mod, const spec *s);

/* Draws the arguments of trials FIRST, FIRST + 1, ... of SEED into the batch, each
 * from its own stream as entry_call would, up to PLAIN_CALLS_BATCH or to the first
 * whose value does not fit its parameter. Returns how many. */
uint64_t plain_calls_draw(uint64_t seed, uint64_t first);

/* Keeps the draws of the trial that ran last by the short path among the trial's
 * draws (trial_draws.drawn), for runtime_drawn: the path itself does not copy them. */
void plain_calls_keep_drawn(void);

/* Runs trial TRIAL of SEED by the short path and returns 1, or returns 0 when the
 * caller must take the usual path: the path is off, a draw source or hook is set,
 * or one of the trial's drawn values does not fit its parameter (the usual path
 * reports it). The draws are those of the trial's own stream positioned at (SEED,
 * TRIAL), bit for bit. Inline in runtime_run_trial: this is all that runs between
 * one call of the entry and the next, besides the harness's counting. */
static inline int plain_calls_run(uint64_t seed, uint64_t trial) {
    runtime_state *self = runtime_self();
    runtime_state_plain_calls *p = &self->plain_calls;
    uint64_t k = trial - p->first;
    if (!p->enabled || self->trial_draws.source || self->trial_draws.on_draw) goto usual;
    if (seed != p->seed || k >= p->n) {
        if (plain_calls_draw(seed, trial) == 0) goto usual;
        k = 0;
    }
    /* the row is read back after reset_globals rather than kept in a register the
     * call would make this function save */
    p->last = k;
    self->runtime.mod->reset_globals();
    self->runtime.mod->call_entry(p->argp + p->last * p->nargs);
    return 1;
usual:
    p->last = PLAIN_CALLS_NONE;
    return 0;
}

#endif
