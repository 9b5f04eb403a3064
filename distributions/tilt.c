/* distributions/tilt.c: the exponential tilt of a distribution: the parameter that moves its mean, the refit,
 * and the likelihood ratio. */
/* SPDX-License-Identifier: MIT */

/* For importance sampling of rare blocks (docs/statistics.md, "Rare blocks"): a kind
 * with a tilt is moved along one parameter, the one that sets the mean of a
 * statistic T (x, or ln x for lognormal): normal's and lognormal's mu, poisson's l,
 * exponential's rate, and p of bernoulli, binomial and geometric. Fitting that
 * parameter so the mean of T matches the weighted mean of T over the runs that
 * reached a block is the cross-entropy method's update (weighted maximum likelihood)
 * for these families; the scale stays, so the likelihood ratio is monotone in T. */

#include <math.h>
#include <string.h>

#include "dist_impl.h"

typedef enum tilt_kind {
    TILT_NONE,
    TILT_NORMAL,
    TILT_LOGNORMAL,
    TILT_POISSON,
    TILT_EXPONENTIAL,
    TILT_BERNOULLI,
    TILT_BINOMIAL,
    TILT_GEOMETRIC
} tilt_kind;

static tilt_kind kind_of(const dist *d, dist_param *p) {
    static const struct {
        const char *name;
        tilt_kind kind;
    } kinds[] = {{"normal", TILT_NORMAL},       {"lognormal", TILT_LOGNORMAL},
                 {"poisson", TILT_POISSON},     {"exponential", TILT_EXPONENTIAL},
                 {"bernoulli", TILT_BERNOULLI}, {"binomial", TILT_BINOMIAL},
                 {"geometric", TILT_GEOMETRIC}};
    dist_params(d, p);
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (!strcmp(d->ops->name, kinds[i].name)) {
            tilt_kind k = kinds[i].kind;
            /* a p at 0 or 1 (bernoulli, binomial) or geometric's 1: one value only */
            if ((k == TILT_BERNOULLI && !(p[0].value > 0 && p[0].value < 1)) ||
                (k == TILT_BINOMIAL && !(p[1].value > 0 && p[1].value < 1)) ||
                (k == TILT_GEOMETRIC && !(p[0].value < 1)))
                return TILT_NONE;
            return k;
        }
    return TILT_NONE;
}

int dist_tilt_param(const dist *d) {
    dist_param p[DIST_MAX_PARAMS];
    tilt_kind k = kind_of(d, p);
    return k == TILT_NONE ? -1 : k == TILT_BINOMIAL ? 1 : 0;
}

double dist_tilt_statistic(const dist *d, double x) {
    return !strcmp(d->ops->name, "lognormal") ? log(x) : x;
}

/* The parameter value whose law has E T = MEAN_T, or NAN outside its range. */
static double fitted(tilt_kind k, const dist_param *p, double mean_t) {
    switch (k) {
    case TILT_NORMAL:
    case TILT_LOGNORMAL:
        return isfinite(mean_t) ? mean_t : NAN;
    case TILT_POISSON:
        return mean_t > 0 && mean_t <= 2147483648.0 ? mean_t : NAN;
    case TILT_EXPONENTIAL:
        return mean_t > 0 && isfinite(1 / mean_t) ? 1 / mean_t : NAN;
    case TILT_BERNOULLI:
        return fmin(fmax(mean_t, 1e-9), 1 - 1e-9);
    case TILT_BINOMIAL:
        return fmin(fmax(mean_t / p[0].value, 1e-9), 1 - 1e-9);
    case TILT_GEOMETRIC:
        return mean_t >= 1 ? fmax(1 / mean_t, 1e-8) : NAN;
    default:
        return NAN;
    }
}

dist *dist_tilt_fit(const dist *d, double mean_t) {
    dist_param p[DIST_MAX_PARAMS];
    tilt_kind k = kind_of(d, p);
    double v = fitted(k, p, mean_t);
    if (k == TILT_NONE || isnan(v) || (k == TILT_GEOMETRIC && v >= 1)) return NULL;
    size_t n = dist_params(d, p);
    dist_arg args[DIST_MAX_PARAMS];
    for (size_t i = 0; i < n; i++) args[i] = (dist_arg){.kind = DIST_ARG_NUMBER, .number = p[i].value};
    args[k == TILT_BINOMIAL ? 1 : 0].number = v;
    dist_error err;
    return dist_create(d->ops->name, args, n, ".", &err);
}

double dist_tilt_log_ratio(const dist *d, const dist *tilted, double x) {
    dist_param p[DIST_MAX_PARAMS], q[DIST_MAX_PARAMS];
    tilt_kind k = kind_of(d, p);
    dist_params(tilted, q);
    double t = dist_tilt_statistic(d, x);
    switch (k) {
    case TILT_NORMAL:
    case TILT_LOGNORMAL: {
        double s2 = 2 * p[1].value * p[1].value;
        return ((t - p[0].value) * (t - p[0].value) - (t - q[0].value) * (t - q[0].value)) / s2;
    }
    case TILT_POISSON:
        return x * log(q[0].value / p[0].value) - (q[0].value - p[0].value);
    case TILT_EXPONENTIAL:
        return log(q[0].value / p[0].value) - (q[0].value - p[0].value) * x;
    case TILT_BERNOULLI:
        return x * log(q[0].value / p[0].value) + (1 - x) * log((1 - q[0].value) / (1 - p[0].value));
    case TILT_BINOMIAL:
        return x * log(q[1].value / p[1].value) + (p[0].value - x) * log((1 - q[1].value) / (1 - p[1].value));
    case TILT_GEOMETRIC:
        return log(q[0].value / p[0].value) + (x - 1) * log((1 - q[0].value) / (1 - p[0].value));
    default:
        return 0;
    }
}
