/* freqsys/spec/spec.c: parses the spec language, one declaration per line. */
/* SPDX-License-Identifier: MIT */
#include "spec.h"
#include "spec_units.h"
#include "diagnostic.h"
#include "expression.h"
#include "scanner.h"
#include "stdin_form.h"
#include "suggest.h"
#include "target.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum keyword {
    K_PROGRAM,
    K_FUNCTION,
    K_EPSILON,
    K_CONFIDENCE,
    K_SEED,
    K_MAX_TRIALS,
    K_TIMEOUT,
    K_CFLAGS,
    K_CAP,
    K_TIME_LIMIT,
    K_CALLS,
    K_WARMUP,
    K_INTERRUPT,
    K_COMPILE_COMMANDS,
    K_GENERATORS,
    K_NETWORK,
    K_QUANTILES,
    K_READ,
    K_ARG,
    K_GLOBAL,
    K_EXTERN,
    K_MMIO,
    K_STDIN,
    K_DRAW,
    K_COUNT
};

static const char *const keywords[] = {
    "program",    "function", "epsilon",    "confidence", "seed",   "max_trials", "timeout",
    "cflags",     "cap",      "time_limit", "calls",      "warmup", "interrupt",  "compile_commands",
    "generators", "network",  "quantiles",  "read",       "arg",    "global",     "extern",
    "mmio",       "stdin",    "draw",       NULL};

typedef struct parser {
    spec *s;
    scanner sc;
    spec_loc seen[K_COUNT]; /* where each setting was first given; line 0: not yet */
    int given;              /* SPEC_GIVEN_*: settings the caller supplies when the spec has none */
} parser;

static int col(const scanner *sc) {
    return (int)sc->pos + 1;
}

static char *join(const char *dir, const char *name) {
    if (name[0] == '/' || strcmp(dir, ".") == 0) return strdup(name);
    size_t nd = strlen(dir);
    int slash = nd > 0 && dir[nd - 1] == '/';
    char *p = malloc(nd + strlen(name) + 2);
    if (p) sprintf(p, "%s%s%s", dir, slash ? "" : "/", name);
    return p;
}

static char *folder_of(const char *path) {
    const char *slash = strrchr(path, '/');
    if (!slash) return strdup(".");
    if (slash == path) return strdup("/");
    return strndup(path, (size_t)(slash - path));
}

/* Splits TEXT into lines, dropping a '\r' before each '\n' so Windows files show cleanly. */
static int split_lines(spec *s, const char *text) {
    size_t cap = 16;
    s->lines = malloc(cap * sizeof *s->lines);
    if (!s->lines) return -1;
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        size_t keep = len > 0 && p[len - 1] == '\r' ? len - 1 : len;
        if (s->nlines == cap) {
            char **lines = realloc(s->lines, 2 * cap * sizeof *lines);
            if (!lines) return -1;
            s->lines = lines;
            cap *= 2;
        }
        if (!(s->lines[s->nlines] = strndup(p, keep))) return -1;
        s->nlines++;
        p += len + (nl != NULL);
    }
    return 0;
}

static spec_input *add_input(parser *ps) {
    spec *s = ps->s;
    spec_input *in = realloc(s->inputs, (s->ninputs + 1) * sizeof *in);
    if (!in) {
        scanner_nomem(&ps->sc, 1);
        return NULL;
    }
    s->inputs = in;
    memset(&in[s->ninputs], 0, sizeof *in);
    return &in[s->ninputs++];
}

static void input_clear(spec_input *in) {
    free(in->name);
    free(in->ctype);
    expression_value_clear(&in->value);
}

/* Ends every declaration: only spaces and a comment may follow it. */
static int expect_end(scanner *sc) {
    if (scanner_at_end(sc)) return 0;
    char found[64];
    return scanner_fail(sc, col(sc), "unexpected %s after the declaration",
                        scanner_describe(sc, found, sizeof found));
}

static int expect_tilde(scanner *sc) {
    if (scanner_peek(sc) == '~') {
        sc->pos++;
        return 0;
    }
    char found[64];
    return scanner_fail(sc, col(sc), "expected '~', found %s", scanner_describe(sc, found, sizeof found));
}

/* A number after keyword WHAT, with FLAGS; fails when there is none. */
static int number_after(scanner *sc, const char *what, int flags, scanner_num *n) {
    scanner_space(sc);
    if (!scanner_at_number(sc)) {
        char found[64];
        return scanner_fail(sc, col(sc), "expected a number after '%s', found %s", what,
                            scanner_describe(sc, found, sizeof found));
    }
    return scanner_number(sc, flags, n) ? 0 : -1;
}

/* An integer >= MIN after keyword WHAT, into OUT. */
static int count_after(scanner *sc, const char *what, unsigned long long min, unsigned long long *out) {
    scanner_num num, *n = &num;
    if (number_after(sc, what, 0, n) < 0) return -1;
    int r = scanner_num_count(n, out);
    char text[64];
    if (r == -2)
        return scanner_fail(sc, (int)n->pos + 1, "%s %s does not fit in 64 bits", what,
                            scanner_num_text(sc, n, text, sizeof text));
    if (r < 0 || *out < min) {
        return scanner_fail(sc, (int)n->pos + 1, "%s must be a %s integer, got %s", what,
                            min ? "positive" : "non-negative", scanner_num_text(sc, n, text, sizeof text));
    }
    return 0;
}

static int parse_program(parser *ps) {
    scanner *sc = &ps->sc;
    spec *s = ps->s;
    char found[64];
    size_t before = s->nsources;
    while (!scanner_at_end(sc)) {
        int column = col(sc);
        if (sc->text[sc->pos] != '"')
            return scanner_fail(sc, column, "expected a source file name in quotes, found %s",
                                scanner_describe(sc, found, sizeof found));
        char *name = scanner_string(sc);
        if (!name) return -1;
        int r = spec_units_add(sc, s, name, column);
        free(name);
        if (r != 0) return -1;
    }
    if (s->nsources == before)
        return scanner_fail(sc, col(sc), "'program' needs at least one source file, e.g. program \"main.c\"");
    return 0;
}

/* generators "gen.c" ...: C sources compiled into the module beside the program,
 * never counted; each must exist. Several lines add their files in order. */
static int parse_generators(parser *ps) {
    scanner *sc = &ps->sc;
    spec *s = ps->s;
    char found[64];
    size_t before = s->ngenerators;
    while (!scanner_at_end(sc)) {
        int column = col(sc);
        if (sc->text[sc->pos] != '"')
            return scanner_fail(sc, column, "expected a generator source's name in quotes, found %s",
                                scanner_describe(sc, found, sizeof found));
        char *name = scanner_string(sc);
        if (!name) return -1;
        char *path = join(s->dir, name);
        char **v = path ? realloc(s->generators, (s->ngenerators + 1) * sizeof *v) : NULL;
        if (!v) {
            free(name);
            free(path);
            return scanner_fail_nomem(sc, column);
        }
        s->generators = v;
        struct stat st;
        int missing = stat(path, &st) != 0;
        int absent = missing && errno == ENOENT;
        if (missing || !S_ISREG(st.st_mode)) {
            int r = scanner_fail(sc, column, "generator source '%s' %s (looked for '%s')", name,
                                 absent ? "does not exist" : "is not a readable file", path);
            free(name);
            free(path);
            return r;
        }
        free(name);
        s->generators[s->ngenerators++] = path;
    }
    if (s->ngenerators == before)
        return scanner_fail(sc, col(sc),
                            "'generators' needs at least one C source, e.g. generators \"gen.c\"");
    return 0;
}

/* compile_commands "build/compile_commands.json": the build's own flags for each unit. */
static int parse_compile_commands(parser *ps) {
    scanner *sc = &ps->sc;
    spec *s = ps->s;
    char found[64];
    int column = col(sc);
    if (scanner_at_end(sc) || sc->text[sc->pos] != '"')
        return scanner_fail(sc, column, "expected the database's path in quotes, found %s",
                            scanner_describe(sc, found, sizeof found));
    char *name = scanner_string(sc);
    if (!name) return -1;
    s->compile_commands = join(s->dir, name);
    free(name);
    if (!s->compile_commands) return scanner_fail_nomem(sc, column);
    s->compile_commands_loc = (spec_loc){sc->line, column};
    return 0;
}

static int is_identifier(const char *s) {
    if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_')) return 0;
    for (s++; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_'))
            return 0;
    return 1;
}

static int parse_function(parser *ps) {
    scanner *sc = &ps->sc;
    scanner_space(sc);
    int column = col(sc);
    if (sc->text[sc->pos] != '"') {
        char found[64];
        if (scanner_at_ident(sc)) {
            char *word = scanner_ident(sc);
            if (!word) return -1;
            scanner_report(sc, column, "the function's name goes in quotes: function \"%s\"", word);
            free(word);
            return -1;
        }
        return scanner_fail(sc, column, "expected the function's name in quotes, found %s",
                            scanner_describe(sc, found, sizeof found));
    }
    char *name = scanner_string(sc);
    if (!name) return -1;
    if (!is_identifier(name)) {
        scanner_report(sc, column, "function name '%s' is not a C identifier", name);
        free(name);
        return -1;
    }
    ps->s->function = name;
    return 0;
}

/* interrupt "NAME" ~ D: D integer-valued and never negative (bernoulli, poisson, ...). */
static int parse_interrupt(parser *ps, spec_loc at) {
    scanner *sc = &ps->sc;
    spec *s = ps->s;
    scanner_space(sc);
    int column = col(sc);
    if (sc->text[sc->pos] != '"') {
        char found[64];
        return scanner_fail(sc, column,
                            "expected the handler's name in quotes (interrupt \"ADC_IRQHandler\" ~ "
                            "bernoulli(0.1)), found %s",
                            scanner_describe(sc, found, sizeof found));
    }
    char *name = scanner_string(sc);
    if (!name) return -1;
    if (!is_identifier(name)) {
        scanner_report(sc, column, "handler name '%s' is not a C identifier", name);
        free(name);
        return -1;
    }
    for (size_t i = 0; i < s->ninterrupts; i++)
        if (strcmp(s->interrupts[i].name, name) == 0) {
            scanner_report(sc, column, "interrupt '%s' is already declared on line %d", name,
                           s->interrupts[i].loc.line);
            free(name);
            return -1;
        }
    spec_loc count_loc;
    dist *count = NULL;
    scanner_space(sc);
    if (expect_tilde(sc) == 0) count = expression_dist(sc, s->dir, &count_loc);
    if (count && !dist_is_integer(count)) {
        char text[128];
        dist_format(count, text, sizeof text);
        scanner_report(sc, count_loc.column,
                       "an interrupt runs a whole number of times: %s is not integer-valued "
                       "(use bernoulli(p) or poisson(lambda))",
                       text);
    } else if (count && dist_cdf(count, -0.5) > 0) {
        scanner_report(sc, count_loc.column, "an interrupt cannot run a negative number of times");
    }
    spec_interrupt *grown = sc->failed ? NULL : realloc(s->interrupts, (s->ninterrupts + 1) * sizeof *grown);
    if (!grown) {
        if (!sc->failed) scanner_nomem(sc, column);
        free(name);
        dist_free(count);
        return -1;
    }
    s->interrupts = grown;
    s->interrupts[s->ninterrupts++] = (spec_interrupt){name, count, at, {at.line, column}, count_loc};
    return 0;
}

/* Whether the text after `cap` names a target (a function, or FILE:LINE) rather
 * than giving the global cap's number. */
static int names_cap_target(scanner *sc) {
    scanner_space(sc);
    const char *t = sc->text + sc->pos;
    size_t n = strcspn(t, " \t#");
    int letter = (*t >= 'a' && *t <= 'z') || (*t >= 'A' && *t <= 'Z') || *t == '_' || *t == '.' || *t == '/';
    return n > 0 && (letter || memchr(t, ':', n) != NULL);
}

/* The target of a named cap, into C: FILE:LINE (LINE a positive integer) or a C
 * identifier. */
static int cap_target(scanner *sc, spec_cap *c) {
    int column = col(sc);
    const char *t = sc->text + sc->pos;
    size_t n = strcspn(t, " \t#");
    c->name_loc = (spec_loc){sc->line, column};
    if (!(c->name = strndup(t, n))) return scanner_fail_nomem(sc, column);
    sc->pos += n;
    char *colon = strrchr(c->name, ':');
    if (!colon) {
        if (!is_identifier(c->name))
            return scanner_fail(
                sc, column, "'cap %s': expected a function's name or FILE:LINE (cap newton.c:9 64)", c->name);
        return (c->function = strdup(c->name)) ? 0 : scanner_fail_nomem(sc, column);
    }
    char *end = NULL;
    errno = 0;
    long line = colon[1] >= '0' && colon[1] <= '9' ? strtol(colon + 1, &end, 10) : 0;
    if (colon == c->name || !end || *end || errno || line < 1 || line > 100000000)
        return scanner_fail(sc, column,
                            "'cap %s': expected FILE:LINE with a positive line number (cap newton.c:9 64)",
                            c->name);
    c->line = (int)line;
    return (c->file = strndup(c->name, (size_t)(colon - c->name))) ? 0 : scanner_fail_nomem(sc, column);
}

/* `cap FUNCTION N` or `cap FILE:LINE N`, its keyword at AT; each target once. */
static int parse_named_cap(parser *ps, spec_loc at) {
    scanner *sc = &ps->sc;
    spec *s = ps->s;
    spec_cap c = {.loc = at};
    int r = cap_target(sc, &c);
    for (size_t i = 0; r == 0 && i < s->ncaps; i++)
        if (strcmp(s->caps[i].name, c.name) == 0)
            r = scanner_fail(sc, c.name_loc.column, "'cap %s' is already given on line %d", c.name,
                             s->caps[i].loc.line);
    if (r == 0) r = count_after(sc, "cap", 1, &c.n);
    if (r == 0) r = expect_end(sc);
    spec_cap *grown = r == 0 ? realloc(s->caps, (s->ncaps + 1) * sizeof *grown) : NULL;
    if (!grown) {
        if (r == 0) scanner_nomem(sc, at.column);
        free(c.function);
        free(c.file);
        free(c.name);
        return -1;
    }
    s->caps = grown;
    s->caps[s->ncaps++] = c;
    return 0;
}

/* "+ F" after a relative epsilon: the absolute floor F >= 0 (numpy's atol beside
 * its rtol). The cursor is at the '+'. */
static int parse_floor(scanner *sc, spec *s) {
    int plus = col(sc);
    if (!s->epsilon_relative)
        return scanner_fail(sc, plus,
                            "a floor follows a relative epsilon (epsilon 2%% + 0.001), not an absolute one");
    sc->pos++;
    scanner_num n;
    if (number_after(sc, "+", SCANNER_PERCENT, &n) < 0) return -1;
    char text[64];
    if (n.percent)
        return scanner_fail(sc, (int)n.pos + 1, "the floor is an absolute number of executions, got %s",
                            scanner_num_text(sc, &n, text, sizeof text));
    if (!(n.value >= 0) || n.negative || isinf(n.value))
        return scanner_fail(sc, (int)n.pos + 1, "the floor must be >= 0, got %s",
                            scanner_num_text(sc, &n, text, sizeof text));
    s->epsilon_floor = n.value;
    return 0;
}

static int parse_epsilon(parser *ps) {
    scanner *sc = &ps->sc;
    scanner_num n;
    if (number_after(sc, "epsilon", SCANNER_PERCENT, &n) < 0) return -1;
    if (!(n.value > 0)) {
        char text[64];
        return scanner_fail(sc, (int)n.pos + 1, "epsilon must be > 0, got %s",
                            scanner_num_text(sc, &n, text, sizeof text));
    }
    ps->s->epsilon = n.value;
    ps->s->epsilon_relative = n.percent;
    return scanner_peek(sc) == '+' ? parse_floor(sc, ps->s) : 0;
}

static int parse_confidence(parser *ps) {
    scanner *sc = &ps->sc;
    scanner_num n;
    if (number_after(sc, "confidence", SCANNER_PERCENT, &n) < 0) return -1;
    if (!(n.value > 0 && n.value < 1)) {
        char text[64];
        return scanner_fail(sc, (int)n.pos + 1, "confidence must be between %s, exclusive, got %s",
                            n.percent ? "0% and 100%" : "0 and 1",
                            scanner_num_text(sc, &n, text, sizeof text));
    }
    ps->s->confidence = n.value;
    return 0;
}

/* `network allow` or `network deny` (the default): whether the program may create sockets. */
static int parse_network(parser *ps) {
    scanner *sc = &ps->sc;
    char found[64];
    scanner_space(sc);
    int column = col(sc);
    int named = scanner_at_ident(sc);
    char *word = named ? scanner_ident(sc) : NULL;
    if (named && !word) return -1;
    int allow = word && strcmp(word, "allow") == 0, deny = word && strcmp(word, "deny") == 0;
    free(word);
    if (!allow && !deny) {
        sc->pos = (size_t)column - 1;
        return scanner_fail(sc, column, "expected 'allow' or 'deny' after 'network', found %s",
                            scanner_describe(sc, found, sizeof found));
    }
    ps->s->network_allowed = allow;
    return 0;
}

/* A duration after WHAT (timeout, time_limit): a number with ms, s, m or h, > 0. */
static int duration_after(parser *ps, const char *what, double *out) {
    scanner *sc = &ps->sc;
    scanner_num n;
    char text[64];
    if (number_after(sc, what, SCANNER_UNIT, &n) < 0) return -1;
    if (n.unit_len == 0)
        return scanner_fail(sc, (int)n.pos + 1, "%s needs a unit, ms, s, m or h (e.g. '%s %s%s')", what, what,
                            scanner_num_text(sc, &n, text, sizeof text), "s");
    scanner_text(sc, n.unit_pos, n.unit_len, text, sizeof text);
    double scale = strcmp(text, "ms") == 0  ? 0.001
                   : strcmp(text, "s") == 0 ? 1
                   : strcmp(text, "m") == 0 ? 60
                   : strcmp(text, "h") == 0 ? 3600
                                            : 0;
    if (scale == 0)
        return scanner_fail(sc, (int)n.unit_pos + 1, "unknown time unit '%s' (use ms, s, m or h)", text);
    if (!(n.value > 0))
        return scanner_fail(sc, (int)n.pos + 1, "%s must be > 0, got %s", what,
                            scanner_num_text(sc, &n, text, sizeof text));
    *out = n.value * scale;
    return 0;
}

/* Why FLAG may not be given to clang, or NULL when it may. The tool owns the
 * output, the mode (compile to bitcode) and the -O0/-g that keep every source
 * block with its line; a flag that changes those would break the transform or
 * write files, and a word without '-' would be one more source to compile. */
static const char *cflag_refusal(const char *flag) {
    static const struct {
        const char *prefix;
        const char *why;
    } refused[] = {
        {"-o", "the tool chooses the output file"},
        {"-E", "the tool compiles to LLVM bitcode"},
        {"-S", "the tool compiles to LLVM bitcode"},
        {"-c", "the tool compiles to LLVM bitcode"},
        {"-x", "the language comes from the source's suffix"},
        {"-M", "dependency output writes files"},
        {"-g0", "block lines come from the debug info"},
        {"-emit", "the tool compiles to LLVM bitcode"},
        {"-fplugin", "plugins run code inside clang"},
        {"-Xclang", "it passes options past the driver's checks"},
        {"-mllvm", "it passes options past the driver's checks"},
        {"-save-temps", "it writes files"},
        {"-fsyntax-only", "the tool compiles to LLVM bitcode"},
        {"-###", "the tool compiles to LLVM bitcode"},
        {"--", "the tool names the sources"},
        {"-flto", "the tool compiles to LLVM bitcode"},
    };
    if (flag[0] != '-') return "a flag starts with '-' (a word without it would be compiled as a source)";
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++)
        if (strncmp(flag, refused[i].prefix, strlen(refused[i].prefix)) == 0) return refused[i].why;
    return NULL;
}

/* 1 when FLAG takes a folder or file right after it, joined ("-Iinclude") or as
 * the next word ("-I" "include"); *PLEN receives the flag's own length. */
static int cflag_takes_path(const char *flag, size_t *plen) {
    static const char *const with_path[] = {"-isystem", "-iquote",  "-idirafter",
                                            "-include", "-imacros", "-I"};
    for (size_t i = 0; i < sizeof with_path / sizeof with_path[0]; i++) {
        size_t n = strlen(with_path[i]);
        if (strncmp(flag, with_path[i], n) == 0) {
            *plen = n;
            return 1;
        }
    }
    return 0;
}

/* Appends FLAG (owned) to *V, keeping it NULL-terminated. */
static int push_flag(char ***v, size_t *n, char *flag) {
    char **more = flag ? realloc(*v, (*n + 2) * sizeof *more) : NULL;
    if (!more) {
        free(flag);
        return -1;
    }
    *v = more;
    more[(*n)++] = flag;
    more[*n] = NULL;
    return 0;
}

/* Optimisation and debug flags are the build's habit, not the program's meaning:
 * freqsys compiles at -O0 with its own -g and optimises after counting. */
static const char *cflag_dropped(const char *flag) {
    if (strncmp(flag, "-O", 2) == 0) return "optimisation: freqsys counts at -O0 and optimises after";
    if (strncmp(flag, "-g", 2) == 0 && strcmp(flag, "-g0") != 0)
        return "debug information: freqsys sets its own";
    return NULL;
}

/* cflags "-std=c99" "-Iinclude" ...: flags for clang when it compiles the C
 * sources; cflags "a.c": "-DA" ...: for that source only. Paths in -I and its kin
 * are relative to the spec's folder, like the sources, so they are joined with it
 * here. -O and -g flags are dropped with a note. */
static int parse_cflags(parser *ps) {
    scanner *sc = &ps->sc;
    spec *s = ps->s;
    char found[64];
    int path_next = 0; /* the previous flag was "-I" alone: this word is its folder */
    char **flags = NULL;
    size_t nflags = 0;
    spec_file_flags one = {0};
    int r = 0;
    if (!scanner_at_end(sc) && sc->text[sc->pos] == '"' && sc->text[sc->pos + 1] != '-') {
        size_t save = sc->pos;
        int column = col(sc);
        char *name = scanner_string(sc);
        if (!name) return -1;
        if (scanner_peek(sc) == ':') {
            sc->pos++;
            one = (spec_file_flags){name, join(s->dir, name), NULL, 0, {sc->line, column}};
            if (!one.path) r = scanner_fail_nomem(sc, column);
        } else {
            free(name);
            sc->pos = save;
        }
    }
    while (r == 0 && !scanner_at_end(sc)) {
        int column = col(sc);
        if (sc->text[sc->pos] != '"') {
            r = scanner_fail(sc, column, "expected a compiler flag in quotes, found %s",
                             scanner_describe(sc, found, sizeof found));
            break;
        }
        char *flag = scanner_string(sc);
        if (!flag) {
            r = -1;
            break;
        }
        const char *why = path_next ? NULL : cflag_refusal(flag);
        const char *drop = path_next || why ? NULL : cflag_dropped(flag);
        size_t plen = 0;
        char *kept = NULL;
        if (why) {
            scanner_report(sc, column, "compiler flag '%s' is not allowed: %s%s", flag, why,
                           one.name || flag[0] == '-'
                               ? ""
                               : "; one source's own flags are written cflags \"file.c\": \"-D...\"");
            r = -1;
        } else if (drop) {
            char note[256];
            snprintf(note, sizeof note, "dropped %s (%s)", flag, drop);
            if (push_flag(&s->cflag_notes, &s->ncflag_notes, strdup(note)) != 0)
                r = scanner_fail_nomem(sc, column);
        } else if (path_next) {
            kept = join(s->dir, flag);
            path_next = 0;
        } else if (cflag_takes_path(flag, &plen)) {
            if (flag[plen] == '\0') {
                path_next = 1;
                kept = strdup(flag);
            } else {
                char *p = join(s->dir, flag + plen);
                kept = p ? malloc(plen + strlen(p) + 1) : NULL;
                if (kept) sprintf(kept, "%.*s%s", (int)plen, flag, p);
                free(p);
            }
        } else {
            kept = strdup(flag);
        }
        free(flag);
        if (r == 0 && !drop && push_flag(&flags, &nflags, kept) != 0) r = scanner_fail_nomem(sc, column);
    }
    if (r == 0 && path_next) r = scanner_fail(sc, col(sc), "'%s' needs a folder after it", flags[nflags - 1]);
    if (r == 0 && nflags == 0 && s->ncflag_notes == 0)
        r = scanner_fail(sc, col(sc), "'cflags' needs at least one flag, e.g. cflags \"-std=c99\"");
    for (size_t i = 0; r == 0 && !one.name && i < nflags; i++) {
        if (push_flag(&s->cflags, &s->ncflags, flags[i]) != 0) r = scanner_fail_nomem(sc, col(sc));
        flags[i] = NULL;
    }
    if (r == 0 && one.name) {
        spec_file_flags *more = realloc(s->file_flags, (s->nfile_flags + 1) * sizeof *more);
        if (!more) {
            r = scanner_fail_nomem(sc, col(sc));
        } else {
            one.flags = flags;
            one.nflags = nflags;
            s->file_flags = more;
            s->file_flags[s->nfile_flags++] = one;
            return 0;
        }
    }
    for (size_t i = 0; i < nflags; i++) free(flags[i]);
    free(flags);
    free(one.name);
    free(one.path);
    return r;
}

/* argv ~ list("prog", "-v", ...): the arguments main gets in every trial, argv[0]
 * first. It is read before the keyword check, so "argv" stays free as a name
 * everywhere else. */
static int parse_argv(parser *ps, spec_loc at) {
    scanner *sc = &ps->sc;
    spec *s = ps->s;
    char found[64];
    if (s->argv)
        return scanner_fail(sc, at.column, "'argv' is already declared on line %d", s->argv_loc.line);
    s->argv_loc = at;
    if (expect_tilde(sc) < 0) return -1;
    scanner_space(sc);
    int column = col(sc);
    char *word = scanner_at_ident(sc) ? scanner_ident(sc) : NULL;
    int is_list = word && strcmp(word, "list") == 0;
    free(word);
    if (!is_list || scanner_peek(sc) != '(')
        return scanner_fail(sc, column, "'argv' takes a list of strings, e.g. argv ~ list(\"prog\", \"-v\")");
    sc->pos++;
    if (!(s->argv = calloc(1, sizeof *s->argv))) return scanner_fail_nomem(sc, column);
    for (;;) {
        scanner_space(sc);
        if (sc->text[sc->pos] != '"')
            return scanner_fail(sc, col(sc), "expected an argument in quotes, found %s",
                                scanner_describe(sc, found, sizeof found));
        char *arg = scanner_string(sc);
        char **more = arg ? realloc(s->argv, (s->nargv + 2) * sizeof *more) : NULL;
        if (!more) {
            free(arg);
            return arg ? scanner_fail_nomem(sc, column) : -1;
        }
        s->argv = more;
        s->argv[s->nargv++] = arg;
        s->argv[s->nargv] = NULL;
        scanner_space(sc);
        char c = sc->text[sc->pos];
        if (c == ')') break;
        if (c != ',')
            return scanner_fail(sc, col(sc), "expected ',' or ')' in argv's list, found %s",
                                scanner_describe(sc, found, sizeof found));
        sc->pos++;
    }
    sc->pos++;
    return expect_end(sc);
}

/* An input: VARNAME ~ VALUE when VARNAME is given, else KEYWORD TARGET ~ VALUE. */
static int parse_input(parser *ps, const char *keyword, const char *varname, spec_loc at) {
    scanner *sc = &ps->sc;
    spec_input in = {.loc = at};
    int r;
    if (varname) {
        in.target = SPEC_VAR;
        in.name_loc = at;
        r = (in.name = strdup(varname)) ? 0 : scanner_fail_nomem(sc, at.column);
    } else {
        r = target_parse(sc, keyword, &in);
    }
    const spec_input *o = r == 0 ? target_clash(ps->s, &in) : NULL;
    if (o) r = target_clash_fail(sc, &in, o);
    if (r == 0) r = expect_tilde(sc);
    if (r == 0 && in.target == SPEC_STDIN)
        r = stdin_form_parse(sc, ps->s->dir, &in.value);
    else if (r == 0)
        r = expression_value(sc, ps->s->dir,
                             in.target == SPEC_ARG || (in.target == SPEC_GLOBAL && !in.element), &in.value);
    if (r == 0 && in.value.kind == SPEC_VALUE_DIST && dist_is_text(in.value.dist) && in.target != SPEC_VAR &&
        in.target != SPEC_READ_INDEX && in.target != SPEC_READ_ANY && in.target != SPEC_ARG)
        r = scanner_fail(sc, in.value.loc.column,
                         "a string-valued distribution is for string inputs: 'arg NAME' of "
                         "a char pointer, or a variable or read that the program reads with %%s or fgets");
    spec_value_kind k = in.value.kind;
    if (r == 0 && in.target == SPEC_GLOBAL &&
        (k == SPEC_VALUE_GENERATOR || k == SPEC_VALUE_LENGTH || k == SPEC_VALUE_ZEROED ||
         k == SPEC_VALUE_BUFFER || k == SPEC_VALUE_TEXT || k == SPEC_VALUE_LINES || k == SPEC_VALUE_FILES))
        r = scanner_fail(sc, in.value.loc.column,
                         "this form is a function's argument, allowed only after 'arg NAME ~'");
    if (r == 0) r = expect_end(sc);
    spec_input *slot = r == 0 ? add_input(ps) : NULL;
    if (!slot) {
        input_clear(&in);
        return -1;
    }
    *slot = in;
    return 0;
}

/* `var NAME ~ VALUE`, the word var read: a variable of any name, keywords included. */
static int parse_var(parser *ps, spec_loc at) {
    scanner *sc = &ps->sc;
    spec_loc name_at = {sc->line, col(sc)};
    char *name = scanner_ident(sc);
    if (!name) return -1;
    if (scanner_peek(sc) != '~') {
        char found[64];
        int r = scanner_fail(sc, col(sc), "expected '~' after 'var %s', found %s", name,
                             scanner_describe(sc, found, sizeof found));
        free(name);
        return r;
    }
    int r = parse_input(ps, NULL, name, at);
    if (r == 0) ps->s->inputs[ps->s->ninputs - 1].name_loc = name_at;
    free(name);
    return r;
}

/* `quantiles 0.5, 0.99, 99.9%`: the levels at which each block's count per run is
 * also estimated, each in (0, 1), at most SPEC_MAX_QUANTILES, none twice. */
static int parse_quantiles(parser *ps) {
    scanner *sc = &ps->sc;
    spec *s = ps->s;
    do {
        scanner_num n;
        if (number_after(sc, s->nquantiles ? "," : "quantiles", SCANNER_PERCENT, &n) < 0) return -1;
        char text[64];
        if (!(n.value > 0 && n.value < 1))
            return scanner_fail(sc, (int)n.pos + 1, "a quantile's level is between %s, exclusive, got %s",
                                n.percent ? "0% and 100%" : "0 and 1",
                                scanner_num_text(sc, &n, text, sizeof text));
        for (size_t k = 0; k < s->nquantiles; k++)
            if (s->quantiles[k] == n.value)
                return scanner_fail(sc, (int)n.pos + 1, "the level %s is already asked for",
                                    scanner_num_text(sc, &n, text, sizeof text));
        if (s->nquantiles == SPEC_MAX_QUANTILES)
            return scanner_fail(sc, (int)n.pos + 1, "at most %d quantiles", SPEC_MAX_QUANTILES);
        s->quantiles[s->nquantiles++] = n.value;
        scanner_space(sc);
    } while (scanner_peek(sc) == ',' && ++sc->pos);
    return 0;
}

/* The setting K, its keyword read; records where it was written. */
static int parse_setting(parser *ps, enum keyword k) {
    spec *s = ps->s;
    spec_loc at = ps->seen[k];
    switch (k) {
    case K_PROGRAM:
        s->program_loc = at;
        return parse_program(ps);
    case K_GENERATORS:
        s->generators_loc = at;
        return parse_generators(ps);
    case K_FUNCTION:
        s->function_loc = at;
        return parse_function(ps);
    case K_EPSILON:
        s->epsilon_loc = at;
        return parse_epsilon(ps);
    case K_CONFIDENCE:
        s->confidence_loc = at;
        return parse_confidence(ps);
    case K_SEED:
        s->has_seed = 1;
        return count_after(&ps->sc, "seed", 0, &s->seed);
    case K_MAX_TRIALS:
        return count_after(&ps->sc, "max_trials", 1, &s->max_trials);
    case K_CFLAGS:
        return parse_cflags(ps);
    case K_COMPILE_COMMANDS:
        return parse_compile_commands(ps);
    case K_CAP:
        return count_after(&ps->sc, "cap", 1, &s->cap);
    case K_TIME_LIMIT:
        return duration_after(ps, "time_limit", &s->time_limit_s);
    case K_CALLS:
        s->calls_loc = at;
        return count_after(&ps->sc, "calls", 1, &s->calls);
    case K_WARMUP:
        s->warmup_loc = at;
        return count_after(&ps->sc, "warmup", 0, &s->warmup);
    case K_NETWORK:
        s->network_loc = at;
        return parse_network(ps);
    case K_QUANTILES:
        s->quantiles_loc = at;
        return parse_quantiles(ps);
    default:
        return duration_after(ps, "timeout", &s->timeout_s);
    }
}

static int parse_line(parser *ps) {
    scanner *sc = &ps->sc;
    char found[64];
    if (scanner_at_end(sc)) return 0;
    spec_loc at = {sc->line, col(sc)};
    if (!scanner_at_ident(sc))
        return scanner_fail(sc, at.column,
                            "expected a declaration (a keyword such as 'epsilon', "
                            "or a variable's name and '~'), found %s",
                            scanner_describe(sc, found, sizeof found));
    char *word = scanner_ident(sc);
    if (!word) return -1;
    int k = 0;
    while (keywords[k] && strcmp(keywords[k], word) != 0) k++;
    char next = scanner_peek(sc);
    int r;
    if (strcmp(word, "argv") == 0 && next == '~') {
        r = parse_argv(ps, at);
    } else if (strcmp(word, "var") == 0 && scanner_at_ident(sc)) {
        r = parse_var(ps, at); /* `var seed ~ D`: a variable named like a keyword */
    } else if (k == K_STDIN) {
        r = parse_input(ps, word, NULL, at); /* `stdin ~ ...`: the keyword is the whole target */
    } else if (keywords[k] && next == '~') {
        r = scanner_fail(sc, at.column,
                         "'%s' is a keyword, not a variable name (for a variable of that name "
                         "write 'var %s ~ ...')",
                         word, word);
    } else if (next == '~') {
        r = parse_input(ps, NULL, word, at);
    } else if (!keywords[k]) {
        /* A distribution right after the name means a forgotten '~'; otherwise the word
         * was meant as a keyword, misspelt or not. */
        size_t save = sc->pos;
        char *dname = scanner_ident(sc);
        int looks_dist = dname && scanner_peek(sc) == '(' && !strchr(sc->text, '~');
        free(dname);
        sc->pos = save;
        const char *near = suggest_closest(word, keywords);
        if (looks_dist)
            r = scanner_fail(sc, col(sc), "expected '~' between '%s' and its distribution", word);
        else if (near)
            r = scanner_fail(sc, at.column, "unknown declaration '%s'; did you mean '%s'?", word, near);
        else
            r = scanner_fail(sc, at.column, "unknown declaration '%s' (a variable's name is followed by '~')",
                             word);
    } else if (k >= K_READ) {
        r = parse_input(ps, word, NULL, at);
    } else if (k == K_INTERRUPT) {
        r = parse_interrupt(ps, at);
        if (r == 0) r = expect_end(sc);
    } else if (k == K_CAP && names_cap_target(sc)) {
        r = parse_named_cap(ps, at);
    } else if (ps->seen[k].line && k != K_CFLAGS && k != K_GENERATORS) { /* these may take several lines */
        r = scanner_fail(sc, at.column, "'%s' is already set on line %d", word, ps->seen[k].line);
    } else {
        if (!ps->seen[k].line) ps->seen[k] = at;
        r = parse_setting(ps, (enum keyword)k);
        if (r == 0) r = expect_end(sc);
    }
    free(word);
    return r;
}

/* How a declaration that draws reads one value at a time is written, for messages. */
static void per_read_text(const spec_input *in, char *buf, size_t size) {
    if (in->target == SPEC_VAR)
        snprintf(buf, size, "'%s ~ ...'", in->name);
    else if (in->target == SPEC_READ_INDEX)
        snprintf(buf, size, "'read %lld ~ ...'", in->index);
    else
        snprintf(buf, size, "'read * ~ ...'");
}

/* A drawn standard input is read through the C library, so no read is replaced by a
 * draw: a declaration of single reads beside it could never apply. The error points
 * at whichever of the two comes second, as for duplicates. */
static int check_stdin_alone(parser *ps) {
    spec *s = ps->s;
    scanner *sc = &ps->sc;
    const spec_input *whole = spec_find_stdin(s), *single = NULL;
    for (size_t i = 0; whole && i < s->ninputs && !single; i++) {
        spec_target t = s->inputs[i].target;
        if (t == SPEC_VAR || t == SPEC_READ_INDEX || t == SPEC_READ_ANY) single = &s->inputs[i];
    }
    if (!single) return 0;
    char text[160];
    per_read_text(single, text, sizeof text);
    const spec_input *later = whole->loc.line > single->loc.line ? whole : single;
    sc->line = later->loc.line;
    sc->text = s->lines[later->loc.line - 1];
    if (later == whole)
        return scanner_fail(sc, whole->loc.column,
                            "the standard input is drawn whole here, but line %d draws "
                            "reads one value at a time (%s); a spec uses one or the other",
                            single->loc.line, text);
    return scanner_fail(sc, single->loc.column,
                        "%s draws reads one value at a time, but line %d draws the "
                        "whole standard input ('stdin ~ ...'); a spec uses one or the other",
                        text, whole->loc.line);
}

/* Whether an argument declared as V has a length that length() can give. */
static int has_length(const spec_value *v) {
    switch (v->kind) {
    case SPEC_VALUE_DIST:
        return dist_is_text(v->dist);
    case SPEC_VALUE_ARRAY:
    case SPEC_VALUE_STRING:
    case SPEC_VALUE_PERMUTATION:
    case SPEC_VALUE_TEXT:
    case SPEC_VALUE_LINES:
    case SPEC_VALUE_FILES:
    case SPEC_VALUE_GENERATOR:
    case SPEC_VALUE_BUFFER:
        return 1;
    default:
        return 0;
    }
}

/* `arg len ~ length(s)`: s is another argument, declared with something that has a length. */
static int check_length(scanner *sc, const spec *s, const spec_input *in) {
    const char *of = in->value.len_name;
    int column = in->value.len_loc.column;
    const spec_input *m = NULL;
    for (size_t j = 0; j < s->ninputs && !m; j++)
        if (s->inputs[j].target == SPEC_ARG && s->inputs[j].name && strcmp(s->inputs[j].name, of) == 0)
            m = &s->inputs[j];
    if (!m)
        return scanner_fail(sc, column,
                            "length(%s) names no declared argument (declare it with 'arg %s ~ ...')", of, of);
    if (m == in) return scanner_fail(sc, column, "length(%s) names the argument itself", of);
    if (!has_length(&m->value))
        return scanner_fail(sc, column,
                            "length(%s): '%s' is declared on line %d as a single value, which has no "
                            "length; length() measures a string, an array, a buffer, a file or a generator's "
                            "output",
                            of, of, m->loc.line);
    return 0;
}

/* Checks that need the whole file: required settings, `arg` against `function`,
 * array lengths naming other arguments, stdin against single reads. A missing setting
 * has no place of its own: its error points at the spec's first line, column 1 (the
 * end of the last line would read as if that line were at fault), and says what line
 * to add. */
static int check_whole(parser *ps) {
    spec *s = ps->s;
    scanner *sc = &ps->sc;
    static const struct {
        enum keyword k;
        int given;
        const char *what_to_add;
    } required[] = {
        {K_PROGRAM, 0, "add one naming the program's sources, e.g. 'program \"main.c\"'"},
        {K_EPSILON, SPEC_GIVEN_EPSILON,
         "add one saying how close each block's estimate must come, e.g. 'epsilon 0.3' (within 0.3 "
         "executions of the true mean) or 'epsilon 2%' (within 2% of it); or pass run -e"},
    };
    /* confidence alone has a default: 0.95 is what a user who did not choose means */
    if (!ps->seen[K_CONFIDENCE].line && !(ps->given & SPEC_GIVEN_CONFIDENCE))
        s->confidence = SPEC_DEFAULT_CONFIDENCE;
    /* Every missing setting at once, one diagnostic each: adding one line only to be
     * told of the next wastes a run per line. */
    size_t used = 0;
    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++) {
        int sources =
            required[i].k == K_PROGRAM && ps->seen[K_COMPILE_COMMANDS].line; /* the database lists them */
        if (ps->seen[required[i].k].line || (ps->given & required[i].given) || sources) continue;
        const char *text = s->nlines ? s->lines[0] : "";
        char msg[320];
        snprintf(msg, sizeof msg, "spec has no '%s' line: %s", keywords[required[i].k],
                 required[i].what_to_add);
        if (used && used + 1 < sc->errlen) sc->err[used++] = '\n';
        if (used < sc->errlen) {
            int n = diagnostic_format(sc->err + used, sc->errlen - used, sc->path, 1, 1, text, msg);
            used += n > 0 ? (size_t)n : 0;
            if (used >= sc->errlen) used = sc->errlen - 1;
        }
        sc->failed = 1;
    }
    if (sc->failed) return -1;
    if (spec_units_resolve(sc, s, ps->seen[K_PROGRAM].line != 0) != 0) return -1;
    if (s->argv && s->function) {
        sc->line = s->argv_loc.line;
        sc->text = s->lines[s->argv_loc.line - 1];
        return scanner_fail(sc, s->argv_loc.column,
                            "'argv' declares main's arguments and needs program "
                            "mode (no 'function' line)");
    }
    /* calls, warmup and interrupts describe a sequence of calls of one function */
    static const char *const sequence_words[] = {"calls", "warmup", "interrupt"};
    spec_loc sequence[3] = {s->calls_loc, s->warmup_loc,
                            s->ninterrupts ? s->interrupts[0].loc : (spec_loc){0, 0}};
    for (int i = 0; i < 3 && !s->function; i++) {
        if (!sequence[i].line) continue;
        sc->line = sequence[i].line;
        sc->text = s->lines[sequence[i].line - 1];
        return scanner_fail(sc, sequence[i].column,
                            "'%s' needs isolated-function mode (a line 'function "
                            "\"NAME\"'): the calls are calls of that function",
                            sequence_words[i]);
    }
    if (s->warmup_loc.line && s->warmup >= s->calls) {
        sc->line = s->warmup_loc.line;
        sc->text = s->lines[s->warmup_loc.line - 1];
        return scanner_fail(sc, s->warmup_loc.column,
                            "warmup %llu leaves no call to count: it must be less than "
                            "the calls per trial (%llu%s)",
                            s->warmup, s->calls, s->calls_loc.line ? "" : ", as no 'calls' line is given");
    }
    for (size_t i = 0; i < s->ninputs; i++) {
        const spec_input *in = &s->inputs[i];
        sc->line = in->loc.line;
        sc->text = s->lines[in->loc.line - 1];
        if (in->target == SPEC_ARG && !s->function)
            return scanner_fail(sc, in->loc.column,
                                "'arg' declares a function's parameter and needs "
                                "isolated-function mode: add a line 'function \"NAME\"'");
        if (in->target == SPEC_GLOBAL && in->value.kind == SPEC_VALUE_ARRAY && !in->value.dist)
            return scanner_fail(sc, in->value.loc.column,
                                "a global array's elements need a distribution: "
                                "array(LEN, D)");
        if (in->value.kind == SPEC_VALUE_GENERATOR && !s->ngenerators)
            return scanner_fail(sc, in->value.len_loc.column,
                                "generator(%s) needs the C source that defines it: "
                                "add a line 'generators \"gen.c\"'",
                                in->value.gen_name);
        if (in->value.kind == SPEC_VALUE_LENGTH || (in->value.kind == SPEC_VALUE_REF && in->value.len_name)) {
            if (check_length(sc, s, in) != 0) return -1;
            continue;
        }
        if (in->target != SPEC_ARG ||
            (in->value.kind != SPEC_VALUE_ARRAY && in->value.kind != SPEC_VALUE_PERMUTATION) ||
            !in->value.len_name)
            continue;
        const spec_input *len = NULL;
        for (size_t j = 0; j < s->ninputs && !len; j++)
            if (s->inputs[j].target == SPEC_ARG && s->inputs[j].name &&
                strcmp(s->inputs[j].name, in->value.len_name) == 0)
                len = &s->inputs[j];
        int column = in->value.len_loc.column;
        if (!len)
            return scanner_fail(sc, column,
                                "array length '%s' names no declared argument (declare it with "
                                "'arg %s ~ ...')",
                                in->value.len_name, in->value.len_name);
        if (len == in)
            return scanner_fail(sc, column, "array length '%s' names the array itself", in->value.len_name);
        if (len->value.kind != SPEC_VALUE_DIST)
            return scanner_fail(sc, column,
                                "array length '%s' must be an integer-valued argument, but line %d "
                                "gives it a shape",
                                in->value.len_name, len->loc.line);
        if (!dist_is_integer(len->value.dist)) {
            char text[128];
            dist_format(len->value.dist, text, sizeof text);
            return scanner_fail(sc, column,
                                "array length '%s' must be an integer-valued argument, but line %d "
                                "gives it %s",
                                in->value.len_name, len->loc.line, text);
        }
    }
    return check_stdin_alone(ps);
}

/* A declaration continued inside parentheses: the physical lines it spans, joined by
 * spaces, and where each starts in the joined text. */
#define MAX_JOINED 64
typedef struct joined {
    char *text; /* NULL: the line stands alone */
    size_t n;
    size_t start[MAX_JOINED];
} joined;

/* The depth of parentheses open at the end of LINE, counting from DEPTH, outside strings
 * and comments; *COMMENT receives where a comment starts (or the line's length). An
 * unterminated string ends the count: its error is the parser's to report. */
static int paren_depth(const char *line, int depth, size_t *comment) {
    size_t p = 0;
    *comment = strlen(line);
    while (line[p]) {
        char c = line[p];
        if (c == '#') {
            *comment = p;
            break;
        }
        if (c == '"') {
            for (p++; line[p] && line[p] != '"'; p++)
                if (line[p] == '\\' && line[p + 1]) p++;
            if (!line[p]) break;
        }
        depth += c == '(' ? 1 : c == ')' ? -1 : 0;
        p++;
    }
    return depth;
}

/* Lines I, I+1, ... while a '(' stays open at a line's end, into J (J->text NULL when
 * line I is complete alone); a comment on a line that continues becomes spaces, so
 * that the text after it counts. Returns 0, or -1 out of memory. */
static int join_lines(const spec *s, size_t i, joined *j) {
    j->text = NULL;
    j->n = 1;
    size_t comment;
    int depth = paren_depth(s->lines[i], 0, &comment);
    if (depth <= 0 || i + 1 >= s->nlines) return 0;
    size_t last = i;
    while (depth > 0 && last + 1 < s->nlines && last + 1 - i < MAX_JOINED)
        depth = paren_depth(s->lines[++last], depth, &comment);
    size_t total = 0;
    for (size_t k = i; k <= last; k++) total += strlen(s->lines[k]) + 1;
    if (!(j->text = malloc(total))) return -1;
    size_t at = 0;
    j->n = last - i + 1;
    for (size_t k = i; k <= last; k++) {
        size_t len = strlen(s->lines[k]);
        j->start[k - i] = at;
        memcpy(j->text + at, s->lines[k], len);
        paren_depth(s->lines[k], 0, &comment);
        if (k < last) memset(j->text + at + comment, ' ', len - comment);
        at += len;
        j->text[at++] = k < last ? ' ' : '\0';
    }
    return 0;
}

/* Places in a joined text, made physical once its declaration is parsed. */
static void place(const scanner *sc, spec_loc *loc) {
    if (loc->line == sc->line && loc->column >= 1)
        scanner_place(sc, (size_t)loc->column - 1, &loc->line, &loc->column);
}

static void relocate(const scanner *sc, spec *s, size_t inputs, size_t interrupts) {
    for (size_t i = inputs; i < s->ninputs; i++) {
        spec_input *in = &s->inputs[i];
        place(sc, &in->loc);
        place(sc, &in->name_loc);
        place(sc, &in->value.loc);
        place(sc, &in->value.len_loc);
    }
    for (size_t i = interrupts; i < s->ninterrupts; i++) {
        place(sc, &s->interrupts[i].loc);
        place(sc, &s->interrupts[i].name_loc);
        place(sc, &s->interrupts[i].count_loc);
    }
}

int spec_parse_string(const char *text, const char *path, spec **out, char *err, size_t errlen) {
    return spec_parse_string_given(text, path, 0, out, err, errlen);
}

int spec_parse_string_given(const char *text, const char *path, int given, spec **out, char *err,
                            size_t errlen) {
    *out = NULL;
    if (errlen) err[0] = '\0';
    spec *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "%s: error: out of memory", path);
        return SPEC_ENOMEM;
    }
    s->max_trials = SPEC_DEFAULT_MAX_TRIALS;
    s->timeout_s = SPEC_DEFAULT_TIMEOUT_S;
    s->seed = SPEC_DEFAULT_SEED;
    s->calls = 1;
    s->path = strdup(path);
    s->dir = folder_of(path);
    if (!s->path || !s->dir || split_lines(s, text) < 0) {
        snprintf(err, errlen, "%s: error: out of memory", path);
        spec_free(s);
        return SPEC_ENOMEM;
    }
    parser ps = {.s = s, .sc = {.path = s->path, .err = err, .errlen = errlen}, .given = given};
    for (size_t i = 0; i < s->nlines && !ps.sc.failed;) {
        joined j;
        if (join_lines(s, i, &j) < 0) {
            snprintf(err, errlen, "%s: error: out of memory", path);
            spec_free(s);
            return SPEC_ENOMEM;
        }
        size_t inputs = s->ninputs, interrupts = s->ninterrupts;
        ps.sc.text = j.text ? j.text : s->lines[i];
        ps.sc.line = (int)i + 1;
        ps.sc.pos = 0;
        ps.sc.nparts = j.text ? j.n : 0;
        ps.sc.part_start = j.start;
        ps.sc.part_text = s->lines + i;
        parse_line(&ps);
        if (j.text) relocate(&ps.sc, s, inputs, interrupts);
        ps.sc.nparts = 0;
        free(j.text);
        i += j.text ? j.n : 1;
    }
    if (!ps.sc.failed) check_whole(&ps);
    if (ps.sc.failed) {
        spec_free(s);
        return ps.sc.out_of_memory ? SPEC_ENOMEM : SPEC_ESYNTAX;
    }
    *out = s;
    return SPEC_OK;
}

/* The whole file at PATH as a NUL-terminated string into *TEXT. Returns SPEC_OK, or
 * SPEC_EIO / SPEC_ENOMEM with a message in ERR. */
static int read_text(const char *path, char **text_out, char *err, size_t errlen) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: error: cannot open the spec: %s", path, strerror(errno));
        return SPEC_EIO;
    }
    size_t cap = 4096, n = 0;
    char *text = malloc(cap);
    while (text) {
        n += fread(text + n, 1, cap - n - 1, f);
        if (n < cap - 1) break;
        char *more = realloc(text, 2 * cap);
        if (!more) {
            free(text);
            text = NULL;
            break;
        }
        text = more;
        cap *= 2;
    }
    int bad = ferror(f);
    fclose(f);
    if (!text || bad) {
        int status = text ? SPEC_EIO : SPEC_ENOMEM;
        snprintf(err, errlen, "%s: error: cannot read the spec%s", path, text ? "" : ": out of memory");
        free(text);
        return status;
    }
    text[n] = '\0';
    if (memchr(text, '\0', n)) {
        snprintf(err, errlen, "%s: error: the spec is not a text file (it contains a NUL byte)", path);
        free(text);
        return SPEC_EIO;
    }
    *text_out = text;
    return SPEC_OK;
}

int spec_parse_file(const char *path, spec **out, char *err, size_t errlen) {
    return spec_parse_file_given(path, 0, out, err, errlen);
}

int spec_parse_file_given(const char *path, int given, spec **out, char *err, size_t errlen) {
    char *text = NULL;
    *out = NULL;
    int rc = read_text(path, &text, err, errlen);
    if (rc != SPEC_OK) return rc;
    rc = spec_parse_string_given(text, path, given, out, err, errlen);
    free(text);
    return rc;
}

void spec_free(spec *s) {
    if (!s) return;
    free(s->path);
    free(s->dir);
    spec_units_free(s);
    for (size_t i = 0; i < s->nsources; i++) free(s->sources[i]);
    free(s->sources);
    free(s->function);
    for (size_t i = 0; i < s->ncflags; i++) free(s->cflags[i]);
    free(s->cflags);
    for (size_t i = 0; i < s->nargv; i++) free(s->argv[i]);
    free(s->argv);
    for (size_t i = 0; i < s->ninputs; i++) input_clear(&s->inputs[i]);
    free(s->inputs);
    for (size_t i = 0; i < s->ninterrupts; i++) {
        free(s->interrupts[i].name);
        dist_free(s->interrupts[i].count);
    }
    free(s->interrupts);
    for (size_t i = 0; i < s->ncaps; i++) {
        free(s->caps[i].function);
        free(s->caps[i].file);
        free(s->caps[i].name);
    }
    free(s->caps);
    for (size_t i = 0; i < s->ngenerators; i++) free(s->generators[i]);
    free(s->generators);
    for (size_t i = 0; i < s->nlines; i++) free(s->lines[i]);
    free(s->lines);
    free(s);
}

void spec_diagnose(const spec *s, spec_loc loc, char *err, size_t errlen, const char *fmt, ...) {
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const char *text = loc.line >= 1 && (size_t)loc.line <= s->nlines ? s->lines[loc.line - 1] : "";
    diagnostic_format(err, errlen, s->path, loc.line, loc.column, text, msg);
}

unsigned long long spec_counted_calls(const spec *s) {
    return s->calls > s->warmup ? s->calls - s->warmup : 1;
}
