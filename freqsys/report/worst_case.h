/* freqsys/report/worst_case.h: the most one run can execute, by implicit path enumeration over the proven
 * bounds. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_WORST_CASE_H
#define FREQSYS_WORST_CASE_H

#include <stddef.h>
#include "result.h"

/* The largest sum over blocks of WEIGHT[b] x_b that one run (one call in function
 * mode) can reach, where x_b is how often block b runs: the maximum of a linear
 * program whose constraints every run satisfies, so the maximum bounds every run.
 *
 *   x_b <= max_runs(b)                       (each block's proven bound per run)
 *   sum of b's outgoing edges y_e <= x_b     (a run leaves a block at most as often
 *                                            as it enters it; exit() leaves none)
 *   x_b <= sum of b's incoming edges         (and for a function's first block, plus
 *                                            its entries: at most its proven bound)
 *
 * Every inequality is one way only, so calls through pointers, exits and longjmp
 * only loosen it; a function's entries are bounded by its first block's proof alone
 * (an address-taken function has callers the result does not name; the run's entry
 * is proven once a run unless it recurses). A block with no proven bound, or one that holds only in a
 * tail of the inputs' laws, makes the maximum infinite: no number is given. GLPK
 * solves it, first relaxed (a valid upper bound), then in integers within a time
 * limit (the exact maximum of the constraints when it finishes). */
typedef struct worst_case {
    int bounded;    /* every block has a proven bound: BOUND holds */
    double bound;   /* the most weighted executions per run; NAN when not bounded */
    double relaxed; /* the linear relaxation's maximum (>= bound) */
    int exact;      /* 1: the integer program was solved; 0: BOUND is the relaxation's, floored */
    size_t *open;   /* the blocks without a bound (indices into r->blocks) */
    size_t nopen;
    double *charge; /* [r->nblocks] WEIGHT[b] x_b at the maximum (all 0 when not bounded) */
    int capped;     /* some bound rests on a spec's cap: the maximum assumes the caps */
} worst_case;

/* Solves it for R with WEIGHT[r->nblocks] (NULL: 1 each, block executions).
 * Returns 0, or -1 with a message in ERR (no memory, or the solver failed). */
int worst_case_solve(const result *r, const double *weight, worst_case *out, char *err, size_t errlen);
void worst_case_free(worst_case *w);

/* worst_case_text.c: `report --format worst-case`: the maximum, how it was found, and
 * the blocks it charges most; or which blocks have no bound. */
int report_worst_case_write(const result *r, const result_export *opt, FILE *out, char *err, size_t errlen);

#endif
