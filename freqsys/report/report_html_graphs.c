/* freqsys/report/report_html_graphs.c: the html page's control-flow graphs: one per function, laid out by dot
 * within limits of size and time. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "export.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* dot's layout time grows much faster than a graph's size: past this many blocks a
 * function is not laid out (a real interpreter's main loop took minutes). */
#define GRAPH_MAX_BLOCKS 200
/* A page draws at most this many functions, the hottest: a drawing is about 13 KB,
 * and a program of 3,500 functions made a page of 64 MB, 46 MB of it graphs, that a
 * browser opens slowly; the rest are named, with the command that draws them. */
#define GRAPH_MAX_DRAWINGS 250
/* Functions are laid out by one dot child per batch of about this many blocks: the
 * start of a child costs more than a small function's layout. */
#define BATCH_BLOCKS      400
#define DEFAULT_TIMEOUT_S 5.0
/* All the children together get this many times one child's limit. */
#define BUDGET_TIMEOUTS 4.0

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double function_heat(const result *r, const html_drawing *d) {
    double most = 0;
    for (size_t i = d->first; i < d->end; i++)
        if (isfinite(r->blocks[i].mean)) most = fmax(most, r->blocks[i].mean);
    return most;
}

static const result *sort_result; /* qsort has no context argument */
static const html_drawing *sort_drawings;

/* Hottest first, then in the result's order. */
static int cmp_heat(const void *a, const void *b) {
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    double hx = function_heat(sort_result, &sort_drawings[x]),
           hy = function_heat(sort_result, &sort_drawings[y]);
    if (hx != hy) return hx > hy ? -1 : 1;
    return (x > y) - (x < y);
}

/* Gives each of the N drawings at WHICH the SVG between successive "<svg" and "</svg>" of
 * TEXT. Returns 0, or -1 when TEXT holds another number of drawings. */
static int split(const char *text, html_drawing *d, const size_t *which, size_t n) {
    const char *p = text;
    char **svg = calloc(n ? n : 1, sizeof *svg);
    size_t k = 0;
    for (; svg && k < n; k++) {
        const char *start = strstr(p, "<svg"), *end = start ? strstr(start, "</svg>") : NULL;
        if (!end || !(svg[k] = strndup(start, (size_t)(end + 6 - start)))) break;
        p = end + 6;
    }
    int ok = svg && k == n && !strstr(p, "<svg");
    for (size_t j = 0; svg && j < n; j++) {
        if (ok)
            d[which[j]].svg = svg[j];
        else
            free(svg[j]);
    }
    free(svg);
    return ok ? 0 : -1;
}

/* Lays out the drawings at WHICH[0..N) in one dot child given at most LIMIT seconds. */
static void batch(const result *r, const edge_flow *f, html_graphs *g, const size_t *which, size_t n,
                  double limit) {
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    int bad = !mem;
    for (size_t k = 0; k < n && !bad; k++)
        bad = report_dot_function(r, f, g->d[which[k]].first, g->d[which[k]].end, mem) != 0;
    if (mem && fclose(mem) != 0) bad = 1;
    int why = ENOMEM;
    if (!bad) {
        char *svg = dot_child_svg(text, len, limit);
        why = svg ? 0 : errno;
        if (svg && split(svg, g->d, which, n) != 0) why = ECHILD;
        free(svg);
    }
    free(text);
    if (why == ENOENT) g->no_dot = 1;
    for (size_t k = 0; k < n && why; k++)
        g->d[which[k]].why = why == ETIMEDOUT ? HTML_TIMED_OUT : HTML_FAILED, g->d[which[k]].err = why;
}

int report_html_graphs_draw(const result *r, const result_export *opt, html_graphs *g) {
    *g = (html_graphs){0};
    size_t n = 0;
    for (size_t i = 0; i < r->nblocks; i++)
        n += i == 0 || strcmp(r->blocks[i].function, r->blocks[i - 1].function) != 0;
    g->d = calloc(n ? n : 1, sizeof *g->d);
    size_t *order = malloc((n ? n : 1) * sizeof *order);
    edge_flow f;
    if (!g->d || !order || edge_flow_solve(r, &f) != 0) {
        free(g->d);
        free(order);
        g->d = NULL;
        errno = ENOMEM;
        return -1;
    }
    for (size_t i = 0; i < r->nblocks; i++) { /* the blocks of one function are contiguous */
        if (i > 0 && strcmp(r->blocks[i].function, r->blocks[i - 1].function) == 0) continue;
        html_drawing *d = &g->d[g->n++];
        d->first = i;
        for (d->end = i; d->end < r->nblocks && !strcmp(r->blocks[d->end].function, r->blocks[i].function);)
            d->end++;
    }
    size_t drawable = 0;
    for (size_t k = 0; k < g->n; k++) {
        if (g->d[k].end - g->d[k].first > GRAPH_MAX_BLOCKS)
            g->d[k].why = HTML_TOO_BIG;
        else
            order[drawable++] = k;
    }
    /* the hottest functions first, so that the time goes to those a reader looks at */
    sort_result = r, sort_drawings = g->d;
    qsort(order, drawable, sizeof *order, cmp_heat);
    for (; drawable > GRAPH_MAX_DRAWINGS; drawable--) g->d[order[drawable - 1]].why = HTML_COLD;
    g->timeout_s = opt->dot_timeout_s > 0 ? opt->dot_timeout_s : DEFAULT_TIMEOUT_S;
    g->budget_s = BUDGET_TIMEOUTS * g->timeout_s;
    double start = now_s();
    for (size_t k = 0; k < drawable;) {
        size_t end = k, blocks = 0;
        while (end < drawable &&
               (end == k || blocks + (g->d[order[end]].end - g->d[order[end]].first) <= BATCH_BLOCKS))
            blocks += g->d[order[end]].end - g->d[order[end]].first, end++;
        double left = g->budget_s - (now_s() - start);
        if (g->no_dot || left <= 0) {
            for (; k < drawable; k++) g->d[order[k]].why = g->no_dot ? HTML_NO_DOT : HTML_OUT_OF_TIME;
            break;
        }
        batch(r, &f, g, order + k, end - k, fmin(g->timeout_s, left));
        k = end;
    }
    edge_flow_free(&f);
    free(order);
    return 0;
}

void report_html_graphs_free(html_graphs *g) {
    for (size_t k = 0; g->d && k < g->n; k++) free(g->d[k].svg);
    free(g->d);
    *g = (html_graphs){0};
}

/* Why drawing D is missing, as a sentence's end. */
static void why_not(const html_graphs *g, const html_drawing *d, FILE *out) {
    switch (d->why) {
    case HTML_TOO_BIG:
        fprintf(out, "%zu blocks, more than the %d that are laid out here", d->end - d->first,
                GRAPH_MAX_BLOCKS);
        break;
    case HTML_TIMED_OUT:
        fprintf(out, "dot ran past its limit of %g s and was stopped", g->timeout_s);
        break;
    case HTML_COLD:
        fprintf(out, "colder than the %d hottest functions, which are drawn here", GRAPH_MAX_DRAWINGS);
        break;
    case HTML_OUT_OF_TIME:
        fprintf(out, "the %g s given to dot for all the graphs ran out before this one", g->budget_s);
        break;
    default:
        fprintf(out, "dot could not draw it (%s)", d->err == ECHILD ? "it failed" : strerror(d->err));
    }
}

void report_html_graphs_write(const result *r, const result_export *opt, const html_graphs *g, FILE *out) {
    fputs("<section id=\"graphs\"><h2>Control-flow graphs</h2>\n", out);
    if (g->no_dot) {
        fputs("<p class=\"note\" id=\"no-dot\">The drawings need Graphviz's <code>dot</code>, "
              "which was not found on PATH (Debian: <code>apt-get install graphviz</code>). "
              "<code>freqsys report RESULT.json --format dot</code> writes the graph to lay out "
              "later.</p>\n</section>\n",
              out);
        return;
    }
    fprintf(out,
            "<p>Fill colour: executions on a log scale, white (a thousandth of the "
            "hottest block or less) to red (the hottest); grey dashed blocks never ran "
            "or are rare. Edge labels are derived executions per %s (? where the block "
            "counts do not determine them).</p>\n",
            strcmp(r->mode, "function") == 0 ? "call" : "run");
    const char *result_path = opt->result_path ? opt->result_path : "RESULT.json";
    size_t missing = 0;
    for (size_t k = 0; k < g->n; k++) missing += g->d[k].svg == NULL;
    if (missing) {
        fprintf(out,
                "<p class=\"note\" id=\"skipped-graphs\">%zu of %zu functions are not drawn here; each says "
                "why. <code>freqsys report ",
                missing, g->n);
        report_html_escape(result_path, out);
        fputs(" --format dot --function NAME | dot -Tsvg -o NAME.svg</code> draws one of them, and "
              "<code>--format dot</code> alone all of them.</p>\n",
              out);
    }
    for (size_t k = 0; k < g->n; k++) {
        const html_drawing *d = &g->d[k];
        const result_block *entry = &r->blocks[d->first];
        fprintf(out, "<div class=\"fn cfg\" id=\"cfg-%zu\" data-filter=\"", k);
        report_html_escape(entry->function, out);
        fputc(' ', out);
        report_html_escape(entry->file, out);
        fputs("\"><h3>", out);
        report_html_escape(entry->function, out);
        fputs("</h3>\n", out);
        if (d->svg) {
            fputs("<div class=\"graph\">", out);
            fputs(d->svg, out);
            fputs("</div>\n", out);
        } else {
            fputs("<p class=\"note skipped\" data-function=\"", out);
            report_html_escape(entry->function, out);
            fputs("\">Not drawn: ", out);
            why_not(g, d, out);
            fputs(". <code>freqsys report ", out);
            report_html_escape(result_path, out);
            fputs(" --format dot --function ", out);
            report_html_escape(entry->function, out);
            fputs(" | dot -Tsvg -o ", out);
            report_html_escape(entry->function, out);
            fputs(".svg</code> draws it.</p>\n", out);
        }
        fputs("</div>\n", out);
    }
    fputs("</section>\n", out);
}
