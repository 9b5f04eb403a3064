/* freqsys/result/path_hashed.c: the result's entries for the paths of functions past --max-paths, counted by
 * id per trial. */
/* SPDX-License-Identifier: MIT */
#include "path_hashed.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "clopper_pearson.h"
#include "enumerate_paths.h"
#include "hashed_verdict.h"
#include "path_numbering.h"
#include "path_tallies.h"
#include "result_estimate_fill.h"
#include "stop_rule.h"

/* Function FI's CFG as the descriptor lists it (the graph the transform numbered:
 * the same blocks, the same successor slots in the same order), and its numbering. */
typedef struct function_paths {
    unsigned *first, *succ;
    path_graph graph;
    path_numbering numbering;
    int numbered; /* ids are Ball-Larus numbers that decode */
} function_paths;

static void function_paths_free(function_paths *fp) {
    free(fp->first);
    free(fp->succ);
    path_numbering_free(&fp->numbering);
    memset(fp, 0, sizeof *fp);
}

static int function_paths_build(const fsabi_module *mod, uint32_t fi, function_paths *fp) {
    memset(fp, 0, sizeof *fp);
    const fsabi_function *f = &mod->functions[fi];
    uint32_t n = f->nblocks, nedges = 0;
    for (uint32_t b = 0; b < n; b++) nedges += mod->blocks[f->first_block + b].nsuccessors;
    fp->first = calloc((size_t)n + 1, sizeof *fp->first);
    fp->succ = calloc((size_t)nedges + 1, sizeof *fp->succ);
    if (!fp->first || !fp->succ) return -1;
    uint32_t e = 0;
    for (uint32_t b = 0; b < n; b++) {
        const fsabi_block *blk = &mod->blocks[f->first_block + b];
        fp->first[b] = e;
        for (uint32_t s = 0; s < blk->nsuccessors; s++)
            fp->succ[e++] = mod->edges[blk->first_successor + s] - f->first_block;
    }
    fp->first[n] = e;
    fp->graph = (path_graph){n, fp->first, fp->succ};
    if (path_numbering_build(&fp->graph, &fp->numbering) != 0) return -1;
    /* the numbering the transform used, when it was one: the same total */
    fp->numbered = fp->numbering.total != PATH_NUMBERING_TOO_MANY &&
                   fp->numbering.total == mod->path_functions[fi].total;
    return 0;
}

/* OUT's blocks (and back_to) from ID; returns the fewest runs any of them is proven
 * to have, or INFINITY when ID does not decode. */
static double decode(const fsabi_module *mod, uint32_t fi, const function_paths *fp, uint64_t id,
                     result_path *out, int *oom) {
    if (!fp->numbered) return INFINITY;
    unsigned *nodes = calloc((size_t)fp->graph.n + 1, sizeof *nodes), back_to;
    if (!nodes) {
        *oom = 1;
        return INFINITY;
    }
    size_t len = path_numbering_decode(&fp->graph, &fp->numbering, id, nodes, &back_to);
    double bound = len ? INFINITY : NAN;
    uint32_t first = mod->functions[fi].first_block;
    out->blocks = calloc(len + 1, sizeof *out->blocks);
    if (!out->blocks) *oom = 1;
    for (size_t k = 0; !*oom && k < len; k++) {
        const fsabi_block *b = &mod->blocks[first + nodes[k]];
        double runs = b->tail_mass > 0 ? INFINITY
                                       : runner_block_max_runs(b); /* a tail's level is no bound for a path */
        if (runs < bound) bound = runs;
        if (!(out->blocks[out->nblocks++] = strdup(b->label))) *oom = 1;
    }
    if (!*oom && len && back_to != UINT32_MAX && !(out->back_to = strdup(mod->blocks[first + back_to].label)))
        *oom = 1;
    free(nodes);
    return isnan(bound) ? INFINITY : bound;
}

/* What names a hashed path's entry OUT, path ID of function FI: its function, blocks
 * (decoded where the id is a path of the numbering FP), id (ORDINAL, its place among
 * its function's paths, where the id is a hash) and key; NOTE begins with why the
 * blocks are not decoded, when not. Returns the most runs a run makes of it as far as
 * is proven (INFINITY: nothing is); sets *OOM when memory ran out. */
static double entry_identity(result_path *out, const fsabi_module *mod, const function_paths *fp, uint32_t fi,
                             uint64_t id, uint64_t ordinal, char *note, size_t notelen, int *oom) {
    out->hashed = 1;
    if (!(out->function = strdup(mod->functions[fi].name))) *oom = 1;
    double bound = decode(mod, fi, fp, id, out, oom);
    double starts = hashed_verdict_starts(mod, fi);
    if (starts < bound) bound = starts;
    int exact_id = fp->numbered && id <= (uint64_t)INT64_MAX;
    out->id = exact_id ? id : ordinal;
    char key[24];
    snprintf(key, sizeof key, "0x%016llx", (unsigned long long)id);
    if (!(out->key = strdup(key))) *oom = 1;
    note[0] = 0;
    if (!out->nblocks)
        snprintf(note, notelen, "%s",
                 fp->numbered
                     ? "blocks not decoded: the id is not a path of the numbering"
                     : "blocks not decoded: the id is a hash of the path's edges (more than 2^64 paths)");
    return bound;
}

/* One hashed path's entry: figures, verdict, blocks, notes. ORDINAL is its place among
 * its function's paths seen. Under variance reduction PT's trials are replicates,
 * judged as such, and RUNS_OF holds the path's runs one by one, whose spread,
 * extremes and hits the entry gives. Returns 0, or -1 out of memory. */
static int path_entry(result_path *out, const fsabi_module *mod, const runner_config *cfg,
                      const function_paths *fp, const path_tally *pt, const path_tallies *runs_of,
                      uint64_t valid, uint64_t lost, uint64_t ordinal, double per) {
    int oom = 0;
    char note[320];
    double bound = entry_identity(out, mod, fp, pt->function, pt->id, ordinal, note, sizeof note, &oom);
    tally_moments m;
    tally_moments_of(&pt->t, valid, &m);
    block_verdict v;
    uint32_t runs = cfg->runs_per_trial > 1 ? cfg->runs_per_trial : 1;
    unsigned why = hashed_verdict_judge(&cfg->stop, &m, bound, lost, runs, &v);
    if (why & HASHED_NO_BOUND)
        snprintf(note + strlen(note), sizeof note - strlen(note), "%sno proven bound on its runs per run",
                 note[0] ? "; " : "");
    if (why & HASHED_INCOMPLETE)
        snprintf(note + strlen(note), sizeof note - strlen(note),
                 "%sincomplete: the per-trial path table was full in %llu trials and counts were lost",
                 note[0] ? "; " : "", (unsigned long long)lost);
    if (note[0] && !(out->note = strdup(note))) oom = 1;
    if (result_estimate_fill(&out->estimate, &m, &v, bound, per) != 0) oom = 1;
    if (runs > 1) { /* a replicate's runs that took no path are in no tally: zeros */
        const path_tally *one_by_one = runs_of ? path_tallies_lookup(runs_of, pt->function, pt->id) : NULL;
        tally none;
        tally_init(&none);
        tally_moments per_run;
        tally_moments_of(one_by_one ? &one_by_one->t : &none, valid * runs, &per_run);
        result_estimate_per_run(&out->estimate, &m, &per_run, runs, per);
    }
    return oom ? -1 : 0;
}

/* An enumerated hashed path's entry: its exact figures over every combination
 * (COMBINATIONS of positive probability), as an enumerated block's. */
static int enumerated_entry(result_path *out, const fsabi_module *mod, const function_paths *fp,
                            const enumerate_path *ep, uint64_t combinations, uint64_t ordinal, double per) {
    int oom = 0;
    char note[320];
    double bound = entry_identity(out, mod, fp, ep->function, ep->id, ordinal, note, sizeof note, &oom);
    if (note[0] && !(out->note = strdup(note))) oom = 1;
    tally_moments m = {combinations, ep->hits, ep->min, ep->max, ep->mean, ep->stddev * ep->stddev,
                       ep->stddev,   0};
    block_verdict v = {.status = BLOCK_CONSTANT,
                       .method = METHOD_EXACT,
                       .half_width = 0,
                       .p_upper = ep->p_reached,
                       .basis = BASIS_PROVEN,
                       .range = INFINITY};
    if (result_estimate_fill(&out->estimate, &m, &v, bound, per) != 0) oom = 1;
    return oom ? -1 : 0;
}

/* An upper bound on the total mean per run of the paths of function FI that no trial
 * took, at level ALPHA; NAN when none can be given. ITEMS[0 .. N) are FI's paths seen.
 * The trials are split at the middle: let M be the probability that a trial takes a
 * path the first half did not. The second half's trials are independent of the first,
 * so those of them taking such a path are a Binomial(H, M), H its valid trials, and
 * the one-sided Clopper-Pearson bound from their number holds M except with
 * probability ALPHA. Their number is at most the trials that took the paths first seen
 * in the second half (all of those are second-half trials). A path no trial took is
 * not in the first half either, and a trial runs at most R paths (the function's
 * proven path starts): their total mean is at most R M. */
static double unseen_bound(const fsabi_module *mod, uint32_t fi, const path_tally *items, size_t n,
                           const runner_result *rr, double alpha) {
    double r = hashed_verdict_starts(mod, fi);
    uint64_t half = rr->trials / 2, failed = runner_hashed_lost(rr);
    if (!isfinite(r) || rr->trials - half <= failed) return NAN;
    uint64_t h = rr->trials - half - failed, k = 0; /* at least H valid trials in the second half */
    for (size_t i = 0; i < n; i++)
        if (items[i].first_trial >= half && items[i].first_trial != UINT64_MAX) k += items[i].t.hits;
    return r * clopper_pearson_upper(k < h ? k : h, h, alpha);
}

/* The number of FI's paths, as the note says it. */
static void paths_total(const fsabi_module *mod, uint32_t fi, char *total, size_t len) {
    const fsabi_path_function *pf = &mod->path_functions[fi];
    if (pf->total == UINT64_MAX)
        snprintf(total, len, "more than 2^64");
    else
        snprintf(total, len, "%llu", (unsigned long long)pf->total);
}

/* Fills hashed function entry OUT: its NOTE, SEEN paths over TRIALS, LOST trials and
 * the bound on the unseen paths. Returns 0, or -1 out of memory. */
static int function_entry(result_path_function *out, const char *note, uint64_t seen, uint64_t trials,
                          uint64_t lost, double unseen) {
    free(out->note);
    out->note = strdup(note);
    out->hashed = 1;
    out->seen = seen;
    out->trials = trials;
    out->lost_trials = lost;
    out->unseen_bound = unseen;
    return out->note ? 0 : -1;
}

/* The note of hashed function FI when its paths were enumerated: all of them are
 * listed, SEEN in the COMBINATIONS run, so none is left out (unseen_bound 0). */
static int enumerated_note(result_path_function *out, const fsabi_module *mod, uint32_t fi, uint64_t seen,
                           uint64_t combinations) {
    char total[48], note[512];
    paths_total(mod, fi, total, sizeof total);
    snprintf(note, sizeof note,
             "hashed: %s paths > limit %llu; %llu distinct paths in the %llu combinations enumerated: every "
             "path a run can take is listed, with its exact mean",
             total, (unsigned long long)mod->max_paths, (unsigned long long)seen,
             (unsigned long long)combinations);
    return function_entry(out, note, seen, combinations, 0, 0);
}

/* The note of hashed function FI: what was seen, and what is not covered. */
static int function_note(result_path_function *out, const fsabi_module *mod, uint32_t fi, uint64_t seen,
                         uint64_t valid, uint64_t lost, double unseen, double confidence) {
    char total[48], note[512];
    paths_total(mod, fi, total, sizeof total);
    int n = snprintf(note, sizeof note,
                     "hashed: %s paths > limit %llu; %llu distinct paths seen in %llu trials; "
                     "paths never seen are not covered (their total mean in these trials is 0",
                     total, (unsigned long long)mod->max_paths, (unsigned long long)seen,
                     (unsigned long long)valid);
    if (n > 0 && (size_t)n < sizeof note)
        n += isfinite(unseen) && !lost
                 ? snprintf(note + n, sizeof note - (size_t)n, "; at most %.4g a run at %.4g%% confidence)",
                            unseen, 100 * confidence)
                 : snprintf(note + n, sizeof note - (size_t)n, "; no bound on it)");
    if (lost && n > 0 && (size_t)n < sizeof note)
        snprintf(note + n, sizeof note - (size_t)n,
                 "; the per-trial path table was full in %llu trials: counts "
                 "were lost, its paths are not converged",
                 (unsigned long long)lost);
    return function_entry(out, note, seen, valid, lost, lost ? NAN : unseen);
}

int path_hashed_results(result *r, const fsabi_module *mod, const runner_config *cfg, const runner_result *rr,
                        double per) {
    if (!mod->path_functions || !mod->path_table) return 0;
    const path_tallies *hashed = rr->state.hashed;
    const enumerate_path *enumerated = rr->enumerated_paths; /* in place of tallies, when enumerated */
    size_t nseen = enumerated ? rr->nenumerated_paths : hashed ? hashed->n : 0;
    result_path *grown = realloc(r->paths, (r->npaths + nseen + 1) * sizeof *grown);
    if (!grown) return -1;
    r->paths = grown;
    memset(r->paths + r->npaths, 0, (nseen + 1) * sizeof *r->paths);
    uint64_t valid = rr->trials - runner_hashed_lost(rr);
    size_t at = 0, listed = 0;
    for (uint32_t fi = 0; fi < mod->nfunctions; fi++) {
        if (mod->functions[fi].name[0] == '(') continue; /* the MMIO writes' entry has no paths */
        result_path_function *entry = &r->path_functions[listed++];
        if (mod->path_functions[fi].status != FSABI_PATHS_HASHED) continue;
        uint64_t lost = hashed ? path_tallies_lost(hashed, fi) : 0;
        function_paths fp;
        if (function_paths_build(mod, fi, &fp) != 0) {
            function_paths_free(&fp);
            return -1;
        }
        uint64_t ordinal = 0;
        size_t first = at;
        int rc = 0;
        if (enumerated) {
            for (; rc == 0 && at < nseen && enumerated[at].function == fi; at++, ordinal++)
                rc = enumerated_entry(&r->paths[r->npaths++], mod, &fp, &enumerated[at], rr->trials, ordinal,
                                      per);
            function_paths_free(&fp);
            if (rc != 0 || enumerated_note(entry, mod, fi, ordinal, rr->trials) != 0) return -1;
            continue;
        }
        for (; rc == 0 && at < nseen && hashed->items[at].function == fi; at++, ordinal++)
            rc = path_entry(&r->paths[r->npaths++], mod, cfg, &fp, &hashed->items[at], rr->hashed_runs, valid,
                            lost, ordinal, per);
        function_paths_free(&fp);
        double unseen =
            unseen_bound(mod, fi, hashed ? hashed->items + first : NULL, at - first, rr, cfg->stop.alpha);
        if (rc != 0 ||
            function_note(entry, mod, fi, ordinal, valid, lost, unseen / per, 1 - cfg->stop.alpha) != 0)
            return -1;
    }
    return 0;
}
