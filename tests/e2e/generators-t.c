/* tests/e2e/generators-t.c: C generators, length(), zeroed, buffer(), corpora and text as arguments, against
 * exact truths. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include "tap.h"
#include "e2e.h"

typedef struct truth {
    const char *label;
    double value;
} truth;

#define PROGRAMS FREQSYS_SOURCE_DIR "/tests/e2e/programs/"

/* Each block of T against its exact value, within the half-width the run reports at
 * its confidence; a block never reached must have a truth below its bound. */
static void check(const result *r, const char *function, const truth *t, size_t n, const char *what) {
    for (size_t i = 0; i < n; i++) {
        const result_block *b = e2e_block(r, function, t[i].label);
        if (b && !strcmp(b->status, "rare")) {
            ok(b->hits == 0 && t[i].value <= b->p_upper, "%s: %s never ran, as P = %.3g allows", what,
               t[i].label, t[i].value);
            continue;
        }
        ok(b && fabs(b->mean - t[i].value) <= b->half_width, "%s: %s %.5f within %.5f of %.5f", what,
           t[i].label, b ? b->mean : NAN, b ? b->half_width : NAN, t[i].value);
    }
}

static result *run(const char *spec, const char *args, const char *out) {
    char err[8192];
    int code = e2e_runf(err, sizeof err, "run %s -q %s -o '%s'", spec, args, tmp_path(out));
    if (code != 0 && code != 1) diag("%s", err);
    result *r = e2e_result(tmp_path(out), err, sizeof err);
    if (!r) bail("%s: %s", spec, err);
    return r;
}

/* `freqsys check` of a spec made of the program line PROGRAM and BODY: its exit status, its output in ERR. */
static int check_spec(const char *program, const char *body, char *err, size_t errlen) {
    char text[4096];
    snprintf(text, sizeof text, "program \"%s%s\"\nepsilon 0.1\nconfidence 0.9\n%s", PROGRAMS, program, body);
    return e2e_check_spec(text, err, errlen);
}

/* The bytes of file PATH into BUF (SIZE bytes at most); the count, or -1. */
static long slurp(const char *path, char *buf, size_t size) {
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    long n = (long)fread(buf, 1, size, f);
    fclose(f);
    return n;
}

int main(void) {
    /* gen_sentence.c: noise 1/10 (draw garbage ~ bernoulli(0.1)); else RMC 1/2, GGA
     * 1/4, VTG 1/4; the field empty 1/10, else 0..999 uniformly, whose digits average
     * (10 * 1 + 90 * 2 + 900 * 3) / 1000 = 2.89 */
    static const truth nmea[] = {
        {"if.then", 0.1},
        {"if.then25", 0.9 * 0.5},
        {"if.then40", 0.9 * 0.25},
        {"if.else41", 0.9 * 0.25},
        {"for.body", 0.9 * 0.75 * 0.9 * 2.89},
        {"if.then59", 0.9 * 0.75 * 0.1},
        {"if.end60", 0.9 * 0.75 * 0.9},
    };
    /* frames/: a.bin 5 bytes (4 'x'), b.bin 12 (5 'x', NULs inside), c.bin 3 (1 'x') */
    static const truth uniform[] = {
        {"for.body", (5 + 12 + 3) / 3.0},
        {"if.then16", (4 + 5 + 1) / 3.0},
        {"if.then21", 1 / 3.0},
        {"if.then", 0},
    };
    static const truth weighted[] = {
        {"for.body", 0.75 * 5 + 0.25 * 12},
        {"if.then16", 0.75 * 4 + 0.25 * 5},
        {"if.then21", 0.75},
        {"if.then", 0},
    };
    /* text(uniform_int(0, 9), 'a' 1/4 or 'b'): n = the drawn length, 4.5 on average */
    static const truth text[] = {{"for.body", 4.5}, {"if.then", 4.5 * 0.25}};
    /* make_frame: 0..16 bytes, 'a' or NUL each with odds 1/2 */
    static const truth bytes[] = {{"for.body", 8}, {"if.then", 4}};
    /* write_lines: 1..5 lines of "ab\n" */
    static const truth lines[] = {{"if.then", 3}, {"while.body", 9}};
    plan(7 + 1 + 1 + 4 + 4 + 2 + 2 + 2 + 1 + 2 + 7 + 1 + 2);
    char err[8192];

    result *r = run("examples/nmea/nmea_generator.fspec", "-j 2 -g 0.999 -e 0.01", "nmea-2.json");
    check(r, "parse_sentence", nmea, sizeof nmea / sizeof nmea[0], "generated sentences");
    result_free(r);
    e2e_runf(err, sizeof err, "run examples/nmea/nmea_generator.fspec -q -j 1 -g 0.999 -e 0.01 -o '%s'",
             tmp_path("nmea-1.json"));
    char *one = e2e_json_without_timing(tmp_path("nmea-1.json"));
    char *two = e2e_json_without_timing(tmp_path("nmea-2.json"));
    ok(one && two && !strcmp(one, two), "-j 1 and -j 2 give identical JSON for generated sentences");
    free(one);
    free(two);
    char again[8192];
    e2e_runf(err, sizeof err, "run examples/nmea/nmea_generator.fspec --replay 5");
    e2e_runf(again, sizeof again, "run examples/nmea/nmea_generator.fspec --replay 5");
    ok(!strcmp(err, again) && strstr(err, "its draws: garbage=") && strstr(err, " s="),
       "--replay gives a trial its generated sentence again, the named draw and the length listed");

    r = run("tests/e2e/programs/arg_forms_file.fspec", "", "file.json");
    check(r, "walk", uniform, 4, "file() uniformly");
    result_free(r);
    r = run("tests/e2e/programs/arg_forms_weighted.fspec", "", "weighted.json");
    check(r, "walk", weighted, 4, "file() by weight");
    result_free(r);
    r = run("tests/e2e/programs/arg_forms_text.fspec", "", "text.json");
    check(r, "measure", text, 2, "text() and length()");
    result_free(r);
    r = run("tests/e2e/programs/arg_forms_bytes.fspec", "", "bytes.json");
    check(r, "measure", bytes, 2, "a byte generator and length()");
    result_free(r);
    r = run("tests/e2e/programs/gen_stdin.fspec", "", "stdin.json");
    check(r, "main", lines, 2, "stdin ~ generator()");
    const result_block *body = e2e_block(r, "main", "while.body");
    ok(body && !strcmp(body->basis, "cap"),
       "a generated standard input gives a getchar loop no bound of its own "
       "(basis %s)",
       body ? body->basis : "?");
    result_free(r);

    /* freqsys draw writes what the trials read: the same files twice, 1..5 lines each */
    int same = 1, shaped = 1;
    for (int pass = 0; pass < 2; pass++) {
        char dir[64];
        snprintf(dir, sizeof dir, "draw%d", pass);
        int code =
            e2e_runf(err, sizeof err, "draw tests/e2e/programs/gen_stdin.fspec -n 4 -o '%s'", tmp_path(dir));
        if (code != 0) {
            diag("%s", err);
            shaped = 0;
        }
    }
    for (int t = 0; t < 4; t++) {
        char p0[256], p1[256], a[512], b[512];
        snprintf(p0, sizeof p0, "draw0/input-%06d.txt", t);
        snprintf(p1, sizeof p1, "draw1/input-%06d.txt", t);
        long na = slurp(tmp_path(p0), a, sizeof a), nb = slurp(tmp_path(p1), b, sizeof b);
        same &= na >= 0 && na == nb && !memcmp(a, b, (size_t)na);
        shaped &= na >= 3 && na <= 15 && na % 3 == 0 && !memcmp(a, "ab\n", 3);
    }
    ok(same, "freqsys draw writes a generated standard input the same way twice");
    ok(shaped, "...each 1 to 5 lines of \"ab\"");

    /* misuses, each an error at its line and column */
    int code = check_spec("arg_forms.c",
                          "function \"measure\"\ngenerators \"" PROGRAMS "arg_forms_gen.c\"\n"
                          "arg s ~ generator(no_such)\narg n ~ length(s)\n",
                          err, sizeof err);
    ok(code == 2 && strstr(err, "bad.fspec:6:19: error: no generator source defines a function 'no_such'"),
       "a generator that does not exist");
    if (code != 2) diag("%s", err);
    code = check_spec("arg_forms.c",
                      "function \"measure\"\ngenerators \"" PROGRAMS "arg_forms_gen.c\"\n"
                      "arg s ~ generator(not_a_string)\narg n ~ length(s)\n",
                      err, sizeof err);
    ok(code == 2 &&
           strstr(err, "bad.fspec:6:19: error: generator 'not_a_string' is 'int not_a_string(void)', but "
                       "this use needs 'const char *NAME(void)'"),
       "a generator of the wrong type");
    code = check_spec("arg_forms.c",
                      "function \"measure\"\ngenerators \"" PROGRAMS "arg_forms_gen.c\"\n"
                      "arg s ~ generator(make_frame)\narg n ~ length(s)\n",
                      err, sizeof err);
    ok(code == 2 && strstr(err, "bad.fspec:6:19: error: generator 'make_frame'") &&
           strstr(err, "needs its capacity, generator(NAME, 256)"),
       "a byte generator without its capacity");
    code = check_spec("arg_forms.c",
                      "function \"measure\"\narg s ~ generator(make_frame, 8)\narg n ~ length(s)\n", err,
                      sizeof err);
    ok(code == 2 &&
           strstr(err, "bad.fspec:5:19: error: generator(make_frame) needs the C source that defines it"),
       "a generator without a 'generators' line");
    code = check_spec("arg_forms.c", "function \"measure\"\narg s ~ uniform_int(0, 3)\narg n ~ length(s)\n",
                      err, sizeof err);
    ok(code == 2 &&
           strstr(err, "bad.fspec:6:16: error: length(s): 's' is declared on line 5 as a single value"),
       "length() of a scalar");
    code = check_spec("arg_forms.c",
                      "function \"measure\"\narg s ~ string(uniform_int(0, 3), \"ab\")\n"
                      "arg n ~ zeroed\n",
                      err, sizeof err);
    ok(code == 2 &&
           strstr(err, "bad.fspec:6:9: error: 'n' is int: zeroed needs a pointer to a type of known size"),
       "zeroed for a non-pointer");
    code = check_spec("arg_forms.c",
                      "function \"measure\"\narg s ~ files(\"" PROGRAMS "frames/*.bin\")\n"
                      "arg n ~ length(s)\n",
                      err, sizeof err);
    ok(code == 2 &&
           strstr(err, "bad.fspec:5:9: error: an argument takes one file per trial: file(\"pattern\")"),
       "files() for an argument");

    char out[8192];
    snprintf(out, sizeof out, "cd '%s' && '%s' check tests/e2e/programs/host_address.fspec 2>&1",
             FREQSYS_SOURCE_DIR, FREQSYS_TOOL);
    FILE *p = popen(out, "r");
    size_t n = p ? fread(out, 1, sizeof out - 1, p) : 0;
    out[n] = '\0';
    if (p) pclose(p);
    ok(strstr(out, "host_address.c:6: the address of getenv is taken") &&
           strstr(out, "host_address.c:10: the address of scanf is taken"),
       "getenv and scanf taken by address are warned about, at their lines");

    snprintf(out, sizeof out, "cd '%s' && '%s' check examples/nmea/nmea_generator.fspec 2>&1",
             FREQSYS_SOURCE_DIR, FREQSYS_TOOL);
    p = popen(out, "r");
    n = p ? fread(out, 1, sizeof out - 1, p) : 0;
    out[n] = '\0';
    if (p) pclose(p);
    ok(strstr(out, "input line 10: draw garbage ~ bernoulli(0.1)  (an integer)") &&
           strstr(out, "input line 11: arg s ~ generator(make_sentence)  (a copy of the string const char "
                       "*NAME(void) "
                       "returns)"),
       "check shows the generator and the named draw");
    snprintf(out, sizeof out, "cd '%s' && '%s' check tests/e2e/programs/arg_forms_weighted.fspec 2>&1",
             FREQSYS_SOURCE_DIR, FREQSYS_TOOL);
    p = popen(out, "r");
    n = p ? fread(out, 1, sizeof out - 1, p) : 0;
    out[n] = '\0';
    if (p) pclose(p);
    ok(strstr(out,
              "arg data ~ file(\"frames/a.bin\": 3, \"frames/b.bin\": 1, \"frames/c.bin\": 0)  (one file's "
              "bytes, chosen by weight)") &&
           strstr(out, "arg out ~ zeroed") && strstr(out, "arg scratch ~ buffer(256)"),
       "...and the corpus, zeroed and buffer forms");
    return done();
}
