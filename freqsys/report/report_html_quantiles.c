/* freqsys/report/report_html_quantiles.c: the page's quantiles, a column per level asked and a row per block.
 */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "export.h"

void report_html_quantiles(const result *r, FILE *out) {
    size_t m = r->nquantile_levels;
    if (!m) return;
    fprintf(out,
            "<section id=\"quantiles\"><h2>Quantiles</h2>\n<p>Each block's count per %s at each level, with "
            "the interval that holds the true quantile at %g%% whatever the law; &ldquo;&ndash;&rdquo;: no "
            "upper end yet.</p>\n<table id=\"quantile-table\"><thead><tr><th>block</th>",
            strcmp(r->mode ? r->mode : "", "function") == 0 ? "call" : "run", 100 * r->block_confidence);
    for (size_t k = 0; k < m; k++) fprintf(out, "<th>p%.10g</th>", 100 * r->quantile_levels[k]);
    fputs("</tr></thead>\n<tbody>\n", out);
    for (size_t i = 0; i + m <= r->nquantiles; i += m) {
        const result_block *b = &r->blocks[r->quantiles[i].block];
        fputs("<tr><td><code>", out);
        report_html_escape(b->function, out);
        fputc(':', out);
        report_html_escape(b->block, out);
        fputs("</code></td>", out);
        for (size_t k = 0; k < m; k++) {
            const result_quantile *q = &r->quantiles[i + k];
            int settled = strcmp(q->status, "converged") == 0;
            fprintf(out, "<td class=\"num%s\">%llu [%llu, ", settled ? "" : " open",
                    (unsigned long long)q->value, (unsigned long long)q->low);
            if (isfinite(q->high))
                fprintf(out, "%.0f]", q->high);
            else
                fputs("&ndash;]", out);
            if (!settled) fputs(strcmp(q->status, "no_histogram") ? " open" : " n/a", out);
            fputs("</td>", out);
        }
        fputs("</tr>\n", out);
    }
    fputs("</tbody></table></section>\n", out);
}
