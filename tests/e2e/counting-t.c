/* tests/e2e/counting-t.c: the worker's two ways of counting (per block, per function pattern) give the same
 * result. */
/* SPDX-License-Identifier: MIT */
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* Runs freqsys ARGS with FREQSYS_COUNTING set to MODE (NULL: the worker chooses). */
static int run_counting(const char *mode, const char *args) {
    char err[4096];
    if (mode)
        setenv("FREQSYS_COUNTING", mode, 1);
    else
        unsetenv("FREQSYS_COUNTING");
    int rc = e2e_run(args, err, sizeof err);
    if (rc > 1) diag("freqsys %s: %s", args, err);
    unsetenv("FREQSYS_COUNTING");
    return rc;
}

int main(void) {
    plan(9);
    const char *dir = tmp_dir();
    char cmd[4096], args[4096];
    /* 150 ten-block functions, one run per trial: 1,504 counters, counted per block
     * by default, and per function pattern when forced */
    snprintf(cmd, sizeof cmd, "'%s/bench/gen_blocks.sh' 150 '%s' >/dev/null", FREQSYS_SOURCE_DIR, dir);
    if (system(cmd) != 0) bail("bench/gen_blocks.sh failed");

    snprintf(args, sizeof args,
             "run '%s/blocks.fspec' --sampling plain -q -j 2 -e 1e-9 -n 200000 -o '%s/default.json'", dir,
             dir);
    is_int(run_counting(NULL, args), 1, "1,504 blocks, 200,000 trials: the budget ends the run");
    snprintf(args, sizeof args,
             "run '%s/blocks.fspec' --sampling plain -q -j 2 -e 1e-9 -n 200000 -o '%s/patterns2.json'", dir,
             dir);
    is_int(run_counting("patterns", args), 1, "...counted per pattern, two workers");
    snprintf(args, sizeof args,
             "run '%s/blocks.fspec' --sampling plain -q -j 1 -e 1e-9 -n 200000 -o '%s/patterns.json'", dir,
             dir);
    is_int(run_counting("patterns", args), 1, "...counted per pattern, one worker");
    char a[2048], b[2048], c[2048];
    snprintf(a, sizeof a, "%s/default.json", dir);
    snprintf(b, sizeof b, "%s/patterns2.json", dir);
    snprintf(c, sizeof c, "%s/patterns.json", dir);
    ok(e2e_same_json(a, b), "per-block counting (the default) and per-pattern counting give the same JSON");
    ok(e2e_same_json(a, c), "...and so does one worker counting per-function patterns");
    result *r = e2e_result(a, NULL, 0);
    ok(r && r->trials == 200000 && r->nblocks == 1504, "the result has all 1,504 blocks and 200,000 trials");
    result_free(r);

    /* crashes, aborts and timeouts count their trials the same way in both (the run
     * ends unsettled: its endless loop is unbounded) */
    is_int(run_counting("patterns", "run tests/e2e/programs/misbehave.fspec --sampling plain -q -j 2 -o "
                                    "\"$TMPDIR/counting-m1.json\""),
           1, "a misbehaving program, counted per pattern");
    is_int(run_counting(NULL, "run tests/e2e/programs/misbehave.fspec --sampling plain -q -j 2 -o "
                              "\"$TMPDIR/counting-m2.json\""),
           1, "...and per block (its default)");
    ok(e2e_same_json(tmp_path("counting-m1.json"), tmp_path("counting-m2.json")),
       "...give the same JSON, failures included");

    unlink(tmp_path("counting-m1.json"));
    unlink(tmp_path("counting-m2.json"));
    return done();
}
