/* tests/report/result_estimate-t.c: the estimate blocks, paths and context blocks share: its fill, its JSON
 * round trip in each entry, its free. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "tmp.h"
#include "result.h"
#include "result_estimate_fill.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* X and Y are the same double, NaN equal to NaN. */
static int same(double x, double y) {
    return (isnan(x) && isnan(y)) || x == y;
}

static int same_string(const char *x, const char *y) {
    return x && y ? strcmp(x, y) == 0 : x == y;
}

/* What reading back WRITTEN gives: JSON has no NaN nor infinities, they are written as null
 * and read as NaN. */
static double through_json(double written) {
    return isfinite(written) ? written : NAN;
}

/* GOT is what WANT reads back as, member by member; names the first that differs. */
static int estimate_read_back(const result_estimate *got, const result_estimate *want, const char *what) {
    const char *bad = !same(got->mean, through_json(want->mean))               ? "mean"
                      : !same(got->stddev, through_json(want->stddev))         ? "stddev"
                      : !same(got->half_width, through_json(want->half_width)) ? "half_width"
                      : got->min != want->min                                  ? "min"
                      : got->max != want->max                                  ? "max"
                      : got->hits != want->hits                                ? "hits"
                      : !same_string(got->status, want->status)                ? "status"
                      : !same_string(got->method, want->method)                ? "method"
                      : !same_string(got->basis, want->basis)                  ? "basis"
                      : !same(got->p_upper, through_json(want->p_upper))       ? "p_upper"
                      : !same(got->range, through_json(want->range))           ? "range"
                      : !same(got->max_runs, through_json(want->max_runs))     ? "max_runs"
                                                                               : NULL;
    return ok(!bad, "%s: the estimate reads back%s%s", what, bad ? ", but not its " : "", bad ? bad : "");
}

/* An estimate with every member set, its strings fresh copies. */
static result_estimate estimate(double mean, double half_width, const char *status, const char *basis,
                                double range, double max_runs) {
    result_estimate e = {.mean = mean,
                         .stddev = mean / 3,
                         .half_width = half_width,
                         .min = 1,
                         .max = 9,
                         .hits = 77,
                         .status = strdup(status),
                         .method = strdup("binomial"),
                         .basis = basis ? strdup(basis) : NULL,
                         .p_upper = 0.03125,
                         .range = range,
                         .max_runs = max_runs};
    return e;
}

/* A result holding each kind of entry, with the estimates' corner cases: a half-width that
 * is infinite (basis "none") or NaN, a block without a basis, an unbounded max_runs. */
static result *sample(void) {
    result *r = calloc(1, sizeof *r);
    r->spec = strdup("p.fspec");
    r->mode = strdup("program");
    r->entry = strdup("main");
    r->nblocks = 2;
    r->blocks = calloc(2, sizeof *r->blocks);
    for (size_t i = 0; i < 2; i++) {
        r->blocks[i].function = strdup("main");
        r->blocks[i].block = strdup(i ? "if.then" : "entry");
        r->blocks[i].file = strdup("p.c");
        r->blocks[i].variance_ratio = NAN;
    }
    r->blocks[0].estimate = estimate(2.5, INFINITY, "not_converged", "none", NAN, INFINITY);
    r->blocks[1].estimate =
        estimate(0.75, 0.0625, "converged", NULL, NAN, NAN); /* read back: range, max_runs NaN */
    r->max_paths = 4;
    r->npaths = 2;
    r->paths = calloc(2, sizeof *r->paths);
    for (size_t i = 0; i < 2; i++) {
        r->paths[i].function = strdup("main");
        r->paths[i].id = i;
    }
    r->paths[0].back_to = strdup("while.body");
    r->paths[0].estimate = estimate(7.25, 0.125, "converged", "proven", 11, 12);
    r->paths[1].hashed = 1;
    r->paths[1].key = strdup("0x0000000000000001");
    r->paths[1].estimate = estimate(0.5, NAN, "rare", "plug_in", 3, INFINITY);
    r->context_depth = 1;
    r->ncontexts = 1;
    r->contexts = calloc(1, sizeof *r->contexts);
    r->contexts[0].function = strdup("f");
    r->contexts[0].kind = strdup("outside");
    r->contexts[0].nblocks = 1;
    r->contexts[0].blocks = calloc(1, sizeof *r->contexts[0].blocks);
    r->contexts[0].blocks[0].block = strdup("entry");
    r->contexts[0].blocks[0].estimate = estimate(1.0, 0.0, "constant", "cap", 1, 1);
    return r;
}

/* Writes R to a fresh file and reads it back; bails when either fails. */
static result *write_and_read(const result *r) {
    const char *path = tmp_path("estimate.json");
    FILE *f = fopen(path, "w");
    if (!f || result_write_json(r, f) != 0 || fclose(f) != 0) bail("cannot write %s", path);
    char err[512];
    result *back = NULL;
    if (result_read_json(path, &back, err, sizeof err) != RESULT_OK) bail("cannot read it back: %s", err);
    return back;
}

static void check_round_trip(void) {
    result *r = sample(), *back = write_and_read(r);
    if (back->nblocks != 2 || back->npaths != 2 || back->ncontexts != 1 || back->contexts[0].nblocks != 1)
        bail("the entries do not read back");
    estimate_read_back(&back->blocks[0].estimate, &r->blocks[0].estimate,
                       "a block with an infinite half-width");
    ok(back->blocks[1].basis == NULL && isnan(back->blocks[1].range) && isnan(back->blocks[1].max_runs),
       "a block without a basis reads back without one (NULL), range and max_runs NaN");
    estimate_read_back(&back->blocks[1].estimate, &r->blocks[1].estimate, "a block without a basis");
    estimate_read_back(&back->paths[0].estimate, &r->paths[0].estimate, "a counted path with a back edge");
    is_string(back->paths[0].back_to, "while.body", "...and its back edge between the estimate's members");
    estimate_read_back(&back->paths[1].estimate, &r->paths[1].estimate,
                       "a hashed path with a NaN half-width");
    estimate_read_back(&back->contexts[0].blocks[0].estimate, &r->contexts[0].blocks[0].estimate,
                       "a context block");
    result_free(r);
    result_free(back);
}

/* A path without a basis in the file reads back with "" (it was always written), a
 * block's with NULL; in both, what is missing of the rest takes its default. */
static void check_defaults(void) {
    const char *path = tmp_path("defaults.json");
    FILE *f = fopen(path, "w");
    if (!f) bail("cannot write %s", path);
    fputs("{\"format\": \"freqsys-result\", \"version\": 1, \"spec\": \"p.fspec\", \"mode\": \"program\",\n"
          " \"entry\": \"main\", \"epsilon\": 0.1, \"relative\": false, \"confidence\": 0.95, \"seed\": 1,\n"
          " \"trials\": 100, \"crashes\": 0, \"timeouts\": 0, \"converged\": true,\n"
          " \"blocks\": [{\"function\": \"main\", \"block\": \"entry\", \"file\": \"p.c\", \"line\": 3, "
          "\"mean\": 1.5,\n"
          "              \"stddev\": 0.5, \"half_width\": 0.1, \"min\": 1, \"max\": 2, \"status\": "
          "\"converged\"}],\n"
          " \"max_paths\": 4, \"paths\": [{\"function\": \"main\", \"id\": 0, \"blocks\": [\"entry\"], "
          "\"mean\": 1.5,\n"
          "              \"half_width\": 0.1, \"status\": \"converged\"}], \"path_functions\": []}\n",
          f);
    fclose(f);
    char err[512];
    result *r = NULL;
    if (result_read_json(path, &r, err, sizeof err) != RESULT_OK) bail("cannot read %s: %s", path, err);
    const result_estimate *b = &r->blocks[0].estimate, *p = &r->paths[0].estimate;
    ok(b->basis == NULL && isnan(b->range) && isnan(b->max_runs) && b->hits == 0 &&
           same_string(b->method, "") && b->p_upper == 0,
       "a block's missing members: basis NULL, range and max_runs NaN, hits 0, method \"\"");
    ok(same_string(p->basis, "") && isnan(p->range) && isnan(p->max_runs) && p->stddev == 0 && p->min == 0 &&
           p->max == 0 && p->hits == 0,
       "a path's: basis \"\", range and max_runs NaN, stddev, min, max and hits 0");
    result_free(r);
}

/* A path without the contract's status is refused with a message naming it. */
static void check_required(void) {
    const char *path = tmp_path("no_status.json");
    FILE *f = fopen(path, "w");
    if (!f) bail("cannot write %s", path);
    fputs(
        "{\"format\": \"freqsys-result\", \"version\": 1, \"spec\": \"p.fspec\", \"mode\": \"program\",\n"
        " \"entry\": \"main\", \"epsilon\": 0.1, \"relative\": false, \"confidence\": 0.95, \"seed\": 1,\n"
        " \"trials\": 100, \"crashes\": 0, \"timeouts\": 0, \"converged\": true, \"blocks\": [],\n"
        " \"max_paths\": 4, \"paths\": [{\"function\": \"main\", \"id\": 0, \"blocks\": [], \"mean\": 1.5,\n"
        "              \"half_width\": 0.1}], \"path_functions\": []}\n",
        f);
    fclose(f);
    char err[512] = "";
    result *r = NULL;
    int rc = result_read_json(path, &r, err, sizeof err);
    ok(rc == RESULT_EFORMAT && strstr(err, "paths[0]: missing field 'status'"),
       "a path without a status is refused: %s", err);
    result_free(r);
}

/* The fill divides what is per trial by the calls counted in it (4: exact in binary). */
static void check_fill(void) {
    tally_moments m = {.n = 100, .hits = 70, .min = 0, .max = 12, .mean = 6.5, .variance = 4, .stddev = 2};
    block_verdict v = {.status = BLOCK_CONVERGED,
                       .method = METHOD_CLT,
                       .half_width = 0.5,
                       .p_upper = 0.25,
                       .basis = BASIS_PROVEN,
                       .range = 12};
    result_estimate e = {0};
    is_int(result_estimate_fill(&e, &m, &v, 16, 4), 0, "the fill succeeds");
    ok(e.mean == 1.625 && e.stddev == 0.5 && e.half_width == 0.125 && e.range == 3 && e.max_runs == 4,
       "per call: mean, stddev, half-width, range and max_runs divided by the 4 counted calls");
    ok(e.min == 0 && e.max == 12 && e.hits == 70 && e.p_upper == 0.25,
       "a trial's extremes and hits, and the probability bound, as counted");
    ok(same_string(e.status, "converged") && same_string(e.method, "clt") && same_string(e.basis, "proven"),
       "status, method and basis by name");
    result_estimate_free(&e);
    ok(!e.status && !e.method && !e.basis, "the free leaves no dangling strings");
    v = (block_verdict){.status = BLOCK_NOT_CONVERGED,
                        .method = METHOD_CLT,
                        .half_width = INFINITY,
                        .basis = BASIS_NONE,
                        .range = INFINITY};
    result_estimate_fill(&e, &m, &v, INFINITY, 1);
    ok(isinf(e.half_width) && isinf(e.range) && isinf(e.max_runs) && same_string(e.basis, "none") &&
           same_string(e.status, "not_converged"),
       "no bound: infinite half-width and range, basis \"none\"");
    result_estimate_free(&e);
}

int main(void) {
    plan(16);
    check_fill();
    check_round_trip();
    check_defaults();
    check_required();
    return done();
}
