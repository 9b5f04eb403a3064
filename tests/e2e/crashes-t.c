/* tests/e2e/crashes-t.c: a trial that crashes counts what it ran before, in program mode, function mode and
 * call sequences. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* Each of the nine checks of a mean is a claim at 99% (the specs): all hold
 * together with probability at least 91% for a seed drawn at random; the seeds are
 * fixed. n ~ poisson(3) in tests/e2e/programs/crashes.c: n == 0 crashes in check(), n > 5
 * after its then-block, n == 4 in the loop's third iteration. */
static double pmf(int k) {
    double p = exp(-3.0);
    for (int i = 1; i <= k; i++) p *= 3.0 / i;
    return p;
}

static double truth_body(void) { /* E[loop body runs]: n for n = 1..5 but 4, 3 for n = 4 */
    double e = 3 * pmf(4);
    for (int n = 1; n <= 5; n++)
        if (n != 4) e += n * pmf(n);
    return e;
}

static double p_crash(void) {
    return pmf(0) + (1 - pmf(0) - pmf(1) - pmf(2) - pmf(3) - pmf(4) - pmf(5)) + pmf(4);
}

static void check_block(const result *r, const char *fn, const char *label, double truth, const char *what) {
    const result_block *b = e2e_block(r, fn, label);
    ok(b && fabs(b->mean - truth) <= b->half_width, "%s: %s %s %.4f within %.4f of %.4f", what, fn, label,
       b ? b->mean : NAN, b ? b->half_width : NAN, truth);
}

/* Runs SPEC into $TMPDIR/NAME with ARGS; the result, or NULL after a failed check. */
static result *run(const char *spec, const char *name, const char *args, int expect) {
    char err[8192];
    int code =
        e2e_runf(err, sizeof err, "run tests/e2e/programs/%s -q %s -o \"$TMPDIR/%s\"", spec, args, name);
    is_int(code, expect, "%s %s: exit %d", spec, args, expect);
    result *r = e2e_result(tmp_path(name), err, sizeof err);
    if (!r) diag("%s", err);
    return r;
}

int main(void) {
    plan(19);
    double s = 1 - p_crash(), per_call = (1 + s + s * s) / 3; /* calls 3: a crash ends the trial's calls */
    result *r = run("crashes.fspec", "crashes.json", "-j 2", 0);
    if (!r) bail("no result");
    check_block(r, "check", "if.then", pmf(0), "program, a crash inside a called function");
    check_block(r, "step", "if.then", 1 - pmf(0) - pmf(1) - pmf(2) - pmf(3) - pmf(4) - pmf(5),
                "program, a crash after the block");
    check_block(r, "step", "for.body", truth_body(), "program, a crash inside a loop");
    check_block(r, "step", "for.end", pmf(1) + pmf(2) + pmf(3) + pmf(5),
                "program, the block after the crashes");
    ok(r->noutcomes == 2 &&
           fabs(r->outcomes[1].share - p_crash()) <= 3 * sqrt(p_crash() * s / (double)r->trials),
       "the crashes' share %.4f is about %.4f", r->noutcomes > 1 ? r->outcomes[1].share : NAN, p_crash());
    /* the three places, each where its trials stopped */
    static const char *const sites[][2] = {{"check", "if.then"}, {"step", "if.then"}, {"step", "if.then4"}};
    int found = 0;
    uint64_t in_sites = 0;
    for (size_t i = 0; i < r->ncrash_sites; i++) {
        in_sites += r->crash_sites[i].trials;
        for (int k = 0; k < 3; k++)
            found += !strcmp(r->crash_sites[i].function, sites[k][0]) &&
                     !strcmp(r->crash_sites[i].block, sites[k][1]) && r->crash_sites[i].signal == 11 &&
                     r->crash_sites[i].first_trial < r->trials;
    }
    ok(r->ncrash_sites == 3 && found == 3 && in_sites == r->crashes,
       "the crash sites are the three blocks that crash, by SIGSEGV, their trials adding up to the crashes");
    /* the html page gives each failed trial the command that runs it again */
    char err[8192], want[256] = "(no failure)", page[1 << 16] = "";
    int code = e2e_runf(err, sizeof err,
                        "report \"$TMPDIR/crashes.json\" --format html -o \"$TMPDIR/crashes.html\"");
    FILE *f = fopen(tmp_path("crashes.html"), "r");
    size_t got = f ? fread(page, 1, sizeof page - 1, f) : 0;
    page[got] = '\0';
    if (f) fclose(f);
    if (r->nfailures)
        snprintf(want, sizeof want,
                 "crash (signal 11), trial %llu: <code>freqsys run %s --replay %llu</code>",
                 (unsigned long long)r->failures[0].trial, r->spec, (unsigned long long)r->failures[0].trial);
    ok(code == 0 && r->nfailures && strstr(page, want), "the html page shows '%s'", want);
    result_free(r);
    r = run("crashes_function.fspec", "crashes_function.json", "-j 2", 0);
    if (!r) bail("no result");
    check_block(r, "step", "for.body", truth_body(), "function mode, a crash inside a loop");
    check_block(r, "check", "if.then", pmf(0), "function mode, a crash inside a called function");
    result_free(r);
    r = run("crashes_calls.fspec", "crashes_calls.json", "-j 2", 0);
    if (!r) bail("no result");
    check_block(r, "check", "entry", per_call, "calls 3, the calls a crash cut short");
    check_block(r, "step", "for.body", truth_body() * per_call, "calls 3, a crash inside a loop");
    result_free(r);
    /* a program that crashes in every trial: ended, exit 1, the site named */
    r = run("always.fspec", "always.json", "-j 2", 1);
    if (!r) bail("no result");
    ok(r->all_failed && !r->converged && r->crashes == r->trials && r->ncrash_sites == 1 &&
           !strcmp(r->crash_sites[0].block, "if.end") && r->crash_sites[0].first_trial == 0 &&
           r->trials <= 300,
       "a program that always crashes ends after %llu trials, naming main if.end",
       (unsigned long long)r->trials);
    result_free(r);
    /* the same seed, the same JSON, for any number of workers */
    r = run("crashes_function.fspec", "j1.json", "-j 1 -n 3000", 1);
    result_free(r);
    r = run("crashes_function.fspec", "j2.json", "-j 2 -n 3000", 1);
    result_free(r);
    ok(e2e_same_json(tmp_path("j1.json"), tmp_path("j2.json")),
       "-j 1 and -j 2 give the same result, crashes' counts included");
    return done();
}
