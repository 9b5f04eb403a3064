/* stats/confidence_sequence.c: empirical Bernstein intervals with the error spent over the check points. */
/* SPDX-License-Identifier: MIT */
/* Why it holds: look k gets alpha_k = alpha / (zeta(1.2) (k + 1)^1.2), which sums to
 * alpha over all looks, and each look's interval is valid for its fixed n at alpha_k
 * (empirical Bernstein, Maurer and Pontil Theorem 4, for any law on [0, CAP]); by the
 * union bound every look holds at once with probability >= 1 - alpha, so stopping at
 * any look chosen from the data keeps the guarantee (confidence_sequence.h). */
#include "confidence_sequence.h"

#include <math.h>

#include <gsl/gsl_sf_zeta.h>
#include "schedule.h"

/* The exponent of the spending sequence: above 1 so the shares sum, close to 1 so
 * late looks (large k) keep a sizeable share; 1.2 gives the narrowest intervals over
 * the range of looks runs reach (k from about 50 to 300). */
#define SPEND_POWER 1.2

double confidence_sequence_alpha(uint64_t n, double alpha) {
    if (!(alpha > 0.0 && alpha < 1.0)) return 0.0;
    double k = (double)schedule_index(n);
    return alpha / (gsl_sf_zeta(SPEND_POWER) * pow(k + 1.0, SPEND_POWER));
}

double confidence_sequence_half_width(uint64_t n, double variance, double cap, double alpha_look) {
    if (n < 2 || !isfinite(cap) || !isfinite(variance) || !(alpha_look > 0.0 && alpha_look < 1.0))
        return INFINITY;
    double nn = (double)n, l = log(4.0 / alpha_look);
    if (variance < 0.0) variance = 0.0;
    return sqrt(2.0 * variance * l / nn) + 7.0 * cap * l / (3.0 * (nn - 1.0));
}
