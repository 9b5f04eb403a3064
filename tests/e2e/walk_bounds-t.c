/* tests/e2e/walk_bounds-t.c: proven bounds on loops that walk a drawn string or read a drawn stdin to EOF,
 * and near misses. */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

/* A loop's header: the most times its test runs per run (NAN: nothing may be proven). */
typedef struct bound {
    int line;
    const char *prefix;
    double max_runs;
    const char *why;
} bound;

static void check_spec(const char *spec, const char *function, const bound *want, size_t n) {
    char out[256];
    result *r = e2e_run_within_bounds(spec, out, sizeof out);
    for (size_t i = 0; i < n; i++) {
        const result_block *b = e2e_block_at(r, function, want[i].line, want[i].prefix);
        int same = b && (isnan(want[i].max_runs) ? isnan(b->max_runs) : b->max_runs == want[i].max_runs);
        ok(same, "%s line %d %s: %s, at most %g (got %g)", spec, want[i].line, want[i].prefix, want[i].why,
           want[i].max_runs, b ? b->max_runs : -1.0);
    }
    result_free(r);
    unlink(tmp_path(out));
}

/* walks.c under `arg s ~ string(uniform_int(1, 8), "ab")`, t the same with 0 .. 5
 * characters, and a ~ array(n, ...) with n ~ uniform_int(0, 6). */
static const bound walks[] = {
    {7, "for.cond", 9, "*p, p++ over s: 8 characters and the NUL"},
    {9, "for.cond", 9, "s[i], i++"},
    {12, "while.cond", 9, "*p++ in the test"},
    {14, "for.cond", 9, "*p && *p != 'b'"},
    {16, "for.cond", 9, "*p == 'a': the NUL is not 'a'"},
    {18, "for.cond", 7, "j < n, n the array's drawn length"},
    {20, "for.cond", NAN, "starts at s + 1: not proven"},
    {22, "for.cond", NAN, "some ways round do not step: not proven"},
    {25, "for.cond", NAN, "*p != 'b': the NUL does not end it, not proven"},
    {28, "for.cond", 7, "writes the string it walks: no string walk, but q moves through t's 6 bytes"},
    {31, "for.cond", NAN, "walks a string the function writes: not proven"},
};

/* The same loops when the program's own function calls walks twice with the drawn
 * arguments: the facts reach them across the call (each call's bound, twice). */
static const bound called[] = {
    {7, "for.cond", 18, "s passed on by the program: 2 calls x (8 characters + the NUL)"},
    {9, "for.cond", 18, "...and its index walk"},
    {18, "for.cond", 14, "...and n <= 6: 2 calls x 7 tests"},
    {31, "for.cond", NAN, "...but not the walk of a string the function writes"},
};

/* walks_read.c: word by %s into char[8], line by fgets(line, 8, stdin). */
static const bound reads[] = {
    {13, "for.cond", 8, "%s into 8 bytes: 7 characters and the NUL"},
    {17, "for.cond", 8, "fgets of 8: 7 characters with the '\\n', and the NUL"},
    {19, "for.cond", 8,
     "starts at word + 1: not the drawn length, which holds from the first byte, but the array's 8 bytes "
     "less 1"},
    {22, "for.cond", 9, "a copy strcpy wrote: not the drawn length, but the array's 8 bytes"},
    {24, "for.cond", NAN, "a literal, not a drawn string nor a local array: not proven"},
    {30, "for.cond", NAN, "an unsigned char index over 300 bytes could wrap before their end: not proven"},
    {32, "for.cond", 300, "big + 1 to its NUL: the array's 300 bytes less 1"},
};

/* walks_stdin.c under `stdin ~ text(uniform_int(0, 30), ...)`. */
static const bound stdin_reads[] = {
    {8, "while.cond", 31, "getchar until '\\n' or EOF: 30 bytes and EOF"},
    {10, "while.cond", 31, "getchar until EOF"},
    {13, "for.cond", NAN, "a getchar every other way round: not proven"},
    {20, "while.cond", 31, "fgets(line, 16, stdin) until NULL: 30 bytes and NULL"},
    {22, "while.cond", NAN, "fgets or n < 5: NULL does not end it, not proven"},
};

/* walks_blocks.c under `stdin ~ text(uniform_int(0, 30), ...)`: read(2) of fd 0 and
 * fread of stdin until they return 0, each pass that comes back with at least one
 * byte (an item of 4 for fread(buf, 4, ...)), and loops up to what each read
 * returned, whose passes add up to at most the 30 bytes. */
static const bound block_reads[] = {
    {12, "while.cond", 31, "read(0, buf, 8) > 0: 30 bytes and the 0 at the end"},
    {13, "for.cond", 30 + 31,
     "i < n, n what the read returned: 30 passes in all, and a failed test an entry"},
    {14, "for.body", 30, "...its body once a byte"},
    {17, "for.cond", 31 * 2 * 9,
     "j < n twice a pass: a result seen by two entries, 9 tests in each of 62 (the trials pass 60 times)"},
    {20, "while.cond", 31, "fread(buf, 1, 8, stdin) != 0"},
    {22, "for.body", 30, "...and i < got inside, once a byte"},
    {23, "while.cond", 8, "fread(buf, 4, 2, stdin) > 0: 7 items of 4 bytes and the 0"},
    {25, "while.cond", NAN, "read(fd, ...), fd a variable, not the constant 0: not proven"},
    {27, "while.cond", NAN, "read(0, ...) != 0: an error's -1 would come back, not proven"},
    {29, "while.cond", NAN, "read(0, ...) >= 0: 0 at the end comes back, not proven (it runs 41 times)"},
};

/* walks_seek.c: the read(0) loop where the program seeks back to the start. */
static const bound seek[] = {
    {10, "while.cond", NAN, "read(0, ...) > 0 with lseek in the program: not proven (it runs 325 times)"},
};

/* walks_lines.c under `stdin ~ lines(uniform_int(1, 6), string(uniform_int(0, 30), "ab"))`:
 * walks of buffers the C library's fgets fills (16 bytes: 15 characters and the NUL). */
static const bound line_walks[] = {
    {10, "for.cond", 17, "a buffer fgets may not have filled (its result untested): the array's 16 bytes"},
    {12, "while.cond", 19,
     "fgets until NULL: 6 lines, each of 30 characters and '\\n' read in 3 (15, 15, the '\\n'), and NULL"},
    {13, "for.cond", 304, "the line fgets filled: 16 tests in each of at most 19 passes"},
};

/* length_args.c: `arg len ~ length(s)` with s ~ string(uniform_int(0, 8), ...), and
 * `arg na ~ length(a)` with a ~ array(5, ...): each length is as large as its
 * argument's drawn length can be. */
static const bound length_loops[] = {
    {5, "for.cond", 9, "i < len, len = length(s) of at most 8 characters"},
    {7, "for.cond4", 10, "i <= len: one more"},
    {9, "for.cond13", 6, "i < na, na = length(a) of an array of 5"},
};

/* length_args.c under lines(uniform_int(1, 3), format("%s,%d", choice("a", "bb"),
 * uniform_int(0, 99))): a line is at most "bb,99" and its '\\n', 6 bytes, 3 of them */
static const bound length_lines[] = {
    {5, "for.cond", 19, "i < len, len = length(s) of at most 3 x 6 bytes"},
    {7, "for.cond4", 20, "i <= len: one more"},
};

/* The same with '\\n' among a line's characters: a line may hold several, so fgets is
 * bounded by bytes, 6 x 31, and its buffer by its 15 characters. */
static const bound line_walks_newline[] = {
    {12, "while.cond", 187, "fgets until NULL: 6 lines of 30 characters and '\\n', and NULL"},
    {13, "for.cond", 2992, "the line fgets filled: 16 tests in each of at most 187 passes"},
};

/* shared_walks.c under `arg s ~ string(uniform_int(0, 12), ...)`: a tokenizer whose
 * loops all advance p, each step from a byte that is not the NUL, and near misses,
 * each capped at 50 passes. */
static const bound shared[] = {
    {12, "while.cond", 13, "while (*p) with its steps in inner loops: 12 characters and the NUL per call"},
    {19, "while.cond7", 13, "the string's inner loop, entered once a pass, shares the 12 steps"},
    {26, "while.cond30", 13, "while (is_digit(*p)) p++: is_digit followed on the byte, the NUL not a digit"},
    {23, "lor.lhs.false", 13, "is_digit(*p) after *p == '-': a pass that finds a digit steps in the loop"},
    {29, "for.cond", 39, "a counted loop of 2 inside: 3 tests per pass of the walk"},
    {35, "for.cond46", 13, "p's walk over, u set at its start by a later block: skip spaces, then a word"},
    {38, "while.cond56", 13, "...the word's loop shares u's 12 steps"},
    {41, "for.cond70", 13,
     "a pass steps in the inner loop on ' ' or '1', known only by following which way its || was entered"},
    {47, "for.cond100", 13, "isspace, isalpha and isalnum, the C locale's: every pass steps"},
    {51, "while.cond119", 13, "...and the word's isalnum loop shares w's steps"},
    {58, "while.cond138", 13, "an index: while (s[i]) with i++ in inner loops"},
    {62, "while.cond162", 13, "...its isdigit loop shares i's steps"},
    {70, "while.cond188", 51, "an index's second step may leave the NUL behind: the cap's 50"},
    {76, "while.cond207", 14,
     "a second step may leave the NUL behind: no shared walk; p moves through 13 bytes"},
    {82, "while.cond222", 51, "a pass steps only on 'a': the cap's 50"},
    {84, "if.then228", 13, "...though that step, from an 'a', runs at most 12 + 1 times"},
    {87, "while.cond236", 51, "t = s again inside the loop: the cap's 50"},
    {92, "for.cond247", 7,
     "x[0] && x[1] before x += 2: x moves 2 bytes a pass through 13: 6 returns and the end"},
    {95, "for.cond263", 7,
     "y += 2 after *y alone: the step may pass the NUL; y moves 2 bytes a pass through 13"},
    {99, "while.cond276", 14, "z set to s, or to s + 3 past a short string's NUL; z moves through 13 bytes"},
    {102, "for.cond292", 11,
     "f = s + 2 after s[0] and s[1] were tested: a start within the string, at most 12 - 2 steps from it"},
    {105, "while.cond301", 13,
     "strlen of the drawn string: at most 12, so the scan back tests at most 13 times"},
};

/* cursors.c's parse under `arg s ~ string(uniform_int(0, 20), ...)` and `arg len ~
 * length(s)`: if (len < 7) return; then an isdigit walk from s + 7. */
static const bound cursor_parse[] = {
    {11, "while.cond", 14,
     "from s + 7 after len < 7 returned: at most 20 - 7 steps, and the test after the last"},
};

/* cursors.c's cursors, s of 7 to 20 characters: walks started past a tested length,
 * and near misses (each, when run, within the string: it has 7 characters at least). */
static const bound cursor_walks[] = {
    {23, "for.cond", 18, "from s + 3 when len >= 3: 20 - 3 passes and the NUL"},
    {26, "for.cond", 16, "s[i] from i = 5 when len > 4"},
    {29, "for.cond", 12, "from s + 9 when len == 9"},
    {32, "for.cond", 22, "from s + 7 when other >= 7, a number not s's length; p moves through 21 bytes"},
    {35, "for.cond", 22, "from s + 7 when len >= 5: a start past 5 untested; p moves through 21 bytes"},
};

/* walk_ends.c under `arg s ~ string(uniform_int(0, 20), "ab ")`, `arg len ~ length(s)`: walks
 * that stop at the end, s + len or len, where the runtime's NUL is; and near misses. */
static const bound end_walks[] = {
    {10, "while.cond", 21, "p != end, end = s + len: at most 20 steps, and the test at the end"},
    {16, "while.cond4", 21, "...an inner loop that shares p's steps: p != end && *p != ' '"},
    {19, "while.cond13", 21, "i < len, a size_t index: the same walk by index"},
    {24, "while.cond23", 21, "...and its inner loop"},
    {27, "for.cond", 11,
     "q + 1 < end with q += 2: q moves 2 bytes a pass through 21: 10 returns and the end"},
    {29, "for.cond41", 11,
     "r < end with r += 2: r can pass the end by one; no walk, r moves 2 bytes a pass through 21"},
    {31, "for.cond49", 22, "t < s + other, a number not s's length; t moves through 21 bytes"},
    {36, "do.body", 22, "steps before it tests u != end: no walk, u moves through 21 bytes"},
};

/* shared_locale.c: the same isdigit walk in a program that may call setlocale. */
static const bound shared_locale[] = {
    {11, "while.cond", 14, "isdigit where the locale may change: no walk; p moves through 13 bytes"},
};

/* shared_lines.c under `stdin ~ lines(uniform_int(1, 3), string(uniform_int(0, 10), ...))`:
 * each line fits fgets's 16 bytes, so fgets returns a line at most 3 times and its
 * loop's test runs at most 4 (a bound the proofs count each start of p at line[0]
 * by), and p's walk steps at most 16 times a start in the 16-byte array. */
static const bound shared_lines[] = {
    {15, "while.cond5", 17 * 4, "p = line each line: 17 tests a line, for at most 4 lines"},
    {16, "while.cond10", 17 * 4, "...and an inner loop shares p's steps of that line"},
    {24, "while.cond43", 51 * 4, "q = line again inside its loop: the cap's 50 a line"},
    {29, "while.cond55", 9 * 4,
     "r += 2 over the line: a pointer cannot step past the array's end, 16 bytes by 2"},
    {34, "for.cond", 17 * 4, "an index, j = 0 each line, each step from a byte tested not to be the NUL"},
    {35, "while.cond80", 17 * 4, "...its inner loop shares j's steps"},
    {41, "for.cond105", 51 * 4, "an index's second step may leave the NUL behind: the cap's 50 a line"},
    {50, "while.cond128", 51 * 4, "o walks an array a function of the program keeps: the cap's 50 a line"},
    {56, "while.cond154", 51 * 4,
     "*w = 'b' and then *w read again before w is set anew: the cap's 50 a line"},
};

/* walk_forms.c's word counter over three drawn forms that are not string(): each
 * bounded by the most bytes its form gives. */
static const bound forms_format[] = {
    {6, "while.cond", 9,
     "format(\"%d %s\", uniform_int(-50, 5), choice(\"ab\", \"abcd\")): 8 bytes and the NUL"},
};
static const bound forms_text[] = {
    {6, "while.cond", 7, "text(uniform_int(0, 6), ...): 6 bytes and the NUL"},
};
static const bound forms_gen[] = {
    {6, "while.cond", 6, "generator(some_bytes, 5): 5 bytes and the NUL"},
};

static const bound unget[] = {
    {11, "while.cond", NAN, "getchar until EOF with an ungetc in the program: not proven"},
};

/* words.c, `arg s ~ string(uniform_int(0, 40), "ab ")`: every block proven, and each
 * mean against its exact value, summed over the 41 lengths (each character a space
 * with probability 1/3, a word starting at each non-space after a space or at 0). */
static void word_counter(void) {
    double len = 0, starts = 0;
    for (int L = 0; L <= 40; L++) {
        len += L / 41.0;
        if (L > 0) starts += (2.0 / 3 + (L - 1) * (1.0 / 3) * (2.0 / 3)) / 41.0;
    }
    static const struct {
        int line;
        const char *prefix;
        double per_len, per_start, constant;
    } blocks[] = {
        {5, "entry", 0, 0, 1},         {6, "for.cond", 1, 0, 1},      {7, "for.body", 1, 0, 0},
        {8, "if.then", 1.0 / 3, 0, 0}, {9, "if.else", 2.0 / 3, 0, 0}, {10, "if.then", 0, 1, 0},
        {6, "for.inc", 1, 0, 0},       {14, "for.end", 0, 0, 1},
    };
    char err[4096];
    int code =
        e2e_run("run tests/e2e/programs/words.fspec -q -j 2 -o \"$TMPDIR/words.json\"", err, sizeof err);
    if (!is_int(code, 0, "the word counter settles with no cap")) diag("%s", err);
    result *r = e2e_result(tmp_path("words.json"), err, sizeof err);
    if (!ok(r != NULL, "...and its result reads back")) bail("%s", err);
    int settled = 1;
    for (size_t i = 0; i < r->nblocks; i++)
        settled &= !strcmp(r->blocks[i].status, "converged") || !strcmp(r->blocks[i].status, "constant");
    ok(settled, "every block of the word counter is converged or constant");
    for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++) {
        double exact = blocks[i].per_len * len + blocks[i].per_start * starts + blocks[i].constant;
        const result_block *b = e2e_block_at(r, "count_words", blocks[i].line, blocks[i].prefix);
        ok(b && fabs(b->mean - exact) <= b->half_width + 1e-12 && !isnan(b->max_runs),
           "line %d %s: %.4f within its half-width %.4f of %.4f, proven at most %g", blocks[i].line,
           blocks[i].prefix, b ? b->mean : NAN, b ? b->half_width : NAN, exact, b ? b->max_runs : NAN);
    }
    const result_block *head = e2e_block_at(r, "count_words", 6, "for.cond");
    ok(head && head->max_runs == 41, "...the loop's test at most 41 times: 40 characters and the NUL");
    result_free(r);
    unlink(tmp_path("words.json"));
}

int main(void) {
    size_t nw = sizeof walks / sizeof walks[0], nc = sizeof called / sizeof called[0];
    size_t nr = sizeof reads / sizeof reads[0], ns = sizeof stdin_reads / sizeof stdin_reads[0];
    size_t nu = sizeof unget / sizeof unget[0], nl = sizeof line_walks / sizeof line_walks[0];
    size_t nsh = sizeof shared / sizeof shared[0], nsl = sizeof shared_lines / sizeof shared_lines[0];
    size_t nln = sizeof line_walks_newline / sizeof line_walks_newline[0];
    size_t nlen = sizeof length_loops / sizeof length_loops[0];
    size_t nlo = sizeof shared_locale / sizeof shared_locale[0];
    size_t nb = sizeof block_reads / sizeof block_reads[0], nk = sizeof seek / sizeof seek[0];
    size_t ncw = sizeof cursor_walks / sizeof cursor_walks[0], ne = sizeof end_walks / sizeof end_walks[0];
    plan((int)(19 * 3 + 3 + ne + nw + nc + nr + ns + nu + nl + nln + nlen + nsh + nsl + nlo + nb + nk + 1 +
               ncw + 2 + 1 + 8 + 1 + 3 + sizeof length_lines / sizeof length_lines[0]));
    check_spec("walks", "walks", walks, nw);
    check_spec("walks_called", "walks", called, nc);
    check_spec("walks_read", "main", reads, nr);
    check_spec("walks_stdin", "main", stdin_reads, ns);
    check_spec("walks_unget", "main", unget, nu);
    check_spec("walks_blocks", "main", block_reads, nb);
    check_spec("walks_seek", "main", seek, nk);
    check_spec("cursors_parse", "parse", cursor_parse, 1);
    check_spec("cursors", "cursors", cursor_walks, ncw);
    check_spec("walk_ends", "walk_ends", end_walks, ne);
    check_spec("walks_lines", "main", line_walks, nl);
    check_spec("walks_lines_newline", "main", line_walks_newline, nln);
    check_spec("length_args", "lengths", length_loops, nlen);
    check_spec("length_lines", "lengths", length_lines, sizeof length_lines / sizeof length_lines[0]);
    check_spec("shared_walks", "tokens", shared, nsh);
    check_spec("shared_lines", "main", shared_lines, nsl);
    check_spec("shared_locale", "digits", shared_locale, nlo);
    check_spec("walk_forms_format", "words", forms_format, 1);
    check_spec("walk_forms_text", "words", forms_text, 1);
    check_spec("walk_forms_gen", "words", forms_gen, 1);
    word_counter();
    return done();
}
