/* freqsys/transform/pgo_strip.c: removes clang's own PGO counters from a program compiled with
 * -fprofile-instr-generate. */
/* SPDX-License-Identifier: MIT */
#include "transform.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A spec with `cflags "-fprofile-instr-generate"` gives a module whose blocks are those
 * clang counts for its instrumented profile (with the extra blocks it adds for the right
 * side of && and ||), so the run estimates every one of clang's counters directly
 * (freqsys report --format instr). The counters themselves are of no use in the run, and
 * their records (__profd_*) hold differences of addresses across sections that a shared
 * object cannot represent: the increments go, and the records are emptied. A counter
 * clang steps by a select's condition gets a function of its own (count_condition). */

static int has_prefix(LLVMValueRef v, const char *prefix) {
    size_t len;
    const char *name = LLVMGetValueName2(v, &len);
    return len >= strlen(prefix) && strncmp(name, prefix, strlen(prefix)) == 0;
}

static int is_profile_global(LLVMValueRef g) {
    return has_prefix(g, "__profc_") || has_prefix(g, "__profd_") || has_prefix(g, "__profvp_") ||
           has_prefix(g, "__llvm_prf_");
}

/* The global a counter increment stores to: @__profc_F or a constant GEP into it. */
static int stores_to_counter(LLVMValueRef inst) {
    if (!LLVMIsAStoreInst(inst)) return 0;
    LLVMValueRef p = LLVMGetOperand(inst, 1);
    if (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr) p = LLVMGetOperand(p, 0);
    return LLVMIsAGlobalVariable(p) && has_prefix(p, "__profc_");
}

/* The condition C when the increment INST stores adds zext(C) instead of 1: clang's
 * count of how often a select's condition holds (`c ? x : y` with cheap arms). */
static LLVMValueRef step_condition(LLVMValueRef inst) {
    LLVMValueRef v = LLVMGetOperand(inst, 0);
    if (!LLVMIsAInstruction(v) || LLVMGetInstructionOpcode(v) != LLVMAdd) return NULL;
    for (unsigned k = 0; k < 2; k++) {
        LLVMValueRef op = LLVMGetOperand(v, k);
        if (LLVMIsAInstruction(op) && LLVMGetInstructionOpcode(op) == LLVMZExt) {
            LLVMValueRef c = LLVMGetOperand(op, 0);
            if (LLVMGetTypeKind(LLVMTypeOf(c)) == LLVMIntegerTypeKind &&
                LLVMGetIntTypeWidth(LLVMTypeOf(c)) == 1)
                return c;
        }
    }
    return NULL;
}

/* The counter index INST stores to (0 for the array itself). */
static unsigned counter_index(LLVMValueRef inst) {
    LLVMValueRef p = LLVMGetOperand(inst, 1);
    if (!LLVMIsAConstantExpr(p)) return 0;
    LLVMValueRef last = LLVMGetOperand(p, (unsigned)LLVMGetNumOperands(p) - 1);
    return LLVMIsAConstantInt(last) ? (unsigned)LLVMConstIntGetZExtValue(last) : 0;
}

/* Replaces a select's counter increment with a call of a function of its own,
 * PGO_STEP_PREFIX<function>.<counter>(i1 c), whose block "taken" runs when C holds:
 * the run then counts how often it holds, which no block of the program does. */
static void count_condition(LLVMModuleRef m, LLVMValueRef f, LLVMValueRef store, LLVMValueRef c) {
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMTypeRef i1 = LLVMInt1TypeInContext(ctx);
    LLVMTypeRef type = LLVMFunctionType(LLVMVoidTypeInContext(ctx), &i1, 1, 0);
    char name[512];
    snprintf(name, sizeof name, "%s%s.%u", PGO_STEP_PREFIX, LLVMGetValueName(f), counter_index(store));
    LLVMValueRef fn = LLVMAddFunction(m, name, type);
    LLVMSetLinkage(fn, LLVMInternalLinkage);
    LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(ctx, fn, "entry");
    LLVMBasicBlockRef taken = LLVMAppendBasicBlockInContext(ctx, fn, "taken");
    LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(ctx, fn, "done");
    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    LLVMPositionBuilderAtEnd(b, entry);
    LLVMBuildCondBr(b, LLVMGetParam(fn, 0), taken, done);
    LLVMPositionBuilderAtEnd(b, taken);
    LLVMBuildBr(b, done);
    LLVMPositionBuilderAtEnd(b, done);
    LLVMBuildRetVoid(b);
    LLVMPositionBuilderBefore(b, store);
    LLVMBuildCall2(b, type, fn, &c, 1, "");
    LLVMDisposeBuilder(b);
}

/* Erases V when it is an instruction nobody uses, then the operands that freed. */
static void erase_dead(LLVMValueRef v) {
    if (!v || !LLVMIsAInstruction(v) || LLVMGetFirstUse(v) || LLVMIsAStoreInst(v) || LLVMIsACallInst(v))
        return;
    int n = LLVMGetNumOperands(v);
    LLVMValueRef ops[2] = {n > 0 ? LLVMGetOperand(v, 0) : NULL, n > 1 ? LLVMGetOperand(v, 1) : NULL};
    LLVMInstructionEraseFromParent(v);
    erase_dead(ops[0]);
    erase_dead(ops[1]);
}

/* llvm.used and llvm.compiler.used without the profile's globals. */
static void prune_used_list(LLVMModuleRef m, const char *name) {
    LLVMValueRef used = LLVMGetNamedGlobal(m, name);
    LLVMValueRef init = used ? LLVMGetInitializer(used) : NULL;
    if (!init) return;
    unsigned n = (unsigned)LLVMGetNumOperands(init), kept = 0;
    LLVMValueRef *keep = malloc((n + 1) * sizeof *keep);
    if (!keep) return;
    for (unsigned k = 0; k < n; k++) {
        LLVMValueRef e = LLVMGetOperand(init, k);
        LLVMValueRef g = LLVMIsAConstantExpr(e) ? LLVMGetOperand(e, 0) : e;
        if (!(LLVMIsAGlobalVariable(g) && is_profile_global(g))) keep[kept++] = e;
    }
    if (kept < n) {
        LLVMTypeRef ptr = LLVMPointerTypeInContext(LLVMGetModuleContext(m), 0);
        const char *section = LLVMGetSection(used);
        char *sec = section ? strdup(section) : NULL;
        LLVMDeleteGlobal(used);
        if (kept > 0) {
            LLVMValueRef g = LLVMAddGlobal(m, LLVMArrayType2(ptr, kept), name);
            LLVMSetLinkage(g, LLVMAppendingLinkage);
            LLVMSetInitializer(g, LLVMConstArray2(ptr, keep, kept));
            if (sec) LLVMSetSection(g, sec);
        }
        free(sec);
    }
    free(keep);
}

void pgo_strip(LLVMModuleRef m) {
    int found = 0;
    for (LLVMValueRef g = LLVMGetFirstGlobal(m); g && !found; g = LLVMGetNextGlobal(g))
        found = has_prefix(g, "__profc_");
    if (!found) return;
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
            for (LLVMValueRef inst = LLVMGetFirstInstruction(bb); inst;) {
                LLVMValueRef next = LLVMGetNextInstruction(inst);
                if (stores_to_counter(inst)) {
                    LLVMValueRef value = LLVMGetOperand(inst, 0), c = step_condition(inst);
                    if (c) count_condition(m, f, inst, c);
                    LLVMInstructionEraseFromParent(inst);
                    /* the add, then the load: unless NEXT is one of them, it survives */
                    erase_dead(value);
                }
                inst = next;
            }
    prune_used_list(m, "llvm.used");
    prune_used_list(m, "llvm.compiler.used");
    /* The C API cannot drop the dead constants that still name the globals (the old used
     * lists), so they are not deleted but emptied: a record without its address
     * difference is plain data. */
    for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g))
        if (has_prefix(g, "__profd_") || has_prefix(g, "__profvp_"))
            LLVMSetInitializer(g, LLVMConstNull(LLVMGlobalGetValueType(g)));
}
