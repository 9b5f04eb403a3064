/* stats/betting_interval.c: the betting confidence interval for the mean of bounded counts. */
/* SPDX-License-Identifier: MIT */
/* Why it holds (betting_interval.h has the full argument): the bets are clipped so
 * that every factor stays positive for any count in [0, R], so at the true mean each
 * side's capital is a nonnegative martingale for any law on [0, R], values not drawn
 * yet included; by Ville's inequality it ever reaches 2 / alpha with probability
 * <= alpha / 2, and the means at which neither side reaches it form the interval. */
#include "betting_interval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The share of the most a bet may stake: below 1 so one count at the far end of the
 * range cannot take all the capital (the paper's c, 1/2 or 3/4). */
#define STAKE 0.9
/* The screen lets a mean through when the best constant bet reaches this share of
 * the goal's log: the predictable bets come close to it, and may pass it, so a
 * little room is left (measured on Poisson counts: 1 cost 3% more trials). */
#define SCREEN_SHARE 0.85
/* A capital below this is set back to 1 and the goal raised by as much, so a long
 * losing run does not underflow. */
#define TINY 1e-200

static uint64_t splitmix(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* A uniform integer in [0, bound), without bias (Lemire's multiply and reject). */
static uint64_t below(uint64_t *s, uint64_t bound) {
    unsigned __int128 x = (unsigned __int128)splitmix(s) * bound;
    uint64_t low = (uint64_t)x;
    if (low < bound) {
        uint64_t floor = (0 - bound) % bound;
        while (low < floor) {
            x = (unsigned __int128)splitmix(s) * bound;
            low = (uint64_t)x;
        }
    }
    return (uint64_t)(x >> 64);
}

typedef struct filling {
    betting_order *o;
    double range;
    uint64_t next;
    uint16_t slot; /* the last value[] filled; bins come in increasing value */
    int bad;
} filling;

static void fill_bin(uint64_t value, uint64_t trials, void *ctx) {
    filling *f = ctx;
    uint16_t k = ++f->slot;
    if ((double)value > f->range) f->bad = 1;
    f->o->value[k] = (double)value / f->range;
    for (uint64_t i = 0; i < trials; i++) f->o->at[f->next++] = k;
}

int betting_order_make(betting_order *o, const tally *t, uint64_t n, double range, uint64_t seed) {
    memset(o, 0, sizeof *o);
    if (t->overflowed || n < t->hits || n > BETTING_MAX_TRIALS || !(range > 0.0) || isinf(range) ||
        (double)t->max > range || t->nbins >= UINT16_MAX)
        return -1;
    o->at = malloc((size_t)(n ? n : 1) * sizeof *o->at);
    o->value = malloc(((size_t)t->nbins + 1) * sizeof *o->value);
    if (!o->at || !o->value) {
        betting_order_free(o);
        return -1;
    }
    o->value[0] = 0.0;
    filling f = {o, range, 0, 0, 0};
    for (uint64_t i = 0; i < n - t->hits; i++) o->at[f.next++] = 0;
    if (tally_each(t, fill_bin, &f) < 0 || f.bad || f.next != n) {
        betting_order_free(o);
        return -1;
    }
    for (uint64_t i = n; i > 1; i--) { /* Fisher-Yates */
        uint64_t j = below(&seed, i);
        uint16_t x = o->at[i - 1];
        o->at[i - 1] = o->at[j];
        o->at[j] = x;
    }
    o->n = n;
    return 0;
}

void betting_order_free(betting_order *o) {
    free(o->at);
    free(o->value);
    memset(o, 0, sizeof *o);
}

int betting_interval_rejects(const betting_order *o, double m, int side, double alpha) {
    if (!(m > 0.0 && m < 1.0) || !(alpha > 0.0 && alpha < 1.0) || o->n == 0) return 0;
    double threshold = 2.0 / alpha, scale = 2.0 * log(threshold) / (double)o->n;
    double clip = side > 0 ? STAKE / m : STAKE / (1.0 - m), sign = side > 0 ? 1.0 : -1.0;
    double sum = 0.5, squares = 0.25, capital = 1.0, limit = threshold;
    for (uint64_t i = 0; i < o->n; i++) {
        double y = o->value[o->at[i]];
        double bet = sqrt(scale * (double)(i + 1) / squares); /* s_{i-1}^2 = squares / (i + 1) */
        if (bet > clip) bet = clip;
        capital *= 1.0 + sign * bet * (y - m); /* at least 1 - STAKE: never 0 */
        if (capital >= limit) return 1;
        if (capital < TINY) { /* keep the lost part aside: the goal moves up by as much */
            limit /= capital;
            capital = 1.0;
        }
        sum += y;
        double mu = sum / (double)(i + 2); /* the paper's mu_i includes y_i */
        squares += (y - mu) * (y - mu);
    }
    return 0;
}

typedef struct histogram {
    double *y, *w;
    size_t k;
    double range;
} histogram;

static void gather(uint64_t value, uint64_t trials, void *ctx) {
    histogram *h = ctx;
    h->y[h->k] = (double)value / h->range;
    h->w[h->k++] = (double)trials;
}

/* The log of the capital a constant bet L on side SIGN ends with. */
static double constant_wealth(const histogram *h, double m, double sign, double l) {
    double sum = 0.0;
    for (size_t i = 0; i < h->k; i++) sum += h->w[i] * log1p(sign * l * (h->y[i] - m));
    return sum;
}

int betting_interval_could_reject(const tally *t, uint64_t n, double range, double m, int side,
                                  double alpha) {
    if (t->overflowed || n < t->hits || !(range > 0.0) || isinf(range) || !(m > 0.0 && m < 1.0)) return 1;
    /* log(1 + x) <= x: no bet up to the clip earns more than clip n |mean - m| */
    double n_mean = (double)(t->s1 > (unsigned __int128)1e30 ? 1e30 : (double)t->s1) / range;
    double clip = side > 0 ? STAKE / m : STAKE / (1.0 - m),
           drift = side > 0 ? n_mean - (double)n * m : (double)n * m - n_mean;
    if (clip * drift < SCREEN_SHARE * log(2.0 / alpha)) return 0;
    histogram h = {malloc(((size_t)t->nbins + 1) * sizeof *h.y), malloc(((size_t)t->nbins + 1) * sizeof *h.w),
                   0, range};
    if (!h.y || !h.w) {
        free(h.y);
        free(h.w);
        return 1;
    }
    tally_each(t, gather, &h);
    h.y[h.k] = 0.0;
    h.w[h.k++] = (double)(n - t->hits);
    double sign = side > 0 ? 1.0 : -1.0, lo = 0.0, hi = clip;
    for (int i = 0; i < 60; i++) { /* the wealth is concave in the bet: golden-section search */
        double a = hi - 0.618034 * (hi - lo), b = lo + 0.618034 * (hi - lo);
        if (constant_wealth(&h, m, sign, a) < constant_wealth(&h, m, sign, b))
            lo = a;
        else
            hi = b;
    }
    double best = constant_wealth(&h, m, sign, 0.5 * (lo + hi));
    free(h.y);
    free(h.w);
    return best >= SCREEN_SHARE * log(2.0 / alpha);
}

void betting_interval_bounds(const betting_order *o, double range, double estimate, double reach,
                             double alpha, double tol, double *lower, double *upper) {
    double e = estimate / range, t = tol / range, r = reach / range;
    /* Below: the largest mean in [e - r, e] that K+ rejects, rounded down. */
    double lo = e - r > 0.0 ? e - r : 0.0, hi = e;
    while (hi - lo > t) {
        double mid = 0.5 * (lo + hi);
        if (betting_interval_rejects(o, mid, 1, alpha))
            lo = mid;
        else
            hi = mid;
    }
    *lower = lo * range;
    /* Above: the smallest mean in [e, e + r] that K- rejects, rounded up. */
    lo = e;
    hi = e + r < 1.0 ? e + r : 1.0;
    while (hi - lo > t) {
        double mid = 0.5 * (lo + hi);
        if (betting_interval_rejects(o, mid, -1, alpha))
            hi = mid;
        else
            lo = mid;
    }
    *upper = hi * range;
}
