/* tests/e2e/anywhere-t.c: a result and a checkpoint work from any folder: report, exports, --resume. */
/* SPDX-License-Identifier: MIT */
#include <string.h>
#include "tap.h"
#include "e2e.h"

/* Runs SHELL (a command line) in the folder "/", stdout and stderr into OUT; its status. */
static int from_root(const char *shell, char *out, size_t size) {
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "cd / && %s 2>&1", shell);
    FILE *p = popen(cmd, "r");
    size_t n = p ? fread(out, 1, size - 1, p) : 0;
    out[n] = '\0';
    int status = p ? pclose(p) : -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int main(void) {
    plan(6);
    char err[4096], cmd[8192], out[65536];
    /* A result written from the source folder into a folder of its own. */
    int code =
        e2e_runf(err, sizeof err, "run examples/newton/newton.fspec -q -j 2 -o '%s'", tmp_path("r.json"));
    is_int(code, 0, "newton runs, its result in the test's own folder");
    char *json = e2e_json_without_timing(tmp_path("r.json"));
    ok(json && strstr(json, "\"spec\": \"../") && strstr(json, "newton.fspec\"") &&
           strstr(json, "\"spec_relative_to_result\": true"),
       "the result names its spec from its own folder");
    free(json);
    result *r;

    snprintf(cmd, sizeof cmd, "'%s' report '%s' --format html -o '%s'", FREQSYS_TOOL, tmp_path("r.json"),
             tmp_path("r.html"));
    code = from_root(cmd, out, sizeof out);
    ok(code == 0 && !strstr(out, "not found"), "report --format html from '/': the sources are found");
    snprintf(cmd, sizeof cmd, "grep -c 'scanf' '%s'", tmp_path("r.html"));
    ok(from_root(cmd, out, sizeof out) == 0 && atoi(out) > 0, "...and the page shows them");

    /* A paused run continued from another folder, the spec found through the checkpoint. */
    e2e_runf(err, sizeof err,
             "run examples/newton/newton.fspec -q -j 2 -e 0.01 --stop-after 2000 --checkpoint '%s' "
             "-o '%s'",
             tmp_path("part.ckpt"), tmp_path("part.json"));
    snprintf(cmd, sizeof cmd, "'%s' run --resume '%s' -q -j 2 -o '%s'", FREQSYS_TOOL, tmp_path("part.ckpt"),
             tmp_path("done.json"));
    code = from_root(cmd, out, sizeof out);
    is_int(code, 0, "--resume from '/' with no spec given finds it and finishes");
    if (code != 0) diag("%s", out);
    r = e2e_result(tmp_path("done.json"), err, sizeof err);
    ok(r && r->trials > 2000, "...past the pause (%llu trials)", r ? (unsigned long long)r->trials : 0ULL);
    result_free(r);
    return done();
}
