/* bench/coverage/shapes_bench.c: prints the rule's coverage, false verdicts and cost on the shapes built to break it. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure.h"

/* One shape at one confidence: per block the share of settled runs whose claim held,
 * and the runs that converged with a false claim, against what 1 - gamma allows. */
static void report(const model *m, double gamma, int runs, uint64_t max_trials)
{
    stop_params p;
    stop_params_init(&p, m->epsilon, m->relative, gamma);
    if (m->nblocks > 16)
        stop_params_family(&p, STOP_BONFERRONI, m->nblocks);
    stop_params_method(&p, STOP_METHOD_CLT, m->cap);
    coverage c;
    if (measure_coverage(m, &p, runs, 7000, max_trials, &c) != 0) {
        fprintf(stderr, "shapes-bench: out of memory\n");
        exit(1);
    }
    double se = sqrt(gamma * (1 - gamma) / runs);
    printf("\n%s at gamma %g (%s epsilon %g%s): %d runs, %d converged, %d converged with a false claim "
           "(allowed about %.1f), mean trials %.0f\n",
           m->name, gamma, m->relative ? "relative" : "absolute", m->epsilon,
           p.family != STOP_PER_BLOCK ? ", all blocks at once" : "", c.runs, c.converged, c.false_converged,
           (1 - gamma) * runs, c.trials);
    printf("  %-11s %11s %9s %8s %-14s %9s %9s %7s\n", "block", "truth", "sigma", "settled", "claims held",
           "trials", "n*", "ratio");
    int worst_shown = 0;
    for (size_t j = 0; j < m->nblocks; j++) {
        const block_coverage *b = &c.block[j];
        if (m->nblocks > 16 && j % 5 != 0 && j != m->nblocks - 1) continue;   /* a sample of the forty */
        char held[32] = "-", ratio[16] = "-", nstar[24] = "-";
        if (b->claims)
            snprintf(held, sizeof held, "%.3f%s", (double)b->claims_held / b->claims,
                     (double)b->claims_held / b->claims < gamma - 2 * se ? " LOW" : "");
        if (b->sigma > 0 && isfinite(b->n_star)) {
            snprintf(nstar, sizeof nstar, "%.0f", b->n_star);
            snprintf(ratio, sizeof ratio, "%.2f", b->settled / b->n_star);
        }
        printf("  %-11s %11.6g %9.4g %8d %-14s %9.0f %9s %7s\n", m->labels[j], b->truth, b->sigma, b->claims,
               held, b->settled, nstar, ratio);
        worst_shown = 1;
    }
    (void)worst_shown;
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 200;
    printf("shapes-bench: %d runs per shape and confidence; claims held should be >= gamma - 2 s.e.,\n"
           "false convergences at most about (1 - gamma) runs; ratio = mean trials to settle / oracle n*\n", runs);
    for (size_t i = 0; i < nshapes; i++) {
        if (argc > 2 && strcmp(argv[2], shapes[i].name) != 0) continue;
        /* rarerel's 2%% of 0.0002 needs some 3.4e7 trials: its budget only has to show
         * that no run claims it */
        uint64_t budget = strcmp(shapes[i].name, "rarerel") ? 2000000 : 200000;
        report(&shapes[i], 0.9, runs, budget);
        report(&shapes[i], 0.99, runs, budget);
    }
    return 0;
}
