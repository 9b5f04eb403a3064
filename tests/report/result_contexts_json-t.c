/* tests/report/result_contexts_json-t.c: calling contexts in the result JSON: a round trip, and the reader's
 * errors naming the place. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "tmp.h"
#include "result.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The result in PATH, or NULL with the reader's message in ERR. */
static result *read_json(const char *path, char *err, size_t errlen) {
    result *r = NULL;
    return result_read_json(path, &r, err, errlen) == RESULT_OK ? r : NULL;
}

static const char head[] =
    "{\"format\": \"freqsys-result\", \"version\": 1, \"spec\": \"p.fspec\", \"mode\": \"program\",\n"
    " \"entry\": \"main\", \"epsilon\": 0.1, \"relative\": false, \"confidence\": 0.95, \"seed\": 1,\n"
    " \"trials\": 100, \"crashes\": 0, \"timeouts\": 0, \"converged\": true,\n"
    " \"blocks\": [{\"function\": \"f\", \"block\": \"entry\", \"file\": \"p.c\", \"line\": 3, \"mean\": "
    "1.5,\n"
    "              \"stddev\": 0.5, \"half_width\": 0.1, \"min\": 1, \"max\": 2, \"status\": \"converged\"}]";

/* Writes HEAD, then TAIL, then "}" to a fresh file; returns its path. */
static const char *document(const char *name, const char *tail) {
    const char *path = tmp_path(name);
    FILE *f = fopen(path, "w");
    if (!f) bail("cannot write %s", path);
    fprintf(f, "%s%s}\n", head, tail);
    fclose(f);
    return path;
}

int main(void) {
    plan(9);
    char err[1024];
    const char *good = document(
        "good.json",
        ",\n \"context_depth\": 2, \"contexts\": [\n"
        "  {\"function\": \"f\", \"index\": 0, \"kind\": \"calls\",\n"
        "   \"calls\": [{\"function\": \"main\", \"line\": 9, \"column\": 13, \"block\": \"entry\"}],\n"
        "   \"blocks\": [{\"block\": \"entry\", \"mean\": 1, \"half_width\": 0.05, \"status\": "
        "\"converged\", \"max_runs\": 1}]},\n"
        "  {\"function\": \"f\", \"index\": 1, \"kind\": \"outside\", \"calls\": [],\n"
        "   \"blocks\": [{\"block\": \"entry\", \"mean\": 0.5, \"half_width\": 0.05, \"status\": "
        "\"converged\", \"max_runs\": null}]}]");
    result *r = read_json(good, err, sizeof err);
    ok(r && r->context_depth == 2 && r->ncontexts == 2, "the reader takes context_depth and both contexts");
    ok(r && r->contexts[0].ncalls == 1 && !strcmp(r->contexts[0].calls[0].function, "main") &&
           r->contexts[0].calls[0].line == 9 && r->contexts[0].calls[0].column == 13 &&
           !strcmp(r->contexts[0].calls[0].block, "entry"),
       "a chain's call keeps its function, line, column and block");
    ok(r && r->contexts[1].nblocks == 1 && r->contexts[1].blocks[0].mean == 0.5 &&
           isnan(r->contexts[1].blocks[0].max_runs) && !strcmp(r->contexts[1].kind, "outside"),
       "a block in a context keeps its mean, and null max_runs reads as unbounded");

    if (!r) bail("cannot read the contexts back: %s", err);

    /* written back and read again: the same */
    const char *again = tmp_path("again.json");
    FILE *f = fopen(again, "w");
    int wrote = f && result_write_json(r, f) == 0;
    if (f) fclose(f);
    result *r2 = wrote ? read_json(again, err, sizeof err) : NULL;
    char a[256] = "", b[256] = "";
    ok(r2 && r2->ncontexts == 2 && r2->contexts[0].blocks[0].mean == 1 &&
           !strcmp(result_context_label(&r2->contexts[0], a, sizeof a),
                   result_context_label(&r->contexts[0], b, sizeof b)) &&
           !strcmp(a, "main:9:13 > f"),
       "a round trip keeps the contexts (label %s)", a);
    result_free(r);
    result_free(r2);

    r = read_json(document("kind.json",
                           ", \"context_depth\": 2, \"contexts\": [{\"function\": \"f\", \"index\": 0, "
                           "\"kind\": \"sideways\", \"calls\": [], \"blocks\": []}]"),
                  err, sizeof err);
    ok(!r && strstr(err, "contexts[0]: field 'kind' is 'sideways', not one of calls, outside, other"),
       "an unknown kind names the context and the words allowed (%s)", err);
    r = read_json(document("call.json",
                           ", \"context_depth\": 2, \"contexts\": [{\"function\": \"f\", \"index\": 0, "
                           "\"kind\": \"calls\", \"calls\": [{\"line\": 3}], \"blocks\": []}]"),
                  err, sizeof err);
    ok(!r && strstr(err, "contexts[0]: calls[0]: missing field 'function'"),
       "a call without its function names both lists (%s)", err);
    r = read_json(document("block.json",
                           ", \"context_depth\": 2, \"contexts\": [{\"function\": \"f\", \"index\": 0, "
                           "\"kind\": \"calls\", \"calls\": [], \"blocks\": [{\"block\": \"entry\", "
                           "\"mean\": \"high\", \"half_width\": 0, \"status\": \"rare\"}]}]"),
                  err, sizeof err);
    ok(!r && strstr(err, "contexts[0]: blocks[0]: field 'mean' must be a number or null"),
       "a bad mean names its block (%s)", err);
    r = read_json(document("depth.json",
                           ", \"contexts\": [{\"function\": \"f\", \"index\": 0, \"kind\": \"outside\", "
                           "\"calls\": [], \"blocks\": []}]"),
                  err, sizeof err);
    ok(!r && strstr(err, "'contexts' needs 'context_depth'"), "contexts without their depth are refused (%s)",
       err);
    r = read_json(document("none.json", ""), err, sizeof err);
    ok(r && r->context_depth == 0 && r->ncontexts == 0, "a result without contexts reads as before");
    result_free(r);
    return done();
}
