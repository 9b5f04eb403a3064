/* tests/e2e/args-t.c: pointer arguments in function mode: null, and a length passed by pointer. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

int main(void) {
    plan(11);
    char err[4096];
    int code =
        e2e_run("run tests/e2e/programs/nullarg.fspec -q -o \"$TMPDIR/nullarg.json\"", err, sizeof err);
    if (!is_int(code, 0, "arg out ~ null: the function runs and settles")) diag("%s", err);
    result *r = e2e_result(tmp_path("nullarg.json"), err, sizeof err);
    if (!ok(r != NULL, "...and its result reads back")) bail("%s", err);
    const result_block *stored = e2e_block_at(r, NULL, 12, "if.then");
    ok(stored && stored->hits == 0 && r->crashes == 0,
       "the store through out never runs, and nothing crashes");
    const result_block *caps = e2e_block_at(r, NULL, 10, "if.then");
    /* E[length] = 5 characters, each 'B' with probability 1/2 */
    ok(caps && fabs(caps->mean - 2.5) <= 0.1, "capitals counted: %.4f within 0.1 of 2.5",
       caps ? caps->mean : NAN);
    result_free(r);
    code = e2e_run("check tests/e2e/programs/nullarg.fspec", err, sizeof err);
    is_int(code, 0, "check accepts null for a pointer parameter");

    /* ref(length(s)): the callee reads the string's length through a pointer, then
     * writes its own count there; each call must get the length afresh */
    code =
        e2e_run("run tests/e2e/programs/length_ref.fspec -q -o \"$TMPDIR/length_ref.json\"", err, sizeof err);
    if (!is_int(code, 0, "arg len ~ ref(length(s)): the function runs and settles")) diag("%s", err);
    r = e2e_result(tmp_path("length_ref.json"), err, sizeof err);
    if (!ok(r != NULL, "...and its result reads back")) bail("%s", err);
    const result_block *wrong = e2e_block_at(r, NULL, 10, "if.then");
    ok(wrong && wrong->hits == 0, "the length passed is the string's in every call (the NUL is at s[*len])");
    const result_block *as = e2e_block_at(r, NULL, 8, "if.then");
    /* per call, E[length] = 4 characters, each 'a' with probability 1/2 */
    ok(as && fabs(as->mean - 2.0) <= 0.05, "the loop reads the whole length each call: %.4f within 0.05 of 2",
       as ? as->mean : NAN);
    result_free(r);
    char out[8192];
    code = e2e_stdout("check tests/e2e/programs/length_ref.fspec", out, sizeof out);
    ok(code == 0 && strstr(out, "arg len ~ ref(length(s))") != NULL,
       "check shows the declaration as written");
    /* a length is an integer: a pointer to a double cannot take one */
    snprintf(out, sizeof out, "%s/scaled.c", tmp_dir());
    FILE *c = fopen(out, "w");
    if (!c) bail("cannot write %s", out);
    fputs("double scaled(const char *s, double *len) { return s[0] * *len; }\n", c);
    fclose(c);
    code = e2e_check_spec("program \"scaled.c\"\nfunction \"scaled\"\nepsilon 0.1\n"
                          "arg s ~ string(uniform_int(0, 4), \"ab\")\narg len ~ ref(length(s))\n",
                          err, sizeof err);
    ok(code != 0 &&
           strstr(err, "bad.fspec:5:11: error: 'len' is double *: ref(length(s)) needs a pointer to an "
                       "integer type"),
       "ref(length(s)) for a pointer to a double is an error at the shape");
    if (code == 0 || !strstr(err, "bad.fspec:5:11")) diag("%s", err);
    return done();
}
