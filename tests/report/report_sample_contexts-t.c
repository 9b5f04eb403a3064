/* tests/report/report_sample_contexts-t.c: the context-sensitive sample profile, read by llvm-profdata and
 * used by clang's sample-profile inliner: both see each context's scaled counts. */
/* SPDX-License-Identifier: MIT */
#include "tools.h"

#define SPEC   "tests/e2e/programs/contexts.fspec"
#define SOURCE "tests/e2e/programs/contexts.c"

static int declared(const result *r, const char *function) {
    for (size_t k = 0; k < r->nfunctions; k++)
        if (!strcmp(r->functions[k].name, function)) return r->functions[k].line;
    return 0;
}

/* LLVM's name of context C as llvm-profdata prints it: "main:5 @ work", or "work". */
static void name_of(const result *r, const result_context *c, char *buf, size_t size) {
    size_t n = 0;
    buf[0] = '\0';
    for (size_t k = 0; !strcmp(c->kind, "calls") && k < c->ncalls; k++)
        n += (size_t)snprintf(buf + n, size - n, "%s:%d @ ", c->calls[k].function,
                              c->calls[k].line - declared(r, c->calls[k].function));
    snprintf(buf + n, size - n, "%s", c->function);
}

/* The blocks of FUNCTION in R start at *FIRST. */
static size_t first_block(const result *r, const char *function) {
    for (size_t i = 0; i < r->nblocks; i++)
        if (!strcmp(r->blocks[i].function, function)) return i;
    return r->nblocks;
}

/* The samples of FUNCTION's body line KEY ("3" or "3.1") in the profile TEXT, summed
 * over its entries: the context-less "FUNCTION:" and, when CONTEXTS, every
 * "[... @ FUNCTION]" and "[FUNCTION]"; *ENTRIES counts the entries that have the key. */
static unsigned long long samples_at(const char *text, const char *function, const char *key, int contexts,
                                     int *entries) {
    unsigned long long sum = 0;
    int in = 0;
    *entries = 0;
    size_t fl = strlen(function), kl = strlen(key);
    for (const char *line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (*line != ' ') {
            const char *colon = line[0] == '[' ? strstr(line, "]:") : strchr(line, ':');
            size_t n = colon ? (size_t)(colon - line) : 0;
            in = contexts ? line[0] == '[' && n > fl && !strncmp(colon - fl, function, fl) &&
                                (colon[-(long)fl - 1] == '[' || colon[-(long)fl - 1] == ' ')
                          : line[0] != '[' && n == fl && !strncmp(line, function, fl);
            continue;
        }
        unsigned long long v;
        if (in && !strncmp(line + 1, key, kl) && line[1 + kl] == ':' &&
            sscanf(line + 2 + kl, " %llu", &v) == 1) {
            sum += v;
            (*entries)++;
        }
    }
    return sum;
}

/* What llvm-profdata must show of the entry NAME: the contexts with that name summed
 * block by block, each line's largest scaled count, their sum, the entry's count. */
static void expected(const result *r, const char *name, unsigned long long *total, unsigned long long *head,
                     int *lines) {
    double mean[64] = {0};
    const result_context *one = NULL;
    for (size_t i = 0; i < r->ncontexts; i++) {
        char other[512];
        name_of(r, &r->contexts[i], other, sizeof other);
        if (strcmp(other, name) != 0) continue;
        one = &r->contexts[i];
        for (size_t j = 0; j < one->nblocks && j < 64; j++) mean[j] += one->blocks[j].mean;
    }
    *total = *head = 0;
    *lines = 0;
    if (!one) return;
    size_t b0 = first_block(r, one->function);
    int decl = declared(r, one->function);
    *head = tools_scaled(mean[0], 1000);
    for (size_t j = 0; j < one->nblocks && j < 64; j++) {
        const result_block *b = &r->blocks[b0 + j];
        int earlier = 0;
        for (size_t k = 0; k < j; k++) earlier |= r->blocks[b0 + k].line == b->line;
        if (earlier || b->line < decl) continue;
        unsigned long long most = 0;
        for (size_t k = j; k < one->nblocks && k < 64; k++)
            if (r->blocks[b0 + k].line == b->line && tools_scaled(mean[k], 1000) > most)
                most = tools_scaled(mean[k], 1000);
        (*lines)++;
        *total += most;
    }
}

int main(void) {
    tools_need(CLANG_PROGRAM, "clang-19", "clang-19");
    tools_need(LLVM_PROFDATA_PROGRAM, "llvm-profdata-19", "llvm-19");
    plan(18);
    tools_tmpdir();
    result *r = tools_result(SPEC " --contexts -s 5", "contexts.json");
    char cmd[4096], *out = NULL, *err = NULL;
    snprintf(cmd, sizeof cmd, "'%s' report '%s' --format sample --contexts -o '%s'", TOOLS_FREQSYS,
             tools_path("contexts.json"), tools_path("cs.prof"));
    if (!is_int(tools_sh(cmd, NULL, &err), 0, "freqsys report --format sample --contexts succeeds"))
        diag("%s", err ? err : "");
    free(err);
    err = NULL;
    /* the plain export's pre-inlined mark would make clang inline every context */
    char *text = tools_slurp(tools_path("cs.prof"));
    ok(text && !strstr(text, "!Attributes"), "...and marks no context pre-inlined");
    free(text);

    /* with the blocks' places, each line's blocks are told apart by clang's
     * discriminators as in the plain export, and a function's contexts add up, place by
     * place, to the plain export's count of it (each rounded once per context) */
    snprintf(cmd, sizeof cmd, "'%s' report '%s' --format sample -o '%s'", TOOLS_FREQSYS,
             tools_path("contexts.json"), tools_path("plain.prof"));
    tools_sh(cmd, NULL, NULL);
    char *plain = tools_slurp(tools_path("plain.prof"));
    text = tools_slurp(tools_path("cs.prof"));
    static const char *const places[] = {"2", "3", "3.1", "3.2", "4", "5", "6", "7"};
    int adds_up = plain && text, split = 0;
    for (size_t k = 0; adds_up && k < sizeof places / sizeof *places; k++) {
        int in_plain = 0, in_contexts = 0;
        unsigned long long whole = samples_at(plain, "work", places[k], 0, &in_plain);
        unsigned long long parts = samples_at(text, "work", places[k], 1, &in_contexts);
        adds_up &= in_plain == 1 && in_contexts == 4 && parts + 4 >= whole && parts <= whole + 4;
        split |= strchr(places[k], '.') && in_contexts == 4;
        if (!adds_up)
            diag("work %s: %llu in the plain profile, %llu over %d contexts", places[k], whole, parts,
                 in_contexts);
    }
    ok(split, "the contexts' bodies have the discriminators of the plain export (work 3.1 and 3.2)");
    ok(adds_up, "and work's four contexts add up to the plain export's count at each of its places");
    free(plain);
    free(text);

    /* one count per line (--no-discriminators): the contexts' means, checked line by line */
    snprintf(
        cmd, sizeof cmd,
        "'%s' report '%s' --format sample --contexts --no-discriminators -o '%s' && '%s' show --sample '%s'",
        TOOLS_FREQSYS, tools_path("contexts.json"), tools_path("cs-line.prof"), LLVM_PROFDATA_PROGRAM,
        tools_path("cs-line.prof"));
    if (!is_int(tools_sh(cmd, &out, &err), 0, "llvm-profdata show --sample reads it"))
        diag("%s", err ? err : "");
    /* each name below is one entry: work's four contexts through direct calls (the two
     * calls in twice() are on one line, so LLVM sees one), work entered through a
     * pointer, main, and twice */
    static const char *const names[] = {"main:5 @ work", "main:7 @ work", "main:8 @ twice:2 @ work",
                                        "work",          "main",          "main:8 @ twice"};
    for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
        unsigned long long total, head, got_total = 0, got_head = 0;
        int lines, got_lines = -1;
        expected(r, names[k], &total, &head, &lines);
        char key[256];
        snprintf(key, sizeof key, "Function: %s: ", names[k]);
        const char *p = out ? strstr(out, key) : NULL;
        if (p) sscanf(p + strlen(key), "%llu, %llu, %d sampled lines", &got_total, &got_head, &got_lines);
        ok(head > 0 && got_total == total && got_head == head && got_lines == lines,
           "[%s]: %llu samples, %llu at the head, %d lines (llvm-profdata: %llu, %llu, %d)", names[k], total,
           head, lines, got_total, got_head, got_lines);
    }
    free(out);
    free(err);
    out = err = NULL;

    /* clang reads the contexts: its sample-profile inliner inlines work() into main
     * "to match profiling context", which only a context-sensitive profile asks for */
    snprintf(cmd, sizeof cmd,
             "'%s' -O2 -gline-tables-only -fprofile-sample-use='%s' -Werror -Wall -c '%s/%s' -o '%s' "
             "-Rpass=sample-profile-inline",
             CLANG_PROGRAM, tools_path("cs.prof"), FREQSYS_SOURCE_DIR, SOURCE, tools_path("contexts.o"));
    if (!is_int(tools_sh(cmd, &out, &err), 0, "clang -O2 -fprofile-sample-use -Werror compiles with it"))
        diag("%s", err ? err : "");
    ok(err && strstr(err, "'work' inlined into 'main' to match profiling context") &&
           strstr(err, "at callsite twice:2:12 @ main:8:10"),
       "clang inlines work() where its profile's contexts say");
    free(out);
    free(err);
    out = err = NULL;

    /* functions entered in one context only, leaf and once (leaf's one caller), are
     * written context-less, so that clang's ordinary inliner weighs them; shared keeps
     * its two contexts */
    result_free(r);
    r = tools_result("tests/e2e/programs/single_context.fspec --contexts", "single.json");
    snprintf(cmd, sizeof cmd,
             "'%s' report '%s' --format sample --contexts -o '%s' && '%s' show --sample '%s'", TOOLS_FREQSYS,
             tools_path("single.json"), tools_path("single.prof"), LLVM_PROFDATA_PROGRAM,
             tools_path("single.prof"));
    if (!is_int(tools_sh(cmd, &out, &err), 0, "the profile of single_context.c is written and read back"))
        diag("%s", err ? err : "");
    /* the context-less entry is what the plain sample profile says of leaf */
    char key[256] = "Function: leaf: (missing)";
    plain = NULL;
    snprintf(cmd, sizeof cmd, "'%s' report '%s' --format sample -o '%s' && '%s' show --sample '%s'",
             TOOLS_FREQSYS, tools_path("single.json"), tools_path("plain.prof"), LLVM_PROFDATA_PROGRAM,
             tools_path("plain.prof"));
    tools_sh(cmd, &plain, NULL);
    const char *line = plain ? strstr(plain, "Function: leaf: ") : NULL;
    if (line) snprintf(key, sizeof key, "%.*s", (int)strcspn(line, "\n"), line);
    ok(line && out && strstr(out, key) && strstr(out, "Function: once: ") && !strstr(out, "@ leaf") &&
           !strstr(out, "@ once"),
       "one-context functions are context-less entries, as in the plain profile (%s)", key);
    free(plain);
    ok(out && strstr(out, "Function: main:6 @ shared: ") && strstr(out, "Function: main:7 @ shared: "),
       "a function entered in two contexts keeps both");
    free(out);
    free(err);
    out = err = NULL;

    /* a result without contexts has nothing to write, and --contexts is for sample profiles */
    result_free(r);
    r = tools_result(SPEC, "plain.json");
    snprintf(cmd, sizeof cmd, "'%s' report '%s' --format sample --contexts", TOOLS_FREQSYS,
             tools_path("plain.json"));
    int rc = tools_sh(cmd, &out, &err);
    ok(rc != 0 && err && strstr(err, "no calling contexts"),
       "a result without contexts is refused, saying so");
    free(out);
    free(err);
    snprintf(cmd, sizeof cmd, "'%s' report '%s' --format dot --contexts", TOOLS_FREQSYS,
             tools_path("plain.json"));
    is_int(tools_sh(cmd, NULL, NULL), 2, "--contexts with another format is a usage error");
    result_free(r);
    tools_cleanup();
    return done();
}
