/* tests/e2e/host-t.c: rand, the clock, the environment, files and main's arguments: determined by the seed,
 * or reported. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "e2e.h"
#include "scratch.h"

/* rand() % 4 == 0 has probability exactly 1/4 (RAND_MAX + 1 is a multiple of 4);
 * the clock loop runs exactly 99 times on the virtual clock (one microsecond per
 * reading); getenv("PATH") is NULL in trials, though freqsys runs with a PATH. */
static const char HOST_C[] = "#include <stdio.h>\n"                                       /* 1 */
                             "#include <stdlib.h>\n"                                      /* 2 */
                             "#include <time.h>\n"                                        /* 3 */
                             "int main(void) {\n"                                         /* 4 */
                             "    srand((unsigned)time(NULL));\n"                         /* 5 */
                             "    int quarter = 0;\n"                                     /* 6 */
                             "    if (rand() % 4 == 0)\n"                                 /* 7 */
                             "        quarter = 1;\n"                                     /* 8 */
                             "    clock_t start = clock();\n"                             /* 9 */
                             "    int spins = 0;\n"                                       /* 10 */
                             "    while (clock() < start + 100)\n"                        /* 11 */
                             "        spins++;\n"                                         /* 12 */
                             "    if (getenv(\"PATH\"))\n"                                /* 13 */
                             "        spins = -1;\n"                                      /* 14 */
                             "    FILE *f = fopen(\"settings.txt\", \"r\");\n"            /* 15 */
                             "    if (f)\n"                                               /* 16 */
                             "        fclose(f);\n"                                       /* 17 */
                             "    if (drand48() < 0.75)\n"                                /* 18 */
                             "        quarter += 2;\n"                                    /* 19 */
                             "    extern int open(const char *, int, ...);\n"             /* 20 */
                             "    return quarter + spins + open(\"/etc/hostname\", 0);\n" /* 21 */
                             "}\n";

static const char ARGS_C[] = "#include <string.h>\n"                       /* 1 */
                             "int main(int argc, char **argv) {\n"         /* 2 */
                             "    int verbose = 0;\n"                      /* 3 */
                             "    for (int i = 1; i < argc; i++)\n"        /* 4 */
                             "        if (strcmp(argv[i], \"-v\") == 0)\n" /* 5 */
                             "            verbose++;\n"                    /* 6 */
                             "    return verbose;\n"                       /* 7 */
                             "}\n";

/* 1 when some warning of R contains both A and B. */
static int warned(const result *r, const char *a, const char *b) {
    for (size_t i = 0; r && i < r->nwarnings; i++)
        if (strstr(r->warnings[i], a) && strstr(r->warnings[i], b)) return 1;
    return 0;
}

static int run(const char *dir, const char *spec, const char *opts, const char *out, char *err,
               size_t errlen) {
    char args[2048];
    snprintf(args, sizeof args, "run '%s/%s' -q %s -o '%s/%s'", dir, spec, opts, dir, out);
    return e2e_run(args, err, errlen);
}

static void random_and_clock(const char *dir) {
    char err[8192];
    if (scratch_write(dir, "host.c", HOST_C) ||
        scratch_write(dir, "host.fspec",
                      "program \"host.c\"\nepsilon 0.01\nconfidence 0.95\nseed 7\n"
                      "read * ~ uniform_int(0, 9)\ncap 200\n"))
        bail("cannot write the host fixture");
    int code = run(dir, "host.fspec", "-j 1", "one.json", err, sizeof err);
    is_int(code, 0, "a program using rand, time, clock, getenv and fopen runs");
    if (code) diag("%s", err);
    is_int(run(dir, "host.fspec", "-j 2", "two.json", err, sizeof err), 0,
           "...again with the same seed, two workers");
    ok(e2e_same_json(scratch_path(dir, "one.json"), scratch_path(dir, "two.json")),
       "...and both give identical JSON (rand and the clock follow the seed)");
    result *r = e2e_result(scratch_path(dir, "one.json"), err, sizeof err);
    if (!r) bail("cannot read the result: %s", err);
    const result_block *hit = e2e_block_at(r, NULL, 8, "");
    is_double(hit ? hit->mean : -1, 0.25, 0.01, "rand() %% 4 == 0 holds in 1/4 of the runs, within epsilon");
    const result_block *spin = e2e_block_at(r, NULL, 12, "");
    is_double(spin ? spin->mean : -1, 99, 0, "the clock loop runs exactly 99 times on the virtual clock");
    const result_block *env = e2e_block_at(r, NULL, 14, "");
    ok(env && env->mean == 0 && env->max == 0, "getenv(\"PATH\") is NULL in every trial");
    ok(warned(r, "host.c:5: time()", "virtual clock"),
       "the JSON warns that time() reads the clock, at its line");
    ok(warned(r, "host.c:9: clock()", "virtual clock"), "...and clock()");
    ok(warned(r, "host.c:13: getenv(\"PATH\")", "returns NULL"), "...and getenv");
    ok(warned(r, "host.c:15: fopen(\"settings.txt\", \"r\")", "reads a file"), "...and the file read");
    const result_block *d48 = e2e_block_at(r, NULL, 19, "");
    is_double(d48 ? d48->mean : -1, 0.75, 0.01, "drand48() < 0.75 in 3/4 of the runs, within epsilon");
    diag("rand: %.4f ± %.4f, drand48: %.4f ± %.4f, after %llu trials", hit ? hit->mean : -1,
         hit ? hit->half_width : -1, d48 ? d48->mean : -1, d48 ? d48->half_width : -1,
         (unsigned long long)r->trials);
    ok(warned(r, "host.c:21: open(\"/etc/hostname\"", "may read a file"),
       "the JSON warns that open() may read a file");
    ok(warned(r, "host.fspec:5:1: 'read *'", "reads no input"), "...and the 'read *' that nothing reads");
    ok(!warned(r, "rand", ""), "...but not rand, which is modelled");
    result_free(r);

    is_int(run(dir, "host.fspec", "-j 2 -s 8", "other.json", err, sizeof err), 0, "another seed runs");
    ok(!e2e_same_json(scratch_path(dir, "one.json"), scratch_path(dir, "other.json")),
       "...and draws other random numbers");

    char args[2048];
    snprintf(args, sizeof args, "run '%s/host.fspec' -q -n 100 --format text -o '%s/host.txt'", dir, dir);
    e2e_run(args, err, sizeof err);
    char *text = e2e_json_without_timing(scratch_path(dir, "host.txt"));
    ok(text && strstr(text, "warning: host.c:13: getenv(\"PATH\")"), "the text result prints the warnings");
    free(text);
}

static void arguments(const char *dir) {
    char err[8192], args[2048];
    if (scratch_write(dir, "args.c", ARGS_C) ||
        scratch_write(dir, "noargs.fspec", "program \"args.c\"\nepsilon 0.1\nconfidence 0.9\n") ||
        scratch_write(dir, "args.fspec",
                      "program \"args.c\"\nepsilon 0.1\nconfidence 0.9\n"
                      "argv ~ list(\"prog\", \"-v\", \"file\", \"-v\")\ncap 10\n") ||
        scratch_write(dir, "bad.fspec",
                      "program \"args.c\"\nepsilon 0.1\nconfidence 0.9\nargv ~ uniform(1, 2)\n"))
        bail("cannot write the argv fixture");
    snprintf(args, sizeof args, "check '%s/noargs.fspec'", dir);
    is_int(e2e_run(args, err, sizeof err), 2,
           "main reading argc with no argv declaration is an error (exit 2)");
    ok(strstr(err, "args.c:4: error: main uses argc") != NULL, "...at the source line that reads it");
    diag("%s", err);
    int code = run(dir, "args.fspec", "", "args.json", err, sizeof err);
    is_int(code, 0, "argv ~ list(...) declares main's arguments");
    if (code) diag("%s", err);
    result *r = e2e_result(scratch_path(dir, "args.json"), err, sizeof err);
    const result_block *v = r ? e2e_block(r, "main", "if.then") : NULL;
    is_double(v ? v->mean : -1, 2, 0, "...and main sees them: two -v");
    result_free(r);
    snprintf(args, sizeof args, "check '%s/bad.fspec'", dir);
    is_int(e2e_run(args, err, sizeof err), 2, "argv with a distribution is a spec error");
    ok(strstr(err, "bad.fspec:4:8: error: 'argv' takes a list of strings") != NULL, "...at the value");
}

int main(void) {
    plan(23);
    char *dir = scratch_open();
    if (!dir) bail("cannot create a scratch folder");
    random_and_clock(dir);
    arguments(dir);
    scratch_close(dir);
    return done();
}
