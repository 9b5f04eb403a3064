/* freqsys/plan/standing.c: stationary distribution of the call-transition matrix with GSL's eigensolver. */
/* SPDX-License-Identifier: MIT */
#include "standing.h"

#include <gsl/gsl_eigen.h>
#include <gsl/gsl_matrix.h>
#include <math.h>
#include <stdlib.h>

#define SMOOTHING 1e-9 /* "almost zero" for pairs that never call each other */

int standing_probability(size_t n, const double *calls, double *pi) {
    if (n == 0) return 0;
    if (n == 1) {
        pi[0] = 1;
        return 0;
    }
    gsl_matrix *pt = gsl_matrix_alloc(n, n); /* the transposed transition matrix */
    gsl_vector_complex *eval = gsl_vector_complex_alloc(n);
    gsl_matrix_complex *evec = gsl_matrix_complex_alloc(n, n);
    gsl_eigen_nonsymmv_workspace *ws = gsl_eigen_nonsymmv_alloc(n);
    int rc = -1;
    if (!pt || !eval || !evec || !ws) goto done;
    for (size_t i = 0; i < n; i++) {
        double row = 0;
        for (size_t j = 0; j < n; j++) row += calls[i * n + j] + calls[j * n + i] + SMOOTHING;
        for (size_t j = 0; j < n; j++)
            gsl_matrix_set(pt, j, i, (calls[i * n + j] + calls[j * n + i] + SMOOTHING) / row);
    }
    if (gsl_eigen_nonsymmv(pt, eval, evec, ws) != 0) goto done;
    /* the eigenvalue closest to 1 (a stochastic matrix's largest) */
    size_t k = 0;
    double gap = INFINITY;
    for (size_t i = 0; i < n; i++) {
        gsl_complex z = gsl_vector_complex_get(eval, i);
        double d = hypot(GSL_REAL(z) - 1, GSL_IMAG(z));
        if (d < gap) {
            gap = d;
            k = i;
        }
    }
    double sum = 0;
    for (size_t i = 0; i < n; i++) sum += GSL_REAL(gsl_matrix_complex_get(evec, i, k));
    if (sum == 0) goto done;
    for (size_t i = 0; i < n; i++) pi[i] = fabs(GSL_REAL(gsl_matrix_complex_get(evec, i, k)) / sum);
    rc = 0;
done:
    if (ws) gsl_eigen_nonsymmv_free(ws);
    if (evec) gsl_matrix_complex_free(evec);
    if (eval) gsl_vector_complex_free(eval);
    if (pt) gsl_matrix_free(pt);
    return rc;
}
