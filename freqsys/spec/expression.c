/* freqsys/spec/expression.c: distribution expressions and argument shapes in a spec line. */
/* SPDX-License-Identifier: MIT */
#include "expression.h"
#include "stdin_form.h"
#include "suggest.h"

#include <stdlib.h>
#include <string.h>

static const char *const shapes[] = {"array", "string", "ref", "permutation", "length", "buffer", NULL};
/* Whole inputs (stdin_form.c): names no distribution may take. files() is stdin's,
 * file() an argument's; text, lines and generator go after either. */
static const char *const stdin_forms[] = {"text", "lines", "files", "file", "generator", NULL};

static int is_shape(const char *name) {
    for (size_t i = 0; shapes[i]; i++)
        if (strcmp(name, shapes[i]) == 0) return 1;
    return 0;
}

static int is_stdin_form(const char *name) {
    for (size_t i = 0; stdin_forms[i]; i++)
        if (strcmp(name, stdin_forms[i]) == 0) return 1;
    return 0;
}

static int is_known(const char *name) {
    const char *const *names = dist_names();
    for (size_t i = 0; names[i]; i++)
        if (strcmp(name, names[i]) == 0) return 1;
    return 0;
}

static int col(const scanner *sc) {
    return (int)sc->pos + 1;
}

static int shape_misplaced(scanner *sc, int column, const char *name) {
    return scanner_fail(sc, column, "'%s' is a shape, allowed only right after 'arg NAME ~'", name);
}

/* The arguments being gathered for one dist_create call, with where each was written. */
typedef struct arglist {
    dist_arg *args;
    int *cols;
    char **strings;
    size_t n, cap;
} arglist;

static void arglist_free(arglist *a, int free_inner) {
    for (size_t i = 0; i < a->n; i++) {
        if (free_inner && a->args[i].kind == DIST_ARG_DIST) dist_free(a->args[i].inner);
        free(a->strings[i]);
    }
    free(a->args);
    free(a->cols);
    free(a->strings);
}

static dist_arg *arglist_add(scanner *sc, arglist *a, int column) {
    if (a->n == a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 4;
        dist_arg *args = realloc(a->args, cap * sizeof *args);
        if (args) a->args = args;
        int *cols = realloc(a->cols, cap * sizeof *cols);
        if (cols) a->cols = cols;
        char **strings = realloc(a->strings, cap * sizeof *strings);
        if (strings) a->strings = strings;
        if (!args || !cols || !strings) {
            scanner_nomem(sc, column);
            return NULL;
        }
        a->cap = cap;
    }
    dist_arg *arg = &a->args[a->n];
    memset(arg, 0, sizeof *arg);
    a->cols[a->n] = column;
    a->strings[a->n] = NULL;
    a->n++;
    return arg;
}

/* One argument: a number, a string or a nested distribution, maybe with ": weight". */
static int parse_arg(scanner *sc, const char *base_dir, arglist *a) {
    char found[64];
    scanner_space(sc);
    int column = col(sc);
    dist_arg *arg = arglist_add(sc, a, column);
    if (!arg) return -1;
    if (sc->text[sc->pos] == '"') {
        size_t len;
        char *s = scanner_string_n(sc, &len);
        if (!s) return -1;
        a->strings[a->n - 1] = s;
        arg->kind = DIST_ARG_STRING;
        arg->string = s;
        arg->string_len = len;
    } else if (scanner_at_number(sc)) {
        scanner_num num;
        if (!scanner_number(sc, 0, &num)) return -1;
        arg->kind = DIST_ARG_NUMBER;
        arg->number = num.value;
    } else if (scanner_at_ident(sc)) {
        spec_loc loc;
        dist *inner = expression_dist(sc, base_dir, &loc);
        if (!inner) return -1;
        arg = &a->args[a->n - 1];
        arg->kind = DIST_ARG_DIST;
        arg->inner = inner;
    } else {
        return scanner_fail(sc, column, "expected a number, a string or a distribution, found %s",
                            scanner_describe(sc, found, sizeof found));
    }
    if (scanner_peek(sc) == ':') {
        sc->pos++;
        scanner_space(sc);
        if (!scanner_at_number(sc))
            return scanner_fail(sc, col(sc), "expected a weight (a number) after ':', found %s",
                                scanner_describe(sc, found, sizeof found));
        scanner_num num;
        if (!scanner_number(sc, 0, &num)) return -1;
        arg->weight = num.value;
        arg->has_weight = 1;
    }
    return 0;
}

/* string(LEN_D, "set") where a string-valued distribution goes (format's %s, a
 * mixture's part, a %s read): the law `arg s ~ string(...)` gives, as a distribution.
 * The cursor is at its '('. */
static dist *nested_string(scanner *sc, const char *base_dir, int name_col) {
    spec_value v = {0};
    dist *d = NULL;
    if (scanner_expect(sc, '(', "after string") == 0 && expression_string(sc, base_dir, &v) == 0 &&
        scanner_expect(sc, ')', "to close string()") == 0) {
        dist_error e = {.arg_index = -1, .char_index = -1};
        d = dist_random_string_create(v.dist, v.charset, v.charset_len, v.chars, &e);
        if (d)
            v.dist = v.chars = NULL; /* the distribution's now */
        else
            scanner_report(sc, name_col, "%s", e.message[0] ? e.message : "out of memory");
    }
    expression_value_clear(&v);
    return d;
}

dist *expression_dist(scanner *sc, const char *base_dir, spec_loc *loc) {
    char found[64];
    scanner_space(sc);
    int name_col = col(sc);
    loc->line = sc->line;
    loc->column = name_col;
    if (!scanner_at_ident(sc)) {
        scanner_describe(sc, found, sizeof found);
        if (scanner_at_number(sc)) /* a bare value is a common slip */
            scanner_report(sc, name_col,
                           "expected a distribution, found %s (write constant(%.*s) for a fixed "
                           "value)",
                           found, (int)strlen(found) - 2, found + 1);
        else
            scanner_report(sc, name_col, "expected a distribution such as 'normal(0, 1)', found %s", found);
        return NULL;
    }
    char *name = scanner_ident(sc);
    if (!name) return NULL;
    if (strcmp(name, "string") == 0 && scanner_peek(sc) == '(') {
        free(name);
        return nested_string(sc, base_dir, name_col);
    }
    if (is_shape(name)) {
        shape_misplaced(sc, name_col, name);
        free(name);
        return NULL;
    }
    if (is_stdin_form(name)) {
        scanner_report(sc, name_col,
                       "'%s' describes a whole input, allowed only right after 'stdin ~' or "
                       "'arg NAME ~'",
                       name);
        free(name);
        return NULL;
    }
    if (!is_known(name)) {
        const char *near = suggest_closest(name, dist_names());
        if (near)
            scanner_report(sc, name_col, "unknown distribution '%s'; did you mean '%s'?", name, near);
        else
            scanner_report(sc, name_col, "unknown distribution '%s'", name);
        free(name);
        return NULL;
    }
    arglist a = {0};
    dist *d = NULL;
    if (scanner_expect(sc, '(', "after the distribution's name") < 0) goto done;
    if (scanner_peek(sc) == ')') {
        sc->pos++;
    } else {
        for (;;) {
            if (parse_arg(sc, base_dir, &a) < 0) goto done;
            char c = scanner_peek(sc);
            sc->pos += c == ',' || c == ')';
            if (c == ')') break;
            if (c != ',') {
                scanner_report(sc, col(sc), "expected ',' or ')' after an argument, found %s",
                               scanner_describe(sc, found, sizeof found));
                goto done;
            }
        }
    }
    dist_error e = {.arg_index = -1, .char_index = -1};
    d = dist_create(name, a.args, a.n, base_dir, &e);
    if (!d) {
        int where = e.arg_index >= 0 && (size_t)e.arg_index < a.n ? a.cols[e.arg_index] : name_col;
        if (e.char_index >= 0 && e.arg_index >= 0 && (size_t)e.arg_index < a.n &&
            a.args[e.arg_index].kind == DIST_ARG_STRING) /* a byte of the string, past its escapes */
            where = scanner_string_column(sc, (size_t)where - 1, (size_t)e.char_index);
        scanner_report(sc, where, "%s", e.message[0] ? e.message : "invalid distribution");
    }
done:
    arglist_free(&a, d == NULL);
    free(name);
    return d;
}

/* array(LEN, D): LEN a positive constant or the name of another argument. array(LEN)
 * alone is an array of structs whose fields are declared one by one (arg p.x ~ D);
 * permutation(LEN) takes a length alone. */
static int parse_array(scanner *sc, const char *base_dir, spec_value *out) {
    char found[64];
    scanner_space(sc);
    out->len_loc = (spec_loc){sc->line, col(sc)};
    if (scanner_at_number(sc)) {
        scanner_num num;
        if (!scanner_number(sc, 0, &num)) return -1;
        /* The range first: converting a double beyond long long is undefined. */
        if (num.negative || num.value < 1 || num.value > 1e15 || num.value != (double)(long long)num.value) {
            char text[64];
            return scanner_fail(sc, out->len_loc.column, "array length must be a positive integer, got %s",
                                scanner_text(sc, num.pos, num.len, text, sizeof text));
        }
        out->len_const = (long long)num.value;
    } else if (scanner_at_ident(sc)) {
        out->len_name = scanner_path(sc);
        if (!out->len_name) return -1;
    } else {
        return scanner_fail(sc, col(sc),
                            "expected an array length (a number or an argument's name), found %s",
                            scanner_describe(sc, found, sizeof found));
    }
    if (out->kind == SPEC_VALUE_PERMUTATION) {
        /* A uniform(0, 1) per element drives the shuffle (element i swaps with one
         * of 0 .. i), so a permutation is drawn like any other input. */
        dist_error e = {.arg_index = -1};
        dist_arg unit[2] = {{.kind = DIST_ARG_NUMBER, .number = 0}, {.kind = DIST_ARG_NUMBER, .number = 1}};
        out->dist = dist_create("uniform", unit, 2, base_dir, &e);
        return out->dist ? 0 : scanner_fail(sc, out->len_loc.column, "%s", e.message);
    }
    scanner_space(sc);
    if (scanner_peek(sc) == ')') return 0; /* array(LEN): structs, fields declared apart */
    if (scanner_expect(sc, ',', "after the array's length") < 0) return -1;
    spec_loc loc;
    out->dist = expression_dist(sc, base_dir, &loc);
    if (out->dist && dist_is_text(out->dist))
        return scanner_fail(sc, loc.column,
                            "an array's elements are numbers: a string-valued distribution "
                            "does not apply");
    return out->dist ? 0 : -1;
}

/* string(LEN_D, "charset"): the length an integer-valued distribution, never negative. */
int expression_string(scanner *sc, const char *base_dir, spec_value *out) {
    char found[64];
    spec_loc loc;
    out->dist = expression_dist(sc, base_dir, &loc);
    if (!out->dist) return -1;
    out->len_loc = loc;
    if (!dist_is_integer(out->dist))
        return scanner_fail(sc, loc.column,
                            "a string's length must be an integer-valued distribution "
                            "such as uniform_int(1, 8)");
    /* Between the integers -1 and 0, so the test holds for any integer distribution. */
    if (dist_cdf(out->dist, -0.5) > 0)
        return scanner_fail(sc, loc.column, "a string's length distribution must not give negative values");
    if (scanner_expect(sc, ',', "after the string's length") < 0) return -1;
    scanner_space(sc);
    int chars_col = col(sc);
    if (sc->text[sc->pos] == '"') {
        out->charset = scanner_string_n(sc, &out->charset_len);
        if (!out->charset) return -1;
        if (!out->charset_len)
            return scanner_fail(sc, chars_col, "a string's character set must not be empty");
        return 0;
    }
    if (!scanner_at_ident(sc))
        return scanner_fail(sc, chars_col,
                            "expected the characters to draw from, in quotes, or their "
                            "distribution over character codes, found %s",
                            scanner_describe(sc, found, sizeof found));
    /* string(LEN_D, CHAR_D): each character a draw of an integer distribution over 0..255 */
    if (!(out->chars = expression_dist(sc, base_dir, &loc))) return -1;
    if (!dist_is_integer(out->chars) || dist_cdf(out->chars, -0.5) > 0 || dist_cdf(out->chars, 255.5) < 1)
        return scanner_fail(sc, loc.column,
                            "each character's distribution must give integers from 0 to 255 "
                            "(character codes), e.g. discrete(35: 1, 97: 3)");
    return 0;
}

/* length(ARG): the name of the argument measured. */
static int parse_length(scanner *sc, spec_value *out) {
    char found[64];
    scanner_space(sc);
    out->len_loc = (spec_loc){sc->line, col(sc)};
    if (!scanner_at_ident(sc))
        return scanner_fail(sc, col(sc), "expected the name of the argument whose length this is, found %s",
                            scanner_describe(sc, found, sizeof found));
    out->len_name = scanner_ident(sc);
    return out->len_name ? 0 : -1;
}

/* Whether the cursor is at `length` followed by '(', which it then passes: ref()'s
 * other form. Anything else leaves the cursor where it was. */
static int at_length(scanner *sc) {
    scanner_space(sc);
    size_t start = sc->pos;
    if (!scanner_at_ident(sc)) return 0;
    char *name = scanner_ident(sc);
    int is = name && strcmp(name, "length") == 0 && scanner_peek(sc) == '(';
    free(name);
    if (!is) sc->pos = start;
    return is;
}

/* buffer(N): N bytes, a positive integer. */
static int parse_buffer(scanner *sc, spec_value *out) {
    scanner_space(sc);
    out->len_loc = (spec_loc){sc->line, col(sc)};
    scanner_num num;
    unsigned long long n;
    if (!scanner_at_number(sc) || !scanner_number(sc, 0, &num) || scanner_num_count(&num, &n) < 0 || n < 1 ||
        n > STDIN_FORM_MAX_CAP)
        return scanner_fail(sc, out->len_loc.column, "a buffer's size must be a number of bytes from 1 to %d",
                            STDIN_FORM_MAX_CAP);
    out->len_const = (long long)n;
    return 0;
}

/* text(...), lines(...), file(...), generator(...) after `arg NAME ~`: stdin's files()
 * is file() here, one file per trial. */
static int parse_whole(scanner *sc, const char *base_dir, const char *name, int shapes_allowed,
                       spec_value *out) {
    if (!shapes_allowed || strcmp(name, "files") == 0) {
        int r = scanner_fail(
            sc, out->loc.column,
            strcmp(name, "files") == 0 && shapes_allowed
                ? "an argument takes one file per trial: file(\"pattern\"); files() is for 'stdin ~'"
                : "'%s' describes a whole input, allowed only right after 'stdin ~' or 'arg NAME ~'",
            name);
        return r;
    }
    if (scanner_expect(sc, '(', "after the input's form") < 0) return -1;
    return stdin_form_body(sc, base_dir, name, out);
}

int expression_value(scanner *sc, const char *base_dir, int shapes_allowed, spec_value *out) {
    memset(out, 0, sizeof *out);
    scanner_space(sc);
    out->loc = (spec_loc){sc->line, col(sc)};
    size_t start = sc->pos;
    char *name = scanner_ident(sc);
    if (name && strcmp(name, "null") == 0 && scanner_peek(sc) != '(') {
        free(name);
        if (!shapes_allowed)
            return scanner_fail(sc, out->loc.column,
                                "null is a pointer argument's value, allowed only after 'arg'");
        out->kind = SPEC_VALUE_NULL;
        return 0;
    }
    if (name && strcmp(name, "zeroed") == 0 && scanner_peek(sc) != '(') {
        free(name);
        if (!shapes_allowed)
            return scanner_fail(sc, out->loc.column,
                                "zeroed is a pointer argument's value, allowed only after 'arg'");
        out->kind = SPEC_VALUE_ZEROED;
        return 0;
    }
    if (name && is_stdin_form(name)) {
        int r = parse_whole(sc, base_dir, name, shapes_allowed, out);
        free(name);
        if (r < 0) expression_value_clear(out);
        return r;
    }
    if (name && !shapes_allowed && strcmp(name, "string") == 0 && scanner_peek(sc) == '(') {
        free(name); /* a read's string: the distribution a %s read takes */
        out->kind = SPEC_VALUE_DIST;
        out->dist = nested_string(sc, base_dir, out->loc.column);
        return out->dist ? 0 : -1;
    }
    if (name && is_shape(name)) {
        int r = -1;
        if (!shapes_allowed) {
            shape_misplaced(sc, out->loc.column, name);
        } else if (scanner_expect(sc, '(', "after the shape's name") == 0) {
            if (strcmp(name, "array") == 0 || strcmp(name, "permutation") == 0) {
                out->kind = name[0] == 'a' ? SPEC_VALUE_ARRAY : SPEC_VALUE_PERMUTATION;
                r = parse_array(sc, base_dir, out);
            } else if (strcmp(name, "string") == 0) {
                out->kind = SPEC_VALUE_STRING;
                r = expression_string(sc, base_dir, out);
            } else if (strcmp(name, "length") == 0) {
                out->kind = SPEC_VALUE_LENGTH;
                r = parse_length(sc, out);
            } else if (strcmp(name, "buffer") == 0) {
                out->kind = SPEC_VALUE_BUFFER;
                r = parse_buffer(sc, out);
            } else if (at_length(sc)) { /* ref(length(s)): a length passed by pointer */
                out->kind = SPEC_VALUE_REF;
                r = scanner_expect(sc, '(', "after length");
                if (r == 0) r = parse_length(sc, out);
                if (r == 0) r = scanner_expect(sc, ')', "to close length()");
            } else {
                spec_loc loc;
                out->kind = SPEC_VALUE_REF;
                out->dist = expression_dist(sc, base_dir, &loc);
                r = out->dist ? 0 : -1;
                if (r == 0 && dist_is_text(out->dist))
                    r = scanner_fail(sc, loc.column,
                                     "ref() points to one number: a string-valued distribution "
                                     "goes straight after '~' (arg s ~ choice(\"A\", \"B\"))");
            }
            if (r == 0) r = scanner_expect(sc, ')', "to close the shape");
        }
        free(name);
        if (r < 0) expression_value_clear(out);
        return r;
    }
    free(name);
    if (sc->failed) return -1;
    sc->pos = start;
    out->kind = SPEC_VALUE_DIST;
    out->dist = expression_dist(sc, base_dir, &out->loc);
    return out->dist ? 0 : -1;
}

void expression_value_clear(spec_value *v) {
    if (v->dist) dist_free(v->dist);
    if (v->item) dist_free(v->item);
    if (v->chars) dist_free(v->chars);
    free(v->len_name);
    free(v->charset);
    for (size_t i = 0; i < v->nglobs; i++) free(v->globs[i]);
    free(v->globs);
    free(v->glob_weights);
    for (size_t i = 0; i < v->nfiles; i++) {
        free(v->files[i].path);
        free(v->files[i].data);
    }
    free(v->files);
    free(v->weights);
    free(v->gen_name);
    spec_loc loc = v->loc;
    memset(v, 0, sizeof *v);
    v->loc = loc;
}
