/* tests/report/report_gcov-t.c: the gcov export line by line against gcov's own file for the same program. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "tools.h"

/* Reads a .gcov file into COUNT[line] ("-": -1, "#####": 0, else the count) for
 * lines 1..MAX; returns the largest line seen. */
static int read_gcov(const char *path, long long *count, int max) {
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    char buf[1024];
    int last = 0;
    while (fgets(buf, sizeof buf, f)) {
        char field[32];
        int line;
        if (sscanf(buf, " %31[^:]:%d:", field, &line) != 2 || line <= 0 || line > max) continue;
        count[line] = !strcmp(field, "-") ? -1 : !strcmp(field, "#####") ? 0 : atoll(field);
        if (line > last) last = line;
    }
    fclose(f);
    return last;
}

int main(void) {
    tools_need(GCC_PROGRAM, "gcc", "gcc");
    tools_need(GCOV_PROGRAM, "gcov", "gcc");
    plan(6);
    tools_tmpdir();

    /* counts.c runs the same way every time: one run's counts are exact. */
    result *r = tools_result("tests/e2e/programs/counts.fspec", "counts.json");
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s/ours' '%s/gcc' && '%s' report '%s' --format gcov -o '%s/ours'",
             tools_dir, tools_dir, TOOLS_FREQSYS, tools_path("counts.json"), tools_dir);
    is_int(tools_sh(cmd, NULL, NULL), 0, "report --format gcov -o DIR writes one file per source");
    /* The oracle: gcc's coverage build of the same source, run once on the same input. */
    snprintf(cmd, sizeof cmd,
             "cd '%s/gcc' && cp '%s/tests/e2e/programs/counts.c' . && '%s' --coverage -O0 counts.c "
             "-o counts && echo '10 4' | ./counts; '%s' counts.c",
             tools_dir, FREQSYS_SOURCE_DIR, GCC_PROGRAM, GCOV_PROGRAM);
    tools_sh(cmd, NULL, NULL);
    long long ours[128], theirs[128];
    for (int i = 0; i < 128; i++) ours[i] = theirs[i] = -2;
    char a[4096], b[4096];
    snprintf(a, sizeof a, "%s/ours/counts.c.gcov", tools_dir);
    snprintf(b, sizeof b, "%s/gcc/counts.c.gcov", tools_dir);
    int n = read_gcov(a, ours, 127), m = read_gcov(b, theirs, 127);
    ok(n > 30 && m > 30, "both files annotate the whole source (%d and %d lines)", n, m);
    int common = 0, differ = 0;
    for (int line = 1; line < 128; line++) {
        if (ours[line] < 0 || theirs[line] < 0)
            continue; /* which lines count as code differs a little between the two */
        common++;
        if (ours[line] != theirs[line]) {
            differ++;
            diag("line %d: freqsys %lld, gcov %lld", line, ours[line], theirs[line]);
        }
    }
    ok(common >= 18 && differ == 0, "every line both count shows gcov's own count (%d lines, %d differ)",
       common, differ);
    ok(ours[31] == 0 && theirs[31] == 0, "the line that never runs is ##### in both");

    /* A sampled result: the counts are totals over its runs. */
    result *br = tools_result("examples/branches/branches.fspec", "branches.json");
    char *out = NULL;
    snprintf(cmd, sizeof cmd, "'%s' report '%s' --format gcov", TOOLS_FREQSYS, tools_path("branches.json"));
    tools_sh(cmd, &out, NULL);
    char want[64];
    snprintf(want, sizeof want, ":    0:Runs:%llu\n", (unsigned long long)br->runs);
    ok(out && strstr(out, ":    0:Source:") == out + 9 && strstr(out, want),
       "to standard output: Source, then %s", want + 6);
    const result_block *body = &br->blocks[5];
    char line[64];
    snprintf(line, sizeof line, "%9llu:%5d:", tools_scaled(body->mean, (double)br->runs), body->line);
    ok(out && strstr(out, line), "line %d shows mean x runs: '%s'", body->line, line);
    free(out);
    result_free(br);
    result_free(r);
    tools_cleanup();
    return done();
}
