/* freqsys/runtime/runtime.h: the draws and exits the instrumented program calls, and one trial. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUNTIME_H
#define FREQSYS_RUNTIME_H

#include <stddef.h>
#include <stdint.h>
#include "freqsys/abi.h"
#include "spec.h"
#include "dist.h"
#include "trial_draws.h"

/* Binds the read sites of module MOD to the inputs of S (by variable name, by read
 * index, or `read *`) and prepares the per-trial generator. Call once per process
 * that runs trials, before the first. Returns 0, or -1 with a message in ERR when
 * the module does not match this runtime's ABI or memory ran out. */
int runtime_bind(const fsabi_module *mod, const spec *s, char *err, size_t errlen);

/* Runs trial TRIAL of seed SEED: restores the program's globals, positions the
 * generator at stream (seed, trial), runs the program's constructors (through the
 * module's reset function) and calls the entry; once main returns, or the program
 * calls exit(), runs what atexit registered and the destructors, as the C library
 * would. The counters of the trial are left in the module for the caller to
 * collect. */
trial_end runtime_run_trial(uint64_t seed, uint64_t trial);

/* The status the last trial passed to exit() (meaningful after TRIAL_EXITED). */
int runtime_exit_status(void);

/* Draws the standard input (S's `stdin ~` declaration) that trial TRIAL of seed SEED
 * gets, into this process's fd 0, outside any trial and without the program: for
 * `freqsys draw`, which writes the inputs a run sees as files (a generator's among
 * them, when the module carries the spec's generators). Returns 0, or -1 with the
 * reason in ERR (no `stdin ~`, a length outside the limit, a byte outside 0..255). */
int runtime_draw_stdin(const spec *s, uint64_t seed, uint64_t trial, char *err, size_t errlen);

/* After TRIAL_INPUT_ERROR: what went wrong, naming the input and its source line. */
const char *runtime_error(void);

/* The first RUNTIME_KEPT_DRAWS values the last trial drew, as text ("ask=417.5"), for
 * reproducing a crash. The text lives until the next call. */
const char *runtime_drawn(void);

/* Entry points called by instrumented code (names in abi.h). */
int64_t freqsys_rt_input_int(uint32_t site);
double freqsys_rt_input_real(uint32_t site);
int64_t freqsys_rt_read_int(uint32_t site);
int32_t freqsys_rt_scanf_result(int32_t assigned);
double freqsys_rt_read_real(uint32_t site);
void freqsys_rt_read_text(uint32_t site, char *buf, int64_t cap);
char *freqsys_rt_read_line(uint32_t site, char *buf, int32_t cap);
int32_t freqsys_rt_getchar(uint32_t site);
int32_t freqsys_rt_rand(void);
int64_t freqsys_rt_random(void);
int32_t freqsys_rt_rand_r(uint32_t *seed);
void freqsys_rt_srand(uint32_t seed);
double freqsys_rt_drand48(void *state);
int64_t freqsys_rt_lrand48(void *state);
int64_t freqsys_rt_mrand48(void *state);
unsigned short *freqsys_rt_seed48(void *state);
uint32_t freqsys_rt_arc4random(void);
uint32_t freqsys_rt_arc4random_uniform(uint32_t n);
int64_t freqsys_rt_time(int64_t *out);
int64_t freqsys_rt_clock(void);
int32_t freqsys_rt_gettimeofday(int64_t *tv, void *tz);
int32_t freqsys_rt_clock_gettime(int32_t clock, int64_t *ts);
char *freqsys_rt_getenv(const char *name);
_Noreturn void freqsys_rt_exit(int32_t status);
_Noreturn void freqsys_rt_exit_now(int32_t status);
int32_t freqsys_rt_atexit(void (*handler)(void));
_Noreturn void freqsys_rt_abort(void);
_Noreturn void freqsys_rt_assert_fail(const char *expr, const char *file, unsigned line,
                                      const char *function);

#endif
