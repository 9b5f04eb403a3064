/* tests/e2e/paths-t.c: run --paths against exact path frequencies: three independent branches and a loop with
 * two arms. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "e2e.h"
#include "path_checks.h"

#define SPEC "tests/e2e/programs/paths.fspec"

/* The paths' confidence is simultaneous (Bonferroni over every block and path) at
 * the spec's 99%: every check of a mean against its truth below holds together with
 * probability at least 0.99 (path_within), so the seed's one outcome failing is a 1%
 * event or a bug. */

/* Whether the path's blocks are a walk in the result's CFG: each a successor of the one before. */
static int is_walk(const result *r, const result_path *p) {
    const result_block *prev = NULL;
    for (size_t k = 0; k < p->nblocks; k++) {
        const result_block *b = e2e_block(r, p->function, p->blocks[k]);
        if (!b) return 0;
        if (prev) {
            int found = 0;
            for (size_t s = 0; s < prev->nsuccessors; s++) found |= &r->blocks[prev->successors[s]] == b;
            if (!found) return 0;
        }
        prev = b;
    }
    if (p->back_to) {
        const result_block *h = e2e_block(r, p->function, p->back_to);
        int found = 0;
        for (size_t s = 0; h && s < prev->nsuccessors; s++) found |= &r->blocks[prev->successors[s]] == h;
        return found;
    }
    return prev && prev->nsuccessors == 0;
}

int main(void) {
    plan(32);
    char err[8192];
    char json[2048], text[2048], plain[2048], patterns[2048], one_job[2048], limited[2048];
    snprintf(json, sizeof json, "%s", tmp_path("paths.json"));
    snprintf(text, sizeof text, "%s", tmp_path("paths.txt"));
    snprintf(plain, sizeof plain, "%s", tmp_path("plain.json"));
    snprintf(patterns, sizeof patterns, "%s", tmp_path("patterns.json"));
    snprintf(one_job, sizeof one_job, "%s", tmp_path("one.json"));
    snprintf(limited, sizeof limited, "%s", tmp_path("limited.json"));

    int rc = e2e_runf(err, sizeof err, "run " SPEC " --paths --simultaneous -j 2 -q -o '%s'", json);
    is_int(rc, 0, "run --paths converges");
    result *r = e2e_result(json, err, sizeof err);
    if (!r) bail("cannot read the result: %s", err);
    is_int((long long)r->max_paths, 4096, "the default limit is 4096 paths a function");

    /* three(): the arms taken with 0.2, 0.5, 0.7, independently */
    static const double first_arm[3] = {0.2, 0.5, 0.7};
    int n3 = 0, seen[8] = {0}, all_within = 1, all_walks = 1, shapes = 1;
    for (size_t i = 0; i < r->npaths; i++) {
        const result_path *p = &r->paths[i];
        if (strcmp(p->function, "three")) continue;
        n3++;
        if (p->id < 8) seen[p->id]++;
        all_walks &= is_walk(r, p);
        shapes &= p->nblocks == 7 && !strcmp(p->blocks[0], "entry") && !p->back_to;
        double truth = 1;
        for (int arm = 0; arm < 3 && p->nblocks == 7; arm++)
            truth *=
                path_starts_with(p->blocks[1 + 2 * arm], "if.then") ? first_arm[arm] : 1 - first_arm[arm];
        all_within &= path_within(p, truth);
    }
    is_int(n3, 8, "three: eight paths");
    ok(seen[0] == 1 && seen[1] == 1 && seen[2] == 1 && seen[3] == 1 && seen[4] == 1 && seen[5] == 1 &&
           seen[6] == 1 && seen[7] == 1,
       "three: ids 0..7, each once");
    ok(shapes, "three: each id decodes to entry, an arm, a join, an arm, a join, an arm, a join");
    ok(all_walks, "three: each path is a walk of the CFG ending at the return");
    ok(all_within, "three: each mean within its half-width of the product of its arms' probabilities");
    ok(path_blocks_add_up(r, "three"), "three: each block's mean is the sum of its paths' means");

    /* loop(): four trips, each taking the first arm with 0.3 */
    int n_loop = 0, loop_ok = 1, loop_walks = 1, loop_seen = 0;
    for (size_t i = 0; i < r->npaths; i++) {
        const result_path *p = &r->paths[i];
        if (strcmp(p->function, "loop")) continue;
        n_loop++;
        loop_walks &= is_walk(r, p);
        int from_entry = !strcmp(p->blocks[0], "entry");
        const char *first = p->blocks[from_entry ? 1 : 0];
        const char *arm = p->nblocks > (size_t)(from_entry ? 3 : 2) ? p->blocks[from_entry ? 3 : 2] : "";
        double truth = -1;
        if (strcmp(first, "for.cond"))
            loop_ok = 0;
        else if (p->back_to && !strcmp(p->back_to, "for.cond") && path_starts_with(arm, "if.then"))
            truth = from_entry ? 0.3 : 3 * 0.3, loop_seen |= from_entry ? 1 : 2;
        else if (p->back_to && !strcmp(p->back_to, "for.cond") && path_starts_with(arm, "if.else"))
            truth = from_entry ? 0.7 : 3 * 0.7, loop_seen |= from_entry ? 4 : 8;
        else if (!p->back_to && p->nblocks == (size_t)(from_entry ? 3 : 2) &&
                 !strcmp(p->blocks[p->nblocks - 1], "for.end"))
            truth = from_entry ? 0 : 1, loop_seen |= from_entry ? 16 : 32;
        if (truth < 0)
            loop_ok = 0;
        else
            loop_ok &= path_within(p, truth);
    }
    is_int(n_loop, 6, "loop: six paths (from the entry or the header; then-arm, else-arm or out)");
    is_int(loop_seen, 63, "loop: each of the six shapes once");
    ok(loop_ok, "loop: each mean within its half-width of its exact count per run");
    ok(loop_walks, "loop: each path is a walk of the CFG ending at a return or going back to for.cond");
    ok(path_blocks_add_up(r, "loop"), "loop: each block's mean is the sum of its paths' means");

    /* dowhile(): three trips; the back edge leaves do.cond, which also leads out */
    int n_do = 0, do_ok = 1, do_walks = 1;
    for (size_t i = 0; i < r->npaths; i++) {
        const result_path *p = &r->paths[i];
        if (strcmp(p->function, "dowhile")) continue;
        n_do++;
        do_walks &= is_walk(r, p);
        int from_entry = !strcmp(p->blocks[0], "entry");
        size_t at = from_entry ? 1 : 0;
        if (p->nblocks < at + 4 || strcmp(p->blocks[at], "do.body")) {
            do_ok = 0;
            continue;
        }
        double arm = path_starts_with(p->blocks[at + 1], "if.then") ? 0.3 : 0.7;
        int back = p->back_to && !strcmp(p->back_to, "do.body");
        int out = !p->back_to && !strcmp(p->blocks[p->nblocks - 1], "do.end");
        if (!back && !out) {
            do_ok = 0;
            continue;
        }
        /* from the entry: the first trip, which always goes back; from the header:
         * the second trip goes back, the third leaves */
        do_ok &= path_within(p, from_entry ? (back ? arm : 0) : arm);
    }
    is_int(n_do, 8, "dowhile: eight paths (from the entry or the header; either arm; back or out)");
    ok(do_ok, "dowhile: each mean within its half-width of its exact count per run");
    ok(do_walks && path_blocks_add_up(r, "dowhile"), "dowhile: walks of the CFG, and the block means add up");

    int counted = 0;
    for (size_t f = 0; f < r->npath_functions; f++) counted += r->path_functions[f].counted;
    is_int(counted, 4, "every function's paths are counted");

    /* the reports */
    rc = e2e_runf(err, sizeof err, "report '%s' -o '%s'", json, text);
    is_int(rc, 0, "report reads the paths back");
    FILE *f = fopen(text, "r");
    char body[65536] = "";
    size_t got = f ? fread(body, 1, sizeof body - 1, f) : 0;
    body[got] = '\0';
    if (f) fclose(f);
    ok(strstr(body, "three: 8 paths, 1.0000 path executions per run; 6 paths carry 90% of them") != NULL,
       "text: three's eight paths, six of which carry 90%% (0.28+0.28+0.12+0.12+0.07 < 0.9)");
    ok(strstr(body, "loop: 6 paths, 5.0000 path executions per run; 4 paths carry 90% of them") != NULL,
       "text: loop's six paths, four of which carry 90%% (2.1+1+0.9 < 4.5 <= 2.1+1+0.9+0.7)");
    ok(strstr(body, "23 of 23 paths settled") != NULL, "text: every path settled");
    char html[2048], dot[2048];
    snprintf(html, sizeof html, "%s", tmp_path("paths.html"));
    snprintf(dot, sizeof dot, "%s", tmp_path("paths.dot"));
    rc = e2e_runf(err, sizeof err, "report '%s' --format html -o '%s'", json, html);
    char *page = e2e_json_without_timing(html);
    ok(rc == 0 && page && strstr(page, "<b>6 paths carry 90%</b>") && strstr(page, "<h2>Paths</h2>"),
       "html: a paths section, with the paths carrying 90%%");
    free(page);
    rc = e2e_runf(err, sizeof err, "report '%s' --format dot -o '%s'", json, dot);
    char *graph = e2e_json_without_timing(dot);
    /* loop's hottest path is its header's else-arm round, 2.1 a run against at most 1 */
    const result_path *hot = NULL;
    for (size_t i = 0; i < r->npaths; i++)
        if (!strcmp(r->paths[i].function, "loop") && (!hot || r->paths[i].mean > hot->mean))
            hot = &r->paths[i];
    char want[64];
    snprintf(want, sizeof want, "hottest path #%llu in red", hot ? (unsigned long long)hot->id : 999ull);
    ok(rc == 0 && graph && hot && !strcmp(hot->blocks[0], "for.cond") &&
           path_starts_with(hot->blocks[2], "if.else") && strstr(graph, want) &&
           strstr(graph, "[color=\"#cc0000\""),
       "dot: loop's hottest path drawn in red");
    free(graph);

    /* the same numbers whatever the counting, and whatever the number of workers */
    char args[4096];
    snprintf(args, sizeof args, "run " SPEC " --paths --simultaneous -j 2 -q -o '%s'", patterns);
    rc = e2e_run_env("FREQSYS_COUNTING=patterns", args, err, sizeof err);
    ok(rc == 0 && e2e_same_json(json, patterns), "counting by patterns gives the same result");
    rc = e2e_runf(err, sizeof err, "run " SPEC " --paths --simultaneous -j 1 -q -o '%s'", one_job);
    ok(rc == 0 && e2e_same_json(json, one_job), "one worker gives the same result");

    /* without --paths: no paths, no key */
    rc = e2e_runf(err, sizeof err, "run " SPEC " -q -o '%s'", plain);
    result *p = e2e_result(plain, err, sizeof err);
    ok(rc == 0 && p && p->npaths == 0 && p->max_paths == 0, "without --paths there are no paths");
    char *raw = e2e_json_without_timing(plain);
    ok(raw && !strstr(raw, "\"paths\"") && !strstr(raw, "max_paths"),
       "without --paths the JSON has no path keys");
    free(raw);
    result_free(p);

    /* a limit below a function's paths: said, and its paths hashed (paths_hashed-t) */
    rc = e2e_runf(err, sizeof err, "run " SPEC " --max-paths 6 -o '%s'", limited);
    ok(rc == 0 && strstr(err, "paths of 'three' are hashed") && strstr(err, "8 paths, limit 6"),
       "a function over --max-paths is a warning");
    p = e2e_result(limited, err, sizeof err);
    int three_note = 0, loop_counted = 0, three_hashed = 0, loop_hashed = 0;
    for (size_t i = 0; p && i < p->npath_functions; i++) {
        const result_path_function *pf = &p->path_functions[i];
        if (!strcmp(pf->function, "three"))
            three_note = !pf->counted && pf->hashed && pf->paths == 8 && pf->note &&
                         path_starts_with(pf->note, "hashed: 8 paths > limit 6");
        if (!strcmp(pf->function, "loop")) loop_counted = pf->counted && pf->paths == 6;
    }
    for (size_t i = 0; p && i < p->npaths; i++) {
        three_hashed += !strcmp(p->paths[i].function, "three") && p->paths[i].hashed;
        loop_hashed += !strcmp(p->paths[i].function, "loop") && p->paths[i].hashed;
    }
    ok(three_note, "three: 'hashed: 8 paths > limit 6' in the result");
    ok(loop_counted && loop_hashed == 0 && three_hashed == 8,
       "loop's six paths are counted, three's eight hashed");
    result_free(p);

    rc = e2e_runf(err, sizeof err, "run " SPEC " --max-paths 0 -q");
    ok(rc == 2 && strstr(err, "--max-paths takes"), "--max-paths 0 is a usage error");
    rc = e2e_runf(err, sizeof err, "run " SPEC " --max-paths 4294967297 -q");
    ok(rc == 2 && strstr(err, "--max-paths takes"), "--max-paths past 2^32 is a usage error");
    result_free(r);
    return done();
}
