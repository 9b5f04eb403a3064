/* tests/e2e/layouts-t.c: a matrix parameter, an array of structs, an array field and a permutation, against
 * exact means. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "e2e.h"

#define EPSILON 0.05 /* layouts.fspec's: every converged mean claims to be this close */

/* Checks one block of R on LINE against its exact mean. */
static void expect(const result *r, const char *function, int line, const char *label, double truth,
                   const char *what) {
    const result_block *b = e2e_block_at(r, function, line, label);
    ok(b && !strcmp(b->status, "converged") && fabs(b->mean - truth) <= EPSILON,
       "%s: %.4f within %.2f of %.4f (%s)", what, b ? b->mean : NAN, EPSILON, truth,
       b ? b->status : "missing");
}

/* Runs check on layouts.c with the spec lines BODY; returns its exit status. */
static int check_with(const char *body, char *err, size_t errlen) {
    char text[4096];
    snprintf(text, sizeof text,
             "program \"%s/tests/e2e/programs/layouts.c\"\nfunction \"shapes\"\n%s\nepsilon 0.3\n"
             "confidence 0.95\n",
             FREQSYS_SOURCE_DIR, body);
    return e2e_check_spec(text, err, errlen);
}

static const char *const valid_args =
    "arg rows ~ uniform_int(1, 4)\narg m ~ array(rows, uniform_int(-3, 6))\narg n ~ uniform_int(1, 4)\n"
    "arg norder ~ constant(6)\narg order ~ permutation(norder)\n";

int main(void) {
    plan(17);
    char err[4096];
    /* plain sampling: the checks below ask each block to converge by its spread, which
     * a replicate method the default may pick can cancel into a constant total */
    int code = e2e_run("run tests/e2e/programs/layouts.fspec --sampling plain -q -o \"$TMPDIR/layouts.json\"",
                       err, sizeof err);
    if (!is_int(code, 0, "every shape is drawn and every block settles")) diag("%s", err);
    result *r = e2e_result(tmp_path("layouts.json"), err, sizeof err);
    if (!ok(r != NULL, "the result reads back")) bail("%s", err);

    /* int m[][5] with rows ~ uniform_int(1, 4): E[rows] = 2.5, so 12.5 elements, each
     * from uniform_int(-3, 6), negative with probability 3/10. */
    expect(r, "negatives", 11, "for.body", 12.5, "matrix: every element of every row is visited");
    expect(r, "negatives", 12, "if.then", 3.75, "matrix: negatives among rows x 5 elements");
    /* n ~ uniform_int(1, 4) structs; weight > 7 with probability 2/10, each of 3 tags
     * is 1 with probability 1/4. */
    expect(r, "heavy", 20, "if.then", 0.5, "array of structs: a number field of each struct");
    expect(r, "heavy", 23, "if.then", 1.875, "array of structs: every element of an array field of each");
    /* One struct; its 8 taps each > 2 with probability 7/10; ntaps, undeclared, stays 0. */
    expect(r, "taps_above", 32, "if.then", 5.6, "struct with an array field: each element drawn");
    /* A uniform permutation of 6 has 1 fixed point and (6 - 1) / 2 ascents on average. */
    expect(r, "order_stats", 45, "if.then", 1.0, "permutation: one fixed point on average");
    expect(r, "order_stats", 47, "if.then", 2.5, "permutation: (n - 1) / 2 ascents on average");
    const result_block *bad = e2e_block_at(r, "order_stats", 42, "if.then");
    ok(bad && bad->mean == 0 && bad->max_runs == 1, "permutation: every trial holds each of 0 .. n-1 once");

    /* The same program as IR without value names: parameters are found by the names
     * the debug information gives them, and the draws are the same. */
    char cmd[4096];
    snprintf(
        cmd, sizeof cmd,
        "clang-19 -O0 -g -S -emit-llvm -Xclang -disable-O0-optnone -fdiscard-value-names "
        "'%s/tests/e2e/programs/layouts.c' -o '%s/unnamed.ll' && sed 's#^program .*#program \"unnamed.ll\"#' "
        "'%s/tests/e2e/programs/layouts.fspec' > '%s/unnamed.fspec'",
        FREQSYS_SOURCE_DIR, tmp_dir(), FREQSYS_SOURCE_DIR, tmp_dir());
    if (system(cmd) != 0) bail("cannot make %s/unnamed.ll", tmp_dir());
    code = e2e_run("run \"$TMPDIR/unnamed.fspec\" --sampling plain -q -o \"$TMPDIR/unnamed.json\"", err,
                   sizeof err);
    if (!is_int(code, 0, "IR without value names: parameters by their source names")) diag("%s", err);
    result *u = e2e_result(tmp_path("unnamed.json"), err, sizeof err);
    const result_block *named = e2e_block_at(r, "taps_above", 32, "if.then");
    const result_block *bare = e2e_block_at(u, "taps_above", 32, "bb");
    ok(named && bare && bare->mean == named->mean, "...with the same draws: %.6f and %.6f",
       named ? named->mean : NAN, bare ? bare->mean : NAN);
    result_free(u);
    result_free(r);

    char spec[2048];
    snprintf(spec, sizeof spec, "%sarg items ~ array(n, uniform_int(0, 9))\narg f.taps ~ uniform_int(0, 9)",
             valid_args);
    code = check_with(spec, err, sizeof err);
    ok(code == 2 && strstr(err, "bad.fspec:8:") && strstr(err, "arg p ~ array(LEN)"),
       "array(LEN, D) for structs: an error that says how to declare them");
    snprintf(spec, sizeof spec, "%sarg items ~ array(n)\narg f.taps ~ uniform_int(0, 9)", valid_args);
    code = check_with(spec, err, sizeof err);
    ok(code == 2 && strstr(err, "bad.fspec:8:") && strstr(err, "declare the fields"),
       "array(LEN) of structs without fields: an error");
    snprintf(spec, sizeof spec,
             "%sarg items.weight ~ uniform_int(0, 9)\narg f ~ null\narg f.taps ~ uniform_int(0, 9)",
             valid_args);
    code = check_with(spec, err, sizeof err);
    ok(code == 2 && strstr(err, "bad.fspec:9:") && strstr(err, "has its fields declared"),
       "a null pointer with drawn fields: an error");
    code = check_with(
        "arg rows ~ uniform_int(1, 4)\narg m ~ array(rows, uniform_int(-3, 6))\n"
        "arg n ~ uniform_int(1, 4)\narg items.weight ~ uniform_int(0, 9)\narg f.taps ~ uniform_int(0, 9)\n"
        "arg norder ~ constant(300)\narg order ~ permutation(300)",
        err, sizeof err);
    ok(code == 2 && strstr(err, "bad.fspec:9:") && strstr(err, "permutation(300) holds values up to 299"),
       "a permutation longer than its element type can count: an error at its length");
    code = check_with("arg rows ~ uniform_int(1, 4)\narg m ~ permutation(4)\narg n ~ uniform_int(1, 4)\n"
                      "arg items.weight ~ uniform_int(0, 9)\narg f.taps ~ uniform_int(0, 9)\n"
                      "arg norder ~ constant(6)\narg order ~ permutation(norder)",
                      err, sizeof err);
    ok(code == 2 && strstr(err, "bad.fspec:4:") && strstr(err, "int (*)[5]"),
       "a permutation of rows: an error that spells the matrix type");
    return done();
}
