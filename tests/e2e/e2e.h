/* tests/e2e/e2e.h: runs the freqsys command in tests and reads back what it wrote. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_E2E_H
#define FREQSYS_E2E_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "result.h"

#define FREQSYS_TOOL FREQSYS_BINARY_DIR "/freqsys"

/* Runs `freqsys ARGS` (a shell fragment), stderr captured into ERR (may be NULL).
 * Returns the exit status, or -1 when it could not run. */
__attribute__((unused)) static int e2e_run(const char *args, char *err, size_t errlen) {
    char errfile[] = "/tmp/freqsys-e2e-XXXXXX";
    int fd = mkstemp(errfile);
    if (fd < 0) return -1;
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' %s >/dev/null 2>'%s'", FREQSYS_SOURCE_DIR,
             FREQSYS_TOOL, args, errfile);
    int status = system(cmd);
    if (err) {
        ssize_t n = read(fd, err, errlen - 1);
        err[n > 0 ? n : 0] = '\0';
    }
    close(fd);
    unlink(errfile);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* The block of R named FUNCTION/LABEL, or NULL. */
__attribute__((unused)) static const result_block *e2e_block(const result *r, const char *function, const char *label) {
    for (size_t i = 0; r && i < r->nblocks; i++)
        if (!strcmp(r->blocks[i].function, function) && !strcmp(r->blocks[i].block, label))
            return &r->blocks[i];
    return NULL;
}

/* Reads a whole file into a malloc'd string, dropping lines that hold timing fields. */
__attribute__((unused)) static char *e2e_json_without_timing(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    size_t cap = 1 << 16, len = 0;
    char *out = malloc(cap), line[4096];
    while (out && fgets(line, sizeof line, f)) {
        if (strstr(line, "\"elapsed_s\"") || strstr(line, "\"trials_per_s\"") || strstr(line, "\"jobs\""))
            continue;
        size_t n = strlen(line);
        if (len + n + 1 > cap) out = realloc(out, cap *= 2);
        if (!out) break;
        memcpy(out + len, line, n);
        len += n;
    }
    if (out) out[len] = '\0';
    fclose(f);
    return out;
}

/* 1 when the result files A and B are the same apart from their timing fields. */
__attribute__((unused)) static int e2e_same_json(const char *a, const char *b) {
    char *x = e2e_json_without_timing(a), *y = e2e_json_without_timing(b);
    int same = x && y && strcmp(x, y) == 0;
    free(x);
    free(y);
    return same;
}

#endif
