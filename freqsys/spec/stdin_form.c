/* freqsys/spec/stdin_form.c: the right side of `stdin ~`: text(...), lines(...) or files("glob"). */
/* SPDX-License-Identifier: MIT */
#include "stdin_form.h"
#include "expression.h"

#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int col(const scanner *sc) { return (int)sc->pos + 1; }

/* A length or a count: an integer-valued distribution that never gives a negative
 * value, so every draw is a number of bytes or lines. WHAT names it in messages. */
static dist *count_dist(scanner *sc, const char *base_dir, const char *what, spec_loc *loc)
{
    dist *d = expression_dist(sc, base_dir, loc);
    if (!d) return NULL;
    const char *why = NULL;
    if (!dist_is_integer(d)) why = "must be an integer-valued distribution such as uniform_int(0, 200)";
    /* -0.5 lies between the integers -1 and 0, so this holds for any integer distribution. */
    else if (dist_cdf(d, -0.5) > 0) why = "must not give negative values";
    if (!why) return d;
    dist_free(d);
    scanner_report(sc, loc->column, "%s %s", what, why);
    return NULL;
}

/* text(LEN_D, BYTE_D): each byte an integer 0..255, so a draw is always a byte. */
static int parse_text(scanner *sc, const char *base_dir, spec_value *out)
{
    out->kind = SPEC_VALUE_TEXT;
    if (!(out->dist = count_dist(sc, base_dir, "the text's length", &out->len_loc))) return -1;
    if (scanner_expect(sc, ',', "after the text's length") < 0) return -1;
    spec_loc loc;
    if (!(out->item = expression_dist(sc, base_dir, &loc))) return -1;
    if (!dist_is_integer(out->item) || dist_cdf(out->item, -0.5) > 0 || dist_cdf(out->item, 255.5) < 1)
        return scanner_fail(sc, loc.column, "each byte's distribution must give integers from 0 to 255 "
                            "(character codes), e.g. discrete(10: 1, 97: 9)");
    return 0;
}

/* lines(COUNT_D, string(LEN_D, "charset" or CHAR_D)), or lines(COUNT_D, TEXT_D) with
 * TEXT_D string-valued (format(...), choice("A", "B"), ...): each line a draw of it. */
static int parse_lines(scanner *sc, const char *base_dir, spec_value *out)
{
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
            return scanner_fail(sc, col(sc), "expected each line's shape, string(LENGTH, \"characters\") or a "
                                "string-valued distribution, found %s", scanner_describe(sc, found, sizeof found));
        if (!(out->item = expression_dist(sc, base_dir, &loc))) return -1;
        if (!dist_is_text(out->item))
            return scanner_fail(sc, loc.column, "each line is a string: string(LENGTH, \"characters\") or a "
                                "string-valued distribution such as format(...) or choice(\"A\", \"B\")");
        return 0;
    }
    if (scanner_expect(sc, '(', "after 'string'") < 0) return -1;
    /* expression_string fills dist and len_loc: keep the count's, take the line length's. */
    spec_value line = { 0 };
    int r = expression_string(sc, base_dir, &line);
    out->item = line.dist;
    out->charset = line.charset;
    out->charset_len = line.charset_len;
    out->chars = line.chars;
    if (r < 0) return -1;
    return scanner_expect(sc, ')', "to close string(...)");
}

static char *join(const char *dir, const char *name)
{
    if (name[0] == '/' || strcmp(dir, ".") == 0) return strdup(name);
    size_t nd = strlen(dir);
    char *p = malloc(nd + strlen(name) + 2);
    if (p) sprintf(p, "%s%s%s", dir, nd && dir[nd - 1] == '/' ? "" : "/", name);
    return p;
}

/* Reads the whole regular file PATH into F. Returns 0, or -1 with errno set (EISDIR
 * standing for anything but a regular file). */
static int slurp(const char *path, spec_file *f)
{
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
        if (got < want) break;   /* the end of the file, or an error (ferror below) */
        char *more = realloc(data, 2 * cap);   /* the file grew since stat */
        if (!more) { free(data); data = NULL; break; }
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

/* files("glob"): every match read now, so a trial only copies bytes, and a file that
 * cannot be read is an error at the spec's line rather than in the middle of a run. */
static int parse_files(scanner *sc, const char *base_dir, spec_value *out)
{
    char found[64];
    out->kind = SPEC_VALUE_FILES;
    scanner_space(sc);
    int column = col(sc);
    if (sc->text[sc->pos] != '"')
        return scanner_fail(sc, column, "expected the files' pattern in quotes, e.g. files(\"inputs/*.txt\"), "
                            "found %s", scanner_describe(sc, found, sizeof found));
    if (!(out->pattern = scanner_string(sc))) return -1;
    if (!out->pattern[0]) return scanner_fail(sc, column, "the files' pattern must not be empty");
    char *full = join(base_dir, out->pattern);
    if (!full) return scanner_fail_nomem(sc, column);
    glob_t g;
    int rc = glob(full, 0, NULL, &g);   /* sorted by name, so the corpus's order is fixed */
    if (rc != 0) {
        if (rc == GLOB_NOMATCH && strcmp(full, out->pattern) == 0)
            scanner_report(sc, column, "no file matches '%s'", out->pattern);
        else if (rc == GLOB_NOMATCH)
            scanner_report(sc, column, "no file matches '%s' (looked for '%s')", out->pattern, full);
        else
            scanner_report(sc, column, "cannot list the files matching '%s'", out->pattern);
        free(full);
        return -1;
    }
    free(full);
    out->files = calloc(g.gl_pathc, sizeof *out->files);
    if (!out->files) {
        globfree(&g);
        return scanner_fail_nomem(sc, column);
    }
    for (size_t i = 0; i < g.gl_pathc; i++) {
        spec_file *f = &out->files[out->nfiles];
        if (!(f->path = strdup(g.gl_pathv[i]))) {
            globfree(&g);
            return scanner_fail_nomem(sc, column);
        }
        out->nfiles++;
        if (slurp(f->path, f) != 0) {
            int e = errno;
            globfree(&g);
            if (e == EISDIR)
                return scanner_fail(sc, column, "'%s' matches '%s', which is not a regular file",
                                    out->pattern, f->path);
            return scanner_fail(sc, column, "cannot read '%s': %s", f->path, strerror(e));
        }
    }
    globfree(&g);
    return scanner_expect(sc, ')', "after the files' pattern");
}

int stdin_form_parse(scanner *sc, const char *base_dir, spec_value *out)
{
    char found[64];
    memset(out, 0, sizeof *out);
    scanner_space(sc);
    out->loc = (spec_loc){ sc->line, col(sc) };
    char *name = scanner_at_ident(sc) ? scanner_ident(sc) : NULL;
    int r = -1;
    if (sc->failed) {
        /* out of memory, already reported */
    } else if (!name || (strcmp(name, "text") && strcmp(name, "lines") && strcmp(name, "files"))) {
        sc->pos = (size_t)out->loc.column - 1;
        scanner_report(sc, out->loc.column, "stdin takes text(LENGTH, BYTE), lines(COUNT, string(LENGTH, "
                     "\"characters\")) or files(\"pattern\"), found %s", scanner_describe(sc, found, sizeof found));
    } else if (scanner_expect(sc, '(', "after the standard input's form") == 0) {
        if (strcmp(name, "text") == 0) r = parse_text(sc, base_dir, out);
        else if (strcmp(name, "lines") == 0) r = parse_lines(sc, base_dir, out);
        else r = parse_files(sc, base_dir, out);
        if (r == 0 && out->kind != SPEC_VALUE_FILES) r = scanner_expect(sc, ')', "to close the standard input's form");
    }
    free(name);
    if (r < 0) expression_value_clear(out);
    return r;
}
