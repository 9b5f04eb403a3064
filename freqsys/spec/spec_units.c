/* freqsys/spec/spec_units.c: the sources a spec compiles and each one's own flags: globs, headers,
 * compile_commands. */
/* SPDX-License-Identifier: MIT */
#include "spec_units.h"

#include <glob.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "compile_db.h"

static char *join(const char *dir, const char *name) {
    if (name[0] == '/' || strcmp(dir, ".") == 0) return strdup(name);
    size_t nd = strlen(dir);
    char *p = malloc(nd + strlen(name) + 2);
    if (p) sprintf(p, "%s%s%s", dir, nd && dir[nd - 1] == '/' ? "" : "/", name);
    return p;
}

static int has_suffix(const char *s, const char *suffix) {
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

static int same_file(const char *a, const char *b) {
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    return strcmp(a, b) == 0;
}

/* Appends PATH (owned) as a source with no flags of its own. */
static int append(scanner *sc, spec *s, char *path, int column) {
    char **sources = realloc(s->sources, (s->nsources + 1) * sizeof *sources);
    if (sources) s->sources = sources;
    spec_unit *units = sources ? realloc(s->units, (s->nsources + 1) * sizeof *units) : NULL;
    if (!units) {
        free(path);
        return scanner_fail_nomem(sc, column);
    }
    s->units = units;
    s->units[s->nsources] = (spec_unit){.header = has_suffix(path, ".h"), .loc = {sc->line, column}};
    s->sources[s->nsources++] = path;
    return 0;
}

/* One file PATH, named NAME as written. */
static int add_file(scanner *sc, spec *s, const char *name, char *path, int column) {
    if (!has_suffix(path, ".c") && !has_suffix(path, ".h") && !has_suffix(path, ".ll") &&
        !has_suffix(path, ".bc")) {
        scanner_report(sc, column, "source '%s' is not a .c, .h, .ll or .bc file", path);
        free(path);
        return -1;
    }
    struct stat st;
    int r = 0;
    if (stat(path, &st) != 0)
        r = strcmp(name, path) == 0
                ? scanner_fail(sc, column, "source file '%s' not found", name)
                : scanner_fail(sc, column, "source file '%s' not found (looked for '%s')", name, path);
    else if (!S_ISREG(st.st_mode))
        r = scanner_fail(sc, column, "source '%s' is not a regular file", path);
    for (size_t i = 0; r == 0 && i < s->nsources; i++)
        if (same_file(s->sources[i], path)) r = scanner_fail(sc, column, "source '%s' is listed twice", path);
    if (r != 0) {
        free(path);
        return -1;
    }
    return append(sc, s, path, column);
}

int spec_units_add(scanner *sc, spec *s, const char *name, int column) {
    char *pattern = join(s->dir, name);
    if (!pattern) return scanner_fail_nomem(sc, column);
    if (!strpbrk(name, "*?[")) return add_file(sc, s, name, pattern, column);
    glob_t g;
    int rc = glob(pattern, GLOB_ERR, NULL, &g);
    if (rc == GLOB_NOMATCH || (rc == 0 && g.gl_pathc == 0)) {
        scanner_report(sc, column, "no file matches '%s'%s%s%s", name,
                       strcmp(name, pattern) ? " (looked for '" : "", strcmp(name, pattern) ? pattern : "",
                       strcmp(name, pattern) ? "')" : "");
        free(pattern);
        if (rc == 0) globfree(&g);
        return -1;
    }
    free(pattern);
    if (rc != 0) return scanner_fail(sc, column, "cannot list the files matching '%s'", name);
    int r = 0;
    for (size_t i = 0; r == 0 && i < g.gl_pathc; i++) {
        char *path = strdup(g.gl_pathv[i]);
        r = path ? add_file(sc, s, g.gl_pathv[i], path, column) : scanner_fail_nomem(sc, column);
    }
    globfree(&g);
    return r;
}

/* Positions SC's diagnostics at line AT of S. */
static void at_line(scanner *sc, const spec *s, spec_loc at) {
    sc->line = at.line > 0 ? at.line : (int)s->nlines;
    sc->text = sc->line > 0 && (size_t)sc->line <= s->nlines ? s->lines[sc->line - 1] : "";
}

static int copy_words(char **from, size_t n, char ***to, size_t *nto) {
    if (n == 0) return 0;
    char **v = realloc(*to, (*nto + n + 1) * sizeof *v);
    if (!v) return -1;
    *to = v;
    for (size_t i = 0; i < n; i++) {
        if (!(v[*nto] = strdup(from[i]))) {
            v[*nto] = NULL;
            return -1;
        }
        (*nto)++;
    }
    v[*nto] = NULL;
    return 0;
}

/* The C units of DB, named in a message: "a.c, b.c, ... (N)". */
static void list_units(const compile_db *db, char *buf, size_t size) {
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < db->n && len + 1 < size; i++) {
        if (!has_suffix(db->v[i].file, ".c")) continue;
        const char *base = strrchr(db->v[i].file, '/');
        int n = snprintf(buf + len, size - len, "%s%s", len ? ", " : "", base ? base + 1 : db->v[i].file);
        if (n < 0 || (size_t)n >= size - len) break;
        len += (size_t)n;
    }
}

static int from_db(scanner *sc, spec *s, int have_program) {
    compile_db db;
    char err[1024];
    at_line(sc, s, s->compile_commands_loc);
    if (compile_db_load(s->compile_commands, &db, err, sizeof err) != 0)
        return scanner_fail(sc, s->compile_commands_loc.column, "compile_commands: %s", err);
    int r = 0;
    if (!have_program) {
        for (size_t i = 0; r == 0 && i < db.n; i++) {
            if (!has_suffix(db.v[i].file, ".c")) continue; /* C++ and assembly units are not C */
            char *path = strdup(db.v[i].file);
            r = path ? add_file(sc, s, path, path, s->compile_commands_loc.column) : -1;
            if (r == 0) s->units[s->nsources - 1].loc = s->compile_commands_loc;
        }
        if (r == 0 && s->nsources == 0)
            r = scanner_fail(sc, s->compile_commands_loc.column,
                             "compile_commands: %s lists no C source (.c)", s->compile_commands);
    }
    for (size_t i = 0; r == 0 && i < s->nsources; i++) {
        if (!has_suffix(s->sources[i], ".c")) continue; /* headers and IR are the spec's own */
        const compile_entry *e = compile_db_find(&db, s->sources[i]);
        if (!e) {
            char units[512];
            list_units(&db, units, sizeof units);
            at_line(sc, s, s->units[i].loc);
            r = scanner_fail(sc, s->units[i].loc.column, "'%s' has no entry in %s (its C units: %s)",
                             s->sources[i], s->compile_commands, units);
            break;
        }
        spec_unit *u = &s->units[i];
        u->from_db = 1;
        u->directory = strdup(e->directory);
        u->source_word = strdup(e->source);
        u->object = e->object ? strdup(e->object) : NULL;
        if (!u->directory || !u->source_word || (e->object && !u->object) ||
            copy_words(e->flags, e->nflags, &u->flags, &u->nflags) != 0 ||
            copy_words(e->notes, e->nnotes, &u->notes, &u->nnotes) != 0)
            r = scanner_fail_nomem(sc, 1);
    }
    compile_db_free(&db);
    return r;
}

int spec_units_resolve(scanner *sc, spec *s, int have_program) {
    if (s->compile_commands && from_db(sc, s, have_program) != 0) return -1;
    for (size_t k = 0; k < s->nfile_flags; k++) {
        const spec_file_flags *ff = &s->file_flags[k];
        size_t i = 0;
        while (i < s->nsources && !same_file(s->sources[i], ff->path)) i++;
        at_line(sc, s, ff->loc);
        if (i == s->nsources)
            return scanner_fail(sc, ff->loc.column, "cflags for '%s': no source of the program is that file",
                                ff->name);
        if (copy_words(ff->flags, ff->nflags, &s->units[i].flags, &s->units[i].nflags) != 0)
            return scanner_fail_nomem(sc, ff->loc.column);
    }
    return 0;
}

char *const *spec_unit_flags(const spec *s, size_t i) {
    return s->units && i < s->nsources ? s->units[i].flags : NULL;
}

void spec_units_free(spec *s) {
    for (size_t i = 0; s->units && i < s->nsources; i++) {
        for (size_t k = 0; k < s->units[i].nflags; k++) free(s->units[i].flags[k]);
        free(s->units[i].flags);
        for (size_t k = 0; k < s->units[i].nnotes; k++) free(s->units[i].notes[k]);
        free(s->units[i].notes);
        free(s->units[i].directory);
        free(s->units[i].source_word);
        free(s->units[i].object);
    }
    free(s->units);
    s->units = NULL;
    for (size_t k = 0; k < s->nfile_flags; k++) {
        free(s->file_flags[k].name);
        free(s->file_flags[k].path);
        for (size_t j = 0; j < s->file_flags[k].nflags; j++) free(s->file_flags[k].flags[j]);
        free(s->file_flags[k].flags);
    }
    free(s->file_flags);
    s->file_flags = NULL;
    for (size_t k = 0; k < s->ncflag_notes; k++) free(s->cflag_notes[k]);
    free(s->cflag_notes);
    s->cflag_notes = NULL;
    free(s->compile_commands);
    s->compile_commands = NULL;
}
