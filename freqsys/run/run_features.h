/* freqsys/run/run_features.h: the run's features (--paths, --contexts, --sampling, --sensitivity, --rare)
 * driven through the option table's hooks. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_RUN_FEATURES_H
#define FREQSYS_RUN_FEATURES_H

#include "run_state.h"

/* Each active feature's prepare, in the table's order. Returns EXIT_OK, or
 * EXIT_USAGE having said why on stderr. */
int run_features_prepare(run_state *st);
/* Each feature's result into R, in the table's order. Returns 0, or -1 out of memory. */
int run_features_result(result *r, const run_state *st, const runner_result *rr);
/* The first active feature whose run cannot be continued from a checkpoint: its
 * option's name, and in *SHOWN what follows it when named; NULL when every active
 * feature can. */
const char *run_features_unresumable(const run_state *st, const char **shown);

#endif
