/* tests/e2e/paths_hashed-t.c: run --paths past --max-paths: hashed paths against exact frequencies, past 2^64
 * paths, a full per-trial table, and a resumed run. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "e2e.h"
#include "path_checks.h"

#define SPEC "tests/e2e/programs/paths.fspec"

/* Under --simultaneous each path is judged at the family's share of the spec's 1%
 * (27 blocks and counted paths share it): the eight checks below fail together with
 * probability at most 8 x 1% / 27 (path_within), so a failure is a rare event or a bug. */

static const result_path_function *path_function(const result *r, const char *name) {
    for (size_t i = 0; r && i < r->npath_functions; i++)
        if (!strcmp(r->path_functions[i].function, name)) return &r->path_functions[i];
    return NULL;
}

/* three() past --max-paths 4: its eight paths come from the table, numbered and decoded. */
static void eight_paths(char *err, size_t errlen) {
    char json[2048], one_job[2048];
    snprintf(json, sizeof json, "%s", tmp_path("hashed.json"));
    snprintf(one_job, sizeof one_job, "%s", tmp_path("hashed1.json"));
    int rc = e2e_runf(err, errlen, "run " SPEC " --paths --max-paths 4 --simultaneous -j 2 -o '%s'", json);
    ok(rc == 0 && strstr(err, "paths of 'three' are hashed") && strstr(err, "8 paths, limit 4"),
       "a function past --max-paths is hashed, with a warning");
    result *r = e2e_result(json, err, errlen);
    if (!r) bail("cannot read the result: %s", err);
    static const double first_arm[3] = {0.2, 0.5, 0.7};
    int n = 0, seen[8] = {0}, all_within = 1, shapes = 1, marked = 1, settled = 1;
    for (size_t i = 0; i < r->npaths; i++) {
        const result_path *p = &r->paths[i];
        if (strcmp(p->function, "three")) continue;
        n++;
        if (p->id < 8) seen[p->id]++;
        marked &= p->hashed && p->key != NULL;
        settled &= !strcmp(p->status, "converged") && !strcmp(p->basis, "proven");
        shapes &= p->nblocks == 7 && !strcmp(p->blocks[0], "entry") && !p->back_to;
        double truth = 1;
        for (int arm = 0; arm < 3 && p->nblocks == 7; arm++)
            truth *=
                path_starts_with(p->blocks[1 + 2 * arm], "if.then") ? first_arm[arm] : 1 - first_arm[arm];
        all_within &= path_within(p, truth);
    }
    is_int(n, 8, "three: eight hashed paths");
    ok(seen[0] == 1 && seen[1] == 1 && seen[2] == 1 && seen[3] == 1 && seen[4] == 1 && seen[5] == 1 &&
           seen[6] == 1 && seen[7] == 1,
       "three: their ids are the Ball-Larus numbers 0..7, each once");
    ok(marked, "three: each marked hashed, with its key");
    ok(shapes, "three: each id decodes to entry, an arm, a join, an arm, a join, an arm, a join");
    ok(all_within, "three: each mean within its half-width of the product of its arms' probabilities");
    ok(settled, "three: each converged on the proven bound (at most once a run)");
    ok(path_blocks_add_up(r, "three") && path_blocks_add_up(r, "loop"),
       "three, loop: each block's mean is its paths' sum");
    const result_path_function *f = path_function(r, "three");
    ok(f && f->hashed && !f->counted && f->paths == 8 && f->seen == 8 && f->trials == r->trials &&
           !f->lost_trials && f->note && strstr(f->note, "paths never seen are not covered"),
       "three: hashed, 8 seen in every trial's count, nothing lost, unseen paths said not covered");
    /* all eight were seen in the first half: none first seen in the second, whose
     * H trials then bound the unseen paths' mass by 1 - alpha^(1/H), times one start a run */
    double alpha = 1 - r->block_confidence, h = (double)(r->trials - r->trials / 2);
    if (!ok(f && fabs(f->unseen_bound - (1 - pow(alpha, 1 / h))) < 1e-9 * f->unseen_bound,
            "three: the unseen paths' total mean is bounded by the rule of three's exact form"))
        diag("unseen bound %.12g, want %.12g", f ? f->unseen_bound : NAN, 1 - pow(alpha, 1 / h));
    /* loop()'s header paths run up to 4 times a run: the normal interval's plug-in
     * moments are no proof, the proven bound's Bernstein or betting interval is; the run waits
     * for it. dowhile()'s rounds are bounded by its exit test in do.cond, after the
     * body: the one round from the header back to it (k = 1 to 2) takes either arm. */
    int loop_honest = 0, dowhile_proven = 0;
    for (size_t i = 0; i < r->npaths; i++) {
        const result_path *p = &r->paths[i];
        if (!strcmp(p->function, "loop") && path_starts_with(p->blocks[0], "for.cond") && p->back_to)
            loop_honest += !strcmp(p->basis, "proven") &&
                           (!strcmp(p->method, "bernstein") || !strcmp(p->method, "betting")) &&
                           !strcmp(p->status, "converged") &&
                           path_within(p, path_starts_with(p->blocks[2], "if.then") ? 0.9 : 2.1);
        if (!strcmp(p->function, "dowhile") && path_starts_with(p->blocks[0], "do.body") && p->back_to)
            dowhile_proven += !strcmp(p->basis, "proven") && !strcmp(p->status, "converged") &&
                              path_within(p, path_starts_with(p->blocks[1], "if.then") ? 0.3 : 0.7);
    }
    is_int(
        loop_honest, 2,
        "loop: the two round paths converge on the proven bound (Bernstein or betting), within their truth");
    is_int(dowhile_proven, 2,
           "dowhile: the two round paths converge on the bound its later exit test proves");
    rc = e2e_runf(err, errlen, "run " SPEC " --paths --max-paths 4 --simultaneous -j 1 -q -o '%s'", one_job);
    ok(rc == 0 && e2e_same_json(json, one_job), "one worker gives the same hashed paths, byte for byte");
    char args[4096], patterns[2048];
    snprintf(patterns, sizeof patterns, "%s", tmp_path("hashed_patterns.json"));
    snprintf(args, sizeof args, "run " SPEC " --paths --max-paths 4 --simultaneous -j 2 -q -o '%s'",
             patterns);
    rc = e2e_run_env("FREQSYS_COUNTING=patterns", args, err, errlen);
    ok(rc == 0 && e2e_same_json(json, patterns), "counting by patterns gives the same hashed paths");
    rc = e2e_runf(err, errlen, "report '%s'", json);
    ok(rc == 0, "report reads the hashed paths back");
    result_free(r);
}

/* chain(): 2^70 paths, ids are hashes of the edges. */
static void past_64_bits(char *err, size_t errlen) {
    char json[2048];
    snprintf(json, sizeof json, "%s", tmp_path("chain.json"));
    int rc =
        e2e_runf(err, errlen, "run tests/e2e/programs/chain70.fspec --paths -n 400 -j 2 -q -o '%s'", json);
    ok(rc == 0 || rc == 1, "a function of 2^70 paths runs (exit %d)", rc);
    result *r = e2e_result(json, err, errlen);
    uint64_t hits = 0, n = 0, undecoded = 0;
    for (size_t i = 0; r && i < r->npaths; i++) {
        const result_path *p = &r->paths[i];
        if (strcmp(p->function, "chain")) continue;
        n++;
        hits += p->hits;
        undecoded += p->hashed && p->nblocks == 0 && p->note && strstr(p->note, "hash of the path's edges");
    }
    const result_path_function *f = path_function(r, "chain");
    ok(r && f && f->hashed && f->paths == UINT64_MAX && f->seen == n && n > 0 && f->trials == r->trials,
       "chain: hashed, more than 2^64 paths, every path seen listed");
    ok(r && hits == r->trials, "chain: each trial took exactly one of its paths");
    ok(n > 0 && undecoded == n, "chain: every path says its blocks cannot be decoded from a hash");
    ok(f && f->unseen_bound == 1,
       "chain: every trial found a new path, so the unseen paths may hold all of a run (bound 1)");
    result_free(r);
}

/* walk(): about 5,000 distinct paths in each trial, past the table's 4,096. */
static void table_full(char *err, size_t errlen) {
    char json[2048];
    snprintf(json, sizeof json, "%s", tmp_path("wide.json"));
    int rc =
        e2e_runf(err, errlen, "run tests/e2e/programs/wide_loop.fspec --paths -n 40 -j 2 -q -o '%s'", json);
    result *r = e2e_result(json, err, errlen);
    const result_path_function *f = path_function(r, "walk");
    ok((rc == 0 || rc == 1) && f && f->hashed && f->lost_trials > 0 && f->lost_trials <= r->trials &&
           strstr(f->note, "counts were lost"),
       "a full per-trial table is reported, with the trials it lost counts in");
    int open = 1, n = 0;
    for (size_t i = 0; r && i < r->npaths; i++) {
        const result_path *p = &r->paths[i];
        if (strcmp(p->function, "walk")) continue;
        n++;
        open &= !strcmp(p->status, "not_converged") && p->note && strstr(p->note, "incomplete");
    }
    ok(n > 0 && open, "...and none of its paths is settled: each says it is incomplete");
    result_free(r);
}

/* An interrupted run --paths continues with its paths, hashed ones too. */
static void resumed(char *err, size_t errlen) {
    char full[2048], part[2048], ckpt[2048], done_json[2048];
    snprintf(full, sizeof full, "%s", tmp_path("full.json"));
    snprintf(part, sizeof part, "%s", tmp_path("part.json"));
    snprintf(ckpt, sizeof ckpt, "%s", tmp_path("part.ckpt"));
    snprintf(done_json, sizeof done_json, "%s", tmp_path("done.json"));
    int rc = e2e_runf(err, errlen, "run " SPEC " --paths --max-paths 6 -q -j 2 -o '%s'", full);
    is_int(rc, 0, "an uninterrupted run --paths --max-paths 6 converges");
    rc = e2e_runf(err, errlen,
                  "run " SPEC " --paths --max-paths 6 -q -j 2 --stop-after 3000 --checkpoint '%s' -o '%s'",
                  ckpt, part);
    is_int(rc, 1, "--stop-after pauses it");
    rc = e2e_runf(err, errlen, "run --resume '%s' -q -j 1 --max-paths 5", ckpt);
    ok(rc == 2 && strstr(err, "--max-paths"), "--resume with another --max-paths is refused");
    rc = e2e_runf(err, errlen, "run --resume '%s' -q -j 1 -o '%s'", ckpt, done_json);
    is_int(rc, 0, "--resume alone continues it, with its paths");
    result *r = e2e_result(done_json, err, errlen);
    ok(r && r->max_paths == 6 && r->npaths > 0, "the resumed result has the paths");
    ok(e2e_same_json(full, done_json), "...and equals the uninterrupted run's JSON, timing apart");
    result_free(r);
}

/* Function mode, 180 counted calls a trial: each call of step() runs one path and
 * returns, so its paths' means (per call, as the blocks') add up to its entry's. */
static double step_paths(const result *r, double *entry) {
    double sum = 0;
    for (size_t i = 0; i < r->npaths; i++)
        sum += !strcmp(r->paths[i].function, "step") ? r->paths[i].mean : 0;
    const result_block *b = e2e_block(r, "step", "entry");
    *entry = b ? b->mean : -1;
    return sum;
}

static void per_call(char *err, size_t errlen) {
    char counted[2048], hashed[2048];
    snprintf(counted, sizeof counted, "%s", tmp_path("machine.json"));
    snprintf(hashed, sizeof hashed, "%s", tmp_path("machine_hashed.json"));
    int rc = e2e_runf(err, errlen, "run tests/e2e/programs/machine.fspec --paths -q -o '%s'", counted);
    result *r = rc == 0 ? e2e_result(counted, err, errlen) : NULL;
    double entry = 0, sum = r ? step_paths(r, &entry) : -2;
    if (!ok(r && fabs(sum - entry) < 1e-9 && fabs(entry - 1) < 1e-9,
            "calls 200: step's counted paths add up to 1 a call"))
        diag("paths %.12f, entry %.12f", sum, entry);
    result_free(r);
    rc = e2e_runf(err, errlen, "run tests/e2e/programs/machine.fspec --paths --max-paths 2 -q -o '%s'",
                  hashed);
    r = rc == 0 ? e2e_result(hashed, err, errlen) : NULL;
    sum = r ? step_paths(r, &entry) : -2;
    if (!ok(r && fabs(sum - entry) < 1e-9 && fabs(entry - 1) < 1e-9, "...and so do its hashed paths"))
        diag("paths %.12f, entry %.12f", sum, entry);
    result_free(r);
    rc = e2e_runf(
        err, errlen,
        "run tests/e2e/programs/machine.fspec --paths --max-paths 2 --sampling antithetic -q -o '%s'",
        hashed);
    r = rc == 0 ? e2e_result(hashed, err, errlen) : NULL;
    sum = r ? step_paths(r, &entry) : -2;
    if (!ok(r && r->runs_per_trial == 2 && fabs(sum - entry) < 1e-9 && fabs(entry - 1) < 1e-9,
            "...and in antithetic pairs of sequences, per call"))
        diag("paths %.12f, entry %.12f", sum, entry);
    result_free(r);
}

int main(void) {
    plan(31);
    char err[16384];
    eight_paths(err, sizeof err);
    past_64_bits(err, sizeof err);
    table_full(err, sizeof err);
    resumed(err, sizeof err);
    per_call(err, sizeof err);
    return done();
}
