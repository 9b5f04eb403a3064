/* freqsys/export/gcda_driver.c: the native program that replays function mode's drawn calls into GCC's build.
 */
/* SPDX-License-Identifier: MIT */
#include "gcda_driver.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* The C type and the conversion from text of one parameter kind. */
typedef struct kind_form {
    const char *kind, *ctype, *parse;
} kind_form;

static const kind_form forms[] = {
    {"i8", "signed char", "(signed char)strtoll(v, 0, 10)"},
    {"i16", "short", "(short)strtoll(v, 0, 10)"},
    {"i32", "int", "(int)strtoll(v, 0, 10)"},
    {"i64", "long long", "strtoll(v, 0, 10)"},
    {"u8", "unsigned char", "(unsigned char)strtoull(v, 0, 10)"},
    {"u16", "unsigned short", "(unsigned short)strtoull(v, 0, 10)"},
    {"u32", "unsigned", "(unsigned)strtoull(v, 0, 10)"},
    {"u64", "unsigned long long", "strtoull(v, 0, 10)"},
    {"f32", "float", "strtof(v, 0)"},
    {"f64", "double", "strtod(v, 0)"},
    {"bool", "_Bool", "strtoll(v, 0, 10) != 0"},
    {"ptr", "void *", NULL},
};

static const kind_form *form_of(const char *kind) {
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
        if (!strcmp(forms[i].kind, kind)) return &forms[i];
    return NULL;
}

/* What every driver holds: reading a call's listing and a pointer's bytes. */
static const char prelude[] =
    "/* made by freqsys report --format gcda: calls the entry with the arguments freqsys draw wrote */\n"
    "#include <stdio.h>\n"
    "#include <stdlib.h>\n"
    "#include <string.h>\n\n"
    "/* a call this run cannot replay: said where freqsys report looks (FREQSYS_REPLAY_FAULTS),\n"
    " * and the run ends, so that no trial is dropped unseen */\n"
    "static void fault(const char *where, const char *what, const char *name) {\n"
    "    const char *to = getenv(\"FREQSYS_REPLAY_FAULTS\");\n"
    "    FILE *f = to ? fopen(to, \"a\") : NULL;\n"
    "    if (f) {\n"
    "        fprintf(f, \"%s: %s %s\\n\", where, what, name);\n"
    "        fclose(f);\n"
    "    }\n"
    "    exit(4);\n"
    "}\n\n"
    "/* the whole of PATH, with a NUL after it; NULL when there is no such file */\n"
    "static char *slurp(const char *path) {\n"
    "    FILE *f = fopen(path, \"rb\");\n"
    "    if (!f) return NULL;\n"
    "    size_t n = 0, cap = 4096;\n"
    "    char *p = malloc(cap);\n"
    "    for (size_t got; p && (got = fread(p + n, 1, cap - n - 1, f)) > 0;) {\n"
    "        n += got;\n"
    "        if (n + 1 == cap) p = realloc(p, cap *= 2);\n"
    "    }\n"
    "    fclose(f);\n"
    "    if (!p) fault(path, \"out of memory reading\", \"it\");\n"
    "    p[n] = 0;\n"
    "    return p;\n"
    "}\n\n"
    "/* the value after \"NAME = \" on a line of LIST, read from PATH */\n"
    "static const char *value(const char *list, const char *path, const char *name) {\n"
    "    char key[256];\n"
    "    snprintf(key, sizeof key, \"\\n%s = \", name);\n"
    "    const char *at = strstr(list, key);\n"
    "    if (!at) fault(path, \"lists no value for\", name);\n"
    "    return at + strlen(key);\n"
    "}\n\n"
    "/* the bytes of pointer NAME, which LIST (read from PATH) names: in STEM.NAME, or NULL */\n"
    "static void *bytes(const char *list, const char *path, const char *stem, const char *name) {\n"
    "    char key[256], file[8192];\n"
    "    snprintf(key, sizeof key, \"\\n%s = NULL\\n\", name);\n"
    "    if (strstr(list, key)) return NULL;\n"
    "    snprintf(key, sizeof key, \"\\n%s \", name);\n"
    "    if (!strstr(list, key)) fault(path, \"lists no bytes for\", name);\n"
    "    snprintf(file, sizeof file, \"%s.%s\", stem, name);\n"
    "    void *p = slurp(file);\n"
    "    if (!p) fault(path, \"has no file of the bytes of\", name);\n"
    "    return p;\n"
    "}\n\n";

int gcda_driver_write(const char *signature, const char *driver, char *entry, size_t entrylen, char *err,
                      size_t errlen) {
    FILE *in = fopen(signature, "r");
    if (!in) {
        snprintf(err, errlen, "cannot read %s: %s", signature, strerror(errno));
        return -1;
    }
    enum { MAX_PARAMS = 64 };
    char line[512], kinds[MAX_PARAMS][32], names[MAX_PARAMS][200], ret[32] = "void";
    size_t n = 0;
    int rc = fgets(line, sizeof line, in) ? 0 : -1;
    if (rc == 0) snprintf(entry, entrylen, "%.*s", (int)strcspn(line, "\n"), line);
    while (rc == 0 && fgets(line, sizeof line, in)) {
        char k[32], name[200];
        if (sscanf(line, "return %31s", ret) == 1) break;
        if (n == MAX_PARAMS || sscanf(line, "%31s %199s", k, name) != 2 || !form_of(k)) {
            snprintf(err, errlen, "%s: a parameter no native call can pass: %.*s", signature,
                     (int)strcspn(line, "\n"), line);
            rc = -2;
            break;
        }
        snprintf(kinds[n], sizeof kinds[n], "%s", k);
        snprintf(names[n++], sizeof names[0], "%s", name);
    }
    fclose(in);
    if (rc == -1) snprintf(err, errlen, "%s is empty", signature);
    if (rc != 0) return -1;
    const kind_form *r = strcmp(ret, "void") ? form_of(ret) : NULL;
    FILE *out = fopen(driver, "w");
    if (!out) {
        snprintf(err, errlen, "cannot write %s: %s", driver, strerror(errno));
        return -1;
    }
    fputs(prelude, out);
    fprintf(out, "extern %s %s(", r ? r->ctype : "void", entry);
    for (size_t i = 0; i < n; i++) fprintf(out, "%s%s", i ? ", " : "", form_of(kinds[i])->ctype);
    fprintf(out, "%s);\n\n", n ? "" : "void");
    fputs("int main(void) {\n"
          "    char stem[4096], call[8192], path[8300];\n"
          "    if (!fgets(stem, sizeof stem, stdin)) return 2;\n"
          "    stem[strcspn(stem, \"\\n\")] = 0;\n"
          "    for (unsigned c = 1;; c++) {\n"
          "        snprintf(call, sizeof call, \"%s-call-%03u\", stem, c);\n"
          "        snprintf(path, sizeof path, \"%s.txt\", call);\n"
          "        char *list = slurp(path);\n"
          "        if (!list) return 0;\n"
          "        const char *v = NULL;\n",
          out);
    for (size_t i = 0; i < n; i++) {
        const kind_form *f = form_of(kinds[i]);
        if (f->parse)
            fprintf(out, "        v = value(list, path, \"%s\");\n        %s a%zu = %s;\n", names[i],
                    f->ctype, i, f->parse);
        else
            fprintf(out, "        void *a%zu = bytes(list, path, call, \"%s\");\n", i, names[i]);
    }
    fprintf(out, "        (void)v;\n        %s(", entry);
    for (size_t i = 0; i < n; i++) fprintf(out, "%sa%zu", i ? ", " : "", i);
    fputs(");\n", out);
    for (size_t i = 0; i < n; i++)
        if (!form_of(kinds[i])->parse) fprintf(out, "        free(a%zu);\n", i);
    fputs("        free(list);\n    }\n}\n", out);
    if (fclose(out) != 0) {
        snprintf(err, errlen, "cannot write %s", driver);
        return -1;
    }
    return 0;
}
