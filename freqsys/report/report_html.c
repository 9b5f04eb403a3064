/* freqsys/report/report_html.c: the result as one self-contained HTML page: summary, sortable table, CFGs,
 * convergence, heat-mapped source. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "export.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- the convergence trace ---- */

typedef struct point {
    uint64_t trials;
    uint32_t block;
    double mean, half;
} point;

typedef struct trace {
    point *points;
    size_t n;
} trace;

/* Parses one data row "trials,block,mean,half_width" (half_width may be empty, nan or
 * inf: no band at that point). Returns 0 or -1. */
static int parse_row(char *line, size_t nblocks, point *p) {
    char *f[4], *end;
    for (int k = 0; k < 4; k++) {
        f[k] = line;
        line = k < 3 ? strchr(line, ',') : NULL;
        if (k < 3 && !line) return -1;
        if (line) *line++ = '\0';
    }
    if (strchr(f[3], ',')) return -1;
    errno = 0;
    unsigned long long t = strtoull(f[0], &end, 10);
    if (errno || end == f[0] || *end || f[0][0] == '-') return -1;
    unsigned long b = strtoul(f[1], &end, 10);
    if (end == f[1] || *end || f[1][0] == '-' || b >= nblocks) return -1;
    p->trials = t;
    p->block = (uint32_t)b;
    p->mean = strtod(f[2], &end);
    if (end == f[2] || *end) return -1;
    p->half = f[3][0] ? strtod(f[3], &end) : NAN;
    if (f[3][0] && *end) return -1;
    return 0;
}

static int cmp_point(const void *a, const void *b) {
    const point *x = a, *y = b;
    if (x->block != y->block) return x->block < y->block ? -1 : 1;
    return (x->trials > y->trials) - (x->trials < y->trials);
}

/* Reads the trace at PATH; a message names the file and line of the first problem. */
static int read_trace(const char *path, size_t nblocks, trace *t, char *err, size_t errlen) {
    *t = (trace){0};
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0, room = 0;
    ssize_t len;
    int lineno = 0, rc = 0;
    while ((len = getline(&line, &cap, f)) >= 0) {
        lineno++;
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = '\0';
        if (lineno == 1) {
            if (strcmp(line, "trials,block,mean,half_width") != 0) {
                snprintf(err, errlen,
                         "%s:1: not a trace: the header must be "
                         "'trials,block,mean,half_width'",
                         path);
                rc = -1;
                break;
            }
            continue;
        }
        if (len == 0) continue;
        if (t->n == room) {
            point *more = realloc(t->points, (room = room ? 2 * room : 256) * sizeof *more);
            if (!more) {
                snprintf(err, errlen, "%s: out of memory", path);
                rc = -1;
                break;
            }
            t->points = more;
        }
        if (parse_row(line, nblocks, &t->points[t->n]) != 0) {
            snprintf(err, errlen,
                     "%s:%d: expected trials,block,mean,half_width with block "
                     "below %zu",
                     path, lineno, nblocks);
            rc = -1;
            break;
        }
        t->n++;
    }
    if (rc == 0 && lineno == 0) {
        snprintf(err, errlen, "%s: empty trace", path);
        rc = -1;
    }
    free(line);
    fclose(f);
    if (rc != 0) {
        free(t->points);
        *t = (trace){0};
        errno = EINVAL;
        return -1;
    }
    if (t->n > 0) /* a header alone leaves POINTS NULL, which qsort must not get */
        qsort(t->points, t->n, sizeof *t->points, cmp_point);
    return 0;
}

/* ---- small writers ---- */

int report_counting_block(const char *block) {
    return strstr(block, "rhscnt") || strstr(block, "skipcount");
}

/* ' data-filter="FUNCTION FILE"': what the filter box matches an element by. */
static void filter_attr(const char *function, const char *file, FILE *out) {
    fputs(" data-filter=\"", out);
    report_html_escape(function, out);
    fputc(' ', out);
    report_html_escape(file, out);
    fputc('"', out);
}

/* A number cell: shown with four decimals, sorted by its full value. */
static void num_cell(double x, FILE *out) {
    char shown[32];
    if (isnan(x))
        fputs("<td class=\"num\" data-v=\"\">-</td>", out);
    else
        fprintf(out, "<td class=\"num\" data-v=\"%.17g\">%s</td>", x, number_format(x, shown, sizeof shown));
}

static const char style[] =
    "<style>\n"
    "body{font:14px/1.4 system-ui,sans-serif;margin:1.5em 2em;color:#222}\n"
    "h1{font-size:1.4em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccc}\n"
    "table{border-collapse:collapse}td,th{padding:2px 8px}\n"
    "#summary th{text-align:left;font-weight:600;padding-right:1.5em}\n"
    "#blocks th{cursor:pointer;user-select:none;background:#f0f0f0;border-bottom:1px solid #999}\n"
    "#blocks th[aria-sort=ascending]::after{content:' \\25B2'}\n"
    "#blocks th[aria-sort=descending]::after{content:' \\25BC'}\n"
    "#blocks tr:nth-child(even){background:#fafafa}\n"
    ".num{text-align:right;font-variant-numeric:tabular-nums}\n"
    ".cold{color:#888}.swatch{display:inline-block;width:1em;height:1em;vertical-align:middle;outline:1px "
    "solid #ccc}\n"
    ".graph{overflow:auto;border:1px solid #ddd;max-height:90vh}\n"
    ".plots{display:flex;flex-wrap:wrap;gap:12px}.plot{border:1px solid #ddd;padding:4px;margin:0}\n"
    ".plot figcaption{font-size:12px}.plot svg{display:block}\n"
    ".src{font:12px/1.35 ui-monospace,monospace}.src td{padding:0 6px;white-space:pre}\n"
    ".src .ln{color:#888;text-align:right}.src .n{text-align:right;color:#444}\n"
    ".note{background:#fff3cd;padding:6px 10px;border:1px solid #e0c36b}\n"
    "#toc ul{margin:.2em 0 .6em;columns:22em;padding-left:1.5em}#toc li{break-inside:avoid}\n"
    "#toc summary{cursor:pointer;font-weight:600}#toc small{color:#555;font-weight:normal}\n"
    "#filter{font:inherit;width:20em;padding:2px 6px}\n"
    ".cfg h3{margin-bottom:.3em}\n"
    "</style>\n";

/* Sorting: a click on a header sorts by its column, again reverses; "#sort=KEY" or
 * "#sort=-KEY" in the address clicks the header on load, so a sorted view can be linked.
 * Without one the table opens hottest first (by mean, descending); # restores the
 * program's order. */
static const char script[] =
    "<script>\n"
    "(function () {\n"
    "  var table = document.getElementById('blocks');\n"
    "  var heads = table.tHead.rows[0].cells;\n"
    "  function key(row, col, numeric) {\n"
    "    var cell = row.cells[col], v = cell.getAttribute('data-v');\n"
    "    if (!numeric) return cell.textContent;\n"
    "    var x = parseFloat(v === null ? cell.textContent : v);\n"
    "    return isNaN(x) ? -Infinity : x;\n"
    "  }\n"
    "  function sort(th) {\n"
    "    var col = th.cellIndex, numeric = th.getAttribute('data-type') === 'num';\n"
    "    var dir = th.getAttribute('aria-sort') === 'ascending' ? -1 : 1;\n"
    "    var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);\n"
    "    rows.sort(function (a, b) {\n"
    "      var x = key(a, col, numeric), y = key(b, col, numeric);\n"
    "      var c = x < y ? -1 : x > y ? 1 : 0;\n"
    "      return c ? dir * c : key(a, 0, true) - key(b, 0, true);\n"
    "    });\n"
    "    rows.forEach(function (r) { body.appendChild(r); });\n"
    "    for (var i = 0; i < heads.length; i++) heads[i].removeAttribute('aria-sort');\n"
    "    th.setAttribute('aria-sort', dir > 0 ? 'ascending' : 'descending');\n"
    "    table.setAttribute('data-sorted', th.getAttribute('data-key') + (dir > 0 ? ' ascending' : ' "
    "descending'));\n"
    "  }\n"
    "  for (var i = 0; i < heads.length; i++)\n"
    "    heads[i].addEventListener('click', function (e) { sort(e.currentTarget); });\n"
    "  var added = document.getElementById('show-added');\n"
    "  if (added) added.addEventListener('change', function () {\n"
    "    table.classList.toggle('hide-added', !added.checked); });\n"
    "  var m = /^#sort=(-?)(\\w+)$/.exec(location.hash);\n"
    "  var th = m && table.querySelector('th[data-key=\"' + m[2] + '\"]');\n"
    "  if (th) { th.click(); if (m[1] === '-') th.click(); }\n"
    "  else { th = table.querySelector('th[data-key=\"mean\"]'); if (th) { th.click(); th.click(); } }\n"
    "})();\n"
    "</script>\n";

/* The filter: what is typed in the box (or given as "#filter=NAME") hides every element
 * with a data-filter attribute that does not contain it, ignoring case. */
static const char filter_script[] =
    "<script>\n"
    "(function () {\n"
    "  var box = document.getElementById('filter'), count = document.getElementById('filter-count');\n"
    "  var items = document.querySelectorAll('[data-filter]');\n"
    "  var keys = Array.prototype.map.call(items, function (e) { return "
    "e.getAttribute('data-filter').toLowerCase(); });\n"
    "  function apply() {\n"
    "    var q = box.value.trim().toLowerCase(), shown = 0;\n"
    "    for (var i = 0; i < items.length; i++) {\n"
    "      var hit = !q || keys[i].indexOf(q) >= 0;\n"
    "      items[i].hidden = !hit;\n"
    "      if (hit && items[i].tagName === 'LI') shown++;\n"
    "      if (hit && q && items[i].tagName === 'DETAILS') items[i].open = true;\n"
    "    }\n"

    "    count.textContent = q ? shown + (shown === 1 ? ' function matches' : ' functions match') : '';\n"
    "    document.body.setAttribute('data-filtered', q);\n"
    "  }\n"
    "  var timer;\n"
    "  box.addEventListener('input', function () { clearTimeout(timer); timer = setTimeout(apply, 150); });\n"
    "  var m = /^#filter=(.*)$/.exec(location.hash);\n"
    "  if (m) { box.value = decodeURIComponent(m[1]); apply(); }\n"
    "})();\n"
    "</script>\n";

/* ---- sections ---- */

/* The caps the verdicts rest on, each with the blocks whose bound it gives: an
 * assumption the reader should see beside the numbers it supports. */
static void caps_row(const result *r, FILE *out) {
    fputs("<tr><th>caps</th><td id=\"caps\">", out);
    size_t shown = 0;
    for (size_t i = 0; i < r->nblocks; i++) {
        const result_block *b = &r->blocks[i];
        if (!b->basis || strcmp(b->basis, "cap") != 0) continue;
        const char *name = b->cap ? b->cap : "";
        int first = 1; /* the first block resting on this cap: count them all there */
        for (size_t j = 0; j < i && first; j++)
            first = !(r->blocks[j].basis && !strcmp(r->blocks[j].basis, "cap") &&
                      !strcmp(r->blocks[j].cap ? r->blocks[j].cap : "", name));
        if (!first) continue;
        size_t n = 0;
        for (size_t j = i; j < r->nblocks; j++)
            n += r->blocks[j].basis && !strcmp(r->blocks[j].basis, "cap") &&
                 !strcmp(r->blocks[j].cap ? r->blocks[j].cap : "", name);
        fputs(shown++ ? "<br>" : "", out);
        if (*name) {
            fputs("cap ", out);
            report_html_escape(name, out);
        } else {
            fputs("the global cap (cap N, --cap)", out);
        }
        fprintf(out, ": the bound of %zu block%s", n, n == 1 ? "" : "s");
    }
    if (!shown) fputs("none: every bound a verdict rests on is proven", out);
    fputs("</td></tr>\n", out);
}

static void summary(const result *r, FILE *out) {
    size_t settled = 0;
    for (size_t i = 0; i < r->nblocks; i++) settled += strcmp(r->blocks[i].status, "not_converged") != 0;
    int function_mode = strcmp(r->mode, "function") == 0;
    fputs("<section><h2>Summary</h2><table id=\"summary\">\n<tr><th>spec</th><td>", out);
    report_html_escape(r->spec, out);
    fprintf(out, "</td></tr>\n<tr><th>mode</th><td>%s mode, entry ", function_mode ? "function" : "program");
    report_html_escape(r->entry, out);
    fprintf(out, "; MEAN is executions per %s</td></tr>\n", function_mode ? "call" : "run");
    if (r->relative && r->epsilon_floor > 0)
        fprintf(out, "<tr><th>epsilon</th><td id=\"epsilon\">&plusmn;%g%% of the mean + %g</td></tr>\n",
                r->epsilon * 100, r->epsilon_floor);
    else if (r->relative)
        fprintf(out, "<tr><th>epsilon</th><td id=\"epsilon\">&plusmn;%g%% of the mean</td></tr>\n",
                r->epsilon * 100);
    else
        fprintf(out, "<tr><th>epsilon</th><td id=\"epsilon\">&plusmn;%g</td></tr>\n", r->epsilon);
    caps_row(r, out);
    fprintf(out, "<tr><th>confidence</th><td>%g%%</td></tr>\n", r->confidence * 100);
    fprintf(out, "<tr><th>seed</th><td>%" PRIu64 "</td></tr>\n", r->seed);
    fprintf(out, "<tr><th>trials</th><td id=\"trials\">%" PRIu64 "</td></tr>\n", r->trials);
    fprintf(out, "<tr><th>crashes, timeouts</th><td>%" PRIu64 ", %" PRIu64 "</td></tr>\n", r->crashes,
            r->timeouts);
    if (r->noutcomes) {
        fputs("<tr><th>outcomes</th><td id=\"outcomes\">", out);
        for (size_t i = 0; i < r->noutcomes; i++) {
            const result_outcome *x = &r->outcomes[i];
            fputs(i ? "<br>" : "", out);
            report_html_escape(x->name, out);
            fprintf(out, ": %" PRIu64 " (%.3g%%, %.3g%% to %.3g%%)", x->trials, 100 * x->share, 100 * x->low,
                    100 * x->high);
        }
        fputs("</td></tr>\n", out);
    }
    for (size_t i = 0; i < r->ncrash_sites; i++) {
        const result_crash_site *c = &r->crash_sites[i];
        fputs(i ? "<tr><th></th><td>" : "<tr><th>crash sites</th><td>", out);
        if (c->block && c->block[0]) {
            report_html_escape(c->function, out);
            fputc(' ', out);
            report_html_escape(c->block, out);
            fprintf(out, " (line %d)", c->line);
        } else {
            fputs("outside the program's code", out);
        }
        fprintf(out, ": signal %d in %" PRIu64 " trials, first #%" PRIu64 "</td></tr>\n", c->signal,
                c->trials, c->first_trial);
    }
    /* the trials that did not end well, each with the command that runs it again */
    for (size_t i = 0; i < r->nfailures; i++) {
        const result_failure *f = &r->failures[i];
        fputs(i ? "<tr><th></th><td>" : "<tr><th>replay</th><td class=\"replay\">", out);
        report_html_escape(f->kind, out);
        if (!strcmp(f->kind, "crash")) fprintf(out, " (signal %d)", f->signal);
        fprintf(out, ", trial %" PRIu64 ": <code>freqsys run ", f->trial);
        report_html_escape(r->spec, out);
        fprintf(out, " --replay %" PRIu64 "</code></td></tr>\n", f->trial);
    }
    if (isfinite(r->elapsed_s) && r->elapsed_s > 0)
        fprintf(out, "<tr><th>time</th><td>%.2f s, %d job%s</td></tr>\n", r->elapsed_s, r->jobs,
                r->jobs == 1 ? "" : "s");
    fprintf(out, "<tr><th>verdict</th><td id=\"verdict\">%s: %zu of %zu blocks settled%s</td></tr>\n",
            r->converged ? "converged" : "NOT CONVERGED", settled, r->nblocks,
            r->interrupted ? " (interrupted)" : "");
    if (r->paced_by > 0 && r->paced_by <= r->nblocks) { /* what a shorter run would need to settle */
        const result_block *b = &r->blocks[r->paced_by - 1];
        fputs("<tr><th>trials set by</th><td id=\"paced-by\">", out);
        report_html_escape(b->function, out);
        fputc(' ', out);
        report_html_escape(b->block, out);
        if (b->file && *b->file) {
            fputs(" (", out);
            report_html_escape(b->file, out);
            if (b->line > 0) fprintf(out, ":%d", b->line);
            fputc(')', out);
        }
        fputs(", the last block to settle</td></tr>\n", out);
    }
    fputs("</table></section>\n", out);
}

/* Whether B is a block the counting added, not the program's code: clang's blocks that
 * count the right side of && and || (land.rhscnt, ...) under -fprofile-instr-generate,
 * and the functions freqsys adds to count a select's condition ("freqsys." names, which
 * no C function has). The result keeps them (the instr export needs them); the page
 * hides them until asked. */
static int added_block(const result_block *b) {
    return !strncmp(b->function, "freqsys.", 8) || report_counting_block(b->block);
}

/* The hottest blocks of the program's own code, linked to their rows: where the time
 * goes, without sorting the table or a --paths run. */
#define HOTTEST_BLOCKS 10
static void hottest(const result *r, FILE *out) {
    size_t top[HOTTEST_BLOCKS], n = 0;
    for (size_t i = 0; i < r->nblocks; i++) {
        const result_block *b = &r->blocks[i];
        if (added_block(b) || !isfinite(b->mean) || b->mean <= 0) continue;
        size_t at = n < HOTTEST_BLOCKS ? n++ : HOTTEST_BLOCKS;
        while (at > 0 && r->blocks[top[at - 1]].mean < b->mean) {
            if (at < HOTTEST_BLOCKS) top[at] = top[at - 1];
            at--;
        }
        if (at < HOTTEST_BLOCKS) top[at] = i;
    }
    if (n == 0) {
        fputs("<section id=\"hottest\"><h2>Hottest blocks</h2>\n<p>No block of the program "
              "ran.</p></section>\n",
              out);
        return;
    }
    char shown[32];
    fprintf(out,
            "<section id=\"hottest\"><h2>Hottest blocks</h2>\n<p>The %zu blocks that run most often per %s, "
            "hottest first.</p>\n<table id=\"hot\"><thead><tr><th>#</th><th>function</th><th>block</th>"
            "<th>location</th><th>mean</th><th>&plusmn;half</th></tr></thead>\n<tbody>\n",
            n, strcmp(r->mode, "function") == 0 ? "call" : "run");
    for (size_t k = 0; k < n; k++) {
        const result_block *b = &r->blocks[top[k]];
        fprintf(out, "<tr><td class=\"num\">%zu</td><td>", k + 1);
        report_html_escape(b->function, out);
        fprintf(out, "</td><td><a href=\"#block-%zu\">", top[k]);
        report_html_escape(b->block, out);
        fputs("</a></td><td>", out);
        if (b->file[0]) report_html_escape(b->file, out);
        if (b->line) fprintf(out, "%s%d", b->file[0] ? ":" : "line ", b->line);
        fprintf(out, "</td><td class=\"num\">%s</td>", number_format(b->mean, shown, sizeof shown));
        fprintf(out, "<td class=\"num\">%s</td></tr>\n",
                strcmp(b->status, "rare") == 0 ? "-" : number_format(b->half_width, shown, sizeof shown));
    }
    fputs("</tbody></table></section>\n", out);
}

/* The memory-mapped registers the program wrote (the writes are dropped and counted):
 * each address with its writes per run (per call), as the text report gives them. */
static void register_writes(const result *r, FILE *out) {
    if (r->nmmio_writes == 0) return;
    char shown[32];
    fprintf(
        out,
        "<section id=\"registers\"><h2>Register writes</h2>\n<p>Writes to memory-mapped registers, dropped "
        "by the run and counted per %s.</p>\n<table id=\"register-writes\"><thead><tr><th>address</th>"
        "<th>mean</th><th>&plusmn;half</th><th>fewest</th><th>most</th></tr></thead>\n<tbody>\n",
        strcmp(r->mode, "function") == 0 ? "call" : "run");
    for (size_t i = 0; i < r->nmmio_writes; i++) {
        const result_mmio_write *w = &r->mmio_writes[i];
        fprintf(out, "<tr><td><code>0x%08llx</code></td><td class=\"num\">%s</td>",
                (unsigned long long)w->address, number_format(w->mean, shown, sizeof shown));
        /* the same count in every trial has no bound without a cap: no half width */
        fprintf(out, "<td class=\"num\">%s</td>",
                isfinite(w->half_width) ? number_format(w->half_width, shown, sizeof shown) : "no bound");
        fprintf(out, "<td class=\"num\">%llu</td><td class=\"num\">%llu</td></tr>\n",
                (unsigned long long)w->min, (unsigned long long)w->max);
    }
    fputs("</tbody></table></section>\n", out);
}

/* A table of more blocks than this starts folded, so that a large program's page shows
 * what follows it. */
#define TABLE_OPEN_BLOCKS 500

static void block_table(const result *r, FILE *out) {
    fprintf(out,
            "<section><h2 id=\"blocks-title\">Blocks</h2>\n<details id=\"blocks-fold\"%s><summary>%zu blocks",
            r->nblocks <= TABLE_OPEN_BLOCKS ? " open" : "", r->nblocks);
    if (r->nblocks > TABLE_OPEN_BLOCKS) fputs(" (folded: click to show them, or filter above)", out);
    size_t added = 0;
    for (size_t i = 0; i < r->nblocks; i++) added += added_block(&r->blocks[i]) != 0;
    fputs("</summary>\n<p>Click a column header to sort; click again to reverse.", out);
    if (added)
        fprintf(out,
                " <label><input type=\"checkbox\" id=\"show-added\"> show the %zu blocks that counting "
                "added (clang's for &amp;&amp; and ||, freqsys's for a select's condition)</label>",
                added);
    fprintf(out, "</p>\n<table id=\"blocks\"%s><thead><tr>", added ? " class=\"hide-added\"" : "");
    fputs("<th data-key=\"index\" data-type=\"num\">#</th><th data-key=\"function\">function</th>"
          "<th data-key=\"block\">block</th><th data-key=\"location\">location</th>"
          "<th data-key=\"mean\" data-type=\"num\">mean</th>"
          "<th data-key=\"half_width\" data-type=\"num\">&plusmn;half</th>"
          "<th data-key=\"status\">status</th><th data-key=\"hits\" data-type=\"num\">hits</th>"
          "</tr></thead>\n<tbody>\n",
          out);
    double hottest = heat_hottest(r);
    for (size_t i = 0; i < r->nblocks; i++) {
        const result_block *b = &r->blocks[i];
        char color[8];
        heat_color(b->mean, hottest, color);
        int cold = strcmp(b->status, "rare") == 0, extra = added_block(b);
        fprintf(out, "<tr id=\"block-%zu\"%s%s%s%s", i, cold || extra ? " class=\"" : "", cold ? "cold" : "",
                cold && extra ? " " : "",
                extra  ? "added\""
                : cold ? "\""
                       : "");
        filter_attr(b->function, b->file, out);
        fprintf(out, "><td class=\"num\" data-v=\"%zu\">%zu</td><td>", i, i);
        report_html_escape(b->function, out);
        fprintf(out, "</td><td><span class=\"swatch\" style=\"background:%s\"></span> ", color);
        report_html_escape(b->block, out);
        fputs("</td><td>", out);
        if (b->file[0]) report_html_escape(b->file, out);
        if (b->line) fprintf(out, "%s%d", b->file[0] ? ":" : "line ", b->line);
        if (!b->file[0] && !b->line) fputs("-", out);
        fputs("</td>", out);
        num_cell(b->mean, out);
        num_cell(strcmp(b->status, "rare") == 0 ? NAN : b->half_width, out);
        fputs("<td>", out);
        report_html_escape(b->status, out);
        fprintf(out, "</td><td class=\"num\" data-v=\"%" PRIu64 "\">%" PRIu64 "</td></tr>\n", b->hits,
                b->hits);
    }
    fputs("</tbody></table></details></section>\n", out);
}

/* The file of FUNCTION's entry block, or "". */
static const char *function_file(const result *r, const char *function) {
    for (size_t i = 0; i < r->nblocks; i++)
        if (strcmp(r->blocks[i].function, function) == 0) return r->blocks[i].file;
    return "";
}

/* With --paths: per function, how many paths carry 90% of its path executions, and
 * its hottest paths with their shares (all of them in the JSON result). */
#define HTML_TOP_PATHS 10
static void path_tables(const result *r, FILE *out) {
    if (!r->max_paths) return;
    size_t *order = malloc((r->npaths + 1) * sizeof *order);
    if (!order) return;
    fprintf(
        out,
        "<section id=\"paths\"><h2>Paths</h2>\n<p>Acyclic paths (Ball-Larus, at most %llu a function): each "
        "starts at "
        "the entry or at a loop header and ends at a return, an exit or a back edge. Mean is executions per "
        "%s; share is of the function's path executions. The control-flow graphs draw each function's "
        "hottest path in red.</p>\n",
        (unsigned long long)r->max_paths, strcmp(r->mode, "function") == 0 ? "call" : "run");
    for (size_t f = 0; f < r->npath_functions; f++) {
        const result_path_function *pf = &r->path_functions[f];
        if (f) fputs("</div>\n", out);
        fputs("<div class=\"fn\"", out);
        filter_attr(pf->function, function_file(r, pf->function), out);
        fputs("><h3>", out);
        report_html_escape(pf->function, out);
        fputs("</h3>\n", out);
        if (!pf->counted) {
            fputs("<p class=\"cold\">", out);
            report_html_escape(pf->note ? pf->note : "not counted", out);
            fputs("</p>\n", out);
            if (!pf->hashed) continue;
        }
        double total;
        size_t n = result_path_rank(r, pf->function, order, &total);
        size_t cover = result_path_cover(r, order, n, total, 0.9);
        fprintf(out, "<p>%zu %s, %.4f path executions per %s; <b>%zu %s 90%%</b> of them.</p>\n", n,
                n == 1 ? "path" : "paths", total, strcmp(r->mode, "function") == 0 ? "call" : "run", cover,
                cover == 1 ? "path carries" : "paths carry");
        fputs("<table "
              "class=\"paths\"><thead><tr><th>share</th><th>mean</th><th>&plusmn;half</th><th>status</th>"
              "<th>id</th><th>blocks</th></tr></thead>\n<tbody>\n",
              out);
        for (size_t k = 0; k < n && k < HTML_TOP_PATHS; k++) {
            const result_path *p = &r->paths[order[k]];
            fprintf(out, "<tr%s><td class=\"num\">%.1f%%</td>", k < cover ? "" : " class=\"cold\"",
                    total > 0 && isfinite(p->mean) ? 100 * p->mean / total : 0.0);
            num_cell(p->mean, out);
            num_cell(p->half_width, out);
            fputs("<td>", out);
            report_html_escape(p->status, out);
            fprintf(out, "</td><td class=\"num\">%llu</td><td>", (unsigned long long)p->id);
            for (size_t b = 0; b < p->nblocks; b++) {
                if (b) fputs(" &rarr; ", out);
                report_html_escape(p->blocks[b], out);
            }
            if (p->back_to) {
                fputs(" &#8630; ", out);
                report_html_escape(p->back_to, out);
            }
            if (p->hashed && !p->nblocks) {
                fputs("(hashed ", out);
                report_html_escape(p->key ? p->key : "", out);
                fputs(", blocks not decoded)", out);
            } else if (p->hashed) {
                fputs(" (hashed)", out);
            }
            fputs("</td></tr>\n", out);
        }
        fputs("</tbody></table>\n", out);
        if (n > HTML_TOP_PATHS)
            fprintf(out, "<p>%zu more, the rarest, in the JSON result.</p>\n", n - HTML_TOP_PATHS);
    }
    fputs(r->npath_functions ? "</div>\n</section>\n" : "</section>\n", out);
    free(order);
}

/* How many final half widths the y axis spans on each side of the final estimate. */
#define AXIS_HALF_WIDTHS 4.0

/* The y axis of block B's plot over its N check points P, into *LO and *HI: the final
 * interval widened AXIS_HALF_WIDTHS times, and every estimate along the way, never
 * below 0 (a count is never negative). The first check points' intervals are often
 * hundreds of times wider than the last: an axis spanning them would flatten the rest
 * of the plot into a line. Returns 1 when some band runs past the axis. */
static int axis_range(const result_block *b, const point *p, size_t n, double *lo_out, double *hi_out) {
    double m = isfinite(b->mean) ? b->mean : p[n - 1].mean;
    double h = isfinite(b->half_width) ? b->half_width : p[n - 1].half;
    double lo = INFINITY, hi = -INFINITY;
    if (isfinite(m)) {
        double reach = isfinite(h) ? AXIS_HALF_WIDTHS * h : 0;
        lo = m - reach, hi = m + reach;
    }
    for (size_t k = 0; k < n; k++)
        if (isfinite(p[k].mean)) lo = fmin(lo, p[k].mean), hi = fmax(hi, p[k].mean);
    if (!(lo <= hi)) lo = 0, hi = 1;
    double pad = hi > lo ? (hi - lo) * 0.05 : fmax(fabs(hi) * 0.1, 0.5);
    lo -= pad, hi += pad;
    if (lo < 0) lo = 0;
    int clipped = 0;
    for (size_t k = 0; k < n; k++)
        if (isfinite(p[k].mean) && isfinite(p[k].half))
            clipped |= p[k].mean + p[k].half > hi || (p[k].mean - p[k].half < lo && lo > 0);
    *lo_out = lo, *hi_out = hi;
    return clipped;
}

/* A plot's y axis: its top value HI at height TOP and its bottom LO at BOTTOM, right
 * aligned at X. */
static void y_labels(double hi, double lo, double x, double top, double bottom, FILE *out) {
    char a[32];
    fprintf(out, "<text class=\"y-top\" x=\"%g\" y=\"%g\" text-anchor=\"end\">%s</text>\n", x, top,
            number_format(hi, a, sizeof a));
    fprintf(out, "<text class=\"y-bottom\" x=\"%g\" y=\"%g\" text-anchor=\"end\">%s</text>\n", x, bottom,
            number_format(lo, a, sizeof a));
}

/* The half width the rule asks of a block whose estimate is MEAN: epsilon, or for a
 * relative epsilon, epsilon |MEAN| + the floor. */
static double target_half_width(const result *r, double mean) {
    return r->relative ? r->epsilon * fabs(mean) + r->epsilon_floor : r->epsilon;
}

/* The block's half width against trials, both on log scales, with the target the
 * rule stops at (dashed): how fast the interval closes, and how far it has to go. */
static void halfwidth_plot(const result *r, const point *p, size_t n, FILE *out) {
    const double W = 320, H = 130, L = 62, R = 10, T = 10, B = 30;
    double lo = INFINITY, hi = -INFINITY;
    for (size_t k = 0; k < n; k++) {
        double h = p[k].half, g = target_half_width(r, p[k].mean);
        if (isfinite(h) && h > 0) lo = fmin(lo, h), hi = fmax(hi, h);
        if (isfinite(g) && g > 0) lo = fmin(lo, g), hi = fmax(hi, g);
    }
    if (!(lo < hi)) {
        if (!(lo <= hi)) return; /* no point has a half width: nothing to draw */
        lo /= 2, hi *= 2;
    }
    double y0 = log10(lo), y1 = log10(hi);
    double t0 = (double)(p[0].trials ? p[0].trials : 1), t1 = (double)p[n - 1].trials;
    double x0 = log10(t0), x1 = t1 > t0 ? log10(t1) : x0 + 1;
#define X(t) (L + (log10((double)((t) ? (t) : 1)) - x0) / (x1 - x0) * (W - L - R))
#define Y(v) (T + (y1 - log10(v)) / (y1 - y0) * (H - T - B))
    fprintf(out,
            "<svg class=\"half-width\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\" "
            "viewBox=\"0 0 %g %g\" font-size=\"10\">\n<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" "
            "fill=\"none\" stroke=\"#999\"/>\n",
            W, H, W, H, L, T, W - L - R, H - T - B);
    fputs("<polyline class=\"target\" fill=\"none\" stroke=\"#c0392b\" stroke-dasharray=\"4 3\" points=\"",
          out);
    for (size_t k = 0; k < n; k++) {
        double g = target_half_width(r, p[k].mean);
        if (isfinite(g) && g > 0) fprintf(out, "%.1f,%.1f ", X(p[k].trials), Y(g));
    }
    fputs("\"/>\n<polyline class=\"width\" fill=\"none\" stroke=\"#08519c\" stroke-width=\"1.5\" points=\"",
          out);
    for (size_t k = 0; k < n; k++)
        if (isfinite(p[k].half) && p[k].half > 0) fprintf(out, "%.1f,%.1f ", X(p[k].trials), Y(p[k].half));
    fputs("\"/>\n", out);
    y_labels(hi, lo, L - 4, T + 8, H - B, out);
    fprintf(out,
            "<text x=\"%g\" y=\"%g\" text-anchor=\"middle\">half width (log) against trials (log); "
            "dashed: the target</text>\n</svg>\n",
            (L + W - R) / 2, H - 8);
#undef X
#undef Y
}

/* One block's estimate against trials: the band mean ± half_width and the estimate,
 * on a log axis of trials (check points are about 5% apart). */
static void plot(const result *r, const point *p, size_t n, FILE *out) {
    const double W = 320, H = 170, L = 62, R = 10, T = 10, B = 34;
    const result_block *b = &r->blocks[p[0].block];
    double lo, hi;
    int clipped = axis_range(b, p, n, &lo, &hi);
    double t0 = (double)(p[0].trials ? p[0].trials : 1), t1 = (double)p[n - 1].trials;
    int logx = t1 > t0 && t0 >= 1;
    double x0 = logx ? log10(t0) : t0, x1 = logx ? log10(t1) : t1;
    if (!(x1 > x0)) x1 = x0 + 1;
#define X(t) (L + ((logx ? log10((double)(t)) : (double)(t)) - x0) / (x1 - x0) * (W - L - R))
#define Y(v) (T + (hi - (v)) / (hi - lo) * (H - T - B))
    char a[32], c[32];
    fprintf(out,
            "<figure class=\"plot\" id=\"trace-%u\"><svg xmlns=\"http://www.w3.org/2000/svg\" "
            "width=\"%g\" height=\"%g\" viewBox=\"0 0 %g %g\" font-size=\"10\">\n",
            p[0].block, W, H, W, H);
    fprintf(out, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"none\" stroke=\"#999\"/>\n", L, T,
            W - L - R, H - T - B);
    /* what lies beyond the axis (the early bands) is cut at the frame */
    fprintf(out,
            "<clipPath id=\"frame-%u\"><rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\"/></clipPath>\n"
            "<g clip-path=\"url(#frame-%u)\">\n",
            p[0].block, L, T, W - L - R, H - T - B, p[0].block);
    /* the band, upper edge forward and lower edge back, over points with a half width */
    fputs("<polygon class=\"band\" fill=\"#9ecae1\" fill-opacity=\"0.6\" points=\"", out);
    for (size_t k = 0; k < n; k++)
        if (isfinite(p[k].half) && isfinite(p[k].mean))
            fprintf(out, "%.1f,%.1f ", X(p[k].trials), Y(p[k].mean + p[k].half));
    for (size_t k = n; k-- > 0;)
        if (isfinite(p[k].half) && isfinite(p[k].mean))
            fprintf(out, "%.1f,%.1f ", X(p[k].trials), Y(p[k].mean - p[k].half));
    fputs("\"/>\n", out);
    if (isfinite(b->mean))
        fprintf(out,
                "<line x1=\"%g\" x2=\"%g\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#c0392b\" "
                "stroke-dasharray=\"4 3\"/>\n",
                L, W - R, Y(b->mean), Y(b->mean));
    fputs("<polyline class=\"estimate\" fill=\"none\" stroke=\"#08519c\" stroke-width=\"1.5\" points=\"",
          out);
    for (size_t k = 0; k < n; k++)
        if (isfinite(p[k].mean)) fprintf(out, "%.1f,%.1f ", X(p[k].trials), Y(p[k].mean));
    fputs("\"/>\n</g>\n", out);
    y_labels(hi, lo, L - 4, T + 8, H - B, out);
    fprintf(out, "<text x=\"%g\" y=\"%g\">%" PRIu64 "</text>\n", L, H - B + 13, p[0].trials);
    fprintf(out, "<text x=\"%g\" y=\"%g\" text-anchor=\"end\">%" PRIu64 "</text>\n", W - R, H - B + 13,
            p[n - 1].trials);
    fprintf(out, "<text x=\"%g\" y=\"%g\" text-anchor=\"middle\">trials%s</text>\n", (L + W - R) / 2, H - 6,
            logx ? " (log scale)" : "");
    fputs("</svg>", out);
    halfwidth_plot(r, p, n, out);
    fputs("<figcaption><b>", out);
    report_html_escape(b->function, out);
    fputs(" / ", out);
    report_html_escape(b->block, out);
    fprintf(out, "</b><br>last check at %" PRIu64 " trials: <span class=\"last\">%s", p[n - 1].trials,
            number_format(p[n - 1].mean, a, sizeof a));
    if (isfinite(p[n - 1].half)) fprintf(out, " &plusmn; %s", number_format(p[n - 1].half, c, sizeof c));
    fputs("</span>", out);
    if (clipped) fputs("<br><span class=\"clipped\">the early, wider band runs past the axis</span>", out);
    fputs("</figcaption></figure>\n", out);
#undef X
#undef Y
}

static void convergence(const result *r, const result_export *opt, const trace *t, FILE *out) {
    fputs("<section id=\"convergence\"><h2>Convergence</h2>\n", out);
    if (!opt->trace) {
        fputs("<p id=\"no-trace\">No trace given: <code>freqsys run --trace TRACE.csv</code> "
              "records one, and <code>freqsys report RESULT.json --format html --trace "
              "TRACE.csv</code> draws it here.</p>\n</section>\n",
              out);
        return;
    }
    fputs("<p>Above, the estimate (blue line) and its confidence band (&plusmn; half width) at each "
          "check point; the dashed red line is the final estimate. Below, the half width on a log "
          "scale and the target the rule stops at (dashed red): epsilon, or epsilon times the "
          "estimate plus the floor. Constant blocks are left out.</p>\n<div class=\"plots\">\n",
          out);
    size_t drawn = 0;
    for (size_t k = 0; k < t->n;) {
        size_t end = k;
        while (end < t->n && t->points[end].block == t->points[k].block) end++;
        if (strcmp(r->blocks[t->points[k].block].status, "constant") != 0) {
            plot(r, t->points + k, end - k, out);
            drawn++;
        }
        k = end;
    }
    if (!drawn) fputs("<p>Every block in the trace is constant: there is nothing to draw.</p>\n", out);
    fputs("</div></section>\n", out);
}

/* Block indices by line, then by index. */
static const result *line_result; /* qsort has no context argument */
static int cmp_block_line(const void *a, const void *b) {
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    int lx = line_result->blocks[x].line, ly = line_result->blocks[y].line;
    if (lx != ly) return lx < ly ? -1 : 1;
    return (x > y) - (x < y);
}

/* One source file as a table of lines, each coloured by the largest mean of the blocks
 * that start on it; AT[0..N) are the file's blocks with a mean, by line. */
static void source(const result *r, const result_export *opt, const char *file, const size_t *at, size_t n,
                   double hottest, FILE *out) {
    fputs("<div class=\"fn\" data-filter=\"", out);
    report_html_escape(file, out);
    for (size_t i = 0; i < r->nblocks; i++) /* its functions' names, so that they find it too */
        if (strcmp(r->blocks[i].file, file) == 0 &&
            (i == 0 || strcmp(r->blocks[i].function, r->blocks[i - 1].function) != 0)) {
            fputc(' ', out);
            report_html_escape(r->blocks[i].function, out);
        }
    fputs("\"><h3>", out);
    report_html_escape(file, out);
    fputs("</h3>\n", out);
    char *path = source_file_path(r, opt, file);
    source_file sf;
    if (!path || source_file_read(path, &sf) != 0) {
        fputs("<p class=\"note\">Source not found at <code>", out);
        report_html_escape(path ? path : file, out);
        fputs("</code>: pass <code>--source-dir DIR</code> to <code>freqsys report</code>.</p>\n</div>\n",
              out);
        if (path) source_file_warn(opt, file, path);
        free(path);
        return;
    }
    free(path);
    fputs("<table class=\"src\">\n", out);
    size_t k = 0;
    while (k < n && r->blocks[at[k]].line < 1) k++;
    for (size_t ln = 1; ln <= sf.nlines; ln++) {
        size_t from = k;
        double most = -1;
        for (; k < n && r->blocks[at[k]].line == (int)ln; k++) most = fmax(most, r->blocks[at[k]].mean);
        char color[8], shown[32];
        if (k == from) {
            fprintf(out, "<tr><td class=\"ln\">%zu</td><td class=\"n\"></td><td>", ln);
        } else {
            /* every block that starts here: a one-line `if (c) x = rare(x);` shows its
             * condition's count and its rare branch's, not the larger alone */
            heat_color(most, hottest, color);
            fprintf(out, "<tr style=\"background:%s\"><td class=\"ln\">%zu</td><td class=\"n\" title=\"",
                    color, ln);
            for (size_t j = from; j < k; j++) {
                fputs(j > from ? ", " : "", out);
                report_html_escape(r->blocks[at[j]].block, out);
                fprintf(out, " %s", number_format(r->blocks[at[j]].mean, shown, sizeof shown));
            }
            fputs("\">", out);
            for (size_t j = from; j < k && k - from > 1; j++)
                fprintf(out, "%s%s", j > from ? " · " : "",
                        number_format(r->blocks[at[j]].mean, shown, sizeof shown));
            if (k - from == 1) fputs(number_format(most, shown, sizeof shown), out);
            fputs("</td><td>", out);
        }
        report_html_escape(sf.lines[ln - 1], out);
        fputs("</td></tr>\n", out);
    }
    fputs("</table>\n</div>\n", out);
    source_file_free(&sf);
}

/* Each source file once, in the order of its first block. */
static void sources(const result *r, const result_export *opt, FILE *out) {
    fputs("<section id=\"source\"><h2>Source</h2>\n<p>Each line is coloured by the largest mean of the "
          "blocks that start on it, and shows the mean of each of them (in the blocks' order; "
          "their names on hover).</p>\n",
          out);
    double hottest = heat_hottest(r);
    heat_legend(hottest, out);
    size_t *at = malloc((r->nblocks ? r->nblocks : 1) * sizeof *at);
    for (size_t i = 0; at && i < r->nblocks; i++) {
        const char *file = r->blocks[i].file;
        int seen = !file[0] || (i > 0 && strcmp(r->blocks[i - 1].file, file) == 0);
        for (size_t j = 0; j < i && !seen; j++) seen = strcmp(r->blocks[j].file, file) == 0;
        if (seen) continue;
        size_t n = 0;
        for (size_t j = i; j < r->nblocks; j++)
            if (strcmp(r->blocks[j].file, file) == 0 && isfinite(r->blocks[j].mean)) at[n++] = j;
        line_result = r;
        qsort(at, n, sizeof *at, cmp_block_line);
        source(r, opt, file, at, n, hottest, out);
    }
    if (!at) fputs("<p class=\"note\">Out of memory: the source is left out.</p>\n", out);
    free(at);
    fputs("</section>\n", out);
}

/* Programs with more functions than this get their contents folded, file by file. */
#define TOC_OPEN_FUNCTIONS 40

/* The contents: per source file, its functions, each with its hottest block, linked to
 * the function's rows of the table and to its graph; and the filter box. */
static void contents(const result *r, const html_graphs *g, FILE *out) {
    fputs("<nav id=\"toc\"><h2>Contents</h2>\n<p><label>Filter: <input id=\"filter\" type=\"search\" "
          "placeholder=\"function or file name\" autocomplete=\"off\"></label> <span "
          "id=\"filter-count\"></span>"
          "<br><small>Shows only the functions, files, table rows, paths and sources whose function or file "
          "name "
          "contains what you type (<code>#filter=NAME</code> in the address does the same).</small></p>\n",
          out);
    char shown[32];
    for (size_t k = 0; k < g->n; k++) {
        const char *file = r->blocks[g->d[k].first].file;
        if (added_block(&r->blocks[g->d[k].first])) continue; /* freqsys's own: listed nowhere */
        int seen = 0;
        for (size_t j = 0; j < k && !seen; j++) seen = strcmp(r->blocks[g->d[j].first].file, file) == 0;
        if (seen) continue;
        size_t functions = 0, blocks = 0;
        for (size_t j = k; j < g->n; j++)
            if (strcmp(r->blocks[g->d[j].first].file, file) == 0 && !added_block(&r->blocks[g->d[j].first]))
                functions++, blocks += g->d[j].end - g->d[j].first;
        fprintf(out, "<details class=\"fn toc-file\"%s data-filter=\"",
                g->n <= TOC_OPEN_FUNCTIONS ? " open" : "");
        report_html_escape(file, out);
        for (size_t j = k; j < g->n; j++)
            if (strcmp(r->blocks[g->d[j].first].file, file) == 0 && !added_block(&r->blocks[g->d[j].first])) {
                fputc(' ', out);
                report_html_escape(r->blocks[g->d[j].first].function, out);
            }
        fputs("\"><summary>", out);
        report_html_escape(file[0] ? file : "(no file)", out);
        fprintf(out, " <small>%zu function%s, %zu blocks</small></summary>\n<ul>\n", functions,
                functions == 1 ? "" : "s", blocks);
        for (size_t j = k; j < g->n; j++) {
            const html_drawing *d = &g->d[j];
            if (strcmp(r->blocks[d->first].file, file) != 0 || added_block(&r->blocks[d->first])) continue;
            size_t hot = d->first;
            for (size_t i = d->first; i < d->end; i++)
                if (isfinite(r->blocks[i].mean) && !(r->blocks[i].mean <= r->blocks[hot].mean)) hot = i;
            fputs("<li class=\"fn\"", out);
            filter_attr(r->blocks[d->first].function, file, out);
            fprintf(out, "><a href=\"#block-%zu\">", d->first);
            report_html_escape(r->blocks[d->first].function, out);
            fprintf(out, "</a> <small>%zu blocks; hottest <a href=\"#block-%zu\">", d->end - d->first, hot);
            report_html_escape(r->blocks[hot].block, out);
            fprintf(out, "</a> %s", number_format(r->blocks[hot].mean, shown, sizeof shown));
            if (!g->no_dot) fprintf(out, "; <a href=\"#cfg-%zu\">%s</a>", j, d->svg ? "graph" : "not drawn");
            fputs("</small></li>\n", out);
        }
        fputs("</ul></details>\n", out);
    }
    fputs("</nav>\n", out);
}

int report_html_write(const result *r, const result_export *opt, FILE *out, char *err, size_t errlen) {
    static const result_export defaults;
    char scratch[512];
    if (!opt) opt = &defaults;
    if (!err || !errlen) err = scratch, errlen = sizeof scratch;
    trace t = {0};
    if (opt->trace && read_trace(opt->trace, r->nblocks, &t, err, errlen) != 0) return -1;
    errno = 0;
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>freqsys: ",
          out);
    report_html_escape(r->spec, out);
    fputs("</title>\n", out);
    fputs(style, out);
    fputs("</head>\n<body>\n<h1>freqsys: ", out);
    report_html_escape(r->spec, out);
    fprintf(
        out,
        "</h1>\n<p id=\"sections\"><a href=\"#hottest\">Hottest</a> &middot; <a href=\"#toc\">Contents</a> "
        "&middot; <a "
        "href=\"#blocks-title\">Blocks</a>"
        "%s &middot; <a href=\"#graphs\">Graphs</a> &middot; <a href=\"#convergence\">Convergence</a> "
        "&middot; "
        "<a href=\"#source\">Source</a></p>\n",
        r->max_paths ? " &middot; <a href=\"#paths\">Paths</a>" : "");
    html_graphs g;
    if (report_html_graphs_draw(r, opt, &g) != 0) {
        free(t.points);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    summary(r, out);
    register_writes(r, out);
    report_html_quantiles(r, out);
    hottest(r, out);
    contents(r, &g, out);
    block_table(r, out);
    path_tables(r, out);
    report_html_graphs_write(r, opt, &g, out);
    convergence(r, opt, &t, out);
    sources(r, opt, out);
    fputs(script, out);
    fputs(filter_script, out);
    fputs("</body>\n</html>\n", out);
    report_html_graphs_free(&g);
    free(t.points);
    return result_flush(out, err, errlen);
}
