/* freqsys/export/instr_profile.c: the result as clang's own instrumented profile (llvm-profdata text form),
 * counter by counter. */
/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "instr_profile.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <llvm-c/Core.h>

#include "export.h"
#include "frontend_blocks.h"
#include "result_spec.h"
#include "transform.h"

/* clang -fprofile-instr-generate gives every function an array of counters, __profc_F,
 * one per region of its source (the body, each then-branch, loop body, case, the right
 * side of && and ||), and a record __profd_F holding the function's structural hash.
 * Compiled at -O0, as freqsys compiles, each counter is incremented by one store in one
 * block. So the expected value of a counter per run is the mean of the block that holds
 * its store, and round(mean x scale) is what SCALE training runs would add up to on
 * average. Those blocks are the result's blocks, with one exception: for a condition
 * `a && b` or `a || b` clang adds a block (land.rhscnt, lop.rhscnt, ...) between the right
 * side and its true target, only when instrumenting; its count is the count of the edge
 * it sits on, which the result's flow equations give (edge_flow.c). A run whose spec
 * has `cflags "-fprofile-instr-generate"` counts those blocks itself (and the blocks
 * clang adds for a case that falls through, `skipcount`, which only such a run has).
 * One kind of counter has no block: for `c ? x : y` with cheap arms clang emits a
 * select and adds the condition's value to the counter. Such a run counts it in a
 * function of its own (pgo_strip.c); without one, the export gives such a counter half
 * its block's count: even weights, which tell clang nothing, as if it had no profile
 * for that select. */

typedef struct ctx {
    const result *r;
    edge_flow flow;
    double scale;
    FILE *out;
    char *err;
    size_t errlen;
    int counted;         /* the run was built with -fprofile-instr-generate: it counted clang's blocks */
    char uncounted[512]; /* else the first block clang adds whose count the export needed ("f: block") */
} ctx;

static int fail(ctx *c, const char *fmt, const char *a, const char *b) {
    snprintf(c->err, c->errlen, fmt, a, b);
    return -1;
}

/* Block BNAME of FNAME needs a count that only a run built with clang's counters has.
 * For a run that was not, that is all there is to say (instr_profile_write says how to
 * make one); for one that was, the program is not the run's: WHY says what went wrong. */
static int uncounted(ctx *c, const char *fname, const char *bname, const char *why) {
    if (!c->counted) {
        snprintf(c->uncounted, sizeof c->uncounted, "%s: %s", fname, bname);
        return -1;
    }
    return fail(c, why, fname, bname);
}

static int is_rhs_counter_block(const char *name) {
    return strstr(name, "rhscnt") != NULL;
}

/* Whether the increment INST stores adds 1 (the value stored is load + 1), not a
 * condition's value. */
static int adds_one(LLVMValueRef inst) {
    LLVMValueRef v = LLVMGetOperand(inst, 0);
    if (!LLVMIsAInstruction(v) || LLVMGetInstructionOpcode(v) != LLVMAdd) return 0;
    for (int k = 0; k < 2; k++) {
        LLVMValueRef op = LLVMGetOperand(v, (unsigned)k);
        if (LLVMIsAConstantInt(op) && LLVMConstIntGetZExtValue(op) == 1) return 1;
    }
    return 0;
}

/* A counter stepped by a select's condition: the run counted the condition in the
 * block "taken" of the function pgo_strip gave it; without that function (a run
 * without -fprofile-instr-generate), half its block's count N. */
static uint64_t step_count(const ctx *c, const char *function, unsigned index, uint64_t n) {
    char name[512];
    snprintf(name, sizeof name, "%s%s.%u", PGO_STEP_PREFIX, function, index);
    for (size_t i = 0; i < c->r->nblocks; i++)
        if (!strcmp(c->r->blocks[i].function, name) && !strcmp(c->r->blocks[i].block, "taken"))
            return number_scaled(c->r->blocks[i].mean, c->scale);
    return n / 2;
}

/* The counter array a store writes to, and the index it writes: a store to
 * @__profc_F (index 0) or to a constant getelementptr into it. */
static LLVMValueRef counter_store(LLVMValueRef inst, unsigned *index) {
    if (!LLVMIsAStoreInst(inst)) return NULL;
    LLVMValueRef p = LLVMGetOperand(inst, 1);
    *index = 0;
    if (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr) {
        unsigned n = (unsigned)LLVMGetNumOperands(p);
        LLVMValueRef last = LLVMGetOperand(p, n - 1);
        if (!LLVMIsAConstantInt(last)) return NULL;
        *index = (unsigned)LLVMConstIntGetZExtValue(last);
        p = LLVMGetOperand(p, 0);
    }
    if (!LLVMIsAGlobalVariable(p)) return NULL;
    size_t len;
    const char *name = LLVMGetValueName2(p, &len);
    return len > 8 && !strncmp(name, "__profc_", 8) ? p : NULL;
}

/* The scaled count of IR block BB of function FN: the mean of its result block, or for
 * an added rhs-counter block the count of the edge it sits on. MAP gives each IR block
 * (by position) its result block, or SIZE_MAX for an added one. */
static int block_count(ctx *c, LLVMValueRef fn, LLVMBasicBlockRef *bbs, const size_t *map, size_t nbbs,
                       size_t at, uint64_t *count) {
    if (map[at] != SIZE_MAX) {
        *count = number_scaled(c->r->blocks[map[at]].mean, c->scale);
        return 0;
    }
    const char *fname = LLVMGetValueName(fn), *bname = LLVMGetBasicBlockName(bbs[at]);
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bbs[at]);
    if (!term || LLVMGetNumSuccessors(term) != 1)
        return fail(c, "%s: block %s: expected one successor", fname, bname);
    LLVMBasicBlockRef succ = LLVMGetSuccessor(term, 0);
    size_t from = SIZE_MAX, to = SIZE_MAX, preds = 0;
    for (size_t k = 0; k < nbbs; k++) {
        if (bbs[k] == succ) to = map[k];
        LLVMValueRef t = LLVMGetBasicBlockTerminator(bbs[k]);
        int into = 0, past = 0;
        for (unsigned s = 0; t && s < LLVMGetNumSuccessors(t); s++) {
            into |= LLVMGetSuccessor(t, s) == bbs[at];
            past |= LLVMGetSuccessor(t, s) == succ;
        }
        if (into) {
            from = map[k];
            preds++;
            /* `x = a && b` as a value: the right side goes to the join either way, and
             * the edge the block sits on in the result carries both outcomes. */
            if (past)
                return uncounted(c, fname, bname,
                                 "%s: the count of block %s (how often the right side of && or || is "
                                 "true, in a value) has no block in the result: the sources changed since "
                                 "the run, or the result is of another program");
        }
    }
    if (preds != 1 || from == SIZE_MAX || to == SIZE_MAX)
        return fail(c, "%s: block %s: not between two blocks of the result", fname, bname);
    for (size_t e = c->flow.first[from]; e < c->flow.first[from + 1]; e++)
        if (c->flow.edges[e].to == to) {
            if (!c->flow.edges[e].known) break;
            *count = number_scaled(c->flow.edges[e].count, c->scale);
            return 0;
        }
    return uncounted(c, fname, bname,
                     "%s: the count of block %s (an edge the block counts do not fix) is unknown: the "
                     "sources changed since the run, or the result is of another program");
}

/* MAP[k]: the result's block for IR block k of function NAME (SIZE_MAX: one clang
 * added for its counters, or the function is not in the result); *FIRST and *END:
 * the function's blocks in the result. Returns 0 or fail's -1. */
static int map_blocks(ctx *c, const char *name, LLVMBasicBlockRef *bbs, size_t nbbs, size_t *map,
                      size_t *first_out, size_t *end_out) {
    /* The function's blocks in the result, in order; each IR block gets its own. */
    size_t first, end;
    result_function_blocks(c->r, name, &first, &end);
    int rc = 0;
    size_t j = first;
    for (size_t k = 0; k < nbbs && rc == 0; k++) {
        const char *bname = LLVMGetBasicBlockName(bbs[k]);
        if (first == SIZE_MAX) {
            map[k] = SIZE_MAX;
        } else if (j < end && block_names_same_stem(c->r->blocks[j].block, bname)) {
            map[k] = j++;
        } else if (is_rhs_counter_block(bname)) {
            map[k] = SIZE_MAX;
        } else {
            /* without clang's counters in the run, a block clang adds for them
             * (skipcount, for a case that falls through) is the likeliest */
            rc = uncounted(c, name, bname,
                           "%s: block %s is not the result's next block: the sources changed since "
                           "the run, or the result is of another program");
        }
    }
    if (rc == 0 && first != SIZE_MAX && j != end)
        rc = fail(c,
                  "%s: the result has blocks the program does not (from %s on): the sources "
                  "changed since the run",
                  name, c->r->blocks[j].block);
    *first_out = first;
    *end_out = end;
    return rc;
}

/* The text profile's record of FN: its profile name, the hash from its __profd_
 * record beside PROFC, and its NCOUNTERS COUNTS. Returns 0 or fail's -1. */
static int write_record(ctx *c, LLVMModuleRef m, LLVMValueRef fn, LLVMValueRef profc, const char *main_file,
                        const uint64_t *counts, unsigned ncounters) {
    const char *name = LLVMGetValueName(fn);
    int rc = 0;
    /* The hash is in the function's __profd_ record, beside its counters. */
    size_t len;
    const char *cname = LLVMGetValueName2(profc, &len);
    char *dname = NULL;
    LLVMValueRef profd = NULL, init = NULL;
    if (asprintf(&dname, "__profd_%s", cname + 8) >= 0) profd = LLVMGetNamedGlobal(m, dname);
    free(dname);
    if (profd) init = LLVMGetInitializer(profd);
    LLVMValueRef hash = init ? LLVMGetOperand(init, 1) : NULL;
    if (!hash || !LLVMIsAConstantInt(hash)) {
        rc = fail(c, "%s: no profile record (__profd_%s) with a hash", name, cname + 8);
    } else {
        /* A function of internal linkage is known to the profile as FILE:NAME, with
         * the base name of its translation unit; its counters are named after it. */
        int local = LLVMGetLinkage(fn) == LLVMInternalLinkage || LLVMGetLinkage(fn) == LLVMPrivateLinkage;
        const char *base = strrchr(main_file, '/') ? strrchr(main_file, '/') + 1 : main_file;
        char *pgo = NULL;
        if (asprintf(&pgo, "%s%s%s", local ? base : "", local ? ":" : "", name) < 0) {
            rc = fail(c, "%s%s", "out of memory", "");
        } else {
            char *mangled = strdup(pgo);
            /* clang's counters of a local function: its profile name with each of the
             * characters an assembler may not take made '_' ("sim-queue.c:f") */
            for (char *p = mangled; p && *p; p++)
                if (strchr("-:;<>/\"'", *p)) *p = '_';
            if (!mangled || strcmp(mangled, cname + 8) != 0)
                rc = fail(c, "%s: its counters are named __profc_%s, not after its profile name", name,
                          cname + 8);
            free(mangled);
            if (rc == 0) {
                fprintf(c->out, "%s\n# Func Hash:\n%" PRIu64 "\n# Num Counters:\n%u\n# Counter Values:\n",
                        pgo, (uint64_t)LLVMConstIntGetZExtValue(hash), ncounters);
                for (unsigned k = 0; k < ncounters; k++) fprintf(c->out, "%" PRIu64 "\n", counts[k]);
                fputc('\n', c->out);
            }
            free(pgo);
        }
    }
    return rc;
}

/* One function's record: name, hash, number of counters, the counters. */
static int function(ctx *c, LLVMModuleRef m, LLVMValueRef fn, const char *main_file) {
    const char *name = LLVMGetValueName(fn);
    /* the counters: their array, and the block of each */
    LLVMValueRef profc = NULL;
    size_t nbbs = LLVMCountBasicBlocks(fn);
    LLVMBasicBlockRef *bbs = malloc((nbbs + 1) * sizeof *bbs);
    size_t *map = malloc((nbbs + 1) * sizeof *map);
    if (!bbs || !map) {
        free(bbs);
        free(map);
        return fail(c, "%s%s", "out of memory", "");
    }
    LLVMGetBasicBlocks(fn, bbs);
    size_t first, end;
    int rc = map_blocks(c, name, bbs, nbbs, map, &first, &end);
    uint64_t *counts = NULL;
    unsigned ncounters = 0;
    for (size_t k = 0; k < nbbs && rc == 0; k++)
        for (LLVMValueRef inst = LLVMGetFirstInstruction(bbs[k]); inst && rc == 0;
             inst = LLVMGetNextInstruction(inst)) {
            unsigned index;
            LLVMValueRef arr = counter_store(inst, &index);
            if (!arr) continue;
            if (!profc) {
                profc = arr;
                ncounters = (unsigned)LLVMGetArrayLength2(LLVMGlobalGetValueType(arr));
                counts = calloc(ncounters + 1, sizeof *counts);
                if (!counts) {
                    rc = fail(c, "%s%s", "out of memory", "");
                    break;
                }
            }
            if (arr != profc || index >= ncounters) {
                rc = fail(c, "%s: block %s writes another function's counters", name,
                          LLVMGetBasicBlockName(bbs[k]));
                break;
            }
            uint64_t n = 0;
            if (first != SIZE_MAX) rc = block_count(c, fn, bbs, map, nbbs, k, &n);
            counts[index] += adds_one(inst) ? n : step_count(c, name, index, n);
        }
    if (rc == 0 && profc) rc = write_record(c, m, fn, profc, main_file, counts, ncounters);
    free(counts);
    free(bbs);
    free(map);
    return rc;
}

/* Whether a run compiled a source with these flags (the spec's, then the source's
 * own) counted clang's counters: it had -fprofile-instr-generate, with or without a
 * file name. */
static int counts_clang_counters(char *const *cflags, size_t ncflags, char *const *own) {
    for (size_t k = 0; k < ncflags; k++)
        if (!strncmp(cflags[k], "-fprofile-instr-generate", 24)) return 1;
    for (size_t k = 0; own && own[k]; k++)
        if (!strncmp(own[k], "-fprofile-instr-generate", 24)) return 1;
    return 0;
}

int instr_profile_write(const result *r, const char *spec_path, double scale, FILE *out, char *err,
                        size_t errlen) {
    spec *s;
    if (result_spec_parse(spec_path, &s, err, errlen) != 0) return -1;
    ctx c = {.r = r, .scale = scale, .out = out, .err = err, .errlen = errlen};
    if (edge_flow_solve(r, &c.flow) != 0) {
        spec_free(s);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    /* The spec's own flags, then the counters. */
    char **flags = calloc(s->ncflags + 2, sizeof *flags);
    char **sources = s->sources;
    spec_unit *units = s->units;
    size_t nsources = s->nsources, ncflags = s->ncflags;
    char **cflags = s->cflags;
    int rc = flags ? 0 : -1;
    if (!flags) snprintf(err, errlen, "out of memory");
    for (size_t k = 0; flags && k < ncflags; k++) flags[k] = cflags[k];
    if (flags) flags[ncflags] = "-fprofile-instr-generate";
    fprintf(out,
            "# clang's PGO counters as freqsys estimates them: expected counts per run x %.0f "
            "(%s, %" PRIu64 " trials); see docs/exports.md\n",
            scale, r->spec, r->trials);
    /* One translation unit at a time: a static function's profile name is its unit's. */
    for (size_t i = 0; i < nsources && rc == 0; i++) {
        c.counted = counts_clang_counters(cflags, ncflags, units ? units[i].flags : NULL);
        s->sources = &sources[i];
        s->units = units ? &units[i] : NULL;
        s->nsources = 1;
        s->cflags = flags;
        s->ncflags = ncflags + 1;
        LLVMContextRef lc = LLVMContextCreate();
        LLVMModuleRef m = NULL;
        if (compile_sources(s, lc, &m, err, errlen) != 0) {
            rc = -1;
        }
        for (LLVMValueRef fn = m ? LLVMGetFirstFunction(m) : NULL; fn && rc == 0;
             fn = LLVMGetNextFunction(fn))
            if (!LLVMIsDeclaration(fn)) rc = function(&c, m, fn, sources[i]);
        if (m) LLVMDisposeModule(m);
        LLVMContextDispose(lc);
    }
    s->sources = sources;
    s->units = units;
    s->nsources = nsources;
    s->cflags = cflags;
    s->ncflags = ncflags;
    if (rc != 0 && c.uncounted[0])
        snprintf(err, errlen,
                 "the run that made this result did not count the blocks clang adds for its own "
                 "counters, and clang's profile needs their counts (%s). Repeat the run with this "
                 "line added to %s:\n\n    cflags \"-fprofile-instr-generate\"\n\nand use its new "
                 "result (docs/exports.md, \"instr\")",
                 c.uncounted, spec_path);
    free(flags);
    edge_flow_free(&c.flow);
    spec_free(s);
    return rc;
}
