/* harness/timeout_calibrate.h: a per-trial timeout chosen from the first trials' CPU times, when none is
 * given. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_TIMEOUT_CALIBRATE_H
#define FREQSYS_TIMEOUT_CALIBRATE_H

#include "runner_types.h"

#define CALIBRATE_TRIALS 100  /* the first trials timed */
#define CALIBRATE_FACTOR 20.0 /* the timeout is this many times the slowest of them, */
#define CALIBRATE_MIN_S  0.05 /* and never less than this much CPU time */
#define CALIBRATE_WALL_S 2.0  /* the timing stops after this long (a trial that never ends) */

/* As AFL++ does: runs trials 0..CALIBRATE_TRIALS-1 of CFG's program in one confined
 * child, each timed by the child's CPU clock, and returns CALIBRATE_FACTOR times the
 * slowest (at least CALIBRATE_MIN_S). A trial still running after CALIBRATE_WALL_S
 * ends the timing: the slowest of those that ended counts, and the run's own
 * timeout then catches that trial. A trial that crashes the child ends the timing
 * the same way, and so does a stop asked for (stop_request.h). Can't fail: without
 * a child it returns CALIBRATE_MIN_S x 20. */
double timeout_calibrate(const runner_config *cfg);

#endif
