/* tests/e2e/quantiles-t.c: `run --quantiles` and `quantiles` on a loop whose trip count's law is known. */
/* SPDX-License-Identifier: MIT */
#include "e2e.h"

#define SPEC "tests/e2e/programs/quantiles.fspec"

/* The true p-quantile of block LABEL's count per call: the loop runs n ~
 * uniform_int(0, 9) times, so P(count <= x) = (x + 1) / 10 for the body, its
 * increment, and (shifted by one) the condition; entry and exit run once. */
static double truth(const char *label, double p) {
    double body = ceil(10 * p - 1e-9) - 1; /* min{x : (x + 1) / 10 >= p} */
    if (!strcmp(label, "for.body") || !strcmp(label, "for.inc")) return body;
    if (!strcmp(label, "for.cond")) return body + 1;
    return 1;
}

/* The quantile of block LABEL at LEVEL in R, or NULL. */
static const result_quantile *quantile(const result *r, const char *label, double level) {
    for (size_t i = 0; r && i < r->nquantiles; i++)
        if (!strcmp(r->blocks[r->quantiles[i].block].block, label) && r->quantiles[i].level == level)
            return &r->quantiles[i];
    return NULL;
}

/* Every quantile of R holds its truth, and each level asked has one per block. */
static int all_cover(const result *r) {
    int fine = r && r->nquantiles == r->nblocks * r->nquantile_levels;
    for (size_t i = 0; fine && i < r->nquantiles; i++) {
        const result_quantile *q = &r->quantiles[i];
        double t = truth(r->blocks[q->block].block, q->level);
        if ((double)q->low > t || q->high < t) {
            diag("%s at %g: [%llu, %g] misses %g", r->blocks[q->block].block, q->level,
                 (unsigned long long)q->low, q->high, t);
            fine = 0;
        }
    }
    return fine;
}

static int is_quantile(const result_quantile *q, uint64_t value, const char *status) {
    if (!q) return 0;
    int same = q->value == value && q->low == value && q->high == (double)value && !strcmp(q->status, status);
    if (!same)
        diag("got %llu [%llu, %g] %s, want %llu exactly, %s", (unsigned long long)q->value,
             (unsigned long long)q->low, q->high, q->status, (unsigned long long)value, status);
    return same;
}

int main(void) {
    plan(19);
    char err[4096];

    /* The spec's levels, 55% and 0.95: each lies inside a step of the law, so the
     * trials pin every quantile to one count. */
    int rc = e2e_runf(err, sizeof err, "run %s -q -j 2 -o '%s'", SPEC, tmp_path("q.json"));
    result *r = e2e_result(tmp_path("q.json"), err, sizeof err);
    ok(rc == 0 && r && r->converged && r->nquantile_levels == 2 && r->quantile_levels[0] == 0.55 &&
           r->quantile_levels[1] == 0.95,
       "the spec's `quantiles 55%%, 0.95`: exit 0, both levels in the result (exit %d)", rc);
    ok(is_quantile(quantile(r, "for.body", 0.55), 5, "converged") &&
           is_quantile(quantile(r, "for.body", 0.95), 9, "converged"),
       "the body of a loop run uniform_int(0, 9) times: 5 at 0.55, 9 at 0.95, each settled exactly");
    ok(is_quantile(quantile(r, "for.cond", 0.55), 6, "converged") &&
           is_quantile(quantile(r, "entry", 0.95), 1, "converged"),
       "...its condition one more, 6; the entry 1");
    ok(all_cover(r), "every interval holds its block's true quantile");
    char *text = r ? e2e_text(r) : NULL;
    ok(text && strstr(text, "p55") && strstr(text, "p95") && strstr(text, "5 [5, 5]"),
       "the text report has a column per level and each quantile with its interval");
    free(text);
    result_free(r);
    static char csv[65536];
    char args[2048];
    snprintf(args, sizeof args, "report '%s' --format csv", tmp_path("q.json"));
    e2e_stdout(args, csv, sizeof csv);
    ok(strstr(csv, ",p_upper,p55,p55_low,p55_high,p55_status,p95,") &&
           strstr(csv, ",5,5,5,converged,9,9,9,converged"),
       "the CSV has four columns a level, the body's row 5 and 9 exactly");
    static char html[1 << 20];
    snprintf(args, sizeof args, "report '%s' --format html", tmp_path("q.json"));
    e2e_stdout(args, html, sizeof html);
    ok(strstr(html, "<th>p55</th><th>p95</th>") &&
           strstr(html, "<code>trip:for.body</code></td><td class=\"num\">5 [5, 5]"),
       "the page has a quantiles table: a column per level, the body's 5 [5, 5]");

    /* --quantiles takes over the spec's levels. */
    rc = e2e_runf(err, sizeof err, "run %s -q -j 2 --quantiles 25%% -o '%s'", SPEC, tmp_path("q25.json"));
    r = e2e_result(tmp_path("q25.json"), err, sizeof err);
    ok(rc == 0 && r && r->nquantile_levels == 1 && is_quantile(quantile(r, "for.body", 0.25), 2, "converged"),
       "--quantiles 25%% takes over the spec's: the body's 0.25-quantile is 2");
    ok(all_cover(r), "...within its interval, as every block's");
    result_free(r);

    /* At 0.5 the law steps exactly: P(body <= 4) = 0.5, so no number of trials tells 4
     * from 5. The quantile holds the run though every mean settled, and its interval
     * still holds the truth, 4. */
    rc = e2e_runf(err, sizeof err, "run %s -q -j 2 --quantiles 0.5 -n 3000 -o '%s'", SPEC,
                  tmp_path("q50.json"));
    r = e2e_result(tmp_path("q50.json"), err, sizeof err);
    const result_quantile *q = quantile(r, "for.body", 0.5);
    ok(rc == 1 && r && !r->converged && r->trials == 3000 && q && !strcmp(q->status, "not_converged"),
       "a level on a step of the law (0.5): open at the budget, exit 1 (exit %d)", rc);
    ok(q && q->low == 4 && q->high == 5 && all_cover(r), "...with its interval [4, 5] around the truth 4");
    result_free(r);

    /* Paused and continued, the quantiles end as those of the run never paused. */
    e2e_runf(err, sizeof err, "run %s -q -j 2 --quantiles 0.25,0.95 -o '%s'", SPEC, tmp_path("qfull.json"));
    e2e_runf(err, sizeof err,
             "run %s -q -j 2 --quantiles 0.25,0.95 --stop-after 500 --checkpoint '%s' -o '%s'", SPEC,
             tmp_path("q.ckpt"), tmp_path("qpart.json"));
    rc = e2e_runf(err, sizeof err, "run --resume '%s' -q -j 2 --quantiles 0.25,0.95 -o '%s'",
                  tmp_path("q.ckpt"), tmp_path("qdone.json"));
    ok(rc == 0 && e2e_same_json(tmp_path("qfull.json"), tmp_path("qdone.json")),
       "paused at 500 trials and resumed: the quantiles of the run never paused (exit %d)", rc);

    /* Misuse, named. */
    is_int(e2e_run("run " SPEC " -q --quantiles 1.5", err, sizeof err), 2, "--quantiles 1.5: a usage error");
    ok(strstr(err, "between 0 and 1") != NULL, "...saying the levels are between 0 and 1");
    is_int(e2e_run("run " SPEC " -q --quantiles 0.5 --sampling qmc", err, sizeof err), 2,
           "--quantiles with a replicate method: refused");
    rc = e2e_run("run " SPEC " -q --sampling antithetic", err, sizeof err);
    ok(rc == 2 && strstr(err, "replicate method"), "...and the spec's line with one too (exit %d)", rc);
    char spec[1024];
    snprintf(spec, sizeof spec,
             "program \"%s/tests/e2e/programs/quantiles.c\"\nfunction \"trip\"\narg n ~ uniform_int(0, 9)\n"
             "quantiles 0.5, 2\n",
             FREQSYS_SOURCE_DIR);
    e2e_check_spec(spec, err, sizeof err);
    ok(strstr(err, "bad.fspec:4:16") && strstr(err, "between 0 and 1"),
       "a level out of range in the spec: named at its line and column");
    snprintf(spec, sizeof spec,
             "program \"%s/tests/e2e/programs/quantiles.c\"\nfunction \"trip\"\narg n ~ uniform_int(0, 9)\n"
             "quantiles 0.5, 50%%\n",
             FREQSYS_SOURCE_DIR);
    e2e_check_spec(spec, err, sizeof err);
    ok(strstr(err, "bad.fspec:4:16") && strstr(err, "already"), "a level given twice: named too");
    snprintf(spec, sizeof spec,
             "program \"%s/tests/e2e/programs/quantiles.c\"\nfunction \"trip\"\narg n ~ uniform_int(0, 9)\n"
             "calls 3\nquantiles 0.5\nepsilon 0.5\n",
             FREQSYS_SOURCE_DIR);
    FILE *f = fopen(tmp_path("calls.fspec"), "w");
    if (f) {
        fputs(spec, f);
        fclose(f);
    }
    rc = e2e_runf(err, sizeof err, "run '%s' -q -o '%s'", tmp_path("calls.fspec"), tmp_path("calls.json"));
    ok(rc == 2 && strstr(err, "calls 1"), "quantiles of a trial of 3 calls: refused, saying why (exit %d)",
       rc);
    return done();
}
