/* tests/plan/mca_cycles-t.c: plans for CPUs llvm-mca has no timing model for: a stand-in's cycles, said. */
/* SPDX-License-Identifier: MIT */
#include <jansson.h>
#include "e2e/e2e.h"

int main(void) {
    static const struct {
        const char *target, *model, *stand_in;
    } cpus[] = {{"cortex-m0plus", "cortex-m0plus", "cortex-m4"}, {"rv32imc", "generic", "rocket-rv32"}};
    plan(1 + 2 * 2);
    char err[8192];
    int code =
        e2e_runf(err, sizeof err, "run examples/firmware/tick.fspec -q -o '%s'", tmp_path("tick.json"));
    if (!ok(code == 0, "the firmware example runs")) bail("%s", err);
    for (size_t i = 0; i < sizeof cpus / sizeof cpus[0]; i++) {
        char out[64];
        snprintf(out, sizeof out, "plan-%s.json", cpus[i].target);
        code = e2e_runf(err, sizeof err, "plan '%s' --budget 256 --target %s --format json -o '%s'",
                        tmp_path("tick.json"), cpus[i].target, tmp_path(out));
        json_error_t je;
        json_t *p = code == 0 ? json_load_file(tmp_path(out), 0, &je) : NULL;
        ok(p && json_is_true(json_object_get(p, "parts")) &&
               json_real_value(json_object_get(p, "cycles_in_flash")) > 0,
           "%s: the profile-guided parts are planned and timed", cpus[i].target);
        if (code != 0) diag("exit %d: %s", code, err);
        const char *note = json_string_value(json_object_get(p, "cycles_note"));
        ok(note && strstr(note, cpus[i].model) && strstr(note, cpus[i].stand_in),
           "...on %s's timing model, which the plan says (%s)", cpus[i].stand_in, note ? note : "no note");
        json_decref(p);
    }
    return done();
}
