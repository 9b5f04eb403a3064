/* bench/rare/rare_bench.c: importance sampling with a defensive mixture for a block reached once in 10^4 runs, judged by the real stopping rule, over seeds. */
/* SPDX-License-Identifier: MIT */

/* The modelled run behind `freqsys run --rare`, to compare tilts: the block is reached when
 * x ~ normal(0, 1) exceeds c = Phi^-1(1 - P), P = 1e-4 (the truth, by construction).
 * A cross-entropy pilot draws from the current mixture, keeps the runs that reached
 * the block with their weights, and fits normal(mu, sigma) to them (weighted maximum
 * likelihood); the estimation then draws x from q = (1 - ALPHA) p + ALPHA p_tilt and
 * counts the weighted indicator Y = w 1{x > c}, w = p(x) / q(x) <= 1 / (1 - ALPHA),
 * rounded to a multiple of 2^-32, into the real tallies, with the real rule at
 * relative epsilon 10% and range 2^32 / (1 - ALPHA) (docs/statistics.md, "Rare
 * blocks: importance sampling"). Each seed's trials are the pilot's plus the
 * estimation's. */

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clopper_pearson.h"
#include "simulate.h"

#define SCALE 0x1p32   /* weighted counts are tallied in units of 2^-32 */

static double threshold, alpha, tilt_mu, tilt_sigma;
static int fit_scale;   /* -s: fit sigma too (a tilt narrower than p: weights near their bound) */

/* x from the mixture, and its weight p(x) / q(x). */
static double draw(gsl_rng *r, double *w) {
    double x = gsl_rng_uniform(r) < alpha ? tilt_mu + gsl_ran_gaussian_ziggurat(r, tilt_sigma)
                                          : gsl_ran_gaussian_ziggurat(r, 1);
    double ratio = gsl_ran_gaussian_pdf(x - tilt_mu, tilt_sigma) / gsl_ran_gaussian_pdf(x, 1);
    *w = 1 / ((1 - alpha) + alpha * ratio);
    return x;
}

static void weighted_trial(gsl_rng *r, uint64_t *counts) {
    double w, x = draw(r, &w);
    counts[0] = x > threshold ? (uint64_t)llround(w * SCALE) : 0;
}

/* The cross-entropy pilot: rounds of ROUND runs from the current mixture until
 * ELITE runs reached the block, each round refitting the tilt to the weighted runs
 * that did; returns the runs it made. */
static uint64_t pilot(gsl_rng *r, uint64_t round, int elite) {
    uint64_t runs = 0;
    tilt_mu = 0;
    tilt_sigma = 1;
    for (int k = 0; k < 20; k++) {
        double sw = 0, swx = 0, swxx = 0;
        int hits = 0;
        for (uint64_t i = 0; i < round; i++, runs++) {
            double w, x = draw(r, &w);
            if (x <= threshold) continue;
            hits++;
            sw += w;
            swx += w * x;
            swxx += w * x * x;
        }
        if (hits && fit_scale) {
            tilt_mu = swx / sw;
            double var = swxx / sw - tilt_mu * tilt_mu;
            tilt_sigma = var > 1e-4 ? sqrt(var) : 1e-2;
        } else if (hits) {
            tilt_mu = swx / sw;   /* the mean shift alone: an exponential tilt of the normal */
        }
        if (hits >= elite) break;
    }
    return runs;
}

int main(int argc, char **argv) {
    int seeds = 200, c, elite = 20;
    uint64_t round = 20000, budget = 1000000;
    double p_reach = 1e-4, gamma = 0.95, epsilon = 0.1;
    alpha = 0.5;
    while ((c = getopt(argc, argv, "R:a:p:e:g:r:k:s")) != -1) {
        switch (c) {
        case 'R': seeds = atoi(optarg); break;
        case 'a': alpha = atof(optarg); break;
        case 'p': p_reach = atof(optarg); break;
        case 'e': epsilon = atof(optarg); break;
        case 'g': gamma = atof(optarg); break;
        case 'r': round = strtoull(optarg, NULL, 10); break;
        case 'k': elite = atoi(optarg); break;
        case 's': fit_scale = 1; break;
        default:
            fputs("usage: rare-bench [-R SEEDS] [-a ALPHA] [-p P] [-e REL_EPS] [-g GAMMA] [-r PILOT_ROUND] [-k ELITE] [-s]\n",
                  stderr);
            return 2;
        }
    }
    if (seeds < 1 || !(alpha > 0 && alpha < 1) || !(p_reach > 0 && p_reach < 0.5) || round < 1) return 2;
    threshold = gsl_cdf_ugaussian_Qinv(p_reach);
    model m = {"rare-is", epsilon, 1, {"if.then"}, {0}, {SCALE / (1 - alpha)}, weighted_trial, NULL, NULL, 1, 0};
    stop_params params;
    if (stop_params_init(&params, epsilon, 1, gamma) != 0) return 2;
    stop_params_method(&params, STOP_METHOD_CLT, 0);
    simulation sim;
    simulate_init(&sim);
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    int covered = 0, converged = 0, within_budget = 0;
    double trials_sum = 0, pilot_sum = 0, mu_sum = 0, sigma_sum = 0;
    for (int seed = 1; seed <= seeds; seed++) {
        gsl_rng_set(r, (unsigned long)seed);
        uint64_t pilot_runs = pilot(r, round, elite);
        mu_sum += tilt_mu;
        sigma_sum += tilt_sigma;
        if (simulate_run(&m, &params, r, budget > pilot_runs ? budget - pilot_runs : 1, &sim) != 0) return 1;
        double mean = sim.mean[0] / SCALE, half = sim.verdict[0].half_width / SCALE;
        if (getenv("RARE_BENCH_VERBOSE"))
            fprintf(stderr, "seed %d: tilt (%.3f, %.3f), pilot %llu, trials %llu, mean %.4g +- %.3g, %s\n", seed, tilt_mu,
                    tilt_sigma, (unsigned long long)pilot_runs, (unsigned long long)sim.trials, mean, half,
                    block_status_name(sim.verdict[0].status));
        converged += sim.converged;
        covered += sim.converged && fabs(mean - p_reach) <= half;
        within_budget += sim.converged && pilot_runs + sim.trials <= budget;
        trials_sum += (double)(pilot_runs + sim.trials);
        pilot_sum += (double)pilot_runs;
    }
    /* plain sampling: the exact binomial interval within epsilon P needs about
     * u^2 (1 - P) / (epsilon^2 P) runs */
    double u = gsl_cdf_ugaussian_Pinv(1 - (1 - gamma) / 2);
    printf("block reached with P = %g (x > %.6f, x ~ normal(0, 1)), relative epsilon %g at %g, %d seeds\n", p_reach,
           threshold, epsilon, gamma, seeds);
    printf("  mixture alpha %g, pilot rounds of %llu runs until %d reached it: mean tilt normal(%.3f, %.3f)\n", alpha,
           (unsigned long long)round, elite, mu_sum / seeds, sigma_sum / seeds);
    printf("  converged %d of %d; within %llu runs (pilot included) %d\n", converged, seeds,
           (unsigned long long)budget, within_budget);
    printf("  mean runs %.0f (pilot %.0f); plain sampling's normal interval needs about %.0f\n", trials_sum / seeds,
           pilot_sum / seeds, u * u * (1 - p_reach) / (epsilon * epsilon * p_reach));
    if (converged) {
        double lo = clopper_pearson_lower((uint64_t)covered, (uint64_t)converged, 0.025);
        double hi = clopper_pearson_upper((uint64_t)covered, (uint64_t)converged, 0.025);
        printf("  coverage of the truth by the converged runs' intervals %.3f [%.3f, %.3f] (95%% Clopper-Pearson)\n",
               (double)covered / converged, lo, hi);
    }
    gsl_rng_free(r);
    simulate_free(&sim);
    return 0;
}
