/* tests/e2e/arrays-t.c: global arrays drawn whole or as a permutation, single elements pinned, and their
 * errors. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include "e2e.h"

/* Runs check on insertsort.c with the array line LINE; returns its exit status. */
static int check_with(const char *line, char *err, size_t errlen) {
    char text[4096];
    snprintf(text, sizeof text,
             "program \"%s/tests/e2e/programs/insertsort.c\"\n%s\nepsilon 0.3\nconfidence 0.95\n",
             FREQSYS_SOURCE_DIR, line);
    return e2e_check_spec(text, err, errlen);
}

int main(void) {
    plan(12);
    char err[4096];
    int code =
        e2e_run("run tests/e2e/programs/insertsort.fspec -q -o \"$TMPDIR/sort.json\"", err, sizeof err);
    if (!is_int(code, 0, "insertion sort over a drawn global array runs and settles")) diag("%s", err);
    result *r = e2e_result(tmp_path("sort.json"), err, sizeof err);
    if (!ok(r != NULL, "...and its result reads back")) bail("%s", err);
    /* Each of the 45 pairs of a[1..10] is an inversion with probability (1 - 1e-6) / 2. */
    double truth = 45 * (1 - 1e-6) / 2;
    const result_block *moves =
        e2e_block_at(r, NULL, 9, "while.body"); /* its first line; moves++ is counted with it */
    ok(moves && fabs(moves->mean - truth) <= 0.3, "inversions: %.4f within 0.3 of %.4f",
       moves ? moves->mean : NAN, truth);
    ok(r->crashes == 0, "the pinned sentinel a[0] = 0 keeps every trial inside the array");
    result_free(r);

    /* permutation(8) into a global: each order of 0 .. 7 equally likely, so 1 fixed
     * point and (8 - 1) / 2 descents per run on average, and never a repeated value. */
    code = e2e_run("run tests/e2e/programs/shuffled.fspec -q -o \"$TMPDIR/shuffled.json\"", err, sizeof err);
    r = code == 0 ? e2e_result(tmp_path("shuffled.json"), err, sizeof err) : NULL;
    if (!ok(r != NULL, "a global permutation runs and settles")) diag("%s", err);
    const result_block *fixed = e2e_block_at(r, NULL, 11, "if.then"),
                       *descents = e2e_block_at(r, NULL, 13, "if.then");
    const result_block *broken = e2e_block_at(r, NULL, 8, "if.then");
    ok(fixed && descents && fabs(fixed->mean - 1.0) <= 0.05 && fabs(descents->mean - 3.5) <= 0.05,
       "fixed points %.4f and descents %.4f within 0.05 of 1 and 3.5", fixed ? fixed->mean : NAN,
       descents ? descents->mean : NAN);
    ok(broken && broken->mean == 0, "every drawn order holds each of 0 .. 7 once");
    result_free(r);

    /* A 3 x 4 matrix drawn whole: m[i][j] > j with probability (3 - j) / 4 for
     * uniform_int(0, 3), so 3 * (3 + 2 + 1 + 0) / 4 = 4.5 per run. */
    code = e2e_run("run tests/e2e/programs/matrix.fspec -q -o \"$TMPDIR/matrix.json\"", err, sizeof err);
    r = code == 0 ? e2e_result(tmp_path("matrix.json"), err, sizeof err) : NULL;
    const result_block *above = e2e_block_at(r, NULL, 9, "if.then");
    if (!ok(above && fabs(above->mean - 4.5) <= 0.05, "a global matrix drawn whole: %.4f within 0.05 of 4.5",
            above ? above->mean : NAN))
        diag("%s", err);
    result_free(r);
    char text[4096];
    snprintf(text, sizeof text,
             "program \"%s/tests/e2e/programs/matrix.c\"\nglobal m[2] ~ constant(1)\nepsilon 0.3\n"
             "confidence 0.95\n",
             FREQSYS_SOURCE_DIR);
    code = e2e_check_spec(text, err, sizeof err);
    ok(code == 2 && strstr(err, "bad.fspec:2:8:") && strstr(err, "has rows"),
       "pinning one element of a matrix: an error");

    code = check_with("global a ~ array(12, uniform_int(0, 9))", err, sizeof err);
    ok(code == 2 && strstr(err, "bad.fspec:2:") && strstr(err, "has 11 elements"),
       "array(12, ...) for an array of 11: a spec error at its line");
    code = check_with("global a[11] ~ constant(0)", err, sizeof err);
    ok(code == 2 && strstr(err, "index 11 is past its end"), "an element past the end: a spec error");
    code = check_with("global a[0] ~ constant(0)\nglobal a[0] ~ constant(1)", err, sizeof err);
    ok(code == 2 && strstr(err, "'a[0]' is already declared on line 2"),
       "the same element twice: a spec error");
    return done();
}
