/* freqsys/report/dot_child.c: Graphviz's dot as a child process under a time limit, for the drawings of the
 * html page. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "export.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double now_s(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Waits for PID until DEADLINE (CLOCK_MONOTONIC seconds). Returns its wait status, or
 * -1 with errno ETIMEDOUT when it is still running then (it is left running). */
static int wait_until(pid_t pid, double deadline) {
    int status;
    /* a pidfd becomes readable when the child exits: one poll, no busy loop */
    int pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
    for (;;) {
        pid_t got = waitpid(pid, &status, WNOHANG);
        if (got == pid) break;
        if (got < 0 && errno != EINTR) {
            status = -1;
            break;
        }
        double left = deadline - now_s();
        if (left <= 0) {
            status = -1;
            errno = ETIMEDOUT;
            break;
        }
        if (pidfd >= 0) {
            struct pollfd p = {.fd = pidfd, .events = POLLIN};
            poll(&p, 1, (int)(left * 1000) + 1);
        } else { /* kernels before 5.3: look again every 10 ms */
            struct timespec step = {0, 10 * 1000 * 1000};
            nanosleep(&step, NULL);
        }
    }
    int saved = errno;
    if (pidfd >= 0) close(pidfd);
    errno = saved;
    return status;
}

/* Runs `dot -Tsvg IN` (dot from PATH) in a process group of its own with its output into
 * the file OUTFD, for at most TIMEOUT_S seconds. Returns dot's exit status, or -1 with
 * errno set: ENOENT when dot is not installed, ETIMEDOUT when it was killed at the limit. */
static int run_dot(const char *in, int outfd, double timeout_s) {
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t attr;
    if (posix_spawn_file_actions_init(&fa) != 0) return -1;
    if (posix_spawnattr_init(&attr) != 0) {
        posix_spawn_file_actions_destroy(&fa);
        return -1;
    }
    posix_spawn_file_actions_adddup2(&fa, outfd, 1);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    /* its own group, so that killing it kills whatever it started too */
    posix_spawnattr_setpgroup(&attr, 0);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    char *argv[] = {"dot", "-Tsvg", (char *)in, NULL};
    pid_t pid;
    int rc = posix_spawnp(&pid, "dot", &fa, &attr, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    if (rc != 0) {
        errno = rc;
        return -1;
    }
    int status = wait_until(pid, now_s() + timeout_s);
    if (status == -1 && errno == ETIMEDOUT) {
        kill(-pid, SIGKILL);
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR);
        errno = ETIMEDOUT;
        return -1;
    }
    if (status == -1) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

/* Everything in FD from its start, as a string to free, or NULL. */
static char *slurp(int fd) {
    size_t cap = 1 << 16, len = 0;
    ssize_t got;
    char *text = malloc(cap);
    if (!text || lseek(fd, 0, SEEK_SET) < 0) {
        free(text);
        return NULL;
    }
    while ((got = read(fd, text + len, cap - len - 1)) > 0)
        if ((len += (size_t)got) + 1 == cap) {
            char *more = realloc(text, cap *= 2);
            if (!more) {
                free(text);
                return NULL;
            }
            text = more;
        }
    text[len] = '\0';
    if (got < 0) {
        free(text);
        return NULL;
    }
    return text;
}

/* Writes LEN bytes of TEXT to FD. Returns 0, or -1 with errno set. */
static int write_all(int fd, const char *text, size_t len) {
    while (len > 0) {
        ssize_t n = write(fd, text, len);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            if (n == 0) errno = EIO;
            return -1;
        }
        text += n, len -= (size_t)n;
    }
    return 0;
}

/* Creates a temporary file under $TMPDIR (or /tmp) into PATH. Returns its descriptor or -1. */
static int temp_file(char *path, size_t len, const char *stem) {
    const char *tmp = getenv("TMPDIR");
    snprintf(path, len, "%s/freqsys-%s-XXXXXX", tmp && *tmp ? tmp : "/tmp", stem);
    return mkstemp(path);
}

char *dot_child_svg(const char *graph, size_t len, double timeout_s) {
    char in[4096], svg[4096];
    char *text = NULL;
    int why = 0;
    int infd = temp_file(in, sizeof in, "dot");
    int svgfd = infd >= 0 ? temp_file(svg, sizeof svg, "svg") : -1;
    if (svgfd < 0) {
        why = errno;
    } else if (write_all(infd, graph, len) != 0) {
        why = errno;
    } else {
        int status = run_dot(in, svgfd, timeout_s);
        why = status < 0 ? errno : status > 0 ? ECHILD : 0;
        if (status == 0 && !(text = slurp(svgfd))) why = errno;
    }
    if (infd >= 0) {
        close(infd);
        unlink(in);
    }
    if (svgfd >= 0) {
        close(svgfd);
        unlink(svg);
    }
    if (!text) errno = why;
    return text;
}
