/* tests/e2e/stdin-t.c: a drawn standard input read through the C library, against closed-form truths. */
/* SPDX-License-Identifier: MIT */
#include <glob.h>
#include <math.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* A block's half-width is a 95% interval; checks widen it to 99.9% (3.2905 / 1.96),
 * so a right answer passes and the wrong ones named below, far outside, do not. */
#define WIDEN (3.2905 / 1.95996)

static char dir[1024];

/* Runs SPEC (in tests/e2e/programs) with EXTRA flags into DIR/NAME.json; the result
 * read back, or NULL. */
static result *run(const char *spec, const char *name, const char *extra) {
    char args[2048], path[1100], err[4096];
    snprintf(path, sizeof path, "%s/%s.json", dir, name);
    snprintf(args, sizeof args, "run tests/e2e/programs/%s -q %s -o '%s'", spec, extra, path);
    int code = e2e_run(args, err, sizeof err);
    if (!is_int(code, 0, "%s %s: every block settles", spec, extra)) diag("%s", err);
    result *r = e2e_result(path, err, sizeof err);
    if (!ok(r && r->crashes == 0 && r->timeouts == 0, "...and its result reads back, no crash"))
        diag("%s", err);
    return r;
}

static void near(const result *r, const char *label, double want, const char *what) {
    const result_block *b = e2e_block(r, "main", label);
    if (!b) {
        ok(0, "main/%s is in the result (%s)", label, what);
        return;
    }
    double tol = b->half_width * WIDEN;
    if (!is_double(b->mean, want, tol + 1e-12, "%s: main/%s runs %.4f times per run", what, label, want))
        diag("got %.6f +- %.6f", b->mean, b->half_width);
}

/* getchar over text(uniform_int(0, 198), discrete(10: 4, 32: 10, 97: 84)). */
static void chars(void) {
    const double n = 199, pnl = 4.0 / 98, pa = 84.0 / 98;
    double mean_len = 99, words = 0;
    /* a word starts at byte 0 when it is 'a', later at an 'a' after a blank */
    for (int len = 1; len <= 198; len++) words += (pa + (len - 1) * pa * (1 - pa)) / n;
    result *r = run("stdin_chars.fspec", "chars2", "-j 2");
    if (!r) bail("no result for stdin_chars");
    /* a getchar that went on drawing after EOF would never leave the loop; one that
     * saw an empty stdin would run it once */
    near(r, "while.cond", mean_len + 1, "the read loop's test, E[LENGTH] + 1");
    near(r, "while.body", mean_len, "...its body, once per byte");
    near(r, "if.then", 198 / n, "the first byte, read and pushed back, exists unless LENGTH is 0");
    near(r, "if.then5", mean_len * pnl, "newlines, E[LENGTH] p(10)");
    near(r, "if.then10", words, "word starts");
    const result_block *eof = e2e_block(r, "main", "if.then16");
    ok(eof && eof->mean == 1 && !strcmp(eof->status, "constant"),
       "a read after EOF is EOF again in every trial");

    result *one = run("stdin_chars.fspec", "chars1", "-j 1");
    char a[1100], b[1100];
    snprintf(a, sizeof a, "%s/chars2.json", dir);
    snprintf(b, sizeof b, "%s/chars1.json", dir);
    ok(e2e_same_json(a, b), "the same seed gives the same result with one worker and with two");
    result_free(one);
    result_free(r);

    char err[4096];
    int code = e2e_run("run tests/e2e/programs/stdin_chars.fspec --replay 3", err, sizeof err);
    is_int(code, 0, "--replay runs one trial");
    const char *len = strstr(err, "stdin.length="), *bytes = strstr(err, "its standard input: ");
    ok(len && bytes && atol(len + 13) == atol(bytes + 20),
       "...and its standard input has the length the trial drew");
    if (!len || !bytes) diag("%s", err);
}

/* fgets over lines(uniform_int(0, 40), string(uniform_int(0, 30), "abc ")). */
static void lines(void) {
    result *r = run("stdin_lines.fspec", "lines", "-j 2");
    if (!r) return;
    /* per-value draws gave fgets one number a line, and a loop until a draw ran out */
    near(r, "while.body", 20, "fgets loop, E[COUNT]");
    near(r, "for.body", 20 * 16, "characters with the newline, E[COUNT] (E[LEN] + 1)");
    near(r, "if.then", 20 * 15 / 4.0, "'a's, E[COUNT] E[LEN] / 4");
    result_free(r);
}

/* read(0, buf, 16), then fread and fgetc, over text(uniform_int(0, 198), ...). */
static void copy(void) {
    double reads = 0;
    for (int len = 0; len <= 198; len++) reads += ceil(len / 16.0) / 199;
    result *r = run("stdin_copy.fspec", "copy", "-j 2");
    if (!r) return;
    near(r, "while.body", reads, "read(0, buf, 16) returns data E[ceil(LENGTH / 16)] times");
    near(r, "while.cond", reads + 1, "...and 0 at the end");
    result_free(r);

    r = run("stdin_fread.fspec", "fread", "-j 2");
    if (!r) return;
    near(r, "while.body", reads, "fread(buf, 1, 16, stdin) returns data E[ceil(LENGTH / 16)] times");
    near(r, "while.body5", 99, "...and after rewind, fgetc reads E[LENGTH] bytes");
    const result_block *b = e2e_block(r, "main", "if.then");
    ok(b && b->hits == 0, "...the same number fread did, in every trial");
    result_free(r);
}

/* scanf("%d") over lines(uniform_int(0, 10), string(constant(3), "0123456789")). */
static void numbers(void) {
    result *r = run("stdin_numbers.fspec", "numbers", "-j 2");
    if (!r) return;
    near(r, "while.body", 5, "scanf reads one number a line, E[COUNT]");
    near(r, "if.then", 2.5, "...half of them 500 or more");
    result_free(r);
}

/* A program that stops before EOF, leaving bytes in stdio's buffer, one pushed back
 * and a file position: none of it may reach the next trial. */
static void leftover(void) {
    result *r = run("stdin_leftover.fspec", "leftover", "-j 2");
    if (!r) return;
    static const char *const never[] = {"if.then", "if.then3", "if.then12"};
    static const char *const why[] = {"a newline first (the previous trial's buffer)",
                                      "'#' first (the previous trial's ungetc)",
                                      "ftell not 1 after one byte (the previous trial's position)"};
    for (size_t i = 0; i < 3; i++) {
        const result_block *b = e2e_block(r, "main", never[i]);
        ok(b && b->hits == 0, "never %s", why[i]);
    }
    near(r, "if.then7", 0.5, "the first byte is this trial's, 'x' half the time");
    const result_block *b = e2e_block(r, "main", "while.body");
    ok(b && b->mean == 6 && !strcmp(b->status, "constant"), "after rewind(stdin) all 6 bytes are read again");
    result_free(r);
}

/* A program that closes stdin, after trying to write into it. */
static void closed(void) {
    result *r = run("stdin_close.fspec", "close", "-j 2");
    if (!r) return;
    near(r, "while.body", 4.5, "every trial reads its own bytes, though the last one closed stdin");
    const result_block *b = e2e_block(r, "main", "if.then");
    ok(b && b->hits == 0, "writing into the standard input always fails");
    result_free(r);
}

/* getline over files("corpus/ *.txt"): the truth counted from the corpus itself. */
static void files(void) {
    glob_t g;
    if (glob(FREQSYS_SOURCE_DIR "/tests/e2e/programs/corpus/*.txt", 0, NULL, &g) != 0) bail("no corpus");
    double want = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        FILE *f = fopen(g.gl_pathv[i], "r");
        if (!f) bail("cannot read %s", g.gl_pathv[i]);
        int c, n = 0;
        while ((c = fgetc(f)) != EOF) n += c == '\n';
        fclose(f);
        want += (double)n / (double)g.gl_pathc;
    }
    size_t nfiles = g.gl_pathc;
    globfree(&g);
    result *r = run("stdin_files.fspec", "files", "-j 2");
    if (!r) return;
    near(r, "while.body", want, "getline over one corpus file a run, its mean line count");
    const result_block *b = e2e_block(r, "main", "while.body");
    ok(nfiles == 3 && b && b->min == 1 && b->max == 10,
       "...the shortest and the longest file were both drawn");
    /* one draw picks the file: three files are three runs, each counted once */
    ok(r->sampling && !strcmp(r->sampling, "enumerated") && r->trials == 3 && b && b->mean == want,
       "...enumerated: one run per file, the mean exact (%g)", b ? b->mean : NAN);
    result_free(r);
}

int main(void) {
    plan(13 + 5 + 9 + 4 + 7 + 4 + 5);
    snprintf(dir, sizeof dir, "%s", tmp_dir()); /* removed at exit */
    chars();
    lines();
    copy();
    numbers();
    leftover();
    closed();
    files();
    return done();
}
