/* tests/report/report_gcda-t.c: the gcda export, read by gcov-dump and gcc -fprofile-use, equals GCC's own
 * profile of the trials' inputs, counter by counter. */
/* SPDX-License-Identifier: MIT */
#include "tools.h"

#define MAX_COUNTERS 256
#define SCALE        1000

/* The arc counters of a .gcda as `gcov-dump -l` prints them, per function ident. */
typedef struct arcs {
    unsigned long idents[MAX_COUNTERS];
    unsigned long long counts[MAX_COUNTERS];
    int n;
    unsigned long runs;
} arcs;

/* Reads `gcov-dump -l PATH` into *A: "FUNCTION ident=N, ...", then "COUNTERS arcs K
 * counts" and lines "   I: C C C". Returns the number of counters, or -1. */
static int dump(const char *path, arcs *a) {
    char cmd[2048], *out = NULL, *err = NULL;
    snprintf(cmd, sizeof cmd, "'%s' -l '%s'", GCOV_DUMP_PROGRAM, path);
    *a = (arcs){0};
    if (tools_sh(cmd, &out, &err) != 0 || !out) {
        diag("gcov-dump: %s", err ? err : "");
        free(out);
        free(err);
        return -1;
    }
    unsigned long ident = 0;
    int in_arcs = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        char *p = strstr(line, ".gcda:");
        p = p ? p + 6 : line;
        char *at;
        if ((at = strstr(p, "OBJECT_SUMMARY runs="))) a->runs = strtoul(at + 20, NULL, 10);
        if ((at = strstr(p, "FUNCTION ident="))) {
            ident = strtoul(at + 15, NULL, 10);
            in_arcs = 0;
        } else if (strstr(p, "COUNTERS arcs")) {
            in_arcs = 1;
        } else if (strstr(p, "COUNTERS")) {
            in_arcs = 0;
        } else if (in_arcs && (at = strchr(p, ':'))) {
            for (char *q = at + 1, *end; a->n < MAX_COUNTERS; q = end) {
                unsigned long long v = strtoull(q, &end, 10);
                if (end == q) break;
                a->idents[a->n] = ident;
                a->counts[a->n++] = v;
            }
        }
    }
    free(out);
    free(err);
    return a->n;
}

/* The block FUNCTION:LABEL of R, or NULL. */
static const result_block *block(const result *r, const char *function, const char *label) {
    for (size_t i = 0; i < r->nblocks; i++)
        if (!strcmp(r->blocks[i].function, function) && !strcmp(r->blocks[i].block, label))
            return &r->blocks[i];
    return NULL;
}

/* The result's mean of FUNCTION:LABEL times SCALE, rounded; -1 when it has no such block. */
static long long scaled_mean(const result *r, const char *function, const char *label) {
    const result_block *b = block(r, function, label);
    return b ? llround(b->mean * SCALE) : -1;
}

/* Function mode: words(s, min_long), three calls a trial, 400 trials. GCC's build is
 * called natively with the arguments each call drew, so an arc that is one of the
 * result's blocks carries exactly that block's mean per call. */
static void function_mode(const char *dir) {
    char cmd[8192], *err = NULL, msg[512];
    snprintf(cmd, sizeof cmd,
             "cd '%s' && mkdir fn && cd fn && cp '%s/tests/e2e/programs/word_calls.c' "
             "'%s/tests/e2e/programs/word_calls.fspec' "
             ". && '%s' run word_calls.fspec -q -n 400 -o w.json; test $? -le 1",
             dir, FREQSYS_SOURCE_DIR, FREQSYS_SOURCE_DIR, TOOLS_FREQSYS);
    if (tools_sh(cmd, NULL, &err) != 0) bail("freqsys run: %s", err ? err : "");
    free(err);
    result *r;
    if (result_read_json(tools_path("fn/w.json"), &r, msg, sizeof msg) != RESULT_OK) bail("%s", msg);
    snprintf(cmd, sizeof cmd, "cd '%s/fn' && FREQSYS_GCC='%s' '%s' report w.json --format gcda -o fs", dir,
             GCC_PROGRAM, TOOLS_FREQSYS);
    int rc = tools_sh(cmd, NULL, &err);
    if (!is_int(rc, 0, "function mode: --format gcda calls the function natively on the drawn arguments"))
        diag("%s", err ? err : "");
    free(err);
    char path[4096], *mangled = strdup(dir);
    for (char *p = mangled; *p; p++)
        if (*p == '/') *p = '#';
    snprintf(path, sizeof path, "%s/fn/fs/%s#fn#word_calls.gcda", dir, mangled);
    free(mangled);
    arcs a;
    int n = dump(path, &a);
    /* the blocks GCC counts on an arc of their own (per call, x SCALE) */
    const char *const labels[] = {"if.then", "if.else", "if.then3", "if.then6", "if.then12", "if.then18"};
    int found = 0;
    for (size_t i = 0; i < sizeof labels / sizeof labels[0]; i++) {
        long long want = scaled_mean(r, "words", labels[i]);
        int here = 0;
        for (int k = 0; k < n; k++) here |= (long long)a.counts[k] == want;
        if (!here) diag("no arc counts %s's %lld", labels[i], want);
        found += here;
    }
    ok(n > 3 && a.runs == SCALE && found == 6,
       "each branch's arc is the result's mean per call x %d exactly (%d of 6; 3 calls a trial, globals "
       "afresh each trial)",
       SCALE, found);
    snprintf(cmd, sizeof cmd,
             "cd '%s/fn' && '%s' -O2 -fprofile-use=fs -Wall -Werror -Wmissing-profile -Wcoverage-mismatch -c "
             "word_calls.c",
             dir, GCC_PROGRAM);
    rc = tools_sh(cmd, NULL, &err);
    if (!is_int(rc, 0, "gcc -O2 -fprofile-use -Werror -Wmissing-profile compiles the function with it"))
        diag("%s", err ? err : "");
    free(err);
    /* what a native call cannot get is refused at its line */
    snprintf(
        cmd, sizeof cmd,
        "cd '%s/fn' && printf 'global limit ~ constant(0)\n' >> word_calls.fspec && FREQSYS_GCC='%s' '%s' "
        "report w.json --format gcda -o fs2 --spec word_calls.fspec --allow-changed",
        dir, GCC_PROGRAM, TOOLS_FREQSYS);
    rc = tools_sh(cmd, NULL, &err);
    ok(rc == 2 && err && strstr(err, "word_calls.fspec:10:1: --format gcda calls the function natively"),
       "a drawn global, which a native call cannot get, is refused at its line (exit %d: %s)", rc,
       err ? err : "");
    free(err);
    /* warm-up calls are counted by GCC's build and not by the result */
    snprintf(
        cmd, sizeof cmd,
        "cd '%s/fn' && sed -i '$d' word_calls.fspec && printf 'warmup 1\n' >> word_calls.fspec && '%s' run "
        "word_calls.fspec -q -n 50 -o w1.json; FREQSYS_GCC='%s' '%s' report w1.json --format gcda -o fs3",
        dir, TOOLS_FREQSYS, GCC_PROGRAM, TOOLS_FREQSYS);
    rc = tools_sh(cmd, NULL, &err);
    ok(rc == 2 && err && strstr(err, "warm-up"), "a result with warm-up calls is refused (exit %d: %s)", rc,
       err ? err : "");
    free(err);
    result_free(r);
}

int main(void) {
    tools_need(GCC_PROGRAM, "gcc-12", "gcc");
    tools_need(GCOV_DUMP_PROGRAM, "gcov-dump-12", "gcc-12");
    plan(2 + 3 + 2 + 2 + 1 + 3 + 2 + 2 + 2 + 5);
    tools_tmpdir();
    char cmd[8192], *err = NULL;
    const char *dir = tools_dir;

    /* the program and its spec in the scratch folder: the profile is named for `gcc -c
     * SOURCE` there */
    snprintf(cmd, sizeof cmd,
             "cp '%s/tests/e2e/programs/one_line_if.c' '%s/tests/e2e/programs/one_line_if.fspec' '%s' && cd "
             "'%s' && "
             "'%s' run one_line_if.fspec -q -n 1000 -o r.json; test $? -le 1",
             FREQSYS_SOURCE_DIR, FREQSYS_SOURCE_DIR, dir, dir, TOOLS_FREQSYS);
    if (tools_sh(cmd, NULL, &err) != 0) bail("freqsys run: %s", err ? err : "");
    free(err);
    char msg[512];
    result *r;
    if (result_read_json(tools_path("r.json"), &r, msg, sizeof msg) != RESULT_OK) bail("%s", msg);

    snprintf(cmd, sizeof cmd, "cd '%s' && FREQSYS_GCC='%s' '%s' report r.json --format gcda -o fs", dir,
             GCC_PROGRAM, TOOLS_FREQSYS);
    int rc = tools_sh(cmd, NULL, &err);
    if (!is_int(rc, 0, "freqsys report --format gcda succeeds")) diag("%s", err ? err : "");
    free(err);
    char ours_path[4096], *mangled = strdup(dir);
    for (char *p = mangled; *p; p++)
        if (*p == '/') *p = '#';
    snprintf(ours_path, sizeof ours_path, "%s/fs/%s#one_line_if.gcda", dir, mangled);
    ok(access(ours_path, R_OK) == 0, "it is named as gcc -fprofile-use looks for it: fs/%s#one_line_if.gcda",
       mangled);

    /* The truth: GCC's own instrumented build, trained on the inputs the trials drew. */
    snprintf(
        cmd, sizeof cmd,
        "cd '%s' && mkdir gen && cd gen && cp ../one_line_if.c . && '%s' -O2 -fprofile-generate='%s/tr' -c "
        "one_line_if.c && '%s' -fprofile-generate='%s/tr' one_line_if.o -o gen && '%s' draw "
        "../one_line_if.fspec "
        "-s %llu -n %llu -o in >/dev/null && for f in in/*; do ./gen <\"$f\" >/dev/null; done",
        dir, GCC_PROGRAM, dir, GCC_PROGRAM, dir, TOOLS_FREQSYS, (unsigned long long)r->seed,
        (unsigned long long)r->trials);
    if (tools_sh(cmd, NULL, &err) != 0) bail("training gcc's instrumented build: %s", err ? err : "");
    free(err);
    char trained_path[4096];
    snprintf(trained_path, sizeof trained_path, "%s/tr/%s#gen#one_line_if.gcda", dir, mangled);
    arcs ours, trained;
    int n = dump(ours_path, &ours), m = dump(trained_path, &trained);
    ok(n > 3 && n == m, "as many arc counters as GCC's own profile (%d, %d)", n, m);
    ok(ours.runs == SCALE && trained.runs == r->trials, "runs: %lu (the scale), trained on %lu (the trials)",
       ours.runs, trained.runs);
    int differ = 0, same_ident = 1;
    for (int k = 0; k < n && k < m; k++) {
        unsigned long long want =
            (unsigned long long)llround((double)trained.counts[k] * SCALE / (double)r->trials);
        same_ident &= ours.idents[k] == trained.idents[k];
        if (ours.counts[k] != want) {
            differ++;
            diag("counter %d: freqsys %llu, trained %llu x %d / %llu = %llu", k, ours.counts[k],
                 trained.counts[k], SCALE, (unsigned long long)r->trials, want);
        }
    }
    ok(same_ident && differ == 0, "every counter is the trained count / runs x %d (%d differ)", SCALE,
       differ);

    /* --trials: GCC's build runs on the first SAMPLE trials only; each counter is then
     * what training on those inputs gives, over SAMPLE, and the notes give the spread. */
    enum { SAMPLE = 512 };
    snprintf(
        cmd, sizeof cmd,
        "cd '%s' && FREQSYS_GCC='%s' '%s' report r.json --format gcda -o fs5 --trials %d && cd gen && '%s' "
        "-O2 -fprofile-generate='%s/tr2' -c one_line_if.c -o gen2.o && '%s' -fprofile-generate='%s/tr2' "
        "gen2.o -o gen2 && '%s' draw ../one_line_if.fspec -s %llu -n %d -o in2 >/dev/null && for f in in2/*; "
        "do ./gen2 <\"$f\" >/dev/null; done",
        dir, GCC_PROGRAM, TOOLS_FREQSYS, SAMPLE, GCC_PROGRAM, dir, GCC_PROGRAM, dir, TOOLS_FREQSYS,
        (unsigned long long)r->seed, SAMPLE);
    rc = tools_sh(cmd, NULL, &err);
    char said[128];
    snprintf(said, sizeof said, "means over %d of the result's %llu trials; the largest standard error",
             SAMPLE, (unsigned long long)r->trials);
    ok(rc == 0 && err && strstr(err, said), "--trials %d says the counts' largest standard error (exit %d)",
       SAMPLE, rc);
    if (rc != 0 || !err || !strstr(err, said)) diag("%s", err ? err : "");
    free(err);
    char sampled_path[4096], trained2_path[4096];
    snprintf(sampled_path, sizeof sampled_path, "%s/fs5/%s#one_line_if.gcda", dir, mangled);
    snprintf(trained2_path, sizeof trained2_path, "%s/tr2/%s#gen#gen2.gcda", dir, mangled);
    arcs sampled, trained2;
    int ns = dump(sampled_path, &sampled), nt = dump(trained2_path, &trained2), off = 0;
    for (int k = 0; k < ns && k < nt; k++)
        off += sampled.counts[k] !=
               (unsigned long long)llround((double)trained2.counts[k] * SCALE / (double)SAMPLE);
    ok(ns > 3 && ns == nt && off == 0 && trained2.runs == SAMPLE,
       "...and each counter is the training on the first %d inputs / %d x %d (%d of %d differ)", SAMPLE,
       SAMPLE, SCALE, off, ns);

    /* Against the estimate: `rare` has one counter, its calls; the result's block is
     * the same count, within its half-width. */
    const result_block *rare = block(r, "rare", "entry");
    long long rare_count = -1;
    for (int k = 0; k < n; k++) {
        int alone = 1;
        for (int j = 0; j < n; j++) alone &= j == k || ours.idents[j] != ours.idents[k];
        if (alone) rare_count = (long long)ours.counts[k];
    }
    ok(rare && rare_count > 0 &&
           fabs((double)rare_count - rare->mean * SCALE) <= rare->half_width * SCALE + 0.5,
       "rare's calls: %lld, the estimate %.1f +- %.1f (x %d)", rare_count, rare ? rare->mean * SCALE : 0,
       rare ? rare->half_width * SCALE : 0, SCALE);
    const result_block *body = block(r, "main", "while.body");
    unsigned long long most = 0;
    for (int k = 0; k < n; k++) most = ours.counts[k] > most ? ours.counts[k] : most;
    ok(body && fabs((double)most - body->mean * SCALE) <= body->half_width * SCALE + 0.5,
       "the loop's hottest arc: %llu, the loop body's estimate %.0f +- %.0f (x %d)", most,
       body ? body->mean * SCALE : 0, body ? body->half_width * SCALE : 0, SCALE);

    /* gcc takes it without a warning, and it decides the branch */
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' -O2 -fprofile-use=fs -Wall -Werror -Wmissing-profile -Wcoverage-mismatch -c "
             "one_line_if.c -fdump-tree-optimized-blocks-details=one_line_if.dump",
             dir, GCC_PROGRAM);
    rc = tools_sh(cmd, NULL, &err);
    if (!is_int(rc, 0,
                "gcc -O2 -fprofile-use -Werror -Wmissing-profile -Wcoverage-mismatch compiles with it"))
        diag("%s", err ? err : "");
    free(err);
    char *text = tools_slurp(tools_path("one_line_if.dump"));
    const char *cond = text ? strstr(text, "== 255)") : NULL;
    double p_rare = -1;
    if (cond) sscanf(strstr(cond, "goto") ? strstr(cond, "goto") : cond, "goto <bb %*d>; [%lf%%]", &p_rare);
    ok(p_rare >= 0 && p_rare < 1.0, "gcc sends the one-line if to the rare call %.2f%% of the time", p_rare);
    free(text);

    /* Object names: GCC keys the file and the static function's identifier on the
     * object's name. A CMake-style object finds nothing in the profile named for
     * one_line_if.o (the control), and all of it in one named for it. */
    const char *cmake_compile =
        "'%s' -O2 -fprofile-use=%s -Werror -Wmissing-profile -Wcoverage-mismatch -c one_line_if.c -o "
        "CMakeFiles/t.dir/one_line_if.c.o";
    char compile[1024];
    snprintf(compile, sizeof compile, cmake_compile, GCC_PROGRAM, "fs");
    snprintf(cmd, sizeof cmd, "cd '%s' && mkdir -p CMakeFiles/t.dir && %s", dir, compile);
    rc = tools_sh(cmd, NULL, &err);
    ok(rc != 0 && err && strstr(err, "missing-profile"),
       "control: a CMake-style object finds no profile in the one named for one_line_if.o (exit %d)", rc);
    free(err);
    snprintf(cmd, sizeof cmd,
             "cd '%s' && FREQSYS_GCC='%s' '%s' report r.json --format gcda -o fs3 --object "
             "one_line_if.c=CMakeFiles/t.dir/one_line_if.c.o",
             dir, GCC_PROGRAM, TOOLS_FREQSYS);
    rc = tools_sh(cmd, NULL, &err);
    ok(rc == 0 && err && strstr(err, "-o CMakeFiles/t.dir/one_line_if.c.o, here"),
       "--object names the export for that object, and says so (exit %d)", rc);
    if (rc != 0) diag("%s", err ? err : "");
    free(err);
    snprintf(compile, sizeof compile, cmake_compile, GCC_PROGRAM, "fs3");
    snprintf(cmd, sizeof cmd, "cd '%s' && %s", dir, compile);
    rc = tools_sh(cmd, NULL, &err);
    if (!is_int(rc, 0, "the CMake-style compile finds every function in it, -Werror -Wmissing-profile"))
        diag("%s", err ? err : "");
    free(err);

    /* From compile_commands: the entry's folder, source name and -o, as CMake writes
     * them; the user's compile runs in the build folder. */
    snprintf(
        cmd, sizeof cmd,
        "cd '%s' && mkdir -p cm/src cm/build/CMakeFiles/t.dir/src && cp one_line_if.c cm/src/ && cd cm && "
        "printf '[{\"directory\": \"%%s/build\", \"command\": \"cc -O2 -o "
        "CMakeFiles/t.dir/src/one_line_if.c.o -c %%s/src/one_line_if.c\", \"file\": "
        "\"%%s/src/one_line_if.c\"}]' \"$PWD\" \"$PWD\" \"$PWD\" > build/compile_commands.json && "
        "sed 's|^program.*|compile_commands \"build/compile_commands.json\"|' ../one_line_if.fspec > p.fspec "
        "&& "
        "'%s' run p.fspec -q -n 300 -o p.json; test $? -le 1 && "
        "FREQSYS_GCC='%s' '%s' report p.json --format gcda -o \"$PWD/fdo\"",
        dir, TOOLS_FREQSYS, GCC_PROGRAM, TOOLS_FREQSYS);
    rc = tools_sh(cmd, NULL, &err);
    ok(rc == 0 && err && strstr(err, "-o CMakeFiles/t.dir/src/one_line_if.c.o, in "),
       "with compile_commands, the export is named for the entry's object and folder (exit %d)", rc);
    if (rc != 0) diag("%s", err ? err : "");
    free(err);
    snprintf(cmd, sizeof cmd,
             "cd '%s/cm/build' && '%s' -O2 -fprofile-use='%s/cm/fdo' -Werror -Wmissing-profile "
             "-Wcoverage-mismatch -o CMakeFiles/t.dir/src/one_line_if.c.o -c '%s/cm/src/one_line_if.c'",
             dir, GCC_PROGRAM, dir, dir);
    rc = tools_sh(cmd, NULL, &err);
    if (!is_int(rc, 0, "the build's own compile, in its folder, finds every function in it"))
        diag("%s", err ? err : "");
    free(err);

    /* names that cannot be rebuilt, or name no source, are refused */
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' report r.json --format gcda -o fs4 --object nope.c=nope.o",
             dir, TOOLS_FREQSYS);
    rc = tools_sh(cmd, NULL, &err);
    ok(rc == 2 && err && strstr(err, "nope.c is not a source"),
       "--object for no source is refused (exit %d: %s)", rc, err ? err : "");
    free(err);
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' report r.json --format gcda -o fs4 --object one_line_if.c=/x/a.o", dir,
             TOOLS_FREQSYS);
    rc = tools_sh(cmd, NULL, &err);
    ok(rc == 2 && err && strstr(err, "not below the folder"),
       "an absolute object, where the rebuild would write, is refused (exit %d: %s)", rc, err ? err : "");
    free(err);

    /* a spec whose inputs a real run cannot get is refused, naming the place */
    snprintf(cmd, sizeof cmd,
             "cd '%s' && cp '%s/tests/e2e/programs/counts.c' '%s/tests/e2e/programs/counts.fspec' . "
             "&& '%s' run counts.fspec -q -o c.json && '%s' report c.json --format gcda -o fs2",
             dir, FREQSYS_SOURCE_DIR, FREQSYS_SOURCE_DIR, TOOLS_FREQSYS, TOOLS_FREQSYS);
    rc = tools_sh(cmd, NULL, &err);
    ok(rc == 2 && err && strstr(err, "stdin"),
       "a spec without a drawn standard input is refused (exit %d: %s)", rc, err ? err : "");
    free(err);
    free(mangled);
    result_free(r);
    function_mode(dir);
    tools_cleanup();
    return done();
}
