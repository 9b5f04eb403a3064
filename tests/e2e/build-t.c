/* tests/e2e/build-t.c: programs that do not compile, and the spec's compiler flags. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "e2e.h"
#include "scratch.h"

/* Runs `freqsys CMD DIR/SPEC EXTRA`, stderr into ERR. */
static int tool(const char *cmd, const char *dir, const char *spec, const char *extra, char *err, size_t errlen) {
    char args[2048];
    snprintf(args, sizeof args, "%s '%s/%s' %s", cmd, dir, spec, extra);
    return e2e_run(args, err, errlen);
}

/* A syntax error must reach the user as clang's own message and exit 3, from
 * every command that builds the program (it once crashed all three). */
static void syntax_error(const char *dir) {
    char err[8192], extra[512];
    if (scratch_write(dir, "syntax.c", "int main(void) {\n    return 0\n}\n") ||
        scratch_write(dir, "syntax.fspec", "program \"syntax.c\"\nepsilon 0.1\nconfidence 0.9\n"))
        bail("cannot write the syntax-error fixture");
    const char *cmds[] = {"check", "instrument", "run"};
    for (int i = 0; i < 3; i++) {
        snprintf(extra, sizeof extra, i == 1 ? "-o '%s/out.ll'" : i == 2 ? "-q" : "", dir);
        int code = tool(cmds[i], dir, "syntax.fspec", extra, err, sizeof err);
        is_int(code, 3, "%s: a syntax error exits 3, not a crash", cmds[i]);
        ok(strstr(err, "syntax.c:2:13: error: expected ';'") != NULL, "...and shows clang's message");
        if (code != 3) diag("%s", err);
    }
}

int main(void) {
    plan(6);
    char *dir = scratch_open();
    if (!dir) bail("cannot create a scratch folder");
    syntax_error(dir);
    scratch_close(dir);
    return done();
}
