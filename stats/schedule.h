/* stats/schedule.h: the fixed trial counts at which the stopping rule is checked. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_SCHEDULE_H
#define FREQSYS_SCHEDULE_H

#include <stdint.h>

/* Decisions are taken only at these counts, on exactly trials 0..n-1, so the stop
 * point cannot depend on how fast workers are. The first check is at 30 trials; each
 * next one is about 5% later, so a stop overshoots the trials needed by little.
 * Returns the first check point > N, never more than MAX (MAX itself is the last);
 * returns MAX when N >= MAX, so a caller stops once the answer is not above N.
 * Can't fail. */
uint64_t schedule_next(uint64_t n, uint64_t max);

/* The index of the look at N trials: the number of points of the unbounded sequence
 * (30, 32, 34, ...) that lie below N, so the point 30 has index 0, 32 index 1, and a
 * count between two points (a budget, or an interrupted run) gets the index of the
 * next point, which a run stopping there never reaches. Distinct looks of one run
 * therefore have distinct indices. Can't fail. */
uint64_t schedule_index(uint64_t n);

#endif
