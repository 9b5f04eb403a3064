/* bench/pgo/timer.c: the CPU time several builds of one program take over the same inputs, runs interleaved, medians. */
/* SPDX-License-Identifier: MIT */
/* usage: timer REPS BIN... -- INPUT...
 * Each repetition runs every BIN once on every INPUT (standard input from the file,
 * output to /dev/null), BINs in turn, so that a slow phase of a shared machine hits
 * them all alike. Prints, per BIN, the median over the repetitions of the user CPU
 * seconds its runs took (from wait4: the children's own time, without the timer's). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static double run_once(const char *bin, const char *input)
{
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); exit(2); }
    if (pid == 0) {
        int in = open(input, O_RDONLY), out = open("/dev/null", O_WRONLY);
        if (in < 0 || out < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0) _exit(126);
        execl(bin, bin, (char *)NULL);
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) != pid) { perror("wait4"); exit(2); }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "timer: %s < %s failed (status %d)\n", bin, input, status);
        exit(2);
    }
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    int sep = 0;
    for (int k = 2; k < argc; k++)
        if (strcmp(argv[k], "--") == 0) { sep = k; break; }
    int reps = argc > 1 ? atoi(argv[1]) : 0;
    if (reps < 1 || sep < 3 || sep == argc - 1) {
        fprintf(stderr, "usage: timer REPS BIN... -- INPUT...\n");
        return 2;
    }
    int nbins = sep - 2;
    double *t = calloc((size_t)nbins * (size_t)reps, sizeof *t);
    if (!t) return 2;
    for (int r = 0; r < reps; r++)
        for (int b = 0; b < nbins; b++)
            for (int i = sep + 1; i < argc; i++)
                t[b * reps + r] += run_once(argv[2 + b], argv[i]);
    for (int b = 0; b < nbins; b++) {
        qsort(t + b * reps, (size_t)reps, sizeof *t, by_value);
        double median = reps % 2 ? t[b * reps + reps / 2]
                                 : (t[b * reps + reps / 2 - 1] + t[b * reps + reps / 2]) / 2;
        printf("%s %.4f\n", argv[2 + b], median);
    }
    free(t);
    return 0;
}
