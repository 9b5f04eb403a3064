/* freqsys/report/source_file.c: finding and reading the program's sources for the exports that show them. */
/* SPDX-License-Identifier: MIT */
#include "export.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

char *source_file_path(const result *r, const result_export *opt, const char *file) {
    if (file[0] == '/') return strdup(file);
    const char *dir = opt ? opt->source_dir : NULL;
    size_t dirlen;
    if (dir) {
        dirlen = strlen(dir);
    } else {
        /* the files are named relative to the spec's folder */
        const char *slash = r->spec ? strrchr(r->spec, '/') : NULL;
        dir = r->spec;
        dirlen = slash ? (size_t)(slash - r->spec) + (slash == r->spec) : 0;
    }
    size_t n = dirlen + strlen(file) + 2;
    char *p = malloc(n);
    if (!p) return NULL;
    if (dirlen)
        snprintf(p, n, "%.*s%s%s", (int)dirlen, dir, dir[dirlen - 1] == '/' ? "" : "/", file);
    else
        snprintf(p, n, "%s", file);
    return p;
}

int source_file_read(const char *path, source_file *sf) {
    *sf = (source_file){0};
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    size_t cap = 4096, len = 0;
    char *text = malloc(cap);
    while (text) {
        size_t want = cap - len - 1, got = fread(text + len, 1, want, f);
        len += got;
        if (got < want) break; /* the end of the file, or an error (ferror below) */
        char *bigger = realloc(text, cap *= 2);
        if (!bigger) free(text);
        text = bigger;
    }
    int bad = ferror(f);
    fclose(f);
    if (!text || bad) {
        free(text);
        errno = text ? EIO : ENOMEM;
        return -1;
    }
    text[len] = '\0';
    size_t lines = 1;
    for (size_t i = 0; i < len; i++) lines += text[i] == '\n' && i + 1 < len;
    sf->lines = malloc(lines * sizeof *sf->lines);
    if (!sf->lines) {
        free(text);
        errno = ENOMEM;
        return -1;
    }
    sf->text = text;
    if (len == 0) return 0;
    for (char *p = text; p; sf->nlines++) {
        sf->lines[sf->nlines] = p;
        char *nl = strchr(p, '\n');
        if (nl) {
            *nl = '\0';
            if (nl > p && nl[-1] == '\r') nl[-1] = '\0';
        }
        p = nl && nl[1] ? nl + 1 : NULL;
    }
    return 0;
}

void source_file_free(source_file *sf) {
    free(sf->text);
    free(sf->lines);
    *sf = (source_file){0};
}

void source_file_warn(const result_export *opt, const char *file, const char *path) {
    if (opt && opt->warnings)
        fprintf(opt->warnings, "freqsys report: warning: source %s not found at %s (pass --source-dir DIR)\n",
                file, path);
}
