/* distributions/text_valued.c: what a string-valued kind answers to the numeric questions: NAN. */
/* SPDX-License-Identifier: MIT */
#include <math.h>

#include "dist_impl.h"

double dist_text_sample_nan(const dist *d, gsl_rng *r) {
    (void)d;
    (void)r;
    return NAN;
}

double dist_text_cdf_nan(const dist *d, double x) {
    (void)d;
    (void)x;
    return NAN;
}

double dist_text_mean_nan(const dist *d) {
    (void)d;
    return NAN;
}
