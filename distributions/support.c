/* distributions/support.c: the finite support of a distribution, for exact enumeration. */
/* SPDX-License-Identifier: MIT */
#include "dist_impl.h"

size_t dist_support(const dist *d, double *values, double *probs, size_t max)
{
    return d->ops->support ? d->ops->support(d, values, probs, max) : 0;
}
