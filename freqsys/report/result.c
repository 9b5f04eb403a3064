/* freqsys/report/result.c: freeing a result and picking a writer by format name. */
/* SPDX-License-Identifier: MIT */
#include "result.h"
#include "worst_case.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The paths and the functions' path notes (run --paths). */
static void free_paths(result *r) {
    for (size_t i = 0; i < r->npaths; i++) {
        result_path *p = &r->paths[i];
        free(p->function);
        for (size_t k = 0; k < p->nblocks; k++) free(p->blocks[k]);
        free(p->blocks);
        free(p->back_to);
        result_estimate_free(&p->estimate);
        free(p->key);
        free(p->note);
        free(p->cap);
    }
    free(r->paths);
    for (size_t i = 0; i < r->npath_functions; i++) {
        free(r->path_functions[i].function);
        free(r->path_functions[i].note);
    }
    free(r->path_functions);
}

/* What --sensitivity, --rare and --contexts add. */
static void free_extras(result *r) {
    for (size_t i = 0; i < r->nsensitivities; i++) {
        free(r->sensitivities[i].input);
        free(r->sensitivities[i].parameter);
    }
    free(r->sensitivities);
    for (size_t i = 0; i < r->nsensitivity_skipped; i++) {
        free(r->sensitivity_skipped[i].input);
        free(r->sensitivity_skipped[i].parameter);
    }
    free(r->sensitivity_skipped);
    for (size_t i = 0; i < r->nquantiles; i++) free(r->quantiles[i].status);
    free(r->quantiles);
    free(r->quantile_levels);
    free(r->rare_block);
    for (size_t i = 0; i < r->nrare_tilts; i++) free(r->rare_tilts[i]);
    free(r->rare_tilts);
    for (size_t i = 0; i < r->ncontexts; i++) {
        result_context *c = &r->contexts[i];
        free(c->function);
        free(c->kind);
        for (size_t k = 0; k < c->ncalls; k++) {
            free(c->calls[k].function);
            free(c->calls[k].block);
        }
        free(c->calls);
        for (size_t k = 0; k < c->nblocks; k++) {
            free(c->blocks[k].block);
            free(c->blocks[k].cap);
            result_estimate_free(&c->blocks[k].estimate);
        }
        free(c->blocks);
    }
    free(r->contexts);
}

/* Frees everything the result owns, and the result itself; NULL is fine. Cannot fail. */
void result_free(result *r) {
    if (!r) return;
    free(r->spec);
    free(r->mode);
    free(r->entry);
    for (size_t i = 0; i < r->nblocks; i++) {
        result_block *b = &r->blocks[i];
        free(b->function);
        free(b->block);
        free(b->file);
        free(b->cap);
        result_estimate_free(&b->estimate);
        free(b->successors);
        for (size_t k = 0; k < b->ncallees; k++) free(b->callees[k]);
        free(b->callees);
    }
    free(r->blocks);
    for (size_t i = 0; i < r->nfailures; i++) free(r->failures[i].kind);
    free(r->failures);
    for (size_t i = 0; i < r->noutcomes; i++) free(r->outcomes[i].name);
    free(r->outcomes);
    for (size_t i = 0; i < r->ncrash_sites; i++) {
        free(r->crash_sites[i].function);
        free(r->crash_sites[i].block);
        free(r->crash_sites[i].file);
    }
    free(r->crash_sites);
    for (size_t i = 0; i < r->nexceeded; i++) {
        free(r->exceeded[i].bound);
        free(r->exceeded[i].function);
        free(r->exceeded[i].block);
        free(r->exceeded[i].file);
    }
    free(r->exceeded);
    for (size_t i = 0; i < r->nfunctions; i++) {
        free(r->functions[i].name);
        free(r->functions[i].file);
    }
    free(r->functions);
    free(r->mmio_writes);
    free(r->spec_sha256);
    for (size_t i = 0; i < r->nsources_sha256; i++) {
        free(r->sources_sha256[i].file);
        free(r->sources_sha256[i].sha256);
    }
    free(r->sources_sha256);
    free(r->guarantee);
    free(r->stop_method);
    free(r->sampling);
    free(r->sampling_note);
    for (size_t i = 0; i < r->nwarnings; i++) free(r->warnings[i]);
    free(r->warnings);
    for (size_t i = 0; i < r->ninputs; i++) free(r->inputs[i]);
    free(r->inputs);
    free_paths(r);
    free_extras(r);
    free(r);
}

/* Dispatches to the writer named FORMAT ("text", "json", "csv", "dot", "lcov", "sample",
 * "html"), the exports with their defaults. Returns what the writer returns, or -1 with
 * errno EINVAL for an unknown or NULL format. */
int result_write(const result *r, const char *format, FILE *out) {
    return result_write_export(r, format, NULL, out, NULL, 0);
}

/* The export writers take options and a message buffer; the others only a stream. */
static const struct {
    const char *name;
    int (*plain)(const result *, FILE *);
    int (*export)(const result *, const result_export *, FILE *, char *, size_t);
} writers[] = {
    {"text", result_write_text, NULL},
    {"json", result_write_json, NULL},
    {"csv", result_write_csv, NULL},
    {"dot", NULL, report_dot_write},
    {"lcov", NULL, report_lcov_write},
    {"gcov", NULL, report_gcov_write},
    {"sample", NULL, report_sample_write},
    {"sample-contexts", NULL, report_sample_contexts_write},
    {"afdo", NULL, report_afdo_write},
    {"html", NULL, report_html_write},
    {"llvm-json", NULL, report_llvm_json_write},
    {"worst-case", NULL, report_worst_case_write},
};

/* Dispatches to any writer by FORMAT; OPT NULL means the defaults. Returns what the
 * writer returns, or -1 with errno EINVAL and a message in ERR for an unknown format;
 * a plain writer's failure is described in ERR from errno. */
int result_write_export(const result *r, const char *format, const result_export *opt, FILE *out, char *err,
                        size_t errlen) {
    static const result_export defaults;
    for (size_t i = 0; format && i < sizeof writers / sizeof writers[0]; i++) {
        if (strcmp(format, writers[i].name) != 0) continue;
        if (writers[i].export) return writers[i].export(r, opt ? opt : &defaults, out, err, errlen);
        int rc = writers[i].plain(r, out);
        if (rc != 0 && err && errlen) snprintf(err, errlen, "writing failed: %s", strerror(errno));
        return rc;
    }
    if (err && errlen)
        snprintf(err, errlen,
                 "unknown format '%s' (known: text, json, csv, dot, lcov, gcov, "
                 "sample, afdo, html, llvm-json, worst-case)",
                 format ? format : "");
    errno = EINVAL;
    return -1;
}

int result_flush(FILE *out, char *err, size_t errlen) {
    errno = 0;
    if (fflush(out) == 0 && !ferror(out)) return 0;
    if (errno == 0) errno = EIO;
    if (err && errlen) snprintf(err, errlen, "writing failed: %s", strerror(errno));
    return -1;
}
