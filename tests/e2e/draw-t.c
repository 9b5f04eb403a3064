/* tests/e2e/draw-t.c: freqsys draw writes the standard inputs the run's trials get: the spec's alphabet and
 * lengths, the same bytes for the same seed, the replay's sizes. */
/* SPDX-License-Identifier: MIT */
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

int main(void) {
    plan(8);
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
    return done();
}
