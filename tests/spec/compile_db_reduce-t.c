/* tests/spec/compile_db_reduce-t.c: splitting command lines, and which of a build's flags a unit keeps. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "compile_db.h"
#include "tap.h"
#include "tmp.h"

/* Whether the words of COMMAND are exactly WANT (NULL-terminated). */
static int splits(const char *command, const char *const *want) {
    size_t n = 0, k = 0;
    char **w = compile_db_split(command, &n);
    int same = w != NULL;
    for (; same && want[k]; k++) same = k < n && strcmp(w[k], want[k]) == 0;
    same = same && k == n;
    for (size_t i = 0; w && i < n; i++) free(w[i]);
    free(w);
    return same;
}

static int has(const compile_entry *e, const char *flag) {
    for (size_t i = 0; i < e->nflags; i++)
        if (strcmp(e->flags[i], flag) == 0) return 1;
    return 0;
}

static int noted(const compile_entry *e, const char *text) {
    for (size_t i = 0; i < e->nnotes; i++)
        if (strstr(e->notes[i], text)) return 1;
    return 0;
}

int main(void) {
    plan(16);
    ok(splits("cc  -c\ta.c", (const char *[]){"cc", "-c", "a.c", NULL}), "blanks and tabs separate words");
    ok(splits("cc '-DA=x y' \"-DB=\\\"q\\\"\"", (const char *[]){"cc", "-DA=x y", "-DB=\"q\"", NULL}),
       "single quotes are literal, double quotes take \\\" escapes");
    ok(splits("cc -DC=a\\ b -DD=''", (const char *[]){"cc", "-DC=a b", "-DD=", NULL}),
       "a backslash escapes a blank; '' is an empty word's quote");
    size_t n;
    ok(compile_db_split("cc \"-DA", &n) == NULL, "a quote not closed: no words");

    char path[4096];
    snprintf(path, sizeof path, "%s/db.json", tmp_dir());
    FILE *f = fopen(path, "w");
    if (!f) bail("cannot write %s", path);
    fprintf(
        f, "[{\"directory\": \"/src/build\", \"file\": \"../a.c\", \"arguments\": [\"gcc\", \"-O2\", \"-g3\","
           " \"-Wall\", \"-Werror\", \"-D\", \"N=3\", \"-UNDEBUG\", \"-I\", \"../inc\", \"-isystem/opt/x\","
           " \"-std=gnu11\", \"-fwrapv\", \"-fPIC\", \"-march=native\", \"-MD\", \"-MF\", \"a.d\", \"-c\","
           " \"../a.c\", \"-o\", \"a.o\"]},\n"
           " {\"directory\": \"/src/build\", \"file\": \"/src/a.c\", \"command\": \"cc -DSECOND -c "
           "../a.c\"}]\n");
    fclose(f);
    compile_db db;
    char err[512];
    int rc = compile_db_load(path, &db, err, sizeof err);
    is_int(rc, 0, "a database of arguments and a command loads");
    if (rc != 0) bail("%s", err);
    is_int((long long)db.n, 1, "a unit listed twice keeps its first entry");
    const compile_entry *e = &db.v[0];
    ok(!strcmp(e->file, "/src/a.c") && !strcmp(e->directory, "/src/build"),
       "paths resolved against the directory");
    ok(has(e, "-D") && has(e, "N=3") && has(e, "-UNDEBUG") && has(e, "-std=gnu11") && has(e, "-fwrapv"),
       "kept: defines, undefines, the standard, -fwrapv");
    ok(has(e, "-I") && has(e, "/src/build/../inc") && has(e, "-isystem/opt/x"),
       "include paths made absolute");
    ok(!has(e, "-O2") && !has(e, "-g3") && !has(e, "-Wall") && !has(e, "-fPIC") && !has(e, "-march=native") &&
           !has(e, "-MD") && !has(e, "a.d") && !has(e, "-c") && !has(e, "a.o") && !has(e, "../a.c"),
       "dropped: optimisation, debug, warnings, code generation, dependency files, mode, output, the source");
    ok(noted(e, "dropped -O2 (optimisation") && noted(e, "dropped -march=native (target code generation)") &&
           noted(e, "dropped -Werror (warnings)"),
       "each drop has a note with its reason");
    ok(compile_db_find(&db, "/src/a.c") == e && compile_db_find(&db, "/src/b.c") == NULL, "found by path");
    ok(e->object && !strcmp(e->object, "a.o") && e->source && !strcmp(e->source, "../a.c"),
       "the object its -o writes and the source as named are kept (%s, %s), for the gcda export",
       e->object ? e->object : "none", e->source ? e->source : "none");
    compile_db_free(&db);

    /* -oFILE joined, and an entry's \"output\" when its command has no -o */
    f = fopen(path, "w");
    if (!f) bail("cannot write %s", path);
    fputs("[{\"directory\": \"/b\", \"file\": \"/s/x.c\", \"command\": \"cc -c /s/x.c -oobj/x.o\"},"
          " {\"directory\": \"/b\", \"file\": \"/s/y.c\", \"command\": \"cc -c /s/y.c\","
          " \"output\": \"CMakeFiles/y.dir/y.c.o\"}]",
          f);
    fclose(f);
    rc = compile_db_load(path, &db, err, sizeof err);
    ok(rc == 0 && db.n == 2 && db.v[0].object && !strcmp(db.v[0].object, "obj/x.o") && db.v[1].object &&
           !strcmp(db.v[1].object, "CMakeFiles/y.dir/y.c.o"),
       "-oFILE and \"output\" name the object (%s, %s)", rc == 0 && db.v[0].object ? db.v[0].object : "none",
       rc == 0 && db.n > 1 && db.v[1].object ? db.v[1].object : "none");
    if (rc == 0) compile_db_free(&db);

    f = fopen(path, "w");
    if (f) {
        fputs("{\"not\": \"an array\"}", f);
        fclose(f);
    }
    ok(compile_db_load(path, &db, err, sizeof err) != 0 && strstr(err, "a JSON array"), "an object: %s", err);
    f = fopen(path, "w");
    if (f) {
        fputs("[{\"file\": \"a.c\"}]", f);
        fclose(f);
    }
    ok(compile_db_load(path, &db, err, sizeof err) != 0 && strstr(err, "entry 1 has no"),
       "an entry without its "
       "fields: %s",
       err);
    unlink(path);
    return done();
}
