/* freqsys/result/run_files.c: the files a run read, as digests in its result, and whether they changed since.
 */
/* SPDX-License-Identifier: MIT */
#include "run_files.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "sha256.h"

/* PATH as the spec names it: without the spec's folder in front (a source is its
 * folder joined with the name written, or the name itself when the folder is "."). */
static const char *spec_relative(const spec *s, const char *path) {
    size_t n = s->dir ? strlen(s->dir) : 0;
    if (n && strcmp(s->dir, ".") != 0 && !strncmp(path, s->dir, n) && path[n] == '/') return path + n + 1;
    return path;
}

void run_files_free(run_files *f) {
    free(f->spec_sha256);
    for (size_t i = 0; f->sources && i < f->nsources; i++) {
        free(f->sources[i].file);
        free(f->sources[i].sha256);
    }
    free(f->sources);
    memset(f, 0, sizeof *f);
}

int run_files_take(const char *spec_path, const spec *s, run_files *out, char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    char hex[SHA256_HEX_LEN + 1];
    const char *unread = NULL;
    if (sha256_file(spec_path, hex) != 0)
        unread = spec_path;
    else if (!(out->spec_sha256 = strdup(hex)) ||
             !(out->sources = calloc(s->nsources + 1, sizeof *out->sources)))
        goto nomem;
    for (size_t i = 0; !unread && i < s->nsources; i++) {
        if (sha256_file(s->sources[i], hex) != 0) {
            unread = s->sources[i];
            break;
        }
        result_file_digest *d = &out->sources[out->nsources++];
        if (!(d->file = strdup(spec_relative(s, s->sources[i]))) || !(d->sha256 = strdup(hex))) goto nomem;
    }
    if (!unread) return 0;
    snprintf(err, errlen, "cannot read %s for its digest: %s", unread, strerror(errno));
    run_files_free(out);
    return -1;
nomem:
    snprintf(err, errlen, "out of memory");
    run_files_free(out);
    return -1;
}

void run_files_give(run_files *f, result *r) {
    r->spec_sha256 = f->spec_sha256;
    r->sources_sha256 = f->sources;
    r->nsources_sha256 = f->nsources;
    memset(f, 0, sizeof *f);
}

/* Adds "NAME WHAT" to the list in BUF (SIZE bytes), after ", " when not the first. */
static void note(char *buf, size_t size, const char *name, const char *what) {
    size_t used = strlen(buf);
    if (used + 1 < size) snprintf(buf + used, size - used, "%s%s %s", used ? ", " : "", name, what);
}

/* What changed of the files R's run read, as "tick.fspec changed, extra.c is new",
 * into BUF; empty when nothing did. */
static void changes(const result *r, const char *spec_path, const spec *s, char *buf, size_t size) {
    char hex[SHA256_HEX_LEN + 1];
    buf[0] = '\0';
    if (sha256_file(spec_path, hex) != 0)
        note(buf, size, spec_path, "cannot be read");
    else if (strcmp(hex, r->spec_sha256) != 0)
        note(buf, size, spec_path, "changed");
    for (size_t i = 0; i < s->nsources; i++) {
        const char *name = spec_relative(s, s->sources[i]);
        const result_file_digest *was = NULL;
        for (size_t k = 0; k < r->nsources_sha256 && !was; k++)
            if (!strcmp(r->sources_sha256[k].file, name)) was = &r->sources_sha256[k];
        if (!was)
            note(buf, size, s->sources[i], "is new (the run did not compile it)");
        else if (sha256_file(s->sources[i], hex) != 0)
            note(buf, size, s->sources[i], "cannot be read");
        else if (strcmp(hex, was->sha256) != 0)
            note(buf, size, s->sources[i], "changed");
    }
    for (size_t k = 0; k < r->nsources_sha256; k++) {
        int kept = 0;
        for (size_t i = 0; i < s->nsources && !kept; i++)
            kept = !strcmp(r->sources_sha256[k].file, spec_relative(s, s->sources[i]));
        if (!kept) note(buf, size, r->sources_sha256[k].file, "is no longer compiled (the run compiled it)");
    }
}

int run_files_check(const result *r, const char *result_path, const char *spec_path, const spec *s,
                    int allow_changed, const char *command, const char *doing, FILE *out) {
    if (!r->spec_sha256) {
        fprintf(out,
                "freqsys %s: warning: %s records no digests of its spec and sources (written by an earlier "
                "freqsys): a change to them since the run would go unnoticed\n",
                command, result_path);
        return 0;
    }
    char changed[2048];
    changes(r, spec_path, s, changed, sizeof changed);
    if (!changed[0]) return 0;
    if (allow_changed) {
        fprintf(out,
                "freqsys %s: warning: since the run that made %s, %s; %s from the files as they are now "
                "(--allow-changed)\n",
                command, result_path, changed, doing);
        return 0;
    }
    fprintf(out,
            "freqsys %s: error: since the run that made %s, %s (the result records the SHA-256 of each file "
            "the run read): the %s would not be of the program the run measured. Run again, or pass "
            "--allow-changed to go on %s from the files as they are now\n",
            command, result_path, changed, !strcmp(command, "plan") ? "plan" : "export", doing);
    return -1;
}
