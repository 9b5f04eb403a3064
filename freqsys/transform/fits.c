/* freqsys/transform/fits.c: whether each declared distribution fits the C type its draws are stored in. */
/* SPDX-License-Identifier: MIT */
#include "fits.h"

#include <math.h>
#include <string.h>
#include "freqsys/abi.h"
#include "dist.h"
#include "transform.h"

static const char *type_name(uint32_t kind) {
    switch (kind) {
    case FSABI_KIND_BOOL:
        return "_Bool";
    case FSABI_KIND_I8:
        return "signed char";
    case FSABI_KIND_I16:
        return "short";
    case FSABI_KIND_I32:
        return "int";
    case FSABI_KIND_I64:
        return "long";
    case FSABI_KIND_U8:
        return "unsigned char";
    case FSABI_KIND_CHAR:
        return "char";
    case FSABI_KIND_U16:
        return "unsigned short";
    case FSABI_KIND_U32:
        return "unsigned int";
    case FSABI_KIND_U64:
        return "unsigned long";
    default:
        return "?";
    }
}

/* The input that feeds SITE, or NULL when it is matched only at run time. */
static const spec_input *feeding(const spec *s, const read_site *site) {
    if (site->origin != FSABI_FROM_READ) return site->decl < s->ninputs ? &s->inputs[site->decl] : NULL;
    const spec_input *in = *site->variable ? spec_find_var(s, site->variable) : NULL;
    for (size_t i = 0; !in && i < s->ninputs; i++)
        if (s->inputs[i].target == SPEC_READ_INDEX) return NULL; /* read N may claim it first */
    for (size_t i = 0; !in && i < s->ninputs; i++)
        if (s->inputs[i].target == SPEC_READ_ANY) in = &s->inputs[i];
    return in;
}

/* P(a draw of D, truncated toward zero, falls outside [LO, HI]). */
static double misfit(const dist *d, double lo, double hi) {
    double below = dist_cdf(d, lo - 1.0);
    double above = 1.0 - dist_cdf(d, nextafter(hi + 1.0, -INFINITY));
    return (below > 0 ? below : 0) + (above > 0 ? above : 0);
}

int fits_check(const spec *s, const read_sites *sites, char *err, size_t errlen) {
    for (size_t i = 0; i < sites->n; i++) {
        const read_site *site = &sites->v[i];
        double lo, hi;
        const spec_input *in = feeding(s, site);
        int text_site = site->kind == FSABI_KIND_TEXT || site->kind == FSABI_KIND_LINE;
        if (in && in->value.kind == SPEC_VALUE_DIST && in->value.dist && dist_is_text(in->value.dist) &&
            !text_site) {
            char text[128];
            dist_format(in->value.dist, text, sizeof text);
            spec_diagnose(s, in->value.loc, err, errlen,
                          "%s is string-valued, but %s:%u reads a number%s%s%s from "
                          "it; a string is read with %%s or fgets",
                          text, strrchr(site->file, '/') ? strrchr(site->file, '/') + 1 : site->file,
                          site->line, *site->variable ? " ('" : "", site->variable,
                          *site->variable ? "')" : "");
            return TRANSFORM_ESPEC;
        }
        if (!fsabi_int_range(site->kind, &lo, &hi)) continue;
        if (!in || in->value.kind != SPEC_VALUE_DIST || !in->value.dist) continue;
        double p = misfit(in->value.dist, lo, hi);
        if (!(p > FITS_MAX_MISFIT)) continue;
        char text[128], where[512];
        dist_format(in->value.dist, text, sizeof text);
        if (site->line) /* a read in the code */
            snprintf(where, sizeof where, "%s:%u stores its draws in that type%s%s%s",
                     strrchr(site->file, '/') ? strrchr(site->file, '/') + 1 : site->file, site->line,
                     *site->variable ? " ('" : "", site->variable, *site->variable ? "')" : "");
        else /* a global or an extern, which has no line of its own */
            snprintf(where, sizeof where, "'%s' is of that type",
                     *site->variable ? site->variable : "the input");
        spec_diagnose(s, in->value.loc, err, errlen,
                      "%s gives values outside %s (%.17g to %.17g) with probability %.3g, and %s; choose a "
                      "distribution within the range, e.g. truncated(%s, %.17g, %.17g)",
                      text, type_name(site->kind), lo, hi, p, where, text, lo, hi);
        return TRANSFORM_ESPEC;
    }
    return 0;
}
