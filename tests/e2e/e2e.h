/* tests/e2e/e2e.h: runs the freqsys command in tests and reads back what it wrote. */
/* SPDX-License-Identifier: MIT */
#ifndef FREQSYS_E2E_H
#define FREQSYS_E2E_H

#include <dirent.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "result.h"
#include "tap.h"
#include "tmp.h"

#define FREQSYS_TOOL FREQSYS_BINARY_DIR "/freqsys"

/* Runs `freqsys ARGS` (a shell fragment) in the source folder, with TMPDIR set to the
 * test's own folder (tmp_dir()), exported, so ARGS can name files "$TMPDIR/name",
 * and then the assignments ENV ("" for none) for freqsys alone, stderr captured into
 * ERR (may be NULL). Returns the exit status, or -1 when it could not
 * run. */
__attribute__((unused)) static int e2e_run_env(const char *env, const char *args, char *err, size_t errlen) {
    char errfile[2048];
    snprintf(errfile, sizeof errfile, "%s", tmp_path("stderr-XXXXXX"));
    int fd = mkstemp(errfile);
    if (fd < 0) return -1;
    char cmd[16384];
    snprintf(cmd, sizeof cmd, "cd '%s' && export TMPDIR='%s' && %s '%s' %s >/dev/null 2>'%s'",
             FREQSYS_SOURCE_DIR, tmp_dir(), env, FREQSYS_TOOL, args, errfile);
    int status = system(cmd);
    if (err) {
        ssize_t n = read(fd, err, errlen - 1);
        err[n > 0 ? n : 0] = '\0';
    }
    close(fd);
    unlink(errfile);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* e2e_run_env with no assignments of its own. */
__attribute__((unused)) static int e2e_run(const char *args, char *err, size_t errlen) {
    return e2e_run_env("", args, err, errlen);
}

/* Runs `freqsys FMT...` as e2e_run does, the arguments formatted first (paths from
 * tmp_path, say). */
__attribute__((unused, format(printf, 3, 4))) static int e2e_runf(char *err, size_t errlen, const char *fmt,
                                                                  ...) {
    char args[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    return e2e_run(args, err, errlen);
}

/* Runs `freqsys ARGS` in the source folder, its standard output into OUT (stderr
 * dropped, unless ARGS ends in 2>&1). Returns the exit status, or -1 when it could
 * not run. */
__attribute__((unused)) static int e2e_stdout(const char *args, char *out, size_t outlen) {
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' 2>/dev/null %s", FREQSYS_SOURCE_DIR, FREQSYS_TOOL, args);
    FILE *p = popen(cmd, "r");
    if (!p) return -1;
    size_t n = fread(out, 1, outlen - 1, p);
    out[n] = '\0';
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* R as the text report prints it, into a buffer the caller frees. */
__attribute__((unused)) static char *e2e_text(const result *r) {
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f || result_write_text(r, f) != 0) bail("cannot write the text report");
    fclose(f);
    return text;
}

/* Writes TEXT as bad.fspec in the test's temporary folder and runs `freqsys check`
 * on it; returns its exit status, with its output in ERR. */
__attribute__((unused)) static int e2e_check_spec(const char *text, char *err, size_t errlen) {
    char path[2048];
    snprintf(path, sizeof path, "%s/bad.fspec", tmp_dir());
    FILE *f = fopen(path, "w");
    if (!f) bail("cannot write %s", path);
    fputs(text, f);
    fclose(f);
    return e2e_runf(err, errlen, "check '%s'", path);
}

/* Starts `freqsys ARGS` in the background as e2e_run would run it, its output to
 * /dev/null and its stderr to ERR_PATH (NULL: /dev/null too). Returns its pid (the
 * shell execs freqsys), or -1. */
__attribute__((unused)) static pid_t e2e_start_to(const char *args, const char *err_path) {
    char cmd[16384];
    if (err_path)
        snprintf(cmd, sizeof cmd, "cd '%s' && TMPDIR='%s' exec '%s' %s >/dev/null 2>'%s'", FREQSYS_SOURCE_DIR,
                 tmp_dir(), FREQSYS_TOOL, args, err_path);
    else
        snprintf(cmd, sizeof cmd, "cd '%s' && TMPDIR='%s' exec '%s' %s >/dev/null 2>&1", FREQSYS_SOURCE_DIR,
                 tmp_dir(), FREQSYS_TOOL, args);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    return pid;
}

/* e2e_start_to with stderr discarded. */
__attribute__((unused)) static pid_t e2e_start(const char *args) {
    return e2e_start_to(args, NULL);
}

/* A child of PID that runs under a seccomp filter: a worker that confined itself
 * and so runs trials now (the build is over; clang never runs confined). Its pid,
 * or 0 when there is none. */
__attribute__((unused)) static pid_t e2e_confined_child(pid_t pid) {
    DIR *d = opendir("/proc");
    pid_t found = 0;
    for (struct dirent *e; d && !found && (e = readdir(d)) != NULL;) {
        char path[300], line[256];
        snprintf(path, sizeof path, "/proc/%s/status", e->d_name);
        FILE *f = e->d_name[0] >= '1' && e->d_name[0] <= '9' ? fopen(path, "r") : NULL;
        int parent = 0, filtered = 0;
        while (f && fgets(line, sizeof line, f)) {
            if (!strncmp(line, "PPid:", 5)) parent = atoi(line + 5) == pid;
            if (!strncmp(line, "Seccomp:", 8)) filtered = atoi(line + 8) == 2;
        }
        if (f) fclose(f);
        if (parent && filtered) found = (pid_t)atoi(e->d_name);
    }
    if (d) closedir(d);
    return found;
}

/* The CPU time process PID has used, in seconds; -1 when it is gone. */
__attribute__((unused)) static double e2e_cpu_seconds(pid_t pid) {
    clockid_t c;
    struct timespec ts;
    if (clock_getcpuclockid(pid, &c) != 0 || clock_gettime(c, &ts) != 0) return -1;
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Waits until the freqsys process PID has a worker that used WORK seconds of CPU
 * time: a handshake on work done, not on time passed, so a busy machine only makes
 * it wait longer. Returns the worker's pid, or 0 when PID ended first (not reaped). */
__attribute__((unused)) static pid_t e2e_wait_worker(pid_t pid, double work) {
    struct timespec tick = {0, 2000000};
    for (;;) {
        pid_t w = e2e_confined_child(pid);
        if (w > 0 && e2e_cpu_seconds(w) >= work) return w;
        siginfo_t info = {0}; /* ended? WNOWAIT leaves its status to the caller */
        if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0 || info.si_pid == pid) return 0;
        nanosleep(&tick, NULL);
    }
}

/* The result file at PATH, or NULL with the reason in ERR (ERRLEN 0: none). */
__attribute__((unused)) static result *e2e_result(const char *path, char *err, size_t errlen) {
    result *r;
    return result_read_json(path, &r, err, errlen) == RESULT_OK ? r : NULL;
}

/* The block of R named FUNCTION/LABEL, or NULL. */
__attribute__((unused)) static const result_block *e2e_block(const result *r, const char *function,
                                                             const char *label) {
    for (size_t i = 0; r && i < r->nblocks; i++)
        if (!strcmp(r->blocks[i].function, function) && !strcmp(r->blocks[i].block, label))
            return &r->blocks[i];
    return NULL;
}

/* The first block of R on source LINE whose label starts with PREFIX, in FUNCTION
 * (NULL: any); labels such as "if.then8" depend on clang's numbering, lines do not. */
__attribute__((unused)) static const result_block *e2e_block_at(const result *r, const char *function,
                                                                int line, const char *prefix) {
    for (size_t i = 0; r && i < r->nblocks; i++) {
        const result_block *b = &r->blocks[i];
        if (b->line == line && !strncmp(b->block, prefix, strlen(prefix)) &&
            (!function || !strcmp(b->function, function)))
            return b;
    }
    return NULL;
}

/* A block's most runs per run as a test states it (NAN: nothing may be proven), with
 * the reason, found by its function, source line and label's start. */
typedef struct e2e_bound {
    const char *function;
    int line;
    const char *prefix;
    double max_runs;
    const char *why;
} e2e_bound;

/* One TAP line for each of the N blocks of WANT: R has it, with WANT's bound. */
__attribute__((unused)) static void e2e_check_bounds(const result *r, const e2e_bound *want, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const result_block *b = e2e_block_at(r, want[i].function, want[i].line, want[i].prefix);
        int same = b && (isnan(want[i].max_runs) ? isnan(b->max_runs) : b->max_runs == want[i].max_runs);
        ok(same, "%s line %d %s: %s, at most %g (got %g)", want[i].function, want[i].line, want[i].prefix,
           want[i].why, want[i].max_runs, b ? b->max_runs : -1.0);
    }
}

/* A near miss of a rule: the block FUNCTION:LINE:PREFIX has no proven bound, and where
 * the slip that keeps it open would give it SLIP_BOUND (0: none shown), its trials
 * run it more often than that. */
typedef struct e2e_miss {
    const char *function;
    int line;
    const char *prefix;
    double slip_bound;
    const char *why;
} e2e_miss;

/* Two TAP lines for each of the N near misses of WANT: not proven, and either run past
 * the slip's bound or (with none) reached by the trials. */
__attribute__((unused)) static void e2e_check_misses(const result *r, const e2e_miss *want, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const e2e_miss *m = &want[i];
        const result_block *b = e2e_block_at(r, m->function, m->line, m->prefix);
        ok(b && isnan(b->max_runs), "line %d: %s: not proven (got %g)", m->line, m->why,
           b ? b->max_runs : -1.0);
        if (m->slip_bound > 0)
            ok(b && (double)b->max > m->slip_bound, "...and a trial runs it %llu times, past the slip's %g",
               b ? (unsigned long long)b->max : 0ULL, m->slip_bound);
        else
            ok(b && b->max >= 1, "...and the trials reach it (%llu at most)",
               b ? (unsigned long long)b->max : 0ULL);
    }
}

/* Whether no block of R was seen in a trial more often than its proven bound per run
 * allows (a bound the trials exceed is false); each that was is named by diag. */
__attribute__((unused)) static int e2e_within_bounds(const result *r) {
    int within = 1;
    for (size_t i = 0; r && i < r->nblocks; i++)
        if (!isnan(r->blocks[i].max_runs) && (double)r->blocks[i].max > r->blocks[i].max_runs) {
            within = 0;
            diag("%s %s: seen %llu > proven %g", r->blocks[i].function, r->blocks[i].block,
                 (unsigned long long)r->blocks[i].max, r->blocks[i].max_runs);
        }
    return within;
}

/* Runs tests/e2e/programs/SPEC.fspec with plain sampling into $TMPDIR/SPEC.json and
 * checks three things as tests: it settles (exit 0), its result reads back, and no
 * trial runs a block past its proven bound. Returns the result (the caller frees it
 * and removes tmp_path(OUT)); bails out when there is none. OUT gets the file's name. */
__attribute__((unused)) static result *e2e_run_within_bounds(const char *spec, char *out, size_t outlen) {
    char args[1024], err[4096];
    snprintf(out, outlen, "%s.json", spec);
    snprintf(args, sizeof args, "run tests/e2e/programs/%s.fspec --sampling plain -q -j 2 -o \"$TMPDIR/%s\"",
             spec, out);
    int code = e2e_run(args, err, sizeof err);
    if (!is_int(code, 0, "%s.fspec runs and settles (cap for the unproven)", spec)) diag("%s", err);
    result *r = e2e_result(tmp_path(out), err, sizeof err);
    if (!ok(r != NULL, "...and its result reads back")) bail("%s", err);
    ok(e2e_within_bounds(r), "...and no block's trials exceed its bound");
    return r;
}

/* Reads a whole file into a malloc'd string, dropping lines that hold timing fields. */
__attribute__((unused)) static char *e2e_json_without_timing(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    size_t cap = 1 << 16, len = 0;
    char *out = malloc(cap), line[4096];
    while (out && fgets(line, sizeof line, f)) {
        if (strstr(line, "\"elapsed_s\"") || strstr(line, "\"trials_per_s\"") || strstr(line, "\"jobs\"") ||
            strstr(line, "\"timeout_s\""))
            continue;
        size_t n = strlen(line);
        if (len + n + 1 > cap) out = realloc(out, cap *= 2);
        if (!out) break;
        memcpy(out + len, line, n);
        len += n;
    }
    if (out) out[len] = '\0';
    fclose(f);
    return out;
}

/* 1 when the result files A and B are the same apart from their timing fields. */
__attribute__((unused)) static int e2e_same_json(const char *a, const char *b) {
    char *x = e2e_json_without_timing(a), *y = e2e_json_without_timing(b);
    int same = x && y && strcmp(x, y) == 0;
    free(x);
    free(y);
    return same;
}

#endif
