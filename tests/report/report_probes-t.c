/* tests/report/report_probes-t.c: the pseudo-probe export gives each block its own count, as clang reads it.
 */
/* SPDX-License-Identifier: MIT */
#include "tools.h"

#define SPEC       "tests/e2e/programs/one_line_if.fspec"
#define SOURCE     "tests/e2e/programs/one_line_if.c"
#define USE_PROBES "-O2 -gline-tables-only -fpseudo-probe-for-profiling -fno-unique-internal-linkage-names"

static const result_block *block(const result *r, const char *function, const char *label) {
    for (size_t i = 0; i < r->nblocks; i++)
        if (!strcmp(r->blocks[i].function, function) && !strcmp(r->blocks[i].block, label))
            return &r->blocks[i];
    return NULL;
}

/* The IR of SOURCE as clang's sample loader leaves it with the profile PROF and FLAGS
 * (warnings are errors), or NULL. */
static char *annotated(const char *source, const char *prof, const char *flags, const char *name) {
    char cmd[8192], *err = NULL, dump[1024];
    snprintf(dump, sizeof dump, "%s", tools_path(name));
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' %s -Wall -Werror -fno-discard-value-names -fprofile-sample-use='%s' -mllvm "
             "-print-after=sample-profile -S -o /dev/null '%s' 2>'%s'",
             FREQSYS_SOURCE_DIR, CLANG_PROGRAM, flags, prof, source, dump);
    int rc = tools_sh(cmd, NULL, &err);
    if (rc != 0) diag("%s", err ? err : "");
    free(err);
    return rc == 0 ? tools_slurp(dump) : NULL;
}

/* The entry count clang gave FUNCTION in IR, -2 when it has none, -1 when clang found
 * no profile for it. */
static long long entry_count(const char *ir, const char *function) {
    char key[256];
    snprintf(key, sizeof key, "@%s(", function);
    const char *def = NULL;
    for (const char *p = ir; p && !def && (p = strstr(p, "\ndefine ")); p++) {
        const char *eol = strchr(p + 1, '\n'), *at = strstr(p, key);
        def = at && eol && at < eol ? p + 1 : NULL;
    }
    const char *prof = def ? strstr(def, "!prof !") : NULL;
    if (!prof || prof > strchr(def, '\n')) return -2;
    snprintf(key, sizeof key, "\n!%d = !{!\"function_entry_count\", i64 ", atoi(prof + 7));
    const char *c = strstr(ir, key);
    return c ? atoll(c + strlen(key)) : -2;
}

/* The weights of the branch in IR to the labels TAKEN and NOT (its first such branch). */
static int branch_weights(const char *ir, const char *taken, const char * not, double *a, double *b) {
    char key[256];
    snprintf(key, sizeof key, "label %%%s, label %%%s, ", taken, not);
    const char *br = ir ? strstr(ir, key) : NULL;
    const char *prof = br ? strstr(br, "!prof !") : NULL;
    if (!prof || prof > strchr(br, '\n')) return -1;
    snprintf(key, sizeof key, "\n!%d = !{!\"branch_weights\", i32 ", atoi(prof + 7));
    const char *w = strstr(ir, key);
    if (!w || sscanf(w + strlen(key), "%lf, i32 %lf", a, b) != 2) return -1;
    return 0;
}

int main(void) {
    tools_need(CLANG_PROGRAM, "clang-19", "clang-19");
    tools_need(LLVM_PROFDATA_PROGRAM, "llvm-profdata-19", "llvm-19");
    plan(7);
    tools_tmpdir();
    char cmd[8192], *err = NULL, *out = NULL, msg[512];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' run %s -q -n 2000 -o '%s'; test $? -le 1", FREQSYS_SOURCE_DIR,
             TOOLS_FREQSYS, SPEC, tools_path("r.json"));
    if (tools_sh(cmd, NULL, &err) != 0) bail("freqsys run: %s", err ? err : "");
    free(err);
    result *r;
    if (result_read_json(tools_path("r.json"), &r, msg, sizeof msg) != RESULT_OK) bail("%s", msg);
    const result_block *then = block(r, "main", "if.then"), *body = block(r, "main", "while.body");
    const result_block *rare = block(r, "rare", "entry");
    if (!then || !body || !rare || then->line != body->line)
        bail("the program's one-line if is not as the test expects");

    /* llvm-profdata reads it as a probe profile: a checksum for each function */
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' report '%s' --format sample-probes -o '%s' && '%s' show --sample '%s'",
             FREQSYS_SOURCE_DIR, TOOLS_FREQSYS, tools_path("r.json"), tools_path("p.prof"),
             LLVM_PROFDATA_PROGRAM, tools_path("p.prof"));
    int rc = tools_sh(cmd, &out, &err);
    ok(rc == 0 && out && strstr(out, "Function: main: CFG checksum") &&
           strstr(out, "Function: rare: CFG checksum"),
       "llvm-profdata reads a probe profile with main's and rare's checksums");
    if (rc != 0) diag("%s", err ? err : "");
    free(out);
    free(err);

    /* clang matches the checksums and takes the counts: the static rare's entry count is
     * its block's, and the one-line if's rare arm weighs as the run counted it */
    char *ir = annotated(SOURCE, tools_path("p.prof"), USE_PROBES, "use.ll");
    long long want = (long long)tools_scaled(rare->mean, 1000);
    ok(entry_count(ir, "rare") == want, "clang gives the static rare the entry count %lld (want %lld)",
       entry_count(ir, "rare"), want);
    ok(entry_count(ir, "main") == (long long)tools_scaled(1.0, 1000), "...and main its one call per run");
    double to_rare = 0, past = 0;
    double truth = then->mean / (body->mean - then->mean);
    int got = branch_weights(ir, "if.then", "if.end", &to_rare, &past);
    ok(got == 0 && past > 0 && fabs(to_rare / past - truth) <= 0.01 * truth + 1.0 / past,
       "the one-line if's weights %.0f : %.0f are the run's %.5f (the line profile's are even)", to_rare,
       past, truth);
    free(ir);

    /* without -fno-unique-internal-linkage-names the build renames static functions,
     * and clang finds no profile for them (docs/exports.md asks for the flag) */
    ir = annotated(SOURCE, tools_path("p.prof"), "-O2 -gline-tables-only -fpseudo-probe-for-profiling",
                   "uniq.ll");
    const char *renamed = ir ? strstr(ir, "rarej.__uniq.") : NULL;
    char uniq[256] = "";
    if (renamed) sscanf(renamed - 4, "%255[^(]", uniq);
    ok(entry_count(ir, "main") == 1000 && *uniq && entry_count(ir, uniq) == -1,
       "with unique names main still matches, but the renamed %s finds no profile", uniq);
    free(ir);

    /* a switch whose empty case has a block at -O0 (the run's) but none in the -O2
     * front end's code: the export still matches every other block */
    FILE *f = fopen(tools_path("sw.c"), "w");
    if (!f ||
        fputs("#include <stdio.h>\nint main(void) {\n    int c;\n    long acc = 0;\n"
              "    while ((c = getchar()) != EOF) {\n        switch (c) {\n"
              "        case 'a': acc += 1; break;\n        case '\\n': break;\n"
              "        case 'b': acc *= 3; break;\n        default: acc += 2; break;\n        }\n    }\n"
              "    printf(\"%ld\\n\", acc);\n    return 0;\n}\n",
              f) < 0 ||
        fclose(f) != 0)
        bail("cannot write sw.c");
    f = fopen(tools_path("sw.fspec"), "w");
    if (!f ||
        fputs("program \"sw.c\"\nstdin ~ text(uniform_int(50, 100), discrete(97: 5, 10: 1, 98: 2, 99: 2))\n"
              "epsilon 2%\nseed 3\n",
              f) < 0 ||
        fclose(f) != 0)
        bail("cannot write sw.fspec");
    snprintf(cmd, sizeof cmd,
             "'%s' run '%s' -q -n 500 -o '%s'; test $? -le 1 && '%s' report '%s' --format "
             "sample-probes -o '%s'",
             TOOLS_FREQSYS, tools_path("sw.fspec"), tools_path("sw.json"), TOOLS_FREQSYS,
             tools_path("sw.json"), tools_path("sw.prof"));
    err = NULL;
    rc = tools_sh(cmd, NULL, &err);
    ok(rc == 0, "the switch's profile is written");
    if (rc != 0) diag("%s", err ? err : "");
    free(err);
    ir = rc == 0 ? annotated(tools_path("sw.c"), tools_path("sw.prof"), USE_PROBES, "sw.ll") : NULL;
    ok(entry_count(ir, "main") == 1000, "...and clang takes it: main's entry count %lld",
       entry_count(ir, "main"));
    free(ir);
    result_free(r);
    tools_cleanup();
    return done();
}
