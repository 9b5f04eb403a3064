/* freqsys/report/result_estimate.c: freeing the estimate that blocks, paths and context blocks share. */
/* SPDX-License-Identifier: MIT */
#include "result.h"

#include <stdlib.h>

void result_estimate_free(result_estimate *e) {
    free(e->status);
    free(e->method);
    free(e->basis);
    e->status = e->method = e->basis = NULL;
}
