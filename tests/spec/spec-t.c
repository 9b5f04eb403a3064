/* tests/spec/spec-t.c: tests of the spec parser: every declaration form, and its errors. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "tmp.h"
#include "spec.h"

#include <stdlib.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define BASE  "program \"newton.c\"\nepsilon 0.3\nconfidence 0.95\n"
#define FBASE "program \"newton.c\"\nfunction \"f\"\nepsilon 0.3\nconfidence 0.95\n"

static char err[2048];
static const char *tmp;

static void write_file(const char *name, const char *text) {
    FILE *f = fopen(name, "w");
    if (!f || fputs(text, f) < 0 || fclose(f) != 0) bail("cannot write %s/%s", tmp, name);
}

/* The status of the last parse_text or parse_file. */
static int last_status;

/* spec_parse_string of TEXT under the name PATH: the spec, or NULL when it failed
 * (with its status in last_status and its message in err). */
static spec *parse_text(const char *text, const char *path) {
    spec *s = (spec *)&last_status; /* not NULL, so a failure must clear it */
    last_status = spec_parse_string(text, path, &s, err, sizeof err);
    if ((last_status == SPEC_OK) != (s != NULL)) bail("status %d with spec %p", last_status, (void *)s);
    return s;
}

/* spec_parse_file of PATH, as parse_text. */
static spec *parse_file(const char *path) {
    spec *s = (spec *)&last_status;
    last_status = spec_parse_file(path, &s, err, sizeof err);
    if ((last_status == SPEC_OK) != (s != NULL)) bail("status %d with spec %p", last_status, (void *)s);
    return s;
}

/* What the parser says of a missing setting: the line to add. */
#define EPSILON_MISSING                                                                                      \
    "spec has no 'epsilon' line: add one saying how close each block's estimate must come, e.g. 'epsilon "   \
    "0.3' (within 0.3 executions of the true mean) or 'epsilon 2%' (within 2% of it); or pass run -e"
#define PROGRAM_MISSING                                                                                      \
    "spec has no 'program' line: add one naming the program's sources, e.g. 'program \"main.c\"'"

/* One invalid spec: no result, and exactly the diagnostic WANT. */
static void bad(const char *what, const char *text, const char *want) {
    err[0] = '\0';
    spec *s = parse_text(text, "t.fspec");
    is_string(s                             ? "(parsed without error)"
              : last_status != SPEC_ESYNTAX ? "(not SPEC_ESYNTAX)"
                                            : err,
              want, "%s", what);
    spec_free(s);
}

static char *format(const dist *d) {
    static char buf[128];
    if (!d) return "(none)";
    dist_format(d, buf, sizeof buf);
    return buf;
}

static void program_mode(void) {
    const char *text = "# a spec with every program-mode declaration\n"
                       "program \"newton.c\" \"util.c\"   # two sources\n"
                       "epsilon 2%\n"
                       "confidence 95%\n"
                       "seed 42\n"
                       "max_trials 1e7\n"
                       "timeout 500ms\n"
                       "\n"
                       "ask ~ uniform(100, 800)\n"
                       "read 3 ~ poisson(4)\n"
                       "read * ~ uniform_int(0, 9)\n"
                       "global threshold ~ normal(600, 25)\n"
                       "extern read_adc() ~ poisson(300)\n"
                       "extern unsigned  short\tsensor_gain ~ uniform_int(1, 4)\n"
                       "mmio 0x40012000 ~ bernoulli(0.1)\n"
                       "mmio 0x40013000..0x4001300F ~ discrete(1: 0.5, 2: 0.25, 3: 0.25)\n"
                       "x ~ truncated(normal(0, 1), -2, 2)\n"
                       "e ~ empirical(\"samples.txt\")\n"
                       "c~choice(-1, 2.5e1, 0x10, .5)\n";
    spec *s = parse_text(text, "t.fspec");
    if (!ok(s != NULL, "a program-mode spec parses")) bail("%s", err);
    is_string(s->path, "t.fspec", "path as given");
    is_string(s->dir, ".", "a bare file name's folder is .");
    is_int((long long)s->nsources, 2, "two sources");
    is_string(s->sources[0], "newton.c", "first source");
    is_string(s->sources[1], "util.c", "second source");
    ok(s->function == NULL, "program mode has no function");
    is_double(s->epsilon, 0.02, 1e-15, "2%% is epsilon 0.02");
    is_int(s->epsilon_relative, 1, "and relative");
    is_double(s->confidence, 0.95, 1e-15, "95%% is confidence 0.95");
    is_int((long long)s->seed, 42, "seed 42");
    is_int(s->has_seed, 1, "and has_seed");
    is_int((long long)s->max_trials, 10000000, "max_trials 1e7");
    is_double(s->timeout_s, 0.5, 1e-15, "timeout 500ms");
    is_int(s->program_loc.line, 2, "program's line");
    is_int(s->epsilon_loc.line, 3, "epsilon's line");
    is_int(s->confidence_loc.line, 4, "confidence's line");
    is_int((long long)s->nlines, 19, "every line kept");
    is_string(s->lines[8], "ask ~ uniform(100, 800)", "lines kept as written");
    if (!ok(s->ninputs == 11, "eleven inputs")) bail("got %zu inputs", s->ninputs);

    const spec_input *in = s->inputs;
    is_int(in[0].target, SPEC_VAR, "ask is a variable");
    is_string(in[0].name, "ask", "named ask");
    is_string(format(in[0].value.dist), "uniform(100, 800)", "with its distribution");
    is_int(in[0].value.kind, SPEC_VALUE_DIST, "as a plain distribution");
    is_int(in[0].loc.line, 9, "ask on line 9");
    is_int(in[0].loc.column, 1, "at column 1");
    is_int(in[0].value.loc.column, 7, "its distribution at column 7");
    is_int(in[1].target, SPEC_READ_INDEX, "read 3 is a read index");
    is_int(in[1].index, 3, "index 3");
    is_int(in[1].name_loc.column, 6, "its index at column 6");
    is_string(format(in[1].value.dist), "poisson(4)", "read 3's distribution");
    is_int(in[2].target, SPEC_READ_ANY, "read * is any read");
    is_int(in[3].target, SPEC_GLOBAL, "global");
    is_string(in[3].name, "threshold", "named threshold");
    is_int(in[4].target, SPEC_EXTERN_FN, "extern function");
    is_string(in[4].name, "read_adc", "named read_adc");
    is_int(in[5].target, SPEC_EXTERN_VAR, "extern variable");
    is_string(in[5].name, "sensor_gain", "named sensor_gain");
    is_string(in[5].ctype, "unsigned short", "with its C type, words joined by one space");
    is_int(in[5].name_loc.column, 24, "its name's column counts the tab as one");
    is_int(in[6].target, SPEC_MMIO, "mmio");
    ok(in[6].addr_lo == 0x40012000 && in[6].addr_hi == 0x40012000, "one address");
    ok(in[7].addr_lo == 0x40013000 && in[7].addr_hi == 0x4001300F, "an address range");
    is_string(format(in[7].value.dist), "discrete(1: 0.5, 2: 0.25, 3: 0.25)", "value: weight pairs");
    is_string(format(in[8].value.dist), "truncated(normal(0, 1), -2, 2)", "a nested distribution");
    is_string(in[9].name, "e", "an empirical distribution");
    ok(in[9].value.dist != NULL, "reads its file relative to the spec");
    is_string(format(in[10].value.dist), "choice(-1, 25, 16, 0.5)", "numbers in every notation");
    ok(spec_find_var(s, "ask") == &in[0], "spec_find_var finds ask");
    ok(spec_find_var(s, "threshold") == NULL, "and not a global of that name");

    spec_diagnose(s, in[0].name_loc, err, sizeof err, "no variable '%s' in %s", "ask", "newton.c");
    is_string(err,
              "t.fspec:9:1: error: no variable 'ask' in newton.c\n"
              "    9 | ask ~ uniform(100, 800)\n"
              "      | ^",
              "spec_diagnose shows a line kept from parsing");
    spec_free(s);
}

static void function_mode(void) {
    const char *text = "program \"model.ll\"\r\n"
                       "function \"filter_step\"\r\n"
                       "epsilon 0.3\r\n"
                       "confidence 0.9\r\n"
                       "timeout 1.5m\r\n"
                       "arg buf ~ array(len, normal(512, 40))\r\n"
                       "arg len ~ uniform_int(1, 64)\r\n"
                       "arg 2 ~ constant(7)\r\n"
                       "arg cfg.mode ~ choice(0, 1, 2)\r\n"
                       "arg fixed ~ array(16, uniform(0, 1))\r\n"
                       "arg name ~ string(uniform_int(1, 8), \"ab\\\"\\\\\")\r\n"
                       "arg p ~ ref(normal(0, 1))\r\n";
    spec *s = parse_text(text, "t.fspec");
    if (!ok(s != NULL, "a function-mode spec with CRLF line ends parses")) bail("%s", err);
    is_string(s->function, "filter_step", "function name");
    is_int(s->function_loc.line, 2, "function's line");
    is_string(s->sources[0], "model.ll", "an .ll source");
    is_int(s->epsilon_relative, 0, "epsilon 0.3 is absolute");
    is_double(s->timeout_s, 90, 1e-12, "timeout 1.5m is 90 s");
    is_int(s->has_seed, 0, "no seed given");
    is_int((long long)s->seed, (long long)SPEC_DEFAULT_SEED, "so the default seed");
    is_int((long long)s->max_trials, (long long)SPEC_DEFAULT_MAX_TRIALS, "default max_trials");
    is_string(s->lines[0], "program \"model.ll\"", "the \\r is not part of a line");
    if (!ok(s->ninputs == 7, "seven arguments")) bail("got %zu inputs", s->ninputs);
    const spec_input *in = s->inputs;
    is_int(in[0].value.kind, SPEC_VALUE_ARRAY, "array shape");
    is_string(in[0].value.len_name, "len", "length from argument len, declared after it");
    is_int(in[0].value.len_loc.column, 17, "the length's column");
    is_string(format(in[0].value.dist), "normal(512, 40)", "element distribution");
    is_int(in[2].target, SPEC_ARG, "arg by index");
    ok(in[2].name == NULL && in[2].index == 2, "index 2, no name");
    is_string(in[3].name, "cfg.mode", "a dotted field path");
    ok(in[4].value.kind == SPEC_VALUE_ARRAY && in[4].value.len_const == 16 && !in[4].value.len_name,
       "an array of constant length");
    is_int(in[5].value.kind, SPEC_VALUE_STRING, "string shape");
    is_string(in[5].value.charset, "ab\"\\", "charset with its escapes undone");
    is_string(format(in[5].value.dist), "uniform_int(1, 8)", "string length distribution");
    is_int(in[6].value.kind, SPEC_VALUE_REF, "ref shape");
    is_string(format(in[6].value.dist), "normal(0, 1)", "ref's distribution");
    spec_free(s);
}

static void defaults_and_files(void) {
    spec *s = parse_text("program \"newton.c\"\nepsilon 1e-3\nconfidence 0.5", "t.fspec");
    if (!ok(s != NULL, "a minimal spec without a final newline parses")) bail("%s", err);
    is_double(s->timeout_s, SPEC_DEFAULT_TIMEOUT_S, 0, "default timeout");
    is_double(s->epsilon, 1e-3, 0, "epsilon in scientific notation");
    is_int((long long)s->ninputs, 0, "no inputs");
    spec_free(s);

    s = parse_file("sub/s.fspec");
    if (!ok(s != NULL, "spec_parse_file reads a spec in a folder")) bail("%s", err);
    is_string(s->dir, "sub", "its folder");
    is_string(s->sources[0], "sub/newton.c", "sources resolved against the folder");
    is_string(s->inputs[0].name, "w", "its inputs");
    spec_free(s);

    s = parse_file("none.fspec");
    ok(s == NULL, "a missing spec file fails");
    is_string(err, "none.fspec: error: cannot open the spec: No such file or directory", "and says why");

    s = parse_text("program \"nope.c\"\n", "sub/t.fspec");
    is_string(err,
              "sub/t.fspec:1:9: error: source file 'nope.c' not found (looked for 'sub/nope.c')\n"
              "    1 | program \"nope.c\"\n"
              "      |         ^",
              "a missing source names the path looked for");
    spec_free(s);
}

/* cflags (flags for clang, paths joined with the spec's folder) and argv ~ list(...). */
static void flags_and_arguments(void) {
    spec *s = parse_text("program \"newton.c\"\ncflags \"-std=c99\" \"-Iinclude\" \"-I\" \"/abs\"\n"
                         "cflags \"-DN=10\" \"-include\" \"cfg.h\"\nepsilon 0.3\nconfidence 0.95\n"
                         "argv ~ list(\"prog\", \"-v\" , \"a b\")\n",
                         "sub/t.fspec");
    s = s ? s : parse_text("program \"newton.c\"\n", "t.fspec");
    if (!ok(s && s->ncflags == 7, "two cflags lines give seven flags")) bail("%s", err);
    is_string(s->cflags[1], "-Isub/include", "a joined -I is relative to the spec's folder");
    is_string(s->cflags[3], "/abs", "...an absolute folder after -I stays as written");
    is_string(s->cflags[6], "sub/cfg.h", "...and -include's file is joined too");
    ok(s->cflags[7] == NULL, "...and the list ends with NULL");
    is_int((long long)s->nargv, 3, "argv ~ list(...) gives three arguments");
    is_string(s->argv[2], "a b", "...kept as written");
    spec_free(s);
    bad("cflags without flags", BASE "cflags\n",
        "t.fspec:4:7: error: 'cflags' needs at least one flag, e.g. cflags \"-std=c99\"\n"
        "    4 | cflags\n"
        "      |       ^");
    bad("a flag that would take over the build", BASE "cflags \"-Xclang\" \"-load\"\n",
        "t.fspec:4:8: error: compiler flag '-Xclang' is not allowed: it passes options past the driver's "
        "checks\n"
        "    4 | cflags \"-Xclang\" \"-load\"\n"
        "      |        ^");
    bad("a word that is no flag", BASE "cflags \"extra.c\"\n",
        "t.fspec:4:8: error: compiler flag 'extra.c' is not allowed: a flag starts with '-' (a word without "
        "it would be compiled as a source); one source's own flags are written cflags \"file.c\": \"-D...\"\n"
        "    4 | cflags \"extra.c\"\n"
        "      |        ^");
    bad("-I without its folder", BASE "cflags \"-I\"\n",
        "t.fspec:4:12: error: '-I' needs a folder after it\n"
        "    4 | cflags \"-I\"\n"
        "      |            ^");
    bad("argv twice", BASE "argv ~ list(\"a\")\nargv ~ list(\"b\")\n",
        "t.fspec:5:1: error: 'argv' is already declared on line 4\n"
        "    5 | argv ~ list(\"b\")\n"
        "      | ^");
    bad("argv in function mode", FBASE "argv ~ list(\"a\")\n",
        "t.fspec:5:1: error: 'argv' declares main's arguments and needs program mode (no 'function' line)\n"
        "    5 | argv ~ list(\"a\")\n"
        "      | ^");
    bad("argv's list unclosed", BASE "argv ~ list(\"a\" \"b\")\n",
        "t.fspec:4:17: error: expected ',' or ')' in argv's list, found '\"b\"'\n"
        "    4 | argv ~ list(\"a\" \"b\")\n"
        "      |                 ^");
}

/* The three forms of `stdin ~`, their checks, and their clash with single reads. */
static void stdin_forms(void) {
    spec *s =
        parse_text(BASE "stdin ~ text(uniform_int(0, 198), discrete(10: 4, 32: 10, 97: 84))\n", "t.fspec");
    if (!ok(s != NULL, "stdin ~ text(...) parses")) bail("%s", err);
    const spec_input *in = spec_find_stdin(s);
    ok(in && in->target == SPEC_STDIN && in->value.kind == SPEC_VALUE_TEXT, "a text standard input");
    is_string(format(in->value.dist), "uniform_int(0, 198)", "...its length");
    is_int(in->value.len_loc.column, 14, "...written at column 14");
    is_string(format(in->value.item), "discrete(10: 4, 32: 10, 97: 84)", "...and each byte's distribution");
    spec_free(s);

    s = parse_text(FBASE "stdin~lines(poisson(3), string(uniform_int(0, 5), \"ab\\\"\"))  # lines\n",
                   "t.fspec");
    if (!ok(s != NULL, "stdin ~ lines(...) parses, in function mode too")) bail("%s", err);
    in = spec_find_stdin(s);
    ok(in && in->value.kind == SPEC_VALUE_LINES, "a standard input of lines");
    is_string(format(in->value.dist), "poisson(3)", "...their number");
    is_string(format(in->value.item), "uniform_int(0, 5)", "...each line's length");
    is_string(in->value.charset, "ab\"", "...and its characters");
    spec_free(s);

    s = parse_text(BASE "stdin ~ files(\"in/*.txt\")\n", "t.fspec");
    if (!ok(s != NULL, "stdin ~ files(...) parses")) bail("%s", err);
    in = spec_find_stdin(s);
    ok(in && in->value.kind == SPEC_VALUE_FILES && in->value.nfiles == 2,
       "a corpus of the two matching files");
    is_string(in->value.pattern, "in/*.txt", "...its pattern as written");
    is_string(in->value.files[0].path, "in/a.txt", "...sorted by name");
    ok(in->value.files[0].len == 4 && memcmp(in->value.files[0].data, "one\n", 4) == 0, "...and read whole");
    ok(in->value.files[1].len == 0, "...an empty file included");
    spec_free(s);

    s = parse_file("sub/stdin.fspec");
    if (!ok(s != NULL, "files(...) is relative to the spec's folder")) bail("%s", err);
    in = spec_find_stdin(s);
    ok(in && in->value.nfiles == 1 && !strcmp(in->value.files[0].path, "sub/in/c.txt"),
       "...so it finds sub/in/c.txt");
    spec_free(s);

    s = parse_text(BASE "global g ~ poisson(2)\nstdin ~ text(constant(3), constant(97))\n", "t.fspec");
    ok(s != NULL, "a drawn stdin goes with globals");
    spec_free(s);

    bad("stdin takes a form, not a distribution", BASE "stdin ~ normal(0, 1)\n",
        "t.fspec:4:9: error: stdin takes text(LENGTH, BYTE), lines(COUNT, string(LENGTH, \"characters\")), "
        "files(\"pattern\") or generator(NAME), found 'normal'\n"
        "    4 | stdin ~ normal(0, 1)\n"
        "      |         ^");
    bad("a real-valued length", BASE "stdin ~ text(normal(0, 1), constant(3))\n",
        "t.fspec:4:14: error: the text's length must be an integer-valued distribution such as "
        "uniform_int(0, 200)\n"
        "    4 | stdin ~ text(normal(0, 1), constant(3))\n"
        "      |              ^");
    bad("a length that may be negative", BASE "stdin ~ text(uniform_int(-1, 3), constant(3))\n",
        "t.fspec:4:14: error: the text's length must not give negative values\n"
        "    4 | stdin ~ text(uniform_int(-1, 3), constant(3))\n"
        "      |              ^");
    bad("a byte beyond 255", BASE "stdin ~ text(poisson(9), uniform_int(0, 256))\n",
        "t.fspec:4:26: error: each byte's distribution must give integers from 0 to 255 (character codes), "
        "e.g. discrete(10: 1, 97: 9)\n"
        "    4 | stdin ~ text(poisson(9), uniform_int(0, 256))\n"
        "      |                          ^");
    bad("a negative line count", BASE "stdin ~ lines(uniform_int(-2, 2), string(poisson(2), \"a\"))\n",
        "t.fspec:4:15: error: the number of lines must not give negative values\n"
        "    4 | stdin ~ lines(uniform_int(-2, 2), string(poisson(2), \"a\"))\n"
        "      |               ^");
    bad("lines without string(...)", BASE "stdin ~ lines(poisson(3), uniform_int(1, 3))\n",
        "t.fspec:4:27: error: each line is a string: string(LENGTH, \"characters\") or a string-valued "
        "distribution such as format(...) or choice(\"A\", \"B\")\n"
        "    4 | stdin ~ lines(poisson(3), uniform_int(1, 3))\n"
        "      |                           ^");
    bad("lines with no characters", BASE "stdin ~ lines(poisson(3), string(poisson(2), \"\"))\n",
        "t.fspec:4:46: error: a string's character set must not be empty\n"
        "    4 | stdin ~ lines(poisson(3), string(poisson(2), \"\"))\n"
        "      |                                              ^");
    bad("a glob that matches nothing", BASE "stdin ~ files(\"inputs/*.txt\")\n",
        "t.fspec:4:15: error: no file matches 'inputs/*.txt'\n"
        "    4 | stdin ~ files(\"inputs/*.txt\")\n"
        "      |               ^");
    bad("a glob that matches a folder", BASE "stdin ~ files(\"i*\")\n",
        "t.fspec:4:15: error: 'i*' matches 'in', which is not a regular file\n"
        "    4 | stdin ~ files(\"i*\")\n"
        "      |               ^");
    bad("a stdin form elsewhere", BASE "x ~ text(poisson(2), constant(1))\n",
        "t.fspec:4:5: error: 'text' describes a whole input, allowed only right after 'stdin ~' or 'arg NAME "
        "~'\n"
        "    4 | x ~ text(poisson(2), constant(1))\n"
        "      |     ^");
    bad("stdin without '~'", BASE "stdin text(poisson(1), constant(1))\n",
        "t.fspec:4:7: error: expected '~', found 'text'\n"
        "    4 | stdin text(poisson(1), constant(1))\n"
        "      |       ^");
    bad("stdin twice", BASE "stdin ~ text(poisson(1), constant(1))\nstdin ~ files(\"in/*.txt\")\n",
        "t.fspec:5:1: error: stdin is already declared on line 4\n"
        "    5 | stdin ~ files(\"in/*.txt\")\n"
        "      | ^");
    bad("stdin after a variable's reads", BASE "x ~ poisson(1)\nstdin ~ text(poisson(1), constant(1))\n",
        "t.fspec:5:1: error: the standard input is drawn whole here, but line 4 draws reads one value at a "
        "time ('x ~ ...'); a spec uses one or the other\n"
        "    5 | stdin ~ text(poisson(1), constant(1))\n"
        "      | ^");
    bad("read * after stdin", BASE "stdin ~ text(poisson(1), constant(1))\n  read * ~ poisson(1)\n",
        "t.fspec:5:3: error: 'read * ~ ...' draws reads one value at a time, but line 4 draws the whole "
        "standard input ('stdin ~ ...'); a spec uses one or the other\n"
        "    5 |   read * ~ poisson(1)\n"
        "      |   ^");
    bad("read N after stdin", BASE "stdin ~ text(poisson(1), constant(1))\nread 2 ~ poisson(1)\n",
        "t.fspec:5:1: error: 'read 2 ~ ...' draws reads one value at a time, but line 4 draws the whole "
        "standard input ('stdin ~ ...'); a spec uses one or the other\n"
        "    5 | read 2 ~ poisson(1)\n"
        "      | ^");
}

static void errors(void) {
    bad("unknown distribution", BASE "ask ~ unifrom(100, 800)\n",
        "t.fspec:4:7: error: unknown distribution 'unifrom'; did you mean 'uniform'?\n"
        "    4 | ask ~ unifrom(100, 800)\n"
        "      |       ^");
    bad("parameter error at its argument", BASE "ask ~ uniform(800, 100)\n",
        "t.fspec:4:15: error: uniform(a, b) needs a < b, got a = 800 and b = 100\n"
        "    4 | ask ~ uniform(800, 100)\n"
        "      |               ^");
    bad("wrong argument count", BASE "x ~ normal(1)\n",
        "t.fspec:4:5: error: normal takes 2 arguments (mu, sigma), got 1\n"
        "    4 | x ~ normal(1)\n"
        "      |     ^");
    bad("missing ~", BASE "ask uniform(100, 800)\n",
        "t.fspec:4:5: error: expected '~' between 'ask' and its distribution\n"
        "    4 | ask uniform(100, 800)\n"
        "      |     ^");
    bad("unterminated string", BASE "e ~ empirical(\"samples.txt)\n",
        "t.fspec:4:15: error: unterminated string (a string ends with '\"' on the same line)\n"
        "    4 | e ~ empirical(\"samples.txt)\n"
        "      |               ^");
    bad("bad number", BASE "x ~ normal(1.2.3, 1)\n",
        "t.fspec:4:12: error: invalid number '1.2.3'\n"
        "    4 | x ~ normal(1.2.3, 1)\n"
        "      |            ^");
    bad("confidence 1.5", "program \"newton.c\"\nepsilon 0.3\nconfidence 1.5\n",
        "t.fspec:3:12: error: confidence must be between 0 and 1, exclusive, got 1.5\n"
        "    3 | confidence 1.5\n"
        "      |            ^");
    bad("confidence 150%", "program \"newton.c\"\nepsilon 0.3\nconfidence 150%\n",
        "t.fspec:3:12: error: confidence must be between 0% and 100%, exclusive, got 150%\n"
        "    3 | confidence 150%\n"
        "      |            ^");
    bad("epsilon 0", "program \"newton.c\"\nepsilon 0\nconfidence 0.95\n",
        "t.fspec:2:9: error: epsilon must be > 0, got 0\n"
        "    2 | epsilon 0\n"
        "      |         ^");
    /* a missing setting has no place: the first line's start, and the line to add */
    bad("missing epsilon: at line 1, column 1", "program \"newton.c\"\nconfidence 0.95\n",
        "t.fspec:1:1: error: " EPSILON_MISSING "\n"
        "    1 | program \"newton.c\"\n"
        "      | ^");
    bad("missing program: at line 1, column 1", "epsilon 0.3\nconfidence 0.95\nask ~ normal(0, 1)  # last\n",
        "t.fspec:1:1: error: " PROGRAM_MISSING "\n"
        "    1 | epsilon 0.3\n"
        "      | ^");
    bad("empty spec: every missing setting", "",
        "t.fspec:1:1: error: " PROGRAM_MISSING "\n"
        "    1 | \n"
        "      | ^\n"
        "t.fspec:1:1: error: " EPSILON_MISSING "\n"
        "    1 | \n"
        "      | ^");
    bad("program file not found", "program \"newton.c\" \"missing.c\"\nepsilon 0.3\nconfidence 0.95\n",
        "t.fspec:1:20: error: source file 'missing.c' not found\n"
        "    1 | program \"newton.c\" \"missing.c\"\n"
        "      |                    ^");
    bad("source of the wrong kind", "program \"samples.txt\"\n",
        "t.fspec:1:9: error: source 'samples.txt' is not a .c, .h, .ll or .bc file\n"
        "    1 | program \"samples.txt\"\n"
        "      |         ^");
    bad("duplicate epsilon", BASE "epsilon 0.5\n",
        "t.fspec:4:1: error: 'epsilon' is already set on line 2\n"
        "    4 | epsilon 0.5\n"
        "      | ^");
    bad("duplicate variable", BASE "ask ~ normal(0, 1)\n# again\nask ~ poisson(3)\n",
        "t.fspec:6:1: error: variable 'ask' is already declared on line 4\n"
        "    6 | ask ~ poisson(3)\n"
        "      | ^");
    bad("duplicate read index", BASE "read 3 ~ poisson(4)\nread 3 ~ poisson(5)\n",
        "t.fspec:5:6: error: read 3 is already declared on line 4\n"
        "    5 | read 3 ~ poisson(5)\n"
        "      |      ^");
    bad("read 0", BASE "read 0 ~ poisson(4)\n",
        "t.fspec:4:6: error: a read's position counts from 1, got 0\n"
        "    4 | read 0 ~ poisson(4)\n"
        "      |      ^");
    bad("read without an index", BASE "read ~ poisson(4)\n",
        "t.fspec:4:1: error: 'read' is a keyword, not a variable name (for a variable of that name write "
        "'var read ~ ...')\n"
        "    4 | read ~ poisson(4)\n"
        "      | ^");
    bad("a keyword as a variable", BASE "seed ~ normal(0, 1)\n",
        "t.fspec:4:1: error: 'seed' is a keyword, not a variable name (for a variable of that name write "
        "'var seed ~ ...')\n"
        "    4 | seed ~ normal(0, 1)\n"
        "      | ^");
    bad("arg without function", BASE "arg len ~ uniform_int(1, 64)\n",
        "t.fspec:4:1: error: 'arg' declares a function's parameter and needs isolated-function mode: "
        "add a line 'function \"NAME\"'\n"
        "    4 | arg len ~ uniform_int(1, 64)\n"
        "      | ^");
    bad("duplicate argument", FBASE "arg len ~ uniform_int(1, 64)\narg len ~ constant(3)\n",
        "t.fspec:6:5: error: argument 'len' is already declared on line 5\n"
        "    6 | arg len ~ constant(3)\n"
        "      |     ^");
    bad("array outside arg", BASE "buf ~ array(4, normal(0, 1))\n",
        "t.fspec:4:7: error: 'array' is a shape, allowed only right after 'arg NAME ~'\n"
        "    4 | buf ~ array(4, normal(0, 1))\n"
        "      |       ^");
    spec *read_string = parse_text(BASE "s ~ string(uniform_int(1, 8), \"ab\")\n", "t.fspec");
    ok(read_string && read_string->ninputs == 1 && read_string->inputs[0].value.kind == SPEC_VALUE_DIST &&
           dist_is_text(read_string->inputs[0].value.dist) &&
           !strcmp(format(read_string->inputs[0].value.dist), "string(uniform_int(1, 8), \"ab\")"),
       "string() for a read is the string-valued distribution a %%s read takes");
    spec_free(read_string);
    bad("ref inside array", FBASE "arg a ~ array(4, ref(normal(0, 1)))\n",
        "t.fspec:5:18: error: 'ref' is a shape, allowed only right after 'arg NAME ~'\n"
        "    5 | arg a ~ array(4, ref(normal(0, 1)))\n"
        "      |                  ^");
    bad("array length naming nothing", FBASE "arg buf ~ array(n, normal(0, 1))\n",
        "t.fspec:5:17: error: array length 'n' names no declared argument (declare it with 'arg n ~ ...')\n"
        "    5 | arg buf ~ array(n, normal(0, 1))\n"
        "      |                 ^");
    bad("array length not integer", FBASE "arg len ~ uniform(1, 5)\narg buf ~ array(len, constant(1))\n",
        "t.fspec:6:17: error: array length 'len' must be an integer-valued argument, but line 5 gives it "
        "uniform(1, 5)\n"
        "    6 | arg buf ~ array(len, constant(1))\n"
        "      |                 ^");
    bad("string length not integer", FBASE "arg s ~ string(normal(4, 1), \"ab\")\n",
        "t.fspec:5:16: error: a string's length must be an integer-valued distribution such as "
        "uniform_int(1, 8)\n"
        "    5 | arg s ~ string(normal(4, 1), \"ab\")\n"
        "      |                ^");
    bad("bad mmio address", BASE "mmio 0x4001G000 ~ bernoulli(0.1)\n",
        "t.fspec:4:6: error: invalid number '0x4001G000'\n"
        "    4 | mmio 0x4001G000 ~ bernoulli(0.1)\n"
        "      |      ^");
    bad("mmio range reversed", BASE "mmio 0x4001200F..0x40012000 ~ bernoulli(0.1)\n",
        "t.fspec:4:18: error: mmio range ends at 0x40012000, below its start 0x4001200F\n"
        "    4 | mmio 0x4001200F..0x40012000 ~ bernoulli(0.1)\n"
        "      |                  ^");
    bad("mmio overlap", BASE "mmio 0x10..0x1f ~ bernoulli(0.5)\nmmio 0x18 ~ bernoulli(0.5)\n",
        "t.fspec:5:6: error: mmio addresses overlap the declaration on line 4\n"
        "    5 | mmio 0x18 ~ bernoulli(0.5)\n"
        "      |      ^");
    bad("timeout without unit", BASE "timeout 2\n",
        "t.fspec:4:9: error: timeout needs a unit, ms, s, m or h (e.g. 'timeout 2s')\n"
        "    4 | timeout 2\n"
        "      |         ^");
    bad("unknown time unit", BASE "timeout 5d\n",
        "t.fspec:4:10: error: unknown time unit 'd' (use ms, s, m or h)\n"
        "    4 | timeout 5d\n"
        "      |          ^");
    {
        spec *t = parse_text(BASE "time_limit 1.5h\ncap 40\n", "t.fspec");
        ok(t && t->time_limit_s == 5400 && t->cap == 40, "time_limit 1.5h is 5400 s; cap 40");
        spec_free(t);
    }
    bad("time_limit of 0", BASE "time_limit 0s\n",
        "t.fspec:4:12: error: time_limit must be > 0, got 0s\n"
        "    4 | time_limit 0s\n"
        "      |            ^");
    bad("unknown keyword", "program \"newton.c\"\nepsilom 0.3\nconfidence 0.95\n",
        "t.fspec:2:1: error: unknown declaration 'epsilom'; did you mean 'epsilon'?\n"
        "    2 | epsilom 0.3\n"
        "      | ^");
    bad("unknown word", BASE "zzzzzz 4\n",
        "t.fspec:4:1: error: unknown declaration 'zzzzzz' (a variable's name is followed by '~')\n"
        "    4 | zzzzzz 4\n"
        "      | ^");
    bad("not a declaration", BASE "42 ~ normal(0, 1)\n",
        "t.fspec:4:1: error: expected a declaration (a keyword such as 'epsilon', or a variable's name and "
        "'~'), found '42'\n"
        "    4 | 42 ~ normal(0, 1)\n"
        "      | ^");
    bad("garbage after the declaration", BASE "ask ~ normal(0, 1) extra\n",
        "t.fspec:4:20: error: unexpected 'extra' after the declaration\n"
        "    4 | ask ~ normal(0, 1) extra\n"
        "      |                    ^");
    bad("tabs count as one column", BASE "\tx ~ normal(0, 1)\textra\n",
        "t.fspec:4:19: error: unexpected 'extra' after the declaration\n"
        "    4 | \tx ~ normal(0, 1)\textra\n"
        "      |                   ^");
    bad("empty parentheses", BASE "n ~ poisson()\n",
        "t.fspec:4:5: error: poisson takes 1 argument (l), got 0\n"
        "    4 | n ~ poisson()\n"
        "      |     ^");
    bad("error inside truncated", BASE "x ~ truncated(normal(0, -1), -2, 2)\n",
        "t.fspec:4:25: error: normal(mu, sigma) needs sigma > 0, got sigma = -1\n"
        "    4 | x ~ truncated(normal(0, -1), -2, 2)\n"
        "      |                         ^");
    bad("argument of the wrong kind", BASE "x ~ normal(\"a\", 1)\n",
        "t.fspec:4:12: error: normal(mu, sigma): mu must be a number, got a string\n"
        "    4 | x ~ normal(\"a\", 1)\n"
        "      |            ^");
    bad("missing comma", BASE "x ~ normal(0 1)\n",
        "t.fspec:4:14: error: expected ',' or ')' after an argument, found '1'\n"
        "    4 | x ~ normal(0 1)\n"
        "      |              ^");
    bad("unclosed parenthesis", BASE "x ~ normal(0, 1\n",
        "t.fspec:4:16: error: expected ',' or ')' after an argument, found end of line\n"
        "    4 | x ~ normal(0, 1\n"
        "      |                ^");
    bad("missing weight", BASE "d ~ discrete(1: , 2: 1)\n",
        "t.fspec:4:17: error: expected a weight (a number) after ':', found ','\n"
        "    4 | d ~ discrete(1: , 2: 1)\n"
        "      |                 ^");
    bad("unknown escape", BASE "e ~ empirical(\"a\\qb\")\n",
        "t.fspec:4:17: error: unknown escape '\\q' in string (known: \\n \\r \\t \\0 \\\\ \\\" \\xHH)\n"
        "    4 | e ~ empirical(\"a\\qb\")\n"
        "      |                 ^");
    bad("extern without a type", BASE "extern gain ~ uniform_int(1, 4)\n",
        "t.fspec:4:8: error: an extern needs a C type and a name ('extern int gain ~ ...') or is a function "
        "('extern gain() ~ ...')\n"
        "    4 | extern gain ~ uniform_int(1, 4)\n"
        "      |        ^");
    bad("extern function with parameters", BASE "extern read_adc(int) ~ poisson(3)\n",
        "t.fspec:4:17: error: expected ')': an extern function is written 'NAME()', without parameters\n"
        "    4 | extern read_adc(int) ~ poisson(3)\n"
        "      |                 ^");
    bad("unquoted function name", "program \"newton.c\"\nfunction filter\n",
        "t.fspec:2:10: error: the function's name goes in quotes: function \"filter\"\n"
        "    2 | function filter\n"
        "      |          ^");
    bad("max_trials 0", BASE "max_trials 0\n",
        "t.fspec:4:12: error: max_trials must be a positive integer, got 0\n"
        "    4 | max_trials 0\n"
        "      |            ^");
    bad("max_trials beyond 64 bits", BASE "max_trials 1e20\n",
        "t.fspec:4:12: error: max_trials 1e20 does not fit in 64 bits\n"
        "    4 | max_trials 1e20\n"
        "      |            ^");
    bad("a number where a distribution goes", BASE "x ~ 5\n",
        "t.fspec:4:5: error: expected a distribution, found '5' (write constant(5) for a fixed value)\n"
        "    4 | x ~ 5\n"
        "      |     ^");
    bad("fractional seed", BASE "seed 1.5\n",
        "t.fspec:4:6: error: seed must be a non-negative integer, got 1.5\n"
        "    4 | seed 1.5\n"
        "      |      ^");
}

/* The pages of address space this process holds now (/proc/self/statm). */
static size_t address_space_now(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    if (!f || fscanf(f, "%lu", &pages) != 1) bail("cannot read /proc/self/statm");
    fclose(f);
    return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}

/* In a child whose address space may grow by 4 MB at most: the status of parsing
 * PATH (when TEXT is NULL) or TEXT, as the child's exit status (its negation). */
static int status_with_little_memory(const char *path, const char *text) {
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) bail("cannot fork");
    if (pid == 0) {
        struct rlimit lim;
        lim.rlim_cur = lim.rlim_max = address_space_now() + (4u << 20);
        if (setrlimit(RLIMIT_AS, &lim) != 0) _exit(100);
        spec *s = NULL;
        int status = text ? spec_parse_string(text, "big.fspec", &s, err, sizeof err)
                          : spec_parse_file(path, &s, err, sizeof err);
        _exit(s ? 101 : -status);
    }
    int wstatus;
    if (waitpid(pid, &wstatus, 0) != pid || !WIFEXITED(wstatus)) return 1000;
    return -WEXITSTATUS(wstatus);
}

/* The status each way of failing returns, and SPEC_OK with a spec otherwise. */
/* A relative epsilon with an absolute floor, and the forms that are refused. */
static void epsilon_floors(void) {
    spec *s = parse_text("program \"newton.c\"\nepsilon 2% + 0.001\nconfidence 0.95\n", "t.fspec");
    if (!ok(s != NULL, "epsilon 2%% + 0.001 parses")) bail("%s", err);
    ok(s->epsilon == 0.02 && s->epsilon_relative && s->epsilon_floor == 0.001,
       "...as 2%% of the mean plus 0.001");
    spec_free(s);
    s = parse_text("program \"newton.c\"\nepsilon 5%+0.01  # no spaces\nconfidence 0.95\n", "t.fspec");
    ok(s && s->epsilon == 0.05 && s->epsilon_floor == 0.01, "epsilon 5%%+0.01, without spaces, too");
    spec_free(s);
    s = parse_text("program \"newton.c\"\nepsilon 2%\nconfidence 0.95\n", "t.fspec");
    ok(s && s->epsilon_floor == 0, "no floor: 0");
    spec_free(s);
    bad("a floor with nothing after '+'", "program \"newton.c\"\nepsilon 2% +\nconfidence 0.95\n",
        "t.fspec:2:13: error: expected a number after '+', found end of line\n"
        "    2 | epsilon 2% +\n"
        "      |             ^");
    bad("a negative floor", "program \"newton.c\"\nepsilon 2% + -1\nconfidence 0.95\n",
        "t.fspec:2:14: error: the floor must be >= 0, got -1\n"
        "    2 | epsilon 2% + -1\n"
        "      |              ^");
    bad("a floor before the share", "program \"newton.c\"\nepsilon 0.001 + 2%\nconfidence 0.95\n",
        "t.fspec:2:15: error: a floor follows a relative epsilon (epsilon 2% + 0.001), not an absolute one\n"
        "    2 | epsilon 0.001 + 2%\n"
        "      |               ^");
    bad("a floor in percent", "program \"newton.c\"\nepsilon 2% + 1%\nconfidence 0.95\n",
        "t.fspec:2:14: error: the floor is an absolute number of executions, got 1%\n"
        "    2 | epsilon 2% + 1%\n"
        "      |              ^");
}

static void statuses(void) {
    spec *s = parse_text("program \"newton.c\"\nepsilon 0.1\nconfidence 0.9\n", "t.fspec");
    ok(s && last_status == SPEC_OK, "a valid spec: SPEC_OK and a spec");
    spec_free(s);
    s = parse_text("program \"newton.c\"\nepsilon 0.1 0.2\n", "t.fspec");
    ok(!s && last_status == SPEC_ESYNTAX && strstr(err, "t.fspec:2:"),
       "a syntax error: SPEC_ESYNTAX at its line");
    s = parse_text("program \"newton.c\"\nx ~ unifrom(1, 2)\n", "t.fspec");
    ok(!s && last_status == SPEC_ESYNTAX, "an unknown distribution: SPEC_ESYNTAX");
    s = parse_file("missing.fspec");
    ok(!s && last_status == SPEC_EIO && strstr(err, "missing.fspec: error: cannot open"),
       "a missing file: SPEC_EIO, naming it");
    s = parse_file("sub");
    ok(!s && last_status == SPEC_EIO, "a folder: SPEC_EIO (%s)", err);
    write_file("nul.fspec", "program \"newton.c\"\n\1\n");
    FILE *f = fopen("nul.fspec", "r+b");
    if (!f || fseek(f, 19, SEEK_SET) != 0 || fputc('\0', f) == EOF || fclose(f) != 0)
        bail("cannot write nul.fspec");
    s = parse_file("nul.fspec");
    ok(!s && last_status == SPEC_EIO && strstr(err, "NUL byte"), "a file with a NUL byte: SPEC_EIO");
    unlink("nul.fspec");

    /* 64 MB of comment lines: reading the file, and splitting the text into lines,
     * need more than the 4 MB the child may add. */
    size_t big = 64u << 20;
    char *text = malloc(big + 1);
    if (!text) bail("out of memory");
    for (size_t i = 0; i < big; i++) text[i] = i % 64 == 63 ? '\n' : '#';
    text[big] = '\0';
    f = fopen("big.fspec", "wb");
    if (!f || fwrite(text, 1, big, f) != big || fclose(f) != 0) bail("cannot write big.fspec");
    is_int(status_with_little_memory("big.fspec", NULL), SPEC_ENOMEM,
           "reading a spec without memory: SPEC_ENOMEM");
    is_int(status_with_little_memory(NULL, text), SPEC_ENOMEM, "parsing a spec without memory: SPEC_ENOMEM");
    free(text);
    unlink("big.fspec");
}

/* The named caps beside the global one, and their errors. */
static void caps(void) {
    spec *s = parse_text(BASE "cap 64\ncap newton.c:9 64\ncap parse_line 12\ncap sub/x.c:120 7 # per entry\n",
                         "t.fspec");
    if (!ok(s != NULL, "the three cap forms parse together")) {
        diag("%s", err);
        return;
    }
    is_int((long long)s->cap, 64, "...and the global cap stays the global one");
    is_int((long long)s->ncaps, 3, "...and three named caps");
    ok(s->caps[0].file && !strcmp(s->caps[0].file, "newton.c") && s->caps[0].line == 9 &&
           s->caps[0].n == 64 && !s->caps[0].function,
       "...cap newton.c:9 64: the loop at newton.c line 9, 64");
    is_string(s->caps[0].name, "newton.c:9", "...and named as written");
    ok(s->caps[1].function && !strcmp(s->caps[1].function, "parse_line") && !s->caps[1].file &&
           s->caps[1].n == 12,
       "...cap parse_line 12: the function, 12");
    ok(s->caps[2].file && !strcmp(s->caps[2].file, "sub/x.c") && s->caps[2].line == 120 && s->caps[2].n == 7,
       "...a file with a folder, and a comment after");
    ok(s->caps[1].loc.line == 6 && s->caps[1].name_loc.column == 5,
       "...at the line and column of their target");
    spec_free(s);
    bad("a line that is no number", BASE "cap newton.c:x 4\n",
        "t.fspec:4:5: error: 'cap newton.c:x': expected FILE:LINE with a positive line number (cap "
        "newton.c:9 64)\n"
        "    4 | cap newton.c:x 4\n"
        "      |     ^");
    bad("line 0", BASE "cap newton.c:0 4\n",
        "t.fspec:4:5: error: 'cap newton.c:0': expected FILE:LINE with a positive line number (cap "
        "newton.c:9 64)\n"
        "    4 | cap newton.c:0 4\n"
        "      |     ^");
    bad("a target that is no identifier", BASE "cap parse-line 4\n",
        "t.fspec:4:5: error: 'cap parse-line': expected a function's name or FILE:LINE (cap newton.c:9 64)\n"
        "    4 | cap parse-line 4\n"
        "      |     ^");
    bad("a named cap without its number", BASE "cap parse_line\n",
        "t.fspec:4:15: error: expected a number after 'cap', found end of line\n"
        "    4 | cap parse_line\n"
        "      |               ^");
    bad("a named cap of 0", BASE "cap newton.c:9 0\n",
        "t.fspec:4:16: error: cap must be a positive integer, got 0\n"
        "    4 | cap newton.c:9 0\n"
        "      |                ^");
    bad("the same target twice", BASE "cap parse_line 4\ncap parse_line 5\n",
        "t.fspec:5:5: error: 'cap parse_line' is already given on line 4\n"
        "    5 | cap parse_line 5\n"
        "      |     ^");
    bad("the global cap twice still", BASE "cap 4\ncap f 3\ncap 5\n",
        "t.fspec:6:1: error: 'cap' is already set on line 4\n"
        "    6 | cap 5\n"
        "      | ^");
}

/* Escapes, string(LEN, CHAR_D), string-valued distributions, var NAME and continued
 * declarations. */
static void drawn_strings(void) {
    spec *s = parse_text(FBASE "arg s ~ string(uniform_int(0, 4), \"a\\n\\t\\x41\\0\\\\\\\"\")\n"
                               "arg t ~ string(uniform_int(0, 4), discrete(35: 1, 97: 3))\n",
                         "t.fspec");
    if (!ok(s != NULL, "escapes in a character set, and a character distribution, parse")) bail("%s", err);
    const spec_value *v = &s->inputs[0].value;
    ok(v->charset_len == 7 && memcmp(v->charset, "a\n\tA\0\\\"", 7) == 0, "...the set's seven bytes decoded");
    v = &s->inputs[1].value;
    ok(v->kind == SPEC_VALUE_STRING && !v->charset && v->chars,
       "...string(LEN, D) keeps D for the characters");
    is_string(format(v->chars), "discrete(35: 1, 97: 3)", "...as written");
    spec_free(s);

    s = parse_text(FBASE
                   "arg s ~ mixture(format(\"$GP%s,%d*\", discrete(\"RMC\": 2, \"GGA\": 1),  # sentences\n"
                   "                         uniform_int(0, 99)): 9,\n"
                   "                  \"junk\": 1)\n"
                   "arg n ~ mixture(uniform_int(0, 3): 1, 7: 1)\n",
                   "t.fspec");
    if (!ok(s != NULL, "a declaration continues inside its parentheses")) bail("%s", err);
    ok(s->ninputs == 2 && s->inputs[1].loc.line == 8, "...and the next declaration is on line 8");
    ok(dist_is_text(s->inputs[0].value.dist), "...the first string-valued");
    is_string(format(s->inputs[0].value.dist),
              "mixture(format(\"$GP%s,%d*\", discrete(\"RMC\": 2, \"GGA\": 1), "
              "uniform_int(0, 99)): 9, \"junk\": 1)",
              "...read whole");
    ok(dist_is_integer(s->inputs[1].value.dist), "...the second an integer mixture");
    spec_free(s);

    s = parse_text(BASE
                   "var seed ~ uniform_int(1, 9)\nvar timeout ~ choice(\"A\", \"B\")\nvar ~ normal(0, 1)\n",
                   "t.fspec");
    if (!ok(s != NULL, "var declares variables named like keywords")) bail("%s", err);
    ok(s->ninputs == 3 && s->inputs[0].target == SPEC_VAR && !strcmp(s->inputs[0].name, "seed") &&
           s->inputs[0].name_loc.column == 5,
       "...'seed', its name at column 5");
    ok(!strcmp(s->inputs[1].name, "timeout") && dist_is_text(s->inputs[1].value.dist),
       "...'timeout', drawn as a string");
    ok(!strcmp(s->inputs[2].name, "var"), "...and 'var ~ D' still declares a variable named var");
    spec_free(s);

    bad("a bad line inside a continued declaration",
        FBASE "x ~ mixture(normal(0, 1): 1,   # first part\n"
              "       normal(5, -1): 3)\n",
        "t.fspec:6:18: error: normal(mu, sigma) needs sigma > 0, got sigma = -1\n"
        "    6 |        normal(5, -1): 3)\n"
        "      |                  ^");
    bad("a wrong part on the third line", FBASE "x ~ format(\"%s\",\n   choice(\"A\",\n   3))\n",
        "t.fspec:7:4: error: choice(\"s1\", \"s2\", ...): argument 2 must be a string like the first, got a "
        "number\n"
        "    7 |    3))\n"
        "      |    ^");
    bad("a string does not run into the next line", FBASE "x ~ choice(\"A\n\")\n",
        "t.fspec:5:12: error: unterminated string (a string ends with '\"' on the same line)\n"
        "    5 | x ~ choice(\"A\n"
        "      |            ^");
    bad("an unknown conversion, after an escape", FBASE "arg s ~ format(\"\\t%k\")\n",
        "t.fspec:5:20: error: format(\"...\", ...): unknown conversion: format() takes %d %i %u %x %X %o %c "
        "%s %f "
        "%e %g (and %F %E %G) and %%\n"
        "    5 | arg s ~ format(\"\\t%k\")\n"
        "      |                    ^");
    bad("%d of a real distribution", FBASE "arg s ~ format(\"%d\", normal(0, 1))\n",
        "t.fspec:5:22: error: format(\"...\", ...): %d (conversion 1) needs an integer-valued distribution "
        "(for a "
        "real-valued one use %f, %e or %g), got normal(0, 1)\n"
        "    5 | arg s ~ format(\"%d\", normal(0, 1))\n"
        "      |                      ^");
    bad("a conversion without its argument", FBASE "arg s ~ format(\"%d%s\", uniform_int(0, 9))\n",
        "t.fspec:5:19: error: format(\"...\", ...): conversion 2 (%s) has no argument; the format has more "
        "conversions than the 1 argument after it\n"
        "    5 | arg s ~ format(\"%d%s\", uniform_int(0, 9))\n"
        "      |                   ^");
    bad("a string-valued global", FBASE "global g ~ choice(\"A\", \"B\")\n",
        "t.fspec:5:12: error: a string-valued distribution is for string inputs: 'arg NAME' of a char "
        "pointer, or "
        "a variable or read that the program reads with %s or fgets\n"
        "    5 | global g ~ choice(\"A\", \"B\")\n"
        "      |            ^");
    bad("strings and numbers in one mixture", FBASE "arg s ~ mixture(\"A\": 1, 2: 1)\n",
        "t.fspec:5:25: error: mixture(D1: w1, D2: w2, ...): the parts must all be numbers or all strings, "
        "but part "
        "2 is a number and part 1 a string\n"
        "    5 | arg s ~ mixture(\"A\": 1, 2: 1)\n"
        "      |                         ^");
    bad("characters beyond a byte", FBASE "arg s ~ string(uniform_int(0, 4), uniform_int(0, 300))\n",
        "t.fspec:5:35: error: each character's distribution must give integers from 0 to 255 (character "
        "codes), "
        "e.g. discrete(35: 1, 97: 3)\n"
        "    5 | arg s ~ string(uniform_int(0, 4), uniform_int(0, 300))\n"
        "      |                                   ^");
    bad("an array of strings", FBASE "arg a ~ array(3, choice(\"A\"))\n",
        "t.fspec:5:18: error: an array's elements are numbers: a string-valued distribution does not apply\n"
        "    5 | arg a ~ array(3, choice(\"A\"))\n"
        "      |                  ^");
    bad("a NUL in a file name", BASE "e ~ empirical(\"a\\0b\")\n",
        "t.fspec:4:17: error: empirical(file): a file name cannot hold a NUL byte ('\\0')\n"
        "    4 | e ~ empirical(\"a\\0b\")\n"
        "      |                 ^");
    bad("a NUL in a source's name", "program \"a\\0.c\"\n",
        "t.fspec:1:11: error: '\\0' cannot be part of this string: a name, a path or a flag ends at a NUL "
        "byte\n"
        "    1 | program \"a\\0.c\"\n"
        "      |           ^");
    bad("a short hex escape", FBASE "arg s ~ choice(\"\\x4g\")\n",
        "t.fspec:5:17: error: '\\x' needs two hex digits, as in \\x2a\n"
        "    5 | arg s ~ choice(\"\\x4g\")\n"
        "      |                 ^");
    bad("var without '~'", BASE "var x normal(0, 1)\n",
        "t.fspec:4:7: error: expected '~' after 'var x', found 'normal'\n"
        "    4 | var x normal(0, 1)\n"
        "      |       ^");
}

/* Settings the caller supplies (run -e, -g) stand in for missing lines, and only for them. */
static void given_settings(void) {
    spec *s = NULL;
    int rc = spec_parse_string_given("program \"newton.c\"\nepsilon 0.3\n", "t.fspec", SPEC_GIVEN_CONFIDENCE,
                                     &s, err, sizeof err);
    ok(rc == SPEC_OK && s && s->confidence == 0 && s->epsilon == 0.3,
       "a confidence given by the caller completes the "
       "spec, its field left 0");
    spec_free(s);
    rc = spec_parse_string_given("program \"newton.c\"\n", "t.fspec", SPEC_GIVEN_CONFIDENCE, &s, err,
                                 sizeof err);
    is_string(rc == SPEC_ESYNTAX ? err : "(no syntax error)",
              "t.fspec:1:1: error: " EPSILON_MISSING "\n"
              "    1 | program \"newton.c\"\n"
              "      | ^",
              "...but not the epsilon it lacks too");
    rc = spec_parse_string_given("program \"newton.c\"\n", "t.fspec",
                                 SPEC_GIVEN_CONFIDENCE | SPEC_GIVEN_EPSILON, &s, err, sizeof err);
    ok(rc == SPEC_OK && s, "with both given, a spec of its program alone is complete");
    spec_free(s);
    rc =
        spec_parse_string_given("program \"newton.c\"\n", "t.fspec", SPEC_GIVEN_EPSILON, &s, err, sizeof err);
    ok(rc == SPEC_OK && s && s->confidence == SPEC_DEFAULT_CONFIDENCE && SPEC_DEFAULT_CONFIDENCE == 0.95,
       "with no confidence line and none given, the confidence is the documented default 0.95");
    spec_free(s);
    rc = spec_parse_string_given("program \"newton.c\"\nconfidence 0.9\n", "t.fspec", SPEC_GIVEN_EPSILON, &s,
                                 err, sizeof err);
    ok(rc == SPEC_OK && s && s->confidence == 0.9, "...and a confidence line overrides the default");
    spec_free(s);
}

/* string(LEN, "set") wherever a string-valued distribution goes. */
static void strings_anywhere(void) {
    spec *s = parse_text(FBASE "arg w ~ mixture(format(\"<%s>\", string(uniform_int(0, 3), \"ab\")): 3, "
                               "string(constant(2), discrete(35: 1, 97: 3)): 1)\n",
                         "t.fspec");
    if (!ok(s != NULL && s->ninputs == 1, "string() inside format() and mixture() parses")) bail("%s", err);
    const dist *d = s->inputs[0].value.dist;
    ok(s->inputs[0].value.kind == SPEC_VALUE_DIST && dist_is_text(d) && dist_text_most(d) == 5,
       "...as one string-valued distribution, at most 5 bytes (got %g)", dist_text_most(d));
    is_string(format(d),
              "mixture(format(\"<%s>\", string(uniform_int(0, 3), \"ab\")): 3, string(constant(2), "
              "discrete(35: 1, 97: 3)): 1)",
              "...written back as read");
    spec_free(s);
    bad("string() with a real length", FBASE "arg w ~ format(\"%s\", string(uniform(0, 3), \"ab\"))\n",
        "t.fspec:5:29: error: a string's length must be an integer-valued distribution such as "
        "uniform_int(1, 8)\n"
        "    5 | arg w ~ format(\"%s\", string(uniform(0, 3), \"ab\"))\n"
        "      |                             ^");
}

/* ref(length(s)): a length passed by pointer, checked as length(s) is. */
static void length_by_pointer(void) {
    spec *s =
        parse_text(FBASE "arg s ~ string(uniform_int(0, 8), \"ab\")\narg n ~ ref(length(s))\n", "t.fspec");
    if (!ok(s != NULL && s->ninputs == 2, "ref(length(s)) parses")) bail("%s", err);
    const spec_value *v = &s->inputs[1].value;
    ok(v->kind == SPEC_VALUE_REF && v->dist == NULL, "...as a ref with no distribution of its own");
    is_string(v->len_name, "s", "...measuring s");
    is_int(v->len_loc.column, 20, "...whose name's column is kept");
    spec_free(s);
    bad("ref(length()) of a single value", FBASE "arg k ~ uniform_int(0, 3)\narg n ~ ref(length(k))\n",
        "t.fspec:6:20: error: length(k): 'k' is declared on line 5 as a single value, which has no length; "
        "length() measures a string, an array, a buffer, a file or a generator's output\n"
        "    6 | arg n ~ ref(length(k))\n"
        "      |                    ^");
    bad("ref(length()) of itself", FBASE "arg n ~ ref(length(n))\n",
        "t.fspec:5:20: error: length(n) names the argument itself\n"
        "    5 | arg n ~ ref(length(n))\n"
        "      |                    ^");
    bad("ref(length()) of nothing", FBASE "arg n ~ ref(length(q))\n",
        "t.fspec:5:20: error: length(q) names no declared argument (declare it with 'arg q ~ ...')\n"
        "    5 | arg n ~ ref(length(q))\n"
        "      |                    ^");
}

int main(void) {
    plan(51 + 24 + 11 + 52 + 14 + 34 + 2 + 8 + 15 + 8 + 13 + 14 + 5 + 7 + 4);
    tmp = tmp_dir();
    if (chdir(tmp) != 0) bail("cannot enter %s", tmp);
    if (mkdir("sub", 0700) != 0) bail("cannot make %s/sub", tmp);
    write_file("newton.c", "int main(void) { return 0; }\n");
    write_file("util.c", "int util;\n");
    write_file("model.ll", "; empty\n");
    write_file("samples.txt", "1\n2\n3\n");
    write_file("sub/newton.c", "int main(void) { return 0; }\n");
    write_file("sub/s.fspec", "program \"newton.c\"\nepsilon 0.1\nconfidence 0.99\nw ~ constant(1)\n");
    if (mkdir("in", 0700) != 0 || mkdir("sub/in", 0700) != 0) bail("cannot make %s/in", tmp);
    write_file("in/a.txt", "one\n");
    write_file("in/b.txt", "");
    write_file("sub/in/c.txt", "c\n");
    write_file("sub/stdin.fspec",
               "program \"newton.c\"\nepsilon 0.1\nconfidence 0.99\nstdin ~ files(\"in/*.txt\")\n");

    program_mode();
    function_mode();
    length_by_pointer();
    strings_anywhere();
    defaults_and_files();
    flags_and_arguments();
    errors();
    stdin_forms();
    epsilon_floors();
    statuses();
    caps();
    drawn_strings();
    given_settings();

    const char *files[] = {"newton.c",    "util.c",   "model.ll", "samples.txt",  "sub/newton.c",
                           "sub/s.fspec", "in/a.txt", "in/b.txt", "sub/in/c.txt", "sub/stdin.fspec"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) unlink(files[i]);
    rmdir("in");
    rmdir("sub/in");
    rmdir("sub");
    if (chdir("/") != 0 || rmdir(tmp) != 0) diag("could not remove %s", tmp);
    return done();
}
