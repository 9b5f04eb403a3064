/* freqsys/spec/compile_db.c: a build's compile_commands.json, reduced to the flags that give C code its
 * meaning. */
/* SPDX-License-Identifier: MIT */
#include "compile_db.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>

/* A growing list of strings, NULL-terminated. */
typedef struct words {
    char **v;
    size_t n, cap;
} words;

static int words_add(words *w, char *s) {
    if (!s) return -1;
    if (w->n + 2 > w->cap) {
        size_t cap = w->cap ? 2 * w->cap : 16;
        char **p = realloc(w->v, cap * sizeof *p);
        if (!p) {
            free(s);
            return -1;
        }
        w->v = p;
        w->cap = cap;
    }
    w->v[w->n++] = s;
    w->v[w->n] = NULL;
    return 0;
}

static void words_free(words *w) {
    for (size_t i = 0; i < w->n; i++) free(w->v[i]);
    free(w->v);
    *w = (words){0};
}

char **compile_db_split(const char *command, size_t *n) {
    words w = {0};
    if (!command) return NULL;
    size_t len = strlen(command);
    char *word = malloc(len + 1);
    if (!word) return NULL;
    const char *p = command;
    int failed = 0;
    while (!failed) {
        while (*p == ' ' || *p == '\t' || *p == '\n') p++;
        if (!*p) break;
        size_t k = 0;
        while (*p && *p != ' ' && *p != '\t' && *p != '\n') {
            if (*p == '\'') {
                const char *end = strchr(p + 1, '\'');
                if (!end) {
                    failed = 1;
                    break;
                }
                memcpy(word + k, p + 1, (size_t)(end - p - 1));
                k += (size_t)(end - p - 1);
                p = end + 1;
            } else if (*p == '"') {
                for (p++; *p && *p != '"'; p++) {
                    if (*p == '\\' && p[1] && strchr("\"\\$`", p[1])) p++;
                    word[k++] = *p;
                }
                if (*p != '"') {
                    failed = 1;
                    break;
                }
                p++;
            } else {
                if (*p == '\\' && p[1]) p++;
                word[k++] = *p++;
            }
        }
        word[k] = '\0';
        if (!failed && words_add(&w, strdup(word)) != 0) failed = 1;
    }
    free(word);
    if (failed || !w.v) {
        if (!failed && !w.v && (w.v = calloc(1, sizeof *w.v))) {
            *n = 0;
            return w.v;
        }
        words_free(&w);
        return NULL;
    }
    *n = w.n;
    return w.v;
}

static char *join_path(const char *dir, const char *name) {
    if (!dir || !name) return NULL;
    if (name[0] == '/') return strdup(name);
    size_t nd = strlen(dir);
    char *p = malloc(nd + strlen(name) + 2);
    if (p) sprintf(p, "%s%s%s", dir, nd && dir[nd - 1] == '/' ? "" : "/", name);
    return p;
}

/* Adds "dropped FLAG (WHY)" to NOTES unless a note for the same reason names it. */
static int note(words *notes, const char *flag, const char *why) {
    char text[512];
    snprintf(text, sizeof text, "dropped %s (%s)", flag, why);
    for (size_t i = 0; i < notes->n; i++)
        if (strcmp(notes->v[i], text) == 0) return 0;
    return words_add(notes, strdup(text));
}

/* The -f options kept: they change what the code means, not how it is compiled. */
static int semantic_f(const char *flag) {
    static const char *const kept[] = {
        "-fwrapv",
        "-fno-strict-aliasing",
        "-fstrict-aliasing",
        "-funsigned-char",
        "-fsigned-char",
        "-fno-signed-char",
        "-fno-unsigned-char",
        "-fcommon",
        "-fno-common",
        "-fshort-enums",
        "-fno-short-enums",
        "-fshort-wchar",
        "-fno-builtin",
        "-ffreestanding",
        "-fhosted",
        "-fms-extensions",
        "-fgnu89-inline",
        "-fno-delete-null-pointer-checks",
        "-fno-strict-overflow",
        "-fstrict-overflow",
        "-ffast-math",
        "-fno-math-errno",
        "-fmath-errno",
        "-fblocks",
        "-fno-asm",
        "-fdollars-in-identifiers",
        "-fsigned-bitfields",
        "-funsigned-bitfields",
        "-fgnu-keywords",
        "-fno-gnu-keywords",
        "-ftrapv",
        "-fno-finite-math-only",
        "-ffinite-math-only",
        "-fextended-identifiers",
        "-fdeclspec",
    };
    for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++)
        if (strcmp(flag, kept[i]) == 0) return 1;
    return strncmp(flag, "-fno-builtin-", 13) == 0 || strncmp(flag, "-fpack-struct", 13) == 0 ||
           strncmp(flag, "-fmax-type-align=", 17) == 0;
}

/* Flags followed by a value in the next word when given alone. */
static int takes_value(const char *flag) {
    static const char *const with[] = {"-o",          "-MF",      "-MT",       "-MQ",       "-D",
                                       "-U",          "-I",       "-isystem",  "-iquote",   "-idirafter",
                                       "-include",    "-imacros", "-target",   "--sysroot", "-isysroot",
                                       "-x",          "-Xclang",  "-mllvm",    "-arch",     "-Xpreprocessor",
                                       "-Xassembler", "-Xlinker", "-aux-info", "--param",   "-Xcompiler"};
    for (size_t i = 0; i < sizeof with / sizeof with[0]; i++)
        if (strcmp(flag, with[i]) == 0) return 1;
    return 0;
}

/* The prefix of FLAG that names a path after it ("-I", "-isystem" ...), or 0. */
static size_t path_prefix(const char *flag) {
    static const char *const with_path[] = {"-isystem",  "-iquote",    "-idirafter", "-include", "-imacros",
                                            "-isysroot", "--sysroot=", "--sysroot",  "-I"};
    for (size_t i = 0; i < sizeof with_path / sizeof with_path[0]; i++) {
        size_t n = strlen(with_path[i]);
        if (strncmp(flag, with_path[i], n) == 0) return n;
    }
    return 0;
}

/* Keeps FLAG (and VALUE, its next word when it takes one alone), paths made absolute
 * against DIR. */
static int keep(words *out, const char *dir, const char *flag, const char *value) {
    size_t k = path_prefix(flag);
    if (k && value) {
        return words_add(out, strdup(flag)) || words_add(out, join_path(dir, value));
    }
    if (k && flag[k]) {
        char *path = join_path(dir, flag + k);
        char *joined = path ? malloc(k + strlen(path) + 1) : NULL;
        if (joined) sprintf(joined, "%.*s%s", (int)k, flag, path);
        free(path);
        return words_add(out, joined);
    }
    return words_add(out, strdup(flag)) || (value ? words_add(out, strdup(value)) : 0);
}

/* Why FLAG (with VALUE) is dropped, or NULL when it is kept. */
static const char *dropped(const char *flag) {
    static const struct {
        const char *prefix;
        const char *why;
    } rules[] = {
        {"-O", "optimisation: freqsys counts at -O0 and optimises after"},
        {"-g", "debug information: freqsys sets its own"},
        {"-W", "warnings"},
        {"-w", "warnings"},
        {"-pedantic", "warnings"},
        {"-M", "dependency files"},
        {"-o", "output"},
        {"-c", "mode"},
        {"-S", "mode"},
        {"-E", "mode"},
        {"-x", "the language comes from the source's suffix"},
        {"-Xclang", "passes options past the driver"},
        {"-mllvm", "passes options past the driver"},
        {"-f", "code generation"},
        {"-m", "target code generation"},
        {"-pipe", "build speed"},
        {"-save-temps", "writes files"},
        {"--coverage", "instrumentation"},
        {"-pg", "instrumentation"},
    };
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
        if (strncmp(flag, rules[i].prefix, strlen(rules[i].prefix)) == 0) return rules[i].why;
    return "not known to change what the code means";
}

static int is_kept(const char *flag) {
    static const char *const exact[] = {"-ansi",     "-pthread",     "-m32",          "-m64",
                                        "-mx32",     "-target",      "-trigraphs",    "-undef",
                                        "-nostdinc", "-nostdlibinc", "-ffreestanding"};
    for (size_t i = 0; i < sizeof exact / sizeof exact[0]; i++)
        if (strcmp(flag, exact[i]) == 0) return 1;
    return strncmp(flag, "-D", 2) == 0 || strncmp(flag, "-U", 2) == 0 || strncmp(flag, "-std=", 5) == 0 ||
           strncmp(flag, "--std=", 6) == 0 || strncmp(flag, "--target=", 9) == 0 || path_prefix(flag) != 0 ||
           (strncmp(flag, "-f", 2) == 0 && semantic_f(flag));
}

/* ARGS (the compiler first, FILE among them) reduced into the flags kept, OUT, and
 * the notes on those dropped, NOTES (both empty after a failure). */
static int reduce(char **args, size_t nargs, const char *dir, const char *file, words *kept,
                  words *dropped_notes) {
    words out = {0}, notes = {0};
    int rc = 0;
    for (size_t i = 1; rc == 0 && i < nargs; i++) {
        const char *a = args[i];
        if (!a) continue;
        const char *value = takes_value(a) && i + 1 < nargs ? args[i + 1] : NULL;
        if (value) i++;
        if (a[0] != '-') {
            char *abs = join_path(dir, a);
            int same = abs && strcmp(abs, file) == 0;
            free(abs);
            if (!same) rc = note(&notes, a, "another input of the command");
            continue;
        }
        if (is_kept(a))
            rc = keep(&out, dir, a, value);
        else
            rc = note(&notes, a, dropped(a));
    }
    if (rc != 0) {
        words_free(&out);
        words_free(&notes);
    }
    *kept = out;
    *dropped_notes = notes;
    return rc;
}

static int fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t errlen, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static void entry_free(compile_entry *e) {
    free(e->file);
    free(e->directory);
    free(e->source);
    free(e->object);
    for (size_t i = 0; i < e->nflags; i++) free(e->flags[i]);
    free(e->flags);
    for (size_t i = 0; i < e->nnotes; i++) free(e->notes[i]);
    free(e->notes);
}

/* PATH (absolute) with "." and "name/.." taken out, as text: for paths that do not
 * exist on this machine (a database written elsewhere). */
static char *lexical(const char *path) {
    char *out = malloc(strlen(path) + 2);
    if (!out) return NULL;
    size_t len = 0;
    for (const char *p = path; *p;) {
        while (*p == '/') p++;
        const char *end = strchr(p, '/');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (n == 0) break;
        if (n == 2 && p[0] == '.' && p[1] == '.') {
            while (len > 0) { /* back over the last component and its '/' */
                len--;
                if (out[len] == '/') break;
            }
        } else if (!(n == 1 && p[0] == '.')) {
            out[len++] = '/';
            memcpy(out + len, p, n);
            len += n;
        }
        p += n;
    }
    if (len == 0) out[len++] = '/';
    out[len] = '\0';
    return out;
}

/* Resolves links in PATH where it exists; else takes out "." and ".." as text. */
static char *canonical(const char *path) {
    char buf[PATH_MAX];
    if (!path) return NULL;
    if (realpath(path, buf)) return strdup(buf);
    return path[0] == '/' ? lexical(path) : strdup(path);
}

/* The words of entry O's command: its "arguments", or its "command" split. NULL
 * with a message in ERR when it has neither as it should. */
static char **entry_words(json_t *o, size_t index, size_t *nargs, char *err, size_t errlen) {
    json_t *arguments = json_object_get(o, "arguments");
    if (!json_is_array(arguments)) {
        char **args = compile_db_split(json_string_value(json_object_get(o, "command")), nargs);
        if (!args) fail(err, errlen, "entry %zu: its \"command\" has a quote that is not closed", index + 1);
        return args;
    }
    words w = {0};
    for (size_t i = 0; i < json_array_size(arguments); i++) {
        const char *a = json_string_value(json_array_get(arguments, i));
        if (!a || words_add(&w, strdup(a)) != 0) {
            words_free(&w);
            fail(err, errlen, "entry %zu: \"arguments\" must be strings", index + 1);
            return NULL;
        }
    }
    if (!w.v && !(w.v = calloc(1, sizeof *w.v))) fail(err, errlen, "out of memory");
    *nargs = w.n;
    return w.v;
}

/* The object a compiler command ARGS writes: the word after `-o`, or what `-oFILE`
 * joins to it; NULL when it names none. */
static const char *object_of(char **args, size_t nargs) {
    const char *object = NULL;
    for (size_t i = 1; i < nargs; i++) {
        if (!args[i]) continue;
        if (!strcmp(args[i], "-o") && i + 1 < nargs)
            object = args[++i];
        else if (!strncmp(args[i], "-o", 2) && args[i][2])
            object = args[i] + 2;
        else if (takes_value(args[i]))
            i++;
    }
    return object;
}

static int load_entry(json_t *o, const char *db_dir, compile_entry *e, size_t index, char *err,
                      size_t errlen) {
    const char *dir = json_string_value(json_object_get(o, "directory"));
    const char *file = json_string_value(json_object_get(o, "file"));
    if (!dir || !file ||
        (!json_is_array(json_object_get(o, "arguments")) &&
         !json_string_value(json_object_get(o, "command"))))
        return fail(err, errlen, "entry %zu has no \"directory\", \"file\" and \"arguments\" or \"command\"",
                    index + 1);
    char *d = join_path(db_dir, dir);
    e->directory = canonical(d);
    free(d);
    char *f = join_path(e->directory, file);
    e->file = canonical(f);
    free(f);
    if (!e->directory || !e->file) return fail(err, errlen, "out of memory");
    size_t nargs = 0;
    char **args = entry_words(o, index, &nargs, err, errlen);
    if (!args) return -1;
    const char *output = object_of(args, nargs), *listed = json_string_value(json_object_get(o, "output"));
    e->source = strdup(file);
    e->object = output || listed ? strdup(output ? output : listed) : NULL;
    int copied = e->source && (e->object || !(output || listed));
    words kept, notes;
    int rc = reduce(args, nargs, e->directory, e->file, &kept, &notes);
    for (size_t i = 0; i < nargs; i++) free(args[i]);
    free(args);
    e->flags = kept.v;
    e->nflags = kept.n;
    e->notes = notes.v;
    e->nnotes = notes.n;
    return rc == 0 && copied ? 0 : fail(err, errlen, "out of memory");
}

int compile_db_load(const char *path, compile_db *db, char *err, size_t errlen) {
    *db = (compile_db){0};
    json_error_t jerr;
    json_t *root = json_load_file(path, 0, &jerr);
    if (!root)
        return jerr.line > 0 ? fail(err, errlen, "%s:%d:%d: %s", path, jerr.line, jerr.column, jerr.text)
                             : fail(err, errlen, "cannot read %s: %s", path, jerr.text);
    if (!json_is_array(root)) {
        json_decref(root);
        return fail(err, errlen, "%s: a compilation database is a JSON array of entries", path);
    }
    char *slash = strrchr(path, '/');
    char *db_dir = slash ? strndup(path, (size_t)(slash - path + (slash == path))) : strdup(".");
    char *abs_dir = db_dir ? canonical(db_dir) : NULL;
    free(db_dir);
    db->v = calloc(json_array_size(root) + 1, sizeof *db->v);
    int rc = db->v && abs_dir ? 0 : fail(err, errlen, "out of memory");
    char why[512];
    for (size_t i = 0; rc == 0 && i < json_array_size(root); i++) {
        compile_entry e = {0};
        if (load_entry(json_array_get(root, i), abs_dir, &e, i, why, sizeof why) != 0) {
            rc = fail(err, errlen, "%s: %s", path, why);
            entry_free(&e);
        } else if (!db->v || compile_db_find(db, e.file)) {
            entry_free(&e); /* a unit built twice (two targets): its first command stands */
        } else {
            db->v[db->n++] = e;
        }
    }
    free(abs_dir);
    json_decref(root);
    if (rc != 0) compile_db_free(db);
    return rc;
}

const compile_entry *compile_db_find(const compile_db *db, const char *file) {
    char *want = canonical(file);
    const compile_entry *found = NULL;
    for (size_t i = 0; want && i < db->n && !found; i++)
        if (strcmp(db->v[i].file, want) == 0) found = &db->v[i];
    free(want);
    return found;
}

void compile_db_free(compile_db *db) {
    for (size_t i = 0; i < db->n; i++) entry_free(&db->v[i]);
    free(db->v);
    *db = (compile_db){0};
}
