/* freqsys/run/run_result.c: a run's result from the runner's moments and verdicts: blocks, functions, MMIO
 * writes, paths, contexts, sensitivities, an enumeration's exact figures. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "run_result.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_cdf.h>
#include "draw_scores.h"
#include "path_hashed.h"
#include "result_estimate_fill.h"
#include "run_exceeded.h"
#include "run_outcomes.h"
#include "score_sums.h"
/* File names relative to the spec's folder read better and do not depend on where
 * the checkout lives, so identical runs give identical JSON on any machine. */
static char *relative_file(const spec *s, const char *file);

/* relative_file as run_crash_sites_fill asks for it. */
static char *file_as_written(const char *file, void *s) {
    return relative_file(s, file);
}

static char *relative_file(const spec *s, const char *file) {
    char *real_dir = realpath(s->dir, NULL);
    const char *f = file;
    if (real_dir) {
        size_t n = strlen(real_dir);
        if (strncmp(file, real_dir, n) == 0 && file[n] == '/') f = file + n + 1;
    }
    char *out = strdup(f);
    free(real_dir);
    return out;
}

/* Names on an entry the spec's cap its bound BOUND rests on, when block B's bound is
 * BOUND and rests on one: its CAP, and basis "cap" where the verdict used the bound.
 * Returns 0, or -1 out of memory. */
static int name_cap(const fsabi_block *b, double bound, const block_verdict *v, result_estimate *e,
                    char **cap) {
    if (!b || !b->bound_from || !b->bound_from[0] || b->tail_mass > 0 || runner_block_max_runs(b) != bound)
        return 0;
    if (!(*cap = strdup(b->bound_from))) return -1;
    if (v->basis == BASIS_PROVEN && isfinite(v->range)) {
        free(e->basis);
        if (!(e->basis = strdup("cap"))) return -1;
    }
    return 0;
}

/* The block of path FP whose bound is the path's: its rarest. */
static const fsabi_block *rarest_block(const fsabi_module *mod, const fsabi_path *fp) {
    const fsabi_block *rarest = NULL;
    for (uint32_t k = 0; k < fp->nblocks; k++) {
        const fsabi_block *b = &mod->blocks[mod->path_blocks[fp->first_block + k]];
        if (!rarest || runner_block_max_runs(b) < runner_block_max_runs(rarest)) rarest = b;
    }
    return rarest;
}

/* The paths' estimates and each function's path count, with --paths; per call
 * (divided by PER, the counted calls of a trial) as the blocks', and per run of a
 * replicate of RUNS runs. */
static int make_paths(result *r, const fsabi_module *mod, const runner_result *rr, double per,
                      uint32_t runs) {
    if (!mod->path_functions) return 0;
    r->max_paths = mod->max_paths;
    r->paths = calloc(mod->npaths + 1, sizeof *r->paths);
    r->path_functions = calloc(mod->nfunctions + 1, sizeof *r->path_functions);
    if (!r->paths || !r->path_functions) return -1;
    for (uint64_t p = 0; p < mod->npaths; p++) {
        const fsabi_path *fp = &mod->paths[p];
        uint64_t j = fsabi_path_base(mod) + p;
        const tally_moments *m = &rr->moments[j];
        const block_verdict *v = &rr->verdicts[j];
        result_path *out = &r->paths[r->npaths++];
        out->function = strdup(mod->functions[fp->function_index].name);
        out->id = fp->id;
        out->blocks = calloc(fp->nblocks + 1, sizeof *out->blocks);
        if (!out->function || !out->blocks) return -1;
        for (uint32_t k = 0; k < fp->nblocks; k++)
            if (!(out->blocks[out->nblocks++] =
                      strdup(mod->blocks[mod->path_blocks[fp->first_block + k]].label)))
                return -1;
        if (fp->back_to != FSABI_PATH_ENDS && !(out->back_to = strdup(mod->blocks[fp->back_to].label)))
            return -1;
        if (result_estimate_fill(&out->estimate, m, v, runner_path_max_runs(fp), per) != 0 ||
            name_cap(rarest_block(mod, fp), runner_path_max_runs(fp), v, &out->estimate, &out->cap) != 0)
            return -1;
        if (rr->run_moments) result_estimate_per_run(&out->estimate, m, &rr->run_moments[j], runs, per);
    }
    for (uint64_t f = 0; f < mod->nfunctions; f++) {
        const fsabi_path_function *pf = &mod->path_functions[f];
        if (mod->functions[f].name[0] == '(') continue; /* "(mmio writes)" is no function */
        result_path_function *out = &r->path_functions[r->npath_functions++];
        out->function = strdup(mod->functions[f].name);
        out->paths = pf->status == FSABI_PATHS_UNSUPPORTED ? UINT64_MAX : pf->total;
        out->counted = pf->status == FSABI_PATHS_COUNTED;
        char note[160] = "";
        if (pf->status == FSABI_PATHS_TOO_MANY && pf->total == UINT64_MAX)
            snprintf(note, sizeof note, "not counted: more than 2^64 paths > limit %llu",
                     (unsigned long long)mod->max_paths);
        else if (pf->status == FSABI_PATHS_TOO_MANY && pf->total > mod->max_paths)
            snprintf(note, sizeof note, "not counted: %llu paths > limit %llu", (unsigned long long)pf->total,
                     (unsigned long long)mod->max_paths);
        else if (pf->status == FSABI_PATHS_TOO_MANY)
            snprintf(note, sizeof note, "not counted: %llu paths, past the module's room for path counters",
                     (unsigned long long)pf->total);
        else if (pf->status == FSABI_PATHS_UNSUPPORTED)
            snprintf(
                note, sizeof note,
                "not counted: control flow the numbering does not follow (setjmp, asm goto, exception pads)");
        if (!out->function || (note[0] && !(out->note = strdup(note)))) return -1;
    }
    return 0;
}

/* `--sensitivity`: every block's derivative for every scored parameter (per call:
 * divided by PER as the means are), and the parameters without one. Returns 0, or
 * -1 when memory ran out. */
int run_result_sensitivities(result *r, const runtime_table *rt, const runner_config *cfg,
                             const runner_result *rr, double per) {
    size_t nparams, nscored;
    const draw_score_param *params = rt->scores_params(&nparams, &nscored);
    r->has_sensitivities = 1;
    r->sensitivities = calloc(r->nblocks * nscored + 1, sizeof *r->sensitivities);
    r->sensitivity_skipped = calloc(nparams - nscored + 1, sizeof *r->sensitivity_skipped);
    if (!r->sensitivities || !r->sensitivity_skipped) return -1;
    double z = gsl_cdf_ugaussian_Pinv(1 - (1 - cfg->stop.confidence) / 2);
    uint64_t valid = rr->trials - runner_hashed_lost(rr); /* scores are lost with the worker too */
    for (size_t j = 0; j < r->nblocks && rr->scores; j++)
        for (size_t p = 0; p < nscored; p++) {
            result_sensitivity *out = &r->sensitivities[r->nsensitivities++];
            out->block = j;
            out->value = params[p].value;
            const tally_moments *m = &rr->moments[j];
            if (score_sums_estimate(rr->scores, (uint32_t)j, (uint32_t)p, valid, m->mean, m->variance, z,
                                    &out->derivative, &out->half_width) != 0)
                out->derivative = out->half_width = NAN;
            out->derivative /= per;
            out->half_width /= per;
            if (!(out->input = strdup(params[p].input)) || !(out->parameter = strdup(params[p].name)))
                return -1;
        }
    for (size_t p = nscored; p < nparams; p++) {
        result_sensitivity_skip *out = &r->sensitivity_skipped[r->nsensitivity_skipped++];
        if (!(out->input = strdup(params[p].input)) || !(out->parameter = strdup(params[p].name))) return -1;
    }
    return 0;
}

/* Context C of the module (`--contexts`): its chain and its blocks' estimates, per
 * call (PER calls counted per trial) or per run (of a replicate of RUNS runs).
 * Returns 0, or -1 out of memory. */
static int context_of(result_context *out, const fsabi_module *mod, const runner_result *rr, uint64_t c,
                      double per, uint32_t runs) {
    static const char *const kinds[] = {"calls", "outside", "other"};
    const fsabi_context *fc = &mod->contexts[c];
    const fsabi_function *f = &mod->functions[fc->function_index];
    const fsabi_context_function *cf = &mod->context_functions[fc->function_index];
    out->function = strdup(f->name);
    out->index = c - cf->first_context;
    out->kind = strdup(kinds[fc->kind < 3 ? fc->kind : 2]);
    out->calls = calloc(fc->nsites + 1, sizeof *out->calls);
    out->blocks = calloc(f->nblocks + 1, sizeof *out->blocks);
    if (!out->function || !out->kind || !out->calls || !out->blocks) return -1;
    for (uint32_t k = 0; k < fc->nsites; k++) {
        const fsabi_call_site *site = &mod->call_sites[mod->context_sites[fc->first_site + k]];
        result_call_site *cs = &out->calls[out->ncalls++];
        cs->function = strdup(mod->functions[site->caller].name);
        cs->line = (int)site->line;
        cs->column = (int)site->column;
        cs->block = strdup(mod->blocks[site->block].label);
        if (!cs->function || !cs->block) return -1;
    }
    /* a function of one context has no counters of its own: its blocks' are the context's */
    uint64_t context_base = fsabi_context_base(mod);
    uint64_t first =
        cf->ncounters ? context_base + cf->first_counter + out->index * f->nblocks : f->first_block;
    for (uint32_t j = 0; j < f->nblocks; j++) {
        const tally_moments *m = &rr->moments[first + j];
        const block_verdict *v = &rr->verdicts[first + j];
        const fsabi_block *block = &mod->blocks[f->first_block + j];
        double bound = cf->ncounters ? runner_context_max_runs(mod, first + j - context_base)
                                     : runner_block_max_runs(block);
        result_context_block *b = &out->blocks[out->nblocks++];
        if (!(b->block = strdup(block->label)) || result_estimate_fill(&b->estimate, m, v, bound, per) != 0 ||
            name_cap(block, bound, v, &b->estimate, &b->cap) != 0)
            return -1;
        if (rr->run_moments) result_estimate_per_run(&b->estimate, m, &rr->run_moments[first + j], runs, per);
    }
    return 0;
}

int run_result_contexts(result *r, const runner_config *cfg, const runner_result *rr, double per) {
    const fsabi_module *mod = cfg->mod;
    if (!mod->context_functions) return 0;
    r->context_depth = mod->context_depth;
    r->contexts = calloc(mod->ncontexts + 1, sizeof *r->contexts);
    if (!r->contexts) return -1;
    for (uint64_t c = 0; c < mod->ncontexts; c++) {
        r->ncontexts++;
        if (context_of(&r->contexts[c], mod, rr, c, per, cfg->runs_per_trial) != 0) return -1;
    }
    return 0;
}

/* Under variance reduction the rule judged replicate totals of K runs: the block's
 * figures per run are those divided by K, and its spread, extremes and hits those
 * of the runs themselves (RUN). The variance ratio compares plain sampling's
 * variance of a mean of K runs, s^2 / K with s the runs' own spread, with the
 * replicate mean's, Var(total) / K^2: from the same runs. */
static void per_run(result_block *out, const tally_moments *m, const tally_moments *run, uint32_t runs,
                    double per) {
    double k = (double)runs;
    result_estimate_per_run(&out->estimate, m, run, runs, per);
    double plain = run->variance / k, replicate = m->variance / (k * k);
    out->variance_ratio = replicate > 0 ? plain / replicate : NAN;
}

/* Block J of the result from the runner's moments and verdicts, per call (PER calls
 * counted per trial) or per run. Returns 0, or -1 when memory ran out. */
static int block_of(result_block *out, const spec *s, const runner_config *cfg, const runner_result *rr,
                    uint64_t j, double per) {
    const fsabi_module *mod = cfg->mod;
    const fsabi_block *b = &mod->blocks[j];
    const tally_moments *m = &rr->moments[j];
    const block_verdict *v = &rr->verdicts[j];
    out->function = strdup(b->function);
    out->block = strdup(b->label);
    out->file = relative_file(s, b->file);
    out->line = (int)b->line;
    if (result_estimate_fill(&out->estimate, m, v, runner_block_max_runs(b), per) != 0) return -1;
    if (b->bound_from && b->bound_from[0] &&
        b->max_runs != FSABI_RUNS_UNBOUNDED) { /* the bound is a spec's cap, not a proof */
        if (!(out->cap = strdup(b->bound_from))) return -1;
        if (v->basis == BASIS_PROVEN && isfinite(v->range)) {
            free(out->basis);
            if (!(out->basis = strdup("cap"))) return -1;
        }
    }
    out->proven_once = (b->flags & FSABI_BLOCK_ONCE) != 0;
    out->tail_mass = cfg->weight_unit > 0 ? 0 : b->tail_mass; /* per run: only one counted call has tails */
    out->variance_ratio = NAN;
    if (rr->run_moments) per_run(out, m, &rr->run_moments[j], cfg->runs_per_trial, per);
    out->successors = calloc(b->nsuccessors + 1, sizeof *out->successors);
    out->callees = calloc(b->ncallees + 1, sizeof *out->callees);
    if (!out->successors || !out->callees) return -1;
    for (uint32_t k = 0; k < b->nsuccessors; k++)
        out->successors[out->nsuccessors++] = mod->edges[b->first_successor + k];
    for (uint32_t k = 0; k < b->ncallees; k++)
        out->callees[out->ncallees++] = strdup(mod->functions[mod->edges[b->first_callee + k]].name);
    return 0;
}

result *run_result_make(const spec *s, const char *spec_path, const runner_config *cfg,
                        const runner_result *rr) {
    const fsabi_module *mod = cfg->mod;
    result *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->spec = strdup(spec_path);
    r->mode = strdup(s->function ? "function" : "program");
    r->entry = strdup(s->function ? s->function : "main");
    /* The harness judged each trial's total over its counted calls; per call is that
     * divided by their number (1 without `calls`), an exact change of units. */
    double per = (double)spec_counted_calls(s);
    r->calls = s->function ? s->calls : 1;
    r->warmup = s->function ? s->warmup : 0;
    r->epsilon = cfg->stop.relative ? cfg->stop.epsilon : cfg->stop.epsilon / per;
    r->relative = cfg->stop.relative;
    r->epsilon_floor = cfg->stop.floor / per;
    r->confidence = cfg->stop.confidence;
    r->seed = cfg->seed;
    r->guarantee = strdup(cfg->stop.family == STOP_BONFERRONI ? "simultaneous_bonferroni"
                          : cfg->stop.family == STOP_SIDAK    ? "simultaneous_sidak"
                                                              : "per_block");
    r->stop_method = strdup(stop_method_name(cfg->stop.method));
    r->block_confidence = 1.0 - cfg->stop.alpha;
    r->sampling = strdup(sampling_method_name(cfg->sampling));
    r->runs_per_trial = cfg->runs_per_trial;
    r->runs = rr->trials * cfg->runs_per_trial;
    r->trials = rr->trials;
    r->crashes = rr->crashes;
    r->timeouts = rr->timeouts;
    r->input_errors = rr->input_errors;
    r->converged = rr->converged;
    r->interrupted = rr->interrupted;
    r->gave_up = rr->gave_up;
    r->paced_by = rr->paced_by <= mod->nblocks ? (size_t)rr->paced_by : 0;
    r->time_limited = rr->time_limited;
    r->all_failed = rr->all_failed;
    r->timeout_s = cfg->timeout_s;
    r->timeout_calibrated = cfg->timeout_calibrated;
    if (run_outcomes_fill(r, rr, cfg->stop.confidence) != 0 ||
        run_crash_sites_fill(r, mod, rr, file_as_written, (void *)s) != 0 ||
        run_exceeded_fill(r, s, cfg, rr, file_as_written, (void *)s) != 0) {
        result_free(r);
        return NULL;
    }
    r->elapsed_s = rr->elapsed_s;
    r->trials_per_s = rr->elapsed_s > 0 ? (double)rr->trials / rr->elapsed_s : 0;
    r->jobs = cfg->jobs;
    r->nblocks = mod->nblocks;
    r->blocks = calloc(mod->nblocks + 1, sizeof *r->blocks);
    r->failures = calloc(rr->nfailures + 1, sizeof *r->failures);
    if (!r->blocks || !r->failures) {
        result_free(r);
        return NULL;
    }
    for (uint64_t j = 0; j < mod->nblocks; j++)
        if (block_of(&r->blocks[j], s, cfg, rr, j, per) != 0) {
            result_free(r);
            return NULL;
        }
    r->functions = calloc(mod->nfunctions + 1, sizeof *r->functions);
    if (!r->functions) {
        result_free(r);
        return NULL;
    }
    for (uint64_t f = 0; f < mod->nfunctions; f++) {
        if (mod->functions[f].name[0] == '(') continue; /* "(mmio writes)" is no function */
        result_function *out = &r->functions[r->nfunctions++];
        out->name = strdup(mod->functions[f].name);
        out->file = relative_file(s, mod->functions[f].file);
        out->line = (int)mod->functions[f].line;
    }
    r->mmio_writes = calloc(mod->nwrites + 1, sizeof *r->mmio_writes);
    if (!r->mmio_writes) {
        result_free(r);
        return NULL;
    }
    for (uint64_t k = 0; k < mod->nwrites; k++) {
        const tally_moments *m = &rr->moments[fsabi_write_base(mod) + k];
        r->mmio_writes[k] = (result_mmio_write){mod->write_addresses[k],
                                                m->mean / per,
                                                m->stddev / per,
                                                rr->verdicts[fsabi_write_base(mod) + k].half_width / per,
                                                m->min,
                                                m->max};
        if (rr->run_moments) {
            const tally_moments *run = &rr->run_moments[fsabi_write_base(mod) + k];
            double runs = (double)cfg->runs_per_trial * per;
            r->mmio_writes[k] = (result_mmio_write){mod->write_addresses[k],
                                                    m->mean / runs,
                                                    run->stddev / per,
                                                    rr->verdicts[fsabi_write_base(mod) + k].half_width / runs,
                                                    run->min,
                                                    run->max};
        }
    }
    r->nmmio_writes = mod->nwrites;
    r->nfailures = rr->nfailures;
    for (size_t i = 0; i < rr->nfailures; i++) {
        r->failures[i].trial = rr->failures[i].trial;
        r->failures[i].kind = strdup(rr->failures[i].kind == FAILURE_TIMEOUT ? "timeout"
                                     : rr->failures[i].kind == FAILURE_INPUT ? "input"
                                                                             : "crash");
        r->failures[i].signal = rr->failures[i].signal;
    }
    return r;
}

int run_result_paths(result *r, const runner_config *cfg, const runner_result *rr, double per) {
    return make_paths(r, cfg->mod, rr, per, cfg->runs_per_trial) != 0 ||
                   path_hashed_results(r, cfg->mod, cfg, rr, per) != 0
               ? -1
               : 0;
}

int run_result_enumeration_runs(const enumerate_result *en, size_t ncounters, runner_result *rr) {
    *rr = (runner_result){0};
    rr->moments = calloc(ncounters + 1, sizeof *rr->moments);
    rr->verdicts = calloc(ncounters + 1, sizeof *rr->verdicts);
    if (!rr->moments || !rr->verdicts) {
        free(rr->moments);
        free(rr->verdicts);
        return -1;
    }
    for (size_t j = 0; j < ncounters; j++) {
        rr->moments[j] = (tally_moments){en->combinations, en->hits[j],
                                         en->min[j],       en->max[j],
                                         en->mean[j],      en->stddev[j] * en->stddev[j],
                                         en->stddev[j],    0};
        rr->verdicts[j] = (block_verdict){.status = BLOCK_CONSTANT,
                                          .method = METHOD_EXACT,
                                          .half_width = 0,
                                          .p_upper = en->p_reached[j],
                                          .basis = BASIS_PROVEN,
                                          .range = INFINITY};
    }
    rr->trials = en->combinations;
    rr->enumerated_paths = en->paths;
    rr->nenumerated_paths = en->npaths;
    rr->converged = 1;
    rr->elapsed_s = en->elapsed_s;
    return 0;
}

/* An enumerated entry (a block, a path, a block in a context): exact. */
static void mark_enumerated(result_estimate *e) {
    result_estimate_free(e);
    e->status = strdup("exact");
    e->method = strdup("enumerated");
    e->basis = strdup("enumerated");
    e->range = NAN;
}

void run_result_enumerated(result *r, const enumerate_result *en) {
    for (size_t j = 0; j < r->nblocks; j++) mark_enumerated(&r->blocks[j].estimate);
    for (size_t p = 0; p < r->npaths; p++) mark_enumerated(&r->paths[p].estimate);
    for (size_t c = 0; c < r->ncontexts; c++)
        for (size_t j = 0; j < r->contexts[c].nblocks; j++)
            mark_enumerated(&r->contexts[c].blocks[j].estimate);
    free(r->sampling);
    r->sampling = strdup("enumerated");
    r->runs_per_trial = 1;
    r->runs = en->combinations;
    r->draws_per_run = en->draws;
}
