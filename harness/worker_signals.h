/* harness/worker_signals.h: what a worker says when a signal asks where it runs, or kills it. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_WORKER_SIGNALS_H
#define FREQSYS_WORKER_SIGNALS_H

#include "wire.h"

/* In a worker, before its first trial: WIRE_SAMPLE_SIGNAL writes the interrupted
 * code address, the trial then running and a count up into SLOT, which the harness
 * reads (a trial past its timeout, a trial the progress line names). */
void worker_signals_answer_samples(wire_slot *slot);

/* In a worker, after worker_signals_answer_samples: a fatal signal (SIGSEGV,
 * SIGBUS, SIGFPE, SIGILL, SIGTRAP) writes the faulting address and the return
 * addresses above it into the slot, then ends the worker with the same signal;
 * the handler runs on a stack of its own, so a stack overflow says it too. */
void worker_signals_answer_crashes(void);

#endif
