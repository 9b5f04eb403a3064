/* tests/e2e/plain_calls-t.c: function mode's short path gives, bit for bit, what the usual path gives. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "e2e.h"

/* Runs `run SPEC ARGS` by the short path where it applies and again with
 * FREQSYS_PLAIN_CALLS=off, into NAME-fast.json and NAME-usual.json; 1 when both end
 * with the same status (0 or 1) and the same JSON apart from timing. */
static int same_both_ways(const char *spec, const char *args, const char *name) {
    char err[8192], fast[1024], usual[1024], cmd[4096];
    snprintf(fast, sizeof fast, "%s-fast.json", tmp_path(name));
    snprintf(usual, sizeof usual, "%s-usual.json", tmp_path(name));
    snprintf(cmd, sizeof cmd, "run %s %s -q -o '%s'", spec, args, fast);
    int a = e2e_run(cmd, err, sizeof err);
    if (a != 0 && a != 1) diag("%s", err);
    snprintf(cmd, sizeof cmd, "run %s %s -q -o '%s'", spec, args, usual);
    int b = e2e_run_env("FREQSYS_PLAIN_CALLS=off", cmd, err, sizeof err);
    if (b != 0 && b != 1) diag("%s", err);
    return a == b && (a == 0 || a == 1) && e2e_same_json(fast, usual);
}

/* The share of trials that ended as NAME, and its interval at the run's confidence. */
static const result_outcome *outcome(const result *r, const char *name) {
    for (size_t i = 0; r && i < r->noutcomes; i++)
        if (!strcmp(r->outcomes[i].name, name)) return &r->outcomes[i];
    return NULL;
}

int main(void) {
    plan(13);
    char err[8192];
    /* newton_sqrt: a closed entry, one uniform argument, drawn ahead straight from
     * its streams' blocks; under every sampling and counting option that applies */
    const char *newton = "examples/newton/newton_function.fspec -s 7 -n 3000";
    ok(same_both_ways(newton, "--sampling plain", "newton-plain"),
       "newton_sqrt, plain sampling: the same JSON");
    ok(same_both_ways(newton, "", "newton-auto"), "...under the default sampling");
    ok(same_both_ways(newton, "--sampling plain -j 2", "newton-j2"), "...with two workers");
    ok(same_both_ways(newton, "--sampling plain --paths", "newton-paths"), "...with paths");

    /* one trial's draws, as --replay shows them, for trials at a batch's ends: a
     * draw from another trial's stream would show here even where the counts agree */
    int replays_same = 1;
    static const unsigned long long replayed[] = {0, 31, 32, 2999};
    for (int k = 0; k < 4; k++) {
        char fast_text[8192] = "", usual_text[8192] = "", replay[512];
        snprintf(replay, sizeof replay, "run examples/newton/newton_function.fspec -s 7 --replay %llu",
                 replayed[k]);
        e2e_run(replay, fast_text, sizeof fast_text);
        e2e_run_env("FREQSYS_PLAIN_CALLS=off", replay, usual_text, sizeof usual_text);
        if (!strstr(fast_text, "its draws: ask=") || strcmp(fast_text, usual_text) != 0) {
            replays_same = 0;
            diag("trial %llu: '%s' against '%s'", replayed[k], fast_text, usual_text);
        }
    }
    ok(replays_same, "...and --replay of trials 0, 31, 32 and 2999 shows the same draws");

    /* step crashes for some arguments (poisson, drawn through dist_sample): each
     * crash is its own trial's, with what it counted, on either path */
    ok(same_both_ways("tests/e2e/programs/crashes_function.fspec", "-n 4000 --sampling plain", "crashes"),
       "a function that crashes: the same JSON, crash sites and counts included");
    result *r = e2e_result(tmp_path("crashes-fast.json"), err, sizeof err);
    ok(r && r->ncrash_sites > 0 && r->crashes > 0, "...which has crashes to compare");
    char fast[8192] = "", usual[8192] = "", cmd[1024];
    if (r && r->ncrash_sites > 0) {
        snprintf(cmd, sizeof cmd, "run tests/e2e/programs/crashes_function.fspec --replay %llu",
                 (unsigned long long)r->crash_sites[0].first_trial);
        e2e_run(cmd, fast, sizeof fast);
        e2e_run_env("FREQSYS_PLAIN_CALLS=off", cmd, usual, sizeof usual);
    }
    ok(strstr(fast, "its draws: n=") && !strcmp(fast, usual),
       "--replay of a crashed trial says the same both ways");
    result_free(r);

    /* settle calls exit(n) through a helper for n = 7, 8, 9 of uniform_int(0, 9):
     * not a closed entry, so every trial keeps its setjmp and the exits are caught */
    ok(same_both_ways("tests/e2e/programs/plain_exit.fspec", "-n 20000 --sampling plain", "exit"),
       "a function that may exit: the same JSON");
    r = e2e_result(tmp_path("exit-fast.json"), err, sizeof err);
    static const char *const exits[] = {"exit 7", "exit 8", "exit 9"};
    for (int k = 0; k < 3; k++) {
        const result_outcome *o = outcome(r, exits[k]);
        ok(o && o->low <= 0.1 && 0.1 <= o->high, "%s: share %.4f, its interval [%.4f, %.4f] holds 1/10",
           exits[k], o ? o->share : -1, o ? o->low : -1, o ? o->high : -1);
    }
    const result_outcome *o = outcome(r, "returned");
    ok(o && o->low <= 0.7 && 0.7 <= o->high, "returned: share %.4f, its interval holds 7/10",
       o ? o->share : -1);
    result_free(r);
    return done();
}
