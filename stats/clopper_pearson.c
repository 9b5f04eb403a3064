/* stats/clopper_pearson.c: exact binomial bounds, by solving the binomial tail for p. */
/* SPDX-License-Identifier: MIT */
/* Why it holds: the Clopper-Pearson bounds are the p at which the observed count
 * sits at the binomial tail alpha / 2 (each side); by the duality of tests and
 * intervals P(p outside) <= alpha for every p and n, exactly, with no approximation.
 * The tail is solved here through the incomplete beta function. */
#include "clopper_pearson.h"

#include <math.h>

/* The regularised incomplete beta function I_x(a, b) = front * fraction / a, with
 * the continued fraction evaluated by the modified Lentz method. Runs need bounds
 * for n in the millions, where library inverses give up; the fraction takes about
 * sqrt(max(a, b)) steps there. The fraction is a ratio near one and converges in
 * double precision; the front factor, whose exponent cancels terms of size n, is
 * computed in long double. */
static double fraction(double x, double a, double b) {
    const double tiny = 1e-300, eps = 1e-15;
    double c = 1, d = 1 - (a + b) * x / (a + 1);
    if (fabs(d) < tiny) d = tiny;
    d = 1 / d;
    double h = d, steps = 100 + 20 * sqrt(fmax(a, b));
    for (unsigned long k = 1; (double)k <= steps; k++) { /* an exact count, m = k */
        double m = (double)k, m2 = 2 * m;
        double num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
        d = 1 + num * d;
        if (fabs(d) < tiny) d = tiny;
        c = 1 + num / c;
        if (fabs(c) < tiny) c = tiny;
        d = 1 / d;
        h *= d * c;
        num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
        d = 1 + num * d;
        if (fabs(d) < tiny) d = tiny;
        c = 1 + num / c;
        if (fabs(c) < tiny) c = tiny;
        d = 1 / d;
        double del = d * c;
        h *= del;
        if (fabs(del - 1) < eps) break;
    }
    return h;
}

/* The Beta(a, b) law a bound is a quantile of, with its log normalising constant
 * computed once: a solve evaluates the tail a dozen times. */
typedef struct beta_law {
    long double a, b, lnorm;
    int lower;
} beta_law;

static beta_law law_of(long double a, long double b, int lower) {
    beta_law l = {a, b, lgammal(a + b) - lgammal(a) - lgammal(b), lower};
    return l;
}

/* I_x(a, b) when L->lower, else 1 - I_x(a, b), each accurate in its small tail. */
static long double tail_of(const beta_law *l, long double x) {
    if (x <= 0) return l->lower ? 0 : 1;
    if (x >= 1) return l->lower ? 1 : 0;
    long double a = l->a, b = l->b;
    long double front = expl(a * logl(x) + b * log1pl(-x) + l->lnorm), lower, upper;
    if (x < (a + 1) / (a + b + 2)) {
        lower = front * fraction((double)x, (double)a, (double)b) / a;
        upper = 1 - lower;
    } else {
        upper = front * fraction((double)(1 - x), (double)b, (double)a) / b;
        lower = 1 - upper;
    }
    return l->lower ? lower : upper;
}

/* The p in (LO, HI) where the tail of L equals ALPHA, the tail being monotone there,
 * by false position on the log of the tail (Illinois variant), with a bisection
 * step now and then to guarantee progress. RISING says whether the tail grows with
 * p; GUESS, inside (LO, HI), is tried first (the normal approximation lands close).
 * The bound is taken at the wide end of the final bracket, so it errs on the safe
 * side. */
static double solve(const beta_law *l, double alpha, long double lo, long double hi, long double guess,
                    int rising) {
    long double target = logl(alpha);
    long double flo = logl(tail_of(l, lo)) - target, fhi = logl(tail_of(l, hi)) - target;
    int side = 0;
    for (int i = 0; i < 200 && hi - lo > 1e-300L + 1e-13L * hi; i++) {
        long double mid;
        if (i == 0 && guess > lo && guess < hi)
            mid = guess;
        else if (isfinite(flo) && isfinite(fhi) && flo != fhi && i % 5 != 4)
            mid = lo + (hi - lo) * flo / (flo - fhi);
        else
            mid = isfinite(flo) && isfinite(fhi) ? (lo + hi) / 2
                  : rising                       ? (lo + 3 * hi) / 4
                                                 : (3 * lo + hi) / 4;
        if (!(mid > lo && mid < hi)) mid = (lo + hi) / 2;
        long double f = logl(tail_of(l, mid)) - target;
        if ((f < 0) == (rising != 0)) { /* the root lies above MID */
            lo = mid;
            flo = f;
            if (side == -1) fhi /= 2;
            side = -1;
        } else {
            hi = mid;
            fhi = f;
            if (side == 1) flo /= 2;
            side = 1;
        }
    }
    return (double)(rising ? lo : hi);
}

/* Where the normal approximation puts the bound: a starting point only. */
static long double normal_guess(uint64_t k, uint64_t n, double alpha, int upper) {
    long double p = (long double)k / (long double)n, z = sqrtl(-2 * logl(alpha));
    long double sd = sqrtl(p * (1 - p) / (long double)n) + 1 / (long double)n;
    return upper ? p + z * sd : p - z * sd;
}

static int valid(uint64_t k, uint64_t n, double alpha) {
    return n > 0 && k <= n && alpha > 0.0 && alpha < 1.0;
}

double clopper_pearson_upper(uint64_t k, uint64_t n, double alpha) {
    if (!valid(k, n, alpha)) return NAN;
    if (k == n) return 1.0;
    if (k == 0) /* (1 - p)^n = alpha */
        return -expm1(log(alpha) / (double)n);
    /* P(Bin(n, p) <= k) = 1 - I_p(k + 1, n - k), falling from about 1/2 at p = k/n. */
    beta_law l = law_of((long double)k + 1, (long double)(n - k), 0);
    return solve(&l, alpha, (long double)k / (long double)n, 1.0L, normal_guess(k, n, alpha, 1), 0);
}

double clopper_pearson_lower(uint64_t k, uint64_t n, double alpha) {
    if (!valid(k, n, alpha)) return NAN;
    if (k == 0) return 0.0;
    if (k == n) /* p^n = alpha */
        return exp(log(alpha) / (double)n);
    /* P(Bin(n, p) >= k) = I_p(k, n - k + 1), rising to about 1/2 at p = k/n. */
    beta_law l = law_of((long double)k, (long double)(n - k) + 1, 1);
    return solve(&l, alpha, 0.0L, (long double)k / (long double)n, normal_guess(k, n, alpha, 0), 1);
}

double clopper_pearson_zero_trials(double limit, double alpha) {
    if (limit >= 1.0) return 1.0;
    if (!(limit > 0.0)) return 1e18;
    double n = ceil(log(alpha) / log1p(-limit));
    return n < 1.0 ? 1.0 : n > 1e18 ? 1e18 : n;
}
