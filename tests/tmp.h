/* tests/tmp.h: one private temporary folder per test program, under $TMPDIR, removed at exit. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_TMP_H
#define FREQSYS_TMP_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Fixed names in /tmp collide when two runs of the suite share a machine; a folder
 * from mkdtemp per test does not. */
static char tmp_dir_path[1024];
static pid_t tmp_owner;

/* Removes PATH, and first what it holds when it is a folder. */
static void tmp_remove(const char *path) {
    struct stat st;
    if (lstat(path, &st) != 0) return;
    DIR *d = S_ISDIR(st.st_mode) ? opendir(path) : NULL;
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
        char inner[4096];
        snprintf(inner, sizeof inner, "%s/%s", path, e->d_name);
        tmp_remove(inner);
    }
    if (d) closedir(d);
    remove(path);
}

/* Only the process that made the folder removes it (forked children exit too). */
static void tmp_cleanup(void) {
    if (tmp_dir_path[0] && getpid() == tmp_owner) tmp_remove(tmp_dir_path);
}

/* The folder, made on first use under $TMPDIR (/tmp when unset or empty). Exits
 * with a TAP bail-out when it cannot be made: no check could run without it. */
__attribute__((unused)) static const char *tmp_dir(void) {
    if (tmp_dir_path[0]) return tmp_dir_path;
    const char *base = getenv("TMPDIR");
    snprintf(tmp_dir_path, sizeof tmp_dir_path, "%s/freqsys-test-XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmp_dir_path)) {
        printf("Bail out! cannot make a temporary folder from %s\n", tmp_dir_path);
        exit(255);
    }
    tmp_owner = getpid();
    atexit(tmp_cleanup);
    return tmp_dir_path;
}

/* DIR/NAME, in one of eight buffers used in turn, so that one call can take several
 * paths; each lives until eight more paths were asked for. */
__attribute__((unused)) static const char *tmp_path(const char *name) {
    static char paths[8][2048];
    static unsigned next;
    char *p = paths[next++ % 8];
    snprintf(p, sizeof paths[0], "%s/%s", tmp_dir(), name);
    return p;
}

#endif
