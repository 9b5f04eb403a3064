/* freqsys/spec/scanner.c: reads the tokens of one spec line and reports errors in it. */
/* SPDX-License-Identifier: MIT */
#include "scanner.h"
#include "diagnostic.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int is_alpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
static int is_digit(char c) {
    return c >= '0' && c <= '9';
}
static int is_hex(char c) {
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
static int is_word(char c) {
    return is_alpha(c) || is_digit(c);
}

void scanner_report(scanner *sc, int column, const char *fmt, ...) {
    if (sc->failed) return; /* the first error is the one reported */
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    int line = sc->line;
    const char *text = sc->text;
    if (sc->nparts && column >= 1) {
        size_t k = sc->nparts - 1;
        while (k > 0 && sc->part_start[k] > (size_t)column - 1) k--;
        scanner_place(sc, (size_t)column - 1, &line, &column);
        text = sc->part_text[k];
    }
    if (sc->errlen) diagnostic_format(sc->err, sc->errlen, sc->path, line, column, text, msg);
    sc->failed = 1;
}

void scanner_place(const scanner *sc, size_t pos, int *line, int *column) {
    size_t k = sc->nparts ? sc->nparts - 1 : 0;
    while (k > 0 && sc->part_start[k] > pos) k--;
    size_t start = sc->nparts ? sc->part_start[k] : 0;
    *line = sc->line + (int)k;
    *column = (int)(pos - start) + 1;
}

void scanner_nomem(scanner *sc, int column) {
    if (!sc->failed) sc->out_of_memory = 1;
    scanner_report(sc, column, "out of memory");
}

void scanner_space(scanner *sc) {
    while (sc->text[sc->pos] == ' ' || sc->text[sc->pos] == '\t') sc->pos++;
}

int scanner_at_end(scanner *sc) {
    scanner_space(sc);
    return sc->text[sc->pos] == '\0' || sc->text[sc->pos] == '#';
}

char scanner_peek(scanner *sc) {
    return scanner_at_end(sc) ? '\0' : sc->text[sc->pos];
}

int scanner_at_ident(const scanner *sc) {
    return is_alpha(sc->text[sc->pos]);
}

char *scanner_ident(scanner *sc) {
    if (!scanner_at_ident(sc)) return NULL;
    size_t start = sc->pos;
    while (is_word(sc->text[sc->pos])) sc->pos++;
    char *s = strndup(sc->text + start, sc->pos - start);
    if (!s) scanner_nomem(sc, (int)start + 1);
    return s;
}

char *scanner_path(scanner *sc) {
    if (!scanner_at_ident(sc)) return NULL;
    size_t start = sc->pos;
    for (;;) {
        while (is_word(sc->text[sc->pos])) sc->pos++;
        if (sc->text[sc->pos] != '.') break;
        if (!is_alpha(sc->text[sc->pos + 1])) {
            scanner_report(sc, (int)sc->pos + 2, "expected a field name after '.'");
            return NULL;
        }
        sc->pos++;
    }
    char *s = strndup(sc->text + start, sc->pos - start);
    if (!s) scanner_nomem(sc, (int)start + 1);
    return s;
}

int scanner_at_number(const scanner *sc) {
    const char *p = sc->text + sc->pos;
    if (*p == '-' || *p == '+') p++;
    return is_digit(*p) || (*p == '.' && is_digit(p[1]));
}

/* The extent of a malformed number, for quoting it whole: the run of word characters,
 * points and signs after an exponent. */
static size_t bad_extent(const char *text, size_t start) {
    size_t p = start;
    if (text[p] == '-' || text[p] == '+') p++;
    while (is_word(text[p]) || text[p] == '.' ||
           ((text[p] == '-' || text[p] == '+') && (text[p - 1] == 'e' || text[p - 1] == 'E')))
        p++;
    return p - start;
}

static int invalid(scanner *sc, size_t start) {
    char buf[64];
    return scanner_fail(sc, (int)start + 1, "invalid number '%s'",
                        scanner_text(sc, start, bad_extent(sc->text, start), buf, sizeof buf)) +
           1;
}

int scanner_number(scanner *sc, int flags, scanner_num *out) {
    const char *t = sc->text;
    size_t start = sc->pos, p = start;
    memset(out, 0, sizeof *out);
    out->pos = start;
    if (t[p] == '-' || t[p] == '+') {
        out->negative = t[p] == '-';
        p++;
    }
    size_t body = p;
    char buf[128];
    int hex = t[p] == '0' && (t[p + 1] == 'x' || t[p + 1] == 'X');
    if (hex) {
        p += 2;
        size_t digits = p;
        while (is_hex(t[p])) p++;
        if (p == digits) return invalid(sc, start);
        out->is_integer_literal = 1;
    } else {
        size_t ndigits = 0;
        while (is_digit(t[p])) {
            p++;
            ndigits++;
        }
        int integral = 1;
        /* A point starts a fraction unless it begins a ".." range. */
        if (t[p] == '.' && t[p + 1] != '.') {
            integral = 0;
            p++;
            while (is_digit(t[p])) {
                p++;
                ndigits++;
            }
        }
        if (ndigits == 0) return invalid(sc, start);
        if (t[p] == 'e' || t[p] == 'E') {
            /* With SCANNER_UNIT an 'e' could not start a unit (none begins with e),
             * so it is always an exponent here. */
            integral = 0;
            p++;
            if (t[p] == '-' || t[p] == '+') p++;
            if (!is_digit(t[p])) return invalid(sc, start);
            while (is_digit(t[p])) p++;
        }
        out->is_integer_literal = integral;
    }
    out->len = p - start;
    /* What follows the number must not glue onto it, apart from what FLAGS allow. */
    if ((flags & SCANNER_PERCENT) && t[p] == '%') {
        out->percent = 1;
        p++;
    } else if ((flags & SCANNER_UNIT) && is_alpha(t[p])) {
        out->unit_pos = p;
        while (is_alpha(t[p])) p++;
        out->unit_len = p - out->unit_pos;
    }
    int range = (flags & SCANNER_RANGE) && t[p] == '.' && t[p + 1] == '.';
    if (!range && (is_word(t[p]) || t[p] == '.' || (t[p] == '%' && !out->percent))) return invalid(sc, start);

    scanner_text(sc, body, start + out->len - body, buf, sizeof buf);
    if (out->is_integer_literal) {
        errno = 0;
        out->magnitude = strtoull(buf, NULL, hex ? 16 : 10); /* "010" is ten, not octal */
        if (errno == ERANGE) {
            scanner_report(sc, (int)start + 1, "number '%s' does not fit in 64 bits",
                           scanner_text(sc, start, out->len, buf, sizeof buf));
            return 0;
        }
        out->value = (double)out->magnitude;
    } else {
        out->value = strtod(buf, NULL);
        if (!isfinite(out->value)) {
            scanner_report(sc, (int)start + 1, "number '%s' is out of range",
                           scanner_text(sc, start, out->len, buf, sizeof buf));
            return 0;
        }
    }
    if (out->negative) out->value = -out->value;
    if (out->percent) out->value /= 100.0;
    sc->pos = p;
    return 1;
}

int scanner_num_count(const scanner_num *n, unsigned long long *out) {
    if (n->percent) return -1;
    if (n->is_integer_literal) {
        if (n->negative && n->magnitude != 0) return -1;
        *out = n->magnitude;
        return 0;
    }
    double v = n->value;
    if (v < 0 || v != floor(v)) return -1;
    if (v >= 18446744073709551616.0) return -2;
    *out = (unsigned long long)v;
    return 0;
}

const char *scanner_num_text(const scanner *sc, const scanner_num *n, char *buf, size_t size) {
    return scanner_text(sc, n->pos, n->len + (n->percent ? 1 : 0) + n->unit_len, buf, size);
}

static int hex_value(char c) {
    return is_digit(c) ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : c - 'A' + 10;
}

/* The escape at TEXT[P] (a backslash): its byte into *OUT and its length in the
 * source, or 0 when it is not a valid escape. */
static size_t escape(const char *t, size_t p, char *out) {
    static const char named[] = "n\nr\rt\t0\0\\\\\"\"";
    char e = t[p + 1];
    if (e == 'x') {
        if (!is_hex(t[p + 2]) || !is_hex(t[p + 3])) return 0;
        *out = (char)(hex_value(t[p + 2]) * 16 + hex_value(t[p + 3]));
        return 4;
    }
    for (size_t i = 0; e && i + 1 < sizeof named; i += 2)
        if (named[i] == e) {
            *out = named[i + 1];
            return 2;
        }
    return 0;
}

/* 1 when byte P of a joined text is the space that stands for a line's end: a string
 * does not run on into the next line. */
static int joint(const scanner *sc, size_t p) {
    for (size_t k = 1; k < sc->nparts; k++)
        if (sc->part_start[k] == p + 1) return 1;
    return 0;
}

static int unterminated(scanner *sc, size_t start) {
    return scanner_fail(sc, (int)start + 1, "unterminated string (a string ends with '\"' on the same line)");
}

char *scanner_string_n(scanner *sc, size_t *len) {
    size_t start = sc->pos, p = start + 1;
    size_t n = strlen(sc->text);
    char *s = malloc(n + 1); /* the contents are never longer than the line */
    if (!s) {
        scanner_nomem(sc, (int)start + 1);
        return NULL;
    }
    size_t k = 0;
    for (;;) {
        char c = sc->text[p];
        if (c == '\0' || joint(sc, p)) {
            free(s);
            unterminated(sc, start);
            return NULL;
        }
        if (c == '"') break;
        if (c == '\\') {
            size_t used = escape(sc->text, p, &s[k]);
            if (!used) {
                char e = sc->text[p + 1];
                free(s);
                if (e == '\0' || joint(sc, p + 1))
                    unterminated(sc, start);
                else if (e == 'x')
                    scanner_report(sc, (int)p + 1, "'\\x' needs two hex digits, as in \\x2a");
                else
                    scanner_report(sc, (int)p + 1,
                                   "unknown escape '\\%c' in string (known: \\n \\r \\t \\0 "
                                   "\\\\ \\\" \\xHH)",
                                   e);
                return NULL;
            }
            k++;
            p += used;
            continue;
        }
        s[k++] = c;
        p++;
    }
    s[k] = '\0';
    *len = k;
    sc->pos = p + 1;
    return s;
}

char *scanner_string(scanner *sc) {
    size_t start = sc->pos, len;
    char *s = scanner_string_n(sc, &len);
    if (s && strlen(s) < len) {
        int column = scanner_string_column(sc, start, strlen(s));
        free(s);
        scanner_report(sc, column,
                       "'\\0' cannot be part of this string: a name, a path or a flag ends at a "
                       "NUL byte");
        return NULL;
    }
    return s;
}

int scanner_string_column(const scanner *sc, size_t quote, size_t index) {
    size_t p = quote + 1;
    char byte;
    for (size_t k = 0; k < index && sc->text[p] && sc->text[p] != '"'; k++) {
        size_t used = sc->text[p] == '\\' ? escape(sc->text, p, &byte) : 1;
        p += used ? used : 1;
    }
    return (int)p + 1;
}

const char *scanner_describe(scanner *sc, char *buf, size_t size) {
    if (scanner_at_end(sc)) {
        snprintf(buf, size, "end of line");
        return buf;
    }
    const char *t = sc->text;
    size_t p = sc->pos, len;
    if (scanner_at_number(sc)) {
        len = bad_extent(t, p);
    } else if (is_alpha(t[p])) {
        len = 0;
        while (is_word(t[p + len])) len++;
    } else if (t[p] == '"') {
        len = 1;
        while (t[p + len] && t[p + len] != '"') len += t[p + len] == '\\' && t[p + len + 1] ? 2 : 1;
        if (t[p + len] == '"') len++;
    } else {
        /* One character, whole even when it takes several bytes of UTF-8. */
        len = 1;
        while ((t[p + len] & 0xC0) == 0x80) len++;
    }
    char tok[48];
    if (len > 32) {
        scanner_text(sc, p, 29, tok, sizeof tok);
        strcat(tok, "...");
    } else {
        scanner_text(sc, p, len, tok, sizeof tok);
    }
    snprintf(buf, size, "'%s'", tok);
    return buf;
}

const char *scanner_text(const scanner *sc, size_t pos, size_t len, char *buf, size_t size) {
    if (size == 0) return buf;
    if (len > size - 1) len = size - 1;
    memcpy(buf, sc->text + pos, len);
    buf[len] = '\0';
    return buf;
}

int scanner_expect(scanner *sc, char ch, const char *what) {
    if (scanner_peek(sc) == ch) {
        sc->pos++;
        return 0;
    }
    char found[64];
    return scanner_fail(sc, (int)sc->pos + 1, "expected '%c' %s, found %s", ch, what,
                        scanner_describe(sc, found, sizeof found));
}
