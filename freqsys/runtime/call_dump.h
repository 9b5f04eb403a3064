/* freqsys/runtime/call_dump.h: `freqsys draw` in function mode: each call's drawn arguments written as files.
 */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_CALL_DUMP_H
#define FREQSYS_CALL_DUMP_H

#include <stdint.h>

/* From now on, every call of the entry that trial TRIAL makes writes its arguments,
 * as drawn, before the call: DIR/trial-TTTTTT-call-CCC.txt lists each parameter's
 * value, and each pointer's bytes go to DIR/trial-TTTTTT-call-CCC.NAME as well.
 * Returns 0, or -1 when DIR is too long. */
int call_dump_start(const char *dir, uint64_t trial);

/* 1 once call_dump_start was called, which also turns the short path of
 * plain_calls.h off: every trial then takes the usual path, whose draws are the same. */
int call_dump_active(void);

/* Writes the arguments of the call about to be made (entry_call.c). A file that
 * cannot be written ends the trial with an input error. */
void call_dump_write(void);

#endif
