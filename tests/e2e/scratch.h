/* tests/e2e/scratch.h: folders for programs and specs written on the fly, inside the test's own temporary
 * folder. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_E2E_SCRATCH_H
#define FREQSYS_E2E_SCRATCH_H

#include "tmp.h"

/* A fresh folder inside tmp_dir() (so it goes with it at exit); its malloc'd path,
 * or NULL. */
__attribute__((unused)) static char *scratch_open(void) {
    char *dir = malloc(strlen(tmp_dir()) + 32);
    if (!dir) return NULL;
    sprintf(dir, "%s/scratch-XXXXXX", tmp_dir());
    if (!mkdtemp(dir)) {
        free(dir);
        return NULL;
    }
    return dir;
}

/* The path DIR/NAME in one of four static buffers, used in turn, so that two
 * paths can be arguments of one call; each is valid for the next three calls. */
__attribute__((unused)) static const char *scratch_path(const char *dir, const char *name) {
    static char paths[4][4096];
    static unsigned next;
    char *path = paths[next++ % 4];
    snprintf(path, sizeof paths[0], "%s/%s", dir, name);
    return path;
}

/* Writes TEXT into DIR/NAME, creating subfolder SUB of DIR first when NAME has one
 * level of folder ("include/n.h"). Returns 0, or -1 when it could not. */
__attribute__((unused)) static int scratch_write(const char *dir, const char *name, const char *text) {
    const char *slash = strchr(name, '/');
    if (slash) {
        char sub[4096];
        snprintf(sub, sizeof sub, "%s/%.*s", dir, (int)(slash - name), name);
        mkdir(sub, 0700);
    }
    FILE *f = fopen(scratch_path(dir, name), "w");
    if (!f) return -1;
    int bad = fputs(text, f) < 0;
    return fclose(f) != 0 || bad ? -1 : 0;
}

/* Removes DIR and all it holds, and frees it. */
__attribute__((unused)) static void scratch_close(char *dir) {
    if (!dir) return;
    tmp_remove(dir);
    free(dir);
}

#endif
