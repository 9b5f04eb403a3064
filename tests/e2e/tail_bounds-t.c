/* tests/e2e/tail_bounds-t.c: loops bounded by reads of unbounded distributions settle, with valid tails. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

static double poisson_p(int x, double l) {
    return exp(x * log(l) - l - lgamma(x + 1.0));
}

/* E[(f(n) - L)^+] for n ~ poisson(3), f(n) = n^POWER: the tail's true excess, summed. */
static double poisson_excess(int power, double level) {
    double sum = 0;
    for (int x = 0; x < 400; x++) {
        double c = power == 1 ? x : (double)x * x;
        if (c > level) sum += (c - level) * poisson_p(x, 3.0);
    }
    return sum;
}

/* E[(S - L)^+] for S the sum of m ~ uniform_int(0, 9) draws of geometric(0.05):
 * given m >= 1, S is negative binomial, P(S = s) = C(s-1, m-1) p^m q^(s-m). */
static double geometric_sum_excess(double level) {
    double p = 0.05, sum = 0;
    for (int m = 1; m <= 9; m++)
        for (int s = m; s < 40000; s++) {
            if (s <= level) continue;
            double logp = lgamma(s) - lgamma(m) - lgamma(s - m + 1.0) + m * log(p) + (s - m) * log1p(-p);
            sum += (s - level) * exp(logp) / 10;
        }
    return sum;
}

/* E[(S - L)^+] for S the sum of n ~ poisson(3) draws of geometric(0.05): given n >= 1,
 * S is negative binomial, as above; past L + 20000 the terms are below 1e-40. */
static double compound_excess(double level) {
    double p = 0.05, sum = 0;
    for (int n = 1; n <= 60; n++)
        for (int s = n > (int)level ? n : (int)level + 1; s <= (int)level + 20000; s++) {
            double logp = lgamma(s) - lgamma(n) - lgamma(s - n + 1.0) + n * log(p) + (s - n) * log1p(-p);
            sum += (s - level) * exp(logp) * poisson_p(n, 3.0);
        }
    return sum;
}

/* P(F >= k) for F = floor(exp(1.5 Z)), Z standard normal, k >= 1. */
static double heavy_at_least(double k) {
    return 0.5 * erfc(log(k) / 1.5 / sqrt(2.0));
}

/* E[F] = sum over k >= 1 of P(F >= k); past 5 10^6 the terms are below 1e-26. */
static double heavy_mean(void) {
    double sum = 0;
    for (double k = 5e6; k >= 1; k--) sum += heavy_at_least(k);
    return sum;
}

/* E[(F - L)^+] = sum over k > L of P(F >= k), for an integer L. */
static double heavy_excess(double level) {
    double sum = 0;
    for (double k = 5e6; k > level; k--) sum += heavy_at_least(k);
    return sum;
}

/* The most tail a block of exact mean TRUTH may take under `epsilon REL% + FLOOR`: 5%
 * (TAIL_EPSILON_SHARE) of the rule's epsilon at that mean, allowing a quarter more for
 * the pilot's estimate of the mean, which is taken three standard errors down. */
static double tail_allowed(double rel, double floor, double truth) {
    return 0.05 * (rel * truth * 1.25 + floor) / (1 + rel);
}

/* A block's mean, its exact value, and the excess its count can have past its level. */
typedef struct held {
    int line;
    const char *prefix;
    double truth;
    int kind;
} held;

/* `freqsys run tests/e2e/programs/SPEC ARGS -q -j 2` into the test's result file,
 * read back (NULL when there is none); *CODE gets the exit status, ERR the output. */
static result *run_tails(const char *spec, const char *args, int *code, char *err, size_t errlen) {
    char why[4096];
    unlink(tmp_path("tails.json"));
    *code =
        e2e_runf(err, errlen, "run tests/e2e/programs/%s %s -q -j 2 -o \"$TMPDIR/tails.json\"", spec, args);
    result *r = e2e_result(tmp_path("tails.json"), why, sizeof why);
    if (!r) diag("%s", why);
    return r;
}

/* The level tail_bounds.c must give a block run at most PER_DRAW times per value of
 * a draw of geometric(P) (its trips), the draw made at most DRAWS times per run,
 * computed here on its own: the site's ranges [1, h_s], h_0 its 0.9 quantile and
 * h_s = ceil(h_0 1.25^s) (at least h_{s-1} + 1); a run leaves level s with chance at
 * most DRAWS P(X > h_s), where the block runs at most B_s = DRAWS PER_DRAW h_s; the
 * levels end once that chance times 2^64 (a counter's limit) is below 1e-9; and the
 * block takes the least B_s whose excess, the sum over later levels of the chance of
 * leaving times how far the next bound lies past B_s, with the last level's chance
 * times 2^64, is at most 1e-6. LEVEL and MASS get that B_s and its excess. */
static void geometric_level(double p, double draws, double per_draw, double *level, double *mass) {
    double h[128], leave[128];
    int n = 0;
    double h0 = 1;
    while (1 - pow(1 - p, h0) < 0.9) h0++;
    double scale = 1;
    for (int k = 0; k < 128; k++, scale *= 1.25) {
        double at = ceil(h0 * scale);
        if (k > 0 && at <= h[k - 1]) at = h[k - 1] + 1;
        h[k] = at;
        leave[k] = fmin(1.0, draws * pow(1 - p, at) * (1 + 1e-6));
        n = k + 1;
        if (leave[k] * 0x1p64 <= 1e-9) break;
    }
    *level = *mass = NAN;
    for (int from = 0; from < n; from++) {
        double at = draws * per_draw * h[from], sum = 0;
        int k = from;
        for (; k + 1 < n; k++) sum += leave[k] * (draws * per_draw * h[k + 1] - at);
        double excess = (sum + leave[k] * 0x1p64) * (1 + 1e-9);
        if (excess <= 1e-6) {
            *level = at;
            *mass = excess;
            return;
        }
    }
}

static void settles(void) {
    static const held want[] = {
        {9, "for.body", 3, 1},   /* n times, n ~ poisson(3) */
        {10, "for.body", 12, 2}, /* n^2 times: Var + mean^2 */
        {14, "for.body", 90, 3}, /* m draws of k ~ geometric(0.05): 4.5 x 20 */
    };
    char err[4096];
    int code;
    result *r = run_tails("tails.fspec", "-s 3", &code, err, sizeof err);
    if (!is_int(code, 0, "loops of poisson and geometric trips settle with no cap")) diag("%s", err);
    if (!ok(r != NULL, "the result reads back")) bail("%s", err);
    size_t open = 0;
    for (size_t i = 0; i < r->nblocks; i++) open += !strcmp(r->blocks[i].status, "not_converged");
    is_int((int)open, 0, "no block is left open");
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const result_block *b = e2e_block_at(r, "main", want[i].line, want[i].prefix);
        if (!ok(b != NULL, "line %d %s is in the result", want[i].line, want[i].prefix)) continue;
        double excess = want[i].kind == 1   ? poisson_excess(1, b->max_runs)
                        : want[i].kind == 2 ? poisson_excess(2, b->max_runs)
                                            : geometric_sum_excess(b->max_runs);
        ok(b->tail_mass > 0 && b->tail_mass <= tail_allowed(0.02, 0.001, want[i].truth),
           "line %d: a tail of %.3g beyond %g per run, within what epsilon allows", want[i].line,
           b->tail_mass, b->max_runs);
        ok(excess <= b->tail_mass, "line %d: the true excess past %g, %.3g, is within the tail's %.3g",
           want[i].line, b->max_runs, excess, b->tail_mass);
        ok(fabs(b->mean - want[i].truth) <= b->half_width, "line %d: %.4f within %.4f of the exact %g",
           want[i].line, b->mean, b->half_width, want[i].truth);
    }
    const result_block *body = e2e_block_at(r, "main", 14, "for.body");
    double level, mass;
    geometric_level(0.05, 9, 1, &level, &mass);
    ok(body && body->max_runs == level && fabs(body->tail_mass - mass) <= 1e-9 * mass,
       "line 14: the level %g with a tail of %.6g, as computed here for 9 draws a run (got %g, %.6g)", level,
       mass, body ? body->max_runs : -1.0, body ? body->tail_mass : -1.0);
    const result_block *once = e2e_block_at(r, "main", 11, "for.cond");
    ok(once && once->tail_mass == 0 && once->max_runs == 10, "a loop the code bounds alone carries no tail");
    result_free(r);
    unlink(tmp_path("tails.json"));
}

/* A read made an unproven number of times per run holds nothing: its loop stays open. */
static void unheld(void) {
    char err[4096];
    int code;
    result *r = run_tails("tails_unheld.fspec", "-s 1", &code, err, sizeof err);
    ok(code != 0, "a loop of reads with no bound on their number does not settle (exit %d)", code);
    const result_block *b = r ? e2e_block_at(r, "main", 10, "for.body") : NULL;
    ok(b && !strcmp(b->status, "not_converged") && b->tail_mass == 0 && isnan(b->max_runs),
       "its inner loop: not_converged, no level, no tail");
    result_free(r);
    unlink(tmp_path("tails.json"));
}

/* A read drawn in a loop of another read's trips: neither is bounded, and once the
 * outer read is held, the inner one is drawn a proven number of times per run. */
static void nested(void) {
    char err[4096];
    int code;
    result *r = run_tails("tails_nested.fspec", "-s 3", &code, err, sizeof err);
    if (!is_int(code, 0, "a loop of geometric trips inside a loop of poisson trips settles with no cap"))
        diag("%s", err);
    const result_block *outer = r ? e2e_block_at(r, "main", 10, "for.body") : NULL;
    const result_block *inner = r ? e2e_block_at(r, "main", 12, "for.body") : NULL;
    if (!ok(outer && inner, "both loops' bodies are in the result")) {
        result_free(r);
        return;
    }
    ok(inner->tail_mass > 0 && inner->tail_mass <= tail_allowed(0.02, 0.001, 60) && !isnan(inner->max_runs),
       "the inner body: a tail of %.3g beyond %g per run, within what epsilon allows", inner->tail_mass,
       inner->max_runs);
    double excess = compound_excess(inner->max_runs);
    ok(excess <= inner->tail_mass, "its true excess past %g, %.3g, is within the tail's %.3g",
       inner->max_runs, excess, inner->tail_mass);
    ok(fabs(inner->mean - 60) <= inner->half_width && fabs(outer->mean - 3) <= outer->half_width,
       "the bodies' %.4f and %.4f are within %.4f and %.4f of the exact 60 (3 x 20) and 3", inner->mean,
       outer->mean, inner->half_width, outer->half_width);
    result_free(r);
    unlink(tmp_path("tails.json"));
}

/* Standard input's line count drawn from poisson(3): the fgets loop runs once a line
 * (each fits the buffer), and the count is held as a read would be. */
static void stdin_count(void) {
    char err[4096];
    int code;
    result *r = run_tails("tails_stdin.fspec", "-s 2", &code, err, sizeof err);
    if (!is_int(code, 0, "a loop over a poisson(3) count of lines settles with no cap")) diag("%s", err);
    const result_block *body = r ? e2e_block_at(r, "main", 9, "while.body") : NULL;
    if (!ok(body != NULL, "the loop's body is in the result")) {
        result_free(r);
        return;
    }
    double excess = poisson_excess(1, body->max_runs);
    ok(body->tail_mass > 0 && body->tail_mass <= 1e-6 && excess <= body->tail_mass,
       "a tail of %.3g beyond %g per run, over the true excess %.3g", body->tail_mass, body->max_runs,
       excess);
    ok(fabs(body->mean - 3) <= body->half_width, "%.4f lines, within %.4f of the exact 3", body->mean,
       body->half_width);
    result_free(r);
    unlink(tmp_path("tails.json"));
}

/* A heavy tail at epsilon 0.5: the level is the lowest whose tail fits 5% of epsilon,
 * far below the one a tail of 1e-6 needs, and a trial past it is judged as the level. */
static void heavy(void) {
    char err[4096];
    int code;
    result *r = run_tails("tails_heavy.fspec", "-s 1", &code, err, sizeof err);
    if (!is_int(code, 0, "a loop of lognormal(0, 1.5) trips settles at epsilon 0.5 with no cap"))
        diag("%s", err);
    const result_block *body = r ? e2e_block_at(r, "main", 9, "for.body") : NULL;
    if (!ok(body != NULL, "the loop's body is in the result")) {
        result_free(r);
        return;
    }
    double excess = heavy_excess(body->max_runs), truth = heavy_mean();
    ok(body->tail_mass > 1e-6 && body->tail_mass <= 0.025 && excess <= body->tail_mass,
       "a level of %g, its tail %.3g within 5%% of epsilon and over the true excess %.3g", body->max_runs,
       body->tail_mass, excess);
    ok((double)body->max > body->max_runs, "seed 1 draws a trial past the level (%llu > %g)",
       (unsigned long long)body->max, body->max_runs);
    ok(!strcmp(body->status, "converged") && fabs(body->mean - truth) <= body->half_width,
       "%.4f, within %.4f of the exact %.5f", body->mean, body->half_width, truth);
    result_free(r);
    /* A relative epsilon with no floor: a pilot's estimate of the mean sets the share. */
    r = run_tails("tails_heavy.fspec", "-e 20% -s 1", &code, err, sizeof err);
    body = r ? e2e_block_at(r, "main", 9, "for.body") : NULL;
    excess = body ? heavy_excess(body->max_runs) : NAN;
    ok(code == 0 && body && body->tail_mass > 1e-6 && body->tail_mass <= tail_allowed(0.2, 0, truth) &&
           excess <= body->tail_mass && body->max_runs < 10000 &&
           fabs(body->mean - truth) <= body->half_width,
       "epsilon 20%% with no floor: a level of %g from the pilot's mean, its tail %.3g over the true %.3g; "
       "%.4f within %.4f of %.5f",
       body ? body->max_runs : NAN, body ? body->tail_mass : NAN, excess, body ? body->mean : NAN,
       body ? body->half_width : NAN, truth);
    result_free(r);
    unlink(tmp_path("tails.json"));
}

/* Draws whose 0.9 quantile is small (1 for geometric(0.9), 0.115 for exponential(20))
 * still get levels: the ranges grow past their start. */
static void small_quantiles(void) {
    char err[4096];
    int code;
    result *r = run_tails("tails_small.fspec", "-s 1", &code, err, sizeof err);
    if (!is_int(code, 0,
                "loops of geometric(0.9) trips and of 8000 exponential(20) samples settle with no cap"))
        diag("%s", err);
    const result_block *trips = r ? e2e_block_at(r, "main", 10, "for.body") : NULL;
    const result_block *samples = r ? e2e_block_at(r, "main", 13, "for.body") : NULL;
    if (!ok(trips && samples, "both loops' bodies are in the result")) {
        result_free(r);
        return;
    }
    /* E[(n - L)^+] = sum over k > L of P(n >= k) = 0.1^L / 0.9; E[floor(8000 s)] = sum
     * over k >= 1 of e^(-k / 400), and past L the same sum from L + 1 */
    double q = exp(-1.0 / 400), trips_excess = pow(0.1, trips->max_runs) / 0.9;
    double samples_mean = q / (1 - q), samples_excess = pow(q, samples->max_runs + 1) / (1 - q);
    ok(trips->tail_mass > 0 && trips_excess <= trips->tail_mass &&
           fabs(trips->mean - 1 / 0.9) <= trips->half_width,
       "geometric(0.9) trips: at most %g outside a tail of %.3g over the true %.3g; %.4f within %.4f of "
       "1/0.9",
       trips->max_runs, trips->tail_mass, trips_excess, trips->mean, trips->half_width);
    ok(samples->tail_mass > 0 && samples_excess <= samples->tail_mass &&
           fabs(samples->mean - samples_mean) <= samples->half_width,
       "8000 s samples: at most %g outside a tail of %.3g over the true %.3g; %.2f within %.2f of %.2f",
       samples->max_runs, samples->tail_mass, samples_excess, samples->mean, samples->half_width,
       samples_mean);
    result_free(r);
    unlink(tmp_path("tails.json"));
}

static void check_says_so(void) {
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' check tests/e2e/programs/tails.fspec 2>&1", FREQSYS_SOURCE_DIR,
             FREQSYS_TOOL);
    FILE *p = popen(cmd, "r");
    char line[512];
    int said = 0;
    while (p && fgets(line, sizeof line, p))
        if (strstr(line, "proven bounds: 22 of 22 blocks") && strstr(line, "outside a far tail")) said = 1;
    if (p) pclose(p);
    ok(said, "check counts the blocks bounded outside a far tail");
}

int main(void) {
    plan(3 + 3 * 4 + 1 + 1 + 2 + 5 + 4 + 6 + 4 + 1);
    settles();
    unheld();
    nested();
    stdin_count();
    heavy();
    small_quantiles();
    check_says_so();
    return done();
}
