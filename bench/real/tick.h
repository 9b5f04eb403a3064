/* bench/real/tick.h: TICK(k) counts mark k of a program, in freqsys's build and the oracle's alike, so the block holding it is the same in both. */
/* SPDX-License-Identifier: MIT */
#ifndef BENCH_REAL_TICK_H
#define BENCH_REAL_TICK_H

#define TICKS_MAX 16

/* Defined here, so each program (one source file) owns its marks; the oracle
   declares it extern and reads it after every run. */
unsigned long real_ticks[TICKS_MAX];

#define TICK(k) (real_ticks[(k)]++)

#endif
