/* tests/e2e/csmith-t.c: the proofs stay sound on random programs: no block of csmith's programs runs more
 * often than its proven bound, and function entries agree with gcov. */
/* SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <math.h>
#include <sys/stat.h>
#include "tap.h"
#include "e2e.h"

/* Programs from seeds 1 .. PROGRAMS; the odd ones also with drawn globals. */
#define PROGRAMS       100
#define NATIVE_SECONDS 5 /* a program its native build cannot finish in this long is left out */

/* Runs the shell command CMD; 1 when it exited 0. */
static int shell(const char *cmd) {
    int status = system(cmd);
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *text = NULL;
    size_t len = 0, cap = 0;
    for (int c; (c = fgetc(f)) != EOF;) {
        if (len + 1 >= cap) {
            char *more = realloc(text, cap = cap ? 2 * cap : 4096);
            if (!more) break;
            text = more;
        }
        text[len++] = (char)c;
    }
    fclose(f);
    if (text) text[len] = '\0';
    return text;
}

/* Appends to SPEC a `global NAME ~ uniform_int(-9, 9)` line (0 to 9 for an unsigned
 * type) for each scalar integer global csmith defined in SOURCE (`static int32_t g_12
 * = 0x...;`), at most 6. */
static void drawn_globals(const char *source, FILE *spec) {
    int n = 0;
    for (const char *p = source; p && (p = strstr(p, "\nstatic ")) && n < 6; p++) {
        const char *line = p + 1, *end = strchr(line, '\n');
        if (!end) break;
        char type[32], name[64];
        if (sscanf(line, "static %31s g_%63[0-9] = ", type, name) != 2) continue;
        if (memchr(line, '[', (size_t)(end - line)) || memchr(line, '*', (size_t)(end - line))) continue;
        if (strncmp(type, "int", 3) && strncmp(type, "uint", 4)) continue;
        if (strstr(type, "64")) continue; /* a draw converts through a double */
        fprintf(spec, "global g_%s ~ uniform_int(%d, 9)\n", name, type[0] == 'u' ? 0 : -9);
        n++;
    }
}

/* Each "function NAME called N" line of gcov's FILE.gcov: whether every function of
 * R's entry block has the same mean (one run, no inputs: the count itself). DIAGS
 * names the first that differs. */
static int entries_agree(const char *gcov_text, const result *r, size_t *checked) {
    int same = 1;
    *checked = 0;
    for (const char *p = gcov_text; p && (p = strstr(p, "function ")); p++) {
        char name[128];
        unsigned long long calls;
        if (sscanf(p, "function %127s called %llu", name, &calls) != 2) continue;
        const result_block *b = e2e_block(r, name, "entry");
        if (!b) continue;
        (*checked)++;
        if (fabs(b->mean - (double)calls) > 0) {
            if (same) diag("%s: gcov %llu, freqsys %g", name, calls, b->mean);
            same = 0;
        }
    }
    return same;
}

int main(void) {
    plan(2 * PROGRAMS + 2);
    size_t programs = 0, blocks = 0, proven = 0, entries = 0, skipped = 0;
    for (int seed = 1; seed <= PROGRAMS; seed++) {
        int drawn = seed % 2;
        char dir[2048], cmd[8192];
        snprintf(dir, sizeof dir, "%s", tmp_path("csmith-XXXXXX"));
        if (!mkdtemp(dir)) bail("cannot make a folder under %s", tmp_dir());
        snprintf(cmd, sizeof cmd,
                 "cd '%s' && csmith --seed %d --max-funcs 5 --no-packed-struct -o p.c >/dev/null 2>&1 && "
                 "gcc -O0 --coverage -w -I/usr/include/csmith p.c -o p >/dev/null 2>&1 && "
                 "timeout %d ./p >/dev/null 2>&1 && gcov -b -c p.c >/dev/null 2>&1",
                 dir, seed, NATIVE_SECONDS);
        if (!shell(cmd)) { /* does not finish natively in time: nothing to compare */
            skipped++;
            /* TAP's SKIP: no claim is made of it; the count of those checked is, below */
            for (int k = 0; k < 2; k++)
                ok(1, "seed %d # SKIP its native run takes more than %d s", seed, NATIVE_SECONDS);
            continue;
        }
        char path[4096];
        snprintf(path, sizeof path, "%s/p.fspec", dir);
        FILE *spec = fopen(path, "w");
        if (!spec) bail("cannot write %s", path);
        /* with drawn globals a trial may loop for ever: a short timeout ends it, counted */
        fprintf(spec,
                "program \"p.c\"\ncflags \"-I/usr/include/csmith\" \"-w\"\nargv ~ list(\"p\")\n"
                "epsilon 0.05\nseed %d\ntimeout %s\n",
                seed, drawn ? "1s" : "20s");
        snprintf(path, sizeof path, "%s/p.c", dir);
        char *source = drawn ? slurp(path) : NULL;
        if (drawn) drawn_globals(source, spec);
        free(source);
        fclose(spec);
        char err[4096];
        /* drawn globals leave blocks without a bound, which no number of trials settles:
         * 400 trials are enough to meet the extremes the bounds must hold */
        int code = e2e_runf(err, sizeof err,
                            "run '%s/p.fspec' -q -j 2 -n 400 --time-limit 10s -o '%s/p.json'", dir, dir);
        snprintf(path, sizeof path, "%s/p.json", dir);
        result *r = code == 0 || code == 1 ? e2e_result(path, err, sizeof err) : NULL;
        if (!r) diag("seed %d: exit %d: %s", seed, code, err);
        programs++;
        for (size_t i = 0; r && i < r->nblocks; i++) {
            blocks++;
            proven += !isnan(r->blocks[i].max_runs);
        }
        ok(r && e2e_within_bounds(r), "seed %d%s: no block runs more often than its proven bound", seed,
           drawn ? " (drawn globals)" : "");
        if (drawn) {
            ok(r != NULL, "seed %d: its result reads back", seed);
        } else {
            snprintf(path, sizeof path, "%s/p.c.gcov", dir);
            char *gcov = slurp(path);
            size_t checked = 0;
            int agree = r && gcov && entries_agree(gcov, r, &checked);
            ok(agree && checked > 0,
               "seed %d: every function's entry runs as often as gcov counts (%zu functions)", seed, checked);
            entries += checked;
            free(gcov);
        }
        result_free(r);
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
        shell(cmd);
    }
    diag("%zu programs (%zu left out), %zu of %zu blocks proven, %zu function entries compared", programs,
         skipped, proven, blocks, entries);
    ok(programs >= 90, "at least 90 of %d programs were checked (%zu)", PROGRAMS, programs);
    ok(proven * 5 >= blocks,
       "the check has proofs to test: at least a fifth of the blocks proven (%zu of %zu)", proven, blocks);
    return done();
}
