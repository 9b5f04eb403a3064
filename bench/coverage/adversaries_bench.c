/* bench/coverage/adversaries_bench.c: how often a run ends converged with a false claim on laws built to mislead. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure.h"

#define BUDGET 2000000        /* trials per run at most */
#define SEED 9000             /* runs use seeds 9000, 9001, ... */

/* One row: M at GAMMA judged with METHOD and CAP (0: none), RUNS times. */
static void row(const model *m, double gamma, stop_method method, double cap, const char *setting, int runs)
{
    stop_params p;
    stop_params_init(&p, m->epsilon, m->relative, gamma);
    stop_params_method(&p, method, cap);
    coverage c;
    if (measure_coverage(m, &p, runs, SEED, BUDGET, &c) != 0) {
        fprintf(stderr, "adversaries-bench: out of memory\n");
        exit(1);
    }
    double allowed = 1 - gamma + 2 * sqrt(gamma * (1 - gamma) / runs), share = (double)c.false_converged / runs;
    printf("%-10s %5g  %-12s %5d %9d %6d %7.3f %8.3f%s %11.0f\n", m->name, gamma, setting, runs, c.converged,
           c.false_converged, share, allowed, share > allowed ? " OVER" : "", c.trials);
}

/* The rule with nothing but the trials and the proofs; with the law's true cap where
 * the proofs leave a loop open; and the paper's rule, which has no guarantee (left
 * out when NO_PAPER is set in the environment: its rows run to the budget). */
static void shape(const model *m, double gamma, int runs)
{
    int proven = m->cap == 0;
    row(m, gamma, STOP_METHOD_CLT, 0, proven ? "proven" : "no cap", runs);
    if (!proven) {
        char setting[32];
        snprintf(setting, sizeof setting, "cap %.0f", m->cap);
        row(m, gamma, STOP_METHOD_CLT, m->cap, setting, runs);
    }
    if (!getenv("NO_PAPER")) row(m, gamma, STOP_METHOD_PAPER, 0, "paper", runs);
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 200;
    const model *list[8];
    size_t n = 0;
    for (size_t i = 0; i < nadversaries; i++) list[n++] = &adversaries[i];
    list[n++] = models_find("heavy");
    printf("adversaries-bench: %d runs per row (seeds %d on), at most %d trials each; \"false\" counts runs that\n"
           "ended converged with some claim false; allowed is 1 - gamma + 2 s.e.\n\n", runs, SEED, BUDGET);
    printf("%-10s %5s  %-12s %5s %9s %6s %7s %8s %11s\n", "shape", "gamma", "setting", "runs", "converged", "false",
           "share", "allowed", "mean trials");
    for (size_t i = 0; i < n; i++) {
        if (argc > 2 && strcmp(argv[2], list[i]->name) != 0) continue;
        shape(list[i], 0.95, runs);
        shape(list[i], 0.99, runs);
    }
    return 0;
}
