/* tests/fuzz/replay-t.c: feeds every file of a fuzz corpus to its target's entry, one TAP check per file. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"

#include <dirent.h>
#include <signal.h>
#include <stdint.h>
#include <unistd.h>

#ifndef FUZZ_CORPUS_DIR
#error "FUZZ_CORPUS_DIR must name the corpus folder of the target linked in"
#endif

/* The fuzz targets' limit on one input, in seconds: a slower one is a hang. */
#define LIMIT_S 10

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *current = ""; /* the file being replayed, for the crash message */

/* The entry failed hard (abort from a broken promise, a fault, the time limit): name
 * the file, then die of the same signal so ctest sees the failure. */
static void crashed(int sig) {
    static const char msg[] = "Bail out! crashed or hung on ";
    if (write(STDOUT_FILENO, msg, sizeof msg - 1) < 0 || write(STDOUT_FILENO, current, strlen(current)) < 0 ||
        write(STDOUT_FILENO, "\n", 1) < 0) {
        /* nothing more can be said */
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

static int by_name(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The whole file at PATH into a new buffer; NULL when it cannot be read. */
static uint8_t *slurp(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap) break;
        uint8_t *more = realloc(buf, 2 * cap);
        if (!more) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = more;
        cap *= 2;
    }
    if (buf && ferror(f)) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *size = n;
    return buf;
}

/* In-process, as libFuzzer runs it: a leak checker, when built in, sees every input's
 * leaks at exit, and a crash stops the test at the file that caused it. */
int main(void) {
    DIR *dir = opendir(FUZZ_CORPUS_DIR);
    if (!dir) bail("cannot open %s", FUZZ_CORPUS_DIR);
    char **names = NULL;
    size_t n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(dir));) {
        if (e->d_name[0] == '.') continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            names = realloc(names, cap * sizeof *names);
            if (!names) bail("out of memory");
        }
        if (!(names[n++] = strdup(e->d_name))) bail("out of memory");
    }
    closedir(dir);
    if (n == 0) bail("%s holds no inputs", FUZZ_CORPUS_DIR);
    qsort(names, n, sizeof *names, by_name);
    static const int signals[] = {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGALRM};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) signal(signals[i], crashed);
    plan((int)n);
    char path[4096];
    for (size_t i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/%s", FUZZ_CORPUS_DIR, names[i]);
        size_t size;
        uint8_t *data = slurp(path, &size);
        if (data) {
            current = names[i];
            alarm(LIMIT_S);
            LLVMFuzzerTestOneInput(data, size);
            alarm(0);
            current = "";
            free(data);
        }
        ok(data != NULL, "%s", names[i]);
        free(names[i]);
    }
    free(names);
    return done();
}
