/* tests/e2e/contexts-t.c: run --contexts against exact per-context block frequencies: work() called from two
 * sites with different inputs, twice from a helper and through a pointer. */
/* SPDX-License-Identifier: MIT */
#include "tap.h"
#include "e2e.h"

#include <math.h>

#define SPEC "tests/e2e/programs/contexts.fspec"

/* work()'s blocks, in its order, and what each runs per run in each context. With
 * a ~ uniform_int(0, 9), b ~ bernoulli(0.5), c ~ uniform_int(0, 1): work(x) runs its
 * loop test x + 1 times, its body x times, and its if.then when x > 3. */
static const char *const work_blocks[7] = {"entry",   "for.cond", "for.body", "for.inc",
                                           "for.end", "if.then",  "if.end"};

typedef struct truth {
    const char *label; /* as the text report writes it */
    double entries;    /* how often work() is entered there per run */
    double x_mean;     /* E[x | entered], to scale the loop */
    double above_3;    /* P(x > 3 | entered) */
} truth;

static const truth truths[] = {
    {"main:24:13 > work", 1.0, 4.5, 0.6},               /* work(a) */
    {"main:26:14 > work", 0.5, 2.0, 0.0},               /* if (b) work(2) */
    {"main:27:10 > twice:16:12 > work", 1.0, 0.5, 0.0}, /* twice(c): work(c) */
    {"main:27:10 > twice:16:22 > work", 1.0, 1.0, 0.0}, /* twice(c): work(1) */
    {"(outside) work", 0.1, 3.0, 0.0},                  /* if (a == 0) indirect(3) */
};

/* The per-run mean of work()'s block K in context T. */
static double exact(const truth *t, int k) {
    double per_entry[7] = {1, t->x_mean + 1, t->x_mean, t->x_mean, 1, t->above_3, 1};
    return t->entries * per_entry[k];
}

/* The confidence is simultaneous (Bonferroni over every block and every block in a
 * context) at the spec's 99%: all the checks against truths below hold together with
 * probability at least 0.99, so the seed's one outcome failing is a 1% event or a bug. */
static int within(const char *label, const result_context_block *b, double truth) {
    int in = fabs(b->mean - truth) <= b->half_width;
    if (!in) diag("%s %s: mean %.6f ± %.6f, truth %.6f", label, b->block, b->mean, b->half_width, truth);
    return in;
}

static const result_context *find_context(const result *r, const char *label) {
    char buf[512];
    for (size_t i = 0; i < r->ncontexts; i++)
        if (!strcmp(result_context_label(&r->contexts[i], buf, sizeof buf), label)) return &r->contexts[i];
    return NULL;
}

/* Per trial a block runs once for each of its runs in some context: the means agree exactly. */
static int blocks_add_up(const result *r) {
    int all = 1;
    for (size_t i = 0; i < r->nblocks; i++) {
        const result_block *b = &r->blocks[i];
        double sum = 0;
        for (size_t c = 0; c < r->ncontexts; c++) {
            const result_context *ctx = &r->contexts[c];
            if (strcmp(ctx->function, b->function)) continue;
            for (size_t k = 0; k < ctx->nblocks; k++)
                sum += !strcmp(ctx->blocks[k].block, b->block) ? ctx->blocks[k].mean : 0;
        }
        if (fabs(sum - b->mean) > 1e-9 * (1 + b->mean)) {
            diag("%s %s: block mean %.12f, its contexts' %.12f", b->function, b->block, b->mean, sum);
            all = 0;
        }
    }
    return all;
}

/* Whether the blocks of A and B (same trials) carry the same estimates. */
static int same_blocks(const result *a, const result *b) {
    if (a->nblocks != b->nblocks || a->trials != b->trials) return 0;
    for (size_t i = 0; i < a->nblocks; i++)
        if (strcmp(a->blocks[i].block, b->blocks[i].block) || a->blocks[i].mean != b->blocks[i].mean ||
            a->blocks[i].stddev != b->blocks[i].stddev || a->blocks[i].min != b->blocks[i].min ||
            a->blocks[i].max != b->blocks[i].max)
            return 0;
    return 1;
}

/* Whether A and B hold the same contexts with the same estimates, bit for bit. */
static int same_contexts(const result *a, const result *b) {
    if (a->ncontexts != b->ncontexts || a->trials != b->trials) return 0;
    for (size_t i = 0; i < a->ncontexts; i++) {
        const result_context *x = &a->contexts[i], *y = &b->contexts[i];
        if (strcmp(x->function, y->function) || x->index != y->index || x->nblocks != y->nblocks) return 0;
        for (size_t k = 0; k < x->nblocks; k++)
            if (x->blocks[k].mean != y->blocks[k].mean || x->blocks[k].stddev != y->blocks[k].stddev ||
                x->blocks[k].min != y->blocks[k].min || x->blocks[k].max != y->blocks[k].max ||
                strcmp(x->blocks[k].status, y->blocks[k].status))
                return 0;
    }
    return 1;
}

static int file_has(const char *path, const char *text) {
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return strstr(buf, text) != NULL;
}

int main(void) {
    plan(26);
    char err[8192], json[2048], text[2048], depth1[2048], with[2048], without[2048];
    snprintf(json, sizeof json, "%s", tmp_path("contexts.json"));
    snprintf(text, sizeof text, "%s", tmp_path("contexts.txt"));
    snprintf(depth1, sizeof depth1, "%s", tmp_path("depth1.json"));
    snprintf(with, sizeof with, "%s", tmp_path("with.json"));
    snprintf(without, sizeof without, "%s", tmp_path("without.json"));

    int rc = e2e_runf(err, sizeof err,
                      "run " SPEC " --contexts --sampling plain --simultaneous -j 2 -q -o '%s'", json);
    is_int(rc, 0, "run --contexts converges");
    result *r = e2e_result(json, err, sizeof err);
    if (!r) bail("cannot read the result: %s", err);
    is_int((long long)r->context_depth, 2, "the default depth is two call sites");

    size_t nwork = 0, outside = 0;
    for (size_t i = 0; i < r->ncontexts; i++)
        if (!strcmp(r->contexts[i].function, "work")) {
            nwork++;
            outside += !strcmp(r->contexts[i].kind, "outside");
        }
    is_int((long long)nwork, 5, "work: five contexts (four chains of direct calls, one through a pointer)");
    is_int((long long)outside, 1, "work: one of them entered from outside the direct calls");

    for (size_t t = 0; t < sizeof truths / sizeof *truths; t++) {
        const result_context *c = find_context(r, truths[t].label);
        int all = c && c->nblocks == 7;
        for (int k = 0; all && k < 7; k++)
            all &= !strcmp(c->blocks[k].block, work_blocks[k]) &&
                   within(truths[t].label, &c->blocks[k], exact(&truths[t], k));
        ok(all, "%s: each block's mean within its half-width of its exact count per run", truths[t].label);
    }
    const result_context *site1 = find_context(r, truths[0].label), *site2 = find_context(r, truths[1].label);
    ok(site1 && site2 &&
           site1->blocks[2].mean >
               site2->blocks[2].mean + site1->blocks[2].half_width + site2->blocks[2].half_width,
       "the loop body's frequency tells the two call sites in main apart (4.5 against 1 per run)");
    const result_context *deep = find_context(r, truths[2].label);
    ok(deep && deep->ncalls == 2 && !strcmp(deep->calls[0].function, "main") && deep->calls[0].line == 27 &&
           !strcmp(deep->calls[1].function, "twice") && deep->calls[1].line == 16,
       "a chain lists its call sites outermost first, with their lines");
    ok(blocks_add_up(r), "each block's mean is the sum of its means in its contexts");
    const result_context *main_ctx = find_context(r, "(outside) main");
    ok(main_ctx && main_ctx->blocks[0].mean == 1 && !strcmp(main_ctx->blocks[0].status, "constant"),
       "main: entered once per run, from outside");

    rc = e2e_runf(err, sizeof err, "report '%s' -o '%s'", json, text);
    ok(rc == 0 && file_has(text, "calling contexts (the last 2 call sites") &&
           file_has(text, "work: 5 contexts, ") && file_has(text, "main:24:13 > work") &&
           file_has(text, "(outside) main"),
       "the text report lists each function's contexts with their shares");

    rc = e2e_runf(err, sizeof err,
                  "run " SPEC " --contexts --sampling plain --context-depth 1 -j 2 -q -o '%s'", depth1);
    result *r1 = e2e_result(depth1, err, sizeof err);
    int short_chains = rc == 0 && r1 && r1->context_depth == 1;
    for (size_t i = 0; short_chains && i < r1->ncontexts; i++) short_chains &= r1->contexts[i].ncalls <= 1;
    ok(short_chains && find_context(r1, "twice:16:12 > work") && find_context(r1, "twice:16:22 > work"),
       "--context-depth 1 keeps only the last call site");
    result_free(r1);

    /* the same trials with and without contexts: the blocks must not change */
    rc = e2e_runf(err, sizeof err,
                  "run " SPEC " --contexts --sampling plain -e 0.0001 -n 3000 -j 2 -q -o '%s'", with);
    int rc2 =
        e2e_runf(err, sizeof err, "run " SPEC " --sampling plain -e 0.0001 -n 3000 -j 2 -q -o '%s'", without);
    result *a = e2e_result(with, err, sizeof err), *b = e2e_result(without, err, sizeof err);
    ok(rc == 1 && rc2 == 1 && a && b && a->trials == 3000 && same_blocks(a, b),
       "the blocks' estimates are the same with and without --contexts over the same trials");
    ok(b && b->context_depth == 0 && b->ncontexts == 0 && !file_has(without, "\"contexts\":") &&
           !file_has(without, "\"context_depth\""),
       "without --contexts the result says nothing of contexts");
    result_free(a);
    result_free(b);

    /* the same trials counted by pattern (as for large modules) and by one worker */
    char patterns[2048], one_job[2048];
    snprintf(patterns, sizeof patterns, "%s", tmp_path("patterns.json"));
    snprintf(one_job, sizeof one_job, "%s", tmp_path("one.json"));
    char args[4096];
    snprintf(args, sizeof args, "run " SPEC " --contexts --sampling plain --simultaneous -j 2 -q -o '%s'",
             patterns);
    rc = e2e_run_env("FREQSYS_COUNTING=patterns", args, err, sizeof err);
    int rc1 = e2e_runf(err, sizeof err,
                       "run " SPEC " --contexts --sampling plain --simultaneous -j 1 -q -o '%s'", one_job);
    result *pr = e2e_result(patterns, err, sizeof err), *jr = e2e_result(one_job, err, sizeof err);
    ok(rc == 0 && rc1 == 0 && pr && jr && same_contexts(r, pr) && same_contexts(r, jr),
       "the contexts are the same counted by pattern or directly, with one worker or two");
    result_free(pr);
    result_free(jr);

    /* fib() at depth 8: more chains than a function's 256 contexts; the rest share "other" */
    char deep_json[2048];
    snprintf(deep_json, sizeof deep_json, "%s", tmp_path("deep.json"));
    rc = e2e_runf(err, sizeof err,
                  "run tests/e2e/programs/contexts_deep.fspec --contexts --context-depth 8 -n 3000 -j 2 "
                  "-q -o '%s'",
                  deep_json);
    result *d = e2e_result(deep_json, err, sizeof err);
    size_t calls = 0, other = 0, too_long = 0;
    for (size_t i = 0; d && i < d->ncontexts; i++) {
        const result_context *c = &d->contexts[i];
        if (strcmp(c->function, "fib")) continue;
        calls += !strcmp(c->kind, "calls");
        other += !strcmp(c->kind, "other");
        too_long += c->ncalls > 8;
    }
    ok((rc == 0 || rc == 1) && d && calls == 256 && other == 1 && too_long == 0,
       "fib at depth 8: 256 chains of at most 8 calls, and one \"other\" context for the rest (%zu, %zu)",
       calls, other);
    ok(d && blocks_add_up(d), "fib: each block's mean is still the sum of its means in its contexts");
    result_free(d);

    /* function mode with a call sequence: the warm-up calls are left out of the
     * contexts' counts as out of the blocks', and the interrupt handler is entered
     * from outside */
    char tick_json[2048];
    snprintf(tick_json, sizeof tick_json, "%s", tmp_path("tick.json"));
    rc = e2e_runf(err, sizeof err, "run examples/firmware/tick.fspec --contexts -j 2 -q -o '%s'", tick_json);
    result *tick = e2e_result(tick_json, err, sizeof err);
    const result_context *irq = tick ? find_context(tick, "(outside) WWDG_IRQHandler") : NULL;
    ok(rc == 0 && tick && tick->calls > 1 && tick->warmup > 0 && blocks_add_up(tick) && irq,
       "function mode, calls and warmup: the blocks are the sums of their contexts, the handler is entered "
       "from outside");
    result_free(tick);
    /* step() ten times a trial, three of them warm-up: helper(x) and helper(2) per
     * counted call, so 1 entry each and E[x] = 1.5 and 2 loop bodies */
    char calls_json[2048];
    snprintf(calls_json, sizeof calls_json, "%s", tmp_path("calls.json"));
    rc = e2e_runf(err, sizeof err,
                  "run tests/e2e/programs/contexts_calls.fspec --contexts --sampling plain --simultaneous -j "
                  "2 -q -o '%s'",
                  calls_json);
    result *seq = e2e_result(calls_json, err, sizeof err);
    const result_context *wide = seq ? find_context(seq, "step:13:12 > helper") : NULL;
    const result_context *two = seq ? find_context(seq, "step:13:24 > helper") : NULL;
    ok(rc == 0 && wide && two && wide->nblocks > 2 && two->nblocks > 2 &&
           !strcmp(wide->blocks[2].block, "for.body") && within("helper(x)", &wide->blocks[0], 1) &&
           within("helper(x)", &wide->blocks[2], 1.5) && within("helper(2)", &two->blocks[0], 1) &&
           within("helper(2)", &two->blocks[2], 2) && blocks_add_up(seq),
       "call sequence: per counted call, helper(x) runs its loop body 1.5 times and helper(2) twice");
    result_free(seq);

    /* a chain of 30 functions of 800 blocks, each calling the next from two sites:
     * at depth 8 their contexts need more than the module's 2^22 counters */
    FILE *big = fopen(tmp_path("big.c"), "w"), *big_spec = fopen(tmp_path("big.fspec"), "w");
    if (!big || !big_spec) bail("cannot write the generated program");
    fprintf(big, "#include <stdio.h>\nint f30(int x) { return x; }\n");
    for (int i = 29; i >= 0; i--) {
        fprintf(big, "int f%d(int x) {\n    int s = 0;\n", i);
        for (int j = 0; j < 400; j++) fprintf(big, "    if (x == %d) s += %d;\n", j, j);
        fprintf(big, "    return s + f%d(x) + f%d(x + 1);\n}\n", i + 1, i + 1);
    }
    fprintf(big, "int main(void) { int x; scanf(\"%%d\", &x); return f0(x) & 1; }\n");
    fprintf(big_spec, "program \"big.c\"\nx ~ uniform_int(0, 9)\nepsilon 0.3\nconfidence 0.9\n");
    fclose(big);
    fclose(big_spec);
    rc = e2e_runf(err, sizeof err, "run '%s' --contexts --context-depth 8 -n 10 -q", tmp_path("big.fspec"));
    ok(rc == 2 && strstr(err, "need more than 4194304 counters") && strstr(err, "at function 'f") &&
           strstr(err, "use a smaller --context-depth"),
       "contexts past the module's room are refused, naming the function and the way out");

    is_int(e2e_run("run " SPEC " --context-depth 0 -q", err, sizeof err), 2,
           "--context-depth 0 is a usage error");
    ok(e2e_run("run " SPEC " --context-depth 9 -q", err, sizeof err) == 2 && strstr(err, "from 1 to 8"),
       "--context-depth 9 is a usage error naming the range");
    char pairs[2048];
    snprintf(pairs, sizeof pairs, "%s", tmp_path("pairs.json"));
    rc = e2e_runf(err, sizeof err, "run " SPEC " --contexts --sampling antithetic -j 2 -q -o '%s'", pairs);
    result *anti = e2e_result(pairs, err, sizeof err);
    ok(rc == 0 && anti && !strcmp(anti->sampling, "antithetic") && anti->ncontexts == r->ncontexts,
       "--contexts goes with replicate sampling (tests/e2e/replicate_counters-t.c checks its means)");
    result_free(anti);
    result_free(r);
    return done();
}
