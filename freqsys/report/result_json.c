/* freqsys/report/result_json.c: the result as JSON ("freqsys-result" version 1): built and read with jansson,
 * printed here. */
/* SPDX-License-Identifier: MIT */
#include "result.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---- writing ---- */

/* Length of the well-formed UTF-8 sequence at P, or 0 when it is not one (overlong forms,
 * surrogates and code points past U+10FFFF included, as jansson rejects them). */
static size_t seqlen(const unsigned char *p) {
    unsigned c = p[0], cp;
    size_t n;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2, cp = c & 0x1F;
    else if (c >= 0xE0 && c <= 0xEF)
        n = 3, cp = c & 0x0F;
    else if (c >= 0xF0 && c <= 0xF4)
        n = 4, cp = c & 0x07;
    else
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((p[i] & 0xC0) != 0x80) return 0;
        cp = cp << 6 | (p[i] & 0x3F);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return n;
}

/* A JSON string for S: NULL becomes "", and bytes that are not UTF-8 (a file name in
 * Latin-1, say) become U+FFFD, so the output is always valid JSON. */
static json_t *str(const char *s) {
    if (!s) return json_string("");
    const unsigned char *p = (const unsigned char *)s;
    size_t len = strlen(s), i = 0;
    while (i < len && seqlen(p + i)) i += seqlen(p + i);
    if (i == len) return json_string(s);
    char *buf = malloc(3 * len + 1), *q = buf;
    if (!buf) return NULL;
    for (i = 0; i < len;) {
        size_t n = seqlen(p + i);
        if (n) {
            memcpy(q, p + i, n);
            q += n, i += n;
        } else {
            memcpy(q, "\xEF\xBF\xBD", 3);
            q += 3, i++;
        }
    }
    *q = '\0';
    json_t *j = json_string(buf);
    free(buf);
    return j;
}

/* NaN and infinities have no JSON form: they are written as null. */
static json_t *real(double x) {
    return isfinite(x) ? json_real(x) : json_null();
}

/* jansson integers are signed long long; a count past LLONG_MAX is written as LLONG_MAX. */
static json_t *count(uint64_t v) {
    return json_integer(v > (uint64_t)LLONG_MAX ? LLONG_MAX : (json_int_t)v);
}

/* Adds KEY: V at the end of O (jansson keeps insertion order); a NULL V from a failed
 * allocation marks the whole document bad. */
static void set(json_t *o, const char *key, json_t *v, int *bad) {
    if (!o || !v || json_object_set_new(o, key, v) != 0) *bad = 1;
}

/* Which of an estimate's members to write or read, in their order. A block's order is
 * its own, older than paths; a path or a context block gives the contract members
 * first (mean, half_width, status: ESTIMATE_CONTRACT), then what it has besides, then
 * the rest of its estimate (ESTIMATE_REST). */
typedef enum estimate_part {
    ESTIMATE_BLOCK,    /* mean, stddev, half_width, min, max, status, hits, method, p_upper,
                        * and basis, range, max_runs when the basis is known */
    ESTIMATE_CONTRACT, /* mean, half_width, status */
    ESTIMATE_REST      /* stddev, min, max, hits, method, p_upper, basis, range, max_runs */
} estimate_part;

/* Adds PART of E's members to O, in that part's order. */
static void estimate_json(json_t *o, const result_estimate *e, estimate_part part, int *bad) {
    if (part != ESTIMATE_REST) {
        set(o, "mean", real(e->mean), bad);
        if (part == ESTIMATE_BLOCK) set(o, "stddev", real(e->stddev), bad);
        set(o, "half_width", real(e->half_width), bad);
        if (part == ESTIMATE_BLOCK) {
            set(o, "min", count(e->min), bad);
            set(o, "max", count(e->max), bad);
        }
        set(o, "status", str(e->status), bad);
        if (part == ESTIMATE_CONTRACT) return;
    } else {
        set(o, "stddev", real(e->stddev), bad);
        set(o, "min", count(e->min), bad);
        set(o, "max", count(e->max), bad);
    }
    set(o, "hits", count(e->hits), bad);
    set(o, "method", str(e->method), bad);
    set(o, "p_upper", real(e->p_upper), bad);
    if (part == ESTIMATE_BLOCK && !(e->basis && e->basis[0]))
        return; /* a block of a result written before bases were recorded */
    set(o, "basis", str(e->basis), bad);
    set(o, "range", real(e->range), bad);
    set(o, "max_runs", real(e->max_runs), bad);
    if (e->unbounded) set(o, "unbounded", count(e->unbounded), bad);
    if (e->cap_exceeded) set(o, "cap_exceeded", json_true(), bad);
}

static json_t *block_json(const result_block *b, int *bad) {
    json_t *o = json_object();
    set(o, "function", str(b->function), bad);
    set(o, "block", str(b->block), bad);
    set(o, "file", str(b->file), bad);
    set(o, "line", json_integer(b->line), bad);
    estimate_json(o, &b->estimate, ESTIMATE_BLOCK, bad);
    if (b->cap) set(o, "cap", str(b->cap), bad);
    if (isfinite(b->variance_ratio) && b->variance_ratio > 0)
        set(o, "variance_ratio", real(b->variance_ratio), bad);
    if (b->proven_once) set(o, "proven_once", json_true(), bad);
    if (b->tail_mass > 0) set(o, "tail_mass", real(b->tail_mass), bad);
    json_t *succ = json_array(), *calls = json_array();
    for (size_t k = 0; succ && k < b->nsuccessors; k++)
        if (json_array_append_new(succ, json_integer(b->successors[k])) != 0) *bad = 1;
    for (size_t k = 0; calls && k < b->ncallees; k++)
        if (json_array_append_new(calls, str(b->callees[k])) != 0) *bad = 1;
    set(o, "successors", succ, bad);
    set(o, "callees", calls, bad);
    return o;
}

static json_t *function_json(const result_function *f, int *bad) {
    json_t *o = json_object();
    set(o, "name", str(f->name), bad);
    set(o, "file", str(f->file), bad);
    set(o, "line", json_integer(f->line), bad);
    return o;
}

static json_t *mmio_write_json(const result_mmio_write *w, int *bad) {
    char address[24];
    snprintf(address, sizeof address, "0x%08llx", (unsigned long long)w->address);
    json_t *o = json_object();
    set(o, "address", json_string(address), bad);
    set(o, "mean", real(w->mean), bad);
    set(o, "stddev", real(w->stddev), bad);
    set(o, "half_width", real(w->half_width), bad);
    set(o, "min", count(w->min), bad);
    set(o, "max", count(w->max), bad);
    return o;
}

/* The contract fields first ("function", "id", "blocks", "mean", "half_width",
 * "status"), then what a block has besides. */
static json_t *path_json(const result_path *p, int *bad) {
    json_t *o = json_object(), *blocks = json_array();
    set(o, "function", str(p->function), bad);
    set(o, "id", count(p->id), bad);
    for (size_t k = 0; blocks && k < p->nblocks; k++)
        if (json_array_append_new(blocks, str(p->blocks[k])) != 0) *bad = 1;
    set(o, "blocks", blocks, bad);
    estimate_json(o, &p->estimate, ESTIMATE_CONTRACT, bad);
    if (p->back_to) set(o, "back_to", str(p->back_to), bad);
    estimate_json(o, &p->estimate, ESTIMATE_REST, bad);
    if (p->cap) set(o, "cap", str(p->cap), bad);
    if (p->hashed) {
        set(o, "hashed", json_true(), bad);
        set(o, "key", str(p->key), bad);
        if (p->note) set(o, "note", str(p->note), bad);
    }
    return o;
}

static json_t *path_function_json(const result_path_function *f, int *bad) {
    json_t *o = json_object();
    set(o, "function", str(f->function), bad);
    set(o, "paths", f->paths == UINT64_MAX ? json_null() : count(f->paths), bad);
    set(o, "counted", json_boolean(f->counted), bad);
    if (f->note) set(o, "note", str(f->note), bad);
    if (f->hashed) {
        set(o, "hashed", json_true(), bad);
        set(o, "seen", count(f->seen), bad);
        set(o, "trials", count(f->trials), bad);
        set(o, "lost_trials", count(f->lost_trials), bad);
        set(o, "unseen_bound", real(f->unseen_bound), bad);
    }
    return o;
}

/* A context: its function, index and kind, its chain of calls outermost first, and
 * each block's estimate with the fields a path has. */
static json_t *context_json(const result_context *c, int *bad) {
    json_t *o = json_object(), *calls = json_array(), *blocks = json_array();
    set(o, "function", str(c->function), bad);
    set(o, "index", count(c->index), bad);
    set(o, "kind", str(c->kind), bad);
    for (size_t k = 0; calls && k < c->ncalls; k++) {
        json_t *call = json_object();
        set(call, "function", str(c->calls[k].function), bad);
        set(call, "line", json_integer(c->calls[k].line), bad);
        set(call, "column", json_integer(c->calls[k].column), bad);
        set(call, "block", str(c->calls[k].block), bad);
        if (json_array_append_new(calls, call) != 0) *bad = 1;
    }
    set(o, "calls", calls, bad);
    for (size_t k = 0; blocks && k < c->nblocks; k++) {
        const result_context_block *b = &c->blocks[k];
        json_t *e = json_object();
        set(e, "block", str(b->block), bad);
        estimate_json(e, &b->estimate, ESTIMATE_CONTRACT, bad);
        estimate_json(e, &b->estimate, ESTIMATE_REST, bad);
        if (b->cap) set(e, "cap", str(b->cap), bad);
        if (json_array_append_new(blocks, e) != 0) *bad = 1;
    }
    set(o, "blocks", blocks, bad);
    return o;
}

static json_t *failure_json(const result_failure *f, int *bad) {
    json_t *o = json_object();
    set(o, "trial", count(f->trial), bad);
    set(o, "kind", str(f->kind), bad);
    set(o, "signal", json_integer(f->signal), bad);
    return o;
}

/* How the trials ended: {"returned": {"trials", "share", "low", "high"}, ...}. */
static json_t *outcomes_json(const result *r, int *bad) {
    json_t *o = json_object();
    for (size_t i = 0; o && i < r->noutcomes; i++) {
        const result_outcome *x = &r->outcomes[i];
        json_t *e = json_object();
        set(e, "trials", count(x->trials), bad);
        set(e, "share", real(x->share), bad);
        set(e, "low", real(x->low), bad);
        set(e, "high", real(x->high), bad);
        set(o, x->name, e, bad);
    }
    return o;
}

/* Where crashed trials stopped. */
static json_t *crash_sites_json(const result *r, int *bad) {
    json_t *a = json_array();
    for (size_t i = 0; a && i < r->ncrash_sites; i++) {
        const result_crash_site *x = &r->crash_sites[i];
        json_t *o = json_object();
        set(o, "function", str(x->function), bad);
        set(o, "block", str(x->block), bad);
        set(o, "file", str(x->file), bad);
        set(o, "line", json_integer(x->line), bad);
        set(o, "signal", json_integer(x->signal), bad);
        set(o, "trials", count(x->trials), bad);
        set(o, "first_trial", count(x->first_trial), bad);
        if (json_array_append_new(a, o) != 0) *bad = 1;
    }
    return a;
}

/* The caps and proofs the trials contradicted. */
static json_t *exceeded_json(const result *r, int *bad) {
    json_t *a = json_array();
    for (size_t i = 0; a && i < r->nexceeded; i++) {
        const result_exceeded *x = &r->exceeded[i];
        json_t *o = json_object();
        set(o, "bound", str(x->bound), bad);
        set(o, "function", str(x->function), bad);
        set(o, "block", str(x->block), bad);
        set(o, "file", str(x->file), bad);
        set(o, "line", json_integer(x->line), bad);
        set(o, "max", count(x->max), bad);
        set(o, "limit", count(x->limit), bad);
        if (json_array_append_new(a, o) != 0) *bad = 1;
    }
    return a;
}

/* `run --rare`: the target, the mixture and the tilts the pilot found. */
static void rare(json_t *o, const result *r, int *bad) {
    json_t *e = json_object(), *tilts = json_array();
    set(e, "block", str(r->rare_block), bad);
    set(e, "mixture", real(r->rare_mixture), bad);
    set(e, "max_tilted_draws", count(r->rare_max_tilted), bad);
    set(e, "pilot_runs", count(r->rare_pilot_runs), bad);
    for (size_t i = 0; tilts && i < r->nrare_tilts; i++)
        if (json_array_append_new(tilts, str(r->rare_tilts[i])) != 0) *bad = 1;
    set(e, "tilts", tilts, bad);
    set(o, "rare", e, bad);
}

/* An entry about block BLOCK: its index, function and label, for reading without `blocks`. */
static json_t *block_named(const result *r, size_t block, int *bad) {
    const result_block *b = block < r->nblocks ? &r->blocks[block] : NULL;
    json_t *e = json_object();
    set(e, "block", count(block), bad);
    set(e, "function", str(b ? b->function : ""), bad);
    set(e, "label", str(b ? b->block : ""), bad);
    return e;
}

/* `run --sensitivity`: the derivatives, and the parameters that have none. */
static void sensitivities(json_t *o, const result *r, int *bad) {
    json_t *list = json_array(), *skipped = json_array();
    for (size_t i = 0; list && i < r->nsensitivities; i++) {
        const result_sensitivity *s = &r->sensitivities[i];
        json_t *e = block_named(r, s->block, bad);
        set(e, "input", str(s->input), bad);
        set(e, "parameter", str(s->parameter), bad);
        set(e, "value", real(s->value), bad);
        set(e, "derivative", real(s->derivative), bad);
        set(e, "half_width", real(s->half_width), bad);
        if (json_array_append_new(list, e) != 0) *bad = 1;
    }
    for (size_t i = 0; skipped && i < r->nsensitivity_skipped; i++) {
        json_t *e = json_object();
        set(e, "input", str(r->sensitivity_skipped[i].input), bad);
        set(e, "parameter", str(r->sensitivity_skipped[i].parameter), bad);
        if (json_array_append_new(skipped, e) != 0) *bad = 1;
    }
    set(o, "sensitivities", list, bad);
    set(o, "sensitivity_skipped", skipped, bad);
}

/* `run --quantiles`: the levels, and each block's quantile at each. */
static void quantiles(json_t *o, const result *r, int *bad) {
    json_t *levels = json_array(), *list = json_array();
    for (size_t i = 0; levels && i < r->nquantile_levels; i++)
        if (json_array_append_new(levels, real(r->quantile_levels[i])) != 0) *bad = 1;
    for (size_t i = 0; list && i < r->nquantiles; i++) {
        const result_quantile *q = &r->quantiles[i];
        json_t *e = block_named(r, q->block, bad);
        set(e, "level", real(q->level), bad);
        set(e, "value", count(q->value), bad);
        set(e, "low", count(q->low), bad);
        set(e, "high", real(q->high), bad); /* null: no upper end */
        set(e, "status", str(q->status), bad);
        if (json_array_append_new(list, e) != 0) *bad = 1;
    }
    set(o, "quantile_levels", levels, bad);
    set(o, "quantiles", list, bad);
}

/* The extras that are present only when they say something (sampling, warnings,
 * paths), so that results without them read the same as before they existed. */
static void sampling_paths_warnings(json_t *o, const result *r, int *bad) {
    if (r->sampling) { /* absent in results of plain sampling written before it existed */
        set(o, "sampling", str(r->sampling), bad);
        set(o, "runs_per_trial", count(r->runs_per_trial), bad);
        set(o, "runs", count(r->runs), bad);
        if (r->draws_per_run) set(o, "draws_per_run", count(r->draws_per_run), bad);
        if (r->sampling_note) set(o, "sampling_note", str(r->sampling_note), bad);
    }
    if (r->nwarnings) { /* absent when there are none, so older results read the same */
        json_t *warnings = json_array();
        for (size_t i = 0; warnings && i < r->nwarnings; i++)
            if (json_array_append_new(warnings, str(r->warnings[i])) != 0) *bad = 1;
        set(o, "warnings", warnings, bad);
    }
    if (r->ninputs) {
        json_t *inputs = json_array();
        for (size_t i = 0; inputs && i < r->ninputs; i++)
            if (json_array_append_new(inputs, str(r->inputs[i])) != 0) *bad = 1;
        set(o, "inputs", inputs, bad);
    }
    if (r->max_paths) { /* only with --paths, so results without read the same */
        json_t *paths = json_array(), *functions = json_array();
        set(o, "max_paths", count(r->max_paths), bad);
        for (size_t i = 0; paths && i < r->npaths; i++)
            if (json_array_append_new(paths, path_json(&r->paths[i], bad)) != 0) *bad = 1;
        set(o, "paths", paths, bad);
        for (size_t i = 0; functions && i < r->npath_functions; i++)
            if (json_array_append_new(functions, path_function_json(&r->path_functions[i], bad)) != 0)
                *bad = 1;
        set(o, "path_functions", functions, bad);
    }
    if (r->has_sensitivities) /* only with --sensitivity, so results without read the same */
        sensitivities(o, r, bad);
    if (r->nquantile_levels) /* only with --quantiles */
        quantiles(o, r, bad);
    if (r->rare_block) /* only with --rare */
        rare(o, r, bad);
    if (r->context_depth) { /* only with --contexts, so results without read the same */
        json_t *contexts = json_array();
        set(o, "context_depth", count(r->context_depth), bad);
        for (size_t i = 0; contexts && i < r->ncontexts; i++)
            if (json_array_append_new(contexts, context_json(&r->contexts[i], bad)) != 0) *bad = 1;
        set(o, "contexts", contexts, bad);
    }
}

/* The digests of the files the run read (absent in results written before them). */
static void files_sha256(json_t *o, const result *r, int *bad) {
    json_t *sources = json_array();
    set(o, "spec_sha256", str(r->spec_sha256), bad);
    for (size_t i = 0; sources && i < r->nsources_sha256; i++) {
        json_t *e = json_object();
        set(e, "file", str(r->sources_sha256[i].file), bad);
        set(e, "sha256", str(r->sources_sha256[i].sha256), bad);
        if (json_array_append_new(sources, e) != 0) *bad = 1;
    }
    set(o, "sources_sha256", sources, bad);
}

/* The document, keys in contract order: the version 1 contract keys first, then the
 * extras, and the timing fields (which may differ between identical runs) last. */
static json_t *document(const result *r, int *bad) {
    json_t *o = json_object(), *blocks = json_array(), *failures = json_array();
    set(o, "format", json_string("freqsys-result"), bad);
    set(o, "version", json_integer(1), bad);
    set(o, "spec", str(r->spec), bad);
    if (r->spec_relative_to_result) set(o, "spec_relative_to_result", json_true(), bad);
    set(o, "mode", str(r->mode), bad);
    set(o, "entry", str(r->entry), bad);
    set(o, "epsilon", real(r->epsilon), bad);
    set(o, "relative", json_boolean(r->relative), bad);
    if (r->relative) set(o, "epsilon_floor", real(r->epsilon_floor), bad);
    set(o, "confidence", real(r->confidence), bad);
    set(o, "seed", count(r->seed), bad);
    if (r->calls > 1) {
        set(o, "calls", count(r->calls), bad);
        set(o, "warmup", count(r->warmup), bad);
    }
    set(o, "trials", count(r->trials), bad);
    set(o, "crashes", count(r->crashes), bad);
    set(o, "timeouts", count(r->timeouts), bad);
    if (r->input_errors) set(o, "input_errors", count(r->input_errors), bad);
    set(o, "converged", json_boolean(r->converged), bad);
    for (size_t i = 0; blocks && i < r->nblocks; i++)
        if (json_array_append_new(blocks, block_json(&r->blocks[i], bad)) != 0) *bad = 1;
    set(o, "blocks", blocks, bad);
    set(o, "interrupted", json_boolean(r->interrupted), bad);
    if (r->gave_up) set(o, "gave_up", json_true(), bad);
    if (r->paced_by > 0 && r->paced_by <= r->nblocks)
        set(o, "paced_by", json_integer((json_int_t)r->paced_by - 1), bad);
    if (r->time_limited) set(o, "time_limited", json_true(), bad);
    for (size_t i = 0; failures && i < r->nfailures; i++)
        if (json_array_append_new(failures, failure_json(&r->failures[i], bad)) != 0) *bad = 1;
    set(o, "failures", failures, bad);
    if (r->noutcomes) set(o, "outcomes", outcomes_json(r, bad), bad);
    if (r->ncrash_sites) set(o, "crash_sites", crash_sites_json(r, bad), bad);
    if (r->nexceeded) set(o, "bounds_exceeded", exceeded_json(r, bad), bad);
    if (r->all_failed) set(o, "all_failed", json_true(), bad);
    if (r->timeout_s > 0) {
        set(o, "timeout_s", real(r->timeout_s), bad);
        set(o, "timeout_calibrated", json_boolean(r->timeout_calibrated), bad);
    }
    json_t *functions = json_array();
    for (size_t i = 0; functions && i < r->nfunctions; i++)
        if (json_array_append_new(functions, function_json(&r->functions[i], bad)) != 0) *bad = 1;
    set(o, "functions", functions, bad);
    json_t *writes = json_array();
    for (size_t i = 0; writes && i < r->nmmio_writes; i++)
        if (json_array_append_new(writes, mmio_write_json(&r->mmio_writes[i], bad)) != 0) *bad = 1;
    set(o, "mmio_writes", writes, bad);
    if (r->guarantee) {
        set(o, "guarantee", str(r->guarantee), bad);
        set(o, "stop_method", str(r->stop_method), bad);
        set(o, "block_confidence", real(r->block_confidence), bad);
    }
    sampling_paths_warnings(o, r, bad);
    if (r->spec_sha256) files_sha256(o, r, bad);
    set(o, "jobs", json_integer(r->jobs), bad);
    set(o, "elapsed_s", real(r->elapsed_s), bad);
    set(o, "trials_per_s", real(r->trials_per_s), bad);
    return o;
}

/* ---- printing ----
 * jansson prints every real with one fixed precision, and only 17 digits bring every
 * double back (0.3 becomes 0.29999999999999999). The tree is printed here instead, in
 * jansson's own layout, each real in the fewest digits that read back as the same
 * double. */

/* Writes X (finite) into BUF as the shortest decimal that strtod turns back into the
 * same double, always in a form a JSON reader takes for a real: "1.0", not "1". */
static void shortest(double x, char *buf, size_t n) {
    int digits = 1;
    for (; digits < 17; digits++) {
        snprintf(buf, n, "%.*g", digits, x);
        if (strtod(buf, NULL) == x) break;
    }
    snprintf(buf, n, "%.*g", digits, x);
    char *e = strchr(buf, 'e');
    if (e && e[1] == '+' && atoi(e + 2) < 17) {
        /* "1e+02": the plain form reads better and is exact for an integral double */
        snprintf(buf, n, "%.0f", x);
        e = NULL;
    }
    if (e) {
        /* "1e+22" -> "1e22", "1e-05" -> "1e-5", as jansson writes exponents */
        char *p = e + 1, *q = p;
        if (*q == '+')
            q++;
        else if (*q == '-')
            p++, q++;
        while (*q == '0' && q[1]) q++;
        memmove(p, q, strlen(q) + 1);
    } else if (!strchr(buf, '.')) {
        size_t len = strlen(buf);
        snprintf(buf + len, n - len, ".0");
    }
}

/* A string with JSON's escapes: the short ones where JSON has them, \u00XX for the
 * other control characters; everything else (valid UTF-8 by construction) as is. */
static void put_string(const char *s, FILE *out) {
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '"':
            fputs("\\\"", out);
            break;
        case '\\':
            fputs("\\\\", out);
            break;
        case '\b':
            fputs("\\b", out);
            break;
        case '\f':
            fputs("\\f", out);
            break;
        case '\n':
            fputs("\\n", out);
            break;
        case '\r':
            fputs("\\r", out);
            break;
        case '\t':
            fputs("\\t", out);
            break;
        default:
            if (*p < 0x20)
                fprintf(out, "\\u%04X", *p);
            else
                fputc(*p, out);
        }
    }
    fputc('"', out);
}

static void indent(int depth, FILE *out) {
    fprintf(out, "\n%*s", 2 * depth, "");
}

/* Prints V at nesting DEPTH, two spaces a level, as json_dumpf with JSON_INDENT(2). */
static void print(const json_t *v, int depth, FILE *out) {
    char num[40];
    switch (json_typeof(v)) {
    case JSON_OBJECT: {
        const char *key;
        const json_t *item;
        size_t i = 0;
        if (json_object_size(v) == 0) {
            fputs("{}", out);
            break;
        }
        fputc('{', out);
        json_object_foreach((json_t *)v, key, item) {
            fputs(i++ ? "," : "", out);
            indent(depth + 1, out);
            put_string(key, out);
            fputs(": ", out);
            print(item, depth + 1, out);
        }
        indent(depth, out);
        fputc('}', out);
        break;
    }
    case JSON_ARRAY:
        if (json_array_size(v) == 0) {
            fputs("[]", out);
            break;
        }
        fputc('[', out);
        for (size_t i = 0; i < json_array_size(v); i++) {
            fputs(i ? "," : "", out);
            indent(depth + 1, out);
            print(json_array_get(v, i), depth + 1, out);
        }
        indent(depth, out);
        fputc(']', out);
        break;
    case JSON_STRING:
        put_string(json_string_value(v), out);
        break;
    case JSON_INTEGER:
        fprintf(out, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
        break;
    case JSON_REAL:
        shortest(json_real_value(v), num, sizeof num);
        fputs(num, out);
        break;
    case JSON_TRUE:
        fputs("true", out);
        break;
    case JSON_FALSE:
        fputs("false", out);
        break;
    case JSON_NULL:
        fputs("null", out);
        break;
    }
}

/* Writes R as indented JSON with a final newline. Returns 0, or -1 with errno set: ENOMEM
 * when the document could not be built, the stream's errno when writing failed. */
int result_write_json(const result *r, FILE *out) {
    int bad = 0;
    json_t *doc = document(r, &bad);
    if (bad) {
        json_decref(doc);
        errno = ENOMEM;
        return -1;
    }
    errno = 0;
    print(doc, 0, out);
    json_decref(doc);
    if (fputc('\n', out) == EOF) {
        errno = errno ? errno : EIO;
        return -1;
    }
    return result_flush(out, NULL, 0);
}

/* ---- reading ---- */

/* Where the reader is, for messages: the file and, inside a list, "blocks[3]: ". */
typedef struct reader {
    const char *path;
    char where[48];
    char *err;
    size_t errlen;
    int failed;
    int status; /* the first error's RESULT_E* status */
} reader;

/* Records the first error only: later ones are usually consequences of it. */
__attribute__((format(printf, 2, 3))) static void reader_fail(reader *rd, const char *fmt, ...) {
    if (rd->failed++) return;
    rd->status = RESULT_EFORMAT;
    if (!rd->err || rd->errlen == 0) return;
    int n = snprintf(rd->err, rd->errlen, "%s: %s", rd->path, rd->where);
    if (n >= 0 && (size_t)n < rd->errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(rd->err + n, rd->errlen - n, fmt, ap);
        va_end(ap);
    }
}

/* reader_fail, then -1, for `return fail(...)`; a macro so that the -1 is visible where
 * it is returned (the static analyzer does not follow variadic calls). */
#define fail(...) (reader_fail(__VA_ARGS__), -1)

/* reader_fail of running out of memory: the read returns RESULT_ENOMEM when it is the first error. */
static void reader_nomem(reader *rd) {
    int first = !rd->failed;
    reader_fail(rd, "out of memory");
    if (first) rd->status = RESULT_ENOMEM;
}
#define fail_nomem(rd) (reader_nomem(rd), -1)

/* The value at KEY; a missing field is an error naming it. */
static json_t *field(reader *rd, json_t *o, const char *key) {
    json_t *v = json_object_get(o, key);
    if (!v) reader_fail(rd, "missing field '%s'", key);
    return v;
}

static int get_string(reader *rd, json_t *o, const char *key, int required, char **dst) {
    json_t *v = required ? field(rd, o, key) : json_object_get(o, key);
    const char *s = "";
    if (v && !json_is_string(v)) return fail(rd, "field '%s' must be a string", key);
    if (v)
        s = json_string_value(v);
    else if (required)
        return -1;
    if (!(*dst = strdup(s))) return fail_nomem(rd);
    return 0;
}

static int get_count(reader *rd, json_t *o, const char *key, int required, uint64_t *dst) {
    json_t *v = required ? field(rd, o, key) : json_object_get(o, key);
    if (!v) return required ? -1 : 0;
    if (!json_is_integer(v) || json_integer_value(v) < 0)
        return fail(rd, "field '%s' must be a non-negative integer", key);
    *dst = (uint64_t)json_integer_value(v);
    return 0;
}

static int get_int(reader *rd, json_t *o, const char *key, int required, long long lo, int *dst) {
    json_t *v = required ? field(rd, o, key) : json_object_get(o, key);
    if (!v) return required ? -1 : 0;
    if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > INT_MAX)
        return fail(rd, "field '%s' must be an integer from %lld to %d", key, lo, INT_MAX);
    *dst = (int)json_integer_value(v);
    return 0;
}

/* Numbers may be written as integers ("epsilon": 1); null stands for NaN. */
static int get_double(reader *rd, json_t *o, const char *key, int required, double *dst) {
    json_t *v = required ? field(rd, o, key) : json_object_get(o, key);
    if (!v) return required ? -1 : 0;
    if (json_is_null(v))
        *dst = NAN;
    else if (json_is_number(v))
        *dst = json_number_value(v);
    else
        return fail(rd, "field '%s' must be a number or null", key);
    return 0;
}

static int get_bool(reader *rd, json_t *o, const char *key, int required, int *dst) {
    json_t *v = required ? field(rd, o, key) : json_object_get(o, key);
    if (!v) return required ? -1 : 0;
    if (!json_is_boolean(v)) return fail(rd, "field '%s' must be true or false", key);
    *dst = json_is_true(v);
    return 0;
}

/* Checks that S is one of the words in the NULL-terminated list ALLOWED. */
static int one_of(reader *rd, const char *key, const char *s, const char *const *allowed) {
    char list[128] = "";
    for (const char *const *a = allowed; *a; a++) {
        if (strcmp(s, *a) == 0) return 0;
        size_t n = strlen(list);
        snprintf(list + n, sizeof list - n, "%s%s", n ? ", " : "", *a);
    }
    return fail(rd, "field '%s' is '%s', not one of %s", key, s, list);
}

static const char *const modes[] = {"program", "function", NULL};
static const char *const statuses[] = {"converged", "constant",  "rare", "not_converged",
                                       "exact",     "unbounded", NULL};

/* "successors" (block indices) and "callees" (function names); both optional. */
static int read_edges(reader *rd, json_t *o, result_block *b) {
    json_t *succ = json_object_get(o, "successors"), *calls = json_object_get(o, "callees");
    if (succ && !json_is_array(succ)) return fail(rd, "field 'successors' must be an array");
    if (calls && !json_is_array(calls)) return fail(rd, "field 'callees' must be an array");
    size_t ns = succ ? json_array_size(succ) : 0, nc = calls ? json_array_size(calls) : 0;
    if ((ns && !(b->successors = calloc(ns, sizeof *b->successors))) ||
        (nc && !(b->callees = calloc(nc, sizeof *b->callees))))
        return fail_nomem(rd);
    for (size_t k = 0; k < ns; k++) {
        json_t *v = json_array_get(succ, k);
        if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > UINT32_MAX)
            return fail(rd, "field 'successors' must hold block indices");
        b->successors[b->nsuccessors++] = (uint32_t)json_integer_value(v);
    }
    for (size_t k = 0; k < nc; k++) {
        json_t *v = json_array_get(calls, k);
        if (!json_is_string(v)) return fail(rd, "field 'callees' must hold function names");
        if (!(b->callees[b->ncallees] = strdup(json_string_value(v)))) return fail_nomem(rd);
        b->ncallees++;
    }
    return 0;
}

/* Reads PART of an estimate's members from O, in the order estimate_json writes them
 * (so the first error reported is the first in the file's order). A block's figures
 * and a path's or context block's contract members are required; without a basis a
 * block's is NULL (unknown), another entry's "". Returns 0, or -1 after an error. */
static int read_estimate(reader *rd, json_t *o, result_estimate *e, estimate_part part) {
    int block = part == ESTIMATE_BLOCK;
    if (part != ESTIMATE_REST) {
        get_double(rd, o, "mean", 1, &e->mean);
        if (block) get_double(rd, o, "stddev", 1, &e->stddev);
        get_double(rd, o, "half_width", 1, &e->half_width);
        if (block) {
            get_count(rd, o, "min", 1, &e->min);
            get_count(rd, o, "max", 1, &e->max);
        }
        if (get_string(rd, o, "status", 1, &e->status) == 0) one_of(rd, "status", e->status, statuses);
        if (part == ESTIMATE_CONTRACT) return rd->failed ? -1 : 0;
    } else {
        get_double(rd, o, "stddev", 0, &e->stddev);
        get_count(rd, o, "min", 0, &e->min);
        get_count(rd, o, "max", 0, &e->max);
    }
    get_count(rd, o, "hits", 0, &e->hits);
    get_string(rd, o, "method", 0, &e->method);
    get_double(rd, o, "p_upper", 0, &e->p_upper);
    e->range = e->max_runs = NAN;
    if (!block || json_object_get(o, "basis")) get_string(rd, o, "basis", 0, &e->basis);
    get_double(rd, o, "range", 0, &e->range);
    get_double(rd, o, "max_runs", 0, &e->max_runs);
    get_count(rd, o, "unbounded", 0, &e->unbounded);
    get_bool(rd, o, "cap_exceeded", 0, &e->cap_exceeded);
    return rd->failed ? -1 : 0;
}

static int read_block(reader *rd, json_t *o, result_block *b) {
    if (!json_is_object(o)) return fail(rd, "not an object");
    get_string(rd, o, "function", 1, &b->function);
    get_string(rd, o, "block", 1, &b->block);
    get_string(rd, o, "file", 1, &b->file);
    get_int(rd, o, "line", 1, 0, &b->line);
    read_estimate(rd, o, &b->estimate, ESTIMATE_BLOCK);
    if (json_object_get(o, "cap")) get_string(rd, o, "cap", 0, &b->cap);
    b->variance_ratio = NAN;
    get_double(rd, o, "variance_ratio", 0, &b->variance_ratio);
    get_bool(rd, o, "proven_once", 0, &b->proven_once);
    get_double(rd, o, "tail_mass", 0, &b->tail_mass);
    read_edges(rd, o, b);
    return rd->failed ? -1 : 0;
}

static int read_failure(reader *rd, json_t *o, result_failure *f) {
    if (!json_is_object(o)) return fail(rd, "not an object");
    get_count(rd, o, "trial", 1, &f->trial);
    get_string(rd, o, "kind", 1, &f->kind);
    get_int(rd, o, "signal", 0, 0, &f->signal);
    return rd->failed ? -1 : 0;
}

/* Reads the array at KEY into a fresh array of N elements of SIZE bytes, each filled by
 * ONE; elements' messages are prefixed with "KEY[i]: ". */
static int read_list(reader *rd, json_t *o, const char *key, int required, size_t size, void **items,
                     size_t *n, int (*one)(reader *, json_t *, void *)) {
    json_t *a = required ? field(rd, o, key) : json_object_get(o, key);
    if (!a) return required ? -1 : 0;
    if (!json_is_array(a)) return fail(rd, "field '%s' must be an array", key);
    size_t len = json_array_size(a);
    if (len && !(*items = calloc(len, size))) return fail_nomem(rd);
    for (size_t i = 0; i < len && !rd->failed; i++) {
        snprintf(rd->where, sizeof rd->where, "%s[%zu]: ", key, i);
        *n = i + 1; /* counted before filling, so result_free frees a partial element */
        one(rd, json_array_get(a, i), (char *)*items + i * size);
    }
    rd->where[0] = '\0';
    return rd->failed ? -1 : 0;
}

static int read_function(reader *rd, json_t *o, result_function *f) {
    if (!json_is_object(o)) return fail(rd, "not an object");
    get_string(rd, o, "name", 1, &f->name);
    get_string(rd, o, "file", 0, &f->file);
    get_int(rd, o, "line", 0, 0, &f->line);
    return rd->failed ? -1 : 0;
}

static int one_function(reader *rd, json_t *o, void *f) {
    return read_function(rd, o, f);
}

static int read_file_digest(reader *rd, json_t *o, void *item) {
    result_file_digest *d = item;
    if (!json_is_object(o)) return fail(rd, "not an object");
    get_string(rd, o, "file", 1, &d->file);
    get_string(rd, o, "sha256", 1, &d->sha256);
    return rd->failed ? -1 : 0;
}

static int read_mmio_write(reader *rd, json_t *o, void *item) {
    result_mmio_write *w = item;
    char *address = NULL, *end = NULL;
    if (!json_is_object(o)) return fail(rd, "not an object");
    if (get_string(rd, o, "address", 1, &address) == 0) {
        w->address = strtoull(address, &end, 16);
        if (end == address || *end) reader_fail(rd, "field 'address' must be a hexadecimal address");
    }
    free(address);
    get_double(rd, o, "mean", 1, &w->mean);
    get_double(rd, o, "stddev", 0, &w->stddev);
    get_double(rd, o, "half_width", 0, &w->half_width);
    get_count(rd, o, "min", 0, &w->min);
    get_count(rd, o, "max", 0, &w->max);
    return rd->failed ? -1 : 0;
}
static int read_path(reader *rd, json_t *o, void *item) {
    result_path *p = item;
    if (!json_is_object(o)) return fail(rd, "not an object");
    get_string(rd, o, "function", 1, &p->function);
    get_count(rd, o, "id", 1, &p->id);
    json_t *blocks = field(rd, o, "blocks");
    if (blocks && !json_is_array(blocks)) return fail(rd, "field 'blocks' must be an array of block labels");
    size_t nb = blocks ? json_array_size(blocks) : 0;
    if (nb && !(p->blocks = calloc(nb, sizeof *p->blocks))) return fail_nomem(rd);
    for (size_t k = 0; k < nb; k++) {
        const char *label = json_string_value(json_array_get(blocks, k));
        if (!label) return fail(rd, "field 'blocks' must be an array of block labels");
        if (!(p->blocks[p->nblocks] = strdup(label))) return fail_nomem(rd);
        p->nblocks++;
    }
    read_estimate(rd, o, &p->estimate, ESTIMATE_CONTRACT);
    if (json_object_get(o, "back_to")) get_string(rd, o, "back_to", 0, &p->back_to);
    read_estimate(rd, o, &p->estimate, ESTIMATE_REST);
    if (json_object_get(o, "cap")) get_string(rd, o, "cap", 0, &p->cap);
    if (json_object_get(o, "hashed")) get_bool(rd, o, "hashed", 0, &p->hashed);
    if (p->hashed) get_string(rd, o, "key", 1, &p->key);
    if (json_object_get(o, "note")) get_string(rd, o, "note", 0, &p->note);
    return rd->failed ? -1 : 0;
}

static int read_path_function(reader *rd, json_t *o, void *item) {
    result_path_function *f = item;
    if (!json_is_object(o)) return fail(rd, "not an object");
    get_string(rd, o, "function", 1, &f->function);
    f->paths = UINT64_MAX;
    if (!json_is_null(json_object_get(o, "paths"))) get_count(rd, o, "paths", 0, &f->paths);
    get_bool(rd, o, "counted", 1, &f->counted);
    if (json_object_get(o, "note")) get_string(rd, o, "note", 0, &f->note);
    if (json_object_get(o, "hashed")) get_bool(rd, o, "hashed", 0, &f->hashed);
    if (f->hashed) {
        get_count(rd, o, "seen", 1, &f->seen);
        get_count(rd, o, "trials", 1, &f->trials);
        get_count(rd, o, "lost_trials", 1, &f->lost_trials);
        f->unseen_bound = NAN;
        get_double(rd, o, "unseen_bound", 0, &f->unseen_bound);
    }
    return rd->failed ? -1 : 0;
}

/* An entry about a block: an object with the block's index, into *BLOCK. Returns 0,
 * or -1 when O is no object (the reader has failed then). */
static int get_block(reader *rd, json_t *o, size_t *block) {
    uint64_t index = 0;
    if (!json_is_object(o)) return fail(rd, "not an object");
    get_count(rd, o, "block", 1, &index);
    *block = (size_t)index;
    return 0;
}

static int read_sensitivity(reader *rd, json_t *o, void *item) {
    result_sensitivity *s = item;
    if (get_block(rd, o, &s->block) != 0) return -1;
    get_string(rd, o, "input", 1, &s->input);
    get_string(rd, o, "parameter", 1, &s->parameter);
    s->value = s->derivative = s->half_width = NAN;
    get_double(rd, o, "value", 0, &s->value);
    get_double(rd, o, "derivative", 0, &s->derivative);
    get_double(rd, o, "half_width", 0, &s->half_width);
    return rd->failed ? -1 : 0;
}

static int read_quantile(reader *rd, json_t *o, void *item) {
    result_quantile *q = item;
    if (get_block(rd, o, &q->block) != 0) return -1;
    get_double(rd, o, "level", 1, &q->level);
    get_count(rd, o, "value", 1, &q->value);
    get_count(rd, o, "low", 1, &q->low);
    get_double(rd, o, "high", 1, &q->high);
    if (isnan(q->high)) q->high = INFINITY; /* null: no upper end */
    get_string(rd, o, "status", 1, &q->status);
    return rd->failed ? -1 : 0;
}

static int read_level(reader *rd, json_t *o, void *item) {
    double *level = item;
    if (!json_is_number(o)) return fail(rd, "not a number");
    *level = json_number_value(o);
    return 0;
}

static int read_sensitivity_skip(reader *rd, json_t *o, void *item) {
    result_sensitivity_skip *s = item;
    if (!json_is_object(o)) return fail(rd, "not an object");
    get_string(rd, o, "input", 1, &s->input);
    get_string(rd, o, "parameter", 1, &s->parameter);
    return rd->failed ? -1 : 0;
}

static int read_call_site(reader *rd, json_t *o, void *item) {
    result_call_site *c = item;
    if (!json_is_object(o)) return fail(rd, "not an object");
    get_string(rd, o, "function", 1, &c->function);
    get_int(rd, o, "line", 0, 0, &c->line);
    get_int(rd, o, "column", 0, 0, &c->column);
    get_string(rd, o, "block", 0, &c->block);
    return rd->failed ? -1 : 0;
}

static int read_context_block(reader *rd, json_t *o, void *item) {
    result_context_block *b = item;
    if (!json_is_object(o)) return fail(rd, "not an object");
    get_string(rd, o, "block", 1, &b->block);
    read_estimate(rd, o, &b->estimate, ESTIMATE_CONTRACT);
    read_estimate(rd, o, &b->estimate, ESTIMATE_REST);
    if (json_object_get(o, "cap")) get_string(rd, o, "cap", 0, &b->cap);
    return rd->failed ? -1 : 0;
}

static const char *const context_kinds[] = {"calls", "outside", "other", NULL};

/* A context's lists are read with their own reader, so that their messages name the
 * context ("contexts[2]: calls[0]: ..."). */
static int read_context(reader *rd, json_t *o, void *item) {
    result_context *c = item;
    if (!json_is_object(o)) return fail(rd, "not an object");
    get_string(rd, o, "function", 1, &c->function);
    get_count(rd, o, "index", 1, &c->index);
    if (get_string(rd, o, "kind", 1, &c->kind) == 0) one_of(rd, "kind", c->kind, context_kinds);
    if (rd->failed) return -1;
    reader inner = *rd;
    char where[sizeof rd->where];
    memcpy(where, rd->where, sizeof where);
    inner.where[0] = '\0';
    char path[512];
    snprintf(path, sizeof path, "%s: %.*s", rd->path, (int)(strlen(where) > 2 ? strlen(where) - 2 : 0),
             where);
    inner.path = path;
    read_list(&inner, o, "calls", 1, sizeof(result_call_site), (void **)&c->calls, &c->ncalls,
              read_call_site);
    read_list(&inner, o, "blocks", 1, sizeof(result_context_block), (void **)&c->blocks, &c->nblocks,
              read_context_block);
    rd->failed += inner.failed;
    memcpy(rd->where, where, sizeof where);
    return rd->failed ? -1 : 0;
}

static int one_block(reader *rd, json_t *o, void *b) {
    return read_block(rd, o, b);
}
static int one_failure(reader *rd, json_t *o, void *f) {
    return read_failure(rd, o, f);
}

static int read_crash_site(reader *rd, json_t *o, void *out) {
    result_crash_site *x = out;
    if (!json_is_object(o)) return fail(rd, "a crash site must be an object");
    get_string(rd, o, "function", 1, &x->function);
    get_string(rd, o, "block", 1, &x->block);
    get_string(rd, o, "file", 0, &x->file);
    get_int(rd, o, "line", 0, 0, &x->line);
    get_int(rd, o, "signal", 1, 0, &x->signal);
    get_count(rd, o, "trials", 1, &x->trials);
    get_count(rd, o, "first_trial", 1, &x->first_trial);
    return rd->failed ? -1 : 0;
}

static int read_exceeded(reader *rd, json_t *o, void *out) {
    result_exceeded *x = out;
    if (!json_is_object(o)) return fail(rd, "an exceeded bound must be an object");
    get_string(rd, o, "bound", 1, &x->bound);
    get_string(rd, o, "function", 1, &x->function);
    get_string(rd, o, "block", 1, &x->block);
    get_string(rd, o, "file", 0, &x->file);
    get_int(rd, o, "line", 0, 0, &x->line);
    get_count(rd, o, "max", 1, &x->max);
    get_count(rd, o, "limit", 1, &x->limit);
    return rd->failed ? -1 : 0;
}

/* "outcomes", when present: an object of outcome names to their counts and shares. */
static void read_outcomes(reader *rd, json_t *root, result *r) {
    json_t *o = json_object_get(root, "outcomes");
    if (!o) return;
    if (!json_is_object(o)) {
        reader_fail(rd, "'outcomes' must be an object");
        return;
    }
    r->outcomes = calloc(json_object_size(o) + 1, sizeof *r->outcomes);
    if (!r->outcomes) {
        reader_nomem(rd);
        return;
    }
    const char *name;
    json_t *e;
    json_object_foreach(o, name, e) {
        result_outcome *x = &r->outcomes[r->noutcomes++];
        if (!(x->name = strdup(name))) {
            reader_nomem(rd);
            return;
        }
        if (!json_is_object(e)) {
            reader_fail(rd, "outcomes.%s must be an object", name);
            return;
        }
        get_count(rd, e, "trials", 1, &x->trials);
        get_double(rd, e, "share", 1, &x->share);
        get_double(rd, e, "low", 0, &x->low);
        get_double(rd, e, "high", 0, &x->high);
    }
}

/* Checks the format marker and version before anything else, so a wrong file is named
 * as such rather than as a list of missing fields. */
static int check_kind(reader *rd, json_t *root) {
    if (!json_is_object(root)) return fail(rd, "not a freqsys result (the top level is not an object)");
    json_t *f = json_object_get(root, "format");
    if (!f) return fail(rd, "not a freqsys result (no 'format' field)");
    if (!json_is_string(f)) return fail(rd, "not a freqsys result (format is not a string)");
    if (strcmp(json_string_value(f), "freqsys-result") != 0)
        return fail(rd, "not a freqsys result (format is '%s')", json_string_value(f));
    json_t *v = field(rd, root, "version");
    if (!v) return -1;
    if (!json_is_integer(v)) return fail(rd, "field 'version' must be an integer");
    if (json_integer_value(v) != 1)
        return fail(rd, "unsupported result version %lld (this freqsys reads version 1)",
                    (long long)json_integer_value(v));
    return 0;
}

/* `run --quantiles`' levels and quantiles, when present; each must name a block. */
static void read_quantiles(reader *rd, json_t *root, result *r) {
    if (!json_object_get(root, "quantile_levels")) return;
    read_list(rd, root, "quantile_levels", 1, sizeof(double), (void **)&r->quantile_levels,
              &r->nquantile_levels, read_level);
    read_list(rd, root, "quantiles", 1, sizeof(result_quantile), (void **)&r->quantiles, &r->nquantiles,
              read_quantile);
    for (size_t i = 0; i < r->nquantiles && !rd->failed; i++)
        if (r->quantiles[i].block >= r->nblocks)
            reader_fail(rd, "quantiles[%zu]: block %zu is not a block (there are %zu)", i,
                        r->quantiles[i].block, r->nblocks);
}

/* `run --sensitivity`'s lists, when present; each must name a block. */
static void read_sensitivities(reader *rd, json_t *root, result *r) {
    if (!json_object_get(root, "sensitivities")) return;
    r->has_sensitivities = 1;
    read_list(rd, root, "sensitivities", 0, sizeof(result_sensitivity), (void **)&r->sensitivities,
              &r->nsensitivities, read_sensitivity);
    read_list(rd, root, "sensitivity_skipped", 0, sizeof(result_sensitivity_skip),
              (void **)&r->sensitivity_skipped, &r->nsensitivity_skipped, read_sensitivity_skip);
    for (size_t i = 0; i < r->nsensitivities && !rd->failed; i++)
        if (r->sensitivities[i].block >= r->nblocks)
            reader_fail(rd, "sensitivities[%zu]: block %zu is not a block (there are %zu)", i,
                        r->sensitivities[i].block, r->nblocks);
}

/* `run --rare`'s object, when present. */
static void read_rare(reader *rd, json_t *root, result *r) {
    json_t *o = json_object_get(root, "rare");
    if (!o) return;
    if (!json_is_object(o)) {
        reader_fail(rd, "field 'rare' must be an object");
        return;
    }
    snprintf(rd->where, sizeof rd->where, "rare: ");
    get_string(rd, o, "block", 1, &r->rare_block);
    get_double(rd, o, "mixture", 0, &r->rare_mixture);
    get_count(rd, o, "max_tilted_draws", 0, &r->rare_max_tilted);
    get_count(rd, o, "pilot_runs", 0, &r->rare_pilot_runs);
    json_t *tilts = json_object_get(o, "tilts");
    size_t n = json_is_array(tilts) ? json_array_size(tilts) : 0;
    if (n && !rd->failed && !(r->rare_tilts = calloc(n, sizeof *r->rare_tilts)))
        reader_fail(rd, "out of memory");
    for (size_t i = 0; r->rare_tilts && i < n && !rd->failed; i++) {
        const char *t = json_string_value(json_array_get(tilts, i));
        if (!t)
            reader_fail(rd, "tilts[%zu] must be a string", i);
        else if (!(r->rare_tilts[r->nrare_tilts++] = strdup(t)))
            reader_fail(rd, "out of memory");
    }
    rd->where[0] = '\0';
}

/* The optional array of strings NAME (warnings, inputs) into *OUT and *N. */
static void read_strings(reader *rd, json_t *root, const char *name, char ***out, size_t *n) {
    json_t *list = json_object_get(root, name);
    if (list && !json_is_array(list)) reader_fail(rd, "field '%s' must be an array of strings", name);
    size_t nw = list ? json_array_size(list) : 0;
    if (nw && !rd->failed && !(*out = calloc(nw, sizeof **out))) {
        reader_nomem(rd);
        nw = 0;
    }
    for (size_t i = 0; i < nw && !rd->failed; i++) {
        const char *w = json_string_value(json_array_get(list, i));
        if (!w)
            reader_fail(rd, "%s[%zu] must be a string", name, i);
        else if (!((*out)[(*n)++] = strdup(w)))
            reader_nomem(rd);
    }
}

static void fill(reader *rd, json_t *root, result *r) {
    if (get_string(rd, root, "spec", 1, &r->spec) == 0 && get_string(rd, root, "mode", 1, &r->mode) == 0)
        one_of(rd, "mode", r->mode, modes);
    get_string(rd, root, "entry", 1, &r->entry);
    get_double(rd, root, "epsilon", 1, &r->epsilon);
    get_bool(rd, root, "relative", 1, &r->relative);
    get_double(rd, root, "epsilon_floor", 0, &r->epsilon_floor);
    get_double(rd, root, "confidence", 1, &r->confidence);
    get_count(rd, root, "seed", 1, &r->seed);
    r->calls = 1;
    get_count(rd, root, "calls", 0, &r->calls);
    get_count(rd, root, "warmup", 0, &r->warmup);
    get_count(rd, root, "trials", 1, &r->trials);
    get_count(rd, root, "crashes", 1, &r->crashes);
    get_count(rd, root, "timeouts", 1, &r->timeouts);
    get_count(rd, root, "input_errors", 0, &r->input_errors);
    get_bool(rd, root, "converged", 1, &r->converged);
    if (rd->failed) return;
    read_list(rd, root, "blocks", 1, sizeof(result_block), (void **)&r->blocks, &r->nblocks, one_block);
    for (size_t i = 0; i < r->nblocks && !rd->failed; i++)
        for (size_t k = 0; k < r->blocks[i].nsuccessors; k++)
            if (r->blocks[i].successors[k] >= r->nblocks) {
                reader_fail(rd, "blocks[%zu]: successor %u is not a block (there are %zu)", i,
                            r->blocks[i].successors[k], r->nblocks);
                break;
            }
    get_bool(rd, root, "interrupted", 0, &r->interrupted);
    get_bool(rd, root, "gave_up", 0, &r->gave_up);
    int paced = -1;
    if (get_int(rd, root, "paced_by", 0, 0, &paced) == 0 && paced >= 0) {
        if ((size_t)paced < r->nblocks)
            r->paced_by = (size_t)paced + 1;
        else
            reader_fail(rd, "paced_by: %d is not a block (there are %zu)", paced, r->nblocks);
    }
    get_bool(rd, root, "time_limited", 0, &r->time_limited);
    read_list(rd, root, "failures", 0, sizeof(result_failure), (void **)&r->failures, &r->nfailures,
              one_failure);
    read_outcomes(rd, root, r);
    read_list(rd, root, "crash_sites", 0, sizeof(result_crash_site), (void **)&r->crash_sites,
              &r->ncrash_sites, read_crash_site);
    read_list(rd, root, "bounds_exceeded", 0, sizeof(result_exceeded), (void **)&r->exceeded, &r->nexceeded,
              read_exceeded);
    get_bool(rd, root, "all_failed", 0, &r->all_failed);
    get_double(rd, root, "timeout_s", 0, &r->timeout_s);
    get_bool(rd, root, "timeout_calibrated", 0, &r->timeout_calibrated);
    read_list(rd, root, "functions", 0, sizeof(result_function), (void **)&r->functions, &r->nfunctions,
              one_function);
    read_list(rd, root, "mmio_writes", 0, sizeof(result_mmio_write), (void **)&r->mmio_writes,
              &r->nmmio_writes, read_mmio_write);
    if (json_object_get(root, "guarantee")) {
        get_string(rd, root, "guarantee", 0, &r->guarantee);
        get_string(rd, root, "stop_method", 0, &r->stop_method);
        get_double(rd, root, "block_confidence", 0, &r->block_confidence);
    }
    if (json_object_get(root, "sampling")) {
        get_string(rd, root, "sampling", 0, &r->sampling);
        get_count(rd, root, "runs_per_trial", 0, &r->runs_per_trial);
        get_count(rd, root, "runs", 0, &r->runs);
        get_count(rd, root, "draws_per_run", 0, &r->draws_per_run);
        if (json_object_get(root, "sampling_note"))
            get_string(rd, root, "sampling_note", 0, &r->sampling_note);
    }
    read_strings(rd, root, "warnings", &r->warnings, &r->nwarnings);
    read_strings(rd, root, "inputs", &r->inputs, &r->ninputs);
    get_count(rd, root, "max_paths", 0, &r->max_paths);
    read_list(rd, root, "paths", 0, sizeof(result_path), (void **)&r->paths, &r->npaths, read_path);
    read_list(rd, root, "path_functions", 0, sizeof(result_path_function), (void **)&r->path_functions,
              &r->npath_functions, read_path_function);
    if (!r->max_paths && (r->npaths || r->npath_functions) && !rd->failed)
        reader_fail(rd, "'paths' needs 'max_paths', the limit they were counted under");
    read_sensitivities(rd, root, r);
    read_quantiles(rd, root, r);
    read_rare(rd, root, r);
    get_count(rd, root, "context_depth", 0, &r->context_depth);
    read_list(rd, root, "contexts", 0, sizeof(result_context), (void **)&r->contexts, &r->ncontexts,
              read_context);
    if (!r->context_depth && r->ncontexts && !rd->failed)
        reader_fail(rd, "'contexts' needs 'context_depth', the longest chain of calls they keep");
    if (json_object_get(root, "spec_sha256")) { /* results written before have none */
        get_string(rd, root, "spec_sha256", 0, &r->spec_sha256);
        read_list(rd, root, "sources_sha256", 0, sizeof(result_file_digest), (void **)&r->sources_sha256,
                  &r->nsources_sha256, read_file_digest);
    }
    get_int(rd, root, "jobs", 0, 0, &r->jobs);
    get_double(rd, root, "elapsed_s", 0, &r->elapsed_s);
    get_double(rd, root, "trials_per_s", 0, &r->trials_per_s);
}

/* Reads the result JSON at PATH into *OUT. The contract fields are required; the extras
 * ("hits", "method", "p_upper", "interrupted", "failures" and the timing fields) default
 * to zero or "" when absent ("guarantee", "stop_method": NULL), and unknown fields are
 * ignored. */
int result_read_json(const char *path, result **out, char *err, size_t errlen) {
    reader rd = {.path = path, .err = err, .errlen = errlen};
    struct stat st;
    *out = NULL;
    FILE *f = fopen(path, "r");
    if (!f) {
        reader_fail(&rd, "%s", strerror(errno));
        return RESULT_EIO;
    }
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        reader_fail(&rd, "%s", strerror(EISDIR));
        return RESULT_EIO;
    }
    json_error_t je;
    json_t *root = json_loadf(f, JSON_REJECT_DUPLICATES, &je);
    int readerr = ferror(f);
    fclose(f);
    if (!root) {
        if (readerr) {
            reader_fail(&rd, "read error");
            return RESULT_EIO;
        }
        /* jansson names running out of memory, or, when an allocation fails deep in
         * the parse, records no error at all (its text stays empty): both are memory. */
        if (json_error_code(&je) == json_error_out_of_memory || !je.text[0]) {
            reader_nomem(&rd);
            return RESULT_ENOMEM;
        }
        if (err && errlen) snprintf(err, errlen, "%s:%d:%d: error: %s", path, je.line, je.column, je.text);
        return RESULT_ESYNTAX;
    }
    result *r = calloc(1, sizeof *r);
    if (!r)
        reader_nomem(&rd);
    else if (check_kind(&rd, root) == 0)
        fill(&rd, root, r);
    if (r && !rd.failed && json_is_true(json_object_get(root, "spec_relative_to_result"))) {
        /* the spec is named from this file's folder: name it from here */
        char *spec = result_spec_from_file(r->spec, path);
        if (!spec)
            reader_nomem(&rd);
        else {
            free(r->spec);
            r->spec = spec;
        }
    }
    json_decref(root);
    if (rd.failed) {
        result_free(r);
        return rd.status;
    }
    *out = r;
    return RESULT_OK;
}
