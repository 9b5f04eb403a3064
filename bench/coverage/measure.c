/* bench/coverage/measure.c: repeats in-process estimations and scores them against the exact truths. */
/* SPDX-License-Identifier: MIT */
#include "measure.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include "bounded_normal.h"
#include "simulate.h"

int measure_coverage(const model *m, const stop_params *p, int r, uint64_t seed, uint64_t max_trials, coverage *c)
{
    double mean[MODELS_MAX_BLOCKS], var[MODELS_MAX_BLOCKS], m3[MODELS_MAX_BLOCKS];
    memset(c, 0, sizeof *c);
    models_truth(m, mean, var, m3);
    for (size_t j = 0; j < m->nblocks; j++) {
        block_coverage *b = &c->block[j];
        b->truth = mean[j];
        b->sigma = sqrt(var[j]);
        b->epsilon = p->relative ? p->epsilon * fabs(b->truth) + p->floor : p->epsilon;
        double ratio = b->epsilon > 0 ? p->u * b->sigma / b->epsilon : INFINITY;
        b->n_star = ratio * ratio;
        /* the normal interval's width at n* were s the true sigma, against u sigma / sqrt(n*):
         * what bounding its moments from the range costs (infinite: not made there) */
        double range = fmin(models_max_runs(m, j), p->cap > 0 ? p->cap : INFINITY);
        bounded_normal bn;
        uint64_t at = b->n_star < 1.8e19 ? (uint64_t)fmax(b->n_star, 2) : UINT64_MAX;
        bounded_normal_interval(at, b->sigma, range, stop_rule_clt_share(p), &bn);
        double widen = bn.half_width / (p->u * b->sigma / sqrt((double)at));
        b->be_floor_ratio = b->sigma > 0 ? widen * widen : 1.0;
    }
    gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);
    simulation *s = malloc(sizeof *s);
    if (!g || !s) {
        gsl_rng_free(g);
        free(s);
        return -1;
    }
    simulate_init(s);
    int rc = 0;
    for (int i = 0; i < r && rc == 0; i++) {
        gsl_rng_set(g, seed + (uint64_t)i);
        if (simulate_run(m, p, g, max_trials, s) != 0) {
            rc = -1;
            break;
        }
        c->runs++;
        c->converged += s->converged;
        c->trials += (double)s->trials;
        int all = 1, held = 1;
        for (size_t j = 0; j < m->nblocks; j++) {
            block_coverage *b = &c->block[j];
            const block_verdict *v = &s->verdict[j];
            int in = fabs(s->mean[j] - b->truth) <= b->epsilon;
            b->covered += in;
            all &= in;
            if (v->status != BLOCK_NOT_CONVERGED) {
                /* a claim: within epsilon, or (rare) the bound on the mean holds the truth */
                int kept = in || (v->status == BLOCK_RARE && b->truth <= v->half_width);
                b->claims++;
                b->claims_held += kept;
                held &= kept;
            }
            if (v->status == BLOCK_RARE) {
                b->rare++;
                /* the claim: the mean lies in [0, half_width] (never reached, or the
                 * bound by rarity), or within half_width of the estimate */
                b->rare_bounded += b->truth <= v->half_width || fabs(s->mean[j] - b->truth) <= v->half_width;
            }
            b->exact += v->method == METHOD_EXACT;
            b->settled += (double)(s->settled_at[j] ? s->settled_at[j] : s->trials);
            b->method = block_method_name(v->method);
        }
        c->all_covered += all;
        c->false_converged += s->converged && !held;
    }
    for (size_t j = 0; j < m->nblocks && c->runs; j++)
        c->block[j].settled /= c->runs;
    if (c->runs)
        c->trials /= c->runs;
    simulate_free(s);
    free(s);
    gsl_rng_free(g);
    return rc;
}

int measure_threshold(int r, double gamma, double alpha)
{
    int c = 0;
    while (c < r && gsl_cdf_binomial_P((unsigned)c, gamma, (unsigned)r) <= alpha)
        c++;
    return c;
}
