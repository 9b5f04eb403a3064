/* tests/e2e/valgrind-t.c: freqsys runs the examples with no memory error or leak under valgrind. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "e2e.h"

/* Exit status 9 is valgrind's (--error-exitcode): an invalid access, an uninitialised
 * value used, or a definite leak; 0 and 1 are freqsys's own (1: the small budget ran
 * out before convergence, as intended here). */
static int clean(const char *spec, char *err, size_t errlen) {
    char args[2048];
    snprintf(args, sizeof args, "run %s -j 1 -q -n 300 -o /dev/null", spec);
    char full[4096];
    snprintf(full, sizeof full,
             "cd '%s' && valgrind -q --error-exitcode=9 --leak-check=full "
             "--errors-for-leak-kinds=definite '%s' %s >/dev/null 2>\"$TMPDIR/valgrind.log\"",
             FREQSYS_SOURCE_DIR, FREQSYS_TOOL, args);
    int status = system(full);
    FILE *f = fopen(tmp_path("valgrind.log"), "r");
    size_t n = f ? fread(err, 1, errlen - 1, f) : 0;
    err[n] = '\0';
    if (f) fclose(f);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int main(void) {
    plan(2);
    setenv("TMPDIR", tmp_dir(), 1); /* the command names its log "$TMPDIR/valgrind.log" */
    char err[8192];
    if (system("valgrind --version >/dev/null 2>&1") != 0)
        bail("valgrind is not installed (apt-get install valgrind)");
    int code = clean("examples/newton/newton.fspec", err, sizeof err);
    if (!ok(code == 0 || code == 1, "newton (program mode) is valgrind-clean (exit %d)", code))
        diag("%s", err);
    code = clean("examples/firmware/tick.fspec", err, sizeof err);
    if (!ok(code == 0 || code == 1,
            "the firmware tick (function mode, registers) is valgrind-clean (exit %d)", code))
        diag("%s", err);
    return done();
}
