/* tests/plan/code_size-t.c: the target build of a plan: inline assembly, and its failures in the compiler's
 * own words. */
/* SPDX-License-Identifier: MIT */
#include "e2e/e2e.h"

int main(void) {
    plan(5);
    char err[8192];
    /* CMSIS's __WFI() is inline assembly: the object for the target needs it parsed */
    int code =
        e2e_runf(err, sizeof err, "run tests/plan/programs/idle.fspec -q -o '%s'", tmp_path("idle.json"));
    if (!ok(code == 0, "the firmware with inline assembly runs")) bail("%s", err);
    code = e2e_runf(err, sizeof err, "plan '%s' --budget 64", tmp_path("idle.json"));
    ok(code == 0 && !strstr(err, "LLVM ERROR"), "plan --budget 64 builds its `wfi` for the Cortex-M4");
    if (code != 0) diag("exit %d: %s", code, err);

#if defined(__x86_64__)
    /* a source only the host compiles: the plan falls back to the host build, whose
     * x86 `pause` the target's code generator refuses; the user is told both why */
    code = e2e_runf(err, sizeof err, "run tests/plan/programs/host_only.fspec -q -o '%s'",
                    tmp_path("host.json"));
    if (!ok(code == 0, "the host-only program runs")) bail("%s", err);
    code = e2e_runf(err, sizeof err, "plan '%s' --budget 64", tmp_path("host.json"));
    ok(code == 3 && strstr(err, "code generation for cortex-m4 failed") &&
           strstr(err, "invalid instruction") && strstr(err, "pause") && !strstr(err, "<unknown>") &&
           !strstr(err, "LLVM ERROR"),
       "plan fails with exit 3 and the code generator's own message");
    ok(strstr(err, "host_only.c does not compile for cortex-m4") &&
           strstr(err, "built for the x86-64 host only"),
       "...and why the host build was used: clang's error for the target");
    if (code != 3) diag("exit %d: %s", code, err);
#else
    for (int i = 0; i < 3; i++) ok(1, "# SKIP the host-only program is x86-64 code");
#endif
    return done();
}
