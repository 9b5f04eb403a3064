/* freqsys/plan/plan_html.c: the plan as one page: its parts and their heat, the budget curve, fast and flash,
 * the linker fragment. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "export.h"
#include "plan.h"

static double percent(double part, double whole) {
    return whole > 0 ? 100.0 * part / whole : 0;
}

static const char *place(const plan_item *it) {
    return it->selected ? "fast" : it->cold ? "compress" : "flash";
}

static const char style[] =
    "<style>\n"
    "body{font:14px/1.4 system-ui,sans-serif;margin:1.5em 2em;color:#222}\n"
    "h1{font-size:1.4em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccc}\n"
    "table{border-collapse:collapse}td,th{padding:2px 8px}th{background:#f0f0f0;text-align:left}\n"
    "#summary th{background:none;font-weight:600;padding-right:1.5em}\n"
    ".num{text-align:right;font-variant-numeric:tabular-nums}\n"
    "tr.fast td{background:#e3f4e1}tr.compress td{color:#888}\n"
    ".memory{display:flex;height:2.2em;border:1px solid #999;margin:.5em 0}\n"
    ".memory div{overflow:hidden;white-space:nowrap;font-size:11px;padding:2px;border-right:1px solid #fff}\n"
    ".memory .used{background:#5aa469;color:#fff}.memory .free{background:#eee;color:#555}\n"
    "pre{background:#f7f7f7;border:1px solid #ddd;padding:8px;overflow:auto}\n"
    ".note{background:#fff3cd;padding:6px 10px;border:1px solid #e0c36b}\n"
    "</style>\n";

static void summary(const plan *p, FILE *out) {
    const char *per = strcmp(p->mode, "function") == 0 ? "call" : "run";
    fputs("<section><h2>Summary</h2><table id=\"summary\">\n<tr><th>spec</th><td>", out);
    report_html_escape(p->spec, out);
    fputs("</td></tr>\n<tr><th>mode</th><td>", out);
    report_html_escape(p->mode, out);
    fputs(" mode, entry ", out);
    report_html_escape(p->entry, out);
    fputs("</td></tr>\n<tr><th>target</th><td>", out);
    report_html_escape(p->target, out);
    fprintf(out,
            "</td></tr>\n<tr><th>fast memory</th><td id=\"used\">%llu of %llu bytes used, by %s "
            "of %llu bytes of code</td></tr>\n",
            (unsigned long long)p->selected_size, (unsigned long long)p->budget,
            p->parts ? "parts" : "functions", (unsigned long long)p->total_size);
    if (p->thunks)
        fprintf(out,
                "<tr><th>thunks</th><td id=\"thunks\">%zu callees stay in flash: %llu bytes of long-branch "
                "thunks, counted within the budget</td></tr>\n",
                p->thunks, (unsigned long long)p->thunk_bytes);
    fprintf(out,
            "<tr><th>fetched from fast memory</th><td id=\"share\">%.1f%% of the bytes fetched per "
            "%s</td></tr>\n",
            percent(p->selected_heat, p->total_heat), per);
    if (p->parts)
        fprintf(out,
                "<tr><th>cycles</th><td id=\"cycles\">%.0f per %s all in flash at %u wait states; %.0f saved "
                "(%.1f%%) by the fast items</td></tr>\n",
                p->cycles_in_flash, per, p->flash_wait, p->cycles_saved,
                percent(p->cycles_saved, p->cycles_in_flash));
    fputs("</table>\n", out);
    const char *notes[] = {p->note, p->libc, p->timing};
    for (size_t k = 0; k < 3; k++)
        if (notes[k][0]) {
            fputs("<p class=\"note\">", out);
            report_html_escape(notes[k], out);
            fputs("</p>\n", out);
        }
    if (p->parts) {
        fputs("<p>Build with <code>-ffunction-sections -fprofile-instr-use=PROFILE ", out);
        report_html_escape(CODE_SIZE_PROFILE_FLAGS, out);
        fputs("</code>: the items are the parts that build keeps (cold regions outlined as "
              "<code>NAME.cold.N</code>).</p>\n",
              out);
    }
    fputs("</section>\n", out);
}

/* Fast memory as a bar: each selected item's share of the budget, then what is free. */
static void memory(const plan *p, FILE *out) {
    fputs("<section><h2>Fast memory</h2>\n<div class=\"memory\" id=\"memory\">", out);
    for (size_t i = 0; i < p->n; i++) {
        const plan_item *it = &p->items[i];
        if (!it->selected || p->budget == 0) continue;
        fprintf(out, "<div class=\"used\" style=\"width:%.3f%%\" title=\"",
                percent((double)it->size, (double)p->budget));
        report_html_escape(it->function, out);
        fprintf(out, ", %llu bytes\">", (unsigned long long)it->size);
        report_html_escape(it->function, out);
        fputs("</div>", out);
    }
    if (p->budget > p->selected_size)
        fprintf(out, "<div class=\"free\" style=\"width:%.3f%%\">%llu bytes free</div>",
                percent((double)(p->budget - p->selected_size), (double)p->budget),
                (unsigned long long)(p->budget - p->selected_size));
    fputs("</div>\n<p>Everything else stays in flash; the items that never ran are candidates for "
          "compression or the slowest flash.</p></section>\n",
          out);
}

/* The best share of fetched bytes at each budget, as a line, with the plan's budget
 * marked. */
static void curve(const plan *p, FILE *out) {
    if (p->ncurve == 0 || p->total_size == 0) return;
    const double w = 560, h = 220, left = 50, bottom = 30, top = 10;
    double most = (double)p->curve[p->ncurve - 1].budget;
    if ((double)p->budget > most) most = (double)p->budget;
    fputs("<section><h2>Budget curve</h2>\n<p>The share of fetched bytes the best placement serves from fast "
          "memory, at budgets from a sixteenth of the code to all of it; the line marks this plan's "
          "budget.</p>\n",
          out);
    fprintf(out,
            "<svg id=\"curve\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\" "
            "font-size=\"11\">\n<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"none\" "
            "stroke=\"#999\"/>\n",
            w + left + 20, h + bottom + top, left, top, w, h);
    fputs("<polyline fill=\"none\" stroke=\"#c0392b\" stroke-width=\"2\" points=\"", out);
    fprintf(out, "%g,%g", left, top + h);
    for (size_t k = 0; k < p->ncurve; k++)
        fprintf(out, " %.1f,%.1f", left + w * (double)p->curve[k].budget / most,
                top + h - h * percent(p->curve[k].selected_heat, p->total_heat) / 100);
    fputs("\"/>\n", out);
    for (size_t k = 0; k < p->ncurve; k++)
        fprintf(out,
                "<circle class=\"point\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"#c0392b\"><title>%llu bytes: "
                "%.1f%%</title></circle>\n",
                left + w * (double)p->curve[k].budget / most,
                top + h - h * percent(p->curve[k].selected_heat, p->total_heat) / 100,
                (unsigned long long)p->curve[k].budget, percent(p->curve[k].selected_heat, p->total_heat));
    double x = left + w * (double)p->budget / most;
    fprintf(out,
            "<line x1=\"%.1f\" y1=\"%g\" x2=\"%.1f\" y2=\"%g\" stroke=\"#2c7\" stroke-dasharray=\"4 3\"/>\n"
            "<text x=\"%.1f\" y=\"%g\">%llu bytes</text>\n",
            x, top, x, top + h, x + 3, top + 12, (unsigned long long)p->budget);
    fprintf(out,
            "<text x=\"%g\" y=\"%g\" text-anchor=\"end\">100%%</text><text x=\"%g\" y=\"%g\" "
            "text-anchor=\"end\">0%%</text>\n<text x=\"%g\" y=\"%g\">0</text><text x=\"%g\" y=\"%g\" "
            "text-anchor=\"end\">%.0f bytes</text>\n</svg></section>\n",
            left - 4, top + 10, left - 4, top + h, left, top + h + 16, left + w, top + h + 16, most);
}

static void items(const plan *p, FILE *out) {
    const char *per = strcmp(p->mode, "function") == 0 ? "call" : "run";
    fprintf(out,
            "<section><h2>%s</h2>\n<p>Ranked by heat: bytes fetched per %s (expected executions &times; "
            "bytes). Standing: the share of the call-transition chain's time in it. Cycles: llvm-mca's per "
            "%s; stall: the wait-state cycles fetching it from flash, what fast memory saves.</p>\n"
            "<table id=\"items\"><thead><tr><th>rank</th><th>%s</th><th>size</th><th>heat</th>"
            "<th>share</th><th>cumulative</th><th>standing</th><th>cycles</th><th>stall</th>"
            "<th>place</th></tr></thead>\n<tbody>\n",
            p->parts ? "Parts" : "Functions", per, per, p->parts ? "part" : "function");
    double cum = 0;
    for (size_t i = 0; i < p->n; i++) {
        const plan_item *it = &p->items[i];
        cum += it->heat;
        fprintf(out, "<tr class=\"%s\"><td class=\"num\">%zu</td><td><code>", place(it), i + 1);
        report_html_escape(it->function, out);
        fprintf(
            out,
            "</code></td><td class=\"num\">%llu</td><td class=\"num\">%.2f</td><td class=\"num\">%.1f%%</td>"
            "<td class=\"num\">%.1f%%</td><td class=\"num\">%.4f</td><td class=\"num\">%.1f</td>"
            "<td class=\"num\">%.1f</td><td>%s</td></tr>\n",
            (unsigned long long)it->size, it->heat, percent(it->heat, p->total_heat),
            percent(cum, p->total_heat), it->standing, it->cycles, it->stall, place(it));
    }
    fputs("</tbody></table></section>\n", out);
}

/* The linker-script fragment, as --format ld writes it. */
static int fragment(const plan *p, FILE *out) {
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem) return -1;
    int rc = plan_write_ld(p, mem);
    if (fclose(mem) != 0) rc = -1;
    fputs("<section><h2>Linker fragment</h2>\n<p>As <code>freqsys plan ... --format ld</code> writes it: "
          "<code>INCLUDE</code> it inside <code>SECTIONS</code>, before the output section that takes "
          "<code>*(.text*)</code>.</p>\n<pre id=\"fragment\">",
          out);
    if (rc == 0) report_html_escape(text, out);
    fputs("</pre></section>\n", out);
    free(text);
    return rc;
}

int plan_write_html(const plan *p, FILE *out) {
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>freqsys plan: ",
          out);
    report_html_escape(p->spec, out);
    fputs("</title>\n", out);
    fputs(style, out);
    fputs("</head>\n<body>\n<h1>freqsys plan: ", out);
    report_html_escape(p->spec, out);
    fputs(" on ", out);
    report_html_escape(p->target, out);
    fputs("</h1>\n", out);
    summary(p, out);
    memory(p, out);
    curve(p, out);
    items(p, out);
    int rc = fragment(p, out);
    fputs("</body>\n</html>\n", out);
    return rc != 0 || ferror(out) ? -1 : 0;
}
