/* bench/meter.c: runs one command and records its wall time and peak memory. */
/* SPDX-License-Identifier: MIT */
/*
 * usage: meter OUTFILE COMMAND [ARG...]
 * Runs COMMAND, then writes "WALL_S TREE_KB SELF_KB CHILD_KB" to OUTFILE and
 * exits with COMMAND's status (128 + N when signal N ended it, 127 when it could
 * not start).
 *   TREE_KB   wait4's ru_maxrss: the largest resident set of COMMAND or of any
 *             process it waited for (for freqsys that includes the compiler and
 *             linker it runs to build the program);
 *   SELF_KB   COMMAND's own peak (VmHWM), read from /proc every 10 ms;
 *   CHILD_KB  the largest peak among its children that run the same executable
 *             (freqsys's forked workers), read the same way.
 * The /proc figures are the last ones seen before the process ended, so growth in
 * its final 10 ms is missed; 0 means none was seen.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The VmHWM of PID in kB, and its command name into COMM; 0 when it is gone. */
static long peak_of(long pid, char *comm, size_t commlen) {
    char path[64], line[256];
    long kb = 0;
    snprintf(path, sizeof path, "/proc/%ld/status", pid);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "Name:", 5) && comm) {
            snprintf(comm, commlen, "%s", line + 5 + strspn(line + 5, " \t"));
            comm[strcspn(comm, "\n")] = '\0';
        }
        if (!strncmp(line, "VmHWM:", 6)) kb = strtol(line + 6, NULL, 10);
    }
    fclose(f);
    return kb;
}

static void sample(pid_t pid, long *self, long *child) {
    char comm[64] = "", ccomm[64];
    long kb = peak_of(pid, comm, sizeof comm);
    if (kb > *self) *self = kb;
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/task/%ld/children", (long)pid, (long)pid);
    FILE *f = fopen(path, "r");
    if (!f) return;
    long c;
    while (fscanf(f, "%ld", &c) == 1) {
        ccomm[0] = '\0';
        kb = peak_of(c, ccomm, sizeof ccomm);
        if (!strcmp(ccomm, comm) && kb > *child) *child = kb;
    }
    fclose(f);
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s OUTFILE COMMAND [ARG...]\n", argv[0]);
        return 2;
    }
    double t0 = now();
    pid_t pid = fork();
    if (pid < 0) {
        perror("meter: fork");
        return 127;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        perror("meter: exec");
        _exit(127);
    }
    int status;
    struct rusage ru;
    long self = 0, child = 0;
    const struct timespec tick = {0, 10 * 1000 * 1000};
    for (;;) {
        pid_t got = wait4(pid, &status, WNOHANG, &ru);
        if (got == pid) break;
        if (got < 0) {
            perror("meter: wait4");
            return 127;
        }
        sample(pid, &self, &child);
        nanosleep(&tick, NULL);
    }
    double wall = now() - t0;
    FILE *f = fopen(argv[1], "w");
    if (!f || fprintf(f, "%.6f %ld %ld %ld\n", wall, ru.ru_maxrss, self, child) < 0 || fclose(f) != 0) {
        perror("meter: cannot write the figures");
        return 127;
    }
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}
