/* freqsys/report/report_dot.c: the result as a Graphviz digraph: one cluster per function, blocks coloured by
 * frequency. */
/* SPDX-License-Identifier: MIT */
#include "export.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The hottest path of a function, as the block indices it walks (the back edge it
 * ends with included): its edges are drawn red. */
typedef struct top_path {
    size_t *at;
    size_t n;
    const result_path *path;
    double share;
} top_path;

static long block_in(const result *r, size_t first, size_t end, const char *label) {
    for (size_t j = first; j < end; j++)
        if (strcmp(r->blocks[j].block, label) == 0) return (long)j;
    return -1;
}

/* Fills TOP with the hottest path of the function whose blocks are [FIRST, END);
 * TOP->n is 0 when it has no counted path that ran. ORDER has room for r->npaths. */
static void find_top_path(const result *r, size_t first, size_t end, size_t *order, top_path *top) {
    double total;
    top->n = 0;
    size_t n = r->npaths ? result_path_rank(r, r->blocks[first].function, order, &total) : 0;
    if (n == 0 || !(r->paths[order[0]].mean > 0)) return;
    const result_path *p = &r->paths[order[0]];
    top->path = p;
    top->share = total > 0 ? p->mean / total : 0;
    for (size_t k = 0; k <= p->nblocks; k++) {
        const char *label = k < p->nblocks ? p->blocks[k] : p->back_to;
        long j = label ? block_in(r, first, end, label) : -1;
        if (j >= 0) top->at[top->n++] = (size_t)j;
    }
}

static int on_top_path(const top_path *top, unsigned from, unsigned to) {
    for (size_t k = 0; k + 1 < top->n; k++)
        if (top->at[k] == from && top->at[k + 1] == to) return 1;
    return 0;
}

/* S inside a DOT double-quoted string: quotes and backslashes escaped, line breaks as \n. */
static void quoted(const char *s, FILE *out) {
    for (; s && *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', out);
        if (*s == '\n')
            fputs("\\n", out);
        else
            fputc(*s, out);
    }
}

static int is_cold(const result_block *b) {
    return !(b->mean > 0) || strcmp(b->status, "rare") == 0;
}

/* The block's label: its IR name, where it starts, and its frequency. */
static void node(const result *r, size_t i, double hottest, FILE *out) {
    const result_block *b = &r->blocks[i];
    char mean[32], half[32], color[8];
    fprintf(out, "    b%zu [label=\"", i);
    quoted(b->block, out);
    fputs("\\n", out);
    if (b->file[0] && b->line)
        quoted(b->file, out), fprintf(out, ":%d", b->line);
    else if (b->line)
        fprintf(out, "line %d", b->line);
    else
        fputs("no location", out);
    fprintf(out, "\\n%s", number_format(b->mean, mean, sizeof mean));
    if (strcmp(b->status, "rare") == 0)
        fputs(b->hits ? "\\nrare" : "\\nnever reached", out);
    else if (isfinite(b->half_width))
        fprintf(out, " ± %s", number_format(b->half_width, half, sizeof half));
    heat_color(b->mean, hottest, color);
    fprintf(out, "\", fillcolor=\"%s\"%s];\n", color,
            is_cold(b) ? ", style=\"rounded,filled,dashed\", fontcolor=\"#666666\"" : "");
}

/* The function's cluster title: its name and, when known, where it is declared. */
static void cluster_label(const result *r, const char *name, const top_path *top, FILE *out) {
    fputs("    label=\"", out);
    quoted(name, out);
    for (size_t k = 0; k < r->nfunctions; k++)
        if (strcmp(r->functions[k].name, name) == 0 && r->functions[k].line) {
            fputs(" (", out);
            quoted(r->functions[k].file, out);
            fprintf(out, "%s%d)", r->functions[k].file[0] ? ":" : "line ", r->functions[k].line);
            break;
        }
    if (top->n) {
        char mean[32];
        fprintf(out, "\\nhottest path #%llu in red: %s per %s, %.1f%% of its path executions",
                (unsigned long long)top->path->id, number_format(top->path->mean, mean, sizeof mean),
                strcmp(r->mode, "function") == 0 ? "call" : "run", 100 * top->share);
    }
    fputs("\";\n", out);
}

static void edges_of(const result *r, const edge_flow *f, size_t i, double hottest, const top_path *top,
                     FILE *out) {
    char num[32];
    for (size_t e = f->first[i]; e < f->first[i + 1]; e++) {
        const edge_flow_edge *ed = &f->edges[e];
        fprintf(out, "    b%u -> b%u", ed->from, ed->to);
        if (on_top_path(top, ed->from, ed->to)) fputs(" [color=\"#cc0000\", fontcolor=\"#cc0000\"]", out);
        if (!ed->known)
            fputs(" [label=\"?\", color=\"#999999\", fontcolor=\"#999999\"];\n", out);
        else if (ed->count == 0)
            fputs(" [label=\"0\", color=\"#bbbbbb\", fontcolor=\"#999999\", style=dashed];\n", out);
        else
            fprintf(out, " [label=\"%s\", penwidth=%.2f];\n", number_format(ed->count, num, sizeof num),
                    hottest > 0 ? 1 + 2 * fmax(0, 1 + log10(ed->count / hottest) / 3) : 1);
    }
}

/* The entry block of FUNCTION: its first block in the result, or -1. */
static long entry_of(const result *r, const char *function) {
    for (size_t i = 0; i < r->nblocks; i++)
        if (strcmp(r->blocks[i].function, function) == 0) return (long)i;
    return -1;
}

/* One dashed edge per block and callee, carrying calls per run: the block's mean times
 * its call sites of that callee. */
static void calls_of(const result *r, size_t i, FILE *out) {
    const result_block *b = &r->blocks[i];
    char num[32];
    for (size_t k = 0; k < b->ncallees; k++) {
        size_t sites = 0, seen = 0;
        for (size_t j = 0; j < b->ncallees; j++) {
            sites += strcmp(b->callees[j], b->callees[k]) == 0;
            seen += j < k && strcmp(b->callees[j], b->callees[k]) == 0;
        }
        long to = entry_of(r, b->callees[k]);
        if (seen || to < 0) continue;
        fprintf(out,
                "  b%zu -> b%ld [style=dashed, color=\"#3465a4\", fontcolor=\"#3465a4\", "
                "constraint=false, label=\"%s call%s\"];\n",
                i, to, number_format(b->mean * (double)sites, num, sizeof num),
                b->mean * (double)sites == 1 ? "" : "s");
    }
}

/* The cluster of the function whose blocks are R's [FIRST, END): ORDER has room for
 * r->npaths + 1 and AT for r->nblocks + 2. */
static void cluster(const result *r, const edge_flow *f, size_t first, size_t end, size_t number,
                    double hottest, size_t *order, size_t *at, FILE *out) {
    fprintf(out, "  subgraph cluster_%zu {\n", number);
    top_path top = {at, 0, NULL, 0};
    find_top_path(r, first, end, order, &top);
    cluster_label(r, r->blocks[first].function, &top, out);
    for (size_t j = first; j < end; j++) node(r, j, hottest, out);
    for (size_t j = first; j < end; j++) edges_of(r, f, j, hottest, &top, out);
    fputs("  }\n", out);
}

/* The graph's opening lines: its title (when TITLED) and the nodes' and edges' looks. */
static void header(const result *r, int titled, FILE *out) {
    fputs("digraph freqsys {\n  graph [fontname=\"Helvetica\", labelloc=t", out);
    if (titled) {
        fputs(", label=\"", out);
        quoted(r->spec, out);
        fprintf(out, ": executions per %s\"", strcmp(r->mode, "function") == 0 ? "call" : "run");
    }
    fputs("];\n", out);
    fputs("  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=10];\n"
          "  edge [fontname=\"Helvetica\", fontsize=9];\n",
          out);
}

/* The end of the function whose blocks start at FIRST (the blocks of one function are
 * contiguous, entry first). */
static size_t function_end(const result *r, size_t first) {
    size_t end = first;
    while (end < r->nblocks && strcmp(r->blocks[end].function, r->blocks[first].function) == 0) end++;
    return end;
}

int report_dot_function(const result *r, const edge_flow *f, size_t first, size_t end, FILE *out) {
    size_t *order = malloc((r->npaths + 1) * sizeof *order), *at = malloc((r->nblocks + 2) * sizeof *at);
    if (!order || !at) {
        free(order);
        free(at);
        errno = ENOMEM;
        return -1;
    }
    header(r, 0, out); /* the page says what the numbers are */
    cluster(r, f, first, end, 0, heat_hottest(r), order, at, out);
    fputs("}\n", out);
    free(order);
    free(at);
    return 0;
}

int report_dot_write(const result *r, const result_export *opt, FILE *out, char *err, size_t errlen) {
    const char *only = opt ? opt->function : NULL;
    long found = -1;
    for (size_t i = 0; only && i < r->nblocks && found < 0; i++)
        if (strcmp(r->blocks[i].function, only) == 0) found = (long)i;
    if (only && found < 0) {
        if (err && errlen)
            snprintf(err, errlen, "--function %s: no function of that name in the result", only);
        errno = EINVAL;
        return -1;
    }
    edge_flow f;
    if (edge_flow_solve(r, &f) != 0) {
        if (err && errlen) snprintf(err, errlen, "out of memory");
        return -1;
    }
    double hottest = heat_hottest(r);
    errno = 0;
    size_t *order = malloc((r->npaths + 1) * sizeof *order), *at = malloc((r->nblocks + 2) * sizeof *at);
    if (!order || !at) {
        free(order);
        free(at);
        edge_flow_free(&f);
        if (err && errlen) snprintf(err, errlen, "out of memory");
        errno = ENOMEM;
        return -1;
    }
    header(r, 1, out);
    size_t number = 0;
    for (size_t i = 0; i < r->nblocks; i = function_end(r, i))
        if (found < 0 || i == (size_t)found)
            cluster(r, &f, i, function_end(r, i), number++, hottest, order, at, out);
    for (size_t i = 0; i < r->nblocks && found < 0; i++) /* one function alone: its calls lead nowhere */
        calls_of(r, i, out);
    fputs("}\n", out);
    free(order);
    free(at);
    edge_flow_free(&f);
    return result_flush(out, err, errlen);
}
