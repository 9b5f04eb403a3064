/* freqsys/report/report_sample_contexts.c: the result's calling contexts as an LLVM context-sensitive sample
 * profile (text form). */
/* SPDX-License-Identifier: MIT */
#include "export.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* LLVM's context-sensitive text form gives each context an entry of its own, whose
 * name is the chain of call sites, outermost first, each "FUNCTION:OFFSET" (the
 * call's line minus the caller's declarator line), then the function:
 *     [main:3 @ dispatch:2 @ f]:TOTAL:HEAD
 *      OFFSET: SAMPLES [CALLEE:CALLS ...]
 * with the body of report_sample.c computed from the block means in that context. A
 * function entered from outside the direct calls (or past its room for contexts) is
 * the context-less [f]. Contexts LLVM cannot tell apart (two calls of f on one line)
 * are one entry with their counts summed. A function entered in one context only is
 * written context-less, too: its context says nothing its own profile does not, and
 * clang's sample loader inlines every function whose context it is given, early and
 * regardless of cost, where the ordinary inliner would weigh it (bench/pgo's tokenize
 * ran 15% slower with its one-context keyword given as a context). */

static const result_function *declared(const result *r, const char *name) {
    for (size_t k = 0; k < r->nfunctions; k++)
        if (strcmp(r->functions[k].name, name) == 0) return &r->functions[k];
    return NULL;
}

/* LLVM's name of context C, in BUF; 0 when a caller has no declarator line. */
static int context_name(const result *r, const result_context *c, char *buf, size_t size) {
    size_t n = 0;
    buf[0] = '[';
    n = 1;
    for (size_t k = 0; !strcmp(c->kind, "calls") && k < c->ncalls; k++) {
        const result_function *caller = declared(r, c->calls[k].function);
        if (!caller || caller->line <= 0 || c->calls[k].line < caller->line) return 0;
        int w =
            snprintf(buf + n, size - n, "%s:%d @ ", c->calls[k].function, c->calls[k].line - caller->line);
        if (w < 0 || (size_t)w >= size - n) return 0;
        n += (size_t)w;
    }
    int w = snprintf(buf + n, size - n, "%s]", c->function);
    return w > 0 && (size_t)w < size - n;
}

/* The blocks of FUNCTION in R: [*first, *end). 0 when it has none. */
static int function_blocks(const result *r, const char *function, size_t *first, size_t *end) {
    for (size_t i = 0; i < r->nblocks; i++)
        if (strcmp(r->blocks[i].function, function) == 0) {
            *first = *end = i;
            while (*end < r->nblocks && strcmp(r->blocks[*end].function, function) == 0) (*end)++;
            return 1;
        }
    return 0;
}

/* Whether FUNCTION is a caller in the chain of one of the N contexts NAMES. */
static int calls_through(char *const *names, size_t n, const char *function) {
    size_t len = strlen(function);
    for (size_t k = 0; k < n; k++) {
        const char *name = names[k];
        for (const char *at = name ? strstr(name, function) : NULL; at; at = strstr(at + 1, function)) {
            int starts = at == name + 1 || (at >= name + 2 && at[-1] == ' ' && at[-2] == '@');
            if (starts && at[len] == ':') return 1;
        }
    }
    return 0;
}

/* When the function of contexts [FIRST, END) is entered under one name only, and is
 * no caller in another context's chain (which would need it inlined to be reached),
 * renames that name to the context-less [function]. 1 renamed, 0 not, -1 out of memory. */
static int merge_single_context(const result *r, size_t first, size_t end, char **names) {
    size_t only = end;
    for (size_t k = first; k < end; k++) {
        if (!names[k] || !r->contexts[k].nblocks || !(r->contexts[k].blocks[0].mean > 0)) continue;
        if (only == end)
            only = k;
        else if (strcmp(names[only], names[k]) != 0)
            return 0;
    }
    if (only == end) return 0; /* never entered */
    const char *function = r->contexts[first].function;
    size_t len = strlen(function);
    int plain_already = names[only][0] == '[' && !strncmp(names[only] + 1, function, len) &&
                        !strcmp(names[only] + 1 + len, "]");
    if (plain_already || calls_through(names, r->ncontexts, function))
        return 0; /* already [function], or a caller in contexts that need it inlined */
    char *entered = names[only];
    names[only] = NULL; /* compared below, freed last */
    for (size_t k = first; k < end; k++) {
        if (k != only && (!names[k] || strcmp(names[k], entered) != 0)) continue;
        char *plain = malloc(strlen(function) + 3);
        if (!plain) {
            names[only] = entered;
            return -1;
        }
        sprintf(plain, "[%s]", function);
        if (k != only) free(names[k]);
        names[k] = plain;
    }
    free(entered);
    return 1;
}

/* Applies merge_single_context to every function until no name changes: a function
 * freed of its last callee's chain may merge in turn. 0, or -1 out of memory. */
static int merge_single_contexts(const result *r, char **names) {
    for (int changed = 1; changed;) {
        changed = 0;
        for (size_t i = 0; i < r->ncontexts;) {
            size_t end = i + 1;
            while (end < r->ncontexts && strcmp(r->contexts[end].function, r->contexts[i].function) == 0)
                end++;
            int rc = merge_single_context(r, i, end, names);
            if (rc < 0) return -1;
            changed |= rc;
            i = end;
        }
    }
    return 0;
}

/* Writes the entry NAME for contexts [FIRST, END) of one function, summing those whose
 * name is NAME, through report_sample_functions_write on a one-function result whose block means
 * are the contexts'. */
static int write_entry(const result *r, size_t first, size_t end, char **names, size_t at,
                       const result_export *opt, FILE *out, char *err, size_t errlen) {
    const result_context *c = &r->contexts[at];
    size_t b0, b1;
    if (strncmp(c->function, "freqsys.", 8) == 0) return 0; /* freqsys's own helpers have no source */
    if (!c->nblocks || !function_blocks(r, c->function, &b0, &b1) || b1 - b0 != c->nblocks)
        return 0; /* the result's blocks and contexts disagree: nothing to write */
    const result_function *fn = declared(r, c->function);
    result one = {0};
    result_block *blocks = malloc(c->nblocks * sizeof *blocks);
    if (!blocks) {
        errno = ENOMEM;
        return -1;
    }
    memcpy(blocks, r->blocks + b0, c->nblocks * sizeof *blocks);
    for (size_t j = 0; j < c->nblocks; j++) {
        blocks[j].mean = 0;
        blocks[j].function = names[at];
    }
    for (size_t k = first; k < end; k++)
        if (names[k] && strcmp(names[k], names[at]) == 0)
            for (size_t j = 0; j < c->nblocks; j++) blocks[j].mean += r->contexts[k].blocks[j].mean;
    result_function f = {names[at], fn ? fn->file : "", fn ? fn->line : 0};
    one.blocks = blocks;
    one.nblocks = c->nblocks;
    one.functions = &f;
    one.nfunctions = 1;
    /* the function's places, numbered as the one-function result's blocks, so that its
     * lines' blocks are told apart by discriminators as in the sample export */
    result_export with_places = *opt;
    block_lines places = {0};
    if (opt->positions) {
        places.v = malloc((opt->positions->n + 1) * sizeof *places.v);
        if (!places.v) {
            free(blocks);
            errno = ENOMEM;
            return -1;
        }
        for (size_t k = 0; k < opt->positions->n; k++) {
            block_position p = opt->positions->v[k];
            if (p.block < b0 || p.block >= b1) continue;
            p.block -= (uint32_t)b0;
            places.v[places.n++] = p;
        }
        with_places.positions = &places;
    }
    /* entries without report_sample_write's pre-inlined mark: on a context, it would
     * tell clang's sample loader to inline it whatever it costs */
    int rc = blocks[0].mean > 0 && report_sample_functions_write(&one, &with_places, out, err, errlen) < 0
                 ? -1
                 : 0;
    free(places.v);
    free(blocks);
    return rc;
}

int report_sample_contexts_write(const result *r, const result_export *opt, FILE *out, char *err,
                                 size_t errlen) {
    if (!r->context_depth) {
        if (err && errlen)
            snprintf(err, errlen, "the result has no calling contexts: run freqsys run with --contexts");
        errno = EINVAL;
        return -1;
    }
    char **names = calloc(r->ncontexts + 1, sizeof *names);
    if (!names) {
        errno = ENOMEM;
        return -1;
    }
    int rc = 0;
    for (size_t i = 0; i < r->ncontexts && rc == 0; i++) {
        char buf[4096];
        if (context_name(r, &r->contexts[i], buf, sizeof buf) && !(names[i] = strdup(buf))) rc = -1;
    }
    if (rc == 0 && merge_single_contexts(r, names) != 0) {
        rc = -1;
        errno = ENOMEM;
    }
    for (size_t i = 0; i < r->ncontexts && rc == 0;) {
        size_t end = i + 1;
        while (end < r->ncontexts && strcmp(r->contexts[end].function, r->contexts[i].function) == 0) end++;
        for (size_t k = i; k < end && rc == 0; k++) {
            int first_of_name = names[k] != NULL;
            for (size_t p = i; p < k && first_of_name; p++)
                first_of_name = !names[p] || strcmp(names[p], names[k]) != 0;
            if (first_of_name) rc = write_entry(r, i, end, names, k, opt, out, err, errlen);
        }
        i = end;
    }
    for (size_t i = 0; i < r->ncontexts; i++) free(names[i]);
    free(names);
    if (rc != 0) {
        if (err && errlen && errno == ENOMEM) snprintf(err, errlen, "out of memory");
        return -1;
    }
    return result_flush(out, err, errlen);
}
