/* tests/plan/profile_flags-t.c: a plan from a run built with clang's own counters (-fprofile-instr-generate).
 */
/* SPDX-License-Identifier: MIT */
#include <jansson.h>
#include "e2e/e2e.h"

/* The firmware example in the test's folder, its spec with `cflags LINE` added, as
 * a user adds it for the instr export and for a plan over parts of functions. */
static void firmware_with(const char *name, const char *line) {
    char cmd[4096];
    snprintf(cmd, sizeof cmd,
             "cp '%s/examples/firmware/firmware.c' '%s/examples/firmware/hal.h' "
             "'%s/examples/firmware/stm32_regs.h' '%s/' && "
             "{ cat '%s/examples/firmware/tick.fspec'; echo '%s'; } > '%s'",
             FREQSYS_SOURCE_DIR, FREQSYS_SOURCE_DIR, FREQSYS_SOURCE_DIR, tmp_dir(), FREQSYS_SOURCE_DIR, line,
             tmp_path(name));
    if (system(cmd) != 0) bail("cannot copy the firmware example");
}

/* plan RESULT --budget 512 --target TARGET as JSON; the exit status, stderr in ERR,
 * the plan in *OUT (NULL when none was written). */
static int plan_json(const char *result, const char *target, json_t **out, char *err, size_t errlen) {
    char json[64];
    snprintf(json, sizeof json, "plan-%s.json", target);
    int code = e2e_runf(err, errlen, "plan '%s' --budget 512 --target %s --format json -o '%s'",
                        tmp_path(result), target, tmp_path(json));
    json_error_t je;
    *out = code == 0 ? json_load_file(tmp_path(json), 0, &je) : NULL;
    return code;
}

int main(void) {
    plan(7);
    char err[8192];
    firmware_with("u4.fspec", "cflags \"-fprofile-instr-generate\"");
    if (!ok(e2e_runf(err, sizeof err, "run '%s' -q -o '%s'", tmp_path("u4.fspec"), tmp_path("u4.json")) == 0,
            "the firmware runs with cflags \"-fprofile-instr-generate\""))
        bail("%s", err);

    /* the Cortex-M4 (the default) and the RISC-V profile: each built for the target
     * with the profile, not retargeted from the host */
    static const char *const targets[] = {"cortex-m4", "rv32imc"};
    for (size_t i = 0; i < 2; i++) {
        json_t *p;
        int code = plan_json("u4.json", targets[i], &p, err, sizeof err);
        ok(code == 0 && !strstr(err, "unsupported relocation") && !strstr(err, "<unknown>"),
           "%s: plan --budget 512 succeeds, with no relocation error", targets[i]);
        if (code != 0) diag("exit %d: %s", code, err);
        ok(p && json_is_true(json_object_get(p, "parts")) && !json_object_get(p, "note"),
           "...its items are the parts of the profile-guided build for %s, not a retargeted host build",
           targets[i]);
        json_decref(p);
    }

    /* the same plan as from a spec without the flag: the run's counters are the run's
     * business, the target build reads the profile alone */
    firmware_with("plain.fspec", "");
    json_t *with = NULL, *without = NULL;
    int code =
        e2e_runf(err, sizeof err, "run '%s' -q -o '%s'", tmp_path("plain.fspec"), tmp_path("plain.json"));
    if (code == 0) code = plan_json("plain.json", "cortex-m4", &without, err, sizeof err);
    if (code == 0) code = plan_json("u4.json", "cortex-m4", &with, err, sizeof err);
    json_t *a = json_object_get(with, "items"), *b = json_object_get(without, "items");
    int same = a && b && json_array_size(a) == json_array_size(b);
    for (size_t i = 0; same && i < json_array_size(a); i++) {
        json_t *x = json_array_get(a, i), *y = json_array_get(b, i);
        same = json_equal(json_object_get(x, "function"), json_object_get(y, "function")) &&
               json_equal(json_object_get(x, "size"), json_object_get(y, "size")) &&
               json_equal(json_object_get(x, "selected"), json_object_get(y, "selected"));
    }
    ok(code == 0 && same, "the parts, their sizes and the choice are those of the run without the flag");
    json_decref(with);
    json_decref(without);

    /* the flag with the file it writes and with coverage, in one source's own flags */
    firmware_with("cov.fspec",
                  "cflags \"firmware.c\": \"-fprofile-instr-generate=fw.profraw\" \"-fcoverage-mapping\"");
    code = e2e_runf(err, sizeof err, "run '%s' -q -o '%s'", tmp_path("cov.fspec"), tmp_path("cov.json"));
    json_t *p = NULL;
    if (code == 0) code = plan_json("cov.json", "cortex-m4", &p, err, sizeof err);
    ok(code == 0 && json_is_true(json_object_get(p, "parts")) && !json_object_get(p, "note"),
       "a source's own -fprofile-instr-generate=FILE and -fcoverage-mapping are left out of it too");
    if (code != 0) diag("exit %d: %s", code, err);
    json_decref(p);
    return done();
}
