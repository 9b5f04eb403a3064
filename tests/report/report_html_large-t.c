/* tests/report/report_html_large-t.c: the html page of a 9,500-block program: written in time with a dot that
 * never ends, the hottest graphs only, those left out named, contents and filter. */
/* SPDX-License-Identifier: MIT */
#include <signal.h>
#include <time.h>

#include "tools.h"

#define FUNCTIONS 300
#define IFS       10  /* an if/else is three blocks: 31 blocks a function */
#define BIG_IFS   90  /* 271 blocks: past the 200 the page lays out */
#define DRAWN     250 /* the most functions a page draws, the hottest */

/* A program of FUNCTIONS small functions and one big one, all called once per run. */
static void write_program(void) {
    FILE *f = fopen(tools_path("big.c"), "w");
    if (!f) bail("cannot write big.c");
    fputs("#include <stdio.h>\n", f);
    for (int k = 0; k < FUNCTIONS; k++) {
        fprintf(f, "static int f%d(int x) {\n    int s = 0;\n", k);
        for (int b = 0; b < IFS; b++) fprintf(f, "    if (x & %d) s += %d; else s -= 1;\n", 1 << b, b + k);
        fputs("    return s;\n}\n", f);
    }
    fputs("static int big(int x) {\n    int s = 0;\n", f);
    for (int b = 0; b < BIG_IFS; b++)
        fprintf(f, "    if ((x >> %d) & 1) s += %d; else s ^= %d;\n", b % 10, b, b);
    fputs(
        "    return s;\n}\nint main(void) {\n    int x, s = 0;\n    if (scanf(\"%d\", &x) != 1) return 1;\n",
        f);
    for (int k = 0; k < FUNCTIONS; k++) fprintf(f, "    s += f%d(x);\n", k);
    fputs("    s += big(x);\n    printf(\"%d\\n\", s);\n    return 0;\n}\n", f);
    fclose(f);
    f = fopen(tools_path("big.fspec"), "w");
    if (!f) bail("cannot write big.fspec");
    fputs("program \"big.c\"\nx ~ uniform_int(0, 1023)\nepsilon 0.25\nconfidence 0.9\nseed 3\n", f);
    fclose(f);
}

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Runs CMD, and its wall time into *SECONDS. */
static int timed(const char *cmd, char **err, double *seconds) {
    double start = now_s();
    int rc = tools_sh(cmd, NULL, err);
    *seconds = now_s() - start;
    return rc;
}

static size_t occurrences(const char *text, const char *what) {
    size_t n = 0;
    for (const char *p = text; p && (p = strstr(p, what)); p += strlen(what)) n++;
    return n;
}

/* The note the page gives FUNCTION when its graph is not drawn, up to its end, or NULL. */
static char *skipped_note(const char *page, const char *function) {
    char key[128];
    snprintf(key, sizeof key, "<p class=\"note skipped\" data-function=\"%s\">", function);
    const char *at = strstr(page, key), *end = at ? strstr(at, "</p>") : NULL;
    return end ? strndup(at, (size_t)(end - at)) : NULL;
}

int main(void) {
    plan(22);
    tools_tmpdir();
    write_program();
    char cmd[4096], *err = NULL;
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' run big.fspec -q -o big.json", tools_dir, TOOLS_FREQSYS);
    if (tools_sh(cmd, NULL, &err) != 0) bail("freqsys run big.fspec failed: %s", err ? err : "");
    free(err);
    result *r;
    char msg[512];
    if (result_read_json(tools_path("big.json"), &r, msg, sizeof msg) != RESULT_OK) bail("%s", msg);
    size_t functions = 0;
    for (size_t i = 0; i < r->nblocks; i++)
        functions += i == 0 || strcmp(r->blocks[i].function, r->blocks[i - 1].function) != 0;
    ok(functions == FUNCTIONS + 2 && r->nblocks > 9000, "the program has %zu functions and %zu blocks",
       functions, r->nblocks);

    /* A dot that never exits, first on PATH: it notes its pid, so that the test can see
     * it is gone afterwards. */
    snprintf(cmd, sizeof cmd,
             "mkdir '%s/bin' && printf '#!/bin/sh\\necho $$ >> \"%s/dot-pids\"\\nexec sleep 3600\\n' "
             "> '%s/bin/dot' && chmod +x '%s/bin/dot'",
             tools_dir, tools_dir, tools_dir, tools_dir);
    if (tools_sh(cmd, NULL, NULL) != 0) bail("cannot make the fake dot");
    double seconds;
    snprintf(cmd, sizeof cmd,
             "cd '%s' && PATH='%s/bin':\"$PATH\" '%s' report big.json --format html --dot-timeout 1 "
             "-o stuck.html",
             tools_dir, tools_dir, TOOLS_FREQSYS);
    err = NULL;
    if (!is_int(timed(cmd, &err, &seconds), 0, "report --format html with a dot that never exits: exit 0"))
        diag("%s", err ? err : "");
    free(err);
    /* each child is stopped at 1 s and all of them at 4 s: 60 s is a bound no machine misses */
    ok(seconds < 60, "...the page is written in %.1f s, within 60 s", seconds);
    char *pids = tools_slurp(tools_path("dot-pids"));
    size_t children = occurrences(pids, "\n");
    ok(children >= 1 && children <= 4, "...after %zu dot children, each given 1 s of the 4 s budget",
       children);
    int gone = 1;
    for (char *p = pids; p && *p;) {
        long pid = strtol(p, &p, 10);
        gone &= pid > 0 && kill((pid_t)pid, 0) != 0 && errno == ESRCH;
        while (*p == '\n') p++;
    }
    ok(pids && gone, "...and every one of them is gone");
    free(pids);
    char *page = tools_slurp(tools_path("stuck.html"));
    if (!page) bail("no page written");
    char want[256];
    snprintf(want, sizeof want, "id=\"skipped-graphs\">%zu of %zu functions are not drawn here", functions,
             functions);
    ok(strstr(page, want) != NULL, "the page says no graph is drawn");
    int named = 1;
    size_t stopped = 0, late = 0, cold = 0;
    for (size_t i = 0; i < r->nblocks; i++) {
        if (i > 0 && strcmp(r->blocks[i].function, r->blocks[i - 1].function) == 0) continue;
        char *note = skipped_note(page, r->blocks[i].function);
        snprintf(want, sizeof want, "--format dot --function %s | dot -Tsvg", r->blocks[i].function);
        if (!note || !strstr(note, want)) {
            if (named) diag("no note with the command for %s", r->blocks[i].function);
            named = 0;
        }
        stopped += note && strstr(note, "dot ran past its limit of 1 s and was stopped");
        late += note && strstr(note, "the 4 s given to dot for all the graphs ran out");
        cold += note && strstr(note, "colder than the 250 hottest functions, which are drawn here");
        free(note);
    }
    ok(named, "...names each function with the command that draws it");
    char *note = skipped_note(page, "big");
    ok(note && strstr(note, "271 blocks, more than the 200 that are laid out here"),
       "...big is left out for its size (271 blocks)");
    free(note);
    ok(stopped >= 1 && cold == functions - 1 - DRAWN && stopped + late + cold == functions - 1,
       "...the others because dot was stopped (%zu), out of time (%zu) or past the %d hottest (%zu)", stopped,
       late, DRAWN, cold);

    /* The contents and the filter. */
    ok(strstr(page, "<nav id=\"toc\">") && strstr(page, "<input id=\"filter\" type=\"search\"") &&
           strstr(page, "getAttribute('data-filter')"),
       "the page has contents and a filter box with its script");
    int listed = 1;
    for (size_t i = 0; i < r->nblocks; i++) {
        if (i > 0 && strcmp(r->blocks[i].function, r->blocks[i - 1].function) == 0) continue;
        size_t end = i, hot = i;
        for (; end < r->nblocks && !strcmp(r->blocks[end].function, r->blocks[i].function); end++)
            if (r->blocks[end].mean > r->blocks[hot].mean) hot = end;
        snprintf(want, sizeof want,
                 "<li class=\"fn\" data-filter=\"%s big.c\"><a href=\"#block-%zu\">%s</a> "
                 "<small>%zu blocks; hottest <a href=\"#block-%zu\">%s</a> %.4f",
                 r->blocks[i].function, i, r->blocks[i].function, end - i, hot, r->blocks[hot].block,
                 r->blocks[hot].mean);
        if (!strstr(page, want) && listed) {
            listed = 0;
            diag("not in the contents: %s", want);
        }
    }
    ok(listed, "the contents list every function, its size and its hottest block");
    ok(strstr(page, "<details class=\"fn toc-file\" data-filter=\"big.c main f0 f1 ") != NULL,
       "...under its file, folded for a program this large");
    size_t f7 = 0;
    while (f7 < r->nblocks && strcmp(r->blocks[f7].function, "f7") != 0) f7++;
    snprintf(want, sizeof want, "<tr id=\"block-%zu\" data-filter=\"f7 big.c\">", f7);
    ok(occurrences(page, "<tr id=\"block-") == r->nblocks && strstr(page, want) &&
           strstr(page, "<details id=\"blocks-fold\"><summary>"),
       "the table has a row per block, which the filter knows by function and file, folded");
    free(page);

    /* With Graphviz's dot: the 250 hottest functions are drawn (big is too big). */
    if (!DOT_PROGRAM[0] || strstr(DOT_PROGRAM, "NOTFOUND")) {
        for (int k = 0; k < 4; k++) ok(1, "# SKIP Graphviz dot not installed");
    } else {
        snprintf(cmd, sizeof cmd,
                 "cd '%s' && PATH='%.*s':\"$PATH\" '%s' report big.json --format html -o drawn.html",
                 tools_dir, (int)(strrchr(DOT_PROGRAM, '/') - DOT_PROGRAM), DOT_PROGRAM, TOOLS_FREQSYS);
        is_int(timed(cmd, NULL, &seconds), 0, "report --format html with dot: exit 0");
        ok(seconds < 60, "...in %.1f s, within 60 s", seconds);
        page = tools_slurp(tools_path("drawn.html"));
        note = NULL;
        is_int((long long)occurrences(page, "<div class=\"graph\"><svg"), DRAWN,
               "...a graph for each of the %d hottest functions", DRAWN);
        snprintf(want, sizeof want, "id=\"skipped-graphs\">%zu of %zu functions are not drawn here",
                 functions - DRAWN, functions);
        ok(page && strstr(page, want) && (note = skipped_note(page, "big")) && strstr(note, "271 blocks") &&
               occurrences(page, "colder than the 250 hottest functions") == functions - 1 - DRAWN,
           "...and big is named as left out, the colder ones as colder");
        free(note);
        free(page);
    }

    /* The command the page gives: one function's graph. */
    char *out = NULL;
    snprintf(cmd, sizeof cmd, "'%s' report '%s' --format dot --function f7", TOOLS_FREQSYS,
             tools_path("big.json"));
    is_int(tools_sh(cmd, &out, NULL), 0, "--format dot --function f7: exit 0");
    ok(out && strstr(out, "label=\"f7 (big.c:") && !strstr(out, "label=\"f8 (") &&
           occurrences(out, "fillcolor=") == 1 + 3 * IFS,
       "...one cluster, f7's, with its %d blocks", 1 + 3 * IFS);
    free(out);
    err = NULL;
    snprintf(cmd, sizeof cmd, "'%s' report '%s' --format dot --function nosuch", TOOLS_FREQSYS,
             tools_path("big.json"));
    is_int(tools_sh(cmd, NULL, &err), 2, "--function of no function: exit 2");
    ok(err && strstr(err, "--function nosuch: no function of that name in the result"), "...saying so");
    free(err);
    err = NULL;
    snprintf(cmd, sizeof cmd, "'%s' report '%s' --format html --dot-timeout 0", TOOLS_FREQSYS,
             tools_path("big.json"));
    ok(tools_sh(cmd, NULL, &err) == 2 && err &&
           strstr(err, "--dot-timeout must be a number of seconds above 0"),
       "--dot-timeout 0 is refused");
    free(err);
    result_free(r);
    tools_cleanup();
    return done();
}
