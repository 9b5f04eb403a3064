/* tests/e2e/run_files-t.c: a result records its spec's and sources' digests; plan and the exports refuse a
 * change. */
/* SPDX-License-Identifier: MIT */
#include <jansson.h>
#include "e2e.h"

/* The SHA-256 of PATH as sha256sum prints it, into HEX (65 bytes); "" on failure. */
static void sha256sum(const char *path, char *hex) {
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "sha256sum '%s'", path);
    FILE *p = popen(cmd, "r");
    hex[0] = '\0';
    if (p && fscanf(p, "%64s", hex) != 1) hex[0] = '\0';
    if (p) pclose(p);
}

/* Runs sed's SCRIPT on the test folder's file NAME in place. */
static void edit(const char *name, const char *script) {
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "sed -i '%s' '%s'", script, tmp_path(name));
    if (system(cmd) != 0) bail("cannot edit %s", name);
}

int main(void) {
    plan(16);
    char err[8192], cmd[4096];
    snprintf(
        cmd, sizeof cmd,
        "cp '%s'/examples/firmware/*.c '%s'/examples/firmware/*.h '%s/examples/firmware/tick.fspec' '%s/'",
        FREQSYS_SOURCE_DIR, FREQSYS_SOURCE_DIR, FREQSYS_SOURCE_DIR, tmp_dir());
    if (system(cmd) != 0) bail("cannot copy the firmware example");
    int code =
        e2e_runf(err, sizeof err, "run '%s' -q -o '%s'", tmp_path("tick.fspec"), tmp_path("tick.json"));
    if (!ok(code == 0, "the firmware runs")) bail("%s", err);

    /* the digests, as sha256sum gives them */
    json_error_t je;
    json_t *doc = json_load_file(tmp_path("tick.json"), 0, &je);
    char spec_hex[80], source_hex[80];
    sha256sum(tmp_path("tick.fspec"), spec_hex);
    sha256sum(tmp_path("firmware.c"), source_hex);
    const char *recorded = json_string_value(json_object_get(doc, "spec_sha256"));
    ok(recorded && !strcmp(recorded, spec_hex), "spec_sha256 is sha256sum's of the spec (%s)",
       recorded ? recorded : "absent");
    json_t *sources = json_object_get(doc, "sources_sha256");
    json_t *first = json_array_get(sources, 0);
    const char *file = json_string_value(json_object_get(first, "file"));
    const char *digest = json_string_value(json_object_get(first, "sha256"));
    ok(json_array_size(sources) == 1 && file && !strcmp(file, "firmware.c") && digest &&
           !strcmp(digest, source_hex),
       "sources_sha256 names firmware.c as the spec does, with sha256sum's digest");

    /* as the run left them: no word of it */
    code =
        e2e_runf(err, sizeof err, "plan '%s' --budget 256 -o '%s'", tmp_path("tick.json"), tmp_path("p.txt"));
    ok(code == 0 && !strstr(err, "warning") && !strstr(err, "changed"),
       "plan of the files as run: no warning");

    /* the spec edited after the run: the plan is refused, naming it */
    edit("tick.fspec", "s/bernoulli(0.8)/bernoulli(0.5)/");
    code =
        e2e_runf(err, sizeof err, "plan '%s' --budget 256 -o '%s'", tmp_path("tick.json"), tmp_path("p.txt"));
    ok(code == 2 && strstr(err, "tick.fspec changed") && strstr(err, "since the run that made") &&
           strstr(err, "--allow-changed"),
       "after an edit of the spec, plan refuses with exit 2, naming the spec and --allow-changed");
    if (code != 2) diag("exit %d: %s", code, err);
    code = e2e_runf(err, sizeof err, "plan '%s' --budget 256 --allow-changed -o '%s'", tmp_path("tick.json"),
                    tmp_path("p.txt"));
    ok(code == 0 && strstr(err, "warning") && strstr(err, "tick.fspec changed"),
       "...and plans from the files as they are with --allow-changed, after a warning naming it");
    code = e2e_runf(err, sizeof err, "report '%s' --format instr -o '%s'", tmp_path("tick.json"),
                    tmp_path("t.proftext"));
    ok(code == 2 && strstr(err, "tick.fspec changed") && strstr(err, "export"),
       "report --format instr refuses the edited spec too");
    edit("tick.fspec", "s/bernoulli(0.5)/bernoulli(0.8)/");

    /* a source edited after the run */
    edit("firmware.c", "$ a /* edited after the run */");
    code = e2e_runf(err, sizeof err, "report '%s' --format instr -o '%s'", tmp_path("tick.json"),
                    tmp_path("t.proftext"));
    ok(code == 2 && strstr(err, "firmware.c changed") && !strstr(err, "tick.fspec changed"),
       "a source edited after the run: the instr export refuses, naming the source alone");
    code =
        e2e_runf(err, sizeof err, "plan '%s' --budget 256 -o '%s'", tmp_path("tick.json"), tmp_path("p.txt"));
    ok(code == 2 && strstr(err, "firmware.c changed"), "...and so does plan");
    code = e2e_runf(err, sizeof err, "report '%s' --format instr --allow-changed -o '%s'",
                    tmp_path("tick.json"), tmp_path("t.proftext"));
    ok(code == 0 && strstr(err, "firmware.c changed"), "...unless --allow-changed, which warns");
    code = e2e_runf(err, sizeof err, "report '%s' --format csv -o '%s'", tmp_path("tick.json"),
                    tmp_path("t.csv"));
    ok(code == 0 && !strstr(err, "changed"), "an export from the result alone does not look at the files");
    edit("firmware.c", "$ d");
    code =
        e2e_runf(err, sizeof err, "plan '%s' --budget 256 -o '%s'", tmp_path("tick.json"), tmp_path("p.txt"));
    ok(code == 0 && !strstr(err, "changed"), "the edit undone, plan goes on without a word");

    /* the digests survive report --format json */
    code = e2e_runf(err, sizeof err, "report '%s' --format json -o '%s'", tmp_path("tick.json"),
                    tmp_path("again.json"));
    json_t *again = code == 0 ? json_load_file(tmp_path("again.json"), 0, &je) : NULL;
    ok(again && json_equal(json_object_get(again, "spec_sha256"), json_object_get(doc, "spec_sha256")) &&
           json_equal(json_object_get(again, "sources_sha256"), sources),
       "report --format json writes the digests back as read");
    json_decref(again);

    /* a result written before the digests: read as ever, with a warning */
    json_object_del(doc, "spec_sha256");
    json_object_del(doc, "sources_sha256");
    if (json_dump_file(doc, tmp_path("old.json"), JSON_INDENT(2)) != 0) bail("cannot write old.json");
    code =
        e2e_runf(err, sizeof err, "plan '%s' --budget 256 -o '%s'", tmp_path("old.json"), tmp_path("p.txt"));
    ok(code == 0 && strstr(err, "warning") && strstr(err, "records no digests"),
       "an older result without digests: plan goes on, warning that a change would go unnoticed");
    code = e2e_runf(err, sizeof err, "report '%s' --format instr -o '%s'", tmp_path("old.json"),
                    tmp_path("t.proftext"));
    ok(code == 0 && strstr(err, "records no digests"), "...and so does the instr export");
    json_decref(doc);

    /* said before: the option is in each command's help */
    char out[16384];
    e2e_stdout("help plan", out, sizeof out);
    int in_plan = strstr(out, "--allow-changed") != NULL;
    e2e_stdout("help report", out, sizeof out);
    ok(in_plan && strstr(out, "--allow-changed"),
       "--allow-changed is in 'freqsys help plan' and 'help report'");
    return done();
}
