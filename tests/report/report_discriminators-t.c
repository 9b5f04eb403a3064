/* tests/report/report_discriminators-t.c: the sample and afdo exports keep a rare branch written on its
 * condition's line apart, as clang and gcc read them. */
/* SPDX-License-Identifier: MIT */
#include "tools.h"

#define SPEC   "tests/e2e/programs/one_line_if.fspec"
#define SOURCE "tests/e2e/programs/one_line_if.c"

static const result_block *block(const result *r, const char *function, const char *label) {
    for (size_t i = 0; i < r->nblocks; i++)
        if (!strcmp(r->blocks[i].function, function) && !strcmp(r->blocks[i].block, label))
            return &r->blocks[i];
    return NULL;
}

/* Weights are unsigned 32-bit numbers, which the IR prints as signed. */
static double weight(long long w) {
    return (double)(w < 0 ? w + 4294967296LL : w);
}

/* From clang's IR (IR, at -O2 with the sample profile PROF): the weight of the way to
 * the rare call and of the other ways out of the test of c against 255, which clang
 * makes a switch on getchar()'s value with the cases -1 (EOF) and 255. Returns 0, or
 * -1 when the IR has no such switch with weights. */
static int rare_weights(const char *ir, double *rare, double *other) {
    const char *sw = strstr(ir, "switch i32");
    const char *end = sw ? strstr(sw, "]") : NULL;
    const char *prof = end ? strstr(end, "!prof !") : NULL;
    if (!prof) return -1;
    /* the cases, one a line after the default, in the weights' order */
    int index_255 = -1, k = 1;
    for (const char *p = strstr(sw, "[\n"); p && (p = strstr(p + 1, "\n    i32 ")) && p < end; k++)
        if (!strncmp(p + 9, "255,", 4)) index_255 = k;
    char key[64];
    snprintf(key, sizeof key, "\n!%d = !{!\"branch_weights\"", atoi(prof + 7));
    const char *w = strstr(ir, key);
    long long v[8];
    int n = 0;
    for (const char *p = w ? strstr(w, "i32 ") : NULL; p && n < 8 && p < strchr(w + 1, '\n');
         p = strstr(p + 1, "i32 "))
        v[n++] = atoll(p + 4);
    if (index_255 < 0 || index_255 >= n) return -1;
    *rare = weight(v[index_255]);
    *other = 0;
    for (int j = 0; j < n; j++)
        if (j != index_255) *other = weight(v[j]) > *other ? weight(v[j]) : *other;
    return 0;
}

/* Exports R's sample profile (with the export's options OPTS), compiles the program
 * with it (no warning allowed) and reads the weights. */
static int sample_weights(const char *opts, const char *name, double *rare, double *other) {
    char cmd[8192], *err = NULL, prof[1024], ir[1100];
    snprintf(prof, sizeof prof, "%s", tools_path(name));
    snprintf(ir, sizeof ir, "%s.ll", prof);
    snprintf(
        cmd, sizeof cmd,
        "cd '%s' && '%s' report '%s' --format sample %s -o '%s' && '%s' -O2 -gline-tables-only -Wall -Werror "
        "-fprofile-sample-use='%s' -S -emit-llvm '%s' -o '%s'",
        FREQSYS_SOURCE_DIR, TOOLS_FREQSYS, tools_path("r.json"), opts, prof, CLANG_PROGRAM, prof, SOURCE, ir);
    int rc = tools_sh(cmd, NULL, &err);
    if (rc != 0) diag("%s", err ? err : "");
    free(err);
    char *text = tools_slurp(ir);
    int got = rc == 0 && text ? rare_weights(text, rare, other) : -1;
    free(text);
    return got;
}

/* clang's own numbering, as its AddDiscriminators pass leaves the IR (DUMP: the
 * module printed after it): whether FUNCTION (declared on DECL) has an instruction
 * on line DECL + OFFSET with base discriminator D. Metadata: "!N = !DILocation(line:
 * L, column: C, scope: !S)" and "!S = !DILexicalBlockFile(..., discriminator: X)",
 * where X encodes D as D << 1 for the small numbers here. */
static int clang_has(const char *dump, const char *function, int decl, int offset, unsigned d) {
    char key[256];
    snprintf(key, sizeof key, "@%s(", function);
    const char *body = NULL;
    for (const char *p = dump; !body && (p = strstr(p, "\ndefine ")); p++) {
        const char *eol = strchr(p + 1, '\n'), *at = strstr(p, key);
        body = at && eol && at < eol ? eol : NULL;
    }
    const char *end = body ? strstr(body, "\n}\n") : NULL;
    for (const char *p = body; p && end && (p = strstr(p, "!dbg !")) && p < end; p += 6) {
        const char *line_start = p;
        while (line_start > body && line_start[-1] != '\n') line_start--;
        if (strstr(line_start, "call void @llvm.") && strstr(line_start, "call void @llvm.") < p) continue;
        char want[64];
        snprintf(want, sizeof want, "\n!%d = !DILocation(line: ", atoi(p + 6));
        const char *loc = strstr(dump, want);
        if (!loc) continue;
        int line = atoi(loc + strlen(want));
        const char *scope = strstr(loc, "scope: !"), *eol = strchr(loc + 1, '\n'),
                   *inlined = strstr(loc, "inlinedAt");
        if (line != decl + offset || !scope || (inlined && eol && inlined < eol)) continue;
        snprintf(want, sizeof want, "\n!%d = !DILexicalBlockFile(", atoi(scope + 8));
        const char *file = strstr(dump, want);
        const char *disc = file ? strstr(file, "discriminator: ") : NULL;
        unsigned x = disc && disc < strchr(file + 1, '\n') ? (unsigned)atoi(disc + 15) : 0;
        unsigned base = x & 1 ? 0 : (x >> 1) & 0x1f;
        if (base == d) return 1;
    }
    return 0;
}

/* Checks every place of the sample profile PROF against clang's numbering of the same
 * program (SOURCE, its functions declared as R says): returns how many places clang
 * does not have (each said), or -1 when a step fails. */
static int places_against_clang(const result *r, const char *prof, const char *source, int *places) {
    char cmd[4096], *err = NULL, dump[1024];
    snprintf(dump, sizeof dump, "%s.dump", prof);
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' -O2 -gline-tables-only -fprofile-sample-use='%s' -mllvm "
             "-print-after=add-discriminators "
             "-mllvm -print-module-scope -S -o /dev/null '%s' 2>'%s'",
             FREQSYS_SOURCE_DIR, CLANG_PROGRAM, prof, source, dump);
    int rc = tools_sh(cmd, NULL, &err);
    free(err);
    char *ir = tools_slurp(dump), *text = tools_slurp(prof);
    /* the pass runs function by function, and the module is printed after each: the
     * last print has every function numbered */
    const char *module = ir;
    for (const char *p = ir; p && (p = strstr(p, "IR Dump After")); p++) module = p;
    int missing = rc == 0 && ir && text ? 0 : -1;
    *places = 0;
    char function[256] = "";
    int decl = 0;
    for (char *line = text && missing == 0 ? strtok(text, "\n") : NULL; line; line = strtok(NULL, "\n")) {
        if (line[0] != ' ') {
            sscanf(line, "%255[^:]", function);
            decl = 0;
            for (size_t k = 0; k < r->nfunctions; k++)
                if (!strcmp(r->functions[k].name, function)) decl = r->functions[k].line;
            continue;
        }
        if (line[1] == '!') continue; /* metadata (the pre-inlined mark), no place */
        int offset = 0;
        unsigned d = 0;
        if (sscanf(line, " %d.%u:", &offset, &d) < 2) d = 0;
        (*places)++;
        if (!clang_has(module, function, decl, offset, d)) {
            missing++;
            diag("%s: place %d.%u is not clang's", function, offset, d);
        }
    }
    free(ir);
    free(text);
    return missing;
}

int main(void) {
    tools_need(CLANG_PROGRAM, "clang-19", "clang-19");
    tools_need(LLVM_PROFDATA_PROGRAM, "llvm-profdata-19", "llvm-19");
    tools_need(GCC_PROGRAM, "gcc-12", "gcc");
    plan(2 + 2 + 2 + 1);
    tools_tmpdir();
    char cmd[8192], *err = NULL, *out = NULL;
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' run %s -q -n 2000 -o '%s'; test $? -le 1", FREQSYS_SOURCE_DIR,
             TOOLS_FREQSYS, SPEC, tools_path("r.json"));
    if (tools_sh(cmd, NULL, &err) != 0) bail("freqsys run: %s", err ? err : "");
    free(err);
    char msg[512];
    result *r;
    if (result_read_json(tools_path("r.json"), &r, msg, sizeof msg) != RESULT_OK) bail("%s", msg);
    const result_block *then = block(r, "main", "if.then"), *body = block(r, "main", "while.body");
    int main_line = 0;
    for (size_t k = 0; k < r->nfunctions; k++)
        if (!strcmp(r->functions[k].name, "main")) main_line = r->functions[k].line;
    if (!then || !body || !main_line || then->line != body->line)
        bail("the program's one-line if is not as the test expects");

    /* the profile as llvm-profdata reads it: the if's line once for the condition's
     * block, once with a discriminator for the rare call's */
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' report '%s' --format sample -o '%s' && '%s' show --sample '%s'",
             FREQSYS_SOURCE_DIR, TOOLS_FREQSYS, tools_path("r.json"), tools_path("d.prof"),
             LLVM_PROFDATA_PROGRAM, tools_path("d.prof"));
    int rc = tools_sh(cmd, &out, &err);
    char want_then[256], want_cond[256];
    unsigned long long n_then = tools_scaled(then->mean, 1000), n_body = tools_scaled(body->mean, 1000);
    snprintf(want_then, sizeof want_then, "  %d.1: %llu, calls: rare:%llu\n", then->line - main_line, n_then,
             n_then);
    snprintf(want_cond, sizeof want_cond, "  %d: %llu\n", body->line - main_line, n_body);
    ok(rc == 0 && out && strstr(out, want_then), "llvm-profdata reads the rare call's own place: '%.*s'",
       (int)strlen(want_then) - 1, want_then);
    ok(rc == 0 && out && strstr(out, want_cond), "...and the condition's: '%.*s'", (int)strlen(want_cond) - 1,
       want_cond);
    if (rc != 0) diag("%s", err ? err : "");
    free(out);
    free(err);

    /* clang's weights: about the truth's 1000:1 (0.1% of the bytes are 255); without
     * the discriminators (no spec to compile) the line's one count makes them even */
    double rare = 0, other = 0, rare0 = 0, other0 = 0;
    int got = sample_weights("", "with.prof", &rare, &other);
    ok(got == 0 && rare > 0 && other / rare > 300 && other / rare < 3000,
       "clang -fprofile-sample-use weighs the other ways %.0f : 1 against the rare call",
       rare > 0 ? other / rare : 0);
    got = sample_weights("--no-discriminators", "without.prof", &rare0, &other0);
    ok(got == 0 && rare0 > 0 && other0 / rare0 < 2,
       "...where one count per line (--no-discriminators) gave %.1f : 1", rare0 > 0 ? other0 / rare0 : 0);

    /* every place is one clang numbers so, here and in a program whose loops declare
     * their variables (the -O2 front end's lifetime blocks take numbers too) */
    int places = 0, missing = places_against_clang(r, tools_path("with.prof"), SOURCE, &places);
    ok(missing == 0 && places > 5, "each of the %d places is clang's own (%d are not)", places, missing);
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' run tests/e2e/programs/loop_places.fspec -q -n 300 -o '%s'; test $? -le 1 "
             "&& '%s' report '%s' --format sample -o '%s'",
             FREQSYS_SOURCE_DIR, TOOLS_FREQSYS, tools_path("loops.json"), TOOLS_FREQSYS,
             tools_path("loops.json"), tools_path("loops.prof"));
    result *loops = NULL;
    if (tools_sh(cmd, NULL, NULL) != 0 ||
        result_read_json(tools_path("loops.json"), &loops, msg, sizeof msg) != RESULT_OK)
        bail("freqsys run or report of loop_places.fspec failed");
    missing =
        places_against_clang(loops, tools_path("loops.prof"), "tests/e2e/programs/loop_places.c", &places);
    ok(missing == 0 && places > 10, "...and each of the %d places of loops in for statements (%d are not)",
       places, missing);
    result_free(loops);

    /* gcc -fauto-profile: the branch to the rare call below 1% */
    char afdo[1024], dump_path[1024];
    snprintf(afdo, sizeof afdo, "%s", tools_path("d.afdo"));
    snprintf(dump_path, sizeof dump_path, "%s", tools_path("d.dump"));
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' report '%s' --format afdo -o '%s' && '%s' -O2 -g1 -fauto-profile='%s' -c '%s' "
             "-o '%s' "
             "-fdump-tree-optimized-blocks-details='%s'",
             FREQSYS_SOURCE_DIR, TOOLS_FREQSYS, tools_path("r.json"), afdo, GCC_PROGRAM, afdo, SOURCE,
             tools_path("d.o"), dump_path);
    rc = tools_sh(cmd, NULL, &err);
    if (rc != 0) diag("%s", err ? err : "");
    free(err);
    char *dump = tools_slurp(dump_path);
    const char *cond = dump ? strstr(dump, "== 255)") : NULL;
    double p = -1;
    if (cond && strstr(cond, "goto")) sscanf(strstr(cond, "goto"), "goto <bb %*d>; [%lf%%]", &p);
    ok(p >= 0 && p < 1.0, "gcc -fauto-profile sends the one-line if to the rare call %.2f%% of the time", p);
    free(dump);
    result_free(r);
    tools_cleanup();
    return done();
}
