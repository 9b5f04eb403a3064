/* tests/e2e/worst_case-t.c: `report --format worst-case` against a brute-force maximum over every input. */
/* SPDX-License-Identifier: MIT */
#include "e2e.h"

/* The blocks tick() runs for one input, counted as its control flow does: the loop's
 * test n + 1 times; its body, one arm of the branch, the join and the step n times
 * each; the entry, the loop's exit, the last test's join once, its arm when mode > 2. */
static int blocks_run(int n, int mode) {
    return 1 + (n + 1) + n + n + n + n + 1 + (mode > 2) + 1;
}

int main(void) {
    plan(7);
    char err[4096];
    static char out[65536];
    int rc =
        e2e_runf(err, sizeof err, "run tests/e2e/programs/worst_case.fspec -q -o '%s'", tmp_path("w.json"));
    result *r = e2e_result(tmp_path("w.json"), err, sizeof err);
    if (rc != 0 || !r) bail("the run failed (exit %d): %s", rc, err);

    int most = 0; /* every input of the spec: n in 0..7, mode in 0..3 */
    for (int n = 0; n <= 7; n++)
        for (int mode = 0; mode <= 3; mode++)
            if (blocks_run(n, mode) > most) most = blocks_run(n, mode);
    double sum = 0;
    for (size_t b = 0; b < r->nblocks; b++)
        sum += isfinite(r->blocks[b].max_runs) ? r->blocks[b].max_runs : 0;

    char args[2048];
    snprintf(args, sizeof args, "report '%s' --format worst-case", tmp_path("w.json"));
    rc = e2e_stdout(args, out, sizeof out);
    double bound = NAN;
    const char *at = strstr(out, "at most ");
    if (at) bound = atof(at + 8);
    is_int(rc, 0, "report --format worst-case: exit 0");
    ok(bound >= most, "the bound %g holds every input's run (the most, over all 32 inputs, %d)", bound, most);
    ok(bound == most, "...and is that most: the flow's integer program is tight here");
    ok(bound < sum, "...below the blocks' proven bounds added up (%g): the branch's arms share the trips",
       sum);
    ok(strstr(out, "integer program") != NULL, "...and says it solved the integer program");
    /* without its graph every block past a function's first would look unreachable */
    for (size_t b = 0; b < r->nblocks; b++) r->blocks[b].nsuccessors = 0;
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    int wrote = mem ? result_write_export(r, "worst-case", NULL, mem, err, sizeof err) : 0;
    if (mem) fclose(mem);
    free(text);
    ok(wrote != 0 && strstr(err, "no control-flow graph"),
       "a result with no graph is refused, not bounded low");
    result_free(r);

    e2e_runf(err, sizeof err, "run tests/e2e/programs/worst_spin.fspec -q -o '%s'", tmp_path("s.json"));
    snprintf(args, sizeof args, "report '%s' --format worst-case", tmp_path("s.json"));
    e2e_stdout(args, out, sizeof out);
    ok(strstr(out, "no worst case") && strstr(out, "spin while.cond (worst_case.c:17)") &&
           !strstr(out, "at most"),
       "a walk nothing bounds: no number, and the loop that has no bound named");
    return done();
}
