/* tests/report/report_sample-t.c: the sample profile, used by clang -fprofile-sample-use and read by
 * llvm-profdata: both see the result's scaled counts. */
/* SPDX-License-Identifier: MIT */
/* One count per line (--no-discriminators); report_discriminators-t checks the places. */
#include "tools.h"

/* The declaration line of FUNCTION in R, or 0. */
static int declared(const result *r, const char *function) {
    for (size_t k = 0; k < r->nfunctions; k++)
        if (!strcmp(r->functions[k].name, function)) return r->functions[k].line;
    return 0;
}

/* The function of R declared last at or before LINE: the one a line belongs to. */
static const char *owner(const result *r, int line) {
    const char *best = NULL;
    int at = 0;
    for (size_t k = 0; k < r->nfunctions; k++)
        if (r->functions[k].line <= line && r->functions[k].line > at)
            at = r->functions[k].line, best = r->functions[k].name;
    return best;
}

/* What the profile must say of FUNCTION: total samples, head samples, sampled lines. */
static void expected(const result *r, const char *function, double scale, unsigned long long *total,
                     unsigned long long *head, int *lines) {
    int decl = declared(r, function);
    *total = *head = 0;
    *lines = 0;
    int first = 1;
    for (size_t i = 0; i < r->nblocks; i++) {
        const result_block *b = &r->blocks[i];
        if (strcmp(b->function, function) != 0) continue;
        if (first) *head = tools_scaled(b->mean, scale), first = 0;
        int earlier = 0;
        for (size_t j = 0; j < i; j++)
            earlier |= !strcmp(r->blocks[j].function, function) && r->blocks[j].line == b->line;
        if (earlier || b->line < decl) continue;
        (*lines)++;
        *total += (unsigned long long)tools_line_count(r, b->file, b->line, function, scale);
    }
}

/* Compiles SOURCE with the profile, checks that clang is silent but for the remarks of
 * the samples it applied, and that each applied count is the result's. */
static void compile(const result *r, const char *source, const char *file, const char *prof,
                    const char *name) {
    char cmd[4096], *err = NULL;
    snprintf(cmd, sizeof cmd,
             "'%s' -O2 -gline-tables-only -fprofile-sample-use='%s' -Werror -Wall -c '%s/%s' "
             "-o '%s/%s.o' -Rpass-analysis=sample-profile",
             CLANG_PROGRAM, prof, FREQSYS_SOURCE_DIR, source, tools_dir, name);
    int rc = tools_sh(cmd, NULL, &err);
    if (!is_int(rc, 0, "%s: clang -O2 -fprofile-sample-use -Werror compiles", name))
        diag("%s", err ? err : "");
    ok(err && !strstr(err, "warning:"), "%s: ...without a warning", name);
    int remarks = 0, bad = 0, functions_seen[16] = {0};
    for (const char *p = err; p && (p = strstr(p, ": remark: Applied ")); p++) {
        const char *colon = p;
        while (colon > err && colon[-1] != '\n') colon--;
        int line = 0;
        unsigned long long n = 0;
        int offset = -1;
        const char *at = strstr(colon, file);
        if (at && at < p) line = atoi(at + strlen(file) + 1);
        if (sscanf(p, ": remark: Applied %llu samples from profile (offset: %d", &n, &offset) != 2) continue;
        remarks++;
        const char *fn = owner(r, line);
        long long want = fn ? tools_line_count(r, file, declared(r, fn) + offset, fn, 1000) : -2;
        if ((long long)n != want && !bad++)
            diag("%s:%d (offset %d): clang applied %llu samples, the result says %lld", file, line, offset, n,
                 want);
        for (size_t k = 0; fn && k < r->nfunctions && k < 16; k++)
            if (!strcmp(r->functions[k].name, fn)) functions_seen[k] = 1;
    }
    int seen = 0;
    for (size_t k = 0; k < r->nfunctions && k < 16; k++) seen += functions_seen[k];
    ok(remarks > 0 && bad == 0, "%s: clang applied %d line counts, each the result's (%d differ)", name,
       remarks, bad);
    is_int(seen, (long long)r->nfunctions, "%s: ...in every function", name);
    free(err);
}

/* llvm-profdata reads the profile back with the totals and head counts of the result. */
static void profdata(const result *r, const char *prof, double scale, const char *name) {
    char cmd[2048], *out = NULL, *err = NULL;
    snprintf(cmd, sizeof cmd, "'%s' show --sample '%s'", LLVM_PROFDATA_PROGRAM, prof);
    int rc = tools_sh(cmd, &out, &err);
    if (!is_int(rc, 0, "%s: llvm-profdata show --sample reads it", name)) diag("%s", err ? err : "");
    for (size_t k = 0; k < r->nfunctions; k++) {
        const char *fn = r->functions[k].name;
        unsigned long long total, head, got_total = 0, got_head = 0;
        int lines, got_lines = -1;
        expected(r, fn, scale, &total, &head, &lines);
        char key[256];
        snprintf(key, sizeof key, "Function: %s: ", fn);
        const char *p = out ? strstr(out, key) : NULL;
        if (p) sscanf(p + strlen(key), "%llu, %llu, %d sampled lines", &got_total, &got_head, &got_lines);
        ok(got_total == total && got_head == head && got_lines == lines,
           "%s: %s has %llu samples, %llu at the head, %d lines (llvm-profdata: %llu, %llu, %d)", name, fn,
           total, head, lines, got_total, got_head, got_lines);
    }
    free(out);
    free(err);
}

static void check(const char *spec, const char *source, const char *file, const char *name) {
    char json[64], prof[64], cmd[2048], *err = NULL;
    snprintf(json, sizeof json, "%s.json", name);
    result *r = tools_result(spec, json);
    snprintf(prof, sizeof prof, "%s.prof", name);
    snprintf(cmd, sizeof cmd, "'%s' report '%s' --format sample --no-discriminators -o '%s'", TOOLS_FREQSYS,
             tools_path(json), tools_path(prof));
    if (!is_int(tools_sh(cmd, NULL, &err), 0, "%s: freqsys report --format sample succeeds", name))
        diag("%s", err ? err : "");
    free(err);
    compile(r, source, file, tools_path(prof), name);
    profdata(r, tools_path(prof), 1000, name);
    snprintf(cmd, sizeof cmd, "'%s' report '%s' --format sample --no-discriminators --scale 7 -o '%s'",
             TOOLS_FREQSYS, tools_path(json), tools_path("scale7.prof"));
    is_int(tools_sh(cmd, NULL, NULL), 0, "%s: with --scale 7", name);
    profdata(r, tools_path("scale7.prof"), 7, name);
    result_free(r);
}

int main(void) {
    tools_need(CLANG_PROGRAM, "clang-19", "clang-19");
    tools_need(LLVM_PROFDATA_PROGRAM, "llvm-profdata-19", "llvm-19");
    /* per program: export, 4 from clang, 2 x (read + one per function) and --scale */
    plan((1 + 4 + 2 * (1 + 3) + 1) + (1 + 4 + 2 * (1 + 1) + 1));
    tools_tmpdir();
    check("tests/e2e/programs/counts.fspec", "tests/e2e/programs/counts.c", "counts.c", "counts");
    check("examples/branches/branches.fspec", "examples/branches/branches.c", "branches.c", "branches");
    tools_cleanup();
    return done();
}
