/* freqsys/bounds/given_bounds.c: what the spec tells the proven bounds: its caps and the ranges of reads.
 */
/* SPDX-License-Identifier: MIT */
#include "given_bounds.h"

#include <math.h>
#include <stdlib.h>
#include "freqsys/abi.h"
#include "function_names.h"
#include "given_walks.h"
#include "global_values.h"
#include "transform.h"

static void hull(const dist *d, double *lo, double *hi) {
    double a, b;
    dist_range(d, &a, &b);
    if (a < *lo) *lo = a;
    if (b > *hi) *hi = b;
}

/* The range of a read at SITE: every distribution that can serve it, and 0 (what a
 * read past the end of the input gives) when only `read N` lines serve some reads.
 * ONLY gets the distribution when it alone serves the site, else NULL. */
static void read_range(const spec *s, const read_site *site, double *lo, double *hi, const dist **only) {
    *lo = INFINITY;
    *hi = -INFINITY;
    *only = NULL;
    if (site->origin != FSABI_FROM_READ) {
        *lo = -INFINITY;
        *hi = INFINITY;
        return;
    }
    const spec_input *var = *site->variable ? spec_find_var(s, site->variable) : NULL;
    int any = 0, indexed = 0, serving = 0;
    for (size_t i = 0; i < s->ninputs; i++) {
        const spec_input *in = &s->inputs[i];
        int serves = in->target == SPEC_READ_INDEX || (in->target == SPEC_READ_ANY && !var) || in == var;
        any |= in->target == SPEC_READ_ANY;
        indexed |= in->target == SPEC_READ_INDEX;
        if (!serves) continue;
        serving++;
        if (in->value.kind == SPEC_VALUE_DIST && in->value.dist) {
            hull(in->value.dist, lo, hi);
            *only = in->value.dist;
        } else {
            *lo = -INFINITY;
            *hi = INFINITY;
        }
    }
    if (serving != 1) *only = NULL;
    if (indexed && !any) {
        if (*lo > 0) *lo = 0;
        if (*hi < 0) *hi = 0;
    }
    if (*lo > *hi) {
        *lo = -INFINITY;
        *hi = INFINITY;
    }
}

int given_bounds_make(LLVMModuleRef m, const spec *s, const read_sites *sites, bound_given *out, char *err,
                      size_t errlen) {
    *out = (bound_given){0};
    out->caps = calloc(s->ncaps + 1, sizeof *out->caps);
    double *lo = calloc(sites->n + 1, sizeof *lo), *hi = calloc(sites->n + 1, sizeof *hi);
    const dist **only = calloc(sites->n + 1, sizeof *only);
    out->read_lo = lo;
    out->read_hi = hi;
    out->read_dist = only;
    if (!out->caps || !lo || !hi || !only) return -1;
    for (size_t k = 0; k < s->ncaps; k++) {
        const spec_cap *c = &s->caps[k];
        LLVMValueRef fn = c->function ? LLVMGetNamedFunction(m, c->function) : NULL;
        if (c->function && (!fn || LLVMCountBasicBlocks(fn) == 0)) {
            char hint[256];
            spec_diagnose(s, c->name_loc, err, errlen, "cap '%s': the program defines no function '%s'%s",
                          c->name, c->function, function_names_hint(m, c->function, hint, sizeof hint));
            return TRANSFORM_ESPEC;
        }
        out->caps[out->ncaps++] = (bound_cap){c->function, c->file, (unsigned)c->line, c->n, c->name, 0};
    }
    for (size_t j = 0; j < sites->n; j++) read_range(s, &sites->v[j], &lo[j], &hi[j], &only[j]);
    out->nreads = sites->n;
    /* drawn globals the program only reads; memory out: none known */
    global_facts *globals = calloc(1, sizeof *globals);
    if (globals && global_facts_make(m, s, globals) != 0) {
        global_facts_free(globals);
        free(globals);
        globals = NULL;
    }
    out->globals = globals;
    return given_walks_make(m, s, &out->walks);
}

int given_bounds_check(const spec *s, const bound_given *g, char *err, size_t errlen) {
    for (size_t k = 0; k < g->ncaps && k < s->ncaps; k++)
        if (g->caps[k].file && !g->caps[k].used) {
            spec_diagnose(s, s->caps[k].name_loc, err, errlen,
                          "cap '%s': no loop has its header at line %d of %s (the line of its test: "
                          "'while (...)', 'for (...; ...; ...)')",
                          s->caps[k].name, s->caps[k].line, s->caps[k].file);
            return TRANSFORM_ESPEC;
        }
    return 0;
}

void given_bounds_free(bound_given *g) {
    free(g->caps);
    free((void *)g->read_lo);
    free((void *)g->read_hi);
    free((void *)g->read_dist);
    given_walks_free(&g->walks);
    if (g->globals) global_facts_free(g->globals);
    free(g->globals);
    *g = (bound_given){0};
}
