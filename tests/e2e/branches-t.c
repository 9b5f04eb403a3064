/* tests/e2e/branches-t.c: examples/branches estimates lie within epsilon of their closed forms. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

typedef struct truth {
    const char *label;
    double value;
} truth;

/* x ~ uniform(0, 1), n ~ poisson(4.2), face ~ uniform_int(1, 6) */
static const truth truths[] = {
    {"entry", 1},       {"if.then", 0.3},    {"if.else", 0.7},        {"if.end", 1},
    {"for.cond", 5.2},  {"for.body", 4.2},   {"for.inc", 4.2},        {"for.end", 1},
    {"sw.bb", 1.0 / 6}, {"sw.bb6", 2.0 / 6}, {"sw.default", 3.0 / 6}, {"sw.epilog", 1},
    {"if.then9", 0},    {"if.end10", 1},
};
#define NTRUTHS (sizeof truths / sizeof truths[0])

/* Checks every block against its truth; RELATIVE: epsilon is a share of the truth.
 * In relative mode the never-reached block cannot be settled (2% of a mean that may
 * be 0 asks for the block to be reached): the run exits 1 with it open. */
static void check(const char *args, const char *out, double epsilon, int relative) {
    char err[4096];
    int code = e2e_run(args, err, sizeof err);
    if (!is_int(code, relative, "%s exits %d", args, relative)) diag("%s", err);
    result *r = e2e_result(out, err, sizeof err);
    if (!ok(r != NULL, "...and writes its result")) bail("%s", err);
    is_int((long long)r->nblocks, (long long)NTRUTHS, "...with every block of main");
    for (size_t i = 0; i < NTRUTHS; i++) {
        const result_block *b = e2e_block(r, "main", truths[i].label);
        double eps = relative ? epsilon * truths[i].value : epsilon;
        if (b && !strcmp(b->status, "rare")) {
            /* never reached: the truth must lie under the exact binomial bound */
            ok(truths[i].value <= b->p_upper * (double)(b->max ? b->max : 1) && b->hits == 0,
               "main/%s is rare and its bound %g covers the truth %g", truths[i].label, b->p_upper,
               truths[i].value);
            continue;
        }
        if (b && !strcmp(b->status, "not_converged")) {
            ok(relative && truths[i].value == 0 && b->hits == 0 && b->basis && !strcmp(b->basis, "none"),
               "main/%s stays open, with no bound claimed: relative precision of a block never reached",
               truths[i].label);
            continue;
        }
        ok(b && fabs(b->mean - truths[i].value) <= eps, "main/%s: %.5f within %.4f of %.5f", truths[i].label,
           b ? b->mean : NAN, eps, truths[i].value);
    }
    result_free(r);
    unlink(out);
}

int main(void) {
    plan((int)(3 * (3 + NTRUTHS)));
    check("run examples/branches/branches.fspec -q -o \"$TMPDIR/branches-abs.json\"",
          tmp_path("branches-abs.json"), 0.05, 0);
    check("run examples/branches/branches.fspec -q -e 2% -s 11 -o \"$TMPDIR/branches-rel.json\"",
          tmp_path("branches-rel.json"), 0.02, 1);
    /* the founding paper's rule, as DESIGN.md states it, stays available */
    check("run examples/branches/branches.fspec -q --method paper -s 5 -o \"$TMPDIR/branches-paper.json\"",
          tmp_path("branches-paper.json"), 0.05, 0);
    return done();
}
