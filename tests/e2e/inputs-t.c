/* tests/e2e/inputs-t.c: inputs shaped like real data: format, mixture, choice and weighted characters,
 * against closed forms. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include "tap.h"
#include "e2e.h"

/* Two-sided normal quantile for 1 - 1e-6: a count check of a correct draw fails with
 * probability below 1e-6. */
#define Z6 4.891638

typedef struct truth {
    const char *label;
    double value;
} truth;

/* Each block of T against its closed form, within the half-width the run reports at
 * its confidence; a block never reached must have a truth below its bound. */
static void check(const result *r, const char *function, const truth *t, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const result_block *b = e2e_block(r, function, t[i].label);
        if (b && !strcmp(b->status, "rare")) {
            ok(b->hits == 0 && t[i].value <= b->p_upper, "%s/%s never ran, as P = %.3g allows", function,
               t[i].label, t[i].value);
            continue;
        }
        ok(b && fabs(b->mean - t[i].value) <= b->half_width, "%s/%s: %.5f within %.5f of %.5f", function,
           t[i].label, b ? b->mean : NAN, b ? b->half_width : NAN, t[i].value);
    }
}

/* `freqsys check SPEC`'s output, both streams, into OUT; its exit status. */
static int check_output(const char *spec, char *out, size_t size) {
    char args[2048];
    snprintf(args, sizeof args, "check %s 2>&1", spec);
    return e2e_stdout(args, out, size);
}

static result *run(const char *spec, const char *args, const char *out) {
    char err[8192];
    int code = e2e_runf(err, sizeof err, "run %s -q %s -o '%s'", spec, args, tmp_path(out));
    if (!is_int(code, 0, "%s converges", spec)) diag("%s", err);
    result *r = e2e_result(tmp_path(out), err, sizeof err);
    if (!r) bail("%s", err);
    return r;
}

/* The bytes of input file T of DIR, as a string to free, its length in *LEN. */
static char *input(const char *dir, int t, size_t *len) {
    char path[2048];
    snprintf(path, sizeof path, "%s/input-%06d.txt", dir, t);
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = malloc(1 << 16);
    *len = buf ? fread(buf, 1, (1 << 16) - 1, f) : 0;
    if (buf) buf[*len] = '\0';
    fclose(f);
    return buf;
}

/* COUNT against N draws of probability P: within Z6 standard deviations. */
static int near(double count, double n, double p) {
    return fabs(count - n * p) <= Z6 * sqrt(n * p * (1 - p));
}

static void drawn_characters(void) {
    char err[4096], dir[1100];
    snprintf(dir, sizeof dir, "%s", tmp_path("weighted"));
    const int trials = 8;
    int code =
        e2e_runf(err, sizeof err, "draw tests/e2e/programs/stdin_weighted.fspec -n %d -o '%s'", trials, dir);
    if (!is_int(code, 0, "draw writes the weighted characters")) diag("%s", err);
    long hash = 0, a = 0, other = 0;
    for (int t = 0; t < trials; t++) {
        size_t len = 0;
        char *x = input(dir, t, &len);
        for (size_t k = 0; x && k + 1 < len; k += 2) { /* "c\n" per line */
            hash += x[k] == '#';
            a += x[k] == 'a';
            other += (x[k] != '#' && x[k] != 'a') || x[k + 1] != '\n';
        }
        other += !x || len != 1000;
        free(x);
    }
    ok(other == 0 && hash + a == 500L * trials, "every line is '#' or 'a' and a newline (%ld of %d)",
       hash + a, 500 * trials);
    ok(near((double)hash, 500.0 * trials, 0.25), "'#' (weight 1 of 4) drawn %ld times of %d", hash,
       500 * trials);
}

static void drawn_sentences(void) {
    char err[4096], a[1100], b[1100];
    snprintf(a, sizeof a, "%s", tmp_path("sentences-a"));
    snprintf(b, sizeof b, "%s", tmp_path("sentences-b"));
    const int trials = 4;
    int code =
        e2e_runf(err, sizeof err, "draw tests/e2e/programs/stdin_sentences.fspec -n %d -o '%s'", trials, a);
    if (!is_int(code, 0, "draw writes lines made by format()")) diag("%s", err);
    e2e_runf(err, sizeof err, "draw tests/e2e/programs/stdin_sentences.fspec -n %d -o '%s'", trials, b);
    long rmc = 0, lines = 0, bad = 0, same = 0;
    for (int t = 0; t < trials; t++) {
        size_t la = 0, lb = 0;
        char *x = input(a, t, &la), *y = input(b, t, &lb);
        same += x && y && la == lb && !memcmp(x, y, la);
        for (char *p = x; p && *p; lines++) {
            char *nl = strchr(p, '\n');
            unsigned v;
            char type[4], tail;
            int shaped = nl && nl - p == 9 && sscanf(p, "$GP%3[A-Z],%2x%c", type, &v, &tail) == 3 &&
                         tail == '\n' && (!strcmp(type, "RMC") || !strcmp(type, "GGA"));
            bad += !shaped;
            rmc += shaped && !strcmp(type, "RMC");
            p = nl ? nl + 1 : p + strlen(p);
        }
        free(x), free(y);
    }
    ok(bad == 0 && lines == 300L * trials,
       "every line is $GP, RMC or GGA, a comma and two hex digits (%ld lines)", lines);
    ok(near((double)rmc, (double)lines, 2.0 / 3), "RMC (weight 2 of 3) on %ld of %ld lines", rmc, lines);
    is_int(same, trials, "the same seed draws the same sentences");
}

int main(void) {
    /* format: RMC 1/2, GGA 1/4, VTG 1/4; the field a number 0..99 (one digit 1/10 of
     * the time, else two), or empty for 1 sentence in 10 */
    static const truth format[] = {
        {"if.then", 0},
        {"if.then25", 0.5},
        {"if.then40", 0.25},
        {"if.else41", 0.25},
        {"for.body", 0.75 * 0.9 * 1.9},
        {"if.then59", 0.75 * 0.1},
        {"if.end60", 0.75 * 0.9},
    };
    /* string(uniform_int(1, 12), 18 characters): '$' first with probability 1/18; then
     * 'G' second needs a length >= 2 (11 of 12) and that character, 1/18 again */
    static const truth chars[] = {
        {"if.then", 17.0 / 18},
        {"if.end", 1.0 / 18},
        {"lor.lhs.false", 11.0 / 12 / 324},
        {"if.then25", 7.0 / 12 / (18.0 * 18 * 18 * 18 * 18 * 18)}, /* "$GPRMC": a length >= 6 */
    };
    /* string_reads.fspec: seed > 5 1/2, 'R' first 2/3, "$GPR" 1/3, level > 100 1/2 */
    static const truth words[] = {
        {"if.then", 0.5},
        {"if.then7", 2.0 / 3},
        {"if.then18", 1.0 / 3},
        {"if.then24", 0.5},
    };
    size_t nf = sizeof format / sizeof format[0], nc = sizeof chars / sizeof chars[0];
    size_t nw = sizeof words / sizeof words[0];
    plan((int)(1 + nf + 2 + 1 + nc + 1 + nw + 2 + 2 + 1 + 3 + 4));
    char err[8192];

    result *r = run("examples/nmea/nmea_format.fspec", "-j 2 -g 0.999 -e 0.01", "format-2.json");
    check(r, "parse_sentence", format, nf);
    ok(r->ninputs == 1 && strstr(r->inputs[0], "arg s ~ mixture(format(\"$GP%s,%d*\"") &&
           strstr(r->inputs[0], "(a string)"),
       "the result lists the input as parsed");
    result_free(r);
    e2e_runf(err, sizeof err, "run examples/nmea/nmea_format.fspec -q -j 1 -g 0.999 -e 0.01 -o '%s'",
             tmp_path("format-1.json"));
    char *one = e2e_json_without_timing(tmp_path("format-1.json"));
    char *two = e2e_json_without_timing(tmp_path("format-2.json"));
    ok(one && two && !strcmp(one, two), "-j 1 and -j 2 give identical JSON for drawn sentences");
    free(one);
    free(two);

    r = run("examples/nmea/nmea_string.fspec", "-g 0.999 -e 0.01", "chars.json");
    check(r, "parse_sentence", chars, nc);
    result_free(r);

    r = run("tests/e2e/programs/string_reads.fspec", "", "string_reads.json");
    check(r, "main", words, nw);
    result_free(r);

    /* a mixture's finite support is enumerated: 50 values of 1/100 and 99 with 1/2 */
    r = run("tests/e2e/programs/enumerate_mixture.fspec", "", "mixture.json");
    const result_block *body = e2e_block(r, "main", "for.body");
    ok(body && !strcmp(body->status, "exact") && fabs(body->mean - 61.75) < 1e-9,
       "an enumerated mixture gives E[x] = 61.75 exactly (%.17g)", body ? body->mean : NAN);
    result_free(r);

    int code = check_output("examples/nmea/nmea_format.fspec", err, sizeof err);
    ok(code == 0 &&
           strstr(err,
                  "input line 10: arg s ~ mixture(format(\"$GP%s,%d*\", discrete(\"RMC\": 2, "
                  "\"GGA\": 1, \"VTG\": 1), uniform_int(0, 99)): 9, format(\"$GP%s,*\", discrete(\"RMC\": 2, "
                  "\"GGA\": 1, \"VTG\": 1)): 1)  (a string)"),
       "check shows what the input draws");
    if (code) diag("%s", err);
    code = check_output("tests/e2e/programs/string_reads.fspec", err, sizeof err);
    ok(code == 0 && strstr(err, "input line 7: seed ~ mixture(uniform_int(1, 4): 1, 10: 1)  (an integer)") &&
           strstr(err, "input line 11: level ~ mixture(uniform_int(-5, 5): 1, uniform_int(1000, 2000): 1)  "
                       "(an integer)"),
       "...a variable named like a keyword, and integer mixtures");

    /* a string where the program reads a number: an error at the spec's line, when built */
    code =
        e2e_check_spec("program \"" FREQSYS_SOURCE_DIR "/tests/e2e/programs/string_reads.c\"\nepsilon 0.1\n"
                       "confidence 0.9\nvar seed ~ choice(\"A\", \"B\")\nread * ~ uniform_int(0, 9)\n",
                       err, sizeof err);
    ok(code == 2 &&
           strstr(
               err,
               "bad.fspec:4:12: error: choice(\"A\", \"B\") is string-valued, but string_reads.c:8 reads a "
               "number ('seed') from it; a string is read with %s or fgets"),
       "a %%d read of a string-valued variable is an error at its declaration");
    if (code != 2) diag("%s", err);

    drawn_characters();
    drawn_sentences();
    return done();
}
