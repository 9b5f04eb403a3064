/* tests/e2e/build-t.c: programs that do not compile, and the spec's compiler flags. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "e2e.h"
#include "scratch.h"

/* Runs `freqsys CMD DIR/SPEC EXTRA`, stderr into ERR. */
static int tool(const char *cmd, const char *dir, const char *spec, const char *extra, char *err,
                size_t errlen) {
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

/* A program that builds only with the spec's -I and -D, whose loop runs 3 * N
 * times: the count proves the flags reached clang. */
static void compiler_flags(const char *dir) {
    char err[8192], extra[512];
    if (scratch_write(dir, "include/loops.h", "#define LOOPS (3 * N)\n") ||
        scratch_write(dir, "flags.c",
                      "#include \"loops.h\"\n"
                      "int main(void) {\n"
                      "    int sum = 0;\n"
                      "    for (int i = 0; i < LOOPS; i++)\n"
                      "        sum += i;\n"
                      "    return sum == 0;\n"
                      "}\n") ||
        scratch_write(dir, "flags.fspec",
                      "program \"flags.c\"\n"
                      "cflags \"-std=c99\" \"-Iinclude\"\n"
                      "cflags \"-DN=10\"   # a second line adds to the first\n"
                      "epsilon 0.1\nconfidence 0.9\nseed 3\n") ||
        scratch_write(dir, "noflags.fspec", "program \"flags.c\"\nepsilon 0.1\nconfidence 0.9\n") ||
        scratch_write(dir, "output.fspec",
                      "program \"flags.c\"\ncflags \"-DN=1\" \"-o\" \"x.bc\"\n"
                      "epsilon 0.1\nconfidence 0.9\n") ||
        scratch_write(dir, "optimise.fspec",
                      "program \"flags.c\"\ncflags \"-O2\" \"-g3\" \"-std=c99\" \"-Iinclude\" \"-DN=10\"\n"
                      "epsilon 0.1\nconfidence 0.9\n"))
        bail("cannot write the compiler-flags fixture");

    is_int(tool("check", dir, "noflags.fspec", "", err, sizeof err), 3,
           "without cflags the program does not build (exit 3)");
    ok(strstr(err, "'loops.h' file not found") != NULL, "...for want of -Iinclude");

    snprintf(extra, sizeof extra, "-q -j 2 -o '%s/flags.json'", dir);
    int code = tool("run", dir, "flags.fspec", extra, err, sizeof err);
    is_int(code, 0, "with cflags -std=c99 -Iinclude -DN=10 it builds and runs");
    if (code != 0) diag("%s", err);
    result *r = e2e_result(scratch_path(dir, "flags.json"), err, sizeof err);
    const result_block *body = r ? e2e_block(r, "main", "for.body") : NULL;
    ok(body != NULL, "...and the result has the loop body");
    is_double(body ? body->mean : -1, 30, 0, "...which runs exactly 3 * N = 30 times per run");
    result_free(r);

    is_int(tool("check", dir, "output.fspec", "", err, sizeof err), 2,
           "cflags \"-o\" is a spec error (exit 2)");
    ok(strstr(err, "output.fspec:2:16: error: compiler flag '-o' is not allowed") != NULL,
       "...at the flag's line and column");
    diag("%s", err);
    char cmd[4096], out[8192];
    snprintf(cmd, sizeof cmd, "'%s' check '%s/optimise.fspec' 2>&1", FREQSYS_TOOL, dir);
    FILE *p = popen(cmd, "r");
    size_t n = p ? fread(out, 1, sizeof out - 1, p) : 0;
    out[n] = '\0';
    int status = p ? pclose(p) : -1;
    is_int(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 0,
           "cflags \"-O2\" \"-g3\" are a build's habit: accepted");
    ok(strstr(out, "dropped -O2 (optimisation") && strstr(out, "dropped -g3 (debug"),
       "...and check says they "
       "are dropped, and why");
}

int main(void) {
    plan(15);
    char *dir = scratch_open();
    if (!dir) bail("cannot create a scratch folder");
    syntax_error(dir);
    compiler_flags(dir);
    scratch_close(dir);
    return done();
}
