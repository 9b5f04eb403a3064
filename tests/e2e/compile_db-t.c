/* tests/e2e/compile_db-t.c: a build's compile_commands.json, globs, header-only code and one source's own
 * flags. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include "tap.h"
#include "e2e.h"
#include "scratch.h"

/* Runs `freqsys ARGS` in DIR with stdout and stderr together into OUT; its status. */
static int capture(const char *dir, const char *args, char *out, size_t size) {
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' %s 2>&1", dir, FREQSYS_TOOL, args);
    FILE *p = popen(cmd, "r");
    size_t n = p ? fread(out, 1, size - 1, p) : 0;
    out[n] = '\0';
    int status = p ? pclose(p) : -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Two units that each #error without their own -D, a header found through the
 * build's -I, a test with a main of its own, and the database as CMake writes it
 * (arguments) and as bear writes it (a command line, with a quoted define). */
static int project(const char *dir) {
    char db[4096];
    snprintf(
        db, sizeof db,
        "[\n"
        " {\"directory\": \"%s/build\", \"file\": \"../lib/twice.c\",\n"
        "  \"arguments\": [\"cc\", \"-O2\", \"-g\", \"-Wall\", \"-DTWICE_UNIT\", \"-fPIC\", \"-c\", "
        "\"../lib/twice.c\","
        " \"-o\", \"twice.o\"]},\n"
        " {\"directory\": \"%s/build\", \"file\": \"%s/app/main.c\",\n"
        "  \"command\": \"cc -O3 -DMAIN_UNIT -DGREETING=\\\"\\\\\\\"two words\\\\\\\"\\\" -I../include -MD "
        "-MF main.d"
        " -c %s/app/main.c -o main.o\"},\n"
        " {\"directory\": \"%s/build\", \"file\": \"../tests/t.c\", \"command\": \"cc -c ../tests/t.c\"}\n"
        "]\n",
        dir, dir, dir, dir, dir);
    mkdir(scratch_path(dir, "build"), 0700);
    return scratch_write(dir, "lib/twice.c",
                         "#ifndef TWICE_UNIT\n#error twice.c needs -DTWICE_UNIT\n#endif\n"
                         "int twice(int x) { return 2 * x; }\n") ||
           scratch_write(dir, "include/common.h", "int twice(int x);\n") ||
           scratch_write(dir, "app/main.c",
                         "#ifndef MAIN_UNIT\n#error main.c needs -DMAIN_UNIT\n#endif\n"
                         "#include <stdio.h>\n#include <string.h>\n#include \"common.h\"\n"
                         "int main(void) {\n"
                         "    int n, s = 0;\n"
                         "    if (scanf(\"%d\", &n) != 1) return 1;\n"
                         "    for (int i = 0; i < twice(n); i++)\n"
                         "        s += (int)strlen(GREETING);\n" /* line 10 */
                         "    printf(\"%d\\n\", s);\n"
                         "    return 0;\n"
                         "}\n") ||
           scratch_write(dir, "tests/t.c", "int main(void) { return 0; }\n") ||
           scratch_write(dir, "other/extra.c", "int extra(void) { return 1; }\n") ||
           scratch_write(dir, "build/compile_commands.json", db);
}

static void from_the_database(const char *dir) {
    char out[16384];
    if (scratch_write(dir, "subset.fspec",
                      "compile_commands \"build/compile_commands.json\"\n"
                      "program \"lib/*.c\" \"app/main.c\"\n"
                      "n ~ uniform_int(0, 9)\nepsilon 2% + 0.001\nconfidence 0.95\n"))
        bail("cannot write subset.fspec");
    int code = capture(dir, "check subset.fspec", out, sizeof out);
    is_int(code, 0, "check: two units of the database, one named by a glob");
    ok(strstr(out, "dropped -O2 (optimisation") && strstr(out, "dropped -Wall (warnings)") &&
           strstr(out, "dropped -O3 (optimisation") && strstr(out, "dropped -MD (dependency files)"),
       "...says which of the build's flags are dropped, and why");
    ok(strstr(out, "-DTWICE_UNIT") && strstr(out, "-DGREETING=\"two words\"") && strstr(out, "/include"),
       "...and which are kept: defines (a quoted one whole) and the include path");
    if (code != 0 || !strstr(out, "-DGREETING")) diag("%s", out);
    code = capture(dir, "run subset.fspec -s 2 -q -j 2 -o r.json", out, sizeof out);
    is_int(code, 0, "run: each unit compiled with its own flags, every block settled");
    if (code != 0) diag("%s", out);
    char err[4096];
    result *r = e2e_result(scratch_path(dir, "r.json"), err, sizeof err);
    const result_block *b = r ? e2e_block_at(r, "main", 11, "for.body") : NULL;
    /* twice(n) trips, n ~ uniform_int(0, 9): 2 x 4.5, enumerated exactly */
    ok(b && fabs(b->mean - 9) <= b->half_width, "the loop of twice(n) trips: %.4f within %.4f of 9",
       b ? b->mean : NAN, b ? b->half_width : NAN);
    result_free(r);
}

static void every_unit(const char *dir) {
    char out[16384];
    if (scratch_write(dir, "all.fspec",
                      "compile_commands \"build/compile_commands.json\"\n"
                      "n ~ uniform_int(0, 9)\nepsilon 0.1\nconfidence 0.95\n"))
        bail("cannot write all.fspec");
    int code = capture(dir, "check all.fspec", out, sizeof out);
    is_int(code, 3, "no program line: every unit, and two of them define main (exit 3)");
    ok(strstr(out, "main is defined in more than one source") && strstr(out, "app/main.c") &&
           strstr(out, "tests/t.c"),
       "...the message names both");
    if (scratch_write(dir, "stray.fspec",
                      "compile_commands \"build/compile_commands.json\"\n"
                      "program \"app/main.c\" \"other/extra.c\"\n"
                      "n ~ uniform_int(0, 9)\nepsilon 0.1\nconfidence 0.95\n"))
        bail("cannot write stray.fspec");
    code = capture(dir, "check stray.fspec", out, sizeof out);
    is_int(code, 2, "a named source the database does not build: a spec error");
    ok(strstr(out, "stray.fspec:2:22: error:") && strstr(out, "extra.c' has no entry in") &&
           strstr(out, "twice.c, main.c, t.c"),
       "...at its place, listing the database's C units");
    if (!strstr(out, "stray.fspec:2:22")) diag("%s", out);
    if (scratch_write(dir, "nodb.fspec",
                      "compile_commands \"build/nope.json\"\nepsilon 0.1\nconfidence 0.95\n"))
        bail("cannot write nodb.fspec");
    code = capture(dir, "check nodb.fspec", out, sizeof out);
    ok(code == 2 && strstr(out, "nodb.fspec:1:18: error: compile_commands: cannot read"),
       "a missing database: an error at its line and column");
}

/* A header-only library: the header compiled as C with the define that gives its code. */
static void header_only(const char *dir) {
    char out[16384];
    if (scratch_write(dir, "hdr/count.h",
                      "#ifdef COUNT_IMPLEMENTATION\n"
                      "int count_below(int n) {\n    int c = 0;\n"
                      "    for (int i = 0; i < n; i++)\n        c++;\n    return c;\n}\n#endif\n") ||
        scratch_write(dir, "header.fspec",
                      "program \"hdr/count.h\"\ncflags \"hdr/count.h\": \"-DCOUNT_IMPLEMENTATION\"\n"
                      "function \"count_below\"\narg n ~ uniform_int(0, 9)\n"
                      "epsilon 2% + 0.001\nconfidence 0.95\n") ||
        scratch_write(dir, "header_bare.fspec",
                      "program \"hdr/count.h\"\nfunction \"count_below\"\n"
                      "arg n ~ uniform_int(0, 9)\nepsilon 0.1\nconfidence 0.95\n") ||
        scratch_write(dir, "header_wrong.fspec",
                      "program \"hdr/count.h\"\ncflags \"count.c\": \"-DX\"\n"
                      "function \"count_below\"\narg n ~ uniform_int(0, 9)\n"
                      "epsilon 0.1\nconfidence 0.95\n"))
        bail("cannot write the header-only fixture");
    int code = capture(dir, "run header.fspec -s 1 -q -j 2 -o h.json", out, sizeof out);
    is_int(code, 0, "a header-only function, with its own define, runs and settles");
    if (code != 0) diag("%s", out);
    char err[4096];
    result *r = e2e_result(scratch_path(dir, "h.json"), err, sizeof err);
    const result_block *b = r ? e2e_block_at(r, "count_below", 5, "for.body") : NULL;
    ok(b && fabs(b->mean - 4.5) <= b->half_width, "its loop body: %.4f within %.4f of 4.5", b ? b->mean : NAN,
       b ? b->half_width : NAN);
    result_free(r);
    code = capture(dir, "check header_bare.fspec", out, sizeof out);
    ok(code != 0 && strstr(out, "count_below"),
       "without the define the function is not there, and the error says so");
    code = capture(dir, "check header_wrong.fspec", out, sizeof out);
    ok(code == 2 && strstr(out, "header_wrong.fspec:2:8: error: cflags for 'count.c': no source"),
       "cflags for a file that is not a source: at its place");
}

/* Bitcode the user built: without value names a read cannot be declared by name, and
 * the error says which flag keeps them. */
static void own_bitcode(const char *dir) {
    char cmd[8192], out[8192];
    snprintf(
        cmd, sizeof cmd,
        "cd '%s' && clang-19 -c -emit-llvm -O0 -g ../app/main.c -DMAIN_UNIT '-DGREETING=\"x\"' -I../include "
        "-o main.bc",
        scratch_path(dir, "build"));
    if (system(cmd) != 0 ||
        scratch_write(dir, "bitcode.fspec",
                      "program \"build/main.bc\" \"lib/twice.c\"\ncflags \"-DTWICE_UNIT\"\n"
                      "n ~ uniform_int(0, 9)\nepsilon 0.1\nconfidence 0.95\n"))
        bail("cannot build the bitcode fixture");
    int code = capture(dir, "check bitcode.fspec", out, sizeof out);
    ok(code == 2 && strstr(out, "-fno-discard-value-names"),
       "bitcode without names: the error names the flag");
}

int main(void) {
    plan(15);
    char *dir = scratch_open();
    if (!dir || project(dir) != 0) bail("cannot write the project");
    from_the_database(dir);
    every_unit(dir);
    header_only(dir);
    own_bitcode(dir);
    scratch_close(dir);
    return done();
}
