/* tests/distributions/empirical-t.c: empirical("file") reading, resampling and file errors. */
/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <unistd.h>

#include "dist_test.h"
#include "tmp.h"

static const char *dir;

static void write_file(const char *name, const char *text) {
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) < 0 || fclose(f)) bail("cannot write %s", path);
}

static dist *load(const char *name, dist_error *err) {
    dist_arg a = str(name);
    return dist_create("empirical", &a, 1, dir, err);
}

/* Checks that loading NAME fails with exactly MESSAGE. */
static void refuses(const char *name, const char *message) {
    dist_error err = {"", -2, -1};
    dist *d = load(name, &err);
    ok(d == NULL, "empirical(\"%s\") is refused", name);
    is_string(err.message, message, "...with the file named in the message");
    dist_free(d);
}

int main(void) {
    plan(3 + 4 + 3 + 4 * 2 + 3);
    dir = tmp_dir();
    write_file("samples.txt", "# sizes seen in the field\n3 1 4 1 5\n9 2 6   # two more\n\n5 3\n");
    write_file("reals.txt", "0.5\n1.5e0 -2\n");
    write_file("bad.txt", "1 2\n3 x4 5\n");
    write_file("empty.txt", "# nothing here\n\n");
    write_file("inf.txt", "1 inf\n");

    dist_error err;
    dist *d = load("samples.txt", &err);
    if (!d) bail("cannot load samples.txt: %s", err.message);
    fits_integers(d, 0, 10, 1);
    is_double(dist_mean(d), 39.0 / 10, 1e-12, "mean is the sample mean");
    is_double(dist_cdf(d, 3), 0.5, 1e-15, "CDF counts the samples: 1 1 2 3 3 of 10");
    formats(d, "empirical(\"samples.txt\")");
    ok(dist_is_integer(d), "integer samples make it integer-valued");

    dist *r = load("reals.txt", &err);
    if (!r) bail("cannot load reals.txt: %s", err.message);
    ok(!dist_is_integer(r), "fractional samples make it not integer-valued");
    char abs_path[128];
    snprintf(abs_path, sizeof abs_path, "%s/reals.txt", dir);
    dist_arg a = str(abs_path);
    dist *ab = dist_create("empirical", &a, 1, "/nonexistent", &err);
    ok(ab != NULL, "an absolute file name ignores the base folder");
    is_double(ab ? dist_mean(ab) : NAN, 0, 1e-15, "...and reads the same samples");

    refuses("bad.txt", "empirical: bad.txt:2: 'x4' is not a finite number");
    refuses("empty.txt", "empirical: empty.txt holds no samples");
    refuses("inf.txt", "empirical: inf.txt:1: 'inf' is not a finite number");
    refuses("missing.txt", "empirical: cannot open missing.txt: No such file or directory");

    dist_arg n = num(3);
    fails("empirical", &n, 1, "empirical(file): file must be a string, got a number", 0);

    dist_free(d);
    dist_free(r);
    dist_free(ab);
    const char *names[] = {"samples.txt", "reals.txt", "bad.txt", "empty.txt", "inf.txt"};
    for (size_t i = 0; i < 5; i++) {
        char path[128];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
    }
    rmdir(dir);
    return done();
}
