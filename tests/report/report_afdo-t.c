/* tests/report/report_afdo-t.c: the AutoFDO profile, read by gcc -fauto-profile: each function's entry gets
 * the result's scaled count, and a function that one count per line would misstate is left to gcc. */
/* SPDX-License-Identifier: MIT */
#include "tools.h"

/* The count gcc's dump gives the entry block (basic block 2) of FUNCTION, or -1:
 * ";; Function NAME (" or a clone ";; Function NAME.constprop (", then
 * ";;   basic block 2, loop depth 0, count N (auto FDO)". */
static long long entry_count(const char *dump, const char *function) {
    char key[256];
    size_t n = (size_t)snprintf(key, sizeof key, ";; Function %s", function);
    for (const char *p = dump; (p = strstr(p, key)); p += n) {
        if (p[n] != ' ' && p[n] != '.') continue;
        const char *bb = strstr(p, ";;   basic block 2, loop depth 0, count ");
        const char *next = strstr(p + n, ";; Function ");
        if (!bb || (next && bb > next)) return -1;
        long long c = -1;
        char quality[32] = "";
        if (sscanf(bb, ";;   basic block 2, loop depth 0, count %lld (%31[^)])", &c, quality) != 2 ||
            strcmp(quality, "auto FDO") != 0)
            return -1;
        return c;
    }
    return -1;
}

int main(void) {
    tools_need(GCC_PROGRAM, "gcc-12", "gcc");
    plan(2 + 3 + 1 + 5);
    tools_tmpdir();
    char cmd[8192], *err = NULL, prof[1024], dump[1024];
    result *r = tools_result("tests/e2e/programs/counts.fspec", "counts.json");
    snprintf(prof, sizeof prof, "%s", tools_path("counts.afdo"));
    snprintf(dump, sizeof dump, "%s", tools_path("counts.dump"));
    snprintf(cmd, sizeof cmd, "'%s' report '%s' --format afdo -o '%s'", TOOLS_FREQSYS,
             tools_path("counts.json"), prof);
    if (!is_int(tools_sh(cmd, NULL, &err), 0, "freqsys report --format afdo succeeds"))
        diag("%s", err ? err : "");
    free(err);
    /* -fno-inline keeps every function's own entry block in the dump */
    snprintf(cmd, sizeof cmd,
             "'%s' -O2 -fno-inline -Wall -Werror -fauto-profile='%s' -c '%s/tests/e2e/programs/counts.c' "
             "-o '%s' -fdump-tree-optimized-blocks-details='%s'",
             GCC_PROGRAM, prof, FREQSYS_SOURCE_DIR, tools_path("counts.o"), dump);
    int rc = tools_sh(cmd, NULL, &err);
    if (!is_int(rc, 0, "gcc -O2 -fauto-profile -Werror compiles with it")) diag("%s", err ? err : "");
    free(err);
    char *text = tools_slurp(dump);
    /* counts.c: main runs once, fib 25 times, finish once per run */
    const char *functions[] = {"main", "fib", "finish"};
    for (size_t k = 0; k < 3; k++) {
        unsigned long long want = 0;
        for (size_t i = 0; i < r->nblocks; i++)
            if (!strcmp(r->blocks[i].function, functions[k])) {
                want = tools_scaled(r->blocks[i].mean, 1000);
                break;
            }
        long long got = text ? entry_count(text, functions[k]) : -1;
        ok(want > 0 && got == (long long)want,
           "gcc gives %s's entry the result's %llu executions (auto FDO: %lld)", functions[k], want, got);
    }
    free(text);
    /* a file that is not one is refused by gcc, so the test above can fail */
    FILE *f = fopen(prof, "w");
    if (f) {
        fputs("not a profile\n", f);
        fclose(f);
    }
    snprintf(cmd, sizeof cmd, "'%s' -O2 -fauto-profile='%s' -c '%s/tests/e2e/programs/counts.c' -o '%s'",
             GCC_PROGRAM, prof, FREQSYS_SOURCE_DIR, tools_path("bad.o"));
    ok(tools_sh(cmd, NULL, NULL) != 0, "gcc refuses a file that is not an AutoFDO profile");
    result_free(r);

    /* one_line_chain.c: classify's rare `controls++` shares its line with the hot
     * tests, so the line's one count would make it look as hot as they are; classify is
     * left out, and weight, which it calls, with it; main keeps its counts */
    r = tools_result("tests/e2e/programs/one_line_chain.fspec", "chain.json");
    char chain[1024], chain_line[1024], chain_dump[1024];
    snprintf(chain, sizeof chain, "%s", tools_path("chain.afdo"));
    snprintf(chain_line, sizeof chain_line, "%s", tools_path("chain-line.afdo"));
    snprintf(chain_dump, sizeof chain_dump, "%s", tools_path("chain.dump"));
    snprintf(cmd, sizeof cmd, "'%s' report '%s' --format afdo -o '%s'", TOOLS_FREQSYS,
             tools_path("chain.json"), chain);
    rc = tools_sh(cmd, NULL, &err);
    ok(rc == 0 && err && strstr(err, "note: classify left out: at one_line_chain.c:15 ") &&
           strstr(err, "note: weight left out with its caller classify"),
       "the export says classify is left out for its line 15, and weight with it");
    if (rc != 0 || !err) diag("%s", err ? err : "");
    free(err);
    /* the near miss: one count per line for every function (--no-discriminators) */
    snprintf(cmd, sizeof cmd, "'%s' report '%s' --format afdo --no-discriminators -o '%s'", TOOLS_FREQSYS,
             tools_path("chain.json"), chain_line);
    is_int(tools_sh(cmd, NULL, NULL), 0, "and with --no-discriminators it writes every function");
    long long entries[2][3];
    const char *profiles[2] = {chain, chain_line}, *names[3] = {"main", "classify", "weight"};
    for (int k = 0; k < 2; k++) {
        snprintf(cmd, sizeof cmd,
                 "'%s' -O2 -fno-inline -Wall -Werror -fauto-profile='%s' -c "
                 "'%s/tests/e2e/programs/one_line_chain.c' -o '%s' -fdump-tree-optimized-blocks-details='%s'",
                 GCC_PROGRAM, profiles[k], FREQSYS_SOURCE_DIR, tools_path("chain.o"), chain_dump);
        if (tools_sh(cmd, NULL, &err) != 0) diag("%s", err ? err : "");
        free(err);
        text = tools_slurp(chain_dump);
        for (int f = 0; f < 3; f++) {
            char key[64];
            snprintf(key, sizeof key, ";; Function %s (", names[f]);
            entries[k][f] = text && strstr(text, key) ? entry_count(text, names[f]) : -2;
        }
        free(text);
    }
    unsigned long long main_entry = 0;
    for (size_t i = 0; i < r->nblocks && !main_entry; i++)
        if (!strcmp(r->blocks[i].function, "main")) main_entry = tools_scaled(r->blocks[i].mean, 1000);
    ok(entries[0][0] == (long long)main_entry, "gcc gives main's entry the result's %llu (auto FDO: %lld)",
       main_entry, entries[0][0]);
    ok(entries[0][1] == -1 && entries[0][2] == -1,
       "and estimates classify and weight itself, with no auto FDO count (%lld, %lld)", entries[0][1],
       entries[0][2]);
    ok(entries[1][1] > 0 && entries[1][2] > 0,
       "where the file with every function gives them counts (%lld, %lld)", entries[1][1], entries[1][2]);
    result_free(r);
    tools_cleanup();
    return done();
}
