/* bench/coverage/quantiles_bench.c: prints how often the quantiles' intervals hold each validation program's
 * exact truth. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "clopper_pearson.h"
#include "quantile_coverage.h"

static void usage(void) {
    fputs("usage: quantiles-bench [-R RUNS] [-n MAX_TRIALS] [-g GAMMA] [MODEL...]\n"
          "Runs RUNS in-process estimations of the 0.5, 0.9 and 0.99 quantiles of every block of\n"
          "each validation program (all by default) on counts drawn from its exact law, stopping\n"
          "as the run does, and prints per block and level the exact quantile, the share of runs\n"
          "whose interval held it with its 95% Clopper-Pearson interval, and the share settled.\n",
          stderr);
}

static void report(const model *m, const double *levels, const quantile_coverage *c, double gamma,
                   uint64_t max_trials) {
    printf("\n%s: epsilon %g, confidence %g per quantile, %d runs, %d with every quantile settled, mean "
           "trials %.0f (budget %llu)\n",
           m->name, m->epsilon, gamma, c->runs, c->all_settled, c->trials, (unsigned long long)max_trials);
    printf("  %-11s %5s %6s %8s %-17s %8s\n", "block", "level", "truth", "covered", "95% interval",
           "settled");
    int worst = c->runs;
    for (size_t j = 0; j < m->nblocks; j++)
        for (size_t k = 0; k < c->nlevels; k++) {
            int hit = c->covered[j][k];
            if (hit < worst) worst = hit;
            double lo = clopper_pearson_lower((uint64_t)hit, (uint64_t)c->runs, 0.025);
            double hi = clopper_pearson_upper((uint64_t)hit, (uint64_t)c->runs, 0.025);
            printf("  %-11s %5g %6llu %8.4f [%.4f, %.4f] %8.4f\n", m->labels[j], levels[k],
                   (unsigned long long)c->truth[j][k], (double)hit / c->runs, lo, hi,
                   (double)c->settled[j][k] / c->runs);
        }
    printf("  lowest coverage: %.4f (each quantile asks %g)\n", (double)worst / c->runs, gamma);
}

int main(int argc, char **argv) {
    int runs = 1000;
    unsigned long long max_trials = 200000;
    double gamma = 0.95;
    int a = 1;
    for (; a < argc && argv[a][0] == '-'; a++) {
        if (!strcmp(argv[a], "-R") && a + 1 < argc)
            runs = atoi(argv[++a]);
        else if (!strcmp(argv[a], "-n") && a + 1 < argc)
            max_trials = strtoull(argv[++a], NULL, 10);
        else if (!strcmp(argv[a], "-g") && a + 1 < argc)
            gamma = atof(argv[++a]);
        else {
            usage();
            return 2;
        }
    }
    if (runs < 1 || max_trials < 30 || !(gamma > 0 && gamma < 1)) {
        usage();
        return 2;
    }
    static const double levels[] = {0.5, 0.9, 0.99};
    for (size_t i = 0; i < nmodels; i++) {
        int asked = a == argc;
        for (int k = a; k < argc; k++) asked |= !strcmp(argv[k], models[i].name);
        if (!asked) continue;
        quantile_coverage c;
        if (quantile_coverage_measure(&models[i], levels, 3, gamma, runs, 1, max_trials, &c) != 0) {
            fprintf(stderr, "quantiles-bench: out of memory\n");
            return 1;
        }
        report(&models[i], levels, &c, gamma, max_trials);
    }
    return 0;
}
