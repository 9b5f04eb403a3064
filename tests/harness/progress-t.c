/* tests/harness/progress-t.c: the progress line's ETA: a countdown only where trials can settle the run. */
/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>
#include "progress.h"
#include "tap.h"

/* The log form of the progress line for VERDICTS over two blocks. */
static char *line_held(block_verdict *verdicts, uint64_t max_trials, const char *held) {
    static fsabi_block blocks[2] = {
        {.function = "main", .label = "entry"},
        {.function = "main", .label = "for.body", .file = "src/loop.c", .line = 9}};
    static fsabi_module mod = {.nblocks = 2, .blocks = blocks};
    progress_view v = {&mod, verdicts, 1000, max_trials, 1.0, 2, NULL, held}; /* 1,000 trials a second */
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out) return NULL;
    progress_print(out, &v, 0);
    fclose(out);
    return text;
}

static char *line_of(block_verdict *verdicts, uint64_t max_trials) {
    return line_held(verdicts, max_trials, NULL);
}

int main(void) {
    plan(7);
    block_verdict v[2] = {{.status = BLOCK_CONVERGED}, {.status = BLOCK_NOT_CONVERGED, .n_needed = 3000}};
    char *line = line_of(v, 10000000);
    ok(line && strstr(line, "blocks 1/2 settled, ETA 2s (main for.body at loop.c:9)\n"),
       "2,000 trials more at 1,000 a second: ETA 2s, and the block that sets it (%s)", line);
    free(line);

    v[1].n_needed = 1e6;
    line = line_of(v, 10000000);
    ok(line && strstr(line, "ETA 999s (main for.body at loop.c:9)\n"),
       "a long wait names the block that holds the run");
    free(line);

    line = line_of(v, 5000);
    ok(line && strstr(line, "ETA >= 4s (main for.body at loop.c:9, past the budget)\n"),
       "past the budget: the time to the budget's end, and why it will not settle by then");
    free(line);

    v[1].stuck = 1;
    line = line_of(v, 10000000);
    ok(line && strstr(line, "ETA none: main for.body at loop.c:9 needs a bound\n"),
       "a block only a bound settles: no countdown");
    free(line);

    v[1].stuck = 0;
    v[1].unbounded = 3;
    line = line_of(v, 10000000);
    ok(line && strstr(line, "ETA none: main for.body at loop.c:9 needs a bound\n"),
       "nor for one that ran without end");
    free(line);

    /* every mean settled, a quantile open: no ETA of 0, but the block whose quantile holds */
    v[1] = (block_verdict){.status = BLOCK_CONVERGED};
    line = line_held(v, 10000000, "main for.body");
    ok(line && strstr(line, "blocks 2/2 settled, ETA none: main for.body's quantile is open\n"),
       "every block settled, a quantile open: the line names it");
    free(line);
    v[0].status = BLOCK_NOT_CONVERGED;
    v[0].n_needed = 3000;
    line = line_held(v, 10000000, "main for.body");
    ok(line && strstr(line, "ETA 2s (main entry)\n"), "an open mean still gives the countdown");
    free(line);
    return done();
}
