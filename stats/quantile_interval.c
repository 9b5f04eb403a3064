/* stats/quantile_interval.c: a count's quantile per run, its interval from order statistics (any law). */
/* SPDX-License-Identifier: MIT */
/* Why it holds: X(l) > q only if fewer than l of n trials are <= q, and each is with
 * probability >= p, so P(X(l) > q) <= P(Binomial(n, p) < l) <= alpha / 2 for the rank
 * l chosen; the upper end likewise. This uses no property of the law (ties and
 * discrete counts included). Where no rank gives an end, the end is the proven range
 * or none: the largest count seen never stands in for one. */
#include "quantile_interval.h"

#include <gsl/gsl_cdf.h>
#include <limits.h>
#include <math.h>
#include "confidence_sequence.h"

/* P(B <= k) for B ~ Binomial(n, p); 1 from k = n on. */
static double at_most(uint64_t k, uint64_t n, double p) {
    return k >= n ? 1.0 : gsl_cdf_binomial_P((unsigned)k, p, (unsigned)n);
}

int quantile_ranks_of(uint64_t n, double p, double alpha, quantile_ranks *r) {
    if (n == 0 || n > UINT_MAX || !(p > 0 && p < 1) || !(alpha > 0 && alpha < 1)) return -1;
    double half = alpha / 2;
    r->n = n;
    /* l: the largest rank with P(B <= l - 1) <= alpha / 2; the tail grows with l */
    uint64_t lo = 0, hi = n; /* lo qualifies (l = 0 always does); find the last */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo + 1) / 2;
        if (at_most(mid - 1, n, p) <= half)
            lo = mid;
        else
            hi = mid - 1;
    }
    r->low = lo;
    /* u: the smallest rank with P(B >= u) = 1 - P(B <= u - 1) <= alpha / 2 */
    lo = 1;
    hi = n + 1; /* n + 1 stands for none */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (1 - at_most(mid - 1, n, p) <= half)
            hi = mid;
        else
            lo = mid + 1;
    }
    r->high = lo;
    double point = ceil(p * (double)n);
    r->point = point<1 ? 1 : point>(double) n ? n : (uint64_t)point;
    return 0;
}

uint64_t quantile_trials_for_upper(double p, double alpha) {
    if (!(p > 0 && p < 1) || !(alpha > 0 && alpha < 1)) return 0;
    /* u <= n exists once P(B >= n) = p^n <= alpha_look / 2 */
    for (uint64_t n = 1; n < UINT_MAX; n += n / 64 + 1) {
        double look = confidence_sequence_alpha(n, alpha);
        if ((double)n * log(p) <= log(look / 2)) {
            uint64_t m = n - n / 64; /* the last step may have passed it: walk back */
            while (m < n && (double)m * log(p) > log(confidence_sequence_alpha(m, alpha) / 2)) m++;
            return m;
        }
    }
    return UINT_MAX;
}

/* The values at three ranks, read off the histogram in increasing order. */
typedef struct rank_walk {
    uint64_t seen; /* trials with a value at most the current one */
    uint64_t want[3], got[3];
} rank_walk;

static void at_ranks(uint64_t value, uint64_t trials, void *ctx) {
    rank_walk *w = ctx;
    uint64_t before = w->seen;
    w->seen += trials;
    for (int k = 0; k < 3; k++)
        if (w->want[k] > before && w->want[k] <= w->seen) w->got[k] = value;
}

int quantile_bound_of(const tally *t, const quantile_ranks *r, double range, uint64_t censored,
                      quantile_bound *b) {
    uint64_t zeros = r->n > t->hits ? r->n - t->hits : 0;
    /* a censored trial's count sits too low among the others: each moves the upper
     * rank's value down by at most one place, so the rank u + CENSORED bounds it */
    uint64_t high = r->high > r->n || censored > r->n - r->high ? r->n + 1 : r->high + censored;
    rank_walk w = {zeros, {r->low, r->point, high}, {0, 0, 0}};
    if (tally_each(t, at_ranks, &w) < 0) return -1;
    b->value = w.got[1];
    /* the ends never inside the value: a rank past the point only widens */
    b->low = r->low >= 1 ? (w.got[0] < b->value ? w.got[0] : b->value) : 0;
    if (high <= r->n)
        b->high = (double)(w.got[2] > b->value ? w.got[2] : b->value);
    else
        b->high = range >= (double)b->value ? range : INFINITY;
    return 0;
}

int quantile_bound_settled(const quantile_bound *b, double epsilon, int relative, double floor) {
    double value = (double)b->value, low = (double)b->low;
    double off = fmax(value - low, b->high - value);
    double tolerance = relative ? epsilon * low + floor : epsilon;
    return isfinite(off) && off <= tolerance;
}
