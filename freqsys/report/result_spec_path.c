/* freqsys/report/result_spec_path.c: the spec's path as a result file keeps it, relative to that file's
 * folder. */
/* SPDX-License-Identifier: MIT */
#include "result.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The folder of PATH, as written ("." when it has none). */
static char *folder_of(const char *path) {
    const char *slash = strrchr(path, '/');
    if (!slash) return strdup(".");
    return strndup(path, slash == path ? 1 : (size_t)(slash - path));
}

/* TARGET (absolute) relative to the folder BASE (absolute, not "/"):
 * "../specs/a.fspec". Whole components only are shared. */
static char *relative(const char *target, const char *base) {
    size_t i = 0, last = 0;
    while (target[i] && target[i] == base[i]) {
        if (target[i] == '/') last = i;
        i++;
    }
    if (base[i] == '\0' && target[i] == '/') last = i; /* BASE is a folder on TARGET's way */
    size_t ups = 0;
    if (base[last] != '\0') {
        ups = 1;
        for (const char *p = base + last + 1; *p; p++) ups += *p == '/';
    }
    char *out = malloc(3 * ups + strlen(target) + 1);
    if (!out) return NULL;
    size_t len = 0;
    for (size_t k = 0; k < ups; k++) len += (size_t)sprintf(out + len, "../");
    sprintf(out + len, "%s", target + last + 1);
    return out;
}

char *result_spec_for_file(const char *spec_path, const char *result_path) {
    char spec[PATH_MAX], base[PATH_MAX];
    if (!realpath(spec_path, spec)) return strdup(spec_path);
    if (!result_path) return strdup(spec);
    char *folder = folder_of(result_path);
    int ok = folder && realpath(folder, base);
    free(folder);
    if (!ok) return strdup(spec);
    if (strcmp(base, "/") == 0) return strdup(spec);
    return relative(spec, base);
}

/* PATH with "." components dropped and "NAME/.." folded, by its text alone: "a/./b/../c"
 * is "a/c". Leading ".." stay. */
static char *folded(const char *path) {
    char *out = malloc(strlen(path) + 2);
    if (!out) return NULL;
    size_t len = 0, kept = 0; /* kept: components written that a ".." may remove */
    int absolute = path[0] == '/';
    if (absolute) out[len++] = '/';
    for (const char *p = path; *p;) {
        while (*p == '/') p++;
        size_t n = strcspn(p, "/");
        if (n == 0) break;
        if (n == 1 && p[0] == '.') {
            p += n;
            continue;
        }
        if (n == 2 && p[0] == '.' && p[1] == '.' && kept > 0) {
            while (len > (size_t)absolute && out[len - 1] != '/') len--; /* back over the last name */
            if (len > (size_t)absolute) len--;                           /* and its slash */
            kept--;
            p += n;
            continue;
        }
        if (len > (size_t)absolute) out[len++] = '/';
        memcpy(out + len, p, n);
        len += n;
        kept += !(n == 2 && p[0] == '.' && p[1] == '.');
        p += n;
    }
    if (len == 0) out[len++] = '.';
    out[len] = '\0';
    return out;
}

char *result_spec_from_file(const char *spec, const char *result_path) {
    if (spec[0] == '/' || !result_path) return strdup(spec);
    char *folder = folder_of(result_path);
    if (!folder) return NULL;
    char *out = malloc(strlen(folder) + strlen(spec) + 2);
    if (out) sprintf(out, "%s/%s", folder, spec);
    free(folder);
    /* "results/../specs/a.fspec" reads better as "specs/a.fspec"; the fold is taken only
     * where it names the same file (a symbolic link may make "x/.." another folder). */
    char *short_path = out ? folded(out) : NULL, a[PATH_MAX], b[PATH_MAX];
    if (short_path && realpath(out, a) && realpath(short_path, b) && !strcmp(a, b)) {
        free(out);
        return short_path;
    }
    free(short_path);
    return out;
}
