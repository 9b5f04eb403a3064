/* bench/coverage/coverage.c: prints measured coverage and trials against the oracle n* for every validation program. */
/* SPDX-License-Identifier: MIT */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clopper_pearson.h"
#include "measure.h"

static void usage(void)
{
    fputs("usage: coverage-bench [-R RUNS] [-g GAMMA] [-s SEED] [-e EPS] [--method clt|anytime]\n"
          "                      [--simultaneous[=bonferroni|sidak]] [--cap N] [MODEL...]\n"
          "       coverage-bench --truth MODEL   (each block's exact mean and variance)\n"
          "Runs RUNS in-process estimations of each validation program (all by default:\n"
          "collatz coins grid bits rare) on counts drawn from its exact law, and prints per block\n"
          "the share of runs within epsilon of the exact truth with its 95% Clopper-Pearson\n"
          "interval, and the trials it took to settle against the oracle n* = (u sigma/eps)^2.\n", stderr);
}

static void report(const model *m, const stop_params *p, const coverage *c)
{
    double lo, hi;
    printf("\n%s: epsilon %g, %s%s, block confidence %.6g, %d runs, %d converged, mean trials %.0f\n",
           m->name, p->epsilon, stop_method_name(p->method),
           p->family == STOP_PER_BLOCK ? ", per block" : p->family == STOP_SIDAK ? ", simultaneous (Sidak)"
                                                                                : ", simultaneous (Bonferroni)",
           1 - p->alpha, c->runs, c->converged, c->trials);
    printf("  %-11s %9s %9s %-9s %8s %-17s %9s %9s %7s %6s\n", "block", "truth", "sigma", "method", "covered",
           "95% interval", "settled", "n*", "ratio", "(u'/u)^2");
    for (size_t j = 0; j < m->nblocks; j++) {
        const block_coverage *b = &c->block[j];
        lo = clopper_pearson_lower((uint64_t)b->covered, (uint64_t)c->runs, 0.025);
        hi = clopper_pearson_upper((uint64_t)b->covered, (uint64_t)c->runs, 0.025);
        char ratio[16] = "-", cost[16] = "-", nstar[24] = "-";
        if (b->sigma > 0) {
            snprintf(nstar, sizeof nstar, "%.0f", b->n_star);
            snprintf(ratio, sizeof ratio, "%.3f", b->settled / b->n_star);
            snprintf(cost, sizeof cost, "%.3f", b->be_floor_ratio);
        }
        printf("  %-11s %9.5f %9.4f %-9s %8.4f [%.4f, %.4f] %9.0f %9s %7s %6s", m->labels[j], b->truth, b->sigma,
               b->method, (double)b->covered / c->runs, lo, hi, b->settled, nstar, ratio, cost);
        if (b->rare)
            printf("  rare in %d runs, bound held in %d", b->rare, b->rare_bounded);
        putchar('\n');
    }
    lo = clopper_pearson_lower((uint64_t)c->all_covered, (uint64_t)c->runs, 0.025);
    hi = clopper_pearson_upper((uint64_t)c->all_covered, (uint64_t)c->runs, 0.025);
    printf("  all blocks at once: %.4f [%.4f, %.4f]\n", (double)c->all_covered / c->runs, lo, hi);
}

int main(int argc, char **argv)
{
    static const struct option longs[] = {
        {"method", required_argument, 0, 'M'}, {"simultaneous", optional_argument, 0, 'S'},
        {"cap", required_argument, 0, 'K'}, {"truth", required_argument, 0, 'T'},
        {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
    int runs = 1000, c;
    double gamma = 0.95, eps = 0, cap = 0;
    unsigned long long seed = 1;
    stop_method method = STOP_METHOD_CLT;
    stop_family family = STOP_PER_BLOCK;
    while ((c = getopt_long(argc, argv, "R:g:s:e:h", longs, NULL)) != -1) {
        switch (c) {
        case 'R': runs = atoi(optarg); break;
        case 'g': gamma = atof(optarg); break;
        case 's': seed = strtoull(optarg, NULL, 10); break;
        case 'e': eps = atof(optarg); break;
        case 'K': cap = atof(optarg); break;
        case 'M': method = strcmp(optarg, "anytime") ? STOP_METHOD_CLT : STOP_METHOD_ANYTIME; break;
        case 'S': family = optarg && !strcmp(optarg, "sidak") ? STOP_SIDAK : STOP_BONFERRONI; break;
        case 'T': {
            /* the exact truths of one program, for bench/accuracy: label mean variance */
            const model *m = models_find(optarg);
            double mean[MODELS_MAX_BLOCKS], var[MODELS_MAX_BLOCKS];
            if (!m) { fprintf(stderr, "coverage-bench: no program '%s'\n", optarg); return 2; }
            models_truth(m, mean, var, NULL);
            for (size_t j = 0; j < m->nblocks; j++) printf("%s %.17g %.17g\n", m->labels[j], mean[j], var[j]);
            return 0;
        }
        default: usage(); return c == 'h' ? 0 : 2;
        }
    }
    if (runs < 1) { usage(); return 2; }
    for (size_t i = 0; i < nmodels; i++) {
        const model *m = &models[i];
        int wanted = optind == argc;
        for (int k = optind; k < argc; k++) wanted |= !strcmp(argv[k], m->name);
        if (!wanted) continue;
        stop_params p;
        if (stop_params_init(&p, eps > 0 ? eps : m->epsilon, 0, gamma) != 0) { usage(); return 2; }
        uint64_t k = 0;
        for (size_t j = 0; j < m->nblocks; j++) k += !(m->facts[j] & STOP_FACT_ONCE);
        stop_params_family(&p, family, k);
        stop_params_method(&p, method, cap > 0 ? cap : m->cap);   /* --cap, or the program's spec's */
        coverage cov;
        if (measure_coverage(m, &p, runs, seed, 100000000, &cov) != 0) {
            fputs("coverage-bench: out of memory\n", stderr);
            return 1;
        }
        report(m, &p, &cov);
    }
    return 0;
}
