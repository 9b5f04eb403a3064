/* freqsys/plan/block_freq.c: block frequencies from entry counts and branch weights, by solving the flow
 * equations. */
/* SPDX-License-Identifier: MIT */
#include "block_freq.h"

#include <stdlib.h>
#include <string.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>

/* The integer operand K of a !prof node, or -1 when it is not one. */
static double operand_number(LLVMValueRef node, unsigned k) {
    unsigned n = LLVMGetMDNodeNumOperands(node);
    if (k >= n) return -1;
    LLVMValueRef *ops = malloc(n * sizeof *ops);
    if (!ops) return -1;
    LLVMGetMDNodeOperands(node, ops);
    double v = ops[k] && LLVMIsAConstantInt(ops[k]) ? (double)LLVMConstIntGetZExtValue(ops[k]) : -1;
    free(ops);
    return v;
}

static const char *operand_text(LLVMValueRef node, unsigned k) {
    unsigned n = LLVMGetMDNodeNumOperands(node), len;
    if (k >= n) return NULL;
    LLVMValueRef *ops = malloc(n * sizeof *ops);
    if (!ops) return NULL;
    LLVMGetMDNodeOperands(node, ops);
    const char *s = ops[k] && LLVMIsAMDString(ops[k]) ? LLVMGetMDString(ops[k], &len) : NULL;
    free(ops);
    return s;
}

/* F's function_entry_count, or -1 when it has none. */
static double entry_count(LLVMValueRef f) {
    LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(f));
    unsigned prof = LLVMGetMDKindIDInContext(ctx, "prof", 4);
    size_t n = 0;
    LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(f, &n);
    double count = -1;
    for (size_t i = 0; i < n && count < 0; i++) {
        if (LLVMValueMetadataEntriesGetKind(md, (unsigned)i) != prof) continue;
        LLVMValueRef node = LLVMMetadataAsValue(ctx, LLVMValueMetadataEntriesGetMetadata(md, (unsigned)i));
        const char *what = operand_text(node, 0);
        if (what && !strcmp(what, "function_entry_count")) count = operand_number(node, 1);
    }
    if (md) LLVMDisposeValueMetadataEntries(md);
    return count;
}

/* The probabilities of TERM's NS successors into P: its branch weights (after the
 * "branch_weights" tag and an optional "expected" marker), evenly without them. */
static void edge_shares(LLVMValueRef term, unsigned ns, double *p) {
    LLVMContextRef ctx =
        LLVMGetModuleContext(LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(term))));
    LLVMValueRef node = LLVMGetMetadata(term, LLVMGetMDKindIDInContext(ctx, "prof", 4));
    const char *what = node ? operand_text(node, 0) : NULL;
    double total = 0;
    for (unsigned k = 0; k < ns; k++) p[k] = 0;
    if (what && !strcmp(what, "branch_weights")) {
        unsigned first = operand_text(node, 1) ? 2 : 1;
        if (LLVMGetMDNodeNumOperands(node) == first + ns)
            for (unsigned k = 0; k < ns; k++) total += p[k] = operand_number(node, first + k);
    }
    for (unsigned k = 0; k < ns; k++) p[k] = total > 0 ? p[k] / total : 1.0 / ns;
}

int block_freq_solve(LLVMValueRef f, double scale, double *runs) {
    double entry = entry_count(f);
    if (entry <= 0) {
        memset(runs, 0, LLVMCountBasicBlocks(f) * sizeof *runs);
        return 0;
    }
    return block_freq_solve_entries(f, entry / scale, runs);
}

int block_freq_solve_entries(LLVMValueRef f, double entries, double *runs) {
    size_t n = LLVMCountBasicBlocks(f);
    memset(runs, 0, n * sizeof *runs);
    if (n == 0 || entries <= 0) return 0;
    LLVMBasicBlockRef *bbs = malloc(n * sizeof *bbs);
    gsl_matrix *a = gsl_matrix_calloc(n, n);
    gsl_vector *b = gsl_vector_calloc(n), *x = gsl_vector_alloc(n);
    gsl_permutation *perm = gsl_permutation_alloc(n);
    int rc = -1;
    if (!bbs || !a || !b || !x || !perm) goto done;
    LLVMGetBasicBlocks(f, bbs);
    gsl_matrix_set_identity(a);
    gsl_vector_set(b, 0, entries);
    /* (I - P^T) x = entry: row j takes the flow into block j from each predecessor */
    for (size_t i = 0; i < n; i++) {
        LLVMValueRef term = LLVMGetBasicBlockTerminator(bbs[i]);
        unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
        double *p = calloc(ns + 1, sizeof *p);
        if (!p) goto done;
        edge_shares(term, ns, p);
        for (unsigned k = 0; k < ns; k++) {
            LLVMBasicBlockRef to = LLVMGetSuccessor(term, k);
            for (size_t j = 0; j < n; j++)
                if (bbs[j] == to) gsl_matrix_set(a, j, i, gsl_matrix_get(a, j, i) - p[k]);
        }
        free(p);
    }
    gsl_error_handler_t *old = gsl_set_error_handler_off();
    int sign;
    if (gsl_linalg_LU_decomp(a, perm, &sign) == 0 && gsl_linalg_LU_solve(a, perm, b, x) == 0)
        for (size_t j = 0; j < n; j++) runs[j] = gsl_vector_get(x, j) > 0 ? gsl_vector_get(x, j) : 0;
    gsl_set_error_handler(old);
    rc = 0;
done:
    free(bbs);
    if (a) gsl_matrix_free(a);
    if (b) gsl_vector_free(b);
    if (x) gsl_vector_free(x);
    if (perm) gsl_permutation_free(perm);
    return rc;
}
