/* harness/pilot_config.c: the configuration of a pilot run, short and apart from the run it serves. */
/* SPDX-License-Identifier: MIT */
#include "pilot_config.h"

runner_config pilot_config(const runner_config *base, sampling_method method, uint32_t runs, uint64_t seed,
                           uint64_t trials) {
    runner_config cfg = *base;
    cfg.sampling = method;
    cfg.runs_per_trial = runs;
    cfg.seed = seed;
    cfg.stop.order_seed = seed;
    cfg.max_trials = trials;
    cfg.timeout_s = base->timeout_s / (base->runs_per_trial ? base->runs_per_trial : 1) * runs;
    cfg.progress = 0;
    cfg.on_checkpoint = NULL;
    cfg.trace = NULL;
    cfg.resume = NULL;
    cfg.stop_after = 0;
    /* on the run's clock: the pilots together spend at most half the run's limit,
     * and leave the rest to the run they serve */
    cfg.time_limit_s = base->time_limit_s / 2;
    return cfg;
}

uint64_t pilot_seed(uint64_t seed, uint64_t salt) {
    uint64_t z = seed + salt;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}
