/* freqsys/spec/stdin_form.c: whole inputs: text(...), lines(...), files("glob") or generator(NAME), after
 * `stdin ~` or `arg NAME ~`. */
/* SPDX-License-Identifier: MIT */
#include "stdin_form.h"
#include "expression.h"

#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int col(const scanner *sc) {
    return (int)sc->pos + 1;
}

/* A length or a count: an integer-valued distribution that never gives a negative
 * value, so every draw is a number of bytes or lines. WHAT names it in messages. */
static dist *count_dist(scanner *sc, const char *base_dir, const char *what, spec_loc *loc) {
    dist *d = expression_dist(sc, base_dir, loc);
    if (!d) return NULL;
    const char *why = NULL;
    if (!dist_is_integer(d)) why = "must be an integer-valued distribution such as uniform_int(0, 200)";
    /* -0.5 lies between the integers -1 and 0, so this holds for any integer distribution. */
    else if (dist_cdf(d, -0.5) > 0)
        why = "must not give negative values";
    if (!why) return d;
    dist_free(d);
    scanner_report(sc, loc->column, "%s %s", what, why);
    return NULL;
}

/* text(LEN_D, BYTE_D): each byte an integer 0..255, so a draw is always a byte. */
static int parse_text(scanner *sc, const char *base_dir, spec_value *out) {
    out->kind = SPEC_VALUE_TEXT;
    if (!(out->dist = count_dist(sc, base_dir, "the text's length", &out->len_loc))) return -1;
    if (scanner_expect(sc, ',', "after the text's length") < 0) return -1;
    spec_loc loc;
    if (!(out->item = expression_dist(sc, base_dir, &loc))) return -1;
    if (!dist_is_integer(out->item) || dist_cdf(out->item, -0.5) > 0 || dist_cdf(out->item, 255.5) < 1)
        return scanner_fail(sc, loc.column,
                            "each byte's distribution must give integers from 0 to 255 "
                            "(character codes), e.g. discrete(10: 1, 97: 9)");
    return 0;
}

/* lines(COUNT_D, string(LEN_D, "charset" or CHAR_D)), or lines(COUNT_D, TEXT_D) with
 * TEXT_D string-valued (format(...), choice("A", "B"), ...): each line a draw of it. */
static int parse_lines(scanner *sc, const char *base_dir, spec_value *out) {
    char found[64];
    out->kind = SPEC_VALUE_LINES;
    if (!(out->dist = count_dist(sc, base_dir, "the number of lines", &out->len_loc))) return -1;
    if (scanner_expect(sc, ',', "after the number of lines") < 0) return -1;
    scanner_space(sc);
    size_t start = sc->pos;
    char *name = scanner_ident(sc);
    int is_string = name && strcmp(name, "string") == 0 && scanner_peek(sc) == '(';
    free(name);
    if (sc->failed) return -1;
    if (!is_string) {
        sc->pos = start;
        spec_loc loc;
        if (!scanner_at_ident(sc))
            return scanner_fail(sc, col(sc),
                                "expected each line's shape, string(LENGTH, \"characters\") or a "
                                "string-valued distribution, found %s",
                                scanner_describe(sc, found, sizeof found));
        if (!(out->item = expression_dist(sc, base_dir, &loc))) return -1;
        if (!dist_is_text(out->item))
            return scanner_fail(sc, loc.column,
                                "each line is a string: string(LENGTH, \"characters\") or a "
                                "string-valued distribution such as format(...) or choice(\"A\", \"B\")");
        return 0;
    }
    if (scanner_expect(sc, '(', "after 'string'") < 0) return -1;
    /* expression_string fills dist and len_loc: keep the count's, take the line length's. */
    spec_value line = {0};
    int r = expression_string(sc, base_dir, &line);
    out->item = line.dist;
    out->charset = line.charset;
    out->charset_len = line.charset_len;
    out->chars = line.chars;
    if (r < 0) return -1;
    return scanner_expect(sc, ')', "to close string(...)");
}

static char *join(const char *dir, const char *name) {
    if (name[0] == '/' || strcmp(dir, ".") == 0) return strdup(name);
    size_t nd = strlen(dir);
    char *p = malloc(nd + strlen(name) + 2);
    if (p) sprintf(p, "%s%s%s", dir, nd && dir[nd - 1] == '/' ? "" : "/", name);
    return p;
}

/* Reads the whole regular file PATH into F. Returns 0, or -1 with errno set (EISDIR
 * standing for anything but a regular file). */
static int slurp(const char *path, spec_file *f) {
    struct stat st;
    if (stat(path, &st) != 0) return -1;
    if (!S_ISREG(st.st_mode)) {
        errno = EISDIR;
        return -1;
    }
    FILE *in = fopen(path, "rb");
    if (!in) return -1;
    size_t cap = (size_t)st.st_size + 1, n = 0;
    char *data = malloc(cap);
    while (data) {
        size_t want = cap - n, got = fread(data + n, 1, want, in);
        n += got;
        if (got < want) break;               /* the end of the file, or an error (ferror below) */
        char *more = realloc(data, 2 * cap); /* the file grew since stat */
        if (!more) {
            free(data);
            data = NULL;
            break;
        }
        data = more;
        cap *= 2;
    }
    int bad = !data || ferror(in);
    int saved = data ? EIO : ENOMEM;
    fclose(in);
    if (bad) {
        free(data);
        errno = saved;
        return -1;
    }
    f->data = data;
    f->len = n;
    return 0;
}

/* Reads every file PATTERN (as written, resolved against BASE_DIR) matches into OUT,
 * in name order, each with WEIGHT when OUT has weights. Fails at COLUMN. */
static int add_matches(scanner *sc, const char *base_dir, const char *pattern, int column, spec_value *out) {
    char *full = join(base_dir, pattern);
    if (!full) return scanner_fail_nomem(sc, column);
    glob_t g;
    int rc = glob(full, 0, NULL, &g); /* sorted by name, so the corpus's order is fixed */
    if (rc != 0) {
        if (rc == GLOB_NOMATCH && strcmp(full, pattern) == 0)
            scanner_report(sc, column, "no file matches '%s'", pattern);
        else if (rc == GLOB_NOMATCH)
            scanner_report(sc, column, "no file matches '%s' (looked for '%s')", pattern, full);
        else
            scanner_report(sc, column, "cannot list the files matching '%s'", pattern);
        free(full);
        return -1;
    }
    free(full);
    spec_file *files = realloc(out->files, (out->nfiles + g.gl_pathc) * sizeof *files);
    if (!files) {
        globfree(&g);
        return scanner_fail_nomem(sc, column);
    }
    out->files = files;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        spec_file *f = &out->files[out->nfiles];
        memset(f, 0, sizeof *f);
        for (size_t k = 0; k < out->nfiles; k++)
            if (strcmp(out->files[k].path, g.gl_pathv[i]) == 0) {
                int r = scanner_fail(sc, column,
                                     "'%s' matches '%s', which an earlier pattern matches too: "
                                     "give each file one weight",
                                     pattern, g.gl_pathv[i]);
                globfree(&g);
                return r;
            }
        if (!(f->path = strdup(g.gl_pathv[i]))) {
            globfree(&g);
            return scanner_fail_nomem(sc, column);
        }
        out->nfiles++;
        if (slurp(f->path, f) != 0) {
            int e = errno;
            globfree(&g);
            if (e == EISDIR)
                return scanner_fail(sc, column, "'%s' matches '%s', which is not a regular file", pattern,
                                    f->path);
            return scanner_fail(sc, column, "cannot read '%s': %s", f->path, strerror(e));
        }
    }
    globfree(&g);
    return 0;
}

/* The weight after PATTERN's ':' for the files it matched from FIRST on. */
static int weigh(scanner *sc, spec_value *out, size_t first, int *weighted, size_t npatterns) {
    char found[64];
    int has = scanner_peek(sc) == ':';
    if (npatterns > 1 && has != *weighted)
        return scanner_fail(sc, col(sc), "give every pattern a weight ('\"a/*\": 2') or none");
    *weighted = has;
    if (!has) return 0;
    sc->pos++;
    scanner_space(sc);
    scanner_num n;
    if (!scanner_at_number(sc))
        return scanner_fail(sc, col(sc), "expected a weight (a number) after ':', found %s",
                            scanner_describe(sc, found, sizeof found));
    int column = col(sc);
    if (!scanner_number(sc, 0, &n)) return -1;
    if (!(n.value >= 0 && n.value < 1e300) || n.negative)
        return scanner_fail(sc, column, "a weight must be a finite number >= 0");
    double *w = realloc(out->weights, out->nfiles * sizeof *w);
    if (!w) return scanner_fail_nomem(sc, column);
    out->weights = w;
    for (size_t k = first; k < out->nfiles; k++) w[k] = n.value;
    return 0;
}

/* The draw that picks a corpus's file: its index, from discrete(0: w0, 1: w1, ...)
 * (all weights 1 when none are given). A draw like any other, so replay, the
 * sampling methods and exact enumeration (one run per file) see it. */
static int files_chooser(spec_value *out) {
    dist_arg *args = calloc(out->nfiles + 1, sizeof *args);
    if (!args) return -1;
    for (size_t k = 0; k < out->nfiles; k++)
        args[k] = (dist_arg){.kind = DIST_ARG_NUMBER,
                             .number = (double)k,
                             .weight = out->weights ? out->weights[k] : 1,
                             .has_weight = 1};
    dist_error e;
    out->dist = dist_create("discrete", args, out->nfiles, ".", &e);
    free(args);
    return out->dist ? 0 : -1;
}

/* files("glob"), or with weights files("a.txt": 2, "b.txt": 1): every match read now, so a
 * trial only copies bytes, and a file that cannot be read is an error at the spec's
 * line rather than in the middle of a run. */
static int parse_files(scanner *sc, const char *base_dir, const char *form, spec_value *out) {
    char found[64];
    out->kind = SPEC_VALUE_FILES;
    int weighted = 0;
    for (size_t npatterns = 1;; npatterns++) {
        scanner_space(sc);
        int column = col(sc);
        if (sc->text[sc->pos] != '"')
            return scanner_fail(sc, column,
                                "expected the files' pattern in quotes, e.g. %s(\"inputs/*.txt\"), "
                                "found %s",
                                form, scanner_describe(sc, found, sizeof found));
        char *pattern = scanner_string(sc);
        if (!pattern) return -1;
        if (!pattern[0]) {
            free(pattern);
            return scanner_fail(sc, column, "the files' pattern must not be empty");
        }
        size_t first = out->nfiles;
        char **globs = realloc(out->globs, npatterns * sizeof *globs);
        double *gw = realloc(out->glob_weights, npatterns * sizeof *gw);
        if (globs) out->globs = globs;
        if (gw) out->glob_weights = gw;
        if (!globs || !gw) {
            free(pattern);
            return scanner_fail_nomem(sc, column);
        }
        out->globs[out->nglobs++] = pattern;
        out->pattern = out->globs[0];
        if (add_matches(sc, base_dir, pattern, column, out) < 0 ||
            weigh(sc, out, first, &weighted, npatterns) < 0)
            return -1;
        out->glob_weights[out->nglobs - 1] = weighted ? out->weights[out->nfiles - 1] : 1;
        scanner_space(sc);
        if (sc->text[sc->pos] != ',') break;
        sc->pos++;
    }
    if (weighted) {
        double total = 0;
        for (size_t k = 0; k < out->nfiles; k++) total += out->weights[k];
        if (!(total > 0)) return scanner_fail(sc, out->loc.column, "the files' weights are all 0");
    }
    if (files_chooser(out) != 0) return scanner_fail_nomem(sc, out->loc.column);
    return scanner_expect(sc, ')', "after the files' patterns");
}

/* generator(NAME) or generator(NAME, CAP): a C function of the spec's generators. */
static int parse_generator(scanner *sc, spec_value *out) {
    char found[64];
    out->kind = SPEC_VALUE_GENERATOR;
    scanner_space(sc);
    out->len_loc = (spec_loc){sc->line, col(sc)};
    if (!scanner_at_ident(sc))
        return scanner_fail(sc, col(sc), "expected the generator's C function name, found %s",
                            scanner_describe(sc, found, sizeof found));
    if (!(out->gen_name = scanner_ident(sc))) return -1;
    scanner_space(sc);
    if (sc->text[sc->pos] == ',') {
        sc->pos++;
        scanner_space(sc);
        int column = col(sc);
        scanner_num n;
        unsigned long long cap;
        if (!scanner_at_number(sc) || !scanner_number(sc, 0, &n) || scanner_num_count(&n, &cap) < 0 ||
            cap < 1 || cap > STDIN_FORM_MAX_CAP)
            return scanner_fail(sc, column, "a generator's capacity must be a number of bytes from 1 to %d",
                                STDIN_FORM_MAX_CAP);
        out->gen_cap = (long long)cap;
    }
    return scanner_expect(sc, ')', "after the generator's name");
}

int stdin_form_body(scanner *sc, const char *base_dir, const char *name, spec_value *out) {
    if (strcmp(name, "generator") == 0) return parse_generator(sc, out);
    if (strcmp(name, "files") == 0 || strcmp(name, "file") == 0) return parse_files(sc, base_dir, name, out);
    int r = strcmp(name, "text") == 0 ? parse_text(sc, base_dir, out) : parse_lines(sc, base_dir, out);
    return r == 0 ? scanner_expect(sc, ')', "to close the input's form") : -1;
}

int stdin_form_parse(scanner *sc, const char *base_dir, spec_value *out) {
    char found[64];
    memset(out, 0, sizeof *out);
    scanner_space(sc);
    out->loc = (spec_loc){sc->line, col(sc)};
    char *name = scanner_at_ident(sc) ? scanner_ident(sc) : NULL;
    int r = -1;
    if (sc->failed) {
        /* out of memory, already reported */
    } else if (!name || (strcmp(name, "text") && strcmp(name, "lines") && strcmp(name, "files") &&
                         strcmp(name, "generator"))) {
        sc->pos = (size_t)out->loc.column - 1;
        scanner_report(sc, out->loc.column,
                       "stdin takes text(LENGTH, BYTE), lines(COUNT, string(LENGTH, "
                       "\"characters\")), files(\"pattern\") or generator(NAME), found %s",
                       scanner_describe(sc, found, sizeof found));
    } else if (scanner_expect(sc, '(', "after the standard input's form") == 0) {
        r = stdin_form_body(sc, base_dir, name, out);
        if (r == 0 && out->kind == SPEC_VALUE_GENERATOR && out->gen_cap)
            r = scanner_fail(sc, out->len_loc.column,
                             "stdin ~ generator(NAME) takes no capacity: the "
                             "generator writes the input to a FILE * (void NAME(FILE *out))");
    }
    free(name);
    if (r < 0) expression_value_clear(out);
    return r;
}
