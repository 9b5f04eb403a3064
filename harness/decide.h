/* harness/decide.h: the stopping rule applied at a check point to every counter of the module. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_DECIDE_H
#define FREQSYS_DECIDE_H

#include <stdint.h>
#include <time.h>
#include "module_facts.h"
#include "runner_types.h"

/* The rule waits for the blocks and the paths (the MMIO writes between them are
 * reported, never waited for). MOMENTS and VERDICTS are per counter. */
typedef struct decide {
    const runner_config *cfg;
    tally_moments *moments;
    block_verdict *verdicts;
    uint64_t first_open; /* the judged counter found open at the last decision */
    int found_open;      /* some decision found a counter open */
    /* the time limit (limit_s > 0: seconds after *T0 on the monotonic clock): once it
     * passes, or a stop is asked for, the counters are judged without the betting
     * interval, whose pass over every trial would keep the run long past it */
    const struct timespec *t0;
    double limit_s;
    int hurry;
    const uint64_t *unbounded; /* per counter: trials killed at their timeout while it ran
                                * (NULL: none); such a counter has no finite mean to claim */
    /* Per counter, the most one run counted of it past its limit (count_limits.h; 0:
     * never; NULL: not checked), and what grows whenever an entry does. A verdict
     * that rests on a cap a count contradicts is not settled. */
    const uint64_t *over;
    const uint64_t *over_raised;
    /* derived from OVER when it changes */
    uint64_t over_seen;
    unsigned broken;          /* COUNT_LIMITS_* bits of what the trials contradicted */
    const char **broken_caps; /* the spec's caps contradicted, as blocks name them (owned array) */
    size_t nbroken_caps, broken_room;
    int caps_unlisted; /* memory ran out listing them: every named cap counts as contradicted */
} decide;

/* Judges every counter over TALLIES, VALID trials of FRONTIER merged; with TRACE,
 * writes them to cfg->trace. Returns 1 when every waited-for counter settled. */
int decide_all(decide *d, const tally *tallies, uint64_t valid, uint64_t frontier, int trace);

/* The decision at a check point: 1 when every waited-for counter settled. Judges
 * from the counter found open last time on and stops at the first still open; the
 * answer is that of decide_all. */
int decide_check(decide *d, const tally *tallies, uint64_t valid, uint64_t frontier);

/* After decide_check said yes: the block found open at the decision before, the last
 * to settle, whose need set the trials the run took; -1 when none was ever open or
 * it is not a block (a path). */
long long decide_last_open_block(const decide *d);

/* 1 when the run should end unsettled: every open counter is one only a bound could
 * settle (stuck), seen the same way long enough that a different trial is unlikely,
 * or one a trial never finished (unbounded): more trials cannot settle either. */
int decide_give_up(decide *d, const tally *tallies, uint64_t valid, uint64_t frontier);

/* The verdict the rule gives counter J of CFG's module on moments M alone (no tally:
 * no betting interval), as decide_all judges it, replicates and per-run ranges
 * included; not under importance weights. For estimates (sampling_choice.c). Can't
 * fail. */
void decide_counter(const runner_config *cfg, uint64_t j, const tally_moments *m, block_verdict *v);

/* 1 when every waited-for counter's verdict is settled. */
int decide_settled(const decide *d);

/* What the trials contradicted so far: COUNT_LIMITS_* bits, 0 when every count held
 * to its caps and proofs. Can't fail. */
unsigned decide_exceeded(decide *d);

/* Frees what D derived (not the arrays it was given). */
void decide_free(decide *d);

#endif
