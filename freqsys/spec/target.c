/* freqsys/spec/target.c: the left side of an input declaration, what a draw is bound to. */
/* SPDX-License-Identifier: MIT */
#include "target.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int col(const scanner *sc) {
    return (int)sc->pos + 1;
}

/* read N (counting from 1) or read *. */
static int read_target(scanner *sc, spec_input *in) {
    char found[64], text[64];
    if (sc->text[sc->pos] == '*') {
        sc->pos++;
        in->target = SPEC_READ_ANY;
        return 0;
    }
    if (!scanner_at_number(sc))
        return scanner_fail(sc, col(sc),
                            "expected a read's position (1, 2, ...) or '*' after 'read', found %s",
                            scanner_describe(sc, found, sizeof found));
    in->target = SPEC_READ_INDEX;
    scanner_num n;
    unsigned long long v;
    if (!scanner_number(sc, 0, &n)) return -1;
    if (scanner_num_count(&n, &v) < 0 || v < 1 || v > (unsigned long long)INT64_MAX)
        return scanner_fail(sc, (int)n.pos + 1, "a read's position counts from 1, got %s",
                            scanner_num_text(sc, &n, text, sizeof text));
    in->index = (long long)v;
    return 0;
}

/* arg NAME, arg cfg.mode, or arg N (counting from 0). */
static int arg_target(scanner *sc, spec_input *in) {
    char found[64], text[64];
    in->target = SPEC_ARG;
    if (scanner_at_number(sc)) {
        scanner_num n;
        unsigned long long v;
        if (!scanner_number(sc, 0, &n)) return -1;
        if (scanner_num_count(&n, &v) < 0 || v > (unsigned long long)INT64_MAX)
            return scanner_fail(sc, (int)n.pos + 1,
                                "a parameter's index must be a non-negative integer, got %s",
                                scanner_num_text(sc, &n, text, sizeof text));
        in->index = (long long)v;
        return 0;
    }
    if (!scanner_at_ident(sc))
        return scanner_fail(sc, col(sc), "expected a parameter's name or index after 'arg', found %s",
                            scanner_describe(sc, found, sizeof found));
    in->name = scanner_path(sc);
    return in->name ? 0 : -1;
}

/* global NAME, or global NAME[INDEX] for one element of an array. */
static int global_target(scanner *sc, spec_input *in) {
    char found[64], text[64];
    in->target = SPEC_GLOBAL;
    if (!scanner_at_ident(sc))
        return scanner_fail(sc, col(sc), "expected a global variable's name after 'global', found %s",
                            scanner_describe(sc, found, sizeof found));
    in->name = scanner_ident(sc);
    if (!in->name) return -1;
    if (sc->text[sc->pos] != '[') return 0;
    sc->pos++;
    scanner_num n;
    unsigned long long v;
    if (!scanner_at_number(sc) || !scanner_number(sc, 0, &n))
        return scanner_fail(sc, col(sc), "expected an element's index after '%s[', found %s", in->name,
                            scanner_describe(sc, found, sizeof found));
    if (scanner_num_count(&n, &v) < 0 || v > (unsigned long long)INT32_MAX)
        return scanner_fail(sc, (int)n.pos + 1, "an element's index counts from 0, got %s",
                            scanner_num_text(sc, &n, text, sizeof text));
    in->index = (long long)v;
    in->element = 1;
    if (sc->text[sc->pos] != ']')
        return scanner_fail(sc, col(sc), "expected ']' after the index, found %s",
                            scanner_describe(sc, found, sizeof found));
    sc->pos++;
    return 0;
}

/* extern NAME() for a function, extern TYPE WORDS... NAME for a variable. */
static int extern_target(scanner *sc, spec_input *in) {
    char found[64];
    if (!scanner_at_ident(sc))
        return scanner_fail(sc, col(sc), "expected a C type or a function's name after 'extern', found %s",
                            scanner_describe(sc, found, sizeof found));
    char *first = scanner_ident(sc);
    if (!first) return -1;
    if (scanner_peek(sc) == '(') {
        in->target = SPEC_EXTERN_FN;
        in->name = first;
        sc->pos++;
        if (scanner_peek(sc) != ')')
            return scanner_fail(sc, col(sc),
                                "expected ')': an extern function is written 'NAME()', "
                                "without parameters");
        sc->pos++;
        return 0;
    }
    /* Words up to '~': all but the last make the C type, the last is the name. */
    in->target = SPEC_EXTERN_VAR;
    in->ctype = first;
    spec_loc last = in->name_loc;
    for (;;) {
        scanner_space(sc);
        if (!scanner_at_ident(sc)) break;
        spec_loc here = {sc->line, col(sc)};
        char *word = scanner_ident(sc);
        if (!word) return -1;
        if (in->name) {
            char *type = malloc(strlen(in->ctype) + strlen(in->name) + 2);
            if (!type) {
                free(word);
                return scanner_fail_nomem(sc, here.column);
            }
            sprintf(type, "%s %s", in->ctype, in->name);
            free(in->ctype);
            free(in->name);
            in->ctype = type;
        }
        in->name = word;
        last = here;
    }
    if (!in->name)
        return scanner_fail(sc, in->name_loc.column,
                            "an extern needs a C type and a name "
                            "('extern int %s ~ ...') or is a function ('extern %s() ~ ...')",
                            in->ctype, in->ctype);
    in->name_loc = last;
    return 0;
}

/* One mmio address: a non-negative integer, usually hex. */
static int address(scanner *sc, int flags, scanner_num *n, uint64_t *out) {
    char text[64];
    unsigned long long v;
    if (!scanner_number(sc, flags, n)) return -1;
    if (scanner_num_count(n, &v) < 0)
        return scanner_fail(sc, (int)n->pos + 1, "an mmio address must be a non-negative integer, got %s",
                            scanner_num_text(sc, n, text, sizeof text));
    *out = v;
    return 0;
}

/* mmio ADDR or mmio LO..HI, the range inclusive. */
static int mmio_target(scanner *sc, spec_input *in) {
    char found[64];
    in->target = SPEC_MMIO;
    if (!scanner_at_number(sc))
        return scanner_fail(sc, col(sc), "expected an address after 'mmio' (e.g. 0x40012000), found %s",
                            scanner_describe(sc, found, sizeof found));
    scanner_num lo, hi;
    if (address(sc, SCANNER_RANGE, &lo, &in->addr_lo) < 0) return -1;
    in->addr_hi = in->addr_lo;
    if (sc->text[sc->pos] != '.') return 0;
    sc->pos += 2; /* scanner_number let only ".." through */
    if (!scanner_at_number(sc))
        return scanner_fail(sc, col(sc), "expected the range's last address after '..', found %s",
                            scanner_describe(sc, found, sizeof found));
    if (address(sc, 0, &hi, &in->addr_hi) < 0) return -1;
    if (in->addr_hi < in->addr_lo) {
        char lotext[64], hitext[64];
        return scanner_fail(sc, (int)hi.pos + 1, "mmio range ends at %s, below its start %s",
                            scanner_num_text(sc, &hi, hitext, sizeof hitext),
                            scanner_num_text(sc, &lo, lotext, sizeof lotext));
    }
    return 0;
}

int target_parse(scanner *sc, const char *keyword, spec_input *in) {
    scanner_space(sc);
    in->name_loc = (spec_loc){sc->line, col(sc)};
    if (strcmp(keyword, "read") == 0) return read_target(sc, in);
    if (strcmp(keyword, "arg") == 0) return arg_target(sc, in);
    if (strcmp(keyword, "global") == 0) return global_target(sc, in);
    if (strcmp(keyword, "extern") == 0) return extern_target(sc, in);
    if (strcmp(keyword, "draw") == 0) { /* draw NAME: a distribution for fs_draw("NAME") */
        char found[64];
        in->target = SPEC_DRAW;
        if (!scanner_at_ident(sc))
            return scanner_fail(sc, col(sc),
                                "expected the distribution's name after 'draw' (what a generator "
                                "passes to fs_draw), found %s",
                                scanner_describe(sc, found, sizeof found));
        in->name = scanner_ident(sc);
        return in->name ? 0 : -1;
    }
    if (strcmp(keyword, "stdin") == 0) {
        in->target = SPEC_STDIN; /* nothing follows the keyword but '~' */
        return 0;
    }
    return mmio_target(sc, in);
}

static int same_name(const char *a, const char *b) {
    return a && b && strcmp(a, b) == 0;
}

const spec_input *target_clash(const spec *s, const spec_input *in) {
    for (size_t i = 0; i < s->ninputs; i++) {
        const spec_input *o = &s->inputs[i];
        if (o->target != in->target) continue;
        switch (in->target) {
        case SPEC_READ_ANY:
        case SPEC_STDIN:
            return o;
        case SPEC_READ_INDEX:
            if (o->index == in->index) return o;
            break;
        case SPEC_ARG:
            if (in->name ? same_name(o->name, in->name) : !o->name && o->index == in->index) return o;
            break;
        case SPEC_MMIO:
            if (o->addr_lo <= in->addr_hi && in->addr_lo <= o->addr_hi) return o;
            break;
        case SPEC_GLOBAL: /* the whole array, and then pinned elements, may be declared */
            if (same_name(o->name, in->name) && o->element == in->element &&
                (!in->element || o->index == in->index))
                return o;
            break;
        default:
            if (same_name(o->name, in->name)) return o;
        }
    }
    return NULL;
}

int target_clash_fail(scanner *sc, const spec_input *in, const spec_input *o) {
    int column = in->name_loc.column, line = o->loc.line;
    switch (in->target) {
    case SPEC_VAR:
        return scanner_fail(sc, column, "variable '%s' is already declared on line %d", in->name, line);
    case SPEC_READ_INDEX:
        return scanner_fail(sc, column, "read %lld is already declared on line %d", in->index, line);
    case SPEC_READ_ANY:
        return scanner_fail(sc, column, "read * is already declared on line %d", line);
    case SPEC_ARG:
        if (in->name)
            return scanner_fail(sc, column, "argument '%s' is already declared on line %d", in->name, line);
        return scanner_fail(sc, column, "argument %lld is already declared on line %d", in->index, line);
    case SPEC_GLOBAL:
        if (in->element)
            return scanner_fail(sc, column, "global '%s[%lld]' is already declared on line %d", in->name,
                                in->index, line);
        return scanner_fail(sc, column, "global '%s' is already declared on line %d", in->name, line);
    case SPEC_EXTERN_FN:
        return scanner_fail(sc, column, "extern function '%s' is already declared on line %d", in->name,
                            line);
    case SPEC_EXTERN_VAR:
        return scanner_fail(sc, column, "extern variable '%s' is already declared on line %d", in->name,
                            line);
    case SPEC_MMIO:
        return scanner_fail(sc, column, "mmio addresses overlap the declaration on line %d", line);
    case SPEC_STDIN:
        return scanner_fail(sc, in->loc.column, "stdin is already declared on line %d", line);
    case SPEC_DRAW:
        return scanner_fail(sc, column, "draw '%s' is already declared on line %d", in->name, line);
    }
    return -1;
}
