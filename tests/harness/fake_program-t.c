/* tests/harness/fake_program-t.c: the harness alone, driving a fake program that crashes on trial 17 and
 * hangs on trial 42. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "runner.h"

#include <math.h>
#include <signal.h>

#define CRASH_TRIAL 17
#define HANG_TRIAL  42
#define EPSILON     0.02

/* The fake program: one function of three blocks. Per trial, block 0 runs once,
 * block 1 once with probability 19661/65536, block 2 uniformly 0 .. 7 times, all from
 * a hash of (seed, trial), so the exact means are known: 1, 0.300003..., 3.5. */
static uint64_t counters[3];
static uint8_t fn_touched[1];
static uint32_t touched_list[2], touched_count;
static const fsabi_block blocks[3] = {
    {.function = "fake", .label = "entry", .file = "", .flags = FSABI_BLOCK_ONCE, .max_runs = 1},
    {.function = "fake", .label = "sometimes", .file = "", .flags = FSABI_BLOCK_AT_MOST_ONCE, .max_runs = 1},
    {.function = "fake", .label = "loop", .file = "", .max_runs = 7},
};
static const fsabi_function functions[1] = {{.name = "fake", .file = "", .first_block = 0, .nblocks = 3}};
static const fsabi_module fake_module = {
    .abi_version = FSABI_VERSION,
    .nblocks = 3,
    .nfunctions = 1,
    .counters = counters,
    .fn_touched = fn_touched,
    .touched_list = touched_list,
    .touched_count = &touched_count,
    .blocks = blocks,
    .functions = functions,
};

static uint64_t mix(uint64_t x) { /* splitmix64's finaliser */
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

static trial_end fake_trial(uint64_t seed, uint64_t trial) {
    counters[0] = 1; /* before the crash and the hang: their trials count it */
    if (trial == CRASH_TRIAL) raise(SIGSEGV);
    if (trial == HANG_TRIAL)
        for (volatile uint64_t *loop = &counters[2];;) ++*loop; /* block 2 runs for ever */
    uint64_t x = mix(seed * 0x100000001b3ull ^ trial);
    counters[1] = (x & 0xffff) < 19661;
    counters[2] = (x >> 16) & 7;
    if (!fn_touched[0]) {
        fn_touched[0] = 1;
        touched_list[touched_count++] = 0;
    }
    return TRIAL_RETURNED;
}

int main(void) {
    plan(11);
    runner_config cfg = {.mod = &fake_module,
                         .program = {.run_trial = fake_trial},
                         .seed = 3,
                         .jobs = 2,
                         .max_trials = 2000000,
                         .timeout_s = 0.5};
    if (stop_params_init(&cfg.stop, EPSILON, 0, 0.95) != 0) bail("stop_params_init");
    runner_result out;
    int rc = runner_run(&cfg, &out);
    is_int(rc, 0, "the runner runs the fake program to a result");
    ok(!out.converged && out.gave_up, "the run ends unsettled: block 2 never ended in a trial (%llu trials)",
       (unsigned long long)out.trials);
    is_int((long long)out.crashes, 1, "one crash");
    is_int((long long)out.timeouts, 1, "one timeout, judged by CPU time");
    int crash_seen = 0, hang_seen = 0;
    for (size_t i = 0; i < out.nfailures; i++) {
        const runner_failure *f = &out.failures[i];
        crash_seen |= f->trial == CRASH_TRIAL && f->kind == FAILURE_CRASH && f->signal == SIGSEGV;
        hang_seen |= f->trial == HANG_TRIAL && f->kind == FAILURE_TIMEOUT;
    }
    ok(crash_seen, "trial %d is listed as a crash by SIGSEGV", CRASH_TRIAL);
    ok(hang_seen, "trial %d is listed as a timeout", HANG_TRIAL);
    /* every trial counts: the crash and the hang ran block 0 and not block 1 */
    double n = (double)out.trials, truth[2] = {1.0, 19661.0 / 65536.0 * (n - 2) / n};
    ok(out.moments[0].n == out.trials && out.moments[0].min == 1 && out.verdicts[0].status == BLOCK_CONSTANT,
       "block entry ran once in every trial, the failed ones too");
    for (int b = 0; b < 2; b++) {
        double mean = out.moments[b].n ? out.moments[b].mean : NAN;
        ok(fabs(mean - truth[b]) <= out.verdicts[b].half_width && out.verdicts[b].half_width <= EPSILON,
           "block %s: %.5f within its half-width %.5f of %.5f", blocks[b].label, mean,
           out.verdicts[b].half_width, truth[b]);
    }
    ok(out.verdicts[2].unbounded == 1 && out.verdicts[2].status == BLOCK_NOT_CONVERGED &&
           isinf(out.verdicts[2].half_width),
       "block loop is unbounded: it still ran when trial %d was killed", HANG_TRIAL);
    ok(out.outcomes.signals[SIGSEGV] == 1 && out.outcomes.aborts == 0, "the crash is counted by its signal");
    runner_result_free(&out, 3);
    return done();
}
