/* distributions/empirical.c: resampling from a file of observations, empirical("samples.txt"). */
/* SPDX-License-Identifier: MIT */

/* P(X = x) = (number of samples equal to x) / n   (the bootstrap distribution).
 *   Mean: the sample mean.
 * The file holds whitespace-separated numbers; '#' starts a comment to the end of the
 * line; a relative name is taken relative to the spec's folder. */

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dist_impl.h"

#define SPACE " \t\r\n\v\f"

typedef struct empirical {
    dist base;
    size_t n;
    double *sorted; /* the samples, ascending: draws index it, the CDF searches it */
    char *file;     /* as written in the spec, for format */
} empirical;

#define E(d) ((const empirical *)(d))

static double sample(const dist *d, gsl_rng *r) {
    return E(d)->sorted[dist_uniform_int_index(r, E(d)->n)];
}

static double cdf(const dist *d, double x) {
    return (double)dist_sorted_rank(E(d)->sorted, E(d)->n, x) / (double)E(d)->n;
}

static double mean(const dist *d) {
    double s = 0;
    for (size_t i = 0; i < E(d)->n; i++) s += E(d)->sorted[i];
    return s / (double)E(d)->n;
}

static void format(const dist *d, dist_text *t) {
    dist_text_add(t, "empirical(");
    dist_text_string(t, E(d)->file);
    dist_text_add(t, ")");
}

static void release(dist *d) {
    empirical *e = (empirical *)d;
    free(e->sorted);
    free(e->file);
}

static size_t support(const dist *d, double *values, double *probs, size_t max) {
    size_t n = E(d)->n;
    for (size_t k = 0; k < n && n <= max; k++) {
        values[k] = E(d)->sorted[k];
        probs[k] = 1.0 / (double)n;
    }
    return n;
}

static const dist_ops ops = {
    "empirical", cdf, mean, format, release, NULL, NULL, NULL, support, NULL, NULL, NULL, NULL, NULL,
};

/* Appends X to E's samples, growing the array geometrically. Returns -1 when out of memory. */
static int push(empirical *e, size_t *cap, double x) {
    if (e->n == *cap) {
        size_t want = *cap ? 2 * *cap : 256;
        double *v = realloc(e->sorted, want * sizeof *v);
        if (!v) return -1;
        e->sorted = v;
        *cap = want;
    }
    e->sorted[e->n++] = x;
    return 0;
}

/* Reads every number of F into E. Returns 0, or -1 after filling ERR with the file
 * NAME and the line of the first token that is not a finite number. */
static int load(empirical *e, FILE *f, const char *name, dist_error *err) {
    char *line = NULL;
    size_t linecap = 0, cap = 0;
    long lineno = 0;
    int rc = 0;
    while (rc == 0 && getline(&line, &linecap, f) >= 0) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash) *hash = '\0';
        char *save;
        for (char *tok = strtok_r(line, SPACE, &save); tok; tok = strtok_r(NULL, SPACE, &save)) {
            char *end;
            errno = 0;
            double x = strtod(tok, &end);
            if (*end != '\0' || !isfinite(x)) {
                rc = dist_args_fail(err, 0, "empirical: %s:%ld: '%.40s' is not a finite number", name, lineno,
                                    tok);
                break;
            }
            if (push(e, &cap, x)) {
                rc = dist_args_fail(err, 0, "empirical: out of memory reading %s", name);
                break;
            }
        }
    }
    if (rc == 0 && ferror(f))
        rc = dist_args_fail(err, 0, "empirical: cannot read %s: %s", name, strerror(errno));
    free(line);
    return rc;
}

/* empirical("file"): the samples in FILE (relative to BASE_DIR unless absolute). Fails
 * on a wrong count or kind, a file that cannot be opened or read, a token that is not
 * a number (naming file and line), an empty file, or out of memory. */
dist *dist_empirical_create(const dist_arg *args, size_t nargs, const char *base_dir, dist_error *err) {
    if (nargs != 1) return dist_args_fail(err, -1, "empirical takes 1 argument (file), got %zu", nargs), NULL;
    if (args[0].kind != DIST_ARG_STRING || !args[0].string)
        return dist_args_fail(err, 0, "empirical(file): file must be a string, got %s",
                              dist_args_kind(&args[0])),
               NULL;
    const char *name = args[0].string;
    if (strlen(name) < args[0].string_len) {
        dist_args_fail(err, 0, "empirical(file): a file name cannot hold a NUL byte ('\\0')");
        if (err) err->char_index = (long)strlen(name);
        return NULL;
    }
    int absolute = name[0] == '/';
    size_t size = (absolute ? 0 : strlen(base_dir) + 1) + strlen(name) + 1;
    char *path = malloc(size);
    empirical *e = (empirical *)dist_alloc(sizeof *e, &ops, sample, 1, err);
    if (!e || !path || !(e->file = strdup(name))) {
        free(path);
        dist_free((dist *)e);
        return dist_args_fail(err, -1, "empirical: out of memory"), NULL;
    }
    snprintf(path, size, "%s%s%s", absolute ? "" : base_dir, absolute ? "" : "/", name);

    FILE *f = fopen(path, "r");
    if (!f) {
        dist_args_fail(err, 0, "empirical: cannot open %s: %s", name, strerror(errno));
        goto fail;
    }
    int rc = load(e, f, name, err);
    fclose(f);
    if (rc) goto fail;
    if (e->n == 0) {
        dist_args_fail(err, 0, "empirical: %s holds no samples", name);
        goto fail;
    }
    dist_sorted_sort(e->sorted, e->n);
    for (size_t i = 0; i < e->n; i++)
        if (e->sorted[i] != floor(e->sorted[i])) e->base.integer = 0;
    free(path);
    return &e->base;
fail:
    free(path);
    dist_free(&e->base);
    return NULL;
}
