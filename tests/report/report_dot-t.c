/* tests/report/report_dot-t.c: the dot export, laid out by Graphviz: the SVG shows the result's blocks,
 * numbers and derived edges. */
/* SPDX-License-Identifier: MIT */
#include "tools.h"

static char *svg;

/* The texts of the SVG group whose title is TITLE (dot escapes "->" as "&#45;&gt;"),
 * joined by '|', into BUF; "" when there is no such group. */
static const char *texts(const char *title, char *buf, size_t n) {
    char key[128];
    snprintf(key, sizeof key, "<title>%s</title>", title);
    buf[0] = '\0';
    const char *p = strstr(svg, key), *end = p ? strstr(p, "</g>") : NULL;
    while (p && (p = strstr(p, "<text")) && p < end) {
        const char *open = strchr(p, '>') + 1, *close = strstr(open, "</text>");
        size_t len = strlen(buf);
        snprintf(buf + len, n - len, "%s%.*s", len ? "|" : "", (int)(close - open), open);
        p = close;
    }
    return buf;
}

/* Checks the node of block I: its label, location and "mean ± half" as in the JSON. */
static void node_shows(const result *r, size_t i) {
    const result_block *b = &r->blocks[i];
    char title[32], want[256], got[512];
    snprintf(title, sizeof title, "b%zu", i);
    if (!strcmp(b->status, "rare"))
        snprintf(want, sizeof want, "%s|%s:%d|%.4f|%s", b->block, b->file, b->line, b->mean,
                 b->hits ? "rare" : "never reached");
    else
        snprintf(want, sizeof want, "%s|%s:%d|%.4f ± %.4f", b->block, b->file, b->line, b->mean,
                 b->half_width);
    is_string(texts(title, got, sizeof got), want, "node %s/%s shows its numbers", b->function, b->block);
}

/* Checks that the edge FROM -> TO is labelled WANT. */
static void edge_shows(size_t from, size_t to, const char *want) {
    char title[64], got[256];
    snprintf(title, sizeof title, "b%zu&#45;&gt;b%zu", from, to);
    is_string(texts(title, got, sizeof got), want, "edge b%zu -> b%zu is labelled %s", from, to, want);
}

static void edge_mean(const result *r, size_t from, size_t to, size_t like) {
    char want[32];
    snprintf(want, sizeof want, "%.4f", r->blocks[like].mean);
    edge_shows(from, to, want);
}

/* Lays out RESULT's dot export with dot and keeps the SVG. */
static void draw(const char *json, const char *name) {
    char cmd[2048], *err = NULL;
    snprintf(cmd, sizeof cmd, "'%s' report '%s' --format dot -o '%s/%s.dot' && '%s' -Tsvg '%s/%s.dot'",
             TOOLS_FREQSYS, json, tools_dir, name, DOT_PROGRAM, tools_dir, name);
    free(svg);
    int rc = tools_sh(cmd, &svg, &err);
    if (!is_int(rc, 0, "%s: freqsys report --format dot | dot -Tsvg succeeds", name))
        diag("%s", err ? err : "");
    if (!svg) bail("no SVG");
    free(err);
}

int main(void) {
    tools_need(DOT_PROGRAM, "Graphviz dot", "graphviz");
    plan(2 + 27 + 13 + 2 + 14 + 10);
    tools_tmpdir();

    /* counts.c: every count is exact, so the derived edges are known numbers. */
    result *r = tools_result("tests/e2e/programs/counts.fspec", "counts.json");
    draw(tools_path("counts.json"), "counts");
    for (size_t i = 0; i < r->nblocks; i++) node_shows(r, i);
    edge_shows(1, 2, "10.0000"); /* the first loop's body */
    edge_shows(1, 4, "1.0000");  /* ...and its exit */
    edge_shows(3, 1, "10.0000"); /* ...and back edge */
    edge_shows(7, 8, "12.0000"); /* the inner loop */
    edge_shows(9, 7, "12.0000");
    edge_shows(14, 13, "4.0000"); /* do-while: 5 bodies, 4 returns */
    edge_shows(14, 15, "1.0000");
    edge_shows(17, 19, "0");       /* calls == 25 always */
    edge_shows(20, 21, "0");       /* finish() exits: the run never comes back */
    edge_shows(22, 23, "13.0000"); /* fib's leaves */
    edge_shows(17, 22, "1.0000 call");
    edge_shows(24, 22, "24.0000 calls");
    edge_shows(20, 26, "1.0000 call");
    const char *c = svg;
    int clusters = 0;
    while ((c = strstr(c, "class=\"cluster\""))) clusters++, c++;
    is_int(clusters, 3, "counts: one cluster per function");
    ok(strstr(svg, ">fib (counts.c:7)<") != NULL, "counts: clusters are titled with the declaration");
    result_free(r);

    /* branches.c: estimates; the edges follow from the block means. */
    r = tools_result("examples/branches/branches.fspec", "branches.json");
    draw(tools_path("branches.json"), "branches");
    for (size_t i = 0; i < r->nblocks; i++) node_shows(r, i);
    if (r->nblocks != 14) bail("branches.c has %zu blocks, not the 14 this test knows", r->nblocks);
    edge_mean(r, 0, 1, 1); /* into if.then: its only predecessor */
    edge_mean(r, 0, 2, 2);
    edge_mean(r, 4, 5, 5); /* the loop body */
    edge_mean(r, 6, 4, 6); /* the back edge carries the increments */
    edge_mean(r, 4, 7, 7); /* the loop exit, once per run */
    edge_mean(r, 7, 8, 8); /* the switch's cases */
    edge_mean(r, 7, 9, 9);
    edge_mean(r, 7, 10, 10);
    edge_shows(11, 12, "0"); /* x > 2.0 never holds */
    edge_mean(r, 11, 13, 13);
    result_free(r);
    free(svg);
    tools_cleanup();
    return done();
}
