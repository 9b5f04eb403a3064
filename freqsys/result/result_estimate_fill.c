/* freqsys/result/result_estimate_fill.c: a result entry's estimate from what the stopping rule counted and
 * decided. */
/* SPDX-License-Identifier: MIT */
#include "result_estimate_fill.h"

#include <stdlib.h>
#include <string.h>

int result_estimate_fill(result_estimate *e, const tally_moments *m, const block_verdict *v, double max_runs,
                         double per) {
    e->mean = m->mean / per;
    e->stddev = m->stddev / per;
    e->half_width = v->half_width / per;
    e->min = m->min;
    e->max = m->max;
    e->hits = m->hits;
    e->status = strdup(block_status_name(v->status));
    e->method = strdup(block_method_name(v->method));
    e->basis = strdup(block_basis_name(v->basis));
    e->p_upper = v->p_upper;
    e->range = v->range / per;
    e->max_runs = max_runs / per;
    e->unbounded = v->unbounded;
    e->cap_exceeded = v->cap_exceeded;
    if (v->unbounded) {
        free(e->status);
        e->status = strdup("unbounded");
    }
    return e->status && e->method && e->basis ? 0 : -1;
}

void result_estimate_per_run(result_estimate *e, const tally_moments *m, const tally_moments *run,
                             uint32_t runs, double per) {
    double k = (double)runs;
    e->mean = m->mean / (k * per);
    e->half_width /= k;
    e->range /= k;
    e->stddev = run->stddev / per;
    e->min = run->min;
    e->max = run->max;
    e->hits = run->hits;
}
