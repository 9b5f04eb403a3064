/* freqsys/export/probe_profile.c: the result as clang's pseudo-probe sample profile, one exact count per
 * block. */
/* SPDX-License-Identifier: MIT */
#include "probe_profile.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <llvm-c/Core.h>

#include "cfg_flow.h"
#include "export.h"
#include "frontend_blocks.h"
#include "transform.h"

/* A line-based sample profile gives every block of a line the same places, so a
 * one-line `if (rare) x = f(x);` cannot tell its arms apart. A pseudo-probe profile
 * keys each count by a probe, one per block of the front end's code, placed by the
 * pass clang runs first under -fpseudo-probe-for-profiling; clang checks the
 * function's CFG checksum before it uses them. Running that same pass on the same
 * code here gives the same numbers and checksums, and each probe the count of the
 * result's block it sits in. */

typedef struct ctx {
    const result *r;
    double scale;
    char *err;
    size_t errlen;
} ctx;

/* PROBE_TYPE_BLOCK: llvm.pseudoprobe's third argument for a block's probe (calls'
 * probes are kept in the calls' debug locations, not as intrinsics). */
enum { PROBE_TYPE_BLOCK = 0 };

/* The index of BB's block probe (its llvm.pseudoprobe call), or 0 when it has none. */
static uint64_t block_probe(LLVMBasicBlockRef bb) {
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        if (!LLVMIsACallInst(i)) continue;
        LLVMValueRef callee = LLVMGetCalledValue(i);
        size_t len;
        const char *name = callee ? LLVMGetValueName2(callee, &len) : "";
        if (strcmp(name, "llvm.pseudoprobe") != 0) continue;
        LLVMValueRef type = LLVMGetOperand(i, 2);
        if (LLVMIsAConstantInt(type) && LLVMConstIntGetZExtValue(type) == PROBE_TYPE_BLOCK)
            return LLVMConstIntGetZExtValue(LLVMGetOperand(i, 1));
    }
    return 0;
}

static size_t index_of(LLVMBasicBlockRef *bbs, size_t n, LLVMBasicBlockRef bb) {
    for (size_t k = 0; k < n; k++)
        if (bbs[k] == bb) return k;
    return SIZE_MAX;
}

/* The only predecessor of block AT among BBS, or SIZE_MAX (none, or several). */
static size_t only_pred(LLVMBasicBlockRef *bbs, size_t n, size_t at) {
    size_t pred = SIZE_MAX, seen = 0;
    for (size_t k = 0; k < n; k++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(bbs[k]);
        for (unsigned s = 0; t && s < LLVMGetNumSuccessors(t); s++)
            if (LLVMGetSuccessor(t, s) == bbs[at]) {
                pred = k, seen++;
                break;
            }
    }
    return seen == 1 ? pred : SIZE_MAX;
}

/* The count of block AT, which the flow of this code leaves open (KNOWN[AT] 0): a
 * block on a straight way between two blocks of known count runs at most as often as
 * the smaller, which is taken; 0 when no such way is found. */
static double open_count(LLVMBasicBlockRef *bbs, size_t n, const double *mean, const unsigned char *known,
                         size_t at) {
    size_t from = at, to = at;
    for (size_t hops = 0; hops < n && from != SIZE_MAX && !known[from]; hops++)
        from = only_pred(bbs, n, from);
    for (size_t hops = 0; hops < n && to != SIZE_MAX && !known[to]; hops++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(bbs[to]);
        to = t && LLVMGetNumSuccessors(t) == 1 ? index_of(bbs, n, LLVMGetSuccessor(t, 0)) : SIZE_MAX;
    }
    if (from == SIZE_MAX || to == SIZE_MAX) return 0;
    return mean[from] < mean[to] ? mean[from] : mean[to];
}

/* MEAN[k] for each of FN's N blocks BBS: the result's for those it has (MAP), and for
 * those the optimising front end adds, what the flow through this code gives (a
 * loop's exit block runs as often as the loop ends); KNOWN[k] says which are set. */
static int fill_by_flow(LLVMBasicBlockRef *bbs, size_t n, const size_t *map, const result *r, double *mean,
                        unsigned char *known) {
    size_t *first = malloc((n + 1) * sizeof *first), m = 0, cap = 4 * n + 4;
    size_t *to = malloc(cap * sizeof *to);
    int rc = first && to ? 0 : -1;
    for (size_t k = 0; rc == 0 && k < n; k++) {
        known[k] = map[k] != SIZE_MAX;
        mean[k] = known[k] ? r->blocks[map[k]].mean : 0;
        first[k] = m;
        LLVMValueRef t = LLVMGetBasicBlockTerminator(bbs[k]);
        for (unsigned s = 0; t && rc == 0 && s < LLVMGetNumSuccessors(t); s++) {
            size_t v = index_of(bbs, n, LLVMGetSuccessor(t, s)), dup = 0;
            for (size_t e = first[k]; e < m && !dup; e++) dup = to[e] == v;
            if (dup || v == SIZE_MAX) continue;
            if (m == cap) {
                size_t *grown = realloc(to, 2 * cap * sizeof *to);
                if (!grown) {
                    rc = -1;
                    break;
                }
                to = grown, cap *= 2;
            }
            to[m++] = v;
        }
    }
    if (rc == 0) {
        first[n] = m;
        rc = cfg_flow_fill(n, first, to, mean, known);
    }
    free(first);
    free(to);
    return rc;
}

/* Writes FN's record when the result has its blocks; a function the run never
 * counted is left out, and clang then keeps its own estimates there. */
static int write_function(ctx *c, LLVMValueRef fn, uint64_t checksum, FILE *out) {
    const char *name = LLVMGetValueName(fn);
    size_t first, end;
    if (!result_function_blocks(c->r, name, &first, &end)) return 0;
    size_t n = LLVMCountBasicBlocks(fn);
    LLVMBasicBlockRef *bbs = malloc((n + 1) * sizeof *bbs);
    size_t *map = malloc((n + 1) * sizeof *map);
    char *extra = malloc(n + 1);
    uint64_t *probe = malloc((n + 1) * sizeof *probe), *count = malloc((n + 1) * sizeof *count);
    int rc = bbs && map && extra && probe && count ? 0 : -1;
    if (rc != 0) snprintf(c->err, c->errlen, "out of memory");
    if (rc == 0) {
        LLVMGetBasicBlocks(fn, bbs);
        rc = frontend_blocks_match(c->r, name, bbs, n, map, extra, c->err, c->errlen);
    }
    double *mean = rc == 0 ? malloc((n + 1) * sizeof *mean) : NULL;
    unsigned char *known = rc == 0 ? calloc(n + 1, 1) : NULL;
    if (rc == 0 && (!mean || !known || fill_by_flow(bbs, n, map, c->r, mean, known) != 0)) {
        snprintf(c->err, c->errlen, "out of memory");
        rc = -1;
    }
    uint64_t total = 0;
    for (size_t k = 0; rc == 0 && k < n; k++) {
        probe[k] = block_probe(bbs[k]);
        count[k] = number_scaled(known[k] ? mean[k] : open_count(bbs, n, mean, known, k), c->scale);
        if (probe[k]) total += count[k];
    }
    free(mean);
    free(known);
    if (rc == 0) {
        /* the head count is the entry block's: how often the function is called */
        fprintf(out, "%s:%" PRIu64 ":%" PRIu64 "\n", name, total, n && probe[0] ? count[0] : 0);
        for (size_t k = 0; k < n; k++)
            if (probe[k]) fprintf(out, " %" PRIu64 ": %" PRIu64 "\n", probe[k], count[k]);
        fprintf(out, " !CFGChecksum: %" PRIu64 "\n", checksum);
    }
    free(bbs);
    free(map);
    free(extra);
    free(probe);
    free(count);
    return rc;
}

/* The CFG checksum the probe pass recorded for FN in !llvm.pseudo_probe_desc
 * ({GUID, checksum, name}), or 0 with *FOUND 0. */
static uint64_t checksum_of(LLVMModuleRef m, const char *name, int *found) {
    *found = 0;
    unsigned n = LLVMGetNamedMetadataNumOperands(m, "llvm.pseudo_probe_desc");
    if (!n) return 0;
    LLVMValueRef *descs = malloc(n * sizeof *descs);
    if (!descs) return 0;
    LLVMGetNamedMetadataOperands(m, "llvm.pseudo_probe_desc", descs);
    uint64_t sum = 0;
    for (unsigned k = 0; k < n && !*found; k++) {
        LLVMValueRef ops[3];
        if (LLVMGetMDNodeNumOperands(descs[k]) != 3) continue;
        LLVMGetMDNodeOperands(descs[k], ops);
        unsigned len;
        const char *s = LLVMGetMDString(ops[2], &len);
        if (s && strlen(name) == len && !strncmp(s, name, len) && LLVMIsAConstantInt(ops[1])) {
            sum = LLVMConstIntGetZExtValue(ops[1]);
            *found = 1;
        }
    }
    free(descs);
    return sum;
}

int probe_profile_write(const result *r, const char *spec_path, double scale, FILE *out, char *err,
                        size_t errlen) {
    ctx c = {.r = r, .scale = scale, .err = err, .errlen = errlen};
    /* Static functions keep their own names: the build is asked for
     * -fno-unique-internal-linkage-names (docs/exports.md), since the suffix that
     * -fpseudo-probe-for-profiling otherwise adds hashes the source's path as the
     * build spells it, which a profile written here cannot know. */
    LLVMContextRef lc = LLVMContextCreate();
    LLVMModuleRef m = NULL;
    int rc = frontend_module_compile(spec_path, lc, &m, err, errlen);
    if (rc == 0)
        rc = transform_run_passes(m, "pseudo-probe", NULL, "clang's pseudo-probe pass", err, errlen) ? -1 : 0;
    for (LLVMValueRef fn = rc == 0 ? LLVMGetFirstFunction(m) : NULL; fn && rc == 0;
         fn = LLVMGetNextFunction(fn)) {
        if (LLVMIsDeclaration(fn)) continue;
        int found;
        uint64_t sum = checksum_of(m, LLVMGetValueName(fn), &found);
        if (found) rc = write_function(&c, fn, sum, out);
    }
    if (m) LLVMDisposeModule(m);
    LLVMContextDispose(lc);
    return rc;
}
