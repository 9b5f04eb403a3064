/* freqsys/module/runtime_path.c: where the runtime library that instrumented modules are linked with lies,
 * found from the executable's own place. */
/* SPDX-License-Identifier: MIT */
#include "runtime_path.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#ifndef FREQSYS_RUNTIME_RELDIR
#define FREQSYS_RUNTIME_RELDIR "../lib/freqsys"
#endif

/* The folder of the running executable into DIR; -1 when /proc does not say. */
static int executable_dir(char *dir, size_t size) {
    ssize_t n = readlink("/proc/self/exe", dir, size - 1);
    if (n <= 0 || (size_t)n >= size - 1) return -1;
    dir[n] = '\0';
    char *slash = strrchr(dir, '/');
    if (!slash) return -1;
    *slash = '\0';
    return 0;
}

int runtime_path_find(char *out, size_t outlen, char *err, size_t errlen) {
    char dir[4096];
    if (executable_dir(dir, sizeof dir) != 0) {
        snprintf(err, errlen,
                 "cannot find the runtime library %s: the folder of the freqsys executable "
                 "is unknown (/proc/self/exe: %s)",
                 RUNTIME_PATH_NAME, strerror(errno));
        return -1;
    }
    const char *const places[] = {FREQSYS_RUNTIME_RELDIR "/", ""};
    char tried[2][4200];
    for (size_t i = 0; i < 2; i++) {
        snprintf(tried[i], sizeof tried[i], "%s/%s%s", dir, places[i], RUNTIME_PATH_NAME);
        if (access(tried[i], R_OK) == 0) {
            if ((size_t)snprintf(out, outlen, "%s", tried[i]) >= outlen) break;
            return 0;
        }
    }
    snprintf(err, errlen,
             "cannot find the runtime library %s that instrumented programs are linked with: "
             "not in %s nor %s (install freqsys with 'make install', which puts it there)",
             RUNTIME_PATH_NAME, tried[0], tried[1]);
    return -1;
}
