/* freqsys/report/result_paths_text.c: the text report's paths: each function's hottest paths, their shares,
 * and how many carry 90%. */
/* SPDX-License-Identifier: MIT */
#include "result.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The blocks of P joined by " > ", and where a back edge takes it next. */
static void path_blocks(const result_path *p, FILE *out) {
    for (size_t k = 0; k < p->nblocks; k++) fprintf(out, "%s%s", k ? " > " : "", p->blocks[k]);
    if (p->back_to) fprintf(out, " > (back to %s)", p->back_to);
}

int result_write_paths_text(const result *r, FILE *out, size_t top) {
    if (!r->max_paths) return 0;
    size_t *order = malloc((r->npaths + 1) * sizeof *order);
    if (!order) return -1;
    fprintf(out,
            "paths (Ball-Larus, at most %llu a function): each starts at the entry or at a loop header and "
            "ends at a\n"
            "return, an exit or a back edge; MEAN is executions per %s, SHARE of the function's path "
            "executions\n",
            (unsigned long long)r->max_paths, r->mode && !strcmp(r->mode, "function") ? "call" : "run");
    size_t open = 0;
    for (size_t f = 0; f < r->npath_functions; f++) {
        const result_path_function *pf = &r->path_functions[f];
        if (!pf->counted && !pf->hashed) {
            fprintf(out, "  %s: %s\n", pf->function, pf->note ? pf->note : "not counted");
            continue;
        }
        if (pf->hashed) /* what was seen, what is not covered; its paths follow as any */
            fprintf(out, "  %s: %s\n", pf->function, pf->note ? pf->note : "hashed");
        double total;
        size_t n = result_path_rank(r, pf->function, order, &total);
        size_t cover = result_path_cover(r, order, n, total, 0.9);
        fprintf(out, "  %s: %zu %s, %.4f path executions per %s; %zu %s 90%% of them\n", pf->function, n,
                n == 1 ? "path" : "paths", total, r->mode && !strcmp(r->mode, "function") ? "call" : "run",
                cover, cover == 1 ? "path carries" : "paths carry");
        for (size_t k = 0; k < n; k++) {
            const result_path *p = &r->paths[order[k]];
            int settled = !p->status || strcmp(p->status, "not_converged") != 0;
            open += !settled;
            if (k >= top && settled) continue;
            double share = total > 0 && isfinite(p->mean) ? 100 * p->mean / total : 0;
            fprintf(out, "    %5.1f%%  %.4f", share, p->mean);
            if (isfinite(p->half_width))
                fprintf(out, " ± %.4f", p->half_width);
            else
                fputs(" (no bound)", out);
            fprintf(out, "  %-13s #%-4llu ", p->status ? p->status : "", (unsigned long long)p->id);
            path_blocks(p, out);
            if (p->hashed && !p->nblocks)
                fprintf(out, "(hashed %s, blocks not decoded)", p->key ? p->key : "");
            else if (p->hashed)
                fputs(" (hashed)", out);
            fputc('\n', out);
        }
        if (n > top) fprintf(out, "    (%zu more, the rarest; all in the JSON result)\n", n - top);
    }
    fprintf(out, "%zu of %zu paths settled\n\n", r->npaths - open, r->npaths);
    free(order);
    return 0;
}
