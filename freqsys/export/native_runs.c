/* freqsys/export/native_runs.c: runs a native program once per input file, each with a time limit, without a
 * shell. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "native_runs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static volatile sig_atomic_t interrupted;

static void on_interrupt(int sig) {
    (void)sig;
    interrupted = 1;
}

static int not_hidden(const struct dirent *e) {
    return e->d_name[0] != '.';
}

/* Waits for child PID at most LIMIT_MS milliseconds, then kills it. A pidfd gives the
 * wait with a limit in one call; where the kernel has none, the child is polled. */
static void wait_limited(pid_t pid, long limit_ms) {
    int st;
#ifdef SYS_pidfd_open
    int fd = (int)syscall(SYS_pidfd_open, pid, 0);
    if (fd >= 0) {
        struct pollfd p = {.fd = fd, .events = POLLIN};
        int ready;
        while ((ready = poll(&p, 1, (int)limit_ms)) < 0 && errno == EINTR && !interrupted) {
        }
        if (ready <= 0) kill(pid, SIGKILL);
        close(fd);
        while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
        }
        return;
    }
#endif
    struct timespec tick = {0, 1000000};
    for (long waited = 0; waitpid(pid, &st, WNOHANG) == 0; waited++) {
        if (waited >= limit_ms || interrupted) {
            kill(pid, SIGKILL);
            while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
            }
            return;
        }
        nanosleep(&tick, NULL);
    }
}

long native_runs(const char *prog, const char *in_dir, size_t from, size_t count, double limit_s, char *err,
                 size_t errlen) {
    struct dirent **names = NULL;
    int n = scandir(in_dir, &names, not_hidden, alphasort);
    if (n < 0) {
        snprintf(err, errlen, "cannot read the inputs in %s: %s", in_dir, strerror(errno));
        return -1;
    }
    struct sigaction act = {.sa_handler = on_interrupt}, old_int, old_term;
    sigemptyset(&act.sa_mask);
    interrupted = 0;
    sigaction(SIGINT, &act, &old_int);
    sigaction(SIGTERM, &act, &old_term);
    long limit_ms = limit_s > 0 && limit_s < 2e6 ? (long)(limit_s * 1000) : 2000000000L;
    long runs = 0;
    char *argv[] = {(char *)prog, NULL};
    for (size_t i = from; i < (size_t)n && i - from < count && runs >= 0; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", in_dir, names[i]->d_name);
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_addopen(&fa, 0, path, O_RDONLY, 0);
        posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
        posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
        pid_t pid;
        int rc = interrupted ? EINTR : posix_spawn(&pid, prog, &fa, NULL, argv, environ);
        posix_spawn_file_actions_destroy(&fa);
        if (rc != 0) {
            if (rc == EINTR)
                snprintf(err, errlen, "interrupted after %ld runs", runs);
            else
                snprintf(err, errlen, "cannot start %s: %s", prog, strerror(rc));
            runs = -1;
            break;
        }
        wait_limited(pid, limit_ms);
        runs++;
    }
    if (interrupted && runs >= 0) {
        snprintf(err, errlen, "interrupted after %ld runs", runs);
        runs = -1;
    }
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    for (int i = 0; i < n; i++) free(names[i]);
    free(names);
    return runs;
}
