/* distributions/format.c: a string made by printf conversions, format("$GP%s,%d*", D1, D2). */
/* SPDX-License-Identifier: MIT */

/* A string-valued distribution: the format's text with each conversion replaced by a
 * draw of its argument, the arguments drawn left to right. Conversions, as in printf
 * with flags (- + space # 0), a width and a precision (at most 512 each):
 *   %d %i      an integer-valued distribution
 *   %u %x %X %o  an integer-valued distribution that never gives negative values
 *   %c         an integer-valued distribution over 0..255 (character codes)
 *   %f %F %e %E %g %G  any numeric distribution
 *   %s         a string-valued distribution (choice("A", "B"), format(...), ...)
 *   %%         a '%'.
 * Kinds are checked when the spec is read, so a draw never fails: a real value for %d
 * is an error rather than a silent truncation. A format without conversions is a
 * constant string. */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dist_impl.h"

#define MAX_FIELD  512
#define PIECE_SPEC 24

typedef struct piece {
    size_t start, len;     /* literal text before the conversion, in the format */
    char conv;             /* 0: the final literal alone */
    char spec[PIECE_SPEC]; /* the conversion for snprintf, "%-08.3lld" */
    int minus;             /* %s: flag '-' */
    int width, precision;  /* %s: -1 when not given */
    size_t at;             /* where the conversion's '%' is in the format */
    dist *arg;
} piece;

typedef struct format {
    dist base;
    char *text; /* the format, NUL-terminated beyond its length */
    size_t len;
    size_t n; /* pieces, the last with conv 0 */
    piece *pieces;
} format;

#define F(d) ((const format *)(d))

/* %s: width and precision by hand, so drawn NUL bytes are kept. */
static int add_string(const piece *p, gsl_rng *r, dist_bytes *out) {
    dist_bytes s = {0};
    if (dist_sample_text(p->arg, r, &s) < 0) {
        dist_bytes_free(&s);
        return -1;
    }
    size_t n = p->precision >= 0 && (size_t)p->precision < s.len ? (size_t)p->precision : s.len;
    size_t pad = p->width > 0 && (size_t)p->width > n ? (size_t)p->width - n : 0;
    int rc = 0;
    for (size_t i = 0; i < pad && !p->minus && rc == 0; i++) rc = dist_bytes_add(out, " ", 1);
    if (rc == 0) rc = dist_bytes_add(out, s.data ? s.data : "", n);
    for (size_t i = 0; i < pad && p->minus && rc == 0; i++) rc = dist_bytes_add(out, " ", 1);
    dist_bytes_free(&s);
    return rc;
}

/* One numeric conversion. Integers beyond 64 bits (only a far tail could give them)
 * are written as %.0f would, so no cast is undefined. */
static int add_number(const piece *p, gsl_rng *r, dist_bytes *out) {
    char buf[2 * MAX_FIELD + 400];
    double v = dist_sample(p->arg, r);
    int n;
    switch (p->conv) {
    case 'd':
    case 'i':
        if (fabs(v) < 9.2e18) {
            n = snprintf(buf, sizeof buf, p->spec, (long long)v);
            break;
        }
        /* fall through */
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
        n = snprintf(buf, sizeof buf, p->spec, v);
        break;
    case 'c':
        n = snprintf(buf, sizeof buf, p->spec, (int)(unsigned char)v);
        break;
    default: /* u x X o: never negative */
        n = v < 1.8e19 ? snprintf(buf, sizeof buf, p->spec, (unsigned long long)v)
                       : snprintf(buf, sizeof buf, "%.0f", v);
        break;
    }
    if (n < 0) return -1;
    return dist_bytes_add(out, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

static int sample_text(const dist *d, gsl_rng *r, dist_bytes *out) {
    const format *f = F(d);
    for (size_t k = 0; k < f->n; k++) {
        const piece *p = &f->pieces[k];
        if (dist_bytes_add(out, f->text + p->start, p->len) < 0) return -1;
        if (p->conv && (p->conv == 's' ? add_string(p, r, out) : add_number(p, r, out)) < 0) return -1;
    }
    return 0;
}

/* The most bytes piece P's conversion writes, or -1: an integer's at either end of
 * its range (the digits grow with the magnitude, and a sign is written alike for all
 * negatives), %c's one byte, %s's argument at its longest; a real's is not bounded
 * here. Width and precision apply as in the draw. */
static double conversion_most(const piece *p) {
    char buf[2 * MAX_FIELD + 400];
    double lo, hi;
    int a, b;
    switch (p->conv) {
    case 's': {
        double n = dist_text_most(p->arg);
        if (n < 0) return -1;
        if (p->precision >= 0 && (double)p->precision < n) n = p->precision;
        return p->width > n ? p->width : n;
    }
    case 'c':
        return snprintf(buf, sizeof buf, p->spec, 'x');
    case 'd':
    case 'i':
    case 'u':
    case 'x':
    case 'X':
    case 'o':
        dist_range(p->arg, &lo, &hi);
        if (!(fabs(lo) < 9.2e18 && fabs(hi) < 9.2e18)) return -1;
        if (p->conv == 'd' || p->conv == 'i') {
            a = snprintf(buf, sizeof buf, p->spec, (long long)lo);
            b = snprintf(buf, sizeof buf, p->spec, (long long)hi);
        } else {
            if (lo < 0) return -1;
            a = snprintf(buf, sizeof buf, p->spec, (unsigned long long)lo);
            b = snprintf(buf, sizeof buf, p->spec, (unsigned long long)hi);
        }
        return a < 0 || b < 0 ? -1 : a > b ? a : b;
    default:
        return -1;
    }
}

static double text_most(const dist *d) {
    const format *f = F(d);
    double most = 0;
    for (size_t k = 0; k < f->n; k++) {
        const piece *p = &f->pieces[k];
        double n = p->conv ? conversion_most(p) : 0;
        if (n < 0) return -1;
        most += (double)p->len + n;
    }
    return most;
}

static void to_text(const dist *d, dist_text *t) {
    dist_text_add(t, "format(");
    dist_text_bytes(t, F(d)->text, F(d)->len);
    for (size_t k = 0; k < F(d)->n; k++) {
        if (!F(d)->pieces[k].arg) continue;
        dist_text_add(t, ", ");
        dist_format_text(F(d)->pieces[k].arg, t);
    }
    dist_text_add(t, ")");
}

static void release(dist *d) {
    format *f = (format *)d;
    for (size_t k = 0; f->pieces && k < f->n; k++) dist_free(f->pieces[k].arg);
    free(f->pieces);
    free(f->text);
}

static const dist_ops ops = {
    "format", dist_text_cdf_nan, dist_text_mean_nan, to_text, release, NULL, NULL, NULL, NULL, NULL, NULL,
    NULL,     sample_text,       text_most,
};

/* Reads the conversion at TEXT[*AT] (just after its '%') into P, moving *AT past it.
 * Returns NULL on success, or the error's message with P->start..(*AT) at fault. */
static const char *conversion(const char *text, size_t len, size_t *at, piece *p, size_t *bad) {
    char flags[8] = "";
    size_t nf = 0, i = *at;
    while (i < len && strchr("-+ #0", text[i]) && nf < 5) {
        if (!strchr(flags, text[i])) flags[nf++] = text[i];
        i++;
    }
    flags[nf] = '\0';
    long width = -1, precision = -1;
    *bad = i;
    if (i < len && text[i] == '*')
        return "a width or precision taken from an argument ('*') is not supported";
    if (i < len && text[i] >= '0' && text[i] <= '9')
        for (width = 0; i < len && text[i] >= '0' && text[i] <= '9' && width <= MAX_FIELD; i++)
            width = width * 10 + (text[i] - '0');
    if (width > MAX_FIELD) return "a width above 512 is not supported";
    *bad = i;
    if (i < len && text[i] == '.') {
        i++;
        *bad = i;
        if (i < len && text[i] == '*')
            return "a width or precision taken from an argument ('*') is not supported";
        for (precision = 0; i < len && text[i] >= '0' && text[i] <= '9' && precision <= MAX_FIELD; i++)
            precision = precision * 10 + (text[i] - '0');
        if (precision > MAX_FIELD) return "a precision above 512 is not supported";
    }
    *bad = i;
    if (i >= len) return "the format ends inside a conversion (write %% for a '%')";
    char c = text[i];
    if (strchr("hlLqjzt", c))
        return "length modifiers (h, l, ll, z, ...) are not used in format(): each conversion takes the "
               "drawn value whole";
    if (!strchr("diuxXocsfFeEgG", c))
        return "unknown conversion: format() takes %d %i %u %x %X %o %c %s %f %e %g (and %F %E %G) and %%";
    if (strchr(flags, '#') && strchr("diucs", c)) return "the flag '#' does not apply to this conversion";
    if (strchr(flags, '0') && strchr("cs", c)) return "the flag '0' does not apply to %c or %s";
    if (precision >= 0 && c == 'c') return "a precision does not apply to %c";
    if (c == 's' && strcspn(flags, "+ #0") < strlen(flags)) return "%s takes only the flag '-'";
    *at = i + 1;
    p->conv = c;
    p->minus = strchr(flags, '-') != NULL;
    p->width = (int)width;
    p->precision = (int)precision;
    char wtext[16] = "", ptext[16] = "";
    if (width >= 0) snprintf(wtext, sizeof wtext, "%ld", width);
    if (precision >= 0) snprintf(ptext, sizeof ptext, ".%ld", precision);
    snprintf(p->spec, sizeof p->spec, "%%%s%s%s%s%c", flags, wtext, ptext, strchr("diuxXo", c) ? "ll" : "",
             c);
    return NULL;
}

/* Splits FMT into pieces, each literal text and the conversion after it; the last
 * piece holds the text after the last conversion. Returns the count, or 0 with ERR
 * filled (a bad conversion, at its byte), or (size_t)-1 out of memory. */
static size_t split(const char *text, size_t len, piece **out, dist_error *err) {
    size_t cap = 4, n = 0, lit = 0, i = 0;
    piece *v = calloc(cap, sizeof *v);
    if (!v) return (size_t)-1;
    /* "%%" keeps one '%' by ending a literal after it and starting the next past it */
    for (;;) {
        size_t pct = i;
        while (pct < len && text[pct] != '%') pct++;
        if (n + 1 >= cap) {
            piece *g = realloc(v, 2 * cap * sizeof *g);
            if (!g) {
                free(v);
                return (size_t)-1;
            }
            memset(g + cap, 0, cap * sizeof *g);
            v = g;
            cap *= 2;
        }
        piece *p = &v[n];
        p->start = lit;
        p->len = pct - lit;
        p->width = p->precision = -1;
        if (pct >= len) {
            n++;
            break;
        }
        if (pct + 1 < len && text[pct + 1] == '%') {
            p->len = pct + 1 - lit; /* the literal includes one '%' */
            p->conv = 0;
            n++;
            lit = i = pct + 2;
            continue;
        }
        size_t at = pct + 1, bad = at;
        const char *why = conversion(text, len, &at, p, &bad);
        if (why) {
            free(v);
            dist_args_fail(err, 0, "format(\"...\", ...): %s", why);
            if (err) err->char_index = (long)(bad <= len ? bad : pct); /* len: the closing quote */
            return 0;
        }
        p->at = pct;
        n++;
        lit = i = at;
    }
    *out = v;
    return n;
}

/* What conversion C needs of D; NULL when D will do. */
static const char *mismatch(char c, const dist *d) {
    if (c == 's')
        return dist_is_text(d) ? NULL
                               : "a string-valued distribution (choice(\"A\", \"B\"), format(...), ...)";
    if (dist_is_text(d)) return "a numeric distribution, not a string-valued one (use %s for strings)";
    if (strchr("di", c) && !dist_is_integer(d))
        return "an integer-valued distribution (for a real-valued one use %f, %e or %g)";
    if (strchr("uxXo", c) && (!dist_is_integer(d) || dist_cdf(d, -0.5) > 0))
        return "an integer-valued distribution that never gives negative values";
    if (c == 'c' && (!dist_is_integer(d) || dist_cdf(d, -0.5) > 0 || dist_cdf(d, 255.5) < 1))
        return "an integer-valued distribution over character codes 0..255";
    return NULL;
}

/* format("text", D1, ...): the first argument the format, then one distribution per
 * conversion, in order. Fails on a bad conversion (at its byte of the format), a
 * conversion without an argument (at its '%'), an extra argument or one of the wrong
 * kind (at the argument), or out of memory; the arguments then stay the caller's. */
dist *dist_format_create(const dist_arg *args, size_t nargs, const char *base_dir, dist_error *err) {
    (void)base_dir;
    if (nargs == 0 || args[0].kind != DIST_ARG_STRING || args[0].has_weight)
        return dist_args_fail(err, nargs ? 0 : -1,
                              "format(\"text\", D1, D2, ...) takes the format, a plain "
                              "string, first"),
               NULL;
    piece *pieces = NULL;
    size_t n = split(args[0].string, args[0].string_len, &pieces, err);
    if (n == (size_t)-1) return dist_args_fail(err, -1, "format: out of memory"), NULL;
    if (n == 0) return NULL;
    size_t used = 0;
    for (size_t k = 0; k < n; k++) {
        piece *p = &pieces[k];
        if (!p->conv) continue;
        if (++used >= nargs) {
            dist_args_fail(err, 0,
                           "format(\"...\", ...): conversion %zu (%%%c) has no argument; the format has "
                           "more conversions than the %zu argument%s after it",
                           used, p->conv, nargs - 1, nargs == 2 ? "" : "s");
            if (err) err->char_index = (long)p->at;
            free(pieces);
            return NULL;
        }
        const dist_arg *a = &args[used];
        const char *want = a->kind != DIST_ARG_DIST ? "a distribution" : mismatch(p->conv, a->inner);
        if (want || a->has_weight) {
            char got[96] = "a value: weight pair";
            if (!want)
                want = "a plain distribution";
            else if (a->kind != DIST_ARG_DIST)
                snprintf(got, sizeof got, "%s", dist_args_kind(a));
            else
                dist_format(a->inner, got, sizeof got);
            dist_args_fail(err, (int)used, "format(\"...\", ...): %%%c (conversion %zu) needs %s, got %s",
                           p->conv, used, want, got);
            free(pieces);
            return NULL;
        }
        p->arg = a->inner; /* taken only on success, below */
    }
    if (used + 1 < nargs) {
        free(pieces);
        return dist_args_fail(err, (int)used + 1,
                              "format(\"...\", ...): argument %zu has no conversion; the "
                              "format has %zu conversion%s",
                              used + 1, used, used == 1 ? "" : "s"),
               NULL;
    }
    format *f = (format *)dist_alloc(sizeof *f, &ops, dist_text_sample_nan, 0, err);
    char *text = malloc(args[0].string_len + 1);
    if (!f || !text) {
        free(text);
        free(pieces);
        if (f) {
            dist_free(&f->base);
            return dist_args_fail(err, -1, "format: out of memory"), NULL;
        }
        return NULL;
    }
    memcpy(text, args[0].string, args[0].string_len);
    text[args[0].string_len] = '\0';
    f->text = text;
    f->len = args[0].string_len;
    f->pieces = pieces;
    f->n = n;
    return &f->base;
}
