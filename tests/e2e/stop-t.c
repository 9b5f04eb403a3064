/* tests/e2e/stop-t.c: SIGINT and SIGTERM end `freqsys run` within seconds while it calibrates, enumerates or
 * runs the sampling pilot, writing a result. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "e2e.h"
#include "stop_signals.h"

/* Starts `freqsys ARGS -o NAME.json`, waits until a confined child has used WORK
 * seconds of CPU time (the phase is under way), sends SIG, and checks the stop: within
 * the bound, exit 1, the result written and marked interrupted with no trial counted,
 * and stderr naming the phase (one of PHASES, "|"-separated) and the way to start
 * again. Four checks. */
static void check_stop(const char *what, const char *args, const char *name, double work, int sig,
                       const char *phases) {
    char full[4096], json[64], errname[64], err[8192];
    snprintf(json, sizeof json, "%s.json", name);
    snprintf(errname, sizeof errname, "%s.err", name);
    snprintf(full, sizeof full, "%s -j 2 -o '%s'", args, tmp_path(json));
    pid_t pid = stop_signals_start(full, errname);
    if (pid < 0 || e2e_wait_worker(pid, work) == 0) bail("%s: the run ended before the handshake", what);
    double seconds;
    int code = stop_signals_stop(pid, sig, &seconds);
    ok(code == 1 && seconds <= STOP_SIGNALS_BOUND_S,
       "%s: %s ends the run in %.2f s (target 2 s), exit 1 (got %d)", what,
       sig == SIGINT ? "SIGINT" : "SIGTERM", seconds, code);
    char why[1024];
    result *r = e2e_result(tmp_path(json), why, sizeof why);
    if (!ok(r != NULL, "...and writes the result file")) diag("%s", why);
    ok(r && r->interrupted && !r->converged && r->trials == 0,
       "...marked interrupted, with no trial counted (%llu)", r ? (unsigned long long)r->trials : 0ull);
    result_free(r);
    stop_signals_text(errname, err, sizeof err);
    const char *named = NULL;
    char list[256];
    snprintf(list, sizeof list, "%s", phases);
    for (char *save = NULL, *p = strtok_r(list, "|", &save); p && !named; p = strtok_r(NULL, "|", &save)) {
        char said[300];
        snprintf(said, sizeof said, "interrupted while %s", p);
        if (strstr(err, said)) named = p;
    }
    if (!ok(named && strstr(err, "to start again: freqsys run "),
            "...and says it was %s and how to start again", named ? named : phases))
        diag("stderr: %s", err);
}

int main(void) {
    plan(12);
    /* Newton at -e 1e-7 with a budget of a billion: the pilot compares the sampling
     * methods on a share of that budget, minutes of work; its workers are the first
     * to compute for long (the calibration's trials take microseconds). */
    check_stop("the sampling pilot", "run examples/newton/newton.fspec -e 0.0000001 -n 1000000000", "pilot",
               0.3, SIGINT, "choosing the sampling method");
    /* A million combinations of about 20 us each; with the spec's timeout there is no
     * calibration, so the first child to compute is the enumerating one. */
    check_stop("enumeration", "run tests/e2e/programs/stop_enumerate.fspec", "enumerate", 0.2, SIGINT,
               "enumerating the inputs");
    /* Without a timeout in the spec one is calibrated, by a child that times trials
     * 0 to 99 for at most 2 s of wall-clock time; trial 36 never ends, and the others
     * take microseconds. A machine too busy to give that child 30 ms of CPU time in
     * 2 s lets the handshake find a pilot's worker in such a trial instead (killed at
     * the calibrated timeout), a stop as good. */
    check_stop("the timeout's calibration", "run tests/e2e/programs/hangs.fspec", "calibrate", 0.03, SIGTERM,
               "calibrating the timeout|choosing the sampling method");
    return done();
}
