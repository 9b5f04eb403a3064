/* bench/sensitivity/sensitivity_bench.c: coverage of run --sensitivity's intervals over seeds, and what the sums cost. */
/* SPDX-License-Identifier: MIT */
#include <gsl/gsl_cdf.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clopper_pearson.h"
#include "commands.h"
#include "module_load.h"
#include "runner.h"
#include "score_sums.h"
#include "transform.h"

/* A derivative known exactly: block FUNCTION:LINE:LABEL-prefix, parameter INPUT.PARAM. */
typedef struct truth {
    char function[128], prefix[64], input[64], param[32];
    unsigned line;
    double value;
    long block, index;
} truth;

#define MAX_TRUTHS 8

/* The loaded module's runtime: the draws and their scores live in it. */
static const runtime_table *loaded;

static void usage(void) {
    fputs("usage: sensitivity-bench [-R SEEDS] [-j JOBS] [-n TRIALS] [-g GAMMA] SPEC\n"
          "                         FUNCTION:LINE:LABEL:INPUT:PARAM=TRUTH...\n"
          "Builds SPEC once; for seeds 1..SEEDS runs TRIALS trials with sensitivities and prints,\n"
          "per known derivative, the share of seeds whose interval held it (95% Clopper-Pearson\n"
          "interval) and the mean half-width; then the trials per second of the same runs with\n"
          "and without the sums, and their ratio.\n", stderr);
    exit(2);
}

static long find_block(const fsabi_module *mod, const truth *t) {
    for (uint64_t j = 0; j < mod->nblocks; j++) {
        const fsabi_block *b = &mod->blocks[j];
        if (b->line == t->line && !strcmp(b->function, t->function) && !strncmp(b->label, t->prefix, strlen(t->prefix)))
            return (long)j;
    }
    return -1;
}

/* The scored parameter INPUT.PARAM's index, or -1. */
static long find_param(const truth *t) {
    size_t n, nscored;
    const draw_score_param *p = loaded->scores_params(&n, &nscored);
    for (size_t i = 0; i < nscored; i++)
        if (!strcmp(p[i].input, t->input) && !strcmp(p[i].name, t->param)) return (long)i;
    return -1;
}

/* One run of seed SEED; its trials per second into *RATE. */
static int run(const fsabi_module *mod, const spec *s, uint64_t seed, int jobs, uint64_t trials, double gamma,
               uint32_t nscores, runner_result *rr, double *rate) {
    runner_config cfg = {0};
    cfg.mod = mod;
    cfg.program = (program_hooks){loaded->run_trial, loaded->set_draw_source, loaded->rng, loaded->scores_take, NULL, NULL};
    cfg.seed = seed;
    cfg.jobs = jobs;
    cfg.max_trials = trials;
    cfg.timeout_s = s->timeout_s;
    cfg.limits.address_space = CONFINE_DEFAULT_ADDRESS_SPACE;
    cfg.worker_rss_limit = RUNNER_DEFAULT_RSS_LIMIT;
    cfg.runs_per_trial = 1;
    cfg.nscores = nscores;
    stop_params_init(&cfg.stop, 1e-12, 0, gamma);   /* never settles: every run takes the whole budget */
    stop_params_method(&cfg.stop, STOP_METHOD_CLT, (double)s->cap);
    if (runner_run(&cfg, rr) != 0) {
        fprintf(stderr, "run failed: %s\n", rr->error);
        return -1;
    }
    *rate = rr->elapsed_s > 0 ? (double)rr->trials / rr->elapsed_s : 0;
    return 0;
}

static const fsabi_module *load(const char *spec_path, spec **s) {
    LLVMContextRef ctx;
    LLVMModuleRef m;
    transform_warnings warnings = {0};
    if (pipeline_instrument(spec_path, OPTIMIZE_AUTO, s, &ctx, &m, &warnings) != EXIT_OK) return NULL;
    char err[16384];
    const fsabi_module *mod = module_load(m, *s, 0, &loaded, err, sizeof err);
    if (!mod || loaded->scores_enable(*s) != 0) {
        fprintf(stderr, "cannot load %s: %s\n", spec_path, mod ? "out of memory" : err);
        return NULL;
    }
    return mod;
}

int main(int argc, char **argv) {
    int seeds = 100, jobs = 2, c;
    unsigned long long trials = 100000;
    double gamma = 0.95;
    while ((c = getopt(argc, argv, "R:j:n:g:")) != -1) {
        switch (c) {
        case 'R': seeds = atoi(optarg); break;
        case 'j': jobs = atoi(optarg); break;
        case 'n': trials = strtoull(optarg, NULL, 10); break;
        case 'g': gamma = atof(optarg); break;
        default: usage();
        }
    }
    if (optind >= argc || seeds < 1 || jobs < 1 || trials < 2) usage();
    const char *spec_path = argv[optind++];
    spec *s;
    const fsabi_module *mod = load(spec_path, &s);
    if (!mod) return 3;
    truth truths[MAX_TRUTHS];
    int ntruths = 0;
    for (; optind < argc && ntruths < MAX_TRUTHS; optind++, ntruths++) {
        truth *t = &truths[ntruths];
        if (sscanf(argv[optind], "%127[^:]:%u:%63[^:]:%63[^:]:%31[^=]=%lf", t->function, &t->line, t->prefix,
                   t->input, t->param, &t->value) != 6)
            usage();
        if ((t->block = find_block(mod, t)) < 0 || (t->index = find_param(t)) < 0) {
            fprintf(stderr, "no block %s:%u:%s or no scored parameter %s.%s\n", t->function, t->line, t->prefix,
                    t->input, t->param);
            return 2;
        }
    }
    size_t nparams, nscored;
    loaded->scores_params(&nparams, &nscored);
    double z = gsl_cdf_ugaussian_Pinv(1 - (1 - gamma) / 2), rate_with = 0, rate_without = 0;
    int covered[MAX_TRUTHS] = {0};
    double half_sum[MAX_TRUTHS] = {0};
    for (int seed = 1; seed <= seeds; seed++) {
        runner_result rr;
        double rate;
        if (run(mod, s, (uint64_t)seed, jobs, trials, gamma, (uint32_t)nscored, &rr, &rate) != 0) return 1;
        rate_with += rate;
        uint64_t valid = rr.trials - rr.crashes - rr.timeouts - rr.input_errors;
        for (int k = 0; k < ntruths; k++) {
            const tally_moments *m = &rr.moments[truths[k].block];
            double d, h;
            if (score_sums_estimate(rr.scores, (uint32_t)truths[k].block, (uint32_t)truths[k].index, valid, m->mean,
                                    m->variance, z, &d, &h) != 0)
                continue;
            covered[k] += fabs(d - truths[k].value) <= h;
            half_sum[k] += h;
        }
        runner_result_free(&rr, fsabi_ncounters(mod));
        if (run(mod, s, (uint64_t)seed, jobs, trials, gamma, 0, &rr, &rate) != 0) return 1;
        rate_without += rate;
        runner_result_free(&rr, fsabi_ncounters(mod));
    }
    printf("%s: %llu trials a run, %d seeds, %d jobs, intervals at %g, %zu scored parameters, %llu blocks\n",
           spec_path, trials, seeds, jobs, gamma, nscored, (unsigned long long)mod->nblocks);
    for (int k = 0; k < ntruths; k++) {
        double lo = clopper_pearson_lower((uint64_t)covered[k], (uint64_t)seeds, 0.025);
        double hi = clopper_pearson_upper((uint64_t)covered[k], (uint64_t)seeds, 0.025);
        printf("  %s:%u %s  d/d %s.%s = %.6g: covered %.3f [%.3f, %.3f], mean half-width %.4g\n", truths[k].function,
               truths[k].line, truths[k].prefix, truths[k].input, truths[k].param, truths[k].value,
               (double)covered[k] / seeds, lo, hi, half_sum[k] / seeds);
    }
    printf("  trials/s: %.0f with the sums, %.0f without: %.2fx the time\n", rate_with / seeds,
           rate_without / seeds, rate_without / rate_with);
    spec_free(s);
    return 0;
}
