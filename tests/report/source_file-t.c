/* tests/report/source_file-t.c: finding the program's sources and splitting them into lines. */
/* SPDX-License-Identifier: MIT */
#include "fixture.h"
#include "tap.h"
#include "tmp.h"
#include "export.h"

#include <errno.h>
#include <unistd.h>

/* The path for FILE when the spec is SPEC and the source dir DIR (may be NULL). */
static void path_is(const char *spec, const char *dir, const char *file, const char *want) {
    result r = {.spec = (char *)spec};
    result_export opt = {.source_dir = dir};
    char *got = source_file_path(&r, &opt, file);
    is_string(got, want, "spec %s, dir %s, file %s", spec, dir ? dir : "(none)", file);
    free(got);
}

int main(void) {
    plan(13);
    path_is("examples/branches/branches.fspec", NULL, "branches.c", "examples/branches/branches.c");
    path_is("branches.fspec", NULL, "branches.c", "branches.c");
    path_is("/branches.fspec", NULL, "branches.c", "/branches.c");
    path_is("a/b.fspec", "/src", "lib/u.c", "/src/lib/u.c");
    path_is("a/b.fspec", "/src/", "u.c", "/src/u.c");
    path_is("a/b.fspec", NULL, "/abs/u.c", "/abs/u.c");

    char name[2048];
    snprintf(name, sizeof name, "%s", tmp_path("src-XXXXXX"));
    int fd = mkstemp(name);
    if (fd < 0 || write(fd, "int x;\r\n\nreturn 0;\n", 19) != 19) bail("cannot write %s", name);
    close(fd);
    source_file sf;
    is_int(source_file_read(name, &sf), 0, "a source reads");
    is_int((long long)sf.nlines, 3, "...as three lines (the last line feed ends a line)");
    is_string(sf.lines[0], "int x;", "...without CR LF");
    is_string(sf.lines[1], "", "...an empty line stays");
    is_string(sf.lines[2], "return 0;", "...and the last line");
    source_file_free(&sf);
    unlink(name);
    errno = 0;
    ok(source_file_read(name, &sf) == -1 && errno == ENOENT, "a missing source: ENOENT");

    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    result_export opt = {.warnings = mem};
    source_file_warn(&opt, "u.c", "a/u.c");
    fclose(mem);
    ok(strstr(buf, "u.c not found at a/u.c") && strstr(buf, "--source-dir"),
       "the warning names the path and the option");
    free(buf);
    return done();
}
