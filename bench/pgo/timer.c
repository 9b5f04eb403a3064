/* bench/pgo/timer.c: the CPU time several builds of one program take over the same inputs, runs interleaved, medians. */
/* SPDX-License-Identifier: MIT */
/* usage: timer REPS BIN... -- INPUT...
 * Each repetition runs every BIN once on every INPUT (standard input from the file,
 * output to /dev/null): input by input, all the BINs in a shuffled order, so that a slow
 * moment of a shared machine (they come in bursts of a fraction of a second) hits them
 * all alike. Prints, per BIN, a line: the BIN, the median over the repetitions of
 * the CPU seconds its runs took, then each repetition's seconds, so that gains can be
 * taken repetition by repetition. The time is the children's own, user and system
 * together (wait4): Linux measures their sum exactly but splits it between the two by
 * timer ticks, and a run of a millisecond may get no tick or one, so user time alone
 * would be that split's noise.
 *
 * The same code runs a few percent faster or slower depending on where it lands in
 * memory: the physical pages the page cache gave the binary's file, the stack's start
 * (moved by the size of the environment), the order of the runs. A fixed placement
 * would add a fixed bias to every repetition of a build, which no median removes. So
 * each repetition runs a fresh copy of each binary (new page-cache pages), and every
 * run gets an environment of a different size. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

enum { PAD_MAX = 4096 };

static void fail(const char *what, const char *name)
{
    fprintf(stderr, "timer: %s %s: ", what, name);
    perror(NULL);
    exit(2);
}

/* A fixed-seed generator: the same shuffles and pads on every machine. */
static uint64_t next_random(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

/* Copies BIN to the new executable file COPY, whose pages the page cache places anew. */
static void copy_binary(const char *bin, const char *copy)
{
    int in = open(bin, O_RDONLY);
    if (in < 0) fail("cannot open", bin);
    struct stat st;
    if (fstat(in, &st) != 0) fail("cannot stat", bin);
    int out = open(copy, O_WRONLY | O_CREAT | O_TRUNC, 0755);
    if (out < 0) fail("cannot create", copy);
    for (off_t done = 0; done < st.st_size;) {
        ssize_t n = sendfile(out, in, NULL, (size_t)(st.st_size - done));
        if (n <= 0) fail("cannot copy", bin);
        done += n;
    }
    if (close(out) != 0) fail("cannot write", copy);
    close(in);
}

static double run_once(const char *bin, const char *shown, const char *input, size_t pad)
{
    pid_t pid = fork();
    if (pid < 0) fail("cannot fork for", shown);
    if (pid == 0) {
        int in = open(input, O_RDONLY), out = open("/dev/null", O_WRONLY);
        if (in < 0 || out < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0) _exit(126);
        static char padding[PAD_MAX + 16] = "TIMER_PAD=";
        memset(padding + 10, 'x', pad);
        padding[10 + pad] = '\0';
        char *env[] = {padding, NULL};
        execle(bin, bin, (char *)NULL, env);
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) != pid) fail("cannot wait for", shown);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "timer: %s < %s failed (status %d)\n", shown, input, status);
        exit(2);
    }
    return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) * 1e-6;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void print_times(char **bins, int nbins, const double *t, int reps)
{
    double *sorted = malloc((size_t)reps * sizeof *sorted);
    if (!sorted) exit(2);
    for (int b = 0; b < nbins; b++) {
        memcpy(sorted, t + b * reps, (size_t)reps * sizeof *sorted);
        qsort(sorted, (size_t)reps, sizeof *sorted, by_value);
        double median = reps % 2 ? sorted[reps / 2] : (sorted[reps / 2 - 1] + sorted[reps / 2]) / 2;
        printf("%s %.4f", bins[b], median);
        for (int r = 0; r < reps; r++)
            printf(" %.4f", t[b * reps + r]);
        printf("\n");
    }
    free(sorted);
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
    char **bins = argv + 2;
    int nbins = sep - 2;
    const char *tmp = getenv("TMPDIR");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/timer.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) fail("cannot make a folder in", dir);
    double *t = calloc((size_t)nbins * (size_t)reps, sizeof *t);
    int *order = malloc((size_t)nbins * sizeof *order);
    if (!t || !order) return 2;
    char (*copies)[4200] = malloc((size_t)nbins * sizeof *copies);
    if (!copies) return 2;
    uint64_t state = 0x9e3779b97f4a7c15u;
    for (int r = 0; r < reps; r++) {
        for (int b = 0; b < nbins; b++) {
            snprintf(copies[b], sizeof copies[b], "%s/bin%d", dir, b);
            copy_binary(bins[b], copies[b]);
        }
        for (int i = sep + 1; i < argc; i++) {
            for (int b = 0; b < nbins; b++) order[b] = b;
            for (int b = nbins - 1; b > 0; b--) {
                int k = (int)(next_random(&state) % (uint64_t)(b + 1));
                int swap = order[b]; order[b] = order[k]; order[k] = swap;
            }
            for (int j = 0; j < nbins; j++) {
                int b = order[j];
                t[b * reps + r] += run_once(copies[b], bins[b], argv[i], next_random(&state) % PAD_MAX);
            }
        }
        for (int b = 0; b < nbins; b++) unlink(copies[b]);
    }
    free(copies);
    rmdir(dir);
    print_times(bins, nbins, t, reps);
    free(order);
    free(t);
    return 0;
}
