/* harness/checkpoint.c: writes and reads run checkpoints as JSON (jansson), tallies exactly. */
/* SPDX-License-Identifier: MIT */
#include "checkpoint.h"

#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "path_tallies.h"

static uint64_t fnv(uint64_t h, const void *data, size_t n) {
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

static uint64_t fnv_str(uint64_t h, const char *s) {
    return fnv(h, s, strlen(s) + 1);
}

uint64_t checkpoint_module_id(const fsabi_module *mod) {
    uint64_t h = 0xcbf29ce484222325ull;
    h = fnv(h, &mod->nblocks, sizeof mod->nblocks);
    h = fnv(h, &mod->nsites, sizeof mod->nsites);
    h = fnv(h, &mod->nwrites, sizeof mod->nwrites);
    if (mod->npaths) h = fnv(h, &mod->npaths, sizeof mod->npaths); /* ids without paths stay as they were */
    if (mod->ncontext_counters) h = fnv(h, &mod->ncontext_counters, sizeof mod->ncontext_counters);
    for (uint64_t j = 0; j < mod->nblocks; j++) {
        h = fnv_str(h, mod->blocks[j].function);
        h = fnv_str(h, mod->blocks[j].label);
        h = fnv(h, &mod->blocks[j].line, sizeof mod->blocks[j].line);
    }
    return h;
}

/* Integers wider than a JSON number can hold travel as hexadecimal strings. */
static json_t *hex128(unsigned __int128 v) {
    char buf[40];
    snprintf(buf, sizeof buf, "%016" PRIx64 "%016" PRIx64, (uint64_t)(v >> 64), (uint64_t)v);
    return json_string(buf);
}

static json_t *u64(uint64_t v) {
    char buf[24];
    snprintf(buf, sizeof buf, "%" PRIu64, v);
    return json_string(buf);
}

static int parse_hex128(json_t *j, unsigned __int128 *out) {
    const char *s = json_string_value(j);
    if (!s || strlen(s) != 32) return -1;
    uint64_t hi, lo;
    if (sscanf(s, "%16" SCNx64 "%16" SCNx64, &hi, &lo) != 2) return -1;
    *out = ((unsigned __int128)hi << 64) | lo;
    return 0;
}

static int parse_u64(json_t *j, uint64_t *out) {
    const char *s = json_string_value(j);
    char *end;
    if (!s || !*s) return -1;
    *out = strtoull(s, &end, 10);
    return *end ? -1 : 0;
}

static void put_bin(uint64_t value, uint64_t trials, void *ctx) {
    json_t *pair = json_array();
    json_array_append_new(pair, u64(value));
    json_array_append_new(pair, u64(trials));
    json_array_append_new(ctx, pair);
}

static json_t *tally_json(const tally *t) {
    json_t *o = json_object();
    if (!t->overflowed) {
        json_t *bins = json_array();
        tally_each(t, put_bin, bins);
        json_object_set_new(o, "bins", bins);
        return o;
    }
    json_object_set_new(o, "hits", u64(t->hits));
    json_object_set_new(o, "max", u64(t->max));
    json_object_set_new(o, "min_nonzero", u64(t->min_nonzero));
    json_object_set_new(o, "s1", hex128(t->s1));
    json_object_set_new(o, "s2", hex128(t->s2));
    json_object_set_new(o, "s3", hex128(t->s3));
    json_t *s4 = json_array();
    for (int i = 0; i < 4; i++) json_array_append_new(s4, u64(t->s4x[i]));
    json_object_set_new(o, "s4", s4);
    return o;
}

static int tally_from(json_t *o, tally *t) {
    tally_init(t);
    json_t *bins = json_object_get(o, "bins");
    if (bins) {
        size_t i;
        json_t *pair;
        json_array_foreach(bins, i, pair) {
            uint64_t v, n;
            if (parse_u64(json_array_get(pair, 0), &v) || parse_u64(json_array_get(pair, 1), &n) ||
                tally_add(t, v, n) != 0)
                return -1;
        }
        return 0;
    }
    t->overflowed = 1;
    json_t *s4 = json_object_get(o, "s4");
    if (parse_u64(json_object_get(o, "hits"), &t->hits) || parse_u64(json_object_get(o, "max"), &t->max) ||
        parse_u64(json_object_get(o, "min_nonzero"), &t->min_nonzero) ||
        parse_hex128(json_object_get(o, "s1"), &t->s1) || parse_hex128(json_object_get(o, "s2"), &t->s2) ||
        parse_hex128(json_object_get(o, "s3"), &t->s3) || json_array_size(s4) != 4)
        return -1;
    long double s4r = 0, scale = 1;
    for (int i = 0; i < 4; i++) {
        if (parse_u64(json_array_get(s4, (size_t)i), &t->s4x[i])) return -1;
        s4r += (long double)t->s4x[i] * scale;
        scale *= 18446744073709551616.0L;
    }
    t->s4 = s4r;
    return 0;
}

/* The hashed paths: [function, "id", tally, "first trial"] each, and the functions' lost trials. */
static json_t *hashed_json(const path_tallies *p) {
    json_t *o = json_object(), *paths = json_array(), *lost = json_array();
    for (size_t k = 0; k < p->n; k++) {
        json_t *x = json_array();
        json_array_append_new(x, json_integer(p->items[k].function));
        json_array_append_new(x, u64(p->items[k].id));
        json_array_append_new(x, tally_json(&p->items[k].t));
        json_array_append_new(x, u64(p->items[k].first_trial));
        json_array_append_new(paths, x);
    }
    for (size_t k = 0; k < p->nlost; k++) {
        json_t *x = json_array();
        json_array_append_new(x, json_integer(p->lost[k].function));
        json_array_append_new(x, u64(p->lost[k].trials));
        json_array_append_new(lost, x);
    }
    json_object_set_new(o, "paths", paths);
    json_object_set_new(o, "lost", lost);
    return o;
}

/* Reads hashed_json's form into a new P. Returns 0, or -1 when damaged or out of memory. */
static int hashed_from(json_t *o, path_tallies *p) {
    path_tallies_init(p);
    json_t *paths = json_object_get(o, "paths"), *lost = json_object_get(o, "lost"), *x;
    size_t i;
    if (!json_is_array(paths) || !json_is_array(lost)) return -1;
    json_array_foreach(paths, i, x) {
        json_t *function = json_array_get(x, 0);
        uint64_t id;
        if (!json_is_integer(function) || json_integer_value(function) < 0 ||
            json_integer_value(function) > UINT32_MAX || parse_u64(json_array_get(x, 1), &id) != 0)
            return -1;
        path_tally *pt = path_tallies_find(p, (uint32_t)json_integer_value(function), id);
        tally loaded;
        uint64_t first;
        if (!pt || pt->t.hits || parse_u64(json_array_get(x, 3), &first) != 0)
            return -1; /* twice, or damaged */
        int bad = tally_from(json_array_get(x, 2), &loaded);
        if (!bad) bad = tally_merge(&pt->t, &loaded);
        tally_free(&loaded);
        if (bad) return -1;
        path_tallies_seen(pt, first);
    }
    json_array_foreach(lost, i, x) {
        json_t *function = json_array_get(x, 0);
        uint64_t trials;
        if (!json_is_integer(function) || json_integer_value(function) < 0 ||
            json_integer_value(function) > UINT32_MAX || parse_u64(json_array_get(x, 1), &trials) != 0 ||
            path_tallies_lose(p, (uint32_t)json_integer_value(function), trials) != 0)
            return -1;
    }
    return 0;
}

/* Nonzero entries of V[N] as [[index, value], ...]. */
static json_t *sparse_json(const uint64_t *v, size_t n) {
    json_t *a = json_array();
    for (size_t i = 0; v && i < n; i++)
        if (v[i]) {
            json_t *pair = json_array();
            json_array_append_new(pair, u64(i));
            json_array_append_new(pair, u64(v[i]));
            json_array_append_new(a, pair);
        }
    return a;
}

/* Reads sparse_json's form into V[N] (zeros elsewhere). Returns 0, or -1 when damaged. */
static int sparse_from(const json_t *a, uint64_t *v, size_t n) {
    size_t i;
    json_t *pair;
    if (!a) return 0;
    if (!json_is_array(a)) return -1;
    json_array_foreach(a, i, pair) {
        uint64_t at, value;
        if (parse_u64(json_array_get(pair, 0), &at) != 0 || parse_u64(json_array_get(pair, 1), &value) != 0 ||
            at >= n)
            return -1;
        v[at] = value;
    }
    return 0;
}

int checkpoint_write(const char *path, const checkpoint *c, char *err, size_t errlen) {
    json_t *o = json_object();
    json_object_set_new(o, "format", json_string("freqsys-checkpoint"));
    json_object_set_new(o, "version", json_integer(CHECKPOINT_VERSION));
    json_object_set_new(o, "spec", json_string(c->spec));
    json_object_set_new(o, "module_id", u64(c->module_id));
    json_object_set_new(o, "seed", u64(c->seed));
    json_object_set_new(o, "max_trials", u64(c->max_trials));
    json_object_set_new(o, "epsilon", json_real(c->epsilon));
    json_object_set_new(o, "relative", json_boolean(c->relative));
    json_object_set_new(o, "confidence", json_real(c->confidence));
    json_object_set_new(o, "family", json_integer(c->family));
    json_object_set_new(o, "method", json_integer(c->method));
    json_object_set_new(o, "cap", json_real(c->cap));
    json_object_set_new(o, "frontier", u64(c->state.frontier));
    json_object_set_new(o, "next_decision", u64(c->state.next_decision));
    json_object_set_new(o, "crashes", u64(c->state.crashes));
    json_object_set_new(o, "timeouts", u64(c->state.timeouts));
    json_object_set_new(o, "input_errors", u64(c->state.input_errors));
    json_t *failures = json_array();
    for (size_t i = 0; i < c->state.nfailures; i++) {
        const runner_failure *f = &c->state.failures[i];
        json_t *x = json_object();
        json_object_set_new(x, "trial", u64(f->trial));
        json_object_set_new(x, "kind", json_integer(f->kind));
        json_object_set_new(x, "signal", json_integer(f->signal));
        json_array_append_new(failures, x);
    }
    json_object_set_new(o, "failures", failures);
    json_object_set_new(o, "exits", sparse_json(c->state.outcomes.exits, RUNNER_EXIT_CODES));
    json_object_set_new(o, "aborts", u64(c->state.outcomes.aborts));
    json_object_set_new(o, "signals", sparse_json(c->state.outcomes.signals, RUNNER_SIGNALS));
    json_object_set_new(o, "unbounded", sparse_json(c->state.unbounded, c->ntallies));
    json_object_set_new(o, "cap_exceeded", u64(c->state.outcomes.cap_exceeded));
    json_object_set_new(o, "proven_exceeded", u64(c->state.outcomes.proven_exceeded));
    json_object_set_new(o, "over", sparse_json(c->state.over, c->ntallies));
    json_t *sites = json_array();
    for (size_t i = 0; i < c->state.ncrash_sites; i++) {
        const runner_crash_site *x = &c->state.crash_sites[i];
        json_t *row = json_array();
        json_array_append_new(row, u64(x->block));
        json_array_append_new(row, json_integer(x->signal));
        json_array_append_new(row, u64(x->trials));
        json_array_append_new(row, u64(x->first_trial));
        json_array_append_new(sites, row);
    }
    json_object_set_new(o, "crash_sites", sites);
    json_t *tallies = json_array();
    for (size_t j = 0; j < c->ntallies; j++) json_array_append_new(tallies, tally_json(&c->state.tallies[j]));
    json_object_set_new(o, "tallies", tallies);
    if (c->max_paths) json_object_set_new(o, "max_paths", u64(c->max_paths));
    if (c->sampling_note) json_object_set_new(o, "sampling_note", json_string(c->sampling_note));
    if (c->state.hashed) json_object_set_new(o, "hashed_paths", hashed_json(c->state.hashed));

    size_t n = strlen(path) + 8;
    char *tmp = malloc(n);
    int rc = -1;
    if (tmp) {
        snprintf(tmp, n, "%s.tmp", path);
        /* doubles round-trip with 17 digits */
        if (json_dump_file(o, tmp, JSON_COMPACT | JSON_REAL_PRECISION(17)) == 0 && rename(tmp, path) == 0)
            rc = 0;
        else
            unlink(tmp);
    }
    if (rc) snprintf(err, errlen, "cannot write the checkpoint %s", path);
    free(tmp);
    json_decref(o);
    return rc;
}

int checkpoint_read(const char *path, checkpoint *c, char *err, size_t errlen) {
    memset(c, 0, sizeof *c);
    json_error_t je;
    /* Opened here, so a file that cannot be read is told as such: jansson would report
     * it at line -1, column -1, a place the file does not have. */
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "cannot read the checkpoint %s: %s", path, strerror(errno));
        return -1;
    }
    json_t *o = json_loadf(f, 0, &je);
    int unread = ferror(f), why = errno; /* a folder opens, and fails to read */
    fclose(f);
    if (!o && unread) {
        snprintf(err, errlen, "cannot read the checkpoint %s: %s", path, strerror(why));
        return -1;
    }
    if (!o) {
        snprintf(err, errlen, "%s:%d:%d: not a freqsys checkpoint: %s", path, je.line > 0 ? je.line : 1,
                 je.column > 0 ? je.column : 1, je.text);
        return -1;
    }
    int bad = 0;
    const char *format = json_string_value(json_object_get(o, "format"));
    if (!format || strcmp(format, "freqsys-checkpoint") != 0) {
        snprintf(err, errlen, "%s: not a freqsys checkpoint", path);
        json_decref(o);
        return -1;
    }
    if (json_integer_value(json_object_get(o, "version")) != CHECKPOINT_VERSION) {
        /* version 1 left failed trials out of the tallies: resuming it would mix two estimators */
        snprintf(err, errlen,
                 "%s: a checkpoint of version %lld, which this freqsys cannot continue (it reads "
                 "version %d); run again without --resume",
                 path, (long long)json_integer_value(json_object_get(o, "version")), CHECKPOINT_VERSION);
        json_decref(o);
        return -1;
    }
    const char *spec = json_string_value(json_object_get(o, "spec"));
    c->spec = strdup(spec ? spec : "");
    bad |= parse_u64(json_object_get(o, "module_id"), &c->module_id);
    bad |= parse_u64(json_object_get(o, "seed"), &c->seed);
    bad |= parse_u64(json_object_get(o, "max_trials"), &c->max_trials);
    c->epsilon = json_number_value(json_object_get(o, "epsilon"));
    c->relative = json_is_true(json_object_get(o, "relative"));
    c->confidence = json_number_value(json_object_get(o, "confidence"));
    c->family = (int)json_integer_value(json_object_get(o, "family"));
    c->method = (int)json_integer_value(json_object_get(o, "method"));
    c->cap = json_number_value(json_object_get(o, "cap"));
    bad |= parse_u64(json_object_get(o, "frontier"), &c->state.frontier);
    bad |= parse_u64(json_object_get(o, "next_decision"), &c->state.next_decision);
    bad |= parse_u64(json_object_get(o, "crashes"), &c->state.crashes);
    bad |= parse_u64(json_object_get(o, "timeouts"), &c->state.timeouts);
    if (json_object_get(o, "input_errors")) /* absent from checkpoints written before */
        bad |= parse_u64(json_object_get(o, "input_errors"), &c->state.input_errors);
    json_t *failures = json_object_get(o, "failures");
    size_t i;
    json_t *x;
    json_array_foreach(failures, i, x) {
        if (c->state.nfailures == RUNNER_MAX_FAILURES) break;
        runner_failure *f = &c->state.failures[c->state.nfailures++];
        bad |= parse_u64(json_object_get(x, "trial"), &f->trial);
        f->kind = (runner_failure_kind)json_integer_value(json_object_get(x, "kind"));
        f->signal = (int)json_integer_value(json_object_get(x, "signal"));
    }
    json_t *tallies = json_object_get(o, "tallies");
    c->ntallies = json_array_size(tallies);
    c->state.tallies = calloc(c->ntallies + 1, sizeof *c->state.tallies);
    if (!c->spec || !c->state.tallies) bad = 1;
    for (size_t j = 0; !bad && j < c->ntallies; j++)
        bad |= tally_from(json_array_get(tallies, j), &c->state.tallies[j]);
    c->state.unbounded = calloc(c->ntallies + 1, sizeof *c->state.unbounded);
    bad |= !c->state.unbounded;
    if (!bad) bad |= sparse_from(json_object_get(o, "unbounded"), c->state.unbounded, c->ntallies);
    /* absent from checkpoints written before counts were checked against their limits */
    c->state.over = calloc(c->ntallies + 1, sizeof *c->state.over);
    bad |= !c->state.over;
    if (!bad) bad |= sparse_from(json_object_get(o, "over"), c->state.over, c->ntallies);
    if (json_object_get(o, "cap_exceeded"))
        bad |= parse_u64(json_object_get(o, "cap_exceeded"), &c->state.outcomes.cap_exceeded);
    if (json_object_get(o, "proven_exceeded"))
        bad |= parse_u64(json_object_get(o, "proven_exceeded"), &c->state.outcomes.proven_exceeded);
    bad |= sparse_from(json_object_get(o, "exits"), c->state.outcomes.exits, RUNNER_EXIT_CODES);
    bad |= sparse_from(json_object_get(o, "signals"), c->state.outcomes.signals, RUNNER_SIGNALS);
    if (json_object_get(o, "aborts"))
        bad |= parse_u64(json_object_get(o, "aborts"), &c->state.outcomes.aborts);
    json_array_foreach(json_object_get(o, "crash_sites"), i, x) {
        if (c->state.ncrash_sites == RUNNER_MAX_CRASH_SITES) break;
        runner_crash_site *site = &c->state.crash_sites[c->state.ncrash_sites++];
        uint64_t block = 0;
        bad |= parse_u64(json_array_get(x, 0), &block) || block > UINT32_MAX;
        site->block = (uint32_t)block;
        site->signal = (int)json_integer_value(json_array_get(x, 1));
        bad |= parse_u64(json_array_get(x, 2), &site->trials);
        bad |= parse_u64(json_array_get(x, 3), &site->first_trial);
    }
    if (json_object_get(o, "max_paths")) bad |= parse_u64(json_object_get(o, "max_paths"), &c->max_paths);
    const char *note = json_string_value(json_object_get(o, "sampling_note"));
    if (note && !(c->sampling_note = strdup(note))) bad = 1;
    json_t *hashed = json_object_get(o, "hashed_paths");
    if (!bad && hashed) {
        c->state.hashed = malloc(sizeof *c->state.hashed);
        bad = !c->state.hashed || hashed_from(hashed, c->state.hashed) != 0;
    }
    json_decref(o);
    if (bad) {
        snprintf(err, errlen, "%s: the checkpoint is damaged", path);
        checkpoint_free(c);
        return -1;
    }
    return 0;
}

void checkpoint_free(checkpoint *c) {
    for (size_t j = 0; c->state.tallies && j < c->ntallies; j++) tally_free(&c->state.tallies[j]);
    free(c->state.tallies);
    free(c->state.unbounded);
    free(c->state.over);
    if (c->state.hashed) path_tallies_free(c->state.hashed);
    free(c->state.hashed);
    free(c->spec);
    free(c->sampling_note);
    memset(c, 0, sizeof *c);
}
