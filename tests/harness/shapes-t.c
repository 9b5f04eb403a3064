/* tests/harness/shapes-t.c: no false verdicts on count laws built to break the stopping rule's shortcuts. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "measure.h"

#include <gsl/gsl_cdf.h>

/* Each shape of bench/coverage/shapes.c is estimated R = 200 times in-process at
 * gamma 0.9 and 0.99, from fixed seeds. Per block, among the runs that ended with a
 * claim about it (settled), the share whose claim held (the estimate within epsilon,
 * or a rare bound above the truth) must pass an exact binomial test of "at least
 * gamma"; the runs that converged with some claim false must pass one of "at most
 * 1 - gamma". Every test gets ALPHA_CHECK of a 0.001 budget, so a correct rule fails
 * this file with probability under 0.001. The truths are exact (enumeration or
 * summation), and each shape keeps its truth at least 2 epsilon from the answer a
 * shortcut gives (0 for a rare loop, 1 for an almost-constant one). */
#define R           200
#define NCHECKS     160
#define ALPHA_CHECK (0.001 / NCHECKS)

/* The largest count c with P(Binomial(R, Q) >= c) > ALPHA: more false runs than c
 * reject "false with probability at most Q". */
static int most_false(int r, double q, double alpha) {
    int c = r;
    while (c > 0 && gsl_cdf_binomial_Q((unsigned)(c - 1), q, (unsigned)r) <= alpha) c--;
    return c;
}

static void check(const model *m, double gamma, uint64_t max_trials, int *checks) {
    stop_params p;
    stop_params_init(&p, m->epsilon, m->relative, gamma);
    if (m->nblocks > 16) stop_params_family(&p, STOP_BONFERRONI, m->nblocks);
    stop_params_method(&p, STOP_METHOD_CLT, m->cap); /* a true cap: the claims must hold under it */
    coverage c;
    if (measure_coverage(m, &p, R, 7000, max_trials, &c) != 0) bail("out of memory");
    int held = 1;
    const char *worst = "";
    double worst_share = 1;
    for (size_t j = 0; j < m->nblocks; j++) {
        const block_coverage *b = &c.block[j];
        if (b->claims < 20) continue;
        double share = (double)b->claims_held / b->claims;
        if (share < worst_share) {
            worst_share = share;
            worst = m->labels[j];
        }
        if (b->claims_held < measure_threshold(b->claims, gamma, ALPHA_CHECK)) held = 0;
        ++*checks;
    }
    ok(held, "%s at %g: every block's claims held often enough (worst %s %.3f)", m->name, gamma, worst,
       worst_share);
    int limit = most_false(R, 1 - gamma, ALPHA_CHECK);
    ok(c.false_converged <= limit, "%s at %g: %d of %d runs converged with a false claim (at most %d)",
       m->name, gamma, c.false_converged, R, limit);
    ++*checks;
    diag("%s at %g: %d converged, mean trials %.0f", m->name, gamma, c.converged, c.trials);
    if (!strcmp(m->name, "rarerel"))
        is_int(c.converged, 0, "rarerel at %g: 2%% of 0.0002 is never claimed within %llu trials", gamma,
               (unsigned long long)max_trials);
}

int main(void) {
    plan((int)nshapes * 4 + 2 + 1);
    int checks = 0;
    for (size_t i = 0; i < nshapes; i++) {
        const model *m = &shapes[i];
        uint64_t budget = strcmp(m->name, "rarerel") ? 2000000 : 100000;
        check(m, 0.9, budget, &checks);
        check(m, 0.99, budget, &checks);
    }
    ok(checks <= NCHECKS, "the %d tests stay within the budget's count", checks);
    return done();
}
