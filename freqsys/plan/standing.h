/* freqsys/plan/standing.h: the standing probability of procedures: the stationary distribution of calls. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_STANDING_H
#define FREQSYS_STANDING_H

#include <stddef.h>

/* CALLS is an N x N row-major matrix: CALLS[i*N+j] expected calls from procedure i to
 * procedure j per run. A call is a move from i to j and its return a move back, so
 * the walk over procedures moves i -> j with weight calls(i, j) + calls(j, i); every
 * pair also gets a tiny weight (epsilon) so the chain is irreducible. PI receives
 * the chain's stationary distribution, found as the eigenvector of eigenvalue 1 of
 * the transposed transition matrix with GSL's nonsymmetric eigensolver. Procedures
 * that dispatch much work rank high even when little time is spent in them.
 * Returns 0, or -1 when memory ran out or the solver failed. */
int standing_probability(size_t n, const double *calls, double *pi);

#endif
