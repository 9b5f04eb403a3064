/* tests/report/report_instr-t.c: the instrumented-profile export, read by llvm-profdata and used by clang,
 * equals a real instrumented run's counters. */
/* SPDX-License-Identifier: MIT */
#include "tools.h"

#define PROGRAM "tests/e2e/programs/pgo_counters.c"

/* `llvm-profdata show --all-functions --counts --text` of PROFDATA: per function its
 * name, hash, and counters, in a stable order. Returns the text, to free. */
static char *show(const char *profdata) {
    char cmd[2048], *out = NULL, *err = NULL;
    snprintf(cmd, sizeof cmd, "'%s' show --all-functions --counts --text '%s'", LLVM_PROFDATA_PROGRAM,
             profdata);
    if (tools_sh(cmd, &out, &err) != 0) diag("llvm-profdata show: %s", err ? err : "");
    free(err);
    return out;
}

/* Compares two `show` texts line by line: the headers and hashes equal, each count of
 * OURS equal to SCALE times the count of REAL. Counts that differ are said, and
 * counted in *DIFFER; *LAST_OURS and *LAST_REAL hold the last pair that differed. */
static int compare(const char *ours, const char *real, long long scale, int *differ, long long *last_ours,
                   long long *last_real) {
    int lines = 0, in_counts = 0;
    *differ = 0;
    while (*ours && *real) {
        size_t a = strcspn(ours, "\n"), b = strcspn(real, "\n");
        char la[256] = "", lb[256] = "";
        snprintf(la, sizeof la, "%.*s", (int)a, ours);
        snprintf(lb, sizeof lb, "%.*s", (int)b, real);
        if (!strcmp(la, "# Counter Values:"))
            in_counts = 1;
        else if (!la[0] || la[0] == '#')
            in_counts = 0;
        if (in_counts && la[0] != '#') {
            long long x = atoll(la), y = atoll(lb);
            if (x != y * scale) {
                (*differ)++;
                *last_ours = x, *last_real = y;
                diag("counter %d lines in: freqsys %lld, the instrumented run %lld (x %lld)", lines, x, y,
                     scale);
            }
        } else if (strcmp(la, lb) != 0) {
            diag("line %d: freqsys '%s', the instrumented run '%s'", lines + 1, la, lb);
            return -1;
        }
        lines++;
        ours += a + (ours[a] == '\n');
        real += b + (real[b] == '\n');
    }
    return *ours || *real ? -1 : lines;
}

/* Exports NAME.json (in the test folder) as NAME.proftext, merges it, and compares it
 * with a real run on INPUT of SOURCE built with clang's counters; returns compare's
 * lines, or -1 when a step fails (each step is a test). */
static int against_run(const char *name, const char *source, const char *input, int *differ, long long *x,
                       long long *y) {
    char cmd[8192], *err = NULL, json[1024], text[1024], ours_pd[1024], gen[1024], raw[1024], merged[1024],
                    file[256];
    snprintf(file, sizeof file, "%s.json", name);
    snprintf(json, sizeof json, "%s", tools_path(file));
    snprintf(file, sizeof file, "%s.proftext", name);
    snprintf(text, sizeof text, "%s", tools_path(file));
    snprintf(file, sizeof file, "%s.profdata", name);
    snprintf(ours_pd, sizeof ours_pd, "%s", tools_path(file));
    snprintf(gen, sizeof gen, "%s", tools_path("gen"));
    snprintf(raw, sizeof raw, "%s", tools_path("real.profraw"));
    snprintf(merged, sizeof merged, "%s", tools_path("real.profdata"));
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' report '%s' --format instr -o '%s' && '%s' merge -o '%s' '%s'",
             FREQSYS_SOURCE_DIR, TOOLS_FREQSYS, json, text, LLVM_PROFDATA_PROGRAM, ours_pd, text);
    int rc = tools_sh(cmd, NULL, &err);
    if (!is_int(rc, 0, "%s: freqsys report --format instr, read by llvm-profdata merge", name))
        diag("%s", err ? err : "");
    free(err);
    /* the truth: the same program built with clang's counters, run once on the same input */
    snprintf(cmd, sizeof cmd,
             "rm -f '%s' && '%s' -O0 -fprofile-instr-generate '%s/%s' -o '%s' && echo %s | "
             "LLVM_PROFILE_FILE='%s' '%s' "
             "&& '%s' merge -o '%s' '%s'",
             raw, CLANG_PROGRAM, FREQSYS_SOURCE_DIR, source, gen, input, raw, gen, LLVM_PROFDATA_PROGRAM,
             merged, raw);
    if (!is_int(tools_sh(cmd, NULL, &err), 0, "%s: an instrumented build runs and its profile merges", name))
        diag("%s", err ? err : "");
    free(err);
    char *ours = show(ours_pd), *real = show(merged);
    *differ = 0;
    int lines = ours && real ? compare(ours, real, 1000, differ, x, y) : -1;
    free(ours);
    free(real);
    return lines;
}

int main(void) {
    tools_need(CLANG_PROGRAM, "clang-19", "clang-19");
    tools_need(LLVM_PROFDATA_PROGRAM, "llvm-profdata-19", "llvm-19");
    plan(2 + 3 + 2 + 2 + 2 + 3);
    tools_tmpdir();
    char cmd[8192], *err = NULL, *out = NULL;
    char fs_pd[1024];

    /* freqsys: the program's counters from the spec alone (13 calls of classify) */
    result *r = tools_result("tests/e2e/programs/pgo_counters.fspec", "pgo.json");
    int differ = 0;
    long long x = 0, y = 0;
    int lines = against_run("pgo", "tests/e2e/programs/pgo_counters.c", "13", &differ, &x, &y);
    ok(lines > 40, "the same functions, hashes and numbers of counters as clang's (%d lines)", lines);
    /* the select of `x > 5 ? 100 : 0` adds its condition (true for 7 of the 13 calls):
     * such a run counts it in a function of its own */
    is_int(differ, 0, "every counter is 1000 x the instrumented run's, the select's too");
    char *report = NULL;
    snprintf(cmd, sizeof cmd, "'%s' report '%s' --format csv | grep '^freqsys.pgo_step.classify.16,taken,'",
             TOOLS_FREQSYS, tools_path("pgo.json"));
    ok(tools_sh(cmd, &report, NULL) == 0 && report && strstr(report, ",taken,,0,7,"),
       "the run counts the select's condition: 7 per run (%s)", report ? report : "");
    free(report);

    /* Compiled as usual, the right sides of && and || in branches have no blocks: the
     * export takes their counts from the edges they sit on. */
    result_free(tools_result("tests/e2e/programs/pgo_branches.fspec", "pgo_branches.json"));
    lines = against_run("pgo_branches", "tests/e2e/programs/pgo_branches.c", "20", &differ, &x, &y);
    ok(lines > 8 && differ == 1,
       "without the counters' blocks in the run: every counter 1000 x the "
       "instrumented run's but the select's (%d lines, %d differ)",
       lines, differ);
    /* i > 15 ? 3 : 0 holds for 4 of the 20 passes; uncounted, it gets half of 20000 */
    ok(x == 20000 / 2 && y == 4, "...which gets half its block's count (%lld; the run: %lld)", x, y);

    snprintf(fs_pd, sizeof fs_pd, "%s", tools_path("pgo.profdata"));
    /* clang uses it: no mismatch, no out-of-date function, no warning */
    snprintf(cmd, sizeof cmd, "'%s' -O2 -Wall -Werror -fprofile-instr-use='%s' -c '%s/%s' -o '%s'",
             CLANG_PROGRAM, fs_pd, FREQSYS_SOURCE_DIR, PROGRAM, tools_path("use.o"));
    int rc = tools_sh(cmd, NULL, &err);
    if (!is_int(rc, 0, "clang -O2 -fprofile-instr-use -Werror compiles with it")) diag("%s", err ? err : "");
    ok(err && !strstr(err, "warning"), "...without a warning");
    free(err);
    result_free(r);

    /* Compiled as usual, the switch's fall-through has no block the export could use. */
    result_free(tools_result("tests/e2e/programs/pgo_counters_plain.fspec", "plain.json"));
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' report '%s' --format instr -o '%s'", FREQSYS_SOURCE_DIR,
             TOOLS_FREQSYS, tools_path("plain.json"), tools_path("plain.proftext"));
    rc = tools_sh(cmd, &out, &err);
    ok(rc == 2 && err && strstr(err, "classify: skipcount") && strstr(err, "did not count"),
       "without the counters' blocks in the run, the export says which block was not counted (exit %d)", rc);
    ok(err && strstr(err, "Repeat the run with this line added to ") &&
           strstr(err, "pgo_counters_plain.fspec:\n\n    cflags \"-fprofile-instr-generate\"\n"),
       "...that the run must be repeated, with the exact line to add to its spec");
    free(out);
    free(err);
    /* and the run's help says so before the run */
    snprintf(cmd, sizeof cmd, "'%s' run --help", TOOLS_FREQSYS);
    out = NULL;
    rc = tools_sh(cmd, &out, NULL);
    ok(rc == 0 && out && strstr(out, "report --format instr") &&
           strstr(out, "cflags \"-fprofile-instr-generate\""),
       "freqsys run --help tells of the line before the run");
    free(out);
    tools_cleanup();
    return done();
}
