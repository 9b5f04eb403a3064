/* tests/harness/validation-t.c: the real tool on the validation programs, against their exact truths. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <unistd.h>
#include "tap.h"
#include "../e2e/e2e.h"
#include "measure.h"

#define GAMMA 0.95

/* Runs `freqsys run` on bench/coverage/programs/NAME.fspec with EXTRA options and
 * reads its JSON result, or bails. */
static result *run(const char *name, const char *extra, int *code) {
    char args[4096], out[2048], err[4096], file[256];
    snprintf(file, sizeof file, "%s.json", name);
    snprintf(out, sizeof out, "%s", tmp_path(file));
    snprintf(args, sizeof args, "run bench/coverage/programs/%s.fspec --sampling plain -q -j 2 %s -o '%s'",
             name, extra, out);
    *code = e2e_run(args, err, sizeof err);
    result *r;
    int status = result_read_json(out, &r, err, sizeof err);
    unlink(out);
    if (status != RESULT_OK) bail("%s: %s", args, err);
    return r;
}

/* The blocks of R are the model's, in its order, the proven ones are exact, and the
 * transform's bounds per run are the model's. */
static int same_blocks(const result *r, const model *m, int *exact_ok) {
    int same = r->nblocks == m->nblocks;
    *exact_ok = 1;
    for (size_t j = 0; same && j < m->nblocks; j++) {
        same = !strcmp(r->blocks[j].function, "main") && !strcmp(r->blocks[j].block, m->labels[j]);
        int exact = !strcmp(r->blocks[j].method, "exact");
        if (exact != ((m->facts[j] & STOP_FACT_ONCE) != 0)) {
            *exact_ok = 0;
            diag("%s %s: method %s", m->name, m->labels[j], r->blocks[j].method);
        }
        double proven = isnan(r->blocks[j].max_runs) ? INFINITY : r->blocks[j].max_runs;
        if (proven != models_max_runs(m, j)) {
            *exact_ok = 0;
            diag("%s %s: proven at most %g per run, the model says %g", m->name, m->labels[j], proven,
                 models_max_runs(m, j));
        }
    }
    return same;
}

/* Within TIMES epsilon of the truth, or a rare bound that holds it. */
static int near(const result_block *b, double truth, double eps) {
    if (!strcmp(b->status, "rare"))
        return truth <= fmax(b->half_width, b->p_upper) + 1e-12 || fabs(b->mean - truth) <= eps;
    return fabs(b->mean - truth) <= eps;
}

int main(void) {
    plan((int)nmodels * 4 + 8);
    double truth[MODELS_MAX_BLOCKS], var[MODELS_MAX_BLOCKS];
    int code, exact_ok;

    /* One run of each program. Every estimate must lie within 2 epsilon of the exact
     * truth: the half-width u' s / sqrt(n) is at most epsilon, so a miss by 2 epsilon
     * is a deviation of more than 2 u' standard errors (about 4), probability under
     * 1e-4 per block, under 0.01 for the 55 blocks together. */
    for (size_t i = 0; i < nmodels; i++) {
        const model *m = &models[i];
        models_truth(m, truth, var, NULL);
        result *r = run(m->name, "-s 11", &code);
        is_int(code, 0, "%s: converged, exit status 0 (%llu trials)", m->name, (unsigned long long)r->trials);
        ok(same_blocks(r, m, &exact_ok), "%s: the blocks are the model's, in its order", m->name);
        ok(exact_ok, "%s: exactly the blocks the model proves once are reported exact", m->name);
        int all = 1;
        for (size_t j = 0; j < m->nblocks && j < r->nblocks; j++)
            if (!near(&r->blocks[j], truth[j], 2 * r->epsilon)) {
                all = 0;
                diag("%s %s: %.6f, truth %.6f", m->name, m->labels[j], r->blocks[j].mean, truth[j]);
            }
        ok(all, "%s: every block within 2 epsilon of its exact truth", m->name);
        result_free(r);
    }

    /* What the result says it guarantees. */
    const model *coins = models_find("coins"), *bits = models_find("bits");
    result *r = run("coins", "", &code);
    ok(r->guarantee && !strcmp(r->guarantee, "per_block") && !strcmp(r->stop_method, "clt") &&
           fabs(r->block_confidence - GAMMA) < 1e-12,
       "default: per block, clt, block confidence 0.95");
    result_free(r);
    r = run("coins", "--simultaneous --method anytime", &code);
    ok(code == 0 && !strcmp(r->guarantee, "simultaneous_bonferroni") && !strcmp(r->stop_method, "anytime"),
       "--simultaneous --method anytime: says so, and converges");
    /* coins has 6 blocks, 1 of them exact (the entry): the other 5 share 1 - gamma */
    ok(fabs(r->block_confidence - (1 - 0.05 / 5)) < 1e-12, "...each of the 5 inexact blocks at %.6f",
       r->block_confidence);
    ok(!strcmp(r->blocks[1].method, "bernstein") && !strcmp(r->blocks[4].method, "binomial"),
       "...loop blocks by Bernstein, the indicator by the binomial interval");
    models_truth(coins, truth, var, NULL);
    int all = 1;
    for (size_t j = 0; j < r->nblocks; j++) all &= near(&r->blocks[j], truth[j], 2 * r->epsilon);
    ok(all, "...every block within 2 epsilon of its truth");
    result_free(r);
    r = run("bits", "--simultaneous=sidak -s 3", &code);
    ok(code == 0 && !strcmp(r->guarantee, "simultaneous_sidak") &&
           fabs(r->block_confidence - pow(GAMMA, 1.0 / 9)) < 1e-12,
       "--simultaneous=sidak: the 9 inexact blocks of bits at 0.95^(1/9) each");
    models_truth(bits, truth, var, NULL);
    all = 1;
    for (size_t j = 0; j < r->nblocks; j++) all &= near(&r->blocks[j], truth[j], 2 * r->epsilon);
    ok(all, "...every block within 2 epsilon of its truth");
    result_free(r);

    /* A small coverage measurement with the real tool: RUNS seeds of coins. With
     * true coverage >= gamma, a block falls under the threshold with probability
     * below 1e-4 (exact binomial test), so the 3 blocks together below 0.001. */
    enum { RUNS = 40 };
    int covered[MODELS_MAX_BLOCKS] = {0}, threshold = measure_threshold(RUNS, GAMMA, 1e-4);
    models_truth(coins, truth, var, NULL);
    for (int k = 0; k < RUNS; k++) {
        char seed[32];
        snprintf(seed, sizeof seed, "-s %d", 100 + k);
        r = run("coins", seed, &code);
        for (size_t j = 0; j < r->nblocks && j < coins->nblocks; j++)
            covered[j] += near(&r->blocks[j], truth[j], r->epsilon);
        result_free(r);
    }
    int least = RUNS;
    for (size_t j = 0; j < coins->nblocks; j++)
        if (covered[j] < least) least = covered[j];
    ok(least >= threshold,
       "coins, %d seeds with the real tool: every block within epsilon in >= %d runs (least %d)", RUNS,
       threshold, least);
    return done();
}
