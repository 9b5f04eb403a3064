/* distributions/truncated.c: a distribution restricted to an interval, truncated(D, lo, hi). */
/* SPDX-License-Identifier: MIT */

/* P(X <= x) = (F(x) - F(lo-)) / (F(hi) - F(lo-))   for lo <= x <= hi,
 * where F is D's CDF and F(lo-) = P(D < lo); lo < hi, and D must put at least 1e-9 of
 * its mass in [lo, hi]. Mean: numerical where it can be had exactly enough, else NAN.
 *
 * How a draw is made, decided once at creation:
 *  - D has an inverse CDF in GSL (uniform, normal, lognormal, exponential, gamma, beta):
 *    invert a uniform on [F(lo), F(hi)], or on [Q(hi), Q(lo)] with Q = 1 - F when the
 *    interval lies in the upper half, so that upper tails keep their precision;
 *  - otherwise, when the mass is at least 1/4: draw from D until a draw lands inside;
 *  - otherwise, for integer D over at most 1e6 integers: an alias table over them;
 *  - otherwise: invert F by bisection, at most 64 CDF evaluations per draw.
 * So no draw loops for long, however little mass the interval holds. */

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_randist.h>

#include "dist_impl.h"

#define MIN_MASS    1e-9
#define REJECT_MASS 0.25
#define TABLE_WIDTH 1e6
#define EXACT       9007199254740992.0 /* 2^53: beyond, doubles skip integers */
#define MEAN_POINTS 20000

typedef struct truncated {
    dist base;
    dist *inner;
    double lo, hi;
    double below, mass;  /* P(D < lo), P(lo <= D <= hi) */
    double u0, u1;       /* inverse CDF: P (or Q) range to invert */
    int64_t first, last; /* integer D: the integers inside [lo, hi] */
    gsl_ran_discrete_t *table;
} truncated;

#define T(d) ((const truncated *)(d))

static double clamp(const truncated *t, double x) {
    return x < t->lo ? t->lo : x > t->hi ? t->hi : x;
}

static double lower_at(const truncated *t, double u) {
    return clamp(t, t->inner->ops->quantile(t->inner, t->u0 + u * (t->u1 - t->u0)));
}

static double upper_at(const truncated *t, double u) {
    return clamp(t, t->inner->ops->upper_quantile(t->inner, t->u0 + u * (t->u1 - t->u0)));
}

static double sample_lower(const dist *d, gsl_rng *r) {
    return lower_at(T(d), gsl_rng_uniform(r));
}
static double sample_upper(const dist *d, gsl_rng *r) {
    return upper_at(T(d), gsl_rng_uniform(r));
}

static double sample_reject(const dist *d, gsl_rng *r) {
    double x;
    do x = dist_sample(T(d)->inner, r);
    while (!(x >= T(d)->lo && x <= T(d)->hi));
    return x;
}

static double sample_table(const dist *d, gsl_rng *r) {
    return (double)(T(d)->first + (int64_t)gsl_ran_discrete(r, T(d)->table));
}

/* The smallest integer k in [first, last] with F(k) >= target. */
static double sample_bisect_int(const dist *d, gsl_rng *r) {
    const truncated *t = T(d);
    double target = t->below + gsl_rng_uniform_pos(r) * t->mass;
    int64_t a = t->first, b = t->last;
    while (a < b) {
        int64_t mid = a + (b - a) / 2;
        if (dist_cdf(t->inner, (double)mid) >= target)
            b = mid;
        else
            a = mid + 1;
    }
    return (double)a;
}

/* Doubles mapped to integers in the same order, so bisection can walk every double. */
static int64_t key(double x) {
    union {
        double d;
        uint64_t u;
    } v = {x};
    return v.u >> 63 ? -(int64_t)(v.u & 0x7fffffffffffffffull) : (int64_t)v.u;
}

static double unkey(int64_t k) {
    union {
        double d;
        uint64_t u;
    } v;
    v.u = k < 0 ? (uint64_t)-k | 0x8000000000000000ull : (uint64_t)k;
    return v.d;
}

/* The smallest double x in [lo, hi] with F(x) >= target. */
static double sample_bisect_real(const dist *d, gsl_rng *r) {
    const truncated *t = T(d);
    double target = t->below + gsl_rng_uniform_pos(r) * t->mass;
    int64_t a = key(t->lo), b = key(t->hi);
    while (a < b) {
        int64_t mid = a + (int64_t)(((uint64_t)b - (uint64_t)a) / 2);
        if (dist_cdf(t->inner, unkey(mid)) >= target)
            b = mid;
        else
            a = mid + 1;
    }
    return unkey(a);
}

static double cdf(const dist *d, double x) {
    const truncated *t = T(d);
    if (x < t->lo) return 0;
    if (x >= t->hi) return 1;
    double p = (dist_cdf(t->inner, x) - t->below) / t->mass;
    return p < 0 ? 0 : p > 1 ? 1 : p;
}

/* Integer D over few integers: the exact weighted sum. D with an inverse CDF: the
 * midpoint rule on the truncated quantile function, which is bounded by [lo, hi].
 * Otherwise unknown. */
static double mean(const dist *d) {
    const truncated *t = T(d);
    if (t->inner->integer && (double)t->last - (double)t->first < TABLE_WIDTH) {
        double s = 0, w = 0, prev = t->below;
        for (int64_t k = t->first; k <= t->last; k++) {
            double f = dist_cdf(t->inner, (double)k);
            s += (double)k * (f - prev);
            w += f - prev;
            prev = f;
        }
        return s / w;
    }
    if (t->inner->ops->quantile) {
        double s = 0;
        for (int i = 0; i < MEAN_POINTS; i++) {
            double u = (i + 0.5) / MEAN_POINTS;
            s += t->base.sample == sample_upper ? upper_at(t, u) : lower_at(t, u);
        }
        return s / MEAN_POINTS;
    }
    return NAN;
}

static void format(const dist *d, dist_text *t) {
    dist_text_add(t, "truncated(");
    dist_format_text(T(d)->inner, t);
    dist_text_add(t, ", ");
    dist_text_number(t, T(d)->lo);
    dist_text_add(t, ", ");
    dist_text_number(t, T(d)->hi);
    dist_text_add(t, ")");
}

static void release(dist *d) {
    truncated *t = (truncated *)d;
    if (t->table) gsl_ran_discrete_free(t->table);
    dist_free(t->inner);
}

/* [lo, hi] cut down to what D itself can draw. */
static void range(const dist *d, double *lo, double *hi) {
    dist_range(T(d)->inner, lo, hi);
    if (T(d)->lo > *lo) *lo = T(d)->lo;
    if (T(d)->hi < *hi) *hi = T(d)->hi;
}

static const dist_ops ops = {
    "truncated", cdf, mean, format, release, NULL, NULL, NULL, NULL, NULL, NULL, range, NULL, NULL,
};

/* The alias table over the integers first..last, weighted by D's probabilities. */
static gsl_ran_discrete_t *table(const truncated *t) {
    size_t n = (size_t)(t->last - t->first) + 1;
    double *w = malloc(n * sizeof *w);
    if (!w) return NULL;
    double prev = t->below;
    for (size_t i = 0; i < n; i++) {
        double f = dist_cdf(t->inner, (double)(t->first + (int64_t)i));
        w[i] = f > prev ? f - prev : 0;
        prev = f;
    }
    gsl_ran_discrete_t *g = gsl_ran_discrete_preproc(n, w);
    free(w);
    return g;
}

/* Picks the sampler for T (see the top of the file); returns -1 when out of memory. */
static int plan(truncated *t) {
    const dist *in = t->inner;
    if (in->ops->quantile) {
        if (t->below <= 0.5) {
            t->u0 = dist_cdf(in, t->lo);
            t->u1 = dist_cdf(in, t->hi);
            t->base.sample = sample_lower;
        } else {
            t->u0 = in->ops->survival(in, t->hi);
            t->u1 = in->ops->survival(in, t->lo);
            t->base.sample = sample_upper;
        }
        return 0;
    }
    if (t->mass >= REJECT_MASS) {
        t->base.sample = sample_reject;
        return 0;
    }
    if (in->integer && (double)t->last - (double)t->first < TABLE_WIDTH) {
        t->table = table(t);
        t->base.sample = sample_table;
        return t->table ? 0 : -1;
    }
    t->base.sample = in->integer && ceil(t->lo) >= -EXACT && floor(t->hi) <= EXACT ? sample_bisect_int
                                                                                   : sample_bisect_real;
    return 0;
}

/* truncated(D, lo, hi) with lo < hi (either may be infinite) and at least 1e-9 of D's
 * mass inside. Fails on a wrong count or kind, lo >= hi, too little mass (naming lo and
 * hi) or out of memory; D then still belongs to the caller. */
dist *dist_truncated_create(const dist_arg *args, size_t nargs, const char *base_dir, dist_error *err) {
    static const char *const params[] = {"D", "lo", "hi"};
    if (nargs != 3)
        return dist_args_fail(err, -1, "truncated takes 3 arguments (D, lo, hi), got %zu", nargs), NULL;
    if (args[0].kind != DIST_ARG_DIST || !args[0].inner)
        return dist_args_fail(err, 0, "truncated(D, lo, hi): D must be a distribution, got %s",
                              dist_args_kind(&args[0])),
               NULL;
    for (int i = 1; i < 3; i++)
        if (args[i].kind != DIST_ARG_NUMBER || args[i].has_weight || isnan(args[i].number))
            return dist_args_fail(err, i, "truncated(D, lo, hi): %s must be a number, got %s", params[i],
                                  args[i].kind != DIST_ARG_NUMBER ? dist_args_kind(&args[i])
                                  : args[i].has_weight            ? "a value: weight pair"
                                                                  : "nan"),
                   NULL;
    double lo = args[1].number, hi = args[2].number;
    if (!(lo < hi))
        return dist_args_fail(err, 1,
                              "truncated(D, lo, hi) needs lo < hi, got lo = %g and "
                              "hi = %g",
                              lo, hi),
               NULL;
    dist *in = args[0].inner;
    double below = dist_cdf(in, nextafter(lo, -INFINITY));
    double mass = dist_cdf(in, hi) - below;
    if (!(mass >= MIN_MASS)) {
        char name[96];
        dist_format(in, name, sizeof name);
        return dist_args_fail(err, 1,
                              "truncated(D, lo, hi): %s has probability %g in "
                              "[lo, hi] = [%g, %g], below %g",
                              name, mass > 0 ? mass : 0, lo, hi, MIN_MASS),
               NULL;
    }

    truncated *t = (truncated *)dist_alloc(sizeof *t, &ops, sample_reject, in->integer, err);
    if (!t) return NULL;
    t->lo = lo;
    t->hi = hi;
    t->below = below;
    t->mass = mass;
    t->first = (int64_t)fmax(ceil(lo), -EXACT);
    t->last = (int64_t)fmin(floor(hi), EXACT);
    t->inner = in;
    if (plan(t)) {
        t->inner = NULL; /* the caller keeps D on failure */
        dist_free(&t->base);
        return dist_args_fail(err, -1, "truncated: out of memory"), NULL;
    }
    return &t->base;
}
