/* bench/sampling/sampling_bench.c: runs needed and coverage of each sampling method on one program, seed after seed. */
/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clopper_pearson.h"
#include "commands.h"
#include "runner.h"
#include "module_load.h"
#include "sampling_choice.h"
#include "sampling_points.h"
#include "transform.h"

/* A block whose exact mean per run is known: FUNCTION, source LINE, label prefix. */
typedef struct truth {
    char function[128], prefix[64];
    unsigned line;
    double value;
    long block;
} truth;

#define MAX_TRUTHS 8

static void usage(void) {
    fputs("usage: sampling-bench [-R SEEDS] [-j JOBS] [-e EPSILON] [-g GAMMA] [-m METHOD[:RUNS]]... SPEC\n"
          "                      FUNCTION:LINE:LABEL=TRUTH...\n"
          "Builds SPEC once, then for each method (plain and every -m) runs the estimation with\n"
          "seeds 1..SEEDS and prints the mean program runs it took to settle every block at\n"
          "EPSILON and GAMMA, their ratio to plain sampling's, the mean variance ratio the\n"
          "run reported, and per block with a known TRUTH the share of seeds whose interval\n"
          "held it, with its 95% Clopper-Pearson interval.\n", stderr);
    exit(2);
}

static long find_block(const fsabi_module *mod, const truth *t) {
    for (uint64_t j = 0; j < mod->nblocks; j++) {
        const fsabi_block *b = &mod->blocks[j];
        if (b->line == t->line && !strcmp(b->function, t->function) &&
            !strncmp(b->label, t->prefix, strlen(t->prefix)))
            return (long)j;
    }
    return -1;
}

int main(int argc, char **argv) {
    int seeds = 100, jobs = 2, nmethods = 1;
    double epsilon = 0, gamma = 0.95;
    sampling_method methods[8] = {SAMPLING_PLAIN};
    uint32_t runs[8] = {1};
    int c;
    while ((c = getopt(argc, argv, "R:j:e:g:m:")) != -1) {
        switch (c) {
        case 'R': seeds = atoi(optarg); break;
        case 'j': jobs = atoi(optarg); break;
        case 'e': epsilon = atof(optarg); break;
        case 'g': gamma = atof(optarg); break;
        case 'm': {
            char name[32];
            snprintf(name, sizeof name, "%s", optarg);
            char *colon = strchr(name, ':');
            if (colon) *colon = '\0';
            if (nmethods < 8 && !strcmp(name, "auto")) {   /* the pilot's choice: runs 0 marks it */
                methods[nmethods] = SAMPLING_PLAIN;
                runs[nmethods++] = 0;
                break;
            }
            if (nmethods == 8 || sampling_method_parse(name, &methods[nmethods]) != 0) usage();
            runs[nmethods] = colon ? (uint32_t)atoi(colon + 1) : sampling_method_default_runs(methods[nmethods]);
            if (methods[nmethods] == SAMPLING_ANTITHETIC) runs[nmethods] = 2;
            nmethods++;
            break;
        }
        default: usage();
        }
    }
    if (optind >= argc || seeds < 1 || jobs < 1) usage();
    const char *spec_path = argv[optind++];
    truth truths[MAX_TRUTHS];
    int ntruths = 0;
    for (; optind < argc && ntruths < MAX_TRUTHS; optind++, ntruths++) {
        truth *t = &truths[ntruths];
        if (sscanf(argv[optind], "%127[^:]:%u:%63[^=]=%lf", t->function, &t->line, t->prefix, &t->value) != 4) usage();
    }

    spec *s;
    LLVMContextRef ctx;
    LLVMModuleRef m;
    transform_warnings warnings = {0};
    if (pipeline_instrument(spec_path, OPTIMIZE_AUTO, &s, &ctx, &m, &warnings) != EXIT_OK) return 3;
    char err[16384];
    const runtime_table *rt;
    const fsabi_module *mod = module_load(m, s, 0, &rt, err, sizeof err);
    if (!mod) {
        fprintf(stderr, "cannot load %s: %s\n", spec_path, err);
        return 3;
    }
    for (int k = 0; k < ntruths; k++)
        if ((truths[k].block = find_block(mod, &truths[k])) < 0) {
            fprintf(stderr, "no block %s:%u:%s\n", truths[k].function, truths[k].line, truths[k].prefix);
            return 2;
        }
    if (epsilon <= 0) epsilon = s->epsilon;

    printf("%s: epsilon %g, confidence %g, %d seeds, %d jobs\n", spec_path, epsilon, gamma, seeds, jobs);
    printf("  %-11s %5s %12s %8s %9s %10s", "method", "runs/", "mean runs", "ratio", "converged", "var.ratio");
    for (int k = 0; k < ntruths; k++) printf("  %-24s", "covered (95% CI)");
    printf("\n  %-11s %5s %12s %8s %9s %10s", "", "trial", "", "", "", "");
    for (int k = 0; k < ntruths; k++) {
        char name[224];
        snprintf(name, sizeof name, "%.100s:%u %.60s", truths[k].function, truths[k].line, truths[k].prefix);
        printf("  %-24.24s", name);
    }
    printf("\n");
    double plain_runs = NAN;
    for (int mi = 0; mi < nmethods; mi++) {
        double total_runs = 0, ratio_sum = 0, pilot_runs = 0;
        int converged = 0, ratio_n = 0, covered[MAX_TRUTHS] = {0}, chosen[8] = {0};
        for (int seed = 1; seed <= seeds; seed++) {
            runner_config cfg = {0};
            cfg.mod = mod;
            cfg.program = (program_hooks){.run_trial = rt->run_trial, .set_draw_source = rt->set_draw_source, .rng = rt->rng};
            cfg.seed = (uint64_t)seed;
            cfg.jobs = jobs;
            cfg.max_trials = s->max_trials;
            cfg.timeout_s = s->timeout_s;
            cfg.limits.address_space = CONFINE_DEFAULT_ADDRESS_SPACE;
            cfg.worker_rss_limit = RUNNER_DEFAULT_RSS_LIMIT;
            cfg.sampling = methods[mi];
            cfg.runs_per_trial = runs[mi] ? runs[mi] : 1;
            stop_params_init(&cfg.stop, epsilon, 0, gamma);
            stop_params_method(&cfg.stop, STOP_METHOD_CLT, (double)s->cap);
            cfg.stop.order_seed = cfg.seed;
            if (!runs[mi]) {   /* auto: the pilot picks, and its runs count against it */
                sampling_choice choice;
                if (sampling_choice_pick(&cfg, &choice, err, sizeof err) != 0) {
                    fprintf(stderr, "%s\n", err);
                    return 1;
                }
                cfg.sampling = choice.method;
                cfg.runs_per_trial = choice.runs;
                cfg.timeout_s *= choice.runs;
                total_runs += (double)choice.pilot_runs;
                pilot_runs += (double)choice.pilot_runs;
                chosen[choice.method == SAMPLING_PLAIN ? 0 : choice.method == SAMPLING_ANTITHETIC ? 1
                       : choice.method == SAMPLING_STRATIFIED ? 2 + (choice.runs > 3) : 4 + (choice.runs > 6)]++;
            }
            runner_result rr;
            if (runner_run(&cfg, &rr) != 0) {
                fprintf(stderr, "run failed: %s\n", rr.error);
                return 1;
            }
            double k = (double)cfg.runs_per_trial;
            total_runs += (double)rr.trials * k;
            converged += rr.converged;
            for (int t = 0; t < ntruths; t++) {
                long j = truths[t].block;
                double mean = rr.moments[j].mean / k, half = rr.verdicts[j].half_width / k;
                covered[t] += fabs(mean - truths[t].value) <= half + 1e-12 * fabs(truths[t].value);
                if (t == 0 && rr.run_moments && rr.moments[j].variance > 0) {
                    ratio_sum += rr.run_moments[j].variance * k / rr.moments[j].variance;
                    ratio_n++;
                }
            }
            runner_result_free(&rr, (mod->nblocks + mod->nwrites) * (cfg.sampling != SAMPLING_PLAIN ? 2 : 1));
        }
        double mean_runs = total_runs / seeds;
        if (mi == 0) plain_runs = mean_runs;
        char name[32], vr[16] = "-";
        snprintf(name, sizeof name, "%s", runs[mi] ? sampling_method_name(methods[mi]) : "auto");
        if (ratio_n) snprintf(vr, sizeof vr, "%.2f", ratio_sum / ratio_n);
        printf("  %-11s %5u %12.0f %7.2fx %5d/%-3d %10s", name, runs[mi], mean_runs, plain_runs / mean_runs, converged,
               seeds, vr);
        for (int t = 0; t < ntruths; t++) {
            double lo = clopper_pearson_lower((uint64_t)covered[t], (uint64_t)seeds, 0.025);
            double hi = clopper_pearson_upper((uint64_t)covered[t], (uint64_t)seeds, 0.025);
            printf("  %5.3f [%5.3f, %5.3f]    ", (double)covered[t] / seeds, lo, hi);
        }
        printf("\n");
        if (!runs[mi])
            printf("  (auto: mean pilot %.0f runs; chose plain %d, antithetic %d, stratified 3 %d, stratified 8 %d, "
                   "qmc 6 %d, qmc 16 %d times)\n", pilot_runs / seeds, chosen[0], chosen[1], chosen[2], chosen[3],
                   chosen[4], chosen[5]);
        fflush(stdout);
    }
    printf("  (ratio: plain's mean runs over the method's; var.ratio: the first block's, as reported)\n");
    spec_free(s);
    return 0;
}
