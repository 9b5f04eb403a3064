/* tests/report/report_sample_flow-t.c: the sample profile's pre-inlined mark makes clang infer a loop's
 * one-branch returns by flow, to the counts of an independent count. */
/* SPDX-License-Identifier: MIT */
#include "tools.h"

#define SPEC   "tests/e2e/programs/early_returns.fspec"
#define SOURCE "tests/e2e/programs/early_returns.c"
#define MARK   " !Attributes: 2\n"

/* The fixture's matcher again, counting what its blocks at `if (!hit)` and `return 0`
 * run: the oracle the result and clang's weights are checked against. */
static long tests, zeros;

static int match_here(const char *re, const char *s) {
    for (;;) {
        if (!*re) return 1;
        int hit = *s && (*re == '.' || *re == *s);
        if (re[1] == '?') {
            if (hit && match_here(re + 2, s + 1)) return 1;
            re += 2;
            continue;
        }
        tests++;
        if (!hit) return zeros++, 0;
        re++;
        s++;
    }
}

/* The fixture's main with its one input, 50 passes. */
static void count_oracle(void) {
    static const char text[] = "abc abd xbc ac abbc aac abc bc";
    for (int pass = 0; pass < 50; pass++)
        for (const char *s = text; *s; s++) match_here("ab?c", s);
}

/* The line of SOURCE that holds TEXT, or 0. */
static int line_of(const char *text) {
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", FREQSYS_SOURCE_DIR, SOURCE);
    char *src = tools_slurp(path);
    const char *at = src ? strstr(src, text) : NULL;
    int line = 0;
    if (at) {
        line = 1;
        for (const char *p = src; p < at; p++) line += *p == '\n';
    }
    free(src);
    return line;
}

/* The mean of the block of FUNCTION in R that starts on LINE, or -1. */
static double mean_at(const result *r, const char *function, int line) {
    for (size_t i = 0; i < r->nblocks; i++)
        if (!strcmp(r->blocks[i].function, function) && r->blocks[i].line == line) return r->blocks[i].mean;
    return -1;
}

/* The two successors' shares of match_here's branch on LINE, as clang's sample loader
 * leaves them with the profile PROF (bench/pgo/branch_weights.awk reads the IR).
 * Returns 0, or -1 when there is no such branch. */
static int shares_at(const char *prof, int line, double *a, double *b) {
    char cmd[8192], *out = NULL;
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' -O2 -gline-tables-only -fprofile-sample-use='%s' -c '%s' -o /dev/null -mllvm "
             "-print-after=sample-profile -mllvm -print-module-scope 2>'%s' && awk -f "
             "bench/pgo/branch_weights.awk '%s' '%s'",
             FREQSYS_SOURCE_DIR, CLANG_PROGRAM, prof, SOURCE, tools_path("ir.ll"), tools_path("ir.ll"),
             tools_path("ir.ll"));
    int rc = tools_sh(cmd, &out, NULL);
    char key[64];
    snprintf(key, sizeof key, "match_here %d:", line);
    const char *at = rc == 0 && out ? strstr(out, key) : NULL;
    const char *shares = at ? strchr(at, ' ') : NULL;
    shares = shares ? strchr(shares + 1, ' ') : NULL;
    int got = shares && sscanf(shares, " %lf,%lf", a, b) == 2 ? 0 : -1;
    free(out);
    return got;
}

int main(void) {
    tools_need(CLANG_PROGRAM, "clang-19", "clang-19");
    plan(8);
    tools_tmpdir();
    count_oracle();
    int test_line = line_of("if (!hit)"), zero_line = line_of("return 0;\n        re++;");
    if (!test_line || zero_line != test_line + 1)
        bail("%s has no `if (!hit)` line followed by `return 0`", SOURCE);

    result *r = tools_result(SPEC, "r.json");
    double test_mean = mean_at(r, "match_here", test_line), zero_mean = mean_at(r, "match_here", zero_line);
    ok(fabs(test_mean - (double)tests) < 1e-9 && fabs(zero_mean - (double)zeros) < 1e-9,
       "the result counts %g tests of hit and %g returns of 0 per trial, as the oracle: %ld, %ld", test_mean,
       zero_mean, tests, zeros);

    char cmd[4096], *err = NULL;
    snprintf(cmd, sizeof cmd, "'%s' report '%s' --format sample -o '%s'", TOOLS_FREQSYS, tools_path("r.json"),
             tools_path("flow.prof"));
    if (!is_int(tools_sh(cmd, NULL, &err), 0, "freqsys report --format sample succeeds"))
        diag("%s", err ? err : "");
    free(err);
    char *prof = tools_slurp(tools_path("flow.prof"));
    const char *mark = prof ? strstr(prof, MARK) : NULL;
    ok(mark && !strstr(mark + 1, MARK) && mark[strlen(MARK)] == '\0',
       "the profile ends with the pre-inlined mark, once");
    free(prof);

    snprintf(
        cmd, sizeof cmd,
        "cd '%s' && '%s' -O2 -gline-tables-only -Wall -Werror -fprofile-sample-use='%s' -c '%s' -o /dev/null",
        FREQSYS_SOURCE_DIR, CLANG_PROGRAM, tools_path("flow.prof"), SOURCE);
    err = NULL;
    if (!is_int(tools_sh(cmd, NULL, &err), 0, "clang -O2 -fprofile-sample-use -Werror compiles with it"))
        diag("%s", err ? err : "");
    ok(err && !strstr(err, "warning:"), "...without a warning");
    free(err);

    /* The oracle's share of `return 0` at the test; clang's weights carry 1 added to
     * each count and profi's adjustments to a consistent flow: within 0.03. */
    double want = (double)zeros / (double)tests, a = -1, b = -1;
    int found = shares_at(tools_path("flow.prof"), test_line, &a, &b);
    ok(found == 0 && (fabs(a - want) < 0.03 || fabs(b - want) < 0.03) && fabs(a + b - 1) < 0.01,
       "clang weighs `return 0` at %.3f of the test (weights %.3f, %.3f)", want, a, b);

    /* Without the mark, clang's older propagation leaves that edge at 0: the check above
     * can tell the two apart. */
    snprintf(cmd, sizeof cmd, "grep -v '^ !Attributes:' '%s' >'%s'", tools_path("flow.prof"),
             tools_path("classic.prof"));
    is_int(tools_sh(cmd, NULL, NULL), 0, "the profile without its mark");
    a = b = -1;
    found = shares_at(tools_path("classic.prof"), test_line, &a, &b);
    ok(found == 0 && fabs(a - want) >= 0.03 && fabs(b - want) >= 0.03,
       "...which clang weighs apart from %.3f (weights %.3f, %.3f)", want, a, b);

    result_free(r);
    tools_cleanup();
    return done();
}
