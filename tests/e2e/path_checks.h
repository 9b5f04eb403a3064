/* tests/e2e/path_checks.h: checks of a result's paths that the path tests share: a mean against its truth,
 * blocks as sums of paths. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_TEST_PATH_CHECKS_H
#define FREQSYS_TEST_PATH_CHECKS_H

#include <math.h>
#include <string.h>
#include "e2e.h"

/* Whether P's interval holds TRUTH; says which path and by how much when not. An
 * enumerated mean is exact (half width 0) up to the rounding of its weighted sum. */
__attribute__((unused)) static int path_within(const result_path *p, double truth) {
    int in = fabs(p->mean - truth) <= p->half_width + 1e-12 * fmax(1, fabs(truth));
    if (!in)
        diag("%s #%llu: mean %.6f ± %.6f, truth %.6f", p->function, (unsigned long long)p->id, p->mean,
             p->half_width, truth);
    return in;
}

__attribute__((unused)) static int path_starts_with(const char *s, const char *prefix) {
    return !strncmp(s, prefix, strlen(prefix));
}

/* Per trial, a block of FUNCTION runs once for each path through it that ran: its
 * mean must equal the sum of those paths' means (to rounding). */
__attribute__((unused)) static int path_blocks_add_up(const result *r, const char *function) {
    int all = 1;
    for (size_t i = 0; i < r->nblocks; i++) {
        const result_block *b = &r->blocks[i];
        if (strcmp(b->function, function)) continue;
        double sum = 0;
        for (size_t j = 0; j < r->npaths; j++) {
            const result_path *p = &r->paths[j];
            for (size_t k = 0; !strcmp(p->function, function) && k < p->nblocks; k++)
                sum += !strcmp(p->blocks[k], b->block) ? p->mean : 0;
        }
        if (fabs(sum - b->mean) > 1e-9) {
            diag("%s %s: block mean %.12f, its paths' %.12f", function, b->block, b->mean, sum);
            all = 0;
        }
    }
    return all;
}

#endif
