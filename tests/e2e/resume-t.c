/* tests/e2e/resume-t.c: an interrupted run, resumed, ends with exactly the JSON of an uninterrupted one. */
/* SPDX-License-Identifier: MIT */
#include <signal.h>
#include <time.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

int main(void) {
    plan(9);
    char err[8192];
    const char *spec = "examples/newton/newton_function.fspec";
    char args[1024];

    snprintf(args, sizeof args, "run %s -q -j 2 -e 0.002 -o /tmp/freqsys-resume-full.json", spec);
    is_int(e2e_run(args, err, sizeof err), 0, "an uninterrupted run converges");

    unlink("/tmp/freqsys-resume.ckpt");
    snprintf(args, sizeof args, "run %s -q -j 2 -e 0.002 --stop-after 40000 --checkpoint /tmp/freqsys-resume.ckpt "
             "-o /tmp/freqsys-resume-part.json", spec);
    is_int(e2e_run(args, err, sizeof err), 1, "--stop-after pauses the run (exit 1)");
    result *r = result_read_json("/tmp/freqsys-resume-part.json", err, sizeof err);
    ok(r && r->interrupted && !r->converged && r->trials >= 40000, "...writing the result so far, marked interrupted");
    result_free(r);
    ok(access("/tmp/freqsys-resume.ckpt", F_OK) == 0, "...and a checkpoint");
    is_int(e2e_run("run --resume /tmp/freqsys-resume.ckpt -q -j 1 -o /tmp/freqsys-resume-done.json", err, sizeof err),
           0, "--resume continues it (with another number of workers)");
    ok(e2e_same_json("/tmp/freqsys-resume-full.json", "/tmp/freqsys-resume-done.json"),
       "the resumed run's JSON equals the uninterrupted one's, timing apart");

    /* A real Ctrl-C: SIGINT to a run long enough to be caught in the middle. */
    unlink("/tmp/freqsys-resume-sig.json.checkpoint");
    snprintf(args, sizeof args, "cd '%s' && exec '%s' run %s -q -j 2 -e 0.0001 -n 20000000 "
             "-o /tmp/freqsys-resume-sig.json 2>/dev/null", FREQSYS_SOURCE_DIR, FREQSYS_TOOL, spec);
    pid_t pid = fork();
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", args, (char *)NULL);
        _exit(127);
    }
    struct timespec pause = {1, 0};
    nanosleep(&pause, NULL);
    kill(pid, SIGINT);
    int status = 0;
    waitpid(pid, &status, 0);
    if (!ok(WIFEXITED(status) && WEXITSTATUS(status) == 1 && access("/tmp/freqsys-resume-sig.json.checkpoint", F_OK) == 0,
            "Ctrl-C (SIGINT) mid-run: exit 1, the result so far and a checkpoint"))
        diag("status %d (exited %d, code %d, signal %d)", status, WIFEXITED(status), WEXITSTATUS(status),
             WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    is_int(e2e_run("run --resume /tmp/freqsys-resume-sig.json.checkpoint -q -j 2 -o /tmp/freqsys-resume-sig2.json",
                   err, sizeof err), 1, "the resumed run reaches the same budget (exit 1: not converged)");
    snprintf(args, sizeof args, "run %s -q -j 2 -e 0.0001 -n 20000000 -o /tmp/freqsys-resume-sigfull.json", spec);
    e2e_run(args, err, sizeof err);
    ok(e2e_same_json("/tmp/freqsys-resume-sigfull.json", "/tmp/freqsys-resume-sig2.json"),
       "...and ends exactly as the run that was never interrupted");
    static const char *const files[] = {"/tmp/freqsys-resume-full.json", "/tmp/freqsys-resume-part.json",
        "/tmp/freqsys-resume-done.json", "/tmp/freqsys-resume.ckpt", "/tmp/freqsys-resume-sig.json",
        "/tmp/freqsys-resume-sig.json.checkpoint", "/tmp/freqsys-resume-sig2.json", "/tmp/freqsys-resume-sigfull.json"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) unlink(files[i]);
    return done();
}
