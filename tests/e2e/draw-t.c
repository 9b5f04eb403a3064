/* tests/e2e/draw-t.c: freqsys draw writes the inputs the run's trials get: standard inputs (the spec's
 * alphabet and lengths, the same bytes for the same seed, the replay's sizes) and function mode's arguments.
 */
/* SPDX-License-Identifier: MIT */
#include <math.h>
#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tap.h"
#include "e2e.h"

#define COUNT 20

/* The bytes of DIR/input-NNNNNN.txt for trial T, as a string to free (LEN its length). */
static char *input(const char *dir, int t, size_t *len) {
    char path[2048];
    snprintf(path, sizeof path, "%s/input-%06d.txt", dir, t);
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = malloc(1024);
    *len = buf ? fread(buf, 1, 1024, f) : 0;
    fclose(f);
    return buf;
}

/* The bytes of DIR/trial-TTTTTT-call-CCC.EXT, at most CAP of them into BUF; -1 when missing. */
static long call_file(const char *dir, int t, int c, const char *ext, char *buf, size_t cap) {
    char path[2048];
    snprintf(path, sizeof path, "%s/trial-%06d-call-%03d.%s", dir, t, c, ext);
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    size_t n = fread(buf, 1, cap - 1, f);
    buf[n] = '\0';
    fclose(f);
    return (long)n;
}

/* Function mode: count_a(s, &len) with s ~ string(0..8 of "ab"), len ~ ref(length(s)),
 * two calls a trial. Each call's files are the arguments the run's same call got. */
static void function_mode(void) {
    enum { TRIALS = 40, CALLS = 2 };
    char err[4096], dir[1100], s[64], len[64], list[512];
    snprintf(dir, sizeof dir, "%s", tmp_path("calls"));
    const char *spec = "tests/e2e/programs/length_ref.fspec";
    if (!is_int(e2e_runf(err, sizeof err, "draw %s -n %d -o '%s'", spec, TRIALS, dir), 0,
                "function mode: draw writes %d trials' calls", TRIALS))
        diag("%s", err);
    int listed = 0, measured = 0;
    long as = 0;
    for (int t = 0; t < TRIALS; t++)
        for (int c = 1; c <= CALLS; c++) {
            long ns = call_file(dir, t, c, "s", s, sizeof s);
            long nl = call_file(dir, t, c, "len", len, sizeof len);
            long nt = call_file(dir, t, c, "txt", list, sizeof list);
            uint64_t value = 0;
            if (nl == (long)sizeof value) memcpy(&value, len, sizeof value);
            measured += ns >= 0 && ns <= 8 && nl == (long)sizeof value && value == (uint64_t)ns;
            listed += nt > 0 && strstr(list, "s = \"") && strstr(list, "len -> {");
            for (long k = 0; k < ns; k++) as += s[k] == 'a';
        }
    is_int(listed, TRIALS * CALLS, "a listing per call names both parameters");
    is_int(measured, TRIALS * CALLS,
           "each call's string is 0..8 bytes and its length by pointer is its size");
    /* the run's first TRIALS trials are these: its count of 'a' is theirs */
    int code = e2e_runf(err, sizeof err, "run %s -n %d -q -o '%s/n.json'", spec, TRIALS, tmp_dir());
    result *r = code == 1 || code == 0 ? e2e_result(tmp_path("n.json"), err, sizeof err) : NULL;
    const result_block *b = r ? e2e_block_at(r, NULL, 8, "if.then") : NULL;
    double run_as = b ? b->mean * TRIALS * CALLS : NAN;
    ok(b && r->trials == TRIALS && fabs(run_as - (double)as) < 1e-6,
       "the run's %d trials counted the 'a's the files hold (%.1f against %ld)", TRIALS, run_as, as);
    result_free(r);
    /* plain-number arguments, which a run draws ahead: the same value as its replay */
    snprintf(dir, sizeof dir, "%s", tmp_path("newton"));
    e2e_runf(err, sizeof err, "draw examples/newton/newton_function.fspec -o '%s'", dir);
    long nt = call_file(dir, 0, 1, "txt", list, sizeof list);
    e2e_runf(err, sizeof err, "run examples/newton/newton_function.fspec --replay 0");
    char *at = nt > 0 ? strstr(list, "ask = ") : NULL, want[128];
    snprintf(want, sizeof want, "its draws: ask=%.*s", at ? (int)strcspn(at + 6, "\n") : 0, at ? at + 6 : "");
    ok(at && strstr(err, want), "a number drawn ahead is written as the replay shows it (%s)", want);
    /* step(n) crashes for n = 0, 4 and above 5: those trials are named, every call written */
    snprintf(dir, sizeof dir, "%s", tmp_path("crashes"));
    code = e2e_runf(err, sizeof err, "draw tests/e2e/programs/crashes_function.fspec -n 30 -o '%s'", dir);
    int agree = 0;
    for (int t = 0; t < 30; t++) {
        long n = -1;
        if (call_file(dir, t, 1, "txt", list, sizeof list) > 0 && strstr(list, "n = "))
            n = strtol(strstr(list, "n = ") + 4, NULL, 10);
        char note[96];
        snprintf(note, sizeof note, "trial %d crashed (", t);
        agree += n >= 0 && (strstr(err, note) != NULL) == (n == 0 || n == 4 || n > 5);
    }
    ok(code == 0 && agree == 30, "trials that crash are named and keep their call (%d of 30 agree)", agree);
    is_int(e2e_runf(err, sizeof err, "draw %s -n 1 -o '%s/none/deeper'", spec, tmp_dir()), 2,
           "a folder that cannot be made is refused");
}

int main(void) {
    plan(15);
    char err[4096], a[1100], b[1100], c[1100];
    snprintf(a, sizeof a, "%s", tmp_path("a"));
    snprintf(b, sizeof b, "%s", tmp_path("b"));
    snprintf(c, sizeof c, "%s", tmp_path("c"));
    const char *spec = "tests/e2e/programs/stdin_chars.fspec"; /* 0..198 bytes of \n, ' ', 'a' */
    if (!is_int(e2e_runf(err, sizeof err, "draw %s -n %d -o '%s'", spec, COUNT, a), 0,
                "draw writes %d inputs", COUNT))
        diag("%s", err);
    e2e_runf(err, sizeof err, "draw %s -n %d -o '%s'", spec, COUNT, b);
    e2e_runf(err, sizeof err, "draw %s -n %d -s 99 -o '%s'", spec, COUNT, c);
    int files = 0, lengths = 0, alphabet = 0, same = 0, other = 0;
    size_t total = 0;
    for (int t = 0; t < COUNT; t++) {
        size_t la = 0, lb = 0, lc = 0;
        char *x = input(a, t, &la), *y = input(b, t, &lb), *z = input(c, t, &lc);
        files += x != NULL;
        lengths += x && la <= 198;
        int in = 1;
        for (size_t k = 0; x && k < la; k++) in &= x[k] == '\n' || x[k] == ' ' || x[k] == 'a';
        alphabet += x && in;
        same += x && y && la == lb && !memcmp(x, y, la);
        other += x && z && (la != lc || memcmp(x, z, la) != 0);
        total += la;
        free(x), free(y), free(z);
    }
    is_int(files, COUNT, "one file per trial");
    ok(lengths == COUNT && total > 0, "each 0..198 bytes long (%zu in all)", total);
    is_int(alphabet, COUNT, "each of the spec's three bytes only");
    is_int(same, COUNT, "the same seed draws the same bytes");
    ok(other >= COUNT - 1, "another seed draws other inputs (%d of %d differ)", other, COUNT);

    /* The run's own trial 5 (replayed) read as many bytes as draw wrote for it. */
    e2e_runf(err, sizeof err, "run %s --replay 5", spec);
    size_t len5 = 0;
    char *x = input(a, 5, &len5);
    char want[64];
    snprintf(want, sizeof want, "its standard input: %zu bytes", len5);
    if (!ok(x && strstr(err, want), "the run's trial 5 gets the %zu bytes draw wrote for it", len5))
        diag("%s", err);
    free(x);

    is_int(e2e_runf(err, sizeof err, "draw tests/e2e/programs/counts.fspec -o '%s'", c), 2,
           "a spec without 'stdin ~' is refused");
    function_mode();
    return done();
}
