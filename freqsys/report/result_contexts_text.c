/* freqsys/report/result_contexts_text.c: the text report's calling contexts: each function's contexts and
 * their shares of its entries. */
/* SPDX-License-Identifier: MIT */
#include "result.h"

#include <math.h>
#include <string.h>

char *result_context_label(const result_context *c, char *buf, size_t size) {
    size_t n = 0;
    buf[0] = '\0';
    if (strcmp(c->kind, "calls") != 0) {
        snprintf(buf, size, "(%s) %s", c->kind, c->function);
        return buf;
    }
    for (size_t k = 0; k < c->ncalls && n < size; k++) {
        int w = snprintf(buf + n, size - n, "%s:%d:%d > ", c->calls[k].function, c->calls[k].line,
                         c->calls[k].column);
        n += w > 0 ? (size_t)w : 0;
    }
    if (n < size) snprintf(buf + n, size - n, "%s", c->function);
    return buf;
}

static int settled(const result_context_block *b) {
    return !b->status || strcmp(b->status, "not_converged") != 0;
}

/* One function's contexts, the first at R->contexts[FIRST], up to END; how many of
 * their blocks are open goes into *OPEN. */
static void function_contexts(const result *r, size_t first, size_t end, FILE *out, size_t *open) {
    double total = 0;
    size_t fn_open = 0;
    for (size_t i = first; i < end; i++) {
        if (r->contexts[i].nblocks && isfinite(r->contexts[i].blocks[0].mean))
            total += r->contexts[i].blocks[0].mean;
        for (size_t k = 0; k < r->contexts[i].nblocks; k++) fn_open += !settled(&r->contexts[i].blocks[k]);
    }
    *open += fn_open;
    if (total == 0 && !fn_open) return; /* never ran */
    const char *unit = r->mode && !strcmp(r->mode, "function") ? "call" : "run";
    fprintf(out, "  %s: %zu %s, %.4f entries per %s\n", r->contexts[first].function, end - first,
            end - first == 1 ? "context" : "contexts", total, unit);
    for (size_t i = first; i < end; i++) {
        const result_context *c = &r->contexts[i];
        size_t not_settled = 0;
        for (size_t k = 0; k < c->nblocks; k++) not_settled += !settled(&c->blocks[k]);
        if (!c->nblocks || (c->blocks[0].mean == 0 && !not_settled))
            continue; /* never entered there: in the JSON result */
        const result_context_block *entry = &c->blocks[0];
        double share = total > 0 && isfinite(entry->mean) ? 100 * entry->mean / total : 0;
        char label[512];
        fprintf(out, "    %5.1f%%  %.4f", share, entry->mean);
        if (isfinite(entry->half_width))
            fprintf(out, " ± %.4f", entry->half_width);
        else
            fputs(" (no bound)", out);
        fprintf(out, "  %-13s %s", entry->status ? entry->status : "",
                result_context_label(c, label, sizeof label));
        if (not_settled)
            fprintf(out, "  (%zu %s not settled)", not_settled, not_settled == 1 ? "block" : "blocks");
        fputc('\n', out);
    }
}

int result_write_contexts_text(const result *r, FILE *out) {
    if (!r->context_depth) return 0;
    fprintf(out,
            "calling contexts (the last %llu call sites, FUNCTION:LINE:COLUMN of each call, outermost "
            "first): MEAN is\n"
            "entries per %s in the context, SHARE of the function's entries; contexts never entered are left "
            "out\n",
            (unsigned long long)r->context_depth, r->mode && !strcmp(r->mode, "function") ? "call" : "run");
    size_t open = 0, blocks = 0;
    for (size_t i = 0; i < r->ncontexts;) {
        size_t end = i + 1;
        while (end < r->ncontexts && strcmp(r->contexts[end].function, r->contexts[i].function) == 0) end++;
        for (size_t k = i; k < end; k++) blocks += r->contexts[k].nblocks;
        function_contexts(r, i, end, out, &open);
        i = end;
    }
    fprintf(out, "%zu of %zu blocks in their contexts settled\n\n", blocks - open, blocks);
    return 0;
}
