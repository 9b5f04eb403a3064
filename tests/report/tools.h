/* tests/report/tools.h: runs freqsys and the tools that consume its exports, and reads what they wrote. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_TEST_REPORT_TOOLS_H
#define FREQSYS_TEST_REPORT_TOOLS_H

#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "result.h"
#include "tap.h"
#include "tmp.h"

#define TOOLS_FREQSYS FREQSYS_BINARY_DIR "/freqsys"

/* A scratch folder for one test, made by tools_tmpdir and removed by tools_cleanup. */
static const char *tools_dir;

static void tools_tmpdir(void) {
    tools_dir = tmp_dir();
}

static void tools_cleanup(void) {
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tools_dir);
    if (system(cmd) != 0) diag("could not remove %s", tools_dir);
}

/* TOOLS_DIR/NAME, in static storage that holds the last four paths. */
static const char *tools_path(const char *name) {
    static char paths[4][2048];
    static int next;
    char *p = paths[next++ % 4];
    snprintf(p, sizeof paths[0], "%s/%s", tools_dir, name);
    return p;
}

/* The whole file at PATH as a string to free, or NULL. */
static char *tools_slurp(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    size_t cap = 1 << 16, len = 0, got;
    char *s = malloc(cap);
    while (s && (got = fread(s + len, 1, cap - len - 1, f)) > 0)
        if ((len += got) + 1 == cap) s = realloc(s, cap *= 2);
    fclose(f);
    if (s) s[len] = '\0';
    return s;
}

/* Runs the shell command CMD with stdout into TOOLS_DIR/out.txt and stderr into
 * TOOLS_DIR/err.txt; *OUT and *ERR (either may be NULL) get their text, to free. Returns
 * the exit status, or -1 when the command did not exit normally. */
static int tools_sh(const char *cmd, char **out, char **err) {
    char full[8192], o[512], e[512];
    snprintf(o, sizeof o, "%s/out.txt", tools_dir);
    snprintf(e, sizeof e, "%s/err.txt", tools_dir);
    snprintf(full, sizeof full, "(%s) >'%s' 2>'%s'", cmd, o, e);
    int status = system(full);
    if (out) *out = tools_slurp(o);
    if (err) *err = tools_slurp(e);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Stops the test when a consumer tool is missing: the exports are checked against the
 * real tools, and a machine without them has not run `make deps`. */
static void tools_need(const char *program, const char *what, const char *package) {
    if (!program[0] || strstr(program, "NOTFOUND") || access(program, X_OK) != 0)
        bail("%s not found (%s): install the Debian package %s (make deps), then run cmake again", what,
             program, package);
}

/* Runs `freqsys run SPEC -q -o TOOLS_DIR/NAME` from the source tree and reads the result. */
static result *tools_result(const char *spec, const char *name) {
    char cmd[2048], *err = NULL, msg[512];
    const char *json = tools_path(name);
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' run %s -q -o '%s'", FREQSYS_SOURCE_DIR, TOOLS_FREQSYS, spec,
             json);
    int rc = tools_sh(cmd, NULL, &err);
    if (rc != 0) bail("freqsys run %s exited %d: %s", spec, rc, err ? err : "");
    free(err);
    result *r;
    if (result_read_json(json, &r, msg, sizeof msg) != RESULT_OK) bail("%s", msg);
    return r;
}

/* A count as lcov and the sample profile must show it: mean x scale rounded, at least 1
 * for a block that ran at all. */
static unsigned long long tools_scaled(double mean, double scale) {
    if (!(mean > 0)) return 0;
    double v = nearbyint(mean * scale);
    return v < 1 ? 1 : (unsigned long long)v;
}

/* The largest scaled count of the blocks of R starting on FILE:LINE (of FUNCTION, when
 * not NULL); -1 when none does. */
static long long tools_line_count(const result *r, const char *file, int line, const char *function,
                                  double scale) {
    long long most = -1;
    for (size_t i = 0; i < r->nblocks; i++) {
        const result_block *b = &r->blocks[i];
        if (b->line == line && !strcmp(b->file, file) && (!function || !strcmp(b->function, function)) &&
            (long long)tools_scaled(b->mean, scale) > most)
            most = (long long)tools_scaled(b->mean, scale);
    }
    return most;
}

#endif
