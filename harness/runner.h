/* harness/runner.h: runs trials in forked workers until the stopping rule settles every block. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUNNER_H
#define FREQSYS_RUNNER_H

#include "module_facts.h"
#include "runner_types.h"

/* Runs the estimation, from the start or from CFG->resume (whose tallies are copied).
 * In an MPI job every rank calls it: rank 0 leases trials to the others as they ask,
 * merges their pieces with its own in trial order, decides, and tells them to stop.
 * Only rank 0's OUT holds the result. SIGINT and SIGTERM end it, interrupted, with
 * the trials merged so far (stop_request.h); a stop requested before the call
 * ends it at once, with no trial run.
 * Returns 0 when a result exists (converged or not, OUT filled),
 * -1 when the run failed: an input error (OUT->error names it), or no worker could
 * be started. Free OUT with runner_result_free either way. */
int runner_run(const runner_config *cfg, runner_result *out);

/* The trials whose hashed paths (--paths past --max-paths) were lost: those that
 * ended their worker (a signal, a timeout). Their blocks and counted paths count,
 * but the per-trial path table lives in the worker's private memory. */
static inline uint64_t runner_hashed_lost(const runner_result *r) {
    return r->crashes - r->outcomes.aborts + r->timeouts;
}

/* NCOUNTERS: the number of tallies in R->state: fsabi_ncounters(mod), twice that
 * under variance reduction. */
void runner_result_free(runner_result *r, size_t ncounters);

#endif
