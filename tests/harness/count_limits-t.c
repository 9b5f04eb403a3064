/* tests/harness/count_limits-t.c: the harness alone, driving a fake program whose counts go past a cap and a
 * proven bound in known trials. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "runner.h"

#include <math.h>
#include <stdlib.h>

/* The fake program: one function of four blocks, its counts a hash of (seed, trial).
 * Block 1 runs 0 .. 7 times, block 2 twice, both under a cap that allows 6 (as
 * `cap fake.c:3 5` makes a loop's test); block 3 runs once, or 7 times in one trial
 * of 16, past the 6 a proof allows (a defect). One trial in four calls exit(3). */
#define COLD_NBLOCKS 304
static uint64_t counters[COLD_NBLOCKS];
static uint8_t fn_touched[2];
static uint32_t touched_list[3], touched_count;
static const fsabi_block blocks[4] = {
    {.function = "fake",
     .label = "entry",
     .file = "",
     .bound_from = "",
     .flags = FSABI_BLOCK_ONCE,
     .max_runs = 1},
    {.function = "fake", .label = "capped", .file = "", .bound_from = "fake.c:3", .max_runs = 6},
    {.function = "fake", .label = "sibling", .file = "", .bound_from = "fake.c:3", .max_runs = 6},
    {.function = "fake", .label = "proven", .file = "", .bound_from = "", .max_runs = 6},
};
static const fsabi_function functions[1] = {{.name = "fake", .file = "", .first_block = 0, .nblocks = 4}};
static const fsabi_module fake_module = {
    .abi_version = FSABI_VERSION,
    .nblocks = 4,
    .nfunctions = 1,
    .counters = counters,
    .fn_touched = fn_touched,
    .touched_list = touched_list,
    .touched_count = &touched_count,
    .blocks = blocks,
    .functions = functions,
};

/* The same program in a module of 304 blocks, the last 300 a function that never
 * runs: past 256 counters a worker counts in cold rows, a trial's counts (and their
 * limits) taken up at the next trial's collection. */
static fsabi_block cold_blocks[COLD_NBLOCKS];
static const fsabi_function cold_functions[2] = {
    {.name = "fake", .file = "", .first_block = 0, .nblocks = 4},
    {.name = "idle", .file = "", .first_block = 4, .nblocks = 300}};
static const fsabi_module cold_module = {
    .abi_version = FSABI_VERSION,
    .nblocks = COLD_NBLOCKS,
    .nfunctions = 2,
    .counters = counters,
    .fn_touched = fn_touched,
    .touched_list = touched_list,
    .touched_count = &touched_count,
    .blocks = cold_blocks,
    .functions = cold_functions,
};

static uint64_t mix(uint64_t x) { /* splitmix64's finaliser */
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* Trial TRIAL's counts of seed SEED into C, and whether it exits. */
static int trial_counts(uint64_t seed, uint64_t trial, uint64_t c[4]) {
    uint64_t x = mix(seed * 0x100000001b3ull ^ trial);
    c[0] = 1;
    c[1] = x & 7;
    c[2] = 2;
    c[3] = ((x >> 3) & 15) == 15 ? 7 : 1;
    return ((x >> 8) & 3) == 0;
}

static trial_end fake_trial(uint64_t seed, uint64_t trial) {
    int exits = trial_counts(seed, trial, counters);
    if (!fn_touched[0]) {
        fn_touched[0] = 1;
        touched_list[touched_count++] = 0;
    }
    return exits ? TRIAL_EXITED : TRIAL_RETURNED;
}

static int exit_three(void) {
    return 3;
}

/* How the trials [0, N) of SEED end under CAP (0: none), as the harness must count
 * them: past the proof, past a cap, else by exit(3), else returned. */
static void expected(uint64_t seed, uint64_t n, double cap, uint64_t *proven, uint64_t *capped,
                     uint64_t *exited) {
    *proven = *capped = *exited = 0;
    for (uint64_t t = 0; t < n; t++) {
        uint64_t c[4];
        int exits = trial_counts(seed, t, c);
        int over_cap = c[1] > 6 || (cap > 0 && (c[1] > cap || c[3] > cap));
        if (c[3] > 6)
            ++*proven;
        else if (over_cap)
            ++*capped;
        else if (exits)
            ++*exited;
    }
}

/* Runs the fake program in MOD with COUNTING ("direct" or "patterns") under CAP and
 * checks how its trials are told to have ended, and what rests on the cap. */
static void check(const fsabi_module *mod, const char *counting, double cap) {
    setenv("FREQSYS_COUNTING", counting, 1); /* the workers count so */
    runner_config cfg = {.mod = mod,
                         .program = {.run_trial = fake_trial, .exit_status = exit_three},
                         .seed = 5,
                         .jobs = 2,
                         .max_trials = 3000,
                         .timeout_s = 5};
    if (stop_params_init(&cfg.stop, 0.05, 0, 0.95) != 0 ||
        stop_params_method(&cfg.stop, STOP_METHOD_CLT, cap))
        bail("stop_params");
    runner_result out;
    if (runner_run(&cfg, &out) != 0) bail("runner_run: %s", out.error);
    uint64_t proven, capped, exited;
    expected(cfg.seed, out.trials, cap, &proven, &capped, &exited);
    const char *with = cap > 0 ? "with a cap on every block" : "with the loop's cap alone";
    ok(out.trials > 0 && !out.converged, "%s%s, %s: the run does not converge (%llu trials)", counting,
       mod == &cold_module ? " in cold rows" : "", with, (unsigned long long)out.trials);
    ok(proven > 0 && out.outcomes.proven_exceeded == proven,
       "...%llu trials past the proven bound, as the counts say (%llu)",
       (unsigned long long)out.outcomes.proven_exceeded, (unsigned long long)proven);
    ok(capped > 0 && out.outcomes.cap_exceeded == capped,
       "...%llu trials past a cap, as the counts say (%llu)", (unsigned long long)out.outcomes.cap_exceeded,
       (unsigned long long)capped);
    ok(out.outcomes.exits[3] == exited, "...exit(3) only of the trials that kept to the bounds: %llu (%llu)",
       (unsigned long long)out.outcomes.exits[3], (unsigned long long)exited);
    ok(out.state.over && out.state.over[1] == 7 && out.state.over[3] == 7 && out.state.over[0] == 0 &&
           out.state.over[2] == 0,
       "...the most past the limits: capped 7, proven 7, none else");
    const block_verdict *sibling = &out.verdicts[2];
    ok(sibling->cap_exceeded && sibling->status == BLOCK_NOT_CONVERGED,
       "...the block that rests on the same cap, and kept to it, is not settled (%s)",
       block_status_name(sibling->status));
    ok(!out.verdicts[0].cap_exceeded && out.verdicts[0].status != BLOCK_NOT_CONVERGED,
       "...the block proven once stays settled");
    runner_result_free(&out, mod->nblocks);
}

int main(void) {
    plan(3 * 2 * 7);
    for (uint32_t j = 0; j < COLD_NBLOCKS; j++)
        cold_blocks[j] = j < 4 ? blocks[j]
                               : (fsabi_block){.function = "idle",
                                               .label = "b",
                                               .file = "",
                                               .bound_from = "",
                                               .function_index = 1,
                                               .max_runs = FSABI_RUNS_UNBOUNDED};
    check(&fake_module, "direct", 0);
    check(&fake_module, "patterns", 0);
    check(&cold_module, "direct", 0);
    check(&fake_module, "direct", 5);
    check(&fake_module, "patterns", 5);
    check(&cold_module, "direct", 5);
    return done();
}
