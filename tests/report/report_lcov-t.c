/* tests/report/report_lcov-t.c: the lcov export, rendered by genhtml: the annotated source shows the result's
 * scaled counts. */
/* SPDX-License-Identifier: MIT */
#include "tools.h"

/* The count genhtml shows for LINE in the annotated source HTML, or -1. */
static long long shown(const char *html, int line) {
    char key[64];
    snprintf(key, sizeof key, "<a name=\"%d\"><span class=\"lineNum\">", line);
    const char *p = strstr(html, key), *eol = p ? strchr(p, '\n') : NULL;
    if (!p) return -1;
    const char *cov = strstr(p, "class=\"lineCov\">"), *no = strstr(p, "class=\"lineNoCov\">");
    const char *c = cov && (!no || cov < no) ? cov : no;
    if (!c || (eol && c > eol)) return -1;
    return strtoll(strchr(c, '>') + 1, NULL, 10);
}

/* The part of the annotated source HTML on LINE, as a string to free. */
static char *line_html(const char *html, int line) {
    char key[64];
    snprintf(key, sizeof key, "<a name=\"%d\">", line);
    const char *p = strstr(html, key);
    if (!p) return strdup("");
    const char *eol = strchr(p, '\n');
    return strndup(p, eol ? (size_t)(eol - p) : strlen(p));
}

/* Writes the lcov export of JSON (from the source tree, so the sources are found), runs
 * genhtml on it and returns the annotated source of FILE, to free. */
static char *render(const char *json, const char *name, const char *extra, const char *file) {
    char cmd[4096], *err = NULL, *found = NULL;
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' report '%s' --format lcov %s -o '%s/%s.info' && "
             "'%s' --branch-coverage -q -o '%s/%s' '%s/%s.info'",
             FREQSYS_SOURCE_DIR, TOOLS_FREQSYS, json, extra, tools_dir, name, GENHTML_PROGRAM, tools_dir,
             name, tools_dir, name);
    int rc = tools_sh(cmd, NULL, &err);
    if (!is_int(rc, 0, "%s: freqsys report --format lcov | genhtml succeeds", name))
        diag("%s", err ? err : "");
    free(err);
    snprintf(cmd, sizeof cmd, "find '%s/%s' -name '%s.gcov.html'", tools_dir, name, file);
    tools_sh(cmd, &found, NULL);
    if (!found || !*found) bail("genhtml wrote no page for %s", file);
    found[strcspn(found, "\n")] = '\0';
    char *html = tools_slurp(found);
    free(found);
    if (!html) bail("cannot read genhtml's page");
    return html;
}

/* Every located line of R shows the largest scaled count of the blocks starting on it. */
static void lines_show(const result *r, const char *html, const char *file, double scale, const char *name) {
    int bad = 0, n = 0;
    for (int line = 1; line < 200; line++) {
        long long want = tools_line_count(r, file, line, NULL, scale);
        if (want < 0) continue;
        n++;
        long long got = shown(html, line);
        if (got != want) {
            if (!bad++) diag("%s:%d: genhtml shows %lld, the result says %lld", file, line, got, want);
        }
    }
    ok(n > 10 && bad == 0, "%s: all %d located lines show the result's count x %g (%d differ)", name, n,
       scale, bad);
}

/* The branch TAKEN of the branch on LINE is shown as taken COUNT times. */
static void branch_shows(const char *html, int line, int branch, long long count) {
    char want[96], *part = line_html(html, line);
    snprintf(want, sizeof want, "Branch %d was taken %lld time", branch, count);
    ok(strstr(part, want) != NULL, "line %d: \"%s\"", line, want);
    free(part);
}

int main(void) {
    tools_need(GENHTML_PROGRAM, "genhtml", "lcov");
    plan(23);
    tools_tmpdir();

    /* counts.c: exact counts, functions and branches. */
    result *r = tools_result("tests/e2e/programs/counts.fspec", "counts.json");
    char *html = render(tools_path("counts.json"), "counts", "--scale 1000", "counts.c");
    lines_show(r, html, "counts.c", 1000, "counts");
    is_int(shown(html, 24), 15000, "counts: the inner loop's condition runs 15 times a run");
    is_int(shown(html, 31), 0, "counts: the line that never runs shows 0");
    branch_shows(html, 21, 0, 10000);
    branch_shows(html, 21, 1, 1000);
    branch_shows(html, 8, 0, 13000); /* fib's leaves */
    free(html);
    char *func = NULL, cmd[1024];
    snprintf(cmd, sizeof cmd, "cat \"$(find '%s/counts' -name counts.c.func.html)\"", tools_dir);
    tools_sh(cmd, &func, NULL);
    const char *fib = func ? strstr(func, ">fib</a>") : NULL;
    ok(fib && strstr(fib, "<td class=\"coverFnHi\">25000</td>") &&
           strstr(fib, "<td class=\"coverFnHi\">25000</td>") - fib < 80,
       "counts: genhtml lists fib as called 25000 times (25 a run x 1000)");
    free(func);
    char *info = tools_slurp(tools_path("counts.info"));
    ok(info && !strncmp(info, "# freqsys: counts are expected executions per run x 1000", 56),
       "the tracefile says its scale in a comment");
    ok(info && strstr(info, "\nTN:freqsys_per_run_x1000\n"), "...and in its test name");
    free(info);

    /* A scale of 10, from the tracefile to the page. */
    html = render(tools_path("counts.json"), "counts10", "--scale 10", "counts.c");
    lines_show(r, html, "counts.c", 10, "counts, scale 10");
    is_int(shown(html, 25), 120, "counts, scale 10: the inner body shows 12 x 10");
    free(html);
    result_free(r);

    /* branches.c: estimates. */
    r = tools_result("examples/branches/branches.fspec", "branches.json");
    html = render(tools_path("branches.json"), "branches", "--scale 1000", "branches.c");
    lines_show(r, html, "branches.c", 1000, "branches");
    const result_block *body = &r->blocks[5];
    if (strcmp(body->block, "for.body") != 0) bail("block 5 of branches.c is %s, not for.body", body->block);
    branch_shows(html, 17, 0, (long long)tools_scaled(body->mean, 1000));
    branch_shows(html, 17, 1, 1000);
    free(html);

    /* By default, totals over the trials' runs, as a coverage build run on their
     * inputs counts them: lines no trial reached show 0. */
    html = render(tools_path("branches.json"), "totals", "", "branches.c");
    lines_show(r, html, "branches.c", (double)r->runs, "totals over the runs");
    free(html);
    info = tools_slurp(tools_path("totals.info"));
    char tn[64];
    snprintf(tn, sizeof tn, "\nTN:freqsys_%llu_runs\n", (unsigned long long)r->runs);
    ok(info && strstr(info, tn), "...named in the test name: %s", tn + 1);
    free(info);

    /* From elsewhere: the result names its spec from its own folder, so the sources
     * are found all the same. */
    char *err = NULL;
    snprintf(cmd, sizeof cmd,
             "cd / && '%s' report '%s' --format lcov -o '%s' && test -f \"$(sed -n 's/^SF://p' '%s' "
             "| head -n 1)\"",
             TOOLS_FREQSYS, tools_path("branches.json"), tools_path("elsewhere.info"),
             tools_path("elsewhere.info"));
    is_int(tools_sh(cmd, NULL, &err), 0,
           "from another folder: the export is written, its SF: a file that exists");
    ok(err && !strstr(err, "not found"), "...and no source is missing");
    free(err);
    snprintf(cmd, sizeof cmd,
             "cd / && '%s' report '%s' --format lcov --source-dir '%s/examples/branches' "
             "-o '%s' && grep -x 'SF:%s/examples/branches/branches.c' '%s'",
             TOOLS_FREQSYS, tools_path("branches.json"), FREQSYS_SOURCE_DIR, tools_path("elsewhere.info"),
             FREQSYS_SOURCE_DIR, tools_path("elsewhere.info"));
    is_int(tools_sh(cmd, NULL, NULL), 0, "...and --source-dir finds them (absolute SF: path)");
    result_free(r);
    tools_cleanup();
    return done();
}
