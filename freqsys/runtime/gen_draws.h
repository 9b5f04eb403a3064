/* freqsys/runtime/gen_draws.h: the spec's C generators in the module, and the draws <freqsys/gen.h> gives
 * them. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_GEN_DRAWS_H
#define FREQSYS_GEN_DRAWS_H

#include "spec.h"

/* Remembers S, whose `draw NAME ~ D` lines fs_draw("NAME") takes its laws from. */
void gen_draws_bind(const spec *s);

/* The generator NAME the module carries (FSABI_GENERATORS_SYMBOL), or NULL when it
 * has none of that name (the transform checked every name the spec uses). */
void *gen_draws_find(const char *name);

/* What <freqsys/gen.h> calls (exports.txt keeps them global): draws from the
 * running trial's own stream, so a generator's output is a function of (seed,
 * trial) like every other input. freqsys_rt_gen_int: an integer of [LO, HI],
 * each equally likely (LO > HI fails the trial); freqsys_rt_gen_real: [0, 1);
 * freqsys_rt_gen_draw: a draw of the spec's `draw NAME ~ D`, recorded for replays
 * and seen by --sensitivity and the sampling modes like any input's draw (a NAME
 * the spec does not declare fails the trial, naming it). */
long long freqsys_rt_gen_int(long long lo, long long hi);
double freqsys_rt_gen_real(void);
double freqsys_rt_gen_draw(const char *name);

#endif
