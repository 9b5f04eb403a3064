/* freqsys/report/result_quantiles_text.c: the text report's quantiles, a column per level asked. */
/* SPDX-License-Identifier: MIT */
#include "result.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* "p99", "p99.9", "p50": the level as a percentile. */
static void level_name(double level, char *buf, size_t n) {
    snprintf(buf, n, "p%.10g", level * 100);
}

/* One quantile: "7 [6, 9]", or with no upper end "7 [6, -]". */
static void bound_text(const result_quantile *q, char *buf, size_t n) {
    if (isfinite(q->high))
        snprintf(buf, n, "%llu [%llu, %.0f]", (unsigned long long)q->value, (unsigned long long)q->low,
                 q->high);
    else
        snprintf(buf, n, "%llu [%llu, -]", (unsigned long long)q->value, (unsigned long long)q->low);
    if (strcmp(q->status, "converged") != 0)
        strncat(buf, strcmp(q->status, "no_histogram") ? " open" : " n/a", n - strlen(buf) - 1);
}

int result_write_quantiles_text(const result *r, FILE *out) {
    if (!r->nquantile_levels) return 0;
    size_t m = r->nquantile_levels, open = 0, gone = 0;
    fprintf(out,
            "\nQuantiles of each block's count per %s, each with its interval at %g%% (any law; "
            "'-': no upper end yet):\n",
            r->mode && strcmp(r->mode, "function") == 0 ? "call" : "run", 100 * r->block_confidence);
    fprintf(out, "  %-40s", "block");
    for (size_t k = 0; k < m; k++) {
        char name[32];
        level_name(r->quantile_levels[k], name, sizeof name);
        fprintf(out, " %-22s", name);
    }
    fputc('\n', out);
    for (size_t i = 0; i + m <= r->nquantiles; i += m) {
        const result_block *b = &r->blocks[r->quantiles[i].block];
        char where[96];
        snprintf(where, sizeof where, "%s:%s", b->function, b->block);
        fprintf(out, "  %-40s", where);
        for (size_t k = 0; k < m; k++) {
            const result_quantile *q = &r->quantiles[i + k];
            char text[64];
            bound_text(q, text, sizeof text);
            fprintf(out, " %-22s", text);
            open += strcmp(q->status, "not_converged") == 0;
            gone += strcmp(q->status, "no_histogram") == 0;
        }
        fputc('\n', out);
    }
    if (open) fprintf(out, "  %zu quantiles are not within epsilon yet ('open').\n", open);
    if (gone)
        fprintf(out,
                "  %zu have none: the block's count took more distinct values than the tally keeps "
                "('n/a').\n",
                gone);
    return ferror(out) ? -1 : 0;
}
