/* tests/e2e/enumerate-t.c: exact enumeration of finite inputs against closed forms, and its refusals. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* Runs freqsys on SPEC with EXTRA options into NAME.json; the result, or NULL. */
static result *run(const char *spec, const char *extra, const char *name, int want_code) {
    char err[4096];
    int code = e2e_runf(err, sizeof err, "run tests/e2e/programs/%s %s -q -o \"$TMPDIR/%s.json\"", spec,
                        extra, name);
    char path[64];
    snprintf(path, sizeof path, "%s.json", name);
    if (!is_int(code, want_code, "%s %s: exit status %d", spec, extra, want_code)) diag("%s", err);
    result *r = e2e_result(tmp_path(path), err, sizeof err);
    if (!r) diag("%s", err);
    unlink(tmp_path(path));
    return r;
}

static int all_exact(const result *r) {
    for (size_t i = 0; i < r->nblocks; i++)
        if (strcmp(r->blocks[i].status, "exact") != 0 || r->blocks[i].half_width != 0) return 0;
    return r->nblocks > 0;
}

static double binomial_upper(int n, double p, int above) {
    double s = 0;
    for (int k = above + 1; k <= n; k++) {
        double c = 1;
        for (int j = 0; j < k; j++) c = c * (n - j) / (j + 1);
        s += c * pow(p, k) * pow(1 - p, n - k);
    }
    return s;
}

int main(void) {
    plan(39);

    /* x ~ uniform_int(0, 99): 100 runs, the loop body runs E[x] = 49.5 times, the
     * branch for x % 7 == 3 (x = 3, 10, ..., 94: 14 values) 0.14 times */
    result *r = run("enumerate.fspec", "", "uniform", 0);
    if (!ok(r != NULL, "uniform_int(0, 99): a result")) bail("no result");
    ok(r->sampling && !strcmp(r->sampling, "enumerated") && r->trials == 100 && r->runs == 100 &&
           r->draws_per_run == 1,
       "enumerated in exactly 100 runs of one draw (%s, %llu)", r->sampling ? r->sampling : "?",
       (unsigned long long)r->trials);
    ok(all_exact(r) && r->converged, "every block exact, half-width 0");
    const result_block *body = e2e_block_at(r, "main", 10, "for.body");
    ok(body && fabs(body->mean - 49.5) <= 1e-12 && body->min == 0 && body->max == 99 && body->hits == 99,
       "loop body: %.15g = E[x] = 49.5, counts 0..99, run in 99 of 100", body ? body->mean : NAN);
    const result_block *branch = e2e_block_at(r, "main", 12, "if.then");
    ok(branch && fabs(branch->mean - 0.14) <= 1e-12 && fabs(branch->p_upper - 0.14) <= 1e-12,
       "branch: %.15g = 14/100, P(reached) exact", branch ? branch->mean : NAN);
    result_free(r);

    /* the same with -j 1 and -j 3: the same numbers */
    result *a = run("enumerate.fspec", "-j 1", "j1", 0), *b = run("enumerate.fspec", "-j 3", "j3", 0);
    int same = a && b && a->nblocks == b->nblocks;
    for (size_t i = 0; same && i < a->nblocks; i++)
        same = a->blocks[i].mean == b->blocks[i].mean && a->blocks[i].stddev == b->blocks[i].stddev;
    ok(same, "the same means, bit for bit, with -j 1 and -j 3");
    result_free(a);
    result_free(b);

    /* weights: n ~ binomial(10, 0.3), flag ~ bernoulli(0.2) in function mode */
    r = run("enumerate_weighted.fspec", "", "weighted", 0);
    if (!ok(r != NULL, "binomial x bernoulli arguments: a result")) bail("no result");
    ok(r->sampling && !strcmp(r->sampling, "enumerated") && r->trials == 22 && r->draws_per_run == 2 &&
           all_exact(r),
       "11 x 2 = 22 combinations, two draws each, all exact");
    body = e2e_block_at(r, "weighted", 6, "for.body");
    ok(body && fabs(body->mean - 3.0) <= 1e-12, "loop body: %.15g = E[n] = 3", body ? body->mean : NAN);
    branch = e2e_block_at(r, "weighted", 8, "if.then");
    ok(branch && fabs(branch->mean - 0.2) <= 1e-12, "flag branch: %.15g = 0.2", branch ? branch->mean : NAN);
    const result_block *big = e2e_block_at(r, "weighted", 10, "if.then");
    double truth = binomial_upper(10, 0.3, 5);
    ok(big && fabs(big->mean - truth) <= 1e-12, "n > 5: %.15g = P(binomial(10, 0.3) > 5) = %.15g",
       big ? big->mean : NAN, truth);
    result_free(r);

    /* refusals: each falls back to sampling, which still converges, and says why */
    r = run("enumerate_varying.fspec", "--sampling enumerate", "varying", 0);
    ok(r && r->sampling && !strcmp(r->sampling, "plain") && r->sampling_note &&
           strstr(r->sampling_note, "draw differently"),
       "draws that depend on the values: sampled, and why (%s)",
       r && r->sampling_note ? r->sampling_note : "?");
    /* n uniform on 0..3, each read a bernoulli(0.5): the inner branch 0.75 times a run */
    const result_block *inner = r ? e2e_block_at(r, "main", 11, "if.then") : NULL;
    ok(inner && r->converged && strcmp(inner->status, "converged") == 0 &&
           fabs(inner->mean - 0.75) <= inner->half_width,
       "...and the sampled estimate %.4f ± %.4f holds 0.75", inner ? inner->mean : NAN,
       inner ? inner->half_width : NAN);
    result_free(r);

    r = run("enumerate_rand.fspec", "--sampling enumerate", "rand", 0);
    ok(r && !strcmp(r->sampling, "plain") && r->sampling_note && strstr(r->sampling_note, "rand()"),
       "a program calling rand(): not enumerated (%s)", r && r->sampling_note ? r->sampling_note : "?");
    result_free(r);

    r = run("enumerate_crash.fspec", "--sampling enumerate", "crash", 0);
    ok(r && !strcmp(r->sampling, "plain") && r->sampling_note &&
           strstr(r->sampling_note, "combination 7 crashed"),
       "a value that faults: not enumerated, the combination named (%s)",
       r && r->sampling_note ? r->sampling_note : "?");
    ok(r && r->crashes > 0, "...and the sampled run counts the crashes");

    /* A combination that computes forever is stopped by its CPU time (the spec's
     * timeout), so how busy the machine is does not decide whether it enumerates. */
    result *h =
        run("enumerate_hang.fspec", "--sampling enumerate -n 200", "hang", 1); /* the loop has no bound */
    ok(h && !strcmp(h->sampling, "plain") && h->sampling_note &&
           strstr(h->sampling_note, "combination 7 ran longer"),
       "a value that never ends: not enumerated, the combination named (%s)",
       h && h->sampling_note ? h->sampling_note : "?");
    ok(h && h->timeouts > 0, "...and the sampled run counts the timeouts");
    result_free(h);
    result_free(r);

    /* auto: a spec with a continuous input is sampled without a word */
    r = run("../../../examples/newton/newton.fspec", "", "newton", 0);
    ok(r && r->sampling && !strcmp(r->sampling, "plain") && !r->sampling_note,
       "a continuous input: plain sampling, no note");
    result_free(r);

    /* the limit: 100 combinations over a limit of 50 */
    r = run("enumerate.fspec", "--enumerate-limit 50", "limit", 0);
    /* sampled: plainly or by the replicates auto chooses, and nothing said of enumerating */
    ok(r && strcmp(r->sampling, "enumerated") != 0 &&
           (!r->sampling_note || !strstr(r->sampling_note, "enumerat")),
       "over --enumerate-limit: sampled (%s)", r ? r->sampling : "?");
    result_free(r);
    r = run("enumerate.fspec", "--sampling enumerate --enumerate-limit 50", "limit2", 0);
    ok(r && r->sampling_note && strstr(r->sampling_note, "more than the limit 50"),
       "...and asked for by name, it says why (%s)", r && r->sampling_note ? r->sampling_note : "?");
    result_free(r);
    r = run("enumerate.fspec", "--sampling plain", "plain", 0);
    ok(r && !strcmp(r->sampling, "plain") && r->trials != 100, "--sampling plain samples a finite spec");
    result_free(r);

    /* function mode over a corpus: `arg data ~ file(...)` with `arg len ~ length(data)`,
     * a zeroed struct and a buffer, which draw nothing: a run per file, as for
     * `stdin ~ files(...)`, each block within the sampled interval of a plain run */
    r = run("arg_forms_file.fspec", "", "files", 0);
    result *sampled = run("arg_forms_file.fspec", "--sampling plain", "files_plain", 0);
    int within = r && sampled && r->nblocks == sampled->nblocks;
    for (size_t i = 0; within && i < r->nblocks; i++)
        within = fabs(r->blocks[i].mean - sampled->blocks[i].mean) <= sampled->blocks[i].half_width + 1e-12;
    ok(r && !strcmp(r->sampling, "enumerated") && r->trials == 3 && all_exact(r),
       "a function's file() argument over 3 files: enumerated, 3 runs, exact (%s, %llu)",
       r ? r->sampling : "?", r ? (unsigned long long)r->trials : 0ULL);
    ok(within, "...and every block within a plain run's interval at 99.9%%");
    result_free(r);
    result_free(sampled);

    char err[1024];
    is_int(e2e_run("run tests/e2e/programs/enumerate.fspec --sampling sometimes", err, sizeof err), 2,
           "--sampling with an unknown method is a usage error");
    return done();
}
