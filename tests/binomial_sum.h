/* tests/binomial_sum.h: P(Binomial(n, p) <= k) summed term by term, a truth independent of the
 * library. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_TEST_BINOMIAL_SUM_H
#define FREQSYS_TEST_BINOMIAL_SUM_H

#include <math.h>

/* Each term in log space, so n in the thousands neither overflows nor underflows. */
__attribute__((unused)) static double binomial_at_most(long long k, long long n, double p) {
    if (k < 0) return 0;
    if (k >= n) return 1;
    double sum = 0, lp = log(p), lq = log1p(-p), ln = lgamma((double)n + 1);
    for (long long i = 0; i <= k; i++)
        sum += exp(ln - lgamma((double)i + 1) - lgamma((double)(n - i) + 1) + (double)i * lp +
                   (double)(n - i) * lq);
    return sum;
}

#endif
