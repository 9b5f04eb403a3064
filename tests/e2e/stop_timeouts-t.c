/* tests/e2e/stop_timeouts-t.c: a program that never ends in some runs, with a cap: SIGINT ends the run within
 * seconds in its pilot and in its sampling, and without a signal it gives up as it does without a cap. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "e2e.h"
#include "stop_signals.h"

/* The run stopped by SIGINT: within the bound, exit 1, its result written and marked
 * interrupted (into *OUT, to free), and stderr saying PHRASE. Four checks. */
static void check_stopped(const char *what, pid_t pid, const char *name, const char *phrase, result **out) {
    char json[64], errname[64], err[8192], why[1024];
    snprintf(json, sizeof json, "%s.json", name);
    snprintf(errname, sizeof errname, "%s.err", name);
    double seconds;
    int code = stop_signals_stop(pid, SIGINT, &seconds);
    ok(code == 1 && seconds <= STOP_SIGNALS_BOUND_S,
       "%s: SIGINT ends the run in %.2f s (target 2 s), exit 1 (got %d)", what, seconds, code);
    result *r = e2e_result(tmp_path(json), why, sizeof why);
    if (!ok(r != NULL, "...and writes the result file")) diag("%s", why);
    ok(r && r->interrupted && !r->converged, "...marked interrupted");
    stop_signals_text(errname, err, sizeof err);
    if (!ok(strstr(err, phrase) != NULL, "...and says \"%s\"", phrase)) diag("stderr: %s", err);
    *out = r;
}

int main(void) {
    plan(14);
    char args[4096];
    result *r;

    /* In the sampling pilot, under timeouts: n > 6 in 55% of runs, so its 200 plain
     * runs need over five seconds of CPU time; the signal goes once a worker has
     * computed for 30 ms in one trial, which only a trial without end does. */
    snprintf(args, sizeof args, "run tests/e2e/programs/stop_never_often.fspec -j 2 -o '%s'",
             tmp_path("pilot.json"));
    pid_t pid = stop_signals_start(args, "pilot.err");
    if (pid < 0 || e2e_wait_worker(pid, 0.03) == 0) bail("the run ended before a trial overran");
    check_stopped("the pilot, under timeouts", pid, "pilot", "interrupted while choosing the sampling method",
                  &r);
    ok(r && r->trials == 0, "...with no trial counted: the pilot's are not");
    result_free(r);

    /* In the sampling, under timeouts: at -e 0.0001 the run would take hours. The
     * signal goes once a checkpoint records a trial killed at its timeout. The pilot
     * must not compare the methods first, which at this epsilon would take minutes of
     * timeouts: a block without end settles in no number of runs, whatever the cap. */
    snprintf(args, sizeof args,
             "run tests/e2e/programs/stop_never.fspec -e 0.0001 -j 2 --checkpoint-every 0.1 -o '%s'",
             tmp_path("sampling.json"));
    pid = stop_signals_start(args, "sampling.err");
    if (pid < 0) bail("cannot start freqsys");
    if (!stop_signals_wait_timeouts(pid, tmp_path("sampling.json.checkpoint"))) {
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        bail("no checkpoint recorded a timeout within %.0f s", STOP_SIGNALS_HANDSHAKE_S);
    }
    check_stopped("the sampling, under timeouts", pid, "sampling", "continue with: freqsys run --resume", &r);
    char continued[4096], said[8192];
    snprintf(continued, sizeof continued, "--resume %s -o %s\n", tmp_path("sampling.json.checkpoint"),
             tmp_path("sampling.json"));
    stop_signals_text("sampling.err", said, sizeof said);
    if (!ok(strstr(said, continued) != NULL, "...with the command that writes its result where this one did"))
        diag("stderr: %s", said);
    ok(r && r->trials > 0 && r->timeouts > 0, "...with the trials so far, %llu timed out",
       r ? (unsigned long long)r->timeouts : 0ull);
    result_free(r);

    /* No signal: with the cap the run gives up once the other blocks settle, as it
     * does without one. The loop is unbounded; the block that leads into it runs at
     * most once in any run, ended or not, and settles on that proven bound like any
     * branch. The time limit only keeps a run that would not give up from running
     * for hours. */
    char err[8192];
    int code =
        e2e_runf(err, sizeof err, "run tests/e2e/programs/stop_never.fspec -q -j 2 --time-limit 60 -o '%s'",
                 tmp_path("gives_up.json"));
    is_int(code, 1, "without a signal, the run with a cap ends not converged (exit 1)");
    r = e2e_result(tmp_path("gives_up.json"), err, sizeof err);
    if (!r) bail("%s", err);
    ok(r->gave_up && !r->time_limited && !r->interrupted,
       "...giving up: no number of trials settles the open blocks (after %llu trials)",
       (unsigned long long)r->trials);
    size_t unbounded = 0, open = 0;
    for (size_t i = 0; i < r->nblocks; i++) {
        unbounded += !strcmp(r->blocks[i].status, "unbounded");
        open += !strcmp(r->blocks[i].status, "not_converged");
    }
    ok(unbounded == 1 && open == 0 && r->timeouts > 0,
       "...the loop unbounded (%zu), no other block open (%zu)", unbounded, open);
    result_free(r);
    return done();
}
