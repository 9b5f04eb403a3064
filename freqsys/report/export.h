/* freqsys/report/export.h: what the exports (dot, lcov, sample, html) share, grouped by file. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_EXPORT_H
#define FREQSYS_EXPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "result.h"

/* ---- edge_flow.c: estimated executions per run of each CFG edge ---- */

/* One distinct edge FROM -> TO of the static CFG (a switch with two cases going to
 * the same block has one edge there). COUNT is meaningful only when KNOWN. */
typedef struct edge_flow_edge {
    uint32_t from, to;
    int known;
    double count;
} edge_flow_edge;

/* Block i's out-edges are edges[first[i]] .. edges[first[i + 1] - 1], in the order of
 * its first appearance in the block's successor list. */
typedef struct edge_flow {
    edge_flow_edge *edges;
    size_t nedges;
    size_t *first; /* nblocks + 1 entries */
} edge_flow;

/* Derives every edge count that flow conservation determines uniquely (see
 * docs/exports.md). Returns 0, or -1 with errno ENOMEM; F is then empty. */
int edge_flow_solve(const result *r, edge_flow *f);
void edge_flow_free(edge_flow *f);

/* ---- dot_child.c: Graphviz's dot under a time limit ---- */

/* The SVG that `dot -Tsvg` (found on PATH) draws for the DOT text GRAPH of LEN bytes,
 * as a string to free. dot is killed, with whatever it started, after TIMEOUT_S
 * seconds. NULL with errno set when there is none: ENOENT when dot is not installed,
 * ETIMEDOUT when it ran past the limit, ECHILD when it failed. */
char *dot_child_svg(const char *graph, size_t len, double timeout_s);

/* ---- report_dot.c: one function's graph ---- */

/* Writes the digraph of the one function whose blocks are R's [FIRST, END), drawn as
 * the dot export draws it, without its calls; F is R's edge flow. Returns 0, or -1 with
 * errno ENOMEM (OUT's own errors show on OUT). */
int report_dot_function(const result *r, const edge_flow *f, size_t first, size_t end, FILE *out);

/* ---- report_html.c, report_html_graphs.c, html_escape.c: the html page ---- */

/* S with HTML's five special characters escaped. Never fails (errors show on OUT). */
void report_html_escape(const char *s, FILE *out);

/* report_html_quantiles.c: the page's section on quantiles (`run --quantiles`);
 * nothing without them. Never fails (errors show on OUT). */
void report_html_quantiles(const result *r, FILE *out);

/* Whether BLOCK is one clang adds only when it counts (-fprofile-instr-generate): the
 * blocks that count the right side of && and || (land.rhscnt, ...) and skipcount. */
int report_counting_block(const char *block);

/* Why a function's graph is not on the page. */
enum html_missing {
    HTML_DRAWN,
    HTML_TOO_BIG,
    HTML_TIMED_OUT,
    HTML_OUT_OF_TIME,
    HTML_NO_DOT,
    HTML_FAILED,
    HTML_COLD
};

/* One function's drawing: its blocks are the result's [first, end). */
typedef struct html_drawing {
    size_t first, end;
    char *svg; /* the <svg> element dot drew; NULL: not drawn, for WHY */
    enum html_missing why;
    int err; /* HTML_FAILED: errno */
} html_drawing;

typedef struct html_graphs {
    html_drawing *d; /* one per function, in the result's order */
    size_t n;
    int no_dot;                 /* dot is not installed: nothing is drawn */
    double timeout_s, budget_s; /* the limit of one dot child, and of all of them */
} html_graphs;

/* Lays out every function of R up to a size with dot, in batches, each child under
 * OPT's time limit and all of them under a budget, the hottest functions first.
 * Returns 0 (G says what is drawn and why the rest is not), or -1 with errno ENOMEM. */
int report_html_graphs_draw(const result *r, const result_export *opt, html_graphs *g);

/* Writes the page's section of graphs G, naming each function not drawn, why, and the
 * command that draws it. Never fails (errors show on OUT). */
void report_html_graphs_write(const result *r, const result_export *opt, const html_graphs *g, FILE *out);
void report_html_graphs_free(html_graphs *g);

/* ---- heat.c: colours by frequency ---- */

/* The fill colour "#rrggbb" for MEAN on a logarithmic white -> yellow -> red ramp over
 * three decades below HOTTEST. Never fails; a mean of 0 or NaN gets the grey of a block
 * that never ran. */
void heat_color(double mean, double hottest, char out[8]);

/* The largest finite mean of R's blocks, or 0. */
double heat_hottest(const result *r);

/* Writes the key of heat_color for HOTTEST as an HTML paragraph (class "legend"): the
 * colour of each decade from HOTTEST down to the ramp's end, the grey of 0, and
 * uncoloured lines. Never fails (errors show on OUT). */
void heat_legend(double hottest, FILE *out);

/* ---- number.c: numbers as the exports show them ---- */

/* The default factor from expected executions to the integer counts of lcov and the
 * sample profile. */
#define NUMBER_DEFAULT_SCALE 1000.0

/* X with four decimals as the text report prints it ("8.6748"), small non-zero values in
 * exponent form ("3.2e-05"), and "-" for NaN. Never fails; BUF holds at least 32. */
const char *number_format(double x, char *buf, size_t n);

/* MEAN x SCALE rounded to an integer count; a block that ran at all (MEAN > 0) counts at
 * least 1, so no tool shows it as never executed. NaN and negatives count 0. */
uint64_t number_scaled(double mean, double scale);

/* The scale in OPT, or the default when OPT is NULL or its scale is not positive. */
double number_scale(const result_export *opt);

/* How many runs (calls in function mode) R's means are over: its trials times the
 * runs (counted calls) in each; at least 1. */
double number_runs(const result *r);

/* ---- source_file.c: the program's sources ---- */

/* The path of source FILE (as named in R): FILE itself when absolute, else
 * OPT->source_dir/FILE, or, without a source dir, FILE in the folder of R's spec.
 * Returns a string to free, or NULL when out of memory. */
char *source_file_path(const result *r, const result_export *opt, const char *file);

/* A source file split into lines (without their line feeds). */
typedef struct source_file {
    char *text;
    char **lines;
    size_t nlines;
} source_file;

/* Reads PATH. Returns 0, or -1 with errno set (ENOENT when it is not there). */
int source_file_read(const char *path, source_file *sf);
void source_file_free(source_file *sf);

/* Says on OPT->warnings (if any) that source FILE is not at PATH, and how to point
 * freqsys at it. Never fails. */
void source_file_warn(const result_export *opt, const char *file, const char *path);

#endif
