/* tests/report/report_html-t.c: the HTML page, rendered by headless Chromium: the table, sorting, CFGs,
 * convergence plots and source heat show the result. */
/* SPDX-License-Identifier: MIT */
#include "tools.h"

/* Loads PAGE (with FRAGMENT, e.g. "#sort=-mean") in headless Chromium and returns the
 * DOM after its scripts ran, to free. */
static char *render(const char *page, const char *fragment) {
    char cmd[4096], *dom = NULL, *err = NULL;
    snprintf(cmd, sizeof cmd,
             "timeout 90 '%s' --headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
             "--disable-background-networking --disable-component-update --disable-sync "
             "--user-data-dir='%s/profile' --dump-dom 'file://%s%s'",
             CHROMIUM_PROGRAM, tools_dir, page, fragment);
    int rc = tools_sh(cmd, &dom, &err);
    if (!is_int(rc, 0, "chromium renders %s%s", strrchr(page, '/') + 1, fragment)) diag("%s", err ? err : "");
    free(err);
    if (!dom || !strstr(dom, "</html>")) bail("chromium dumped no page");
    return dom;
}

/* The text of the N-th (from 0) cell of the table row with id ROW, into BUF. */
static const char *cell(const char *dom, const char *row, int n, char *buf, size_t len) {
    char key[64];
    snprintf(key, sizeof key, "<tr id=\"%s\"", row);
    const char *p = strstr(dom, key);
    buf[0] = '\0';
    for (int k = 0; p && k <= n; k++) p = strstr(p + 1, "<td");
    if (!p) return buf;
    const char *open = strchr(p, '>') + 1, *close = strstr(open, "</td>");
    snprintf(buf, len, "%.*s", (int)(close - open), open);
    return buf;
}

/* The block indices of the table's rows, in their order in the DOM. */
static size_t row_order(const char *dom, size_t *order, size_t max) {
    size_t n = 0;
    const char *p = strstr(dom, "<table id=\"blocks\"");
    while (p && n < max && (p = strstr(p, "<tr id=\"block-"))) {
        order[n++] = strtoul(p + 14, NULL, 10);
        p++;
    }
    return n;
}

/* A trace of R: check points from 30 on, 25% apart; each block's estimate wanders
 * towards its final mean and half width, which the last check point gives exactly. */
static void write_trace(const result *r, const char *path) {
    FILE *f = fopen(path, "w");
    if (!f) bail("cannot write %s", path);
    fputs("trials,block,mean,half_width\n", f);
    for (double t = 30;; t *= 1.25) {
        uint64_t n = t < (double)r->trials ? (uint64_t)t : r->trials;
        for (size_t i = 0; i < r->nblocks; i++) {
            double w = n == r->trials ? 0 : sqrt(30.0 / (double)n);
            const result_block *b = &r->blocks[i];
            if (n == 30)
                fprintf(f, "%llu,%zu,%.17g,\n", (unsigned long long)n, i, b->mean * (1 + w));
            else
                fprintf(f, "%llu,%zu,%.17g,%.17g\n", (unsigned long long)n, i, b->mean * (1 + w),
                        b->half_width * (1 + 10 * w));
        }
        if (n == r->trials) break;
    }
    fclose(f);
}

/* The text of the count cell of source line LINE in DOM, or NULL. */
static char *count_cell(const char *dom, int line) {
    char ln[64];
    snprintf(ln, sizeof ln, "<td class=\"ln\">%d</td><td class=\"n\"", line);
    const char *at = strstr(dom, ln);
    const char *open = at ? strchr(at + strlen(ln), '>') : NULL;
    const char *close = open ? strstr(open, "</td>") : NULL;
    return close ? strndup(open + 1, (size_t)(close - open - 1)) : NULL;
}

/* The y of the first and the last point of the polyline whose tag holds AT, into Y. */
static int polyline_ends(const char *at, double y[2]) {
    const char *pts = strstr(at, "points=\"");
    const char *close = pts ? strchr(pts + 8, '"') : NULL;
    if (!close) return -1;
    const char *last = NULL;
    for (const char *p = pts + 8; p < close; p++)
        if (*p == ',') last = p;
    const char *first = strchr(pts + 8, ',');
    if (!first || first > close || !last) return -1;
    y[0] = atof(first + 1);
    y[1] = atof(last + 1);
    return 0;
}

static size_t occurrences(const char *text, const char *what) {
    size_t n = 0;
    for (const char *p = text; p && (p = strstr(p, what)); p += strlen(what)) n++;
    return n;
}

int main(void) {
    tools_need(CHROMIUM_PROGRAM, "chromium", "chromium");
    tools_need(DOT_PROGRAM, "Graphviz dot", "graphviz");
    plan(48);
    tools_tmpdir();
    result *r = tools_result("examples/branches/branches.fspec", "branches.json");
    char cmd[4096], *err = NULL, buf[256], want[256];
    write_trace(r, tools_path("trace.csv"));
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' report '%s' --format html --trace '%s' -o '%s'",
             FREQSYS_SOURCE_DIR, TOOLS_FREQSYS, tools_path("branches.json"), tools_path("trace.csv"),
             tools_path("page.html"));
    if (!is_int(tools_sh(cmd, NULL, &err), 0, "freqsys report --format html --trace succeeds"))
        diag("%s", err ? err : "");
    free(err);
    char *page = tools_slurp(tools_path("page.html"));
    if (!page) bail("no page written");
    ok(!strstr(page, "<link") && !strstr(page, "src=\"") && !strstr(page, "href=\"http") &&
           !strstr(page, "@import"),
       "the page loads nothing from elsewhere");
    /* the block whose need set the trials, as the result names it */
    char paced[512] = "";
    if (r->paced_by > 0 && r->paced_by <= r->nblocks)
        snprintf(paced, sizeof paced, "<td id=\"paced-by\">%s %s (", r->blocks[r->paced_by - 1].function,
                 r->blocks[r->paced_by - 1].block);
    ok(paced[0] && strstr(page, paced), "the summary names the block that set the trials (%s)", paced);
    ok(strstr(page, "<td id=\"caps\">none: every bound a verdict rests on is proven</td>") != NULL,
       "the summary says no verdict rests on a cap");

    /* a sampled result, at a relative epsilon with a floor, under `cap step 31` (the
     * code proves as much: nothing rests on it) and `cap caps.c:14 2` (its loop rests
     * on it) */
    result *rc =
        tools_result("tests/e2e/programs/caps_held.fspec -e '20% + 0.5' --sampling plain", "caps.json");
    size_t on_loop = 0;
    for (size_t i = 0; i < rc->nblocks; i++) {
        const result_block *b = &rc->blocks[i];
        on_loop += b->basis && !strcmp(b->basis, "cap") && b->cap && !strcmp(b->cap, "caps.c:14");
    }
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' report '%s' --format html -o '%s'", FREQSYS_SOURCE_DIR,
             TOOLS_FREQSYS, tools_path("caps.json"), tools_path("caps.html"));
    if (!is_int(tools_sh(cmd, NULL, NULL), 0, "the page of a capped result is written")) bail("no page");
    char *capped = tools_slurp(tools_path("caps.html"));
    char loop_line[128];
    snprintf(loop_line, sizeof loop_line, "<td id=\"caps\">cap caps.c:14: the bound of %zu blocks</td>",
             on_loop);
    ok(capped && on_loop > 0 && strstr(capped, loop_line),
       "the summary names the cap the verdicts rest on, with its blocks (%zu), and not one they do not",
       on_loop);
    ok(capped && strstr(capped, "<td id=\"epsilon\">&plusmn;20% of the mean + 0.5</td>"),
       "...and epsilon with its floor");
    free(capped);
    result_free(rc);

    /* The hottest blocks, hottest first: the largest mean of the result leads. */
    const char *hot = strstr(page, "<table id=\"hot\">");
    double last = INFINITY, most = -INFINITY;
    int descending = hot != NULL, rows = 0;
    for (size_t i = 0; i < r->nblocks; i++) most = r->blocks[i].mean > most ? r->blocks[i].mean : most;
    for (const char *p = hot ? strstr(hot, "<tr><td") : NULL; p && p < strstr(hot, "</table>");
         p = strstr(p + 1, "<tr><td")) {
        const char *link = strstr(p, "#block-");
        size_t i = link ? strtoul(link + 7, NULL, 10) : r->nblocks;
        if (i >= r->nblocks || r->blocks[i].mean > last || (rows == 0 && r->blocks[i].mean != most))
            descending = 0;
        last = i < r->nblocks ? r->blocks[i].mean : last;
        rows++;
    }
    ok(descending && rows == (int)(r->nblocks < 10 ? r->nblocks : 10),
       "the hottest blocks: %d rows, the largest mean first, each linked to its row", rows);

    /* Blocks the counting added (clang's under -fprofile-instr-generate, freqsys's for
     * a select's condition) are in the table, hidden until asked, and nowhere else. */
    result *pgo = tools_result("tests/e2e/programs/pgo_counters.fspec", "pgo.json");
    size_t added = 0;
    for (size_t i = 0; i < pgo->nblocks; i++)
        added += strstr(pgo->blocks[i].block, "rhscnt") || strstr(pgo->blocks[i].block, "skipcount") ||
                 !strncmp(pgo->blocks[i].function, "freqsys.", 8);
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' report '%s' --format html -o '%s'", FREQSYS_SOURCE_DIR,
             TOOLS_FREQSYS, tools_path("pgo.json"), tools_path("pgo.html"));
    if (!is_int(tools_sh(cmd, NULL, NULL), 0, "the page of a run of clang's counters is written"))
        bail("no page");
    char *counted = tools_slurp(tools_path("pgo.html"));
    size_t marked = 0;
    for (const char *p = counted; p && (p = strstr(p, "<tr id=\"block-")) != NULL; p++) {
        const char *end = strchr(p, '>');
        const char *cls = strstr(p, " class=\"");
        static const char plain_added[] = " class=\"added\"", cold_added[] = " class=\"cold added\"";
        marked += end && cls && cls < end &&
                  (!strncmp(cls, plain_added, sizeof plain_added - 1) ||
                   !strncmp(cls, cold_added, sizeof cold_added - 1));
    }
    snprintf(want, sizeof want, "show the %zu blocks that counting added", added);
    ok(counted && added >= 5 && marked == added &&
           strstr(counted, "<table id=\"blocks\" class=\"hide-added\">") && strstr(counted, want),
       "the %zu added blocks are marked in the table (%zu), hidden, with a box to show them", added, marked);
    const char *toc = counted ? strstr(counted, "<nav id=\"toc\">") : NULL;
    const char *toc_end = toc ? strstr(toc, "</nav>") : NULL;
    const char *tool_fn = toc ? strstr(toc, "freqsys.pgo_step") : NULL;
    const char *hot_table = counted ? strstr(counted, "<table id=\"hot\">") : NULL;
    const char *hot_end = hot_table ? strstr(hot_table, "</table>") : NULL;
    const char *rhs = hot_table ? strstr(hot_table, "rhscnt") : NULL;
    ok(toc_end && (!tool_fn || tool_fn > toc_end) && !strstr(counted, "(no file)") && hot_end &&
           (!rhs || rhs > hot_end),
       "...and neither the contents nor the hottest blocks list them");
    free(counted);
    result_free(pgo);

    /* Function mode's register writes, each address with its writes per call. */
    result *reg = tools_result("tests/e2e/programs/registers.fspec", "reg.json");
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' report '%s' --format html -o '%s'", FREQSYS_SOURCE_DIR,
             TOOLS_FREQSYS, tools_path("reg.json"), tools_path("reg.html"));
    if (!is_int(tools_sh(cmd, NULL, NULL), 0, "the page of a run with register writes is written"))
        bail("no page");
    char *regs = tools_slurp(tools_path("reg.html"));
    const char *table = regs ? strstr(regs, "<table id=\"register-writes\">") : NULL;
    size_t listed = 0;
    for (size_t i = 0; table && i < reg->nmmio_writes; i++) {
        char row[64];
        snprintf(row, sizeof row, "<tr><td><code>0x%08llx</code></td>",
                 (unsigned long long)reg->mmio_writes[i].address);
        listed += strstr(table, row) != NULL;
    }
    ok(table && reg->nmmio_writes > 0 && listed == reg->nmmio_writes && strstr(regs, "counted per call"),
       "the page lists the %zu registers written, per call", reg->nmmio_writes);
    free(regs);
    result_free(reg);

    /* Sorted by mean, descending, by clicking the header twice (the #sort fragment). */
    char *dom = render(tools_path("page.html"), "#sort=-mean");
    ok(strstr(dom, "data-sorted=\"mean descending\"") != NULL,
       "the table says it is sorted by mean, descending");
    size_t order[64], n = row_order(dom, order, 64);
    is_int((long long)n, (long long)r->nblocks, "one row per block");
    int sorted = 1, shows = 1;
    for (size_t k = 0; k < n; k++) {
        if (k && r->blocks[order[k]].mean > r->blocks[order[k - 1]].mean) sorted = 0;
        char row[32];
        snprintf(row, sizeof row, "block-%zu", order[k]);
        snprintf(want, sizeof want, "%.4f", r->blocks[order[k]].mean);
        if (strcmp(cell(dom, row, 4, buf, sizeof buf), want) != 0 && shows) {
            shows = 0;
            diag("row %s shows mean %s, the result says %s", row, buf, want);
        }
    }
    ok(sorted, "the rows are in descending order of the result's means");
    ok(shows, "every row shows its block's mean from the result");
    is_string(cell(dom, "block-4", 2, buf, sizeof buf),
              "<span class=\"swatch\" style=\"background:#e84c3d\"></span> for.cond",
              "the hottest block, for.cond, has the hottest colour");
    ok(n && order[0] == 4, "...and comes first");
    snprintf(want, sizeof want, "%.4f", r->blocks[5].half_width);
    is_string(cell(dom, "block-5", 5, buf, sizeof buf), want, "a half width is the result's");
    is_string(cell(dom, "block-12", 5, buf, sizeof buf), "-", "a rare block shows no half width");

    /* The CFG drawn by dot, inline. */
    const char *graph = strstr(dom, "<div class=\"graph\"><svg");
    ok(graph != NULL, "the CFG is an inline SVG");
    snprintf(want, sizeof want, ">%.4f ± %.4f</text>", r->blocks[4].mean, r->blocks[4].half_width);
    ok(graph && strstr(graph, ">for.cond</text>") && strstr(graph, want), "...showing for.cond with %s",
       want + 1);

    /* Convergence: one plot per block that is not constant, ending on the result. */
    int plots = 1, constant_plotted = 0;
    for (size_t i = 0; i < r->nblocks; i++) {
        char id[80];
        snprintf(id, sizeof id, "<figure class=\"plot\" id=\"trace-%zu\">", i);
        const char *fig = strstr(dom, id);
        if (!strcmp(r->blocks[i].status, "constant")) {
            constant_plotted |= fig != NULL;
            continue;
        }
        snprintf(want, sizeof want, "<span class=\"last\">%.4f ± %.4f</span>", r->blocks[i].mean,
                 r->blocks[i].half_width);
        const char *end = fig ? strstr(fig, "</figure>") : NULL;
        const char *last = fig ? strstr(fig, want) : NULL;
        if (!(fig && strstr(fig, "<polygon class=\"band\"") && last && last < end) && plots) {
            plots = 0;
            diag("no plot of block %zu ending on %s", i, want);
        }
    }
    ok(plots, "each non-constant block has a plot with a band, ending on the result's numbers");

    /* Under each, the half width on a log scale closing on the target: it shrinks, and
     * a converged block's last half width is on or below its target line. */
    int closing = 1;
    for (size_t i = 0; i < r->nblocks && closing; i++) {
        if (!strcmp(r->blocks[i].status, "constant")) continue;
        char id[80];
        snprintf(id, sizeof id, "<figure class=\"plot\" id=\"trace-%zu\">", i);
        const char *fig = strstr(dom, id), *end = fig ? strstr(fig, "</figure>") : NULL;
        const char *width = fig ? strstr(fig, "class=\"width\"") : NULL;
        const char *target = fig ? strstr(fig, "class=\"target\"") : NULL;
        double wy[2], ty[2];
        closing = width && target && width < end && target < end && polyline_ends(width, wy) == 0 &&
                  polyline_ends(target, ty) == 0 && wy[0] < wy[1] &&
                  (strcmp(r->blocks[i].status, "converged") != 0 || wy[1] >= ty[1] - 0.05);
        if (!closing) diag("block %zu: no half-width plot closing on its target", i);
    }
    ok(closing, "...and a plot of its half width, shrinking down to the target line");
    ok(!constant_plotted, "constant blocks have none");

    /* The source, each line with the mean of every block starting on it. */
    snprintf(want, sizeof want, "%.4f", r->blocks[4].mean);
    char *cell = count_cell(dom, 17);
    ok(cell && strstr(cell, want), "source line 17 shows for.cond's mean %s (cell '%s')", want,
       cell ? cell : "");
    size_t starting = 0, shown_means = cell ? 1 : 0;
    for (size_t i = 0; i < r->nblocks; i++) starting += r->blocks[i].line == 17;
    for (const char *p = cell; p && (p = strstr(p, " · ")); p += 3) shown_means++;
    ok(starting >= 2 && shown_means == starting, "...and the mean of each of the %zu blocks starting there",
       starting);
    free(cell);
    snprintf(want, sizeof want, "%.4f", r->blocks[8].mean);
    cell = count_cell(dom, 23);
    ok(cell && strstr(cell, want), "source line 23 shows sw.bb's mean %s", want);
    free(cell);
    free(dom);
    free(page);

    /* Without a trace, sorted by block name: text order, and a word on the trace. */
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' report '%s' --format html -o '%s'", FREQSYS_SOURCE_DIR,
             TOOLS_FREQSYS, tools_path("branches.json"), tools_path("plain.html"));
    is_int(tools_sh(cmd, NULL, NULL), 0, "freqsys report --format html succeeds without a trace");
    dom = render(tools_path("plain.html"), "#sort=block");
    n = row_order(dom, order, 64);
    sorted = n == r->nblocks;
    for (size_t k = 1; k < n; k++)
        sorted &= strcmp(r->blocks[order[k - 1]].block, r->blocks[order[k]].block) <= 0;
    ok(sorted && strstr(dom, "data-sorted=\"block ascending\""), "sorted by block name, ascending");
    ok(strstr(dom, "id=\"no-trace\"") != NULL, "...and the page says how to get a trace");
    free(dom);

    /* The filter, given in the address: a name no function or file has hides every row
     * and every section of a function; the file's name hides none. */
    dom = render(tools_path("plain.html"), "#filter=nosuch");
    ok(strstr(dom, "data-filtered=\"nosuch\"") &&
           occurrences(dom, "hidden=\"\"") == occurrences(dom, "data-filter=") &&
           occurrences(dom, "<tr id=\"block-") == r->nblocks &&
           occurrences(dom, "<tr id=\"block-") <= occurrences(dom, "hidden=\"\""),
       "#filter=nosuch hides each of the %zu rows and every function's section", r->nblocks);
    free(dom);
    dom = render(tools_path("plain.html"), "#filter=BRANCHES.C");
    {
        /* with no #sort, the table opens hottest first */
        const char *row = strstr(dom, "<tbody>");
        double prev = INFINITY;
        int hottest_first = strstr(dom, "data-sorted=\"mean descending\"") != NULL, seen = 0;
        while (row && (row = strstr(row + 1, "<tr id=\"block-")) != NULL) {
            size_t i = strtoul(row + strlen("<tr id=\"block-"), NULL, 10);
            if (i >= r->nblocks) break;
            if (r->blocks[i].mean > prev) hottest_first = 0;
            prev = r->blocks[i].mean;
            seen++;
        }
        ok(hottest_first && seen == (int)r->nblocks,
           "without #sort the table opens by mean, hottest first (%d rows)", seen);
    }
    ok(strstr(dom, "data-filtered=\"branches.c\"") && !strstr(dom, "hidden=\"\"") &&
           strstr(dom, "<span id=\"filter-count\">1 function matches</span>"),
       "#filter=BRANCHES.C (any case) hides nothing and counts one function");
    free(dom);

    /* Without dot on PATH, the page says so. */
    snprintf(cmd, sizeof cmd,
             "cd '%s' && PATH=/nonexistent '%s' report '%s' --format html -o '%s' && "
             "grep -q 'id=\"no-dot\".*not found on PATH' '%s'",
             FREQSYS_SOURCE_DIR, TOOLS_FREQSYS, tools_path("branches.json"), tools_path("nodot.html"),
             tools_path("nodot.html"));
    is_int(tools_sh(cmd, NULL, NULL), 0, "without dot, the page says it was not found");

    /* A malformed trace is refused with its line, and nothing is written. */
    FILE *f = fopen(tools_path("bad.csv"), "w");
    if (!f) bail("cannot write bad.csv");
    fputs("trials,block,mean,half_width\n30,0,1,0\n30,99,1,0\n", f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "'%s' report '%s' --format html --trace '%s' -o '%s'", TOOLS_FREQSYS,
             tools_path("branches.json"), tools_path("bad.csv"), tools_path("bad.html"));
    err = NULL;
    is_int(tools_sh(cmd, NULL, &err), 2, "a malformed trace: exit 2");
    ok(err && strstr(err, "bad.csv:3: expected trials,block,mean,half_width") &&
           access(tools_path("bad.html"), F_OK) != 0,
       "...naming its line, and no page is written");
    free(err);

    /* A trace with its header alone has no points: a page, with nothing to sort (UBSan,
     * in the sanitizer build, held qsort to its non-null base here). */
    f = fopen(tools_path("header.csv"), "w");
    if (!f) bail("cannot write header.csv");
    fputs("trials,block,mean,half_width\n", f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' report '%s' --format html --trace '%s' -o '%s'",
             FREQSYS_SOURCE_DIR, TOOLS_FREQSYS, tools_path("branches.json"), tools_path("header.csv"),
             tools_path("header.html"));
    err = NULL;
    is_int(tools_sh(cmd, NULL, &err), 0, "a trace with only its header: exit 0");
    ok(access(tools_path("header.html"), F_OK) == 0 && (!err || !strstr(err, "runtime error")),
       "...a page is written, and no undefined behaviour is reported");
    free(err);

    /* Early intervals a thousand times wider than the last do not set the y axis: it
     * spans the final interval widened 4 times, and 5% more on each side. */
    f = fopen(tools_path("wide.csv"), "w");
    if (!f) bail("cannot write wide.csv");
    fputs("trials,block,mean,half_width\n", f);
    for (uint64_t t = 30; t < r->trials; t *= 2)
        fprintf(f, "%llu,4,%.17g,%.17g\n", (unsigned long long)t, r->blocks[4].mean,
                1000 * r->blocks[4].half_width);
    fprintf(f, "%llu,4,%.17g,%.17g\n", (unsigned long long)r->trials, r->blocks[4].mean,
            r->blocks[4].half_width);
    fclose(f);
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' report '%s' --format html --trace '%s' -o '%s'",
             FREQSYS_SOURCE_DIR, TOOLS_FREQSYS, tools_path("branches.json"), tools_path("wide.csv"),
             tools_path("wide.html"));
    is_int(tools_sh(cmd, NULL, NULL), 0, "a trace with wide early intervals: exit 0");
    page = tools_slurp(tools_path("wide.html"));
    const char *fig = page ? strstr(page, "<figure class=\"plot\" id=\"trace-4\">") : NULL;
    double m = r->blocks[4].mean, h = r->blocks[4].half_width;
    char top[64], bottom[64];
    snprintf(top, sizeof top, "class=\"y-top\" x=\"58\" y=\"18\" text-anchor=\"end\">%.4f<", m + 4.4 * h);
    snprintf(bottom, sizeof bottom, "text-anchor=\"end\">%.4f<", m - 4.4 * h > 0 ? m - 4.4 * h : 0);
    const char *end = fig ? strstr(fig, "</figure>") : NULL;
    const char *at_top = fig ? strstr(fig, top) : NULL, *at_bottom = fig ? strstr(fig, bottom) : NULL;
    ok(at_top && at_top < end && at_bottom && at_bottom < end,
       "for.cond's axis is %.4f +- 4.4 x %.4f (labels %s, %s)", m, h, top, bottom);
    ok(fig && strstr(fig, "clip-path=") && strstr(fig, "class=\"clipped\""),
       "...the band is cut at the frame, "
       "and the caption says so");
    /* The source view's key: the ramp from the hottest mean down three decades, and 0. */
    char want_key[128];
    double hottest = 0;
    for (size_t i = 0; i < r->nblocks; i++)
        hottest = r->blocks[i].mean > hottest ? r->blocks[i].mean : hottest;
    snprintf(want_key, sizeof want_key, "<span class=\"swatch\" style=\"background:#e84c3d\"></span> %.4f ",
             hottest);
    const char *key = page ? strstr(page, "<p class=\"legend\" id=\"heat-legend\">") : NULL;
    ok(key && strstr(key, want_key) && strstr(key, "background:#d9d9d9\"></span> 0 (never ran)"),
       "the source view has a key: the hottest colour at the hottest mean, grey at 0");
    free(page);
    result_free(r);
    tools_cleanup();
    return done();
}
