/* tests/harness/coverage-t.c: the stopping rule's real coverage, measured on programs with exact truths. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "measure.h"

/* Each validation program of bench/coverage is estimated R = 200 times in-process,
 * on per-trial counts drawn from its exact law (models.c), with the rule checked at
 * the schedule's points as the runner does. Coverage claims are tested with the
 * exact binomial test: if a block's true coverage is at least gamma, the number of
 * covering runs is at least Binomial(R, gamma), and falls below the threshold with
 * probability at most ALPHA_CHECK. Every coverage check below gets that share of a
 * 0.001 budget (Bonferroni over NCHECKS), so a correct rule fails this file with
 * probability under 0.001 whatever the seed; a rule with coverage 0.85 fails it
 * almost surely. The seeds are fixed. */
#define R           200
#define GAMMA       0.95
#define NCHECKS     120 /* at least the coverage checks made below */
#define ALPHA_CHECK (0.001 / NCHECKS)
/* A block with a spread of counts settles within COST times max(n*, 3 R / epsilon, 30):
 * the betting interval, at 0.66 alpha = 0.033, has a half-width of about
 * sigma sqrt(2 ln(2 / a) / n) + ln(2 / a) R / n, within epsilon by 2 ln(2 / a) / u^2
 * = 2.14 n* plus ln(2 / a) / 3 = 1.37 times 3 R / epsilon, so by 3.5 times the larger,
 * and the check points add up to 5%. */
#define COST 3.7

static size_t family_of(const model *m) {
    size_t k = 0;
    for (size_t j = 0; j < m->nblocks; j++) k += !(m->facts[j] & STOP_FACT_ONCE);
    return k;
}

/* R estimations of M; SCALE widens epsilon to keep the costlier settings quick. */
static coverage measure(const model *m, stop_family family, stop_method method, double scale, uint64_t seed,
                        stop_params *p) {
    coverage c;
    stop_params_init(p, m->epsilon * scale, 0, GAMMA);
    stop_params_family(p, family, family_of(m));
    stop_params_method(p, method, m->cap); /* the cap its program's spec states */
    if (measure_coverage(m, p, R, seed, 100000000, &c) != 0) bail("out of memory");
    return c;
}

int main(void) {
    int threshold = measure_threshold(R, GAMMA, ALPHA_CHECK), checks = 0, planned = 0;
    for (size_t i = 0; i < nmodels; i++) planned += 6;
    plan(planned + 4);
    diag("a block covering in fewer than %d of %d runs fails (exact binomial test at %.2g)", threshold, R,
         ALPHA_CHECK);
    ok(threshold >= 170 && threshold < 190, "the threshold %d is gamma within its binomial margin",
       threshold);

    double well_ratio = 0, well_n = 0;
    int rare_blocks = 0, rare_ok = 1;
    for (size_t i = 0; i < nmodels; i++) {
        const model *m = &models[i];
        stop_params p;

        /* Per block, the default method. */
        coverage c = measure(m, STOP_PER_BLOCK, STOP_METHOD_CLT, 1, 1000 * (i + 1), &p);
        int worst = R, exact = 1, waste_ok = 1;
        const char *worst_label = "";
        for (size_t j = 0; j < m->nblocks; j++) {
            const block_coverage *b = &c.block[j];
            if (b->covered < worst) {
                worst = b->covered;
                worst_label = m->labels[j];
            }
            if (m->facts[j] & STOP_FACT_ONCE) exact &= b->exact == R;
            if (b->rare >= 20) { /* enough runs ended rare to test its bound */
                rare_blocks++;
                if (b->rare_bounded < measure_threshold(b->rare, GAMMA, ALPHA_CHECK)) rare_ok = 0;
                diag("%s %s: rare in %d runs, its bound held the truth in %d", m->name, m->labels[j], b->rare,
                     b->rare_bounded);
            }
            /* a spread count: what it cost against the least any valid rule could */
            double range = fmin(models_max_runs(m, j), m->cap > 0 ? m->cap : INFINITY);
            if (b->sigma > 0 && b->settled > 0 && isfinite(range) && !(m->facts[j] & STOP_FACT_ONCE)) {
                double least = fmax(fmax(b->n_star, 3 * range / b->epsilon), STOP_MIN_TRIALS);
                double ratio = b->settled / least;
                well_ratio += ratio;
                well_n++;
                if (ratio > COST) waste_ok = 0;
                diag("%s %s: settled after %.0f trials, max(n*, 3R/eps) %.0f, ratio %.3f (%s)", m->name,
                     m->labels[j], b->settled, least, ratio, b->method);
            }
        }
        checks += (int)m->nblocks + 1; /* the blocks, and the rare bounds */
        is_int(c.converged, R, "%s: all %d runs converged (mean %.0f trials)", m->name, R, c.trials);
        ok(worst >= threshold, "%s: every block covered in >= %d of %d runs (least: %s, %d)", m->name,
           threshold, R, worst_label, worst);
        ok(exact, "%s: the blocks proven to run once are reported exact in every run", m->name);
        ok(waste_ok, "%s: spread blocks settle within %.1f max(n*, 3 R / epsilon)", m->name, COST);

        /* Every block at once, Bonferroni. Its runs are long whatever epsilon is (the
         * Berry-Esseen term must fit in a small alpha), so three programs suffice. */
        if (i != 2 && i != 3) {
            c = measure(m, STOP_BONFERRONI, STOP_METHOD_CLT, 2, 2000 * (i + 1), &p);
            ok(c.all_covered >= threshold,
               "%s --simultaneous: all blocks within epsilon at once in %d of %d runs", m->name,
               c.all_covered, R);
            checks++;
        } else {
            ok(1, "%s: --simultaneous is measured on the other programs", m->name);
        }

        /* The anytime method, on the two programs whose runs are short enough. */
        if (i % 2 == 1) {
            coverage d = measure(m, STOP_PER_BLOCK, STOP_METHOD_CLT, 2, 3000 * (i + 1), &p);
            double clt_trials = d.trials;
            c = measure(m, STOP_PER_BLOCK, STOP_METHOD_ANYTIME, 2, 4000 * (i + 1), &p);
            worst = R;
            for (size_t j = 0; j < m->nblocks; j++)
                if (c.block[j].covered < worst) worst = c.block[j].covered;
            ok(worst >= threshold && c.converged == R,
               "%s --method anytime: every block covered in >= %d runs (least %d); %.0f trials against %.0f "
               "by clt",
               m->name, threshold, worst, c.trials, clt_trials);
            checks += (int)m->nblocks;
        } else {
            ok(1, "%s: anytime is measured on the other programs", m->name);
        }
    }
    ok(checks <= NCHECKS, "the %d coverage checks stay within the budget's count", checks);
    ok(well_n >= 4 && well_ratio / well_n <= COST,
       "spread blocks: %.0f of them, mean ratio to max(n*, 3 R / epsilon) %.3f", well_n,
       well_n ? well_ratio / well_n : 0);
    ok(rare_blocks >= 4 && rare_ok, "rare blocks: the bound held the truth often enough in each of %d blocks",
       rare_blocks);
    return done();
}
