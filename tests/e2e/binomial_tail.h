/* tests/e2e/binomial_tail.h: P(binomial(n, p) > k), summed term by term, as the truth of a drawn count's
 * test. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_TEST_BINOMIAL_TAIL_H
#define FREQSYS_TEST_BINOMIAL_TAIL_H

#include <math.h>

__attribute__((unused)) static double binomial_above(int n, double p, int k) {
    double sum = 0;
    for (int m = k + 1; m <= n; m++) {
        double c = 1; /* n choose m */
        for (int j = 0; j < m; j++) c = c * (n - j) / (j + 1);
        sum += c * pow(p, m) * pow(1 - p, n - m);
    }
    return sum;
}

#endif
