/* tests/e2e/scratch.h: a private temporary folder per test, for programs and specs written on the fly. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_E2E_SCRATCH_H
#define FREQSYS_E2E_SCRATCH_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Creates a fresh folder under $TMPDIR (or /tmp) and returns its malloc'd path, or
 * NULL. A unique name per run lets tests run in parallel and leaves no fixed name. */
__attribute__((unused)) static char *scratch_open(void) {
    const char *base = getenv("TMPDIR");
    if (!base || !*base) base = "/tmp";
    size_t n = strlen(base) + 32;
    char *dir = malloc(n);
    if (!dir) return NULL;
    snprintf(dir, n, "%s/freqsys-e2e-XXXXXX", base);
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

/* Removes DIR with the files and one level of subfolders the test put in it, and frees it. */
__attribute__((unused)) static void scratch_close(char *dir) {
    if (!dir) return;
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (unlink(path) != 0) {
            DIR *sd = opendir(path);
            struct dirent *se;
            while (sd && (se = readdir(sd))) {
                char inner[8192];
                snprintf(inner, sizeof inner, "%s/%s", path, se->d_name);
                unlink(inner);
            }
            if (sd) closedir(sd);
            rmdir(path);
        }
    }
    if (d) closedir(d);
    rmdir(dir);
    free(dir);
}

#endif
