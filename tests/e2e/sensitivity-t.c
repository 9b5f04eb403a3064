/* tests/e2e/sensitivity-t.c: run --sensitivity against closed-form derivatives, its determinism, and its
 * refusals. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* Runs freqsys on SPEC with EXTRA options into NAME.json (kept); the result, or NULL. */
static result *run(const char *spec, const char *extra, const char *name, int want_code) {
    char err[4096];
    int code = e2e_runf(err, sizeof err, "run tests/e2e/programs/%s %s -q -o \"$TMPDIR/%s.json\"", spec,
                        extra, name);
    char path[64];
    snprintf(path, sizeof path, "%s.json", name);
    if (!is_int(code, want_code, "%s %s: exit status %d", spec, extra, want_code)) diag("%s", err);
    if (want_code != 0) return NULL;
    result *r = e2e_result(tmp_path(path), err, sizeof err);
    if (!r) diag("%s", err);
    return r;
}

/* The sensitivity of block B of R for INPUT.PARAMETER, or NULL. */
static const result_sensitivity *find(const result *r, const result_block *b, const char *input,
                                      const char *param) {
    for (size_t i = 0; b && i < r->nsensitivities; i++) {
        const result_sensitivity *s = &r->sensitivities[i];
        if (&r->blocks[s->block] == b && !strcmp(s->input, input) && !strcmp(s->parameter, param)) return s;
    }
    return NULL;
}

/* TRUTH lies in the interval of S; says which and by how much otherwise. */
static void covers(const result_sensitivity *s, double truth, const char *what) {
    ok(s && fabs(s->derivative - truth) <= s->half_width, "%s: %.6g ± %.3g holds the truth %.6g", what,
       s ? s->derivative : NAN, s ? s->half_width : NAN, truth);
}

/* The trials the estimates rest on. */
static double valid(const result *r) {
    return (double)(r->trials - r->crashes - r->timeouts - r->input_errors);
}

int main(void) {
    plan(32);
    /* at 0.999 per interval, the eleven intervals below all hold with probability
     * >= 0.989 for a seed chosen blindly; the seed is fixed, so the run is too */
    const double z = 3.2905267314918945; /* Phi^-1(1 - 0.001 / 2) */
    result *r = run("sensitivity.fspec", "--sensitivity -g 0.999 -n 2000000 -j 2", "main", 0);
    if (!ok(r && r->has_sensitivities, "a result with sensitivities")) bail("no result");
    const result_block *loop = e2e_block_at(r, "main", 11, "for.body");
    const result_block *branch = e2e_block_at(r, "main", 13, "if.then");
    const result_block *ret = e2e_block_at(r, "main", 18, "return");
    if (!loop || !branch || !ret) bail("blocks not found");

    /* a loop run n ~ poisson(l) times: d E / d l = 1; the score is n / l - 1, and
     * Var((n - l)(n / l - 1)) = (3 l^2 + l) / l^2 - 1 = 2.25 at l = 4 */
    const result_sensitivity *dl = find(r, loop, "n", "l");
    covers(dl, 1, "loop body, d/dl = 1");
    double want = z * 1.5 / sqrt(valid(r));
    ok(dl && dl->half_width > 0.8 * want && dl->half_width < 1.25 * want,
       "its half-width %.4g is z sd / sqrt(n) = %.4g (the delta method's)", dl ? dl->half_width : NAN, want);
    covers(find(r, loop, "x", "mu"), 0, "loop body, d/dmu = 0");
    covers(find(r, loop, "x", "sigma"), 0, "loop body, d/dsigma = 0");

    /* the branch x < 1 with x ~ normal(0.5, 2): P = Phi(z0), z0 = 0.25 */
    double z0 = 0.25, phi = exp(-z0 * z0 / 2) / sqrt(2 * M_PI);
    covers(find(r, branch, "x", "mu"), -phi / 2, "branch, d/dmu = -phi(z) / sigma");
    covers(find(r, branch, "x", "sigma"), -phi * z0 / 2, "branch, d/dsigma = -phi(z) z / sigma");
    covers(find(r, branch, "n", "l"), 0, "branch, d/dl = 0");
    const result_sensitivity *bm = find(r, branch, "x", "mu");
    ok(bm && bm->half_width < 0.1 * phi / 2, "the branch's interval is narrow: %.3g",
       bm ? bm->half_width : NAN);

    /* a block run once in every trial moves with nothing */
    const result_sensitivity *rl = find(r, ret, "n", "l"), *rm = find(r, ret, "x", "mu");
    ok(rl && rm && fabs(rl->derivative) < 1e-6 && fabs(rm->derivative) < 1e-6,
       "the return block: derivatives %.3g and %.3g are 0", rl ? rl->derivative : NAN,
       rm ? rm->derivative : NAN);

    /* uniform_int's bounds have no score: listed as skipped, never estimated */
    int skipped = 0;
    for (size_t i = 0; i < r->nsensitivity_skipped; i++)
        skipped += !strcmp(r->sensitivity_skipped[i].input, "k");
    ok(skipped == 2 && !find(r, loop, "k", "a"), "k's bounds a and b are listed without a sensitivity");
    is_int((long long)r->nsensitivities, (long long)r->nblocks * 3,
           "three scored parameters for every block");

    /* the same seed with -j 1: the same file, sensitivities included */
    result *one = run("sensitivity.fspec", "--sensitivity -g 0.999 -n 2000000 -j 1", "one", 0);
    ok(one && e2e_same_json(tmp_path("main.json"), tmp_path("one.json")),
       "-j 1 and -j 2 give the same result");
    result_free(one);

    /* without the flag, sampled plainly as the flag requires (the default might pick a
     * replicate method): the same trials and means, and no sensitivities */
    result *plain = run("sensitivity.fspec", "--sampling plain -g 0.999 -n 2000000 -j 2", "plain", 0);
    int same = plain && plain->nblocks == r->nblocks && plain->trials == r->trials;
    for (size_t i = 0; same && i < r->nblocks; i++)
        same = plain->blocks[i].mean == r->blocks[i].mean &&
               plain->blocks[i].half_width == r->blocks[i].half_width;
    ok(same, "without --sensitivity: the same trials and means");
    ok(plain && !plain->has_sensitivities, "and no sensitivities in the JSON");
    result_free(plain);
    result_free(r);

    /* heads before the first tail, coin ~ bernoulli(p): E = p / (1 - p), d/dp = 1 / (1 - p)^2 */
    result *coins = run("sensitivity_coins.fspec", "--sensitivity -g 0.999 -n 2000000", "coins", 0);
    const result_block *heads = coins ? e2e_block_at(coins, "main", 9, "while.body") : NULL;
    ok(heads != NULL, "heads: the loop body");
    covers(coins ? find(coins, heads, "coin", "p") : NULL, 1 / (0.7 * 0.7), "heads, d/dp = 1 / (1 - p)^2");
    result_free(coins);

    /* function mode, four calls a trial, the first not counted: per counted call the
     * loop runs n ~ poisson(l) times, d/dl = 1; the entry runs once a call */
    result *calls = run("sensitivity_calls.fspec", "--sensitivity -g 0.999", "calls", 0);
    const result_block *spin = calls ? e2e_block_at(calls, "spin", 7, "for.body") : NULL;
    const result_block *entry = calls ? e2e_block(calls, "spin", "entry") : NULL;
    covers(spin ? find(calls, spin, "arg n", "l") : NULL, 1, "per call, d/dl = 1");
    const result_sensitivity *ce = entry ? find(calls, entry, "arg n", "l") : NULL;
    ok(ce && ce->derivative == 0 && ce->half_width == 0, "the entry, once a call: exactly 0");
    result_free(calls);

    /* the text report names the driver */
    char err[4096];
    int code = e2e_runf(err, sizeof err,
                        "run tests/e2e/programs/sensitivity.fspec --sensitivity -q -o \"$TMPDIR/t.txt\"");
    is_int(code, 0, "text report: exit status 0");
    char *text = e2e_json_without_timing(tmp_path("t.txt"));
    ok(text && strstr(text, "sensitivities (score function)") && strstr(text, "n.l = 4") &&
           strstr(text, "asymptotic"),
       "the text report has the sensitivities, said to be asymptotic");
    free(text);

    /* only parameters without a score: sampled, not enumerated, nothing estimated */
    result *none = run("enumerate.fspec", "--sensitivity", "none", 0);
    ok(none && none->has_sensitivities && none->nsensitivities == 0 && none->nsensitivity_skipped == 2 &&
           none->sampling && !strcmp(none->sampling, "plain"),
       "uniform_int alone: sampled plainly, its bounds listed, no sensitivity");
    result_free(none);

    /* a checkpoint keeps no score sums: an interrupted run says it cannot be continued */
    code = e2e_runf(err, sizeof err,
                    "run tests/e2e/programs/sensitivity.fspec --sensitivity --stop-after 100 "
                    "-o \"$TMPDIR/stopped.json\"");
    ok(code == 1 && strstr(err, "--sensitivity cannot be continued") && !strstr(err, "--resume"),
       "stopped early: exit 1, no checkpoint offered");

    /* refusals: the scores weight independent plain draws */
    run("sensitivity.fspec", "--sensitivity --sampling qmc", "qmc", 2);
    run("sensitivity.fspec", "--sensitivity --sampling enumerate", "enum", 2);
    run("sensitivity.fspec", "--sensitivity --method paper", "paper", 2);
    return done();
}
