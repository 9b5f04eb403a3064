/* tests/e2e/resume-t.c: an interrupted run, resumed, ends with exactly the JSON of an uninterrupted one. */
/* SPDX-License-Identifier: MIT */
#include <signal.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

int main(void) {
    plan(11);
    char err[8192];
    const char *spec = "examples/newton/newton_function.fspec";

    is_int(e2e_runf(err, sizeof err, "run %s -q -j 2 -e 0.002 --sampling plain -o '%s'", spec,
                    tmp_path("full.json")),
           0, "an uninterrupted run converges");
    is_int(e2e_runf(err, sizeof err,
                    "run %s -q -j 2 -e 0.002 --sampling plain --stop-after 40000 --checkpoint '%s' -o '%s'",
                    spec, tmp_path("part.ckpt"), tmp_path("part.json")),
           1, "--stop-after pauses the run (exit 1)");
    result *r = e2e_result(tmp_path("part.json"), err, sizeof err);
    ok(r && r->interrupted && !r->converged && r->trials >= 40000,
       "...writing the result so far, marked interrupted");
    result_free(r);
    ok(access(tmp_path("part.ckpt"), F_OK) == 0, "...and a checkpoint");
    is_int(e2e_runf(err, sizeof err, "run --resume '%s' -q -j 1 -o '%s'", tmp_path("part.ckpt"),
                    tmp_path("done.json")),
           0, "--resume continues it (with another number of workers)");
    ok(e2e_same_json(tmp_path("full.json"), tmp_path("done.json")),
       "the resumed run's JSON equals the uninterrupted one's, timing apart");

    /* Crashed trials' counts, outcomes and sites are in the checkpoint too */
    const char *crashes = "tests/e2e/programs/crashes_function.fspec";
    e2e_runf(err, sizeof err, "run %s -q -j 2 -n 3000 -o '%s'", crashes, tmp_path("cfull.json"));
    e2e_runf(err, sizeof err, "run %s -q -j 2 -n 3000 --stop-after 1000 --checkpoint '%s' -o '%s'", crashes,
             tmp_path("cpart.ckpt"), tmp_path("cpart.json"));
    e2e_runf(err, sizeof err, "run --resume '%s' -q -j 1 -o '%s'", tmp_path("cpart.ckpt"),
             tmp_path("cdone.json"));
    r = e2e_result(tmp_path("cdone.json"), err, sizeof err);
    ok(r && r->crashes > 0 && r->ncrash_sites == 3 &&
           e2e_same_json(tmp_path("cfull.json"), tmp_path("cdone.json")),
       "a run whose trials crash, resumed, ends exactly as the uninterrupted one (%llu crashes)",
       r ? (unsigned long long)r->crashes : 0ull);
    result_free(r);

    /* A real Ctrl-C, in the middle of the trials: sent once a worker has done some
     * work (a handshake, not a pause, so a busy machine cannot make it land during
     * the build). Its budget is out of reach, so only the signal ends it; the
     * resume sets one above the trials done. */
    char args[4096];
    snprintf(args, sizeof args, "run %s -q -j 2 -e 0.0001 -n 2000000000000 --sampling plain -o '%s'", spec,
             tmp_path("sig.json"));
    pid_t pid = e2e_start(args);
    if (pid > 0 && e2e_wait_worker(pid, 0.2) > 0) kill(pid, SIGINT);
    int status = 0;
    if (pid > 0) waitpid(pid, &status, 0);
    if (!ok(pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 1 &&
                access(tmp_path("sig.json.checkpoint"), F_OK) == 0,
            "Ctrl-C (SIGINT) mid-run: exit 1, the result so far and a checkpoint"))
        diag("status %d (exited %d, code %d, signal %d)", status, WIFEXITED(status), WEXITSTATUS(status),
             WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    r = e2e_result(tmp_path("sig.json"), err, sizeof err);
    ok(r && r->interrupted, "...and the result says it was interrupted");
    unsigned long long budget = (r ? (unsigned long long)r->trials : 0) + 1000000ULL;
    result_free(r);
    is_int(e2e_runf(err, sizeof err, "run --resume '%s' -q -j 2 -n %llu -o '%s'",
                    tmp_path("sig.json.checkpoint"), budget, tmp_path("sig2.json")),
           1, "the resumed run reaches a budget of its own (exit 1: not converged)");
    e2e_runf(err, sizeof err, "run %s -q -j 2 -e 0.0001 -n %llu --sampling plain -o '%s'", spec, budget,
             tmp_path("sigfull.json"));
    ok(e2e_same_json(tmp_path("sigfull.json"), tmp_path("sig2.json")),
       "...and ends exactly as the run that was never interrupted");
    return done();
}
