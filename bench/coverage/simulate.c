/* bench/coverage/simulate.c: the runner's decision loop without workers, for coverage measurements. */
/* SPDX-License-Identifier: MIT */
#include "simulate.h"

#include <string.h>
#include "schedule.h"

void simulate_init(simulation *s)
{
    memset(s, 0, sizeof *s);
    for (size_t j = 0; j < MODELS_MAX_BLOCKS; j++)
        tally_init(&s->tallies[j]);
}

void simulate_free(simulation *s)
{
    for (size_t j = 0; j < MODELS_MAX_BLOCKS; j++)
        tally_free(&s->tallies[j]);
}

int simulate_run(const model *m, const stop_params *p, gsl_rng *r, uint64_t max_trials, simulation *s)
{
    uint64_t counts[MODELS_MAX_BLOCKS], n = 0;
    for (size_t j = 0; j < m->nblocks; j++) {
        tally_reset(&s->tallies[j]);
        s->settled_at[j] = 0;
    }
    s->converged = 0;
    for (;;) {
        uint64_t next = schedule_next(n, max_trials);
        if (next <= n)
            break;
        for (; n < next; n++) {
            m->trial(r, counts);
            for (size_t j = 0; j < m->nblocks; j++)
                if (tally_add(&s->tallies[j], counts[j], 1) < 0)
                    return -1;
        }
        int all = 1, stuck = 1;
        for (size_t j = 0; j < m->nblocks; j++) {
            tally_moments mo;
            tally_moments_of(&s->tallies[j], n, &mo);
            stop_rule_judge_counts(p, &mo, &s->tallies[j], m->facts[j], models_max_runs(m, j), &s->verdict[j]);
            s->mean[j] = mo.mean;
            if (s->verdict[j].status == BLOCK_NOT_CONVERGED) {
                all = 0;
                stuck &= s->verdict[j].stuck && s->verdict[j].p_upper <= STOP_GIVE_UP_P;
            }
            else if (!s->settled_at[j])
                s->settled_at[j] = n;
        }
        if (all) {
            s->converged = 1;
            break;
        }
        if (stuck)       /* the runner gives up here too: only a bound could settle them */
            break;
    }
    s->trials = n;
    return 0;
}
